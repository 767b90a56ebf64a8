// Words for what the service answered: seats, actions, events, enum codes. Only presentation lives here.
import {
  type SamCombination,
  SamCombinationKind,
  type SamEvent,
  SamEventKind,
  SamEventKindSchema,
} from "@cardrules/client/web";
import { facesOf } from "./cards.js";

/** The human's seat; the page plays every other seat. */
export const PLAYER = 0;

export function seatName(seat: number | undefined): string {
  if (seat === undefined) {
    return "nobody";
  }
  return seat === PLAYER ? "You" : `Seat ${seat}`;
}

/** What the page reads of a generated enum's descriptor (`SamReasonSchema`, …). */
export interface EnumSchema {
  readonly value: Readonly<Record<number, { readonly name: string } | undefined>>;
}

/** The contract's name of an enum value, e.g. `SAM_REASON_DOES_NOT_BEAT`: what clients switch on. */
export function enumName(schema: EnumSchema, value: number): string {
  return schema.value[value]?.name ?? String(value);
}

const KINDS: Readonly<Partial<Record<SamCombinationKind, string>>> = {
  [SamCombinationKind.SINGLE]: "single",
  [SamCombinationKind.PAIR]: "pair",
  [SamCombinationKind.TRIPLE]: "triple",
  [SamCombinationKind.QUAD]: "four of a kind",
  [SamCombinationKind.STRAIGHT]: "straight",
};

/** An accepted action, from the service's classification of it (none for a pass). */
export function describeAction(seat: number, combination: SamCombination | undefined): string {
  const who = seatName(seat);
  if (combination === undefined || combination.cards.length === 0) {
    return `${who} passed.`;
  }
  const kind = KINDS[combination.kind];
  return `${who} played ${facesOf(combination.cards)}${kind === undefined ? "" : ` (${kind})`}.`;
}

export function describeEvent(event: SamEvent): string | undefined {
  const seat = seatName(event.seat);
  const other = seatName(event.otherSeat);
  switch (event.kind) {
    case SamEventKind.TRICK_ENDED:
      return "Everyone else passed: the trick is over.";
    case SamEventKind.NEXT_LEADER:
      return `${seat} leads the next trick.`;
    case SamEventKind.CHOP:
    case SamEventKind.OVER_CHOP:
      return `${seat} chopped ${other} (chặt, #${event.chainPosition} in the chain).`;
    case SamEventKind.FINISH:
      return `${seat} went out: the hand is over.`;
    case SamEventKind.FINISH_ON_TWO:
      return `${seat} went out on a 2.`;
    case SamEventKind.BAO_MOT_VIOLATION:
      return `${seat} did not play their highest single while ${other} held one card (báo 1).`;
    default:
      return `${enumName(SamEventKindSchema, event.kind)} (${seat}).`;
  }
}
