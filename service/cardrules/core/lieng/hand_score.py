"""Scoring a 3-card Liêng hand (docs/rules/lieng.md §1): tier, key, points, labels and one int comparison key.

Tiers, best first: **Sáp** (three of a kind; key 0..12 for 2-2-2 … A-A-A), **Liêng** (three consecutive ranks,
any suits; key 0..11 for A-2-3 … Q-K-A; K-A-2 and other wraps are not Liêng), **Đĩ** (three faces J/Q/K that are
neither Sáp nor Liêng; key 0, all equal), **points** (the last digit of the card values, A = 1, 2–9 as printed,
10/J/Q/K = 0; key = points). ``points`` is that digit for *every* hand (a Sáp 7 has 1 point); only the POINTS
tier is ranked by it.

``sort_key`` is one int per hand and rules: a higher ``sort_key`` wins, equal ones tie. Without a suit
tie-break it is ``tier * 16 + key``; with one it is ``(tier * 16 + key) * 64 + top``, where ``top`` ranks the
hand's *highest card* by rank (2 low … A high) then by the chosen suit order. The highest card of a Liêng is
the top of its run (the 3 of A-2-3, or its A under ``a23 = ACE_HIGH``; the A of Q-K-A).

All 22,100 hands are scored once per (a23, suit_tie_break) pair into a flat table indexed by the three card
ints in any order (``a * 2704 + b * 52 + c``), so scoring a pre-parsed hand is one list lookup.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple, cast

from cardrules.core.cards import CARDS, FACE_VALUES, Card, check_distinct, parse_cards
from cardrules.core.errors import ErrorReason, Faults, FieldViolation, InvalidInput
from cardrules.core.lieng.house_rules import A23, DEFAULT_RULES, HouseRules, SuitTieBreak

__all__ = ["HandScore", "Tier", "hand_sort_key", "key_table", "score_hand", "score_hands"]


@enum.unique
class Tier(enum.IntEnum):
    """A hand's tier; a higher tier always wins."""

    POINTS = 0
    """Điểm: ranked by points 9 > 8 > … > 0."""
    DI = 1
    """Đĩ: three face cards J/Q/K that are not Sáp or Liêng; all Đĩ are equal."""
    LIENG = 2
    """Liêng: three consecutive ranks (A-2-3 … Q-K-A), any suits."""
    SAP = 3
    """Sáp: three of a kind, 2-2-2 lowest … A-A-A best."""


class HandScore(NamedTuple):
    """A scored hand. ``sort_key`` alone orders hands (higher wins, equal ties) under the rules it was scored with."""

    cards: tuple[Card, ...]
    tier: Tier
    key: int
    points: int
    label_vi: str
    label_en: str
    sort_key: int


# --- per-rank facts, indexed by Card.rank (Sâm order: 3 → 0 … K → 10, A → 11, 2 → 12) ---------------------
_FACE = FACE_VALUES  # A = 1 … K = 13
_HIGH = tuple(12 if f == 1 else f - 2 for f in _FACE)  # 2 → 0 … K → 11, A → 12 (Sáp order)
_POINTS = tuple(f if f <= 9 else 0 for f in _FACE)
_LABEL = {1: "A", 11: "J", 12: "Q", 13: "K"}
_SUIT_ORDER = {  # suit (S C D H = 0..3) → strength 0..3
    SuitTieBreak.HDCS: (0, 1, 2, 3),  # ♥ > ♦ > ♣ > ♠
    SuitTieBreak.DHCS: (0, 1, 3, 2),  # ♦ > ♥ > ♣ > ♠
}


def _face_label(face: int) -> str:
    return _LABEL.get(face, str(face))


@dataclass(frozen=True, slots=True)
class _Base:
    tier: Tier
    key: int  # under a23 = LOWEST
    points: int
    label_vi: str
    label_en: str
    top: Card  # the highest card under a23 = LOWEST
    ace_low_run: bool  # an A-2-3 Liêng: under ACE_HIGH its key is 11 and its highest card its A
    ace: Card  # the hand's highest-suited A (meaningful for an A-2-3 Liêng only)
    cards: tuple[Card, Card, Card]  # to pick the highest card again under a suit tie-break's own suit order


def _analyse(a: int, b: int, c: int) -> _Base:
    cards = (CARDS[a], CARDS[b], CARDS[c])
    faces = sorted(_FACE[x >> 2] for x in cards)
    points = sum(_POINTS[x >> 2] for x in cards) % 10
    by_high = max(cards, key=lambda x: _HIGH[x >> 2] * 4 + (x & 3))
    if faces[0] == faces[2]:
        rank = _face_label(faces[0])
        return _Base(Tier.SAP, _HIGH[a >> 2], points, f"Sáp {rank}", f"Trips {rank}", by_high, False, by_high, cards)
    run: tuple[int, int, int] | None = None
    if faces == [1, 12, 13]:
        run = (12, 13, 1)
    elif faces[0] + 1 == faces[1] and faces[1] + 1 == faces[2]:
        run = (faces[0], faces[1], faces[2])
    if run is not None:
        key = 11 if run[2] == 1 else run[0] - 1
        text = "-".join(_face_label(f) for f in run)
        top = next(x for x in cards if _FACE[x >> 2] == run[2])
        ace_low = run[0] == 1
        ace = next(x for x in cards if _FACE[x >> 2] == 1) if ace_low else top
        return _Base(Tier.LIENG, key, points, f"Liêng {text}", f"Straight {text}", top, ace_low, ace, cards)
    if faces[0] >= 11:
        return _Base(Tier.DI, 0, points, "Đĩ", "Three faces", by_high, False, by_high, cards)
    unit = "point" if points == 1 else "points"
    return _Base(Tier.POINTS, points, points, f"{points} điểm", f"{points} {unit}", by_high, False, by_high, cards)


