"""The reply-metadata policy: split, validate, claims of irreversible actions, stream filter."""

from __future__ import annotations

import json
from collections.abc import Iterable

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from caseledger.domain.model.base import PRIORITIES as MODEL_PRIORITIES
from caseledger.domain.policies.reply_metadata import (
    IRREVERSIBLE_ACTIONS,
    MAX_SOLUTION_CHARS,
    MAX_SOLUTIONS,
    PRIORITIES,
    ActionClaim,
    Correction,
    ReplyMetadata,
    StreamFilter,
    find_claims,
    find_unperformed_claims,
    split_draft,
    validate_metadata,
)
from caseledger.domain.ports import METADATA_DELIMITER

D = METADATA_DELIMITER
CATEGORIES = ("general", "network", "billing", "account")
META = {
    "proposed_solutions": ["Restart the router"],
    "intent": "troubleshoot",
    "category": "network",
    "priority": "high",
    "catalog_action_ids": ["network.restart_router"],
}


def draft(text: str, meta: object = META) -> str:
    return text + "\n" + D + "\n" + json.dumps(meta, ensure_ascii=False)


# -- split_draft ---------------------------------------------------------------------------


def test_split_draft_separates_text_and_metadata() -> None:
    text, meta, error = split_draft(draft("  Please restart the router.\n"))
    assert (text, error) == ("Please restart the router.", None)
    assert meta == ReplyMetadata(
        proposed_solutions=["Restart the router"],
        intent="troubleshoot",
        category="network",
        priority="high",
        catalog_action_ids=["network.restart_router"],
    )


def test_missing_fields_are_none_not_errors() -> None:
    _text, meta, error = split_draft(draft("Hi", {}))
    assert error is None
    assert meta == ReplyMetadata()


@pytest.mark.parametrize(
    ("block", "message"),
    [
        ("", "empty"),
        ("   \n", "empty"),
        ("not json", "does not start with a JSON object"),
        ('{"intent": "x",', "not valid JSON"),
        ("[1, 2]", "does not start with a JSON object"),
        ('{"proposed_solutions": [1, 2]}', "proposed_solutions must be a list of strings"),
        ('{"proposed_solutions": {"a": 1}}', "proposed_solutions must be a list of strings"),
        ('{"priority": 3}', "priority must be a string"),
        ('{"category": ["a"]}', "category must be a string"),
        ('{"intent": true}', "intent must be a string"),
        ('{"catalog_action_ids": "a"}', None),  # a bare string is accepted as one id
    ],
)
def test_broken_metadata_is_an_error_result(block: str, message: str | None) -> None:
    text, meta, error = split_draft("Visible." + D + block)
    assert text == "Visible."
    if message is None:
        assert error is None and meta is not None
    else:
        assert meta is None and error is not None and message in error


def test_no_delimiter_means_no_metadata_and_the_whole_text() -> None:
    assert split_draft(" Just text. ") == ("Just text.", None, "no metadata delimiter in the draft")


@pytest.mark.parametrize("cut", range(1, len(D)))
def test_a_draft_cut_inside_the_delimiter_shows_none_of_it(cut: int) -> None:
    text, meta, error = split_draft("Try this. " + D[:cut])
    assert text == "Try this."
    assert meta is None and error is not None


def test_fenced_json_and_trailing_junk_are_accepted() -> None:
    fenced = "Hi" + D + '\n```json\n{"intent": "greet"}\n```\n'
    assert split_draft(fenced)[1] == ReplyMetadata(intent="greet")
    junk = "Hi" + D + '{"intent": "greet"} thanks!'
    assert split_draft(junk)[1] == ReplyMetadata(intent="greet")


def test_bare_string_solution_is_kept_so_the_guard_still_sees_it() -> None:
    meta = split_draft("Hi" + D + '{"proposed_solutions": "Restart the router"}')[1]
    assert meta is not None and meta.proposed_solutions == ["Restart the router"]


def test_only_the_first_delimiter_counts() -> None:
    raw = "A" + D + '{"intent": "x"}' + D + "secret"
    text, meta, error = split_draft(raw)
    assert text == "A" and meta == ReplyMetadata(intent="x") and error is None


@settings(max_examples=300)
@given(st.text())
@example(D)
@example(D + "{")
@example("{" + D + "}")
def test_split_draft_never_raises(raw: str) -> None:
    text, meta, error = split_draft(raw)
    assert (meta is None) != (error is None)
    assert D not in text


# -- validate_metadata ---------------------------------------------------------------------


def test_priorities_match_the_model() -> None:
    assert PRIORITIES == MODEL_PRIORITIES


