package cardrules.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import cardrules.v1.CardsOuterClass.Card;
import cardrules.v1.CardsOuterClass.Rank;
import cardrules.v1.CardsOuterClass.Suit;
import java.util.List;
import org.junit.jupiter.api.Test;

class CardTextTest {
  @Test
  void tenIsTOr10InAnyCase() {
    Card ten = Card.newBuilder().setRank(Rank.RANK_TEN).setSuit(Suit.SUIT_DIAMONDS).build();
    assertEquals(ten, CardText.card("TD"));
    assertEquals(ten, CardText.card("10d"));
    assertEquals(ten, CardText.card(" td "));
    assertEquals("TD", CardText.text(ten));
  }

  @Test
  void ranksFollowTheProtoNumbering() {
    assertEquals(Rank.RANK_ACE, CardText.card("AS").getRank());
    assertEquals(Rank.RANK_TWO, CardText.card("2H").getRank());
    assertEquals(Rank.RANK_KING, CardText.card("KC").getRank());
    assertEquals(Suit.SUIT_CLUBS, CardText.card("KC").getSuit());
  }

  @Test
  void listsMaySeparateOrRunTogether() {
    List<Card> expected = CardText.cards("3S 4D 5C");
    assertEquals(expected, CardText.cards("3S,4D,5C"));
    assertEquals(expected, CardText.cards("3S4D5C"));
    assertEquals(expected, CardText.cards(" 3s, 4d  5c "));
    assertEquals("3S 4D 5C", CardText.text(expected));
    assertEquals("TH JH", CardText.text(CardText.cards("10HJH")));
    assertEquals(2, CardText.hands("AC AD AH", "2S 3H 4D").size());
    assertEquals(3, CardText.cardsMessage("AC AD AH").getCardsCount());
    assertTrue(CardText.cards("").isEmpty());
  }

  @Test
  void badTextIsNamed() {
    IllegalArgumentException one = assertThrows(IllegalArgumentException.class, () -> CardText.card("1D"));
    assertTrue(one.getMessage().contains("'1D'"), one.getMessage());
    IllegalArgumentException many = assertThrows(IllegalArgumentException.class, () -> CardText.cards("3S XX 5C"));
    assertTrue(many.getMessage().contains("'XX' at position 3"), many.getMessage());
    assertThrows(IllegalArgumentException.class, () -> CardText.card("TDX"));
  }

  @Test
  void unsetRankOrSuitHasNoText() {
    assertThrows(IllegalArgumentException.class, () -> CardText.text(Card.getDefaultInstance()));
  }
}
