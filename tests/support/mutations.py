"""Seeded mutations of rules requests: the inputs of the fuzz tests and of the long fuzz run.

    from tests.support.mutations import fuzz_inputs, vector_requests

    for fuzz in itertools.islice(fuzz_inputs(seed=7, vectors=vector_requests(), grow_bytes=64 * 1024), 1000):
        send(fuzz.rpc.path, fuzz.payload)      # fuzz.how says how the bytes were made, for failure messages

Requests start from the conformance vectors (tests/vectors/**/*.json), so every RPC and most state shapes are
covered. :func:`mutate` changes one thing at a random depth of a request through protobuf reflection (numbers to
edge values, enums to unknown numbers, repeated fields emptied, duplicated or grown, oneofs switched or cleared,
nested messages dropped, unknown fields added); :func:`fuzz_inputs` mixes such mutants with raw random bytes, bit
flips and truncations of valid requests. Everything draws from one ``random.Random``, so a seed reproduces a run
exactly, whatever the answers were.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from google.protobuf import json_format, message_factory
from google.protobuf.descriptor import FieldDescriptor, ServiceDescriptor
from google.protobuf.message import Message

from cardrules.v1 import lieng_pb2, sam_loc_pb2
from cardrules.v1.cards_pb2 import Card
from tests.support.varints import varint

VECTORS = Path(__file__).resolve().parents[1] / "vectors"

SERVICES: dict[str, ServiceDescriptor] = {
    "cardrules.v1.SamLocService": sam_loc_pb2.DESCRIPTOR.services_by_name["SamLocService"],
    "cardrules.v1.LiengService": lieng_pb2.DESCRIPTOR.services_by_name["LiengService"],
}

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
# The type limits, and the small numbers the games care about (seat counts, card counts, ranks, suits).
EDGE_INTS = (INT64_MIN, INT32_MIN, -1, 0, 1, 2, 3, 5, 6, 7, 10, 11, 17, INT32_MAX, INT64_MAX)
# Numbers no enum of the API defines (proto3 enums are open: a peer may send them).
UNKNOWN_ENUM_NUMBERS = (-1, 14, 99, INT32_MAX, INT32_MIN)

_INTEGER_TYPES = frozenset(
    {
        FieldDescriptor.TYPE_INT32,
        FieldDescriptor.TYPE_INT64,
        FieldDescriptor.TYPE_SINT32,
        FieldDescriptor.TYPE_SINT64,
        FieldDescriptor.TYPE_SFIXED32,
        FieldDescriptor.TYPE_SFIXED64,
    }
)
_INT32_TYPES = frozenset({FieldDescriptor.TYPE_INT32, FieldDescriptor.TYPE_SINT32, FieldDescriptor.TYPE_SFIXED32})


@dataclass(frozen=True)
class Rpc:
    """One rules method with its message types."""

    service: str  # "cardrules.v1.SamLocService"
    method: str  # "ValidatePlay"
    request_type: type[Message]
    response_type: type[Message]

    @property
    def path(self) -> str:
        return f"/{self.service}/{self.method}"


def _rpcs() -> tuple[Rpc, ...]:
    out = []
    for name, service in SERVICES.items():
        for method in service.methods:
            if method.client_streaming:
                continue  # a Stream: its messages carry these same requests (fuzzed in tests/server/test_streams.py)
            out.append(
                Rpc(
                    name,
                    method.name,
                    message_factory.GetMessageClass(method.input_type),
                    message_factory.GetMessageClass(method.output_type),
                )
            )
    return tuple(out)


RPCS = _rpcs()  # every unary method of both rules services, in proto order
RPC_BY_PATH = {rpc.path: rpc for rpc in RPCS}


@dataclass(frozen=True)
class VectorRequest:
    rpc: Rpc
    request: Message
    source: str  # "sam_loc/flow.json: <case name>"
    valid: bool  # the case expects a response (not an error): every part of the request passes validation


def vector_requests(root: Path = VECTORS) -> list[VectorRequest]:
    """The request of every conformance case under ``root`` that parses as its method's request message."""
    out = []
    for path in sorted(root.rglob("*.json")):
        for case in json.loads(path.read_text()).get("cases", []):
            rpc = RPC_BY_PATH[f"/{case['service']}/{case['method']}"]
            request = rpc.request_type()
            try:
                json_format.ParseDict(case["request"], request)
            except json_format.ParseError:
                continue  # a case about JSON the mapping rejects; it has no binary form to start from
            source = f"{path.relative_to(root)}: {case.get('name', '?')}"
            out.append(VectorRequest(rpc, request, source, valid="response" in case.get("expect", {})))
    return out


