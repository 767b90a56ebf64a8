"""Sâm Lốc request messages → core values. Bad input raises :class:`InvalidInput` naming the request's field:
what the core checks, the core names, told where each value sits in the request and the contract's words
(:data:`NAMING`)."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.api.cards import read_cards, well_formed
from cardrules.api.house_rules import RulesReader, enum_name
from cardrules.core import sam
from cardrules.core.cards import Card
from cardrules.core.errors import ErrorReason, Faults, FieldViolation, InvalidInput
from cardrules.core.sam.limits import MAX_SEATS
from cardrules.core.sam.naming import SamNaming
from cardrules.v1 import cards_pb2, sam_loc_pb2

NAMING = SamNaming(cards=".cards", count="card_count", play_cards="play")
"""The contract's words for the core's values: a card list is a ``Cards`` message (``hand.cards[3]``), a seat's
count is ``card_count``, a play's cards are its ``play`` (``action.play.cards[0]``)."""

_END = sam_loc_pb2.SamHandEnd.DESCRIPTOR

_RULES = RulesReader(sam_loc_pb2.SamHouseRules, sam.HouseRules.from_mapping)
rules_of = _RULES.of
house_rules = _RULES.parse


def table_state(message: sam_loc_pb2.SamTableState, rules: sam.HouseRules, field: str = "state") -> sam.TableState:
    """The core state of a request's state; bad input is named at its field under ``field``."""
    faults = Faults()
    seats = [_seat(seat, f"{field}.seats[{i}]", faults) for i, seat in enumerate(message.seats)]
    current = read_cards(message.current, f"{field}.current.cards", faults)
    ended = None
    try:
        ended = sam.HandEnd[enum_name(_END, message.ended, f"{field}.ended")] if message.ended else None
    except InvalidInput as error:
        faults.extend(error)
    faults.check()  # so every seat and the table were read: no None is left
    return sam.TableState(
        seats=tuple(seat for seat in seats if seat is not None),
        turn=message.turn,
        current=current or (),
        current_owner=message.current_owner if message.HasField("current_owner") else None,
        chop_chain=tuple(sam.Chop(c.chopper, c.chopped, c.position) for c in message.chop_chain),
        declarer=message.declarer if message.HasField("declarer") else None,
        bao_mot_violator=message.bao_mot_violator if message.HasField("bao_mot_violator") else None,
        lead_passes=message.lead_passes,
        ended=ended,
        winner=message.winner if message.HasField("winner") else None,
        house_rules=rules,
        path=field,
        naming=NAMING,
    )


def _seat(message: sam_loc_pb2.SamSeat, path: str, faults: Faults) -> sam.SeatState | None:
    """The seat, or None once its faults are reported into ``faults``."""
    holding = message.WhichOneof("holding")
    if holding is None:
        if faults.building():
            faults.add(FieldViolation(path, ErrorReason.MISSING_VALUE, "a seat gives its hand or its card_count"))
        return None
    hand = read_cards(message.hand, f"{path}.hand.cards", faults) if holding == "hand" else None
    if holding == "hand" and hand is None:
        return None
    try:
        if hand is not None:
            return sam.SeatState.holding(hand, message.passed, path, NAMING)
        return sam.SeatState.counting(message.card_count, message.passed, path, NAMING)
    except InvalidInput as error:
        faults.extend(error)
        return None


def action(message: sam_loc_pb2.SamAction, field: str = "action") -> sam.Action:
    """The core action of a request's action; bad input is named at its field under ``field``."""
    faults = Faults()
    read = _action(message, field, faults)
    if read is None:
        raise InvalidInput(*faults.listed, unlisted=faults.unlisted)
    return read


