"""Replay for analysts: rebuild projections from the events topic and compare with live ones.

``rebuild_from_kafka`` reads the events topic from offset zero up to the end offsets taken at
the start (assigned partitions, no consumer group), folds every record with the same
projection code as the workers, and commits documents and offsets together into the given
(fresh) store. Records that are not envelopes are skipped and reported, as the live
projector dead-letters and skips them (so the comparison stays fair). ``compare_stores``
then reports, per projection, the rows that are equal, only in one store, or different.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kafka import TopicPartition

from caseledger.adapters.settings import KafkaSettings
from caseledger.projections.base import Doc, Projection
from caseledger.projections.store import ReadModelStore
from caseledger.projections.views import public
from caseledger.streams import topics
from caseledger.streams.projector import ProjectorStep, decode_records

REPLAY_GROUP = "caseledger.replay"  # names the offsets rows of a rebuilt store; never joined


@dataclass
class RebuildResult:
    """How a rebuild went: records read, seconds, the end offsets it stopped at, and the
    records skipped because they are not envelopes (``{"where", "kind", "reason"}``)."""

    records: int = 0
    seconds: float = 0.0
    end_offsets: dict[tuple[str, int], int] = field(default_factory=dict)
    skipped: list[dict[str, str]] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.records / self.seconds if self.seconds > 0 else 0.0


def rebuild_from_kafka(
    kafka: KafkaSettings,
    store: ReadModelStore,
    projections: Sequence[Projection],
    *,
    batch_size: int = 5000,
    validate: bool = False,
    progress: Callable[[int, int], None] | None = None,
    workers: int = 1,
    open_store: Callable[[], ReadModelStore] | None = None,
    partitions: Collection[int] | None = None,
) -> RebuildResult:
    """Fold the whole events topic (as of now) into ``store``; returns what was read.

    ``progress(done, total)`` is called after each batch. ``validate`` checks every envelope
    against the JSON Schema (slower; the relay's output is checked by tests already).

    ``workers > 1`` splits the partitions among that many processes, each folding its own
    partitions into the same database through ``open_store()`` (a picklable factory of a new
    connection to the database ``store`` writes to; required then). Every document belongs to
    one customer and a customer to one partition, so workers never write the same row, and
    each commits its partitions' offsets with its documents: a rebuild stopped part-way
    resumes per partition. ``partitions`` restricts a rebuild to those partition numbers.
    """
    if workers > 1:
        if open_store is None:
            raise ValueError("workers > 1 needs open_store: each process opens its own store")
        return _rebuild_in_processes(
            kafka, projections, open_store, workers, batch_size, validate, progress, partitions
        )
    topic = topics.Topics.from_settings(kafka).events
    consumer = bulk_consumer(kafka, batch_size)
    step = ProjectorStep(store, projections, REPLAY_GROUP)
    result = RebuildResult()
    started = time.perf_counter()
    try:
        parts = _partitions(consumer, topic, partitions)
        ends = {tp: int(o) for tp, o in consumer.end_offsets(parts).items()}
        result.end_offsets = {(tp.topic, tp.partition): o for tp, o in ends.items()}
        total = sum(ends.values())
        consumer.assign(parts)
        for tp in parts:
            consumer.seek(tp, step.start_offset((tp.topic, tp.partition)))
        remaining = {tp for tp in parts if ends[tp] > step.start_offset((tp.topic, tp.partition))}
        idle = 0
        while remaining:
            polled = consumer.poll(timeout_ms=500, max_records=batch_size)
            if not polled:
                idle += 1
                if idle > 60:
                    raise TimeoutError(f"no records from {topic} for 30s; stuck at {remaining}")
                continue
            idle = 0
            wanted: list[Any] = []
            for tp, records in polled.items():
                end = ends[tp]
                wanted.extend(r for r in records if r.offset < end)
                if records[-1].offset >= end - 1:
                    remaining.discard(tp)
                    consumer.pause(tp)
            batch, bad = decode_records(wanted, validate=validate)
            step.apply(batch, [(b.tp, b.offset) for b in bad])
            result.skipped += [{"where": b.where, "kind": b.kind, "reason": b.reason} for b in bad]
            result.records += len(batch) + len(bad)
            if progress is not None:
                progress(result.records, total)
    finally:
        consumer.close(autocommit=False)
    result.seconds = time.perf_counter() - started
    return result


def bulk_consumer(kafka: KafkaSettings, batch_size: int = 5000) -> Any:
    """A group-less consumer tuned for reading a whole topic (large fetches, no CRC checks)."""
    return topics.consumer(
        kafka,
        client_id="caseledger-replay",
        max_poll_records=batch_size,
        max_partition_fetch_bytes=8 * 1024 * 1024,
        fetch_max_bytes=64 * 1024 * 1024,
        check_crcs=False,  # the broker checked them on append; this is a bulk read
    )


def _partitions(consumer: Any, topic: str, only: Collection[int] | None) -> list[TopicPartition]:
    parts = topics.partitions_of(consumer, topic)
    if not parts:
        raise LookupError(f"topic {topic!r} does not exist (has the relay run?)")
    if only is not None:
        missing = sorted(set(only) - {tp.partition for tp in parts})
        if missing:
            raise LookupError(f"topic {topic!r} has no partition(s) {missing}")
        parts = [tp for tp in parts if tp.partition in only]
    return parts


def _worker(
    index: int,
    kafka: KafkaSettings,
    projections: Sequence[Projection],
    open_store: Callable[[], ReadModelStore],
    partitions: list[int],
    batch_size: int,
    validate: bool,
    reports: Any,
) -> None:
    """One replay process: its partitions into its own connection; reports to the parent."""
    try:
        store = open_store()
        try:

            def report(done: int, _total: int) -> None:
                reports.put(("progress", index, done))

            result = rebuild_from_kafka(
                kafka,
                store,
                projections,
                batch_size=batch_size,
                validate=validate,
                progress=report,
                partitions=partitions,
            )
        finally:
            store.close()
        reports.put(("done", index, result.records, result.end_offsets, result.skipped))
    except BaseException as exc:  # the parent re-raises it; a worker never dies silently
        reports.put(("error", index, f"{type(exc).__name__}: {exc}"))


def _rebuild_in_processes(
    kafka: KafkaSettings,
    projections: Sequence[Projection],
    open_store: Callable[[], ReadModelStore],
    workers: int,
    batch_size: int,
    validate: bool,
    progress: Callable[[int, int], None] | None,
    only: Collection[int] | None,
) -> RebuildResult:
    import multiprocessing
    import queue

    topic = topics.Topics.from_settings(kafka).events
    probe = topics.consumer(kafka, client_id="caseledger-replay")
    try:
        parts = _partitions(probe, topic, only)
        total = sum(int(o) for o in probe.end_offsets(parts).values())
    finally:
        probe.close(autocommit=False)
    numbers = [tp.partition for tp in parts]
    count = min(workers, len(numbers))  # at most one process per partition
    groups = [numbers[i::count] for i in range(count)]
    # spawn, not fork: the parent may hold threads (Kafka clients, connection pools).
    context = multiprocessing.get_context("spawn")
    reports = context.Queue()
    started = time.perf_counter()
    processes = [
        context.Process(
            target=_worker,
            args=(n, kafka, list(projections), open_store, group, batch_size, validate, reports),
            name=f"caseledger-replay-{n}",
        )
        for n, group in enumerate(groups)
    ]
    for process in processes:
        process.start()
    result = RebuildResult()
    done_by: dict[int, int] = {}
    finished = 0
    try:
        while finished < len(processes):
            try:
                message = reports.get(timeout=1.0)
            except queue.Empty:
                dead = [p for p in processes if p.exitcode not in (None, 0)]
                if dead:
                    raise RuntimeError(
                        f"replay worker {dead[0].name} died (exit code {dead[0].exitcode})"
                    ) from None
                continue
            kind, index = message[0], message[1]
            if kind == "error":
                raise RuntimeError(f"replay worker {index} failed: {message[2]}")
            done_by[index] = message[2]
            if kind == "done":
                finished += 1
                result.end_offsets.update(message[3])
                result.skipped += message[4]
            if progress is not None:
                progress(sum(done_by.values()), total)
    finally:
        for process in processes:
            if process.is_alive() and finished < len(processes):
                process.terminate()
            process.join(timeout=30)
    result.records = sum(done_by.values())
    result.seconds = time.perf_counter() - started
    return result


@dataclass
class Comparison:
    """One projection, live vs rebuilt."""

    projection: str
    equal: int = 0
    only_live: list[str] = field(default_factory=list)
    only_replay: list[str] = field(default_factory=list)
    differing: list[dict[str, Any]] = field(default_factory=list)

    @property
    def identical(self) -> bool:
        return not (self.only_live or self.only_replay or self.differing)

    def to_json(self) -> dict[str, Any]:
        return {
            "projection": self.projection,
            "identical": self.identical,
            "equal": self.equal,
            "only_live": self.only_live,
            "only_replay": self.only_replay,
            "differing": self.differing,
        }


def _merge(
    left: Iterator[tuple[str, Doc]], right: Iterator[tuple[str, Doc]]
) -> Iterator[tuple[str, Doc | None, Doc | None]]:
    """Walk two key-ordered scans together."""
    a, b = next(left, None), next(right, None)
    while a is not None or b is not None:
        if b is None or (a is not None and a[0] < b[0]):
            assert a is not None
            yield a[0], a[1], None
            a = next(left, None)
        elif a is None or b[0] < a[0]:
            yield b[0], None, b[1]
            b = next(right, None)
        else:
            yield a[0], a[1], b[1]
            a, b = next(left, None), next(right, None)


def _canonical(doc: Doc) -> str:
    return json.dumps(public(doc), sort_keys=True, ensure_ascii=False)


def _field_diff(live: Doc, replay: Doc) -> list[str]:
    keys = sorted(set(public(live)) | set(public(replay)))
    return [
        k
        for k in keys
        if json.dumps(live.get(k), sort_keys=True) != json.dumps(replay.get(k), sort_keys=True)
    ]


def compare_stores(
    live: ReadModelStore,
    replay: ReadModelStore,
    names: Sequence[str],
    *,
    max_rows: int = 50,
) -> list[Comparison]:
    """Compare projections row by row (bookkeeping fields such as ``_seen`` excluded)."""
    out: list[Comparison] = []
    for name in names:
        comparison = Comparison(name)
        for key, a, b in _merge(live.scan(name), replay.scan(name)):
            if b is None:
                comparison.only_live.append(key)
            elif a is None:
                comparison.only_replay.append(key)
            elif _canonical(a) == _canonical(b):
                comparison.equal += 1
            elif len(comparison.differing) < max_rows:
                comparison.differing.append({"key": key, "fields": _field_diff(a, b)})
            else:
                comparison.differing.append({"key": key, "fields": ["…"]})
        out.append(comparison)
    return out


def checksum(store: ReadModelStore, names: Sequence[str]) -> Mapping[str, tuple[int, str]]:
    """(row count, sha256 of the canonical rows) per projection: equal read models, equal sums."""
    import hashlib

    sums: dict[str, tuple[int, str]] = {}
    for name in names:
        digest = hashlib.sha256()
        count = 0
        for key, doc in store.scan(name):
            digest.update(key.encode())
            digest.update(_canonical(doc).encode())
            count += 1
        sums[name] = (count, digest.hexdigest())
    return sums


def end_offsets_of(kafka: KafkaSettings) -> dict[tuple[str, int], int]:
    """The events topic's end offsets now (for lag and for "caught up" checks)."""
    consumer = topics.consumer(kafka, client_id="caseledger-offsets")
    try:
        return topics.end_offsets(consumer, topics.Topics.from_settings(kafka).events)
    finally:
        consumer.close(autocommit=False)


__all__ = [
    "Comparison",
    "bulk_consumer",
    "RebuildResult",
    "TopicPartition",
    "checksum",
    "compare_stores",
    "end_offsets_of",
    "rebuild_from_kafka",
]
