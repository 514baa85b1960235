#!/usr/bin/env python
"""Where the pair model blocks a pair the reading allowed, what had the reading said of it?

Runs the guard as served (``CASELEDGER_GUARD__*``, the code path of ``caseledger guard
check``) on a labelled set and, for every row the pair model blocked, asks the reading's verdict
on the matched pair (``explain``). Printed as one JSON object: per family of the reading's
rule (the part before the first ``:``, e.g. ``differs``, ``op-differs``, ``dissimilar``), the
repeats and the false blocks among those blocks, most first. A family whose false blocks were
out of proportion to its repeats would be one to leave the model out of; none was in round 45
(``bench/README.md``).

    jq -c 'select(.split == "dev" and .batch >= 214 and .batch <= 290)' \\
        tests/data/guard_labelled.jsonl > read.jsonl
    .venv/bin/python bench/guard_pair_blocks_by_rule.py --data read.jsonl   # ~2 min for 10k rows

Rows are read once each; a set already used for a decision only (never an unread one).
"""

from __future__ import annotations

import argparse
import json
import os
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from caseledger.adapters.guard.check import check_lines, guard_equivalence  # noqa: E402
from caseledger.adapters.settings import Settings  # noqa: E402

Explain = Callable[[str, Sequence[str]], Sequence[Any]]


def by_reading(answers: Iterable[dict[str, Any]], explain: Explain) -> dict[str, dict[str, int]]:
    """Per family of the reading's rule of each pair the pair model blocked (``guard check``
    answers; ``explain`` the guard's), its repeats and false blocks, most blocks first."""
    repeats: Counter[str] = Counter()
    false_blocks: Counter[str] = Counter()
    for answer in answers:
        if "error" in answer:
            raise SystemExit(f"line {answer['line']}: {answer['error']}")
        if not isinstance(answer.get("expected"), bool):
            raise SystemExit(f"line {answer['line']}: no boolean 'block' label")
        if not (answer.get("rule") or "").startswith("pair-model("):
            continue
        # A pair's verdict does not depend on the other steps on record: ask it alone.
        reading = explain(answer["candidate"], [answer["matched"]])[0].decision.rule
        (repeats if answer["expected"] else false_blocks)[reading.split(":", 1)[0]] += 1
    families = sorted({*repeats, *false_blocks}, key=lambda f: -(repeats[f] + false_blocks[f]))
    return {f: {"repeats": repeats[f], "false_blocks": false_blocks[f]} for f in families}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True, help="labelled JSON lines")
    args = parser.parse_args(argv)
    lines = args.data.read_text(encoding="utf-8").splitlines()
    equivalence = guard_equivalence(Settings())
    explain = getattr(equivalence, "explain", None)
    if explain is None:
        raise SystemExit("the served guard has no reading to explain (the catalog guard is off)")
    report = by_reading(check_lines(lines, equivalence), explain)
    print(json.dumps({"rows": len(lines), "pair_model_blocks_by_reading": report}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
