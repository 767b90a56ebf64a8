"""Playing against the bots in the browser example (clients/typescript/examples/browser/play.html), built and served
as the TypeScript SDK's README says, in a real headless browser (Debian's chromium driven by playwright-core) against
the local front (replicas behind a real Envoy, ``deploy/local/up.sh``) over gRPC-Web. One hand per bot level, the
player (seat 0) choosing "Play normally" at the deal and then, every turn, the first legal move by clicking its cards
and "Play selected" (or "Pass"), to the settlement:

- the player sees only their own view: their cards face up, the bots' cards face down;
- every bot decision is the service's ``Suggest`` for that seat's own view (asked again here over gRPC, with the
  seat's view from ``ReplayRound`` of the record the page played, and the seed the page used);
- the settlement shown is ``SettleRound``'s of that record, sums to zero, and is told in words (who pays whom), with
  no raw enum name and no JSON anywhere on the page;
- the same seed and the same player's moves play the same hand again.

Screenshots of each hand's first turn and end are saved in the test's temporary folder (its path is printed), not
committed. The page is bundled into a temporary directory (``tests.support.browser_pages``), so this test never
touches the example's own dist/.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Iterator
from typing import Any

import grpc
import pytest

from cardrules.client.cards import cards_message, cards_text
from cardrules.core import fair_deal
from cardrules.core.cards import card_text
from cardrules.core.sam.reasons import Reason
from cardrules.v1 import cards_pb2, sam_loc_pb2, sam_loc_pb2_grpc
from tests.docs import test_browser_example as browser_example
from tests.docs.test_history_viewer import RAW_NAME
from tests.support.browser_pages import bundled_page, run_in_chromium

# The local front: the browser example's own fixture, not a copy.
grpc_web_url = browser_example.grpc_web_url


@pytest.fixture(scope="module")
def page_root(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """play.html and its bundle in a temporary directory on a free loopback port (the browser example's docs test
    builds the example's own dist/ with the README's lines, play.ts included)."""
    with bundled_page(tmp_path_factory.mktemp("play-against-bots"), "play.html", "src/play.ts") as base:
        yield base


SEATS = browser_example.SEATS
# The page's seed (?seed=): it deals the hand (the fair deal's server seed is the seed's 8 bytes, big-endian, at the
# end of 32 bytes; the client seed below; hand 0), picks the leader (seed mod 4) and seeds each bot's decisions.
SEED = 20261202
# This seed deals seat 2 all four 2s (tứ quý 2): the hand is won at the deal.
INSTANT_WIN_SEED = 48
CLIENT_SEED = "cardrules: play against the bots"
LEVELS = ("basic", "standard", "strong")
BOT_LEVELS = {
    "basic": cards_pb2.BOT_LEVEL_BASIC,
    "standard": cards_pb2.BOT_LEVEL_STANDARD,
    "strong": cards_pb2.BOT_LEVEL_STRONG,
}
# One hand per level (the player plays normally), the standard one again (it must replay the same), and one where the
# player declares Sâm.
PLAYED = (*((level, False) for level in LEVELS), ("standard", False), ("standard", True))
REPLAYED = (1, 3)
DECLARED = 4
# After them, the hand won at the deal (at the standard level).
INSTANT = len(PLAYED)


def _hand_id(index: int) -> str:
    level, declared = PLAYED[index]
    return f"{index}-{level}{'-declared' if declared else ''}"


def _page(page_root: str, grpc_web_url: str, level: str, declare: bool, seed: int = SEED) -> str:
    query = urllib.parse.urlencode({"front": grpc_web_url, "level": level, "seed": seed, "delay": 0})
    # The fragment is for the driving script: it presses "Declare Sâm" instead of "Play normally".
    return f"{page_root}play.html?{query}{'#declare' if declare else ''}"


@pytest.fixture(scope="module")
def hands(page_root: str, grpc_web_url: str, tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """What the page showed for each hand of ``PLAYED`` and the instant win, all played in one browser (one launch
    for every check)."""
    shots = tmp_path_factory.mktemp("play-against-bots-screenshots")
    print(f"screenshots: {shots}")
    urls = [_page(page_root, grpc_web_url, *played) for played in PLAYED]
    urls.append(_page(page_root, grpc_web_url, "standard", False, INSTANT_WIN_SEED))
    played: list[dict[str, Any]] = run_in_chromium("test/play-bots.mjs", "--screenshots", str(shots), *urls)["hands"]
    return played


@pytest.fixture(scope="module")
def sam(grpc_web_url: str) -> Iterator[Any]:
    """A gRPC client through the same front (it serves gRPC on the gRPC-Web port)."""
    with grpc.insecure_channel(grpc_web_url.removeprefix("http://")) as channel:
        yield sam_loc_pb2_grpc.SamLocServiceStub(channel)


def _round(hand: dict[str, Any], seed: int = SEED) -> sam_loc_pb2.SamRoundRecord:
    """The round the page played: the seed's deal and leader, the declarations and actions its log shows."""
    server_seed = seed.to_bytes(32, "big")
    dealt = fair_deal.deal(fair_deal.SAM_LOC, SEATS, server_seed, CLIENT_SEED, 0)
    record = sam_loc_pb2.SamRoundRecord(
        stake=1,
        hands=[cards_message(" ".join(card_text(card) for card in cards)) for cards in dealt.hands],
        leader=seed % SEATS,
        declarations=[int(d["seat"]) for d in hand["declarations"] if d["declares"] == "true"],
    )
    for shown in hand["actions"]:
        action = record.actions.add(seat=int(shown["seat"]))
        if shown["move"] == "pass":
            getattr(action, "pass").SetInParent()  # "pass" is a Python keyword
        else:
            action.play.CopyFrom(cards_message(shown["move"]))
    return record


