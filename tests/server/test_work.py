"""Where a call's handler work runs (cardrules.server.work): large requests on the handler thread, with their CPU
read back for the handler CPU metric; small ones on the event loop, with nothing set for the call."""

from __future__ import annotations

import asyncio
import threading
import time

from cardrules.server.work import HandlerThread, metered, run_handler


def _busy() -> str:
    """A few milliseconds of CPU, then the name of the thread that spent them."""
    started = time.thread_time()
    while time.thread_time() - started < 0.005:
        pass
    return threading.current_thread().name


def test_a_request_over_the_inline_size_runs_on_the_handler_thread_and_its_cpu_is_read_back() -> None:
    thread = HandlerThread(inline_bytes=100)

    async def call() -> tuple[str, float, str]:
        with metered(thread, 101) as work:
            ran_on = await run_handler(_busy)
            seconds = work.cpu_seconds
        after = await run_handler(_busy)  # the call is over: nothing routes this one
        return ran_on, seconds, after

    try:
        ran_on, seconds, after = asyncio.run(call())
    finally:
        thread.close()
    assert ran_on.startswith("cardrules-handlers")
    assert seconds >= 0.004
    assert after == threading.current_thread().name


def test_a_request_of_the_inline_size_or_less_runs_on_the_loop_and_adds_no_thread_cpu() -> None:
    thread = HandlerThread(inline_bytes=100)

    async def call(handler_thread: HandlerThread | None, size: int) -> tuple[str, float]:
        with metered(handler_thread, size) as work:
            ran_on = await run_handler(_busy)
            return ran_on, work.cpu_seconds

    here = threading.current_thread().name
    try:
        assert asyncio.run(call(thread, 0)) == (here, 0.0)
        assert asyncio.run(call(thread, 100)) == (here, 0.0)
        # Without a handler thread (--handler-thread false) every call runs on the loop.
        assert asyncio.run(call(None, 10**6)) == (here, 0.0)
    finally:
        thread.close()
