// The conformance runners' second check of every `Deal` case: the SDK's own dealFrom (deal.ts) recomputes the
// expected answer from the case's request, so the shared vectors test the local verification as well as the
// server. The expected `views` are left out: they are the server's redaction of the same deal, which dealFrom does
// not make. Browser-safe, like replay.ts.
import { create, type DescMessage, type DescMethodUnary, toJson } from "@bufbuild/protobuf";
import { type DealGame, DealInputError, dealFrom } from "./deal.js";
import { type Json, type JsonObject, matchResponse, type ViolationPair } from "./matching.js";
import type { VectorCase } from "./vector-file.js";

/** The game each service deals, by the service's full name. */
const DEAL_GAMES: ReadonlyMap<string, DealGame> = new Map([
  ["cardrules.v1.SamLocService", "sam_loc"],
  ["cardrules.v1.LiengService", "lieng"],
]);

/** What a Deal request holds, as protobuf-es gives it. */
interface DealRequestFields {
  readonly seatCount: number;
  readonly serverSeed: Uint8Array;
  readonly clientSeed: string;
  readonly nonce: bigint;
  readonly algorithm: string;
}

/**
 * For a `Deal` case, the first difference between the case's expectation and what dealFrom computes locally from
 * its request (an expected error must be refused locally too); `undefined` when they agree or the case is not a
 * Deal.
 */
export async function localDealDifference(
  method: DescMethodUnary,
  vector: VectorCase,
  request: unknown,
): Promise<string | undefined> {
  const game = DEAL_GAMES.get(method.parent.typeName);
  if (method.name !== "Deal" || game === undefined) {
    return undefined;
  }
  const fields = request as DealRequestFields;
  let deal;
  try {
    deal = await dealFrom({ game, ...fields });
  } catch (error) {
    if (vector.expect.kind === "error" && error instanceof DealInputError) {
      return refusalDifference(error, vector.expect.fieldViolations);
    }
    return `local dealFrom: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (vector.expect.kind === "error") {
    return `local dealFrom dealt, but the case expects error ${vector.expect.code}`;
  }
  const output: DescMessage = method.output;
  const local = create(output, deal as never);
  const json = toJson(output, local, { alwaysEmitImplicit: true }) as Json;
  const expected = Object.fromEntries(
    Object.entries(vector.expect.response as JsonObject).filter(([key]) => key !== "views"),
  ) as JsonObject;
  const difference = matchResponse(expected, json, vector.expect.unordered);
  return difference === undefined ? undefined : `local dealFrom: ${difference}`;
}

// dealFrom reports the first input out of range: it must be one of the violations the case expects.
function refusalDifference(error: DealInputError, expected: readonly ViolationPair[] | undefined): string | undefined {
  if (expected === undefined || expected.some(({ field, reason }) => field === error.field && reason === error.reason)) {
    return undefined;
  }
  const wanted = expected.map(({ field, reason }) => `${field} ${reason}`).join(", ");
  return `local dealFrom refused ${error.field} ${error.reason}, but the case expects ${wanted}`;
}
