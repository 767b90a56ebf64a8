"""Stable reason codes for Liêng betting answers, each with an English and a Vietnamese message.

A reason is a rules answer ("you cannot check now"), never bad input. The code (the enum value) is stable and
is what clients switch on; the messages are for people.
"""

from __future__ import annotations

import enum

__all__ = ["Reason"]


@enum.unique
class Reason(enum.StrEnum):
    """Why a betting action is (or is not) legal. ``OK`` means legal."""

    OK = "OK"
    """The action is legal."""
    BETTING_CLOSED = "BETTING_CLOSED"
    """Betting has ended (fold-out or every active seat matched and acted)."""
    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    """Another seat is to act (folded and all-in seats never are)."""
    CANNOT_CHECK = "CANNOT_CHECK"
    """A check needs ``committed == current_bet``; there is a bet to call."""
    NOTHING_TO_CALL = "NOTHING_TO_CALL"
    """CALL with nothing to call: the seat has matched the current bet (it may CHECK)."""
    CANNOT_CALL = "CANNOT_CALL"
    """The stack does not cover the call: only ALL_IN (for less) or FOLD."""
    RAISE_BELOW_MINIMUM = "RAISE_BELOW_MINIMUM"
    """A raise must make the total at least ``current_bet + min_raise``."""
    RAISE_ABOVE_CAP = "RAISE_ABOVE_CAP"
    """A raise (or an all-in raise) may add at most ``max_raise`` over the current bet."""
    NOT_ENOUGH_CHIPS = "NOT_ENOUGH_CHIPS"
    """The stack does not cover the raise-to total."""
    RAISE_ROUNDS_EXHAUSTED = "RAISE_ROUNDS_EXHAUSTED"
    """``max_raise_rounds`` orbits already contained a raise; no new raise this orbit."""
    BETTING_NOT_REOPENED = "BETTING_NOT_REOPENED"
    """The seat already acted and faces only a short all-in, which does not reopen betting: call or fold."""

    @property
    def code(self) -> str:
        return self.value

    @property
    def message_en(self) -> str:
        return _MESSAGES[self][0]

    @property
    def message_vi(self) -> str:
        return _MESSAGES[self][1]

    def message(self, language: str = "en") -> str:
        """The message in ``"en"`` or ``"vi"``."""
        return self.message_vi if language.lower().startswith("vi") else self.message_en


_MESSAGES: dict[Reason, tuple[str, str]] = {
    Reason.OK: ("The action is legal.", "Hành động hợp lệ."),
    Reason.BETTING_CLOSED: ("Betting is over for this round.", "Vòng cược đã kết thúc."),
    Reason.NOT_YOUR_TURN: ("It is not this seat's turn.", "Chưa đến lượt của người chơi này."),
    Reason.CANNOT_CHECK: ("There is a bet to call: you cannot check.", "Đang có cược phải theo: không thể xem bài."),
    Reason.NOTHING_TO_CALL: ("There is nothing to call: check instead.", "Không có cược để theo: hãy xem bài."),
    Reason.CANNOT_CALL: (
        "Your stack does not cover the call: you can only go all-in or fold.",
        "Không đủ tiền để theo: chỉ có thể tố tất hoặc úp bài.",
    ),
    Reason.RAISE_BELOW_MINIMUM: ("The raise is below the minimum raise.", "Mức tố thấp hơn mức tố tối thiểu."),
    Reason.RAISE_ABOVE_CAP: ("The raise is above the table's raise cap.", "Mức tố vượt quá mức tố tối đa của bàn."),
    Reason.NOT_ENOUGH_CHIPS: ("Your stack does not cover this raise.", "Không đủ tiền cho mức tố này."),
    Reason.RAISE_ROUNDS_EXHAUSTED: (
        "The table's limit on raising rounds is reached: no more raises.",
        "Đã hết số vòng tố cho phép: không được tố thêm.",
    ),
    Reason.BETTING_NOT_REOPENED: (
        "A short all-in did not reopen the betting: you may only call or fold.",
        "Tố tất không đủ mức tố tối thiểu nên không mở lại cược: chỉ được theo hoặc úp bài.",
    ),
}
