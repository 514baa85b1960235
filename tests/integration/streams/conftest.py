"""The Kafka broker for the streams tests: the project's own, started by scripts/kafka.sh.

CI may start one broker for the whole run and export ``CASELEDGER_TEST_KAFKA_BOOTSTRAP``;
without it the session starts a private broker (fresh state dir, a free port) and stops it at
the end. A broker that cannot start FAILS the tests: they are never skipped. Each test gets
its own topics (a random prefix), so tests never see each other's messages.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from caseledger.adapters.settings import KafkaSettings, Settings
from caseledger.streams.topics import Topics, ensure_topics
from tests.integration.streams.support import Broker

PARTITIONS = 3


@pytest.fixture(scope="session")
def kafka_bootstrap() -> Iterator[str]:
    given = os.environ.get("CASELEDGER_TEST_KAFKA_BOOTSTRAP")
    if given:
        yield given
        return
    directory = Path(tempfile.mkdtemp(prefix="caseledger-test-kafka-"))
    broker = Broker(directory)
    try:
        address = broker.start()
    except RuntimeError as exc:
        shutil.rmtree(directory, ignore_errors=True)
        pytest.fail(f"could not start the Kafka broker: {exc}")
    yield address
    broker.stop()
    shutil.rmtree(directory, ignore_errors=True)


def with_kafka(settings: Settings, bootstrap: str) -> Settings:
    """``settings`` pointed at ``bootstrap`` with topics of its own (created, 3 partitions)."""
    prefix = f"t{uuid.uuid4().hex[:10]}"
    kafka = KafkaSettings(
        bootstrap_servers=bootstrap,
        events_topic=f"{prefix}.events",
        inbound_topic=f"{prefix}.inbound",
    )
    names = Topics.from_settings(kafka)
    ensure_topics(kafka, [names.events, names.inbound, names.dlq], partitions=PARTITIONS)
    return settings.model_copy(update={"kafka": kafka})


@pytest.fixture
def kafka_settings(settings: Settings, kafka_bootstrap: str) -> Settings:
    return with_kafka(settings, kafka_bootstrap)


@pytest.fixture
def private_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Broker]:
    """A broker of the test's own, which the test may stop and start again."""
    broker = Broker(tmp_path_factory.mktemp("kafka-private"))
    try:
        broker.start()
    except RuntimeError as exc:
        pytest.fail(f"could not start the private Kafka broker: {exc}")
    yield broker
    broker.stop()
