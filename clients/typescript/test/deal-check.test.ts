// The conformance runner recomputes every Deal case locally: a vector whose expected deal the algorithm does
// not give fails even when the server answers it, and an expected refusal must be refused locally too. The
// "server" here is an in-memory Connect router that answers each case with the case's own expectation, so only
// the local check can fail.
import assert from "node:assert/strict";
import { test } from "node:test";
import { create, fromJson, type JsonValue, toJson } from "@bufbuild/protobuf";
import { Code, ConnectError, createRouterTransport } from "@connectrpc/connect";
import {
  BadRequestSchema,
  CardsSchema,
  LiengService,
  parseHand,
  runCase,
  SamLocService,
  SamLocServiceDealResponseSchema,
  SamLocServiceStartHandResponseSchema,
  type VectorCase,
} from "@cardrules/client";

const SEED = Buffer.from(Uint8Array.from({ length: 32 }, (_, i) => i)).toString("base64");
// Card text in the contract's JSON form, through the SDK's own card types.
const cards = (text: string) => toJson(CardsSchema, parseHand(text));
// The known answer of sam_loc, 4 seats, seed 00 01 … 1f, empty client seed, nonce 0 (deal.test.ts).
const KNOWN = {
  hands: [
    cards("JD AC 7H 4D 4C 9C 6H KS AS 8C"),
    cards("8S 5H 4H KD 2H 2S 8D 6C TH JS"),
    cards("3D 9H 5S KC 2D TC TS AD 7D 8H"),
    cards("6D 9D JC QC QD KH 9S 4S QH AH"),
  ],
  undealt: cards("6S 3C 5D 3S 2C 5C 7S QS 7C TD 3H JH"),
  commitment: Buffer.from("630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd", "hex").toString("base64"),
  algorithm: "cardrules-deal-v1",
};

function dealCase(request: Record<string, JsonValue>, expect: VectorCase["expect"]): VectorCase {
  return { file: "deal/test.json", name: "case", service: "cardrules.v1.SamLocService", method: "Deal", request, expect };
}

// Answers each Deal with the expectation of `vector` (its response, or its error code).
function echoing(vector: VectorCase) {
  const answer = () => {
    if (vector.expect.kind === "error") {
      const fieldViolations = (vector.expect.fieldViolations ?? []).map(({ field, reason }) => ({ field, reason }));
      throw new ConnectError("refused", Code.InvalidArgument, undefined, [
        { desc: BadRequestSchema, value: { fieldViolations } },
      ]);
    }
    return fromJson(SamLocServiceDealResponseSchema, vector.expect.response as JsonValue);
  };
  return createRouterTransport((router) => {
    router.service(SamLocService, { deal: answer });
    router.service(LiengService, {});
  });
}

const REQUEST = { seatCount: 4, serverSeed: SEED, clientSeed: "", nonce: "0" };

test("a Deal case whose expectation is the algorithm's passes", async () => {
  const vector = dealCase(REQUEST, { kind: "response", response: KNOWN, unordered: [] });
  assert.equal(await runCase(echoing(vector), vector), undefined);
});

test("a Deal case the server answers but the algorithm does not give fails on the local check", async () => {
  const swapped = { ...KNOWN, hands: [KNOWN.hands[1], KNOWN.hands[0], KNOWN.hands[2], KNOWN.hands[3]] } as JsonValue;
  const wrongSeats = dealCase(REQUEST, { kind: "response", response: swapped, unordered: [] });
  assert.match((await runCase(echoing(wrongSeats), wrongSeats)) ?? "", /^local dealFrom: .*hands/);
  const wrongCommitment = dealCase(REQUEST, {
    kind: "response",
    response: { ...KNOWN, commitment: Buffer.alloc(32).toString("base64") },
    unordered: [],
  });
  assert.match((await runCase(echoing(wrongCommitment), wrongCommitment)) ?? "", /^local dealFrom: .*commitment/);
});

test("an expected refusal must be refused locally too", async () => {
  const seed31 = Buffer.alloc(31).toString("base64");
  const short = dealCase({ ...REQUEST, serverSeed: seed31 }, { kind: "error", code: "INVALID_ARGUMENT" });
  assert.equal(await runCase(echoing(short), short), undefined);
  const named = dealCase(
    { ...REQUEST, serverSeed: seed31 },
    { kind: "error", code: "INVALID_ARGUMENT", fieldViolations: [{ field: "server_seed", reason: "WRONG_LENGTH" }] },
  );
  assert.equal(await runCase(echoing(named), named), undefined);
  const misnamed = dealCase(
    { ...REQUEST, serverSeed: seed31 },
    { kind: "error", code: "INVALID_ARGUMENT", fieldViolations: [{ field: "nonce", reason: "OUT_OF_RANGE" }] },
  );
  assert.match(
    (await runCase(echoing(misnamed), misnamed)) ?? "",
    /^local dealFrom refused server_seed WRONG_LENGTH, but the case expects nonce OUT_OF_RANGE/,
  );
  const dealable = dealCase(REQUEST, { kind: "error", code: "INVALID_ARGUMENT" });
  assert.match((await runCase(echoing(dealable), dealable)) ?? "", /^local dealFrom dealt, but the case expects error/);
});

test("other methods are not recomputed", async () => {
  const vector: VectorCase = { ...dealCase({}, { kind: "response", response: {}, unordered: [] }), method: "StartHand" };
  const transport = createRouterTransport((router) => {
    router.service(SamLocService, { startHand: () => create(SamLocServiceStartHandResponseSchema) });
  });
  assert.equal(await runCase(transport, vector), undefined);
});
