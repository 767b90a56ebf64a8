"""HTTP/JSON through the real Envoy (the repository's template, local values): a misspelt or unknown field is
refused with 400 naming the field, not silently dropped (the transcoder hands the body to the server's strict JSON
gateway); valid bodies answer as before, cards as objects or as card text; a body of 20,000 hands is refused naming
its list; unknown methods and query parameters are refused at once; gRPC and
gRPC-Web still reach the rules services themselves, and the gateway cannot be called from outside.
"""

from __future__ import annotations

import json
import struct
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest

from cardrules.v1 import lieng_pb2
from tests.deploy.local import EnvoyHandle, post, replicas, rules_calls, running_envoy
from tests.support.calls import raw_unary
from tests.support.counting import settled
from tests.support.server_process import ServerHandle

SCORE = "/cardrules.v1.LiengService/ScoreLieng"
START_HAND = "/cardrules.v1.SamLocService/StartHand"
GATEWAY = "/cardrules.gateway.v1.JsonGatewayService/Call"
JSON = {"content-type": "application/json"}
CARD = {"rank": "RANK_ACE", "suit": "SUIT_SPADES"}
SCORE_BODY = {
    "hands": [
        {"cards": [CARD, {"rank": "RANK_TWO", "suit": "SUIT_SPADES"}, {"rank": "RANK_THREE", "suit": "SUIT_SPADES"}]}
    ]
}


def vector_request(file: str, method: str) -> dict[str, Any]:
    path = Path(__file__).resolve().parents[1] / "vectors" / file
    for case in json.loads(path.read_text())["cases"]:
        if case["method"] == method and "response" in case["expect"]:
            request: dict[str, Any] = case["request"]
            return request
    raise LookupError(f"no valid {method} case in {file}")


@pytest.fixture(scope="module")
def server() -> Iterator[ServerHandle]:
    with replicas(1) as (server,):
        yield server


@pytest.fixture(scope="module")
def envoy(server: ServerHandle) -> Iterator[EnvoyHandle]:
    with running_envoy([server]) as envoy:
        yield envoy


def call(envoy: EnvoyHandle, path: str, body: Any) -> tuple[int, Any]:
    status, _headers, payload = post(envoy, path, body if isinstance(body, str) else json.dumps(body), JSON)
    try:
        return status, json.loads(payload)
    except ValueError:
        return status, payload.decode(errors="replace")


def field_violations(answer: dict[str, Any]) -> list[tuple[str, str]]:
    for detail in answer["details"]:
        if detail["@type"].endswith("google.rpc.BadRequest"):
            return [(v["field"], v["reason"]) for v in detail["fieldViolations"]]
    return []


def test_a_valid_body_answers_in_the_transcoders_json_form(envoy: EnvoyHandle) -> None:
    status, answer = call(envoy, SCORE, SCORE_BODY)
    assert status == 200, answer
    (score,) = answer["scores"]
    # lowerCamelCase names, enums by name, int32 as a number, defaults printed (key 0), in declaration order.
    assert list(score) == ["tier", "key", "points", "label", "strength"]
    assert score["tier"] == "LIENG_TIER_LIENG" and isinstance(score["strength"], int) and score["key"] == 0
    status, answer = call(envoy, START_HAND, vector_request("sam_loc/flow.json", "StartHand"))
    assert status == 200 and "state" in answer, answer


@pytest.mark.parametrize(
    ("path", "body", "field", "reason"),
    [
        (SCORE, {**SCORE_BODY, "hand": []}, "hand", "UNKNOWN_FIELD"),
        (SCORE, {**SCORE_BODY, "houseRules": {"feeBpss": 500}}, "house_rules.feeBpss", "UNKNOWN_FIELD"),
        (SCORE, {**SCORE_BODY, "houseRules": {"a23": "LIENG_A23_HIGH"}}, "house_rules.a23", "UNKNOWN_ENUM_VALUE"),
        (SCORE, {**SCORE_BODY, "houseRules": {"feeBps": "5%"}}, "house_rules.fee_bps", "INVALID_VALUE"),
        (
            SCORE,
            {"hands": [{"cards": [{"rank": "RANK_ACE", "suit": True}]}]},
            "hands[0].cards[0].suit",
            "INVALID_VALUE",
        ),
    ],
)
def test_a_misspelt_field_or_a_bad_value_is_400_naming_the_field(
    envoy: EnvoyHandle, path: str, body: dict[str, Any], field: str, reason: str
) -> None:
    status, answer = call(envoy, path, body)
    assert status == 400, answer
    assert answer["code"] == 3 and field in answer["message"], answer
    assert field_violations(answer) == [(field, reason)]


def test_a_misspelt_sam_house_rule_switch_is_refused_not_dropped(envoy: EnvoyHandle) -> None:
    """The issue's own example: {"houseRules": {"chopPenaltyy": 5}} used to play with the default penalty."""
    request = vector_request("sam_loc/flow.json", "StartHand")
    status, answer = call(envoy, START_HAND, {**request, "houseRules": {"chopPenaltyy": 5}})
    assert status == 400, answer
    assert field_violations(answer) == [("house_rules.chopPenaltyy", "UNKNOWN_FIELD")]
    status, answer = call(envoy, START_HAND, {**request, "houseRules": {"chopPenalty": 5}})
    assert status == 200, answer


