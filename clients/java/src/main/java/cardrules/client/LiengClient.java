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
import cardrules.v1.LiengServiceGrpc;
import io.grpc.Channel;

/**
 * Typed calls to {@code cardrules.v1.LiengService} through the generated {@link LiengServiceGrpc} blocking stub. Each call
 * gets the client's deadline (default 2 s) and a failed call throws a {@link RulesException} subclass. Thread-safe;
 * share one per channel.
 */
public final class LiengClient extends RulesClient<LiengServiceGrpc.LiengServiceBlockingStub> {
  /** A client whose calls get {@link RulesChannels#DEFAULT_DEADLINE_MILLIS}. */
  public LiengClient(Channel channel) {
    this(channel, RulesChannels.DEFAULT_DEADLINE_MILLIS);
  }

  /** A client whose calls get {@code deadlineMillis} each. */
  public LiengClient(Channel channel, long deadlineMillis) {
    super(LiengServiceGrpc.newBlockingStub(channel), deadlineMillis);
  }

  /** LiengService/ScoreLieng. */
  public ScoreLiengResponse score(ScoreLiengRequest request) {
    return call(stub -> stub.scoreLieng(request));
  }

  /** LiengService/CompareHands. */
  public CompareHandsResponse compare(CompareHandsRequest request) {
    return call(stub -> stub.compareHands(request));
  }

  /** LiengService/StartBetting. */
  public StartBettingResponse startBetting(StartBettingRequest request) {
    return call(stub -> stub.startBetting(request));
  }

  /** LiengService/ValidatePlay. */
  public LiengServiceValidatePlayResponse validatePlay(LiengServiceValidatePlayRequest request) {
    return call(stub -> stub.validatePlay(request));
  }

  /** LiengService/LegalMoves. */
  public LiengServiceLegalMovesResponse legalMoves(LiengServiceLegalMovesRequest request) {
    return call(stub -> stub.legalMoves(request));
  }

  /** LiengService/SettleRound. */
  public LiengServiceSettleRoundResponse settleRound(LiengServiceSettleRoundRequest request) {
    return call(stub -> stub.settleRound(request));
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
