using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Cardrules.Client;
using Cardrules.Conformance;
using Cardrules.Json;
using Cardrules.V1;

namespace Cardrules.Tests
{
    /// <summary>
    /// A tiny test harness (no NUnit here): every public static void method of the test classes named Test* runs.
    ///     mono UnitTests.exe [--base-url http://127.0.0.1:ENVOY_PORT [--token JWT --expired-token JWT]]
    /// With --base-url the live tests run too (typed calls and a typed error through Envoy); with --token they send
    /// that player token, and the live auth tests check a refused token is a typed UNAUTHENTICATED error. Ends with
    /// "N passed, M failed"; exit status 1 when anything failed.
    /// </summary>
    public static class Harness
    {
        public static string BaseUrl, Token, ExpiredToken;

        public static int Main(string[] args)
        {
            for (var i = 0; i < args.Length; i += 2)
            {
                var value = i + 1 < args.Length ? args[i + 1] : null;
                if (value == null || !new[] { "--base-url", "--token", "--expired-token" }.Contains(args[i]))
                {
                    Console.Error.WriteLine("usage: mono UnitTests.exe [--base-url URL [--token JWT --expired-token JWT]]");
                    return 2;
                }
                if (args[i] == "--base-url") BaseUrl = value;
                else if (args[i] == "--token") Token = value;
                else ExpiredToken = value;
            }
            int passed = 0, failed = 0;
            foreach (var type in new[] { typeof(JsonTests), typeof(MessageTests), typeof(CardTextTests), typeof(SamActionsTests), typeof(FairDealTests), typeof(LocalDealTests), typeof(BytesJsonTests), typeof(ViewsTests), typeof(ServicesTests), typeof(MatchingTests), typeof(ClientTests), typeof(ContextTests), typeof(LiveTests), typeof(LiveSamActionsTests), typeof(LiveAuthTests) })
            {
                foreach (var test in type.GetMethods().Where(m => m.IsStatic && m.Name.StartsWith("Test", StringComparison.Ordinal)).OrderBy(m => m.Name))
                {
                    if ((type == typeof(LiveTests) || type == typeof(LiveSamActionsTests)) && BaseUrl == null) continue;
                    if (type == typeof(LiveAuthTests) && (BaseUrl == null || Token == null || ExpiredToken == null)) continue;
                    try
                    {
                        test.Invoke(null, null);
                        passed++;
                        Console.WriteLine("ok   " + type.Name + "." + test.Name);
                    }
                    catch (System.Reflection.TargetInvocationException error)
                    {
                        failed++;
                        Console.WriteLine("FAIL " + type.Name + "." + test.Name + ": " + error.InnerException);
                    }
                }
            }
            Console.WriteLine(passed + " passed, " + failed + " failed");
            return failed == 0 && passed > 0 ? 0 : 1;
        }
    }

    public static class Assert
    {
        public static void Equal<T>(T expected, T actual, string what = "")
        {
            if (!EqualityComparer<T>.Default.Equals(expected, actual))
                throw new Exception(what + " expected <" + expected + ">, got <" + actual + ">");
        }

        public static void True(bool condition, string what)
        {
            if (!condition) throw new Exception("not true: " + what);
        }

        public static TException Throws<TException>(Action action) where TException : Exception
        {
            try
            {
                action();
            }
            catch (TException error)
            {
                return error;
            }
            catch (AggregateException error) when (error.InnerException is TException)
            {
                return (TException)error.InnerException;
            }
            throw new Exception("expected " + typeof(TException).Name + ", nothing was thrown");
        }
    }

    public static class JsonTests
    {
        public static void TestRoundTripKeepsOrderEscapesAndNumberText()
        {
            var text = "{\"b\":1,\"a\":[true,false,null,\"x\\\"y\\\\z\\n\\u00e9\"],\"big\":9223372036854775807,\"f\":-1.5e3}";
            Assert.Equal(text.Replace("\\u00e9", "é"), JsonText.Serialize(JsonText.Parse(text)));
        }

        public static void TestRejectsMalformedJson()
        {
            foreach (var bad in new[] { "", "{", "[1,]", "{\"a\" 1}", "01", "tru", "\"\\x\"", "1 2", "{\"a\":1,}" })
                Assert.Throws<JsonException>(() => JsonText.Parse(bad));
        }
    }

    public static class MessageTests
    {
        public static void TestInt64ReadFromStringOrNumberAndWrittenAsString()
        {
            var fromString = LiengPot.FromJson("{\"amount\":\"9007199254740993\"}");
            var fromNumber = LiengPot.FromJson("{\"amount\":9007199254740993}");
            Assert.Equal(9007199254740993L, fromString.Amount);
            Assert.Equal(9007199254740993L, fromNumber.Amount);
            Assert.Equal("9007199254740993", fromNumber.ToJson()["amount"] as string);
        }

        public static void TestLiengStrengthIsANumberAndLegalActionsCarryBothBounds()
        {
            var score = LiengScore.FromJson("{\"tier\":\"LIENG_TIER_SAP\",\"strength\":60}");
            Assert.Equal(60, score.Strength);
            var json = JsonText.Serialize(score.ToJson());
            Assert.True(json.Contains("\"strength\":60"), "strength is a JSON number, not an int64 string: " + json);
            var raise = LiengLegalAction.FromJson("{\"kind\":\"LIENG_ACTION_KIND_RAISE\",\"minChipsAdded\":\"20\"," +
                "\"maxChipsAdded\":\"90\",\"minTotal\":\"30\",\"maxTotal\":\"100\"}");
            Assert.Equal(20L, raise.MinChipsAdded);
            Assert.Equal(90L, raise.MaxChipsAdded);
            Assert.Equal(30L, raise.MinTotal);
            Assert.Equal(100L, raise.MaxTotal);
        }

