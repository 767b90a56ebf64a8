// Typed errors for the SDK: ConnectErrors (so Connect's tooling keeps the status) with what callers of a gRPC
// service look for decoded once here: the gRPC status names (CANCELLED …, where Connect says Code.Canceled), the
// field violations of a google.rpc.BadRequest detail and the google.rpc.ErrorInfo.
import { Code, ConnectError } from "@connectrpc/connect";
import { BadRequestSchema, ErrorInfoSchema } from "./gen/google/rpc/error_details_pb.js";

/** The canonical gRPC status code names. */
export type StatusCodeName =
  | "OK"
  | "CANCELLED"
  | "UNKNOWN"
  | "INVALID_ARGUMENT"
  | "DEADLINE_EXCEEDED"
  | "NOT_FOUND"
  | "ALREADY_EXISTS"
  | "PERMISSION_DENIED"
  | "RESOURCE_EXHAUSTED"
  | "FAILED_PRECONDITION"
  | "ABORTED"
  | "OUT_OF_RANGE"
  | "UNIMPLEMENTED"
  | "INTERNAL"
  | "UNAVAILABLE"
  | "DATA_LOSS"
  | "UNAUTHENTICATED";

// Connect's Code values are the gRPC numeric codes; only the names differ (and Connect has no OK).
const NAMES: Readonly<Record<Code, StatusCodeName>> = {
  [Code.Canceled]: "CANCELLED",
  [Code.Unknown]: "UNKNOWN",
  [Code.InvalidArgument]: "INVALID_ARGUMENT",
  [Code.DeadlineExceeded]: "DEADLINE_EXCEEDED",
  [Code.NotFound]: "NOT_FOUND",
  [Code.AlreadyExists]: "ALREADY_EXISTS",
  [Code.PermissionDenied]: "PERMISSION_DENIED",
  [Code.ResourceExhausted]: "RESOURCE_EXHAUSTED",
  [Code.FailedPrecondition]: "FAILED_PRECONDITION",
  [Code.Aborted]: "ABORTED",
  [Code.OutOfRange]: "OUT_OF_RANGE",
  [Code.Unimplemented]: "UNIMPLEMENTED",
  [Code.Internal]: "INTERNAL",
  [Code.Unavailable]: "UNAVAILABLE",
  [Code.DataLoss]: "DATA_LOSS",
  [Code.Unauthenticated]: "UNAUTHENTICATED",
};

/** The gRPC name of a Connect code: `Code.Canceled` → `"CANCELLED"`. */
export function statusCodeName(code: Code): StatusCodeName {
  return NAMES[code];
}

/**
 * One `google.rpc.BadRequest` field violation: `field` is a snake_case path like `action.play.cards[1]`, `reason`
 * its stable UPPER_SNAKE_CASE code (`WRONG_CARD_COUNT`) to branch on, `description` the human explanation.
 */
export interface FieldViolation {
  readonly field: string;
  readonly description: string;
  readonly reason: string;
}

/**
 * The `google.rpc.ErrorInfo` of a failed call. The service sends one with INVALID_ARGUMENT: the first violation's
 * `reason`, `domain` `"cardrules.v1"` and `metadata` `{ field: <its field> }`.
 */
export interface ErrorDetails {
  readonly reason: string;
  readonly domain: string;
  readonly metadata: Readonly<Record<string, string>>;
}

/**
 * Any failed call. It is a ConnectError (`instanceof ConnectError`, `ConnectError.from(error)` returns it, `code`
 * is Connect's `Code`, `metadata` the response headers and trailers, `findDetails` the raw details), with the
 * details decoded: `codeName` is the gRPC status name (`"INVALID_ARGUMENT"`), `errorInfo` the ErrorInfo.
 * Its `name` is `"ConnectError"`, which Connect's own `instanceof` check requires; tell the kinds apart with
 * `instanceof InvalidArgumentError`, `instanceof UnauthenticatedError` or `codeName`.
 */
export class RulesError extends ConnectError {
  /** The gRPC status name of `code`: `"UNAVAILABLE"`, `"INVALID_ARGUMENT"`, … */
  readonly codeName: StatusCodeName;
  /** The `google.rpc.ErrorInfo` detail, when the status has one. */
  readonly errorInfo: ErrorDetails | undefined;

  constructor(
    /** The ConnectError the transport threw; also `cause`. */
    failure: ConnectError,
  ) {
    super(failure.rawMessage, failure.code, failure.metadata, undefined, failure);
    // The received details themselves (not re-encoded), so findDetails works on this error as on `cause`.
    this.details = failure.details;
    this.codeName = statusCodeName(failure.code);
    this.message = `[${this.codeName}] ${failure.rawMessage}`;
    this.errorInfo = errorInfoOf(failure);
  }

  // ConnectError's instanceof accepts any error named "ConnectError", which would make every ConnectError an
  // instance of these subclasses too; for them, instanceof is the ordinary prototype check.
  static override [Symbol.hasInstance](value: unknown): boolean {
    return Function.prototype[Symbol.hasInstance].call(this, value);
  }
}

/** The request was malformed; `fieldViolations` names every offending field, with its reason. */
export class InvalidArgumentError extends RulesError {
  /** The google.rpc.BadRequest field violations, in order. */
  readonly fieldViolations: readonly FieldViolation[];

  constructor(failure: ConnectError) {
    super(failure);
    this.fieldViolations = fieldViolationsOf(failure);
  }
}

/**
 * The server requires credentials and the call's token was missing or wrong. The server says no more than
 * "missing or invalid credentials", by design. Never retried: the same credentials would fail again.
 */
export class UnauthenticatedError extends RulesError {}

/** Map anything a call threw to a typed error (non-Connect errors become UNKNOWN, as Connect does). */
export function toRulesError(error: unknown): RulesError {
  if (error instanceof RulesError) {
    return error;
  }
  const connectError = ConnectError.from(error);
  if (connectError.code === Code.InvalidArgument) {
    return new InvalidArgumentError(connectError);
  }
  if (connectError.code === Code.Unauthenticated) {
    return new UnauthenticatedError(connectError);
  }
  return new RulesError(connectError);
}

/** The field violations of every BadRequest detail in the error's status details, in order. */
export function fieldViolationsOf(error: ConnectError): FieldViolation[] {
  return error
    .findDetails(BadRequestSchema)
    .flatMap((badRequest) => badRequest.fieldViolations)
    .map(({ field, description, reason }) => ({ field, description, reason }));
}

/** The first `google.rpc.ErrorInfo` in the error's status details, if any. */
export function errorInfoOf(error: ConnectError): ErrorDetails | undefined {
  const [info] = error.findDetails(ErrorInfoSchema);
  return info === undefined ? undefined : { reason: info.reason, domain: info.domain, metadata: { ...info.metadata } };
}
