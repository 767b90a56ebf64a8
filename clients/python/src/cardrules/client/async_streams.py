"""Stream mode for the asyncio clients: a pool of streams on a ``grpc.aio.Channel``, used from one event loop.

Each stream reads its sends from a queue (gRPC's task writes them out, in order) and has a reader task that hands
each answer to the pool. A caller awaits its call's future until the answer or its deadline; at the deadline it
stops waiting and the answer, if it ever comes, is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import grpc
from google.protobuf.message import Message

from cardrules.client.stream_pool import RetryPolicy, StreamPool, deadline_error
from cardrules.client.stream_protocol import Pending, StreamProtocol

__all__ = ["AsyncStreams"]

Metadata = tuple[tuple[str, str | bytes], ...]


class _Link:
    """One open stream."""

    def __init__(self, pool: AsyncStreams, open_stream: Callable[..., Any], metadata: Metadata | None) -> None:
        self.pending: dict[int, Pending[Any]] = {}
        self.answered = 0
        self._pool = pool
        self._outbox: asyncio.Queue[bytes | None] = asyncio.Queue()
        # No deadline: the stream lives as long as the pool; each call's deadline is kept by its caller.
        self._call = open_stream(self._frames(), metadata=metadata)
        self.reader = asyncio.get_running_loop().create_task(self._read())

    def send(self, frame: bytes) -> None:
        self._outbox.put_nowait(frame)

    def finish(self) -> None:
        """Half-close: no more calls; the server answers those it has, then ends the stream."""
        self._outbox.put_nowait(None)

    def cancel(self) -> None:
        self._call.cancel()

    async def _frames(self) -> AsyncIterator[bytes]:
        while (frame := await self._outbox.get()) is not None:
            yield frame

    async def _read(self) -> None:
        error: grpc.RpcError | None = None
        try:
            async for response in self._call:
                self._pool._answered(self, response)
        except grpc.RpcError as ended:
            error = ended
        except asyncio.CancelledError:
            pass  # the pool cancelled this stream (close); _ended fails its calls
        finally:
            self._outbox.put_nowait(None)  # ends the request iterator
        self._pool._ended(self, error)


class AsyncStreams(StreamPool[asyncio.Future[Any], _Link]):
    """``size`` streams of one service on ``channel``, opened with the client's ``metadata``; bound to the event
    loop of its first call."""

    def __init__(
        self,
        channel: grpc.aio.Channel,
        protocol: StreamProtocol,
        size: int,
        *,
        metadata: Metadata | None = None,
        policy: RetryPolicy | None = None,
    ) -> None:
        # One event loop runs every step, so the bookkeeping needs no lock.
        super().__init__(protocol, size, policy or RetryPolicy.of(), contextlib.nullcontext())
        # Frames are sent as the bytes they already are (no serializer).
        self._open_stream: Callable[..., Any] = channel.stream_stream(
            protocol.method, response_deserializer=protocol.response_type.FromString
        )
        self._metadata = metadata
        self._timers: set[asyncio.TimerHandle] = set()

    async def call(self, request: Message, response_type: type[Message], timeout: float | None) -> Message:
        """Send ``request`` and await its answer: the response, or the typed error raised."""
        deadline = None if timeout is None else time.monotonic() + timeout
        pending = self._new(request, response_type, deadline, asyncio.get_running_loop().create_future())
        self._submit(pending)
        try:
            done, _ = await asyncio.wait([pending.future], timeout=timeout)
        except BaseException:
            self._abandon(pending)  # cancelled: nobody waits for this answer any more
            raise
        if not done and self._abandon(pending):
            raise deadline_error()
        answer: Message = pending.future.result()
        return answer

    async def close(self) -> None:
        """End every stream: calls already sent get their answers (until their deadlines), new ones fail with
        CANCELLED."""
        links, deadline = self._close_slots()
        timers, self._timers = self._timers, set()
        for timer in timers:
            timer.cancel()
        for link in links:
            link.finish()
        if not links:
            return
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        _, open_ = await asyncio.wait([link.reader for link in links], timeout=left)
        for link in links:
            if link.reader in open_:
                link.cancel()
        await asyncio.gather(*(link.reader for link in links), return_exceptions=True)

    def _open(self) -> _Link:
        return _Link(self, self._open_stream, self._metadata)

    def _later(self, delay: float, action: Callable[[], None]) -> None:
        def run() -> None:
            self._timers.discard(timer)
            action()

        timer = asyncio.get_running_loop().call_later(delay, run)
        self._timers.add(timer)

    def _settle(self, pending: Pending[asyncio.Future[Any]], outcome: Message | BaseException) -> None:
        if pending.future.done():
            return
        if isinstance(outcome, BaseException):
            pending.future.set_exception(outcome)
        else:
            pending.future.set_result(outcome)
