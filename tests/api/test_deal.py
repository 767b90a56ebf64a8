"""Both services' Deal (in process): the response is the core's deal field for field, bad input is INVALID_ARGUMENT
naming each field, and over JSON a ``bytes`` field is read only as whole base64 text (json_format alone would drop
characters outside the alphabet and deal from other bytes) and printed as json_format prints it, on both paths."""

from __future__ import annotations

import base64
import json
import random
from typing import Any

import grpc
import pytest
from google.protobuf.message import Message
from google.rpc import error_details_pb2, status_pb2

from cardrules.api import json_fast, json_mapping
from cardrules.api.cards import cards_to_proto
from cardrules.api.errors import outcome
from cardrules.api.json_gateway import read_request
from cardrules.api.lieng.service import LiengService
from cardrules.api.sam.service import SamLocService
from cardrules.core import fair_deal
from cardrules.core.errors import InvalidInput
from cardrules.v1 import lieng_pb2, sam_loc_pb2

SAM = (SamLocService(), sam_loc_pb2.SamLocServiceDealRequest, sam_loc_pb2.SamLocServiceDealResponse, fair_deal.SAM_LOC)  # type: ignore[abstract]
LIENG = (LiengService(), lieng_pb2.LiengServiceDealRequest, lieng_pb2.LiengServiceDealResponse, fair_deal.LIENG)  # type: ignore[abstract]
SEED = bytes(range(7, 39))


def deal(service: Any, request: Message) -> Message | grpc.Status:
    return outcome(type(service).Deal.__wrapped__, service, request)


def violations(answer: Message | grpc.Status) -> list[tuple[str, str]]:
    assert isinstance(answer, grpc.Status), answer
    assert answer.code == grpc.StatusCode.INVALID_ARGUMENT
    (details,) = [value for key, value in answer.trailing_metadata if key == "grpc-status-details-bin"]
    status = status_pb2.Status.FromString(details)
    bad = error_details_pb2.BadRequest()
    assert status.details[0].Unpack(bad)
    return [(v.field, v.reason) for v in bad.field_violations]


@pytest.mark.parametrize("game", [SAM, LIENG], ids=["sam_loc", "lieng"])
def test_the_response_is_the_cores_deal(game: Any) -> None:
    service, request_type, response_type, core_game = game
    rng = random.Random(4)
    for _ in range(50):
        seats = rng.randint(core_game.min_seats, core_game.max_seats)
        seed, client, nonce = (
            rng.randbytes(rng.randint(32, 256)),
            "người chơi " * rng.randint(0, 16),
            rng.randrange(2**63),
        )
        answer = deal(service, request_type(seat_count=seats, server_seed=seed, client_seed=client, nonce=nonce))
        dealt = fair_deal.deal(core_game, seats, seed, client, nonce)
        assert answer == response_type(
            hands=[{"cards": cards_to_proto(hand)} for hand in dealt.hands],
            undealt={"cards": cards_to_proto(dealt.undealt)},
            commitment=dealt.commitment,
            algorithm="cardrules-deal-v1",
        )


def test_the_same_inputs_deal_different_games_differently() -> None:
    sam = deal(SAM[0], SAM[1](seat_count=2, server_seed=SEED))
    lieng = deal(LIENG[0], LIENG[1](seat_count=2, server_seed=SEED))
    assert isinstance(sam, Message) and isinstance(lieng, Message)
    assert sam.hands[0].cards[:3] != lieng.hands[0].cards  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", [SAM, LIENG], ids=["sam_loc", "lieng"])
def test_bad_input_names_each_field(game: Any) -> None:
    service, request_type, _, core_game = game
    request = request_type(
        seat_count=core_game.max_seats + 1,
        server_seed=SEED[:31],
        client_seed="x" * 257,
        nonce=-1,
        algorithm="cardrules-deal-v9",
    )
    assert violations(deal(service, request)) == [
        ("seat_count", "WRONG_SEAT_COUNT"),
        ("server_seed", "WRONG_LENGTH"),
        ("client_seed", "WRONG_LENGTH"),
        ("nonce", "OUT_OF_RANGE"),
        ("algorithm", "UNKNOWN_ALGORITHM"),
    ]
    assert violations(deal(service, request_type(seat_count=1, server_seed=SEED))) == [
        ("seat_count", "WRONG_SEAT_COUNT")
    ]


@pytest.mark.parametrize(
    ("text", "data"),
    [
        ("", b""),
        ("AA==", b"\x00"),
        ("AA", b"\x00"),
        ("AAA=", b"\x00\x00"),
        ("+/+/", b"\xfb\xff\xbf"),
        ("-_-_", b"\xfb\xff\xbf"),
        (base64.b64encode(SEED).decode(), SEED),
        (base64.urlsafe_b64encode(SEED).decode().rstrip("="), SEED),
    ],
)
def test_base64_text_is_read_in_either_alphabet_padded_or_not(text: str, data: bytes) -> None:
    assert json_mapping.base64_bytes(text) == data
    body = json.dumps({"seatCount": 2, "serverSeed": text}).encode()
    assert read_request(body, sam_loc_pb2.SamLocServiceDealRequest).server_seed == data
    fast = json_fast.parse_request(body, sam_loc_pb2.SamLocServiceDealRequest)
    assert fast is not None and fast.server_seed == data


@pytest.mark.parametrize("value", ["!!!", "A", "AA=", "AAAA====", "AB=C", "a+_b", "seed seed", 5, True, [], {}])
def test_anything_else_is_invalid_value_naming_the_field(value: object) -> None:
    body = json.dumps({"seatCount": 2, "serverSeed": value}).encode()
    assert json_fast.parse_request(body, sam_loc_pb2.SamLocServiceDealRequest) is None
    with pytest.raises(InvalidInput) as raised:
        read_request(body, sam_loc_pb2.SamLocServiceDealRequest)
    assert [(v.field, v.reason) for v in raised.value.violations] == [("server_seed", "INVALID_VALUE")]


def test_both_json_paths_print_bytes_as_json_format_does() -> None:
    answer = deal(LIENG[0], LIENG[1](seat_count=6, server_seed=SEED, client_seed="x", nonce=3))
    assert isinstance(answer, Message)
    printed = json_fast.response_json(answer)
    assert json.loads(printed) == json.loads(json_mapping.response_json(answer))
    assert base64.b64decode(json.loads(printed)["commitment"]) == fair_deal.commitment(SEED)
