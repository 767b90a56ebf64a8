"""Fuzz inputs sent to a live server as raw bytes, and each answer judged.

    with server.channel() as channel:
        for answer in send_all(channel, inputs, concurrency=4, timeout=30.0):
            assert answer.problem is None, answer.report()

The bytes go out untouched (``request_serializer=None``) and the answer comes back as bytes, so the server's own
decoding is what is tested. An answer is acceptable when its code is in :data:`ALLOWED_CODES`, its status message
is one line, a success decodes as the method's response message and any rich status details decode as a
``google.rpc.Status`` of the same code whose field violations each name a field.
"""

from __future__ import annotations

import collections
import contextlib
import functools
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import grpc
from google.protobuf.message import DecodeError
from google.rpc import error_details_pb2, status_pb2

from tests.support.mutations import FuzzInput, Rpc

# What a rules RPC may answer to any bytes: a result, or the caller's mistake. UNKNOWN/INTERNAL are server bugs;
# RESOURCE_EXHAUSTED would mean one small request exhausted something (inputs stay far below the message limit and
# the concurrency limit, and an oversized error trailer shows up as RESOURCE_EXHAUSTED on the client);
# DEADLINE_EXCEEDED with a deadline of many seconds means the server spent that long on one small request;
# UNAVAILABLE/CANCELLED mean the server or the connection went away.
ALLOWED_CODES = frozenset({grpc.StatusCode.OK, grpc.StatusCode.INVALID_ARGUMENT})

STATUS_DETAILS_KEY = "grpc-status-details-bin"
_SHOWN_PAYLOAD_BYTES = 256


@dataclass(frozen=True)
class Answer:
    fuzz: FuzzInput
    code: grpc.StatusCode
    details: str
    seconds: float  # from sending to the answer, as the client saw it (includes queueing behind other calls)
    problem: str | None  # why the answer is not acceptable; None when it is
    response: bytes | None = None  # the serialized response message of a successful call

    def report(self) -> str:
        """The failure as a reader needs it to reproduce it: method, code, message, the bytes and their origin."""
        payload = self.fuzz.payload
        shown = payload[:_SHOWN_PAYLOAD_BYTES].hex()
        more = f"… ({len(payload)} bytes)" if len(payload) > _SHOWN_PAYLOAD_BYTES else f" ({len(payload)} bytes)"
        return (
            f"{self.fuzz.rpc.path} -> {self.code.name}: {self.problem}\n"
            f"  details: {self.details[:300]!r}\n  made as: {self.fuzz.how[:400]}\n  bytes: {shown}{more}"
        )


def judge(
    rpc: Rpc,
    code: grpc.StatusCode,
    details: str,
    response: bytes | None,
    trailing: Any,
    allowed: frozenset[grpc.StatusCode] = ALLOWED_CODES,
) -> str | None:
    """Why this answer to ``rpc`` is wrong, or None."""
    if code not in allowed:
        return f"code {code.name} is not allowed"
    if "\n" in details:
        return "the status message spans several lines"
    if code is grpc.StatusCode.OK:
        try:
            rpc.response_type.FromString(response or b"")
        except DecodeError as error:
            return f"the response does not decode as {rpc.response_type.DESCRIPTOR.full_name}: {error}"
        return None
    for key, value in trailing or ():
        if key != STATUS_DETAILS_KEY:
            continue
        try:
            status = status_pb2.Status.FromString(value)
        except DecodeError as error:
            return f"{STATUS_DETAILS_KEY} is not a google.rpc.Status: {error}"
        if status.code != code.value[0]:
            return f"{STATUS_DETAILS_KEY} says code {status.code}, the call ended with {code.name}"
        for detail in status.details:
            if detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
                bad_request = error_details_pb2.BadRequest()
                detail.Unpack(bad_request)
                if not all(violation.field for violation in bad_request.field_violations):
                    return "a field violation names no field"
    return None


def send_all(
    channel: grpc.Channel,
    inputs: Iterable[FuzzInput],
    *,
    concurrency: int,
    timeout: float,
    allowed: frozenset[grpc.StatusCode] = ALLOWED_CODES,
) -> Iterator[Answer]:
    """Send every input with up to ``concurrency`` calls in flight; yields the answers in input order."""
    callables: dict[str, grpc.UnaryUnaryMultiCallable[bytes, bytes]] = {}
    pending: collections.deque[tuple[FuzzInput, float, Any, list[float]]] = collections.deque()
    for fuzz in inputs:
        if len(pending) >= concurrency:
            yield _answer(*pending.popleft(), allowed)
        call = callables.get(fuzz.rpc.path)
        if call is None:
            call = channel.unary_unary(fuzz.rpc.path, request_serializer=None, response_deserializer=None)
            callables[fuzz.rpc.path] = call
        done_at: list[float] = []
        started = time.perf_counter()
        future = call.future(fuzz.payload, timeout=timeout)
        future.add_done_callback(functools.partial(_note_time, done_at))
        pending.append((fuzz, started, future, done_at))
    while pending:
        yield _answer(*pending.popleft(), allowed)


def _note_time(done_at: list[float], _future: object) -> None:
    done_at.append(time.perf_counter())  # runs in a grpc thread the moment the call completes


def _answer(
    fuzz: FuzzInput, started: float, future: Any, done_at: list[float], allowed: frozenset[grpc.StatusCode]
) -> Answer:
    response: bytes | None = None
    # On failure the future is also the call: its code, details and trailers are read below.
    with contextlib.suppress(grpc.RpcError):
        response = future.result()
    code: grpc.StatusCode = future.code()
    details: str = future.details() or ""
    seconds = (done_at[0] if done_at else time.perf_counter()) - started
    problem = judge(fuzz.rpc, code, details, response, future.trailing_metadata(), allowed)
    return Answer(fuzz, code, details, seconds, problem, response)
