"""The ONE apply function: a table state and an action → the next state and its events, or why it is illegal.

``check`` (can this action be played?) is answered by calling :func:`apply`, so the two can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardrules.core.cards import format_cards
from cardrules.core.errors import InvalidInput
from cardrules.core.sam.actions import Action, Pass, Play
from cardrules.core.sam.combination import TWO, Combination, Kind, _classify_sorted, beats, is_chop, is_choppable
from cardrules.core.sam.events import Chop, Event, EventKind, HandEnd
from cardrules.core.sam.house_rules import BaoMot, FinishWithTwo
from cardrules.core.sam.reasons import Illegal, Reason
from cardrules.core.sam.state import SeatState, TableState


@dataclass(frozen=True, slots=True)
class Applied:
    """An accepted action: the next state, the events it caused and (for a play) its classification."""

    state: TableState
    events: tuple[Event, ...]
    combination: Combination | None = None


def apply(state: TableState, action: Action) -> Applied | Illegal:
    """Judge ``action`` against ``state``: :class:`Applied` when legal, else :class:`Illegal` with a reason.

    Bad input raises :class:`InvalidInput`: a seat outside the table (``action.seat``), a card not in the
    acting hand (``action.cards[i]``), or an acting seat whose hand is unknown (``state.seats[i].hand``).
    """
    return _apply(state, action, "action")


def check(state: TableState, action: Action) -> Illegal | None:
    """None when ``action`` is legal in ``state``, else the :class:`Illegal` answer (computed by :func:`apply`)."""
    result = _apply(state, action, "action")
    return result if isinstance(result, Illegal) else None


def next_to_act(state: TableState, after: int, owner: int, choppable: bool, passed: tuple[bool, ...]) -> int:
    """The seat after ``after`` that gets the turn while ``owner``'s combination is on the table; returns
    ``owner`` itself when the turn comes back to it (the trick ends)."""
    n = len(passed)
    chop_after_pass = choppable and state.house_rules.chop_after_pass
    seat = after
    for _ in range(n):
        seat = (seat + 1) % n
        if seat == owner or not passed[seat] or chop_after_pass:
            return seat
    return owner  # pragma: no cover - the loop always reaches owner


def is_stuck_leader(state: TableState, seat: SeatState) -> bool:
    """A leader whose every legal lead would empty the hand with a 2 (``finish_with_two = FORBIDDEN``).

    With two or more cards some single does not empty the hand (under báo 1 the highest single is always
    allowed), so the stuck leader holds exactly one card, a 2. Once every seat has passed the lead in a row
    (``lead_passes`` = seat count) the restriction is lifted and nobody is stuck.
    """
    return (
        state.house_rules.finish_with_two is FinishWithTwo.FORBIDDEN
        and seat.count == 1
        and seat.hand is not None
        and seat.hand[0] >> 2 == TWO
        and state.lead_passes < len(state.seats)
    )


def _apply(state: TableState, action: Action, where: str) -> Applied | Illegal:
    if state.ended is not None:
        return Illegal(Reason.HAND_OVER)
    seats = state.seats
    n = len(seats)
    seat = action.seat
    if seat >= n:
        raise InvalidInput.one(f"{where}.seat", "SEAT_OUT_OF_RANGE", f"seat must be 0..{n - 1}, got {seat}")
    if seat != state.turn:
        return Illegal(Reason.ALREADY_PASSED if seats[seat].passed else Reason.NOT_YOUR_TURN)
    me = seats[seat]
    hand = me.hand
    if hand is None:
        raise InvalidInput.one(f"state.seats[{seat}].hand", "HAND_UNKNOWN", "the hand of the seat to act must be known")
    if isinstance(action, Pass):
        return _pass(state, seat, me)
    if not isinstance(action, Play):
        raise InvalidInput.one(where, "BAD_ACTION", f"an action is a Play or a Pass, got {action!r}")

    held = set(hand)
    for i, card in enumerate(action.cards):
        if card not in held:
            raise InvalidInput.one(
                f"{where}.cards[{i}]", "CARD_NOT_IN_HAND", f"card {card} is not in the hand of seat {seat}"
            )
    rules = state.house_rules
    played = tuple(sorted(action.cards))
    combo = _classify_sorted(played, rules.straight_low_ace)
    if combo.kind is Kind.INVALID:
        return Illegal(Reason.NOT_A_COMBINATION, combo)
    current = state.combination
    if me.passed and not (current is not None and is_chop(combo, current, rules)):
        return Illegal(Reason.ONLY_CHOP_ALLOWED, combo)
    if not beats(combo, current, rules):
        return Illegal(Reason.DOES_NOT_BEAT, combo)
    finishing = len(played) == len(hand)
    has_two = played[-1] >> 2 == TWO
    if finishing and has_two and rules.finish_with_two is FinishWithTwo.FORBIDDEN and state.lead_passes < n:
        return Illegal(Reason.CANNOT_FINISH_WITH_TWO, combo)

    passed = tuple(s.passed for s in seats)
    violation_of: int | None = None
    if combo.kind is Kind.SINGLE and not finishing:
        nxt = next_to_act(state, seat, seat, is_choppable(combo, rules), passed)
        if nxt != seat and seats[nxt].count == 1 and combo.key != hand[-1] >> 2:
            if rules.bao_mot is BaoMot.FORBIDDEN:
                return Illegal(Reason.MUST_PLAY_HIGHEST_SINGLE, combo)
            violation_of = nxt

    events: list[Event] = []
    chain = state.chop_chain
    if current is not None and is_chop(combo, current, rules):
        chopped = state.current_owner
        assert chopped is not None
        position = len(chain) + 1
        chain = (*chain, Chop(seat, chopped, position))
        events.append(Event(EventKind.CHOP if position == 1 else EventKind.OVER_CHOP, seat, chopped, position))
    else:
        chain = ()
    remaining = tuple(c for c in hand if c not in set(played))
    new_seats = list(seats)
    new_seats[seat] = SeatState(hand=remaining)  # a passed seat that chops (chop_after_pass) is back in

    declarer = state.declarer
    if declarer is not None and seat != declarer:
        events.append(Event(EventKind.SAM_BLOCKED, seat, declarer))
        return Applied(_ended(state, new_seats, seat, HandEnd.SAM_BLOCKED), tuple(events), combo)
    if finishing:
        violator = state.bao_mot_violator
        if declarer is not None:
            events.append(Event(EventKind.SAM_SUCCEEDED, seat))
            end = HandEnd.SAM_WON
        elif has_two:
            events += (Event(EventKind.FINISH, seat), Event(EventKind.FINISH_ON_TWO, seat))
            end = HandEnd.FINISHED_ON_TWO
        elif violator is not None:
            events += (Event(EventKind.FINISH, seat), Event(EventKind.BAO_MOT_PENALTY, seat, violator))
            end = HandEnd.BAO_MOT_PENALTY
        else:
            events.append(Event(EventKind.FINISH, seat))
            end = HandEnd.FINISHED
        return Applied(_ended(state, new_seats, seat, end), tuple(events), combo)

    if violation_of is not None:
        events.append(Event(EventKind.BAO_MOT_VIOLATION, seat, violation_of))
    nxt = next_to_act(state, seat, seat, is_choppable(combo, rules), passed)
    if nxt == seat:
        events += (Event(EventKind.TRICK_ENDED, seat), Event(EventKind.NEXT_LEADER, seat))
        return Applied(_new_trick(state, new_seats, seat), tuple(events), combo)
    next_state = TableState(
        seats=tuple(new_seats),
        turn=nxt,
        current=played,
        current_owner=seat,
        chop_chain=chain,
        declarer=declarer,
        bao_mot_violator=seat if violation_of is not None else None,
        house_rules=rules,
    )
    return Applied(next_state, tuple(events), combo)


def _pass(state: TableState, seat: int, me: SeatState) -> Applied | Illegal:
    seats = state.seats
    n = len(seats)
    owner = state.current_owner
    if owner is None:
        if not is_stuck_leader(state, me):
            return Illegal(Reason.LEADER_CANNOT_PASS)
        if seat == state.declarer:
            ended = TableState(
                seats=seats,
                turn=seat,
                declarer=seat,
                ended=HandEnd.SAM_FAILED_STUCK,
                house_rules=state.house_rules,
            )
            return Applied(ended, (Event(EventKind.SAM_FAILED_STUCK, seat),))
        nxt = (seat + 1) % n
        moved = TableState(
            seats=seats,
            turn=nxt,
            declarer=state.declarer,
            lead_passes=state.lead_passes + 1,
            house_rules=state.house_rules,
        )
        return Applied(moved, (Event(EventKind.LEAD_PASSED, seat, nxt), Event(EventKind.NEXT_LEADER, nxt)))
    new_seats = list(seats)
    if not me.passed:
        new_seats[seat] = SeatState(hand=me.hand, passed=True)
    passed = tuple(s.passed for s in new_seats)
    nxt = next_to_act(state, seat, owner, is_choppable(state.combination, state.house_rules), passed)
    if nxt == owner:
        events = (Event(EventKind.TRICK_ENDED, owner), Event(EventKind.NEXT_LEADER, owner))
        return Applied(_new_trick(state, new_seats, owner), events)
    next_state = TableState(
        seats=tuple(new_seats),
        turn=nxt,
        current=state.current,
        current_owner=owner,
        chop_chain=state.chop_chain,
        declarer=state.declarer,
        house_rules=state.house_rules,
    )
    return Applied(next_state, ())


def _new_trick(state: TableState, seats: list[SeatState], leader: int) -> TableState:
    cleared = tuple(s if not s.passed else SeatState(hand=s.hand, count=s.count, passed=False) for s in seats)
    return TableState(seats=cleared, turn=leader, declarer=state.declarer, house_rules=state.house_rules)


def _ended(state: TableState, seats: list[SeatState], seat: int, end: HandEnd) -> TableState:
    """The final state: no combination on the table, ``ended`` and ``winner`` (= ``seat``) set."""
    return TableState(
        seats=tuple(seats),
        turn=seat,
        declarer=state.declarer,
        bao_mot_violator=state.bao_mot_violator if end is HandEnd.BAO_MOT_PENALTY else None,
        ended=end,
        winner=seat,
        house_rules=state.house_rules,
    )


def describe(action: Action) -> str:
    """``"seat 2 plays 3S4D5C"`` / ``"seat 1 passes"`` (for messages)."""
    if isinstance(action, Pass):
        return f"seat {action.seat} passes"
    return f"seat {action.seat} plays {format_cards(action.cards)}"
