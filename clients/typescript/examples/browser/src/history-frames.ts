// What one position of a replayed hand shows, whatever the game: the history page (history.ts) draws frames and
// steps through them; history-sam.ts and history-lieng.ts make them from each game's ReplayRound answer.
import { ErrorReason, type ReplayStop } from "@cardrules/client/web";
import type { Words } from "./describe.js";

/** Cards of one line of a frame, as codes ("TD"), drawn as cards next to its words. */
export interface Said {
  readonly text: Words;
  readonly cards?: readonly string[];
}

export interface Frame {
  /** The deal (or the betting state after the ante), an action, the settlement, or where the replay stopped. */
  readonly kind: "start" | "action" | "settlement" | "stopped";
  /** The action's index in the record, for an action frame. */
  readonly index?: number;
  /** The frame's title, e.g. "Seat 1 played 5♠ 5♥ (pair)". */
  readonly action: Said;
  /** For a TIMEOUT: what the service did for the seat; where the replay stopped: the action as recorded. */
  readonly resolved?: Said;
  /** The events the action caused, each with its numeric kind for scripts (data-kind). */
  readonly events: readonly { readonly text: Words; readonly kind: number }[];
  /** The table after this position. */
  table(): HTMLElement;
}

const words = (en: string, vi: string): Words => ({ en, vi });

const STOP_REASONS: Readonly<Partial<Record<ErrorReason, Words>>> = {
  [ErrorReason.ILLEGAL_ACTION]: words("the rules do not allow this action here", "luật không cho phép nước này"),
  [ErrorReason.CARD_NOT_IN_HAND]: words("the seat does not hold that card", "người chơi không có lá bài này"),
  [ErrorReason.ROUND_NOT_OVER]: words("the record ends before the hand is over", "biên bản dừng khi ván chưa xong"),
};

/**
 * Where and why the replay stopped, in words: `why` is the rules' reason when the service gave one; otherwise the
 * kind of fault, with the service's description of it (English only) for the details.
 */
export function describeStop(stop: ReplayStop, why: Words | undefined): Words {
  const reason = STOP_REASONS[stop.reason] ?? words("the record cannot be replayed here", "không diễn lại được");
  const detail = why === undefined ? stop.description.replace(/^[A-Z_]+: /, "") : "";
  const which =
    stop.reason === ErrorReason.ROUND_NOT_OVER
      ? words(`after action ${stop.index}`, `sau nước ${stop.index}`)
      : words(`at action ${stop.index + 1}`, `ở nước ${stop.index + 1}`);
  return words(
    `The replay stopped ${which.en}: ${why?.en ?? reason.en}. ${detail}`.trim(),
    `Dừng diễn lại ${which.vi}: ${why?.vi ?? reason.vi}.`,
  );
}

/** A small labelled element: `<tag class=…>`. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = "",
  testid = "",
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (className !== "") made.className = className;
  if (testid !== "") made.dataset["testid"] = testid;
  return made;
}
