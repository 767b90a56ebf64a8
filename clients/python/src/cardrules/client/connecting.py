"""Channels to the rules service, sync (``grpc.Channel``) and asyncio (``grpc.aio.Channel``), set up alike.

Both get the service config (retries, load balancing), the default deadline, the credentials and the caller's own
channel arguments and interceptors; only the grpc factory differs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, TypeAlias, TypedDict

import grpc

from cardrules.client.auth import (
    AsyncBearerToken,
    AsyncStreamBearerToken,
    BearerToken,
    channel_credentials,
    check_token,
)
from cardrules.client.channel import (
    DEFAULT_TIMEOUT,
    AsyncDefaultTimeout,
    ChannelOptions,
    DefaultTimeout,
    LoadBalancing,
    channel_options,
    check_timeout,
    merge_options,
)

__all__ = ["AsyncChannelSettings", "ChannelSettings", "Interceptor", "aio_connect", "connect"]

# What grpc.intercept_channel takes.
Interceptor: TypeAlias = (
    grpc.UnaryUnaryClientInterceptor
    | grpc.UnaryStreamClientInterceptor
    | grpc.StreamUnaryClientInterceptor
    | grpc.StreamStreamClientInterceptor
)


class _CommonSettings(TypedDict, total=False):
    credentials: grpc.ChannelCredentials | None
    call_credentials: grpc.CallCredentials | None
    secure: bool
    root_certificates: bytes | None
    certificate_chain: bytes | None
    private_key: bytes | None
    token: str | None
    options: ChannelOptions
    load_balancing: LoadBalancing
    retry: bool
    default_timeout: float | None


class ChannelSettings(_CommonSettings, total=False):
    """The keyword arguments of :func:`connect` (and of ``SamLocClient.connect`` / ``LiengClient.connect``)."""

    interceptors: Sequence[Interceptor]


class AsyncChannelSettings(_CommonSettings, total=False):
    """The keyword arguments of :func:`aio_connect` (and of the async clients' ``connect``)."""

    interceptors: Sequence[grpc.aio.ClientInterceptor]


class _Plan(NamedTuple):
    credentials: grpc.ChannelCredentials | None
    options: list[tuple[str, object]]
    # The token to add as metadata: only on a plaintext channel, where gRPC refuses call credentials.
    plaintext_token: str | None


def _plan(
    *,
    credentials: grpc.ChannelCredentials | None,
    call_credentials: grpc.CallCredentials | None,
    secure: bool,
    root_certificates: bytes | None,
    certificate_chain: bytes | None,
    private_key: bytes | None,
    token: str | None,
    options: ChannelOptions,
    load_balancing: LoadBalancing,
    retry: bool,
    default_timeout: float | None,
) -> _Plan:
    check_timeout(default_timeout)
    check_token(token)
    merged = merge_options(channel_options(load_balancing=load_balancing, retry=retry), options)
    resolved = channel_credentials(
        credentials=credentials,
        call_credentials=call_credentials,
        secure=secure,
        root_certificates=root_certificates,
        certificate_chain=certificate_chain,
        private_key=private_key,
        token=token,
    )
    return _Plan(resolved, merged, token if resolved is None else None)


def connect(
    target: str,
    *,
    credentials: grpc.ChannelCredentials | None = None,
    call_credentials: grpc.CallCredentials | None = None,
    secure: bool = False,
    root_certificates: bytes | None = None,
    certificate_chain: bytes | None = None,
    private_key: bytes | None = None,
    token: str | None = None,
    options: ChannelOptions = (),
    interceptors: Sequence[Interceptor] = (),
    load_balancing: LoadBalancing = "pick_first",
    retry: bool = True,
    default_timeout: float | None = DEFAULT_TIMEOUT,
) -> grpc.Channel:
    """A channel to the rules service; closing it is yours (``with connect(...) as channel:``).

    ``round_robin`` spreads calls over every address the target resolves to (use ``dns:///host:port`` against a
    headless Kubernetes service). ``retry`` retries UNAVAILABLE up to 4 attempts with exponential backoff.
    ``default_timeout`` is the deadline of calls that set none (e.g. through a raw stub); None: no default.

    Security: ``token`` is sent as ``authorization: Bearer <token>`` on every call. TLS is on with ``secure``
    (system roots) or ``root_certificates`` (PEM); ``certificate_chain`` + ``private_key`` (PEM) are a client
    certificate for mutual TLS. Or pass ready ``credentials`` (``grpc.ChannelCredentials``) and any
    ``call_credentials`` (``grpc.CallCredentials``, e.g. ``grpc.metadata_call_credentials``; they need a secure
    channel). A token over plaintext is only for trusted networks and local use.

    ``options`` are extra channel arguments (a key given here replaces ours, e.g. ``grpc.service_config``);
    ``interceptors`` run on every call, after the SDK's own (the token on plaintext, the default deadline).
    """
    plan = _plan(
        credentials=credentials,
        call_credentials=call_credentials,
        secure=secure,
        root_certificates=root_certificates,
        certificate_chain=certificate_chain,
        private_key=private_key,
        token=token,
        options=options,
        load_balancing=load_balancing,
        retry=retry,
        default_timeout=default_timeout,
    )
    ours: list[Interceptor] = []
    if plan.credentials is not None:
        channel = grpc.secure_channel(target, plan.credentials, options=plan.options)
    else:
        channel = grpc.insecure_channel(target, options=plan.options)
    if plan.plaintext_token is not None:
        ours.append(BearerToken(plan.plaintext_token))
    if default_timeout is not None:
        ours.append(DefaultTimeout(default_timeout))
    every = [*ours, *interceptors]
    return grpc.intercept_channel(channel, *every) if every else channel


def aio_connect(
    target: str,
    *,
    credentials: grpc.ChannelCredentials | None = None,
    call_credentials: grpc.CallCredentials | None = None,
    secure: bool = False,
    root_certificates: bytes | None = None,
    certificate_chain: bytes | None = None,
    private_key: bytes | None = None,
    token: str | None = None,
    options: ChannelOptions = (),
    interceptors: Sequence[grpc.aio.ClientInterceptor] = (),
    load_balancing: LoadBalancing = "pick_first",
    retry: bool = True,
    default_timeout: float | None = DEFAULT_TIMEOUT,
) -> grpc.aio.Channel:
    """A ``grpc.aio`` channel set up as :func:`connect` does (``async with aio_connect(...) as channel:``)."""
    plan = _plan(
        credentials=credentials,
        call_credentials=call_credentials,
        secure=secure,
        root_certificates=root_certificates,
        certificate_chain=certificate_chain,
        private_key=private_key,
        token=token,
        options=options,
        load_balancing=load_balancing,
        retry=retry,
        default_timeout=default_timeout,
    )
    every: list[grpc.aio.ClientInterceptor] = []
    if plan.plaintext_token is not None:
        every.extend([AsyncBearerToken(plan.plaintext_token), AsyncStreamBearerToken(plan.plaintext_token)])
    if default_timeout is not None:
        every.append(AsyncDefaultTimeout(default_timeout))
    every.extend(interceptors)
    if plan.credentials is not None:
        return grpc.aio.secure_channel(target, plan.credentials, options=plan.options, interceptors=every)
    return grpc.aio.insecure_channel(target, options=plan.options, interceptors=every)
