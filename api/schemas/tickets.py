"""Tickets: what a client sends to open, resolve or reopen one, and what it reads back."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import AwareDatetime, BaseModel, Field

from caseledger.api.schemas.common import (
    Identifier,
    MessageText,
    ReasonText,
    Slug,
    SubjectText,
)

Priority = Literal["low", "normal", "high", "urgent"]


class TicketCreate(BaseModel):
    """Open a ticket. A customer credential may leave ``customer_id`` out (it is its own)."""

    customer_id: Identifier | None = Field(
        default=None, description="required for staff credentials; a customer's own id otherwise"
    )
    subject: SubjectText
    priority: Priority = "normal"
    category: Slug = "general"
    channel: Slug = "chat"
    occurred_at: AwareDatetime | None = Field(
        default=None, description="when it happened in the world (service credentials only)"
    )


class TicketResolve(BaseModel):
    """Resolve a ticket, optionally naming the attempt that solved it."""

    resolution: MessageText
    attempt_id: Identifier | None = None
    occurred_at: AwareDatetime | None = None


class TicketReopen(BaseModel):
    """Reopen a resolved ticket."""

    reason: ReasonText
    occurred_at: AwareDatetime | None = None


class TimelineEntryPublic(BaseModel):
    """One event on a ticket's timeline."""

    event_id: str
    type: str
    occurred_at: datetime
    actor: str
    summary: str


class TicketSummaryPublic(BaseModel):
    """A ticket's current state, without its timeline."""

    ticket_id: str
    customer_id: str
    subject: str
    channel: str
    status: str
    priority: str
    category: str
    assignee: str | None = None
    opened_at: datetime
    updated_at: datetime | None = None
    resolved_at: datetime | None = None
    escalated_at: datetime | None = None
    escalation_reasons: list[str] = []
    counts: dict[str, int] = {}


class TicketPublic(TicketSummaryPublic):
    """A ticket's current state and everything that happened on it, in order."""

    timeline: list[TimelineEntryPublic] = []


class TicketsPublic(BaseModel):
    """A customer's tickets, oldest first."""

    data: list[TicketSummaryPublic]
    count: int


class TicketOpened(BaseModel):
    """The id of the ticket just opened."""

    ticket_id: str
    customer_id: str
