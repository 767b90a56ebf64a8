// One open `Stream` call of one service: calls go out as messages with ids, answers are matched back to them by id.
// When the stream ends, every call still waiting learns how it ended, and the pool (stream-transport.ts) decides
// whether to send it again elsewhere. Browser-safe: it runs over any Connect transport.
import { create, type DescMethodBiDiStreaming, type Message } from "@bufbuild/protobuf";
import { Code, ConnectError, type Transport } from "@connectrpc/connect";
import type { Status } from "./gen/google/rpc/status_pb.js";
import { isRetryable } from "./retry.js";
import type { StreamRoute } from "./stream-routes.js";

/** How one call sent on a stream came out. */
export type StreamOutcome =
  | { readonly kind: "response"; readonly message: Message; readonly header: Headers }
  | {
      readonly kind: "failed";
      readonly error: ConnectError;
      /** Whether sending the call again (on any stream) may succeed. */
      readonly retryable: boolean;
    };

// How a stream that ended with calls unanswered ended. These are the server's answer about the stream itself, which
// another stream would get too, so every unanswered call fails with it, as a unary call would. Any other end says
// the connection broke or moved (a replica drained, was killed or reached its maximum connection age; a proxy reset
// the stream; a killed replica's stream can end INTERNAL or ABORTED): the calls never got their answer and are
// sent again on another stream. UNAUTHENTICATED is final only from a stream that never answered: one that did was
// let in, and ends so when its credentials expire, so a new stream may be let in again.
const FINAL: ReadonlySet<Code> = new Set([
  Code.Unauthenticated,
  Code.PermissionDenied,
  Code.Unimplemented,
  Code.InvalidArgument,
  Code.FailedPrecondition,
  Code.ResourceExhausted,
]);

interface PendingCall {
  readonly route: StreamRoute;
  /** The call's own signal (its deadline and its caller). */
  readonly signal: AbortSignal;
  /** Answers this stream had received when the call was sent. */
  readonly answersBefore: number;
  settle(outcome: StreamOutcome): void;
}

// The shape every `<Service>StreamResponse` has (checked on the descriptors by stream-routes.ts).
interface StreamAnswer {
  readonly id: bigint;
  readonly result: { readonly case: string | undefined; readonly value?: unknown };
}

/** What the pool hears from a stream. */
export interface StreamEvents {
  /** The stream ended; `broken` when it ended in a way that sends its unanswered calls elsewhere. */
  ended(broken: boolean): void;
  /** A call's deadline passed with no answer at all on the stream since it was sent: the stream is ended. */
  stalled(): void;
}

export class StreamChannel {
  /** Set once the stream has ended; an ended channel takes no calls. */
  ended = false;
  /** Resolves when the stream has ended and every call on it is settled. */
  readonly finished: Promise<void>;
  private readonly pending = new Map<bigint, PendingCall>();
  private readonly outbox = new Outbox<Message>();
  private readonly abort = new AbortController();
  private retiredWith: ConnectError | undefined;
  private header = new Headers();
  private nextId = 1n;
  private answers = 0;

  constructor(
    transport: Transport,
    stream: DescMethodBiDiStreaming,
    private readonly events: StreamEvents,
  ) {
    this.finished = this.run(transport, stream);
  }

