"""The reply pipeline: a customer message in, a guarded reply out, every step an event.

1. record the message; 2. classify its feedback on pending attempts and record outcomes;
3. extract preference statements; 4. recall memory and assemble labelled context (recorded
as ids); 5. draft (LLM or offline responder, with fallback); split text from metadata and
validate it; 6. guard every proposed solution against the customer's failed attempts —
a match records ``DraftBlocked`` and regenerates without it (at most N times), else
escalates with a holding reply; 7. record the reply and each new solution as a pending
attempt; 8. escalation rules run inside the desk's commands; 9. retain the customer's own
words in long-term memory *after* the reply is saved, recording success or failure.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime, timedelta
from functools import partial

from caseledger.domain.errors import RepeatOfFailedAttempt
from caseledger.domain.ids import new_correlation_id
from caseledger.domain.model.ticket import Ticket
from caseledger.domain.policies.feedback import classify_feedback
from caseledger.domain.policies.preference_extraction import extract_preferences, preference_key
from caseledger.domain.policies.preferences import ResolvedPreference
from caseledger.domain.policies.reply_metadata import (
    find_unperformed_claims,
    split_draft,
    validate_metadata,
)
from caseledger.domain.ports import (
    AttemptEquivalence,
    ContextSection,
    DraftRequest,
    KnownAttempt,
    MemoryStore,
    MemoryUnavailable,
    OverrulingEquivalence,
    Responder,
    ResponderFailed,
)
from caseledger.domain.services.desk import Cause, SupportDesk, UnitOfWork
from caseledger.domain.services.keyed_locks import KeyedLocks

# What support needs to know about a customer, added to every memory query.
MEMORY_QUERY_KINDS = "devices, preferences, contact methods, reported issues, past resolutions"
_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_CHANGE_REPLY = re.compile(r"^\s*(change|改|更改|不对|wrong)\s*[.!。！]?\s*$", re.IGNORECASE)
_ECHO_KEYS = ("contact_channel", "contact_time", "language", "email", "phone")
_LABELS = {
    "contact_channel": ("contact preference", "联系方式"),
    "contact_time": ("contact time", "联系时间"),
    "language": ("language", "语言"),
    "email": ("email address", "邮箱"),
    "phone": ("phone number", "电话号码"),
}
_DEVICE_LABELS = {
    "phone": ("phone model", "手机型号"),
    "laptop": ("laptop model", "笔记本型号"),
    "tablet": ("tablet model", "平板型号"),
    "desktop": ("computer model", "电脑型号"),
    "watch": ("watch model", "手表型号"),
    "audio": ("headphone model", "耳机型号"),
    "router": ("router model", "路由器型号"),
    "printer": ("printer model", "打印机型号"),
    "console": ("console model", "游戏机型号"),
}


def _label(key: str) -> tuple[str, str]:
    """How a preference key is named to the customer (English, Chinese)."""
    if key in _LABELS:
        return _LABELS[key]
    if key.startswith("device_model_"):
        return _DEVICE_LABELS.get(key.removeprefix("device_model_"), ("device model", "设备型号"))
    return key.replace("_", " "), key


HOLDING_REPLY = {
    "en": "Thanks for your patience. I've passed your case to a specialist on our team, "
    "who will follow up with you shortly.",
    "zh": "感谢您的耐心等待。我已将您的问题转交给我们的专家，他们会尽快与您联系。",
}


@dataclass(frozen=True)
class ReplyOutcome:
    """What one turn produced, as ids a client can look up (``GET /trace/{id}``)."""

    message_event_id: str
    reply_event_id: str
    text: str
    responder: str
    fallback: str | None
    attempts_proposed: tuple[str, ...]
    outcomes_recorded: tuple[str, ...]
    blocked_event_ids: tuple[str, ...]
    escalated: bool
    memory_status: str  # results | none | failed

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


@dataclass(frozen=True)
class ReplyEvent:
    """One step of a streamed turn: ``status``, ``delta`` (visible text) or ``done``."""

    kind: str
    data: str = ""
    outcome: ReplyOutcome | None = None


@dataclass
class _Turn:
    """Working state of one turn (never leaves this module)."""

    ticket_id: str
    customer_id: str
    message_event_id: str
    sent_at: datetime
    correlation_id: str
    language: str
    context_ids: list[str] = field(default_factory=list)
    outcomes: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    memory_status: str = "none"
    overruled: list[str] = field(default_factory=list)  # GuardOverruled event ids of the turn

    def cause(self, actor: str, causation: str | None = None) -> Cause:
        return Cause(
            actor=actor,
            causation_id=causation or self.message_event_id,
            correlation_id=self.correlation_id,
        )


def detect_language(text: str) -> str:
    """``zh`` when the message is mostly Chinese, else ``en`` (mixed messages count as zh
    when at least a fifth of their letters are CJK)."""
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return "en"
    return "zh" if len(_CJK.findall(text)) * 5 >= len(letters) else "en"


def request_hash(request: DraftRequest) -> str:
    """sha256 of everything the responder saw: the prompt is a pure function of it."""
    payload = json.dumps(asdict(request), sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


class ReplyService:
    """Runs the reply pipeline over the desk's commands and the ports."""

    def __init__(
        self,
        desk: SupportDesk,
        *,
        memory: MemoryStore,
        responder: Responder,
        fallback: Responder | None,
        guard: AttemptEquivalence,
        allowed_categories: Sequence[str],
        catalog_action: Callable[[str], str | None] | None = None,
        known_action_ids: Collection[str] | None = None,
        max_regenerations: int = 2,
        recent_messages: int = 20,
        recall_limit: int = 5,
        echo_confidence: float = 0.85,
        unfinished_after: timedelta = timedelta(minutes=1),
    ) -> None:
        self.desk = desk
        # How old an answer must be before the retry worker finishes its turn's memory write:
        # younger ones may still be writing it.
        self.unfinished_after = unfinished_after
        self.memory = memory
        self.responder = responder
        self.fallback = fallback
        self.guard = guard
        self.allowed_categories = tuple(allowed_categories)
        self.catalog_action = catalog_action
        self.known_action_ids = known_action_ids
        self.max_regenerations = max_regenerations
        # Turns on one ticket take their steps one at a time in this process: concurrent
        # messages on a ticket otherwise conflicted on save until a step ran out of retries,
        # leaving a message recorded with no reply (session 62's QA: 6 at once, 3 refused).
        # Held for a step, never across a ``yield`` or the model's draft.
        self._turns = KeyedLocks()
        self._writes = KeyedLocks()
        self.recent_messages = recent_messages
        self.recall_limit = recall_limit
        self.echo_confidence = echo_confidence

    # -- entry points ------------------------------------------------------------------

    def handle_message(self, ticket_id: str, text: str, cause: Cause) -> ReplyOutcome:
        """Run a whole turn, the memory write after the reply included; return its outcome."""
        outcome: ReplyOutcome | None = None
        for step in self.stream_message(ticket_id, text, cause):
            if step.outcome is not None:
                outcome = step.outcome
        if outcome is None:  # pragma: no cover
            raise AssertionError("the pipeline ended without an outcome")
        return outcome

    def stream_message(self, ticket_id: str, text: str, cause: Cause) -> Iterator[ReplyEvent]:
        """Run a turn, yielding status steps, then the reply's visible text, then ``done``.

        The turn is one unit of work: the ticket and customer are copied from the repository
        once and every step reuses them (caught up with other writers), and each step's events
        are saved in one transaction. A step has nothing unsaved when it calls out (memory,
        model), so no event waits on a slow call, and ends before every ``yield``: what a
        client has been told is recorded is saved.

        ``done`` comes once the reply is saved and in the read models; the customer's message
        is written to memory after it (the customer does not wait for that), so run the
        generator to its end: a caller that stops at ``done`` leaves the memory write, and its
        ``MemoryRetained``/``MemoryWriteFailed`` event, undone.
        """
        cause = replace(cause, correlation_id=cause.correlation_id or new_correlation_id())
        # Read models catch up once the reply is saved, not after every step's commit: nothing
        # in the turn reads them, and a catch-up per commit was a quarter of a turn's time.
        unit = UnitOfWork(defer_delivery=True)
        try:
            yield from self._turn(unit, ticket_id, text, cause)
        finally:
            self.desk.deliver(unit)

    def _turn(
        self, unit: UnitOfWork, ticket_id: str, text: str, cause: Cause
    ) -> Iterator[ReplyEvent]:
        # The message, the outcomes read from it, the preferences it states.
        with self._turns.held(ticket_id):
            turn = self.desk.run_in(unit, lambda: self._receive(ticket_id, text, cause))
        yield ReplyEvent("status", "recorded message")
        if turn.outcomes:
            yield ReplyEvent("status", f"recorded {len(turn.outcomes)} outcome(s)")

        with self._turns.held(ticket_id):
            context = self.desk.run_in(unit, lambda: self._context(turn))
        turn.memory_status = context.memory_status
        turn.context_ids.extend(context.context_ids)
        yield ReplyEvent("status", f"recalled memory: {turn.memory_status}")

        request, blocked = context.request, list[str]()
        sent: _Sent | None = None
        for round_no in range(self.max_regenerations + 1):
            yield ReplyEvent("status", "drafting" if round_no == 0 else "regenerating")
            with self.desk.working(unit):  # records nothing; reads the unit's ticket
                draft = self._draft(request, turn)
            # The guard's verdict, and once the draft is final: the reply and its attempts.
            with self._turns.held(ticket_id):
                settled = self.desk.run_in(
                    unit,
                    partial(
                        self._settle,
                        turn,
                        request,
                        draft,
                        context.failed,
                        blocked,
                        last_round=round_no == self.max_regenerations,
                    ),
                )
            request, blocked, sent = settled.request, settled.blocked, settled.sent
            if settled.newly_blocked:
                yield ReplyEvent("status", "guard blocked a draft")
            if sent is not None:
                break
        assert sent is not None
        self.desk.deliver(unit)  # a client told of the reply can read it
        for chunk in _chunks(sent.visible):
            yield ReplyEvent("delta", chunk)

        yield ReplyEvent(
            "done",
            outcome=ReplyOutcome(
                message_event_id=turn.message_event_id,
                reply_event_id=sent.reply_id,
                text=sent.visible,
                responder=sent.draft.responder,
                fallback=sent.draft.fallback,
                attempts_proposed=tuple(sent.proposed),
                outcomes_recorded=tuple(turn.outcomes),
                blocked_event_ids=tuple(blocked),
                escalated=sent.escalated or sent.status == "escalated",
                memory_status=turn.memory_status,
            ),
        )
        # One customer's writes record on one stream: taken one at a time here, they do not
        # conflict (each retry would write to memory again).
        with self._writes.held(turn.customer_id):
            self.desk.run_in(unit, lambda: self._retain(turn, text))

    # -- steps (each runs in one block of the turn's unit of work, and may run again) ----

    def _receive(self, ticket_id: str, text: str, cause: Cause) -> _Turn:
        """Record the message; then the outcomes and preferences read from it."""
        message_id = self.desk.receive_message(ticket_id, text, cause)
        ticket = self.desk.load_ticket(ticket_id)
        turn = _Turn(
            ticket_id=ticket_id,
            customer_id=ticket.customer_id,
            message_event_id=message_id,
            sent_at=ticket.messages[-1].occurred_at,
            correlation_id=cause.correlation_id or "",
            language=detect_language(text),
        )
        self._record_feedback(turn, ticket, text)
        self._record_preferences(turn, text)
        return turn

    def _settle(
        self,
        turn: _Turn,
        request: DraftRequest,
        draft: _Draft,
        failed: list[KnownAttempt],
        blocked: list[str],
        *,
        last_round: bool,
    ) -> _Settled:
        """Guard the draft; send it when clean, or the holding reply after the last round."""
        newly_blocked = self._guard(turn, draft, failed)
        blocked = [*blocked, *newly_blocked]
        if newly_blocked:
            request = replace(
                request,
                excluded_solutions=(*request.excluded_solutions, *draft.solutions),
                tried_action_ids=(*request.tried_action_ids, *draft.action_ids),
            )
        sent = None
        if not newly_blocked or last_round:
            sent = self._send(turn, request, draft, blocked, exhausted=bool(newly_blocked))
        return _Settled(newly_blocked, blocked, request, sent)

    def _send(
        self,
        turn: _Turn,
        request: DraftRequest,
        draft: _Draft,
        blocked: list[str],
        *,
        exhausted: bool,
    ) -> _Sent:
        """Record the reply (escalating first when due) and the attempts it proposes."""
        escalated = False
        if exhausted:
            # Still repeating a failed fix after every retry: a person takes over.
            self.desk.escalate(
                turn.ticket_id,
                "the assistant could not draft a reply without a failed solution",
                turn.cause("service:guard", blocked[-1]),
            )
            escalated = True
            draft = _Draft(
                text=HOLDING_REPLY[turn.language],
                solutions=[],
                action_ids=[],
                responder=draft.responder,
                fallback=draft.fallback,
            )
        if draft.handoff and not escalated:
            self.desk.escalate(
                turn.ticket_id,
                draft.fallback or "the responder handed the conversation to a person",
                turn.cause("service:reply"),
            )
            escalated = True
        visible = "\n\n".join([*turn.notices, draft.text]) if turn.notices else draft.text
        reply_id = self.desk.send_reply(
            turn.ticket_id,
            visible,
            turn.cause("assistant"),
            in_reply_to=turn.message_event_id,
            context_event_ids=list(dict.fromkeys(turn.context_ids)),
            responder=draft.responder,
            prompt_hash=draft.prompt_hash or request_hash(request),
            # The guard's evidence for this reply: drafts it blocked, and blocks its pair model
            # overruled to let a solution through.
            guard_event_ids=[*blocked, *turn.overruled],
            fallback=draft.fallback,
        )
        proposed = self._propose(turn, reply_id, draft.solutions)
        status = self.desk.load_ticket(turn.ticket_id).status  # the escalation rules ran
        return _Sent(reply_id, visible, proposed, escalated, draft, status)

    def _record_feedback(self, turn: _Turn, ticket: Ticket, text: str) -> None:
        open_attempts = [a for a in ticket.attempts.values() if a.status in ("pending", "unknown")]
        if not open_attempts:
            return
        verdict = classify_feedback(text)
        if verdict.outcome is None:
            return
        # Feedback is about what the last reply proposed; else about whatever is still open.
        targets = [a for a in open_attempts if a.caused_by == ticket.last_reply_event_id]
        for attempt in targets or open_attempts:
            turn.outcomes.append(
                self.desk.record_outcome(
                    turn.ticket_id,
                    attempt.attempt_id,
                    verdict.outcome,
                    turn.cause("assistant"),
                    confidence=verdict.confidence,
                    note=f"classified from the customer's message ({verdict.cue})",
                )
            )

    def _record_preferences(self, turn: _Turn, text: str) -> None:
        before = self.desk.preferences(turn.customer_id, now=turn.sent_at)
        if _CHANGE_REPLY.match(text):
            self._revert_last_change(turn, before)
            return
        stated = extract_preferences(text, sent_at=turn.sent_at)
        keys = [preference_key(s.key, s.value) for s in stated]
        for key, statement in zip(keys, stated, strict=True):
            self.desk.state_preference(
                turn.customer_id,
                key,
                statement.value,
                Cause(
                    actor="customer",
                    occurred_at=turn.sent_at,
                    causation_id=turn.message_event_id,
                    correlation_id=turn.correlation_id,
                ),
                stated_at=turn.sent_at,
                source_event_id=turn.message_event_id,
                text=statement.span,
                confidence=statement.confidence,
                expires_at=statement.expires_at,
            )
        if not stated:
            return
        after = self.desk.preferences(turn.customer_id, now=turn.sent_at)
        for key in dict.fromkeys(keys):
            now, was = after.get(key), before.get(key)
            if now is None:
                continue
            if now.status == "conflict":
                values = " / ".join(c.value for c in now.candidates)
                turn.notices.append(self._ask(turn.language, key, values))
            elif (
                key in _ECHO_KEYS
                and now.status == "current"
                and now.winner is not None
                and now.winner.confidence >= self.echo_confidence
                and (was is None or was.value != now.value)
            ):
                turn.notices.append(self._echo(turn.language, key, now.value or ""))

    def _revert_last_change(self, turn: _Turn, current: dict[str, ResolvedPreference]) -> None:
        """The customer replied 'change' to an echoed update: restore the previous value."""
        changed = [
            (r.winner.recorded_at, r.key, r.winner.source)
            for r in current.values()
            if r.status == "current"
            and r.winner is not None
            and r.winner.kind == "stated"
            and r.key in _ECHO_KEYS
            and r.winner.recorded_at is not None
        ]
        if not changed:
            return
        recorded_at, key, source = max(changed)
        previous = self.desk.preferences(turn.customer_id, as_of=recorded_at - _EPSILON).get(key)
        if previous is None or previous.status != "current" or previous.value is None:
            turn.notices.append(self._ask(turn.language, key, "?"))
            return
        self.desk.correct_preference(
            turn.customer_id,
            key,
            previous.value,
            turn.cause("customer"),
            reason="the customer replied 'change' to the confirmation",
            corrects_event_id=source,
        )
        turn.notices.append(self._echo(turn.language, key, previous.value, reverted=True))

    @staticmethod
    def _echo(language: str, key: str, value: str, *, reverted: bool = False) -> str:
        en, zh = _label(key)
        if language == "zh":
            return (
                f"已将您的{zh}改回为 {value}。"
                if reverted
                else (f"我已将您的{zh}更新为 {value}——如有误请回复“更改”。")
            )
        if reverted:
            return f"I've changed your {en} back to {value}."
        return f"I've updated your {en} to {value} — reply 'change' if that's wrong."

    @staticmethod
    def _ask(language: str, key: str, values: str) -> str:
        en, zh = _label(key)
        if language == "zh":
            return f"我们记录的{zh}不一致（{values}），请问您希望使用哪一个？"
        return f"We have different {en} values on file ({values}) — which one should we use?"

    def _context(self, turn: _Turn) -> _Context:
        """Recall memory and build the draft request; the turn itself is left as it was."""
        ticket = self.desk.load_ticket(turn.ticket_id)
        text = ticket.messages[-1].text
        query = f"{text}\nRelevant: {MEMORY_QUERY_KINDS}"
        recall = self.memory.recall(turn.customer_id, query, limit=self.recall_limit)
        recall_id = self.desk.record_memory_recall(
            turn.ticket_id,
            turn.cause("assistant"),
            query=query,
            memory_ids=[m.memory_id for m in recall.items],
            status=recall.status,
            error=(
                f"{recall.error_type}: {recall.error}"[:300] if recall.status == "failed" else None
            ),
        )
        context_ids: list[str] = [recall_id]
        # Recalled memories lead back to the customer messages they were made from.
        context_ids.extend(m.source_event_id for m in recall.items if m.source_event_id)

        messages = ticket.messages[-self.recent_messages :]
        attempts = list(ticket.attempts.values())
        failed = [k for k in self.desk.known_attempts(turn.customer_id) if k.status == "failed"]
        others = [k for k in failed if k.ticket_id != turn.ticket_id]
        prefs = self.desk.preferences(turn.customer_id, now=turn.sent_at)
        sections = (
            ContextSection(
                "memory",
                tuple(
                    f"[{m.occurred_at.date() if m.occurred_at else 'undated'}] {m.text}"
                    for m in recall.items
                ),
                tuple(m.memory_id for m in recall.items),
            ),
            ContextSection(
                "recent_messages",
                tuple(f"{m.actor}: {m.text}" for m in messages),
                tuple(m.message_id for m in messages),
            ),
            ContextSection(
                "ticket_attempts",
                tuple(f"[{a.status}] {a.text}" for a in attempts),
                tuple(a.attempt_id for a in attempts),
            ),
            ContextSection(
                "other_failed_attempts",
                tuple(f"[failed on {k.ticket_id[:8]}] {k.text}" for k in others),
                # The events that recorded the failures: a trace follows them (attempt ids
                # are not event ids, and showed as missing there).
                tuple(k.outcome_event_id for k in others if k.outcome_event_id),
            ),
            ContextSection(
                "preferences",
                tuple(
                    f"{k}: {r.value}"
                    if r.status == "current"
                    else f"{k}: CONFLICT ({' / '.join(c.value for c in r.candidates)})"
                    for k, r in prefs.items()
                ),
                tuple(
                    s.source
                    for r in prefs.values()
                    for s in ((r.winner,) if r.winner else r.candidates)
                ),
            ),
        )
        for section in sections[1:]:
            if section.label != "ticket_attempts":  # attempt ids are not event ids
                context_ids.extend(section.ids)
        failed_here = [a for a in attempts if a.status == "failed"]
        classify = self.catalog_action
        tried = [x for x in (classify(a.text) for a in attempts) if x] if classify else []
        request = DraftRequest(
            customer_id=turn.customer_id,
            ticket_id=turn.ticket_id,
            message=text,
            language=turn.language,
            sections=sections,
            excluded_solutions=tuple(
                dict.fromkeys([*(a.text for a in failed_here), *(k.text for k in others)])
            ),
            facts={k: r.value for k, r in prefs.items() if r.status == "current" and r.value},
            ticket_category=ticket.category,
            tried_action_ids=tuple(dict.fromkeys(tried)),
        )
        return _Context(request, failed, recall.status, context_ids)

    def _draft(self, request: DraftRequest, turn: _Turn) -> _Draft:
        responder, fallback_reason = self.responder, None
        try:
            raw = "".join(responder.stream(request))
        except ResponderFailed as failure:
            if self.fallback is None:
                raise
            responder, fallback_reason = self.fallback, f"{self.responder.name}: {failure}"[:300]
            raw = "".join(responder.stream(request))
        text, metadata, _error = split_draft(raw)
        ticket = self.desk.load_ticket(turn.ticket_id)
        validated = validate_metadata(
            metadata,
            allowed_categories=self.allowed_categories,
            current_priority=ticket.priority,
            current_category=ticket.category,
            performed_actions=frozenset(),
            known_action_ids=self.known_action_ids,
        )
        if find_unperformed_claims(text, frozenset()):
            # The model claimed something the engine never did: never send it; a person
            # takes over, so the holding reply is true.
            return _Draft(
                HOLDING_REPLY[turn.language],
                [],
                [],
                responder.name,
                fallback_reason or "the draft claimed an action the engine did not perform",
                handoff=True,
            )
        solutions = list(validated.proposed_solutions)
        classify = self.catalog_action
        actions = [x for x in (classify(s) for s in solutions) if x] if classify else []
        return _Draft(
            text,
            solutions,
            actions,
            responder.name,
            fallback_reason,
            handoff=validated.intent == "handoff",
            # Without usable metadata the text itself is what must not repeat a failed fix.
            unstructured=not validated.from_model,
            prompt_hash=_prompt_hash(responder, request),
        )

    def _guard(self, turn: _Turn, draft: _Draft, failed: list[KnownAttempt]) -> list[str]:
        blocked: list[str] = []
        digest = hashlib.sha256(draft.text.encode("utf-8")).hexdigest()
        for solution in [draft.text] if draft.unstructured else draft.solutions:
            if isinstance(self.guard, OverrulingEquivalence):
                outcome = self.guard.decide(solution, failed)
                turn.overruled.extend(
                    self.desk.record_guard_overruled(
                        turn.ticket_id,
                        turn.cause("service:guard"),
                        draft_hash=digest,
                        solution=solution,
                        attempt_id=item.attempt.attempt_id,
                        rule=item.rule,
                        model=item.model_name,
                        model_score=item.model_score,
                        veto_threshold=item.veto_threshold,
                    )
                    for item in outcome.overruled
                )
                match = outcome.match
            else:
                match = self.guard.find_equivalent(solution, failed)
            if match is None:
                continue
            blocked.append(
                self.desk.record_draft_blocked(
                    turn.ticket_id,
                    turn.cause("service:guard"),
                    draft_hash=digest,
                    solution=solution,
                    attempt_id=match.attempt.attempt_id,
                    lexical_score=match.lexical_score,
                    semantic_score=match.semantic_score,
                    rule=match.rule,
                )
            )
        return blocked

    def _propose(self, turn: _Turn, reply_id: str, solutions: Sequence[str]) -> list[str]:
        proposed: list[str] = []
        for solution in solutions:
            try:
                proposed.append(
                    self.desk.propose_attempt(
                        turn.ticket_id, solution, turn.cause("assistant", reply_id)
                    )
                )
            except RepeatOfFailedAttempt:
                continue  # recorded as a refusal by the desk; the guard let it through
        return proposed

    def _retain(self, turn: _Turn, text: str) -> None:
        """Keep the customer's own words, after the reply is saved; the outcome is an event."""
        self.retain_message(
            turn.customer_id,
            turn.ticket_id,
            turn.message_event_id,
            text,
            turn.sent_at,
            turn.correlation_id,
            try_number=1,
        )

    def retain_message(
        self,
        customer_id: str,
        ticket_id: str,
        message_event_id: str,
        text: str,
        sent_at: datetime,
        correlation_id: str | None,
        *,
        try_number: int,
    ) -> bool:
        """Write one message to memory and record the result; True when it was retained."""
        cause = Cause(
            actor="service:memory", causation_id=message_event_id, correlation_id=correlation_id
        )
        bank = self.memory.bank_id(customer_id)
        try:
            receipt = self.memory.retain(
                customer_id,
                text,
                occurred_at=sent_at,
                tags=["customer_message", f"ticket:{ticket_id}"],
                source_event_id=message_event_id,
            )
        except MemoryUnavailable as failure:
            self.desk.record_memory_write_failed(
                customer_id,
                cause,
                bank_id=bank,
                source_event_id=message_event_id,
                reason=f"{type(failure).__name__}: {failure}",
                try_number=try_number,
                ticket_id=ticket_id,
            )
            return False
        self.desk.record_memory_retained(
            customer_id,
            cause,
            bank_id=receipt.bank_id,
            memory_id=receipt.memory_id,
            source_event_id=message_event_id,
            content_hash=hashlib.sha256(text.encode("utf-8")).hexdigest(),
            try_number=try_number,
            ticket_id=ticket_id,
        )
        return True

    def retry_memory_writes(self, customer_id: str) -> dict[str, int]:
        """Retry every failed, not-yet-retained memory write of a customer (from the log), and
        make the writes of turns that stopped after their answer (``unfinished``).

        After a write fails, the customer's others are left for the next run (``not_tried``,
        counted in ``failed`` too): a store that is down or hung fails them all, a minute each
        when it hangs, and nothing would come of the wait."""
        pending = dict(self.desk.load_customer(customer_id).pending_memory_writes)
        writes = [
            (info["ticket_id"], source, int(info["try_number"]) + 1)
            for source, info in pending.items()
        ]
        replied_before = self.desk.clock.now() - self.unfinished_after
        unfinished = self.desk.unwritten_memories(customer_id, replied_before=replied_before)
        writes.extend((ticket_id, source, 1) for ticket_id, source in unfinished)
        done = failed = not_tried = 0
        for ticket_id, source_event_id, try_number in writes:
            if failed:
                not_tried += 1
                continue
            ticket = self.desk.load_ticket(ticket_id)
            message = next(m for m in ticket.messages if m.message_id == source_event_id)
            if self.retain_message(
                customer_id,
                ticket_id,
                source_event_id,
                message.text,
                message.occurred_at,
                None,
                try_number=try_number,
            ):
                done += 1
            else:
                failed += 1
        return {
            "retained": done,
            "failed": failed + not_tried,
            "not_tried": not_tried,
            "unfinished": len(unfinished),
        }


