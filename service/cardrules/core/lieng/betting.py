"""Liêng betting (docs/rules/lieng.md §2): an immutable state, actions as frozen records, ONE apply function.

Vietnamese terms: *tiền gà* = the ante, *úp bài* = fold, *theo* = call, *tố* = raise, *tố tất* = all-in.

- :func:`start_betting` collects the ante from every seat and gives the first state.
- :func:`judge` says whether an action is legal (a :class:`Reason`, ``OK`` when legal); :func:`apply` uses it
  and, when legal, returns the next state and the events; :func:`legal_actions` asks the same :func:`judge`
  for every action kind, so a listed action always applies and an applicable action is always listed.

Model. ``committed`` is every chip a seat has put in this round, ante included; ``current_bet`` is the highest
``committed``; ``stack`` is what a seat still has behind. A RAISE names the total T it raises *to*; it needs
T ≥ current_bet + min_raise, T − current_bet ≤ max_raise (when capped) and T − committed ≤ stack. ALL_IN puts
the whole stack in: at or below the current bet it is a call (for less); above it, it is a raise — a *full*
raise when it adds at least ``min_raise`` (betting reopens: every other seat must act again), a *short* all-in
otherwise (seats that already acted must call or fold but may not raise: BETTING_NOT_REOPENED). An all-in
above the current bet obeys the raise cap and ``max_raise_rounds`` like a raise. TIMEOUT is FOLD, or CHECK under
``timeout_checks`` when the seat owes nothing (:func:`resolve_timeout`, used by :func:`apply` and so by the replay).

Turns go round in seat order (the play order) skipping folded and all-in seats and seats with nothing to do.
Betting closes when one seat is left unfolded (a fold-out: it wins and shows nothing) or when every seat
neither folded nor all-in has ``committed == current_bet`` and has acted since the last full raise.

Orbits: orbit 0 starts with the first actor; a new orbit starts each time the turn passes the first actor's
position again. ``max_raise_rounds`` caps how many orbits may contain a raise (full raise or raising all-in).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import InitVar, dataclass
from typing import Any, Final, NamedTuple

from mypy_extensions import mypyc_attr

from cardrules.core.checks import is_int
from cardrules.core.errors import ErrorReason, FieldViolation, InvalidInput, join
from cardrules.core.lieng.house_rules import DEFAULT_RULES, MIN_SEATS, HouseRules
from cardrules.core.lieng.reasons import Reason
from cardrules.core.trusted import blank, slot_setter

__all__ = [
    "Action",
    "ActionKind",
    "ActionResult",
    "BettingState",
    "Event",
    "EventKind",
    "LegalActions",
    "SeatState",
    "apply",
    "judge",
    "legal_actions",
    "resolve_timeout",
    "start_betting",
]


@enum.unique
class ActionKind(enum.Enum):
    """A betting action."""

    FOLD = "FOLD"
    """Úp bài: give up; what the seat put in stays in the pot. Always legal on one's turn."""
    CHECK = "CHECK"
    """Pass without adding chips; only when ``committed == current_bet``."""
    CALL = "CALL"
    """Theo: add chips to match ``current_bet``; only when the stack covers it."""
    RAISE = "RAISE"
    """Tố: raise to the total ``amount``."""
    ALL_IN = "ALL_IN"
    """Tố tất: put the whole stack in, even below a call."""
    TIMEOUT = "TIMEOUT"
    """The seat let its clock run out (the caller keeps the clock): the same as FOLD, or as CHECK under
    ``timeout_checks`` when the seat owes nothing (:func:`resolve_timeout`)."""


@enum.unique
class EventKind(enum.StrEnum):
    """Something an accepted action caused."""

    SEAT_FOLDED = "SEAT_FOLDED"
    """The seat folded (FOLD or TIMEOUT); ``amount`` = its committed chips, which it loses."""
    SEAT_ALL_IN = "SEAT_ALL_IN"
    """The seat has no chips behind any more; ``amount`` = its committed total."""
    FULL_RAISE = "FULL_RAISE"
    """The current bet rose by at least ``min_raise`` (betting reopens); ``amount`` = the new current bet."""
    SHORT_ALL_IN = "SHORT_ALL_IN"
    """An all-in raised the current bet by less than ``min_raise``; betting does not reopen for seats that
    already acted. ``amount`` = the new current bet."""
    BETTING_CLOSED = "BETTING_CLOSED"
    """Betting is over; ``amount`` = the pot (every committed chip)."""
    FOLD_OUT = "FOLD_OUT"
    """Everyone else folded: ``seat`` wins the whole pot (``amount``) and its cards stay hidden."""
    SHOWDOWN = "SHOWDOWN"
    """Betting closed with two or more seats unfolded: they show down for the pot (``amount``)."""


