#!/usr/bin/env python
"""What would the learned pair model cost per reply, and does int8 keep its gain?

Takes a model saved by ``bench/guard_cross_encoder.py --forward TRAIN:CALIBRATE --save DIR``,
exports it to ONNX (fp32) and quantises that to int8 (onnxruntime dynamic quantisation), then
for torch, ONNX fp32 and ONNX int8, on one intra-op thread:

- the time to score one new candidate against k failed steps (both orders of each pair in one
  batch, as ``guard_cross_encoder.scores`` does; ``--one-order``: the failed step first only),
  k = 1, 3, 5, over dev candidates;
- the AUC on the CALIBRATE batches (rows the model never read) and the *add* threshold read
  there at 1 % of their negatives;
- with ``--held-out``: the held-out splits in aggregate only, guard OR model at that threshold.

``--in-guard`` instead prototypes the model inside the guard for one runner: where the shipped
guard allows a new candidate, the model scores it against the one failed step nearest in
wording (the guard's CJK-aware lexical score), in one order. It times that per candidate with
200 failed attempts on record (as ``bench/guard.py`` does), and with ``--held-out`` reports the
held-out aggregates of guard OR model on the nearest step only.

``python bench/guard_cross_encoder_onnx.py DIR [--held-out] [--one-order] [--runners ...]``
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np  # noqa: E402
import onnxruntime  # noqa: E402
import torch  # noqa: E402
from sklearn.metrics import roc_auc_score  # noqa: E402
from transformers import AutoModelForSequenceClassification, AutoTokenizer  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from guard import known, load_rows  # noqa: E402
from guard_cross_encoder import (  # noqa: E402
    DATA,
    Logits,
    _batches,
    _guarded,
    _rates,
    candidate_score,
    row_scores,
    torch_logits,
)

from caseledger.adapters.embeddings.sentence_transformer import (  # noqa: E402
    SentenceTransformerEmbedder,
)
from caseledger.adapters.equivalence.action_catalog import CatalogGuardEquivalence  # noqa: E402
from caseledger.adapters.equivalence.fuzzy_semantic import lexical_similarity  # noqa: E402
from caseledger.adapters.equivalence.pair_model_training import (  # noqa: E402
    export_onnx,
    quantise_int8,
)
from caseledger.domain.policies.attempts import normalize_solution  # noqa: E402

MAX_LENGTH = 96


def onnx_logits(path: Path, tokenizer: Any) -> Logits:
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    session = onnxruntime.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    names = [i.name for i in session.get_inputs()]

    def run(lefts: list[str], rights: list[str]) -> np.ndarray:
        encoded = tokenizer(
            lefts, rights, truncation=True, max_length=MAX_LENGTH, padding=True, return_tensors="np"
        )
        feeds = {name: np.asarray(encoded[name], dtype=np.int64) for name in names}
        return np.asarray(session.run(None, feeds)[0]).reshape(-1)

    return run


def export(model_dir: Path, tokenizer: Any, into: Path) -> tuple[Path, Path]:
    """The shipped export (``pair_model_training``): fp32 ONNX, then int8."""
    model = AutoModelForSequenceClassification.from_pretrained(model_dir).eval()
    fp32, int8 = into / "pair.onnx", into / "pair.int8.onnx"
    export_onnx(model, tokenizer, fp32)
    quantise_int8(fp32, int8)
    return fp32, int8


def per_candidate_ms(
    logits: Logits, candidates: list[str], failed: list[str], k: int, both: bool
) -> str:
    timings = []
    for candidate in candidates:
        started = time.perf_counter()
        candidate_score(logits, candidate, failed[:k], both)
        timings.append((time.perf_counter() - started) * 1000)
    timings.sort()
    p50, p95 = timings[len(timings) // 2], timings[int(len(timings) * 0.95)]
    return f"{p50:.2f} / {p95:.2f}"


def nearest(candidate: str, failed: Sequence[str], normalized: Sequence[str] = ()) -> str:
    """The failed step nearest in wording: the guard's CJK-aware lexical score.

    ``normalized``: the failed steps already normalised (a record's are, once)."""
    mine = normalize_solution(candidate)
    steps = normalized or [normalize_solution(text) for text in failed]
    best = max(range(len(failed)), key=lambda i: lexical_similarity(mine, steps[i]))
    return failed[best]


def in_guard(logits: Logits, add: float, every: list[dict[str, Any]], held_out: bool) -> None:
    rows = load_rows(DATA)
    pool = list(dict.fromkeys(text for row in rows for text in row.failed))
    record = known(pool[:200])
    texts = [attempt.text for attempt in record]
    normalized = [normalize_solution(text) for text in texts]
    candidates = list(dict.fromkeys(row.candidate for row in rows))
    # The guard alone, then guard + model, each with a fresh guard and embedder (cold caches).
    for with_model in (False, True):
        guard = CatalogGuardEquivalence(SentenceTransformerEmbedder())
        guard.warm_up(texts)
        timings, asked = [], 0
        for number, candidate in enumerate(candidates):
            started = time.perf_counter()
            if guard.find_equivalent(candidate, record) is None and with_model:
                asked += 1
                logits([nearest(candidate, texts, normalized)], [candidate])
            if number >= 5:  # the first few warm code paths and the model's threads
                timings.append((time.perf_counter() - started) * 1000)
        timings.sort()
        at = {q: timings[min(len(timings) - 1, int(q * len(timings)))] for q in (0.5, 0.95, 0.99)}
        print(
            f"{'guard + model on the nearest failed step' if with_model else 'guard alone'}, "
            f"{len(timings)} new candidates, 200 on record, {asked} asked the model: "
            f"p50 {at[0.5]:.2f} / p95 {at[0.95]:.2f} / p99 {at[0.99]:.2f} ms",
            flush=True,
        )
    if held_out:
        held = [row for row in every if row["split"] != "dev"]
        model = np.array(
            [
                float(logits([nearest(r["candidate"], r["failed"])], [r["candidate"]])[0]) > add
                for r in held
            ]
        )
        # The last pass's guard: its decisions do not depend on the model or the caches.
        for line in split_lines(held, _guarded(guard, held), model):
            print(f"  {line} (nearest step only)")


def split_lines(held: list[dict[str, Any]], guarded: np.ndarray, model: np.ndarray) -> list[str]:
    """Held-out aggregates per split and over all: guard -> guard OR model."""
    labels = np.array([row["block"] for row in held])
    lines = []
    for split in sorted({row["split"] for row in held}) + ["all"]:
        mask = np.array([split in ("all", row["split"]) for row in held])
        either = guarded[mask] | model[mask]
        lines.append(
            f"{split}: {_rates(guarded[mask], labels[mask])} -> {_rates(either, labels[mask])}"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model_dir", type=Path, help="saved by guard_cross_encoder.py --save")
    parser.add_argument("--held-out", action="store_true", help="held-out aggregates")
    parser.add_argument("--timed", type=int, default=150, help="candidates timed per k")
    parser.add_argument(
        "--one-order", action="store_true", help="score (failed, candidate) only: half the cost"
    )
    parser.add_argument(
        "--runners", nargs="+", default=["torch", "onnx fp32", "onnx int8"], help="which to run"
    )
    parser.add_argument("--in-guard", action="store_true", help="see the module docstring")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    saved = json.loads((args.model_dir / "thresholds.json").read_text(encoding="utf-8"))
    calibrate_at = _batches(saved["forward"].partition(":")[2])
    with DATA.open(encoding="utf-8") as lines:
        every = [json.loads(line) for line in lines if line.strip()]
    dev = [row for row in every if row["split"] == "dev"]
    calibrate = [row for row in dev if row["batch"] in calibrate_at]
    labels = np.array([row["block"] for row in calibrate])
    tokenizer = AutoTokenizer.from_pretrained(args.model_dir)
    model = AutoModelForSequenceClassification.from_pretrained(args.model_dir).eval()
    with tempfile.TemporaryDirectory(prefix="pair-onnx-") as scratch:
        fp32, int8 = export(args.model_dir, tokenizer, Path(scratch))
        runners = {
            "torch": torch_logits(model, tokenizer, MAX_LENGTH),
            "onnx fp32": onnx_logits(fp32, tokenizer),
            "onnx int8": onnx_logits(int8, tokenizer),
        }
        sizes = {"onnx fp32": fp32.stat().st_size, "onnx int8": int8.stat().st_size}
    if args.in_guard:
        logits = runners[args.runners[-1]]
        logits(["warm up"], ["warm up"])
        scored = row_scores(logits, calibrate, both=False)
        in_guard(logits, float(np.quantile(scored[~labels], 0.99)), every, args.held_out)
        return 0
    candidates = [row["candidate"] + " ?" for row in calibrate[: args.timed]]  # new text
    failed = [row["failed"][0] for row in dev[:5]]
    held = [row for row in every if row["split"] != "dev"] if args.held_out else []
    held_guard = (
        _guarded(CatalogGuardEquivalence(SentenceTransformerEmbedder()), held) if held else None
    )
    both = not args.one_order
    for name in args.runners:
        logits = runners[name]
        logits(["warm up"], ["warm up"])
        figures: dict[str, Any] = {
            f"ms per candidate, k={k} (p50 / p95)": per_candidate_ms(
                logits, candidates, failed, k, both
            )
            for k in (1, 3, 5)
        }
        scored = row_scores(logits, calibrate, both)
        add = float(np.quantile(scored[~labels], 0.99))
        figures["calibrate_auc"] = round(float(roc_auc_score(labels, scored)), 3)
        figures["add_threshold"] = round(add, 3)
        if name in sizes:
            figures["file_mb"] = round(sizes[name] / 1e6, 1)
        if held_guard is not None:
            figures["held-out: guard -> guard OR model"] = split_lines(
                held, held_guard, row_scores(logits, held, both) > add
            )
        print(name, json.dumps(figures, indent=2), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
