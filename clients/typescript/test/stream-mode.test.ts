// Stream mode against the in-process fixture, whose LiengService.Stream answers each message through the same
// handler as the unary call: typed answers and errors as unary, ids matched under many calls in flight, deadlines,
// signals, retries, re-sending when a stream ends or its connection dies, and close().
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { after, afterEach, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { Code } from "@connectrpc/connect";
import {
  createLiengClient,
  createNodeTransport,
  createSamLocClient,
  createStreamTransport,
  InvalidArgumentError,
  LiengTier,
  parseHand,
  RulesError,
  UnauthenticatedError,
} from "@cardrules/client/node";
import { STRENGTH, type FixtureServer, startFixtureServer } from "./fixture-server.js";

const NO_BACKOFF = { initialBackoffMs: 1, maxBackoffMs: 1 };

let server: FixtureServer;
before(async () => {
  server = await startFixtureServer();
});
after(() => server.close());
afterEach(() => {
  Object.assign(server.state, { streamsToEnd: 0, drainAfter: 0, streamEndCode: Code.Unavailable });
  Object.assign(server.state, { unavailableFailures: 0, startBettingDelayMs: 0, requiredToken: undefined });
});

function failureOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => assert.fail("expected an error"),
    (e: unknown) => e,
  );
}

test("calls go as messages on a stream and return the typed responses", async () => {
  const client = createLiengClient(server.target, { streams: 2 });
  try {
    const opened = server.state.streamsOpened;
    const messages = server.state.streamMessages;
    const response = await client.scoreLieng({ hands: [parseHand("QH KH AH")] });
    assert.equal(response.scores[0]?.tier, LiengTier.POINTS);
    assert.equal(response.scores[0]?.strength, STRENGTH);
    const betting = await client.startBetting({ ante: 9007199254740993n });
    assert.equal(betting.state?.ante, 9007199254740993n);
    assert.equal(server.state.streamMessages - messages, 2);
    assert.ok(server.state.streamsOpened - opened >= 1);
  } finally {
    await client.close();
  }
});

test("many calls in flight each get their own answer", async () => {
  // A generous deadline: the fixture answers a message in milliseconds, one at a time, on a busy machine.
  const client = createLiengClient(server.target, { streams: 3, timeoutMs: 30_000 });
  try {
    const hands = ["2S", "2S 3S", "2S 3S 4S", "2S 3S 4S 5S"];
    const calls = Array.from({ length: 120 }, (_, i) => {
      const handCount = (i % 4) + 1;
      return client
        .scoreLieng({ hands: hands.slice(0, handCount).map(parseHand) })
        .then((response) => response.scores.map((score) => score.points));
    });
    const answers = await Promise.all(calls);
    answers.forEach((points, i) => assert.deepEqual(points, [1, 2, 3, 4].slice(0, (i % 4) + 1)));
  } finally {
    await client.close();
  }
});

test("the pool spreads its streams over as many connections as asked", async () => {
  const before = server.connectionsAccepted();
  const client = createLiengClient(server.target, { streams: 3 });
  try {
    await Promise.all(Array.from({ length: 6 }, () => client.compareHands({})));
    assert.equal(server.connectionsAccepted() - before, 3);
  } finally {
    await client.close();
  }
});

test("a failed message throws the same typed error as the unary call, and the stream lives on", async () => {
  const unary = createLiengClient(server.target);
  const client = createLiengClient(server.target, { streams: 1 });
  try {
    const request = { hands: [parseHand("QH QH AH"), parseHand("2S 2S")] };
    const expected = await failureOf(unary.scoreLieng(request));
    const error = await failureOf(client.scoreLieng(request));
    const opened = server.state.streamsOpened;
    assert.ok(error instanceof InvalidArgumentError && expected instanceof InvalidArgumentError);
    assert.equal(error.message, expected.message);
    assert.equal(error.code, Code.InvalidArgument);
    assert.deepEqual(error.fieldViolations, expected.fieldViolations);
    assert.deepEqual(error.errorInfo, expected.errorInfo);
    assert.equal(error.fieldViolations.length, 2);
    assert.equal((await client.compareHands({})).places.length, 3);
    assert.equal(server.state.streamsOpened, opened);
  } finally {
    await Promise.all([client.close(), unary.close()]);
  }
});

