using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Cardrules.Client;
using Cardrules.V1;
using UnityEngine.Networking;

namespace Cardrules.UnityTests
{
    /// <summary>
    /// UnityWebRequestTransport (the SDK compiled with UNITY_2021_1_OR_NEWER) against the UnityWebRequest test double
    /// of UnityEngine.cs: what it sends (method, URL, body, Content-Type, the token and extra headers), what it hands
    /// back (status, body, every response header) and how Unity's failures map to gRPC codes.
    ///     mono UnityTransportTests.exe     ends with "N passed, M failed"; exit status 1 when anything failed.
    /// </summary>
    public static class Harness
    {
        public static int Main()
        {
            int passed = 0, failed = 0;
            foreach (var test in typeof(UnityTransportTests).GetMethods().Where(m => m.IsStatic && m.Name.StartsWith("Test", StringComparison.Ordinal)).OrderBy(m => m.Name))
            {
                try
                {
                    test.Invoke(null, null);
                    passed++;
                    Console.WriteLine("ok   UnityTransportTests." + test.Name);
                }
                catch (System.Reflection.TargetInvocationException error)
                {
                    failed++;
                    Console.WriteLine("FAIL UnityTransportTests." + test.Name + ": " + error.InnerException);
                }
                finally
                {
                    UnityWebRequest.StandInServer = null;
                }
            }
            Console.WriteLine(passed + " passed, " + failed + " failed");
            return failed == 0 && passed > 0 ? 0 : 1;
        }
    }

    public static class UnityTransportTests
    {
        private const string BadCard = "{\"code\":3,\"message\":\"duplicate card\",\"details\":[" +
            "{\"@type\":\"type.googleapis.com/google.rpc.BadRequest\",\"fieldViolations\":[{\"field\":\"hands[0].cards[2]\",\"description\":\"dup\",\"reason\":\"DUPLICATE_CARD\"}]}," +
            "{\"@type\":\"type.googleapis.com/google.rpc.ErrorInfo\",\"reason\":\"DUPLICATE_CARD\",\"domain\":\"cardrules.v1\",\"metadata\":{\"field\":\"hands[0].cards[2]\"}}]}";

        private static void Equal<T>(T expected, T actual, string what = "")
        {
            if (!EqualityComparer<T>.Default.Equals(expected, actual))
                throw new Exception(what + " expected <" + expected + ">, got <" + actual + ">");
        }

        private static TException Throws<TException>(Func<Task> call) where TException : Exception
        {
            try
            {
                call().GetAwaiter().GetResult();
            }
            catch (TException error)
            {
                return error;
            }
            throw new Exception("expected " + typeof(TException).Name);
        }

        private static CardrulesClientOptions Fast()
        {
            return new CardrulesClientOptions
            {
                InitialBackoff = TimeSpan.FromMilliseconds(1),
                MaxBackoff = TimeSpan.FromMilliseconds(2),
                DefaultTimeout = TimeSpan.FromSeconds(30),
            };
        }

        private static Dictionary<string, string> Headers(params string[] pairs)
        {
            var headers = new Dictionary<string, string>();
            for (var i = 0; i < pairs.Length; i += 2) headers[pairs[i]] = pairs[i + 1];
            return headers;
        }

        public static void TestAPostCarriesTheBodyTokenAndHeadersAndReturnsEveryResponseHeader()
        {
            var sent = new List<UnityWebRequest>();
            UnityWebRequest.StandInServer = web =>
            {
                sent.Add(web);
                web.StandInAnswer(200, "{\"scores\":[{\"tier\":\"LIENG_TIER_SAP\",\"strength\":7}]}",
                    Headers("Content-Type", "application/json", "grpc-status", "0", "X-Request-Id", "r-9"));
            };
            var options = Fast();
            options.Token = "eyJhbGciOiJSUzI1NiJ9.e30.c2ln";
            options.Headers["x-client"] = "unity 2022.3";
            IReadOnlyDictionary<string, string> seen = null;
            options.OnResponseHeaders = (method, headers) => seen = headers;
            var client = new CardrulesClient(new UnityWebRequestTransport("https://rules.example.com/"), options);
            var request = new ScoreLiengRequest();
            request.Hands.Add(CardText.ParseCards("AC AD AH"));
            var response = client.Lieng.ScoreLiengAsync(request, TimeSpan.FromSeconds(2.5)).GetAwaiter().GetResult();
            Equal(LiengTier.Sap, response.Scores[0].Tier);
            var only = sent.Single();
            Equal("https://rules.example.com/cardrules.v1.LiengService/ScoreLieng", only.url);
            Equal("POST", only.method);
            Equal(3, only.timeout, "whole seconds, rounded up");
            var body = Encoding.UTF8.GetString(only.uploadHandler.data);
            Equal(true, body.Contains("\"rank\":\"RANK_ACE\""), body);
            Equal("application/json", only.StandInRequestHeaders["Content-Type"]);
            Equal("Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln", only.StandInRequestHeaders["Authorization"]);
            Equal("unity 2022.3", only.StandInRequestHeaders["x-client"]);
            Equal(3, only.StandInRequestHeaders.Count);
            Equal("r-9", seen["x-request-id"]);
            Equal("0", seen["grpc-status"]);
        }

