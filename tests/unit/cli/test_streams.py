"""The Kafka commands' contract on stdout, stderr and the exit code (no broker needed)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from kafka.errors import KafkaTimeoutError
from typer.testing import CliRunner, Result

from caseledger.cli.main import app

AWAY = "127.0.0.1:1"


@pytest.fixture(autouse=True)
def _env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CASELEDGER_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("CASELEDGER_KAFKA__BOOTSTRAP_SERVERS", AWAY)
    monkeypatch.delenv("CASELEDGER_PROJECTIONS__SOURCE", raising=False)


def invoke(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def flat(text: str) -> str:
    return " ".join(text.split())  # rich wraps long lines


def no_broker(*_: Any, **__: Any) -> Any:
    # What kafka-python raises after its ~30 s bootstrap wait.
    raise KafkaTimeoutError(f"Unable to bootstrap from [('{AWAY}')]")


@pytest.mark.parametrize(
    ("module", "args"),
    [
        ("relay", ["relay"]),
        ("relay", ["relay", "--once"]),
        ("projector", ["projector"]),
        ("ingest", ["ingest"]),
    ],
)
def test_a_worker_without_a_broker_says_so_and_exits_2(
    module: str, args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(f"caseledger.streams.{module}.run", no_broker)
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert f"error: Kafka at {AWAY} did not answer: KafkaTimeoutError" in flat(result.stderr)
    assert "Traceback" not in result.output


@pytest.mark.parametrize("workers", ["1", "3"])
def test_a_kafka_replay_without_a_broker_says_so_and_exits_2(
    workers: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("caseledger.streams.topics.consumer", no_broker)
    result = invoke("replay", "--source", "kafka", "--workers", workers)
    assert result.exit_code == 2, result.output
    assert f"error: Kafka at {AWAY} did not answer: KafkaTimeoutError" in flat(result.stderr)


def test_dlq_replay_of_entries_that_do_not_exist_names_them_and_exits_2(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.unit.streams.test_dlq import FakeDlqConsumer
    from tests.unit.streams.test_streams_units import RecordingPublisher

    published = RecordingPublisher()
    monkeypatch.setenv("CASELEDGER_KAFKA__INBOUND_TOPIC", "in")
    monkeypatch.setattr(
        "caseledger.streams.topics.consumer", lambda *_, **__: FakeDlqConsumer({0: 3})
    )
    monkeypatch.setattr("caseledger.streams.topics.producer", lambda *_, **__: None)
    monkeypatch.setattr("caseledger.streams.dlq.KafkaPublisher", lambda _: published)
    result = invoke("dlq", "replay", "--entry", "9:9", "--entry", "0:999", "--entry", "0:1")
    assert result.exit_code == 2, result.output
    assert "error: no dead letter at 0:999, 9:9 in in.dlq" in flat(result.stderr)
    assert published.sent == []


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--limit", "0"], "--limit"),
        (["--limit", "-1"], "--limit"),
        (["--format", "xml"], "--format must be table or json"),
        (["--format", "JSON"], "--format must be table or json"),
    ],
)
def test_dlq_list_refuses_a_limit_below_1_and_an_unknown_format(
    args: list[str], reason: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[Any] = []
    monkeypatch.setattr(
        "caseledger.streams.dlq.list_dead_letters", lambda *a, **k: asked.append(k) or []
    )
    result = invoke("dlq", "list", *args)
    assert result.exit_code == 2, result.output
    assert reason in flat(result.stderr)
    assert asked == []  # refused before asking the broker


def test_status_json_is_one_json_document_with_the_log_positions() -> None:
    result = invoke("status", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert {p["projection"] for p in document["log"]["projections"]} >= {"ticket_state"}
    assert document["log"]["head"] == 0


def test_status_kafka_json_puts_the_kafka_part_in_the_same_document(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kafka_part = {"relay": {"lag": 0}, "group": "g", "partitions": []}
    monkeypatch.setattr("caseledger.cli.streams.kafka_status_rows", lambda *_: kafka_part)
    result = invoke("status", "--kafka", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)  # nothing printed before it
    assert document["relay"] == {"lag": 0} and "log" in document


def test_a_log_replay_is_refused_where_the_projector_owns_the_read_models(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CASELEDGER_PROJECTIONS__SOURCE", "kafka")
    result = invoke("replay")
    assert result.exit_code == 2, result.output
    assert "use --source kafka" in flat(result.stderr)
    assert "replayed" not in result.stdout


@pytest.mark.parametrize("args", [["--workers", "3"], ["--keep"], ["--json"]])
def test_kafka_only_replay_options_are_refused_with_the_log_source(args: list[str]) -> None:
    result = invoke("replay", *args)
    assert result.exit_code == 2, result.output
    assert f"{args[0]} only apply with --source kafka" in flat(result.stderr)
