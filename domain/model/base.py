"""What every caseledger event carries besides its own facts, and shared value rules."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from eventsourcing.persistence import Transcoding

from caseledger.domain.errors import InvalidInput

OUTCOMES: Final = ("failed", "succeeded", "partial", "not_attempted", "unknown")
PRIORITIES: Final = ("low", "normal", "high", "urgent")
_ACTOR = re.compile(r"^(customer|assistant|agent:[\w.@-]{1,64}|service:[\w.-]{1,64})$")


@dataclass(frozen=True)
class EventMeta:
    """The envelope context of an event: who, for whom, when in the world, and why."""

    customer_id: str
    ticket_id: str | None
    occurred_at: datetime  # when it happened in the world (recorded_at is the event timestamp)
    actor: str  # customer | assistant | agent:<id> | service:<name>
    causation_id: str | None  # the event that caused this one
    correlation_id: str  # groups every event of one conversation turn or job


class EventMetaAsDict(Transcoding):
    """Stores EventMeta as a plain JSON object so other readers need no Python class."""

    type = EventMeta
    name = "caseledger_meta"

    def encode(self, obj: EventMeta) -> dict[str, Any]:
        return {
            "customer_id": obj.customer_id,
            "ticket_id": obj.ticket_id,
            "occurred_at": obj.occurred_at.isoformat(),
            "actor": obj.actor,
            "causation_id": obj.causation_id,
            "correlation_id": obj.correlation_id,
        }

    def decode(self, data: dict[str, Any]) -> EventMeta:
        return EventMeta(
            customer_id=data["customer_id"],
            ticket_id=data["ticket_id"],
            occurred_at=datetime.fromisoformat(data["occurred_at"]),
            actor=data["actor"],
            causation_id=data["causation_id"],
            correlation_id=data["correlation_id"],
        )


def check_aware(field: str, value: datetime | None) -> None:
    """Refuse naive datetimes: an instant without an offset cannot be ordered safely."""
    if value is not None and (value.tzinfo is None or value.utcoffset() is None):
        raise InvalidInput(field, "timestamp must be timezone-aware (include a UTC offset)")


def check_actor(actor: str) -> None:
    if not _ACTOR.match(actor):
        raise InvalidInput(
            "actor", "must be 'customer', 'assistant', 'agent:<id>' or 'service:<name>'"
        )


def check_storable(field: str, text: str) -> str:
    """Return ``text``, refusing characters no store can keep.

    PostgreSQL text/jsonb cannot hold NUL, and a lone surrogate cannot be UTF-8 encoded: an
    event carrying either would be recorded, then break every projection that reads it. The
    API refuses them too (422), but ingest, the CLI and the reply pipeline reach here directly.
    """
    if "\x00" in text:
        raise InvalidInput(field, "must not contain NUL characters")
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        raise InvalidInput(field, "must not contain unpaired surrogate code points")
    return text


def storable(text: str) -> str:
    """``text`` with NUL and lone surrogates replaced by U+FFFD: for diagnostics the engine
    writes itself (an exception's message), which are recorded rather than refused."""
    if "\x00" not in text and not any("\ud800" <= ch <= "\udfff" for ch in text):
        return text
    return "".join("\ufffd" if ch == "\x00" or "\ud800" <= ch <= "\udfff" else ch for ch in text)


def check_text(field: str, text: str, max_chars: int) -> str:
    """Return the stripped text, refusing empty, oversized and unstorable values."""
    stripped = check_storable(field, text).strip()
    if not stripped:
        raise InvalidInput(field, "must not be empty")
    if len(stripped) > max_chars:
        raise InvalidInput(field, f"is {len(stripped)} characters; the limit is {max_chars}")
    return stripped


def check_outcome(outcome: str) -> None:
    if outcome not in OUTCOMES:
        raise InvalidInput("outcome", f"must be one of {', '.join(OUTCOMES)}; got {outcome!r}")


def check_priority(priority: str) -> None:
    if priority not in PRIORITIES:
        raise InvalidInput("priority", f"must be one of {', '.join(PRIORITIES)}")


def check_confidence(confidence: float) -> None:
    if not 0.0 <= confidence <= 1.0:
        raise InvalidInput("confidence", "must be between 0 and 1")
