"""The seeded deal ``cardrules-deal-v1`` (cardrules.core.fair_deal): the docs' worked example comes out exactly, the
byte layout and the draw are the spec's, every deal is a permutation cut as the spec says, bad inputs are named,
and the Deal vectors are what tests/support/deal_vectors.py writes from this core."""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardrules.core import fair_deal
from cardrules.core.cards import Card, card_text, parse_card
from cardrules.core.errors import InvalidInput
from tests.support import deal_vectors

DOC = Path(__file__).resolve().parents[2] / "docs" / "fair-deal.md"
SEED = bytes(range(32))


def doc_example() -> dict[str, str]:
    """The ``key value`` lines of docs/fair-deal.md's worked example (the text block that starts with ``game``)."""
    block = re.search(r"```text\n(game .*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block, "docs/fair-deal.md has no worked example"
    return dict(re.split(r"\s{2,}", line.strip(), maxsplit=1) for line in block.group(1).splitlines())


def doc_draws() -> list[list[str]]:
    """The rows of the example's table of first draws (``| 51 | 52 | 208 | … |``)."""
    text = DOC.read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| (\d+) \| (\d+) \| ([^|]+) \| (\d+) \| (\S+ ↔ \S+) \|$", text, re.M)
    return [[cell.strip() for cell in row] for row in rows]


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(piece) for piece in text.split())


def test_the_worked_example_in_the_docs_comes_out_exactly() -> None:
    example = doc_example()
    game = {"lieng": fair_deal.LIENG, "sam_loc": fair_deal.SAM_LOC}[example["game"]]
    seats, seed = int(example["seat_count"]), bytes.fromhex(example["server_seed"])
    client, nonce = example["client_seed"], int(example["nonce"])
    assert seed == hashlib.sha256(b"cardrules fair-deal example").digest()  # as the page says
    prefix = fair_deal.message_prefix(game.name, seats, client.encode(), nonce)
    assert (prefix + bytes(8)).hex() == example["message(0)"]
    for counter in (0, 1):
        block = hmac.new(seed, prefix + counter.to_bytes(8, "big"), hashlib.sha256).hexdigest()
        assert block == example[f"block({counter})"]
    dealt = fair_deal.deal(game, seats, seed, client, nonce)
    assert dealt.commitment.hex() == example["commitment"]
    assert dealt.hands == tuple(cards(hand) for hand in example["hands"].split("|"))
    assert dealt.undealt == cards(example["undealt"])


def test_the_docs_table_of_first_draws_is_the_shuffle() -> None:
    example = doc_example()
    stream = fair_deal.random_bytes(
        example["game"], int(example["seat_count"]), bytes.fromhex(example["server_seed"]),
        example["client_seed"].encode(), int(example["nonce"]),
    )  # fmt: skip
    deck = list(fair_deal.DECK)
    rows = doc_draws()
    assert len(rows) >= 5
    for i, n, limit, read, j, swap in rows:
        position = int(i)
        assert int(n) == position + 1 and int(limit) == 256 - 256 % int(n)
        drawn = [int(re.match(r"\d+", piece.strip()).group()) for piece in read.split(",")]  # type: ignore[union-attr]
        assert [next(stream) for _ in drawn] == drawn
        assert all(byte >= int(limit) for byte in drawn[:-1]) and drawn[-1] < int(limit)
        assert drawn[-1] % int(n) == int(j)
        assert swap == f"{card_text(deck[position])} ↔ {card_text(deck[int(j)])}"
        deck[position], deck[int(j)] = deck[int(j)], deck[position]


def test_the_unshuffled_deck_is_suit_by_suit_from_ace_to_king() -> None:
    text = " ".join(map(card_text, fair_deal.DECK))
    assert text.startswith("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AC 2C")
    assert text.endswith("QD KD AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")
    assert len(set(fair_deal.DECK)) == 52


def test_the_message_is_the_specs_bytes() -> None:
    prefix = fair_deal.message_prefix("sam_loc", 5, "ắ".encode(), 2**63 - 1)
    assert prefix == (
        b"cardrules-deal-v1\x00sam_loc\x00"
        + b"\x00\x00\x00\x05"
        + b"\x7f"
        + b"\xff" * 7
        + b"\x00\x00\x00\x03"
        + "ắ".encode()
    )


def test_uniform_discards_the_bytes_at_or_above_the_largest_multiple() -> None:
    def stream(*values: int) -> Iterator[int]:
        yield from values

    assert fair_deal.uniform(stream(207), 52) == 207 % 52
    assert fair_deal.uniform(stream(208, 255, 51), 52) == 51  # 208 and 255 are discarded
    assert fair_deal.uniform(stream(255, 254), 51) == 254 % 51
    assert fair_deal.uniform(stream(255), 2) == 1  # 256 is a multiple of 2: no byte is discarded
    assert fair_deal.uniform(stream(200), 1) == 0


