"""Trace context through the real Envoy front (the repository's template, local values) into a replica run with
``--tracing``: an HTTP/JSON call's ``traceparent`` reaches the server through the transcoder and the JSON gateway,
whose span continues it under the rules method's name; a gRPC call's too; and a browser page may send the trace
headers (CORS)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from cardrules.client import cards_message
from cardrules.v1 import lieng_pb2
from tests.deploy.local import EnvoyHandle, post, running_envoy
from tests.support.calls import raw_unary
from tests.support.otlp import Collector, collector
from tests.support.server_process import ServerHandle, new_channel, running_server

TRACE_ID = "0af7651916cd43dd8448eb211c80319c"
PARENT_ID = "b7ad6b7169203331"
TRACEPARENT = f"00-{TRACE_ID}-{PARENT_ID}-01"
SCORE = "/cardrules.v1.LiengService/ScoreLieng"
CARD = {"rank": "RANK_ACE", "suit": "SUIT_SPADES"}
BODY = {"hands": [{"cards": [CARD, {**CARD, "rank": "RANK_TWO"}, {**CARD, "rank": "RANK_THREE"}]}]}


@pytest.fixture(scope="module")
def spans() -> Iterator[Collector]:
    with collector() as received:
        yield received


@pytest.fixture(scope="module")
def server(spans: Collector) -> Iterator[ServerHandle]:
    with running_server(["--workers", "1"], env=spans.server_env()) as handle:
        yield handle


@pytest.fixture(scope="module")
def envoy(server: ServerHandle) -> Iterator[EnvoyHandle]:
    with running_envoy([server]) as handle:
        yield handle


def test_a_json_calls_traceparent_reaches_the_server_through_the_gateway(spans: Collector, envoy: EnvoyHandle) -> None:
    headers = {"content-type": "application/json", "traceparent": TRACEPARENT, "tracestate": "game=sam"}
    status, _headers, payload = post(envoy, SCORE, json.dumps(BODY), headers)
    assert status == 200, payload
    [span] = [span for span in spans.spans(1) if span.trace_id.hex() == TRACE_ID]
    assert span.parent_span_id.hex() == PARENT_ID
    assert span.name == "cardrules.v1.LiengService/ScoreLieng"  # the rules method the gateway carried
    assert span.trace_state == "game=sam"
    attributes = {a.key: a.value.string_value for a in span.attributes}
    assert attributes["cardrules.via"] == "/cardrules.gateway.v1.JsonGatewayService/Call"
    assert attributes["rpc.method"] == "ScoreLieng"


def test_a_grpc_calls_traceparent_reaches_the_server_through_envoy(spans: Collector, envoy: EnvoyHandle) -> None:
    trace_id = TRACE_ID[::-1]
    request = lieng_pb2.ScoreLiengRequest(hands=[cards_message("AS 2S 3S")]).SerializeToString()
    with new_channel(f"127.0.0.1:{envoy.port}") as channel:
        metadata = (("traceparent", f"00-{trace_id}-{PARENT_ID}-01"),)
        raw_unary(channel, SCORE)(request, metadata=metadata, timeout=30)
    [span] = [span for span in spans.spans(2) if span.trace_id.hex() == trace_id]
    assert span.parent_span_id.hex() == PARENT_ID and span.name == "cardrules.v1.LiengService/ScoreLieng"


def test_a_browser_page_may_send_the_trace_headers(envoy: EnvoyHandle) -> None:
    preflight = {
        "origin": "http://localhost:5173",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,traceparent,tracestate",
    }
    status, headers, _payload = post(envoy, SCORE, None, preflight, method="OPTIONS")
    assert status == 200
    allowed = {name.strip() for name in headers.get("access-control-allow-headers", "").split(",")}
    assert {"traceparent", "tracestate"} <= allowed
