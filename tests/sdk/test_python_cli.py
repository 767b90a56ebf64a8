"""The ``cardrules`` command line against the real server: inputs, outputs, exit statuses, credentials.

The README's own session is checked by tests/docs/test_cli.py; these tests cover what it does not show: options
before or after the command, hands grouping, JSON output, game detection of round records, the ``legal`` options,
bad input found before any call, unreachable servers and a server requiring a token and mutual TLS.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from google.protobuf import json_format

from cardrules.client import CARD_FORMAT
from cardrules.client.cli import main
from cardrules.client.cli.messages import BadInput, parse_message
from cardrules.v1 import lieng_pb2, sam_loc_pb2
from tests.support.auth import mutual_tls_args, new_token, write_tokens
from tests.support.pki import Pki, make_pki
from tests.support.server_process import ServerHandle, running_server

UNREACHABLE = "127.0.0.1:1"
LIENG_ROUND = {
    "stacks": [500, 500, 500],
    "ante": 10,
    "firstActor": 0,
    "hands": ["AC AD AH", "KS QS JS", "9C 9D 2H"],
    "actions": [
        {"seat": 0, "kind": "LIENG_ACTION_KIND_RAISE", "amount": 50},
        {"seat": 1, "kind": "LIENG_ACTION_KIND_CALL"},
        {"seat": 2, "kind": "LIENG_ACTION_KIND_FOLD"},
    ],
}
# A dragon (10 consecutive ranks) is an instant win at the deal: the record needs no action.
SAM_ROUND = {"stake": 100, "hands": ["3S 4S 5S 6S 7S 8S 9S TS JS QS", "3H 4H 5H 6H 7H 8H 9D TD JD QD"], "leader": 0}


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
    monkeypatch.delenv("CARDRULES_TARGET", raising=False)
    monkeypatch.delenv("CARDRULES_TOKEN", raising=False)
    return server.target


def test_options_go_before_or_after_the_command(target: str) -> None:
    before = cardrules("--target", target, "--json", "score", "AC", "AD", "AH")
    after = cardrules("score", "AC", "AD", "AH", "--json", "--target", target)
    assert before.status == after.status == 0, before.err + after.err
    assert before.out == after.out
    response = json_format.Parse(after.out, lieng_pb2.ScoreLiengResponse())
    assert response.scores[0].tier == lieng_pb2.LIENG_TIER_SAP
    assert json.loads(after.out)["scores"][0]["points"] == 3


def test_the_target_comes_from_the_environment(target: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDRULES_TARGET", target)
    assert cardrules("score", "AS KS QS").out == "AS KS QS  Straight Q-K-A (Liêng Q-K-A)\n"
    monkeypatch.setenv("CARDRULES_TARGET", UNREACHABLE)
    assert cardrules("--target", target, "score", "AS KS QS").status == 0  # the flag wins over the variable


def test_hands_one_card_per_argument_or_quoted(target: str) -> None:
    one = cardrules("--target", target, "score", "A♠", "8h", "10♦")
    assert one.out == "AS 8H TD  9 points (9 điểm)\n", one.err
    two = cardrules("--target", target, "score", "AC AD AH", "2S,3H,4D", "--hand", "JS JH QD")
    assert two.out.splitlines() == [
        "AC AD AH  Trips A (Sáp A)",
        "2S 3H 4D  Straight 2-3-4 (Liêng 2-3-4)",
        "JS JH QD  Three faces (Đĩ)",
    ]


def test_compare_marks_ties_and_reads_json(target: str) -> None:
    ran = cardrules("--target", target, "compare", "4S 5H 6D", "AC AD AH", "4C 5D 6H")
    assert ran.out.splitlines() == [
        "1  AC AD AH  Trips A (Sáp A)",
        "2= 4S 5H 6D  Straight 4-5-6 (Liêng 4-5-6)",
        "2= 4C 5D 6H  Straight 4-5-6 (Liêng 4-5-6)",
    ]
    as_json = cardrules("--target", target, "compare", "4S 5H 6D", "AC AD AH", "--json")
    assert list(json_format.Parse(as_json.out, lieng_pb2.CompareHandsResponse()).places) == [1, 0]


def test_house_rules_inline_or_from_a_file(target: str, tmp_path: Path) -> None:
    # A-2-3 is the lowest Liêng by default and ties Q-K-A with ACE_HIGH.
    rules = tmp_path / "rules.json"
    rules.write_text('{"a23": "LIENG_A23_ACE_HIGH"}')
    for given in (str(rules), '{"a23": "LIENG_A23_ACE_HIGH"}'):
        ran = cardrules("--target", target, "compare", "AS 2H 3D", "QC KD AH", "--house-rules", given)
        assert [line[:2] for line in ran.out.splitlines()] == ["1=", "1="], ran.out + ran.err
    unknown = cardrules("--target", target, "score", "AS 2H 3D", "--house-rules", '{"a_23": 1}')
    assert unknown.status == 2 and "is not a LiengHouseRules" in unknown.err and "a_23" in unknown.err


def test_bad_cards_are_refused_before_any_call() -> None:
    # An unreachable target would exit 1: exit 2 shows the input was judged first.
    for argv in (["score", "AC", "AD", "1X"], ["compare", "AC AD AH", "--hand", "KS QS J"], ["legal", "--hand", "ZZ"]):
        ran = cardrules("--target", UNREACHABLE, *argv)
        assert ran.status == 2 and CARD_FORMAT in ran.err and ran.out == "", (argv, ran)


def test_the_service_refusal_prints_its_field_violations(target: str) -> None:
    ran = cardrules("--target", target, "compare", "AC AD AH", "AC KD")
    assert ran.status == 2
    assert ran.err.splitlines()[0].startswith("cardrules: the service refused the request: ")
    assert "  hands[1]: a Liêng hand is exactly 3 cards, got 2" in ran.err.splitlines()


def test_an_unreachable_server_is_status_1() -> None:
    ran = cardrules("--target", UNREACHABLE, "--timeout", "5", "score", "AC AD AH")
    assert ran.status == 1 and ran.err.startswith(f"cardrules: cannot reach the rules service at {UNREACHABLE}")


def test_usage_errors_are_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cardrules().status == 2
    assert cardrules("score").status == 2  # no hand
    assert cardrules("--timeout", "0", "score", "AC AD AH").status == 2
    with pytest.raises(SystemExit) as exited:
        main(["deal"])
    assert exited.value.code == 2
    assert "invalid choice: 'deal'" in capsys.readouterr().err


def test_legal_from_options(target: str) -> None:
    leading = cardrules("--target", target, "legal", "--hand", "3S 3H 4D 9C", "--others", "7,1")
    assert leading.out.splitlines()[0] == "seat 0 to act, 4 legal moves:"
    every = cardrules("--target", target, "legal", "--hand", "3S 3H 4D 9C", "--all", "--json")
    plays = json_format.Parse(every.out, sam_loc_pb2.SamLocServiceLegalMovesResponse()).moves
    assert len(plays) == 5  # 3S, 3H, 3S 3H, 4D, 9C: every card set, not one per rank pattern
    facing = cardrules("--target", target, "legal", "--hand", "2S 3C", "--facing", "AH", "--owner", "1", "--passed", "")
    assert facing.out.splitlines() == ["seat 0 to act, 2 legal moves:", "  play 2S  single (rác)", "  pass"]


def test_legal_from_a_whole_state(target: str) -> None:
    state = '{"seats": [{"hand": "3S 4S"}, {"cardCount": 3}], "current": "2H", "currentOwner": 1}'
    ran = cardrules("--target", target, "legal", "--state", state)
    assert ran.out.splitlines() == ["seat 0 to act, 1 legal move:", "  pass"]
    both = cardrules("--target", target, "legal", "--state", state, "--hand", "3S")
    assert both.status == 2 and "without --hand" in both.err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--passed", "4"], "--passed 4: the table has seats 0 to 1"),
        (["--owner", "1"], "--owner names who played --facing"),
        (["--others", "11"], "a seat holds 0 to 10 cards"),
        (["--others", "x"], "--others takes seat numbers or counts"),
        (["--declarer", "-1"], "--declarer -1"),
    ],
)
def test_legal_option_mistakes(argv: list[str], message: str) -> None:
    ran = cardrules("--target", UNREACHABLE, "legal", "--hand", "3S", *argv)
    assert ran.status == 2 and message in ran.err, ran.err


def test_settle_tells_the_games_apart(target: str, tmp_path: Path) -> None:
    lieng = tmp_path / "lieng.json"
    lieng.write_text(json.dumps(LIENG_ROUND))
    sam = tmp_path / "sam.json"
    sam.write_text(json.dumps({"round": SAM_ROUND}))  # a SettleRound request works too
    lieng_ran = cardrules("--target", target, "settle", str(lieng))
    assert (
        lieng_ran.out.splitlines()[0] == "Liêng round: 1 pot"
        and "nets: seat 0 +60, seat 1 -50, seat 2 -10" in lieng_ran.out
    )
    sam_ran = cardrules("--target", target, "settle", str(sam), "--json")
    settled = json_format.Parse(sam_ran.out, sam_loc_pb2.SamLocServiceSettleRoundResponse())
    assert settled.outcome == sam_loc_pb2.SAM_OUTCOME_INSTANT_WIN and sum(settled.nets) + settled.fee == 0


def test_settle_reads_standard_input_and_names_an_ambiguous_game(
    target: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(SAM_ROUND)))
    head = cardrules("--target", target, "settle", "-").out.splitlines()[0]
    instant = "an instant win at the deal (tới trắng) with a ten-card straight (sảnh rồng)"
    assert head == f"Sâm Lốc round: {instant}, winner seat 0"
    either = tmp_path / "either.json"
    either.write_text('{"hands": ["AC AD AH", "KS QS JS"]}')
    ambiguous = cardrules("--target", target, "settle", str(either))
    assert ambiguous.status == 2 and "name the game with --game" in ambiguous.err
    forced = cardrules("--target", target, "settle", str(either), "--game", "sam")
    assert forced.status == 2 and "round.hands[0]: a dealt hand has 10 cards" in forced.err  # judged as Sâm
    neither = tmp_path / "neither.json"
    neither.write_text('{"stake": 100, "firstActor": 0}')
    assert "is neither game's round record" in cardrules("--target", target, "settle", str(neither)).err


def test_settle_input_mistakes(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert "is not JSON" in cardrules("--target", UNREACHABLE, "settle", str(broken)).err
    assert "cannot read" in cardrules("--target", UNREACHABLE, "settle", str(tmp_path / "missing.json")).err
    bad_card = tmp_path / "bad.json"
    bad_card.write_text('{"stake": 100, "hands": ["3S 4S 1S"]}')
    ran = cardrules("--target", UNREACHABLE, "settle", str(bad_card))
    assert ran.status == 2 and ran.err.startswith(f'cardrules: {bad_card}: hands[0]: bad card "1S"'), ran.err


def test_card_text_in_json_expands_wherever_cards_go() -> None:
    state = parse_message(
        {"seats": [{"hand": "3S 10♥"}, {"cardCount": 2}], "current": ["4D"], "currentOwner": 1},
        sam_loc_pb2.SamTableState,
        "state",
    )
    assert len(state.seats[0].hand.cards) == 2 and state.current.cards[0].rank == 4
    combination = parse_message(
        {"cards": ["AS", {"rank": "RANK_TWO", "suit": "SUIT_HEARTS"}]}, sam_loc_pb2.SamCombination, "c"
    )
    assert [c.rank for c in combination.cards] == [1, 2]
    with pytest.raises(BadInput, match=r"^state: seats\[1\]\.hand: bad card"):
        parse_message({"seats": [{"hand": "3S"}, {"hand": "3X"}]}, sam_loc_pb2.SamTableState, "state")


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Pki:
    return make_pki(tmp_path_factory.mktemp("pki"))


@pytest.fixture(scope="module")
def locked_server(pki: Pki, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerHandle, str]]:
    """Mutual TLS and a bearer token at once."""
    token = new_token()
    tokens = write_tokens(tmp_path_factory.mktemp("tokens") / "tokens", ("cli", token))
    prober = pki.client("prober")
    with running_server(
        [*mutual_tls_args(pki), "--auth-tokens", str(tokens)],
        root_certificates=pki.ca_pem,
        client_certificate=(prober.cert_pem, prober.key_pem),
    ) as server:
        yield server, token


def test_token_and_mutual_tls(
    locked_server: tuple[ServerHandle, str], pki: Pki, monkeypatch: pytest.MonkeyPatch
) -> None:
    server, token = locked_server
    client = pki.client("cli")
    tls = [
        "--target",
        f"localhost:{server.port}",
        "--ca",
        str(pki.ca_cert),
        "--cert",
        str(client.cert),
        "--key",
        str(client.key),
    ]
    assert cardrules(*tls, "--token", token, "score", "AC AD AH").out == "AC AD AH  Trips A (Sáp A)\n"
    monkeypatch.setenv("CARDRULES_TOKEN", token)
    assert cardrules(*tls, "score", "AC AD AH").status == 0  # the token from the environment
    monkeypatch.setenv("CARDRULES_TOKEN", new_token())
    refused = cardrules(*tls, "score", "AC AD AH")
    assert refused.status == 1 and "refused the credentials" in refused.err
    assert cardrules(*tls[:4], "--cert", str(client.cert), "score", "AC AD AH").status == 2  # --cert without --key
