"""The reply pipeline on the real Hindsight server: memory follows the customer across
tickets, and a stopped server degrades the reply instead of breaking it."""

from __future__ import annotations

import socket
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from caseledger.adapters.bootstrap import Container, bootstrap
from caseledger.adapters.memory.hindsight import HindsightMemoryStore
from caseledger.adapters.settings import GuardSettings, Settings
from caseledger.domain.services import Cause
from tests.integration.adapters.memory.conftest import HindsightServer

pytestmark = pytest.mark.hindsight
CUSTOMER = Cause(actor="customer")


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def make(tmp_path: Path) -> Iterator[object]:
    built: list[Container] = []

    def build(url: str) -> Container:
        settings = Settings(
            environment="test", data_dir=tmp_path, guard=GuardSettings(use_embeddings=False)
        )
        store = HindsightMemoryStore(
            url, bank_prefix=f"cl-test-{uuid.uuid4().hex[:6]}-", recall_timeout_s=5.0
        )
        c = bootstrap(settings, embedder=None, memory=store)
        built.append(c)
        return c

    yield build
    for c in built:
        c.close()


def test_memory_follows_the_customer_to_a_new_ticket(
    hindsight_server: HindsightServer, make: object
) -> None:
    c = make(hindsight_server.url)  # type: ignore[operator]
    c.desk.register_customer("cust-h", Cause(actor="service:crm"))
    first = c.desk.open_ticket("cust-h", "Laptop", CUSTOMER, category="power")
    said = c.replies.handle_message(
        first, "My Dell Inspiron 15 stopped charging after the update.", CUSTOMER
    )
    retained = [e for e in c.runner.source.read(0, 1000) if e.type == "customer.memory_retained"]
    assert [e.payload["source_event_id"] for e in retained] == [said.message_event_id]

    second = c.desk.open_ticket("cust-h", "Again", CUSTOMER, category="power")
    outcome = c.replies.handle_message(second, "it stopped charging again", CUSTOMER)
    assert outcome.memory_status == "results"
    reply = next(e for e in c.runner.source.read(0, 1000) if e.event_id == outcome.reply_event_id)
    # The first session's message is in the new reply's context, by id.
    assert said.message_event_id in reply.payload["context_event_ids"]


def test_a_stopped_server_degrades_the_reply_and_records_why(make: object) -> None:
    c = make(f"http://127.0.0.1:{_closed_port()}")  # type: ignore[operator]
    c.desk.register_customer("cust-down", Cause(actor="service:crm"))
    ticket = c.desk.open_ticket("cust-down", "Wi-Fi", CUSTOMER, category="wifi")
    outcome = c.replies.handle_message(ticket, "My wifi keeps dropping", CUSTOMER)
    assert outcome.text and outcome.memory_status == "failed"
    events = c.runner.source.read(0, 1000)
    recall = next(e for e in events if e.type == "ticket.memory_recalled")
    assert recall.payload["status"] == "failed" and recall.payload["error"]
    assert len(recall.payload["error"]) <= 300
    failed = next(e for e in events if e.type == "customer.memory_write_failed")
    assert failed.payload["source_event_id"] == outcome.message_event_id
    # The reply was saved before the write was attempted.
    order = [e.type for e in events]
    assert order.index("ticket.reply_sent") < order.index("customer.memory_write_failed")
