"""Replaying and settling a round record through the same :func:`~cardrules.core.lieng.betting.apply`.

:func:`replay_steps` is the one replay loop: it starts the betting (ante collected), applies every action in order
and yields each one's :class:`ReplayStep`, then, when the record cannot be replayed to the close of betting, a last
:class:`ReplayStop` with the error SettleRound fails with: at ``actions[i]`` on the first illegal action (reason
``ILLEGAL_ACTION``, the description starting with the stable :class:`Reason` code, then the English message), or at
``actions`` (``ROUND_NOT_OVER``) when betting is still open after the last action. :func:`replay` (SettleRound)
raises that error; ReplayRound shows the steps and the stop. :func:`settle_round` settles the closed state with the
record's hands. Every path is under the record's ``path``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from cardrules.core.errors import ErrorReason, InvalidInput, join
from cardrules.core.lieng.betting import ActionResult, BettingState, apply, start_betting
from cardrules.core.lieng.explain import explain
from cardrules.core.lieng.reasons import Reason
from cardrules.core.lieng.record import RoundRecord
from cardrules.core.lieng.settlement import RoundResult, settle_betting

__all__ = [
    "Replay",
    "ReplayStep",
    "ReplayStop",
    "replay",
    "replay_start",
    "replay_steps",
    "settle_replayed",
    "settle_round",
]


class Replay(NamedTuple):
    """``states[0]`` is the state after the ante; ``states[i + 1]`` follows ``results[i]`` (action i)."""

    states: tuple[BettingState, ...]
    results: tuple[ActionResult, ...]

    @property
    def final_state(self) -> BettingState:
        return self.states[-1]


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """Action ``index`` of the record, :func:`~cardrules.core.lieng.betting.apply`'s answer to it (its events, and
    for a timeout the FOLD or CHECK it was) and the state after it (the answer's, never None here)."""

    index: int
    result: ActionResult
    state: BettingState


@dataclass(frozen=True, slots=True)
class ReplayStop:
    """Where a replay stopped before betting closed: the index of the illegal action (``len(actions)`` when the
    record ends with betting open), the error SettleRound fails with, and the rules' reason for an illegal action
    (None when betting is not over)."""

    index: int
    error: InvalidInput
    illegal: Reason | None = None


def replay_start(record: RoundRecord) -> BettingState:
    """The betting state of ``record`` after the ante."""
    return start_betting(record.stacks, record.ante, record.first_actor, record.house_rules, record.path)


def replay_steps(record: RoundRecord, start: BettingState) -> Iterator[ReplayStep | ReplayStop]:
    """Each action of ``record`` applied in order from ``start``, then a :class:`ReplayStop` if betting does not
    close exactly at the last action; see the module doc for the stop's error."""
    state = start
    actions = join(record.path, "actions")  # each action's path is one f-string: a record has hundreds
    for i, action in enumerate(record.actions):
        result = apply(state, action, f"{actions}[{i}]")
        if result.state is None:
            yield ReplayStop(
                i,
                InvalidInput.one(
                    f"{actions}[{i}]",
                    ErrorReason.ILLEGAL_ACTION,
                    f"{result.reason.code}: seat {action.seat} {action.kind.name}"
                    + (f" to {action.amount}" if action.amount else "")
                    + f": {explain(state, action, result.reason)[0]}",
                ),
                result.reason,
            )
            return
        state = result.state
        yield ReplayStep(i, result, state)
    if not state.closed:
        yield ReplayStop(
            len(record.actions),
            InvalidInput.one(
                actions,
                ErrorReason.ROUND_NOT_OVER,
                f"betting is still open after the last action: seat {state.to_act} is to act",
            ),
        )


def replay(record: RoundRecord) -> Replay:
    """Replay every action of ``record`` (:func:`replay_steps`); raise the stop's :class:`InvalidInput` if any."""
    start = replay_start(record)
    states = [start]
    results: list[ActionResult] = []
    for item in replay_steps(record, start):
        if isinstance(item, ReplayStop):
            raise item.error
        states.append(item.state)
        results.append(item.result)
    return Replay(tuple(states), tuple(results))


def settle_replayed(record: RoundRecord, final: BettingState) -> RoundResult:
    """Settle ``record`` from its closed betting state ``final``: pots, transfers, nets and fee
    (``sum(nets) + fee == 0``)."""
    return settle_betting(final, record.hands, join(record.path, "hands"))


def settle_round(record: RoundRecord) -> RoundResult:
    """Replay ``record`` and settle it (:func:`settle_replayed`)."""
    return settle_replayed(record, replay(record).final_state)
