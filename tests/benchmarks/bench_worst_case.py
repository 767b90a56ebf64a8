"""Worst-case benchmark (a script, not a pytest test): .venv/bin/python tests/benchmarks/bench_worst_case.py

For every RPC, the most expensive requests inside the limits of docs/limits.md — valid ones (the longest legal
records, the most hands, the hand with the most card sets) and invalid ones (every card malformed, a record
whose every action is bad, so violations pile up), plus junk and unknown fields filling the message limit
(``--max-message-bytes``, default the server's: 256 KiB); the costliest also as HTTP/JSON callers send them
(through the JSON gateway, as Envoy calls it, within Envoy's body limit) and pipelined on a ``Stream`` (50 messages
at once on one stream: the CPU figures are then per message). Each is sent to a real server
(``python -m cardrules.server``, one worker) over and over, one call at a time, and the script reports per call:

- the server's CPU: user + system time of the server's processes from /proc (everything: gRPC's threads, parsing,
  the handler, the answer), and of it the handler's share (the ``cardrules_rpc_handler_cpu_seconds`` metric);
- the growth of the server's resident memory: the most one call raised the peak (VmHWM, reset through
  /proc/PID/clear_refs before each call) over the resident size before it; and what stayed resident after all
  the calls of that kind ("kept").

Then 4 processes keep the 4 costliest unary requests in flight without pause while the health service is asked
every 10 ms: its latency p50 / p99. Targets: ≤ 20 ms of server CPU and ≤ 16 MB of memory growth per request, health
p99 ≤ 100 ms. Finally the sizes of the largest requests the limits allow, for choosing the server's receive
limit (``--max-message-bytes``).
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import os
import random
import re
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
from google.api import httpbody_pb2
from google.protobuf import json_format
from google.protobuf.message import Message
from grpc_health.v1 import health_pb2, health_pb2_grpc

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT))  # for tests.* when run as a script from anywhere

from cardrules.api.house_rules import widest  # noqa: E402
from cardrules.api.limits import BOUNDS  # noqa: E402
from cardrules.api.registry import GATEWAY  # noqa: E402
from cardrules.core import lieng, sam  # noqa: E402
from cardrules.core.cards import CARDS, Card  # noqa: E402
from cardrules.core.lieng.limits import MAX_SCORED_HANDS, UNCAPPED_RAISE_ORBITS  # noqa: E402
from cardrules.core.sam.limits import MAX_CHOP_CHAIN, MAX_ROUND_ACTIONS  # noqa: E402
from cardrules.gateway.v1 import json_gateway_pb2  # noqa: E402
from cardrules.server.config import Config  # noqa: E402
from cardrules.v1 import cards_pb2, lieng_pb2, sam_loc_pb2  # noqa: E402
from tests.benchmarks.bench_rpc import handler_cpu, server_cpu_seconds  # noqa: E402
from tests.support.lieng_rounds import raising_round  # noqa: E402
from tests.support.sam_rounds import longest_constructed  # noqa: E402
from tests.support.server_process import running_server  # noqa: E402
from tests.support.streams import LIENG as STREAM_LIENG  # noqa: E402
from tests.support.streams import SAM as STREAM_SAM  # noqa: E402
from tests.support.streams import SERVICES as STREAM_SERVICES  # noqa: E402
from tests.support.streams import answer_of, stream_message  # noqa: E402
from tests.support.varints import varint  # noqa: E402

SAM = "/cardrules.v1.SamLocService/"
LIENG = "/cardrules.v1.LiengService/"
MESSAGE_LIMIT = Config().max_message_bytes  # the server's default --max-message-bytes
CPU_TARGET_MS = 20.0
RSS_TARGET_MB = 16.0
HEALTH_TARGET_MS = 100.0
GATEWAY_CALL = f"/{GATEWAY.full_name}/Call"
ENVOY_BODY_LIMIT = 261_120  # deploy/envoy/values/*.yaml max_request_bytes: the largest JSON body that reaches us
# Core rank index → proto Rank, suit → proto Suit (typed Any: the stubs want the enums' own value types).
_RANK_TO_PROTO: tuple[Any, ...] = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2)
_SUIT_TO_PROTO: tuple[Any, ...] = (1, 2, 3, 4)


@dataclass(frozen=True)
class Case:
    """One request kind: its RPC path, its serialized body, and the status it must get. ``variants`` are more
    bodies of the same kind, sent in turn with ``body`` so that the server's caches do not help."""

    name: str
    path: str
    body: bytes
    expect: grpc.StatusCode
    variants: tuple[bytes, ...] = ()
    counted_as: str | None = None  # the rules method the server counts the call under, if not ``path``
    messages: int = 0  # a Stream case: the messages pipelined on one stream per call (each body is one)

    @property
    def bodies(self) -> tuple[bytes, ...]:
        return (self.body, *self.variants)

    @property
    def per_call(self) -> int:
        """The calls the server answers per call made here: a stream's messages, else 1."""
        return self.messages or 1


