"""Attempts on a ticket: list, propose (agents), record an outcome, correct an outcome."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, status

from caseledger.api.deps import (
    ParticipantDep,
    PrincipalDep,
    ServiceDep,
    StaffDep,
    ViewsDep,
    check_ticket_write,
    visible_ticket,
)
from caseledger.api.routers.params import COMMON_ERRORS, AttemptIdPath, TicketIdPath
from caseledger.api.schemas.attempts import (
    AttemptCreate,
    AttemptCreated,
    AttemptPublic,
    AttemptsPublic,
    OutcomeCorrection,
    OutcomeCreate,
)
from caseledger.api.schemas.common import ErrorPublic, EventRecorded

router = APIRouter(
    prefix="/tickets/{ticket_id}/attempts", tags=["attempts"], responses=COMMON_ERRORS
)

_REPEAT: dict[int | str, dict[str, Any]] = {
    409: {
        "model": ErrorPublic,
        "description": "repeat_of_failed_attempt (names failed_attempt_id) or a state conflict",
    }
}


@router.get("", response_model=AttemptsPublic)
def list_attempts(
    ticket_id: TicketIdPath, principal: PrincipalDep, views: ViewsDep
) -> AttemptsPublic:
    """The actions proposed on this ticket, deduplicated, with outcomes and refused repeats."""
    doc = visible_ticket(principal, views, ticket_id)
    entries = views.attempts(str(doc["customer_id"]), ticket_id)
    return AttemptsPublic(
        data=[AttemptPublic.model_validate(e) for e in entries], count=len(entries)
    )


@router.post(
    "", status_code=status.HTTP_201_CREATED, response_model=AttemptCreated, responses=_REPEAT
)
def propose_attempt(
    ticket_id: TicketIdPath, body: AttemptCreate, principal: StaffDep, desk: ServiceDep
) -> AttemptCreated:
    """Add a proposed solution as a pending attempt.

    Refused with 409 ``repeat_of_failed_attempt`` when it is the same action as an attempt
    that already failed for this customer, on any of their tickets; the body names it.
    """
    attempt_id = desk.propose_attempt(ticket_id, body.text, principal.cause(body.occurred_at))
    return AttemptCreated(attempt_id=attempt_id, ticket_id=ticket_id)


@router.post(
    "/{attempt_id}/outcome",
    status_code=status.HTTP_201_CREATED,
    response_model=EventRecorded,
    responses=_REPEAT,
)
def record_outcome(
    ticket_id: TicketIdPath,
    attempt_id: AttemptIdPath,
    body: OutcomeCreate,
    principal: ParticipantDep,
    desk: ServiceDep,
    views: ViewsDep,
) -> EventRecorded:
    """Record how a pending attempt ended (a second outcome must be a correction)."""
    check_ticket_write(principal, views, ticket_id)
    event_id = desk.record_outcome(
        ticket_id,
        attempt_id,
        body.outcome,
        principal.cause(body.occurred_at),
        confidence=body.confidence,
        note=body.note,
    )
    return EventRecorded(event_id=event_id)


@router.post(
    "/{attempt_id}/correction",
    status_code=status.HTTP_201_CREATED,
    response_model=EventRecorded,
    responses=_REPEAT,
)
def correct_outcome(
    ticket_id: TicketIdPath,
    attempt_id: AttemptIdPath,
    body: OutcomeCorrection,
    principal: StaffDep,
    desk: ServiceDep,
) -> EventRecorded:
    """Correct a recorded outcome; the wrong one stays on record, the correction wins."""
    event_id = desk.correct_outcome(
        ticket_id, attempt_id, body.outcome, principal.cause(body.occurred_at), reason=body.reason
    )
    return EventRecorded(event_id=event_id)
