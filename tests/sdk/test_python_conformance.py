"""The Python SDK's conformance test: every shared vector in tests/vectors against the real server.

The runner is started as a subprocess, exactly as an operator would run it, so its exit status and summary
line are what is checked.
"""

from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
VECTORS = REPO_ROOT / "tests" / "vectors"
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed$")

# tests/sdk is not a package, so pytest does not put the repository root on sys.path for it; the server helper
# lives in the tests package under that root.
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))
server_process = importlib.import_module("tests.support.server_process")


def run_conformance(vectors: Path, target: str, *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardrules.client.tools.conformance", str(vectors), "--target", target, *flags],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=REPO_ROOT,
    )


def summary(done: subprocess.CompletedProcess[str]) -> tuple[int, int]:
    lines = done.stdout.splitlines()
    match = SUMMARY.match(lines[-1]) if lines else None
    assert match is not None, f"no summary line:\n{done.stdout}\n{done.stderr}"
    return int(match.group(1)), int(match.group(2))


@pytest.fixture(scope="module")
def target() -> Iterator[str]:
    with server_process.running_server() as server:
        yield server.target


@pytest.mark.parametrize("flags", [(), ("--stream",)], ids=["unary", "stream"])
def test_every_shared_vector_passes(target: str, flags: tuple[str, ...]) -> None:
    done = run_conformance(VECTORS, target, *flags)
    passed, failed = summary(done)
    assert (failed, done.returncode) == (0, 0), done.stdout + done.stderr
    assert passed > 0


def test_a_vector_that_cannot_match_fails(target: str, tmp_path: Path) -> None:
    impossible: dict[str, Any] = {
        "name": "a trips scores as points (it cannot)",
        "service": "cardrules.v1.LiengService",
        "method": "ScoreLieng",
        "request": {
            "hands": [
                {
                    "cards": [
                        {"rank": "RANK_ACE", "suit": suit} for suit in ("SUIT_CLUBS", "SUIT_DIAMONDS", "SUIT_HEARTS")
                    ]
                }
            ]
        },
        "expect": {"response": {"scores": [{"tier": "LIENG_TIER_POINTS", "label": {"en": "no such label"}}]}},
    }
    (tmp_path / "impossible.json").write_text(json.dumps({"description": "fails", "cases": [impossible]}))
    done = run_conformance(tmp_path, target)
    assert done.returncode == 1
    assert summary(done) == (0, 1)
    assert "impossible.json: a trips scores as points (it cannot): response.scores[0]" in done.stdout


def test_an_empty_folder_fails(tmp_path: Path) -> None:
    # No case means no call: the target is never contacted.
    done = run_conformance(tmp_path, "127.0.0.1:1")
    assert done.returncode == 1
    assert summary(done) == (0, 0)
    assert "no vector cases found" in done.stderr