def test_card_text_is_read_by_the_gateway_as_the_objects(envoy: EnvoyHandle) -> None:
    """Envoy transcodes no rules method itself, so card text reaches the gateway like any JSON body: the same
    answer as the objects, and malformed text 400 naming the card."""
    canonical = call(envoy, SCORE, SCORE_BODY)
    for hand in (
        "AS 2S 3S",
        "as,2s,3s",
        ["A♠", "2S", {"rank": "RANK_THREE", "suit": "SUIT_SPADES"}],
        {"cards": ["AS", "2S", "3S"]},
    ):
        assert call(envoy, SCORE, {"hands": [hand]}) == canonical, hand
    status, answer = call(envoy, SCORE, {"hands": ["AS 2S 3X"]})
    assert status == 400 and field_violations(answer) == [("hands[0].cards[2]", "MALFORMED_CARD")], answer


def test_a_body_of_20000_hands_under_the_body_limit_is_400_naming_the_list(envoy: EnvoyHandle) -> None:
    body = json.dumps({"hands": [{"cards": []}] * 20_000}, separators=(",", ":"))
    assert len(body) < 255 * 1024  # within Envoy's body limit: it reaches the server, which refuses it at once
    status, answer = call(envoy, SCORE, body)
    assert status == 400 and field_violations(answer) == [("hands", "WRONG_HAND_COUNT")], answer


def test_a_body_that_is_not_json_is_400(envoy: EnvoyHandle) -> None:
    status, answer = call(envoy, SCORE, "{not json")
    assert status == 400 and answer["code"] == 3 and "JSON" in answer["message"], answer


def test_unknown_methods_query_parameters_and_the_gateway_itself_are_refused_at_once(
    envoy: EnvoyHandle, server: ServerHandle
) -> None:
    before = settled(lambda: rules_calls(server))
    assert call(envoy, "/cardrules.v1.LiengService/NoSuchMethod", SCORE_BODY)[0] == 404
    assert call(envoy, "/cardrules.v1.SamLocService/ScoreLieng", SCORE_BODY)[0] == 404  # another service's method
    assert call(envoy, GATEWAY, {"service": "cardrules.v1.LiengService", "method": "ScoreLieng"})[0] == 404
    # ?method=CompareHands would otherwise be bound to the gateway's own field and call another method.
    status, answer = call(envoy, SCORE + "?method=CompareHands", SCORE_BODY)
    assert status == 400 and "query parameters" in answer, answer
    with grpc.insecure_channel(envoy.target) as channel, pytest.raises(grpc.RpcError) as refused:
        raw_unary(channel, GATEWAY)(b"", timeout=10)
    assert refused.value.code() == grpc.StatusCode.UNIMPLEMENTED
    assert settled(lambda: rules_calls(server)) == before, "a refused call reached the server"


def test_grpc_and_grpc_web_still_reach_the_rules_services_and_json_the_gateway(
    envoy: EnvoyHandle, server: ServerHandle
) -> None:
    before = settled(lambda: rules_calls(server))
    request = lieng_pb2.ScoreLiengRequest()
    assert call(envoy, SCORE, SCORE_BODY)[0] == 200
    with grpc.insecure_channel(envoy.target) as channel:
        raw = raw_unary(channel, SCORE)
        request.hands.add().cards.add(rank=1, suit=1)
        for rank in (2, 3):
            request.hands[0].cards.add(rank=rank, suit=1)
        reply = lieng_pb2.ScoreLiengResponse.FromString(raw(request.SerializeToString(), timeout=10))
    assert reply.scores[0].tier == lieng_pb2.LIENG_TIER_LIENG
    message = request.SerializeToString()
    web = b"\x00" + struct.pack(">I", len(message)) + message
    status, _headers, _payload = post(
        envoy, SCORE, web, {"content-type": "application/grpc-web+proto", "x-grpc-web": "1"}
    )
    assert status == 200
    after = settled(lambda: rules_calls(server))
    grew = {method: after[method] - before.get(method, 0.0) for method in after if after[method] != before.get(method)}
    assert grew == {SCORE: 3.0}, grew  # a JSON call is counted as the call it carries
    # ... and its log line says it came through the gateway; the gRPC and gRPC-Web ones went straight in.
    lines = [r for r in server.logs() if r.get("event") == "rpc" and r.get("method") == SCORE]
    assert [r.get("via") for r in lines[-3:]] == [GATEWAY, None, None], lines[-3:]


def test_the_access_log_names_the_clients_path(envoy: EnvoyHandle) -> None:
    """Not the gateway's path the transcoder rewrote it to: the log says which rules method a JSON client called."""
    assert call(envoy, SCORE, SCORE_BODY)[0] == 200
    deadline = time.monotonic() + 10
    while not (answered := [line for line in envoy.access_log() if line["upstream"] not in ("", "-")]):
        assert time.monotonic() < deadline, "no access-log line"
        time.sleep(0.2)
    paths = {line["path"] for line in answered}
    assert SCORE in paths and GATEWAY not in paths, answered
