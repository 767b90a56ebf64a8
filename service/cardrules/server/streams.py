"""Running a multiplexed ``Stream``: many calls on one bidirectional gRPC call, answered in request order.

The API side (:class:`StreamCalls`, cardrules.api.streams) turns one message into its answer; this module runs
the stream around it, applying per message what the interceptor applies per unary call:

- **Authentication** when the stream opens (a refused stream ends UNAUTHENTICATED before any message is read),
  and again every few seconds while it is open: a caller whose token left the tokens file gets the messages
  already read answered, then the stream ends UNAUTHENTICATED (a client reconnects with a current token).
- **Admission**: each message takes a slot of ``max_concurrent_calls`` while it is answered (not while its answer
  waits for the client: a client that never reads would otherwise hold every slot and starve the unary callers);
  beyond the limit that message alone is answered RESOURCE_EXHAUSTED, with the unary refusal's message, and the
  stream lives on.
- **In flight per stream**: at most ``max_in_flight`` messages read and not yet written back, and reading stops
  too while the answers waiting for the client reach ``ANSWER_BUFFER_BYTES``. Then gRPC's flow control holds the
  client back (the server's HTTP/2 window per call is fixed, cardrules.server.app): memory per stream stays
  bounded. At most ``max_open`` streams are open at once; a further one ends RESOURCE_EXHAUSTED before it is read.
- **Ended by gRPC**: a message over ``--max-message-bytes`` or the stream's deadline ends the call inside gRPC, which
  tells the server no status: the stream is logged and counted with the status the client got (see
  ``_ended_by_grpc``), not as cancelled.
- **Order**: each message is answered when it is read, by the one reader of its stream, so answers leave in
  request order.
- **Draining** (SIGTERM): the stream stops reading, writes the answers of the messages already read, then ends
  UNAVAILABLE — the status clients take as "reconnect and re-send what was not answered" (every call is
  idempotent); the server stops (closing the connections) only a moment after the last stream ended, so a client
  still sending reads that status rather than a reset. Meanwhile the server still serves, streams included: a
  client that opens its stream again on the same connection is answered, not refused attempt after attempt, and
  that stream ends the same way when the server stops, after gRPC's GOAWAY has sent new streams elsewhere
  (``RunningServer.stop``). A connection past ``--max-connection-age`` is sent GOAWAY
  by gRPC, and when its grace runs out gRPC itself ends the streams still open on it with UNAVAILABLE ("max
  connection age"): clients move to a new connection, and so to new replicas after a scale-up.
- **Observability**: each message is counted in the call metrics under the unary method it carries, with
  ``transport="stream"``. Log lines are aggregated: one ``stream`` line when the stream ends (and one every
  ``SUMMARY_SECONDS`` while it is open) with the messages per method and code; only server faults get a line
  each. With tracing on (cardrules.server.tracing) the stream is one server span and each message a child span
  named by the method it carries.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import grpc

from cardrules.server.auth import UNAUTHENTICATED
from cardrules.server.deadlines import CANCEL_AT_DEADLINE_SECONDS, expired
from cardrules.server.logging import get_logger
from cardrules.server.work import HandlerThread

if TYPE_CHECKING:  # imported only when tracing is on (cardrules.server.app)
    from cardrules.server.tracing import Tracing

Context = grpc.aio.ServicerContext[Any, Any]

# A summary line of an open stream at most this often (and always one when it ends).
SUMMARY_SECONDS = 60.0
# How often an open stream's credentials are checked again (the tokens file is re-read as often).
REAUTH_SECONDS = 5.0
# Answers of one stream waiting for its client, in bytes: past this the stream reads no further message until the
# client takes some. The message count limit alone let 100 answers of 30 KB (ScoreLieng, 1000 hands) pile up on
# every stream whose client does not read.
ANSWER_BUFFER_BYTES = 256 * 1024

# After the drain has ended the streams open at SIGTERM, how long the server keeps its connections open before it
# stops: a client still sending when the connection closes gets a reset, and gRPC then reports the failed write
# ("Stream removed", "Broken pipe", UNKNOWN) instead of the UNAVAILABLE status it had been sent. Capped by half of
# what is left of the shutdown grace: the streams opened meanwhile end within the other half.
END_LINGER_SECONDS = 1.0

DRAINING_MESSAGE = "the server is shutting down; reconnect and re-send the calls not answered"
TOO_MANY_STREAMS_MESSAGE = "the server is at its limit of {} open streams; retry with backoff, or make unary calls"
REVOKED_MESSAGE = "credentials no longer valid; reconnect with current credentials"
UNAUTHENTICATED_MESSAGE = "missing or invalid credentials"  # as a unary call is refused

_SERVER_FAULTS = frozenset({grpc.StatusCode.UNKNOWN, grpc.StatusCode.INTERNAL, grpc.StatusCode.DATA_LOSS})
# How streams end in the normal course of things (the client is done or went away, the server drains).
_ENDINGS = frozenset({grpc.StatusCode.OK, grpc.StatusCode.CANCELLED, grpc.StatusCode.UNAVAILABLE})


@dataclass(frozen=True, slots=True)
class Answer:
    """A message's answer: the response's bytes, the code the call ended with, and a problem for the log."""

    data: bytes
    code: grpc.StatusCode
    problem: str | None = None


class StreamCall(Protocol):
    """One message read off a stream."""

    @property
    def id(self) -> int: ...

    @property
    def method(self) -> str:
        """The full name of the unary method it carries (the stream's own name when it carries none)."""

    def answer(self) -> Answer: ...


class StreamCalls(Protocol):
    """What a service's ``Stream`` is made of: reading a message, and refusing one unread."""

    method: str

    def read(self, data: bytes) -> StreamCall: ...

    def refusal(self, call: StreamCall, status: grpc.Status) -> bytes: ...


class Admission(Protocol):
    """The server-wide limit of calls in flight (the interceptor's)."""

    def admit(self, method: str) -> bool: ...

    def release(self) -> None: ...

    def refusal(self) -> grpc.Status: ...


# Records one call for the metrics: (method, code, seconds, cpu_seconds, caller).
Observe = Callable[[str, grpc.StatusCode, float, float, str], None]


class _End:
    """What the reader hands the writer instead of an answer: the stream is to end, with this status."""

    def __init__(self, code: grpc.StatusCode | None = None, message: str = "") -> None:
        self.code, self.message = code, message


_CLIENT_DONE = _End()  # the client closed its side and every message was answered: end OK


class Streams:
    """Every open ``Stream`` of the server: runs each, and drains them all on shutdown."""

    def __init__(
        self,
        admission: Admission,
        authenticate: Callable[[Context], str | None],
        observe: Observe,
        max_in_flight: int,
        handler_thread: HandlerThread | None = None,
        max_open: int | None = None,
        answer_bytes: int = ANSWER_BUFFER_BYTES,
        tracing: Tracing | None = None,
    ) -> None:
        self._admission = admission
        self._authenticate = authenticate
        self._observe = observe
        self._max_in_flight = max_in_flight
        self._max_open = max_open
        self._max_answer_bytes = answer_bytes
        self._thread = handler_thread  # where large messages are answered (cardrules.server.work)
        self._tracing = tracing
        self._open: set[_Stream] = set()
        self._draining = False
        self._log = get_logger()

    def handler(self, calls: StreamCalls) -> grpc.RpcMethodHandler[Any, Any]:
        """The method handler of ``calls``' stream: raw bytes both ways (the messages are read by ``calls``)."""

        async def behavior(_requests: Any, context: Context) -> None:
            await self._serve(calls, context)

        if self._tracing is not None:  # the stream's span, its messages' parent
            return grpc.stream_stream_rpc_method_handler(self._tracing.stream(calls.method, behavior))
        return grpc.stream_stream_rpc_method_handler(behavior)

    async def drain(self, within: float) -> None:
        """Shutdown, first part: every open stream answers what it has read, then ends UNAVAILABLE. Waits until
        they have ended (at most ``within`` seconds), then lingers so their clients read the ends before the
        connections close (``END_LINGER_SECONDS``, at most half of what is left). Streams opened meanwhile are
        served."""
        ending = list(self._open)
        if not ending:
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        for stream in ending:
            stream.end(_End(grpc.StatusCode.UNAVAILABLE, DRAINING_MESSAGE))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*(stream.ended.wait() for stream in ending)), within)
        await asyncio.sleep(max(0.0, min(END_LINGER_SECONDS, (deadline - loop.time()) / 2)))

    def close(self) -> None:
        """Shutdown, last part (the server has begun to stop): every open stream answers what it has read, then
        ends UNAVAILABLE; a new one ends so at once."""
        self._draining = True
        for stream in list(self._open):
            stream.end(_End(grpc.StatusCode.UNAVAILABLE, DRAINING_MESSAGE))

    @property
    def open_streams(self) -> int:
        return len(self._open)

    async def _serve(self, calls: StreamCalls, context: Context) -> None:
        opened = time.perf_counter()
        # Read now: gRPC forgets a call's peer once the call is cancelled (the client went away), which is how
        # many streams end.
        peer = context.peer()
        caller = self._authenticate(context)
        if caller is None:
            code = grpc.StatusCode.UNAUTHENTICATED
            self._observe(calls.method, code, 0.0, 0.0, UNAUTHENTICATED)
            self._line(logging.WARNING, calls.method, UNAUTHENTICATED, code, peer, 0.0)
            await context.abort(code, UNAUTHENTICATED_MESSAGE)
        if self._draining:
            await context.abort(grpc.StatusCode.UNAVAILABLE, DRAINING_MESSAGE)
        if self._max_open is not None and len(self._open) >= self._max_open:
            # Each open stream may hold about 1.5 MiB (docs/limits.md, "Memory"): their number bounds the worker's.
            code = grpc.StatusCode.RESOURCE_EXHAUSTED
            self._observe(calls.method, code, 0.0, 0.0, caller)
            self._line(logging.WARNING, calls.method, caller, code, peer, 0.0)
            await context.abort(code, TOO_MANY_STREAMS_MESSAGE.format(self._max_open))
        stream = _Stream(self, calls, context, caller, peer)
        self._open.add(stream)
        code = grpc.StatusCode.CANCELLED  # unless it ends as below: the client went away, or gRPC ended it
        try:
            end = await stream.run()
            code = end.code or grpc.StatusCode.OK
            if end.code is not None:
                await context.abort(end.code, end.message)
        finally:
            self._open.discard(stream)
            stream.close()
            if code in (grpc.StatusCode.OK, grpc.StatusCode.CANCELLED):  # what a call ended by gRPC looks like
                ended = _ended_by_grpc(context)
                if ended is not None:
                    code = ended
                    self._observe(calls.method, code, 0.0, 0.0, caller)
            level = logging.INFO if code in _ENDINGS else logging.WARNING
            if self._tracing is not None:
                self._tracing.stream_ended(calls.method, code, caller)
            self._line(level, calls.method, caller, code, peer, time.perf_counter() - opened, stream)

    def _line(
        self,
        level: int,
        method: str,
        caller: str,
        code: grpc.StatusCode,
        peer: str,
        seconds: float,
        stream: _Stream | None = None,
        final: bool = True,
    ) -> None:
        fields: dict[str, Any] = {"method": method, "code": code.name, "peer": peer, "caller": caller}
        if stream is not None:
            fields["seconds"] = round(seconds, 3)
            fields["messages"] = dict(sorted((f"{m} {c.name}", n) for (m, c), n in stream.counts.items()))
            stream.counts.clear()
        if not final:
            fields["open"] = True
        self._log.log(level, "stream", **fields)


