"""CatalogGuardEquivalence: the port contract, catalog actions, lazy cached embeddings."""

from __future__ import annotations

import pytest

from caseledger.adapters.catalog import load_catalog
from caseledger.adapters.equivalence.action_catalog import (
    _STEP_LISTS_KEPT,
    CatalogGuardEquivalence,
    _Steps,
    _Wording,
)
from caseledger.domain.policies.action_frames import ActionIndex, GuardRule
from caseledger.domain.ports import AttemptEquivalence
from tests.contracts.equivalence import assert_attempt_equivalence, known_attempt
from tests.fakes import FakeEmbedder


def test_contract_with_fake_embedder() -> None:
    assert_attempt_equivalence(CatalogGuardEquivalence(FakeEmbedder()))


def test_contract_without_embedder() -> None:
    assert_attempt_equivalence(CatalogGuardEquivalence(None))


def test_contract_without_catalog() -> None:
    assert_attempt_equivalence(CatalogGuardEquivalence(FakeEmbedder(), index=ActionIndex()))


def test_satisfies_the_port() -> None:
    impl: AttemptEquivalence = CatalogGuardEquivalence(None)
    assert impl.find_equivalent("x", []) is None


@pytest.mark.parametrize(
    ("failed", "candidate"),
    [
        ("Change DNS to Google Public DNS", "Set DNS to 8.8.8.8"),
        ("Remove the card and add it again", "Delete the saved card, then re-enter it"),
        ("Restart the router", "重启路由器"),
        ("Power cycle the modem", "Unplug the modem, wait 30 seconds and plug it back in"),
        ("Update the Spotify app", "Update the app"),
        ("Turn off any VPN", "Disconnect the VPN app"),
        ("Charge the headphones", "Put the earbuds in their charging case for an hour"),
        ("Disable startup programs", "Stop apps from launching at boot in Task Manager"),
    ],
)
def test_blocks_the_same_action_and_names_the_catalog_rule(failed: str, candidate: str) -> None:
    guard = CatalogGuardEquivalence(None)
    match = guard.find_equivalent(candidate, [known_attempt(failed, "att-1")])
    assert match is not None
    assert match.rule.startswith(("catalog:", "frame:")), match.rule
    assert 0.0 <= match.lexical_score <= 1.0


@pytest.mark.parametrize(
    ("failed", "candidate"),
    [
        ("Restart the router", "Factory-reset the router"),
        ("Update the app", "Uninstall the app's updates"),
        ("Remove the card and add it again", "Try a different card"),
        ("重启路由器", "将路由器恢复出厂设置"),
        ("Turn off the Smart Gizmo Switch", "Turn on the Smart Gizmo Switch"),
        ("Update the Spotify app", "Update the Zoom app"),
        ("Turn Bluetooth off and back on", "Turn off Bluetooth on the laptop"),
        ("Uninstall the VPN app", "Turn off the VPN"),
    ],
)
def test_lets_a_different_action_through(failed: str, candidate: str) -> None:
    # The fake embedder scores shared words highly: the actions must decide, not the words.
    guard = CatalogGuardEquivalence(FakeEmbedder())
    assert guard.find_equivalent(candidate, [known_attempt(failed)]) is None


def test_catalog_action_of_a_text() -> None:
    guard = CatalogGuardEquivalence(None)
    assert guard.catalog_action("Set DNS to 8.8.8.8") == "wifi.set_dns_google"
    assert guard.catalog_action("重启路由器") == "router.restart"
    assert guard.catalog_action("Restart the router and update its firmware") is None  # two
    assert guard.catalog_action("Frobnicate the gizmo") is None
    for action in load_catalog().actions:  # every playbook step is recognised as itself
        assert guard.catalog_action(action.text("en")) == action.action_id
        assert guard.catalog_action(action.text("zh")) == action.action_id


def test_the_embedder_is_asked_only_for_pairs_it_can_decide_and_once_per_text() -> None:
    embedder = FakeEmbedder()
    guard = CatalogGuardEquivalence(embedder)
    record = [known_attempt("Frobnicate the gizmo", "a"), known_attempt("Restart the router", "b")]
    # Fully read candidate: decided without the model, though one failed text is unreadable
    # (and no evidence cosine by default).
    assert guard.find_equivalent("Reboot your router", record) is not None
    assert embedder.calls == []
    # With the evidence cosine on, the only call embeds the match, for the DraftBlocked event.
    evidencing = CatalogGuardEquivalence(embedder, evidence_cosine=True)
    assert evidencing.find_equivalent("Reboot your router", record) is not None
    assert embedder.calls == [["reboot your router", "restart the router"]]
    embedder.calls.clear()
    # Unreadable candidate: the candidate at the first pair the actions leave open, then one
    # batch of the steps on record such pairs found without a vector.
    guard.find_equivalent("Zorp the widget", record)
    assert embedder.calls == [["zorp the widget"], ["frobnicate the gizmo", "restart the router"]]
    embedder.calls.clear()
    guard.find_equivalent("Zorp the widget", record)
    assert embedder.calls == []  # vectors are cached per text
    # Steps on record already embedded (as they are once seen): one call, the candidate alone.
    guard.find_equivalent("Wiggle the zorp", record)
    assert embedder.calls == [["wiggle the zorp"]]


