// The conformance matching rules of tests/vectors/README.md, as pure functions over JSON values, so they can
// be unit-tested with literal pairs and reused by anyone replaying vectors. Every SDK implements the same rules.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/**
 * Match a response (proto3 JSON, defaults emitted) against an expected subset. Returns `undefined` on a
 * match, else the first difference with its path, e.g. `response.scores[0].tier: expected "…", got "…"`.
 * `unordered` lists dotted field paths from the root, list indices left out (`moves`, `pots.winners`).
 */
export function matchResponse(expected: Json, actual: Json, unordered: readonly string[] = []): string | undefined {
  return match(expected, actual, "response", [], new Set(unordered));
}

/** One BadRequest field violation as a vector names it: its field path and its reason (`DUPLICATE_CARD`). */
export interface ViolationPair {
  readonly field: string;
  readonly reason: string;
}

export interface ExpectedError {
  readonly code: string;
  /** When given, the exact set of BadRequest violations (field and reason); when absent, only the code is checked. */
  readonly fieldViolations?: readonly ViolationPair[];
}

export interface ActualError {
  readonly code: string;
  readonly message?: string;
  readonly fieldViolations: readonly ViolationPair[];
}

/** Match a failed call: the status code name, then the (field, reason) pairs compared as a set. */
export function matchError(expected: ExpectedError, actual: ActualError): string | undefined {
  if (expected.code !== actual.code) {
    const message = actual.message === undefined ? "" : ` (${actual.message})`;
    return `error code: expected ${expected.code}, got ${actual.code}${message}`;
  }
  if (expected.fieldViolations === undefined) {
    return undefined;
  }
  const want = new Set(expected.fieldViolations.map(pairText));
  const got = new Set(actual.fieldViolations.map(pairText));
  const missing = [...want].filter((f) => !got.has(f));
  const extra = [...got].filter((f) => !want.has(f));
  if (missing.length === 0 && extra.length === 0) {
    return undefined;
  }
  return (
    `error fieldViolations: missing ${show(missing)}, unexpected ${show(extra)} ` + `(got ${show([...got])})`
  );
}

function pairText(violation: ViolationPair): string {
  return `${violation.field} ${violation.reason}`;
}

/**
 * Scalars match by value; an int64 may be written as a JSON number or a decimal string (the canonical
 * mapping prints int64 as a string), so `20000` matches `"20000"` either way round.
 */
export function scalarsMatch(expected: Json, actual: Json): boolean {
  if (expected === actual) {
    return true;
  }
  if (typeof expected === "number" && typeof actual === "string") {
    return integerEquals(expected, actual);
  }
  if (typeof expected === "string" && typeof actual === "number") {
    return integerEquals(actual, expected);
  }
  return false;
}

function integerEquals(number: number, text: string): boolean {
  // BigInt on both sides: int64 values beyond 2^53 must compare exactly, never through a lossy double.
  return Number.isInteger(number) && /^-?\d+$/.test(text) && BigInt(number) === BigInt(text);
}

function match(
  expected: Json,
  actual: Json | undefined,
  display: string,
  fieldPath: readonly string[],
  unordered: ReadonlySet<string>,
): string | undefined {
  if (isObject(expected)) {
    if (!isObject(actual)) {
      return differ(display, expected, actual);
    }
    for (const [key, want] of Object.entries(expected)) {
      const where = `${display}.${key}`;
      if (!Object.hasOwn(actual, key)) {
        // Literally "every key it names must be present": an unset optional field cannot be expected, even as
        // null (the Python runner does the same; one rule everywhere).
        return `${where}: expected ${show(want)}, but the response has no such field`;
      }
      const problem = match(want, actual[key], where, [...fieldPath, key], unordered);
      if (problem !== undefined) {
        return problem;
      }
    }
    return undefined;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) {
      return differ(display, expected, actual);
    }
    if (expected.length !== actual.length) {
      return `${display}: expected ${expected.length} elements, got ${actual.length}: ${show(actual)}`;
    }
    if (unordered.has(fieldPath.join("."))) {
      return matchUnordered(expected, actual, display, fieldPath, unordered);
    }
    for (let i = 0; i < expected.length; i++) {
      const problem = match(expected[i] as Json, actual[i], `${display}[${i}]`, fieldPath, unordered);
      if (problem !== undefined) {
        return problem;
      }
    }
    return undefined;
  }
  return actual !== undefined && scalarsMatch(expected, actual) ? undefined : differ(display, expected, actual);
}

// Each expected element must match a distinct actual element. Greedy pairing can fail where a pairing exists
// (a loose pattern taking the only element a stricter one fits), so this finds a maximum bipartite matching.
function matchUnordered(
  expected: readonly Json[],
  actual: readonly Json[],
  display: string,
  fieldPath: readonly string[],
  unordered: ReadonlySet<string>,
): string | undefined {
  const fits = expected.map((want) =>
    actual.map((got) => match(want, got, display, fieldPath, unordered) === undefined),
  );
  const ownerOf: (number | undefined)[] = actual.map(() => undefined);
  const assign = (e: number, seen: boolean[]): boolean => {
    for (let a = 0; a < actual.length; a++) {
      if (fits[e]?.[a] !== true || seen[a] === true) {
        continue;
      }
      seen[a] = true;
      const owner = ownerOf[a];
      if (owner === undefined || assign(owner, seen)) {
        ownerOf[a] = e;
        return true;
      }
    }
    return false;
  };
  for (let e = 0; e < expected.length; e++) {
    if (!assign(e, actual.map(() => false))) {
      const alone = fits[e]?.some(Boolean) === true ? " (its matches are all taken by other expected elements)" : "";
      return `${display} (unordered): expected element ${show(expected[e] as Json)} matches no element${alone}; got ${show([...actual])}`;
    }
  }
  return undefined;
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function differ(display: string, expected: Json, actual: Json | undefined): string {
  return `${display}: expected ${show(expected)}, got ${actual === undefined ? "nothing" : show(actual)}`;
}

// Keep failure lines readable: a whole response can be kilobytes.
function show(value: Json): string {
  const text = JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}
