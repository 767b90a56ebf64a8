"""``cardrules.v1.SamLocService``: Sâm Lốc requests → the Sâm core → responses. Conversion only, no rules."""

from __future__ import annotations

import re
from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from cardrules.api.cards import card_bytes_table, cards_bytes, cards_from_proto, fast_cards
from cardrules.api.errors import rpc_method
from cardrules.api.house_rules import RulesReader, enum_name, enum_numbers
from cardrules.api.limits import check_bounds
from cardrules.api.paths import INT64_MAX, check_int64, rewrites, translate
from cardrules.core import sam
from cardrules.core.cards import FACE_VALUES, Card
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

# Core enum member → contract number, built once (a dict lookup per value on the hot paths).
_KIND_NUMBER = enum_numbers(_KIND, sam.Kind)
_REASON_NUMBER = enum_numbers(_REASON, sam.Reason)
_EVENT_NUMBER = enum_numbers(_EVENT, sam.EventKind)
_END_NUMBER = enum_numbers(_END, sam.HandEnd)
_OUTCOME_NUMBER = enum_numbers(_OUTCOME, sam.Outcome)
_INSTANT_NUMBER = enum_numbers(_INSTANT, sam.InstantWinKind)
_END_BY_NUMBER = {number: member for member, number in _END_NUMBER.items()}


# --- requests → core ------------------------------------------------------------------------------------------


_RULES = RulesReader(sam_loc_pb2.SamHouseRules, sam.HouseRules.from_mapping)
rules_of = _RULES.of
house_rules = _RULES.parse


def table_state(message: sam_loc_pb2.SamTableState, rules: sam.HouseRules, field: str = "state") -> sam.TableState:
    """The core state of a request's state; bad input is named at its field under ``field``."""
    state = _table_state_fast(message, rules)
    if state is None:  # something is off: the careful path finds it and names it
        state = _table_state_careful(message, rules, field)
    return state


def _table_state_fast(message: sam_loc_pb2.SamTableState, rules: sam.HouseRules) -> sam.TableState | None:
    """The state when nothing is wrong with it (the same value the careful path builds), else None.

    Reads each card list in one go (:func:`fast_cards`) and builds no field paths; any malformed card, missing
    holding or unknown end, and any core objection (a repeated card, an impossible state) → None.
    """
    seats: list[sam.SeatState] = []
    try:
        for seat in message.seats:
            holding = seat.WhichOneof("holding")
            if holding == "hand":
                hand = fast_cards(seat.hand)
                if hand is None:
                    return None
                seats.append(sam.SeatState.holding(hand, seat.passed))
            elif holding == "card_count":
                seats.append(sam.SeatState.counting(seat.card_count, seat.passed))
            else:
                return None
        current = fast_cards(message.current)
        if current is None:
            return None
        ended = None
        if message.ended:
            ended = _END_BY_NUMBER.get(message.ended)
            if ended is None:
                return None
        return _core_state(message, seats, current, ended, rules)
    except InvalidInput:
        return None


def _core_state(
    message: sam_loc_pb2.SamTableState,
    seats: Sequence[sam.SeatState],
    current: tuple[Card, ...],
    ended: sam.HandEnd | None,
    rules: sam.HouseRules,
) -> sam.TableState:
    """The core state from converted seats, table cards and end, plus the message's plain fields (validated by the
    core's constructor)."""
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


def _table_state_careful(message: sam_loc_pb2.SamTableState, rules: sam.HouseRules, field: str) -> sam.TableState:
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
        return _core_state(message, seats, current, ended, rules)
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
    try:  # the fast path: a play of well-formed, distinct cards, or a pass
        if which == "play":
            cards = fast_cards(message.play)
            if cards is not None:
                return sam.Play(message.seat, cards)
        elif which == "pass":
            return sam.Pass(message.seat)
    except InvalidInput:
        pass  # the careful path below names the field
    return _action_careful(message, which, field)


def _action_careful(message: sam_loc_pb2.SamAction, which: str | None, field: str) -> sam.Action:
    if which is None:
        raise InvalidInput.one(field, "MISSING_ACTION", "an action is either play (with cards) or pass")
    cards = cards_from_proto(message.play.cards, f"{field}.play.cards") if which == "play" else ()
    try:
        return sam.Play(message.seat, cards) if which == "play" else sam.Pass(message.seat)
    except InvalidInput as error:
        raise translate(error, field, _PATHS) from None


