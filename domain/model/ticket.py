"""The Ticket aggregate: one support conversation, its attempts and how they ended."""

from __future__ import annotations

from copy import deepcopy
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate, event

from caseledger.domain.errors import InvariantViolated, NotFound
from caseledger.domain.ids import event_id_for
from caseledger.domain.model.base import PRIORITIES, EventMeta

# Values a copy may share: nothing can change them in place.
_IMMUTABLE = (str, int, float, bool, type(None), datetime, UUID)


@dataclass
class AttemptRecord:
    """A solution proposed on this ticket and the outcomes reported for it, in order."""

    attempt_id: str
    action_id: str
    text: str
    proposed_by: str
    proposed_at: datetime
    outcomes: list[str] = field(default_factory=list)
    caused_by: str | None = None  # the event (e.g. a reply) that proposed it
    outcome_event_id: str | None = None  # the event that set its latest outcome

    @property
    def status(self) -> str:
        return self.outcomes[-1] if self.outcomes else "pending"


@dataclass(frozen=True)
class MessageRecord:
    message_id: str
    text: str
    actor: str
    occurred_at: datetime


class Ticket(Aggregate):
    """A support ticket. Every state change is one of the nested events below."""

    class Event(Aggregate.Event):
        meta: EventMeta

    class Opened(Aggregate.Created, Event):
        """A ticket was opened for a customer."""

        subject: str
        channel: str
        priority: str
        category: str

    class MessageReceived(Event):
        """The customer wrote a message on the ticket."""

        message_id: str
        text: str

    class ReplySent(Event):
        """The assistant or an agent replied on the ticket.

        v2 added the audit trail of a drafted reply: ``prompt_hash`` (sha256 of the rendered
        prompt), ``guard_event_ids`` (drafts the guard blocked first, and blocks its pair model
        overruled) and ``fallback`` (why another responder was used); v1 replies upcast with
        none of them.
        """

        class_version = 2

        reply_id: str
        text: str
        in_reply_to: str | None
        context_event_ids: list[str]
        responder: str
        prompt_hash: str | None
        guard_event_ids: list[str]
        fallback: str | None

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["prompt_hash"] = None
            state["guard_event_ids"] = []
            state["fallback"] = None

    class AttemptProposed(Event):
        """A solution was proposed; it is pending until an outcome is recorded.

        ``action_id`` groups rephrasings of one action; ``equivalent_to`` names the attempt
        this one was judged to repeat (with the scores that judged it), or None for a new action.
        """

        attempt_id: str
        action_id: str
        text: str
        equivalent_to: str | None
        lexical_score: float | None
        semantic_score: float | None

    class AttemptOutcomeRecorded(Event):
        """Feedback set the outcome of a pending attempt.

        v2 added ``confidence`` (how sure the recorder was; v1 outcomes were all entered by
        people, so they upcast to 1.0) and ``note``.
        """

        class_version = 2

        attempt_id: str
        outcome: str
        confidence: float
        note: str

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["confidence"] = 1.0
            state["note"] = ""

    class AttemptOutcomeCorrected(Event):
        """A recorded outcome was wrong; this is the corrected outcome (the old one stays)."""

        attempt_id: str
        outcome: str
        previous_outcome: str
        reason: str

    class FailedAttemptRepeatRefused(Event):
        """A proposal was refused because it repeats an attempt that already failed."""

        text: str
        failed_attempt_id: str
        failed_ticket_id: str
        lexical_score: float
        semantic_score: float
        rule: str

    class MemoryRecalled(Event):
        """Customer memory was recalled for a reply: which items went into the context.

        ``status`` is ``results``, ``none`` (no relevant memory) or ``failed`` (with ``error``).
        """

        query: str
        memory_ids: list[str]
        status: str
        error: str | None

    class DraftBlocked(Event):
        """The guard blocked a draft reply that proposed an already-failed solution."""

        draft_hash: str
        solution: str
        attempt_id: str
        lexical_score: float
        semantic_score: float
        rule: str

    class GuardOverruled(Event):
        """The guard's pair model overruled a block of its reading: a draft's solution matched
        a failed attempt on the reading's least sure evidence (``rule``), and the model scored
        the pair below its veto threshold, so the solution was let through."""

        draft_hash: str
        solution: str
        attempt_id: str
        rule: str
        model: str
        model_score: float
        veto_threshold: float

    class Triaged(Event):
        """The ticket's category and priority were set (priority only ever rises)."""

        category: str
        priority: str

    class Assigned(Event):
        """The ticket was assigned to a person or queue."""

        assignee: str

    class Escalated(Event):
        """The ticket was handed to a human, with the reasons and a snapshot of its state."""

        reasons: list[str]
        snapshot: dict[str, Any]

    class Resolved(Event):
        """The ticket was resolved."""

        resolution: str
        attempt_id: str | None

    class Reopened(Event):
        """A resolved ticket was reopened."""

        reason: str

    # -- copying -----------------------------------------------------------------------

    def __deepcopy__(self, memo: dict[int, Any]) -> Ticket:
        """A copy that shares what cannot change: the repository's aggregate cache hands out a
        deep copy on every load, and copying each (frozen) message record of a long ticket was
        most of that load. Containers and attempt records are copied; anything else mutable
        is deep-copied as usual."""
        clone = object.__new__(type(self))
        memo[id(self)] = clone
        state: dict[str, Any] = {}
        for name, value in self.__dict__.items():
            if name == "messages":
                state[name] = list(value)  # MessageRecord is frozen: share the records
            elif name == "attempts":
                state[name] = {
                    key: replace(record, outcomes=list(record.outcomes))
                    for key, record in value.items()
                }
            elif isinstance(value, _IMMUTABLE):
                state[name] = value
            else:
                state[name] = deepcopy(value, memo)
        clone.__dict__.update(state)
        return clone

    # -- state -------------------------------------------------------------------------

    @event(Opened)
    def __init__(
        self,
        *,
        subject: str,
        channel: str,
        priority: str,
        category: str,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self.customer_id = meta.customer_id
        self.subject = subject
        self.channel = channel
        self.priority = priority
        self.category = category
        self.status = "open"
        self.opened_at = meta.occurred_at
        self.assignee: str | None = None
        self.messages: list[MessageRecord] = []
        self.reply_count = 0
        self.last_reply_id: str | None = None
        self.last_reply_event_id: str | None = None
        self.attempts: dict[str, AttemptRecord] = {}
        self.escalation_reasons: list[str] = []
        # Customer messages on record when an attempt last succeeded (escalation's rounds).
        self.customer_messages_at_success = 0

    @classmethod
    def open(
        cls,
        *,
        ticket_id: UUID,
        subject: str,
        channel: str,
        priority: str,
        category: str,
        meta: EventMeta,
        timestamp: datetime,
    ) -> Ticket:
        return cls._create(
            cls.Opened,
            id=ticket_id,
            subject=subject,
            channel=channel,
            priority=priority,
            category=category,
            meta=meta,
            timestamp=timestamp,
        )

    # -- guards ------------------------------------------------------------------------

    def _check_meta(self, meta: EventMeta) -> None:
        if meta.customer_id != self.customer_id or meta.ticket_id != str(self.id):
            raise InvariantViolated(
                f"event context names customer {meta.customer_id!r} / ticket {meta.ticket_id!r},"
                f" but ticket {self.id} belongs to {self.customer_id!r}"
            )

    def _check_not_resolved(self, what: str) -> None:
        if self.status == "resolved":
            raise InvariantViolated(f"ticket {self.id} is resolved; reopen it before {what}")

    def check_accepts_attempts(self) -> None:
        """Refuse new attempts on a resolved ticket (it must be reopened first)."""
        self._check_not_resolved("proposing attempts")

    def attempt(self, attempt_id: str) -> AttemptRecord:
        try:
            return self.attempts[attempt_id]
        except KeyError:
            raise NotFound("attempt", attempt_id) from None

    # -- commands ----------------------------------------------------------------------

    def receive_message(
        self, *, message_id: str, text: str, meta: EventMeta, timestamp: datetime
    ) -> None:
        self._check_meta(meta)
        self._message_received(message_id=message_id, text=text, meta=meta, timestamp=timestamp)

    @event(MessageReceived)
    def _message_received(
        self, *, message_id: str, text: str, meta: EventMeta, timestamp: datetime
    ) -> None:
        self.messages.append(MessageRecord(message_id, text, meta.actor, meta.occurred_at))

    def send_reply(
        self,
        *,
        reply_id: str,
        text: str,
        in_reply_to: str | None,
        context_event_ids: list[str],
        responder: str,
        prompt_hash: str | None,
        guard_event_ids: list[str],
        fallback: str | None,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self._check_meta(meta)
        self._reply_sent(
            reply_id=reply_id,
            text=text,
            in_reply_to=in_reply_to,
            context_event_ids=context_event_ids,
            responder=responder,
            prompt_hash=prompt_hash,
            guard_event_ids=guard_event_ids,
            fallback=fallback,
            meta=meta,
            timestamp=timestamp,
        )

    @event(ReplySent)
    def _reply_sent(
        self,
        *,
        reply_id: str,
        text: str,
        in_reply_to: str | None,
        context_event_ids: list[str],
        responder: str,
        prompt_hash: str | None,
        guard_event_ids: list[str],
        fallback: str | None,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self.reply_count += 1
        self.last_reply_id = reply_id
        self.last_reply_event_id = event_id_for(self.id, self.version + 1)
        # Replies are part of the conversation the next reply's context shows (by event id,
        # like customer messages, so a context always traces to recorded events).
        self.messages.append(
            MessageRecord(self.last_reply_event_id, text, meta.actor, meta.occurred_at)
        )

    def propose_attempt(
        self,
        *,
        attempt_id: str,
        action_id: str,
        text: str,
        equivalent_to: str | None,
        lexical_score: float | None,
        semantic_score: float | None,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self._check_meta(meta)
        self._check_not_resolved("proposing attempts")
        if attempt_id in self.attempts:
            raise InvariantViolated(f"attempt {attempt_id} is already on ticket {self.id}")
        self._attempt_proposed(
            attempt_id=attempt_id,
            action_id=action_id,
            text=text,
            equivalent_to=equivalent_to,
            lexical_score=lexical_score,
            semantic_score=semantic_score,
            meta=meta,
            timestamp=timestamp,
        )

    @event(AttemptProposed)
    def _attempt_proposed(
        self,
        *,
        attempt_id: str,
        action_id: str,
        text: str,
        equivalent_to: str | None,
        lexical_score: float | None,
        semantic_score: float | None,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self.attempts[attempt_id] = AttemptRecord(
            attempt_id, action_id, text, meta.actor, meta.occurred_at, caused_by=meta.causation_id
        )

    def record_outcome(
        self,
        *,
        attempt_id: str,
        outcome: str,
        confidence: float,
        note: str,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self._check_meta(meta)
        attempt = self.attempt(attempt_id)
        # "unknown" is not final (no reply yet); any other outcome changes only by correction.
        if attempt.status not in ("pending", "unknown"):
            raise InvariantViolated(
                f"attempt {attempt_id} already has outcome {attempt.status!r}; "
                "record a correction instead"
            )
        self._outcome_recorded(
            attempt_id=attempt_id,
            outcome=outcome,
            confidence=confidence,
            note=note,
            meta=meta,
            timestamp=timestamp,
        )

    @event(AttemptOutcomeRecorded)
    def _outcome_recorded(
        self,
        *,
        attempt_id: str,
        outcome: str,
        confidence: float,
        note: str,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self._set_outcome(attempt_id, outcome)

    def _set_outcome(self, attempt_id: str, outcome: str) -> None:
        attempt = self.attempts[attempt_id]
        attempt.outcomes.append(outcome)
        # Applied before the version moves on: the event being applied is the next one.
        attempt.outcome_event_id = event_id_for(self.id, self.version + 1)
        self._note_success(outcome)

    def _note_success(self, outcome: str) -> None:
        if outcome == "succeeded":
            self.customer_messages_at_success = sum(
                1 for m in self.messages if m.actor == "customer"
            )

    def correct_outcome(
        self, *, attempt_id: str, outcome: str, reason: str, meta: EventMeta, timestamp: datetime
    ) -> None:
        self._check_meta(meta)
        attempt = self.attempt(attempt_id)
        if attempt.status == "pending":
            raise InvariantViolated(
                f"attempt {attempt_id} has no outcome to correct; record an outcome instead"
            )
        if attempt.status == outcome:
            raise InvariantViolated(f"attempt {attempt_id} already has outcome {outcome!r}")
        self._outcome_corrected(
            attempt_id=attempt_id,
            outcome=outcome,
            previous_outcome=attempt.status,
            reason=reason,
            meta=meta,
            timestamp=timestamp,
        )

    @event(AttemptOutcomeCorrected)
    def _outcome_corrected(
        self,
        *,
        attempt_id: str,
        outcome: str,
        previous_outcome: str,
        reason: str,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self._set_outcome(attempt_id, outcome)

    def refuse_repeat(
        self,
        *,
        text: str,
        failed_attempt_id: str,
        failed_ticket_id: str,
        lexical_score: float,
        semantic_score: float,
        rule: str,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self._check_meta(meta)
        self._repeat_refused(
            text=text,
            failed_attempt_id=failed_attempt_id,
            failed_ticket_id=failed_ticket_id,
            lexical_score=lexical_score,
            semantic_score=semantic_score,
            rule=rule,
            meta=meta,
            timestamp=timestamp,
        )

    @event(FailedAttemptRepeatRefused)
    def _repeat_refused(
        self,
        *,
        text: str,
        failed_attempt_id: str,
        failed_ticket_id: str,
        lexical_score: float,
        semantic_score: float,
        rule: str,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        pass  # a refusal changes no state; it is kept for the audit trail

    def record_memory_recall(
        self,
        *,
        query: str,
        memory_ids: list[str],
        status: str,
        error: str | None,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self._check_meta(meta)
        if status not in ("results", "none", "failed"):
            raise InvariantViolated(f"unknown recall status {status!r}")
        if (status == "failed") != (error is not None):
            raise InvariantViolated("a failed recall carries an error, and only a failed one")
        self._memory_recalled(
            query=query,
            memory_ids=memory_ids,
            status=status,
            error=error,
            meta=meta,
            timestamp=timestamp,
        )

    @event(MemoryRecalled)
    def _memory_recalled(
        self,
        *,
        query: str,
        memory_ids: list[str],
        status: str,
        error: str | None,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        pass  # recorded for lineage: which memories a reply was built from

    def block_draft(
        self,
        *,
        draft_hash: str,
        solution: str,
        attempt_id: str,
        lexical_score: float,
        semantic_score: float,
        rule: str,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self._check_meta(meta)
        self._draft_blocked(
            draft_hash=draft_hash,
            solution=solution,
            attempt_id=attempt_id,
            lexical_score=lexical_score,
            semantic_score=semantic_score,
            rule=rule,
            meta=meta,
            timestamp=timestamp,
        )

    @event(DraftBlocked)
    def _draft_blocked(
        self,
        *,
        draft_hash: str,
        solution: str,
        attempt_id: str,
        lexical_score: float,
        semantic_score: float,
        rule: str,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        pass

    def overrule_block(
        self,
        *,
        draft_hash: str,
        solution: str,
        attempt_id: str,
        rule: str,
        model: str,
        model_score: float,
        veto_threshold: float,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self._check_meta(meta)
        self._guard_overruled(
            draft_hash=draft_hash,
            solution=solution,
            attempt_id=attempt_id,
            rule=rule,
            model=model,
            model_score=model_score,
            veto_threshold=veto_threshold,
            meta=meta,
            timestamp=timestamp,
        )

    @event(GuardOverruled)
    def _guard_overruled(
        self,
        *,
        draft_hash: str,
        solution: str,
        attempt_id: str,
        rule: str,
        model: str,
        model_score: float,
        veto_threshold: float,
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        pass  # evidence: why a solution the reading matched was let through

    def triage(self, *, category: str, priority: str, meta: EventMeta, timestamp: datetime) -> None:
        self._check_meta(meta)
        if PRIORITIES.index(priority) < PRIORITIES.index(self.priority):
            raise InvariantViolated(
                f"priority may only rise: ticket {self.id} is {self.priority!r}, not {priority!r}"
            )
        self._triaged(category=category, priority=priority, meta=meta, timestamp=timestamp)

    @event(Triaged)
    def _triaged(
        self, *, category: str, priority: str, meta: EventMeta, timestamp: datetime
    ) -> None:
        self.category = category
        self.priority = priority

    def assign(self, *, assignee: str, meta: EventMeta, timestamp: datetime) -> None:
        self._check_meta(meta)
        self._assigned(assignee=assignee, meta=meta, timestamp=timestamp)

    @event(Assigned)
    def _assigned(self, *, assignee: str, meta: EventMeta, timestamp: datetime) -> None:
        self.assignee = assignee

    def escalate(
        self,
        *,
        reasons: list[str],
        snapshot: dict[str, Any],
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self._check_meta(meta)
        self._check_not_resolved("escalating")
        if not reasons:
            raise InvariantViolated("an escalation needs at least one reason")
        self._escalated(reasons=reasons, snapshot=snapshot, meta=meta, timestamp=timestamp)

    @event(Escalated)
    def _escalated(
        self,
        *,
        reasons: list[str],
        snapshot: dict[str, Any],
        meta: EventMeta,
        timestamp: datetime,
    ) -> None:
        self.status = "escalated"
        self.escalation_reasons = list(reasons)

    def resolve(
        self, *, resolution: str, attempt_id: str | None, meta: EventMeta, timestamp: datetime
    ) -> None:
        self._check_meta(meta)
        self._check_not_resolved("resolving it again")
        if attempt_id is not None:
            self.attempt(attempt_id)
        self._resolved(resolution=resolution, attempt_id=attempt_id, meta=meta, timestamp=timestamp)

    @event(Resolved)
    def _resolved(
        self, *, resolution: str, attempt_id: str | None, meta: EventMeta, timestamp: datetime
    ) -> None:
        self.status = "resolved"

    def reopen(self, *, reason: str, meta: EventMeta, timestamp: datetime) -> None:
        self._check_meta(meta)
        if self.status != "resolved":
            raise InvariantViolated(f"ticket {self.id} is {self.status}, not resolved")
        self._reopened(reason=reason, meta=meta, timestamp=timestamp)

    @event(Reopened)
    def _reopened(self, *, reason: str, meta: EventMeta, timestamp: datetime) -> None:
        self.status = "open"
        self.escalation_reasons = []
