"""Probe of session 55 (bench/README.md, "Round 57"): what a model read does to the guard's
pure-Python reading of a candidate on this machine. Median ms of ``ActionIndex.analyze`` for
600 candidates each: alone; right after an inline read of the packaged pair model; while a
read runs on onnxruntime's thread; the same with this thread pinned to CPU 0 and onnxruntime's
to CPU 1. As run then (about a minute)::

    head -2000 labelled_e7d02cc.jsonl > sub2k.jsonl
    python bench/patches/probe55_reading_beside_a_read.py sub2k.jsonl

Session 55 read 0.37 alone, 0.80 after a read, 1.21 beside one, 1.13 beside one pinned (a
session script; this file, run again in the review: 0.36, 0.69, 0.73, 0.82): a read costs the
reading about twice its time however it runs, as on one physical core.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.append(str(Path(__file__).resolve().parents[2]))  # bench.guard's helpers

import onnxruntime

from bench.guard import failed_on_record, load_rows
from caseledger.adapters import bootstrap
from caseledger.adapters.catalog.catalog import load_catalog
from caseledger.adapters.equivalence.pair_model import OnnxPairJudge, packaged_model_dir
from caseledger.adapters.settings import Settings


def main() -> None:
    catalog = load_catalog()
    guard = bootstrap.build_equivalence(Settings(), None, catalog)
    rows = load_rows(Path(sys.argv[1]))
    texts = [attempt.text for attempt in failed_on_record(rows, catalog, 200)]
    guard.warm_up(texts)
    candidates = list(dict.fromkeys(row.candidate for row in rows))
    judge = OnnxPairJudge(packaged_model_dir(), async_reads=True)
    index = guard.index

    def read(candidate: str) -> float:
        began = time.perf_counter()
        index.analyze(candidate)
        return (time.perf_counter() - began) * 1000

    def beside_a_read(batch: list[str], tag: str) -> float:
        # A new pair each time (the tag), so the judge's cache never answers.
        times = []
        for position, candidate in enumerate(batch):
            pending = judge.score_async(texts[position % 200], f"{candidate} {tag}")
            times.append(read(candidate))
            pending.result()
        return statistics.median(times)

    alone = statistics.median(read(c) for c in candidates[:600])
    after = []
    for position, candidate in enumerate(candidates[600:1200]):
        judge.score(texts[position % 200], f"{candidate} x")
        after.append(read(candidate))
    beside = beside_a_read(candidates[1200:1800], "y")
    os.sched_setaffinity(0, {0})  # this thread only
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 2
    options.inter_op_num_threads = 1
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    options.add_session_config_entry("session.intra_op_thread_affinities", "2")
    judge._async_session = onnxruntime.InferenceSession(
        str(packaged_model_dir() / "model.onnx"), options, providers=["CPUExecutionProvider"]
    )
    pinned = beside_a_read(candidates[1200:1800], "z")
    print(
        f"analyze ms, median: alone {alone:.3f}, after a read {statistics.median(after):.3f}, "
        f"beside a read {beside:.3f}, beside a read pinned {pinned:.3f}"
    )


if __name__ == "__main__":
    main()
