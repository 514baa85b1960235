"""The Customer aggregate: what follows a customer across tickets and sessions."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate, event

from caseledger.domain.errors import InvariantViolated
from caseledger.domain.ids import event_id_for
from caseledger.domain.model.base import EventMeta


class Customer(Aggregate):
    """A customer: their tickets, stated preferences and long-term memory writes."""

    class Event(Aggregate.Event):
        meta: EventMeta

    class Registered(Aggregate.Created, Event):
        """A customer became known to the engine."""

        display_name: str

    class TicketLinked(Event):
        """A ticket was opened for this customer, so later tickets can find its history."""

        ticket_id: str
        subject: str

    class PreferenceStated(Event):
        """The customer stated a preference (``stated_at`` None: the time is unknown).

        ``applied`` is False for a low-confidence statement kept only as a candidate.
        """

        key: str
        value: str
        stated_at: datetime | None
        source_event_id: str | None
        text: str
        confidence: float
        applied: bool
        expires_at: datetime | None

    class PreferenceCorrected(Event):
        """An explicit correction of a preference; it beats any older statement."""

        key: str
        value: str
        corrects_event_id: str | None
        reason: str

    class MemoryRetained(Event):
        """A memory was written to the customer's long-term memory bank."""

        bank_id: str
        memory_id: str
        source_event_id: str
        content_hash: str
        try_number: int

    class MemoryWriteFailed(Event):
        """A memory write failed; a worker retries it later from this event."""

        bank_id: str
        source_event_id: str
        reason: str
        try_number: int

    @event(Registered)
    def __init__(self, *, display_name: str, meta: EventMeta, timestamp: datetime) -> None:
        self.customer_id = meta.customer_id
        self.display_name = display_name
        self.ticket_ids: list[str] = []
        self.preference_keys: set[str] = set()
        # Every statement and correction of a preference, by its event id: what a correction
        # may name as the one it corrects.
        self.preference_events: dict[str, str] = {}
        # Applied statements and corrections, as plain dicts (the policy resolves them).
        self.preference_records: list[dict[str, Any]] = []
        # Memory writes that failed and have not been retained since: source event -> info.
        self.pending_memory_writes: dict[str, dict[str, Any]] = {}

    @classmethod
    def register(
        cls, *, aggregate_id: UUID, display_name: str, meta: EventMeta, timestamp: datetime
    ) -> Customer:
        return cls._create(
            cls.Registered,
            id=aggregate_id,
            display_name=display_name,
            meta=meta,
            timestamp=timestamp,
        )

    def _applying_event_id(self) -> str:
        # Inside an @event body the aggregate still has the previous version.
        return event_id_for(self.id, self.version + 1)

    def _check_meta(self, meta: EventMeta) -> None:
        if meta.customer_id != self.customer_id:
            raise InvariantViolated(
                f"event context names customer {meta.customer_id!r}, not {self.customer_id!r}"
            )

    def link_ticket(
        self, *, ticket_id: str, subject: str, meta: EventMeta, timestamp: datetime
    ) -> None:
        self._check_meta(meta)
        if ticket_id in self.ticket_ids:
            raise InvariantViolated(f"ticket {ticket_id} is already linked")
        self._ticket_linked(ticket_id=ticket_id, subject=subject, meta=meta, timestamp=timestamp)

    @event(TicketLinked)
    def _ticket_linked(
        self, *, ticket_id: str, subject: str, meta: EventMeta, timestamp: datetime
    ) -> None:
        self.ticket_ids.append(ticket_id)

    def state_preference(
        self,
        *,
        key: str,
        value: str,
        stated_at: datetime | None,
        source_event_id: str | None,
        text: str,
        confidence: float,
        applied: bool,
        expires_at: datetime | None,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self._check_meta(meta)
        self._preference_stated(
            key=key,
            value=value,
            stated_at=stated_at,
            source_event_id=source_event_id,
            text=text,
            confidence=confidence,
            applied=applied,
            expires_at=expires_at,
            meta=meta,
            timestamp=timestamp,
        )

    @event(PreferenceStated)
    def _preference_stated(
        self,
        *,
        key: str,
        value: str,
        stated_at: datetime | None,
        source_event_id: str | None,
        text: str,
        confidence: float,
        applied: bool,
        expires_at: datetime | None,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self.preference_keys.add(key)
        self.preference_events[self._applying_event_id()] = key
        if applied:
            self.preference_records.append(
                {
                    "key": key,
                    "value": value,
                    "stated_at": stated_at,
                    "kind": "stated",
                    "source": self._applying_event_id(),
                    "text": text,
                    "recorded_at": timestamp,
                    "confidence": confidence,
                    "expires_at": expires_at,
                }
            )

    def correct_preference(
        self,
        *,
        key: str,
        value: str,
        corrects_event_id: str | None,
        reason: str,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self._check_meta(meta)
        self._preference_corrected(
            key=key,
            value=value,
            corrects_event_id=corrects_event_id,
            reason=reason,
            meta=meta,
            timestamp=timestamp,
        )

    @event(PreferenceCorrected)
    def _preference_corrected(
        self,
        *,
        key: str,
        value: str,
        corrects_event_id: str | None,
        reason: str,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self.preference_keys.add(key)
        self.preference_events[self._applying_event_id()] = key
        self.preference_records.append(
            {
                "key": key,
                "value": value,
                "stated_at": meta.occurred_at,
                "kind": "corrected",
                "source": self._applying_event_id(),
                "text": reason,
                "recorded_at": timestamp,
                "confidence": 1.0,
                "expires_at": None,
            }
        )

    def record_memory_retained(
        self,
        *,
        bank_id: str,
        memory_id: str,
        source_event_id: str,
        content_hash: str,
        try_number: int,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self._check_meta(meta)
        self._memory_retained(
            bank_id=bank_id,
            memory_id=memory_id,
            source_event_id=source_event_id,
            content_hash=content_hash,
            try_number=try_number,
            meta=meta,
            timestamp=timestamp,
        )

    @event(MemoryRetained)
    def _memory_retained(
        self,
        *,
        bank_id: str,
        memory_id: str,
        source_event_id: str,
        content_hash: str,
        try_number: int,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self.pending_memory_writes.pop(source_event_id, None)

    def record_memory_write_failed(
        self,
        *,
        bank_id: str,
        source_event_id: str,
        reason: str,
        try_number: int,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self._check_meta(meta)
        self._memory_write_failed(
            bank_id=bank_id,
            source_event_id=source_event_id,
            reason=reason[:300],
            try_number=try_number,
            meta=meta,
            timestamp=timestamp,
        )

    @event(MemoryWriteFailed)
    def _memory_write_failed(
        self,
        *,
        bank_id: str,
        source_event_id: str,
        reason: str,
        try_number: int,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self.pending_memory_writes[source_event_id] = {
            "ticket_id": meta.ticket_id,
            "try_number": try_number,
            "reason": reason,
        }
