"""The command line's answers as text for people (``--json`` prints the response itself instead).

Cards print canonically (``TD``), seats by their index in play order (``seat 0`` is the first), labels in English
with the Vietnamese in parentheses, and every enum value and transfer reason in words (``pair (đôi)``, ``seat 0 pays
seat 2 9000 for cards left (thua bài)``): the tables are in ``words``, and a reason a newer server sends that they do
not list prints as itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from google.protobuf import json_format
from google.protobuf.message import Message

from cardrules.client.cards import cards_text
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

__all__ = ["as_json", "compare_text", "legal_text", "lieng_settlement_text", "sam_settlement_text", "score_text"]


def as_json(response: Message) -> str:
    """Proto3 JSON with every field present (``"points": 0`` too), so scripts can rely on the keys."""
    return json_format.MessageToJson(response, indent=2, ensure_ascii=False, always_print_fields_with_no_presence=True)


def _label(score: lieng_pb2.LiengScore) -> str:
    return f"{score.label.en} ({score.label.vi})"


def _column(hands: Sequence[cards_pb2.Cards]) -> list[str]:
    texts = [cards_text(hand) for hand in hands]
    width = max(len(text) for text in texts)
    return [text.ljust(width) for text in texts]


def score_text(hands: Sequence[cards_pb2.Cards], response: lieng_pb2.ScoreLiengResponse) -> str:
    """One line per hand, in the order given: ``AC AD AH  Trips A (Sáp A)``."""
    return "\n".join(f"{text}  {_label(score)}" for text, score in zip(_column(hands), response.scores, strict=True))


def compare_text(hands: Sequence[cards_pb2.Cards], response: lieng_pb2.CompareHandsResponse) -> str:
    """Best first, one line per hand: its place (``2=`` when tied), its cards and its score."""
    texts = _column(hands)
    lines = []
    for place, group in enumerate(response.ranking, start=1):
        mark = f"{place}=" if len(group.hands) > 1 else f"{place} "
        for index in group.hands:
            lines.append(f"{mark} {texts[index]}  {_label(response.scores[index])}")
    return "\n".join(lines)


def legal_text(response: sam_loc_pb2.SamLocServiceLegalMovesResponse) -> str:
    """``seat 0 to act, …`` then one move per line: ``play 3S 3H  pair (đôi)`` or ``pass``."""
    if not response.HasField("seat"):
        return "the hand is over: nobody is to act"
    count = len(response.moves)
    lines = [f"seat {response.seat} to act, {count} legal move{'' if count == 1 else 's'}:"]
    plays = [move.play for move in response.moves if move.HasField("play")]
    width = max((len(cards_text(play.cards)) for play in plays), default=0)
    for move in response.moves:
        if move.HasField("play"):
            kind = kind_text(SAM_COMBINATIONS, move.play.kind)
            lines.append(f"  play {cards_text(move.play.cards).ljust(width)}  {kind}")
        else:
            lines.append("  pass")
    return "\n".join(lines)


def _settlement(
    transfers: Sequence[cards_pb2.Transfer], reasons: Mapping[str, str], nets: Sequence[int], fee: int
) -> list[str]:
    lines = ["transfers:" if transfers else "transfers: none"]
    for transfer in transfers:
        pot = f" in pot {transfer.pot}" if transfer.HasField("pot") else ""
        lines.append(
            f"  seat {transfer.from_seat} pays seat {transfer.to_seat} {transfer.amount}{pot}"
            f" for {reason_text(reasons, transfer.reason)}"
        )
    lines.append("nets: " + ", ".join(f"seat {seat} {net:+d}" for seat, net in enumerate(nets)))
    lines.append(f"fee: {fee}")
    return lines


def sam_settlement_text(response: sam_loc_pb2.SamLocServiceSettleRoundResponse) -> str:
    """``Sâm Lốc round: a normal finish (về), winner seat 2``, then the transfers, nets and fee."""
    head = f"Sâm Lốc round: {kind_text(SAM_OUTCOMES, response.outcome)}"
    if response.instant_win != sam_loc_pb2.SAM_INSTANT_WIN_KIND_UNSPECIFIED:
        head += f" with {kind_text(SAM_INSTANT_WINS, response.instant_win)}"
    head += f", winner seat {response.winner}" if response.HasField("winner") else ", no winner"
    return "\n".join([head, *_settlement(response.transfers, SAM_TRANSFER_REASONS, response.nets, response.fee)])


def lieng_settlement_text(response: lieng_pb2.LiengServiceSettleRoundResponse) -> str:
    count = len(response.pots)
    head = f"Liêng round: {count} pot{'' if count == 1 else 's'}"
    if response.HasField("fold_out_winner"):
        head += f", everyone else folded: seat {response.fold_out_winner} wins unseen"
    lines = [head]
    for shown in response.shown:
        lines.append(f"  seat {shown.seat} shows {_label(shown.score)}")
    for index, pot in enumerate(response.pots):
        kind = kind_text(LIENG_POT_KINDS, pot.kind)
        winners = ", ".join(f"seat {seat} {share}" for seat, share in zip(pot.winners, pot.shares, strict=True))
        eligible = " ".join(str(seat) for seat in pot.eligible)
        lines.append(f"  pot {index}: {pot.amount}, seats {eligible} eligible, {kind} → {winners}")
    return "\n".join(lines + _settlement(response.transfers, LIENG_TRANSFER_REASONS, response.nets, response.fee))
