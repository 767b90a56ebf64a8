"""Who is calling: the caller's name from a bearer token, a client certificate (mutual TLS), or both.

With neither configured every caller is ``anonymous``. With tokens, a call needs ``authorization: Bearer
TOKEN`` naming a caller of the tokens file. With mutual TLS the handshake already refused clients without a
certificate our CA signed, so every call carries one; it must also list ``clientAuth`` in its extended key usage
(certificates.py: grpc accepts one without the extension, e.g. a server's), and its common name is the caller's
name. With both, a call needs both and is named by its token (the certificate says which machine, the token which
application).
"""

from __future__ import annotations

from typing import Any

import grpc

from cardrules.server.certificates import is_client_certificate
from cardrules.server.tokens import TokenSource

ANONYMOUS = "anonymous"  # auth is off
UNAUTHENTICATED = "unauthenticated"  # auth is on and the call did not prove who it is

_BEARER = "bearer "


class Authenticator:
    def __init__(self, tokens: TokenSource | None, mutual_tls: bool) -> None:
        self._tokens = tokens
        self._mutual_tls = mutual_tls
        self.enabled = tokens is not None or mutual_tls

    def caller(self, context: grpc.aio.ServicerContext[Any, Any]) -> str | None:
        """The caller's name, or None when the call must be refused."""
        if not self.enabled:
            return ANONYMOUS
        name = _certificate_name(context) if self._mutual_tls else None
        if self._mutual_tls and name is None:
            return None
        if self._tokens is not None:
            token = _bearer_token(context)
            return None if token is None else self._tokens.current().caller(token)
        return name


def _bearer_token(context: grpc.aio.ServicerContext[Any, Any]) -> str | None:
    for key, value in context.invocation_metadata() or ():
        if key == "authorization" and isinstance(value, str):
            # The scheme is case-insensitive (RFC 9110); exactly one space before the token, as clients send it.
            return value[len(_BEARER) :] if value[: len(_BEARER)].lower() == _BEARER else None
    return None


def _certificate_name(context: grpc.aio.ServicerContext[Any, Any]) -> str | None:
    """The client certificate's common name, if the handshake accepted one that is meant for clients."""
    auth = context.auth_context()
    certificates = list(auth.get("x509_pem_cert") or ())
    if not certificates or not is_client_certificate(certificates[0]):
        return None
    names = list(auth.get("x509_common_name") or ())
    if not names:
        return None
    name = names[0].decode(errors="replace")
    return name or None
