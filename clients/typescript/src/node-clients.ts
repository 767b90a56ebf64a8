// What `@cardrules/client/node` adds to a service's client (src/gen/services-node.ts makes one per service with it):
// a transport made from a target and the client options, and a close() for what that transport holds open.
import type { Transport } from "@connectrpc/connect";
import { checkNoOptionsWithTransport } from "./clients.js";
import {
  createClosableNodeTransport,
  createStreamTransport,
  type NodeClientOptions,
  wantsStreams,
} from "./node-transport.js";

/** A client that can release what it holds open. */
export interface Closable {
  /**
   * Close the connections the client opened (in stream mode its streams keep Node running until then); calls still
   * waiting fail with CANCELLED, later calls too. A client made over a ready Transport closes nothing: close that
   * transport.
   */
  close(): Promise<void>;
}

/**
 * `create` (a service's client over a transport) over gRPC to `target`, in stream mode with `{ streams: n }`, or over
 * the given transport (then without options, which a ready transport cannot apply), with close().
 */
export function overNode<C extends object>(
  create: (transport: Transport) => C,
  target: string | Transport,
  options: NodeClientOptions,
): C & Closable {
  if (typeof target !== "string") {
    checkNoOptionsWithTransport(options);
    return Object.assign(create(target), { close: () => Promise.resolve() });
  }
  const transport = wantsStreams(options)
    ? createStreamTransport(target, options)
    : createClosableNodeTransport(target, options);
  return Object.assign(create(transport), { close: () => transport.close() });
}
