"""The learned pair model inside the guard (a fake judge), its manifest, its training inputs."""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from pydantic import ValidationError

from caseledger.adapters.catalog.catalog import load_catalog
from caseledger.adapters.equivalence.action_catalog import CatalogGuardEquivalence
from caseledger.adapters.equivalence.pair_model import (
    PairModelError,
    packaged_model_dir,
    read_manifest,
)
from caseledger.adapters.equivalence.pair_model_training import (
    batch_range,
    catalog_pairs,
    load_labelled,
)
from caseledger.adapters.settings import GuardSettings
from caseledger.domain.ports import AsyncPairJudge, GuardOutcome, KnownAttempt, PairJudge
from tests.contracts.equivalence import assert_attempt_equivalence, known_attempt
from tests.fakes import AsyncScriptedPairJudge, ScriptedPairJudge, count_calls


def test_the_fake_satisfies_the_port_and_the_guard_keeps_its_contract() -> None:
    judge: PairJudge = ScriptedPairJudge()
    assert_attempt_equivalence(CatalogGuardEquivalence(None, pair_judge=judge))


def test_a_score_at_the_threshold_blocks_with_the_pair_model_rule_and_its_logit() -> None:
    failed = "Change DNS to Google Public DNS"
    candidate = "Aim the lookup box at the search company's public servers"
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
    failed, candidate = "清除应用缓存", "把这个软件存的东西弄掉"
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
    candidate = "Wipe whatever the browser has kept around"
    assert guard.find_equivalent(candidate, known) is None
    assert judge.asked == [("Clear the browser cache and cookies", candidate)]
    assert guard.nearest(candidate, [k.text for k in known]) == 1


@pytest.mark.parametrize(
    ("failed", "candidate"),
    [
        # Read in full as two catalog actions, and two actions they are.
        (
            "Restart the router and wait two minutes before reconnecting",
            "Clear the browser cache and cookies, then try again",
        ),
        (
            "Restart the printer and try printing again.",
            "Reinstall the printer driver from the manufacturer's website.",
        ),
    ],
)
def test_the_judge_is_not_asked_where_the_reading_read_two_different_actions(
    failed: str, candidate: str
) -> None:
    judge = ScriptedPairJudge(default=50.0)
    guard = CatalogGuardEquivalence(None, pair_judge=judge)
    [verdict] = guard.explain(candidate, [failed])
    assert verdict.decision.rule.startswith("differs:")
    assert guard.find_equivalent(candidate, [known_attempt(failed)]) is None
    assert judge.asked == []
    # Asked there too on request (CASELEDGER_GUARD__PAIR_MODEL_WHEN_READ_DIFFERENT).
    asking = CatalogGuardEquivalence(None, pair_judge=judge, judge_read_different=True)
    match = asking.find_equivalent(candidate, [known_attempt(failed)])
    assert match is not None and match.rule.startswith("pair-model(scripted)")
    assert judge.asked == [(failed, candidate)]


def test_where_the_reading_read_two_actions_the_judge_must_clear_its_second_bar() -> None:
    """A model with a read-different bar (``--read-different-margin``) blocks a pair the
    reading read in full as two actions only at or above that bar; elsewhere its threshold
    is the bar, as before."""
    failed = "Restart the printer and try printing again."
    candidate = "Reinstall the printer driver from the manufacturer's website."
    open_failed = "Change DNS to Google Public DNS"
    open_candidate = "Aim the lookup box at the search company's public servers"

    def guard(score: float) -> CatalogGuardEquivalence:
        scores = {(failed, candidate): score, (open_failed, open_candidate): score}
        judge = ScriptedPairJudge(scores, read_different_threshold=3.0)
        return CatalogGuardEquivalence(None, pair_judge=judge, judge_read_different=True)

    [verdict] = guard(0.0).explain(candidate, [failed])
    assert verdict.decision.rule.startswith("differs:")
    assert guard(2.999).find_equivalent(candidate, [known_attempt(failed)]) is None
    at_bar = guard(3.0).find_equivalent(candidate, [known_attempt(failed)])
    assert at_bar is not None and at_bar.rule == "pair-model(scripted):3.000>=3.000"
    # A pair the reading leaves open meets the threshold (2.0) alone.
    [verdict] = guard(0.0).explain(open_candidate, [open_failed])
    assert not verdict.decision.rule.startswith("differs:")
    below_bar = guard(2.5).find_equivalent(open_candidate, [known_attempt(open_failed)])
    assert below_bar is not None and below_bar.rule == "pair-model(scripted):2.500>=2.000"


def test_the_reading_reads_every_next_step_of_the_playbook_as_two_actions() -> None:
    """Why the calibration measures the playbook's margin against the read-different bar:
    every next step the offline responder proposes, in every pair of languages, is a pair the
    reading reads in full as two different actions."""
    guard = CatalogGuardEquivalence(None)
    rules = {
        (earlier.action_id, later.action_id, one, other): verdict.decision.rule
        for _, earlier, one, later, other in load_catalog().next_steps()
        for verdict in guard.explain(later.text(other), [earlier.text(one)])
    }
    assert len(rules) == 1364
    assert {key: rule for key, rule in rules.items() if not rule.startswith("differs:")} == {}


