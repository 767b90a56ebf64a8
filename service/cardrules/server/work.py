"""Where a call's CPU work runs: on the worker's handler thread, so the event loop stays free for everyone else.

A grpc.aio worker serves every call from one event loop, and a health check or a cheap call needs several turns
of that loop (the call is taken from grpc, its message read, its answer written). Rules handlers are plain
computation: run on the loop, each turn waits for every handler that became ready before it, so a few costly calls
in flight (or a few ``Stream`` messages, one per stream) made every turn of a health check wait for all of them,
and the whole check several times as long. Run on a thread of their own, the handlers share the interpreter with
the loop through the GIL, which Python hands to a waiting thread at least every switch interval (SWITCH_INTERVAL):
a turn of the loop then waits a fraction of a millisecond, whatever the handlers cost.

The handlers of one worker run on one thread, one at a time, in the order they were ready: with the GIL, more
threads would not compute faster, they would only let costly calls slow each other down. A call or stream message
whose request is at most ``inline_bytes`` long runs on the loop as before: its work is bounded by its size (the
handler time per request byte is bounded; figures in tests/benchmarks/README.md, "Fairness"), and the hop to the
thread would cost more than it spares.

The API layer's handlers call :func:`run_handler`; the interceptor decides per call, with :func:`metered`, whether
that work goes to the thread, and reads back the CPU it took there for the handler CPU metric.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

# How long a thread holding the GIL may keep it while another waits (CPython's default is 5 ms). grpc hands the
# server new calls one per turn of the loop, so while the thread computes, every new call waits up to this long to
# be taken: at a millisecond or more, a busy worker on a loaded machine took new calls so slowly that calls with
# short deadlines expired in grpc's queue, where the server never sees them (tests/server/test_call_logs.py).
# Only contended switches happen more often: a thread computing alone is not interrupted.
SWITCH_INTERVAL = 0.0002
# Requests up to this many bytes are computed on the event loop (see the module docstring).
INLINE_BYTES = 1024


class HandlerThread:
    """The worker's one thread for handler work, shared by unary calls and stream messages."""

    def __init__(self, inline_bytes: int = INLINE_BYTES) -> None:
        self.inline_bytes = inline_bytes
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardrules-handlers")
        sys.setswitchinterval(SWITCH_INTERVAL)

    def offloads(self, size: int) -> bool:
        """Whether the work of a request of ``size`` bytes goes to the thread."""
        return size > self.inline_bytes

    async def run(self, fn: Callable[[], T]) -> tuple[T, float]:
        """``fn()`` on the thread, and the thread CPU seconds it took."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, _timed, fn)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)


def _timed(fn: Callable[[], T]) -> tuple[T, float]:
    started = time.thread_time()
    result = fn()
    return result, time.thread_time() - started


@dataclass
class _CallWork:
    thread: HandlerThread | None  # None: on the loop
    cpu_seconds: float = 0.0  # spent on the thread so far


_current: ContextVar[_CallWork | None] = ContextVar("cardrules_call_work", default=None)


def metered(thread: HandlerThread | None, size: int) -> contextlib.AbstractContextManager[_CallWork]:
    """For the duration of one call (inside its task): where :func:`run_handler` runs its work, and how much CPU
    that work took on the thread (``.cpu_seconds``)."""
    if thread is None or not thread.offloads(size):
        # Most calls (every health check among them): a call's task starts with no call work set, so run_handler
        # already runs it here. A generator-based manager and a context variable per call cost about as much as a
        # health check's own handler, so these calls get none.
        return _ON_THE_LOOP
    return _on_the_thread(thread)


@contextlib.contextmanager
def _on_the_thread(thread: HandlerThread) -> Iterator[_CallWork]:
    work = _CallWork(thread)
    token = _current.set(work)
    try:
        yield work
    finally:
        _current.reset(token)


# Shared by every call computed on the loop: its cpu_seconds stays 0 (run_handler adds only to offloaded work).
_ON_THE_LOOP = contextlib.nullcontext(_CallWork(None))


async def run_handler(fn: Callable[[], T]) -> T:
    """Run a handler's pure work where the call's server wants it: on the handler thread for a large request,
    otherwise here (also outside a server: in-process tests, tools)."""
    work = _current.get()
    if work is None or work.thread is None:
        return fn()
    result, cpu_seconds = await work.thread.run(fn)
    work.cpu_seconds += cpu_seconds
    return result
