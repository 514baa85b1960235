"""The memory view for people: a pure fold over the real service's events, and its query."""

from __future__ import annotations

import copy
import functools
import hashlib
from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caseledger.adapters.equivalence.fuzzy_semantic import RapidfuzzSemanticEquivalence
from caseledger.domain.envelope import EventEnvelope
from caseledger.domain.services import Cause, SupportDesk
from caseledger.projections.base import Doc, fold
from caseledger.projections.memory_view import GROUPS, MemoryView, classify_text, memory_view
from caseledger.projections.runner import NotificationLogSource
from tests.fakes import SteppingClock

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
VIEW = MemoryView()


def _desk() -> SupportDesk:
    desk = SupportDesk(
        {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": ":memory:"},
        clock=SteppingClock(T0),
        equivalence=RapidfuzzSemanticEquivalence(None),
    )
    desk.register_customer("cust-a", Cause(actor="service:crm"))
    desk.register_customer("cust-b", Cause(actor="service:crm"))
    return desk


def _say(desk: SupportDesk, ticket: str, text: str, *, retained: bool = True) -> str:
    """A customer message, then (like the reply pipeline) its memory write."""
    event = desk.receive_message(ticket, text, Cause(actor="customer"))
    customer = desk.load_ticket(ticket).customer_id
    cause = Cause(actor="service:memory", causation_id=event)
    if retained:
        desk.record_memory_retained(
            customer,
            cause,
            bank_id="cl-test-bank",
            memory_id=event,
            source_event_id=event,
            content_hash=hashlib.sha256(text.encode()).hexdigest(),
            ticket_id=ticket,
        )
    else:
        desk.record_memory_write_failed(
            customer,
            cause,
            bank_id="cl-test-bank",
            source_event_id=event,
            reason="ClientConnectorError: connection refused",
            ticket_id=ticket,
        )
    return event


def _events(desk: SupportDesk) -> list[EventEnvelope]:
    return NotificationLogSource(desk).read(0, 10_000)


def _docs(envelopes: list[EventEnvelope]) -> dict[str, Doc]:
    docs: dict[str, Doc] = {}
    for envelope in envelopes:
        for key in VIEW.keys(envelope):
            new = fold(VIEW, key, docs.get(key), envelope)
            if new is not None:
                docs[key] = new
    return docs


@functools.cache
def _scenario_events() -> tuple[list[EventEnvelope], dict[str, str]]:
    desk, ids = _scenario()
    return _events(desk), ids


def _scenario() -> tuple[SupportDesk, dict[str, str]]:
    desk = _desk()
    ids: dict[str, str] = {}
    t1 = desk.open_ticket("cust-a", "Laptop stopped charging", Cause(actor="customer"))
    ids["device"] = _say(desk, t1, "I have a Dell Inspiron 15 laptop.")
    ids["issue"] = _say(desk, t1, "Since the BIOS update the laptop no longer charges.")
    ids["pref_msg"] = _say(desk, t1, "Please email me, I'm in meetings all day.")
    ids["pref_msg_again"] = _say(desk, t1, "please email me, I'm in meetings all day!")
    ids["chatter"] = _say(desk, t1, "Thanks, that's helpful.")
    ids["lost"] = _say(desk, t1, "I also own an HP printer.", retained=False)
    ids["email_1"] = desk.state_preference(
        "cust-a", "contact_channel", "email", Cause(actor="customer"), stated_at=T0
    )
    ids["email_2"] = desk.state_preference(
        "cust-a", "contact_channel", "Email", Cause(actor="customer"), stated_at=T0 + timedelta(1)
    )
    ids["phone"] = desk.state_preference(
        "cust-a", "contact_channel", "phone", Cause(actor="customer"), stated_at=T0 + timedelta(2)
    )
    ids["lang_en"] = desk.state_preference(
        "cust-a", "language", "en", Cause(actor="customer"), stated_at=None
    )
    ids["lang_zh"] = desk.state_preference(
        "cust-a", "language", "zh", Cause(actor="customer"), stated_at=None
    )
    ids["device_pref"] = desk.state_preference(
        "cust-a", "device_model", "Dell Inspiron 15", Cause(actor="customer"), stated_at=T0
    )
    ids["maybe"] = desk.state_preference(
        "cust-a", "contact_time", "evenings", Cause(actor="customer"), stated_at=T0, confidence=0.3
    )
    ids["callback"] = desk.state_preference(
        "cust-a",
        "callback_window",
        "tomorrow after 3pm",
        Cause(actor="customer"),
        stated_at=T0,
        expires_at=T0 + timedelta(days=2),
    )
    t2 = desk.open_ticket("cust-b", "Printer jams", Cause(actor="customer"))
    ids["b_msg"] = _say(desk, t2, "My HP LaserJet jams on duplex.")
    return desk, ids


def _items(view: Doc, group: str) -> list[Doc]:
    return list(view["groups"][group])


def test_items_are_grouped_with_sources_and_times() -> None:
    desk, ids = _scenario()
    view = memory_view(_docs(_events(desk))["cust-a"], now=T0 + timedelta(days=1))
    assert set(view["groups"]) == set(GROUPS)
    devices = _items(view, "devices")
    assert {i["source_event_id"] for i in devices} == {ids["device"], ids["device_pref"]}
    activity = _items(view, "past_support_activity")
    assert {(i["kind"], i["text"]) for i in activity} == {
        ("memory", "Since the BIOS update the laptop no longer charges."),
        ("ticket", "Laptop stopped charging"),
    }
    other = _items(view, "other")
    assert [i["text"] for i in other if i["kind"] == "memory"] == ["Thanks, that's helpful."]
    for group in GROUPS:
        for item in view["groups"][group]:
            assert item["source_event_id"] and item["at"], item
            datetime.fromisoformat(item["at"])
    # Latest first within a group.
    for group in GROUPS:
        times = [i["at"] for i in view["groups"][group]]
        assert times == sorted(times, reverse=True)


def test_near_duplicates_are_merged_with_a_count() -> None:
    desk, ids = _scenario()
    view = memory_view(_docs(_events(desk))["cust-a"])
    prefs = [i for i in _items(view, "support_preferences") if i["kind"] == "memory"]
    assert len(prefs) == 1
    assert prefs[0]["count"] == 2
    assert [s["event_id"] for s in prefs[0]["sources"]] == [ids["pref_msg"], ids["pref_msg_again"]]
    assert prefs[0]["source_event_id"] == ids["pref_msg_again"]  # the latest wording shows


def test_superseded_values_hidden_by_default_and_listed_with_all() -> None:
    desk, ids = _scenario()
    doc = _docs(_events(desk))["cust-a"]
    channel = [
        i
        for i in _items(memory_view(doc), "support_preferences")
        if i.get("key") == "contact_channel"
    ]
    assert [(i["value"], i["status"]) for i in channel] == [("phone", "current")]
    assert channel[0]["source_event_id"] == ids["phone"]

    everything = memory_view(doc, all=True)
    channel = [
        i for i in _items(everything, "support_preferences") if i.get("key") == "contact_channel"
    ]
    assert sorted((i["value"].casefold(), i["status"]) for i in channel) == [
        ("email", "superseded"),
        ("phone", "current"),
    ]
    old = next(i for i in channel if i["status"] == "superseded")
    assert old["count"] == 2  # "email" and "Email": one value, stated twice
    assert {s["event_id"] for s in old["sources"]} == {ids["email_1"], ids["email_2"]}


def test_conflicts_are_shown_explicitly() -> None:
    desk, ids = _scenario()
    view = memory_view(_docs(_events(desk))["cust-a"])
    assert len(view["conflicts"]) == 1
    conflict = view["conflicts"][0]
    assert conflict["key"] == "language" and conflict["status"] == "conflict"
    assert conflict["value"] is None
    assert {c["value"] for c in conflict["candidates"]} == {"en", "zh"}
    assert {c["event_id"] for c in conflict["candidates"]} == {ids["lang_en"], ids["lang_zh"]}
    assert conflict in view["groups"]["support_preferences"]


def test_candidates_expired_values_and_failed_writes_only_with_all() -> None:
    desk, ids = _scenario()
    doc = _docs(_events(desk))["cust-a"]
    later = T0 + timedelta(days=5)
    shown = {i["source_event_id"] for g in GROUPS for i in memory_view(doc, now=later)["groups"][g]}
    assert not {ids["maybe"], ids["callback"], ids["lost"]} & shown
    everything = memory_view(doc, all=True, now=later)
    status = {i["source_event_id"]: i["status"] for g in GROUPS for i in everything["groups"][g]}
    assert status[ids["maybe"]] == "candidate"
    assert status[ids["callback"]] == "expired"
    assert status[ids["lost"]] == "not_saved"
    # Before it expires, the time-bound value is current.
    current = memory_view(doc, now=T0 + timedelta(days=1))
    assert ids["callback"] in {i["source_event_id"] for g in GROUPS for i in current["groups"][g]}


def test_customers_never_see_each_other() -> None:
    desk, ids = _scenario()
    docs = _docs(_events(desk))
    b = memory_view(docs["cust-b"], all=True)
    shown = {i["source_event_id"] for g in GROUPS for i in b["groups"][g]}
    assert ids["b_msg"] in shown
    assert not shown & {v for k, v in ids.items() if k != "b_msg"}


def test_sources_name_every_event_behind_the_document() -> None:
    desk, ids = _scenario()
    doc = _docs(_events(desk))["cust-a"]
    sources = set(VIEW.sources(doc))
    assert {v for k, v in ids.items() if k != "b_msg"} <= sources


def test_empty_view() -> None:
    view = memory_view(None)
    assert view["conflicts"] == [] and all(v == [] for v in view["groups"].values())


def test_classify_text_in_english_and_chinese() -> None:
    assert classify_text("I use a Pixel 8 phone") == "devices"
    assert classify_text("我的手机是华为 Mate 60") == "devices"
    assert classify_text("The printer keeps jamming") == "past_support_activity"
    assert classify_text("电脑开机后屏幕一直闪烁") == "past_support_activity"
    assert classify_text("Please text me, don't call") == "support_preferences"
    assert classify_text("请用短信联系我") == "support_preferences"
    assert classify_text("Thanks!") == "other"
    # Session 62's QA: a contact preference, a Chinese failure report and a question about
    # the desk's own number were grouped as devices and other.
    assert classify_text("Phone is best, thanks.") == "support_preferences"
    assert classify_text("Phone me please") == "support_preferences"
    assert classify_text("试过了还是不行") == "past_support_activity"
    assert classify_text("tried it, still not working") == "past_support_activity"
    assert classify_text("What is your support phone number?") == "other"
    assert classify_text("My phone number changed, it is a new iPhone") == "devices"


def test_apply_does_not_mutate_and_redelivery_changes_nothing() -> None:
    desk, _ = _scenario()
    envelopes = _events(desk)
    docs: dict[str, Doc] = {}
    for envelope in envelopes:
        for key in VIEW.keys(envelope):
            before = copy.deepcopy(docs.get(key))
            new = fold(VIEW, key, docs.get(key), envelope)
            assert docs.get(key) == before
            if new is not None:
                docs[key] = new
    assert _docs(envelopes + envelopes) == docs


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_view_does_not_depend_on_the_order_of_customers_and_tickets(data: st.DataObject) -> None:
    """Any interleaving of different aggregates' events (Kafka partitions; a memory write may
    even arrive before its message) gives the same view."""
    events, _ = _scenario_events()
    envelopes = [e for e in events if VIEW.keys(e) == ["cust-a"]]
    by_aggregate: dict[str, list[EventEnvelope]] = {}
    for e in envelopes:
        by_aggregate.setdefault(e.aggregate_id, []).append(e)
    # Any interleaving that keeps each aggregate's own order (aggregates numbered by first
    # appearance, so the draws do not depend on random ids).
    queues = {n: list(v) for n, v in enumerate(by_aggregate.values())}
    shuffled: list[EventEnvelope] = []
    while queues:
        key = data.draw(st.sampled_from(sorted(queues)))
        shuffled.append(queues[key].pop(0))
        if not queues[key]:
            del queues[key]
    now = T0 + timedelta(days=1)

    def view(envs: list[EventEnvelope]) -> Any:
        return memory_view(_docs(envs)["cust-a"], all=True, now=now)

    assert view(shuffled) == view(envelopes)


def test_a_retried_write_does_not_make_an_older_message_the_latest() -> None:
    desk = _desk()
    ticket = desk.open_ticket("cust-a", "Contact", Cause(actor="customer"))
    first = _say(desk, ticket, "Please email me.", retained=False)
    second = _say(desk, ticket, "please email me!")
    desk.record_memory_retained(  # the worker's retry of the first write, later
        "cust-a",
        Cause(actor="service:memory", causation_id=first),
        bank_id="cl-test-bank",
        memory_id=first,
        source_event_id=first,
        content_hash=hashlib.sha256(b"Please email me.").hexdigest(),
        try_number=2,
        ticket_id=ticket,
    )
    view = memory_view(_docs(_events(desk))["cust-a"], all=True)
    [item] = [i for i in view["groups"]["support_preferences"] if i["kind"] == "memory"]
    assert item["count"] == 2 and item["status"] == "remembered"
    assert item["source_event_id"] == second  # said last, though retained first
    assert [s["event_id"] for s in item["sources"]] == [first, second]
