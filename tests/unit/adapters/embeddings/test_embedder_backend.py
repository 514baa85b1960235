"""The embedding backend setting reaches the embedder; bad values fail early (no model load)."""

from __future__ import annotations

import pytest

from caseledger.adapters.bootstrap import build_embedder
from caseledger.adapters.embeddings.sentence_transformer import SentenceTransformerEmbedder
from caseledger.adapters.settings import Settings


def _settings(monkeypatch: pytest.MonkeyPatch, **env: str) -> Settings:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return Settings(_env_file=None)  # type: ignore[call-arg]


def test_default_backend_is_auto_which_means_int8_onnx_on_a_cpu(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("CASELEDGER_GUARD__EMBEDDING_BACKEND", raising=False)
    settings = _settings(monkeypatch)
    assert settings.guard.embedding_backend == "auto"
    embedder = build_embedder(settings)
    assert isinstance(embedder, SentenceTransformerEmbedder)
    assert embedder.backend == "onnx-int8"
    assert SentenceTransformerEmbedder().backend == "onnx-int8"
    # Off the CPU, auto is torch (the onnx path runs on the CPU only).
    assert SentenceTransformerEmbedder(device="cuda").backend == "torch"


def test_torch_backend_setting_reaches_the_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = _settings(monkeypatch, CASELEDGER_GUARD__EMBEDDING_BACKEND="torch")
    embedder = build_embedder(settings)
    assert isinstance(embedder, SentenceTransformerEmbedder)
    assert embedder.backend == "torch"


def test_onnx_backend_setting_reaches_the_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = _settings(monkeypatch, CASELEDGER_GUARD__EMBEDDING_BACKEND="onnx")
    embedder = build_embedder(settings)
    assert isinstance(embedder, SentenceTransformerEmbedder)
    assert embedder.backend == "onnx"
    assert not embedder.loaded  # choosing the backend loads nothing


def test_int8_onnx_backend_setting_reaches_the_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = _settings(monkeypatch, CASELEDGER_GUARD__EMBEDDING_BACKEND="onnx-int8")
    embedder = build_embedder(settings)
    assert isinstance(embedder, SentenceTransformerEmbedder)
    assert embedder.backend == "onnx-int8"
    assert not embedder.loaded


def test_unknown_backend_is_rejected(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError):
        _settings(monkeypatch, CASELEDGER_GUARD__EMBEDDING_BACKEND="tensorrt")
    with pytest.raises(ValueError, match="backend"):
        SentenceTransformerEmbedder(backend="tensorrt")  # type: ignore[arg-type]


def test_onnx_backends_are_cpu_only() -> None:
    for backend in ("onnx", "onnx-int8"):
        with pytest.raises(ValueError, match=f"the {backend} backend runs on cpu"):
            SentenceTransformerEmbedder(device="cuda", backend=backend)  # type: ignore[arg-type]


def test_onnx_threads_default_to_one_and_must_be_positive() -> None:
    assert SentenceTransformerEmbedder().onnx_threads == 1
    assert SentenceTransformerEmbedder(onnx_threads=2).onnx_threads == 2
    with pytest.raises(ValueError, match="onnx_threads"):
        SentenceTransformerEmbedder(onnx_threads=0)


def test_onnx_threads_setting_reaches_the_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = _settings(monkeypatch, CASELEDGER_GUARD__ONNX_THREADS="2")
    embedder = build_embedder(settings)
    assert isinstance(embedder, SentenceTransformerEmbedder)
    assert embedder.onnx_threads == 2
    assert not embedder.loaded
    with pytest.raises(ValueError):
        _settings(monkeypatch, CASELEDGER_GUARD__ONNX_THREADS="0")
