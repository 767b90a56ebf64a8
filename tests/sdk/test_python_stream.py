"""The Python SDK's stream mode (``streams=N``) against an in-test server, sync and asyncio clients alike.

The double below implements ``LiengService`` from the generated servicer base class: its unary methods and its
``Stream`` answer from the same handlers, so a stream's answers can be compared with unary ones, and its knobs break
streams the ways real servers do (end a stream with UNAVAILABLE leaving calls unanswered, answer out of order, hold
an answer past its deadline). Nothing here waits on the clock: the server reads a known number of messages before it
acts, and a held answer waits for an event the test sets.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent import futures
from dataclasses import dataclass, field
from typing import Any

import grpc
import pytest
from google.protobuf import any_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from cardrules.client import (
    DeadlineExceededError,
    InvalidArgumentError,
    LiengClient,
    ResourceExhaustedError,
    RulesError,
    UnauthenticatedError,
    UnavailableError,
    cards_text,
    hands,
)
from cardrules.client.aio import AsyncLiengClient
from cardrules.client.stream_protocol import StreamProtocol
from cardrules.v1 import lieng_pb2, lieng_pb2_grpc

MODES = ["sync", "async"]
Outcome = Any  # a response message or the exception a call raised


def _bad_request() -> status_pb2.Status:
    violations = error_details_pb2.BadRequest(
        field_violations=[
            error_details_pb2.BadRequest.FieldViolation(
                field="hands[1].cards[0]", description="duplicate AC", reason="DUPLICATE_CARD"
            )
        ]
    )
    info = error_details_pb2.ErrorInfo(
        reason="DUPLICATE_CARD", domain="cardrules.v1", metadata={"field": "hands[1].cards[0]"}
    )
    details = [any_pb2.Any(), any_pb2.Any()]
    details[0].Pack(violations)
    details[1].Pack(info)
    return status_pb2.Status(code=code_pb2.INVALID_ARGUMENT, message="invalid hands[1].cards[0]", details=details)


@dataclass
class Double(lieng_pb2_grpc.LiengServiceServicer):
    """A Liêng service whose unary calls and stream messages share one answer per request."""

    name: str = "double"
    # Knobs, read when a stream opens (its number counts from 1):
    end_stream: int = 0  # this stream reads `end_after` messages, answers `end_answers`, then ends with `end_code`
    end_after: int = 3
    end_answers: int = 1
    end_code: grpc.StatusCode = grpc.StatusCode.UNAVAILABLE
    reverse_pairs: bool = False  # answer each pair of messages second first
    answer_at_end: bool = False  # answer nothing until the client half-closes the stream
    release: threading.Event = field(default_factory=threading.Event)  # held answers wait for it
    unavailable_once: set[str] = field(default_factory=set)  # these hands fail UNAVAILABLE the first time
    # What was seen:
    streams: int = 0
    messages: list[tuple[int, int]] = field(default_factory=list)  # (stream, id)
    unary_calls: int = 0
    got_message: threading.Event = field(default_factory=threading.Event)
    stream_metadata: list[dict[str, str]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def answer(self, request: Any) -> Any:
        """The response, or the google.rpc.Status the call fails with."""
        if isinstance(request, lieng_pb2.CompareHandsRequest):
            return _bad_request()
        if isinstance(request, lieng_pb2.LiengServiceSettleRoundRequest):
            return status_pb2.Status(code=code_pb2.RESOURCE_EXHAUSTED, message="too many calls")
        if isinstance(request, lieng_pb2.LiengServiceLegalMovesRequest):
            self.release.wait(timeout=30)
            return lieng_pb2.LiengServiceLegalMovesResponse(seat=request.state.to_act)
        if isinstance(request, lieng_pb2.ScoreLiengRequest):
            text = " / ".join(cards_text(hand) for hand in request.hands)
            with self.lock:
                if text in self.unavailable_once:
                    self.unavailable_once.discard(text)
                    return status_pb2.Status(code=code_pb2.UNAVAILABLE, message="try another replica")
            return lieng_pb2.ScoreLiengResponse(
                scores=[lieng_pb2.LiengScore(label={"en": text, "vi": self.name}) for _ in request.hands]
            )
        return status_pb2.Status(code=code_pb2.UNIMPLEMENTED, message="not in this double")

    def _unary(self, request: Any, context: grpc.ServicerContext) -> Any:
        with self.lock:
            self.unary_calls += 1
        outcome = self.answer(request)
        if isinstance(outcome, status_pb2.Status):
            context.abort_with_status(rpc_status.to_status(outcome))
        return outcome

    Deal = ScoreLieng = CompareHands = StartBetting = ValidatePlay = LegalMoves = SettleRound = ReplayRound = _unary
    Suggest = _unary

    def Stream(
        self, request_iterator: Iterator[lieng_pb2.LiengServiceStreamRequest], context: grpc.ServicerContext
    ) -> Iterator[lieng_pb2.LiengServiceStreamResponse]:
        with self.lock:
            self.streams += 1
            number = self.streams
            self.stream_metadata.append({key: str(value) for key, value in context.invocation_metadata()})
        held: list[lieng_pb2.LiengServiceStreamRequest] = []
        for message in request_iterator:
            with self.lock:
                self.messages.append((number, message.id))
            self.got_message.set()
            held.append(message)
            if number == self.end_stream:
                if len(held) == self.end_after:
                    for waiting in held[: self.end_answers]:
                        yield self._respond(waiting)
                    context.abort(self.end_code, "draining")
                continue
            if self.answer_at_end or (self.reverse_pairs and len(held) < 2):
                continue
            for waiting in reversed(held) if self.reverse_pairs else held:
                yield self._respond(waiting)
            held.clear()
        for waiting in held:  # the client half-closed: what is left is answered before the stream ends OK
            yield self._respond(waiting)

    def _respond(self, message: lieng_pb2.LiengServiceStreamRequest) -> lieng_pb2.LiengServiceStreamResponse:
        chosen = message.WhichOneof("call")
        assert chosen is not None
        outcome = self.answer(getattr(message, chosen))
        if isinstance(outcome, status_pb2.Status):
            return lieng_pb2.LiengServiceStreamResponse(id=message.id, error=outcome)
        return lieng_pb2.LiengServiceStreamResponse(id=message.id, **{chosen: outcome})


@dataclass
class Served:
    target: str
    double: Double


@pytest.fixture
def serve() -> Iterator[Callable[..., Served]]:
    servers: list[grpc.Server] = []

    def start(**knobs: Any) -> Served:
        double = Double(**knobs)
        server = grpc.server(futures.ThreadPoolExecutor(max_workers=16))
        lieng_pb2_grpc.add_LiengServiceServicer_to_server(double, server)
        port = server.add_insecure_port("127.0.0.1:0")
        server.start()
        servers.append(server)
        return Served(f"127.0.0.1:{port}", double)

    yield start
    for server in servers:
        server.stop(grace=None)


# A batch is a list of calls sent at once: (method name, keyword arguments).
Batch = Sequence[tuple[str, dict[str, Any]]]


def session(
    mode: str,
    target: str,
    batches: Sequence[Batch],
    between: Callable[[int], None] = lambda index: None,
    **client: Any,
) -> list[list[Outcome]]:
    """Each batch's calls made at once (threads for the sync client, tasks for the async one) on one client,
    batch after batch, ``between(i)`` after batch i; returns each call's outcome."""
    results: list[list[Outcome]] = []
    if mode == "sync":
        with LiengClient.connect(target, **client) as lieng, futures.ThreadPoolExecutor(32) as pool:
            for index, batch in enumerate(batches):
                sent = [pool.submit(getattr(lieng, name), **kwargs) for name, kwargs in batch]
                results.append([_outcome(future) for future in sent])
                between(index)
        return results

    async def run() -> None:
        async with AsyncLiengClient.connect(target, **client) as lieng:
            for index, batch in enumerate(batches):
                calls = [getattr(lieng, name)(**kwargs) for name, kwargs in batch]
                results.append(list(await asyncio.gather(*calls, return_exceptions=True)))
                between(index)

    asyncio.run(run())
    return results


