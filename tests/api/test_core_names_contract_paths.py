"""The core names the contract's field paths itself: nothing between it and the answer rewrites a path.

Each request kind below carries a fault that only the core finds (a card in two places, an impossible state, a
card not in the hand, an illegal action in a record…). The same fault is raised twice: by the servicer method's
conversion, in-process, from the request; and by the core alone, called with the path and the contract's
:class:`~cardrules.core.errors.Naming` the API layer passes. Both must name exactly the same fields, and those
are the contract's (``state.seats[1].hand.cards[1]``, ``round.actions[0].play.cards[0]``), so the answer is the
core's error as the core built it. A second test walks every field path of every error vector through its
request message: each must name a field the request has (a card list is a ``Cards`` message, so ``hand[3]``
would fail there).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from google.protobuf import json_format
from google.protobuf.message import Message

from cardrules.api.games import registered_games
from cardrules.api.lieng.requests import NAMING as LIENG_NAMING
from cardrules.api.sam.requests import NAMING as SAM_NAMING
from cardrules.core import lieng, sam
from cardrules.core.cards import parse_cards
from cardrules.core.errors import InvalidInput
from tests.support.mutations import RPC_BY_PATH
from tests.support.vectors import vector_cases

SERVICERS: dict[str, Any] = {game.name: game.servicer() for game in registered_games()}
SAM = "cardrules.v1.SamLocService"
LIENG = "cardrules.v1.LiengService"

_RANKS = dict(zip("A23456789TJQK", ("ACE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "TEN",
                                     "JACK", "QUEEN", "KING"), strict=True))  # fmt: skip
_SUITS = {"S": "SPADES", "C": "CLUBS", "D": "DIAMONDS", "H": "HEARTS"}


def cards(text: str) -> dict[str, Any]:
    """A ``Cards`` message in proto3 JSON from ``"9S 4S TC"``."""
    return {"cards": [{"rank": f"RANK_{_RANKS[c[0]]}", "suit": f"SUIT_{_SUITS[c[1]]}"} for c in text.split()]}


def play(seat: int, text: str) -> dict[str, Any]:
    return {"seat": seat, "play": cards(text)}


HAND_0 = "3S 4C 5D 6H 8S 9C TD JH KS AC"
HAND_1 = "3C 4D 5H 7S 8C 9D TH QS KC 2D"
BETTING = {"seats": [{"stack": 90, "committed": 10}, {"stack": 90, "committed": 10}], "ante": 10, "firstActor": 0}


def sam_state(*hands: str | int, turn: int = 0) -> sam.TableState:
    """The core state the API builds from :func:`sam_seats` (same path, same naming)."""
    seats = tuple(
        sam.SeatState.counting(h, False, f"state.seats[{i}]", SAM_NAMING)
        if isinstance(h, int)
        else sam.SeatState.holding(parse_cards(h), False, f"state.seats[{i}]", SAM_NAMING)
        for i, h in enumerate(hands)
    )
    return sam.TableState(seats=seats, turn=turn, path="state", naming=SAM_NAMING)


def sam_seats(*hands: str | int) -> list[dict[str, Any]]:
    return [{"cardCount": h} if isinstance(h, int) else {"hand": cards(h)} for h in hands]


def sam_record(*actions: sam.Action) -> sam.RoundRecord:
    return sam.RoundRecord(
        hands=(parse_cards(HAND_0), parse_cards(HAND_1)),
        stake=1,
        leader=0,
        actions=actions,
        path="round",
        naming=SAM_NAMING,
    )


def lieng_state(seats: tuple[lieng.SeatState, ...], to_act: int | None, current_bet: int) -> lieng.BettingState:
    return lieng.BettingState(seats=seats, ante=10, first_actor=0, to_act=to_act, current_bet=current_bet, path="state")


def lieng_seat(i: int, stack: int, committed: int, folded: bool = False, all_in: bool = False) -> lieng.SeatState:
    return lieng.SeatState(stack, committed, folded, all_in, False, f"state.seats[{i}]")


def lieng_record(actions: tuple[lieng.Action, ...], hands: tuple[str, ...] = ()) -> lieng.RoundRecord:
    return lieng.RoundRecord(
        stacks=(100, 100),
        ante=10,
        first_actor=0,
        actions=actions,
        hands=tuple(parse_cards(h) for h in hands),
        path="round",
        naming=LIENG_NAMING,
    )


CHECK = lieng.ActionKind.CHECK
Case = tuple[str, str, dict[str, Any], Callable[[], object], str]

# (service, method, request, the same fault raised by the core alone, the contract's path of the fault)
CASES: list[Case] = [
    (
        SAM,
        "StartHand",
        {"hands": [cards(HAND_0), cards(HAND_1.replace("QS", "KS"))], "leader": 0},
        lambda: sam.start_hand((parse_cards(HAND_0), parse_cards(HAND_1.replace("QS", "KS"))), 0, naming=SAM_NAMING),
        "hands[1].cards[7]",
    ),
    (
        SAM,
        "ValidatePlay",
        {"state": {"seats": sam_seats("3S 4S KH", "9S 4S TC", 7), "turn": 0}, "action": play(0, "3S")},
        lambda: sam_state("3S 4S KH", "9S 4S TC", 7),
        "state.seats[1].hand.cards[1]",
    ),
    (
        SAM,
        "ValidatePlay",
        {"state": {"seats": sam_seats("3S 4S KH", 7), "turn": 0}, "action": play(0, "3S 5D")},
        lambda: sam.apply(sam_state("3S 4S KH", 7), sam.Play(0, parse_cards("3S 5D")), naming=SAM_NAMING),
        "action.play.cards[1]",
    ),
    (
        SAM,
        "LegalMoves",
        {"state": {"seats": sam_seats("3S 4S KH", 0), "turn": 0}},
        lambda: sam_state("3S 4S KH", 0),
        "state.seats[1].card_count",
    ),
    (
        SAM,
        "SettleRound",
        {"round": {"hands": [cards(HAND_0), cards(HAND_1)], "stake": "1", "leader": 0, "actions": [play(0, "2S")]}},
        lambda: sam.settle_round(sam_record(sam.Play(0, parse_cards("2S")))),
        "round.actions[0].play.cards[0]",
    ),
    (
        LIENG,
        "ScoreLieng",
        {"hands": [cards("AS KD QH"), cards("AC KC")]},
        lambda: lieng.score_hands([parse_cards("AS KD QH"), parse_cards("AC KC")]),
        "hands[1]",
    ),
    (
        LIENG,
        "CompareHands",
        {"hands": [cards("AS KD QH"), cards("AC KC")]},
        lambda: lieng.rank_hands([parse_cards("AS KD QH"), parse_cards("AC KC")]),
        "hands[1]",
    ),
    (
        LIENG,
        "StartBetting",
        {"stacks": ["100", "5"], "ante": "10", "firstActor": 0},
        lambda: lieng.start_betting((100, 5), 10, 0),
        "stacks[1]",
    ),
    (
        LIENG,
        "ValidatePlay",
        {
            "state": {
                **BETTING,
                "seats": [{"stack": 90, "committed": 10}, {"stack": 5, "committed": 10, "allIn": True}],
            },
            "action": {"seat": 0, "kind": "LIENG_ACTION_KIND_CHECK"},
        },
        lambda: lieng_seat(1, 5, 10, all_in=True),
        "state.seats[1].stack",
    ),
    (
        LIENG,
        "LegalMoves",
        {"state": {**BETTING, "toAct": 0, "currentBet": 20}},
        lambda: lieng_state((lieng_seat(0, 90, 10), lieng_seat(1, 90, 10)), 0, 20),
        "state.current_bet",
    ),
    (
        LIENG,
        "SettleRound",
        {
            "round": {
                "stacks": ["100", "100"],
                "ante": "10",
                "actions": [{"seat": 1, "kind": "LIENG_ACTION_KIND_CHECK"}],
            }
        },
        lambda: lieng.settle_round(lieng_record((lieng.Action(1, CHECK),))),
        "round.actions[0]",
    ),
    (
        LIENG,
        "SettleRound",
        {
            "round": {
                "stacks": ["100", "100"],
                "ante": "10",
                "actions": [
                    {"seat": 0, "kind": "LIENG_ACTION_KIND_CHECK"},
                    {"seat": 1, "kind": "LIENG_ACTION_KIND_CHECK"},
                ],
                "hands": [cards("AS 2C 3D"), cards("4H AS 6H")],
            }
        },
        lambda: lieng_record((lieng.Action(0, CHECK), lieng.Action(1, CHECK)), ("AS 2C 3D", "4H AS 6H")),
        "round.hands[1].cards[1]",
    ),
]


def fields_raised(call: Callable[[], object]) -> set[str]:
    with pytest.raises(InvalidInput) as raised:
        call()
    return {v.field for v in raised.value.violations}


@pytest.mark.parametrize(
    ("service", "method", "request_json", "core_call", "field"),
    CASES,
    ids=[f"{s.split('.')[-1]}.{m}:{f}" for s, m, _, _, f in CASES],
)
def test_the_core_names_the_request_field_and_the_answer_is_its_error(
    service: str, method: str, request_json: dict[str, Any], core_call: Callable[[], object], field: str
) -> None:
    servicer = SERVICERS[service]
    request = json_format.ParseDict(request_json, RPC_BY_PATH[f"/{service}/{method}"].request_type())
    conversion = getattr(type(servicer), method).__wrapped__  # the servicer method without its gRPC wrapper
    answered = fields_raised(lambda: conversion(servicer, request))
    assert field in answered
    assert answered == fields_raised(core_call)
    for path in answered:
        assert names_a_field(request, path), f"{path} is not a field of {method}'s request"


_STEP = re.compile(r"([a-z_0-9]+)((?:\[\d+\])?)")


def names_a_field(message: Message, path: str) -> bool:
    """Whether ``path`` (``state.seats[2].hand.cards[1]``) walks through fields of ``message`` to an element that
    is there (an index in range)."""
    node: Any = message
    for step in path.split("."):
        match = _STEP.fullmatch(step)
        if match is None or not isinstance(node, Message):
            return False
        name, index = match.groups()
        descriptor = node.DESCRIPTOR.fields_by_name.get(name)
        if descriptor is None:
            return False
        node = getattr(node, name)
        if index:
            if not descriptor.is_repeated or not int(index[1:-1]) < len(node):
                return False
            node = node[int(index[1:-1])]
    return True


def parsed(case: dict[str, Any]) -> Message | None:
    """The case's request, or None for a case about JSON that the mapping rejects (it has no message form)."""
    request = RPC_BY_PATH[f"/{case['service']}/{case['method']}"].request_type()
    try:
        return json_format.ParseDict(case["request"], request)
    except json_format.ParseError:
        return None


