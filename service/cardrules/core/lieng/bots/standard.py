"""``Level.STANDARD``: play by hand strength against the number of live opponents and the pot odds.

The hand's equity (:mod:`.strength`: its chance of beating every unfolded opponent, ties half, estimated as its
chance of beating one random hand to the power of their number) decides:

- **raise** (*tố*) when the equity reaches :data:`RAISE_EQUITY`, plus :data:`RERAISE_STEP` for every orbit that
  already held a raise (so two strong hands do not re-raise each other for ever on middling cards); the raise adds
  :data:`RAISE_POT_NUMERATOR` / :data:`RAISE_POT_DENOMINATOR` of the pot, kept inside the legal range;
- otherwise **check** when nothing is owed, **call** (*theo*; all-in for less when the stack is short) when the
  equity pays for it — equity × (pot + call) > call — and **fold** (*úp bài*) when it does not.

It needs no randomness and reads only the public state and the seat's own hand key, so the search level
(:mod:`.strong`) can play it for every seat in its playouts. Legality comes from the betting rules themselves
(:func:`~cardrules.core.lieng.betting.legal_actions` and :func:`~cardrules.core.lieng.betting.judge`).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardrules.core.lieng.betting import Action, ActionKind, BettingState, judge, legal_actions
from cardrules.core.lieng.bots.actions import plain_action
from cardrules.core.lieng.bots.strength import single_equity
from cardrules.core.lieng.reasons import Reason

__all__ = [
    "RAISE_EQUITY",
    "RAISE_POT_DENOMINATOR",
    "RAISE_POT_NUMERATOR",
    "RERAISE_STEP",
    "StandardTurn",
    "raise_equity",
    "standard_action",
    "standard_decision",
    "standard_raise",
]

RAISE_EQUITY = 0.5
"""Raise when the hand is more likely than not to win the pot against the live opponents: heads-up that is any
hand above the median (5 points or better), against five opponents only the top few percent (Liêng and Sáp)."""
RERAISE_STEP = 0.15
"""Each orbit that already held a raise asks this much more equity of a further raise: after two raised orbits
only hands winning four times in five still raise; the rest call or fold on the pot odds."""
RAISE_POT_NUMERATOR = 3
RAISE_POT_DENOMINATOR = 4
"""A raise adds three quarters of the pot: enough that a weak hand facing it has poor pot odds (it must win more
than 3 times in 10), small enough that a strong hand is still called by the hands it beats less often."""


def standard_action(state: BettingState, seat: int, sort_key: int) -> Action:
    """The STANDARD action of ``seat`` (the seat to act) holding a hand with ``sort_key``."""
    return standard_decision(state, seat, single_equity(sort_key, state.rules))


def standard_decision(state: BettingState, seat: int, beats_one: float) -> Action:
    """:func:`standard_action` for a hand whose chance of beating one random hand is ``beats_one``
    (:func:`~.strength.single_equity`; a search looks it up once per dealt hand, not once per decision)."""
    share = beats_one ** _opponents(state)
    if share >= raise_equity(state):
        raising = standard_raise(state, seat, RAISE_POT_NUMERATOR, RAISE_POT_DENOMINATOR)
        if raising is not None:
            return raising
    return _passive(state, seat, share)


@dataclass(frozen=True, slots=True)
class StandardTurn:
    """What a STANDARD player decides from at one turn, whatever its hand: ``seat`` to act facing ``opponents`` live
    opponents, raising with ``raising`` (``None``: it may not raise) from ``raise_equity`` on, otherwise taking
    ``calling`` (CHECK, CALL or a calling ALL_IN) when its share pays for the ``paid`` chips it adds to make the pot
    ``pot_after``. A search asks it what many different hands would have done at a turn of the public history."""

    state: BettingState
    seat: int
    opponents: int
    raise_equity: float
    raising: Action | None
    paid: int
    pot_after: int
    calling: Action

    def decide(self, beats_one: float) -> Action:
        """:func:`standard_decision` at this turn for a hand that beats one random hand with ``beats_one``."""
        share = beats_one**self.opponents
        if self.raising is not None and share >= self.raise_equity:
            return self.raising
        return _passive_choice(self.seat, share, self.paid, self.pot_after, self.calling)


def standard_turn(state: BettingState, seat: int) -> StandardTurn:
    """The :class:`StandardTurn` of ``seat``, the seat to act in ``state``."""
    raising = standard_raise(state, seat, RAISE_POT_NUMERATOR, RAISE_POT_DENOMINATOR)
    paid, pot_after, calling = _call_terms(state, seat)
    return StandardTurn(state, seat, _opponents(state), raise_equity(state), raising, paid, pot_after, calling)


def raise_equity(state: BettingState) -> float:
    """The equity from which STANDARD raises in ``state``: :data:`RAISE_EQUITY`, plus :data:`RERAISE_STEP` per
    orbit that already held a raise."""
    return RAISE_EQUITY + RERAISE_STEP * state.raise_orbits


def _opponents(state: BettingState) -> int:
    """The unfolded seats besides the one to act."""
    live = -1
    for other in state.seats:
        if not other.folded:
            live += 1
    return live


def _passive(state: BettingState, seat: int, share: float) -> Action:
    """Check when free; call (all-in for less when short) when ``share`` × (pot + call) pays the call; else fold."""
    paid, pot_after, calling = _call_terms(state, seat)
    return _passive_choice(seat, share, paid, pot_after, calling)


def _call_terms(state: BettingState, seat: int) -> tuple[int, int, Action]:
    """What not folding costs: the chips it adds (0 when nothing is owed), the pot after them, and the action (CHECK;
    CALL; ALL_IN when the stack cannot cover the call)."""
    me = state.seats[seat]
    owed = state.current_bet - me.committed
    if owed == 0:
        return 0, state.pot, plain_action(seat, ActionKind.CHECK)
    paid = min(owed, me.stack)
    call = plain_action(seat, ActionKind.CALL)
    calling = call if judge(state, call) is Reason.OK else plain_action(seat, ActionKind.ALL_IN)
    return paid, state.pot + paid, calling


def _passive_choice(seat: int, share: float, paid: int, pot_after: int, calling: Action) -> Action:
    if paid == 0 or share * pot_after > paid:
        return calling
    return plain_action(seat, ActionKind.FOLD)


def standard_raise(state: BettingState, seat: int, numerator: int, denominator: int) -> Action | None:
    """A raise adding ``numerator / denominator`` of the pot (at least the minimum raise, at most what the rules
    allow), or a raising ALL_IN when the stack is too short for a raise; ``None`` when the seat may not raise."""
    legal = legal_actions(state)
    if ActionKind.RAISE in legal.kinds:
        wanted = state.current_bet + state.pot * numerator // denominator
        return Action(seat, ActionKind.RAISE, min(max(wanted, legal.min_raise_to), legal.max_raise_to))
    if ActionKind.ALL_IN in legal.kinds and legal.all_in_to > state.current_bet:
        return plain_action(seat, ActionKind.ALL_IN)
    return None
