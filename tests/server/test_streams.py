"""Each rules service's ``Stream``: every call answered as its unary call is, in order; a bad message failing
alone; the per-stream in-flight limit; admission and authentication per message; the JSON gateway's refusal;
draining on SIGTERM.

Most tests run the real server in this process (on a thread of its own, with its own event loop) and call it over
a real connection; the SIGTERM test runs it as a process.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from queue import Queue
from typing import Any

import grpc
import pytest
from google.protobuf import json_format
from google.rpc import error_details_pb2, status_pb2
from prometheus_client import CollectorRegistry

from cardrules.api import registry
from cardrules.api.streams import StreamCalls
from cardrules.gateway.v1 import json_gateway_pb2, json_gateway_pb2_grpc
from cardrules.server import streams as server_streams
from cardrules.server import tokens
from cardrules.server.app import RunningServer, start_server
from cardrules.server.binding import ServiceBinding
from cardrules.server.config import Config
from cardrules.server.interceptors import ServerInterceptor
from cardrules.server.metrics import RpcMetrics
from cardrules.v1 import lieng_pb2
from tests.support import fake_services
from tests.support.auth import new_token, write_tokens
from tests.support.calls import raw_stream, raw_unary
from tests.support.mutations import fuzz_inputs, vector_requests
from tests.support.server_process import new_channel, running_server
from tests.support.servicers import sam_servicer
from tests.support.streams import (
    LIENG,
    SAM,
    SERVICES,
    answer_of,
    same,
    stream_message,
    stream_outcomes,
    unary_outcome,
    vector_calls,
)
from tests.support.varints import varint

WAIT_SECONDS = 30.0  # the longest any test waits for the server to get somewhere (never a timing assertion)

SCORE_METHOD = "/cardrules.v1.LiengService/ScoreLieng"
SEVENS = [{"rank": "RANK_SEVEN", "suit": suit} for suit in ("SUIT_SPADES", "SUIT_HEARTS", "SUIT_DIAMONDS")]
GOOD_HANDS = {"hands": [{"cards": SEVENS}]}
REPEATED_CARD = {"hands": [{"cards": [{"rank": "RANK_SEVEN", "suit": "SUIT_SPADES"}] * 3}]}


def _score(request: dict[str, Any]) -> lieng_pb2.ScoreLiengRequest:
    return json_format.ParseDict(request, lieng_pb2.ScoreLiengRequest())


class InProcess:
    """The real server with the real services (plus, if asked, the fake Probe service) on a thread of its own."""

    def __init__(self, config: Config, bindings: list[ServiceBinding]) -> None:
        self.metrics = RpcMetrics(CollectorRegistry())
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self._thread.start()
        self.running: RunningServer = self.run(start_server(config, bindings, self.metrics))
        self.target = f"127.0.0.1:{self.running.port}"

    def run(self, coroutine: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=WAIT_SECONDS)

    def close(self) -> None:
        self.run(self.running.stop(0))
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=WAIT_SECONDS)
        self.loop.close()

    def count(self, method: str, code: str, transport: str, caller: str = "anonymous") -> float:
        labels = {"method": method, "code": code, "caller": caller, "transport": transport}
        return self.metrics.registry.get_sample_value("cardrules_rpc_calls_total", labels) or 0.0


@contextlib.contextmanager
def in_process(probe: bool = False, **settings: Any) -> Iterator[InProcess]:
    bindings = [*(fake_services.bindings() if probe else []), *registry.bindings()]
    server = InProcess(Config(host="127.0.0.1", port=0, metrics_port=0, **settings), bindings)
    try:
        yield server
    finally:
        server.close()


@pytest.fixture(scope="module")
def server() -> Iterator[InProcess]:
    with in_process() as running:
        yield running


def test_a_bad_message_fails_alone_and_the_stream_goes_on(server: InProcess) -> None:
    good = stream_message(LIENG, 1, _score(GOOD_HANDS))
    no_call = lieng_pb2.LiengServiceStreamRequest(id=2).SerializeToString()
    broken_call = b"\x08\x03" + b"\x12\x03\xff\xff\xff"  # id 3, score_lieng holding bytes that are no message
    not_a_message = b"\xff\xff"
    invalid = stream_message(LIENG, 5, _score(REPEATED_CARD))
    last = stream_message(LIENG, 6, _score(GOOD_HANDS))
    with new_channel(server.target) as channel:
        answers, code, _details = stream_outcomes(
            channel, LIENG, [good, no_call, broken_call, not_a_message, invalid, last]
        )
        unary_good = unary_outcome(channel, LIENG, "ScoreLieng", _score(GOOD_HANDS).SerializeToString())
        unary_broken = unary_outcome(channel, LIENG, "ScoreLieng", b"\xff\xff\xff")
        unary_invalid = unary_outcome(channel, LIENG, "ScoreLieng", _score(REPEATED_CARD).SerializeToString())
    assert code is grpc.StatusCode.OK
    assert [call_id for call_id, _ in answers] == [1, 2, 3, 0, 5, 6]
    outcomes = [outcome for _, outcome in answers]
    assert same(outcomes[0], unary_good) and same(outcomes[5], unary_good)
    assert outcomes[1].code is grpc.StatusCode.INVALID_ARGUMENT
    assert outcomes[1].status is not None
    assert [v.field for v in _violations(outcomes[1].status)] == ["call"]
    assert same(outcomes[2], unary_broken)  # named after the request that did not parse, as unary
    assert outcomes[3].code is grpc.StatusCode.INVALID_ARGUMENT
    assert outcomes[3].message == (
        "the message is not a valid cardrules.v1.LiengServiceStreamRequest; "
        "its id cannot be read, so it is answered under id 0"
    )
    assert same(outcomes[4], unary_invalid) and unary_invalid.code is grpc.StatusCode.INVALID_ARGUMENT


def _violations(status: bytes) -> list[error_details_pb2.BadRequest.FieldViolation]:
    for detail in status_pb2.Status.FromString(status).details:
        bad_request = error_details_pb2.BadRequest()
        if detail.Unpack(bad_request):
            return list(bad_request.field_violations)
    return []


def test_many_messages_in_flight_are_answered_in_request_order(server: InProcess) -> None:
    calls = [call for call in vector_calls() if call.service is SAM]
    method = f"/{SAM.full_name}/ValidatePlay"
    before = server.count(method, "OK", "stream"), server.count(method, "OK", "unary")
    with new_channel(server.target) as channel:
        expected = [unary_outcome(channel, SAM, c.method.name, c.request.SerializeToString()) for c in calls]
        # Every vector eight times over, all written before the first answer is read.
        rounds = 8
        messages = [stream_message(SAM, i + 1, calls[i % len(calls)].request) for i in range(rounds * len(calls))]
        answers, code, _details = stream_outcomes(channel, SAM, messages)
    assert code is grpc.StatusCode.OK
    assert [call_id for call_id, _ in answers] == list(range(1, len(messages) + 1))
    for i, (_, outcome) in enumerate(answers):
        assert same(outcome, expected[i % len(calls)]), calls[i % len(calls)].name
    # Each message is counted under the unary method it carries, told apart from unary calls by its transport.
    ok = sum(c.method.name == "ValidatePlay" and o.response is not None for c, o in zip(calls, expected, strict=True))
    assert server.count(method, "OK", "stream") - before[0] == rounds * ok
    assert server.count(method, "OK", "unary") - before[1] == ok


class StreamContext:
    """The calls a stream makes on its gRPC context, for running one without a connection: ``messages`` to read,
    then the end of the client's side; writes wait until the test lets them through."""

    def __init__(self, messages: int) -> None:
        self.messages = messages
        self.read_count = self.written = self.most_ahead = 0
        self.writes_open = asyncio.Event()
        self.answers: list[bytes] = []
        self.ended: tuple[grpc.StatusCode, str] | None = None
        self._request = vector_calls()[0].request

    async def read(self) -> Any:
        if self.read_count == self.messages:
            return grpc.aio.EOF
        self.read_count += 1
        self.most_ahead = max(self.most_ahead, self.read_count - self.written)
        return stream_message(SAM, self.read_count, self._request)

    async def write(self, data: bytes) -> None:
        await self.writes_open.wait()
        self.answers.append(data)
        self.written += 1

    async def abort(self, code: grpc.StatusCode, details: str) -> None:
        self.ended = (code, details)
        raise Aborted(details)

    def peer(self) -> str:
        return "ipv4:127.0.0.1:1"

    def time_remaining(self) -> None:
        return None

    def invocation_metadata(self) -> tuple[()]:
        return ()


