"""The one shape every reader sees: projections, Kafka and audit never see library events."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from uuid import UUID

from caseledger.domain.ids import event_id_for
from caseledger.domain.model.base import EventMeta

# Fields of the library's event base class; everything else is the event's own payload.
_BASE_FIELDS = frozenset({"originator_id", "originator_version", "timestamp", "originator_topic"})
_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


def wire_type(qualname: str) -> str:
    """``Ticket.AttemptProposed`` -> ``ticket.attempt_proposed`` (stable, language-neutral)."""
    aggregate, _, name = qualname.partition(".")
    return f"{aggregate.lower()}.{_CAMEL.sub('_', name).lower()}"


@dataclass(frozen=True)
class EventEnvelope:
    """An immutable recorded event with the design brief's envelope fields."""

    event_id: str
    type: str
    schema_version: int
    aggregate_id: str
    aggregate_version: int
    customer_id: str
    ticket_id: str | None
    occurred_at: datetime
    recorded_at: datetime
    causation_id: str | None
    correlation_id: str
    actor: str
    payload: Mapping[str, Any] = field(default_factory=dict)
    position: int | None = None  # the store's notification id, when read from the log

    def to_dict(self) -> dict[str, Any]:
        return {
            "event_id": self.event_id,
            "type": self.type,
            "schema_version": self.schema_version,
            "aggregate_id": self.aggregate_id,
            "aggregate_version": self.aggregate_version,
            "customer_id": self.customer_id,
            "ticket_id": self.ticket_id,
            "occurred_at": self.occurred_at.isoformat(),
            "recorded_at": self.recorded_at.isoformat(),
            "causation_id": self.causation_id,
            "correlation_id": self.correlation_id,
            "actor": self.actor,
            "payload": dict(self.payload),
            "position": self.position,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EventEnvelope:
        return cls(
            event_id=data["event_id"],
            type=data["type"],
            schema_version=int(data["schema_version"]),
            aggregate_id=data["aggregate_id"],
            aggregate_version=int(data["aggregate_version"]),
            customer_id=data["customer_id"],
            ticket_id=data["ticket_id"],
            occurred_at=datetime.fromisoformat(data["occurred_at"]),
            recorded_at=datetime.fromisoformat(data["recorded_at"]),
            causation_id=data["causation_id"],
            correlation_id=data["correlation_id"],
            actor=data["actor"],
            payload=dict(data.get("payload") or {}),
            position=data.get("position"),
        )


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, UUID):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [_jsonable(v) for v in value]
    return value


def to_envelope(domain_event: Any, position: int | None = None) -> EventEnvelope:
    """Wrap a recorded caseledger domain event (after upcasting) in an envelope."""
    meta = getattr(domain_event, "meta", None)
    if not isinstance(meta, EventMeta):
        raise TypeError(f"{type(domain_event).__qualname__} is not a caseledger event")
    cls = type(domain_event)
    payload = {
        k: _jsonable(v)
        for k, v in domain_event.__dict__.items()
        if k not in _BASE_FIELDS and k != "meta"
    }
    return EventEnvelope(
        event_id=event_id_for(domain_event.originator_id, domain_event.originator_version),
        type=wire_type(cls.__qualname__),
        schema_version=int(getattr(cls, "class_version", 1)),
        aggregate_id=str(domain_event.originator_id),
        aggregate_version=int(domain_event.originator_version),
        customer_id=meta.customer_id,
        ticket_id=meta.ticket_id,
        occurred_at=meta.occurred_at,
        recorded_at=domain_event.timestamp,
        causation_id=meta.causation_id,
        correlation_id=meta.correlation_id,
        actor=meta.actor,
        payload=payload,
        position=position,
    )
