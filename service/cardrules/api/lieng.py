"""``cardrules.v1.LiengService``: Liêng requests → the Liêng core → responses. Conversion only, no rules."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from cardrules.api.cards import CARD_PATTERN, card_indices, cards_from_proto, fast_cards
from cardrules.api.errors import rpc_method
from cardrules.api.house_rules import RulesReader, enum_name, enum_numbers
from cardrules.api.limits import check_bounds
from cardrules.api.paths import check_int64, rewrites, translate
from cardrules.core import lieng
from cardrules.core.cards import Card
from cardrules.core.errors import FieldViolation, InvalidInput
from cardrules.core.lieng.limits import MAX_SCORED_HANDS
from cardrules.v1 import cards_pb2, lieng_pb2, lieng_pb2_grpc

_INT32_MAX = 2**31 - 1

_PATHS = rewrites(
    (r"(^|\.)hands\[(\d+)\]\[", r"\1hands[\2].cards["),
    (r"(^|\.)hand\[", r"\1hand.cards["),
)

_TIER = lieng_pb2.LiengTier.DESCRIPTOR
_KIND = lieng_pb2.LiengActionKind.DESCRIPTOR
_REASON = lieng_pb2.LiengReason.DESCRIPTOR
_EVENT = lieng_pb2.LiengEventKind.DESCRIPTOR
_POT = lieng_pb2.LiengPotKind.DESCRIPTOR

# Core enum member → contract number, built once (a dict lookup per value on the hot paths).
_TIER_NUMBER = enum_numbers(_TIER, lieng.Tier)
_KIND_NUMBER = enum_numbers(_KIND, lieng.ActionKind)
_REASON_NUMBER = {**enum_numbers(_REASON, lieng.Reason), lieng.Reason.OK: 0}
_EVENT_NUMBER = enum_numbers(_EVENT, lieng.EventKind)
_POT_NUMBER = enum_numbers(_POT, lieng.PotKind)
_KIND_BY_NUMBER = {number: member for member, number in _KIND_NUMBER.items()}


# --- requests → core ------------------------------------------------------------------------------------------


_RULES = RulesReader(lieng_pb2.LiengHouseRules, lieng.HouseRules.from_mapping)
rules_of = _RULES.of
house_rules = _RULES.parse


def _hands(messages: Sequence[cards_pb2.Cards], field: str, allow_empty: bool = False) -> list[tuple[Card, ...] | None]:
    hands: list[tuple[Card, ...] | None] = []
    for hand in messages:  # the fast path: every hand well-formed, no card repeated within a hand
        cards = fast_cards(hand)
        if cards is None or len(set(cards)) != len(cards):
            return _hands_careful(messages, field, allow_empty)
        hands.append(None if allow_empty and not cards else cards)
    return hands


def _hands_careful(messages: Sequence[cards_pb2.Cards], field: str, allow_empty: bool) -> list[tuple[Card, ...] | None]:
    problems: list[FieldViolation] = []
    hands: list[tuple[Card, ...] | None] = []
    for i, hand in enumerate(messages):
        try:
            cards = cards_from_proto(hand.cards, f"{field}[{i}].cards")
        except InvalidInput as error:
            problems.extend(error.violations)
            continue
        hands.append(None if allow_empty and not cards else cards)
    if problems:
        raise InvalidInput(*problems)
    return hands


def _optional(message: object, name: str) -> int | None:
    return getattr(message, name) if message.HasField(name) else None  # type: ignore[attr-defined]


def betting_state(
    message: lieng_pb2.LiengBettingState, rules: lieng.HouseRules, field: str = "state"
) -> lieng.BettingState:
    seats: list[lieng.SeatState] = []
    problems: list[FieldViolation] = []
    for name in ("orbit", "raise_orbits", "last_raise_orbit"):
        # Counters go up by one per action and leave as int32: a state at the limit cannot come from real play.
        if getattr(message, name) >= _INT32_MAX:
            problems.append(FieldViolation(f"{field}.{name}", "IMPOSSIBLE_STATE", f"{name} is implausibly large"))
    for i, s in enumerate(message.seats):
        try:
            seats.append(lieng.SeatState(s.stack, s.committed, s.folded, s.all_in, s.acted))
        except InvalidInput as error:  # the core names the seat's own fields: put them under seats[i]
            problems.extend(translate(error, f"{field}.seats[{i}]", _PATHS).violations)
    if problems:
        raise InvalidInput(*problems)
    try:
        return lieng.BettingState(
            seats=tuple(seats),
            ante=message.ante,
            first_actor=message.first_actor,
            to_act=_optional(message, "to_act"),
            current_bet=message.current_bet,
            last_full_raise=message.last_full_raise,
            orbit=message.orbit,
            raise_orbits=message.raise_orbits,
            last_raise_orbit=message.last_raise_orbit if message.HasField("last_raise_orbit") else -1,
            rules=rules,
        )
    except InvalidInput as error:
        raise translate(error, field, _PATHS) from None


def action(message: lieng_pb2.LiengAction, field: str = "action") -> lieng.Action:
    kind = _KIND_BY_NUMBER.get(message.kind)
    if kind is None:  # unset or unknown: enum_name names the field
        kind = lieng.ActionKind[enum_name(_KIND, message.kind, f"{field}.kind")]
    try:
        return lieng.Action(message.seat, kind, message.amount)
    except InvalidInput as error:
        raise translate(error, field, _PATHS) from None


def round_record(message: lieng_pb2.LiengRoundRecord, field: str = "round") -> lieng.RoundRecord:
    rules = rules_of(message, f"{field}.house_rules")
    hands = _hands(message.hands, f"{field}.hands", allow_empty=True)
    actions: list[lieng.Action] = []
    problems: list[FieldViolation] = []
    for i, item in enumerate(message.actions):
        try:
            actions.append(action(item, f"{field}.actions[{i}]"))
        except InvalidInput as error:
            problems.extend(error.violations)
    if problems:
        raise InvalidInput(*problems)
    try:
        return lieng.RoundRecord(
            stacks=tuple(message.stacks),
            ante=message.ante or None,
            first_actor=message.first_actor,
            actions=tuple(actions),
            hands=tuple(hands),
            house_rules=rules,
        )
    except InvalidInput as error:
        raise translate(error, field, _PATHS) from None


# --- core → responses -----------------------------------------------------------------------------------------


def score_to_proto(score: lieng.HandScore) -> lieng_pb2.LiengScore:
    return lieng_pb2.LiengScore(
        tier=_TIER_NUMBER[score.tier],
        key=score.key,
        points=score.points,
        label=cards_pb2.LocalizedMessage(en=score.label_en, vi=score.label_vi),
        strength=score.sort_key,
    )


def state_to_proto(state: lieng.BettingState) -> lieng_pb2.LiengBettingState:
    out = lieng_pb2.LiengBettingState(
        seats=[
            lieng_pb2.LiengSeat(stack=s.stack, committed=s.committed, folded=s.folded, all_in=s.all_in, acted=s.acted)
            for s in state.seats
        ],
        ante=state.ante,
        first_actor=state.first_actor,
        current_bet=state.current_bet,
        last_full_raise=state.last_full_raise,
        orbit=state.orbit,
        raise_orbits=state.raise_orbits,
    )
    if state.to_act is not None:
        out.to_act = state.to_act
    if state.last_raise_orbit >= 0:
        out.last_raise_orbit = state.last_raise_orbit
    return out


def event_to_proto(event: lieng.Event) -> lieng_pb2.LiengEvent:
    out = lieng_pb2.LiengEvent(kind=_EVENT_NUMBER[event.kind], amount=event.amount)
    if event.seat is not None:
        out.seat = event.seat
    return out


def _reason_number(reason: lieng.Reason) -> Any:
    return _REASON_NUMBER[reason]


def legal_to_proto(legal: lieng.LegalActions, state: lieng.BettingState) -> lieng_pb2.LiengServiceLegalMovesResponse:
    out = lieng_pb2.LiengServiceLegalMovesResponse(raise_reason=_reason_number(legal.raise_reason))
    if legal.seat is None:
        return out
    out.seat = legal.seat
    committed = state.seats[legal.seat].committed
    # A seat's totals (its committed chips plus its stack, or plus the minimum raise) leave as int64.
    totals = [legal.all_in_to, legal.min_raise_to, legal.max_raise_to, committed + legal.call_amount]
    check_int64(totals, f"state.seats[{legal.seat}]", "the totals this seat may bet to")
    for kind in legal.kinds:
        if kind is lieng.ActionKind.CALL:
            low = high = committed + legal.call_amount
        elif kind is lieng.ActionKind.RAISE:
            low, high = legal.min_raise_to, legal.max_raise_to
        elif kind is lieng.ActionKind.ALL_IN:
            low = high = legal.all_in_to
        else:
            low = high = committed
        # Totals are what a RAISE's amount names; chips added are the same bounds seen from the seat's stack.
        out.actions.add(
            kind=_KIND_NUMBER[kind],
            min_total=low,
            max_total=high,
            min_chips_added=low - committed,
            max_chips_added=high - committed,
        )
    return out


def result_to_proto(result: lieng.RoundResult) -> lieng_pb2.LiengServiceSettleRoundResponse:
    # Every amount leaves as int64; stacks that each fit can still add up past it (a raise to near the limit).
    amounts = [result.fee, *result.nets, *result.fees, *result.committed, *result.payouts]
    for p in result.pots:
        amounts += (p.lo, p.hi, p.amount, *p.contributions, *p.shares)
    amounts += (t.amount for t in result.transfers)
    check_int64(amounts, "round.stacks", "the pot of these stacks")
    out = lieng_pb2.LiengServiceSettleRoundResponse(
        pots=[
            lieng_pb2.LiengPot(
                lo=p.lo,
                hi=p.hi,
                amount=p.amount,
                eligible=p.eligible,
                contributions=p.contributions,
                kind=_POT_NUMBER[p.kind],
                winners=p.winners,
                shares=p.shares,
            )
            for p in result.pots
        ],
        transfers=[
            cards_pb2.Transfer(from_seat=t.from_seat, to_seat=t.to_seat, amount=t.amount, reason=t.reason, pot=t.pot)
            for t in result.transfers
        ],
        nets=result.nets,
        fee=result.fee,
        fees=result.fees,
        committed=result.committed,
        payouts=result.payouts,
        shown=[
            lieng_pb2.LiengShownHand(seat=seat, score=score_to_proto(score))
            for seat, score in enumerate(result.scores)
            if score is not None
        ],
    )
    if result.fold_out_winner is not None:
        out.fold_out_winner = result.fold_out_winner
    return out


# ScoreLieng reads its hands from the request's wire form in a few C calls and answers with serialized answer
# elements kept per distinct score (tier, key, points, strength, labels: a few thousand under any switches, so the
# bounded dict rarely drops one), each hand scored by the core's table without building a HandScore. Anything
# the patterns do not expect (house rules longer than 127 bytes, a hand not of 3 well-formed cards, an unknown
# field) or a card repeated in a hand makes the fast path give up; the careful path then names the fields.
_SCORE_CACHE_SIZE = 20_000
_SCORE_BYTES: dict[lieng.ScoreParts, bytes] = {}
_SCORE_HEAD = re.compile(rb"(?:\x0a([\x00-\x7f]))?")  # house_rules = 1: its one-byte length
_SCORE_HANDS = re.compile(rb"(?:\x12\x12(?:" + CARD_PATTERN + rb"){3})+")  # hands = 2, 18 bytes each


def _scores_fast(request: lieng_pb2.ScoreLiengRequest, rules: lieng.HouseRules) -> bytes | None:
    """The serialized ``ScoreLiengResponse`` when every hand is 3 distinct well-formed cards, else None."""
    data = request.SerializeToString()
    head = _SCORE_HEAD.match(data)
    start = head.end() + head[1][0] if head is not None and head[1] is not None else 0
    if _SCORE_HANDS.fullmatch(data, start) is None:
        return None
    cards = card_indices(data[start:].replace(b"\x12\x12", b""))  # no card element holds 12 12: heads only
    parts: list[lieng.ScoreParts] = []
    score_parts = lieng.score_parts
    for hand in zip(cards[0::3], cards[1::3], cards[2::3], strict=True):
        low, middle, high = sorted(hand)
        if low == middle or middle == high:
            return None
        parts.append(score_parts(low, middle, high, rules))
    found = list(map(_SCORE_BYTES.get, parts))
    if None in found:
        for i, element in enumerate(found):
            if element is None:
                found[i] = _score_bytes(parts[i])
    return b"".join(found)  # type: ignore[arg-type]  # no None left


def _score_bytes(parts: lieng.ScoreParts) -> bytes:
    tier, key, points, sort_key, label_en, label_vi = parts
    score = lieng_pb2.LiengScore(
        tier=_TIER_NUMBER[tier],
        key=key,
        points=points,
        label=cards_pb2.LocalizedMessage(en=label_en, vi=label_vi),
        strength=sort_key,
    )
    element = lieng_pb2.ScoreLiengResponse(scores=[score]).SerializeToString()
    if len(_SCORE_BYTES) >= _SCORE_CACHE_SIZE:
        del _SCORE_BYTES[next(iter(_SCORE_BYTES))]
    _SCORE_BYTES[parts] = element
    return element


# --- the service ------------------------------------------------------------------------------------------------


class LiengService(lieng_pb2_grpc.LiengServiceServicer):
    """Each method: convert the request, ask the core, convert the answer."""

    def __init__(self) -> None:
        # Build the default rules' table of all 22,100 hands now (~0.2 s), not inside the first caller's deadline.
        lieng.key_table()

    @rpc_method
    def ScoreLieng(self, request: lieng_pb2.ScoreLiengRequest) -> lieng_pb2.ScoreLiengResponse:
        check_bounds(request)
        rules = rules_of(request)
        if not 1 <= len(request.hands) <= MAX_SCORED_HANDS:
            raise InvalidInput.one(
                "hands", "WRONG_HAND_COUNT", f"score 1 to {MAX_SCORED_HANDS} hands, got {len(request.hands)}"
            )
        answer = _scores_fast(request, rules)
        if answer is not None:
            return lieng_pb2.ScoreLiengResponse.FromString(answer)
        hands = _hands(request.hands, "hands")
        try:
            scores = lieng.score_hands(hands, rules)  # type: ignore[arg-type]
        except InvalidInput as error:
            raise translate(error, "", _PATHS) from None
        return lieng_pb2.ScoreLiengResponse(scores=[score_to_proto(s) for s in scores])

    @rpc_method
    def CompareHands(self, request: lieng_pb2.CompareHandsRequest) -> lieng_pb2.CompareHandsResponse:
        check_bounds(request)
        rules = rules_of(request)
        if not lieng.MIN_COMPARED_HANDS <= len(request.hands) <= lieng.MAX_COMPARED_HANDS:
            raise InvalidInput.one(
                "hands",
                "WRONG_HAND_COUNT",
                f"compare {lieng.MIN_COMPARED_HANDS} to {lieng.MAX_COMPARED_HANDS} hands, got {len(request.hands)}",
            )
        hands = _hands(request.hands, "hands")
        try:
            ranking = lieng.rank_hands(hands, rules)  # type: ignore[arg-type]
        except InvalidInput as error:
            raise translate(error, "", _PATHS) from None
        return lieng_pb2.CompareHandsResponse(
            ranking=[lieng_pb2.TieGroup(hands=g) for g in ranking.groups],
            places=ranking.ranks,
            scores=[score_to_proto(s) for s in ranking.scores],
        )

    @rpc_method
    def StartBetting(self, request: lieng_pb2.StartBettingRequest) -> lieng_pb2.StartBettingResponse:
        check_bounds(request)
        rules = rules_of(request)
        try:
            state = lieng.start_betting(tuple(request.stacks), request.ante or None, request.first_actor, rules)
        except InvalidInput as error:
            raise translate(error, "", _PATHS) from None
        return lieng_pb2.StartBettingResponse(state=state_to_proto(state))

    @rpc_method
    def ValidatePlay(
        self, request: lieng_pb2.LiengServiceValidatePlayRequest
    ) -> lieng_pb2.LiengServiceValidatePlayResponse:
        check_bounds(request)
        rules = rules_of(request)
        state = betting_state(request.state, rules)
        act = action(request.action)
        try:
            result = lieng.apply(state, act)
        except InvalidInput as error:
            raise translate(error, "", _PATHS) from None
        reason = result.reason
        english, vietnamese = lieng.explain(state, act, reason)
        check_int64([e.amount for e in result.events], "state.seats", "the pot of these stacks")
        out = lieng_pb2.LiengServiceValidatePlayResponse(
            legal=result.legal,
            reason=_reason_number(reason),
            message=cards_pb2.LocalizedMessage(en=english, vi=vietnamese),
            events=[event_to_proto(e) for e in result.events],
        )
        if result.state is not None:
            out.next_state.CopyFrom(state_to_proto(result.state))
        return out

    @rpc_method
    def LegalMoves(self, request: lieng_pb2.LiengServiceLegalMovesRequest) -> lieng_pb2.LiengServiceLegalMovesResponse:
        check_bounds(request)
        rules = rules_of(request)
        state = betting_state(request.state, rules)
        return legal_to_proto(lieng.legal_actions(state), state)

    @rpc_method
    def SettleRound(
        self, request: lieng_pb2.LiengServiceSettleRoundRequest
    ) -> lieng_pb2.LiengServiceSettleRoundResponse:
        check_bounds(request)
        record = round_record(request.round)
        try:
            result = lieng.settle_round(record)
        except InvalidInput as error:
            raise translate(error, "round", _PATHS) from None
        return result_to_proto(result)
