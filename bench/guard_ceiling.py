#!/usr/bin/env python
"""How far can the pair model's threshold take the guard? The best recall at each false-block
bound over every threshold, on a labelled set.

Past the guard's reading, the pair model's threshold is the one knob: every repeat the shipped
guard misses on fresh rows is a pair the model was asked about and scored under it (round 40,
``bench/README.md``). This runs the guard as served (``CASELEDGER_GUARD__*``: the same
reading, vetoes and model) with one change, the model's block threshold at minus infinity, so
every pair it is asked about comes back with its score (a model's bar for pairs the reading
reads as two actions, ``read_different_threshold``, stays the served one: lowered, it would
refuse the playbook's next steps; so those pairs come back only at or over it, and a
threshold swept past it takes it along, as a served override does); then decides each row
again at every threshold: blocked by the reading (after the vetoes), or asked and scored at or
above the threshold. Printed as one JSON object: the reading alone, the served threshold (which must
answer as ``caseledger guard check`` does), and per bound the best threshold's recall and
false-block rate, overall and per language. A model whose best recall at 0.05 is under 0.95
cannot meet the issue's target at any threshold.

    .venv/bin/python bench/guard_ceiling.py --data fresh.jsonl --bounds 0.03,0.05
    CASELEDGER_GUARD__PAIR_MODEL_DIR=DIR .venv/bin/python bench/guard_ceiling.py --data ...

Rows are read once each; a set already used for a decision only (never an unread one).
"""

from __future__ import annotations

import argparse
import json
import math
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from unittest import mock

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from caseledger.adapters import bootstrap  # noqa: E402
from caseledger.adapters.guard.check import check_lines, guard_equivalence  # noqa: E402
from caseledger.adapters.settings import Settings  # noqa: E402
from caseledger.domain.ports import PairJudge  # noqa: E402

LANGS = ("en", "zh", "mixed")


class AskedAlways:
    """The served judge with its block threshold at minus infinity: every pair it is asked
    about and reads blocks, with its score as evidence. The vetoes are the served ones."""

    def __init__(self, judge: PairJudge) -> None:
        self._judge = judge
        self.served_threshold = judge.threshold
        # Exact scores by pair: ``guard check`` prints them rounded, and a score within the
        # rounding of the threshold would be decided wrongly from the printed one.
        self.scores: dict[tuple[str, str], float | None] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._judge, name)

    @property
    def threshold(self) -> float:
        return -math.inf

    @property
    def reads_async(self) -> bool:
        # Every read through ``score``, where its score is kept; the guard then starts none
        # on onnxruntime's thread (the same scores and answers either way).
        return False

    def score(self, known: str, candidate: str) -> float | None:
        value = self._judge.score(known, candidate)
        self.scores[(known, candidate)] = value
        return value


@dataclass(frozen=True)
class Row:
    """One labelled row as the guard answered it with the threshold at minus infinity."""

    repeat: bool
    lang: str
    by_reading: bool  # blocked before the model's threshold could matter
    score: float | None  # the model's score where it was asked and read the pair


def decide(row: Row, threshold: float) -> bool:
    """Whether the guard blocks ``row`` with the model's threshold at ``threshold``."""
    return row.by_reading or (row.score is not None and row.score >= threshold)


def rates(rows: Sequence[Row], threshold: float) -> dict[str, Any]:
    """Repeats and negatives blocked at ``threshold``, with recall and false-block rate."""
    repeats = sum(r.repeat for r in rows)
    negatives = len(rows) - repeats
    tp = sum(1 for r in rows if r.repeat and decide(r, threshold))
    fp = sum(1 for r in rows if not r.repeat and decide(r, threshold))
    return {
        "repeats_blocked": tp,
        "false_blocks": fp,
        "recall": round(tp / repeats, 4) if repeats else None,
        "false_block_rate": round(fp / negatives, 4) if negatives else None,
    }


def best_at(rows: Sequence[Row], bound: float) -> dict[str, Any]:
    """The threshold with the most repeats blocked at a false-block rate of at most ``bound``
    (the highest such threshold among ties: the fewest false blocks). One sweep down the
    scores: lowering the threshold only adds blocks, so the sweep stops past the bound."""
    allowed = bound * sum(not r.repeat for r in rows)
    tp = sum(1 for r in rows if r.repeat and r.by_reading)
    fp = sum(1 for r in rows if not r.repeat and r.by_reading)
    if fp > allowed:  # the reading alone is over the bound
        return {"threshold": None, **rates(rows, math.inf)}
    best = (tp, math.inf)
    asked = sorted(
        ((r.score, r.repeat) for r in rows if not r.by_reading and r.score is not None),
        reverse=True,
    )
    at = 0
    while at < len(asked):
        threshold = asked[at][0]
        while at < len(asked) and asked[at][0] == threshold:  # every row at this score blocks
            tp, fp = tp + asked[at][1], fp + (not asked[at][1])
            at += 1
        if fp > allowed:
            break
        if tp > best[0]:
            best = (tp, threshold)
    threshold = None if math.isinf(best[1]) else round(best[1], 3)
    return {"threshold": threshold, **rates(rows, best[1])}


def read_rows(settings: Settings, lines: Iterable[str]) -> tuple[list[Row], float]:
    """Every labelled line answered by the guard with the threshold at minus infinity, and the
    served threshold."""
    real = bootstrap.build_pair_judge
    judges: list[AskedAlways] = []

    def asked_always(settings: Settings) -> PairJudge | None:
        judge = real(settings)
        if judge is None:
            raise SystemExit("the pair model is off (CASELEDGER_GUARD__USE_PAIR_MODEL)")
        judges.append(AskedAlways(judge))
        return judges[-1]  # type: ignore[return-value]

    with mock.patch.object(bootstrap, "build_pair_judge", asked_always):
        equivalence = guard_equivalence(settings)
    judge = judges[0]
    rows = []
    for answer in check_lines(lines, equivalence):
        if "error" in answer:
            raise SystemExit(f"line {answer['line']}: {answer['error']}")
        if not isinstance(answer.get("expected"), bool):
            raise SystemExit(f"line {answer['line']}: no boolean 'block' label")
        by_model = (answer.get("rule") or "").startswith("pair-model(")
        rows.append(
            Row(
                repeat=answer["expected"],
                lang=answer.get("lang", "?"),
                by_reading=answer["decision"] == "block" and not by_model,
                score=judge.scores[(answer["matched"], answer["candidate"])] if by_model else None,
            )
        )
    return rows, judge.served_threshold


def report(rows: Sequence[Row], served: float, bounds: Sequence[float]) -> dict[str, Any]:
    """The reading alone, the served threshold and the best per bound, overall and by language."""

    def one(part: Sequence[Row]) -> dict[str, Any]:
        return {
            "rows": len(part),
            "repeats": sum(r.repeat for r in part),
            "reading_alone": rates(part, math.inf),
            "served": {"threshold": round(served, 3), **rates(part, served)},
            **{f"best_at_{bound}": best_at(part, bound) for bound in bounds},
        }

    langs = {lang: [r for r in rows if r.lang == lang] for lang in LANGS}
    return {**one(rows), "by_lang": {k: one(v) for k, v in langs.items() if v}}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True, help="labelled JSON lines")
    parser.add_argument("--bounds", default="0.03,0.05", help="false-block bounds, comma-separated")
    args = parser.parse_args(argv)
    bounds = [float(b) for b in args.bounds.split(",")]
    lines = args.data.read_text(encoding="utf-8").splitlines()
    rows, served = read_rows(Settings(), lines)
    print(json.dumps(report(rows, served, bounds), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
