"""Runs projections from the event store's notification log (embedded mode and replay)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from caseledger.domain.envelope import EventEnvelope, to_envelope
from caseledger.projections.base import Doc, Projection, fold
from caseledger.projections.store import ReadModelStore


class EventSource(Protocol):
    """An ordered source of envelopes with gap-free increasing positions."""

    def read(self, after: int, limit: int) -> list[EventEnvelope]:
        """Up to ``limit`` envelopes with position > ``after``, in order."""
        ...

    def head(self) -> int:
        """The highest position recorded so far (0: empty)."""
        ...


class NotificationLogSource:
    """Reads an eventsourcing Application's notification log, upcasting on the way."""

    def __init__(self, app: Any) -> None:
        self._app = app

    def read(self, after: int, limit: int) -> list[EventEnvelope]:
        notifications = self._app.recorder.select_notifications(start=after + 1, limit=limit)
        return [
            to_envelope(self._app.mapper.to_domain_event(n), position=n.id) for n in notifications
        ]

    def head(self) -> int:
        return int(self._app.recorder.max_notification_id() or 0)


Keyed = list[tuple[EventEnvelope, Sequence[str]]]


def keyed(projection: Projection, envelopes: Iterable[EventEnvelope]) -> Keyed:
    """Each envelope this projection cares about, with the keys it touches (computed once)."""
    out: Keyed = []
    for envelope in envelopes:
        keys = projection.keys(envelope)
        if keys:
            out.append((envelope, keys))
    return out


def keys_of(batch: Keyed) -> set[str]:
    """Every document key a keyed batch touches (what to load before folding)."""
    return {k for _, keys in batch for k in keys}


def apply_keyed(
    projection: Projection, docs: dict[str, Doc], batch: Keyed
) -> dict[str, Doc | None]:
    """Fold a keyed batch into the loaded documents; returns every document that changed."""
    changed: dict[str, Doc | None] = {}
    for envelope, keys in batch:
        for key in keys:
            current = changed[key] if key in changed else docs.get(key)
            changed[key] = fold(projection, key, current, envelope)
    return changed


def apply_batch(
    projection: Projection, docs: dict[str, Doc], envelopes: Iterable[EventEnvelope]
) -> dict[str, Doc | None]:
    """Fold envelopes into the loaded documents; returns every document that changed."""
    return apply_keyed(projection, docs, keyed(projection, envelopes))


class ProjectionRunner:
    """Catches projections up with a source; each batch commits rows + position together."""

    def __init__(
        self,
        source: EventSource,
        store: ReadModelStore,
        projections: Sequence[Projection],
        *,
        batch_size: int = 1000,
    ) -> None:
        self.source = source
        self.store = store
        self.projections = {p.name: p for p in projections}
        self.batch_size = batch_size
        self._lock = threading.Lock()  # one catch-up at a time per process

    def projection(self, name: str) -> Projection:
        try:
            return self.projections[name]
        except KeyError:
            known = ", ".join(sorted(self.projections))
            raise KeyError(f"unknown projection {name!r}; known: {known}") from None

    def lag(self) -> dict[str, int]:
        head = self.source.head()
        return {name: head - self.store.position(name) for name in self.projections}

    def catch_up(
        self,
        names: Sequence[str] | None = None,
        *,
        progress: Callable[[int], None] | None = None,
    ) -> int:
        """Apply every event not yet applied; returns how many envelopes were read."""
        selected = [self.projection(n) for n in (names or list(self.projections))]
        with self._lock:
            positions = {p.name: self.store.position(p.name) for p in selected}
            after = min(positions.values(), default=0)
            read = 0
            while True:
                batch = self.source.read(after, self.batch_size)
                if not batch:
                    return read
                last = batch[-1].position
                assert last is not None
                # Every projection's documents and position in one transaction per batch:
                # after each command in embedded mode, one commit instead of one per view.
                updates: dict[str, dict[str, Doc | None]] = {}
                for p in selected:
                    fresh = [e for e in batch if (e.position or 0) > positions[p.name]]
                    if not fresh:
                        continue
                    batch_keys = keyed(p, fresh)
                    keys = keys_of(batch_keys)
                    docs = self.store.load(p.name, keys) if keys else {}
                    updates[p.name] = apply_keyed(p, docs, batch_keys)
                if updates:
                    self.store.commit_many(updates, last)
                    positions.update(dict.fromkeys(updates, last))
                after = last
                read += len(batch)
                if progress is not None:
                    progress(len(batch))

    def replay(self, name: str, *, progress: Callable[[int], None] | None = None) -> int:
        """Rebuild one projection from position zero."""
        self.projection(name)
        with self._lock:
            self.store.reset(name)
        return self.catch_up([name], progress=progress)