class Event(NamedTuple):
    """An event of an accepted action; ``seat`` is ``None`` for table-wide events."""

    kind: EventKind
    seat: int | None
    amount: int


@mypyc_attr(native_class=False)  # validated input: see cardrules.core.trusted ("COMPILED")
@dataclass(frozen=True, slots=True)
class Action:
    """A seat's action. ``amount`` is the raise-to total for RAISE and must be 0 for every other kind. Bad input
    is named under ``path``, where the caller holds the action (``round.actions[4]``; empty: the action itself)."""

    seat: int
    kind: ActionKind
    amount: int = 0
    path: InitVar[str] = ""

    def __post_init__(self, path: str) -> None:
        as_given: Any = self  # see cardrules.core.sam.state, AS GIVEN
        problems: list[FieldViolation] = []
        if not is_int(as_given.seat) or as_given.seat < 0:
            problems.append(
                FieldViolation(
                    join(path, "seat"),
                    ErrorReason.SEAT_OUT_OF_RANGE,
                    f"seat must be an integer ≥ 0, got {as_given.seat!r}",
                )
            )
        if not isinstance(as_given.kind, ActionKind):
            problems.append(
                FieldViolation(
                    join(path, "kind"),
                    ErrorReason.INVALID_VALUE,
                    f"kind must be one of {', '.join(ActionKind.__members__)}, got {as_given.kind!r}",
                )
            )
        if not is_int(as_given.amount) or as_given.amount < 0:
            problems.append(
                FieldViolation(
                    join(path, "amount"),
                    ErrorReason.OUT_OF_RANGE,
                    f"amount must be an integer ≥ 0, got {as_given.amount!r}",
                )
            )
        elif as_given.kind is ActionKind.RAISE and as_given.amount == 0:
            problems.append(
                FieldViolation(
                    join(path, "amount"), ErrorReason.MISSING_VALUE, "a RAISE needs the total it raises to (> 0)"
                )
            )
        elif as_given.kind is not ActionKind.RAISE and isinstance(as_given.kind, ActionKind) and as_given.amount != 0:
            problems.append(
                FieldViolation(
                    join(path, "amount"),
                    ErrorReason.UNEXPECTED_VALUE,
                    f"only RAISE carries an amount; {as_given.kind.name} has 0",
                )
            )
        if problems:
            raise InvalidInput(*problems)

    @classmethod
    def of(cls, seat: Any, kind: ActionKind | str, amount: Any = 0, path: str = "") -> Action:
        """Build from a kind given as an enum member or its name (any case); bad input named under ``path``
        (``seat`` and ``amount`` typed ``Any``: the constructor checks them, see :func:`start_betting`)."""
        if isinstance(kind, str):
            member = ActionKind.__members__.get(kind.upper())
            if member is None:
                raise InvalidInput.one(
                    join(path, "kind"),
                    ErrorReason.UNKNOWN_ENUM_VALUE,
                    f"kind must be one of {', '.join(ActionKind.__members__)}, got {kind!r}",
                )
            kind = member
        return cls(seat, kind, amount, path)


