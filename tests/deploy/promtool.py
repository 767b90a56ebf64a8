"""promtool, Prometheus' own rule checker and rule-test runner, from Debian's ``prometheus`` package: installed with
apt-get the first time it is needed (like Mono for the C# tests), so a clean machine needs nothing by hand."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess

import pytest

PACKAGE = "prometheus"  # Debian's package carries /usr/bin/promtool next to the server


@functools.cache
def promtool() -> str:
    found = shutil.which("promtool")
    if found:
        return found
    if os.geteuid() != 0 and not shutil.which("sudo"):
        pytest.fail("promtool is missing and apt-get needs root: apt-get install prometheus")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (
        [*sudo, "apt-get", "update", "-qq"],
        [*sudo, "apt-get", "install", "-y", "-qq", "--no-install-recommends", PACKAGE],
    ):
        result = subprocess.run(command, capture_output=True, text=True, timeout=900, env=env)
        assert result.returncode == 0, f"{' '.join(command)} failed:\n{result.stdout[-2000:]}{result.stderr[-2000:]}"
    found = shutil.which("promtool")
    assert found, f"apt-get installed {PACKAGE} but promtool is not on PATH"
    return found
