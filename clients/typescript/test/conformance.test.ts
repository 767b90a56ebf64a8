// The conformance runner's plumbing, end to end as a process (dist/conformance.js) against the in-process
// fixture: vector loading, request parsing, calls, response JSON, matching, output lines and exit codes.
// It checks plumbing, not rules: the fixture's answers are fixed shapes.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { type FixtureServer, startFixtureServer } from "./fixture-server.js";

const RUNNER = join(dirname(fileURLToPath(import.meta.url)), "..", "conformance.js");
const LIENG = "cardrules.v1.LiengService";
const HAND = { cards: [{ rank: "RANK_QUEEN", suit: "SUIT_HEARTS" }, { rank: "RANK_KING", suit: "SUIT_HEARTS" }] };
const DUPLICATE = { cards: [{ rank: "RANK_QUEEN", suit: "SUIT_HEARTS" }, { rank: "RANK_QUEEN", suit: "SUIT_HEARTS" }] };

const PASSING = {
  description: "plumbing cases the fixture passes",
  cases: [
    {
      name: "score with defaults emitted, numbers as strings or numbers",
      service: LIENG,
      method: "ScoreLieng",
      request: { hands: [HAND] },
      expect: {
        response: {
          scores: [{ tier: "LIENG_TIER_POINTS", key: "2", points: 2, strength: 1234567, label: { en: "2 points" } }],
        },
      },
    },
    {
      name: "unordered nested list",
      service: LIENG,
      method: "CompareHands",
      request: {},
      expect: { response: { ranking: [{ hands: [1] }, { hands: [2, 0] }], scores: [] }, unordered: ["ranking.hands"] },
    },
    {
      name: "bad input names its field",
      service: LIENG,
      method: "ScoreLieng",
      request: { hands: [HAND, DUPLICATE] },
      expect: { error: { code: "INVALID_ARGUMENT", fieldViolations: [{ field: "hands[1].cards[1]", reason: "DUPLICATE_CARD" }] } },
    },
    {
      name: "code only",
      service: "cardrules.v1.SamLocService",
      method: "StartHand",
      request: {},
      expect: { error: { code: "UNIMPLEMENTED" } },
    },
  ],
};

const FAILING = {
  cases: [
    { name: "wrong tier", service: LIENG, method: "ScoreLieng", request: { hands: [HAND] }, expect: { response: { scores: [{ tier: "LIENG_TIER_SAP" }] } } },
    { name: "unknown request field", service: LIENG, method: "ScoreLieng", request: { handz: [] }, expect: { response: {} } },
    { name: "expected an error", service: LIENG, method: "ScoreLieng", request: { hands: [HAND] }, expect: { error: { code: "INVALID_ARGUMENT" } } },
    { name: "expected a response", service: LIENG, method: "ScoreLieng", request: {}, expect: { response: {} } },
    { name: "wrong violations", service: LIENG, method: "ScoreLieng", request: { hands: [DUPLICATE] }, expect: { error: { code: "INVALID_ARGUMENT", fieldViolations: [{ field: "hands[0]", reason: "DUPLICATE_CARD" }] } } },
    { name: "wrong reason", service: LIENG, method: "ScoreLieng", request: { hands: [DUPLICATE] }, expect: { error: { code: "INVALID_ARGUMENT", fieldViolations: [{ field: "hands[0].cards[1]", reason: "MALFORMED_CARD" }] } } },
    { name: "a violation as a bare field", service: LIENG, method: "ScoreLieng", request: { hands: [DUPLICATE] }, expect: { error: { code: "INVALID_ARGUMENT", fieldViolations: ["hands[0].cards[1]"] } } },
    { name: "unknown method", service: LIENG, method: "Shuffle", request: {}, expect: { response: {} } },
    { name: "no expectation", service: LIENG, method: "ScoreLieng", request: {} },
    { name: "misspelt expect key", service: LIENG, method: "CompareHands", request: {}, expect: { response: {}, unorderd: ["ranking"] } },
  ],
};

let server: FixtureServer;
let root: string;
before(async () => {
  server = await startFixtureServer();
  root = await mkdtemp(join(tmpdir(), "cardrules-vectors-"));
});
after(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

async function writeVectors(dir: string, files: Record<string, unknown>): Promise<string> {
  const base = join(root, dir);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(base, path)), { recursive: true });
    await writeFile(join(base, path), typeof content === "string" ? content : JSON.stringify(content));
  }
  await mkdir(base, { recursive: true });
  return base;
}

function runRunner(...args: string[]): Promise<{ code: number | null; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUNNER, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, lines: out.trimEnd().split("\n") }));
  });
}

