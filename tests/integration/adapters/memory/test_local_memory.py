"""LocalMemoryStore with the packaged all-MiniLM-L6-v2 model: the contract and recall quality.

The quality floor is the hit rate @5 measured with ``bench/memory.py`` on
``tests/data/memory_recall.jsonl`` (35 customers, 70 later-session questions, English and
Chinese) less a margin: 92.9% overall with the reply pipeline's query (97.5% English, 86.7%
Chinese) when the floor was set.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from caseledger.adapters.embeddings.sentence_transformer import SentenceTransformerEmbedder
from caseledger.adapters.memory.local import LocalMemoryStore
from tests.contracts.memory import assert_memory_store

BENCH = Path(__file__).resolve().parents[4] / "bench" / "memory.py"


def load_bench() -> ModuleType:
    """bench/memory.py as a module: the tests measure exactly what the benchmark reports."""
    spec = importlib.util.spec_from_file_location("caseledger_bench_memory", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve their module by name
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def embedder() -> SentenceTransformerEmbedder:
    return SentenceTransformerEmbedder()


def test_contract_with_the_packaged_model(
    tmp_path: Path, embedder: SentenceTransformerEmbedder
) -> None:
    store = LocalMemoryStore(tmp_path / "memory.sqlite", embedder=embedder)
    broken = LocalMemoryStore(tmp_path, embedder=embedder)  # a directory: cannot be opened
    assert_memory_store(store, broken=broken)


def test_cross_session_hit_rate(tmp_path: Path, embedder: SentenceTransformerEmbedder) -> None:
    bench = load_bench()
    store = LocalMemoryStore(tmp_path / "hit.sqlite", embedder=embedder)
    result = bench.run_hit_rate("local", store, bench.load_cases(), namespace="")
    assert sum(result.questions.values()) >= 60
    assert result.rate("pipeline") >= 0.85, result.misses
    assert result.rate("pipeline", "en") >= 0.9, result.misses
    assert result.rate("pipeline", "zh") >= 0.75, result.misses
    assert result.statuses.get("failed", 0) == 0
