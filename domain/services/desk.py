"""The application service: every command of the engine, as plain types in and out.

Aggregates never cross this boundary; library errors are wrapped into ``domain.errors``.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, TypeVar
from uuid import UUID, uuid4

from eventsourcing.application import AggregateNotFoundError, Application, project_aggregate
from eventsourcing.persistence import JSONTranscoder, RecordConflictError

from caseledger.domain.errors import (
    ConcurrentUpdate,
    InvalidInput,
    InvariantViolated,
    NotFound,
    RepeatOfFailedAttempt,
)
from caseledger.domain.ids import (
    AttemptId,
    EventId,
    TicketId,
    customer_aggregate_id,
    event_id_for,
    new_attempt_id,
    new_correlation_id,
)
from caseledger.domain.model.base import (
    EventMeta,
    EventMetaAsDict,
    check_actor,
    check_aware,
    check_confidence,
    check_outcome,
    check_priority,
    check_storable,
    check_text,
    storable,
)
from caseledger.domain.model.customer import Customer
from caseledger.domain.model.ticket import Ticket
from caseledger.domain.policies.escalation import EscalationRule, TicketFacts, escalation_reasons
from caseledger.domain.policies.preferences import (
    PreferenceStatement,
    ResolvedPreference,
    resolve,
)
from caseledger.domain.ports import AttemptEquivalence, Clock, KnownAttempt
from caseledger.domain.services.keyed_locks import KeyedLocks

_KEY = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
_T = TypeVar("_T")
# How far ahead of the engine's clock a sender's clock may run.
_FUTURE_SKEW = timedelta(minutes=5)


@dataclass(frozen=True)
class Cause:
    """Who issues a command, when it happened in the world, and what caused it."""

    actor: str
    occurred_at: datetime | None = None  # None: now, by the injected clock
    causation_id: str | None = None
    correlation_id: str | None = None  # None: a new correlation starts here


@dataclass(frozen=True)
class Limits:
    """Input limits and thresholds the service enforces (from settings)."""

    max_text_chars: int = 8000
    max_subject_chars: int = 300
    preference_confidence_threshold: float = 0.7


@dataclass(eq=False)
class UnitOfWork:
    """One caller's run of commands: the aggregates it loaded and the events not saved yet.

    While a unit is bound to a thread (``SupportDesk.working``), a command reuses the aggregate
    an earlier command of the unit loaded, caught up with the store first (so another writer's
    events are never missed), instead of deep-copying it from the repository's cache again;
    and commands' events wait in the unit until the block ends, then are saved in one
    transaction. A unit may span several blocks (a generator's steps), one thread at a time.
    """

    aggregates: dict[UUID, Ticket | Customer] = field(default_factory=dict)
    unsaved: list[Any] = field(default_factory=list)  # events, in the order commands ran
    dirty: set[UUID] = field(default_factory=set)  # held aggregates ahead of the store
    loads: int = 0  # copies taken from the repository
    saves: int = 0  # transactions committed
    # With ``defer_delivery``, saves do not hand the new events to the read models one by one;
    # ``SupportDesk.deliver(unit)`` does, once, when the caller needs them there.
    defer_delivery: bool = False
    undelivered: bool = False


class SupportDesk(Application[UUID]):
    """Records support facts as events on the Ticket and Customer aggregates."""

    name = "caseledger"

    def __init__(
        self,
        env: Mapping[str, str] | None = None,
        *,
        clock: Clock,
        equivalence: AttemptEquivalence,
        escalation: EscalationRule | None = None,
        limits: Limits | None = None,
        on_saved: Callable[[], None] | None = None,
    ) -> None:
        self.clock = clock
        self.equivalence = equivalence
        self.escalation = escalation or EscalationRule()
        self.limits = limits or Limits()
        self._on_saved = on_saved
        self._bound = threading.local()  # the UnitOfWork this thread's commands run in, if any
        # Tickets opened for one customer in this process link to its stream one at a time;
        # other processes retry.
        self._opening = KeyedLocks()
        super().__init__(env=env)

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        super().register_transcodings(transcoder)
        transcoder.register(EventMetaAsDict())

    def _notify(self, recordings: Any) -> None:
        # Embedded mode delivers to projections in-process, right after the commit (or when a
        # unit that defers delivery asks for it).
        if self._on_saved is None:
            return
        saving: UnitOfWork | None = getattr(self._bound, "saving", None)
        if saving is not None and saving.defer_delivery:
            saving.undelivered = True
            return
        self._on_saved()

    def deliver(self, unit: UnitOfWork) -> None:
        """Hand what ``unit`` saved with delivery deferred to the read models (embedded mode)."""
        if unit.undelivered and self._on_saved is not None:
            unit.undelivered = False
            self._on_saved()

    # -- plumbing ----------------------------------------------------------------------

    def _meta(self, cause: Cause, customer_id: str, ticket_id: str | None) -> EventMeta:
        check_actor(cause.actor)
        check_aware("occurred_at", cause.occurred_at)
        if cause.occurred_at is not None and cause.occurred_at > self.clock.now() + _FUTURE_SKEW:
            # A statement dated years ahead would beat every real one until then (session
            # 62's QA: a correction dated 2030 outranked the customer's later "call me").
            raise InvalidInput(
                "occurred_at",
                f"is in the future (over {_FUTURE_SKEW.seconds // 60} minutes ahead of the "
                "engine's clock)",
            )
        for name, value in (
            ("causation_id", cause.causation_id),
            ("correlation_id", cause.correlation_id),
        ):
            if value is not None:
                check_storable(name, value)
        return EventMeta(
            customer_id=customer_id,
            ticket_id=ticket_id,
            occurred_at=cause.occurred_at or self.clock.now(),
            actor=cause.actor,
            causation_id=cause.causation_id,
            correlation_id=cause.correlation_id or new_correlation_id(),
        )

    # -- units of work ----------------------------------------------------------------

    @contextmanager
    def working(self, unit: UnitOfWork) -> Iterator[UnitOfWork]:
        """Run this thread's commands in ``unit`` and save their events together at the end.

        Every event of the block is saved in one transaction when it ends. When the block
        fails, what its completed commands recorded is still saved (as when each command saved
        its own) before the error goes on. Never hold a block open across a slow call with
        events waiting (another writer of the same aggregate would then conflict on save), nor
        across a generator's ``yield``. Nested blocks of the same unit save with the outer one.
        """
        current: UnitOfWork | None = getattr(self._bound, "unit", None)
        if current is unit:
            yield unit
            return
        if current is not None:
            raise RuntimeError("another unit of work is already bound to this thread")
        self._bound.unit = unit
        try:
            yield unit
        except BaseException:
            self._bound.unit = None
            self._drop_unfinished(unit)
            self._save_unit(unit)
            raise
        self._bound.unit = None
        self._save_unit(unit)

    def run_in(self, unit: UnitOfWork, step: Callable[[], _T], *, retries: int = 2) -> _T:
        """Run ``step`` in a ``working(unit)`` block; when another writer got in first, run it
        again on fresh copies (at most ``retries`` times).

        Single commands reload before each change, so a writer between two of them never made
        them conflict; a block saves once, so one can. Nothing of a conflicting block is saved,
        so it can run again: ``step`` must start from scratch each time (its state local, what
        it calls out to idempotent).
        """
        for attempt in range(retries + 1):
            saves = unit.saves
            try:
                with self.working(unit):
                    return step()
            except ConcurrentUpdate:
                if attempt == retries or unit.saves != saves:
                    raise  # out of tries, or part of the step is saved already
        raise AssertionError("unreachable")  # pragma: no cover

    def _unit(self) -> UnitOfWork | None:
        unit: UnitOfWork | None = getattr(self._bound, "unit", None)
        return unit

    def _load(self, aggregate_id: UUID) -> Any:
        unit = self._unit()
        if unit is None:
            return self.repository.get(aggregate_id)
        held = unit.aggregates.get(aggregate_id)
        if held is not None and held.pending_events:
            # A command failed half-way on it: its changes never became events; start again.
            self._save_unit(unit)
            del unit.aggregates[aggregate_id]
            held = None
        if held is None:
            held = self.repository.get(aggregate_id)  # a private deep copy
            unit.aggregates[aggregate_id] = held
            unit.loads += 1
        elif aggregate_id not in unit.dirty:
            # Catch up with other writers, as the repository does with its cached copy.
            project_aggregate(held, self.repository.event_store.get(aggregate_id, gt=held.version))
        return held

    def _drop_unfinished(self, unit: UnitOfWork) -> None:
        for aggregate_id, aggregate in list(unit.aggregates.items()):
            if aggregate.pending_events:
                del unit.aggregates[aggregate_id]

    def _save_unit(self, unit: UnitOfWork) -> None:
        if not unit.unsaved:
            return
        events, unit.unsaved = unit.unsaved, []
        dirty, unit.dirty = unit.dirty, set()
        first = events[0]
        kind = type(unit.aggregates.get(first.originator_id)).__name__
        self._bound.saving = unit
        try:
            self.save(*events)
        except BaseException as error:
            # The held copies are ahead of the store now: the next command reloads them.
            for aggregate_id in dirty:
                unit.aggregates.pop(aggregate_id, None)
            if isinstance(error, RecordConflictError):
                raise ConcurrentUpdate(kind, str(first.originator_id)) from None
            raise
        finally:
            self._bound.saving = None
        unit.saves += 1

    def _persist(self, *aggregates: Ticket | Customer) -> None:
        unit = self._unit()
        if unit is not None:
            for aggregate in aggregates:
                unit.aggregates[aggregate.id] = aggregate
                unit.unsaved.extend(aggregate.collect_events())
                unit.dirty.add(aggregate.id)
            return
        try:
            self.save(*aggregates)
        except RecordConflictError:
            first = aggregates[0]
            raise ConcurrentUpdate(type(first).__name__, str(first.id)) from None

    def _ticket(self, ticket_id: str) -> Ticket:
        try:
            ticket: Ticket = self._load(UUID(ticket_id))
        except (ValueError, AggregateNotFoundError):
            raise NotFound("ticket", ticket_id) from None
        if not isinstance(ticket, Ticket):
            raise NotFound("ticket", ticket_id)
        return ticket

    def _customer(self, customer_id: str) -> Customer:
        try:
            customer: Customer = self._load(customer_aggregate_id(customer_id))
        except AggregateNotFoundError:
            raise NotFound("customer", customer_id) from None
        assert isinstance(customer, Customer)
        return customer

    @staticmethod
    def _last_event_id(aggregate: Ticket | Customer) -> EventId:
        return event_id_for(aggregate.id, aggregate.version)

    # -- customers ---------------------------------------------------------------------

    def register_customer(
        self, customer_id: str, cause: Cause, *, display_name: str = ""
    ) -> EventId:
        customer_id = check_text("customer_id", customer_id, 200)
        meta = self._meta(cause, customer_id, None)
        aggregate_id = customer_aggregate_id(customer_id)
        try:
            self.repository.get(aggregate_id)
        except AggregateNotFoundError:
            pass
        else:
            raise InvariantViolated(f"customer {customer_id!r} is already registered")
        customer = Customer.register(
            aggregate_id=aggregate_id,
            display_name=check_storable("display_name", display_name).strip()[:200],
            meta=meta,
            timestamp=self.clock.now(),
        )
        try:
            self._persist(customer)
        except ConcurrentUpdate:
            # Only a first event can conflict here: another writer registered them first.
            raise InvariantViolated(f"customer {customer_id!r} is already registered") from None
        return self._last_event_id(customer)

    def load_ticket(self, ticket_id: str) -> Ticket:
        """The Ticket aggregate, for other domain services (never returned past the domain)."""
        return self._ticket(ticket_id)

    def load_customer(self, customer_id: str) -> Customer:
        """The Customer aggregate, for other domain services."""
        return self._customer(customer_id)

    def unwritten_memories(
        self, customer_id: str, *, replied_before: datetime
    ) -> list[tuple[str, str]]:
        """Customer messages the assistant answered before ``replied_before`` whose memory
        write left no event, neither retained nor failed: a turn stopped between its answer
        and its memory write (the answer goes out first). ``(ticket_id, message_event_id)``,
        in reply order; read from the event streams, so a worker can finish those turns."""
        customer = self._customer(customer_id)
        settled = {
            event.source_event_id
            for event in self.repository.event_store.get(customer.id)
            if isinstance(event, Customer.MemoryRetained | Customer.MemoryWriteFailed)
        }
        found: list[tuple[str, str]] = []
        for ticket_id in customer.ticket_ids:
            for event in self.repository.event_store.get(UUID(ticket_id)):
                if (
                    isinstance(event, Ticket.ReplySent)
                    and event.in_reply_to is not None
                    and event.meta.actor == "assistant"
                    and event.timestamp < replied_before
                    and event.in_reply_to not in settled
                ):
                    settled.add(event.in_reply_to)
                    found.append((ticket_id, event.in_reply_to))
        return found

    def preferences(
        self, customer_id: str, *, as_of: datetime | None = None, now: datetime | None = None
    ) -> dict[str, ResolvedPreference]:
        """The customer's resolved preferences, straight from the event stream (authoritative)."""
        records = self._customer(customer_id).preference_records
        return resolve([PreferenceStatement(**r) for r in records], as_of=as_of, now=now)

    def customer_exists(self, customer_id: str) -> bool:
        try:
            self._customer(customer_id)
        except NotFound:
            return False
        return True

    def state_preference(
        self,
        customer_id: str,
        key: str,
        value: str,
        cause: Cause,
        *,
        stated_at: datetime | None,
        source_event_id: str | None = None,
        text: str = "",
        confidence: float = 1.0,
        expires_at: datetime | None = None,
    ) -> EventId:
        """Record a stated preference; below the confidence threshold it is only a candidate."""
        self._check_preference(key, value)
        check_storable("text", text)
        if source_event_id is not None:
            check_storable("source_event_id", source_event_id)
        check_aware("stated_at", stated_at)
        check_aware("expires_at", expires_at)
        check_confidence(confidence)
        customer = self._customer(customer_id)
        customer.state_preference(
            key=key,
            value=value.strip(),
            stated_at=stated_at,
            source_event_id=source_event_id,
            text=text.strip()[: self.limits.max_text_chars],
            confidence=confidence,
            applied=confidence >= self.limits.preference_confidence_threshold,
            expires_at=expires_at,
            meta=self._meta(cause, customer_id, None),
            timestamp=self.clock.now(),
        )
        self._persist(customer)
        return self._last_event_id(customer)

    def correct_preference(
        self,
        customer_id: str,
        key: str,
        value: str,
        cause: Cause,
        *,
        reason: str,
        corrects_event_id: str | None = None,
    ) -> EventId:
        """Record an explicit correction; it beats every older statement of the key."""
        self._check_preference(key, value)
        reason = check_text("reason", reason, 1000)
        if corrects_event_id is not None:
            check_storable("corrects_event_id", corrects_event_id)
        customer = self._customer(customer_id)
        if (
            corrects_event_id is not None
            and customer.preference_events.get(corrects_event_id) != key
        ):
            # Any id was taken, and a trace then showed a correction of a reply, or of nothing.
            raise InvalidInput(
                "corrects_event_id",
                f"names no statement of this customer's {key!r} preference",
            )
        customer.correct_preference(
            key=key,
            value=value.strip(),
            corrects_event_id=corrects_event_id,
            reason=reason,
            meta=self._meta(cause, customer_id, None),
            timestamp=self.clock.now(),
        )
        self._persist(customer)
        return self._last_event_id(customer)

    def _check_preference(self, key: str, value: str) -> None:
        if not _KEY.match(key):
            raise InvalidInput("key", "must be lower_snake_case, 1-64 characters")
        check_text("value", value, 500)  # refuses NUL: a stored one breaks every projection

    def record_memory_retained(
        self,
        customer_id: str,
        cause: Cause,
        *,
        bank_id: str,
        memory_id: str,
        source_event_id: str,
        content_hash: str,
        try_number: int = 1,
        ticket_id: str | None = None,
    ) -> EventId:
        customer = self._customer(customer_id)
        customer.record_memory_retained(
            bank_id=bank_id,
            memory_id=memory_id,
            source_event_id=source_event_id,
            content_hash=content_hash,
            try_number=try_number,
            meta=self._meta(cause, customer_id, ticket_id),
            timestamp=self.clock.now(),
        )
        self._persist(customer)
        return self._last_event_id(customer)

    def record_memory_write_failed(
        self,
        customer_id: str,
        cause: Cause,
        *,
        bank_id: str,
        source_event_id: str,
        reason: str,
        try_number: int = 1,
        ticket_id: str | None = None,
    ) -> EventId:
        customer = self._customer(customer_id)
        customer.record_memory_write_failed(
            bank_id=bank_id,
            source_event_id=source_event_id,
            reason=storable(reason),  # an exception's text: recorded, so scrubbed, not refused
            try_number=try_number,
            meta=self._meta(cause, customer_id, ticket_id),
            timestamp=self.clock.now(),
        )
        self._persist(customer)
        return self._last_event_id(customer)

    # -- tickets -----------------------------------------------------------------------

    def open_ticket(
        self,
        customer_id: str,
        subject: str,
        cause: Cause,
        *,
        channel: str = "chat",
        priority: str = "normal",
        category: str = "general",
    ) -> TicketId:
        """Open a ticket and link it to its customer, both saved or neither. Tickets opened at
        once for one customer conflict on the customer's stream: outside a unit of work (which
        retries as a whole) the loser tries again, as nothing of it was saved."""
        tries = 1 if self._unit() is not None else 5
        for attempt in range(tries):
            try:
                with self._opening.held(customer_id):
                    return self._open_ticket(
                        customer_id, subject, cause, channel=channel, priority=priority,
                        category=category,
                    )  # fmt: skip
            except ConcurrentUpdate:
                if attempt == tries - 1:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def _open_ticket(
        self,
        customer_id: str,
        subject: str,
        cause: Cause,
        *,
        channel: str,
        priority: str,
        category: str,
    ) -> TicketId:
        subject = check_text("subject", subject, self.limits.max_subject_chars)
        check_priority(priority)
        check_storable("channel", channel)
        check_storable("category", category)
        customer = self._customer(customer_id)
        ticket_id = TicketId(str(uuid4()))
        meta = self._meta(cause, customer_id, ticket_id)
        ticket = Ticket.open(
            ticket_id=UUID(ticket_id),
            subject=subject,
            channel=channel,
            priority=priority,
            category=category,
            meta=meta,
            timestamp=self.clock.now(),
        )
        opened = self._last_event_id(ticket)
        customer.link_ticket(
            ticket_id=ticket_id,
            subject=subject,
            meta=EventMeta(
                customer_id, ticket_id, meta.occurred_at, meta.actor, opened, meta.correlation_id
            ),
            timestamp=self.clock.now(),
        )
        self._persist(ticket, customer)  # atomic: both streams or neither
        return ticket_id

    def receive_message(self, ticket_id: str, text: str, cause: Cause) -> EventId:
        """Record a customer message; checks escalation rules in the same commit."""
        text = check_text("text", text, self.limits.max_text_chars)
        ticket = self._ticket(ticket_id)
        meta = self._meta(cause, ticket.customer_id, ticket_id)
        # A message's id is its event's id, so memory writes and lineage can name it.
        ticket.receive_message(
            message_id=event_id_for(ticket.id, ticket.version + 1),
            text=text,
            meta=meta,
            timestamp=self.clock.now(),
        )
        event_id = self._last_event_id(ticket)
        self._escalate_if_due(ticket, event_id, meta)
        self._persist(ticket)
        return event_id

    def send_reply(
        self,
        ticket_id: str,
        text: str,
        cause: Cause,
        *,
        in_reply_to: str | None = None,
        context_event_ids: list[str] | None = None,
        responder: str = "agent",
        prompt_hash: str | None = None,
        guard_event_ids: list[str] | None = None,
        fallback: str | None = None,
    ) -> EventId:
        text = check_text("text", text, self.limits.max_text_chars)
        ticket = self._ticket(ticket_id)
        ticket.send_reply(
            reply_id=f"rep-{uuid4().hex[:12]}",
            text=text,
            in_reply_to=in_reply_to,
            context_event_ids=list(context_event_ids or []),
            responder=responder,
            prompt_hash=prompt_hash,
            guard_event_ids=list(guard_event_ids or []),
            fallback=fallback,
            meta=self._meta(cause, ticket.customer_id, ticket_id),
            timestamp=self.clock.now(),
        )
        self._persist(ticket)
        return self._last_event_id(ticket)

    def known_attempts(self, customer_id: str) -> list[KnownAttempt]:
        """Every attempt on record for a customer, across all their tickets."""
        customer = self._customer(customer_id)
        return self._known_attempts(customer, {})

    def _known_attempts(self, customer: Customer, loaded: dict[str, Ticket]) -> list[KnownAttempt]:
        known: list[KnownAttempt] = []
        for tid in customer.ticket_ids:
            ticket = loaded.get(tid) or self._ticket(tid)
            known.extend(
                KnownAttempt(a.attempt_id, a.action_id, tid, a.text, a.status, a.outcome_event_id)
                for a in ticket.attempts.values()
            )
        return known

    def propose_attempt(self, ticket_id: str, text: str, cause: Cause) -> AttemptId:
        """Record a proposed solution as a pending attempt.

        Rephrasings of an action already on record join that action (same ``action_id``).
        A proposal that repeats an action which already failed for this customer, on any
        of their tickets, is refused: the refusal is recorded and RepeatOfFailedAttempt raised.
        """
        text = check_text("text", text, self.limits.max_text_chars)
        ticket = self._ticket(ticket_id)
        ticket.check_accepts_attempts()
        meta = self._meta(cause, ticket.customer_id, ticket_id)
        known = self._known_attempts(self._customer(ticket.customer_id), {ticket_id: ticket})
        match = self.equivalence.find_equivalent(text, known)
        if match is not None:
            failed = next(
                (
                    k
                    for k in known
                    if k.action_id == match.attempt.action_id and k.status == "failed"
                ),
                None,
            )
            if failed is not None:
                ticket.refuse_repeat(
                    text=text,
                    failed_attempt_id=failed.attempt_id,
                    failed_ticket_id=failed.ticket_id,
                    lexical_score=match.lexical_score,
                    semantic_score=match.semantic_score,
                    rule=match.rule,
                    meta=meta,
                    timestamp=self.clock.now(),
                )
                self._persist(ticket)
                raise RepeatOfFailedAttempt(
                    proposed=text,
                    failed_attempt_id=failed.attempt_id,
                    failed_text=failed.text,
                    failed_ticket_id=failed.ticket_id,
                    refusal_event_id=self._last_event_id(ticket),
                )
        attempt_id = new_attempt_id()
        ticket.propose_attempt(
            attempt_id=attempt_id,
            action_id=match.attempt.action_id if match else attempt_id,
            text=text,
            equivalent_to=match.attempt.attempt_id if match else None,
            lexical_score=match.lexical_score if match else None,
            semantic_score=match.semantic_score if match else None,
            meta=meta,
            timestamp=self.clock.now(),
        )
        self._persist(ticket)
        return attempt_id

    def record_outcome(
        self,
        ticket_id: str,
        attempt_id: str,
        outcome: str,
        cause: Cause,
        *,
        confidence: float = 1.0,
        note: str = "",
    ) -> EventId:
        """Record how a pending attempt ended; checks escalation rules in the same commit."""
        check_outcome(outcome)
        check_confidence(confidence)
        ticket = self._ticket(ticket_id)
        meta = self._meta(cause, ticket.customer_id, ticket_id)
        ticket.record_outcome(
            attempt_id=attempt_id,
            outcome=outcome,
            confidence=confidence,
            note=check_storable("note", note).strip()[:1000],
            meta=meta,
            timestamp=self.clock.now(),
        )
        event_id = self._last_event_id(ticket)
        self._escalate_if_due(ticket, event_id, meta)
        self._persist(ticket)
        return event_id

    def correct_outcome(
        self, ticket_id: str, attempt_id: str, outcome: str, cause: Cause, *, reason: str
    ) -> EventId:
        """Record a corrected outcome as a new event; the recorded one is never edited."""
        check_outcome(outcome)
        reason = check_text("reason", reason, 1000)
        ticket = self._ticket(ticket_id)
        ticket.correct_outcome(
            attempt_id=attempt_id,
            outcome=outcome,
            reason=reason,
            meta=self._meta(cause, ticket.customer_id, ticket_id),
            timestamp=self.clock.now(),
        )
        self._persist(ticket)
        return self._last_event_id(ticket)

    def record_memory_recall(
        self,
        ticket_id: str,
        cause: Cause,
        *,
        query: str,
        memory_ids: list[str],
        status: str,
        error: str | None = None,
    ) -> EventId:
        ticket = self._ticket(ticket_id)
        ticket.record_memory_recall(
            query=storable(query[: self.limits.max_text_chars]),
            memory_ids=list(memory_ids),
            status=status,
            error=storable(error[:300]) if error else None,
            meta=self._meta(cause, ticket.customer_id, ticket_id),
            timestamp=self.clock.now(),
        )
        self._persist(ticket)
        return self._last_event_id(ticket)

    def record_draft_blocked(
        self,
        ticket_id: str,
        cause: Cause,
        *,
        draft_hash: str,
        solution: str,
        attempt_id: str,
        lexical_score: float,
        semantic_score: float,
        rule: str,
    ) -> EventId:
        ticket = self._ticket(ticket_id)
        ticket.block_draft(
            draft_hash=draft_hash,
            solution=solution,
            attempt_id=attempt_id,
            lexical_score=lexical_score,
            semantic_score=semantic_score,
            rule=rule,
            meta=self._meta(cause, ticket.customer_id, ticket_id),
            timestamp=self.clock.now(),
        )
        self._persist(ticket)
        return self._last_event_id(ticket)

    def record_guard_overruled(
        self,
        ticket_id: str,
        cause: Cause,
        *,
        draft_hash: str,
        solution: str,
        attempt_id: str,
        rule: str,
        model: str,
        model_score: float,
        veto_threshold: float,
    ) -> EventId:
        ticket = self._ticket(ticket_id)
        ticket.overrule_block(
            draft_hash=draft_hash,
            solution=solution,
            attempt_id=attempt_id,
            rule=rule,
            model=model,
            model_score=model_score,
            veto_threshold=veto_threshold,
            meta=self._meta(cause, ticket.customer_id, ticket_id),
            timestamp=self.clock.now(),
        )
        self._persist(ticket)
        return self._last_event_id(ticket)

    def triage(self, ticket_id: str, cause: Cause, *, category: str, priority: str) -> EventId:
        check_priority(priority)
        category = check_text("category", category, 64)
        ticket = self._ticket(ticket_id)
        meta = self._meta(cause, ticket.customer_id, ticket_id)
        ticket.triage(category=category, priority=priority, meta=meta, timestamp=self.clock.now())
        self._escalate_if_due(ticket, self._last_event_id(ticket), meta)
        self._persist(ticket)
        return self._last_event_id(ticket)

    def assign(self, ticket_id: str, assignee: str, cause: Cause) -> EventId:
        assignee = check_text("assignee", assignee, 200)
        ticket = self._ticket(ticket_id)
        ticket.assign(
            assignee=assignee,
            meta=self._meta(cause, ticket.customer_id, ticket_id),
            timestamp=self.clock.now(),
        )
        self._persist(ticket)
        return self._last_event_id(ticket)

    def escalate(self, ticket_id: str, reason: str, cause: Cause) -> EventId:
        """Escalate by hand (an agent's decision), with the same snapshot as the rules."""
        reason = check_text("reason", reason, 1000)
        ticket = self._ticket(ticket_id)
        ticket.escalate(
            reasons=[f"manual: {reason}"],
            snapshot=self._snapshot(ticket),
            meta=self._meta(cause, ticket.customer_id, ticket_id),
            timestamp=self.clock.now(),
        )
        self._persist(ticket)
        return self._last_event_id(ticket)

    def resolve_ticket(
        self, ticket_id: str, resolution: str, cause: Cause, *, attempt_id: str | None = None
    ) -> EventId:
        resolution = check_text("resolution", resolution, self.limits.max_text_chars)
        ticket = self._ticket(ticket_id)
        ticket.resolve(
            resolution=resolution,
            attempt_id=attempt_id,
            meta=self._meta(cause, ticket.customer_id, ticket_id),
            timestamp=self.clock.now(),
        )
        self._persist(ticket)
        return self._last_event_id(ticket)

    def reopen_ticket(self, ticket_id: str, reason: str, cause: Cause) -> EventId:
        reason = check_text("reason", reason, 1000)
        ticket = self._ticket(ticket_id)
        ticket.reopen(
            reason=reason,
            meta=self._meta(cause, ticket.customer_id, ticket_id),
            timestamp=self.clock.now(),
        )
        self._persist(ticket)
        return self._last_event_id(ticket)

    # -- escalation --------------------------------------------------------------------

    def _escalate_if_due(self, ticket: Ticket, cause_event_id: str, meta: EventMeta) -> None:
        if ticket.status == "resolved":
            return
        facts = TicketFacts(
            failed_attempts=sum(1 for a in ticket.attempts.values() if a.status == "failed"),
            customer_messages=sum(1 for m in ticket.messages if m.actor == "customer"),
            opened_at=ticket.opened_at,
            priority=ticket.priority,
            customer_messages_at_success=ticket.customer_messages_at_success,
        )
        # Age at the time of the event that asks (an event recorded late, e.g. a backfill,
        # is judged by when it happened, as the ticket was then).
        reasons = escalation_reasons(self.escalation, facts, meta.occurred_at)
        # Escalate once per new reason, not again on every later message.
        known = {r.split(":")[0] for r in ticket.escalation_reasons}
        if not reasons or {r.split(":")[0] for r in reasons} <= known:
            return
        ticket.escalate(
            reasons=reasons,
            snapshot=self._snapshot(ticket),
            meta=EventMeta(
                meta.customer_id,
                meta.ticket_id,
                meta.occurred_at,
                "service:escalation",
                cause_event_id,
                meta.correlation_id,
            ),
            timestamp=self.clock.now(),
        )

    def _snapshot(self, ticket: Ticket) -> dict[str, Any]:
        customer = self._customer(ticket.customer_id)
        return {
            "subject": ticket.subject,
            "priority": ticket.priority,
            "category": ticket.category,
            "recent_messages": [
                {"message_id": m.message_id, "actor": m.actor, "text": m.text[:500]}
                for m in ticket.messages[-20:]
            ],
            "attempts": [
                {"attempt_id": a.attempt_id, "text": a.text, "status": a.status}
                for a in ticket.attempts.values()
            ],
            "customer_preference_keys": sorted(customer.preference_keys),
            "related_tickets": [t for t in customer.ticket_ids if t != str(ticket.id)],
        }
