"""Shared fixtures: settings on a temp data dir, the store backend matrix, the PostgreSQL server.

The PostgreSQL server is the project's own (``scripts/postgres.sh``). CI starts it and exports
``CASELEDGER_TEST_POSTGRES_URL``; without that variable the session starts one itself. A
backend that cannot start fails the tests that need it — it is never skipped.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from pydantic import SecretStr

from caseledger.adapters.bootstrap import Container, bootstrap
from caseledger.adapters.catalog.catalog import load_catalog
from caseledger.adapters.settings import DbSettings, GuardSettings, Settings
from tests.fakes import SteppingClock

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def trained_pair_model(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """A small pair model trained by ``caseledger guard train-pair-model`` as a user runs it:
    one layer, one epoch, bf16 autocast, gloss augmentation, batch 1 of the labelled set and
    the catalog pairs of one category, calibrated on batch 2 (~40 s). Its quality is not the
    point (``bench/guard.py --pair-model`` measures a full one); the path from labelled rows to
    a served int8 model is. Returns the directory and the run."""
    out = tmp_path_factory.mktemp("pair-model") / "model"
    binary = shutil.which("caseledger", path=str(Path(sys.executable).parent))
    assert binary, "the caseledger entry point is not installed in this environment"
    run = subprocess.run(
        [
            binary,
            "guard",
            "train-pair-model",
            str(REPO / "tests" / "data" / "guard_labelled.jsonl"),
            "--out",
            str(out),
            "--train-batches",
            "1",
            "--calibrate-batches",
            "2",
            "--epochs",
            "1",
            "--layers",
            "1",
            # The faster arithmetic, so the path from a bf16-trained model to a served int8 one
            # is exercised too (fp32, the default, is the same loop without autocast).
            "--precision",
            "bf16",
            # And the gloss augmentation, recorded in the manifest (round 41's candidate was
            # trained with it: bench/README.md).
            "--augment-gloss",
            "support-gloss-2",
            # Off in the recipe since session 16, but served wherever a manifest has one.
            "--frame-veto-quantile",
            "0.02",
            # Off in the recipe, served wherever a manifest has one (bench/README.md, round 21).
            "--catalog-veto-quantile",
            "0.01",
            # The catalog's pairs of one small category: the path, not the quality.
            "--catalog-skip",
            ",".join(c for c in load_catalog().categories if c != "bluetooth"),
        ],
        env={**os.environ, "HF_HUB_OFFLINE": "1", "COLUMNS": "120"},
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return out, run


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    url = os.environ.get("CASELEDGER_TEST_POSTGRES_URL")
    if url:
        yield url
        return
    env = {
        **os.environ,
        # Under /tmp: the server runs as an unprivileged user, who must reach the data dir.
        "CASELEDGER_PG_DIR": str(Path(tempfile.gettempdir()) / "caseledger-test-postgres"),
        "CASELEDGER_PG_PORT": os.environ.get("CASELEDGER_TEST_PG_PORT", "55433"),
        "CASELEDGER_PG_FAST": "1",
    }
    script = REPO / "scripts" / "postgres.sh"
    started = subprocess.run(
        ["bash", str(script), "start"], env=env, capture_output=True, text=True, timeout=300
    )
    if started.returncode != 0:
        pytest.fail(f"could not start PostgreSQL:\n{started.stderr[-3000:]}")
    yield started.stdout.strip().splitlines()[-1]
    subprocess.run(["bash", str(script), "stop"], env=env, capture_output=True, timeout=120)


@pytest.fixture
def clock() -> SteppingClock:
    return SteppingClock()


def _schema_settings(tmp_path: Path, backend: str, request: pytest.FixtureRequest) -> Settings:
    guard = GuardSettings(use_embeddings=False)
    if backend == "sqlite":
        return Settings(environment="test", data_dir=tmp_path / "data", guard=guard)
    url = request.getfixturevalue("postgres_url")
    schema = f"t_{uuid.uuid4().hex[:12]}"

    def drop() -> None:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")

    request.addfinalizer(drop)
    return Settings(
        environment="test",
        data_dir=tmp_path / "data",
        guard=guard,
        db=DbSettings(backend="postgres", postgres_url=SecretStr(url), postgres_schema=schema),
    )


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def settings(tmp_path: Path, backend: str, request: pytest.FixtureRequest) -> Settings:
    return _schema_settings(tmp_path, backend, request)


@pytest.fixture
def make_container(settings: Settings, clock: SteppingClock) -> Iterator[Any]:
    """Build containers on the test's backend (several may share one store, like processes)."""
    built: list[Container] = []

    def make(**overrides: Any) -> Container:
        overrides.setdefault("clock", clock)
        overrides.setdefault("embedder", None)
        container = bootstrap(settings, **overrides)
        built.append(container)
        return container

    yield make
    for container in built:
        container.close()


@pytest.fixture
def container(make_container: Any) -> Container:
    return make_container()  # type: ignore[no-any-return]
