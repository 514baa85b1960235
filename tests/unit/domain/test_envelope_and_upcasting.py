"""Envelopes and schema versions: stored v1 payloads must still read, as v2."""

from __future__ import annotations

import json
from pathlib import Path
from uuid import UUID

from eventsourcing.persistence import StoredEvent

from caseledger.adapters.clock import SystemClock
from caseledger.domain.envelope import EventEnvelope, to_envelope, wire_type
from caseledger.domain.model.ticket import Ticket
from caseledger.domain.services import SupportDesk
from tests.unit.domain.catalogue import event_doc, events  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "data" / "events"


class _NoEquivalence:
    def find_equivalent(self, candidate: str, known: object) -> None:
        return None


def _desk() -> SupportDesk:
    return SupportDesk(
        {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": ":memory:"},
        clock=SystemClock(),
        equivalence=_NoEquivalence(),
    )


def test_wire_type_is_snake_case_with_aggregate() -> None:
    assert wire_type("Ticket.AttemptOutcomeRecorded") == "ticket.attempt_outcome_recorded"
    assert wire_type("Customer.PreferenceStated") == "customer.preference_stated"


def test_stored_v1_outcome_upcasts_to_v2() -> None:
    record = json.loads((DATA / "ticket.attempt_outcome_recorded.v1.json").read_text())
    stored = StoredEvent(
        originator_id=UUID(record["originator_id"]),
        originator_version=record["originator_version"],
        topic=record["topic"],
        state=json.dumps(record["state"]).encode(),
    )
    event = _desk().mapper.to_domain_event(stored)
    assert isinstance(event, Ticket.AttemptOutcomeRecorded)
    assert event.confidence == 1.0 and event.note == ""
    envelope = to_envelope(event, position=7)
    assert envelope.schema_version == 2
    assert envelope.type == "ticket.attempt_outcome_recorded"
    assert envelope.payload == {
        "attempt_id": "att-legacy00001",
        "outcome": "failed",
        "confidence": 1.0,
        "note": "",
    }
    assert envelope.customer_id == "cust-legacy" and envelope.actor == "agent:ops"
    assert envelope.occurred_at.isoformat() == "2026-01-05T09:59:00+00:00"


def test_envelope_round_trips_through_json() -> None:
    record = json.loads((DATA / "ticket.attempt_outcome_recorded.v1.json").read_text())
    stored = StoredEvent(
        originator_id=UUID(record["originator_id"]),
        originator_version=3,
        topic=record["topic"],
        state=json.dumps(record["state"]).encode(),
    )
    envelope = to_envelope(_desk().mapper.to_domain_event(stored), position=1)
    assert EventEnvelope.from_dict(json.loads(json.dumps(envelope.to_dict()))) == envelope


def test_every_event_class_has_a_docstring_and_a_past_tense_name() -> None:
    catalogue = list(events())
    assert len(catalogue) == 21
    for wire, cls, _ in catalogue:
        assert event_doc(cls), wire
        assert cls.__name__.endswith(("ed", "Sent")), wire
