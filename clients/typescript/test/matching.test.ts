// The matching rules of tests/vectors/README.md, as literal JSON pairs.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type Json, matchError, matchResponse } from "@cardrules/client";

interface Pair {
  readonly name: string;
  readonly expected: Json;
  readonly actual: Json;
  readonly unordered?: readonly string[];
  /** A fragment of the reported difference; omitted when the pair must match. */
  readonly difference?: string;
}

const PAIRS: readonly Pair[] = [
  { name: "empty subset", expected: {}, actual: { legal: true } },
  { name: "defaults named", expected: { legal: false, reason: "R_UNSPECIFIED" }, actual: { legal: false, reason: "R_UNSPECIFIED", events: [] } },
  { name: "missing key", expected: { seat: 1 }, actual: {}, difference: "response.seat: expected 1, but the response has no such field" },
  { name: "null is not absent", expected: { toAct: null }, actual: { closed: true }, difference: "response.toAct: expected null, but the response has no such field" },
  { name: "null does not match a value", expected: { toAct: null }, actual: { toAct: 2 }, difference: "response.toAct" },
  { name: "nested mismatch path", expected: { scores: [{ label: { en: "9 points" } }] }, actual: { scores: [{ label: { en: "8 points", vi: "8 điểm" } }] }, difference: 'response.scores[0].label.en: expected "9 points", got "8 points"' },
  { name: "int64 number vs string", expected: { amount: 20000 }, actual: { amount: "20000" } },
  { name: "int64 string vs string", expected: { amount: "20000" }, actual: { amount: "20000" } },
  { name: "decimal string vs int32 number", expected: { seat: "2" }, actual: { seat: 2 } },
  { name: "negative int64", expected: { nets: [-1500, 1500] }, actual: { nets: ["-1500", "1500"] } },
  { name: "int64 beyond 2^53 compares exactly", expected: { strength: "9007199254740993" }, actual: { strength: "9007199254740992" }, difference: "response.strength" },
  { name: "int64 wrong value", expected: { fee: 10 }, actual: { fee: "11" }, difference: 'response.fee: expected 10, got "11"' },
  { name: "non-integer string is not a number", expected: { amount: 1 }, actual: { amount: "1.0" }, difference: "response.amount" },
  { name: "bool is not a string", expected: { legal: true }, actual: { legal: "true" }, difference: "response.legal" },
  { name: "enum name", expected: { tier: "LIENG_TIER_SAP" }, actual: { tier: "LIENG_TIER_LIENG" }, difference: 'response.tier: expected "LIENG_TIER_SAP", got "LIENG_TIER_LIENG"' },
  { name: "ordered list", expected: { places: [0, 1] }, actual: { places: [1, 0] }, difference: "response.places[0]: expected 0, got 1" },
  { name: "list length", expected: { places: [0] }, actual: { places: [0, 1] }, difference: "response.places: expected 1 elements, got 2" },
  { name: "unordered list", expected: { moves: [{ kind: "B" }, { kind: "A" }] }, actual: { moves: [{ kind: "A" }, { kind: "B" }] }, unordered: ["moves"] },
  { name: "unordered still checks length", expected: { moves: [{ kind: "A" }] }, actual: { moves: [{ kind: "A" }, { kind: "B" }] }, unordered: ["moves"], difference: "expected 1 elements, got 2" },
  { name: "unordered elements must be distinct", expected: { moves: [{ kind: "A" }, { kind: "A" }] }, actual: { moves: [{ kind: "A" }, { kind: "B" }] }, unordered: ["moves"], difference: "response.moves (unordered)" },
  // A greedy pairing would give the loose {} the only element {kind: "A"} fits and then fail.
  { name: "unordered needs a real matching", expected: { moves: [{}, { kind: "A" }] }, actual: { moves: [{ kind: "A" }, { kind: "B" }] }, unordered: ["moves"] },
  { name: "nested unordered path", expected: { pots: [{ winners: [2, 0] }, { winners: [1] }] }, actual: { pots: [{ winners: [0, 2] }, { winners: [1] }] }, unordered: ["pots.winners"] },
  { name: "outer list stays ordered", expected: { pots: [{ winners: [1] }, { winners: [0, 2] }] }, actual: { pots: [{ winners: [0, 2] }, { winners: [1] }] }, unordered: ["pots.winners"], difference: "response.pots[0].winners" },
  { name: "object vs scalar", expected: { state: { closed: true } }, actual: { state: 3 }, difference: "response.state: expected" },
  { name: "list vs object", expected: { moves: [] }, actual: { moves: {} }, difference: "response.moves" },
];

for (const pair of PAIRS) {
  test(`response: ${pair.name}`, () => {
    const difference = matchResponse(pair.expected, pair.actual, pair.unordered);
    if (pair.difference === undefined) {
      assert.equal(difference, undefined);
    } else {
      assert.ok(difference?.includes(pair.difference), `difference was: ${difference}`);
    }
  });
}

const AB = { field: "a.b[1]", reason: "DUPLICATE_CARD" };
const C = { field: "c", reason: "OUT_OF_RANGE" };

test("error: same code and violation set, any order", () => {
  const expected = { code: "INVALID_ARGUMENT", fieldViolations: [AB, C] };
  assert.equal(matchError(expected, { code: "INVALID_ARGUMENT", fieldViolations: [C, AB] }), undefined);
});

test("error: the same field with another reason fails", () => {
  const expected = { code: "INVALID_ARGUMENT", fieldViolations: [AB] };
  const other = matchError(expected, { code: "INVALID_ARGUMENT", fieldViolations: [{ ...AB, reason: "MALFORMED_CARD" }] });
  assert.equal(other, 'error fieldViolations: missing ["a.b[1] DUPLICATE_CARD"], unexpected ["a.b[1] MALFORMED_CARD"] (got ["a.b[1] MALFORMED_CARD"])');
});

test("error: wrong code names both", () => {
  const difference = matchError({ code: "INVALID_ARGUMENT" }, { code: "INTERNAL", message: "boom", fieldViolations: [] });
  assert.equal(difference, "error code: expected INVALID_ARGUMENT, got INTERNAL (boom)");
});

test("error: without fieldViolations only the code is checked", () => {
  assert.equal(matchError({ code: "INVALID_ARGUMENT" }, { code: "INVALID_ARGUMENT", fieldViolations: [C] }), undefined);
});

test("error: more or fewer violations fail", () => {
  const action = { field: "round.actions[7]", reason: "ILLEGAL_ACTION" };
  const expected = { code: "INVALID_ARGUMENT", fieldViolations: [action] };
  const stake = { field: "round.stake", reason: "OUT_OF_RANGE" };
  const more = matchError(expected, { code: "INVALID_ARGUMENT", fieldViolations: [action, stake] });
  assert.ok(more?.includes('unexpected ["round.stake OUT_OF_RANGE"]'), more);
  const fewer = matchError(expected, { code: "INVALID_ARGUMENT", fieldViolations: [] });
  assert.ok(fewer?.includes('missing ["round.actions[7] ILLEGAL_ACTION"]'), fewer);
});