def round_record(message: sam_loc_pb2.SamRoundRecord, field: str = "round") -> sam.RoundRecord:
    rules = rules_of(message, f"{field}.house_rules")
    record = _round_record_fast(message, rules)
    if record is None:  # something is off: the careful path finds it and names it
        record = _round_record_careful(message, rules, field)
    return record


def _round_record_fast(message: sam_loc_pb2.SamRoundRecord, rules: sam.HouseRules) -> sam.RoundRecord | None:
    """The record when nothing is wrong with it (the same value the careful path builds), else None.

    Reads the whole record from its wire form in a few C calls (see :data:`_RECORD_HEAD`); any byte it does not
    expect, a card repeated inside a play, or a core objection → None.
    """
    data = message.SerializeToString()  # after check_bounds: only unknown fields can make it large
    if len(data) > _RECORD_FAST_MAX_BYTES:
        return None
    head = _RECORD_HEAD.match(data)
    if head is None:  # pragma: no cover - the pattern also matches an empty head
        return None
    start = head.end()
    if head[1] is not None:  # house_rules (read by rules_of): skipped
        start += head[1][0]
    body = _RECORD_BODY.fullmatch(data, start)
    if body is None:
        return None
    hands_bytes, declared_length, declared, leader, actions_bytes = body.groups()
    if declared_length is not None and declared_length[0] != len(declared):
        return None
    actions = _actions(actions_bytes)
    if actions is None or not hands_bytes:
        return None
    cards = _cards_of(hands_bytes.replace(b"\x1a\x3c", b""))  # no card holds these bytes: only hand heads go
    try:
        return sam.RoundRecord(
            hands=tuple([cards[i : i + _HAND] for i in range(0, len(cards), _HAND)]),
            stake=message.stake,
            leader=leader[0] if leader is not None else 0,
            declarations=tuple(declared) if declared is not None else (),
            actions=tuple(actions),
            house_rules=rules,
        )
    except InvalidInput:
        return None


# The wire form of a SamRoundRecord (field numbers of ``SamRoundRecord``, ``Cards``, ``Card`` and ``SamAction``
# in sam_loc.proto and cards.proto), as protobuf serializes it: fields in number order, proto3 zeros left out,
# repeated ints packed. A well-formed card is exactly ``0A 04 08 r 10 s`` (rank 1..13, suit 1..4, one byte
# each), so a dealt hand of ten is ``1A 3C`` + 60 bytes. The patterns only accept those exact forms (seats and
# lengths in one byte); anything else, an unknown field included, does not match and the careful path takes
# over. A length that disagrees with what the patterns read makes the fast path give up too (checked below and
# in :func:`_action_of`), so whatever it reads is what protobuf itself parses.
_CARD = rb"\x0a\x04\x08[\x01-\x0d]\x10[\x01-\x04]"
_RECORD_HEAD = re.compile(
    rb"(?:\x08[\x80-\xff]{0,9}[\x00-\x7f])?"  # stake = 1 (read from the message)
    rb"(?:\x12([\x00-\x7f]))?",  # house_rules = 2: its one-byte length
    re.DOTALL,
)
_RECORD_BODY = re.compile(
    rb"((?:\x1a\x3c(?:" + _CARD + rb"){10})*)"  # hands = 3, ten cards each
    rb"(?:\x22([\x01-\x7f])([\x00-\x0f]+))?"  # declarations = 4: length, seats < 16 (unlike the next tags)
    rb"(?:\x28([\x01-\x7f]))?"  # leader = 5
    rb"(.*)",  # actions = 6, split by _action_elements
    re.DOTALL,
)
# One SamAction element: tag, length, seat = 1 (absent for 0), then play = 2 (its length, its cards) or pass = 3.
# Possessive: an element never gives back bytes, which spares the matcher its backtracking bookkeeping.
_action_elements = re.compile(
    rb"\x32[\x02-\x7f](?:\x08[\x01-\x7f])?+(?:\x12[\x06-\x7f](?:" + _CARD + rb")++|\x1a\x00)", re.DOTALL
).findall
# The same element after its tag, in parts.
_ACTION_BODY = re.compile(rb"(.)(?:\x08([\x01-\x7f]))?+(?:\x12(.)((?:" + _CARD + rb")+)|\x1a\x00)", re.DOTALL).fullmatch
_HAND = 10
# A record within the bounds of cardrules.api.limits serializes to less than 20 KB (242 actions of at most 77
# bytes, 5 hands of 62, the rest a few hundred): a larger one carries unknown fields, which the patterns never
# match, and splitting their megabytes at every 0x32 would cost more than the careful path.
_RECORD_FAST_MAX_BYTES = 32 * 1024


