"""The Kafka commands as a user runs them: real processes, a real broker, a real data dir.

Needs the registration lines of ``cli/streams.py`` in ``cli/main.py``. ``CASELEDGER_TEST_CLI``
may name another ``caseledger`` executable (default: the one next to this Python).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from caseledger.adapters.bootstrap import bootstrap
from caseledger.adapters.settings import GuardSettings, KafkaSettings, Settings
from caseledger.streams import topics
from caseledger.streams.replay import end_offsets_of
from tests.integration.streams.support import Broker, customer_story, wait_until

CLI = os.environ.get("CASELEDGER_TEST_CLI") or (
    shutil.which("caseledger", path=str(Path(sys.executable).parent)) or "caseledger"
)


@pytest.fixture(scope="module")
def broker() -> Iterator[str]:
    given = os.environ.get("CASELEDGER_TEST_KAFKA_BOOTSTRAP")
    if given:
        yield given
        return
    directory = Path(tempfile.mkdtemp(prefix="caseledger-e2e-kafka-"))
    owned = Broker(directory)
    try:
        address = owned.start()
    except RuntimeError as exc:
        pytest.fail(f"could not start the Kafka broker: {exc}")
    yield address
    owned.stop()
    shutil.rmtree(directory, ignore_errors=True)


class World:
    def __init__(self, data_dir: Path, bootstrap_servers: str) -> None:
        prefix = f"e2e{uuid.uuid4().hex[:8]}"
        self.kafka = KafkaSettings(
            bootstrap_servers=bootstrap_servers,
            events_topic=f"{prefix}.events",
            inbound_topic=f"{prefix}.inbound",
        )
        self.settings = Settings(
            environment="test",
            data_dir=data_dir,
            guard=GuardSettings(use_embeddings=False),
            kafka=self.kafka,
        )
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("CASELEDGER_")},
            "CASELEDGER_ENVIRONMENT": "test",
            "CASELEDGER_DATA_DIR": str(data_dir),
            "CASELEDGER_GUARD__USE_EMBEDDINGS": "false",
            "CASELEDGER_KAFKA__BOOTSTRAP_SERVERS": bootstrap_servers,
            "CASELEDGER_KAFKA__EVENTS_TOPIC": self.kafka.events_topic,
            "CASELEDGER_KAFKA__INBOUND_TOPIC": self.kafka.inbound_topic,
            "CASELEDGER_KAFKA__PARTITIONS": "3",
            "COLUMNS": "200",
            "HF_HUB_OFFLINE": "1",
        }

    def run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [CLI, *args], env=self.env, capture_output=True, text=True, timeout=timeout
        )

    def start(self, *args: str) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [CLI, *args], env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )


def stop(process: subprocess.Popen[str]) -> str:
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 0, err[-3000:]
    return err


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory, broker: str) -> Iterator[tuple[World, str]]:
    w = World(tmp_path_factory.mktemp("streams-cli"), broker)
    # Events recorded through the application service, embedded projections on (the live state).
    container = bootstrap(w.settings, embedder=None)
    try:
        customer_story(container, "cust-a")
        customer_story(container, "cust-b", tickets=1)
        ticket = container.desk.load_customer("cust-a").ticket_ids[0]
    finally:
        container.close()
    yield w, ticket


def test_relay_status_and_replay_from_kafka(world: tuple[World, str]) -> None:
    w, _ = world
    relayed = w.run("relay", "--once")
    assert relayed.returncode == 0, relayed.stderr
    status = w.run("status", "--kafka", "--json")
    assert status.returncode == 0, status.stderr
    report = json.loads(status.stdout)  # one document, nothing before it
    assert report["relay"]["lag"] == 0 and report["relay"]["published"] > 0
    assert {row["partition"] for row in report["partitions"]} == {0, 1, 2}
    assert sum(row["lag"] for row in report["partitions"]) > 0  # no projector has run yet

    replay = w.run("replay", "--source", "kafka", "--json")
    assert replay.returncode == 0, replay.stderr + replay.stdout
    result = json.loads(replay.stdout)
    assert result["identical"] is True
    assert result["records"] == report["relay"]["published"]
    assert {p["projection"] for p in result["projections"]} == {
        "ticket_state",
        "attempt_list",
        "preference_view",
        "lineage_index",
        "memory_view",
    }
    table = w.run("replay", "--source", "kafka")
    assert table.returncode == 0 and "identical" in table.stdout
    parallel = w.run("replay", "--source", "kafka", "--workers", "3", "--json")
    assert parallel.returncode == 0, parallel.stderr + parallel.stdout
    assert json.loads(parallel.stdout)["identical"] is True
    assert json.loads(parallel.stdout)["records"] == result["records"]


def test_projector_worker_catches_up_and_status_shows_no_lag(world: tuple[World, str]) -> None:
    w, _ = world
    assert w.run("relay", "--once").returncode == 0
    # The worker's log goes to a file, read while it runs: its first lag line is due a second
    # after it starts, but on a loaded machine starting up and joining the group can take
    # longer than any fixed wait (CI stopped it once at 3 s, before that line).
    log_file = w.settings.data_dir / "projector.log"
    with log_file.open("w", encoding="utf-8") as sink:
        worker = subprocess.Popen(
            [CLI, "projector", "--session-timeout-ms", "6000", "--lag-log-interval", "1"],
            env=w.env,
            stdout=subprocess.DEVNULL,
            stderr=sink,
            text=True,
        )

        def no_lag() -> bool:
            status = w.run("status", "--kafka", "--json")
            report = json.loads(status.stdout)  # one document, nothing before it
            return all(row["lag"] == 0 for row in report["partitions"])

        def lag_logged() -> bool:
            return "lag " in log_file.read_text(encoding="utf-8")

        try:
            wait_until(no_lag, timeout=90, what="the projector's lag to reach 0", every=0.5)
            wait_until(lag_logged, timeout=60, what="the projector's lag log line", every=0.5)
        finally:
            worker.send_signal(signal.SIGTERM)
            worker.wait(timeout=60)
    log = log_file.read_text(encoding="utf-8")
    assert worker.returncode == 0, log[-3000:]
    assert "lag " in log  # the periodic lag log line
    table = w.run("status", "--kafka")
    assert "relay" in table.stdout and "lag" in table.stdout


def test_history_as_of_and_json(world: tuple[World, str]) -> None:
    w, ticket = world
    now = w.run("history", ticket, "--format", "json")
    assert now.returncode == 0, now.stderr
    view = json.loads(now.stdout)
    assert view["state"]["status"] == "resolved"
    assert view["timeline"][0]["type"] == "ticket.opened"
    second = view["timeline"][1]["recorded_at"]
    then = json.loads(w.run("history", ticket, "--as-of", second, "--format", "json").stdout)
    assert then["state"]["status"] == "open"
    assert sum(e["known_at_as_of"] for e in then["timeline"]) == 2
    table = w.run("history", ticket, "--as-of", second)
    assert table.returncode == 0 and "(later)" in table.stdout
    for bad in (["nope"], [ticket, "--as-of", "2026-06-01T12:00:00"]):
        refused = w.run("history", *bad)
        assert refused.returncode == 2 and "error" in refused.stderr


def test_ingest_dead_letters_and_dlq_list_and_replay(world: tuple[World, str]) -> None:
    w, ticket = world
    producer = topics.producer(w.kafka, client_id="e2e-service")
    topics.ensure_topics(
        w.kafka, [w.kafka.inbound_topic, f"{w.kafka.inbound_topic}.dlq"], partitions=3
    )
    good: dict[str, Any] = {
        "schema_version": 1,
        "event_id": "e2e-1",
        "type": "ticket.message",
        "source": "service:mail",
        "customer_id": "cust-a",
        "occurred_at": "2026-06-01T12:00:00+00:00",
        "data": {"ticket_id": ticket, "text": "any news?"},
    }
    try:
        producer.send(w.kafka.inbound_topic, key=b"cust-a", value=json.dumps(good).encode())
        producer.send(w.kafka.inbound_topic, key=b"cust-a", value=b"garbage")
        producer.flush(timeout=30)
    finally:
        producer.close()
    dlq_topic = f"{w.kafka.inbound_topic}.dlq"
    worker = w.start("ingest")
    try:
        wait_until(
            lambda: (
                sum(end_offsets_of(w.kafka.model_copy(update={"events_topic": dlq_topic})).values())
                == 1
            ),
            timeout=60,
            what="the poison event in the DLQ",
            every=0.2,
        )
    finally:
        stop(worker)
    listed = w.run("dlq", "list", "--format", "json")
    assert listed.returncode == 0, listed.stderr
    [entry] = json.loads(listed.stdout)
    assert entry["kind"] == "bad_json" and entry["value"] == "garbage"
    assert "dead letter" in w.run("dlq", "list").stdout
    here = f"{entry['partition']}:{entry['offset']}"
    missing = w.run("dlq", "replay", "--entry", "9:9", "--entry", f"{entry['partition']}:999")
    assert missing.returncode == 2, missing.stdout
    assert "9:9" in missing.stderr and f"{entry['partition']}:999" in missing.stderr
    replayed = w.run("dlq", "replay", "--entry", here)
    assert replayed.returncode == 0 and "1 dead letter(s) published" in replayed.stdout
    # Replayed by --entry counts as replayed before: a plain replay does not send it again.
    assert "0 dead letter(s) published" in w.run("dlq", "replay").stdout
    bad = w.run("dlq", "replay", "--entry", "zero")
    assert bad.returncode == 2


def test_the_module_entry_point_runs_the_workers(world: tuple[World, str]) -> None:
    w, _ = world
    done = subprocess.run(
        [sys.executable, "-m", "caseledger.streams", "relay", "--once"],
        env=w.env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    usage = subprocess.run(
        [sys.executable, "-m", "caseledger.streams"], env=w.env, capture_output=True, text=True
    )
    assert usage.returncode == 2 and "relay|projector|ingest" in usage.stderr


def test_a_record_that_is_not_an_envelope_is_dead_lettered_by_the_projector_and_skipped_by_replay(
    world: tuple[World, str],
) -> None:
    """It stopped every projector (ContractError) and made `replay --source kafka` print a
    traceback; now the projector dead-letters and passes it, and replay skips and reports it."""
    w, _ = world
    assert w.run("relay", "--once").returncode == 0
    producer = topics.producer(w.kafka, client_id="e2e-poison")
    try:
        producer.send(w.kafka.events_topic, key=b"cust-a", value=b"garbage")
        producer.flush(timeout=30)
    finally:
        producer.close()
    events_dlq = w.kafka.model_copy(update={"events_topic": f"{w.kafka.events_topic}.dlq"})
    log_file = w.settings.data_dir / "projector-poison.log"
    with log_file.open("w", encoding="utf-8") as sink:
        worker = subprocess.Popen(
            [CLI, "projector", "--session-timeout-ms", "6000"],
            env=w.env,
            stdout=subprocess.DEVNULL,
            stderr=sink,
            text=True,
        )

        def passed() -> bool:
            report = json.loads(w.run("status", "--kafka", "--json").stdout)
            return all(row["lag"] == 0 for row in report["partitions"])

        try:
            wait_until(passed, timeout=90, what="the projector past the poison record", every=0.5)
            assert sum(end_offsets_of(events_dlq).values()) == 1
        finally:
            worker.send_signal(signal.SIGTERM)
            worker.wait(timeout=60)
    log = log_file.read_text(encoding="utf-8")
    assert worker.returncode == 0, log[-3000:]
    assert "is not an envelope" in log

    for workers in ("1", "3"):
        replay = w.run("replay", "--source", "kafka", "--workers", workers, "--json")
        assert replay.returncode == 0, replay.stderr + replay.stdout
        result = json.loads(replay.stdout)
        assert result["identical"] is True
        [skipped] = result["skipped"]
        assert skipped["kind"] == "bad_json" and w.kafka.events_topic in skipped["where"]
    table = w.run("replay", "--source", "kafka")
    assert table.returncode == 0 and "skipped 1 record(s)" in table.stdout
    assert "Traceback" not in table.stderr
