"""Identifier types and the deterministic ids derived from them."""

from __future__ import annotations

from typing import NewType
from uuid import UUID, uuid4, uuid5

TicketId = NewType("TicketId", str)
CustomerId = NewType("CustomerId", str)
AttemptId = NewType("AttemptId", str)
EventId = NewType("EventId", str)

# The ids a caller may name (customers, tickets, attempts, events): letters, digits and
# _.:@-, starting with a letter or digit. The API's paths and bodies and the ingest's first
# contacts check it, so every customer the engine knows can be addressed over HTTP.
ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.:@-]*$"

# Fixed namespaces: derived ids must be stable across processes and replays.
_CUSTOMER_NS = UUID("6c0f7d0e-2b1c-4d55-9a3e-2f6f1f3c8a10")
_EVENT_NS = UUID("0b3c1c9a-7e44-4c0b-8d2a-5b7a3b1d9e21")


def customer_aggregate_id(customer_id: str) -> UUID:
    """The Customer aggregate's id: one stream per external customer id."""
    return uuid5(_CUSTOMER_NS, customer_id)


def event_id_for(aggregate_id: UUID, version: int) -> EventId:
    """An event's id, derived from its unique (aggregate id, version) position in the store.

    Derived rather than stored so that every reader (projections, Kafka, audit) computes
    the same id from the same recorded event.
    """
    return EventId(str(uuid5(_EVENT_NS, f"{aggregate_id}/{version}")))


def new_ticket_id() -> TicketId:
    return TicketId(str(uuid4()))


def new_attempt_id() -> AttemptId:
    return AttemptId(f"att-{uuid4().hex[:12]}")


def new_correlation_id() -> str:
    return f"corr-{uuid4().hex}"