@mypyc_attr(native_class=False)  # validated input: see cardrules.core.trusted ("COMPILED")
@dataclass(frozen=True, slots=True)
class SeatState:
    """One seat: chips behind (``stack``), chips put in this round (``committed``, ante included), whether it
    folded or is all-in, and whether it has ``acted`` since the last full raise. Bad input is named under
    ``path``, where the caller holds the seat (``state.seats[2]``; empty: the seat itself)."""

    stack: int
    committed: int
    folded: bool = False
    all_in: bool = False
    acted: bool = False
    path: InitVar[str] = ""

    def __post_init__(self, path: str) -> None:
        as_given: Any = self  # see cardrules.core.sam.state, AS GIVEN
        problems: list[FieldViolation] = []
        for name in ("stack", "committed"):
            value = getattr(as_given, name)
            if not is_int(value) or value < 0:
                problems.append(
                    FieldViolation(
                        join(path, name), ErrorReason.OUT_OF_RANGE, f"{name} must be an integer ≥ 0, got {value!r}"
                    )
                )
        for name in ("folded", "all_in", "acted"):
            if not isinstance(getattr(as_given, name), bool):
                problems.append(
                    FieldViolation(join(path, name), ErrorReason.INVALID_VALUE, f"{name} must be true or false")
                )
        if not problems:
            if as_given.folded and as_given.all_in:
                problems.append(
                    FieldViolation(
                        join(path, "all_in"), ErrorReason.IMPOSSIBLE_STATE, "a seat cannot be both folded and all-in"
                    )
                )
            elif as_given.all_in and as_given.stack != 0:
                problems.append(
                    FieldViolation(
                        join(path, "stack"), ErrorReason.IMPOSSIBLE_STATE, "an all-in seat has no chips behind"
                    )
                )
            elif as_given.stack == 0 and not as_given.all_in:
                problems.append(
                    FieldViolation(
                        join(path, "all_in"),
                        ErrorReason.IMPOSSIBLE_STATE,
                        "a seat with no chips behind is all-in (and never folds)",
                    )
                )
        if problems:
            raise InvalidInput(*problems)

    @property
    def active(self) -> bool:
        """Neither folded nor all-in: the seat can still act."""
        return not self.folded and not self.all_in


class _Faults:
    """The faults a state's checks find, each at its path under ``path`` (where the caller holds the state)."""

    __slots__ = ("found", "path")

    def __init__(self, path: str) -> None:
        self.path = path
        self.found: list[FieldViolation] = []

    def __call__(self, field: str, reason: ErrorReason, description: str) -> None:
        self.found.append(FieldViolation(join(self.path, field), reason, description))


