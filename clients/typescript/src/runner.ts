// Replaying a directory of conformance cases against a live server, one case at a time (replay.ts).
import type { Transport } from "@connectrpc/connect";
import { createNodeTransport, createStreamTransport, type NodeClientOptions, wantsStreams } from "./node-transport.js";
import { runCase } from "./replay.js";
import { loadVectors } from "./vectors.js";

export interface CaseFailure {
  readonly file: string;
  readonly name: string;
  readonly difference: string;
}

export interface ConformanceResult {
  readonly passed: number;
  readonly failed: number;
  readonly failures: readonly CaseFailure[];
}

/**
 * Load every vector under `dir` and run each case in order against `target` (with `options.streams`, in stream
 * mode, whose connections are closed at the end).
 */
export async function runConformance(
  dir: string,
  target: string | Transport,
  options: NodeClientOptions = {},
): Promise<ConformanceResult> {
  const { cases, problems } = await loadVectors(dir);
  if (typeof target === "string" && wantsStreams(options)) {
    const stream = createStreamTransport(target, options);
    try {
      return await runConformance(dir, stream);
    } finally {
      await stream.close();
    }
  }
  const transport = typeof target === "string" ? createNodeTransport(target, options) : target;
  const failures: CaseFailure[] = problems.map(({ file, name, problem }) => ({ file, name, difference: problem }));
  // One case at a time: the output order then follows the sorted files, and a failure is easy to reproduce.
  for (const vector of cases) {
    const difference = await runCase(transport, vector);
    if (difference !== undefined) {
      failures.push({ file: vector.file, name: vector.name, difference });
    }
  }
  return { passed: cases.length + problems.length - failures.length, failed: failures.length, failures };
}

