package io.cardrules.client.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The runner's local recomputation of Deal cases, without a server. */
class LocalDealTest {
  private static final Path VECTORS =
      Paths.get(System.getProperty("cardrules.vectors", Paths.get("../../tests/vectors").toAbsolutePath().toString()))
          .normalize();
  private static final String SEED = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="; // 00 01 ... 1f
  private static final String REQUEST =
      "{\"seatCount\": 2, \"serverSeed\": \"" + SEED + "\", \"clientSeed\": \"é ♠\","
          + " \"nonce\": \"9223372036854775807\"}";
  private static final String HANDS =
      "[{\"cards\": [{\"rank\": \"RANK_JACK\", \"suit\": \"SUIT_HEARTS\"}, {\"rank\": \"RANK_SIX\", \"suit\":"
          + " \"SUIT_HEARTS\"}, {\"rank\": \"RANK_ACE\", \"suit\": \"SUIT_DIAMONDS\"}]},"
          + " {\"cards\": [{\"rank\": \"RANK_TWO\", \"suit\": \"SUIT_DIAMONDS\"}, {\"rank\": \"RANK_KING\", \"suit\":"
          + " \"SUIT_DIAMONDS\"}, {\"rank\": \"RANK_ACE\", \"suit\": \"SUIT_SPADES\"}]}]";

  private static VectorCase deal(String service, String request, String expect) {
    String entry = String.format(
        "{\"name\": \"n\", \"service\": \"%s\", \"method\": \"Deal\", \"request\": %s, \"expect\": %s}",
        service, request, expect);
    return Vectors.parse("deal.json", "{\"cases\": [" + entry + "]}").get(0);
  }

  @Test
  void aDealTheSdkDealsTooAgrees() {
    String expect = "{\"response\": {\"hands\": " + HANDS + ", \"commitment\":"
        + " \"Yw3NKWbEM2aRElRIu7JbT/QSpJxzLbLIq8G4WBvXEN0=\", \"algorithm\": \"cardrules-deal-v1\"}}";
    assertNull(LocalDeal.difference(deal("cardrules.v1.LiengService", REQUEST, expect)));
  }

  @Test
  void anotherDealOrCommitmentIsADifference() {
    String otherHands = HANDS.replace("RANK_JACK", "RANK_QUEEN");
    String difference =
        LocalDeal.difference(deal("cardrules.v1.LiengService", REQUEST, "{\"response\": {\"hands\": " + otherHands
            + "}}"));
    assertTrue(difference.startsWith("local FairDeal: response.hands[0].cards[0].rank"), difference);
    difference = LocalDeal.difference(
        deal("cardrules.v1.LiengService", REQUEST, "{\"response\": {\"commitment\": \"" + SEED + "\"}}"));
    assertTrue(difference.startsWith("local FairDeal: response.commitment"), difference);
    // The same request as a Sâm deal is another deal.
    assertTrue(LocalDeal.difference(deal("cardrules.v1.SamLocService", REQUEST, "{\"response\": {\"hands\": "
        + HANDS + "}}")) != null);
  }

  @Test
  void aRefusedRequestMustBeRefusedLocallyToo() {
    String refused = "{\"error\": {\"code\": \"INVALID_ARGUMENT\"}}";
    String shortSeed = REQUEST.replace(SEED, "AAEC");
    assertNull(LocalDeal.difference(deal("cardrules.v1.LiengService", shortSeed, refused)));
    assertNull(LocalDeal.difference(
        deal("cardrules.v1.LiengService", REQUEST.replace("{", "{\"algorithm\": \"cardrules-deal-v9\", "), refused)));
    assertEquals(
        "local FairDeal: dealt a request the server refuses with INVALID_ARGUMENT",
        LocalDeal.difference(deal("cardrules.v1.LiengService", REQUEST, refused)));
  }

  @Test
  void otherMethodsAreNotDeals() {
    String entry = "{\"name\": \"n\", \"service\": \"cardrules.v1.LiengService\", \"method\": \"ScoreLieng\","
        + " \"request\": {}, \"expect\": {\"response\": {}}}";
    VectorCase score = Vectors.parse("s.json", "{\"cases\": [" + entry + "]}").get(0);
    assertFalse(LocalDeal.applies(score));
    assertNull(LocalDeal.difference(score));
  }

  @Test
  void everySharedDealVectorIsDealtTheSameLocally() throws Exception {
    List<String> failures = new ArrayList<>();
    int deals = 0;
    java.util.Set<String> services = new java.util.TreeSet<>();
    for (VectorCase vector : Vectors.load(VECTORS)) {
      if (LocalDeal.applies(vector)) {
        deals++;
        services.add(vector.service());
        String difference = LocalDeal.difference(vector);
        if (difference != null) {
          failures.add(vector.label() + ": " + difference);
        }
      }
    }
    assertEquals(List.of(), failures);
    // tests/vectors/deal has both games' known answers: a missing folder must not pass as "nothing differed".
    assertEquals(java.util.Set.of("cardrules.v1.LiengService", "cardrules.v1.SamLocService"), services);
    System.out.println("local deals: " + deals + " Deal cases recomputed");
  }
}
