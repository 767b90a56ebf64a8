"""The seeded, verifiable deal ``cardrules-deal-v1`` (docs/fair-deal.md): the one place the service shuffles.

HMAC-SHA256 keyed with the backend's secret ``server_seed`` over the public inputs (game, seat count, nonce,
client seed) and a block counter is a deterministic random byte stream; Fisher–Yates draws from it with rejection
sampling, so no draw is biased; the shuffled deck is dealt seat by seat. The same inputs give the same deal on every
server and in every SDK's local ``deal_from``: once the backend reveals the seed, anyone can recompute the deal and
check it against the ``commitment`` (SHA-256 of the seed) it published before the deal.

The byte layout is the algorithm's version: any change to it, however small, is a new algorithm name, and every
name ever released stays dealable (``ALGORITHMS``) so old hands stay verifiable.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from cardrules.core.cards import CARDS, FACE_VALUES, Card
from cardrules.core.errors import ErrorReason, FieldViolation, InvalidInput
from cardrules.core.lieng import limits as lieng_limits
from cardrules.core.lieng.house_rules import MIN_SEATS as LIENG_MIN_SEATS
from cardrules.core.sam import limits as sam_limits

__all__ = [
    "ALGORITHM",
    "ALGORITHMS",
    "LIENG",
    "MAX_CLIENT_SEED_BYTES",
    "MAX_NONCE",
    "MAX_SERVER_SEED_BYTES",
    "MIN_SERVER_SEED_BYTES",
    "SAM_LOC",
    "Deal",
    "DealGame",
    "commitment",
    "deal",
    "shuffled_deck",
]

ALGORITHM = "cardrules-deal-v1"
"""The newest algorithm: what an empty ``algorithm`` means."""
ALGORITHMS = (ALGORITHM,)
"""Every algorithm this service deals with, newest first."""

MIN_SERVER_SEED_BYTES = 32
"""A server seed carries at least 256 bits: as much as the HMAC-SHA256 key can use, beyond any search."""
MAX_SERVER_SEED_BYTES = 256
"""Longer seeds add nothing (HMAC hashes a key over 64 bytes down to 32) and only cost the request bytes."""
MAX_CLIENT_SEED_BYTES = 256
"""Room for the players' contributions hashed together (64 hex digits) or a short text, in UTF-8."""
MAX_NONCE = 2**63 - 1
"""The hand number is a proto int64 that is never negative."""


@dataclass(frozen=True, slots=True)
class DealGame:
    """What a game's deal takes: the ``name`` that goes into the random bytes, cards per seat, the seat range."""

    name: str
    hand_size: int
    min_seats: int
    max_seats: int


SAM_LOC = DealGame("sam_loc", sam_limits.HAND_SIZE, 2, sam_limits.MAX_SEATS)
LIENG = DealGame("lieng", lieng_limits.HAND_SIZE, LIENG_MIN_SEATS, lieng_limits.MAX_SEATS)


class Deal(NamedTuple):
    """One deal: each seat's hand in seat order and in the order dealt, the undealt cards in shuffled order, the
    SHA-256 of the server seed, and the algorithm that dealt."""

    hands: tuple[tuple[Card, ...], ...]
    undealt: tuple[Card, ...]
    commitment: bytes
    algorithm: str


_SUITS = (0, 1, 2, 3)  # ♠ ♣ ♦ ♥: the core's suit numbers, in the unshuffled deck's order
_RANK_OF_FACE = {face: rank for rank, face in enumerate(FACE_VALUES)}
DECK: tuple[Card, ...] = tuple(CARDS[_RANK_OF_FACE[face] * 4 + suit] for suit in _SUITS for face in range(1, 14))
"""The unshuffled deck: AS 2S … KS AC … KC AD … KD AH … KH (suit by suit, each from ace to king)."""


def commitment(server_seed: bytes) -> bytes:
    """SHA-256 of the server seed: published before the deal, checked against the seed revealed after it."""
    return hashlib.sha256(server_seed).digest()


def deal(
    game: DealGame, seat_count: int, server_seed: bytes, client_seed: str, nonce: int, algorithm: str = ""
) -> Deal:
    """The deal of these inputs; :class:`InvalidInput` names each input out of its range."""
    client = _checked(game, seat_count, server_seed, client_seed, nonce, algorithm)
    deck = _shuffled(game, seat_count, server_seed, client, nonce)
    size = game.hand_size
    hands = tuple(tuple(deck[seat * size : seat * size + size]) for seat in range(seat_count))
    return Deal(hands, tuple(deck[seat_count * size :]), commitment(server_seed), ALGORITHM)


