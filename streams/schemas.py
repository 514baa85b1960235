"""The published wire contracts (JSON Schema files in ``streams/contracts/``) and their checks.

``envelope.v1.json``: an engine event on the events topic, written by the relay, read by the
projectors and by any other service. ``inbound.v1.json``: what other services publish on the
inbound topic for ``streams/ingest``. Both are versioned; the version is inside the document
(``envelope_version`` / ``schema_version``) and, for envelopes, in a header too.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

ENVELOPE_VERSION = 1
INBOUND_VERSION = 1
ENVELOPE_SCHEMA = f"envelope.v{ENVELOPE_VERSION}.json"
INBOUND_SCHEMA = f"inbound.v{INBOUND_VERSION}.json"


class ContractError(ValueError):
    """A document does not satisfy its published schema; ``path`` locates the first problem."""

    def __init__(self, schema: str, path: str, message: str) -> None:
        super().__init__(f"{schema}: {path or '(document)'}: {message}")
        self.schema = schema
        self.path = path
        self.message = message


def load_schema(name: str) -> dict[str, Any]:
    """A contract file as a dict (``envelope.v1.json``, ``inbound.v1.json``)."""
    text = files("caseledger.streams").joinpath("contracts", name).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator(name: str) -> Draft202012Validator:
    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _location(error: ValidationError) -> str:
    return "/".join(str(part) for part in error.absolute_path)


def validate(name: str, document: Any) -> None:
    """Raise :class:`ContractError` naming the most relevant violation of schema ``name``."""
    validator = _validator(name)
    errors = sorted(validator.iter_errors(document), key=lambda e: (len(e.absolute_path), e.path))
    if errors:
        # The deepest error of the first branch is the one a producer can act on.
        error = max(errors, key=lambda e: len(e.absolute_path))
        raise ContractError(name, _location(error), error.message)


def validate_envelope(document: Any) -> None:
    """Check one decoded events-topic message against ``envelope.v1.json``."""
    validate(ENVELOPE_SCHEMA, document)


def validate_inbound(document: Any) -> None:
    """Check one decoded inbound message against ``inbound.v1.json``."""
    validate(INBOUND_SCHEMA, document)
