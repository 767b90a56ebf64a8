"""Proto3 JSON in, messages out, with card text allowed wherever a card or a list of cards goes.

Round records and table states are mostly cards, and proto3 JSON spells each card as
``{"rank": "RANK_ACE", "suit": "SUIT_SPADES"}``. A person writing one by hand may put ``"AS"`` for a ``Card`` and
``"AS KD 10H"`` or ``["AS", "KD", "10H"]`` for a ``Cards`` instead; everything else is plain proto3 JSON, parsed
strictly (an unknown field is an error, not silently dropped).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TypeVar, cast

from google.protobuf import json_format
from google.protobuf.descriptor import Descriptor
from google.protobuf.message import Message

from cardrules.client.cards import CardTextError, card, cards
from cardrules.v1 import cards_pb2

__all__ = ["BadInput", "json_source", "parse_message", "read_json"]

M = TypeVar("M", bound=Message)

_CARD = cards_pb2.Card.DESCRIPTOR.full_name
_CARDS = cards_pb2.Cards.DESCRIPTOR.full_name


class BadInput(Exception):
    """Input the command cannot use (a file that is not JSON, a field that does not parse); exit status 2."""


def read_json(source: str) -> Any:
    """JSON from inline text (starting with ``{``), ``-`` (standard input) or a file path."""
    text = json_source(source)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        where = "the JSON given" if source.lstrip().startswith("{") else source
        raise BadInput(f"{where} is not JSON: {error}") from None


def json_source(source: str) -> str:
    if source.lstrip().startswith("{"):
        return source
    if source == "-":
        return sys.stdin.read()
    try:
        return Path(source).read_text(encoding="utf-8")
    except OSError as error:
        raise BadInput(f"cannot read {source}: {error.strerror or error}") from None


def parse_message(data: Any, message_type: type[M], where: str) -> M:
    """``data`` (decoded JSON) as a ``message_type``; card text is expanded first. ``where`` names it in errors."""
    expanded = _expand(data, cast(Descriptor, message_type.DESCRIPTOR), where, "")
    message = message_type()
    try:
        json_format.ParseDict(expanded, message, ignore_unknown_fields=False)
    except json_format.ParseError as error:
        # The library's message spans lines ("Available Fields: …" on the next one); one line reads better.
        detail = " ".join(line.strip() for line in str(error).splitlines())
        raise BadInput(f"{where} is not a {message_type.DESCRIPTOR.name}: {detail}") from None
    return message


def _expand(value: Any, descriptor: Descriptor, where: str, path: str) -> Any:
    """``value`` with card text replaced by proto3 JSON cards; ``path`` is the JSON path so far (``hands[1]``)."""
    try:
        if descriptor.full_name == _CARD and isinstance(value, str):
            return json_format.MessageToDict(card(value))
        if descriptor.full_name == _CARDS and isinstance(value, str):
            return {"cards": [json_format.MessageToDict(c) for c in cards(value)]}
    except CardTextError as error:
        raise BadInput(f"{where}: {path}: {error}") from None
    if descriptor.full_name == _CARDS and isinstance(value, list):
        # A list where one Cards message goes: its cards, each maybe text ("hand": ["3S", "4S"]).
        card_type = cast(Descriptor, cards_pb2.Card.DESCRIPTOR)
        return {"cards": [_expand(item, card_type, where, f"{path}[{i}]") for i, item in enumerate(value)]}
    if not isinstance(value, dict):
        return value  # not ours to judge: ParseDict reports a wrong shape with the field's name
    fields = {**descriptor.fields_by_name, **{f.json_name: f for f in descriptor.fields}}
    expanded: dict[str, Any] = {}
    for key, item in value.items():
        field = fields.get(key)
        inner = f"{path}.{key}" if path else key
        if field is None or field.message_type is None or field.message_type.GetOptions().map_entry:
            expanded[key] = item
        elif field.is_repeated and isinstance(item, list):
            expanded[key] = [_expand(x, field.message_type, where, f"{inner}[{i}]") for i, x in enumerate(item)]
        else:
            expanded[key] = _expand(item, field.message_type, where, inner)
    return expanded
