"""The settlement's vocabularies in words for people: English, with the Vietnamese term once in parentheses.

One table per vocabulary. Enum tables are keyed by value; the transfer-reason tables by the ``Transfer.reason``
string (docs/rules/sam-loc.md §9.7, docs/rules/lieng.md §3). A reason a newer server sends that is not listed here
prints as itself (``reason_text``), so an old client never fails on a new answer.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardrules.v1 import lieng_pb2, sam_loc_pb2

__all__ = [
    "LIENG_POT_KINDS",
    "LIENG_TRANSFER_REASONS",
    "SAM_COMBINATIONS",
    "SAM_INSTANT_WINS",
    "SAM_OUTCOMES",
    "SAM_TRANSFER_REASONS",
    "kind_text",
    "reason_text",
]

SAM_COMBINATIONS: Mapping[int, str] = {
    sam_loc_pb2.SAM_COMBINATION_KIND_SINGLE: "single (rác)",
    sam_loc_pb2.SAM_COMBINATION_KIND_PAIR: "pair (đôi)",
    sam_loc_pb2.SAM_COMBINATION_KIND_TRIPLE: "three of a kind (sám cô)",
    sam_loc_pb2.SAM_COMBINATION_KIND_QUAD: "four of a kind (tứ quý)",
    sam_loc_pb2.SAM_COMBINATION_KIND_STRAIGHT: "straight (sảnh)",
    sam_loc_pb2.SAM_COMBINATION_KIND_INVALID: "not a combination",
}

SAM_INSTANT_WINS: Mapping[int, str] = {
    sam_loc_pb2.SAM_INSTANT_WIN_KIND_DRAGON: "a ten-card straight (sảnh rồng)",
    sam_loc_pb2.SAM_INSTANT_WIN_KIND_FOUR_TWOS: "four 2s (tứ quý 2)",
    sam_loc_pb2.SAM_INSTANT_WIN_KIND_THREE_TRIPLES: "three triples (3 sám cô)",
    sam_loc_pb2.SAM_INSTANT_WIN_KIND_FIVE_PAIRS: "five pairs (5 đôi)",
    sam_loc_pb2.SAM_INSTANT_WIN_KIND_SAME_COLOR: "ten cards of one colour (đồng màu)",
}

SAM_OUTCOMES: Mapping[int, str] = {
    sam_loc_pb2.SAM_OUTCOME_INSTANT_WIN: "an instant win at the deal (tới trắng)",
    sam_loc_pb2.SAM_OUTCOME_SAM_WON: "the Sâm is made (về Sâm)",
    sam_loc_pb2.SAM_OUTCOME_SAM_BLOCKED: "the Sâm is blocked (chặn Sâm)",
    sam_loc_pb2.SAM_OUTCOME_SAM_FAILED_STUCK: "the declarer is stuck: the Sâm fails",
    sam_loc_pb2.SAM_OUTCOME_FINISHED_ON_TWO: "the winner went out on a 2 (về bằng heo)",
    sam_loc_pb2.SAM_OUTCOME_BAO_MOT_PENALTY: "a báo 1 violator pays for everyone (đền làng)",
    sam_loc_pb2.SAM_OUTCOME_NORMAL: "a normal finish (về)",
}

SAM_TRANSFER_REASONS: Mapping[str, str] = {
    "INSTANT_WIN": "an instant win (tới trắng)",
    "SAM_WON": "the Sâm made (về Sâm)",
    "SAM_BLOCKED": "a blocked Sâm (chặn Sâm)",
    "SAM_FAILED_STUCK": "a failed Sâm: the declarer was stuck",
    "FINISHED_ON_TWO": "going out on a 2 (về bằng heo)",
    "BAO_MOT_PENALTY": "everyone's cards left (đền làng, báo 1)",
    "CARDS_LEFT": "cards left (thua bài)",
    "CONG": "playing no card (cóng)",
    "THOI_TWO": "being caught with 2s (thối heo)",
    "THOI_TWO_PER_CARD": "the 2s caught, per 2 (thối heo)",
    "CHOP": "being chopped (chặt)",
}

LIENG_POT_KINDS: Mapping[int, str] = {
    lieng_pb2.LIENG_POT_KIND_SHOWDOWN: "won at the showdown (so bài)",
    lieng_pb2.LIENG_POT_KIND_UNCONTESTED: "uncontested: back to its only seat",
    lieng_pb2.LIENG_POT_KIND_REFUNDED: "refunded to the seats that paid in",
}

LIENG_TRANSFER_REASONS: Mapping[str, str] = {
    "POT_WIN": "losing it at the showdown (so bài)",
    "UNCONTESTED_POT": "folding (úp bài)",
}


def reason_text(reasons: Mapping[str, str], reason: str) -> str:
    """``reason`` in words, or as itself when this client does not know it yet."""
    return reasons.get(reason, reason)


def kind_text(kinds: Mapping[int, str], value: int) -> str:
    """An enum value in words; a value this client does not know yet prints as its number."""
    return kinds.get(value, f"kind {value}")
