"""Test-only gRPC services for exercising the server bootstrap without the real rules API.

They use raw bytes (no protobuf), built with ``grpc.method_handlers_generic_handler``:

- ``Probe/Pid``      → the serving process id (ASCII), to see which worker answered
- ``Probe/SyncPid``  → the same from a plain (non-async) function, which grpc.aio runs in a thread
- ``Probe/Echo``     → the request bytes, to test message size limits
- ``Probe/Sleep``    request ASCII milliseconds → sleeps, then the pid; counted in ``InFlight`` while running
- ``Probe/InFlight`` → how many ``Sleep`` calls this process is running (ASCII)
- ``Probe/Busy``     request ASCII milliseconds → blocks the event loop that long (as a slow rules call would)
- ``Probe/Computed`` → how many ``Busy`` calls actually ran in this process (ASCII)
- ``Probe/Fail``     request ``"CODE:abort"``, ``"CODE:set_code"`` or ``"CODE:raise"`` → fails that way
- ``Other/Ping``     → ``b"pong"``; a second service so health and reflection list more than one
"""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

import grpc

from cardrules.server.binding import ServiceBinding

PROBE = "cardrules.test.Probe"
OTHER = "cardrules.test.Other"

_in_flight = 0


async def _pid(request: bytes, context: Any) -> bytes:
    return str(os.getpid()).encode()


def _sync_pid(request: bytes, context: Any) -> bytes:
    return str(os.getpid()).encode()


async def _echo(request: bytes, context: Any) -> bytes:
    return request


async def _sleep(request: bytes, context: Any) -> bytes:
    global _in_flight
    _in_flight += 1
    try:
        await asyncio.sleep(int(request) / 1000)
    finally:
        _in_flight -= 1
    return str(os.getpid()).encode()


_computed = 0


async def _busy(request: bytes, context: Any) -> bytes:
    global _computed
    _computed += 1
    time.sleep(int(request or b"0") / 1000)  # on purpose: no await, the event loop is held
    return str(os.getpid()).encode()


async def _computed_count(request: bytes, context: Any) -> bytes:
    return str(_computed).encode()


async def _in_flight_count(request: bytes, context: Any) -> bytes:
    return str(_in_flight).encode()


async def _fail(request: bytes, context: Any) -> bytes:
    name, mode = request.decode().split(":")
    code = grpc.StatusCode[name]
    if mode == "abort":
        await context.abort(code, f"aborted with {name}")
    if mode == "set_code":
        context.set_code(code)
        context.set_details(f"set_code {name}")
        return b""
    raise RuntimeError(f"test failure ({name})")


def _register_probe(server: grpc.aio.Server) -> None:
    methods: dict[str, Any] = {
        "Pid": _pid,
        "SyncPid": _sync_pid,
        "Echo": _echo,
        "Sleep": _sleep,
        "InFlight": _in_flight_count,
        "Busy": _busy,
        "Computed": _computed_count,
        "Fail": _fail,
    }
    handlers: dict[str, grpc.RpcMethodHandler[Any, Any]] = {
        name: grpc.unary_unary_rpc_method_handler(behavior) for name, behavior in methods.items()
    }
    server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler(PROBE, handlers)])


async def _ping(request: bytes, context: Any) -> bytes:
    return b"pong"


def _register_other(server: grpc.aio.Server) -> None:
    handlers: dict[str, grpc.RpcMethodHandler[Any, Any]] = {"Ping": grpc.unary_unary_rpc_method_handler(_ping)}
    server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler(OTHER, handlers)])


def bindings() -> list[ServiceBinding]:
    """Module-level (picklable) so worker processes can import it."""
    return [ServiceBinding(PROBE, _register_probe), ServiceBinding(OTHER, _register_other)]
