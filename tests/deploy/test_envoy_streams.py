"""The multiplexed Stream (issue #14) through the Envoy front, with the repository's config and the real Envoy.

A Stream is one long gRPC call carrying many calls, so the front must not treat it like one: no 10 s route timeout,
no 30 s limit, no buffering of the request body, no retries (the SDKs re-send what a stream leaves unanswered). The
settings are read from the shipped configs (no test waits out a timeout); the real Envoy then carries every shared
vector on one stream per service, answers interleaved with requests; ends streams at the configured duration (made
short here) without the SDK losing a call; refuses Stream to gRPC-Web and JSON callers with a clear status; and,
drained like its preStop hook drains it, ends its streams so that an SDK re-sending their calls loses none.
"""

from __future__ import annotations

import json
import re
import signal
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import grpc
import pytest
import yaml

from cardrules.client.cards import hands as parse_hands
from cardrules.v1 import lieng_pb2
from tests.deploy.load import Load, sdk_stream_scores
from tests.deploy.local import EnvoyHandle, post, replicas, running_envoy
from tests.deploy.support import DEPLOY, OVERLAYS, rendered_envoy_config
from tests.support.calls import metric_samples
from tests.support.server_process import ServerHandle
from tests.support.streams import LIENG, SAM, answer_of, same, stream_message, unary_outcome, vector_calls

STREAMS = ("/cardrules.v1.SamLocService/Stream", "/cardrules.v1.LiengService/Stream")
UNARY = ("/cardrules.v1.LiengService/ScoreLieng", "/cardrules.v1.SamLocService/ValidatePlay")
# Envoy's buffer filter holds at most this much of a request (max_request_bytes): each stream carries every vector of
# its service as many times as it takes to send more, so a stream held by the filter would be refused (413).
BUFFER_LIMIT = 261120
PROMPT_LOG = ("--file-flush-interval-msec", "200")  # Envoy writes its access log every 10 s by default


def public_manager(config: dict[str, Any]) -> dict[str, Any]:
    (listener,) = [item for item in config["static_resources"]["listeners"] if item["name"] == "public"]
    manager: dict[str, Any] = listener["filter_chains"][0]["filters"][0]["typed_config"]
    return manager


def routes(config: dict[str, Any]) -> list[dict[str, Any]]:
    (host,) = public_manager(config)["route_config"]["virtual_hosts"]
    found: list[dict[str, Any]] = host["routes"]
    return found


def content_type_regex(route: dict[str, Any]) -> re.Pattern[str]:
    (header,) = route["match"]["headers"]
    assert header["name"] == "content-type"
    return re.compile(header["string_match"]["safe_regex"]["regex"])


def seconds(duration: str) -> float:
    assert duration.endswith("s"), duration
    return float(duration.removesuffix("s"))


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_stream_route_lets_streams_live_and_unary_calls_stay_bounded(overlay: str) -> None:
    config = yaml.safe_load(rendered_envoy_config(overlay).read_text())
    values = yaml.safe_load((DEPLOY / "envoy" / "values" / f"{overlay}.yaml").read_text())
    all_routes = routes(config)
    forwarded = [r for r in all_routes if r.get("route", {}).get("cluster") == "cardrules"]
    (stream,) = [r for r in forwarded if "Stream" in r["match"].get("safe_regex", {}).get("regex", "")]
    path = re.compile(stream["match"]["safe_regex"]["regex"])
    assert all(path.fullmatch(p) for p in STREAMS) and not any(path.fullmatch(p) for p in UNARY)
    grpc_types = content_type_regex(stream)
    assert grpc_types.fullmatch("application/grpc") and grpc_types.fullmatch("application/grpc+proto")
    assert not grpc_types.fullmatch("application/grpc-web+proto") and not grpc_types.fullmatch("application/json")
    # Before the catch-all gRPC route, which would hold a stream to the 10 s call ceiling and retry it.
    assert all_routes.index(stream) < all_routes.index(next(r for r in forwarded if "retry_policy" in r["route"]))

    route = stream["route"]
    assert route["timeout"] == "0s", "a route timeout would cut every stream"
    assert "retry_policy" not in route, "Envoy cannot replay a stream: the SDKs re-send its unanswered calls"
    lifetime = route["max_stream_duration"]
    assert lifetime["max_stream_duration"] == lifetime["grpc_timeout_header_max"] == values["stream_max_duration"]
    # Long enough that reopening costs nothing measurable, short enough that a scale-up is used within minutes.
    assert 60 <= seconds(values["stream_max_duration"]) <= 1800
    assert route["idle_timeout"] == values["stream_idle_timeout"] and seconds(route["idle_timeout"]) >= 30
    filters = stream["typed_per_filter_config"]
    assert filters["envoy.filters.http.buffer"]["disabled"] is True, "buffered, no message passes before the end"
    assert filters["envoy.filters.http.grpc_json_transcoder"]["disabled"] is True
    assert filters["envoy.filters.http.jwt_authn"]["requirement_name"] == "players", "the same token as any call"

    # Unary calls keep their bounds: 30 s from start to end for every request (request_timeout could not be lifted
    # for the stream route), the 10 s call ceiling, 30 s without a byte.
    manager = public_manager(config)
    assert "request_timeout" not in manager
    assert manager["common_http_protocol_options"]["max_stream_duration"] == "30s"
    assert manager["stream_idle_timeout"] == "30s"
    for other in forwarded:
        if other is not stream:
            assert "max_stream_duration" not in other["route"].get("max_stream_duration", {}), other["match"]
            assert "idle_timeout" not in other["route"], other["match"]
            assert seconds(other["route"]["timeout"]) <= 10, other["match"]


