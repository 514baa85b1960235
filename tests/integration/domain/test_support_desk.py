"""The application service end to end on each store backend (SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from caseledger.adapters.bootstrap import Container
from caseledger.adapters.settings import Settings
from caseledger.domain.errors import (
    ConcurrentUpdate,
    InvalidInput,
    InvariantViolated,
    NotFound,
    RepeatOfFailedAttempt,
)
from caseledger.domain.services import Cause
from tests.fakes import SteppingClock

CUSTOMER = Cause(actor="customer")
ASSISTANT = Cause(actor="assistant")
AGENT = Cause(actor="agent:sam")


def _open(c: Container, customer: str = "cust-1") -> str:
    if not c.desk.customer_exists(customer):
        c.desk.register_customer(customer, Cause(actor="service:crm"))
    return c.desk.open_ticket(customer, "Laptop not charging", CUSTOMER)


def _event_count(c: Container) -> int:
    return c.runner.source.head()


def test_open_ticket_records_opened_and_links_customer(container: Container) -> None:
    ticket_id = _open(container)
    state = container.views.ticket(ticket_id)
    assert state["status"] == "open"
    assert state["customer_id"] == "cust-1"
    types = [e["type"] for e in state["timeline"]]
    assert types == ["ticket.opened"]
    envelopes = container.runner.source.read(0, 100)
    assert [e.type for e in envelopes] == [
        "customer.registered",
        "ticket.opened",
        "customer.ticket_linked",
    ]
    linked = envelopes[-1]
    # The link was caused by the opening, in the same correlation.
    assert linked.causation_id == envelopes[1].event_id
    assert linked.correlation_id == envelopes[1].correlation_id


def test_envelope_fields_are_complete_and_timezone_aware(
    container: Container, clock: SteppingClock
) -> None:
    ticket_id = _open(container)
    world = datetime.fromisoformat("2026-03-01T10:00:00+02:00")
    message = container.desk.receive_message(
        ticket_id, "hello", Cause(actor="customer", occurred_at=world, correlation_id="corr-x")
    )
    env = container.runner.source.read(0, 100)[-1]
    assert env.event_id == message
    assert env.type == "ticket.message_received" and env.schema_version == 1
    assert env.aggregate_id == ticket_id and env.aggregate_version == 2
    assert env.customer_id == "cust-1" and env.ticket_id == ticket_id
    assert env.occurred_at == world and env.occurred_at.utcoffset() == timedelta(hours=2)
    assert env.recorded_at.tzinfo is not None and env.recorded_at != world
    assert env.correlation_id == "corr-x" and env.actor == "customer"
    assert env.payload["text"] == "hello"


def test_outcome_only_for_known_attempt(container: Container) -> None:
    ticket_id = _open(container)
    before = _event_count(container)
    with pytest.raises(NotFound, match="attempt 'att-nope'"):
        container.desk.record_outcome(ticket_id, "att-nope", "failed", ASSISTANT)
    assert _event_count(container) == before


def test_outcome_change_needs_a_correction_event(container: Container) -> None:
    ticket_id = _open(container)
    attempt = container.desk.propose_attempt(ticket_id, "Restart the laptop", ASSISTANT)
    container.desk.record_outcome(ticket_id, attempt, "failed", ASSISTANT)
    with pytest.raises(InvariantViolated, match="record a correction"):
        container.desk.record_outcome(ticket_id, attempt, "succeeded", ASSISTANT)
    container.desk.correct_outcome(
        ticket_id, attempt, "succeeded", AGENT, reason="customer called: it worked"
    )
    [entry] = container.views.attempts("cust-1", ticket_id)
    assert entry["status"] == "succeeded"
    assert [(o["outcome"], o["kind"]) for o in entry["outcomes"]] == [
        ("failed", "recorded"),
        ("succeeded", "corrected"),
    ]


def test_unknown_is_not_final_and_no_reply_is_not_success(container: Container) -> None:
    ticket_id = _open(container)
    attempt = container.desk.propose_attempt(ticket_id, "Restart the laptop", ASSISTANT)
    [entry] = container.views.attempts("cust-1")
    assert entry["status"] == "pending"
    container.desk.record_outcome(ticket_id, attempt, "unknown", Cause(actor="service:followup"))
    assert container.views.attempts("cust-1")[0]["status"] == "unknown"
    container.desk.record_outcome(ticket_id, attempt, "partial", CUSTOMER)
    assert container.views.attempts("cust-1")[0]["status"] == "partial"


def test_no_attempts_on_resolved_ticket_until_reopened(container: Container) -> None:
    ticket_id = _open(container)
    container.desk.resolve_ticket(ticket_id, "fixed", AGENT)
    with pytest.raises(InvariantViolated, match="reopen"):
        container.desk.propose_attempt(ticket_id, "Restart the laptop", ASSISTANT)
    container.desk.reopen_ticket(ticket_id, "it broke again", CUSTOMER)
    container.desk.propose_attempt(ticket_id, "Restart the laptop", ASSISTANT)
    assert container.views.ticket(ticket_id)["status"] == "open"


def test_repeat_of_failed_attempt_on_another_ticket_is_refused_and_recorded(
    container: Container,
) -> None:
    first = _open(container)
    failed = container.desk.propose_attempt(first, "Remove the card and add it again", ASSISTANT)
    container.desk.record_outcome(first, failed, "failed", CUSTOMER)
    second = _open(container)
    with pytest.raises(RepeatOfFailedAttempt) as refused:
        container.desk.propose_attempt(second, "remove the card, and add it again!", ASSISTANT)
    assert refused.value.failed_attempt_id == failed
    assert refused.value.failed_ticket_id == first
    assert failed in str(refused.value)
    # The refusal is a fact; no attempt was added.
    lineage = container.views.lineage(refused.value.refusal_event_id)
    assert lineage["type"] == "ticket.failed_attempt_repeat_refused"
    assert container.views.ticket(second)["counts"]["attempts"] == 0
    [entry] = container.views.attempts("cust-1")
    assert entry["refused_repeats"][0]["text"] == "remove the card, and add it again!"


def test_rephrasing_of_pending_attempt_joins_its_entry(container: Container) -> None:
    ticket_id = _open(container)
    a = container.desk.propose_attempt(ticket_id, "Restart the router", ASSISTANT)
    b = container.desk.propose_attempt(ticket_id, "restart the router.", AGENT)
    c = container.desk.propose_attempt(ticket_id, "Factory-reset the router", ASSISTANT)
    entries = container.views.attempts("cust-1", ticket_id)
    assert [[p["attempt_id"] for p in e["phrasings"]] for e in entries] == [[a, b], [c]]
    assert entries[0]["phrasings"][1]["equivalent_to"] == a


def test_other_customers_failures_do_not_block(container: Container) -> None:
    one = _open(container, "cust-1")
    failed = container.desk.propose_attempt(one, "Clear the browser cache", ASSISTANT)
    container.desk.record_outcome(one, failed, "failed", CUSTOMER)
    other = _open(container, "cust-2")
    container.desk.propose_attempt(other, "Clear the browser cache", ASSISTANT)
    assert len(container.views.attempts("cust-2")) == 1


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda d, t: d.receive_message(t, "   ", CUSTOMER), "text"),
        (lambda d, t: d.receive_message(t, "x" * 9000, CUSTOMER), "text"),
        (
            lambda d, t: d.receive_message(
                t, "hi", Cause(actor="customer", occurred_at=datetime(2026, 1, 1))
            ),
            "occurred_at",
        ),
        (lambda d, t: d.receive_message(t, "hi", Cause(actor="robot")), "actor"),
        (lambda d, t: d.propose_attempt(t, "", ASSISTANT), "text"),
        (lambda d, t: d.triage(t, AGENT, category="billing", priority="extreme"), "priority"),
        (
            lambda d, t: d.state_preference(
                "cust-1", "Contact Channel", "phone", CUSTOMER, stated_at=None
            ),
            "key",
        ),
        # NUL cannot be stored in PostgreSQL text/jsonb: a recorded one broke every projection.
        (
            lambda d, t: d.state_preference(
                "cust-1", "contact_channel", "sms\x00", CUSTOMER, stated_at=None
            ),
            "value",
        ),
        (
            lambda d, t: d.state_preference(
                "cust-1", "contact_channel", "sms", CUSTOMER, stated_at=None, text="by sms\x00"
            ),
            "text",
        ),
        (
            lambda d, t: d.correct_preference(
                "cust-1", "contact_channel", "sms\x00", AGENT, reason="x"
            ),
            "value",
        ),
        (
            lambda d, t: d.correct_preference(
                "cust-1", "contact_channel", "sms", AGENT, reason="x", corrects_event_id="e\x00"
            ),
            "corrects_event_id",
        ),
        (lambda d, t: d.receive_message(t, "nul \x00 inside", CUSTOMER), "text"),
        (lambda d, t: d.receive_message(t, "lone \ud800", CUSTOMER), "text"),
        (lambda d, t: d.record_outcome(t, "att-x", "failed", AGENT, note="n\x00"), "note"),
        (
            lambda d, t: d.receive_message(
                t, "hi", Cause(actor="customer", correlation_id="c\x00")
            ),
            "correlation_id",
        ),
        (lambda d, t: d.open_ticket("cust-1", "s", CUSTOMER, channel="sms\x00"), "channel"),
        (
            lambda d, t: d.register_customer("cust-2", CUSTOMER, display_name="Ann\x00"),
            "display_name",
        ),
        (
            lambda d, t: d.state_preference(
                "cust-1", "contact_channel", "phone", CUSTOMER, stated_at=datetime(2026, 1, 1)
            ),
            "stated_at",
        ),
        (
            lambda d, t: d.state_preference(
                "cust-1", "contact_channel", "phone", CUSTOMER, stated_at=None, confidence=1.5
            ),
            "confidence",
        ),
    ],
)
def test_bad_input_names_the_field_and_records_nothing(
    container: Container, call: Any, field: str
) -> None:
    ticket_id = _open(container)
    before = _event_count(container)
    with pytest.raises(InvalidInput) as error:
        call(container.desk, ticket_id)
    assert error.value.field == field
    assert _event_count(container) == before


def test_invalid_outcome_value_is_refused(container: Container) -> None:
    ticket_id = _open(container)
    attempt = container.desk.propose_attempt(ticket_id, "Restart", ASSISTANT)
    before = _event_count(container)
    with pytest.raises(InvalidInput) as error:
        container.desk.record_outcome(ticket_id, attempt, "worked", ASSISTANT)
    assert error.value.field == "outcome" and "failed" in error.value.reason
    assert _event_count(container) == before


def test_unknown_ticket_and_customer(container: Container) -> None:
    with pytest.raises(NotFound, match="ticket"):
        container.desk.receive_message("not-a-uuid", "hi", CUSTOMER)
    with pytest.raises(NotFound, match="ticket"):
        container.desk.receive_message("7b0d2a52-58a1-4a55-9a43-9a7b4a8f4f10", "hi", CUSTOMER)
    with pytest.raises(NotFound, match="customer 'ghost'"):
        container.desk.open_ticket("ghost", "hello", CUSTOMER)
    assert _event_count(container) == 0


def test_two_writers_on_one_ticket_one_wins_other_retries(make_container: Any) -> None:
    first, second = make_container(), make_container()
    ticket_id = _open(first)
    # Both writers load version 1 of the ticket, then both try to append version 2.
    t1 = first.desk._ticket(ticket_id)
    t2 = second.desk._ticket(ticket_id)
    meta = first.desk._meta(CUSTOMER, "cust-1", ticket_id)
    now = first.clock.now()
    t1.receive_message(message_id="m1", text="from writer one", meta=meta, timestamp=now)
    t2.receive_message(message_id="m2", text="from writer two", meta=meta, timestamp=now)
    first.desk._persist(t1)
    with pytest.raises(ConcurrentUpdate, match="reload it and retry"):
        second.desk._persist(t2)
    # The loser retries through the service (reloads the ticket) and succeeds.
    second.desk.receive_message(ticket_id, "from writer two", CUSTOMER)
    first.runner.catch_up()
    texts = [e["summary"] for e in first.views.ticket(ticket_id)["timeline"]]
    assert texts[1:] == ["customer: from writer one", "customer: from writer two"]


def test_escalation_after_repeated_failures_with_snapshot(container: Container) -> None:
    ticket_id = _open(container)
    for text in ("Restart the laptop", "Update the BIOS"):
        attempt = container.desk.propose_attempt(ticket_id, text, ASSISTANT)
        container.desk.record_outcome(ticket_id, attempt, "failed", CUSTOMER)
    state = container.views.ticket(ticket_id)
    assert state["status"] == "escalated"
    assert state["escalation_reasons"] == ["failed_attempts: 2 >= 2"]
    escalated = container.runner.source.read(0, 100)[-1]
    assert escalated.type == "ticket.escalated" and escalated.actor == "service:escalation"
    snapshot = escalated.payload["snapshot"]
    assert [a["status"] for a in snapshot["attempts"]] == ["failed", "failed"]
    # Not escalated again for the same reason.
    container.desk.receive_message(ticket_id, "still broken", CUSTOMER)
    assert container.views.ticket(ticket_id)["counts"]["escalations"] == 1


def test_escalation_for_age_and_priority(container: Container, clock: SteppingClock) -> None:
    ticket_id = _open(container)
    clock.advance(timedelta(hours=73))
    container.desk.receive_message(ticket_id, "any news?", CUSTOMER)
    assert container.views.ticket(ticket_id)["escalation_reasons"][0].startswith("age: 73h")
    container.desk.triage(ticket_id, AGENT, category="hardware", priority="urgent")
    reasons = container.views.ticket(ticket_id)["escalation_reasons"]
    assert "priority: urgent" in reasons
    with pytest.raises(InvariantViolated, match="only rise"):
        container.desk.triage(ticket_id, AGENT, category="hardware", priority="low")


def test_preference_view_latest_wins_with_as_of(container: Container, clock: SteppingClock) -> None:
    _open(container)
    t0 = datetime.fromisoformat("2026-05-01T09:00:00+00:00")
    container.desk.state_preference("cust-1", "contact_channel", "email", CUSTOMER, stated_at=t0)
    between = clock.now()
    clock.advance(timedelta(minutes=5))
    # Stated later in the world, in another offset.
    later = datetime.fromisoformat("2026-05-03T11:00:00+02:00")
    container.desk.state_preference("cust-1", "contact_channel", "phone", CUSTOMER, stated_at=later)
    container.desk.state_preference(
        "cust-1", "language", "en", CUSTOMER, stated_at=t0, confidence=0.4
    )
    now = container.views.preferences("cust-1")
    assert now["contact_channel"].value == "phone"
    assert "language" not in now  # below the threshold: a candidate, not applied
    assert container.views.preference_doc("cust-1")["candidates"][0]["value"] == "en"
    assert container.views.preferences("cust-1", as_of=between)["contact_channel"].value == "email"
    container.desk.correct_preference(
        "cust-1", "contact_channel", "email", AGENT, reason="customer replied 'change'"
    )
    assert container.views.preferences("cust-1")["contact_channel"].value == "email"


def test_a_correction_names_a_statement_of_its_own_key_or_none(container: Container) -> None:
    """Session 62's QA: any corrects_event_id was taken (none at all, another key's, a
    reply's), and a trace then showed a reply as corrected."""
    _open(container)
    stated = container.desk.state_preference(
        "cust-1", "contact_channel", "email", CUSTOMER, stated_at=None
    )
    other = container.desk.state_preference("cust-1", "language", "en", CUSTOMER, stated_at=None)
    for wrong in ("nonexistent-event", other):
        with pytest.raises(InvalidInput, match="corrects_event_id") as refused:
            container.desk.correct_preference(
                "cust-1", "contact_channel", "sms", AGENT, reason="x", corrects_event_id=wrong
            )
        assert refused.value.field == "corrects_event_id"
    corrected = container.desk.correct_preference(
        "cust-1", "contact_channel", "sms", AGENT, reason="x", corrects_event_id=stated
    )
    # A correction may itself be corrected.
    container.desk.correct_preference(
        "cust-1", "contact_channel", "phone", AGENT, reason="y", corrects_event_id=corrected
    )
    assert container.views.preferences("cust-1")["contact_channel"].value == "phone"