  /**
   * Send `request` (the unary request of `route`'s method) and wait for its answer, or for `signal` (the call's
   * deadline or caller) to give up; an answer arriving after that is dropped.
   */
  send(route: StreamRoute, request: Message, signal: AbortSignal): Promise<StreamOutcome | "aborted"> {
    if (this.ended) {
      const error = new ConnectError("the stream has ended", Code.Unavailable);
      return Promise.resolve({ kind: "failed", error, retryable: true });
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      const onAbort = (): void => {
        if (this.pending.delete(id)) {
          resolve("aborted");
          this.retireIfStalled(call, signal);
        }
      };
      const call: PendingCall = {
        route,
        signal,
        answersBefore: this.answers,
        settle: (outcome) => {
          signal.removeEventListener("abort", onAbort);
          resolve(outcome);
        },
      };
      this.pending.set(id, call);
      signal.addEventListener("abort", onAbort, { once: true });
      // The oneof's cases differ per service, so TypeScript cannot check this one; the route was read from this
      // very message's descriptor (stream-routes.ts).
      this.outbox.push(create(route.stream.input, { id, call: { case: route.callCase, value: request } } as never));
    });
  }

  /** End the stream now; calls still waiting on it fail with `reason`, retried or not by its code. */
  retire(reason: ConnectError): void {
    if (!this.ended && this.retiredWith === undefined) {
      this.retiredWith = reason;
      this.abort.abort(reason);
    }
  }

  private async run(transport: Transport, stream: DescMethodBiDiStreaming): Promise<void> {
    let failure: ConnectError | undefined;
    try {
      // No deadline on the stream itself (timeoutMs 0): each call has its own, kept by the pool.
      const response = await transport.stream(stream, this.abort.signal, 0, undefined, this.outbox, undefined);
      this.header = response.header;
      for await (const answer of response.message) {
        this.deliver(answer as unknown as StreamAnswer);
      }
    } catch (error) {
      failure = ConnectError.from(error);
    }
    this.end(this.retiredWith ?? failure);
  }

  private deliver(answer: StreamAnswer): void {
    this.answers++;
    const call = this.pending.get(answer.id);
    if (call === undefined) {
      return; // the call gave up (deadline, caller) before its answer came
    }
    this.pending.delete(answer.id);
    const { route } = call;
    const { result } = answer;
    if (result.case === route.resultCase) {
      call.settle({ kind: "response", message: result.value as Message, header: this.header });
    } else if (result.case === route.errorCase) {
      const error = errorFromStatus(result.value as Status, this.header);
      call.settle({ kind: "failed", error, retryable: isRetryable(error.code, call.signal) });
    } else {
      const error = new ConnectError(
        `protocol error: the answer to a ${route.callCase} call carries ${result.case ?? "no result"}`,
        Code.Internal,
      );
      call.settle({ kind: "failed", error, retryable: false });
    }
  }

  private end(failure: ConnectError | undefined): void {
    this.ended = true;
    this.outbox.close();
    const unanswered = [...this.pending.values()];
    this.pending.clear();
    const error =
      failure ??
      (unanswered.length === 0
        ? undefined
        : new ConnectError(`the stream ended with ${unanswered.length} calls unanswered`, Code.Unavailable));
    const retryable =
      error !== undefined && (!FINAL.has(error.code) || (error.code === Code.Unauthenticated && this.answers > 0));
    this.events.ended(retryable);
    if (error === undefined) {
      return;
    }
    for (const call of unanswered) {
      call.settle({ kind: "failed", error, retryable });
    }
  }

  // Answers come in request order, so when a call's deadline passes with no answer at all since it was sent, the
  // stream is stuck (a connection silently gone, a replica frozen): end it so the calls behind it go elsewhere
  // instead of every call on it timing out in turn.
  private retireIfStalled(call: PendingCall, signal: AbortSignal): void {
    const deadlinePassed = ConnectError.from(signal.reason).code === Code.DeadlineExceeded;
    if (deadlinePassed && this.answers === call.answersBefore && !this.ended) {
      this.retire(new ConnectError("no answer on the stream within a call's deadline", Code.Unavailable));
      this.events.stalled();
    }
  }
}

/** The typed error of a `google.rpc.Status` answer: what a unary call failing with that status throws. */
export function errorFromStatus(status: Status, header: Headers): ConnectError {
  const code = status.code > 0 && status.code <= 16 ? (status.code as Code) : Code.Unknown;
  const error = new ConnectError(status.message, code, header);
  // As Connect decodes grpc-status-details-bin: each Any by its type name, decoded on demand by findDetails.
  error.details = status.details.map((any) => ({
    type: any.typeUrl.slice(any.typeUrl.lastIndexOf("/") + 1),
    value: any.value,
  }));
  return error;
}

// The requests of one stream, handed to the transport as they are sent. Connect reads it as an async iterable and
// calls return() or throw() when the stream ends; after that nothing more is sent.
class Outbox<T> implements AsyncIterableIterator<T> {
  private readonly queue: T[] = [];
  private waiting: ((result: IteratorResult<T, undefined>) => void) | undefined;
  private closed = false;

  push(item: T): void {
    if (this.closed) {
      return; // the stream has ended: the call is settled by end(), not sent
    }
    if (this.waiting !== undefined) {
      const wake = this.waiting;
      this.waiting = undefined;
      wake({ done: false, value: item });
    } else {
      this.queue.push(item);
    }
  }

  close(): void {
    this.closed = true;
    this.queue.length = 0;
    const wake = this.waiting;
    this.waiting = undefined;
    wake?.({ done: true, value: undefined });
  }

  next(): Promise<IteratorResult<T, undefined>> {
    const item = this.queue.shift();
    if (item !== undefined) {
      return Promise.resolve({ done: false, value: item });
    }
    if (this.closed) {
      return Promise.resolve({ done: true, value: undefined });
    }
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  return(): Promise<IteratorResult<T, undefined>> {
    this.close();
    return Promise.resolve({ done: true, value: undefined });
  }

  throw(): Promise<IteratorResult<T, undefined>> {
    return this.return();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
