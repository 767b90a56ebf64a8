"""The ONE apply function: a table state and an action → the next state and its events, or why it is illegal.

``check`` (can this action be played?) is answered by calling :func:`apply`, so the two can never disagree.
"""

from __future__ import annotations

from typing import NamedTuple

from cardrules.core.cards import Card, card_text, format_cards
from cardrules.core.errors import ErrorReason, InvalidInput, join
from cardrules.core.sam.actions import Action, Pass, Play, Timeout
from cardrules.core.sam.combination import TWO, Combination, Kind, beats, classify_sorted, is_chop
from cardrules.core.sam.duties import bao_mot_victim, broken_duty, is_stuck_leader
from cardrules.core.sam.events import Chop, Event, EventKind, HandEnd
from cardrules.core.sam.naming import SAM_NAMING, SamNaming
from cardrules.core.sam.reasons import Illegal, Reason
from cardrules.core.sam.state import SeatState, TableState, trusted_seat, trusted_table, with_passed
from cardrules.core.sam.timeout import resolve_timeout
from cardrules.core.sam.turns import next_to_act, skips_passed


class Applied(NamedTuple):
    """An accepted action: the next state, the events it caused, (for a play) its classification and (for a
    :class:`Timeout` only) the play or pass the service made for the seat."""

    state: TableState
    events: tuple[Event, ...]
    combination: Combination | None = None
    resolved_action: Play | Pass | None = None


def apply(state: TableState, action: Action, path: str = "", naming: SamNaming = SAM_NAMING) -> Applied | Illegal:
    """Judge ``action`` against ``state``: :class:`Applied` when legal, else :class:`Illegal` with a reason.

    Bad input raises :class:`InvalidInput`: a seat outside the table (``action.seat``), a card not in the
    acting hand (``action.cards[i]``), or an acting seat whose hand is unknown (``state.seats[i].hand``); named
    under ``path`` (where the caller holds ``state`` and ``action``) in the caller's ``naming``.
    """
    return _apply(state, action, None, path, naming)


def replay_step(state: TableState, action: Action, index: int, path: str, naming: SamNaming) -> Replayed | Illegal:
    """:func:`apply` of action ``index`` of a round record (its faults named at ``actions[index]`` under ``path``),
    an accepted action as a :data:`Replayed`: the one step of every replay."""
    if type(action) is Timeout:
        timed_out = _timeout_step(state, action, index, path, naming)
        if isinstance(timed_out, Illegal):
            return timed_out
        (next_state, events, combination), resolved = timed_out
        return next_state, events, combination, resolved
    result = step(state, action, index, path, naming)
    if isinstance(result, Illegal):
        return result
    return (*result, None)


def check(state: TableState, action: Action) -> Illegal | None:
    """None when ``action`` is legal in ``state``, else the :class:`Illegal` answer (computed by :func:`apply`)."""
    result = _apply(state, action, None, "", SAM_NAMING)
    return result if isinstance(result, Illegal) else None


def _apply(state: TableState, action: Action, at: int | None, path: str, naming: SamNaming) -> Applied | Illegal:
    if type(action) is Timeout:
        timed_out = _timeout_step(state, action, at, path, naming)
        if isinstance(timed_out, Illegal):
            return timed_out
        return Applied(*timed_out[0], resolved_action=timed_out[1])
    result = step(state, action, at, path, naming)
    if isinstance(result, Illegal):
        return result
    return Applied(*result)


def _timeout_step(
    state: TableState, action: Timeout, at: int | None, path: str, naming: SamNaming
) -> tuple[Step, Play | Pass] | Illegal:
    """A timeout: the step of the play or pass :func:`resolve_timeout` makes for the seat, its events led by a
    TIMEOUT event; with that play or pass. A seat that cannot act gets the answer any of its actions would."""
    resolved = resolve_timeout(state, action.seat)
    result = step(state, resolved, at, path, naming)
    if isinstance(result, Illegal):
        return result
    next_state, events, combination = result
    return (next_state, (Event(EventKind.TIMEOUT, action.seat), *events), combination), resolved


