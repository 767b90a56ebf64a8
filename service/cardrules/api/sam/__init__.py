"""``cardrules.v1.SamLocService``: Sâm Lốc requests → the Sâm core → responses. Conversion only, no rules.

- :mod:`.requests`: request messages → core values, bad input named at its field;
- :mod:`.responses`: core values → response messages;
- :mod:`.service`: the servicer, each method convert → core → convert.
"""

from cardrules.api.sam.requests import action, house_rules, round_record, rules_of, table_state
from cardrules.api.sam.responses import combination_to_proto, event_to_proto, settlement_to_proto, state_to_proto
from cardrules.api.sam.service import SamLocService

__all__ = [
    "SamLocService",
    "action",
    "combination_to_proto",
    "event_to_proto",
    "house_rules",
    "round_record",
    "rules_of",
    "settlement_to_proto",
    "state_to_proto",
    "table_state",
]
