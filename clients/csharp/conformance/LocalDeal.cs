using System;
using System.Linq;
using Cardrules.Client;
using Cardrules.Json;
using Cardrules.V1;

namespace Cardrules.Conformance
{
    /// <summary>
    /// Every <c>Deal</c> case recomputed with <see cref="FairDeal"/>, no server call: the deal a vector expects must
    /// also be the one this SDK's own HMACSHA256 gives, and a deal the server refuses must be refused here too. The
    /// expected <c>views</c> are left out: they are the server's redaction of the same deal, which FairDeal does not
    /// make.
    /// </summary>
    public static class LocalDeal
    {
        /// <summary>Whether the case is a Deal call of a game FairDeal deals.</summary>
        public static bool Applies(Case testCase)
        {
            FairDeal.Game game;
            return testCase.Method == "Deal" && TryGame(testCase.Service, out game);
        }

        /// <summary>The first difference between the case's expectation and the local deal, prefixed
        /// <c>local FairDeal: </c>, or null when they agree, the case is no Deal case, or its request does not
        /// parse (the call reports that).</summary>
        public static string Difference(Case testCase)
        {
            FairDeal.Game game;
            if (testCase.Method != "Deal" || !TryGame(testCase.Service, out game)) return null;
            Outcome local;
            try
            {
                local = game == FairDeal.Game.SamLoc ? Deal(game, SamLocServiceDealRequest.Read(testCase.Request, false, ""))
                    : Deal(game, LiengServiceDealRequest.Read(testCase.Request, false, ""));
            }
            catch (FormatException)
            {
                return null;
            }
            object error;
            if (testCase.Expect.TryGetValue("error", out error))
            {
                var code = ((JsonObject)error)["code"] as string;
                return code == "INVALID_ARGUMENT" && local.Response != null
                    ? "local FairDeal: dealt a request the server refuses with INVALID_ARGUMENT"
                    : null;
            }
            var difference = Matching.MatchExpect(WithoutViews(testCase.Expect), local);
            return difference == null ? null : "local FairDeal: " + difference;
        }

        private static Outcome Deal(FairDeal.Game game, SamLocServiceDealRequest request)
        {
            return Deal(game, request.SeatCount, request.ServerSeed, request.ClientSeed, request.Nonce, request.Algorithm);
        }

        private static Outcome Deal(FairDeal.Game game, LiengServiceDealRequest request)
        {
            return Deal(game, request.SeatCount, request.ServerSeed, request.ClientSeed, request.Nonce, request.Algorithm);
        }

        private static Outcome Deal(FairDeal.Game game, int seatCount, byte[] serverSeed, string clientSeed, long nonce,
            string algorithm)
        {
            FairDeal.Deal deal;
            try
            {
                if (algorithm.Length > 0 && algorithm != FairDeal.Algorithm)
                    throw new ArgumentException("this SDK verifies " + FairDeal.Algorithm + " only", "algorithm");
                deal = FairDeal.DealFrom(game, serverSeed, clientSeed, nonce, seatCount);
            }
            catch (ArgumentException refused)
            {
                return Outcome.Failure("INVALID_ARGUMENT", Enumerable.Empty<string>(), refused.Message);
            }
            var undealt = new Cards { Cards_ = deal.Undealt.ToList() };
            if (game == FairDeal.Game.SamLoc)
            {
                return Outcome.Success(new SamLocServiceDealResponse
                {
                    Hands = deal.Hands.ToList(), Undealt = undealt, Commitment = deal.Commitment, Algorithm = deal.Algorithm,
                }.ToJson());
            }
            return Outcome.Success(new LiengServiceDealResponse
            {
                Hands = deal.Hands.ToList(), Undealt = undealt, Commitment = deal.Commitment, Algorithm = deal.Algorithm,
            }.ToJson());
        }

        private static JsonObject WithoutViews(JsonObject expect)
        {
            var response = new JsonObject();
            foreach (var field in (JsonObject)expect["response"])
            {
                if (field.Key != "views") response.Add(field.Key, field.Value);
            }
            var copy = new JsonObject();
            foreach (var field in expect) copy.Add(field.Key, field.Key == "response" ? response : field.Value);
            return copy;
        }

        private static bool TryGame(string service, out FairDeal.Game game)
        {
            game = FairDeal.Game.SamLoc;
            if (service == "cardrules.v1.SamLocService") return true;
            game = FairDeal.Game.Lieng;
            return service == "cardrules.v1.LiengService";
        }
    }
}
