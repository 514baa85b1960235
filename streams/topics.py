"""Topic names, consumer groups, client factories and topic creation for the Kafka workers.

No client is created at import time: every worker builds its own from settings, in ``main``.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from kafka import KafkaAdminClient, KafkaConsumer, KafkaProducer, TopicPartition
from kafka.admin import NewTopic
from kafka.errors import TopicAlreadyExistsError

from caseledger.adapters.settings import KafkaSettings

log = logging.getLogger(__name__)

# Consumer groups (explicit, so operators can find them with any Kafka tool).
PROJECTOR_GROUP = "caseledger.projector"
INGEST_GROUP = "caseledger.ingest"
DLQ_REPLAY_GROUP = "caseledger.dlq-replay"


@dataclass(frozen=True)
class Topics:
    """The topics of one deployment (plus :attr:`events_dlq`, derived)."""

    events: str
    inbound: str
    dlq: str

    @classmethod
    def from_settings(cls, kafka: KafkaSettings) -> Topics:
        # The DLQ name is derived so that every deployment pairs an inbound topic with its DLQ.
        return cls(kafka.events_topic, kafka.inbound_topic, f"{kafka.inbound_topic}.dlq")

    @property
    def events_dlq(self) -> str:
        """Where the projector puts events-topic records that are not envelopes."""
        return f"{self.events}.dlq"


def producer(kafka: KafkaSettings, *, client_id: str, **overrides: Any) -> KafkaProducer:
    """An idempotent, acks=all producer: a retry can never duplicate or reorder a partition."""
    config: dict[str, Any] = {
        "bootstrap_servers": kafka.bootstrap_servers,
        "client_id": client_id,
        "acks": "all",
        "enable_idempotence": True,
        "max_in_flight_requests_per_connection": 5,  # the most idempotence allows
        "linger_ms": 5,
        "batch_size": 256 * 1024,
        "delivery_timeout_ms": 120_000,
        "request_timeout_ms": 30_000,
        "reconnect_backoff_max_ms": 1_000,  # reconnect promptly after a broker restart
        "allow_auto_create_topics": False,
    }
    config.update(overrides)
    return KafkaProducer(**config)


def consumer(
    kafka: KafkaSettings, *, client_id: str, group_id: str | None = None, **overrides: Any
) -> KafkaConsumer:
    """A consumer that never auto-commits: each worker decides where its offsets live."""
    config: dict[str, Any] = {
        "bootstrap_servers": kafka.bootstrap_servers,
        "client_id": client_id,
        "group_id": group_id,
        "enable_auto_commit": False,
        "auto_offset_reset": "earliest",
        "allow_auto_create_topics": False,
        "reconnect_backoff_max_ms": 1_000,
    }
    config.update(overrides)
    return KafkaConsumer(**config)


def admin(kafka: KafkaSettings) -> KafkaAdminClient:
    return KafkaAdminClient(bootstrap_servers=kafka.bootstrap_servers, client_id="caseledger-admin")


def ensure_topics(
    kafka: KafkaSettings, names: Iterable[str], *, partitions: int | None = None
) -> None:
    """Create the topics that do not exist yet (replication 1 on a single node); idempotent."""
    wanted = list(dict.fromkeys(names))
    count = partitions or kafka.partitions
    client = admin(kafka)
    try:
        existing = set(client.list_topics())
        missing = [n for n in wanted if n not in existing]
        if not missing:
            return
        brokers = len(client.describe_cluster().get("brokers", [])) or 1
        replication = min(3, brokers)
        for name in missing:
            try:
                client.create_topics([NewTopic(name, count, replication)])
                log.info("created topic %s (%d partitions)", name, count)
            except TopicAlreadyExistsError:
                pass  # another worker created it first
    finally:
        client.close()


def partitions_of(client: KafkaConsumer, topic: str) -> list[TopicPartition]:
    """The topic's partitions (empty if the topic does not exist)."""
    ids = client.partitions_for_topic(topic) or set()
    return [TopicPartition(topic, p) for p in sorted(ids)]


def await_partitions(client: KafkaConsumer, topic: str, *, timeout: float = 30.0) -> set[int]:
    """Block until ``client``'s metadata knows ``topic``'s partitions (or ``timeout`` passes).

    Call it before ``subscribe``: a group leader that joins before its metadata lists the
    topic assigns nothing ("No partition metadata for topic"), and the member can sit without
    partitions until a later metadata refresh (seen with a topic created moments earlier).
    """
    deadline = time.monotonic() + timeout
    while True:
        partitions = client.partitions_for_topic(topic)
        if partitions or time.monotonic() >= deadline:
            return set(partitions or ())
        time.sleep(0.2)


def end_offsets(client: KafkaConsumer, topic: str) -> dict[tuple[str, int], int]:
    """The next offset a producer would get, per partition (the log end)."""
    parts = partitions_of(client, topic)
    if not parts:
        return {}
    ends = client.end_offsets(parts)
    return {(tp.topic, tp.partition): int(offset) for tp, offset in ends.items()}
