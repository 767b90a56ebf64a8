"""The Liêng rules core (``docs/rules/lieng.md``): pure Python, immutable values, one function per rule.

A short tour:

- :mod:`.house_rules` — :class:`HouseRules` (the §4 switches, ``HouseRules.from_mapping``), :class:`A23`,
  :class:`SuitTieBreak`, :class:`Excess`.
- :mod:`.hand_score` — :func:`score_hand` gives a :class:`HandScore` (tier *Sáp* / *Liêng* / *Đĩ* / points,
  key, points, Vietnamese and English labels, ``sort_key``: one int, higher wins). :func:`key_table` is the
  precomputed table of all 22,100 hands for hot paths.
- :mod:`.compare` — :func:`rank_hands` ranks 2–17 hands (:class:`Ranking`: tie groups best first, a rank per
  hand); :func:`compare_two`.
- :mod:`.betting` — :func:`start_betting` collects the ante (*tiền gà*); :class:`BettingState` and
  :class:`Action` are frozen records; :func:`apply` is THE transition (returns an :class:`ActionResult` with a
  :class:`Reason`, and when legal the next state and :class:`Event` s); :func:`judge` answers "is it legal?"
  and :func:`legal_actions` lists what the seat to act may do — both through the same code as :func:`apply`;
  :func:`resolve_timeout` says what a TIMEOUT is (FOLD, or CHECK under ``timeout_checks``).
- :mod:`.reasons` — :class:`Reason`: stable codes with English and Vietnamese messages; :mod:`.explain` —
  :func:`explain`: the message for a rejected action, naming the raise bound it broke.
- :mod:`.pots` — :func:`settle_pots`: bands, side pots, uncalled excess, odd chips, REFUND, fee, itemised
  :class:`Transfer` s, from plain numbers and hand keys.
- :mod:`.settlement` — :func:`settle_betting`: a closed betting state plus hands → :class:`RoundResult`.
- :mod:`.record` / :mod:`.replay` — :class:`RoundRecord` and :func:`settle_round`: replay a whole round through
  :func:`apply` (an illegal action is bad input at ``actions[i]``) and settle it.

Bad input always raises :class:`cardrules.core.errors.InvalidInput` with field paths; an illegal betting action
is an ordinary answer carrying a :class:`Reason`.
"""

from cardrules.core.lieng.betting import (
    Action,
    ActionKind,
    ActionResult,
    BettingState,
    Event,
    EventKind,
    LegalActions,
    SeatState,
    apply,
    judge,
    legal_actions,
    resolve_timeout,
    start_betting,
)
from cardrules.core.lieng.compare import (
    MAX_COMPARED_HANDS,
    MIN_COMPARED_HANDS,
    Ranking,
    compare_two,
    rank_hands,
    rank_scores,
)
from cardrules.core.lieng.explain import explain
from cardrules.core.lieng.hand_score import (
    HandScore,
    Tier,
    hand_sort_key,
    key_table,
    score_hand,
    score_hands,
)
from cardrules.core.lieng.house_rules import A23, MAX_SEATS, MIN_SEATS, Excess, HouseRules, SuitTieBreak
from cardrules.core.lieng.pots import Pot, PotKind, Settlement, Transfer, TransferReason, settle_pots
from cardrules.core.lieng.reasons import Reason
from cardrules.core.lieng.record import HandInput, RoundRecord
from cardrules.core.lieng.replay import (
    Replay,
    ReplayStopped,
    replay,
    replay_start,
    settle_replayed,
    settle_round,
)
from cardrules.core.lieng.settlement import RoundResult, settle_betting

__all__ = [
    "A23",
    "MAX_COMPARED_HANDS",
    "MAX_SEATS",
    "MIN_COMPARED_HANDS",
    "MIN_SEATS",
    "Action",
    "ActionKind",
    "ActionResult",
    "BettingState",
    "Event",
    "EventKind",
    "Excess",
    "HandInput",
    "HandScore",
    "HouseRules",
    "LegalActions",
    "Pot",
    "PotKind",
    "Ranking",
    "Reason",
    "Replay",
    "ReplayStopped",
    "RoundRecord",
    "RoundResult",
    "SeatState",
    "Settlement",
    "SuitTieBreak",
    "Tier",
    "Transfer",
    "TransferReason",
    "apply",
    "compare_two",
    "explain",
    "hand_sort_key",
    "judge",
    "key_table",
    "legal_actions",
    "rank_hands",
    "rank_scores",
    "replay",
    "replay_start",
    "resolve_timeout",
    "score_hand",
    "score_hands",
    "settle_betting",
    "settle_pots",
    "settle_replayed",
    "settle_round",
    "start_betting",
]
