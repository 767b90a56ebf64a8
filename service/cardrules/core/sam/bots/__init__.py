"""Sâm bots: "what should this seat do now?" at three levels (docs/bots.md).

- :func:`suggest_action` — a play or a pass for the seat to act, from its view only (:mod:`.knowledge`).
- :func:`suggest_declaration` — whether to declare Sâm (báo Sâm) on a dealt hand (:mod:`.declaration`).

Levels (:class:`~cardrules.core.bots.Level`): BASIC is the timeout default (:mod:`.basic`), STANDARD a rule-based
player (:mod:`.standard`), STRONG a determinized Monte Carlo search whose budget is counted in playouts
(:mod:`.strong`, :mod:`.limits`). Every answer is legal (chosen among the service's own legal moves) and is the
same for the same inputs and seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardrules.core.bots import Level, SearchSummary
from cardrules.core.cards import Card, check_distinct
from cardrules.core.errors import ErrorReason, InvalidInput, join
from cardrules.core.sam.actions import Action, Pass, Play
from cardrules.core.sam.bots.basic import basic_action
from cardrules.core.sam.bots.declaration import standard_declares, strong_declares
from cardrules.core.sam.bots.knowledge import know
from cardrules.core.sam.bots.limits import DEFAULT_PLAYOUTS, MAX_PLAYOUTS
from cardrules.core.sam.bots.standard import standard_action
from cardrules.core.sam.bots.strong import strong_action
from cardrules.core.sam.house_rules import HouseRules
from cardrules.core.sam.naming import SAM_NAMING, SamNaming
from cardrules.core.sam.state import HAND_SIZE, TableState

__all__ = [
    "DEFAULT_PLAYOUTS",
    "MAX_PLAYOUTS",
    "MAX_SEED",
    "DeclarationSuggestion",
    "SamSuggestion",
    "suggest_action",
    "suggest_declaration",
]

MAX_SEED = 2**64 - 1
"""A seed is an unsigned 64-bit integer, as the contract carries it."""


@dataclass(frozen=True, slots=True)
class SamSuggestion:
    """A bot's move: ``action``, legal for the seat in the state it was asked about, and for STRONG what the
    search did (``search``; None below STRONG)."""

    action: Play | Pass
    search: SearchSummary | None


@dataclass(frozen=True, slots=True)
class DeclarationSuggestion:
    """A bot's answer at the deal: whether to declare Sâm, and for STRONG what the search did."""

    declare: bool
    search: SearchSummary | None


def suggest_action(
    state: TableState,
    seat: int,
    history: Sequence[Action],
    level: Level,
    seed: int,
    playouts: int | None = None,
    *,
    path: str = "",
    naming: SamNaming = SAM_NAMING,
) -> SamSuggestion:
    """The move ``level`` suggests for ``seat``, the seat to act in ``state``, after the public ``history`` (the
    plays and passes of the round so far, in order; it may hold only the latest part, or nothing: then the cards
    not shown played are simply unseen).

    Other seats' hands in ``state`` are ignored: the state is reduced to the seat's view first. ``seed`` is the
    only randomness (STRONG); ``playouts`` is STRONG's budget (None: :data:`DEFAULT_PLAYOUTS`; 1 ..
    :data:`MAX_PLAYOUTS`). Bad input raises :class:`InvalidInput` named under ``path`` in ``naming``
    (:func:`~.knowledge.know` lists the faults of the state, seat and history; ``level``, ``seed`` and ``playouts``
    are named by themselves).
    """
    budget = _checked(level, seed, playouts, path)
    knowledge = know(state, seat, history, path, naming)
    if level is Level.BASIC:
        return SamSuggestion(basic_action(knowledge), None)
    if level is Level.STANDARD:
        return SamSuggestion(standard_action(knowledge.view, knowledge.seen_by_rank()), None)
    action, summary = strong_action(knowledge, seed, budget)
    return SamSuggestion(action, summary)


def suggest_declaration(
    hand: tuple[Card, ...],
    seat_count: int,
    house_rules: HouseRules,
    level: Level,
    seed: int,
    playouts: int | None = None,
    *,
    path: str = "",
    naming: SamNaming = SAM_NAMING,
) -> DeclarationSuggestion:
    """Whether ``level`` declares Sâm on the dealt ``hand`` (10 cards) at a table of ``seat_count`` seats under
    ``house_rules``. BASIC never declares; STANDARD declares when its estimate of the Sâm's chance is high enough;
    STRONG plays the hand out declared and not over determinizations and keeps the better. Bad input raises
    :class:`InvalidInput` at ``hand`` / ``hand[j]``, ``seat_count``, ``house_rules``, ``level``, ``seed`` or
    ``playouts`` (under ``path``, card lists in ``naming``)."""
    budget = _checked(level, seed, playouts, path)
    if not isinstance(house_rules, HouseRules):
        raise InvalidInput.one(join(path, "house_rules"), ErrorReason.INVALID_VALUE, "house_rules must be a HouseRules")
    if isinstance(hand, str | bytes):
        raise InvalidInput.one(join(path, "hand"), ErrorReason.MALFORMED_CARD, "hand must be a list of cards")
    cards = check_distinct(hand, naming.card_list(join(path, "hand")))
    if len(cards) != HAND_SIZE:
        raise InvalidInput.one(
            join(path, "hand"), ErrorReason.WRONG_CARD_COUNT, f"a dealt hand has 10 cards, got {len(cards)}"
        )
    if (
        not isinstance(seat_count, int)
        or isinstance(seat_count, bool)
        or not 2 <= seat_count <= house_rules.max_players
    ):
        raise InvalidInput.one(
            join(path, "seat_count"),
            ErrorReason.WRONG_SEAT_COUNT,
            f"a Sâm table has 2..{house_rules.max_players} seats, got {seat_count!r}",
        )
    dealt = tuple(sorted(cards))
    if level is Level.BASIC:
        return DeclarationSuggestion(False, None)
    if level is Level.STANDARD:
        return DeclarationSuggestion(standard_declares(dealt, seat_count, house_rules), None)
    declare, summary = strong_declares(dealt, seat_count, house_rules, seed, budget)
    return DeclarationSuggestion(declare, summary)


def _checked(level: object, seed: object, playouts: object, path: str) -> int:
    """The search budget, after checking the level, the seed and the budget."""
    if not isinstance(level, Level):
        raise InvalidInput.one(
            join(path, "level"), ErrorReason.UNKNOWN_ENUM_VALUE, f"level must be one of {', '.join(Level.__members__)}"
        )
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise InvalidInput.one(
            join(path, "seed"), ErrorReason.OUT_OF_RANGE, f"seed must be an integer 0..2^64-1, got {seed!r}"
        )
    if playouts is None:
        return DEFAULT_PLAYOUTS
    if not isinstance(playouts, int) or isinstance(playouts, bool) or not 1 <= playouts <= MAX_PLAYOUTS:
        raise InvalidInput.one(
            join(path, "playouts"), ErrorReason.OUT_OF_RANGE, f"playouts must be 1..{MAX_PLAYOUTS}, got {playouts!r}"
        )
    return playouts
