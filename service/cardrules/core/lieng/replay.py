"""Replaying and settling a round record through the same :func:`~cardrules.core.lieng.betting.apply`.

:func:`replay` starts the betting (ante collected), applies every action in order and fails with
:class:`InvalidInput` at ``actions[i]`` on the first illegal one (reason ``ILLEGAL_ACTION``, the description
starting with the stable :class:`Reason` code, then the English message) and at ``actions`` (``ROUND_NOT_OVER``)
when betting is still open after the last action. :func:`settle_round` then settles the closed state with the
record's hands. Every path is under the record's ``path``.
"""

from __future__ import annotations

from typing import NamedTuple

from cardrules.core.errors import ErrorReason, InvalidInput, join
from cardrules.core.lieng.betting import ActionResult, BettingState, apply, start_betting
from cardrules.core.lieng.explain import explain
from cardrules.core.lieng.record import RoundRecord
from cardrules.core.lieng.settlement import RoundResult, settle_betting

__all__ = ["Replay", "replay", "settle_round"]


class Replay(NamedTuple):
    """``states[0]`` is the state after the ante; ``states[i + 1]`` follows ``results[i]`` (action i)."""

    states: tuple[BettingState, ...]
    results: tuple[ActionResult, ...]

    @property
    def final_state(self) -> BettingState:
        return self.states[-1]


def replay(record: RoundRecord) -> Replay:
    """Replay every action of ``record``; see the module doc for the errors."""
    path = record.path
    state = start_betting(record.stacks, record.ante, record.first_actor, record.house_rules, path)
    states = [state]
    results: list[ActionResult] = []
    actions = join(path, "actions")  # each action's path is built as before, one f-string: a record has hundreds
    for i, action in enumerate(record.actions):
        result = apply(state, action, f"{actions}[{i}]")
        if result.state is None:
            raise InvalidInput.one(
                f"{actions}[{i}]",
                ErrorReason.ILLEGAL_ACTION,
                f"{result.reason.code}: seat {action.seat} {action.kind.name}"
                + (f" to {action.amount}" if action.amount else "")
                + f": {explain(state, action, result.reason)[0]}",
            )
        state = result.state
        states.append(state)
        results.append(result)
    if not state.closed:
        raise InvalidInput.one(
            actions,
            ErrorReason.ROUND_NOT_OVER,
            f"betting is still open after the last action: seat {state.to_act} is to act",
        )
    return Replay(tuple(states), tuple(results))


def settle_round(record: RoundRecord) -> RoundResult:
    """Replay ``record`` and settle it: pots, transfers, nets and fee (``sum(nets) + fee == 0``)."""
    return settle_betting(replay(record).final_state, record.hands, join(record.path, "hands"))
