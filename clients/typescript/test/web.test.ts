// The browser entry's gRPC-Web transport (fetch) against the in-process fixture over HTTP/1.1: typed answers and
// errors, BadRequest decoding, retries and the bearer token, exactly as over gRPC.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import {
  createLiengClient,
  createWebTransport,
  InvalidArgumentError,
  LiengTier,
  parseHand,
  RulesError,
  UnauthenticatedError,
} from "@cardrules/client/web";
import { type FixtureServer, startFixtureServer } from "./fixture-server.js";

let server: FixtureServer;
before(async () => {
  server = await startFixtureServer();
});
after(() => server.close());

test("a gRPC-Web call returns the typed response", async () => {
  const lieng = createLiengClient(server.webTarget);
  const response = await lieng.scoreLieng({ hands: [parseHand("Q♥ K♥ A♥")] });
  assert.equal(response.scores[0]?.tier, LiengTier.POINTS);
  assert.equal(response.scores[0]?.label?.en, "3 points");
});

test("INVALID_ARGUMENT over gRPC-Web carries the BadRequest field violations", async () => {
  const lieng = createLiengClient(createWebTransport(server.webTarget));
  const error = await lieng.scoreLieng({ hands: [parseHand("QH QH AH")] }).then(
    () => assert.fail("expected an error"),
    (e: unknown) => e,
  );
  assert.ok(error instanceof InvalidArgumentError);
  assert.deepEqual(error.fieldViolations, [
    { field: "hands[0].cards[1]", description: "duplicate card", reason: "DUPLICATE_CARD" },
  ]);
});

test("UNAVAILABLE over gRPC-Web is retried", async () => {
  server.state.unavailableFailures = 2;
  server.state.compareCalls = 0;
  const lieng = createLiengClient(server.webTarget, { retry: { initialBackoffMs: 1, maxBackoffMs: 1 } });
  assert.deepEqual((await lieng.compareHands({})).places, [1, 0, 1]);
  assert.equal(server.state.compareCalls, 3);
});

test("the token goes on every gRPC-Web call; a wrong one is UnauthenticatedError", async () => {
  server.state.requiredToken = "web-token";
  server.state.authorizations = [];
  try {
    const good = createLiengClient(server.webTarget, { token: "web-token" });
    assert.equal((await good.scoreLieng({ hands: [parseHand("2S 3S 4S")] })).scores.length, 1);
    const bad = createLiengClient(server.webTarget, { token: "other" });
    await assert.rejects(bad.scoreLieng({ hands: [parseHand("2S 3S 4S")] }), UnauthenticatedError);
    assert.deepEqual(server.state.authorizations, ["Bearer web-token", "Bearer other"]);
  } finally {
    server.state.requiredToken = undefined;
  }
});

test("no front listening: UNAVAILABLE after the retries", async () => {
  const lieng = createLiengClient("http://127.0.0.1:1", { retry: { initialBackoffMs: 1, maxBackoffMs: 1 } });
  await assert.rejects(lieng.scoreLieng({}), (e: unknown) => e instanceof RulesError && e.codeName === "UNAVAILABLE");
});
