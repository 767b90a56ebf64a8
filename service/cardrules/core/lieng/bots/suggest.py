"""``suggest_action``: what should this seat do now? One answer per :class:`~cardrules.core.bots.Level`."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardrules.core.bots import Level, SearchSummary
from cardrules.core.checks import is_int
from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.core.lieng.betting import Action, BettingState
from cardrules.core.lieng.bots.basic import basic_action
from cardrules.core.lieng.bots.standard import standard_action
from cardrules.core.lieng.bots.strong import strong_action
from cardrules.core.lieng.bots.view import seat_view

__all__ = ["DEFAULT_PLAYOUTS", "MAX_PLAYOUTS", "MAX_SEED", "LiengSuggestion", "suggest_action"]

DEFAULT_PLAYOUTS = 60
"""The STRONG search's playouts when the caller names none: about 7–10 ms of CPU per suggestion at a 6-seat table in
pure Python (p99 13–17 ms on a loaded machine; tests/benchmarks/README.md, "Liêng bots"), inside the 20 ms a request
may take. In a 600-hand match against five STANDARD players, 120 playouts won no more chips than 60 (+52 and +54
per hand, ± 28)."""
MAX_PLAYOUTS = 70
"""The most playouts a caller may ask for: the cost grows with the playouts (80 took 1.3× the CPU of 60, p99 22 ms
on a loaded machine), and 70 keeps the p99 within the 20 ms of CPU per request of the service's hardening, in pure
Python at a 6-seat table (tests/benchmarks/README.md, "Liêng bots")."""
MAX_SEED = 2**64 - 1
"""A seed is an unsigned 64-bit integer, as the contract carries it."""


@dataclass(frozen=True, slots=True)
class LiengSuggestion:
    """A suggested ``action`` (always legal in the state it was asked for) and, for ``Level.STRONG``, what the
    search did to choose it (``None`` below STRONG)."""

    action: Action
    search: SearchSummary | None


def suggest_action(
    state: BettingState,
    seat: int,
    hand: Iterable[int] | Iterable[str],
    history: Sequence[Action],
    level: Level,
    seed: int,
    playouts: int | None = None,
) -> LiengSuggestion:
    """The action ``level`` suggests for ``seat``, the seat to act in ``state``, holding ``hand`` (its 3 cards),
    after the public ``history`` (every action since the ante, which must lead to ``state``).

    Only the seat's view is an input: no other seat's cards. ``seed`` (0..2⁶⁴−1) drives the STRONG search, whose
    budget is ``playouts`` (1..:data:`MAX_PLAYOUTS`; ``None``: :data:`DEFAULT_PLAYOUTS`); BASIC and STANDARD use
    neither. The same arguments give the same answer in every process.

    :class:`InvalidInput` names the field: see :func:`~cardrules.core.lieng.bots.view.seat_view` for ``state``,
    ``seat``, ``hand`` and ``history``; ``level`` not a Level; ``seed`` or ``playouts`` out of range.
    """
    if not isinstance(level, Level):
        raise InvalidInput.one(
            "level", ErrorReason.UNKNOWN_ENUM_VALUE, f"level must be one of {', '.join(Level.__members__)}"
        )
    if not is_int(seed) or not 0 <= seed <= MAX_SEED:
        raise InvalidInput.one("seed", ErrorReason.OUT_OF_RANGE, f"seed must be an integer 0..2^64-1, got {seed!r}")
    if playouts is not None and (not is_int(playouts) or not 1 <= playouts <= MAX_PLAYOUTS):
        raise InvalidInput.one(
            "playouts", ErrorReason.OUT_OF_RANGE, f"playouts must be 1..{MAX_PLAYOUTS} when given, got {playouts!r}"
        )
    view = seat_view(state, seat, hand, history)
    if level is Level.BASIC:
        return LiengSuggestion(basic_action(view.state, view.seat), None)
    if level is Level.STANDARD:
        return LiengSuggestion(standard_action(view.state, view.seat, view.sort_key), None)
    action, summary = strong_action(view, seed, DEFAULT_PLAYOUTS if playouts is None else playouts)
    return LiengSuggestion(action, summary)
