package io.cardrules.client;

import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.ListenableFuture;
import com.google.common.util.concurrent.MoreExecutors;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.AbstractFutureStub;

/**
 * A client over a future stub: each call returns at once a {@link ListenableFuture} that fails with a
 * {@link RulesException} (the cause of {@code get()}'s ExecutionException; Kotlin's {@code await()} throws it).
 */
abstract class FutureClient<S extends AbstractFutureStub<S>, C extends FutureClient<S, C>>
    extends RulesClient<S, C> {
  /** One RPC on the stub. */
  interface Call<S, Resp> {
    ListenableFuture<Resp> on(S stub);
  }

  FutureClient(S stub, long deadlineMillis) {
    super(stub, deadlineMillis);
  }

  final <Resp> ListenableFuture<Resp> call(Call<S, Resp> call) {
    // directExecutor: the mapping is a few allocations, not worth a thread hop.
    return Futures.catching(
        call.on(stubForCall()),
        StatusRuntimeException.class,
        error -> {
          throw RulesException.from(error);
        },
        MoreExecutors.directExecutor());
  }
}
