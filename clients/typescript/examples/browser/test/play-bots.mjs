// Plays hands against the bots in play.html as a player would:
// node test/play-bots.mjs [--screenshots DIR] PAGE_URL …
// Each PAGE_URL carries ?front=…&level=…&seed=…&delay=0; all are played in one browser, one after the other.
// At the deal it answers "Play normally" when asked to declare Sâm ("Declare Sâm" when the URL ends in #declare,
// which only this script reads); on its first turn it tries a play the service must refuse (two cards of different
// ranks), then presses "Suggest a move" and plays the cards it picked (or passes); on each later turn it takes the
// first legal move the page lists, by clicking that move's cards in the hand and pressing "Play selected" (or
// "Pass"), until the settlement. With --screenshots, it saves DIR/bots-N-turn.png (the player's first turn, with
// the hint) and DIR/bots-N-end.png (settled).
// Prints {"hands": [what the page showed, per URL]}.
import { join } from "node:path";
import { report, withPage } from "./chromium.mjs";

const args = process.argv.slice(2);
const screenshots = args[0] === "--screenshots" ? args[1] : undefined;
const pageUrls = screenshots === undefined ? args : args.slice(2);
if (pageUrls.length === 0) {
  console.error("usage: node test/play-bots.mjs [--screenshots DIR] PAGE_URL [PAGE_URL ...]");
  process.exit(2);
}
// The strong bot searches on every turn: a hand's bot turns take longer than a click.
const STEP_TIMEOUT_MS = 60_000;
// Every hand ends long before this: 4 seats × 10 cards, and each trick ends after at most a round of passes.
const MAX_TURNS = 200;

report(
  withPage(async (page, problems) => {
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const hands = [];
    for (const [index, pageUrl] of pageUrls.entries()) {
      const seen = problems.length;
      const shoot = async (moment) => {
        if (screenshots !== undefined) {
          await page.screenshot({ path: join(screenshots, `bots-${index}-${moment}.png`), fullPage: true });
        }
      };
      const hand = await playHand(page, pageUrl, shoot);
      hands.push({ ...hand, problems: problems.slice(seen) });
    }
    return { hands };
  }),
);

async function playHand(page, pageUrl, shoot) {
  // A fresh load for every hand, even when only the fragment differs from the last URL (that would not reload).
  await page.goto("about:blank");
  await page.goto(pageUrl);
  await page.getByTestId("deal").click();
  let declareAsked = false;
  let firstTurn;
  let playerMoves = 0;
  for (let turn = 0; ; turn++) {
    const now = await waitForPlayer(page);
    if (now === "declare") {
      declareAsked = true;
      await page.getByTestId(new URL(pageUrl).hash === "#declare" ? "declare-yes" : "declare-no").click();
      continue;
    }
    if (now !== "your-turn") break;
    if (turn >= MAX_TURNS) throw new Error(`no settlement after ${MAX_TURNS} turns of the player`);
    const before = await acceptedActions(page);
    if (firstTurn === undefined) {
      // The first turn: try two cards of different ranks (refused), then ask for a hint and play what it picked
      // (its cards, or a pass).
      const [seen, hand, refusal] = [await seats(page), await cardsInHand(page), await tryTwoDifferentRanks(page)];
      firstTurn = { seats: seen, hand, refusal, hint: await askHint(page) };
      await shoot("turn");
      await page.getByTestId(firstTurn.hint.move === "pass" ? "pass" : "play-selected").click();
    } else {
      await playFirstLegalMove(page);
    }
    await page.waitForFunction(
      (count) => {
        const status = document.querySelector('[data-testid="status"]');
        return Number(status.dataset.actions) > count && status.dataset.busy === "false";
      },
      before,
    );
    playerMoves++;
  }
  const finalPhase = await phase(page);
  if (finalPhase !== "settled") {
    throw new Error(`the page stopped in phase ${finalPhase}: ${await page.getByTestId("error").textContent()}`);
  }
  await shoot("end");
  const rows = (testid) =>
    page.getByTestId(testid).evaluateAll((found) =>
      found.map((row) => ({ ...row.dataset, cells: [...row.cells].map((cell) => cell.textContent) })),
    );
  const lines = (testid) =>
    page.getByTestId(testid).evaluateAll((found) => found.map((line) => ({ ...line.dataset })));
  return {
    declareAsked,
    firstTurn,
    playerMoves,
    actions: await lines("action"),
    declarations: await lines("declaration"),
    accepted: await acceptedActions(page),
    bots: await page.getByTestId("bots").textContent(),
    result: await page.getByTestId("result").textContent(),
    resultNet: await page.getByTestId("result").getAttribute("data-net"),
    payments: await page.getByTestId("payment").allTextContents(),
    outcome: await page.getByTestId("outcome").textContent(),
    outcomeCode: await page.getByTestId("outcome").getAttribute("data-outcome"),
    winner: await page.getByTestId("outcome").getAttribute("data-winner"),
    transfers: await rows("transfer"),
    nets: await page.getByTestId("net").evaluateAll((found) => found.map((row) => row.dataset.net)),
    fee: await page.getByTestId("fee").textContent(),
    log: await page.getByTestId("log").locator("li").allTextContents(),
    explanations: await page.getByTestId("explanation").allTextContents(),
    // Everything a person reads on the page, to check that no raw enum name or JSON shows.
    text: await page.locator("body").innerText(),
  };
}

