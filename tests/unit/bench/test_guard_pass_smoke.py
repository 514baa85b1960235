"""Smoke test of bench/guard_pass.py without a model: one pass over a few labelled rows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.benches import load_bench


def _plain_pass(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lines: int
) -> tuple[Any, list[str], Path]:
    """The bench, the first ``lines`` labelled rows and a file of them, with the guard served
    without embeddings or the pair model."""
    bench = load_bench("guard_pass")
    rows = Path(bench.DATA).read_text(encoding="utf-8").splitlines()[:lines]
    data = tmp_path / "rows.jsonl"
    data.write_text("\n".join(rows) + "\n", encoding="utf-8")
    monkeypatch.setenv("CASELEDGER_GUARD__USE_EMBEDDINGS", "false")
    monkeypatch.setenv("CASELEDGER_GUARD__USE_PAIR_MODEL", "false")
    return bench, rows, data


def test_one_pass_times_every_candidate_and_writes_its_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bench, rows, data = _plain_pass(tmp_path, monkeypatch, 30)
    answers = tmp_path / "answers.json"
    assert bench.main(["--data", str(data), "--on-record", "8", "--answers", str(answers)]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    candidates = len({json.loads(row)["candidate"] for row in rows}) - 5  # five warm the code
    assert report["candidates"] == candidates and report["pair_model"] is False
    assert report["p50_ms"] <= report["p95_ms"] <= report["p99_ms"]
    written = json.loads(answers.read_text(encoding="utf-8"))
    assert len(written) == candidates
    assert report["blocked"] == sum(answer is not None for answer in written)
    blocked = [answer for answer in written if answer is not None]
    assert all(len(answer) == 5 and answer[0].startswith("f") for answer in blocked)


def test_timings_split_by_model_runs_group_every_candidate_once() -> None:
    bench = load_bench("guard_pass")
    timings = [1.0, 2.0, 3.0, 10.0, 11.0, 30.0, 40.0]
    runs = [0, 1, 1, 2, 3, 5, 9]
    split = bench.by_model_runs(timings, runs)
    assert list(split) == ["0", "1", "2", "3", "5+"]  # no candidate ran four times
    assert sum(group["candidates"] for group in split.values()) == len(timings)
    assert split["1"] == {"candidates": 2, "share": round(2 / 7, 4), "p50_ms": 2.0, "p95_ms": 3.0}
    assert split["5+"]["candidates"] == 2 and split["5+"]["p95_ms"] == 40.0
    with pytest.raises(ValueError, match="7 timings but 6 run counts"):
        bench.by_model_runs(timings, runs[:-1])


def test_without_a_pair_model_every_candidate_ran_it_none_times(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bench, _, data = _plain_pass(tmp_path, monkeypatch, 20)
    assert bench.main(["--data", str(data), "--on-record", "8", "--by-model-runs"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert list(report["by_model_runs"]) == ["0"]
    assert report["by_model_runs"]["0"]["candidates"] == report["candidates"]
