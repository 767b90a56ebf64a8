// Credentials against the in-process fixture: the bearer token on every call (clients, shared transports, the
// conformance runner), UNAUTHENTICATED as a typed error that is never retried, and the checks that refuse
// credentials which could not work. TLS and mutual TLS run end to end against the real server in
// tests/sdk/test_typescript_auth.py, with certificates from a throw-away CA.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, afterEach, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import {
  createNodeTransport,
  createLiengClient,
  parseHand,
  RulesError,
  UnauthenticatedError,
} from "@cardrules/client/node";
import { type FixtureServer, startFixtureServer } from "./fixture-server.js";

const TOKEN = "t0k3n-Of_the.caller~";
const RUNNER = join(dirname(fileURLToPath(import.meta.url)), "..", "conformance.js");

let server: FixtureServer;
before(async () => {
  server = await startFixtureServer();
});
after(() => server.close());
afterEach(() => {
  server.state.requiredToken = undefined;
  server.state.authorizations = [];
});

test("the token rides on every call, next to the caller's own interceptors", async () => {
  server.state.requiredToken = TOKEN;
  const seen: string[] = [];
  const client = createLiengClient(server.target, {
    token: TOKEN,
    interceptors: [
      (next) => (req) => {
        seen.push(req.header.get("authorization") ?? "none");
        return next(req);
      },
    ],
  });
  await client.scoreLieng({ hands: [parseHand("QH KH AH")] });
  await client.scoreLieng({ hands: [parseHand("2S 3S 4S")] });
  assert.deepEqual(server.state.authorizations, [`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
  assert.deepEqual(seen, [`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]); // set before the caller's interceptors run
});

test("a shared transport carries the token for every client on it", async () => {
  server.state.requiredToken = TOKEN;
  const transport = createNodeTransport(server.target, { token: TOKEN });
  await createLiengClient(transport).scoreLieng({ hands: [parseHand("QH KH AH")] });
  assert.deepEqual(server.state.authorizations, [`Bearer ${TOKEN}`]);
});

test("no token or a wrong one: UnauthenticatedError, one attempt only", async () => {
  server.state.requiredToken = TOKEN;
  for (const options of [{}, { token: "someone-else" }]) {
    const error = await createLiengClient(server.target, options)
      .scoreLieng({ hands: [parseHand("QH KH AH")] })
      .then(
        () => assert.fail("expected an error"),
        (e: unknown) => e,
      );
    assert.ok(error instanceof UnauthenticatedError);
    assert.ok(error instanceof RulesError);
    assert.equal(error.codeName, "UNAUTHENTICATED");
    assert.equal(error.name, "ConnectError");
    assert.match(error.message, /missing or invalid credentials/);
  }
  assert.deepEqual(server.state.authorizations, [null, "Bearer someone-else"]);
});

test("credentials that could not work are refused before any call", () => {
  for (const token of ["", "two words", "line\nbreak", "tëst"]) {
    assert.throws(() => createLiengClient(server.target, { token }), /token must be/);
  }
  assert.throws(() => createLiengClient("https://127.0.0.1:1", { cert: "PEM" }), /cert and key go together/);
  assert.throws(() => createLiengClient("https://127.0.0.1:1", { key: "PEM" }), /cert and key go together/);
  // Node would ignore TLS settings on a plaintext session and send the token in the clear.
  assert.throws(() => createLiengClient("http://127.0.0.1:1", { ca: "PEM" }), /need an https:\/\/ target/);
  assert.equal(server.state.authorizations.length, 0);
});

function runRunner(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUNNER, ...args], { stdio: ["ignore", "pipe", "pipe"], env });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out }));
  });
}

test("the conformance runner sends --token, or CARDRULES_TOKEN when the flag is absent", async () => {
  server.state.requiredToken = TOKEN;
  const dir = await mkdtemp(join(tmpdir(), "cardrules-auth-"));
  try {
    const hand = { cards: [{ rank: "RANK_QUEEN", suit: "SUIT_HEARTS" }] };
    const vector = { service: "cardrules.v1.LiengService", method: "ScoreLieng", request: { hands: [hand] } };
    const cases = [{ name: "answered", ...vector, expect: { response: { scores: [{ points: 1 }] } } }];
    await writeFile(join(dir, "auth.json"), JSON.stringify({ cases }));
    const { CARDRULES_TOKEN: _, ...clean } = process.env;
    const byFlag = await runRunner(clean, dir, "--target", server.target, "--token", TOKEN);
    assert.equal(byFlag.code, 0, byFlag.out);
    const byEnv = await runRunner({ ...clean, CARDRULES_TOKEN: TOKEN }, dir, "--target", server.target);
    assert.equal(byEnv.code, 0, byEnv.out);
    const without = await runRunner(clean, dir, "--target", server.target);
    assert.equal(without.code, 1, without.out);
    assert.match(without.out, /got error UNAUTHENTICATED: missing or invalid credentials/);
    assert.deepEqual(server.state.authorizations, [`Bearer ${TOKEN}`, `Bearer ${TOKEN}`, null]);
    const halfCertificate = await runRunner(clean, dir, "--target", server.target, "--cert", "client.pem");
    assert.equal(halfCertificate.code, 2, halfCertificate.out);
    assert.match(halfCertificate.out, /--cert and --key go together/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
