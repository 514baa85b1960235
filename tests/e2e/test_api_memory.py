"""The memory view over HTTP: what the engine believes about a customer, and only theirs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from caseledger.adapters.bootstrap import Container
from caseledger.adapters.settings import GuardSettings, Settings
from tests.e2e.api_client import ANALYST, CUSTOMER_A, CUSTOMER_B, ApiClient, running_api


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
