"""The command line's grammar: five commands and the connection options every command takes.

The connection and output options are accepted before or after the command (``cardrules --json score …`` and
``cardrules score … --json``): each subparser repeats them with ``SUPPRESS`` defaults, so a value given in either
place survives, and ``settings()`` fills in the defaults afterwards.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

__all__ = ["DEFAULT_TARGET", "DEFAULT_TIMEOUT", "TARGET_ENV", "TOKEN_ENV", "Settings", "parse", "parser", "settings"]

TARGET_ENV = "CARDRULES_TARGET"
TOKEN_ENV = "CARDRULES_TOKEN"
DEFAULT_TARGET = "localhost:50051"
# One call per run, including the connection's set-up: more generous than the SDK's 2 s per call.
DEFAULT_TIMEOUT = 10.0


@dataclass(frozen=True)
class Settings:
    """Where and how to call, resolved from flags, then the environment, then the defaults."""

    target: str
    token: str | None
    tls: bool
    ca: Path | None
    cert: Path | None
    key: Path | None
    timeout: float
    json: bool


def _connection_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("connection and output (before or after the command)")
    suppress = argparse.SUPPRESS
    group.add_argument(
        "--target",
        default=suppress,
        metavar="HOST:PORT",
        help=f"the rules service (default: ${TARGET_ENV}, else {DEFAULT_TARGET})",
    )
    group.add_argument(
        "--token", default=suppress, help=f"bearer token sent with the call (default: ${TOKEN_ENV}, if set)"
    )
    group.add_argument("--tls", action="store_true", default=suppress, help="TLS with the system's root certificates")
    group.add_argument("--ca", type=Path, default=suppress, metavar="PEM", help="TLS trusting this CA certificate")
    group.add_argument(
        "--cert", type=Path, default=suppress, metavar="PEM", help="client certificate for mutual TLS (with --key)"
    )
    group.add_argument("--key", type=Path, default=suppress, metavar="PEM", help="private key of --cert")
    group.add_argument(
        "--timeout",
        type=float,
        default=suppress,
        metavar="SECONDS",
        help=f"deadline of the call (default: {DEFAULT_TIMEOUT:g})",
    )
    group.add_argument(
        "--json", action="store_true", default=suppress, help="print the response as proto3 JSON instead of text"
    )


def _house_rules_option(parser: argparse.ArgumentParser, message: str) -> None:
    parser.add_argument(
        "--house-rules",
        metavar="JSON",
        help=f"{message} as proto3 JSON, inline ('{{\"fee_bps\": 100}}') or a file path",
    )


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser(
        prog="cardrules",
        description="Ask a cardrules rules service (Sâm Lốc, Liêng) from the command line.",
        epilog=(
            'Cards: a rank (A 2-9 T/10 J Q K) and a suit (S C D H or ♠ ♣ ♦ ♥), any case: "AS", "10h", "Q♦". '
            "Exit status: 0 answered, 1 the server could not be reached or failed, 2 bad input."
        ),
    )
    main.add_argument("--version", action="version", version=f"cardrules {_version()}")
    _connection_options(main)
    commands = main.add_subparsers(dest="command", metavar="COMMAND")

    score = commands.add_parser(
        "score",
        help="score Liêng hands (ScoreLieng)",
        description="Score Liêng hands. HAND… is one hand as separate cards (AC AD AH) or one or more quoted "
        'hands ("AC AD AH" "KS QS JS").',
    )
    _hands_arguments(score)
    _house_rules_option(score, "LiengHouseRules")
    _connection_options(score)

    compare = commands.add_parser(
        "compare",
        help="rank 2 to 17 Liêng hands, ties explicit (CompareHands)",
        description='Rank Liêng hands, best first: cardrules compare "AC AD AH" "KS QS JS".',
    )
    _hands_arguments(compare)
    _house_rules_option(compare, "LiengHouseRules")
    _connection_options(compare)

    legal = commands.add_parser(
        "legal",
        help="the legal Sâm Lốc moves of the seat to act (LegalMoves)",
        description="The legal Sâm Lốc moves of the seat to act. You are seat 0; the other seats follow in play "
        "order. Either describe the table with --hand and the options after it, or give a whole SamTableState "
        "with --state.",
    )
    legal.add_argument("--hand", metavar="CARDS", help='your cards, e.g. "3S 3H 4D 9C"')
    legal.add_argument("--facing", metavar="CARDS", help="the combination on the table to beat (omit when you lead)")
    legal.add_argument(
        "--others",
        default="10",
        metavar="COUNTS",
        help="how many cards each other seat holds, in play order after you, e.g. 10,7,1 (default: 10)",
    )
    legal.add_argument(
        "--owner", type=int, metavar="SEAT", help="the seat that played --facing (default: the seat before you)"
    )
    legal.add_argument("--passed", default="", metavar="SEATS", help="seats that passed in this trick, e.g. 1,2")
    legal.add_argument("--declarer", type=int, metavar="SEAT", help="the seat that declared Sâm (báo Sâm), if any")
    legal.add_argument(
        "--state", metavar="JSON", help="a SamTableState as proto3 JSON (inline, a file or -), instead of --hand …"
    )
    legal.add_argument("--all", action="store_true", help="every concrete card set, not one per rank pattern")
    _house_rules_option(legal, "SamHouseRules")
    _connection_options(legal)

    settle = commands.add_parser(
        "settle",
        help="settle a Sâm Lốc or Liêng round record (SettleRound)",
        description="Replay a round record and print who pays whom. The record is proto3 JSON (a SamRoundRecord "
        'or a LiengRoundRecord, or a SettleRound request {"round": …}); cards may be written as text, '
        '"hands": ["AC AD AH", "KS QS JS"]. The game is detected from the fields, or named with --game.',
    )
    settle.add_argument("record", metavar="ROUND_JSON", help="file with the round record, or - for standard input")
    settle.add_argument("--game", choices=["sam", "lieng"], help="the record's game, when it cannot be told apart")
    _connection_options(settle)

    replay = commands.add_parser(
        "replay",
        help="step through a hand history: every action, its events, the settlement (ReplayRound)",
        description="Replay a hand-history file (docs/hand-history.md) or a round record and print the hand step by "
        "step as one viewer sees it: the deal, each action with what a timeout resolved to and the events it "
        "caused, then the settlement, or where the record stops being legal.",
    )
    replay.add_argument("record", metavar="FILE", help="the hand-history file or round record, or - for standard input")
    replay.add_argument(
        "--viewer",
        default="audit",
        metavar="seat:N|spectator|audit",
        help="whom to show the hand to: a seat (its own cards only), a spectator (no hand) or the audit view "
        "(every card; the default)",
    )
    replay.add_argument("--game", choices=["sam", "lieng"], help="the record's game, when it cannot be told apart")
    _connection_options(replay)
    return main


def _version() -> str:
    try:
        return metadata.version("cardrules-client")
    except metadata.PackageNotFoundError:  # run from a source tree without installing
        return "(not installed)"


def _hands_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cards", nargs="*", metavar="HAND", help="a hand's cards, or quoted hands")
    parser.add_argument(
        "--hand", action="append", default=[], metavar="CARDS", help='one more hand, e.g. --hand "KS QS JS"'
    )


def settings(args: argparse.Namespace, environ: Mapping[str, str] | None = None) -> Settings:
    env = os.environ if environ is None else environ
    return Settings(
        target=getattr(args, "target", None) or env.get(TARGET_ENV) or DEFAULT_TARGET,
        token=getattr(args, "token", None) or env.get(TOKEN_ENV) or None,
        tls=getattr(args, "tls", False),
        ca=getattr(args, "ca", None),
        cert=getattr(args, "cert", None),
        key=getattr(args, "key", None),
        timeout=getattr(args, "timeout", DEFAULT_TIMEOUT),
        json=getattr(args, "json", False),
    )


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    return parser().parse_args(argv)
