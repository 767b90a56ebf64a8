// `@cardrules/client/node`: everything of `@cardrules/client`, with clients that speak gRPC over HTTP/2 straight
// to the service (TLS and mutual TLS included), unary or in stream mode, and the conformance runner that reads
// vector files from disk.

// Everything of index.ts, with each service's create<Game>Client taking a target (generated from the contract).
export * from "./gen/services-node.js";
export type { Closable } from "./node-clients.js";
export { createNodeTransport, createStreamTransport, type NodeClientOptions } from "./node-transport.js";
export { type ClosableTransport, DEFAULT_STREAMS } from "./stream-transport.js";
export type { Pem, TlsOptions } from "./tls.js";
export { type CaseFailure, type ConformanceResult, runConformance } from "./runner.js";
export { loadVectors } from "./vectors.js";
