// Words for what the service answered, in English and Vietnamese: seats, actions, events, outcomes, payments.
// Only presentation lives here; a code the page has no words for is still shown in words, never as a raw enum name.
import {
  type SamCombination,
  SamCombinationKind,
  type SamEvent,
  SamEventKind,
  SamInstantWinKind,
  SamOutcome,
} from "@cardrules/client/web";
import { facesOf } from "./cards.js";

/** A text in both languages the page speaks. */
export interface Words {
  readonly en: string;
  readonly vi: string;
}

/** The human's seat on the game page; the page plays every other seat. */
export const PLAYER = 0;

const words = (en: string, vi: string): Words => ({ en, vi });

/** How a page names seats: the game page calls its player "You", the hand-history viewer numbers every seat. */
export interface SeatNames {
  /** The seat called "You" / "Bạn", if any. */
  readonly you: number | undefined;
}

/** The game page: seat 0 is "You". */
export const PLAYER_NAMES: SeatNames = { you: PLAYER };
/** Every seat by its number ("Seat 0" … ), as a support agent reads a hand history. */
export const SEAT_NUMBERS: SeatNames = { you: undefined };

/** "You" / "Bạn" for the player, "Seat 2" / "Ghế 2" for the others. */
export function seatName(seat: number | undefined, names: SeatNames = PLAYER_NAMES): Words {
  if (seat === undefined) {
    return words("nobody", "không ai");
  }
  return seat === names.you ? words("You", "Bạn") : words(`Seat ${seat}`, `Ghế ${seat}`);
}

// English verbs agree with "You" (you lead) and a seat (Seat 2 leads).
function verb(seat: number | undefined, names: SeatNames, you: string, other: string): string {
  return seat !== undefined && seat === names.you ? you : other;
}

// "your" for the seat called "You", "Seat 2's" for the others.
function whose(seat: number | undefined, names: SeatNames): string {
  return seat !== undefined && seat === names.you ? "your" : `${seatName(seat, names).en}'s`;
}

const KINDS: Readonly<Partial<Record<SamCombinationKind, Words>>> = {
  [SamCombinationKind.SINGLE]: words("single", "rác"),
  [SamCombinationKind.PAIR]: words("pair", "đôi"),
  [SamCombinationKind.TRIPLE]: words("three of a kind", "sám cô"),
  [SamCombinationKind.QUAD]: words("four of a kind", "tứ quý"),
  [SamCombinationKind.STRAIGHT]: words("straight", "sảnh"),
};

/** An accepted action, from the service's classification of it (none for a pass). */
export function describeAction(
  seat: number,
  combination: SamCombination | undefined,
  names: SeatNames = PLAYER_NAMES,
): Words {
  const who = seatName(seat, names);
  if (combination === undefined || combination.cards.length === 0) {
    return words(`${who.en} passed.`, `${who.vi} bỏ lượt.`);
  }
  const faces = facesOf(combination.cards);
  const kind = KINDS[combination.kind];
  return words(
    `${who.en} played ${faces}${kind === undefined ? "" : ` (${kind.en})`}.`,
    `${who.vi} đánh ${faces}${kind === undefined ? "" : ` (${kind.vi})`}.`,
  );
}