# Events are immutable values, so the two events of every trick end can be shared instead of rebuilt.
_TRICK_END = tuple((Event(EventKind.TRICK_ENDED, s), Event(EventKind.NEXT_LEADER, s)) for s in range(5))


def _trick_end(owner: int) -> tuple[Event, Event]:
    if owner < len(_TRICK_END):
        return _TRICK_END[owner]
    return (Event(EventKind.TRICK_ENDED, owner), Event(EventKind.NEXT_LEADER, owner))  # pragma: no cover


def _where(at: int | None, path: str) -> str:
    """The path of the action in errors: ``action`` for :func:`apply`, ``actions[i]`` for a replay, under
    ``path`` (formatted only when an error is raised)."""
    return join(path, "action" if at is None else f"actions[{at}]")


# Every state below is built with the trusted constructors of .state (no re-validation): the input state was
# validated when it was built, and each derived state satisfies the same invariants by construction (see the
# comment above ``trusted_table`` and tests/core/sam/test_trusted_states.py, which re-validates them).


# The kinds every play is tested against, read once: ``Kind.X`` itself is slow in CPython 3.11 (EnumType
# defines ``__getattr__``, so every attribute read on an enum class takes the generic hook, ~10x a global read).
_INVALID = Kind.INVALID

Step = tuple[TableState, tuple[Event, ...], Combination | None]
"""An accepted action as (next state, events, combination): what :class:`Applied` holds, without building it
(a replay only reads the state and the events)."""

Replayed = tuple[TableState, tuple[Event, ...], Combination | None, Play | Pass | None]
"""An accepted action of a record as (next state, events, combination, resolved action): the fields of
:class:`Applied` in its order, as a plain tuple (built for each of a record's hundreds of actions, where an
``Applied`` costs about as much again as the step itself; ``Applied(*replayed)`` makes one)."""


def _offered(state: TableState, action: Action) -> Combination | None:
    """The classification of the cards a play offers, before any rule about whose turn it is
    (docs/rules/sam-loc.md §9.6: every rejected play reports it); None for a pass. The cards are not checked against
    a hand here."""
    if not isinstance(action, Play):
        return None
    return classify_sorted(tuple(sorted(action.cards)), state.house_rules.straight_low_ace)


