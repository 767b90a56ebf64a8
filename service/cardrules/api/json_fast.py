"""A faster reading and printing of the JSON gateway's requests and responses (same answers as json_mapping).

``google.protobuf.json_format`` is pure Python: parsing the largest legal request (ScoreLieng, 1000 hands, ~140 KB
of JSON) and printing its response took more than the CPU a call may cost (docs/limits.md). Here ``json.loads``
(C) reads the body, one walk driven by the message descriptors checks every key and value and renames the keys to
proto names, and the message constructor (C) builds the message from the nested dicts; responses are printed by a
walk over a per-message plan in declaration order (the transcoder's order).

Only well-formed requests are read here, and only in their usual spelling (known fields, enum values by name or
number, integers as JSON integers or decimal strings, cards as objects or readable card text, no nulls): anything
else gives up (None) and json_mapping
reads the body, so every refusal and every unusual spelling is json_mapping's. Both paths read the same message
from every vector and from generated requests (tests/api/test_json_fast.py) and print the same JSON for every
vector's response (tests/e2e/test_json_gateway.py).
"""

from __future__ import annotations

import base64
import itertools
import json
import operator
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from cardrules.api.json_cards import CARD, CARDS, card_fields, cards_fields
from cardrules.api.json_mapping import MalformedJson, base64_bytes, load

M = TypeVar("M", bound=Message)

_C = FieldDescriptor
_RANGES = {
    _C.CPPTYPE_INT32: (-(2**31), 2**31 - 1),
    _C.CPPTYPE_INT64: (-(2**63), 2**63 - 1),
    _C.CPPTYPE_UINT32: (0, 2**32 - 1),
    _C.CPPTYPE_UINT64: (0, 2**64 - 1),
}
_DECIMAL = re.compile(r"-?[0-9]{1,20}")


class _GiveUp(Exception):
    """Not the usual spelling: json_mapping decides."""


Convert = Callable[[Any], Any]


@dataclass(frozen=True)
class _Plan:
    """How to read one message type: its fields by both accepted JSON names, as (proto name, converter)."""

    fields: dict[str, tuple[str, Convert]]
    oneofs: dict[str, str]  # proto name of a member of a real oneof -> the oneof's name
    # A message of singular enum fields only, named alike in both spellings (a card: rank, suit): each field's
    # value names. An object of those names only is already what the constructor takes: no copy is made.
    enum_names: dict[str, frozenset[str]] | None


_PLANS: dict[str, _Plan] = {}


def parse_request(data: bytes, message_class: type[M]) -> M | None:
    """The request when the body is a well-formed request in the usual spelling, else None."""
    try:
        js = load(data)
    except MalformedJson:
        return None
    return read(js, message_class)


def read(js: dict[Any, Any], message_class: type[M]) -> M | None:
    """The request when the loaded body (json_mapping.load: a repeated key is kept aside under a key no field has,
    so it gives up here) is a well-formed request in the usual spelling, else None."""
    try:
        return message_class(**_read(js, _plan(cast(Descriptor, message_class.DESCRIPTOR))))
    except (_GiveUp, ValueError, TypeError, RecursionError):  # ValueError: e.g. a lone surrogate
        return None


def _read(js: Any, plan: _Plan) -> dict[str, Any]:
    if type(js) is not dict:
        raise _GiveUp
    if plan.enum_names is not None:
        enum_names = plan.enum_names
        for key, value in js.items():
            names = enum_names.get(key)
            if names is None or value not in names:  # (an unhashable value raises TypeError: give up)
                break
        else:
            return js
    out: dict[str, Any] = {}
    fields = plan.fields
    for key, value in js.items():
        found = fields.get(key)
        if found is None:
            raise _GiveUp
        name, convert = found
        if name in out:
            raise _GiveUp
        out[name] = convert(value)
    if plan.oneofs:
        chosen = [plan.oneofs[name] for name in out if name in plan.oneofs]
        if len(chosen) != len(set(chosen)):
            raise _GiveUp
    return out


def _plan(descriptor: Descriptor) -> _Plan:
    plan = _PLANS.get(descriptor.full_name)
    if plan is None:
        fields: dict[str, tuple[str, Convert]] = {}
        oneofs: dict[str, str] = {}
        for field in descriptor.fields:
            convert = _converter(field)
            fields[field.json_name] = fields[field.name] = (field.name, convert)
            oneof = field.containing_oneof
            if oneof is not None and not (len(oneof.fields) == 1 and oneof.name == f"_{field.name}"):
                oneofs[field.name] = oneof.name
        enum_names = {
            field.name: frozenset(field.enum_type.values_by_name)
            for field in descriptor.fields
            if field.enum_type is not None and not field.is_repeated and field.json_name == field.name
        }
        alike = len(enum_names) == len(descriptor.fields) > 0
        plan = _PLANS[descriptor.full_name] = _Plan(fields, oneofs, enum_names if alike else None)
    return plan


def _converter(field: FieldDescriptor) -> Convert:
    single = _single_converter(field)
    if not field.is_repeated:
        return single

    def repeated(value: Any) -> list[Any]:
        if type(value) is not list:
            raise _GiveUp
        return [single(item) for item in value]

    return repeated


