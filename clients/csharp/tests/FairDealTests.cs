using System;
using System.Collections.Generic;
using System.Linq;
using Cardrules.Client;
using Cardrules.Conformance;
using Cardrules.Json;
using Cardrules.V1;

namespace Cardrules.Tests
{
    /// <summary>The fair deal recomputed locally: known answers (docs/fair-deal.md's algorithm), edge cases,
    /// verification.</summary>
    public static class FairDealTests
    {
        private static readonly byte[] Counting = Enumerable.Range(0, 32).Select(i => (byte)i).ToArray();
        private const string CountingCommitment = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd";

        private static string Hex(byte[] bytes)
        {
            return string.Concat(bytes.Select(b => b.ToString("x2")));
        }

        private static string Texts(IEnumerable<Cards> hands)
        {
            return string.Join(" | ", hands.Select(hand => CardText.Format(hand.Cards_)));
        }

        private static List<Cards> Copy(IEnumerable<Cards> hands)
        {
            return hands.Select(hand => new Cards { Cards_ = hand.Cards_.ToList() }).ToList();
        }

        public static void TestSamLocKnownAnswer()
        {
            var deal = FairDeal.DealFrom(FairDeal.Game.SamLoc, Counting, "table-7", 42, 4);
            Assert.Equal("TH JH 3C 5S 7H 4D 3S 2D 9C 3D | 6H 7D 5D JC 7S 8H QD 9D JS KD | " +
                "AD AS AC KH 2H JD 4S QC TD 6C | 5C KC 9H 2S 8S AH 8D 4H 6D 3H", Texts(deal.Hands));
            Assert.Equal("QS KS 7C 4C 2C 9S 5H QH 8C TS 6S TC", CardText.Format(deal.Undealt));
            Assert.Equal(CountingCommitment, Hex(deal.Commitment));
            Assert.Equal("cardrules-deal-v1", deal.Algorithm);
        }

        public static void TestLiengKnownAnswerWithAnEmptyClientSeedNonceZeroAndSixSeats()
        {
            var seed = Enumerable.Repeat((byte)0xff, 64).ToArray();
            var deal = FairDeal.DealFrom(FairDeal.Game.Lieng, seed, "", 0, 6);
            Assert.Equal("3C JH QS | 4H 2D KC | QH TC 7S | TS 6S 9H | 2C 4D 3H | 9D 5D KH", Texts(deal.Hands));
            Assert.Equal("7H 4C 8C 3D QD JS 6C 9C TD 3S KS 6H 5C 8H AH JD 7D 8D AS 8S QC 9S 2S TH AC KD 5S AD JC 2H " +
                "7C 5H 6D 4S", CardText.Format(deal.Undealt));
            Assert.Equal("8667e718294e9e0df1d30600ba3eeb201f764aad2dad72748643e4a285e1d1f7", Hex(deal.Commitment));
        }

        public static void TestANonAsciiClientSeedIsHashedAsUtf8AndTheLargestNonceWorks()
        {
            var deal = FairDeal.DealFrom(FairDeal.Game.Lieng, Counting, "\u00e9 \u2660", long.MaxValue, 2);
            Assert.Equal("JH 6H AD | 2D KD AS", Texts(deal.Hands));
            Assert.Equal(CountingCommitment, Hex(deal.Commitment));
        }

        public static void TestTheLongestSeedsAndFiveSeats()
        {
            var seed = Enumerable.Range(0, 256).Select(i => (byte)i).ToArray();
            var deal = FairDeal.DealFrom(FairDeal.Game.SamLoc, seed, new string('x', 256), 1, 5);
            Assert.Equal("TD 4H 2C TH JS AC 7H 6H 7C TC", CardText.Format(deal.Hands[4].Cards_));
            Assert.Equal("4D AH", CardText.Format(deal.Undealt));
            Assert.Equal("40aff2e9d2d8922e47afd4648e6967497158785fbd1da870e7110266bf944880", Hex(deal.Commitment));
        }