def test_no_step_of_a_playbook_category_blocks_another_with_the_judge_sure_of_every_pair() -> None:
    """The offline responder proposes a category's next step after one failed: whatever the
    model says, the guard never blocks one step of a category against another."""
    from caseledger.adapters.catalog.catalog import load_catalog

    catalog = load_catalog()
    judge = ScriptedPairJudge(default=50.0)
    guard = CatalogGuardEquivalence(None, catalog, pair_judge=judge)
    blocked = []
    for category in catalog.categories:
        steps = catalog.steps(category)
        for failed in steps:
            for step in steps:
                for failed_lang, step_lang in (("en", "en"), ("zh", "zh"), ("en", "zh")):
                    if step is failed:
                        continue
                    known = [known_attempt(failed.text(failed_lang))]
                    if guard.find_equivalent(step.text(step_lang), known) is not None:
                        blocked.append((failed.action_id, step.action_id, step_lang))
    assert blocked == []
    assert judge.asked == []


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
    # A veto threshold is optional: a model calibrated before the veto has none.
    assert (
        read_manifest(_model_dir(tmp_path, {**GOOD, "veto_threshold": -1.5}))["veto_threshold"]
        == -1.5
    )
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


def test_the_packaged_weights_are_the_ones_its_readme_names() -> None:
    """models/README.md records the weights' digest and how they were made: a model replaced
    without its provenance fails here."""
    import hashlib
    import re

    packaged = packaged_model_dir()
    readme = (packaged.parent / "README.md").read_text(encoding="utf-8")
    named = re.search(r"sha256 of `model.onnx` `([0-9a-f]{64})`", readme)
    assert named is not None, "models/README.md names no sha256 for model.onnx"
    digest = hashlib.sha256((packaged / "model.onnx").read_bytes()).hexdigest()
    assert digest == named.group(1)
    manifest = read_manifest(packaged)
    assert manifest["calibration"]["batches"] == list(range(43, 51))
    assert set(manifest["trained_on"]["batches"]).isdisjoint(manifest["calibration"]["batches"])
    assert manifest["veto_threshold"] < manifest["threshold"]
    data = Path(__file__).resolve().parents[3] / "data" / "guard_labelled.jsonl"
    with data.open(encoding="utf-8") as lines:
        rows = [json.loads(line) for line in lines if line.strip()]
    held_out = {row["batch"] for row in rows if row["split"] != "dev"}
    assert held_out.isdisjoint(manifest["trained_on"]["batches"])
    # The shipped recipe's catalog pairs, from every category of the bundled catalog.
    from_catalog = manifest["trained_on"]["catalog_pairs"]
    assert from_catalog["categories"] == list(load_catalog().categories)
    assert from_catalog["pairs"] == len(catalog_pairs(load_catalog()))


def test_settings_serve_the_packaged_model_unless_another_is_named_or_it_is_off(
    tmp_path: Path,
) -> None:
    packaged = packaged_model_dir()
    assert GuardSettings().pair_model_directory() == packaged
    assert read_manifest(packaged)["name"] == "pair-minilm-6l-int8"
    other = _model_dir(tmp_path, GOOD)
    assert GuardSettings(pair_model_dir=other).pair_model_directory() == other
    assert GuardSettings(use_pair_model=False).pair_model_directory() is None
    assert GuardSettings(use_pair_model=False, pair_model_dir=other).pair_model_directory() is None


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


def test_catalog_pairs_say_two_steps_of_a_category_differ_and_one_steps_texts_agree() -> None:
    catalog = load_catalog()
    pairs = catalog_pairs(catalog)
    action_of: dict[str, set[str]] = {}
    for action in catalog.actions:
        for text in action.texts.values():
            action_of.setdefault(text, set()).add(action.action_id)
    same_category = {
        frozenset((a.action_id, b.action_id))
        for c in catalog.categories
        for a in catalog.steps(c)
        for b in catalog.steps(c)
        if a.action_id != b.action_id
    }
    for known, candidate, label in pairs:
        assert (candidate, known, label) in pairs  # both orders
        # Step texts only (aliases cost the model AUC: the function's docstring).
        ids_known, ids_candidate = action_of[known], action_of[candidate]
        if label:
            assert ids_known == ids_candidate
        else:
            assert any(frozenset((a, b)) in same_category for a in ids_known for b in ids_candidate)
    negatives = {(k, c) for k, c, label in pairs if not label}
    positives = {(k, c) for k, c, label in pairs if label}
    # Every two steps of a category, in English, in Chinese and across, differ.
    for pair in same_category:
        one, other = (catalog.action(a) for a in sorted(pair))
        for a in ("en", "zh"):
            for b in ("en", "zh"):
                assert (one.text(a), other.text(b)) in negatives
    # Every step's English and Chinese texts are one action; a step of two categories once.
    assert positives == {
        (x, y)
        for action in catalog.actions
        for x, y in ((action.text("en"), action.text("zh")), (action.text("zh"), action.text("en")))
    }
    assert sum(label for _, _, label in pairs) == 2 * len(catalog.actions)
    assert catalog_pairs(catalog, prepare=str.upper)[0][0] == pairs[0][0].upper()


