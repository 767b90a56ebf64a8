"""The Go SDK's README, followed as a user would: a new module outside the repository, the README's install lines
run verbatim (with ``$CARDRULES`` pointing at this clone), its example compiled and run against a live server."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from tests.support.readme import at_address, readme_block, shell_lines
from tests.support.server_process import REPO_ROOT, running_server

README = REPO_ROOT / "clients" / "go" / "README.md"
# `go mod tidy` resolves grpc and protobuf: minutes on a cold module cache, seconds after.
TIMEOUT_SECONDS = 600


def _run(command: list[str], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done.stdout


def test_the_readme_install_and_example_work_in_a_new_module(tmp_path: Path) -> None:
    assert shutil.which("go"), "go is not on PATH: the Go SDK needs Go >= 1.23"
    env = {key: value for key, value in os.environ.items() if not key.startswith("CARDRULES_")}
    env["CARDRULES"] = str(REPO_ROOT)  # the README's name for the user's clone
    project = tmp_path / "tablegame"
    project.mkdir()
    _run(["go", "mod", "init", "example.com/tablegame"], project, env)
    example = readme_block(README, "go-example")
    with running_server(["--workers", "1"]) as server:
        # The README tells users to run tidy once their code imports the SDK: write the example first.
        (project / "main.go").write_text(at_address(example, server.target), encoding="utf-8")
        for line in shell_lines(readme_block(README, "go-install")):
            _run(["bash", "-c", line], project, env)
        assert "github.com/cardrules/cardrules/clients/go v0.0.0-" in (project / "go.mod").read_text(encoding="utf-8")
        output = _run(["go", "run", "."], project, env)
    assert output.splitlines() == [
        "Trips A 3",
        "Straight 2-3-4 9",
        "INVALID_ARGUMENT hands[0] WRONG_CARD_COUNT",
        "8 moves; first is legal: true",
    ]
