"""Server reflection (``grpc.reflection.v1alpha``) so grpcurl and similar tools can list and call services."""

from __future__ import annotations

from collections.abc import Iterable

import grpc
from grpc_reflection.v1alpha import reflection


def add_reflection(server: grpc.aio.Server, names: Iterable[str]) -> list[str]:
    """Enable reflection for ``names`` plus the reflection service itself; returns the full list served."""
    served = [*names, reflection.SERVICE_NAME]
    reflection.enable_server_reflection(served, server)
    return served
