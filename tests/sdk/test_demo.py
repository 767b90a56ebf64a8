"""The demo command end to end: ``python -m cardrules.client.tools.demo`` against the real server, two seeds.

Each run plays a whole Sâm hand and a whole Liêng round through the server; the test checks it exits 0, prints
both settlements, and that every printed ``nets:`` line plus its ``fee:`` sums to zero.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

from tests.support.server_process import REPO_ROOT, ServerHandle, running_server

DEMO_TIMEOUT_SECONDS = 60
NET = re.compile(r"([A-F]) ([+-]\d+)")


@pytest.fixture(scope="module")
def server() -> Iterator[ServerHandle]:
    with running_server(["--log-level", "warning"]) as handle:
        yield handle


def run_demo(target: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("CARDRULES_")}
    return subprocess.run(
        [sys.executable, "-m", "cardrules.client.tools.demo", "--target", target, *args],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=DEMO_TIMEOUT_SECONDS,
    )


def settlements(output: str) -> list[tuple[dict[str, int], int]]:
    """Each ``nets:`` line parsed to {seat: net}, with the ``fee:`` line that follows it."""
    lines = output.splitlines()
    found = []
    for index, line in enumerate(lines):
        if line.startswith("nets: "):
            nets = {seat: int(value) for seat, value in NET.findall(line)}
            fee = int(lines[index + 1].removeprefix("fee: "))
            found.append((nets, fee))
    return found


@pytest.mark.parametrize("seed", [7, 2024])
def test_demo_plays_and_settles_both_games(server: ServerHandle, seed: int) -> None:
    result = run_demo(server.target, "--seed", str(seed), "--seats", "4")

    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "== Sâm Lốc, 4 seats" in out and "== Liêng, 4 seats" in out
    assert re.search(r"^settlement: [A-Z_]+, winner [A-D]", out, re.MULTILINE), out
    assert re.search(r"^settlement: \d+ pot\(s\)", out, re.MULTILINE), out
    found = settlements(out)
    assert len(found) == 2, out
    for nets, fee in found:
        assert sorted(nets) == ["A", "B", "C", "D"], out
        assert sum(nets.values()) + fee == 0, out


def test_demo_is_reproducible_by_seed(server: ServerHandle) -> None:
    first = run_demo(server.target, "--seed", "5", "--seats", "3")
    again = run_demo(server.target, "--seed", "5", "--seats", "3")

    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout


def test_demo_reports_an_unreachable_server() -> None:
    result = run_demo("127.0.0.1:1", "--seed", "1")

    assert result.returncode == 1
    assert "UNAVAILABLE" in result.stderr
