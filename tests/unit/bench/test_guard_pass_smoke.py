"""Smoke test of bench/guard_pass.py without a model: one pass over a few labelled rows."""

from __future__ import annotations

import json
from concurrent.futures import Future
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


def test_the_time_split_averages_each_band_of_the_sorted_timings() -> None:
    bench = load_bench("guard_pass")
    timings = [float(ms) for ms in range(100, 0, -1)]  # 100 ms down to 1 ms
    parts = [{"model inline": ms / 2, "candidate read": 1.0} for ms in timings]
    split = bench.time_split(timings, parts)
    assert list(split) == ["0%-50%", "50%-90%", "90%-95%", "93%-97%", "97%-100%"]
    assert split["0%-50%"]["wall"] == 25.5  # the fastest half: 1 to 50 ms
    assert split["97%-100%"] == {
        "wall": 99.0,
        "candidate read": 1.0,
        "verdicts": 0.0,
        "embedding": 0.0,
        "model inline": 49.5,
        "waiting on the worker": 0.0,
    }
    with pytest.raises(ValueError, match="100 timings but 99 splits"):
        bench.time_split(timings, parts[:-1])


def test_a_pass_without_models_splits_its_time_reading_and_in_the_verdicts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from caseledger.adapters.equivalence.action_catalog import CatalogGuardEquivalence
    from caseledger.adapters.equivalence.pair_model import OnnxPairJudge, OnnxPendingScore
    from caseledger.domain.policies.action_frames import ActionIndex

    bench, _, data = _plain_pass(tmp_path, monkeypatch, 40)
    owners = {
        c.__name__: c
        for c in (ActionIndex, CatalogGuardEquivalence, OnnxPairJudge, OnnxPendingScore, Future)
    }
    for _, owner, name in bench.SPLIT_PARTS:  # the bench wraps them: unwrapped after the test
        monkeypatch.setattr(owners[owner], name, getattr(owners[owner], name))
    assert bench.main(["--data", str(data), "--on-record", "8", "--time-split"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    slowest = report["time_split"]["97%-100%"]
    assert slowest["wall"] >= slowest["candidate read"] + slowest["verdicts"] > 0
    assert slowest["model inline"] == slowest["embedding"] == 0.0  # neither model serves
