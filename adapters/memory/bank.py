"""Memory bank ids: one bank per customer, derived from a hash so the raw id never leaves us.

Both memory stores use :func:`bank_id_for`, so a customer's bank has the same id whichever store
holds it, and the ``MemoryRetained`` events name the same bank across a switch of backend. The
prefix is per environment (``cl-dev-``, ``cl-stag-``, ``cl-prod-``, see ``Settings``), so a
staging customer never reaches a production bank even when both share one Hindsight server.
"""

from __future__ import annotations

import hashlib
import re
from datetime import datetime

from caseledger.domain.ports import Clock, MemoryHealth

__all__ = ["BANK_HASH_CHARS", "HealthRecord", "bank_id_for", "check_bank_prefix", "cut_error"]

BANK_HASH_CHARS = 24  # 96 bits of SHA-256: collisions are out of reach for any customer base
# Hindsight puts bank ids in URL paths; keep prefixes to a safe, readable alphabet.
_PREFIX = re.compile(r"^[a-z][a-z0-9-]{0,39}$")


def check_bank_prefix(prefix: str) -> str:
    """Return ``prefix`` if it is a valid bank prefix, else raise ``ValueError`` naming it."""
    if not _PREFIX.match(prefix):
        raise ValueError(
            f"bank prefix must match {_PREFIX.pattern} (lower-case letters, digits, '-'), "
            f"got {prefix!r}"
        )
    return prefix


def bank_id_for(customer_id: str, prefix: str) -> str:
    """The customer's bank id: ``prefix`` + the first 24 hex characters of SHA-256(customer id)."""
    if not customer_id or not customer_id.strip():
        raise ValueError("customer_id must not be empty")
    digest = hashlib.sha256(customer_id.encode("utf-8")).hexdigest()
    return f"{check_bank_prefix(prefix)}{digest[:BANK_HASH_CHARS]}"


ERROR_CHARS = 300  # the port promises failure messages of at most this many characters


def cut_error(message: str) -> str:
    """A failure message on one line, cut to ERROR_CHARS (both stores report failures so)."""
    message = " ".join(message.split())
    return message if len(message) <= ERROR_CHARS else message[: ERROR_CHARS - 1] + "…"


class HealthRecord:
    """The outcome of a store's last call, as ``MemoryStore.health`` reports it (no I/O)."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._last_success: datetime | None = None
        self._last_error: str | None = None
        self._failing = False

    def succeeded(self) -> None:
        self._last_success = self._clock.now()
        self._failing = False

    def failed(self, message: str) -> None:
        self._last_error = cut_error(message)
        self._failing = True

    def snapshot(self) -> MemoryHealth:
        return MemoryHealth(
            ok=not self._failing, last_success_at=self._last_success, last_error=self._last_error
        )
