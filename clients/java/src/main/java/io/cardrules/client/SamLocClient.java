package io.cardrules.client;

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
 * Typed calls to {@code cardrules.v1.SamLocService} through the generated {@link SamLocServiceGrpc} blocking stub, one
 * method per RPC named after it. Each call gets the client's deadline (default 2 s) and a failed call throws a
 * {@link RulesException} subclass. Thread-safe; share one per channel. {@link SamActions#fromMove} turns a legal
 * move into the action to validate; {@link SamLocFutureClient} is the same without blocking.
 */
public final class SamLocClient
    extends BlockingClient<SamLocServiceGrpc.SamLocServiceBlockingStub, SamLocClient> {
  /** A client whose calls get {@link RulesChannels#DEFAULT_DEADLINE_MILLIS}. */
  public SamLocClient(Channel channel) {
    this(channel, RulesChannels.DEFAULT_DEADLINE_MILLIS);
  }

  /** A client whose calls get {@code deadlineMillis} each. */
  public SamLocClient(Channel channel, long deadlineMillis) {
    super(SamLocServiceGrpc.newBlockingStub(channel), deadlineMillis);
  }

  private SamLocClient(SamLocServiceGrpc.SamLocServiceBlockingStub stub, long deadlineMillis) {
    super(stub, deadlineMillis);
  }

  @Override
  SamLocClient with(SamLocServiceGrpc.SamLocServiceBlockingStub stub, long deadlineMillis) {
    return new SamLocClient(stub, deadlineMillis);
  }

  /** SamLocService/StartHand. */
  public SamLocServiceStartHandResponse startHand(SamLocServiceStartHandRequest request) {
    return call(stub -> stub.startHand(request));
  }

  /** SamLocService/ValidatePlay. */
  public SamLocServiceValidatePlayResponse validatePlay(SamLocServiceValidatePlayRequest request) {
    return call(stub -> stub.validatePlay(request));
  }

  /** SamLocService/LegalMoves. */
  public SamLocServiceLegalMovesResponse legalMoves(SamLocServiceLegalMovesRequest request) {
    return call(stub -> stub.legalMoves(request));
  }

  /** SamLocService/SettleRound. */
  public SamLocServiceSettleRoundResponse settleRound(SamLocServiceSettleRoundRequest request) {
    return call(stub -> stub.settleRound(request));
  }
}