def _outcome(future: futures.Future[Any]) -> Outcome:
    error = future.exception()
    return error if error is not None else future.result()


def score(hand: str) -> tuple[str, dict[str, Any]]:
    return "score_lieng", {"hands": [hand]}


HANDS = [f"{rank}C {rank}D {rank}H" for rank in "23456789TJQKA"]


def labels(outcomes: list[Outcome]) -> list[str]:
    return [outcome.scores[0].label.en for outcome in outcomes]


@pytest.mark.parametrize("mode", MODES)
def test_many_calls_in_flight_each_get_their_own_answer(mode: str, serve: Callable[..., Served]) -> None:
    served = serve(reverse_pairs=True)  # answers out of order: only the ids can match them
    calls = [score(hand) for hand in HANDS * 4]  # 52 calls, an even number for the pairs
    [outcomes] = session(mode, served.target, [calls], streams=1)
    assert labels(outcomes) == [kwargs["hands"][0] for _, kwargs in calls]
    assert served.double.unary_calls == 0 and served.double.streams == 1
    ids = [ident for _, ident in served.double.messages]
    assert len(set(ids)) == len(ids) == len(calls)


@pytest.mark.parametrize("mode", MODES)
def test_calls_spread_over_the_pool_of_streams(mode: str, serve: Callable[..., Served]) -> None:
    served = serve()
    outcomes = session(mode, served.target, [[score(hand)] for hand in HANDS[:6]], streams=3)
    assert [labels(batch) for batch in outcomes] == [[hand] for hand in HANDS[:6]]
    assert served.double.streams == 3
    assert sorted(stream for stream, _ in served.double.messages) == [1, 1, 2, 2, 3, 3]


