// The conformance vectors replayed from a browser: every case of the chosen files goes to the service over
// gRPC-Web (through the same front a game page uses) and is matched by the SDK's own matcher (runCase).
import { createWebTransport, parseVectors, runCase } from "@cardrules/client/web";

const DEFAULT_FRONT = "http://127.0.0.1:8080";
// Longer than the SDK's 2 s default: the vectors include the largest requests the contract allows.
const CALL_TIMEOUT_MS = 10000;

const params = new URLSearchParams(location.search);
const form = document.getElementById("run-form") as HTMLFormElement;
const fields = document.getElementById("run-fields") as HTMLFieldSetElement;
const front = document.getElementById("front") as HTMLInputElement;
const picker = document.getElementById("vectors") as HTMLInputElement;
const status = document.getElementById("status") as HTMLElement;
const summary = document.getElementById("summary") as HTMLElement;
const failures = document.getElementById("failures") as HTMLElement;

front.value = params.get("front") ?? DEFAULT_FRONT;
form.addEventListener("submit", (event) => {
  event.preventDefault();
  fields.disabled = true;
  run([...(picker.files ?? [])]).then(
    () => (fields.disabled = false),
    (error: unknown) => {
      fields.disabled = false;
      setPhase("error", `Stopped: ${error instanceof Error ? error.message : String(error)}`);
    },
  );
});

async function run(files: readonly File[]): Promise<void> {
  failures.replaceChildren();
  summary.hidden = true;
  const transport = createWebTransport(front.value, { timeoutMs: CALL_TIMEOUT_MS });
  // The same order as the Node runner: every *.json at any depth, sorted by its path in the folder.
  const vectorFiles = files
    .map((file) => ({ file, path: file.webkitRelativePath.split("/").slice(1).join("/") || file.name }))
    .filter(({ path }) => path.endsWith(".json"))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  let passed = 0;
  let failed = 0;
  for (const { file, path } of vectorFiles) {
    const { cases, problems } = parseVectors(path, await file.text());
    for (const problem of problems) {
      failed++;
      report(`${problem.file} :: ${problem.name}: ${problem.problem}`);
    }
    for (const vector of cases) {
      setPhase("running", `Running ${path} :: ${vector.name}`);
      const difference = await runCase(transport, vector);
      if (difference === undefined) {
        passed++;
      } else {
        failed++;
        report(`${vector.file} :: ${vector.name}: ${difference}`);
      }
    }
  }
  summary.textContent = `${passed} passed, ${failed} failed`;
  summary.dataset["passed"] = String(passed);
  summary.dataset["failed"] = String(failed);
  summary.hidden = false;
  setPhase("done", `Done: ${vectorFiles.length} files.`);
}

function report(line: string): void {
  const item = document.createElement("li");
  item.dataset["testid"] = "failure";
  item.textContent = `FAIL ${line}`;
  failures.append(item);
}

function setPhase(phase: string, text: string): void {
  status.dataset["phase"] = phase;
  status.textContent = text;
}
