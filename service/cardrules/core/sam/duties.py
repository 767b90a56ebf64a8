"""The duties that bind a play (rules §5, §4.6, §9.1): báo 1, finishing on a 2, and the stuck leader.

:func:`apply` judges each play with :func:`broken_duty` (and marks a báo-1 violator with :func:`bao_mot_victim`);
:func:`legal_moves` filters its list with the same :func:`broken_duty`, so the two never disagree about a duty.
"""

from __future__ import annotations

from cardrules.core.sam.combination import TWO, Combination
from cardrules.core.sam.house_rules import BaoMot, FinishWithTwo
from cardrules.core.sam.reasons import Reason
from cardrules.core.sam.state import SeatState, TableState
from cardrules.core.sam.turns import next_to_act


def broken_duty(state: TableState, seat: int, me: SeatState, play: Combination) -> Reason | None:
    """Why a duty makes ``play`` by ``seat`` (the seat to act, ``me``, its hand known) illegal, or None: emptying
    the hand with a 2 under ``finish_with_two = FORBIDDEN`` (CANNOT_FINISH_WITH_TWO), breaking báo 1 under
    ``bao_mot = FORBIDDEN`` (MUST_PLAY_HIGHEST_SINGLE)."""
    if play.length == me.count and play.cards[-1] >> 2 == TWO and finish_on_two_forbidden(state):
        return Reason.CANNOT_FINISH_WITH_TWO
    if state.house_rules.bao_mot is _BAO_MOT_FORBIDDEN and bao_mot_victim(state, seat, me, play) is not None:
        return Reason.MUST_PLAY_HIGHEST_SINGLE
    return None


def duties_can_forbid(state: TableState) -> bool:
    """Whether :func:`broken_duty` can reject any play in ``state`` (some duty is FORBIDDEN and in force)."""
    return state.house_rules.bao_mot is _BAO_MOT_FORBIDDEN or finish_on_two_forbidden(state)


def bao_mot_victim(state: TableState, seat: int, me: SeatState, play: Combination) -> int | None:
    """The seat holding one card whom ``play`` fails under báo 1, or None: a single below the top rank of the
    hand while the seat that would act next holds one card."""
    assert me.hand is not None
    if play.length != 1 or play.key == me.hand[-1] >> 2:
        return None
    # A single below the top rank is never a 2, so never choppable: the seats that passed are skipped after it.
    seats = state.seats
    nxt = seat + 1 if seat + 1 < len(seats) else 0
    if seats[nxt].passed:
        nxt = next_to_act(seats, seat, seat, skip_passed=True)
    return nxt if nxt != seat and seats[nxt].count == 1 else None


def is_stuck_leader(state: TableState, seat: SeatState) -> bool:
    """A leader whose every legal lead would empty the hand with a 2 (``finish_with_two = FORBIDDEN``).

    With two or more cards some single does not empty the hand (under báo 1 the highest single is always
    allowed), so the stuck leader holds exactly one card, a 2, whose lead :func:`broken_duty` rejects. Once every
    seat has passed the lead in a row (``lead_passes`` = seat count) the restriction is lifted: nobody is stuck.
    """
    return seat.count == 1 and seat.hand is not None and seat.hand[0] >> 2 == TWO and finish_on_two_forbidden(state)


def finish_on_two_forbidden(state: TableState) -> bool:
    """Whether emptying the hand with a 2 is illegal in ``state``: ``finish_with_two = FORBIDDEN``, until every
    seat has passed the lead in a row (``lead_passes`` reaches the seat count, §9.1)."""
    return state.house_rules.finish_with_two is _FINISH_FORBIDDEN and state.lead_passes < len(state.seats)


# Read once: an attribute of an enum class (``BaoMot.FORBIDDEN``) takes EnumType's generic ``__getattr__`` hook in
# CPython 3.11 (many times the cost of a global read), and these are read on every play.
_BAO_MOT_FORBIDDEN = BaoMot.FORBIDDEN
_FINISH_FORBIDDEN = FinishWithTwo.FORBIDDEN
