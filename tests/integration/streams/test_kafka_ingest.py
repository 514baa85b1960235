"""Inbound events from other services, against a real Kafka broker, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import pytest

from caseledger.adapters.bootstrap import Container
from caseledger.adapters.settings import Settings
from caseledger.domain.services import Cause
from caseledger.streams import topics
from caseledger.streams.dlq import list_dead_letters, replay_dead_letters
from caseledger.streams.ingest import (
    Ingestor,
    IngestWorker,
    apply_inbound,
    build_ingest,
    correlation_for,
    parse_inbound,
    recorded_with,
)
from tests.integration.streams.support import wait_until

GROUP = "caseledger.ingest"


def group_of(settings: Settings) -> str:
    """A consumer group per test (per inbound topic): groups shared across tests make each
    join wait on members and coordinators of earlier tests (seen as timeouts under load)."""
    return f"{GROUP}.{settings.kafka.inbound_topic}"


WHEN = "2026-06-01T09:30:00+02:00"


def _event(event_id: str, kind: str, customer: str, data: dict[str, Any], **extra: Any) -> bytes:
    document = {
        "schema_version": 1,
        "event_id": event_id,
        "type": kind,
        "source": "service:payments",
        "customer_id": customer,
        "occurred_at": WHEN,
        "data": data,
        **extra,
    }
    return json.dumps(document).encode()


def _publish(settings: Settings, *values: bytes, key: bytes = b"cust-1") -> None:
    producer = topics.producer(settings.kafka, client_id="test-service")
    try:
        for n, value in enumerate(values):
            producer.send(
                settings.kafka.inbound_topic,
                key=key,
                value=value,
                headers=[("traceparent", f"00-trace-{n}".encode())],
            )
        producer.flush(timeout=30)
    finally:
        producer.close()


def _committed_to_end(worker: IngestWorker, settings: Settings) -> bool:
    consumer = worker.consumer
    ends = topics.end_offsets(consumer, settings.kafka.inbound_topic)
    for (topic, partition), end in ends.items():
        if end == 0:
            continue
        committed = consumer.committed(topics.TopicPartition(topic, partition))
        if (committed or 0) < end:
            return False
    return True


def _ingest_everything(settings: Settings) -> dict[str, int]:
    worker, close = build_ingest(settings, group=group_of(settings), session_timeout_ms=6000)
    try:
        wait_until(
            lambda: worker.poll_once(200) is not None and _committed_to_end(worker, settings),
            timeout=60,
            what="ingest to commit the inbound topic's end offsets",
            every=0,
        )
        return dict(worker.counts)
    finally:
        close()


def _customer_with_ticket(c: Container, customer: str = "cust-1") -> str:
    c.desk.register_customer(customer, Cause("service:crm"))
    return c.desk.open_ticket(customer, "Card declined", Cause("customer"))


def test_the_same_inbound_event_published_three_times_is_applied_once(
    make_container: Any, kafka_settings: Settings
) -> None:
    c: Container = make_container(inline_projections=False)
    ticket = _customer_with_ticket(c)
    message = _event("crm-msg-1", "ticket.message", "cust-1", {"ticket_id": ticket, "text": "hi"})
    _publish(kafka_settings, message, message)
    first = _ingest_everything(kafka_settings)
    _publish(kafka_settings, message)  # once more, after the first two were committed
    second = _ingest_everything(kafka_settings)

    assert first == {"applied": 1, "duplicate": 1, "dead_letter": 0}
    assert second == {"applied": 0, "duplicate": 1, "dead_letter": 0}
    assert [m.text for m in c.desk.load_ticket(ticket).messages] == ["hi"]
    status = c.store.inbound_status(group_of(kafka_settings), "crm-msg-1")
    assert status is not None and status[0] == "done"
    assert list_dead_letters(kafka_settings.kafka) == []


def test_a_poison_event_between_two_good_ones(
    make_container: Any, kafka_settings: Settings
) -> None:
    c: Container = make_container(inline_projections=False)
    ticket = _customer_with_ticket(c)
    good_1 = _event(
        "m-1", "ticket.message", "cust-1", {"ticket_id": ticket, "text": "still broken"}
    )
    poison = b'{"schema_version": 1, "event_id": "m-2", "type": '  # truncated JSON
    good_2 = _event(
        "p-1", "customer.preference", "cust-1", {"key": "contact_channel", "value": "phone"}
    )
    _publish(kafka_settings, good_1, poison, good_2)

    assert _ingest_everything(kafka_settings) == {"applied": 2, "duplicate": 0, "dead_letter": 1}
    assert [m.text for m in c.desk.load_ticket(ticket).messages] == ["still broken"]
    assert c.desk.preferences("cust-1")["contact_channel"].value == "phone"
    [dead] = list_dead_letters(kafka_settings.kafka)
    assert dead.kind == "bad_json" and "not JSON" in dead.reason
    assert dead.value == poison  # the original bytes
    assert dead.key == b"cust-1"
    assert dict(dead.headers)["traceparent"] == b"00-trace-1"  # the original headers
    assert dead.source.startswith(f"{kafka_settings.kafka.inbound_topic}[")


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_every_kind_of_invalid_event_is_dead_lettered_and_can_be_replayed(
    make_container: Any, kafka_settings: Settings
) -> None:
    c: Container = make_container(inline_projections=False)
    ticket = _customer_with_ticket(c)
    other_ticket = _customer_with_ticket(c, "cust-2")
    naive = json.loads(
        _event("n-1", "ticket.message", "cust-1", {"ticket_id": ticket, "text": "x"})
    )
    naive["occurred_at"] = "2026-06-01T09:30:00"
    invalid = {
        "unknown_type": _event("u-1", "ticket.exploded", "cust-1", {}),
        "schema": _event(
            "s-1", "attempt.outcome", "cust-1", {"ticket_id": ticket, "outcome": "meh"}
        ),
        "unknown_customer": _event(
            "c-1", "customer.preference", "cust-new", {"key": "language", "value": "de"}
        ),
        "naive_timestamp": json.dumps(naive).encode(),
        "unknown_ticket": _event(
            "t-1", "ticket.message", "cust-1", {"ticket_id": other_ticket, "text": "not mine"}
        ),
        "rejected": _event(
            "r-1",
            "attempt.outcome",
            "cust-1",
            {"ticket_id": ticket, "attempt_id": "att-nope", "outcome": "failed"},
        ),
    }
    _publish(kafka_settings, *invalid.values())
    assert _ingest_everything(kafka_settings)["dead_letter"] == len(invalid)

    letters = {d.kind: d for d in list_dead_letters(kafka_settings.kafka)}
    assert set(letters) == set(invalid)
    assert "offset" in letters["naive_timestamp"].reason
    assert "cust-new" in letters["unknown_customer"].reason
    assert "outcome" in letters["schema"].reason
    assert letters["unknown_customer"].event_id == "c-1"

    # The cause is fixed (the customer exists now): replay that one entry.
    c.desk.register_customer("cust-new", Cause("service:crm"))
    target = letters["unknown_customer"]
    [replayed] = replay_dead_letters(
        kafka_settings.kafka, selection=[(target.partition, target.offset)]
    )
    assert replayed.event_id == "c-1"
    assert _ingest_everything(kafka_settings) == {"applied": 1, "duplicate": 0, "dead_letter": 0}
    assert c.desk.preferences("cust-new")["language"].value == "de"

    # Without a selection: everything not replayed before — the entry replayed above counts
    # as replayed (session 62) — and the rest fail again, back to the DLQ.
    again = replay_dead_letters(kafka_settings.kafka)
    assert len(again) == len(invalid) - 1
    assert target.event_id not in {d.event_id for d in again}
    assert replay_dead_letters(kafka_settings.kafka) == []  # the group remembers
    counts = _ingest_everything(kafka_settings)
    assert counts == {"applied": 0, "duplicate": 0, "dead_letter": len(invalid) - 1}


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_messages_outcomes_and_preferences_from_other_services(
    make_container: Any, kafka_settings: Settings
) -> None:
    c: Container = make_container(inline_projections=False)
    ticket = _customer_with_ticket(c)
    attempt = c.desk.propose_attempt(ticket, "remove the card and add it again", Cause("assistant"))
    _publish(
        kafka_settings,
        _event(
            "pay-1",
            "attempt.outcome",
            "cust-1",
            {"ticket_id": ticket, "attempt_id": attempt, "outcome": "succeeded", "note": "auth ok"},
        ),
        _event(
            "mail-1",
            "ticket.message",
            "cust-1",
            {"subject": "New problem", "text": "my invoice is wrong", "channel": "email"},
        ),
        _event(
            "crm-2",
            "customer.preference",
            "cust-1",
            {"key": "language", "value": "fr", "correction": {"reason": "typo in the CRM"}},
        ),
    )
    assert _ingest_everything(kafka_settings)["applied"] == 3
    record = c.desk.load_ticket(ticket).attempts[attempt]
    assert record.status == "succeeded"
    outcome = recorded_with(c.desk, c.desk.load_ticket(ticket).id, correlation_for("pay-1"))
    # Everything the outcome caused in that commit (an escalation, if due) shares the correlation.
    assert outcome[0].type == "ticket.attempt_outcome_recorded"
    assert outcome[0].actor == "service:payments"
    assert outcome[0].occurred_at == datetime.fromisoformat(WHEN)
    tickets = c.desk.load_customer("cust-1").ticket_ids
    assert len(tickets) == 2
    assert [m.text for m in c.desk.load_ticket(tickets[1]).messages] == ["my invoice is wrong"]
    assert c.desk.preferences("cust-1")["language"].value == "fr"


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_a_worker_that_died_after_the_command_committed_is_not_run_again(
    make_container: Any,
) -> None:
    """The id was claimed and the command committed, then the worker died before "done"."""
    c: Container = make_container(inline_projections=False)
    _customer_with_ticket(c)
    value = _event(
        "mail-9", "ticket.message", "cust-1", {"subject": "Printer", "text": "it jams again"}
    )
    event = parse_inbound(value)
    dead = Ingestor(c.desk, c.store, ledger=GROUP, owner="dead-worker", lease_seconds=0.0)
    assert dead.store.claim_inbound(
        GROUP, event.event_id, event.digest, owner="dead-worker", lease_seconds=0
    ).claimed
    apply_inbound(c.desk, event, resume=False)  # committed; the "done" mark never happened

    live = Ingestor(c.desk, c.store, ledger=GROUP, owner="new-worker", lease_seconds=0.0)
    result = live.handle(value)
    assert result.status == "applied"
    assert result.recorded  # the ids found in the stream, not new ones
    tickets = c.desk.load_customer("cust-1").ticket_ids
    assert len(tickets) == 2  # no second ticket opened
    assert [m.text for m in c.desk.load_ticket(tickets[1]).messages] == ["it jams again"]
    assert c.store.inbound_status(GROUP, "mail-9") == ("done", result.recorded[0])
    assert live.handle(value).status == "duplicate"