        public static void TestEverySeatCountDealsTheWholeDeckOnce()
        {
            foreach (var game in new[] { FairDeal.Game.SamLoc, FairDeal.Game.Lieng })
            {
                for (var seats = FairDeal.MinSeats(game); seats <= FairDeal.MaxSeats(game); seats++)
                {
                    var deal = FairDeal.DealFrom(game, Counting, "t", seats, seats);
                    Assert.Equal(seats, deal.Hands.Count);
                    Assert.True(deal.Hands.All(hand => hand.Cards_.Count == FairDeal.CardsPerSeat(game)), game + " hand sizes");
                    var all = deal.Hands.SelectMany(hand => hand.Cards_).Concat(deal.Undealt).Select(CardText.Format);
                    Assert.Equal(52, all.Distinct().Count(), game + " " + seats);
                    Assert.Equal(52 - seats * FairDeal.CardsPerSeat(game), deal.Undealt.Count);
                }
            }
        }

        public static void TestEveryInputChangesTheDeal()
        {
            var game = FairDeal.Game.Lieng;
            var dealt = Texts(FairDeal.DealFrom(game, Counting, "a", 1, 3).Hands);
            var otherSeed = (byte[])Counting.Clone();
            otherSeed[31] ^= 1;
            Assert.True(dealt != Texts(FairDeal.DealFrom(game, otherSeed, "a", 1, 3).Hands), "server seed");
            Assert.True(dealt != Texts(FairDeal.DealFrom(game, Counting, "b", 1, 3).Hands), "client seed");
            Assert.True(dealt != Texts(FairDeal.DealFrom(game, Counting, "a", 2, 3).Hands), "nonce");
            // The seat count is hashed too: not just a longer cut of the same shuffle.
            Assert.True(dealt != Texts(FairDeal.DealFrom(game, Counting, "a", 1, 4).Hands.Take(3)), "seat count");
        }

        public static void TestTheDealAndItsCommitmentCannotBeChangedThroughTheResult()
        {
            var deal = FairDeal.DealFrom(FairDeal.Game.Lieng, Counting, "a", 1, 3);
            deal.Commitment[0] ^= 1;
            Assert.Equal(CountingCommitment, Hex(deal.Commitment));
        }

        public static void TestVerifyComparesEachHandAsASetAndTheCommitmentInFull()
        {
            var sam = FairDeal.Game.SamLoc;
            var deal = FairDeal.DealFrom(sam, Counting, "table-7", 42, 4);
            var reversed = Copy(deal.Hands);
            foreach (var hand in reversed) hand.Cards_.Reverse(); // any order: StartHand answers with sorted hands
            Assert.True(FairDeal.Verify(sam, Counting, "table-7", 42, reversed), "reversed hands");
            Assert.True(FairDeal.Verify(sam, Counting, "table-7", 42, reversed, deal.Commitment), "with the commitment");

            var wrongCommitment = deal.Commitment;
            wrongCommitment[31] ^= 1;
            Assert.True(!FairDeal.Verify(sam, Counting, "table-7", 42, reversed, wrongCommitment), "wrong commitment");
            Assert.True(!FairDeal.Verify(sam, Counting, "table-7", 42, reversed, new byte[0]), "empty commitment");
            Assert.True(!FairDeal.Verify(sam, Counting, "table-8", 42, reversed), "other client seed");
            Assert.True(!FairDeal.Verify(sam, Counting, "table-7", 43, reversed), "other nonce");

            var swappedSeats = Copy(reversed);
            var first = swappedSeats[0];
            swappedSeats[0] = swappedSeats[1];
            swappedSeats[1] = first;
            Assert.True(!FairDeal.Verify(sam, Counting, "table-7", 42, swappedSeats), "seats swapped");
            var swappedCard = Copy(reversed);
            swappedCard[0].Cards_[0] = deal.Undealt[0];
            Assert.True(!FairDeal.Verify(sam, Counting, "table-7", 42, swappedCard), "an undealt card in a hand");
            var shortHand = Copy(reversed);
            shortHand[0].Cards_.RemoveAt(0);
            Assert.True(!FairDeal.Verify(sam, Counting, "table-7", 42, shortHand), "a card short");
            var unset = Copy(reversed);
            unset[0].Cards_[0] = new Card();
            Assert.True(!FairDeal.Verify(sam, Counting, "table-7", 42, unset), "an unset card");
        }

        public static void TestVerifyCommitmentComparesTheWholeDigest()
        {
            var commitment = FairDeal.Commitment(Counting);
            Assert.Equal(CountingCommitment, Hex(commitment));
            Assert.True(FairDeal.VerifyCommitment(Counting, commitment), "the seed's own commitment");
            Assert.True(!FairDeal.VerifyCommitment(Counting, commitment.Take(31).ToArray()), "a byte short");
            Assert.True(!FairDeal.VerifyCommitment(Enumerable.Range(0, 33).Select(i => (byte)i).ToArray(), commitment), "another seed");
            Assert.Equal("commitment", Problem(() => FairDeal.VerifyCommitment(Counting, null)));
            Assert.Equal("serverSeed", Problem(() => FairDeal.VerifyCommitment(null, commitment)));
        }

