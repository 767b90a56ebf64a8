"""Combinations (rules §2) and the beat / chop rules (rules §3)."""

from __future__ import annotations

import enum
from collections.abc import Iterable
from itertools import combinations
from typing import Final, NamedTuple

from cardrules.core.cards import CARDS, Card, check_distinct
from cardrules.core.sam.house_rules import DEFAULT_RULES, HouseRules

TWO: Final = 12
"""Strength index of the rank 2."""
ACE: Final = 11


@enum.unique
class Kind(enum.Enum):
    """The kind of a card set."""

    SINGLE = "SINGLE"
    """One card (lẻ)."""
    PAIR = "PAIR"
    """Two cards of one rank (đôi)."""
    TRIPLE = "TRIPLE"
    """Three cards of one rank (sám cô)."""
    QUAD = "QUAD"
    """Four cards of one rank (tứ quý = four of a kind)."""
    STRAIGHT = "STRAIGHT"
    """3–10 cards of distinct, consecutive ranks (sảnh); the length is part of the kind."""
    INVALID = "INVALID"
    """Anything else: not a combination."""


_SAME_RANK_KINDS = (Kind.INVALID, Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.QUAD)


class Combination(NamedTuple):
    """A classified card set: its kind, key (strength of the rank, or of a straight's top card) and length.

    ``key`` is the strength index (3 → 0 … A → 11, 2 → 12) of the rank, or, for a straight, of its top card
    (A-2-3 under ``straight_low_ace`` has top 3, key 0). ``key`` is −1 for INVALID.
    """

    kind: Kind
    key: int
    length: int
    cards: tuple[Card, ...]


def classify(cards: Iterable[int], rules: HouseRules = DEFAULT_RULES, field: str = "cards") -> Combination:
    """Classify a card set (any order); a malformed or duplicated card raises :class:`InvalidInput` at ``field``."""
    hand = tuple(sorted(check_distinct(cards, field)))
    return classify_sorted(hand, rules.straight_low_ace)


def classify_sorted(cards: tuple[Card, ...], low_ace: bool) -> Combination:
    """Classify distinct cards sorted ascending (by strength)."""
    known = SAME_RANK.get(cards)
    if known is not None:  # most plays are singles, pairs, triples and quads: answered by one dict lookup
        return known
    n = len(cards)
    if n == 0:
        return Combination(Kind.INVALID, -1, 0, cards)
    first = cards[0] >> 2
    last = cards[-1] >> 2
    if first == last:
        if n <= 4:
            return Combination(_SAME_RANK_KINDS[n], first, n, cards)
        return Combination(Kind.INVALID, -1, n, cards)  # pragma: no cover - a rank has only 4 cards
    if n < 3 or n > 10:
        return Combination(Kind.INVALID, -1, n, cards)
    ranks = [c >> 2 for c in cards]
    if len(set(ranks)) != n:
        return Combination(Kind.INVALID, -1, n, cards)
    if last != TWO and last - first == n - 1:
        return Combination(Kind.STRAIGHT, last, n, cards)
    if low_ace:
        positions = sorted(_low_position(r) for r in ranks)
        if positions[-1] - positions[0] == n - 1:
            return Combination(Kind.STRAIGHT, _rank_at_low_position(positions[-1]), n, cards)
    return Combination(Kind.INVALID, -1, n, cards)


SAME_RANK: Final[dict[tuple[Card, ...], Combination]] = {
    group: Combination(_SAME_RANK_KINDS[len(group)], rank, len(group), group)
    for rank in range(13)
    for size in range(1, 5)
    for group in combinations(CARDS[rank * 4 : rank * 4 + 4], size)
}
"""Every single, pair, triple and four of a kind (195 sets; the same under every switch), precomputed so that
classifying them is a dict lookup (combinations are immutable values, so sharing them is safe)."""


def _low_position(rank: int) -> int:
    """Position in the low-ace straight order A 2 3 … K: A → 0, 2 → 1, 3 → 2, …, K → 12."""
    if rank == ACE:
        return 0
    if rank == TWO:
        return 1
    return rank + 2


def _rank_at_low_position(position: int) -> int:
    return ACE if position == 0 else TWO if position == 1 else position - 2


NEVER: Final = 13
"""A key floor above every key (keys are 0 … 12): nothing of that shape beats the combination."""


def beat_floor(kind: Kind, length: int, current: Combination, rules: HouseRules = DEFAULT_RULES) -> int:
    """The key a combination of ``kind`` and ``length`` must exceed to be played on ``current`` (rules §3): the
    same kind and length beats it with a higher key, a four of a kind chops it above :func:`chop_floor`, any
    other shape never beats it (:data:`NEVER`). Every card set of one shape and key is judged alike, so a list
    of candidates is judged with one floor."""
    if kind is _QUAD:
        return chop_floor(current, rules)
    if kind is current.kind and length == current.length:
        return current.key
    return NEVER


def chop_floor(current: Combination, rules: HouseRules = DEFAULT_RULES) -> int:
    """The key a four of a kind must exceed to chop (chặt = chop) ``current``: a lower four of a kind, any four of
    a kind on a single 2 or (``quad_beats_pair_of_twos``) on a pair of 2s, else :data:`NEVER`."""
    kind = current.kind
    if kind is _QUAD:
        return current.key
    if current.key == TWO and (kind is _SINGLE or (kind is _PAIR and rules.quad_beats_pair_of_twos)):
        return -1
    return NEVER


def is_chop(new: Combination, current: Combination, rules: HouseRules = DEFAULT_RULES) -> bool:
    """Whether ``new`` chops ``current``: a four of a kind above :func:`chop_floor`."""
    return new.kind is _QUAD and new.key > chop_floor(current, rules)


def beats(new: Combination, current: Combination | None, rules: HouseRules = DEFAULT_RULES) -> bool:
    """Whether ``new`` may be played on ``current`` (``None`` = leading), rules §3: above :func:`beat_floor`."""
    if new.kind is _INVALID:
        return False
    if current is None:
        return True
    return new.key > beat_floor(new.kind, new.length, current, rules)


# The kinds the rules above test, read once: ``Kind.X`` is slow in CPython 3.11 (EnumType defines
# ``__getattr__``, so every attribute read on an enum class takes the generic hook), and these run on every play.
_INVALID: Final = Kind.INVALID
_SINGLE: Final = Kind.SINGLE
_PAIR: Final = Kind.PAIR
_QUAD: Final = Kind.QUAD


def is_choppable(current: Combination | None, rules: HouseRules = DEFAULT_RULES) -> bool:
    """Whether some four of a kind could chop ``current`` (used by ``chop_after_pass``): whether the strongest
    one, the four 2s, chops it under :func:`is_chop` (a weaker four of a kind chops nothing the four 2s do not)."""
    return current is not None and is_chop(_FOUR_TWOS, current, rules)


_FOUR_TWOS = SAME_RANK[CARDS[TWO * 4 : TWO * 4 + 4]]
