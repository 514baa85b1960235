"""Bad input answers 4xx with a reason and the field at fault, never a 500; a bug answers a
generic 500 and is logged."""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from caseledger.adapters.settings import GuardSettings, LimitSettings, Settings
from tests.api_fakes import ScriptedReplies
from tests.e2e.api_client import AGENT, CUSTOMER_A, ApiClient, running_api


def _settings(data_dir: Path, **changes: Any) -> Settings:
    return Settings(
        environment="test",
        data_dir=data_dir,
        guard=GuardSettings(use_embeddings=False),
        **changes,
    )


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ApiClient, str]]:
    settings = _settings(
        tmp_path_factory.mktemp("errors"), limits=LimitSettings(max_text_chars=500)
    )
    with running_api(settings, replies=lambda c: ScriptedReplies(c.desk)) as (client, _):
        yield client, client.open_ticket("cust-a")


def _error(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) >= {"error", "reason", "field"} and body["reason"]
    return body


def test_a_nul_in_a_corrected_preference_value_is_refused_and_not_recorded(
    api: tuple[ApiClient, str],
) -> None:
    client, _ = api
    before = client.preferences("cust-a")
    body = client.as_(AGENT).correct_preference(
        "cust-a", "contact_channel", "sms\x00", "x", expect=422
    )
    assert (body["error"], body["field"]) == ("invalid_input", "value")
    assert "NUL" in body["reason"]
    assert client.preferences("cust-a") == before


def test_text_over_the_configured_limit_is_refused_naming_the_field(
    api: tuple[ApiClient, str],
) -> None:
    client, ticket = api
    body = _error(client.raw("POST", f"/tickets/{ticket}/messages", json={"text": "x" * 501}), 422)
    assert (body["error"], body["field"]) == ("invalid_input", "text")
    assert "500" in body["reason"]
    attempt = client.as_(AGENT).propose(ticket, "y" * 501, expect=422)
    assert attempt["field"] == "text"
    # Nothing was recorded for either.
    assert [e["type"] for e in client.ticket(ticket)["timeline"]] == ["ticket.opened"]


def test_a_body_over_the_byte_limit_is_refused_before_parsing(api: tuple[ApiClient, str]) -> None:
    client, ticket = api
    huge = {"text": "z" * 70_000}  # over the default 64 000-byte request limit
    body = _error(client.raw("POST", f"/tickets/{ticket}/messages", json=huge), 413)
    assert body["error"] == "payload_too_large"

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"text": "'
        for _ in range(80):
            yield b"z" * 1000
        yield b'"}'

    chunked = client.raw(
        "POST",
        f"/tickets/{ticket}/messages",
        content=chunks(),
        headers={"Content-Type": "application/json"},
    )
    assert _error(chunked, 413)["error"] == "payload_too_large"


def test_a_subject_over_its_schema_limit_is_refused(api: tuple[ApiClient, str]) -> None:
    client, _ = api
    body = client.open_ticket("cust-a", "s" * 301, expect=422)
    assert body["field"] == "subject" and "300" in body["reason"]


@pytest.mark.parametrize(
    ("path", "payload", "field"),
    [
        ("/tickets", {"customer_id": "cust-a"}, "subject"),
        ("/tickets/{t}/messages", {}, "text"),
        ("/tickets/{t}/messages", {"text": ""}, "text"),
        ("/tickets/{t}/messages", {"text": "   "}, "text"),
        ("/tickets/{t}/messages", {"text": "nul \x00 inside"}, "text"),
        ("/tickets/{t}/messages", {"text": 42}, "text"),
        ("/tickets/{t}/attempts", {"txt": "typo"}, "text"),
        ("/tickets", {"customer_id": "cust-a", "subject": "s", "priority": "asap"}, "priority"),
        ("/tickets", {"customer_id": "a b", "subject": "s"}, "customer_id"),
        ("/tickets/{t}/resolve", {"resolution": "x", "attempt_id": "att-none"}, None),
        ("/customers/cust-a/preferences/corrections", {"key": "Bad Key"}, "key"),
        (
            "/customers/cust-a/preferences/corrections",
            {"key": "contact_channel", "value": "sms\x00", "reason": "x"},
            "value",
        ),
    ],
)
def test_missing_or_malformed_fields_are_named(
    api: tuple[ApiClient, str], path: str, payload: dict[str, Any], field: str | None
) -> None:
    client, ticket = api
    response = client.as_(AGENT).raw("POST", path.replace("{t}", ticket), json=payload)
    if field is None:  # a well-formed request naming something that does not exist
        assert _error(response, 404)["error"] == "not_found"
        return
    body = _error(response, 422)
    assert body["field"] == field, body
    assert body["error"] == "invalid_input"


