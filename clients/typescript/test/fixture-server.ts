// A tiny in-process LiengService for testing the SDK's plumbing (transport, retries, deadlines, error decoding,
// the conformance runner) without the Python server. It knows no rules: its answers are fixed shapes.
import * as http from "node:http";
import * as http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { connectNodeAdapter } from "@connectrpc/connect-node";
import { BadRequestSchema, ErrorInfoSchema, LiengService, LiengTier } from "@cardrules/client";

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
}

export interface FixtureServer {
  /** gRPC over HTTP/2 (what the Node transport speaks). */
  readonly target: string;
  /** The same services over HTTP/1.1, for the gRPC-Web transport (fetch speaks HTTP/1.1 to an http:// URL). */
  readonly webTarget: string;
  readonly state: FixtureState;
  close(): Promise<void>;
}

function routes(state: FixtureState) {
  return (router: ConnectRouter): void => {
    router.service(LiengService, {
      scoreLieng(request, context) {
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
          violations.push({ field: "hands", description: "need 1 to 1000 hands", reason: "WRONG_COUNT" });
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
      compareHands() {
        state.compareCalls++;
        if (state.unavailableFailures > 0) {
          state.unavailableFailures--;
          throw new ConnectError("draining", Code.Unavailable);
        }
        return { ranking: [{ hands: [1] }, { hands: [0, 2] }], places: [1, 0, 1] };
      },
      async startBetting(request) {
        await new Promise((resolve) => setTimeout(resolve, state.startBettingDelayMs));
        return { state: { ante: request.ante } };
      },
    });
  };
}

export async function startFixtureServer(): Promise<FixtureServer> {
  const state: FixtureState = {
    unavailableFailures: 0,
    compareCalls: 0,
    startBettingDelayMs: 0,
    requiredToken: undefined,
    authorizations: [],
  };
  const handler = connectNodeAdapter({ routes: routes(state) });
  const server = http2.createServer(handler);
  const webServer = http.createServer(handler);
  // server.close() waits for open sessions, and clients keep theirs open: track them to end them on close.
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on("session", (session) => {
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
