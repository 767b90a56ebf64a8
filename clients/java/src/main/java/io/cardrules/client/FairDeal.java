package io.cardrules.client;

import com.google.protobuf.ByteString;
import io.cardrules.v1.Card;
import io.cardrules.v1.Cards;
import io.cardrules.v1.Rank;
import io.cardrules.v1.Suit;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The provably fair deal ({@code cardrules-deal-v1}, docs/fair-deal.md), recomputed here with the JDK's own
 * HMAC-SHA256 and SHA-256, no server call: the same inputs give exactly the deal {@code SamLocService.Deal} and
 * {@code LiengService.Deal} return.
 *
 * <pre>{@code
 * FairDeal.Deal deal = FairDeal.dealFrom(FairDeal.Game.SAM_LOC, serverSeed, "table-7", 42, 4);
 * boolean fair = FairDeal.verify(FairDeal.Game.SAM_LOC, serverSeed, "table-7", 42, hands, commitment);
 * }</pre>
 */
public final class FairDeal {
  /** The algorithm's name and version, as the Deal RPC's {@code algorithm} field gives it. */
  public static final String ALGORITHM = "cardrules-deal-v1";

  private static final int DECK = 52;
  private static final int RANKS = 13;
  private static final int MIN_SERVER_SEED = 32;
  private static final int MAX_SERVER_SEED = 256;
  private static final int MAX_CLIENT_SEED = 256;
  private static final Suit[] SUITS = {Suit.SUIT_SPADES, Suit.SUIT_CLUBS, Suit.SUIT_DIAMONDS, Suit.SUIT_HEARTS};

  private FairDeal() {}

  /** The game dealt: its name in the algorithm's input, cards a seat and seat counts. */
  public enum Game {
    /** {@code SamLocService.Deal}: 10 cards a seat, 2 to 5 seats. */
    SAM_LOC("sam_loc", 10, 2, 5),
    /** {@code LiengService.Deal}: 3 cards a seat, 2 to 6 seats. */
    LIENG("lieng", 3, 2, 6);

    private final String text;
    private final int cardsPerSeat;
    private final int minSeats;
    private final int maxSeats;

    Game(String text, int cardsPerSeat, int minSeats, int maxSeats) {
      this.text = text;
      this.cardsPerSeat = cardsPerSeat;
      this.minSeats = minSeats;
      this.maxSeats = maxSeats;
    }

    /** The ASCII name the algorithm hashes: {@code sam_loc} or {@code lieng}. */
    public String text() {
      return text;
    }

    public int cardsPerSeat() {
      return cardsPerSeat;
    }

    public int minSeats() {
      return minSeats;
    }

    public int maxSeats() {
      return maxSeats;
    }
  }

  /** A recomputed deal: hands in seat order (as dealt, not sorted), the undealt cards in order, the commitment. */
  public static final class Deal {
    private final List<Cards> hands;
    private final List<Card> undealt;
    private final ByteString commitment;

    Deal(List<Cards> hands, List<Card> undealt, ByteString commitment) {
      this.hands = Collections.unmodifiableList(hands);
      this.undealt = Collections.unmodifiableList(undealt);
      this.commitment = commitment;
    }

    /** Seat k's cards at index k, ready for {@code StartHand}'s or a round record's {@code hands}. */
    public List<Cards> hands() {
      return hands;
    }

    public List<Card> undealt() {
      return undealt;
    }

    /** SHA-256 of the server seed: what the backend publishes before the hand. */
    public ByteString commitment() {
      return commitment;
    }

    public String algorithm() {
      return ALGORITHM;
    }
  }

  /**
   * The deal these inputs give.
   *
   * @param serverSeed 32 to 256 bytes, revealed by the backend once the hand is over
   * @param clientSeed the public seed, 0 to 256 bytes once encoded in UTF-8
   * @param nonce the hand number, 0 to 2^63-1
   * @throws IllegalArgumentException naming the parameter that is out of range
   */
  public static Deal dealFrom(Game game, ByteString serverSeed, String clientSeed, long nonce, int seatCount) {
    return dealFrom(game, serverSeed == null ? null : serverSeed.toByteArray(), clientSeed, nonce, seatCount);
  }