        public static void TestAProtocolErrorIsAnAnswerWithItsStatusErrorInfoAndHeaders()
        {
            var calls = 0;
            UnityWebRequest.StandInServer = request =>
            {
                calls++;
                request.StandInAnswer(400, BadCard, Headers("content-type", "application/json", "x-envoy-upstream-service-time", "3"));
            };
            var client = new CardrulesClient(new UnityWebRequestTransport("http://localhost:8080"), Fast());
            var error = Throws<InvalidArgumentException>(() => client.Lieng.ScoreLiengAsync(new ScoreLiengRequest()));
            Equal(1, calls, "not retried");
            Equal("DUPLICATE_CARD", error.FieldViolations.Single().Reason);
            Equal("hands[0].cards[2]", error.FieldViolations.Single().Field);
            Equal("DUPLICATE_CARD", error.ErrorInfo.Reason);
            Equal("cardrules.v1", error.ErrorInfo.Domain);
            Equal("hands[0].cards[2]", error.ErrorInfo.Metadata["field"]);
            Equal("3", error.ResponseHeaders["x-envoy-upstream-service-time"]);
        }

        public static void TestAGrpcStatusHeaderWithoutABodyIsDecoded()
        {
            UnityWebRequest.StandInServer = request => request.StandInAnswer(200, "", Headers("grpc-status", "16", "grpc-message", "missing%20token"));
            var error = Throws<UnauthenticatedException>(
                () => new CardrulesClient(new UnityWebRequestTransport("http://localhost:8080"), Fast()).Lieng.ScoreLiengAsync(new ScoreLiengRequest()));
            Equal("missing token", error.StatusMessage);
        }

        public static void TestNoConnectionIsUnavailableAndRetriedThenAnswered()
        {
            var calls = 0;
            UnityWebRequest.StandInServer = request =>
            {
                if (++calls < 3) request.StandInFail("Cannot connect to destination host");
                else request.StandInAnswer(200, "{}", Headers());
            };
            new CardrulesClient(new UnityWebRequestTransport("http://localhost:8080"), Fast()).Lieng.ScoreLiengAsync(new ScoreLiengRequest()).GetAwaiter().GetResult();
            Equal(3, calls);
            UnityWebRequest.StandInServer = request => request.StandInFail("Cannot resolve destination host");
            var options = Fast();
            options.MaxAttempts = 2;
            var error = Throws<RulesException>(() => new CardrulesClient(new UnityWebRequestTransport("http://nowhere"), options).Lieng.ScoreLiengAsync(new ScoreLiengRequest()));
            Equal(StatusCode.Unavailable, error.Code);
            Equal(0, error.ResponseHeaders.Count);
        }

        public static void TestUnitysTimeoutIsDeadlineExceeded()
        {
            UnityWebRequest.StandInServer = request => request.StandInFail("Request timeout");
            var error = Throws<RulesException>(
                () => new CardrulesClient(new UnityWebRequestTransport("http://localhost:8080"), Fast()).Lieng.ScoreLiengAsync(new ScoreLiengRequest()));
            Equal(StatusCode.DeadlineExceeded, error.Code);
        }

        public static void TestCancellingAbortsTheRequest()
        {
            UnityWebRequest pending = null;
            UnityWebRequest.StandInServer = request => pending = request; // never answers by itself
            using (var cancel = new CancellationTokenSource())
            {
                var client = new CardrulesClient(new UnityWebRequestTransport("http://localhost:8080"), Fast());
                var call = client.Lieng.ScoreLiengAsync(new ScoreLiengRequest(), null, cancel.Token);
                Equal(false, call.IsCompleted, "waiting for the answer");
                cancel.Cancel();
                Throws<OperationCanceledException>(() => call);
                Equal(true, pending.isDone, "aborted");
            }
        }
    }
}
