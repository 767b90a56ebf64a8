// `@cardrules/client/web`: everything of `@cardrules/client`, with clients that reach the service over gRPC-Web
// (fetch), which browsers speak, through a front that translates it to gRPC (Envoy). No Node built-ins.
import type { Transport } from "@connectrpc/connect";
import * as clients from "./clients.js";
import { createWebTransport, type WebClientOptions } from "./web-transport.js";

export * from "./index.js";
export { createWebTransport, type WebClientOptions } from "./web-transport.js";

/** A Sâm Lốc client over gRPC-Web to `baseUrl` (e.g. `http://localhost:8080`), or over the given transport (then without options). */
export function createSamLocClient(target: string | Transport, options: WebClientOptions = {}): clients.SamLocClient {
  return clients.createSamLocClient(transportFor(target, options));
}

/** A Liêng client over gRPC-Web to `baseUrl` (e.g. `http://localhost:8080`), or over the given transport (then without options). */
export function createLiengClient(target: string | Transport, options: WebClientOptions = {}): clients.LiengClient {
  return clients.createLiengClient(transportFor(target, options));
}

function transportFor(target: string | Transport, options: WebClientOptions): Transport {
  if (typeof target === "string") {
    return createWebTransport(target, options);
  }
  clients.checkNoOptionsWithTransport(options);
  return target;
}
