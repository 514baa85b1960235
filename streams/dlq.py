"""The dead-letter topics: list the inbound one, publish its entries again for ingest.

Two workers dead-letter: the ingest (``<inbound topic>.dlq``, what this module lists and
replays) and the projector (``<events topic>.dlq``: event-topic records that are not
envelopes; read it with any Kafka tool). Both build their records with
:func:`dead_letter_record`.

A dead letter keeps the original key, value and headers of the inbound record, plus headers
``dlq.kind``, ``dlq.reason``, ``dlq.topic``/``dlq.partition``/``dlq.offset`` (where it was
read), ``dlq.event_id``, ``dlq.failed_at`` and ``dlq.worker``.

``replay`` publishes entries back onto the inbound topic (original bytes, original headers,
plus ``dlq.replayed_from``) once their cause was fixed (the customer is registered now, the
producer fixed its clock...). Without a selection it replays every entry not replayed before:
the consumer group ``caseledger.dlq-replay`` remembers how far it got. An entry that is still
invalid simply comes back to the DLQ.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from kafka import TopicPartition
from kafka.structs import OffsetAndMetadata

from caseledger.adapters.settings import KafkaSettings
from caseledger.streams import topics
from caseledger.streams.relay import Header, KafkaPublisher, Message, Publisher

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class DeadLetter:
    """One DLQ entry, decoded for people."""

    partition: int
    offset: int
    key: bytes | None
    value: bytes | None
    headers: tuple[Header, ...]  # the ORIGINAL headers (without dlq.*)
    kind: str
    reason: str
    source: str  # topic[partition]@offset it was read from
    event_id: str
    failed_at: str

    def message(self, dlq_topic: str) -> Message:
        """The record to publish again on the inbound topic."""
        replayed = (
            "dlq.replayed_from",
            f"{dlq_topic}[{self.partition}]@{self.offset}".encode(),
        )
        return self.key, self.value, [*self.headers, replayed]

    def to_json(self) -> dict[str, Any]:
        value = self.value.decode("utf-8", "replace") if self.value is not None else None
        return {
            "partition": self.partition,
            "offset": self.offset,
            "kind": self.kind,
            "reason": self.reason,
            "source": self.source,
            "event_id": self.event_id or None,
            "failed_at": self.failed_at,
            "key": self.key.decode("utf-8", "replace") if self.key is not None else None,
            "value": value,
            "headers": {k: v.decode("utf-8", "replace") for k, v in self.headers},
        }


def decode_dead_letter(record: Any) -> DeadLetter:
    """A DLQ record as a :class:`DeadLetter`."""
    meta = {
        k: v.decode("utf-8", "replace") for k, v in (record.headers or []) if k.startswith("dlq.")
    }
    original = tuple((k, v) for k, v in (record.headers or []) if not k.startswith("dlq."))
    return DeadLetter(
        partition=record.partition,
        offset=record.offset,
        key=record.key,
        value=record.value,
        headers=original,
        kind=meta.get("dlq.kind", "unknown"),
        reason=meta.get("dlq.reason", ""),
        source=f"{meta.get('dlq.topic', '?')}[{meta.get('dlq.partition', '?')}]"
        f"@{meta.get('dlq.offset', '?')}",
        event_id=meta.get("dlq.event_id", ""),
        failed_at=meta.get("dlq.failed_at", ""),
    )


def dead_letter_record(
    record: Any,
    *,
    kind: str,
    reason: str,
    worker: str,
    event_id: str = "",
    now: datetime | None = None,
) -> Message:
    """(key, value, headers) for a DLQ: the original bytes and headers plus why and where."""
    headers: list[Header] = [(k, v) for k, v in (record.headers or []) if not k.startswith("dlq.")]
    headers += [
        ("dlq.kind", (kind or "unknown").encode()),
        ("dlq.reason", reason[:4000].encode()),
        ("dlq.topic", record.topic.encode()),
        ("dlq.partition", str(record.partition).encode()),
        ("dlq.offset", str(record.offset).encode()),
        ("dlq.event_id", event_id.encode()),
        ("dlq.failed_at", (now or datetime.now(UTC)).isoformat().encode()),
        ("dlq.worker", worker.encode()),
    ]
    return record.key, record.value, headers


def _read_range(
    consumer: Any, starts: dict[TopicPartition, int], ends: dict[TopicPartition, int]
) -> list[Any]:
    """Every record in [start, end) of each partition (assigned manually, no group)."""
    wanted = {tp: (s, e) for tp, s in starts.items() if (e := ends.get(tp, 0)) > s}
    if not wanted:
        return []
    consumer.assign(list(wanted))
    for tp, (start, _) in wanted.items():
        consumer.seek(tp, start)
    out: list[Any] = []
    remaining = set(wanted)
    idle = 0
    while remaining and idle < 40:  # 40 empty polls of 250 ms: the broker is not answering
        polled = consumer.poll(timeout_ms=250, max_records=1000)
        idle = 0 if polled else idle + 1
        for tp, records in polled.items():
            end = wanted[tp][1]
            out.extend(r for r in records if r.offset < end)
            if records and records[-1].offset >= end - 1:
                remaining.discard(tp)
                consumer.pause(tp)
    if remaining:
        raise TimeoutError(f"could not read {sorted(remaining)} to their end offsets")
    return out


def list_dead_letters(kafka: KafkaSettings, *, limit: int | None = None) -> list[DeadLetter]:
    """The DLQ's entries, oldest first per partition (the newest ``limit`` if given)."""
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    names = topics.Topics.from_settings(kafka)
    consumer = topics.consumer(kafka, client_id="caseledger-dlq-list")
    try:
        parts = topics.partitions_of(consumer, names.dlq)
        if not parts:
            return []
        ends = {tp: int(o) for tp, o in consumer.end_offsets(parts).items()}
        begins = {tp: int(o) for tp, o in consumer.beginning_offsets(parts).items()}
        letters = [decode_dead_letter(r) for r in _read_range(consumer, begins, ends)]
    finally:
        consumer.close(autocommit=False)
    letters.sort(key=lambda d: (d.failed_at, d.partition, d.offset))
    return letters[-limit:] if limit else letters


