"""Check a deal yourself: the seeded deal ``cardrules-deal-v1`` computed locally, with no server call.

A backend deals with ``SamLocClient.deal`` / ``LiengClient.deal`` and publishes the ``commitment`` (SHA-256 of its
secret server seed) before the hand; once the hand is over it reveals the seed, and anyone recomputes the deal::

    from cardrules.client import deal_from, verify_deal

    dealt = deal_from("sam_loc", server_seed, client_seed="anh+binh+chi", nonce=7, seat_count=4)
    dealt.hands[0]                                  # ('JD', 'AC', '7H', …): seat 0's cards in the order dealt
    verify_deal("sam_loc", server_seed, "anh+binh+chi", 7, hands, commitment=published)   # True or False

The algorithm is written out in docs/fair-deal.md; this module follows it on its own (it shares no code with the
server), and the conformance runner checks it against every Deal vector.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from cardrules.client.cards import CardsLike, card_text, cards

__all__ = [
    "ALGORITHM",
    "GAMES",
    "LIENG",
    "SAM_LOC",
    "LocalDeal",
    "commitment_of",
    "deal_from",
    "verify_commitment",
    "verify_deal",
]

ALGORITHM = "cardrules-deal-v1"
SAM_LOC = "sam_loc"
LIENG = "lieng"


@dataclass(frozen=True)
class _Game:
    hand_size: int
    min_seats: int
    max_seats: int


GAMES = {SAM_LOC: _Game(10, 2, 5), LIENG: _Game(3, 2, 6)}
"""Each game's name (what ``deal_from`` takes, and what goes into the random bytes) → its deal: cards a seat and
seat range. ``SamLocService.Deal`` is ``sam_loc``, ``LiengService.Deal`` is ``lieng``."""

_MIN_SERVER_SEED, _MAX_SERVER_SEED, _MAX_CLIENT_SEED = 32, 256, 256
_MAX_NONCE = 2**63 - 1
# The unshuffled deck: suits ♠ ♣ ♦ ♥ in turn, each from ace to king, as card text.
_DECK = tuple(rank + suit for suit in "SCDH" for rank in "A23456789TJQK")


@dataclass(frozen=True)
class LocalDeal:
    """A deal computed locally: what ``Deal`` answers for the same inputs.

    - ``hands``: each seat's cards as card text (``"TD"``), in seat order and in the order dealt;
    - ``undealt``: the cards nobody was dealt, in shuffled order;
    - ``commitment``: SHA-256 of the server seed (32 bytes);
    - ``algorithm``: ``cardrules-deal-v1``.
    """

    hands: tuple[tuple[str, ...], ...]
    undealt: tuple[str, ...]
    commitment: bytes
    algorithm: str


def commitment_of(server_seed: bytes) -> bytes:
    """SHA-256 of the server seed: what a backend publishes before the deal."""
    return hashlib.sha256(server_seed).digest()


def verify_commitment(server_seed: bytes, commitment: bytes) -> bool:
    """Whether the revealed seed is the one committed to (compared in constant time)."""
    return hmac.compare_digest(commitment_of(server_seed), commitment)


def deal_from(
    game: str, server_seed: bytes, client_seed: str, nonce: int, seat_count: int, algorithm: str = ALGORITHM
) -> LocalDeal:
    """The deal these inputs give (``game`` is ``"sam_loc"`` or ``"lieng"``); :class:`ValueError` for inputs the
    service refuses too (a seat count out of the game's range, a server seed not 32 to 256 bytes, a client seed over
    256 UTF-8 bytes, a nonce outside 0 … 2^63 − 1, an algorithm other than ``cardrules-deal-v1``)."""
    rules = _game(game)
    client = _checked(rules, server_seed, client_seed, nonce, seat_count, algorithm)
    deck = list(_DECK)
    stream = _stream(server_seed, _message(game, seat_count, nonce, client))
    for i in range(len(deck) - 1, 0, -1):
        j = _uniform(stream, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    size = rules.hand_size
    hands = tuple(tuple(deck[k * size : (k + 1) * size]) for k in range(seat_count))
    return LocalDeal(hands, tuple(deck[seat_count * size :]), commitment_of(server_seed), ALGORITHM)


def verify_deal(
    game: str,
    server_seed: bytes,
    client_seed: str,
    nonce: int,
    hands: Sequence[CardsLike],
    *,
    commitment: bytes | None = None,
    algorithm: str = ALGORITHM,
) -> bool:
    """Whether ``hands`` (one per seat, in seat order: card text, ``Cards`` messages or lists of cards) are the
    deal of these inputs, and, when ``commitment`` is given, whether the seed is the one committed to.

    Each hand is compared as a set of cards, so a hand sorted since the deal (StartHand sorts them) still verifies;
    the seat count is ``len(hands)``. A hand's card text that does not parse raises ``CardTextError``; inputs no
    deal can have raise :class:`ValueError`, as :func:`deal_from` does.
    """
    dealt = deal_from(game, server_seed, client_seed, nonce, len(hands), algorithm)
    given = [sorted(card_text(c) for c in cards(hand)) for hand in hands]
    same_hands = given == [sorted(hand) for hand in dealt.hands]
    same_seed = commitment is None or hmac.compare_digest(dealt.commitment, commitment)
    return same_hands and same_seed


def _game(game: str) -> _Game:
    rules = GAMES.get(game)
    if rules is None:
        raise ValueError(f"game must be one of {', '.join(map(repr, GAMES))}, not {game!r}")
    return rules


def _checked(rules: _Game, server_seed: bytes, client_seed: str, nonce: int, seat_count: int, algorithm: str) -> bytes:
    if algorithm != ALGORITHM:
        raise ValueError(f"algorithm must be {ALGORITHM!r}, not {algorithm!r}")
    if not rules.min_seats <= seat_count <= rules.max_seats:
        raise ValueError(f"seat_count must be {rules.min_seats} to {rules.max_seats}, not {seat_count}")
    if not _MIN_SERVER_SEED <= len(server_seed) <= _MAX_SERVER_SEED:
        raise ValueError(f"server_seed must be {_MIN_SERVER_SEED} to {_MAX_SERVER_SEED} bytes, not {len(server_seed)}")
    client = client_seed.encode("utf-8")
    if len(client) > _MAX_CLIENT_SEED:
        raise ValueError(f"client_seed must be at most {_MAX_CLIENT_SEED} bytes in UTF-8, not {len(client)}")
    if not 0 <= nonce <= _MAX_NONCE:
        raise ValueError(f"nonce must be 0 to 2^63 - 1, not {nonce}")
    return client


def _message(game: str, seat_count: int, nonce: int, client: bytes) -> bytes:
    """What the HMAC signs, but the block counter: name, game, seat count, nonce, client seed with its length."""
    return (
        ALGORITHM.encode("ascii")
        + b"\0"
        + game.encode("ascii")
        + b"\0"
        + seat_count.to_bytes(4, "big")
        + nonce.to_bytes(8, "big")
        + len(client).to_bytes(4, "big")
        + client
    )


def _stream(key: bytes, message: bytes) -> Iterator[int]:
    """HMAC-SHA256(key, message ‖ counter) for counter 0, 1, 2 …, one byte at a time."""
    counter = 0
    while True:
        yield from hmac.new(key, message + counter.to_bytes(8, "big"), hashlib.sha256).digest()
        counter += 1


def _uniform(stream: Iterator[int], n: int) -> int:
    """A uniform integer in [0, n): a byte at or above the largest multiple of n is discarded, the next one read."""
    limit = 256 - 256 % n
    return next(byte % n for byte in stream if byte < limit)