@dataclass(frozen=True)
class _Draft:
    text: str
    solutions: list[str]
    action_ids: list[str]
    responder: str
    fallback: str | None
    handoff: bool = False  # the reply says a person will follow up: escalate
    unstructured: bool = False  # no usable metadata: guard the text itself
    prompt_hash: str | None = None


@dataclass(frozen=True)
class _Context:
    request: DraftRequest
    failed: list[KnownAttempt]  # every failed attempt of the customer, for the guard
    memory_status: str
    context_ids: list[str]  # event ids the reply's context was built from


@dataclass(frozen=True)
class _Sent:
    reply_id: str
    visible: str
    proposed: list[str]
    escalated: bool
    draft: _Draft
    status: str  # the ticket's, once the reply is recorded


@dataclass(frozen=True)
class _Settled:
    newly_blocked: list[str]  # DraftBlocked event ids of this round
    blocked: list[str]  # all of the turn so far
    request: DraftRequest  # for the next round: this round's solutions excluded
    sent: _Sent | None  # None: regenerate


def _prompt_hash(responder: Responder, request: DraftRequest) -> str:
    # Responders that render a prompt hash what they sent; others hash the request itself.
    own = getattr(responder, "prompt_hash", None)
    return str(own(request)) if callable(own) else request_hash(request)


_EPSILON = timedelta(microseconds=1)


def _chunks(text: str, size: int = 48) -> Iterator[str]:
    """Visible text in word-boundary chunks, for streaming clients."""
    start = 0
    while start < len(text):
        end = min(len(text), start + size)
        if end < len(text):
            space = text.rfind(" ", start, end)
            end = space + 1 if space > start else end
        yield text[start:end]
        start = end


__all__ = ["ReplyEvent", "ReplyOutcome", "ReplyService"]