def test_catalog_pairs_keep_a_skipped_categorys_steps_out_even_where_another_lists_them() -> None:
    catalog = load_catalog()
    skipped = frozenset({"wifi", "printer"})
    kept_out = {text for c in skipped for a in catalog.steps(c) for text in a.texts.values()}
    pairs = catalog_pairs(catalog, skip_categories=skipped)
    assert pairs
    assert not {t for pair in pairs for t in pair[:2]} & kept_out
    with pytest.raises(ValueError, match="no such catalog categories: \\['nope'\\]"):
        catalog_pairs(catalog, skip_categories=frozenset({"nope"}))


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
    guard.warm_up([failed])  # the step on record has its vector, as it does once seen
    embeds = count_calls(guard.embedder, "embed")
    match = guard.find_equivalent(candidate, [known_attempt(failed)])
    assert embeds() == 1, "this pair must need the cosine for the test to mean anything"
    assert match is not None and match.rule == "pair-model(scripted):3.000>=2.000"
    assert judge.asked == [(failed, candidate)]
    assert judge.threads[0].startswith("pair-judge")


def test_no_read_starts_alongside_the_embedding_for_a_nearest_pair_read_as_different() -> None:
    from caseledger.domain.policies.action_frames import GuardRule
    from tests.fakes import FakeEmbedder

    known = [known_attempt("Restart the router", "att-1"), known_attempt("Frobnicate the quux")]
    judge = ScriptedPairJudge(default=50.0)
    # The gate on: the read candidate is embedded for the unread failed step, while the step
    # nearest it in wording was read in full as another action.
    guard = CatalogGuardEquivalence(
        FakeEmbedder(), rule=GuardRule(semantic_gate_unread_failed=0.0), pair_judge=judge
    )
    guard.warm_up([attempt.text for attempt in known])
    embeds = count_calls(guard.embedder, "embed")
    assert guard.find_equivalent("Factory-reset the router", known) is None
    assert embeds() == 1, "the embedding must run for the test to mean anything"
    assert judge.asked == []


def test_without_overlap_the_judge_reads_after_the_embedding_with_the_same_answer() -> None:
    from tests.fakes import FakeEmbedder

    failed, candidate = "Frobnicate the quux", "Wiggle the zorp gently"
    judge = ScriptedPairJudge({(failed, candidate): 3.0})
    guard = CatalogGuardEquivalence(FakeEmbedder(), pair_judge=judge, overlap_pair_judge=False)
    match = guard.find_equivalent(candidate, [known_attempt(failed)])
    assert match is not None and match.model_score == 3.0
    assert judge.asked == [(failed, candidate)]
    assert judge.threads == [threading.current_thread().name]


# -- the veto: the model overrules the reading's weakest blocks -------------------------------

PARTIAL_FAILED = "Uninstalled the Honey extension"
PARTIAL_CANDIDATE = "Remove the Grammarly extension too."  # read in part: a partial block


def _combined_guard(judge: ScriptedPairJudge) -> CatalogGuardEquivalence:
    from tests.fakes import FakeEmbedder

    # Unknown verbs, synonyms to the fake embedder: cosine 0.89, wording 0.35 -> "combined".
    embedder = FakeEmbedder(
        dims=512, synonyms={"twiddle": "frobnicate", "flange": "wibble", "doohickey": "gizmo"}
    )
    return CatalogGuardEquivalence(embedder, pair_judge=judge)


def test_a_partial_block_scored_below_the_veto_is_overruled_and_said_so() -> None:
    judge = ScriptedPairJudge({(PARTIAL_FAILED, PARTIAL_CANDIDATE): -3.0}, veto_threshold=-1.5)
    guard = CatalogGuardEquivalence(None, pair_judge=judge)
    attempt = known_attempt(PARTIAL_FAILED, "att-7")
    assert CatalogGuardEquivalence(None).find_equivalent(PARTIAL_CANDIDATE, [attempt]) is not None
    outcome = guard.decide(PARTIAL_CANDIDATE, [attempt])
    assert outcome.match is None
    [overruled] = outcome.overruled
    assert overruled.attempt.attempt_id == "att-7"
    assert overruled.rule.startswith("partial:")
    assert overruled.model_score == -3.0
    assert guard.find_equivalent(PARTIAL_CANDIDATE, [attempt]) is None


def test_a_combined_block_scored_below_the_veto_is_overruled() -> None:
    failed, candidate = "Frobnicate the wibble gizmo", "Twiddle the flange doohickey gently"
    unvetoed = _combined_guard(ScriptedPairJudge()).find_equivalent(
        candidate, [known_attempt(failed)]
    )
    assert unvetoed is not None and unvetoed.rule == "combined"
    judge = ScriptedPairJudge({(failed, candidate): -2.0}, veto_threshold=-1.5)
    outcome = _combined_guard(judge).decide(candidate, [known_attempt(failed)])
    assert outcome.match is None
    assert [o.rule for o in outcome.overruled] == ["combined"]


@pytest.mark.parametrize("score", [-1.5, 0.0, None])
def test_a_weak_block_stands_at_or_above_the_veto_or_where_the_model_cannot_read(
    score: float | None,
) -> None:
    judge = ScriptedPairJudge({(PARTIAL_FAILED, PARTIAL_CANDIDATE): score}, veto_threshold=-1.5)
    outcome = CatalogGuardEquivalence(None, pair_judge=judge).decide(
        PARTIAL_CANDIDATE, [known_attempt(PARTIAL_FAILED)]
    )
    assert outcome.match is not None and outcome.match.rule.startswith("partial:")
    assert outcome.overruled == ()
    assert judge.asked == [(PARTIAL_FAILED, PARTIAL_CANDIDATE)]


