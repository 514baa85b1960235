#!/usr/bin/env python
"""How far two careful annotators agree on the guard's held-out labels.

``tests/data/guard_second_annotator.jsonl`` holds a second, independent label for rows of
``tests/data/guard_labelled.jsonl`` (``line``: the row's 0-based line number): the second
annotator saw only the pair and the labelling rules, never the first label or the guard. This
prints, per split and language, the agreement, Cohen's kappa, and the second annotator's
recall and false-block rate read as if it were a guard — the ceiling label noise puts on any
guard's measured figures. Aggregates only: no row is printed.
``python bench/guard_agreement.py``
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"


def main() -> int:
    with (DATA / "guard_labelled.jsonl").open(encoding="utf-8") as lines:
        rows = [json.loads(line) for line in lines if line.strip()]
    with (DATA / "guard_second_annotator.jsonl").open(encoding="utf-8") as lines:
        second = [json.loads(line) for line in lines if line.strip()]
    counts: Counter[tuple[str, bool, bool]] = Counter()
    unsure = 0
    for label in second:
        row = rows[label["line"]]
        unsure += bool(label.get("unsure"))
        language = "en" if row["lang"] == "en" else "zh+mixed"
        for key in ("all", row["split"], f"{row['split']}/{language}"):
            counts[(key, bool(row["block"]), bool(label["block"]))] += 1
    print(f"{len(second)} rows labelled twice, {unsure} marked unsure by the second annotator")
    for key in sorted({k for k, _, _ in counts}):
        tp, fn = counts[(key, True, True)], counts[(key, True, False)]
        fp, tn = counts[(key, False, True)], counts[(key, False, False)]
        n = tp + fn + fp + tn
        observed = (tp + tn) / n
        expected = ((tp + fn) * (tp + fp) + (tn + fp) * (tn + fn)) / (n * n)
        kappa = (observed - expected) / (1 - expected) if expected < 1 else 1.0
        recall = tp / (tp + fn) if tp + fn else float("nan")
        false_block = fp / (fp + tn) if fp + tn else float("nan")
        print(
            f"{key:18} rows {n:4}  agreement {observed:.3f}  kappa {kappa:.3f}  "
            f"second annotator as a guard: recall {recall:.3f}, false-block {false_block:.3f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
