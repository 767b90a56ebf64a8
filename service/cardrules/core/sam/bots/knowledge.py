"""What a seat knows when it is asked to act: its view of the table and the cards it saw played.

Every bot level starts here, so no level can read another seat's hidden cards: the state is first reduced to the
seat's view (:func:`cardrules.core.sam.views.hidden_hands` says which hands it may not see; they become card
counts), and the history the caller kept is checked against that view only. The cards the seat has not seen — the
other hands, the undealt cards and any play the history does not show — are the *unseen* cards, which a search
deals out again (:mod:`.playout`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardrules.core.cards import CARDS, Card, card_text
from cardrules.core.errors import ErrorReason, InvalidInput, join
from cardrules.core.sam.actions import Action, Pass, Play
from cardrules.core.sam.naming import SAM_NAMING, SamNaming
from cardrules.core.sam.state import SeatState, TableState
from cardrules.core.sam.views import hidden_hands

__all__ = ["Knowledge", "know"]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What ``seat`` knows: ``view`` (the table as the seat sees it: other hands are counts), its ``hand``
    (sorted), the cards seen played (``seen``, sorted; the history's plays and the table), how many of them each
    seat played (``seen_by_seat``) and the ``unseen`` cards (sorted): the deck less the hand and the seen cards."""

    view: TableState
    seat: int
    hand: tuple[Card, ...]
    seen: tuple[Card, ...]
    seen_by_seat: tuple[int, ...]
    unseen: tuple[Card, ...]

    def seen_by_rank(self) -> tuple[int, ...]:
        """For each rank (3 … 2), how many of its cards the seat has seen played."""
        seen = [0] * 13
        for card in self.seen:
            seen[card >> 2] += 1
        return tuple(seen)


def know(
    state: TableState,
    seat: int,
    history: Sequence[Action],
    path: str = "",
    naming: SamNaming = SAM_NAMING,
) -> Knowledge:
    """What ``seat`` knows in ``state`` after the public ``history`` (the plays and passes of the round so far, in
    order; possibly only the latest part of it).

    :class:`InvalidInput`, named under ``path`` in ``naming``: ``seat`` when it is not a seat of the table or not
    the seat to act; ``state.ended`` when the hand is over; ``state.seats[i].hand`` when the seat's hand is not
    given; ``history[i]`` for an entry that is not a play or a pass (a timeout is given as the play or pass it was
    resolved to) or whose seat is not at the table; ``history[i].cards[j]`` for a card seen twice, a card the seat
    still holds or a card of the table played by another seat; ``history[i]`` when a seat is shown playing more
    cards than it has given away (10 − its count).
    """
    if not isinstance(state, TableState):
        raise InvalidInput.one(join(path, "state"), ErrorReason.INVALID_VALUE, "state must be a TableState")
    n = len(state.seats)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
        raise InvalidInput.one(join(path, "seat"), ErrorReason.SEAT_OUT_OF_RANGE, f"seat must be 0..{n - 1}")
    if state.ended is not None:
        raise InvalidInput.one(
            join(path, "state.ended"), ErrorReason.UNEXPECTED_VALUE, "the hand is over: no seat is to act"
        )
    if seat != state.turn:
        raise InvalidInput.one(
            join(path, "seat"),
            ErrorReason.CONFLICTING_VALUES,
            f"seat {seat} is not the seat to act (seat {state.turn} is)",
        )
    hand = state.seats[seat].hand
    if hand is None:
        raise InvalidInput.one(
            join(path, f"state.seats[{seat}].hand"), ErrorReason.HAND_REQUIRED, "the hand of the seat to act is needed"
        )
    view = _view(state, seat)
    mine = set(hand)
    table = set(state.current)
    owner = state.current_owner
    seen_at: dict[int, str] = {}
    by_seat = [0] * n
    for i, action in enumerate(history):
        where = join(path, f"history[{i}]")
        if type(action) is not Play and type(action) is not Pass:
            raise InvalidInput.one(
                where, ErrorReason.INVALID_VALUE, "a history entry is a play or a pass (a timeout: what it resolved to)"
            )
        if action.seat >= n:
            raise InvalidInput.one(join(where, "seat"), ErrorReason.SEAT_OUT_OF_RANGE, f"seat must be 0..{n - 1}")
        if type(action) is not Play:
            continue
        for j, card in enumerate(action.cards):
            at = naming.card(join(where, naming.play_cards), j)
            if card in seen_at:
                raise InvalidInput.one(
                    at, ErrorReason.DUPLICATE_CARD, f"card {card_text(card)} is also played at {seen_at[card]}"
                )
            if card in mine:
                raise InvalidInput.one(
                    at,
                    ErrorReason.CONFLICTING_VALUES,
                    f"card {card_text(card)} is shown played but seat {seat} holds it",
                )
            if card in table and action.seat != owner:
                raise InvalidInput.one(
                    at,
                    ErrorReason.CONFLICTING_VALUES,
                    f"card {card_text(card)} is on the table, played by seat {owner}",
                )
            seen_at[card] = at
        by_seat[action.seat] += len(action.cards)
        if by_seat[action.seat] > state.seats[action.seat].played:
            raise InvalidInput.one(
                where,
                ErrorReason.CONFLICTING_VALUES,
                f"seat {action.seat} is shown playing more cards than the {state.seats[action.seat].played} "
                "it has played",
            )
    if owner is not None:
        on_table_only = sum(1 for card in state.current if card not in seen_at)
        by_seat[owner] += on_table_only
        if by_seat[owner] > state.seats[owner].played:
            raise InvalidInput.one(
                join(path, f"state.seats[{owner}].{naming.count}"),
                ErrorReason.IMPOSSIBLE_STATE,
                f"seat {owner} has fewer cards played than the history and the table show",
            )
    seen = tuple(sorted({*seen_at, *state.current}))
    gone = mine.union(seen)
    unseen = tuple([card for card in CARDS if card not in gone])
    return Knowledge(view, seat, hand, tuple([CARDS[c] for c in seen]), tuple(by_seat), unseen)


def _view(state: TableState, seat: int) -> TableState:
    """``state`` as ``seat`` sees it: every hand it may not see given as its card count."""
    hidden = hidden_hands(state, seat)
    if not hidden:
        return state
    seats = tuple([SeatState.counting(s.count, s.passed) if i in hidden else s for i, s in enumerate(state.seats)])
    return TableState(
        seats=seats,
        turn=state.turn,
        current=state.current,
        current_owner=state.current_owner,
        chop_chain=state.chop_chain,
        declarer=state.declarer,
        bao_mot_violator=state.bao_mot_violator,
        lead_passes=state.lead_passes,
        house_rules=state.house_rules,
    )