@pytest.mark.parametrize("index", range(len(PLAYED)), ids=_hand_id)
def test_a_hand_against_the_bots_plays_to_a_settlement_told_in_words(hands: list[dict[str, Any]], index: int) -> None:
    result = hands[index]
    assert result["problems"] == [], result["problems"]
    browser_example._check_words(result)
    match = RAW_NAME.search(result["text"])
    assert match is None and "{" not in result["text"], match or result["text"]
    assert "You's" not in result["text"] and "of You" not in result["text"], result["text"]
    level, declared = PLAYED[index]
    assert f"({level.capitalize()})" in result["bots"] and "máy" in result["bots"], result["bots"]

    # The strong bot's search says how it chose, under each of its decisions; the other levels say nothing more.
    decisions = [line for line in (*result["declarations"], *result["actions"]) if "seed" in line]
    if level == "strong":
        assert len(result["explanations"]) == len(decisions), result["explanations"]
        assert all(" · " in line for line in result["explanations"]), result["explanations"]
    else:
        assert result["explanations"] == [], result["explanations"]

    # The player declared Sâm or not at the deal, then played to the end with the bots.
    assert result["declareAsked"], result["declarations"]
    player = next(line for line in result["declarations"] if line["seat"] == "0")
    assert player["declares"] == str(declared).lower(), result["declarations"]
    assert result["playerMoves"] > 0 and result["accepted"] == len(result["actions"]) > result["playerMoves"]

    # Seat 0's view only: its own cards face up, every bot's cards face down (their number, no card named).
    first = result["firstTurn"]
    seats = {int(seat["seat"]): seat for seat in first["seats"]}
    assert sorted(seats) == list(range(SEATS)), seats
    assert sorted(seats[0]["cards"].split()) == sorted(first["hand"]) and first["hand"], seats[0]
    for bot in range(1, SEATS):
        assert seats[bot]["cards"] == "" and seats[bot]["backs"] == int(seats[bot]["count"]) > 0, seats[bot]

    # Two cards of different ranks: refused, with the service's reason in both languages (no reason code shown), and
    # nothing recorded.
    refusal = first["refusal"]
    assert (refusal["message"], refusal["messageVi"]) == (
        Reason.NOT_A_COMBINATION.english,
        Reason.NOT_A_COMBINATION.vietnamese,
    ), refusal
    assert refusal["actionsAfter"] == refusal["actionsBefore"] and "SAM_REASON" not in refusal["verdict"], refusal

    # "Suggest a move" named a legal move in words, picked its cards in the hand, and the player played it.
    hint = first["hint"]
    assert hint["move"] in hint["legal"], hint
    assert sorted(hint["picked"]) == sorted(hint["move"].split() if hint["move"] != "pass" else []), hint
    assert " · " in hint["text"] and "Suggested" in hint["text"] and "Gợi ý" in hint["text"], hint
    played = next(action for action in result["actions"] if action["seat"] == "0")
    assert played["move"] == hint["move"], (played, hint)

    # The settlement: nets and fee sum to zero, each transfer a row in words and a sentence.
    browser_example._check_settlement(result)
    nets = [int(net) for net in result["nets"]]
    assert int(result["resultNet"]) == nets[0], result["result"]
    said = "won" if nets[0] > 0 else "lost" if nets[0] < 0 else "broke even"
    assert said in result["result"] and " · " in result["result"], result["result"]
    names = ["You", *(f"Seat {seat}" for seat in range(1, SEATS))]
    for line, transfer in zip(result["payments"], result["transfers"], strict=True):
        payer, amount, payee = names[int(transfer["from"])], transfer["amount"], names[int(transfer["to"])]
        assert line.startswith(f"{payer} pay") and f" {amount} to {payee} (" in line and " trả " in line, line


