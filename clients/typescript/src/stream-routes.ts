// Where each unary call goes on its service's multiplexed stream, read from the service descriptors: the
// contract's `Stream` RPC takes a oneof `call` holding one field per unary request type, and answers with a oneof
// `result` holding the matching response type or a google.rpc.Status `error`. Nothing here names a game's method,
// so a method added to the contract is routed without code changes. Browser-safe (no transport).
import type { DescField, DescMessage, DescMethod, DescMethodBiDiStreaming, DescService } from "@bufbuild/protobuf";
import { StatusSchema } from "./gen/google/rpc/status_pb.js";

/** How one unary method travels on its service's stream. */
export interface StreamRoute {
  /** The service's bidirectional `Stream` method. */
  readonly stream: DescMethodBiDiStreaming;
  /** The `call` oneof case (a field's localName, e.g. "validatePlay") that carries the request. */
  readonly callCase: string;
  /** The `result` oneof case that carries the response. */
  readonly resultCase: string;
  /** The `result` oneof case that carries a google.rpc.Status. */
  readonly errorCase: string;
}

const routesByService = new WeakMap<DescService, ReadonlyMap<DescMethod, StreamRoute>>();

/** The route of `method` on its service's stream, or undefined when the service has no such stream for it. */
export function streamRouteOf(method: DescMethod): StreamRoute | undefined {
  let routes = routesByService.get(method.parent);
  if (routes === undefined) {
    routes = routesOf(method.parent);
    routesByService.set(method.parent, routes);
  }
  return routes.get(method);
}

function routesOf(service: DescService): ReadonlyMap<DescMethod, StreamRoute> {
  const routes = new Map<DescMethod, StreamRoute>();
  const stream = service.methods.find(
    (method): method is DescMethodBiDiStreaming => method.methodKind === "bidi_streaming" && method.name === "Stream",
  );
  if (stream === undefined) {
    return routes;
  }
  const calls = oneofFields(stream.input, "call");
  const results = oneofFields(stream.output, "result");
  const error = results.find((field) => field.message?.typeName === StatusSchema.typeName);
  if (!hasIdField(stream.input) || !hasIdField(stream.output) || error === undefined) {
    return routes;
  }
  for (const method of service.methods) {
    if (method.methodKind !== "unary") {
      continue;
    }
    const call = calls.find((field) => field.message?.typeName === method.input.typeName);
    const result = results.find((field) => field.message?.typeName === method.output.typeName);
    if (call !== undefined && result !== undefined) {
      routes.set(method, { stream, callCase: call.localName, resultCase: result.localName, errorCase: error.localName });
    }
  }
  return routes;
}

function oneofFields(message: DescMessage, name: string): readonly DescField[] {
  return message.oneofs.find((oneof) => oneof.name === name)?.fields ?? [];
}

// The caller-chosen id that matches answers to calls: uint64, so a bigint in TypeScript.
function hasIdField(message: DescMessage): boolean {
  const id = message.fields.find((field) => field.name === "id");
  return id?.fieldKind === "scalar" && id.number === 1;
}
