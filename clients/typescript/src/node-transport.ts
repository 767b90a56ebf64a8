// The Node transport: gRPC over HTTP/2 (Connect's gRPC protocol needs trailers, so HTTP/2 always), with TLS files.
import type * as http2 from "node:http2";
import type { Transport } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { type CallDefaults, DEFAULT_TIMEOUT_MS, callInterceptors } from "./clients.js";
import { type TlsOptions, tlsSessionOptions, wantsTls } from "./tls.js";

export interface NodeClientOptions extends CallDefaults, TlsOptions {
  /** Further options for the HTTP/2 session; `ca`, `cert` and `key` are added to them. */
  readonly nodeOptions?: http2.ClientSessionOptions | http2.SecureClientSessionOptions;
}

/**
 * A gRPC transport to the service. `target` is a base URL (`http://host:port`, `https://host:port`) or a bare
 * `host:port`, taken as plaintext `http://` (the in-cluster default behind a gRPC-aware balancer), or as
 * `https://` when `ca`, `cert` or `key` is given. With `token`, every call carries `authorization: Bearer …`.
 */
export function createNodeTransport(target: string, options: NodeClientOptions = {}): Transport {
  const baseUrl = toBaseUrl(target, wantsTls(options));
  return createGrpcTransport({
    baseUrl,
    defaultTimeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    interceptors: callInterceptors(options),
    nodeOptions: tlsSessionOptions(baseUrl, options, options.nodeOptions),
  });
}

function toBaseUrl(target: string, tls: boolean): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    return target;
  }
  return `${tls ? "https" : "http"}://${target}`;
}
