"""The server package's documented ``python -m`` commands start cleanly: no warning before their output.

``python -m cardrules.server.tokens`` (docs/security.md) used to print runpy's ``RuntimeWarning`` ("found in
sys.modules after import of package 'cardrules.server'") first, because the package imported the module it was
about to run. The package's names now load on first use; they must still be importable from it.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys

import pytest

from tests.support.server_process import REPO_ROOT

TIMEOUT_SECONDS = 60


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONWARNINGS"}
    return subprocess.run(
        [sys.executable, "-W", "default", *args],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_SECONDS,
    )


@pytest.mark.parametrize(
    "command",
    [
        ["-m", "cardrules.server.tokens", "new", "game-backend"],
        ["-m", "cardrules.server.tokens", "--help"],
        ["-m", "cardrules.server", "--help"],
    ],
)
def test_the_command_prints_no_warning(command: list[str]) -> None:
    done = _run(*command)

    assert done.returncode == 0, done.stderr
    assert done.stderr == "", done.stderr
    assert done.stdout.strip()


def test_a_new_token_command_prints_the_token_then_its_file_line() -> None:
    token, line = _run("-m", "cardrules.server.tokens", "new", "game-backend").stdout.splitlines()

    assert line.startswith("game-backend sha256:") and token not in line


def test_the_package_names_still_import_from_the_package() -> None:
    from cardrules.server import BindingsFactory, Config, ConfigError, ServiceBinding, binding, config, parse_config

    assert (Config, ConfigError, parse_config) == (config.Config, config.ConfigError, config.parse_config)
    assert (BindingsFactory, ServiceBinding) == (binding.BindingsFactory, binding.ServiceBinding)
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        importlib.import_module("cardrules.server").Nothing  # noqa: B018
