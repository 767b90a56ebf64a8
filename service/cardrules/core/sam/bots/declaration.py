"""Whether to declare Sâm (báo Sâm) on a dealt hand, before the first card (docs/rules/sam-loc.md §4.2, §6-B/C).

A declarer leads every trick and must never be beaten; its last combination is never answered (the hand ends
when it empties). So a hand can win a Sâm when it plays out in combinations of which all but one — the last —
are unlikely to be beaten. A hand with an instant win (tới trắng) is never declared: it wins at the deal.
"""

from __future__ import annotations

import random

from cardrules.core.bots import SearchSummary
from cardrules.core.cards import CARDS, Card
from cardrules.core.sam.bots.plan import beat_chance, counts_of, plan_of
from cardrules.core.sam.bots.playout import PlayoutResult, play_out, points_of
from cardrules.core.sam.bots.standard import standard_action
from cardrules.core.sam.deal import InstantWin, instant_win_kind, start_hand
from cardrules.core.sam.house_rules import FinishWithTwo, HouseRules

__all__ = ["DECLARE_CHANCE", "sam_chance", "standard_declares", "strong_declares"]

_TWO = 12
_NONE_GONE = (0,) * 13

DECLARE_CHANCE = 0.6
"""STANDARD declares when it estimates the Sâm wins at least this often. Declaring wins 20 stakes from each
opponent and a block costs as much to the blocker, so break-even is a little over one half; the rest is the
margin for what an ordinary hand of that strength would have won without the risk."""


def sam_chance(hand: tuple[Card, ...], seats: int, rules: HouseRules) -> float:
    """An estimate of the chance that a Sâm declared on ``hand`` succeeds: the chance that no opponent can beat
    any of the hand's combinations (:func:`~.plan.beat_chance`) except the likeliest to be beaten, played last.
    Under ``finish_with_two = FORBIDDEN`` the last combination may not hold a 2."""
    counts = counts_of(hand)
    unseen = tuple([4 - c for c in counts])
    pool = len(CARDS) - len(hand)
    others = (len(hand),) * (seats - 1)
    parts = plan_of(counts).parts
    chances = [beat_chance(p, unseen, pool, others, rules.quad_beats_pair_of_twos) for p in parts]
    order = sorted(range(len(parts)), key=lambda i: chances[i])
    forbidden = rules.finish_with_two is FinishWithTwo.FORBIDDEN
    last = order[-1]
    if forbidden and _TWO in parts[last].ranks:
        free = [i for i in order if _TWO not in parts[i].ranks]
        if not free:
            return 0.0
        last = free[-1]
    survive = 1.0
    for i, chance in enumerate(chances):
        if i != last:
            survive *= 1.0 - chance
    return survive


def standard_declares(hand: tuple[Card, ...], seats: int, rules: HouseRules) -> bool:
    """STANDARD's answer: declare when :func:`sam_chance` reaches :data:`DECLARE_CHANCE` (never on an instant
    win)."""
    if instant_win_kind(hand, rules) is not None:
        return False
    return sam_chance(hand, seats, rules) >= DECLARE_CHANCE


def strong_declares(
    hand: tuple[Card, ...], seats: int, rules: HouseRules, seed: int, playouts: int
) -> tuple[bool, SearchSummary]:
    """The search's answer: deal the other 42 cards out again per determinization and play the hand to its end
    twice — declared (the seat leads) and not (the leader drawn at random; the others taken not to declare) —
    every seat playing STANDARD; declare when the declared hand's mean points are higher. A declaration compares
    two hands per determinization: it runs an even number of playouts, at least two."""
    if instant_win_kind(hand, rules) is not None:
        return False, SearchSummary(0, 1.0)
    rng = random.Random(seed)
    worlds = max(1, playouts // 2)
    mine = set(hand)
    rest = [card for card in CARDS if card not in mine]
    declared_points = undeclared_points = 0
    declared_wins = undeclared_wins = 0
    for _ in range(worlds):
        rng.shuffle(rest)
        hands = [hand, *[tuple(rest[k * 10 : k * 10 + 10]) for k in range(seats - 1)]]
        points, won = _play(hands, 0, (0,), rules)
        declared_points += points
        declared_wins += won
        points, won = _play(hands, rng.randrange(seats), (), rules)
        undeclared_points += points
        undeclared_wins += won
    declare = declared_points > undeclared_points
    wins = declared_wins if declare else undeclared_wins
    return declare, SearchSummary(2 * worlds, wins / worlds)


def _play(
    hands: list[tuple[Card, ...]], leader: int, declarations: tuple[int, ...], rules: HouseRules
) -> PlayoutResult:
    start = start_hand(hands, leader, declarations, rules)
    if isinstance(start, InstantWin):
        return points_of(start, 0, [])
    return play_out(start, standard_action(start, _NONE_GONE), 0, _NONE_GONE)
