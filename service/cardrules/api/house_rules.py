"""House-rule messages → the mapping each core's ``HouseRules.from_mapping`` validates.

Unset fields mean the documented defaults: proto3 presence (``optional``) for numbers and booleans, the
``*_UNSPECIFIED`` value for enums. An unknown enum number or an unknown field (a client built from a newer
contract) is bad input, never silently ignored.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, Generic, TypeVar

from google.protobuf.descriptor import EnumDescriptor, FieldDescriptor
from google.protobuf.message import Message
from google.protobuf.unknown_fields import UnknownFieldSet

from cardrules.core.errors import ErrorReason, FieldViolation, InvalidInput

Rules = TypeVar("Rules")


def enum_name(descriptor: EnumDescriptor, number: int, field: str) -> str:
    """The core's name for a contract enum value: ``SAM_CHOP_CHAIN_DOUBLE`` → ``DOUBLE``. The zero value names
    nothing (``MISSING_VALUE``); a number the contract does not define is ``UNKNOWN_ENUM_VALUE``."""
    value = descriptor.values_by_number.get(number)
    if value is None or number == 0:
        names = ", ".join(v.name for v in descriptor.values if v.number)
        reason = ErrorReason.MISSING_VALUE if number == 0 else ErrorReason.UNKNOWN_ENUM_VALUE
        raise InvalidInput.one(field, reason, f"must be one of {names}, got {number}")
    return str(value.name).removeprefix(enum_prefix(descriptor))


def enum_prefix(descriptor: EnumDescriptor) -> str:
    """``SAM_CHOP_CHAIN_`` for ``SamChopChain`` (the zero value's name without ``UNSPECIFIED``)."""
    return str(descriptor.values_by_number[0].name).removesuffix("UNSPECIFIED")


def enum_numbers(descriptor: EnumDescriptor, members: Iterable[enum.Enum]) -> dict[Any, Any]:
    """``{core member: contract number}`` for every member the contract names (built once, at import): a dict
    lookup per value instead of building the contract's name each time. A member the contract does not name
    raises ``KeyError`` on lookup."""
    prefix = enum_prefix(descriptor)
    by_name = descriptor.values_by_name
    return {m: by_name[prefix + m.name].number for m in members if prefix + m.name in by_name}


def rules_mapping(message: Message, field: str = "house_rules") -> dict[str, Any]:
    """The switches a house-rules message sets, as ``{name: value}`` with enums by their core names."""
    unknown = UnknownFieldSet(message)
    if len(unknown):
        numbers = ", ".join(str(unknown[i].field_number) for i in range(len(unknown)))
        raise InvalidInput.one(field, ErrorReason.UNKNOWN_FIELD, f"unknown house-rule field number(s) {numbers}")
    values: dict[str, Any] = {}
    problems: list[FieldViolation] = []
    for descriptor, value in message.ListFields():
        path = f"{field}.{descriptor.name}"
        try:
            values[descriptor.name] = _value(descriptor, value, path)
        except InvalidInput as error:
            problems.extend(error.violations)
    if problems:
        raise InvalidInput(*problems)
    return values


def _value(descriptor: FieldDescriptor, value: Any, path: str) -> Any:
    if descriptor.enum_type is not None:
        return enum_name(descriptor.enum_type, value, path)
    if descriptor.message_type is not None:
        # A set of enum values, like SamInstantWinSet: its one repeated enum field, by core names.
        (inner,) = descriptor.message_type.fields
        assert inner.enum_type is not None
        return [
            enum_name(inner.enum_type, v, f"{path}.{inner.name}[{i}]") for i, v in enumerate(getattr(value, inner.name))
        ]
    return value


class RulesReader(Generic[Rules]):
    """Reads one game's house-rules message into its core ``HouseRules``, caching each distinct set.

    Tables send the same few house rules over and over: each distinct serialized set is parsed and validated once.
    """

    def __init__(self, message_class: type[Message], from_mapping: Callable[[dict[str, Any], str], Rules]) -> None:
        self._message_class = message_class
        self._from_mapping = from_mapping
        self._cached = lru_cache(maxsize=256)(self._read)
        self._max_bytes = len(widest(message_class()).SerializeToString())

    def of(self, parent: Any, field: str = "house_rules") -> Rules:
        """The house rules of a message with a ``house_rules`` field at path ``field``; unset = the defaults,
        answered without serializing anything."""
        if not parent.HasField("house_rules"):
            return self._cached(b"", "house_rules")  # no switch set: cannot fail, whatever the field's path
        return self.parse(parent.house_rules, field)

    def parse(self, message: Message, field: str = "house_rules") -> Rules:
        """The house rules of ``message``; its repeated fields were bounded by :func:`check_bounds` already.

        The cache is keyed by the serialized switches, so a message larger than any set of known switches can
        be (it carries unknown fields: megabytes of them, perhaps) is rejected from its size, computed in C,
        before it is serialized or parsed field by field.
        """
        if message.ByteSize() > self._max_bytes:
            raise InvalidInput.one(field, ErrorReason.UNKNOWN_FIELD, "holds fields that are not house-rule switches")
        return self._cached(message.SerializeToString(deterministic=True), field)

    def _read(self, serialized: bytes, field: str) -> Rules:
        return self._from_mapping(rules_mapping(self._message_class.FromString(serialized), field), field)


_WIDEST_REPEATS = 5  # SamInstantWinSet.kinds: at most the five kinds (cardrules.api.sam.bounds)


def widest(message: Message) -> Message:
    """``message`` with every switch set to its widest wire form: each number and enum -1 (a 10-byte varint),
    each bool true, each set holding :data:`_WIDEST_REPEATS` such values. Its size is the most a house-rules
    message without unknown fields can serialize to."""
    for field in message.DESCRIPTOR.fields:
        if field.message_type is not None:
            widest(getattr(message, field.name))
        elif field.is_repeated:
            getattr(message, field.name).extend([-1] * _WIDEST_REPEATS)
        elif field.type == FieldDescriptor.TYPE_BOOL:
            setattr(message, field.name, True)
        else:
            setattr(message, field.name, -1)
    return message
