"""The proto3 JSON mapping of the rules' requests and responses, read strictly: what the JSON gateway speaks.

Requests: a field the message does not have is refused, not dropped (Envoy's transcoder drops it, so a misspelt
house-rule switch would silently change the game). Every problem is an :class:`InvalidInput` naming its field in
the request's proto field path (``house_rules.chopPenaltyy``, ``hands[1].cards[0].rank``), like every other bad
input. Both spellings of a field name are accepted, as the mapping says (``houseRules`` and ``house_rules``), but
not both at once; an enum is its value name or an int32 number; cards may be card text (api/json_cards.py: text
that is not a card is named at the card, and readable text becomes the card objects before ``json_format`` reads
the body). Otherwise ``json_format`` reads the values: this is the plain path, and the reference json_fast must
agree with. The gateway loads a body once (:func:`load`) and holds its lists to their bounds (api/json_bounds.py)
before either path reads it.

Responses: the form the transcoder printed and the SDKs read: lowerCamelCase names, enum value names, int64 as
decimal strings, every field without presence printed even at its default (``"legal": false``, ``"events": []``),
compact UTF-8.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, TypeVar, cast

from google.protobuf import json_format
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass

from cardrules.api.json_cards import CARD, CARDS, bad_pieces, canonical_card, card_fields, card_problem, cards_fields
from cardrules.core.errors import ErrorReason, Faults, FieldViolation

M = TypeVar("M", bound=Message)


class MalformedJson(ValueError):
    """The body is not a JSON object at all: there is no field to name (like undecodable protobuf bytes)."""


# The key under which the JSON reader lists the names an object repeats: no JSON key can equal it.
_DUPLICATES: Final = object()


def _object(pairs: list[tuple[str, Any]]) -> dict[Any, Any]:
    # JSON allows a repeated key and json.loads keeps the last; a request must say what it means once. A key
    # written twice is kept aside here for the walk to name; both spellings of one name (houseRules, house_rules,
    # which json_format would merge) are named by the walk itself. This runs for every JSON object of every body.
    out: dict[Any, Any] = dict(pairs)
    if len(out) != len(pairs):
        repeated: list[str] = []
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                repeated.append(key)
            seen.add(key)
        out[_DUPLICATES] = repeated
    return out


def load(data: bytes) -> dict[Any, Any]:
    """The body as a JSON object (repeated keys kept aside for :func:`violations` to name)."""
    try:
        js = json.loads(data, object_pairs_hook=_object)
    except (ValueError, RecursionError) as error:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise MalformedJson(f"the request body is not valid JSON: {str(error)[:200]}") from None
    if not isinstance(js, dict):
        raise MalformedJson("the request body must be a JSON object")
    return js


def parse_request(data: bytes, message_class: type[M]) -> M:
    """``data`` as a ``message_class`` by the proto3 JSON mapping; unknown fields and bad values are InvalidInput."""
    return read(load(data), message_class)


def read(js: dict[Any, Any], message_class: type[M]) -> M:
    """A loaded body (:func:`load`) as a ``message_class``; unknown fields and bad values are InvalidInput."""
    message = message_class()
    descriptor = cast(Descriptor, message.DESCRIPTOR)
    # The walk names only what json_format refuses too (and repeated keys), so it goes first: a refused request
    # costs one walk, not a full parse that stops at its first problem and then the walk.
    found = violations(js, descriptor)
    found.check()
    if found.card_text:
        js = _canonical(js, descriptor)
    try:
        json_format.ParseDict(js, message, ignore_unknown_fields=False)
    except (json_format.ParseError, ValueError, TypeError) as error:  # ValueError: e.g. a lone surrogate
        # json_format refused something the walk does not know: still the caller's JSON.
        raise MalformedJson(f"the request body does not match {message.DESCRIPTOR.full_name}: {error}") from None
    return message


def response_json(message: Message) -> bytes:
    """The response as the transcoder printed it (see the module's docstring)."""
    js = json_format.MessageToDict(message, always_print_fields_with_no_presence=True)
    return json.dumps(js, ensure_ascii=False, separators=(",", ":")).encode()


# --- naming the fields of a refused request --------------------------------------------------------------------


class WalkFaults(Faults):
    """What a walk found (the core's :class:`~cardrules.core.errors.Faults`: the first in full, the rest counted),
    and whether some cards were given as text or a list (api/json_cards.py), to be read as their objects."""

    __slots__ = ("card_text",)

    def __init__(self) -> None:
        super().__init__()
        self.card_text = False


def violations(js: Any, descriptor: Descriptor) -> WalkFaults:
    """Every problem of the JSON object ``js`` as a ``descriptor`` message, each at its proto field path: only
    what json_format refuses as well (an unknown field, a value it cannot read, two members of a oneof), a field
    given twice (json_format would merge the two) and an enum neither a value name nor an int32."""
    found = WalkFaults()
    _walk(js, descriptor, None, found)
    return found


# A path is built only for a violation: (parent, segment) links, a segment a field name or a list index.
FieldPath = tuple["FieldPath", str | int] | None


_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _key(key: str) -> str:
    """A key the contract does not have, as a path segment: as written when it looks like a field name, else as
    a JSON string in ASCII (an empty key, a dot, a lone surrogate that no protobuf string may hold)."""
    return key if _PLAIN_KEY.fullmatch(key) else json.dumps(key)


def _render(path: FieldPath, name: str | int | None = None) -> str:
    segments: list[str | int] = [] if name is None else [name]
    while path is not None:
        path, segment = path
        segments.append(segment)
    text = ""
    for segment in reversed(segments):
        text += f"[{segment}]" if isinstance(segment, int) else (f".{segment}" if text else segment)
    return text


def _walk(js: Any, descriptor: Descriptor, path: FieldPath, found: WalkFaults) -> None:
    if descriptor.full_name in _CARD_MESSAGES and not isinstance(js, dict):
        _card_text(js, descriptor, path, found)
        return
    if not isinstance(js, dict):
        if found.building():
            problem = f"expected a JSON object ({descriptor.name}), got {_kind(js)}"
            found.add(FieldViolation(_render(path), ErrorReason.INVALID_VALUE, problem))
        return
    fields = _fields(descriptor)
    oneofs: dict[str, str] = {}  # oneof name -> the proto name of the member set
    given: set[str] = set()  # the proto names of the fields given so far, under either spelling
    for key, value in js.items():
        if key is _DUPLICATES:
            for name in value:
                known = fields.get(name)
                if found.building():
                    named = _render(path, _key(name) if known is None else known.name)
                    found.add(
                        FieldViolation(named, ErrorReason.DUPLICATE_FIELD, f"{name!r} names a field given before")
                    )
            continue
        field = fields.get(key)
        if field is None:
            if found.building():
                problem = f"{descriptor.name} has no field {key!r}"
                found.add(FieldViolation(_render(path, _key(key)), ErrorReason.UNKNOWN_FIELD, problem))
            continue
        if field.name in given and found.building():
            problem = f"{key!r} names a field given before"
            found.add(FieldViolation(_render(path, field.name), ErrorReason.DUPLICATE_FIELD, problem))
        given.add(field.name)
        if value is None:  # null means the default, for any field
            continue
        if field.oneof is not None:
            if field.oneof in oneofs:
                if found.building():
                    problem = f"only one of {field.oneof} may be set, and {oneofs[field.oneof]} is"
                    found.add(FieldViolation(_render(path, field.name), ErrorReason.DUPLICATE_FIELD, problem))
                continue
            oneofs[field.oneof] = field.name
        where = (path, field.name)
        if not field.repeated:
            _check(field, value, where, found)
        elif not isinstance(value, list):
            if found.building():
                problem = f"expected a JSON array, got {_kind(value)}"
                found.add(FieldViolation(_render(where), ErrorReason.INVALID_VALUE, problem))
        else:
            for i, item in enumerate(value):
                _check(field, item, (where, i), found)


_CARD_MESSAGES = {CARDS, CARD}


def _card_text(js: Any, descriptor: Descriptor, path: FieldPath, found: WalkFaults) -> None:
    """A ``Cards`` given as card text or as a list of cards, a ``Card`` as its text (api/json_cards.py)."""
    cards = (path, "cards")
    if descriptor.full_name == CARDS and type(js) is list:
        found.card_text = True  # (a list of card objects only, too: the list is read as a Cards object)
        card = _fields(descriptor)["cards"].message
        assert card is not None  # Cards.cards holds Card messages
        for i, item in enumerate(js):
            _walk(item, card, (cards, i), found)
        return
    if type(js) is not str:
        if found.building():
            kinds = "a list of cards, card text" if descriptor.full_name == CARDS else "card text"
            problem = f"expected {kinds} or a JSON object ({descriptor.name}), got {_kind(js)}"
            found.add(FieldViolation(_render(path), ErrorReason.INVALID_VALUE, problem))
        return
    found.card_text = True
    bad: list[tuple[FieldPath, str]]
    if descriptor.full_name == CARD:
        bad = [] if card_fields(js) is not None else [(path, js)]
    else:
        bad = [((cards, i), piece) for i, piece in bad_pieces(js)]
    for where, piece in bad:
        if found.building():  # (the words only for the faults an error lists: the rest are counted)
            words = card_problem(piece)
            assert words is not None  # not a card
            found.add(FieldViolation(_render(where), ErrorReason.MALFORMED_CARD, words))


def _canonical(js: Any, descriptor: Descriptor) -> Any:
    """The body with every card text replaced by its cards' objects (the walk found every text readable)."""
    if descriptor.full_name == CARDS and type(js) is not dict:
        items = cards_fields(js) if type(js) is str else [canonical_card(item) for item in js]
        return {"cards": items}
    if descriptor.full_name == CARD:
        return canonical_card(js)
    if type(js) is not dict:
        return js
    fields = _fields(descriptor)
    out: dict[Any, Any] = {}
    for key, value in js.items():
        field = fields.get(key)
        if field is None or field.message is None or value is None:
            out[key] = value
        elif field.repeated:
            out[key] = [_canonical(item, field.message) for item in value]
        else:
            out[key] = _canonical(value, field.message)
    return out


def _check(field: _Field, value: Any, where: FieldPath, found: WalkFaults) -> None:
    """One value (a list's element for a repeated field)."""
    if field.message is not None:
        _walk(value, field.message, where, found)
    elif field.enum_names is not None:
        if type(value) is str:
            if value not in field.enum_names and found.building():  # (counts the fault when not built)
                problem = f"{value!r} is not a value of {field.descriptor.enum_type.name}"  # type: ignore[union-attr]
                found.add(FieldViolation(_render(where), ErrorReason.UNKNOWN_ENUM_VALUE, problem))
        elif not _enum_number(field, value) and found.building():
            problem = f"expected {_expected(field.descriptor)}, got {_kind(value)}"
            found.add(FieldViolation(_render(where), ErrorReason.INVALID_VALUE, problem))
    elif field.descriptor.type == FieldDescriptor.TYPE_BYTES:
        if base64_bytes(value) is None and found.building():
            problem = f"expected base64 text (standard or URL-safe alphabet), got {_kind(value)}"
            found.add(FieldViolation(_render(where), ErrorReason.INVALID_VALUE, problem))
    elif (
        value is None
        or not (
            _usual(field.descriptor, value)
            or (not _surely_refused(field.descriptor, value) and _accepted(field.descriptor, value))
        )
    ) and found.building():
        problem = f"expected {_expected(field.descriptor)}, got {_kind(value)}"
        found.add(FieldViolation(_render(where), ErrorReason.INVALID_VALUE, problem))


# json_format reads bytes with a lenient decoder that drops characters outside the alphabet, so "seed!" would
# silently become other bytes: only whole base64 text is read, padded or not, in either alphabet.
_BASE64 = re.compile(r"(?:[A-Za-z0-9+/]*|[A-Za-z0-9_-]*)={0,2}")


def base64_bytes(text: Any) -> bytes | None:
    """The bytes of a JSON ``bytes`` value (base64 text, standard or URL-safe alphabet, padded or not), or None when
    it is not whole base64 text."""
    if type(text) is not str or _BASE64.fullmatch(text) is None:
        return None
    unpadded = text.rstrip("=")
    if len(unpadded) % 4 == 1 or (len(unpadded) != len(text) and len(text) % 4):
        return None
    return base64.urlsafe_b64decode(unpadded + "=" * (-len(unpadded) % 4))


_INT_RANGES = {
    FieldDescriptor.CPPTYPE_INT32: (-(2**31), 2**31 - 1),
    FieldDescriptor.CPPTYPE_INT64: (-(2**63), 2**63 - 1),
    FieldDescriptor.CPPTYPE_UINT32: (0, 2**32 - 1),
    FieldDescriptor.CPPTYPE_UINT64: (0, 2**64 - 1),
}


def _usual(field: FieldDescriptor, value: Any) -> bool:
    """A value json_format surely reads (an integer in range, a bool, a string): no need to ask it. Anything
    else is asked (:func:`_accepted`)."""
    bounds = _INT_RANGES.get(field.cpp_type)
    if bounds is not None:
        return type(value) is int and bounds[0] <= value <= bounds[1]
    if field.cpp_type == FieldDescriptor.CPPTYPE_BOOL:
        return type(value) is bool
    return field.cpp_type == FieldDescriptor.CPPTYPE_STRING and type(value) is str


def _enum_number(field: _Field, value: Any) -> bool:
    """An enum is given by its value name or by its number: an integer, any int32 for an open enum, a known one
    for a closed enum. Stricter than json_format, which reads 1.5 or true as 1 and lets a number beyond int32 in."""
    if type(value) is not int or not -(2**31) <= value < 2**31:
        return False
    return field.enum_numbers is None or value in field.enum_numbers


def _surely_refused(field: FieldDescriptor, value: Any) -> bool:
    """A value json_format surely refuses: an object or array for a scalar, a bool for a number, a number with a
    fraction for an integer."""
    if isinstance(value, dict | list):
        return True
    if field.cpp_type in _INT_RANGES:
        return type(value) is bool or (type(value) is float and not value.is_integer())
    return False


def _accepted(field: FieldDescriptor, value: Any) -> bool:
    """Whether json_format itself reads ``value`` for this one field (so the walk never disagrees with it)."""
    assert field.containing_type is not None  # a field of a message
    probe = GetMessageClass(field.containing_type)()
    item = [value] if field.is_repeated else value
    try:
        json_format.ParseDict({field.json_name: item}, probe, ignore_unknown_fields=False)
    except (json_format.ParseError, ValueError, TypeError):
        return False
    return True


_EXPECTED = {
    FieldDescriptor.CPPTYPE_INT32: "an integer from -2147483648 to 2147483647 (a JSON number or decimal string)",
    FieldDescriptor.CPPTYPE_INT64: "an integer of 64 bits (a JSON number or decimal string)",
    FieldDescriptor.CPPTYPE_UINT32: "an integer from 0 to 4294967295 (a JSON number or decimal string)",
    FieldDescriptor.CPPTYPE_UINT64: "an unsigned integer of 64 bits (a JSON number or decimal string)",
    FieldDescriptor.CPPTYPE_BOOL: "true or false",
    FieldDescriptor.CPPTYPE_STRING: "a JSON string",
    FieldDescriptor.CPPTYPE_DOUBLE: "a JSON number",
    FieldDescriptor.CPPTYPE_FLOAT: "a JSON number",
}


def _expected(field: FieldDescriptor) -> str:
    if field.enum_type is not None:
        return f"a {field.enum_type.name} value name"
    return _EXPECTED.get(field.cpp_type, "a value of its type")


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "an array"
    return repr(value)[:40]


def _is_synthetic(field: FieldDescriptor) -> bool:
    """A proto3 ``optional`` field sits alone in a synthetic oneof: not a real choice between fields."""
    oneof = field.containing_oneof
    return oneof is not None and len(oneof.fields) == 1 and oneof.name == f"_{field.name}"


@dataclass(frozen=True)
class _Field:
    """What the walk needs of a field, read from its descriptor once."""

    descriptor: FieldDescriptor
    name: str
    repeated: bool
    message: Descriptor | None
    enum_names: frozenset[str] | None
    enum_numbers: frozenset[int] | None  # a closed enum's numbers; None: any int32
    oneof: str | None  # the real oneof it belongs to


def _field(field: FieldDescriptor) -> _Field:
    enum = field.enum_type
    oneof = field.containing_oneof
    return _Field(
        descriptor=field,
        name=field.name,
        repeated=field.is_repeated,
        message=field.message_type,
        enum_names=None if enum is None else frozenset(enum.values_by_name),
        enum_numbers=frozenset(enum.values_by_number) if enum is not None and enum.is_closed else None,
        oneof=oneof.name if oneof is not None and not _is_synthetic(field) else None,
    )


_FIELDS: dict[str, Mapping[str, _Field]] = {}


def _fields(descriptor: Descriptor) -> Mapping[str, _Field]:
    """A message's fields by both accepted names (lowerCamelCase json_name and the proto name)."""
    fields = _FIELDS.get(descriptor.full_name)
    if fields is None:
        read = [_field(field) for field in descriptor.fields]
        fields = {field.descriptor.json_name: field for field in read} | {field.name: field for field in read}
        _FIELDS[descriptor.full_name] = fields
    return fields
