"""The bound of every repeated field of every request, checked on the message's lengths before any other work.

A request is parsed by protobuf in C; everything after that — conversion, serialization for the fast paths, the
house-rules cache, the rules core — costs time in proportion to what the request holds. Each repeated field
therefore has a bound taken from its game's rules, kept in the game's own package (``cardrules.api.sam.bounds``,
``cardrules.api.lieng.bounds``; each limit a constant of the game's core with its reason), and
:func:`check_bounds` compares the lengths against them first: an excess is ``INVALID_ARGUMENT`` naming the field
(``round.actions``, ``house_rules.instant_wins.kinds``), found by reading lengths only. Outer lists are checked
before the lists inside their elements, and the elements of a list over its bound are not looked at.

Users read the same table in docs/limits.md; tests/contract/test_every_repeated_field_is_bounded.py fails when a
request of a registered game gains a repeated field without a bound. A message on a service's ``Stream`` carries
one of these requests and is answered by its unary handler, so the same bounds apply to it, message by message.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from google.protobuf.message import Message

from cardrules.core.errors import ErrorReason, FieldViolation, InvalidInput

__all__ = ["BOUNDS", "Bound", "check_bounds"]


@dataclass(frozen=True, slots=True)
class Bound:
    """The most elements one repeated field may hold.

    - ``path``: the field from the request's root; ``[]`` after a repeated field means "in every element"
      (``round.actions[].play.cards``; one ``[]`` at most).
    - ``limit``: the most any request may hold (what docs/limits.md lists).
    - ``why``: the reason, in the error message.
    - ``noun``: what the elements are, in the error message.
    - ``code``: the violation's reason: ``TOO_MANY`` unless a count of the game's own has its word (seats,
      hands, cards).
    - ``at_owner``: name the violation at the message holding the field rather than at the field itself — for a
      hand's card list, named at the hand (``hands[2]``) as a hand of the wrong size always was.
    - ``limit_of``: a tighter limit read from the request (the seat count, ``max_raise_rounds``), never above
      ``limit``.
    - ``distinct``: no value may repeat (a repeat is named at its index).
    """

    path: str
    limit: int
    why: str
    noun: str
    code: ErrorReason = ErrorReason.TOO_MANY
    at_owner: bool = False
    limit_of: Callable[[Any], int] | None = None
    distinct: bool = False

    def excess(self, field: str, count: int, limit: int | None = None) -> FieldViolation:
        """The violation of the list at ``field`` holding ``count`` elements, over ``limit`` (default the bound's
        own): every check of this bound names its excess in these words (the JSON front's too, api/json_bounds.py)."""
        named = field.rpartition(".")[0] if self.at_owner else field
        shown = self.limit if limit is None else limit
        return FieldViolation(named, self.code, f"at most {shown} {self.noun} ({self.why}), got {count}")


def check_bounds(request: Message) -> None:
    """Raise :class:`InvalidInput` naming each repeated field of ``request`` that holds more than its bound.

    Every call on every rules RPC pays for this, so the lengths are first read through getters built once per
    request type (a few C calls per bound); only a request that breaks a bound is walked again to name its faults.
    """
    try:
        checks = _WITHIN[type(request)]
    except KeyError:
        checks = _checks_of(type(request))
    if not all(within(request) for within in checks):
        _name_the_excess(request)


def _within(bound: Bound) -> Callable[[Message], bool]:
    """Whether a request keeps ``bound``, read with getters built once. A list's own bound comes before the bounds
    inside its elements in :data:`BOUNDS`, so ``all`` stops at an over-long list before walking its elements."""
    outer, marker, inner = bound.path.partition("[]")
    get_outer = attrgetter(outer)
    limit, limit_of, distinct = bound.limit, bound.limit_of, bound.distinct
    if marker:
        assert limit_of is None, "a bound inside a list's elements has one fixed limit"
        get_inner = attrgetter(inner[1:])

        def within_elements(request: Message) -> bool:
            elements = get_outer(request)
            return not elements or max(map(len, map(get_inner, elements))) <= limit

        return within_elements

    def within_list(request: Message) -> bool:
        values = get_outer(request)
        count = len(values)
        if count > (limit if limit_of is None else min(limit, limit_of(request))):
            return False
        return not distinct or count < 2 or len(set(values)) == count

    return within_list


def _name_the_excess(request: Message) -> None:
    problems: list[FieldViolation] = []
    over: list[str] = []  # paths of lists found too long: the lists inside their elements are not walked
    for bound in BOUNDS[type(request)]:
        if any(bound.path.startswith(f"{path}[]") for path in over):
            continue
        limit = bound.limit if bound.limit_of is None else min(bound.limit, bound.limit_of(request))
        for where, values in _lists(request, bound.path, limit, bound.distinct):
            field = bound.path.replace("[]", where)
            if len(values) > limit:
                problems.append(bound.excess(field, len(values), limit))
                over.append(bound.path)
            elif bound.distinct and len(set(values)) != len(values):
                problems.extend(_repeats(values, field))
    if problems:
        raise InvalidInput(*problems)


def _lists(request: Message, path: str, limit: int, distinct: bool) -> list[tuple[str, Any]]:
    """The lists at ``path`` that need a closer look (over ``limit``, or all of them for a ``distinct`` bound),
    each with the index that replaces ``[]`` in the path. The lengths of the lists inside a repeated field's
    elements are read in a few C calls (``attrgetter``, ``map``)."""
    outer, marker, inner = path.partition("[]")
    if not marker:
        return [("", attrgetter(path)(request))]
    lists = list(map(attrgetter(inner[1:]), attrgetter(outer)(request)))
    if not distinct and max(map(len, lists), default=0) <= limit:
        return []
    return [(f"[{i}]", values) for i, values in enumerate(lists) if distinct or len(values) > limit]


def _repeats(values: Any, field: str) -> list[FieldViolation]:
    seen: dict[Any, int] = {}
    problems: list[FieldViolation] = []
    for i, value in enumerate(values):
        if value in seen:
            problems.append(
                FieldViolation(f"{field}[{i}]", ErrorReason.DUPLICATE_VALUE, f"repeats {field}[{seen[value]}]")
            )
        else:
            seen[value] = i
    return problems


# --- every request of every game -------------------------------------------------------------------------------


class _RegisteredBounds(Mapping[type[Message], tuple[Bound, ...]]):
    """The bounds of every request of every registered game, each game's from its own package
    (``cardrules.api.<game>.bounds``, referenced by its registration in :mod:`cardrules.api.games`). Read from the
    registrations when asked: the games register after this module is loaded, since their servicers import it."""

    def __getitem__(self, kind: type[Message]) -> tuple[Bound, ...]:
        return _registered()[kind]

    def __iter__(self) -> Iterator[type[Message]]:
        return iter(_registered())

    def __len__(self) -> int:
        return len(_registered())


def _registered() -> Mapping[type[Message], tuple[Bound, ...]]:
    games = importlib.import_module("cardrules.api.games")  # imported when asked: cardrules.api.games imports this
    bounds: Mapping[type[Message], tuple[Bound, ...]] = games.request_bounds()
    return bounds


BOUNDS: Mapping[type[Message], tuple[Bound, ...]] = _RegisteredBounds()

# Per request type, one length check per bound (see check_bounds), built on the type's first request.
_WITHIN: dict[type[Message], tuple[Callable[[Message], bool], ...]] = {}


def _checks_of(kind: type[Message]) -> tuple[Callable[[Message], bool], ...]:
    checks = _WITHIN[kind] = tuple(_within(bound) for bound in BOUNDS[kind])
    return checks
