"""Precomputed per-byte tables that turn a hand into its per-rank groups without a Python loop per card.

A hand is first turned into its 52-bit card mask (bit c = card c held; cards are ``rank * 4 + suit``), then
into the 7 little-endian bytes of that mask: byte i holds the four suits of rank 2i (low nibble) and of rank
2i + 1 (high nibble). Every table below is indexed ``[i][byte]`` and holds what those two ranks contribute, so a
whole hand is answered by ``map(getitem, TABLE, chunks)`` — seven C-level lookups — instead of a Python loop
over the cards (this is what makes :func:`cardrules.core.sam.moves.legal_moves` cheap on a fresh hand).
The tables take about 2,000 small tuples and are built once at import.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain
from operator import getitem

from cardrules.core.cards import CARDS, Card

Cards = tuple[Card, ...]

CHUNKS = 7
"""Bytes of a 52-bit card mask."""
BIT: tuple[int, ...] = tuple(1 << c for c in range(52))
"""``BIT[c]`` = the mask bit of card c."""
NO_CARD = CARDS[0]
"""Placeholder in :data:`LOWEST` slots of ranks not held (never picked: straights only pick held ranks)."""


def _build() -> tuple[
    tuple[tuple[tuple[Cards, ...], ...], ...],
    tuple[tuple[tuple[Cards, ...], ...], ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[tuple[Card, Card], ...], ...],
]:
    groups_t = []
    lead_t = []
    ranks_t = []
    low_t = []
    for i in range(CHUNKS):
        groups_row = []
        lead_row = []
        ranks_row = []
        low_row = []
        for byte in range(256):
            groups: list[Cards] = []
            lead: list[Cards] = []
            ranks = 0
            low = [NO_CARD, NO_CARD]
            for half in (0, 1):
                rank = 2 * i + half
                group = tuple(
                    CARDS[rank * 4 + suit] for suit in range(4) if byte >> (half * 4 + suit) & 1 and rank < 13
                )
                if group:
                    groups.append(group)
                    lead += [group[:k] for k in range(1, len(group) + 1)]
                    ranks |= 1 << rank
                    low[half] = group[0]
            groups_row.append(tuple(groups))
            lead_row.append(tuple(lead))
            ranks_row.append(ranks)
            low_row.append((low[0], low[1]))
        groups_t.append(tuple(groups_row))
        lead_t.append(tuple(lead_row))
        ranks_t.append(tuple(ranks_row))
        low_t.append(tuple(low_row))
    return tuple(groups_t), tuple(lead_t), tuple(ranks_t), tuple(low_t)


GROUPS, LEAD, RANKS, LOWEST = _build()
"""``GROUPS[i][b]``: the per-rank card groups (rank order); ``LEAD[i][b]``: the default lead plays of those ranks
(each group's 1, 2, 3, 4 lowest cards, rank by rank); ``RANKS[i][b]``: the 13-bit rank-mask bits; ``LOWEST[i][b]``:
the lowest card of rank 2i and of rank 2i + 1 (:data:`NO_CARD` where not held)."""


def chunks_of(hand: Iterable[int]) -> bytes:
    """The 7 mask bytes of distinct cards (distinct, so the sum of their bits is their union)."""
    return sum(map(BIT.__getitem__, hand)).to_bytes(CHUNKS, "little")


def groups_of(chunks: bytes) -> tuple[Cards, ...]:
    """The per-rank groups of the hand, in rank order."""
    return tuple(chain.from_iterable(map(getitem, GROUPS, chunks)))


def rank_mask_of(chunks: bytes) -> int:
    """The 13-bit mask of the ranks held."""
    return sum(map(getitem, RANKS, chunks))


def lead_plays_of(chunks: bytes) -> list[Cards]:
    """The default lead list without straights: rank by rank, single before pair before triple before quad."""
    return list(chain.from_iterable(map(getitem, LEAD, chunks)))


def lowest_of(chunks: bytes) -> tuple[Card, ...]:
    """The lowest card of each rank, in 14 slots indexed by rank (:data:`NO_CARD` where not held)."""
    return tuple(chain.from_iterable(map(getitem, LOWEST, chunks)))
