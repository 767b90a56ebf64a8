// Conformance vector files (format: tests/vectors/README.md), parsed from their text. A malformed file or case is
// reported as a failing case rather than aborting the run, so one bad operator file cannot hide the results of the
// rest. Browser-safe: reading the files from disk is vectors.ts.
import type { ExpectedError, Json, JsonObject, ViolationPair } from "./matching.js";

export interface VectorCase {
  /** The file, relative to the vectors directory, with `/` separators. */
  readonly file: string;
  readonly name: string;
  readonly service: string;
  readonly method: string;
  readonly request: JsonObject;
  readonly expect: Expectation;
}

export type Expectation =
  | { readonly kind: "response"; readonly response: Json; readonly unordered: readonly string[] }
  | ({ readonly kind: "error" } & ExpectedError);

/** A file or case that could not be read; it counts as one failed case. */
export interface LoadProblem {
  readonly file: string;
  readonly name: string;
  readonly problem: string;
}

export interface LoadedVectors {
  readonly cases: VectorCase[];
  readonly problems: LoadProblem[];
}

/**
 * The cases of one vector file, from its text (`file` names it in reports: its path relative to the vectors
 * directory, with `/` separators). Needs no file system: a browser page can fetch the files and pass them here.
 */
export function parseVectors(file: string, text: string): LoadedVectors {
  const cases: VectorCase[] = [];
  const problems: LoadProblem[] = [];
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    problems.push({ file, name: "(file)", problem: `not JSON: ${String(error)}` });
    return { cases, problems };
  }
  const list = isObject(document) ? document["cases"] : undefined;
  if (!Array.isArray(list)) {
    problems.push({ file, name: "(file)", problem: 'expected an object with a "cases" list' });
    return { cases, problems };
  }
  list.forEach((raw: unknown, index) => {
    const parsed = parseCase(file, raw);
    if (typeof parsed === "string") {
      const name = isObject(raw) && typeof raw["name"] === "string" ? raw["name"] : `cases[${index}]`;
      problems.push({ file, name, problem: parsed });
    } else {
      cases.push(parsed);
    }
  });
  return { cases, problems };
}

// Returns the case, or why it is not one.
function parseCase(file: string, raw: unknown): VectorCase | string {
  if (!isObject(raw)) {
    return "a case must be an object";
  }
  const { name, service, method, request, expect } = raw;
  if (typeof name !== "string" || typeof service !== "string" || typeof method !== "string") {
    return 'a case needs string "name", "service" and "method"';
  }
  if (!isObject(request)) {
    return '"request" must be an object';
  }
  const expectation = parseExpect(expect);
  if (typeof expectation === "string") {
    return expectation;
  }
  return { file, name, service, method, request: request as JsonObject, expect: expectation };
}

const EXPECT_KEYS: ReadonlySet<string> = new Set(["response", "unordered", "error"]);

function parseExpect(expect: unknown): Expectation | string {
  if (!isObject(expect) || ("response" in expect) === ("error" in expect)) {
    return '"expect" must hold exactly one of "response" and "error"';
  }
  // A misspelt key ("unorderd") must fail the case, not silently weaken it.
  const unknown = Object.keys(expect).filter((key) => !EXPECT_KEYS.has(key));
  if (unknown.length > 0) {
    return `"expect" has unknown keys ${JSON.stringify(unknown)} (allowed: response, unordered, error)`;
  }
  if ("response" in expect) {
    const unordered = expect["unordered"] ?? [];
    if (!isStringList(unordered)) {
      return '"expect.unordered" must be a list of strings';
    }
    return { kind: "response", response: expect["response"] as Json, unordered };
  }
  const error = expect["error"];
  if (!isObject(error) || typeof error["code"] !== "string") {
    return '"expect.error" must be an object with a string "code"';
  }
  const fieldViolations = error["fieldViolations"];
  if (fieldViolations === undefined) {
    return { kind: "error", code: error["code"] };
  }
  if (!Array.isArray(fieldViolations) || !fieldViolations.every(isViolationPair)) {
    return '"expect.error.fieldViolations" must be a list of {"field": path, "reason": REASON} objects';
  }
  return { kind: "error", code: error["code"], fieldViolations };
}

/** `{"field": "hands[1]", "reason": "WRONG_CARD_COUNT"}`: exactly these two keys, non-empty strings. */
function isViolationPair(value: unknown): value is ViolationPair {
  if (!isObject(value)) {
    return false;
  }
  const keys = Object.keys(value).sort();
  return (
    keys.length === 2 &&
    keys[0] === "field" &&
    keys[1] === "reason" &&
    typeof value["field"] === "string" &&
    value["field"] !== "" &&
    typeof value["reason"] === "string" &&
    value["reason"] !== ""
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}
