"""What to tell a player whose betting action was rejected, with the numbers they need to fix it.

A raise outside the legal range names the bound it broke (docs/rules/lieng.md §6.8): "Raise to at least 60
(current bet 40 + minimum raise 20)". Every other reason keeps its fixed message (:class:`Reason`). The stable
part of an answer is the reason code; these sentences are for people.
"""

from __future__ import annotations

from cardrules.core.lieng.betting import Action, ActionKind, BettingState
from cardrules.core.lieng.reasons import Reason

__all__ = ["explain"]


def explain(state: BettingState, action: Action, reason: Reason) -> tuple[str, str]:
    """(English, Vietnamese) message for ``reason``, the answer :func:`~.betting.judge` gave ``action`` in ``state``."""
    seat = state.seats[action.seat] if 0 <= action.seat < len(state.seats) else None
    if seat is None or state.to_act != action.seat:
        return reason.message_en, reason.message_vi
    bet = state.current_bet
    cap = state.rules.max_raise
    if reason is Reason.RAISE_BELOW_MINIMUM:
        low = bet + state.min_raise
        return (
            f"Raise to at least {low} (current bet {bet} + minimum raise {state.min_raise}), not {action.amount}.",
            f"Phải tố lên ít nhất {low} (cược hiện tại {bet} + mức tố tối thiểu {state.min_raise}),"
            f" không phải {action.amount}.",
        )
    if reason is Reason.RAISE_ABOVE_CAP and cap is not None:
        high = bet + cap
        if action.kind is ActionKind.ALL_IN:
            total = seat.committed + seat.stack
            return (
                f"All-in to {total} raises by {total - bet}, above the raise cap {cap}: raise to at most {high}"
                f" (current bet {bet} + raise cap {cap}), call or fold.",
                f"Tố tất lên {total} là tố thêm {total - bet}, vượt mức tố tối đa {cap}: chỉ được tố lên tối đa"
                f" {high} (cược hiện tại {bet} + mức tố tối đa {cap}), theo hoặc úp bài.",
            )
        return (
            f"Raise to at most {high} (current bet {bet} + raise cap {cap}), not {action.amount}.",
            f"Chỉ được tố lên tối đa {high} (cược hiện tại {bet} + mức tố tối đa {cap}), không phải {action.amount}.",
        )
    if reason is Reason.NOT_ENOUGH_CHIPS:
        most = seat.committed + seat.stack
        return (
            f"Your chips cover a raise to at most {most} (committed {seat.committed} + stack {seat.stack}),"
            f" not {action.amount}.",
            f"Số tiền của bạn chỉ đủ tố lên tối đa {most} (đã cược {seat.committed} + còn lại {seat.stack}),"
            f" không phải {action.amount}.",
        )
    return reason.message_en, reason.message_vi
