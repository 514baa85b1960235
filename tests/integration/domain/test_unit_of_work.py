"""Units of work: commands that reuse loaded aggregates and save their events together."""

from __future__ import annotations

import contextlib
import threading
from typing import Any

import pytest

from caseledger.adapters.bootstrap import Container
from caseledger.domain.errors import ConcurrentUpdate
from caseledger.domain.services import Cause
from caseledger.domain.services.desk import UnitOfWork
from tests.fakes import count_calls

CUSTOMER = Cause(actor="customer")
ASSISTANT = Cause(actor="assistant")
AGENT = Cause(actor="agent:sam")


def _open(c: Container) -> str:
    c.desk.register_customer("cust-1", Cause(actor="service:crm"))
    return c.desk.open_ticket("cust-1", "Laptop not charging", CUSTOMER)


def _head(c: Container) -> int:
    return c.runner.source.head()


def test_commands_in_a_unit_reuse_the_loaded_aggregates_and_save_once(
    container: Container,
) -> None:
    desk = container.desk
    ticket = _open(container)
    copies = count_calls(desk.repository, "get")
    saves = count_calls(desk, "save")
    head = _head(container)
    unit = UnitOfWork()
    with desk.working(unit):
        message = desk.receive_message(ticket, "It won't charge", CUSTOMER)
        reply = desk.send_reply(ticket, "Try another outlet.", ASSISTANT, in_reply_to=message)
        attempt = desk.propose_attempt(ticket, "Plug the charger into another outlet", ASSISTANT)
        assert desk.load_ticket(ticket).attempts[attempt].status == "pending"
        assert _head(container) == head  # nothing saved inside the block
    # One copy of the ticket and one of the customer (for the attempts on record), one commit.
    assert copies() == 2
    assert unit.loads == 2
    assert saves() == unit.saves == 1
    recorded = container.runner.source.read(head, 100)
    assert [e.type for e in recorded] == [
        "ticket.message_received",
        "ticket.reply_sent",
        "ticket.attempt_proposed",
    ]
    assert [e.event_id for e in recorded[:2]] == [message, reply]
    # The projections caught up with the batch like with single commands.
    assert container.views.ticket(ticket)["timeline"][-1]["type"] == "ticket.attempt_proposed"


def test_a_unit_catches_up_with_other_writers_between_blocks(make_container: Any) -> None:
    first, second = make_container(), make_container()
    ticket = _open(first)
    unit = UnitOfWork()
    with first.desk.working(unit):
        first.desk.receive_message(ticket, "from the customer", CUSTOMER)
    # Another process writes to the same ticket while the unit is between blocks.
    second.desk.receive_message(ticket, "from another channel", CUSTOMER)
    with first.desk.working(unit):
        state = first.desk.load_ticket(ticket)
        assert [m.text for m in state.messages] == ["from the customer", "from another channel"]
        first.desk.send_reply(ticket, "Thanks, looking into it.", ASSISTANT)
    assert unit.loads == 1  # the held ticket was fast-forwarded, not copied again
    texts = [m.text for m in second.desk.load_ticket(ticket).messages]
    assert texts == ["from the customer", "from another channel", "Thanks, looking into it."]


def test_a_conflict_at_the_end_of_a_block_is_a_concurrent_update(make_container: Any) -> None:
    first, second = make_container(), make_container()
    ticket = _open(first)
    unit = UnitOfWork()
    with pytest.raises(ConcurrentUpdate, match="reload it and retry"), first.desk.working(unit):
        first.desk.receive_message(ticket, "from writer one", CUSTOMER)
        second.desk.receive_message(ticket, "from writer two", CUSTOMER)
    # The unit drops its stale copy: the retry reloads the ticket and succeeds.
    with first.desk.working(unit):
        first.desk.receive_message(ticket, "from writer one", CUSTOMER)
    texts = [m.text for m in second.desk.load_ticket(ticket).messages]
    assert texts == ["from writer two", "from writer one"]


def test_a_failing_block_saves_completed_commands_and_drops_half_done_changes(
    container: Container,
) -> None:
    desk = container.desk
    ticket = _open(container)
    unit = UnitOfWork()
    with pytest.raises(RuntimeError, match="boom"), desk.working(unit):
        desk.receive_message(ticket, "completed", CUSTOMER)
        held = desk.load_ticket(ticket)
        # A command that changed the aggregate, then failed before it was persisted.
        meta = desk._meta(CUSTOMER, "cust-1", ticket)
        held.receive_message(
            message_id="half", text="half done", meta=meta, timestamp=container.clock.now()
        )
        raise RuntimeError("boom")
    with desk.working(unit):
        assert [m.text for m in desk.load_ticket(ticket).messages] == ["completed"]
        desk.receive_message(ticket, "next", CUSTOMER)
    assert [m.text for m in desk.load_ticket(ticket).messages] == ["completed", "next"]


def test_a_half_done_command_is_not_seen_by_the_next_one_in_the_block(
    container: Container,
) -> None:
    desk = container.desk
    ticket = _open(container)
    with desk.working(UnitOfWork()):
        desk.receive_message(ticket, "completed", CUSTOMER)
        held = desk.load_ticket(ticket)
        meta = desk._meta(CUSTOMER, "cust-1", ticket)
        held.receive_message(
            message_id="half", text="half done", meta=meta, timestamp=container.clock.now()
        )
        # The caller swallowed the failure and goes on: the next command starts afresh.
        desk.receive_message(ticket, "after", CUSTOMER)
    assert [m.text for m in desk.load_ticket(ticket).messages] == ["completed", "after"]


