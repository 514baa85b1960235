"""bench/guard_pair_blocks_by_rule.py's counting: the pair model's blocks by the reading's rule
of the matched pair."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

from tests.benches import load_bench

READING = {  # the reading's rule of each (candidate, matched) pair
    ("reboot it", "restart the router"): "differs:router.restart",
    ("power-cycle it", "restart the router"): "differs:router.restart",
    ("factory-reset it", "restart the router"): "op-differs:reset/restart",
    ("unplug it", "restart the router"): "dissimilar",
}


def _explain(candidate: str, known: Sequence[str]) -> list[Any]:
    assert len(known) == 1  # asked about the matched step alone
    rule = READING[(candidate, known[0])]
    return [SimpleNamespace(decision=SimpleNamespace(rule=rule))]


def _answer(candidate: str, rule: str | None, expected: bool) -> dict[str, Any]:
    matched = "restart the router" if rule else None
    return {
        "line": 1,
        "candidate": candidate,
        "matched": matched,
        "rule": rule,
        "expected": expected,
    }


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_bench("guard_pair_blocks_by_rule")


def test_only_the_models_blocks_count_by_the_family_of_the_readings_rule(
    bench: ModuleType,
) -> None:
    model = "pair-model(pair-minilm-6l-int8@598d6ab596bc):6.1>=5.359"
    answers = [
        _answer("reboot it", model, True),
        _answer("power-cycle it", model, False),
        _answer("factory-reset it", model, False),
        _answer("unplug it", model, True),
        _answer("unplug it", "catalog:router.restart", True),  # the reading's own block
        _answer("unplug it", None, True),  # allowed
    ]
    assert bench.by_reading(answers, _explain) == {
        "differs": {"repeats": 1, "false_blocks": 1},
        "op-differs": {"repeats": 0, "false_blocks": 1},
        "dissimilar": {"repeats": 1, "false_blocks": 0},
    }


def test_an_unlabelled_or_broken_line_stops_the_bench(bench: ModuleType) -> None:
    with pytest.raises(SystemExit, match="no boolean 'block' label"):
        bench.by_reading([{"line": 3, "candidate": "x", "rule": None}], _explain)
    with pytest.raises(SystemExit, match="line 2: bad json"):
        bench.by_reading([{"line": 2, "error": "bad json"}], _explain)
