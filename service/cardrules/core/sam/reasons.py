"""Stable reason codes for an illegal Sâm action, with English and Vietnamese messages."""

from __future__ import annotations

import enum
from typing import NamedTuple

from cardrules.core.sam.combination import Combination


@enum.unique
class Reason(enum.StrEnum):
    """Why an action is illegal. The names are the stable wire codes."""

    HAND_OVER = "HAND_OVER"
    """The hand has already ended; no action is possible."""
    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    """Another seat is to act."""
    ALREADY_PASSED = "ALREADY_PASSED"
    """The seat passed earlier in this trick and is skipped until the trick ends."""
    LEADER_CANNOT_PASS = "LEADER_CANNOT_PASS"
    """The seat leads the trick and must play (unless it is a stuck leader)."""
    NOT_A_COMBINATION = "NOT_A_COMBINATION"
    """The cards do not form a single, pair, triple, four of a kind or straight."""
    DOES_NOT_BEAT = "DOES_NOT_BEAT"
    """The combination does not beat (or chop) the one on the table."""
    ONLY_CHOP_ALLOWED = "ONLY_CHOP_ALLOWED"
    """Under ``chop_after_pass`` a seat that already passed may only chop (chặt) or pass."""
    MUST_PLAY_HIGHEST_SINGLE = "MUST_PLAY_HIGHEST_SINGLE"
    """Báo 1 (``bao_mot = FORBIDDEN``): the next seat holds one card, so a single must be the highest rank held."""
    CANNOT_FINISH_WITH_TWO = "CANNOT_FINISH_WITH_TWO"
    """``finish_with_two = FORBIDDEN``: the play would empty the hand with a 2."""

    @property
    def english(self) -> str:
        return _MESSAGES[self][0]

    @property
    def vietnamese(self) -> str:
        return _MESSAGES[self][1]


_MESSAGES: dict[Reason, tuple[str, str]] = {
    Reason.HAND_OVER: ("The hand is already over.", "Ván đã kết thúc."),
    Reason.NOT_YOUR_TURN: ("It is not this seat's turn.", "Chưa đến lượt của bạn."),
    Reason.ALREADY_PASSED: (
        "This seat has passed and sits out the rest of the trick.",
        "Bạn đã bỏ lượt trong vòng này.",
    ),
    Reason.LEADER_CANNOT_PASS: ("The leader must play, not pass.", "Người đi đầu vòng không được bỏ lượt."),
    Reason.NOT_A_COMBINATION: ("These cards do not form a valid combination.", "Các lá bài không thành bộ hợp lệ."),
    Reason.DOES_NOT_BEAT: (
        "This combination does not beat the one on the table.",
        "Bộ bài này không chặn được bộ trên bàn.",
    ),
    Reason.ONLY_CHOP_ALLOWED: (
        "Having passed, this seat may only chop with a four of a kind or pass.",
        "Đã bỏ lượt nên chỉ được chặt bằng tứ quý hoặc bỏ lượt.",
    ),
    Reason.MUST_PLAY_HIGHEST_SINGLE: (
        "The next seat has one card left: a single must be your highest card.",
        "Người kế tiếp báo 1: đánh lẻ phải đánh lá cao nhất.",
    ),
    Reason.CANNOT_FINISH_WITH_TWO: (
        "You may not go out with a play containing a 2.",
        "Không được về bằng heo (lá 2).",
    ),
}


class Illegal(NamedTuple):
    """The answer for an illegal action: a stable :class:`Reason` and its messages."""

    reason: Reason
    combination: Combination | None = None
    """The classification of the rejected play (None for a pass or when not yet classified)."""

    @property
    def code(self) -> str:
        return self.reason.name

    @property
    def english(self) -> str:
        return self.reason.english

    @property
    def vietnamese(self) -> str:
        return self.reason.vietnamese
