"""The browser example (clients/typescript/examples/browser), built and served as the TypeScript SDK's README says,
played in a real headless browser (Debian's chromium driven by playwright-core) against the local front (replicas
behind a real Envoy, ``deploy/local/up.sh``) over gRPC-Web: a whole hand plays to its settlement, and a play the
service refuses shows its reason.

``bash tests/run.sh`` installs chromium (apt) and the example's packages (``npm ci``); the README's build and serve
lines are run here verbatim (only the port changes, so parallel tests do not collide).
"""

from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardrules.core.sam.reasons import Reason
from tests.support.local_front import running_local_front
from tests.support.readme import readme_block, shell_lines
from tests.support.server_process import REPO_ROOT, free_port

README = REPO_ROOT / "clients" / "typescript" / "README.md"
EXAMPLE = REPO_ROOT / "clients" / "typescript" / "examples" / "browser"
CHROMIUM = Path("/usr/bin/chromium")
README_PORT = "8000"  # the port of the README's serve line
# A deal with no instant win where the player (seat 0) acts before the hand ends; any such seed would do.
SEED = 20261201
# The page's shuffle of this seed deals seat 0 five pairs (an instant win, tới trắng).
INSTANT_WIN_SEED = 22
SEATS = 4


def _run(command: str, timeout: float = 300) -> None:
    done = subprocess.run(
        ["bash", "-c", command], cwd=REPO_ROOT, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"


def _serving(process: subprocess.Popen[bytes], port: int, timeout: float = 20) -> bool:
    """Whether ``process`` serves the example on ``port`` (False when it exited: another process took the port)."""
    deadline = time.monotonic() + timeout
    while process.poll() is None:
        with contextlib.suppress(OSError), urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as answer:
            return "data-testid" in answer.read().decode()
        assert time.monotonic() < deadline, f"nothing answers on {port} after {timeout}s"
        time.sleep(0.1)
    return False


@contextlib.contextmanager
def _served(serve: str, attempts: int = 3) -> Iterator[str]:
    """The README's serve line on a free port instead of its own; yields the base URL."""
    assert f" {README_PORT} " in f"{serve} ", serve
    for _ in range(attempts):
        port = free_port()
        command = f"{serve} ".replace(f" {README_PORT} ", f" {port} ").strip()
        process = subprocess.Popen(
            ["bash", "-c", f"exec {command}"],
            cwd=REPO_ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        try:
            if _serving(process, port):
                yield f"http://127.0.0.1:{port}/"
                return
        finally:
            process.terminate()
            process.wait(timeout=10)
    raise AssertionError(f"{serve!r} did not start in {attempts} attempts")


@pytest.fixture(scope="module")
def page_root() -> Iterator[str]:
    """The example built by the README's lines and served by its serve line; yields the page's base URL."""
    assert CHROMIUM.exists(), f"{CHROMIUM} missing: bash tests/run.sh installs Debian's chromium"
    assert (EXAMPLE / "node_modules" / "playwright-core").is_dir(), "run `bash tests/run.sh` (npm ci of the example)"
    installs = shell_lines(readme_block(README, "browser-install"))
    run_sh = (REPO_ROOT / "tests" / "run.sh").read_text(encoding="utf-8")
    for line in installs:  # CI installs exactly what the README tells users to install
        assert line in run_sh, f"tests/run.sh does not run the README's install line {line!r}"
    for line in shell_lines(readme_block(README, "browser-build")):
        _run(line)
    (serve,) = shell_lines(readme_block(README, "browser-serve"))
    with _served(serve) as url:
        yield url


@pytest.fixture(scope="module")
def grpc_web_url() -> Iterator[str]:
    with running_local_front(replicas=2) as front:
        yield front.grpc_web_url


def _page(page_root: str, grpc_web_url: str, seed: int) -> str:
    query = urllib.parse.urlencode({"front": grpc_web_url, "seed": seed, "seats": SEATS, "delay": 0})
    return f"{page_root}index.html?{query}"


@pytest.fixture(scope="module")
def hands(page_root: str, grpc_web_url: str) -> dict[int, dict[str, Any]]:
    """What the page showed for each seed, all played in one browser (one launch for every check)."""
    node = shutil.which("node")
    assert node is not None, "node is not on PATH"
    seeds = (SEED, INSTANT_WIN_SEED)
    urls = [_page(page_root, grpc_web_url, seed) for seed in seeds]
    done = subprocess.run(
        [node, "test/play-hand.mjs", *urls], cwd=EXAMPLE, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, f"the browser run failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    played = json.loads(done.stdout.strip().splitlines()[-1])["hands"]
    return dict(zip(seeds, played, strict=True))


def _check_settlement(result: dict[str, Any]) -> None:
    """The nets sum to zero with the fee, and each is what the shown transfers bring the seat (no fee by default):
    the page's table of transfers is the whole story."""
    nets = [int(net) for net in result["nets"]]
    assert len(nets) == SEATS and sum(nets) + int(result["fee"]) == 0 and any(nets), result
    transfers = result["transfers"]
    assert transfers, "a settled hand with a winner has transfers"
    names = ["You", *(f"Seat {seat}" for seat in range(1, SEATS))]
    for seat, name in enumerate(names):
        received = sum(int(amount) for _, to, amount, _ in transfers if to == name)
        paid = sum(int(amount) for source, _, amount, _ in transfers if source == name)
        assert nets[seat] == received - paid, (name, transfers, nets)


def test_a_hand_plays_to_its_settlement_and_a_refused_play_shows_the_reason(hands: dict[int, dict[str, Any]]) -> None:
    result = hands[SEED]
    assert result["problems"] == [], result["problems"]

    # Two cards of different ranks: the service's reason code and both of its messages, and nothing recorded.
    refusal = result.get("refusal")
    assert refusal is not None, "the player never had a turn"
    assert refusal["code"] == "SAM_REASON_NOT_A_COMBINATION", refusal
    assert refusal["message"] == Reason.NOT_A_COMBINATION.english, refusal
    assert refusal["messageVi"] == Reason.NOT_A_COMBINATION.vietnamese, refusal
    assert refusal["actionsAfter"] == refusal["actionsBefore"], refusal

    # The whole hand, to the settlement: the player moved, the others played, the service settled it.
    assert result["playerMoves"] > 0 and result["actions"] > result["playerMoves"], result
    assert result["outcome"].startswith("SAM_OUTCOME_"), result["outcome"]
    _check_settlement(result)


def test_a_deal_won_at_once_goes_straight_to_the_settlement(hands: dict[int, dict[str, Any]]) -> None:
    result = hands[INSTANT_WIN_SEED]
    assert result["problems"] == [], result["problems"]
    assert "refusal" not in result and result["actions"] == 0, result  # nobody played
    assert result["outcome"] == "SAM_OUTCOME_INSTANT_WIN, won by You", result["outcome"]
    assert "You won at the deal (SAM_INSTANT_WIN_KIND_FIVE_PAIRS)." in result["log"], result["log"]
    _check_settlement(result)
