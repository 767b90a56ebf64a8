// A tiny in-process LiengService for testing the SDK's plumbing (transport, retries, deadlines, error decoding,
// the conformance runner) without the Python server. It knows no rules: its answers are fixed shapes.
import * as http from "node:http";
import * as http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { create, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { anyPack } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, type ConnectRouter, type HandlerContext } from "@connectrpc/connect";
import { connectNodeAdapter } from "@connectrpc/connect-node";
import {
  BadRequestSchema,
  ErrorInfoSchema,
  LiengService,
  type LiengServiceStreamRequest,
  type LiengServiceStreamResponseSchema,
  LiengTier,
} from "@cardrules/client";

/** A Liêng strength (int32: a plain number). */
export const STRENGTH = 1_234_567;

export interface FixtureState {
  /** CompareHands fails with UNAVAILABLE this many more times before answering. */
  unavailableFailures: number;
  compareCalls: number;
  /** StartBetting waits this long before answering. */
  startBettingDelayMs: number;
  /** When set, ScoreLieng answers UNAUTHENTICATED unless the call carries `authorization: Bearer <this>`. */
  requiredToken: string | undefined;
  /** The `authorization` header of every ScoreLieng call, in order (null when absent). */
  authorizations: (string | null)[];
  /** LiengService.Stream calls opened, and messages they read. */
  streamsOpened: number;
  streamMessages: number;
  /** The `authorization` header of every stream when it opened. */
  streamAuthorizations: (string | null)[];
  /**
   * The next this-many streams end with `streamEndCode` instead of answering their `drainAfter + 1`-th message
   * (as a draining replica ends its streams: the messages not yet answered are left for another stream).
   */
  streamsToEnd: number;
  drainAfter: number;
  streamEndCode: Code;
}

export interface FixtureServer {
  /** gRPC over HTTP/2 (what the Node transport speaks). */
  readonly target: string;
  /** The same services over HTTP/1.1, for the gRPC-Web transport (fetch speaks HTTP/1.1 to an http:// URL). */
  readonly webTarget: string;
  readonly state: FixtureState;
  /** HTTP/2 connections accepted so far. */
  connectionsAccepted(): number;
  /** Cut every open HTTP/2 connection, as a replica that dies does. */
  dropConnections(): void;
  close(): Promise<void>;
}

function routes(state: FixtureState) {
  return (router: ConnectRouter): void => {
    const unary = liengHandlers(state);
    router.service(LiengService, { ...unary, stream: (requests, context) => answerStream(state, unary, requests, context) });
  };
}

function liengHandlers(state: FixtureState) {
  return {
    scoreLieng(init: MessageInitShape<typeof LiengService.method.scoreLieng.input>, context: HandlerContext) {
      const request = create(LiengService.method.scoreLieng.input, init);
      const authorization = context.requestHeader.get("authorization");
      state.authorizations.push(authorization);
      if (state.requiredToken !== undefined && authorization !== `Bearer ${state.requiredToken}`) {
        throw new ConnectError("missing or invalid credentials", Code.Unauthenticated);
      }
      const violations = request.hands.flatMap((hand, i) =>
        hand.cards
          .map((card, j) => ({ card, j }))
          .filter(({ card, j }) => hand.cards.findIndex((c) => c.rank === card.rank && c.suit === card.suit) < j)
          .map(({ j }) => ({ field: `hands[${i}].cards[${j}]`, description: "duplicate card", reason: "DUPLICATE_CARD" })),
      );
      if (request.hands.length === 0) {
        violations.push({ field: "hands", description: "need 1 to 1000 hands", reason: "WRONG_HAND_COUNT" });
      }
      if (violations.length > 0) {
        // As the real service does: the violations, and an ErrorInfo with the first one's reason and field.
        const [first] = violations;
        const details = [
          { desc: BadRequestSchema, value: create(BadRequestSchema, { fieldViolations: violations }) },
          {
            desc: ErrorInfoSchema,
            value: create(ErrorInfoSchema, {
              reason: first?.reason ?? "",
              domain: "cardrules.v1",
              metadata: { field: first?.field ?? "" },
            }),
          },
        ];
        throw new ConnectError("invalid hands", Code.InvalidArgument, undefined, details);
      }
      const scores = request.hands.map((hand) => ({
        tier: LiengTier.POINTS,
        key: hand.cards.length,
        points: hand.cards.length,
        label: { en: `${hand.cards.length} points`, vi: `${hand.cards.length} điểm` },
        strength: STRENGTH,
      }));
      return { scores };
    },
    compareHands(): MessageInitShape<typeof LiengService.method.compareHands.output> {
      state.compareCalls++;
      if (state.unavailableFailures > 0) {
        state.unavailableFailures--;
        throw new ConnectError("draining", Code.Unavailable);
      }
      return { ranking: [{ hands: [1] }, { hands: [0, 2] }], places: [1, 0, 1] };
    },
    async startBetting(
      request: MessageInitShape<typeof LiengService.method.startBetting.input>,
    ): Promise<MessageInitShape<typeof LiengService.method.startBetting.output>> {
      await new Promise((resolve) => setTimeout(resolve, state.startBettingDelayMs));
      return { state: { ante: request.ante ?? 0n } };
    },
  };
}

