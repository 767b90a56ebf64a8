"""The Python SDK's credentials against in-test servers: the bearer token on every call (plaintext through an
interceptor, TLS through call credentials), client certificates for mutual TLS, and UNAUTHENTICATED as a typed
error that is never retried. The end-to-end tests against the real server are in test_python_auth.py.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator, Mapping
from concurrent import futures
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
import pytest

from cardrules.client import LiengClient, UnauthenticatedError, UnavailableError, connect
from cardrules.client.aio import AsyncLiengClient
from cardrules.client.aio import connect as aio_connect
from cardrules.client.tools.conformance import main as conformance_main
from cardrules.v1 import lieng_pb2, lieng_pb2_grpc
from tests.support.pki import Pki, make_pki

TOKEN = "t0k3n-Of_the.caller~"


@dataclass
class Guarded(lieng_pb2_grpc.LiengServiceServicer):
    """Answers ScoreLieng only to a caller with the expected token; records every call's credentials."""

    token: str
    authorizations: list[list[str]] = field(default_factory=list)
    tables: list[str | None] = field(default_factory=list)
    peers: list[list[bytes]] = field(default_factory=list)  # the client certificate's CN, under mutual TLS
    lock: threading.Lock = field(default_factory=threading.Lock)

    def ScoreLieng(
        self, request: lieng_pb2.ScoreLiengRequest, context: grpc.ServicerContext
    ) -> lieng_pb2.ScoreLiengResponse:
        metadata = context.invocation_metadata()
        # grpcio gives a list of values per property; its type stubs say a single bytes.
        auth: Mapping[str, Any] = context.auth_context()
        sent = [str(value) for key, value in metadata if key == "authorization"]
        with self.lock:
            self.authorizations.append(sent)
            self.tables.append(next((str(value) for key, value in metadata if key == "x-table"), None))
            self.peers.append(list(auth.get("x509_common_name", ())))
        if sent != [f"Bearer {self.token}"]:
            context.abort(grpc.StatusCode.UNAUTHENTICATED, "missing or invalid credentials")
        return lieng_pb2.ScoreLiengResponse(scores=[lieng_pb2.LiengScore(points=len(request.hands))])


@dataclass
class Served:
    target: str
    servicer: Guarded


def _serve(credentials: grpc.ServerCredentials | None = None) -> tuple[grpc.Server, Served]:
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    servicer = Guarded(TOKEN)  # type: ignore[abstract]  # only the RPCs this test calls; the runtime base answers the others UNIMPLEMENTED
    lieng_pb2_grpc.add_LiengServiceServicer_to_server(servicer, server)
    if credentials is None:
        port = server.add_insecure_port("127.0.0.1:0")
    else:
        port = server.add_secure_port("127.0.0.1:0", credentials)
    server.start()
    return server, Served(f"127.0.0.1:{port}", servicer)


@pytest.fixture
def plaintext() -> Iterator[Served]:
    server, served = _serve()
    yield served
    server.stop(grace=None)


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Pki:
    return make_pki(tmp_path_factory.mktemp("pki"))


@pytest.fixture
def mutual_tls(pki: Pki) -> Iterator[Served]:
    credentials = grpc.ssl_server_credentials(
        [(pki.server_key.read_bytes(), pki.server_cert.read_bytes())],
        root_certificates=pki.ca_pem,
        require_client_auth=True,
    )
    server, served = _serve(credentials)
    yield served
    server.stop(grace=None)


def test_the_token_rides_on_every_call_of_a_plaintext_channel(plaintext: Served) -> None:
    with connect(plaintext.target, token=TOKEN) as channel:
        client = LiengClient(channel, metadata=[("x-table", "7")])
        assert client.score_lieng(hands=["AC AD AH"]).scores[0].points == 1
        assert client.score_lieng(hands=["AC AD AH", "2S 3S 4S"]).scores[0].points == 2
        # A raw stub on the same channel gets it too: the interceptor is the channel's, not the client's.
        stub = lieng_pb2_grpc.LiengServiceStub(channel)
        stub.ScoreLieng(lieng_pb2.ScoreLiengRequest())
    assert plaintext.servicer.authorizations == [[f"Bearer {TOKEN}"]] * 3
    assert plaintext.servicer.tables == ["7", "7", None]  # the caller's own metadata is kept