@pytest.mark.parametrize("mode", MODES)
def test_errors_are_decoded_as_unary_errors_are(mode: str, serve: Callable[..., Served]) -> None:
    served = serve()
    compare = ("compare_hands", {"hands": ["AC AD AH", "AC 2D 3H"]})
    settle = ("settle_round", {"round": lieng_pb2.LiengRoundRecord(ante=10)})
    [[unary_invalid, unary_exhausted]] = session(mode, served.target, [[compare, settle]])
    [[stream_invalid, stream_exhausted]] = session(mode, served.target, [[compare, settle]], streams=2)
    assert served.double.unary_calls == 2 and len(served.double.messages) == 2

    pairs: list[tuple[Any, Any, type[RulesError]]] = [
        (unary_invalid, stream_invalid, InvalidArgumentError),
        (unary_exhausted, stream_exhausted, ResourceExhaustedError),
    ]
    for unary, streamed, kind in pairs:
        assert type(unary) is kind and type(streamed) is kind
        assert (streamed.code, streamed.message, streamed.error_info, streamed.reason, str(streamed)) == (
            unary.code,
            unary.message,
            unary.error_info,
            unary.reason,
            str(unary),
        )
        assert streamed.status == unary.status
    assert stream_invalid.field_violations == unary_invalid.field_violations
    assert stream_invalid.reason == "DUPLICATE_CARD"
    assert stream_invalid.field_violations[0].field == "hands[1].cards[0]"


@pytest.mark.parametrize("mode", MODES)
def test_a_deadline_is_kept_by_the_client_and_the_late_answer_dropped(mode: str, serve: Callable[..., Served]) -> None:
    served = serve()
    held = ("legal_moves", {"state": lieng_pb2.LiengBettingState(to_act=2), "timeout": 0.2})
    [[late], [after]] = session(
        mode,
        served.target,
        [[held], [score("AC AD AH")]],
        between=lambda index: served.double.release.set(),
        streams=1,
    )
    assert isinstance(late, DeadlineExceededError) and late.code == grpc.StatusCode.DEADLINE_EXCEEDED
    # The held call's answer comes first on the stream; it must not be taken for the next call's.
    assert labels([after]) == ["AC AD AH"]
    assert served.double.streams == 1 and len(served.double.messages) == 2


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    "code",
    [
        grpc.StatusCode.UNAVAILABLE,  # a replica draining, a connection past its maximum age
        grpc.StatusCode.INTERNAL,  # seen from a replica killed mid-answer
        grpc.StatusCode.UNAUTHENTICATED,  # a token that expired while the stream was open
    ],
)
def test_calls_a_stream_left_unanswered_are_sent_again(
    mode: str, code: grpc.StatusCode, serve: Callable[..., Served]
) -> None:
    served = serve(end_stream=1, end_after=3, end_code=code)  # the first stream answers one call of three, then ends
    [outcomes] = session(mode, served.target, [[score(hand) for hand in HANDS[:3]]], streams=1)
    assert sorted(labels(outcomes)) == sorted(HANDS[:3])
    assert served.double.streams == 2
    first, second = ([ident for stream, ident in served.double.messages if stream == n] for n in (1, 2))
    assert len(first) == 3 and len(second) == 2  # the two unanswered calls, under new ids
    assert not set(first) & set(second)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("code", "kind"),
    [(grpc.StatusCode.UNAUTHENTICATED, UnauthenticatedError), (grpc.StatusCode.UNIMPLEMENTED, RulesError)],
)
def test_a_stream_refused_before_any_answer_fails_its_calls_at_once(
    mode: str, code: grpc.StatusCode, kind: type[RulesError], serve: Callable[..., Served]
) -> None:
    served = serve(end_stream=1, end_after=2, end_answers=0, end_code=code)
    [outcomes] = session(mode, served.target, [[score(hand) for hand in HANDS[:2]]], streams=1)
    assert [(type(outcome), outcome.code) for outcome in outcomes] == [(kind, code)] * 2
    assert served.double.streams == 1  # not sent again: another stream would be refused the same way


@pytest.mark.parametrize("mode", MODES)
def test_a_retryable_answer_is_retried_and_resource_exhausted_is_not(mode: str, serve: Callable[..., Served]) -> None:
    served = serve(unavailable_once={"AC AD AH"})
    settle = ("settle_round", {"round": lieng_pb2.LiengRoundRecord(ante=10)})
    [[scored, exhausted]] = session(mode, served.target, [[score("AC AD AH"), settle]], streams=1)
    assert labels([scored]) == ["AC AD AH"]
    assert isinstance(exhausted, ResourceExhaustedError)
    assert len(served.double.messages) == 3 and served.double.streams == 1  # the stream lived on


