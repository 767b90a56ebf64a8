"""The browser example (clients/typescript/examples/browser), built and served as the TypeScript SDK's README says,
played in a real headless browser (Debian's chromium driven by playwright-core) against the local front (replicas
behind a real Envoy, ``deploy/local/up.sh``) over gRPC-Web: the service's fair Deal deals (the commitment shown
before the hand, the seed revealed and the deal checked in the browser after it), a whole hand plays to its
settlement, and a play the service refuses shows its reason. Everything a person reads is in words (English and
Vietnamese), never a raw enum name. Screenshots of each hand's first turn and end are saved in the test's
temporary folder (its path is printed), not committed.

``bash tests/run.sh`` installs chromium (apt) and the example's packages (``npm ci``); the README's build and serve
lines are run here verbatim (only the port changes, so parallel tests do not collide).
"""

from __future__ import annotations

import contextlib
import hashlib
import subprocess
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardrules.core import fair_deal
from cardrules.core.cards import card_text
from cardrules.core.sam.reasons import Reason
from tests.support.browser_pages import run_in_chromium
from tests.support.local_front import running_local_front
from tests.support.readme import readme_block, shell_lines
from tests.support.server_process import REPO_ROOT, free_port

README = REPO_ROOT / "clients" / "typescript" / "README.md"
EXAMPLE = REPO_ROOT / "clients" / "typescript" / "examples" / "browser"
CHROMIUM = Path("/usr/bin/chromium")
README_PORT = "8000"  # the port of the README's serve line
# Server seeds the page is given instead of making one up (?serverSeed=), with the page's default table seed and
# hand 0 (which seat 0 leads). This one deals no instant win, and the player (seat 0) acts before the hand ends.
SEED = hashlib.sha256(b"cardrules-example-0").hexdigest()
# cardrules-deal-v1 of this seed deals seat 0 ten cards in one straight (an instant win, tới trắng: sảnh rồng).
INSTANT_WIN_SEED = hashlib.sha256(b"cardrules-example-309").hexdigest()
CLIENT_SEED = "Bàn 1"
NONCE = 0
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


def _page(page_root: str, grpc_web_url: str, seed: str) -> str:
    fields = {"serverSeed": seed, "clientSeed": CLIENT_SEED, "nonce": NONCE, "seats": SEATS, "delay": 0}
    query = urllib.parse.urlencode({"front": grpc_web_url, **fields})
    return f"{page_root}index.html?{query}"


@pytest.fixture(scope="module")
def hands(page_root: str, grpc_web_url: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """What the page showed for each seed, all played in one browser (one launch for every check)."""
    seeds = (SEED, INSTANT_WIN_SEED)
    urls = [_page(page_root, grpc_web_url, seed) for seed in seeds]
    shots = tmp_path_factory.mktemp("browser-example-screenshots")
    print(f"screenshots: {shots}")
    played = run_in_chromium("test/play-hand.mjs", "--screenshots", str(shots), *urls, timeout=300)["hands"]
    return dict(zip(seeds, played, strict=True))


def _check_settlement(result: dict[str, Any]) -> None:
    """The nets sum to zero with the fee, and each is what the shown transfers bring the seat (no fee by default):
    the page's table of transfers is the whole story, each row in words."""
    nets = [int(net) for net in result["nets"]]
    assert len(nets) == SEATS and sum(nets) + int(result["fee"]) == 0 and any(nets), result
    transfers = result["transfers"]
    assert transfers, "a settled hand with a winner has transfers"
    for seat in range(SEATS):
        received = sum(int(t["amount"]) for t in transfers if int(t["to"]) == seat)
        paid = sum(int(t["amount"]) for t in transfers if int(t["from"]) == seat)
        assert nets[seat] == received - paid, (seat, transfers, nets)
    names = ["You · Bạn", *(f"Seat {seat} · Ghế {seat}" for seat in range(1, SEATS))]
    for transfer in transfers:
        source, to, _, why = transfer["cells"]
        assert (source, to) == (names[int(transfer["from"])], names[int(transfer["to"])]), transfer
        assert transfer["reason"] not in why and " · " in why, transfer  # words, not the reason code


def _check_words(result: dict[str, Any]) -> None:
    """No raw enum name anywhere a person reads, and no English verb for a seat said of "You"."""
    text = result["text"]
    for raw in ("SAM_", "UNSPECIFIED", "You leads", "You passes", "You goes"):
        assert raw not in text, f"{raw!r} shows on the page:\n{text}"
    assert all(" · " in line for line in result["log"]), result["log"]  # each line in English · Vietnamese


def _check_fair_deal(result: dict[str, Any], seed: str, *, seed_hidden_first: bool) -> None:
    """The commitment shown before the hand is SHA-256 of the seed revealed after it (the one the page was given),
    the page's own check of the deal passed, and the player's first hand is seat 0's cards of the deal as the
    server's core computes it."""
    assert result["commitment"] == hashlib.sha256(bytes.fromhex(seed)).hexdigest(), result
    assert result["algorithm"] == fair_deal.ALGORITHM, result
    assert result["seedShownBefore"] is not seed_hidden_first, result
    assert result["seedShownAfter"] and result["serverSeed"] == seed, result
    assert result["dealCheck"] == "true" and result["dealCheckText"].startswith("✓"), result
    deal = fair_deal.deal(fair_deal.SAM_LOC, SEATS, bytes.fromhex(seed), CLIENT_SEED, NONCE)
    if seed_hidden_first:
        assert sorted(result["handBefore"]) == sorted(card_text(card) for card in deal.hands[0]), result["handBefore"]


def test_a_hand_plays_to_its_settlement_and_a_refused_play_shows_the_reason(hands: dict[str, dict[str, Any]]) -> None:
    result = hands[SEED]
    assert result["problems"] == [], result["problems"]
    _check_fair_deal(result, SEED, seed_hidden_first=True)
    _check_words(result)

    # Two cards of different ranks: the service's reason code and both of its messages, and nothing recorded.
    refusal = result.get("refusal")
    assert refusal is not None, "the player never had a turn"
    assert refusal["code"] == "SAM_REASON_NOT_A_COMBINATION", refusal
    assert refusal["message"] == Reason.NOT_A_COMBINATION.english, refusal
    assert refusal["messageVi"] == Reason.NOT_A_COMBINATION.vietnamese, refusal
    assert refusal["actionsAfter"] == refusal["actionsBefore"], refusal

    # The whole hand, to the settlement: the player moved, the others played, the service settled it.
    assert result["playerMoves"] > 0 and result["actions"] > result["playerMoves"], result
    assert result["outcomeCode"] not in ("", "0") and result["winner"] != "", result
    assert "won by" in result["outcome"] and "thắng" in result["outcome"], result["outcome"]
    _check_settlement(result)


def test_a_deal_won_at_once_goes_straight_to_the_settlement(hands: dict[str, dict[str, Any]]) -> None:
    result = hands[INSTANT_WIN_SEED]
    assert result["problems"] == [], result["problems"]
    _check_fair_deal(result, INSTANT_WIN_SEED, seed_hidden_first=False)
    _check_words(result)
    assert "refusal" not in result and result["actions"] == 0, result  # nobody played
    assert result["outcome"] == "Instant win at the deal, won by You · Tới trắng, Bạn thắng", result["outcome"]
    line = "You won at the deal (all ten cards in one straight). · Bạn tới trắng (sảnh rồng)."
    assert line in result["log"], result["log"]
    _check_settlement(result)
