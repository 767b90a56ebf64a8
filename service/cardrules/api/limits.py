"""The bound of every repeated field of every request, checked on the message's lengths before any other work.

A request is parsed by protobuf in C; everything after that — conversion, serialization for the fast paths, the
house-rules cache, the rules core — costs time in proportion to what the request holds. Each repeated field
therefore has a bound taken from the games (the constants of ``cardrules.core.sam.limits`` and
``cardrules.core.lieng.limits``, each with its reason), and :func:`check_bounds` compares the lengths against
them first: an excess is ``INVALID_ARGUMENT`` naming the field (``round.actions``,
``house_rules.instant_wins.kinds``), found by reading lengths only. Outer lists are checked before the lists
inside their elements, and the elements of a list over its bound are not looked at.

Users read the same table in docs/limits.md; tests/contract/test_every_repeated_field_is_bounded.py fails when a
request gains a repeated field without a bound here. A message on a service's ``Stream`` carries one of these
requests and is answered by its unary handler, so the same bounds apply to it, message by message.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from google.protobuf.message import Message

from cardrules.core.errors import ErrorReason, FieldViolation, InvalidInput
from cardrules.core.lieng import limits as lieng_limits
from cardrules.core.sam import limits as sam_limits
from cardrules.v1 import lieng_pb2, sam_loc_pb2

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
    if not all(within(request) for within in _WITHIN[type(request)]):
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


# --- Sâm -------------------------------------------------------------------------------------------------------


def _sam_seats(count: int) -> int:
    """The seat count a Sâm limit is computed for: the request's, or the largest table when that count is wrong
    (the count itself is then reported on its own)."""
    return count if 2 <= count <= sam_limits.MAX_SEATS else sam_limits.MAX_SEATS


def _sam_round_actions(request: sam_loc_pb2.SamLocServiceSettleRoundRequest) -> int:
    return sam_limits.max_round_actions(_sam_seats(len(request.round.hands)))


def _sam_rules(prefix: str) -> tuple[Bound, ...]:
    return (
        Bound(
            f"{prefix}house_rules.instant_wins.kinds",
            sam_limits.MAX_INSTANT_WIN_KINDS,
            "each of the five instant-win kinds at most once",
            "kinds",
            distinct=True,
        ),
    )


def _sam_state(prefix: str) -> tuple[Bound, ...]:
    return (
        Bound(
            f"{prefix}seats",
            sam_limits.MAX_SEATS,
            "a Sâm table seats 2 to 5",
            "seats",
            code=ErrorReason.WRONG_SEAT_COUNT,
        ),
        Bound(
            f"{prefix}seats[].hand.cards",
            sam_limits.HAND_SIZE,
            "a Sâm hand holds at most 10 cards",
            "cards",
            code=ErrorReason.WRONG_CARD_COUNT,
            at_owner=True,
        ),
        Bound(
            f"{prefix}current.cards",
            sam_limits.HAND_SIZE,
            "a play is cards from one hand of 10",
            "cards",
            code=ErrorReason.WRONG_CARD_COUNT,
        ),
        Bound(
            f"{prefix}chop_chain",
            sam_limits.MAX_CHOP_CHAIN,
            "each chop of a trick is a different four of a kind: 12 fit the 50 dealt cards",
            "chops",
        ),
    )


_SAM_DEAL = (
    Bound("hands", sam_limits.MAX_SEATS, "a Sâm table seats 2 to 5", "hands", code=ErrorReason.WRONG_SEAT_COUNT),
    Bound(
        "hands[].cards",
        sam_limits.HAND_SIZE,
        "a Sâm hand is dealt 10 cards",
        "cards",
        code=ErrorReason.WRONG_CARD_COUNT,
        at_owner=True,
    ),
    Bound("declarations", sam_limits.MAX_DECLARATIONS, "each seat declares Sâm at most once", "declarations"),
)


# --- Liêng -----------------------------------------------------------------------------------------------------


def _lieng_hands(prefix: str, limit: int, why: str) -> tuple[Bound, ...]:
    return (
        Bound(f"{prefix}hands", limit, why, "hands", code=ErrorReason.WRONG_HAND_COUNT),
        Bound(
            f"{prefix}hands[].cards",
            lieng_limits.HAND_SIZE,
            "a Liêng hand is 3 cards",
            "cards",
            code=ErrorReason.WRONG_CARD_COUNT,
            at_owner=True,
        ),
    )


def _lieng_seats(count: int) -> int:
    return count if 2 <= count <= lieng_limits.MAX_SEATS else lieng_limits.MAX_SEATS


def _lieng_round_actions(request: lieng_pb2.LiengServiceSettleRoundRequest) -> int:
    record = request.round
    rules = record.house_rules
    rounds = rules.max_raise_rounds if rules.HasField("max_raise_rounds") and rules.max_raise_rounds >= 1 else None
    return lieng_limits.max_round_actions(_lieng_seats(len(record.stacks)), rounds)


_LIENG_SEATS = "a Liêng table seats 2 to 6"


def _lieng_state(prefix: str) -> tuple[Bound, ...]:
    return (Bound(f"{prefix}seats", lieng_limits.MAX_SEATS, _LIENG_SEATS, "seats", code=ErrorReason.WRONG_SEAT_COUNT),)


# --- every request ---------------------------------------------------------------------------------------------

BOUNDS: dict[type[Message], tuple[Bound, ...]] = {
    sam_loc_pb2.SamLocServiceStartHandRequest: (*_sam_rules(""), *_SAM_DEAL),
    sam_loc_pb2.SamLocServiceValidatePlayRequest: (
        *_sam_rules(""),
        *_sam_state("state."),
        Bound(
            "action.play.cards",
            sam_limits.HAND_SIZE,
            "a play is cards from one hand of 10",
            "cards",
            code=ErrorReason.WRONG_CARD_COUNT,
        ),
    ),
    sam_loc_pb2.SamLocServiceLegalMovesRequest: (*_sam_rules(""), *_sam_state("state.")),
    sam_loc_pb2.SamLocServiceSettleRoundRequest: (
        *_sam_rules("round."),
        *(Bound(f"round.{b.path}", b.limit, b.why, b.noun, b.code, b.at_owner) for b in _SAM_DEAL),
        Bound(
            "round.actions",
            sam_limits.MAX_ROUND_ACTIONS,
            "the longest legal Sâm hand: 41, 91, 161, 242 actions at 2, 3, 4, 5 seats",
            "actions",
            limit_of=_sam_round_actions,
        ),
        Bound(
            "round.actions[].play.cards",
            sam_limits.HAND_SIZE,
            "a play is cards from one hand of 10",
            "cards",
            code=ErrorReason.WRONG_CARD_COUNT,
        ),
    ),
    lieng_pb2.ScoreLiengRequest: _lieng_hands("", lieng_limits.MAX_SCORED_HANDS, "score 1 to 1000 hands"),
    lieng_pb2.CompareHandsRequest: _lieng_hands(
        "", lieng_limits.MAX_COMPARED_HANDS, "compare 2 to 17 hands: every hand of one deck"
    ),
    lieng_pb2.StartBettingRequest: (
        Bound("stacks", lieng_limits.MAX_SEATS, _LIENG_SEATS, "stacks", code=ErrorReason.WRONG_SEAT_COUNT),
    ),
    lieng_pb2.LiengServiceValidatePlayRequest: _lieng_state("state."),
    lieng_pb2.LiengServiceLegalMovesRequest: _lieng_state("state."),
    lieng_pb2.LiengServiceSettleRoundRequest: (
        Bound("round.stacks", lieng_limits.MAX_SEATS, _LIENG_SEATS, "stacks", code=ErrorReason.WRONG_SEAT_COUNT),
        *_lieng_hands("round.", lieng_limits.MAX_SEATS, "one hand per seat"),
        Bound(
            "round.actions",
            lieng_limits.MAX_ROUND_ACTIONS,
            "seats × (orbits with a raise + 1), orbits with a raise capped by max_raise_rounds, and at 50",
            "actions",
            limit_of=_lieng_round_actions,
        ),
    ),
}

# Per request type, one length check per bound (see check_bounds).
_WITHIN: dict[type[Message], tuple[Callable[[Message], bool], ...]] = {
    kind: tuple(_within(bound) for bound in bounds) for kind, bounds in BOUNDS.items()
}
