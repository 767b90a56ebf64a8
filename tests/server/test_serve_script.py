"""``bash service/serve.sh``, the README's server command: on a developer's machine it listens on loopback only."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Mapping
from typing import Any

from tests.support.server_process import REPO_ROOT, free_port

TIMEOUT = 60.0


def _started(env: Mapping[str, str], *args: str) -> dict[str, Any]:
    """The 'server started' log line of serve.sh with ``args``; the server is stopped afterwards."""
    full_env = {key: value for key, value in os.environ.items() if not key.startswith("CARDRULES_")}
    full_env.update(env)
    process = subprocess.Popen(
        ["bash", "service/serve.sh", "--port", str(free_port()), "--metrics-port", "0", *args],
        cwd=REPO_ROOT,
        env=full_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert process.stdout is not None
        seen = []
        for line in process.stdout:
            seen.append(line)
            if '"server started"' in line:
                record: dict[str, Any] = json.loads(line)
                return record
        raise AssertionError("serve.sh ended without starting a server:\n" + "".join(seen[-20:]))
    finally:
        process.terminate()
        process.wait(timeout=TIMEOUT)


def test_serve_sh_listens_on_loopback_by_default() -> None:
    assert _started({})["address"].startswith("127.0.0.1:")


def test_serve_sh_takes_the_host_from_a_flag_or_the_environment() -> None:
    assert _started({}, "--host", "0.0.0.0")["address"].startswith("0.0.0.0:")
    assert _started({"CARDRULES_HOST": "0.0.0.0"})["address"].startswith("0.0.0.0:")
