"""The database as a dependency that can be away: a fast first check, and one error for it.

PostgreSQL down, a wrong password or an unreachable host is a condition of the deployment, not
a bug: entry points report it as ``DatabaseUnavailable`` (the CLI: a reason and exit 2; the
API: 503 ``database_unavailable``) instead of a traceback after a pool's long wait.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import psycopg
from eventsourcing.persistence import InterfaceError, OperationalError

from caseledger.adapters.settings import Settings


class DatabaseUnavailable(Exception):
    """The database cannot be reached or refuses the connection; ``reason`` says why."""

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(f"{where} is unavailable: {reason}")
        self.where = where
        self.reason = reason


def describe(settings: Settings) -> str:
    """``PostgreSQL at HOST:PORT`` (never the credentials), or ``SQLite at PATH``."""
    if settings.db.backend == "sqlite" or settings.db.postgres_url is None:
        return f"SQLite at {settings.sqlite_path}"
    url = urlsplit(settings.db.postgres_url.get_secret_value())
    return f"PostgreSQL at {url.hostname or '127.0.0.1'}:{url.port or 5432}"


def _one_line(exc: BaseException) -> str:
    # libpq's messages span lines ("connection failed: ...\n\tIs the server running ...").
    text = " ".join(str(exc).split())
    return text or type(exc).__name__


def check_postgres(settings: Settings) -> None:
    """Connect once, directly, and raise ``DatabaseUnavailable`` with libpq's reason.

    Without it a pool hides the reason (connection refused, password authentication failed)
    behind "couldn't get a connection after 30 s". Nothing to do for SQLite.
    """
    if settings.db.backend != "postgres" or settings.db.postgres_url is None:
        return
    try:
        with psycopg.connect(
            settings.db.postgres_url.get_secret_value(),
            connect_timeout=settings.db.connect_timeout_seconds,
        ):
            pass
    except psycopg.Error as exc:
        raise DatabaseUnavailable(describe(settings), _one_line(exc)) from None


def ping(settings: Settings, pool: Any, timeout: float) -> None:
    """One round trip on a connection of ``pool`` (a psycopg_pool pool), or
    ``DatabaseUnavailable`` within about ``timeout`` seconds.

    The event store retries each call ten times, a pool's wait each: a request that met a
    database gone away would hang for minutes without a check like this first.
    """
    try:
        with pool.connection(timeout=timeout) as conn:
            conn.execute("SELECT 1")
    except psycopg.Error as exc:
        raise DatabaseUnavailable(describe(settings), _one_line(exc)) from None


UNAVAILABLE_ERRORS: tuple[type[Exception], ...] = (
    DatabaseUnavailable,
    psycopg.OperationalError,  # PoolTimeout too
    OperationalError,
    InterfaceError,
)
"""The classes an entry point maps to "database unavailable" (``unavailable`` says why)."""


def unavailable(exc: BaseException, settings: Settings) -> DatabaseUnavailable | None:
    """``exc`` as a ``DatabaseUnavailable`` when it (or what caused it) says the database
    could not be reached or used; None for anything else (a bug, bad input)."""
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, DatabaseUnavailable):
            return seen
        # psycopg's OperationalError covers PoolTimeout and a dropped connection; the event
        # store wraps the same in eventsourcing's own classes.
        if isinstance(seen, psycopg.OperationalError | OperationalError | InterfaceError):
            return DatabaseUnavailable(describe(settings), _one_line(seen))
        seen = seen.__cause__ or (None if seen.__suppress_context__ else seen.__context__)
    return None
