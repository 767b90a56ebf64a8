"""Limits from the configuration: concurrent calls and message size, both answered with RESOURCE_EXHAUSTED."""

from __future__ import annotations

import time

import grpc
import pytest

from tests.support.calls import call, probe
from tests.support.server_process import FAKE_ENTRY, running_server


def test_calls_beyond_the_concurrency_limit_are_rejected() -> None:
    with running_server(["--max-concurrent-calls", "2"], entry=FAKE_ENTRY) as server, server.channel() as channel:
        # Two long calls fill the limit; they are cancelled at the end rather than waited for.
        held = [probe(channel, "Sleep").future(b"60000", timeout=60) for _ in range(2)]
        try:
            deadline = time.monotonic() + 30  # generous: the machine may be loaded
            rejected = None
            # Until both held calls have reached the server, a third one may still get through: retry. A probe
            # admitted just before a held call arrives gets that held call refused instead: send it again.
            while rejected is None:
                assert time.monotonic() < deadline, "no call was rejected while two were in flight"
                held = [f if not f.done() else probe(channel, "Sleep").future(b"60000", timeout=60) for f in held]
                try:
                    call(channel, "Pid")
                    time.sleep(0.05)
                except grpc.RpcError as error:
                    rejected = error
            assert rejected.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        finally:
            for future in held:
                future.cancel()
        # Once the held calls are gone, the server accepts calls again.
        deadline = time.monotonic() + 15
        while True:
            try:
                assert int(call(channel, "Pid")) == server.process.pid
                break
            except grpc.RpcError as error:
                assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
                assert time.monotonic() < deadline, "server still rejects calls after the held ones ended"
                time.sleep(0.1)


def test_oversized_request_is_rejected() -> None:
    with running_server(["--max-message-bytes", "1024"], entry=FAKE_ENTRY) as server, server.channel() as channel:
        assert call(channel, "Echo", b"x" * 900) == b"x" * 900
        with pytest.raises(grpc.RpcError) as error:
            call(channel, "Echo", b"x" * 2000)
        assert error.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        # The server is still fine afterwards.
        assert call(channel, "Echo", b"ok") == b"ok"
