using System;
using System.Collections.Generic;
using System.Text;
using Cardrules.V1;

namespace Cardrules.Client
{
    /// <summary>
    /// Card text, as in every cardrules SDK: a rank (<c>3456789TJQKA2</c>, <c>10</c> also accepted) then a suit
    /// (<c>S C D H</c>), case-insensitive: <c>"TD"</c> is the ten of diamonds. Lists may be separated by spaces or
    /// commas, or run together (<c>"3S4D5C"</c>).
    /// </summary>
    public static class CardText
    {
        private const string RankLetters = "?A23456789TJQK"; // indexed by the proto's Rank number (ACE = 1)
        private const string SuitLetters = "?SCDH";          // indexed by the proto's Suit number (SPADES = 1)

        public static Card Parse(string text)
        {
            if (text == null) throw new ArgumentNullException("text");
            var trimmed = text.Trim();
            var position = 0;
            var card = ReadCard(trimmed, ref position);
            if (card == null || position != trimmed.Length) throw NotACard(text);
            return card;
        }

        public static List<Card> ParseMany(string text)
        {
            if (text == null) throw new ArgumentNullException("text");
            var cards = new List<Card>();
            var position = 0;
            while (position < text.Length)
            {
                if (char.IsWhiteSpace(text[position]) || text[position] == ',') { position++; continue; }
                var start = position;
                var card = ReadCard(text, ref position);
                if (card == null) throw new FormatException("not a card at offset " + start + " of \"" + text + "\"");
                cards.Add(card);
            }
            return cards;
        }

        public static Cards ParseCards(string text)
        {
            var cards = new Cards();
            cards.Cards_.AddRange(ParseMany(text));
            return cards;
        }

        public static string Format(Card card)
        {
            if (card == null) throw new ArgumentNullException("card");
            var rank = (int)card.Rank;
            var suit = (int)card.Suit;
            if (rank < 1 || rank >= RankLetters.Length || suit < 1 || suit >= SuitLetters.Length)
                throw new ArgumentException("not a card: rank " + card.Rank + ", suit " + card.Suit);
            return new string(new[] { RankLetters[rank], SuitLetters[suit] });
        }

        /// <summary>Cards separated by spaces: <c>"3S 4D 5C"</c>.</summary>
        public static string Format(IEnumerable<Card> cards)
        {
            var text = new StringBuilder();
            foreach (var card in cards)
            {
                if (text.Length > 0) text.Append(' ');
                text.Append(Format(card));
            }
            return text.ToString();
        }

        private static Card ReadCard(string text, ref int position)
        {
            int rank;
            var at = position;
            if (at + 1 < text.Length && text[at] == '1' && text[at + 1] == '0')
            {
                rank = (int)Rank.Ten;
                at += 2;
            }
            else
            {
                rank = at < text.Length ? RankLetters.IndexOf(char.ToUpperInvariant(text[at])) : -1;
                if (rank < 1) return null;
                at += 1;
            }
            var suit = at < text.Length ? SuitLetters.IndexOf(char.ToUpperInvariant(text[at])) : -1;
            if (suit < 1) return null;
            position = at + 1;
            return new Card { Rank = (Rank)rank, Suit = (Suit)suit };
        }

        private static FormatException NotACard(string text)
        {
            return new FormatException("not a card: \"" + text + "\" (expected a rank 3456789TJQKA2 then a suit SCDH, e.g. \"TD\")");
        }
    }
}
