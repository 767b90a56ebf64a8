import assert from "node:assert/strict";
import { test } from "node:test";
import { create } from "@bufbuild/protobuf";
import {
  MissingViewError,
  parseHand,
  SamLocServiceStartHandResponseSchema,
  SamLocServiceStartHandViewSchema,
  sameViewer,
  type Viewer,
  viewerName,
  viewers,
  viewFor,
} from "@cardrules/client";

// A StartHand answer as the service returns it for views [seat 1, spectator, seat 0]: each copy differs, so a
// wrong pick shows.
function answer() {
  const copy = (note: number) => create(SamLocServiceStartHandResponseSchema, { instantWinner: note });
  return create(SamLocServiceStartHandResponseSchema, {
    state: { seats: [{ holding: { case: "hand", value: parseHand("3S 4S") } }] },
    views: [
      create(SamLocServiceStartHandViewSchema, { viewer: viewers.seat(1), answer: copy(1) }),
      create(SamLocServiceStartHandViewSchema, { viewer: viewers.spectator(), answer: copy(100) }),
      create(SamLocServiceStartHandViewSchema, { viewer: viewers.seat(0), answer: copy(0) }),
    ],
  });
}

test("viewers builds each kind of Viewer message", () => {
  assert.deepEqual(viewers.seat(3).viewer, { case: "seat", value: 3 });
  assert.equal(viewers.spectator().viewer.case, "spectator");
  assert.equal(viewers.audit().viewer.case, "audit");
  assert.equal(viewers.seat(0).$typeName, "cardrules.v1.Viewer");
  assert.deepEqual(viewers.table(3).map(viewerName), ["seat 0", "seat 1", "seat 2", "a spectator"]);
  assert.throws(() => viewers.seat(-1), RangeError);
  assert.throws(() => viewers.seat(1.5), RangeError);
});

test("viewFor picks the copy for a seat (by Viewer or index) and for a spectator", () => {
  const full = answer();
  assert.equal(viewFor(full, viewers.seat(0)).instantWinner, 0);
  assert.equal(viewFor(full, 1).instantWinner, 1);
  assert.equal(viewFor(full, viewers.spectator()).instantWinner, 100);
  assert.equal(viewFor(full, 0).$typeName, "cardrules.v1.SamLocServiceStartHandResponse");
});

test("viewFor refuses a viewer the request did not ask for, never returning the whole answer", () => {
  for (const viewer of [viewers.seat(2), viewers.audit()]) {
    assert.throws(
      () => viewFor(answer(), viewer),
      (error: unknown) =>
        error instanceof MissingViewError && error.viewer === viewer && /add it to the request's views/.test(error.message),
    );
  }
  const empty = create(SamLocServiceStartHandResponseSchema, {});
  assert.throws(() => viewFor(empty, viewers.spectator()), MissingViewError);
});

test("sameViewer compares the kind and the seat; an empty Viewer matches nothing", () => {
  const none = { viewer: { case: undefined } } as Viewer;
  assert.ok(sameViewer(viewers.seat(2), viewers.seat(2)));
  assert.ok(!sameViewer(viewers.seat(2), viewers.seat(3)));
  assert.ok(sameViewer(viewers.audit(), viewers.audit()));
  assert.ok(!sameViewer(viewers.audit(), viewers.spectator()));
  assert.ok(!sameViewer(none, none));
});
