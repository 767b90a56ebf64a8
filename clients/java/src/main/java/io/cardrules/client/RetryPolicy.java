package io.cardrules.client;

import io.grpc.Status;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The SDK's retry policy, in one place: the service config gives it to grpc-java for unary calls, and stream mode
 * applies it to calls sent on a stream. Every rules RPC is a pure function of its request, so sending one again can
 * never apply it twice.
 */
final class RetryPolicy {
  static final int MAX_ATTEMPTS = 4;
  static final long INITIAL_BACKOFF_MILLIS = 100;
  static final long MAX_BACKOFF_MILLIS = 1000;
  static final double BACKOFF_MULTIPLIER = 2.0;
  /**
   * CANCELLED too: a replica shutting down cancels calls it had accepted but not started, and another replica may
   * answer them. A cancellation by this client itself is never retried.
   */
  static final List<Status.Code> RETRYABLE_CODES =
      Collections.unmodifiableList(Arrays.asList(Status.Code.UNAVAILABLE, Status.Code.CANCELLED));

  static final RetryPolicy ON = new RetryPolicy(MAX_ATTEMPTS);
  static final RetryPolicy OFF = new RetryPolicy(1);

  private final int maxAttempts;

  private RetryPolicy(int maxAttempts) {
    this.maxAttempts = maxAttempts;
  }

  /** Attempts a call gets in all, the first one included. */
  int maxAttempts() {
    return maxAttempts;
  }

  /** Whether a call that failed with {@code code} may be sent again (attempts allowing). */
  boolean retries(Status.Code code) {
    return maxAttempts > 1 && RETRYABLE_CODES.contains(code);
  }

  /**
   * How long to wait before attempt {@code attempt} (2 for the first retry): gRPC's jittered exponential backoff,
   * a random time up to min(initial * multiplier^(attempt-2), max).
   */
  static long backoffMillis(int attempt) {
    double ceiling =
        Math.min(INITIAL_BACKOFF_MILLIS * Math.pow(BACKOFF_MULTIPLIER, attempt - 2), MAX_BACKOFF_MILLIS);
    return (long) (ThreadLocalRandom.current().nextDouble() * ceiling);
  }
}
