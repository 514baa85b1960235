"""Smoke test of bench/extraction.py: both labelled sets scored in one run, without timing.

It checks that the script prints both reports and that its figures agree with a direct count;
the quality floors themselves are asserted in tests/unit/domain/policies.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from types import ModuleType

import pytest

from tests.benches import load_bench


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_bench("extraction")


def test_one_run_scores_both_sets(bench: ModuleType, tmp_path: Path) -> None:
    out = io.StringIO()
    json_out = tmp_path / "figures.json"
    result = bench.main(["--repeats", "0", "--json-out", str(json_out)], out=out)
    text = out.getvalue()
    assert "== Feedback classifier" in text and "== Preference extraction" in text
    for name in ("failed", "succeeded", "partial", "not_attempted", "unclear"):
        assert name in result["feedback"]["per_class"]
    assert set(result["feedback"]["per_lang"]) == {"en", "zh", "mixed"}
    assert set(result["preferences"]["tables"]["all"]) == {
        "contact_channel",
        "contact_time",
        "language",
        "device_model",
        "email",
        "phone",
    }
    assert json.loads(json_out.read_text(encoding="utf-8"))["feedback"]["n"] == len(
        bench.load_jsonl(bench.FEEDBACK_SET)
    )


def test_counts_match_a_direct_count(bench: ModuleType) -> None:
    rows = [
        {"text": "That fixed it", "outcome": "succeeded", "lang": "en"},
        {"text": "Should I restart?", "outcome": None, "lang": "en"},
        {"text": "还是不行", "outcome": "partial", "lang": "zh"},
    ]
    result = bench.score_feedback(rows)
    assert result["per_class"]["succeeded"] == {
        "tp": 1,
        "predicted": 1,
        "expected": 1,
        "precision": 1.0,
        "recall": 1.0,
    }
    assert result["per_class"]["partial"]["recall"] == 0.0
    assert result["per_class"]["failed"]["precision"] == 0.0
    assert result["wrong_outcome"] == 1 and result["committed"] == 2

    prefs = bench.score_preferences(
        [
            {
                "text": "You can call me or email me.",
                "lang": "en",
                "sent_at": "2026-03-04T10:00:00+08:00",
                "expected": [{"key": "contact_channel", "value": "phone", "expires_at": None}],
            }
        ],
        threshold=0.7,
    )
    channel = prefs["tables"]["all"]["contact_channel"]
    assert (channel["tp"], channel["predicted"], channel["expected"]) == (1, 2, 1)
    # Both channels are candidates at 0.6: nothing is applied at the 0.7 threshold.
    assert prefs["tables"]["applied"]["contact_channel"]["predicted"] == 0