def test_a_unit_is_bound_to_one_thread_and_blocks_of_it_nest(container: Container) -> None:
    desk = container.desk
    ticket = _open(container)
    elsewhere = desk.open_ticket("cust-1", "Second ticket", CUSTOMER)
    unit = UnitOfWork()
    head = _head(container)
    with desk.working(unit):
        desk.receive_message(ticket, "in the unit", CUSTOMER)
        # Another request's thread is not in the unit: its command saves at once.
        other = threading.Thread(
            target=desk.receive_message, args=(elsewhere, "on another ticket", CUSTOMER)
        )
        other.start()
        other.join()
        assert _head(container) == head + 1
        with desk.working(unit):  # nested: saves with the outer block
            desk.send_reply(ticket, "Let me check.", ASSISTANT)
        assert _head(container) == head + 1
        with pytest.raises(RuntimeError, match="already bound"), desk.working(UnitOfWork()):
            pass
    assert _head(container) == head + 3
    assert unit.saves == 1


def _shape(c: Container, after: int) -> list[tuple[Any, ...]]:
    """The recorded events without their random ids: type, version, actor, and which event
    of the run caused each."""
    events = c.runner.source.read(after, 100)
    index = {e.event_id: n for n, e in enumerate(events)}
    return [
        (
            e.type,
            e.aggregate_version,
            e.actor,
            index.get(e.causation_id) if e.causation_id else None,
        )
        for e in events
    ]


@pytest.mark.parametrize("batched", [True, False])
def test_a_unit_records_what_single_commands_record(container: Container, batched: bool) -> None:
    desk = container.desk
    desk.register_customer("cust-2", Cause(actor="service:crm"))
    ticket = desk.open_ticket("cust-2", "Printer jams", CUSTOMER)
    head = _head(container)
    unit = UnitOfWork()
    with desk.working(unit) if batched else contextlib.nullcontext(unit):
        message = desk.receive_message(ticket, "It jams on page two", CUSTOMER)
        attempt = desk.propose_attempt(
            ticket, "Clear the paper path", Cause(actor="assistant", causation_id=message)
        )
        desk.record_outcome(ticket, attempt, "failed", Cause("customer", causation_id=message))
        desk.state_preference("cust-2", "contact_channel", "email", CUSTOMER, stated_at=None)
        desk.send_reply(ticket, "Let's try the rollers.", ASSISTANT, in_reply_to=message)
    assert unit.saves == (1 if batched else 0)
    assert _shape(container, head) == [
        ("ticket.message_received", 2, "customer", None),
        ("ticket.attempt_proposed", 3, "assistant", 0),
        ("ticket.attempt_outcome_recorded", 4, "customer", 0),
        ("customer.preference_stated", 3, "customer", None),
        ("ticket.reply_sent", 5, "assistant", None),
    ]


def test_run_in_runs_a_step_again_when_another_writer_got_in_first(make_container: Any) -> None:
    first, second = make_container(), make_container()
    ticket = _open(first)
    unit = UnitOfWork()
    runs: list[str] = []

    def step() -> str:
        message = first.desk.receive_message(ticket, "from the customer", CUSTOMER)
        runs.append(message)
        if len(runs) == 1:  # another process writes before this block is saved
            second.desk.receive_message(ticket, "from another channel", CUSTOMER)
        return message

    message = first.desk.run_in(unit, step)
    assert len(runs) == 2 and message == runs[1] != runs[0]
    state = second.desk.load_ticket(ticket)
    assert [m.text for m in state.messages] == ["from another channel", "from the customer"]
    assert state.messages[1].message_id == message


def test_run_in_gives_up_after_its_retries(make_container: Any) -> None:
    first, second = make_container(), make_container()
    ticket = _open(first)
    runs: list[int] = []

    def step() -> None:
        runs.append(1)
        first.desk.receive_message(ticket, "mine", CUSTOMER)
        second.desk.receive_message(ticket, "theirs", CUSTOMER)

    with pytest.raises(ConcurrentUpdate):
        first.desk.run_in(UnitOfWork(), step, retries=1)
    assert len(runs) == 2
    assert [m.text for m in second.desk.load_ticket(ticket).messages] == ["theirs", "theirs"]


def test_a_unit_that_defers_delivery_hands_its_saves_to_the_read_models_once(
    container: Container,
) -> None:
    desk = container.desk
    ticket = _open(container)
    catch_ups = count_calls(container.runner, "catch_up")
    unit = UnitOfWork(defer_delivery=True)
    with desk.working(unit):
        desk.receive_message(ticket, "It won't charge", CUSTOMER)
    with desk.working(unit):
        desk.propose_attempt(ticket, "Plug the charger into another outlet", ASSISTANT)
    assert unit.saves == 2 and catch_ups() == 0
    assert len(container.views.ticket(ticket)["timeline"]) == 1  # only the opening
    desk.deliver(unit)
    assert catch_ups() == 1
    assert container.views.ticket(ticket)["timeline"][-1]["type"] == "ticket.attempt_proposed"
    desk.deliver(unit)  # nothing new: no catch-up
    assert catch_ups() == 1
    # A unit that does not defer delivers after each save, as single commands do.
    with desk.working(UnitOfWork()):
        desk.receive_message(ticket, "Still nothing", CUSTOMER)
    assert catch_ups() == 2
