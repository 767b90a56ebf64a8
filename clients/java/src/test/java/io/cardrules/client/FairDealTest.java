package io.cardrules.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import io.cardrules.v1.Card;
import io.cardrules.v1.Cards;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The fair deal recomputed locally: known answers (docs/fair-deal.md's algorithm), edge cases, verification. */
class FairDealTest {
  private static final byte[] COUNTING = counting(32); // 00 01 02 ... 1f
  private static final String COUNTING_COMMITMENT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd";

  private static byte[] counting(int length) {
    byte[] seed = new byte[length];
    for (int i = 0; i < length; i++) {
      seed[i] = (byte) i;
    }
    return seed;
  }

  private static byte[] filled(int length, int value) {
    byte[] seed = new byte[length];
    java.util.Arrays.fill(seed, (byte) value);
    return seed;
  }

  private static String hex(ByteString bytes) {
    StringBuilder out = new StringBuilder();
    for (byte b : bytes.toByteArray()) {
      out.append(String.format("%02x", b & 0xff));
    }
    return out.toString();
  }

  private static List<String> texts(List<Cards> hands) {
    List<String> out = new ArrayList<>();
    for (Cards hand : hands) {
      out.add(CardText.text(hand));
    }
    return out;
  }

  @Test
  void samLocKnownAnswer() {
    FairDeal.Deal deal = FairDeal.dealFrom(FairDeal.Game.SAM_LOC, COUNTING, "table-7", 42, 4);
    assertEquals(
        List.of(
            "TH JH 3C 5S 7H 4D 3S 2D 9C 3D",
            "6H 7D 5D JC 7S 8H QD 9D JS KD",
            "AD AS AC KH 2H JD 4S QC TD 6C",
            "5C KC 9H 2S 8S AH 8D 4H 6D 3H"),
        texts(deal.hands()));
    assertEquals("QS KS 7C 4C 2C 9S 5H QH 8C TS 6S TC", CardText.text(deal.undealt()));
    assertEquals(COUNTING_COMMITMENT, hex(deal.commitment()));
    assertEquals("cardrules-deal-v1", deal.algorithm());
  }

  @Test
  void liengKnownAnswerWithAnEmptyClientSeedNonceZeroAndSixSeats() {
    FairDeal.Deal deal = FairDeal.dealFrom(FairDeal.Game.LIENG, filled(64, 0xff), "", 0, 6);
    assertEquals(
        List.of("3C JH QS", "4H 2D KC", "QH TC 7S", "TS 6S 9H", "2C 4D 3H", "9D 5D KH"), texts(deal.hands()));
    assertEquals(
        "7H 4C 8C 3D QD JS 6C 9C TD 3S KS 6H 5C 8H AH JD 7D 8D AS 8S QC 9S 2S TH AC KD 5S AD JC 2H 7C 5H 6D 4S",
        CardText.text(deal.undealt()));
    assertEquals("8667e718294e9e0df1d30600ba3eeb201f764aad2dad72748643e4a285e1d1f7", hex(deal.commitment()));
  }

  @Test
  void aNonUsAsciiClientSeedIsHashedAsUtf8AndTheLargestNonceWorks() {
    FairDeal.Deal deal = FairDeal.dealFrom(FairDeal.Game.LIENG, COUNTING, "é ♠", Long.MAX_VALUE, 2);
    assertEquals(List.of("JH 6H AD", "2D KD AS"), texts(deal.hands()));
    assertEquals(COUNTING_COMMITMENT, hex(deal.commitment()));
  }

  @Test
  void theLongestSeedsAndFiveSeats() {
    String clientSeed = String.join("", Collections.nCopies(256, "x"));
    FairDeal.Deal deal = FairDeal.dealFrom(FairDeal.Game.SAM_LOC, ByteString.copyFrom(counting(256)), clientSeed, 1, 5);
    assertEquals("TD 4H 2C TH JS AC 7H 6H 7C TC", CardText.text(deal.hands().get(4)));
    assertEquals("4D AH", CardText.text(deal.undealt()));
    assertEquals("40aff2e9d2d8922e47afd4648e6967497158785fbd1da870e7110266bf944880", hex(deal.commitment()));
  }

  @Test
  void everySeatCountDealsTheWholeDeckOnce() {
    for (FairDeal.Game game : FairDeal.Game.values()) {
      for (int seats = game.minSeats(); seats <= game.maxSeats(); seats++) {
        FairDeal.Deal deal = FairDeal.dealFrom(game, COUNTING, "t", seats, seats);
        Set<Card> seen = new HashSet<>(deal.undealt());
        assertEquals(seats, deal.hands().size());
        for (Cards hand : deal.hands()) {
          assertEquals(game.cardsPerSeat(), hand.getCardsCount());
          seen.addAll(hand.getCardsList());
        }
        assertEquals(52, seen.size(), game + " " + seats);
        assertEquals(52 - seats * game.cardsPerSeat(), deal.undealt().size());
      }
    }
  }

  @Test
  void everyInputChangesTheDeal() {
    List<String> base = texts(FairDeal.dealFrom(FairDeal.Game.LIENG, COUNTING, "a", 1, 3).hands());
    byte[] otherSeed = counting(32);
    otherSeed[31] ^= 1;
    assertFalse(base.equals(texts(FairDeal.dealFrom(FairDeal.Game.LIENG, otherSeed, "a", 1, 3).hands())));
    assertFalse(base.equals(texts(FairDeal.dealFrom(FairDeal.Game.LIENG, COUNTING, "b", 1, 3).hands())));
    assertFalse(base.equals(texts(FairDeal.dealFrom(FairDeal.Game.LIENG, COUNTING, "a", 2, 3).hands())));
    // The seat count and the game are hashed too: not just a longer or shorter cut of the same shuffle.
    assertFalse(
        base.equals(texts(FairDeal.dealFrom(FairDeal.Game.LIENG, COUNTING, "a", 1, 4).hands()).subList(0, 3)));
  }

  @Test
  void verifyComparesEachHandAsASetAndTheCommitmentInFull() {
    FairDeal.Deal deal = FairDeal.dealFrom(FairDeal.Game.SAM_LOC, COUNTING, "table-7", 42, 4);
    List<Cards> sorted = new ArrayList<>();
    for (Cards hand : deal.hands()) {
      List<Card> cards = new ArrayList<>(hand.getCardsList());
      Collections.reverse(cards); // any order: StartHand answers with sorted hands
      sorted.add(Cards.newBuilder().addAllCards(cards).build());
    }
    assertTrue(FairDeal.verify(FairDeal.Game.SAM_LOC, COUNTING, "table-7", 42, sorted, null));
    assertTrue(FairDeal.verify(FairDeal.Game.SAM_LOC, COUNTING, "table-7", 42, deal.hands(), deal.commitment()));
    ByteString seed = ByteString.copyFrom(COUNTING);
    assertTrue(FairDeal.verify(FairDeal.Game.SAM_LOC, seed, "table-7", 42, sorted, deal.commitment()));

    byte[] wrong = deal.commitment().toByteArray();
    wrong[31] ^= 1;
    assertFalse(FairDeal.verify(FairDeal.Game.SAM_LOC, COUNTING, "table-7", 42, sorted, ByteString.copyFrom(wrong)));
    assertFalse(FairDeal.verify(FairDeal.Game.SAM_LOC, COUNTING, "table-7", 42, sorted, ByteString.EMPTY));
    assertFalse(FairDeal.verify(FairDeal.Game.SAM_LOC, COUNTING, "table-8", 42, sorted, null));
    assertFalse(FairDeal.verify(FairDeal.Game.SAM_LOC, COUNTING, "table-7", 43, sorted, null));

    List<Cards> swappedSeats = new ArrayList<>(sorted);
    Collections.swap(swappedSeats, 0, 1);
    assertFalse(FairDeal.verify(FairDeal.Game.SAM_LOC, COUNTING, "table-7", 42, swappedSeats, null));
    List<Cards> swappedCard = new ArrayList<>(sorted);
    // Seat 0's first card for the first undealt card.
    swappedCard.set(0, sorted.get(0).toBuilder().setCards(0, deal.undealt().get(0)).build());
    assertFalse(FairDeal.verify(FairDeal.Game.SAM_LOC, COUNTING, "table-7", 42, swappedCard, null));
    List<Cards> shortHand = new ArrayList<>(sorted);
    shortHand.set(0, sorted.get(0).toBuilder().removeCards(0).build());
    assertFalse(FairDeal.verify(FairDeal.Game.SAM_LOC, COUNTING, "table-7", 42, shortHand, null));
    List<Cards> unsetCard = new ArrayList<>(sorted);
    unsetCard.set(0, sorted.get(0).toBuilder().setCards(0, Card.getDefaultInstance()).build());
    assertFalse(FairDeal.verify(FairDeal.Game.SAM_LOC, COUNTING, "table-7", 42, unsetCard, null));
    List<Cards> noHand = new ArrayList<>(sorted);
    noHand.set(0, null);
    assertFalse(FairDeal.verify(FairDeal.Game.SAM_LOC, COUNTING, "table-7", 42, noHand, null));
  }

  @Test
  void verifyCommitmentComparesTheWholeDigest() {
    ByteString commitment = FairDeal.commitment(COUNTING);
    assertEquals(COUNTING_COMMITMENT, hex(commitment));
    assertTrue(FairDeal.verifyCommitment(COUNTING, commitment));
    assertTrue(FairDeal.verifyCommitment(ByteString.copyFrom(COUNTING), commitment));
    assertFalse(FairDeal.verifyCommitment(COUNTING, commitment.substring(0, 31)));
    assertFalse(FairDeal.verifyCommitment(counting(33), commitment));
    assertEquals("commitment", problem(() -> FairDeal.verifyCommitment(COUNTING, null)));
    assertEquals("serverSeed", problem(() -> FairDeal.verifyCommitment((byte[]) null, commitment)));
  }

  @Test
  void inputsOutOfRangeNameTheirParameter() {
    FairDeal.Game sam = FairDeal.Game.SAM_LOC;
    assertEquals("serverSeed", problem(() -> FairDeal.dealFrom(sam, new byte[31], "", 0, 2)));
    assertEquals("serverSeed", problem(() -> FairDeal.dealFrom(sam, new byte[257], "", 0, 2)));
    assertEquals("serverSeed", problem(() -> FairDeal.dealFrom(sam, (byte[]) null, "", 0, 2)));
    FairDeal.dealFrom(sam, new byte[32], "", 0, 2);
    FairDeal.dealFrom(sam, new byte[256], "", 0, 2);
    String longest = String.join("", Collections.nCopies(128, "é")); // 256 bytes in UTF-8
    FairDeal.dealFrom(sam, COUNTING, longest, 0, 2);
    assertEquals("clientSeed", problem(() -> FairDeal.dealFrom(sam, COUNTING, longest + "x", 0, 2)));
    assertEquals("clientSeed", problem(() -> FairDeal.dealFrom(sam, COUNTING, null, 0, 2)));
    assertEquals("nonce", problem(() -> FairDeal.dealFrom(sam, COUNTING, "", -1, 2)));
    assertEquals("nonce", problem(() -> FairDeal.dealFrom(sam, COUNTING, "", Long.MIN_VALUE, 2)));
    assertEquals("seatCount", problem(() -> FairDeal.dealFrom(sam, COUNTING, "", 0, 1)));
    assertEquals("seatCount", problem(() -> FairDeal.dealFrom(sam, COUNTING, "", 0, 6)));
    FairDeal.dealFrom(FairDeal.Game.LIENG, COUNTING, "", 0, 6);
    assertEquals("seatCount", problem(() -> FairDeal.dealFrom(FairDeal.Game.LIENG, COUNTING, "", 0, 7)));
    assertEquals("game", problem(() -> FairDeal.dealFrom(null, COUNTING, "", 0, 2)));
    assertEquals("hands", problem(() -> FairDeal.verify(sam, COUNTING, "", 0, List.of(Cards.getDefaultInstance()),
        null)));
    assertEquals("hands", problem(() -> FairDeal.verify(sam, COUNTING, "", 0, null, null)));
  }

  @Test
  void theReadmesKotlinLinesWork() throws Exception {
    // Kotlin is compiled after the Java tests, so its functions are reached by name.
    Class<?> kotlin = Class.forName("io.cardrules.examples.FairDealAndViewsKt");
    byte[] seed = counting(32);
    FairDeal.Deal deal = FairDeal.dealFrom(FairDeal.Game.SAM_LOC, seed, "table-7", 1, 4);
    java.lang.reflect.Method fair = kotlin.getMethod("dealtFairly", byte[].class, List.class, ByteString.class);
    assertEquals(true, fair.invoke(null, seed, deal.hands(), deal.commitment()));
    assertEquals(false, fair.invoke(null, seed, deal.hands(), ByteString.EMPTY));
    io.cardrules.v1.SamLocServiceStartHandResponse seatTwo =
        io.cardrules.v1.SamLocServiceStartHandResponse.newBuilder().setInstantWinner(2).build();
    io.cardrules.v1.SamLocServiceStartHandView view =
        io.cardrules.v1.SamLocServiceStartHandView.newBuilder().setViewer(Views.seat(2)).setAnswer(seatTwo).build();
    io.cardrules.v1.SamLocServiceStartHandResponse answer =
        io.cardrules.v1.SamLocServiceStartHandResponse.newBuilder().addViews(view).build();
    assertEquals(seatTwo, kotlin.getMethod("seatTwosView", answer.getClass()).invoke(null, answer));
    io.cardrules.v1.SamLocServiceStartHandRequest request =
        io.cardrules.v1.SamLocServiceStartHandRequest.newBuilder().addAllHands(deal.hands()).build();
    assertEquals(request.toBuilder().addAllViews(Views.tableViewers(4)).build(),
        kotlin.getMethod("withTableViews", request.getClass()).invoke(null, request));
  }

  private static String problem(Runnable call) {
    String message = assertThrows(IllegalArgumentException.class, call::run).getMessage();
    return message.substring(0, message.indexOf(':'));
  }
}
