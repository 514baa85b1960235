"""The read-model stores on both backends: several projections' documents in one transaction."""

from __future__ import annotations

from typing import Any

import pytest

from caseledger.adapters.bootstrap import Container


def test_commit_many_writes_every_projection_and_position_together(
    make_container: Any,
) -> None:
    store = make_container(inline_projections=False).store
    store.commit_many(
        {
            "ticket_state": {"t-1": {"customer_id": "c-1", "status": "open"}},
            "attempt_list": {"c-1": {"customer_id": "c-1", "attempts": []}},
        },
        7,
    )
    assert store.get("ticket_state", "t-1") == {"customer_id": "c-1", "status": "open"}
    assert store.get("attempt_list", "c-1") == {"customer_id": "c-1", "attempts": []}
    assert store.position("ticket_state") == store.position("attempt_list") == 7
    store.commit_many({"ticket_state": {"t-1": None}}, 8)  # None deletes
    assert store.get("ticket_state", "t-1") is None
    assert (store.position("ticket_state"), store.position("attempt_list")) == (8, 7)


def test_commit_many_is_all_or_nothing(make_container: Any) -> None:
    store = make_container(inline_projections=False).store
    # The second projection's row cannot be written (a customer id must be text): the first
    # projection's rows and both positions are rolled back with it.
    with pytest.raises(Exception):  # noqa: B017 - the driver's own error type differs by backend
        store.commit_many(
            {
                "ticket_state": {"t-1": {"customer_id": "c-1", "status": "open"}},
                "attempt_list": {"c-1": {"customer_id": {"not": "text"}, "attempts": []}},
            },
            5,
        )
    assert store.get("ticket_state", "t-1") is None
    assert store.position("ticket_state") == store.position("attempt_list") == 0


def test_catch_up_commits_once_per_batch_for_all_projections(make_container: Any) -> None:
    from caseledger.domain.services import Cause

    c: Container = make_container(inline_projections=False)
    c.desk.register_customer("c-1", Cause("service:crm"))
    c.desk.open_ticket("c-1", "Printer offline", Cause("customer"))
    calls: list[set[str]] = []
    original = c.store.commit_many

    def counted(updates: Any, position: int) -> None:
        calls.append(set(updates))
        original(updates, position)

    c.store.commit_many = counted  # type: ignore[method-assign]
    c.runner.catch_up()
    assert len(calls) == 1 and calls[0] == set(c.runner.projections)
    head = c.runner.source.head()
    assert all(c.store.position(name) == head for name in c.runner.projections)
