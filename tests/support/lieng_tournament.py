"""Seeded Liêng tournaments between bots, for the bots' tests and benchmark (tests/benchmarks/bench_lieng_bots.py).

Each deal is played once per seat rotation: the players move round the table while the hands stay with the seats,
so every player plays every hand from every position and the luck of the deal cancels out. A player decides from
the seat's view only (the state, its own hand, the public history); every round is settled by the real
:func:`~cardrules.core.lieng.replay.settle_round` (side pots, fee as the house rules say).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from cardrules.core.bots import Level
from cardrules.core.cards import CARDS, Card
from cardrules.core.lieng import (
    Action,
    ActionKind,
    BettingState,
    HouseRules,
    RoundRecord,
    apply,
    legal_actions,
    settle_round,
    start_betting,
)
from cardrules.core.lieng.bots import suggest_action
from cardrules.core.lieng.house_rules import DEFAULT_RULES

Player = Callable[[BettingState, int, tuple[Card, ...], tuple[Action, ...], int], Action]
"""A player: (state, seat, its hand, the public history, a seed) → its action."""


def always_call(
    state: BettingState, seat: int, hand: tuple[Card, ...], history: tuple[Action, ...], seed: int
) -> Action:
    """Never folds, never raises: checks when free, calls (all-in for less when short)."""
    legal = legal_actions(state)
    for kind in (ActionKind.CHECK, ActionKind.CALL, ActionKind.ALL_IN):
        if kind in legal.kinds:
            return Action(seat, kind)
    raise AssertionError("a seat to act may always go all-in")


def bot(level: Level, playouts: int | None = None) -> Player:
    """The player of ``level`` (``suggest_action``)."""

    def play(state: BettingState, seat: int, hand: tuple[Card, ...], history: tuple[Action, ...], seed: int) -> Action:
        return suggest_action(state, seat, hand, history, level, seed, playouts).action

    return play


@dataclass
class Timings:
    """CPU seconds per decision, per player index (filled when a tournament is asked to time)."""

    per_player: dict[int, list[float]] = field(default_factory=dict)


def deal(deal_seed: int, seats: int) -> tuple[tuple[Card, ...], ...]:
    deck = list(CARDS)
    random.Random(deal_seed).shuffle(deck)
    return tuple(tuple(sorted(deck[3 * i : 3 * i + 3])) for i in range(seats))


def play_round(
    players: Sequence[Player],
    hands: Sequence[tuple[Card, ...]],
    stacks: Sequence[int],
    ante: int,
    rules: HouseRules,
    seed: int,
    seat_of: Sequence[int],
    timings: Timings | None = None,
) -> tuple[int, ...]:
    """Play one round; player p sits at seat ``seat_of[p]``. Returns each player's net chips."""
    player_at = {seat: p for p, seat in enumerate(seat_of)}
    state = start_betting(stacks, ante, 0, rules)
    history: list[Action] = []
    while state.to_act is not None:
        seat = state.to_act
        p = player_at[seat]
        start = time.process_time()
        action = players[p](state, seat, hands[seat], tuple(history), seed * 1000 + len(history))
        if timings is not None:
            timings.per_player.setdefault(p, []).append(time.process_time() - start)
        result = apply(state, action)
        assert result.state is not None, (action, result.reason)
        history.append(action)
        state = result.state
    record = RoundRecord(tuple(stacks), ante, 0, tuple(history), tuple(hands), rules)
    nets = settle_round(record).nets
    return tuple(nets[seat_of[p]] for p in range(len(players)))


def tournament(
    players: Sequence[Player],
    deals: int,
    first_seed: int = 0,
    stack: int = 1000,
    ante: int = 10,
    rules: HouseRules = DEFAULT_RULES,
    timings: Timings | None = None,
) -> list[tuple[int, ...]]:
    """Play ``deals`` deals, each once per seat rotation; one row of player nets per round played."""
    n = len(players)
    rows: list[tuple[int, ...]] = []
    for d in range(first_seed, first_seed + deals):
        hands = deal(d, n)
        for rotation in range(n):
            seat_of = [(p + rotation) % n for p in range(n)]
            rows.append(play_round(players, hands, [stack] * n, ante, rules, d * n + rotation, seat_of, timings))
    return rows
