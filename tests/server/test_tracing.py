"""OpenTelemetry tracing in the server (``--tracing``, cardrules.server.tracing).

Most tests run the real server with the real services in this process, its spans going to an in-memory exporter,
and call it over a real connection: a call continuing a ``traceparent`` gets a server span that is its child; a
Python SDK call instrumented with opentelemetry-instrumentation-grpc joins its client span to the server's; a
``Stream`` of N messages makes N message spans under the stream's span; without a context a new trace starts only
when the sampler says so; no attribute holds a card, a seed or a token. One test runs the server as a process with
``--tracing`` exporting over OTLP/gRPC to a collector in the test, and reads its log lines' trace ids; one proves
that with tracing off the server never imports OpenTelemetry.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from opentelemetry.instrumentation.grpc import client_interceptor
from opentelemetry.instrumentation.grpc.grpcext import intercept_channel
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind

from cardrules.api import registry
from cardrules.client import InvalidArgumentError, LiengClient, SamLocClient, cards_message, connect
from cardrules.server.app import RunningServer, start_server
from cardrules.server.config import Config
from cardrules.server.tracing import Tracing, tracer_provider
from cardrules.v1 import lieng_pb2, sam_loc_pb2
from tests.support.auth import new_token, write_tokens
from tests.support.calls import raw_stream, raw_unary
from tests.support.otlp import collector
from tests.support.server_process import REPO_ROOT, new_channel, running_server
from tests.support.streams import LIENG, answer_of, stream_message

WAIT_SECONDS = 30.0  # the longest any test waits for the server (never a timing assertion)
TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
PARENT_ID = "00f067aa0ba902b7"
TRACEPARENT = f"00-{TRACE_ID}-{PARENT_ID}-01"  # sampled
TRACED: tuple[tuple[str, str | bytes], ...] = (("traceparent", TRACEPARENT),)
SCORE = "/cardrules.v1.LiengService/ScoreLieng"
HANDS = ["AC AD AH", "KS QS JS"]
SERVER_SEED = bytes(range(32))
CLIENT_SEED = "players-seed-5f2c9a1e"


class Traced:
    """The real server in this process (on a thread with its own loop), its spans in ``exporter``."""

    def __init__(self, config: Config) -> None:
        self.exporter = InMemorySpanExporter()
        provider = tracer_provider()
        provider.add_span_processor(SimpleSpanProcessor(self.exporter))
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()
        starting = start_server(config, registry.bindings(), None, Tracing(provider))
        self.running: RunningServer = self.run(starting)
        self.target = f"127.0.0.1:{self.running.port}"

    def run(self, coroutine: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=WAIT_SECONDS)

    def spans(self, count: int | None = None) -> list[ReadableSpan]:
        """The spans finished so far; with ``count``, once that many are (a refused call's client can see its
        status, sent by ``context.abort``, just before the server's span ends)."""
        deadline = time.monotonic() + WAIT_SECONDS
        while count is not None and len(self.exporter.get_finished_spans()) < count and time.monotonic() < deadline:
            time.sleep(0.01)
        return list(self.exporter.get_finished_spans())

    def close(self) -> None:
        self.run(self.running.stop(0))
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=WAIT_SECONDS)
        self.loop.close()


@contextlib.contextmanager
def traced_server(**settings: Any) -> Iterator[Traced]:
    server = Traced(Config(host="127.0.0.1", port=0, metrics_port=0, tracing=True, **settings))
    try:
        yield server
    finally:
        server.close()


@pytest.fixture(scope="module")
def server() -> Iterator[Traced]:
    with traced_server() as running:
        yield running


@pytest.fixture
def exporter(server: Traced) -> InMemorySpanExporter:
    server.exporter.clear()
    return server.exporter


def _score_request() -> bytes:
    return lieng_pb2.ScoreLiengRequest(hands=[cards_message(hand) for hand in HANDS]).SerializeToString()


def _attribute(span: ReadableSpan, key: str) -> Any:
    return dict(span.attributes or {}).get(key)


def _hex(number: int, width: int) -> str:
    return format(number, f"0{width}x")


def test_a_call_with_a_traceparent_gets_a_server_span_that_is_its_child(
    server: Traced, exporter: InMemorySpanExporter
) -> None:
    with new_channel(server.target) as channel:
        raw_unary(channel, SCORE)(_score_request(), metadata=TRACED, timeout=WAIT_SECONDS)
    [span] = server.spans()
    assert span.name == "cardrules.v1.LiengService/ScoreLieng"
    assert span.kind is SpanKind.SERVER
    assert _hex(span.context.trace_id, 32) == TRACE_ID
    assert span.parent is not None and _hex(span.parent.span_id, 16) == PARENT_ID and span.parent.is_remote
    assert dict(span.attributes or {}) == {
        "rpc.system": "grpc",
        "rpc.service": "cardrules.v1.LiengService",
        "rpc.method": "ScoreLieng",
        "rpc.grpc.status_code": 0,
        "cardrules.caller": "anonymous",
    }


