// `@cardrules/client`: the part of the SDK that runs anywhere (browsers, Node, workers), with no Node built-ins in
// its import graph: the generated contract types and service descriptors, card text, the fair deal's local
// check, typed errors, retries, tokens, every service's client over any Connect transport, and the conformance
// matcher. The transports are in `@cardrules/client/web` (gRPC-Web) and `@cardrules/client/node` (gRPC over HTTP/2),
// which re-export all this.
export * from "./gen/cardrules/v1/cards_pb.js";
export * from "./gen/cardrules/v1/errors_pb.js";
export * from "./gen/cardrules/v1/lieng_pb.js";
export * from "./gen/cardrules/v1/sam_loc_pb.js";
// Only the google.rpc messages the SDK decodes: error_details also defines a LocalizedMessage that would
// clash with cardrules.v1.LocalizedMessage.
export {
  type BadRequest,
  BadRequestSchema,
  type BadRequest_FieldViolation,
  BadRequest_FieldViolationSchema,
  type ErrorInfo,
  ErrorInfoSchema,
} from "./gen/google/rpc/error_details_pb.js";
export { type Status, StatusSchema } from "./gen/google/rpc/status_pb.js";

export { CARD_FORMAT, CardParseError, formatCard, formatCards, parseCard, parseCards, parseHand } from "./cards.js";
export {
  commitmentOf,
  DEAL_ALGORITHM,
  type DealGame,
  DealInputError,
  type DealInput,
  dealFrom,
  type DealToVerify,
  type HandToCheck,
  type LocalDeal,
  verifyCommitment,
  verifyDeal,
} from "./deal.js";
export {
  type ErrorDetails,
  errorInfoOf,
  type FieldViolation,
  fieldViolationsOf,
  InvalidArgumentError,
  RulesError,
  type StatusCodeName,
  statusCodeName,
  toRulesError,
  UnauthenticatedError,
} from "./errors.js";
export { bearerTokenInterceptor } from "./auth.js";
export { type CallDefaults, callInterceptors, DEFAULT_TIMEOUT_MS, withTypedErrors } from "./clients.js";
// Every service's client type and create<Game>Client(transport), generated from the contract.
export * from "./gen/services.js";
export { samActionFromMove } from "./moves.js";
export { type AnswerWithViews, MissingViewError, sameViewer, viewerName, viewers, viewFor } from "./views.js";
export { backoffMs, DEFAULT_RETRY, type RetryOptions, retryInterceptor } from "./retry.js";
export {
  type ActualError,
  type ExpectedError,
  type Json,
  type JsonObject,
  matchError,
  matchResponse,
  scalarsMatch,
  type ViolationPair,
} from "./matching.js";
export { runCase, SERVICES } from "./replay.js";
export {
  type Expectation,
  type LoadedVectors,
  type LoadProblem,
  parseVectors,
  type VectorCase,
} from "./vector-file.js";