def _translations() -> tuple[bytes, bytes]:
    """``bytes.translate`` tables: a card element's rank byte → core rank · 4, its suit byte → core suit."""
    ranks, suits = bytearray(256), bytearray(256)
    for card, data in enumerate(card_bytes_table(1)):
        ranks[data[3]] = card & ~3
        suits[data[5]] = card & 3
    return bytes(ranks), bytes(suits)


_RANK_TIMES_4, _SUIT_INDEX = _translations()
_CARDS = tuple(Card(i) for i in range(52))


def _cards_of(elements: bytes) -> tuple[Card, ...]:
    """The cards of consecutive 6-byte card elements (at least one), each one the patterns above accepted, with
    no Python step per card: the rank bytes (every 6th from 3) and suit bytes (every 6th from 5) translate to
    rank·4 and suit, whose bytewise sums (< 52: no carry) are the cards' indices, and one itemgetter fetches
    them."""
    size = len(elements) // 6
    ranks = int.from_bytes(elements[3::6].translate(_RANK_TIMES_4), "little")
    suits = int.from_bytes(elements[5::6].translate(_SUIT_INDEX), "little")
    cards = itemgetter(*(ranks + suits).to_bytes(size, "little"))(_CARDS)
    return cards if size > 1 else (cards,)  # itemgetter of one item gives the item itself


# Records repeat the same few hundred actions (each single, pair, … by each seat): each element's action, once
# read and validated, is kept in a bounded dict (oldest entry dropped first), keyed by the element's bytes after
# its tag. Actions are immutable values, so records may share them. Only elements that _action_of read whole,
# their lengths agreeing with their bytes, get in: a hit is always one well-formed element.
_ACTION_CACHE_SIZE = 20_000
_ACTIONS: dict[bytes, sam.Action] = {}


def _actions(data: bytes) -> list[sam.Action] | None:
    """The actions of the ``actions`` elements of a record's wire form, else None.

    The elements are split at every ``0x32`` (their tag) in one C call: no card byte, seat below 16 or pass is
    ``0x32``, so that byte only starts an element, except as the length of an 8-card play by seat 0. Each piece
    must then be a whole element (a cache hit, or read by :func:`_action_of`): an element that a split cut
    short never is, as its length counts the bytes past the cut. When a piece is not, the elements are found
    by their pattern instead (:func:`_actions_by_pattern`).
    """
    pieces = data.split(b"\x32")
    if pieces[0]:
        return None
    del pieces[0]
    actions = list(map(_ACTIONS.get, pieces))
    if None in actions:
        for i, action in enumerate(actions):
            if action is None:
                action = _action_of(pieces[i])
                if action is None:
                    return _actions_by_pattern(data)
                actions[i] = action
    return actions  # type: ignore[return-value]  # no None left


def _actions_by_pattern(data: bytes) -> list[sam.Action] | None:
    """:func:`_actions` for elements that hold a ``0x32`` byte: found by :data:`_action_elements`, which must
    tile the data byte for byte."""
    elements = _action_elements(data)
    if sum(map(len, elements)) != len(data):
        return None
    actions: list[sam.Action] = []
    for element in elements:
        action = _ACTIONS.get(element[1:]) or _action_of(element[1:])
        if action is None:
            return None
        actions.append(action)
    return actions