test("every passing case passes: exit 0 and the summary line last", async () => {
  const dir = await writeVectors("pass", { "nested/deeper/cases.json": PASSING, "README.md": "not a vector" });
  const { code, lines } = await runRunner(dir, "--target", server.target);
  assert.deepEqual(lines, ["4 passed, 0 failed"]);
  assert.equal(code, 0);
});

test("--grpc-web replays the same cases over gRPC-Web (the browser entry's transport)", async () => {
  const dir = await writeVectors("web", { "cases.json": PASSING });
  const { code, lines } = await runRunner(dir, "--target", server.webTarget, "--grpc-web");
  assert.deepEqual(lines, ["4 passed, 0 failed"]);
  assert.equal(code, 0);
  // The gRPC-Web transport really is in use: the HTTP/2-only gRPC port does not answer it.
  const wrongPort = await runRunner(dir, "--target", server.target, "--grpc-web", "--timeout-ms", "3000");
  assert.equal(wrongPort.code, 1);
});

test("--stream replays the same cases as messages on each service's Stream RPC", async () => {
  const dir = await writeVectors("stream", { "cases.json": PASSING });
  const messages = server.state.streamMessages;
  const { code, lines } = await runRunner(dir, "--target", server.target, "--stream");
  assert.deepEqual(lines, ["4 passed, 0 failed"]);
  assert.equal(code, 0);
  // The three LiengService cases went as stream messages (the fixture streams nothing for SamLocService).
  assert.equal(server.state.streamMessages - messages, 3);
});

test("--stream and --grpc-web do not go together", async () => {
  const { code } = await runRunner(root, "--grpc-web", "--stream");
  assert.equal(code, 2);
});

test("--grpc-web takes no TLS files: the system's TLS settings apply", async () => {
  const { code } = await runRunner(root, "--grpc-web", "--ca", "ca.pem");
  assert.equal(code, 2);
});

test("each failing case gets one line naming file and case; exit 1", async () => {
  const dir = await writeVectors("fail", { "a.json": PASSING, "b/failing.json": FAILING, "c.json": "{not json" });
  const { code, lines } = await runRunner(dir, "--target", server.target);
  assert.equal(code, 1);
  assert.equal(lines.at(-1), "4 passed, 11 failed");
  const failures = lines.slice(0, -1);
  assert.equal(failures.length, 11);
  // Load problems (bad file, bad case) come first, then the cases in sorted file order.
  assert.match(failures[0] ?? "", /^FAIL b\/failing\.json :: a violation as a bare field: "expect\.error\.fieldViolations" must be a list of \{"field": path, "reason": REASON\} objects/);
  assert.match(failures[1] ?? "", /^FAIL b\/failing\.json :: no expectation: "expect" must hold exactly one/);
  assert.match(failures[2] ?? "", /^FAIL b\/failing\.json :: misspelt expect key: "expect" has unknown keys \["unorderd"\]/);
  assert.match(failures[3] ?? "", /^FAIL c\.json :: \(file\): not JSON/);
  const expected = [
    /^FAIL b\/failing\.json :: wrong tier: response\.scores\[0\]\.tier: expected "LIENG_TIER_SAP", got "LIENG_TIER_POINTS"$/,
    /^FAIL b\/failing\.json :: unknown request field: request does not parse .*handz/,
    /^FAIL b\/failing\.json :: expected an error: expected error INVALID_ARGUMENT, got a response$/,
    /^FAIL b\/failing\.json :: expected a response: expected a response, got error INVALID_ARGUMENT/,
    /^FAIL b\/failing\.json :: wrong violations: error fieldViolations: missing \["hands\[0\] DUPLICATE_CARD"\]/,
    /^FAIL b\/failing\.json :: wrong reason: error fieldViolations: missing \["hands\[0\]\.cards\[1\] MALFORMED_CARD"\], unexpected \["hands\[0\]\.cards\[1\] DUPLICATE_CARD"\]/,
    /^FAIL b\/failing\.json :: unknown method: cardrules\.v1\.LiengService has no method Shuffle/,
  ];
  expected.forEach((pattern, i) => assert.match(failures[i + 4] ?? "", pattern));
});

test("no case found is a failure", async () => {
  const dir = await writeVectors("empty", {});
  const { code, lines } = await runRunner(dir, "--target", server.target);
  assert.deepEqual(lines, ["0 passed, 0 failed"]);
  assert.equal(code, 1);
});

test("a missing directory argument is a usage error", async () => {
  const { code } = await runRunner();
  assert.equal(code, 2);
});
