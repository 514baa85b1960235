"""Relay and projector against a real Kafka broker, on SQLite and PostgreSQL.

Exactly-once effect is checked the strict way: the read models fed from Kafka must equal, row
for row (count + sha256 of every document), the read models the embedded runner builds from the
same event store.
"""

from __future__ import annotations

import json
import threading
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from caseledger.adapters.bootstrap import Container
from caseledger.adapters.settings import Settings
from caseledger.streams import topics
from caseledger.streams.projector import (
    CRASH_AFTER_COMMITS_ENV,
    build_projector,
    consumer_name,
    projector_lag,
)
from caseledger.streams.relay import (
    NOTIFICATION_LOG,
    KafkaPublisher,
    RelayCursor,
    build_relay,
    message_for,
)
from caseledger.streams.replay import checksum, end_offsets_of
from caseledger.streams.schemas import validate_envelope
from tests.integration.streams.support import (
    NAMES,
    count_messages,
    customer_story,
    embedded_checksums,
    projector_caught_up,
    settings_env,
    wait_until,
)


def group_of(settings: Settings) -> str:
    """A consumer group per test (per events topic): a member a previous test left behind in a
    shared group would hold the next test's join until its session expires."""
    return f"caseledger.projector.{settings.kafka.events_topic}"


def _read_all(settings: Settings) -> list[Any]:
    consumer = topics.consumer(settings.kafka, client_id="test-reader")
    try:
        parts = topics.partitions_of(consumer, settings.kafka.events_topic)
        ends = consumer.end_offsets(parts)
        consumer.assign(parts)
        consumer.seek_to_beginning(*parts)
        records: list[Any] = []
        while sum(1 for r in records) < sum(ends.values()):
            for batch in consumer.poll(timeout_ms=1000).values():
                records.extend(batch)
        return records
    finally:
        consumer.close()


def _project_until_caught_up(settings: Settings, **options: Any) -> None:
    projector, close = build_projector(
        settings, group=group_of(settings), lag_log_interval=0, **options
    )
    try:
        wait_until(
            lambda: (
                projector.poll_once(200) >= 0
                and projector_caught_up(settings, projector.step.store, group_of(settings))
            ),
            timeout=60,
            what="the projector to reach the end offsets",
            every=0,
        )
    finally:
        close()


def test_relay_publishes_every_event_once_in_customer_order(
    make_container: Any, kafka_settings: Settings
) -> None:
    writer: Container = make_container(inline_projections=False)
    for n in range(4):
        customer_story(writer, f"cust-{n}", tickets=1)
    head = writer.runner.source.head()

    relay, close = build_relay(kafka_settings, batch_size=7)
    try:
        assert relay.drain() == head
        assert relay.lag() == 0
        assert relay.cursor.next_position() == head + 1
    finally:
        close()

    records = _read_all(kafka_settings)
    assert len(records) == head
    by_customer: dict[str, list[int]] = defaultdict(list)
    partition_of: dict[str, set[int]] = defaultdict(set)
    for record in records:
        document = json.loads(record.value)
        validate_envelope(document)  # the consumer side of the published contract
        headers = dict(record.headers)
        assert headers["type"].decode() == document["type"]
        assert headers["schema_version"].decode() == str(document["schema_version"])
        assert headers["envelope_version"] == b"1"
        assert record.key.decode() == document["customer_id"]
        by_customer[document["customer_id"]].append(document["position"])
        partition_of[document["customer_id"]].add(record.partition)
    assert sorted(p for ps in by_customer.values() for p in ps) == list(range(1, head + 1))
    for customer, positions in by_customer.items():
        assert positions == sorted(positions), customer  # one customer's events keep their order
        assert len(partition_of[customer]) == 1


def test_projector_matches_the_embedded_runner_and_reports_lag(
    make_container: Any, kafka_settings: Settings, tmp_path: Path
) -> None:
    writer: Container = make_container(inline_projections=False)
    for n in range(6):
        customer_story(writer, f"cust-{n}")
    relay, close = build_relay(kafka_settings)
    try:
        relay.drain()
    finally:
        close()

    store = writer.store
    ends = end_offsets_of(kafka_settings.kafka)
    before = projector_lag(store, NAMES, group_of(kafka_settings), ends)
    assert sum(r.lag for r in before) == len(NAMES) * sum(ends.values())
    assert len({(r.topic, r.partition) for r in before}) == 3  # every partition is reported

    _project_until_caught_up(kafka_settings, batch_size=25)

    after = projector_lag(
        store, NAMES, group_of(kafka_settings), end_offsets_of(kafka_settings.kafka)
    )
    assert all(r.lag == 0 for r in after)
    assert checksum(store, NAMES) == embedded_checksums(writer, tmp_path)


