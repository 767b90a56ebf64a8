"""Precomputed per-byte tables that turn a hand into its per-rank groups and same-rank plays without a Python loop
per card.

A hand is first turned into its 52-bit card mask (bit c = card c held; cards are ``rank * 4 + suit``), then
into the 7 little-endian bytes of that mask: byte i holds the four suits of rank 2i (low nibble) and of rank
2i + 1 (high nibble). Every table below is indexed ``[i][byte]`` and holds what those two ranks contribute, so a
whole hand is answered by seven table lookups instead of a Python loop over the cards (this is what makes
:func:`cardrules.core.sam.moves.legal_moves` cheap on a fresh hand). The same-rank plays in the tables are the
shared :data:`~cardrules.core.sam.combination.SAME_RANK` combinations, so listing them classifies nothing.
The tables hold 7 × 256 entries each (a few tens of thousands of small tuples), built once at import.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from operator import itemgetter
from typing import Final

from cardrules.core.cards import CARDS, Card
from cardrules.core.sam.combination import SAME_RANK, Combination

Cards = tuple[Card, ...]
Table = tuple[tuple[tuple[Combination, ...], ...], ...]
"""``table[i][byte]``: the combinations the two ranks of byte i contribute."""

CHUNKS: Final = 7
"""Bytes of a 52-bit card mask."""
BIT: Final[tuple[int, ...]] = tuple(1 << c for c in range(52))
"""``BIT[c]`` = the mask bit of card c."""
NO_CARD: Final = CARDS[0]
"""Placeholder in :data:`LOWEST` slots of ranks not held (never picked: straights only pick held ranks)."""


def _build() -> tuple[
    tuple[tuple[tuple[Cards, ...], ...], ...],
    Table,
    tuple[tuple[int, ...], ...],
    tuple[tuple[tuple[Card, Card], ...], ...],
    tuple[Table, ...],
    tuple[Table, ...],
]:
    groups_t = []
    lead_t = []
    ranks_t = []
    low_t = []
    sets_t: list[list[tuple[tuple[Combination, ...], ...]]] = [[] for _ in range(4)]
    lowest_sets_t: list[list[tuple[tuple[Combination, ...], ...]]] = [[] for _ in range(4)]
    for i in range(CHUNKS):
        groups_row = []
        lead_row = []
        ranks_row = []
        low_row = []
        sets_rows: list[list[tuple[Combination, ...]]] = [[] for _ in range(4)]
        lowest_rows: list[list[tuple[Combination, ...]]] = [[] for _ in range(4)]
        for byte in range(256):
            groups: list[Cards] = []
            lead: list[Combination] = []
            sets: list[list[Combination]] = [[] for _ in range(4)]
            lowest: list[list[Combination]] = [[] for _ in range(4)]
            ranks = 0
            low = [NO_CARD, NO_CARD]
            for half in (0, 1):
                rank = 2 * i + half
                group = tuple(
                    CARDS[rank * 4 + suit] for suit in range(4) if byte >> (half * 4 + suit) & 1 and rank < 13
                )
                if group:
                    groups.append(group)
                    lead += [SAME_RANK[group[:k]] for k in range(1, len(group) + 1)]
                    for size in range(1, len(group) + 1):
                        sets[size - 1] += [SAME_RANK[p] for p in combinations(group, size)]
                        lowest[size - 1].append(SAME_RANK[group[:size]])
                    ranks |= 1 << rank
                    low[half] = group[0]
            groups_row.append(tuple(groups))
            lead_row.append(tuple(lead))
            ranks_row.append(ranks)
            low_row.append((low[0], low[1]))
            for size in range(4):
                sets_rows[size].append(tuple(sets[size]))
                lowest_rows[size].append(tuple(lowest[size]))
        groups_t.append(tuple(groups_row))
        lead_t.append(tuple(lead_row))
        ranks_t.append(tuple(ranks_row))
        low_t.append(tuple(low_row))
        for size in range(4):
            sets_t[size].append(tuple(sets_rows[size]))
            lowest_sets_t[size].append(tuple(lowest_rows[size]))
    return (
        tuple(groups_t),
        tuple(lead_t),
        tuple(ranks_t),
        tuple(low_t),
        tuple(tuple(t) for t in sets_t),
        tuple(tuple(t) for t in lowest_sets_t),
    )


_TABLES: Final = _build()
GROUPS: Final = _TABLES[0]
LEAD: Final = _TABLES[1]
RANKS: Final = _TABLES[2]
LOWEST: Final = _TABLES[3]
SETS: Final = _TABLES[4]
LOWEST_SETS: Final = _TABLES[5]
"""``GROUPS[i][b]``: the per-rank card groups (rank order); ``LEAD[i][b]``: the default lead plays of those ranks
(each group's 1, 2, 3, 4 lowest cards, rank by rank); ``RANKS[i][b]``: the 13-bit rank-mask bits; ``LOWEST[i][b]``:
the lowest card of rank 2i and of rank 2i + 1 (:data:`NO_CARD` where not held); ``SETS[k - 1][i][b]``: every
same-rank set of k cards (rank order, then suits); ``LOWEST_SETS[k - 1][i][b]``: the k lowest cards of each rank
holding k or more."""


# One name per byte position: the lookups below then unpack the 7 bytes and index each table directly, the
# cheapest form CPython has (cheaper than map/chain over the table rows). Final (here and for the other tables and
# constants of the legal-moves path): compiled, mypyc keeps them in C variables instead of looking each up by name
# (≈ 12 % of a compiled legal_moves call; the same instructions interpreted).
_G0: Final = GROUPS[0]
_G1: Final = GROUPS[1]
_G2: Final = GROUPS[2]
_G3: Final = GROUPS[3]
_G4: Final = GROUPS[4]
_G5: Final = GROUPS[5]
_G6: Final = GROUPS[6]
_L0: Final = LEAD[0]
_L1: Final = LEAD[1]
_L2: Final = LEAD[2]
_L3: Final = LEAD[3]
_L4: Final = LEAD[4]
_L5: Final = LEAD[5]
_L6: Final = LEAD[6]
_R0: Final = RANKS[0]
_R1: Final = RANKS[1]
_R2: Final = RANKS[2]
_R3: Final = RANKS[3]
_R4: Final = RANKS[4]
_R5: Final = RANKS[5]
_R6: Final = RANKS[6]
_W0: Final = LOWEST[0]
_W1: Final = LOWEST[1]
_W2: Final = LOWEST[2]
_W3: Final = LOWEST[3]
_W4: Final = LOWEST[4]
_W5: Final = LOWEST[5]
_W6: Final = LOWEST[6]


def index_of(hand: Sequence[Card]) -> tuple[bytes, int]:
    """(the 7 card-mask bytes, the 13-bit rank mask) of distinct cards."""
    n = len(hand)
    # Distinct cards: the sum of their bits is their union; itemgetter fetches all the bits in one call (it
    # returns a bare value, not a tuple, for one card).
    mask = sum(itemgetter(*hand)(BIT)) if n > 1 else BIT[hand[0]] if n else 0
    chunks = mask.to_bytes(CHUNKS, "little")
    a, b, c, d, e, f, g = chunks
    return chunks, _R0[a] | _R1[b] | _R2[c] | _R3[d] | _R4[e] | _R5[f] | _R6[g]


def groups_of(chunks: bytes) -> tuple[Cards, ...]:
    """The per-rank groups of the hand, in rank order."""
    a, b, c, d, e, f, g = chunks
    return (*_G0[a], *_G1[b], *_G2[c], *_G3[d], *_G4[e], *_G5[f], *_G6[g])


def lead_plays_of(chunks: bytes) -> list[Combination]:
    """The default lead list without straights: rank by rank, single before pair before triple before quad."""
    a, b, c, d, e, f, g = chunks
    return [*_L0[a], *_L1[b], *_L2[c], *_L3[d], *_L4[e], *_L5[f], *_L6[g]]


def sets_of(chunks: bytes, size: int) -> list[Combination]:
    """Every same-rank set of ``size`` (1–4) cards of the hand: rank by rank, then by suits."""
    a, b, c, d, e, f, g = chunks
    t0, t1, t2, t3, t4, t5, t6 = SETS[size - 1]
    return [*t0[a], *t1[b], *t2[c], *t3[d], *t4[e], *t5[f], *t6[g]]


def lowest_sets_of(chunks: bytes, size: int) -> list[Combination]:
    """The ``size`` (1–4) lowest cards of each rank the hand holds ``size`` or more of, rank by rank."""
    a, b, c, d, e, f, g = chunks
    t0, t1, t2, t3, t4, t5, t6 = LOWEST_SETS[size - 1]
    return [*t0[a], *t1[b], *t2[c], *t3[d], *t4[e], *t5[f], *t6[g]]


def lowest_of(chunks: bytes) -> tuple[Card, ...]:
    """The lowest card of each rank, in 14 slots indexed by rank (:data:`NO_CARD` where not held)."""
    a, b, c, d, e, f, g = chunks
    return (*_W0[a], *_W1[b], *_W2[c], *_W3[d], *_W4[e], *_W5[f], *_W6[g])