def step(
    state: TableState, action: Action, at: int | None, path: str = "", naming: SamNaming = SAM_NAMING
) -> Step | Illegal:
    """:func:`apply` (``at``: the index of the action in a replay, for error paths, under ``path`` in
    ``naming``), an accepted action as a :data:`Step`."""
    seats = state.seats
    n = len(seats)
    seat = action.seat
    if state.ended is not None:
        return Illegal(Reason.HAND_OVER, _offered(state, action))
    if seat >= n:
        raise InvalidInput.one(
            f"{_where(at, path)}.seat", ErrorReason.SEAT_OUT_OF_RANGE, f"seat must be 0..{n - 1}, got {seat}"
        )
    if seat != state.turn:
        reason = Reason.ALREADY_PASSED if seats[seat].passed else Reason.NOT_YOUR_TURN
        return Illegal(reason, _offered(state, action))
    me = seats[seat]
    hand = me.hand
    if hand is None:
        raise InvalidInput.one(
            join(path, f"state.seats[{seat}].hand"),
            ErrorReason.HAND_REQUIRED,
            "the hand of the seat to act must be known",
        )
    if isinstance(action, Pass):
        return _pass(state, seat, me)
    if not isinstance(action, Play):
        if isinstance(action, Timeout):
            timed_out = _timeout_step(state, action, at, path, naming)
            return timed_out if isinstance(timed_out, Illegal) else timed_out[0]
        raise InvalidInput.one(
            _where(at, path), ErrorReason.INVALID_VALUE, f"an action is a Play, a Pass or a Timeout, got {action!r}"
        )

    cards = action.cards
    for card in cards:
        if card not in hand:  # a hand is ≤ 10 interned cards: scanning the tuple is cheaper than building a set
            _not_in_hand(cards, hand, seat, _where(at, path), naming)
    rules = state.house_rules
    played = tuple(sorted(cards)) if len(cards) > 1 else cards  # Play holds a tuple of interned cards
    combo = classify_sorted(played, rules.straight_low_ace)
    kind = combo.kind
    if kind is _INVALID:
        return Illegal(Reason.NOT_A_COMBINATION, combo)
    current = state.combination
    chop = False
    if current is not None:
        chop = is_chop(combo, current, rules)
        if me.passed and not chop:
            return Illegal(Reason.ONLY_CHOP_ALLOWED, combo)
        if not beats(combo, current, rules):
            return Illegal(Reason.DOES_NOT_BEAT, combo)
    elif me.passed:  # pragma: no cover - nobody has passed while a trick is led (TableState checks it)
        return Illegal(Reason.ONLY_CHOP_ALLOWED, combo)
    broken = broken_duty(state, seat, me, combo)
    if broken is not None:
        return Illegal(broken, combo)
    violation_of = bao_mot_victim(state, seat, me, combo)  # bao_mot = PENALTY: the play is legal and marked
    finishing = len(played) == len(hand)
    has_two = played[-1] >> 2 == TWO

    nxt = seat
    if not finishing:
        nxt = seat + 1 if seat + 1 < n else 0
        if seats[nxt].passed:  # only then can the next seat be skipped: walk the table
            nxt = next_to_act(seats, seat, seat, skips_passed(combo, rules))

    events: tuple[Event, ...] = ()  # most plays cause no event: no list to build and convert
    chain: tuple[Chop, ...] = ()
    if chop:
        chopped = state.current_owner
        assert chopped is not None
        position = len(state.chop_chain) + 1
        chain = (*state.chop_chain, Chop(seat, chopped, position))
        events = (Event(EventKind.CHOP if position == 1 else EventKind.OVER_CHOP, seat, chopped, position),)
    if len(played) == 1:
        i = hand.index(played[0])
        remaining = hand[:i] + hand[i + 1 :]
    else:
        gone = set(played)
        remaining = tuple([c for c in hand if c not in gone])
    new_seats = list(seats)
    new_seats[seat] = trusted_seat(remaining, False)  # a passed seat that chops (chop_after_pass) is back in

    declarer = state.declarer
    if declarer is not None and seat != declarer:
        events += (Event(EventKind.SAM_BLOCKED, seat, declarer),)
        return _ended(state, new_seats, seat, HandEnd.SAM_BLOCKED), events, combo
    if finishing:
        violator = state.bao_mot_violator
        if declarer is not None:
            events += (Event(EventKind.SAM_SUCCEEDED, seat),)
            end = HandEnd.SAM_WON
        elif has_two:
            events += (Event(EventKind.FINISH, seat), Event(EventKind.FINISH_ON_TWO, seat))
            end = HandEnd.FINISHED_ON_TWO
        elif violator is not None:
            events += (Event(EventKind.FINISH, seat), Event(EventKind.BAO_MOT_PENALTY, seat, violator))
            end = HandEnd.BAO_MOT_PENALTY
        else:
            events += (Event(EventKind.FINISH, seat),)
            end = HandEnd.FINISHED
        return _ended(state, new_seats, seat, end), events, combo

    if violation_of is not None:
        events += (Event(EventKind.BAO_MOT_VIOLATION, seat, violation_of),)
    if nxt == seat:
        events += _trick_end(seat)
        return _new_trick(state, new_seats, seat), events, combo
    next_state = trusted_table(
        seats=tuple(new_seats),
        turn=nxt,
        current=played,
        current_owner=seat,
        chop_chain=chain,
        declarer=declarer,
        bao_mot_violator=seat if violation_of is not None else None,
        house_rules=rules,
        _combination=combo,
    )
    return next_state, events, combo