@mypyc_attr(native_class=False)  # validated input: see cardrules.core.trusted ("COMPILED")
@dataclass(frozen=True, slots=True)
class BettingState:
    """The whole betting round. Seats are in play order; ``to_act`` is ``None`` once betting is closed.

    - ``ante``: the ante (*tiền gà*) every seat paid; ``min_raise`` defaults to it.
    - ``first_actor``: the seat that opened the betting (odd chips go in play order from it; orbits start at it).
    - ``current_bet``: the highest ``committed``.
    - ``last_full_raise``: how much the last full raise added over the previous current bet (0: none yet).
    - ``orbit``: the orbit the turn is in (0-based); ``raise_orbits``: how many orbits contained a raise;
      ``last_raise_orbit``: the orbit of the last raise (-1: none).

    Bad input is named under ``path``, where the caller holds the state (``state``; empty: the state itself).
    """

    seats: tuple[SeatState, ...]
    ante: int
    first_actor: int
    to_act: int | None
    current_bet: int
    last_full_raise: int = 0
    orbit: int = 0
    raise_orbits: int = 0
    last_raise_orbit: int = -1
    rules: HouseRules = DEFAULT_RULES
    path: InitVar[str] = ""

    def __post_init__(self, path: str) -> None:
        as_given: Any = self  # see cardrules.core.sam.state, AS GIVEN
        bad = _Faults(path)
        problems = bad.found
        if not isinstance(as_given.rules, HouseRules):
            raise InvalidInput.one("house_rules", ErrorReason.INVALID_VALUE, "rules must be a HouseRules")
        seats = as_given.seats
        if not isinstance(seats, tuple) or not all(isinstance(s, SeatState) for s in seats):
            raise InvalidInput.one(join(path, "seats"), ErrorReason.INVALID_VALUE, "seats must be a tuple of SeatState")
        n = len(seats)
        if not MIN_SEATS <= n <= as_given.rules.max_players:
            raise InvalidInput.one(
                join(path, "seats"),
                ErrorReason.WRONG_SEAT_COUNT,
                f"a Liêng round has {MIN_SEATS} to {as_given.rules.max_players} seats, got {n}",
            )
        if not is_int(as_given.ante) or as_given.ante <= 0:
            raise InvalidInput.one(
                join(path, "ante"), ErrorReason.OUT_OF_RANGE, f"ante must be a positive integer, got {as_given.ante!r}"
            )
        if as_given.rules.ante is not None and as_given.rules.ante != as_given.ante:
            bad(
                "ante",
                ErrorReason.CONFLICTING_VALUES,
                f"ante {as_given.ante} differs from house_rules.ante {as_given.rules.ante}",
            )
        for i, seat in enumerate(seats):
            if seat.committed < as_given.ante:
                bad(
                    f"seats[{i}].committed",
                    ErrorReason.IMPOSSIBLE_STATE,
                    f"every seat has committed at least the ante {as_given.ante}",
                )
        if not is_int(as_given.first_actor) or not 0 <= as_given.first_actor < n:
            bad(
                "first_actor",
                ErrorReason.SEAT_OUT_OF_RANGE,
                f"first_actor must be a seat 0..{n - 1}, got {as_given.first_actor!r}",
            )
        if not is_int(as_given.current_bet) or as_given.current_bet != max(s.committed for s in seats):
            bad("current_bet", ErrorReason.IMPOSSIBLE_STATE, "current_bet must be the highest committed amount")
        if all(s.folded for s in seats):
            bad("seats", ErrorReason.IMPOSSIBLE_STATE, "at least one seat is unfolded")
        else:
            top_live = max(s.committed for s in seats if not s.folded)
            for i, seat in enumerate(seats):
                if seat.folded and seat.committed > top_live:
                    bad(
                        f"seats[{i}].committed",
                        ErrorReason.IMPOSSIBLE_STATE,
                        "a folded seat cannot have out-bet every live seat",
                    )
        for name in ("last_full_raise", "orbit", "raise_orbits"):
            value = getattr(as_given, name)
            if not is_int(value) or value < 0:
                bad(name, ErrorReason.OUT_OF_RANGE, f"{name} must be an integer ≥ 0, got {value!r}")
        if not is_int(as_given.last_raise_orbit) or not -1 <= as_given.last_raise_orbit <= as_given.orbit:
            bad(
                "last_raise_orbit",
                ErrorReason.OUT_OF_RANGE,
                "last_raise_orbit must be -1 or an orbit not after the current one",
            )
        elif (as_given.last_raise_orbit == -1) != (
            as_given.raise_orbits == 0
        ) or as_given.raise_orbits > as_given.orbit + 1:
            bad("raise_orbits", ErrorReason.IMPOSSIBLE_STATE, "raise_orbits disagrees with orbit and last_raise_orbit")
        cap = as_given.rules.max_raise_rounds
        if cap is not None and is_int(as_given.raise_orbits) and as_given.raise_orbits > cap:
            bad(
                "raise_orbits", ErrorReason.IMPOSSIBLE_STATE, f"raise_orbits exceeds house_rules.max_raise_rounds {cap}"
            )
        if problems:
            raise InvalidInput(*problems)
        closed = _is_closed(seats, as_given.current_bet)
        if closed and as_given.to_act is not None:
            raise InvalidInput.one(
                join(path, "to_act"), ErrorReason.IMPOSSIBLE_STATE, "betting is closed: to_act must be unset"
            )
        if not closed:
            if as_given.to_act is None or not is_int(as_given.to_act) or not 0 <= as_given.to_act < n:
                raise InvalidInput.one(
                    join(path, "to_act"), ErrorReason.IMPOSSIBLE_STATE, "betting is open: to_act must be a seat"
                )
            if not _needs_action(seats[as_given.to_act], as_given.current_bet):
                raise InvalidInput.one(
                    join(path, "to_act"),
                    ErrorReason.IMPOSSIBLE_STATE,
                    f"seat {as_given.to_act} is folded, all-in or has nothing to do",
                )

    # --- derived facts -----------------------------------------------------------------------------------
    @property
    def closed(self) -> bool:
        return self.to_act is None

    @property
    def pot(self) -> int:
        """Every chip committed so far."""
        return sum(s.committed for s in self.seats)

    @property
    def min_raise(self) -> int:
        """The smallest amount a raise adds over the current bet."""
        return self.rules.min_raise_for(self.ante)

    @property
    def unfolded(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.seats) if not s.folded)

    @property
    def fold_out_winner(self) -> int | None:
        """The only unfolded seat, when all others folded."""
        live = self.unfolded
        return live[0] if len(live) == 1 else None

    @property
    def committed(self) -> tuple[int, ...]:
        return tuple(s.committed for s in self.seats)

    @property
    def folded(self) -> tuple[bool, ...]:
        return tuple(s.folded for s in self.seats)