def test_a_refused_call_is_marked_with_its_code(server: Traced, exporter: InMemorySpanExporter) -> None:
    repeated = lieng_pb2.ScoreLiengRequest(hands=[cards_message("7S 7S 7S")]).SerializeToString()
    with new_channel(server.target) as channel, pytest.raises(grpc.RpcError) as refused:
        raw_unary(channel, SCORE)(repeated, metadata=TRACED, timeout=WAIT_SECONDS)
    assert refused.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    [span] = server.spans(1)
    assert (span.attributes or {})["rpc.grpc.status_code"] == grpc.StatusCode.INVALID_ARGUMENT.value[0]
    assert span.status.is_unset  # the caller's mistake, not the server's error (OpenTelemetry's RPC conventions)


def test_an_sdk_call_instrumented_by_opentelemetry_joins_its_client_span_to_the_server_span(
    server: Traced, exporter: InMemorySpanExporter
) -> None:
    client_spans = InMemorySpanExporter()
    client_provider = TracerProvider()
    client_provider.add_span_processor(SimpleSpanProcessor(client_spans))
    state = sam_loc_pb2.SamTableState(
        turn=0,
        current=cards_message("9H"),
        current_owner=1,
        seats=[sam_loc_pb2.SamSeat(hand=cards_message("9S TC 2D")), sam_loc_pb2.SamSeat(card_count=7)],
    )
    # As the Python SDK's README shows: the instrumentation's interceptor on the SDK's channel.
    with connect(server.target) as channel:
        instrumented = client_interceptor(tracer_provider=client_provider)  # type: ignore[no-untyped-call]
        sam = SamLocClient(intercept_channel(channel, instrumented))  # type: ignore[no-untyped-call]
        illegal = sam.validate_play(state=state, action=sam_loc_pb2.SamAction(play=cards_message("9S")))
        legal = sam.validate_play(state=state, action=sam_loc_pb2.SamAction(play=cards_message("TC")))
    assert not illegal.legal and legal.legal
    clients = client_spans.get_finished_spans()
    servers = server.spans()
    assert [span.kind for span in clients] == [SpanKind.CLIENT] * 2
    assert [span.name for span in servers] == ["cardrules.v1.SamLocService/ValidatePlay"] * 2
    for client, served in zip(clients, servers, strict=True):
        assert served.context.trace_id == client.context.trace_id
        assert served.parent is not None and served.parent.span_id == client.context.span_id
    verdicts = [(_attribute(s, "cardrules.legal"), _attribute(s, "cardrules.reason")) for s in servers]
    reason = sam_loc_pb2.SamReason.Name(illegal.reason)
    assert verdicts == [(False, reason), (True, sam_loc_pb2.SamReason.Name(legal.reason))]
    assert reason != sam_loc_pb2.SamReason.Name(0)


def test_a_stream_of_n_messages_makes_n_message_spans_under_the_streams_span(
    server: Traced, exporter: InMemorySpanExporter
) -> None:
    score = lieng_pb2.ScoreLiengRequest(hands=[cards_message(hand) for hand in HANDS])
    compare = lieng_pb2.CompareHandsRequest(hands=[cards_message(hand) for hand in HANDS])
    messages = [stream_message(LIENG, n, score if n % 2 else compare) for n in range(1, 6)]
    with new_channel(server.target) as channel:
        call = raw_stream(channel, "/cardrules.v1.LiengService/Stream")
        answers = list(call(iter(messages), metadata=TRACED, timeout=WAIT_SECONDS))
    assert [answer_of(LIENG, answer)[0] for answer in answers] == [1, 2, 3, 4, 5]
    spans = server.spans()
    [stream] = [span for span in spans if span.kind is SpanKind.SERVER]
    assert stream.name == "cardrules.v1.LiengService/Stream"
    assert stream.parent is not None and _hex(stream.parent.span_id, 16) == PARENT_ID
    children = [span for span in spans if span is not stream]
    assert [span.name for span in children] == [
        "cardrules.v1.LiengService/" + ("ScoreLieng" if n % 2 else "CompareHands") for n in range(1, 6)
    ]
    for child in children:
        assert child.parent is not None and child.parent.span_id == stream.context.span_id
        assert child.context.trace_id == stream.context.trace_id
        assert (child.attributes or {})["rpc.grpc.status_code"] == 0
        assert child.start_time is not None and stream.start_time is not None and child.start_time >= stream.start_time


