"""When a ticket goes to a human: a pure rule over facts about the ticket."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta


@dataclass(frozen=True)
class EscalationRule:
    """Thresholds (from settings) beyond which a ticket is escalated."""

    max_failed_attempts: int = 2
    # Customer messages after the one that raised the problem: repeated complaints. A
    # success reported starts over ("that fixed it" then "thanks", "bye" complain of nothing).
    max_follow_ups: int = 4
    max_age: timedelta = timedelta(hours=72)
    escalate_priorities: tuple[str, ...] = ("high", "urgent")


@dataclass(frozen=True)
class TicketFacts:
    """What the rule looks at; built from the Ticket aggregate by the service."""

    failed_attempts: int
    customer_messages: int
    opened_at: datetime
    priority: str
    # How many customer messages the ticket had when an attempt last succeeded (0: never).
    customer_messages_at_success: int = 0


def escalation_reasons(rule: EscalationRule, facts: TicketFacts, now: datetime) -> list[str]:
    """Every rule the ticket breaks at ``now`` (the time of the event that asks), as stable,
    human-readable reasons (empty: none)."""
    reasons = []
    if facts.failed_attempts >= rule.max_failed_attempts:
        reasons.append(f"failed_attempts: {facts.failed_attempts} >= {rule.max_failed_attempts}")
    # The first message of a round (the ticket's, or the first after a success) raises the
    # problem; the ones after it are follow-ups.
    since_success = facts.customer_messages - facts.customer_messages_at_success
    follow_ups = max(since_success - 1, 0)
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
