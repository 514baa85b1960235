"""The port a projection runner writes through: keyed documents plus a tracked position.

Also what the Kafka workers keep in the same database: consumed offsets (committed in the
same transaction as the documents) and the producer-given ids of inbound events already seen.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import Protocol

from caseledger.projections.base import Doc

# -- Kafka consumers: offsets kept next to the documents, inbound ids seen ------------------

TopicPartitionKey = tuple[str, int]  # (topic, partition)


class StaleOffsets(Exception):
    """Another consumer moved these partitions' offsets first; nothing was written.

    The Kafka projector commits with the offsets it started its batch from as ``expected``, so a
    worker that lost its partitions in a rebalance (and did not notice yet) cannot overwrite the
    new owner's work: it drops the batch and re-reads from the stored offsets.
    """


@dataclass(frozen=True)
class InboundClaim:
    """The answer to "may I process inbound event X?" (see ``ReadModelStore.claim_inbound``).

    ``claimed``: the caller now owns the id and must process it, then ``finish_inbound``.
    ``previous``: the state found before the claim: None (never seen), ``pending`` (an earlier
    attempt died or its lease ran out: its command may or may not have been committed),
    ``rejected`` (sent to the DLQ before, now replayed), or ``done``.
    ``digest``: the content digest stored with the id (to spot an id reused for other content).
    """

    claimed: bool
    previous: str | None
    digest: str | None
    detail: str | None = None


class ConsumerStateStore(Protocol):
    """What Kafka consumers need from the read-model database, besides documents.

    Both read-model stores implement it (``ReadModelStore`` extends it); kept as its own
    protocol so the relay, projector and ingest workers can say what they use.
    """

    def offsets(self, consumer: str) -> dict[TopicPartitionKey, int]:
        """The next offset to read per (topic, partition) for ``consumer`` (absent: none yet)."""
        ...

    def commit_offsets(
        self,
        consumer: str,
        offsets: Mapping[TopicPartitionKey, int],
        *,
        projection: str | None = None,
        docs: Mapping[str, Doc | None] | None = None,
        expected: Mapping[TopicPartitionKey, int | None] | None = None,
    ) -> None:
        """Upsert/delete ``projection``'s documents and set ``consumer``'s offsets atomically.

        With ``expected``, each listed partition's stored offset must still equal the given
        value (None: no row yet); otherwise :class:`StaleOffsets` is raised and nothing is
        written.
        """
        ...

    def reset_offsets(self, consumer: str) -> None:
        """Forget every stored offset of ``consumer``."""
        ...

    def claim_inbound(
        self, consumer: str, event_id: str, digest: str, *, owner: str, lease_seconds: float
    ) -> InboundClaim:
        """Atomically claim a producer-given inbound event id for processing.

        A new id is recorded as ``pending`` for ``owner``. A ``done`` id is not claimed. A
        ``pending`` id is claimed again only by the same owner or after ``lease_seconds``
        (its first owner is presumed dead); a ``rejected`` id is claimed again.
        """
        ...

    def finish_inbound(self, consumer: str, event_id: str, status: str, detail: str) -> None:
        """Mark a claimed id ``done`` or ``rejected`` (sent to the DLQ), with a short detail."""
        ...

    def inbound_status(self, consumer: str, event_id: str) -> tuple[str, str] | None:
        """(status, detail) of an inbound id, or None if never seen."""
        ...


class ReadModelStore(ConsumerStateStore, Protocol):
    """Read-model tables (SQLite or PostgreSQL, the same backend as the event store).

    ``commit`` writes documents and the projection's position in ONE transaction: a crash
    leaves either both or neither, so re-running from the stored position is safe.
    """

    def position(self, projection: str) -> int:
        """The last notification position applied (0: nothing yet)."""
        ...

    def load(self, projection: str, keys: Collection[str]) -> dict[str, Doc]:
        """The existing documents among ``keys``."""
        ...

    def commit(self, projection: str, docs: Mapping[str, Doc | None], position: int) -> None:
        """Upsert (or delete, for None) documents and set the position, atomically."""
        ...

    def commit_many(self, updates: Mapping[str, Mapping[str, Doc | None]], position: int) -> None:
        """``commit`` for several projections at once: every projection's documents, and each
        of those projections' position set to ``position``, in ONE transaction."""
        ...

    def get(self, projection: str, key: str) -> Doc | None: ...

    def by_customer(self, projection: str, customer_id: str) -> list[Doc]: ...

    def scan(self, projection: str) -> Iterator[tuple[str, Doc]]:
        """Every document of a projection, ordered by key."""
        ...

    def reset(self, projection: str) -> None:
        """Drop a projection's documents and set its position to 0 (for replay)."""
        ...

    def close(self) -> None: ...
