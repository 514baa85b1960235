"""Server-sent events for a streamed reply, run so that a client who leaves halfway never
leaves the reply half-recorded.

The pipeline's synchronous generator runs to its end in a worker thread of its own; the
HTTP side only relays what it produced. Framing follows the WHATWG event-stream format:
``event: <kind>`` then one ``data:`` line of JSON (``json.dumps`` escapes newlines, so the
payload never spans lines), then a blank line.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

from caseledger.api.deps import ReplyEventLike
from caseledger.api.errors import error_body
from caseledger.domain.errors import CaseledgerError

logger = logging.getLogger("caseledger.api")

MEDIA_TYPE = "text/event-stream"
HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
KINDS = ("status", "delta", "done", "error")

# One event of the stream, as OpenAPI 3.2 describes server-sent events (``itemSchema``).
ITEM_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["event", "data"],
    "properties": {
        "event": {"type": "string", "enum": list(KINDS)},
        "data": {
            "type": "string",
            "contentMediaType": "application/json",
            "description": "status/delta: {text}; done: the reply (as the JSON answer); "
            "error: {error, reason, field, status}",
        },
    },
}


def frame(event: str, data: dict[str, Any]) -> bytes:
    """One SSE frame: ``event: <name>\\ndata: <json>\\n\\n``."""
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return f"event: {event}\ndata: {payload}\n\n".encode()


def event_frame(event: ReplyEventLike) -> bytes:
    """The frame of one pipeline step: status and delta carry text, done the outcome."""
    if event.kind == "done":
        outcome = event.outcome.to_dict() if event.outcome is not None else {}
        return frame("done", outcome)
    return frame(event.kind, {"text": event.data})


def error_frame(exc: BaseException) -> bytes:
    """An ``event: error`` frame: a domain error's body, or a generic one for a bug."""
    if isinstance(exc, CaseledgerError):
        status_code, body = error_body(exc)
        return frame("error", {**body, "status": status_code})
    return frame(
        "error",
        {"error": "internal_error", "reason": "internal error; it has been logged", "status": 500},
    )


class ReplyPump:
    """Runs a reply stream to completion in a worker thread and hands its events to the loop.

    ``open_stream`` is called in that thread too, so nothing of the pipeline blocks the loop.
    """

    def __init__(self, open_stream: Callable[[], Iterator[ReplyEventLike]]) -> None:
        self._open = open_stream
        self._loop = asyncio.get_running_loop()
        self._queue: asyncio.Queue[ReplyEventLike | BaseException | None] = asyncio.Queue()
        self._thread = threading.Thread(target=self._run, name="caseledger-reply", daemon=True)

    def start(self) -> ReplyPump:
        """Start the worker thread; returns self."""
        self._thread.start()
        return self

    def _post(self, item: ReplyEventLike | BaseException | None) -> None:
        # RuntimeError: the loop is gone (server shut down); keep recording, nobody listens.
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(self._queue.put_nowait, item)

    def _run(self) -> None:
        ended = False
        try:
            for event in self._open():
                if ended:
                    continue  # the memory write after ``done``: the client is not held for it
                self._post(event)
                if event.kind == "done":
                    self._post(None)
                    ended = True
        except CaseledgerError as exc:
            if not ended:
                self._post(exc)
        except Exception as exc:
            logger.exception("reply stream failed")
            if not ended:
                self._post(exc)
        if not ended:
            self._post(None)  # the end

    async def next(self) -> ReplyEventLike | BaseException | None:
        """The next event, the error that ended the stream, or None at its end."""
        return await self._queue.get()

    async def frames(self, first: ReplyEventLike) -> AsyncIterator[bytes]:
        """SSE frames: ``first`` (already taken), then the rest until done or an error."""
        yield event_frame(first)
        while True:
            item = await self.next()
            if item is None:
                return
            if isinstance(item, BaseException):
                yield error_frame(item)
                return
            yield event_frame(item)
