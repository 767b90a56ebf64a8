// Stream mode: a Connect Transport whose unary calls travel as messages on a small pool of long-lived `Stream`
// calls (one per service per connection), so the typed clients keep their methods, deadlines, signals and errors.
// Each call has its own deadline, kept here; a call whose stream ends before its answer comes is sent again on
// another stream, under the same retry policy as a unary call (the calls are pure functions of their requests, so
// a second copy changes nothing). The connections themselves come from the caller (node-transport.ts makes one
// HTTP/2 session each); this file needs no Node built-ins.
import {
  create,
  type DescMessage,
  type DescMethodStreaming,
  type DescMethodUnary,
  isMessage,
  type Message,
  type MessageInitShape,
  type MessageShape,
} from "@bufbuild/protobuf";
import {
  Code,
  ConnectError,
  type ContextValues,
  type StreamResponse,
  type Transport,
  type UnaryResponse,
} from "@connectrpc/connect";
import { backoffMs, DEFAULT_RETRY, type RetryOptions, sleep } from "./retry.js";
import { StreamChannel } from "./stream-channel.js";
import { type StreamRoute, streamRouteOf } from "./stream-routes.js";

/** Streams per service of createStreamTransport when its options do not say. */
export const DEFAULT_STREAMS = 2;

/** One connection of the pool: a transport whose calls share one HTTP/2 session. */
export interface PoolConnection {
  readonly transport: Transport;
  /** Whether a session to the target is open, or opens now. */
  probe(): Promise<boolean>;
  /** Close the session and everything on it (a later call opens a new one). */
  close(): void;
}

/** A Transport holding connections open until closed. */
export interface ClosableTransport extends Transport {
  /**
   * Close every stream and connection. Calls still waiting fail with CANCELLED, later calls too. Resolves when
   * everything is closed (nothing is left to keep Node running).
   */
  close(): Promise<void>;
}

export interface StreamPoolSettings {
  /** Connections in the pool, each with its own HTTP/2 session and one stream per service. */
  readonly streams: number;
  /** Deadline of a call that sets none, in milliseconds; 0 or less for none. */
  readonly timeoutMs: number;
  readonly retry: RetryOptions | false;
}

/**
 * A stream-mode transport over `settings.streams` connections made by `connect`. Calls that carry their own
 * headers (which a message on a shared stream cannot) and methods with no stream go as ordinary unary calls on
 * one of the connections; streaming methods too.
 */
export function createStreamPool(connect: () => PoolConnection, settings: StreamPoolSettings): ClosableTransport {
  return new StreamPool(connect, settings);
}

// The per-call headers a Transport receives (HeadersInit | undefined, a DOM type not named in Node's typings).
type CallHeaders = Parameters<Transport["unary"]>[3];

/** The error of a call cut off, or refused, because its client was closed. */
export const CLOSED = (): ConnectError => new ConnectError("the client was closed", Code.Canceled);

// One connection of the pool with its stream per service. A connection whose stream broke or moved (a replica
// drained, was killed or reached its maximum connection age) is closed and sits out its turns until a new session
// to the target opens, so re-sent calls go to the connections that work, as gRPC's round_robin skips a failing
// subchannel. Closed, not kept: a draining replica holds its connections open a moment after ending their streams
// (so its last answers arrive intact), and a stream opened again on the same session would stay on the replica
// that is going away, to be ended again when it stops; a new session may reach another replica at once.
class Slot {
  healthy = true;
  readonly channels = new Map<string, StreamChannel>();
  private reviving = false;

  constructor(
    readonly connection: PoolConnection,
    private readonly backoff: Required<RetryOptions>,
    private readonly closing: AbortSignal,
  ) {}

  /** This connection's stream for the route's service, opened (again) when it has none or it has ended. */
  channelFor(route: StreamRoute): StreamChannel {
    const service = route.stream.parent.typeName;
    let channel = this.channels.get(service);
    if (channel === undefined || channel.ended) {
      channel = new StreamChannel(this.connection.transport, route.stream, {
        ended: (broken) => {
          if (broken) {
            this.lost();
          }
        },
        // A stream stuck with nothing answered: its connection may be gone without a word (no reset ever comes),
        // so the next stream gets a new one.
        stalled: () => this.connection.close(),
      });
      this.channels.set(service, channel);
    }
    return channel;
  }

  private lost(): void {
    this.healthy = false;
    this.connection.close();
    if (!this.reviving && !this.closing.aborted) {
      this.reviving = true;
      void this.revive();
    }
  }

  private async revive(): Promise<void> {
    for (let attempt = 1; !this.closing.aborted; attempt++) {
      await sleep(backoffMs(attempt, this.backoff.initialBackoffMs, this.backoff.maxBackoffMs), this.closing);
      if (!this.closing.aborted && (await this.connection.probe())) {
        this.healthy = true;
        break;
      }
    }
    this.reviving = false;
  }
}

class StreamPool implements ClosableTransport {
  private readonly slots: Slot[];
  private closed = false;
  private readonly closing = new AbortController();
  /** The signals of the calls under way, aborted by close(). */
  private readonly calls = new Set<AbortController>();
  private readonly maxAttempts: number;
  private readonly retry: Required<RetryOptions>;
  private turn = 0;

