"""``PairJudge`` port: the learned pair model, an int8 ONNX cross-encoder run by onnxruntime.

A model directory is what ``caseledger guard train-pair-model`` writes (see
:mod:`~caseledger.adapters.equivalence.pair_model_training`)::

    manifest.json    format, name, threshold, max_length, how it was trained and calibrated;
                     optionally veto_threshold, frame_veto_threshold and
                     instance_veto_threshold (older models lack them and never overrule);
                     optionally read_different_threshold, at or above the threshold
    model.onnx       the fine-tuned MiniLM cross-encoder, dynamically quantised to int8
    tokenizer.json   the base model's fast tokenizer

The model reads one pair, the known step first (the order it was calibrated in), and returns
one logit, or None where it can read neither text (mostly outside its vocabulary), which never
blocks. A manifest whose ``"order"`` is ``"both"`` reads each pair in both orders, as one
batch of two, and scores it by the mean of the two logits (models are trained on both orders;
the thresholds of such a manifest are calibrated on that reading; bench/README.md, "Round 27").
Below ``veto_threshold`` it overrules a block the guard's reading made on its weakest evidence,
below ``frame_veto_threshold`` one read from action frames, below
``instance_veto_threshold`` one read from a catalog action or frames whose candidate points at
another instance ("too", "instead", 也; see
:class:`~caseledger.adapters.equivalence.action_catalog.CatalogGuardEquivalence`).
The packaged MiniLM reads Chinese as ``[UNK]``: a model whose manifest says
``"text": "cedict-gloss-1"`` or ``"support-gloss-2"`` was trained on mostly-Chinese texts
replaced by English glosses of that scheme (:mod:`~caseledger.adapters.equivalence.chinese_gloss`),
and is served the same way.
It is asked once per candidate the guard's reading allows, so it costs one transformer pass
there (~1.2 ms for three layers, 2–3 ms for the packaged six, on one core;
``bench/README.md``); scores are kept per pair,
because the reply pipeline asks again for the same pair when it records the solution.
``score_async`` starts a read on onnxruntime's own thread (``InferenceSession.run_async``),
which needs no GIL to start, so the read runs beside the guard's pure-Python reading; a
thread of this process could not begin until the reading let go of the GIL
(bench/README.md, "Round 53").
"""

from __future__ import annotations

import atexit
import hashlib
import json
import os
import threading
import time
import weakref
from collections import OrderedDict
from pathlib import Path
from typing import Any

import numpy as np

from caseledger.adapters.equivalence.chinese_gloss import (
    GLOSS_SCHEMES,
    GLOSS_SHARE,
    gloss_if_chinese,
    load_dictionary,
)

__all__ = [
    "BOTH_ORDERS",
    "KNOWN_FIRST",
    "MANIFEST_FORMAT",
    "ORDERS",
    "PACKAGED_MODEL",
    "READ_DIFFERENT_KEY",
    "TEXT_SCHEMES",
    "VETO_KEYS",
    "OnnxPairJudge",
    "OnnxPendingScore",
    "PairModelError",
    "packaged_model_dir",
    "read_manifest",
    "unknown_order",
]

MANIFEST_FORMAT = 1
_REQUIRED = ("format", "name", "threshold", "max_length")
# Optional; each below the threshold.
VETO_KEYS = (
    "veto_threshold",
    "frame_veto_threshold",
    "catalog_veto_threshold",
    "instance_veto_threshold",
)
# Optional; at or above the threshold: the bar for a pair the guard's reading read in full as
# two different actions (every next step of the offline responder's playbook is one), where a
# model's own "same" must be surer. Absent: the threshold (bench/README.md, "Round 48").
READ_DIFFERENT_KEY = "read_different_threshold"
# How texts are prepared before the tokenizer; a manifest without "text" predates glossing.
TEXT_SCHEMES = ("raw", *GLOSS_SCHEMES)
# How a pair is read: the known step first, or both orders with the logits averaged (the
# models are trained on both orders; reading both evens out what either order misses, at
# the cost of a batch of two). A manifest without "order" reads the known step first.
KNOWN_FIRST = "known, candidate"
BOTH_ORDERS = "both"
ORDERS = (KNOWN_FIRST, BOTH_ORDERS)


def unknown_order(order: object) -> str | None:
    """Why ``order`` is not a reading order (the manifest, the judge and the training options
    all say it so), or None where it is one."""
    if order in ORDERS:
        return None
    return f"order {order!r} is not one of {' or '.join(repr(known) for known in ORDERS)}"


# The model shipped with caseledger, the output of `make pair-model` (models/README.md: how it
# was made, the digest of its weights).
PACKAGED_MODEL = "pair-minilm-6l-int8"


