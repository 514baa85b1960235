"""Smoke test of bench/reply_latency.py: three tiny conversations, no embedding model.

It checks that the benchmark drives the API and both modes, and that the baseline really
sends more history than the guarded context; it asserts nothing about speed.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from tests.benches import load_bench


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_bench("reply_latency")


def test_percentile_is_nearest_rank(bench: ModuleType) -> None:
    values = [float(v) for v in range(1, 101)]
    assert bench.percentile(values, 50) == 50.0
    assert bench.percentile(values, 95) == 95.0
    assert bench.percentile(values, 99) == 99.0
    assert bench.percentile([7.0], 95) == 7.0


def test_both_modes_run_through_the_http_api(bench: ModuleType, tmp_path: Path) -> None:
    out = tmp_path / "reply.json"
    code = bench.main(
        [
            "--conversations", "3",
            "--turns", "2",
            "--history", "25",
            "--no-embeddings",
            "--json-out", str(out),
        ]
    )  # fmt: skip
    assert code == 0
    report = json.loads(out.read_text())
    guarded, baseline = report["modes"]["guarded"], report["modes"]["baseline"]
    assert guarded["replies"] == baseline["replies"] == 6
    assert guarded["errors"] == baseline["errors"] == 0
    assert guarded["p50_ms"] <= guarded["p95_ms"] <= guarded["p99_ms"]
    # The guarded context keeps the last 20 messages; the baseline sends all 25+ and replies.
    assert guarded["mean_history_lines"] <= 20
    assert baseline["mean_history_lines"] > 50
    assert report["baseline_over_guarded"]["context_chars"] > 1.5
