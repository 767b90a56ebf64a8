"""Play one random hand of each game through a running rules service and print it.

    cardrules-demo [--target 127.0.0.1:50051] [--seed N] [--seats 4] [--sam-seats 2-5] [--lieng-seats 2-6]

Sâm Lốc: a seeded deal, StartHand, then for each turn LegalMoves (from the acting player's view: its own hand,
the other seats as card counts), a seeded pick, ValidatePlay to advance, and SettleRound on the recorded hand.
Liêng: a seeded deal, StartBetting, LegalMoves → pick → ValidatePlay until betting closes, then ScoreLieng and
SettleRound. Every rule decision is the server's: this module only uses the SDK and the generated messages, so
it runs from any client machine, and it is meant to be copied as the start of a game's own loop.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence

from google.protobuf.internal.enum_type_wrapper import EnumTypeWrapper

from cardrules.client.cards import cards, cards_text
from cardrules.client.cli import START_A_SERVER
from cardrules.client.client import LiengClient, SamLocClient, connect
from cardrules.client.errors import RulesError, UnavailableError
from cardrules.client.requests import sam_action_from_move
from cardrules.v1 import cards_pb2, lieng_pb2, sam_loc_pb2

__all__ = ["main", "play_lieng", "play_sam"]

Print = Callable[[str], None]

SEAT_NAMES = "ABCDEF"
# The seats each game takes under its default house rules (max_players; docs/rules/*.md): Sâm Lốc 2-5, Liêng 2-6.
SAM_SEATS = range(2, 6)
LIENG_SEATS = range(2, 7)
DEFAULT_SEATS = 4
DECK = [rank + suit for rank in "3456789TJQKA2" for suit in "SCDH"]
SAM_STAKE = 100  # one unit of money (s) in the table's smallest unit
LIENG_STACK = 1000
LIENG_ANTE = 10
MAX_LIENG_RAISES = 3  # keeps a random betting round short


def seat(index: int) -> str:
    return SEAT_NAMES[index]


def enum_name(enum: EnumTypeWrapper, value: int, prefix: str) -> str:
    """``SAM_COMBINATION_KIND_PAIR`` → ``PAIR``: the printed form drops the proto prefix."""
    return str(enum.Name(value)).removeprefix(prefix)


def deal(rng: random.Random, seats: int, size: int) -> list[list[str]]:
    deck = DECK.copy()
    rng.shuffle(deck)
    return [deck[i * size : (i + 1) * size] for i in range(seats)]


def print_settlement(out: Print, transfers: Sequence[cards_pb2.Transfer], nets: Sequence[int], fee: int) -> None:
    """Transfers one per line, then one ``nets:`` line (``A +300 | B -100 …``) and the fee."""
    for transfer in transfers:
        pot = f", pot {transfer.pot}" if transfer.HasField("pot") else ""
        out(f"  {seat(transfer.from_seat)} pays {seat(transfer.to_seat)} {transfer.amount} ({transfer.reason}{pot})")
    out("nets: " + " | ".join(f"{seat(i)} {net:+d}" for i, net in enumerate(nets)))
    out(f"fee: {fee}")


# --- Sâm Lốc -------------------------------------------------------------------------------------------------------


def player_view(state: sam_loc_pb2.SamTableState) -> sam_loc_pb2.SamTableState:
    """The table as the seat to act sees it: its own hand, only card counts for everyone else."""
    view = sam_loc_pb2.SamTableState()
    view.CopyFrom(state)
    for index, item in enumerate(view.seats):
        if index != state.turn:
            item.card_count = len(item.hand.cards)  # setting the oneof's other member clears the hand
    return view


def pick_sam_move(rng: random.Random, moves: Sequence[sam_loc_pb2.SamMove]) -> sam_loc_pb2.SamMove:
    """A seeded random legal move; plays are preferred over passing so hands end in a readable length."""
    plays = [move for move in moves if move.HasField("play")]
    passes = [move for move in moves if move.HasField("pass")]
    if plays and (not passes or rng.random() < 0.7):
        return rng.choice(plays)
    return passes[0]


def describe_sam_event(event: sam_loc_pb2.SamEvent) -> str | None:
    """One line per event worth telling; TRICK_ENDED is implied by the NEXT_LEADER line after it."""
    who, other = seat(event.seat), seat(event.other_seat) if event.HasField("other_seat") else "?"
    kind = event.kind
    lines = {
        sam_loc_pb2.SAM_EVENT_KIND_CHOP: f"{who} chops {other} (chặt, #{event.chain_position} in the chain)",
        sam_loc_pb2.SAM_EVENT_KIND_OVER_CHOP: f"{who} over-chops {other} (chặt chồng, #{event.chain_position})",
        sam_loc_pb2.SAM_EVENT_KIND_SAM_BLOCKED: f"{who} blocks the Sâm of {other}",
        sam_loc_pb2.SAM_EVENT_KIND_BAO_MOT_VIOLATION: f"{who} breaks the báo 1 duty ({other} holds one card)",
        sam_loc_pb2.SAM_EVENT_KIND_FINISH: f"{who} is out of cards",
        sam_loc_pb2.SAM_EVENT_KIND_FINISH_ON_TWO: f"{who} finished on a 2",
        sam_loc_pb2.SAM_EVENT_KIND_SAM_SUCCEEDED: f"{who} wins the Sâm",
        sam_loc_pb2.SAM_EVENT_KIND_NEXT_LEADER: f"{who} leads",
        sam_loc_pb2.SAM_EVENT_KIND_LEAD_PASSED: f"{who} is stuck and passes the lead",
        sam_loc_pb2.SAM_EVENT_KIND_SAM_FAILED_STUCK: f"{who}'s Sâm fails (stuck)",
        sam_loc_pb2.SAM_EVENT_KIND_BAO_MOT_PENALTY: f"{who} pays for everyone (báo 1 penalty)",
    }
    return lines.get(kind)


def describe_sam_action(action: sam_loc_pb2.SamAction, result: sam_loc_pb2.SamLocServiceValidatePlayResponse) -> str:
    if action.HasField("pass"):
        return f"{seat(action.seat)} passes"
    kind = enum_name(sam_loc_pb2.SamCombinationKind, result.combination.kind, "SAM_COMBINATION_KIND_")
    return f"{seat(action.seat)} plays {cards_text(action.play)} ({kind})"


def advance_sam(
    client: SamLocClient, rng: random.Random, state: sam_loc_pb2.SamTableState, out: Print
) -> tuple[sam_loc_pb2.SamAction, sam_loc_pb2.SamTableState]:
    """One turn: ask for the legal moves, pick one, let ValidatePlay apply it; returns the action and next state."""
    moves = client.legal_moves(state=player_view(state)).moves
    action = sam_action_from_move(state.turn, pick_sam_move(rng, moves))
    # The full state goes to ValidatePlay (as a game backend would send it) so next_state keeps every hand.
    result = client.validate_play(state=state, action=action)
    if not result.legal:
        raise RuntimeError(f"the server rejected a move it listed as legal: {result.message.en}")
    out("  " + describe_sam_action(action, result))
    for event in result.events:
        line = describe_sam_event(event)
        if line is not None:
            out(f"    → {line}")
    return action, result.next_state


def play_sam(client: SamLocClient, rng: random.Random, seats: int, out: Print = print) -> None:
    dealt = deal(rng, seats, 10)
    out(f"== Sâm Lốc, {seats} seats, stake {SAM_STAKE} ==")
    for index, hand in enumerate(dealt):
        out(f"  {seat(index)}: {' '.join(hand)}")
    record = sam_loc_pb2.SamRoundRecord(
        stake=SAM_STAKE, hands=[cards_pb2.Cards(cards=cards(hand)) for hand in dealt], leader=0
    )
    start = client.start_hand(hands=dealt, leader=0)
    if start.HasField("state"):
        out(f"{seat(0)} leads")
        state = start.state
        while state.ended == sam_loc_pb2.SAM_HAND_END_UNSPECIFIED:
            action, state = advance_sam(client, rng, state, out)
            record.actions.append(action)
    else:
        kind = enum_name(sam_loc_pb2.SamInstantWinKind, start.instant_win, "SAM_INSTANT_WIN_KIND_")
        out(f"instant win (tới trắng): {seat(start.instant_winner)} with {kind}")
    settled = client.settle_round(round=record)
    outcome = enum_name(sam_loc_pb2.SamOutcome, settled.outcome, "SAM_OUTCOME_")
    winner = seat(settled.winner) if settled.HasField("winner") else "nobody"
    out(f"settlement: {outcome}, winner {winner}, {len(record.actions)} actions replayed")
    print_settlement(out, settled.transfers, settled.nets, settled.fee)


# --- Liêng -----------------------------------------------------------------------------------------------------------


def pick_lieng_action(
    rng: random.Random, to_act: int, legal: Sequence[lieng_pb2.LiengLegalAction], raises: int
) -> lieng_pb2.LiengAction:
    """A seeded random legal action: mostly check/call, some raises (at most MAX_LIENG_RAISES), rare folds."""
    by_kind = {option.kind: option for option in legal}
    weights = {
        lieng_pb2.LIENG_ACTION_KIND_CHECK: 3,
        lieng_pb2.LIENG_ACTION_KIND_CALL: 6,
        lieng_pb2.LIENG_ACTION_KIND_RAISE: 4 if raises < MAX_LIENG_RAISES else 0,
        lieng_pb2.LIENG_ACTION_KIND_FOLD: 1,
        lieng_pb2.LIENG_ACTION_KIND_ALL_IN: 0.3,
    }
    kinds = [kind for kind in weights if kind in by_kind and weights[kind] > 0]
    kind = rng.choices(kinds, weights=[weights[k] for k in kinds])[0]
    amount = 0
    if kind == lieng_pb2.LIENG_ACTION_KIND_RAISE:
        option = by_kind[kind]
        # Raise to a total between the minimum and a few antes more, never past the legal maximum.
        amount = rng.randint(option.min_total, min(option.max_total, option.min_total + 5 * LIENG_ANTE))
    return lieng_pb2.LiengAction(seat=to_act, kind=kind, amount=amount)


def describe_lieng_action(action: lieng_pb2.LiengAction, legal: Sequence[lieng_pb2.LiengLegalAction]) -> str:
    who = seat(action.seat)
    option = next(o for o in legal if o.kind == action.kind)
    return {
        lieng_pb2.LIENG_ACTION_KIND_FOLD: f"{who} folds",
        lieng_pb2.LIENG_ACTION_KIND_CHECK: f"{who} checks",
        lieng_pb2.LIENG_ACTION_KIND_CALL: f"{who} calls {option.min_chips_added}",
        lieng_pb2.LIENG_ACTION_KIND_RAISE: f"{who} raises to {action.amount}",
        lieng_pb2.LIENG_ACTION_KIND_ALL_IN: f"{who} goes all-in ({option.min_chips_added} more)",
    }.get(action.kind, f"{who} {action.kind}")


def describe_lieng_event(event: lieng_pb2.LiengEvent) -> str | None:
    who = seat(event.seat) if event.HasField("seat") else ""
    return {
        lieng_pb2.LIENG_EVENT_KIND_BETTING_CLOSED: f"betting closed, {event.amount} in the pot",
        lieng_pb2.LIENG_EVENT_KIND_FOLD_OUT: f"everyone else folded: {who} takes {event.amount} unseen",
        lieng_pb2.LIENG_EVENT_KIND_SHOWDOWN: f"showdown for {event.amount}",
    }.get(event.kind)


def advance_lieng(
    client: LiengClient, rng: random.Random, state: lieng_pb2.LiengBettingState, raises: int, out: Print
) -> tuple[lieng_pb2.LiengAction, lieng_pb2.LiengBettingState]:
    legal = client.legal_moves(state=state).actions
    action = pick_lieng_action(rng, state.to_act, legal, raises)
    result = client.validate_play(state=state, action=action)
    if not result.legal:
        raise RuntimeError(f"the server rejected an action it listed as legal: {result.message.en}")
    out("  " + describe_lieng_action(action, legal))
    for event in result.events:
        line = describe_lieng_event(event)
        if line is not None:
            out(f"    → {line}")
    return action, result.next_state


def print_pots(out: Print, pots: Sequence[lieng_pb2.LiengPot]) -> None:
    for index, pot in enumerate(pots):
        kind = enum_name(lieng_pb2.LiengPotKind, pot.kind, "LIENG_POT_KIND_")
        winners = ", ".join(f"{seat(w)} {share}" for w, share in zip(pot.winners, pot.shares, strict=True))
        eligible = "".join(seat(s) for s in pot.eligible)
        out(f"  pot {index} ({pot.lo}, {pot.hi}]: {pot.amount}, eligible {eligible}, {kind} → {winners}")


def play_lieng(client: LiengClient, rng: random.Random, seats: int, out: Print = print) -> None:
    dealt = deal(rng, seats, 3)
    out(f"== Liêng, {seats} seats, stacks {LIENG_STACK}, ante {LIENG_ANTE} ==")
    scores = client.score_lieng(hands=dealt).scores
    for index, (hand, score) in enumerate(zip(dealt, scores, strict=True)):
        out(f"  {seat(index)}: {' '.join(hand)}  {score.label.en} / {score.label.vi}")
    stacks = [LIENG_STACK] * seats
    state = client.start_betting(stacks=stacks, ante=LIENG_ANTE, first_actor=0).state
    record = lieng_pb2.LiengRoundRecord(
        stacks=stacks, ante=LIENG_ANTE, first_actor=0, hands=[cards_pb2.Cards(cards=cards(h)) for h in dealt]
    )
    raises = 0
    while state.HasField("to_act"):
        action, state = advance_lieng(client, rng, state, raises, out)
        raises += action.kind == lieng_pb2.LIENG_ACTION_KIND_RAISE
        record.actions.append(action)
    settled = client.settle_round(round=record)
    out(f"settlement: {len(settled.pots)} pot(s), {len(record.actions)} actions replayed")
    print_pots(out, settled.pots)
    print_settlement(out, settled.transfers, settled.nets, settled.fee)


# --- command line ----------------------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="cardrules-demo",
        description="Play one random hand of Sâm Lốc and one of Liêng through a running cardrules server.",
    )
    parser.add_argument("--target", default="127.0.0.1:50051", help="server address (default 127.0.0.1:50051)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deal and of every choice (default 1)")
    parser.add_argument(
        "--seats", type=int, metavar="N", help=f"seats at both tables (default {DEFAULT_SEATS}; 2-5, as Sâm takes)"
    )
    parser.add_argument("--sam-seats", type=int, metavar="N", help="seats at the Sâm Lốc table, 2-5 (default: --seats)")
    parser.add_argument("--lieng-seats", type=int, metavar="N", help="seats at the Liêng table, 2-6 (default: --seats)")
    args = parser.parse_args(argv)
    args.sam_seats = table_seats(parser, "Sâm Lốc", SAM_SEATS, "--sam-seats", args.sam_seats, args.seats)
    args.lieng_seats = table_seats(parser, "Liêng", LIENG_SEATS, "--lieng-seats", args.lieng_seats, args.seats)
    return args


def table_seats(
    parser: argparse.ArgumentParser, game: str, allowed: range, flag: str, own: int | None, shared: int | None
) -> int:
    """One table's seats: its own flag, else ``--seats``, else the default; a usage error outside ``allowed``."""
    given, count = (flag, own) if own is not None else ("--seats", DEFAULT_SEATS if shared is None else shared)
    if count not in allowed:
        parser.error(f"{given} {count}: {game} takes {allowed.start} to {allowed.stop - 1} seats")
    return count


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    rng = random.Random(args.seed)
    channel = connect(args.target)
    try:
        play_sam(SamLocClient(channel), rng, args.sam_seats)
        print()
        play_lieng(LiengClient(channel), rng, args.lieng_seats)
    except UnavailableError as error:
        print(f"demo: cannot reach the rules service at {args.target}: {error.message}", file=sys.stderr)
        print(f"  {START_A_SERVER}", file=sys.stderr)
        return 1
    except RulesError as error:
        print(f"demo: the server at {args.target} answered {error.code.name}: {error.message}", file=sys.stderr)
        return 1
    finally:
        channel.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
