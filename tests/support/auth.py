"""The server's authentication as tests set it up: a tokens file and the flags of a mutual-TLS server.

The line format is written out here rather than taken from ``cardrules.server.tokens``, so the tests check the
server against the documented format, not against itself.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from cardrules.server.tokens import new_token
from tests.support.pki import Pki

__all__ = ["mutual_tls_args", "new_token", "tokens_line", "write_tokens"]


def tokens_line(name: str, token: str) -> str:
    """One line of an ``--auth-tokens`` file: ``NAME sha256:HEX``."""
    return f"{name} sha256:{hashlib.sha256(token.encode()).hexdigest()}"


def write_tokens(path: Path, *callers: tuple[str, str]) -> Path:
    """A tokens file at ``path`` with one line per ``(name, token)``; returns ``path``."""
    path.write_text("".join(tokens_line(name, token) + "\n" for name, token in callers))
    return path


def mutual_tls_args(pki: Pki) -> list[str]:
    """Server flags for TLS with ``pki``'s server certificate, requiring client certificates from its CA."""
    return ["--tls-cert", str(pki.server_cert), "--tls-key", str(pki.server_key), "--tls-client-ca", str(pki.ca_cert)]
