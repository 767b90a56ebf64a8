// The typed-error wrapper on streaming methods of any kind (the contract's own are the bidirectional `Stream` RPCs,
// which stream mode uses; stream-mode.test.ts): a server-streaming Counter served in-process over gRPC, called
// through withTypedErrors.
import assert from "node:assert/strict";
import * as http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { create, createFileRegistry } from "@bufbuild/protobuf";
import { FileDescriptorProtoSchema, file_google_protobuf_wrappers } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { connectNodeAdapter } from "@connectrpc/connect-node";
import { BadRequestSchema, createNodeTransport, InvalidArgumentError, withTypedErrors } from "@cardrules/client/node";

// service Counter { rpc Count(google.protobuf.Int32Value) returns (stream google.protobuf.Int32Value); }
const registry = createFileRegistry(
  create(FileDescriptorProtoSchema, {
    name: "counter.proto",
    package: "cardrules.test",
    dependency: ["google/protobuf/wrappers.proto"],
    syntax: "proto3",
    service: [
      {
        name: "Counter",
        method: [
          {
            name: "Count",
            inputType: ".google.protobuf.Int32Value",
            outputType: ".google.protobuf.Int32Value",
            serverStreaming: true,
          },
        ],
      },
    ],
  }),
  (name) => (name === "google/protobuf/wrappers.proto" ? file_google_protobuf_wrappers : undefined),
);
const Counter = registry.getService("cardrules.test.Counter");
assert.ok(Counter !== undefined);

// Count(n) sends 1..n; for n > 3 it sends 1..3, then fails with a field violation.
async function* count(request: { value: number }): AsyncGenerator<{ value: number }> {
  for (let i = 1; i <= Math.min(request.value, 3); i++) {
    yield { value: i };
  }
  if (request.value > 3) {
    const detail = {
      desc: BadRequestSchema,
      value: create(BadRequestSchema, { fieldViolations: [{ field: "value", description: "at most 3", reason: "TOO_MANY" }] }),
    };
    throw new ConnectError("too many", Code.InvalidArgument, undefined, [detail]);
  }
}

test("a server stream ends normally, or throws the typed error after what it received", async () => {
  const server = http2.createServer(
    connectNodeAdapter({
      routes(router) {
        router.service(Counter, { count } as never);
      },
    }),
  );
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on("session", (session) => sessions.add(session));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = withTypedErrors(Counter, createClient(Counter, createNodeTransport(target)));
    const call = (client as unknown as Record<string, (req: object) => AsyncIterable<{ value: number }>>)["count"];
    assert.ok(call !== undefined);
    const received: number[] = [];
    for await (const reply of call({ value: 2 })) {
      received.push(reply.value);
    }
    assert.deepEqual(received, [1, 2]);

    received.length = 0;
    const failure = await (async () => {
      for await (const reply of call({ value: 5 })) {
        received.push(reply.value);
      }
    })().then(
      () => assert.fail("expected an error"),
      (e: unknown) => e,
    );
    assert.deepEqual(received, [1, 2, 3]);
    assert.ok(failure instanceof InvalidArgumentError && failure instanceof ConnectError);
    assert.deepEqual(failure.fieldViolations, [{ field: "value", description: "at most 3", reason: "TOO_MANY" }]);
  } finally {
    for (const session of sessions) {
      session.destroy();
    }
    await new Promise((resolve) => server.close(resolve));
  }
});
