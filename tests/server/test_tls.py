"""TLS: with --tls-cert/--tls-key the server speaks TLS only."""

from __future__ import annotations

from pathlib import Path

import grpc
import pytest

from tests.support.calls import call
from tests.support.server_process import FAKE_ENTRY, new_channel, running_server

TLS_DIR = Path(__file__).parent / "tls"


def test_tls_server_answers_tls_clients_only() -> None:
    cert = TLS_DIR / "server.crt"
    args = ["--tls-cert", str(cert), "--tls-key", str(TLS_DIR / "server.key")]
    with running_server(args, entry=FAKE_ENTRY, root_certificates=cert.read_bytes()) as server:
        with server.channel() as channel:
            assert int(call(channel, "Pid")) == server.process.pid
        with new_channel(server.target) as plaintext, pytest.raises(grpc.RpcError) as error:
            call(plaintext, "Pid")
        assert error.value.code() == grpc.StatusCode.UNAVAILABLE
        assert next(r for r in server.logs() if r["event"] == "server started")["tls"] is True
