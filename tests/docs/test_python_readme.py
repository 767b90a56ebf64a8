"""The Python SDK's README, followed as a reader follows it: in an empty folder outside the repository, every
command of its install, example and whole-hand sections run as written and every file saved under the name it gives
(tests/support/readme_steps.py), the clone's path being the one thing put in (``/path/to/cardrules``), and the
programs run against a live server (its address for the README's ``localhost:50051``, as tests run in parallel).

The clone is a copy holding only what a fresh clone has under ``clients/python`` (no ``build/`` or ``*.egg-info``
left by earlier installs, which setuptools would otherwise pack again). pip's download cache is left on, so only a
cold cache pays for fetching grpcio and protobuf. The whole hand's printed settlement is checked against what the
service's SettleRound gives for the printed deal and actions (tests/support/printed_hand.py), and its end against
the output the README shows.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.printed_hand import check_printed_hands
from tests.support.readme import README_TARGET, readme_block
from tests.support.readme_steps import CLONE_PLACEHOLDER, follow
from tests.support.server_process import REPO_ROOT, ServerHandle, running_server

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


def _user_environment() -> dict[str, str]:
    """This process's environment as a reader's shell: nothing of the suite's own virtualenv or of the repository
    on the import path, and no pip notice about newer pip releases."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("CARDRULES_", "PYTHON", "PIP_")) and key != "VIRTUAL_ENV"
    }
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


@pytest.fixture(scope="module")
def server() -> Iterator[ServerHandle]:
    with running_server(["--workers", "1", "--log-level", "warning"]) as handle:
        yield handle


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("clone") / "cardrules"
    shutil.copytree(
        REPO_ROOT / "clients" / "python",
        root / "clients" / "python",
        ignore=shutil.ignore_patterns("build", "dist", "*.egg-info", "__pycache__"),
    )
    return root


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory, clone: Path) -> Path:
    """The reader's project folder after the README's Install section: empty, then the install block run in it."""
    folder = tmp_path_factory.mktemp("project")
    replace = {CLONE_PLACEHOLDER: str(clone)}
    follow(SDK_README, ["python-install"], folder, replace, _user_environment(), TIMEOUT_SECONDS)
    return folder


def _follow(names: list[str], folder: Path, server: ServerHandle) -> list[str]:
    return follow(SDK_README, names, folder, {README_TARGET: server.target}, _user_environment(), TIMEOUT_SECONDS)


def test_the_top_readme_shows_the_same_python_example() -> None:
    assert readme_block(TOP_README, "python-example") == readme_block(SDK_README, "python-example"), (
        "the top README's Python example differs from clients/python/README.md's: keep them the same"
    )


def test_the_install_and_examples_work_in_an_empty_folder(project: Path, server: ServerHandle) -> None:
    example, best_hand, streams = _follow(
        ["python-example", "python-example-run", "python-async", "python-async-run", "python-streams",
         "python-streams-run"],
        project,
        server,
    )  # fmt: skip
    assert example.splitlines() == EXPECTED
    assert best_hand == "Trips A\n"
    assert streams == "300 ['Trips A', 'Straight J-Q-K', '4 points']\n"

    # The install put the command line in the virtualenv too, and the examples ran the installed package, not the
    # repository's sources.
    venv = project / ".venv" / "bin"
    env = _user_environment()
    scored = subprocess.run(
        [str(venv / "cardrules"), "--target", server.target, "score", "AC AD AH"],
        capture_output=True, text=True, env=env, timeout=TIMEOUT_SECONDS,
    )  # fmt: skip
    assert scored.stdout == "AC AD AH  Trips A (Sáp A)\n", scored.stderr
    where = subprocess.run(
        [str(venv / "python"), "-c", "import cardrules.client; print(cardrules.client.__file__)"],
        cwd=project, capture_output=True, text=True, env=env, timeout=TIMEOUT_SECONDS,
    )  # fmt: skip
    assert where.stdout.startswith(str(project / ".venv")), where.stdout + where.stderr


def test_the_whole_hand_prints_the_settlement_the_service_gives(project: Path, server: ServerHandle) -> None:
    (printed,) = _follow(["python-hand", "python-hand-run"], project, server)
    with server.channel() as channel:
        check_printed_hands(printed, channel)
    shown = readme_block(SDK_README, "python-hand-output")
    assert printed.endswith(shown), f"the README shows an end the program does not print:\n{printed}"
