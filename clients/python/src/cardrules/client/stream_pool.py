"""Stream mode's bookkeeping, shared by the sync pool (threads) and the asyncio pool: which stream a call goes on,
which call an answer belongs to, and what becomes of calls a stream leaves unanswered.

A pool has ``size`` slots, each holding at most one open stream, opened when a call needs it and again after it
ends; a new stream is a new RPC, so the channel's load balancing (``round_robin``) places each on a replica of its
own. A call goes to the slot with the fewest calls in flight (ties in turn). Every send gets an id unique in the
pool; the answer with that id settles the call, and an answer nobody waits for any more (its deadline passed) is
dropped.

Every rules call is a pure function of its request, so resending one can never apply it twice. A call is resent,
within its deadline and the attempts and backoff of the channel's unary retry policy, when the stream it was on
ends without answering it, however it ends (UNAVAILABLE from a replica draining or reaching its maximum connection
age, a reset connection from a replica killed), and when its own answer carries a status the unary policy retries.
Only a status that another attempt cannot change fails the stream's calls at once (see ``FINAL``), and
UNAUTHENTICATED only from a stream that never answered: one that had been answering and ends UNAUTHENTICATED (its
token expired) is reopened, presenting the credentials afresh.
"""

from __future__ import annotations

import itertools
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import grpc
from google.protobuf.message import Message

from cardrules.client.channel import RETRY_POLICY
from cardrules.client.errors import DeadlineExceededError, RulesError, UnavailableError, from_rpc_error
from cardrules.client.stream_protocol import Pending, StreamProtocol

__all__ = ["RetryPolicy", "StreamLink", "StreamPool", "check_streams", "closed_error", "deadline_error"]

F = TypeVar("F")

# How a stream may end that no new stream would change: its calls fail with that status.
FINAL = frozenset(
    {
        grpc.StatusCode.UNAUTHENTICATED,
        grpc.StatusCode.PERMISSION_DENIED,
        grpc.StatusCode.UNIMPLEMENTED,
        grpc.StatusCode.INVALID_ARGUMENT,
        grpc.StatusCode.FAILED_PRECONDITION,
        grpc.StatusCode.RESOURCE_EXHAUSTED,
    }
)
L = TypeVar("L", bound="StreamLink")


def _seconds(duration: str) -> float:
    return float(duration.removesuffix("s"))


@dataclass(frozen=True)
class RetryPolicy:
    """When a call is sent again: at most ``max_attempts`` sends, after a random wait below a backoff that starts
    at ``initial_backoff`` seconds and grows by ``multiplier`` up to ``max_backoff`` (as gRPC retries)."""

    max_attempts: int
    initial_backoff: float
    max_backoff: float
    multiplier: float
    codes: frozenset[grpc.StatusCode]

    @classmethod
    def of(cls, retry: bool = True) -> RetryPolicy:
        """The channel's unary retry policy (``cardrules.client.channel.RETRY_POLICY``); ``retry=False``: one
        attempt."""
        config = RETRY_POLICY
        return cls(
            int(config["maxAttempts"]) if retry else 1,
            _seconds(config["initialBackoff"]),
            _seconds(config["maxBackoff"]),
            float(config["backoffMultiplier"]),
            frozenset(grpc.StatusCode[name] for name in config["retryableStatusCodes"]),
        )

    def backoff(self, attempts: int) -> float:
        """Seconds to wait before the send after ``attempts`` sends."""
        ceiling = min(self.max_backoff, self.initial_backoff * self.multiplier ** max(0, attempts - 1))
        return random.uniform(0, ceiling)


def check_streams(streams: int) -> int:
    """``streams`` itself, once known to be 0 (unary calls) or a positive number of streams."""
    if isinstance(streams, bool) or not isinstance(streams, int) or streams < 0:
        raise ValueError(f"streams must be 0 (unary calls) or a positive number of streams, not {streams!r}")
    return streams


def closed_error() -> RulesError:
    return RulesError(grpc.StatusCode.CANCELLED, "the client was closed before the call was answered")


def deadline_error() -> RulesError:
    return DeadlineExceededError(grpc.StatusCode.DEADLINE_EXCEEDED, "Deadline Exceeded")


class StreamLink(Protocol):
    """An open stream, as the pool sees it."""

    pending: dict[int, Pending[Any]]  # id -> the call sent under it, not answered yet
    answered: int  # answers received so far

    def send(self, frame: bytes) -> None: ...


