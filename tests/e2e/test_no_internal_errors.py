"""No input may crash the service: mutated requests get an answer or INVALID_ARGUMENT, never INTERNAL.

Requests are taken from the shared vectors (so every RPC and most state shapes are covered) and mutated at
random through protobuf reflection: numbers set to edge values (negative, zero, huge), enums to unknown numbers,
list elements dropped or duplicated, optional fields cleared. Each mutant goes through the real servicer method
in-process; the only acceptable outcomes are a response or ``INVALID_ARGUMENT`` with at least one field violation.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf import json_format, message_factory
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message
from google.rpc import error_details_pb2, status_pb2

from cardrules.api.lieng import LiengService
from cardrules.api.sam import SamLocService
from cardrules.v1 import lieng_pb2, sam_loc_pb2

VECTORS = Path(__file__).resolve().parents[1] / "vectors"
SERVICES: dict[str, Any] = {
    "cardrules.v1.SamLocService": (SamLocService(), sam_loc_pb2.DESCRIPTOR.services_by_name["SamLocService"]),
    "cardrules.v1.LiengService": (LiengService(), lieng_pb2.DESCRIPTOR.services_by_name["LiengService"]),
}
EDGE_INTS = [-(2**63), -(2**31), -1, 0, 1, 2, 3, 5, 6, 7, 10, 11, 17, 2**31 - 1, 2**63 - 1]


class Aborted(Exception):
    def __init__(self, code: grpc.StatusCode, details: list[Any]) -> None:
        self.code = code
        self.details = details


class CapturingContext:
    """The two ways a servicer ends a call with an error, recorded instead of sent."""

    async def abort_with_status(self, status: grpc.Status) -> None:
        details: list[Any] = []
        for key, value in status.trailing_metadata:
            if key == "grpc-status-details-bin":
                details = list(status_pb2.Status.FromString(value).details)
        raise Aborted(status.code, details)

    async def abort(self, code: grpc.StatusCode, message: str) -> None:
        raise Aborted(code, [])


def _requests() -> list[tuple[str, str, Message]]:
    out = []
    for path in sorted(VECTORS.rglob("*.json")):
        for case in json.loads(path.read_text()).get("cases", []):
            _service, descriptor = SERVICES[case["service"]]
            method = descriptor.methods_by_name[case["method"]]
            request = message_factory.GetMessageClass(method.input_type)()
            try:
                json_format.ParseDict(case["request"], request)
            except json_format.ParseError:
                continue
            out.append((case["service"], case["method"], request))
    return out


def _mutate(message: Message, rng: random.Random, depth: int = 0) -> None:
    fields = message.DESCRIPTOR.fields
    if not fields:
        return
    field = rng.choice(fields)
    if field.is_repeated:
        values = getattr(message, field.name)
        if len(values) and rng.random() < 0.4:
            del values[rng.randrange(len(values))]
        elif len(values) and field.type != FieldDescriptor.TYPE_MESSAGE and rng.random() < 0.5:
            values.append(values[rng.randrange(len(values))])
        elif len(values) and field.type == FieldDescriptor.TYPE_MESSAGE:
            if rng.random() < 0.3:
                values.add().CopyFrom(values[rng.randrange(len(values))])
            else:
                _mutate(values[rng.randrange(len(values))], rng, depth + 1)
        elif field.type in (FieldDescriptor.TYPE_INT32, FieldDescriptor.TYPE_INT64):
            values.append(_edge(field, rng))
        return
    if field.type == FieldDescriptor.TYPE_MESSAGE:
        if rng.random() < 0.2:
            message.ClearField(field.name)
        else:
            _mutate(getattr(message, field.name), rng, depth + 1)
    elif field.type == FieldDescriptor.TYPE_ENUM:
        setattr(message, field.name, rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 9, 13, 14, 99, -1]))
    elif field.type in (FieldDescriptor.TYPE_INT32, FieldDescriptor.TYPE_INT64):
        setattr(message, field.name, _edge(field, rng))
    elif field.type == FieldDescriptor.TYPE_BOOL:
        setattr(message, field.name, not getattr(message, field.name))
    if field.has_presence and rng.random() < 0.1:
        message.ClearField(field.name)


def _edge(field: FieldDescriptor, rng: random.Random) -> int:
    value = rng.choice(EDGE_INTS)
    if field.type == FieldDescriptor.TYPE_INT32:
        value = max(-(2**31), min(2**31 - 1, value))
    return value


REQUESTS = _requests()


@pytest.mark.parametrize("seed", [20261129, 7, 2024, 31337])
def test_mutated_requests_never_produce_internal_errors(seed: int) -> None:
    assert REQUESTS, "no vectors to mutate in tests/vectors"
    rng = random.Random(seed)
    context = CapturingContext()
    seen: dict[str, int] = {}

    async def run() -> None:
        for round_ in range(10000):
            service_name, method_name, original = REQUESTS[round_ % len(REQUESTS)]
            request = type(original)()
            request.CopyFrom(original)
            for _ in range(rng.randint(1, 4)):
                _mutate(request, rng)
            service, _ = SERVICES[service_name]
            try:
                await getattr(service, method_name)(request, context)
                outcome = "OK"
            except Aborted as aborted:
                outcome = aborted.code.name
                assert aborted.code is grpc.StatusCode.INVALID_ARGUMENT, (
                    f"{service_name}/{method_name} answered {aborted.code.name} to "
                    f"{json_format.MessageToJson(request)}"
                )
                bad_requests = [d for d in aborted.details if d.Is(error_details_pb2.BadRequest.DESCRIPTOR)]
                assert bad_requests, "INVALID_ARGUMENT must carry BadRequest field violations"
                violations = error_details_pb2.BadRequest()
                bad_requests[0].Unpack(violations)
                assert violations.field_violations and all(v.field for v in violations.field_violations)
            seen[outcome] = seen.get(outcome, 0) + 1

    asyncio.run(run())
    assert seen.get("INVALID_ARGUMENT", 0) > 100 and seen.get("OK", 0) > 100, seen
