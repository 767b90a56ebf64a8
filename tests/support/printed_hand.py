"""The whole hands an SDK README's "Play a whole hand" example prints, read back and checked against the service.

Each example prints one Sâm hand, then one Liêng hand, in this form (enum names in the SDK's own spelling:
``SAM_OUTCOME_NORMAL`` or ``Normal``, ``RAISE`` or ``Raise``):

    Sâm: stake 100, fee 500 bps
    seat 0: 9H 8H AC TD QC KD AH 3S 8C 4C      the deal, one line per seat
    seat 0 plays 3S                            every action in order
    seat 2 passes
    outcome SAM_OUTCOME_NORMAL                 the settlement
    seat 0 pays seat 2 200 CARDS_LEFT
    nets [-190 -190 855 -475] fee 45
    Liêng: stacks [1000 1000 1000], ante 10, fee 500 bps
    seat 0: 8C KD TC
    seat 0 RAISE to 20
    seat 1 CALL
    seat 1 pays seat 0 20 POT_WIN
    nets [38 -20 -20] fee 2

:func:`check_printed_hands` rebuilds each round record from what was printed (the leader and first actor are the
first action's seat), has the service settle it, and fails unless the printed settlement is the service's: so the
printed actions are a legal, complete hand, the example recorded what it played, and it printed what SettleRound
said. A line of any other form fails too, so the format cannot drift from what is documented here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

import grpc

from cardrules.client.cards import cards
from cardrules.v1 import cards_pb2, lieng_pb2, lieng_pb2_grpc, sam_loc_pb2, sam_loc_pb2_grpc

CALL_TIMEOUT_SECONDS = 10.0
_SAM_HEADER = re.compile(r"Sâm: stake (?P<stake>\d+), fee (?P<bps>\d+) bps")
_LIENG_HEADER = re.compile(r"Liêng: stacks \[(?P<stacks>\d+(?: \d+)*)\], ante (?P<ante>\d+), fee (?P<bps>\d+) bps")
_DEAL = re.compile(r"seat (?P<seat>\d+): (?P<cards>[2-9TJQKA][SCDH](?: [2-9TJQKA][SCDH])*)")
_SAM_PLAY = re.compile(r"seat (?P<seat>\d+) plays (?P<cards>[2-9TJQKA][SCDH](?: [2-9TJQKA][SCDH])*)")
_SAM_PASS = re.compile(r"seat (?P<seat>\d+) passes")
_LIENG_ACTION = re.compile(r"seat (?P<seat>\d+) (?P<kind>[A-Za-z_]+)(?: to (?P<amount>\d+))?")
_OUTCOME = re.compile(r"outcome (?P<outcome>[A-Za-z_]+)")
_TRANSFER = re.compile(r"seat (?P<from>\d+) pays seat (?P<to>\d+) (?P<amount>\d+) (?P<reason>[A-Z_]+)")
_NETS = re.compile(r"nets \[(?P<nets>-?\d+(?: -?\d+)*)\] fee (?P<fee>\d+)")

Transfer = tuple[int, int, int, str]


@dataclass
class PrintedHand:
    game: str  # "Sâm" or "Liêng"
    header: dict[str, str]
    hands: list[str] = field(default_factory=list)
    actions: list[re.Match[str]] = field(default_factory=list)
    outcome: str | None = None
    transfers: list[Transfer] = field(default_factory=list)
    nets: list[int] = field(default_factory=list)
    fee: int | None = None


def _spelling(name: str, prefix: str = "") -> str:
    """``SAM_OUTCOME_NORMAL`` (prefix ``SAM_OUTCOME_``) and ``Normal`` both → ``normal``."""
    return re.sub(r"[^a-z]", "", name.removeprefix(prefix).lower())


def read_printed_hands(output: str) -> list[PrintedHand]:
    """The hands in ``output``, in order; any line not of the documented form fails."""
    hands: list[PrintedHand] = []
    for line in output.splitlines():
        if header := _SAM_HEADER.fullmatch(line):
            hands.append(PrintedHand("Sâm", header.groupdict()))
            continue
        if header := _LIENG_HEADER.fullmatch(line):
            hands.append(PrintedHand("Liêng", header.groupdict()))
            continue
        assert hands, f"printed before any hand's header: {line!r}"
        hand = hands[-1]
        action = _LIENG_ACTION if hand.game == "Liêng" else None
        if (deal := _DEAL.fullmatch(line)) and not hand.actions:
            assert int(deal["seat"]) == len(hand.hands), f"the deal's seats out of order at {line!r}"
            hand.hands.append(deal["cards"])
        elif transfer := _TRANSFER.fullmatch(line):
            paid = (int(transfer["from"]), int(transfer["to"]), int(transfer["amount"]), transfer["reason"])
            hand.transfers.append(paid)
        elif nets := _NETS.fullmatch(line):
            hand.nets, hand.fee = [int(net) for net in nets["nets"].split()], int(nets["fee"])
        elif outcome := _OUTCOME.fullmatch(line):
            hand.outcome = outcome["outcome"]
        elif hand.game == "Sâm" and ((play := _SAM_PLAY.fullmatch(line)) or (play := _SAM_PASS.fullmatch(line))):
            hand.actions.append(play)
        elif action is not None and (match := action.fullmatch(line)):
            hand.actions.append(match)
        else:
            raise AssertionError(f"a line of no documented form in a {hand.game} hand: {line!r}")
    return hands


def _proto_cards(text: str) -> cards_pb2.Cards:
    return cards_pb2.Cards(cards=cards(text))


def _settle_sam(hand: PrintedHand, channel: grpc.Channel) -> tuple[str, list[Transfer], list[int], int]:
    record = sam_loc_pb2.SamRoundRecord(
        stake=int(hand.header["stake"]),
        house_rules=sam_loc_pb2.SamHouseRules(fee_bps=int(hand.header["bps"])),
        hands=[_proto_cards(cards) for cards in hand.hands],
        leader=int(hand.actions[0]["seat"]),
    )
    for action in hand.actions:
        if "cards" in action.groupdict():
            record.actions.append(sam_loc_pb2.SamAction(seat=int(action["seat"]), play=_proto_cards(action["cards"])))
        else:
            passed = record.actions.add(seat=int(action["seat"]))
            getattr(passed, "pass").SetInParent()  # `pass` is a Python keyword
    request = sam_loc_pb2.SamLocServiceSettleRoundRequest(round=record)
    settled = sam_loc_pb2_grpc.SamLocServiceStub(channel).SettleRound(request, timeout=CALL_TIMEOUT_SECONDS)
    outcome = _spelling(sam_loc_pb2.SamOutcome.Name(settled.outcome), "SAM_OUTCOME_")
    return outcome, _transfers(settled.transfers), list(settled.nets), settled.fee


def _settle_lieng(hand: PrintedHand, channel: grpc.Channel) -> tuple[None, list[Transfer], list[int], int]:
    kinds = {  # by spelling, the action kind's proto name, which the message constructor takes
        _spelling(name, "LIENG_ACTION_KIND_"): name
        for name, value in lieng_pb2.LiengActionKind.items()
        if value != lieng_pb2.LIENG_ACTION_KIND_UNSPECIFIED
    }
    record = lieng_pb2.LiengRoundRecord(
        house_rules=lieng_pb2.LiengHouseRules(fee_bps=int(hand.header["bps"])),
        stacks=[int(stack) for stack in hand.header["stacks"].split()],
        ante=int(hand.header["ante"]),
        first_actor=int(hand.actions[0]["seat"]),
        hands=[_proto_cards(cards) for cards in hand.hands],
    )
    for action in hand.actions:
        kind = kinds.get(_spelling(action["kind"], "LIENG_ACTION_KIND_"))
        assert kind is not None, f"no Liêng action kind is spelled {action['kind']!r}"
        amount = int(action["amount"] or 0)
        record.actions.append(lieng_pb2.LiengAction(seat=int(action["seat"]), kind=kind, amount=amount))
    request = lieng_pb2.LiengServiceSettleRoundRequest(round=record)
    settled = lieng_pb2_grpc.LiengServiceStub(channel).SettleRound(request, timeout=CALL_TIMEOUT_SECONDS)
    return None, _transfers(settled.transfers), list(settled.nets), settled.fee


def _transfers(transfers: Iterable[cards_pb2.Transfer]) -> list[Transfer]:
    return [(t.from_seat, t.to_seat, t.amount, t.reason) for t in transfers]


def check_printed_hands(output: str, channel: grpc.Channel) -> list[PrintedHand]:
    """Fails unless ``output`` is one played Sâm hand then one Liêng hand, each with the settlement the service
    gives its printed record, a fee taken and nets plus fee summing to zero; returns them."""
    hands = read_printed_hands(output)
    assert [hand.game for hand in hands] == ["Sâm", "Liêng"], output
    for hand in hands:
        assert hand.actions, f"the {hand.game} hand printed no action (an instant win is not a whole hand):\n{output}"
        assert hand.nets and hand.fee is not None, f"the {hand.game} hand printed no nets and fee:\n{output}"
        assert len(hand.nets) == len(hand.hands), output
        assert sum(hand.nets) + hand.fee == 0, f"{hand.game}: nets plus fee are not zero:\n{output}"
        assert hand.fee > 0, f"{hand.game}: the example's fee was not taken:\n{output}"
        settle = _settle_sam if hand.game == "Sâm" else _settle_lieng
        outcome, transfers, nets, fee = settle(hand, channel)
        printed_outcome = None if hand.outcome is None else _spelling(hand.outcome, "SAM_OUTCOME_")
        assert (printed_outcome, hand.transfers, hand.nets, hand.fee) == (outcome, transfers, nets, fee), (
            f"the printed {hand.game} settlement is not what SettleRound of the printed record says:\n{output}"
        )
    return hands
