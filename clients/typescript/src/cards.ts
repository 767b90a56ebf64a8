// The string form of cards, the same in every SDK and in the Python core: a rank letter (A 2-9 T J Q K, or
// "10" for the ten) then a suit letter (S C D H), case-insensitive: "TD", "10d", "2H", "AS".
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
    super(
      `malformed card ${JSON.stringify(text)}${where}: expected a rank of A23456789TJQK (or 10) ` +
        `and a suit of SCDH, like "TD"`,
    );
  }
}

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

// Formatting always uses the one-letter ten so formatted text is canonical (and round-trips).
const LETTER_BY_RANK: ReadonlyMap<Rank, string> = new Map(
  [...RANK_BY_LETTER].filter(([letter]) => letter !== "10").map(([letter, rank]) => [rank, letter]),
);
const LETTER_BY_SUIT: ReadonlyMap<Suit, string> = new Map([...SUIT_BY_LETTER].map(([l, s]) => [s, l]));

/** Parse one card: `parseCard("TD")`, `parseCard("10d")`. Throws {@link CardParseError} naming the text. */
export function parseCard(text: string): Card {
  return parseAt(text, undefined);
}

/**
 * Parse a list of cards: `"3S 4D 5C"`, `"3S,4D"`, `"3S4D10C"` or `["3S", "4D"]`. Duplicates are not checked
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
  const upper = text.trim().toUpperCase();
  const rank = RANK_BY_LETTER.get(upper.slice(0, -1));
  const suit = SUIT_BY_LETTER.get(upper.slice(-1));
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
  const out: string[] = [];
  for (let i = 0; i < text.length; ) {
    const size = text.startsWith("10", i) ? 3 : 2;
    out.push(text.slice(i, i + size));
    i += size;
  }
  return out;
}