        public static void TestDefaultsAreEmittedAndOptionalsOnlyWhenSet()
        {
            var transfer = new Transfer { FromSeat = 0, Amount = 0 };
            var json = transfer.ToJson();
            Assert.Equal("{\"fromSeat\":0,\"toSeat\":0,\"amount\":\"0\",\"reason\":\"\"}", JsonText.Serialize(json));
            transfer.Pot = 0;
            Assert.True(transfer.ToJson().ContainsKey("pot"), "a set optional field is written even at 0");
        }

        public static void TestEnumsByNameOrNumberAndUnknownNumbersSurvive()
        {
            var card = Card.FromJson("{\"rank\":\"RANK_TEN\",\"suit\":3}");
            Assert.Equal(Rank.Ten, card.Rank);
            Assert.Equal(Suit.Diamonds, card.Suit);
            Assert.Equal("SUIT_DIAMONDS", card.ToJson()["suit"] as string);
            var future = Card.FromJson("{\"rank\":99}");
            Assert.Equal("99", future.ToJson()["rank"].ToString());
            Assert.Throws<ProtoJsonException>(() => Card.FromJson("{\"rank\":\"RANK_ELEVEN\"}"));
            Assert.Equal(Rank.Unspecified, Card.FromJson("{\"rank\":\"RANK_ELEVEN\"}", true).Rank);
        }

        public static void TestUnknownFieldsRejectedUnlessIgnoredAndProtoNamesAccepted()
        {
            Assert.Throws<ProtoJsonException>(() => Transfer.FromJson("{\"fromSeat\":1,\"colour\":\"red\"}"));
            Assert.Equal(1, Transfer.FromJson("{\"fromSeat\":1,\"colour\":\"red\"}", true).FromSeat);
            Assert.Equal(2, Transfer.FromJson("{\"to_seat\":2}").ToSeat);
        }

        public static void TestOneofKeepsOneMemberAndRejectsTwo()
        {
            var seat = new SamSeat { CardCount = 0 };
            Assert.Equal(SamSeat.HoldingOneofCase.CardCount, seat.HoldingCase);
            Assert.Equal("{\"cardCount\":0,\"passed\":false}", JsonText.Serialize(seat.ToJson()));
            seat.Hand = CardText.ParseCards("3S 4D");
            Assert.Equal(SamSeat.HoldingOneofCase.Hand, seat.HoldingCase);
            Assert.True(seat.CardCount == null, "setting hand clears card_count");
            Assert.Throws<ProtoJsonException>(() => SamSeat.FromJson("{\"hand\":{\"cards\":[]},\"cardCount\":3}"));
        }

        public static void TestWrongTypesNameTheirPath()
        {
            var error = Assert.Throws<ProtoJsonException>(() => ScoreLiengRequest.FromJson("{\"hands\":[{\"cards\":[{\"rank\":true}]}]}"));
            Assert.True(error.Message.StartsWith("hands[0].cards[0].rank", StringComparison.Ordinal), error.Message);
        }
    }

    public static class CardTextTests
    {
        public static void TestParseAndFormat()
        {
            Assert.Equal("TD", CardText.Format(CardText.Parse("10d")));
            Assert.Equal("TD", CardText.Format(CardText.Parse(" td ")));
            Assert.Equal("3S 4D 5C AH 2H", CardText.Format(CardText.ParseMany("3S,4D 5cAH2h")));
            Assert.Equal(Rank.Ace, CardText.Parse("AS").Rank);
            Assert.Equal(Suit.Spades, CardText.Parse("AS").Suit);
            Assert.Equal("", CardText.Format(CardText.ParseMany(" , ")));
        }

        public static void TestTenAndSuitSymbolsAreAccepted()
        {
            Assert.Equal("TH", CardText.Format(CardText.Parse("10\u2665")));
            Assert.Equal("AS QD", CardText.Format(CardText.ParseMany("A\u2660, q\u2666")));
            Assert.Equal("3S 4C 5D 6H", CardText.Format(CardText.ParseMany("3\u2660 4\u2663 5\u2666 6\u2665")));
            Assert.Equal("TC 9H", CardText.Format(CardText.ParseMany("10\u2663,9\u2665\uFE0F")));  // emoji presentation
            Assert.Equal("TS TD", CardText.Format(CardText.ParseMany("10s10D")));
        }

        public static void TestABadCardShowsTheFormat()
        {
            var error = Assert.Throws<FormatException>(() => CardText.Parse("1X"));
            Assert.Equal("bad card \"1X\": a card is a rank (A 2-9 T/10 J Q K) and a suit (S C D H or \u2660 \u2663 \u2666 \u2665), " +
                "like \"AS\", \"10H\" or \"Q\u2666\"", error.Message);
            foreach (var bad in new[] { "1D", "TX", "T", "TDX", "", "11H", "\u2665A", "A\u2661" })
            {
                error = Assert.Throws<FormatException>(() => CardText.Parse(bad));
                Assert.True(error.Message.EndsWith(CardText.CardFormat, StringComparison.Ordinal), error.Message);
            }
        }

