#!/usr/bin/env python
"""Which pairs can the pair model not read, and did they ever move a decision?

For the dev rows of a model directory, split into the calibration batches (never trained on,
from its manifest) and the rest (trained on): where the guard as shipped allows the row, the
model is asked about the nearest failed step, as the guard asks. Reported per group: pairs
asked, and of those, right additions / missed positives / wrong additions / allowed negatives;
split by whether the model reads at least one side (at most half of its tokens ``[UNK]``;
the packaged MiniLM reads Chinese so) or neither. The served judge does not score a pair it
reads on neither side; this bench asks the same model with that check bypassed. Texts are
prepared as the judge prepares them: a model trained with ``--gloss-chinese`` (the default)
reads Chinese as glosses and leaves few pairs unread.

``python bench/guard_pair_unread.py DIR`` — dev rows only, about 1 min.
"""

from __future__ import annotations

import argparse
import json
import os
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from caseledger.adapters.embeddings.sentence_transformer import (  # noqa: E402
    SentenceTransformerEmbedder,
)
from caseledger.adapters.equivalence.action_catalog import CatalogGuardEquivalence  # noqa: E402
from caseledger.adapters.equivalence.pair_model import OnnxPairJudge  # noqa: E402
from caseledger.domain.ports import KnownAttempt  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "guard_labelled.jsonl"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model_dir", type=Path, help="from `caseledger guard train-pair-model`")
    parser.add_argument("--max-rows", type=int, default=0, help="only the first N dev rows")
    args = parser.parse_args(argv)
    judge = OnnxPairJudge(args.model_dir)
    calibrate_at = set(judge.manifest["calibration"]["batches"])
    guard = CatalogGuardEquivalence(SentenceTransformerEmbedder())
    with DATA.open(encoding="utf-8") as lines:
        dev = [r for r in map(json.loads, filter(str.strip, lines)) if r["split"] == "dev"]
    dev = dev[: args.max_rows or None]
    counts: Counter[tuple[str, bool, bool, bool]] = Counter()
    for row in dev:
        group = "calibration" if row["batch"] in calibrate_at else "trained on"
        known = [
            KnownAttempt(f"k{i}", f"k{i}", "b", t, "failed") for i, t in enumerate(row["failed"])
        ]
        if guard.find_equivalent(row["candidate"], known) is not None:
            continue
        step = row["failed"][guard.nearest(row["candidate"], row["failed"])]
        encoding = judge._tokenizer.encode(judge._prepare(step), judge._prepare(row["candidate"]))
        reads = any(judge._reads(encoding, side) for side in (0, 1))
        score = judge._run_model(encoding)
        counts[(group, reads, row["block"], score >= judge.threshold)] += 1
    for group in ("calibration", "trained on"):
        for reads in (True, False):
            right, missed = counts[(group, reads, True, True)], counts[(group, reads, True, False)]
            wrong, allowed = (
                counts[(group, reads, False, True)],
                counts[(group, reads, False, False)],
            )
            print(
                f"{group:11} reads {'a side' if reads else 'neither'}: asked "
                f"{right + missed + wrong + allowed:4}  right additions {right:3} / missed "
                f"{missed:3}  wrong additions {wrong:3} / allowed {allowed:4}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
