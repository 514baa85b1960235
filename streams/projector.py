"""The Kafka projector: the same projections as the embedded runner, fed from the events topic.

Each projection's consumed offsets are stored in the read-model database, in the SAME
transaction as the documents they produced (``ConsumerStateStore.commit_offsets``). A worker
killed at any point therefore resumes exactly after the last committed batch of each
projection: nothing is lost and nothing is applied twice. On top of that the fold itself
ignores an aggregate version a document already saw (``projections.base.fold``), so the
relay's occasional re-sends are harmless too.

Partitions: the events topic is keyed by customer id, and every document belongs to one
customer, so a partition's documents are written by one worker at a time. A commit names the
offsets its batch started from; if another worker moved them first (a rebalance this worker
has not noticed yet), the commit is refused (``StaleOffsets``), nothing is written, and the
worker re-reads from the stored offsets. Kafka's own committed group offsets are updated too,
after the database commit, only so that standard Kafka tools show the group's progress.

A record that is not an envelope (not JSON, or breaking ``envelope.v1.json``) is published to
``<events topic>.dlq`` with its original key, value and headers plus ``dlq.*`` headers naming
the reason and where it was read (as the ingest's dead letters), logged as an error, and
skipped: its offset advances with the next documents. The dead letter is acknowledged before
that offset is stored, so a crash in between publishes it again rather than losing it.

Lag per partition: :func:`projector_lag` (``caseledger status --kafka``) and a log line every
``lag_log_interval`` seconds.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from kafka import ConsumerRebalanceListener, TopicPartition
from kafka.errors import KafkaError
from kafka.structs import OffsetAndMetadata

from caseledger.adapters.settings import Settings
from caseledger.domain.envelope import EventEnvelope
from caseledger.projections.base import Projection
from caseledger.projections.runner import apply_keyed, keyed, keys_of
from caseledger.projections.store import ConsumerStateStore, ReadModelStore, StaleOffsets
from caseledger.streams import topics
from caseledger.streams.dlq import dead_letter_record
from caseledger.streams.relay import Publisher
from caseledger.streams.schemas import ENVELOPE_SCHEMA, ENVELOPE_VERSION, ContractError
from caseledger.streams.schemas import validate_envelope as _validate_envelope

log = logging.getLogger(__name__)

TP = tuple[str, int]
# Fault injection for the crash tests: SIGKILL this process after N database commits.
CRASH_AFTER_COMMITS_ENV = "CASELEDGER_PROJECTOR_CRASH_AFTER_COMMITS"


def decode_event(value: bytes | None, *, validate: bool = True) -> EventEnvelope:
    """An events-topic message value as an envelope; :class:`ContractError` if it is not one."""
    if value is None:
        raise ContractError(ENVELOPE_SCHEMA, "", "empty message (tombstone)")
    try:
        document = orjson.loads(value)
    except ValueError as exc:
        raise ContractError(ENVELOPE_SCHEMA, "", f"not JSON: {exc}") from None
    if validate:
        _validate_envelope(document)
    elif not isinstance(document, dict) or document.get("envelope_version") != ENVELOPE_VERSION:
        raise ContractError(ENVELOPE_SCHEMA, "envelope_version", "not an envelope of version 1")
    try:
        return EventEnvelope.from_dict(document)
    except (KeyError, TypeError, ValueError) as exc:
        raise ContractError(
            ENVELOPE_SCHEMA, "", f"cannot be read as an envelope: {exc!r}"
        ) from None


def _kind(exc: ContractError) -> str:
    return "bad_json" if exc.message.startswith(("not JSON", "empty message")) else "schema"


@dataclass(frozen=True)
class Undecodable:
    """An events-topic record that is not an envelope: the record, and why."""

    record: Any
    kind: str  # bad_json | schema
    reason: str

    @property
    def tp(self) -> TP:
        return (self.record.topic, self.record.partition)

    @property
    def offset(self) -> int:
        return int(self.record.offset)

    @property
    def where(self) -> str:
        return f"{self.record.topic}[{self.record.partition}]@{self.record.offset}"


@dataclass(frozen=True)
class Delivered:
    """One events-topic record: where it was read, and the envelope it carried."""

    tp: TP
    offset: int
    envelope: EventEnvelope


def decode_records(
    records: Iterable[Any], *, validate: bool = True
) -> tuple[list[Delivered], list[Undecodable]]:
    """Polled records split into envelopes and the records that are not envelopes."""
    delivered: list[Delivered] = []
    bad: list[Undecodable] = []
    for record in records:
        try:
            envelope = decode_event(record.value, validate=validate)
        except ContractError as exc:
            bad.append(Undecodable(record, _kind(exc), str(exc)))
            continue
        delivered.append(Delivered((record.topic, record.partition), record.offset, envelope))
    return delivered, bad


def consumer_name(group: str, projection: str) -> str:
    """The offsets-table row owner of one projection fed by one consumer group."""
    return f"{group}/{projection}"


class ProjectorStep:
    """Applies delivered records to every projection; one transaction per projection.

    Pure bookkeeping over the store: no Kafka client here, so it is tested directly.
    """

    def __init__(
        self,
        store: ReadModelStore,
        projections: Sequence[Projection],
        group: str,
        *,
        on_commit: Callable[[str], None] | None = None,
    ) -> None:
        self.store = store
        self.projections = list(projections)
        self.group = group
        self._on_commit = on_commit
        self._offsets: dict[str, dict[TP, int]] = {}
        self.refresh()

    def refresh(self) -> None:
        """Re-read every projection's stored offsets (after an assignment or a refusal)."""
        self._offsets = {
            p.name: self.store.offsets(consumer_name(self.group, p.name)) for p in self.projections
        }

    def stored(self, projection: str) -> dict[TP, int]:
        return dict(self._offsets[projection])

    def start_offset(self, tp: TP) -> int:
        """Where to resume a partition: the least advanced projection's next offset."""
        return min(self._offsets[p.name].get(tp, 0) for p in self.projections)

    def committed(self, tps: Iterable[TP]) -> dict[TP, int]:
        return {tp: self.start_offset(tp) for tp in tps}

    def apply(self, delivered: Sequence[Delivered], skipped: Iterable[tuple[TP, int]] = ()) -> int:
        """Fold the records each projection has not applied yet; returns how many were new.

        ``skipped``: (partition, offset) of records that are not envelopes (dead-lettered);
        their offsets advance with the documents so they are not read again.

        Raises :class:`StaleOffsets` (nothing of that projection written) if another worker
        committed one of these partitions since this worker last read the offsets.
        """
        applied = 0
        skips = list(skipped)
        for projection in self.projections:
            stored = self._offsets[projection.name]
            fresh = [d for d in delivered if d.offset >= stored.get(d.tp, 0)]
            passed = [(tp, o) for tp, o in skips if o >= stored.get(tp, 0)]
            if not fresh and not passed:
                continue
            batch = keyed(projection, (d.envelope for d in fresh))
            keys = keys_of(batch)
            docs = self.store.load(projection.name, keys) if keys else {}
            changed = apply_keyed(projection, docs, batch)
            advanced: dict[TP, int] = {}
            for tp, offset in [*((d.tp, d.offset) for d in fresh), *passed]:
                advanced[tp] = max(advanced.get(tp, 0), offset + 1)
            self.store.commit_offsets(
                consumer_name(self.group, projection.name),
                advanced,
                projection=projection.name,
                docs=changed,
                expected={tp: stored.get(tp) for tp in advanced},
            )
            stored.update(advanced)
            applied = max(applied, len(fresh))
            if self._on_commit is not None:
                self._on_commit(projection.name)
        return applied


