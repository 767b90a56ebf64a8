"""STANDARD: a rule-based Sâm player a human would call sensible.

It chooses among the legal moves the service itself computes (:func:`~cardrules.core.sam.moves.legal_moves`, so it
can only choose a legal one) by rules of thumb:

- go out when it can (not on a 2 that would cost more than holding it: finishing on a 2 pays every other seat);
- block a Sâm (chặn Sâm) whenever it can, and chop (chặt) a 2 or a four of a kind whenever it can;
- keep its combinations together: it sees its hand as its :func:`~.plan.plan_of` and avoids plays that make the
  plan longer (breaking a straight or a triple for a single), unless another seat is close to going out;
- lead low, preferring combinations that shed many cards; keep 2s and fours of a kind for chopping and the end;
- when all but one of its combinations are unlikely to be beaten, lead those first and go out with the last;
- honour báo 1: never a single below its highest while the next seat holds one card, and avoid handing any
  one-card seat a single.

It reads only what the seat may see: its own hand, every seat's count and pass mark, the table, and ``gone``
(the cards of each rank seen played), which is how it estimates what the others may hold.
"""

from __future__ import annotations

from cardrules.core.cards import Card
from cardrules.core.sam.actions import Pass, Play
from cardrules.core.sam.bots.plan import Part, Plan, beat_chance, counts_of, plan_of
from cardrules.core.sam.combination import TWO, Combination, Kind, is_chop
from cardrules.core.sam.duties import bao_mot_victim
from cardrules.core.sam.house_rules import FinishWithTwo
from cardrules.core.sam.moves import legal_moves
from cardrules.core.sam.state import HAND_SIZE, TableState

__all__ = ["SAFE", "ranked_moves", "standard_action", "unseen_by_rank"]

SAFE = 0.25
"""A combination the other seats beat with at most this estimated chance counts as safe: a hand whose combinations
are all safe but one is played out safe ones first (and a Sâm is declared on such a hand)."""

_QUAD = Kind.QUAD
_SINGLE = Kind.SINGLE
_CLOSE = 2
"""A seat holding this many cards or fewer may go out on the next trick: then breaking a combination (or spending
a 2) to keep the lead is worth it."""
_NEAR = 4
"""A seat holding this many cards or fewer is near the end: then breaking one combination to beat is worth it."""


def unseen_by_rank(hand: tuple[Card, ...], gone: tuple[int, ...]) -> tuple[int, ...]:
    """For each rank, the cards a seat holding ``hand`` has not seen, ``gone`` being those seen played."""
    held = counts_of(hand)
    return tuple([4 - held[r] - gone[r] for r in range(13)])


def standard_action(state: TableState, gone: tuple[int, ...]) -> Play | Pass:
    """STANDARD's play or pass for the seat to act in ``state`` (its hand known), ``gone[r]`` being how many cards
    of rank r the seat has seen played."""
    moves = ranked_moves(state, gone)
    return moves[0]


def ranked_moves(state: TableState, gone: tuple[int, ...]) -> tuple[Play | Pass, ...]:
    """The legal moves of the seat to act, STANDARD's choice first, then the others it would consider, best first
    (a search looks at the first few). Never empty while the hand runs."""
    seat = state.turn
    me = state.seats[seat]
    hand = me.hand
    assert hand is not None
    legal = legal_moves(state)
    combos = legal.combinations
    if not combos:
        return (Pass(seat),)
    current = state.combination
    counts = counts_of(hand)
    plan = plan_of(counts)
    others = [s.count for i, s in enumerate(state.seats) if i != seat]
    fewest = min(others)
    scored: list[tuple[tuple[float, ...], int, Combination]] = []
    for index, combo in enumerate(combos):
        if combo.kind is _SINGLE and bao_mot_victim(state, seat, me, combo) is not None:
            continue  # a báo-1 violation: the one-card seat may go out on it, at this seat's cost
        scored.append((_score(state, seat, combo, counts, plan, fewest, gone), index, combo))
    scored.sort()
    ranked: list[Play | Pass] = []
    for score, _, combo in scored:
        if current is not None and score[0] >= _PASS_FIRST and legal.can_pass and Pass(seat) not in ranked:
            ranked.append(Pass(seat))
        ranked.append(Play(seat, combo.cards))
    if legal.can_pass and Pass(seat) not in ranked:
        ranked.append(Pass(seat))
    if not ranked:  # every play would break báo 1 and passing is not allowed: the duty's own play, the highest
        top = max(combos, key=lambda c: (c.length == 1, c.key))
        ranked.append(Play(seat, top.cards))
    return tuple(ranked)


