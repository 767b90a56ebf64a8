"""Structured logs: one JSON object per line on stdout (or readable console lines for local use).

Both our structlog loggers and the standard library's ``logging`` (used by grpc itself) go through the same
handler and renderer, so everything the process prints on stdout is in one format and lines never interleave.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import Any

import structlog
from structlog.typing import EventDict, Processor, WrappedLogger

from cardrules.server.config import Config

_LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING, "error": logging.ERROR}


# Fields stamped on every line of this process (e.g. the worker index), set once at process start.
_process_fields: dict[str, Any] = {}


# The level configure_logging() set; NOTSET (everything passes) until it runs, as structlog's own default.
_min_level = logging.NOTSET


def log_level_enabled(level: int) -> bool:
    """Whether a line at ``level`` would be written: lets hot paths skip building a line that would be dropped."""
    return level >= _min_level


def bind_process_fields(**fields: Any) -> None:
    _process_fields.update(fields)


def _add_process_fields(_logger: WrappedLogger, _method: str, event_dict: EventDict) -> EventDict:
    # Several worker processes share one stdout; the pid (and worker index) tell their lines apart.
    event_dict["pid"] = os.getpid()
    event_dict.update(_process_fields)
    return event_dict


def configure_logging(config: Config) -> None:
    global _min_level
    level = _LEVELS[config.log_level]
    _min_level = level
    shared: list[Processor] = [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
        _add_process_fields,
    ]
    if config.tracing:  # a traced call's lines carry its trace and span ids (OpenTelemetry is loaded only then)
        from cardrules.server.tracing import add_trace_ids

        shared.append(add_trace_ids)
    renderer: Processor
    if config.log_format == "json":
        renderer = structlog.processors.JSONRenderer()
    else:
        renderer = structlog.dev.ConsoleRenderer(colors=False)
    # Our own lines (one per RPC: the hot path) are rendered by structlog and written straight to stdout, much
    # cheaper than a detour through the standard library's handler; grpc's own records still go through it.
    structlog.configure(
        processors=[*shared, structlog.processors.format_exc_info, renderer],
        logger_factory=structlog.WriteLoggerFactory(file=sys.stdout),
        wrapper_class=structlog.make_filtering_bound_logger(level),
        cache_logger_on_first_use=True,
    )
    formatter = structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=[structlog.stdlib.add_logger_name, *shared],
        processors=[
            structlog.stdlib.ProcessorFormatter.remove_processors_meta,
            structlog.processors.format_exc_info,  # tracebacks become one string field, not extra lines
            renderer,
        ],
    )
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(formatter)
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)


def get_logger(**initial: Any) -> structlog.typing.FilteringBoundLogger:
    logger: structlog.typing.FilteringBoundLogger = structlog.get_logger("cardrules", **initial)
    return logger