@pytest.mark.parametrize("mode", MODES)
def test_without_retry_an_unanswered_call_fails_unavailable(mode: str, serve: Callable[..., Served]) -> None:
    served = serve(end_stream=1, end_after=2)
    [outcomes] = session(mode, served.target, [[score(hand) for hand in HANDS[:2]]], streams=1, retry=False)
    answered = [outcome for outcome in outcomes if not isinstance(outcome, Exception)]
    failed = [outcome for outcome in outcomes if isinstance(outcome, Exception)]
    assert len(answered) == 1 and len(failed) == 1
    assert isinstance(failed[0], UnavailableError) and failed[0].message == "draining"


@pytest.mark.parametrize("mode", MODES)
def test_per_call_metadata_goes_unary_and_the_client_metadata_and_token_open_the_stream(
    mode: str, serve: Callable[..., Served]
) -> None:
    served = serve()
    with_metadata = ("score_lieng", {"hands": ["AC AD AH"], "metadata": [("x-request-id", "7")]})
    [outcomes] = session(
        mode, served.target, [[with_metadata, score("KS QS JS")]], streams=2, metadata=[("x-table", "9")], token="t0k"
    )
    assert labels(outcomes) == ["AC AD AH", "KS QS JS"]
    assert served.double.unary_calls == 1 and len(served.double.messages) == 1
    [opened] = served.double.stream_metadata
    assert opened["x-table"] == "9" and opened["authorization"] == "Bearer t0k"


def _reader_threads() -> set[threading.Thread]:
    return {thread for thread in threading.enumerate() if thread.name == "cardrules-stream-reader"}


def _close_during(mode: str, target: str, call: tuple[str, dict[str, Any]], sent: threading.Event) -> Outcome:
    """Make ``call`` and close the client once the server has its message; the call's outcome."""
    name, kwargs = call
    if mode == "sync":
        lieng = LiengClient.connect(target, streams=2)
        with futures.ThreadPoolExecutor(1) as pool:
            waiting = pool.submit(getattr(lieng, name), **kwargs)
            assert sent.wait(30)
            lieng.close()
            return _outcome(waiting)

    async def run() -> Outcome:
        lieng = AsyncLiengClient.connect(target, streams=2)
        waiting = asyncio.ensure_future(getattr(lieng, name)(**kwargs))
        assert await asyncio.to_thread(sent.wait, 30)
        await lieng.close()
        done = await asyncio.gather(waiting, return_exceptions=True)
        return done[0]

    return asyncio.run(run())


@pytest.mark.parametrize("mode", MODES)
def test_close_lets_calls_already_sent_get_their_answers(mode: str, serve: Callable[..., Served]) -> None:
    served = serve(answer_at_end=True)  # so the answer can only come after close() half-closes the stream
    readers_before = _reader_threads()
    answered = _close_during(
        mode, served.target, ("score_lieng", {"hands": ["AC AD AH"], "timeout": 30}), served.double.got_message
    )
    assert labels([answered]) == ["AC AD AH"]
    assert _reader_threads() <= readers_before
    assert served.double.streams == 1


@pytest.mark.parametrize("mode", MODES)
def test_close_ends_a_stream_still_open_when_its_calls_deadlines_pass(mode: str, serve: Callable[..., Served]) -> None:
    served = serve()
    readers_before = _reader_threads()
    held = ("legal_moves", {"state": lieng_pb2.LiengBettingState(), "timeout": 0.5})  # held until released
    try:
        late = _close_during(mode, served.target, held, served.double.got_message)
    finally:
        served.double.release.set()
    # The call failed at its deadline, or was cancelled by the close that followed it: never an answer.
    assert isinstance(late, RulesError) and late.code in (grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.CANCELLED)
    assert _reader_threads() <= readers_before


def test_a_call_is_serialized_once_and_framed_per_send() -> None:
    protocol = StreamProtocol.of("cardrules.v1.LiengService")
    request = lieng_pb2.ScoreLiengRequest(hands=hands(["AC AD AH"]))
    framed = lieng_pb2.LiengServiceStreamRequest.FromString(protocol.frame(41, protocol.payload(request)))
    assert framed == lieng_pb2.LiengServiceStreamRequest(id=41, score_lieng=request)
    with pytest.raises(TypeError, match="not a call"):
        protocol.payload(lieng_pb2.LiengServiceStreamRequest())


@pytest.mark.parametrize("streams", [-1, True, 1.5])
def test_streams_must_be_a_count(streams: Any) -> None:
    with pytest.raises(ValueError, match="streams must be"):
        LiengClient(grpc.insecure_channel("127.0.0.1:1"), streams=streams)
