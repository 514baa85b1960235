"""Property-based run of the published OpenAPI document (schemathesis, over ASGI: no server).

For every operation, hypothesis generates requests from the document — valid ones, invalid
ones, and valid ones aimed at a ticket and attempt that exist — sent with a service and with
a customer credential. Whatever the input, the API must not answer 5xx, and every answer
(status, content type, body) must match the document.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from caseledger.adapters.settings import GuardSettings, Settings
from tests.e2e.api_client import AGENT, CUSTOMER_A, SERVICE, running_api

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
# Per operation, mode and credential: the file stays well under 60 s. A deeper run:
# CASELEDGER_FUZZ_EXAMPLES=200 pytest tests/e2e/test_api_schemathesis.py
EXAMPLES = int(os.environ.get("CASELEDGER_FUZZ_EXAMPLES", "12"))


@dataclass
class Target:
    """The loaded document and ids that exist (so some generated requests hit something)."""

    schema: Any
    ids: dict[str, str]


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Target]:
    settings_ = Settings(
        environment="test",
        data_dir=tmp_path_factory.mktemp("schemathesis"),
        guard=GuardSettings(use_embeddings=False),
    )
    # The real pipeline: generated text goes through feedback classification, preference
    # extraction, the offline responder and the guard too.
    with running_api(settings_) as (client, _):
        ticket = client.open_ticket("cust-a")
        attempt = client.as_(AGENT).propose(ticket, "Restart the router")
        reply = client.say(ticket, "hello")
        ids = {
            "ticket_id": ticket,
            "attempt_id": attempt,
            "customer_id": "cust-a",
            "event_id": reply["reply_event_id"],
        }
        yield Target(schemathesis.openapi.from_asgi("/openapi.json", client.http.app), ids)


def _fuzz(target: Target, key: str, mode: GenerationMode, *, known_ids: bool) -> list[str]:
    failures = []
    for result in target.schema.get_all_operations():
        operation = result.ok()
        params = {
            p.name: target.ids[p.name] for p in operation.path_parameters if known_ids
        } or None
        strategy = operation.as_strategy(generation_mode=mode, path_parameters=params)

        @given(case=strategy)
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            database=None,
            # No shrinking: a failure is reported at once (the request is in the report).
            phases=[Phase.explicit, Phase.generate],
            report_multiple_bugs=False,
            suppress_health_check=list(HealthCheck),
        )
        def run(case: Any) -> None:
            case.call_and_validate(headers={"Authorization": f"Bearer {key}"}, checks=CHECKS)

        try:
            run()
        except Unsatisfiable:
            # Nothing about the request can be invalid (GET /health takes no input).
            assert mode is GenerationMode.NEGATIVE, operation.label
        except Exception as exc:  # collect every operation's failure, then report them all
            failures.append(f"{operation.label}: {exc}")
    return failures


@pytest.mark.parametrize("key", [SERVICE, CUSTOMER_A], ids=["service", "customer"])
@pytest.mark.parametrize(
    ("mode", "known_ids"),
    [
        (GenerationMode.POSITIVE, False),
        (GenerationMode.POSITIVE, True),
        (GenerationMode.NEGATIVE, False),
    ],
    ids=["valid", "valid-existing-ids", "invalid"],
)
def test_no_generated_request_breaks_the_api(
    target: Target, key: str, mode: GenerationMode, known_ids: bool
) -> None:
    failures = _fuzz(target, key, mode, known_ids=known_ids)
    assert not failures, "\n\n".join(failures)
