#!/usr/bin/env python
"""Does the pair model's gain survive a longer record? Which failed step should it read?

The guard asks the learned pair model about one known step per candidate: the one nearest in
wording. The labelled rows have one to three failed steps each, so there the choice hardly
matters; a customer's record can hold many more. This bench takes the calibration rows of a
model directory (dev batches the model never trained on, from its manifest), adds ``k``
distractor failed steps to each (drawn, seeded, from the failed steps of *other* calibration
rows; the row's label stands) and reports, for k = 0, 2, 5, 10, recall / false-block of

- the guard alone (the shipped reading, packaged embedder);
- guard + model, the model reading the step nearest by each selector:
  ``ratio`` (the guard's CJK-aware lexical score: what is served), ``words`` (share of the
  candidate's CJK-aware tokens found in the step, ties by ratio), ``cosine`` (the packaged
  embedding, English only; falls back to ratio), and ``own`` (the row's own steps only: the
  upper bound a perfect selector would reach);
- how often each selector picks one of the row's own steps.

``python bench/guard_pair_nearest.py DIR [--ks 0 2 5 10]`` — dev rows only, about 2 min.
"""

from __future__ import annotations

import argparse
import json
import os
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np  # noqa: E402

from caseledger.adapters.embeddings.sentence_transformer import (  # noqa: E402
    SentenceTransformerEmbedder,
)
from caseledger.adapters.equivalence.action_catalog import CatalogGuardEquivalence  # noqa: E402
from caseledger.adapters.equivalence.fuzzy_semantic import cjk_aware_tokens  # noqa: E402
from caseledger.adapters.equivalence.pair_model import OnnxPairJudge  # noqa: E402
from caseledger.domain.policies.attempts import contains_cjk  # noqa: E402
from caseledger.domain.ports import KnownAttempt  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "guard_labelled.jsonl"
Selector = Callable[[str, Sequence[str]], int]


def _rates(decided: np.ndarray, labels: np.ndarray) -> str:
    return f"{decided[labels].mean():.3f} / {decided[~labels].mean():.3f}"


def selectors(guard: CatalogGuardEquivalence, embedder: Any) -> dict[str, Selector]:
    def ratio(candidate: str, steps: Sequence[str]) -> int:
        return guard.nearest(candidate, steps)

    def words(candidate: str, steps: Sequence[str]) -> int:
        mine = set(cjk_aware_tokens(guard.analyze(candidate).normalized))
        by_ratio = guard.nearest(candidate, steps)

        def shared(i: int) -> tuple[float, int]:
            theirs = set(cjk_aware_tokens(guard.analyze(steps[i]).normalized))
            return (len(mine & theirs) / max(1, len(mine)), i == by_ratio)

        return max(range(len(steps)), key=shared)

    def cosine(candidate: str, steps: Sequence[str]) -> int:
        if contains_cjk(candidate) or any(contains_cjk(s) for s in steps):
            return guard.nearest(candidate, steps)
        vectors = np.asarray(embedder.embed([candidate, *steps]), dtype=np.float32)
        return int(np.argmax(vectors[1:] @ vectors[0]))

    return {"ratio": ratio, "words": words, "cosine": cosine}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model_dir", type=Path, help="from `caseledger guard train-pair-model`")
    parser.add_argument("--ks", type=int, nargs="+", default=[0, 2, 5, 10])
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    judge = OnnxPairJudge(args.model_dir)
    calibrate_at = set(judge.manifest["calibration"]["batches"])
    with DATA.open(encoding="utf-8") as lines:
        every = [json.loads(line) for line in lines if line.strip()]
    rows = [r for r in every if r["split"] == "dev" and r["batch"] in calibrate_at]
    labels = np.array([r["block"] for r in rows])
    embedder = SentenceTransformerEmbedder()
    guard = CatalogGuardEquivalence(embedder)
    chosen = selectors(guard, embedder)
    print(
        f"{len(rows)} calibration rows (batches {sorted(calibrate_at)}), model {judge.model_name}"
    )
    for k in args.ks:
        draw = random.Random(args.seed + k)
        records = []
        for index, row in enumerate(rows):
            others = [t for j, r in enumerate(rows) if j != index for t in r["failed"]]
            own = list(row["failed"])
            record = own + draw.sample(others, k)
            draw.shuffle(record)
            records.append((record, set(own)))
        blocked = np.zeros(len(rows), dtype=bool)
        for i, (row, (record, _)) in enumerate(zip(rows, records, strict=True)):
            known = [KnownAttempt(f"k{j}", f"k{j}", "b", t, "failed") for j, t in enumerate(record)]
            blocked[i] = guard.find_equivalent(row["candidate"], known) is not None
        line = [f"k={k:2}: guard {_rates(blocked, labels)}"]
        for name, select in [*chosen.items(), ("own", None)]:
            added = np.zeros(len(rows), dtype=bool)
            hits = 0
            for i, (row, (record, own)) in enumerate(zip(rows, records, strict=True)):
                if blocked[i]:
                    continue
                if select is None:
                    steps = sorted(own, key=row["failed"].index)
                    pick = steps[guard.nearest(row["candidate"], steps)]
                else:
                    pick = record[select(row["candidate"], record)]
                hits += pick in own
                score = judge.score(pick, row["candidate"])
                added[i] = score is not None and score >= judge.threshold
            asked = int((~blocked).sum())
            line.append(f"{name} {_rates(blocked | added, labels)} (own step {hits}/{asked})")
        print("  ".join(line), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