class ActionResult(NamedTuple):
    """The answer to an action: ``reason`` (``OK`` when legal), and when legal the next state and the events;
    for an accepted TIMEOUT also ``resolved_action``, the FOLD or CHECK it was (None for every other action)."""

    reason: Reason
    action: Action
    state: BettingState | None
    events: tuple[Event, ...] = ()
    resolved_action: Action | None = None

    @property
    def legal(self) -> bool:
        return self.reason is Reason.OK


class LegalActions(NamedTuple):
    """What the seat to act may do (``seat`` is ``None`` and ``kinds`` empty once betting is closed).

    - ``kinds``: the legal kinds, in :class:`ActionKind` order (FOLD and TIMEOUT are always there).
    - ``call_amount``: chips a CALL adds (``current_bet − committed``; 0 when there is nothing to call).
    - ``min_raise_to`` / ``max_raise_to``: the legal RAISE totals, inclusive (both 0 when RAISE is not legal);
      every total in between is legal.
    - ``raise_reason``: ``OK`` or why no RAISE is legal.
    - ``all_in_to``: the seat's committed total after ALL_IN (``committed + stack``).
    """

    seat: int | None
    kinds: tuple[ActionKind, ...]
    call_amount: int
    min_raise_to: int
    max_raise_to: int
    raise_reason: Reason
    all_in_to: int

    def allows(self, kind: ActionKind) -> bool:
        return kind in self.kinds


# --- the rules -----------------------------------------------------------------------------------------------


def _needs_action(seat: SeatState, current_bet: int) -> bool:
    return not seat.folded and not seat.all_in and (not seat.acted or seat.committed < current_bet)


def _is_closed(seats: Sequence[SeatState], current_bet: int) -> bool:
    live = 0
    needing = False
    for seat in seats:
        if not seat.folded:
            live += 1
            if _needs_action(seat, current_bet):
                needing = True
    return live <= 1 or not needing


def _raise_orbit_free(state: BettingState) -> bool:
    cap = state.rules.max_raise_rounds
    return cap is None or state.last_raise_orbit == state.orbit or state.raise_orbits < cap


def judge(state: BettingState, action: Action, field: str = "action") -> Reason:
    """Whether ``action`` is legal in ``state``: ``Reason.OK`` or the first rule it breaks.

    Checks, in order: betting closed; whose turn; then per kind — CHECK: something to call; CALL: nothing to
    call, stack short; RAISE: not reopened, raise rounds, minimum, cap, chips; ALL_IN above the current bet:
    not reopened, raise rounds, cap. A seat outside the table is bad input (``field.seat``).
    """
    seats = state.seats
    if not 0 <= action.seat < len(seats):
        raise InvalidInput.one(
            f"{field}.seat", ErrorReason.SEAT_OUT_OF_RANGE, f"seat must be 0..{len(seats) - 1}, got {action.seat}"
        )
    if state.to_act is None:
        return Reason.BETTING_CLOSED
    if action.seat != state.to_act:
        return Reason.NOT_YOUR_TURN
    seat = seats[action.seat]
    kind = action.kind
    to_call = state.current_bet - seat.committed
    if kind is ActionKind.FOLD or kind is ActionKind.TIMEOUT:
        return Reason.OK
    if kind is ActionKind.CHECK:
        return Reason.OK if to_call == 0 else Reason.CANNOT_CHECK
    if kind is ActionKind.CALL:
        if to_call == 0:
            return Reason.NOTHING_TO_CALL
        return Reason.OK if seat.stack >= to_call else Reason.CANNOT_CALL
    cap = state.rules.max_raise
    if kind is ActionKind.RAISE:
        if seat.acted:
            return Reason.BETTING_NOT_REOPENED
        if not _raise_orbit_free(state):
            return Reason.RAISE_ROUNDS_EXHAUSTED
        if action.amount - state.current_bet < state.min_raise:
            return Reason.RAISE_BELOW_MINIMUM
        if cap is not None and action.amount - state.current_bet > cap:
            return Reason.RAISE_ABOVE_CAP
        if action.amount - seat.committed > seat.stack:
            return Reason.NOT_ENOUGH_CHIPS
        return Reason.OK
    # ALL_IN
    total = seat.committed + seat.stack
    if total <= state.current_bet:
        return Reason.OK
    if seat.acted:
        return Reason.BETTING_NOT_REOPENED
    if not _raise_orbit_free(state):
        return Reason.RAISE_ROUNDS_EXHAUSTED
    if cap is not None and total - state.current_bet > cap:
        return Reason.RAISE_ABOVE_CAP
    return Reason.OK


