// `@cardrules/client/node`: everything of `@cardrules/client`, with clients that speak gRPC over HTTP/2 straight
// to the service (TLS and mutual TLS included), and the conformance runner that reads vector files from disk.
import type { Transport } from "@connectrpc/connect";
import * as clients from "./clients.js";
import { createNodeTransport, type NodeClientOptions } from "./node-transport.js";

export * from "./index.js";
export { createNodeTransport, type NodeClientOptions } from "./node-transport.js";
export type { Pem, TlsOptions } from "./tls.js";
export { type CaseFailure, type ConformanceResult, runConformance } from "./runner.js";
export { loadVectors } from "./vectors.js";

/**
 * A Sâm Lốc client over gRPC to `target` (`http://host:port`, `https://host:port` or `host:port`), or over the
 * given transport (then without options, which a ready transport cannot apply): `await sam.validatePlay({...})`. Failures throw RulesError and its subclasses.
 */
export function createSamLocClient(target: string | Transport, options: NodeClientOptions = {}): clients.SamLocClient {
  return clients.createSamLocClient(transportFor(target, options));
}

/**
 * A Liêng client over gRPC to `target` (`http://host:port`, `https://host:port` or `host:port`), or over the
 * given transport (then without options, which a ready transport cannot apply): `await lieng.scoreLieng({...})`. Failures throw RulesError and its subclasses.
 */
export function createLiengClient(target: string | Transport, options: NodeClientOptions = {}): clients.LiengClient {
  return clients.createLiengClient(transportFor(target, options));
}

function transportFor(target: string | Transport, options: NodeClientOptions): Transport {
  if (typeof target === "string") {
    return createNodeTransport(target, options);
  }
  clients.checkNoOptionsWithTransport(options);
  return target;
}
