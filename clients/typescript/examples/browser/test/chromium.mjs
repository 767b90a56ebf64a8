// Debian's chromium (/usr/bin/chromium), driven by playwright-core: no browser is downloaded. Each run gets a
// fresh profile in a temporary directory, removed afterwards.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox", // root in a container has no user namespace for the sandbox
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Run `use(page, problems)` in a fresh headless chromium. `problems` collects the page's uncaught errors and
 * console errors as they happen, for the caller to report.
 */
export async function withPage(use) {
  const profile = await mkdtemp(join(tmpdir(), "cardrules-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const problems = [];
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (line) => {
      if (line.type() === "error") problems.push(`console error: ${line.text()}`);
    });
    return await use(page, problems);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/** Print the run's result as one JSON line for the calling test; exit 1 on a setup failure. */
export function report(run) {
  run.then(
    (result) => console.log(JSON.stringify(result)),
    (error) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exitCode = 1;
    },
  );
}
