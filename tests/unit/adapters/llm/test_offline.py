"""The offline responder: the next untried playbook step, in the customer's language."""

from __future__ import annotations

from dataclasses import replace

import pytest

from caseledger.adapters.catalog.catalog import Catalog, load_catalog
from caseledger.adapters.llm.offline import OfflineResponder
from caseledger.adapters.llm.prompt import render_prompt
from caseledger.domain.policies.reply_metadata import (
    StreamFilter,
    ValidatedMetadata,
    find_unperformed_claims,
    split_draft,
    validate_metadata,
)
from caseledger.domain.ports import METADATA_DELIMITER as D
from caseledger.domain.ports import ContextSection, DraftRequest
from tests.llm_fakes import BOOK

CATEGORIES = [*BOOK.categories, "general"]


def request(**kw: object) -> DraftRequest:
    base = DraftRequest(
        customer_id="cust-a",
        ticket_id="t-1",
        message="my router keeps dropping the connection",
        language="en",
        sections=(),
        ticket_category="router",
    )
    return replace(base, **kw)  # type: ignore[arg-type]


def run(
    req: DraftRequest, responder: OfflineResponder | None = None
) -> tuple[str, ValidatedMetadata]:
    raw = "".join((responder or OfflineResponder(BOOK)).stream(req))
    text, meta, error = split_draft(raw)
    assert error is None
    validated = validate_metadata(
        meta, allowed_categories=CATEGORIES, current_priority="high", known_action_ids=ALL_IDS
    )
    assert validated.corrections == ()  # the offline responder's metadata is always valid
    assert find_unperformed_claims(text, ()) == []
    return text, validated


ALL_IDS = {s.action_id for c in BOOK.categories for s in BOOK.steps(c)}


def test_first_step_of_the_category_in_english() -> None:
    text, meta = run(request())
    assert "Restart the router." in text and "start with" in text
    assert meta.proposed_solutions == ("Restart the router.",)
    assert meta.catalog_action_ids == ("router.restart",)
    assert (meta.category, meta.intent, meta.priority) == ("router", "troubleshoot", "high")
    assert "priority" in meta.defaulted  # it never proposes one


def test_chinese_request_gets_a_chinese_reply() -> None:
    text, meta = run(request(language="zh", message="路由器老是断网"))
    assert "重启路由器。" in text and "Restart" not in text
    assert meta.proposed_solutions == ("重启路由器。",)


def test_tried_action_ids_are_skipped() -> None:
    text, meta = run(request(tried_action_ids=("router.restart",)))
    assert meta.catalog_action_ids == ("router.update_firmware",)
    # Nothing on this ticket is reported failed, so the reply does not say so.
    assert "didn't fix it" not in text and "another step" in text
    failed = ContextSection("ticket_attempts", ("[failed] Restart the router.",))
    text, meta = run(request(sections=(failed,), tried_action_ids=("router.restart",)))
    assert meta.catalog_action_ids == ("router.update_firmware",)
    assert "Since that didn't fix it" in text


@pytest.mark.parametrize(
    "status,intro",
    [
        ("failed", "Since that didn't fix it"),
        ("partial", "Since that only helped a little"),
    ],
)
def test_the_next_step_is_introduced_by_what_the_customer_said_of_the_last(
    status: str, intro: str
) -> None:
    section = ContextSection("ticket_attempts", (f"[{status}] Restart the router.",))
    text, meta = run(request(sections=(section,), tried_action_ids=("router.restart",)))
    assert intro in text and meta.intent == "troubleshoot"
    assert meta.catalog_action_ids == ("router.update_firmware",)


@pytest.mark.parametrize("status", ["pending", "unknown"])
@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_message_silent_on_the_last_step_is_asked_about_it(status: str, language: str) -> None:
    """Session 62's QA: "what email address do you have for me?" with the first step
    untried got "Since that didn't fix it, let's try the next step"."""
    section = ContextSection("ticket_attempts", (f"[{status}] Restart the router.",))
    message = "what email address do you have for me?" if language == "en" else "你们有我的邮箱吗？"
    text, meta = run(
        request(
            sections=(section,),
            tried_action_ids=("router.restart",),
            message=message,
            language=language,
        )
    )
    assert meta.proposed_solutions == () and meta.intent == "ask_result"
    assert "Restart the router." in text and "didn't fix it" not in text
    assert ("How did the last step go?" if language == "en" else "上一步的效果怎么样") in text