def mutate(message: Message, rng: random.Random, *, grow_bytes: int = 0) -> str:
    """Change one thing at a random depth of ``message``, in place; returns what changed, with the field's path.

    ``grow_bytes`` bounds how many bytes growing a repeated field may add (0: duplicate one element at most), so a
    caller can keep every mutant under the server's message limit.
    """
    return _mutate_at(message, rng, grow_bytes, "")


def _mutate_at(message: Message, rng: random.Random, grow_bytes: int, path: str) -> str:
    # The stubs type this as python or upb descriptors; both have the same attributes.
    fields = cast(Sequence[FieldDescriptor], message.DESCRIPTOR.fields)
    if not fields or rng.random() < 0.04:
        return _add_unknown_field(message, rng, path)
    field = rng.choice(fields)
    here = f"{path}.{field.name}" if path else field.name
    if field.is_repeated:
        values = getattr(message, field.name)
        if field.type == FieldDescriptor.TYPE_MESSAGE and len(values) and rng.random() < 0.6:
            index = rng.randrange(len(values))
            return _mutate_at(values[index], rng, grow_bytes, f"{here}[{index}]")
        return _mutate_repeated(message, field, rng, grow_bytes, here)
    if field.type == FieldDescriptor.TYPE_MESSAGE and message.HasField(field.name) and rng.random() < 0.75:
        return _mutate_at(getattr(message, field.name), rng, grow_bytes, here)
    oneof = field.containing_oneof
    if oneof is not None and len(oneof.fields) > 1 and rng.random() < 0.5:
        if rng.random() < 0.3:
            message.ClearField(oneof.name)
            return f"{path or '<root>'}: oneof {oneof.name} cleared"
        other = rng.choice([f for f in oneof.fields if f is not field])
        _set_some_value(message, other, rng)
        return f"{path or '<root>'}: oneof {oneof.name} switched to {other.name}"
    if field.has_presence and rng.random() < 0.25:
        message.ClearField(field.name)
        return f"{here}: cleared"
    return _set_some_value(message, field, rng, here)


def _set_some_value(message: Message, field: FieldDescriptor, rng: random.Random, here: str = "") -> str:
    """A new value for a singular field: an edge number, an unknown enum number, a flipped bool, an empty message."""
    here = here or field.name
    if field.type == FieldDescriptor.TYPE_MESSAGE:
        message.ClearField(field.name)
        if rng.random() < 0.5:
            getattr(message, field.name).SetInParent()
            return f"{here}: set empty"
        return f"{here}: dropped"
    value = _scalar(field, rng)
    setattr(message, field.name, value)
    return f"{here} = {value!r}"


def _scalar(field: FieldDescriptor, rng: random.Random) -> int | bool | str | bytes:
    if field.type == FieldDescriptor.TYPE_ENUM:
        assert field.enum_type is not None  # every enum field has its enum type
        known = [v.number for v in field.enum_type.values]
        return rng.choice(UNKNOWN_ENUM_NUMBERS) if rng.random() < 0.5 else rng.choice(known)
    if field.type in _INTEGER_TYPES:
        value = rng.choice(EDGE_INTS)
        if field.type in _INT32_TYPES:
            value = max(INT32_MIN, min(INT32_MAX, value))
        return value
    if field.type == FieldDescriptor.TYPE_BOOL:
        return rng.random() < 0.5
    if field.type == FieldDescriptor.TYPE_STRING:
        return "".join(rng.choice("aZ9 ,\u00e2\U0001f0a1") for _ in range(rng.randrange(12)))
    if field.type == FieldDescriptor.TYPE_BYTES:
        return rng.randbytes(rng.randrange(12))
    # Unsigned and floating types: the rules API has none; zero is a valid value for any of them.
    return 0


