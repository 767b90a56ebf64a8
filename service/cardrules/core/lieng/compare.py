"""Comparing Liêng hands: a ranking of 2 to 17 hands with ties explicit (docs/rules/lieng.md §1).

The order is the total preorder of ``HandScore.sort_key`` (higher wins, equal keys tie), so it is reflexive,
transitive and total by construction. Hands are checked one by one (3 distinct valid cards each) but may share
cards with each other, so hands from different deals can be compared.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from cardrules.core.errors import ErrorReason, InvalidInput
from cardrules.core.lieng.hand_score import HandScore, score_hand, score_hands
from cardrules.core.lieng.house_rules import DEFAULT_RULES, HouseRules

__all__ = ["MAX_COMPARED_HANDS", "MIN_COMPARED_HANDS", "Ranking", "compare_two", "rank_hands", "rank_scores"]

MIN_COMPARED_HANDS = 2
MAX_COMPARED_HANDS = 17  # 17 × 3 = 51 cards: every hand of one deck


class Ranking(NamedTuple):
    """Hands ordered best first.

    - ``groups``: tuples of input indices, best group first; the indices in a group tie (ascending order).
    - ``ranks``: per input hand, its group's position (0 = best; tied hands share a rank; dense: 0, 1, 2 …).
    - ``scores``: per input hand, its :class:`HandScore`.
    """

    groups: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]
    scores: tuple[HandScore, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """The indices of the best hand(s)."""
        return self.groups[0]


def rank_scores(scores: Sequence[HandScore]) -> Ranking:
    """Rank already scored hands (any number, even 0 or 1)."""
    return _rank(tuple(scores), [s.sort_key for s in scores])


def _rank(scores: tuple[HandScore, ...], keys: Sequence[int]) -> Ranking:
    distinct = sorted(set(keys), reverse=True)
    position = {k: i for i, k in enumerate(distinct)}
    ranks = tuple(position[k] for k in keys)
    groups: list[list[int]] = [[] for _ in distinct]
    for index, rank in enumerate(ranks):
        groups[rank].append(index)
    return Ranking(tuple(tuple(g) for g in groups), ranks, scores)


def rank_hands(
    hands: Sequence[str | Iterable[int] | Iterable[str]], rules: HouseRules = DEFAULT_RULES, field: str = "hands"
) -> Ranking:
    """Score and rank 2 to 17 hands; :class:`InvalidInput` for a bad hand (``hands[i][j]``) or a bad count."""
    if not MIN_COMPARED_HANDS <= len(hands) <= MAX_COMPARED_HANDS:
        raise InvalidInput.one(
            field,
            ErrorReason.WRONG_HAND_COUNT,
            f"compare {MIN_COMPARED_HANDS} to {MAX_COMPARED_HANDS} hands, got {len(hands)}",
        )
    return rank_scores(score_hands(hands, rules, field))


def compare_two(
    first: str | Iterable[int] | Iterable[str],
    second: str | Iterable[int] | Iterable[str],
    rules: HouseRules = DEFAULT_RULES,
) -> int:
    """1 if ``first`` wins, -1 if ``second`` wins, 0 for a tie."""
    a = score_hand(first, rules, "hands[0]").sort_key
    b = score_hand(second, rules, "hands[1]").sort_key
    return (a > b) - (a < b)
