"""SSE framing: any payload survives as exactly one ``event:`` and one ``data:`` line."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from caseledger.api import sse
from caseledger.domain.errors import InvalidInput, NotFound, RepeatOfFailedAttempt
from tests.api_fakes import FakeEvent, FakeOutcome


def _parse(raw: bytes) -> tuple[str, dict[str, object]]:
    text = raw.decode()
    assert text.endswith("\n\n") and text.count("\n") == 3, text
    event_line, data_line = text[:-2].split("\n")
    assert event_line.startswith("event: ") and data_line.startswith("data: ")
    return event_line[7:], json.loads(data_line[6:])


@given(st.text())
def test_any_text_is_one_frame_and_round_trips(text: str) -> None:
    # Newlines, carriage returns, "\n\n", CJK, lone surrogates' neighbours: all escaped.
    event, data = _parse(sse.event_frame(FakeEvent("delta", text)))
    assert (event, data) == ("delta", {"text": text})


def test_done_carries_the_outcome() -> None:
    outcome = FakeOutcome("m", "r", "hi\n\nthere", "offline", None, ("a",), (), (), False, "none")
    event, data = _parse(sse.event_frame(FakeEvent("done", outcome=outcome)))
    assert event == "done"
    assert data == json.loads(json.dumps(outcome.to_dict()))  # tuples arrive as lists


def test_error_frames_use_the_error_map() -> None:
    event, data = _parse(sse.error_frame(InvalidInput("text", "too long")))
    assert event == "error"
    assert data == {
        "error": "invalid_input",
        "reason": "text: too long",
        "field": "text",
        "status": 422,
    }
    assert _parse(sse.error_frame(NotFound("ticket", "t1")))[1]["status"] == 404
    repeat = RepeatOfFailedAttempt(
        proposed="p",
        failed_attempt_id="att-1",
        failed_text="f",
        failed_ticket_id="t",
        refusal_event_id="e",
    )
    assert _parse(sse.error_frame(repeat))[1]["failed_attempt_id"] == "att-1"


def test_a_bug_mid_stream_says_nothing_about_itself() -> None:
    event, data = _parse(sse.error_frame(RuntimeError("db password is hunter2")))
    assert event == "error" and data["status"] == 500
    assert "hunter2" not in json.dumps(data)
