// Words for Liêng answers, in English and Vietnamese (the terms of docs/rules/lieng.md §0): actions, events, pots and
// payments. Like describe.ts, only presentation; a code without words here is still shown in words.
import { type LiengAction, LiengActionKind, type LiengEvent, LiengEventKind, LiengPotKind } from "@cardrules/client/web";
import { SEAT_NUMBERS, type SeatNames, type Words, seatName } from "./describe.js";

const words = (en: string, vi: string): Words => ({ en, vi });

/** Chips as a person reads them: "1,200 chips". */
export function chips(amount: bigint | number): Words {
  const text = BigInt(amount).toLocaleString("en-US");
  return words(`${text} chip${amount === 1n || amount === 1 ? "" : "s"}`, `${BigInt(amount).toLocaleString("vi-VN")} chip`);
}

/**
 * An action as it was recorded; `committed` is the seat's total in the pot after it (what a call or all-in reached),
 * unknown for an action the service did not accept.
 */
export function describeLiengAction(
  action: LiengAction,
  committed: bigint | undefined,
  names: SeatNames = SEAT_NUMBERS,
): Words {
  const who = seatName(action.seat, names);
  if (committed === undefined && (action.kind === LiengActionKind.CALL || action.kind === LiengActionKind.ALL_IN)) {
    return action.kind === LiengActionKind.CALL
      ? words(`${who.en} called.`, `${who.vi} theo.`)
      : words(`${who.en} went all-in.`, `${who.vi} tố tất.`);
  }
  const total = chips(committed ?? 0n);
  switch (action.kind) {
    case LiengActionKind.FOLD:
      return words(`${who.en} folded.`, `${who.vi} úp bài.`);
    case LiengActionKind.CHECK:
      return words(`${who.en} checked.`, `${who.vi} xem bài (không tố thêm).`);
    case LiengActionKind.CALL:
      return words(`${who.en} called: ${total.en} in.`, `${who.vi} theo: đã bỏ ${total.vi}.`);
    case LiengActionKind.RAISE: {
      const to = chips(action.amount);
      return words(`${who.en} raised to ${to.en}.`, `${who.vi} tố lên ${to.vi}.`);
    }
    case LiengActionKind.ALL_IN:
      return words(`${who.en} went all-in: ${total.en} in.`, `${who.vi} tố tất: đã bỏ ${total.vi}.`);
    case LiengActionKind.TIMEOUT:
      return words(`${who.en} ran out of time.`, `${who.vi} hết giờ.`);
    default:
      return words(`${who.en} acted.`, `${who.vi} hành động.`);
  }
}

/** What a recorded TIMEOUT was taken as: "Taken as a fold." */
export function describeResolved(resolved: LiengAction): Words {
  switch (resolved.kind) {
    case LiengActionKind.CHECK:
      return words("The service took it as a check.", "Dịch vụ tính là xem bài.");
    case LiengActionKind.FOLD:
      return words("The service took it as a fold.", "Dịch vụ tính là úp bài.");
    default:
      return words("The service took it as another action.", "Dịch vụ tính là một nước khác.");
  }
}

/** An event of an answer, in words. */
export function describeLiengEvent(event: LiengEvent, names: SeatNames = SEAT_NUMBERS): Words {
  const who = seatName(event.seat, names);
  const amount = chips(event.amount);
  switch (event.kind) {
    case LiengEventKind.SEAT_FOLDED:
      return words(`${who.en} is out, leaving ${amount.en} in the pot.`, `${who.vi} bỏ cuộc, để lại ${amount.vi} trong pot.`);
    case LiengEventKind.SEAT_ALL_IN:
      return words(`${who.en} is all-in (tố tất) with ${amount.en}.`, `${who.vi} tố tất với ${amount.vi}.`);
    case LiengEventKind.FULL_RAISE:
      return words(
        `A full raise: the bet is now ${amount.en} and betting reopens.`,
        `Tố đủ: mức cược là ${amount.vi}, mọi người được tố tiếp.`,
      );
    case LiengEventKind.SHORT_ALL_IN:
      return words(
        `A short all-in: the bet is now ${amount.en}, but betting does not reopen for seats that already acted.`,
        `Tố tất thiếu: mức cược là ${amount.vi}, người đã đi không được tố lại.`,
      );
    case LiengEventKind.BETTING_CLOSED:
      return words(`Betting is over: the pot is ${amount.en}.`, `Hết vòng cược: pot ${amount.vi}.`);
    case LiengEventKind.FOLD_OUT:
      return words(
        `Everyone else folded: ${who.en} takes the pot of ${amount.en} without showing.`,
        `Mọi người úp bài: ${who.vi} ăn pot ${amount.vi}, không phải lật bài.`,
      );
    case LiengEventKind.SHOWDOWN:
      return words(`Showdown (lật bài) for the pot of ${amount.en}.`, `Lật bài tranh pot ${amount.vi}.`);
    default:
      return words(`Something happened to ${who.en}.`, `Có sự kiện với ${who.vi}.`);
  }
}

const POT_KINDS: Readonly<Record<LiengPotKind, Words>> = {
  [LiengPotKind.UNSPECIFIED]: words("pot", "pot"),
  [LiengPotKind.SHOWDOWN]: words("won at the showdown", "thắng khi lật bài"),
  [LiengPotKind.UNCONTESTED]: words("uncontested: back to its only seat", "không ai tranh: trả lại"),
  [LiengPotKind.REFUNDED]: words("refunded to its payers", "hoàn lại người góp"),
};

/** How a pot was decided. */
export function describePotKind(kind: LiengPotKind): Words {
  return POT_KINDS[kind] ?? POT_KINDS[LiengPotKind.UNSPECIFIED];
}

/** "main pot" for the first band, "side pot 1" … for the others. */
export function potName(index: number): Words {
  return index === 0 ? words("Main pot", "Pot chính") : words(`Side pot ${index}`, `Pot phụ ${index}`);
}

// Every transfer reason of docs/rules/lieng.md §3.
const TRANSFER_REASONS: Readonly<Record<string, Words>> = {
  POT_WIN: words("lost the pot", "thua pot"),
  UNCONTESTED_POT: words("folded: uncontested pot", "úp bài: pot không ai tranh"),
};

/** Why a transfer is paid, from its stable reason code, with the pot it belongs to. */
export function describeLiengTransferReason(reason: string, pot: number | undefined): Words {
  const why = TRANSFER_REASONS[reason] ?? words("other", "khác");
  if (pot === undefined) return why;
  const which = potName(pot);
  return words(`${why.en} (${which.en.toLowerCase()})`, `${why.vi} (${which.vi.toLowerCase()})`);
}
