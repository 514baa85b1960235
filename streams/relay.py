"""The relay: the event store's notification log, in order, onto the events topic.

Each recorded event is published as a JSON envelope (``contracts/envelope.v1.json``) keyed by
its customer id, so one customer's events stay in one partition, in order. The producer is
idempotent with ``acks=all``. The relay's position (the next notification id to publish) is
stored in the read-model database and advanced only after the broker acknowledged every
message of a batch: after a crash the relay resumes from there. It may send a batch again
(duplicates are harmless: projections ignore an aggregate version they already applied) and
never skips an event.

Run exactly one relay per event store.
"""

from __future__ import annotations

import argparse
import json
import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from kafka.errors import KafkaError

from caseledger.adapters.settings import Settings
from caseledger.domain.envelope import EventEnvelope
from caseledger.projections.runner import EventSource
from caseledger.projections.store import ConsumerStateStore
from caseledger.streams.schemas import ENVELOPE_VERSION

log = logging.getLogger(__name__)

# The relay's row in the offsets table: (consumer, NOTIFICATION_LOG, 0) -> next position.
NOTIFICATION_LOG = "$notification_log"
Header = tuple[str, bytes]
Message = tuple[bytes | None, bytes | None, list[Header]]  # (key, value, headers)


def encode_envelope(envelope: EventEnvelope) -> bytes:
    """The wire form of an envelope: compact UTF-8 JSON with ``envelope_version``."""
    document = envelope.to_dict()
    document["envelope_version"] = ENVELOPE_VERSION
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()


def envelope_headers(envelope: EventEnvelope) -> list[Header]:
    """Headers let consumers route or filter without parsing the value."""
    return [
        ("type", envelope.type.encode()),
        ("schema_version", str(envelope.schema_version).encode()),
        ("envelope_version", str(ENVELOPE_VERSION).encode()),
        ("event_id", envelope.event_id.encode()),
        ("content-type", b"application/json"),
    ]


def message_for(envelope: EventEnvelope) -> Message:
    """(key, value, headers) of one envelope on the events topic."""
    return envelope.customer_id.encode(), encode_envelope(envelope), envelope_headers(envelope)


class Publisher(Protocol):
    """Publishes a batch and returns only once the broker acknowledged all of it (or raises)."""

    def publish(self, topic: str, messages: Sequence[Message]) -> None:
        """Send every message, in order; raise if any was not acknowledged."""
        ...

    def close(self) -> None: ...


class KafkaPublisher:
    """A :class:`Publisher` over an idempotent ``acks=all`` kafka-python producer."""

    def __init__(self, producer: Any, *, ack_timeout: float = 130.0) -> None:
        self._producer = producer
        self._ack_timeout = ack_timeout

    def publish(self, topic: str, messages: Sequence[Message]) -> None:
        futures = [
            self._producer.send(topic, key=key, value=value, headers=headers)
            for key, value, headers in messages
        ]
        self._producer.flush(timeout=self._ack_timeout)
        for future in futures:
            future.get(timeout=0)  # raises the delivery error of a failed message

    def close(self) -> None:
        self._producer.close(timeout=5)


class RelayCursor:
    """The relay's durable position: the next notification id to publish."""

    def __init__(self, store: ConsumerStateStore, topic: str) -> None:
        self._store = store
        self.consumer = f"relay:{topic}"

    def next_position(self) -> int:
        return self._store.offsets(self.consumer).get((NOTIFICATION_LOG, 0), 1)

    def advance(self, next_position: int) -> None:
        self._store.commit_offsets(self.consumer, {(NOTIFICATION_LOG, 0): next_position})


def relay_step(
    source: EventSource,
    cursor: RelayCursor,
    publisher: Publisher,
    topic: str,
    *,
    batch_size: int = 1000,
) -> int:
    """Publish the next batch of the log; returns how many events were published (0: caught up).

    The cursor moves only after every message of the batch was acknowledged.
    """
    after = cursor.next_position() - 1
    batch = source.read(after, batch_size)
    if not batch:
        return 0
    publisher.publish(topic, [message_for(e) for e in batch])
    last = batch[-1].position
    assert last is not None, "envelopes read from the log carry their position"
    cursor.advance(last + 1)
    return len(batch)


@dataclass
class RelayStats:
    """What a running relay has done (for logs, tests and the benchmark)."""

    published: int = 0
    batches: int = 0
    failures: int = 0
    last_error: str | None = None
    started: float = field(default_factory=time.monotonic)


