"""How strong a Liêng hand is: the chance it beats a number of random hands (its equity), from the hand ranks.

The ranks are :mod:`cardrules.core.lieng.hand_score`'s ``sort_key``: for every key the table holds the share of
all 22,100 hands that score below it and the share that tie it, under the house rules' ``a23`` and
``suit_tie_break``. Against ``k`` opponents the equity is the chance of beating each one, ties counted half,
raised to the power ``k``: it treats the opponents' hands as independent draws from a full deck, which they
nearly are (removing 3 cards moves a hand's share by well under 1 %), and keeps the estimate one lookup.
"""

from __future__ import annotations

import itertools
from functools import cache

from cardrules.core.lieng.hand_score import key_table
from cardrules.core.lieng.house_rules import A23, HouseRules, SuitTieBreak

__all__ = ["equity", "single_equities", "single_equity"]


@cache
def _shares(a23: A23, suit_tie_break: SuitTieBreak) -> dict[int, float]:
    """Per ``sort_key``: (hands below + half the hands tying) / all hands — the chance of beating one random hand."""
    table = key_table(a23, suit_tie_break)
    counts: dict[int, int] = {}
    for a, b, c in itertools.combinations(range(52), 3):
        key = table[a * 2704 + b * 52 + c]
        counts[key] = counts.get(key, 0) + 1
    total = sum(counts.values())
    shares: dict[int, float] = {}
    below = 0
    for key in sorted(counts):
        shares[key] = (below + counts[key] / 2) / total
        below += counts[key]
    return shares


def single_equity(sort_key: int, rules: HouseRules) -> float:
    """The chance that the hand with ``sort_key`` beats one random hand (a tie counts half)."""
    return single_equities(rules)[sort_key]


def single_equities(rules: HouseRules) -> dict[int, float]:
    """:func:`single_equity` of every ``sort_key`` under ``rules`` (built once per ``a23``/``suit_tie_break``)."""
    return _shares(rules.a23, rules.suit_tie_break)


def equity(sort_key: int, opponents: int, rules: HouseRules) -> float:
    """The chance that the hand with ``sort_key`` beats ``opponents`` random hands (ties half): its share of the
    pot at a showdown against that many unknown hands."""
    return single_equity(sort_key, rules) ** opponents
