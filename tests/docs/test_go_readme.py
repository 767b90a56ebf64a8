"""The Go SDK's README, followed as a reader follows it: in an empty folder outside the repository, every command
of its install, example and whole-hand sections run as written and every file saved under the name it gives
(tests/support/readme_steps.py), the clone's path being the one thing put in (``/path/to/cardrules``), and the
programs run against a live server (its address for the README's ``localhost:50051``, as tests run in parallel).

The whole hand's printed settlement is checked against what the service's SettleRound gives for the printed deal
and actions (tests/support/printed_hand.py), and its end against the output the README shows."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.printed_hand import check_printed_hands
from tests.support.readme import README_TARGET, readme_block
from tests.support.readme_steps import CLONE_PLACEHOLDER, follow
from tests.support.server_process import REPO_ROOT, ServerHandle, running_server

README = REPO_ROOT / "clients" / "go" / "README.md"
# `go mod tidy` resolves grpc and protobuf: minutes on a cold module cache, seconds after.
TIMEOUT_SECONDS = 600


@pytest.fixture(scope="module")
def server() -> Iterator[ServerHandle]:
    assert shutil.which("go"), "go is not on PATH: the Go SDK needs Go >= 1.23"
    with running_server(["--workers", "1"]) as handle:
        yield handle


def _follow(names: list[str], folder: Path, server: ServerHandle) -> list[str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("CARDRULES_")}
    replace = {CLONE_PLACEHOLDER: str(REPO_ROOT), README_TARGET: server.target}
    return follow(README, names, folder, replace, env, TIMEOUT_SECONDS)


def test_the_install_and_example_work_in_an_empty_folder(tmp_path: Path, server: ServerHandle) -> None:
    outputs = _follow(["go-install", "go-example", "go-run"], tmp_path, server)
    assert "github.com/cardrules/cardrules/clients/go v0.0.0-" in (tmp_path / "go.mod").read_text(encoding="utf-8")
    assert outputs[-1].splitlines() == [
        "Trips A 3",
        "Straight 2-3-4 9",
        "INVALID_ARGUMENT hands[0] WRONG_CARD_COUNT",
        "8 moves; first is legal: true",
    ]


def test_the_whole_hand_prints_the_settlement_the_service_gives(tmp_path: Path, server: ServerHandle) -> None:
    # From the install straight to the whole hand, as a reader who skips the example would.
    outputs = _follow(["go-install", "go-hand-folder", "go-hand", "go-hand-run"], tmp_path, server)
    with server.channel() as channel:
        check_printed_hands(outputs[-1], channel)
    shown = readme_block(README, "go-hand-output")
    assert outputs[-1].endswith(shown), f"the README shows an end the program does not print:\n{outputs[-1]}"
