"""The one map from errors to HTTP answers: ``{"error", "reason", "field"}``, never a 500 for
bad input.

Domain errors (``CaseledgerError``) map by class; request validation is 422 with the first
problem as the reason and every problem in ``details``; HTTP errors (401, 403, 404 ...) keep
their status. A database that cannot be reached is 503 ``database_unavailable`` with the
reason. Anything else is a bug: logged with its traceback, answered with a generic 500.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from caseledger.adapters.database import UNAVAILABLE_ERRORS, DatabaseUnavailable, unavailable
from caseledger.domain.errors import (
    CaseledgerError,
    ConcurrentUpdate,
    InvalidInput,
    InvariantViolated,
    NotFound,
    RepeatOfFailedAttempt,
)

logger = logging.getLogger("caseledger.api")

# Most specific first: the first class the error is an instance of decides.
DOMAIN_ERRORS: tuple[tuple[type[CaseledgerError], int, str], ...] = (
    (NotFound, 404, "not_found"),
    (InvalidInput, 422, "invalid_input"),
    (ConcurrentUpdate, 409, "concurrent_update"),
    (RepeatOfFailedAttempt, 409, "repeat_of_failed_attempt"),
    (InvariantViolated, 409, "invariant_violated"),
    (CaseledgerError, 400, "bad_request"),
)

_HTTP_CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    409: "conflict",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "invalid_input",
    503: "unavailable",
}


def error_body(exc: CaseledgerError) -> tuple[int, dict[str, Any]]:
    """Status and JSON body for a domain error (also used for errors inside an SSE stream)."""
    status_code, code = next((s, c) for cls, s, c in DOMAIN_ERRORS if isinstance(exc, cls))
    body: dict[str, Any] = {"error": code, "reason": exc.reason, "field": None}
    if isinstance(exc, InvalidInput):
        body["field"] = exc.field
    if isinstance(exc, RepeatOfFailedAttempt):
        body["failed_attempt_id"] = exc.failed_attempt_id
        body["failed_ticket_id"] = exc.failed_ticket_id
        body["refusal_event_id"] = exc.refusal_event_id
    return status_code, body


async def _domain_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, CaseledgerError)
    status_code, body = error_body(exc)
    return JSONResponse(body, status_code=status_code)


def _field(loc: tuple[Any, ...] | list[Any]) -> str:
    # ("body", "text") -> "text"; ("query", "as_of") -> "as_of"; ("body",) -> "body"
    parts = [str(p) for p in loc]
    if len(parts) > 1 and parts[0] in ("body", "query", "path", "header", "cookie"):
        parts = parts[1:]
    return ".".join(parts)


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    # Never echo the input back: it may be a customer's private text.
    problems = [
        {"field": _field(e.get("loc", ())), "reason": str(e.get("msg", "invalid"))}
        for e in exc.errors()
    ]
    first = problems[0] if problems else {"field": "body", "reason": "invalid request"}
    body = {
        "error": "invalid_input",
        "reason": f"{first['field']}: {first['reason']}",
        "field": first["field"],
        "details": problems,
    }
    return JSONResponse(body, status_code=422)


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    body = {
        "error": _HTTP_CODES.get(exc.status_code, "http_error"),
        "reason": str(exc.detail),
        "field": None,
    }
    return JSONResponse(body, status_code=exc.status_code, headers=exc.headers)


async def _database_unavailable(request: Request, exc: Exception) -> JSONResponse:
    container = request.app.state.container
    down = unavailable(exc, container.settings) or DatabaseUnavailable("the database", str(exc))
    logger.warning("%s %s: %s", request.method, request.url.path, down)
    body = {"error": "database_unavailable", "reason": str(down), "field": None}
    return JSONResponse(body, status_code=503, headers={"Retry-After": "5"})


async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
    logger.exception("unhandled error on %s %s", request.method, request.url.path)
    body = {"error": "internal_error", "reason": "internal error; it has been logged"}
    return JSONResponse({**body, "field": None}, status_code=500)


def install_error_handlers(app: FastAPI) -> None:
    """Register the handler map on ``app``."""
    app.add_exception_handler(CaseledgerError, _domain_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    for cls in UNAVAILABLE_ERRORS:
        app.add_exception_handler(cls, _database_unavailable)
    app.add_exception_handler(Exception, _unexpected)