/** An event of an answer, in words. */
export function describeEvent(event: SamEvent, names: SeatNames = PLAYER_NAMES): Words {
  const seat = seatName(event.seat, names);
  const other = seatName(event.otherSeat, names);
  switch (event.kind) {
    case SamEventKind.TRICK_ENDED:
      return words("Everyone else passed: the trick is over.", "Mọi người bỏ lượt: hết vòng.");
    case SamEventKind.NEXT_LEADER:
      return words(
        `${seat.en} ${verb(event.seat, names, "lead", "leads")} the next trick.`,
        `${seat.vi} đi trước vòng mới.`,
      );
    case SamEventKind.CHOP:
      return words(
        `${seat.en} chopped ${other.en} (chặt, #${event.chainPosition} in the chain).`,
        `${seat.vi} chặt ${other.vi} (lần ${event.chainPosition}).`,
      );
    case SamEventKind.OVER_CHOP:
      return words(
        `${seat.en} chopped ${whose(event.otherSeat, names)} chop (chặt chồng, #${event.chainPosition} in the chain).`,
        `${seat.vi} chặt chồng ${other.vi} (lần ${event.chainPosition}).`,
      );
    case SamEventKind.SAM_BLOCKED:
      return words(`${seat.en} beat ${whose(event.otherSeat, names)} Sâm: the Sâm is blocked.`, `${seat.vi} chặn Sâm của ${other.vi}.`);
    case SamEventKind.BAO_MOT_VIOLATION:
      return words(
        `${seat.en} did not play ${verb(event.seat, names, "your", "their")} highest single while ${other.en} held one card (báo 1).`,
        `${seat.vi} không đánh lá cao nhất khi ${other.vi} còn một lá (báo 1).`,
      );
    case SamEventKind.FINISH:
      return words(`${seat.en} went out: the hand is over.`, `${seat.vi} hết bài: ván kết thúc.`);
    case SamEventKind.FINISH_ON_TWO:
      return words(`${seat.en} went out on a 2.`, `${seat.vi} về bằng 2.`);
    case SamEventKind.SAM_SUCCEEDED:
      return words(`${seat.en} made the Sâm.`, `${seat.vi} về Sâm thành công.`);
    case SamEventKind.LEAD_PASSED:
      return words(
        `${seat.en} could only lead out on a 2 and passed the lead on.`,
        `${seat.vi} chỉ còn 2 để về nên nhường lượt đi.`,
      );
    case SamEventKind.SAM_FAILED_STUCK:
      return words(`${seat.en} declared Sâm but could not lead: the Sâm failed.`, `${seat.vi} báo Sâm nhưng không đi được: Sâm thất bại.`);
    case SamEventKind.BAO_MOT_PENALTY:
      return words(
        `${other.en} went out on ${whose(event.seat, names)} single: ${seat.en} ${verb(event.seat, names, "pay", "pays")} for everyone (báo 1 penalty).`,
        `${other.vi} về trên lá của ${seat.vi}: ${seat.vi} đền cả làng (phạt báo 1).`,
      );
    case SamEventKind.TIMEOUT:
      return words(
        `${seat.en} ran out of time: the service played for ${verb(event.seat, names, "you", "them")}.`,
        `${seat.vi} hết giờ: dịch vụ đánh thay.`,
      );
    default:
      return words(`Something happened to ${seat.en}.`, `Có sự kiện với ${seat.vi}.`);
  }
}

const OUTCOMES: Readonly<Record<SamOutcome, Words>> = {
  [SamOutcome.UNSPECIFIED]: words("No result", "Chưa có kết quả"),
  [SamOutcome.INSTANT_WIN]: words("Instant win at the deal", "Tới trắng"),
  [SamOutcome.SAM_WON]: words("The Sâm succeeded", "Về Sâm"),
  [SamOutcome.SAM_BLOCKED]: words("The Sâm was blocked", "Bị chặn Sâm"),
  [SamOutcome.SAM_FAILED_STUCK]: words("The Sâm failed (stuck)", "Sâm thất bại"),
  [SamOutcome.FINISHED_ON_TWO]: words("Went out on a 2", "Về bằng 2"),
  [SamOutcome.BAO_MOT_PENALTY]: words("Báo 1 penalty: one seat pays for everyone", "Phạt báo 1: đền cả làng"),
  [SamOutcome.NORMAL]: words("Each loser pays the winner", "Người thua trả người thắng"),
};

