"""The limits that bound what a ``Stream`` can make a worker hold (docs/limits.md, "Memory"), and how a stream ended
by one of them is told: the open streams per worker (``--max-open-streams``), the bytes of answers waiting for the
client, and a message over ``--max-message-bytes``, which gRPC refuses before the server sees it."""

from __future__ import annotations

import asyncio
import contextlib
from queue import Queue
from typing import Any

import grpc

from cardrules.api.streams import StreamCalls
from cardrules.server import streams as server_streams
from cardrules.server.config import Config
from cardrules.server.interceptors import ServerInterceptor
from tests.support.calls import calls_total, metric_samples, raw_stream
from tests.support.server_process import running_server
from tests.support.servicers import lieng_servicer
from tests.support.stream_flood import padded_message, score_lieng_message
from tests.support.streams import LIENG, answer_of

WAIT_SECONDS = 30.0
STREAM = f"/{LIENG.full_name}/Stream"


def _open_stream(channel: grpc.Channel) -> tuple[Queue[bytes | None], Any]:
    requests: Queue[bytes | None] = Queue()
    responses = raw_stream(channel, STREAM)(iter(requests.get, None), timeout=WAIT_SECONDS)
    return requests, responses


def test_a_stream_beyond_the_workers_open_streams_limit_ends_resource_exhausted() -> None:
    with running_server(["--max-open-streams", "2"]) as server, server.channel() as channel:
        open_ones = [_open_stream(channel) for _ in range(2)]
        for call_id, (requests, responses) in enumerate(open_ones, start=1):
            requests.put(score_lieng_message(3, call_id))
            assert answer_of(LIENG, next(responses))[0] == call_id  # open, and answering
        requests, refused = _open_stream(channel)
        requests.put(score_lieng_message(3, 3))
        assert list(_answers(refused)) == []
        assert refused.code() is grpc.StatusCode.RESOURCE_EXHAUSTED
        assert refused.details() == server_streams.TOO_MANY_STREAMS_MESSAGE.format(2)
        # The streams already open go on; once one ends, a new one is let in.
        first_requests, first = open_ones[0]
        first_requests.put(None)
        assert list(first) == [] and first.code() is grpc.StatusCode.OK
        requests, again = _open_stream(channel)
        requests.put(score_lieng_message(3, 4))
        assert answer_of(LIENG, next(again))[0] == 4
        open_ones[1][0].put(None)
        requests.put(None)
        line = server.wait_for_log(lambda entry: entry.get("code") == "RESOURCE_EXHAUSTED")
        assert line["event"] == "stream" and line["method"] == STREAM and line["peer"].startswith("ipv4:")
        assert calls_total(metric_samples(server), STREAM, "RESOURCE_EXHAUSTED", transport="stream") == 1


def _answers(responses: Any) -> list[bytes]:
    with contextlib.suppress(grpc.RpcError):
        return list(responses)
    return []


def test_a_message_over_the_size_limit_ends_the_stream_and_is_logged_and_counted_as_such() -> None:
    limit = Config().max_message_bytes
    with running_server() as server, server.channel() as channel:
        requests, responses = _open_stream(channel)
        requests.put(score_lieng_message(3, 1))
        assert answer_of(LIENG, next(responses))[0] == 1
        requests.put(padded_message(limit + 1, 2))
        assert _answers(responses) == []
        requests.put(None)
        assert responses.code() is grpc.StatusCode.RESOURCE_EXHAUSTED
        assert (responses.details() or "").startswith("SERVER: Received message larger than max")
        line = server.wait_for_log(lambda entry: entry.get("event") == "stream")
        assert line["code"] == "RESOURCE_EXHAUSTED" and line["level"] == "warning"
        assert line["messages"] == {"/cardrules.v1.LiengService/ScoreLieng OK": 1}
        assert line["peer"].startswith("ipv4:")
        assert calls_total(metric_samples(server), STREAM, "RESOURCE_EXHAUSTED", transport="stream") == 1
        assert calls_total(metric_samples(server), STREAM, "CANCELLED", transport="stream") == 0


class _NeverReadContext:
    """A stream's gRPC context whose client sends ``messages`` and never takes an answer: every write waits."""

    def __init__(self, message: bytes) -> None:
        self.message = message
        self.read_count = 0
        self.never = asyncio.Event()

    async def read(self) -> Any:
        self.read_count += 1
        return self.message

    async def write(self, _data: bytes) -> None:
        await self.never.wait()

    async def abort(self, code: grpc.StatusCode, details: str) -> None:
        raise AssertionError(f"aborted {code} {details}")

    def peer(self) -> str:
        return "ipv4:127.0.0.1:1"

    def time_remaining(self) -> None:
        return None

    def invocation_metadata(self) -> tuple[()]:
        return ()


def test_a_stream_stops_reading_once_the_answers_waiting_for_its_client_reach_the_byte_limit() -> None:
    message = score_lieng_message(1000)
    calls = StreamCalls(LIENG, lieng_servicer())
    answer = len(calls.read(message).answer().data)  # about 30 KB
    budget = 3 * answer

    async def scenario() -> int:
        context = _NeverReadContext(message)
        streams = server_streams.Streams(
            ServerInterceptor(None), lambda _context: "anonymous", lambda *_: None, 100, answer_bytes=budget
        )
        task = asyncio.create_task(streams.handler(calls).stream_stream(None, context))  # type: ignore[misc, arg-type]
        for _ in range(1000):
            await asyncio.sleep(0)
        assert not task.done()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        return context.read_count

    # Three answers reach the limit (the first is being written, two wait): nothing further is read, although
    # the limit of 100 messages in flight is far away.
    assert asyncio.run(scenario()) == 3


def test_a_stream_whose_deadline_passes_is_logged_as_such() -> None:
    with running_server() as server, server.channel() as channel:
        requests: Queue[bytes | None] = Queue()
        responses = raw_stream(channel, STREAM)(iter(requests.get, None), timeout=1.0)
        requests.put(score_lieng_message(3, 1))
        assert answer_of(LIENG, next(responses))[0] == 1
        assert _answers(responses) == []
        requests.put(None)
        assert responses.code() is grpc.StatusCode.DEADLINE_EXCEEDED
        line = server.wait_for_log(lambda entry: entry.get("event") == "stream")
        assert line["code"] == "DEADLINE_EXCEEDED" and line["messages"] == {
            "/cardrules.v1.LiengService/ScoreLieng OK": 1
        }