        public static void TestABadCardInAListIsNamedWithItsPosition()
        {
            var error = Assert.Throws<FormatException>(() => CardText.ParseMany("3S 1X,4D"));
            Assert.Equal("bad card \"1X\" (at position 3 of \"3S 1X,4D\"): " + CardText.CardFormat, error.Message);
            error = Assert.Throws<FormatException>(() => CardText.ParseMany("3S 4"));
            Assert.True(error.Message.StartsWith("bad card \"4\" (at position 3", StringComparison.Ordinal), error.Message);
        }
    }

    public static class SamActionsTests
    {
        public static void TestAPlayMoveBecomesThatSeatsPlayOfItsCards()
        {
            var move = SamMove.FromJson("{\"play\":{\"kind\":\"SAM_COMBINATION_KIND_PAIR\",\"cards\":[" +
                "{\"rank\":\"RANK_NINE\",\"suit\":\"SUIT_SPADES\"},{\"rank\":\"RANK_NINE\",\"suit\":\"SUIT_CLUBS\"}],\"top\":\"RANK_NINE\",\"length\":2}}");
            var action = SamActions.FromMove(2, move);
            Assert.Equal("{\"seat\":2,\"play\":{\"cards\":[{\"rank\":\"RANK_NINE\",\"suit\":\"SUIT_SPADES\"}," +
                "{\"rank\":\"RANK_NINE\",\"suit\":\"SUIT_CLUBS\"}]}}", JsonText.Serialize(action.ToJson()));
            action.Play.Cards_[0].Suit = Suit.Hearts;
            Assert.Equal(Suit.Spades, move.Play.Cards[0].Suit, "the move is not changed through the action");
        }

        public static void TestAPassMoveBecomesThatSeatsPass()
        {
            var action = SamActions.FromMove(1, SamMove.FromJson("{\"pass\":{}}"));
            Assert.Equal(SamAction.ActionOneofCase.Pass, action.ActionCase);
            Assert.Equal(1, action.Seat);
            Assert.Equal("{\"seat\":1,\"pass\":{}}", JsonText.Serialize(action.ToJson()));
        }

        public static void TestAnEmptyMoveIsRefused()
        {
            Assert.Throws<ArgumentException>(() => SamActions.FromMove(0, new SamMove()));
            Assert.Throws<ArgumentNullException>(() => SamActions.FromMove(0, null));
        }

        public static void TestPlayFromTextAndPass()
        {
            Assert.Equal("9S 9C", CardText.Format(SamActions.Play(0, "9S, 9\u2663").Play.Cards_));
            Assert.Equal(SamAction.ActionOneofCase.Pass, SamActions.Pass(3).ActionCase);
        }
    }

    public static class MatchingTests
    {
        private static string Subset(string expected, string actual, params string[] unordered)
        {
            return Matching.MatchSubset(JsonText.Parse(expected), JsonText.Parse(actual), unordered);
        }

        public static void TestSubsetInt64AndBools()
        {
            Assert.Equal(null, Subset("{\"a\":20000}", "{\"a\":\"20000\",\"b\":1}"));
            Assert.Equal(null, Subset("{\"a\":\"20000\"}", "{\"a\":20000}"));
            Assert.Equal(null, Subset("{\"a\":2.0}", "{\"a\":\"2\"}"));
            Assert.Equal("response.a: expected 1, got true", Subset("{\"a\":1}", "{\"a\":true}"));
            Assert.Equal("response.c: missing (expected 1)", Subset("{\"c\":1}", "{\"a\":1}"));
            Assert.Equal("response.a: expected \"x1\", got 1", Subset("{\"a\":\"x1\"}", "{\"a\":1}"));
        }

        public static void TestListsOrderedUnlessUnorderedWithDistinctPairing()
        {
            Assert.True(Subset("{\"m\":[1,2]}", "{\"m\":[2,1]}") != null, "ordered by default");
            Assert.Equal(null, Subset("{\"m\":[1,2]}", "{\"m\":[2,1]}", "m"));
            // {} fits both actual elements; greedy would take the first and leave {"k":1} unmatched.
            Assert.Equal(null, Subset("{\"m\":[{},{\"k\":1}]}", "{\"m\":[{\"k\":1},{\"k\":2}]}", "m"));
            Assert.True(Subset("{\"m\":[{\"k\":1},{\"k\":1}]}", "{\"m\":[{\"k\":1},{\"k\":2}]}", "m").Contains("no distinct element"), "distinct");
            Assert.Equal(null, Subset("{\"p\":[{\"w\":[1,2]}]}", "{\"p\":[{\"w\":[2,1]}]}", "p.w"));
        }

        public static void TestErrorsByCodeAndViolationSet()
        {
            var expect = (JsonObject)JsonText.Parse(
                "{\"error\":{\"code\":\"INVALID_ARGUMENT\",\"fieldViolations\":[{\"field\":\"a\",\"reason\":\"R\"},{\"field\":\"b\",\"reason\":\"S\"}]}}");
            Assert.Equal(null, Matching.MatchExpect(expect, Outcome.Failure("INVALID_ARGUMENT", new[] { "b S", "a R" }, "")));
            Assert.True(Matching.MatchExpect(expect, Outcome.Failure("INVALID_ARGUMENT", new[] { "a R" }, "")).Contains("missing ['b S']"), "missing");
            var otherReason = Matching.MatchExpect(expect, Outcome.Failure("INVALID_ARGUMENT", new[] { "a R", "b T" }, ""));
            Assert.True(otherReason.Contains("missing ['b S']") && otherReason.Contains("unexpected ['b T']"), "another reason");
            Assert.True(Matching.MatchExpect(expect, Outcome.Success(new JsonObject())).Contains("succeeded"), "success fails");
            var codeOnly = (JsonObject)JsonText.Parse("{\"error\":{\"code\":\"INTERNAL\"}}");
            Assert.Equal(null, Matching.MatchExpect(codeOnly, Outcome.Failure("INTERNAL", new[] { "x R" }, "")));
        }
    }

