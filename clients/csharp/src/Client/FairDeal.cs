using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;
using System.Text;
using Cardrules.V1;

namespace Cardrules.Client
{
    /// <summary>
    /// The provably fair deal (<c>cardrules-deal-v1</c>, docs/fair-deal.md) recomputed here with .NET's own
    /// HMACSHA256 and SHA256, no server call: the same inputs give exactly the deal <c>SamLocService.Deal</c> and
    /// <c>LiengService.Deal</c> return.
    /// <code>
    /// var deal = FairDeal.DealFrom(FairDeal.Game.SamLoc, serverSeed, "table-7", 42, 4);
    /// bool fair = FairDeal.Verify(FairDeal.Game.SamLoc, serverSeed, "table-7", 42, hands, commitment);
    /// </code>
    /// </summary>
    public static class FairDeal
    {
        /// <summary>The algorithm's name and version, as the Deal RPC's <c>algorithm</c> field gives it.</summary>
        public const string Algorithm = "cardrules-deal-v1";

        private const int DeckSize = 52;
        private const int Ranks = 13;
        private const int MinServerSeed = 32, MaxServerSeed = 256, MaxClientSeed = 256;

        /// <summary>The game dealt.</summary>
        public enum Game
        {
            /// <summary><c>SamLocService.Deal</c>: 10 cards a seat, 2 to 5 seats.</summary>
            SamLoc,
            /// <summary><c>LiengService.Deal</c>: 3 cards a seat, 2 to 6 seats.</summary>
            Lieng,
        }

        /// <summary>A recomputed deal: hands in seat order (as dealt, not sorted), the undealt cards in order, the
        /// commitment.</summary>
        public sealed class Deal
        {
            internal Deal(List<Cards> hands, List<Card> undealt, byte[] commitment)
            {
                Hands = hands.AsReadOnly();
                Undealt = undealt.AsReadOnly();
                this.commitment = commitment;
            }

            private readonly byte[] commitment;

            /// <summary>Seat k's cards at index k, ready for StartHand's or a round record's <c>Hands</c>.</summary>
            public IReadOnlyList<Cards> Hands { get; private set; }

            public IReadOnlyList<Card> Undealt { get; private set; }

            /// <summary>SHA-256 of the server seed, what the backend publishes before the hand (a copy).</summary>
            public byte[] Commitment { get { return (byte[])commitment.Clone(); } }

            public string Algorithm { get { return FairDeal.Algorithm; } }
        }

        /// <summary>The ASCII name the algorithm hashes: <c>sam_loc</c> or <c>lieng</c>.</summary>
        public static string Text(Game game)
        {
            return game == Game.SamLoc ? "sam_loc" : "lieng";
        }

        public static int CardsPerSeat(Game game) { return game == Game.SamLoc ? 10 : 3; }

        public static int MinSeats(Game game) { return 2; }

        public static int MaxSeats(Game game) { return game == Game.SamLoc ? 5 : 6; }

        /// <summary>
        /// The deal these inputs give. <paramref name="serverSeed"/>: 32 to 256 bytes, revealed by the backend once
        /// the hand is over; <paramref name="clientSeed"/>: the public seed, 0 to 256 bytes in UTF-8;
        /// <paramref name="nonce"/>: the hand number, 0 or more. Throws <see cref="ArgumentException"/> naming the
        /// parameter out of range.
        /// </summary>
        public static Deal DealFrom(Game game, byte[] serverSeed, string clientSeed, long nonce, int seatCount)
        {
            CheckSeats(game, seatCount, "seatCount");
            int[] deck;
            using (var stream = new ByteStream(game, serverSeed, clientSeed, nonce, seatCount)) deck = Shuffle(stream);
            var perSeat = CardsPerSeat(game);
            var hands = new List<Cards>(seatCount);
            for (var seat = 0; seat < seatCount; seat++)
                hands.Add(new Cards { Cards_ = Slice(deck, seat * perSeat, seat * perSeat + perSeat) });
            return new Deal(hands, Slice(deck, seatCount * perSeat, DeckSize), Commitment(serverSeed));
        }

        /// <summary>
        /// Whether <paramref name="hands"/> (seat k's cards at index k; the seat count is their number) are the deal
        /// these inputs give and, unless <paramref name="commitment"/> is null, SHA-256 of the server seed is
        /// <paramref name="commitment"/> (compared in constant time). Each hand is compared as a set, in any order,
        /// since StartHand answers with sorted hands; the seats are compared in order. Inputs out of range throw
        /// <see cref="ArgumentException"/>, as in <see cref="DealFrom"/>.
        /// </summary>
        public static bool Verify(Game game, byte[] serverSeed, string clientSeed, long nonce, IList<Cards> hands,
            byte[] commitment = null)
        {
            if (hands == null) throw new ArgumentNullException("hands");
            CheckSeats(game, hands.Count, "hands");
            var deal = DealFrom(game, serverSeed, clientSeed, nonce, hands.Count);
            var same = true;
            for (var seat = 0; seat < hands.Count; seat++)
            {
                var given = hands[seat] == null ? new List<Card>() : hands[seat].Cards_;
                same &= SameCards(SortedIndices(given), SortedIndices(deal.Hands[seat].Cards_));
            }
            if (commitment != null) same &= VerifyCommitment(serverSeed, commitment);
            return same;
        }

        /// <summary>Whether SHA-256 of the revealed server seed is the commitment published before the hand, compared
        /// in time that does not depend on where the bytes differ.</summary>
        public static bool VerifyCommitment(byte[] serverSeed, byte[] commitment)
        {
            if (commitment == null) throw new ArgumentNullException("commitment");
            return FixedTimeEquals(commitment, Commitment(serverSeed));
        }

