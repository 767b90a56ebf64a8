"""``cardrules.v1.LiengService``: Liêng requests → the Liêng core → responses. Conversion only, no rules.

- :mod:`.requests`: request messages → core values, bad input named at its field;
- :mod:`.responses`: core values → response messages;
- :mod:`.service`: the servicer, each method convert → core → convert.
"""

from cardrules.api.lieng.requests import action, betting_state, house_rules, round_record, rules_of
from cardrules.api.lieng.responses import (
    event_to_proto,
    legal_to_proto,
    result_to_proto,
    score_to_proto,
    state_to_proto,
)
from cardrules.api.lieng.service import LiengService

__all__ = [
    "LiengService",
    "action",
    "betting_state",
    "event_to_proto",
    "house_rules",
    "legal_to_proto",
    "result_to_proto",
    "round_record",
    "rules_of",
    "score_to_proto",
    "state_to_proto",
]
