"""The projector and the Kafka replay with records on the events topic that are not envelopes."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from kafka import TopicPartition

from caseledger.adapters.bootstrap import all_projections
from caseledger.adapters.readmodels.sqlite import SQLiteReadModelStore
from caseledger.adapters.settings import KafkaSettings
from caseledger.streams import replay
from caseledger.streams.dlq import decode_dead_letter
from caseledger.streams.projector import Projector, ProjectorStep
from caseledger.streams.relay import encode_envelope
from tests.unit.streams.test_streams_units import RecordingPublisher, story

BAD = b"{not json"


@pytest.fixture
def store(tmp_path: Path) -> Any:
    s = SQLiteReadModelStore(tmp_path / "rm.sqlite")
    yield s
    s.close()


def records(partition: int = 0) -> list[Any]:
    """The story on one partition with a non-JSON record at offset 1."""
    values = [encode_envelope(e) for e in story()]
    values.insert(1, BAD)
    return [
        SimpleNamespace(
            topic="events",
            partition=partition,
            offset=n,
            key=b"cust-1",
            value=v,
            headers=[("trace", b"t1")],
        )
        for n, v in enumerate(values)
    ]


class FakeConsumer:
    """Delivers the whole partition on every poll (a re-read after a restart, each time)."""

    def __init__(self, polled: Sequence[Any]) -> None:
        self.polled = list(polled)
        self.commits: list[Any] = []

    def partitions_for_topic(self, _: str) -> set[int]:
        return {0}

    def subscribe(self, *_: Any, **__: Any) -> None:
        pass

    def poll(self, **_: Any) -> dict[Any, list[Any]]:
        return {TopicPartition("events", 0): self.polled}

    def commit(self, offsets: Any) -> None:
        self.commits.append(offsets)


def projector(store: Any, dlq: RecordingPublisher) -> Projector:
    return Projector(
        FakeConsumer(records()),
        ProjectorStep(store, all_projections(), "g"),
        "events",
        lag_log_interval=0,
        dlq=dlq,
        dlq_topic="events.dlq",
        worker="w1",
    )


def test_a_record_that_is_not_an_envelope_is_dead_lettered_and_passed(
    store: Any, caplog: pytest.LogCaptureFixture
) -> None:
    dlq = RecordingPublisher()
    worker = projector(store, dlq)
    with caplog.at_level("ERROR"):
        assert worker.poll_once() == 4  # it did not stop the worker
    assert "events[0]@1 is not an envelope" in caplog.text
    assert store.offsets("g/ticket_state") == {("events", 0): 4}  # past the bad record
    doc = store.get("ticket_state", story()[0].aggregate_id)
    assert doc["assignee"] == "sam"
    [(key, value, headers)] = dlq.sent
    assert (key, value) == (b"cust-1", BAD)
    letter = decode_dead_letter(
        SimpleNamespace(partition=0, offset=0, key=key, value=value, headers=headers)
    )
    assert letter.headers == (("trace", b"t1"),)
    assert (letter.kind, letter.source) == ("bad_json", "events[0]@1")
    assert "not JSON" in letter.reason
    worker.poll_once()  # the same records again: already passed, not dead-lettered twice
    assert len(dlq.sent) == 1


def test_the_offset_stays_before_a_dead_letter_the_broker_did_not_acknowledge(
    store: Any,
) -> None:
    worker = projector(store, RecordingPublisher(fail=True))
    with pytest.raises(OSError):
        worker.poll_once()
    assert store.offsets("g/ticket_state") == {}  # re-read after a restart: nothing lost


class FakeBulkConsumer(FakeConsumer):
    def end_offsets(self, parts: Any) -> dict[Any, int]:
        return {tp: len(self.polled) for tp in parts}

    def assign(self, _: Any) -> None:
        pass

    def seek(self, *_: Any) -> None:
        pass

    def pause(self, _: Any) -> None:
        pass

    def close(self, **_: Any) -> None:
        pass


def test_a_kafka_replay_skips_and_reports_records_that_are_not_envelopes(
    store: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(replay, "bulk_consumer", lambda *_: FakeBulkConsumer(records()))
    result = replay.rebuild_from_kafka(
        KafkaSettings(events_topic="events"), store, all_projections()
    )
    assert result.records == 4
    assert [(s["where"], s["kind"]) for s in result.skipped] == [("events[0]@1", "bad_json")]
    assert store.get("ticket_state", story()[0].aggregate_id)["assignee"] == "sam"
