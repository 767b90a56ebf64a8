"""Every bound of ``cardrules.api.limits`` through the real servicers: one element over it is INVALID_ARGUMENT
naming the field, exactly at it is not reported there, and the bounds come before any other work (house rules,
reading the Sâm record). tests/e2e/test_large_requests.py sends a huge one to a real server."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import grpc
import pytest
from google.protobuf.message import Message

from cardrules.api.games import registered_games
from cardrules.api.house_rules import RulesReader
from cardrules.api.limits import BOUNDS, Bound
from cardrules.api.sam import service as sam_service
from cardrules.core.lieng.limits import max_round_actions as lieng_max_actions
from cardrules.core.sam.limits import max_round_actions as sam_max_actions
from cardrules.v1 import cards_pb2, lieng_pb2, sam_loc_pb2
from tests.support.sam_records import random_round
from tests.support.servicers import Aborted, CapturingContext

SERVICERS: dict[str, Any] = {game.name: game.servicer() for game in registered_games()}
METHODS = {
    method.input_type.full_name: (game.name, method.name)
    for game in registered_games()
    for method in game.service.methods
}


def call(request: Message) -> Message | Aborted:
    service, method = METHODS[request.DESCRIPTOR.full_name]
    try:
        return asyncio.run(getattr(SERVICERS[service], method)(request, CapturingContext()))  # type: ignore[no-any-return]
    except Aborted as aborted:
        return aborted


def violations(request: Message) -> dict[str, str]:
    """``{field: reason}`` of the call's field violations ({} when it succeeds)."""
    answer = call(request)
    if not isinstance(answer, Aborted):
        return {}
    assert answer.code is grpc.StatusCode.INVALID_ARGUMENT, answer.code
    return {v.field: v.reason for v in answer.violations}


def over_bound(request: Message, named: str) -> bool:
    """Whether the call names ``named`` for exceeding a bound (the core may name the same field for another fault,
    with the same reason: a Liêng record with hands for no seats is WRONG_HAND_COUNT either way)."""
    answer = call(request)
    return isinstance(answer, Aborted) and any(
        v.field == named and v.description.startswith("at most ") for v in answer.violations
    )


def filled(cls: type[Message], bound: Bound, count: int) -> tuple[Message, str]:
    """A request of ``cls`` whose field ``bound.path`` holds ``count`` elements (one element in each outer list),
    and the field path a violation of that bound names."""
    request = cls()
    owner: Any = request
    where: list[str] = []
    *steps, last = bound.path.split(".")
    for step in steps:
        name = step.removesuffix("[]")
        owner = getattr(owner, name)
        where.append(name)
        if step.endswith("[]"):
            owner = owner.add()
            where[-1] += "[0]"
    values = getattr(owner, last)
    for i in range(count):
        if hasattr(values, "add"):
            values.add()
        else:
            values.append(i + 1)
    named = ".".join(where) if bound.at_owner else ".".join([*where, last])
    return request, named


CASES = [(cls, bound) for cls, bounds in BOUNDS.items() for bound in bounds]


@pytest.mark.parametrize(("cls", "bound"), CASES, ids=[f"{c.__name__}:{b.path}" for c, b in CASES])
def test_one_over_a_bound_is_named_and_at_the_bound_is_not(cls: type[Message], bound: Bound) -> None:
    over, named = filled(cls, bound, bound.limit + 1)
    assert violations(over).get(named) == bound.code, f"{bound.path}: {violations(over)}"
    exact, _ = filled(cls, bound, bound.limit)
    assert not over_bound(exact, named), f"{bound.path}: {violations(exact)}"


def sam_record(seats: int, actions: int) -> sam_loc_pb2.SamLocServiceSettleRoundRequest:
    request = sam_loc_pb2.SamLocServiceSettleRoundRequest()
    record = request.round
    record.stake = 1
    for seat in range(seats):
        hand = record.hands.add()
        for card in range(10):
            hand.cards.add(rank=card + 1, suit=seat % 4 + 1)
    for i in range(actions):
        record.actions.add(seat=i % seats).SetInParent()
    return request


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_sam_record_bound_follows_the_seat_count(seats: int) -> None:
    limit = sam_max_actions(seats)
    assert violations(sam_record(seats, limit + 1)) == {"round.actions": "TOO_MANY"}
    assert "round.actions" not in violations(sam_record(seats, limit))


