"""The wire side of stream mode: a service's ``Stream`` RPC, how a call becomes one of its messages and how an
answer becomes a response or a typed error.

Each service of ``cardrules.v1`` has ``Stream(stream <Service>StreamRequest) returns (stream
<Service>StreamResponse)``: a request is a caller-chosen ``id`` plus a ``oneof call`` holding one unary request, an
answer the same ``id`` plus a ``oneof result`` holding that RPC's response or the ``google.rpc.Status`` the unary
call would have failed with. The oneof members are found by message type in the descriptors, so nothing here names
an RPC.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import grpc
from google.protobuf import descriptor_pool, message_factory
from google.protobuf.message import Message

# Imported for its side effect: it registers every cardrules.v1 service in the default descriptor pool.
import cardrules.client.generated.services  # noqa: F401
from cardrules.client.errors import RulesError, from_status

__all__ = ["Pending", "StreamProtocol"]

STREAM_METHOD = "Stream"
F = TypeVar("F")


@dataclass(eq=False)
class Pending(Generic[F]):
    """One call in stream mode, from the caller's first send to its answer; ``future`` is what the caller waits
    on (a ``concurrent.futures.Future`` or an ``asyncio.Future``)."""

    payload: bytes  # the stream request without its id (see StreamProtocol.frame)
    response_type: type[Message]
    deadline: float | None  # time.monotonic() seconds; None: no deadline
    future: F
    attempts: int = 0  # sends so far
    id: int = 0  # the id of the latest send
    stream: Any = None  # the stream of the latest send
    abandoned: bool = False  # the caller stopped waiting (deadline passed, cancelled): never sent again

    def expired(self) -> bool:
        return self.deadline is not None and time.monotonic() >= self.deadline


@dataclass(frozen=True)
class StreamProtocol:
    """How calls of one service travel on its ``Stream``: ``StreamProtocol.of("cardrules.v1.LiengService")``."""

    service: str
    method: str  # the full method name, "/cardrules.v1.LiengService/Stream"
    request_type: type[Message]
    response_type: type[Message]
    _call_fields: dict[str, str] = field(repr=False)  # unary request full name -> its member of `oneof call`

    @classmethod
    def of(cls, service: str) -> StreamProtocol:
        try:
            descriptor = descriptor_pool.Default().FindServiceByName(service)
        except KeyError:
            raise ValueError(f"unknown service {service!r}") from None
        method = descriptor.methods_by_name.get(STREAM_METHOD)
        if method is None or not (method.client_streaming and method.server_streaming):
            raise ValueError(f"{service} has no bidirectional {STREAM_METHOD} RPC")
        calls = method.input_type.oneofs_by_name["call"].fields
        return cls(
            service,
            f"/{service}/{STREAM_METHOD}",
            message_factory.GetMessageClass(method.input_type),
            message_factory.GetMessageClass(method.output_type),
            {member.message_type.full_name: member.name for member in calls if member.message_type is not None},
        )

    def carries(self, request_type: type[Message]) -> bool:
        """Whether requests of this type can travel on the stream (those of the service's unary RPCs)."""
        return request_type.DESCRIPTOR.full_name in self._call_fields

    def payload(self, request: Message) -> bytes:
        """The stream request carrying ``request``, serialized, without an id."""
        member = self._call_fields.get(request.DESCRIPTOR.full_name)
        if member is None:
            raise TypeError(f"{type(request).__name__} is not a call of {self.service}.{STREAM_METHOD}")
        return self.request_type(**{member: request}).SerializeToString()

    def frame(self, ident: int, payload: bytes) -> bytes:
        """The message sent for one attempt of a call: its ``payload`` under a new ``id``.

        Serialized protobuf messages concatenate as a merge, so a call is serialized once, whatever the number of
        attempts, and each send only prefixes its id.
        """
        return self.request_type(id=ident).SerializeToString() + payload

    def answer(self, response: Message) -> tuple[int, Message | RulesError]:
        """An answer's id and its outcome: the RPC's response, or the typed error the unary call would raise."""
        # The answer's type is known only at run time (the service's), so its fields are read untyped.
        fields: Any = response
        ident: int = fields.id
        chosen = response.WhichOneof("result")
        if chosen == "error":
            return ident, from_status(fields.error)
        if chosen is None:
            return ident, RulesError(grpc.StatusCode.UNKNOWN, "the answer carries neither a response nor an error")
        result: Message = getattr(response, chosen)
        return ident, result
