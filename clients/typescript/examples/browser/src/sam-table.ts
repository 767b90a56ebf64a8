// A Sâm Lốc table drawn for a page, as one viewer may see it, and a settlement: shared by the hand-history viewer
// (every seat by its number) and the page that plays against the bots (seat 0 is "You").
import {
  SamHandEnd,
  type SamLocServiceSettleRoundResponse,
  type SamTableState,
  formatCard,
} from "@cardrules/client/web";
import { cardElement, sortForDisplay } from "./cards.js";
import {
  SEAT_NUMBERS,
  type SeatNames,
  type Words,
  describeOutcome,
  describeTransferReason,
  seatName,
} from "./describe.js";
import { element } from "./history-frames.js";
import { feeLine, money, netsTable, transfersTable } from "./history-money.js";
import { setWords } from "./show.js";

const words = (en: string, vi: string): Words => ({ en, vi });

const ENDS: Readonly<Record<SamHandEnd, Words>> = {
  [SamHandEnd.UNSPECIFIED]: words("", ""),
  [SamHandEnd.FINISHED]: words("went out first", "về nhất"),
  [SamHandEnd.FINISHED_ON_TWO]: words("went out on a 2", "về bằng 2"),
  [SamHandEnd.BAO_MOT_PENALTY]: words("went out on a báo-1 fault", "về do lỗi báo 1"),
  [SamHandEnd.SAM_WON]: words("made the Sâm", "về Sâm"),
  [SamHandEnd.SAM_BLOCKED]: words("blocked the Sâm", "chặn Sâm"),
  [SamHandEnd.SAM_FAILED_STUCK]: words("the Sâm failed", "Sâm thất bại"),
};
const ORDINALS = ["1st", "2nd", "3rd"];

/**
 * The table after a position, as a viewer may see it: what is on the table, the chop chain, each seat's cards (face
 * down where the state gives only a count), who is to act and who just acted (`actor`).
 */
export function samTable(
  state: SamTableState | undefined,
  actor?: number,
  names: SeatNames = SEAT_NUMBERS,
): HTMLElement {
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
  seats.append(...state.seats.map((seat, index) => seatItem(state, index, seat, index === actor, names)));
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

function seatItem(
  state: SamTableState,
  index: number,
  seat: SamTableState["seats"][number],
  acted: boolean,
  names: SeatNames,
): HTMLElement {
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
export function samSettlement(
  settlement: SamLocServiceSettleRoundResponse,
  stake: bigint,
  names: SeatNames = SEAT_NUMBERS,
): HTMLElement {
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
      names,
    ),
    netsTable(settlement.nets, settlement.fees, names),
    feeLine(settlement.fee),
  );
  return section;
}
