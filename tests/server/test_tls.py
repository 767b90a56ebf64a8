"""TLS: with --tls-cert/--tls-key the server speaks TLS only; with --tls-client-ca only certificates from that CA
that are meant for clients (extended key usage clientAuth) are served."""

from __future__ import annotations

import ssl
from pathlib import Path

import grpc
import pytest

from cardrules.server.certificates import CLIENT_AUTH, extended_key_usages, is_client_certificate
from tests.support.auth import mutual_tls_args
from tests.support.calls import call
from tests.support.pki import Pki, make_pki
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


# --- mutual TLS: which certificates count as a client's ----------------------------------------------------------


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Pki:
    return make_pki(tmp_path_factory.mktemp("pki"))


@pytest.mark.parametrize(
    ("usage", "is_client"),
    [
        ("clientAuth", True),
        ("serverAuth,clientAuth", True),
        (None, False),  # no extension: X.509's "any purpose", which the handshake lets through
        ("serverAuth", False),
        ("codeSigning", False),
        ("anyExtendedKeyUsage", False),
    ],
)
def test_only_certificates_listing_client_auth_are_client_certificates(
    pki: Pki, usage: str | None, is_client: bool
) -> None:
    certificate = pki.client(f"eku-{usage or 'none'}".replace(",", "-"), extended_key_usage=usage)
    assert is_client_certificate(certificate.cert_pem) is is_client


def test_the_extended_key_usage_is_read_from_the_certificate(pki: Pki) -> None:
    der = ssl.PEM_cert_to_DER_cert(pki.client("two-usages", "serverAuth,clientAuth").cert_pem.decode())
    assert extended_key_usages(der) == [bytes.fromhex("2b06010505070301"), CLIENT_AUTH]
    assert extended_key_usages(ssl.PEM_cert_to_DER_cert(pki.ca_pem.decode())) is None  # the CA has none


def test_anything_unreadable_is_not_a_client_certificate(pki: Pki) -> None:
    pem = pki.client("cut-short").cert_pem
    der = ssl.PEM_cert_to_DER_cert(pem.decode())
    assert is_client_certificate(pem)
    for cut in (0, 1, 2, 10, len(der) // 2, len(der) - 1):
        assert not is_client_certificate(ssl.DER_cert_to_PEM_cert(der[:cut]).encode()), cut
    assert not is_client_certificate(b"not a certificate")
    assert not is_client_certificate("-----BEGIN CERTIFICATE-----\nÿÿ\n-----END CERTIFICATE-----\n".encode())


def test_a_certificate_from_our_ca_without_client_auth_is_refused(pki: Pki) -> None:
    """The handshake refuses the server's own certificate (serverAuth only); one without any extended key usage
    passes the handshake and is refused by the server (UNAUTHENTICATED); a clientAuth one is served."""
    alice = pki.client("alice")
    no_usage = pki.client("no-usage", extended_key_usage=None)
    server_certificate = (pki.server_cert.read_bytes(), pki.server_key.read_bytes())
    with running_server(
        mutual_tls_args(pki), entry=FAKE_ENTRY, root_certificates=pki.ca_pem, client_certificate=alice.pem_pair
    ) as server:
        with new_channel(server.target, pki.ca_pem, alice.pem_pair) as channel:
            assert int(call(channel, "Pid")) == server.process.pid
        for offered, code in (
            (server_certificate, grpc.StatusCode.UNAVAILABLE),
            (no_usage.pem_pair, grpc.StatusCode.UNAUTHENTICATED),
        ):
            with new_channel(server.target, pki.ca_pem, offered) as channel, pytest.raises(grpc.RpcError) as error:
                call(channel, "Pid")
            assert error.value.code() == code
        refused = server.wait_for_log(lambda r: r.get("code") == "UNAUTHENTICATED")
        assert (refused["level"], refused["caller"]) == ("warning", "unauthenticated")
