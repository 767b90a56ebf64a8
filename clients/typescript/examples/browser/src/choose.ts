// The player's controls on the game pages: their hand as card buttons that pick the cards of a play, and each legal
// move the service listed as a button of its own.
import { type SamMove, formatCard } from "@cardrules/client/web";
import { cardElement, cardName, sortForDisplay } from "./cards.js";
import { setWords } from "./show.js";

/**
 * The player's cards as buttons (`data-card` is the card's code): a click adds the card to `selected` or takes it
 * out, then calls `changed`. Disabled when it is not the player's turn.
 */
export function handButtons(
  codes: readonly string[],
  selected: Set<string>,
  enabled: boolean,
  changed: () => void,
): HTMLButtonElement[] {
  return codes.map((code) => {
    const button = cardElement(code, "button");
    button.type = "button";
    button.setAttribute("aria-pressed", String(selected.has(code)));
    button.dataset["testid"] = "card";
    button.dataset["card"] = code;
    button.disabled = !enabled;
    button.addEventListener("click", () => {
      if (selected.has(code)) selected.delete(code);
      else selected.add(code);
      button.setAttribute("aria-pressed", String(selected.has(code)));
      changed();
    });
    return button;
  });
}

/** One button per legal move, its cards drawn small, or "Pass"; `data-move` is its cards' codes or "pass". */
export function moveButtons(moves: readonly SamMove[], picked: (move: SamMove) => void): HTMLButtonElement[] {
  return moves.map((move) => {
    const button = document.createElement("button");
    button.type = "button";
    const cards = move.move.case === "play" ? sortForDisplay(move.move.value.cards.map(formatCard)) : [];
    if (cards.length > 0) {
      button.append(...cards.map((code) => cardElement(code, "span", "small")));
    } else {
      // In a span: as a flex item of its own, the words keep the spaces around their separator.
      const label = document.createElement("span");
      setWords(label, { en: "Pass", vi: "Bỏ lượt" });
      button.append(label);
    }
    button.setAttribute("aria-label", cards.length > 0 ? `Play ${cards.map(cardName).join(", ")}` : "Pass");
    button.dataset["testid"] = "legal-move";
    button.dataset["move"] = cards.length > 0 ? cards.join(" ") : "pass";
    button.addEventListener("click", () => picked(move));
    return button;
  });
}
