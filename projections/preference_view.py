"""PreferenceView: every preference statement per customer, resolved latest-wins on read.

All statements are kept (bi-temporal), so ``as_of`` answers "what did we believe at T";
resolution uses exactly the domain policy the CLI's ``preferences resolve`` uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from caseledger.domain.envelope import EventEnvelope
from caseledger.domain.policies.preferences import PreferenceStatement, ResolvedPreference, resolve
from caseledger.projections.base import Doc

_TYPES = frozenset({"customer.preference_stated", "customer.preference_corrected"})


class PreferenceView:
    """Per customer: applied statements, low-confidence candidates, and corrections."""

    name = "preference_view"

    def keys(self, envelope: EventEnvelope) -> Sequence[str]:
        return [envelope.customer_id] if envelope.type in _TYPES else []

    def apply(self, key: str, doc: Doc | None, envelope: EventEnvelope) -> Doc | None:
        p = envelope.payload
        corrected = envelope.type == "customer.preference_corrected"
        statement = {
            "key": p["key"],
            "value": p["value"],
            # A correction is dated by when it was made.
            "stated_at": envelope.occurred_at.isoformat() if corrected else p["stated_at"],
            "recorded_at": envelope.recorded_at.isoformat(),
            "source": envelope.event_id,
            "text": p.get("reason", "") if corrected else p["text"],
            "kind": "corrected" if corrected else "stated",
            "confidence": 1.0 if corrected else p["confidence"],
            "expires_at": None if corrected else p["expires_at"],
        }
        statements = list(doc["statements"]) if doc else []
        candidates = list(doc["candidates"]) if doc else []
        if corrected or p["applied"]:
            statements.append(statement)
        else:
            candidates.append(statement)
        return {"customer_id": key, "statements": statements, "candidates": candidates}

    def sources(self, doc: Doc) -> list[str]:
        return [s["source"] for s in doc["statements"]]


def _dt(value: Any) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def to_statements(items: list[dict[str, Any]]) -> list[PreferenceStatement]:
    return [
        PreferenceStatement(
            key=s["key"],
            value=s["value"],
            stated_at=_dt(s["stated_at"]),
            source=s["source"],
            text=s["text"],
            kind=s["kind"],
            recorded_at=_dt(s["recorded_at"]),
            confidence=s["confidence"],
            expires_at=_dt(s["expires_at"]),
        )
        for s in items
    ]


def resolved_preferences(
    doc: Doc | None, *, as_of: datetime | None = None, now: datetime | None = None
) -> dict[str, ResolvedPreference]:
    """The resolved view of a customer's preferences, optionally as believed at ``as_of``."""
    statements = to_statements(doc["statements"]) if doc else []
    return resolve(statements, as_of=as_of, now=now)
