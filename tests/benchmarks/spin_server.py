"""The real server plus one synthetic method, ``/cardrules.bench.Spin/Spin``, for ``bench_budget.py``.

``python -m tests.benchmarks.spin_server [server flags]``. The method takes a ``grpc.health.v1.HealthCheckRequest``
whose ``service`` field is a number of loop iterations, spins that many times in pure Python (a known amount of
handler CPU with almost no memory footprint), and answers SERVING. Everything else — bootstrap, interceptor,
metrics, the rules services — is the production server's.
"""

from __future__ import annotations

import sys
from typing import Any

import grpc
from grpc_health.v1 import health_pb2

from cardrules.api.registry import bindings
from cardrules.server.__main__ import main
from cardrules.server.binding import ServiceBinding

SERVICE = "cardrules.bench.Spin"
_SERVING = health_pb2.HealthCheckResponse(status=health_pb2.HealthCheckResponse.SERVING)


def spin(iterations: int) -> int:
    total = 0
    for i in range(iterations):
        total += i
    return total


async def _spin_method(request: health_pb2.HealthCheckRequest, context: Any) -> health_pb2.HealthCheckResponse:
    spin(int(request.service or 0))
    return _SERVING


def spin_bindings() -> list[ServiceBinding]:
    def add(server: grpc.aio.Server) -> None:
        handler = grpc.unary_unary_rpc_method_handler(
            _spin_method,
            request_deserializer=health_pb2.HealthCheckRequest.FromString,
            response_serializer=health_pb2.HealthCheckResponse.SerializeToString,
        )
        server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, {"Spin": handler}),))

    return [*bindings(), ServiceBinding(SERVICE, add)]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], bindings_factory=spin_bindings))