def _action_of(element: bytes) -> sam.Action | None:
    """The action of one ``actions`` element (its bytes after the tag), added to the cache; None when it is not
    one whole well-formed element (its length or its play's length disagrees with the bytes, a byte the
    patterns do not expect) or the core objects (a card repeated inside the play)."""
    parts = _ACTION_BODY(element)
    if parts is None:
        return None
    length, seat_byte, play_length, played = parts.groups()
    if length[0] != len(element) - 1:
        return None
    seat = seat_byte[0] if seat_byte is not None else 0
    try:
        if play_length is None:
            action: sam.Action = sam.Pass(seat)
        else:
            if play_length[0] != len(played):
                return None
            action = sam.Play(seat, _cards_of(played))
    except InvalidInput:
        return None
    if len(_ACTIONS) >= _ACTION_CACHE_SIZE:
        del _ACTIONS[next(iter(_ACTIONS))]
    _ACTIONS[element] = action
    return action


def _round_record_careful(message: sam_loc_pb2.SamRoundRecord, rules: sam.HouseRules, field: str) -> sam.RoundRecord:
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
    out = sam_loc_pb2.SamCombination()
    _fill_combination(out, combination)
    return out


def _fill_combination(out: sam_loc_pb2.SamCombination, combination: sam.Combination) -> None:
    """Write ``combination`` into the empty message ``out`` as its wire form (one ``MergeFromString``)."""
    out.MergeFromString(_combination_bytes(combination))


def _combination_bytes(combination: sam.Combination) -> bytes:
    parts = [b"".join(map(_COMBINATION_CARD, combination.cards))]  # SamCombination.cards = 2
    kind = _KIND_NUMBER[combination.kind]
    if kind:
        parts.append(b"\x08" + _varint(kind))  # kind = 1
    if combination.key >= 0:
        parts.append(b"\x18" + _varint(_RANK_TO_PROTO[combination.key]))  # top = 3
    if combination.length:
        parts.append(b"\x20" + _varint(combination.length))  # length = 4
    return b"".join(parts)


_COMBINATION_CARD = card_bytes_table(2).__getitem__


_RANK_TO_PROTO: tuple[Any, ...] = FACE_VALUES  # core rank index → proto Rank (typed Any: the stubs want Rank values)


def state_to_proto(state: sam.TableState) -> sam_loc_pb2.SamTableState:
    out = sam_loc_pb2.SamTableState()
    _fill_state(out, state)
    return out


def _fill_state(out: sam_loc_pb2.SamTableState, state: sam.TableState) -> None:
    """Write ``state`` into the empty message ``out`` (see :func:`_state_bytes`)."""
    out.MergeFromString(_state_bytes(state))


def _state_bytes(state: sam.TableState) -> bytes:
    """The wire form of ``state`` as a ``SamTableState``, written by hand (the field numbers of
    ``SamTableState``, ``SamSeat``, ``Cards`` and ``SamChop`` in ``sam_loc.proto``) and parsed in one C call,
    instead of one Python message object per seat, card and chop. Presence is as if set field by field: a known
    hand (even empty) or a ``card_count`` (even 0) always, the ``optional`` fields when not None."""
    parts: list[bytes] = []
    for seat in state.seats:
        if seat.hand is not None:
            cards = cards_bytes(seat.hand)
            body = b"\x0a" + _varint(len(cards)) + cards  # SamSeat.hand = 1
        else:
            body = b"\x10" + _varint(seat.count)  # SamSeat.card_count = 2
        if seat.passed:
            body += b"\x18\x01"  # SamSeat.passed = 3
        parts += (b"\x0a", _varint(len(body)), body)  # SamTableState.seats = 1
    if state.turn:
        parts += (b"\x10", _varint(state.turn))  # turn = 2
    if state.current:
        cards = cards_bytes(state.current)
        parts += (b"\x1a", _varint(len(cards)), cards)  # current = 3
    if state.current_owner is not None:
        parts += (b"\x20", _varint(state.current_owner))  # optional current_owner = 4
    for chop in state.chop_chain:
        body = (
            (b"\x08" + _varint(chop.chopper) if chop.chopper else b"")  # SamChop.chopper = 1
            + (b"\x10" + _varint(chop.chopped) if chop.chopped else b"")  # chopped = 2
            + (b"\x18" + _varint(chop.position) if chop.position else b"")  # position = 3
        )
        parts += (b"\x2a", _varint(len(body)), body)  # chop_chain = 5
    if state.declarer is not None:
        parts += (b"\x30", _varint(state.declarer))  # optional declarer = 6
    if state.bao_mot_violator is not None:
        parts += (b"\x38", _varint(state.bao_mot_violator))  # optional bao_mot_violator = 7
    if state.lead_passes:
        parts += (b"\x40", _varint(state.lead_passes))  # lead_passes = 8
    if state.ended is not None:
        parts += (b"\x48", _varint(_END_NUMBER[state.ended]))  # ended = 9
    if state.winner is not None:
        parts += (b"\x50", _varint(state.winner))  # optional winner = 10
    return b"".join(parts)


