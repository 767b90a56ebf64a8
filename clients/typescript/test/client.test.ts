// The client wrapper against the in-process fixture: typed errors, BadRequest decoding, retries, deadlines.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Code, ConnectError } from "@connectrpc/connect";
import {
  BadRequestSchema,
  createLiengClient,
  createNodeTransport,
  createSamLocClient,
  InvalidArgumentError,
  LiengTier,
  parseHand,
  RulesError,
  toRulesError,
  UnauthenticatedError,
} from "@cardrules/client/node";
import { STRENGTH, type FixtureServer, startFixtureServer } from "./fixture-server.js";

let server: FixtureServer;
before(async () => {
  server = await startFixtureServer();
});
after(() => server.close());

const NO_BACKOFF = { initialBackoffMs: 1, maxBackoffMs: 1 };

test("a call returns the typed response, strength a number", async () => {
  const client = createLiengClient(server.target);
  const response = await client.scoreLieng({ hands: [parseHand("QH KH AH")] });
  assert.equal(response.scores[0]?.tier, LiengTier.POINTS);
  assert.equal(response.scores[0]?.strength, STRENGTH);
});

test("money (int64) is a bigint, lossless beyond 2^53", async () => {
  const client = createLiengClient(server.target);
  const response = await client.startBetting({ ante: 9007199254740993n });
  assert.equal(response.state?.ante, 9007199254740993n);
});

test("a bare host:port target means plaintext http", async () => {
  const client = createLiengClient(server.target.replace("http://", ""));
  assert.equal((await client.scoreLieng({ hands: [parseHand("2S 3S 4S")] })).scores.length, 1);
});

test("INVALID_ARGUMENT becomes InvalidArgumentError with the BadRequest field violations", async () => {
  const client = createLiengClient(server.target);
  const error = await client.scoreLieng({ hands: [parseHand("QH QH AH")] }).then(
    () => assert.fail("expected an error"),
    (e: unknown) => e,
  );
  assert.ok(error instanceof InvalidArgumentError);
  assert.ok(error instanceof RulesError);
  assert.equal(error.codeName, "INVALID_ARGUMENT");
  assert.deepEqual(error.fieldViolations, [
    { field: "hands[0].cards[1]", description: "duplicate card", reason: "DUPLICATE_CARD" },
  ]);
  assert.deepEqual(error.errorInfo, { reason: "DUPLICATE_CARD", domain: "cardrules.v1", metadata: { field: "hands[0].cards[1]" } });
  assert.equal(error.message, "[INVALID_ARGUMENT] invalid hands");
});

test("typed errors are ConnectErrors: Connect's tooling sees the code, details and headers", async () => {
  const client = createLiengClient(server.target);
  const error = await client.scoreLieng({ hands: [parseHand("QH QH AH")] }).then(
    () => assert.fail("expected an error"),
    (e: unknown) => e,
  );
  assert.ok(error instanceof ConnectError);
  assert.equal(ConnectError.from(error), error);
  assert.equal(ConnectError.from(error).code, Code.InvalidArgument);
  assert.equal(ConnectError.from(error).rawMessage, "invalid hands");
  assert.deepEqual(
    ConnectError.from(error).findDetails(BadRequestSchema)[0]?.fieldViolations.map((v) => v.field),
    ["hands[0].cards[1]"],
  );
  assert.ok(error instanceof RulesError && error.cause instanceof ConnectError);
  assert.equal(error.metadata.get("content-type"), "application/grpc+proto");
  // The subclasses keep the ordinary instanceof: a plain ConnectError is none of them.
  const plain = new ConnectError("x", Code.InvalidArgument);
  assert.ok(!(plain instanceof RulesError) && !(plain instanceof InvalidArgumentError));
  assert.ok(!(error instanceof UnauthenticatedError));
  assert.ok(toRulesError(plain) instanceof InvalidArgumentError);
  assert.equal(toRulesError(new Error("boom")).codeName, "UNKNOWN");
});

test("options with a ready Transport are refused, not ignored", () => {
  const transport = createNodeTransport(server.target);
  assert.throws(() => createLiengClient(transport, { timeoutMs: 10 }), /options \(timeoutMs\) cannot apply to a ready Transport/);
  assert.throws(() => createSamLocClient(transport, { token: "abc", retry: false }), /options \(retry, token\)|options \(token, retry\)/);
  assert.doesNotThrow(() => createLiengClient(transport, {}));
});

test("UNAVAILABLE is retried until an attempt succeeds", async () => {
  server.state.unavailableFailures = 3;
  server.state.compareCalls = 0;
  const client = createLiengClient(server.target, { retry: NO_BACKOFF });
  const response = await client.compareHands({});
  assert.deepEqual(response.places, [1, 0, 1]);
  assert.equal(server.state.compareCalls, 4);
});

test("retries stop at maxAttempts and surface UNAVAILABLE", async () => {
  server.state.unavailableFailures = 10;
  server.state.compareCalls = 0;
  const client = createLiengClient(server.target, { retry: { ...NO_BACKOFF, maxAttempts: 2 } });
  await assert.rejects(client.compareHands({}), (e: unknown) => e instanceof RulesError && e.codeName === "UNAVAILABLE");
  assert.equal(server.state.compareCalls, 2);
  server.state.unavailableFailures = 0;
});

test("retry: false makes a single attempt", async () => {
  server.state.unavailableFailures = 1;
  server.state.compareCalls = 0;
  const client = createLiengClient(server.target, { retry: false });
  await assert.rejects(client.compareHands({}), (e: unknown) => e instanceof RulesError && e.codeName === "UNAVAILABLE");
  assert.equal(server.state.compareCalls, 1);
  server.state.unavailableFailures = 0;
});

test("the client deadline applies, and a call may override it", async () => {
  server.state.startBettingDelayMs = 300;
  const client = createLiengClient(server.target, { timeoutMs: 50 });
  await assert.rejects(
    client.startBetting({ ante: 10n }),
    (e: unknown) => e instanceof RulesError && e.codeName === "DEADLINE_EXCEEDED",
  );
  const response = await client.startBetting({ ante: 10n }, { timeoutMs: 2000 });
  assert.equal(response.state?.ante, 10n);
  server.state.startBettingDelayMs = 0;
});

test("an unimplemented method is UNIMPLEMENTED, not retried", async () => {
  const client = createSamLocClient(server.target);
  await assert.rejects(client.startHand({}), (e: unknown) => e instanceof RulesError && e.codeName === "UNIMPLEMENTED");
});

test("close() cuts off the calls under way and refuses later ones, with CANCELLED", async () => {
  const client = createLiengClient(server.target, { retry: NO_BACKOFF });
  assert.deepEqual((await client.compareHands({})).places, [1, 0, 1]);
  server.state.startBettingDelayMs = 300;
  const underWay = client.startBetting({ ante: 1n }).then(
    () => assert.fail("expected an error"),
    (e: unknown) => e,
  );
  await client.close();
  const error = await underWay;
  assert.ok(error instanceof RulesError && error.codeName === "CANCELLED", String(error));
  await assert.rejects(client.compareHands({}), (e: unknown) => e instanceof RulesError && e.codeName === "CANCELLED");
  server.state.startBettingDelayMs = 0;
});

test("no server: UNAVAILABLE after the retries", async () => {
  const client = createLiengClient("http://127.0.0.1:1", { retry: NO_BACKOFF });
  await assert.rejects(client.scoreLieng({}), (e: unknown) => e instanceof RulesError && e.codeName === "UNAVAILABLE");
});
