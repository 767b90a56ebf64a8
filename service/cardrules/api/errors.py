"""Turning bad input into ``INVALID_ARGUMENT`` with ``google.rpc.BadRequest`` details (AIP-193).

Every servicer method is wrapped by :func:`rpc_method`: :class:`InvalidInput` becomes ``INVALID_ARGUMENT``
naming each field, with an ``ErrorInfo`` carrying the first violation's stable reason; anything else that
escapes is a bug in the service, logged and answered as ``INTERNAL`` without killing the worker.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import grpc
import structlog
from google.protobuf import any_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from cardrules.core.errors import MAX_LISTED_VIOLATIONS as MAX_LISTED_VIOLATIONS
from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.server.work import run_handler

DOMAIN = "cardrules.v1"

_log = structlog.get_logger("cardrules.api")

# Every error must reach every client: the status travels in the trailers, and grpc clients refuse trailers over
# 8 KiB by default (the status detail is base64, a third larger). So one error lists at most MAX_LISTED_VIOLATIONS
# field violations (cardrules.core.errors: the checks build no more than those, see Faults), each description at
# most this long, within this many serialized bytes; one more entry then says how many were left out, at the first
# of them.
MAX_DESCRIPTION_CHARS = 200
MAX_DETAIL_BYTES = 4096

Req = TypeVar("Req")
Resp = TypeVar("Resp")


def invalid_argument_status(error: InvalidInput) -> grpc.Status:
    """The rich status for a bad request: a summary message, BadRequest field violations and ErrorInfo."""
    bad_request = listed_violations(error)
    info = error_details_pb2.ErrorInfo(
        reason=error.violations[0].reason,
        domain=DOMAIN,
        metadata={"field": error.violations[0].field[:MAX_DESCRIPTION_CHARS]},
    )
    details = []
    for detail in (bad_request, info):
        packed = any_pb2.Any()
        packed.Pack(detail)
        details.append(packed)
    message = _summary(error)
    return rpc_status.to_status(status_pb2.Status(code=code_pb2.INVALID_ARGUMENT, message=message, details=details))


def listed_violations(error: InvalidInput) -> error_details_pb2.BadRequest:
    """The first violations that fit the caps, then (if any were left out) one entry saying how many."""
    listed = error_details_pb2.BadRequest()
    violations = error.violations
    total = len(violations) + error.unlisted
    for index, v in enumerate(violations):
        entry = error_details_pb2.BadRequest.FieldViolation(
            field=v.field[:MAX_DESCRIPTION_CHARS], description=_shortened(v.description), reason=v.reason
        )
        if index == MAX_LISTED_VIOLATIONS or listed.ByteSize() + entry.ByteSize() > MAX_DETAIL_BYTES:
            _add_more(listed, entry.field, total - index, "the first of them here")
            break
        listed.field_violations.append(entry)
    else:
        if error.unlisted:  # all that were built are listed; the counted rest follow them
            _add_more(listed, listed.field_violations[-1].field, error.unlisted, "after this one")
    return listed


def _add_more(listed: error_details_pb2.BadRequest, field: str, left: int, where: str) -> None:
    listed.field_violations.add(
        field=field,
        reason=ErrorReason.MORE_VIOLATIONS,
        description=f"{left} more violation{'s' if left > 1 else ''} not listed, {where}",
    )


def _shortened(text: str) -> str:
    return text if len(text) <= MAX_DESCRIPTION_CHARS else text[: MAX_DESCRIPTION_CHARS - 1] + "…"


def _summary(error: InvalidInput) -> str:
    first = error.violations[0]
    more = len(error.violations) + error.unlisted - 1
    tail = f" (and {more} more)" if more else ""
    return f"invalid {first.field[:MAX_DESCRIPTION_CHARS]}: {_shortened(first.description)}{tail}"


def outcome(handler: Callable[[Any, Req], Resp], servicer: Any, request: Req) -> Resp | grpc.Status:
    """The handler's response, or the status the call fails with: what a unary call answers, and what a message on
    a ``Stream`` carries (cardrules.api.streams), from this one function."""
    try:
        return handler(servicer, request)
    except InvalidInput as error:
        return invalid_argument_status(error)
    except Exception:  # a bug, never the caller's fault: log it, keep the worker alive
        _log.exception("unhandled_error", method=handler.__qualname__)
        return rpc_status.to_status(status_pb2.Status(code=code_pb2.INTERNAL, message=INTERNAL_MESSAGE))


INTERNAL_MESSAGE = "internal error in the rules service"


def rpc_method(
    handler: Callable[[Any, Req], Resp],
) -> Callable[[Any, Req, grpc.aio.ServicerContext[Any, Any]], Awaitable[Resp]]:
    """Wrap a pure ``(self, request) -> response`` conversion as a grpc.aio servicer method (``__wrapped__`` is the
    conversion itself)."""

    @functools.wraps(handler)
    async def method(self: Any, request: Req, context: grpc.aio.ServicerContext[Any, Any]) -> Resp:
        # On the server's handler thread for a large request, so other calls are served meanwhile.
        answer = await run_handler(functools.partial(outcome, handler, self, request))
        if isinstance(answer, grpc.Status):
            await context.abort_with_status(answer)
        return answer

    return method