def test_without_a_veto_threshold_the_judge_is_not_asked_about_blocks() -> None:
    judge = ScriptedPairJudge(default=-50.0)
    match = CatalogGuardEquivalence(None, pair_judge=judge).find_equivalent(
        PARTIAL_CANDIDATE, [known_attempt(PARTIAL_FAILED)]
    )
    assert match is not None and match.rule.startswith("partial:")
    assert judge.asked == []


def test_without_a_catalog_veto_catalog_blocks_are_never_overruled() -> None:
    judge = ScriptedPairJudge(default=-50.0, veto_threshold=-1.0, frame_veto_threshold=-3.0)
    guard = CatalogGuardEquivalence(None, pair_judge=judge)
    match = guard.find_equivalent("Reboot the router", [known_attempt("Restart the router")])
    assert match is not None and match.rule == "catalog:router.restart"
    assert judge.asked == []


def test_a_catalog_block_is_overruled_only_below_the_catalog_veto() -> None:
    attempt = known_attempt("Restart the router", "att-4")
    pair = ("Restart the router", "Reboot the router")
    # The frame veto is not the catalog's: a score below it alone leaves the block standing.
    for score, vetoes, overruled in (
        (-3.5, {"frame_veto_threshold": -3.0}, False),
        (-2.5, {"catalog_veto_threshold": -3.0}, False),
        (-3.0, {"catalog_veto_threshold": -3.0}, False),
        (None, {"catalog_veto_threshold": -3.0}, False),
        (-3.5, {"catalog_veto_threshold": -3.0}, True),
    ):
        judge = ScriptedPairJudge({pair: score}, veto_threshold=-1.0, **vetoes)
        outcome = CatalogGuardEquivalence(None, pair_judge=judge).decide(pair[1], [attempt])
        if overruled:
            assert outcome.match is None
            [record] = outcome.overruled
            assert (record.attempt.attempt_id, record.rule) == ("att-4", "catalog:router.restart")
            assert (record.model_score, record.veto_threshold) == (-3.5, -3.0)
        else:
            assert outcome.match is not None
            assert outcome.match.rule == "catalog:router.restart", (score, vetoes)
            assert outcome.overruled == ()


# The same operation on another thing, read from action frames as one action.
FRAME_FAILED = "Clear the cache of the PayPal app"
FRAME_CANDIDATE = "Clear the cache of Google Play Services"


def test_a_frame_block_is_overruled_only_below_the_stricter_frame_veto() -> None:
    attempt = known_attempt(FRAME_FAILED, "att-3")
    plain = CatalogGuardEquivalence(None).find_equivalent(FRAME_CANDIDATE, [attempt])
    assert plain is not None and plain.rule.startswith("frame:")
    # Below the weak blocks' veto, above the frame veto: the frame block stands.
    judge = ScriptedPairJudge(
        {(FRAME_FAILED, FRAME_CANDIDATE): -2.0}, veto_threshold=-1.5, frame_veto_threshold=-3.0
    )
    outcome = CatalogGuardEquivalence(None, pair_judge=judge).decide(FRAME_CANDIDATE, [attempt])
    assert outcome.match is not None and outcome.match.rule == plain.rule
    assert outcome.overruled == ()
    assert judge.asked == [(FRAME_FAILED, FRAME_CANDIDATE)]
    # Below the frame veto: overruled, and said so with the bar it fell under.
    judge = ScriptedPairJudge(
        {(FRAME_FAILED, FRAME_CANDIDATE): -3.5}, veto_threshold=-1.5, frame_veto_threshold=-3.0
    )
    outcome = CatalogGuardEquivalence(None, pair_judge=judge).decide(FRAME_CANDIDATE, [attempt])
    assert outcome.match is None
    [overruled] = outcome.overruled
    assert (overruled.attempt.attempt_id, overruled.rule) == ("att-3", plain.rule)
    assert (overruled.model_score, overruled.veto_threshold) == (-3.5, -3.0)


@pytest.mark.parametrize("vetoes", [{}, {"veto_threshold": -1.5}])
def test_without_a_frame_veto_a_frame_block_stands_and_the_judge_is_not_asked(
    vetoes: dict[str, float],
) -> None:
    judge = ScriptedPairJudge(default=-50.0, **vetoes)
    match = CatalogGuardEquivalence(None, pair_judge=judge).find_equivalent(
        FRAME_CANDIDATE, [known_attempt(FRAME_FAILED)]
    )
    assert match is not None and match.rule.startswith("frame:")
    assert judge.asked == []


# The same catalog action, on another unit, and the candidate says so.
INSTANCE_FAILED = "Restart the router"
INSTANCE_CANDIDATE = "Restart the router in the garage as well"


def test_a_catalog_block_pointing_at_another_instance_is_overruled_below_the_instance_veto() -> (
    None
):
    attempt = known_attempt(INSTANCE_FAILED, "att-5")
    plain = CatalogGuardEquivalence(None).find_equivalent(INSTANCE_CANDIDATE, [attempt])
    assert plain is not None and plain.rule == "catalog:router.restart"
    vetoes = {"veto_threshold": -1.5, "frame_veto_threshold": -3.0, "instance_veto_threshold": 0.2}
    # At the instance veto it stands; below it the block is overruled with that bar.
    for score, overruled in ((0.2, False), (0.1, True), (None, False)):
        judge = ScriptedPairJudge({(INSTANCE_FAILED, INSTANCE_CANDIDATE): score}, **vetoes)
        outcome = CatalogGuardEquivalence(None, pair_judge=judge).decide(
            INSTANCE_CANDIDATE, [attempt]
        )
        assert (outcome.match is None) is overruled
        assert judge.asked[0] == (INSTANCE_FAILED, INSTANCE_CANDIDATE)
        if overruled:
            [record] = outcome.overruled
            assert (record.rule, record.model_score, record.veto_threshold) == (
                plain.rule,
                0.1,
                0.2,
            )