def _mutate_repeated(message: Message, field: FieldDescriptor, rng: random.Random, grow_bytes: int, here: str) -> str:
    values = getattr(message, field.name)
    choice = rng.random()
    if len(values) and choice < 0.25:
        index = rng.randrange(len(values))
        del values[index]
        return f"{here}[{index}]: removed"
    if len(values) and choice < 0.35:
        message.ClearField(field.name)
        return f"{here}: emptied"
    if len(values) and choice < 0.6:
        index = rng.randrange(len(values))
        _append_copy(values, field, index)
        return f"{here}[{index}]: duplicated"
    if grow_bytes > 0 and choice < 0.8:
        return _grow(message, field, rng, grow_bytes, here)
    if field.type == FieldDescriptor.TYPE_MESSAGE:
        values.add()
        return f"{here}: empty element appended"
    value = _scalar(field, rng)
    values.append(value)
    return f"{here}: {value!r} appended"


def _append_copy(values: Sequence[object], field: FieldDescriptor, index: int) -> None:
    if field.type == FieldDescriptor.TYPE_MESSAGE:
        values.add().CopyFrom(values[index])  # type: ignore[attr-defined]  # a repeated composite container
    else:
        values.append(values[index])  # type: ignore[attr-defined]  # a repeated scalar container


