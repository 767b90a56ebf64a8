// Steps through hand histories in the viewer page as a support agent would: node test/step-history.mjs
// [--screenshots DIR] PAGE_URL … Each PAGE_URL is history.html?front=…&vector=…&viewer=…#case (or …&record=URL), or
// history.html?front=…::paste=FILE or ::file=FILE to load FILE by the paste box or the file picker. The script waits for
// the replay, then presses → until the end, reading every frame the page shows (its words and the data attributes
// of its table), and presses ← back to the start once to check that stepping back shows the same frames. With
// --screenshots it saves DIR/history-N-first.png and DIR/history-N-last.png. Prints {"histories": [...]}.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { report, withPage } from "./chromium.mjs";

const args = process.argv.slice(2);
const screenshots = args[0] === "--screenshots" ? args[1] : undefined;
const pageUrls = screenshots === undefined ? args : args.slice(2);
if (pageUrls.length === 0) {
  console.error("usage: node test/step-history.mjs [--screenshots DIR] PAGE_URL [PAGE_URL ...]");
  process.exit(2);
}
const STEP_TIMEOUT_MS = 30_000;
// The longest legal Sâm record has 242 actions; a frame more for the deal and one for the settlement.
const MAX_FRAMES = 260;

report(
  withPage(async (page, problems) => {
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.setViewportSize({ width: 1100, height: 900 });
    const histories = [];
    for (const [index, pageUrl] of pageUrls.entries()) {
      const seen = problems.length;
      const shoot = async (moment) => {
        if (screenshots !== undefined) {
          await page.screenshot({ path: join(screenshots, `history-${index}-${moment}.png`), fullPage: true });
        }
      };
      const history = await stepThrough(page, pageUrl, shoot);
      histories.push({ ...history, problems: problems.slice(seen) });
    }
    return { histories };
  }),
);

async function stepThrough(page, argument, shoot) {
  // PAGE_URL, or PAGE_URL::paste=FILE / PAGE_URL::file=FILE: load FILE by the paste box or the file picker.
  const [pageUrl, load] = argument.split("::");
  // A URL that differs from the last one only after # would not load the page again: start from a blank page.
  await page.goto("about:blank");
  await page.goto(pageUrl);
  if (load !== undefined) {
    const [how, path] = load.split("=");
    await page.waitForFunction(() => document.querySelector('[data-testid="status"]').dataset.phase === "idle");
    if (how === "paste") {
      await page.getByText("Paste a record").click();
      await page.getByTestId("record-text").fill(await readFile(path, "utf8"));
      await page.getByTestId("load-text").click();
    } else {
      await page.getByTestId("record-file").setInputFiles(path);
    }
  }
  await page.waitForFunction(() =>
    ["ready", "error"].includes(document.querySelector('[data-testid="status"]').dataset.phase),
  );
  if ((await page.getByTestId("status").getAttribute("data-phase")) === "error") {
    return { error: await page.getByTestId("error").textContent(), frames: [] };
  }
  const frames = [await readFrame(page)];
  await shoot("first");
  const total = Number(await page.getByTestId("position").getAttribute("data-frames"));
  for (let step = 1; step < total; step++) {
    if (step >= MAX_FRAMES) throw new Error(`more than ${MAX_FRAMES} frames`);
    await page.keyboard.press("ArrowRight");
    await page.waitForFunction(
      (wanted) => document.querySelector('[data-testid="position"]').dataset.position === String(wanted),
      step,
    );
    frames.push(await readFrame(page));
  }
  await shoot("last");
  const settlement = await readSettlement(page);
  // What the page itself says (the record's own title and the file's case names are the record's words, not its).
  const text = (
    await Promise.all(["status", "position", "frame", "settlement"].map((id) => page.getByTestId(id).innerText()))
  ).join("\n");
  const forwardDisabled = await page.getByTestId("forward").isDisabled();
  // Back to the start with ←: every frame shows again as it did going forward.
  const backMismatches = [];
  for (let step = total - 2; step >= 0; step--) {
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction(
      (wanted) => document.querySelector('[data-testid="position"]').dataset.position === String(wanted),
      step,
    );
    const again = await readFrame(page);
    if (JSON.stringify(again) !== JSON.stringify(frames[step])) backMismatches.push({ step, back: again });
  }
  const backDisabled = await page.getByTestId("back").isDisabled();
  // Another viewer from the picker, then → at once: the page replays for it and the key steps, not the picker.
  const viewer = page.getByTestId("viewer");
  const before = await viewer.inputValue();
  const other = before === "spectator" ? "audit" : "spectator";
  await viewer.focus(); // as when a person picks with the mouse or the keyboard
  await viewer.selectOption(other);
  await page.waitForFunction(
    () => document.querySelector('[data-testid="status"]').dataset.phase === "ready" &&
      document.querySelector('[data-testid="position"]').dataset.position === "0",
  );
  await page.keyboard.press("ArrowRight");
  const afterSwitch = {
    viewer: await viewer.inputValue(),
    position: await page.getByTestId("position").getAttribute("data-position"),
    frames: await page.getByTestId("position").getAttribute("data-frames"),
  };
  return {
    title: await page.getByTestId("record-title").innerText(),
    viewers: await page.getByTestId("viewer").locator("option").evaluateAll((options) => options.map((o) => o.value)),
    viewer: before,
    frames,
    settlement,
    text,
    forwardDisabledAtEnd: forwardDisabled,
    backDisabledAtStart: backDisabled,
    backMismatches,
    afterSwitch: { asked: other, ...afterSwitch },
  };
}

async function readFrame(page) {
  return page.getByTestId("frame").evaluate((frame) => {
    const data = (element) => ({ ...element.dataset });
    const resolved = frame.querySelector('[data-testid="resolved"]');
    return {
      kind: frame.dataset.kind,
      index: frame.dataset.index,
      action: frame.querySelector('[data-testid="action"]').innerText,
      resolved: resolved.hidden ? null : resolved.innerText,
      events: [...frame.querySelectorAll('[data-testid="event"]')].map((item) => ({
        kind: Number(item.dataset.kind),
        text: item.innerText,
      })),
      seats: [...frame.querySelectorAll('[data-testid="seat"]')].map(data),
      onTable: frame.querySelector('[data-testid="on-table"]') && data(frame.querySelector('[data-testid="on-table"]')),
      chops: frame.querySelector('[data-testid="chops"]')?.innerText ?? null,
      pot: frame.querySelector('[data-testid="pot"]') && data(frame.querySelector('[data-testid="pot"]')),
      cardsDrawn: frame.querySelectorAll(".card:not(.back)").length, // face up
      cardsFaceDown: frame.querySelectorAll(".card.back").length,
      resolvedCards: resolved.querySelectorAll(".card").length,
    };
  });
}

async function readSettlement(page) {
  if (await page.getByTestId("settlement").isHidden()) return null;
  const section = page.getByTestId("settlement");
  return {
    outcome: await section.getByTestId("outcome").innerText(),
    transfers: await section.getByTestId("transfer").evaluateAll((rows) =>
      rows.map((row) => ({ ...row.dataset, cells: [...row.cells].map((cell) => cell.innerText) })),
    ),
    nets: await section.getByTestId("net").evaluateAll((rows) => rows.map((row) => row.dataset.net)),
    fee: await section.getByTestId("fee").innerText(),
    pots: await section.locator('[data-testid="pot-row"]').evaluateAll((rows) => rows.map((row) => ({ ...row.dataset }))),
  };
}