def _action(message: sam_loc_pb2.SamAction, field: str, faults: Faults) -> sam.Action | None:
    """The action, or None once its faults are reported into ``faults`` at ``field``."""
    which = message.WhichOneof("action")
    if which is None:
        if faults.building():
            faults.add(
                FieldViolation(
                    field, ErrorReason.MISSING_VALUE, "an action is one of play (with cards), pass or timeout"
                )
            )
        return None
    seat = message.seat
    try:
        if which == "pass":
            return _PASSES[seat] if 0 <= seat < len(_PASSES) else sam.Pass.checked(seat, field)
        if which == "timeout":
            return _TIMEOUTS[seat] if 0 <= seat < len(_TIMEOUTS) else sam.Timeout.checked(seat, field)
        cards = read_cards(message.play, f"{field}.play.cards", faults)
        return None if cards is None else sam.Play.checked(seat, cards, field, NAMING)
    except InvalidInput as error:
        faults.extend(error)
        return None


def _plain_action(message: sam_loc_pb2.SamAction) -> sam.Action:
    """A record's action read without naming any field: :class:`_Faulty` (nothing built) for a fault that
    :func:`_action` names; the core's own checks raise as usual."""
    which = message.WhichOneof("action")
    if which == "play":
        cards = well_formed(message.play)
        if cards is None:  # not the usual bytes (an unknown field?) or a fault: read card by card, building nothing
            cards = read_cards(message.play, "play.cards", Faults(built=0))
            if cards is None:
                raise _Faulty
        return sam.Play(message.seat, cards)
    if which is None:
        raise _Faulty
    seat = message.seat
    if which == "timeout":
        return _timeout(seat)
    return _PASSES[seat] if 0 <= seat < len(_PASSES) else sam.Pass(seat)


class _Faulty(Exception):
    """A record's action has a fault: the record is read again to name it."""


# A pass is its seat alone, and actions are immutable values: a record's passes (about half its actions) share
# these instead of each building its own.
_PASSES = tuple(sam.Pass(seat) for seat in range(MAX_SEATS))
_TIMEOUTS = tuple(sam.Timeout(seat) for seat in range(MAX_SEATS))


def _timeout(seat: int) -> sam.Timeout:
    return _TIMEOUTS[seat] if 0 <= seat < len(_TIMEOUTS) else sam.Timeout(seat)


def round_record(message: sam_loc_pb2.SamRoundRecord, field: str = "round") -> sam.RoundRecord:
    rules = rules_of(message, f"{field}.house_rules")
    hands = hands_of(message.hands, f"{field}.hands")
    try:
        # A record holds up to hundreds of actions and is nearly always well formed: read them without building
        # each one's path, and only on a fault read them again to name the faulty actions at their indices (as
        # many as an error lists; the rest are counted).
        actions = tuple(map(_plain_action, message.actions))
    except (_Faulty, InvalidInput):
        faults = Faults()
        for i, item in enumerate(message.actions):
            _action(item, f"{field}.actions[{i}]", faults)
        faults.check()
        raise  # the two readings disagree: a bug, answered INTERNAL
    return sam.RoundRecord(
        hands=hands,
        stake=message.stake,
        leader=message.leader,
        declarations=tuple(message.declarations),
        actions=actions,
        house_rules=rules,
        path=field,
        naming=NAMING,
    )


def history_of(messages: Sequence[sam_loc_pb2.SamAction], field: str = "history") -> tuple[sam.Action, ...]:
    """A Suggest request's public history: each action read as ValidatePlay reads one, named at ``history[i]``
    (as many as an error lists); whether they agree with the state is the bots' check."""
    faults = Faults()
    actions = [_action(item, f"{field}[{i}]", faults) for i, item in enumerate(messages)]
    faults.check()  # so every action was read
    return tuple(a for a in actions if a is not None)


def hands_of(messages: Sequence[cards_pb2.Cards], field: str) -> tuple[tuple[Card, ...], ...]:
    """Each hand's distinct cards; every bad card of every hand is named (as many as an error lists)."""
    faults = Faults()
    hands = [read_cards(hand, f"{field}[{i}].cards", faults) for i, hand in enumerate(messages)]
    faults.check()
    return tuple(hand for hand in hands if hand is not None)  # all of them: a faulty hand was reported