def test_valid_metadata_passes_unchanged() -> None:
    meta = split_draft(draft("x"))[1]
    result = validate_metadata(meta, allowed_categories=CATEGORIES, current_priority="normal")
    assert result.proposed_solutions == ("Restart the router",)
    assert (result.intent, result.category, result.priority) == ("troubleshoot", "network", "high")
    assert result.catalog_action_ids == ("network.restart_router",)
    assert result.corrections == () and result.defaulted == () and result.from_model


def test_category_outside_the_list_becomes_general_with_a_correction() -> None:
    result = validate_metadata(
        ReplyMetadata(category="Quantum Physics"),
        allowed_categories=CATEGORIES,
        current_priority="normal",
    )
    assert result.category == "general"
    assert result.corrections == (
        Correction("category", "Quantum Physics", "general", "not in the allowed categories"),
    )


def test_category_is_matched_case_insensitively_and_falls_back_to_current() -> None:
    ok = validate_metadata(
        ReplyMetadata(category=" NETWORK "), allowed_categories=CATEGORIES, current_priority="low"
    )
    assert ok.category == "network" and ok.corrections == ()
    bad = validate_metadata(
        ReplyMetadata(category="nope"),
        allowed_categories=CATEGORIES,
        current_priority="low",
        current_category="billing",
    )
    assert bad.category == "billing"
    assert bad.corrections[0].applied == "billing"
    missing = validate_metadata(
        ReplyMetadata(), allowed_categories=CATEGORIES, current_priority="low"
    )
    assert missing.category == "general" and "category" in missing.defaulted
    assert missing.corrections == ()


@pytest.mark.parametrize(
    ("current", "proposed", "expected", "reason"),
    [
        ("normal", "high", "high", None),
        ("normal", "URGENT", "urgent", None),
        ("normal", "normal", "normal", None),
        ("high", "low", "high", "priority may only rise"),
        ("urgent", "normal", "urgent", "priority may only rise"),
        ("low", "critical", "low", "not a known priority"),
        ("high", None, "high", None),
    ],
)
def test_priority_may_only_rise(
    current: str, proposed: str | None, expected: str, reason: str | None
) -> None:
    result = validate_metadata(
        ReplyMetadata(priority=proposed), allowed_categories=CATEGORIES, current_priority=current
    )
    assert result.priority == expected
    reasons = [c.reason for c in result.corrections if c.field == "priority"]
    assert reasons == ([reason] if reason else [])


def test_missing_or_broken_metadata_gets_the_safe_default() -> None:
    _text, meta, error = split_draft("Hello" + D + "{oops")
    assert meta is None and error
    result = validate_metadata(
        meta, allowed_categories=CATEGORIES, current_priority="high", current_category="network"
    )
    assert result.proposed_solutions == () and result.catalog_action_ids == ()
    assert (result.intent, result.category, result.priority) == ("unknown", "network", "high")
    assert not result.from_model
    assert set(result.defaulted) == {"proposed_solutions", "intent", "category", "priority"}


def test_solutions_are_bounded_and_every_change_is_recorded() -> None:
    long = "x" * (MAX_SOLUTION_CHARS + 20)
    proposed = ["  ", "A", "A", long] + [f"step {i}" for i in range(6)]
    result = validate_metadata(
        ReplyMetadata(proposed_solutions=proposed),
        allowed_categories=CATEGORIES,
        current_priority="normal",
    )
    assert len(result.proposed_solutions) == MAX_SOLUTIONS
    assert result.proposed_solutions[:2] == ("A", "x" * MAX_SOLUTION_CHARS)
    reasons = [c.reason for c in result.corrections]
    assert reasons.count("blank") == 1
    assert reasons.count("repeated") == 1
    assert reasons.count(f"cut to {MAX_SOLUTION_CHARS} characters") == 1
    assert reasons.count(f"more than {MAX_SOLUTIONS}") == 3


def test_a_solution_claiming_an_unperformed_action_is_dropped() -> None:
    meta = ReplyMetadata(proposed_solutions=["I have issued a refund", "Restart the router"])
    result = validate_metadata(meta, allowed_categories=CATEGORIES, current_priority="normal")
    assert result.proposed_solutions == ("Restart the router",)
    assert "refund_issued" in result.corrections[0].reason
    performed = validate_metadata(
        meta,
        allowed_categories=CATEGORIES,
        current_priority="normal",
        performed_actions={"refund_issued"},
    )
    assert len(performed.proposed_solutions) == 2


def test_unknown_catalog_ids_are_dropped_when_the_catalog_is_known() -> None:
    meta = ReplyMetadata(catalog_action_ids=["net.restart", "made.up", "net.restart", " "])
    free = validate_metadata(meta, allowed_categories=CATEGORIES, current_priority="normal")
    assert free.catalog_action_ids == ("net.restart", "made.up")
    known = validate_metadata(
        meta,
        allowed_categories=CATEGORIES,
        current_priority="normal",
        known_action_ids={"net.restart"},
    )
    assert known.catalog_action_ids == ("net.restart",)
    assert [c.proposed for c in known.corrections] == ["made.up"]


