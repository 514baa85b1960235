"""SQLite read-model tables for the embedded default."""

from __future__ import annotations

import json
import re
import sqlite3
import threading
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path

from caseledger.projections.base import Doc

_NAME = re.compile(r"^[a-z][a-z0-9_]{0,40}$")


def _table(projection: str) -> str:
    if not _NAME.match(projection):
        raise ValueError(f"invalid projection name {projection!r}")
    return f"rm_{projection}"


class SQLiteReadModelStore:
    """One table per projection (key, customer_id, doc JSON) plus a positions table."""

    def __init__(self, path: str | Path) -> None:
        self._conn = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("PRAGMA synchronous=NORMAL")
        self._lock = threading.RLock()
        self._tables: set[str] = set()
        self._conn.execute(
            "CREATE TABLE IF NOT EXISTS rm_positions (projection TEXT PRIMARY KEY, "
            "position INTEGER NOT NULL)"
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
                    out[key] = json.loads(doc)
        return out

    def commit(self, projection: str, docs: Mapping[str, Doc | None], position: int) -> None:
        table = self._ensure(projection)
        upserts = [
            (key, doc.get("customer_id"), json.dumps(doc, ensure_ascii=False))
            for key, doc in docs.items()
            if doc is not None
        ]
        deletes = [(key,) for key, doc in docs.items() if doc is None]
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                self._conn.executemany(
                    f"INSERT INTO {table} (key, customer_id, doc) VALUES (?, ?, ?) "
                    "ON CONFLICT(key) DO UPDATE SET customer_id = excluded.customer_id, "
                    "doc = excluded.doc",
                    upserts,
                )
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
        return [json.loads(r[0]) for r in rows]

    def scan(self, projection: str) -> Iterator[tuple[str, Doc]]:
        table = self._ensure(projection)
        with self._lock:
            rows = self._conn.execute(f"SELECT key, doc FROM {table} ORDER BY key").fetchall()
        for key, doc in rows:
            yield key, json.loads(doc)

    def reset(self, projection: str) -> None:
        table = self._ensure(projection)
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            self._conn.execute(f"DELETE FROM {table}")
            self._conn.execute("DELETE FROM rm_positions WHERE projection = ?", (projection,))
            self._conn.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self._conn.close()
