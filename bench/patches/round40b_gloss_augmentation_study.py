"""Study 40b (bench/README.md, "Round 40"): H2's recipe (three layers, its training rows, served
with CC-CEDICT glosses) with every training row whose texts the support scheme glosses
otherwise added again, glossed that way. As run in session 43 (H2's manifest copied to H2/ from
306061d; about 67 minutes on two cores):

    .venv/bin/python bench/patches/round40b_gloss_augmentation_study.py H2 /tmp/H2aug
    CASELEDGER_GUARD__PAIR_MODEL_DIR=/tmp/H2aug .venv/bin/python bench/guard_ceiling.py \\
        --data unseen.jsonl

Round 41 ran it on K's recipe (six layers, K's batches), the forward pass in bf16 (5,484 s on
two cores; fp32 steps took 1.5 times as long when timed before the run):

    .venv/bin/python bench/patches/round40b_gloss_augmentation_study.py \\
        adapters/equivalence/models/pair-minilm-6l-int8 /work/r44/Kaug bf16

The depth and the training batches are the base manifest's; the precision is the third
argument (fp32 when left out). Since round 41 the same pairs in the same order are an option of
the training command (`--augment-gloss support-gloss-2`; a unit test pins the equality), so
this script is the record of how those two models were made, not the way to make another.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import caseledger.adapters.equivalence.pair_model_training as training
from caseledger.adapters.equivalence.chinese_gloss import gloss_if_chinese

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "guard_labelled.jsonl"
_plain_pairs = training._training_pairs


def _support(text: str) -> str:
    return gloss_if_chinese(text, "support-gloss-2")


def augmented(
    rows: Sequence[training.LabelledRow], prepare: Callable[[str], str] = str
) -> list[tuple[str, str, float]]:
    """The usual pairs, and those of rows the support scheme glosses otherwise, glossed so."""
    pairs = _plain_pairs(rows, prepare)
    other = [
        row
        for row in rows
        if any(gloss_if_chinese(text) != _support(text) for text in (*row.failed, row.candidate))
    ]
    extra = _plain_pairs(other, _support)
    print(f"pairs {len(pairs)} + support-glossed {len(extra)} from {len(other)} rows", flush=True)
    return pairs + extra


def main(base: Path, out: Path, precision: str = "fp32") -> None:
    training._training_pairs = augmented
    manifest = json.loads((base / "manifest.json").read_text(encoding="utf-8"))
    options = training.TrainingOptions(
        train_batches=frozenset(manifest["trained_on"]["batches"]),
        calibrate_batches=training.batch_range("43-50"),
        layers=manifest["layers"],
        precision=precision,
    )
    last = [0.0]

    def progress(stage: str, done: int, total: int) -> None:
        if time.time() - last[0] > 60 or done == total:
            last[0] = time.time()
            print(time.strftime("%H:%M:%S"), stage, done, total, flush=True)

    made = training.train_pair_model(DATA, out, options, progress)
    print(made["threshold"], made["calibration"].get("auc"), made["trained_on"]["seconds"])


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), *sys.argv[3:4])