class Aborted(Exception):
    pass


def _streams(limit: int) -> server_streams.Streams:
    return server_streams.Streams(ServerInterceptor(None), lambda _context: "anonymous", lambda *_: None, limit)


async def _run_until_stuck(task: asyncio.Task[Any]) -> None:
    """Let the stream run as far as it can without the test (it stops at a closed write and a full limit)."""
    for _ in range(1000):
        await asyncio.sleep(0)
    assert not task.done()


def test_fuzzed_calls_on_a_stream_get_the_unary_answer_to_the_same_bytes(server: InProcess) -> None:
    """Mutated requests (random bytes, bit flips, truncations, structure-aware mutants of the vectors), each sent as
    raw bytes both ways: unary, and inside a stream message's call field. A call that does not parse is answered
    in place; every answer is the unary one."""
    fuzzed = fuzz_inputs(FUZZ_SEED, vector_requests(), grow_bytes=4096, max_bytes=64 * 1024)
    inputs = list(itertools.islice(fuzzed, 600))
    with new_channel(server.target) as channel:
        for service in SERVICES.values():
            mine = [fuzz for fuzz in inputs if fuzz.rpc.service == service.full_name]
            unary = [unary_outcome(channel, service, fuzz.rpc.method, fuzz.payload) for fuzz in mine]
            messages = [_envelope(service, i + 1, fuzz.rpc.method, fuzz.payload) for i, fuzz in enumerate(mine)]
            answers, code, details = stream_outcomes(channel, service, messages)
            assert code is grpc.StatusCode.OK, details
            assert [call_id for call_id, _ in answers] == list(range(1, len(mine) + 1))
            for fuzz, expected, (_, got) in zip(mine, unary, answers, strict=True):
                assert same(got, expected), f"{fuzz.rpc.path} {fuzz.how}: stream {got} != unary {expected}"
            assert {o.code for o in unary} == {grpc.StatusCode.OK, grpc.StatusCode.INVALID_ARGUMENT}


