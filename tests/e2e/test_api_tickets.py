"""The API's conversation flow in domain words: tickets, messages, attempts, preferences, trace.

Runs on every store backend (the ``settings`` fixture is parametrised).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import pytest

from caseledger.adapters.bootstrap import Container
from caseledger.adapters.settings import Settings
from tests.api_fakes import ScriptedReplies
from tests.e2e.api_client import AGENT, CUSTOMER_A, ApiClient, running_api


@pytest.fixture
def api(settings: Settings) -> Iterator[tuple[ApiClient, Container]]:
    with running_api(settings, replies=lambda c: ScriptedReplies(c.desk)) as running:
        yield running


def test_a_ticket_is_opened_answered_and_read_back_with_its_timeline(
    api: tuple[ApiClient, Container],
) -> None:
    client, _ = api
    ana = client.as_(CUSTOMER_A)
    ticket = ana.open_ticket(None, "Dell Inspiron 15 stopped charging", category="hardware")

    reply = ana.say(ticket, "My laptop stopped charging after the update.")
    assert reply["text"].startswith("Please hold the power button")
    assert reply["responder"] == "scripted"

    state = ana.ticket(ticket)
    assert (state["customer_id"], state["status"], state["category"]) == (
        "cust-a",
        "open",
        "hardware",
    )
    types = [entry["type"] for entry in state["timeline"]]
    assert types == ["ticket.opened", "ticket.message_received", "ticket.reply_sent"]
    assert state["timeline"][1]["event_id"] == reply["message_event_id"]
    assert state["timeline"][1]["actor"] == "customer"

    listed = client.tickets("cust-a")
    assert listed["count"] == 1 and listed["data"][0]["ticket_id"] == ticket
    assert "timeline" not in listed["data"][0]
    # A customer lists its own tickets without naming itself.
    assert ana.tickets()["count"] == 1


def test_agents_add_attempts_and_a_repeat_of_a_failed_one_is_refused_naming_it(
    api: tuple[ApiClient, Container],
) -> None:
    client, _ = api
    agent = client.as_(AGENT)
    first = agent.open_ticket("cust-a", "Card declined")
    drain = agent.propose(first, "Remove the card from the wallet and add it again")
    client.as_(CUSTOMER_A).report(first, drain, "failed", note="still declined")

    # A new ticket of the same customer: the same action, said exactly so, is refused.
    second = agent.open_ticket("cust-a", "Card declined again")
    refused = agent.propose(second, "Remove the card from the wallet and add it again", expect=409)
    assert refused["error"] == "repeat_of_failed_attempt"
    assert refused["failed_attempt_id"] == drain
    assert refused["failed_ticket_id"] == first
    assert refused["refusal_event_id"]

    other = agent.propose(second, "Call the bank to lift the block on online payments")
    [entry] = agent.attempts(second)
    assert entry["status"] == "pending"
    assert entry["phrasings"][0]["attempt_id"] == other
    assert entry["phrasings"][0]["actor"] == "agent:sam"

    [failed] = agent.attempts(first)
    assert failed["status"] == "failed"
    assert failed["refused_repeats"][0]["text"].startswith("Remove the card")


def test_outcomes_are_recorded_then_corrected_and_the_correction_wins(
    api: tuple[ApiClient, Container],
) -> None:
    client, _ = api
    agent = client.as_(AGENT)
    ticket = agent.open_ticket("cust-a", "Wi-Fi drops")
    attempt = agent.propose(ticket, "Move the router away from the microwave")
    agent.report(ticket, attempt, "failed", confidence=0.6)

    again = agent.report(ticket, attempt, "succeeded", expect=409)
    assert again["error"] == "invariant_violated"
    corrected = agent.correct(ticket, attempt, "succeeded", "customer called back: it worked")

    [entry] = agent.attempts(ticket)
    assert entry["status"] == "succeeded"
    assert [o["kind"] for o in entry["outcomes"]] == ["recorded", "corrected"]
    assert entry["outcomes"][1]["event_id"] == corrected["event_id"]


def test_resolve_and_reopen(api: tuple[ApiClient, Container]) -> None:
    client, _ = api
    ana = client.as_(CUSTOMER_A)
    ticket = ana.open_ticket(None)
    ana.resolve(ticket, "it charges again")
    assert ana.ticket(ticket)["status"] == "resolved"
    assert ana.resolve(ticket, expect=409)["error"] == "invariant_violated"
    assert client.as_(AGENT).propose(ticket, "Try another outlet", expect=409)["reason"]
    ana.reopen(ticket, "stopped again")
    assert ana.ticket(ticket)["status"] == "open"


def test_preferences_now_and_as_believed_before_a_correction(
    api: tuple[ApiClient, Container],
) -> None:
    client, container = api
    ana = client.as_(CUSTOMER_A)
    ana.open_ticket(None)
    assert ana.preferences("cust-a") == {}

    first = ana.correct_preference("cust-a", "contact_channel", "email", "prefer email")
    before_change = datetime.fromisoformat(client.trace(first["event_id"])["event"]["recorded_at"])
    ana.correct_preference("cust-a", "contact_channel", "phone", "call me instead")

    now = ana.preferences("cust-a")["contact_channel"]
    assert (now["status"], now["value"]) == ("current", "phone")
    assert now["superseded"][0]["value"] == "email"
    believed = ana.preferences("cust-a", as_of=before_change)["contact_channel"]
    assert believed["value"] == "email"


def test_trace_of_a_reply_leads_back_to_the_message(api: tuple[ApiClient, Container]) -> None:
    client, _ = api
    ana = client.as_(CUSTOMER_A)
    ticket = ana.open_ticket(None)
    reply = ana.say(ticket, "It stopped charging.")

    tree = ana.trace(reply["reply_event_id"])
    assert tree["event"]["type"] == "ticket.reply_sent"
    causes = {c["event"]["event_id"] for c in tree["causes"]}
    assert reply["message_event_id"] in causes
    effects = client.trace(reply["message_event_id"])["effects"]
    assert reply["reply_event_id"] in {e["event_id"] for e in effects}


def test_health_needs_no_credential(api: tuple[ApiClient, Container]) -> None:
    client, _ = api
    answer = client.as_(None).health()
    assert answer["status"] == "ok"
    assert set(answer["projection_lag"]) >= {"ticket_state", "attempt_list"}