def test_replay_rebuilds_the_same_state(container: Container) -> None:
    ticket_id = _open(container)
    attempt = container.desk.propose_attempt(ticket_id, "Restart the router", ASSISTANT)
    container.desk.record_outcome(ticket_id, attempt, "failed", CUSTOMER)
    container.desk.state_preference("cust-1", "contact_channel", "sms", CUSTOMER, stated_at=None)
    names = list(container.runner.projections)
    live = {n: dict(container.store.scan(n)) for n in names}
    for name in names:
        container.runner.replay(name)
    assert {n: dict(container.store.scan(n)) for n in names} == live
    assert all(lag == 0 for lag in container.runner.lag().values())


def test_lineage_links_preference_to_its_message(container: Container) -> None:
    ticket_id = _open(container)
    message = container.desk.receive_message(ticket_id, "call me please", CUSTOMER)
    pref = container.desk.state_preference(
        "cust-1",
        "contact_channel",
        "phone",
        Cause(actor="customer", causation_id=message),
        stated_at=None,
        source_event_id=message,
    )
    tree = container.views.trace(pref)
    assert tree["event"]["type"] == "customer.preference_stated"
    assert [c["event"]["event_id"] for c in tree["causes"]] == [message]
    assert container.views.trace(message)["effects"][0]["event_id"] == pref
    with pytest.raises(NotFound):
        container.views.trace("no-such-event")