_FINISH = 0.0
_BLOCK = 1.0
_CHOP = 2.0
_SAFE_LEAD = 3.0
_GOOD = 4.0
_PASS_FIRST = 6.0
"""Scores at or above this rank below passing: a follower would rather pass than make such a play."""
_BAD = 7.0


def _score(
    state: TableState,
    seat: int,
    combo: Combination,
    counts: tuple[int, ...],
    plan: Plan,
    fewest: int,
    gone: tuple[int, ...],
) -> tuple[float, ...]:
    """How STANDARD ranks one legal play: lower is better; the first number is the class of the play."""
    me = state.seats[seat]
    current = state.combination
    rules = state.house_rules
    has_two = combo.cards[-1] >> 2 == TWO
    if combo.length == me.count:
        if not has_two or state.declarer == seat or current is None:
            return (_FINISH, 0.0)
        paid = sum(HAND_SIZE - s.count for i, s in enumerate(state.seats) if i != seat)
        if paid <= rules.thoi_two_multiplier or rules.finish_with_two is not FinishWithTwo.PENALTY:
            return (_FINISH, 1.0)
    if current is not None and state.declarer is not None and state.declarer != seat:
        return (_BLOCK, float(combo.key))
    if current is not None and is_chop(combo, current, rules):
        return (_CHOP, float(combo.key))
    rest = list(counts)
    for card in combo.cards:
        rest[card >> 2] -= 1
    after = plan_of(tuple(rest))
    loss = after.size - (plan.size - 1)
    if current is None:
        return _lead_score(state, seat, combo, plan, after, loss, has_two, fewest, gone)
    # Following: beat cheaply without breaking a combination; spend a 2 only near the end or on an ace or king.
    if has_two and not (fewest <= _CLOSE or after.size <= 1 or current.key >= _KING):
        return (_BAD, float(loss), float(combo.key))
    if loss <= 0 or (loss == 1 and fewest <= _NEAR) or fewest <= _CLOSE or after.size <= 1:
        return (_GOOD, float(max(loss, 0)), float(has_two), float(combo.key))
    return (_BAD, float(loss), float(combo.key))


_KING = 10


def _lead_score(
    state: TableState,
    seat: int,
    combo: Combination,
    plan: Plan,
    after: Plan,
    loss: int,
    has_two: bool,
    fewest: int,
    gone: tuple[int, ...],
) -> tuple[float, ...]:
    """A lead: one of the plan's combinations, low and long first; 2s and fours of a kind last; safe combinations
    first when the rest of the hand can then go out."""
    if loss > 0:
        return (_BAD, float(loss), float(combo.key))
    part = _part_of(combo)
    if plan.size <= 4:
        hand = state.seats[seat].hand
        assert hand is not None
        unseen = unseen_by_rank(hand, gone)
        pool = sum(unseen)
        hands = tuple([s.count for i, s in enumerate(state.seats) if i != seat])
        pair_of_twos = state.house_rules.quad_beats_pair_of_twos
        chance = beat_chance(part, unseen, pool, hands, pair_of_twos)
        others = [p for p in plan.parts if p != part]
        if chance <= SAFE and sum(1 for p in others if beat_chance(p, unseen, pool, hands, pair_of_twos) > SAFE) <= 1:
            return (_SAFE_LEAD, -float(has_two), chance)
    single = combo.length == 1
    saved = has_two or combo.kind is _QUAD
    one_card_seat = fewest == 1 and single
    return (_GOOD, float(saved), float(one_card_seat), combo.key - 1.5 * (combo.length - 1), float(combo.key))


def _part_of(combo: Combination) -> Part:
    if combo.kind is Kind.STRAIGHT:
        return Part(True, combo.cards[0] >> 2, combo.length)
    return Part(False, combo.key, combo.length)
