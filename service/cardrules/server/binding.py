"""The contract between the bootstrap and the gRPC layer: which services a server hosts."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import grpc

from cardrules.server.streams import StreamCalls

# For a method that carries another method's call (the JSON gateway): the full name of the call it carries
# (``/cardrules.v1.LiengService/ScoreLieng``), read from its decoded request, or None when it names none this
# server hosts. Logs and metrics then name that call, so every way in is counted alike.
CallName = Callable[[Any], str | None]


@dataclass(frozen=True)
class ServiceBinding:
    """One gRPC service to host.

    ``name`` is the full service name (``"cardrules.v1.SamLocService"``): it is what health checks and reflection
    report. ``register`` adds the servicer to a server, typically a generated ``add_XServicer_to_server`` call.
    """

    name: str
    register: Callable[[grpc.aio.Server], None]
    # Full method name (``/package.Service/Method``) → how to name the call it carries (see CallName).
    carried_calls: Mapping[str, CallName] = field(default_factory=dict)
    # Full name of a multiplexed ``Stream`` method → what reads and answers its messages (built on its first call);
    # the server runs such a stream itself (cardrules.server.streams).
    streams: Mapping[str, Callable[[], StreamCalls]] = field(default_factory=dict)
    # False for a service that only the server's own front calls (the JSON gateway Envoy transcodes to): it is
    # served and health-checked like the others but not listed by reflection, which shows callers the contract.
    listed: bool = True


# A picklable zero-argument callable (a module-level function) so worker processes can rebuild the bindings:
# servicers themselves are not sent across processes.
BindingsFactory = Callable[[], Sequence[ServiceBinding]]