    /// <summary>A transport that replays scripted answers, to test the client's retry, deadline and error decoding.</summary>
    public sealed class ScriptedTransport : ITransport
    {
        private readonly Queue<Func<TransportResponse>> script;
        public int Calls;
        public string LastPath, LastBody;
        public IReadOnlyDictionary<string, string> LastHeaders;

        public ScriptedTransport(params Func<TransportResponse>[] answers) { script = new Queue<Func<TransportResponse>>(answers); }

        public Task<TransportResponse> PostJsonAsync(string path, string json, IReadOnlyDictionary<string, string> headers,
            TimeSpan timeout, CancellationToken cancellationToken)
        {
            Calls++;
            LastPath = path;
            LastBody = json;
            LastHeaders = headers;
            return Task.FromResult(script.Dequeue()());
        }
    }

    /// <summary>Counts the attempts a real transport makes.</summary>
    public sealed class CountingTransport : ITransport, IDisposable
    {
        private readonly HttpClientTransport inner;
        public int Calls;

        public CountingTransport(string baseUrl) { inner = new HttpClientTransport(baseUrl); }

        public Task<TransportResponse> PostJsonAsync(string path, string json, IReadOnlyDictionary<string, string> headers,
            TimeSpan timeout, CancellationToken cancellationToken)
        {
            Interlocked.Increment(ref Calls);
            return inner.PostJsonAsync(path, json, headers, timeout, cancellationToken);
        }

        public void Dispose() { inner.Dispose(); }
    }

    public static class ClientTests
    {
        private const string BadCard = "{\"code\":3,\"message\":\"invalid hands[0].cards[0]\",\"details\":[" +
            "{\"@type\":\"type.googleapis.com/google.rpc.BadRequest\",\"fieldViolations\":[{\"field\":\"hands[0].cards[0]\",\"description\":\"bad\",\"reason\":\"MALFORMED_CARD\"}]}," +
            "{\"@type\":\"type.googleapis.com/google.rpc.ErrorInfo\",\"reason\":\"MALFORMED_CARD\",\"domain\":\"cardrules.v1\"," +
            "\"metadata\":{\"field\":\"hands[0].cards[0]\"}}]}";

        private static CardrulesClientOptions Fast()
        {
            // Short back-offs, a long deadline: these test what the client does, and a loaded machine is slow.
            return new CardrulesClientOptions
            {
                InitialBackoff = TimeSpan.FromMilliseconds(1),
                MaxBackoff = TimeSpan.FromMilliseconds(2),
                DefaultTimeout = TimeSpan.FromSeconds(30),
            };
        }

        public static void TestUnavailableIsRetriedThenAnswered()
        {
            var transport = new ScriptedTransport(
                () => { throw new System.Net.Http.HttpRequestException("connection refused"); },
                () => new TransportResponse(503, "no healthy upstream"),
                () => new TransportResponse(200, "{\"scores\":[{\"tier\":\"LIENG_TIER_SAP\",\"strength\":\"7\",\"newField\":1}]}"));
            var client = new CardrulesClient(transport, Fast());
            var request = new ScoreLiengRequest();
            request.Hands.Add(CardText.ParseCards("AC AD AH"));
            var response = client.Lieng.ScoreLiengAsync(request).GetAwaiter().GetResult();
            Assert.Equal(3, transport.Calls);
            Assert.Equal("/cardrules.v1.LiengService/ScoreLieng", transport.LastPath);
            Assert.True(transport.LastBody.Contains("\"rank\":\"RANK_ACE\""), transport.LastBody);
            Assert.Equal(LiengTier.Sap, response.Scores[0].Tier);
            Assert.Equal(7L, response.Scores[0].Strength);
        }

        public static void TestInvalidArgumentIsTypedAndNotRetried()
        {
            var transport = new ScriptedTransport(() => new TransportResponse(400, BadCard), () => new TransportResponse(200, "{}"));
            var client = new CardrulesClient(transport, Fast());
            var error = Assert.Throws<InvalidArgumentException>(() => client.Lieng.ScoreLiengAsync(new ScoreLiengRequest()).GetAwaiter().GetResult());
            Assert.Equal(1, transport.Calls);
            Assert.Equal("hands[0].cards[0]", error.FieldViolations.Single().Field);
            Assert.Equal("MALFORMED_CARD", error.FieldViolations.Single().Reason);
            Assert.Equal("INVALID_ARGUMENT", error.CodeName);
            Assert.Equal("MALFORMED_CARD", error.ErrorInfo.Reason);
            Assert.Equal("cardrules.v1", error.ErrorInfo.Domain);
            Assert.Equal("hands[0].cards[0]", error.ErrorInfo.Metadata["field"]);
        }

