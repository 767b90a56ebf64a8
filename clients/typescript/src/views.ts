// Per-viewer views (docs/concepts.md, "Views"): a request lists its viewers in `views`, and the answer carries one
// redacted copy of itself per viewer. These helpers build the viewers and pick a viewer's copy, so a backend
// forwards each client its own view and never, by a slip, the whole answer.
import { create } from "@bufbuild/protobuf";
import { AuditSchema, SpectatorSchema, type Viewer, ViewerSchema } from "./gen/cardrules/v1/cards_pb.js";

/** The viewers a request can ask views for: `views: [viewers.seat(0), viewers.seat(1), viewers.spectator()]`. */
export const viewers = {
  /** A player: the seat index in play order. Its view holds its own cards and what a spectator sees. */
  seat(seat: number): Viewer {
    if (!Number.isInteger(seat) || seat < 0) {
      throw new RangeError(`a seat viewer is a seat index from 0, not ${seat}`);
    }
    return create(ViewerSchema, { viewer: { case: "seat", value: seat } });
  },
  /** A spectator: public information only. */
  spectator(): Viewer {
    return create(ViewerSchema, { viewer: { case: "spectator", value: create(SpectatorSchema) } });
  },
  /** The audit view: the whole answer, for records and disputes. Never forward it to a player. */
  audit(): Viewer {
    return create(ViewerSchema, { viewer: { case: "audit", value: create(AuditSchema) } });
  },
  /** Every seat of a table of `seatCount`, then a spectator: the usual `views` of a table's backend. */
  table(seatCount: number): Viewer[] {
    return [...Array.from({ length: seatCount }, (_, seat) => viewers.seat(seat)), viewers.spectator()];
  },
} as const;

/** What `viewFor` needs of an answer: its `views`, each a viewer and that viewer's copy of the answer. */
export interface AnswerWithViews<A> {
  readonly views: readonly { readonly viewer?: Viewer | undefined; readonly answer?: A | undefined }[];
}

/** Thrown when an answer holds no view for the viewer (the request did not ask for it). */
export class MissingViewError extends Error {
  override readonly name = "MissingViewError";

  constructor(readonly viewer: Viewer) {
    super(`the answer holds no view for ${viewerName(viewer)}: add it to the request's views`);
  }
}

/**
 * The copy of `answer` meant for `viewer` (a `Viewer`, or a seat index as a shorthand for `viewers.seat(n)`):
 * `viewFor(await sam.validatePlay({ state, action, views }), 2)`. Throws {@link MissingViewError} when the request
 * did not ask for that viewer, rather than fall back to the whole answer.
 */
export function viewFor<A extends AnswerWithViews<A>>(answer: A, viewer: Viewer | number): A {
  const wanted = typeof viewer === "number" ? viewers.seat(viewer) : viewer;
  const view = answer.views.find((candidate) => candidate.viewer !== undefined && sameViewer(candidate.viewer, wanted));
  if (view?.answer === undefined) {
    throw new MissingViewError(wanted);
  }
  return view.answer;
}

/** Whether two viewers are the same seat, both spectators, or both the audit view. */
export function sameViewer(a: Viewer, b: Viewer): boolean {
  if (a.viewer.case === undefined || a.viewer.case !== b.viewer.case) {
    return false;
  }
  return a.viewer.case !== "seat" || a.viewer.value === b.viewer.value;
}

/** "seat 2", "a spectator", "the audit view", as messages name a viewer. */
export function viewerName(viewer: Viewer): string {
  switch (viewer.viewer.case) {
    case "seat":
      return `seat ${viewer.viewer.value}`;
    case "spectator":
      return "a spectator";
    case "audit":
      return "the audit view";
    default:
      return "a viewer with none of seat, spectator, audit set";
  }
}
