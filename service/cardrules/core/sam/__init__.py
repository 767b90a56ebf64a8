"""The Sâm Lốc rules core (rules: ``docs/rules/sam-loc.md``). Pure Python, immutable values, one apply function.

A short tour:

- :mod:`.house_rules` — :class:`HouseRules` (every §7 switch, defaults as documented;
  ``HouseRules.from_mapping``) and its enums.
- :mod:`.combination` — :func:`classify` a card set into a :class:`Combination` (:class:`Kind` SINGLE, PAIR,
  TRIPLE, QUAD = tứ quý = four of a kind, STRAIGHT = sảnh, INVALID); :func:`beats` and :func:`is_chop`
  (chặt = chop) of §3.
- :mod:`.state` — :class:`TableState` and :class:`SeatState`, frozen and validated (bad states raise
  :class:`~cardrules.core.errors.InvalidInput` naming the field).
- :mod:`.actions` — :class:`Play`, :class:`Pass` and :class:`Timeout`; :mod:`.timeout` —
  :func:`resolve_timeout`, the play or pass a timeout makes (§9.8), used by ``apply`` and ``replay`` alike.
- :mod:`.apply` — :func:`apply` (state, action) → :class:`Applied` (next state + :class:`Event` list) or
  :class:`Illegal` (a stable :class:`Reason`, English and Vietnamese message); :func:`check` calls it.
- :mod:`.moves` — :func:`legal_moves` (default: one play per rank pattern; ``all_card_sets=True``: all).
- :mod:`.deal` — :func:`start_hand`: instant wins (tới trắng = instant win), Sâm declaration (báo Sâm),
  the first state.
- :mod:`.record` / :mod:`.replay` — :class:`RoundRecord`, :func:`replay` (SettleRound and ReplayRound),
  :func:`settle_round`.
- :mod:`.settlement` — :func:`settle` → :class:`Settlement` (:class:`Outcome`, itemised :class:`Transfer`,
  nets, fee).

Points the rules text leaves open, decided here: a stuck leader (``finish_with_two = FORBIDDEN``, holding only
a 2) passes the lead with a :class:`Pass` action (a stuck declarer's pass ends the hand as SAM_FAILED_STUCK);
if every seat passes the lead in a row (``TableState.lead_passes`` reaches the seat count) the restriction is
lifted and the leader goes out on its 2, settled as FINISHED_ON_TWO. ``finish_with_two = FORBIDDEN`` applies
to a Sâm declarer too (otherwise a declarer could never be stuck); under PENALTY the declarer's last play
simply wins the Sâm. Instant-win ties are broken from the caller's ``leader`` (instant wins are checked before
any declaration). Under ``chop_after_pass`` a passed seat given its turn gets ONLY_CHOP_ALLOWED for any play
that is not a chop.
"""

from cardrules.core.sam.actions import Action, Pass, Play, Timeout
from cardrules.core.sam.apply import Applied, apply, check
from cardrules.core.sam.combination import Combination, Kind, beats, classify, is_chop, is_choppable
from cardrules.core.sam.deal import InstantWin, check_hands, find_instant_win, instant_win_kind, start_hand
from cardrules.core.sam.duties import is_stuck_leader
from cardrules.core.sam.events import Chop, Event, EventKind, HandEnd
from cardrules.core.sam.house_rules import (
    DEFAULT_RULES,
    BaoMot,
    ChopChain,
    FinishWithTwo,
    HouseRules,
    InstantWinKind,
    SamFailPayTo,
    ThoiTwo,
    TimeoutLead,
)
from cardrules.core.sam.moves import LegalMoves, legal_moves
from cardrules.core.sam.reasons import Illegal, Reason
from cardrules.core.sam.record import RoundRecord
from cardrules.core.sam.replay import (
    Replay,
    ReplayStopped,
    replay,
    replay_start,
    settle_replayed,
    settle_round,
)
from cardrules.core.sam.settlement import Outcome, Settlement, Transfer, TransferReason, settle
from cardrules.core.sam.state import SeatState, TableState
from cardrules.core.sam.timeout import resolve_timeout
from cardrules.core.sam.turns import next_to_act

__all__ = [
    "DEFAULT_RULES",
    "Action",
    "Applied",
    "BaoMot",
    "Chop",
    "ChopChain",
    "Combination",
    "Event",
    "EventKind",
    "FinishWithTwo",
    "HandEnd",
    "HouseRules",
    "Illegal",
    "InstantWin",
    "InstantWinKind",
    "Kind",
    "LegalMoves",
    "Outcome",
    "Pass",
    "Play",
    "Reason",
    "Replay",
    "ReplayStopped",
    "RoundRecord",
    "SamFailPayTo",
    "SeatState",
    "Settlement",
    "TableState",
    "ThoiTwo",
    "Timeout",
    "TimeoutLead",
    "Transfer",
    "TransferReason",
    "apply",
    "beats",
    "check",
    "check_hands",
    "classify",
    "find_instant_win",
    "instant_win_kind",
    "is_chop",
    "is_choppable",
    "is_stuck_leader",
    "legal_moves",
    "next_to_act",
    "replay",
    "replay_start",
    "resolve_timeout",
    "settle",
    "settle_replayed",
    "settle_round",
    "start_hand",
]
