"""Lineage: why an event exists (its causes, recursively) and what it caused."""

from __future__ import annotations

from pydantic import BaseModel


class EventBrief(BaseModel):
    """One event, summarised."""

    event_id: str | None = None
    type: str | None = None
    occurred_at: str | None = None
    recorded_at: str | None = None
    actor: str | None = None
    summary: str | None = None
    ticket_id: str | None = None
    customer_id: str | None = None
    correlation_id: str | None = None


class TraceCause(BaseModel):
    """A cause of an event: the link's kind (``why``) and the cause's own causes."""

    why: str
    event: EventBrief | None = None
    causes: list[TraceCause] = []
    event_id: str | None = None
    missing: bool = False


class TracePublic(BaseModel):
    """The causal tree of one event and its direct effects."""

    event: EventBrief
    causes: list[TraceCause]
    effects: list[EventBrief]


TraceCause.model_rebuild()
