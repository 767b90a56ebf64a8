// Plays hands in the example page as a player would: node test/play-hand.mjs [--screenshots DIR] PAGE_URL …
// Each PAGE_URL carries ?front=…&serverSeed=…&clientSeed=…&nonce=…&seats=…&delay=0; all are played in one
// browser, one after the other. It reads the commitment the page shows before the first move; on the player's
// first turn it tries a play the service must refuse (two cards of different ranks), then takes the first legal
// move every turn until the settlement, and reads the revealed seed and the page's own check of the deal. With
// --screenshots, it saves DIR/hand-N-start.png (the player's first turn) and DIR/hand-N-end.png (settled).
// Prints {"hands": [what the page showed, per URL]}.
import { join } from "node:path";
import { report, withPage } from "./chromium.mjs";

const args = process.argv.slice(2);
const screenshots = args[0] === "--screenshots" ? args[1] : undefined;
const pageUrls = screenshots === undefined ? args : args.slice(2);
if (pageUrls.length === 0) {
  console.error("usage: node test/play-hand.mjs [--screenshots DIR] PAGE_URL [PAGE_URL ...]");
  process.exit(2);
}
const STEP_TIMEOUT_MS = 30_000;
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
          await page.screenshot({ path: join(screenshots, `hand-${index}-${moment}.png`), fullPage: true });
        }
      };
      const hand = await playHand(page, pageUrl, shoot);
      hands.push({ ...hand, problems: problems.slice(seen) });
    }
    return { hands };
  }),
);

async function playHand(page, pageUrl, shoot) {
  await page.goto(pageUrl);
  await page.getByTestId("deal").click();
  await settledOrYourTurn(page);
  // Shown before any move; the seed is still hidden.
  const commitment = await page.getByTestId("commitment").textContent();
  const seedShownBefore = await page.getByTestId("server-seed").isVisible();
  const handBefore = await page.getByTestId("card").evaluateAll((buttons) => buttons.map((b) => b.dataset.card));
  await shoot("start");

  let refusal;
  let playerMoves = 0;
  for (let turn = 0; (await phase(page)) === "your-turn"; turn++) {
    if (turn >= MAX_TURNS) throw new Error(`no settlement after ${MAX_TURNS} turns of the player`);
    if (refusal === undefined) {
      refusal = await tryTwoDifferentRanks(page);
      continue;
    }
    const before = await acceptedActions(page);
    await page.getByTestId("legal-move").first().click();
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
  const transfers = await page
    .getByTestId("transfer")
    .evaluateAll((rows) => rows.map((row) => ({ ...row.dataset, cells: [...row.cells].map((cell) => cell.textContent) })));
  return {
    commitment,
    seedShownBefore,
    handBefore,
    algorithm: await page.getByTestId("algorithm").textContent(),
    serverSeed: await page.getByTestId("server-seed").textContent(),
    seedShownAfter: await page.getByTestId("server-seed").isVisible(),
    dealCheck: await page.getByTestId("deal-check").getAttribute("data-verified"),
    dealCheckText: await page.getByTestId("deal-check").textContent(),
    refusal,
    playerMoves,
    actions: await acceptedActions(page),
    outcome: await page.getByTestId("outcome").textContent(),
    outcomeCode: await page.getByTestId("outcome").getAttribute("data-outcome"),
    winner: await page.getByTestId("outcome").getAttribute("data-winner"),
    transfers,
    nets: await page.getByTestId("net").evaluateAll((rows) => rows.map((row) => row.dataset.net)),
    fee: await page.getByTestId("fee").textContent(),
    log: await page.getByTestId("log").locator("li").allTextContents(),
    // Everything a person reads on the page, to check that no raw enum name shows.
    text: await page.locator("body").innerText(),
  };
}

async function phase(page) {
  return page.getByTestId("status").getAttribute("data-phase");
}

async function acceptedActions(page) {
  return Number(await page.getByTestId("status").getAttribute("data-actions"));
}

async function settledOrYourTurn(page) {
  await page.waitForFunction(() => {
    const status = document.querySelector('[data-testid="status"]');
    return ["your-turn", "settled", "error"].includes(status.dataset.phase) && status.dataset.busy === "false";
  });
}

// Select two cards of different ranks (never a combination), press "Play selected", read the refusal, and
// deselect them again.
async function tryTwoDifferentRanks(page) {
  const cards = await page.getByTestId("card").evaluateAll((buttons) => buttons.map((button) => button.dataset.card));
  const first = cards[0];
  const second = cards.find((card) => card[0] !== first[0]);
  if (second === undefined) throw new Error(`no two ranks in the hand ${cards.join(" ")}`);
  for (const card of [first, second]) await page.locator(`[data-card="${card}"]`).click();
  const before = await acceptedActions(page);
  await page.getByTestId("play-selected").click();
  await page.getByTestId("verdict").waitFor({ state: "visible" });
  await settledOrYourTurn(page);
  const refusal = {
    cards: [first, second],
    code: await page.getByTestId("reason-code").textContent(),
    message: await page.getByTestId("reason-message").textContent(),
    messageVi: await page.getByTestId("reason-message-vi").textContent(),
    actionsBefore: before,
    actionsAfter: await acceptedActions(page),
  };
  for (const card of [first, second]) await page.locator(`[data-card="${card}"]`).click();
  return refusal;
}
