"""Replay a :class:`RoundRecord` through the one apply function, and settle it.

:func:`replay` is the one replay loop, for SettleRound and ReplayRound alike: ReplayRound passes ``each_step`` to
see every step as it is made, and shows the :class:`ReplayStopped` error (where and why the record stops being a
legal hand) that SettleRound sends as INVALID_ARGUMENT.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from mypy_extensions import mypyc_attr

from cardrules.core.errors import ErrorReason, InvalidInput, join
from cardrules.core.sam.apply import Replayed, describe, replay_step
from cardrules.core.sam.deal import InstantWin, start_checked
from cardrules.core.sam.events import Chop, Event, EventKind
from cardrules.core.sam.reasons import Illegal, Reason
from cardrules.core.sam.record import RoundRecord
from cardrules.core.sam.settlement import Settlement, settle
from cardrules.core.sam.state import TableState

__all__ = ["Replay", "ReplayStopped", "replay", "replay_start", "settle_replayed", "settle_round"]

_CHOP = EventKind.CHOP
_OVER_CHOP = EventKind.OVER_CHOP


class Replay(NamedTuple):
    """A replayed round: the first and final state (or the instant win), the events of each action, and the
    chop chains of the hand (one tuple per trick that had chops)."""

    start: TableState | InstantWin
    final: TableState | InstantWin
    events: tuple[tuple[Event, ...], ...]
    chop_chains: tuple[tuple[Chop, ...], ...]


@mypyc_attr(native_class=False)  # its base class stays interpreted (setup.py's PLAIN)
class ReplayStopped(InvalidInput):
    """A record that is not a legal hand, as SettleRound refuses it: its violation, and where the replay stopped,
    ``index`` (of the action that cannot be replayed; ``len(actions)`` when the record ends before the hand does),
    with ``illegal``, the rules' reason when the action is illegal (None for a card not in hand or a hand not over).
    """

    def __init__(self, index: int, error: InvalidInput, illegal: Reason | None = None) -> None:
        super().__init__(*error.violations, unlisted=error.unlisted)
        self.index = index
        self.illegal = illegal


def replay_start(record: RoundRecord) -> TableState | InstantWin:
    """The first state of ``record``'s hand, or its instant win."""
    # The record validated its hands, leader and declarations when it was built (it is frozen): start from them
    # without checking them again.
    return start_checked(record.hands, record.leader, record.declarations, record.house_rules)


def replay(record: RoundRecord, each_step: Callable[[Replayed], None] | None = None) -> Replay:
    """Replay every action in order with :func:`~cardrules.core.sam.apply.replay_step` (a
    :class:`~cardrules.core.sam.actions.Timeout` resolves as ValidatePlay resolved it: the same
    :func:`~cardrules.core.sam.timeout.resolve_timeout`), giving each accepted action's step to ``each_step``.

    :class:`ReplayStopped` at ``actions[i]`` (``ILLEGAL_ACTION``, the description starting with the :class:`Reason`
    code, e.g. ``DOES_NOT_BEAT: …``, ``HAND_OVER: …`` for an action after the end), ``actions[i].cards[j]`` for a
    card not in hand, and at ``actions`` (``ROUND_NOT_OVER``) when the hand is not over after the last action; each
    under the record's ``path`` in its ``naming``.
    """
    start = replay_start(record)
    path = record.path
    if isinstance(start, InstantWin):
        if record.actions:
            raise ReplayStopped(
                0,
                InvalidInput.one(
                    join(path, "actions[0]"),
                    ErrorReason.ILLEGAL_ACTION,
                    f"{Reason.HAND_OVER.name}: the hand ended at the deal ({start.kind.name} instant win)",
                ),
                Reason.HAND_OVER,
            )
        return Replay(start, start, (), ())
    state = start
    naming = record.naming
    all_events: list[tuple[Event, ...]] = []
    chains: list[tuple[Chop, ...]] = []
    for i, action in enumerate(record.actions):
        try:
            result = replay_step(state, action, i, path, naming)
        except InvalidInput as error:  # a card the seat does not hold
            raise ReplayStopped(i, error) from None
        if isinstance(result, Illegal):
            raise ReplayStopped(
                i,
                InvalidInput.one(
                    join(path, f"actions[{i}]"),
                    ErrorReason.ILLEGAL_ACTION,
                    f"{result.reason.name}: {describe(action)} is illegal: {result.reason.english}",
                ),
                result.reason,
            )
        if each_step is not None:
            each_step(result)
        state, events, _, _ = result
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
        raise ReplayStopped(
            len(record.actions),
            InvalidInput.one(
                join(path, "actions"),
                ErrorReason.ROUND_NOT_OVER,
                f"the hand is not over after the last action (seat {state.turn} is to act)",
            ),
        )
    return Replay(start, state, tuple(all_events), tuple(chains))


def settle_replayed(record: RoundRecord, played: Replay) -> Settlement:
    """Settle ``record``'s hand as ``played`` (rules §6)."""
    return settle(played.final, record.stake, played.chop_chains)


def settle_round(record: RoundRecord) -> Settlement:
    """Replay and settle a round (rules §6)."""
    return settle_replayed(record, replay(record))
