"""Contract every ``MemoryStore`` implementation must satisfy.

Call :func:`assert_memory_store` from a test of each implementation, with a working store and a
``broken`` one of the same kind whose backend is unreachable (a stopped server, a database that
cannot be opened). Customer ids are fresh on every call, so the contract can run repeatedly
against one long-lived server.

What it checks: bank ids are per customer, prefixed and hashed (never the raw id); a memory
retained on one ticket is recalled, in English and in Chinese, from a query phrased differently
on a later ticket; an empty bank recalls ``none``; two customers never see each other's
memories; the same write three times is one memory (and a changed write replaces it); ``limit``
is honoured; a failing backend gives ``failed`` with an error type and a message of at most 300
characters, a write raises ``MemoryUnavailable`` and health says so; ``reflect`` never raises.
"""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, timedelta

from caseledger.domain.ports import MemoryStore, MemoryUnavailable, RecallResult

__all__ = ["assert_memory_store", "assert_failed_recall"]

T0 = datetime(2026, 5, 1, 9, 30, tzinfo=UTC)
LAPTOP = "My laptop is a Dell Inspiron 15 and it stopped charging after the BIOS update."
LAPTOP_QUERY = "Which Dell laptop model does this customer own?"
PHONE_ZH = "我的手机是华为 Mate 60，以后请用短信联系我。"
PHONE_ZH_QUERY = "客户的华为手机是什么型号？"
PRINTER = "The office printer is an HP LaserJet Pro M404 that jams on duplex printing."


def _customer(label: str) -> str:
    return f"contract-{uuid.uuid4().hex[:10]}-{label}"


def _sources(result: RecallResult) -> list[str | None]:
    return [item.source_event_id for item in result.items]


def assert_failed_recall(result: RecallResult, context: str) -> None:
    """A ``failed`` recall: no items, an error type, a message of 1..300 characters."""
    assert result.status == "failed", f"{context}: expected failed, got {result!r}"
    assert result.items == (), f"{context}: a failed recall has no items"
    assert result.error_type and isinstance(result.error_type, str), f"{context}: error type"
    assert result.error and 0 < len(result.error) <= 300, f"{context}: message {result.error!r}"


def _bank_ids(store: MemoryStore) -> None:
    a, b = _customer("bank-a"), _customer("bank-b")
    bank_a = store.bank_id(a)
    assert bank_a == store.bank_id(a), "the bank id must be stable"
    assert bank_a != store.bank_id(b), "two customers must never share a bank"
    assert a not in bank_a and a.split("-")[1] not in bank_a, "the raw customer id must not leak"
    assert re.fullmatch(r"[a-z][a-z0-9-]*[0-9a-f]{24}", bank_a), f"bank id shape: {bank_a!r}"


def _retain_then_recall_later(store: MemoryStore) -> None:
    customer = _customer("later")
    empty = store.recall(customer, LAPTOP_QUERY)
    assert empty.status == "none" and empty.items == (), f"empty bank must be none: {empty!r}"
    assert empty.error is None and empty.error_type is None

    laptop_event, phone_event = f"evt-{uuid.uuid4().hex}", f"evt-{uuid.uuid4().hex}"
    receipt = store.retain(
        customer,
        LAPTOP,
        occurred_at=T0,
        tags=["customer_message", "ticket:tkt-1"],
        source_event_id=laptop_event,
    )
    assert receipt.bank_id == store.bank_id(customer), "the receipt names the customer's bank"
    assert receipt.memory_id, "the receipt names the memory"
    store.retain(
        customer,
        PHONE_ZH,
        occurred_at=T0 + timedelta(days=1),
        tags=["customer_message", "ticket:tkt-1"],
        source_event_id=phone_event,
    )

    # A later session, another ticket, other words.
    found = store.recall(customer, LAPTOP_QUERY, limit=5)
    assert found.status == "results", f"English fact not recalled: {found!r}"
    assert found.error is None and found.error_type is None
    assert laptop_event in _sources(found), f"English fact not among {found.items!r}"
    item = next(i for i in found.items if i.source_event_id == laptop_event)
    assert item.text == LAPTOP, f"recalled text must be the retained words, got {item.text!r}"
    assert item.memory_id, "every recalled item has an id"
    assert item.occurred_at is not None and item.occurred_at == T0, f"time: {item.occurred_at}"
    assert "customer_message" in item.tags, f"tags kept: {item.tags}"
    assert isinstance(item.score, float)

    zh = store.recall(customer, PHONE_ZH_QUERY, limit=5)
    assert zh.status == "results", f"Chinese fact not recalled: {zh!r}"
    assert phone_event in _sources(zh), f"Chinese fact not among {zh.items!r}"


