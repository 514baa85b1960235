#!/usr/bin/env python
"""Could similarity rescue the pairs the reading calls different? Dev rows only.

Most of the guard's misses on unseen text are pairs it reads completely on both sides, as two
different catalog actions or frames (rule ``differs``). This takes every ``dev`` row of
``tests/data/guard_labelled.jsonl`` the shipped guard does not block and whose pairs it decided
that way, computes both scores of each pair (the CJK-aware lexical score and the cosine of the
configured model), and prints, for a grid of thresholds, how many missed blocks and how many
rightly allowed rows a "block anyway at this score" rule would turn into blocks — per language
group, and for the pairs whose candidate is a bare frame (no catalog action). Held-out splits are
never read. ``python bench/guard_similarity_rescue.py [--from-batch N]``
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from caseledger.adapters.equivalence.action_catalog import CatalogGuardEquivalence  # noqa: E402
from caseledger.adapters.guard.check import guard_equivalence  # noqa: E402
from caseledger.adapters.settings import Settings  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "guard_labelled.jsonl"
THRESHOLDS = (0.95, 0.90, 0.85, 0.80, 0.75, 0.70)


@dataclass(frozen=True)
class Unblocked:
    """A dev row the guard allows because it read the two sides as different actions."""

    block: bool  # the label
    english: bool
    bare: bool  # the candidate's reading names no catalog action
    cosine: float  # best over the row's failed texts; 0.0 where no embedding applies
    lexical: float


def unblocked_rows(guard: CatalogGuardEquivalence, rows: list[dict[str, Any]]) -> list[Unblocked]:
    found = []
    for row in rows:
        candidate, failed = row["candidate"], row["failed"]
        verdicts = guard.explain(candidate, failed, all_scores=True)
        if any(v.decision.same for v in verdicts):
            continue
        if not any(v.decision.rule.split(":")[0] == "differs" for v in verdicts):
            continue
        bare = not any(step.action_ids for step in guard.analyze(candidate).steps)
        found.append(
            Unblocked(
                block=row["block"],
                english=row["lang"] == "en",
                bare=bare,
                cosine=max((v.semantic or 0.0) for v in verdicts),
                lexical=max((v.lexical or 0.0) for v in verdicts),
            )
        )
    return found


def report(name: str, rows: list[Unblocked]) -> None:
    missed = sum(r.block for r in rows)
    print(f"\n{name}: {missed} missed blocks, {len(rows) - missed} rightly allowed rows")
    print("  threshold | cosine: +blocks / +false blocks | lexical: +blocks / +false blocks")
    score: dict[str, Callable[[Unblocked], float]] = {
        "cosine": lambda r: r.cosine,
        "lexical": lambda r: r.lexical,
    }
    for threshold in THRESHOLDS:
        cells = []
        for pick in score.values():
            above = [r for r in rows if pick(r) >= threshold]
            cells.append(f"+{sum(r.block for r in above)} / +{sum(not r.block for r in above)}")
        print(f"  {threshold:9.2f} | {cells[0]:>31} | {cells[1]:>32}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from-batch", type=int, default=0, help="dev batches from this one on")
    args = parser.parse_args()
    with DATA.open(encoding="utf-8") as lines:
        rows = [json.loads(line) for line in lines if line.strip()]
    dev = [r for r in rows if r["split"] == "dev" and r["batch"] >= args.from_batch]
    guard = guard_equivalence(Settings())
    assert isinstance(guard, CatalogGuardEquivalence)
    found = unblocked_rows(guard, dev)
    print(f"{len(dev)} dev rows; {len(found)} allowed with the reading's 'differs'")
    report("English", [r for r in found if r.english])
    report("English, candidate a bare frame", [r for r in found if r.english and r.bare])
    report(
        "Chinese and mixed (cosine: the packaged model embeds no CJK)",
        [r for r in found if not r.english],
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
