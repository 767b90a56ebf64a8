package io.cardrules.client.conformance;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.cardrules.client.FairDeal;
import io.cardrules.v1.Cards;
import io.cardrules.v1.LiengServiceDealRequest;
import io.cardrules.v1.LiengServiceDealResponse;
import io.cardrules.v1.SamLocServiceDealRequest;
import io.cardrules.v1.SamLocServiceDealResponse;
import java.util.Collections;

/**
 * Every {@code Deal} case recomputed with {@link FairDeal}, no server call: the deal a vector expects must also be
 * the one this SDK's own HMAC-SHA256 gives, and a deal the server refuses must be refused here too. The expected
 * {@code views} are left out: they are the server's redaction of the same deal, which FairDeal does not make.
 */
public final class LocalDeal {
  private static final JsonFormat.Parser PARSER = JsonFormat.parser();
  private static final JsonFormat.Printer PRINTER = JsonFormat.printer().includingDefaultValueFields();

  private LocalDeal() {}

  /** Whether the case is a Deal call of a game FairDeal deals. */
  public static boolean applies(VectorCase vector) {
    return vector.problem() == null && vector.method().equals("Deal") && game(vector.service()) != null;
  }

  /**
   * The first difference between the case's expectation and the local deal, prefixed {@code local FairDeal: }, or
   * null when they agree or the case is not a Deal case ({@link #applies}) or its request does not parse (the call
   * reports that).
   */
  public static String difference(VectorCase vector) {
    if (!applies(vector)) {
      return null;
    }
    FairDeal.Game game = game(vector.service());
    Descriptor input = game == FairDeal.Game.SAM_LOC
        ? SamLocServiceDealRequest.getDescriptor()
        : LiengServiceDealRequest.getDescriptor();
    DynamicMessage.Builder request = DynamicMessage.newBuilder(input);
    try {
      PARSER.merge(vector.request().toString(), request);
    } catch (InvalidProtocolBufferException | RuntimeException error) {
      return null;
    }
    Outcome local = deal(game, request.build());
    if (vector.expect().has("error")) {
      String code = vector.expect().getAsJsonObject("error").get("code").getAsString();
      if (code.equals("INVALID_ARGUMENT") && local.isResponse()) {
        return "local FairDeal: dealt a request the server refuses with INVALID_ARGUMENT";
      }
      return null;
    }
    JsonObject expect = vector.expect().deepCopy();
    expect.getAsJsonObject("response").remove("views");
    String difference = Matching.matchExpect(expect, local);
    return difference == null ? null : "local FairDeal: " + difference;
  }

  private static Outcome deal(FairDeal.Game game, DynamicMessage request) {
    Descriptor input = request.getDescriptorForType();
    int seatCount = (Integer) request.getField(input.findFieldByName("seat_count"));
    ByteString serverSeed = (ByteString) request.getField(input.findFieldByName("server_seed"));
    String clientSeed = (String) request.getField(input.findFieldByName("client_seed"));
    long nonce = (Long) request.getField(input.findFieldByName("nonce"));
    String algorithm = (String) request.getField(input.findFieldByName("algorithm"));
    FairDeal.Deal deal;
    try {
      if (!algorithm.isEmpty() && !algorithm.equals(FairDeal.ALGORITHM)) {
        throw new IllegalArgumentException("algorithm: this SDK verifies " + FairDeal.ALGORITHM + " only");
      }
      deal = FairDeal.dealFrom(game, serverSeed, clientSeed, nonce, seatCount);
    } catch (IllegalArgumentException refused) {
      return Outcome.error("INVALID_ARGUMENT", Collections.<String>emptyList(), refused.getMessage());
    }
    Cards undealt = Cards.newBuilder().addAllCards(deal.undealt()).build();
    com.google.protobuf.Message response = game == FairDeal.Game.SAM_LOC
        ? SamLocServiceDealResponse.newBuilder().addAllHands(deal.hands()).setUndealt(undealt)
            .setCommitment(deal.commitment()).setAlgorithm(deal.algorithm()).build()
        : LiengServiceDealResponse.newBuilder().addAllHands(deal.hands()).setUndealt(undealt)
            .setCommitment(deal.commitment()).setAlgorithm(deal.algorithm()).build();
    try {
      return Outcome.response(JsonParser.parseString(PRINTER.print(response)));
    } catch (InvalidProtocolBufferException error) {
      throw new IllegalStateException("cannot print a " + response.getDescriptorForType().getFullName(), error);
    }
  }

  private static FairDeal.Game game(String service) {
    switch (service) {
      case "cardrules.v1.SamLocService":
        return FairDeal.Game.SAM_LOC;
      case "cardrules.v1.LiengService":
        return FairDeal.Game.LIENG;
      default:
        return null;
    }
  }
}