        public static void TestInputsOutOfRangeNameTheirParameter()
        {
            var sam = FairDeal.Game.SamLoc;
            Assert.Equal("serverSeed", Problem(() => FairDeal.DealFrom(sam, new byte[31], "", 0, 2)));
            Assert.Equal("serverSeed", Problem(() => FairDeal.DealFrom(sam, new byte[257], "", 0, 2)));
            Assert.Equal("serverSeed", Problem(() => FairDeal.DealFrom(sam, null, "", 0, 2)));
            FairDeal.DealFrom(sam, new byte[32], "", 0, 2);
            FairDeal.DealFrom(sam, new byte[256], "", 0, 2);
            var longest = new string('\u00e9', 128); // 256 bytes in UTF-8
            FairDeal.DealFrom(sam, Counting, longest, 0, 2);
            Assert.Equal("clientSeed", Problem(() => FairDeal.DealFrom(sam, Counting, longest + "x", 0, 2)));
            Assert.Equal("clientSeed", Problem(() => FairDeal.DealFrom(sam, Counting, null, 0, 2)));
            Assert.Equal("nonce", Problem(() => FairDeal.DealFrom(sam, Counting, "", -1, 2)));
            Assert.Equal("nonce", Problem(() => FairDeal.DealFrom(sam, Counting, "", long.MinValue, 2)));
            Assert.Equal("seatCount", Problem(() => FairDeal.DealFrom(sam, Counting, "", 0, 1)));
            Assert.Equal("seatCount", Problem(() => FairDeal.DealFrom(sam, Counting, "", 0, 6)));
            FairDeal.DealFrom(FairDeal.Game.Lieng, Counting, "", 0, 6);
            Assert.Equal("seatCount", Problem(() => FairDeal.DealFrom(FairDeal.Game.Lieng, Counting, "", 0, 7)));
            Assert.Equal("game", Problem(() => FairDeal.DealFrom((FairDeal.Game)7, Counting, "", 0, 2)));
            Assert.Equal("hands", Problem(() => FairDeal.Verify(sam, Counting, "", 0, new List<Cards> { new Cards() })));
            Assert.Equal("hands", Problem(() => FairDeal.Verify(sam, Counting, "", 0, null)));
        }

        private static string Problem(Action call)
        {
            return Assert.Throws<ArgumentException>(call).ParamName;
        }
    }

    public static class LocalDealTests
    {
        private const string Seed = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="; // 00 01 ... 1f
        private const string Request =
            "{\"seatCount\": 2, \"serverSeed\": \"" + Seed + "\", \"clientSeed\": \"\u00e9 \u2660\", \"nonce\": \"9223372036854775807\"}";
        private const string Hands =
            "[{\"cards\": [{\"rank\": \"RANK_JACK\", \"suit\": \"SUIT_HEARTS\"}, {\"rank\": \"RANK_SIX\", \"suit\": \"SUIT_HEARTS\"}, " +
            "{\"rank\": \"RANK_ACE\", \"suit\": \"SUIT_DIAMONDS\"}]}, {\"cards\": [{\"rank\": \"RANK_TWO\", \"suit\": \"SUIT_DIAMONDS\"}, " +
            "{\"rank\": \"RANK_KING\", \"suit\": \"SUIT_DIAMONDS\"}, {\"rank\": \"RANK_ACE\", \"suit\": \"SUIT_SPADES\"}]}]";

        private static Case Deal(string service, string request, string expect)
        {
            return new Case
            {
                File = "deal.json", Name = "n", Service = service, Method = "Deal",
                Request = (JsonObject)JsonText.Parse(request), Expect = (JsonObject)JsonText.Parse(expect),
            };
        }

        public static void TestADealTheSdkDealsTooAgrees()
        {
            var expect = "{\"response\": {\"hands\": " + Hands + ", \"commitment\": \"Yw3NKWbEM2aRElRIu7JbT/QSpJxzLbLIq8G4WBvXEN0=\", " +
                "\"algorithm\": \"cardrules-deal-v1\"}}";
            Assert.Equal(null, LocalDeal.Difference(Deal("cardrules.v1.LiengService", Request, expect)));
        }