ERROR_VECTORS = [
    (name, case, request)
    for name, case in vector_cases()
    if case["expect"].get("error", {}).get("fieldViolations") and (request := parsed(case)) is not None
]


def test_the_error_vectors_cover_every_request_kind() -> None:
    kinds = {(case["service"], case["method"]) for _, case, _ in ERROR_VECTORS}
    assert {(service, method) for service, method, *_ in CASES} <= kinds


@pytest.mark.parametrize(("name", "case", "request_message"), ERROR_VECTORS, ids=[n for n, _, _ in ERROR_VECTORS])
def test_every_error_vector_names_fields_its_request_has(
    name: str, case: dict[str, Any], request_message: Message
) -> None:
    for violation in case["expect"]["error"]["fieldViolations"]:
        assert names_a_field(request_message, violation["field"]), f"{name}: {violation['field']}"


def test_the_field_walk_rejects_the_cores_own_spelling() -> None:
    request = json_format.ParseDict(
        {"state": {"seats": sam_seats("3S 4S KH", 7), "turn": 0}},
        RPC_BY_PATH[f"/{SAM}/LegalMoves"].request_type(),
    )
    assert names_a_field(request, "state.seats[0].hand.cards[2]")
    assert not names_a_field(request, "state.seats[0].hand[2]")
    assert not names_a_field(request, "state.seats[1].count")
    assert not names_a_field(request, "state.seats[2]")
