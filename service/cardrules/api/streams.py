"""One message of a rules service's ``Stream``: the unary call it carries, answered by that call's own handler.

A ``Stream`` request holds a caller-chosen ``id`` and a ``oneof call`` of the service's unary requests; its
response holds the same ``id`` and the unary response, or the ``google.rpc.Status`` the unary call would have
failed with. :class:`StreamCalls` reads one request's bytes and answers it with the very conversion the unary
servicer method wraps (``rpc_method``'s ``__wrapped__``, through :func:`cardrules.api.errors.outcome`): the same
bounds, core, response and errors, message for message. The answer is an ordinary stream response message,
serialized by protobuf: writing its bytes by hand saved a percent or two of what a stream message costs the
server, too little to pay for a hand-kept layout that a new field could silently miss.

Running the stream (authentication, admission, the in-flight limit, order, logs, metrics, draining) is the
server's job: cardrules.server.streams.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

import grpc
from google.protobuf.descriptor import FieldDescriptor, ServiceDescriptor
from google.protobuf.message import DecodeError, Message
from google.protobuf.message_factory import GetMessageClass
from google.rpc import code_pb2, status_pb2
from grpc_status import rpc_status

from cardrules.api.errors import invalid_argument_status, outcome
from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.server.streams import Answer, StreamCall

STREAM_METHOD = "Stream"
CALL = "call"  # the request's oneof
RESULT = "result"  # the response's oneof
ERROR = "error"  # the response's member for a failed call
ID_UNREADABLE = "its id cannot be read, so it is answered under id 0"

_ID_FIELD = 1
_VARINT, _LENGTH_DELIMITED = 0, 2
_FIXED_BYTES = {1: 8, 5: 4}  # wire type: field length
_DETAILS_KEY = "grpc-status-details-bin"  # where a unary call carries its google.rpc.Status


@dataclass(frozen=True, slots=True)
class _Route:
    method: str  # the unary method's full name, what logs and metrics call the message
    handler: Callable[[Any, Any], Message]  # the unary method's conversion, (servicer, request) -> response
    answer: str  # the response member that carries this method's answer


class StreamCalls:
    """Reads and answers the messages of one service's ``Stream`` (one instance per service, shared by its streams)."""

    def __init__(self, service: ServiceDescriptor, servicer: object) -> None:
        stream = service.methods_by_name[STREAM_METHOD]
        self.method = f"/{service.full_name}/{STREAM_METHOD}"
        self._request = GetMessageClass(stream.input_type)
        self._response = GetMessageClass(stream.output_type)
        calls = stream.input_type.oneofs_by_name[CALL].fields
        results = stream.output_type.oneofs_by_name[RESULT]
        answers = {field.name: field for field in results.fields}
        by_input = {method.input_type.full_name: method for method in service.methods if method is not stream}
        self._servicer = servicer
        self._routes: dict[str, _Route] = {}
        for field in calls:
            unary = by_input[_message_class(field).DESCRIPTOR.full_name]
            handler = getattr(type(servicer), unary.name).__wrapped__
            self._routes[field.name] = _Route(f"/{service.full_name}/{unary.name}", handler, answers[field.name].name)
        self._call_names = {field.number: (field.name, _message_class(field)) for field in calls}
        names = [field.name for field in calls]
        self._no_call = f"a message carries one call and this one has none: set {', '.join(names[:-1])} or {names[-1]}"

    def read(self, data: bytes) -> StreamCall:
        """The call one message carries, ready to answer; never raises (a bad message is answered with its error)."""
        try:
            request: Any = self._request.FromString(data)
        except DecodeError:
            return self._undecodable(data)
        which = request.WhichOneof(CALL)
        if which is None:
            missing = InvalidInput.one(CALL, ErrorReason.MISSING_VALUE, self._no_call)
            return _Refused(request.id, self.method, self._error(request.id, invalid_argument_status(missing)), None)
        route = self._routes[which]
        return _Call(request.id, route.method, self, route, getattr(request, which))

    def refusal(self, call: StreamCall, status: grpc.Status) -> bytes:
        """The answer to ``call`` when the server refuses it unread (overload, credentials)."""
        return self._error(call.id, status)

    def _answer(self, call: _Call) -> Answer:
        result = outcome(call.route.handler, self._servicer, call.request)
        if isinstance(result, grpc.Status):
            return Answer(self._error(call.id, result), result.code)
        answer = self._response(id=call.id, **{call.route.answer: result})
        return Answer(answer.SerializeToString(), grpc.StatusCode.OK)

    def _error(self, call_id: int, status: grpc.Status) -> bytes:
        answer = self._response(id=call_id, error=_status_of(status))
        data: bytes = answer.SerializeToString()
        return data

    def _undecodable(self, data: bytes) -> StreamCall:
        """Bytes that are not a stream request: named, like a unary call's, after the request that did not parse
        (when the call's field can be told) and answered under the id they carry: 0 when they carry none, and 0
        with a message saying so when it cannot be read (the bytes around it are not protobuf fields, so a later
        id could follow that cannot be seen)."""
        call_id, number, call_bytes = _peek(data, self._call_names.keys())
        known = self._call_names.get(number) if number is not None else None
        if known is not None:
            name, request = known
            route = self._routes[name]
            # The envelope adds a level of nesting: a call nested just within protobuf's recursion limit parses on
            # its own, as the unary call does, though not inside the envelope. Answer it as the unary call would.
            if call_bytes is not None and call_id is not None:
                try:
                    return _Call(call_id, route.method, self, route, request.FromString(call_bytes))
                except DecodeError:
                    pass
            method = route.method
            problem = f"the request body is not a valid {request.DESCRIPTOR.full_name}"
        else:
            method = self.method
            problem = f"the message is not a valid {self._request.DESCRIPTOR.full_name}"
        if call_id is None:
            call_id, problem = 0, f"{problem}; {ID_UNREADABLE}"
        status = rpc_status.to_status(status_pb2.Status(code=code_pb2.INVALID_ARGUMENT, message=problem))
        return _Refused(call_id, method, self._error(call_id, status), problem)


