"""``Level.BASIC``: what the service plays for a seat whose clock ran out (docs/rules/lieng.md §6.9).

It is :func:`~cardrules.core.lieng.betting.resolve_timeout`'s answer, the same code that resolves a TIMEOUT: FOLD,
or CHECK under ``timeout_checks`` when the seat owes nothing.
"""

from __future__ import annotations

from cardrules.core.lieng.betting import Action, BettingState, resolve_timeout
from cardrules.core.lieng.bots.actions import plain_action

__all__ = ["basic_action"]


def basic_action(state: BettingState, seat: int) -> Action:
    """The action a TIMEOUT of ``seat`` (the seat to act) resolves to."""
    return plain_action(seat, resolve_timeout(state, seat))