def resolve_timeout(state: BettingState, seat: int) -> ActionKind:
    """What a TIMEOUT of ``seat`` is (docs/rules/lieng.md §6.9): CHECK under ``timeout_checks`` when it is the
    seat's turn and it owes nothing (``committed == current_bet``), else FOLD."""
    if state.rules.timeout_checks and seat == state.to_act and state.seats[seat].committed == state.current_bet:
        return ActionKind.CHECK
    return ActionKind.FOLD


def apply(state: BettingState, action: Action, field: str = "action") -> ActionResult:
    """THE transition: judge ``action`` and, when legal, return the next state and what happened. A TIMEOUT is
    judged and applied as the action :func:`resolve_timeout` makes of it, reported as ``resolved_action``."""
    reason = judge(state, action, field)
    if reason is not Reason.OK:
        return ActionResult(reason, action, None)
    if action.kind is ActionKind.TIMEOUT:
        resolved = Action(action.seat, resolve_timeout(state, action.seat))
        result = apply(state, resolved, field)
        return ActionResult(result.reason, action, result.state, result.events, resolved)
    seats = list(state.seats)
    me = action.seat
    seat = seats[me]
    kind = action.kind
    events: list[Event] = []
    current_bet = state.current_bet
    last_full_raise = state.last_full_raise
    raise_orbits = state.raise_orbits
    last_raise_orbit = state.last_raise_orbit
    if kind is ActionKind.FOLD:
        seats[me] = _derived_seat(
            stack=seat.stack, committed=seat.committed, folded=True, all_in=seat.all_in, acted=True
        )
        events.append(Event(EventKind.SEAT_FOLDED, me, seat.committed))
    elif kind is ActionKind.CHECK:
        seats[me] = _derived_seat(
            stack=seat.stack, committed=seat.committed, folded=seat.folded, all_in=seat.all_in, acted=True
        )
    else:
        if kind is ActionKind.CALL:
            total = current_bet
        elif kind is ActionKind.RAISE:
            total = action.amount
        else:
            total = seat.committed + seat.stack
        stack = seat.stack - (total - seat.committed)
        seats[me] = _derived_seat(stack=stack, committed=total, all_in=stack == 0, acted=True)
        if total > current_bet:
            increase = total - current_bet
            current_bet = total
            if last_raise_orbit != state.orbit:
                raise_orbits += 1
                last_raise_orbit = state.orbit
            if increase >= state.min_raise:
                last_full_raise = increase
                seats = [
                    s
                    if i == me or not s.acted
                    else _derived_seat(stack=s.stack, committed=s.committed, folded=s.folded, all_in=s.all_in)
                    for i, s in enumerate(seats)
                ]
                events.append(Event(EventKind.FULL_RAISE, me, total))
            else:
                events.append(Event(EventKind.SHORT_ALL_IN, me, total))
        if stack == 0:
            events.append(Event(EventKind.SEAT_ALL_IN, me, total))
    to_act, orbit = _next_to_act(seats, me, current_bet, state.first_actor, state.orbit)
    if to_act is None:
        pot = sum(s.committed for s in seats)
        events.append(Event(EventKind.BETTING_CLOSED, None, pot))
        live = [i for i, s in enumerate(seats) if not s.folded]
        if len(live) == 1:
            events.append(Event(EventKind.FOLD_OUT, live[0], pot))
        else:
            events.append(Event(EventKind.SHOWDOWN, None, pot))
    following = _derived_state(
        seats=tuple(seats),
        ante=state.ante,
        first_actor=state.first_actor,
        to_act=to_act,
        current_bet=current_bet,
        last_full_raise=last_full_raise,
        orbit=orbit,
        raise_orbits=raise_orbits,
        last_raise_orbit=last_raise_orbit,
        rules=state.rules,
    )
    return ActionResult(reason, action, following, tuple(events))


