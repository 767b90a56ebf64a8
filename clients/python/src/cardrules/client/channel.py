"""Channel options shared by ``connect`` (sync) and ``aio.connect``: service config, retries, load balancing.

Every rules RPC is a pure function of its request, so retrying one after UNAVAILABLE can never apply it twice;
that is why the retry policy covers every method of both services.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any, Literal

__all__ = ["DEFAULT_TIMEOUT", "SERVICES", "LoadBalancing", "channel_options", "service_config"]

DEFAULT_TIMEOUT = 2.0
SERVICES = ("cardrules.v1.SamLocService", "cardrules.v1.LiengService")
LoadBalancing = Literal["pick_first", "round_robin"]

RETRY_POLICY: dict[str, Any] = {
    "maxAttempts": 4,
    "initialBackoff": "0.1s",
    "maxBackoff": "1s",
    "backoffMultiplier": 2,
    "retryableStatusCodes": ["UNAVAILABLE"],
}


def _duration(seconds: float) -> str:
    # The service config wants a protobuf Duration string ("2s", "0.25s"), never an exponent form like "1e-05s".
    text = format(Decimal(str(seconds)).quantize(Decimal("0.000000001")), "f").rstrip("0").rstrip(".")
    return f"{text}s"


def service_config(
    *, load_balancing: LoadBalancing = "pick_first", retry: bool = True, default_timeout: float | None = None
) -> dict[str, Any]:
    """The gRPC service config for a channel to the rules service."""
    if load_balancing not in ("pick_first", "round_robin"):
        raise ValueError(f"load_balancing must be 'pick_first' or 'round_robin', not {load_balancing!r}")
    if default_timeout is not None and default_timeout <= 0:
        raise ValueError(f"default_timeout must be > 0 seconds, not {default_timeout}")
    method: dict[str, Any] = {"name": [{"service": service} for service in SERVICES]}
    if retry:
        method["retryPolicy"] = RETRY_POLICY
    if default_timeout is not None:
        method["timeout"] = _duration(default_timeout)
    return {"loadBalancingConfig": [{load_balancing: {}}], "methodConfig": [method]}


def channel_options(
    *, load_balancing: LoadBalancing = "pick_first", retry: bool = True, default_timeout: float | None = None
) -> list[tuple[str, Any]]:
    """Channel arguments carrying the service config (grpcio wants it as JSON text)."""
    config = service_config(load_balancing=load_balancing, retry=retry, default_timeout=default_timeout)
    return [
        ("grpc.service_config", json.dumps(config)),
        ("grpc.enable_retries", 1 if retry else 0),
    ]
