"""HindsightMemoryStore against an in-process fake of the async client (no server, no network).

The real server is exercised in tests/integration/adapters/memory/test_hindsight_memory.py.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import aiohttp
import pytest

from caseledger.adapters.memory.bank import bank_id_for
from caseledger.adapters.memory.hindsight import HindsightMemoryStore, describe_error
from caseledger.adapters.memory.local import memory_terms
from caseledger.domain.ports import MemoryUnavailable
from tests.contracts.memory import assert_failed_recall, assert_memory_store
from tests.fakes import SteppingClock

T0 = datetime(2026, 5, 1, 9, 30, tzinfo=UTC)


class ApiError(Exception):
    """Shaped like hindsight_client_api.exceptions.ApiException."""

    def __init__(self, status: int, reason: str, body: str) -> None:
        super().__init__(f"({status})\nReason: {reason}\nHTTP response headers: <...>\n{body}")
        self.status, self.reason, self.body = status, reason, body


class FakeHindsight:
    """Banks of documents; recall = shared terms. ``fail`` decides, per call, what to raise."""

    def __init__(self) -> None:
        self.banks: dict[str, dict[str, dict[str, Any]]] = {}
        self.calls: list[str] = []
        self.fail: Callable[[str], BaseException | None] = lambda op: None
        self.hang: set[str] = set()
        self.closed = False
        self.loop_threads: set[int] = set()

    async def _enter(self, op: str) -> None:
        self.calls.append(op)
        self.loop_threads.add(threading.get_ident())
        if op in self.hang:
            await asyncio.sleep(3600)
        error = self.fail(op)
        if error is not None:
            raise error

    async def acreate_bank(self, bank_id: str, name: str | None = None) -> Any:
        await self._enter("create_bank")
        self.banks.setdefault(bank_id, {})
        return SimpleNamespace(bank_id=bank_id)

    async def aretain(self, bank_id: str, content: str, **kw: Any) -> Any:
        await self._enter("retain")
        if bank_id not in self.banks:
            raise ApiError(404, "Not Found", f'{{"detail":"Bank {bank_id} not found"}}')
        self.banks[bank_id][kw["document_id"]] = {"text": content, **kw}
        return SimpleNamespace(success=True, items_count=1)

    async def arecall(self, bank_id: str, query: str, **kw: Any) -> Any:
        await self._enter("recall")
        if bank_id not in self.banks:
            raise ApiError(404, "Not Found", f'{{"detail":"Bank {bank_id} not found"}}')
        q = set(memory_terms(query))
        results = []
        for doc_id, doc in sorted(self.banks[bank_id].items()):
            shared = len(q & set(memory_terms(doc["text"])))
            if shared:
                results.append(
                    SimpleNamespace(
                        id=f"unit-{doc_id}",
                        text=doc["text"],
                        occurred_start=None,
                        mentioned_at=doc["timestamp"].isoformat(),
                        document_id=doc_id,
                        metadata=doc["metadata"],
                        tags=doc["tags"],
                        scores=SimpleNamespace(final=float(shared)),
                    )
                )
        results.sort(key=lambda r: -r.scores.final)
        return SimpleNamespace(results=results)

    async def areflect(self, bank_id: str, query: str, budget: str = "low") -> Any:
        await self._enter("reflect")
        raise ApiError(400, "Bad Request", '{"detail":"Reflect requires an LLM provider"}')

    async def aget_version(self) -> Any:
        await self._enter("version")
        return SimpleNamespace(api_version="1.1.0")

    async def aclose(self) -> None:
        self.closed = True


def refused(op: str) -> BaseException:
    return aiohttp.ClientConnectionError("Cannot connect to host 127.0.0.1:1 [Connection refused]")


def _store(fake: FakeHindsight, **kwargs: Any) -> HindsightMemoryStore:
    kwargs.setdefault("bank_prefix", "cl-test-")
    kwargs.setdefault("backoff_s", 0.0)
    return HindsightMemoryStore("http://fake", client=fake, clock=SteppingClock(), **kwargs)


@pytest.fixture
def fake() -> FakeHindsight:
    return FakeHindsight()


def test_contract_against_the_fake(fake: FakeHindsight) -> None:
    down = FakeHindsight()
    down.fail = refused
    with _store(fake) as store, _store(down) as broken:
        assert_memory_store(store, broken=broken)


def test_bank_is_created_once_then_reused(fake: FakeHindsight) -> None:
    with _store(fake) as store:
        for n in range(3):
            store.retain("cust-a", "Dell laptop", occurred_at=T0, tags=[], source_event_id=f"e{n}")
        assert fake.calls == ["create_bank", "retain", "retain", "retain"]
        assert list(fake.banks) == [bank_id_for("cust-a", "cl-test-")]


def test_write_sends_the_source_event_as_document_id_and_metadata(fake: FakeHindsight) -> None:
    with _store(fake) as store:
        receipt = store.retain(
            "cust-a", "Dell laptop", occurred_at=T0, tags=["ticket:t1"], source_event_id="evt-9"
        )
    doc = fake.banks[receipt.bank_id]["evt-9"]
    assert doc["document_id"] == "evt-9" and doc["metadata"] == {"source_event_id": "evt-9"}
    assert doc["timestamp"] == T0 and doc["tags"] == ["ticket:t1"]
    assert receipt.memory_id == "evt-9"


def test_unknown_bank_recalls_none_and_does_not_create_it(fake: FakeHindsight) -> None:
    with _store(fake) as store:
        result = store.recall("never-written", "anything")
        assert result.status == "none" and result.error is None
        assert store.health().ok
    assert fake.banks == {}


def test_transient_failure_is_retried_within_the_attempts(fake: FakeHindsight) -> None:
    failures = iter([refused("recall")])
    with _store(fake, attempts=2) as store:
        store.retain("c", "Dell laptop", occurred_at=T0, tags=[], source_event_id="e")
        fake.fail = lambda op: next(failures, None) if op == "recall" else None
        assert store.recall("c", "dell laptop").status == "results"
    assert fake.calls.count("recall") == 2


def test_server_errors_are_retried_but_client_errors_are_not(fake: FakeHindsight) -> None:
    with _store(fake, attempts=3) as store:
        store.retain("c", "Dell laptop", occurred_at=T0, tags=[], source_event_id="e")
        fake.fail = lambda op: ApiError(503, "Service Unavailable", "busy")
        result = store.recall("c", "dell")
        assert_failed_recall(result, "503 three times")
        assert result.error_type == "ApiError" and result.error is not None
        assert result.error.startswith("HTTP 503 Service Unavailable")
        assert fake.calls.count("recall") == 3
        fake.fail = lambda op: ApiError(422, "Unprocessable Entity", "bad query")
        assert_failed_recall(store.recall("c", "dell"), "422")
        assert fake.calls.count("recall") == 4


def test_a_hanging_server_times_out_on_the_request_path(fake: FakeHindsight) -> None:
    fake.hang.add("recall")
    with _store(fake, recall_timeout_s=0.2, attempts=2) as store:
        t0 = time.monotonic()
        result = store.recall("c", "dell")
        elapsed = time.monotonic() - t0
    assert_failed_recall(result, "hanging server")
    assert result.error_type == "TimeoutError"
    assert elapsed < 1.5, f"two 0.2 s attempts took {elapsed:.2f}s"


def test_write_failure_raises_memory_unavailable_and_health_tracks_it(fake: FakeHindsight) -> None:
    with _store(fake) as store:
        store.retain("c", "Dell laptop", occurred_at=T0, tags=[], source_event_id="e1")
        ok = store.health()
        assert ok.ok and ok.last_error is None and ok.last_success_at is not None
        fake.fail = refused
        with pytest.raises(MemoryUnavailable, match="Connection refused") as raised:
            store.retain("c", "again", occurred_at=T0, tags=[], source_event_id="e2")
        assert len(str(raised.value)) <= 300
        down = store.health()
        assert not down.ok and down.last_success_at == ok.last_success_at
        assert down.last_error is not None and "ClientConnectionError" in down.last_error
        fake.fail = lambda op: None
        assert store.ping().ok


def test_bank_deleted_behind_our_back_is_recreated_on_the_next_write(fake: FakeHindsight) -> None:
    with _store(fake) as store:
        store.retain("c", "Dell laptop", occurred_at=T0, tags=[], source_event_id="e1")
        fake.banks.clear()
        with pytest.raises(MemoryUnavailable, match="404"):
            store.retain("c", "Dell laptop", occurred_at=T0, tags=[], source_event_id="e2")
        store.retain("c", "Dell laptop", occurred_at=T0, tags=[], source_event_id="e2")
    assert fake.calls.count("create_bank") == 2


def test_reflect_without_llm_is_none_and_not_an_outage(fake: FakeHindsight) -> None:
    with _store(fake) as store:
        assert store.reflect("c", "what laptop?") is None
        assert store.health().ok


def test_calls_run_on_one_private_loop_and_close_closes_the_session(fake: FakeHindsight) -> None:
    store = _store(fake)
    store.retain("c", "Dell laptop", occurred_at=T0, tags=[], source_event_id="e1")
    store.recall("c", "dell")
    assert len(fake.loop_threads) == 1 and threading.get_ident() not in fake.loop_threads
    thread = store._thread
    store.close()
    store.close()  # idempotent
    assert fake.closed and thread is not None and not thread.is_alive()
    assert_failed_recall(store.recall("c", "dell"), "closed store")


def test_usable_from_inside_a_running_event_loop(fake: FakeHindsight) -> None:
    async def main() -> str:
        with _store(fake) as store:
            store.retain("c", "Dell laptop", occurred_at=T0, tags=[], source_event_id="e1")
            return store.recall("c", "dell laptop").status

    assert asyncio.run(main()) == "results"


def test_describe_error_is_one_short_line() -> None:
    long_body = "y" * 1000
    text = describe_error(ApiError(500, "Internal Server Error", long_body))
    assert text.startswith("HTTP 500 Internal Server Error: yyy") and len(text) <= 300
    assert "\n" not in describe_error(ApiError(404, "Not Found", '{"detail":\n"x"}'))
    assert describe_error(TimeoutError()).startswith("no answer within the timeout")


def test_configuration_is_validated() -> None:
    with pytest.raises(ValueError, match="bank prefix"):
        _store(FakeHindsight(), bank_prefix="")
    with pytest.raises(ValueError, match="attempts"):
        _store(FakeHindsight(), attempts=0)
    with pytest.raises(ValueError, match="budget"):
        _store(FakeHindsight(), recall_budget="max")
