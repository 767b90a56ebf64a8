"""The Sâm speed path that pays for itself: LegalMoves answers joined from cached serialized moves.

LegalMoves answers list the same few hundred plays over and over (every single, pair, triple and four of a kind,
and the common straights), and building each move's message field by field costs more than the rules that
found it. So each move's answer element (the response's ``moves`` entry holding the play's SamCombination, built
by :func:`.responses.moves_to_proto`, the plain builder, and serialized) is kept in a bounded dict, oldest entry
dropped first. Its key is the combination's cards and key: they determine the combination (kind and length follow
from the cards) and hash in C, unlike the combination itself. An answer is its entries joined and parsed in one C
call: serialized messages concatenate to their merge, and merging appends repeated fields. Nothing here writes
protobuf bytes by hand; the fields it sets itself are :data:`WRITTEN`, and tests/api/test_wire.py checks from the
descriptor that they and the cached ``moves`` are every field of the response.
"""

from __future__ import annotations

from cardrules.api.sam.responses import moves_to_proto
from cardrules.core import sam
from cardrules.v1 import sam_loc_pb2

Response = sam_loc_pb2.SamLocServiceLegalMovesResponse

CACHED = "moves"
WRITTEN = frozenset({"seat"})
MOVE_CACHE_SIZE = 20_000

_MOVE_BYTES: dict[tuple[tuple[int, ...], int], bytes] = {}
_PASS_BYTES = moves_to_proto(sam.LegalMoves(None, True, ())).SerializeToString()


def legal_moves_response(moves: sam.LegalMoves) -> sam_loc_pb2.SamLocServiceLegalMovesResponse:
    """The same message as :func:`.responses.moves_to_proto`."""
    found = list(map(_MOVE_BYTES.get, [(c.cards, c.key) for c in moves.combinations]))
    if None in found:
        for i, data in enumerate(found):
            if data is None:
                found[i] = _move_bytes(moves.combinations[i])
    if moves.can_pass:
        found.append(_PASS_BYTES)
    out = Response.FromString(b"".join(found))  # type: ignore[arg-type]  # no None left
    if moves.seat is not None:
        out.seat = moves.seat
    return out


def _move_bytes(combination: sam.Combination) -> bytes:
    data = moves_to_proto(sam.LegalMoves(None, False, (combination,))).SerializeToString()
    if len(_MOVE_BYTES) >= MOVE_CACHE_SIZE:
        del _MOVE_BYTES[next(iter(_MOVE_BYTES))]
    _MOVE_BYTES[combination.cards, combination.key] = data
    return data
