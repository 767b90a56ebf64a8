// The public API of @cardrules/client: the generated contract types and service descriptors, card strings,
// typed errors, the two clients, and the conformance runner's parts for replaying vectors programmatically.
export * from "./gen/cardrules/v1/cards_pb.js";
export * from "./gen/cardrules/v1/lieng_pb.js";
export * from "./gen/cardrules/v1/sam_loc_pb.js";
// Only the google.rpc messages the SDK decodes: error_details also defines a LocalizedMessage that would
// clash with cardrules.v1.LocalizedMessage.
export {
  type BadRequest,
  BadRequestSchema,
  type BadRequest_FieldViolation,
  BadRequest_FieldViolationSchema,
} from "./gen/google/rpc/error_details_pb.js";
export { type Status, StatusSchema } from "./gen/google/rpc/status_pb.js";

export { CardParseError, formatCard, formatCards, parseCard, parseCards, parseHand } from "./cards.js";
export {
  type FieldViolation,
  fieldViolationsOf,
  InvalidArgumentError,
  RulesError,
  type StatusCodeName,
  statusCodeName,
  toRulesError,
  UnauthenticatedError,
} from "./errors.js";
export { bearerTokenInterceptor, type CredentialOptions, type Pem } from "./auth.js";
export {
  type ClientOptions,
  createCardrulesTransport,
  createLiengClient,
  createSamLocClient,
  DEFAULT_TIMEOUT_MS,
  type LiengClient,
  type SamLocClient,
} from "./client.js";
export { backoffMs, DEFAULT_RETRY, type RetryOptions, retryInterceptor } from "./retry.js";
export {
  type ActualError,
  type ExpectedError,
  type Json,
  type JsonObject,
  matchError,
  matchResponse,
  scalarsMatch,
} from "./matching.js";
export { type Expectation, type LoadedVectors, loadVectors, type LoadProblem, type VectorCase } from "./vectors.js";
export { type CaseFailure, type ConformanceResult, runCase, runConformance, SERVICES } from "./runner.js";
