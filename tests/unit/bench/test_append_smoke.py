"""Smoke test of bench/append.py: tiny sizes, SQLite only, no PostgreSQL, a few seconds.

It checks that the benchmark still drives the service and the baseline through the same plan and
that its results are well-formed; it asserts nothing about speed.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from types import ModuleType

import pytest
from rich.console import Console

from tests.benches import load_bench


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_bench("append")


def test_plan_has_whole_customers_and_known_event_count(bench: ModuleType) -> None:
    plan = bench.build_plan(50, tickets_per_customer=2)
    per_customer = bench.events_per_customer(2)
    assert plan.customers == -(-50 // per_customer)
    assert plan.events == plan.customers * per_customer >= 50
    assert sum(c.kind == "open" for c in plan.commands) == plan.customers * 2


def test_append_benchmark_on_sqlite(bench: ModuleType) -> None:
    result = bench.run_append_benchmark(bench.Backend("sqlite"), 50, 2, warmup=False)
    assert result.events >= 50
    assert set(result.runs) == {"caseledger", "raw_get_save", "raw_save_only"}
    for subject, runs in result.runs.items():
        assert len(runs) == 2, subject
        # Every subject stored exactly the plan's events (checked against the store's head).
        assert all(r.events == result.events and r.events_per_s > 0 for r in runs)
    ratios = result.ratios("raw_get_save")
    assert len(ratios) == 2 and all(r > 0 for r in ratios)
    data = json.loads(json.dumps(result.to_json()))
    assert data["ratio_vs_raw_get_save"] > 0 and data["ratio_vs_raw_save_only"] > 0
    assert isinstance(data["meets_target"], bool)


def test_catchup_benchmark_on_sqlite(bench: ModuleType) -> None:
    result = bench.run_catchup_benchmark(bench.Backend("sqlite"), 200, replay=["ticket_state"])
    assert result.events >= 200
    for timed in (result.build, result.log_read, result.catch_up_all, *result.replay.values()):
        assert timed.events == result.events and timed.events_per_s > 0
    assert set(result.replay) == {"ticket_state"}
    assert set(result.rows) == {
        "ticket_state",
        "attempt_list",
        "preference_view",
        "lineage_index",
        "memory_view",
    }
    customers = bench.build_plan(200).customers
    assert result.rows["ticket_state"] == customers * 3  # one per ticket
    assert result.rows["preference_view"] == result.rows["attempt_list"] == customers
    data = json.loads(json.dumps(result.to_json()))
    assert data["catch_up_all_vs_log_read"] > 0


def test_cli_writes_json(bench: ModuleType, tmp_path: Path) -> None:
    out, log = tmp_path / "bench.json", io.StringIO()
    flags = "--backend sqlite --events 30 --rounds 1 --catchup-events 60 --replay --no-warmup"
    argv = [*flags.split(), "--json-out", str(out)]
    assert bench.main(argv, console=Console(file=log, width=140)) == 0
    report = json.loads(out.read_text())
    assert list(report["backends"]) == ["sqlite"]
    sqlite = report["backends"]["sqlite"]
    assert sqlite["append"]["caseledger"]["events_per_s_median"] > 0
    assert sqlite["catchup"]["replay"] == {}
    assert "Append throughput" in log.getvalue()