@dataclass(frozen=True)
class LagRow:
    """One projection's progress on one partition."""

    projection: str
    topic: str
    partition: int
    next_offset: int
    end_offset: int

    @property
    def lag(self) -> int:
        return max(0, self.end_offset - self.next_offset)


def projector_lag(
    store: ConsumerStateStore,
    projections: Iterable[str],
    group: str,
    ends: Mapping[TP, int],
) -> list[LagRow]:
    """Lag of each projection on each partition: log end offset minus next offset to apply."""
    rows: list[LagRow] = []
    for name in projections:
        stored = store.offsets(consumer_name(group, name))
        for tp in sorted(ends):
            rows.append(LagRow(name, tp[0], tp[1], stored.get(tp, 0), ends[tp]))
    return rows


class _Rebalance(ConsumerRebalanceListener):  # type: ignore[misc]
    def __init__(self, projector: Projector) -> None:
        self._projector = projector

    def on_partitions_revoked(self, revoked: Any) -> None:
        # Every batch is committed before the next poll, so there is nothing to flush.
        log.info("partitions revoked: %s", _names(revoked))

    def on_partitions_assigned(self, assigned: Any) -> None:
        self._projector.resume(assigned)


def _names(tps: Iterable[Any]) -> str:
    return ", ".join(f"{tp.topic}[{tp.partition}]" for tp in sorted(tps)) or "none"


