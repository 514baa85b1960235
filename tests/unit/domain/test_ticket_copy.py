"""Ticket.__deepcopy__: the aggregate cache's copies share frozen records, never mutable state."""

from __future__ import annotations

import copy
from pathlib import Path

from caseledger.adapters.bootstrap import bootstrap
from caseledger.adapters.settings import GuardSettings, Settings
from caseledger.domain.model.ticket import MessageRecord, Ticket
from caseledger.domain.services import Cause
from tests.fakes import SteppingClock


def _ticket(tmp_path: Path) -> Ticket:
    settings = Settings(
        environment="test", data_dir=tmp_path, guard=GuardSettings(use_embeddings=False)
    )
    c = bootstrap(settings, clock=SteppingClock(), embedder=None)
    try:
        c.desk.register_customer("cust-1", Cause("service:crm"))
        ticket_id = c.desk.open_ticket("cust-1", "Router keeps dropping", Cause("customer"))
        for n in range(5):
            c.desk.receive_message(ticket_id, f"still dropping ({n})", Cause("customer"))
        attempt = c.desk.propose_attempt(ticket_id, "restart the router", Cause("assistant"))
        c.desk.record_outcome(ticket_id, attempt, "failed", Cause("customer"))
        return c.desk.load_ticket(ticket_id)
    finally:
        c.close()


def test_a_copy_has_the_same_state_and_shares_only_frozen_records(tmp_path: Path) -> None:
    original = _ticket(tmp_path)
    clone = copy.deepcopy(original)
    assert clone is not original and type(clone) is Ticket
    assert vars(clone) == vars(original)
    assert clone.id == original.id and clone.version == original.version
    assert clone.messages is not original.messages
    assert all(a is b for a, b in zip(clone.messages, original.messages, strict=True))
    [(key, record)] = original.attempts.items()
    assert clone.attempts is not original.attempts
    assert clone.attempts[key] is not record and clone.attempts[key] == record
    assert clone.attempts[key].outcomes is not record.outcomes


def test_changing_a_copy_never_changes_the_original(tmp_path: Path) -> None:
    original = _ticket(tmp_path)
    before = copy.deepcopy(vars(original))  # a plain deep copy of the state, for comparison
    clone = copy.deepcopy(original)
    key = next(iter(clone.attempts))
    clone.attempts[key].outcomes.append("succeeded")
    clone.messages.append(MessageRecord("m-x", "new", "customer", clone.opened_at))
    clone.escalation_reasons.append("too many failures")
    clone.status = "escalated-by-test"
    assert original.attempts[key].outcomes == ["failed"]
    assert len(original.messages) == len(before["messages"])
    assert original.escalation_reasons == before["escalation_reasons"]
    assert original.status == before["status"] != "escalated-by-test"
    assert vars(original) == before