_SMALL_VARINTS = tuple(bytes((n,)) for n in range(128))


def _varint(value: int) -> bytes:
    """The wire form of an int32/enum value (negative ones as 10-byte two's complement, as protobuf does)."""
    if 0 <= value < 128:
        return _SMALL_VARINTS[value]
    value &= (1 << 64) - 1
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def event_to_proto(event: sam.Event) -> sam_loc_pb2.SamEvent:
    out = sam_loc_pb2.SamEvent(kind=_EVENT_NUMBER[event.kind], seat=event.seat, chain_position=event.chain_position)
    if event.other_seat is not None:
        out.other_seat = event.other_seat
    return out


def settlement_to_proto(settlement: sam.Settlement) -> sam_loc_pb2.SamLocServiceSettleRoundResponse:
    amounts = [t.amount for t in settlement.transfers] + [*settlement.gross, settlement.fee]
    if min(amounts) < -INT64_MAX or max(amounts) > INT64_MAX:  # two C calls; check_int64 then says what is wrong
        check_int64(amounts, "round.stake", "the settlement at this stake")
    out = sam_loc_pb2.SamLocServiceSettleRoundResponse(
        outcome=_OUTCOME_NUMBER[settlement.outcome],
        nets=settlement.nets,
        fee=settlement.fee,
        fees=settlement.fees,
        gross=settlement.gross,
    )
    add = out.transfers.add  # each transfer filled in place: no separate message to build and copy in
    for t in settlement.transfers:
        add(from_seat=t.from_seat, to_seat=t.to_seat, amount=t.amount, reason=str(t.reason))
    if settlement.winner is not None:
        out.winner = settlement.winner
    if settlement.instant_win is not None:
        out.instant_win = _INSTANT_NUMBER[settlement.instant_win]
    return out


# LegalMoves answers list the same plays over and over (every single, pair, triple and four of a kind, and the
# common straights). Each play's answer entry — the serialized ``moves`` element holding its SamCombination —
# is kept per ``straight_low_ace`` (the only switch classification depends on) in a bounded dict (oldest
# entry dropped first), and the answer is parsed from the joined entries in one C call.
_MOVE_CACHE_SIZE = 20_000
_MOVE_BYTES: tuple[dict[tuple[Card, ...], bytes], dict[tuple[Card, ...], bytes]] = ({}, {})
_PASS_MOVE_BYTES = sam_loc_pb2.SamLocServiceLegalMovesResponse(
    moves=[sam_loc_pb2.SamMove(**{"pass": sam_loc_pb2.SamPass()})]  # type: ignore[arg-type]  # "pass": a keyword
).SerializeToString()


def _moves_bytes(plays: Sequence[tuple[Card, ...]], rules: sam.HouseRules) -> bytes:
    cache = _MOVE_BYTES[rules.straight_low_ace]
    found = list(map(cache.get, plays))
    if None in found:
        for i, data in enumerate(found):
            if data is None:
                found[i] = _move_bytes(plays[i], rules, cache)
    return b"".join(found)  # type: ignore[arg-type]  # no None left


def _move_bytes(play: tuple[Card, ...], rules: sam.HouseRules, cache: dict[tuple[Card, ...], bytes]) -> bytes:
    move = sam_loc_pb2.SamMove(play=combination_to_proto(sam.classify(play, rules)))
    data = sam_loc_pb2.SamLocServiceLegalMovesResponse(moves=[move]).SerializeToString()
    if len(cache) >= _MOVE_CACHE_SIZE:
        del cache[next(iter(cache))]
    cache[play] = data
    return data


