"""A Liêng bot cannot cheat (docs/bots.md): redeal every other seat's hidden cards, keep everything the seat may see
(its cards, the states, the public history), and its suggestion for the same seed stays the same — while the other
seats' bots, asked with their new cards between its turns, and the round's settlement do change."""

from __future__ import annotations

import random

import pytest

from cardrules.core.bots import Level
from cardrules.core.cards import CARDS, Card
from cardrules.core.lieng import Action, RoundRecord, apply, settle_round, start_betting
from cardrules.core.lieng.bots import suggest_action
from tests.support.lieng_tournament import deal

SEATS = 6
PLAYOUTS = 20


def playouts(level: Level) -> int | None:
    return PLAYOUTS if level is Level.STRONG else None


def play(hands: tuple[tuple[Card, ...], ...], hero: int, level: Level, seed: int) -> list[Action]:
    """A round where ``hero`` plays ``level`` and the others STANDARD: every action."""
    state = start_betting([1000] * SEATS, 10, 0)
    history: list[Action] = []
    while state.to_act is not None:
        seat = state.to_act
        mine = seat == hero
        chosen = suggest_action(
            state, seat, hands[seat], tuple(history), level if mine else Level.STANDARD, seed, playouts(level)
        )
        following = apply(state, chosen.action).state
        assert following is not None
        history.append(chosen.action)
        state = following
    return history


def redealt(hands: tuple[tuple[Card, ...], ...], hero: int, variation: int) -> tuple[tuple[Card, ...], ...]:
    """The same deal for ``hero``; the other seats' hands drawn again from the cards ``hero`` has not seen."""
    unseen = [card for card in CARDS if card not in hands[hero]]
    random.Random(variation).shuffle(unseen)
    others = iter(tuple(sorted(unseen[3 * i : 3 * i + 3])) for i in range(SEATS))
    return tuple(hands[hero] if seat == hero else next(others) for seat in range(SEATS))


@pytest.mark.parametrize("level", list(Level))
def test_other_seats_cards_do_not_change_a_suggestion(level: Level) -> None:
    outcomes_changed = 0
    hero_turns = 0
    for deal_seed in range(12):
        hero = deal_seed % SEATS
        hands = deal(deal_seed, SEATS)
        seed = 1000 + deal_seed
        actions = play(hands, hero, level, seed)
        nets = settle_round(RoundRecord((1000,) * SEATS, 10, 0, tuple(actions), hands)).nets
        for variation in range(3):
            other_hands = redealt(hands, hero, variation)
            state = start_betting([1000] * SEATS, 10, 0)
            for i, action in enumerate(actions):  # the same public round, the others holding other cards
                history = tuple(actions[:i])
                if action.seat == hero:
                    hero_turns += 1
                    random.seed(variation)  # a bot drawing from the global generator would answer differently
                    again = suggest_action(state, hero, hands[hero], history, level, seed, playouts(level))
                    assert again.action == action
                else:  # the other seats' bots see their new cards in between
                    suggest_action(state, action.seat, other_hands[action.seat], history, Level.STRONG, variation, 5)
                following = apply(state, action).state
                assert following is not None
                state = following
            varied = settle_round(RoundRecord((1000,) * SEATS, 10, 0, tuple(actions), other_hands)).nets
            outcomes_changed += varied != nets
    assert hero_turns > 0
    assert outcomes_changed > 0  # the redeals did change what the hidden cards decide