@dataclass(frozen=True)
class Figures:
    case: Case
    calls: int
    cpu_ms: float  # server CPU per call (all of it)
    handler_ms: float  # of which inside the handler (metric)
    rss_growth_mb: float  # the most one call raised the peak resident memory over the resident memory before it
    rss_kept_mb: float  # resident memory after all the calls over the resident memory before them


# --- building requests -----------------------------------------------------------------------------------------


def proto_cards(values: Sequence[int]) -> cards_pb2.Cards:
    return cards_pb2.Cards(
        cards=[cards_pb2.Card(rank=_RANK_TO_PROTO[c >> 2], suit=_SUIT_TO_PROTO[c & 3]) for c in values]
    )


def malformed_cards(count: int) -> cards_pb2.Cards:
    """``count`` cards with neither rank nor suit: each one is a field violation."""
    out = cards_pb2.Cards()
    for _ in range(count):
        out.cards.add()
    return out


def unknown_field(size: int, filler: bytes = b"\x00") -> bytes:
    """One length-delimited field numbered 1000 (unknown to every message here) of ``size`` bytes."""
    return b"\xc2\x3e" + varint(size) + filler * size


def _size(size: int) -> str:
    return f"{round(size / 1024 / 1024)} MiB" if size >= 1 << 20 else f"{round(size / 1024)} KiB"


def fill_to(body: bytes, size: int, filler: bytes = b"\x00") -> bytes:
    """``body`` followed by one unknown field making the whole ``size`` bytes."""
    room = size - len(body) - 2
    return body + unknown_field(room - len(varint(room)), filler)


def sam_record_request(hands: Sequence[Sequence[int]], actions: Sequence[sam.Action], leader: int = 0) -> bytes:
    request = sam_loc_pb2.SamLocServiceSettleRoundRequest()
    record = request.round
    record.stake = 1000
    record.leader = leader
    record.house_rules.instant_wins.SetInParent()  # the constructed deal would be an instant win otherwise
    record.hands.extend([proto_cards(h) for h in hands])
    for action in actions:
        item = record.actions.add(seat=action.seat)
        if isinstance(action, sam.Play):
            item.play.CopyFrom(proto_cards(action.cards))
        else:
            getattr(item, "pass").SetInParent()
    return request.SerializeToString()


def most_card_sets_state() -> sam_loc_pb2.SamTableState:
    """5 seats of 10 known cards, seat 0 to lead holding 3 4-4 5-5 6-6 7-7 8: the 10-card hand with the most
    card sets (118 leads; found by trying every run of consecutive ranks)."""
    counts = (1, 2, 2, 2, 2, 1)
    lead = [rank * 4 + suit for rank, count in enumerate(counts) for suit in range(count)]
    rest = [c for c in range(52) if c not in lead]
    state = sam_loc_pb2.SamTableState(turn=0)
    state.seats.add(hand=proto_cards(lead))
    for seat in range(4):
        state.seats.add(hand=proto_cards(rest[10 * seat : 10 * seat + 10]))
    return state


