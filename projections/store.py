"""The port a projection runner writes through: keyed documents plus a tracked position."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import Protocol

from caseledger.projections.base import Doc


class ReadModelStore(Protocol):
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

    def get(self, projection: str, key: str) -> Doc | None: ...

    def by_customer(self, projection: str, customer_id: str) -> list[Doc]: ...

    def scan(self, projection: str) -> Iterator[tuple[str, Doc]]:
        """Every document of a projection, ordered by key."""
        ...

    def reset(self, projection: str) -> None:
        """Drop a projection's documents and set its position to 0 (for replay)."""
        ...

    def close(self) -> None: ...
