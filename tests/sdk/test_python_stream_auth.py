"""Stream mode against the real server with authentication on: the token opens the stream (plaintext through the
SDK's interceptor, TLS through call credentials with a client certificate), and a stream refused at open fails its
calls with UNAUTHENTICATED at once, sync and async.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardrules.client import LiengClient, RulesError, UnauthenticatedError
from cardrules.client.aio import AsyncLiengClient
from tests.support.auth import mutual_tls_args, new_token, write_tokens
from tests.support.calls import metric_samples
from tests.support.counting import settled
from tests.support.pki import Pki, make_pki
from tests.support.server_process import ServerHandle, running_server

TOKEN = new_token()
WRONG_TOKEN = new_token()
HANDS = ["AC AD AH", "KS QS JS", "10♥ 9♥ 5♣"]
EXPECTED = ["Trips A", "Straight J-Q-K", "4 points"]


def _tokens_file(directory: Path) -> Path:
    return write_tokens(directory / "callers", ("backend", TOKEN))


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Pki:
    return make_pki(tmp_path_factory.mktemp("pki"))


@pytest.fixture(scope="module")
def server(pki: Pki, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerHandle]:
    """Mutual TLS and tokens at once: a stream needs a certificate from our CA and a valid token."""
    args = [*mutual_tls_args(pki), "--auth-tokens", str(_tokens_file(tmp_path_factory.mktemp("tokens")))]
    prober = pki.client("prober")
    with running_server(
        [*args, "--workers", "1", "--log-level", "warning"],
        root_certificates=pki.ca_pem,
        client_certificate=(prober.cert_pem, prober.key_pem),
    ) as handle:
        yield handle


@pytest.fixture(scope="module")
def plaintext_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerHandle]:
    args = ["--auth-tokens", str(_tokens_file(tmp_path_factory.mktemp("plain-tokens"))), "--workers", "1"]
    with running_server([*args, "--log-level", "warning"]) as handle:
        yield handle


def scores(mode: str, target: str, **settings: Any) -> list[Any]:
    """Each hand scored on its own call, all at once, over two streams: the labels, or the error each raised."""

    async def run() -> list[Any]:
        async with AsyncLiengClient.connect(target, streams=2, timeout=10, **settings) as lieng:
            calls = [lieng.score_lieng(hands=[hand]) for hand in HANDS]
            return list(await asyncio.gather(*calls, return_exceptions=True))

    if mode == "async":
        answers = asyncio.run(run())
    else:
        with LiengClient.connect(target, streams=2, timeout=10, **settings) as lieng:
            answers = []
            for hand in HANDS:
                try:
                    answers.append(lieng.score_lieng(hands=[hand]))
                except RulesError as error:
                    answers.append(error)
    return [answer if isinstance(answer, Exception) else answer.scores[0].label.en for answer in answers]


def streamed_by(server: ServerHandle, caller: str) -> float:
    """Stream messages the server answered for ``caller``, from its metrics."""
    return sum(
        value
        for (name, labels), value in metric_samples(server).items()
        if name == "cardrules_rpc_calls_total" and {("transport", "stream"), ("caller", caller)} <= labels
    )


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_a_token_over_plaintext_opens_the_streams(mode: str, plaintext_server: ServerHandle) -> None:
    before = settled(lambda: streamed_by(plaintext_server, "backend"))
    assert scores(mode, plaintext_server.target, token=TOKEN) == EXPECTED
    assert settled(lambda: streamed_by(plaintext_server, "backend")) == before + len(HANDS)
    for token in (None, WRONG_TOKEN):
        refused = scores(mode, plaintext_server.target, token=token)
        assert all(isinstance(error, UnauthenticatedError) for error in refused), refused
        assert {error.message for error in refused} == {"missing or invalid credentials"}


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_mutual_tls_and_a_token_open_the_streams(mode: str, server: ServerHandle, pki: Pki) -> None:
    backend = pki.client("backend")
    tls: dict[str, Any] = {
        "root_certificates": pki.ca_pem,
        "certificate_chain": backend.cert_pem,
        "private_key": backend.key_pem,
    }
    assert scores(mode, server.target, token=TOKEN, **tls) == EXPECTED
    refused = scores(mode, server.target, token=WRONG_TOKEN, **tls)
    assert all(isinstance(error, UnauthenticatedError) for error in refused), refused
