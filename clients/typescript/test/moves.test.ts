import assert from "node:assert/strict";
import { test } from "node:test";
import { create } from "@bufbuild/protobuf";
import {
  formatCards,
  parseCards,
  samActionFromMove,
  SamCombinationKind,
  SamMoveSchema,
  SamPassSchema,
} from "@cardrules/client";

test("a play move becomes a play action of the same cards for the seat", () => {
  const move = create(SamMoveSchema, {
    move: { case: "play", value: { kind: SamCombinationKind.PAIR, cards: parseCards("3S 3C") } },
  });
  const action = samActionFromMove(2, move);
  assert.equal(action.$typeName, "cardrules.v1.SamAction");
  assert.equal(action.seat, 2);
  assert.equal(action.action.case, "play");
  assert.equal(action.action.case === "play" ? formatCards(action.action.value) : "", "3S 3C");
});

test("a pass move becomes a pass action", () => {
  const action = samActionFromMove(0, create(SamMoveSchema, { move: { case: "pass", value: create(SamPassSchema) } }));
  assert.deepEqual([action.seat, action.action.case], [0, "pass"]);
});

test("an empty move is refused, not sent as an empty action", () => {
  assert.throws(() => samActionFromMove(0, create(SamMoveSchema)), TypeError);
});