def lieng_record(seats: int, actions: int, max_raise_rounds: int | None) -> lieng_pb2.LiengServiceSettleRoundRequest:
    request = lieng_pb2.LiengServiceSettleRoundRequest()
    record = request.round
    record.stacks.extend([1000] * seats)
    record.ante = 10
    if max_raise_rounds is not None:
        record.house_rules.max_raise_rounds = max_raise_rounds
    for i in range(actions):
        record.actions.add(seat=i % seats, kind=lieng_pb2.LIENG_ACTION_KIND_CHECK)
    return request


@pytest.mark.parametrize(("seats", "rounds"), [(2, None), (6, None), (2, 1), (6, 3), (3, 10**6)])
def test_lieng_record_bound_follows_seats_and_max_raise_rounds(seats: int, rounds: int | None) -> None:
    limit = lieng_max_actions(seats, rounds)
    assert limit <= lieng_max_actions(6)
    assert violations(lieng_record(seats, limit + 1, rounds)) == {"round.actions": "TOO_MANY"}
    assert "round.actions" not in violations(lieng_record(seats, limit, rounds))


def test_a_repeated_instant_win_kind_is_named_at_its_index() -> None:
    request = sam_loc_pb2.SamLocServiceStartHandRequest()
    request.house_rules.instant_wins.kinds.extend([1, 3, 1, 3])  # type: ignore[list-item]
    assert violations(request) == {
        "house_rules.instant_wins.kinds[2]": "DUPLICATE_VALUE",
        "house_rules.instant_wins.kinds[3]": "DUPLICATE_VALUE",
    }


def test_bounds_come_before_house_rules_and_reading_the_record(monkeypatch: pytest.MonkeyPatch) -> None:
    def untouched(*args: object) -> None:
        raise AssertionError("ran before the bounds were checked")

    monkeypatch.setattr(RulesReader, "parse", untouched)
    monkeypatch.setattr(RulesReader, "of", untouched)
    monkeypatch.setattr(sam_service, "round_record", untouched)
    request = sam_record(5, 100_000)
    request.round.house_rules.instant_wins.kinds.extend([1] * 100_000)  # type: ignore[list-item]
    assert violations(request) == {"round.actions": "TOO_MANY", "round.house_rules.instant_wins.kinds": "TOO_MANY"}


def unknown_field(size: int) -> bytes:
    """One unknown length-delimited field (number 1000) of ``size`` bytes, full of the actions' tag byte 0x32."""
    length = bytearray()
    value = size
    while value >= 0x80:
        length.append(value & 0x7F | 0x80)
        value >>= 7
    length.append(value)
    return b"\xc2\x3e" + bytes(length) + b"\x32" * size


def test_house_rules_carrying_megabytes_of_unknown_fields_are_rejected_from_their_size() -> None:
    request = sam_loc_pb2.SamLocServiceLegalMovesRequest()
    request.house_rules.MergeFromString(unknown_field(1 << 20))
    assert violations(request) == {"house_rules": "UNKNOWN_FIELD"}


def test_unknown_fields_in_cards_and_records_do_not_change_the_answer() -> None:
    rng = random.Random(5)
    for _ in range(5):
        plain = sam_loc_pb2.SamLocServiceSettleRoundRequest(round=random_round(rng))
        padded = sam_loc_pb2.SamLocServiceSettleRoundRequest()
        padded.CopyFrom(plain)
        padded.round.MergeFromString(unknown_field(1 << 20))
        plays = [action.play for action in padded.round.actions if action.HasField("play")]
        if plays:
            plays[0].MergeFromString(unknown_field(1 << 10))
        assert str(call(padded)) == str(call(plain))
    hand = cards_pb2.Cards(cards=[cards_pb2.Card(rank=1, suit=suit) for suit in (1, 2, 3)])  # type: ignore[arg-type]
    score = lieng_pb2.ScoreLiengRequest(hands=[hand])
    padded_score = lieng_pb2.ScoreLiengRequest()
    padded_score.CopyFrom(score)
    padded_score.hands[0].MergeFromString(unknown_field(1 << 20))
    assert call(padded_score) == call(score)
