// Every service of the contract has its create<Game>Client in each of the package's entries (src/gen/services*.ts,
// generated from the descriptor set), named as the README's naming table says (SamLocService: createSamLocClient),
// and the client it makes has the service's methods.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { DescService } from "@bufbuild/protobuf";
import * as anywhere from "@cardrules/client";
import * as node from "@cardrules/client/node";
import * as web from "@cardrules/client/web";

const entries: Record<string, Record<string, unknown>> = {
  "@cardrules/client": anywhere,
  "@cardrules/client/node": node,
  "@cardrules/client/web": web,
};

const services = [...anywhere.SERVICES].filter((desc): desc is DescService => desc.kind === "service");

function createName(service: DescService): string {
  return `create${service.name.replace(/Service$/, "")}Client`;
}

test("each entry exports exactly one create<Game>Client per service", () => {
  assert.ok(services.length >= 2);
  const wanted = services.map(createName).sort();
  for (const [entry, exports] of Object.entries(entries)) {
    const found = Object.keys(exports).filter((name) => /^create\w+Client$/.test(name)).sort();
    assert.deepEqual(found, wanted, entry);
  }
});

test("every create<Game>Client makes a client with its service's methods", async () => {
  const transport = node.createNodeTransport("127.0.0.1:1"); // never called: the clients are only inspected
  for (const [entry, exports] of Object.entries(entries)) {
    for (const service of services) {
      const create = exports[createName(service)] as (transport: unknown) => Record<string, unknown>;
      const client = create(transport);
      for (const method of service.methods) {
        assert.equal(typeof client[method.localName], "function", `${entry} ${service.name}.${method.name}`);
      }
      if (entry === "@cardrules/client/node") {
        await (client as unknown as node.Closable).close();
      }
    }
  }
});
