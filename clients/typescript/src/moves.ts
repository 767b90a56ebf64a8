// Acting on what LegalMoves offered: a SamMove describes a play (its classified combination) or a pass; the
// action to send for it is the same cards (or the pass) for the seat that acts.
import { create } from "@bufbuild/protobuf";
import { CardsSchema } from "./gen/cardrules/v1/cards_pb.js";
import { type SamAction, SamActionSchema, type SamMove, SamPassSchema } from "./gen/cardrules/v1/sam_loc_pb.js";

/** The `SamAction` that makes `seat` take `move` (one of `legalMoves(...).moves`), ready for ValidatePlay. */
export function samActionFromMove(seat: number, move: SamMove): SamAction {
  switch (move.move.case) {
    case "play":
      return create(SamActionSchema, {
        seat,
        action: { case: "play", value: create(CardsSchema, { cards: move.move.value.cards }) },
      });
    case "pass":
      return create(SamActionSchema, { seat, action: { case: "pass", value: create(SamPassSchema) } });
    default:
      throw new TypeError("a SamMove is a play or a pass; this one is neither");
  }
}