test("a message failing with UNAVAILABLE is retried like a unary call; retry: false does not", async () => {
  const client = createLiengClient(server.target, { streams: 2, retry: NO_BACKOFF });
  const once = createLiengClient(server.target, { streams: 2, retry: false });
  try {
    server.state.unavailableFailures = 3;
    server.state.compareCalls = 0;
    assert.deepEqual((await client.compareHands({})).places, [1, 0, 1]);
    assert.equal(server.state.compareCalls, 4);

    server.state.unavailableFailures = 1;
    server.state.compareCalls = 0;
    const error = await failureOf(once.compareHands({}));
    assert.ok(error instanceof RulesError && error.codeName === "UNAVAILABLE");
    assert.equal(server.state.compareCalls, 1);
  } finally {
    await Promise.all([client.close(), once.close()]);
  }
});

test("calls left unanswered when a stream ends with UNAVAILABLE are sent again on another stream", async () => {
  const client = createLiengClient(server.target, { streams: 2, retry: NO_BACKOFF });
  try {
    // Hold the answers back until all calls are written, so the ending streams have calls waiting.
    server.state.startBettingDelayMs = 20;
    Object.assign(server.state, { streamsToEnd: 2, drainAfter: 1, streamEndCode: Code.Unavailable });
    const opened = server.state.streamsOpened;
    const antes = Array.from({ length: 20 }, (_, i) => BigInt(i + 1));
    const answers = await Promise.all(antes.map((ante) => client.startBetting({ ante })));
    assert.deepEqual(
      answers.map((answer) => answer.state?.ante),
      antes,
    );
    assert.equal(server.state.streamsToEnd, 0);
    assert.ok(server.state.streamsOpened - opened >= 3, `${server.state.streamsOpened - opened} streams`);
  } finally {
    await client.close();
  }
});

test("calls on a connection that dies are sent again on a new one", async () => {
  const client = createLiengClient(server.target, { streams: 1, retry: NO_BACKOFF });
  try {
    await client.compareHands({}); // the connection is open
    const before = server.connectionsAccepted();
    server.state.startBettingDelayMs = 200;
    const read = server.state.streamMessages;
    const calls = Array.from({ length: 5 }, (_, i) => client.startBetting({ ante: BigInt(i) }, { timeoutMs: 5000 }));
    // Cut the connection once the server is working on the first call, with every answer still to come.
    await waitFor(() => server.state.streamMessages > read);
    server.dropConnections();
    server.state.startBettingDelayMs = 0;
    const answers = await Promise.all(calls);
    assert.deepEqual(
      answers.map((answer) => answer.state?.ante),
      [0n, 1n, 2n, 3n, 4n],
    );
    assert.ok(server.connectionsAccepted() > before);
  } finally {
    await client.close();
  }
});

test("a stream refused with a final status fails its calls with it, not retried", async () => {
  server.state.requiredToken = "secret";
  const wrong = createLiengClient(server.target, { streams: 2, token: "wrong", retry: NO_BACKOFF });
  const right = createLiengClient(server.target, { streams: 2, token: "secret" });
  try {
    const opened = server.state.streamsOpened;
    const error = await failureOf(wrong.compareHands({}));
    assert.ok(error instanceof UnauthenticatedError, String(error));
    assert.equal(server.state.streamsOpened - opened, 1);
    assert.deepEqual((await right.compareHands({})).places, [1, 0, 1]);
    assert.equal(server.state.streamAuthorizations.at(-1), "Bearer secret");
  } finally {
    await Promise.all([wrong.close(), right.close()]);
  }
});

test("a service the server streams nothing for fails with UNIMPLEMENTED, not retried", async () => {
  const client = createSamLocClient(server.target, { streams: 2, retry: NO_BACKOFF });
  try {
    const error = await failureOf(client.startHand({}));
    assert.ok(error instanceof RulesError && error.codeName === "UNIMPLEMENTED", String(error));
  } finally {
    await client.close();
  }
});

test("each call keeps its own deadline; a stream with no answer within one is replaced", async () => {
  const client = createLiengClient(server.target, { streams: 1, timeoutMs: 50 });
  try {
    server.state.startBettingDelayMs = 300;
    const opened = server.state.streamsOpened;
    const error = await failureOf(client.startBetting({ ante: 1n }));
    assert.ok(error instanceof RulesError && error.codeName === "DEADLINE_EXCEEDED", String(error));
    server.state.startBettingDelayMs = 0;
    const response = await client.startBetting({ ante: 2n }, { timeoutMs: 5000 });
    assert.equal(response.state?.ante, 2n);
    // Nothing came back on the first stream within the deadline, so the next call went on a new one.
    assert.equal(server.state.streamsOpened - opened, 2);
  } finally {
    await client.close();
  }
});

