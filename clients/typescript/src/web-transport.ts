// The browser transport: gRPC-Web over fetch, which browsers can speak (gRPC needs HTTP/2 trailers, which fetch
// cannot read). The service speaks gRPC only, so gRPC-Web goes through a front that translates, such as Envoy.
import { Code, ConnectError, type Transport } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { type CallDefaults, DEFAULT_TIMEOUT_MS, callInterceptors } from "./clients.js";

export interface WebClientOptions extends CallDefaults {
  /** The fetch to use, e.g. one setting `credentials`; default `globalThis.fetch`. */
  readonly fetch?: typeof globalThis.fetch;
}

/**
 * A gRPC-Web transport to the service's HTTP front. `baseUrl` is its URL (`https://rules.example.com`,
 * `http://localhost:8080`, or `"/"` for the page's own origin). With `token`, every call carries
 * `authorization: Bearer …` (a browser page can be read by its user: give it only a token meant for them).
 */
export function createWebTransport(baseUrl: string, options: WebClientOptions = {}): Transport {
  return createGrpcWebTransport({
    baseUrl,
    defaultTimeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    interceptors: callInterceptors(options),
    fetch: unavailableOnNetworkError(options.fetch),
  });
}

// fetch rejects with a bare TypeError when it cannot reach the server at all (refused, reset, DNS, CORS), which
// Connect reports as UNKNOWN; for the caller that is the front being unreachable, UNAVAILABLE, and worth a retry
// like any other UNAVAILABLE. An abort (the deadline, or the caller's signal) stays what it is.
function unavailableOnNetworkError(fetch: typeof globalThis.fetch | undefined): typeof globalThis.fetch {
  return async (input, init) => {
    try {
      // Looked up per call, not at creation: a page may install its fetch after the client is made.
      return await (fetch ?? globalThis.fetch)(input, init);
    } catch (error) {
      if (error instanceof TypeError && init?.signal?.aborted !== true) {
        throw new ConnectError(`cannot reach ${String(input)}: ${error.message}`, Code.Unavailable, undefined, undefined, error);
      }
      throw error;
    }
  };
}
