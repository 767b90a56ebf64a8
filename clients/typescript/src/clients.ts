// What every service's client shares (src/gen/services.ts makes one per service with it): failures thrown as typed
// errors (RulesError and its subclasses), and the call defaults every transport of the SDK takes: a deadline on
// every call, retries on UNAVAILABLE, a bearer token. Browser-safe: the transports themselves are in
// node-transport.ts / web-transport.ts.
import type { DescService } from "@bufbuild/protobuf";
import type { Client, Interceptor } from "@connectrpc/connect";
import { bearerTokenInterceptor } from "./auth.js";
import { toRulesError } from "./errors.js";
import { type RetryOptions, retryInterceptor } from "./retry.js";

/** The deadline of a call unless the client options or the call's own options say otherwise. */
export const DEFAULT_TIMEOUT_MS = 2000;

/** What every transport of the SDK takes, over gRPC (Node) or gRPC-Web (browsers). */
export interface CallDefaults {
  /** Deadline of each call in milliseconds, retries included; default 2000. A call may override it. */
  readonly timeoutMs?: number;
  /** Retry policy for UNAVAILABLE; `false` disables retrying. Default: 4 attempts, exponential backoff. */
  readonly retry?: RetryOptions | false;
  /**
   * Bearer token sent as `authorization: Bearer <token>` on every call. Over a plaintext `http://` target anyone
   * on the path can read it: use that only on a trusted network or the same host, and `https://` elsewhere.
   */
  readonly token?: string;
  /** Extra interceptors (auth headers, tracing); they run inside the retry loop, once per attempt. */
  readonly interceptors?: readonly Interceptor[];
}

/** The interceptors a transport needs for `options`, outermost first (Connect's order). */
export function callInterceptors(options: CallDefaults): Interceptor[] {
  const retry = options.retry === false ? [] : [retryInterceptor(options.retry)];
  const token = options.token === undefined ? [] : [bearerTokenInterceptor(options.token)];
  // Retry wraps the others, so they see every attempt.
  return [...retry, ...token, ...(options.interceptors ?? [])];
}

/**
 * `client` (from Connect's `createClient(service, transport)`) with every failure thrown as a RulesError (and
 * subclasses), whatever the method's kind: a unary or client-streaming call rejects with one, a server-streaming
 * or bidi call's iteration throws one. Every create<Game>Client uses it; it is exported for clients of other
 * services over the same transports.
 */
export function withTypedErrors<S extends DescService>(service: S, client: Client<S>): Client<S> {
  // Connect rethrows anything an interceptor throws as a ConnectError, so the mapping to typed errors happens
  // here, around each method of the finished client.
  const calls = client as unknown as Readonly<Record<string, ((...args: unknown[]) => unknown) | undefined>>;
  const wrapped: Record<string, (...args: unknown[]) => unknown> = {};
  for (const method of service.methods) {
    const call = calls[method.localName];
    if (call === undefined) {
      throw new Error(`connect client has no method ${method.localName}`);
    }
    switch (method.methodKind) {
      case "unary":
      case "client_streaming":
        wrapped[method.localName] = async (...args) => {
          try {
            return await call(...args);
          } catch (error) {
            throw toRulesError(error);
          }
        };
        break;
      case "server_streaming":
      case "bidi_streaming":
        wrapped[method.localName] = (...args) => typedIteration(call(...args) as AsyncIterable<unknown>);
        break;
    }
  }
  return wrapped as unknown as Client<S>;
}

// The responses of a stream, failures included, as they come; breaking out of the loop early still closes the
// underlying call (the generator's return reaches the inner iterator through for await).
async function* typedIteration<T>(responses: AsyncIterable<T>): AsyncGenerator<T, void, undefined> {
  try {
    for await (const response of responses) {
      yield response;
    }
  } catch (error) {
    throw toRulesError(error);
  }
}

/**
 * What `create<Game>Client(target, options)` does with its options when `target` is a ready Transport: nothing can
 * apply them (deadlines, retries, token and TLS are set when a transport is made), so passing any is an error
 * rather than silently ignored.
 */
export function checkNoOptionsWithTransport(options: object): void {
  const given = Object.entries(options)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key);
  if (given.length > 0) {
    throw new TypeError(
      `options (${given.join(", ")}) cannot apply to a ready Transport: pass them where the transport is ` +
        "made (createNodeTransport(target, options) or createWebTransport(baseUrl, options)), or pass a target " +
        "string instead of the transport",
    );
  }
}