@pytest.mark.parametrize(
    "excluded",
    ["Restart the router.", "restart the ROUTER", "重启路由器", "  Restart   the router!"],
)
def test_excluded_solutions_are_skipped_by_text(excluded: str) -> None:
    _text, meta = run(request(excluded_solutions=(excluded,)))
    assert meta.catalog_action_ids == ("router.update_firmware",)


def test_excluded_rewordings_are_skipped_through_the_catalog_reader() -> None:
    # The default reader is the catalog's ActionIndex (the guard's): it knows the actions.
    req = request(
        excluded_solutions=("power-cycle the router", "upgrade the firmware of the router")
    )
    _text, meta = run(req)
    assert meta.catalog_action_ids == ("router.factory_reset",)
    # A reader that recognises nothing leaves only exact step texts excluded.
    _text, plain = run(req, OfflineResponder(BOOK, classify=lambda _t: []))
    assert plain.catalog_action_ids == ("router.restart",)


def test_a_custom_classifier_is_used_and_asked_once_per_text() -> None:
    asked: list[str] = []

    def classify(text: str) -> list[str]:
        asked.append(text)
        return ["router.restart", "router.update_firmware"] if text == "did both" else []

    responder = OfflineResponder(BOOK, classify=classify)
    _text, meta = run(request(excluded_solutions=("did both",)), responder)
    assert meta.catalog_action_ids == ("router.factory_reset",)
    run(request(excluded_solutions=("did both",)), responder)
    # The message is read too, for steps the customer says they tried; each text once.
    assert asked == ["did both", "my router keeps dropping the connection"]


def test_memory_facts_are_used() -> None:
    req = request(facts={"device_model": "Netgear R7000", "contact_channel": "phone"})
    text, _meta = run(req)
    assert "Netgear R7000" in text and "by phone" in text
    zh, _ = run(replace(req, language="zh"))
    assert "Netgear R7000" in zh and "电话" in zh


def test_no_untried_step_left_hands_over_to_a_person() -> None:
    tried = tuple(s.action_id for s in BOOK.steps("router"))
    text, meta = run(request(tried_action_ids=tried, facts={"contact_channel": "email"}))
    assert meta.proposed_solutions == () and meta.catalog_action_ids == ()
    assert meta.intent == "handoff"
    assert "support team will follow up" in text and "by email" in text
    zh, zmeta = run(request(tried_action_ids=tried, language="zh"))
    assert "支持人员" in zh and zmeta.proposed_solutions == ()


def test_untriaged_ticket_gets_the_category_its_message_talks_about() -> None:
    _text, meta = run(request(ticket_category="general", message="the charging cable looks fine"))
    assert meta.category == "power"
    _text, zmeta = run(request(ticket_category="general", language="zh", message="路由器坏了"))
    assert zmeta.category == "router"


def test_unknown_problem_gets_a_question_and_no_solution() -> None:
    text, meta = run(request(ticket_category="general", message="hello?"))
    assert meta.intent == "clarify" and meta.proposed_solutions == ()
    assert text.endswith("?")


def test_a_reported_success_is_acknowledged_not_followed_by_a_new_step() -> None:
    section = ContextSection("ticket_attempts", ("[failed] Restart the router.", "[succeeded] x"))
    text, meta = run(request(sections=(section,), tried_action_ids=("router.restart",)))
    assert meta.intent == "acknowledge" and meta.proposed_solutions == ()
    assert "glad" in text
    again = ContextSection("ticket_attempts", ("[succeeded] Restart the router.", "[failed] y"))
    _text, meta2 = run(request(sections=(again,)))
    assert meta2.intent == "troubleshoot"


