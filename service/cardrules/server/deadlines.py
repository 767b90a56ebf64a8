"""When a call's end is its deadline: one rule for unary calls (cardrules.server.interceptors) and streams
(cardrules.server.streams), so a call is logged and counted with the status its client got."""

from __future__ import annotations

from typing import Any

import grpc

# A call cancelled this close to its deadline is taken as ended by the deadline: a client's deadline fires at the
# same moment as the server's (the server counts from when the headers arrived), and the client's cancel can
# arrive first, a little before the server's own timer, so the server would log CANCELLED where the client got
# DEADLINE_EXCEEDED.
CANCEL_AT_DEADLINE_SECONDS = 0.1


def expired(context: grpc.aio.ServicerContext[Any, Any], slack: float = 0.0) -> bool:
    """Whether the call's deadline has passed, or is at most ``slack`` seconds away (grpc reports 0 left once it
    has passed; None without a deadline)."""
    remaining = context.time_remaining()
    return remaining is not None and remaining <= slack
