"""CPU per call of the tracing hooks, in-process (a script, not a test):
.venv/bin/python tests/benchmarks/bench_tracing_cpu.py    # --calls (default 20000), --repeat (default 7)

The server's interceptor (cardrules.server.interceptors) runs one unary call after another on an event loop, with
a stand-in servicer context and a handler that answers a fixed ``ValidatePlay`` response (``legal`` and ``reason``
set, so the span's verdict is read), in four set-ups: tracing off (``Tracing`` never imported by the interceptor);
on with no call sampled (``always_off``, no context sent); on with every call continuing a sampled ``traceparent``,
its spans exported in batches to an exporter that encodes each batch as the OTLP request it would send and drops
it (the network write is left out); and the same with a fresh ``traceparent`` per call. Process CPU time (every
thread, so the batch exporter's too) per call, best of ``--repeat`` runs, the set-ups interleaved in every run;
logging at ``warning``, as ``bench_rpc.py`` runs the server (so no line per call).
What gRPC itself costs a call (≈ 300–450 µs of server CPU on this machine, ``bench_rpc.py``) is not in it.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import grpc

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT))

from opentelemetry.exporter.otlp.proto.common.trace_encoder import encode_spans  # noqa: E402
from opentelemetry.sdk.trace import ReadableSpan  # noqa: E402
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExporter, SpanExportResult  # noqa: E402
from prometheus_client import CollectorRegistry  # noqa: E402

from cardrules.server.config import Config  # noqa: E402
from cardrules.server.interceptors import ServerInterceptor  # noqa: E402
from cardrules.server.logging import configure_logging  # noqa: E402
from cardrules.server.metrics import RpcMetrics  # noqa: E402
from cardrules.server.tracing import Tracing, tracer_provider  # noqa: E402
from cardrules.v1 import sam_loc_pb2  # noqa: E402

METHOD = "/cardrules.v1.SamLocService/ValidatePlay"
TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"


class Context:
    """The ServicerContext calls the interceptor makes, answered at once."""

    def __init__(self, metadata: tuple[tuple[str, str], ...]) -> None:
        self.metadata = metadata

    def invocation_metadata(self) -> tuple[tuple[str, str], ...]:
        return self.metadata

    def time_remaining(self) -> float | None:
        return 5.0

    def code(self) -> grpc.StatusCode | None:
        return None

    def peer(self) -> str:
        return "ipv4:127.0.0.1:1"


class EncodingExporter(SpanExporter):
    """Encodes every batch as its OTLP export request, then drops it."""

    def __init__(self) -> None:
        self.bytes = 0

    def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
        self.bytes += len(encode_spans(spans).SerializeToString())
        return SpanExportResult.SUCCESS

    def shutdown(self) -> None:
        pass


ANSWER = sam_loc_pb2.SamLocServiceValidatePlayResponse(legal=False, reason=sam_loc_pb2.SAM_REASON_DOES_NOT_BEAT)


async def behavior(_request: Any, _context: Any) -> Any:
    return ANSWER


def handler() -> grpc.RpcMethodHandler[Any, Any]:
    return grpc.unary_unary_rpc_method_handler(
        behavior,
        request_deserializer=sam_loc_pb2.SamLocServiceValidatePlayRequest.FromString,
        response_serializer=sam_loc_pb2.SamLocServiceValidatePlayResponse.SerializeToString,
    )


class Details:
    method = METHOD
    invocation_metadata = ()


def setup(tracing: Tracing | None) -> Callable[..., Any]:
    interceptor = ServerInterceptor(RpcMetrics(CollectorRegistry()), tracing=tracing)

    async def continuation(_details: Any) -> Any:
        return handler()

    wrapped = asyncio.run(interceptor.intercept_service(continuation, Details()))  # type: ignore[arg-type]
    assert wrapped is not None
    return wrapped.unary_unary  # type: ignore[return-value]


def traced(sampler: str) -> tuple[Tracing, EncodingExporter]:
    os.environ["OTEL_TRACES_SAMPLER"] = sampler
    provider = tracer_provider()
    exporter = EncodingExporter()
    provider.add_span_processor(BatchSpanProcessor(exporter))
    return Tracing(provider), exporter


def fresh_parents(count: int) -> list[tuple[tuple[str, str], ...]]:
    ids = [os.urandom(24).hex() for _ in range(count)]
    return [((("traceparent", f"00-{i[:32]}-{i[32:48]}-01"),)) for i in ids]


async def run(call: Callable[..., Any], data: bytes, contexts: Sequence[Context]) -> float:
    started = time.process_time()
    for context in contexts:
        await call(data, context)
    return time.process_time() - started


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--calls", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args(argv)
    configure_logging(Config(log_level="warning"))  # as bench_rpc.py runs the server: no line per call
    data = sam_loc_pb2.SamLocServiceValidatePlayRequest().SerializeToString()
    unsampled, _ = traced("always_off")
    sampled, exported = traced("parentbased_always_on")
    plain = [Context(()) for _ in range(args.calls)]
    continued = [Context((("traceparent", TRACEPARENT),)) for _ in range(args.calls)]
    setups: dict[str, tuple[Callable[..., Any], list[Context]]] = {
        "off": (setup(None), plain),
        "on, none sampled": (setup(unsampled), plain),
        "on, every call sampled (one parent)": (setup(sampled), continued),
        "on, every call sampled (its own parent)": (
            setup(sampled),
            [Context(metadata) for metadata in fresh_parents(args.calls)],
        ),
    }
    best = dict.fromkeys(setups, float("inf"))
    one, five, _ = os.getloadavg()
    print(f"{len(os.sched_getaffinity(0))} CPUs, load average {one:.1f} (5 min {five:.1f}); {args.calls} calls a run")
    loop = asyncio.new_event_loop()
    for _ in range(args.repeat):
        for name, (call, contexts) in setups.items():
            seconds = loop.run_until_complete(run(call, data, contexts))
            best[name] = min(best[name], seconds)
    sampled.shutdown()  # exports what is still buffered (its CPU is in the runs that made the spans)
    loop.close()
    print("| set-up | CPU µs per call (best run) | over off |")
    print("|---|---:|---:|")
    for name, seconds in best.items():
        per_call = seconds / args.calls * 1e6
        over = (seconds - best["off"]) / args.calls * 1e6
        print(f"| {name} | {per_call:.1f} | {over:+.1f} |")
    print(f"(OTLP bytes encoded: {exported.bytes:,})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
