"""The CLI's vocabularies (cardrules.client.cli.words): every enum value and every documented ``Transfer.reason``
has words, so a value added to the contract or the rules fails here until it is given words; a reason or kind this
client does not know prints as itself, never a crash.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

import pytest
from google.protobuf.internal.enum_type_wrapper import EnumTypeWrapper

from cardrules.client.cli.output import lieng_settlement_text, sam_settlement_text
from cardrules.client.cli.words import (
    LIENG_POT_KINDS,
    LIENG_TRANSFER_REASONS,
    SAM_COMBINATIONS,
    SAM_INSTANT_WINS,
    SAM_OUTCOMES,
    SAM_TRANSFER_REASONS,
    kind_text,
    reason_text,
)
from cardrules.v1 import cards_pb2, lieng_pb2, sam_loc_pb2

REPO = Path(__file__).resolve().parents[2]


def _reasons_documented(doc: str) -> set[str]:
    """The first column of the ``Transfer.reason`` table in a rules document."""
    text = (REPO / doc).read_text(encoding="utf-8")
    table = text[text.index("| `Transfer.reason` |") :].split("\n\n", 1)[0]
    return set(re.findall(r"^\| `([A-Z_]+)` \|", table, flags=re.MULTILINE))


@pytest.mark.parametrize(
    ("enum", "table"),
    [
        (sam_loc_pb2.SamCombinationKind, SAM_COMBINATIONS),
        (sam_loc_pb2.SamInstantWinKind, SAM_INSTANT_WINS),
        (sam_loc_pb2.SamOutcome, SAM_OUTCOMES),
        (lieng_pb2.LiengPotKind, LIENG_POT_KINDS),
    ],
    ids=["SamCombinationKind", "SamInstantWinKind", "SamOutcome", "LiengPotKind"],
)
def test_every_enum_value_has_words(enum: EnumTypeWrapper, table: Mapping[int, str]) -> None:
    values = {number for name, number in enum.items() if not name.endswith("_UNSPECIFIED")}
    assert set(table) == values
    assert all(words and "_" not in words for words in table.values())


@pytest.mark.parametrize(
    ("doc", "table"),
    [("docs/rules/sam-loc.md", SAM_TRANSFER_REASONS), ("docs/rules/lieng.md", LIENG_TRANSFER_REASONS)],
)
def test_every_documented_transfer_reason_has_words(doc: str, table: Mapping[str, str]) -> None:
    documented = _reasons_documented(doc)
    assert len(documented) >= 2  # the table was found
    assert set(table) == documented
    assert all(words and "_" not in words for words in table.values())


def test_an_unknown_reason_or_kind_prints_as_itself() -> None:
    assert reason_text(SAM_TRANSFER_REASONS, "CARDS_LEFT") == "cards left (thua bài)"
    assert reason_text(SAM_TRANSFER_REASONS, "SOME_NEWER_REASON") == "SOME_NEWER_REASON"
    assert kind_text(SAM_OUTCOMES, 99) == "kind 99"


def test_a_settlement_from_a_newer_server_still_prints() -> None:
    sam = sam_loc_pb2.SamLocServiceSettleRoundResponse(
        outcome=99,  # type: ignore[arg-type]  # an outcome a newer contract adds
        winner=2,
        transfers=[cards_pb2.Transfer(from_seat=0, to_seat=2, amount=9000, reason="CARDS_LEFT")],
        nets=[-9000, 0, 9000],
    )
    text = sam_settlement_text(sam)
    assert text.splitlines()[0] == "Sâm Lốc round: kind 99, winner seat 2"
    assert "  seat 0 pays seat 2 9000 for cards left (thua bài)" in text
    lieng = lieng_pb2.LiengServiceSettleRoundResponse(
        transfers=[cards_pb2.Transfer(from_seat=1, to_seat=0, amount=50, reason="SIDE_BET", pot=0)],
        nets=[50, -50],
    )
    assert "  seat 1 pays seat 0 50 in pot 0 for SIDE_BET" in lieng_settlement_text(lieng)
