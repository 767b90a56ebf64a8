"""Checks, before any test runs, that the rules core under test is the build of its source as it is now.

With the core compiled in place (``bash tests/run.sh``), an edited ``.py`` whose ``.so`` was not rebuilt would
silently test the old code: the run stops instead, naming each such module and the rebuild command
(cardrules/server/compiled_core.py).
"""

from __future__ import annotations

import pytest

from cardrules.server.compiled_core import stale_message, stale_modules


def pytest_configure(config: pytest.Config) -> None:
    stale = stale_modules()
    if stale:
        raise pytest.UsageError(stale_message(stale))
