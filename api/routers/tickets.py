"""Tickets: open, list, read (state and timeline), resolve, reopen."""

from __future__ import annotations

from contextlib import suppress
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, status

from caseledger.api.deps import (
    ParticipantDep,
    PrincipalDep,
    ServiceDep,
    ViewsDep,
    check_ticket_write,
    visible_ticket,
)
from caseledger.api.routers.params import COMMON_ERRORS, TicketIdPath
from caseledger.api.schemas.common import MAX_ID_CHARS, ErrorPublic, EventRecorded
from caseledger.api.schemas.tickets import (
    TicketCreate,
    TicketOpened,
    TicketPublic,
    TicketReopen,
    TicketResolve,
    TicketsPublic,
    TicketSummaryPublic,
)
from caseledger.domain.errors import InvalidInput, InvariantViolated
from caseledger.domain.ids import ID_PATTERN

router = APIRouter(prefix="/tickets", tags=["tickets"], responses=COMMON_ERRORS)

_CONFLICT: dict[int | str, dict[str, Any]] = {
    409: {"model": ErrorPublic, "description": "the ticket's state forbids it"}
}


@router.post("", status_code=status.HTTP_201_CREATED, response_model=TicketOpened)
def open_ticket(body: TicketCreate, principal: ParticipantDep, desk: ServiceDep) -> TicketOpened:
    """Open a ticket for a customer (registering the customer on first contact)."""
    customer_id = body.customer_id or principal.customer_id
    if customer_id is None:
        raise InvalidInput("customer_id", "required when a staff credential opens a ticket")
    if principal.is_customer and customer_id != principal.customer_id:
        raise HTTPException(
            status.HTTP_403_FORBIDDEN, "a customer credential opens tickets only for itself"
        )
    cause = principal.cause(body.occurred_at)
    if not desk.customer_exists(customer_id):
        # Registered by a concurrent request in between: that is what we wanted.
        with suppress(InvariantViolated):
            desk.register_customer(customer_id, cause)
    ticket_id = desk.open_ticket(
        customer_id,
        body.subject,
        cause,
        channel=body.channel,
        priority=body.priority,
        category=body.category,
    )
    return TicketOpened(ticket_id=ticket_id, customer_id=customer_id)


@router.get("", response_model=TicketsPublic)
def list_tickets(
    principal: PrincipalDep,
    views: ViewsDep,
    customer_id: Annotated[
        str | None,
        Query(
            pattern=ID_PATTERN,
            max_length=MAX_ID_CHARS,
            description="whose tickets; a customer credential may leave it out",
        ),
    ] = None,
) -> TicketsPublic:
    """A customer's tickets, oldest first (without timelines)."""
    customer_id = customer_id or principal.customer_id
    if customer_id is None:
        raise InvalidInput("customer_id", "required when a staff credential lists tickets")
    principal.check_customer(customer_id)
    docs = views.tickets(customer_id)
    return TicketsPublic(
        data=[TicketSummaryPublic.model_validate(d) for d in docs], count=len(docs)
    )


@router.get("/{ticket_id}", response_model=TicketPublic)
def read_ticket(ticket_id: TicketIdPath, principal: PrincipalDep, views: ViewsDep) -> TicketPublic:
    """A ticket's state and its timeline (every event on it, in order)."""
    return TicketPublic.model_validate(visible_ticket(principal, views, ticket_id))


@router.post("/{ticket_id}/resolve", response_model=EventRecorded, responses=_CONFLICT)
def resolve_ticket(
    ticket_id: TicketIdPath,
    body: TicketResolve,
    principal: ParticipantDep,
    desk: ServiceDep,
    views: ViewsDep,
) -> EventRecorded:
    """Resolve a ticket, optionally naming the attempt that solved it."""
    check_ticket_write(principal, views, ticket_id)
    event_id = desk.resolve_ticket(
        ticket_id, body.resolution, principal.cause(body.occurred_at), attempt_id=body.attempt_id
    )
    return EventRecorded(event_id=event_id)


@router.post("/{ticket_id}/reopen", response_model=EventRecorded, responses=_CONFLICT)
def reopen_ticket(
    ticket_id: TicketIdPath,
    body: TicketReopen,
    principal: ParticipantDep,
    desk: ServiceDep,
    views: ViewsDep,
) -> EventRecorded:
    """Reopen a resolved ticket."""
    check_ticket_write(principal, views, ticket_id)
    event_id = desk.reopen_ticket(ticket_id, body.reason, principal.cause(body.occurred_at))
    return EventRecorded(event_id=event_id)
