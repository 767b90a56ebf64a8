"""The house fee, the same rule in both games (docs/rules/sam-loc.md §6, docs/rules/lieng.md §3): each seat
whose result is positive pays floor(result × ``fee_bps`` / 10000) to the house."""

from __future__ import annotations

from collections.abc import Sequence

MAX_FEE_BPS = 10000
"""``fee_bps`` is in basis points: 10000 is the whole gain."""


def fee_bps_problem(fee_bps: object) -> str | None:
    """Why ``fee_bps`` is not a fee (an integer 0..10000, not a bool), or None."""
    if isinstance(fee_bps, int) and not isinstance(fee_bps, bool) and 0 <= fee_bps <= MAX_FEE_BPS:
        return None
    return f"fee_bps must be an integer from 0 to {MAX_FEE_BPS}, got {fee_bps!r}"


def house_fees(gross: Sequence[int], fee_bps: int) -> tuple[int, ...]:
    """What each seat pays the house on its ``gross`` result (received − paid): nothing on a loss or zero."""
    return tuple([g * fee_bps // MAX_FEE_BPS if g > 0 else 0 for g in gross])