def test_steps_on_record_with_or_without_vectors_get_the_same_answers() -> None:
    # With vectors cached the open pairs are decided in one pass; without, after one batch.
    record = [
        known_attempt("Frobnicate the gizmo", "a"),
        known_attempt("Restart the router", "b"),
        known_attempt("把路由器恢复出厂设置", "c"),
        known_attempt("Zorp the widget twice", "d"),
        known_attempt("Clear the app cache, then quux the blorp", "e"),
    ]
    candidates = [
        "Zorp the widget",
        "frobnicate the gizmo again",
        "Reboot the router",
        "Quux the blorp",
        "Wiggle the zorp gently",
        "把手机重启一下",
        "Clear the cache of the app",
    ]
    synonyms = {"wiggle": "zorp", "again": "gizmo"}
    warm = CatalogGuardEquivalence(FakeEmbedder(synonyms=synonyms))
    warm.warm_up([attempt.text for attempt in record])
    for candidate in candidates:
        cold = CatalogGuardEquivalence(FakeEmbedder(synonyms=synonyms))
        got, expected = warm.decide(candidate, record), cold.decide(candidate, record)
        assert (got.match is None) == (expected.match is None), candidate
        if got.match is not None and expected.match is not None:
            assert (got.match.attempt, got.match.rule) == (
                expected.match.attempt,
                expected.match.rule,
            ), candidate


def test_chinese_gets_no_cosine_from_an_english_model() -> None:
    embedder = FakeEmbedder()
    guard = CatalogGuardEquivalence(embedder)
    guard.find_equivalent("某个未知的操作", [known_attempt("另一个未知的操作")])
    assert embedder.calls == []
    multilingual = CatalogGuardEquivalence(FakeEmbedder(), semantic_for_cjk=True)
    match = multilingual.find_equivalent("重启路由器", [known_attempt("重启路由器。")])
    assert match is not None


def test_evidence_carries_both_scores() -> None:
    embedder = FakeEmbedder(synonyms={"reboot": "restart"})
    guard = CatalogGuardEquivalence(embedder, evidence_cosine=True)
    match = guard.find_equivalent("Reboot the router", [known_attempt("Restart the router")])
    assert match is not None
    assert match.semantic_score == pytest.approx(1.0)
    assert match.lexical_score == pytest.approx(0.84, abs=0.05)
    assert match.rule == "catalog:router.restart"


def test_evidence_cosine_by_default_never_calls_the_model() -> None:
    embedder = FakeEmbedder(synonyms={"reboot": "restart"})
    guard = CatalogGuardEquivalence(embedder)
    record = [known_attempt("Restart the router")]
    match = guard.find_equivalent("Reboot the router", record)
    assert match is not None and match.rule == "catalog:router.restart"
    assert embedder.calls == []  # the catalog decided: no model call for evidence
    assert match.semantic_score == 0.0  # the port's "no embedder ran"
    guard.warm_up(["Restart the router", "Reboot the router"])
    warmed = guard.find_equivalent("Reboot the router", record)
    assert warmed is not None and warmed.semantic_score == pytest.approx(1.0)  # cached: free


def test_best_match_prefers_the_surer_part() -> None:
    guard = CatalogGuardEquivalence(None)
    record = [
        known_attempt("Restart the router and the modem", "both"),
        known_attempt("restart the router", "same"),
    ]
    match = guard.find_equivalent("Restart the router", record)
    assert match is not None and match.attempt.attempt_id == "same"
    assert match.rule == "identical"


def test_explain_fills_in_every_score() -> None:
    guard = CatalogGuardEquivalence(FakeEmbedder())
    verdicts = guard.explain(
        "Restart the router", ["Reboot the router", "Clear the cache"], all_scores=True
    )
    assert [v.decision.same for v in verdicts] == [True, False]
    assert all(v.lexical is not None and v.semantic is not None for v in verdicts)


def test_rule_is_configurable() -> None:
    rule = GuardRule(semantic_for_understood=True)
    guard = CatalogGuardEquivalence(FakeEmbedder(), rule=rule)
    assert guard.rule is rule


