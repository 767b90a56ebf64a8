package io.cardrules.client;

import io.cardrules.v1.CompareHandsRequest;
import io.cardrules.v1.CompareHandsResponse;
import io.cardrules.v1.LiengServiceGrpc;
import io.cardrules.v1.LiengServiceLegalMovesRequest;
import io.cardrules.v1.LiengServiceLegalMovesResponse;
import io.cardrules.v1.LiengServiceSettleRoundRequest;
import io.cardrules.v1.LiengServiceSettleRoundResponse;
import io.cardrules.v1.LiengServiceValidatePlayRequest;
import io.cardrules.v1.LiengServiceValidatePlayResponse;
import io.cardrules.v1.ScoreLiengRequest;
import io.cardrules.v1.ScoreLiengResponse;
import io.cardrules.v1.StartBettingRequest;
import io.cardrules.v1.StartBettingResponse;
import io.grpc.Channel;

/**
 * Typed calls to {@code cardrules.v1.LiengService} through the generated {@link LiengServiceGrpc} blocking stub, one
 * method per RPC named after it ({@code ScoreLieng} is {@link #scoreLieng}). Each call gets the client's deadline
 * (default 2 s) and a failed call throws a {@link RulesException} subclass. Thread-safe; share one per channel.
 * {@link LiengFutureClient} is the same without blocking.
 */
public final class LiengClient extends BlockingClient<LiengServiceGrpc.LiengServiceBlockingStub, LiengClient> {
  /** A client whose calls get {@link RulesChannels#DEFAULT_DEADLINE_MILLIS}. */
  public LiengClient(Channel channel) {
    this(channel, RulesChannels.DEFAULT_DEADLINE_MILLIS);
  }

  /** A client whose calls get {@code deadlineMillis} each. */
  public LiengClient(Channel channel, long deadlineMillis) {
    super(LiengServiceGrpc.newBlockingStub(channel), deadlineMillis);
  }

  private LiengClient(LiengServiceGrpc.LiengServiceBlockingStub stub, long deadlineMillis) {
    super(stub, deadlineMillis);
  }

  @Override
  LiengClient with(LiengServiceGrpc.LiengServiceBlockingStub stub, long deadlineMillis) {
    return new LiengClient(stub, deadlineMillis);
  }

  /** LiengService/ScoreLieng. */
  public ScoreLiengResponse scoreLieng(ScoreLiengRequest request) {
    return call(stub -> stub.scoreLieng(request));
  }

  /** LiengService/CompareHands. */
  public CompareHandsResponse compareHands(CompareHandsRequest request) {
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

  /** Score hands given as card text with the default house rules: {@code scoreLieng("AC AD AH", "2S 3H 4D")}. */
  public ScoreLiengResponse scoreLieng(String... hands) {
    return scoreLieng(ScoreLiengRequest.newBuilder().addAllHands(CardText.hands(hands)).build());
  }

  /** Rank hands given as card text with the default house rules. */
  public CompareHandsResponse compareHands(String... hands) {
    return compareHands(CompareHandsRequest.newBuilder().addAllHands(CardText.hands(hands)).build());
  }
}
