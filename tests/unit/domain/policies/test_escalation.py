"""The escalation rule over ticket facts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from caseledger.domain.policies.escalation import EscalationRule, TicketFacts, escalation_reasons

T0 = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
RULE = EscalationRule()


def facts(messages: int, at_success: int = 0, **changes: object) -> TicketFacts:
    values: dict[str, object] = {
        "failed_attempts": 0,
        "customer_messages": messages,
        "opened_at": T0,
        "priority": "normal",
        "customer_messages_at_success": at_success,
    }
    values.update(changes)
    return TicketFacts(**values)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "messages,at_success,escalated",
    [
        (4, 0, False),  # the problem and three follow-ups
        (5, 0, True),  # the problem and four follow-ups
        # "printer offline", "that fixed it", then "thanks", "have a nice day", "bye":
        # nothing after the success complains (session 62's QA found it escalated).
        (5, 2, False),
        (6, 2, False),
        (7, 2, True),  # four follow-ups after the first message of the new round
    ],
)
def test_repeated_complaints_count_from_the_last_success(
    messages: int, at_success: int, escalated: bool
) -> None:
    reasons = escalation_reasons(RULE, facts(messages, at_success), T0)
    assert any(r.startswith("repeated_complaints") for r in reasons) is escalated


def test_age_is_judged_at_the_time_given() -> None:
    assert escalation_reasons(RULE, facts(1), T0 + timedelta(hours=72)) == []
    assert escalation_reasons(RULE, facts(1), T0 + timedelta(hours=73)) == ["age: 73h > 72h"]