def test_cache_size_must_be_positive() -> None:
    with pytest.raises(ValueError):
        CatalogGuardEquivalence(None, cache_size=0)


@pytest.mark.parametrize("evidence_cosine", [False, True])
def test_the_composition_root_passes_the_evidence_setting(evidence_cosine: bool) -> None:
    from caseledger.adapters.bootstrap import build_equivalence
    from caseledger.adapters.settings import GuardSettings, Settings

    embedder = FakeEmbedder(synonyms={"reboot": "restart"})
    settings = Settings(guard=GuardSettings(evidence_cosine=evidence_cosine))
    guard = build_equivalence(settings, embedder, load_catalog())
    match = guard.find_equivalent("Reboot the router", [known_attempt("Restart the router")])
    assert match is not None and match.rule == "catalog:router.restart"
    assert match.semantic_score == (pytest.approx(1.0) if evidence_cosine else 0.0)


_WORDINGS = [
    "Restart the router",
    "restart the router",
    "重启路由器",
    "把路由器重启一下",
    "Restart the 路由器 once more",
    "Clear the Instagram app's cache",
    "清除 Instagram 的缓存",
    "",
    "?!",  # normalises to nothing
    "Set DNS to 8.8.8.8",
    "Restart the router",  # a tie with the first
]


@pytest.mark.parametrize("candidate", [w for w in _WORDINGS if w.strip("?! ")])
def test_the_wording_scores_of_all_steps_at_once_are_the_pairwise_scores(candidate: str) -> None:
    # Computed in one rapidfuzz call per script; each must be the very float the one-pair
    # score gives, Latin, CJK, mixed and empty texts alike, and nearest() its first maximum.
    guard = CatalogGuardEquivalence(None)
    norm = guard.analyze(candidate).normalized
    wording = guard._wording(guard.analyze(candidate), [guard.analyze(t) for t in _WORDINGS])
    pairwise = [guard._lexical(norm, guard.analyze(text).normalized) for text in _WORDINGS]
    assert [wording[i] for i in range(len(_WORDINGS))] == pairwise
    best = max(pairwise)
    assert guard.nearest(candidate, _WORDINGS) == pairwise.index(best) == wording.nearest()


def test_the_wording_scores_are_computed_once_and_only_when_asked() -> None:
    guard = CatalogGuardEquivalence(None)
    calls: list[str] = []
    real = guard._lexemes_of

    def counting(text: str) -> tuple[bool, list[str]]:
        calls.append(text)
        return real(text)

    guard._lexemes_of = counting  # type: ignore[method-assign]
    wording = guard._wording(
        guard.analyze("Restart the router"),
        [guard.analyze("Reboot the modem"), guard.analyze("重启路由器")],
    )
    assert calls == []  # nothing read until a score is asked
    first = wording[0]
    asked = len(calls)
    assert asked == 3  # the candidate and each step, once
    assert wording[1] <= 1.0 and wording[0] == first and wording.nearest() in (0, 1)
    assert len(calls) == asked


_ON_RECORD = [
    "Restart the router",
    "Factory-reset the router",
    "Set DNS to 8.8.8.8",
    "Remove the card and add it again",
    "Clear the Instagram app's cache",
    "清除 Instagram 的缓存",
    "重启路由器",
    "Uninstall the app, then install the latest version",
    "Turn off the Smart Gizmo Switch",
    "Hold the power button for 30 seconds",
    "Update the printer driver on your laptop",
    "把wifi forget掉再连",
    "Sign out of iCloud and sign back in",
    "reinstall it",
]


_CANDIDATES = [
    "Reboot the router",
    "Reset the router to factory settings",
    "Change DNS to Google Public DNS",
    "Try a different card",
    "Delete the Instagram cache",
    "把路由器重启一下",
    "Reinstall it",
    "Update the printer driver on your phone",
    "Restart the widget router and turn on the Smart Gizmo Switch",
    "Sign out of iCloud, then sign back in",
    "Frobnicate the zorp",
]


@pytest.mark.parametrize(
    "rule",
    [GuardRule(), GuardRule(use_catalog=False), GuardRule(use_lexical=False)],
    ids=["shipped", "no-catalog", "no-lexical"],
)
@pytest.mark.parametrize("candidate", _CANDIDATES)
def test_pairs_read_apart_get_the_answer_of_the_rule_walked_in_full(
    rule: GuardRule, candidate: str
) -> None:
    # _verdicts answers most pairs through GuardRule.read_apart; each answer, and the lexical
    # score kept with it, must be what walking the rule for that pair alone gives.
    guard = CatalogGuardEquivalence(None, rule=rule)
    verdicts = guard.explain(candidate, _ON_RECORD)
    cand = guard.analyze(candidate)
    for text, verdict in zip(_ON_RECORD, verdicts, strict=True):
        failed = guard.analyze(text)
        asked: list[float] = []

        def lexical(known: str = failed.normalized, asked: list[float] = asked) -> float:
            asked.append(1.0)
            return guard._lexical(cand.normalized, known)

        walked = rule.decide(cand, failed, lexical, lambda: None)
        assert verdict.decision == walked, text
        assert (verdict.lexical is not None) == bool(asked), text
        if verdict.lexical is not None:
            assert verdict.lexical == lexical()


