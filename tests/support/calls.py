"""Small client helpers for calling the fake services (raw bytes, no protobuf)."""

from __future__ import annotations

import time
import urllib.request

import grpc
from prometheus_client.parser import text_string_to_metric_families

from tests.support.fake_services import PROBE
from tests.support.server_process import ServerHandle

CALL_TIMEOUT = 10.0


def probe(channel: grpc.Channel, method: str) -> grpc.UnaryUnaryMultiCallable[bytes, bytes]:
    return channel.unary_unary(f"/{PROBE}/{method}")


def raw_unary(channel: grpc.Channel, path: str) -> grpc.UnaryUnaryMultiCallable[bytes, bytes]:
    """A unary method by its path, called with and answering raw bytes (no protobuf classes)."""
    return channel.unary_unary(path)


def raw_stream(channel: grpc.Channel, path: str) -> grpc.StreamStreamMultiCallable[bytes, bytes]:
    """A bidirectional streaming method by its path, sending and answering raw bytes."""
    return channel.stream_stream(path)


def trailers(error: grpc.RpcError) -> dict[str, str | bytes]:
    """A failed call's trailing metadata by key (``-bin`` values as bytes)."""
    return {item.key: item.value for item in error.trailing_metadata() or ()}


def status_details(error: grpc.RpcError) -> bytes | None:
    """The serialized ``google.rpc.Status`` a failed call carried in its trailers, if any."""
    value = trailers(error).get("grpc-status-details-bin")
    return value if isinstance(value, bytes) else None


def call(channel: grpc.Channel, method: str, request: bytes = b"") -> bytes:
    response: bytes = probe(channel, method)(request, timeout=CALL_TIMEOUT)
    return response


def wait_in_flight(server: ServerHandle, count: int, timeout: float = 15.0) -> None:
    """Block until the (single-worker) server is running ``count`` Sleep calls."""
    deadline = time.monotonic() + timeout
    with server.channel() as channel:
        while int(call(channel, "InFlight")) != count:
            assert time.monotonic() < deadline, f"server never had {count} calls in flight"
            time.sleep(0.05)


def metric_samples(server: ServerHandle) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """Every sample of the metrics endpoint, keyed by (sample name, labels)."""
    with urllib.request.urlopen(server.metrics_url, timeout=10) as response:
        text = response.read().decode()
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def calls_counted(server: ServerHandle, method: str, code: str, caller: str = "anonymous") -> float:
    return calls_total(metric_samples(server), f"/{PROBE}/{method}", code, caller)


def calls_total(
    samples: dict[tuple[str, frozenset[tuple[str, str]]], float],
    method: str,
    code: str,
    caller: str = "anonymous",
    transport: str = "unary",
) -> float:
    """The calls counter for one method, code, caller and transport (0 when never counted)."""
    labels = frozenset({("method", method), ("code", code), ("caller", caller), ("transport", transport)})
    return samples.get(("cardrules_rpc_calls_total", labels), 0.0)
