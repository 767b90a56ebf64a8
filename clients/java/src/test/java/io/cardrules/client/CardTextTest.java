package io.cardrules.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cardrules.v1.Card;
import io.cardrules.v1.Rank;
import io.cardrules.v1.Suit;
import java.util.List;
import org.junit.jupiter.api.Test;

class CardTextTest {
  private static final String FORMAT =
      "a card is a rank (A 2-9 T/10 J Q K) and a suit (S C D H or ♠ ♣ ♦ ♥), like \"AS\", \"10H\" or \"Q♦\"";

  @Test
  void tenIsTOr10InAnyCase() {
    Card ten = Card.newBuilder().setRank(Rank.RANK_TEN).setSuit(Suit.SUIT_DIAMONDS).build();
    assertEquals(ten, CardText.card("TD"));
    assertEquals(ten, CardText.card("10d"));
    assertEquals(ten, CardText.card(" td "));
    assertEquals(ten, CardText.card("10♦"));
    assertEquals("TD", CardText.text(ten));
  }

  @Test
  void suitSymbolsAreTheLetters() {
    assertEquals(CardText.cards("AS KC QD JH"), CardText.cards("A♠ K♣ Q♦ J♥"));
    assertEquals(CardText.card("2H"), CardText.card("2♥\uFE0F")); // the emoji form phones type
    assertEquals("AS KC QD JH", CardText.text(CardText.cards("a♠ k♣ q♦ j♥")));
  }

  @Test
  void ranksFollowTheProtoNumbering() {
    assertEquals(Rank.RANK_ACE, CardText.card("AS").getRank());
    assertEquals(Rank.RANK_TWO, CardText.card("2H").getRank());
    assertEquals(Rank.RANK_KING, CardText.card("KC").getRank());
    assertEquals(Suit.SUIT_CLUBS, CardText.card("KC").getSuit());
  }

  @Test
  void cardsAreSeparatedBySpacesOrCommas() {
    List<Card> expected = CardText.cards("3S 4D 5C");
    assertEquals(3, expected.size());
    assertEquals(expected, CardText.cards("3S,4D,5C"));
    assertEquals(expected, CardText.cards(" 3s, 4d  5c "));
    assertEquals(expected, CardText.cards("3S,\t4D,\n5C,"));
    assertEquals("3S 4D 5C", CardText.text(expected));
    assertEquals("TH JH", CardText.text(CardText.cards("10H, J♥")));
    assertEquals(2, CardText.hands("AC AD AH", "2S 3H 4D").size());
    assertEquals(3, CardText.cardsMessage("AC AD AH").getCardsCount());
    assertTrue(CardText.cards("").isEmpty());
    assertTrue(CardText.cards(" , ").isEmpty());
  }

  @Test
  void aBadCardShowsTheFormat() {
    IllegalArgumentException one = assertThrows(IllegalArgumentException.class, () -> CardText.card("1X"));
    assertEquals("bad card \"1X\": " + FORMAT, one.getMessage());
    assertThrows(IllegalArgumentException.class, () -> CardText.card("TDX"));
    assertThrows(IllegalArgumentException.class, () -> CardText.card("11H"));
    assertThrows(IllegalArgumentException.class, () -> CardText.card(""));
  }

  @Test
  void aBadCardInAHandIsNamedWithItsPosition() {
    IllegalArgumentException many = assertThrows(IllegalArgumentException.class, () -> CardText.cards("3S XX 5C"));
    assertEquals("bad card \"XX\": " + FORMAT + " (card 2 of \"3S XX 5C\")", many.getMessage());
    // Cards must be separated: run together they are one bad card.
    IllegalArgumentException together = assertThrows(IllegalArgumentException.class, () -> CardText.cards("3S4D"));
    assertTrue(together.getMessage().startsWith("bad card \"3S4D\": "), together.getMessage());
  }

  @Test
  void unsetRankOrSuitHasNoText() {
    assertThrows(IllegalArgumentException.class, () -> CardText.text(Card.getDefaultInstance()));
  }
}
