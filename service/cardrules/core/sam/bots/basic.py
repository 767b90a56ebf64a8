"""BASIC: exactly what the service plays when the seat's clock runs out (docs/rules/sam-loc.md §9.8)."""

from __future__ import annotations

from cardrules.core.sam.actions import Pass, Play
from cardrules.core.sam.bots.knowledge import Knowledge
from cardrules.core.sam.timeout import resolve_timeout

__all__ = ["basic_action"]


def basic_action(knowledge: Knowledge) -> Play | Pass:
    """The timeout default for the seat, from its view: a follower passes, a leader leads by ``timeout_lead``
    (honouring báo 1 and the stuck leader)."""
    return resolve_timeout(knowledge.view, knowledge.seat)
