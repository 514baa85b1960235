"""bench/guard_ceiling.py's arithmetic: each row decided again at a threshold, and the best
threshold under a false-block bound."""

from __future__ import annotations

import math
from types import ModuleType

import pytest

from tests.benches import load_bench


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_bench("guard_ceiling")


def _rows(bench: ModuleType) -> list[object]:
    row = bench.Row
    return [
        row(True, "en", True, None),  # blocked by the reading whatever the threshold
        row(True, "en", False, 6.0),
        row(True, "zh", False, 3.0),
        row(True, "zh", False, 1.0),
        row(True, "mixed", False, None),  # asked, unread: never blocks
        row(False, "en", True, None),  # a false block of the reading
        row(False, "en", False, 5.0),
        row(False, "zh", False, 2.0),
        row(False, "zh", False, -4.0),
        *[row(False, "mixed", False, -6.0) for _ in range(11)],
    ]


def test_a_row_blocks_by_the_reading_or_by_a_score_at_the_threshold(bench: ModuleType) -> None:
    rows = _rows(bench)
    assert [bench.decide(r, 3.0) for r in rows[:9]] == [
        True, True, True, False, False, True, True, False, False,
    ]  # fmt: skip
    figures = bench.rates(rows, 3.0)
    assert figures == {
        "repeats_blocked": 3,
        "false_blocks": 2,
        "recall": 0.6,
        "false_block_rate": round(2 / 15, 4),
    }
    assert bench.rates(rows, math.inf)["repeats_blocked"] == 1  # the reading alone


def test_the_best_threshold_blocks_most_repeats_within_the_bound(bench: ModuleType) -> None:
    rows = _rows(bench)
    # 15 negatives: 0.14 allows two false blocks (the reading's and the 5.0), so down to 3.0.
    assert bench.best_at(rows, 0.14) == {"threshold": 3.0, **bench.rates(rows, 3.0)}
    # Three allow the 2.0 as well; 1.0 then adds a repeat at no further false block.
    assert bench.best_at(rows, 0.2)["threshold"] == 1.0
    assert bench.best_at(rows, 0.2)["repeats_blocked"] == 4
    # One false block (the reading's own): only scores above 5.0 block.
    assert bench.best_at(rows, 0.07) == {"threshold": 6.0, **bench.rates(rows, 6.0)}
    # Not even the reading alone fits: reported as the reading alone, no threshold.
    assert bench.best_at(rows, 0.0) == {"threshold": None, **bench.rates(rows, math.inf)}


def test_the_report_gives_each_language_its_own_best(bench: ModuleType) -> None:
    report = bench.report(_rows(bench), 5.5, [0.05])
    assert report["rows"] == 20 and report["repeats"] == 5
    assert report["served"]["threshold"] == 5.5 and report["served"]["repeats_blocked"] == 2
    assert set(report["by_lang"]) == {"en", "zh", "mixed"}
    assert report["by_lang"]["zh"]["best_at_0.05"]["threshold"] == 3.0  # its own negatives only
