"""When a ticket goes to a human: a pure rule over facts about the ticket."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta


@dataclass(frozen=True)
class EscalationRule:
    """Thresholds (from settings) beyond which a ticket is escalated."""

    max_failed_attempts: int = 2
    max_follow_ups: int = 4  # customer messages after the first one: repeated complaints
    max_age: timedelta = timedelta(hours=72)
    escalate_priorities: tuple[str, ...] = ("high", "urgent")


@dataclass(frozen=True)
class TicketFacts:
    """What the rule looks at; built from the Ticket aggregate by the service."""

    failed_attempts: int
    customer_messages: int
    opened_at: datetime
    priority: str


def escalation_reasons(rule: EscalationRule, facts: TicketFacts, now: datetime) -> list[str]:
    """Every rule the ticket breaks now, as stable, human-readable reasons (empty: none)."""
    reasons = []
    if facts.failed_attempts >= rule.max_failed_attempts:
        reasons.append(f"failed_attempts: {facts.failed_attempts} >= {rule.max_failed_attempts}")
    follow_ups = max(facts.customer_messages - 1, 0)
    if follow_ups >= rule.max_follow_ups:
        reasons.append(f"repeated_complaints: {follow_ups} follow-ups >= {rule.max_follow_ups}")
    age = now - facts.opened_at
    if age > rule.max_age:
        hours = int(age.total_seconds() // 3600)
        limit = int(rule.max_age.total_seconds() // 3600)
        reasons.append(f"age: {hours}h > {limit}h")
    if facts.priority in rule.escalate_priorities:
        reasons.append(f"priority: {facts.priority}")
    return reasons