# --- the service ------------------------------------------------------------------------------------------------


class SamLocService(sam_loc_pb2_grpc.SamLocServiceServicer):
    """Each method: convert the request, ask the core, convert the answer."""

    @rpc_method
    def StartHand(
        self, request: sam_loc_pb2.SamLocServiceStartHandRequest
    ) -> sam_loc_pb2.SamLocServiceStartHandResponse:
        check_bounds(request)
        rules = rules_of(request)
        hands = _hands(request.hands, "hands")
        try:
            start = sam.start_hand(hands, request.leader, tuple(request.declarations), rules)
        except InvalidInput as error:
            raise translate(error, "", _PATHS) from None
        if isinstance(start, sam.InstantWin):
            return sam_loc_pb2.SamLocServiceStartHandResponse(
                instant_win=_INSTANT_NUMBER[start.kind],
                instant_winner=start.winner,
                qualifiers=[
                    sam_loc_pb2.SamInstantWinQualifier(seat=seat, kind=_INSTANT_NUMBER[kind])
                    for seat, kind in start.qualifiers
                ],
            )
        out = sam_loc_pb2.SamLocServiceStartHandResponse()
        _fill_state(out.state, start)
        return out

    @rpc_method
    def ValidatePlay(
        self, request: sam_loc_pb2.SamLocServiceValidatePlayRequest
    ) -> sam_loc_pb2.SamLocServiceValidatePlayResponse:
        check_bounds(request)
        rules = rules_of(request)
        state = table_state(request.state, rules)
        act = action(request.action)
        try:
            result = sam.apply(state, act)
        except InvalidInput as error:
            raise translate(error, "", _PATHS) from None
        if isinstance(result, sam.Illegal):
            out = sam_loc_pb2.SamLocServiceValidatePlayResponse(
                legal=False,
                reason=_REASON_NUMBER[result.reason],
                message=cards_pb2.LocalizedMessage(en=result.english, vi=result.vietnamese),
            )
            if result.combination is not None:
                _fill_combination(out.combination, result.combination)
            return out
        # One parse of the answer's wire form: legal + message (constant), combination = 4, next_state = 6.
        parts = [_LEGAL_PREFIX]
        if result.combination is not None:
            combination = _combination_bytes(result.combination)
            parts += (b"\x22", _varint(len(combination)), combination)
        next_state = _state_bytes(result.state)
        parts += (b"\x32", _varint(len(next_state)), next_state)
        out = sam_loc_pb2.SamLocServiceValidatePlayResponse.FromString(b"".join(parts))
        if result.events:
            out.events.extend([event_to_proto(e) for e in result.events])
        return out

    @rpc_method
    def LegalMoves(
        self, request: sam_loc_pb2.SamLocServiceLegalMovesRequest
    ) -> sam_loc_pb2.SamLocServiceLegalMovesResponse:
        check_bounds(request)
        rules = rules_of(request)
        state = table_state(request.state, rules)
        try:
            moves = sam.legal_moves(state, request.all_card_sets)
        except InvalidInput as error:
            raise translate(error, "", _PATHS) from None
        data = _moves_bytes(moves.plays, rules)
        if moves.can_pass:
            data += _PASS_MOVE_BYTES
        out = sam_loc_pb2.SamLocServiceLegalMovesResponse.FromString(data)
        if moves.seat is not None:
            out.seat = moves.seat
        return out

    @rpc_method
    def SettleRound(
        self, request: sam_loc_pb2.SamLocServiceSettleRoundRequest
    ) -> sam_loc_pb2.SamLocServiceSettleRoundResponse:
        check_bounds(request)
        record = round_record(request.round)
        try:
            settlement = sam.settle_round(record)
        except InvalidInput as error:
            raise translate(error, "round", _PATHS) from None
        return settlement_to_proto(settlement)


_LEGAL_PREFIX = sam_loc_pb2.SamLocServiceValidatePlayResponse(
    legal=True, message=cards_pb2.LocalizedMessage(en="Legal.", vi="Hợp lệ.")
).SerializeToString()