def test_a_catalog_block_without_a_word_for_another_instance_is_never_overruled() -> None:
    judge = ScriptedPairJudge(default=-50.0, instance_veto_threshold=0.2)
    guard = CatalogGuardEquivalence(None, pair_judge=judge)
    match = guard.find_equivalent("Reboot the router", [known_attempt(INSTANCE_FAILED)])
    assert match is not None and match.rule == "catalog:router.restart"
    assert judge.asked == []


# The same action on a unit of another name, or set to another value; no word says so.
UNIT_FAILED = "Restarted the router in the living room"
UNIT_CANDIDATE = "Restart the router in the garage"
VALUE_FAILED = "Set Auto-Lock to 2 minutes"
VALUE_CANDIDATE = "Set Auto-Lock to 30 seconds"


@pytest.mark.parametrize(
    ("failed", "candidate", "rule"),
    [
        (UNIT_FAILED, UNIT_CANDIDATE, "catalog:router.restart"),
        (VALUE_FAILED, VALUE_CANDIDATE, "frame:set/account.lock[auto]"),
    ],
)
@pytest.mark.parametrize(("score", "overruled"), [(0.2, False), (0.1, True)])
def test_a_block_on_another_named_unit_or_value_is_overruled_below_the_instance_veto(
    failed: str, candidate: str, rule: str, score: float, overruled: bool
) -> None:
    attempt = known_attempt(failed, "att-6")
    plain = CatalogGuardEquivalence(None).find_equivalent(candidate, [attempt])
    assert plain is not None and plain.rule == rule
    judge = ScriptedPairJudge(
        {(failed, candidate): score}, veto_threshold=-1.5, instance_veto_threshold=0.2
    )
    outcome = CatalogGuardEquivalence(None, pair_judge=judge).decide(candidate, [attempt])
    assert judge.asked[0] == (failed, candidate)
    assert (outcome.match is None) is overruled
    assert [o.veto_threshold for o in outcome.overruled] == [0.2] * overruled


def test_a_catalog_block_on_the_same_named_unit_is_never_overruled() -> None:
    judge = ScriptedPairJudge(default=-50.0, instance_veto_threshold=0.2)
    guard = CatalogGuardEquivalence(None, pair_judge=judge)
    match = guard.find_equivalent(
        "Reboot the router in the garage", [known_attempt(UNIT_CANDIDATE)]
    )
    assert match is not None and match.rule == "catalog:router.restart"
    assert judge.asked == []


@pytest.mark.parametrize(
    ("instance_veto", "score", "overruled"),
    [
        (-1.0, -2.0, True),  # the instance veto is the higher bar: it applies
        (-1.0, -0.5, False),
        (-4.0, -3.5, True),  # the frame veto is the higher bar: it applies
        (None, -3.5, True),  # no instance veto: the frame veto alone
        (None, -2.0, False),
    ],
)
def test_a_frame_block_pointing_elsewhere_is_overruled_below_the_higher_of_its_two_bars(
    instance_veto: float | None, score: float, overruled: bool
) -> None:
    candidate = "Clear the cache of Google Play Services too"
    judge = ScriptedPairJudge(
        {(FRAME_FAILED, candidate): score},
        frame_veto_threshold=-3.0,
        instance_veto_threshold=instance_veto,
    )
    outcome = CatalogGuardEquivalence(None, pair_judge=judge).decide(
        candidate, [known_attempt(FRAME_FAILED)]
    )
    assert (outcome.match is None) is overruled
    assert [o.rule.startswith("frame:") for o in outcome.overruled] == [True] * overruled


def _two_partial_blocks() -> tuple[
    list[KnownAttempt], ScriptedPairJudge, KnownAttempt, KnownAttempt
]:
    """Two partial blocks of PARTIAL_CANDIDATE: the judge overrules the surer (``first``)."""
    known = [
        known_attempt(PARTIAL_FAILED, "att-1"),
        known_attempt("Removed the Honey extension from Chrome", "att-2"),  # partial too
    ]
    first = CatalogGuardEquivalence(None).find_equivalent(PARTIAL_CANDIDATE, known)
    assert first is not None and first.rule.startswith("partial:")
    [other] = [k for k in known if k is not first.attempt]
    judge = ScriptedPairJudge(
        {(first.attempt.text, PARTIAL_CANDIDATE): -3.0, (other.text, PARTIAL_CANDIDATE): 0.5},
        veto_threshold=-1.5,
    )
    return known, judge, first.attempt, other


def test_an_overruled_block_gives_way_to_the_next_block() -> None:
    known, judge, first, other = _two_partial_blocks()
    outcome = CatalogGuardEquivalence(None, pair_judge=judge).decide(PARTIAL_CANDIDATE, known)
    assert outcome.match is not None and outcome.match.attempt == other
    assert outcome.match.rule.startswith("partial:")
    assert [o.attempt for o in outcome.overruled] == [first]


