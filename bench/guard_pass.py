#!/usr/bin/env python
"""One timed pass of the guard as served, for comparing two versions of the code back to back.

Builds the guard from settings (``CASELEDGER_GUARD__*``, the composition root's own
``build_equivalence``), puts ``--on-record`` failed attempts on record (their readings and
vectors warmed, as they are once seen), and asks ``find_equivalent`` about every distinct
candidate of the labelled set, each once. Prints one JSON line: p50 / p95 / p99 / mean ms per
candidate, CPU ms per candidate, how many were blocked, and the start-up cost. ``--answers``
writes every answer (attempt, rule, both scores, model score) so two versions can be shown to
answer alike.

The code timed is whichever ``caseledger`` Python imports, so another version runs from a
worktree with a package directory in front of the path, e.g. the commit before a change::

    git worktree add /tmp/base HEAD~1 && mkdir -p /tmp/basepkg/caseledger
    for d in domain projections adapters api streams cli; do
        ln -s /tmp/base/$d /tmp/basepkg/caseledger/$d; done
    for who in base new new base; do
        PYTHONPATH=$([ $who = base ] && echo /tmp/basepkg) .venv/bin/python bench/guard_pass.py \\
            --answers /tmp/answers_$who.json; done
    cmp /tmp/answers_base.json /tmp/answers_new.json

``--by-model-runs`` also splits the timings by how many runs of the pair model each candidate
started (one read per pair asked: the nearest step, then a veto read for each reading block
the model overrules before one stands; since round 51 also the reads started ahead on the
worker, and since round 53 the read started first on onnxruntime's thread, needed or not: a
run is counted when it starts, so one the worker starts after the call returned counts
towards the next candidate), to show where the tail is (bench/README.md, "Round 46");
counting wraps the model's run, so time that pass apart from the pair compared.

``--time-split`` also reports, by band of the sorted timings (0-50 %, 50-90 %, 90-95 %,
93-97 %, 97-100 %), the mean ms per candidate and how much of it the calling thread spent
reading the candidate, in the verdicts (the embedding with them), embedding, running the pair
model itself and waiting on reads started off the thread, the worker's and onnxruntime's
(bench/README.md, "Round 52"); its wrappers cost time too, so time that pass apart from the
pair compared.

``CASELEDGER_GUARD__USE_PAIR_MODEL=false`` times the guard without the learned pair model;
``CASELEDGER_GUARD__EMBEDDING_BACKEND=onnx`` with float embeddings instead of the int8 ones.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.append(str(REPO))  # after the code under test: only bench.guard's helpers

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from bench.guard import DATA, failed_on_record, load_rows, percentile  # noqa: E402
from caseledger.adapters import bootstrap  # noqa: E402
from caseledger.adapters.catalog.catalog import load_catalog  # noqa: E402
from caseledger.adapters.settings import Settings  # noqa: E402


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DATA, help="labelled JSON lines")
    parser.add_argument("--on-record", type=int, default=200, help="failed attempts on record")
    parser.add_argument("--answers", type=Path, help="write every answer here (JSON)")
    parser.add_argument(
        "--by-model-runs",
        action="store_true",
        help="also report the timings by the pair model's runs per candidate",
    )
    parser.add_argument(
        "--time-split",
        action="store_true",
        help="also report where the calling thread's time goes, by band of the timings",
    )
    args = parser.parse_args(argv)
    runs = _count_model_runs() if args.by_model_runs else None
    spent = _time_calling_thread() if args.time_split else None

    settings = Settings()
    start = time.perf_counter()
    embedder = bootstrap.build_embedder(settings)
    if embedder is not None:
        embedder.embed(["warm up"])  # loads the weights
    catalog = load_catalog()
    guard = bootstrap.build_equivalence(settings, embedder, catalog)
    start_up_s = time.perf_counter() - start

    rows = load_rows(args.data)
    record = failed_on_record(rows, catalog, args.on_record)
    warm_up = getattr(guard, "warm_up", None)
    if warm_up is not None:
        warm_up([attempt.text for attempt in record])
    candidates = list(dict.fromkeys(row.candidate for row in rows))
    for candidate in candidates[:5]:  # code paths, allocator, model threads
        guard.find_equivalent(candidate, record)

    timings: list[float] = []
    model_runs: list[int] = []
    parts: list[dict[str, float]] = []
    answers: list[list[object] | None] = []
    cpu_start = time.process_time()
    for candidate in candidates[5:]:
        started_runs = runs[0] if runs is not None else 0
        if spent is not None:
            spent.clear()
        began = time.perf_counter()
        match = guard.find_equivalent(candidate, record)
        timings.append((time.perf_counter() - began) * 1000)
        if runs is not None:
            model_runs.append(runs[0] - started_runs)
        if spent is not None:
            parts.append({part: seconds * 1000 for part, seconds in spent.items()})
        answers.append(
            None
            if match is None
            else [
                match.attempt.attempt_id,
                match.rule,
                round(match.lexical_score, 6),
                round(match.semantic_score, 6),
                match.model_score,
            ]
        )
    cpu_ms = (time.process_time() - cpu_start) * 1000 / len(timings)
    if args.answers is not None:
        args.answers.write_text(json.dumps(answers), encoding="utf-8")
    split = {"by_model_runs": by_model_runs(timings, model_runs)} if runs is not None else {}
    if spent is not None:
        split["time_split"] = time_split(timings, parts)
    print(
        json.dumps(
            {
                "code": bootstrap.__file__,
                "pair_model": settings.guard.pair_model_directory() is not None,
                "candidates": len(timings),
                "blocked": sum(answer is not None for answer in answers),
                "p50_ms": round(percentile(timings, 0.5), 2),
                "p95_ms": round(percentile(timings, 0.95), 2),
                "p99_ms": round(percentile(timings, 0.99), 2),
                "mean_ms": round(statistics.fmean(timings), 2),
                "cpu_ms_per_candidate": round(cpu_ms, 2),
                "start_up_s": round(start_up_s, 2),
                **split,
            }
        )
    )
    return 0


def _count_model_runs() -> list[int]:
    """Counts every run of the pair model from now on, in a one-item list (read it before and
    after a call): wraps ``OnnxPairJudge._logits`` and ``_start_run`` (a run started on
    onnxruntime's thread) for this process."""
    from caseledger.adapters.equivalence.pair_model import OnnxPairJudge

    count = [0]
    lock = threading.Lock()

    def counting(method: Any) -> Any:
        def counted(*args: Any, **kwargs: Any) -> Any:
            with lock:
                count[0] += 1
            return method(*args, **kwargs)

        return counted

    OnnxPairJudge._logits = counting(OnnxPairJudge._logits)  # type: ignore[method-assign]
    OnnxPairJudge._start_run = counting(OnnxPairJudge._start_run)  # type: ignore[method-assign]
    return count


# What --time-split times on the calling thread: (part, class, method).
SPLIT_PARTS = (
    ("candidate read", "ActionIndex", "analyze"),
    ("verdicts", "CatalogGuardEquivalence", "_verdicts"),
    ("embedding", "CatalogGuardEquivalence", "_ensure_vectors"),
    ("model inline", "OnnxPairJudge", "score"),
    ("waiting on the worker", "Future", "result"),
    ("waiting on the worker", "OnnxPendingScore", "result"),
)
SPLIT_BANDS = ((0.0, 0.5), (0.5, 0.9), (0.9, 0.95), (0.93, 0.97), (0.97, 1.0))


def _time_calling_thread() -> Counter[str]:
    """Adds up the seconds this thread spends in each of SPLIT_PARTS from now on (clear it
    before a call, read it after): wraps those methods for this process; calls on other
    threads (the judge's worker) are not counted."""
    from caseledger.adapters.equivalence.action_catalog import CatalogGuardEquivalence
    from caseledger.adapters.equivalence.pair_model import OnnxPairJudge, OnnxPendingScore
    from caseledger.domain.policies.action_frames import ActionIndex

    classes: dict[str, Any] = {
        "ActionIndex": ActionIndex,
        "CatalogGuardEquivalence": CatalogGuardEquivalence,
        "OnnxPairJudge": OnnxPairJudge,
        "OnnxPendingScore": OnnxPendingScore,
        "Future": Future,
    }
    spent: Counter[str] = Counter()
    caller = threading.current_thread()

    def timed(part: str, method: Any) -> Any:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            if threading.current_thread() is not caller:
                return method(*args, **kwargs)
            began = time.perf_counter()
            try:
                return method(*args, **kwargs)
            finally:
                spent[part] += time.perf_counter() - began

        return wrapper

    for part, owner, name in SPLIT_PARTS:
        setattr(classes[owner], name, timed(part, getattr(classes[owner], name)))
    return spent


def time_split(
    timings: Sequence[float], parts: Sequence[dict[str, float]]
) -> dict[str, dict[str, float]]:
    """Per band of the sorted timings (SPLIT_BANDS): the mean ms per candidate, and of each
    of SPLIT_PARTS (ms, the calling thread's). Bands with no candidate are left out."""
    if len(timings) != len(parts):
        raise ValueError(f"{len(timings)} timings but {len(parts)} splits")
    ordered = sorted(zip(timings, parts, strict=True), key=lambda pair: pair[0])
    bands: dict[str, dict[str, float]] = {}
    for low, high in SPLIT_BANDS:
        band = ordered[int(low * len(ordered)) : int(high * len(ordered))]
        if not band:
            continue
        means = {"wall": statistics.fmean(ms for ms, _ in band)}
        for part in dict.fromkeys(part for part, _, _ in SPLIT_PARTS):  # a part may wrap two
            means[part] = statistics.fmean(split.get(part, 0.0) for _, split in band)
        bands[f"{low:.0%}-{high:.0%}"] = {key: round(value, 2) for key, value in means.items()}
    return bands


def by_model_runs(timings: Sequence[float], runs: Sequence[int]) -> dict[str, dict[str, float]]:
    """The timings grouped by the model runs each candidate started (0, 1, 2, 3, 4, "5+"):
    how many, their share, p50 and p95 ms. Groups with no candidate are left out."""
    if len(timings) != len(runs):
        raise ValueError(f"{len(timings)} timings but {len(runs)} run counts")
    groups: dict[str, list[float]] = {}
    for ms, count in zip(timings, runs, strict=True):
        groups.setdefault(str(count) if count < 5 else "5+", []).append(ms)
    order = ["0", "1", "2", "3", "4", "5+"]
    return {
        key: {
            "candidates": len(groups[key]),
            "share": round(len(groups[key]) / len(timings), 4),
            "p50_ms": round(percentile(groups[key], 0.5), 2),
            "p95_ms": round(percentile(groups[key], 0.95), 2),
        }
        for key in order
        if key in groups
    }


if __name__ == "__main__":
    raise SystemExit(main())
