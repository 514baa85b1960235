from __future__ import annotations

import pytest

from caseledger.adapters.equivalence.fuzzy_semantic import (
    RapidfuzzSemanticEquivalence,
    cjk_aware_tokens,
    lexical_similarity,
)
from caseledger.domain.policies.attempts import EquivalenceRule, normalize_solution
from caseledger.domain.ports import AttemptEquivalence
from tests.contracts.equivalence import assert_attempt_equivalence, known_attempt
from tests.fakes import FakeEmbedder


def test_contract_with_fake_embedder() -> None:
    assert_attempt_equivalence(RapidfuzzSemanticEquivalence(FakeEmbedder()))


def test_contract_without_embedder() -> None:
    assert_attempt_equivalence(RapidfuzzSemanticEquivalence(None))


def test_satisfies_the_port() -> None:
    impl: AttemptEquivalence = RapidfuzzSemanticEquivalence(None)
    assert impl.find_equivalent("x", []) is None


def test_cjk_aware_tokens() -> None:
    assert cjk_aware_tokens("重启路由器") == ["重启", "启路", "路由", "由器"]
    assert cjk_aware_tokens("关闭 vpn") == ["关闭", "vpn"]
    assert cjk_aware_tokens("把 dns 设置成 8.8.8.8") == ["把", "dns", "设置", "置成", "8.8.8.8"]


def _lex(left: str, right: str) -> float:
    score: float = lexical_similarity(normalize_solution(left), normalize_solution(right))
    return score


def test_lexical_similarity() -> None:
    assert _lex("Restart the router", "RESTART THE ROUTER!") == 1.0
    assert _lex("Re-install the app", "reinstall the app") >= 0.95
    assert _lex("Restart the router", "Update your billing address") < 0.5
    assert _lex("", "") == 1.0
    assert _lex("", "restart") == 0.0


def test_lexical_similarity_cjk_uses_bigrams() -> None:
    assert _lex("重启路由器。", "重启路由器") == 1.0
    # One character changes the action (restart vs reset): bigrams keep this well apart.
    assert _lex("重启路由器", "重置路由器") == 0.5
    assert _lex("关闭VPN", "把VPN关闭") == pytest.approx(0.8)


def test_semantic_score_from_embedder() -> None:
    # The fake counts "reboot" as "restart": same words, so cosine 1.0 although wording differs.
    eq = RapidfuzzSemanticEquivalence(FakeEmbedder(synonyms={"reboot": "restart"}))
    match = eq.find_equivalent("Reboot the router", [known_attempt("Restart the router")])
    assert match is not None
    assert match.semantic_score == pytest.approx(1.0)
    assert match.lexical_score < 0.95
    assert match.rule == "semantic>=0.96"


def test_without_embedder_only_near_identical_text_matches() -> None:
    eq = RapidfuzzSemanticEquivalence(None)
    known = [known_attempt("Restart the router")]
    match = eq.find_equivalent("restart the router!", known)
    assert match is not None
    assert match.semantic_score == 0.0  # port convention when no embedder ran
    assert match.rule == "lexical>=0.95"
    assert eq.find_equivalent("Reboot the router", known) is None


def test_all_known_texts_are_embedded_in_one_call() -> None:
    embedder = FakeEmbedder()
    eq = RapidfuzzSemanticEquivalence(embedder)
    known = [
        known_attempt("Restart the router", "a1"),
        known_attempt("Clear the browser cache", "a2"),
        known_attempt("Restart the router", "a3"),  # duplicate text is embedded once
    ]
    eq.find_equivalent("Update the app", known)
    assert embedder.calls == [["update the app", "restart the router", "clear the browser cache"]]


def test_cjk_texts_get_no_semantic_score_by_default() -> None:
    # The packaged English model turns Chinese into [UNK]s, so its cosine is meaningless.
    embedder = FakeEmbedder()
    eq = RapidfuzzSemanticEquivalence(embedder)
    assert eq.score_pairs("重启路由器", ["重置路由器", "Restart the router"]) == [
        (0.5, None),
        (0.0, None),
    ]
    assert embedder.calls == []
    lexical, semantic = eq.score_pairs("Restart the router", ["重启路由器"])[0]
    assert semantic is None
    assert embedder.calls == []


def test_semantic_for_cjk_can_be_enabled() -> None:
    embedder = FakeEmbedder()
    eq = RapidfuzzSemanticEquivalence(embedder, semantic_for_cjk=True)
    [(_, semantic)] = eq.score_pairs("重启路由器", ["重启路由器"])
    assert semantic == pytest.approx(1.0)
    assert embedder.calls == [["重启路由器"]]


def test_returns_best_match_and_keeps_first_on_ties() -> None:
    eq = RapidfuzzSemanticEquivalence(None)
    known = [
        known_attempt("RESTART THE ROUTER", "first"),
        known_attempt("restart the router!", "second"),
    ]
    match = eq.find_equivalent("Restart the router", known)
    assert match is not None and match.attempt.attempt_id == "first"


def test_custom_rule_is_used() -> None:
    strict = EquivalenceRule(lexical=1.0, semantic=1.0, combined_semantic=1.0, combined_gap=2.0)
    eq = RapidfuzzSemanticEquivalence(FakeEmbedder(), strict)
    assert eq.rule is strict
    assert eq.find_equivalent("Re-install the app", [known_attempt("reinstall the app")]) is None
    assert eq.find_equivalent("Reinstall the app!", [known_attempt("reinstall the app")])


def test_blank_known_texts_are_ignored() -> None:
    eq = RapidfuzzSemanticEquivalence(FakeEmbedder())
    assert eq.find_equivalent("Restart the router", [known_attempt("  ...  ")]) is None
