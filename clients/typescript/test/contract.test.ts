// Every service of the contract is in the SDK's registry (SERVICES, from src/gen/contract.ts, which
// protos/generate.sh writes), and every unary RPC is a method of its typed client under its naming-table name. The
// services are found here in the generated sources themselves, so one the SDK missed fails.
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import type { DescService } from "@bufbuild/protobuf";
import { createLiengClient, createSamLocClient, SERVICES } from "@cardrules/client";
import { createNodeTransport } from "@cardrules/client/node";

const GEN = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "src", "gen", "cardrules", "v1");

// A generated service's type, `export const LiengService: GenService<{ … }>`, and each unary method in it.
const SERVICE = /^export const (\w+): GenService<\{\n([\s\S]*?)^\}>/gm;
const UNARY_METHOD = /^ {2}(\w+): \{\n {4}methodKind: "unary";/gm;

/** Each service of the generated sources, with its unary methods' local names (`startHand`). */
async function generatedServices(): Promise<Map<string, string[]>> {
  const services = new Map<string, string[]>();
  for (const file of (await readdir(GEN)).filter((name) => name.endsWith("_pb.ts")).sort()) {
    const source = await readFile(join(GEN, file), "utf8");
    for (const [, name = "", methods = ""] of source.matchAll(SERVICE)) {
      const unary = [...methods.matchAll(UNARY_METHOD)].map(([, method = ""]) => method);
      services.set(`cardrules.v1.${name}`, unary);
    }
  }
  return services;
}

function registered(): DescService[] {
  return [...SERVICES].filter((desc): desc is DescService => desc.kind === "service");
}

test("the registry holds every service of the generated contract", async () => {
  const wanted = [...(await generatedServices()).keys()];
  assert.ok(wanted.includes("cardrules.v1.SamLocService") && wanted.includes("cardrules.v1.LiengService"));
  assert.deepEqual(registered().map((service) => service.typeName).sort(), wanted.sort());
});

test("every unary RPC is a method of its service's typed client", async () => {
  const transport = createNodeTransport("127.0.0.1:1"); // never called: the clients are only inspected
  const clients: Record<string, Record<string, unknown>> = {
    "cardrules.v1.SamLocService": createSamLocClient(transport),
    "cardrules.v1.LiengService": createLiengClient(transport),
  };
  const generated = await generatedServices();
  for (const service of registered()) {
    const client = clients[service.typeName];
    assert.ok(client !== undefined, `no typed client for ${service.typeName}`);
    const unary = service.methods.filter((m) => m.methodKind === "unary");
    assert.deepEqual(unary.map((m) => m.localName), generated.get(service.typeName), service.typeName);
    for (const method of unary) {
      assert.equal(typeof client[method.localName], "function", `${service.typeName}.${method.name}`);
      assert.equal(method.localName, method.name.charAt(0).toLowerCase() + method.name.slice(1)); // naming table
    }
  }
});
