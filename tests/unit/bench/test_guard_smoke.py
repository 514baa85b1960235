"""Smoke test of bench/guard.py without the embedding model: the counting, the per-split and
per-language breakdown, and the latency driver on a guard with no embedder."""

from __future__ import annotations

from types import ModuleType

import pytest

from caseledger.adapters.equivalence.action_catalog import CatalogGuardEquivalence
from tests.benches import load_bench


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_bench("guard")


def test_counts_per_split_and_language(bench: ModuleType) -> None:
    rows = bench.load_rows(bench.DATA)[:40]
    guard = CatalogGuardEquivalence(None)
    figures = bench.evaluate(rows, bench.equivalence_decision(guard))
    total = figures["all/all"]
    assert total["tp"] + total["fp"] + total["fn"] + total["tn"] == len(rows)
    assert 0.0 <= total["recall"] <= 1.0 and 0.0 <= total["false_block_rate"] <= 1.0
    assert (
        sum(
            figures[f"all/{lang}"]["tp"]
            for lang in ("en", "zh", "mixed")
            if f"all/{lang}" in figures
        )
        == total["tp"]
    )
    always = bench.evaluate(rows, lambda row: True)["all/all"]
    assert always["fn"] == 0 and always["tn"] == 0 and always["recall"] == 1.0


def test_parts_and_latency_without_a_model(bench: ModuleType) -> None:
    rows = bench.load_rows(bench.DATA)[:30]
    guard = CatalogGuardEquivalence(None)
    parts = bench.guard_parts(rows, guard)
    assert parts and all(set(v) == {"right", "wrong"} for v in parts.values())
    timing = bench.latency(rows, guard, on_record=50, rounds=1)
    assert timing["failed_on_record"] == 50
    assert timing["per_solution_ms"]["p50"] <= timing["per_solution_ms"]["p95"]
    assert timing["candidates_embedded_by_model"] == 0


def test_percentile(bench: ModuleType) -> None:
    values = [float(v) for v in range(1, 101)]
    assert bench.percentile(values, 0.5) in (50.0, 51.0)
    assert bench.percentile(values, 0.95) == 95.0
    assert bench.percentile([3.0], 0.95) == 3.0


def test_the_playbook_probe_asks_about_every_later_step_in_both_languages(
    bench: ModuleType,
) -> None:
    from caseledger.adapters.catalog.catalog import load_catalog

    catalog = load_catalog()
    expected = 4 * sum(
        len(catalog.steps(c)) * (len(catalog.steps(c)) - 1) // 2 for c in catalog.categories
    )
    reading = bench.playbook_blocks(CatalogGuardEquivalence(None), catalog)
    assert reading["pairs"] == expected
    assert reading["blocked"] == 0 and reading["rate"] == 0.0

    class BlocksEverything:
        def find_equivalent(self, text: str, known: list[object]) -> object:
            return known[0]

    everything = bench.playbook_blocks(BlocksEverything(), catalog)
    assert everything["blocked"] == expected and everything["rate"] == 1.0
    assert len(everything["examples"]) == 5


def test_the_playbook_probe_asks_only_the_categories_named(bench: ModuleType) -> None:
    from caseledger.adapters.catalog.catalog import load_catalog

    catalog = load_catalog()
    steps = len(catalog.steps("router"))
    reading = bench.playbook_blocks(CatalogGuardEquivalence(None), catalog, {"router"})
    assert reading["pairs"] == 4 * steps * (steps - 1) // 2


def test_the_bench_refuses_an_unknown_playbook_category_before_any_work(
    bench: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        bench.main(["--playbook-categories", "router,nope"])
    assert exit_.value.code == 2
    assert "no such catalog categories: ['nope']" in capsys.readouterr().err
