"""Calls on a rules service's ``Stream`` and the same calls made unary, side by side, as raw bytes.

An outcome is what a client gets from a call, reduced to bytes that must match exactly: the serialized response,
or the status code, message and serialized ``google.rpc.Status`` (its details: BadRequest, ErrorInfo). A unary
call's status travels in its trailers (``grpc-status-details-bin``); a stream message's in its answer's ``error``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
from google.protobuf import json_format
from google.protobuf.descriptor import MethodDescriptor, ServiceDescriptor
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass
from google.rpc import status_pb2

from cardrules.api.games import registered_games
from cardrules.v1 import lieng_pb2, sam_loc_pb2
from tests.support.calls import raw_stream, raw_unary, status_details

VECTORS = Path(__file__).resolve().parents[1] / "vectors"
SAM = sam_loc_pb2.DESCRIPTOR.services_by_name["SamLocService"]
LIENG = lieng_pb2.DESCRIPTOR.services_by_name["LiengService"]
SERVICES = {game.name: game.service for game in registered_games()}
DETAILS_KEY = "grpc-status-details-bin"
CALL_TIMEOUT = 30.0


@dataclass(frozen=True)
class Outcome:
    response: bytes | None  # the serialized response, or None for an error
    code: grpc.StatusCode = grpc.StatusCode.OK
    message: str = ""
    status: bytes | None = None  # the serialized google.rpc.Status, when the error carried one


@dataclass(frozen=True)
class VectorCall:
    name: str  # file and case, for failure messages
    service: ServiceDescriptor
    method: MethodDescriptor
    request: Message


def vector_calls() -> list[VectorCall]:
    """Every case of every file under tests/vectors, as the request message its method takes."""
    calls: list[VectorCall] = []
    for path in sorted(VECTORS.rglob("*.json")):
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            service = SERVICES[case["service"]]
            method = service.methods_by_name[case["method"]]
            request = json_format.ParseDict(case["request"], GetMessageClass(method.input_type)())
            calls.append(VectorCall(f"{path.relative_to(VECTORS)}: {case['name']}", service, method, request))
    return calls


def stream_method(service: ServiceDescriptor) -> MethodDescriptor:
    return service.methods_by_name["Stream"]


def stream_message(service: ServiceDescriptor, call_id: int, request: Message) -> bytes:
    """The Stream request carrying ``request`` (its oneof member is the one of the request's type)."""
    stream = stream_method(service)
    message = GetMessageClass(stream.input_type)(id=call_id)
    for field in stream.input_type.oneofs_by_name["call"].fields:
        if field.message_type is request.DESCRIPTOR:
            getattr(message, field.name).CopyFrom(request)
            return bytes(message.SerializeToString())
    raise AssertionError(f"{service.name}.Stream carries no {request.DESCRIPTOR.full_name}")


def answer_of(service: ServiceDescriptor, data: bytes) -> tuple[int, Outcome]:
    """The id and outcome of one Stream answer."""
    answer: Any = GetMessageClass(stream_method(service).output_type).FromString(data)  # a Stream response
    which = answer.WhichOneof("result")
    assert which is not None, "an answer carries a result"
    if which == "error":
        error = answer.error
        return answer.id, Outcome(None, _code(error.code), error.message, bytes(error.SerializeToString()))
    return answer.id, Outcome(bytes(getattr(answer, which).SerializeToString()))


def unary_outcome(channel: grpc.Channel, service: ServiceDescriptor, method: str, request: bytes) -> Outcome:
    """The outcome of one unary call, sent as raw bytes."""
    call = raw_unary(channel, f"/{service.full_name}/{method}")
    try:
        return Outcome(call(request, timeout=CALL_TIMEOUT))
    except grpc.RpcError as error:
        return Outcome(None, error.code(), error.details() or "", status_details(error))


def stream_outcomes(
    channel: grpc.Channel,
    service: ServiceDescriptor,
    messages: list[bytes],
    metadata: Sequence[tuple[str, str]] | None = None,
) -> tuple[list[tuple[int, Outcome]], grpc.StatusCode, str]:
    """Send ``messages`` on one stream (all at once; the client closes its side after the last), and read every
    answer until the stream ends: the answers, then the stream's own code and message."""
    call = raw_stream(channel, f"/{service.full_name}/Stream")
    responses = call(iter(messages), timeout=CALL_TIMEOUT * 4, metadata=tuple(metadata) if metadata else None)
    answers: list[tuple[int, Outcome]] = []
    try:
        for data in responses:
            answers.append(answer_of(service, data))
    except grpc.RpcError:
        pass
    return answers, responses.code(), responses.details()


def same(stream: Outcome, unary: Outcome) -> bool:
    """Whether a stream answer is the unary call's outcome: the same response bytes, or the same code, message and
    status (a unary error without details carries no status: the stream's then holds the code and message only)."""
    if unary.response is not None or stream.response is not None:
        return stream.response == unary.response
    if (stream.code, stream.message) != (unary.code, unary.message):
        return False
    return stream.status == unary.status if unary.status is not None else _bare(stream)


def _bare(outcome: Outcome) -> bool:
    assert outcome.status is not None
    return not status_pb2.Status.FromString(outcome.status).details


def _code(number: int) -> grpc.StatusCode:
    return next(code for code in grpc.StatusCode if code.value[0] == number)
