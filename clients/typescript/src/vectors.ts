// Loading a directory of conformance vector files from disk (each parsed by vector-file.ts).
import { readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { type LoadedVectors, type LoadProblem, parseVectors, type VectorCase } from "./vector-file.js";

/** Every `*.json` under `dir`, at any depth, in sorted path order, split into cases. */
export async function loadVectors(dir: string): Promise<LoadedVectors> {
  const cases: VectorCase[] = [];
  const problems: LoadProblem[] = [];
  for (const path of await jsonFiles(dir)) {
    const file = relative(dir, path).split(sep).join("/");
    const loaded = parseVectors(file, await readFile(path, "utf8"));
    cases.push(...loaded.cases);
    problems.push(...loaded.problems);
  }
  return { cases, problems };
}

async function jsonFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}
