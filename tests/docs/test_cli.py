"""The ``cardrules`` command line as its READMEs show it, against a live server.

The Python SDK's README shows a console session (``$ command`` lines, each followed by what it prints): every
command is run verbatim in a scratch folder holding the README's round records (``sam-round.json``,
``lieng-round.json``, saved under the names the README gives them), and must print exactly what the README shows.
The top README's short list of commands must run and answer too. The commands are the console script that
installing the SDK puts next to the Python running the suite (``tests/run.sh`` installs it). A server that cannot
be reached is reported with how to start one.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.readme import readme_block, shell_lines
from tests.support.readme_steps import saved_file_name
from tests.support.server_process import REPO_ROOT, running_server

SDK_README = REPO_ROOT / "clients" / "python" / "README.md"
TOP_README = REPO_ROOT / "README.md"
COMMAND_TIMEOUT_SECONDS = 60
PROMPT = "$ "
FAILED, BAD_INPUT = 1, 2
ROUND_BLOCKS = ["cli-sam-round", "cli-lieng-round"]
UNREACHABLE = "127.0.0.1:1"  # nothing listens on port 1


@dataclass(frozen=True)
class Shown:
    command: str
    output: list[str]


def session(block: str) -> list[Shown]:
    """A console block as (command, the lines printed after it) pairs."""
    shown: list[Shown] = []
    for line in block.splitlines():
        if line.startswith(PROMPT):
            shown.append(Shown(line.removeprefix(PROMPT), []))
        elif shown:
            shown[-1].output.append(line.rstrip())
        elif line.strip():
            raise AssertionError(f"the session starts with output, not a command: {line!r}")
    return shown


def _environment(target: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("CARDRULES_")}
    scripts = Path(sys.executable).parent
    assert (scripts / "cardrules").exists(), f"no cardrules command in {scripts}: install clients/python (tests/run.sh)"
    env["PATH"] = os.pathsep.join([str(scripts), env.get("PATH", "")])
    env["CARDRULES_TARGET"] = target  # the README's commands give no --target: the documented variable points them
    return env


def _run(command: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    # stderr joins stdout, as on a terminal: the session shows error messages where they appear.
    return subprocess.run(
        ["bash", "-c", command],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=COMMAND_TIMEOUT_SECONDS,
    )


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("cli")
    text = SDK_README.read_text(encoding="utf-8")
    for name in ROUND_BLOCKS:
        (folder / saved_file_name(text, name)).write_text(readme_block(SDK_README, name), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def env() -> Iterator[dict[str, str]]:
    with running_server(["--log-level", "warning"]) as server:
        yield _environment(server.target)


def test_every_command_of_the_readme_session_prints_what_the_readme_shows(scratch: Path, env: dict[str, str]) -> None:
    shown = session(readme_block(SDK_README, "cli-session"))
    assert {item.command.split()[1] for item in shown} >= {"score", "compare", "legal", "settle"}
    settled = {item.command.split()[-1] for item in shown if item.command.split()[1] == "settle"}
    assert settled == {path.name for path in scratch.iterdir()}, "every round record shown is settled, and only those"
    for item in shown:
        done = _run(item.command, scratch, env)
        printed = [line.rstrip() for line in done.stdout.rstrip("\n").splitlines()]
        assert printed == item.output, f"$ {item.command}\nprinted:\n{done.stdout}"
        # A session line showing an error message is a refused input: exit status 2, as documented.
        expected_status = BAD_INPUT if item.output and item.output[0].startswith("cardrules: ") else 0
        assert done.returncode == expected_status, f"$ {item.command}: exit status {done.returncode}"


def test_the_top_readme_commands_answer(scratch: Path, env: dict[str, str]) -> None:
    commands = shell_lines(readme_block(TOP_README, "cli"))
    assert commands and all(command.startswith("cardrules ") for command in commands)
    for command in commands:
        done = _run(command, scratch, env)
        assert done.returncode == 0 and done.stdout.strip(), f"$ {command}\n{done.stdout}"
        assert not done.stdout.startswith("cardrules:"), f"$ {command}\n{done.stdout}"


def test_an_unreachable_server_is_reported_with_how_to_start_one(scratch: Path, env: dict[str, str]) -> None:
    done = _run(f"cardrules --target {UNREACHABLE} score AC AD AH", scratch, env)

    assert done.returncode == FAILED, done.stdout
    first, hint = done.stdout.splitlines()
    assert first.startswith(f"cardrules: cannot reach the rules service at {UNREACHABLE}: "), done.stdout
    assert "bash service/serve.sh" in hint, done.stdout
