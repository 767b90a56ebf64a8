package cardrules.client;

import cardrules.v1.SamLoc.SamLocServiceLegalMovesRequest;
import cardrules.v1.SamLoc.SamLocServiceLegalMovesResponse;
import cardrules.v1.SamLoc.SamLocServiceSettleRoundRequest;
import cardrules.v1.SamLoc.SamLocServiceSettleRoundResponse;
import cardrules.v1.SamLoc.SamLocServiceStartHandRequest;
import cardrules.v1.SamLoc.SamLocServiceStartHandResponse;
import cardrules.v1.SamLoc.SamLocServiceValidatePlayRequest;
import cardrules.v1.SamLoc.SamLocServiceValidatePlayResponse;
import io.grpc.Channel;
import io.grpc.MethodDescriptor;

/**
 * Typed calls to {@code cardrules.v1.SamLocService}. Each call gets the client's deadline (default 2 s) and a failed
 * call throws a {@link RulesException} subclass. Thread-safe; share one per channel.
 */
public final class SamLocClient extends RulesClient {
  private static final String SERVICE = "cardrules.v1.SamLocService";
  private static final MethodDescriptor<SamLocServiceStartHandRequest, SamLocServiceStartHandResponse> START_HAND =
      RulesMethods.unary(
          SERVICE, "StartHand", SamLocServiceStartHandRequest.getDefaultInstance(),
          SamLocServiceStartHandResponse.getDefaultInstance());
  private static final MethodDescriptor<SamLocServiceValidatePlayRequest, SamLocServiceValidatePlayResponse> VALIDATE_PLAY =
      RulesMethods.unary(
          SERVICE, "ValidatePlay", SamLocServiceValidatePlayRequest.getDefaultInstance(),
          SamLocServiceValidatePlayResponse.getDefaultInstance());
  private static final MethodDescriptor<SamLocServiceLegalMovesRequest, SamLocServiceLegalMovesResponse> LEGAL_MOVES =
      RulesMethods.unary(
          SERVICE, "LegalMoves", SamLocServiceLegalMovesRequest.getDefaultInstance(),
          SamLocServiceLegalMovesResponse.getDefaultInstance());
  private static final MethodDescriptor<SamLocServiceSettleRoundRequest, SamLocServiceSettleRoundResponse> SETTLE_ROUND =
      RulesMethods.unary(
          SERVICE, "SettleRound", SamLocServiceSettleRoundRequest.getDefaultInstance(),
          SamLocServiceSettleRoundResponse.getDefaultInstance());

  /** A client whose calls get {@link RulesChannels#DEFAULT_DEADLINE_MILLIS}. */
  public SamLocClient(Channel channel) {
    this(channel, RulesChannels.DEFAULT_DEADLINE_MILLIS);
  }

  /** A client whose calls get {@code deadlineMillis} each. */
  public SamLocClient(Channel channel, long deadlineMillis) {
    super(channel, deadlineMillis);
  }

  /** SamLocService/StartHand. */
  public SamLocServiceStartHandResponse startHand(SamLocServiceStartHandRequest request) {
    return call(START_HAND, request);
  }

  /** SamLocService/ValidatePlay. */
  public SamLocServiceValidatePlayResponse validatePlay(SamLocServiceValidatePlayRequest request) {
    return call(VALIDATE_PLAY, request);
  }

  /** SamLocService/LegalMoves. */
  public SamLocServiceLegalMovesResponse legalMoves(SamLocServiceLegalMovesRequest request) {
    return call(LEGAL_MOVES, request);
  }

  /** SamLocService/SettleRound. */
  public SamLocServiceSettleRoundResponse settleRound(SamLocServiceSettleRoundRequest request) {
    return call(SETTLE_ROUND, request);
  }
}
