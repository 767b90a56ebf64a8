package cardrules.client;

import cardrules.v1.CardsOuterClass.Card;
import cardrules.v1.CardsOuterClass.Cards;
import cardrules.v1.CardsOuterClass.Rank;
import cardrules.v1.CardsOuterClass.Suit;
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
 * Card text and {@code cardrules.v1} messages: {@code "TD"} is {@code Card{rank: RANK_TEN, suit: SUIT_DIAMONDS}}.
 *
 * <p>A card is a rank ({@code 3456789TJQKA2}, {@code 10} also accepted) then a suit ({@code S C D H}), any case.
 * A list may be separated by spaces or commas or written run together ({@code "3S4D5C"}). The same rules as the
 * Python and TypeScript SDKs.
 */
public final class CardText {
  private static final Map<Character, Rank> RANKS = new HashMap<>();
  private static final Map<Character, Suit> SUITS = new HashMap<>();
  private static final Map<Rank, Character> RANK_LETTERS = new EnumMap<>(Rank.class);
  private static final Map<Suit, Character> SUIT_LETTERS = new EnumMap<>(Suit.class);
  private static final Pattern CARD = Pattern.compile("(10|[2-9TJQKA])([SCDH])", Pattern.CASE_INSENSITIVE);
  private static final Pattern SEPARATOR = Pattern.compile("[\\s,]+");

  static {
    // The proto numbers ranks by face value (ACE = 1 ... KING = 13), so the table is spelled out rather than
    // derived from a position in "3456789TJQKA2".
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
    for (int i = 0; i < suits.length; i++) {
      SUITS.put(suitLetters.charAt(i), suits[i]);
      SUIT_LETTERS.put(suits[i], suitLetters.charAt(i));
    }
  }

  private CardText() {}

  /** One card: {@code card("TD")}, {@code card("10d")}. Throws IllegalArgumentException naming bad text. */
  public static Card card(String text) {
    Matcher match = CARD.matcher(text.trim());
    if (!match.matches()) {
      throw new IllegalArgumentException(
          "not a card: '" + text + "' (expected a rank 3456789TJQKA2 then a suit SCDH, e.g. 'TD')");
    }
    return fromMatch(match);
  }

  /** Many cards: {@code "3S 4D 5C"}, {@code "3S,4D,5C"} or {@code "3S4D5C"}. */
  public static List<Card> cards(String text) {
    List<Card> parsed = new ArrayList<>();
    Matcher card = CARD.matcher(text);
    Matcher gap = SEPARATOR.matcher(text);
    int position = 0;
    while (position < text.length()) {
      if (gap.region(position, text.length()).lookingAt()) {
        position = gap.end();
        continue;
      }
      if (!card.region(position, text.length()).lookingAt()) {
        String bad = SEPARATOR.split(text.substring(position), 2)[0];
        throw new IllegalArgumentException(
            "not a card: '" + bad + "' at position " + position + " of '" + text + "'");
      }
      parsed.add(fromMatch(card));
      position = card.end();
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

  private static Card fromMatch(Matcher match) {
    String rank = match.group(1).toUpperCase(Locale.ROOT);
    char rankLetter = rank.equals("10") ? 'T' : rank.charAt(0);
    char suitLetter = match.group(2).toUpperCase(Locale.ROOT).charAt(0);
    return Card.newBuilder().setRank(RANKS.get(rankLetter)).setSuit(SUITS.get(suitLetter)).build();
  }
}
