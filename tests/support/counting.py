"""Reading a server's counters without racing it: a call is counted just after its answer is sent, so a count read
right after a call (or right after the previous test's call) can still be missing it."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def settled(read: Callable[[], T], quiet: float = 0.25, timeout: float = 15.0) -> T:
    """``read()`` once it has returned the same value for ``quiet`` seconds: every call answered so far is counted."""
    value = read()
    stable_since = time.monotonic()
    deadline = stable_since + timeout
    while time.monotonic() - stable_since < quiet:
        assert time.monotonic() < deadline, f"the count kept changing for {timeout} s (last {value!r})"
        time.sleep(0.05)
        again = read()
        if again != value:
            value, stable_since = again, time.monotonic()
    return value
