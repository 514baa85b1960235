"""Ports: the small interfaces the domain and its application service call.

Implementations live in ``caseledger.adapters`` (one per technology, named
``<Tech><Port>``); fakes for tests live in ``tests/fakes.py``. Each port has a
contract test in ``tests/contracts/`` run against every implementation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol


class Clock(Protocol):
    """Tells the current time; always timezone-aware."""

    def now(self) -> datetime:
        """Return the current instant as a timezone-aware datetime."""
        ...


class Embedder(Protocol):
    """Turns texts into unit-length embedding vectors (one per text, in order)."""

    @property
    def model_name(self) -> str:
        """A name for the model, recorded as evidence next to scores."""
        ...

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Embed ``texts``; vectors are L2-normalised so a dot product is a cosine."""
        ...


@dataclass(frozen=True)
class KnownAttempt:
    """An attempt already on record for a customer, as the equivalence check sees it."""

    attempt_id: str
    action_id: str
    ticket_id: str
    text: str
    status: str  # latest outcome: pending, failed, succeeded, partial, not_attempted, unknown


@dataclass(frozen=True)
class EquivalenceMatch:
    """Evidence that a candidate solution is the same action as a known attempt."""

    attempt: KnownAttempt
    lexical_score: float  # 0..1, normalised lexical similarity
    semantic_score: float  # -1..1, embedding cosine (0.0 when no embedder ran)
    rule: str  # which clause of the decision rule matched, e.g. "lexical>=0.90"


class AttemptEquivalence(Protocol):
    """Decides whether a proposed solution repeats an attempt already on record."""

    def find_equivalent(
        self, candidate: str, known: Sequence[KnownAttempt]
    ) -> EquivalenceMatch | None:
        """Return the best match among ``known`` that is the same action, or None."""
        ...
