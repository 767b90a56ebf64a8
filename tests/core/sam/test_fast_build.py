"""The speed path of legal_moves (core/sam/fast_build.py) builds what the plain constructor builds, and the
classified same-rank tables of core/sam/rankindex.py list what the hand holds."""

from __future__ import annotations

import random
from itertools import combinations

from cardrules.core.cards import CARDS
from cardrules.core.sam import Combination, HouseRules, Kind, SeatState, classify
from cardrules.core.sam.combination import SAME_RANK
from cardrules.core.sam.fast_build import straight_combination
from cardrules.core.sam.moves import straights_in
from cardrules.core.sam.rankindex import index_of, lead_plays_of, lowest_sets_of, sets_of


def test_straight_combination_is_the_plain_value() -> None:
    rng = random.Random(26)
    checked = 0
    for _ in range(300):
        low_ace = rng.random() < 0.5
        seat = SeatState(hand=tuple(CARDS[c] for c in rng.sample(range(52), 10)))
        groups = seat.by_rank()
        low = [g[0] if g else CARDS[0] for g in groups]
        for s in straights_in(seat.profile()[1], low_ace):
            cards = s.pick(low)
            built = straight_combination((Kind.STRAIGHT, s.top, s.length, cards))
            plain = Combination(Kind.STRAIGHT, s.top, s.length, cards)
            assert type(built) is Combination
            assert built == plain and hash(built) == hash(plain)
            assert (built.kind, built.key, built.length, built.cards) == (Kind.STRAIGHT, s.top, s.length, cards)
            assert built == classify(cards, HouseRules(straight_low_ace=low_ace))
            assert built._replace(key=0) == plain._replace(key=0)
            checked += 1
    assert checked > 300


def test_same_rank_tables_list_what_the_hand_holds() -> None:
    rng = random.Random(27)
    for _ in range(500):
        hand = tuple(sorted(CARDS[c] for c in rng.sample(range(52), rng.randint(0, 13))))
        chunks, mask = index_of(hand)
        by_rank = [tuple(c for c in hand if c >> 2 == r) for r in range(13)]
        assert mask == sum(1 << r for r in range(13) if by_rank[r])
        for size in (1, 2, 3, 4):
            every = [SAME_RANK[p] for g in by_rank for p in combinations(g, size)]
            assert sets_of(chunks, size) == every
            assert all(a is b for a, b in zip(sets_of(chunks, size), every, strict=True))
            assert lowest_sets_of(chunks, size) == [SAME_RANK[g[:size]] for g in by_rank if len(g) >= size]
        lead = [SAME_RANK[g[:k]] for g in by_rank for k in range(1, len(g) + 1)]
        assert lead_plays_of(chunks) == lead
        for combination in lead:
            assert combination == classify(combination.cards)