def replay_dead_letters(
    kafka: KafkaSettings, *, selection: Iterable[tuple[int, int]] | None = None
) -> list[DeadLetter]:
    """Publish DLQ entries again on the inbound topic; returns what was published.

    ``selection``: exactly these (partition, offset) entries (:class:`LookupError` naming
    those that do not exist, and nothing published). None: every entry not replayed before.
    Either way the ``caseledger.dlq-replay`` group then records them as replayed (after the
    broker acknowledged the re-publication).
    """
    names = topics.Topics.from_settings(kafka)
    consumer = topics.consumer(
        kafka, client_id="caseledger-dlq-replay", group_id=topics.DLQ_REPLAY_GROUP
    )
    publisher = KafkaPublisher(topics.producer(kafka, client_id="caseledger-dlq-replay"))
    try:
        return replay_with(consumer, publisher, names, selection)
    finally:
        publisher.close()
        consumer.close(autocommit=False)


# "Replayed before" lives in the dlq-replay group's committed offsets: every entry below a
# partition's committed offset was replayed, and so were the entries listed in that commit's
# metadata (replayed one by one with --entry, past the offset).
_REPLAYED = "replayed="
_METADATA_LIMIT = 4000  # the broker's offset.metadata.max.bytes is 4096 by default


def parse_replayed(committed: Any, begin: int) -> tuple[int, set[int]]:
    """(next offset not yet replayed in order, entries past it replayed) from a commit."""
    if committed is None:
        return begin, set()
    offset = max(int(committed.offset), begin)
    meta = committed.metadata or ""
    listed = meta[len(_REPLAYED) :].split(",") if meta.startswith(_REPLAYED) else []
    return offset, {int(o) for o in listed if o.isdigit() and int(o) >= offset}