def test_row_lineage_lists_the_events_behind_a_read_model_row(container: Container) -> None:
    ticket_id = _open(container)
    attempt = container.desk.propose_attempt(ticket_id, "Restart the router", ASSISTANT)
    outcome = container.desk.record_outcome(ticket_id, attempt, "failed", CUSTOMER)
    rows = container.views.row_lineage("attempt_list", "cust-1")
    assert [r["type"] for r in rows] == [
        "ticket.attempt_proposed",
        "ticket.attempt_outcome_recorded",
    ]
    assert rows[-1]["event_id"] == outcome
    assert len(container.views.row_lineage("ticket_state", ticket_id)) == 3
    with pytest.raises(NotFound):
        container.views.row_lineage("ticket_state", "nope")
    with pytest.raises(NotFound):
        container.views.row_lineage("no_such_view", "x")


def test_thanks_after_a_success_are_not_repeated_complaints(container: Container) -> None:
    """Session 62's QA: "that fixed it", "thank you so much", "have a nice day", "bye"
    escalated a ticket for repeated complaints though its attempt had succeeded."""
    ticket_id = _open(container)
    container.desk.receive_message(ticket_id, "My HP printer shows offline", CUSTOMER)
    attempt = container.desk.propose_attempt(ticket_id, "Restart the printer", ASSISTANT)
    container.desk.receive_message(ticket_id, "that fixed it, thanks!", CUSTOMER)
    container.desk.record_outcome(ticket_id, attempt, "succeeded", CUSTOMER)
    for text in ("thank you so much", "have a nice day", "bye"):
        container.desk.receive_message(ticket_id, text, CUSTOMER)
    state = container.views.ticket(ticket_id)
    assert state["status"] != "escalated" and state["escalation_reasons"] == []
    # Four follow-ups after the first message of the new round still escalate.
    for text in ("it is offline again", "still offline", "hello?", "anyone?"):
        container.desk.receive_message(ticket_id, text, CUSTOMER)
    assert container.views.ticket(ticket_id)["escalation_reasons"] == [
        "repeated_complaints: 4 follow-ups >= 4"
    ]