def stream_messages(server: ServerHandle) -> float:
    """Messages the replica answered on streams, from its own metrics."""
    return sum(
        value
        for (name, labels), value in metric_samples(server).items()
        if name == "cardrules_rpc_calls_total" and ("transport", "stream") in labels
    )


def stream_log(envoy: EnvoyHandle, settled: Callable[[list[dict[str, Any]]], bool]) -> list[dict[str, Any]]:
    """Envoy's access-log lines of Stream calls, once ``settled`` holds for them (Envoy writes a line when a call
    ends and flushes its log about once a second)."""
    deadline = time.monotonic() + 30
    while True:
        try:
            lines = [line for line in envoy.access_log() if line.get("path") in STREAMS]
        except ValueError:  # a line being written
            lines = []
        if settled(lines):
            return lines
        assert time.monotonic() < deadline, f"Envoy's access log never settled: {lines}"
        time.sleep(0.1)


@pytest.fixture(scope="module")
def front() -> Iterator[tuple[ServerHandle, EnvoyHandle]]:
    """One replica behind the local Envoy, shared by the tests that only count what they send themselves."""
    with replicas(1) as servers, running_envoy(servers, args=PROMPT_LOG) as envoy:
        yield servers[0], envoy


def test_every_vector_on_one_stream_per_service_through_envoy_as_unary(front: tuple[ServerHandle, EnvoyHandle]) -> None:
    server, envoy = front
    calls = vector_calls()
    before = stream_messages(server)
    with grpc.insecure_channel(envoy.target) as channel:
        sent = 0
        for service in (SAM, LIENG):
            theirs = [call for call in calls if call.service is service]
            expected = {
                call.name: unary_outcome(channel, service, call.method.name, call.request.SerializeToString())
                for call in theirs
            }
            one_pass = sum(len(call.request.SerializeToString()) for call in theirs)
            mine = theirs * (1 + BUFFER_LIMIT // one_pass)
            messages = [stream_message(service, number, call.request) for number, call in enumerate(mine, 1)]
            assert sum(map(len, messages)) > BUFFER_LIMIT, "more than the buffer filter would hold"
            stream: Any = channel.stream_stream(f"/{service.full_name}/Stream")
            responses = stream(iter(messages), timeout=120)
            answers = [answer_of(service, data) for data in responses]
            assert responses.code() == grpc.StatusCode.OK, responses.details()
            assert [number for number, _ in answers] == list(range(1, len(mine) + 1)), "answered in order"
            for (_number, outcome), call in zip(answers, mine, strict=True):
                assert same(outcome, expected[call.name]), call.name
            sent += len(messages)
    assert stream_messages(server) - before == sent, "every message answered by the replica, on a stream"
    stream_log(
        envoy, lambda lines: sum(line["grpc_status"] == 0 and line["upstream"] is not None for line in lines) >= 2
    )


def test_answers_come_back_while_the_stream_is_open(front: tuple[ServerHandle, EnvoyHandle]) -> None:
    """Ping-pong: each message is sent only after the previous answer arrived, so nothing in Envoy may wait for the
    client to finish sending (a buffered stream would end at its deadline with no answer)."""
    request = lieng_pb2.ScoreLiengRequest(hands=parse_hands(["AC AD AH"]))
    answered = threading.Event()

    def ping_pong() -> Iterator[lieng_pb2.LiengServiceStreamRequest]:
        for number in range(1, 21):
            yield lieng_pb2.LiengServiceStreamRequest(id=number, score_lieng=request)
            if not answered.wait(timeout=30):
                return
            answered.clear()

    _server, envoy = front
    with grpc.insecure_channel(envoy.target) as channel:
        stream = channel.stream_stream(
            "/cardrules.v1.LiengService/Stream",
            request_serializer=lieng_pb2.LiengServiceStreamRequest.SerializeToString,
            response_deserializer=lieng_pb2.LiengServiceStreamResponse.FromString,
        )
        responses = stream(ping_pong(), timeout=60)
        numbers = []
        for answer in responses:
            numbers.append(answer.id)
            assert answer.WhichOneof("result") in ("score_lieng", "error")
            answered.set()
        assert responses.code() == grpc.StatusCode.OK, responses.details()
        assert numbers == list(range(1, 21))


def test_grpc_web_and_json_callers_are_told_stream_needs_an_http2_grpc_client(
    front: tuple[ServerHandle, EnvoyHandle],
) -> None:
    server, envoy = front
    before = stream_messages(server)
    for path in STREAMS:
        for content_type in ("application/grpc-web+proto", "application/grpc-web-text"):
            status, headers, _ = post(envoy, path, b"\0\0\0\0\0", {"content-type": content_type, "x-grpc-web": "1"})
            assert (status, headers["grpc-status"]) == (200, "12"), headers  # UNIMPLEMENTED, trailers-only
            assert "HTTP/2 gRPC client" in headers["grpc-message"]
        status, headers, body = post(envoy, path, b"{}", {"content-type": "application/json"})
        assert (status, headers["content-type"]) == (501, "application/json")
        answer = json.loads(body)
        assert answer["code"] == 12 and "HTTP/2 gRPC client" in answer["message"]
    assert stream_messages(server) == before, "nothing reached the replica"
    refused = stream_log(envoy, lambda lines: sum(line["details"] == "direct_response" for line in lines) >= 6)
    assert all(line["upstream"] is None for line in refused if line["details"] == "direct_response")


@pytest.mark.slow
def test_streams_envoy_ends_at_their_maximum_duration_lose_no_call() -> None:
    """The configured lifetime, shortened to 2 s: the SDK's streams are ended under load again and again (with calls
    in flight on them) and it re-sends their unanswered calls on new streams."""
    lifetime = {"stream_max_duration": "2s"}
    with (
        replicas(2, args=("--log-level", "warning")) as servers,
        running_envoy(servers, values=lifetime, args=PROMPT_LOG) as envoy,
        sdk_stream_scores(envoy.target, streams=2) as call,
        Load(call, threads=4) as load,
    ):
        ended = stream_log(envoy, lambda lines: sum(line["details"] == "max_duration_timeout" for line in lines) >= 6)
        load.wait_for(100, timeout=60)
        assert all(stream_messages(server) > 0 for server in servers)
    assert load.failures == [], f"{len(load.failures)} failed of {load.calls()}: {load.failures[:5]}"
    assert {line["upstream"] for line in ended} >= {server.target for server in servers}, "streams on both replicas"


def counter(envoy: EnvoyHandle, name: str) -> int:
    text = envoy.admin(f"/stats?filter=^{re.escape(name)}$")
    return sum(int(line.partition(": ")[2]) for line in text.splitlines() if line.startswith(f"{name}: "))


def admin_post(envoy: EnvoyHandle, path: str) -> None:
    request = urllib.request.Request(f"http://127.0.0.1:{envoy.admin_port}{path}", method="POST")
    with urllib.request.urlopen(request, timeout=5) as response:
        assert response.status == 200, path


def wait_until(condition: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"never happened: {what}"
        time.sleep(0.05)


@pytest.mark.slow
def test_a_draining_envoy_ends_its_streams_and_the_sdk_loses_no_call() -> None:
    """Two Envoys (as the Envoy Service's endpoints) in front of two replicas; the SDK's streams go to both. One Envoy
    is drained as its preStop hook drains it (health check failed, listeners drained gracefully: GOAWAY) and then
    gets SIGTERM while its streams are still open: they end with calls in flight, which the SDK re-sends on new
    streams, all to the other Envoy."""
    drain = ["--drain-time-s", "2", "--drain-strategy", "gradual"]
    with (
        replicas(2, args=("--log-level", "warning")) as servers,
        running_envoy(servers, args=drain) as leaving,
        running_envoy(servers, args=drain) as staying,
    ):
        upstream = "cluster.cardrules.upstream_rq_total"
        target = f"ipv4:{leaving.target},{staying.target}"
        with (
            sdk_stream_scores(target, streams=4, load_balancing="round_robin") as call,
            Load(call, threads=4) as load,
        ):
            load.wait_for(200, timeout=60)
            assert counter(leaving, upstream) > 0 and counter(staying, upstream) > 0, "streams through both Envoys"
            admin_post(leaving, "/healthcheck/fail")
            admin_post(leaving, "/drain_listeners?graceful")
            load.wait_for(200, timeout=60)
            open_streams = counter(leaving, "http.public.downstream_rq_active")
            leaving.process.send_signal(signal.SIGTERM)  # streams still open on it: cut with calls in flight
            leaving.process.wait(timeout=30)
            load.wait_for(300, timeout=60)
        assert load.failures == [], f"{len(load.failures)} failed of {load.calls()}: {load.failures[:5]}"
        assert open_streams > 0, "no stream was left open on the draining Envoy for its exit to cut"
        after = counter(staying, upstream)
        assert after > 0
