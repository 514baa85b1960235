"""Smoke test of bench/memory.py and its data set: tiny sizes, local store, fake embedder.

It checks that the scripted recall set is well-formed and that the benchmark's hit-rate and
latency code still drive a ``MemoryStore``; it asserts nothing about quality or speed (the
integration tests in tests/integration/adapters/memory/ do, with the real model and server).
"""

from __future__ import annotations

from types import ModuleType

import pytest

from caseledger.adapters.memory.local import LocalMemoryStore
from tests.benches import load_bench
from tests.fakes import FakeEmbedder


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_bench("memory")


def test_recall_set_is_well_formed(bench: ModuleType) -> None:
    cases = bench.load_cases()
    assert len(cases) >= 30
    assert {c.language for c in cases} == {"en", "zh"}
    assert len({c.customer for c in cases}) == len(cases)
    for case in cases:
        ids = [m["id"] for m in case.session1]
        assert len(set(ids)) == len(ids) >= 6, case.customer
        asked_at = "2026-05-04T10:00:00+00:00"
        assert all(m["at"] < asked_at for m in case.session1), case.customer
        assert case.questions, case.customer
        for question in case.questions:
            assert question["expects"] and set(question["expects"]) <= set(ids), question
            # The later question never repeats the remembered words verbatim.
            said = {m["text"] for m in case.session1}
            assert question["text"] not in said


def test_hit_rate_and_latency_run_on_a_local_store(bench: ModuleType) -> None:
    cases = bench.load_cases()[:4]
    store = LocalMemoryStore(":memory:", embedder=FakeEmbedder())
    result = bench.run_hit_rate("local", store, cases, namespace="smoke-")
    assert sum(result.questions.values()) == sum(len(c.questions) for c in cases)
    assert 0.0 <= result.rate("pipeline") <= 1.0 and result.statuses.get("failed", 0) == 0
    latency = bench.run_latency(
        "local",
        LocalMemoryStore(":memory:", embedder=FakeEmbedder()),
        customers=1,
        memories=30,
        queries=5,
        namespace="smoke-",
        workers=2,
        progress=lambda _: None,
    )
    summary = latency.summary()
    assert len(latency.samples_ms) == 5 and 0 < summary["p50_ms"] <= summary["p95_ms"]
