"""Replay a :class:`RoundRecord` through the one apply function, and settle it."""

from __future__ import annotations

from typing import NamedTuple

from cardrules.core.errors import ErrorReason, InvalidInput, join
from cardrules.core.sam.apply import describe, step
from cardrules.core.sam.deal import InstantWin, start_checked
from cardrules.core.sam.events import Chop, Event, EventKind
from cardrules.core.sam.reasons import Illegal, Reason
from cardrules.core.sam.record import RoundRecord
from cardrules.core.sam.settlement import Settlement, settle
from cardrules.core.sam.state import TableState

_CHOP = EventKind.CHOP
_OVER_CHOP = EventKind.OVER_CHOP


class Replay(NamedTuple):
    """A replayed round: the first and final state (or the instant win), the events of each action, and the
    chop chains of the hand (one tuple per trick that had chops)."""

    start: TableState | InstantWin
    final: TableState | InstantWin
    events: tuple[tuple[Event, ...], ...]
    chop_chains: tuple[tuple[Chop, ...], ...]


def replay(record: RoundRecord) -> Replay:
    """Replay every action with :func:`apply` (a :class:`~cardrules.core.sam.actions.Timeout` resolves as
    ValidatePlay resolved it: the same :func:`~cardrules.core.sam.timeout.resolve_timeout`).

    :class:`InvalidInput` at ``actions[i]`` (``ILLEGAL_ACTION``, the description starting with the
    :class:`Reason` code, e.g. ``DOES_NOT_BEAT: …``, ``HAND_OVER: …`` for an action after the end),
    ``actions[i].cards[j]`` for a card not in hand, and at ``actions`` (``ROUND_NOT_OVER``) when the hand is not
    over after the last action; each under the record's ``path`` in its ``naming``.
    """
    # The record validated its hands, leader and declarations when it was built (it is frozen): start from them
    # without checking them again.
    start = start_checked(record.hands, record.leader, record.declarations, record.house_rules)
    path = record.path
    if isinstance(start, InstantWin):
        if record.actions:
            raise InvalidInput.one(
                join(path, "actions[0]"),
                ErrorReason.ILLEGAL_ACTION,
                f"{Reason.HAND_OVER.name}: the hand ended at the deal ({start.kind.name} instant win)",
            )
        return Replay(start, start, (), ())
    state = start
    all_events: list[tuple[Event, ...]] = []
    chains: list[tuple[Chop, ...]] = []
    for i, action in enumerate(record.actions):
        result = step(state, action, i, path, record.naming)
        if isinstance(result, Illegal):
            raise InvalidInput.one(
                join(path, f"actions[{i}]"),
                ErrorReason.ILLEGAL_ACTION,
                f"{result.reason.name}: {describe(action)} is illegal: {result.reason.english}",
            )
        state, events, _ = result
        all_events.append(events)
        # apply puts a chop's event first (an action chops at most once; a timeout never chops, so its TIMEOUT
        # event leading the list hides no chop): no need to scan the other events. The
        # kinds are compared by identity with members read once (a set look-up would hash the member in Python,
        # and ``EventKind.CHOP`` is a slow read in CPython 3.11: see apply._INVALID), on every trick end.
        if events:
            event = events[0]
            if event.kind is _CHOP:
                chains.append((Chop(event.seat, event.other_seat or 0, 1),))
            elif event.kind is _OVER_CHOP:
                chains[-1] = (*chains[-1], Chop(event.seat, event.other_seat or 0, event.chain_position))
    if state.ended is None:
        raise InvalidInput.one(
            join(path, "actions"),
            ErrorReason.ROUND_NOT_OVER,
            f"the hand is not over after the last action (seat {state.turn} is to act)",
        )
    return Replay(start, state, tuple(all_events), tuple(chains))


def settle_round(record: RoundRecord) -> Settlement:
    """Replay and settle a round (rules §6)."""
    played = replay(record)
    return settle(played.final, record.stake, played.chop_chains)