        /// <summary>SHA-256 of the server seed: the commitment a backend publishes before the hand.</summary>
        public static byte[] Commitment(byte[] serverSeed)
        {
            if (serverSeed == null) throw new ArgumentNullException("serverSeed");
            using (var sha = SHA256.Create()) return sha.ComputeHash(serverSeed);
        }

        private static void CheckSeats(Game game, int seats, string name)
        {
            if (game != Game.SamLoc && game != Game.Lieng) throw new ArgumentException("not a game: " + (int)game, "game");
            if (seats < MinSeats(game) || seats > MaxSeats(game))
                throw new ArgumentException(Text(game) + " deals to " + MinSeats(game) + " to " + MaxSeats(game) +
                    " seats, not " + seats, name);
        }

        // Fisher-Yates (Durstenfeld) over deck indices 0..51, from the top index down.
        private static int[] Shuffle(ByteStream stream)
        {
            var deck = new int[DeckSize];
            for (var i = 0; i < DeckSize; i++) deck[i] = i;
            for (var i = DeckSize - 1; i >= 1; i--)
            {
                var j = stream.Uniform(i + 1);
                var swapped = deck[i];
                deck[i] = deck[j];
                deck[j] = swapped;
            }
            return deck;
        }

        private static List<Card> Slice(int[] deck, int from, int to)
        {
            var cards = new List<Card>(to - from);
            for (var i = from; i < to; i++)
                cards.Add(new Card { Rank = (Rank)(deck[i] % Ranks + 1), Suit = (Suit)(deck[i] / Ranks + 1) });
            return cards;
        }

        // A card's deck index; a card no deck holds (unset or unknown rank or suit, or null) gets -1, which no deal
        // has, so it never matches.
        private static int[] SortedIndices(List<Card> cards)
        {
            var indices = new int[cards == null ? 0 : cards.Count];
            for (var i = 0; i < indices.Length; i++)
            {
                var card = cards[i];
                int rank = card == null ? 0 : (int)card.Rank, suit = card == null ? 0 : (int)card.Suit;
                indices[i] = rank >= 1 && rank <= Ranks && suit >= 1 && suit <= 4 ? (suit - 1) * Ranks + rank - 1 : -1;
            }
            Array.Sort(indices);
            return indices;
        }

        private static bool SameCards(int[] a, int[] b)
        {
            if (a.Length != b.Length) return false;
            for (var i = 0; i < a.Length; i++)
                if (a[i] != b[i]) return false;
            return true;
        }

        // Written out because CryptographicOperations.FixedTimeEquals is not in .NET Standard 2.1 or Mono: the time
        // depends on the lengths only, never on where the bytes first differ.
        [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.NoOptimization)]
        private static bool FixedTimeEquals(byte[] a, byte[] b)
        {
            if (a.Length != b.Length) return false;
            var difference = 0;
            for (var i = 0; i < a.Length; i++) difference |= a[i] ^ b[i];
            return difference == 0;
        }

        /// <summary>HMAC-SHA256(server seed, message(counter)) for counter 0, 1, 2 …, read one byte at a time.</summary>
        private sealed class ByteStream : IDisposable
        {
            private readonly HMACSHA256 hmac;
            private readonly byte[] message;
            private readonly int counterAt;
            private long counter;
            private byte[] block = new byte[0];
            private int next;

            internal ByteStream(Game game, byte[] serverSeed, string clientSeed, long nonce, int seatCount)
            {
                if (serverSeed == null) throw new ArgumentNullException("serverSeed");
                if (serverSeed.Length < MinServerSeed || serverSeed.Length > MaxServerSeed)
                    throw new ArgumentException("must be " + MinServerSeed + " to " + MaxServerSeed + " bytes, not " +
                        serverSeed.Length, "serverSeed");
                if (clientSeed == null) throw new ArgumentNullException("clientSeed", "the empty text is a valid seed, null is not");
                var client = new UTF8Encoding(false, true).GetBytes(clientSeed); // a lone surrogate throws
                if (client.Length > MaxClientSeed)
                    throw new ArgumentException("at most " + MaxClientSeed + " bytes in UTF-8, not " + client.Length, "clientSeed");
                if (nonce < 0) throw new ArgumentOutOfRangeException("nonce", nonce, "must be 0 or more");
                var label = Encoding.ASCII.GetBytes(Algorithm + "\0" + Text(game) + "\0");
                message = new byte[label.Length + 4 + 8 + 4 + client.Length + 8];
                var at = 0;
                Array.Copy(label, 0, message, at, label.Length);
                at += label.Length;
                at = BigEndian(message, at, (ulong)seatCount, 4);
                at = BigEndian(message, at, (ulong)nonce, 8);
                at = BigEndian(message, at, (ulong)client.Length, 4);
                Array.Copy(client, 0, message, at, client.Length);
                counterAt = at + client.Length;
                hmac = new HMACSHA256(serverSeed); // keyed once; each ComputeHash starts afresh
            }

            public void Dispose()
            {
                hmac.Dispose();
            }

            /// <summary>A uniform integer in [0, n), 1 ≤ n ≤ 256, by rejection: no modulo bias.</summary>
            internal int Uniform(int n)
            {
                var limit = 256 - 256 % n;
                while (true)
                {
                    var b = NextByte();
                    if (b < limit) return b % n;
                }
            }

            private int NextByte()
            {
                if (next == block.Length)
                {
                    BigEndian(message, counterAt, (ulong)counter++, 8);
                    block = hmac.ComputeHash(message);
                    next = 0;
                }
                return block[next++];
            }

            private static int BigEndian(byte[] into, int at, ulong value, int width)
            {
                for (var i = width - 1; i >= 0; i--)
                {
                    into[at + i] = (byte)value;
                    value >>= 8;
                }
                return at + width;
            }
        }
    }
}
