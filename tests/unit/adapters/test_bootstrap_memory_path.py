"""Where the local memory lives: one file per deployment."""

from __future__ import annotations

from pathlib import Path

from caseledger.adapters.bootstrap import local_memory_path
from caseledger.adapters.settings import DbSettings, Settings

URL = "postgresql://u:p@127.0.0.1:1/db"


def test_each_postgres_schema_has_its_own_local_memory(tmp_path: Path) -> None:
    """Session 62's QA: two deployments sharing a data dir, a schema each, recalled each
    other's customers from the one memory.sqlite."""

    def path(**db: object) -> Path:
        return local_memory_path(
            Settings(environment="test", data_dir=tmp_path, db=DbSettings(**db))
        )  # type: ignore[arg-type]

    assert path() == tmp_path / "memory.sqlite"
    assert path(backend="postgres", postgres_url=URL) == tmp_path / "memory.sqlite"
    one = path(backend="postgres", postgres_url=URL, postgres_schema="tenant_one")
    two = path(backend="postgres", postgres_url=URL, postgres_schema="tenant_two")
    assert one == tmp_path / "memory-tenant_one.sqlite" and one != two