  /** {@link #dealFrom(Game, ByteString, String, long, int)} with the server seed as a byte array. */
  public static Deal dealFrom(Game game, byte[] serverSeed, String clientSeed, long nonce, int seatCount) {
    checkSeats(game, seatCount, "seatCount");
    int[] deck = shuffle(new ByteStream(game, serverSeed, clientSeed, nonce, seatCount));
    List<Cards> hands = new ArrayList<>(seatCount);
    for (int seat = 0; seat < seatCount; seat++) {
      int from = seat * game.cardsPerSeat;
      hands.add(Cards.newBuilder().addAllCards(cards(deck, from, from + game.cardsPerSeat)).build());
    }
    List<Card> undealt = cards(deck, seatCount * game.cardsPerSeat, DECK);
    return new Deal(hands, undealt, commitment(serverSeed));
  }

  /**
   * Whether {@code hands} (seat k's cards at index k; the seat count is their number) are the deal these inputs
   * give and, unless {@code commitment} is null, SHA-256 of the server seed is {@code commitment} (compared in
   * constant time). Each hand is compared as a set, in any order, since StartHand answers with sorted hands; the
   * seats are compared in order.
   *
   * @throws IllegalArgumentException when an input is out of range (as {@link #dealFrom})
   */
  public static boolean verify(
      Game game, ByteString serverSeed, String clientSeed, long nonce, List<Cards> hands, ByteString commitment) {
    return verify(game, serverSeed == null ? null : serverSeed.toByteArray(), clientSeed, nonce, hands, commitment);
  }

  /** {@link #verify(Game, ByteString, String, long, List, ByteString)} with the server seed as a byte array. */
  public static boolean verify(
      Game game, byte[] serverSeed, String clientSeed, long nonce, List<Cards> hands, ByteString commitment) {
    if (hands == null) {
      throw new IllegalArgumentException("hands: required");
    }
    checkSeats(game, hands.size(), "hands");
    Deal deal = dealFrom(game, serverSeed, clientSeed, nonce, hands.size());
    boolean same = true;
    for (int seat = 0; seat < hands.size(); seat++) {
      List<Card> given = hands.get(seat) == null ? Collections.<Card>emptyList() : hands.get(seat).getCardsList();
      same &= Arrays.equals(sortedIndices(given), sortedIndices(deal.hands.get(seat).getCardsList()));
    }
    if (commitment != null) {
      same &= verifyCommitment(serverSeed, commitment);
    }
    return same;
  }

  /**
   * Whether SHA-256 of the revealed server seed is the commitment published before the hand, compared in time
   * that does not depend on where the bytes differ ({@code MessageDigest.isEqual}).
   */
  public static boolean verifyCommitment(byte[] serverSeed, ByteString commitment) {
    if (serverSeed == null || commitment == null) {
      throw new IllegalArgumentException((serverSeed == null ? "serverSeed" : "commitment") + ": required");
    }
    return MessageDigest.isEqual(commitment.toByteArray(), commitment(serverSeed).toByteArray());
  }

  /** {@link #verifyCommitment(byte[], ByteString)} with the seed as a {@code ByteString}. */
  public static boolean verifyCommitment(ByteString serverSeed, ByteString commitment) {
    return verifyCommitment(serverSeed == null ? null : serverSeed.toByteArray(), commitment);
  }

  /** SHA-256 of the server seed, the commitment a backend publishes before the hand. */
  public static ByteString commitment(byte[] serverSeed) {
    try {
      return ByteString.copyFrom(MessageDigest.getInstance("SHA-256").digest(serverSeed));
    } catch (GeneralSecurityException error) {
      throw new IllegalStateException("this JVM has no SHA-256 (every Java platform must)", error);
    }
  }

  private static void checkSeats(Game game, int seats, String name) {
    if (game == null) {
      throw new IllegalArgumentException("game: required");
    }
    if (seats < game.minSeats || seats > game.maxSeats) {
      throw new IllegalArgumentException(
          name + ": " + game.text + " deals to " + game.minSeats + " to " + game.maxSeats + " seats, not " + seats);
    }
  }

