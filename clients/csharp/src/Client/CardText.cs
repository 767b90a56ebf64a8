using System;
using System.Collections.Generic;
using System.Text;
using Cardrules.V1;

namespace Cardrules.Client
{
    /// <summary>
    /// Card text, as in every cardrules SDK: a rank (<c>A 2-9 T J Q K</c>, or <c>10</c> for <c>T</c>) then a suit
    /// (<c>S C D H</c> or <c>♠ ♣ ♦ ♥</c>), letters in any case: <c>"TD"</c>, <c>"10d"</c> and <c>"T♦"</c> are the ten of
    /// diamonds. Cards in a hand are separated by spaces or commas, or written run together (<c>"3S4D5C"</c>).
    /// Printing is canonical: rank letter, suit letter (<c>"TD"</c>). Malformed text throws
    /// <see cref="FormatException"/> naming the bad card and showing <see cref="CardFormat"/>.
    /// </summary>
    public static class CardText
    {
        /// <summary>What a bad card's error says after <c>bad card "1X": </c>.</summary>
        public const string CardFormat = "a card is a rank (A 2-9 T/10 J Q K) and a suit (S C D H or \u2660 \u2663 \u2666 \u2665), like \"AS\", \"10H\" or \"Q\u2666\"";

        private const string RankLetters = "?A23456789TJQK"; // indexed by the proto's Rank number (ACE = 1)
        private const string SuitLetters = "?SCDH";          // indexed by the proto's Suit number (SPADES = 1)
        private const string SuitSymbols = "?\u2660\u2663\u2666\u2665"; // ♠ ♣ ♦ ♥, in the same order
        // Phones and some fonts send a suit symbol followed by the emoji presentation selector: "♥️".
        private const char EmojiPresentation = '\uFE0F';

        /// <summary>One card: <c>Parse("TD")</c>, <c>Parse("10d")</c>, <c>Parse("Q♦")</c>.</summary>
        public static Card Parse(string text)
        {
            if (text == null) throw new ArgumentNullException("text");
            var trimmed = text.Trim();
            var position = 0;
            var card = ReadCard(trimmed, ref position);
            if (card == null || position != trimmed.Length) throw BadCard(trimmed, "");
            return card;
        }

        /// <summary>Many cards: <c>"3S 4D 5C"</c>, <c>"3S,4D,5C"</c>, <c>"3♠ 4♦ 5♣"</c>, <c>"3S4D5C"</c>.</summary>
        public static List<Card> ParseMany(string text)
        {
            if (text == null) throw new ArgumentNullException("text");
            var cards = new List<Card>();
            var position = 0;
            while (position < text.Length)
            {
                if (IsSeparator(text[position])) { position++; continue; }
                var start = position;
                var card = ReadCard(text, ref position);
                if (card == null)
                {
                    var end = start;
                    while (end < text.Length && !IsSeparator(text[end])) end++;
                    throw BadCard(text.Substring(start, end - start), " (at position " + start + " of \"" + text + "\")");
                }
                cards.Add(card);
            }
            return cards;
        }

        /// <summary>A <c>Cards</c> message (the wrapper of hands and plays): <c>ParseCards("3S 4D 5C")</c>.</summary>
        public static Cards ParseCards(string text)
        {
            var cards = new Cards();
            cards.Cards_.AddRange(ParseMany(text));
            return cards;
        }

        /// <summary><c>"TD"</c>; throws <see cref="ArgumentException"/> on an unset or unknown rank or suit.</summary>
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

        private static bool IsSeparator(char c)
        {
            return char.IsWhiteSpace(c) || c == ',';
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
            if (at >= text.Length) return null;
            var suit = SuitLetters.IndexOf(char.ToUpperInvariant(text[at]));
            if (suit < 1)
            {
                suit = SuitSymbols.IndexOf(text[at]);
                if (suit < 1) return null;
                if (at + 1 < text.Length && text[at + 1] == EmojiPresentation) at++;
            }
            position = at + 1;
            return new Card { Rank = (Rank)rank, Suit = (Suit)suit };
        }

        private static FormatException BadCard(string piece, string where)
        {
            return new FormatException("bad card \"" + piece + "\"" + where + ": " + CardFormat);
        }
    }
}
