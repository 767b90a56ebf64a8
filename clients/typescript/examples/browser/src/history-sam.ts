// A Sâm Lốc ReplayRound answer as frames: the deal, each action (a TIMEOUT with what the service played for the
// seat), its events and the table after it as the viewer may see it, then the settlement or where the replay stopped.
import {
  type SamAction,
  type SamLocServiceReplayRoundResponse,
  SamReason,
  formatCard,
} from "@cardrules/client/web";
import { sortForDisplay } from "./cards.js";
import {
  SEAT_NUMBERS,
  type Words,
  describeAction,
  describeEvent,
  describeInstantWin,
  seatName,
} from "./describe.js";
import { type Frame, type Said, describeStop, element } from "./history-frames.js";
import { samTable } from "./sam-table.js";

const words = (en: string, vi: string): Words => ({ en, vi });
const names = SEAT_NUMBERS;

/** Every frame of the answer, in order: the deal, one per step, then the settlement or the stop. */
export function samFrames(answer: SamLocServiceReplayRoundResponse, recorded: readonly SamAction[]): Frame[] {
  const start = answer.start;
  let state = start?.state;
  const frames: Frame[] = [];
  const dealt: Said =
    start !== undefined && start.state === undefined
      ? { text: describeInstantWin(start.instantWinner, start.instantWin, names) }
      : { text: words(`Dealt: ${seatName(state?.turn, names).en} leads.`, `Chia bài: ${seatName(state?.turn, names).vi} đi trước.`) };
  const first = state;
  frames.push({ kind: "start", action: dealt, events: [], table: () => samTable(first) });
  for (const step of answer.steps) {
    const action = step.action;
    const seat = action?.seat ?? 0;
    const timedOut = action?.action.case === "timeout";
    const played = describeAction(seat, step.combination, names);
    const resolved = timedOut ? resolvedSaid(step.resolvedAction, played) : undefined;
    const after = step.state;
    state = after;
    frames.push({
      kind: "action",
      index: step.index,
      action: timedOut
        ? { text: words(`${seatName(seat, names).en} ran out of time.`, `${seatName(seat, names).vi} hết giờ.`) }
        : { text: played, cards: playedCards(action) },
      ...(resolved === undefined ? {} : { resolved }),
      events: step.events.map((event) => ({ text: describeEvent(event, names), kind: event.kind })),
      table: () => samTable(after, seat),
    });
  }
  const last = state;
  if (answer.stopped !== undefined) {
    const why = answer.illegalReason === SamReason.UNSPECIFIED ? undefined : SAM_REASONS[answer.illegalReason];
    const culprit = recorded[answer.stopped.index];
    // The service leaves the description empty for a viewer who may not see the rejected play's cards.
    const hidden = answer.stopped.description === "";
    frames.push({
      kind: "stopped",
      index: answer.stopped.index,
      action: { text: describeStop(answer.stopped, why) },
      ...(culprit === undefined ? {} : { resolved: recordedSaid(culprit, hidden) }),
      events: [],
      table: () => samTable(last),
    });
  } else if (answer.settlement !== undefined) {
    const over = words("The hand is over: the settlement is below.", "Ván đã xong: tính tiền ở dưới.");
    frames.push({ kind: "settlement", action: { text: over }, events: [], table: () => samTable(last) });
  }
  return frames;
}

function playedCards(action: SamAction | undefined): string[] {
  return action?.action.case === "play" ? sortForDisplay(action.action.value.cards.map(formatCard)) : [];
}

/**
 * An action the replay could not apply, as recorded (no classification: the service did not accept it). A rejected
 * play stays its actor's own attempt: with `hidden`, its cards are not shown.
 */
function recordedSaid(action: SamAction, hidden: boolean): Said {
  const who = seatName(action.seat, names);
  const cards = hidden ? [] : playedCards(action);
  const did =
    action.action.case === "play"
      ? hidden
        ? words(`${who.en} played cards this viewer may not see`, `${who.vi} đánh những lá người xem này không được thấy`)
        : words(`${who.en} played`, `${who.vi} đánh`)
      : action.action.case === "timeout"
        ? words(`${who.en} ran out of time`, `${who.vi} hết giờ`)
        : words(`${who.en} passed`, `${who.vi} bỏ lượt`);
  return { text: words(`Recorded: ${did.en}`, `Biên bản ghi: ${did.vi}`), cards };
}

function resolvedSaid(resolved: SamAction | undefined, played: Words): Said {
  const text = words(`The service played for the seat: ${played.en}`, `Dịch vụ đánh thay: ${played.vi}`);
  return { text, cards: playedCards(resolved) };
}

const SAM_REASONS: Readonly<Partial<Record<SamReason, Words>>> = {
  [SamReason.NOT_YOUR_TURN]: words("it was not that seat's turn", "chưa đến lượt ghế đó"),
  [SamReason.NOT_A_COMBINATION]: words("the cards are not a combination", "các lá không thành bộ"),
  [SamReason.DOES_NOT_BEAT]: words("the cards do not beat the table", "bộ bài không chặn được bộ trên bàn"),
  [SamReason.LEADER_CANNOT_PASS]: words("the leader may not pass", "người đi đầu không được bỏ lượt"),
  [SamReason.ALREADY_PASSED]: words("the seat had already passed this trick", "ghế đó đã bỏ lượt vòng này"),
  [SamReason.MUST_PLAY_HIGHEST_SINGLE]: words("báo 1: the highest single had to be played", "báo 1: phải đánh lá cao nhất"),
  [SamReason.CANNOT_FINISH_WITH_TWO]: words("a hand may not end on a 2 here", "không được về bằng 2"),
  [SamReason.HAND_OVER]: words("the hand was already over", "ván đã kết thúc"),
  [SamReason.ONLY_CHOP_ALLOWED]: words("having passed, the seat could only chop", "đã bỏ lượt nên chỉ được chặt"),
};
