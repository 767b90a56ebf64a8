// A Liêng ReplayRound answer as frames: the betting state after the ante, each action (a TIMEOUT with the fold or
// check it was taken as), its events and the table after it (stacks, bets, the pot), then the settlement or the stop.
import {
  type LiengAction,
  type LiengBettingState,
  LiengReason,
  type LiengServiceReplayRoundResponse,
  type LiengServiceSettleRoundResponse,
  formatCard,
} from "@cardrules/client/web";
import { cardElement } from "./cards.js";
import { SEAT_NUMBERS, type Words, seatName } from "./describe.js";
import {
  chips,
  describeLiengAction,
  describeLiengEvent,
  describeLiengTransferReason,
  describePotKind,
  describeResolved,
  potName,
} from "./describe-lieng.js";
import { type Frame, describeStop, element } from "./history-frames.js";
import { feeLine, money, netsTable, transfersTable } from "./history-money.js";
import { row, setWords } from "./show.js";

const words = (en: string, vi: string): Words => ({ en, vi });
const names = SEAT_NUMBERS;
/** Cards a Liêng hand holds, drawn face down when the viewer may not see them. */
const HAND_SIZE = 3;

/** Every frame of the answer, in order: the ante, one per step, then the settlement or the stop. */
export function liengFrames(answer: LiengServiceReplayRoundResponse, recorded: readonly LiengAction[]): Frame[] {
  // In the order dealt: Liêng ranks hands, not single cards, so no order reads better than another.
  const hands: Hands = {
    cards: answer.hands.map((hand) => hand.cards.map(formatCard)),
    // The audit view is given every hand the record holds: an empty one was not recorded (a fold needs no cards).
    unrecorded: answer.viewer?.viewer.case === "audit",
  };
  let state = answer.start?.state;
  const first = state;
  const ante = chips(first?.ante ?? 0n);
  const frames: Frame[] = [
    {
      kind: "start",
      action: {
        text: words(
          `Everyone paid the ante of ${ante.en}; ${seatName(first?.toAct, names).en} acts first.`,
          `Mọi người góp tiền gà ${ante.vi}; ${seatName(first?.toAct, names).vi} đi trước.`,
        ),
      },
      events: [],
      table: () => liengTable(first, hands),
    },
  ];
  for (const step of answer.steps) {
    const after = step.state;
    state = after;
    const action = step.action;
    const committed = action === undefined ? 0n : (after?.seats[action.seat]?.committed ?? 0n);
    frames.push({
      kind: "action",
      index: step.index,
      action: { text: action === undefined ? words("An action.", "Một nước.") : describeLiengAction(action, committed, names) },
      ...(step.resolvedAction === undefined ? {} : { resolved: { text: describeResolved(step.resolvedAction) } }),
      events: step.events.map((event) => ({ text: describeLiengEvent(event, names), kind: event.kind })),
      table: () => liengTable(after, hands, action?.seat),
    });
  }
  const last = state;
  if (answer.stopped !== undefined) {
    const why = answer.illegalReason === LiengReason.UNSPECIFIED ? undefined : LIENG_REASONS[answer.illegalReason];
    const culprit = recorded[answer.stopped.index];
    const said = culprit === undefined ? undefined : describeLiengAction(culprit, undefined, names);
    frames.push({
      kind: "stopped",
      index: answer.stopped.index,
      action: { text: describeStop(answer.stopped, why) },
      ...(said === undefined ? {} : { resolved: { text: words(`Recorded: ${said.en}`, `Biên bản ghi: ${said.vi}`) } }),
      events: [],
      table: () => liengTable(last, hands),
    });
  } else if (answer.settlement !== undefined) {
    // The hands shown down are shown to every viewer (docs/rules/lieng.md, "Who sees what"): face up at the end.
    const shown = new Map(answer.settlement.shown.map((hand) => [hand.seat, (hand.cards?.cards ?? []).map(formatCard)]));
    const atTheEnd: Hands = {
      ...hands,
      cards: (last?.seats ?? []).map((_, seat) => shown.get(seat) ?? hands.cards[seat] ?? []),
    };
    frames.push({
      kind: "settlement",
      action: { text: words("Betting is over: the settlement is below.", "Hết vòng cược: tính tiền ở dưới.") },
      events: [],
      table: () => liengTable(last, atTheEnd),
    });
  }
  return frames;
}

