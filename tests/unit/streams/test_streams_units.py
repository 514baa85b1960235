"""The Kafka workers' pure parts: contracts, parsing, step functions, stores' consumer state."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from caseledger.adapters.bootstrap import all_projections
from caseledger.adapters.readmodels.sqlite import SQLiteReadModelStore
from caseledger.domain.envelope import EventEnvelope
from caseledger.projections.history import ticket_history
from caseledger.projections.store import StaleOffsets
from caseledger.streams.dlq import decode_dead_letter, parse_selection
from caseledger.streams.ingest import IngestResult, Rejected, dead_letter_message, parse_inbound
from caseledger.streams.projector import Delivered, ProjectorStep, decode_event
from caseledger.streams.relay import (
    Message,
    RelayCursor,
    encode_envelope,
    envelope_headers,
    relay_step,
)
from caseledger.streams.schemas import (
    ENVELOPE_SCHEMA,
    INBOUND_SCHEMA,
    ContractError,
    load_schema,
    validate_envelope,
)
from tests.unit.domain.catalogue import events

T0 = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


def envelope(
    n: int,
    *,
    type: str = "ticket.opened",
    aggregate: str = "11111111-1111-4111-8111-111111111111",
    customer: str = "cust-1",
    payload: dict[str, Any] | None = None,
    recorded_at: datetime | None = None,
) -> EventEnvelope:
    return EventEnvelope(
        event_id=f"00000000-0000-4000-8000-{n:012d}",
        type=type,
        schema_version=1,
        aggregate_id=aggregate,
        aggregate_version=n,
        customer_id=customer,
        ticket_id=aggregate if type.startswith("ticket.") else None,
        occurred_at=T0 + timedelta(minutes=n),
        recorded_at=recorded_at or T0 + timedelta(minutes=n, seconds=1),
        causation_id=None,
        correlation_id=f"corr-{n}",
        actor="customer",
        payload=payload
        if payload is not None
        else {"subject": "s", "channel": "chat", "priority": "normal", "category": "general"},
        position=n,
    )


# -- contracts --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [ENVELOPE_SCHEMA, INBOUND_SCHEMA])
def test_contracts_are_valid_versioned_json_schemas(name: str) -> None:
    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    assert schema["$id"].endswith(name) and ".v1." in name


@pytest.mark.parametrize("wire,cls", [(w, c) for w, c, _ in events()])
def test_an_envelope_of_every_catalogue_type_satisfies_the_contract_and_round_trips(
    wire: str, cls: type
) -> None:
    e = EventEnvelope(
        **{
            **envelope(3).__dict__,
            "type": wire,
            "schema_version": int(getattr(cls, "class_version", 1)),
        }
    )
    value = encode_envelope(e)
    validate_envelope(json.loads(value))
    assert decode_event(value) == e
    headers = dict(envelope_headers(e))
    assert headers["type"] == wire.encode() and headers["envelope_version"] == b"1"


@pytest.mark.parametrize(
    "change,where",
    [
        ({"occurred_at": "2026-06-01T12:00:00"}, "occurred_at"),
        ({"position": None}, "position"),
        ({"envelope_version": 2}, "envelope_version"),
        ({"type": "TicketOpened"}, "type"),
        ({"actor": "robot"}, "actor"),
    ],
)
def test_envelopes_that_break_the_contract_are_refused(change: dict[str, Any], where: str) -> None:
    document = {**json.loads(encode_envelope(envelope(1))), **change}
    with pytest.raises(ContractError) as refused:
        decode_event(json.dumps(document).encode())
    assert refused.value.path == where


def test_without_validation_only_the_envelope_version_and_shape_are_checked() -> None:
    assert decode_event(encode_envelope(envelope(1)), validate=False) == envelope(1)
    with pytest.raises(ContractError):
        decode_event(b'{"envelope_version": 2}', validate=False)
    with pytest.raises(ContractError):
        decode_event(b"not json", validate=False)


# -- inbound parsing ---------------------------------------------------------------------------


def inbound(**changes: Any) -> dict[str, Any]:
    document: dict[str, Any] = {
        "schema_version": 1,
        "event_id": "crm-1",
        "type": "customer.preference",
        "source": "service:crm",
        "customer_id": "cust-1",
        "occurred_at": "2026-06-01T09:00:00Z",
        "data": {"key": "contact_channel", "value": "phone"},
    }
    document.update(changes)
    return document


@pytest.mark.parametrize(
    "value,kind",
    [
        (b"{nope", "bad_json"),
        (b"\xff\xfe", "bad_json"),
        (None, "bad_json"),
        (b"[1, 2]", "not_an_object"),
        (json.dumps(inbound(schema_version=2)).encode(), "unsupported_version"),
        (json.dumps(inbound(type="ticket.deleted")).encode(), "unknown_type"),
        (json.dumps(inbound(occurred_at="2026-06-01T09:00:00")).encode(), "naive_timestamp"),
        (
            json.dumps(
                inbound(data={"key": "k", "value": "v", "stated_at": "2026-06-01T09:00"})
            ).encode(),
            "naive_timestamp",
        ),
        (json.dumps(inbound(data={"key": "Bad Key", "value": "v"})).encode(), "schema"),
        (json.dumps(inbound(extra=1)).encode(), "schema"),
        (json.dumps(inbound(source="crm")).encode(), "schema"),
        # Impossible instants: each stopped the worker (datetime raised) until session 62.
        (json.dumps(inbound(occurred_at="2026-13-45T10:00:00+00:00")).encode(), "schema"),
        (json.dumps(inbound(occurred_at="2026-06-01T10:00:00+99:99")).encode(), "schema"),
        (json.dumps(inbound(occurred_at="0000-06-01T10:00:00+00:00")).encode(), "schema"),
        (json.dumps(inbound(occurred_at="yesterday")).encode(), "schema"),
        (
            json.dumps(
                inbound(data={"key": "k", "value": "v", "stated_at": "2026-02-30T00:00:00Z"})
            ).encode(),
            "schema",
        ),
        (
            json.dumps(
                inbound(data={"key": "k", "value": "v", "expires_at": "2026-02-30T00:00:00Z"})
            ).encode(),
            "schema",
        ),
        # Nesting past the decoder's recursion limit, and deep but decodable nesting.
        (b"[" * 100_000 + b"]" * 100_000, "bad_json"),
        (b'{"a":' * 50_000 + b"1" + b"}" * 50_000, "bad_json"),
        (
            json.dumps(
                inbound(
                    data={
                        "key": "k",
                        "value": "v",
                        "x": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
                    }
                )
            ).encode(),
            "bad_json",
        ),
    ],
)
def test_invalid_inbound_events_are_rejected_with_their_kind(
    value: bytes | None, kind: str
) -> None:
    with pytest.raises(Rejected) as rejected:
        parse_inbound(value)
    assert rejected.value.kind == kind


def test_a_valid_inbound_event_is_parsed_and_its_digest_ignores_key_order() -> None:
    document = inbound()
    event = parse_inbound(json.dumps(document).encode())
    assert event.occurred_at == datetime(2026, 6, 1, 9, tzinfo=UTC)
    assert event.correlation_id == "inbound:crm-1"
    reordered = dict(reversed(list(document.items())))
    assert parse_inbound(json.dumps(reordered).encode()).digest == event.digest
    assert (
        parse_inbound(json.dumps(inbound(data={"key": "k", "value": "w"})).encode()).digest
        != event.digest
    )


def test_a_message_needs_exactly_one_of_ticket_id_and_subject() -> None:
    base = inbound(type="ticket.message")
    for data in ({"text": "hi"}, {"text": "hi", "ticket_id": "t", "subject": "s"}):
        with pytest.raises(Rejected, match="schema"):
            parse_inbound(json.dumps({**base, "data": data}).encode())
    for data in ({"text": "hi", "ticket_id": "t"}, {"text": "hi", "subject": "s"}):
        assert parse_inbound(json.dumps({**base, "data": data}).encode()).data == data


# -- relay step ----------------------------------------------------------------------------------


class ListSource:
    def __init__(self, envelopes: Sequence[EventEnvelope]) -> None:
        self.envelopes = list(envelopes)

    def read(self, after: int, limit: int) -> list[EventEnvelope]:
        return [e for e in self.envelopes if (e.position or 0) > after][:limit]

    def head(self) -> int:
        return len(self.envelopes)


class RecordingPublisher:
    def __init__(self, fail: bool = False) -> None:
        self.fail = fail
        self.sent: list[Message] = []

    def publish(self, topic: str, messages: Sequence[Message]) -> None:
        if self.fail:
            raise OSError("broker unreachable")
        self.sent.extend(messages)

    def close(self) -> None:
        pass


@pytest.fixture
def store(tmp_path: Path) -> Any:
    s = SQLiteReadModelStore(tmp_path / "rm.sqlite")
    yield s
    s.close()


def test_the_relay_cursor_moves_only_after_the_batch_was_acknowledged(store: Any) -> None:
    source = ListSource([envelope(n) for n in range(1, 6)])
    cursor = RelayCursor(store, "events")
    with pytest.raises(OSError):
        relay_step(source, cursor, RecordingPublisher(fail=True), "events", batch_size=3)
    assert cursor.next_position() == 1  # nothing acknowledged, nothing skipped
    ok = RecordingPublisher()
    assert relay_step(source, cursor, ok, "events", batch_size=3) == 3
    assert cursor.next_position() == 4
    assert relay_step(source, cursor, ok, "events", batch_size=3) == 2
    assert relay_step(source, cursor, ok, "events", batch_size=3) == 0
    assert [json.loads(v or b"")["position"] for _, v, _ in ok.sent] == [1, 2, 3, 4, 5]
    assert {k for k, _, _ in ok.sent} == {b"cust-1"}


# -- projector step ----------------------------------------------------------------------------


def story() -> list[EventEnvelope]:
    ticket = "11111111-1111-4111-8111-111111111111"
    return [
        envelope(1, aggregate=ticket),
        envelope(
            2,
            type="ticket.message_received",
            aggregate=ticket,
            payload={"message_id": "m", "text": "hi"},
        ),
        envelope(3, type="ticket.assigned", aggregate=ticket, payload={"assignee": "sam"}),
    ]


def delivered(envelopes: Sequence[EventEnvelope], partition: int = 0) -> list[Delivered]:
    return [Delivered(("events", partition), n, e) for n, e in enumerate(envelopes)]


def test_the_projector_step_commits_documents_with_offsets_and_skips_what_it_applied(
    store: Any,
) -> None:
    step = ProjectorStep(store, all_projections(), "g")
    records = delivered(story())
    assert step.apply(records[:2]) == 2
    assert store.offsets("g/ticket_state") == {("events", 0): 2}
    assert step.apply(records) == 1  # the first two are skipped by offset
    assert step.apply(records) == 0
    doc = store.get("ticket_state", story()[0].aggregate_id)
    assert doc["counts"]["messages"] == 1 and doc["assignee"] == "sam"
    assert step.start_offset(("events", 0)) == 3 and step.start_offset(("events", 1)) == 0


def test_a_worker_that_lost_its_partition_cannot_overwrite_the_new_owner(store: Any) -> None:
    old = ProjectorStep(store, all_projections()[:1], "g")
    new = ProjectorStep(store, all_projections()[:1], "g")
    records = delivered(story())
    new.apply(records)
    with pytest.raises(StaleOffsets):
        old.apply(records[:1])  # it still believes offset 0 is next
    assert store.offsets("g/ticket_state") == {("events", 0): 3}
    old.refresh()
    assert old.apply(records) == 0


def test_claims_of_inbound_ids(store: Any) -> None:
    first = store.claim_inbound("ing", "e-1", "d1", owner="w1", lease_seconds=60)
    assert first.claimed and first.previous is None
    busy = store.claim_inbound("ing", "e-1", "d1", owner="w2", lease_seconds=60)
    assert not busy.claimed and busy.previous == "pending"
    mine = store.claim_inbound("ing", "e-1", "d1", owner="w1", lease_seconds=60)
    assert mine.claimed and mine.previous == "pending"  # a restarted worker with the same id
    expired = store.claim_inbound("ing", "e-1", "d1", owner="w2", lease_seconds=0)
    assert expired.claimed and expired.previous == "pending"
    store.finish_inbound("ing", "e-1", "done", "evt-1")
    done = store.claim_inbound("ing", "e-1", "d1", owner="w3", lease_seconds=0)
    assert not done.claimed and done.previous == "done" and done.digest == "d1"
    assert store.inbound_status("ing", "e-1") == ("done", "evt-1")
    store.claim_inbound("ing", "e-2", "d2", owner="w1", lease_seconds=60)
    store.finish_inbound("ing", "e-2", "rejected", "unknown_customer: ...")
    again = store.claim_inbound("ing", "e-2", "d2", owner="w1", lease_seconds=60)
    assert again.claimed and again.previous == "rejected"
    assert store.inbound_status("ing", "nope") is None


# -- history, dead letters --------------------------------------------------------------------


def test_history_shows_every_event_and_the_state_as_known_at_a_time() -> None:
    events_ = story()
    view = ticket_history(events_[0].aggregate_id, events_, as_of=events_[1].recorded_at)
    assert view["state"]["counts"]["messages"] == 1 and view["state"]["assignee"] is None
    assert [e["known_at_as_of"] for e in view["timeline"]] == [True, True, False]
    now = ticket_history(events_[0].aggregate_id, events_)
    assert now["state"]["assignee"] == "sam"
    before = ticket_history(events_[0].aggregate_id, events_, as_of=T0)
    assert before["state"] is None and not before["exists"]
    with pytest.raises(ValueError):
        ticket_history("t", events_, as_of=datetime(2026, 6, 1))


def test_a_dead_letter_keeps_the_original_bytes_and_headers() -> None:
    record = SimpleNamespace(
        topic="in", partition=2, offset=7, key=b"k", value=b"\x00raw", headers=[("trace", b"t1")]
    )
    key, value, headers = dead_letter_message(
        record, IngestResult("dead_letter", "e-1", "schema", "data/key: bad"), worker="w"
    )
    assert (key, value) == (b"k", b"\x00raw")
    letter = decode_dead_letter(
        SimpleNamespace(
            topic="in.dlq", partition=0, offset=3, key=key, value=value, headers=headers
        )
    )
    assert letter.headers == (("trace", b"t1"),)
    assert (letter.kind, letter.reason, letter.source, letter.event_id) == (
        "schema",
        "data/key: bad",
        "in[2]@7",
        "e-1",
    )
    assert letter.message("in.dlq")[2][-1] == ("dlq.replayed_from", b"in.dlq[0]@3")
    assert parse_selection(["0:3", "2:10"]) == [(0, 3), (2, 10)]
    with pytest.raises(ValueError):
        parse_selection(["3"])


def test_a_projector_whose_broker_is_away_logs_lag_unknown_and_keeps_running(
    store: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """The periodic lag line asked the broker for end offsets; a broker away 30 s made that
    raise and stopped the worker (found in session 62). Now it is a warning."""
    from kafka import TopicPartition
    from kafka.errors import KafkaTimeoutError

    from caseledger.streams.projector import Projector

    class AwayConsumer:
        def poll(self, **_: Any) -> dict[Any, Any]:
            return {}

        def assignment(self) -> set[Any]:
            return {TopicPartition("events", 0)}

        def end_offsets(self, _: Any) -> dict[Any, int]:
            raise KafkaTimeoutError("Failed to get offsets by timestamps in 30000 ms")

    projector = Projector.__new__(Projector)
    projector.consumer = AwayConsumer()
    projector.step = ProjectorStep(store, all_projections(), "g")
    projector.applied = 0
    projector.batch_size = 10
    projector.validate = True
    projector.lag_log_interval = 1.0
    projector._last_lag_log = -1e9
    with caplog.at_level("WARNING"):
        assert projector.poll_once() == 0
    assert "lag unknown: the broker did not answer" in caplog.text


def test_a_first_contact_through_ingest_registers_the_customer(tmp_path: Path) -> None:
    """As the API's first contact does: a ticket.message with a subject registers an unknown
    customer (session 62's QA found no inbound way to register one); anything else about an
    unknown customer, or an id the API could not address, is still refused."""
    from caseledger.adapters.bootstrap import bootstrap
    from caseledger.adapters.settings import GuardSettings, Settings
    from caseledger.streams.ingest import apply_inbound

    c = bootstrap(
        Settings(environment="test", data_dir=tmp_path, guard=GuardSettings(use_embeddings=False)),
        embedder=None,
    )
    try:

        def event(customer: str, event_type: str, data: dict[str, Any]) -> Any:
            document = inbound(customer_id=customer, type=event_type, data=data)
            document["event_id"] = f"e-{customer}-{event_type}"
            return parse_inbound(json.dumps(document).encode())

        first = event("cust-new", "ticket.message", {"subject": "hello", "text": "my wifi drops"})
        recorded = apply_inbound(c.desk, first, resume=False)
        assert c.desk.customer_exists("cust-new") and len(recorded) == 2
        with pytest.raises(Rejected) as unknown:
            apply_inbound(
                c.desk,
                event("cust-other", "customer.preference", {"key": "language", "value": "de"}),
                resume=False,
            )
        assert unknown.value.kind == "unknown_customer"
        with pytest.raises(Rejected) as odd:
            apply_inbound(
                c.desk,
                event("cüst-ü", "ticket.message", {"subject": "s", "text": "t"}),
                resume=False,
            )
        assert odd.value.kind == "schema" and not c.desk.customer_exists("cüst-ü")
    finally:
        c.close()


def test_a_second_stop_signal_stops_the_worker_at_once() -> None:
    """Session 62's QA: Ctrl-C while a worker still waited for its broker was acknowledged
    and then not honoured for ~30 s; a second one now stops it."""
    import signal

    from caseledger.streams.worker import install_stop_signals

    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    try:
        stop = install_stop_signals()
        handler = signal.getsignal(signal.SIGINT)
        assert callable(handler)
        handler(signal.SIGINT, None)
        assert stop.is_set()
        with pytest.raises(SystemExit) as stopped:
            handler(signal.SIGINT, None)
        assert stopped.value.code == 130
    finally:
        signal.signal(signal.SIGINT, before[0])
        signal.signal(signal.SIGTERM, before[1])


def test_a_running_relay_says_what_it_published(
    store: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """Session 62's QA: a long-running relay logged its start line and then nothing."""
    import threading

    from caseledger.streams.relay import Relay

    source = ListSource([envelope(n) for n in range(1, 6)])
    stop = threading.Event()
    relay = Relay(source, RelayCursor(store, "events"), RecordingPublisher, "events", batch_size=2)

    original = relay.step

    def step() -> int:
        published = original()
        if not published:
            stop.set()
        return published

    relay.step = step  # type: ignore[method-assign]
    with caplog.at_level("INFO", logger="caseledger.streams.relay"):
        relay.run(stop)
    assert "relay: published 2 events since start, log position 2" in caplog.text
    assert relay.stats.published == 5