def record_replayed(offset: int, replayed: set[int], done: Iterable[int]) -> OffsetAndMetadata:
    """The commit after ``done`` entries were replayed: the offset moves over a contiguous run."""
    later = replayed | {o for o in done if o >= offset}
    while offset in later:
        later.discard(offset)
        offset += 1
    meta = _REPLAYED + ",".join(str(o) for o in sorted(later)) if later else ""
    if len(meta) > _METADATA_LIMIT:
        raise ValueError(
            f"too many entries replayed out of order to remember ({len(later)}); "
            "run a plain `dlq replay` first"
        )
    return OffsetAndMetadata(offset, meta, -1)


def replay_with(
    consumer: Any,
    publisher: Publisher,
    names: topics.Topics,
    selection: Iterable[tuple[int, int]] | None,
) -> list[DeadLetter]:
    """:func:`replay_dead_letters` over given clients (a group consumer, a publisher)."""
    parts = topics.partitions_of(consumer, names.dlq)
    chosen = sorted(set(selection)) if selection is not None else None
    if not parts and not chosen:
        return []
    ends = {tp: int(o) for tp, o in consumer.end_offsets(parts).items()} if parts else {}
    begins = {tp: int(o) for tp, o in consumer.beginning_offsets(parts).items()} if parts else {}
    progress = {
        tp: parse_replayed(consumer.committed(tp, metadata=True), begins[tp]) for tp in parts
    }
    if chosen is not None:
        # From the lowest to the highest entry asked for, per partition (sorted: last wins).
        starts = {TopicPartition(names.dlq, p): o for p, o in reversed(chosen)}
        last = {TopicPartition(names.dlq, p): o for p, o in chosen}
        ends = {tp: min(ends.get(tp, 0), last[tp] + 1) for tp in starts}
        records = sorted(
            (r for r in _read_range(consumer, starts, ends) if (r.partition, r.offset) in chosen),
            key=lambda r: (r.partition, r.offset),
        )
        missing = sorted(set(chosen) - {(r.partition, r.offset) for r in records})
        if missing:
            raise LookupError(
                f"no dead letter at {', '.join(f'{p}:{o}' for p, o in missing)} in {names.dlq}"
            )
    else:
        starts = {tp: progress[tp][0] for tp in parts}
        records = [
            r
            for r in _read_range(consumer, starts, ends)
            if r.offset not in progress[TopicPartition(r.topic, r.partition)][1]
        ]
    letters = [decode_dead_letter(r) for r in records]
    done: dict[TopicPartition, list[int]] = {}
    for r in records:
        done.setdefault(TopicPartition(names.dlq, r.partition), []).append(r.offset)
    if chosen is None:
        # A plain replay read each partition to its end: everything before it is done.
        done = {tp: [*done.get(tp, []), *range(progress[tp][0], ends[tp])] for tp in parts}
    commits = {
        tp: commit
        for tp, offsets in done.items()
        if (commit := record_replayed(*progress[tp], offsets)) != record_replayed(*progress[tp], [])
    }
    if letters:
        publisher.publish(names.inbound, [d.message(names.dlq) for d in letters])
    if commits:
        consumer.commit(commits)
    log.info("replayed %d dead letters onto %s", len(letters), names.inbound)
    return letters


def parse_selection(items: Sequence[str]) -> list[tuple[int, int]]:
    """``["0:12", "2:3"]`` -> [(0, 12), (2, 3)] (partition:offset)."""
    out: list[tuple[int, int]] = []
    for item in items:
        partition, sep, offset = item.partition(":")
        if not sep or not partition.isdigit() or not offset.isdigit():
            raise ValueError(f"{item!r}: expected PARTITION:OFFSET, e.g. 0:12")
        out.append((int(partition), int(offset)))
    return out
