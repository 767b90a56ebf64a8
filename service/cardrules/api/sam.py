"""``cardrules.v1.SamLocService``: Sâm Lốc requests → the Sâm core → responses. Conversion only, no rules."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from cardrules.api.cards import cards_from_proto, cards_to_proto
from cardrules.api.errors import rpc_method
from cardrules.api.house_rules import enum_name, enum_number, rules_mapping
from cardrules.api.paths import check_int64, rewrites, translate
from cardrules.core import sam
from cardrules.core.cards import Card
from cardrules.core.errors import FieldViolation, InvalidInput
from cardrules.v1 import cards_pb2, sam_loc_pb2, sam_loc_pb2_grpc

_PATHS = rewrites(
    (r"\.hand\[", ".hand.cards["),
    (r"(^|\.)hands\[(\d+)\]\[", r"\1hands[\2].cards["),
    (r"\.count$", ".card_count"),
    (r"(^|\.)current\[", r"\1current.cards["),
    (r"(^|\.)action\.cards", r"\1action.play.cards"),
    (r"(^|\.)actions\[(\d+)\]\.cards", r"\1actions[\2].play.cards"),
)

_KIND = sam_loc_pb2.SamCombinationKind.DESCRIPTOR
_REASON = sam_loc_pb2.SamReason.DESCRIPTOR
_EVENT = sam_loc_pb2.SamEventKind.DESCRIPTOR
_END = sam_loc_pb2.SamHandEnd.DESCRIPTOR
_OUTCOME = sam_loc_pb2.SamOutcome.DESCRIPTOR
_INSTANT = sam_loc_pb2.SamInstantWinKind.DESCRIPTOR


# --- requests → core ------------------------------------------------------------------------------------------


def house_rules(message: sam_loc_pb2.SamHouseRules, field: str = "house_rules") -> sam.HouseRules:
    return _rules(message.SerializeToString(deterministic=True), field)


@lru_cache(maxsize=256)
def _rules(serialized: bytes, field: str) -> sam.HouseRules:
    # Tables send the same few house rules over and over: parse and validate each distinct set once.
    message = sam_loc_pb2.SamHouseRules.FromString(serialized)
    values = rules_mapping(message, field)
    try:
        return sam.HouseRules.from_mapping(values)
    except InvalidInput as error:  # the core names "house_rules.<switch>"
        raise translate(error, field.removesuffix("house_rules").rstrip("."), ()) from None


def table_state(message: sam_loc_pb2.SamTableState, rules: sam.HouseRules, field: str = "state") -> sam.TableState:
    problems: list[FieldViolation] = []
    seats: list[sam.SeatState] = []
    for i, seat in enumerate(message.seats):
        path = f"{field}.seats[{i}]"
        holding = seat.WhichOneof("holding")
        try:
            if holding == "hand":
                hand = cards_from_proto(seat.hand.cards, f"{path}.hand.cards")
                seats.append(_seat(path, hand=hand, passed=seat.passed))
            elif holding == "card_count":
                seats.append(_seat(path, count=seat.card_count, passed=seat.passed))
            else:
                raise InvalidInput.one(path, "MISSING_HOLDING", "a seat gives its hand or its card_count")
        except InvalidInput as error:
            problems.extend(error.violations)
    try:
        current = cards_from_proto(message.current.cards, f"{field}.current.cards")
        ended = sam.HandEnd[enum_name(_END, message.ended, f"{field}.ended")] if message.ended else None
    except InvalidInput as error:
        problems.extend(error.violations)
    if problems:
        raise InvalidInput(*problems)
    # One deck: name a card seen twice at its place in the request (the core sorts hands, so its indices differ).
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
        raise translate(error, field, _PATHS) from None


def _check_one_deck(message: sam_loc_pb2.SamTableState, field: str) -> None:
    seen: dict[tuple[int, int], str] = {}
    problems: list[FieldViolation] = []
    places = [(f"{field}.seats[{i}].hand.cards", seat.hand.cards) for i, seat in enumerate(message.seats)]
    places.append((f"{field}.current.cards", message.current.cards))
    for path, cards in places:
        for j, card in enumerate(cards):
            key = (card.rank, card.suit)
            if key in seen:
                problems.append(
                    FieldViolation(f"{path}[{j}]", "DUPLICATE_CARD", f"this card is also at {seen[key]}: one deck")
                )
            else:
                seen[key] = f"{path}[{j}]"
    if problems:
        raise InvalidInput(*problems)


def _seat(path: str, **values: object) -> sam.SeatState:
    try:
        return sam.SeatState(**values)  # type: ignore[arg-type]
    except InvalidInput as error:
        raise translate(error, path, _PATHS) from None


def action(message: sam_loc_pb2.SamAction, field: str = "action") -> sam.Action:
    which = message.WhichOneof("action")
    if which is None:
        raise InvalidInput.one(field, "MISSING_ACTION", "an action is either play (with cards) or pass")
    cards = cards_from_proto(message.play.cards, f"{field}.play.cards") if which == "play" else ()
    try:
        return sam.Play(message.seat, cards) if which == "play" else sam.Pass(message.seat)
    except InvalidInput as error:
        raise translate(error, field, _PATHS) from None


def round_record(message: sam_loc_pb2.SamRoundRecord, field: str = "round") -> sam.RoundRecord:
    rules = house_rules(message.house_rules, f"{field}.house_rules")
    hands = _hands(message.hands, f"{field}.hands")
    actions: list[sam.Action] = []
    problems: list[FieldViolation] = []
    for i, item in enumerate(message.actions):
        try:
            actions.append(action(item, f"{field}.actions[{i}]"))
        except InvalidInput as error:
            problems.extend(error.violations)
    if problems:
        raise InvalidInput(*problems)
    try:
        return sam.RoundRecord(
            hands=hands,
            stake=message.stake,
            leader=message.leader,
            declarations=tuple(message.declarations),
            actions=tuple(actions),
            house_rules=rules,
        )
    except InvalidInput as error:
        raise translate(error, field, _PATHS) from None


def _hands(messages: Sequence[cards_pb2.Cards], field: str) -> tuple[tuple[Card, ...], ...]:
    problems: list[FieldViolation] = []
    hands: list[tuple[Card, ...]] = []
    for i, hand in enumerate(messages):
        try:
            hands.append(cards_from_proto(hand.cards, f"{field}[{i}].cards"))
        except InvalidInput as error:
            problems.extend(error.violations)
    if problems:
        raise InvalidInput(*problems)
    return tuple(hands)


# --- core → responses -----------------------------------------------------------------------------------------


def combination_to_proto(combination: sam.Combination) -> sam_loc_pb2.SamCombination:
    out = sam_loc_pb2.SamCombination(
        kind=enum_number(_KIND, combination.kind.name),
        cards=cards_to_proto(combination.cards),
        length=combination.length,
    )
    if combination.key >= 0:
        out.top = _RANK_TO_PROTO[combination.key]
    return out


_RANK_TO_PROTO: tuple[Any, ...] = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2)  # core rank index → proto Rank


def state_to_proto(state: sam.TableState) -> sam_loc_pb2.SamTableState:
    out = sam_loc_pb2.SamTableState(
        turn=state.turn,
        lead_passes=state.lead_passes,
        chop_chain=[
            sam_loc_pb2.SamChop(chopper=c.chopper, chopped=c.chopped, position=c.position) for c in state.chop_chain
        ],
    )
    for seat in state.seats:
        item = out.seats.add(passed=seat.passed)
        if seat.hand is not None:
            item.hand.cards.extend(cards_to_proto(seat.hand))
        else:
            item.card_count = seat.count
    if state.current:
        out.current.cards.extend(cards_to_proto(state.current))
    for name in ("current_owner", "declarer", "bao_mot_violator", "winner"):
        value = getattr(state, name)
        if value is not None:
            setattr(out, name, value)
    if state.ended is not None:
        out.ended = enum_number(_END, state.ended.name)
    return out


def event_to_proto(event: sam.Event) -> sam_loc_pb2.SamEvent:
    out = sam_loc_pb2.SamEvent(
        kind=enum_number(_EVENT, event.kind.name), seat=event.seat, chain_position=event.chain_position
    )
    if event.other_seat is not None:
        out.other_seat = event.other_seat
    return out


def settlement_to_proto(settlement: sam.Settlement) -> sam_loc_pb2.SamLocServiceSettleRoundResponse:
    check_int64(
        [t.amount for t in settlement.transfers] + [*settlement.gross, settlement.fee],
        "round.stake",
        "the settlement at this stake",
    )
    out = sam_loc_pb2.SamLocServiceSettleRoundResponse(
        outcome=enum_number(_OUTCOME, settlement.outcome.name),
        transfers=[
            cards_pb2.Transfer(from_seat=t.from_seat, to_seat=t.to_seat, amount=t.amount, reason=str(t.reason))
            for t in settlement.transfers
        ],
        nets=settlement.nets,
        fee=settlement.fee,
        fees=settlement.fees,
        gross=settlement.gross,
    )
    if settlement.winner is not None:
        out.winner = settlement.winner
    if settlement.instant_win is not None:
        out.instant_win = enum_number(_INSTANT, settlement.instant_win.name)
    return out


# --- the service ------------------------------------------------------------------------------------------------


class SamLocService(sam_loc_pb2_grpc.SamLocServiceServicer):
    """Each method: convert the request, ask the core, convert the answer."""

    @rpc_method
    def StartHand(
        self, request: sam_loc_pb2.SamLocServiceStartHandRequest
    ) -> sam_loc_pb2.SamLocServiceStartHandResponse:
        rules = house_rules(request.house_rules)
        hands = _hands(request.hands, "hands")
        try:
            start = sam.start_hand(hands, request.leader, tuple(request.declarations), rules)
        except InvalidInput as error:
            raise translate(error, "", _PATHS) from None
        if isinstance(start, sam.InstantWin):
            return sam_loc_pb2.SamLocServiceStartHandResponse(
                instant_win=enum_number(_INSTANT, start.kind.name),
                instant_winner=start.winner,
                qualifiers=[
                    sam_loc_pb2.SamInstantWinQualifier(seat=seat, kind=enum_number(_INSTANT, kind.name))
                    for seat, kind in start.qualifiers
                ],
            )
        return sam_loc_pb2.SamLocServiceStartHandResponse(state=state_to_proto(start))

    @rpc_method
    def ValidatePlay(
        self, request: sam_loc_pb2.SamLocServiceValidatePlayRequest
    ) -> sam_loc_pb2.SamLocServiceValidatePlayResponse:
        rules = house_rules(request.house_rules)
        state = table_state(request.state, rules)
        act = action(request.action)
        try:
            result = sam.apply(state, act)
        except InvalidInput as error:
            raise translate(error, "", _PATHS) from None
        if isinstance(result, sam.Illegal):
            out = sam_loc_pb2.SamLocServiceValidatePlayResponse(
                legal=False,
                reason=enum_number(_REASON, result.reason.name),
                message=cards_pb2.LocalizedMessage(en=result.english, vi=result.vietnamese),
            )
            if result.combination is not None:
                out.combination.CopyFrom(combination_to_proto(result.combination))
            return out
        out = sam_loc_pb2.SamLocServiceValidatePlayResponse(
            legal=True,
            message=cards_pb2.LocalizedMessage(en="Legal.", vi="Hợp lệ."),
            events=[event_to_proto(e) for e in result.events],
            next_state=state_to_proto(result.state),
        )
        if result.combination is not None:
            out.combination.CopyFrom(combination_to_proto(result.combination))
        return out

    @rpc_method
    def LegalMoves(
        self, request: sam_loc_pb2.SamLocServiceLegalMovesRequest
    ) -> sam_loc_pb2.SamLocServiceLegalMovesResponse:
        rules = house_rules(request.house_rules)
        state = table_state(request.state, rules)
        try:
            moves = sam.legal_moves(state, request.all_card_sets)
        except InvalidInput as error:
            raise translate(error, "", _PATHS) from None
        out = sam_loc_pb2.SamLocServiceLegalMovesResponse()
        if moves.seat is not None:
            out.seat = moves.seat
        for play in moves.plays:
            out.moves.add(play=combination_to_proto(sam.classify(play, rules)))
        if moves.can_pass:
            out.moves.add(**{"pass": sam_loc_pb2.SamPass()})
        return out

    @rpc_method
    def SettleRound(
        self, request: sam_loc_pb2.SamLocServiceSettleRoundRequest
    ) -> sam_loc_pb2.SamLocServiceSettleRoundResponse:
        record = round_record(request.round)
        try:
            settlement = sam.settle_round(record)
        except InvalidInput as error:
            raise translate(error, "round", _PATHS) from None
        return settlement_to_proto(settlement)
