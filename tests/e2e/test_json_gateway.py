"""The JSON gateway (cardrules.gateway.v1.JsonGatewayService), the way Envoy calls it for HTTP/JSON clients.

Through a real server: every vector's request as JSON gives exactly what the direct gRPC call gives (the response
as the proto3 JSON the transcoder printed, or the same error with the same details), and with its cards as card
text the same as with the canonical objects; misspelt fields, unknown enum
names and wrong value types are INVALID_ARGUMENT naming the field; an unknown method is UNIMPLEMENTED and computes
nothing; the fast printing (json_fast) agrees with the plain json_format path (json_mapping) on every vector
response (tests/api/test_json_fast.py checks the fast reading in-process).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from google.api import httpbody_pb2
from google.protobuf import json_format
from google.protobuf.message import Message
from google.rpc import error_details_pb2, status_pb2

from cardrules.api import json_fast, json_mapping
from cardrules.api.lieng.game import LIENG as LIENG_GAME
from cardrules.api.registry import GATEWAY
from cardrules.api.sam.game import SAM_LOC
from cardrules.core.cards import CARD_FORMAT
from cardrules.gateway.v1 import json_gateway_pb2
from tests.deploy.local import total_calls
from tests.support.calls import calls_total, metric_samples, status_details
from tests.support.card_text import FORMS, with_card_text
from tests.support.counting import settled
from tests.support.server_process import ServerHandle, new_channel, running_server
from tests.support.vectors import request_class, response_class, vector_cases

CALL = f"/{GATEWAY.full_name}/Call"
LIENG, SAM = LIENG_GAME.service, SAM_LOC.service


CASES = vector_cases()


@pytest.fixture(scope="module")
def server() -> Iterator[ServerHandle]:
    with running_server() as handle:
        yield handle


@pytest.fixture(scope="module")
def channel(server: ServerHandle) -> Iterator[grpc.Channel]:
    with new_channel(server.target) as channel:
        yield channel


def via_gateway(channel: grpc.Channel, service: str, method: str, body: bytes) -> httpbody_pb2.HttpBody:
    call = channel.unary_unary(
        CALL,
        request_serializer=json_gateway_pb2.CallRequest.SerializeToString,
        response_deserializer=httpbody_pb2.HttpBody.FromString,
    )
    request = json_gateway_pb2.CallRequest(
        service=service, method=method, body=httpbody_pb2.HttpBody(content_type="application/json", data=body)
    )
    answer: httpbody_pb2.HttpBody = call(request, timeout=30)
    return answer


def direct(channel: grpc.Channel, service: str, method: str, request: Message) -> Message:
    call = channel.unary_unary(
        f"/{service}/{method}",
        request_serializer=type(request).SerializeToString,
        response_deserializer=response_class(service, method).FromString,
    )
    answer: Message = call(request, timeout=30)
    return answer


def outcome(run: Any) -> tuple[str, Any]:
    """("ok", the answer) or ("error", (code, message, details bytes))."""
    try:
        return "ok", run()
    except grpc.RpcError as error:
        details = status_details(error)
        return "error", (error.code(), error.details(), details)


def violations(error: grpc.RpcError) -> list[tuple[str, str]]:
    details = status_details(error)
    assert details is not None
    status = status_pb2.Status.FromString(details)
    for detail in status.details:
        if detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            bad = error_details_pb2.BadRequest()
            detail.Unpack(bad)
            return [(v.field, v.reason) for v in bad.field_violations]
    return []


# --- through a real server --------------------------------------------------------------------------------------


def test_json_prints_strength_as_a_number_and_the_legal_action_bounds(channel: grpc.Channel) -> None:
    aces = [{"rank": "RANK_ACE", "suit": suit} for suit in ("SUIT_SPADES", "SUIT_HEARTS", "SUIT_CLUBS")]
    hand = json.dumps({"hands": [{"cards": aces}]}).encode()
    (score,) = json.loads(via_gateway(channel, LIENG.full_name, "ScoreLieng", hand).data)["scores"]
    assert isinstance(score["strength"], int)  # int32: a plain number, not an int64 string
    seats = [{"stack": 90, "committed": 10}, {"stack": 90, "committed": 10}]
    state = {"seats": seats, "ante": 10, "toAct": 0, "currentBet": 10}
    body = json.dumps({"state": state}).encode()
    legal = json.loads(via_gateway(channel, LIENG.full_name, "LegalMoves", body).data)["actions"]
    (raise_,) = [a for a in legal if a["kind"] == "LIENG_ACTION_KIND_RAISE"]
    assert (raise_["minTotal"], raise_["maxTotal"], raise_["minChipsAdded"], raise_["maxChipsAdded"]) == (
        "20",
        "100",
        "10",
        "90",
    )


def test_every_vector_through_the_gateway_answers_as_the_direct_call(channel: grpc.Channel) -> None:
    assert len(CASES) >= 200
    for name, case in CASES:
        service, method, body = case["service"], case["method"], json.dumps(case["request"]).encode()
        request = json_format.ParseDict(case["request"], request_class(service, method)())
        want = outcome(lambda: direct(channel, service, method, request))  # noqa: B023
        got = outcome(lambda: via_gateway(channel, service, method, body))  # noqa: B023
        assert got[0] == want[0], (name, got, want)
        if want[0] == "ok":
            assert got[1].content_type == "application/json", name
            printed = json_format.MessageToDict(want[1], always_print_fields_with_no_presence=True)
            assert json.loads(got[1].data) == printed, name
        else:
            assert got[1] == want[1], name


def test_every_vector_with_its_cards_as_card_text_answers_as_with_the_objects(channel: grpc.Channel) -> None:
    """Card text where cards go (one string per hand, a list of strings, strings inside the canonical object): the
    same answer, or the same error, as the canonical objects give; answers print cards as objects."""
    converted = 0
    for name, case in CASES:
        service, method = case["service"], case["method"]
        cls = request_class(service, method)
        texts = {form: with_card_text(case["request"], cls, form) for form in FORMS}
        if all(text == case["request"] for text in texts.values()):
            continue
        canonical = json.dumps(case["request"]).encode()
        want = outcome(lambda: via_gateway(channel, service, method, canonical))  # noqa: B023
        for form, text in texts.items():
            body = json.dumps(text, ensure_ascii=False).encode()
            got = outcome(lambda: via_gateway(channel, service, method, body))  # noqa: B023
            assert got == want, (name, form)
        converted += 1
    assert converted >= 100, converted


def test_malformed_card_text_is_invalid_argument_naming_the_card_with_the_format(channel: grpc.Channel) -> None:
    error = refused(channel, {"hands": ["AC AD AH", "KS QS 1S"]})
    assert error.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert violations(error) == [("hands[1].cards[2]", "MALFORMED_CARD")]
    assert 'bad card "1S"' in (error.details() or "") and CARD_FORMAT in (error.details() or "")


def refused(channel: grpc.Channel, body: dict[str, Any] | bytes, method: str = "ScoreLieng") -> grpc.RpcError:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    with pytest.raises(grpc.RpcError) as error:
        via_gateway(channel, LIENG.full_name, method, data)
    return error.value


HAND = {"cards": [{"rank": "RANK_ACE", "suit": "SUIT_SPADES"}, {"rank": "RANK_TWO", "suit": "SUIT_SPADES"}]}
THREE = {"cards": [*HAND["cards"], {"rank": "RANK_THREE", "suit": "SUIT_SPADES"}]}


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"hands": [THREE], "handz": []}, [("handz", "UNKNOWN_FIELD")]),
        ({"hands": [THREE], "houseRules": {"feeBpss": 5}}, [("house_rules.feeBpss", "UNKNOWN_FIELD")]),
        ({"hands": [THREE], "house_rules": {"a23": "LIENG_A23_HIGHEST"}}, [("house_rules.a23", "UNKNOWN_ENUM_VALUE")]),
        ({"hands": [THREE, {"cards": [{"rank": "ACE"}]}]}, [("hands[1].cards[0].rank", "UNKNOWN_ENUM_VALUE")]),
        ({"hands": [THREE], "houseRules": {"feeBps": "five"}}, [("house_rules.fee_bps", "INVALID_VALUE")]),
        ({"hands": [THREE], "houseRules": {"feeBps": 2**31}}, [("house_rules.fee_bps", "INVALID_VALUE")]),
        ({"hands": THREE}, [("hands", "INVALID_VALUE")]),
        # json_format would read these as 1 (or let a number beyond int32 through): an enum is a name or an int32.
        ({"hands": [{"cards": [{"rank": 1.5}]}]}, [("hands[0].cards[0].rank", "INVALID_VALUE")]),
        ({"hands": [THREE], "houseRules": {"a23": True}}, [("house_rules.a23", "INVALID_VALUE")]),
        ({"hands": [THREE], "houseRules": {"a23": 2**40}}, [("house_rules.a23", "INVALID_VALUE")]),
        ({"hands": [THREE], "houseRules": {"feeBps": 1, "fee_bps": 2}}, [("house_rules.fee_bps", "DUPLICATE_FIELD")]),
        # A key that is no field name is quoted: the path stays readable, and a lone surrogate (which no protobuf
        # string may hold) cannot break the error itself.
        ({"hands": [THREE], "": 1}, [('""', "UNKNOWN_FIELD")]),
        ({"hands": [THREE], "houseRules": {"\ud800": 1}}, [('house_rules."\\ud800"', "UNKNOWN_FIELD")]),
        ({"hands": [THREE], "a.b": 1}, [('"a.b"', "UNKNOWN_FIELD")]),
        (
            {"hands": [THREE, {"cards": [{"rank": "RANK_ACE", "suitt": "SUIT_SPADES"}]}], "x": 1},
            [("hands[1].cards[0].suitt", "UNKNOWN_FIELD"), ("x", "UNKNOWN_FIELD")],
        ),
    ],
)
def test_bad_json_is_invalid_argument_naming_the_field(
    channel: grpc.Channel, body: dict[str, Any], expected: list[tuple[str, str]]
) -> None:
    error = refused(channel, body)
    assert error.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert violations(error) == expected
    assert expected[0][0] in (error.details() or "")


@pytest.mark.parametrize("body", [b"", b"{", b"[]", b'"hands"', b"\xff\xfe{}", b"[" * 100_000])
def test_a_body_that_is_not_a_json_object_is_invalid_argument(channel: grpc.Channel, body: bytes) -> None:
    error = refused(channel, body)
    assert error.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "JSON" in (error.details() or "")


def test_the_bounds_and_rules_errors_are_the_methods_own(channel: grpc.Channel) -> None:
    body = {"hands": [HAND]}  # two cards: well-formed JSON, the core's own complaint
    error = refused(channel, body)
    request = json_format.ParseDict(body, request_class(LIENG.full_name, "ScoreLieng")())
    with pytest.raises(grpc.RpcError) as same:
        direct(channel, LIENG.full_name, "ScoreLieng", request)
    assert error.code() == same.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert violations(error) == violations(same.value) and violations(error)[0][0].startswith("hands[0]")


def test_an_unknown_method_is_unimplemented_and_computes_nothing(server: ServerHandle, channel: grpc.Channel) -> None:
    before = settled(lambda: total_calls(server))
    for service, method in [
        (LIENG.full_name, "NoSuchMethod"),
        ("cardrules.v1.NoSuchService", "ScoreLieng"),
        (GATEWAY.full_name, "Call"),  # the gateway does not call itself
        (SAM.full_name, "ScoreLieng"),
    ]:
        with pytest.raises(grpc.RpcError) as error:
            via_gateway(channel, service, method, b"{}")
        assert error.value.code() == grpc.StatusCode.UNIMPLEMENTED, (service, method)
    assert settled(lambda: total_calls(server)) - before == 4  # the four refused gateway calls themselves, nothing more


def test_a_json_call_is_logged_and_counted_as_the_call_it_carries(server: ServerHandle, channel: grpc.Channel) -> None:
    score = f"/{LIENG.full_name}/ScoreLieng"
    before = settled(lambda: calls_total(metric_samples(server), score, "OK"))
    via_gateway(channel, LIENG.full_name, "ScoreLieng", b'{"hands": [{"cards": [{"rank": 1, "suit": 1}, '
                b'{"rank": 1, "suit": 2}, {"rank": 1, "suit": 3}]}]}')  # fmt: skip
    assert settled(lambda: calls_total(metric_samples(server), score, "OK")) == before + 1
    server.wait_for_log(lambda r: r.get("method") == score and r.get("via") == CALL and r.get("code") == "OK")


def test_fast_printing_agrees_with_json_format_on_every_vector_response(channel: grpc.Channel) -> None:
    printed = 0
    for name, case in CASES:
        if "response" not in case["expect"]:
            continue
        service, method = case["service"], case["method"]
        request = json_format.ParseDict(case["request"], request_class(service, method)())
        response = direct(channel, service, method, request)
        fast = json_fast.response_json(response)
        assert json.loads(fast) == json.loads(json_mapping.response_json(response)), name
        # In the declaration order, as the transcoder printed it.
        fields = [field.json_name for field in response.DESCRIPTOR.fields]
        keys = list(json.loads(fast))
        assert keys == [key for key in fields if key in keys], name
        printed += 1
    assert printed >= 150
