"""PostgreSQL read-model tables (production), in the same database as the event store."""

from __future__ import annotations

import re
import time
from collections.abc import Collection, Iterator, Mapping
from typing import Any

from psycopg import sql
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from caseledger.projections.base import Doc
from caseledger.projections.store import InboundClaim, StaleOffsets, TopicPartitionKey

_NAME = re.compile(r"^[a-z][a-z0-9_]{0,40}$")


Rows = list[tuple[Any, ...]]


def _rows(docs: Mapping[str, Doc | None]) -> tuple[Rows, Rows]:
    """Upsert rows (key, customer id, JSONB) and delete rows (key,) of changed documents."""
    upserts: Rows = [
        (key, doc.get("customer_id"), Jsonb(doc)) for key, doc in docs.items() if doc is not None
    ]
    return upserts, [(key,) for key, doc in docs.items() if doc is None]


def _write(cur: Any, table: sql.Composable, upserts: Rows, deletes: Rows) -> None:
    """Apply a projection's document changes inside the caller's transaction."""
    if upserts:
        cur.executemany(
            sql.SQL(
                "INSERT INTO {} (key, customer_id, doc) VALUES (%s, %s, %s) "
                "ON CONFLICT (key) DO UPDATE SET customer_id = EXCLUDED.customer_id, "
                "doc = EXCLUDED.doc"
            ).format(table),
            upserts,
        )
    if deletes:
        cur.executemany(sql.SQL("DELETE FROM {} WHERE key = %s").format(table), deletes)