def test_intent_is_bounded() -> None:
    result = validate_metadata(
        ReplyMetadata(intent="i" * 100), allowed_categories=CATEGORIES, current_priority="low"
    )
    assert result.intent == "i" * 64 and result.corrections[0].field == "intent"


def test_a_bad_current_priority_is_a_caller_error() -> None:
    with pytest.raises(ValueError, match="current_priority"):
        validate_metadata(None, allowed_categories=CATEGORIES, current_priority="meh")


texts = st.one_of(st.none(), st.text(max_size=30), st.sampled_from(PRIORITIES + CATEGORIES))
metadata = st.builds(
    ReplyMetadata,
    proposed_solutions=st.lists(st.text(max_size=600), max_size=8),
    intent=texts,
    category=texts,
    priority=texts,
    catalog_action_ids=st.lists(st.text(max_size=10), max_size=4),
)


@settings(max_examples=300)
@given(st.one_of(st.none(), metadata), st.sampled_from(PRIORITIES))
def test_validation_never_raises_and_keeps_its_promises(
    meta: ReplyMetadata | None, current: str
) -> None:
    result = validate_metadata(meta, allowed_categories=CATEGORIES, current_priority=current)
    assert result.category in CATEGORIES
    assert PRIORITIES.index(result.priority) >= PRIORITIES.index(current)
    assert len(result.proposed_solutions) <= MAX_SOLUTIONS
    assert all(0 < len(s) <= MAX_SOLUTION_CHARS for s in result.proposed_solutions)
    assert all(not find_unperformed_claims(s, ()) for s in result.proposed_solutions)


# -- claims of irreversible actions --------------------------------------------------------

CLAIMS = [
    ("I've issued a full refund.", "refund_issued"),
    ("We have gone ahead and cancelled your order #1234.", "order_cancelled"),
    ("Your refund has been processed.", "refund_issued"),
    ("Good news: your order has been canceled", "order_cancelled"),
    ("I reset your account.", "account_reset"),
    ("Your password has been changed successfully.", "password_changed"),
    ("I have cancelled your subscription.", "subscription_cancelled"),
    ("The charge was reversed.", "charge_reversed"),
    ("You\u2019ve been refunded.", "refund_issued"),
    ("Refund issued.", "refund_issued"),
    ("We refunded you yesterday", "refund_issued"),
    ("I\u2019ve reset your password", "password_changed"),
    ("I have deleted your account as requested.", "account_deleted"),
    ("Your refund request is being processed.", "refund_issued"),
    ("已为您退款", "refund_issued"),
    ("您的账户已重置", "account_reset"),
    ("已经为您办理了退款。", "refund_issued"),
    ("您的订单已取消", "order_cancelled"),
    ("订单号12345已经被取消", "order_cancelled"),
    ("您的密码已重置", "password_changed"),
    ("已帮您取消订阅", "subscription_cancelled"),
    ("这笔扣款已撤销", "charge_reversed"),
    ("已为您取消了您的订单", "order_cancelled"),
    ("您的账号已注销", "account_deleted"),
    ("好的，已 为您 退款。", "refund_issued"),  # spaces inside Chinese
    ("Thanks! 已为您退款，请查收。", "refund_issued"),  # mixed
]

NOT_CLAIMS = [
    "I can issue a refund if you like.",
    "Has your order been cancelled?",
    "I have not reset your account.",
    "Would you like me to cancel your order?",
    "You can reset your password from the login page.",
    "Please restart the router.",
    "Your refund will be processed within 5 days once approved.",
    "We haven't cancelled anything.",
    "I can't cancel the order.",
    "Password reset link sent.",
    "password reset",
    "Account reset",
    "Try resetting the router to factory settings.",
    "Reset your password using the link.",
    "If you cancel your order, the refund takes 5 days.",
    "Please check whether the charge was declined.",
    "尚未退款",
    "我可以为您申请退款吗？",
    "您的订单还没有取消",
    "如需重置密码，请点击忘记密码",
    "请重启路由器",
    "已无法取消订单",
    "您的订单已经取消了吗？",
]


@pytest.mark.parametrize(("text", "action"), CLAIMS)
def test_claims_are_found(text: str, action: str) -> None:
    assert action in IRREVERSIBLE_ACTIONS
    assert action in find_unperformed_claims(text, ())
    assert action not in find_unperformed_claims(text, {action})


