"""Smoke test of bench/pair_model_process.py: a few pairs read here, on onnxruntime's thread and
in a child process."""

from __future__ import annotations

import json

import pytest

from tests.benches import load_bench


def test_the_child_reads_every_pair_as_this_process_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = load_bench("pair_model_process")
    assert bench.main(["--pairs", "6", "--python-ms", "1.0"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["pairs"] == 6 and report["same_scores"] is True
    assert report["in_process_ms"] > 0 and report["child_round_trip_ms"] > 0
    # Sent first, answered after the Python work: never less than that work.
    assert report["sent_then_python_then_answer_ms"] >= 1.0
    assert report["thread_then_python_then_answer_ms"] >= 1.0
    assert report["run_async_then_python_then_answer_ms"] >= 1.0


def test_too_few_pairs_is_refused_with_a_reason(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("pair_model_process")
    with pytest.raises(SystemExit):
        bench.main(["--pairs", "10000000"])
    assert "distinct pairs, fewer than" in capsys.readouterr().err
