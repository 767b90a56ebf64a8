"""Proven on one machine: three replicas on loopback, calls spread over all of them
(a) by the Python SDK's client-side round_robin and (b) by Envoy with the repository's own config, over gRPC,
gRPC-Web and HTTP/JSON. The spread is read from each replica's own Prometheus metrics."""

from __future__ import annotations

import http.client
import json
import struct
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from google.protobuf import json_format

from cardrules.client import LiengClient, connect
from cardrules.client.cards import hands as parse_hands
from cardrules.v1 import lieng_pb2
from tests.deploy.local import EnvoyHandle, replicas, running_envoy, static_target, total_calls
from tests.support.server_process import ServerHandle

CALLS = 60  # per kind of call; 20 per replica when perfectly balanced
HANDS = ["AC AD AH", "KS AD 2H", "2S 3H 4D"]
ORIGIN = "https://play.example.com"


@pytest.fixture(scope="module")
def servers() -> Iterator[list[ServerHandle]]:
    with replicas(3) as started:
        yield started


@pytest.fixture(scope="module")
def envoy(servers: list[ServerHandle]) -> Iterator[EnvoyHandle]:
    with running_envoy(servers) as handle:
        yield handle


def spread(servers: list[ServerHandle], before: list[int]) -> list[int]:
    return [total_calls(server) - start for server, start in zip(servers, before, strict=True)]


def assert_spread(counts: list[int], calls: int, what: str) -> None:
    print(f"{what}: {calls} calls -> per replica {counts}")
    assert sum(counts) == calls, f"{what}: replicas counted {counts}, expected {calls} in all"
    # Round robin gives each of 3 replicas a third; allow for the first picks before every connection is up.
    assert min(counts) >= calls // 6, f"{what}: uneven spread {counts}"


def test_client_side_round_robin_spreads_calls(servers: list[ServerHandle]) -> None:
    channel = connect(static_target(servers), load_balancing="round_robin", retry=True)
    try:
        grpc.channel_ready_future(channel).result(timeout=10)
        client = LiengClient(channel, timeout=5)
        expected = client.score_lieng(hands=HANDS)
        before = [total_calls(server) for server in servers]
        for _ in range(CALLS):
            assert client.score_lieng(hands=HANDS) == expected
        assert_spread(spread(servers, before), CALLS, "SDK round_robin")
    finally:
        channel.close()


def test_pick_first_does_not_spread(servers: list[ServerHandle]) -> None:
    """The control: without round_robin one connection carries every call (why the headless Service needs it)."""
    channel = connect(static_target(servers), load_balancing="pick_first")
    try:
        client = LiengClient(channel, timeout=5)
        before = [total_calls(server) for server in servers]
        for _ in range(12):
            client.score_lieng(hands=HANDS)
        counts = spread(servers, before)
        assert sorted(counts) == [0, 0, 12], counts
    finally:
        channel.close()


def test_envoy_grpc_spreads_per_call(servers: list[ServerHandle], envoy: EnvoyHandle) -> None:
    # pick_first: one HTTP/2 connection to Envoy; Envoy still balances every call.
    channel = connect(envoy.target, load_balancing="pick_first", retry=True)
    try:
        client = LiengClient(channel, timeout=5)
        expected = client.score_lieng(hands=HANDS)
        before = [total_calls(server) for server in servers]
        for _ in range(CALLS):
            assert client.score_lieng(hands=HANDS) == expected
        assert_spread(spread(servers, before), CALLS, "Envoy gRPC")
    finally:
        channel.close()


def grpc_web_call(envoy: EnvoyHandle, path: str, request: bytes) -> tuple[bytes, dict[str, str], dict[str, str]]:
    """One gRPC-Web call over HTTP/1.1, as a browser makes it: the message, the trailers, the HTTP headers."""
    connection = http.client.HTTPConnection("127.0.0.1", envoy.port, timeout=10)
    try:
        body = b"\x00" + struct.pack(">I", len(request)) + request
        headers = {"content-type": "application/grpc-web+proto", "x-grpc-web": "1", "origin": ORIGIN}
        connection.request("POST", path, body=body, headers=headers)
        response = connection.getresponse()
        payload = response.read()
        assert response.status == 200, (response.status, payload)
        response_headers = {key.lower(): value for key, value in response.getheaders()}
    finally:
        connection.close()
    message, trailers, offset = b"", {}, 0
    while offset < len(payload):
        flag, length = payload[offset], struct.unpack(">I", payload[offset + 1 : offset + 5])[0]
        chunk = payload[offset + 5 : offset + 5 + length]
        offset += 5 + length
        if flag & 0x80:
            for line in chunk.decode().strip().split("\r\n"):
                key, _, value = line.partition(":")
                trailers[key.strip().lower()] = value.strip()
        else:
            message = chunk
    return message, trailers, response_headers