class Projector:
    """A consumer-group member running :class:`ProjectorStep` on each polled batch."""

    def __init__(
        self,
        consumer: Any,
        step: ProjectorStep,
        topic: str,
        *,
        batch_size: int = 2000,
        validate: bool = True,
        lag_log_interval: float = 30.0,
        dlq: Publisher | None = None,
        dlq_topic: str = "",
        worker: str = "",
    ) -> None:
        self.consumer = consumer
        self.dlq = dlq
        self.dlq_topic = dlq_topic or f"{topic}.dlq"
        self.worker = worker
        self.dead_lettered = 0
        self.step = step
        self.topic = topic
        self.batch_size = batch_size
        self.validate = validate
        self.lag_log_interval = lag_log_interval
        self.applied = 0
        self._last_lag_log = time.monotonic()
        if not topics.await_partitions(consumer, topic):
            log.warning("no partition metadata for %s yet; joining the group anyway", topic)
        consumer.subscribe([topic], listener=_Rebalance(self))

    def resume(self, assigned: Iterable[Any]) -> None:
        """Seek each newly assigned partition to the offsets stored with the documents."""
        self.step.refresh()
        for tp in assigned:
            self.consumer.seek(tp, self.step.start_offset((tp.topic, tp.partition)))
        log.info("partitions assigned: %s", _names(assigned))

    def poll_once(self, timeout_ms: int = 500) -> int:
        """Poll one batch, apply it, commit; returns how many records were delivered."""
        polled = self.consumer.poll(timeout_ms=timeout_ms, max_records=self.batch_size)
        delivered, bad = decode_records(
            (record for records in polled.values() for record in records), validate=self.validate
        )
        # Records every projection already passed were dead-lettered before (a re-read).
        bad = [b for b in bad if b.offset >= self.step.start_offset(b.tp)]
        if bad:
            self._dead_letter(bad)
        if delivered or bad:
            try:
                self.applied += self.step.apply(delivered, [(b.tp, b.offset) for b in bad])
            except StaleOffsets as exc:
                log.warning("%s; re-reading from the stored offsets", exc)
                self.resume(self.consumer.assignment())
                return 0
            self._commit_to_kafka({d.tp for d in delivered} | {b.tp for b in bad})
        self._maybe_log_lag()
        return len(delivered) + len(bad)

    def _dead_letter(self, bad: Sequence[Undecodable]) -> None:
        if self.dlq is None:
            raise RuntimeError(f"{bad[0].where} is not an envelope and no DLQ is configured")
        for b in bad:
            log.error("events %s is not an envelope -> %s (%s)", b.where, self.dlq_topic, b.reason)
        # Acknowledged BEFORE the offsets move (in step.apply): a dead letter is never lost.
        self.dlq.publish(
            self.dlq_topic,
            [
                dead_letter_record(b.record, kind=b.kind, reason=b.reason, worker=self.worker)
                for b in bad
            ],
        )
        self.dead_lettered += len(bad)

    def _commit_to_kafka(self, tps: set[TP]) -> None:
        # Informational only (the database holds the truth): failures are not errors.
        offsets = {
            TopicPartition(t, p): OffsetAndMetadata(o, "", -1)
            for (t, p), o in self.step.committed(tps).items()
        }
        try:
            self.consumer.commit(offsets)
        except KafkaError as exc:
            log.debug("group offset commit skipped: %s", exc)

    def lag(self) -> list[LagRow]:
        """Lag of every projection on the partitions this worker owns now."""
        assigned = list(self.consumer.assignment())
        if not assigned:
            return []
        ends = {
            (tp.topic, tp.partition): int(o)
            for tp, o in self.consumer.end_offsets(assigned).items()
        }
        return projector_lag(
            self.step.store, [p.name for p in self.step.projections], self.step.group, ends
        )

    def _maybe_log_lag(self) -> None:
        now = time.monotonic()
        if self.lag_log_interval <= 0 or now - self._last_lag_log < self.lag_log_interval:
            return
        self._last_lag_log = now
        try:
            rows = self.lag()
        except KafkaError as exc:
            # Only a log line: a broker away for a while must not stop the worker (the poll
            # loop reconnects on its own, as the relay's and the ingest's do).
            log.warning("lag unknown: the broker did not answer (%s)", exc)
            return
        worst: dict[TP, int] = {}
        for row in rows:
            tp = (row.topic, row.partition)
            worst[tp] = max(worst.get(tp, 0), row.lag)
        log.info(
            "lag %s (applied %d since start)",
            " ".join(f"{t}[{p}]={lag}" for (t, p), lag in sorted(worst.items())) or "-",
            self.applied,
        )

    def run(self, stop: threading.Event, *, poll_timeout_ms: int = 500) -> None:
        while not stop.is_set():
            self.poll_once(poll_timeout_ms)

    def close(self) -> None:
        self.consumer.close(autocommit=False)
        if self.dlq is not None:
            self.dlq.close()