def test_every_uniform_result_is_equally_likely_over_the_accepted_bytes() -> None:
    """Each byte below the limit is accepted, each one above is not, and the accepted bytes give every result in
    [0, n) the same number of times."""
    for n in range(2, 53):
        limit = 256 - 256 % n
        counts = [0] * n
        for byte in range(limit):
            counts[fair_deal.uniform(iter([byte]), n)] += 1
        assert set(counts) == {limit // n}, n
        for byte in range(limit, 256):
            assert fair_deal.uniform(iter([byte, 0]), n) == 0  # discarded: the next byte decides


@pytest.mark.parametrize(
    ("game", "seats"), [(fair_deal.SAM_LOC, s) for s in range(2, 6)] + [(fair_deal.LIENG, s) for s in range(2, 7)]
)
def test_every_deal_is_the_shuffled_deck_cut_seat_by_seat(game: fair_deal.DealGame, seats: int) -> None:
    for nonce in range(20):
        dealt = fair_deal.deal(game, seats, SEED, f"table {nonce}", nonce)
        deck = fair_deal.shuffled_deck(game, seats, SEED, f"table {nonce}", nonce)
        assert [card for hand in dealt.hands for card in hand] + list(dealt.undealt) == deck
        assert sorted(deck) == sorted(fair_deal.DECK)
        assert [len(hand) for hand in dealt.hands] == [game.hand_size] * seats
        assert dealt.commitment == hashlib.sha256(SEED).digest() and dealt.algorithm == "cardrules-deal-v1"


def test_each_input_changes_the_deal() -> None:
    base = fair_deal.deal(fair_deal.LIENG, 3, SEED, "x", 1)
    assert fair_deal.deal(fair_deal.LIENG, 3, SEED, "x", 1, "cardrules-deal-v1") == base
    others = [
        fair_deal.deal(fair_deal.LIENG, 3, SEED[:-1] + b"\x00", "x", 1),
        fair_deal.deal(fair_deal.LIENG, 3, SEED, "y", 1),
        fair_deal.deal(fair_deal.LIENG, 3, SEED, "x", 2),
        fair_deal.deal(fair_deal.LIENG, 4, SEED, "x", 1),
        fair_deal.deal(fair_deal.SAM_LOC, 3, SEED, "x", 1),
    ]
    assert all(other.hands[0] != base.hands[0] for other in others)


def test_the_client_seed_length_is_framed() -> None:
    """The length in front of the client seed keeps ("ab", nonce) and ("a", …) from signing the same bytes."""
    assert fair_deal.message_prefix("lieng", 2, b"ab", 0) != fair_deal.message_prefix("lieng", 2, b"a", 0)
    assert fair_deal.message_prefix("lieng", 2, b"", 0).endswith(b"\x00\x00\x00\x00")


@pytest.mark.parametrize(
    ("changes", "violations"),
    [
        ({"seat_count": 1}, [("seat_count", "WRONG_SEAT_COUNT")]),
        ({"seat_count": 6}, [("seat_count", "WRONG_SEAT_COUNT")]),
        ({"server_seed": bytes(31)}, [("server_seed", "WRONG_LENGTH")]),
        ({"server_seed": bytes(257)}, [("server_seed", "WRONG_LENGTH")]),
        ({"client_seed": "é" * 129}, [("client_seed", "WRONG_LENGTH")]),
        ({"client_seed": "\ud800"}, [("client_seed", "INVALID_VALUE")]),
        ({"nonce": -1}, [("nonce", "OUT_OF_RANGE")]),
        ({"nonce": 2**63}, [("nonce", "OUT_OF_RANGE")]),
        ({"algorithm": "cardrules-deal-v0"}, [("algorithm", "UNKNOWN_ALGORITHM")]),
        (
            {"seat_count": 0, "server_seed": b"", "nonce": -9},
            [("seat_count", "WRONG_SEAT_COUNT"), ("server_seed", "WRONG_LENGTH"), ("nonce", "OUT_OF_RANGE")],
        ),
    ],
)
def test_bad_inputs_are_named_at_their_field(changes: dict[str, object], violations: list[tuple[str, str]]) -> None:
    inputs: dict[str, object] = {"seat_count": 5, "server_seed": SEED, "client_seed": "", "nonce": 0, "algorithm": ""}
    inputs.update(changes)
    with pytest.raises(InvalidInput) as raised:
        fair_deal.deal(fair_deal.SAM_LOC, **inputs)  # type: ignore[arg-type]
    assert [(v.field, v.reason) for v in raised.value.violations] == violations


def test_the_limits_are_accepted() -> None:
    fair_deal.deal(fair_deal.SAM_LOC, 5, bytes(256), "x" * 256, 2**63 - 1)
    fair_deal.deal(fair_deal.LIENG, 6, bytes(32), "ắ" * 85 + "x", 0)


def test_the_deal_vectors_are_what_the_generator_writes() -> None:
    for name, text in deal_vectors.files().items():
        assert (deal_vectors.FOLDER / name).read_text(encoding="utf-8") == text, (
            f"tests/vectors/deal/{name} is stale: run .venv/bin/python -m tests.support.deal_vectors"
        )