/** Wait until the page waits for the player (to declare or to play) or the hand is settled; returns the phase. */
async function waitForPlayer(page) {
  await page.waitForFunction(() => {
    const status = document.querySelector('[data-testid="status"]');
    const waiting = ["declare", "your-turn", "settled", "error"].includes(status.dataset.phase);
    return waiting && status.dataset.busy === "false";
  });
  return phase(page);
}

/** Each seat as seat 0 sees it: its cards' codes (empty when drawn face down), its count, the backs drawn. */
async function seats(page) {
  return page.getByTestId("seat").evaluateAll((items) =>
    items.map((item) => ({ ...item.dataset, backs: item.querySelectorAll(".card.back").length })),
  );
}

/** The first legal move listed: its cards clicked in the hand, then "Play selected"; or "Pass". */
async function playFirstLegalMove(page) {
  const move = await page.getByTestId("legal-move").first().getAttribute("data-move");
  if (move === "pass") {
    await page.getByTestId("pass").click();
    return;
  }
  for (const card of move.split(" ")) await page.locator(`[data-testid="hand"] [data-card="${card}"]`).click();
  await page.getByTestId("play-selected").click();
}

/** Select two cards of different ranks (never a combination), press "Play selected", read why it was refused. */
async function tryTwoDifferentRanks(page) {
  const cards = await cardsInHand(page);
  const second = cards.find((card) => card[0] !== cards[0][0]);
  if (second === undefined) throw new Error(`no two ranks in the hand ${cards.join(" ")}`);
  for (const card of [cards[0], second]) await page.locator(`[data-testid="hand"] [data-card="${card}"]`).click();
  const before = await acceptedActions(page);
  await page.getByTestId("play-selected").click();
  await page.getByTestId("verdict").waitFor({ state: "visible" });
  await waitForPlayer(page);
  const refusal = {
    cards: [cards[0], second],
    message: await page.getByTestId("reason-message").textContent(),
    messageVi: await page.getByTestId("reason-message-vi").textContent(),
    verdict: await page.getByTestId("verdict").innerText(),
    actionsBefore: before,
    actionsAfter: await acceptedActions(page),
  };
  // The refused cards stay picked: unpick them.
  for (const card of refusal.cards) await page.locator(`[data-testid="hand"] [data-card="${card}"]`).click();
  return refusal;
}

/** Press "Suggest a move": what it said, the move it names, the cards it picked, and the legal moves listed. */
async function askHint(page) {
  await page.getByTestId("hint").click();
  await waitForPlayer(page);
  await page.getByTestId("hint-text").waitFor({ state: "visible" });
  return {
    text: await page.getByTestId("hint-text").textContent(),
    move: await page.getByTestId("hint-text").getAttribute("data-move"),
    seed: await page.getByTestId("hint-text").getAttribute("data-seed"),
    picked: await page
      .locator('[data-testid="hand"] [aria-pressed="true"]')
      .evaluateAll((buttons) => buttons.map((b) => b.dataset.card)),
    legal: await page.getByTestId("legal-move").evaluateAll((buttons) => buttons.map((b) => b.dataset.move)),
  };
}

async function cardsInHand(page) {
  return page.locator('[data-testid="hand"] [data-card]').evaluateAll((buttons) => buttons.map((b) => b.dataset.card));
}

async function phase(page) {
  return page.getByTestId("status").getAttribute("data-phase");
}

async function acceptedActions(page) {
  return Number(await page.getByTestId("status").getAttribute("data-actions"));
}
