"""``scripts/guard_batches.py``: the writer's prompt, the blinding and the merge's drop rules."""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.benches import REPO, load_script

SCRIPT = REPO / "scripts" / "guard_batches.py"


@pytest.fixture(scope="module")
def pipeline() -> ModuleType:
    return load_script(SCRIPT, "caseledger_guard_batches")


def _row(batch: int, n: int, block: bool = True, **fields: Any) -> dict[str, Any]:
    return {
        "failed": [f"Restart the router ({n})"],
        "candidate": f"Power-cycle the router ({n})",
        "block": block,
        "lang": "en",
        "kind": "rephrasing" if block else "hard_negative",
        "category": "router",
        "split": "dev",
        "batch": batch,
        **fields,
    }


def _write(path: Path, rows: list[Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "".join(
            (r if isinstance(r, str) else json.dumps(r, ensure_ascii=False)) + "\n" for r in rows
        ),
        encoding="utf-8",
    )


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_the_prompt_names_the_batch_its_focus_its_mix_and_its_own_folder(
    pipeline: ModuleType, tmp_path: Path
) -> None:
    result = CliRunner().invoke(
        pipeline.app,
        [
            "prompt",
            "301",
            "Printers in offices",
            "--langs",
            "about 40% en",
            "--work",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    home = tmp_path / "w" / "301"
    assert (home / "brief.md").read_text() == (pipeline.WRITERS / "brief.md").read_text()
    assert f"First read {home}/brief.md" in result.output
    assert f"Your output file: {home}/batch_301.jsonl" in result.output
    assert '"batch": 301' in result.output and "Printers in offices" in result.output
    assert "Languages: about 40% en." in result.output
    assert pipeline.DEFAULT_LANGS not in result.output
    assert f"Work only inside {home}/" in result.output
    assert "{B}" not in result.output and "{FOCUS}" not in result.output


def test_blinding_drops_bad_rows_and_hides_every_label(
    pipeline: ModuleType, tmp_path: Path
) -> None:
    good = [_row(301, n, block=n % 2 == 0) for n in range(6)]
    written = [
        *good,
        good[0],  # a duplicate pair
        "{not json",
        _row(302, 9),  # another batch
        _row(301, 10, kind="next_step"),  # an allow kind on a repeat
        _row(301, 11, failed=[]),
        _row(301, 12, category="cooking"),
        _row(301, 13, split="test"),
        _row(301, 14, block="yes"),
    ]
    _write(tmp_path / "w" / "301" / "batch_301.jsonl", written)
    result = CliRunner().invoke(pipeline.app, ["blind", "301", "--work", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "batch 301: 6 rows blinded" in result.output
    key = _lines(tmp_path / "k" / "301.jsonl")
    expected = list(good)
    random.Random(3900 + 301).shuffle(expected)
    assert key == expected  # the writer's rows, in the annotator's order
    home = tmp_path / "a" / "301"
    blind = _lines(home / "batch_301.jsonl")
    assert blind == [{"failed": r["failed"], "candidate": r["candidate"]} for r in expected]
    assert sorted(p.name for p in home.iterdir()) == ["batch_301.jsonl", "brief.md", "relabel.md"]


def test_the_merge_keeps_only_agreed_clear_new_rows_apart_from_held_out_text(
    pipeline: ModuleType, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    on_record = [
        _row(7, 100),  # a dev pair already in the set
        _row(3, 101, split="test"),  # held-out text
    ]
    _write(data / "guard_labelled.jsonl", on_record)
    _write(data / "guard_sealed.jsonl", [_row(186, 102, split="sealed1")])
    key = [
        _row(301, 1),  # kept
        _row(301, 2, block=False),  # kept
        _row(301, 3),  # the annotator disagrees
        _row(301, 4),  # the annotator is unsure
        {**_row(301, 5), "candidate": on_record[1]["candidate"]},  # held-out text
        {**_row(301, 6), "failed": [_row(186, 102)["failed"][0]]},  # sealed text
        {**_row(301, 7), "failed": on_record[0]["failed"], "candidate": on_record[0]["candidate"]},
        _row(301, 1),  # the same pair twice in the batch: the second is dropped
    ]
    _write(tmp_path / "k" / "301.jsonl", key)
    labels = [
        {"line": n, "block": row["block"] if n != 3 else not row["block"], "clear": n != 4}
        for n, row in enumerate(key, 1)
    ]
    _write(tmp_path / "a" / "301" / "labels_301.jsonl", labels)
    args = ["merge", "301", "--work", str(tmp_path), "--data", str(data)]
    result = CliRunner().invoke(pipeline.app, args)
    assert result.exit_code == 0, result.output
    assert "kept 2 of 8" in result.output
    assert "'disagreed': 1" in result.output and "'unclear': 1" in result.output
    assert "'shared text': 2" in result.output and "'repeated pair': 2" in result.output
    assert len(_lines(data / "guard_labelled.jsonl")) == 2  # nothing written without --write
    result = CliRunner().invoke(pipeline.app, [*args, "--write"])
    assert result.exit_code == 0, result.output
    appended = _lines(data / "guard_labelled.jsonl")[2:]
    assert appended == [key[0], key[1]]
    assert [list(r) for r in appended] == [list(pipeline.FIELDS)] * 2  # the set's field order


def test_the_merge_refuses_labels_that_do_not_line_up_with_the_key(
    pipeline: ModuleType, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    _write(data / "guard_labelled.jsonl", [_row(7, 100)])
    _write(data / "guard_sealed.jsonl", [])
    _write(tmp_path / "k" / "301.jsonl", [_row(301, 1), _row(301, 2)])
    _write(tmp_path / "a" / "301" / "labels_301.jsonl", [{"line": 1, "block": True, "clear": True}])
    args = ["merge", "301", "--work", str(tmp_path), "--data", str(data), "--write"]
    result = CliRunner().invoke(pipeline.app, args)
    assert result.exit_code != 0
    assert "must label lines 1..2 in order" in result.output
    assert len(_lines(data / "guard_labelled.jsonl")) == 1
