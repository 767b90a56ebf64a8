// A Sâm Lốc ReplayRound answer as frames: the deal, each action (a TIMEOUT with what the service played for the
// seat), its events and the table after it as the viewer may see it, then the settlement or where the replay stopped.
import {
  type SamAction,
  SamHandEnd,
  type SamLocServiceReplayRoundResponse,
  type SamLocServiceSettleRoundResponse,
  SamReason,
  type SamTableState,
  formatCard,
} from "@cardrules/client/web";
import { cardElement, sortForDisplay } from "./cards.js";
import {
  SEAT_NUMBERS,
  type Words,
  describeAction,
  describeEvent,
  describeInstantWin,
  describeOutcome,
  describeTransferReason,
  seatName,
} from "./describe.js";
import { type Frame, type Said, describeStop, element } from "./history-frames.js";
import { feeLine, money, netsTable, transfersTable } from "./history-money.js";
import { setWords } from "./show.js";

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

const ENDS: Readonly<Record<SamHandEnd, Words>> = {
  [SamHandEnd.UNSPECIFIED]: words("", ""),
  [SamHandEnd.FINISHED]: words("went out first", "về nhất"),
  [SamHandEnd.FINISHED_ON_TWO]: words("went out on a 2", "về bằng 2"),
  [SamHandEnd.BAO_MOT_PENALTY]: words("went out on a báo-1 fault", "về do lỗi báo 1"),
  [SamHandEnd.SAM_WON]: words("made the Sâm", "về Sâm"),
  [SamHandEnd.SAM_BLOCKED]: words("blocked the Sâm", "chặn Sâm"),
  [SamHandEnd.SAM_FAILED_STUCK]: words("the Sâm failed", "Sâm thất bại"),
};

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

const ORDINALS = ["1st", "2nd", "3rd"];

/** The table after a position: what is on the table, the chop chain, each seat's cards (or how many). */
function samTable(state: SamTableState | undefined, actor?: number): HTMLElement {
  const table = element("div", "table", "table");
  if (state === undefined) {
    const none = element("p", "hint");
    setWords(none, words("No play: the hand ended at the deal.", "Không đánh: ván kết thúc ngay khi chia."));
    table.append(none);
    return table;
  }
  const onTable = element("p", "on-table", "on-table");
  const current = state.current?.cards.map(formatCard) ?? [];
  onTable.dataset["cards"] = sortForDisplay(current).join(" ");
  onTable.dataset["owner"] = state.currentOwner === undefined ? "" : String(state.currentOwner);
  const label = element("span", "label");
  setWords(label, words("On the table", "Trên bàn"));
  const what = element("span", "cards");
  if (current.length > 0) {
    const owner = seatName(state.currentOwner, names);
    const by = element("span", "by");
    setWords(by, words(`by ${owner.en}`, `của ${owner.vi}`));
    what.append(...sortForDisplay(current).map((code) => cardElement(code, "span")), by);
  } else {
    setWords(what, words("nothing: a new trick", "chưa có gì: vòng mới"));
  }
  label.append(":");
  onTable.append(label, what);
  table.append(onTable);
  if (state.chopChain.length > 0) {
    const chops = element("p", "chops", "chops");
    const said = state.chopChain.map((chop) => {
      const nth = ORDINALS[chop.position - 1] ?? `${chop.position}th`;
      return words(
        `${seatName(chop.chopper, names).en} chopped ${seatName(chop.chopped, names).en} (${nth})`,
        `${seatName(chop.chopper, names).vi} chặt ${seatName(chop.chopped, names).vi} (lần ${chop.position})`,
      );
    });
    const en = said.map((s) => s.en).join("; ");
    const vi = said.map((s) => s.vi).join("; ");
    setWords(chops, words(`Chops this trick: ${en}.`, `Chặt trong vòng: ${vi}.`));
    table.append(chops);
  }
  const seats = element("ul", "seats");
  seats.append(...state.seats.map((seat, index) => seatItem(state, index, seat, index === actor)));
  table.append(seats);
  if (state.ended !== SamHandEnd.UNSPECIFIED) {
    const ended = element("p", "ended", "ended");
    const how = ENDS[state.ended];
    const who = seatName(state.winner, names);
    setWords(ended, words(`Hand over: ${who.en} ${how.en}.`, `Hết ván: ${who.vi} ${how.vi}.`));
    table.append(ended);
  }
  return table;
}

