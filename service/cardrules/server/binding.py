"""The contract between the bootstrap and the gRPC layer: which services a server hosts."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import grpc


@dataclass(frozen=True)
class ServiceBinding:
    """One gRPC service to host.

    ``name`` is the full service name (``"cardrules.v1.SamLocService"``): it is what health checks and reflection
    report. ``register`` adds the servicer to a server, typically a generated ``add_XServicer_to_server`` call.
    """

    name: str
    register: Callable[[grpc.aio.Server], None]


# A picklable zero-argument callable (a module-level function) so worker processes can rebuild the bindings:
# servicers themselves are not sent across processes.
BindingsFactory = Callable[[], Sequence[ServiceBinding]]


def default_bindings() -> list[ServiceBinding]:
    """The real API's services. Imported lazily: the bootstrap must not depend on the API layer at import time."""
    registry = importlib.import_module("cardrules.api.registry")
    bindings: Sequence[ServiceBinding] = registry.bindings()
    return list(bindings)
