// Replays a folder of conformance vectors in the browser page: node test/run-vectors.mjs PAGE_URL VECTORS_DIR
// PAGE_URL is conformance.html?front=…; prints the page's summary and failure lines as JSON.
import { report, withPage } from "./chromium.mjs";

const [pageUrl, vectors] = process.argv.slice(2);
if (pageUrl === undefined || vectors === undefined) {
  console.error("usage: node test/run-vectors.mjs PAGE_URL VECTORS_DIR");
  process.exit(2);
}
// Hundreds of calls, one at a time, on a machine that may be busy.
const RUN_TIMEOUT_MS = 300_000;

report(
  withPage(async (page, problems) => {
    await page.goto(pageUrl);
    await page.getByTestId("vectors").setInputFiles(vectors);
    await page.getByTestId("run").click();
    await page.waitForFunction(
      () => ["done", "error"].includes(document.querySelector('[data-testid="status"]').dataset.phase),
      undefined,
      { timeout: RUN_TIMEOUT_MS },
    );
    const summary = page.getByTestId("summary");
    return {
      status: await page.getByTestId("status").textContent(),
      passed: Number((await summary.getAttribute("data-passed")) ?? -1),
      failed: Number((await summary.getAttribute("data-failed")) ?? -1),
      failures: await page.getByTestId("failure").allTextContents(),
      problems,
    };
  }),
);