def sam_cases(junk: int = 4 * 1024 * 1024 - 64) -> list[Case]:
    """Sâm requests; ``junk``: the size of the requests padded with unknown fields."""
    ok, bad = grpc.StatusCode.OK, grpc.StatusCode.INVALID_ARGUMENT
    cases: list[Case] = []
    deal = [list(range(10 * k, 10 * k + 10)) for k in range(5)]
    start = sam_loc_pb2.SamLocServiceStartHandRequest(hands=[proto_cards(h) for h in deal], declarations=range(5))
    start.house_rules.instant_wins.kinds.extend(range(1, 6))  # type: ignore[arg-type]
    cases.append(
        Case(
            "Sâm StartHand: 5 hands, 5 declarations, every instant win",
            SAM + "StartHand",
            start.SerializeToString(),
            ok,
        )
    )
    broken = sam_loc_pb2.SamLocServiceStartHandRequest(
        hands=[malformed_cards(10) for _ in range(5)], declarations=[9] * 5
    )
    cases.append(Case("Sâm StartHand: 50 malformed cards", SAM + "StartHand", broken.SerializeToString(), bad))

    legal = sam_loc_pb2.SamLocServiceLegalMovesRequest(state=most_card_sets_state(), all_card_sets=True)
    cases.append(
        Case(
            "Sâm LegalMoves: all_card_sets, the hand with the most (118)",
            SAM + "LegalMoves",
            legal.SerializeToString(),
            ok,
        )
    )
    play = sam_loc_pb2.SamLocServiceValidatePlayRequest(state=most_card_sets_state())
    play.action.play.CopyFrom(play.state.seats[0].hand)  # ten cards, not a combination
    cases.append(
        Case("Sâm ValidatePlay: 5 full hands, a 10-card play", SAM + "ValidatePlay", play.SerializeToString(), ok)
    )
    junk_state = sam_loc_pb2.SamTableState(current=malformed_cards(10))
    for _ in range(5):
        junk_state.seats.add(hand=malformed_cards(10))
    for k in range(MAX_CHOP_CHAIN):
        junk_state.chop_chain.add(chopper=9, chopped=9, position=k)
    junk_play = sam_loc_pb2.SamLocServiceValidatePlayRequest(state=junk_state)
    junk_play.action.play.CopyFrom(malformed_cards(10))
    cases.append(
        Case(
            "Sâm ValidatePlay: 70 malformed cards, 12 bad chops",
            SAM + "ValidatePlay",
            junk_play.SerializeToString(),
            bad,
        )
    )
    junk_moves = sam_loc_pb2.SamLocServiceLegalMovesRequest(state=junk_state, all_card_sets=True)
    cases.append(
        Case(
            "Sâm LegalMoves: 60 malformed cards, 12 bad chops", SAM + "LegalMoves", junk_moves.SerializeToString(), bad
        )
    )

    hands, actions = longest_constructed(5)
    record = sam_record_request(hands, actions)
    cases.append(
        Case(
            f"Sâm SettleRound: the longest constructed hand ({len(actions)} actions), 120 records in turn",
            SAM + "SettleRound",
            record,
            ok,
            tuple(_relabelled_records(hands, actions))[1:],
        )
    )
    cases.append(
        Case(
            f"Sâm SettleRound: {MAX_ROUND_ACTIONS} actions of 10 malformed cards",
            SAM + "SettleRound",
            malformed_record().SerializeToString(),
            bad,
        )
    )
    cases.append(
        Case(
            f"Sâm SettleRound: the longest hand + {_size(junk)} unknown field",
            SAM + "SettleRound",
            _record_with_junk(record, b"\x00", junk),
            ok,
        )
    )
    cases.append(
        Case(
            f"Sâm SettleRound: the longest hand + {_size(junk)} of 0x32 (the actions' tag)",
            SAM + "SettleRound",
            _record_with_junk(record, b"\x32", junk),
            ok,
        )
    )
    return cases


def malformed_record() -> sam_loc_pb2.SamLocServiceSettleRoundRequest:
    """A well-dealt record of the most actions, every one a play of 10 malformed cards: 2,420 faulty cards."""
    request = sam_loc_pb2.SamLocServiceSettleRoundRequest()
    request.round.stake = 1000
    request.round.hands.extend([proto_cards(range(10 * k, 10 * k + 10)) for k in range(5)])
    for i in range(MAX_ROUND_ACTIONS):
        request.round.actions.add(seat=i % 5, play=malformed_cards(10))
    return request


def _relabelled_records(hands: Sequence[Sequence[int]], actions: Sequence[sam.Action]) -> list[bytes]:
    """The same hand under the 24 suit relabellings and 5 seat rotations: 120 different records (25,200 distinct
    action elements), sent in turn so that no call repeats the one before it. The server keeps no cache of decoded
    actions (every record is read through its fields), so this only guards against one coming back."""
    out: list[bytes] = []
    for suits in itertools.permutations(range(4)):

        def relabel(cards: Sequence[int], suits: tuple[int, ...] = suits) -> tuple[Card, ...]:
            return tuple(CARDS[c & ~3 | suits[c & 3]] for c in cards)

        for shift in range(5):
            seats = [relabel(hands[(k - shift) % 5]) for k in range(5)]
            moved: list[sam.Action] = [
                sam.Play((a.seat + shift) % 5, relabel(a.cards))
                if isinstance(a, sam.Play)
                else sam.Pass((a.seat + shift) % 5)
                for a in actions
            ]
            out.append(sam_record_request(seats, moved, leader=shift))
    return out