function seatItem(state: SamTableState, index: number, seat: SamTableState["seats"][number], acted: boolean): HTMLElement {
  const item = element("li", acted ? "seat acted" : "seat", "seat");
  item.dataset["seat"] = String(index);
  const cards = seat.holding.case === "hand" ? sortForDisplay(seat.holding.value.cards.map(formatCard)) : undefined;
  const count = cards?.length ?? (seat.holding.case === "cardCount" ? seat.holding.value : 0);
  item.dataset["cards"] = cards?.join(" ") ?? "";
  item.dataset["count"] = String(count);
  item.dataset["passed"] = String(seat.passed);
  const toAct = state.ended === SamHandEnd.UNSPECIFIED && state.turn === index;
  item.dataset["turn"] = String(toAct);
  if (toAct) item.setAttribute("aria-current", "true");
  const head = element("div", "seat-name");
  const name = element("strong");
  setWords(name, seatName(index, names));
  head.append(name);
  const marks: Words[] = [words(`${count} card${count === 1 ? "" : "s"}`, `${count} lá`)];
  if (acted) marks.push(words("just acted", "vừa đi"));
  if (toAct) marks.push(words("to act", "đang đi"));
  if (seat.passed) marks.push(words("passed", "bỏ lượt"));
  if (state.declarer === index) marks.push(words("declared Sâm", "báo Sâm"));
  if (count === 1 && state.ended === SamHandEnd.UNSPECIFIED) marks.push(words("one card left: báo 1", "báo 1"));
  if (state.winner === index) marks.push(words("winner", "thắng"));
  for (const mark of marks) {
    const badge = element("span", `mark${mark.en === "to act" ? " to-act" : mark.en === "just acted" ? " acted-mark" : ""}`);
    setWords(badge, mark);
    head.append(" ", badge);
  }
  const hand = element("div", "cards");
  if (cards !== undefined) {
    hand.append(...cards.map((code) => cardElement(code, "span", "small")));
  } else {
    hand.append(...Array.from({ length: count }, () => cardBack()));
    hand.setAttribute("aria-label", `${count} cards face down`);
  }
  item.append(head, hand);
  return item;
}

function cardBack(): HTMLElement {
  const back = element("span", "card small back");
  back.setAttribute("aria-hidden", "true");
  return back;
}

/** The settlement: outcome, every transfer with its reason, each seat's net, the fee. */
export function samSettlement(settlement: SamLocServiceSettleRoundResponse, stake: bigint): HTMLElement {
  const section = element("div", "settlement-body");
  const outcome = element("p", "outcome", "outcome");
  const label = element("span", "label");
  setWords(label, words("Outcome", "Kết quả"));
  const what = element("strong");
  setWords(what, describeOutcome(settlement.outcome, settlement.winner, names));
  outcome.append(label, ": ", what);
  section.append(outcome);
  const stakeWords = words(`stake ${money(stake)}`, `cược ${money(stake)}`);
  section.append(
    transfersTable(
      settlement.transfers.map((transfer) => ({
        from: transfer.fromSeat,
        to: transfer.toSeat,
        amount: transfer.amount,
        reason: transfer.reason,
        why: describeTransferReason(transfer.reason),
      })),
      stakeWords,
    ),
    netsTable(settlement.nets, settlement.fees),
    feeLine(settlement.fee),
  );
  return section;
}
