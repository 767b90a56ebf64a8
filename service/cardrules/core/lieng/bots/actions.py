"""The bots' plain actions (no amount), built and checked once: every decision in a search's playouts picks one
instead of constructing and validating a new :class:`~cardrules.core.lieng.betting.Action`."""

from __future__ import annotations

from cardrules.core.lieng.betting import Action, ActionKind
from cardrules.core.lieng.house_rules import MAX_SEATS

__all__ = ["plain_action"]

_PLAIN: tuple[dict[ActionKind, Action], ...] = tuple(
    {kind: Action(seat, kind) for kind in ActionKind if kind is not ActionKind.RAISE} for seat in range(MAX_SEATS)
)


def plain_action(seat: int, kind: ActionKind) -> Action:
    """``Action(seat, kind)`` for any kind but RAISE (which needs its amount)."""
    return _PLAIN[seat][kind]