def test_age_is_judged_when_the_message_happened(container: Container) -> None:
    """A message recorded late (a backfill) is judged by when it happened: the demo's first
    session, dated six days back, was escalated for age at its first message."""
    then = container.clock.now() - timedelta(days=6)
    past = Cause(actor="customer", occurred_at=then)
    container.desk.register_customer("cust-1", Cause(actor="service:crm", occurred_at=then))
    ticket_id = container.desk.open_ticket("cust-1", "old problem", past)
    container.desk.receive_message(ticket_id, "it broke", past)
    assert container.views.ticket(ticket_id)["escalation_reasons"] == []
    container.desk.receive_message(ticket_id, "any news?", CUSTOMER)  # now: six days on
    assert container.views.ticket(ticket_id)["escalation_reasons"][0].startswith("age: 144h")


def test_tickets_opened_at_once_for_a_new_customer_all_open(container: Container) -> None:
    """Session 62's QA: eight first-contact tickets at once for one new customer got four or
    five 409s (the customer's registration, then its stream, conflicted)."""
    import threading
    from contextlib import suppress

    start, opened, failures = threading.Barrier(8), list[str](), list[BaseException]()

    def first_contact() -> None:
        start.wait()
        try:
            if not container.desk.customer_exists("cust-new"):
                with suppress(InvariantViolated):  # as the API does
                    container.desk.register_customer("cust-new", CUSTOMER)
            opened.append(container.desk.open_ticket("cust-new", "hello", CUSTOMER))
        except BaseException as error:  # noqa: BLE001 - collected and asserted below
            failures.append(error)

    threads = [threading.Thread(target=first_contact) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert sorted(container.desk.load_customer("cust-new").ticket_ids) == sorted(opened)
    assert len(set(opened)) == 8


def test_a_missing_data_dir_is_made_for_the_local_memory(
    settings: Settings, make_container: Any, clock: SteppingClock
) -> None:
    # On PostgreSQL nothing else lives there, so nothing made it: every memory write failed.
    assert not settings.data_dir.exists()
    c = make_container()
    assert settings.data_dir.is_dir()
    c.memory.retain(
        "cust-1", "prefers sms", occurred_at=clock.now(), tags=[], source_event_id="evt-1"
    )
    assert c.memory.count("cust-1") == 1


def test_an_event_dated_in_the_future_is_refused(container: Container) -> None:
    ticket_id = _open(container)
    ahead = container.clock.now() + timedelta(days=365 * 4)
    with pytest.raises(InvalidInput, match="occurred_at: is in the future"):
        container.desk.correct_preference(
            "cust-1", "contact_channel", "fax", Cause(actor="agent:sam", occurred_at=ahead),
            reason="x",
        )  # fmt: skip
    # A sender's clock a minute ahead is within the skew allowed.
    soon = container.clock.now() + timedelta(minutes=1)
    container.desk.receive_message(ticket_id, "hi", Cause(actor="customer", occurred_at=soon))
