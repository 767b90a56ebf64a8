// Typed errors for the SDK. Connect reports failures as ConnectError with its own Code enum (Code.Canceled …);
// callers of a gRPC service expect the gRPC status names (CANCELLED …), and bad input carries the field
// violations of a google.rpc.BadRequest detail, which we decode once here so callers never touch raw details.
import { Code, ConnectError } from "@connectrpc/connect";
import { BadRequestSchema } from "./gen/google/rpc/error_details_pb.js";

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

/** One `google.rpc.BadRequest` field violation: `field` is a snake_case path like `action.play.cards[1]`. */
export interface FieldViolation {
  readonly field: string;
  readonly description: string;
}

/** Any failed call: `code` is the gRPC status name, `message` the server's message. */
export class RulesError extends Error {
  override readonly name: string = "RulesError";

  constructor(
    readonly code: StatusCodeName,
    message: string,
    /** The underlying ConnectError, for metadata and raw details. */
    override readonly cause: ConnectError,
  ) {
    super(`[${code}] ${message}`);
  }
}

/** The request was malformed; `fieldViolations` names every offending field. */
export class InvalidArgumentError extends RulesError {
  override readonly name: string = "InvalidArgumentError";

  constructor(
    message: string,
    readonly fieldViolations: readonly FieldViolation[],
    cause: ConnectError,
  ) {
    super("INVALID_ARGUMENT", message, cause);
  }
}

/**
 * The server requires credentials and the call's token was missing or wrong. The server says no more than
 * "missing or invalid credentials", by design. Never retried: the same credentials would fail again.
 */
export class UnauthenticatedError extends RulesError {
  override readonly name: string = "UnauthenticatedError";

  constructor(message: string, cause: ConnectError) {
    super("UNAUTHENTICATED", message, cause);
  }
}

/** Map anything a call threw to a typed error (non-Connect errors become UNKNOWN, as Connect does). */
export function toRulesError(error: unknown): RulesError {
  if (error instanceof RulesError) {
    return error;
  }
  const connectError = ConnectError.from(error);
  if (connectError.code === Code.InvalidArgument) {
    return new InvalidArgumentError(connectError.rawMessage, fieldViolationsOf(connectError), connectError);
  }
  if (connectError.code === Code.Unauthenticated) {
    return new UnauthenticatedError(connectError.rawMessage, connectError);
  }
  return new RulesError(statusCodeName(connectError.code), connectError.rawMessage, connectError);
}

/** The field violations of every BadRequest detail in the error's status details, in order. */
export function fieldViolationsOf(error: ConnectError): FieldViolation[] {
  return error
    .findDetails(BadRequestSchema)
    .flatMap((badRequest) => badRequest.fieldViolations)
    .map(({ field, description }) => ({ field, description }));
}