def _not_in_hand(cards: tuple[Card, ...], hand: tuple[Card, ...], seat: int, where: str, naming: SamNaming) -> None:
    """Raise for the first of ``cards`` (of the action at ``where``) that ``hand`` lacks."""
    for i, card in enumerate(cards):
        if card not in hand:
            raise InvalidInput.one(
                naming.card(join(where, naming.play_cards), i),
                ErrorReason.CARD_NOT_IN_HAND,
                f"card {card_text(card)} is not in the hand of seat {seat}",
            )


def _pass(state: TableState, seat: int, me: SeatState) -> Step | Illegal:
    seats = state.seats
    n = len(seats)
    owner = state.current_owner
    rules = state.house_rules
    if owner is None:
        if not is_stuck_leader(state, me):
            return Illegal(Reason.LEADER_CANNOT_PASS)
        if seat == state.declarer:
            ended = trusted_table(
                seats=seats, turn=seat, declarer=seat, ended=HandEnd.SAM_FAILED_STUCK, house_rules=rules
            )
            return ended, (Event(EventKind.SAM_FAILED_STUCK, seat),), None
        nxt = (seat + 1) % n
        moved = trusted_table(
            seats=seats, turn=nxt, declarer=state.declarer, lead_passes=state.lead_passes + 1, house_rules=rules
        )
        return moved, (Event(EventKind.LEAD_PASSED, seat, nxt), Event(EventKind.NEXT_LEADER, nxt)), None
    passed_me = me if me.passed else with_passed(me, True)
    combination = state.combination
    nxt = seat + 1 if seat + 1 < n else 0  # never ``seat`` itself (n >= 2): its pass mark does not matter here
    if nxt != owner and seats[nxt].passed:  # only then can the next seat be skipped: walk the table
        marked = list(seats)
        marked[seat] = passed_me
        nxt = next_to_act(tuple(marked), seat, owner, skips_passed(combination, rules))
    if nxt == owner:
        # The trick ends and every pass mark is cleared: the passing seat's own mark is never built.
        cleared = tuple([s if not s.passed else with_passed(s, False) for s in seats])
        return (
            trusted_table(seats=cleared, turn=owner, declarer=state.declarer, house_rules=rules),
            _trick_end(owner),
            None,
        )
    marked = list(seats)  # cheaper than joining slices
    marked[seat] = passed_me
    next_state = trusted_table(
        seats=tuple(marked),
        turn=nxt,
        current=state.current,
        current_owner=owner,
        chop_chain=state.chop_chain,
        declarer=state.declarer,
        house_rules=rules,
        _combination=combination,
    )
    return next_state, (), None


def _new_trick(state: TableState, seats: list[SeatState], leader: int) -> TableState:
    cleared = tuple([s if not s.passed else with_passed(s, False) for s in seats])
    return trusted_table(seats=cleared, turn=leader, declarer=state.declarer, house_rules=state.house_rules)


def _ended(state: TableState, seats: list[SeatState], seat: int, end: HandEnd) -> TableState:
    """The final state: no combination on the table, ``ended`` and ``winner`` (= ``seat``) set."""
    violator = state.bao_mot_violator if end is HandEnd.BAO_MOT_PENALTY else None
    return trusted_table(
        seats=tuple(seats),
        turn=seat,
        declarer=state.declarer,
        bao_mot_violator=violator,
        ended=end,
        winner=seat,
        house_rules=state.house_rules,
    )


def describe(action: Action) -> str:
    """``"seat 2 plays 3S 4D 5C"`` / ``"seat 1 passes"`` / ``"seat 0 times out"`` (for messages)."""
    if isinstance(action, Pass):
        return f"seat {action.seat} passes"
    if isinstance(action, Timeout):
        return f"seat {action.seat} times out"
    return f"seat {action.seat} plays {format_cards(action.cards, ' ')}"