  constructor(
    connect: () => PoolConnection,
    private readonly settings: StreamPoolSettings,
  ) {
    if (!Number.isInteger(settings.streams) || settings.streams < 1) {
      throw new TypeError(`streams must be a whole number of at least 1 in stream mode, not ${settings.streams}`);
    }
    this.retry = { ...DEFAULT_RETRY, ...(settings.retry === false ? {} : settings.retry) };
    this.slots = Array.from(
      { length: settings.streams },
      () => new Slot(connect(), this.retry, this.closing.signal),
    );
    this.maxAttempts = settings.retry === false ? 1 : this.retry.maxAttempts;
  }

  async unary<I extends DescMessage, O extends DescMessage>(
    method: DescMethodUnary<I, O>,
    signal: AbortSignal | undefined,
    timeoutMs: number | undefined,
    header: CallHeaders,
    input: MessageInitShape<I>,
    contextValues?: ContextValues,
  ): Promise<UnaryResponse<I, O>> {
    this.throwIfClosed();
    const route = streamRouteOf(method);
    if (route === undefined || hasEntries(header)) {
      const { transport } = this.nextSlot().connection;
      return this.tracked(signal, (own) => transport.unary(method, own, timeoutMs, header, input, contextValues));
    }
    const request = isMessage(input, method.input) ? input : create(method.input, input);
    const deadlineMs = timeoutMs === undefined ? this.settings.timeoutMs : timeoutMs;
    const { message, header: responseHeader } = await this.call(route, request, signal, deadlineMs);
    return {
      stream: false,
      service: method.parent,
      method,
      header: responseHeader,
      message: message as MessageShape<O>,
      trailer: new Headers(),
    };
  }

  stream<I extends DescMessage, O extends DescMessage>(
    method: DescMethodStreaming<I, O>,
    signal: AbortSignal | undefined,
    timeoutMs: number | undefined,
    header: CallHeaders,
    input: AsyncIterable<MessageInitShape<I>>,
    contextValues?: ContextValues,
  ): Promise<StreamResponse<I, O>> {
    this.throwIfClosed();
    // Its caller's signal as it is: the stream outlives this promise. close() ends it with its connection.
    return this.nextSlot().connection.transport.stream(method, signal, timeoutMs, header, input, contextValues);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.closing.abort(CLOSED());
    for (const call of this.calls) {
      call.abort(CLOSED());
    }
    const channels = this.slots.flatMap((slot) => [...slot.channels.values()]);
    for (const channel of channels) {
      channel.retire(CLOSED());
    }
    await Promise.all(channels.map((channel) => channel.finished));
    for (const slot of this.slots) {
      slot.connection.close();
    }
  }

  // An ordinary call on one of the connections, under a signal close() aborts (so it is not retried after close).
  private async tracked<T>(caller: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const signal = callSignal(caller, 0);
    this.calls.add(signal.controller);
    try {
      return await run(signal.signal);
    } finally {
      this.calls.delete(signal.controller);
      signal.release();
    }
  }

  private throwIfClosed(): void {
    if (this.closed) {
      throw CLOSED();
    }
  }

  // One call, attempt after attempt, all within its deadline: the same policy as the unary retry interceptor.
  private async call(
    route: StreamRoute,
    request: Message,
    callerSignal: AbortSignal | undefined,
    deadlineMs: number,
  ): Promise<{ message: Message; header: Headers }> {
    const signal = callSignal(callerSignal, deadlineMs);
    this.calls.add(signal.controller);
    try {
      for (let attempt = 1; ; attempt++) {
        if (signal.signal.aborted) {
          throw ConnectError.from(signal.signal.reason, Code.Canceled);
        }
        const outcome = await this.nextSlot().channelFor(route).send(route, request, signal.signal);
        if (outcome === "aborted") {
          throw ConnectError.from(signal.signal.reason, Code.Canceled);
        }
        if (outcome.kind === "response") {
          return outcome;
        }
        if (!outcome.retryable || attempt >= this.maxAttempts) {
          throw outcome.error;
        }
        await sleep(backoffMs(attempt, this.retry.initialBackoffMs, this.retry.maxBackoffMs), signal.signal);
      }
    } finally {
      this.calls.delete(signal.controller);
      signal.release();
    }
  }

  // The connections take turns; one sitting out (its stream broke) is passed over while another is healthy.
  private nextSlot(): Slot {
    const count = this.slots.length;
    const healthy = this.slots.findIndex((_, i) => this.slots[(this.turn + i) % count]?.healthy === true);
    const index = (this.turn + Math.max(healthy, 0)) % count;
    this.turn = (index + 1) % count;
    const slot = this.slots[index];
    if (slot === undefined) {
      throw new Error("unreachable: the pool has at least one connection");
    }
    return slot;
  }
}

function hasEntries(header: CallHeaders): boolean {
  return header !== undefined && !new Headers(header).entries().next().done;
}

/**
 * A call's own signal: aborted when the caller's signal is, or when the deadline passes (with DEADLINE_EXCEEDED, as
 * Connect reports it; 0 or less for none), or by its controller (a client's close()); release() stops its timer
 * and listener.
 */
export function callSignal(
  caller: AbortSignal | undefined,
  deadlineMs: number,
): { controller: AbortController; signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(caller?.reason);
  if (caller?.aborted === true) {
    onAbort();
  } else {
    caller?.addEventListener("abort", onAbort, { once: true });
  }
  const timer =
    deadlineMs > 0
      ? setTimeout(() => controller.abort(new ConnectError("the operation timed out", Code.DeadlineExceeded)), deadlineMs)
      : undefined;
  return {
    controller,
    signal: controller.signal,
    release() {
      clearTimeout(timer);
      caller?.removeEventListener("abort", onAbort);
    },
  };
}
