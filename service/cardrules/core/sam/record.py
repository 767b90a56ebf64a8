"""The record of one Sâm round, as a table backend keeps it, for replay and settlement."""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter

from cardrules.core.cards import Card
from cardrules.core.errors import ErrorReason, InvalidInput, join
from cardrules.core.sam.actions import Action, Pass, Play, Timeout
from cardrules.core.sam.deal import check_hands
from cardrules.core.sam.house_rules import DEFAULT_RULES, HouseRules
from cardrules.core.sam.naming import SAM_NAMING, SamNaming
from cardrules.core.sam.settlement import check_stake

_ACTION_TYPES = frozenset((Play, Pass, Timeout))
_seat_of = attrgetter("seat")


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A whole round: seats in play order (seat i was dealt ``hands[i]``), the stake (> 0), the switches,
    the Sâm declarations in the order they were made, the leader the caller chose, and every action in order.

    Validated on construction (:class:`InvalidInput` at ``hands[i][j]``, ``stake``, ``leader``,
    ``declarations[k]``, ``actions[i]``); legality of the actions is checked by :func:`replay`. Both name the
    fields under ``path`` (where the caller holds the record: ``round`` in a request) in the caller's ``naming``.
    """

    hands: tuple[tuple[Card, ...], ...]
    stake: int
    leader: int
    declarations: tuple[int, ...] = ()
    actions: tuple[Action, ...] = ()
    house_rules: HouseRules = DEFAULT_RULES
    path: str = field(default="", compare=False, repr=False)
    naming: SamNaming = field(default=SAM_NAMING, compare=False, repr=False)

    def __post_init__(self) -> None:
        path = self.path
        if not isinstance(self.house_rules, HouseRules):
            raise InvalidInput.one(
                join(path, "house_rules"), ErrorReason.INVALID_VALUE, "house_rules must be a HouseRules"
            )
        object.__setattr__(self, "hands", check_hands(self.hands, self.house_rules, join(path, "hands"), self.naming))
        check_stake(self.stake, join(path, "stake"))
        n = len(self.hands)
        if not isinstance(self.leader, int) or isinstance(self.leader, bool) or not 0 <= self.leader < n:
            raise InvalidInput.one(
                join(path, "leader"), ErrorReason.SEAT_OUT_OF_RANGE, f"leader must be a seat 0..{n - 1}"
            )
        declarations = tuple(self.declarations)
        for k, seat in enumerate(declarations):
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
                raise InvalidInput.one(
                    join(path, f"declarations[{k}]"), ErrorReason.SEAT_OUT_OF_RANGE, f"must be a seat 0..{n - 1}"
                )
        object.__setattr__(self, "declarations", declarations)
        actions = tuple(self.actions)
        # The common case in a few C calls: only Plays, Passes and Timeouts (their seats are ints >= 0, checked when
        # they were built), every seat at the table. Anything else takes the loop below, which names the action.
        if _ACTION_TYPES.issuperset(map(type, actions)) and max(map(_seat_of, actions), default=-1) < n:
            object.__setattr__(self, "actions", actions)
            return
        for i, action in enumerate(actions):
            if not isinstance(action, Play | Pass | Timeout):
                raise InvalidInput.one(
                    join(path, f"actions[{i}]"), ErrorReason.INVALID_VALUE, "an action is a Play, a Pass or a Timeout"
                )
            if action.seat >= n:
                raise InvalidInput.one(
                    join(path, f"actions[{i}].seat"), ErrorReason.SEAT_OUT_OF_RANGE, f"must be a seat 0..{n - 1}"
                )
        object.__setattr__(self, "actions", actions)
