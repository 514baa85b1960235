"""Server-sent events: framing, negotiation, errors before and during a stream, and a client
that disconnects halfway (the turn still runs to its end)."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.requests import ClientDisconnect

from caseledger.adapters.bootstrap import Container
from caseledger.adapters.settings import GuardSettings, Settings
from tests.api_fakes import ScriptedReplies
from tests.e2e.api_client import CUSTOMER_A, SERVICE, ApiClient, running_api

REPLY = "Hold the power button for 30 seconds.\nThen plug the charger in: 充电器。"


def _settings(data_dir: Path) -> Settings:
    return Settings(
        environment="test", data_dir=data_dir, guard=GuardSettings(use_embeddings=False)
    )


@pytest.fixture
def api(tmp_path: Path) -> Iterator[tuple[ApiClient, Container]]:
    with running_api(
        _settings(tmp_path), replies=lambda c: ScriptedReplies(c.desk, REPLY, chunks=5)
    ) as running:
        yield running


@pytest.mark.parametrize("via_query", [False, True], ids=["accept-header", "stream-query"])
def test_a_streamed_reply_is_status_steps_then_deltas_then_done(
    api: tuple[ApiClient, Container], via_query: bool
) -> None:
    client, _ = api
    ana = client.as_(CUSTOMER_A)
    ticket = ana.open_ticket(None)
    response, events = ana.say_streaming(ticket, "It stopped charging.", via_query=via_query)

    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    assert response.headers["cache-control"] == "no-cache"
    kinds = [e.event for e in events]
    assert kinds[:2] == ["status", "status"] and kinds[-1] == "done"
    assert set(kinds[2:-1]) == {"delta"} and len(kinds[2:-1]) == 5
    assert events[0].data == {"text": "recorded message"}
    streamed = "".join(e.data["text"] for e in events if e.event == "delta")
    done = events[-1].data
    assert streamed == done["text"] == REPLY  # newlines and CJK survive the framing
    timeline = ana.ticket(ticket)["timeline"]
    assert timeline[-1]["event_id"] == done["reply_event_id"]


def test_without_asking_for_a_stream_the_answer_is_json(api: tuple[ApiClient, Container]) -> None:
    client, _ = api
    ticket = client.open_ticket("cust-a")
    response = client.raw(
        "POST", f"/tickets/{ticket}/messages", json={"text": "hi"}, headers={"Accept": "*/*"}
    )
    assert response.headers["content-type"] == "application/json"
    assert response.json()["text"] == REPLY


def test_an_error_before_the_first_event_is_an_ordinary_error_answer(
    api: tuple[ApiClient, Container],
) -> None:
    client, _ = api
    response, events = client.say_streaming("4f1d7e7c-0000-4000-8000-000000000000", "hi")
    assert response.status_code == 404 and events == []
    assert response.headers["content-type"] == "application/json"
    assert response.json()["error"] == "not_found"


def test_an_error_mid_stream_ends_it_with_an_error_event(tmp_path: Path) -> None:
    with running_api(
        _settings(tmp_path),
        replies=lambda c: ScriptedReplies(c.desk, REPLY, chunks=5, fail_after_deltas=2),
    ) as (client, _):
        ticket = client.open_ticket("cust-a")
        response, events = client.say_streaming(ticket, "hi")
    assert response.status_code == 200
    assert [e.event for e in events][-3:] == ["delta", "delta", "error"]
    assert events[-1].data == {
        "error": "invalid_input",
        "reason": "text: scripted failure mid-stream",
        "field": "text",
        "status": 422,
    }


@pytest.mark.parametrize("spec_version", ["2.0", "2.4"])
def test_a_client_that_disconnects_does_not_cut_the_turn_short(
    tmp_path: Path, spec_version: str
) -> None:
    gate = threading.Event()
    with running_api(
        _settings(tmp_path), replies=lambda c: ScriptedReplies(c.desk, REPLY, gate=gate)
    ) as (client, container):
        ticket = client.open_ticket("cust-a")
        replies: ScriptedReplies = getattr(container, "replies")  # noqa: B009
        app = client.http.app

        def on_disconnect() -> None:
            assert not replies.done.is_set()  # the model is still "writing"
            gate.set()  # ... and now it goes on, with nobody listening

        received = asyncio.run(
            _disconnect_after_first_delta(app, ticket, spec_version, on_disconnect)
        )
        assert b"event: delta" in received and b"event: done" not in received
        assert replies.done.wait(timeout=10), "the turn did not finish after the disconnect"
        assert replies.finished[0].text == REPLY
        assert container.views.ticket(ticket)["counts"]["replies"] == 1


async def _disconnect_after_first_delta(
    app: Any, ticket: str, spec_version: str, on_disconnect: Callable[[], None]
) -> bytes:
    """Drive the app as a server would, with a client that leaves after the first delta.

    ASGI < 2.4: the server reports ``http.disconnect``; 2.4: the next send fails.
    """
    body = json.dumps({"text": "hello"}).encode()
    inbox = [{"type": "http.request", "body": body, "more_body": False}]
    gone = asyncio.Event()
    received = bytearray()

    async def receive() -> dict[str, Any]:
        if inbox:
            return inbox.pop(0)
        await gone.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        if gone.is_set() and spec_version >= "2.4":
            raise OSError("connection closed")
        if message["type"] == "http.response.body":
            received.extend(message.get("body", b""))
            if b"event: delta" in received and not gone.is_set():
                gone.set()
                on_disconnect()

    scope = {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": spec_version},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": f"/v1/tickets/{ticket}/messages",
        "raw_path": f"/v1/tickets/{ticket}/messages".encode(),
        "query_string": b"stream=true",
        "root_path": "",
        "headers": [
            (b"authorization", f"Bearer {SERVICE}".encode()),
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
        ],
        "client": ("test", 1),
        "server": ("test", 80),
        "state": {},
    }
    try:
        await asyncio.wait_for(app(scope, receive, send), timeout=10)
    except ClientDisconnect:
        assert spec_version >= "2.4"  # how Starlette reports the failed send
    return bytes(received)
