"""The hand-history viewer (clients/typescript/examples/browser/history.html) in a real headless browser (Debian's
chromium driven by playwright-core) against the local front (``deploy/local/up.sh``: Envoy and a replica) over
gRPC-Web. Each record is opened by its vector link (``?vector=FILE#case``) for one viewer and stepped through with
the → key to the end and back with ←: every frame the page shows is the matching step of ``ReplayRound``'s answer
for that viewer (asked here over gRPC through the same front), the settlement shown is ``SettleRound``'s, and
everything a person reads is in words (English · Vietnamese), never a raw enum name. Screenshots of each record's
first and last frame are saved in the test's temporary folder (its path is printed), not committed.

``bash tests/run.sh`` installs chromium (apt) and the example's packages (``npm ci``). The page is bundled into a
temporary directory, so this test never touches the example's own dist/ (the browser example's docs test builds
that one with the README's lines, history.ts included).
"""

from __future__ import annotations

import json
import re
import shutil
import urllib.parse
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import grpc
import pytest
from google.protobuf import json_format

from cardrules.client.cli import inputs
from cardrules.v1 import cards_pb2, lieng_pb2, lieng_pb2_grpc, sam_loc_pb2, sam_loc_pb2_grpc
from tests.support.browser_pages import bundled_page, run_in_chromium
from tests.support.local_front import running_local_front
from tests.support.server_process import REPO_ROOT

VECTORS = REPO_ROOT / "tests" / "vectors"
RANKS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K"}
SUITS = {1: "S", 2: "C", 3: "D", 4: "H"}
# A raw enum name (SAM_EVENT_KIND_CHOP, LIENG_POT_KIND_SHOWDOWN) or a reason code (CARDS_LEFT, POT_WIN).
RAW_NAME = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b")


@dataclass(frozen=True)
class Record:
    """A round record replayed for one viewer (``audit``, ``spectator`` or ``seat:N``): a vector file's case opened by
    a ``?vector=`` link, or a hand-history file loaded by the file picker, the paste box or a ``?record=`` link."""

    game: str  # "sam_loc" or "lieng"
    file: str  # under tests/vectors for a vector, else from the repository root
    case: str  # the vector case's name ("" for a hand-history file)
    viewer: str = "audit"
    load: str = "vector"  # "vector", "file", "paste" or "record"


RECORDS = (
    # Sâm: a chop chain (a chop and an over-chop), TIMEOUTs the service played, báo 1, records that stop (a pass out
    # of turn; a card not in hand, whose cards seat 1 may not see), an instant win.
    Record("sam_loc", "sam_loc/worked_examples.json", "§8.7 chain DOUBLE: A→B 20000, B→C 40000"),
    Record("sam_loc", "sam_loc/timeout.json", "SettleRound replays TIMEOUTs as ValidatePlay resolved them", "seat:1"),
    Record("sam_loc", "sam_loc/worked_examples.json", "§8.15 báo 1: B leads 6C, C goes out on it, B pays C 9000"),
    Record("sam_loc", "sam_loc/bad_input.json", "illegal action later in a round record", "spectator"),
    Record("sam_loc", "sam_loc/replay.json", "Sâm ReplayRound: stops on a card not in hand, for seat 1", "seat:1"),
    Record("sam_loc", "sam_loc/replay.json", "Sâm ReplayRound: an instant win (tới trắng), for seat 1", "seat:1"),
    # Liêng: side pots with an all-in, a fold with a side pot given back, a TIMEOUT taken as a check, a fold-out, a
    # record that stops on an illegal check.
    Record("lieng", "lieng/worked_examples.json", "§5.10 side pots: A Sáp takes band 150, C Liêng takes band 200"),
    Record(
        "lieng", "lieng/worked_examples.json", "§5.12 C folds after 30: band 130 to A, band 100 back to B", "seat:0"
    ),
    Record("lieng", "lieng/timeout.json", "SettleRound replays a TIMEOUT under timeout_checks as a CHECK", "spectator"),
    Record("lieng", "lieng/replay.json", "Liêng ReplayRound: a fold-out, for a spectator", "spectator"),
    Record("lieng", "lieng/replay.json", "Liêng ReplayRound: stops on an illegal CHECK, for seat 2", "seat:2"),
    # The documented hand-history files (card text), by each way of loading a record.
    Record("sam_loc", "docs/hand-history/sam-loc.json", "", "audit", "file"),
    Record("lieng", "docs/hand-history/lieng.json", "", "seat:1", "paste"),
    Record("sam_loc", "docs/hand-history/sam-loc.json", "", "spectator", "record"),
)


