"""The memory view over HTTP: what the engine believes about a customer, and only theirs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from caseledger.adapters.bootstrap import Container
from caseledger.adapters.settings import GuardSettings, Settings
from tests.e2e.api_client import ANALYST, CUSTOMER_A, CUSTOMER_B, ApiClient, running_api
from tests.fakes import FakeMemoryStore


@pytest.fixture
def api(tmp_path: Path) -> Iterator[tuple[ApiClient, Container]]:
    settings = Settings(
        environment="test", data_dir=tmp_path, guard=GuardSettings(use_embeddings=False)
    )
    with running_api(settings) as running:
        yield running


def test_memory_view_groups_what_the_customer_said(api: tuple[ApiClient, Container]) -> None:
    client, _ = api
    ana = client.as_(CUSTOMER_A)
    ticket = ana.open_ticket(None, "Laptop not charging", category="power")
    ana.say(ticket, "My Dell Inspiron 15 stopped charging. Please email me, not phone.")
    ana.say(ticket, "Actually, please call me instead.")
    assert client.http.app.state.turn_finisher.wait_idle(10)  # the memory writes are done
    customer = ana.ticket(ticket)["customer_id"]
    view = ana.memory(customer)
    devices = view["groups"]["devices"]
    assert any(
        "Dell Inspiron 15" in (item.get("text") or item.get("value") or "") for item in devices
    )
    prefs = view["groups"]["support_preferences"]
    channel = [i for i in prefs if i.get("key") == "contact_channel"]
    assert [i["value"] for i in channel] == ["phone"]  # the superseded email is hidden
    assert all(i["source_event_id"] and i["at"] for group in view["groups"].values() for i in group)
    everything = ana.memory(customer, all=True)
    values = [
        i.get("value")
        for i in everything["groups"]["support_preferences"]
        if i.get("key") == "contact_channel"
    ]
    assert "email" in values and "phone" in values
    # Analysts read it; another customer's credential is told it does not exist.
    assert client.as_(ANALYST).memory(customer)["customer_id"] == customer
    client.as_(CUSTOMER_B).memory(customer, expect=404)
    client.as_(ANALYST).memory("nobody-at-all", expect=404)


def test_a_customer_sees_a_failed_write_without_the_systems_details(tmp_path: Path) -> None:
    """Session 62's QA: a customer's own memory view showed the store's connection error
    and the bank id; staff still see them."""
    settings = Settings(
        environment="test", data_dir=tmp_path, guard=GuardSettings(use_embeddings=False)
    )
    memory = FakeMemoryStore()
    with running_api(settings, memory=memory) as (client, _):
        ana = client.as_(CUSTOMER_A)
        ticket = ana.open_ticket(None, "Laptop not charging", category="power")
        ana.say(ticket, "My Dell Inspiron 15 stopped charging.")
        assert client.http.app.state.turn_finisher.wait_idle(10)
        memory.failing = True
        ana.say(ticket, "It still does not charge.")
        assert client.http.app.state.turn_finisher.wait_idle(10)
        customer = ana.ticket(ticket)["customer_id"]

        def not_saved(view: dict[str, Any]) -> list[dict[str, Any]]:
            return [i for g in view["groups"].values() for i in g if i.get("status") == "not_saved"]

        staff_view = client.as_(ANALYST).memory(customer, all=True)
        staff = not_saved(staff_view)
        assert staff and "connection refused" in staff[0]["reason"]
        assert any("bank_id" in i for g in staff_view["groups"].values() for i in g)
        own = not_saved(ana.memory(customer, all=True))
        assert own and own[0]["reason"] == "not saved yet; it will be tried again"
        assert all(
            "bank_id" not in i for g in ana.memory(customer, all=True)["groups"].values() for i in g
        )
