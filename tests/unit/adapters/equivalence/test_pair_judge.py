"""The learned pair model inside the guard (a fake judge), its manifest, its training inputs."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from pydantic import ValidationError

from caseledger.adapters.equivalence.action_catalog import CatalogGuardEquivalence
from caseledger.adapters.equivalence.pair_model import PairModelError, read_manifest
from caseledger.adapters.equivalence.pair_model_training import batch_range, load_labelled
from caseledger.adapters.settings import GuardSettings
from caseledger.domain.ports import PairJudge
from tests.contracts.equivalence import assert_attempt_equivalence, known_attempt
from tests.fakes import ScriptedPairJudge, count_calls


def test_the_fake_satisfies_the_port_and_the_guard_keeps_its_contract() -> None:
    judge: PairJudge = ScriptedPairJudge()
    assert_attempt_equivalence(CatalogGuardEquivalence(None, pair_judge=judge))


def test_a_score_at_the_threshold_blocks_with_the_pair_model_rule_and_its_logit() -> None:
    failed = "Change DNS to Google Public DNS"
    candidate = "Point the resolver at the search company's public servers"
    judge = ScriptedPairJudge({(failed, candidate): 2.0})
    guard = CatalogGuardEquivalence(None, pair_judge=judge)
    assert CatalogGuardEquivalence(None).find_equivalent(candidate, [known_attempt(failed)]) is None
    match = guard.find_equivalent(candidate, [known_attempt(failed, "att-9")])
    assert match is not None
    assert match.attempt.attempt_id == "att-9"
    assert match.rule == "pair-model(scripted):2.000>=2.000"
    assert match.model_score == 2.0
    assert 0.0 <= match.lexical_score <= 1.0


def test_a_score_below_the_threshold_allows() -> None:
    failed, candidate = "Restart the router", "Factory-reset the router"
    judge = ScriptedPairJudge({(failed, candidate): 1.999})
    guard = CatalogGuardEquivalence(None, pair_judge=judge)
    assert guard.find_equivalent(candidate, [known_attempt(failed)]) is None


def test_a_pair_the_judge_cannot_read_is_allowed() -> None:
    failed, candidate = "清除应用缓存", "把这个软件的临时文件删掉"
    judge = ScriptedPairJudge({(failed, candidate): None}, default=50.0)
    guard = CatalogGuardEquivalence(None, pair_judge=judge)
    assert guard.find_equivalent(candidate, [known_attempt(failed)]) is None
    assert judge.asked == [(failed, candidate)]


def test_the_judge_reads_only_the_known_step_nearest_in_wording() -> None:
    known = [
        known_attempt("Update the graphics driver", "att-1"),
        known_attempt("Clear the browser cache and cookies", "att-2"),
        known_attempt("Reinstall the printer software", "att-3"),
    ]
    judge = ScriptedPairJudge()
    guard = CatalogGuardEquivalence(None, pair_judge=judge)
    assert guard.find_equivalent("Clear the browser history and site data", known) is None
    assert judge.asked == [
        ("Clear the browser cache and cookies", "Clear the browser history and site data")
    ]
    assert guard.nearest("Clear the browser history and site data", [k.text for k in known]) == 1


def test_the_judge_is_not_asked_where_the_reading_already_blocks() -> None:
    judge = ScriptedPairJudge(default=50.0)
    guard = CatalogGuardEquivalence(None, pair_judge=judge)
    match = guard.find_equivalent("Reboot the router", [known_attempt("Restart the router")])
    assert match is not None and match.rule.startswith(("catalog:", "frame:"))
    assert match.model_score is None
    assert judge.asked == []


def test_the_judge_is_not_asked_without_known_attempts_or_text() -> None:
    judge = ScriptedPairJudge(default=50.0)
    guard = CatalogGuardEquivalence(None, pair_judge=judge)
    assert guard.find_equivalent("Reboot the router", []) is None
    assert guard.find_equivalent("   ", [known_attempt("Restart the router")]) is None
    assert judge.asked == []


def test_nearest_needs_a_text() -> None:
    with pytest.raises(ValueError, match="at least one"):
        CatalogGuardEquivalence(None).nearest("x", [])


# -- the model directory ---------------------------------------------------------------------


def _model_dir(tmp_path: Path, manifest: object) -> Path:
    (tmp_path / "model.onnx").write_bytes(b"not read here")
    (tmp_path / "tokenizer.json").write_text("{}", encoding="utf-8")
    (tmp_path / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return tmp_path


GOOD = {"format": 1, "name": "pair", "threshold": 3.5, "max_length": 96}


def test_a_complete_manifest_reads(tmp_path: Path) -> None:
    assert read_manifest(_model_dir(tmp_path, GOOD))["threshold"] == 3.5
    # "text" says how texts are prepared; a manifest from before glossing has none (raw).
    for text in ("raw", "cedict-gloss-1"):
        assert read_manifest(_model_dir(tmp_path, {**GOOD, "text": text}))["text"] == text


@pytest.mark.parametrize(
    ("manifest", "reason"),
    [
        ({**GOOD, "format": 2}, "format 2"),
        ({k: v for k, v in GOOD.items() if k != "threshold"}, "lacks threshold"),
        ({**GOOD, "threshold": "high"}, "must be a number"),
        ({**GOOD, "threshold": True}, "must be a number"),
        ([1, 2], "not a JSON object"),
        ({**GOOD, "text": "pinyin"}, "text 'pinyin' is not one of raw, cedict-gloss-1"),
    ],
)
def test_a_bad_manifest_is_refused_with_its_reason(
    tmp_path: Path, manifest: object, reason: str
) -> None:
    with pytest.raises(PairModelError, match=reason):
        read_manifest(_model_dir(tmp_path, manifest))


def test_a_missing_directory_or_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PairModelError, match="not found"):
        read_manifest(tmp_path / "absent")
    (tmp_path / "manifest.json").write_text(json.dumps(GOOD), encoding="utf-8")
    with pytest.raises(PairModelError, match="no model.onnx"):
        read_manifest(tmp_path)


def test_a_manifest_that_is_not_json_is_refused(tmp_path: Path) -> None:
    _model_dir(tmp_path, GOOD)
    (tmp_path / "manifest.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(PairModelError, match="not readable JSON"):
        read_manifest(tmp_path)


def test_settings_refuse_a_pair_model_dir_that_would_not_load(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="pair model directory not found"):
        GuardSettings(pair_model_dir=tmp_path / "absent")
    assert GuardSettings(pair_model_dir=_model_dir(tmp_path, GOOD)).pair_model_dir == tmp_path
    assert GuardSettings().pair_model_dir is None


# -- training inputs ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "expected"),
    [("3", {3}), ("1-4", {1, 2, 3, 4}), ("1-2,9", {1, 2, 9}), (" 5 - 6 ", {5, 6})],
)
def test_batch_ranges(spec: str, expected: set[int]) -> None:
    assert batch_range(spec) == expected


@pytest.mark.parametrize("spec", ["", "a-b", "4-2", "1-"])
def test_a_bad_batch_range_is_refused(spec: str) -> None:
    with pytest.raises(ValueError):
        batch_range(spec)


def test_the_loader_reads_dev_rows_and_never_the_held_out_ones(tmp_path: Path) -> None:
    rows = [
        {"failed": ["a"], "candidate": "b", "block": True, "batch": 1, "split": "dev"},
        {"failed": ["c"], "candidate": "d", "block": False, "batch": 2},
        {"failed": ["e"], "candidate": "f", "block": False, "split": "test3"},
    ]
    path = tmp_path / "set.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n\n", encoding="utf-8")
    dev, skipped, digest = load_labelled(path)
    assert [(r.candidate, r.block, r.batch) for r in dev] == [("b", True, 1), ("d", False, 2)]
    assert skipped == 1
    assert len(digest) == 64


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("{not json", "line 1: not JSON"),
        ('{"failed": [], "candidate": "b", "block": true}', "line 1: needs"),
        ("[1, 2]", "line 1: expected a JSON object"),
        ('{"failed": ["a"], "candidate": "b", "block": "yes"}', "line 1: needs"),
        ('{"failed": ["a"], "candidate": " ", "block": true}', "line 1: 'candidate' must be"),
    ],
)
def test_the_loader_names_a_bad_line(tmp_path: Path, line: str, reason: str) -> None:
    path = tmp_path / "set.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=reason):
        load_labelled(path)


def test_where_the_embedding_runs_the_judge_reads_alongside_once() -> None:
    from tests.fakes import FakeEmbedder

    failed, candidate = "Frobnicate the quux", "Wiggle the zorp gently"
    judge = ScriptedPairJudge({(failed, candidate): 3.0})
    guard = CatalogGuardEquivalence(FakeEmbedder(), pair_judge=judge)
    embeds = count_calls(guard.embedder, "embed")
    match = guard.find_equivalent(candidate, [known_attempt(failed)])
    assert embeds() == 1, "this pair must need the cosine for the test to mean anything"
    assert match is not None and match.rule == "pair-model(scripted):3.000>=2.000"
    assert judge.asked == [(failed, candidate)]
    assert judge.threads[0].startswith("pair-judge")


def test_without_overlap_the_judge_reads_after_the_embedding_with_the_same_answer() -> None:
    from tests.fakes import FakeEmbedder

    failed, candidate = "Frobnicate the quux", "Wiggle the zorp gently"
    judge = ScriptedPairJudge({(failed, candidate): 3.0})
    guard = CatalogGuardEquivalence(FakeEmbedder(), pair_judge=judge, overlap_pair_judge=False)
    match = guard.find_equivalent(candidate, [known_attempt(failed)])
    assert match is not None and match.model_score == 3.0
    assert judge.asked == [(failed, candidate)]
    assert judge.threads == [threading.current_thread().name]