def test_naive_timestamps_are_refused(api: tuple[ApiClient, str]) -> None:
    client, ticket = api
    body = client.preferences("cust-a", as_of="2026-06-01T12:00:00", expect=422)
    assert body["field"] == "as_of" and "timezone" in body["reason"]
    naive = {"text": "hello", "occurred_at": "2026-06-01T12:00:00"}
    body = _error(client.raw("POST", f"/tickets/{ticket}/messages", json=naive), 422)
    assert body["field"] == "occurred_at"
    assert client.preferences("cust-a", as_of="yesterday", expect=422)["field"] == "as_of"


def test_unknown_things_are_404_with_a_reason(api: tuple[ApiClient, str]) -> None:
    client, ticket = api
    missing = str(uuid.uuid4())
    assert "not found" in client.ticket(missing, expect=404)["reason"]
    assert client.say(missing, "hello", expect=404)["error"] == "not_found"
    assert client.attempts(missing, expect=404)["error"] == "not_found"
    assert client.report(ticket, "att-000000000000", "failed", expect=404)["error"] == "not_found"
    assert client.trace(missing, expect=404)["error"] == "not_found"
    body = client.correct_preference("nobody", "contact_channel", "sms", "x", expect=404)
    assert body["error"] == "not_found"
    assert client.ticket("not a uuid at all", expect=422)["field"] == "ticket_id"


def test_http_level_errors_keep_the_error_shape(api: tuple[ApiClient, str]) -> None:
    client, ticket = api
    assert _error(client.raw("GET", "/nowhere"), 404)["error"] == "not_found"
    assert _error(client.raw("DELETE", f"/tickets/{ticket}"), 405)["error"] == "method_not_allowed"
    broken = client.raw(
        "POST",
        f"/tickets/{ticket}/messages",
        content=b'{"text": ',
        headers={"Content-Type": "application/json"},
    )
    assert _error(broken, 422)["error"] == "invalid_input"


def test_a_customer_cannot_outcome_an_attempt_of_someone_elses_ticket(
    api: tuple[ApiClient, str],
) -> None:
    client, _ = api
    theirs = client.open_ticket("cust-b")
    attempt = client.as_(AGENT).propose(theirs, "Clear the browser cache")
    body = client.as_(CUSTOMER_A).report(theirs, attempt, "succeeded", expect=404)
    assert body["error"] == "not_found"
    assert client.as_(AGENT).attempts(theirs)[0]["status"] == "pending"


def test_a_bug_answers_a_generic_500_and_is_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    class Broken:
        def handle_message(self, *args: Any) -> Any:
            raise RuntimeError("secret internals")

        def stream_message(self, *args: Any) -> Any:
            raise RuntimeError("secret internals")

    with running_api(
        _settings(tmp_path), replies=lambda c: Broken(), raise_server_exceptions=False
    ) as (client, _):
        ticket = client.open_ticket("cust-a")
        with caplog.at_level(logging.ERROR, logger="caseledger.api"):
            response = client.raw("POST", f"/tickets/{ticket}/messages", json={"text": "hi"})
    assert response.status_code == 500
    assert response.json() == {
        "error": "internal_error",
        "reason": "internal error; it has been logged",
        "field": None,
    }
    assert "secret" not in response.text
    assert any("secret internals" in (r.exc_text or "") for r in caplog.records)


def test_without_a_pipeline_messages_answer_503(tmp_path: Path) -> None:
    with running_api(_settings(tmp_path), replies=lambda c: None) as (client, _):
        ticket = client.open_ticket("cust-a")
        body = client.say(ticket, "hi", expect=503)
    assert body["error"] == "unavailable"