def _isolation(store: MemoryStore) -> None:
    a, b = _customer("iso-a"), _customer("iso-b")
    a_event, b_event = f"evt-{uuid.uuid4().hex}", f"evt-{uuid.uuid4().hex}"
    store.retain(a, LAPTOP, occurred_at=T0, tags=["customer_message"], source_event_id=a_event)
    store.retain(b, PRINTER, occurred_at=T0, tags=["customer_message"], source_event_id=b_event)
    for query in (LAPTOP_QUERY, "Which HP printer model jams?", PHONE_ZH_QUERY, LAPTOP):
        seen_by_b = store.recall(b, query, limit=10)
        assert seen_by_b.status in ("results", "none"), seen_by_b
        assert a_event not in _sources(seen_by_b), f"customer B saw A's memory for {query!r}"
        seen_by_a = store.recall(a, query, limit=10)
        assert seen_by_a.status in ("results", "none"), seen_by_a
        assert b_event not in _sources(seen_by_a), f"customer A saw B's memory for {query!r}"
    assert b_event in _sources(store.recall(b, "Which HP printer model jams?", limit=10))


def _idempotent(store: MemoryStore) -> None:
    customer = _customer("idem")
    event = f"evt-{uuid.uuid4().hex}"
    receipts = {
        store.retain(
            customer, LAPTOP, occurred_at=T0, tags=["customer_message"], source_event_id=event
        )
        for _ in range(3)
    }
    assert len(receipts) == 1, f"the same write three times must give one receipt: {receipts}"
    result = store.recall(customer, LAPTOP_QUERY, limit=10)
    assert _sources(result) == [event], f"the same write three times must be one memory: {result}"

    # A changed write with the same source event replaces the memory (retried with new words).
    changed = LAPTOP.replace("Inspiron 15", "Inspiron 16")
    store.retain(
        customer, changed, occurred_at=T0, tags=["customer_message"], source_event_id=event
    )
    result = store.recall(customer, LAPTOP_QUERY, limit=10)
    assert [(i.source_event_id, i.text) for i in result.items] == [(event, changed)], result


def _limit(store: MemoryStore) -> None:
    customer = _customer("limit")
    for n, model in enumerate(("Inspiron 13", "Inspiron 14", "Inspiron 15", "XPS 13")):
        store.retain(
            customer,
            f"My Dell laptop is an {model}.",
            occurred_at=T0 + timedelta(hours=n),
            tags=["customer_message"],
            source_event_id=f"evt-{uuid.uuid4().hex}",
        )
    result = store.recall(customer, "Which Dell laptop does the customer have?", limit=2)
    assert result.status == "results" and 1 <= len(result.items) <= 2, result


def assert_memory_store(store: MemoryStore, *, broken: MemoryStore) -> None:
    """Assert the behaviour every ``MemoryStore`` must have; ``broken`` cannot reach its backend."""
    _bank_ids(store)
    _retain_then_recall_later(store)
    _isolation(store)
    _idempotent(store)
    _limit(store)

    answer = store.reflect(_customer("reflect"), "What laptop does the customer use?")
    assert answer is None or isinstance(answer, str)
    healthy = store.health()
    assert healthy.ok and healthy.last_success_at is not None, f"after successes: {healthy}"
    assert healthy.last_success_at.tzinfo is not None

    # The backend is down: recall reports it (never raises), a write raises MemoryUnavailable.
    customer = _customer("down")
    assert_failed_recall(broken.recall(customer, LAPTOP_QUERY), "unreachable backend")
    try:
        broken.retain(
            customer,
            LAPTOP,
            occurred_at=T0,
            tags=["customer_message"],
            source_event_id=f"evt-{uuid.uuid4().hex}",
        )
    except MemoryUnavailable as failure:
        assert 0 < len(str(failure)) <= 300, f"write failure message: {failure}"
    else:
        raise AssertionError("a write to an unreachable backend must raise MemoryUnavailable")
    down = broken.health()
    assert not down.ok, f"health after failures must not be ok: {down}"
    assert down.last_error and len(down.last_error) <= 300, down
    assert broken.reflect(customer, "anything?") is None
