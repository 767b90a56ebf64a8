package io.cardrules.client;

import io.grpc.CallCredentials;
import io.grpc.Deadline;
import io.grpc.stub.AbstractStub;
import java.util.concurrent.TimeUnit;

/**
 * What every service client shares: a generated stub (blocking or future), the deadline each call gets, and the
 * per-call options ({@link #withDeadlineAfter}, {@link #withCallCredentials}) that return a new client, as
 * grpc-java's stubs do.
 *
 * @param <S> the generated stub
 * @param <C> the concrete client, returned by the {@code with...} methods
 */
abstract class RulesClient<S extends AbstractStub<S>, C extends RulesClient<S, C>> {
  private final S stub;
  private final long deadlineMillis;

  RulesClient(S stub, long deadlineMillis) {
    if (deadlineMillis <= 0) {
      throw new IllegalArgumentException("a deadline must be > 0 ms, not " + deadlineMillis);
    }
    this.stub = stub;
    this.deadlineMillis = deadlineMillis;
  }

  /** The same client on {@code stub} (whose call options carry a deadline or call credentials). */
  abstract C with(S stub, long deadlineMillis);

  /**
   * A client whose calls must end within {@code duration} from now, as {@code stub.withDeadlineAfter} in grpc-java:
   * one deadline for a call, or for a group of calls made through the returned client. The client this is called
   * on keeps its per-call deadline.
   */
  public final C withDeadlineAfter(long duration, TimeUnit unit) {
    if (duration <= 0) {
      throw new IllegalArgumentException("a deadline must be > 0, not " + duration + " " + unit);
    }
    return with(stub.withDeadline(Deadline.after(duration, unit)), deadlineMillis);
  }

  /** A client whose calls each get {@code duration} (the default is {@link RulesChannels#DEFAULT_DEADLINE_MILLIS}). */
  public final C withTimeout(long duration, TimeUnit unit) {
    return with(stub.withDeadline(null), unit.toMillis(duration));
  }

  /**
   * A client whose calls carry these call credentials, e.g. {@code BearerToken.of(token)} for one tenant's
   * calls on a shared channel. They replace those of an earlier {@code withCallCredentials}. A channel built with
   * {@link RulesChannelBuilder#token} sends its own token too, so use one or the other.
   */
  public final C withCallCredentials(CallCredentials credentials) {
    if (credentials == null) {
      throw new IllegalArgumentException("call credentials must not be null");
    }
    return with(stub.withCallCredentials(credentials), deadlineMillis);
  }

  /** The stub for one call: the fixed deadline of {@link #withDeadlineAfter}, else the per-call one from now. */
  final S stubForCall() {
    return stub.getCallOptions().getDeadline() != null
        ? stub
        : stub.withDeadlineAfter(deadlineMillis, TimeUnit.MILLISECONDS);
  }
}
