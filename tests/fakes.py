"""In-memory fakes of the ports in ``caseledger.domain.ports``, for unit tests.

Each fake is deterministic, needs no network, model or database, and records what it was
asked so tests can assert on the interaction.
"""

from __future__ import annotations

import hashlib
import math
import re
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from caseledger.domain.ports import (
    METADATA_DELIMITER,
    DraftRequest,
    MemoryHealth,
    MemoryItem,
    MemoryUnavailable,
    RecallResult,
    ResponderFailed,
    RetainReceipt,
)

__all__ = [
    "ScriptedPairJudge",
    "FakeEmbedder",
    "FakeMemoryStore",
    "ScriptedResponder",
    "SteppingClock",
    "draft",
]


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


class ScriptedPairJudge:
    """A ``PairJudge`` whose scores come from a table (``default`` elsewhere), threshold 2.0, the
    given read-different threshold (the threshold by default) and veto thresholds (none by
    default); it records every (known, candidate) pair it was asked about."""

    def __init__(
        self,
        scores: dict[tuple[str, str], float | None] | None = None,
        *,
        default: float = -5.0,
        veto_threshold: float | None = None,
        frame_veto_threshold: float | None = None,
        catalog_veto_threshold: float | None = None,
        instance_veto_threshold: float | None = None,
        read_different_threshold: float = 2.0,
    ) -> None:
        self.scores = scores or {}
        self._read_different_threshold = read_different_threshold
        self.default = default
        self._veto_threshold = veto_threshold
        self._frame_veto_threshold = frame_veto_threshold
        self._catalog_veto_threshold = catalog_veto_threshold
        self._instance_veto_threshold = instance_veto_threshold
        self.asked: list[tuple[str, str]] = []
        self.threads: list[str] = []  # the thread each question was asked on

    @property
    def model_name(self) -> str:
        return "scripted"

    @property
    def threshold(self) -> float:
        return 2.0

    @property
    def read_different_threshold(self) -> float:
        return self._read_different_threshold

    @property
    def veto_threshold(self) -> float | None:
        return self._veto_threshold

    @property
    def frame_veto_threshold(self) -> float | None:
        return self._frame_veto_threshold

    @property
    def catalog_veto_threshold(self) -> float | None:
        return self._catalog_veto_threshold

    @property
    def instance_veto_threshold(self) -> float | None:
        return self._instance_veto_threshold

    def score(self, known: str, candidate: str) -> float | None:
        self.asked.append((known, candidate))
        self.threads.append(threading.current_thread().name)
        return self.scores.get((known, candidate), self.default)


class ScriptedPendingScore:
    """A ``PendingScore`` of ``AsyncScriptedPairJudge``: its score is read when it is taken,
    so ``asked`` lists only the reads the guard used; ``abandoned`` says it was dropped."""

    def __init__(self, judge: ScriptedPairJudge, known: str, candidate: str) -> None:
        self._judge, self.pair = judge, (known, candidate)
        self.abandoned = False
        self.taken = False

    def result(self) -> float | None:
        self.taken = True
        return self._judge.score(*self.pair)

    def done(self) -> bool:
        return self.taken

    def cancel(self) -> bool:
        return False

    def abandon(self) -> None:
        self.abandoned = True


class AsyncScriptedPairJudge(ScriptedPairJudge):
    """A ``ScriptedPairJudge`` that is an ``AsyncPairJudge``; ``started`` lists the reads begun
    with ``score_async``, in order, and ``order`` every start and inline question as
    ("start" | "score", pair)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.started: list[ScriptedPendingScore] = []
        self.order: list[tuple[str, tuple[str, str]]] = []

    @property
    def reads_async(self) -> bool:
        return True

    def score_async(self, known: str, candidate: str) -> ScriptedPendingScore:
        pending = ScriptedPendingScore(self, known, candidate)
        self.started.append(pending)
        self.order.append(("start", (known, candidate)))
        return pending

    def score(self, known: str, candidate: str) -> float | None:
        self.order.append(("score", (known, candidate)))
        return super().score(known, candidate)


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


class FakeMemoryStore:
    """In-memory ``MemoryStore``: substring recall, idempotent on source event id.

    Set ``failing = True`` to make every call fail the way an unreachable server would.
    """

    def __init__(self, prefix: str = "test-") -> None:
        self.prefix = prefix
        self.failing = False
        self.banks: dict[str, dict[str, MemoryItem]] = {}

    def bank_id(self, customer_id: str) -> str:
        return self.prefix + hashlib.sha256(customer_id.encode()).hexdigest()[:24]

    def retain(
        self,
        customer_id: str,
        content: str,
        *,
        occurred_at: datetime,
        tags: Sequence[str],
        source_event_id: str,
    ) -> RetainReceipt:
        if self.failing:
            raise MemoryUnavailable("connection refused")
        bank = self.banks.setdefault(self.bank_id(customer_id), {})
        bank[source_event_id] = MemoryItem(
            source_event_id, content, occurred_at, 1.0, source_event_id, tuple(tags)
        )
        return RetainReceipt(self.bank_id(customer_id), source_event_id)

    def recall(self, customer_id: str, query: str, *, limit: int = 5) -> RecallResult:
        if self.failing:
            return RecallResult("failed", (), "ConnectionError", "connection refused")
        words = set(re.findall(r"\w+", query.casefold()))
        bank = self.banks.get(self.bank_id(customer_id), {})
        hits = [m for m in bank.values() if words & set(re.findall(r"\w+", m.text.casefold()))]
        return RecallResult("results", tuple(hits[:limit])) if hits else RecallResult("none")

    def reflect(self, customer_id: str, question: str) -> str | None:
        return None

    def health(self) -> MemoryHealth:
        return MemoryHealth(not self.failing, None, "connection refused" if self.failing else None)


class ScriptedResponder:
    """A ``Responder`` that replays scripted raw drafts (text + delimiter + JSON), in order.

    ``fail_first`` raises ResponderFailed on the first N calls; every request is recorded.
    """

    def __init__(self, drafts: Sequence[str], *, name: str = "scripted", fail_first: int = 0):
        self.drafts = list(drafts)
        self._name = name
        self.fail_first = fail_first
        self.requests: list[DraftRequest] = []

    @property
    def name(self) -> str:
        return self._name

    def stream(self, request: DraftRequest) -> Iterator[str]:
        self.requests.append(request)
        if self.fail_first > 0:
            self.fail_first -= 1
            raise ResponderFailed("HTTP 500 from the model")
        raw = self.drafts[min(len(self.requests) - 1, len(self.drafts) - 1)]
        # Split mid-delimiter on purpose: consumers must reassemble.
        cut = len(raw) // 2
        yield raw[:cut]
        yield raw[cut:]


def draft(text: str, solutions: Sequence[str] = (), **metadata: object) -> str:
    """A raw responder draft: visible text, the delimiter, then the metadata JSON."""
    import json

    body = {
        "proposed_solutions": list(solutions),
        "intent": "troubleshoot",
        "category": "general",
        "priority": "normal",
        **metadata,
    }
    return f"{text}\n{METADATA_DELIMITER}\n{json.dumps(body)}"


def count_calls(target: Any, name: str) -> Callable[[], int]:
    """Wrap ``target.name`` on this instance; returns a function giving the calls so far."""
    calls = [0]
    original = getattr(target, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return original(*args, **kwargs)

    setattr(target, name, counted)
    return lambda: calls[0]