def _record_with_junk(request: bytes, filler: bytes, size: int) -> bytes:
    """A SettleRound request whose record carries one unknown field making the request about ``size`` bytes."""
    parsed = sam_loc_pb2.SamLocServiceSettleRoundRequest.FromString(request)
    inner = parsed.round.SerializeToString()
    target = size - 1 - len(varint(size))  # the round field's tag and its length
    parsed.round.MergeFromString(fill_to(inner, target, filler)[len(inner) :])
    return parsed.SerializeToString()


RANDOM_HANDS = "Liêng ScoreLieng: 1000 random hands, every switch pair"


def random_scorings(rng: random.Random) -> list[lieng_pb2.ScoreLiengRequest]:
    """24 ScoreLieng requests of the most hands, random cards, 4 under each pair of switches."""
    out = []
    for a23, tie in itertools.product((1, 2), (1, 2, 3)):
        for _ in range(4):
            score = lieng_pb2.ScoreLiengRequest(
                hands=[proto_cards(rng.sample(range(52), 3)) for _ in range(MAX_SCORED_HANDS)]
            )
            score.house_rules.a23 = a23  # type: ignore[assignment]
            score.house_rules.suit_tie_break = tie  # type: ignore[assignment]
            out.append(score)
    return out


def lieng_cases() -> list[Case]:
    ok, bad = grpc.StatusCode.OK, grpc.StatusCode.INVALID_ARGUMENT
    cases: list[Case] = []
    rng = random.Random(20261201)
    bodies = [score.SerializeToString() for score in random_scorings(rng)]
    cases.append(Case(RANDOM_HANDS, LIENG + "ScoreLieng", bodies[0], ok, tuple(bodies[1:])))
    hands = [proto_cards(rng.sample(range(52), 3)) for _ in range(MAX_SCORED_HANDS)]
    junk = lieng_pb2.ScoreLiengRequest(hands=[malformed_cards(3) for _ in range(MAX_SCORED_HANDS)])
    cases.append(
        Case("Liêng ScoreLieng: 1000 hands of malformed cards", LIENG + "ScoreLieng", junk.SerializeToString(), bad)
    )
    empty = lieng_pb2.ScoreLiengRequest(hands=[cards_pb2.Cards() for _ in range(MAX_SCORED_HANDS)])
    cases.append(Case("Liêng ScoreLieng: 1000 empty hands", LIENG + "ScoreLieng", empty.SerializeToString(), bad))
    compare = lieng_pb2.CompareHandsRequest(hands=hands[:17])
    compare.house_rules.suit_tie_break = lieng_pb2.LIENG_SUIT_TIE_BREAK_DHCS
    cases.append(Case("Liêng CompareHands: 17 hands", LIENG + "CompareHands", compare.SerializeToString(), ok))
    cases.append(
        Case(
            "Liêng CompareHands: 17 hands of malformed cards",
            LIENG + "CompareHands",
            lieng_pb2.CompareHandsRequest(hands=[malformed_cards(3) for _ in range(17)]).SerializeToString(),
            bad,
        )
    )
    start = lieng_pb2.StartBettingRequest(stacks=[2**62] * 6, ante=1, first_actor=5)
    cases.append(Case("Liêng StartBetting: 6 seats", LIENG + "StartBetting", start.SerializeToString(), ok))
    cases.append(
        Case(
            "Liêng StartBetting: 6 negative stacks",
            LIENG + "StartBetting",
            lieng_pb2.StartBettingRequest(stacks=[-1] * 6, ante=-1, first_actor=9).SerializeToString(),
            bad,
        )
    )
    state = lieng_pb2.LiengBettingState(ante=1, first_actor=0, to_act=0, current_bet=1)
    for _ in range(6):
        state.seats.add(stack=2**62, committed=1)
    moves = lieng_pb2.LiengServiceLegalMovesRequest(state=state)
    moves.house_rules.max_raise = 10**9
    cases.append(Case("Liêng LegalMoves: 6 seats", LIENG + "LegalMoves", moves.SerializeToString(), ok))
    act = lieng_pb2.LiengServiceValidatePlayRequest(state=state)
    act.action.kind = lieng_pb2.LIENG_ACTION_KIND_RAISE
    act.action.amount = 2**40
    cases.append(Case("Liêng ValidatePlay: 6 seats, a raise", LIENG + "ValidatePlay", act.SerializeToString(), ok))
    junk_state = lieng_pb2.LiengBettingState(ante=-1, first_actor=-1, to_act=9, current_bet=-1, orbit=2**31 - 1)
    for _ in range(6):
        junk_state.seats.add(stack=-1, committed=-1, folded=True, all_in=True)
    cases.append(
        Case(
            "Liêng ValidatePlay: 6 impossible seats",
            LIENG + "ValidatePlay",
            lieng_pb2.LiengServiceValidatePlayRequest(state=junk_state).SerializeToString(),
            bad,
        )
    )

    longest = raising_round(6, None, UNCAPPED_RAISE_ORBITS)
    settle = lieng_pb2.LiengServiceSettleRoundRequest()
    record = settle.round
    record.stacks.extend(longest.stacks)
    record.ante = 1
    record.hands.extend([proto_cards([3 * s, 3 * s + 1, 3 * s + 2]) for s in range(6)])
    kinds = {kind: lieng_pb2.LiengActionKind.Value(f"LIENG_ACTION_KIND_{kind.name}") for kind in lieng.ActionKind}
    for action in longest.actions:
        record.actions.add(seat=action.seat, kind=kinds[action.kind], amount=action.amount)
    cases.append(
        Case(
            f"Liêng SettleRound: the longest accepted round ({len(longest.actions)} actions)",
            LIENG + "SettleRound",
            settle.SerializeToString(),
            ok,
        )
    )
    junk_settle = lieng_pb2.LiengServiceSettleRoundRequest()
    junk_settle.round.stacks.extend([2**62] * 6)
    junk_settle.round.ante = 1
    for i in range(6 * (UNCAPPED_RAISE_ORBITS + 1)):
        junk_settle.round.actions.add(seat=i % 6, kind=lieng_pb2.LIENG_ACTION_KIND_CALL, amount=-1)
    cases.append(
        Case(
            f"Liêng SettleRound: {6 * (UNCAPPED_RAISE_ORBITS + 1)} actions, each bad",
            LIENG + "SettleRound",
            junk_settle.SerializeToString(),
            bad,
        )
    )
    return cases


