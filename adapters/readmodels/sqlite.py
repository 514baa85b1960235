"""SQLite read-model tables for the embedded default."""

from __future__ import annotations

import re
import sqlite3
import threading
import time
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path

import orjson

from caseledger.projections.base import Doc
from caseledger.projections.store import InboundClaim, StaleOffsets, TopicPartitionKey


def _dumps(doc: Doc) -> str:
    # orjson: compact UTF-8 like json.dumps(ensure_ascii=False), several times faster on the
    # replay path, where encoding documents is a large share of the time.
    return orjson.dumps(doc).decode()


_NAME = re.compile(r"^[a-z][a-z0-9_]{0,40}$")


def _table(projection: str) -> str:
    if not _NAME.match(projection):
        raise ValueError(f"invalid projection name {projection!r}")
    return f"rm_{projection}"


class SQLiteReadModelStore:
    """One table per projection (key, customer_id, doc JSON) plus a positions table."""

    def __init__(self, path: str | Path) -> None:
        # timeout: other processes may write the same file (parallel replay workers).
        self._conn = sqlite3.connect(
            str(path), check_same_thread=False, isolation_level=None, timeout=30.0
        )
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("PRAGMA synchronous=NORMAL")
        self._lock = threading.RLock()
        self._tables: set[str] = set()
        self._conn.execute(
            "CREATE TABLE IF NOT EXISTS rm_positions (projection TEXT PRIMARY KEY, "
            "position INTEGER NOT NULL)"
        )
        # Kafka consumers: next offset per (consumer, topic, partition), and inbound ids seen.
        self._conn.execute(
            "CREATE TABLE IF NOT EXISTS rm_offsets (consumer TEXT NOT NULL, topic TEXT NOT NULL, "
            "partition INTEGER NOT NULL, next_offset INTEGER NOT NULL, "
            "PRIMARY KEY (consumer, topic, partition))"
        )
        self._conn.execute(
            "CREATE TABLE IF NOT EXISTS rm_inbound (consumer TEXT NOT NULL, "
            "event_id TEXT NOT NULL, digest TEXT NOT NULL, status TEXT NOT NULL, "
            "owner TEXT NOT NULL, "
            "claimed_at REAL NOT NULL, detail TEXT NOT NULL DEFAULT '', "
            "PRIMARY KEY (consumer, event_id))"
        )

    def _ensure(self, projection: str) -> str:
        table = _table(projection)
        if table not in self._tables:
            self._conn.execute(
                f"CREATE TABLE IF NOT EXISTS {table} (key TEXT PRIMARY KEY, "
                "customer_id TEXT, doc TEXT NOT NULL)"
            )
            self._conn.execute(
                f"CREATE INDEX IF NOT EXISTS {table}_customer ON {table} (customer_id)"
            )
            self._tables.add(table)
        return table

    def position(self, projection: str) -> int:
        with self._lock:
            row = self._conn.execute(
                "SELECT position FROM rm_positions WHERE projection = ?", (projection,)
            ).fetchone()
        return int(row[0]) if row else 0

    def load(self, projection: str, keys: Collection[str]) -> dict[str, Doc]:
        table = self._ensure(projection)
        out: dict[str, Doc] = {}
        items = list(keys)
        with self._lock:
            for i in range(0, len(items), 500):  # stay under SQLite's variable limit
                chunk = items[i : i + 500]
                marks = ",".join("?" * len(chunk))
                for key, doc in self._conn.execute(
                    f"SELECT key, doc FROM {table} WHERE key IN ({marks})", chunk
                ):
                    out[key] = orjson.loads(doc)
        return out

    def commit(self, projection: str, docs: Mapping[str, Doc | None], position: int) -> None:
        self.commit_many({projection: docs}, position)

    def commit_many(self, updates: Mapping[str, Mapping[str, Doc | None]], position: int) -> None:
        # Encode outside the lock and the transaction: they are held only for the writes.
        writes = []
        for projection, docs in updates.items():
            upserts = [
                (key, doc.get("customer_id"), _dumps(doc))
                for key, doc in docs.items()
                if doc is not None
            ]
            deletes = [(key,) for key, doc in docs.items() if doc is None]
            writes.append((projection, self._ensure(projection), upserts, deletes))
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                for projection, table, upserts, deletes in writes:
                    if upserts:
                        self._conn.executemany(
                            f"INSERT INTO {table} (key, customer_id, doc) VALUES (?, ?, ?) "
                            "ON CONFLICT(key) DO UPDATE SET customer_id = excluded.customer_id, "
                            "doc = excluded.doc",
                            upserts,
                        )
                    if deletes:
                        self._conn.executemany(f"DELETE FROM {table} WHERE key = ?", deletes)
                    self._conn.execute(
                        "INSERT INTO rm_positions (projection, position) VALUES (?, ?) "
                        "ON CONFLICT(projection) DO UPDATE SET position = excluded.position",
                        (projection, position),
                    )
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    def get(self, projection: str, key: str) -> Doc | None:
        return self.load(projection, [key]).get(key)

    def by_customer(self, projection: str, customer_id: str) -> list[Doc]:
        table = self._ensure(projection)
        with self._lock:
            rows = self._conn.execute(
                f"SELECT doc FROM {table} WHERE customer_id = ? ORDER BY key", (customer_id,)
            ).fetchall()
        return [orjson.loads(r[0]) for r in rows]

    def scan(self, projection: str) -> Iterator[tuple[str, Doc]]:
        table = self._ensure(projection)
        with self._lock:
            rows = self._conn.execute(f"SELECT key, doc FROM {table} ORDER BY key").fetchall()
        for key, doc in rows:
            yield key, orjson.loads(doc)

    def reset(self, projection: str) -> None:
        table = self._ensure(projection)
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            self._conn.execute(f"DELETE FROM {table}")
            self._conn.execute("DELETE FROM rm_positions WHERE projection = ?", (projection,))
            self._conn.execute("COMMIT")

    # -- Kafka consumers (ConsumerStateStore) ----------------------------------------------

    def offsets(self, consumer: str) -> dict[TopicPartitionKey, int]:
        with self._lock:
            rows = self._conn.execute(
                "SELECT topic, partition, next_offset FROM rm_offsets WHERE consumer = ?",
                (consumer,),
            ).fetchall()
        return {(topic, int(partition)): int(offset) for topic, partition, offset in rows}

    def commit_offsets(
        self,
        consumer: str,
        offsets: Mapping[TopicPartitionKey, int],
        *,
        projection: str | None = None,
        docs: Mapping[str, Doc | None] | None = None,
        expected: Mapping[TopicPartitionKey, int | None] | None = None,
    ) -> None:
        table = self._ensure(projection) if projection is not None else None
        items = dict(docs or {})
        upserts = [
            (key, doc.get("customer_id"), _dumps(doc))
            for key, doc in items.items()
            if doc is not None
        ]
        deletes = [(key,) for key, doc in items.items() if doc is None]
        with self._lock:
            # IMMEDIATE: the expected-offset check and the writes happen under one write lock.
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                if expected:
                    stored = {
                        (t, int(p)): int(o)
                        for t, p, o in self._conn.execute(
                            "SELECT topic, partition, next_offset FROM rm_offsets "
                            "WHERE consumer = ?",
                            (consumer,),
                        )
                    }
                    stale = {tp for tp, want in expected.items() if stored.get(tp) != want}
                    if stale:
                        raise StaleOffsets(
                            f"{consumer}: offsets of {sorted(stale)} moved since the batch began"
                        )
                if table is not None:
                    self._conn.executemany(
                        f"INSERT INTO {table} (key, customer_id, doc) VALUES (?, ?, ?) "
                        "ON CONFLICT(key) DO UPDATE SET customer_id = excluded.customer_id, "
                        "doc = excluded.doc",
                        upserts,
                    )
                    self._conn.executemany(f"DELETE FROM {table} WHERE key = ?", deletes)
                self._conn.executemany(
                    "INSERT INTO rm_offsets (consumer, topic, partition, next_offset) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT(consumer, topic, partition) "
                    "DO UPDATE SET next_offset = excluded.next_offset",
                    [(consumer, t, p, o) for (t, p), o in offsets.items()],
                )
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    def reset_offsets(self, consumer: str) -> None:
        with self._lock:
            self._conn.execute("DELETE FROM rm_offsets WHERE consumer = ?", (consumer,))

    def claim_inbound(
        self, consumer: str, event_id: str, digest: str, *, owner: str, lease_seconds: float
    ) -> InboundClaim:
        now = time.time()
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                row = self._conn.execute(
                    "SELECT digest, status, owner, claimed_at, detail FROM rm_inbound "
                    "WHERE consumer = ? AND event_id = ?",
                    (consumer, event_id),
                ).fetchone()
                if row is None:
                    self._conn.execute(
                        "INSERT INTO rm_inbound (consumer, event_id, digest, status, owner, "
                        "claimed_at) VALUES (?, ?, ?, 'pending', ?, ?)",
                        (consumer, event_id, digest, owner, now),
                    )
                    claim = InboundClaim(True, None, digest)
                else:
                    stored_digest, status, holder, claimed_at, detail = row
                    takeover = status == "rejected" or (
                        status == "pending"
                        and (holder == owner or claimed_at + lease_seconds <= now)
                    )
                    if takeover:
                        self._conn.execute(
                            "UPDATE rm_inbound SET status = 'pending', owner = ?, "
                            "claimed_at = ?, digest = ? WHERE consumer = ? AND event_id = ?",
                            (owner, now, digest, consumer, event_id),
                        )
                    claim = InboundClaim(takeover, status, stored_digest, detail)
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")
        return claim

    def finish_inbound(self, consumer: str, event_id: str, status: str, detail: str) -> None:
        if status not in ("done", "rejected"):
            raise ValueError(f"status must be 'done' or 'rejected', not {status!r}")
        with self._lock:
            self._conn.execute(
                "UPDATE rm_inbound SET status = ?, detail = ? WHERE consumer = ? AND event_id = ?",
                (status, detail[:2000], consumer, event_id),
            )

    def inbound_status(self, consumer: str, event_id: str) -> tuple[str, str] | None:
        with self._lock:
            row = self._conn.execute(
                "SELECT status, detail FROM rm_inbound WHERE consumer = ? AND event_id = ?",
                (consumer, event_id),
            ).fetchone()
        return (str(row[0]), str(row[1])) if row else None

    def close(self) -> None:
        with self._lock:
            self._conn.close()