def test_a_call_without_context_starts_a_trace_only_when_the_sampler_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("OTEL_TRACES_SAMPLER", "parentbased_always_off")
    with traced_server() as server, new_channel(server.target) as channel:
        raw_unary(channel, SCORE)(_score_request(), timeout=WAIT_SECONDS)
        assert server.spans() == []  # no context, and the sampler starts no trace
        raw_unary(channel, SCORE)(_score_request(), metadata=TRACED, timeout=WAIT_SECONDS)
        [continued] = server.spans()  # a sampled caller's trace is continued all the same
        assert _hex(continued.context.trace_id, 32) == TRACE_ID
    monkeypatch.setenv("OTEL_TRACES_SAMPLER", "parentbased_always_on")
    with traced_server() as server, new_channel(server.target) as channel:
        raw_unary(channel, SCORE)(_score_request(), timeout=WAIT_SECONDS)
        [root] = server.spans()
        assert root.parent is None


def test_no_attribute_holds_a_card_a_seed_or_a_token(tmp_path: Path) -> None:
    token = new_token()
    tokens = write_tokens(tmp_path / "tokens", ("table-service", token))
    card = re.compile(r"(?<![A-Z0-9])(10|[2-9TJQKA])[SHDC♠♥♦♣]|RANK_|SUIT_")
    with traced_server(auth_tokens=tokens) as server:
        lieng, sam = LiengClient.connect(server.target, token=token), SamLocClient.connect(server.target, token=token)
        with lieng, sam:
            lieng.score_lieng(hands=HANDS)
            lieng.compare_hands(hands=HANDS)
            dealt = sam.deal(seat_count=3, server_seed=SERVER_SEED, client_seed=CLIENT_SEED, nonce=0)
            with pytest.raises(InvalidArgumentError):
                lieng.compare_hands(hands=["AC AD", "2S 3H 4D"])  # refused, naming the field
        with new_channel(server.target) as channel:
            stream = raw_stream(channel, "/cardrules.v1.LiengService/Stream")
            message = stream_message(LIENG, 1, lieng_pb2.ScoreLiengRequest(hands=[cards_message(h) for h in HANDS]))
            list(stream(iter([message]), metadata=(("authorization", f"Bearer {token}"),), timeout=WAIT_SECONDS))
        spans = server.spans(6)
    assert len(spans) == 6
    secrets = [token, SERVER_SEED.hex(), CLIENT_SEED, dealt.commitment.hex()]
    values = [str(value) for span in spans for value in (span.attributes or {}).values()]
    values += [span.name for span in spans]
    assert {value for value in values if value == "table-service"}, "the caller is named"
    for value in values:
        assert not card.search(value), f"a card in a span attribute: {value!r}"
        assert not any(secret in value for secret in secrets), f"a secret in a span attribute: {value!r}"


def test_a_tracing_server_exports_over_otlp_and_its_log_lines_carry_the_trace_ids() -> None:
    with collector() as received:
        env = {**received.server_env(), "OTEL_SERVICE_NAME": "rules-under-test"}
        with running_server(env=env) as handle, handle.channel() as channel:
            raw_unary(channel, SCORE)(_score_request(), metadata=TRACED, timeout=WAIT_SECONDS)
            [span] = received.spans(1)
            logs = handle.logs()
    assert span.trace_id.hex() == TRACE_ID and span.parent_span_id.hex() == PARENT_ID
    assert span.name == "cardrules.v1.LiengService/ScoreLieng"
    assert received.services == {"rules-under-test"}
    [line] = [line for line in logs if line.get("event") == "rpc" and line.get("method") == SCORE]
    assert (line["trace_id"], line["span_id"]) == (TRACE_ID, span.span_id.hex())
    [started] = [line for line in logs if line.get("event") == "server started"]
    assert started["tracing"]["endpoint"] == f"http://127.0.0.1:{received.port}"
    assert not [line for line in logs if "trace_id" in line and line.get("event") != "rpc"]


NOT_IMPORTED = """
import asyncio, sys
from cardrules.api import registry
from cardrules.server.app import start_server
from cardrules.server.config import parse_config
from cardrules.server.logging import configure_logging
import grpc
from cardrules.v1 import lieng_pb2

async def main() -> None:
    config = parse_config(["--host", "127.0.0.1", "--port", "0", "--metrics-port", "0"], {})
    configure_logging(config)
    running = await start_server(config, registry.bindings())
    async with grpc.aio.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        await channel.unary_unary("/cardrules.v1.LiengService/ScoreLieng")(bytes.fromhex(sys.argv[1]), timeout=30)
    await running.stop(0)

asyncio.run(main())
print(json.dumps(sorted(name for name in sys.modules if name.split(".")[0] == "opentelemetry")))
"""


def test_with_tracing_off_the_server_never_imports_opentelemetry() -> None:
    script = "import json\n" + NOT_IMPORTED
    result = subprocess.run(
        [sys.executable, "-c", script, _score_request().hex()],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert json.loads(result.stdout.splitlines()[-1]) == []
    assert '"rpc"' in result.stdout  # the call was served (and logged)