function settledWords(settlement: LiengServiceSettleRoundResponse): Words {
  if (settlement.foldOutWinner !== undefined) {
    const who = seatName(settlement.foldOutWinner, names);
    return words(`Settled: everyone else folded, ${who.en} wins.`, `Tính tiền: mọi người úp bài, ${who.vi} thắng.`);
  }
  const winners = [...new Set(settlement.pots.flatMap((pot) => pot.winners))].map((seat) => seatName(seat, names));
  return words(
    `Settled at the showdown: won by ${winners.map((w) => w.en).join(" and ") || "nobody"}.`,
    `Tính tiền sau khi lật bài: ${winners.map((w) => w.vi).join(" và ") || "không ai"} thắng.`,
  );
}

const LIENG_REASONS: Readonly<Partial<Record<LiengReason, Words>>> = {
  [LiengReason.BETTING_CLOSED]: words("betting was already over", "vòng cược đã kết thúc"),
  [LiengReason.NOT_YOUR_TURN]: words("it was not that seat's turn", "chưa đến lượt ghế đó"),
  [LiengReason.CANNOT_CHECK]: words("there was a bet to call", "phải theo hoặc úp"),
  [LiengReason.NOTHING_TO_CALL]: words("there was nothing to call", "không có gì để theo"),
  [LiengReason.CANNOT_CALL]: words("the stack could not cover the call", "không đủ tiền để theo"),
  [LiengReason.RAISE_BELOW_MINIMUM]: words("the raise was below the minimum", "tố dưới mức tối thiểu"),
  [LiengReason.RAISE_ABOVE_CAP]: words("the raise was above the cap", "tố quá mức tối đa"),
  [LiengReason.NOT_ENOUGH_CHIPS]: words("the stack could not cover the raise", "không đủ tiền để tố"),
  [LiengReason.RAISE_ROUNDS_EXHAUSTED]: words("no more raises were allowed", "hết lượt được tố"),
  [LiengReason.BETTING_NOT_REOPENED]: words(
    "after a short all-in the seat could only call or fold",
    "sau tố tất thiếu chỉ được theo hoặc úp",
  ),
};

/** The table after a position: the pot and the bet, then each seat's cards, stack and chips in the pot. */
/** The hands the viewer may see, in seat order; `unrecorded`: an empty one is missing from the record, not hidden. */
interface Hands {
  readonly cards: readonly string[][];
  readonly unrecorded: boolean;
}

function liengTable(state: LiengBettingState | undefined, hands: Hands, actor?: number): HTMLElement {
  const table = element("div", "table", "table");
  if (state === undefined) return table;
  const pot = state.seats.reduce((sum, seat) => sum + seat.committed, 0n);
  const line = element("p", "on-table", "pot");
  line.dataset["pot"] = String(pot);
  line.dataset["bet"] = String(state.currentBet);
  const potWords = chips(pot);
  const bet = chips(state.currentBet);
  setWords(line, words(`Pot ${potWords.en}; the bet to match is ${bet.en}.`, `Pot ${potWords.vi}; mức cược ${bet.vi}.`));
  const seats = element("table", "lieng-seats", "seats");
  const head = element("tr");
  const titles = [
    words("Seat", "Ghế"),
    words("Cards", "Bài"),
    words("Stack", "Còn lại"),
    words("In the pot", "Đã bỏ"),
    words("", ""),
  ];
  for (const title of titles) {
    const cell = element("th");
    if (title.en !== "") setWords(cell, title);
    head.append(cell);
  }
  const body = element("tbody");
  body.append(
    ...state.seats.map((seat, index) => {
      const cards = hands.cards[index] ?? [];
      const drawn = element("span", "cards");
      if (cards.length > 0) {
        drawn.append(...cards.map((code) => cardElement(code, "span", "small")));
      } else if (hands.unrecorded) {
        setWords(drawn, words("not in the record", "không ghi trong biên bản"));
      } else {
        drawn.append(...Array.from({ length: HAND_SIZE }, () => element("span", "card small back")));
      }
      const marks: Words[] = [];
      if (actor === index) marks.push(words("just acted", "vừa đi"));
      if (state.toAct === index) marks.push(words("to act", "đang đi"));
      if (seat.folded) marks.push(words("folded", "úp bài"));
      if (seat.allIn) marks.push(words("all-in", "tố tất"));
      const status = element("span");
      for (const mark of marks) {
        const badge = element("span", `mark${mark.en === "to act" ? " to-act" : mark.en === "just acted" ? " acted-mark" : ""}`);
        setWords(badge, mark);
        status.append(badge, " ");
      }
      const item = row("seat", [seatName(index, names), drawn, money(seat.stack), money(seat.committed), status]);
      item.dataset["seat"] = String(index);
      item.dataset["cards"] = cards.join(" ");
      item.dataset["stack"] = String(seat.stack);
      item.dataset["committed"] = String(seat.committed);
      item.dataset["folded"] = String(seat.folded);
      item.dataset["allIn"] = String(seat.allIn);
      item.dataset["turn"] = String(state.toAct === index);
      if (seat.folded) item.classList.add("folded");
      if (actor === index) item.classList.add("acted");
      if (state.toAct === index) item.setAttribute("aria-current", "true");
      item.cells[2]?.classList.add("amount");
      item.cells[3]?.classList.add("amount");
      return item;
    }),
  );
  seats.append(element("thead"), body);
  seats.tHead?.append(head);
  table.append(line, seats);
  return table;
}