def _ended_by_grpc(context: Context) -> grpc.StatusCode | None:
    """The status gRPC ended the call with itself, if it did: the server sees that as the end of the client's
    messages, or as the call cancelled, and is told no status. gRPC ends a call on the server's side (and then no
    longer knows its peer) when its deadline passes, or when a message exceeds --max-message-bytes; a client that
    cancels or goes away leaves the peer known; a cancel at the deadline counts as the deadline
    (:data:`~cardrules.server.deadlines.CANCEL_AT_DEADLINE_SECONDS`)."""
    if expired(context, CANCEL_AT_DEADLINE_SECONDS):
        return grpc.StatusCode.DEADLINE_EXCEEDED
    if not context.peer():
        return grpc.StatusCode.RESOURCE_EXHAUSTED
    return None


class _Stream:
    """One open stream: a reader that answers each message as it reads it, and the writer (the call's own task)."""

    def __init__(self, streams: Streams, calls: StreamCalls, context: Context, caller: str, peer: str) -> None:
        self._streams = streams
        self._calls = calls
        self._context = context
        self._caller = caller
        self.peer = peer
        self._slots = asyncio.Semaphore(streams._max_in_flight)
        # The bytes of the answers queued and not yet written; while they reach the limit the reader waits.
        self._waiting_bytes = 0
        self._room = asyncio.Event()
        self._room.set()
        # The answers' bytes in request order, then one _End.
        self._queue: asyncio.Queue[bytes | _End] = asyncio.Queue()
        self._reader: asyncio.Task[None] | None = None
        self._ending = False
        # While the reader waits for a message's answer from the handler thread it is not cancelled: end() leaves
        # its ending here, and the reader queues it after that answer.
        self._computing = False
        self._end_after_answer: _End | None = None
        self.counts: Counter[tuple[str, grpc.StatusCode]] = Counter()
        self._next_summary = time.monotonic() + SUMMARY_SECONDS
        self._next_auth = time.monotonic() + REAUTH_SECONDS
        self._opened = time.perf_counter()
        self.ended = asyncio.Event()  # set by close(): the call is over

    async def run(self) -> _End:
        """Write the answers as they come; returns how the stream is to end."""
        self._reader = asyncio.create_task(self._read())
        write, slots, queue = self._context.write, self._slots, self._queue
        room, limit = self._room, self._streams._max_answer_bytes
        while True:
            item = await queue.get()
            if isinstance(item, _End):
                return item
            try:
                await write(item)
            finally:
                slots.release()
                self._waiting_bytes -= len(item)
                if self._waiting_bytes < limit:
                    room.set()

    def end(self, how: _End) -> None:
        """Stop reading; the answers already queued are written, then the stream ends ``how``."""
        if self._ending:
            return
        self._ending = True
        if self._computing:
            self._end_after_answer = how
            return
        if self._reader is not None and self._reader is not asyncio.current_task():
            # Otherwise the reader only waits (for a slot or the next message) between messages: an answer is
            # never lost.
            self._reader.cancel()
        self._queue.put_nowait(how)

    def close(self) -> None:
        """The call is over: stop the reader (the answers never written hold no admission slot)."""
        self._ending = True
        self.ended.set()
        if self._reader is not None:
            self._reader.cancel()

    async def _read(self) -> None:
        streams, calls, context = self._streams, self._calls, self._context
        admission, observe, caller, counts = streams._admission, streams._observe, self._caller, self.counts
        thread, tracing = streams._thread, streams._tracing
        slots, put, room, limit = self._slots, self._queue.put_nowait, self._room, streams._max_answer_bytes
        try:
            while True:
                await slots.acquire()
                await room.wait()
                data = await context.read()
                if data is grpc.aio.EOF:
                    if not self._ending:
                        self._ending = True
                        put(_CLIENT_DONE)
                    return
                now = time.monotonic()
                if now >= self._next_auth:  # before answering: a revoked caller gets no answer
                    self._next_auth = now + REAUTH_SECONDS
                    if streams._authenticate(context) is None:
                        self.end(_End(grpc.StatusCode.UNAUTHENTICATED, REVOKED_MESSAGE))
                        return
                started, cpu_started = time.perf_counter(), time.thread_time()
                thread_cpu = 0.0
                traced = tracing.message() if tracing is not None else None
                call = calls.read(data)
                admitted = admission.admit(call.method)
                if admitted and thread is not None and thread.offloads(len(data)):
                    # One message at a time per stream, in turn with every other call (cardrules.server.work).
                    self._computing = True
                    try:
                        answer, thread_cpu = await thread.run(call.answer)
                    except asyncio.CancelledError:
                        admission.release()  # the call is over (close()): this answer is never queued
                        if tracing is not None and traced is not None:
                            tracing.message_answered(traced, call.method, grpc.StatusCode.CANCELLED, caller)
                        raise
                    finally:
                        self._computing = False
                elif admitted:
                    answer = call.answer()
                else:
                    refusal = admission.refusal()
                    answer = Answer(calls.refusal(call, refusal), refusal.code, refusal.details)
                if admitted:
                    # Answered: the slot goes back now, not when the client reads the answer. Answers waiting
                    # for a client are bounded per stream (max_in_flight, ANSWER_BUFFER_BYTES); counted here,
                    # a client that never reads held every slot, and every unary caller was refused.
                    admission.release()
                put(answer.data)
                self._waiting_bytes += len(answer.data)
                if self._waiting_bytes >= limit:
                    room.clear()
                seconds = time.perf_counter() - started
                cpu_seconds = time.thread_time() - cpu_started + thread_cpu
                observe(call.method, answer.code, seconds, cpu_seconds, caller)
                counts[call.method, answer.code] += 1
                if answer.code in _SERVER_FAULTS:
                    streams._line(logging.ERROR, call.method, caller, answer.code, self.peer, seconds, final=False)
                if tracing is not None and traced is not None:
                    tracing.message_answered(traced, call.method, answer.code, caller)
                if now >= self._next_summary:
                    self._next_summary = now + SUMMARY_SECONDS
                    opened_for = time.perf_counter() - self._opened
                    ok = grpc.StatusCode.OK
                    streams._line(logging.INFO, calls.method, caller, ok, self.peer, opened_for, self, final=False)
                if self._end_after_answer is not None:  # end() came while this message was computed
                    put(self._end_after_answer)
                    return
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the call broke under the reader (cancelled, connection lost): end the writer
            if not self._ending:
                self._ending = True
                put(_End(grpc.StatusCode.CANCELLED, f"reading the stream failed: {type(error).__name__}"))
