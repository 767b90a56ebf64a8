package io.cardrules.client;

import com.google.common.util.concurrent.ListenableFuture;
import io.cardrules.v1.SamLocServiceGrpc;
import io.cardrules.v1.SamLocServiceLegalMovesRequest;
import io.cardrules.v1.SamLocServiceLegalMovesResponse;
import io.cardrules.v1.SamLocServiceSettleRoundRequest;
import io.cardrules.v1.SamLocServiceSettleRoundResponse;
import io.cardrules.v1.SamLocServiceStartHandRequest;
import io.cardrules.v1.SamLocServiceStartHandResponse;
import io.cardrules.v1.SamLocServiceValidatePlayRequest;
import io.cardrules.v1.SamLocServiceValidatePlayResponse;
import io.grpc.Channel;

/**
 * SamLocClient without blocking: each method returns at once a {@link ListenableFuture} of the answer, from the
 * generated {@link SamLocServiceGrpc} future stub. Each call gets the client's deadline (default 2 s); a failed call's
 * future fails with a {@link RulesException} subclass. Thread-safe; share one per channel. From Kotlin, {@code
 * await()} (kotlinx-coroutines-guava) or the {@code SamLocCoroutineClient} suspends instead.
 */
public final class SamLocFutureClient
    extends FutureClient<SamLocServiceGrpc.SamLocServiceFutureStub, SamLocFutureClient> {
  /** A client whose calls get {@link RulesChannels#DEFAULT_DEADLINE_MILLIS}. */
  public SamLocFutureClient(Channel channel) {
    this(channel, RulesChannels.DEFAULT_DEADLINE_MILLIS);
  }

  /** A client whose calls get {@code deadlineMillis} each. */
  public SamLocFutureClient(Channel channel, long deadlineMillis) {
    super(SamLocServiceGrpc.newFutureStub(channel), deadlineMillis);
  }

  private SamLocFutureClient(SamLocServiceGrpc.SamLocServiceFutureStub stub, long deadlineMillis) {
    super(stub, deadlineMillis);
  }

  @Override
  SamLocFutureClient with(SamLocServiceGrpc.SamLocServiceFutureStub stub, long deadlineMillis) {
    return new SamLocFutureClient(stub, deadlineMillis);
  }

  /** SamLocService/StartHand. */
  public ListenableFuture<SamLocServiceStartHandResponse> startHand(SamLocServiceStartHandRequest request) {
    return call(stub -> stub.startHand(request));
  }

  /** SamLocService/ValidatePlay. */
  public ListenableFuture<SamLocServiceValidatePlayResponse> validatePlay(SamLocServiceValidatePlayRequest request) {
    return call(stub -> stub.validatePlay(request));
  }

  /** SamLocService/LegalMoves. */
  public ListenableFuture<SamLocServiceLegalMovesResponse> legalMoves(SamLocServiceLegalMovesRequest request) {
    return call(stub -> stub.legalMoves(request));
  }

  /** SamLocService/SettleRound. */
  public ListenableFuture<SamLocServiceSettleRoundResponse> settleRound(SamLocServiceSettleRoundRequest request) {
    return call(stub -> stub.settleRound(request));
  }
}
