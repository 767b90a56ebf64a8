"""The parent of several worker processes that all serve one host:port through SO_REUSEPORT.

The kernel spreads incoming connections over the workers, so one pod uses all its cores despite the GIL. The
parent serves no gRPC itself: it starts the workers, serves their aggregated metrics, forwards SIGTERM/SIGINT,
waits for them to drain and kills any that outlive the grace period. Workers are never restarted: if one dies
unexpectedly the parent stops the rest and exits non-zero, so the orchestrator restarts the whole pod cleanly.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Sequence
from multiprocessing.process import BaseProcess
from types import FrameType

from cardrules.server import app
from cardrules.server.binding import BindingsFactory
from cardrules.server.config import Config
from cardrules.server.logging import bind_process_fields, configure_logging, get_logger
from cardrules.server.metrics import (
    MULTIPROC_ENV,
    MetricsEndpoint,
    MetricsEndpointError,
    multiprocess_registry,
    serve_metrics,
)

# Beyond the grace period, how long a worker may take to flush logs and exit before it is killed.
EXIT_MARGIN_SECONDS = 5.0

log = get_logger()


def _worker_main(config: Config, bindings_factory: BindingsFactory | None, index: int, parent_pid: int) -> None:
    """Entry point of a spawned worker (runs in a fresh interpreter)."""
    configure_logging(config)
    bind_process_fields(worker=index)
    sys.exit(app.run(config, bindings_factory, own_metrics_endpoint=False, parent_pid=parent_pid))


class _Supervisor:
    def __init__(self, config: Config, processes: Sequence[BaseProcess]) -> None:
        # ``processes`` holds started processes only; run_workers appends to it as they start.
        self._config = config
        self._processes = processes
        self._deadline: float | None = None
        self.failed = False

    @property
    def stopping(self) -> bool:
        return self._deadline is not None

    def on_signal(self, signum: int, _frame: FrameType | None) -> None:
        self.stop(signal.Signals(signum).name, signal.Signals(signum))

    def stop(self, reason: str, sig: signal.Signals = signal.SIGTERM) -> None:
        if self._deadline is None:
            self._deadline = time.monotonic() + self._config.shutdown_grace_seconds + EXIT_MARGIN_SECONDS
            log.info("stopping workers", reason=reason, grace_seconds=self._config.shutdown_grace_seconds)
        # Forwarded every time; workers treat repeats as no-ops, so this is harmless and never loses a signal
        # that arrived while a worker was still starting.
        for process in self._live():
            if process.pid is not None:
                os.kill(process.pid, sig)

    def _live(self) -> list[BaseProcess]:
        return [process for process in self._processes if process.exitcode is None]

    def wait(self) -> None:
        reported: set[int] = set()
        while live := self._live():
            if self._deadline is not None and time.monotonic() > self._deadline:
                for process in live:
                    log.error("killing worker that outlived the grace period", worker_pid=process.pid)
                    process.kill()
                    process.join()
                self.failed = True
                return
            multiprocessing.connection.wait([process.sentinel for process in live], timeout=0.2)
            for index, process in enumerate(self._processes):
                if process.exitcode is None or index in reported:
                    continue
                reported.add(index)
                if self._deadline is None:
                    log.error("worker exited unexpectedly", worker=index, worker_pid=process.pid, code=process.exitcode)
                    self.failed = True
                    self.stop("a worker exited")
                elif process.exitcode != 0:
                    log.error(
                        "worker failed while stopping", worker=index, worker_pid=process.pid, code=process.exitcode
                    )
                    self.failed = True


def run_workers(config: Config, bindings_factory: BindingsFactory | None = None) -> int:
    """Run ``config.workers`` worker processes until SIGTERM/SIGINT; returns the process exit code."""
    # Spawn, not fork: a forked child would inherit grpc's threads and locks in whatever state they were in.
    context = multiprocessing.get_context("spawn")
    metrics_dir = tempfile.mkdtemp(prefix="cardrules-metrics-")
    previous_env = os.environ.get(MULTIPROC_ENV)
    # Workers inherit the environment; prometheus-client reads it at import to pick its file-backed values.
    os.environ[MULTIPROC_ENV] = metrics_dir
    endpoint: MetricsEndpoint | None = None
    processes: list[BaseProcess] = []
    supervisor = _Supervisor(config, processes)
    previous_handlers = {sig: signal.signal(sig, supervisor.on_signal) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        if config.metrics_port:
            endpoint = serve_metrics(config.metrics_host, config.metrics_port, multiprocess_registry(metrics_dir))
            log.info("metrics endpoint started", port=endpoint.port, workers=config.workers)
        for index in range(config.workers):
            if supervisor.stopping:  # a signal arrived during start-up: start no more
                break
            process = context.Process(
                target=_worker_main,
                args=(config, bindings_factory, index, os.getpid()),
                name=f"cardrules-worker-{index}",
            )
            process.start()
            processes.append(process)
        log.info(
            "workers started",
            workers=config.workers,
            worker_pids=[p.pid for p in processes],
            port=config.port,
            metrics_dir=metrics_dir,
        )
        supervisor.wait()
    except Exception as error:
        # E.g. the metrics port is taken, or the bindings factory cannot be pickled (it must be module-level).
        if isinstance(error, MetricsEndpointError):
            log.error("cannot start workers", error=str(error), metrics_address=error.address)
        else:
            log.error("cannot start workers", error=f"{type(error).__name__}: {error}")
        supervisor.failed = True
        supervisor.stop("start-up failed")
        supervisor.wait()
    finally:
        for sig, handler in previous_handlers.items():
            signal.signal(sig, handler)
        if endpoint is not None:
            endpoint.close()
        shutil.rmtree(metrics_dir, ignore_errors=True)
        if previous_env is None:
            os.environ.pop(MULTIPROC_ENV, None)
        else:
            os.environ[MULTIPROC_ENV] = previous_env
    log.info("workers stopped", failed=supervisor.failed)
    return 1 if supervisor.failed else 0
