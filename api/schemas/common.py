"""Shared field types, size limits and the error body of every API answer."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, BaseModel, Field, StringConstraints

from caseledger.domain.ids import ID_PATTERN

# Hard caps of the HTTP layer. The configured, usually lower, limits (settings.limits) are
# enforced by the domain and answered with 422 naming the field.
MAX_TEXT_CHARS = 100_000  # the highest CASELEDGER_LIMITS__MAX_TEXT_CHARS allows
MAX_SUBJECT_CHARS = 300
MAX_REASON_CHARS = 1000
MAX_NOTE_CHARS = 1000
MAX_ID_CHARS = 200

SLUG_PATTERN = r"^[a-z][a-z0-9_-]{0,63}$"


def storable(value: str) -> str:
    # NUL cannot be stored in PostgreSQL text/jsonb, lone surrogates cannot be UTF-8 encoded:
    # refuse both here (422) instead of failing deep in a store (500).
    if "\x00" in value:
        raise ValueError("must not contain NUL characters")
    if any("\ud800" <= ch <= "\udfff" for ch in value):
        raise ValueError("must not contain unpaired surrogate code points")
    return value


Identifier = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_ID_CHARS, pattern=ID_PATTERN)
]
"""A customer, ticket, attempt or event id: letters, digits and ``_ . : @ -``."""

Slug = Annotated[str, StringConstraints(pattern=SLUG_PATTERN)]
"""A lower-case name such as a category or channel."""

MessageText = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_TEXT_CHARS), AfterValidator(storable)
]
SubjectText = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_SUBJECT_CHARS), AfterValidator(storable)
]
ReasonText = Annotated[
    str, StringConstraints(min_length=1, max_length=MAX_REASON_CHARS), AfterValidator(storable)
]
NoteText = Annotated[str, StringConstraints(max_length=MAX_NOTE_CHARS), AfterValidator(storable)]


class ErrorPublic(BaseModel):
    """Every 4xx/5xx answer: a machine code, a reason for people, and the field at fault."""

    error: str = Field(description="machine-readable code, e.g. not_found, invalid_input")
    reason: str = Field(description="what went wrong, for people")
    field: str | None = Field(default=None, description="the request field at fault, if one")
    failed_attempt_id: str | None = Field(
        default=None, description="repeat_of_failed_attempt: the attempt that already failed"
    )
    failed_ticket_id: str | None = None
    refusal_event_id: str | None = None
    details: list[FieldProblem] | None = None


class FieldProblem(BaseModel):
    """One problem found by request validation."""

    field: str
    reason: str


class EventRecorded(BaseModel):
    """A command was recorded as an event; its id can be traced with ``GET /v1/trace/{id}``."""

    event_id: str


ErrorPublic.model_rebuild()
