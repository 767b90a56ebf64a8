// The text form of cards, the same in every SDK and in the Python core: a rank (A 2-9 T J Q K, or "10" for the ten)
// then a suit (S C D H, or the symbols ♠ ♣ ♦ ♥), letters in any case: "TD", "10d", "Q♦", "AS". Printing is
// canonical: one-letter ten, suit letters ("TD").
import { create } from "@bufbuild/protobuf";
import { type Card, CardSchema, type Cards, CardsSchema, Rank, Suit } from "./gen/cardrules/v1/cards_pb.js";

/** Thrown for text that is not a card; `text` is the offending text, `index` its position in a list. */
export class CardParseError extends Error {
  override readonly name = "CardParseError";

  constructor(
    readonly text: string,
    readonly index?: number,
  ) {
    const where = index === undefined ? "" : ` at [${index}]`;
    super(`bad card ${JSON.stringify(text)}${where}: ${CARD_FORMAT}`);
  }
}

/** How a card is written, as every card error says it. */
export const CARD_FORMAT =
  'a card is a rank (A 2-9 T/10 J Q K) and a suit (S C D H or ♠ ♣ ♦ ♥), like "AS", "10H" or "Q♦"';

const RANK_BY_LETTER: ReadonlyMap<string, Rank> = new Map([
  ["A", Rank.ACE],
  ["2", Rank.TWO],
  ["3", Rank.THREE],
  ["4", Rank.FOUR],
  ["5", Rank.FIVE],
  ["6", Rank.SIX],
  ["7", Rank.SEVEN],
  ["8", Rank.EIGHT],
  ["9", Rank.NINE],
  ["T", Rank.TEN],
  ["10", Rank.TEN],
  ["J", Rank.JACK],
  ["Q", Rank.QUEEN],
  ["K", Rank.KING],
]);

const SUIT_BY_LETTER: ReadonlyMap<string, Suit> = new Map([
  ["S", Suit.SPADES],
  ["C", Suit.CLUBS],
  ["D", Suit.DIAMONDS],
  ["H", Suit.HEARTS],
]);
const SUIT_BY_SYMBOL: ReadonlyMap<string, Suit> = new Map([
  ["♠", Suit.SPADES],
  ["♣", Suit.CLUBS],
  ["♦", Suit.DIAMONDS],
  ["♥", Suit.HEARTS],
]);

// Formatting always uses the one-letter ten so formatted text is canonical (and round-trips).
const LETTER_BY_RANK: ReadonlyMap<Rank, string> = new Map(
  [...RANK_BY_LETTER].filter(([letter]) => letter !== "10").map(([letter, rank]) => [rank, letter]),
);
const LETTER_BY_SUIT: ReadonlyMap<Suit, string> = new Map([...SUIT_BY_LETTER].map(([l, s]) => [s, l]));

/** Parse one card: `parseCard("TD")`, `parseCard("10d")`, `parseCard("Q♦")`. Throws {@link CardParseError} naming the text. */
export function parseCard(text: string): Card {
  return parseAt(text, undefined);
}

/**
 * Parse a list of cards: `"3S 4D 5C"`, `"3S, 4D"`, `"A♠ 10♥"`, `"3S4D10C"` or `["3S", "4D"]`. Duplicates are not checked
 * here: the service rejects them with a field violation naming the index, which is the one source of truth.
 */
export function parseCards(texts: string | readonly string[]): Card[] {
  const items = typeof texts === "string" ? splitCards(texts) : texts;
  return items.map((text, i) => parseAt(text, i));
}

/** A `Cards` message (the contract's card-list wrapper) from the same forms {@link parseCards} accepts. */
export function parseHand(texts: string | readonly string[]): Cards {
  return create(CardsSchema, { cards: parseCards(texts) });
}

/** `"TD"` for the ten of diamonds. Throws on a card with an unspecified or unknown rank or suit. */
export function formatCard(card: Pick<Card, "rank" | "suit">): string {
  const rank = LETTER_BY_RANK.get(card.rank);
  const suit = LETTER_BY_SUIT.get(card.suit);
  if (rank === undefined || suit === undefined) {
    throw new RangeError(`not a card: rank ${card.rank}, suit ${card.suit}`);
  }
  return rank + suit;
}

/** `"3S 4D 5C"` (or joined with `separator`). Accepts a `Cards` message or a card array. */
export function formatCards(cards: Cards | readonly Pick<Card, "rank" | "suit">[], separator = " "): string {
  const list = "cards" in cards ? cards.cards : cards;
  return list.map(formatCard).join(separator);
}

function parseAt(text: string, index: number | undefined): Card {
  if (typeof text !== "string") {
    throw new CardParseError(String(text), index);
  }
  // U+FE0F asks for the emoji form of a symbol ("♥️"); it is the same suit.
  const upper = text.trim().replace(/\uFE0F/g, "").toUpperCase();
  const rank = RANK_BY_LETTER.get(upper.slice(0, -1));
  const last = upper.slice(-1);
  const suit = SUIT_BY_LETTER.get(last) ?? SUIT_BY_SYMBOL.get(last);
  if (rank === undefined || suit === undefined) {
    throw new CardParseError(text, index);
  }
  return create(CardSchema, { rank, suit });
}

// Separators are optional, as in the Python core: "3S4D10C" splits on card boundaries ("10" is three chars).
function splitCards(text: string): string[] {
  if (/[\s,]/.test(text)) {
    return text.split(/[\s,]+/).filter((t) => t !== "");
  }
  const bare = text.replace(/\uFE0F/g, "");
  const out: string[] = [];
  for (let i = 0; i < bare.length; ) {
    const size = bare.startsWith("10", i) ? 3 : 2;
    out.push(bare.slice(i, i + size));
    i += size;
  }
  return out;
}