class Relay:
    """Runs :func:`relay_step` until stopped; rebuilds the producer after a failed batch."""

    def __init__(
        self,
        source: EventSource,
        cursor: RelayCursor,
        publisher_factory: Callable[[], Publisher],
        topic: str,
        *,
        batch_size: int = 1000,
        poll_interval: float = 0.1,
        retry_backoff: float = 1.0,
    ) -> None:
        self.source = source
        self.cursor = cursor
        self.topic = topic
        self.batch_size = batch_size
        self.poll_interval = poll_interval
        self.retry_backoff = retry_backoff
        # A line at most this often while it publishes (it said nothing after its start).
        self.log_interval = 30.0
        self._last_log = float("-inf")
        self.stats = RelayStats()
        self._publisher_factory = publisher_factory
        self._publisher: Publisher | None = None

    def lag(self) -> int:
        """Events recorded but not yet acknowledged by the broker."""
        return max(0, self.source.head() - (self.cursor.next_position() - 1))

    def step(self) -> int:
        if self._publisher is None:
            self._publisher = self._publisher_factory()
        return relay_step(
            self.source, self.cursor, self._publisher, self.topic, batch_size=self.batch_size
        )

    def drain(self) -> int:
        """Publish until the log is exhausted; returns how many were published."""
        total = 0
        while n := self.step():
            total += n
        return total

    def run(self, stop: threading.Event) -> None:
        """Publish as events arrive until ``stop`` is set."""
        while not stop.is_set():
            try:
                published = self.step()
            except (KafkaError, OSError) as exc:
                # The batch was not (fully) acknowledged: the cursor did not move, so the
                # next attempt sends the whole batch again with a fresh producer.
                self.stats.failures += 1
                self.stats.last_error = repr(exc)
                log.warning("relay batch failed (%s); retrying in %.1fs", exc, self.retry_backoff)
                self._reset_publisher()
                stop.wait(self.retry_backoff)
                continue
            if published:
                self.stats.published += published
                self.stats.batches += 1
                if time.monotonic() - self._last_log >= self.log_interval:
                    self._last_log = time.monotonic()
                    log.info(
                        "relay: published %d events since start, log position %d",
                        self.stats.published,
                        self.cursor.next_position() - 1,
                    )
            else:
                stop.wait(self.poll_interval)
        self._reset_publisher()

    def _reset_publisher(self) -> None:
        if self._publisher is not None:
            try:
                self._publisher.close()
            except Exception:  # a broken producer may fail to close; it is dropped anyway
                log.debug("closing the producer failed", exc_info=True)
            self._publisher = None


def build_relay(
    settings: Settings, *, batch_size: int = 1000, poll_interval: float = 0.1
) -> tuple[Relay, Callable[[], None]]:
    """A relay wired from settings, and the function that closes what it opened."""
    from caseledger.adapters.bootstrap import bootstrap
    from caseledger.projections.runner import NotificationLogSource
    from caseledger.streams import topics

    names = topics.Topics.from_settings(settings.kafka)
    topics.ensure_topics(settings.kafka, [names.events])
    container = bootstrap(settings, embedder=None, inline_projections=False)

    def publisher() -> Publisher:
        return KafkaPublisher(topics.producer(settings.kafka, client_id="caseledger-relay"))

    relay = Relay(
        NotificationLogSource(container.desk),
        RelayCursor(container.store, names.events),
        publisher,
        names.events,
        batch_size=batch_size,
        poll_interval=poll_interval,
    )
    return relay, container.close


def run(settings: Settings, stop: threading.Event, *, once: bool = False, **options: Any) -> int:
    """Run the relay until ``stop`` (or, with ``once``, until the log is drained)."""
    relay, close = build_relay(settings, **options)
    try:
        log.info("relay: %s -> %s, %d to publish", "event store", relay.topic, relay.lag())
        if once:
            published = relay.drain()
            log.info("relay: published %d events; caught up", published)
            return published
        relay.run(stop)
        return relay.stats.published
    finally:
        close()


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m caseledger.streams relay``: publish the log to Kafka until SIGTERM/SIGINT."""
    from caseledger.streams.worker import install_stop_signals, setup_logging

    parser = argparse.ArgumentParser(prog="caseledger.streams relay", description=__doc__)
    parser.add_argument("--batch-size", type=int, default=1000)
    parser.add_argument("--poll-interval", type=float, default=0.1, help="seconds when idle")
    parser.add_argument("--once", action="store_true", help="drain the log, then exit")
    args = parser.parse_args(argv)
    setup_logging()
    stop = install_stop_signals()
    run(
        Settings(),
        stop,
        once=args.once,
        batch_size=args.batch_size,
        poll_interval=args.poll_interval,
    )
    return 0
