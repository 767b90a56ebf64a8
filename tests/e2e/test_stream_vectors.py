"""Every conformance vector, made both ways against the real server process: as a unary call, and as a message on
its service's ``Stream``. The answers must be the same bytes (for errors: the same code, message and
``google.rpc.Status`` details), in request order, with the ids sent."""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest

from cardrules.api.games import registered_games
from tests.support.server_process import ServerHandle, running_server
from tests.support.streams import same, stream_message, stream_outcomes, unary_outcome, vector_calls


@pytest.fixture(scope="module")
def server() -> Iterator[ServerHandle]:
    with running_server() as handle:
        yield handle


STREAMED = [game.service for game in registered_games() if "Stream" in game.service.methods_by_name]


@pytest.mark.parametrize("service", STREAMED, ids=[service.name for service in STREAMED])
def test_every_vector_gets_the_same_answer_on_a_stream_as_unary(server: ServerHandle, service: object) -> None:
    calls = [call for call in vector_calls() if call.service is service]
    assert len(calls) > 100
    with server.channel() as channel:
        unary = [unary_outcome(channel, c.service, c.method.name, c.request.SerializeToString()) for c in calls]
        messages = [stream_message(call.service, 1000 + i, call.request) for i, call in enumerate(calls)]
        answers, code, details = stream_outcomes(channel, calls[0].service, messages)
    assert code is grpc.StatusCode.OK, details
    assert [call_id for call_id, _ in answers] == [1000 + i for i in range(len(calls))]
    for call, expected, (_, got) in zip(calls, unary, answers, strict=True):
        assert same(got, expected), f"{call.name}:\n  stream {got}\n  unary  {expected}"
    # The vectors hold answers and errors of every method of the service.
    assert {c.method.name for c in calls} == {m.name for m in calls[0].service.methods} - {"Stream"}
    assert any(o.response is None for o in unary) and any(o.response is not None for o in unary)
