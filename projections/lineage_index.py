"""LineageIndex: for every event, what caused it and what it caused.

Causes are the envelope's causation id plus the event ids an event names in its payload
(the message a preference came from, the context a reply was built from, the guard events
before a reply, the statement a correction corrects, the event a memory write stored).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from caseledger.domain.envelope import EventEnvelope
from caseledger.projections.base import Doc
from caseledger.projections.describe import summarize

_REFERENCE_FIELDS = ("source_event_id", "corrects_event_id")


def causes_of(envelope: EventEnvelope) -> list[dict[str, str]]:
    p = envelope.payload
    causes = []
    if envelope.causation_id:
        causes.append({"event_id": envelope.causation_id, "why": "causation"})
    for name in _REFERENCE_FIELDS:
        if p.get(name):
            causes.append({"event_id": p[name], "why": name})
    causes.extend({"event_id": ref, "why": "context"} for ref in p.get("context_event_ids", []))
    # A reply's guard evidence: the drafts blocked before it, the blocks overruled to send it.
    causes.extend({"event_id": ref, "why": "guard"} for ref in p.get("guard_event_ids", []))
    return causes


class LineageIndex:
    """One document per event id; an event's causes also get it listed as an effect."""

    name = "lineage_index"

    def keys(self, envelope: EventEnvelope) -> Sequence[str]:
        return [envelope.event_id, *dict.fromkeys(c["event_id"] for c in causes_of(envelope))]

    def apply(self, key: str, doc: Doc | None, envelope: EventEnvelope) -> Doc | None:
        if key == envelope.event_id:
            node: dict[str, Any] = {
                "event_id": envelope.event_id,
                "type": envelope.type,
                "schema_version": envelope.schema_version,
                "aggregate_id": envelope.aggregate_id,
                "aggregate_version": envelope.aggregate_version,
                "customer_id": envelope.customer_id,
                "ticket_id": envelope.ticket_id,
                "occurred_at": envelope.occurred_at.isoformat(),
                "recorded_at": envelope.recorded_at.isoformat(),
                "actor": envelope.actor,
                "correlation_id": envelope.correlation_id,
                "position": envelope.position,
                "summary": summarize(envelope),
                "causes": causes_of(envelope),
                "effects": list(doc["effects"]) if doc else [],
            }
            return node
        # ``key`` is a cause of this event: record the effect (the cause may be unseen yet).
        base = doc or {
            "event_id": key,
            "type": None,
            "customer_id": envelope.customer_id,
            "causes": [],
            "effects": [],
        }
        if envelope.event_id in base["effects"]:
            return base
        return {**base, "effects": [*base["effects"], envelope.event_id]}

    def sources(self, doc: Doc) -> list[str]:
        return [c["event_id"] for c in doc["causes"]]