@pytest.mark.parametrize("text", NOT_CLAIMS)
def test_offers_questions_and_negations_are_not_claims(text: str) -> None:
    assert find_claims(text) == []


def test_claims_are_listed_once_in_order_with_their_phrase() -> None:
    text = "Your order has been cancelled. I've issued a refund. Your order was cancelled."
    assert find_unperformed_claims(text, ()) == ["order_cancelled", "refund_issued"]
    assert find_claims("I've issued a refund.") == [
        ActionClaim("refund_issued", "i've issued a refund")
    ]


# -- StreamFilter --------------------------------------------------------------------------

VISIBLE = "Please restart the router <3 and try again.\n\n"
RAW = VISIBLE + D + '\n{"proposed_solutions": ["Restart the router"], "intent": "fix"}'


def run_filter(chunks: Iterable[str]) -> tuple[str, StreamFilter]:
    filt = StreamFilter()
    out: list[str] = []
    for chunk in chunks:
        piece = filt.feed(chunk)
        out.append(piece)
        # Prefix-monotone: what was emitted is never taken back.
        assert split_draft(filt.raw + D)[0].startswith("".join(out)) or not "".join(out)
    out.append(filt.finish())
    return "".join(out), filt


def expected_visible(raw: str) -> str:
    # An independent oracle: before the delimiter; or, with none, minus a cut-off delimiter.
    if D in raw:
        return raw.split(D, 1)[0].strip()
    for size in range(len(D) - 1, 0, -1):
        if raw.endswith(D[:size]):
            return raw[:-size].strip()
    return raw.strip()


@pytest.mark.parametrize("cut", range(len(RAW) + 1))
def test_two_chunks_split_at_every_offset(cut: int) -> None:
    out, filt = run_filter([RAW[:cut], RAW[cut:]])
    assert out == VISIBLE.strip()
    assert "<<" not in out and "META" not in out and "proposed" not in out
    assert split_draft(filt.raw)[1] == ReplyMetadata(
        proposed_solutions=["Restart the router"], intent="fix"
    )


def test_three_chunks_split_the_delimiter_at_every_pair_of_offsets() -> None:
    start = len(VISIBLE)
    end = start + len(D)
    for i in range(start - 2, end + 2):
        for j in range(i, end + 3):
            out, _ = run_filter([RAW[:i], RAW[i:j], RAW[j:]])
            assert out == VISIBLE.strip(), (i, j)


def test_one_character_chunks() -> None:
    filt = StreamFilter()
    pieces = [filt.feed(ch) for ch in RAW]
    pieces.append(filt.finish())
    assert "".join(pieces) == VISIBLE.strip()
    # Text before the delimiter streams out promptly (not all at the end).
    assert sum(1 for p in pieces if p) > 10
    assert filt.delimiter_seen


@pytest.mark.parametrize("cut", range(1, len(D)))
def test_stream_cut_inside_the_delimiter_never_shows_it(cut: int) -> None:
    out, _ = run_filter(["Hello ", D[:cut]])
    assert out == "Hello"
    # Every prefix of the delimiter is held back until it stops looking like one.
    filt = StreamFilter()
    assert filt.feed("Hi " + D[:cut]) == "Hi"
    assert filt.finish() == ""


def test_held_text_is_released_when_it_stops_looking_like_the_delimiter() -> None:
    filt = StreamFilter()
    assert filt.feed("a <<<CASE") == "a"
    assert filt.feed("Y") == " <<<CASEY"
    assert filt.feed("  ") == ""
    assert filt.feed("b") == "  b"


def test_feed_after_finish_is_an_error() -> None:
    filt = StreamFilter()
    filt.finish()
    with pytest.raises(ValueError):
        filt.feed("x")


# Drafts built from pieces that collide with the delimiter: its prefixes, lookalikes, blanks.
_PIECES = [D, D[:1], D[:3], D[:7], D[3:], D[-3:], "<", ">", " ", "\n", "a", "好", "{", "}"]
drafts = st.lists(st.sampled_from(_PIECES) | st.text(max_size=5), max_size=12).map("".join)


@st.composite
def chunkings(draw: st.DrawFn) -> tuple[str, list[str]]:
    raw = draw(drafts)
    cuts = sorted(draw(st.lists(st.integers(0, len(raw)), max_size=8)))
    bounds = [0, *cuts, len(raw)]
    return raw, [raw[a:b] for a, b in zip(bounds, bounds[1:], strict=False)]


@settings(max_examples=500)
@given(chunkings())
def test_any_chunking_emits_exactly_the_visible_text(case: tuple[str, list[str]]) -> None:
    raw, chunks = case
    out, filt = run_filter(chunks)
    assert filt.raw == raw
    assert out == expected_visible(raw) == split_draft(raw)[0]
