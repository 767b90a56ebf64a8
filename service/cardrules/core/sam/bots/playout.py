"""A search's two tools: deal the unseen cards out again (a *determinization*), and play a hand to its end.

A determinization gives each other seat as many of the unseen cards as it holds, drawn with the search's own
``random.Random``; the seat's own hand, the counts, the pass marks and the table stay as the seat sees them. A
playout then plays the hand through the service's own :func:`~cardrules.core.sam.apply.step` with every seat
playing STANDARD on its own hand and the public cards, and settles it with the real
:func:`~cardrules.core.sam.settlement.settle`, so a search scores moves by the points the rules pay.
"""

from __future__ import annotations

import random

from cardrules.core.sam.actions import Pass, Play
from cardrules.core.sam.apply import step
from cardrules.core.sam.bots.knowledge import Knowledge
from cardrules.core.sam.bots.standard import standard_action
from cardrules.core.sam.deal import InstantWin
from cardrules.core.sam.events import Chop, EventKind
from cardrules.core.sam.reasons import Illegal
from cardrules.core.sam.settlement import settle
from cardrules.core.sam.state import SeatState, TableState

__all__ = ["PlayoutResult", "determinize", "play_out", "points_of"]

_CHOP = EventKind.CHOP
_OVER_CHOP = EventKind.OVER_CHOP

PlayoutResult = tuple[int, bool]
"""A finished playout for the searching seat: its net points (in stakes) and whether it won the hand."""


def determinize(knowledge: Knowledge, rng: random.Random) -> TableState:
    """The seat's view with every other seat's hand drawn from the unseen cards (as many as its count)."""
    pool = list(knowledge.unseen)
    rng.shuffle(pool)
    view = knowledge.view
    seats: list[SeatState] = []
    taken = 0
    for i, seat in enumerate(view.seats):
        if i == knowledge.seat:
            seats.append(seat)
            continue
        hand = tuple(sorted(pool[taken : taken + seat.count]))
        taken += seat.count
        seats.append(SeatState.holding(hand, seat.passed))
    return TableState(
        seats=tuple(seats),
        turn=view.turn,
        current=view.current,
        current_owner=view.current_owner,
        chop_chain=view.chop_chain,
        declarer=view.declarer,
        bao_mot_violator=view.bao_mot_violator,
        lead_passes=view.lead_passes,
        house_rules=view.house_rules,
    )


def play_out(state: TableState, action: Play | Pass, seat: int, gone: tuple[int, ...]) -> PlayoutResult:
    """``action`` of the seat to act in ``state`` (a whole deal), then STANDARD for every seat to the hand's
    end; ``gone[r]``: the cards of rank r seen played before. The outcome for ``seat``."""
    played = list(gone)
    chains: list[tuple[Chop, ...]] = [state.chop_chain] if state.chop_chain else []
    move: Play | Pass = action
    while True:
        result = step(state, move, None)
        if isinstance(result, Illegal):  # pragma: no cover - every move comes from legal_moves
            raise AssertionError(f"a bot chose an illegal move: {result.reason.name}")
        state, events, _ = result
        if type(move) is Play:
            for card in move.cards:
                played[card >> 2] += 1
        for event in events:
            if event.kind is _CHOP:
                chains.append((Chop(event.seat, event.other_seat or 0, 1),))
            elif event.kind is _OVER_CHOP:
                if chains:
                    chains[-1] = (*chains[-1], Chop(event.seat, event.other_seat or 0, event.chain_position))
                else:  # the chain began before the search: only its part from here on is known
                    chains.append((Chop(event.seat, event.other_seat or 0, event.chain_position),))
        if state.ended is not None:
            return points_of(state, seat, chains)
        move = standard_action(state, tuple(played))


def points_of(final: TableState | InstantWin, seat: int, chains: list[tuple[Chop, ...]]) -> PlayoutResult:
    """``seat``'s net (stake 1) and whether it won, by the real settlement."""
    settlement = settle(final, 1, chains)
    return settlement.nets[seat], settlement.winner == seat
