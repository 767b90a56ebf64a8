// Finding round records in what the person loaded: a hand-history file (docs/hand-history.md), a conformance vector
// file (each SettleRound or ReplayRound case's `request.round`), a request with a `round`, or a bare round record.
// Only the JSON's shape is looked at here (and card text turned into the contract's JSON); the service judges the
// record itself.
import { CardSchema, parseCards } from "@cardrules/client/web";
import { toJson } from "@bufbuild/protobuf";

/** The hand-history layout this page reads (docs/hand-history.md). */
export const HAND_HISTORY_FORMAT = "cardrules-hand-history-v1";

/** The two games, as the hand-history file names them. */
export type Game = "sam_loc" | "lieng";

type JsonObject = { readonly [key: string]: unknown };

/** One round record the page can replay. */
export interface FoundRecord {
  readonly game: Game;
  /** The record in the proto3 JSON mapping (`SamRoundRecord` or `LiengRoundRecord`). */
  readonly round: JsonObject;
  /** What to call it in the record picker: the vector case's name, or the file's. */
  readonly title: string;
  /** The viewer the file asks for (a ReplayRound case's `request.viewer`), if any. */
  readonly viewer?: JsonObject;
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const SERVICES: Readonly<Record<string, Game>> = {
  "cardrules.v1.SamLocService": "sam_loc",
  "cardrules.v1.LiengService": "lieng",
};
const REPLAYABLE = new Set(["SettleRound", "ReplayRound"]);

/** Every round record in `text` (a JSON document named `label`); throws with a sentence a person can act on. */
export function findRecords(text: string, label: string): FoundRecord[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${label} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isObject(json)) {
    throw new Error(`${label} holds no round record (a JSON object is expected)`);
  }
  if (Array.isArray(json["cases"])) {
    const found = json["cases"].flatMap((item): FoundRecord[] => fromCase(item));
    if (found.length === 0) {
      throw new Error(`${label} has no SettleRound or ReplayRound case with a round record`);
    }
    return found;
  }
  if ("format" in json && json["format"] !== HAND_HISTORY_FORMAT) {
    throw new Error(`${label} is a hand history of format ${JSON.stringify(json["format"])}: this page reads ${HAND_HISTORY_FORMAT}`);
  }
  const round = isObject(json["round"]) ? json["round"] : json;
  const named = typeof json["game"] === "string" ? gameNamed(json["game"]) : undefined;
  const game = named ?? guessGame(round);
  if (game === undefined) {
    throw new Error(`${label} is not a round record: it has none of hands, actions, stacks`);
  }
  const viewer = isObject(json["viewer"]) ? { viewer: json["viewer"] } : {};
  return [{ game, round, title: label, ...viewer }];
}

function fromCase(item: unknown): FoundRecord[] {
  if (!isObject(item) || !isObject(item["request"]) || !isObject(item["request"]["round"])) return [];
  const game = SERVICES[String(item["service"])];
  if (game === undefined || !REPLAYABLE.has(String(item["method"]))) return [];
  const request = item["request"];
  const viewer = isObject(request["viewer"]) ? { viewer: request["viewer"] } : {};
  return [{ game, round: request["round"] as JsonObject, title: String(item["name"] ?? "case"), ...viewer }];
}

/** "sam_loc", "sam-loc", "SamLoc", "lieng", "Liêng" → the game. */
function gameNamed(name: string): Game | undefined {
  const key = name
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .toLowerCase();
  return key === "samloc" ? "sam_loc" : key === "lieng" ? "lieng" : undefined;
}

/** A Liêng record has stacks and an ante; a Sâm record a stake and a leader. */
function guessGame(round: JsonObject): Game | undefined {
  if (["stacks", "ante", "firstActor", "first_actor"].some((key) => key in round)) return "lieng";
  if (["stake", "leader", "declarations", "hands", "actions"].some((key) => key in round)) return "sam_loc";
  return undefined;
}

/** The number of seats a record deals to (from its hands or stacks), for the viewer picker. */
export function seatCount(record: FoundRecord): number {
  const hands = record.round["hands"];
  const stacks = record.round["stacks"];
  return Math.max(Array.isArray(hands) ? hands.length : 0, Array.isArray(stacks) ? stacks.length : 0);
}

/**
 * The record with card text ("2C 3C", ["AS", "10h"], as a hand history may write cards) in the contract's JSON form
 * (`{"cards": [{"rank": "RANK_TWO", "suit": "SUIT_CLUBS"}, …]}`), which the proto3 JSON mapping reads: every hand,
 * and every Sâm play. A card the text does not name is an error naming it.
 */
export function withCardsAsJson(record: FoundRecord): JsonObject {
  const round = record.round;
  const hands = Array.isArray(round["hands"]) ? { hands: round["hands"].map(cardsJson) } : {};
  const play = (action: unknown): unknown =>
    isObject(action) && "play" in action ? { ...action, play: cardsJson(action["play"]) } : action;
  const actions = Array.isArray(round["actions"]) && record.game === "sam_loc" ? { actions: round["actions"].map(play) } : {};
  return { ...round, ...hands, ...actions };
}

function cardsJson(cards: unknown): unknown {
  const isText = typeof cards === "string" || (Array.isArray(cards) && cards.every((card) => typeof card === "string"));
  if (!isText) return cards;
  return { cards: parseCards(cards as string | string[]).map((card) => toJson(CardSchema, card)) };
}
