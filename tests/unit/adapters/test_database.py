"""Which errors mean "the database is away", and how they are described."""

from __future__ import annotations

import pytest
from eventsourcing.persistence import OperationalError
from psycopg_pool import PoolTimeout
from pydantic import SecretStr

from caseledger.adapters.database import DatabaseUnavailable, describe, unavailable
from caseledger.adapters.settings import DbSettings, Settings

SETTINGS = Settings(
    environment="test",
    db=DbSettings(
        backend="postgres", postgres_url=SecretStr("postgresql://u:secret@db.example:6543/x")
    ),
)


def test_the_description_names_host_and_port_never_the_password() -> None:
    assert describe(SETTINGS) == "PostgreSQL at db.example:6543"


@pytest.mark.parametrize(
    "error", [PoolTimeout("couldn't get a connection after 3.00 sec"), OperationalError("gone")]
)
def test_pool_and_store_errors_are_the_database_unavailable(error: Exception) -> None:
    found = unavailable(error, SETTINGS)
    assert isinstance(found, DatabaseUnavailable)
    assert str(found).startswith("PostgreSQL at db.example:6543 is unavailable: ")


def test_a_cause_is_followed_but_not_a_suppressed_context() -> None:
    try:
        try:
            raise OperationalError("gone")
        except OperationalError as inner:
            raise RuntimeError("projection failed") from inner
    except RuntimeError as outer:
        assert unavailable(outer, SETTINGS) is not None
    try:
        try:
            raise OperationalError("gone")
        except OperationalError:
            raise ValueError("handled, then a bug") from None
    except ValueError as outer:
        assert unavailable(outer, SETTINGS) is None
    assert unavailable(ValueError("a bug"), SETTINGS) is None
