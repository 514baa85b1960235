#!/usr/bin/env python
"""The pair model read in a child process: does a read overlap the guard's Python work there?

Inside the guard's process a read started on a worker thread cannot begin while the reading
holds the GIL (bench/README.md, "Round 52"). A child process has its own interpreter: this
bench times one read of each labelled pair (the first failed step, the candidate) in this
process; then started on a worker thread of this process while this thread spends
``--python-ms`` in pure Python before it takes the answer (as the guard's reads ahead run);
then as a round trip to a child process holding the same model; then sent to the child
before the same Python work; and started on onnxruntime's own thread
(``OnnxPairJudge.score_async``: ``run_async``, which needs no GIL to start; bench/README.md,
"Round 53") before the same Python work. A figure near ``max(read, python-ms)`` rather than
their sum means the read ran beside the Python work. Prints one JSON line; the scores must be
the same every way.

    .venv/bin/python bench/pair_model_process.py --pairs 800
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import IO

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.append(str(REPO))  # after the code under test: only bench.guard's helpers

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from bench.guard import DATA, load_rows  # noqa: E402
from caseledger.adapters.equivalence.pair_model import (  # noqa: E402
    OnnxPairJudge,
    packaged_model_dir,
)

WARM = 20  # reads before timing: code paths, allocator, the session's first runs


def serve(model: Path) -> int:
    """The child: reads each JSON pair on stdin, writes its score as a JSON line (``_run``:
    the model itself, never the judge's cache); "ready" first."""
    judge = OnnxPairJudge(model)
    print(json.dumps("ready"), flush=True)
    for line in sys.stdin:
        print(json.dumps(judge._run(*json.loads(line))), flush=True)
    return 0


def _send(into: IO[str], pair: tuple[str, str]) -> None:
    into.write(json.dumps(pair) + "\n")
    into.flush()


def _answer(out: IO[str]) -> object:
    """The child's next line, decoded; a child that stopped is said so, not a decoding error."""
    line = out.readline()
    if not line:
        raise SystemExit("the child process stopped (its stderr is above)")
    return json.loads(line)


def _spin(ms: float) -> None:
    """Pure Python for ``ms`` milliseconds, holding the GIL as the guard's reading does."""
    until = time.perf_counter() + ms / 1000
    while time.perf_counter() < until:
        pass


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DATA, help="labelled JSON lines")
    parser.add_argument("--model", type=Path, default=None, help="model directory (packaged)")
    parser.add_argument("--pairs", type=int, default=800, help="pairs timed")
    parser.add_argument("--python-ms", type=float, default=2.0, help="Python work per read")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # the child
    args = parser.parse_args(argv)
    model = args.model if args.model is not None else packaged_model_dir()
    if args.serve:
        return serve(model)
    pairs = list(dict.fromkeys((row.failed[0], row.candidate) for row in load_rows(args.data)))
    if len(pairs) < WARM + args.pairs:
        parser.error(f"{args.data} has {len(pairs)} distinct pairs, fewer than {WARM + args.pairs}")
    warm, timed = pairs[:WARM], pairs[WARM : WARM + args.pairs]

    judge = OnnxPairJudge(model)
    for pair in warm:
        judge._run(*pair)
    began = time.perf_counter()
    here = [judge._run(*pair) for pair in timed]
    in_process = (time.perf_counter() - began) / len(timed)

    # The same on a worker thread of this process, as the guard's reads ahead run.
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="pair-judge") as pool:
        pool.submit(judge._run, *warm[0]).result()
        began = time.perf_counter()
        for pair in timed:
            read = pool.submit(judge._run, *pair)
            _spin(args.python_ms)
            read.result()
        threaded = (time.perf_counter() - began) / len(timed)

    # Started on onnxruntime's own thread (no cache: every read runs).
    starter = OnnxPairJudge(model, cache_size=0, async_reads=True)
    for pair in warm:
        starter.score_async(*pair).result()
    began = time.perf_counter()
    started = []
    for pair in timed:
        pending = starter.score_async(*pair)
        _spin(args.python_ms)
        started.append(pending.result())
    on_its_thread = (time.perf_counter() - began) / len(timed)

    # JSON lines over pipes (floats round-trip exactly); its own interpreter, its own GIL.
    child = subprocess.Popen(
        [sys.executable, __file__, "--serve", "--model", str(model)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    assert child.stdin is not None and child.stdout is not None
    ask, answer = child.stdin, child.stdout
    try:
        if _answer(answer) != "ready":
            raise SystemExit("the child did not start")
        for pair in warm:
            _send(ask, pair)
            _answer(answer)
        began = time.perf_counter()
        there = []
        for pair in timed:
            _send(ask, pair)
            there.append(_answer(answer))
        round_trip = (time.perf_counter() - began) / len(timed)
        began = time.perf_counter()
        for pair in timed:
            _send(ask, pair)
            _spin(args.python_ms)
            _answer(answer)
        overlapped = (time.perf_counter() - began) / len(timed)
    finally:
        ask.close()
        try:
            child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            child.kill()
    print(
        json.dumps(
            {
                "pairs": len(timed),
                "in_process_ms": round(in_process * 1000, 3),
                "child_round_trip_ms": round(round_trip * 1000, 3),
                "python_ms": args.python_ms,
                "thread_then_python_then_answer_ms": round(threaded * 1000, 3),
                "sent_then_python_then_answer_ms": round(overlapped * 1000, 3),
                "run_async_then_python_then_answer_ms": round(on_its_thread * 1000, 3),
                "same_scores": here == there == started,
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