/** The settlement: each pot (who could win it, who did), the hands shown, transfers, nets and the fee. */
export function liengSettlement(settlement: LiengServiceSettleRoundResponse): HTMLElement {
  const section = element("div", "settlement-body");
  const outcome = element("p", "outcome", "outcome");
  const what = element("strong");
  setWords(what, settledWords(settlement));
  outcome.append(what);
  section.append(outcome);
  if (settlement.shown.length > 0) {
    const shown = element("ul", "shown", "shown");
    shown.append(
      ...settlement.shown.map((hand) => {
        const item = element("li");
        item.dataset["seat"] = String(hand.seat);
        const who = seatName(hand.seat, names);
        setWords(item, words(`${who.en} showed ${hand.score?.label?.en ?? "a hand"}`, `${who.vi}: ${hand.score?.label?.vi ?? "bài"}`));
        return item;
      }),
    );
    const title = element("p", "label");
    setWords(title, words("Hands shown down", "Bài lật"));
    section.append(title, shown);
  }
  const pots = element("table", "", "pots");
  const caption = element("caption");
  setWords(caption, words("Pots", "Các pot"));
  const head = element("tr");
  const titles = [
    words("Pot", "Pot"),
    words("Amount", "Số tiền"),
    words("Could win", "Được tranh"),
    words("Won by", "Người thắng"),
    words("How", "Cách chia"),
  ];
  for (const title of titles) {
    const cell = element("th");
    cell.scope = "col";
    setWords(cell, title);
    head.append(cell);
  }
  const thead = element("thead");
  thead.append(head);
  const body = element("tbody");
  const list = (seats: readonly number[]): Words => {
    const all = seats.map((seat) => seatName(seat, names));
    return words(all.map((w) => w.en).join(", ") || "—", all.map((w) => w.vi).join(", ") || "—");
  };
  body.append(
    ...settlement.pots.map((pot, index) => {
      const shares = pot.winners.map((seat, i) => `${seatName(seat, names).en} ${money(pot.shares[i] ?? 0n)}`);
      const sharesVi = pot.winners.map((seat, i) => `${seatName(seat, names).vi} ${money(pot.shares[i] ?? 0n)}`);
      const won = words(shares.join(", ") || "—", sharesVi.join(", ") || "—");
      const line = row("pot-row", [potName(index), money(pot.amount), list(pot.eligible), won, describePotKind(pot.kind)]);
      line.dataset["amount"] = String(pot.amount);
      line.dataset["kind"] = String(pot.kind);
      line.cells[1]?.classList.add("amount");
      return line;
    }),
  );
  pots.append(caption, thead, body);
  section.append(
    pots,
    transfersTable(
      settlement.transfers.map((transfer) => ({
        from: transfer.fromSeat,
        to: transfer.toSeat,
        amount: transfer.amount,
        reason: transfer.reason,
        why: describeLiengTransferReason(transfer.reason, transfer.pot),
      })),
      words("chips", "chip"),
    ),
    netsTable(settlement.nets, settlement.fees),
    feeLine(settlement.fee),
  );
  return section;
}
