"""The duties that bind a play (rules §5, §4.6, §9.1): báo 1, finishing on a 2, and the stuck leader.

:func:`apply` judges one play with :func:`broken_duty` and :func:`bao_mot_breach`; :func:`legal_moves` filters its
list with the same two functions, so the two can never disagree about a duty.
"""

from __future__ import annotations

from typing import NamedTuple

from cardrules.core.sam.combination import TWO, Combination
from cardrules.core.sam.house_rules import BaoMot, FinishWithTwo
from cardrules.core.sam.reasons import Reason
from cardrules.core.sam.state import SeatState, TableState
from cardrules.core.sam.turns import next_to_act


class Duties(NamedTuple):
    """What binds the next play of the seat to act, read once from the state.

    - ``held``: how many cards the seat holds; ``top``: the strength of its highest rank.
    - ``no_finish_on_two``: emptying the hand with a play that contains a 2 is illegal (``finish_with_two =
      FORBIDDEN``, until every seat has passed the lead in a row, §9.1).
    - ``watched``: the seat holding one card that would act after a single from this seat (báo 1), else None.
    - ``bao_mot_forbidden``: breaking báo 1 is illegal (``bao_mot = FORBIDDEN``) rather than marked.
    """

    held: int
    top: int
    no_finish_on_two: bool
    watched: int | None
    bao_mot_forbidden: bool


def duties_of(state: TableState, seat: int, me: SeatState) -> Duties:
    """The duties of ``seat`` (the seat to act, ``me`` = ``state.seats[seat]``, its hand known)."""
    assert me.hand is not None
    rules = state.house_rules
    seats = state.seats
    n = len(seats)
    watched = None
    if me.count > 1:
        # A single that breaks báo 1 is below the hand's top rank, so never a 2 and never choppable: the seats
        # that passed are skipped after it.
        nxt = seat + 1 if seat + 1 < n else 0
        if seats[nxt].passed:
            nxt = next_to_act(seats, seat, seat, skip_passed=True)
        if nxt != seat and seats[nxt].count == 1:
            watched = nxt
    return Duties(
        me.count,
        me.hand[-1] >> 2,
        finish_on_two_forbidden(state),
        watched,
        rules.bao_mot is BaoMot.FORBIDDEN,
    )


def bao_mot_breach(duties: Duties, play: Combination) -> bool:
    """Whether ``play`` breaks báo 1: a single below the top rank while the next seat holds one card."""
    return duties.watched is not None and play.length == 1 and play.key != duties.top


def broken_duty(duties: Duties, play: Combination) -> Reason | None:
    """Why a duty makes ``play`` illegal, or None: finishing on a 2 under ``finish_with_two = FORBIDDEN``
    (CANNOT_FINISH_WITH_TWO), breaking báo 1 under ``bao_mot = FORBIDDEN`` (MUST_PLAY_HIGHEST_SINGLE)."""
    if duties.no_finish_on_two and play.length == duties.held and play.cards[-1] >> 2 == TWO:
        return Reason.CANNOT_FINISH_WITH_TWO
    if duties.bao_mot_forbidden and bao_mot_breach(duties, play):
        return Reason.MUST_PLAY_HIGHEST_SINGLE
    return None


def is_stuck_leader(state: TableState, seat: SeatState) -> bool:
    """A leader whose every legal lead would empty the hand with a 2 (``finish_with_two = FORBIDDEN``).

    With two or more cards some single does not empty the hand (under báo 1 the highest single is always
    allowed), so the stuck leader holds exactly one card, a 2, and that single breaks the finishing duty of
    :class:`Duties`. Once every seat has passed the lead in a row (``lead_passes`` = seat count) the restriction is
    lifted and nobody is stuck.
    """
    return seat.count == 1 and seat.hand is not None and seat.hand[0] >> 2 == TWO and finish_on_two_forbidden(state)


def finish_on_two_forbidden(state: TableState) -> bool:
    """Whether emptying the hand with a 2 is illegal in ``state``: ``finish_with_two = FORBIDDEN``, until every
    seat has passed the lead in a row (``lead_passes`` reaches the seat count, §9.1)."""
    return state.house_rules.finish_with_two is FinishWithTwo.FORBIDDEN and state.lead_passes < len(state.seats)
