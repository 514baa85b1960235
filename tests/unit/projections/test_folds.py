"""Projection folds: pure, and a redelivered event changes nothing (property-based)."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caseledger.adapters.bootstrap import all_projections
from caseledger.adapters.equivalence.fuzzy_semantic import RapidfuzzSemanticEquivalence
from caseledger.domain.envelope import EventEnvelope
from caseledger.domain.errors import CaseledgerError
from caseledger.domain.services import Cause, SupportDesk
from caseledger.projections.base import Doc, Projection, fold
from caseledger.projections.runner import NotificationLogSource, apply_batch
from tests.fakes import SteppingClock

SOLUTIONS = [
    "Restart the router",
    "restart the router!",
    "Update the app",
    "Clear the cache",
    "Factory-reset the router",
    "Try a different card",
]
OUTCOMES = ["failed", "succeeded", "partial", "not_attempted", "unknown"]

operation = st.one_of(
    st.tuples(st.just("open"), st.integers(0, 1)),
    st.tuples(st.just("message"), st.integers(0, 3), st.sampled_from(["hi", "still broken"])),
    st.tuples(st.just("propose"), st.integers(0, 3), st.sampled_from(SOLUTIONS)),
    st.tuples(st.just("outcome"), st.integers(0, 3), st.sampled_from(OUTCOMES)),
    st.tuples(st.just("prefer"), st.integers(0, 1), st.sampled_from(["email", "phone", "sms"])),
    st.tuples(st.just("resolve"), st.integers(0, 3)),
)


def _history(ops: list[tuple[Any, ...]]) -> list[EventEnvelope]:
    """Run the operations through the real service; invalid ones are refused, as in life."""
    desk = SupportDesk(
        {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": ":memory:"},
        clock=SteppingClock(),
        equivalence=RapidfuzzSemanticEquivalence(None),
    )
    customers = ["cust-a", "cust-b"]
    for customer in customers:
        desk.register_customer(customer, Cause(actor="service:crm"))
    tickets: list[str] = []
    attempts: dict[str, list[str]] = {}
    for op in ops:
        try:
            match op:
                case ("open", c):
                    tickets.append(desk.open_ticket(customers[c], "help", Cause(actor="customer")))
                case ("message", t, text) if tickets:
                    desk.receive_message(tickets[t % len(tickets)], text, Cause(actor="customer"))
                case ("propose", t, text) if tickets:
                    tid = tickets[t % len(tickets)]
                    attempt = desk.propose_attempt(tid, text, Cause(actor="assistant"))
                    attempts.setdefault(tid, []).append(attempt)
                case ("outcome", t, outcome) if tickets and attempts.get(tickets[t % len(tickets)]):
                    tid = tickets[t % len(tickets)]
                    desk.record_outcome(tid, attempts[tid][-1], outcome, Cause(actor="customer"))
                case ("prefer", c, value):
                    desk.state_preference(
                        customers[c],
                        "contact_channel",
                        value,
                        Cause(actor="customer"),
                        stated_at=None,
                    )
                case ("resolve", t) if tickets:
                    desk.resolve_ticket(tickets[t % len(tickets)], "done", Cause(actor="agent:a"))
        except CaseledgerError:
            pass
    return NotificationLogSource(desk).read(0, 10_000)


def _run(projection: Projection, envelopes: list[EventEnvelope]) -> dict[str, Doc | None]:
    docs: dict[str, Doc] = {}
    for envelope in envelopes:
        for key in projection.keys(envelope):
            new = fold(projection, key, docs.get(key), envelope)
            if new is not None:
                docs[key] = new
    return dict(docs)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=st.lists(operation, min_size=1, max_size=25), data=st.data())
def test_redelivery_changes_nothing(ops: list[tuple[Any, ...]], data: st.DataObject) -> None:
    history = _history(ops)
    # Re-deliver any already-delivered events again later in the stream (at-least-once).
    redelivered: list[EventEnvelope] = []
    for i, envelope in enumerate(history):
        redelivered.append(envelope)
        if i and data.draw(st.booleans()):
            redelivered.extend(data.draw(st.lists(st.sampled_from(history[: i + 1]), max_size=3)))
    for projection in all_projections():
        assert _run(projection, redelivered) == _run(projection, history), projection.name


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=st.lists(operation, min_size=1, max_size=25), cut=st.integers(1, 10))
def test_batches_of_any_size_give_the_same_documents(ops: list[tuple[Any, ...]], cut: int) -> None:
    history = _history(ops)
    for projection in all_projections():
        docs: dict[str, Doc] = {}
        for start in range(0, len(history), cut):
            changed = apply_batch(projection, docs, history[start : start + cut])
            docs.update({k: v for k, v in changed.items() if v is not None})
        assert docs == _run(projection, history), projection.name


def test_apply_does_not_mutate_its_input() -> None:
    history = _history(
        [
            ("open", 0),
            ("propose", 0, "Restart the router"),
            ("outcome", 0, "failed"),
            ("message", 0, "still broken"),
        ]
    )
    for projection in all_projections():
        docs: dict[str, Doc] = {}
        for envelope in history:
            for key in projection.keys(envelope):
                before = copy.deepcopy(docs.get(key))
                new = fold(projection, key, docs.get(key), envelope)
                assert docs.get(key) == before  # the old document is untouched
                if new is not None:
                    docs[key] = new