def test_when_every_block_is_overruled_the_judge_still_decides_as_for_an_allow() -> None:
    # Overruled, the candidate is an allowed one: the judge reads the nearest step, and its
    # score there can block it again, with the model's own rule.
    near = "Disable the Grammarly add-on"
    judge = ScriptedPairJudge(
        {(PARTIAL_FAILED, PARTIAL_CANDIDATE): -3.0, (near, PARTIAL_CANDIDATE): 2.5},
        veto_threshold=-1.5,
    )
    guard = CatalogGuardEquivalence(None, pair_judge=judge)
    known = [known_attempt(PARTIAL_FAILED, "att-1"), known_attempt(near, "att-2")]
    verdicts = [v.decision.same for v in guard.explain(PARTIAL_CANDIDATE, [k.text for k in known])]
    assert verdicts == [True, False], "the second step must be one the reading allows"
    outcome = guard.decide(PARTIAL_CANDIDATE, known)
    assert outcome.match is not None and outcome.match.rule.startswith("pair-model(scripted)")
    assert outcome.match.attempt.attempt_id == "att-2"
    assert len(outcome.overruled) == 1


def test_while_one_block_is_read_the_next_blocks_read_runs_on_the_worker() -> None:
    known, judge, first_attempt, other_attempt = _two_partial_blocks()
    first, other = first_attempt.text, other_attempt.text
    outcome = CatalogGuardEquivalence(None, pair_judge=judge).decide(PARTIAL_CANDIDATE, known)
    asked = dict(zip(judge.asked, judge.threads, strict=True))
    assert asked[(first, PARTIAL_CANDIDATE)] == threading.current_thread().name
    assert asked[(other, PARTIAL_CANDIDATE)].startswith("pair-judge")
    assert len(judge.asked) == 2
    # The same answer without reading ahead, every read on the caller's thread.
    known, alone, _, _ = _two_partial_blocks()
    without = CatalogGuardEquivalence(None, pair_judge=alone, read_ahead=False)
    assert without.decide(PARTIAL_CANDIDATE, known) == outcome
    assert alone.asked == [(first, PARTIAL_CANDIDATE), (other, PARTIAL_CANDIDATE)]
    assert set(alone.threads) == {threading.current_thread().name}


def test_after_the_last_block_the_nearest_pairs_read_runs_on_the_worker() -> None:
    near = "Disable the Grammarly add-on"
    judge = ScriptedPairJudge(
        {(PARTIAL_FAILED, PARTIAL_CANDIDATE): -3.0, (near, PARTIAL_CANDIDATE): 2.5},
        veto_threshold=-1.5,
    )
    known = [known_attempt(PARTIAL_FAILED, "att-1"), known_attempt(near, "att-2")]
    outcome = CatalogGuardEquivalence(None, pair_judge=judge).decide(PARTIAL_CANDIDATE, known)
    assert outcome.match is not None and outcome.match.attempt.attempt_id == "att-2"
    asked = dict(zip(judge.asked, judge.threads, strict=True))
    assert asked[(near, PARTIAL_CANDIDATE)].startswith("pair-judge")
    assert len(judge.asked) == 2


def _decide_while_the_pool_is_busy(
    guard: CatalogGuardEquivalence, known: list[KnownAttempt]
) -> GuardOutcome:
    """The guard's decision on PARTIAL_CANDIDATE with its one-worker pool kept busy, so every
    read it starts ahead waits in the queue; then the pool is drained, so a read it did not
    cancel runs (and is recorded) before this returns."""
    release, started = threading.Event(), threading.Event()
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pair-judge")

    def hold() -> None:
        started.set()
        release.wait(10)

    busy = pool.submit(hold)
    started.wait(10)
    guard._pool = pool  # the guard's own pool, created on first use
    try:
        outcome = guard.decide(PARTIAL_CANDIDATE, known)
    finally:
        release.set()
    busy.result(10)
    pool.shutdown(wait=True)
    return outcome


def test_a_read_ahead_still_queued_when_needed_is_cancelled_and_read_inline() -> None:
    known, judge, first_attempt, other_attempt = _two_partial_blocks()
    first, other = first_attempt.text, other_attempt.text
    guard = CatalogGuardEquivalence(None, pair_judge=judge)
    outcome = _decide_while_the_pool_is_busy(guard, known)
    assert outcome.match is not None and outcome.match.model_score is None
    assert judge.asked == [(first, PARTIAL_CANDIDATE), (other, PARTIAL_CANDIDATE)]
    assert set(judge.threads) == {threading.current_thread().name}


def test_a_block_that_stands_drops_the_read_ahead_it_no_longer_needs() -> None:
    known, judge, first_attempt, _ = _two_partial_blocks()
    first = first_attempt.text
    judge.scores[(first, PARTIAL_CANDIDATE)] = 1.0  # at or above the veto: the block stands
    guard = CatalogGuardEquivalence(None, pair_judge=judge)
    outcome = _decide_while_the_pool_is_busy(guard, known)
    assert outcome.match is not None and outcome.match.attempt.text == first
    assert outcome.overruled == ()
    assert judge.asked == [(first, PARTIAL_CANDIDATE)]


def test_the_async_fake_is_an_async_judge_and_the_guard_keeps_its_contract() -> None:
    judge = AsyncScriptedPairJudge()
    assert isinstance(judge, AsyncPairJudge)
    assert not isinstance(ScriptedPairJudge(), AsyncPairJudge)
    assert_attempt_equivalence(CatalogGuardEquivalence(None, pair_judge=judge, read_first=True))