def _crash_hook() -> Callable[[str], None] | None:
    raw = os.environ.get(CRASH_AFTER_COMMITS_ENV)
    if not raw:
        return None
    remaining = [int(raw)]

    def after_commit(projection: str) -> None:
        remaining[0] -= 1
        if remaining[0] <= 0:
            log.warning(
                "%s reached after committing %s: SIGKILL", CRASH_AFTER_COMMITS_ENV, projection
            )
            os.kill(os.getpid(), signal.SIGKILL)

    return after_commit


def build_projector(
    settings: Settings,
    *,
    group: str,
    projection_names: Sequence[str] | None = None,
    batch_size: int = 2000,
    validate: bool = True,
    session_timeout_ms: int = 10_000,
    instance_id: str | None = None,
    lag_log_interval: float = 30.0,
    on_commit: Callable[[str], None] | None = None,
) -> tuple[Projector, Callable[[], None]]:
    """A projector wired from settings, and the function that closes what it opened."""
    from caseledger.adapters.bootstrap import bootstrap, kafka_projections
    from caseledger.streams.relay import KafkaPublisher
    from caseledger.streams.worker import worker_id

    names = topics.Topics.from_settings(settings.kafka)
    topics.ensure_topics(settings.kafka, [names.events, names.events_dlq])
    available = {p.name: p for p in kafka_projections()}
    unknown = sorted(set(projection_names or []) - set(available))
    if unknown:
        raise ValueError(f"unknown projection(s) {', '.join(unknown)}; known: {sorted(available)}")
    selected = [available[n] for n in (projection_names or list(available))]
    # The container is used for its read-model store only (one place decides the backend).
    container = bootstrap(settings, embedder=None, inline_projections=False)
    store = container.store
    step = ProjectorStep(store, selected, group, on_commit=on_commit or _crash_hook())
    extra: dict[str, Any] = {}
    if instance_id:
        extra["group_instance_id"] = instance_id
    kafka_consumer = topics.consumer(
        settings.kafka,
        client_id=f"caseledger-projector-{worker_id()}",
        group_id=group,
        max_poll_records=batch_size,
        session_timeout_ms=session_timeout_ms,
        heartbeat_interval_ms=max(500, session_timeout_ms // 4),
        max_partition_fetch_bytes=4 * 1024 * 1024,
        **extra,
    )
    projector = Projector(
        kafka_consumer,
        step,
        names.events,
        batch_size=batch_size,
        validate=validate,
        lag_log_interval=lag_log_interval,
        dlq=KafkaPublisher(topics.producer(settings.kafka, client_id="caseledger-projector-dlq")),
        dlq_topic=names.events_dlq,
        worker=worker_id(),
    )

    def close() -> None:
        projector.close()
        container.close()

    return projector, close


def run(settings: Settings, stop: threading.Event, **options: Any) -> int:
    """Run a projector until ``stop``; returns how many records it applied."""
    projector, close = build_projector(settings, **options)
    try:
        log.info(
            "projector %s: %s -> %s",
            projector.step.group,
            projector.topic,
            ", ".join(p.name for p in projector.step.projections),
        )
        projector.run(stop)
        return projector.applied
    finally:
        close()


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m caseledger.streams projector``: apply the events topic until SIGTERM/SIGINT."""
    from caseledger.streams.topics import PROJECTOR_GROUP
    from caseledger.streams.worker import install_stop_signals, setup_logging

    parser = argparse.ArgumentParser(prog="caseledger.streams projector", description=__doc__)
    parser.add_argument("--group", default=PROJECTOR_GROUP, help="consumer group")
    parser.add_argument(
        "--projection", action="append", help="projection to run (repeatable; default all)"
    )
    parser.add_argument("--batch-size", type=int, default=2000)
    parser.add_argument("--session-timeout-ms", type=int, default=10_000)
    parser.add_argument("--instance-id", help="static group membership id (fast restarts)")
    parser.add_argument("--lag-log-interval", type=float, default=30.0, help="seconds; 0 = off")
    parser.add_argument(
        "--no-validate", action="store_true", help="skip the JSON Schema check of envelopes"
    )
    args = parser.parse_args(argv)
    setup_logging()
    stop = install_stop_signals()
    run(
        Settings(),
        stop,
        group=args.group,
        projection_names=args.projection,
        batch_size=args.batch_size,
        validate=not args.no_validate,
        session_timeout_ms=args.session_timeout_ms,
        instance_id=args.instance_id,
        lag_log_interval=args.lag_log_interval,
    )
    return 0
