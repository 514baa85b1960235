"""Ports: the small interfaces the domain and its application service call.

Implementations live in ``caseledger.adapters`` (one per technology, named
``<Tech><Port>``); fakes for tests live in ``tests/fakes.py``. Each port has a
contract test in ``tests/contracts/`` run against every implementation.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol, runtime_checkable


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
    outcome_event_id: str | None = None  # the event that set that outcome (None: pending)


@dataclass(frozen=True)
class EquivalenceMatch:
    """Evidence that a candidate solution is the same action as a known attempt."""

    attempt: KnownAttempt
    lexical_score: float  # 0..1, normalised lexical similarity
    semantic_score: float  # -1..1, embedding cosine (0.0 when no embedder ran)
    rule: str  # which clause of the decision rule matched, e.g. "lexical>=0.90"
    model_score: float | None = None  # the pair model's logit, when it decided


class PairJudge(Protocol):
    """A learned reader of two solution texts: how surely the second repeats the first's action.

    Asked by the guard where its own reading allows a candidate (where it read both texts in
    full as different actions too, unless configured not to), against the known step nearest
    in wording: a score at or
    above ``threshold`` makes the pair one action (at or above ``read_different_threshold``
    where the reading read it as two). Asked too where the reading blocks on its
    weakest evidence (the embedding's ``combined`` clause, or a text read only in part), about
    the matched step: a score below ``veto_threshold`` overrules that block; where it blocks
    on an action frame, a score below ``frame_veto_threshold`` (a stricter bar) does, and on
    a catalog action one below ``catalog_veto_threshold``; where it
    blocks on a catalog action or a frame and the candidate points at another instance or a
    substitute ("too", "instead", 也: ``policies.instance_markers``), a score below
    ``instance_veto_threshold`` does.
    """

    @property
    def model_name(self) -> str:
        """A name for the model, recorded as evidence next to its scores."""
        ...

    @property
    def threshold(self) -> float:
        """The score at or above which the two texts are the same action."""
        ...

    @property
    def read_different_threshold(self) -> float:
        """The score at or above which two texts the reading read in full as different actions
        are the same one; never below ``threshold``."""
        ...

    @property
    def veto_threshold(self) -> float | None:
        """The score below which a weakly read block is overruled; None: never overrules."""
        ...

    @property
    def frame_veto_threshold(self) -> float | None:
        """The score below which a block read from action frames is overruled; None: never."""
        ...

    @property
    def catalog_veto_threshold(self) -> float | None:
        """The score below which a block read as one catalog action is overruled; None:
        never."""
        ...

    @property
    def instance_veto_threshold(self) -> float | None:
        """The score below which a block read from a catalog action or action frames is
        overruled when the candidate points at another instance; None: never."""
        ...

    def score(self, known: str, candidate: str) -> float | None:
        """A logit: the higher, the more surely ``candidate`` repeats ``known``; None where the
        model cannot read the pair (it then decides nothing)."""
        ...


class PendingScore(Protocol):
    """A pair model's read of one pair, started and not yet taken (``AsyncPairJudge``)."""

    def result(self) -> float | None:
        """The read's score (``PairJudge.score``'s answer), waiting for it if it is running."""
        ...

    def done(self) -> bool:
        """Whether the score is ready."""
        ...

    def cancel(self) -> bool:
        """False: a read already running is never cancelled (``concurrent.futures.Future``'s
        answer for a running call; the caller then takes ``result``)."""
        ...

    def abandon(self) -> None:
        """The score will not be asked for: stop the read if it still runs."""
        ...


@runtime_checkable
class AsyncPairJudge(PairJudge, Protocol):
    """A ``PairJudge`` that can start a read off the calling thread without waiting for it.

    The guard starts the read it will most likely need as soon as the candidate is read, so
    the model runs on a second core while the guard works out its verdicts
    (bench/README.md, "Round 53")."""

    @property
    def reads_async(self) -> bool:
        """Whether ``score_async`` runs off the calling thread (False: it reads inline)."""
        ...

    def score_async(self, known: str, candidate: str) -> PendingScore:
        """Start reading (known, candidate); the same score ``score`` would return."""
        ...


class AttemptEquivalence(Protocol):
    """Decides whether a proposed solution repeats an attempt already on record."""

    def find_equivalent(
        self, candidate: str, known: Sequence[KnownAttempt]
    ) -> EquivalenceMatch | None:
        """Return the best match among ``known`` that is the same action, or None."""
        ...


@dataclass(frozen=True)
class Overruled:
    """A match the equivalence's first reading made and its pair model overruled: the step it
    matched, the rule that matched it, and the model's score below its veto threshold."""

    attempt: KnownAttempt
    rule: str
    model_name: str
    model_score: float
    veto_threshold: float


@dataclass(frozen=True)
class GuardOutcome:
    """``find_equivalent``'s answer with the matches overruled on the way to it."""

    match: EquivalenceMatch | None
    overruled: tuple[Overruled, ...] = ()


@runtime_checkable
class OverrulingEquivalence(AttemptEquivalence, Protocol):
    """An equivalence whose pair model may overrule its reading; ``decide`` says where, so
    the reply pipeline can record it (``ticket.guard_overruled``)."""

    def decide(self, candidate: str, known: Sequence[KnownAttempt]) -> GuardOutcome:
        """The same match as ``find_equivalent``, and what was overruled."""
        ...


# -- long-term customer memory -------------------------------------------------------------


@dataclass(frozen=True)
class MemoryItem:
    """One recalled memory: what was said, when, and how relevant it is to the query."""

    memory_id: str
    text: str
    occurred_at: datetime | None
    score: float
    source_event_id: str | None = None
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class RecallResult:
    """The three outcomes of a recall, kept apart: results, no relevant memory, or failure."""

    status: str  # "results" | "none" | "failed"
    items: tuple[MemoryItem, ...] = ()
    error_type: str | None = None  # set only when status == "failed"
    error: str | None = None  # the failure's message, cut to 300 characters


@dataclass(frozen=True)
class RetainReceipt:
    """Where a memory was written: the customer's bank and the memory (document) id."""

    bank_id: str
    memory_id: str


@dataclass(frozen=True)
class MemoryHealth:
    ok: bool
    last_success_at: datetime | None
    last_error: str | None


class MemoryUnavailable(Exception):
    """The memory service could not be reached or refused a write (the caller records it)."""


class MemoryStore(Protocol):
    """Long-term memory, one bank per customer (bank id derived from a hash, never the raw id)."""

    def bank_id(self, customer_id: str) -> str:
        """The customer's bank id: a per-environment prefix plus a hash of the customer id."""
        ...

    def retain(
        self,
        customer_id: str,
        content: str,
        *,
        occurred_at: datetime,
        tags: Sequence[str],
        source_event_id: str,
    ) -> RetainReceipt:
        """Store ``content``; idempotent on ``source_event_id`` (the document id).

        Raises MemoryUnavailable when the write did not happen.
        """
        ...

    def recall(self, customer_id: str, query: str, *, limit: int = 5) -> RecallResult:
        """Recall memories relevant to ``query``; never raises (failure is a result)."""
        ...

    def reflect(self, customer_id: str, question: str) -> str | None:
        """A synthesized answer about the customer, or None when unsupported/unavailable."""
        ...

    def health(self) -> MemoryHealth: ...


# -- drafting replies ----------------------------------------------------------------------

METADATA_DELIMITER = "<<<CASELEDGER-META>>>"


@dataclass(frozen=True)
class ContextSection:
    """One labelled part of a reply's context; ``ids`` are the events/memories it came from."""

    label: str  # memory | recent_messages | ticket_attempts | other_failed_attempts | preferences
    lines: tuple[str, ...]
    ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class DraftRequest:
    """Everything a responder may use to draft one reply."""

    customer_id: str
    ticket_id: str
    message: str
    language: str  # "en" | "zh"
    sections: tuple[ContextSection, ...]
    excluded_solutions: tuple[str, ...] = ()  # failed solutions the draft must not propose
    facts: dict[str, str] = field(default_factory=dict)  # e.g. device_model, contact_channel
    ticket_category: str = "general"
    tried_action_ids: tuple[str, ...] = ()  # catalog action ids already tried on this ticket


class ResponderFailed(Exception):
    """A responder could not produce a draft (timeout, rate limit, server error); the
    pipeline falls back to another responder and records why."""


class Responder(Protocol):
    """Drafts a reply. Output is the customer-visible text, then METADATA_DELIMITER and a JSON
    object (proposed_solutions, intent, category, priority) — a proposal, validated later."""

    @property
    def name(self) -> str: ...

    def stream(self, request: DraftRequest) -> Iterator[str]:
        """Yield the raw draft in chunks (the delimiter may be split across chunks)."""
        ...
