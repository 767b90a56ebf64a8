"""``cardrules replay`` against the real server: the hand-history files of docs/hand-history/, per viewer, as text
and as JSON, a record that stops, and the input mistakes refused before any call.

Each example file of docs/hand-history/ is also replayed through the SDK here: it must run to its end and settle as
SettleRound settles it (the file is the documented example of the format, so it must stay a legal hand).
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from google.protobuf import json_format

from cardrules.client import LiengClient, SamLocClient
from cardrules.client.cli import main
from cardrules.client.cli.inputs import HAND_HISTORY_FORMAT, round_record
from cardrules.v1 import cards_pb2, lieng_pb2, sam_loc_pb2
from tests.support.server_process import ServerHandle, running_server

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "hand-history"
SAM_FILE, LIENG_FILE = EXAMPLES / "sam-loc.json", EXAMPLES / "lieng.json"

# An enum name or reason code (``CARDS_LEFT``, ``SHOWDOWN``, ``PAIR``): cards (``TD``) are two letters.
_CODE = re.compile(r"\b[A-Z][A-Z_]{3,}\b")


@dataclass
class Ran:
    status: int
    out: str
    err: str


def cardrules(*argv: str) -> Ran:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return Ran(status, out.getvalue(), err.getvalue())


@pytest.fixture(scope="module")
def server() -> Iterator[ServerHandle]:
    with running_server(["--log-level", "warning"]) as handle:
        yield handle


@pytest.fixture
def target(server: ServerHandle, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("CARDRULES_TARGET", server.target)
    return server.target


def test_the_examples_are_legal_hands_that_settle_as_settle_round(server: ServerHandle) -> None:
    with server.channel() as channel:
        sam = round_record(str(SAM_FILE), None)
        assert isinstance(sam, sam_loc_pb2.SamRoundRecord)
        replayed = SamLocClient(channel).replay_round(round=sam)
        assert not replayed.HasField("stopped") and len(replayed.steps) == len(sam.actions)
        assert replayed.settlement == SamLocClient(channel).settle_round(round=sam)
        lieng = round_record(str(LIENG_FILE), None)
        assert isinstance(lieng, lieng_pb2.LiengRoundRecord)
        answer = LiengClient(channel).replay_round(round=lieng)
        assert not answer.HasField("stopped") and len(answer.steps) == len(lieng.actions)
        assert answer.settlement == LiengClient(channel).settle_round(round=lieng)
    for path in (SAM_FILE, LIENG_FILE):
        assert json.loads(path.read_text(encoding="utf-8"))["format"] == HAND_HISTORY_FORMAT


def test_sam_history_in_words_for_the_audit_view(target: str) -> None:
    ran = cardrules("replay", str(SAM_FILE))
    assert ran.status == 0, ran.err
    assert "Sâm Lốc hand, replayed for the audit view (stake 1000)" in ran.out
    assert "  seat 2: 7S 8S 9S TS JS QS KS KC KD KH" in ran.out
    assert "#1 seat 1 plays 6S 6C 6D 6H, a four of a kind (tứ quý)" in ran.out
    assert "seat 1 chops seat 0 (chặt), #1 in the chain" in ran.out
    assert "seat 2 chops seat 1's chop (chặt chồng), #2 in the chain" in ran.out
    assert "#3 seat 0 times out (hết giờ) → passes (bỏ lượt)" in ran.out
    assert "Sâm Lốc round: a normal finish (về), winner seat 2" in ran.out
    assert "  seat 1 pays seat 2 20000 for being chopped (chặt)" in ran.out
    assert "  seat 0 pays seat 2 9000 for cards left (thua bài)" in ran.out
    assert _CODE.search(ran.out) is None, _CODE.search(ran.out)


def test_a_seat_sees_its_own_hand_only_until_the_end(target: str) -> None:
    ran = cardrules("replay", str(SAM_FILE), "--viewer", "seat:1")
    assert ran.status == 0, ran.err
    deal = ran.out.split("#0")[0]
    assert "replayed for seat 1" in deal
    assert "  seat 0: 10 cards" in deal and "  seat 2: 10 cards" in deal
    assert "  seat 1: 3D 4H 5C 6S 6C 6D 6H 8H 9D TD" in deal
    assert "cards left:\n  seat 0: 3C 4D 5H 7C 8D 9H TC JD AH" in ran.out  # shown to all once the hand is over


def test_lieng_history_for_a_spectator_shows_the_showdown_only(target: str) -> None:
    ran = cardrules("replay", str(LIENG_FILE), "--viewer", "spectator")
    assert ran.status == 0, ran.err
    assert "  seat 0: 40 behind after the ante; cards not shown" in ran.out
    assert "8S 8H 8D" not in ran.out  # the shown hands are scored, not listed by card, in the settlement
    assert "#0 seat 0 goes all-in (tố tất)" in ran.out
    assert "showdown (so bài) for the pot of 350" in ran.out
    assert "pot 1: 200, seats 1 2 eligible, won at the showdown (so bài) → seat 2 200" in ran.out
    assert "  seat 1 pays seat 2 100 in pot 1 for losing it at the showdown (so bài)" in ran.out
    assert _CODE.search(ran.out) is None, _CODE.search(ran.out)


def test_json_prints_the_answer(target: str, server: ServerHandle) -> None:
    ran = cardrules("replay", str(LIENG_FILE), "--viewer", "seat:2", "--json")
    assert ran.status == 0, ran.err
    printed = json_format.Parse(ran.out, lieng_pb2.LiengServiceReplayRoundResponse())
    record = round_record(str(LIENG_FILE), None)
    assert isinstance(record, lieng_pb2.LiengRoundRecord)
    with server.channel() as channel:
        expected = LiengClient(channel).replay_round(round=record, viewer=cards_pb2.Viewer(seat=2))
    assert printed == expected
    assert [len(hand.cards) for hand in printed.hands] == [0, 0, 3]


def test_a_record_that_stops_is_still_a_history(target: str, tmp_path: Path) -> None:
    history = json.loads(SAM_FILE.read_text(encoding="utf-8"))
    history["round"]["actions"][2] = {"seat": 2, "play": "7S"}  # a single does not beat a four of a kind
    path = tmp_path / "stops.json"
    path.write_text(json.dumps(history), encoding="utf-8")
    ran = cardrules("replay", str(path), "--viewer", "seat:0")
    assert ran.status == 0, ran.err
    assert "stopped at #2 (round.actions[2]): ILLEGAL_ACTION, DOES_NOT_BEAT" in ran.out
    assert "7S" not in ran.out  # seat 2's rejected attempt is its own
    assert "no settlement" in ran.out
    audit = cardrules("replay", str(path))
    assert "DOES_NOT_BEAT: seat 2 plays 7S is illegal" in audit.out


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "cardrules-hand-history-v9"}, "is not 'cardrules-hand-history-v1'"),
        ({"game": "poker"}, "game 'poker' is not one of sam_loc, lieng"),
        ({"players": ["An"]}, "holds exactly format, game and round (unknown: players)"),
    ],
)
def test_hand_history_mistakes_are_refused_before_any_call(
    change: dict[str, object], message: str, tmp_path: Path
) -> None:
    history = {**json.loads(SAM_FILE.read_text(encoding="utf-8")), **change}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(history), encoding="utf-8")
    ran = cardrules("replay", str(path), "--target", "127.0.0.1:1")
    assert ran.status == 2 and message in ran.err


@pytest.mark.parametrize("viewer", ["seat", "seat:", "seat:-1", "seat:²", "player:1", "Audit"])
def test_a_bad_viewer_is_refused_before_any_call(viewer: str) -> None:
    ran = cardrules("replay", str(SAM_FILE), "--viewer", viewer, "--target", "127.0.0.1:1")
    assert ran.status == 2 and "--viewer takes seat:N" in ran.err


def test_a_seat_off_the_table_is_the_service_refusal(target: str) -> None:
    ran = cardrules("replay", str(SAM_FILE), "--viewer", "seat:3")
    assert ran.status == 2
    assert "viewer.seat: a seat of this table: 0 to 2, got 3" in ran.err


def test_the_documented_session_is_what_the_command_prints(target: str) -> None:
    """docs/hand-history.md shows the start of `cardrules replay … --viewer seat:1`: those lines, as printed."""
    doc = (EXAMPLES.parent / "hand-history.md").read_text(encoding="utf-8")
    shown = doc.split("Sâm Lốc hand, replayed for seat 1", 1)[1].split("…", 1)[0]
    ran = cardrules("replay", str(SAM_FILE), "--viewer", "seat:1")
    assert ran.status == 0, ran.err
    assert ran.out.startswith("Sâm Lốc hand, replayed for seat 1" + shown)
    assert json.loads(doc.split("```json\n", 1)[1].split("```", 1)[0]) == json.loads(SAM_FILE.read_text("utf-8"))


def test_settle_reads_a_hand_history_too(target: str) -> None:
    ran = cardrules("settle", str(LIENG_FILE))
    assert ran.status == 0, ran.err
    assert ran.out.startswith("Liêng round: 2 pots")
    assert cardrules("settle", str(LIENG_FILE), "--game", "sam").status == 2  # the file says which game it is
