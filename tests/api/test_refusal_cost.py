"""A refusal costs no more than an answer: a request with thousands of faults builds, and translates to the
request's field paths, only the violations an error lists (20, and the one its "more" entry points at); every other
fault is only counted. Measured by counting the calls that build a violation and that rewrite a path, never by
timing (tests/benchmarks/bench_worst_case.py times the same requests on a real server)."""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

import grpc
import pytest
from google.protobuf import json_format
from google.protobuf.message import Message
from google.rpc import error_details_pb2, status_pb2

from cardrules.api import json_fast, json_mapping
from cardrules.api.errors import MAX_LISTED_VIOLATIONS, outcome
from cardrules.core.errors import ErrorReason, FieldViolation, InvalidInput, violation
from cardrules.core.lieng.limits import MAX_SCORED_HANDS
from cardrules.core.sam.limits import MAX_ROUND_ACTIONS
from cardrules.v1 import cards_pb2, lieng_pb2, sam_loc_pb2
from tests.support.sam_records import proto_cards
from tests.support.servicers import lieng_servicer, sam_servicer

BUILT = MAX_LISTED_VIOLATIONS + 1  # what an error lists, and the one its "more" entry points at
SAM, LIENG = sam_servicer(), lieng_servicer()
_BUILDERS = {FieldViolation.__init__.__code__, violation.__code__}  # the two ways a violation is made


@dataclass
class Work:
    built: int = 0  # violations made (FieldViolation(...) or violation(...))
    rewrites: Counter[re.Pattern[str]] = field(default_factory=Counter)  # re.sub calls per pattern

    @property
    def translated(self) -> int:
        """Paths rewritten: a path's translation runs every rewrite of its table once."""
        return max(self.rewrites.values(), default=0)


@contextmanager
def counting() -> Iterator[Work]:
    """Count, in this thread, each violation built and each path rewrite by a regular expression."""
    work = Work()

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code in _BUILDERS:
            work.built += 1
        elif event == "c_call" and getattr(arg, "__name__", "") == "sub":
            owner = getattr(arg, "__self__", None)
            if isinstance(owner, re.Pattern):
                work.rewrites[owner] += 1

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        yield work
    finally:
        sys.setprofile(previous)


def refused(servicer: Any, method: str, request: Message) -> list[error_details_pb2.BadRequest.FieldViolation]:
    """The field violations the in-process servicer answers ``request`` with (INVALID_ARGUMENT)."""
    answer = outcome(getattr(type(servicer), method).__wrapped__, servicer, request)
    assert isinstance(answer, grpc.Status) and answer.code is grpc.StatusCode.INVALID_ARGUMENT
    status = status_pb2.Status.FromString(dict(answer.trailing_metadata)["grpc-status-details-bin"])
    bad = error_details_pb2.BadRequest()
    assert status.details[0].Unpack(bad)
    return list(bad.field_violations)


def from_json(request: Message) -> Message:
    """``request`` as the JSON gateway reads it from its JSON form (json_fast, else json_mapping)."""
    data = json_format.MessageToJson(request).encode()
    return json_fast.parse_request(data, type(request)) or json_mapping.parse_request(data, type(request))


def malformed_cards(count: int) -> cards_pb2.Cards:
    return cards_pb2.Cards(cards=[cards_pb2.Card() for _ in range(count)])


def malformed_record() -> sam_loc_pb2.SamLocServiceSettleRoundRequest:
    """The most actions a record holds, each a play of 10 malformed cards: 2,420 faults (issue #21: 2,430
    violations were built for it, 14,580 paths rewritten, 20 listed)."""
    request = sam_loc_pb2.SamLocServiceSettleRoundRequest()
    request.round.stake = 1000
    request.round.hands.extend([proto_cards(range(10 * k, 10 * k + 10)) for k in range(5)])
    for i in range(MAX_ROUND_ACTIONS):
        request.round.actions.add(seat=i % 5, play=malformed_cards(10))
    return request


def expect_listed(shown: list[error_details_pb2.BadRequest.FieldViolation], total: int, first: str) -> None:
    *listed, more = shown
    assert len(listed) == MAX_LISTED_VIOLATIONS and listed[0].field == first
    assert more.reason == ErrorReason.MORE_VIOLATIONS
    assert more.description == f"{total - MAX_LISTED_VIOLATIONS} more violations not listed, the first of them here"