def test_the_guard_reads_first_only_when_told_to() -> None:
    judge = AsyncScriptedPairJudge()
    candidate = "Wipe whatever the browser has kept around"
    CatalogGuardEquivalence(None, pair_judge=judge).decide(candidate, [known_attempt("Reboot")])
    assert judge.started == []  # off by default (bench/README.md, "Round 53")


def test_the_nearest_pair_is_read_first_where_no_step_shares_the_candidates_action() -> None:
    known = [
        known_attempt("Update the graphics driver", "att-1"),
        known_attempt("Clear the browser cache and cookies", "att-2"),
        known_attempt("Reinstall the printer software", "att-3"),
    ]
    candidate = "Wipe whatever the browser has kept around"
    pair = ("Clear the browser cache and cookies", candidate)
    judge = AsyncScriptedPairJudge({pair: 2.5})
    match = CatalogGuardEquivalence(None, pair_judge=judge, read_first=True).find_equivalent(
        candidate, known
    )
    assert match is not None and match.attempt.attempt_id == "att-2"
    assert match.model_score == 2.5
    # Started before anything was asked inline, and taken: the one read, not run twice.
    assert judge.order == [("start", pair), ("score", pair)]
    assert [(p.pair, p.taken, p.abandoned) for p in judge.started] == [(pair, True, False)]


def test_a_block_on_the_candidates_catalog_action_is_read_first() -> None:
    failed, candidate = "Restart the router", "Reboot the router"
    known = [
        known_attempt("Update the graphics driver", "att-1"),
        known_attempt("Reboot the printer", "att-2"),
        known_attempt(failed, "att-3"),
    ]
    guard = CatalogGuardEquivalence(None)
    assert guard.catalog_action(candidate) is not None
    assert guard.catalog_action(candidate) == guard.catalog_action(failed)
    judge = AsyncScriptedPairJudge({(failed, candidate): 0.5}, catalog_veto_threshold=-1.0)
    outcome = CatalogGuardEquivalence(None, pair_judge=judge, read_first=True).decide(
        candidate, known
    )
    # The veto read of the block it stands on was the read started first, and taken.
    assert outcome.match is not None and outcome.match.attempt.attempt_id == "att-3"
    assert judge.started[0].pair == (failed, candidate)
    assert judge.started[0].taken and not judge.started[0].abandoned
    assert judge.asked == [(failed, candidate)]


def test_a_read_started_first_and_not_needed_is_abandoned() -> None:
    failed, candidate = "Restart the router", "Reboot the router"
    # No catalog veto: the block stands unread, so the read started for it is dropped.
    judge = AsyncScriptedPairJudge({(failed, candidate): 0.5})
    outcome = CatalogGuardEquivalence(None, pair_judge=judge, read_first=True).decide(
        candidate, [known_attempt(failed, "att-1")]
    )
    assert outcome.match is not None and outcome.match.attempt.attempt_id == "att-1"
    assert [(p.pair, p.taken, p.abandoned) for p in judge.started] == [
        ((failed, candidate), False, True)
    ]
    assert judge.asked == []


@pytest.mark.parametrize("read_first", [True, False])
def test_reading_first_changes_no_answer(read_first: bool) -> None:
    known = [
        known_attempt(PARTIAL_FAILED, "att-1"),
        known_attempt("Disable the Grammarly add-on", "att-2"),
        known_attempt("Restart the router", "att-3"),
    ]
    candidates = [PARTIAL_CANDIDATE, "Reboot the router", "Turn the Grammarly add-on off"]
    scores = {(PARTIAL_FAILED, PARTIAL_CANDIDATE): -3.0}
    answers = []
    for judge in (
        ScriptedPairJudge(scores, veto_threshold=-1.5, catalog_veto_threshold=-4.0),
        AsyncScriptedPairJudge(scores, veto_threshold=-1.5, catalog_veto_threshold=-4.0),
    ):
        guard = CatalogGuardEquivalence(None, pair_judge=judge, read_first=read_first)
        answers.append([guard.decide(candidate, known) for candidate in candidates])
        if isinstance(judge, AsyncScriptedPairJudge):
            assert bool(judge.started) is read_first
    assert answers[0] == answers[1]


def test_guard_check_lists_what_the_model_overruled() -> None:
    from caseledger.adapters.guard.check import CheckSummary, check_lines

    judge = ScriptedPairJudge({(PARTIAL_FAILED, PARTIAL_CANDIDATE): -3.0}, veto_threshold=-1.5)
    line = json.dumps({"failed": [PARTIAL_FAILED], "candidate": PARTIAL_CANDIDATE, "block": False})
    summary = CheckSummary()
    [result] = check_lines([line], CatalogGuardEquivalence(None, pair_judge=judge), summary)
    assert result["decision"] == "allow"
    assert result["overruled"] == [
        {
            "matched": PARTIAL_FAILED,
            "matched_index": 0,
            "rule": result["overruled"][0]["rule"],
            "model_score": -3.0,
        }
    ]
    assert result["overruled"][0]["rule"].startswith("partial:")
    assert summary.as_dict()["overruled"] == 1 and summary.tn == 1