FUZZ_SEED = 20261219


def _envelope(service: Any, call_id: int, method: str, payload: bytes) -> bytes:
    """A stream message with ``payload`` as the raw bytes of the call to ``method`` (written by hand: the bytes
    need not parse)."""
    stream = service.methods_by_name["Stream"].input_type
    field = next(f for f in stream.oneofs_by_name["call"].fields if f.message_type is _input(service, method))
    return varint(1 << 3) + varint(call_id) + varint(field.number << 3 | 2) + varint(len(payload)) + payload


def _input(service: Any, method: str) -> Any:
    return service.methods_by_name[method].input_type


def test_a_stream_reads_no_more_than_its_in_flight_limit_ahead_of_its_writes() -> None:
    limit = 3

    async def scenario() -> StreamContext:
        context = StreamContext(messages=20)
        handler = _streams(limit).handler(StreamCalls(SAM, sam_servicer()))
        task = asyncio.create_task(handler.stream_stream(None, context))  # type: ignore[misc, arg-type]
        await _run_until_stuck(task)
        assert context.read_count == limit and context.written == 0
        context.writes_open.set()
        await asyncio.wait_for(task, WAIT_SECONDS)
        return context

    context = asyncio.run(scenario())
    assert context.read_count == 20 and context.written == 20 and context.ended is None
    assert context.most_ahead == limit
    assert [answer_of(SAM, data)[0] for data in context.answers] == list(range(1, 21))


def test_draining_writes_the_answers_of_the_messages_read_then_ends_unavailable() -> None:
    async def scenario() -> StreamContext:
        context = StreamContext(messages=20)
        streams = _streams(limit=5)
        handler = streams.handler(StreamCalls(SAM, sam_servicer()))
        task = asyncio.create_task(handler.stream_stream(None, context))  # type: ignore[misc, arg-type]
        await _run_until_stuck(task)
        assert context.read_count == 5 and streams.open_streams == 1
        draining = asyncio.create_task(streams.drain(within=WAIT_SECONDS))
        await asyncio.sleep(0)
        context.writes_open.set()
        with contextlib.suppress(Aborted):
            await asyncio.wait_for(task, WAIT_SECONDS)
        assert streams.open_streams == 0
        await asyncio.wait_for(draining, WAIT_SECONDS)  # the ends' linger, then done
        return context

    context = asyncio.run(scenario())
    assert context.read_count == 5  # nothing read after the drain began
    assert [answer_of(SAM, data)[0] for data in context.answers] == [1, 2, 3, 4, 5]
    assert context.ended == (grpc.StatusCode.UNAVAILABLE, server_streams.DRAINING_MESSAGE)