def test_envoy_grpc_web_spreads_per_call(servers: list[ServerHandle], envoy: EnvoyHandle) -> None:
    request = lieng_pb2.CompareHandsRequest(hands=parse_hands(HANDS))
    path = "/cardrules.v1.LiengService/CompareHands"
    before = [total_calls(server) for server in servers]
    answers = set()
    for _ in range(CALLS):
        message, trailers, headers = grpc_web_call(envoy, path, request.SerializeToString())
        assert trailers.get("grpc-status") == "0", trailers
        answers.add(lieng_pb2.CompareHandsResponse.FromString(message).SerializeToString(deterministic=True))
        assert headers.get("access-control-allow-origin") in ("*", ORIGIN), headers
    assert len(answers) == 1
    assert_spread(spread(servers, before), CALLS, "Envoy gRPC-Web")


def json_call(envoy: EnvoyHandle, path: str, body: dict[str, object]) -> tuple[int, dict[str, Any], dict[str, str]]:
    connection = http.client.HTTPConnection("127.0.0.1", envoy.port, timeout=10)
    try:
        connection.request(
            "POST", path, body=json.dumps(body), headers={"content-type": "application/json", "origin": ORIGIN}
        )
        response = connection.getresponse()
        text = response.read().decode()
        headers = {key.lower(): value for key, value in response.getheaders()}
        return response.status, (json.loads(text) if text else {}), headers
    finally:
        connection.close()


def test_envoy_json_transcoding_spreads_per_call(servers: list[ServerHandle], envoy: EnvoyHandle) -> None:
    request = lieng_pb2.ScoreLiengRequest(hands=parse_hands(HANDS))
    body = json_format.MessageToDict(request)
    direct = LiengClient(connect(servers[0].target), timeout=5).score_lieng(hands=HANDS)
    before = [total_calls(server) for server in servers]
    for _ in range(CALLS):
        status, answer, headers = json_call(envoy, "/cardrules.v1.LiengService/ScoreLieng", body)
        assert status == 200, answer
        assert headers["content-type"].startswith("application/json")
        parsed = json_format.ParseDict(answer, lieng_pb2.ScoreLiengResponse())
        assert parsed == direct
    assert_spread(spread(servers, before), CALLS, "Envoy HTTP/JSON")
    assert answer["scores"][0]["label"]["en"] == direct.scores[0].label.en  # camelCase proto3 JSON


def test_envoy_json_bad_input_is_a_client_error(envoy: EnvoyHandle) -> None:
    status, answer, _headers = json_call(
        envoy, "/cardrules.v1.LiengService/ScoreLieng", {"hands": [{"cards": [{"rank": "RANK_ACE"}]}]}
    )
    assert status == 400, (status, answer)
    assert answer.get("code") == grpc.StatusCode.INVALID_ARGUMENT.value[0], answer
    print("JSON error body:", json.dumps(answer)[:400])
    (violation,) = answer["details"][0]["fieldViolations"]  # google.rpc.BadRequest, as JSON
    assert violation["field"] == "hands[0].cards[0]"


def test_envoy_answers_cors_preflight(envoy: EnvoyHandle) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", envoy.port, timeout=10)
    try:
        connection.request(
            "OPTIONS",
            "/cardrules.v1.LiengService/ScoreLieng",
            headers={
                "origin": ORIGIN,
                "access-control-request-method": "POST",
                "access-control-request-headers": "content-type,x-grpc-web,x-user-agent",
            },
        )
        response = connection.getresponse()
        response.read()
        headers = {key.lower(): value for key, value in response.getheaders()}
    finally:
        connection.close()
    assert response.status in (200, 204), response.status
    assert headers["access-control-allow-origin"] in ("*", ORIGIN)
    allowed = {h.strip() for h in headers["access-control-allow-headers"].split(",")}
    assert {"content-type", "x-grpc-web", "x-user-agent"} <= allowed
    assert "POST" in headers["access-control-allow-methods"]


def test_envoy_health_listener(envoy: EnvoyHandle) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", envoy.health_port, timeout=5)
    try:
        connection.request("GET", "/healthz")
        response = connection.getresponse()
        response.read()
    finally:
        connection.close()
    assert response.status == 200
