"""The server with the barest possible ``Stream`` handler, for ``bench_stream.py --bare`` (not for serving).

``python -m tests.benchmarks.bare_stream_server [server flags]`` runs ``cardrules.server`` with one change: each
service's ``Stream`` is answered by a reader task that answers every message with the very same
``cardrules.api.streams`` call the real runner makes, and a writer (the call's own task) that writes the answers
in order — the real runner's shape, without anything else it does per message (admission, the in-flight limit,
metrics, logs, re-authentication, draining). Measured next to the real server, the difference is what
``cardrules.server.streams`` costs per message; what the bare handler costs beyond the handler's own CPU is grpc's.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any

import grpc

from cardrules.server import streams
from cardrules.server.__main__ import main


def bare_handler(_streams: streams.Streams, calls: streams.StreamCalls) -> grpc.RpcMethodHandler[Any, Any]:
    async def behavior(_requests: Any, context: streams.Context) -> None:
        answers: asyncio.Queue[bytes | None] = asyncio.Queue()

        async def read() -> None:
            while (data := await context.read()) is not grpc.aio.EOF:
                answers.put_nowait(calls.read(data).answer().data)
            answers.put_nowait(None)

        reader = asyncio.create_task(read())
        try:
            while (answer := await answers.get()) is not None:
                await context.write(answer)
        finally:
            reader.cancel()

    return grpc.stream_stream_rpc_method_handler(behavior)


if __name__ == "__main__":
    streams.Streams.handler = bare_handler  # type: ignore[method-assign, assignment]
    sys.exit(main())
