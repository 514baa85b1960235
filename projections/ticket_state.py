"""TicketState: one document per ticket — status, priority, counts, timeline."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from caseledger.domain.envelope import EventEnvelope
from caseledger.projections.base import Doc
from caseledger.projections.describe import summarize

_COUNTED = {
    "ticket.message_received": "messages",
    "ticket.reply_sent": "replies",
    "ticket.attempt_proposed": "attempts",
    "ticket.attempt_outcome_recorded": "outcomes",
    "ticket.attempt_outcome_corrected": "corrections",
    "ticket.draft_blocked": "blocked_drafts",
    "ticket.guard_overruled": "overruled_blocks",
    "ticket.failed_attempt_repeat_refused": "refused_repeats",
    "ticket.memory_recalled": "memory_recalls",
    "ticket.escalated": "escalations",
}


class TicketState:
    """The current state of each ticket, with a timeline of what happened."""

    name = "ticket_state"

    def keys(self, envelope: EventEnvelope) -> Sequence[str]:
        if envelope.type.startswith("ticket.") and envelope.ticket_id:
            return [envelope.ticket_id]
        return []

    def apply(self, key: str, doc: Doc | None, envelope: EventEnvelope) -> Doc | None:
        p = envelope.payload
        at = envelope.occurred_at.isoformat()
        if envelope.type == "ticket.opened":
            new: dict[str, Any] = {
                "ticket_id": key,
                "customer_id": envelope.customer_id,
                "subject": p["subject"],
                "channel": p["channel"],
                "status": "open",
                "priority": p["priority"],
                "category": p["category"],
                "assignee": None,
                "opened_at": at,
                "resolved_at": None,
                "escalated_at": None,
                "escalation_reasons": [],
                "counts": {name: 0 for name in _COUNTED.values()},
                "timeline": [],
            }
        elif doc is None:
            return None  # an event for a ticket whose opening this view never saw
        else:
            new = {**doc, "counts": dict(doc["counts"]), "timeline": list(doc["timeline"])}
        if envelope.type in _COUNTED:
            counted = _COUNTED[envelope.type]
            # .get: a document made before a counter existed (a newer event type) lacks it
            new["counts"][counted] = new["counts"].get(counted, 0) + 1
        match envelope.type:
            case "ticket.triaged":
                new["category"], new["priority"] = p["category"], p["priority"]
            case "ticket.assigned":
                new["assignee"] = p["assignee"]
            case "ticket.escalated":
                new["status"], new["escalated_at"] = "escalated", at
                new["escalation_reasons"] = list(p["reasons"])
            case "ticket.resolved":
                new["status"], new["resolved_at"] = "resolved", at
            case "ticket.reopened":
                new["status"], new["resolved_at"] = "open", None
            case "ticket.attempt_outcome_recorded" if p["outcome"] == "failed":
                new["counts"]["failed_outcomes"] = new["counts"].get("failed_outcomes", 0) + 1
        new["updated_at"] = at
        new["timeline"].append(
            {
                "event_id": envelope.event_id,
                "type": envelope.type,
                "occurred_at": at,
                "actor": envelope.actor,
                "summary": summarize(envelope),
            }
        )
        return new

    def sources(self, doc: Doc) -> list[str]:
        return [entry["event_id"] for entry in doc["timeline"]]
