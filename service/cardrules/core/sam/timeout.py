"""What a seat whose clock ran out plays (docs/rules/sam-loc.md §9.8): the ONE resolution of a :class:`Timeout`.

:func:`~cardrules.core.sam.apply.apply` (ValidatePlay) and :func:`~cardrules.core.sam.replay.replay`
(SettleRound) both reach it through :func:`~cardrules.core.sam.apply.step`, so a timeout in a record replays
exactly as it was answered. The duties are read from :mod:`.duties`, the same place ``apply`` and ``legal_moves``
read them, so the resolved action is legal and never a báo-1 violation.
"""

from __future__ import annotations

from cardrules.core.cards import Card
from cardrules.core.sam.actions import Pass, Play
from cardrules.core.sam.combination import classify_sorted
from cardrules.core.sam.duties import bao_mot_victim, broken_duty, is_stuck_leader
from cardrules.core.sam.house_rules import TimeoutLead
from cardrules.core.sam.state import SeatState, TableState


def resolve_timeout(state: TableState, seat: int) -> Play | Pass:
    """The play or pass made for ``seat`` when its clock runs out in ``state``.

    - A seat facing a combination passes (also a seat that passed, given its turn under ``chop_after_pass``).
    - A stuck leader (§9.1) passes the lead.
    - A leader (a new trick, or the declarer's first play) leads by ``house_rules.timeout_lead``; when that is a
      single and the next seat holds one card (báo 1) it leads its highest single instead: the highest rank,
      among equal ranks the first in the suit order ♠ ♣ ♦ ♥.

    When ``seat`` cannot act (the hand is over, another seat is to act, the seat is outside the table or its hand
    is unknown) the answer is a pass, which :func:`~cardrules.core.sam.apply.step` then refuses or rejects for
    the same reason as any other action of that seat.
    """
    if state.ended is not None or seat != state.turn or state.combination is not None:
        return Pass(seat)
    me = state.seats[seat]
    hand = me.hand
    if hand is None or is_stuck_leader(state, me):
        return Pass(seat)
    cards = _lead(hand, state.house_rules.timeout_lead)
    if len(cards) > 1 and _breaks_a_duty(state, seat, me, cards):
        cards = hand[:1]  # a set of 2s that would empty the hand under FORBIDDEN: one 2 does not
    if len(cards) == 1 and _fails_bao_mot(state, seat, me, cards):
        top = hand[-1] >> 2
        cards = (next(card for card in hand if card >> 2 == top),)
    return Play(seat, cards)


def _lead(hand: tuple[Card, ...], policy: TimeoutLead) -> tuple[Card, ...]:
    """The lead of ``policy`` from a known, sorted, non-empty ``hand`` (sorted by rank, then suit ♠ ♣ ♦ ♥)."""
    if policy is TimeoutLead.LOWEST_SET:
        low = hand[0] >> 2
        return tuple([card for card in hand if card >> 2 == low])
    return hand[:1]


def _breaks_a_duty(state: TableState, seat: int, me: SeatState, cards: tuple[Card, ...]) -> bool:
    return broken_duty(state, seat, me, classify_sorted(cards, state.house_rules.straight_low_ace)) is not None


def _fails_bao_mot(state: TableState, seat: int, me: SeatState, cards: tuple[Card, ...]) -> bool:
    return bao_mot_victim(state, seat, me, classify_sorted(cards, state.house_rules.straight_low_ace)) is not None
