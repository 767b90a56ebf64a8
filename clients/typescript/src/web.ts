// `@cardrules/client/web`: everything of `@cardrules/client`, with clients that reach the service over gRPC-Web
// (fetch), which browsers speak, through a front that translates it to gRPC (Envoy). No Node built-ins.

// Everything of index.ts, with each service's create<Game>Client taking a base URL (generated from the contract).
export * from "./gen/services-web.js";
export { createWebTransport, type WebClientOptions } from "./web-transport.js";