def _next_to_act(
    seats: Sequence[SeatState], after: int, current_bet: int, first_actor: int, orbit: int
) -> tuple[int | None, int]:
    """The next seat needing action after ``after`` (and the orbit it acts in), or ``None`` when closed."""
    if _is_closed(seats, current_bet):
        return None, orbit
    n = len(seats)
    here = (after - first_actor) % n
    for step in range(1, n + 1):
        seat = (after + step) % n
        if _needs_action(seats[seat], current_bet):
            return seat, orbit + (1 if (seat - first_actor) % n <= here else 0)
    raise AssertionError("an open betting round always has a seat needing action")  # pragma: no cover


_KIND_ORDER = {kind: i for i, kind in enumerate(ActionKind)}


def legal_actions(state: BettingState) -> LegalActions:
    """Every legal action for the seat to act, from the same :func:`judge` that :func:`apply` uses."""
    seat_index = state.to_act
    if seat_index is None:
        return LegalActions(None, (), 0, 0, 0, Reason.BETTING_CLOSED, 0)
    seat = state.seats[seat_index]
    kinds: list[ActionKind] = [
        kind
        for kind in ActionKind
        if kind is not ActionKind.RAISE and judge(state, Action(seat_index, kind)) is Reason.OK
    ]
    low = state.current_bet + state.min_raise
    high = seat.committed + seat.stack
    if state.rules.max_raise is not None:
        high = min(high, state.current_bet + state.rules.max_raise)
    raise_reason = judge(state, Action(seat_index, ActionKind.RAISE, low))
    if raise_reason is Reason.OK and low <= high:
        kinds.append(ActionKind.RAISE)
        kinds.sort(key=_KIND_ORDER.__getitem__)
    else:
        low = high = 0
    return LegalActions(
        seat_index,
        tuple(kinds),
        state.current_bet - seat.committed,
        low,
        high,
        raise_reason,
        seat.committed + seat.stack,
    )


def start_betting(
    stacks: Sequence[Any], ante: Any, first_actor: Any, rules: HouseRules = DEFAULT_RULES, field: str = ""
) -> BettingState:
    """Collect the ante (*tiền gà*) from every seat and open the betting at ``first_actor``.

    ``stacks`` are the seats' chips before the ante, in play order. ``ante`` may be ``None`` when
    ``rules.ante`` is set. Bad input (:class:`InvalidInput`): a wrong seat count (``stacks``), a negative or
    non-integer stack (``stacks[i]``), a stack below the ante (``stacks[i]``, ANTE_NOT_COVERED), a missing,
    non-positive or conflicting ante (``ante``), a first actor outside the table (``first_actor``); each under
    ``field``, where the caller holds these arguments (``round`` for a record's). Typed ``Any`` because they are
    checked here: compiled, a parameter typed ``int`` would refuse a string with a TypeError (and take ``True``
    as 1) before the checks could name it.
    """
    if not isinstance(rules, HouseRules):
        raise InvalidInput.one("house_rules", ErrorReason.INVALID_VALUE, "rules must be a HouseRules")
    stacks = tuple(stacks)
    n = len(stacks)
    if not MIN_SEATS <= n <= rules.max_players:
        raise InvalidInput.one(
            join(field, "stacks"),
            ErrorReason.WRONG_SEAT_COUNT,
            f"a Liêng round has {MIN_SEATS} to {rules.max_players} seats, got {n}",
        )
    if ante is None:
        ante = rules.ante
        if ante is None:
            raise InvalidInput.one(
                join(field, "ante"), ErrorReason.MISSING_VALUE, "the ante is required (here or as house_rules.ante)"
            )
    elif not is_int(ante) or ante <= 0:
        raise InvalidInput.one(
            join(field, "ante"), ErrorReason.OUT_OF_RANGE, f"ante must be a positive integer, got {ante!r}"
        )
    elif rules.ante is not None and rules.ante != ante:
        raise InvalidInput.one(
            join(field, "ante"),
            ErrorReason.CONFLICTING_VALUES,
            f"ante {ante} differs from house_rules.ante {rules.ante}",
        )
    problems: list[FieldViolation] = []
    for i, stack in enumerate(stacks):
        if not is_int(stack) or stack < 0:
            problems.append(
                FieldViolation(
                    join(field, f"stacks[{i}]"), ErrorReason.OUT_OF_RANGE, f"a stack is an integer ≥ 0, got {stack!r}"
                )
            )
        elif stack < ante:
            problems.append(
                FieldViolation(
                    join(field, f"stacks[{i}]"),
                    ErrorReason.ANTE_NOT_COVERED,
                    f"stack {stack} does not cover the ante {ante}",
                )
            )
    if not is_int(first_actor) or not 0 <= first_actor < n:
        problems.append(
            FieldViolation(
                join(field, "first_actor"), ErrorReason.SEAT_OUT_OF_RANGE, f"first_actor must be a seat 0..{n - 1}"
            )
        )
    if problems:
        raise InvalidInput(*problems)
    seats = tuple(SeatState(stack - ante, ante, False, stack == ante, False) for stack in stacks)
    to_act: int | None = None
    if not _is_closed(seats, ante):
        to_act = next((first_actor + k) % n for k in range(n) if _needs_action(seats[(first_actor + k) % n], ante))
    return BettingState(seats, ante, first_actor, to_act, ante, rules=rules)


