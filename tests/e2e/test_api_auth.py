"""Credentials and the role matrix: every route but health needs a key; each role does only
what it may; a customer credential sees nothing of another customer (404, not 403)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest

from caseledger.adapters.settings import Settings
from tests.api_fakes import ScriptedReplies
from tests.e2e.api_client import (
    AGENT,
    ANALYST,
    AUDITOR,
    CUSTOMER_A,
    CUSTOMER_B,
    SERVICE,
    ApiClient,
    running_api,
)

ROLES = {
    "service": SERVICE,
    "agent": AGENT,
    "owner": CUSTOMER_A,
    "other_customer": CUSTOMER_B,
    "analyst": ANALYST,
    "auditor": AUDITOR,
}


@dataclass
class World:
    """cust-a's ticket with an attempt (failed) and a reply; cust-b exists too."""

    client: ApiClient
    ticket: str
    attempt: str
    reply_event: str


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    from caseledger.adapters.settings import GuardSettings

    settings = Settings(
        environment="test",
        data_dir=tmp_path_factory.mktemp("auth"),
        guard=GuardSettings(use_embeddings=False),
    )
    with running_api(settings, replies=lambda c: ScriptedReplies(c.desk)) as (client, _):
        ticket = client.open_ticket("cust-a", "Printer offline")
        client.open_ticket("cust-b", "Cannot log in")
        attempt = client.as_(AGENT).propose(ticket, "Turn the printer off and on")
        client.report(ticket, attempt, "failed")
        reply = client.as_(CUSTOMER_A).say(ticket, "Still offline.")
        yield World(client, ticket, attempt, reply["reply_event_id"])


def _operations(w: World) -> dict[str, tuple[str, str, dict[str, Any]]]:
    t, a = w.ticket, w.attempt
    unique = uuid.uuid4().hex[:8]
    return {
        "open_ticket": ("POST", "/tickets", {"json": {"customer_id": "cust-a", "subject": "s"}}),
        "list_tickets": ("GET", "/tickets", {"params": {"customer_id": "cust-a"}}),
        "read_ticket": ("GET", f"/tickets/{t}", {}),
        "post_message": ("POST", f"/tickets/{t}/messages", {"json": {"text": "hello"}}),
        "list_attempts": ("GET", f"/tickets/{t}/attempts", {}),
        "propose_attempt": (
            "POST",
            f"/tickets/{t}/attempts",
            {"json": {"text": f"Print a test page from the panel {unique}"}},
        ),
        "record_outcome": (
            "POST",
            f"/tickets/{t}/attempts/{a}/outcome",
            {"json": {"outcome": "unknown"}},
        ),
        "correct_outcome": (
            "POST",
            f"/tickets/{t}/attempts/{a}/correction",
            {"json": {"outcome": "partial", "reason": "it half worked"}},
        ),
        "resolve": ("POST", f"/tickets/{t}/resolve", {"json": {"resolution": "done"}}),
        "reopen": ("POST", f"/tickets/{t}/reopen", {"json": {"reason": "not done"}}),
        "read_preferences": ("GET", "/customers/cust-a/preferences", {}),
        "read_memory": ("GET", "/customers/cust-a/memory", {}),
        "correct_preference": (
            "POST",
            "/customers/cust-a/preferences/corrections",
            {"json": {"key": "contact_channel", "value": "sms", "reason": "said so"}},
        ),
        "trace": ("GET", f"/trace/{w.reply_event}", {}),
    }


OK = "ok"  # got past authentication and authorisation (the command itself may still refuse)
# operation -> role -> expected: OK, 403 (role may not) or 404 (not visible to this customer)
MATRIX: dict[str, dict[str, str | int]] = {
    "open_ticket": {"service": OK, "agent": OK, "owner": OK, "other_customer": 403},
    "list_tickets": {"service": OK, "agent": OK, "owner": OK, "other_customer": 404},
    "read_ticket": {"service": OK, "agent": OK, "owner": OK, "other_customer": 404},
    "post_message": {"service": OK, "agent": OK, "owner": OK, "other_customer": 404},
    "list_attempts": {"service": OK, "agent": OK, "owner": OK, "other_customer": 404},
    "propose_attempt": {"service": OK, "agent": OK, "owner": 403, "other_customer": 403},
    "record_outcome": {"service": OK, "agent": OK, "owner": OK, "other_customer": 404},
    "correct_outcome": {"service": OK, "agent": OK, "owner": 403, "other_customer": 403},
    "resolve": {"service": OK, "agent": OK, "owner": OK, "other_customer": 404},
    "reopen": {"service": OK, "agent": OK, "owner": OK, "other_customer": 404},
    "read_preferences": {"service": OK, "agent": OK, "owner": OK, "other_customer": 404},
    "read_memory": {"service": OK, "agent": OK, "owner": OK, "other_customer": 404},
    "correct_preference": {"service": OK, "agent": OK, "owner": OK, "other_customer": 404},
    "trace": {"service": OK, "agent": OK, "owner": OK, "other_customer": 404},
}
READS = {"list_tickets", "read_ticket", "list_attempts", "read_preferences", "read_memory"}
for _op, _row in MATRIX.items():
    # Analysts read; auditors read and trace; neither writes.
    _row["analyst"] = OK if _op in READS else 403
    _row["auditor"] = OK if _op in READS | {"trace"} else 403


