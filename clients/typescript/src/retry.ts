// Retrying UNAVAILABLE (and a server's CANCELLED). Every cardrules call is a pure function of its request (the service is stateless), so
// re-sending is always safe; UNAVAILABLE is what a replica that is restarting, draining on SIGTERM or not yet
// reachable answers, and another attempt usually lands on a healthy one. Other codes are final answers.
import { Code, ConnectError, type Interceptor } from "@connectrpc/connect";

export interface RetryOptions {
  /** Attempts in total, the first included; default 4. 1 disables retrying. */
  readonly maxAttempts?: number;
  /** Backoff before the second attempt; doubles each time. Default 50 ms. */
  readonly initialBackoffMs?: number;
  /** Upper bound of one backoff. Default 1000 ms. */
  readonly maxBackoffMs?: number;
}

export const DEFAULT_RETRY: Required<RetryOptions> = { maxAttempts: 4, initialBackoffMs: 50, maxBackoffMs: 1000 };

/**
 * An interceptor that retries unary calls failing with UNAVAILABLE, with exponential backoff and jitter.
 * The call's deadline covers all attempts: Connect arms one deadline signal per call before interceptors run,
 * so a retry never extends the time the caller agreed to wait.
 */
export function retryInterceptor(options: RetryOptions = {}): Interceptor {
  const { maxAttempts, initialBackoffMs, maxBackoffMs } = { ...DEFAULT_RETRY, ...options };
  return (next) => async (req) => {
    // A streamed request body can be consumed only once; the contract has no streaming methods anyway.
    if (req.stream) {
      return next(req);
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await next(req);
      } catch (error) {
        if (!isRetryable(ConnectError.from(error).code, req.signal) || attempt >= maxAttempts) {
          throw error;
        }
        await sleep(backoffMs(attempt, initialBackoffMs, maxBackoffMs), req.signal);
      }
    }
  };
}

/**
 * Whether a call that failed with `code` is worth another attempt: UNAVAILABLE, and CANCELLED from the server (a
 * replica shutting down cancels calls it accepted but had not started). A call whose own signal was aborted (its
 * deadline, or its caller) is never retried.
 */
export function isRetryable(code: Code, signal: AbortSignal): boolean {
  return !signal.aborted && (code === Code.Unavailable || code === Code.Canceled);
}

/** Exponential backoff with jitter in [50%, 100%] so clients that failed together do not retry together. */
export function backoffMs(attempt: number, initialMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, initialMs * 2 ** (attempt - 1));
  return ceiling * (0.5 + Math.random() / 2);
}

/**
 * Resolves after `ms`, or early when the call is aborted (its deadline passed): the next attempt then fails at once
 * with the abort reason instead of the caller waiting out a backoff it can no longer use.
 */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}