        public static void TestErrorsWithoutErrorInfoOrDetailsHaveNone()
        {
            var noInfo = ErrorDecoder.Decode(new TransportResponse(400, "{\"code\":3,\"message\":\"bad\",\"details\":[" +
                "{\"@type\":\"type.googleapis.com/google.rpc.BadRequest\",\"fieldViolations\":[{\"field\":\"rules\"}]}," +
                "{\"@type\":\"type.googleapis.com/google.rpc.ErrorInfo\",\"reason\":\"BAD_RULE\",\"metadata\":{\"n\":1}}]}"));
            Assert.Equal("rules", noInfo.FieldViolations.Single().Field);
            Assert.Equal("", noInfo.FieldViolations.Single().Reason);
            Assert.Equal("BAD_RULE", noInfo.ErrorInfo.Reason);
            Assert.Equal("", noInfo.ErrorInfo.Domain);
            Assert.Equal(0, noInfo.ErrorInfo.Metadata.Count); // a non-string value is not ErrorInfo's (map<string,string>)
            Assert.Equal(null, ErrorDecoder.Decode(new TransportResponse(503, "no healthy upstream")).ErrorInfo);
            Assert.Equal(null, ErrorDecoder.Decode(new TransportResponse(200, "", 9, "stale")).ErrorInfo);
        }

        public static void TestResponseHeadersReachTheErrorAndTheObserver()
        {
            var headers = new[]
            {
                new KeyValuePair<string, string>("X-Request-Id", "r-1"),
                new KeyValuePair<string, string>("Vary", "a"), new KeyValuePair<string, string>("vary", "b"),
            };
            var transport = new ScriptedTransport(
                () => new TransportResponse(503, "down", null, null, headers),
                () => new TransportResponse(200, "{}", 0, null, new[] { new KeyValuePair<string, string>("grpc-status", "0") }),
                () => new TransportResponse(429, "local_rate_limited", null, null, new[] { new KeyValuePair<string, string>("Retry-After", "1") }));
            var options = Fast();
            var seen = new List<string>();
            options.OnResponseHeaders = (method, received) => seen.Add(method.Path + " " + string.Join(";", received.Keys));
            var client = new CardrulesClient(transport, options);
            client.Lieng.ScoreLiengAsync(new ScoreLiengRequest()).GetAwaiter().GetResult(); // 503 retried, then OK
            var error = Assert.Throws<RulesException>(() => client.Lieng.ScoreLiengAsync(new ScoreLiengRequest()).GetAwaiter().GetResult());
            Assert.Equal("1", error.ResponseHeaders["retry-after"]);
            Assert.Equal("1", error.ResponseHeaders["Retry-After"]); // looked up case-insensitively
            Assert.Equal(string.Join(" | ", new[]
            {
                "/cardrules.v1.LiengService/ScoreLieng x-request-id;vary",
                "/cardrules.v1.LiengService/ScoreLieng grpc-status",
                "/cardrules.v1.LiengService/ScoreLieng retry-after",
            }), string.Join(" | ", seen));
            var first = new TransportResponse(503, "down", null, null, headers);
            Assert.Equal("a, b", first.Headers["vary"]);
            Assert.Equal(0, new TransportResponse(200, "{}").Headers.Count);
            Assert.Equal(0, ErrorDecoder.Decode(new TransportResponse(503, "down")).ResponseHeaders.Count);
        }

        public static void TestCallOptionsGiveOneCallItsHeadersDeadlineAndCancellation()
        {
            var ok = new Func<TransportResponse>(() => new TransportResponse(200, "{}"));
            var transport = new ScriptedTransport(ok, ok);
            var options = Fast();
            options.Headers["x-game"] = "table-7";
            options.Headers["x-trace"] = "client";
            var client = new CardrulesClient(transport, options);
            var call = new CallOptions { Headers = new Dictionary<string, string> { { "X-Trace", "call-1" }, { "x-round", "3" } } };
            client.Lieng.ScoreLiengAsync(new ScoreLiengRequest(), call).GetAwaiter().GetResult();
            Assert.Equal("table-7", transport.LastHeaders["x-game"]);
            Assert.Equal("call-1", transport.LastHeaders["x-trace"]); // the call's value wins
            Assert.Equal("3", transport.LastHeaders["x-round"]);
            Assert.Equal(3, transport.LastHeaders.Count);
            client.Lieng.ScoreLiengAsync(new ScoreLiengRequest()).GetAwaiter().GetResult();
            Assert.Equal("client", transport.LastHeaders["x-trace"]); // only for that call
            Assert.Equal(2, transport.LastHeaders.Count);

            var refused = new CallOptions { Headers = new Dictionary<string, string> { { "authorization", "Bearer x" } } };
            Assert.Throws<ArgumentException>(() => client.Lieng.ScoreLiengAsync(new ScoreLiengRequest(), refused).GetAwaiter().GetResult());

            // A deadline already spent fails before any attempt; the client's default (30 s here) would not.
            var spent = new ScriptedTransport(ok);
            var error = Assert.Throws<RulesException>(() => new CardrulesClient(spent, Fast()).Lieng
                .ScoreLiengAsync(new ScoreLiengRequest(), new CallOptions { Timeout = TimeSpan.Zero }).GetAwaiter().GetResult());
            Assert.Equal(StatusCode.DeadlineExceeded, error.Code);
            Assert.Equal(0, spent.Calls);

            using (var cancel = new CancellationTokenSource())
            {
                var slow = new ScriptedTransport(() => { throw new System.Net.Http.HttpRequestException("refused"); }, ok);
                var waits = Fast();
                waits.Delay = (wait, token) => { cancel.Cancel(); token.ThrowIfCancellationRequested(); return Task.FromResult(0); };
                Assert.Throws<OperationCanceledException>(() => new CardrulesClient(slow, waits).Lieng
                    .ScoreLiengAsync(new ScoreLiengRequest(), new CallOptions { CancellationToken = cancel.Token }).GetAwaiter().GetResult());
                Assert.Equal(1, slow.Calls);
            }
        }

