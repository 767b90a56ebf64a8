package cardrules.client;

import cardrules.v1.Lieng.CompareHandsRequest;
import cardrules.v1.Lieng.CompareHandsResponse;
import cardrules.v1.Lieng.LiengServiceLegalMovesRequest;
import cardrules.v1.Lieng.LiengServiceLegalMovesResponse;
import cardrules.v1.Lieng.LiengServiceSettleRoundRequest;
import cardrules.v1.Lieng.LiengServiceSettleRoundResponse;
import cardrules.v1.Lieng.LiengServiceValidatePlayRequest;
import cardrules.v1.Lieng.LiengServiceValidatePlayResponse;
import cardrules.v1.Lieng.ScoreLiengRequest;
import cardrules.v1.Lieng.ScoreLiengResponse;
import cardrules.v1.Lieng.StartBettingRequest;
import cardrules.v1.Lieng.StartBettingResponse;
import io.grpc.Channel;
import io.grpc.MethodDescriptor;

/**
 * Typed calls to {@code cardrules.v1.LiengService}. Each call gets the client's deadline (default 2 s) and a failed
 * call throws a {@link RulesException} subclass. Thread-safe; share one per channel.
 */
public final class LiengClient extends RulesClient {
  private static final String SERVICE = "cardrules.v1.LiengService";
  private static final MethodDescriptor<ScoreLiengRequest, ScoreLiengResponse> SCORE_LIENG =
      RulesMethods.unary(
          SERVICE, "ScoreLieng", ScoreLiengRequest.getDefaultInstance(),
          ScoreLiengResponse.getDefaultInstance());
  private static final MethodDescriptor<CompareHandsRequest, CompareHandsResponse> COMPARE_HANDS =
      RulesMethods.unary(
          SERVICE, "CompareHands", CompareHandsRequest.getDefaultInstance(),
          CompareHandsResponse.getDefaultInstance());
  private static final MethodDescriptor<StartBettingRequest, StartBettingResponse> START_BETTING =
      RulesMethods.unary(
          SERVICE, "StartBetting", StartBettingRequest.getDefaultInstance(),
          StartBettingResponse.getDefaultInstance());
  private static final MethodDescriptor<LiengServiceValidatePlayRequest, LiengServiceValidatePlayResponse> VALIDATE_PLAY =
      RulesMethods.unary(
          SERVICE, "ValidatePlay", LiengServiceValidatePlayRequest.getDefaultInstance(),
          LiengServiceValidatePlayResponse.getDefaultInstance());
  private static final MethodDescriptor<LiengServiceLegalMovesRequest, LiengServiceLegalMovesResponse> LEGAL_MOVES =
      RulesMethods.unary(
          SERVICE, "LegalMoves", LiengServiceLegalMovesRequest.getDefaultInstance(),
          LiengServiceLegalMovesResponse.getDefaultInstance());
  private static final MethodDescriptor<LiengServiceSettleRoundRequest, LiengServiceSettleRoundResponse> SETTLE_ROUND =
      RulesMethods.unary(
          SERVICE, "SettleRound", LiengServiceSettleRoundRequest.getDefaultInstance(),
          LiengServiceSettleRoundResponse.getDefaultInstance());

  /** A client whose calls get {@link RulesChannels#DEFAULT_DEADLINE_MILLIS}. */
  public LiengClient(Channel channel) {
    this(channel, RulesChannels.DEFAULT_DEADLINE_MILLIS);
  }

  /** A client whose calls get {@code deadlineMillis} each. */
  public LiengClient(Channel channel, long deadlineMillis) {
    super(channel, deadlineMillis);
  }

  /** LiengService/ScoreLieng. */
  public ScoreLiengResponse score(ScoreLiengRequest request) {
    return call(SCORE_LIENG, request);
  }

  /** LiengService/CompareHands. */
  public CompareHandsResponse compare(CompareHandsRequest request) {
    return call(COMPARE_HANDS, request);
  }

  /** LiengService/StartBetting. */
  public StartBettingResponse startBetting(StartBettingRequest request) {
    return call(START_BETTING, request);
  }

  /** LiengService/ValidatePlay. */
  public LiengServiceValidatePlayResponse validatePlay(LiengServiceValidatePlayRequest request) {
    return call(VALIDATE_PLAY, request);
  }

  /** LiengService/LegalMoves. */
  public LiengServiceLegalMovesResponse legalMoves(LiengServiceLegalMovesRequest request) {
    return call(LEGAL_MOVES, request);
  }

  /** LiengService/SettleRound. */
  public LiengServiceSettleRoundResponse settleRound(LiengServiceSettleRoundRequest request) {
    return call(SETTLE_ROUND, request);
  }

  /** Score hands given as card text with the default house rules: {@code score("AC AD AH", "2S 3H 4D")}. */
  public ScoreLiengResponse score(String... hands) {
    return score(ScoreLiengRequest.newBuilder().addAllHands(CardText.hands(hands)).build());
  }

  /** Rank hands given as card text with the default house rules. */
  public CompareHandsResponse compare(String... hands) {
    return compare(CompareHandsRequest.newBuilder().addAllHands(CardText.hands(hands)).build());
  }
}