def _grow(message: Message, field: FieldDescriptor, rng: random.Random, grow_bytes: int, here: str) -> str:
    """Repeat one element (an existing one, or a new one) up to ``grow_bytes`` of wire size, log-uniformly."""
    values = getattr(message, field.name)
    one = type(message)()
    if len(values):
        element = values[rng.randrange(len(values))]
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            getattr(one, field.name).add().CopyFrom(element)
        else:
            getattr(one, field.name).append(element)
    elif field.type == FieldDescriptor.TYPE_MESSAGE:
        getattr(one, field.name).add()
    else:
        getattr(one, field.name).append(_scalar(field, rng))
    # Parsing the same field again appends to it; this is the protobuf merge rule, and it runs in C, so even
    # hundreds of thousands of elements are quick to build.
    encoded = one.SerializeToString()
    most = max(1, grow_bytes // max(1, len(encoded)))
    count = max(1, int(math.exp(rng.uniform(0.0, math.log(most)))))
    message.MergeFromString(encoded * count)
    return f"{here}: grown by {count}"


def _add_unknown_field(message: Message, rng: random.Random, path: str) -> str:
    known = {f.number for f in message.DESCRIPTOR.fields}
    number = rng.choice([n for n in (1, 2, 3, 4, 5, 15, 16, 100, 2047, 2048, 536_870_911) if n not in known])
    wire_type = rng.choice((0, 1, 2, 5))
    payload = {
        0: varint(rng.choice((0, 1, 2**63, 2**64 - 1))),
        1: rng.randbytes(8),
        2: _length_delimited(rng.randbytes(rng.randrange(24))),
        5: rng.randbytes(4),
    }[wire_type]
    message.MergeFromString(varint(number << 3 | wire_type) + payload)
    return f"{path or '<root>'}: unknown field {number} (wire type {wire_type}) added"


def _length_delimited(payload: bytes) -> bytes:
    return varint(len(payload)) + payload


def _hostile_wire(rng: random.Random, grow_bytes: int) -> tuple[bytes, str]:
    """Bytes aimed at the protobuf decoder rather than the rules: deep groups, bad varints, lengths that lie."""
    number = rng.choice((1, 2, 100, 536_870_911))
    shape = rng.randrange(6)
    if shape == 0:
        depth = rng.choice((50, 100, 101, 1000, 100_000))
        closed = rng.random() < 0.5
        payload = varint(number << 3 | 3) * depth + (varint(number << 3 | 4) * depth if closed else b"")
        return payload, f"{depth} nested groups of field {number}" + (" (closed)" if closed else "")
    if shape == 1:
        return varint(number << 3) + b"\xff" * rng.randint(9, 12) + b"\x01", f"overlong varint in field {number}"
    if shape == 2:
        claimed = rng.choice((2**31 - 1, 2**32 - 1, 2**63, 2**64 - 1, 4 * 1024 * 1024))
        return varint(number << 3 | 2) + varint(claimed) + b"\0" * 8, f"field {number} claims {claimed} bytes"
    if shape == 3:
        size = rng.randrange(max(1, grow_bytes))
        return varint(number << 3 | 2) + _length_delimited(b"\0" * size), f"field {number}: {size} zero bytes"
    if shape == 4:
        return bytes([rng.choice((0x00, 0x02, 0x07))]) + rng.randbytes(4), "field number 0"
    return varint(number << 3 | rng.choice((4, 6, 7))), f"wire type 4/6/7 for field {number}"


def edge_sweep(vectors: Sequence[VectorRequest], *, per_field: int = 3) -> Iterator[FuzzInput]:
    """Valid vector requests with one or two numbers changed to extremes, for every such field or pair, in order.

    Where random mutants rarely land: extremes while the rest of the request stays valid, so the rules code runs
    with them. Singly, int64 fields take INT64_MAX, INT64_MIN and ±2**62 (half of either limit: a sum or a double
    of it overflows), int32 fields INT32_MAX and INT32_MIN, enums -1 and 99; then every pair of int64 fields is
    set to INT64_MAX together (a stack and a bet, a stake and a multiplier). Each change (method, field paths,
    value) is tried on the first ``per_field`` valid vectors that hold the fields. Card ranks and suits are left
    to the random mutants: 52 cards per request would multiply the sweep for one well-tested check.
    """
    tried: dict[tuple[str, ...], int] = {}
    for vector in vectors:
        if not vector.valid:
            continue
        numbers = [
            found for found in _number_fields(vector.request, "") if found[2].containing_type is not Card.DESCRIPTOR
        ]
        changes: list[tuple[tuple[_NumberField, ...], int]] = [
            ((found,), value) for found in numbers for value in _extremes(found[2])
        ]
        wide = [found for found in numbers if found[2].type == FieldDescriptor.TYPE_INT64]
        changes += [((first, second), INT64_MAX) for first, second in itertools.combinations(wide, 2)]
        for fields, value in changes:
            key = (vector.rpc.path, *(path for path, *_rest in fields), str(value))
            tried[key] = tried.get(key, 0) + 1
            if tried[key] > per_field:
                continue
            request = vector.rpc.request_type()
            request.CopyFrom(vector.request)
            for _path, steps, field, index in fields:
                holder = _resolve(request, steps)
                if index is None:
                    setattr(holder, field.name, value)
                else:
                    getattr(holder, field.name)[index] = value
            paths = " = ".join(path for path, *_rest in fields)
            yield FuzzInput(vector.rpc, request.SerializeToString(), f"[{vector.source}] {paths} = {value}")


_Step = tuple[str, int | None]  # a field name, and the element's index when the field is repeated


_NumberField = tuple[str, tuple[_Step, ...], FieldDescriptor, int | None]  # path, steps to its message, field, index


def _number_fields(message: Message, prefix: str, steps: tuple[_Step, ...] = ()) -> Iterator[_NumberField]:
    for field in cast(Sequence[FieldDescriptor], message.DESCRIPTOR.fields):
        here = f"{prefix}.{field.name}" if prefix else field.name
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            if field.is_repeated:
                for index, element in enumerate(getattr(message, field.name)):
                    yield from _number_fields(element, f"{here}[{index}]", (*steps, (field.name, index)))
            elif message.HasField(field.name):
                yield from _number_fields(getattr(message, field.name), here, (*steps, (field.name, None)))
        elif field.type in _INTEGER_TYPES or field.type == FieldDescriptor.TYPE_ENUM:
            if field.is_repeated:
                for index in range(len(getattr(message, field.name))):
                    yield f"{here}[{index}]", steps, field, index
            else:
                yield here, steps, field, None


def _resolve(message: Message, steps: tuple[_Step, ...]) -> Message:
    for name, index in steps:
        message = getattr(message, name) if index is None else getattr(message, name)[index]
    return message


def _extremes(field: FieldDescriptor) -> tuple[int, ...]:
    if field.type == FieldDescriptor.TYPE_ENUM:
        return (-1, 99)
    if field.type in _INT32_TYPES:
        return (INT32_MAX, INT32_MIN)
    return (INT64_MAX, INT64_MIN, 2**62, -(2**62))


@dataclass(frozen=True)
class FuzzInput:
    rpc: Rpc
    payload: bytes
    how: str  # how the bytes were made: the generator's steps, enough to rebuild them by hand


def fuzz_inputs(seed: int, vectors: Sequence[VectorRequest], *, grow_bytes: int, max_bytes: int) -> Iterator[FuzzInput]:
    """An endless, deterministic stream of request bytes for every rules RPC in turn.

    About 7 % random bytes, 3 % hostile wire shapes (:func:`_hostile_wire`), 15 % bit flips and 10 % truncations of
    a vector's bytes, 5 % another method's request, and 60 % structure-aware mutants (1–4 :func:`mutate` steps).
    Growing repeated fields adds at most ``grow_bytes`` per step. An input over ``max_bytes`` (the server's message
    limit: a larger request meets RESOURCE_EXHAUSTED before any of the server's code runs) is drawn again.
    """
    rng = random.Random(seed)
    by_rpc: dict[str, list[VectorRequest]] = {rpc.path: [] for rpc in RPCS}
    for vector in vectors:
        by_rpc[vector.rpc.path].append(vector)
    missing = [path for path, found in by_rpc.items() if not found]
    if missing:
        raise ValueError(f"no vector to start from for {missing}")
    index = 0
    while True:
        rpc = RPCS[index % len(RPCS)]
        index += 1
        while True:
            payload, how = _draw(rpc, rng, by_rpc[rpc.path], vectors, grow_bytes)
            if len(payload) <= max_bytes:
                yield FuzzInput(rpc, payload, how)
                break


def _draw(
    rpc: Rpc, rng: random.Random, own: Sequence[VectorRequest], vectors: Sequence[VectorRequest], grow_bytes: int
) -> tuple[bytes, str]:
    kind = rng.random()
    if kind < 0.07:
        payload = rng.randbytes(int(math.exp(rng.uniform(0.0, math.log(512)))) - 1)
        return payload, f"{len(payload)} random bytes"
    if kind < 0.10:
        return _hostile_wire(rng, grow_bytes)
    if kind < 0.35:
        vector = rng.choice(own)
        valid = vector.request.SerializeToString()
        if kind < 0.25 and valid:
            flipped = bytearray(valid)
            bits = sorted(rng.randrange(len(valid) * 8) for _ in range(rng.randint(1, 8)))
            for bit in bits:
                flipped[bit // 8] ^= 1 << (bit % 8)
            return bytes(flipped), f"bits {bits} flipped in [{vector.source}]"
        cut = rng.randrange(len(valid)) if valid else 0
        return valid[:cut], f"first {cut} of {len(valid)} bytes of [{vector.source}]"
    if kind < 0.40:
        other = rng.choice([v for v in vectors if v.rpc is not rpc])
        return other.request.SerializeToString(), f"request of [{other.source}] ({other.rpc.path})"
    vector = rng.choice(own)
    request = rpc.request_type()
    request.CopyFrom(vector.request)
    steps = [mutate(request, rng, grow_bytes=grow_bytes) for _ in range(rng.randint(1, 4))]
    return request.SerializeToString(), f"[{vector.source}] " + "; ".join(steps)
