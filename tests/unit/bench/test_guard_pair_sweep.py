"""bench/guard_pair_sweep.py: configurations read, bad ones refused, the winner's rule."""

from __future__ import annotations

import pytest

from tests.benches import load_bench


def test_a_configuration_names_training_options() -> None:
    sweep = load_bench("guard_pair_sweep")
    assert sweep.parse_config("F:layers=0:epochs=3:learning_rate=4e-5") == (
        "F",
        {"layers": 0, "epochs": 3, "learning_rate": 4e-5},
    )
    name, settings = sweep.parse_config("probe:catalog_skip=wifi,router")
    assert name == "probe" and settings == {"catalog_skip": frozenset({"wifi", "router"})}


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        ("F:depth=6", "is not one of"),
        ("F:layers=six", "not a value for layers"),
        ("F:layers", "is not one of"),
        (":layers=3", "needs a name"),
    ],
)
def test_a_bad_configuration_is_refused_with_a_reason(spec: str, reason: str) -> None:
    sweep = load_bench("guard_pair_sweep")
    with pytest.raises(ValueError, match=reason):
        sweep.parse_config(spec)


def test_the_command_refuses_before_anything_trains(
    tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    sweep = load_bench("guard_pair_sweep")
    for argv, reason in [
        (["--config", "A:layers=3", "--config", "A:layers=6"], "share a name"),
        (["--config", "A:layers=3", "--selection", "43-44"], "also trained or calibrated on"),
        (["--config", "A:layers=3", "--device", "tpu"], "invalid choice"),
        (["--config", "A:learning_rate=2"], "learning rate"),
    ]:
        with pytest.raises(SystemExit) as exit_:
            sweep.main([*argv, "--work", str(tmp_path)])
        assert exit_.value.code == 2 and reason in capsys.readouterr().err


def test_the_winner_reads_best_and_a_tie_goes_to_fewer_layers() -> None:
    sweep = load_bench("guard_pair_sweep")
    results = [
        {"name": "A", "layers": 3, "selection_auc": 0.944},
        {"name": "F", "layers": 6, "selection_auc": 0.974},
        {"name": "L4", "layers": 4, "selection_auc": 0.974},
        {"name": "X", "layers": 1, "selection_auc": None},
    ]
    assert sweep.winner(results)["name"] == "L4"
    assert sweep.winner(results[:2])["name"] == "F"
    assert sweep.winner([results[3]]) is None
