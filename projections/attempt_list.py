"""AttemptList: per customer, the deduplicated list of actions tried, on every ticket.

Rephrasings of one action share an ``action_id`` — decided once, when the attempt was
proposed, and recorded in the event — so this fold stays pure and replays identically.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from caseledger.domain.envelope import EventEnvelope
from caseledger.projections.base import Doc

_TYPES = frozenset(
    {
        "ticket.attempt_proposed",
        "ticket.attempt_outcome_recorded",
        "ticket.attempt_outcome_corrected",
        "ticket.failed_attempt_repeat_refused",
    }
)


def _status(outcomes: list[dict[str, Any]]) -> str:
    # An entry's status is its latest outcome; ties broken by when the engine learned it.
    if not outcomes:
        return "pending"
    latest = max(outcomes, key=lambda o: (o["occurred_at"], o["recorded_at"], o["event_id"]))
    return str(latest["outcome"])


class AttemptList:
    """Deduplicated attempts per customer; filter by ticket for a ticket's list."""

    name = "attempt_list"

    def keys(self, envelope: EventEnvelope) -> Sequence[str]:
        return [envelope.customer_id] if envelope.type in _TYPES else []

    def apply(self, key: str, doc: Doc | None, envelope: EventEnvelope) -> Doc | None:
        p = envelope.payload
        actions: dict[str, Any] = dict(doc["actions"]) if doc else {}
        index: dict[str, str] = dict(doc["attempt_index"]) if doc else {}
        base = {
            "event_id": envelope.event_id,
            "ticket_id": envelope.ticket_id,
            "occurred_at": envelope.occurred_at.isoformat(),
            "recorded_at": envelope.recorded_at.isoformat(),
            "actor": envelope.actor,
        }
        if envelope.type == "ticket.attempt_proposed":
            action_id = p["action_id"]
            entry = actions.get(action_id) or {
                "action_id": action_id,
                "text": p["text"],
                "tickets": [],
                "phrasings": [],
                "outcomes": [],
                "refused_repeats": [],
                "status": "pending",
            }
            entry = {**entry, "phrasings": [*entry["phrasings"], {**base, **_proposal(p)}]}
            if envelope.ticket_id not in entry["tickets"]:
                entry["tickets"] = [*entry["tickets"], envelope.ticket_id]
            actions[action_id] = entry
            index[p["attempt_id"]] = action_id
        elif envelope.type == "ticket.failed_attempt_repeat_refused":
            action_id = index[p["failed_attempt_id"]]
            entry = actions[action_id]
            refusal = {
                **base,
                "text": p["text"],
                "lexical_score": p["lexical_score"],
                "semantic_score": p["semantic_score"],
                "rule": p["rule"],
            }
            actions[action_id] = {**entry, "refused_repeats": [*entry["refused_repeats"], refusal]}
        else:
            action_id = index[p["attempt_id"]]
            entry = actions[action_id]
            outcome = {
                **base,
                "attempt_id": p["attempt_id"],
                "outcome": p["outcome"],
                "kind": "corrected" if envelope.type.endswith("corrected") else "recorded",
                "confidence": p.get("confidence", 1.0),
                "note": p.get("note") or p.get("reason", ""),
            }
            outcomes = [*entry["outcomes"], outcome]
            actions[action_id] = {**entry, "outcomes": outcomes, "status": _status(outcomes)}
        return {"customer_id": key, "actions": actions, "attempt_index": index}

    def sources(self, doc: Doc) -> list[str]:
        ids: list[str] = []
        for entry in doc["actions"].values():
            for part in ("phrasings", "outcomes", "refused_repeats"):
                ids.extend(item["event_id"] for item in entry[part])
        return ids


def _proposal(p: Any) -> dict[str, Any]:
    return {
        "attempt_id": p["attempt_id"],
        "text": p["text"],
        "equivalent_to": p["equivalent_to"],
        "lexical_score": p["lexical_score"],
        "semantic_score": p["semantic_score"],
    }


def entries_for_ticket(doc: Doc, ticket_id: str) -> list[dict[str, Any]]:
    """The customer's entries that were proposed on ``ticket_id``, in first-proposed order."""
    return [e for e in doc["actions"].values() if ticket_id in e["tickets"]]
