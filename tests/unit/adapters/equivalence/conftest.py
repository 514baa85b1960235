"""Fixtures of the equivalence adapters' unit tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from caseledger.adapters.equivalence.pair_model_training import TrainingOptions

TrainCommand = Callable[..., tuple[int, str, list[TrainingOptions]]]


@pytest.fixture
def train_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> TrainCommand:
    """``caseledger guard train-pair-model`` on a one-row set with the given flags, training
    stubbed: returns the exit code, the output and the options training was called with."""
    from typer.testing import CliRunner

    from caseledger.adapters.equivalence import pair_model_training
    from caseledger.cli.guard import guard_app

    seen: list[TrainingOptions] = []
    monkeypatch.setattr(
        pair_model_training,
        "train_pair_model",
        lambda data, out, options, progress: seen.append(options) or {},
    )
    data = tmp_path / "set.jsonl"
    data.write_text('{"failed": ["a"], "candidate": "b", "block": true, "batch": 1}\n')

    def invoke(*flags: str) -> tuple[int, str, list[TrainingOptions]]:
        result = CliRunner().invoke(
            guard_app, ["train-pair-model", str(data), "--out", str(tmp_path / "m"), *flags]
        )
        return result.exit_code, result.output, seen

    return invoke