def test_relay_crash_before_its_position_moved_resends_and_nothing_is_applied_twice(
    make_container: Any, kafka_settings: Settings, tmp_path: Path
) -> None:
    writer: Container = make_container(inline_projections=False)
    for n in range(3):
        customer_story(writer, f"cust-{n}")
    head = writer.runner.source.head()
    # A relay that published the first 20 events and died before storing its position.
    publisher = KafkaPublisher(topics.producer(kafka_settings.kafka, client_id="doomed-relay"))
    try:
        publisher.publish(
            kafka_settings.kafka.events_topic,
            [message_for(e) for e in writer.runner.source.read(0, 20)],
        )
    finally:
        publisher.close()
    cursor = RelayCursor(writer.store, kafka_settings.kafka.events_topic)
    assert cursor.next_position() == 1
    assert (NOTIFICATION_LOG, 0) not in writer.store.offsets(cursor.consumer)

    relay, close = build_relay(kafka_settings)
    try:
        relay.drain()
    finally:
        close()
    assert count_messages(kafka_settings) == head + 20  # re-sent: duplicates on the topic

    _project_until_caught_up(kafka_settings)
    assert checksum(writer.store, NAMES) == embedded_checksums(writer, tmp_path)


# SQLite only: it starts a broker of its own (~10 s) and the PostgreSQL store paths it uses are
# exercised by the other tests here.
@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_broker_stopped_while_the_relay_publishes_then_restarted(
    make_container: Any, settings: Settings, private_broker: Any, tmp_path: Path
) -> None:
    from tests.integration.streams.conftest import with_kafka

    kafka_settings = with_kafka(settings, private_broker.bootstrap)
    writer: Container = make_container(inline_projections=False)
    relay, close = build_relay(kafka_settings, batch_size=10, poll_interval=0.02)
    relay.retry_backoff = 0.2
    stop = threading.Event()
    thread = threading.Thread(target=relay.run, args=(stop,), daemon=True)
    thread.start()
    try:
        for n in range(3):
            customer_story(writer, f"early-{n}")
        wait_until(
            lambda: relay.lag() == 0, timeout=60, what="the relay to publish the first events"
        )
        published_before = relay.stats.published

        private_broker.stop()
        for n in range(3):  # written while the broker is down
            customer_story(writer, f"late-{n}")
        wait_until(
            lambda: relay.stats.failures > 0 or relay.lag() > 0,
            timeout=30,
            what="the relay to notice",
        )
        assert relay.lag() > 0  # nothing published, nothing skipped
        private_broker.start()

        wait_until(
            lambda: relay.lag() == 0, timeout=180, what="the relay to catch up after the restart"
        )
        assert relay.stats.published >= writer.runner.source.head() - published_before
    finally:
        stop.set()
        thread.join(timeout=30)
        close()

    _project_until_caught_up(kafka_settings)
    assert count_messages(kafka_settings) >= writer.runner.source.head()
    assert checksum(writer.store, NAMES) == embedded_checksums(writer, tmp_path)


