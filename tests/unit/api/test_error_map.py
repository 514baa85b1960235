"""The one error map: each domain error class answers its status and names its field."""

from __future__ import annotations

import pytest

from caseledger.api.errors import error_body
from caseledger.domain.errors import (
    CaseledgerError,
    ConcurrentUpdate,
    InvalidInput,
    InvariantViolated,
    NotFound,
    RepeatOfFailedAttempt,
)


@pytest.mark.parametrize(
    ("error", "status", "code"),
    [
        (NotFound("ticket", "t-1"), 404, "not_found"),
        (InvalidInput("subject", "must not be empty"), 422, "invalid_input"),
        (ConcurrentUpdate("Ticket", "t-1"), 409, "concurrent_update"),
        (InvariantViolated("ticket t-1 is resolved"), 409, "invariant_violated"),
        (CaseledgerError("something else"), 400, "bad_request"),
    ],
)
def test_status_and_code_per_class(error: CaseledgerError, status: int, code: str) -> None:
    got_status, body = error_body(error)
    assert (got_status, body["error"], body["reason"]) == (status, code, error.reason)


def test_invalid_input_names_its_field() -> None:
    assert error_body(InvalidInput("as_of", "naive"))[1]["field"] == "as_of"
    assert error_body(NotFound("ticket", "x"))[1]["field"] is None


def test_a_repeat_of_a_failed_attempt_names_the_attempt() -> None:
    status, body = error_body(
        RepeatOfFailedAttempt(
            proposed="restart it",
            failed_attempt_id="att-1",
            failed_text="Restart it",
            failed_ticket_id="t-0",
            refusal_event_id="ev-9",
        )
    )
    assert status == 409 and body["error"] == "repeat_of_failed_attempt"
    assert (body["failed_attempt_id"], body["failed_ticket_id"], body["refusal_event_id"]) == (
        "att-1",
        "t-0",
        "ev-9",
    )
