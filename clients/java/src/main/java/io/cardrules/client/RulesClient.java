package io.cardrules.client;

import io.grpc.StatusRuntimeException;
import io.grpc.stub.AbstractBlockingStub;
import java.util.concurrent.TimeUnit;

/**
 * What both service clients share: the generated blocking stub, the per-call deadline, and failures as typed
 * exceptions.
 */
abstract class RulesClient<S extends AbstractBlockingStub<S>> {
  /** One RPC on the stub; an interface of its own rather than java.util.function, which older Androids lack. */
  interface Call<S, Resp> {
    Resp on(S stub);
  }

  private final S stub;
  private final long deadlineMillis;

  RulesClient(S stub, long deadlineMillis) {
    if (deadlineMillis <= 0) {
      throw new IllegalArgumentException("a deadline must be > 0 ms, not " + deadlineMillis);
    }
    this.stub = stub;
    this.deadlineMillis = deadlineMillis;
  }

  /** Runs {@code call} on the stub with a deadline {@code deadlineMillis} from now (each call its own). */
  final <Resp> Resp call(Call<S, Resp> call) {
    try {
      return call.on(stub.withDeadlineAfter(deadlineMillis, TimeUnit.MILLISECONDS));
    } catch (StatusRuntimeException error) {
      throw RulesException.from(error);
    }
  }
}
