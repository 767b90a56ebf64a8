"""Credentials for a server with authentication on: a bearer token on every call, TLS and client certificates.

On a TLS channel the token travels as gRPC call credentials. gRPC refuses call credentials on a plaintext
channel (they would leak to anyone on the path), so there an interceptor adds the same ``authorization``
metadata instead: that is only for trusted networks and local use, where the link itself is private.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import grpc

from cardrules.client.channel import CallDetails

__all__ = [
    "AUTHORIZATION",
    "AsyncBearerToken",
    "AsyncStreamBearerToken",
    "BearerToken",
    "authorization_value",
    "channel_credentials",
    "check_token",
]

AUTHORIZATION = "authorization"

# A token is one header value: printable ASCII without spaces, so "Bearer <token>" is unambiguous and gRPC
# accepts it as metadata. RFC 6750's token68 characters fit, and so does anything secrets.token_urlsafe makes.
_TOKEN = re.compile(r"[\x21-\x7e]+")


def check_token(token: str | None) -> str | None:
    """``token`` itself, once known to be None or one header-safe word (a typo then fails here, not remotely)."""
    if token is None:
        return None
    if not isinstance(token, str) or not _TOKEN.fullmatch(token):
        raise ValueError("a token must be a non-empty string of printable ASCII characters without spaces")
    return token


def authorization_value(token: str) -> str:
    """The ``authorization`` metadata value the server expects: ``Bearer <token>``."""
    return f"Bearer {token}"


def channel_credentials(
    *,
    credentials: grpc.ChannelCredentials | None = None,
    call_credentials: grpc.CallCredentials | None = None,
    secure: bool = False,
    root_certificates: bytes | None = None,
    certificate_chain: bytes | None = None,
    private_key: bytes | None = None,
    token: str | None = None,
) -> grpc.ChannelCredentials | None:
    """The channel's credentials (with the token and ``call_credentials`` as call credentials), or None for a
    plaintext channel.

    ``credentials`` are any ``grpc.ChannelCredentials`` you built (``grpc.ssl_channel_credentials(...)``,
    ``grpc.local_channel_credentials()``, ALTS …); otherwise TLS is on when ``secure`` or when any certificate is
    given, and ``certificate_chain`` and ``private_key`` (PEM) are the client's certificate for a server that
    requires mutual TLS. gRPC sends call credentials only over a secure channel, so ``call_credentials`` need one.
    """
    if (certificate_chain is None) != (private_key is None):
        raise ValueError("certificate_chain and private_key go together: give both for mutual TLS, or neither")
    tls_asked = secure or root_certificates is not None or certificate_chain is not None
    if credentials is not None and tls_asked:
        raise ValueError("give either credentials or secure/root_certificates/certificate_chain/private_key, not both")
    if credentials is None and tls_asked:
        credentials = grpc.ssl_channel_credentials(
            root_certificates=root_certificates, private_key=private_key, certificate_chain=certificate_chain
        )
    if credentials is None:
        if call_credentials is not None:
            raise ValueError(
                "call_credentials need a secure channel (gRPC sends them only over TLS or local credentials): "
                "add secure=True, root_certificates or credentials"
            )
        return None
    per_call = [] if token is None else [grpc.access_token_call_credentials(token)]
    if call_credentials is not None:
        per_call.append(call_credentials)
    return grpc.composite_channel_credentials(credentials, *per_call) if per_call else credentials


class BearerToken(grpc.UnaryUnaryClientInterceptor, grpc.StreamStreamClientInterceptor):
    """Adds ``authorization: Bearer <token>`` to every call of a plaintext channel, unary calls and the
    services' streams alike."""

    def __init__(self, token: str) -> None:
        self._header = (AUTHORIZATION, authorization_value(token))

    def _with_token(self, details: Any) -> CallDetails:
        return CallDetails(
            details.method,
            details.timeout,
            (*(details.metadata or ()), self._header),
            details.credentials,
            getattr(details, "wait_for_ready", None),
            getattr(details, "compression", None),
        )

    def intercept_unary_unary(self, continuation: Callable[[Any, Any], Any], details: Any, request: Any) -> Any:
        return continuation(self._with_token(details), request)

    def intercept_stream_stream(
        self, continuation: Callable[[Any, Any], Any], details: Any, request_iterator: Any
    ) -> Any:
        return continuation(self._with_token(details), request_iterator)


def _aio_with_token(details: Any, value: str) -> grpc.aio.ClientCallDetails:
    # A copy: the caller's metadata object must not grow a header per attempt or per reuse.
    metadata = grpc.aio.Metadata(*(details.metadata or ()))
    metadata.add(AUTHORIZATION, value)
    return grpc.aio.ClientCallDetails(
        details.method, details.timeout, metadata, details.credentials, details.wait_for_ready
    )


class AsyncBearerToken(grpc.aio.UnaryUnaryClientInterceptor):
    """``BearerToken`` for the unary calls of ``grpc.aio`` channels."""

    def __init__(self, token: str) -> None:
        self._value = authorization_value(token)

    async def intercept_unary_unary(
        self, continuation: Callable[[Any, Any], Awaitable[Any]], details: Any, request: Any
    ) -> Any:
        return await continuation(_aio_with_token(details, self._value), request)


class AsyncStreamBearerToken(grpc.aio.StreamStreamClientInterceptor):
    """``BearerToken`` for the streams of ``grpc.aio`` channels (an aio interceptor serves one kind of call)."""

    def __init__(self, token: str) -> None:
        self._value = authorization_value(token)

    async def intercept_stream_stream(
        self, continuation: Callable[[Any, Any], Awaitable[Any]], details: Any, request_iterator: Any
    ) -> Any:
        return await continuation(_aio_with_token(details, self._value), request_iterator)
