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
from cardrules.core.sam.bots.plan import Part, Plan, beat_chance, counts_of, plan_of, plan_size
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
    seat = state.turn
    scored, can_pass = _scored(state, gone)
    if not scored:
        return Pass(seat) if can_pass else _duty_play(state)
    score, _, combo = min(scored)
    if state.combination is not None and score[0] >= _PASS_FIRST and can_pass:
        return Pass(seat)
    return Play(seat, combo.cards)


def ranked_moves(state: TableState, gone: tuple[int, ...]) -> tuple[Play | Pass, ...]:
    """The legal moves of the seat to act, STANDARD's choice first, then the others it would consider, best first
    (a search looks at the first few). Never empty while the hand runs."""
    seat = state.turn
    scored, can_pass = _scored(state, gone)
    scored.sort()
    ranked: list[Play | Pass] = []
    passing = Pass(seat)
    for score, _, combo in scored:
        if state.combination is not None and score[0] >= _PASS_FIRST and can_pass and passing not in ranked:
            ranked.append(passing)
        ranked.append(Play(seat, combo.cards))
    if can_pass and passing not in ranked:
        ranked.append(passing)
    if not ranked:
        ranked.append(_duty_play(state))
    return tuple(ranked)


Scored = tuple[tuple[float, ...], int, Combination]
"""A legal play as STANDARD ranks it: (its score, lower is better; its place in the legal list; the play)."""


def _scored(state: TableState, gone: tuple[int, ...]) -> tuple[list[Scored], bool]:
    """Every legal play but báo-1 violations, scored; and whether passing is allowed."""
    seat = state.turn
    me = state.seats[seat]
    hand = me.hand
    assert hand is not None
    legal = legal_moves(state)
    combos = legal.combinations
    if not combos:
        return [], legal.can_pass
    counts = counts_of(hand)
    plan = plan_of(counts)
    fewest = min([s.count for i, s in enumerate(state.seats) if i != seat])
    chances = _Chances(state, seat, gone) if state.combination is None and plan.size <= _PLAYS_OUT else None
    scored: list[Scored] = []
    for index, combo in enumerate(combos):
        if combo.kind is _SINGLE and bao_mot_victim(state, seat, me, combo) is not None:
            continue  # a báo-1 violation: the one-card seat may go out on it, at this seat's cost
        scored.append((_score(state, seat, combo, counts, plan, fewest, chances), index, combo))
    return scored, legal.can_pass


def _duty_play(state: TableState) -> Play:
    """When every play would break báo 1 and passing is not allowed: the duty's own play, the highest single."""
    combos = legal_moves(state).combinations
    top = max(combos, key=lambda c: (c.length == 1, c.key))
    return Play(state.turn, top.cards)


_PLAYS_OUT = 4
"""A hand of this many combinations or fewer looks for a way to play out safe combinations first."""


class _Chances:
    """The chance that the other seats beat each combination of the seat's plan, computed once per decision."""

    __slots__ = ("hands", "known", "pair_of_twos", "pool", "unseen")

    def __init__(self, state: TableState, seat: int, gone: tuple[int, ...]) -> None:
        hand = state.seats[seat].hand
        assert hand is not None
        self.unseen = unseen_by_rank(hand, gone)
        self.pool = sum(self.unseen)
        self.hands = tuple([s.count for i, s in enumerate(state.seats) if i != seat])
        self.pair_of_twos = state.house_rules.quad_beats_pair_of_twos
        self.known: dict[Part, float] = {}

    def of(self, part: Part) -> float:
        chance = self.known.get(part)
        if chance is None:
            chance = beat_chance(part, self.unseen, self.pool, self.hands, self.pair_of_twos)
            self.known[part] = chance
        return chance


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
    chances: _Chances | None,
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
    after = plan_size(tuple(rest))
    loss = after - (plan.size - 1)
    if current is None:
        return _lead_score(combo, plan, loss, has_two, fewest, chances)
    # Following: beat cheaply without breaking a combination; spend a 2 only near the end or on an ace or king.
    if has_two and not (fewest <= _CLOSE or after <= 1 or current.key >= _KING):
        return (_BAD, float(loss), float(combo.key))
    if loss <= 0 or (loss == 1 and fewest <= _NEAR) or fewest <= _CLOSE or after <= 1:
        return (_GOOD, float(max(loss, 0)), float(has_two), float(combo.key))
    return (_BAD, float(loss), float(combo.key))


_KING = 10


def _lead_score(
    combo: Combination, plan: Plan, loss: int, has_two: bool, fewest: int, chances: _Chances | None
) -> tuple[float, ...]:
    """A lead: one of the plan's combinations, low and long first; 2s and fours of a kind last; safe combinations
    first when the rest of the hand can then go out."""
    if loss > 0:
        return (_BAD, float(loss), float(combo.key))
    if chances is not None:
        part = _part_of(combo)
        chance = chances.of(part)
        unsafe = sum(1 for p in plan.parts if p != part and chances.of(p) > SAFE)
        if chance <= SAFE and unsafe <= 1:
            return (_SAFE_LEAD, -float(has_two), chance)
    single = combo.length == 1
    saved = has_two or combo.kind is _QUAD
    one_card_seat = fewest == 1 and single
    return (_GOOD, float(saved), float(one_card_seat), combo.key - 1.5 * (combo.length - 1), float(combo.key))


def _part_of(combo: Combination) -> Part:
    if combo.kind is Kind.STRAIGHT:
        return Part(True, combo.cards[0] >> 2, combo.length)
    return Part(False, combo.key, combo.length)
