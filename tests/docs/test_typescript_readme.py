"""The TypeScript SDK's README, followed as a reader follows it: in empty folders outside the repository, every
command of its install, example and whole-hand sections run as written and every file saved under the name it gives
(tests/support/readme_steps.py), the clone's path being the one thing put in (``/path/to/cardrules``), and the
programs run against a live server (its address for the README's ``localhost:50051``, as tests run in parallel).

The clone is a copy of the SDK's folder as a clone has it (sources only: no node_modules, no dist), so the README's
``npm pack`` (or ``npm ci`` and ``npm run build``, for the linked install) builds it there. Checked on top of the
printed outputs the README shows:

- the install prints no npm warning (npm 11 warns about dependencies with install scripts: the packed SDK has none),
  not on a second install either, and the tarball ships what the README says and nothing of the tests;
- the linked install links the clone, and its CommonJS example runs;
- the whole hand's printed settlement is what the service's SettleRound gives for the printed deal and actions
  (tests/support/printed_hand.py), and its end is the output the README shows;
- the browser example bundles for the browser with esbuild, with no Node built-in in the bundle.

npm uses its cache first (``prefer-offline``): a few seconds per install once the cache holds the packages.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.printed_hand import check_printed_hands
from tests.support.readme import README_TARGET, at_address, readme_block
from tests.support.readme_steps import CLONE_PLACEHOLDER, follow
from tests.support.server_process import REPO_ROOT, ServerHandle, running_server

SDK = REPO_ROOT / "clients" / "typescript"
README = SDK / "README.md"
TOP_README = REPO_ROOT / "README.md"
# A cold npm cache downloads TypeScript and the SDK's dependencies: minutes; seconds afterwards.
TIMEOUT_SECONDS = 600
TARBALL_CONTENTS = ["LICENSE", "README.md", "dist/node.js", "dist/node.d.ts", "dist/node.js.map", "src/node.ts"]


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A stand-in for the reader's clone: the SDK's sources without anything built or installed."""
    assert shutil.which("npm"), "npm is not on PATH: the TypeScript SDK needs Node 20 and npm"
    root = tmp_path_factory.mktemp("clone") / "cardrules"
    ignore = shutil.ignore_patterns("node_modules", "dist", "examples", "*.tgz")
    shutil.copytree(SDK, root / "clients" / "typescript", ignore=ignore)
    return root


@pytest.fixture(scope="module")
def env() -> dict[str, str]:
    """A reader's shell: npm's cache first, and none of its notices about audits, funding or a newer npm."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("CARDRULES_", "npm_"))}
    env.update(npm_config_prefer_offline="true", npm_config_audit="false", npm_config_fund="false")
    env["npm_config_update_notifier"] = "false"
    return env


@pytest.fixture(scope="module")
def server() -> Iterator[ServerHandle]:
    with running_server() as handle:
        yield handle


def _follow(names: list[str], folder: Path, replace: dict[str, str], env: dict[str, str]) -> list[str]:
    return follow(README, names, folder, replace, env, TIMEOUT_SECONDS)


def _warnings_of(block: str, folder: Path, clone: Path, env: dict[str, str]) -> list[str]:
    """Run the README's shell block ``block`` in ``folder`` as readme_steps does, and return npm's warnings."""
    commands = readme_block(README, block).replace(CLONE_PLACEHOLDER, str(clone))
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", commands], cwd=folder, env=env, capture_output=True, text=True,
        timeout=TIMEOUT_SECONDS,
    )  # fmt: skip
    assert done.returncode == 0, f"{block} failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return [line for line in done.stderr.splitlines() if line.startswith("npm warn")]


def _installed(folder: Path, clone: Path, env: dict[str, str]) -> Path:
    """The README's install in the empty ``folder``; fails on any npm warning, on the install or a second one."""
    assert _warnings_of("typescript-install", folder, clone, env) == []
    again = subprocess.run(["npm", "install"], cwd=folder, env=env, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0 and "npm warn" not in again.stderr, again.stderr
    return folder / "node_modules" / "@cardrules" / "client"


def test_the_install_examples_and_whole_hand_work_in_an_empty_folder(
    tmp_path: Path, clone: Path, env: dict[str, str], server: ServerHandle
) -> None:
    installed = _installed(tmp_path, clone, env)
    assert not installed.is_symlink(), "the tarball install should be a copy, not a link"
    shipped = {path.relative_to(installed).as_posix() for path in installed.rglob("*") if path.is_file()}
    for needed in TARBALL_CONTENTS:
        assert needed in shipped, f"{needed} is not in the packed SDK"
    assert "dist/cjs/web.js" in shipped and "dist/cjs/package.json" in shipped
    assert not any(path.startswith(("dist/test/", "test/", "node_modules/")) for path in shipped)

    replace = {README_TARGET: server.target}
    example, stream, hand = (
        outputs[-1]
        for outputs in (
            _follow(["typescript-tsconfig", "typescript-node-example", "typescript-node-run"], tmp_path, replace, env),
            _follow(["typescript-stream-example", "typescript-stream-run"], tmp_path, replace, env),
            _follow(["typescript-hand", "typescript-hand-run"], tmp_path, replace, env),
        )
    )
    assert example.splitlines() == readme_block(README, "typescript-node-output").splitlines()
    assert stream.splitlines() == readme_block(README, "typescript-stream-output").splitlines()
    with server.channel() as channel:
        check_printed_hands(hand, channel)
    shown = readme_block(README, "typescript-hand-output")
    assert hand.endswith(shown), f"the README shows an end the program does not print:\n{hand}"

    # The top README's TypeScript example, in the same project, compiled and run as the SDK README's are.
    top = at_address(readme_block(TOP_README, "typescript-example"), server.target)
    (tmp_path / "top.ts").write_text(top, encoding="utf-8")
    compiled = subprocess.run(
        ["bash", "-c", "npx tsc && node dist/top.js"], cwd=tmp_path, env=env, capture_output=True, text=True,
        timeout=TIMEOUT_SECONDS,
    )  # fmt: skip
    assert compiled.stdout.splitlines() == ["[ 'Trips A', '3 points' ]", "true"], compiled.stderr


def test_the_linked_install_links_the_clone_and_runs_the_commonjs_example(
    tmp_path: Path, clone: Path, env: dict[str, str], server: ServerHandle
) -> None:
    assert _warnings_of("typescript-link", tmp_path, clone, env) == []
    installed = tmp_path / "node_modules" / "@cardrules" / "client"
    assert installed.resolve() == clone / "clients" / "typescript", "the SDK is not linked from the clone"
    assert (installed / "dist" / "node.d.ts").is_file(), "the README's build did not build dist/ in the clone"

    replace = {README_TARGET: server.target}
    (ran,) = _follow(["typescript-cjs-example", "typescript-cjs-run"], tmp_path, replace, env)
    assert ran.splitlines() == ["Trips A"]


def test_the_browser_example_bundles_for_the_browser(tmp_path: Path, clone: Path, env: dict[str, str]) -> None:
    _installed(tmp_path, clone, env)
    _follow(["typescript-browser-example", "typescript-browser-bundle"], tmp_path, {}, env)
    bundle = (tmp_path / "app.js").read_text(encoding="utf-8")
    assert "http://127.0.0.1:8080" in bundle and "scoreLieng" in bundle
    assert 'from "node:' not in bundle and "require(" not in bundle