def test_a_message_over_the_servers_call_limit_is_refused_alone() -> None:
    with in_process(probe=True, max_concurrent_calls=1) as server, new_channel(server.target) as channel:
        sleeping = raw_unary(channel, f"/{fake_services.PROBE}/Sleep").future(b"600000", timeout=WAIT_SECONDS * 2)
        _wait_until(lambda: fake_services._in_flight == 1, "the Sleep call never started")
        call = raw_stream(channel, f"/{LIENG.full_name}/Stream")
        requests: Queue[bytes | None] = Queue()
        responses = call(iter(requests.get, None), timeout=WAIT_SECONDS * 2)
        requests.put(stream_message(LIENG, 1, _score(GOOD_HANDS)))
        call_id, refused = answer_of(LIENG, next(responses))
        assert call_id == 1 and refused.code is grpc.StatusCode.RESOURCE_EXHAUSTED
        assert refused.message == "the server is at its limit of 1 calls in flight; retry with backoff"
        sleeping.cancel()
        _wait_until(lambda: fake_services._in_flight == 0, "the Sleep call never ended")
        # The slot comes back once the cancelled call's task is done: retry like a client until it does.
        for attempt in itertools.count(2):
            requests.put(stream_message(LIENG, attempt, _score(GOOD_HANDS)))
            call_id, outcome = answer_of(LIENG, next(responses))
            assert call_id == attempt
            if outcome.response is not None:
                break
            assert outcome.code is grpc.StatusCode.RESOURCE_EXHAUSTED and attempt < 1000
        requests.put(None)
        assert list(responses) == [] and responses.code() is grpc.StatusCode.OK
    assert server.count(SCORE_METHOD, "RESOURCE_EXHAUSTED", "stream") >= 1
    assert server.count(SCORE_METHOD, "OK", "stream") == 1


def _wait_until(condition: Any, failure: str) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        assert time.monotonic() < deadline, failure
        time.sleep(0.01)


TOKEN, OTHER_TOKEN = new_token(), new_token()


