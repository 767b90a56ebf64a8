"""The interceptor in-process, for the paths a live server makes hard to reach on purpose: a call that reaches
its handler with its deadline already gone, and what each refusal looks like in the metrics."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import grpc
import pytest
from prometheus_client import CollectorRegistry

from cardrules.server.interceptors import ServerInterceptor
from cardrules.server.metrics import MAX_CALLER_LABELS, OTHER_CALLER, RpcMetrics
from cardrules.v1 import lieng_pb2

METHOD = "/cardrules.v1.LiengService/ScoreLieng"


class Aborted(Exception):
    pass


class FakeContext:
    """The few ServicerContext calls the interceptor makes."""

    def __init__(self, remaining: float | None = 5.0) -> None:
        self.remaining = remaining
        self.status: tuple[grpc.StatusCode, str] | None = None

    def invocation_metadata(self) -> tuple[tuple[str, str], ...]:
        return ()

    def time_remaining(self) -> float | None:
        return self.remaining

    async def abort(self, code: grpc.StatusCode, details: str) -> None:
        self.status = (code, details)
        raise Aborted(details)

    def code(self) -> grpc.StatusCode | None:
        return self.status[0] if self.status else None

    def peer(self) -> str:
        return "ipv4:127.0.0.1:1"


class Details:
    def __init__(self, method: str) -> None:
        self.method = method
        self.invocation_metadata = ()


def _run(data: bytes, context: FakeContext) -> tuple[list[Any], RpcMetrics]:
    ran: list[Any] = []

    async def behavior(request: Any, _context: Any) -> Any:
        ran.append(request)
        return lieng_pb2.ScoreLiengResponse()

    handler = grpc.unary_unary_rpc_method_handler(
        behavior,
        request_deserializer=lieng_pb2.ScoreLiengRequest.FromString,
        response_serializer=lieng_pb2.ScoreLiengResponse.SerializeToString,
    )
    metrics = RpcMetrics(CollectorRegistry())
    interceptor = ServerInterceptor(metrics, max_concurrent_calls=10)

    async def continuation(_details: Any) -> Any:
        return handler

    async def go() -> None:
        wrapped = await interceptor.intercept_service(continuation, Details(METHOD))  # type: ignore[arg-type]
        assert wrapped is not None and wrapped.request_deserializer is None  # the interceptor decodes
        with contextlib.suppress(Aborted):
            await wrapped.unary_unary(data, context)  # type: ignore[misc, arg-type]

    asyncio.run(go())
    return ran, metrics


def _count(metrics: RpcMetrics, code: str, caller: str = "anonymous") -> float:
    labels = {"method": METHOD, "code": code, "caller": caller, "transport": "unary"}
    return metrics.registry.get_sample_value("cardrules_rpc_calls_total", labels) or 0.0


def test_a_call_reaching_its_handler_after_its_deadline_is_not_computed() -> None:
    context = FakeContext(remaining=-0.01)
    ran, metrics = _run(lieng_pb2.ScoreLiengRequest().SerializeToString(), context)
    assert ran == []
    assert context.status == (grpc.StatusCode.DEADLINE_EXCEEDED, "the deadline passed before the call started")
    assert _count(metrics, "DEADLINE_EXCEEDED") == 1


def test_undecodable_bytes_never_reach_the_handler() -> None:
    context = FakeContext()
    ran, metrics = _run(b"\xff\xff\xff", context)
    assert ran == []
    assert context.status == (
        grpc.StatusCode.INVALID_ARGUMENT,
        "the request body is not a valid cardrules.v1.ScoreLiengRequest",
    )
    assert _count(metrics, "INVALID_ARGUMENT") == 1


def test_a_good_call_is_decoded_once_and_counted() -> None:
    request = lieng_pb2.ScoreLiengRequest()
    request.hands.add()
    ran, metrics = _run(request.SerializeToString(), FakeContext())
    assert ran == [request]
    assert _count(metrics, "OK") == 1


def test_caller_labels_are_bounded() -> None:
    metrics = RpcMetrics(CollectorRegistry())
    for index in range(MAX_CALLER_LABELS + 25):
        metrics.observe(METHOD, "OK", 0.001, 0.0, f"client-{index}")
    labels = {
        sample.labels["caller"]
        for family in metrics.calls.collect()
        for sample in family.samples
        if sample.name.endswith("_total")
    }
    assert len(labels) == MAX_CALLER_LABELS + 1
    assert OTHER_CALLER in labels
    assert _count(metrics, "OK", OTHER_CALLER) == 25


@pytest.mark.parametrize("remaining", [None, 0.5])
def test_calls_with_time_left_or_no_deadline_run(remaining: float | None) -> None:
    ran, _metrics = _run(b"", FakeContext(remaining=remaining))
    assert len(ran) == 1
