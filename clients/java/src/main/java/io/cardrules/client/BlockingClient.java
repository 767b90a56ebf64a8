package io.cardrules.client;

import io.grpc.StatusRuntimeException;
import io.grpc.stub.AbstractBlockingStub;

/** A client over a blocking stub: each call waits for its answer and throws a {@link RulesException} on failure. */
abstract class BlockingClient<S extends AbstractBlockingStub<S>, C extends BlockingClient<S, C>>
    extends RulesClient<S, C> {
  /** One RPC on the stub; an interface of its own rather than java.util.function, which older Androids lack. */
  interface Call<S, Resp> {
    Resp on(S stub);
  }

  BlockingClient(S stub, long deadlineMillis) {
    super(stub, deadlineMillis);
  }

  final <Resp> Resp call(Call<S, Resp> call) {
    try {
      return call.on(stubForCall());
    } catch (StatusRuntimeException error) {
      throw RulesException.from(error);
    }
  }
}
