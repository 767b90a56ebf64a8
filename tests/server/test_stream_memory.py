"""Streams whose client writes and never reads hold a bounded amount of the server's memory (docs/limits.md,
"Memory"), and other callers keep getting answers meanwhile.

A real server process (one worker) is flooded by a client process (tests/support/stream_flood.py) that writes to
many streams as fast as flow control lets it and never reads an answer; the server's resident memory is sampled
from /proc while a third party makes unary calls. Memory is asserted, never time: each flood lasts a fixed few
seconds, and a slower machine only sends less.
"""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest

from tests.support.server_process import ServerHandle, running_server
from tests.support.stream_flood import FloodRun, flood_server, stream_memory_bound_bytes

FLOOD_SECONDS = "6"


@pytest.fixture(scope="module")
def server() -> Iterator[ServerHandle]:
    # Room for all 200 streams, so that every one of them is held back rather than refused.
    args = ["--max-open-streams", "200", "--log-level", "warning"]
    with running_server(args) as handle:
        yield handle


def _check(run: FloodRun, streams: int) -> None:
    bound = stream_memory_bound_bytes(streams, run.result["message_bytes"])
    assert run.result["ended_early"] == {}, run.result  # every stream stayed open, held back by flow control
    assert run.growth_bytes <= bound, (
        f"RSS grew {run.growth_bytes / 2**20:.1f} MiB over the bound of {bound / 2**20:.1f} MiB: {run}"
    )
    assert run.unary_codes and set(run.unary_codes) == {grpc.StatusCode.OK}, run.unary_codes


def test_200_streams_that_never_read_hold_bounded_memory_and_unary_calls_are_answered(server: ServerHandle) -> None:
    """The issue's second case: 200 streams of 20 KB ScoreLieng messages (30 KB answers) on 2 connections, from a
    client whose own receive window stays at 64 KiB, so that the server's answers back up at once."""
    args = ["--streams", "200", "--connections", "2", "--message", "score-lieng", "--client-window", "65535"]
    _check(flood_server(server, [*args, "--seconds", FLOOD_SECONDS]), streams=200)


def test_streams_of_200_kb_messages_on_one_connection_hold_bounded_memory(server: ServerHandle) -> None:
    """The issue's first case: 20 streams of 200 KB messages (small answers) on one connection."""
    args = ["--streams", "20", "--connections", "1", "--message", "padded:200000"]
    _check(flood_server(server, [*args, "--seconds", FLOOD_SECONDS]), streams=20)


def test_streams_that_never_read_small_answers_leave_the_unary_callers_their_calls(server: ServerHandle) -> None:
    """100 streams of small messages whose client never reads (its receive window 1 KiB): each stream may hold up
    to 100 answers waiting for it, 10,000 in all, and those hold no admission slot (docs/streams.md, "Calls in
    flight per server"), so the unary calls beside them are answered, not refused RESOURCE_EXHAUSTED at the
    default limit of 1000 calls in flight."""
    args = ["--streams", "100", "--connections", "1", "--message", "padded:200", "--client-window", "1024"]
    _check(flood_server(server, [*args, "--seconds", FLOOD_SECONDS]), streams=100)