class StreamPool(ABC, Generic[F, L]):
    """The slots, the calls in flight and the decisions; the concrete pools open streams, wait and settle."""

    def __init__(
        self, protocol: StreamProtocol, size: int, policy: RetryPolicy, lock: AbstractContextManager[Any]
    ) -> None:
        if check_streams(size) == 0:
            raise ValueError("a stream pool needs at least one stream")
        self.protocol = protocol
        self._policy = policy
        self._lock = lock
        self._slots: list[L | None] = [None] * size
        self._turn = 0
        self._ids = itertools.count(1)
        self._waiting: set[Pending[F]] = set()  # calls waiting out a backoff before they are sent again
        self._closed = False

    @abstractmethod
    def _open(self) -> L:
        """A new stream (called with the lock held; it must not block)."""

    @abstractmethod
    def _later(self, delay: float, action: Callable[[], None]) -> None:
        """Run ``action`` after ``delay`` seconds, unless the pool is closed by then."""

    @abstractmethod
    def _settle(self, pending: Pending[F], outcome: Message | BaseException) -> None:
        """Give the caller its answer or error."""

    def _new(self, request: Message, response_type: type[Message], deadline: float | None, future: F) -> Pending[F]:
        return Pending(self.protocol.payload(request), response_type, deadline, future)

    def _submit(self, pending: Pending[F]) -> None:
        with self._lock:
            self._send(pending)

    def _send(self, pending: Pending[F]) -> None:
        # Lock held.
        if pending.abandoned:
            return
        if self._closed:
            self._settle(pending, closed_error())
            return
        count = len(self._slots)
        slot = min(
            ((self._turn + step) % count for step in range(count)),
            key=lambda index: len(link.pending) if (link := self._slots[index]) is not None else 0,
        )
        self._turn = (slot + 1) % count
        link = self._slots[slot]
        try:
            if link is None:
                link = self._slots[slot] = self._open()
            pending.attempts += 1
            pending.id = next(self._ids)
            pending.stream = link
            link.pending[pending.id] = pending
            link.send(self.protocol.frame(pending.id, pending.payload))
        except Exception as error:  # e.g. the channel was closed under the client
            if link is not None:
                link.pending.pop(pending.id, None)
            self._settle(pending, error)

    def _abandon(self, pending: Pending[F]) -> bool:
        """The caller stops waiting; False if the call was settled already (its answer may be taken)."""
        with self._lock:
            pending.abandoned = True
            link = pending.stream
            if link is not None and link.pending.get(pending.id) is pending:
                del link.pending[pending.id]
                return True
            if pending in self._waiting:
                self._waiting.discard(pending)
                return True
            return False

    def _answered(self, link: L, response: Message) -> None:
        """An answer arrived on ``link``."""
        ident, outcome = self.protocol.answer(response)
        with self._lock:
            link.answered += 1
            pending: Pending[F] | None = link.pending.pop(ident, None)
            if pending is None:
                return  # the caller stopped waiting (its deadline passed): the late answer is dropped
            if isinstance(outcome, RulesError):
                if outcome.code in self._policy.codes and self._may_retry(pending):
                    self._retry([pending])
                else:
                    self._settle(pending, outcome)
            elif isinstance(outcome, pending.response_type):
                self._settle(pending, outcome)
            else:
                wanted = pending.response_type.__name__
                self._settle(pending, TypeError(f"expected {wanted}, got {type(outcome).__name__}"))

    def _ended(self, link: L, error: grpc.RpcError | None) -> None:
        """``link`` ended: cleanly (``error`` None) or with a status. Its unanswered calls are sent again or
        fail."""
        with self._lock:
            self._slots = [None if held is link else held for held in self._slots]
            orphans = [link.pending[ident] for ident in sorted(link.pending)]  # in the order they were sent
            link.pending.clear()
            if not orphans:
                return
            code = _code(error)
            retryable = not self._closed and (
                code not in FINAL or (code == grpc.StatusCode.UNAUTHENTICATED and link.answered > 0)
            )
            again = [pending for pending in orphans if retryable and self._may_retry(pending)]
            for pending in orphans:
                if pending not in again:
                    self._settle(pending, self._failure(error))
            if again:
                self._retry(again)

    def _failure(self, error: grpc.RpcError | None) -> RulesError:
        if self._closed:
            return closed_error()
        if error is None:
            return UnavailableError(grpc.StatusCode.UNAVAILABLE, "the stream ended before answering the call")
        return from_rpc_error(error)

    def _may_retry(self, pending: Pending[F]) -> bool:
        return (
            not self._closed
            and pending.attempts < self._policy.max_attempts
            and not pending.abandoned
            and not pending.expired()
        )

    def _retry(self, batch: list[Pending[F]]) -> None:
        # Lock held. One wait for the whole batch keeps its calls in the order they were first sent.
        self._waiting.update(batch)

        def send_again() -> None:
            with self._lock:
                for pending in batch:
                    if pending in self._waiting:
                        self._waiting.discard(pending)
                        self._send(pending)

        self._later(self._policy.backoff(max(pending.attempts for pending in batch)), send_again)

    def _close_slots(self) -> tuple[list[L], float | None]:
        """Mark the pool closed (new calls fail with CANCELLED), fail the calls waiting to be sent again and hand
        back the open streams, for the concrete pool to half-close, with how long their calls may still take: the
        latest deadline among them (time.monotonic()), None when one has none. A stream still open then is
        cancelled, and its unanswered calls fail with CANCELLED."""
        with self._lock:
            if self._closed:
                return [], 0.0
            self._closed = True
            links = [link for link in self._slots if link is not None]
            self._slots = [None] * len(self._slots)
            waiting, self._waiting = self._waiting, set()
            for pending in waiting:
                self._settle(pending, closed_error())
            deadlines = [pending.deadline for link in links for pending in link.pending.values()]
            if any(deadline is None for deadline in deadlines):
                return links, None
            return links, max((deadline for deadline in deadlines if deadline is not None), default=0.0)


def _code(error: grpc.RpcError | None) -> grpc.StatusCode:
    if error is None:
        return grpc.StatusCode.OK
    code = error.code() if callable(getattr(error, "code", None)) else None
    return code if isinstance(code, grpc.StatusCode) else grpc.StatusCode.UNKNOWN