def test_most_pairs_of_the_grid_are_read_apart() -> None:
    # the test above checks the shortcut where it answers: it answers for most of these pairs
    guard = CatalogGuardEquivalence(None)
    rule = guard.rule
    answered = 0
    for candidate in _CANDIDATES:
        apart = rule.read_apart(guard.analyze(candidate))
        answered += sum(
            apart is not None and apart.decision_for(guard.analyze(text)) is not None
            for text in _ON_RECORD
        )
    assert answered >= len(_CANDIDATES) * len(_ON_RECORD) // 2


@pytest.mark.parametrize("candidate", [w for w in _WORDINGS if w.strip("?! ")])
def test_the_wording_scores_against_a_kept_list_are_the_pairwise_scores(candidate: str) -> None:
    # decide keeps each list of steps on record read, their lexemes sorted by script once:
    # every score must still be the very float the one-pair score gives, asked twice.
    guard = CatalogGuardEquivalence(None)
    steps = guard._steps_of(_WORDINGS)
    norm = guard.analyze(candidate).normalized
    pairwise = [guard._lexical(norm, guard.analyze(text).normalized) for text in _WORDINGS]
    for _ in range(2):
        scores = _Wording(guard._lexemes_of, norm, steps).scores()
        assert scores == pairwise
        assert all(type(score) is float for score in scores)


def test_a_kept_list_of_steps_answers_as_a_fresh_guard_does() -> None:
    # The same list again, a list cut, grown, reordered, then the first again: each answer
    # (match, scores, rule) is what a guard that reads every list afresh gives, asked the same
    # questions in the same order (the evidence cosine depends on the vectors cached so far).
    kept = CatalogGuardEquivalence(FakeEmbedder())
    afresh = CatalogGuardEquivalence(FakeEmbedder())
    afresh._steps_of = lambda texts: _Steps([afresh.analyze(t) for t in texts])  # type: ignore[method-assign]
    lists = [
        _ON_RECORD,
        _ON_RECORD[:5],
        [*_ON_RECORD, "Clear the router's cache"],
        list(reversed(_ON_RECORD)),
        _ON_RECORD,
    ]
    blocked = 0
    for texts in lists:
        known = [known_attempt(text, f"att-{i}") for i, text in enumerate(texts)]
        for candidate in _CANDIDATES:
            outcome = kept.decide(candidate, known)
            assert outcome == afresh.decide(candidate, known), (texts, candidate)
            blocked += outcome.match is not None
    assert 0 < blocked < len(lists) * len(_CANDIDATES)  # the grid has both answers
    assert len(kept._step_lists) == 4 and not afresh._step_lists


def test_the_lists_of_steps_kept_are_bounded() -> None:
    guard = CatalogGuardEquivalence(None)
    for i in range(_STEP_LISTS_KEPT + 10):
        guard.find_equivalent("Reboot the router", [known_attempt(f"Restart router {i}")])
    assert len(guard._step_lists) == _STEP_LISTS_KEPT
    assert ("Restart router 9",) not in guard._step_lists  # the oldest went first
    assert (f"Restart router {_STEP_LISTS_KEPT + 9}",) in guard._step_lists


def test_verdicts_are_built_when_asked_and_read_as_a_list() -> None:
    guard = CatalogGuardEquivalence(None)
    candidate = "Reboot the router"
    verdicts = guard._verdicts(guard.analyze(candidate), [guard.analyze(t) for t in _ON_RECORD])
    assert verdicts is not None and len(verdicts) == len(_ON_RECORD)
    listed = guard.explain(candidate, _ON_RECORD)
    assert [verdict.decision for verdict in listed] == verdicts.decisions
    assert list(verdicts) == listed == verdicts[:]
    assert verdicts[-1] == listed[-1] and verdicts[0] is verdicts[0]
    with pytest.raises(IndexError):
        verdicts[len(_ON_RECORD)]
    with pytest.raises(IndexError):  # past the front too, as a list: not a wrapped-around pair
        verdicts[-len(_ON_RECORD) - 1]
    assert verdicts[-len(_ON_RECORD)] == listed[0]
