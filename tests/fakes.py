"""In-memory fakes of the ports in ``caseledger.domain.ports``, for unit tests.

Each fake is deterministic, needs no network, model or database, and records what it was
asked so tests can assert on the interaction.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta

__all__ = ["FakeEmbedder", "SteppingClock"]


class FakeEmbedder:
    """Deterministic bag-of-words ``Embedder``: each word hashes into one of ``dims`` buckets.

    Texts sharing words get a positive cosine, texts sharing none get ~0. ``synonyms`` maps a
    word to the word it should count as (``{"reboot": "restart"}``), so a test can make two
    differently-worded texts embed alike. Every ``embed`` call is recorded in ``calls``.
    """

    def __init__(self, dims: int = 64, synonyms: Mapping[str, str] | None = None) -> None:
        self.dims = dims
        self.synonyms = dict(synonyms or {})
        self.calls: list[list[str]] = []

    @property
    def model_name(self) -> str:
        """Name recorded as evidence next to scores."""
        return f"fake-bag-of-words-{self.dims}"

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Return one unit-length vector per text, in order."""
        self.calls.append(list(texts))
        return [self._vector(text) for text in texts]

    def _vector(self, text: str) -> list[float]:
        vector = [0.0] * self.dims
        words = re.findall(r"\w+", text.casefold()) or [""]  # empty text still gets a unit vector
        for word in words:
            word = self.synonyms.get(word, word)
            # blake2b, not hash(): str hashes are salted per process, vectors must be stable.
            digest = hashlib.blake2b(word.encode("utf-8"), digest_size=8).digest()
            vector[int.from_bytes(digest, "big") % self.dims] += 1.0
        norm = math.sqrt(sum(value * value for value in vector))
        return [value / norm for value in vector]


class SteppingClock:
    """A ``Clock`` that starts at a fixed instant and moves one millisecond per reading.

    Stepping keeps recorded_at strictly increasing, as a real clock would between commands.
    """

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start or datetime(2026, 6, 1, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        self._now += timedelta(milliseconds=1)
        return self._now

    def advance(self, delta: timedelta) -> None:
        self._now += delta
