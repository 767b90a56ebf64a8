"""Channel options shared by ``connect`` (sync) and ``aio.connect``: service config, retries, load balancing.

Every rules RPC is a pure function of its request, so retrying one after UNAVAILABLE can never apply it twice;
that is why the retry policy covers every method of every service.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Literal, NamedTuple

import grpc

from cardrules.client.generated.services import SERVICES as CONTRACT_SERVICES

__all__ = [
    "DEFAULT_TIMEOUT",
    "SERVICES",
    "AsyncDefaultTimeout",
    "CallDetails",
    "ChannelOptions",
    "DefaultTimeout",
    "LoadBalancing",
    "channel_options",
    "check_timeout",
    "merge_options",
    "service_config",
]

DEFAULT_TIMEOUT = 2.0
# Every service of the contract, as generated from it: a new game's service is covered without an edit here.
SERVICES = tuple(service.full_name for service in CONTRACT_SERVICES)
LoadBalancing = Literal["pick_first", "round_robin"]
# Channel arguments as grpc takes them: ("grpc.keepalive_time_ms", 30000), ("grpc.primary_user_agent", "…").
ChannelOptions = Sequence[tuple[str, Any]]

RETRY_POLICY: dict[str, Any] = {
    "maxAttempts": 4,
    "initialBackoff": "0.1s",
    "maxBackoff": "1s",
    "backoffMultiplier": 2,
    # CANCELLED too: a replica shutting down cancels calls it had accepted but not yet started, and the call is
    # pure, so another replica may answer it. A cancellation by this client itself is never retried by gRPC.
    "retryableStatusCodes": ["UNAVAILABLE", "CANCELLED"],
}


def service_config(*, load_balancing: LoadBalancing = "pick_first", retry: bool = True) -> dict[str, Any]:
    """The gRPC service config for a channel to the rules service.

    It sets no method ``timeout``: with grpcio 1.85 we saw a config timeout (2 s) plus the retry policy turn the
    UNAVAILABLE of an unreachable server into DEADLINE_EXCEEDED after ~0.6 s, before either the config's or the
    call's (5 s) deadline. The default deadline is applied by an interceptor instead (``DefaultTimeout``).
    """
    if load_balancing not in ("pick_first", "round_robin"):
        raise ValueError(f"load_balancing must be 'pick_first' or 'round_robin', not {load_balancing!r}")
    method: dict[str, Any] = {"name": [{"service": service} for service in SERVICES]}
    if retry:
        method["retryPolicy"] = copy.deepcopy(RETRY_POLICY)  # callers may edit the config they get
    return {"loadBalancingConfig": [{load_balancing: {}}], "methodConfig": [method]}


def check_timeout(timeout: float | None) -> float | None:
    """``timeout`` itself, once known to be None (no deadline) or positive."""
    if timeout is not None and timeout <= 0:
        raise ValueError(f"a timeout must be > 0 seconds, not {timeout}")
    return timeout


def channel_options(*, load_balancing: LoadBalancing = "pick_first", retry: bool = True) -> list[tuple[str, Any]]:
    """Channel arguments carrying the service config (grpcio wants it as JSON text)."""
    config = service_config(load_balancing=load_balancing, retry=retry)
    return [
        ("grpc.service_config", json.dumps(config)),
        ("grpc.enable_retries", 1 if retry else 0),
    ]


def merge_options(ours: ChannelOptions, theirs: ChannelOptions) -> list[tuple[str, Any]]:
    """Our channel arguments, then the caller's; a key the caller sets replaces ours (grpc gives no rule for
    duplicate keys, so none is left), e.g. a ``grpc.service_config`` of their own."""
    replaced = {key for key, _ in theirs}
    return [(key, value) for key, value in ours if key not in replaced] + [(key, value) for key, value in theirs]


class CallDetails(NamedTuple):
    # Field-for-field grpc.ClientCallDetails: interceptors must hand on a complete description of the call.
    method: str
    timeout: float | None
    metadata: Any
    credentials: Any
    wait_for_ready: bool | None
    compression: Any


class DefaultTimeout(grpc.UnaryUnaryClientInterceptor):
    """Gives a call with no deadline of its own ``timeout`` seconds, so a raw stub never waits forever."""

    def __init__(self, timeout: float) -> None:
        self._timeout = timeout

    def intercept_unary_unary(self, continuation: Callable[[Any, Any], Any], details: Any, request: Any) -> Any:
        if details.timeout is None:
            details = CallDetails(
                details.method,
                self._timeout,
                details.metadata,
                details.credentials,
                getattr(details, "wait_for_ready", None),
                getattr(details, "compression", None),
            )
        return continuation(details, request)


class AsyncDefaultTimeout(grpc.aio.UnaryUnaryClientInterceptor):
    """``DefaultTimeout`` for ``grpc.aio`` channels."""

    def __init__(self, timeout: float) -> None:
        self._timeout = timeout

    async def intercept_unary_unary(
        self, continuation: Callable[[Any, Any], Awaitable[Any]], details: Any, request: Any
    ) -> Any:
        if details.timeout is None:
            details = grpc.aio.ClientCallDetails(
                details.method, self._timeout, details.metadata, details.credentials, details.wait_for_ready
            )
        return await continuation(details, request)
