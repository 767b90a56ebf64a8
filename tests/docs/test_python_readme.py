"""The Python SDK's README, followed as a user would: a new virtualenv outside the repository, the README's install
line run verbatim from the root of a copy of the clone, then its example run against a live server.

The copy holds only what a fresh clone has under ``clients/python`` (no ``build/`` or ``*.egg-info`` left by
earlier installs, which setuptools would otherwise pack again). pip's download cache is left on, so only a cold
cache pays for fetching grpcio and protobuf.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.support.readme import at_address, readme_block, shell_lines
from tests.support.server_process import REPO_ROOT, running_server

SDK_README = REPO_ROOT / "clients" / "python" / "README.md"
TOP_README = REPO_ROOT / "README.md"
# Creating the virtualenv and installing with a warm pip cache takes well under a minute; a cold one downloads wheels.
TIMEOUT_SECONDS = 600
EXPECTED = [
    "Trips A / Sáp A",
    "Straight J-Q-K / Liêng J-Q-K",
    "4 points / 4 điểm",
    "TC True 1",
    "WRONG_CARD_COUNT [('hands[0]', 'WRONG_CARD_COUNT')]",
]


def _run(command: list[str], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done.stdout


def _user_environment(venv: Path) -> dict[str, str]:
    """This process's environment as a user's shell with the new virtualenv activated: nothing of the suite's own
    virtualenv or of the repository on the import path."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("CARDRULES_", "PYTHON", "PIP_")) and key != "VIRTUAL_ENV"
    }
    env["VIRTUAL_ENV"] = str(venv)
    env["PATH"] = os.pathsep.join([str(venv / "bin"), env.get("PATH", "")])
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def _clone_of_the_sdk(root: Path) -> None:
    shutil.copytree(
        REPO_ROOT / "clients" / "python",
        root / "clients" / "python",
        ignore=shutil.ignore_patterns("build", "dist", "*.egg-info", "__pycache__"),
    )


def test_the_top_readme_shows_the_same_python_example() -> None:
    assert readme_block(TOP_README, "python-example") == readme_block(SDK_README, "python-example"), (
        "the top README's Python example differs from clients/python/README.md's: keep them the same"
    )


def test_the_readme_install_and_example_work_in_a_new_virtualenv(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    clone = tmp_path / "clone"
    _clone_of_the_sdk(clone)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=TIMEOUT_SECONDS)
    env = _user_environment(venv)
    for line in shell_lines(readme_block(SDK_README, "python-install")):
        _run(["bash", "-c", line], clone, env)

    project = tmp_path / "project"
    project.mkdir()
    example = readme_block(SDK_README, "python-example")
    python = str(venv / "bin" / "python")
    with running_server(["--workers", "1", "--log-level", "warning"]) as server:
        (project / "example.py").write_text(at_address(example, server.target), encoding="utf-8")
        output = _run([python, "example.py"], project, env)
        assert output.splitlines() == EXPECTED
        (project / "best_hand.py").write_text(
            at_address(readme_block(SDK_README, "python-async"), server.target), encoding="utf-8"
        )
        assert _run([python, "best_hand.py"], project, env) == "Trips A\n"
        (project / "streams.py").write_text(
            at_address(readme_block(SDK_README, "python-streams"), server.target), encoding="utf-8"
        )
        assert _run([python, "streams.py"], project, env) == "300 ['Trips A', 'Straight J-Q-K', '4 points']\n"
        # The install also put the command line on the virtualenv's PATH.
        scored = _run(["cardrules", "--target", server.target, "score", "AC AD AH"], project, env)
        assert scored == "AC AD AH  Trips A (Sáp A)\n"
    # The example ran the installed package, not the repository's sources.
    where = _run([python, "-c", "import cardrules.client; print(cardrules.client.__file__)"], project, env)
    assert where.startswith(str(venv)), where
