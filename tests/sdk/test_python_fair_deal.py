"""The Python SDK's local deal (cardrules.client.fair_deal): its own implementation gives the server core's deal for
random inputs of both games, verify_deal accepts the deal (sorted or not) and refuses any other hand or seed, bad
inputs are refused like the service refuses them, and the conformance runner's local check catches a wrong vector."""

from __future__ import annotations

import base64
import copy
import random
from dataclasses import replace
from pathlib import Path

import pytest

from cardrules.client import cards_message, deal_from, verify_commitment, verify_deal
from cardrules.client.fair_deal import GAMES, LIENG, SAM_LOC, commitment_of
from cardrules.client.tools.conformance import deal_locally
from cardrules.client.tools.vectors import Case, load_vectors
from cardrules.core import fair_deal
from cardrules.core.cards import card_text

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "deal"
CORE_GAMES = {SAM_LOC: fair_deal.SAM_LOC, LIENG: fair_deal.LIENG}
SEED = bytes(range(100, 132))


def test_the_sdk_deals_what_the_server_core_deals_for_random_inputs() -> None:
    rng = random.Random(24)
    for _ in range(300):
        game = rng.choice([SAM_LOC, LIENG])
        seats = rng.randint(GAMES[game].min_seats, GAMES[game].max_seats)
        server = rng.randbytes(rng.choice([32, 33, 64, 65, 200, 256]))
        client = "".join(rng.choice("aé✓🂡 ") for _ in range(rng.randint(0, 60)))
        nonce = rng.choice([0, 1, rng.randrange(2**63), 2**63 - 1])
        mine = deal_from(game, server, client, nonce, seats)
        core = fair_deal.deal(CORE_GAMES[game], seats, server, client, nonce)
        assert mine.hands == tuple(tuple(map(card_text, hand)) for hand in core.hands)
        assert mine.undealt == tuple(map(card_text, core.undealt))
        assert mine.commitment == core.commitment and mine.algorithm == core.algorithm


def test_verify_deal_accepts_the_deal_in_any_order_and_in_any_card_form() -> None:
    dealt = deal_from(SAM_LOC, SEED, "anh+binh", 3, 4)
    as_dealt = [" ".join(hand) for hand in dealt.hands]
    assert verify_deal(SAM_LOC, SEED, "anh+binh", 3, as_dealt)
    assert verify_deal(SAM_LOC, SEED, "anh+binh", 3, [sorted(hand) for hand in dealt.hands])
    assert verify_deal(SAM_LOC, SEED, "anh+binh", 3, [cards_message(hand) for hand in dealt.hands])
    assert verify_deal(SAM_LOC, SEED, "anh+binh", 3, as_dealt, commitment=commitment_of(SEED))


def test_verify_deal_refuses_another_hand_seed_nonce_or_commitment() -> None:
    dealt = deal_from(LIENG, SEED, "", 0, 3)
    hands = [list(hand) for hand in dealt.hands]
    swapped = copy.deepcopy(hands)
    swapped[0][0], swapped[1][0] = swapped[1][0], swapped[0][0]
    assert not verify_deal(LIENG, SEED, "", 0, swapped)
    replaced = copy.deepcopy(hands)
    replaced[2][1] = dealt.undealt[0]
    assert not verify_deal(LIENG, SEED, "", 0, replaced)
    doubled = copy.deepcopy(hands)
    doubled[0][2] = doubled[0][1]
    assert not verify_deal(LIENG, SEED, "", 0, doubled)
    assert not verify_deal(LIENG, SEED, "", 0, hands[::-1])  # seat order matters
    assert not verify_deal(LIENG, SEED, "", 0, [*hands, list(dealt.undealt[:3])])  # a seat count of 4
    assert not verify_deal(LIENG, SEED, "x", 0, hands)
    assert not verify_deal(LIENG, SEED, "", 1, hands)
    assert not verify_deal(LIENG, bytes(32), "", 0, hands)
    assert not verify_deal(SAM_LOC, SEED, "", 0, [hand * 4 for hand in hands[:2]])
    wrong = bytearray(commitment_of(SEED))
    wrong[31] ^= 1
    assert not verify_deal(LIENG, SEED, "", 0, hands, commitment=bytes(wrong))
    assert verify_commitment(SEED, commitment_of(SEED)) and not verify_commitment(SEED, bytes(wrong))


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ((SAM_LOC, SEED, "", 0, 1), "seat_count"),
        ((SAM_LOC, SEED, "", 0, 6), "seat_count"),
        ((LIENG, SEED, "", 0, 7), "seat_count"),
        ((LIENG, SEED[:31], "", 0, 2), "server_seed"),
        ((LIENG, bytes(257), "", 0, 2), "server_seed"),
        ((LIENG, SEED, "ắ" * 86, 0, 2), "client_seed"),
        ((LIENG, SEED, "", -1, 2), "nonce"),
        ((LIENG, SEED, "", 2**63, 2), "nonce"),
        (("poker", SEED, "", 0, 2), "game"),
    ],
)
def test_inputs_the_service_refuses_are_refused(arguments: tuple[str, bytes, str, int, int], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        deal_from(*arguments)


def test_an_unknown_algorithm_is_refused() -> None:
    with pytest.raises(ValueError, match="algorithm"):
        deal_from(LIENG, SEED, "", 0, 2, algorithm="cardrules-deal-v2")


def deal_cases() -> list[Case]:
    cases, broken = load_vectors(VECTORS)
    assert not broken and cases
    return cases


def test_every_deal_vector_is_recomputed_locally() -> None:
    assert all(deal_locally(case) is None for case in deal_cases())


def test_the_local_check_catches_a_vector_the_sdk_disagrees_with() -> None:
    good = next(case for case in deal_cases() if "response" in case.expect)
    wrong = copy.deepcopy(dict(good.expect))
    wrong["response"]["undealt"]["cards"].reverse()
    assert "local deal_from" in (deal_locally(replace(good, expect=wrong)) or "")
    seed = base64.b64decode(good.request["serverSeed"])
    other = {**good.request, "serverSeed": base64.b64encode(seed[::-1]).decode()}
    assert "local deal_from" in (deal_locally(replace(good, request=other)) or "")
    bad = next(case for case in deal_cases() if "error" in case.expect)
    assert deal_locally(bad) is None  # refused locally too
    dealable = {**bad.request, "seatCount": 3, "serverSeed": good.request["serverSeed"], "nonce": "0", "algorithm": ""}
    dealable["clientSeed"] = ""
    assert "expects refused" in (deal_locally(replace(bad, request=dealable)) or "")