        public static void TestHttpClientTransportSendsTheHeadersAndReturnsTheResponses()
        {
            // A one-answer HTTP/1.1 server on loopback: what HttpClientTransport puts on the wire and reads back.
            var listener = new System.Net.Sockets.TcpListener(System.Net.IPAddress.Loopback, 0);
            listener.Start();
            try
            {
                var port = ((System.Net.IPEndPoint)listener.LocalEndpoint).Port;
                var seen = Task.Run(() =>
                {
                    using (var connection = listener.AcceptTcpClient())
                    using (var stream = connection.GetStream())
                    {
                        var request = new System.Text.StringBuilder();
                        var buffer = new byte[4096];
                        while (!request.ToString().Contains("\"hands\""))
                        {
                            var read = stream.Read(buffer, 0, buffer.Length);
                            if (read == 0) break;
                            request.Append(System.Text.Encoding.UTF8.GetString(buffer, 0, read));
                        }
                        var body = System.Text.Encoding.UTF8.GetBytes(BadCard);
                        var head = "HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nX-Request-Id: r-1\r\n" +
                            "Content-Length: " + body.Length + "\r\nConnection: close\r\n\r\n";
                        var bytes = System.Text.Encoding.ASCII.GetBytes(head);
                        stream.Write(bytes, 0, bytes.Length);
                        stream.Write(body, 0, body.Length);
                        return request.ToString();
                    }
                });
                var options = Fast();
                options.Token = "t0k3n";
                var request2 = new ScoreLiengRequest();
                request2.Hands.Add(CardText.ParseCards("AC AD AH"));
                using (var client = new CardrulesClient("http://127.0.0.1:" + port, options))
                {
                    var call = new CallOptions { Headers = new Dictionary<string, string> { { "x-trace", "call-1" } } };
                    var error = Assert.Throws<InvalidArgumentException>(() => client.Lieng.ScoreLiengAsync(request2, call).GetAwaiter().GetResult());
                    Assert.Equal("r-1", error.ResponseHeaders["x-request-id"]);
                    Assert.Equal("application/json", error.ResponseHeaders["content-type"]);
                    Assert.Equal("MALFORMED_CARD", error.ErrorInfo.Reason);
                }
                var sent = seen.GetAwaiter().GetResult();
                Assert.True(sent.StartsWith("POST /cardrules.v1.LiengService/ScoreLieng HTTP/1.1\r\n", StringComparison.Ordinal), sent);
                Assert.True(sent.Contains("\r\nAuthorization: Bearer t0k3n\r\n"), sent);
                Assert.True(sent.Contains("\r\nx-trace: call-1\r\n"), sent);
                Assert.True(sent.Contains("\r\nContent-Type: application/json; charset=utf-8\r\n"), sent);
            }
            finally
            {
                listener.Stop();
            }
        }

        public static void TestExtraHeadersAreSentBesideTheTokenAndCheckedFirst()
        {
            var transport = new ScriptedTransport(() => new TransportResponse(200, "{}"));
            var options = Fast();
            options.Token = "t0k3n";
            options.Headers["x-request-id"] = "abc 123";
            new CardrulesClient(transport, options).Lieng.ScoreLiengAsync(new ScoreLiengRequest()).GetAwaiter().GetResult();
            Assert.Equal("abc 123", transport.LastHeaders["X-Request-Id"]);
            Assert.Equal("Bearer t0k3n", transport.LastHeaders["authorization"]);
            Assert.Equal(2, transport.LastHeaders.Count);
            var refused = new[]
            {
                new KeyValuePair<string, string>("Authorization", "Bearer x"),
                new KeyValuePair<string, string>("content-type", "text/plain"),
                new KeyValuePair<string, string>("bad name", "v"),
                new KeyValuePair<string, string>("", "v"),
                new KeyValuePair<string, string>("x-ok", "line\r\nX-Injected: 1"),
                new KeyValuePair<string, string>("x-ok", null),
            };
            foreach (var header in refused)
            {
                var unused = new ScriptedTransport(() => new TransportResponse(200, "{}"));
                var bad = Fast();
                bad.Headers[header.Key] = header.Value;
                Assert.Throws<ArgumentException>(() => new CardrulesClient(unused, bad).Lieng.ScoreLiengAsync(new ScoreLiengRequest()).GetAwaiter().GetResult());
                Assert.Equal(0, unused.Calls);
            }
        }

        public static void TestGrpcStatusHeaderAndHttpStatusFallbacks()
        {
            var header = ErrorDecoder.Decode(new TransportResponse(200, "", 9, "state%20is%20stale"));
            Assert.Equal(StatusCode.FailedPrecondition, header.Code);
            Assert.Equal("state is stale", header.StatusMessage);
            Assert.Equal(StatusCode.Unimplemented, ErrorDecoder.Decode(new TransportResponse(404, "not found")).Code);
            Assert.Equal(StatusCode.Unavailable, ErrorDecoder.Decode(new TransportResponse(503, "upstream connect error")).Code);
        }

        public static void TestRetriesStopAtMaxAttempts()
        {
            var transport = new ScriptedTransport(Enumerable.Repeat<Func<TransportResponse>>(() => new TransportResponse(503, "{\"code\":14,\"message\":\"down\"}"), 4).ToArray());
            var client = new CardrulesClient(transport, Fast());
            var error = Assert.Throws<RulesException>(() => client.SamLoc.StartHandAsync(new SamLocServiceStartHandRequest()).GetAwaiter().GetResult());
            Assert.Equal(StatusCode.Unavailable, error.Code);
            Assert.Equal(4, transport.Calls);
        }

