"""The HTTP API in domain words, for e2e tests: ``client.open_ticket(...)``, ``client.say(...)``.

Every helper checks the status it expects (``expect=``) and returns the decoded body, so a
test reads as the conversation it drives; ``raw`` is there for tests about HTTP itself.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from fastapi.testclient import TestClient

from caseledger.adapters.bootstrap import Container, bootstrap
from caseledger.adapters.settings import ApiKey, Settings
from caseledger.api.app import create_app

KEYS = {
    "svc-key-0123456789abcdef": {"role": "service", "name": "crm"},
    "agent-key-0123456789abcd": {"role": "agent", "name": "sam"},
    "cust-a-key-0123456789abc": {"role": "customer", "customer_id": "cust-a", "name": "ana"},
    "cust-b-key-0123456789abc": {"role": "customer", "customer_id": "cust-b", "name": "bo"},
    "analyst-key-0123456789ab": {"role": "analyst", "name": "ann"},
    "auditor-key-0123456789ab": {"role": "auditor", "name": "aud"},
}
SERVICE, AGENT, CUSTOMER_A, CUSTOMER_B, ANALYST, AUDITOR = KEYS


@dataclass(frozen=True)
class SseEvent:
    """One server-sent event: its name and decoded JSON data."""

    event: str
    data: dict[str, Any]


def parse_sse(body: str) -> list[SseEvent]:
    """Parse an event stream strictly: each frame is one ``event:`` and one ``data:`` line."""
    assert body.endswith("\n\n"), f"stream does not end with a blank line: {body[-40:]!r}"
    events = []
    for block in body[:-2].split("\n\n"):
        lines = block.split("\n")
        assert len(lines) == 2, f"a frame must be 'event:' + 'data:' lines, got {lines!r}"
        assert lines[0].startswith("event: ") and lines[1].startswith("data: "), lines
        events.append(SseEvent(lines[0][len("event: ") :], json.loads(lines[1][len("data: ") :])))
    return events


class Answer(Protocol):
    """What tests read from an HTTP answer (the test client's response, httpx or httpx2)."""

    @property
    def status_code(self) -> int: ...

    @property
    def text(self) -> str: ...

    @property
    def headers(self) -> Any: ...

    def json(self) -> Any: ...


class ApiError(AssertionError):
    """An answer with another status than the test expected."""


class ApiClient:
    """One credential talking to the API (``as_`` switches credential, same server)."""

    def __init__(self, http: TestClient, key: str | None = SERVICE, *, bearer: bool = True):
        self.http = http
        self.key = key
        self.bearer = bearer

    def as_(self, key: str | None, *, bearer: bool = True) -> ApiClient:
        return ApiClient(self.http, key, bearer=bearer)

    # -- plumbing ----------------------------------------------------------------------

    def headers(self) -> dict[str, str]:
        if self.key is None:
            return {}
        if self.bearer:
            return {"Authorization": f"Bearer {self.key}"}
        return {"X-API-Key": self.key}

    def raw(self, method: str, path: str, **kwargs: Any) -> Answer:
        headers = {**self.headers(), **kwargs.pop("headers", {})}
        return self.http.request(method, f"/v1{path}", headers=headers, **kwargs)

    def call(self, method: str, path: str, expect: int, **kwargs: Any) -> Any:
        response = self.raw(method, path, **kwargs)
        if response.status_code != expect:
            raise ApiError(
                f"{method} {path}: expected {expect}, got {response.status_code}: {response.text}"
            )
        return response.json()

    # -- tickets -----------------------------------------------------------------------

    def open_ticket(
        self,
        customer_id: str | None = "cust-a",
        subject: str = "Laptop stopped charging",
        *,
        expect: int = 201,
        **fields: Any,
    ) -> Any:
        """Open a ticket; returns the ticket id (or the error body when expect is not 201)."""
        body = {"subject": subject, **fields}
        if customer_id is not None:
            body["customer_id"] = customer_id
        answer = self.call("POST", "/tickets", expect, json=body)
        return answer["ticket_id"] if expect == 201 else answer

    def ticket(self, ticket_id: str, *, expect: int = 200) -> Any:
        return self.call("GET", f"/tickets/{ticket_id}", expect)

    def tickets(self, customer_id: str | None = None, *, expect: int = 200) -> Any:
        params = {"customer_id": customer_id} if customer_id else {}
        return self.call("GET", "/tickets", expect, params=params)

    def resolve(self, ticket_id: str, resolution: str = "fixed", *, expect: int = 200) -> Any:
        return self.call(
            "POST", f"/tickets/{ticket_id}/resolve", expect, json={"resolution": resolution}
        )

    def reopen(self, ticket_id: str, reason: str = "broke again", *, expect: int = 200) -> Any:
        return self.call("POST", f"/tickets/{ticket_id}/reopen", expect, json={"reason": reason})

    # -- conversation ------------------------------------------------------------------

    def say(self, ticket_id: str, text: str, *, expect: int = 200) -> Any:
        """Post a customer message; returns the reply (JSON)."""
        return self.call("POST", f"/tickets/{ticket_id}/messages", expect, json={"text": text})

    def say_streaming(
        self, ticket_id: str, text: str, *, via_query: bool = False
    ) -> tuple[Answer, list[SseEvent]]:
        """Post a customer message asking for server-sent events; returns them parsed."""
        kwargs: dict[str, Any] = {"json": {"text": text}}
        if via_query:
            kwargs["params"] = {"stream": "true"}
        else:
            kwargs["headers"] = {"Accept": "text/event-stream"}
        response = self.raw("POST", f"/tickets/{ticket_id}/messages", **kwargs)
        if response.status_code != 200:
            return response, []
        return response, parse_sse(response.text)

    # -- attempts ----------------------------------------------------------------------

    def attempts(self, ticket_id: str, *, expect: int = 200) -> Any:
        answer = self.call("GET", f"/tickets/{ticket_id}/attempts", expect)
        return answer["data"] if expect == 200 else answer

    def propose(self, ticket_id: str, text: str, *, expect: int = 201) -> Any:
        """An agent proposes a solution; returns the attempt id (or the error body)."""
        answer = self.call("POST", f"/tickets/{ticket_id}/attempts", expect, json={"text": text})
        return answer["attempt_id"] if expect == 201 else answer

    def report(
        self, ticket_id: str, attempt_id: str, outcome: str, *, expect: int = 201, **fields: Any
    ) -> Any:
        return self.call(
            "POST",
            f"/tickets/{ticket_id}/attempts/{attempt_id}/outcome",
            expect,
            json={"outcome": outcome, **fields},
        )

    def correct(
        self, ticket_id: str, attempt_id: str, outcome: str, reason: str, *, expect: int = 201
    ) -> Any:
        return self.call(
            "POST",
            f"/tickets/{ticket_id}/attempts/{attempt_id}/correction",
            expect,
            json={"outcome": outcome, "reason": reason},
        )

    # -- customers and lineage ---------------------------------------------------------

    def preferences(
        self, customer_id: str, *, as_of: datetime | str | None = None, expect: int = 200
    ) -> Any:
        params = {}
        if as_of is not None:
            params["as_of"] = as_of.isoformat() if isinstance(as_of, datetime) else as_of
        answer = self.call("GET", f"/customers/{customer_id}/preferences", expect, params=params)
        return answer["data"] if expect == 200 else answer

    def correct_preference(
        self, customer_id: str, key: str, value: str, reason: str, *, expect: int = 201
    ) -> Any:
        return self.call(
            "POST",
            f"/customers/{customer_id}/preferences/corrections",
            expect,
            json={"key": key, "value": value, "reason": reason},
        )

    def memory(self, customer_id: str, *, all: bool = False, expect: int = 200) -> Any:
        params = {"all": "true"} if all else {}
        return self.call("GET", f"/customers/{customer_id}/memory", expect, params=params)

    def trace(self, event_id: str, *, expect: int = 200) -> Any:
        return self.call("GET", f"/trace/{event_id}", expect)

    def health(self) -> Any:
        return self.call("GET", "/health", 200)


# -- wiring ------------------------------------------------------------------------------


def with_keys(settings: Settings) -> Settings:
    """``settings`` plus the test credentials in ``KEYS``."""
    keys = {key: ApiKey.model_validate(entry) for key, entry in KEYS.items()}
    return settings.model_copy(update={"api": settings.api.model_copy(update={"keys": keys})})


@contextmanager
def running_api(
    settings: Settings,
    *,
    replies: Callable[[Container], object] | None = None,
    raise_server_exceptions: bool = True,
    **overrides: Any,
) -> Iterator[tuple[ApiClient, Container]]:
    """The app over a fresh container (no embedding model, inline projections).

    ``replies`` builds the reply pipeline from the container; None keeps the container's
    own. Yields a service-credential client (``as_`` for others) and the container.
    """
    overrides.setdefault("embedder", None)
    overrides.setdefault("inline_projections", True)
    container = bootstrap(with_keys(settings), **overrides)
    try:
        if replies is not None:
            setattr(container, "replies", replies(container))  # noqa: B010 - test wiring
        app = create_app(container)
        with TestClient(app, raise_server_exceptions=raise_server_exceptions) as http:
            yield ApiClient(http), container
    finally:
        container.close()
