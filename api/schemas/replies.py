"""A customer message in, a guarded reply out."""

from __future__ import annotations

from pydantic import AwareDatetime, BaseModel, Field

from caseledger.api.schemas.common import MessageText


class MessageCreate(BaseModel):
    """A customer's message on a ticket."""

    text: MessageText
    occurred_at: AwareDatetime | None = Field(
        default=None, description="when the customer wrote it (service credentials only)"
    )


class ReplyPublic(BaseModel):
    """What the engine did with a message: the reply, and the events it recorded."""

    message_event_id: str
    reply_event_id: str
    text: str
    responder: str
    fallback: str | None = None
    attempts_proposed: list[str]
    outcomes_recorded: list[str]
    blocked_event_ids: list[str]
    escalated: bool
    memory_status: str = Field(description="results | none | failed")