        public static void TestTokenIsSentAsBearerOnEveryCallAndNoneWithout()
        {
            var ok = new Func<TransportResponse>(() => new TransportResponse(200, "{}"));
            var transport = new ScriptedTransport(ok, ok, ok);
            var options = Fast();
            var client = new CardrulesClient(transport, options);
            client.Lieng.ScoreLiengAsync(new ScoreLiengRequest()).GetAwaiter().GetResult();
            Assert.Equal(0, transport.LastHeaders.Count);
            options.Token = "eyJhbGciOiJSUzI1NiJ9.e30.c2ln";
            client.Lieng.ScoreLiengAsync(new ScoreLiengRequest()).GetAwaiter().GetResult();
            Assert.Equal("Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln", transport.LastHeaders["Authorization"]);
            options.Token = "renewed"; // read at each call: a renewed token is used from the next call on
            client.SamLoc.StartHandAsync(new SamLocServiceStartHandRequest()).GetAwaiter().GetResult();
            Assert.Equal("Bearer renewed", transport.LastHeaders["Authorization"]);
        }

        public static void TestATokenThatWouldBreakTheHeaderIsRefused()
        {
            foreach (var bad in new[] { "", "two words", "line\r\nX-Injected: 1", "caf\u00e9" })
            {
                var transport = new ScriptedTransport(() => new TransportResponse(200, "{}"));
                var client = new CardrulesClient(transport, new CardrulesClientOptions { Token = bad });
                Assert.Throws<ArgumentException>(() => client.Lieng.ScoreLiengAsync(new ScoreLiengRequest()).GetAwaiter().GetResult());
                Assert.Equal(0, transport.Calls);
            }
        }

        public static void TestUnauthenticatedIsTypedAndNotRetried()
        {
            // Envoy's jwt_authn answers 401 in plain text; a server behind it answers grpc-status 16.
            var plain = new ScriptedTransport(() => new TransportResponse(401, "Jwt is expired"), () => new TransportResponse(200, "{}"));
            var error = Assert.Throws<UnauthenticatedException>(
                () => new CardrulesClient(plain, Fast()).Lieng.ScoreLiengAsync(new ScoreLiengRequest()).GetAwaiter().GetResult());
            Assert.Equal(1, plain.Calls);
            Assert.Equal("UNAUTHENTICATED", error.CodeName);
            var status = new ScriptedTransport(() => new TransportResponse(401, "{\"code\":16,\"message\":\"missing or invalid credentials\"}"));
            error = Assert.Throws<UnauthenticatedException>(
                () => new CardrulesClient(status, Fast()).Lieng.ScoreLiengAsync(new ScoreLiengRequest()).GetAwaiter().GetResult());
            Assert.Equal("missing or invalid credentials", error.StatusMessage);
            Assert.Equal(StatusCode.Unauthenticated, ErrorDecoder.Decode(new TransportResponse(200, "", 16, "")).Code);
        }

        public static void TestRateLimitedAndTooLargeAreResourceExhaustedAndNotRetried()
        {
            foreach (var http in new[] { 429, 413 })
            {
                var transport = new ScriptedTransport(() => new TransportResponse(http, "local_rate_limited"), () => new TransportResponse(200, "{}"));
                var error = Assert.Throws<RulesException>(
                    () => new CardrulesClient(transport, Fast()).Lieng.ScoreLiengAsync(new ScoreLiengRequest()).GetAwaiter().GetResult());
                Assert.Equal(StatusCode.ResourceExhausted, error.Code);
                Assert.Equal(1, transport.Calls);
            }
        }

        public static void TestTransportTimeoutIsDeadlineExceeded()
        {
            var transport = new ScriptedTransport(() => { throw new TimeoutException("slow"); });
            var client = new CardrulesClient(transport, Fast());
            var error = Assert.Throws<RulesException>(() => client.Lieng.ScoreLiengAsync(new ScoreLiengRequest()).GetAwaiter().GetResult());
            Assert.Equal(StatusCode.DeadlineExceeded, error.Code);
        }

        public static void TestUnreachableServerIsUnavailableWithinTheDeadline()
        {
            // Port 1 on loopback refuses connections: every attempt fails fast, and Fast()'s long deadline means a
            // loaded machine cannot turn the refusals into DEADLINE_EXCEEDED.
            var client = new CardrulesClient("http://127.0.0.1:1", Fast());
            var error = Assert.Throws<RulesException>(() => client.Lieng.ScoreLiengAsync(new ScoreLiengRequest()).GetAwaiter().GetResult());
            Assert.Equal(StatusCode.Unavailable, error.Code);
        }
    }

    /// <summary>Typed calls through a real Envoy in front of real replicas (only with --base-url).</summary>
    public static class LiveTests
    {
        /// <summary>A long deadline: these check answers, not speed, on a machine that may be loaded.</summary>
        public static CardrulesClientOptions Live(string token)
        {
            return new CardrulesClientOptions { Token = token, DefaultTimeout = TimeSpan.FromSeconds(30) };
        }

        public static CardrulesClient Client()
        {
            return new CardrulesClient(Harness.BaseUrl, Live(Harness.Token));
        }

