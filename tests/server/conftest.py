"""Fixtures for the server end-to-end tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.server_process import FAKE_ENTRY, ServerHandle, running_server


@pytest.fixture(scope="module")
def server() -> Iterator[ServerHandle]:
    """One single-worker server with the fake services, shared by the tests of a module that only read it."""
    with running_server(entry=FAKE_ENTRY) as handle:
        yield handle
