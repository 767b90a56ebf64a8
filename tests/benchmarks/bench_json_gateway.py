"""The JSON gateway's cost (a script, not a pytest test): .venv/bin/python tests/benchmarks/bench_json_gateway.py

Every request of bench_worst_case.py that JSON can carry (not the ones padded with unknown protobuf fields), sent
as JSON through ``cardrules.gateway.v1.JsonGatewayService/Call`` the way Envoy sends it, next to the same request
as protobuf to the rules method itself; plus JSON-only cases: the 1,000 random hands as card text ("AC AD AH"), and
refusals of bodies up to what Envoy lets through (255 KiB): a misspelt key in every card, a bad value in every card,
one misspelt key after 999 good hands (1,000 hands each), 20,000 empty hands, 1,000 hands of bad card text. Per
call: the server's CPU (user + system of its processes, from /proc) and the handler's share (its metric), over calls
sent one at a time with nothing else measured. Target: 20 ms.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import grpc
from google.api import httpbody_pb2
from google.protobuf import json_format
from google.protobuf.message_factory import GetMessageClass

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT))  # for tests.* when run as a script from anywhere

from cardrules.api.games import registered_games  # noqa: E402
from cardrules.api.lieng.game import LIENG  # noqa: E402
from cardrules.api.registry import GATEWAY  # noqa: E402
from cardrules.gateway.v1 import json_gateway_pb2  # noqa: E402
from cardrules.v1 import cards_pb2, lieng_pb2  # noqa: E402
from tests.benchmarks import bench_worst_case as worst  # noqa: E402
from tests.benchmarks.bench_rpc import handler_cpu, server_cpu_seconds  # noqa: E402
from tests.support.server_process import ServerHandle, running_server  # noqa: E402

CALL = f"/{GATEWAY.full_name}/Call"
SCORE_PATH = f"/{LIENG.name}/ScoreLieng"  # what the server counts the refusal cases as
ENVOY_BODY_LIMIT = 261_120  # deploy/envoy/values/*.yaml max_request_bytes
SERVICES = {game.name: game.service for game in registered_games()}


def gateway_body(service: str, method: str, data: bytes) -> bytes:
    body = httpbody_pb2.HttpBody(content_type="application/json", data=data)
    return json_gateway_pb2.CallRequest(service=service, method=method, body=body).SerializeToString()


def as_json(path: str, body: bytes) -> bytes | None:
    """The protobuf request as compact proto3 JSON, or None when JSON cannot carry it (unknown fields, too big)."""
    if len(body) > ENVOY_BODY_LIMIT:  # padded with unknown fields: Envoy would refuse it in any form
        return None
    _empty, service, method = path.split("/")
    cls = GetMessageClass(SERVICES[service].methods_by_name[method].input_type)
    message = cls.FromString(body)
    data = json.dumps(json_format.MessageToDict(message), ensure_ascii=False, separators=(",", ":")).encode()
    return data if len(data) <= ENVOY_BODY_LIMIT else None


def json_cases() -> list[tuple[worst.Case, worst.Case]]:
    """(the request as protobuf to its method, the same as JSON through the gateway)."""
    pairs = []
    for case in worst.sam_cases() + worst.lieng_cases():
        bodies = [as_json(case.path, body) for body in case.bodies]
        if any(body is None for body in bodies):
            continue
        _empty, service, method = case.path.split("/")
        wrapped = tuple(gateway_body(service, method, body) for body in bodies if body is not None)
        pairs.append((case, worst.Case(case.name, CALL, wrapped[0], case.expect, wrapped[1:])))
    return pairs


def refusal_cases() -> list[worst.Case]:
    card = {"rank": "RANK_ACE", "suit": "SUIT_SPADES"}
    bodies: dict[str, list[Any]] = {
        "a misspelt key in every card (1000 hands)": [{"cards": [{"rank": "RANK_ACE", "suitt": "SUIT_SPADES"}] * 3}]
        * 1000,
        "a bad value in every card (1000 hands)": [{"cards": [{"rank": "RANK_ACEE", "suit": 1.5}] * 3}] * 1000,
        "999 good hands, then a misspelt key": [{"cards": [card] * 3}] * 999
        + [{"cards": [{"rank": "RANK_ACE", "suitt": 1}]}],
        "20,000 empty hands (over the 1000-hand bound)": [{"cards": []}] * 20_000,
        "card text, every card malformed (1000 hands)": ["XX YY ZZ"] * 1000,
    }
    cases = []
    for name, hands in bodies.items():
        data = json.dumps({"hands": hands}, separators=(",", ":")).encode()
        assert len(data) <= ENVOY_BODY_LIMIT, name
        body = gateway_body(LIENG.name, "ScoreLieng", data)
        cases.append(worst.Case(f"JSON ScoreLieng: {name}", CALL, body, grpc.StatusCode.INVALID_ARGUMENT))
    return cases


def card_text_cases() -> list[worst.Case]:
    """The 1,000 random hands of bench_worst_case.py with their cards as card text ("AC AD AH"), as the SDKs
    write them: JSON-only (protobuf has no text form)."""
    cases = []
    for case in worst.lieng_cases():
        if case.path.endswith("/ScoreLieng") and case.expect is grpc.StatusCode.OK:
            bodies = []
            for body in case.bodies:
                js = json_format.MessageToDict(lieng_pb2.ScoreLiengRequest.FromString(body))
                js["hands"] = [" ".join(_text(card) for card in hand["cards"]) for hand in js["hands"]]
                data = json.dumps(js, separators=(",", ":")).encode()
                bodies.append(gateway_body(LIENG.name, "ScoreLieng", data))
            name = f"JSON {case.name}, as card text"
            cases.append(worst.Case(name, CALL, bodies[0], grpc.StatusCode.OK, tuple(bodies[1:])))
    return cases


_RANK_LETTERS = dict(zip(cards_pb2.Rank.keys()[1:], "A23456789TJQK", strict=True))  # RANK_ACE … RANK_KING


def _text(card: dict[str, str]) -> str:
    return _RANK_LETTERS[card["rank"]] + card["suit"][len("SUIT_")]


def cpu_per_call(
    channel: grpc.Channel, case: worst.Case, server: ServerHandle, seconds: float, counted_as: str | None = None
) -> tuple[float, float]:
    """(server CPU, handler CPU) in ms per call, the bodies sent in turn one call at a time; the handler's CPU is
    read under ``counted_as`` (the server counts a JSON call as the rules method it carries). Not
    ``bench_worst_case.measure``: its per-call memory probes (resetting the peak RSS) add CPU of their own, up to
    ~10 ms per call for these allocation-heavy JSON calls."""
    for body in case.bodies[:3]:  # the status check and warm-up
        code = worst.call_once(channel, case.path, body)
        if code is not case.expect:
            raise SystemExit(f"{case.name}: expected {case.expect.name}, got {code.name}")
    handler_before = handler_cpu(server.metrics_url, counted_as or case.path)
    cpu_before = server_cpu_seconds(server.process.pid)
    started, calls = time.perf_counter(), 0
    while calls < 5 or (time.perf_counter() - started < seconds and calls < 500):
        worst.call_once(channel, case.path, case.bodies[calls % len(case.bodies)])
        calls += 1
    cpu = server_cpu_seconds(server.process.pid) - cpu_before
    handler = handler_cpu(server.metrics_url, counted_as or case.path)[0] - handler_before[0]
    return cpu * 1e3 / calls, handler * 1e3 / calls


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per request kind (at least 5 calls)")
    args = parser.parse_args(argv)
    pairs = json_cases()
    refusals = refusal_cases()
    with running_server(["--workers", "1"]) as server, grpc.insecure_channel(server.target) as channel:
        print(f"{'request':<72} {'proto ms':>9} {'JSON ms':>9} {'JSON handler ms':>16}")
        worst_json = 0.0
        for proto_case, json_case in pairs:
            proto, _handler = cpu_per_call(channel, proto_case, server, args.seconds)
            through, handler = cpu_per_call(channel, json_case, server, args.seconds, counted_as=proto_case.path)
            worst_json = max(worst_json, through)
            print(f"{proto_case.name[:72]:<72} {proto:>9.2f} {through:>9.2f} {handler:>16.2f}")
        for case in [*card_text_cases(), *refusals]:
            through, handler = cpu_per_call(channel, case, server, args.seconds, counted_as=SCORE_PATH)
            worst_json = max(worst_json, through)
            print(f"{case.name[:72]:<72} {'':>9} {through:>9.2f} {handler:>16.2f}")
    print(f"costliest JSON request: {worst_json:.2f} ms of server CPU (target {worst.CPU_TARGET_MS:.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