@pytest.mark.parametrize("role", list(ROLES))
@pytest.mark.parametrize("operation", list(MATRIX))
def test_role_matrix(world: World, operation: str, role: str) -> None:
    method, path, kwargs = _operations(world)[operation]
    response = world.client.as_(ROLES[role]).raw(method, path, **kwargs)
    expected = MATRIX[operation][role]
    body = response.json()
    if expected == OK:
        assert response.status_code not in (401, 403, 404), (operation, role, body)
        assert response.status_code < 500
    else:
        assert response.status_code == expected, (operation, role, body)
        assert body["error"] in ("forbidden", "not_found") and body["reason"]


def test_every_operation_but_health_needs_a_credential(world: World) -> None:
    spec = world.client.http.get("/openapi.json").json()
    checked = 0
    for path, operations in spec["paths"].items():
        concrete = path.replace("{ticket_id}", world.ticket).replace("{attempt_id}", world.attempt)
        concrete = concrete.replace("{customer_id}", "cust-a").replace(
            "{event_id}", world.reply_event
        )
        for method in operations:
            for client in (world.client.as_(None), world.client.as_("not-a-key")):
                response = client.http.request(
                    method.upper(),
                    concrete,
                    headers=client.headers(),
                    json={} if method == "post" else None,
                )
                if path == "/v1/health":
                    assert response.status_code == 200
                    continue
                assert response.status_code == 401, (method, path, response.text)
                assert response.headers["www-authenticate"] == "Bearer"
                assert response.json()["error"] == "unauthorized"
                checked += 1
    assert checked == 2 * len(MATRIX)


def test_bearer_and_x_api_key_are_both_accepted(world: World) -> None:
    assert world.client.as_(AGENT, bearer=False).ticket(world.ticket)["ticket_id"] == world.ticket
    assert world.client.as_(AGENT, bearer=True).ticket(world.ticket)["ticket_id"] == world.ticket
    malformed = world.client.raw(
        "GET", f"/tickets/{world.ticket}", headers={"Authorization": f"Basic {AGENT}"}
    )
    assert malformed.status_code == 401


def test_another_customers_ticket_answers_exactly_like_a_missing_one(world: World) -> None:
    bo = world.client.as_(CUSTOMER_B)
    missing = str(uuid.uuid4())
    theirs = bo.ticket(world.ticket, expect=404)
    nothing = bo.ticket(missing, expect=404)
    assert theirs == {**nothing, "reason": nothing["reason"].replace(missing, world.ticket)}
    # ... and another customer's tickets, preferences and events do not exist either.
    assert bo.tickets("cust-a", expect=404)["error"] == "not_found"
    assert bo.preferences("cust-a", expect=404)["error"] == "not_found"
    assert bo.trace(world.reply_event, expect=404)["error"] == "not_found"
    assert [t["customer_id"] for t in bo.tickets()["data"]] == ["cust-b"]


def test_a_customer_opens_tickets_only_for_itself(world: World) -> None:
    ana = world.client.as_(CUSTOMER_A)
    refused = ana.open_ticket("cust-b", expect=403)
    assert "only for itself" in refused["reason"]
    assert ana.open_ticket(None)  # its own id by default


@pytest.mark.parametrize(("key", "article"), [(ANALYST, "an analyst"), (AUDITOR, "an auditor")])
def test_a_refusal_names_the_role_with_its_article(world: World, key: str, article: str) -> None:
    refused = world.client.as_(key).propose(world.ticket, "Reinstall the driver", expect=403)
    assert refused["reason"].startswith(f"{article} credential may not "), refused


def test_staff_must_name_the_customer(world: World) -> None:
    answer = world.client.as_(AGENT).open_ticket(None, expect=422)
    assert answer["field"] == "customer_id"
    assert world.client.tickets(expect=422)["field"] == "customer_id"


def test_writes_record_who_made_them(world: World) -> None:
    agent = world.client.as_(AGENT)
    attempt = agent.propose(world.ticket, "Reinstall the printer driver from the vendor site")
    entry = next(
        e for e in agent.attempts(world.ticket) if e["phrasings"][0]["attempt_id"] == attempt
    )
    assert entry["phrasings"][0]["actor"] == "agent:sam"
    opened = world.client.ticket(world.ticket)["timeline"][0]
    assert opened["actor"] == "service:crm"


def test_only_a_service_may_backdate(world: World) -> None:
    body = {"text": "written earlier", "occurred_at": "2026-05-01T10:00:00+02:00"}
    refused = world.client.as_(CUSTOMER_A).raw(
        "POST", f"/tickets/{world.ticket}/messages", json=body
    )
    assert refused.status_code == 403 and "occurred_at" in refused.json()["reason"]
    accepted = world.client.raw("POST", f"/tickets/{world.ticket}/messages", json=body)
    assert accepted.status_code == 200
    timeline = world.client.ticket(world.ticket)["timeline"]
    backdated = next(e for e in timeline if e["event_id"] == accepted.json()["message_event_id"])
    assert datetime.fromisoformat(backdated["occurred_at"]) == datetime(
        2026, 5, 1, 8, 0, tzinfo=UTC
    )