class PostgresReadModelStore:
    """One table per projection (key, customer_id, doc JSONB) plus a positions table."""

    def __init__(
        self, conninfo: str, *, schema: str = "public", pool_size: int = 4, timeout: float = 30.0
    ) -> None:
        if not _NAME.match(schema) and schema != "public":
            raise ValueError(f"invalid schema name {schema!r}")
        self._schema = schema
        # ``timeout``: how long a checkout waits for a connection before PoolTimeout.
        self._pool = ConnectionPool(
            conninfo, min_size=1, max_size=pool_size, open=True, timeout=timeout
        )
        self._tables: set[str] = set()
        with self._pool.connection() as conn:
            conn.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(schema)))
            conn.execute(
                sql.SQL(
                    "CREATE TABLE IF NOT EXISTS {} (projection TEXT PRIMARY KEY, "
                    "position BIGINT NOT NULL)"
                ).format(self._ident("rm_positions"))
            )
            # Kafka consumers: next offset per (consumer, topic, partition), and inbound ids seen.
            conn.execute(
                sql.SQL(
                    "CREATE TABLE IF NOT EXISTS {} (consumer TEXT NOT NULL, topic TEXT NOT NULL, "
                    "partition INTEGER NOT NULL, next_offset BIGINT NOT NULL, "
                    "PRIMARY KEY (consumer, topic, partition))"
                ).format(self._ident("rm_offsets"))
            )
            conn.execute(
                sql.SQL(
                    "CREATE TABLE IF NOT EXISTS {} (consumer TEXT NOT NULL, "
                    "event_id TEXT NOT NULL, digest TEXT NOT NULL, status TEXT NOT NULL, "
                    "owner TEXT NOT NULL, "
                    "claimed_at DOUBLE PRECISION NOT NULL, detail TEXT NOT NULL DEFAULT '', "
                    "PRIMARY KEY (consumer, event_id))"
                ).format(self._ident("rm_inbound"))
            )

    @property
    def pool(self) -> ConnectionPool:
        """The connection pool (the API shortens its wait: ``Container.limit_db_wait``)."""
        return self._pool

    def _ident(self, table: str) -> sql.Composed:
        return sql.SQL("{}.{}").format(sql.Identifier(self._schema), sql.Identifier(table))

    def _ensure(self, projection: str) -> sql.Composed:
        if not _NAME.match(projection):
            raise ValueError(f"invalid projection name {projection!r}")
        table = f"rm_{projection}"
        ident = self._ident(table)
        if table not in self._tables:
            with self._pool.connection() as conn:
                conn.execute(
                    sql.SQL(
                        "CREATE TABLE IF NOT EXISTS {} (key TEXT PRIMARY KEY, customer_id TEXT, "
                        "doc JSONB NOT NULL)"
                    ).format(ident)
                )
                conn.execute(
                    sql.SQL("CREATE INDEX IF NOT EXISTS {} ON {} (customer_id)").format(
                        sql.Identifier(f"{table}_customer"), ident
                    )
                )
            self._tables.add(table)
        return ident

    def position(self, projection: str) -> int:
        with self._pool.connection() as conn:
            row = conn.execute(
                sql.SQL("SELECT position FROM {} WHERE projection = %s").format(
                    self._ident("rm_positions")
                ),
                (projection,),
            ).fetchone()
        return int(row[0]) if row else 0

    def load(self, projection: str, keys: Collection[str]) -> dict[str, Doc]:
        table = self._ensure(projection)
        with self._pool.connection() as conn:
            rows = conn.execute(
                sql.SQL("SELECT key, doc FROM {} WHERE key = ANY(%s)").format(table), (list(keys),)
            ).fetchall()
        return {key: doc for key, doc in rows}

    def commit(self, projection: str, docs: Mapping[str, Doc | None], position: int) -> None:
        self.commit_many({projection: docs}, position)

    def commit_many(self, updates: Mapping[str, Mapping[str, Doc | None]], position: int) -> None:
        writes = [
            (projection, self._ensure(projection), *_rows(docs))
            for projection, docs in updates.items()
        ]
        with self._pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
            for projection, table, upserts, deletes in writes:
                _write(cur, table, upserts, deletes)
                cur.execute(
                    sql.SQL(
                        "INSERT INTO {} (projection, position) VALUES (%s, %s) "
                        "ON CONFLICT (projection) DO UPDATE SET position = EXCLUDED.position"
                    ).format(self._ident("rm_positions")),
                    (projection, position),
                )

    def get(self, projection: str, key: str) -> Doc | None:
        return self.load(projection, [key]).get(key)

    def by_customer(self, projection: str, customer_id: str) -> list[Doc]:
        table = self._ensure(projection)
        with self._pool.connection() as conn:
            rows = conn.execute(
                sql.SQL("SELECT doc FROM {} WHERE customer_id = %s ORDER BY key").format(table),
                (customer_id,),
            ).fetchall()
        return [r[0] for r in rows]

    def scan(self, projection: str) -> Iterator[tuple[str, Doc]]:
        table = self._ensure(projection)
        with self._pool.connection() as conn:
            rows = conn.execute(
                sql.SQL("SELECT key, doc FROM {} ORDER BY key").format(table)
            ).fetchall()
        yield from ((key, doc) for key, doc in rows)

    def reset(self, projection: str) -> None:
        table = self._ensure(projection)
        with self._pool.connection() as conn, conn.transaction():
            conn.execute(sql.SQL("DELETE FROM {}").format(table))
            conn.execute(
                sql.SQL("DELETE FROM {} WHERE projection = %s").format(self._ident("rm_positions")),
                (projection,),
            )

    # -- Kafka consumers (ConsumerStateStore) ----------------------------------------------

    def offsets(self, consumer: str) -> dict[TopicPartitionKey, int]:
        with self._pool.connection() as conn:
            rows = conn.execute(
                sql.SQL("SELECT topic, partition, next_offset FROM {} WHERE consumer = %s").format(
                    self._ident("rm_offsets")
                ),
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
        upserts, deletes = _rows(docs or {})
        offsets_table = self._ident("rm_offsets")
        with self._pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
            if expected:
                # One consumer's rows, locked until commit: two workers that both think they own
                # a partition serialise here, and the second one sees the first one's offsets.
                cur.execute(
                    sql.SQL("SELECT pg_advisory_xact_lock(hashtext(%s))"),
                    (f"{self._schema}/rm_offsets/{consumer}",),
                )
                rows = cur.execute(
                    sql.SQL(
                        "SELECT topic, partition, next_offset FROM {} WHERE consumer = %s"
                    ).format(offsets_table),
                    (consumer,),
                ).fetchall()
                stored = {(t, int(p)): int(o) for t, p, o in rows}
                stale = {tp for tp, want in expected.items() if stored.get(tp) != want}
                if stale:
                    raise StaleOffsets(
                        f"{consumer}: offsets of {sorted(stale)} moved since the batch began"
                    )
            if table is not None:
                _write(cur, table, upserts, deletes)
            if offsets:
                cur.executemany(
                    sql.SQL(
                        "INSERT INTO {} (consumer, topic, partition, next_offset) "
                        "VALUES (%s, %s, %s, %s) ON CONFLICT (consumer, topic, partition) "
                        "DO UPDATE SET next_offset = EXCLUDED.next_offset"
                    ).format(offsets_table),
                    [(consumer, t, p, o) for (t, p), o in offsets.items()],
                )

    def reset_offsets(self, consumer: str) -> None:
        with self._pool.connection() as conn:
            conn.execute(
                sql.SQL("DELETE FROM {} WHERE consumer = %s").format(self._ident("rm_offsets")),
                (consumer,),
            )

    def claim_inbound(
        self, consumer: str, event_id: str, digest: str, *, owner: str, lease_seconds: float
    ) -> InboundClaim:
        now = time.time()
        table = self._ident("rm_inbound")
        with self._pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
            inserted = cur.execute(
                sql.SQL(
                    "INSERT INTO {} (consumer, event_id, digest, status, owner, claimed_at) "
                    "VALUES (%s, %s, %s, 'pending', %s, %s) "
                    "ON CONFLICT (consumer, event_id) DO NOTHING RETURNING event_id"
                ).format(table),
                (consumer, event_id, digest, owner, now),
            ).fetchone()
            if inserted is not None:
                return InboundClaim(True, None, digest)
            row = cur.execute(
                sql.SQL(
                    "SELECT digest, status, owner, claimed_at, detail FROM {} "
                    "WHERE consumer = %s AND event_id = %s FOR UPDATE"
                ).format(table),
                (consumer, event_id),
            ).fetchone()
            assert row is not None  # rows are never deleted
            stored_digest, status, holder, claimed_at, detail = row
            takeover = status == "rejected" or (
                status == "pending" and (holder == owner or claimed_at + lease_seconds <= now)
            )
            if takeover:
                cur.execute(
                    sql.SQL(
                        "UPDATE {} SET status = 'pending', owner = %s, claimed_at = %s, "
                        "digest = %s WHERE consumer = %s AND event_id = %s"
                    ).format(table),
                    (owner, now, digest, consumer, event_id),
                )
            return InboundClaim(takeover, status, stored_digest, detail)

    def finish_inbound(self, consumer: str, event_id: str, status: str, detail: str) -> None:
        if status not in ("done", "rejected"):
            raise ValueError(f"status must be 'done' or 'rejected', not {status!r}")
        with self._pool.connection() as conn:
            conn.execute(
                sql.SQL(
                    "UPDATE {} SET status = %s, detail = %s WHERE consumer = %s AND event_id = %s"
                ).format(self._ident("rm_inbound")),
                (status, detail[:2000], consumer, event_id),
            )

    def inbound_status(self, consumer: str, event_id: str) -> tuple[str, str] | None:
        with self._pool.connection() as conn:
            row = conn.execute(
                sql.SQL(
                    "SELECT status, detail FROM {} WHERE consumer = %s AND event_id = %s"
                ).format(self._ident("rm_inbound")),
                (consumer, event_id),
            ).fetchone()
        return (str(row[0]), str(row[1])) if row else None

    def close(self) -> None:
        self._pool.close()
