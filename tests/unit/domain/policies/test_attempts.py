from __future__ import annotations

import dataclasses

import pytest

from caseledger.domain.policies.attempts import (
    EquivalenceRule,
    contains_cjk,
    is_cjk,
    normalize_solution,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Restart the router", "restart the router"),
        ("  RESTART   the\tRouter!! ", "restart the router"),
        ("ＲＥＳＴＡＲＴ　ｔｈｅ　ｒｏｕｔｅｒ！", "restart the router"),  # full-width + U+3000
        ("Straße", "strasse"),  # casefold, not lower
        ("Clear the app’s cache", "clear the apps cache"),  # curly apostrophe dropped in-word
        ("Clear the app's cache", "clear the apps cache"),
        ("Factory-reset the router", "factory reset the router"),
        ("Settings > Apps > Chrome", "settings apps chrome"),
        ("Set DNS to 8.8.8.8.", "set dns to 8.8.8.8"),  # dot between digits kept
        ("Connect to 2.4 GHz", "connect to 2.4 ghz"),
        ("'quoted' step", "quoted step"),  # apostrophes outside words are punctuation
        ("", ""),
        ("!!! ...", ""),
    ],
)
def test_normalize_solution_latin(text: str, expected: str) -> None:
    assert normalize_solution(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("重启路由器。", "重启路由器"),
        ("先退出登录，再重新登录！", "先退出登录 再重新登录"),
        ("通过“忘记密码”重置", "通过 忘记密码 重置"),
        ("清除Chrome缓存", "清除 chrome 缓存"),  # CJK runs are spaced from Latin words
        ("把DNS设置成８.８.８.８", "把 dns 设置成 8.8.8.8"),  # full-width digits
        ("ＶＰＮ关闭", "vpn 关闭"),
        ("アプリを再起動", "アプリを再起動"),  # kana are kept too
        ("앱을 다시 시작", "앱을 다시 시작"),  # Hangul is kept
    ],
)
def test_normalize_solution_keeps_cjk(text: str, expected: str) -> None:
    assert normalize_solution(text) == expected


def test_normalize_solution_is_idempotent() -> None:
    for text in ["ＲＥＳＴＡＲＴ　the Router!!", "清除Chrome缓存。", "Re-enter the Wi-Fi password"]:
        once = normalize_solution(text)
        assert normalize_solution(once) == once


def test_cjk_detection() -> None:
    assert is_cjk("重") and is_cjk("ア") and is_cjk("앱")
    assert not is_cjk("a") and not is_cjk("é") and not is_cjk("。")
    assert contains_cjk("清除 chrome 缓存")
    assert not contains_cjk("clear the chrome cache")


def test_a_text_contains_cjk_exactly_where_one_of_its_characters_is_cjk() -> None:
    # contains_cjk scans with one regex class built from the ranges is_cjk checks one by one:
    # every code point (surrogates aside) must get the same answer, alone and inside Latin text.
    for code in range(0x110000):
        if 0xD800 <= code <= 0xDFFF:
            continue
        char = chr(code)
        assert contains_cjk(char) is is_cjk(char), hex(code)
    assert contains_cjk("restart the 路由器 please") and not contains_cjk("")


def test_rule_lexical_clause_applies_without_semantic() -> None:
    rule = EquivalenceRule()
    assert rule.decide(1.0, None) == "lexical>=0.95"
    assert rule.decide(0.95, None) == "lexical>=0.95"
    assert rule.decide(0.94, None) is None
    assert rule.decide(0.3, None) is None


def test_rule_lexical_clause_wins_over_semantic() -> None:
    assert EquivalenceRule().decide(0.99, 0.1) == "lexical>=0.95"


def test_rule_semantic_clause() -> None:
    rule = EquivalenceRule()
    assert rule.decide(0.9, 0.97) == "semantic>=0.96"
    # Opposites sharing every other word sit just below: "turn on/off low power mode".
    assert rule.decide(0.93, 0.95) is None


def test_rule_combined_clause_needs_agreement_beyond_shared_words() -> None:
    rule = EquivalenceRule()
    # Required paraphrase: "Remove the card and add it again" /
    # "Delete the saved card from your account, then re-enter it" (measured 0.43 / 0.75).
    assert rule.decide(0.43, 0.75) == "combined"
    # Required negative: "... add it again" / "Try a different card" (0.38 / 0.69).
    assert rule.decide(0.38, 0.69) is None
    # Hard negative sharing most words: "Restart the router" / "Factory-reset the router".
    assert rule.decide(0.71, 0.82) is None


def test_rule_thresholds_are_configurable_and_named_in_the_clause() -> None:
    rule = EquivalenceRule(lexical=0.9, semantic=0.8, combined_semantic=0.5, combined_gap=0.0)
    assert rule.decide(0.9, None) == "lexical>=0.90"
    assert rule.decide(0.5, 0.85) == "semantic>=0.80"
    assert rule.decide(0.5, 0.6) == "combined"
    assert rule.decide(0.7, 0.6) is None  # gap negative


@pytest.mark.parametrize(
    "changes",
    [
        {"lexical": 95.0},
        {"lexical": -0.1},
        {"semantic": 1.5},
        {"combined_semantic": -2.0},
        {"combined_gap": 3.0},
    ],
)
def test_rule_rejects_out_of_range_thresholds(changes: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        EquivalenceRule(**changes)


def test_rule_is_frozen() -> None:
    rule = EquivalenceRule()
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(rule, "lexical", 0.5)  # noqa: B010 - a plain assignment would not type-check