def test_without_the_token_a_call_is_unauthenticated_and_not_retried(plaintext: Served) -> None:
    with connect(plaintext.target) as channel, pytest.raises(UnauthenticatedError) as raised:
        LiengClient(channel).score_lieng(hands=["AC AD AH"])
    assert raised.value.code == grpc.StatusCode.UNAUTHENTICATED
    assert raised.value.message == "missing or invalid credentials"
    with connect(plaintext.target, token="someone-else") as channel, pytest.raises(UnauthenticatedError):
        LiengClient(channel).score_lieng(hands=["AC AD AH"])
    # One attempt each: the retry policy covers UNAVAILABLE and CANCELLED only.
    assert plaintext.servicer.authorizations == [[], ["Bearer someone-else"]]


def test_async_channels_send_the_token_too(plaintext: Served) -> None:
    async def scenario() -> None:
        async with aio_connect(plaintext.target, token=TOKEN) as channel:
            client = AsyncLiengClient(channel, metadata=[("x-table", "9")])
            assert (await client.score_lieng(hands=["AC AD AH"])).scores[0].points == 1
            assert (await client.score_lieng(hands=["2S 3S 4S"])).scores[0].points == 1
        async with aio_connect(plaintext.target, default_timeout=None) as channel:
            with pytest.raises(UnauthenticatedError):
                await AsyncLiengClient(channel).score_lieng(hands=["AC AD AH"])

    asyncio.run(scenario())
    assert plaintext.servicer.authorizations == [[f"Bearer {TOKEN}"], [f"Bearer {TOKEN}"], []]
    assert plaintext.servicer.tables == ["9", "9", None]


def test_mutual_tls_with_a_token_as_call_credentials(mutual_tls: Served, pki: Pki) -> None:
    alice = pki.client("alice")
    with connect(
        mutual_tls.target,
        root_certificates=pki.ca_pem,
        certificate_chain=alice.cert_pem,
        private_key=alice.key_pem,
        token=TOKEN,
    ) as channel:
        assert LiengClient(channel).score_lieng(hands=["AC AD AH"]).scores[0].points == 1

    async def scenario() -> None:
        async with aio_connect(
            mutual_tls.target,
            root_certificates=pki.ca_pem,
            certificate_chain=alice.cert_pem,
            private_key=alice.key_pem,
            token=TOKEN,
        ) as channel:
            assert (await AsyncLiengClient(channel).score_lieng(hands=["AC AD AH"])).scores[0].points == 1

    asyncio.run(scenario())
    assert mutual_tls.servicer.authorizations == [[f"Bearer {TOKEN}"]] * 2
    assert mutual_tls.servicer.peers == [[b"alice"]] * 2


def test_mutual_tls_refuses_a_client_without_a_certificate(mutual_tls: Served, pki: Pki) -> None:
    with (
        connect(mutual_tls.target, root_certificates=pki.ca_pem, token=TOKEN, retry=False) as channel,
        pytest.raises(UnavailableError),
    ):
        LiengClient(channel, timeout=10).score_lieng(hands=["AC AD AH"])
    assert mutual_tls.servicer.authorizations == []  # refused at the handshake: no call reached the servicer


@pytest.mark.parametrize("token", ["", "two words", "line\nbreak", "tëst"])
def test_a_token_that_cannot_be_one_header_value_is_refused_locally(token: str) -> None:
    with pytest.raises(ValueError, match="token"):
        connect("127.0.0.1:1", token=token)
    with pytest.raises(ValueError, match="token"):
        aio_connect("127.0.0.1:1", token=token)


def test_a_client_certificate_needs_its_key() -> None:
    with pytest.raises(ValueError, match="certificate_chain and private_key"):
        connect("127.0.0.1:1", certificate_chain=b"pem")
    with pytest.raises(ValueError, match="certificate_chain and private_key"):
        aio_connect("127.0.0.1:1", private_key=b"pem")


def test_conformance_runner_refuses_half_a_client_certificate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert conformance_main([str(tmp_path), "--cert", str(tmp_path / "alice.crt")]) == 2
    assert "--cert and --key go together" in capsys.readouterr().err
    assert conformance_main([str(tmp_path), "--token", "two words"]) == 2
    assert "bad token" in capsys.readouterr().err
