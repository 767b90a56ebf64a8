"""How a hand breaks into combinations, and how likely the other seats can beat one of them.

A player "keeps combinations together": it sees its hand as the fewest combinations it can be played out in (a
*plan*) and avoids plays that make that number grow. The plan works on rank counts only — suits never rank cards
in Sâm — and uses the default straight order (3 … A; a ``straight_low_ace`` straight is still found by
``legal_moves``, the plan just does not count on it). These are a bot's estimates, never rules: whether a play is
legal is always decided by :func:`~cardrules.core.sam.moves.legal_moves` and ``apply``.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

__all__ = ["Part", "Plan", "beat_chance", "counts_of", "plan_of", "plan_size"]

_TWO = 12
_ACE = 11


@dataclass(frozen=True, slots=True)
class Part:
    """One combination of a plan: ``size`` cards of rank ``rank`` (a single, pair, triple or four of a kind), or,
    when ``run``, a straight (sảnh) of ``size`` ranks starting at ``rank``."""

    run: bool
    rank: int
    size: int

    @property
    def top(self) -> int:
        """The strength of the part's highest rank (what another combination must exceed)."""
        return self.rank + self.size - 1 if self.run else self.rank

    @property
    def ranks(self) -> tuple[int, ...]:
        """The rank of each card of the part."""
        if self.run:
            return tuple(range(self.rank, self.rank + self.size))
        return (self.rank,) * self.size


@dataclass(frozen=True, slots=True)
class Plan:
    """The fewest combinations a hand is played out in (``parts``, lowest rank first, ``size`` of them), and how
    many of them are lone cards (``singles``: fewer is better among plans of as many parts)."""

    parts: tuple[Part, ...]
    singles: int
    size: int


Packed = tuple[int, int, tuple[int, ...]]
"""A plan as plain integers — (size, singles, each part as ``run·256 + rank·16 + size``) — which is how plans are
cached: a cache of a hundred thousand plans made of objects would cost every full garbage collection tens of
milliseconds, but tuples of integers are not tracked by the collector."""

_CACHE: dict[tuple[int, ...], Packed] = {}
_CACHE_LIMIT = 200_000
"""The plans kept: a plan is a pure function of the counts, so dropping them all changes no answer, only time;
the bound keeps a long-running server's memory flat (10-card hands have a few hundred thousand count patterns)."""
_NOTHING: Packed = (0, 0, ())


def counts_of(cards: tuple[int, ...]) -> tuple[int, ...]:
    """How many cards of each rank (3 … 2) ``cards`` holds."""
    counts = [0] * 13
    for card in cards:
        counts[card >> 2] += 1
    return tuple(counts)


def plan_of(counts: tuple[int, ...]) -> Plan:
    """The plan of a hand given by its rank counts: fewest parts, then fewest singles; ties go to the first
    found (sets before straights at the lowest rank, larger sets first), so the plan is the same every time."""
    size, singles, packed = _packed(counts)
    parts = tuple([Part(code >= 256, (code >> 4) & 15, code & 15) for code in packed])
    return Plan(parts, singles, size)


def plan_size(counts: tuple[int, ...]) -> int:
    """How many parts the plan of ``counts`` has (:func:`plan_of` without building it)."""
    return _packed(counts)[0]


def _packed(counts: tuple[int, ...]) -> Packed:
    found = _CACHE.get(counts)
    if found is not None:
        return found
    low = 0
    while low < 13 and counts[low] == 0:
        low += 1
    if low == 13:
        return _NOTHING
    best: Packed | None = None
    held = counts[low]
    for size in range(held, 0, -1):
        rest = list(counts)
        rest[low] -= size
        best = _better(best, low * 16 + size, size == 1, _packed(tuple(rest)))
    end = low
    while end <= _ACE and counts[end] > 0:
        if end - low >= 2:
            rest = list(counts)
            for rank in range(low, end + 1):
                rest[rank] -= 1
            best = _better(best, 256 + low * 16 + end - low + 1, False, _packed(tuple(rest)))
        end += 1
    assert best is not None
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[counts] = best
    return best


def _better(best: Packed | None, part: int, single: bool, rest: Packed) -> Packed:
    size = rest[0] + 1
    singles = rest[1] + (1 if single else 0)
    if best is not None and (best[0], best[1]) <= (size, singles):
        return best
    return (size, singles, (part, *rest[2]))


def beat_chance(part: Part, unseen: tuple[int, ...], pool: int, hands: tuple[int, ...], pair_of_twos: bool) -> float:
    """An estimate of the chance that one of the other seats can beat ``part`` at once.

    ``unseen[r]``: the cards of rank r the seat has not seen (they may be in another hand); ``pool``: how many
    cards are unseen in all; ``hands``: the card count of each other seat still playing. A seat holding ``h`` of
    the ``pool`` cards holds at least ``k`` of the ``u`` unseen cards of a rank with the hypergeometric chance;
    the ranks are taken as independent. Counted threats: a higher set of the same size, a straight of the same
    length with a higher top, and a four of a kind for a part a four of a kind chops (a single 2, a lower four of
    a kind, a pair of 2s when ``pair_of_twos``).
    """
    escape = 1.0
    for h in hands:
        escape *= 1.0 - _seat_beats(part, unseen, pool, h, pair_of_twos)
    return 1.0 - escape


def _seat_beats(part: Part, unseen: tuple[int, ...], pool: int, h: int, pair_of_twos: bool) -> float:
    chance = _chances(pool, h)
    miss = 1.0
    if part.run:
        length = part.size
        for start in range(part.rank + 1, _ACE - length + 2):
            have = 1.0
            for rank in range(start, start + length):
                have *= chance[unseen[rank]][1]
            miss *= 1.0 - have
        return 1.0 - miss
    size = part.size
    for rank in range(part.rank + 1, 13):
        miss *= 1.0 - chance[unseen[rank]][size]
    if size != 4 and part.rank == _TWO and (size == 1 or (size == 2 and pair_of_twos)):
        for rank in range(_TWO):
            miss *= 1.0 - chance[unseen[rank]][4]
    return 1.0 - miss


_CHANCES: dict[tuple[int, int], tuple[tuple[float, ...], ...]] = {}


def _chances(pool: int, hand: int) -> tuple[tuple[float, ...], ...]:
    """``[have][k]``: the chance that ``hand`` cards drawn from ``pool`` include at least ``k`` (0–4) of ``have``
    (0–4) marked ones (hypergeometric); one table per (pool, hand), at most 53 × 11 of them."""
    key = (pool, hand)
    table = _CHANCES.get(key)
    if table is None:
        table = tuple(tuple(_at_least(pool, have, hand, k) for k in range(5)) for have in range(5))
        _CHANCES[key] = table
    return table


def _at_least(pool: int, have: int, hand: int, k: int) -> float:
    """The chance that ``hand`` cards drawn from ``pool`` include at least ``k`` of ``have`` marked ones."""
    if have < k or hand < k:
        return 0.0
    if hand >= pool or k <= 0:
        return 1.0
    total = comb(pool, hand)
    return sum(comb(have, i) * comb(pool - have, hand - i) for i in range(k, min(have, hand) + 1)) / total
