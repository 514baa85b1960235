"""Replaying dead letters: which entries exist, and which were replayed before."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from kafka import TopicPartition

from caseledger.streams.dlq import parse_replayed, record_replayed, replay_with
from caseledger.streams.topics import Topics
from tests.unit.streams.test_streams_units import RecordingPublisher

NAMES = Topics("events", "in", "in.dlq")


class FakeDlqConsumer:
    """A DLQ topic in memory, read as ``_read_range`` reads it, with group commits."""

    def __init__(self, counts: dict[int, int]) -> None:
        self.records = {
            TopicPartition(NAMES.dlq, p): [
                SimpleNamespace(
                    topic=NAMES.dlq,
                    partition=p,
                    offset=o,
                    key=b"k",
                    value=f"{p}:{o}".encode(),
                    headers=[("dlq.kind", b"bad_json")],
                )
                for o in range(n)
            ]
            for p, n in counts.items()
        }
        self.commits: dict[TopicPartition, Any] = {}
        self.position: dict[TopicPartition, int] = {}
        self.paused: set[TopicPartition] = set()

    def partitions_for_topic(self, topic: str) -> set[int] | None:
        return {tp.partition for tp in self.records} if topic == NAMES.dlq else None

    def end_offsets(self, parts: Any) -> dict[TopicPartition, int]:
        return {tp: len(self.records[tp]) for tp in parts}

    def beginning_offsets(self, parts: Any) -> dict[TopicPartition, int]:
        return {tp: 0 for tp in parts}

    def committed(self, tp: TopicPartition, metadata: bool = False) -> Any:
        assert metadata
        return self.commits.get(tp)

    def assign(self, tps: Any) -> None:
        self.position = {tp: 0 for tp in tps}
        self.paused = set()

    def seek(self, tp: TopicPartition, offset: int) -> None:
        self.position[tp] = offset

    def pause(self, tp: TopicPartition) -> None:
        self.paused.add(tp)

    def poll(self, **_: Any) -> dict[TopicPartition, list[Any]]:
        out = {}
        for tp, at in self.position.items():
            if tp not in self.paused and self.records[tp][at:]:
                out[tp] = self.records[tp][at:]
                self.position[tp] = len(self.records[tp])
        return out

    def commit(self, offsets: dict[TopicPartition, Any]) -> None:
        self.commits.update(offsets)

    def close(self, **_: Any) -> None:
        pass


def replay(consumer: FakeDlqConsumer, selection: Any = None) -> list[str]:
    publisher = RecordingPublisher()
    replay_with(consumer, publisher, NAMES, selection)
    return [(value or b"").decode() for _, value, _ in publisher.sent]


def test_entries_that_do_not_exist_are_named_and_nothing_is_published() -> None:
    consumer = FakeDlqConsumer({0: 3})
    publisher = RecordingPublisher()
    with pytest.raises(LookupError, match=r"no dead letter at 0:999, 9:9 in in\.dlq"):
        replay_with(consumer, publisher, NAMES, [(9, 9), (0, 1), (0, 999)])
    assert publisher.sent == [] and consumer.commits == {}


def test_entries_replayed_one_by_one_count_as_replayed_before() -> None:
    consumer = FakeDlqConsumer({0: 4, 1: 2})
    assert replay(consumer, [(0, 2), (1, 0)]) == ["0:2", "1:0"]
    assert replay(consumer) == ["0:0", "0:1", "0:3", "1:1"]  # not 0:2 and 1:0 again
    assert replay(consumer) == []
    assert replay(consumer, [(0, 1)]) == ["0:1"]  # asked for by name: published again
    assert replay(consumer) == []


def test_the_replayed_entries_are_kept_compactly_in_the_group_commit() -> None:
    commit = record_replayed(0, set(), [0, 1, 3, 5])
    assert (commit.offset, commit.metadata) == (2, "replayed=3,5")
    assert parse_replayed(commit, begin=0) == (2, {3, 5})
    assert parse_replayed(commit, begin=4) == (4, {5})  # entries removed by retention
    assert parse_replayed(None, begin=7) == (7, set())
    assert record_replayed(2, {3, 5}, [2, 4]).metadata == ""  # now contiguous up to 6
    with pytest.raises(ValueError, match="plain `dlq replay`"):
        record_replayed(0, set(), range(1, 3000, 2))


def test_several_entries_of_one_partition_are_all_replayed() -> None:
    """Only the highest one was: the read started at the last entry named per partition."""
    assert replay(FakeDlqConsumer({0: 5}), [(0, 3), (0, 1)]) == ["0:1", "0:3"]
