package io.cardrules.client;

import io.cardrules.v1.Card;
import io.cardrules.v1.Cards;
import io.cardrules.v1.Rank;
import io.cardrules.v1.Suit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Card text and {@code io.cardrules.v1} messages: {@code "TD"} is {@code Card{rank: RANK_TEN, suit: SUIT_DIAMONDS}}.
 *
 * <p>A card is a rank ({@code A 2-9 T J Q K}, or {@code 10} for T) then a suit ({@code S C D H} or the symbols
 * {@code ♠ ♣ ♦ ♥}), letters in any case: {@code "AS"}, {@code "10h"}, {@code "Q♦"}. Cards in a hand are separated by
 * spaces or commas. Text printed back is canonical ({@code "TD"}). The same format in every cardrules SDK.
 */
public final class CardText {
  /** What a bad card's error says, after {@code bad card "1X": }. */
  static final String FORMAT =
      "a card is a rank (A 2-9 T/10 J Q K) and a suit (S C D H or ♠ ♣ ♦ ♥), like \"AS\", \"10H\" or \"Q♦\"";

  private static final Map<Character, Rank> RANKS = new HashMap<>();
  private static final Map<Character, Suit> SUITS = new HashMap<>();
  private static final Map<Rank, Character> RANK_LETTERS = new EnumMap<>(Rank.class);
  private static final Map<Suit, Character> SUIT_LETTERS = new EnumMap<>(Suit.class);
  // A symbol may carry the emoji presentation selector (U+FE0F), as phones often type "♥️".
  private static final Pattern CARD =
      Pattern.compile("(10|[2-9TJQKA])([SCDH\u2660\u2663\u2666\u2665])\uFE0F?", Pattern.CASE_INSENSITIVE);
  private static final Pattern SEPARATOR = Pattern.compile("[\\s,]+");

  static {
    // The proto numbers ranks by face value (ACE = 1 ... KING = 13), so the table is spelled out rather than
    // derived from a position in a strength order.
    Rank[] ranks = {
      Rank.RANK_ACE, Rank.RANK_TWO, Rank.RANK_THREE, Rank.RANK_FOUR, Rank.RANK_FIVE, Rank.RANK_SIX,
      Rank.RANK_SEVEN, Rank.RANK_EIGHT, Rank.RANK_NINE, Rank.RANK_TEN, Rank.RANK_JACK, Rank.RANK_QUEEN,
      Rank.RANK_KING
    };
    String rankLetters = "A23456789TJQK";
    for (int i = 0; i < ranks.length; i++) {
      RANKS.put(rankLetters.charAt(i), ranks[i]);
      RANK_LETTERS.put(ranks[i], rankLetters.charAt(i));
    }
    Suit[] suits = {Suit.SUIT_SPADES, Suit.SUIT_CLUBS, Suit.SUIT_DIAMONDS, Suit.SUIT_HEARTS};
    String suitLetters = "SCDH";
    String suitSymbols = "\u2660\u2663\u2666\u2665"; // ♠ ♣ ♦ ♥
    for (int i = 0; i < suits.length; i++) {
      SUITS.put(suitLetters.charAt(i), suits[i]);
      SUITS.put(suitSymbols.charAt(i), suits[i]);
      SUIT_LETTERS.put(suits[i], suitLetters.charAt(i));
    }
  }

  private CardText() {}

  /** One card: {@code card("TD")}, {@code card("10d")}, {@code card("Q♦")}. Bad text: IllegalArgumentException. */
  public static Card card(String text) {
    Matcher match = CARD.matcher(text.trim());
    if (!match.matches()) {
      throw new IllegalArgumentException(badCard(text.trim()));
    }
    return fromMatch(match);
  }

  /**
   * The cards of a hand, separated by spaces or commas: {@code "3S 4D 5C"}, {@code "3S,4D,5C"}, {@code "10♥, J♥"}.
   * IllegalArgumentException names the first bad card, its position and the format.
   */
  public static List<Card> cards(String text) {
    List<Card> parsed = new ArrayList<>();
    for (String word : SEPARATOR.split(text.trim())) {
      if (word.isEmpty()) {
        continue; // only when the text is empty or all separators
      }
      Matcher match = CARD.matcher(word);
      if (!match.matches()) {
        throw new IllegalArgumentException(
            badCard(word) + " (card " + (parsed.size() + 1) + " of \"" + text + "\")");
      }
      parsed.add(fromMatch(match));
    }
    return Collections.unmodifiableList(parsed);
  }

  /** A {@code Cards} message (the wrapper used for hands and plays): {@code cardsMessage("3S 4D 5C")}. */
  public static Cards cardsMessage(String text) {
    return Cards.newBuilder().addAllCards(cards(text)).build();
  }

  /** Many hands at once: {@code hands("AC AD AH", "2S 3H 4D")}. */
  public static List<Cards> hands(String... texts) {
    List<Cards> out = new ArrayList<>();
    for (String text : texts) {
      out.add(cardsMessage(text));
    }
    return Collections.unmodifiableList(out);
  }

  /** {@code Card{RANK_TEN, SUIT_DIAMONDS}} to {@code "TD"}; IllegalArgumentException on an unset rank or suit. */
  public static String text(Card card) {
    Character rank = RANK_LETTERS.get(card.getRank());
    Character suit = SUIT_LETTERS.get(card.getSuit());
    if (rank == null || suit == null) {
      throw new IllegalArgumentException(
          "card has no valid rank and suit: rank=" + card.getRankValue() + " suit=" + card.getSuitValue());
    }
    return "" + rank + suit;
  }

  /** Many cards back to text, space-separated: {@code "3S 4D 5C"}. */
  public static String text(Iterable<Card> cards) {
    StringBuilder out = new StringBuilder();
    for (Card card : cards) {
      if (out.length() > 0) {
        out.append(' ');
      }
      out.append(text(card));
    }
    return out.toString();
  }

  /** A {@code Cards} message back to text. */
  public static String text(Cards cards) {
    return text(cards.getCardsList());
  }

  private static String badCard(String text) {
    return "bad card \"" + text + "\": " + FORMAT;
  }

  private static Card fromMatch(Matcher match) {
    String rank = match.group(1).toUpperCase(Locale.ROOT);
    char rankLetter = rank.equals("10") ? 'T' : rank.charAt(0);
    char suit = match.group(2).toUpperCase(Locale.ROOT).charAt(0);
    return Card.newBuilder().setRank(RANKS.get(rankLetter)).setSuit(SUITS.get(suit)).build();
  }
}