@pytest.mark.parametrize(
    ("manifest", "reason"),
    [
        ({**GOOD, "veto_threshold": "low"}, "veto_threshold must be a number"),
        ({**GOOD, "veto_threshold": 3.5}, "veto_threshold must be below threshold"),
        ({**GOOD, "frame_veto_threshold": True}, "frame_veto_threshold must be a number"),
        ({**GOOD, "frame_veto_threshold": 4.0}, "frame_veto_threshold must be below threshold"),
        ({**GOOD, "catalog_veto_threshold": "x"}, "catalog_veto_threshold must be a number"),
        (
            {**GOOD, "catalog_veto_threshold": 3.5},
            "catalog_veto_threshold must be below threshold",
        ),
        ({**GOOD, "instance_veto_threshold": "x"}, "instance_veto_threshold must be a number"),
        (
            {**GOOD, "instance_veto_threshold": 3.5},
            "instance_veto_threshold must be below threshold",
        ),
        ({**GOOD, "read_different_threshold": "x"}, "read_different_threshold must be a number"),
        (
            {**GOOD, "read_different_threshold": 3.4},
            "read_different_threshold must not be below threshold",
        ),
    ],
)
def test_a_bad_veto_or_second_threshold_is_refused(
    tmp_path: Path, manifest: object, reason: str
) -> None:
    with pytest.raises(PairModelError, match=reason):
        read_manifest(_model_dir(tmp_path, manifest))


def test_a_null_veto_threshold_is_no_veto(tmp_path: Path) -> None:
    manifest = {**GOOD, "catalog_veto_threshold": None}
    assert read_manifest(_model_dir(tmp_path, manifest))["catalog_veto_threshold"] is None


def test_settings_refuse_a_read_different_threshold_below_the_threshold(tmp_path: Path) -> None:
    directory = _model_dir(tmp_path, GOOD)  # threshold 3.5
    with pytest.raises(ValidationError, match="must not be below the pair model's threshold 3.5"):
        GuardSettings(pair_model_dir=directory, pair_model_read_different_threshold=3.4)
    with pytest.raises(ValidationError, match="must not be below the pair model's threshold 5.0"):
        GuardSettings(
            pair_model_dir=directory,
            pair_model_threshold=5.0,
            pair_model_read_different_threshold=4.0,
        )
    assert GuardSettings(pair_model_dir=directory, pair_model_read_different_threshold=3.5)
    # Nothing to check with the model off.
    assert GuardSettings(use_pair_model=False, pair_model_read_different_threshold=-9.0)


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("combined", True),
        ("partial:catalog:printer.clear_queue", True),
        ("partial:frame:remove/extensions", True),
        ("lexical>=0.95", False),  # near-identical wording
        ("semantic>=0.96", False),  # near-identical embedding
        ("catalog:router.restart", False),
        ("frame:clear/cache", False),
        ("identical", False),
        ("overwhelming:lexical>=0.98", False),
    ],
)
def test_only_the_least_sure_blocks_are_overrulable(rule: str, expected: bool) -> None:
    from caseledger.adapters.equivalence.action_catalog import overrulable

    assert overrulable(rule) is expected


def test_settings_refuse_a_veto_at_or_above_the_threshold(tmp_path: Path) -> None:
    directory = _model_dir(tmp_path, GOOD)  # threshold 3.5
    with pytest.raises(ValidationError, match="must be below the pair model's threshold 3.5"):
        GuardSettings(pair_model_dir=directory, pair_model_veto_threshold=3.5)
    with pytest.raises(ValidationError, match="must be below the pair model's threshold 1.0"):
        GuardSettings(
            pair_model_dir=directory, pair_model_threshold=1.0, pair_model_veto_threshold=2.0
        )
    # Below the threshold, or with the veto off, it is a setting like any other.
    assert GuardSettings(pair_model_dir=directory, pair_model_veto_threshold=-2.0)
    assert GuardSettings(
        pair_model_dir=directory, pair_model_veto=False, pair_model_veto_threshold=9.0
    )
    # The frame veto the same way, and off with its own switch or with every veto.
    with pytest.raises(ValidationError, match="pair_model_frame_veto_threshold 3.5 must be"):
        GuardSettings(pair_model_dir=directory, pair_model_frame_veto_threshold=3.5)
    assert GuardSettings(pair_model_dir=directory, pair_model_frame_veto_threshold=-3.0)
    for off in ({"pair_model_frame_veto": False}, {"pair_model_veto": False}):
        assert GuardSettings(pair_model_dir=directory, pair_model_frame_veto_threshold=9.0, **off)
    # The catalog veto the same way.
    with pytest.raises(ValidationError, match="pair_model_catalog_veto_threshold 3.5 must be"):
        GuardSettings(pair_model_dir=directory, pair_model_catalog_veto_threshold=3.5)
    assert GuardSettings(pair_model_dir=directory, pair_model_catalog_veto_threshold=-3.0)
    for off in ({"pair_model_catalog_veto": False}, {"pair_model_veto": False}):
        assert GuardSettings(pair_model_dir=directory, pair_model_catalog_veto_threshold=9.0, **off)
    # And the instance veto.
    with pytest.raises(ValidationError, match="pair_model_instance_veto_threshold 3.5 must be"):
        GuardSettings(pair_model_dir=directory, pair_model_instance_veto_threshold=3.5)
    assert GuardSettings(pair_model_dir=directory, pair_model_instance_veto_threshold=0.2)
    for off in ({"pair_model_instance_veto": False}, {"pair_model_veto": False}):
        assert GuardSettings(
            pair_model_dir=directory, pair_model_instance_veto_threshold=9.0, **off
        )
