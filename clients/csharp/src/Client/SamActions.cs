using System;
using Cardrules.V1;

namespace Cardrules.Client
{
    /// <summary>Sâm Lốc actions to send in ValidatePlay or a round record.</summary>
    public static class SamActions
    {
        /// <summary>
        /// The action that makes <paramref name="move"/> (one of LegalMoves' answers) for <paramref name="seat"/>:
        /// its cards as a play, or a pass. Throws <see cref="ArgumentException"/> for a move that is neither.
        /// </summary>
        public static SamAction FromMove(int seat, SamMove move)
        {
            if (move == null) throw new ArgumentNullException("move");
            switch (move.MoveCase)
            {
                case SamMove.MoveOneofCase.Play:
                    var cards = new Cards();
                    // Copies, so changing the action later cannot change the LegalMoves answer it came from.
                    foreach (var card in move.Play.Cards) cards.Cards_.Add(new Card { Rank = card.Rank, Suit = card.Suit });
                    return new SamAction { Seat = seat, Play = cards };
                case SamMove.MoveOneofCase.Pass:
                    return Pass(seat);
                default:
                    throw new ArgumentException("the move holds neither a play nor a pass", "move");
            }
        }

        /// <summary><paramref name="seat"/> plays <paramref name="cards"/>: <c>SamActions.Play(0, "9S 9C")</c>.</summary>
        public static SamAction Play(int seat, string cards)
        {
            return new SamAction { Seat = seat, Play = CardText.ParseCards(cards) };
        }

        /// <summary><paramref name="seat"/> passes.</summary>
        public static SamAction Pass(int seat)
        {
            return new SamAction { Seat = seat, Pass = new SamPass() };
        }
    }
}