def _spawn_projector(settings: Settings, *extra: str, env: dict[str, str] | None = None) -> Any:
    import subprocess
    import sys

    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "caseledger.streams",
            "projector",
            "--group",
            group_of(settings),
            "--batch-size",
            "15",
            "--session-timeout-ms",
            "6000",
            "--lag-log-interval",
            "0",
            *extra,
        ],
        env={**settings_env(settings), **(env or {})},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_projector_killed_mid_batch_and_restarted_applies_nothing_twice(
    make_container: Any, kafka_settings: Settings, tmp_path: Path
) -> None:
    import signal

    writer: Container = make_container(inline_projections=False)
    for n in range(8):
        customer_story(writer, f"cust-{n}")
    relay, close = build_relay(kafka_settings)
    try:
        relay.drain()
    finally:
        close()
    store = writer.store

    # 1. Killed by SIGKILL right after its 6th database commit: the second batch is half done
    #    (ticket_state and attempt_list committed it, preference_view and lineage_index not).
    first = _spawn_projector(
        kafka_settings, "--instance-id", "p-1", env={CRASH_AFTER_COMMITS_ENV: "6"}
    )
    assert first.wait(timeout=120) == -signal.SIGKILL, first.stderr.read() if first.stderr else ""
    progress = {
        n: sum(store.offsets(consumer_name(group_of(kafka_settings), n)).values()) for n in NAMES
    }
    assert progress["ticket_state"] > progress["lineage_index"] > 0, progress

    # 2. Restarted, then killed from outside while it is busy.
    second = _spawn_projector(kafka_settings, "--instance-id", "p-1")
    try:
        wait_until(
            lambda: (
                sum(
                    store.offsets(consumer_name(group_of(kafka_settings), "lineage_index")).values()
                )
                > progress["ticket_state"]
            ),
            timeout=60,
            what="the restarted projector to make progress",
            every=0.02,
        )
    finally:
        second.send_signal(signal.SIGKILL)
        second.wait(timeout=30)

    # 3. Restarted again and left to finish.
    third = _spawn_projector(kafka_settings, "--instance-id", "p-1")
    try:
        wait_until(
            lambda: projector_caught_up(kafka_settings, store, group_of(kafka_settings)),
            timeout=120,
            what="the projector to reach the end offsets after the kills",
        )
    finally:
        third.terminate()
        assert third.wait(timeout=60) == 0, third.stderr.read() if third.stderr else ""

    assert checksum(store, NAMES) == embedded_checksums(writer, tmp_path)


def test_a_second_projector_joining_and_the_first_leaving_rebalance_without_double_apply(
    make_container: Any, kafka_settings: Settings, tmp_path: Path
) -> None:
    writer: Container = make_container(inline_projections=False)
    relay, close_relay = build_relay(kafka_settings, poll_interval=0.02)
    stop_relay = threading.Event()
    relay_thread = threading.Thread(target=relay.run, args=(stop_relay,), daemon=True)
    relay_thread.start()

    workers: list[tuple[threading.Event, threading.Thread, Any]] = []

    def start_worker() -> Any:
        projector, close = build_projector(
            kafka_settings,
            group=group_of(kafka_settings),
            batch_size=10,
            session_timeout_ms=6000,
            lag_log_interval=0,
        )
        stop = threading.Event()

        def loop() -> None:
            try:
                projector.run(stop, poll_timeout_ms=100)
            finally:
                close()

        thread = threading.Thread(target=loop, daemon=True)
        thread.start()
        workers.append((stop, thread, projector))
        return projector

    try:
        a = start_worker()
        for n in range(3):
            customer_story(writer, f"a-{n}")
        wait_until(
            lambda: len(a.consumer.assignment()) == 3, timeout=60, what="A to own 3 partitions"
        )
        b = start_worker()
        for n in range(3):
            customer_story(writer, f"b-{n}")
        wait_until(
            lambda: (
                len(a.consumer.assignment()) + len(b.consumer.assignment()) == 3
                and len(b.consumer.assignment()) > 0
            ),
            timeout=60,
            what="A and B to share the partitions",
        )
        for n in range(3):
            customer_story(writer, f"c-{n}")
        stop_a, thread_a, _ = workers[0]
        stop_a.set()
        thread_a.join(timeout=60)  # A leaves the group; B takes its partitions over
        for n in range(3):
            customer_story(writer, f"d-{n}")
        wait_until(lambda: relay.lag() == 0, timeout=60, what="the relay")
        wait_until(
            lambda: projector_caught_up(kafka_settings, writer.store, group_of(kafka_settings)),
            timeout=120,
            what="B to apply everything",
        )
        assert len(b.consumer.assignment()) == 3
    finally:
        for stop, thread, _ in workers:
            stop.set()
            thread.join(timeout=60)
        stop_relay.set()
        relay_thread.join(timeout=30)
        close_relay()

    assert checksum(writer.store, NAMES) == embedded_checksums(writer, tmp_path)
