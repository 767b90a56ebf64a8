// What `@cardrules/client/web` adds to a service's client (src/gen/services-web.ts makes one per service with it): a
// gRPC-Web transport made from a base URL and the client options. No Node built-ins.
import type { Transport } from "@connectrpc/connect";
import { checkNoOptionsWithTransport } from "./clients.js";
import { createWebTransport, type WebClientOptions } from "./web-transport.js";

/**
 * `create` (a service's client over a transport) over gRPC-Web to `target`, or over the given transport (then
 * without options, which a ready transport cannot apply).
 */
export function overWeb<C>(
  create: (transport: Transport) => C,
  target: string | Transport,
  options: WebClientOptions,
): C {
  if (typeof target === "string") {
    return create(createWebTransport(target, options));
  }
  checkNoOptionsWithTransport(options);
  return create(target);
}
