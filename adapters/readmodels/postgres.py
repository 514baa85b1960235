"""PostgreSQL read-model tables (production), in the same database as the event store."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping
from typing import Any

from psycopg import sql
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from caseledger.projections.base import Doc

_NAME = re.compile(r"^[a-z][a-z0-9_]{0,40}$")


class PostgresReadModelStore:
    """One table per projection (key, customer_id, doc JSONB) plus a positions table."""

    def __init__(self, conninfo: str, *, schema: str = "public", pool_size: int = 4) -> None:
        if not _NAME.match(schema) and schema != "public":
            raise ValueError(f"invalid schema name {schema!r}")
        self._schema = schema
        self._pool = ConnectionPool(conninfo, min_size=1, max_size=pool_size, open=True)
        self._tables: set[str] = set()
        with self._pool.connection() as conn:
            conn.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(schema)))
            conn.execute(
                sql.SQL(
                    "CREATE TABLE IF NOT EXISTS {} (projection TEXT PRIMARY KEY, "
                    "position BIGINT NOT NULL)"
                ).format(self._ident("rm_positions"))
            )

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
        table = self._ensure(projection)
        upserts: list[tuple[Any, ...]] = [
            (key, doc.get("customer_id"), Jsonb(doc))
            for key, doc in docs.items()
            if doc is not None
        ]
        deletes = [(key,) for key, doc in docs.items() if doc is None]
        with self._pool.connection() as conn, conn.transaction(), conn.cursor() as cur:
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

    def close(self) -> None:
        self._pool.close()