  // Fisher-Yates (Durstenfeld) over deck indices 0..51, from the top index down.
  private static int[] shuffle(ByteStream stream) {
    int[] deck = new int[DECK];
    for (int i = 0; i < DECK; i++) {
      deck[i] = i;
    }
    for (int i = DECK - 1; i >= 1; i--) {
      int j = stream.uniform(i + 1);
      int swapped = deck[i];
      deck[i] = deck[j];
      deck[j] = swapped;
    }
    return deck;
  }

  private static List<Card> cards(int[] deck, int from, int to) {
    List<Card> out = new ArrayList<>(to - from);
    for (int i = from; i < to; i++) {
      out.add(Card.newBuilder().setRank(Rank.forNumber(deck[i] % RANKS + 1)).setSuit(SUITS[deck[i] / RANKS]).build());
    }
    return out;
  }

  // A card's deck index; a card no deck holds (unset or unknown rank or suit) gets one no deal has, so it never
  // matches.
  private static int[] sortedIndices(List<Card> cards) {
    int[] indices = new int[cards.size()];
    for (int i = 0; i < indices.length; i++) {
      Card card = cards.get(i);
      boolean real = card.getRankValue() >= 1 && card.getRankValue() <= RANKS
          && card.getSuitValue() >= 1 && card.getSuitValue() <= SUITS.length;
      indices[i] = real ? (card.getSuitValue() - 1) * RANKS + card.getRankValue() - 1 : -1;
    }
    Arrays.sort(indices);
    return indices;
  }

  /** HMAC-SHA256(server seed, message(counter)) for counter 0, 1, 2 ..., read one byte at a time. */
  private static final class ByteStream {
    private final Mac mac;
    private final byte[] message;
    private final int counterAt;
    private long counter;
    private byte[] block = new byte[0];
    private int next;

    ByteStream(Game game, byte[] serverSeed, String clientSeed, long nonce, int seatCount) {
      if (serverSeed == null || serverSeed.length < MIN_SERVER_SEED || serverSeed.length > MAX_SERVER_SEED) {
        throw new IllegalArgumentException(
            "serverSeed: must be " + MIN_SERVER_SEED + " to " + MAX_SERVER_SEED + " bytes, not "
                + (serverSeed == null ? "null" : serverSeed.length));
      }
      if (clientSeed == null) {
        throw new IllegalArgumentException("clientSeed: required (the empty text is a valid seed)");
      }
      byte[] client = clientSeed.getBytes(StandardCharsets.UTF_8);
      if (client.length > MAX_CLIENT_SEED) {
        throw new IllegalArgumentException(
            "clientSeed: at most " + MAX_CLIENT_SEED + " bytes in UTF-8, not " + client.length);
      }
      if (nonce < 0) {
        throw new IllegalArgumentException("nonce: must be 0 or more, not " + nonce);
      }
      byte[] label = (ALGORITHM + "\0" + game.text + "\0").getBytes(StandardCharsets.US_ASCII);
      ByteBuffer bytes = ByteBuffer.allocate(label.length + 4 + 8 + 4 + client.length + 8); // big-endian
      bytes.put(label).putInt(seatCount).putLong(nonce).putInt(client.length).put(client);
      counterAt = bytes.position();
      message = bytes.array();
      try {
        mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(serverSeed, "HmacSHA256"));
      } catch (GeneralSecurityException error) {
        throw new IllegalStateException("this JVM has no HmacSHA256 (every Java platform must)", error);
      }
    }

    /** A uniform integer in [0, n), 1 <= n <= 256, by rejection: no modulo bias. */
    int uniform(int n) {
      int limit = 256 - 256 % n;
      while (true) {
        int b = nextByte();
        if (b < limit) {
          return b % n;
        }
      }
    }

    private int nextByte() {
      if (next == block.length) {
        ByteBuffer.wrap(message, counterAt, 8).putLong(counter++);
        block = mac.doFinal(message);
        next = 0;
      }
      return block[next++] & 0xff;
    }
  }
}
