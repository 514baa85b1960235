"""Customer messages: one message in, a guarded reply out (JSON, or server-sent events)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import APIRouter, BackgroundTasks, Header, Query, Request
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool

from caseledger.api import sse
from caseledger.api.deps import (
    ParticipantDep,
    RepliesDep,
    ReplyEventLike,
    ReplyOutcomeLike,
    ViewsDep,
    check_ticket_write,
)
from caseledger.api.routers.params import COMMON_ERRORS, TicketIdPath
from caseledger.api.schemas.common import ErrorPublic
from caseledger.api.schemas.replies import MessageCreate, ReplyPublic
from caseledger.api.turns import TurnFinisher
from caseledger.domain.services import Cause

router = APIRouter(
    prefix="/tickets/{ticket_id}/messages", tags=["messages"], responses=COMMON_ERRORS
)

_STREAM_DOC = (
    'Server-sent events: `event: status` (`{"text"}`: a step such as "recalled memory"), '
    '`event: delta` (`{"text"}`: customer-visible text, never the metadata block), then '
    "`event: done` (the reply outcome, as in the JSON answer) or `event: error` "
    '(`{"error", "reason", "field", "status"}`).'
)


@router.post(
    "",
    response_model=ReplyPublic,
    responses={
        200: {
            "description": "the reply (JSON), or its stream with `Accept: text/event-stream`",
            "content": {sse.MEDIA_TYPE: {"itemSchema": sse.ITEM_SCHEMA}},
        },
        409: {"model": ErrorPublic, "description": "the ticket's state forbids it"},
        503: {"model": ErrorPublic, "description": "no reply pipeline is configured"},
    },
)
async def post_message(
    ticket_id: TicketIdPath,
    body: MessageCreate,
    request: Request,
    principal: ParticipantDep,
    views: ViewsDep,
    replies: RepliesDep,
    background: BackgroundTasks,
    stream: Annotated[
        bool, Query(description="answer with server-sent events (as Accept: text/event-stream)")
    ] = False,
    accept: Annotated[str | None, Header(include_in_schema=False)] = None,
) -> ReplyPublic | StreamingResponse:
    """Record a customer's message and answer it.

    Every step is recorded as an event: the message, outcomes of pending attempts read from
    it, what memory was recalled, blocked drafts, the reply and the attempts it proposes.
    """

    def admit() -> Cause:
        """Check the caller may write to the ticket; the message is the customer's, whoever
        relays it."""
        check_ticket_write(principal, views, ticket_id)
        return principal.cause(body.occurred_at, actor="customer")

    if stream or sse.MEDIA_TYPE in (accept or ""):
        cause = await run_in_threadpool(admit)
        pump = sse.ReplyPump(lambda: replies.stream_message(ticket_id, body.text, cause)).start()
        first = await pump.next()
        # Errors before the first event (unknown ticket, text too long ...) are ordinary
        # error answers; later ones become an `event: error` frame.
        if isinstance(first, BaseException):
            raise first
        if first is None:
            return StreamingResponse(iter(()), media_type=sse.MEDIA_TYPE, headers=sse.HEADERS)
        return StreamingResponse(pump.frames(first), media_type=sse.MEDIA_TYPE, headers=sse.HEADERS)

    def reply() -> tuple[ReplyOutcomeLike, Iterator[ReplyEventLike]]:
        steps = iter(replies.stream_message(ticket_id, body.text, admit()))
        for step in steps:
            if step.outcome is not None:
                return step.outcome, steps
        raise RuntimeError("the reply pipeline ended without an outcome")  # pragma: no cover

    # One trip to the threadpool, not two: under load each trip waits for the GIL.
    outcome, rest = await run_in_threadpool(reply)
    # The answer goes out once the reply is recorded; the rest of the turn (the message's
    # memory write and its event) runs after it is sent, on the finisher's own threads.
    finisher: TurnFinisher = request.app.state.turn_finisher
    background.add_task(_hand_over, finisher, rest)
    return ReplyPublic.model_validate(outcome.to_dict())


async def _hand_over(finisher: TurnFinisher, rest: Iterator[ReplyEventLike]) -> None:
    """Give the rest of the turn to ``finisher``; one it cannot take is closed (left
    unfinished, for `caseledger memory-retry`) in the threadpool, as closing saves."""
    if not finisher.submit(rest):
        await run_in_threadpool(rest.close)  # type: ignore[attr-defined]
