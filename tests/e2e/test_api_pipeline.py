"""The real reply pipeline through the API: offline responder, local memory, the guard.

A conversation where the customer reports a failed fix must never get that fix again; a
streamed reply must never show the metadata block, wherever the model's chunks cut its
delimiter.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from caseledger.adapters.bootstrap import Container
from caseledger.adapters.settings import GuardSettings, Settings
from caseledger.domain.ports import METADATA_DELIMITER
from tests.api_fakes import SplitResponder
from tests.e2e.api_client import AGENT, CUSTOMER_A, ApiClient, running_api


def _settings(data_dir: Path) -> Settings:
    return Settings(
        environment="test", data_dir=data_dir, guard=GuardSettings(use_embeddings=False)
    )


@pytest.fixture
def api(tmp_path: Path) -> Iterator[tuple[ApiClient, Container]]:
    with running_api(_settings(tmp_path)) as running:  # the container's own pipeline
        yield running


def test_a_failed_fix_is_never_offered_again(api: tuple[ApiClient, Container]) -> None:
    client, _ = api
    ana = client.as_(CUSTOMER_A)
    ticket = ana.open_ticket(None, "Wi-Fi keeps dropping", category="network")

    first = ana.say(ticket, "My wifi keeps dropping every few minutes.")
    assert first["responder"] == "offline" and first["text"]
    assert METADATA_DELIMITER not in first["text"]
    [proposed] = first["attempts_proposed"]

    second = ana.say(ticket, "I tried that, it's still dropping.")
    assert second["outcomes_recorded"], second
    attempts = {
        p["attempt_id"]: entry["status"]
        for entry in ana.attempts(ticket)
        for p in entry["phrasings"]
    }
    assert attempts[proposed] == "failed"
    failed_text = next(
        e["text"] for e in ana.attempts(ticket) if e["phrasings"][0]["attempt_id"] == proposed
    )
    assert failed_text not in second["text"]
    for attempt in second["attempts_proposed"]:
        assert attempts[attempt] == "pending"  # new steps only

    # The agent cannot slip the failed fix back in by hand either.
    refused = client.as_(AGENT).propose(ticket, failed_text, expect=409)
    assert refused["failed_attempt_id"] == proposed

    # The reply is traceable to the message that caused it.
    tree = ana.trace(second["reply_event_id"])
    assert second["message_event_id"] in {c["event"]["event_id"] for c in tree["causes"]}


def test_the_message_is_written_to_memory_after_the_json_answer(
    api: tuple[ApiClient, Container],
) -> None:
    client, container = api
    ana = client.as_(CUSTOMER_A)
    ticket = ana.open_ticket(None, "Laptop not charging", category="general")
    head = container.runner.source.head()
    reply = ana.say(ticket, "My Dell laptop stopped charging yesterday.")
    # The answer went out once the reply was recorded; the memory write ran after it, on the
    # app's own memory-write threads, and left its event.
    assert client.http.app.state.turn_finisher.wait_idle(10)
    recorded = container.runner.source.read(head, 100)
    assert [e.type for e in recorded][-1] == "customer.memory_retained"
    assert recorded[-1].payload["source_event_id"] == reply["message_event_id"]
    assert recorded[-1].position > next(
        e.position for e in recorded if e.event_id == reply["reply_event_id"]
    )


def test_a_streamed_reply_through_the_pipeline(api: tuple[ApiClient, Container]) -> None:
    client, _ = api
    ana = client.as_(CUSTOMER_A)
    ticket = ana.open_ticket(None, "Printer offline", category="general")
    response, events = ana.say_streaming(ticket, "My printer shows offline since this morning.")
    assert response.status_code == 200
    kinds = [e.event for e in events]
    assert kinds[0] == "status" and kinds[-1] == "done" and "delta" in kinds
    statuses = [e.data["text"] for e in events if e.event == "status"]
    assert statuses[0] == "recorded message" and "drafting" in statuses
    streamed = "".join(e.data["text"] for e in events if e.event == "delta")
    assert streamed == events[-1].data["text"]


VISIBLE = "Let's try one thing: restart the router, then tell me if the light turns green."
META = {
    "proposed_solutions": ["Restart the router"],
    "intent": "troubleshoot",
    "category": "network",
    "priority": "normal",
}
RAW = f"{VISIBLE}\n{METADATA_DELIMITER}\n{json.dumps(META)}"
AT = RAW.index(METADATA_DELIMITER)


def test_the_metadata_block_never_reaches_the_customer_wherever_the_delimiter_is_cut(
    api: tuple[ApiClient, Container],
) -> None:
    client, container = api
    ana = client.as_(CUSTOMER_A)
    # One cut at every offset in and around the delimiter, then every character on its own.
    splits = [[AT + k] for k in range(-1, len(METADATA_DELIMITER) + 2)]
    splits.append(list(range(1, len(RAW))))
    for cuts in splits:
        container.replies.responder = SplitResponder(RAW, cuts)
        ticket = ana.open_ticket(None, "Wi-Fi keeps dropping", category="network")
        _, events = ana.say_streaming(ticket, "My wifi keeps dropping.")
        deltas = [e.data["text"] for e in events if e.event == "delta"]
        shown = "".join(deltas) + json.dumps(events[-1].data)
        for leak in ("<<<", ">>>", "CASELEDGER-META", "proposed_solutions", "troubleshoot"):
            assert leak not in shown, (cuts, leak, deltas)
        assert "".join(deltas).strip() == VISIBLE
        json_reply = ana.say(ticket, "And now?")
        assert METADATA_DELIMITER not in json_reply["text"]