def test_streams_in_small_chunks_and_is_deterministic() -> None:
    responder = OfflineResponder(BOOK, chunk_chars=5)
    chunks = list(responder.stream(request()))
    assert len(chunks) > 10 and all(len(c) <= 5 for c in chunks)
    assert chunks == list(responder.stream(request()))
    filt = StreamFilter()
    shown = "".join(filt.feed(c) for c in chunks) + filt.finish()
    assert D not in shown and "{" not in shown and shown == split_draft("".join(chunks))[0]


def test_name_and_prompt_hash() -> None:
    responder = OfflineResponder(BOOK)
    assert responder.name == "offline"
    req = request()
    assert responder.prompt_hash(req) == render_prompt(req, catalog=BOOK).sha256
    assert responder.prompt_hash(req) != responder.prompt_hash(request(message="other"))


# -- the bundled catalog -------------------------------------------------------------------


@pytest.fixture(scope="module")
def bundled() -> Catalog:
    return load_catalog()


@pytest.mark.parametrize("language", ["en", "zh"])
def test_walks_every_bundled_category_step_by_step_until_handoff(
    bundled: Catalog, language: str
) -> None:
    responder = OfflineResponder(bundled)
    allowed = [*bundled.categories, "general"]
    known = {a.action_id for a in bundled.actions}
    assert len(bundled.categories) >= 8
    for category in bundled.categories:
        tried: list[str] = []
        while True:
            req = request(
                ticket_category=category, language=language, tried_action_ids=tuple(tried)
            )
            raw = "".join(responder.stream(req))
            text, meta, error = split_draft(raw)
            assert error is None and meta is not None
            result = validate_metadata(
                meta, allowed_categories=allowed, current_priority="low", known_action_ids=known
            )
            assert result.corrections == (), (category, tried)
            assert find_unperformed_claims(text, ()) == [], text
            if not result.proposed_solutions:
                assert result.intent == "handoff"
                break
            (action_id,) = result.catalog_action_ids
            step = bundled.action(action_id)
            assert result.proposed_solutions == (step.text(language),)
            # The guard's reader recognises the proposal as that very action.
            assert bundled.index().analyze(result.proposed_solutions[0]).catalog_action == action_id
            tried.append(action_id)
        assert tried == [s.action_id for s in bundled.steps(category)]


@pytest.mark.parametrize(
    ("message", "category"),
    [
        ("My Dell Inspiron 15 stopped charging after the update", "power"),
        ("wifi keeps disconnecting", "wifi"),
        ("my card was declined at checkout", "payment"),
        ("I cannot log in to my account", "login"),
        ("我的打印机打印不了", "printer"),
        ("路由器一直断网", "router"),
        ("hello", None),
        ("I want a refund", None),
    ],
)
def test_untriaged_tickets_on_the_bundled_catalog(
    bundled: Catalog, message: str, category: str | None
) -> None:
    raw = "".join(
        OfflineResponder(bundled).stream(request(ticket_category="general", message=message))
    )
    _text, meta, _error = split_draft(raw)
    assert meta is not None
    if category is None:
        assert meta.intent == "clarify" and meta.proposed_solutions == []
    else:
        assert meta.category == category and meta.intent == "troubleshoot"


def test_excluded_solution_in_chinese_skips_the_english_step(bundled: Catalog) -> None:
    first, second = bundled.steps("router")[:2]
    req = request(ticket_category="router", excluded_solutions=(first.text("zh"),))
    _text, meta = run_bundled(bundled, req)
    assert meta.catalog_action_ids == (second.action_id,)


def run_bundled(catalog: Catalog, req: DraftRequest) -> tuple[str, ValidatedMetadata]:
    text, meta, _error = split_draft("".join(OfflineResponder(catalog).stream(req)))
    return text, validate_metadata(
        meta, allowed_categories=[*catalog.categories, "general"], current_priority="low"
    )