        public static void TestAnotherDealOrCommitmentIsADifference()
        {
            var other = "{\"response\": {\"hands\": " + Hands.Replace("RANK_JACK", "RANK_QUEEN") + "}}";
            var difference = LocalDeal.Difference(Deal("cardrules.v1.LiengService", Request, other));
            Assert.True(difference != null && difference.StartsWith("local FairDeal: response.hands[0].cards[0].rank", StringComparison.Ordinal), difference);
            difference = LocalDeal.Difference(Deal("cardrules.v1.LiengService", Request, "{\"response\": {\"commitment\": \"" + Seed + "\"}}"));
            Assert.True(difference != null && difference.StartsWith("local FairDeal: response.commitment", StringComparison.Ordinal), difference);
            var asSam = LocalDeal.Difference(Deal("cardrules.v1.SamLocService", Request, "{\"response\": {\"hands\": " + Hands + "}}"));
            Assert.True(asSam != null, "the same request as a S\u00e2m deal is another deal");
        }

        public static void TestARefusedRequestMustBeRefusedLocallyToo()
        {
            var refused = "{\"error\": {\"code\": \"INVALID_ARGUMENT\"}}";
            Assert.Equal(null, LocalDeal.Difference(Deal("cardrules.v1.LiengService", Request.Replace(Seed, "AAEC"), refused)));
            var unknownAlgorithm = Request.Replace("{", "{\"algorithm\": \"cardrules-deal-v9\", ");
            Assert.Equal(null, LocalDeal.Difference(Deal("cardrules.v1.LiengService", unknownAlgorithm, refused)));
            Assert.Equal("local FairDeal: dealt a request the server refuses with INVALID_ARGUMENT",
                LocalDeal.Difference(Deal("cardrules.v1.LiengService", Request, refused)));
        }

        public static void TestEverySharedDealVectorIsDealtTheSameLocally()
        {
            // UnitTests.exe is in clients/csharp/build/.
            var vectors = System.IO.Path.Combine(AppDomain.CurrentDomain.BaseDirectory, "..", "..", "..", "tests", "vectors");
            var cases = new List<Case>();
            var broken = new List<Broken>();
            Vectors.Load(vectors, cases, broken);
            var deals = cases.Where(LocalDeal.Applies).ToList();
            var failures = deals.Where(c => LocalDeal.Difference(c) != null).Select(c => c.Name + ": " + LocalDeal.Difference(c));
            Assert.Equal("", string.Join("\n", failures));
            // tests/vectors/deal has both games' known answers: a missing folder must not pass as "nothing differed".
            Assert.Equal("cardrules.v1.LiengService cardrules.v1.SamLocService",
                string.Join(" ", deals.Select(c => c.Service).Distinct().OrderBy(n => n, StringComparer.Ordinal)));
            Console.WriteLine("     local deals: " + deals.Count + " Deal cases recomputed");
        }
    }

    public static class BytesJsonTests
    {
        public static void TestBytesAreBase64InEitherAlphabetPaddedOrNot()
        {
            var bytes = new byte[] { 0xfb, 0xff, 0x00 };
            Assert.Equal("+/8A", (string)ProtoJson.WriteBytes(bytes));
            Assert.Equal("", (string)ProtoJson.WriteBytes(new byte[0]));
            foreach (var text in new[] { "+/8A", "-_8A" })
                Assert.Equal("fbff00", string.Concat(ProtoJson.ReadBytes(text, "x").Select(b => b.ToString("x2"))));
            Assert.Equal("fb", string.Concat(ProtoJson.ReadBytes("-w", "x").Select(b => b.ToString("x2"))));
            Assert.Equal("fb", string.Concat(ProtoJson.ReadBytes("+w==", "x").Select(b => b.ToString("x2"))));
            Assert.Equal(0, ProtoJson.ReadBytes("", "x").Length);
        }

        public static void TestMalformedBase64NamesTheField()
        {
            foreach (var bad in new object[] { "+/8A ", "+/8A\n", "a", "ab=c", "abc===", "@@@@", 12, true })
            {
                var error = Assert.Throws<ProtoJsonException>(() => ProtoJson.ReadBytes(bad, "serverSeed"));
                Assert.True(error.Message.StartsWith("serverSeed: ", StringComparison.Ordinal), error.Message);
            }
        }
    }
}