/** The settlement's outcome, with its winner. */
export function describeOutcome(
  outcome: SamOutcome,
  winner: number | undefined,
  names: SeatNames = PLAYER_NAMES,
): Words {
  const what = OUTCOMES[outcome] ?? OUTCOMES[SamOutcome.UNSPECIFIED];
  if (winner === undefined) {
    return what;
  }
  const who = seatName(winner, names);
  return words(`${what.en}, won by ${who.en}`, `${what.vi}, ${who.vi} thắng`);
}

const INSTANT_WINS: Readonly<Record<SamInstantWinKind, Words>> = {
  [SamInstantWinKind.UNSPECIFIED]: words("an instant win", "tới trắng"),
  [SamInstantWinKind.DRAGON]: words("all ten cards in one straight", "sảnh rồng"),
  [SamInstantWinKind.FOUR_TWOS]: words("all four 2s", "tứ quý 2"),
  [SamInstantWinKind.SAME_COLOR]: words("all ten cards one colour", "đồng màu"),
  [SamInstantWinKind.THREE_TRIPLES]: words("three sets of three", "3 sám cô"),
  [SamInstantWinKind.FIVE_PAIRS]: words("five pairs", "5 đôi"),
};

/** "You won at the deal (five pairs)." */
export function describeInstantWin(
  seat: number | undefined,
  kind: SamInstantWinKind,
  names: SeatNames = PLAYER_NAMES,
): Words {
  const who = seatName(seat, names);
  const how = INSTANT_WINS[kind] ?? INSTANT_WINS[SamInstantWinKind.UNSPECIFIED];
  return words(`${who.en} won at the deal (${how.en}).`, `${who.vi} tới trắng (${how.vi}).`);
}

// Every transfer reason of docs/rules/sam-loc.md §9.7.
const TRANSFER_REASONS: Readonly<Record<string, Words>> = {
  INSTANT_WIN: words("instant win", "tới trắng"),
  SAM_WON: words("Sâm made", "về Sâm"),
  SAM_BLOCKED: words("Sâm blocked", "chặn Sâm"),
  SAM_FAILED_STUCK: words("Sâm failed", "Sâm thất bại"),
  FINISHED_ON_TWO: words("went out on a 2", "về bằng 2"),
  BAO_MOT_PENALTY: words("báo 1 penalty", "phạt báo 1"),
  CARDS_LEFT: words("cards left", "số lá còn lại"),
  CONG: words("played no card (cóng)", "cóng"),
  THOI_TWO: words("held only 2s", "thối 2"),
  THOI_TWO_PER_CARD: words("2s left in hand", "thối 2"),
  CHOP: words("chopped (chặt)", "bị chặt"),
};

/** Why a transfer is paid, from its stable reason code. */
export function describeTransferReason(reason: string): Words {
  return TRANSFER_REASONS[reason] ?? words("other", "khác");
}

/** One transfer of a settlement as a sentence: "Seat 2 pays 7 to You (cards left)." */
export function describePayment(
  from: number,
  to: number,
  amount: bigint,
  reason: string,
  names: SeatNames = PLAYER_NAMES,
): Words {
  const payer = seatName(from, names);
  const payee = seatName(to, names);
  const why = describeTransferReason(reason);
  return words(
    `${payer.en} ${verb(from, names, "pay", "pays")} ${amount} to ${payee.en} (${why.en}).`,
    `${payer.vi} trả ${amount} cho ${payee.vi} (${why.vi}).`,
  );
}

/** A seat's net result of the hand: "You won 12." / "Seat 1 lost 5." / "Seat 3 broke even." */
export function describeNet(seat: number, net: bigint, names: SeatNames = PLAYER_NAMES): Words {
  const who = seatName(seat, names);
  if (net > 0n) return words(`${who.en} won ${net}.`, `${who.vi} thắng ${net}.`);
  if (net < 0n) return words(`${who.en} lost ${-net}.`, `${who.vi} thua ${-net}.`);
  return words(`${who.en} broke even.`, `${who.vi} hòa.`);
}