def as_json(message: Message) -> bytes:
    """The request as compact proto3 JSON, as an HTTP/JSON caller sends it."""
    js = json_format.MessageToDict(message)
    return json.dumps(js, ensure_ascii=False, separators=(",", ":")).encode()


def through_gateway(path: str, data: bytes) -> bytes:
    """The gateway call Envoy makes for the JSON body ``data`` posted to ``path``."""
    _empty, service, method = path.split("/")
    body = httpbody_pb2.HttpBody(content_type="application/json", data=data)
    return json_gateway_pb2.CallRequest(service=service, method=method, body=body).SerializeToString()


def json_cases() -> list[Case]:
    """Requests as JSON through the gateway (``JsonGatewayService/Call``, as Envoy sends them): the costliest that
    fit Envoy's body limit. The server counts a JSON call as the rules method it carries."""
    ok, bad = grpc.StatusCode.OK, grpc.StatusCode.INVALID_ARGUMENT
    settle, score = SAM + "SettleRound", LIENG + "ScoreLieng"
    scorings = [through_gateway(score, as_json(m)) for m in random_scorings(random.Random(20261201))]
    empty_hands = b'{"hands":[' + b",".join([b"{}"] * 20_000) + b"]}"
    cases = [
        Case(
            f"JSON Sâm SettleRound: {MAX_ROUND_ACTIONS} actions of 10 malformed cards",
            GATEWAY_CALL,
            through_gateway(settle, as_json(malformed_record())),
            bad,
            counted_as=settle,
        ),
        Case(
            "JSON Liêng ScoreLieng: 20,000 empty hands",
            GATEWAY_CALL,
            through_gateway(score, empty_hands),
            bad,
            counted_as=score,
        ),
        Case(f"JSON {RANDOM_HANDS}", GATEWAY_CALL, scorings[0], ok, tuple(scorings[1:]), counted_as=score),
    ]
    for case in cases:
        assert len(json_gateway_pb2.CallRequest.FromString(case.body).body.data) <= ENVOY_BODY_LIMIT, case.name
    return cases


