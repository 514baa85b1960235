#!/usr/bin/env python
"""Does the pair model's veto pay: the guard, + the model, + the model with its veto.

Three guards on the same rows, through ``decide`` (what ``find_equivalent`` and ``guard check``
run): the guard as shipped; with the pair model of DIR and no veto; with the model and its
veto (the manifest's ``veto_threshold``, or ``--veto``). Reported per group of rows:
recall / false-block of each, the overruled blocks (repeats lost, false blocks removed), and,
threshold-free, recall at matched false-block rates: the model's threshold swept for the
model alone and for the model with the veto. The sweep reads each row once: the reading's
block and, where the block is one the model may overrule, the model's score of the matched
step; where the reading allows, its score of the nearest step, as the guard asks.

``python bench/guard_veto.py DIR --rows dev:51-70`` — fresh dev rows of a model trained on
1–42 (about 2 min); ``--rows held-out`` reads every held-out split, aggregates only.
"""

from __future__ import annotations

import argparse
import json
import os
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from caseledger.adapters.embeddings.sentence_transformer import (  # noqa: E402
    SentenceTransformerEmbedder,
)
from caseledger.adapters.equivalence.action_catalog import (  # noqa: E402
    CatalogGuardEquivalence,
    overrulable,
)
from caseledger.adapters.equivalence.pair_model import OnnxPairJudge  # noqa: E402
from caseledger.adapters.equivalence.pair_model_training import batch_range  # noqa: E402
from caseledger.domain.ports import KnownAttempt  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "guard_labelled.jsonl"
RATES = (0.03, 0.04, 0.05, 0.06, 0.07, 0.08, 0.09, 0.10)


def select(rows: list[dict[str, Any]], spec: str) -> list[dict[str, Any]]:
    """``dev:<batches>`` (e.g. ``dev:51-70``) or ``held-out`` (every split but dev)."""
    if spec == "held-out":
        return [r for r in rows if r["split"] != "dev"]
    if spec.startswith("dev:"):
        wanted = batch_range(spec[4:])
        return [r for r in rows if r["split"] == "dev" and r["batch"] in wanted]
    raise ValueError(f"--rows: 'dev:<batches>' or 'held-out', got {spec!r}")


def _known(texts: Sequence[str]) -> list[KnownAttempt]:
    return [KnownAttempt(f"k-{i}", f"k-{i}", "bench", t, "failed") for i, t in enumerate(texts)]


def read_row(
    row: dict[str, Any], reading: CatalogGuardEquivalence, judge: OnnxPairJudge
) -> dict[str, Any]:
    """The reading's block, and the model's score where the sweep needs it."""
    known = _known(row["failed"])
    match = reading.find_equivalent(row["candidate"], known)
    if match is None:
        nearest = row["failed"][reading.nearest(row["candidate"], row["failed"])]
        return {"block": False, "score": judge.score(nearest, row["candidate"])}
    weak = overrulable(match.rule)
    score = judge.score(match.attempt.text, row["candidate"]) if weak else None
    return {"block": True, "weak": weak, "score": score}


def sweep(reads: list[tuple[bool, dict[str, Any]]], veto: float | None) -> dict[str, float]:
    """Recall at each matched false-block rate, the model's threshold swept (``veto``: the
    reading's weak blocks the model scores below it are overruled)."""

    def blocked(read: dict[str, Any], threshold: float) -> bool:
        score = read["score"]
        if read["block"]:
            return not (veto is not None and score is not None and score < veto)
        return score is not None and score >= threshold

    thresholds = sorted({r["score"] for _, r in reads if not r["block"] and r["score"] is not None})
    points = []
    for threshold in [*thresholds, float("inf")]:
        tp = sum(1 for label, r in reads if label and blocked(r, threshold))
        fb = sum(1 for label, r in reads if not label and blocked(r, threshold))
        points.append((fb, tp))
    positives = sum(1 for label, _ in reads if label) or 1
    negatives = sum(1 for label, _ in reads if not label) or 1
    out = {}
    for rate in RATES:
        best = max((tp for fb, tp in points if fb / negatives <= rate + 1e-9), default=None)
        out[f"{rate:.2f}"] = round(best / positives, 3) if best is not None else None
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model_dir", type=Path, help="from `caseledger guard train-pair-model`")
    parser.add_argument("--rows", default="dev:51-70", help="dev:<batches> or held-out")
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--veto", type=float, default=None, help="override the manifest's veto")
    parser.add_argument("--max-rows", type=int, default=0, help="only the first N rows")
    parser.add_argument("--json-out", type=Path, default=None)
    args = parser.parse_args(argv)
    with args.data.open(encoding="utf-8") as lines:
        rows = select([json.loads(line) for line in lines if line.strip()], args.rows)
    rows = rows[: args.max_rows or None]
    if not rows:
        parser.error(f"--rows {args.rows}: no such rows in {args.data}")
    embedder = SentenceTransformerEmbedder()
    plain = OnnxPairJudge(args.model_dir, veto=False)
    vetoing = OnnxPairJudge(args.model_dir, veto_threshold=args.veto)
    if vetoing.veto_threshold is None:
        parser.error(f"{args.model_dir} has no veto_threshold: retrain it, or pass --veto")
    guards = {
        "guard": CatalogGuardEquivalence(embedder),
        "+ model": CatalogGuardEquivalence(embedder, pair_judge=plain),
        "+ model + veto": CatalogGuardEquivalence(embedder, pair_judge=vetoing),
    }
    counts: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0] * 4))
    overruled = {"repeats lost": 0, "false blocks removed": 0, "rows": 0}
    reads: list[tuple[bool, dict[str, Any]]] = []
    for row in rows:
        label = bool(row["block"])
        for name, guard in guards.items():
            outcome = guard.decide(row["candidate"], _known(row["failed"]))
            blocked = outcome.match is not None
            for group in ("all", row["lang"], row["split"] if args.rows == "held-out" else "dev"):
                cell = counts[name][group]
                cell[0 if label else 2] += 1
                cell[1 if label else 3] += blocked
            if name == "+ model + veto" and outcome.overruled:
                overruled["rows"] += 1
                was = guards["+ model"].decide(row["candidate"], _known(row["failed"]))
                if was.match is not None and not blocked:
                    overruled["repeats lost" if label else "false blocks removed"] += 1
        reads.append((label, read_row(row, guards["guard"], plain)))
    report: dict[str, Any] = {
        "rows": args.rows,
        "model": {
            "dir": str(args.model_dir),
            "threshold": plain.threshold,
            "veto_threshold": vetoing.veto_threshold,
        },
        "recall / false-block": {
            name: {
                group: f"{c[1] / c[0]:.3f} / {c[3] / c[2]:.3f}" if c[0] and c[2] else None
                for group, c in sorted(groups.items())
            }
            for name, groups in counts.items()
        },
        "overruled": overruled,
        "recall at matched false-block": {
            "+ model": sweep(reads, None),
            "+ model + veto": sweep(reads, vetoing.veto_threshold),
        },
    }
    print(json.dumps(report, indent=2, ensure_ascii=False))
    if args.json_out:
        args.json_out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