def shuffled_deck(game: DealGame, seat_count: int, server_seed: bytes, client_seed: str, nonce: int) -> list[Card]:
    """The whole shuffled deck the deal is cut from (for statistics and for the docs' worked example)."""
    client = _checked(game, seat_count, server_seed, client_seed, nonce, "")
    return _shuffled(game, seat_count, server_seed, client, nonce)


def _checked(
    game: DealGame, seat_count: int, server_seed: bytes, client_seed: str, nonce: int, algorithm: str
) -> bytes:
    """The client seed's UTF-8 bytes, once every input is in its range (every fault is named)."""
    faults: list[FieldViolation] = []
    if not game.min_seats <= seat_count <= game.max_seats:
        faults.append(
            FieldViolation(
                "seat_count",
                ErrorReason.WRONG_SEAT_COUNT,
                f"{game.min_seats} to {game.max_seats} seats, got {seat_count}",
            )
        )
    if not MIN_SERVER_SEED_BYTES <= len(server_seed) <= MAX_SERVER_SEED_BYTES:
        faults.append(
            FieldViolation(
                "server_seed",
                ErrorReason.WRONG_LENGTH,
                f"{MIN_SERVER_SEED_BYTES} to {MAX_SERVER_SEED_BYTES} random bytes, got {len(server_seed)}",
            )
        )
    try:
        client = client_seed.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no protobuf string holds one, but a Python caller might
        faults.append(FieldViolation("client_seed", ErrorReason.INVALID_VALUE, "text that UTF-8 cannot encode"))
        client = b""
    if len(client) > MAX_CLIENT_SEED_BYTES:
        faults.append(
            FieldViolation(
                "client_seed",
                ErrorReason.WRONG_LENGTH,
                f"at most {MAX_CLIENT_SEED_BYTES} bytes once encoded in UTF-8, got {len(client)}",
            )
        )
    if not 0 <= nonce <= MAX_NONCE:
        faults.append(FieldViolation("nonce", ErrorReason.OUT_OF_RANGE, f"0 to 2^63 - 1, got {nonce}"))
    if algorithm and algorithm not in ALGORITHMS:
        shown = algorithm if len(algorithm) <= 40 else algorithm[:39] + "…"
        faults.append(
            FieldViolation(
                "algorithm",
                ErrorReason.UNKNOWN_ALGORITHM,
                f"{shown!r} is not an algorithm of this server: leave it empty or give {', '.join(ALGORITHMS)}",
            )
        )
    if faults:
        raise InvalidInput(*faults)
    return client


def _shuffled(game: DealGame, seat_count: int, server_seed: bytes, client_seed: bytes, nonce: int) -> list[Card]:
    """Fisher–Yates (Durstenfeld) over the unshuffled deck, each swap index drawn from the stream."""
    stream = random_bytes(game.name, seat_count, server_seed, client_seed, nonce)
    deck = list(DECK)
    for i in range(len(deck) - 1, 0, -1):
        j = uniform(stream, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def message_prefix(game: str, seat_count: int, client_seed: bytes, nonce: int) -> bytes:
    """Everything the HMAC signs but the block counter, in the spec's byte order."""
    return b"".join(
        (
            ALGORITHM.encode("ascii"),
            b"\x00",
            game.encode("ascii"),
            b"\x00",
            seat_count.to_bytes(4, "big"),
            nonce.to_bytes(8, "big"),
            len(client_seed).to_bytes(4, "big"),
            client_seed,
        )
    )


def random_bytes(game: str, seat_count: int, server_seed: bytes, client_seed: bytes, nonce: int) -> Iterator[int]:
    """The random byte stream: block(0) ‖ block(1) ‖ …, block(c) = HMAC-SHA256(server_seed, prefix ‖ c)."""
    prefix = message_prefix(game, seat_count, client_seed, nonce)
    counter = 0
    while True:
        yield from hmac.digest(server_seed, prefix + counter.to_bytes(8, "big"), "sha256")
        counter += 1


def uniform(stream: Iterator[int], n: int) -> int:
    """A uniform integer in [0, n), 1 ≤ n ≤ 256: bytes at or above the largest multiple of n are drawn again,
    so every result is equally likely (``byte % n`` alone favours the small results)."""
    limit = 256 - 256 % n
    for byte in stream:
        if byte < limit:
            return byte % n
    raise AssertionError("the random byte stream never ends")  # pragma: no cover
