"""The TypeScript SDK's README, followed as a user would, from a fresh clone.

The SDK's folder is copied as a clone has it (sources only: no node_modules, no dist) to a temporary directory
that stands for ``$CARDRULES``, the README's name for the user's clone. In new projects outside the repository:

- the README's install lines run verbatim (``npm install "$CARDRULES/clients/typescript"`` builds the SDK in the
  clone through its ``prepare`` step), its tsconfig is used, and its Node example and the top README's TypeScript
  example are compiled with ``tsc`` and run against a live server; their output is checked against the README;
- the tarball route (``npm pack``, then install the .tgz) runs verbatim, the CommonJS example runs from it, and
  the browser example bundles with esbuild for the browser, as the README says.

npm uses its cache first (``prefer-offline``): a few seconds per install once the cache holds the packages.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.readme import at_address, readme_block, shell_lines
from tests.support.server_process import REPO_ROOT, ServerHandle, running_server

SDK = REPO_ROOT / "clients" / "typescript"
README = SDK / "README.md"
TOP_README = REPO_ROOT / "README.md"
# A cold npm cache downloads TypeScript and the SDK's dependencies: minutes; seconds afterwards.
TIMEOUT_SECONDS = 600


def _run(command: str, cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(
        ["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT_SECONDS
    )
    assert done.returncode == 0, f"{command!r} failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A stand-in for the user's clone: the SDK's sources without anything built or installed."""
    assert shutil.which("npm"), "npm is not on PATH: the TypeScript SDK needs Node 20 and npm"
    root = tmp_path_factory.mktemp("clone") / "cardrules"
    ignore = shutil.ignore_patterns("node_modules", "dist", "examples", "*.tgz")
    shutil.copytree(SDK, root / "clients" / "typescript", ignore=ignore)
    return root


@pytest.fixture(scope="module")
def env(clone: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("CARDRULES_", "npm_"))}
    env["CARDRULES"] = str(clone)
    env.update(npm_config_prefer_offline="true", npm_config_audit="false", npm_config_fund="false")
    env["npm_config_update_notifier"] = "false"
    return env


@pytest.fixture(scope="module")
def server() -> Iterator[ServerHandle]:
    with running_server() as handle:
        yield handle


def test_the_readme_install_tsconfig_and_node_example_work(
    tmp_path: Path, clone: Path, env: dict[str, str], server: ServerHandle
) -> None:
    project = tmp_path / "tablegame"
    project.mkdir()
    for line in shell_lines(readme_block(README, "typescript-install")):
        _run(line, project, env)
    installed = project / "node_modules" / "@cardrules" / "client"
    assert installed.resolve() == clone / "clients" / "typescript", "the SDK is not linked from the clone"
    assert (installed / "dist" / "node.d.ts").is_file(), "prepare did not build dist/ in the clone"

    (project / "tsconfig.json").write_text(readme_block(README, "typescript-tsconfig"), encoding="utf-8")
    example = at_address(readme_block(README, "typescript-node-example"), server.target)
    (project / "example.ts").write_text(example, encoding="utf-8")
    top = at_address(readme_block(TOP_README, "typescript-example"), server.target)
    (project / "top.ts").write_text(top, encoding="utf-8")
    stream = at_address(readme_block(README, "typescript-stream-example"), server.target)
    (project / "stream.ts").write_text(stream, encoding="utf-8")
    outputs = [_run(line, project, env) for line in shell_lines(readme_block(README, "typescript-node-run"))]

    assert outputs[-1].splitlines() == readme_block(README, "typescript-node-output").splitlines()
    assert _run("node dist/top.js", project, env).splitlines() == ["[ 'Trips A', '3 points' ]", "true"]
    stream_output = readme_block(README, "typescript-stream-output").splitlines()
    assert _run("node dist/stream.js", project, env).splitlines() == stream_output


def test_the_readme_tarball_commonjs_and_browser_bundle_work(
    tmp_path: Path, env: dict[str, str], server: ServerHandle
) -> None:
    project = tmp_path / "packed"
    project.mkdir()
    _run("npm init -y", project, env)
    for line in shell_lines(readme_block(README, "typescript-pack")):
        _run(line, project, env)
    installed = project / "node_modules" / "@cardrules" / "client"
    assert not installed.is_symlink(), "the tarball install should be a copy, not a link"
    shipped = {path.relative_to(installed).as_posix() for path in installed.rglob("*") if path.is_file()}
    for needed in ("LICENSE", "README.md", "dist/node.js", "dist/node.d.ts", "dist/node.js.map", "src/node.ts"):
        assert needed in shipped, f"{needed} is not in the packed SDK"
    assert "dist/cjs/web.js" in shipped and "dist/cjs/package.json" in shipped
    assert not any(path.startswith(("dist/test/", "test/", "node_modules/")) for path in shipped)

    (project / "example.cjs").write_text(
        at_address(readme_block(README, "typescript-cjs-example"), server.target), encoding="utf-8"
    )
    assert _run("node example.cjs", project, env).splitlines() == ["Trips A"]

    (project / "app.ts").write_text(readme_block(README, "typescript-browser-example"), encoding="utf-8")
    for line in shell_lines(readme_block(README, "typescript-browser-bundle")):
        _run(line, project, env)
    bundle = (project / "app.js").read_text(encoding="utf-8")
    assert "http://127.0.0.1:8080" in bundle and "scoreLieng" in bundle
    assert 'from "node:' not in bundle and "require(" not in bundle
