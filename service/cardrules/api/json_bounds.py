"""The bounds of api/limits.py checked on a JSON body's lists, before any field is read or any message is built.

``json.loads`` (C) turns a body into dicts and lists quickly, and Envoy lets at most 255 KiB through; reading those
into a message costs a Python step per JSON object more, and building it more again, so 20,000 empty hands in
260 KB cost more CPU than a call may before ScoreLieng's own bound (1,000 hands) refused them. The gateway
therefore compares the lengths of the lists at each bound's path first (under either spelling of each field name),
and a list over its bound is refused at once with the words :func:`cardrules.api.limits.check_bounds` uses. Outer
lists come first, and the elements of a list over its bound are not looked at. A ``Cards`` message given as card
text (``"AC AD AH"``, api/json_cards.py) or as a list of cards counts its cards.

The limit checked here is the bound's own, the most any request may hold: a tighter limit read from the request (Sâm
``round.actions`` by seat count) is left to ``check_bounds`` once the message is built, which costs little within
the outer limit. A value that is not a list where one goes is left to the reading, which names it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, cast

from google.protobuf.descriptor import Descriptor
from google.protobuf.message import Message

from cardrules.api.json_cards import CARDS, count_cards
from cardrules.api.limits import BOUNDS, Bound
from cardrules.core.errors import FieldViolation, InvalidInput


@dataclass(frozen=True)
class _Step:
    name: str  # the proto name, as the violation names it
    keys: tuple[str, ...]  # the JSON keys that spell it (lowerCamelCase and the proto name)


@dataclass(frozen=True)
class _Check:
    bound: Bound
    outer: tuple[_Step, ...]  # from the request to the list (to the repeated field holding the elements for [])
    inner: tuple[_Step, ...]  # inside each element, to the list; () when the path has no []
    cards: bool  # the list is a Cards message's cards, so that message may itself be card text or a list


def check(js: dict[Any, Any], message_class: type[Message]) -> None:
    """Raise :class:`InvalidInput` naming each list of the JSON object ``js`` over its bound."""
    checks = _CHECKS.get(message_class)
    if checks is None:
        checks = _CHECKS[message_class] = _checks(message_class)
    problems: list[FieldViolation] = []
    over: list[str] = []  # bounds found exceeded: the lists inside their elements are not looked at
    for item in checks:
        path = item.bound.path
        if any(path.startswith(f"{done}[]") for done in over):
            continue
        for field, count in _lengths(js, item):
            if count > item.bound.limit:
                problems.append(item.bound.excess(field, count))
                over.append(path)
    if problems:
        raise InvalidInput(*problems)


def _lengths(js: dict[Any, Any], item: _Check) -> list[tuple[str, int]]:
    """(field path, length) of the lists at the check's path that may be over its limit (every one, but for the
    usual shape of a list's elements, read in C calls and let through when none is)."""
    if not item.inner:
        return _lists(_nodes([("", js)], item.outer[:-1]), item.outer[-1], item.cards)
    out = []
    for where, value in _nodes([("", js)], item.outer):
        if type(value) is not list or _all_within(value, item):
            continue
        elements = [(f"{where}[{i}]", element) for i, element in enumerate(value)]
        out += _lists(_nodes(elements, item.inner[:-1]), item.inner[-1], item.cards)
    return out


def _all_within(elements: list[Any], item: _Check) -> bool:
    """Whether every element is an object whose list (one step down, under one spelling) is within the limit, as
    most requests' elements are (``{"cards": [...]}`` hands): one pass in C, no path built."""
    if len(item.inner) != 1 or len(item.inner[0].keys) != 1:
        return False
    try:
        return max(map(len, map(itemgetter(item.inner[0].keys[0]), elements)), default=0) <= item.bound.limit
    except (KeyError, TypeError):  # an element that is no object or lacks the list: looked at one by one
        return False


def _nodes(nodes: list[tuple[str, Any]], steps: Sequence[_Step]) -> list[tuple[str, Any]]:
    for step in steps:
        nodes = [
            (f"{where}.{step.name}" if where else step.name, node[key])
            for where, node in nodes
            if type(node) is dict
            for key in step.keys
            if key in node
        ]
    return nodes


def _lists(owners: list[tuple[str, Any]], last: _Step, cards: bool) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for where, owner in owners:
        field = f"{where}.{last.name}" if where else last.name
        if cards and type(owner) is str:
            out.append((field, count_cards(owner)))
        elif cards and type(owner) is list:
            out.append((field, len(owner)))
        elif type(owner) is dict:
            out.extend((field, len(owner[key])) for key in last.keys if type(owner.get(key)) is list)
    return out


_CHECKS: dict[type[Message], tuple[_Check, ...]] = {}


def _checks(message_class: type[Message]) -> tuple[_Check, ...]:
    root = cast(Descriptor, message_class.DESCRIPTOR)
    out = []
    for bound in BOUNDS.get(message_class, ()):
        outer_path, marker, inner_path = bound.path.partition("[]")
        outer, holder, element = _steps(root, outer_path)
        inner: tuple[_Step, ...] = ()
        if marker:
            inner, holder, _ = _steps(element, inner_path[1:])
        out.append(_Check(bound, outer, inner, holder.full_name == CARDS))
    return tuple(out)


def _steps(descriptor: Descriptor, path: str) -> tuple[tuple[_Step, ...], Descriptor, Descriptor]:
    """The steps of a dotted proto path from ``descriptor``, the message holding its last field, and that field's
    own message type (its elements' for a repeated field; the holder for a scalar)."""
    steps = []
    holder = descriptor
    for name in path.split("."):
        holder = descriptor
        field = descriptor.fields_by_name[name]
        steps.append(_Step(name, tuple(dict.fromkeys((field.json_name, field.name)))))
        if field.message_type is not None:
            descriptor = field.message_type
    return tuple(steps), holder, descriptor