def test_with_several_devices_on_file_the_one_the_problem_is_about_is_named() -> None:
    facts = {
        "device_model_phone": "iPhone 14 Pro",
        "device_model_router": "Netgear Nighthawk R7000",
        "device_model_laptop": "Dell XPS 13",
    }
    text, _ = run(request(facts=facts))  # a router ticket
    assert "Netgear Nighthawk R7000" in text
    assert "iPhone" not in text and "Dell" not in text
    # The message names the kind of device, whatever the category.
    text, _ = run(request(facts=facts, message="my laptop drops off the wifi"))
    assert "Dell XPS 13" in text and "Netgear" not in text


def test_with_several_devices_and_no_clue_none_is_named() -> None:
    facts = {"device_model_phone": "iPhone 14 Pro", "device_model_tablet": "iPad Air"}
    text, _ = run(request(facts=facts))  # a router ticket: neither device is the subject
    assert "iPhone" not in text and "iPad" not in text


def test_a_step_not_tried_yet_is_given_again_not_replaced() -> None:
    section = ContextSection("ticket_attempts", ("[not_attempted] Restart the router.",))
    text, meta = run(request(sections=(section,), tried_action_ids=("router.restart",)))
    assert meta.proposed_solutions == () and meta.intent == "remind"
    assert "here is the step again" in text and "Restart the router." in text


# -- steps the customer says they already tried -----------------------------------------------

OUTLET = "power.try_other_outlet"


def power(message: str, *, language: str = "en", **kw: object) -> tuple[str, ValidatedMetadata]:
    req = request(message=message, language=language, ticket_category="power", **kw)
    raw = "".join(OfflineResponder(load_catalog()).stream(req))
    text, meta, error = split_draft(raw)
    assert error is None
    return text, validate_metadata(meta, allowed_categories=["power"], current_priority="high")


def test_a_step_the_message_says_failed_is_not_proposed() -> None:
    text, meta = power(
        "My Acer Aspire 5 will not charge. I already plugged it into a different wall outlet "
        "and swapped the charging cable, neither helped."
    )
    assert meta.catalog_action_ids and OUTLET not in meta.catalog_action_ids
    # Nothing failed on this ticket: the intro says why the step was skipped, not that it failed.
    assert "Since you've already tried that" in text and "didn't fix it" not in text


def test_a_step_the_message_says_failed_is_not_proposed_in_chinese() -> None:
    text, meta = power("我已经换过插座了，还是充不进电", language="zh")
    assert meta.catalog_action_ids and OUTLET not in meta.catalog_action_ids
    assert "既然您已经试过这个方法" in text


def test_a_step_recalled_memory_says_failed_is_not_proposed() -> None:
    said = (
        "[2026-01-05] My Acer Aspire 5 will not charge. I already plugged it into a different "
        "wall outlet and swapped the charging cable, neither helped."
    )
    memory = ContextSection("memory", (said,))
    text, meta = power("Hello, my laptop will not charge again.", sections=(memory,))
    assert meta.catalog_action_ids and OUTLET not in meta.catalog_action_ids
    # Earlier customer messages of this ticket count too; the agent's do not.
    recent = ContextSection(
        "recent_messages",
        (
            "agent:sam: Did you try a different wall outlet? It did not help others.",
            "customer: I tried another outlet, it did not help.",
        ),
    )
    _, meta = power("Any other idea?", sections=(recent,))
    assert OUTLET not in meta.catalog_action_ids


CABLE = "power.check_cable"
WORKED = ContextSection("memory", ("[2025-11-02] Checking the charging cable fixed it, thanks!",))


@pytest.mark.parametrize(
    ("message", "language", "sections"),
    [
        # The cable is only asked about: the outlet is excluded, the cable is not.
        ("I already tried a different wall outlet, no luck, should I check the cable?", "en", ()),
        ("我已经换过插座了，还是充不进电，要不要检查充电线？", "zh", ()),
        # The cable is remembered as having worked: not a failed step.
        ("My laptop won't charge again. I already tried a different outlet.", "en", (WORKED,)),
    ],
)
def test_a_step_only_asked_about_or_reported_working_is_still_proposed(
    message: str, language: str, sections: tuple[ContextSection, ...]
) -> None:
    _text, meta = power(message, language=language, sections=sections)
    assert meta.catalog_action_ids == (CABLE,)
