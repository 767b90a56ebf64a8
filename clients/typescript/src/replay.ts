// Replaying one conformance case over any transport: look the method up in the generated descriptors, parse the
// request from proto3 JSON, call it, and match the outcome (matching.ts). Browser-safe: loading the vector files
// from disk is the Node runner's part (runner.ts).
import { createRegistry, type DescMethodUnary, fromJson, type Registry, toJson } from "@bufbuild/protobuf";
import type { Transport } from "@connectrpc/connect";
import { fieldViolationsOf, toRulesError } from "./errors.js";
import { localDealDifference } from "./deal-check.js";
import { CONTRACT_FILES } from "./gen/contract.js";
import { type Json, matchError, matchResponse } from "./matching.js";
import type { VectorCase } from "./vector-file.js";

/** Every service (and message) of the contract, by full name (`cardrules.v1.SamLocService`): the generated files'
 * registry, so a new service is found without an edit here. */
export const SERVICES: Registry = createRegistry(...CONTRACT_FILES);

/**
 * Run one case; `undefined` when it passes, else the first difference. A `Deal` case is also recomputed locally
 * (dealFrom), and must agree both ways.
 */
export async function runCase(transport: Transport, vector: VectorCase): Promise<string | undefined> {
  const method = findMethod(vector.service, vector.method);
  if (typeof method === "string") {
    return method;
  }
  const difference = await callCase(transport, method, vector);
  return difference ?? (await localDealDifference(method, vector, parseRequest(method, vector)));
}

async function callCase(transport: Transport, method: DescMethodUnary, vector: VectorCase): Promise<string | undefined> {
  let request;
  try {
    request = parseRequest(method, vector);
  } catch (error) {
    return `request does not parse as ${method.input.typeName}: ${messageOf(error)}`;
  }
  let response;
  try {
    response = await transport.unary(method, undefined, undefined, undefined, request);
  } catch (error) {
    const failure = toRulesError(error);
    if (vector.expect.kind === "response") {
      return `expected a response, got error ${failure.codeName}: ${failure.rawMessage}`;
    }
    const pairs = fieldViolationsOf(failure).map(({ field, reason }) => ({ field, reason }));
    return matchError(vector.expect, { code: failure.codeName, message: failure.rawMessage, fieldViolations: pairs });
  }
  if (vector.expect.kind === "error") {
    return `expected error ${vector.expect.code}, got a response`;
  }
  const json = toJson(method.output, response.message, { alwaysEmitImplicit: true, registry: SERVICES }) as Json;
  return matchResponse(vector.expect.response, json, vector.expect.unordered);
}

function parseRequest(method: DescMethodUnary, vector: VectorCase) {
  // fromJson rejects unknown fields by default: a typo in a vector must fail, not be silently dropped.
  return fromJson(method.input, vector.request, { registry: SERVICES });
}

function findMethod(serviceName: string, methodName: string): DescMethodUnary | string {
  const service = SERVICES.getService(serviceName);
  if (service === undefined) {
    return `unknown service ${serviceName} (known: ${[...SERVICES].filter((d) => d.kind === "service").map((d) => d.typeName).join(", ")})`;
  }
  const method = service.methods.find((m) => m.name === methodName);
  if (method === undefined) {
    return `${serviceName} has no method ${methodName} (known: ${service.methods.map((m) => m.name).join(", ")})`;
  }
  if (method.methodKind !== "unary") {
    return `${serviceName}.${methodName} is not unary`;
  }
  // DescMethod is not a discriminated union in protobuf-es, so the check above cannot narrow it by itself.
  return method as DescMethodUnary;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
