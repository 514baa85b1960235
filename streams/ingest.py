"""Inbound events from other services (topic ``caseledger.inbound``) into the engine's commands.

Other services publish customer messages, outcomes they observed (the payment service saw the
card work) and preference changes, as JSON documents of ``contracts/inbound.v1.json``. Each
carries a producer-given ``event_id``; ingestion is idempotent on it:

* the id is claimed in the read-model database (``claim_inbound``) before the command runs and
  marked ``done`` after it committed, so a re-delivery or a re-publication is skipped;
* every command runs with the correlation id ``inbound:<event_id>``, so if a worker dies
  between the command's commit and the ``done`` mark, the next worker finds the committed
  events in the aggregate's stream and does not run the command again.

Invalid events go to the dead-letter topic (``<inbound topic>.dlq``) with their original
bytes and headers and a reason (``dlq.kind``, ``dlq.reason`` headers); the consumer then moves
on. The kinds: ``bad_json``, ``not_an_object``, ``unsupported_version``, ``unknown_type``,
``naive_timestamp``, ``schema``, ``unknown_customer``, ``unknown_ticket``, ``rejected`` (the
engine refused the command: a ``CaseledgerError``) and ``id_conflict`` (an id seen before with
different content). Nothing is dropped silently; see ``caseledger dlq list|replay``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import re
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal
from uuid import UUID

from kafka import TopicPartition
from kafka.structs import OffsetAndMetadata

from caseledger.adapters.settings import Settings
from caseledger.domain.envelope import EventEnvelope, to_envelope
from caseledger.domain.errors import CaseledgerError, ConcurrentUpdate, InvariantViolated, NotFound
from caseledger.domain.ids import ID_PATTERN, customer_aggregate_id
from caseledger.domain.model.base import check_text
from caseledger.domain.services import Cause, SupportDesk
from caseledger.projections.store import ConsumerStateStore
from caseledger.streams.dlq import dead_letter_record
from caseledger.streams.relay import Message, Publisher
from caseledger.streams.schemas import INBOUND_VERSION, ContractError, validate_inbound
from caseledger.streams.topics import await_partitions

log = logging.getLogger(__name__)

INBOUND_TYPES = ("ticket.message", "attempt.outcome", "customer.preference")
CORRELATION_PREFIX = "inbound:"
_TIMESTAMP_FIELDS = (("occurred_at",), ("data", "stated_at"), ("data", "expires_at"))


class Rejected(Exception):
    """An inbound event that cannot be applied; it goes to the DLQ with ``kind`` and ``reason``."""

    def __init__(self, kind: str, reason: str, event_id: str | None = None) -> None:
        super().__init__(f"{kind}: {reason}")
        self.kind = kind
        self.reason = reason
        self.event_id = event_id


@dataclass(frozen=True)
class InboundEvent:
    """A valid inbound event (``contracts/inbound.v1.json``)."""

    event_id: str
    type: str
    source: str
    customer_id: str
    occurred_at: datetime
    data: dict[str, Any]
    digest: str  # of the whole document: an id reused for other content is detected

    @property
    def correlation_id(self) -> str:
        return correlation_for(self.event_id)


def correlation_for(event_id: str) -> str:
    """The correlation id of every engine event an inbound event caused."""
    return f"{CORRELATION_PREFIX}{event_id}"


# The ids a first contact may register: those the API addresses.
_CUSTOMER_ID = re.compile(ID_PATTERN)

# Deeper than any valid inbound event (the contract's deepest value is 3 levels down), far
# below what would exhaust the stack of the checks that walk it.
MAX_DEPTH = 32


def _depth(document: Any) -> int:
    """How many containers deep ``document`` nests (a scalar: 0), walked without recursion."""
    deepest, stack = 0, [(document, 1)]
    while stack:
        value, level = stack.pop()
        if isinstance(value, dict | list):
            deepest = max(deepest, level)
            children = value.values() if isinstance(value, dict) else value
            stack.extend((child, level + 1) for child in children)
    return deepest


def _get(document: dict[str, Any], path: tuple[str, ...]) -> Any:
    value: Any = document
    for part in path:
        if not isinstance(value, dict):
            return None
        value = value.get(part)
    return value


def _instant(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def parse_inbound(value: bytes | None) -> InboundEvent:
    """Decode and check one inbound message; :class:`Rejected` says why it is not valid."""
    if value is None:
        raise Rejected("bad_json", "empty message value")
    try:
        document = json.loads(value)
    except (UnicodeDecodeError, ValueError) as exc:
        raise Rejected("bad_json", f"not JSON: {exc}") from None
    except RecursionError:
        # Python's decoder recurses per level: nesting past its limit is not an event.
        raise Rejected("bad_json", "not JSON this worker can read: nested too deeply") from None
    if (depth := _depth(document)) > MAX_DEPTH:
        raise Rejected(
            "bad_json", f"nested {depth} levels deep; an inbound event has at most {MAX_DEPTH}"
        )
    if not isinstance(document, dict):
        raise Rejected("not_an_object", f"expected a JSON object, got {type(document).__name__}")
    event_id = document.get("event_id") if isinstance(document.get("event_id"), str) else None
    version = document.get("schema_version")
    if version != INBOUND_VERSION:
        raise Rejected(
            "unsupported_version",
            f"schema_version {version!r}; this worker reads version {INBOUND_VERSION}",
            event_id,
        )
    if document.get("type") not in INBOUND_TYPES:
        raise Rejected(
            "unknown_type",
            f"type {document.get('type')!r}; known: {', '.join(INBOUND_TYPES)}",
            event_id,
        )
    for path in _TIMESTAMP_FIELDS:
        raw = _get(document, path)
        if isinstance(raw, str):
            try:
                parsed = _instant(raw)
            except ValueError as exc:
                # Not a date-time, or an impossible one (month 13, offset +99:99, year 0).
                raise Rejected(
                    "schema", f"{'.'.join(path)}: {raw!r} is not a date-time ({exc})", event_id
                ) from None
            if parsed.tzinfo is None or parsed.utcoffset() is None:
                raise Rejected(
                    "naive_timestamp",
                    f"{'.'.join(path)} {raw!r} has no UTC offset; it cannot be ordered safely",
                    event_id,
                )
    try:
        validate_inbound(document)
    except ContractError as exc:
        raise Rejected("schema", f"{exc.path or '(document)'}: {exc.message}", event_id) from None
    canonical = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return InboundEvent(
        event_id=document["event_id"],
        type=document["type"],
        source=document["source"],
        customer_id=document["customer_id"],
        occurred_at=_instant(document["occurred_at"]),
        data=dict(document["data"]),
        digest=hashlib.sha256(canonical.encode()).hexdigest(),
    )


# -- applying a valid event through the application service --------------------------------


def recorded_with(
    desk: SupportDesk, aggregate_id: UUID, correlation_id: str, *, scan: int = 500
) -> list[EventEnvelope]:
    """The newest ``scan`` events of one aggregate that carry ``correlation_id``, oldest first."""
    found = [
        to_envelope(e)
        for e in desk.events.get(aggregate_id, desc=True, limit=scan)
        if getattr(getattr(e, "meta", None), "correlation_id", None) == correlation_id
    ]
    return found[::-1]


def _has(
    desk: SupportDesk, aggregate_id: UUID, correlation_id: str, types: tuple[str, ...]
) -> EventEnvelope | None:
    for envelope in recorded_with(desk, aggregate_id, correlation_id):
        if envelope.type in types:
            return envelope
    return None


def _owned_ticket(desk: SupportDesk, event: InboundEvent, ticket_id: str) -> UUID:
    try:
        ticket = desk.load_ticket(ticket_id)
    except NotFound:
        raise Rejected(
            "unknown_ticket", f"ticket {ticket_id!r} not found", event.event_id
        ) from None
    if ticket.customer_id != event.customer_id:
        # Never let one customer's event land on another customer's ticket.
        raise Rejected(
            "unknown_ticket",
            f"ticket {ticket_id!r} does not belong to customer {event.customer_id!r}",
            event.event_id,
        )
    return UUID(ticket_id)


def apply_inbound(desk: SupportDesk, event: InboundEvent, *, resume: bool) -> list[str]:
    """Run the commands an inbound event stands for; returns the ids of the events recorded.

    ``resume``: an earlier attempt may have committed part of the work (its worker died
    before marking the id done): commands whose events are already in the stream are skipped.
    Raises :class:`Rejected` or a ``CaseledgerError`` for events the engine cannot accept.
    """
    corr = event.correlation_id
    d = event.data
    if not desk.customer_exists(event.customer_id):
        if event.type != "ticket.message" or "subject" not in d:
            raise Rejected(
                "unknown_customer",
                f"customer {event.customer_id!r} is not registered (a ticket.message with a "
                "subject registers them, as a first contact through the API does)",
                event.event_id,
            )
        if not _CUSTOMER_ID.match(event.customer_id):
            raise Rejected(
                "schema",
                f"customer_id {event.customer_id!r} cannot be registered: a new customer's id "
                "is letters, digits and _.:@- (as the API's), starting with a letter or digit",
                event.event_id,
            )
        # A first contact, as through the API: registered here, then the ticket opens.
        with suppress(InvariantViolated):  # registered by a concurrent writer: as wanted
            desk.register_customer(
                event.customer_id, Cause(event.source, event.occurred_at, None, corr)
            )
    if event.type == "ticket.message":
        cause = Cause("customer", event.occurred_at, None, corr)
        if "ticket_id" in d:
            ticket = _owned_ticket(desk, event, d["ticket_id"])
            if resume and (done := _has(desk, ticket, corr, ("ticket.message_received",))):
                return [done.event_id]
            return [desk.receive_message(str(ticket), d["text"], cause)]
        # A new ticket: refuse a bad text BEFORE opening, so it is both commands or neither.
        check_text("text", d["text"], desk.limits.max_text_chars)
        ticket_id: str | None = None
        ids: list[str] = []
        if resume and (
            linked := _has(
                desk, customer_aggregate_id(event.customer_id), corr, ("customer.ticket_linked",)
            )
        ):
            ticket_id = str(linked.payload["ticket_id"])
            if done := _has(desk, UUID(ticket_id), corr, ("ticket.message_received",)):
                return [done.event_id]
        if ticket_id is None:
            ticket_id = desk.open_ticket(
                event.customer_id,
                d["subject"],
                cause,
                channel=d.get("channel", "api"),
                priority=d.get("priority", "normal"),
                category=d.get("category", "general"),
            )
            ids.append(f"ticket:{ticket_id}")
        ids.append(desk.receive_message(ticket_id, d["text"], cause))
        return ids
    if event.type == "attempt.outcome":
        ticket = _owned_ticket(desk, event, d["ticket_id"])
        types = ("ticket.attempt_outcome_recorded", "ticket.attempt_outcome_corrected")
        if resume and (done := _has(desk, ticket, corr, types)):
            return [done.event_id]
        cause = Cause(event.source, event.occurred_at, None, corr)
        if "correction" in d:
            return [
                desk.correct_outcome(
                    str(ticket),
                    d["attempt_id"],
                    d["outcome"],
                    cause,
                    reason=d["correction"]["reason"],
                )
            ]
        return [
            desk.record_outcome(
                str(ticket),
                d["attempt_id"],
                d["outcome"],
                cause,
                confidence=float(d.get("confidence", 1.0)),
                note=d.get("note", ""),
            )
        ]
    # customer.preference
    customer = customer_aggregate_id(event.customer_id)
    types = ("customer.preference_stated", "customer.preference_corrected")
    if resume and (done := _has(desk, customer, corr, types)):
        return [done.event_id]
    cause = Cause(event.source, event.occurred_at, None, corr)
    if "correction" in d:
        return [
            desk.correct_preference(
                event.customer_id,
                d["key"],
                d["value"],
                cause,
                reason=d["correction"]["reason"],
                corrects_event_id=d["correction"].get("corrects_event_id"),
            )
        ]
    stated_at = d.get("stated_at", event.occurred_at.isoformat())
    expires_at = d.get("expires_at")
    return [
        desk.state_preference(
            event.customer_id,
            d["key"],
            d["value"],
            cause,
            stated_at=_instant(stated_at) if stated_at else None,
            text=d.get("text", ""),
            confidence=float(d.get("confidence", 1.0)),
            expires_at=_instant(expires_at) if expires_at else None,
        )
    ]


# -- one record: claim, apply, mark ---------------------------------------------------------


@dataclass(frozen=True)
class IngestResult:
    """What happened to one inbound record."""

    status: Literal["applied", "duplicate", "dead_letter"]
    event_id: str | None
    kind: str | None = None
    reason: str | None = None
    recorded: tuple[str, ...] = ()


class Ingestor:
    """Handles one inbound record at a time: parse, claim the id, apply, mark done."""

    def __init__(
        self,
        desk: SupportDesk,
        store: ConsumerStateStore,
        *,
        ledger: str,
        owner: str,
        lease_seconds: float = 15.0,
        concurrent_retries: int = 5,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.desk = desk
        self.store = store
        self.ledger = ledger
        self.owner = owner
        self.lease_seconds = lease_seconds
        self.concurrent_retries = concurrent_retries
        self._sleep = sleep

    def handle(self, value: bytes | None) -> IngestResult:
        try:
            event = parse_inbound(value)
        except Rejected as r:
            return IngestResult("dead_letter", r.event_id, r.kind, r.reason)
        claim = self.store.claim_inbound(
            self.ledger,
            event.event_id,
            event.digest,
            owner=self.owner,
            lease_seconds=self.lease_seconds,
        )
        waited = 0.0
        while not claim.claimed and claim.previous == "pending":
            # Another live worker is applying this id right now: wait for it (or its lease).
            if waited > self.lease_seconds + 5:
                raise TimeoutError(
                    f"inbound event {event.event_id!r} stays claimed by another worker"
                )
            self._sleep(0.2)
            waited += 0.2
            claim = self.store.claim_inbound(
                self.ledger,
                event.event_id,
                event.digest,
                owner=self.owner,
                lease_seconds=self.lease_seconds,
            )
        if not claim.claimed:
            if claim.digest != event.digest:
                return IngestResult(
                    "dead_letter",
                    event.event_id,
                    "id_conflict",
                    f"event id {event.event_id!r} was applied before with different content",
                )
            log.info("inbound %s already applied; skipped", event.event_id)
            return IngestResult("duplicate", event.event_id)
        resume = claim.previous == "pending"
        for attempt in range(self.concurrent_retries + 1):
            try:
                recorded = apply_inbound(self.desk, event, resume=resume)
                break
            except Rejected as r:
                self.store.finish_inbound(
                    self.ledger, event.event_id, "rejected", f"{r.kind}: {r.reason}"
                )
                return IngestResult("dead_letter", event.event_id, r.kind, r.reason)
            except ConcurrentUpdate:
                # Another writer changed the aggregate; nothing of ours was recorded. Retry.
                if attempt == self.concurrent_retries:
                    raise
                self._sleep(0.05 * (attempt + 1))
            except CaseledgerError as exc:
                self.store.finish_inbound(
                    self.ledger, event.event_id, "rejected", f"rejected: {exc.reason}"
                )
                return IngestResult("dead_letter", event.event_id, "rejected", exc.reason)
        self.store.finish_inbound(self.ledger, event.event_id, "done", ",".join(recorded))
        return IngestResult("applied", event.event_id, recorded=tuple(recorded))


# -- dead letters -------------------------------------------------------------------------------


def dead_letter_message(
    record: Any, result: IngestResult, *, worker: str, now: datetime | None = None
) -> Message:
    """(key, value, headers) for the DLQ: the original bytes and headers plus the reason."""
    return dead_letter_record(
        record,
        kind=result.kind or "unknown",
        reason=result.reason or "",
        worker=worker,
        event_id=result.event_id or "",
        now=now,
    )


class IngestWorker:
    """A consumer-group member: handles each polled record, dead-letters, then commits."""

    def __init__(
        self,
        consumer: Any,
        ingestor: Ingestor,
        dlq: Publisher,
        topic: str,
        dlq_topic: str,
        *,
        worker: str,
        batch_size: int = 200,
    ) -> None:
        self.consumer = consumer
        self.ingestor = ingestor
        self.dlq = dlq
        self.topic = topic
        self.dlq_topic = dlq_topic
        self.worker = worker
        self.batch_size = batch_size
        self.counts = {"applied": 0, "duplicate": 0, "dead_letter": 0}
        if not await_partitions(consumer, topic):
            log.warning("no partition metadata for %s yet; joining the group anyway", topic)
        consumer.subscribe([topic])

    def poll_once(self, timeout_ms: int = 500) -> list[IngestResult]:
        polled = self.consumer.poll(timeout_ms=timeout_ms, max_records=self.batch_size)
        results: list[IngestResult] = []
        dead: list[Message] = []
        next_offsets: dict[Any, int] = {}
        for tp, records in polled.items():
            for record in records:
                result = self.ingestor.handle(record.value)
                results.append(result)
                self.counts[result.status] += 1
                if result.status == "dead_letter":
                    log.warning(
                        "inbound %s[%d]@%d -> DLQ (%s: %s)",
                        record.topic,
                        record.partition,
                        record.offset,
                        result.kind,
                        result.reason,
                    )
                    dead.append(dead_letter_message(record, result, worker=self.worker))
                next_offsets[tp] = record.offset + 1
        if dead:
            # Acknowledged by the broker BEFORE the offsets move: a dead letter is never lost.
            self.dlq.publish(self.dlq_topic, dead)
        if next_offsets:
            self.consumer.commit(
                {
                    TopicPartition(tp.topic, tp.partition): OffsetAndMetadata(o, "", -1)
                    for tp, o in next_offsets.items()
                }
            )
        return results

    def run(self, stop: threading.Event, *, poll_timeout_ms: int = 500) -> None:
        while not stop.is_set():
            self.poll_once(poll_timeout_ms)

    def close(self) -> None:
        self.consumer.close(autocommit=False)
        self.dlq.close()


def build_ingest(
    settings: Settings,
    *,
    group: str,
    batch_size: int = 200,
    lease_seconds: float = 15.0,
    session_timeout_ms: int = 10_000,
    inline_projections: bool = False,
) -> tuple[IngestWorker, Callable[[], None]]:
    """An ingest worker wired from settings, and the function that closes what it opened."""
    from caseledger.adapters.bootstrap import bootstrap
    from caseledger.streams import topics
    from caseledger.streams.relay import KafkaPublisher
    from caseledger.streams.worker import worker_id

    names = topics.Topics.from_settings(settings.kafka)
    topics.ensure_topics(settings.kafka, [names.inbound, names.dlq])
    # The commands ingest runs never compare attempts, so the embedding model is not loaded.
    container = bootstrap(settings, embedder=None, inline_projections=inline_projections)
    me = worker_id()
    ingestor = Ingestor(
        container.desk, container.store, ledger=group, owner=me, lease_seconds=lease_seconds
    )
    kafka_consumer = topics.consumer(
        settings.kafka,
        client_id=f"caseledger-ingest-{me}",
        group_id=group,
        max_poll_records=batch_size,
        session_timeout_ms=session_timeout_ms,
        heartbeat_interval_ms=max(500, session_timeout_ms // 4),
    )
    dlq = KafkaPublisher(topics.producer(settings.kafka, client_id="caseledger-ingest-dlq"))
    worker = IngestWorker(
        kafka_consumer, ingestor, dlq, names.inbound, names.dlq, worker=me, batch_size=batch_size
    )

    def close() -> None:
        worker.close()
        container.close()

    return worker, close


def run(settings: Settings, stop: threading.Event, **options: Any) -> dict[str, int]:
    """Run an ingest worker until ``stop``; returns its counts."""
    worker, close = build_ingest(settings, **options)
    try:
        log.info("ingest: %s -> commands (DLQ %s)", worker.topic, worker.dlq_topic)
        worker.run(stop)
        return dict(worker.counts)
    finally:
        close()


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m caseledger.streams ingest``: apply inbound events until SIGTERM/SIGINT."""
    from caseledger.streams.topics import INGEST_GROUP
    from caseledger.streams.worker import install_stop_signals, setup_logging

    parser = argparse.ArgumentParser(prog="caseledger.streams ingest", description=__doc__)
    parser.add_argument("--group", default=INGEST_GROUP, help="consumer group (and ledger name)")
    parser.add_argument("--batch-size", type=int, default=200)
    parser.add_argument("--lease-seconds", type=float, default=15.0)
    parser.add_argument("--session-timeout-ms", type=int, default=10_000)
    args = parser.parse_args(argv)
    setup_logging()
    stop = install_stop_signals()
    run(
        Settings(),
        stop,
        group=args.group,
        batch_size=args.batch_size,
        lease_seconds=args.lease_seconds,
        session_timeout_ms=args.session_timeout_ms,
    )
    return 0
