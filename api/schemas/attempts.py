"""Attempts: proposed solutions, their outcomes and corrections."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import AwareDatetime, BaseModel, Field

from caseledger.api.schemas.common import MessageText, NoteText, ReasonText

Outcome = Literal["failed", "succeeded", "partial", "not_attempted", "unknown"]


class AttemptCreate(BaseModel):
    """An agent proposes a solution; refused (409) when it repeats one that already failed."""

    text: MessageText
    occurred_at: AwareDatetime | None = None


class AttemptCreated(BaseModel):
    """The pending attempt just recorded."""

    attempt_id: str
    ticket_id: str


class OutcomeCreate(BaseModel):
    """How a pending attempt ended."""

    outcome: Outcome
    confidence: float = Field(default=1.0, ge=0.0, le=1.0)
    note: NoteText = ""
    occurred_at: AwareDatetime | None = None


class OutcomeCorrection(BaseModel):
    """A recorded outcome was wrong: record the right one (the old one stays on record)."""

    outcome: Outcome
    reason: ReasonText
    occurred_at: AwareDatetime | None = None


class PhrasingPublic(BaseModel):
    """One proposal of an action; rephrasings of one action share its entry."""

    attempt_id: str
    text: str
    ticket_id: str | None = None
    event_id: str
    occurred_at: datetime
    actor: str
    equivalent_to: str | None = None
    lexical_score: float | None = None
    semantic_score: float | None = None


class AttemptPublic(BaseModel):
    """One deduplicated action: every phrasing, every outcome, every refused repeat."""

    action_id: str
    text: str
    status: str = Field(description="the latest outcome, or pending")
    tickets: list[str]
    phrasings: list[PhrasingPublic]
    outcomes: list[dict[str, Any]]
    refused_repeats: list[dict[str, Any]]


class AttemptsPublic(BaseModel):
    """The actions proposed on a ticket, in first-proposed order."""

    data: list[AttemptPublic]
    count: int
