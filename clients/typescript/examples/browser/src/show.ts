// Putting words on a page, shared by the game page and the hand-history viewer: every text in English with the
// Vietnamese beside it, and table rows of such texts.
import type { Words } from "./describe.js";

/** The English text, then the Vietnamese beside it (marked lang="vi" for screen readers and fonts). */
export function setWords(element: HTMLElement, text: Words): void {
  const vi = document.createElement("span");
  vi.lang = "vi";
  vi.className = "vi said";
  vi.textContent = text.vi;
  const en = document.createElement("span");
  en.className = "en";
  en.textContent = text.en;
  element.replaceChildren(en, " · ", vi);
}

/** A table row of plain texts, texts in both languages, or ready elements; `data-testid` names its kind. */
export function row(testid: string, cells: readonly (string | Words | Node)[]): HTMLTableRowElement {
  const line = document.createElement("tr");
  line.dataset["testid"] = testid;
  line.append(
    ...cells.map((text) => {
      const cell = document.createElement("td");
      if (typeof text === "string") cell.textContent = text;
      else if (text instanceof Node) cell.append(text);
      else setWords(cell, text);
      return cell;
    }),
  );
  return line;
}

/** The element of the page with this id; a missing one is a bug of the page, said at once. */
export function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) {
    throw new Error(`the page has no #${id}`);
  }
  return element as T;
}
