"""Stream mode for the sync clients: a pool of streams on a ``grpc.Channel``, safe to call from many threads.

Each stream has a queue its sends go into (gRPC's own thread writes them out, in order) and a reader thread that
hands each answer to the pool. A caller blocks on its call's future until the answer or its deadline; at the
deadline it stops waiting and the answer, if it ever comes, is dropped.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from concurrent import futures
from typing import Any

import grpc
from google.protobuf.message import Message

from cardrules.client.stream_pool import RetryPolicy, StreamPool, deadline_error
from cardrules.client.stream_protocol import Pending, StreamProtocol

__all__ = ["SyncStreams"]

Metadata = tuple[tuple[str, str | bytes], ...]


class _Link:
    """One open stream."""

    def __init__(self, pool: SyncStreams, open_stream: Callable[..., Any], metadata: Metadata | None) -> None:
        self.pending: dict[int, Pending[Any]] = {}
        self.answered = 0
        self._pool = pool
        self._outbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()
        # No deadline: the stream lives as long as the pool; each call's deadline is kept by its caller.
        self._call: Any = open_stream(iter(self._outbox.get, None), metadata=metadata)
        self._reader = threading.Thread(target=self._read, name="cardrules-stream-reader", daemon=True)
        self._reader.start()

    def send(self, frame: bytes) -> None:
        self._outbox.put(frame)

    def finish(self) -> None:
        """Half-close: no more calls; the server answers those it has, then ends the stream."""
        self._outbox.put(None)

    def cancel(self) -> None:
        if self._call is not None:
            self._call.cancel()

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the stream to end; False if it is still open after ``timeout`` seconds."""
        if self._reader is not threading.current_thread():
            self._reader.join(timeout)
        return not self._reader.is_alive()

    def release(self) -> None:
        """Drop the ended call now, while gRPC's threads still run. Its finalizer takes the call's lock: left to the
        interpreter's exit, it could wait forever on a lock that one of gRPC's daemon threads, frozen by the exit,
        still holds (a program that closed its client would then hang as it ends)."""
        self._call = None

    def _read(self) -> None:
        error: grpc.RpcError | None = None
        try:
            for response in self._call:
                self._pool._answered(self, response)
        except grpc.RpcError as ended:
            error = ended
        finally:
            self._outbox.put(None)  # ends the request iterator, so gRPC's thread that reads it exits
        self._pool._ended(self, error)


class SyncStreams(StreamPool[futures.Future[Any], _Link]):
    """``size`` streams of one service on ``channel``, opened with the client's ``metadata``."""

    def __init__(
        self,
        channel: grpc.Channel,
        protocol: StreamProtocol,
        size: int,
        *,
        metadata: Metadata | None = None,
        policy: RetryPolicy | None = None,
    ) -> None:
        super().__init__(protocol, size, policy or RetryPolicy.of(), threading.Lock())
        # Frames are sent as the bytes they already are (no serializer).
        self._open_stream: Callable[..., Any] = channel.stream_stream(
            protocol.method, response_deserializer=protocol.response_type.FromString
        )
        self._metadata = metadata
        self._timers: set[threading.Timer] = set()

    def call(self, request: Message, response_type: type[Message], timeout: float | None) -> Message:
        """Send ``request`` and wait for its answer: the response, or the typed error raised."""
        deadline = None if timeout is None else time.monotonic() + timeout
        pending = self._new(request, response_type, deadline, futures.Future())
        self._submit(pending)
        try:
            answer: Message = pending.future.result(timeout)
            return answer
        except TimeoutError:
            if self._abandon(pending):
                raise deadline_error() from None
            late: Message = pending.future.result()  # settled just as the deadline passed
            return late
        except BaseException:
            self._abandon(pending)  # e.g. KeyboardInterrupt: nobody waits for this answer any more
            raise

    def close(self) -> None:
        """End every stream: calls already sent get their answers (until their deadlines), new ones fail with
        CANCELLED."""
        links, deadline = self._close_slots()
        with self._lock:
            timers, self._timers = self._timers, set()
        for timer in timers:
            timer.cancel()
        for link in links:
            link.finish()
        for link in links:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            if not link.join(left):
                link.cancel()
                link.join()
            link.release()

    def _open(self) -> _Link:
        return _Link(self, self._open_stream, self._metadata)

    def _later(self, delay: float, action: Callable[[], None]) -> None:
        # Lock held.
        def run() -> None:
            with self._lock:
                self._timers.discard(timer)
            action()

        timer = threading.Timer(delay, run)
        timer.daemon = True
        self._timers.add(timer)
        timer.start()

    def _settle(self, pending: Pending[futures.Future[Any]], outcome: Message | BaseException) -> None:
        if pending.future.done():
            return
        if isinstance(outcome, BaseException):
            pending.future.set_exception(outcome)
        else:
            pending.future.set_result(outcome)