@dataclass(frozen=True, slots=True)
class _Call:
    id: int
    method: str
    calls: StreamCalls
    route: _Route
    request: Message

    def answer(self) -> Answer:
        return self.calls._answer(self)


@dataclass(frozen=True, slots=True)
class _Refused:
    """A message answered with an error while reading it (no call set, undecodable)."""

    id: int
    method: str
    data: bytes
    problem: str | None

    def answer(self) -> Answer:
        return Answer(self.data, grpc.StatusCode.INVALID_ARGUMENT, self.problem)


def _status_of(status: grpc.Status) -> status_pb2.Status:
    """The google.rpc.Status a unary call would carry in its trailers, or one built from the code and message."""
    for key, value in status.trailing_metadata or ():
        if key == _DETAILS_KEY and isinstance(value, bytes):
            return status_pb2.Status.FromString(value)
    code: int = status.code.value[0]
    return status_pb2.Status(code=code, message=status.details or "")


def _message_class(field: FieldDescriptor) -> type[Message]:
    assert field.message_type is not None, f"{field.full_name}: a call is a request message"
    return GetMessageClass(field.message_type)


def _peek(data: bytes, calls: Collection[int]) -> tuple[int | None, int | None, bytes | None]:
    """The id, and the number and bytes of the call, read as protobuf reads them off the top level of bytes that
    did not parse as a whole (a broken call inside a sound envelope, or one cut off). The id is None where the
    bytes stop being protobuf fields before their end: what follows might hold another id, which would replace
    any read before. The call is the last of the ``calls`` fields, its bytes those of every occurrence since a
    different one (protobuf merges a repeated message field, and a oneof keeps its last member); None when it is
    cut off, since a cut-off call must not parse as a shorter one."""
    call_id, number, at = 0, None, 0
    chunks: list[bytes] = []
    try:
        while at < len(data):
            key, at = _read_varint(data, at)
            field, wire = key >> 3, key & 7
            if field == 0:
                raise _Unreadable
            if wire == _VARINT:
                value, at = _read_varint(data, at)
                if field == _ID_FIELD:
                    call_id = value
            elif wire == _LENGTH_DELIMITED:
                length, at = _read_varint(data, at)
                if field in calls and field != number:
                    number, chunks = field, []
                if at + length > len(data):  # cut off inside a field: nothing follows, so the id stands
                    return call_id, number, None
                if field in calls:
                    chunks.append(data[at : at + length])
                at += length
            elif wire in _FIXED_BYTES:
                at += _FIXED_BYTES[wire]
                if at > len(data):
                    return call_id, number, None
            else:  # groups, and the wire types protobuf does not define
                raise _Unreadable
    except _Unreadable:
        return None, number, None
    return call_id, number, b"".join(chunks) if number is not None else None


class _Unreadable(Exception):
    """The bytes stop being protobuf fields here."""


def _read_varint(data: bytes, at: int) -> tuple[int, int]:
    """A varint as protobuf reads one: at most 10 bytes, the bits past 64 dropped."""
    value = 0
    for shift in range(0, 70, 7):
        if at >= len(data):
            raise _Unreadable
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value & 0xFFFFFFFFFFFFFFFF, at
    raise _Unreadable
