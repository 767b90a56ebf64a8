"""The Python SDK end to end against the real server with authentication on: bearer tokens (plaintext, through
the SDK's interceptor) and mutual TLS with a token (call credentials), the conformance runner with credentials,
UNAUTHENTICATED as a typed error, and health open to probes. Auth off is covered by the other SDK tests.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2

from cardrules.client import LiengClient, UnauthenticatedError, UnavailableError, connect
from cardrules.client.aio import AsyncLiengClient
from cardrules.client.aio import connect as aio_connect
from cardrules.v1 import lieng_pb2
from tests.support.auth import mutual_tls_args, new_token, write_tokens
from tests.support.pki import Pki, make_pki
from tests.support.server_process import REPO_ROOT, ServerHandle, running_server

VECTORS = REPO_ROOT / "tests" / "vectors"
TOKEN = new_token()
WRONG_TOKEN = new_token()


def _tokens_file(directory: Path) -> Path:
    return write_tokens(directory / "callers", ("backend", TOKEN))


def _run_conformance(
    vectors: Path, target: str, *flags: str, env_token: str | None = None
) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "CARDRULES_TOKEN"}
    if env_token is not None:
        env["CARDRULES_TOKEN"] = env_token
    command = [sys.executable, "-m", "cardrules.client.tools.conformance", str(vectors), "--target", target, *flags]
    return subprocess.run(command, capture_output=True, text=True, timeout=300, check=False, cwd=REPO_ROOT, env=env)


def _assert_all_pass(done: subprocess.CompletedProcess[str]) -> None:
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    assert done.returncode == 0 and last.endswith(" passed, 0 failed"), done.stdout[-4000:] + done.stderr
    assert int(last.split()[0]) > 0


def _one_case(directory: Path) -> Path:
    """A vectors folder with a single answered case: enough to see whether a call got through."""
    hand = {"cards": [{"rank": "RANK_ACE", "suit": suit} for suit in ("SUIT_CLUBS", "SUIT_DIAMONDS", "SUIT_HEARTS")]}
    case = {
        "name": "trips of aces",
        "service": "cardrules.v1.LiengService",
        "method": "ScoreLieng",
        "request": {"hands": [hand]},
        "expect": {"response": {"scores": [{"tier": "LIENG_TIER_SAP"}]}},
    }
    directory.mkdir()
    (directory / "one.json").write_text(json.dumps({"description": "one case", "cases": [case]}))
    return directory


@pytest.fixture(scope="module")
def token_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerHandle]:
    with running_server(["--auth-tokens", str(_tokens_file(tmp_path_factory.mktemp("tokens")))]) as server:
        yield server


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Pki:
    return make_pki(tmp_path_factory.mktemp("pki"))


@pytest.fixture(scope="module")
def mutual_tls_server(pki: Pki, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerHandle]:
    """Mutual TLS and tokens at once: a call needs a certificate from our CA and a valid token."""
    args = [*mutual_tls_args(pki), "--auth-tokens", str(_tokens_file(tmp_path_factory.mktemp("mtls-tokens")))]
    prober = pki.client("prober")
    with running_server(
        args, root_certificates=pki.ca_pem, client_certificate=(prober.cert_pem, prober.key_pem)
    ) as server:
        yield server


def test_runner_with_the_token_passes_every_vector(token_server: ServerHandle) -> None:
    _assert_all_pass(_run_conformance(VECTORS, token_server.target, "--token", TOKEN))


def test_runner_takes_the_token_from_the_environment(token_server: ServerHandle, tmp_path: Path) -> None:
    vectors = _one_case(tmp_path / "vectors")
    _assert_all_pass(_run_conformance(vectors, token_server.target, env_token=TOKEN))
    refused = _run_conformance(vectors, token_server.target)
    assert refused.returncode == 1, refused.stdout + refused.stderr
    assert "failed with UNAUTHENTICATED: missing or invalid credentials" in refused.stdout
    assert refused.stdout.endswith("0 passed, 1 failed\n")


def test_without_or_with_a_wrong_token_a_call_is_unauthenticated(token_server: ServerHandle) -> None:
    with connect(token_server.target, token=TOKEN) as channel:
        assert LiengClient(channel).score_lieng(hands=["AC AD AH"]).scores[0].tier == lieng_pb2.LIENG_TIER_SAP
    for token in (None, WRONG_TOKEN):
        with connect(token_server.target, token=token) as channel, pytest.raises(UnauthenticatedError) as raised:
            LiengClient(channel).score_lieng(hands=["AC AD AH"])
        assert raised.value.code == grpc.StatusCode.UNAUTHENTICATED
        assert raised.value.message == "missing or invalid credentials"

    async def scenario() -> None:
        async with aio_connect(token_server.target, token=TOKEN) as channel:
            assert len((await AsyncLiengClient(channel).score_lieng(hands=["AC AD AH", "2S 3H 4D"])).scores) == 2
        async with aio_connect(token_server.target, token=WRONG_TOKEN) as channel:
            with pytest.raises(UnauthenticatedError):
                await AsyncLiengClient(channel).score_lieng(hands=["AC AD AH"])

    asyncio.run(scenario())
    refused = token_server.wait_for_log(lambda r: r.get("event") == "rpc" and r.get("code") == "UNAUTHENTICATED")
    assert refused["caller"] == "unauthenticated"
    accepted = token_server.wait_for_log(lambda r: r.get("event") == "rpc" and r.get("code") == "OK")
    assert accepted["caller"] == "backend"
    output = token_server.stdout() + token_server.stderr()
    assert TOKEN not in output and WRONG_TOKEN not in output  # no log line names a token, good or bad


def test_health_answers_without_a_token(token_server: ServerHandle) -> None:
    # Through the SDK's channel without a token, as a load balancer's or Kubernetes' probe would call it.
    with connect(token_server.target) as channel:
        check = channel.unary_unary(
            "/grpc.health.v1.Health/Check",
            request_serializer=health_pb2.HealthCheckRequest.SerializeToString,
            response_deserializer=health_pb2.HealthCheckResponse.FromString,
        )
        response = check(health_pb2.HealthCheckRequest())
    assert response.status == health_pb2.HealthCheckResponse.SERVING


def test_mutual_tls_and_token_pass_every_vector(mutual_tls_server: ServerHandle, pki: Pki) -> None:
    alice = pki.client("alice")
    flags = ["--ca", str(pki.ca_cert), "--cert", str(alice.cert), "--key", str(alice.key)]
    _assert_all_pass(_run_conformance(VECTORS, mutual_tls_server.target, *flags, env_token=TOKEN))


def test_mutual_tls_accepts_our_clients_and_refuses_others(
    mutual_tls_server: ServerHandle, pki: Pki, tmp_path: Path
) -> None:
    alice = pki.client("alice")
    stranger = make_pki(tmp_path / "other").client("alice")  # same name, another CA
    target, roots = mutual_tls_server.target, pki.ca_pem
    with connect(
        target, root_certificates=roots, certificate_chain=alice.cert_pem, private_key=alice.key_pem, token=TOKEN
    ) as channel:
        assert len(LiengClient(channel).score_lieng(hands=["AC AD AH"]).scores) == 1

    async def scenario() -> None:
        async with aio_connect(
            target, root_certificates=roots, certificate_chain=alice.cert_pem, private_key=alice.key_pem, token=TOKEN
        ) as channel:
            assert len((await AsyncLiengClient(channel).score_lieng(hands=["AC AD AH"])).scores) == 1

    asyncio.run(scenario())
    # Refused at the handshake, before any token is looked at: UNAVAILABLE (after the channel's retries).
    for certificate in (None, stranger):
        chain, key = (certificate.cert_pem, certificate.key_pem) if certificate else (None, None)
        with (
            connect(target, root_certificates=roots, certificate_chain=chain, private_key=key, token=TOKEN) as channel,
            pytest.raises(UnavailableError),
        ):
            LiengClient(channel, timeout=10).score_lieng(hands=["AC AD AH"])
    # A good certificate does not replace the token when both are required.
    with (
        connect(target, root_certificates=roots, certificate_chain=alice.cert_pem, private_key=alice.key_pem) as ch,
        pytest.raises(UnauthenticatedError),
    ):
        LiengClient(ch).score_lieng(hands=["AC AD AH"])
