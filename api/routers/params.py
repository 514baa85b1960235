"""Path parameters shared by the routers."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Path

from caseledger.api.schemas.common import MAX_ID_CHARS, ErrorPublic
from caseledger.domain.ids import ID_PATTERN

TicketIdPath = Annotated[
    str, Path(pattern=ID_PATTERN, max_length=MAX_ID_CHARS, description="the ticket id")
]
AttemptIdPath = Annotated[
    str, Path(pattern=ID_PATTERN, max_length=MAX_ID_CHARS, description="the attempt id")
]
CustomerIdPath = Annotated[
    str, Path(pattern=ID_PATTERN, max_length=MAX_ID_CHARS, description="the customer id")
]
EventIdPath = Annotated[
    str, Path(pattern=ID_PATTERN, max_length=MAX_ID_CHARS, description="the event id")
]

# Answers every authenticated route may give; listed in the OpenAPI document.

COMMON_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorPublic, "description": "the body could not be read (not UTF-8 JSON)"},
    401: {"model": ErrorPublic, "description": "no or unknown credential"},
    403: {"model": ErrorPublic, "description": "the credential's role may not do this"},
    404: {"model": ErrorPublic, "description": "not found (or not visible to this credential)"},
    413: {"model": ErrorPublic, "description": "request body over the configured byte limit"},
    422: {"model": ErrorPublic, "description": "invalid input; `field` names it"},
}