def _bearer(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


def test_a_stream_needs_credentials_when_it_opens(tmp_path: Path) -> None:
    callers = write_tokens(tmp_path / "callers", ("game-backend", TOKEN))
    with in_process(auth_tokens=callers) as server, new_channel(server.target) as channel:
        message = stream_message(LIENG, 1, _score(GOOD_HANDS))
        answers, code, details = stream_outcomes(channel, LIENG, [message])
        assert (answers, code, details) == ([], grpc.StatusCode.UNAUTHENTICATED, "missing or invalid credentials")
        answers, code, _details = stream_outcomes(channel, LIENG, [message], metadata=_bearer(OTHER_TOKEN))
        assert (answers, code) == ([], grpc.StatusCode.UNAUTHENTICATED)
        answers, code, _details = stream_outcomes(channel, LIENG, [message], metadata=_bearer(TOKEN))
        assert code is grpc.StatusCode.OK and [call_id for call_id, _ in answers] == [1]
    assert server.count(f"/{LIENG.full_name}/Stream", "UNAUTHENTICATED", "stream", "unauthenticated") == 2
    assert server.count(SCORE_METHOD, "OK", "stream", "game-backend") == 1


def test_a_stream_whose_token_is_removed_ends_unauthenticated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Check the credentials at every message and re-read the tokens file at every look, instead of every few seconds.
    monkeypatch.setattr(server_streams, "REAUTH_SECONDS", 0.0)
    monkeypatch.setattr(tokens, "RELOAD_CHECK_SECONDS", 0.0)
    callers = write_tokens(tmp_path / "callers", ("game-backend", TOKEN), ("ops", OTHER_TOKEN))
    with in_process(auth_tokens=callers) as server, new_channel(server.target) as channel:
        requests: Queue[bytes | None] = Queue()
        call = raw_stream(channel, f"/{LIENG.full_name}/Stream")
        responses = call(iter(requests.get, None), timeout=WAIT_SECONDS * 2, metadata=_bearer(TOKEN))
        requests.put(stream_message(LIENG, 1, _score(GOOD_HANDS)))
        assert answer_of(LIENG, next(responses))[0] == 1
        write_tokens(callers, ("ops", OTHER_TOKEN))  # game-backend's line is gone
        requests.put(stream_message(LIENG, 2, _score(GOOD_HANDS)))
        assert list(_answers_until_the_end(responses)) == []  # the message after the removal is not answered
        assert responses.code() is grpc.StatusCode.UNAUTHENTICATED
        assert responses.details() == server_streams.REVOKED_MESSAGE
        requests.put(None)


def _answers_until_the_end(responses: Any) -> Iterator[bytes]:
    with contextlib.suppress(grpc.RpcError):
        yield from responses


def test_a_stream_on_a_connection_past_its_age_and_grace_ends_unavailable() -> None:
    # gRPC sends GOAWAY at the age and ends the streams still open when the grace runs out (docs/streams.md).
    with in_process(max_connection_age_seconds=1.0, max_connection_age_grace_seconds=1.0) as server:
        with new_channel(server.target) as channel:
            requests: Queue[bytes | None] = Queue()
            call = raw_stream(channel, f"/{LIENG.full_name}/Stream")
            responses = call(iter(requests.get, None), timeout=WAIT_SECONDS)
            requests.put(stream_message(LIENG, 1, _score(GOOD_HANDS)))
            assert answer_of(LIENG, next(responses))[0] == 1
            assert list(_answers_until_the_end(responses)) == []
            requests.put(None)
        assert responses.code() is grpc.StatusCode.UNAVAILABLE
        assert responses.details() == "max connection age"


def test_the_json_gateway_refuses_a_stream_by_name(server: InProcess) -> None:
    with new_channel(server.target) as channel:
        gateway = json_gateway_pb2_grpc.JsonGatewayServiceStub(channel)  # type: ignore[no-untyped-call]
        request = json_gateway_pb2.CallRequest(service=SAM.full_name, method="Stream")
        request.body.data = b"{}"
        with pytest.raises(grpc.RpcError) as caught:
            gateway.Call(request, timeout=WAIT_SECONDS)
    assert caught.value.code() is grpc.StatusCode.UNIMPLEMENTED
    message = caught.value.details() or ""
    assert message.startswith(f"/{SAM.full_name}/Stream is a gRPC stream and has no HTTP/JSON form")
    assert "ValidatePlay" in message


def test_sigterm_answers_the_messages_read_then_ends_the_stream_unavailable() -> None:
    with running_server() as handle, handle.channel() as channel:
        requests: Queue[bytes | None] = Queue()
        responses = raw_stream(channel, f"/{SAM.full_name}/Stream")(iter(requests.get, None), timeout=WAIT_SECONDS)
        request = next(call for call in vector_calls() if call.method.name == "LegalMoves").request
        for call_id in range(1, 6):
            requests.put(stream_message(SAM, call_id, request))
        answered = [answer_of(SAM, next(responses))[0] for _ in range(5)]
        for call_id in range(6, 506):  # more calls on their way as the signal lands
            requests.put(stream_message(SAM, call_id, request))
        handle.process.send_signal(signal.SIGTERM)
        answered += [answer_of(SAM, data)[0] for data in _answers_until_the_end(responses)]
        requests.put(None)
        assert responses.code() is grpc.StatusCode.UNAVAILABLE
        assert responses.details() == server_streams.DRAINING_MESSAGE
        assert handle.process.wait(timeout=WAIT_SECONDS) == 0
        # Every message the server read was answered: its count of them is the client's.
        line = handle.wait_for_log(lambda entry: entry.get("event") == "stream")
    assert answered == list(range(1, len(answered) + 1))  # in order, none skipped
    assert line["code"] == "UNAVAILABLE" and sum(line["messages"].values()) == len(answered)


def test_a_stream_opened_again_while_the_ends_linger_is_answered_then_ends_unavailable() -> None:
    # After SIGTERM the connection stays open a moment (END_LINGER_SECONDS) so the first stream's end arrives intact.
    # A client that opens its stream again on that connection meanwhile is answered, not refused; that stream ends
    # UNAVAILABLE when the server stops.
    request = next(call for call in vector_calls() if call.method.name == "LegalMoves").request
    with running_server() as handle, handle.channel() as channel:
        stream = raw_stream(channel, f"/{SAM.full_name}/Stream")
        first_requests: Queue[bytes | None] = Queue()
        first = stream(iter(first_requests.get, None), timeout=WAIT_SECONDS)
        first_requests.put(stream_message(SAM, 1, request))
        assert answer_of(SAM, next(first))[0] == 1
        handle.process.send_signal(signal.SIGTERM)
        assert list(_answers_until_the_end(first)) == []
        first_requests.put(None)
        assert (first.code(), first.details()) == (grpc.StatusCode.UNAVAILABLE, server_streams.DRAINING_MESSAGE)

        again_requests: Queue[bytes | None] = Queue()
        again = stream(iter(again_requests.get, None), timeout=WAIT_SECONDS)
        again_requests.put(stream_message(SAM, 1, request))
        assert answer_of(SAM, next(again))[0] == 1
        assert list(_answers_until_the_end(again)) == []
        again_requests.put(None)
        assert (again.code(), again.details()) == (grpc.StatusCode.UNAVAILABLE, server_streams.DRAINING_MESSAGE)
        assert handle.process.wait(timeout=WAIT_SECONDS) == 0
