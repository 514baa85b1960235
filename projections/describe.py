"""One-line, human-readable summaries of events, shared by timelines and traces."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from caseledger.domain.envelope import EventEnvelope


def _short(text: Any, limit: int = 80) -> str:
    s = str(text)
    return s if len(s) <= limit else s[: limit - 1] + "…"


_SUMMARIES: dict[str, Callable[[dict[str, Any]], str]] = {
    "ticket.opened": lambda p: f"ticket opened: {_short(p['subject'])} ({p['priority']})",
    "ticket.message_received": lambda p: f"customer: {_short(p['text'])}",
    "ticket.reply_sent": lambda p: f"reply ({p['responder']}): {_short(p['text'])}",
    "ticket.attempt_proposed": lambda p: (
        f"attempt {p['attempt_id']} proposed: {_short(p['text'])}"
        + (f" (same action as {p['equivalent_to']})" if p.get("equivalent_to") else "")
    ),
    "ticket.attempt_outcome_recorded": lambda p: f"attempt {p['attempt_id']} → {p['outcome']}",
    "ticket.attempt_outcome_corrected": lambda p: (
        f"attempt {p['attempt_id']} corrected {p['previous_outcome']} → {p['outcome']}"
        f" ({_short(p['reason'], 40)})"
    ),
    "ticket.failed_attempt_repeat_refused": lambda p: (
        f"refused {_short(p['text'], 60)!r}: repeats failed {p['failed_attempt_id']}"
        f" (lexical {p['lexical_score']:.2f}, semantic {p['semantic_score']:.2f})"
    ),
    "ticket.memory_recalled": lambda p: f"memory recalled: {p['status']}, {len(p['memory_ids'])}",
    "ticket.draft_blocked": lambda p: f"draft blocked: {_short(p['solution'], 60)}",
    "ticket.guard_overruled": lambda p: (
        f"guard block overruled: {_short(p['solution'], 60)} ({p['rule']}; model"
        f" {p['model_score']:.2f} < {p['veto_threshold']:.2f})"
    ),
    "ticket.triaged": lambda p: f"triaged: {p['category']} / {p['priority']}",
    "ticket.assigned": lambda p: f"assigned to {p['assignee']}",
    "ticket.escalated": lambda p: "escalated: " + "; ".join(p["reasons"]),
    "ticket.resolved": lambda p: f"resolved: {_short(p['resolution'])}",
    "ticket.reopened": lambda p: f"reopened: {_short(p['reason'])}",
    "customer.registered": lambda p: "customer registered",
    "customer.ticket_linked": lambda p: f"ticket {p['ticket_id'][:8]} linked",
    "customer.preference_stated": lambda p: (
        f"preference {p['key']} = {p['value']!r}"
        + ("" if p["applied"] else f" (candidate, confidence {p['confidence']:.2f})")
    ),
    "customer.preference_corrected": lambda p: f"preference {p['key']} corrected to {p['value']!r}",
    "customer.memory_retained": lambda p: f"memory retained in {p['bank_id']}: {p['memory_id']}",
    "customer.memory_write_failed": lambda p: f"memory write failed: {_short(p['reason'], 60)}",
}


def summarize(envelope: EventEnvelope) -> str:
    describe = _SUMMARIES.get(envelope.type)
    return describe(dict(envelope.payload)) if describe else envelope.type