@pytest.mark.parametrize("index", range(len(PLAYED)), ids=_hand_id)
def test_every_bot_decision_is_suggest_for_its_own_view_and_the_settlement_is_the_service(
    hands: list[dict[str, Any]], sam: Any, index: int
) -> None:
    result = hands[index]
    level = BOT_LEVELS[PLAYED[index][0]]
    record = _round(result)
    settled = sam.SettleRound(sam_loc_pb2.SamLocServiceSettleRoundRequest(round=record))
    assert [int(net) for net in result["nets"]] == list(settled.nets), (result["nets"], settled.nets)
    assert int(result["outcomeCode"]) == settled.outcome, result["outcome"]

    for declaration in result["declarations"]:
        seat = int(declaration["seat"])
        if seat == 0:
            assert "seed" not in declaration, declaration  # the player's own choice
            continue
        decision = sam_loc_pb2.SamDeclarationDecision(hand=record.hands[seat], seat_count=SEATS)
        asked = sam_loc_pb2.SamLocServiceSuggestRequest(
            level=level, seed=int(declaration["seed"]), declaration=decision
        )
        assert str(sam.Suggest(asked).declare_sam).lower() == declaration["declares"], declaration

    # Each bot's play (and the player's hint) is Suggest for the state as that seat saw it before the play (its own
    # cards, the others' counts, from ReplayRound for that seat) and the actions before it.
    views = {}
    for seat in range(SEATS):
        viewer = cards_pb2.Viewer(seat=seat)
        views[seat] = sam.ReplayRound(sam_loc_pb2.SamLocServiceReplayRoundRequest(round=record, viewer=viewer))
    bot_moves = 0
    first_move = next(number for number, action in enumerate(result["actions"]) if action["seat"] == "0")
    for number, action in enumerate(result["actions"]):
        seat = int(action["seat"])
        if seat == 0:
            assert "seed" not in action, action  # the player's own choice
            if number != first_move:
                continue
            seed = int(result["firstTurn"]["hint"]["seed"])  # the hinted first move, asked like a bot's
        else:
            seed = int(action["seed"])
            bot_moves += 1
        replay = views[seat]
        state = replay.start.state if number == 0 else replay.steps[number - 1].state
        assert all(other.WhichOneof("holding") == "card_count" for i, other in enumerate(state.seats) if i != seat)
        asked = sam_loc_pb2.SamLocServiceSuggestRequest(
            level=level, seed=seed, state=state, history=record.actions[:number]
        )
        suggested = sam.Suggest(asked).action
        move = "pass" if suggested.HasField("pass") else " ".join(sorted(cards_text(suggested.play).split()))
        assert (suggested.seat, move) == (seat, " ".join(sorted(action["move"].split()))), (number, action)
    assert bot_moves > 0, result["actions"]


def test_the_same_seed_and_moves_replay_the_same_hand(hands: list[dict[str, Any]]) -> None:
    first, again = (hands[index] for index in REPLAYED)
    assert again["actions"] == first["actions"] and again["declarations"] == first["declarations"]
    assert again["nets"] == first["nets"], (first["nets"], again["nets"])


def test_a_sam_declared_by_the_player_is_settled_as_a_sam(hands: list[dict[str, Any]]) -> None:
    """The player's declaration goes to StartHand and SettleRound: the player leads, and the hand ends as a Sâm."""
    result = hands[DECLARED]
    assert result["declarations"][-1] == {"testid": "declaration", "seat": "0", "declares": "true"}, result
    assert result["actions"][0]["seat"] == "0", result["actions"][0]  # the declarer leads
    sam_outcomes = (sam_loc_pb2.SAM_OUTCOME_SAM_WON, sam_loc_pb2.SAM_OUTCOME_SAM_BLOCKED)
    assert int(result["outcomeCode"]) in sam_outcomes, result["outcome"]
    assert "Sâm" in result["outcome"], result["outcome"]


def test_a_hand_won_at_the_deal_goes_from_the_declarations_to_the_settlement(
    hands: list[dict[str, Any]], sam: Any
) -> None:
    result = hands[INSTANT]
    assert result["problems"] == [], result["problems"]
    browser_example._check_words(result)
    assert result["declareAsked"] and result.get("firstTurn") is None and result["actions"] == [], result
    line = "Seat 2 won at the deal (all four 2s). · Ghế 2 tới trắng (tứ quý 2)."
    assert line in result["log"], result["log"]
    assert "No play: the hand ended at the deal." in result["text"], result["text"]
    assert int(result["outcomeCode"]) == sam_loc_pb2.SAM_OUTCOME_INSTANT_WIN and result["winner"] == "2", result
    browser_example._check_settlement(result)
    settled = sam.SettleRound(sam_loc_pb2.SamLocServiceSettleRoundRequest(round=_round(result, INSTANT_WIN_SEED)))
    assert [int(net) for net in result["nets"]] == list(settled.nets), (result["nets"], settled.nets)