def packaged_model_dir() -> Path:
    """The directory of the pair model shipped in the package (the guard's default)."""
    return Path(__file__).resolve().parent / "models" / PACKAGED_MODEL


class PairModelError(Exception):
    """The pair model directory is missing, incomplete or of another format (with the reason)."""


def read_manifest(directory: Path) -> dict[str, Any]:
    """The directory's manifest, checked: a clear reason for anything that would not load."""
    if not directory.is_dir():
        raise PairModelError(f"pair model directory not found: {directory}")
    for name in ("manifest.json", "model.onnx", "tokenizer.json"):
        if not (directory / name).is_file():
            raise PairModelError(
                f"{directory} has no {name}; write one with `caseledger guard train-pair-model`"
            )
    try:
        manifest = json.loads((directory / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise PairModelError(f"{directory}/manifest.json is not readable JSON: {exc}") from None
    if not isinstance(manifest, dict):
        raise PairModelError(f"{directory}/manifest.json is not a JSON object")
    missing = [key for key in _REQUIRED if key not in manifest]
    if missing:
        raise PairModelError(f"{directory}/manifest.json lacks {', '.join(missing)}")
    if manifest["format"] != MANIFEST_FORMAT:
        raise PairModelError(
            f"{directory}/manifest.json is format {manifest['format']!r}; this version reads "
            f"format {MANIFEST_FORMAT} (train the model again)"
        )
    for key in ("threshold", *VETO_KEYS, READ_DIFFERENT_KEY):
        value = manifest.get(key)
        if key != "threshold" and value is None:
            continue  # optional: a model calibrated before vetoes existed never overrules
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise PairModelError(f"{directory}/manifest.json: {key} must be a number")
    for key in VETO_KEYS:
        if manifest.get(key) is not None and manifest[key] >= manifest["threshold"]:
            raise PairModelError(
                f"{directory}/manifest.json: {key} must be below threshold "
                f"({manifest[key]} >= {manifest['threshold']})"
            )
    if manifest.get(READ_DIFFERENT_KEY) is not None and (
        manifest[READ_DIFFERENT_KEY] < manifest["threshold"]
    ):
        raise PairModelError(
            f"{directory}/manifest.json: {READ_DIFFERENT_KEY} must not be below threshold "
            f"({manifest[READ_DIFFERENT_KEY]} < {manifest['threshold']})"
        )
    if (problem := unknown_order(manifest.get("order", KNOWN_FIRST))) is not None:
        raise PairModelError(f"{directory}/manifest.json: {problem}")
    if manifest.get("text", "raw") not in TEXT_SCHEMES:
        raise PairModelError(
            f"{directory}/manifest.json: text {manifest['text']!r} is not one of "
            f"{', '.join(TEXT_SCHEMES)} (train the model again)"
        )
    return manifest


class OnnxPairJudge:
    """The pair model of one directory. Thread-safe: onnxruntime sessions run concurrently,
    the score cache is guarded by a lock.

    ``threshold`` overrides the calibrated one (a stricter threshold trades recall for fewer
    false blocks); ``veto_threshold`` and ``frame_veto_threshold`` override the calibrated
    vetoes (``veto=False``: never overrule a block; ``frame_veto=False``: never one read from
    action frames; ``catalog_veto=False``: never one read as a catalog action;
    ``instance_veto=False``: never one because the candidate points at another instance);
    ``read_different_threshold`` overrides the calibrated bar for pairs the reading read as
    two different actions (never below the threshold in force);
    ``order`` overrides the manifest's reading order (to calibrate a model read another
    way); ``threads`` is onnxruntime's intra-op thread count.
    ``async_reads``: also load a second session for ``score_async`` (onnxruntime runs a read
    asynchronously only on a session with a thread pool of its own); False (the default), or
    a model read in both orders: ``score_async`` reads inline.
    """

    def __init__(
        self,
        directory: Path,
        *,
        threshold: float | None = None,
        veto_threshold: float | None = None,
        veto: bool = True,
        frame_veto_threshold: float | None = None,
        frame_veto: bool = True,
        catalog_veto_threshold: float | None = None,
        catalog_veto: bool = True,
        instance_veto_threshold: float | None = None,
        instance_veto: bool = True,
        read_different_threshold: float | None = None,
        order: str | None = None,
        threads: int = 1,
        cache_size: int = 4096,
        async_reads: bool = False,
    ) -> None:
        import onnxruntime
        from tokenizers import Tokenizer

        self._manifest = read_manifest(directory)
        # Read once: hashed here, then handed to onnxruntime as bytes.
        weights = (directory / "model.onnx").read_bytes()
        # The name in evidence says which weights decided: the manifest's name and the file's
        # digest, so a retrained model never passes for the one an old block names.
        digest = hashlib.sha256(weights).hexdigest()
        self._model_name = f"{self._manifest['name']}@{digest[:12]}"
        self._threshold = (
            float(threshold) if threshold is not None else float(self._manifest["threshold"])
        )
        self._veto_threshold = self._veto(directory, "veto_threshold", veto_threshold, veto)
        self._frame_veto_threshold = self._veto(
            directory, "frame_veto_threshold", frame_veto_threshold, veto and frame_veto
        )
        self._catalog_veto_threshold = self._veto(
            directory, "catalog_veto_threshold", catalog_veto_threshold, veto and catalog_veto
        )
        self._instance_veto_threshold = self._veto(
            directory, "instance_veto_threshold", instance_veto_threshold, veto and instance_veto
        )
        if read_different_threshold is not None and read_different_threshold < self._threshold:
            raise PairModelError(
                f"{directory}: the read different threshold {read_different_threshold} is "
                f"below the threshold {self._threshold}"
            )
        if read_different_threshold is None:
            # The calibrated bar, else the threshold; a threshold set higher takes it up.
            calibrated = self._manifest.get(READ_DIFFERENT_KEY, self._threshold)
            read_different_threshold = max(float(calibrated), self._threshold)
        self._read_different_threshold = float(read_different_threshold)
        if order is not None and (problem := unknown_order(order)) is not None:
            raise PairModelError(problem)
        self._order = order if order is not None else self._manifest.get("order", KNOWN_FIRST)
        # Served as trained: a model trained on glossed Chinese reads glossed Chinese.
        text = self._manifest.get("text")
        self._gloss_scheme = text if text in GLOSS_SCHEMES else None
        # Which texts are glossed: over this share of Chinese letters (0: any). Models made
        # before the key were trained and are served at the recipe's 0.3.
        share = self._manifest.get("gloss_share", GLOSS_SHARE)
        if not isinstance(share, int | float) or isinstance(share, bool) or not 0 <= share < 1:
            raise PairModelError(f"{directory}: gloss_share {share!r} is not a share in [0, 1)")
        self._gloss_share = float(share)
        if self._gloss_scheme is not None:
            load_dictionary(self._gloss_scheme)  # at start-up, not in the first Chinese reply
        self._tokenizer = Tokenizer.from_file(str(directory / "tokenizer.json"))
        self._tokenizer.no_padding()
        self._tokenizer.enable_truncation(int(self._manifest["max_length"]))
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        # One pair at a time: spinning threads between calls would only burn the CPU.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        try:
            self._session = onnxruntime.InferenceSession(
                weights, options, providers=["CPUExecutionProvider"]
            )
        except Exception as exc:  # onnxruntime raises its own, unexported error types
            raise PairModelError(f"{directory}/model.onnx does not load: {exc}") from None
        # A read run asynchronously goes to the session's own pool thread (two intra-op
        # threads: the pool's one and the caller's, which an asynchronous run never uses).
        self._async_session: Any = None
        if async_reads and self._order == KNOWN_FIRST:
            options = onnxruntime.SessionOptions()
            options.intra_op_num_threads = 2
            options.inter_op_num_threads = 1
            options.add_session_config_entry("session.intra_op.allow_spinning", "0")
            self._async_session = onnxruntime.InferenceSession(
                weights, options, providers=["CPUExecutionProvider"]
            )
        self._in_flight: set[OnnxPendingScore] = set()
        # onnxruntime's pool thread does not survive a fork: a forked child reads inline.
        self._pid = os.getpid()
        self._inputs = [i.name for i in self._session.get_inputs()]
        self._cache_size = cache_size
        self._cache: OrderedDict[tuple[str, str], float | None] = OrderedDict()
        self._unknown_id = self._tokenizer.token_to_id("[UNK]")
        self._lock = threading.Lock()
        _JUDGES.add(self)

    @property
    def model_name(self) -> str:
        """The manifest's name and the first 12 hex digits of the weights' SHA-256."""
        return self._model_name

    @property
    def order(self) -> str:
        """How a pair is read: ``KNOWN_FIRST`` or ``BOTH_ORDERS``."""
        return self._order

    @property
    def threshold(self) -> float:
        """The calibrated threshold, or the override."""
        return self._threshold

    @property
    def read_different_threshold(self) -> float:
        """The bar for a pair the reading read in full as two different actions: the
        calibrated one (or the override), never below :attr:`threshold`; the threshold where
        the model has none."""
        return self._read_different_threshold

    @property
    def veto_threshold(self) -> float | None:
        """The calibrated veto, or the override; None where this model never overrules."""
        return self._veto_threshold

    @property
    def frame_veto_threshold(self) -> float | None:
        """The calibrated veto of frame blocks, or the override; None: it never overrules
        them."""
        return self._frame_veto_threshold

    @property
    def catalog_veto_threshold(self) -> float | None:
        """The calibrated veto of blocks read as one catalog action, or the override; None:
        it never overrules them (models calibrated before session 21)."""
        return self._catalog_veto_threshold

    @property
    def instance_veto_threshold(self) -> float | None:
        """The calibrated veto of catalog and frame blocks whose candidate points at another
        instance, or the override; None: it never overrules them for that."""
        return self._instance_veto_threshold

    def _veto(
        self, directory: Path, key: str, override: float | None, enabled: bool
    ) -> float | None:
        if not enabled:
            return None
        if override is not None:
            if override >= self._threshold:
                # A pair scored in between would be both a repeat and overruled as one.
                raise PairModelError(
                    f"{directory}: the {key.replace('_', ' ')} {override} is not below the "
                    f"threshold {self._threshold}"
                )
            return float(override)
        calibrated = self._manifest.get(key)
        if calibrated is None:
            return None
        # A threshold set lower than the calibrated veto takes the veto down with it.
        return min(float(calibrated), self._threshold)

    @property
    def manifest(self) -> dict[str, Any]:
        """How the model was trained and calibrated (a copy)."""
        return dict(self._manifest)

    def score(self, known: str, candidate: str) -> float | None:
        """The model's logit for (known, candidate), known first; None when it reads neither
        text (over half of each is outside its vocabulary)."""
        key = (known, candidate)
        with self._lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                return self._cache[key]
        value = self._run(known, candidate)
        self._store(key, value)
        return value

    @property
    def reads_async(self) -> bool:
        """Whether ``score_async`` runs off the calling thread (never in a process forked after
        the model was loaded: onnxruntime's pool thread stayed in the parent)."""
        return self._async_session is not None and os.getpid() == self._pid

    def score_async(self, known: str, candidate: str) -> OnnxPendingScore:
        """Start reading (known, candidate) on onnxruntime's thread; ``score``'s answer, from
        the cache where it is there. Without an asynchronous session the read is done here."""
        key = (known, candidate)
        with self._lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                return OnnxPendingScore.answered(self, key, self._cache[key])
        if not self.reads_async:
            return OnnxPendingScore.answered(self, key, self.score(known, candidate))
        encoding = self._tokenizer.encode(self._prepare(known), self._prepare(candidate))
        if not any(self._reads(encoding, side) for side in (0, 1)):
            self._store(key, None)
            return OnnxPendingScore.answered(self, key, None)
        import onnxruntime

        pending = OnnxPendingScore(self, key, onnxruntime.RunOptions())
        with self._lock:
            self._in_flight.add(pending)
        try:
            self._start_run(encoding, pending)
        except Exception:  # onnxruntime raises its own, unexported error types
            pending._failed()  # taken inline (``result``), where an error is raised as usual
        return pending

    def _start_run(self, encoding: Any, pending: OnnxPendingScore) -> None:
        """Start one run of the model on onnxruntime's thread (``bench/guard_pass.py`` counts
        these with the runs of ``_logits``)."""
        self._async_session.run_async(
            None, self._feeds([encoding]), _finish, pending, pending._options
        )

    def wait_for_reads(self, timeout: float = 5.0) -> bool:
        """Wait until no read started by ``score_async`` runs (at most ``timeout`` seconds);
        whether none does. Called at exit, so that no read calls back into a stopped
        interpreter."""
        with self._lock:
            running = list(self._in_flight)
        for pending in running:
            pending.abandon()
        deadline = time.monotonic() + timeout
        return all(
            pending._ready.wait(max(0.0, deadline - time.monotonic())) for pending in running
        )

    def _store(self, key: tuple[str, str], value: float | None) -> None:
        with self._lock:
            self._cache[key] = value
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    def _prepare(self, text: str) -> str:
        """The text as the model was trained to read it (glossed if its manifest says so)."""
        scheme = self._gloss_scheme
        return gloss_if_chinese(text, scheme, self._gloss_share) if scheme is not None else text

    def _run(self, known: str, candidate: str) -> float | None:
        first, second = self._prepare(known), self._prepare(candidate)
        encoding = self._tokenizer.encode(first, second)
        if not any(self._reads(encoding, side) for side in (0, 1)):
            return None
        if self._order == KNOWN_FIRST:
            return self._run_model(encoding)
        return self._run_both(encoding, self._tokenizer.encode(second, first))

    def _run_model(self, encoding: Any) -> float:
        """The logit of one encoded pair (``bench/guard_pair_unread.py`` asks it directly)."""
        return float(self._logits([encoding])[0])

    def _run_both(self, forward: Any, reverse: Any) -> float:
        """The mean logit of one pair read in both orders."""
        if len(forward.ids) == len(reverse.ids):
            # The same tokens, so the same length (truncation cuts the longer text either
            # way): one batch of two, no padding.
            logits = self._logits([forward, reverse])
        else:  # a truncation that cut them unevenly: no padding either, two runs
            logits = np.concatenate([self._logits([forward]), self._logits([reverse])])
        return float(logits.mean())

    def _logits(self, encodings: list[Any]) -> Any:
        """The logits of equally long encoded pairs, one run."""
        return _logits_of(self._session.run(None, self._feeds(encodings)))

    def _feeds(self, encodings: list[Any]) -> dict[str, Any]:
        """The model's inputs for equally long encoded pairs."""
        feeds = {
            "input_ids": [e.ids for e in encodings],
            "token_type_ids": [e.type_ids for e in encodings],
            "attention_mask": [e.attention_mask for e in encodings],
        }
        return {name: np.asarray(feeds[name], dtype=np.int64) for name in self._inputs}

    def _reads(self, encoding: Any, side: int) -> bool:
        """Whether at most half of one side's tokens are unknown to the model. The packaged
        MiniLM reads Chinese as [UNK]: on the calibration rows the pairs it could read on
        neither side (131 of 489 asked) never moved a decision, right or wrong."""
        tokens = [
            token
            for token, sequence, special in zip(
                encoding.ids, encoding.sequence_ids, encoding.special_tokens_mask, strict=True
            )
            if sequence == side and not special
        ]
        if not tokens:
            return False
        return bool(sum(token == self._unknown_id for token in tokens) * 2 <= len(tokens))


def _logits_of(outputs: Any) -> Any:
    return np.asarray(outputs[0], dtype=np.float64).reshape(-1)


class OnnxPendingScore:
    """One read started by ``OnnxPairJudge.score_async`` (the ``PendingScore`` port).

    A read onnxruntime could not run, or stopped, is done inline when its result is asked for,
    so an error surfaces where ``score`` would raise it."""

    def __init__(self, judge: OnnxPairJudge, key: tuple[str, str], options: Any = None) -> None:
        self._judge = judge
        self._key = key
        self._value: float | None = None
        self._error = False
        self._options = options  # the run's, to stop it; None: nothing runs
        self._ready = threading.Event()

    @classmethod
    def answered(
        cls, judge: OnnxPairJudge, key: tuple[str, str], value: float | None
    ) -> OnnxPendingScore:
        """A pending score that is already there (from the cache, or read inline)."""
        pending = cls(judge, key)
        pending._value = value
        pending._ready.set()
        return pending

    def result(self) -> float | None:
        """The score, waiting for the read if it runs."""
        self._ready.wait()
        if self._error:
            return self._judge.score(*self._key)
        return self._value

    def done(self) -> bool:
        """Whether the read has ended."""
        return self._ready.is_set()

    def cancel(self) -> bool:
        """False: a read that started is never cancelled (take ``result``)."""
        return False

    def abandon(self) -> None:
        """Stop the read if it still runs (onnxruntime checks between operators)."""
        if not self._ready.is_set() and self._options is not None:
            self._options.terminate = True

    def _failed(self) -> None:
        self._error = True
        self._settle()

    def _settle(self) -> None:
        with self._judge._lock:
            self._judge._in_flight.discard(self)
        self._ready.set()


def _finish(outputs: Any, pending: OnnxPendingScore, error: str) -> None:
    """onnxruntime's callback, on its pool thread: keep the score (cached as ``score`` does),
    or mark the read to be done inline. Never raises: nothing would see it."""
    try:
        if error:
            pending._error = True
        else:
            value = float(_logits_of(outputs)[0])
            pending._judge._store(pending._key, value)
            pending._value = value
    except Exception:  # noqa: BLE001 - a result it could not read is read again inline
        pending._error = True
    finally:
        pending._settle()


# Every judge of this process, so that reads still running at exit end first.
_JUDGES: weakref.WeakSet[OnnxPairJudge] = weakref.WeakSet()


@atexit.register
def _wait_for_reads() -> None:
    for judge in list(_JUDGES):
        judge.wait_for_reads(timeout=2.0)