# --- Trusted construction: states derived by apply from an already validated state ---------------------------
#
# ``BettingState.__post_init__`` and ``SeatState.__post_init__`` are the gate for every state that comes from
# outside. :func:`apply` only derives a state from one that passed it, after :func:`judge` found the action legal,
# and what it builds keeps the same invariants (chips move from stack to committed, never below zero; an emptied
# stack is all-in; the bet is the highest commitment; ``to_act`` comes from :func:`_next_to_act`), so it builds
# them unchecked (see cardrules.core.trusted; ``tests/core/lieng/test_properties.py`` rebuilds every derived
# state through the public constructors and checks that it validates and compares equal).


# The slots' own stores (cardrules.core.trusted.slot_setter), looked up once.
_seat_stack: Final = slot_setter(SeatState, "stack")
_seat_committed: Final = slot_setter(SeatState, "committed")
_seat_folded: Final = slot_setter(SeatState, "folded")
_seat_all_in: Final = slot_setter(SeatState, "all_in")
_seat_acted: Final = slot_setter(SeatState, "acted")
_state_seats: Final = slot_setter(BettingState, "seats")
_state_ante: Final = slot_setter(BettingState, "ante")
_state_first_actor: Final = slot_setter(BettingState, "first_actor")
_state_to_act: Final = slot_setter(BettingState, "to_act")
_state_current_bet: Final = slot_setter(BettingState, "current_bet")
_state_last_full_raise: Final = slot_setter(BettingState, "last_full_raise")
_state_orbit: Final = slot_setter(BettingState, "orbit")
_state_raise_orbits: Final = slot_setter(BettingState, "raise_orbits")
_state_last_raise_orbit: Final = slot_setter(BettingState, "last_raise_orbit")
_state_rules: Final = slot_setter(BettingState, "rules")


def _derived_seat(
    *, stack: int, committed: int, folded: bool = False, all_in: bool = False, acted: bool = False
) -> SeatState:
    """``SeatState(stack, committed, folded, all_in, acted)``, unvalidated: only :func:`apply` may call it."""
    seat = blank(SeatState)
    _seat_stack(seat, stack)
    _seat_committed(seat, committed)
    _seat_folded(seat, folded)
    _seat_all_in(seat, all_in)
    _seat_acted(seat, acted)
    return seat


def _derived_state(
    *,
    seats: tuple[SeatState, ...],
    ante: int,
    first_actor: int,
    to_act: int | None,
    current_bet: int,
    last_full_raise: int = 0,
    orbit: int = 0,
    raise_orbits: int = 0,
    last_raise_orbit: int = -1,
    rules: HouseRules = DEFAULT_RULES,
) -> BettingState:
    """``BettingState(...)`` with every field by keyword, unvalidated: only :func:`apply` may call it."""
    state = blank(BettingState)
    _state_seats(state, seats)
    _state_ante(state, ante)
    _state_first_actor(state, first_actor)
    _state_to_act(state, to_act)
    _state_current_bet(state, current_bet)
    _state_last_full_raise(state, last_full_raise)
    _state_orbit(state, orbit)
    _state_raise_orbits(state, raise_orbits)
    _state_last_raise_orbit(state, last_raise_orbit)
    _state_rules(state, rules)
    return state
