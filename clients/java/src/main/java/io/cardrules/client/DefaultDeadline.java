package io.cardrules.client;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.MethodDescriptor;
import java.util.concurrent.TimeUnit;

/**
 * Gives a call with no deadline of its own a default one, so a raw stub on this channel never waits forever. A
 * call that streams requests (the {@code Stream} RPC) gets none: it stays open by design.
 *
 * <p>An interceptor rather than a {@code timeout} in the service config, as in the Python SDK: there a config
 * timeout combined with retries turned an unreachable server's UNAVAILABLE into an early DEADLINE_EXCEEDED.
 */
public final class DefaultDeadline implements ClientInterceptor {
  private final long millis;

  public DefaultDeadline(long millis) {
    if (millis <= 0) {
      throw new IllegalArgumentException("a default deadline must be > 0 ms, not " + millis);
    }
    this.millis = millis;
  }

  @Override
  public <ReqT, RespT> ClientCall<ReqT, RespT> interceptCall(
      MethodDescriptor<ReqT, RespT> method, CallOptions options, Channel next) {
    // Only calls of one request: a Stream call is long-lived by design, and its messages carry no deadline.
    if (options.getDeadline() == null && method.getType().clientSendsOneMessage()) {
      options = options.withDeadlineAfter(millis, TimeUnit.MILLISECONDS);
    }
    return next.newCall(method, options);
  }
}
