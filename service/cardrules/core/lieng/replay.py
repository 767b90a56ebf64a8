"""Replaying and settling a round record through the same :func:`~cardrules.core.lieng.betting.apply`.

:func:`replay` is the one replay loop, for SettleRound and ReplayRound alike: it starts the betting (ante
collected), applies every action in order (giving each answer to ``each_step``, which ReplayRound passes) and fails
with :class:`ReplayStopped` at ``actions[i]`` on the first illegal one (reason ``ILLEGAL_ACTION``, the description
starting with the stable :class:`Reason` code, then the English message) and at ``actions`` (``ROUND_NOT_OVER``)
when betting is still open after the last action. :func:`settle_round` then settles the closed state with the
record's hands. Every path is under the record's ``path``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from mypy_extensions import mypyc_attr

from cardrules.core.errors import ErrorReason, InvalidInput, join
from cardrules.core.lieng.betting import ActionResult, BettingState, apply, start_betting
from cardrules.core.lieng.explain import explain
from cardrules.core.lieng.reasons import Reason
from cardrules.core.lieng.record import RoundRecord
from cardrules.core.lieng.settlement import RoundResult, settle_betting

__all__ = ["Replay", "ReplayStopped", "replay", "replay_start", "settle_replayed", "settle_round"]


class Replay(NamedTuple):
    """``states[0]`` is the state after the ante; ``states[i + 1]`` follows ``results[i]`` (action i)."""

    states: tuple[BettingState, ...]
    results: tuple[ActionResult, ...]

    @property
    def final_state(self) -> BettingState:
        return self.states[-1]


@mypyc_attr(native_class=False)  # its base class stays interpreted (setup.py's PLAIN)
class ReplayStopped(InvalidInput):
    """A record that is not a legal round, as SettleRound refuses it: its violation, and where the replay stopped,
    ``index`` (of the illegal action; ``len(actions)`` when the record ends with betting open), with ``illegal``, the
    rules' reason for an illegal action (None when betting is not over)."""

    def __init__(self, index: int, error: InvalidInput, illegal: Reason | None = None) -> None:
        super().__init__(*error.violations, unlisted=error.unlisted)
        self.index = index
        self.illegal = illegal


def replay_start(record: RoundRecord) -> BettingState:
    """The betting state of ``record`` after the ante."""
    # The record leaves its stacks, ante and first actor to start_betting's checks: read as given (compiled, a
    # read of ``record.ante`` would check its declared type first; see AS GIVEN in cardrules.core.sam.state).
    as_given: Any = record
    return start_betting(as_given.stacks, as_given.ante, as_given.first_actor, record.house_rules, record.path)


def replay(record: RoundRecord, each_step: Callable[[ActionResult], None] | None = None) -> Replay:
    """Replay every action of ``record``, giving each (legal) answer to ``each_step``; see the module doc for the
    errors."""
    state = replay_start(record)
    states = [state]
    results: list[ActionResult] = []
    actions = join(record.path, "actions")  # each action's path is built as before, one f-string: a record has hundreds
    for i, action in enumerate(record.actions):
        result = apply(state, action, f"{actions}[{i}]")
        if result.state is None:
            raise ReplayStopped(
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
        if each_step is not None:
            each_step(result)
        state = result.state
        states.append(state)
        results.append(result)
    if not state.closed:
        raise ReplayStopped(
            len(record.actions),
            InvalidInput.one(
                actions,
                ErrorReason.ROUND_NOT_OVER,
                f"betting is still open after the last action: seat {state.to_act} is to act",
            ),
        )
    return Replay(tuple(states), tuple(results))


def settle_replayed(record: RoundRecord, final: BettingState) -> RoundResult:
    """Settle ``record`` from its closed betting state ``final``: pots, transfers, nets and fee
    (``sum(nets) + fee == 0``)."""
    return settle_betting(final, record.hands, join(record.path, "hands"))


def settle_round(record: RoundRecord) -> RoundResult:
    """Replay ``record`` and settle it (:func:`settle_replayed`)."""
    return settle_replayed(record, replay(record).final_state)