@pytest.fixture(scope="module")
def page_root(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """history.html, its bundle and the vectors it links to, in a temporary directory on a free loopback port."""
    root = tmp_path_factory.mktemp("history-viewer")
    for game in ("sam_loc", "lieng"):  # what scripts/copy-records.mjs puts in dist/
        shutil.copytree(VECTORS / game, root / "dist" / "vectors" / game)
    shutil.copytree(REPO_ROOT / "docs" / "hand-history", root / "dist" / "hand-history")
    with bundled_page(root, "history.html", "src/history.ts") as base:
        yield f"{base}history.html"


@dataclass
class Shown:
    """What the page showed for every record, and what the service answers for it over gRPC."""

    pages: dict[Record, dict[str, Any]]
    replays: dict[Record, Any]
    settlements: dict[Record, Any]


def _round_of(record: Record) -> Any:
    """The record as the contract's message: a vector case's ``request.round``, or the hand-history file read by the
    Python SDK's reader (which takes card text)."""
    if record.load != "vector":
        return inputs.round_record(str(REPO_ROOT / record.file), "sam" if record.game == "sam_loc" else "lieng")
    cases = json.loads((VECTORS / record.file).read_text(encoding="utf-8"))["cases"]
    (case,) = [case for case in cases if case["name"] == record.case]
    message = sam_loc_pb2.SamRoundRecord() if record.game == "sam_loc" else lieng_pb2.LiengRoundRecord()
    return json_format.ParseDict(case["request"]["round"], message)


def _page_url(page_root: str, front_url: str, record: Record) -> str:
    fields = {"front": front_url, "viewer": record.viewer}
    if record.load == "vector":
        query = urllib.parse.urlencode({**fields, "vector": record.file})
        return f"{page_root}?{query}#{urllib.parse.quote(record.case)}"
    if record.load == "record":  # the build copies docs/hand-history into dist/hand-history
        query = urllib.parse.urlencode({**fields, "record": "dist/" + record.file.removeprefix("docs/")})
        return f"{page_root}?{query}"
    return f"{page_root}?{urllib.parse.urlencode(fields)}::{record.load}={REPO_ROOT / record.file}"


def _viewer(name: str) -> cards_pb2.Viewer:
    if name.startswith("seat:"):
        return cards_pb2.Viewer(seat=int(name.removeprefix("seat:")))
    if name == "spectator":
        return cards_pb2.Viewer(spectator=cards_pb2.Spectator())
    return cards_pb2.Viewer(audit=cards_pb2.Audit())


def _ask(channel: grpc.Channel, record: Record) -> tuple[Any, Any]:
    """ReplayRound for the record's viewer, and SettleRound of the same record (None when it cannot settle)."""
    viewer = _viewer(record.viewer)
    if record.game == "sam_loc":
        sam = sam_loc_pb2_grpc.SamLocServiceStub(channel)
        sam_round = _round_of(record)
        sam_replay = sam.ReplayRound(sam_loc_pb2.SamLocServiceReplayRoundRequest(round=sam_round, viewer=viewer))
        if sam_replay.HasField("stopped"):
            return sam_replay, None
        return sam_replay, sam.SettleRound(sam_loc_pb2.SamLocServiceSettleRoundRequest(round=sam_round))
    lieng = lieng_pb2_grpc.LiengServiceStub(channel)
    lieng_round = _round_of(record)
    lieng_replay = lieng.ReplayRound(lieng_pb2.LiengServiceReplayRoundRequest(round=lieng_round, viewer=viewer))
    if lieng_replay.HasField("stopped"):
        return lieng_replay, None
    return lieng_replay, lieng.SettleRound(lieng_pb2.LiengServiceSettleRoundRequest(round=lieng_round))


@pytest.fixture(scope="module")
def shown(page_root: str, tmp_path_factory: pytest.TempPathFactory) -> Shown:
    """Every record stepped through in one browser (one launch), and the service's answers for the same records."""
    shots = tmp_path_factory.mktemp("history-viewer-screenshots")
    print(f"screenshots: {shots}")
    with running_local_front(replicas=1) as front:
        urls = [_page_url(page_root, front.grpc_web_url, record) for record in RECORDS]
        histories = run_in_chromium("test/step-history.mjs", "--screenshots", str(shots), *urls)["histories"]
        with grpc.insecure_channel(front.grpc_target) as channel:
            answers = {record: _ask(channel, record) for record in RECORDS}
    return Shown(
        pages=dict(zip(RECORDS, histories, strict=True)),
        replays={record: answer[0] for record, answer in answers.items()},
        settlements={record: answer[1] for record, answer in answers.items()},
    )


def _codes(cards: Any) -> list[str]:
    return sorted(f"{RANKS.get(card.rank, str(card.rank))}{SUITS[card.suit]}" for card in cards)


def _split(codes: str) -> list[str]:
    return sorted(codes.split())


def _check_sam_table(seats: list[dict[str, str]], on_table: dict[str, str], state: Any) -> None:
    assert len(seats) == len(state.seats), seats
    for index, (seat, expected) in enumerate(zip(seats, state.seats, strict=True)):
        if expected.WhichOneof("holding") == "hand":
            assert _split(seat["cards"]) == _codes(expected.hand.cards), (index, seat)
            count = len(expected.hand.cards)
        else:
            assert seat["cards"] == "", (index, seat)  # not the viewer's to see: drawn face down
            count = expected.card_count
        assert int(seat["count"]) == count, (index, seat)
        assert seat["passed"] == str(expected.passed).lower(), (index, seat)
        to_act = state.ended == sam_loc_pb2.SAM_HAND_END_UNSPECIFIED and state.turn == index
        assert seat["turn"] == str(to_act).lower(), (index, seat)
    assert _split(on_table["cards"]) == _codes(state.current.cards), on_table
    owner = str(state.current_owner) if state.HasField("current_owner") else ""
    assert on_table["owner"] == owner, on_table


def _check_lieng_table(seats: list[dict[str, str]], pot: dict[str, str], state: Any, hands: Any) -> None:
    assert len(seats) == len(state.seats), seats
    for index, (seat, expected) in enumerate(zip(seats, state.seats, strict=True)):
        assert (int(seat["stack"]), int(seat["committed"])) == (expected.stack, expected.committed), (index, seat)
        assert (seat["folded"], seat["allIn"]) == (str(expected.folded).lower(), str(expected.all_in).lower()), seat
        to_act = state.HasField("to_act") and state.to_act == index
        assert seat["turn"] == str(to_act).lower(), (index, seat)
        assert _split(seat["cards"]) == _codes(hands[index].cards), (index, seat)
    assert int(pot["pot"]) == sum(seat.committed for seat in state.seats), pot
    assert int(pot["bet"]) == state.current_bet, pot


def _check_frames(record: Record, page: dict[str, Any], replay: Any) -> None:
    """Frame 0 is the start, then one frame per step of ReplayRound, then the settlement or where it stopped."""
    frames = page["frames"]
    assert len(frames) == len(replay.steps) + 2, [frame["action"] for frame in frames]
    start, *steps, end = frames
    assert start["kind"] == "start" and start["events"] == [], start
    for frame, step in zip(steps, replay.steps, strict=True):
        assert (frame["kind"], int(frame["index"])) == ("action", step.index), frame
        assert [event["kind"] for event in frame["events"]] == [event.kind for event in step.events], frame
        assert (frame["resolved"] is not None) == step.HasField("resolved_action"), frame
        if record.game == "sam_loc":
            _check_sam_table(frame["seats"], frame["onTable"], step.state)
        else:
            _check_lieng_table(frame["seats"], frame["pot"], step.state, replay.hands)
    if record.game == "sam_loc" and not replay.start.HasField("state"):  # won at the deal: no table, no step
        assert start["seats"] == [] and replay.steps == [], start
    elif record.game == "sam_loc":
        _check_sam_table(start["seats"], start["onTable"], replay.start.state)
    else:
        _check_lieng_table(start["seats"], start["pot"], replay.start.state, replay.hands)
    assert end["kind"] == ("stopped" if replay.HasField("stopped") else "settlement"), end
    if record.game == "lieng" and end["kind"] == "settlement":
        # The hands shown down face up for every viewer; the others as the viewer saw them while betting.
        shown = {hand.seat: hand.cards for hand in replay.settlement.shown}
        at_the_end = [shown.get(i, hand) for i, hand in enumerate(replay.hands)] if replay.hands else []
        last = replay.steps[-1].state if replay.steps else replay.start.state
        if at_the_end:
            _check_lieng_table(end["seats"], end["pot"], last, at_the_end)
    assert page["forwardDisabledAtEnd"] and page["backDisabledAtStart"], page
    assert page["backMismatches"] == [], page["backMismatches"]  # ← shows each frame again as → did
    switched = page["afterSwitch"]  # another viewer picked, then →: the key steps the new replay
    assert switched["viewer"] == switched["asked"], switched
    assert switched["position"] == ("1" if int(switched["frames"]) > 1 else "0"), switched


def _check_settlement(page: dict[str, Any], settle: Any) -> None:
    """The transfers, nets and fee shown are SettleRound's, each transfer's reason in words."""
    shown = page["settlement"]
    assert shown is not None, "no settlement shown at the end"
    rows = Counter((int(t["from"]), int(t["to"]), int(t["amount"]), t["reason"]) for t in shown["transfers"])
    expected = Counter((t.from_seat, t.to_seat, t.amount, t.reason) for t in settle.transfers)
    assert rows == expected, (shown["transfers"], settle.transfers)
    assert [int(net) for net in shown["nets"]] == list(settle.nets), shown["nets"]
    assert int(shown["fee"].replace(",", "")) == settle.fee, shown["fee"]
    for transfer in shown["transfers"]:
        why = transfer["cells"][3]
        assert transfer["reason"] not in why and " · " in why, transfer


def _check_words(page: dict[str, Any]) -> None:
    """Every text a person reads is in words: no raw enum name or reason code, each event in English · Vietnamese."""
    texts = [page["text"], *(frame["action"] for frame in page["frames"])]
    texts += [frame["resolved"] for frame in page["frames"] if frame["resolved"] is not None]
    for text in texts:
        assert RAW_NAME.search(text) is None, f"{RAW_NAME.search(text)!r} shows on the page:\n{text}"
    for frame in page["frames"]:
        assert " · " in frame["action"], frame
        assert all(" · " in event["text"] for event in frame["events"]), frame["events"]


@pytest.mark.parametrize(
    "record",
    RECORDS,
    ids=lambda record: f"{record.game}:{record.case[:40] or record.file}:{record.load}:{record.viewer}",
)
def test_every_frame_is_the_replay_and_the_end_is_the_settlement(shown: Shown, record: Record) -> None:
    page = shown.pages[record]
    assert page.get("error") is None, page.get("error")
    assert page["problems"] == [], page["problems"]
    assert page["viewer"] == record.viewer, page["viewer"]
    seat_count = len(_round_of(record).hands)
    assert page["viewers"] == ["audit", "spectator", *(f"seat:{seat}" for seat in range(seat_count))], page["viewers"]
    replay = shown.replays[record]
    assert not replay.HasField("stopped") or "stop" in record.case or "illegal" in record.case, replay.stopped
    _check_frames(record, page, replay)
    _check_words(page)
    settle = shown.settlements[record]
    if settle is None:
        assert page["settlement"] is None, page["settlement"]
    else:
        _check_settlement(page, settle)
    if replay.steps:  # (a hand won at the deal has no table to draw)
        assert any(frame["cardsDrawn"] + frame["cardsFaceDown"] > 0 for frame in page["frames"]), "no card drawn"


def test_chops_timeouts_and_side_pots_are_told_in_words(shown: Shown) -> None:
    """The events a support agent looks for are named as the players name them."""
    chops = shown.pages[RECORDS[0]]
    events = [event["text"] for frame in chops["frames"] for event in frame["events"]]
    assert any("chopped" in text and "chặt" in text for text in events), events
    assert any("chặt chồng" in text for text in events), events  # the over-chop
    assert any(frame["chops"] and "Chops this trick" in frame["chops"] for frame in chops["frames"]), chops["frames"]

    timeouts = shown.pages[RECORDS[1]]
    resolved = [frame["resolved"] for frame in timeouts["frames"] if frame["resolved"] is not None]
    assert resolved and all("The service played for the seat" in text and "đánh thay" in text for text in resolved)
    # Seat 1's view: its own cards, the others face down until the last action ends the hand (then the cards left
    # are shown to everyone, as the settlement counts them).
    for frame in timeouts["frames"][:-2]:
        assert all((seat["cards"] != "") == (seat["seat"] == "1") for seat in frame["seats"] if seat["count"] != "0")

    bao_mot = shown.pages[RECORDS[2]]
    assert "báo 1" in bao_mot["text"], bao_mot["text"]

    stopped = shown.pages[RECORDS[3]]
    assert "The replay stopped at action" in stopped["frames"][-1]["action"], stopped["frames"][-1]
    assert "Recorded: Seat 0 passed" in stopped["frames"][-1]["resolved"], stopped["frames"][-1]
    # Seat 0's rejected play is its own attempt: seat 1 learns that it was refused, not which cards it tried.
    hidden = shown.pages[RECORDS[4]]["frames"][-1]
    assert "may not see" in hidden["resolved"] and hidden["resolvedCards"] == 0, hidden

    instant = shown.pages[RECORDS[5]]
    assert [frame["kind"] for frame in instant["frames"]] == ["start", "settlement"], instant["frames"]
    assert "won at the deal" in instant["frames"][0]["action"], instant["frames"][0]

    side_pots = shown.pages[RECORDS[6]]
    assert [pot["kind"] for pot in side_pots["settlement"]["pots"]] == ["1", "1"], side_pots["settlement"]
    assert "Side pot 1" in side_pots["text"] and "Pot phụ 1" in side_pots["text"], side_pots["text"]
    assert any("all-in (tố tất)" in event["text"] for frame in side_pots["frames"] for event in frame["events"])

    check = shown.pages[RECORDS[8]]
    assert any(frame["resolved"] and "check" in frame["resolved"] for frame in check["frames"]), check["frames"]
    *betting, end = check["frames"]
    assert all(seat["cards"] == "" for frame in betting for seat in frame["seats"]), "a spectator saw cards"
    assert end["kind"] == "settlement" and any(seat["cards"] for seat in end["seats"]), "the showdown is shown to all"

    fold_out = shown.pages[RECORDS[9]]
    assert any(
        event["kind"] == lieng_pb2.LIENG_EVENT_KIND_FOLD_OUT for f in fold_out["frames"] for event in f["events"]
    )
    illegal_check = shown.pages[RECORDS[10]]["frames"][-1]
    assert "Recorded: Seat" in illegal_check["resolved"] and "checked" in illegal_check["resolved"], illegal_check
