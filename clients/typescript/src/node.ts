// `@cardrules/client/node`: everything of `@cardrules/client`, with clients that speak gRPC over HTTP/2 straight
// to the service (TLS and mutual TLS included), unary or in stream mode, and the conformance runner that reads
// vector files from disk.
import type { Transport } from "@connectrpc/connect";
import * as clients from "./clients.js";
import {
  createClosableNodeTransport,
  createStreamTransport,
  type NodeClientOptions,
  wantsStreams,
} from "./node-transport.js";

export * from "./index.js";
export { createNodeTransport, createStreamTransport, type NodeClientOptions } from "./node-transport.js";
export { type ClosableTransport, DEFAULT_STREAMS } from "./stream-transport.js";
export type { Pem, TlsOptions } from "./tls.js";
export { type CaseFailure, type ConformanceResult, runConformance } from "./runner.js";
export { loadVectors } from "./vectors.js";

/** A client that can release what it holds open. */
export interface Closable {
  /**
   * Close the connections the client opened (in stream mode its streams keep Node running until then); calls still
   * waiting fail with CANCELLED, later calls too. A client made over a ready Transport closes nothing: close that
   * transport.
   */
  close(): Promise<void>;
}

export type NodeSamLocClient = clients.SamLocClient & Closable;
export type NodeLiengClient = clients.LiengClient & Closable;

/**
 * A Sâm Lốc client over gRPC to `target` (`http://host:port`, `https://host:port` or `host:port`), or over the
 * given transport (then without options, which a ready transport cannot apply): `await sam.validatePlay({...})`.
 * With `{ streams: n }` the calls go over n long-lived streams. Failures throw RulesError and its subclasses.
 */
export function createSamLocClient(target: string | Transport, options: NodeClientOptions = {}): NodeSamLocClient {
  const { transport, close } = transportFor(target, options);
  return Object.assign(clients.createSamLocClient(transport), { close });
}

/**
 * A Liêng client over gRPC to `target` (`http://host:port`, `https://host:port` or `host:port`), or over the
 * given transport (then without options, which a ready transport cannot apply): `await lieng.scoreLieng({...})`.
 * With `{ streams: n }` the calls go over n long-lived streams. Failures throw RulesError and its subclasses.
 */
export function createLiengClient(target: string | Transport, options: NodeClientOptions = {}): NodeLiengClient {
  const { transport, close } = transportFor(target, options);
  return Object.assign(clients.createLiengClient(transport), { close });
}

function transportFor(target: string | Transport, options: NodeClientOptions): { transport: Transport } & Closable {
  if (typeof target !== "string") {
    clients.checkNoOptionsWithTransport(options);
    return { transport: target, close: () => Promise.resolve() };
  }
  const transport = wantsStreams(options)
    ? createStreamTransport(target, options)
    : createClosableNodeTransport(target, options);
  return { transport, close: () => transport.close() };
}
