"""``Level.STRONG``: a Monte Carlo search over the deals the seat cannot tell apart.

For each of its candidate actions — check or call, a few raise sizes, and fold when something is owed — the search
estimates the chips the seat ends the round with:

1. **Deal** the live opponents hands from the 49 cards the seat has not seen. An opponent's hand is redrawn (up to
   :data:`REDRAWS` times) until the STANDARD player holding it would have taken the same kind of action (fold /
   check-call / raise) at each of its last :data:`FITTED_TURNS` turns in the public history: an opponent that
   raised is dealt strong hands more often than one that called. The seat's own cards are never redealt, and
   nobody's real hidden cards are an input.
2. **Play out** the rest of the betting after the candidate action, every seat playing STANDARD with its hand,
   through :func:`~cardrules.core.lieng.betting.apply`, and **settle** it with
   :func:`~cardrules.core.lieng.pots.settle_pots` (side pots, house fee): the seat's net chips.
3. Every candidate is played out on the same deals (so their differences are not noise of the deals), and the one
   with the highest mean net wins; folding is worth exactly minus what the seat has put in.

A *playout* is one candidate played out on one deal; the budget is counted in playouts, never in time, and the
only randomness is ``random.Random(seed)``: the same view and seed give the same answer everywhere.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardrules.core.bots import SearchSummary
from cardrules.core.cards import DECK, Card
from cardrules.core.lieng.betting import Action, ActionKind, BettingState, apply, legal_actions, resolve_timeout
from cardrules.core.lieng.bots.actions import plain_action
from cardrules.core.lieng.bots.standard import StandardTurn, standard_decision, standard_raise, standard_turn
from cardrules.core.lieng.bots.strength import single_equities
from cardrules.core.lieng.bots.view import SeatView
from cardrules.core.lieng.hand_score import key_table
from cardrules.core.lieng.pots import settle_pots

__all__ = ["FITTED_TURNS", "RAISE_SIZES", "REDRAWS", "candidate_actions", "strong_action"]

REDRAWS = 8
"""How many hands an opponent may be dealt before one fits its actions. A STANDARD player that raised holds one of
the few percent of hands that raise, so most draws miss; eight draws find such a hand about a third of the time
and otherwise keep the last draw, which keeps an opponent that plays unlike STANDARD from skewing the deal too far."""
FITTED_TURNS = 4
"""An opponent's hand is fitted to its last four turns only: the latest turns, facing the largest bets, say the most
about its hand, and the cost of fitting stays bounded on the longest histories (50 orbits of raises)."""
RAISE_SIZES: tuple[tuple[int, int], ...] = ((1, 2), (1, 1), (4, 1))
"""The raises the search weighs, as fractions of the pot added to the current bet: half the pot, the pot, and
four pots (at most the seat's stack or the raise cap): a small, a usual and a committing raise."""

_FOLD, _CALL, _RAISE = 0, 1, 2  # what kind of action a player took, as far as fitting a hand to it goes


def candidate_actions(state: BettingState, seat: int) -> tuple[Action, ...]:
    """The actions the search weighs, passive first: CHECK, or CALL (ALL_IN when the stack cannot cover it), the
    raises of :data:`RAISE_SIZES` (or a raising ALL_IN when no RAISE is legal), then FOLD when something is owed.
    Every one is legal (:func:`~cardrules.core.lieng.betting.legal_actions`)."""
    legal = legal_actions(state)
    chosen: list[Action] = []
    if ActionKind.CHECK in legal.kinds:
        chosen.append(plain_action(seat, ActionKind.CHECK))
    elif ActionKind.CALL in legal.kinds:
        chosen.append(plain_action(seat, ActionKind.CALL))
    else:
        chosen.append(plain_action(seat, ActionKind.ALL_IN))
    for numerator, denominator in RAISE_SIZES:
        raising = standard_raise(state, seat, numerator, denominator)
        if raising is not None and raising not in chosen:
            chosen.append(raising)
    if legal.call_amount > 0:
        chosen.append(plain_action(seat, ActionKind.FOLD))
    return tuple(chosen)


def strong_action(view: SeatView, seed: int, playouts: int) -> tuple[Action, SearchSummary]:
    """The STRONG action for the seat of ``view`` with at most ``playouts`` playouts, and what the search found."""
    state = view.state
    me = view.seat
    candidates = candidate_actions(state, me)
    searched = [c for c in candidates if c.kind is not ActionKind.FOLD]
    # A budget below the number of candidates compares only the first ones (check or call, then the smaller
    # raises), so the playouts run never exceed the budget asked for.
    searched = searched[: max(1, playouts)]
    deals = max(1, playouts // len(searched))
    rng = random.Random(seed)
    unseen = [card for card in DECK if card not in view.hand]
    opponents = [i for i, s in enumerate(state.seats) if i != me and not s.folded]
    fits = _observed(view)
    table = key_table(state.rules.a23, state.rules.suit_tie_break)
    keys: list[int | None] = [None] * len(state.seats)
    keys[me] = view.sort_key
    beats: list[float] = [0.0] * len(state.seats)
    shares = single_equities(state.rules)
    beats[me] = shares[view.sort_key]
    afters = [_after(state, action) for action in searched]  # the same on every deal: applied once
    nets = [0] * len(searched)
    wins = [0] * len(searched)
    for _ in range(deals):
        _deal(rng, unseen, opponents, fits, table, shares, keys, beats)
        for j, after in enumerate(afters):
            net = _play_out(after, keys, beats, me)
            nets[j] += net
            if net > 0:
                wins[j] += 1
    best = 0
    best_value = nets[0] / deals
    for j in range(1, len(searched)):
        if nets[j] / deals > best_value:
            best, best_value = j, nets[j] / deals
    summary_playouts = deals * len(searched)
    folding = -state.seats[me].committed
    if len(searched) < len(candidates) and folding > best_value:
        return candidates[-1], SearchSummary(summary_playouts, 0.0)
    return searched[best], SearchSummary(summary_playouts, wins[best] / deals)


def _observed(view: SeatView) -> dict[int, list[tuple[StandardTurn, int]]]:
    """Per seat, its last :data:`FITTED_TURNS` turns in the history: what STANDARD would decide from there, and what
    kind of action the seat took."""
    turns: dict[int, list[int]] = {}
    for i, action in enumerate(view.history):
        if action.seat != view.seat:
            turns.setdefault(action.seat, []).append(i)
    fits: dict[int, list[tuple[StandardTurn, int]]] = {}
    for seat in sorted(turns):
        for i in turns[seat][-FITTED_TURNS:]:
            before = view.states[i]
            fits.setdefault(seat, []).append((standard_turn(before, seat), _kind_of(before, view.history[i])))
    return fits


def _kind_of(state: BettingState, action: Action) -> int:
    kind = action.kind
    if kind is ActionKind.TIMEOUT:
        kind = resolve_timeout(state, action.seat)
    if kind is ActionKind.FOLD:
        return _FOLD
    if kind is ActionKind.RAISE:
        return _RAISE
    if kind is ActionKind.ALL_IN:
        seat = state.seats[action.seat]
        return _RAISE if seat.committed + seat.stack > state.current_bet else _CALL
    return _CALL


def _deal(
    rng: random.Random,
    unseen: Sequence[Card],
    opponents: Sequence[int],
    fits: dict[int, list[tuple[StandardTurn, int]]],
    table: Sequence[int],
    shares: dict[int, float],
    keys: list[int | None],
    beats: list[float],
) -> None:
    """Deal every live opponent a hand from ``unseen`` into ``keys`` (and its :func:`~.strength.single_equity`
    into ``beats``, from ``shares``), each fitted to its turns in the history."""
    deck = list(unseen)
    for seat in opponents:
        turns = fits.get(seat, [])
        drawn = rng.sample(deck, 3)
        key = table[drawn[0] * 2704 + drawn[1] * 52 + drawn[2]]
        beat = shares[key]
        tries = 1
        while tries < REDRAWS and not _fits(turns, beat):
            drawn = rng.sample(deck, 3)
            key = table[drawn[0] * 2704 + drawn[1] * 52 + drawn[2]]
            beat = shares[key]
            tries += 1
        for card in drawn:
            deck.remove(card)
        keys[seat] = key
        beats[seat] = beat


def _fits(turns: Sequence[tuple[StandardTurn, int]], beats_one: float) -> bool:
    """Whether a STANDARD player whose hand beats one random hand with chance ``beats_one`` would have taken each of
    ``turns``' kinds of action."""
    return all(_kind_of(turn.state, turn.decide(beats_one)) == kind for turn, kind in turns)


def _after(state: BettingState, action: Action) -> BettingState:
    following = apply(state, action).state
    assert following is not None, "a candidate action is always legal"
    return following


def _play_out(after: BettingState, keys: Sequence[int | None], beats: Sequence[float], me: int) -> int:
    """``me``'s net chips when, from ``after``, every seat plays STANDARD with the hand in ``keys``."""
    following = after
    while following.to_act is not None:
        seat = following.to_act
        following = _after(following, standard_decision(following, seat, beats[seat]))
    rules = following.rules
    live_keys = [keys[i] if not s.folded else None for i, s in enumerate(following.seats)]
    split = settle_pots(
        following.committed, following.folded, live_keys, following.first_actor, rules.excess, rules.fee_bps
    )
    return split.nets[me]
