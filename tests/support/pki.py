"""A throw-away certificate authority for TLS and mTLS tests: a CA, a server certificate and client certificates.

    pki = make_pki(tmp_path)                 # CA + server cert for localhost / 127.0.0.1
    alice = pki.client("alice")              # client cert signed by the same CA, CN=alice
    other = make_pki(tmp_path / "other")     # an unrelated CA: its clients must be refused

Built with the ``openssl`` command line (EC P-256 keys, valid for one day), so the files are exactly what an
operator would make; every path is a PEM file.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path


def _openssl(*args: str, cwd: Path) -> None:
    openssl = shutil.which("openssl")
    assert openssl is not None, "openssl is not on PATH: the TLS tests need it"
    subprocess.run([openssl, *args], cwd=cwd, check=True, capture_output=True, timeout=60)


@dataclass(frozen=True)
class ClientCertificate:
    name: str
    cert: Path
    key: Path

    @property
    def cert_pem(self) -> bytes:
        return self.cert.read_bytes()

    @property
    def key_pem(self) -> bytes:
        return self.key.read_bytes()

    @property
    def pem_pair(self) -> tuple[bytes, bytes]:
        """(certificate, key), as a channel presents them."""
        return self.cert_pem, self.key_pem


@dataclass(frozen=True)
class Pki:
    directory: Path
    ca_cert: Path
    ca_key: Path
    server_cert: Path
    server_key: Path

    @property
    def ca_pem(self) -> bytes:
        return self.ca_cert.read_bytes()

    def client(self, name: str, extended_key_usage: str | None = "clientAuth") -> ClientCertificate:
        """A client certificate with common name ``name`` (and the same DNS name), signed by this CA, with this
        extended key usage (openssl's spelling, e.g. ``serverAuth,clientAuth``; None: no such extension)."""
        key, csr, cert = (self.directory / f"client-{name}.{ext}" for ext in ("key", "csr", "crt"))
        ext = self.directory / f"client-{name}.ext"
        usage = "" if extended_key_usage is None else f"extendedKeyUsage={extended_key_usage}\n"
        ext.write_text(f"subjectAltName=DNS:{name}\n{usage}")
        _openssl("ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", str(key), cwd=self.directory)
        _openssl("req", "-new", "-key", str(key), "-subj", f"/CN={name}", "-out", str(csr), cwd=self.directory)
        _openssl(
            "x509", "-req", "-in", str(csr), "-CA", str(self.ca_cert), "-CAkey", str(self.ca_key),
            "-CAcreateserial", "-days", "1", "-extfile", str(ext), "-out", str(cert), cwd=self.directory,
        )  # fmt: skip
        return ClientCertificate(name, cert, key)


def make_pki(directory: Path, server_names: tuple[str, ...] = ("localhost",)) -> Pki:
    """A new CA in ``directory`` (created if needed) and a server certificate for ``server_names`` and 127.0.0.1."""
    directory.mkdir(parents=True, exist_ok=True)
    ca_key, ca_cert = directory / "ca.key", directory / "ca.crt"
    _openssl("ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", str(ca_key), cwd=directory)
    _openssl(
        "req", "-x509", "-new", "-key", str(ca_key), "-subj", "/CN=cardrules test CA", "-days", "1",
        "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
        "-out", str(ca_cert), cwd=directory,
    )  # fmt: skip
    key, csr, cert, ext = (directory / f"server.{e}" for e in ("key", "csr", "crt", "ext"))
    sans = ",".join([*(f"DNS:{n}" for n in server_names), "IP:127.0.0.1"])
    ext.write_text(f"subjectAltName={sans}\nextendedKeyUsage=serverAuth\n")
    _openssl("ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", str(key), cwd=directory)
    _openssl("req", "-new", "-key", str(key), "-subj", f"/CN={server_names[0]}", "-out", str(csr), cwd=directory)
    _openssl(
        "x509", "-req", "-in", str(csr), "-CA", str(ca_cert), "-CAkey", str(ca_key), "-CAcreateserial",
        "-days", "1", "-extfile", str(ext), "-out", str(cert), cwd=directory,
    )  # fmt: skip
    return Pki(directory, ca_cert, ca_key, cert, key)
