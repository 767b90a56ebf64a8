"""``python -m cardrules.server [flags]`` and the ``cardrules-server`` console script."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from cardrules.server.app import run
from cardrules.server.binding import BindingsFactory
from cardrules.server.compiled_core import REBUILD, stale_modules
from cardrules.server.config import ConfigError, parse_config
from cardrules.server.logging import configure_logging, get_logger
from cardrules.server.workers import run_workers


def main(argv: Sequence[str] | None = None, bindings_factory: BindingsFactory | None = None) -> int:
    """Parse flags and environment, then run one server or a parent of several workers; returns the exit code.

    ``bindings_factory`` (default: ``cardrules.api.registry.bindings``) must be a module-level function when
    workers > 1, because each worker process imports it anew.
    """
    try:
        config = parse_config(argv)
    except ConfigError as error:
        # Same shape and exit code as argparse's own usage errors.
        print(f"cardrules-server: error: {error}", file=sys.stderr)
        return 2
    configure_logging(config)
    stale = stale_modules()
    if stale:  # the old compiled code would answer: say so at once, in the log the operator reads
        get_logger().warning("stale_compiled_core", modules=stale, rebuild=REBUILD)
    if config.workers > 1:
        return run_workers(config, bindings_factory)
    return run(config, bindings_factory)


if __name__ == "__main__":
    sys.exit(main())
