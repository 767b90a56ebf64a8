"""Replay a :class:`RoundRecord` through the one apply function, and settle it.

:func:`replay_steps` is the one replay loop: it yields each action's :class:`ReplayStep` and, when the record cannot
be replayed to the hand's end, a last :class:`ReplayStop` carrying the error SettleRound fails with. :func:`replay`
(SettleRound) raises that error; ReplayRound shows the steps and the stop.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from cardrules.core.errors import ErrorReason, InvalidInput, join
from cardrules.core.sam.actions import Action
from cardrules.core.sam.apply import Applied, apply_at, describe
from cardrules.core.sam.deal import InstantWin, start_checked
from cardrules.core.sam.events import Chop, Event, EventKind
from cardrules.core.sam.reasons import Illegal, Reason
from cardrules.core.sam.record import RoundRecord
from cardrules.core.sam.settlement import Settlement, settle
from cardrules.core.sam.state import TableState

__all__ = [
    "Replay",
    "ReplayStep",
    "ReplayStop",
    "replay",
    "replay_start",
    "replay_steps",
    "replayed",
    "settle_replayed",
    "settle_round",
]

_CHOP = EventKind.CHOP
_OVER_CHOP = EventKind.OVER_CHOP


class Replay(NamedTuple):
    """A replayed round: the first and final state (or the instant win), the events of each action, and the
    chop chains of the hand (one tuple per trick that had chops)."""

    start: TableState | InstantWin
    final: TableState | InstantWin
    events: tuple[tuple[Event, ...], ...]
    chop_chains: tuple[tuple[Chop, ...], ...]


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """Action ``index`` of the record, as recorded, and what :func:`~cardrules.core.sam.apply.apply` answered for
    it (the state after it, its events, its combination, and for a timeout the play or pass it resolved to)."""

    index: int
    action: Action
    applied: Applied


@dataclass(frozen=True, slots=True)
class ReplayStop:
    """Where a replay stopped before the hand's end: the index of the action that cannot be replayed
    (``len(actions)`` when the record ends before the hand does), the error SettleRound fails with for it, and the
    rules' reason when the action is illegal (None for a card not in hand or a hand not over)."""

    index: int
    error: InvalidInput
    illegal: Reason | None = None


def replay_start(record: RoundRecord) -> TableState | InstantWin:
    """The first state of ``record``'s hand, or its instant win."""
    # The record validated its hands, leader and declarations when it was built (it is frozen): start from them
    # without checking them again.
    return start_checked(record.hands, record.leader, record.declarations, record.house_rules)


def replay_steps(record: RoundRecord, start: TableState | InstantWin) -> Iterator[ReplayStep | ReplayStop]:
    """Each action of ``record`` applied in order from ``start`` (a
    :class:`~cardrules.core.sam.actions.Timeout` resolves as ValidatePlay resolved it: the same
    :func:`~cardrules.core.sam.timeout.resolve_timeout`), then a :class:`ReplayStop` if the hand does not end exactly at
    the last action.

    The stop's error is at ``actions[i]`` (``ILLEGAL_ACTION``, the description starting with the :class:`Reason`
    code, e.g. ``DOES_NOT_BEAT: …``, ``HAND_OVER: …`` for an action after the end), ``actions[i].cards[j]`` for a
    card not in hand, or ``actions`` (``ROUND_NOT_OVER``) when the hand is not over after the last action; each
    under the record's ``path`` in its ``naming``.
    """
    path = record.path
    if isinstance(start, InstantWin):
        if record.actions:
            yield ReplayStop(
                0,
                InvalidInput.one(
                    join(path, "actions[0]"),
                    ErrorReason.ILLEGAL_ACTION,
                    f"{Reason.HAND_OVER.name}: the hand ended at the deal ({start.kind.name} instant win)",
                ),
                Reason.HAND_OVER,
            )
        return
    state = start
    naming = record.naming
    for i, action in enumerate(record.actions):
        try:
            result = apply_at(state, action, i, path, naming)
        except InvalidInput as error:  # a card the seat does not hold
            yield ReplayStop(i, error)
            return
        if isinstance(result, Illegal):
            yield ReplayStop(
                i,
                InvalidInput.one(
                    join(path, f"actions[{i}]"),
                    ErrorReason.ILLEGAL_ACTION,
                    f"{result.reason.name}: {describe(action)} is illegal: {result.reason.english}",
                ),
                result.reason,
            )
            return
        yield ReplayStep(i, action, result)
        state = result.state
    if state.ended is None:
        yield ReplayStop(
            len(record.actions),
            InvalidInput.one(
                join(path, "actions"),
                ErrorReason.ROUND_NOT_OVER,
                f"the hand is not over after the last action (seat {state.turn} is to act)",
            ),
        )


def replay(record: RoundRecord) -> Replay:
    """Replay every action (:func:`replay_steps`); raise the stop's :class:`InvalidInput` if there is one."""
    start = replay_start(record)
    steps: list[ReplayStep] = []
    for item in replay_steps(record, start):
        if isinstance(item, ReplayStop):
            raise item.error
        steps.append(item)
    return replayed(start, steps)


def replayed(start: TableState | InstantWin, steps: Sequence[ReplayStep]) -> Replay:
    """The :class:`Replay` of a hand from ``start`` whose :func:`replay_steps` are ``steps``, with no stop."""
    state = start
    all_events: list[tuple[Event, ...]] = []
    chains: list[tuple[Chop, ...]] = []
    for item in steps:
        state, events = item.applied.state, item.applied.events
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
    return Replay(start, state, tuple(all_events), tuple(chains))


def settle_replayed(record: RoundRecord, played: Replay) -> Settlement:
    """Settle ``record``'s hand as ``played`` (rules §6)."""
    return settle(played.final, record.stake, played.chop_chains)


def settle_round(record: RoundRecord) -> Settlement:
    """Replay and settle a round (rules §6)."""
    return settle_replayed(record, replay(record))
