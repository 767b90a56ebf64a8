// Clients for the two services over gRPC (HTTP/2), with the defaults a game backend wants: a deadline on every
// call, retries on UNAVAILABLE, failures thrown as typed errors (RulesError and its subclasses), and the
// credentials a server with authentication on asks for (a bearer token, TLS client certificates).
import type * as http2 from "node:http2";
import type { DescService } from "@bufbuild/protobuf";
import { type Client, createClient, type Interceptor, type Transport } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { bearerTokenInterceptor, type CredentialOptions, tlsSessionOptions, wantsTls } from "./auth.js";
import { toRulesError } from "./errors.js";
import { LiengService } from "./gen/cardrules/v1/lieng_pb.js";
import { SamLocService } from "./gen/cardrules/v1/sam_loc_pb.js";
import { type RetryOptions, retryInterceptor } from "./retry.js";

/** The deadline of a call unless the client options or the call's own options say otherwise. */
export const DEFAULT_TIMEOUT_MS = 2000;

export interface ClientOptions extends CredentialOptions {
  /** Deadline of each call in milliseconds, retries included; default 2000. A call may override it. */
  readonly timeoutMs?: number;
  /** Retry policy for UNAVAILABLE; `false` disables retrying. Default: 4 attempts, exponential backoff. */
  readonly retry?: RetryOptions | false;
  /** Extra interceptors (auth headers, tracing); they run inside the retry loop, once per attempt. */
  readonly interceptors?: readonly Interceptor[];
  /** Further options for the HTTP/2 session; `ca`, `cert` and `key` above are added to them. */
  readonly nodeOptions?: http2.ClientSessionOptions | http2.SecureClientSessionOptions;
}

export type SamLocClient = Client<typeof SamLocService>;
export type LiengClient = Client<typeof LiengService>;

/**
 * The gRPC transport both clients use. `target` is a base URL (`http://host:port`, `https://host:port`) or a
 * bare `host:port`, taken as plaintext `http://` (the in-cluster default behind a gRPC-aware balancer), or as
 * `https://` when `ca`, `cert` or `key` is given. With `token`, every call carries `authorization: Bearer …`.
 */
export function createCardrulesTransport(target: string, options: ClientOptions = {}): Transport {
  const retry = options.retry === false ? [] : [retryInterceptor(options.retry)];
  const token = options.token === undefined ? [] : [bearerTokenInterceptor(options.token)];
  const baseUrl = toBaseUrl(target, wantsTls(options));
  const nodeOptions = tlsSessionOptions(baseUrl, options, options.nodeOptions);
  return createGrpcTransport({
    // gRPC needs HTTP/2 (trailers), and Connect's gRPC transport always speaks it: no httpVersion to choose.
    baseUrl,
    defaultTimeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    // Connect applies interceptors outermost first: retry wraps the others, so they see every attempt.
    interceptors: [...retry, ...token, ...(options.interceptors ?? [])],
    nodeOptions,
  });
}

/** A Sâm Lốc client: `await client.validatePlay({...})`. Failures throw RulesError / InvalidArgumentError. */
export function createSamLocClient(target: string | Transport, options: ClientOptions = {}): SamLocClient {
  return createTypedClient(SamLocService, target, options);
}

/** A Liêng client: `await client.scoreLieng({...})`. Failures throw RulesError / InvalidArgumentError. */
export function createLiengClient(target: string | Transport, options: ClientOptions = {}): LiengClient {
  return createTypedClient(LiengService, target, options);
}

function createTypedClient<S extends DescService>(
  service: S,
  target: string | Transport,
  options: ClientOptions,
): Client<S> {
  const transport = typeof target === "string" ? createCardrulesTransport(target, options) : target;
  return withTypedErrors(service, createClient(service, transport));
}

// Connect rethrows anything an interceptor throws as a ConnectError, so the mapping to typed errors happens
// here, around each method of the finished client. Every method of the contract is unary.
function withTypedErrors<S extends DescService>(service: S, client: Client<S>): Client<S> {
  type Call = (...args: unknown[]) => Promise<unknown>;
  const calls = client as unknown as Readonly<Record<string, Call | undefined>>;
  const wrapped: Record<string, Call> = {};
  for (const method of service.methods) {
    const call = calls[method.localName];
    if (call === undefined) {
      throw new Error(`connect client has no method ${method.localName}`);
    }
    wrapped[method.localName] = async (...args) => {
      try {
        return await call(...args);
      } catch (error) {
        throw toRulesError(error);
      }
    };
  }
  return wrapped as unknown as Client<S>;
}

function toBaseUrl(target: string, tls: boolean): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    return target;
  }
  return `${tls ? "https" : "http"}://${target}`;
}