def _single_converter(field: FieldDescriptor) -> Convert:
    if field.message_type is not None:
        sub = field.message_type

        def message(value: Any) -> Any:
            return _read(value, _plan(sub))

        if sub.full_name == CARD:
            return _card(message)
        if sub.full_name == CARDS:
            return _cards(message, _single_converter(sub.fields_by_name["cards"]), sub)
        return message
    if field.enum_type is not None:
        names = frozenset(field.enum_type.values_by_name)
        # By number too, as the mapping allows: any int32 for an open (proto3) enum, else a known one.
        numbers = None if not field.enum_type.is_closed else frozenset(field.enum_type.values_by_number)
        low, high = _RANGES[_C.CPPTYPE_INT32]

        def enum(value: Any) -> Any:
            if type(value) is str and value in names:
                return value
            if type(value) is int and low <= value <= high and (numbers is None or value in numbers):
                return value
            raise _GiveUp

        return enum
    if field.cpp_type in _RANGES:
        low, high = _RANGES[field.cpp_type]

        def integer(value: Any) -> int:
            if type(value) is str and _DECIMAL.fullmatch(value):
                value = int(value)
            if type(value) is not int or not low <= value <= high:
                raise _GiveUp
            return value

        return integer
    if field.type == _C.TYPE_BYTES:

        def data(value: Any) -> bytes:
            decoded = base64_bytes(value)
            if decoded is None:
                raise _GiveUp
            return decoded

        return data
    kind = {_C.CPPTYPE_BOOL: bool, _C.CPPTYPE_STRING: str}.get(field.cpp_type)

    def plain(value: Any) -> Any:
        if kind is None or type(value) is not kind:
            raise _GiveUp
        return value

    return plain


def _card(message: Convert) -> Convert:
    """A ``Card``: its object, or its text (api/json_cards.py)."""

    def card(value: Any) -> Any:
        if type(value) is str:
            fields = card_fields(value)
            if fields is None:
                raise _GiveUp
            return fields
        return message(value)

    return card


def _cards(message: Convert, card: Convert, descriptor: Descriptor) -> Convert:
    """A ``Cards``: its object, card text, or a list of cards (api/json_cards.py)."""
    card_type = descriptor.fields_by_name["cards"].message_type
    assert card_type is not None  # Cards.cards holds Card messages
    named = _named_cards(card_type)

    def cards(value: Any) -> Any:
        kind = type(value)
        if kind is dict:
            items = value.get("cards")
            if len(value) == 1 and type(items) is list and named(items):
                return value
            return message(value)
        if kind is str:
            fields = cards_fields(value)
            if fields is None:
                raise _GiveUp
            return {"cards": fields}
        if kind is list:
            return {"cards": value if named(value) else [card(item) for item in value]}
        raise _GiveUp

    return cards


def _named_cards(card: Descriptor) -> Callable[[list[Any]], bool]:
    """Whether every item of a list is a card object of a rank name and a suit name (``{"rank": "RANK_ACE",
    "suit": "SUIT_CLUBS"}``, the usual spelling and already what the constructor takes), checked in a few C calls
    per list rather than a Python call per card: that was a third of reading a body of 1,000 hands."""
    rank, suit = card.fields_by_name["rank"].enum_type, card.fields_by_name["suit"].enum_type
    assert rank is not None and suit is not None and len(card.fields) == 2  # the two keys a card object may have
    names = frozenset(itertools.product(rank.values_by_name, suit.values_by_name))
    rank_and_suit = operator.itemgetter("rank", "suit")

    def named(items: list[Any]) -> bool:
        try:  # a dict of 2 keys holding "rank" and "suit" holds nothing else
            return set(map(len, items)) <= {2} and set(map(rank_and_suit, items)) <= names
        except (KeyError, TypeError):  # a key missing; a text, number or list; an unhashable value
            return False

    return named


# --- responses --------------------------------------------------------------------------------------------------


Print = Callable[[Any], Any]
_PRINTERS: dict[str, list[tuple[str, str, bool, Print | None]]] = {}


def response_json(message: Message) -> bytes:
    """What json_mapping.response_json prints, in the message's declaration order."""
    js = _dict(message, cast(Descriptor, message.DESCRIPTOR))
    return json.dumps(js, ensure_ascii=False, separators=(",", ":")).encode()


def _dict(message: Any, descriptor: Descriptor) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, json_name, has_presence, convert in _printer(descriptor):
        if has_presence and not message.HasField(name):
            continue
        value = getattr(message, name)
        out[json_name] = value if convert is None else convert(value)
    return out


def _printer(descriptor: Descriptor) -> list[tuple[str, str, bool, Print | None]]:
    printer = _PRINTERS.get(descriptor.full_name)
    if printer is None:
        printer = _PRINTERS[descriptor.full_name] = [
            (field.name, field.json_name, field.has_presence and not field.is_repeated, _field_printer(field))
            for field in descriptor.fields
        ]
    return printer


def _field_printer(field: FieldDescriptor) -> Print | None:
    single = _single_printer(field)
    if not field.is_repeated:
        return single
    if single is None:
        return list
    return lambda values: [single(value) for value in values]


def _single_printer(field: FieldDescriptor) -> Print | None:
    if field.message_type is not None:
        sub = field.message_type
        return lambda value: _dict(value, sub)
    if field.enum_type is not None:
        names = {number: value.name for number, value in field.enum_type.values_by_number.items()}
        return lambda number: names.get(number, number)  # a number without a name prints as the number
    if field.cpp_type in (_C.CPPTYPE_INT64, _C.CPPTYPE_UINT64):
        return str
    if field.type == _C.TYPE_BYTES:
        return _base64
    return None


def _base64(value: bytes) -> str:
    return base64.b64encode(value).decode("ascii")  # as json_format prints bytes: standard alphabet, padded
