"""The demo command end to end: ``python -m cardrules.client.tools.demo`` against the real server, two seeds.

Each run plays a whole Sâm hand and a whole Liêng round through the server; the test checks it exits 0, prints
both settlements, and that every printed ``nets:`` line plus its ``fee:`` sums to zero. Also: played cards print
as separated card text, each table takes the seats its game allows (and the service agrees on those limits), and
an unreachable server is reported with how to start one.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator

import grpc
import pytest

from cardrules.client import InvalidArgumentError, LiengClient, SamLocClient, cards_message, sam_play
from cardrules.client.tools import demo
from cardrules.v1 import sam_loc_pb2
from tests.support.server_process import REPO_ROOT, ServerHandle, running_server

DEMO_TIMEOUT_SECONDS = 60
USAGE_ERROR = 2
NET = re.compile(r"([A-F]) ([+-]\d+)")
CARD = r"[2-9TJQKA][SCDH]"
PLAYED = re.compile(r"^  [A-F] plays (?P<cards>\S.*?) \((?P<kind>[A-Z]+)\)$", re.MULTILINE)


@pytest.fixture(scope="module")
def server() -> Iterator[ServerHandle]:
    with running_server(["--log-level", "warning"]) as handle:
        yield handle


def run_demo(target: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("CARDRULES_")}
    return subprocess.run(
        [sys.executable, "-m", "cardrules.client.tools.demo", "--target", target, *args],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=DEMO_TIMEOUT_SECONDS,
    )


def settlements(output: str) -> list[tuple[dict[str, int], int]]:
    """Each ``nets:`` line parsed to {seat: net}, with the ``fee:`` line that follows it."""
    lines = output.splitlines()
    found = []
    for index, line in enumerate(lines):
        if line.startswith("nets: "):
            nets = {seat: int(value) for seat, value in NET.findall(line)}
            fee = int(lines[index + 1].removeprefix("fee: "))
            found.append((nets, fee))
    return found


@pytest.mark.parametrize("seed", [7, 2024])
def test_demo_plays_and_settles_both_games(server: ServerHandle, seed: int) -> None:
    result = run_demo(server.target, "--seed", str(seed), "--seats", "4")

    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "== Sâm Lốc, 4 seats" in out and "== Liêng, 4 seats" in out
    assert re.search(r"^settlement: [A-Z_]+, winner [A-D]", out, re.MULTILINE), out
    assert re.search(r"^settlement: \d+ pot\(s\)", out, re.MULTILINE), out
    found = settlements(out)
    assert len(found) == 2, out
    for nets, fee in found:
        assert sorted(nets) == ["A", "B", "C", "D"], out
        assert sum(nets.values()) + fee == 0, out


def test_demo_is_reproducible_by_seed(server: ServerHandle) -> None:
    first = run_demo(server.target, "--seed", "5", "--seats", "3")
    again = run_demo(server.target, "--seed", "5", "--seats", "3")

    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout


def test_demo_prints_played_cards_separated_by_spaces(server: ServerHandle) -> None:
    result = run_demo(server.target, "--seed", "7")

    assert result.returncode == 0, result.stderr
    played = PLAYED.findall(result.stdout)
    assert any(kind != "SINGLE" for _, kind in played), result.stdout  # a combination of several cards was shown
    for cards, _ in played:
        assert re.fullmatch(rf"{CARD}( {CARD})*", cards), f"played cards not as spaced card text: {cards!r}"


def test_a_played_straight_reads_as_separate_cards() -> None:
    answer = sam_loc_pb2.SamLocServiceValidatePlayResponse(
        legal=True, combination=sam_loc_pb2.SamCombination(kind=sam_loc_pb2.SAM_COMBINATION_KIND_STRAIGHT)
    )

    described = demo.describe_sam_action(sam_play(1, "8D 9S TC JC QD"), answer)

    assert described == "B plays 8D 9S TC JC QD (STRAIGHT)"


def test_each_table_takes_the_seats_its_game_allows(server: ServerHandle) -> None:
    result = run_demo(server.target, "--seed", "3", "--sam-seats", "5", "--lieng-seats", "6")

    assert result.returncode == 0, result.stderr
    assert "== Sâm Lốc, 5 seats" in result.stdout and "== Liêng, 6 seats" in result.stdout
    sam_nets, lieng_nets = (sorted(nets) for nets, _ in settlements(result.stdout))
    assert sam_nets == list("ABCDE") and lieng_nets == list("ABCDEF"), result.stdout


@pytest.mark.parametrize(
    ("flags", "refusal"),
    [
        (["--seats", "6"], "--seats 6: Sâm Lốc takes 2 to 5 seats"),
        (["--sam-seats", "6"], "--sam-seats 6: Sâm Lốc takes 2 to 5 seats"),
        (["--lieng-seats", "7"], "--lieng-seats 7: Liêng takes 2 to 6 seats"),
        (["--seats", "1"], "--seats 1: Sâm Lốc takes 2 to 5 seats"),
    ],
)
def test_a_seat_count_the_game_does_not_take_is_a_usage_error(flags: list[str], refusal: str) -> None:
    result = run_demo("127.0.0.1:1", *flags)  # refused before any call

    assert result.returncode == USAGE_ERROR
    assert result.stderr.strip().endswith(refusal), result.stderr


def _sam_table(seats: int) -> sam_loc_pb2.SamTableState:
    """A Sâm table of ``seats`` seats, seat 0 to act (only card counts for the others: any seat count fits)."""
    others = [sam_loc_pb2.SamSeat(card_count=10) for _ in range(seats - 1)]
    return sam_loc_pb2.SamTableState(turn=0, seats=[sam_loc_pb2.SamSeat(hand=cards_message("3S 4S")), *others])


def _seats_taken(call: Callable[[int], object], seats: int) -> bool:
    try:
        call(seats)
    except InvalidArgumentError as error:
        assert error.reason == "WRONG_SEAT_COUNT", error
        return False
    return True


def test_the_demo_seat_limits_are_the_services(server: ServerHandle) -> None:
    """The demo states each game's seat range for its usage errors; the service, under default house rules, must
    take exactly those tables, or the demo would refuse tables the service plays (or offer ones it refuses)."""
    with grpc.insecure_channel(server.target) as channel:
        sam, lieng = SamLocClient(channel), LiengClient(channel)
        games: list[tuple[Callable[[int], object], range]] = [
            (lambda seats: sam.legal_moves(state=_sam_table(seats)), demo.SAM_SEATS),
            (lambda seats: lieng.start_betting(stacks=[100] * seats, ante=10), demo.LIENG_SEATS),
        ]
        for call, allowed in games:
            taken = [seats for seats in range(allowed.start - 1, allowed.stop + 1) if _seats_taken(call, seats)]
            assert taken == list(allowed)


def test_demo_reports_an_unreachable_server_and_how_to_start_one() -> None:
    result = run_demo("127.0.0.1:1", "--seed", "1")

    assert result.returncode == 1
    assert result.stderr.startswith("demo: cannot reach the rules service at 127.0.0.1:1: "), result.stderr
    assert "bash service/serve.sh" in result.stderr