def stream_cases(messages: int = 50) -> list[Case]:
    """The costliest message of each service (a refusal for Sâm, an answer for Liêng), ``messages`` of it
    pipelined on one Stream per call: the CPU figures are per message."""
    ok, bad = grpc.StatusCode.OK, grpc.StatusCode.INVALID_ARGUMENT
    refusal = stream_message(STREAM_SAM, 1, malformed_record())
    scorings = [stream_message(STREAM_LIENG, 1, m) for m in random_scorings(random.Random(20261201))]
    return [
        Case(
            f"Stream Sâm: {messages} × SettleRound of {MAX_ROUND_ACTIONS} actions × 10 malformed cards",
            SAM + "Stream",
            refusal,
            bad,
            counted_as=SAM + "SettleRound",
            messages=messages,
        ),
        Case(
            f"Stream Liêng: {messages} × {RANDOM_HANDS.removeprefix('Liêng ')}",
            LIENG + "Stream",
            scorings[0],
            ok,
            tuple(scorings[1:]),
            counted_as=LIENG + "ScoreLieng",
            messages=messages,
        ),
    ]


def junk_cases(size: int = 4 * 1024 * 1024 - 64) -> list[Case]:
    """Requests of ``size`` bytes of unknown fields or undecodable bytes."""
    bad = grpc.StatusCode.INVALID_ARGUMENT
    one_field = fill_to(b"", size)
    tiny_fields = b"\xf8\x01\x01" * (size // 3)  # field 31 = 1, over and over
    return [
        Case(f"ScoreLieng: {_size(size)}, one unknown field", LIENG + "ScoreLieng", one_field, bad),
        Case(f"ScoreLieng: {_size(size)}, {size // 3:,} tiny unknown fields", LIENG + "ScoreLieng", tiny_fields, bad),
        Case(f"ScoreLieng: {_size(size)} of 0xFF (does not decode)", LIENG + "ScoreLieng", b"\xff" * size, bad),
        Case(
            f"Sâm LegalMoves: house rules of {_size(size)} unknown fields",
            SAM + "LegalMoves",
            b"\x0a" + varint(size - 5) + fill_to(b"", size - 5),
            bad,
        ),
    ]


# --- measuring -------------------------------------------------------------------------------------------------


def _status_kib(pid: int, key: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return 0


def server_processes(pid: int) -> list[int]:
    out = [pid]
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(stat.parent.name))
        except (OSError, IndexError, ValueError):
            continue
    return out


def reset_peaks(pids: Sequence[int]) -> dict[int, int]:
    """Reset each process's peak resident size; return the resident sizes now (KiB)."""
    for pid in pids:
        Path(f"/proc/{pid}/clear_refs").write_text("5")
    return {pid: _status_kib(pid, "VmRSS") for pid in pids}


def call_once(channel: grpc.Channel, path: str, body: bytes) -> grpc.StatusCode:
    method: grpc.UnaryUnaryMultiCallable[bytes, bytes] = channel.unary_unary(path)
    try:
        method(body, timeout=60)
        return grpc.StatusCode.OK
    except grpc.RpcError as error:
        return error.code()


def stream_once(channel: grpc.Channel, path: str, body: bytes, messages: int) -> grpc.StatusCode:
    """``messages`` copies of the Stream message ``body`` sent at once on one stream (the client half-closes after
    the last) and every answer read: the answers' code when all share one, else UNKNOWN; the stream's own code if it
    fails or answers fewer."""
    service = STREAM_SERVICES[path.split("/")[1]]
    method: grpc.StreamStreamMultiCallable[bytes, bytes] = channel.stream_stream(path)
    responses = method(iter([body] * messages), timeout=120)
    codes = set()
    try:
        for data in responses:
            codes.add(answer_of(service, data)[1].code)
    except grpc.RpcError as error:
        return error.code()
    if responses.code() is not grpc.StatusCode.OK or len(codes) != 1:
        return responses.code() if responses.code() is not grpc.StatusCode.OK else grpc.StatusCode.UNKNOWN
    return codes.pop()


def call_case(channel: grpc.Channel, case: Case, body: bytes) -> grpc.StatusCode:
    """One call of ``case`` (one stream of its messages for a Stream case) with ``body``."""
    if case.messages:
        return stream_once(channel, case.path, body, case.messages)
    return call_once(channel, case.path, body)


def measure(channel: grpc.Channel, case: Case, pid: int, metrics_url: str, seconds: float) -> Figures:
    for body in case.bodies[:1] if len(case.bodies) > 30 else case.bodies:  # the status check (and warm-up)
        code = call_case(channel, case, body)
        if code is not case.expect:
            raise SystemExit(f"{case.name}: expected {case.expect.name}, got {code.name}")
    method = case.counted_as or case.path
    pids = server_processes(pid)
    kept_before = sum(_status_kib(p, "VmRSS") for p in pids)
    handler_before = handler_cpu(metrics_url, method)
    cpu_before = server_cpu_seconds(pid)
    started, calls, growth = time.perf_counter(), 0, 0
    while calls < 5 or (time.perf_counter() - started < seconds and calls < 500):
        before = reset_peaks(pids)
        call_case(channel, case, case.bodies[(calls + 1) % len(case.bodies)])
        growth = max(growth, *(_status_kib(p, "VmHWM") - before[p] for p in pids))
        calls += 1
    cpu = server_cpu_seconds(pid) - cpu_before
    handler_after = handler_cpu(metrics_url, method)
    kept = sum(_status_kib(p, "VmRSS") for p in pids) - kept_before
    handler_calls = handler_after[1] - handler_before[1]
    handler_ms = (handler_after[0] - handler_before[0]) * 1e3 / handler_calls if handler_calls else float("nan")
    return Figures(case, calls, cpu * 1e3 / (calls * case.per_call), handler_ms, growth / 1024, kept / 1024)


def _keep_calling(target: str, case: Case, stop: Any, done: Any) -> None:
    """A load process: call ``case`` with its bodies in turn until ``stop`` is set."""
    with grpc.insecure_channel(target) as channel:
        calls = 0
        while not stop.is_set():
            call_case(channel, case, case.bodies[calls % len(case.bodies)])
            calls += 1
    done.value = calls


def health_under_load(target: str, cases: Sequence[Case], seconds: float) -> tuple[float, float, int, int]:
    """Health Check latency p50 / p99 (ms) while each of ``cases`` is kept in flight by its own process (so the
    loaders do not share this process's interpreter with the health checks); also the number of health checks
    and of loaded calls done."""
    spawn = multiprocessing.get_context("spawn")
    stop = spawn.Event()
    counters = [spawn.Value("l", 0) for _ in cases]
    loaders = [
        spawn.Process(target=_keep_calling, args=(target, case, stop, counter), daemon=True)
        for case, counter in zip(cases, counters, strict=True)
    ]
    for loader in loaders:
        loader.start()
    time.sleep(3.0)  # every loader started and calling
    latencies: list[float] = []
    with grpc.insecure_channel(target, options=[("grpc.use_local_subchannel_pool", 1)]) as channel:
        stub: Any = health_pb2_grpc.HealthStub(channel)  # the stub's type stubs do not declare its methods
        check = stub.Check
        check(health_pb2.HealthCheckRequest(), timeout=10)
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            began = time.perf_counter()
            check(health_pb2.HealthCheckRequest(), timeout=10)
            latencies.append((time.perf_counter() - began) * 1e3)
            time.sleep(0.01)
    stop.set()
    for loader in loaders:
        loader.join(timeout=70)
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    return statistics.median(latencies), p99, len(latencies), sum(int(c.value) for c in counters)


# --- sizes -----------------------------------------------------------------------------------------------------


def largest_within_bounds(cls: type[Message]) -> int:
    """Serialized size of a request of ``cls`` with every repeated field full to its bound and every number,
    enum and card at its widest wire form (10-byte varints): no request within the limits is larger, unknown
    fields aside."""
    request = cls()
    _widen(request, "", {b.path: b.limit for b in BOUNDS[cls]})
    return request.ByteSize()


def _widen(message: Message, prefix: str, limits: dict[str, int]) -> None:
    for field in message.DESCRIPTOR.fields:
        path = prefix + field.name
        if field.message_type is not None:
            if field.is_repeated:
                for _ in range(limits[path]):
                    _widen(getattr(message, field.name).add(), f"{path}[].", limits)
            elif (
                field.containing_oneof is not None and field.containing_oneof.name == "action" and field.name == "pass"
            ):
                continue  # the other member (play) is the larger one
            else:
                _widen(getattr(message, field.name), f"{path}.", limits)
        elif field.is_repeated:
            getattr(message, field.name).extend([-1] * limits[path])
        elif field.type == field.TYPE_BOOL:
            setattr(message, field.name, True)
        elif field.containing_oneof is not None and field.name == "card_count":
            continue  # the other member (hand) is the larger one
        elif field.type in (field.TYPE_STRING, field.TYPE_BYTES):
            continue
        else:
            setattr(message, field.name, -1)
    if message.DESCRIPTOR.full_name.endswith("HouseRules"):
        message.CopyFrom(widest(type(message)()))


# --- report ----------------------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=1.5, help="time spent calling each request kind")
    parser.add_argument("--health-seconds", type=float, default=10.0, help="time of the health-under-load phase")
    parser.add_argument("--only", help="only the request kinds whose name matches this regular expression")
    parser.add_argument(
        "--max-message-bytes",
        type=int,
        default=MESSAGE_LIMIT,
        help="the server's receive limit; junk requests are padded to just under it (default: the server's, 256 KiB)",
    )
    parser.add_argument("--server-env", action="append", default=[], help="KEY=VALUE for the server's environment")
    args = parser.parse_args(argv)
    junk = args.max_message_bytes - 64
    cases = [*sam_cases(junk), *lieng_cases(), *json_cases(), *stream_cases(), *junk_cases(junk)]
    if args.only:
        cases = [c for c in cases if re.search(args.only, c.name)]
    print(
        f"{len(cases)} request kinds; Python {sys.version.split()[0]}, {os.cpu_count()} cores, "
        f"load {os.getloadavg()[0]:.1f}"
    )
    results: list[Figures] = []
    limit = ["--max-message-bytes", str(args.max_message_bytes)]
    env = dict(item.split("=", 1) for item in args.server_env)
    with running_server(["--workers", "1", *limit], env=env) as server, server.channel() as channel:
        for case in cases:
            figures = measure(channel, case, server.process.pid, server.metrics_url, args.seconds)
            results.append(figures)
            cpu_mark = "" if figures.cpu_ms <= CPU_TARGET_MS else "  ✗ CPU"
            rss_mark = "" if figures.rss_growth_mb <= RSS_TARGET_MB else "  ✗ RSS"
            print(
                f"{case.name:<72} {len(case.body):>9,} B  {figures.calls:>4} calls  server CPU {figures.cpu_ms:7.2f} ms"
                f"  handler {figures.handler_ms:7.2f} ms  RSS +{figures.rss_growth_mb:5.1f} MB"
                f" (kept {figures.rss_kept_mb:+5.1f})  {case.expect.name}"
                f"{cpu_mark}{rss_mark}",
                flush=True,
            )
        # Calls one at a time: a Stream case keeps a whole batch of messages in flight per loader (its own test).
        unary = [f for f in results if not f.case.messages] or results
        worst = sorted(unary, key=lambda f: f.cpu_ms, reverse=True)[:4]
        cheapest = min(unary, key=lambda f: f.cpu_ms)
        print("\nHealth Check while these 4 are kept in flight:", *(f"  - {f.case.name}" for f in worst), sep="\n")
        p50, p99, checks, loaded = health_under_load(server.target, [f.case for f in worst], args.health_seconds)
        mark = "" if p99 <= HEALTH_TARGET_MS else "  ✗"
        print(f"health p50 {p50:.1f} ms, p99 {p99:.1f} ms ({checks} checks, {loaded} loaded calls){mark}")
        # The same with the cheapest request in flight instead: what the machine itself adds (4 loader processes
        # and the server sharing the cores), so that the difference is what the worst requests cost the others.
        p50, p99, checks, loaded = health_under_load(server.target, [cheapest.case] * 4, args.health_seconds)
        print(f"control, 4 × {cheapest.case.name}: health p50 {p50:.1f} ms, p99 {p99:.1f} ms ({checks} checks)")
    print("\nLargest request within the limits (every list full, every value at its widest wire form):")
    for cls in BOUNDS:
        print(f"  {cls.DESCRIPTOR.name:<40} {largest_within_bounds(cls):>8,} B")
    return 0


if __name__ == "__main__":
    sys.exit(main())
