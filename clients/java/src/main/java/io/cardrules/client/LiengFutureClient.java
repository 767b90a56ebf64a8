package io.cardrules.client;

import com.google.common.util.concurrent.ListenableFuture;
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
 * LiengClient without blocking: each method returns at once a {@link ListenableFuture} of the answer, from the
 * generated {@link LiengServiceGrpc} future stub. Each call gets the client's deadline (default 2 s); a failed call's
 * future fails with a {@link RulesException} subclass. Thread-safe; share one per channel. From Kotlin, {@code
 * await()} (kotlinx-coroutines-guava) or the {@code LiengCoroutineClient} suspends instead.
 */
public final class LiengFutureClient extends FutureClient<LiengServiceGrpc.LiengServiceFutureStub, LiengFutureClient> {
  /** A client whose calls get {@link RulesChannels#DEFAULT_DEADLINE_MILLIS}. */
  public LiengFutureClient(Channel channel) {
    this(channel, RulesChannels.DEFAULT_DEADLINE_MILLIS);
  }

  /** A client whose calls get {@code deadlineMillis} each. */
  public LiengFutureClient(Channel channel, long deadlineMillis) {
    super(LiengServiceGrpc.newFutureStub(channel), deadlineMillis);
  }

  private LiengFutureClient(LiengServiceGrpc.LiengServiceFutureStub stub, long deadlineMillis) {
    super(stub, deadlineMillis);
  }

  @Override
  LiengFutureClient with(LiengServiceGrpc.LiengServiceFutureStub stub, long deadlineMillis) {
    return new LiengFutureClient(stub, deadlineMillis);
  }

  /** LiengService/ScoreLieng. */
  public ListenableFuture<ScoreLiengResponse> scoreLieng(ScoreLiengRequest request) {
    return call(stub -> stub.scoreLieng(request));
  }

  /** LiengService/CompareHands. */
  public ListenableFuture<CompareHandsResponse> compareHands(CompareHandsRequest request) {
    return call(stub -> stub.compareHands(request));
  }

  /** LiengService/StartBetting. */
  public ListenableFuture<StartBettingResponse> startBetting(StartBettingRequest request) {
    return call(stub -> stub.startBetting(request));
  }

  /** LiengService/ValidatePlay. */
  public ListenableFuture<LiengServiceValidatePlayResponse> validatePlay(LiengServiceValidatePlayRequest request) {
    return call(stub -> stub.validatePlay(request));
  }

  /** LiengService/LegalMoves. */
  public ListenableFuture<LiengServiceLegalMovesResponse> legalMoves(LiengServiceLegalMovesRequest request) {
    return call(stub -> stub.legalMoves(request));
  }

  /** LiengService/SettleRound. */
  public ListenableFuture<LiengServiceSettleRoundResponse> settleRound(LiengServiceSettleRoundRequest request) {
    return call(stub -> stub.settleRound(request));
  }

  /** Score hands given as card text with the default house rules: {@code scoreLieng("AC AD AH", "2S 3H 4D")}. */
  public ListenableFuture<ScoreLiengResponse> scoreLieng(String... hands) {
    return scoreLieng(ScoreLiengRequest.newBuilder().addAllHands(CardText.hands(hands)).build());
  }

  /** Rank hands given as card text with the default house rules. */
  public ListenableFuture<CompareHandsResponse> compareHands(String... hands) {
    return compareHands(CompareHandsRequest.newBuilder().addAllHands(CardText.hands(hands)).build());
  }
}
