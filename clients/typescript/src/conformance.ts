#!/usr/bin/env node
// The conformance runner: node dist/conformance.js VECTORS_DIR [--target URL] [--timeout-ms N]
// Prints one line per failing case and ends with "N passed, M failed"; exits 1 when M > 0 or no case ran.
import { parseArgs } from "node:util";
import { runConformance } from "./runner.js";

const USAGE = "usage: node dist/conformance.js VECTORS_DIR [--target http://127.0.0.1:50051] [--timeout-ms 10000]";

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        target: { type: "string", default: "http://127.0.0.1:50051" },
        // Longer than the SDK's 2 s default: conformance includes the largest requests the contract allows.
        "timeout-ms": { type: "string", default: "10000" },
      },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const [dir, ...extra] = args.positionals;
  const timeoutMs = Number(args.values["timeout-ms"]);
  if (dir === undefined || extra.length > 0 || !Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    console.error(USAGE);
    return 2;
  }
  const result = await runConformance(dir, args.values.target, { timeoutMs });
  for (const failure of result.failures) {
    console.log(`FAIL ${failure.file} :: ${failure.name}: ${failure.difference}`);
  }
  console.log(`${result.passed} passed, ${result.failed} failed`);
  return result.failed > 0 || result.passed === 0 ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Only setup failures get here (an unreadable directory): every case's own failure is reported above.
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  },
);