type Handlers = ReturnType<typeof liengHandlers>;

// LiengService.Stream as the real service answers it: each message's call through the same handler as the unary
// call, in order, its failure as the google.rpc.Status a unary call would carry; the stream lives on.
async function* answerStream(
  state: FixtureState,
  handlers: Handlers,
  requests: AsyncIterable<LiengServiceStreamRequest>,
  context: HandlerContext,
): AsyncGenerator<MessageInitShape<typeof LiengServiceStreamResponseSchema>> {
  state.streamsOpened++;
  state.streamAuthorizations.push(context.requestHeader.get("authorization"));
  if (state.requiredToken !== undefined && context.requestHeader.get("authorization") !== `Bearer ${state.requiredToken}`) {
    throw new ConnectError("missing or invalid credentials", Code.Unauthenticated);
  }
  const ending = state.streamsToEnd > 0;
  if (ending) {
    state.streamsToEnd--;
  }
  let answered = 0;
  for await (const { id, call } of requests) {
    state.streamMessages++;
    if (ending && answered === state.drainAfter) {
      throw new ConnectError("the server is shutting down", state.streamEndCode);
    }
    answered++;
    const handler = call.case === undefined ? undefined : (handlers[call.case as keyof Handlers] as (r: unknown, c: HandlerContext) => unknown);
    try {
      if (handler === undefined) {
        throw new ConnectError(`no ${call.case ?? "call"} here`, Code.Unimplemented);
      }
      const value: unknown = await handler(call.value, context);
      yield { id, result: { case: call.case, value } } as MessageInitShape<typeof LiengServiceStreamResponseSchema>;
    } catch (error) {
      const failure = ConnectError.from(error);
      const details = failure.details.flatMap((detail) =>
        "desc" in detail ? [anyPack(detail.desc as DescMessage, create(detail.desc as DescMessage, detail.value))] : [],
      );
      yield { id, result: { case: "error", value: { code: failure.code, message: failure.rawMessage, details } } };
    }
  }
}

export async function startFixtureServer(): Promise<FixtureServer> {
  const state: FixtureState = {
    unavailableFailures: 0,
    compareCalls: 0,
    startBettingDelayMs: 0,
    requiredToken: undefined,
    authorizations: [],
    streamsOpened: 0,
    streamMessages: 0,
    streamAuthorizations: [],
    streamsToEnd: 0,
    drainAfter: 0,
    streamEndCode: Code.Unavailable,
  };
  const handler = connectNodeAdapter({ routes: routes(state) });
  const server = http2.createServer(handler);
  const webServer = http.createServer(handler);
  // server.close() waits for open sessions, and clients keep theirs open: track them to end them on close.
  const sessions = new Set<http2.ServerHttp2Session>();
  let accepted = 0;
  server.on("session", (session) => {
    accepted++;
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  await new Promise<void>((resolve) => webServer.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const { port: webPort } = webServer.address() as AddressInfo;
  return {
    target: `http://127.0.0.1:${port}`,
    webTarget: `http://127.0.0.1:${webPort}`,
    state,
    connectionsAccepted: () => accepted,
    dropConnections: () => {
      for (const session of sessions) {
        session.destroy();
      }
    },
    close: async () => {
      webServer.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => webServer.close(() => resolve())),
        new Promise<void>((resolve) => {
          for (const session of sessions) {
            session.destroy();
          }
          server.close(() => resolve());
        }),
      ]);
    },
  };
}