@cache
def _bases() -> dict[int, _Base]:
    """The 22,100 hands, keyed by ``a * 2704 + b * 52 + c`` with a < b < c."""
    return {a * 2704 + b * 52 + c: _analyse(a, b, c) for a, b, c in itertools.combinations(range(52), 3)}


def _finish(base: _Base, a23: A23, tie_break: SuitTieBreak) -> tuple[int, int]:
    """(key, sort_key) of a base hand under the switches."""
    key, top = base.key, base.top
    if tie_break is not SuitTieBreak.NONE and base.tier is not Tier.LIENG:
        # Two cards of the top rank (a pair, a Sáp): the tie-break's own suit order picks the highest one.
        order = _SUIT_ORDER[tie_break]
        top = max(base.cards, key=lambda x: _HIGH[x >> 2] * 4 + order[x & 3])
    if base.ace_low_run and a23 is A23.ACE_HIGH:
        key, top = 11, base.ace
    sort_key = base.tier * 16 + key
    if tie_break is not SuitTieBreak.NONE:
        sort_key = sort_key * 64 + _HIGH[top >> 2] * 4 + _SUIT_ORDER[tie_break][top & 3]
    return key, sort_key


@cache
def key_table(a23: A23 = A23.LOWEST, suit_tie_break: SuitTieBreak = SuitTieBreak.NONE) -> tuple[int, ...]:
    """``sort_key`` of every hand, indexed by ``a * 2704 + b * 52 + c`` for its three cards in ANY order.

    Entries for index triples with a repeated card are -1. Built once per switch pair (about 0.2 s).
    """
    table = [-1] * (52 * 52 * 52)
    for packed, base in _bases().items():
        a, rest = divmod(packed, 2704)
        b, c = divmod(rest, 52)
        sort_key = _finish(base, a23, suit_tie_break)[1]
        for x, y, z in itertools.permutations((a, b, c)):
            table[x * 2704 + y * 52 + z] = sort_key
    return tuple(table)


def hand_sort_key(cards: Sequence[int], rules: HouseRules = DEFAULT_RULES) -> int:
    """The comparison key of three already-valid distinct card ints (no validation: use :func:`score_hand`)."""
    a, b, c = cards
    return key_table(rules.a23, rules.suit_tie_break)[a * 2704 + b * 52 + c]


def score_hand(
    cards: str | Iterable[int] | Iterable[str], rules: HouseRules = DEFAULT_RULES, field: str = "hand"
) -> HandScore:
    """Score one hand: ``"QCKDAS"``, ``["QC", "KD", "AS"]`` or three card ints.

    Raises :class:`InvalidInput` at ``field[i]`` for a malformed or repeated card and at ``field`` for a hand that
    is not exactly three cards.
    """
    faults = Faults()
    score = _score(cards, rules, field, faults)
    if score is None:
        raise InvalidInput(*faults.listed, unlisted=faults.unlisted)
    return score


def score_hands(
    hands: Sequence[str | Iterable[int] | Iterable[str]], rules: HouseRules = DEFAULT_RULES, field: str = "hands"
) -> tuple[HandScore, ...]:
    """Score many hands; violations name ``field[i]`` / ``field[i][j]`` (as many as an error lists; the rest are
    counted). Hands may share cards."""
    faults = Faults()
    scores = [_score(hand, rules, f"{field}[{i}]", faults) for i, hand in enumerate(hands)]
    faults.check()
    return tuple(cast(list[HandScore], scores))  # no None left: a hand that did not score was reported


def _score(
    cards: str | Iterable[int] | Iterable[str], rules: HouseRules, field: str, faults: Faults
) -> HandScore | None:
    """The hand's score, or None once its faults are reported into ``faults``."""
    hand = _parse_hand(cards, field, faults)
    if hand is None:
        return None
    a, b, c = sorted(hand)
    base = _bases()[a * 2704 + b * 52 + c]
    key, sort_key = _finish(base, rules.a23, rules.suit_tie_break)
    return HandScore(hand, base.tier, key, base.points, base.label_vi, base.label_en, sort_key)


def _parse_hand(cards: str | Iterable[int] | Iterable[str], field: str, faults: Faults) -> tuple[Card, ...] | None:
    try:
        if isinstance(cards, str):
            hand = parse_cards(cards, field)
        else:
            items = list(cards)
            if all(isinstance(x, str) for x in items):
                hand = parse_cards([str(x) for x in items], field)
            else:
                hand = check_distinct(items, field)
    except InvalidInput as error:
        faults.extend(error)
        return None
    if len(hand) != 3:
        if faults.building():
            faults.add(
                FieldViolation(field, ErrorReason.WRONG_CARD_COUNT, f"a Liêng hand is exactly 3 cards, got {len(hand)}")
            )
        return None
    return hand
