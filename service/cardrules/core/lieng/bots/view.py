"""What the seat to act knows, checked: its own three cards, the public betting state and the public history.

A bot is given nothing else, so no other seat's hidden cards can reach its answer (the cannot-cheat property of
docs/bots.md). :func:`seat_view` checks the request's parts against each other: the seat must be the one to act,
the hand three distinct cards, and the history, replayed from the ante through the same
:func:`~cardrules.core.lieng.betting.apply` the service uses, must lead exactly to the state.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cardrules.core.cards import Card
from cardrules.core.checks import is_int
from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.core.lieng.betting import Action, BettingState, apply, start_betting
from cardrules.core.lieng.explain import explain
from cardrules.core.lieng.hand_score import score_hand

__all__ = ["SeatView", "seat_view"]


@dataclass(frozen=True, slots=True)
class SeatView:
    """The seat's knowledge: ``states[i]`` is the betting state ``history[i]`` was taken in, ``states[-1]`` the
    state now (``seat`` to act); ``hand`` the seat's cards and ``sort_key`` their comparison key under the state's
    house rules (:func:`~cardrules.core.lieng.hand_score.hand_sort_key`)."""

    state: BettingState
    seat: int
    hand: tuple[Card, ...]
    sort_key: int
    history: tuple[Action, ...]
    states: tuple[BettingState, ...]


def seat_view(state: object, seat: object, hand: Iterable[int] | Iterable[str], history: object) -> SeatView:
    """Check a suggestion request's parts and return the seat's view.

    :class:`InvalidInput`: ``state`` not a betting state; ``seat`` not an integer seat of the table
    (SEAT_OUT_OF_RANGE), betting closed or another seat to act (CONFLICTING_VALUES); ``hand`` not three distinct
    cards (at ``hand`` / ``hand[i]``); ``history`` not a sequence of actions (``history[i]``), an action the rules
    refuse (``history[i]``, ILLEGAL_ACTION), or a history that does not end in ``state`` (CONFLICTING_VALUES).
    """
    if not isinstance(state, BettingState):
        raise InvalidInput.one("state", ErrorReason.INVALID_VALUE, "state must be a Liêng betting state")
    n = len(state.seats)
    if not is_int(seat) or not 0 <= seat < n:  # type: ignore[operator]
        raise InvalidInput.one("seat", ErrorReason.SEAT_OUT_OF_RANGE, f"seat must be 0..{n - 1}, got {seat!r}")
    assert isinstance(seat, int)
    if state.to_act is None:
        raise InvalidInput.one("seat", ErrorReason.CONFLICTING_VALUES, "betting is closed: no seat is to act")
    if seat != state.to_act:
        raise InvalidInput.one(
            "seat", ErrorReason.CONFLICTING_VALUES, f"seat {seat} is not to act: seat {state.to_act} is"
        )
    score = score_hand(hand, state.rules, "hand")
    if not isinstance(history, (tuple, list)):
        raise InvalidInput.one("history", ErrorReason.INVALID_VALUE, "history must be a list of actions")
    states = [_start(state)]
    for i, action in enumerate(history):
        if not isinstance(action, Action):
            raise InvalidInput.one(f"history[{i}]", ErrorReason.INVALID_VALUE, "each history entry is an action")
        before = states[-1]
        result = apply(before, action, f"history[{i}]")
        if result.state is None:
            raise InvalidInput.one(
                f"history[{i}]",
                ErrorReason.ILLEGAL_ACTION,
                f"{result.reason.code}: seat {action.seat} {action.kind.name}"
                + (f" to {action.amount}" if action.amount else "")
                + f": {explain(before, action, result.reason)[0]}",
            )
        states.append(result.state)
    replayed: object = states[-1]  # compared as objects: compiled, `!=` between two BettingState values (a non-native
    # class) is an identity test
    if replayed != state:
        raise InvalidInput.one(
            "history",
            ErrorReason.CONFLICTING_VALUES,
            "the history, replayed from the ante, does not lead to the state (give every action since the ante)",
        )
    return SeatView(state, seat, score.cards, score.sort_key, tuple(history), tuple(states))


def _start(state: BettingState) -> BettingState:
    """The state right after the ante of the round ``state`` belongs to: each seat's chips before the ante are
    what it has behind plus what it has put in."""
    stacks = [s.stack + s.committed for s in state.seats]
    return start_betting(stacks, state.ante, state.first_actor, state.rules, "state")