CARD_FAULTS: dict[str, tuple[Callable[[], tuple[Any, str, Message]], int, str]] = {
    "Sâm SettleRound, 242 actions × 10 malformed cards": (
        lambda: (SAM, "SettleRound", malformed_record()),
        MAX_ROUND_ACTIONS * 10,
        "round.actions[0].play.cards[0]",
    ),
    "the same record as JSON": (
        lambda: (SAM, "SettleRound", from_json(malformed_record())),
        MAX_ROUND_ACTIONS * 10,
        "round.actions[0].play.cards[0]",
    ),
    "Liêng ScoreLieng, 1000 hands of 3 malformed cards": (
        lambda: (LIENG, "ScoreLieng", lieng_pb2.ScoreLiengRequest(hands=[malformed_cards(3)] * MAX_SCORED_HANDS)),
        MAX_SCORED_HANDS * 3,
        "hands[0].cards[0]",
    ),
    "Liêng ScoreLieng, 1000 empty hands (the core's hand check)": (
        lambda: (LIENG, "ScoreLieng", lieng_pb2.ScoreLiengRequest(hands=[cards_pb2.Cards()] * MAX_SCORED_HANDS)),
        MAX_SCORED_HANDS,
        "hands[0]",
    ),
    "Sâm ValidatePlay, 5 hands, the table and the play all malformed": (
        lambda: (
            SAM,
            "ValidatePlay",
            sam_loc_pb2.SamLocServiceValidatePlayRequest(
                state=sam_loc_pb2.SamTableState(
                    seats=[sam_loc_pb2.SamSeat(hand=malformed_cards(10)) for _ in range(5)],
                    current=malformed_cards(10),
                ),
            ),
        ),
        60,
        "state.seats[0].hand.cards[0]",
    ),
}


@pytest.mark.parametrize("name", list(CARD_FAULTS))
def test_only_the_listed_violations_are_built_and_translated(name: str) -> None:
    make, total, first = CARD_FAULTS[name]
    servicer, method, request = make()
    with counting() as work:
        shown = refused(servicer, method, request)
    expect_listed(shown, total, first)
    assert work.built <= BUILT, f"{work.built} violations built for {total} faults"
    assert work.translated <= BUILT, f"{work.translated} paths translated for {total} faults"


def test_faults_that_the_core_finds_in_each_action_are_translated_only_when_listed() -> None:
    """The core checks each action as it is built (a Sâm seat, a Liêng amount) and names its own one or two faults;
    only the listed ones are put at the request's path."""
    sam_record = malformed_record()
    for item in sam_record.round.actions:
        item.seat = -1
        item.play.CopyFrom(proto_cards([0]))
    lieng_record = lieng_pb2.LiengServiceSettleRoundRequest()
    lieng_record.round.stacks.extend([10**6] * 6)
    lieng_record.round.ante = 1
    for i in range(300):
        lieng_record.round.actions.add(seat=i % 6, kind=lieng_pb2.LIENG_ACTION_KIND_CALL, amount=-1)
    for servicer, request, actions, first in (
        (SAM, sam_record, MAX_ROUND_ACTIONS, "round.actions[0].seat"),
        (LIENG, lieng_record, 300, "round.actions[0].amount"),
    ):
        with counting() as work:
            shown = refused(servicer, "SettleRound", request)
        assert shown[0].field == first and len(shown) == MAX_LISTED_VIOLATIONS + 1
        assert work.translated <= BUILT
        assert work.built <= 2 * actions + 2 * BUILT  # the core's own, and the listed ones at their paths


def test_json_faults_are_counted_beyond_the_listed_ones() -> None:
    """The JSON reading names what json_format would refuse (here a misspelt key in every card) the same way."""
    body = json_format.MessageToJson(lieng_pb2.ScoreLiengRequest(hands=[proto_cards([0, 1, 2])] * 1000))
    body = body.replace('"suit"', '"suitt"')
    with counting() as work, pytest.raises(InvalidInput) as raised:
        json_mapping.parse_request(body.encode(), lieng_pb2.ScoreLiengRequest)
    assert len(raised.value.violations) + raised.value.unlisted == 3000
    assert work.built <= BUILT and work.translated == 0