        public static void TestScoreLiengTyped()
        {
            using (var client = Client())
            {
                var request = new ScoreLiengRequest();
                foreach (var hand in new[] { "AC AD AH", "KS AD 2H", "2S 3H 4D" }) request.Hands.Add(CardText.ParseCards(hand));
                var response = client.Lieng.ScoreLiengAsync(request).GetAwaiter().GetResult();
                Assert.Equal(3, response.Scores.Count);
                Assert.Equal(LiengTier.Sap, response.Scores[0].Tier);
                Assert.True(response.Scores[0].Strength > response.Scores[2].Strength, "three aces beat 2-3-4");
            }
        }

        public static void TestDuplicateCardIsInvalidArgumentWithItsField()
        {
            using (var client = Client())
            {
                var request = new ScoreLiengRequest();
                request.Hands.Add(CardText.ParseCards("AS KD AS"));
                var error = Assert.Throws<InvalidArgumentException>(() => client.Lieng.ScoreLiengAsync(request).GetAwaiter().GetResult());
                Assert.Equal("hands[0].cards[2]", error.FieldViolations.Single().Field);
                Assert.Equal("DUPLICATE_CARD", error.FieldViolations.Single().Reason);
                // Envoy's transcoder puts the whole google.rpc.Status, ErrorInfo included, in the JSON body.
                Assert.Equal("DUPLICATE_CARD", error.ErrorInfo.Reason);
                Assert.Equal("cardrules.v1", error.ErrorInfo.Domain);
                Assert.Equal("hands[0].cards[2]", error.ErrorInfo.Metadata["field"]);
                Assert.True(error.ResponseHeaders.ContainsKey("content-type"), "response headers: " + string.Join(", ", error.ResponseHeaders.Keys));
            }
        }

        public static void TestSamLocStartHandTyped()
        {
            using (var client = Client())
            {
                var request = new SamLocServiceStartHandRequest();
                // No instant win in either hand: one pair each, mixed colours, no ten-card straight.
                foreach (var hand in new[] { "3S 3C 5D 6H 8S 9C JD KH AS 2C", "4S 4C 6D 7H 9S TC QD KC AD 2D" })
                    request.Hands.Add(CardText.ParseCards(hand));
                var response = client.SamLoc.StartHandAsync(request).GetAwaiter().GetResult();
                Assert.Equal(SamInstantWinKind.Unspecified, response.InstantWin);
                Assert.Equal(2, response.State.Seats.Count);
                Assert.Equal("3S 3C 5D 6H 8S 9C JD KH AS 2C", CardText.Format(response.State.Seats[0].Hand.Cards_));
            }
        }
    }
    /// <summary>SamActions.FromMove against the service: every legal move it lists is legal when sent back.</summary>
    public static class LiveSamActionsTests
    {
        public static void TestEveryLegalMoveSentBackIsLegal()
        {
            using (var client = LiveTests.Client())
            {
                var state = new SamTableState { Turn = 0, Current = CardText.ParseCards("9H"), CurrentOwner = 1 };
                state.Seats.Add(new SamSeat { Hand = CardText.ParseCards("9S TC TD 2D") });
                state.Seats.Add(new SamSeat { CardCount = 7 });
                var legal = client.SamLoc.LegalMovesAsync(new SamLocServiceLegalMovesRequest { State = state }).GetAwaiter().GetResult();
                Assert.Equal(0, legal.Seat.Value, "seat to act");
                // A ten, the two and a pass (9S does not beat 9H): both kinds of move are sent back.
                Assert.True(legal.Moves.Exists(m => m.MoveCase == SamMove.MoveOneofCase.Play), "a play is listed");
                Assert.True(legal.Moves.Exists(m => m.MoveCase == SamMove.MoveOneofCase.Pass), "a pass is listed");
                foreach (var move in legal.Moves)
                {
                    var request = new SamLocServiceValidatePlayRequest { State = state, Action = SamActions.FromMove(legal.Seat.Value, move) };
                    var answer = client.SamLoc.ValidatePlayAsync(request).GetAwaiter().GetResult();
                    Assert.True(answer.Legal, move + " is legal, not " + answer.Reason);
                }
            }
        }
    }

    /// <summary>Through an Envoy that requires players' JWTs (only with --base-url, --token and --expired-token).</summary>
    public static class LiveAuthTests
    {
        private static ScoreLiengRequest Request()
        {
            var request = new ScoreLiengRequest();
            request.Hands.Add(CardText.ParseCards("AC AD AH"));
            return request;
        }

        private static UnauthenticatedException Refused(string token)
        {
            using (var transport = new CountingTransport(Harness.BaseUrl))
            {
                var client = new CardrulesClient(transport, LiveTests.Live(token));
                var error = Assert.Throws<UnauthenticatedException>(() => client.Lieng.ScoreLiengAsync(Request()).GetAwaiter().GetResult());
                Assert.Equal(1, transport.Calls, "attempts (UNAUTHENTICATED is never retried)");
                return error;
            }
        }

        public static void TestAValidTokenIsAccepted()
        {
            using (var client = new CardrulesClient(Harness.BaseUrl, LiveTests.Live(Harness.Token)))
                Assert.Equal(LiengTier.Sap, client.Lieng.ScoreLiengAsync(Request()).GetAwaiter().GetResult().Scores[0].Tier);
        }

        public static void TestNoTokenIsUnauthenticated() { Refused(null); }

        public static void TestAnExpiredTokenIsUnauthenticated() { Refused(Harness.ExpiredToken); }

        public static void TestAGarbageTokenIsUnauthenticated() { Refused("not.a.jwt"); }
    }
}
