"""Sâm Lốc request messages → core values. Bad input raises :class:`InvalidInput` naming the request's field."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.api.cards import cards_of
from cardrules.api.house_rules import RulesReader, enum_name
from cardrules.api.paths import rewrites, translate
from cardrules.core import sam
from cardrules.core.cards import Card
from cardrules.core.errors import ErrorReason, FieldViolation, InvalidInput
from cardrules.core.sam.limits import MAX_SEATS
from cardrules.v1 import cards_pb2, sam_loc_pb2

# The core's field paths → the request's (the contract wraps card lists in ``Cards``, actions in a oneof).
PATHS = rewrites(
    (r"\.hand\[", ".hand.cards["),
    (r"(^|\.)hands\[(\d+)\]\[", r"\1hands[\2].cards["),
    (r"\.count$", ".card_count"),
    (r"(^|\.)current\[", r"\1current.cards["),
    (r"(^|\.)action\.cards", r"\1action.play.cards"),
    (r"(^|\.)actions\[(\d+)\]\.cards", r"\1actions[\2].play.cards"),
)

_END = sam_loc_pb2.SamHandEnd.DESCRIPTOR

_RULES = RulesReader(sam_loc_pb2.SamHouseRules, sam.HouseRules.from_mapping)
rules_of = _RULES.of
house_rules = _RULES.parse


def table_state(message: sam_loc_pb2.SamTableState, rules: sam.HouseRules, field: str = "state") -> sam.TableState:
    """The core state of a request's state; bad input is named at its field under ``field``."""
    problems: list[FieldViolation] = []
    seats: list[sam.SeatState] = []
    for i, seat in enumerate(message.seats):
        try:
            seats.append(_seat(seat, f"{field}.seats[{i}]"))
        except InvalidInput as error:
            problems.extend(error.violations)
    current: tuple[Card, ...] = ()
    ended = None
    try:
        current = cards_of(message.current, f"{field}.current.cards")
        ended = sam.HandEnd[enum_name(_END, message.ended, f"{field}.ended")] if message.ended else None
    except InvalidInput as error:
        problems.extend(error.violations)
    if problems:
        raise InvalidInput(*problems)
    seen = [card for seat in seats if seat.hand is not None for card in seat.hand]
    seen += current
    if len(set(seen)) != len(seen):
        _check_one_deck(message, field)
    try:
        return sam.TableState(
            seats=tuple(seats),
            turn=message.turn,
            current=current,
            current_owner=message.current_owner if message.HasField("current_owner") else None,
            chop_chain=tuple(sam.Chop(c.chopper, c.chopped, c.position) for c in message.chop_chain),
            declarer=message.declarer if message.HasField("declarer") else None,
            bao_mot_violator=message.bao_mot_violator if message.HasField("bao_mot_violator") else None,
            lead_passes=message.lead_passes,
            ended=ended,
            winner=message.winner if message.HasField("winner") else None,
            house_rules=rules,
        )
    except InvalidInput as error:
        raise translate(error, field, PATHS) from None


def _check_one_deck(message: sam_loc_pb2.SamTableState, field: str) -> None:
    """Name each card seen twice at its place in the request (the core sorts hands, so its indices differ)."""
    seen: dict[tuple[int, int], str] = {}
    problems: list[FieldViolation] = []
    places = [(f"{field}.seats[{i}].hand.cards", seat.hand.cards) for i, seat in enumerate(message.seats)]
    places.append((f"{field}.current.cards", message.current.cards))
    for path, cards in places:
        for j, card in enumerate(cards):
            key = (card.rank, card.suit)
            if key in seen:
                problems.append(
                    FieldViolation(
                        f"{path}[{j}]", ErrorReason.DUPLICATE_CARD, f"this card is also at {seen[key]}: one deck"
                    )
                )
            else:
                seen[key] = f"{path}[{j}]"
    if problems:
        raise InvalidInput(*problems)


def _seat(message: sam_loc_pb2.SamSeat, path: str) -> sam.SeatState:
    holding = message.WhichOneof("holding")
    if holding is None:
        raise InvalidInput.one(path, ErrorReason.MISSING_VALUE, "a seat gives its hand or its card_count")
    hand = cards_of(message.hand, f"{path}.hand.cards") if holding == "hand" else None
    try:
        if hand is not None:
            return sam.SeatState.holding(hand, message.passed)
        return sam.SeatState.counting(message.card_count, message.passed)
    except InvalidInput as error:
        raise translate(error, path, PATHS) from None


def action(message: sam_loc_pb2.SamAction, field: str = "action") -> sam.Action:
    which = message.WhichOneof("action")
    if which == "play":
        try:
            return sam.Play(message.seat, cards_of(message.play, "play.cards"))
        except InvalidInput as error:
            raise translate(error, field, PATHS) from None
    if which is None:
        raise InvalidInput.one(field, ErrorReason.MISSING_VALUE, "an action is either play (with cards) or pass")
    seat = message.seat
    if 0 <= seat < len(_PASSES):
        return _PASSES[seat]
    try:
        return sam.Pass(seat)
    except InvalidInput as error:
        raise translate(error, field, PATHS) from None


# A pass is its seat alone, and actions are immutable values: a record's passes (about half its actions) share
# these instead of each building its own.
_PASSES = tuple(sam.Pass(seat) for seat in range(MAX_SEATS))


def round_record(message: sam_loc_pb2.SamRoundRecord, field: str = "round") -> sam.RoundRecord:
    rules = rules_of(message, f"{field}.house_rules")
    hands = hands_of(message.hands, f"{field}.hands")
    try:
        # A record holds up to hundreds of actions and is nearly always well formed: read them without building
        # each one's path, and only on a fault read them again to name every faulty action at its index.
        actions = tuple([action(item) for item in message.actions])
    except InvalidInput:
        _name_faulty_actions(message, field)
        raise
    try:
        return sam.RoundRecord(
            hands=hands,
            stake=message.stake,
            leader=message.leader,
            declarations=tuple(message.declarations),
            actions=actions,
            house_rules=rules,
        )
    except InvalidInput as error:
        raise translate(error, field, PATHS) from None


def _name_faulty_actions(message: sam_loc_pb2.SamRoundRecord, field: str) -> None:
    """Raise :class:`InvalidInput` naming every faulty action of the record at ``field.actions[i]``."""
    problems: list[FieldViolation] = []
    for i, item in enumerate(message.actions):
        try:
            action(item, f"{field}.actions[{i}]")
        except InvalidInput as error:
            problems.extend(error.violations)
    if problems:
        raise InvalidInput(*problems)


def hands_of(messages: Sequence[cards_pb2.Cards], field: str) -> tuple[tuple[Card, ...], ...]:
    """Each hand's distinct cards; every bad card of every hand is named."""
    problems: list[FieldViolation] = []
    hands: list[tuple[Card, ...]] = []
    for i, hand in enumerate(messages):
        try:
            hands.append(cards_of(hand, f"{field}[{i}].cards"))
        except InvalidInput as error:
            problems.extend(error.violations)
    if problems:
        raise InvalidInput(*problems)
    return tuple(hands)
