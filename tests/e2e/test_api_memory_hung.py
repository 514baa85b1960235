"""A memory server that hangs: answers keep going out, and nothing else waits on it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from caseledger.adapters.bootstrap import Container
from caseledger.adapters.settings import ApiSettings, GuardSettings, Settings
from caseledger.domain.ports import RetainReceipt
from tests.e2e.api_client import CUSTOMER_A, ApiClient, running_api
from tests.fakes import FakeMemoryStore


class HungMemory(FakeMemoryStore):
    """Recall answers; every write waits until ``release`` is set (a hung server)."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.writing = 0

    def retain(self, customer_id: str, content: str, **kwargs: Any) -> RetainReceipt:
        self.writing += 1
        self.release.wait(30)
        return super().retain(customer_id, content, **kwargs)


@pytest.fixture
def hung(tmp_path: Path) -> Iterator[tuple[ApiClient, Container, HungMemory]]:
    settings = Settings(
        environment="test",
        data_dir=tmp_path,
        guard=GuardSettings(use_embeddings=False),
        api=ApiSettings(memory_write_workers=2, max_pending_memory_writes=3),
    )
    memory = HungMemory()
    with running_api(settings, memory=memory) as (client, container):
        try:
            yield client, container, memory
        finally:
            memory.release.set()


def until(check: Callable[[], bool], timeout: float = 10) -> bool:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def retained(container: Container) -> list[str]:
    return [
        e.payload["source_event_id"]
        for e in container.runner.source.read(0, 10_000)
        if e.type == "customer.memory_retained"
    ]


def test_answers_and_health_do_not_wait_on_a_hung_memory_write(
    hung: tuple[ApiClient, Container, HungMemory],
) -> None:
    """Session 62's QA, with Hindsight hung: the writes held Starlette's request threads and
    every route, /v1/health included, took 45-52 s. They have threads of their own now;
    past ``max_pending_memory_writes`` a turn is left for `caseledger memory-retry`."""
    client, container, memory = hung
    ana = client.as_(CUSTOMER_A)
    ticket = ana.open_ticket(None, "Laptop not charging", category="power")
    started = time.monotonic()
    replies = [ana.say(ticket, f"It still does not charge ({i}).") for i in range(5)]
    _, events = ana.say_streaming(ticket, "Still nothing.")
    assert events[-1].event == "done"
    assert client.health()["status"] == "ok"
    assert time.monotonic() - started < 15  # nothing waited on the 30 s writes
    # One customer's writes go one at a time: the first hangs, the rest wait behind it.
    assert until(lambda: memory.writing == 1) and retained(container) == []
    memory.release.set()
    assert client.http.app.state.turn_finisher.wait_idle(10)
    # Three turns were taken (the finisher's max) and the stream's; the rest wait for the
    # retry worker, which finds them as answered turns with no memory event.
    assert until(lambda: len(retained(container)) == 4)  # the stream's on its own thread
    written = retained(container)
    left = {r["message_event_id"] for r in replies} - set(written)
    assert len(left) == 2
