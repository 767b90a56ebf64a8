"""``cardrules``: the rules service from the command line.

    cardrules score AC AD AH                         Liêng scores
    cardrules compare "AC AD AH" "KS QS JS"          rank Liêng hands
    cardrules legal --hand "3S 3H 4D" --facing 4C    the Sâm moves of the seat to act
    cardrules settle round.json                      who pays whom at the end of a round
    cardrules replay hand.json --viewer seat:1       a hand history step by step, as seat 1 saw it

Every command takes ``--target`` (or ``$CARDRULES_TARGET``), ``--token`` (or ``$CARDRULES_TOKEN``), ``--tls``,
``--ca``, ``--cert``/``--key``, ``--timeout`` and ``--json``. Exit status: 0 answered; 1 the call failed (server
unreachable, credentials refused, deadline); 2 bad input, from the command line or as judged by the server.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

import grpc

from cardrules.client.auth import check_token
from cardrules.client.cli import history, inputs, output
from cardrules.client.cli.arguments import TOKEN_ENV, Settings, parse, settings
from cardrules.client.cli.messages import BadInput
from cardrules.client.client import LiengClient, SamLocClient, connect
from cardrules.client.errors import InvalidArgumentError, RulesError, UnauthenticatedError, UnavailableError
from cardrules.v1 import lieng_pb2, sam_loc_pb2

__all__ = ["START_A_SERVER", "main"]

OK, FAILED, BAD_INPUT = 0, 1, 2
# Said when nothing answers at the target: most often no server was started yet.
START_A_SERVER = "No server there? Start one from a clone of the repository: bash service/serve.sh (localhost:50051)."


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    args = parse(argv)  # exits 2 on bad usage (and 0 after --help or --version), with argparse's message
    if args.command is None:
        print("cardrules: name a command: score, compare, legal, settle or replay (cardrules --help)", file=err)
        return BAD_INPUT
    config = settings(args)
    try:
        answer = _run(args, config)
    except BadInput as error:
        print(f"cardrules: {error}", file=err)
        return BAD_INPUT
    except InvalidArgumentError as error:
        print(f"cardrules: the service refused the request: {error.message}", file=err)
        for violation in error.field_violations:
            print(f"  {violation.field}: {violation.description}", file=err)
        return BAD_INPUT
    except UnavailableError as error:
        print(f"cardrules: cannot reach the rules service at {config.target}: {error.message}", file=err)
        print(f"  {START_A_SERVER}", file=err)
        return FAILED
    except UnauthenticatedError:
        print(
            f"cardrules: {config.target} refused the credentials: give a valid token with --token or ${TOKEN_ENV}",
            file=err,
        )
        return FAILED
    except RulesError as error:
        print(f"cardrules: the call failed: {error}", file=err)
        return FAILED
    print(answer, file=out)
    return OK


def _channel(config: Settings) -> grpc.Channel:
    if config.timeout <= 0:
        raise BadInput(f"--timeout must be > 0 seconds, not {config.timeout:g}")
    if (config.cert is None) != (config.key is None):
        raise BadInput("--cert and --key go together")
    try:
        check_token(config.token)
    except ValueError as error:
        raise BadInput(f"bad token: {error}") from None
    try:
        roots = config.ca.read_bytes() if config.ca else None
        chain = config.cert.read_bytes() if config.cert else None
        key = config.key.read_bytes() if config.key else None
    except OSError as error:
        raise BadInput(f"cannot read {error.filename}: {error.strerror}") from None
    return connect(
        config.target,
        secure=config.tls,
        root_certificates=roots,
        certificate_chain=chain,
        private_key=key,
        token=config.token,
        default_timeout=None,
    )


Call = Callable[[grpc.Channel, Settings], str]


def _run(args: argparse.Namespace, config: Settings) -> str:
    """Build the request from the arguments (bad input fails here, before any call), then call and render."""
    call = _COMMANDS[args.command](args)
    with _channel(config) as channel:
        return call(channel, config)


def _score(args: argparse.Namespace) -> Call:
    hands = inputs.hands(args.cards, args.hand)
    rules = inputs.house_rules(args.house_rules, lieng_pb2.LiengHouseRules)

    def call(channel: grpc.Channel, config: Settings) -> str:
        response = LiengClient(channel, timeout=config.timeout).score_lieng(hands=hands, house_rules=rules)
        return output.as_json(response) if config.json else output.score_text(hands, response)

    return call


def _compare(args: argparse.Namespace) -> Call:
    hands = inputs.hands(args.cards, args.hand)
    rules = inputs.house_rules(args.house_rules, lieng_pb2.LiengHouseRules)

    def call(channel: grpc.Channel, config: Settings) -> str:
        response = LiengClient(channel, timeout=config.timeout).compare_hands(hands=hands, house_rules=rules)
        return output.as_json(response) if config.json else output.compare_text(hands, response)

    return call


def _legal(args: argparse.Namespace) -> Call:
    table = inputs.sam_state(
        hand=args.hand,
        facing=args.facing,
        others=args.others,
        owner=args.owner,
        passed=args.passed,
        declarer=args.declarer,
        state=args.state,
    )
    rules = inputs.house_rules(args.house_rules, sam_loc_pb2.SamHouseRules)

    def call(channel: grpc.Channel, config: Settings) -> str:
        client = SamLocClient(channel, timeout=config.timeout)
        response = client.legal_moves(state=table, all_card_sets=args.all or None, house_rules=rules)
        return output.as_json(response) if config.json else output.legal_text(response)

    return call


def _settle(args: argparse.Namespace) -> Call:
    record = inputs.round_record(args.record, args.game)

    def call(channel: grpc.Channel, config: Settings) -> str:
        if isinstance(record, sam_loc_pb2.SamRoundRecord):
            sam = SamLocClient(channel, timeout=config.timeout).settle_round(round=record)
            return output.as_json(sam) if config.json else output.sam_settlement_text(sam)
        lieng = LiengClient(channel, timeout=config.timeout).settle_round(round=record)
        return output.as_json(lieng) if config.json else output.lieng_settlement_text(lieng)

    return call


def _replay(args: argparse.Namespace) -> Call:
    record = inputs.round_record(args.record, args.game)
    viewer = inputs.viewer(args.viewer)

    def call(channel: grpc.Channel, config: Settings) -> str:
        if isinstance(record, sam_loc_pb2.SamRoundRecord):
            sam = SamLocClient(channel, timeout=config.timeout).replay_round(round=record, viewer=viewer)
            return output.as_json(sam) if config.json else history.sam_history_text(sam, record.stake)
        lieng = LiengClient(channel, timeout=config.timeout).replay_round(round=record, viewer=viewer)
        return output.as_json(lieng) if config.json else history.lieng_history_text(lieng)

    return call


_COMMANDS: dict[str, Callable[[argparse.Namespace], Call]] = {
    "score": _score,
    "compare": _compare,
    "legal": _legal,
    "settle": _settle,
    "replay": _replay,
}
