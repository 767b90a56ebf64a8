// The Node transport: gRPC over HTTP/2 (Connect's gRPC protocol needs trailers, so HTTP/2 always), with TLS files,
// and stream mode, which sends the same calls over a pool of long-lived streams (stream-transport.ts).
import type * as http2 from "node:http2";
import type { Transport } from "@connectrpc/connect";
import { createGrpcTransport, Http2SessionManager } from "@connectrpc/connect-node";
import { type CallDefaults, DEFAULT_TIMEOUT_MS, callInterceptors } from "./clients.js";
import {
  CLOSED,
  callSignal,
  type ClosableTransport,
  createStreamPool,
  DEFAULT_STREAMS,
  type PoolConnection,
} from "./stream-transport.js";
import { type TlsOptions, tlsSessionOptions, wantsTls } from "./tls.js";

export interface NodeClientOptions extends CallDefaults, TlsOptions {
  /** Further options for the HTTP/2 session; `ca`, `cert` and `key` are added to them. */
  readonly nodeOptions?: http2.ClientSessionOptions | http2.SecureClientSessionOptions;
  /**
   * Stream mode: send the calls as messages on this many long-lived streams per service (each on its own HTTP/2
   * connection) instead of one HTTP/2 stream per call, which costs the server much less CPU per call; 0, the
   * default, for ordinary unary calls. The client then holds its connections open until `close()`. Needs a
   * server with the `Stream` RPCs, reached over gRPC (not gRPC-Web).
   */
  readonly streams?: number;
}

/**
 * A gRPC transport to the service. `target` is a base URL (`http://host:port`, `https://host:port`) or a bare
 * `host:port`, taken as plaintext `http://` (the in-cluster default behind a gRPC-aware balancer), or as
 * `https://` when `ca`, `cert` or `key` is given. With `token`, every call carries `authorization: Bearer …`.
 */
export function createNodeTransport(target: string, options: NodeClientOptions = {}): Transport {
  if (wantsStreams(options)) {
    throw new TypeError(
      "stream mode holds connections open until closed: use createStreamTransport(target, options), or a client " +
        "made with { streams: n } and its close()",
    );
  }
  return nodeConnection(target, options).transport;
}

/** Whether `options` ask for stream mode (`streams` other than 0). */
export function wantsStreams(options: NodeClientOptions): boolean {
  return options.streams !== undefined && options.streams !== 0;
}

/**
 * A stream-mode transport to the service (the `target` and options of createNodeTransport; `streams` per service,
 * default 2): the clients over it send each call as a message on one of a few long-lived streams, with the same
 * deadlines, retries and errors as unary calls. One transport can serve both clients. `close()` it when done: its
 * open streams keep Node running.
 */
export function createStreamTransport(target: string, options: NodeClientOptions = {}): ClosableTransport {
  // Checked once here, so a bad TLS setting fails now rather than on the first call.
  nodeSessionOptions(target, options);
  return createStreamPool(() => nodeConnection(target, options), {
    streams: options.streams ?? DEFAULT_STREAMS,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry: options.retry ?? {},
  });
}

/**
 * A unary transport (createNodeTransport's) that close() can shut: calls under way then fail with CANCELLED, later
 * ones too, and the HTTP/2 session is closed.
 */
export function createClosableNodeTransport(target: string, options: NodeClientOptions): ClosableTransport {
  const connection = nodeConnection(target, options);
  const calls = new Set<AbortController>();
  let closed = false;
  // Each call runs under a signal of its own, which close() aborts (a call already cancelled is never retried).
  function tracked<T>(caller: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (closed) {
      return Promise.reject(CLOSED());
    }
    const signal = callSignal(caller, 0);
    calls.add(signal.controller);
    return run(signal.signal).finally(() => {
      calls.delete(signal.controller);
      signal.release();
    });
  }
  return {
    unary: (method, signal, timeoutMs, header, input, contextValues) =>
      tracked(signal, (own) => connection.transport.unary(method, own, timeoutMs, header, input, contextValues)),
    // A stream outlives the promise of its response, so it keeps its caller's signal; close() ends it with the
    // session (streams are never retried).
    stream: (method, signal, timeoutMs, header, input, contextValues) =>
      closed
        ? Promise.reject(CLOSED())
        : connection.transport.stream(method, signal, timeoutMs, header, input, contextValues),
    close: () => {
      closed = true;
      for (const call of calls) {
        call.abort(CLOSED());
      }
      connection.close();
      return Promise.resolve();
    },
  };
}

/**
 * One HTTP/2 session to the target and a gRPC transport over it. Connect keeps a session per transport: every
 * call of the transport shares that one connection, reconnecting when it breaks or the server sends GOAWAY.
 */
export function nodeConnection(target: string, options: NodeClientOptions): PoolConnection {
  const { baseUrl, sessionOptions } = nodeSessionOptions(target, options);
  const sessions = new Http2SessionManager(baseUrl, undefined, sessionOptions);
  const transport = createGrpcTransport({
    baseUrl,
    defaultTimeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    interceptors: callInterceptors(options),
    sessionManager: sessions,
  });
  return {
    transport,
    probe: async () => (await sessions.connect()) !== "error",
    close: () => sessions.abort(),
  };
}

function nodeSessionOptions(
  target: string,
  options: NodeClientOptions,
): { baseUrl: string; sessionOptions: http2.ClientSessionOptions | http2.SecureClientSessionOptions } {
  const baseUrl = toBaseUrl(target, wantsTls(options));
  return { baseUrl, sessionOptions: tlsSessionOptions(baseUrl, options, options.nodeOptions) };
}

function toBaseUrl(target: string, tls: boolean): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    return target;
  }
  return `${tls ? "https" : "http"}://${target}`;
}