test("a caller's AbortSignal cancels its call; its late answer is dropped and the stream goes on", async () => {
  const client = createLiengClient(server.target, { streams: 1 });
  try {
    await client.compareHands({}); // the stream is open
    const opened = server.state.streamsOpened;
    server.state.startBettingDelayMs = 100;
    const read = server.state.streamMessages;
    const controller = new AbortController();
    const call = client.startBetting({ ante: 1n }, { signal: controller.signal });
    await waitFor(() => server.state.streamMessages > read);
    controller.abort();
    const error = await failureOf(call);
    assert.ok(error instanceof RulesError && error.codeName === "CANCELLED", String(error));
    // The next answer on the stream comes after the cancelled call's: each reaches its own call.
    const next = await client.startBetting({ ante: 2n });
    assert.equal(next.state?.ante, 2n);
    assert.equal(server.state.streamsOpened, opened);
  } finally {
    await client.close();
  }
});

test("a call with its own headers goes as a unary call, with them", async () => {
  const client = createLiengClient(server.target, { streams: 2 });
  try {
    const messages = server.state.streamMessages;
    await client.scoreLieng({ hands: [parseHand("2S")] }, { headers: { authorization: "Bearer per-call" } });
    assert.equal(server.state.authorizations.at(-1), "Bearer per-call");
    assert.equal(server.state.streamMessages, messages);
  } finally {
    await client.close();
  }
});

test("one stream transport serves both clients; close() fails waiting and later calls with CANCELLED", async () => {
  const transport = createStreamTransport(server.target);
  const lieng = createLiengClient(transport);
  const sam = createSamLocClient(transport);
  assert.deepEqual((await lieng.compareHands({})).places, [1, 0, 1]);
  await assert.rejects(sam.startHand({}), (e: unknown) => e instanceof RulesError && e.codeName === "UNIMPLEMENTED");
  server.state.startBettingDelayMs = 300;
  const read = server.state.streamMessages;
  const waiting = failureOf(lieng.startBetting({ ante: 1n }));
  await waitFor(() => server.state.streamMessages > read);
  await transport.close();
  const error = await waiting;
  assert.ok(error instanceof RulesError && error.codeName === "CANCELLED", String(error));
  await assert.rejects(lieng.compareHands({}), (e: unknown) => e instanceof RulesError && e.codeName === "CANCELLED");
});

test("streams: 0 means unary calls; bad stream settings are refused", async () => {
  const unary = createLiengClient(server.target, { streams: 0 });
  const messages = server.state.streamMessages;
  assert.deepEqual((await unary.compareHands({})).places, [1, 0, 1]);
  assert.equal(server.state.streamMessages, messages);
  await unary.close();
  assert.throws(() => createLiengClient(server.target, { streams: -1 }), /at least 1/);
  assert.throws(() => createLiengClient(server.target, { streams: 1.5 }), /whole number/);
  assert.throws(() => createStreamTransport(server.target, { streams: 0 }), /at least 1/);
  assert.throws(() => createNodeTransport(server.target, { streams: 2 }), /createStreamTransport/);
  assert.throws(() => createStreamTransport(server.target, { ca: "x" }), /https:\/\//);
});

test("after close() nothing keeps Node running", async () => {
  const script = `
    import { createLiengClient } from "@cardrules/client/node";
    const client = createLiengClient(${JSON.stringify(server.target)}, { streams: 2 });
    await Promise.all([client.compareHands({}), client.compareHands({}), client.scoreLieng({})]).catch(() => {});
    await client.close();
    console.log("closed");
  `;
  const { code, out } = await runNode(script);
  assert.equal(out.trim(), "closed");
  assert.equal(code, 0);
});

// Waits for a condition the server's state will reach (polled: the server runs in this process).
async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

// Runs an ES module in a fresh Node from the package directory (so it imports the package by name). A process
// that does not exit on its own within 20 s (something left open) is killed: code null.
function runNode(source: string): Promise<{ code: number | null; out: string }> {
  const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", source], {
      cwd: packageDir,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}
