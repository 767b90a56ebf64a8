// The bots' seats (máy): every decision of a bot is the service's Suggest at the level the player chose, asked
// with what that seat may see only (its own cards, the other seats' counts, the plays so far), as a backend would
// ask it for an empty seat. The page then plays the suggestion through ValidatePlay like any other action.
import { BotLevel, type SamAction, type SamLocClient, type SamTableState, parseHand } from "@cardrules/client/web";
import type { Words } from "./describe.js";
import type { SamActionInit } from "./game.js";

const words = (en: string, vi: string): Words => ({ en, vi });

/** The levels a player can choose, as the page names them. */
export const LEVELS: readonly { readonly level: BotLevel; readonly name: Words }[] = [
  { level: BotLevel.BASIC, name: words("Basic", "Cơ bản") },
  { level: BotLevel.STANDARD, name: words("Standard", "Thường") },
  { level: BotLevel.STRONG, name: words("Strong", "Mạnh") },
];

/** The level's name, e.g. "Standard" / "Thường". */
export function levelName(level: BotLevel): Words {
  return LEVELS.find((known) => known.level === level)?.name ?? words("Bot", "Máy");
}

/** A bot's decision, and the service's sentence on how it chose (the search level says one; the others do not). */
export interface BotChoice<T> {
  readonly choice: T;
  readonly explanation: Words | undefined;
}

/**
 * Each decision of a hand gets its own seed (the service suggests "a fresh one per decision for varied play"),
 * derived from the hand's seed and the decision's number, so the same seed and the same player's moves replay the
 * same hand.
 */
export function decisionSeed(handSeed: bigint, decision: number): bigint {
  return BigInt.asUintN(64, handSeed * 1000n + BigInt(decision));
}

/** At the deal: does the bot declare Sâm (báo Sâm) with these ten cards? */
export async function botDeclares(
  sam: SamLocClient,
  hand: readonly string[],
  seatCount: number,
  level: BotLevel,
  seed: bigint,
): Promise<BotChoice<boolean>> {
  const answer = await sam.suggest({
    level,
    seed,
    decision: { case: "declaration", value: { hand: parseHand([...hand]), seatCount } },
  });
  return { choice: answer.declareSam, explanation: explained(answer.explanation) };
}

/**
 * The bot's play or pass at its turn: `view` is the table as the bot's seat may see it (the service's view for that
 * seat), `history` the actions of the hand so far, which every seat saw.
 */
export async function botAction(
  sam: SamLocClient,
  view: SamTableState,
  history: readonly SamActionInit[],
  level: BotLevel,
  seed: bigint,
): Promise<BotChoice<SamAction>> {
  const answer = await sam.suggest({ level, seed, decision: { case: "state", value: view }, history: [...history] });
  if (answer.action === undefined) {
    throw new Error(`the service suggested nothing for seat ${view.turn}`);
  }
  return { choice: answer.action, explanation: explained(answer.explanation) };
}

function explained(message: { readonly en: string; readonly vi: string } | undefined): Words | undefined {
  return message === undefined || message.en === "" ? undefined : words(message.en, message.vi);
}
