// How cards look on the page: drawn as a card (rank in the corner, the suit large, red or black), "10 of diamonds"
// for screen readers. Sorting for display only.
import { type Card, formatCard } from "@cardrules/client/web";

const SUIT_SYMBOLS: Readonly<Record<string, string>> = { S: "♠", C: "♣", D: "♦", H: "♥" };
const SUIT_NAMES: Readonly<Record<string, string>> = { S: "spades", C: "clubs", D: "diamonds", H: "hearts" };
const RANK_NAMES: Readonly<Record<string, string>> = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };
// Sâm's order, lowest first (3 … K, A, 2), so a hand reads the way players hold it.
const SAM_ORDER = "3456789TJQKA2";

/** "TD" → "10♦". */
export function cardFace(code: string): string {
  const rank = code[0] === "T" ? "10" : (code[0] ?? "");
  return rank + (SUIT_SYMBOLS[code[1] ?? ""] ?? "");
}

/** "TD" → "10 of diamonds". */
export function cardName(code: string): string {
  const rank = code[0] ?? "";
  return `${RANK_NAMES[rank] ?? rank} of ${SUIT_NAMES[code[1] ?? ""] ?? "?"}`;
}

/** Card codes in Sâm order, then by suit. */
export function sortForDisplay(codes: readonly string[]): string[] {
  const weight = (code: string) => SAM_ORDER.indexOf(code[0] ?? "") * 4 + "SCDH".indexOf(code[1] ?? "");
  return [...codes].sort((a, b) => weight(a) - weight(b));
}

/** Cards as "3♠ 3♣". */
export function facesOf(cards: readonly Card[]): string {
  return sortForDisplay(cards.map(formatCard)).map(cardFace).join(" ");
}

/** A card drawn as a card: a `button` for the player's hand, a `span` elsewhere; `small` in move buttons. */
export function cardElement<K extends "button" | "span">(
  code: string,
  tag: K,
  size: "small" | "" = "",
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  const suit = code[1] ?? "";
  element.className = ["card", suit === "H" || suit === "D" ? "red" : "black", size].filter(Boolean).join(" ");
  element.setAttribute("aria-label", cardName(code));
  if (tag === "span") element.setAttribute("role", "img");
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = code[0] === "T" ? "10" : (code[0] ?? "");
  const symbol = document.createElement("span");
  symbol.className = "suit";
  symbol.textContent = SUIT_SYMBOLS[suit] ?? "";
  symbol.setAttribute("aria-hidden", "true");
  rank.setAttribute("aria-hidden", "true");
  element.append(rank, symbol);
  return element;
}
