"""HindsightMemoryStore against the real Hindsight server (scripts/hindsight.sh): the contract,
memory across sessions, and what happens when the server stops.

``hindsight_server`` is the session fixture of this directory's conftest.py (a ``HindsightServer``).
"""

from __future__ import annotations

import importlib.util
import socket
import sys
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from caseledger.adapters.memory.hindsight import HindsightMemoryStore
from caseledger.domain.ports import MemoryUnavailable
from tests.contracts.memory import assert_failed_recall, assert_memory_store

pytestmark = [pytest.mark.hindsight, pytest.mark.postgres]

T0 = datetime(2026, 5, 1, 9, 30, tzinfo=UTC)
BENCH = Path(__file__).resolve().parents[4] / "bench" / "memory.py"


def load_bench() -> ModuleType:
    """bench/memory.py as a module: the tests measure exactly what the benchmark reports."""
    spec = importlib.util.spec_from_file_location("caseledger_bench_memory", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve their module by name
    spec.loader.exec_module(module)
    return module


def _closed_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])  # nothing listens once the socket is closed


@pytest.fixture
def prefix() -> str:
    # A fresh prefix per test: banks never collide with earlier runs on a long-lived server.
    return f"cl-test-{uuid.uuid4().hex[:6]}-"


@pytest.fixture
def store(hindsight_server: Any, prefix: str) -> Iterator[HindsightMemoryStore]:
    with HindsightMemoryStore(hindsight_server.url, bank_prefix=prefix) as s:
        yield s


def test_contract_on_the_real_server(store: HindsightMemoryStore, prefix: str) -> None:
    unreachable = f"http://127.0.0.1:{_closed_port()}"
    with HindsightMemoryStore(unreachable, bank_prefix=prefix, backoff_s=0.05) as broken:
        assert_memory_store(store, broken=broken)
        result = broken.recall("cust", "anything")
        assert result.error_type == "ClientConnectorError", result


def test_memory_follows_the_customer_into_a_new_session(hindsight_server: Any, prefix: str) -> None:
    customer = f"cust-{uuid.uuid4().hex[:8]}"
    with HindsightMemoryStore(hindsight_server.url, bank_prefix=prefix) as first_session:
        first_session.retain(
            customer,
            "I have a Canon EOS R6 and it will not pair over Bluetooth.",
            occurred_at=T0,
            tags=["customer_message", "ticket:tkt-1"],
            source_event_id="evt-first-ticket",
        )
    # A new process (new client, new HTTP session) on a new ticket.
    with HindsightMemoryStore(hindsight_server.url, bank_prefix=prefix) as later_session:
        result = later_session.recall(customer, "My camera still won't pair with my phone")
    assert result.status == "results"
    assert result.items[0].source_event_id == "evt-first-ticket"
    assert "ticket:tkt-1" in result.items[0].tags


def test_banks_are_per_environment_on_one_server(hindsight_server: Any) -> None:
    customer = f"cust-{uuid.uuid4().hex[:8]}"
    run = uuid.uuid4().hex[:6]
    with (
        HindsightMemoryStore(hindsight_server.url, bank_prefix=f"cl-stag-{run}-") as staging,
        HindsightMemoryStore(hindsight_server.url, bank_prefix=f"cl-prod-{run}-") as production,
    ):
        staging.retain(customer, "My Dell laptop", occurred_at=T0, tags=[], source_event_id="evt-s")
        assert staging.recall(customer, "dell laptop").status == "results"
        assert production.recall(customer, "dell laptop").status == "none"


def test_server_stopped_then_restarted(hindsight_server: Any, store: HindsightMemoryStore) -> None:
    customer = f"cust-{uuid.uuid4().hex[:8]}"
    store.retain(customer, "My Dell laptop", occurred_at=T0, tags=[], source_event_id="evt-before")
    assert store.recall(customer, "dell laptop").status == "results"
    hindsight_server.stop()
    try:
        t0 = time.monotonic()
        result = store.recall(customer, "dell laptop")
        elapsed = time.monotonic() - t0
        assert_failed_recall(result, "server stopped")
        assert result.error_type == "ClientConnectorError", result
        assert elapsed < 3.0, f"a refused connection must fail fast, took {elapsed:.1f}s"
        with pytest.raises(MemoryUnavailable, match="ClientConnectorError"):
            store.retain(
                customer, "My Dell laptop", occurred_at=T0, tags=[], source_event_id="evt-during"
            )
        health = store.health()
        assert not health.ok and health.last_error and "ClientConnectorError" in health.last_error
    finally:
        assert hindsight_server.start() == hindsight_server.url
    # The same client recovers once the server is back; nothing written before was lost.
    recovered = store.recall(customer, "dell laptop")
    assert [i.source_event_id for i in recovered.items] == ["evt-before"]
    assert store.health().ok


def test_script_start_is_idempotent_and_status_reports(hindsight_server: Any) -> None:
    t0 = time.monotonic()
    assert hindsight_server.start() == hindsight_server.url
    assert time.monotonic() - t0 < 10, "start on a running server must return at once"
    status = hindsight_server.script("status", timeout=30)
    assert status.returncode == 0 and "health: ok" in status.stdout, status
    url = hindsight_server.script("url", timeout=30)
    assert url.stdout.strip() == hindsight_server.url


def test_cross_session_hit_rate(store: HindsightMemoryStore) -> None:
    """Floors: the hit rate @5 measured with bench/memory.py (84.3% overall: 90.0% English,
    76.7% Chinese, with the reply pipeline's query) less a margin."""
    bench = load_bench()
    result = bench.run_hit_rate("hindsight", store, bench.load_cases(), namespace="")
    assert sum(result.questions.values()) >= 60
    assert result.rate("pipeline") >= 0.75, result.misses
    assert result.rate("pipeline", "en") >= 0.8, result.misses
    assert result.rate("pipeline", "zh") >= 0.65, result.misses
    assert result.statuses.get("failed", 0) == 0
