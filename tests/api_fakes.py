"""Reply pipelines for API tests.

``ScriptedReplies`` records the message and a fixed reply through the real desk and streams
like the real ``ReplyService`` (status steps, text deltas, done): for tests about the HTTP
layer (framing, auth, errors, disconnects), not about what the pipeline decides.
``SplitResponder`` (a model for the real ``ReplyService``) cuts a raw draft wherever a test
says, to check that the metadata block never reaches the customer.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass

from caseledger.domain.errors import InvalidInput
from caseledger.domain.ports import DraftRequest
from caseledger.domain.services import Cause, SupportDesk


@dataclass(frozen=True)
class FakeOutcome:
    """Same fields as ``ReplyOutcome``."""

    message_event_id: str
    reply_event_id: str
    text: str
    responder: str
    fallback: str | None
    attempts_proposed: tuple[str, ...]
    outcomes_recorded: tuple[str, ...]
    blocked_event_ids: tuple[str, ...]
    escalated: bool
    memory_status: str

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


@dataclass(frozen=True)
class FakeEvent:
    """Same fields as ``ReplyEvent``."""

    kind: str
    data: str = ""
    outcome: FakeOutcome | None = None


class ScriptedReplies:
    """Replies with ``reply`` in ``chunks`` pieces; can fail or stall at a chosen step.

    ``fail_after_deltas``: raise InvalidInput after that many deltas (an error mid-stream).
    ``gate``: when set, the stream waits on it after the first delta (a slow model), so a
    test can disconnect and then check that the turn still completed.
    """

    def __init__(
        self,
        desk: SupportDesk,
        reply: str = "Please hold the power button for 30 seconds, then plug the charger in.",
        *,
        chunks: int = 4,
        fail_after_deltas: int | None = None,
        gate: threading.Event | None = None,
    ) -> None:
        self.desk = desk
        self.reply = reply
        self.chunks = chunks
        self.fail_after_deltas = fail_after_deltas
        self.gate = gate
        self.finished: list[FakeOutcome] = []
        self.done = threading.Event()  # set when a stream has run to its end

    def handle_message(self, ticket_id: str, text: str, cause: Cause) -> FakeOutcome:
        for event in self.stream_message(ticket_id, text, cause):
            if event.outcome is not None:
                return event.outcome
        raise AssertionError("no outcome")

    def stream_message(self, ticket_id: str, text: str, cause: Cause) -> Iterator[FakeEvent]:
        message_id = self.desk.receive_message(ticket_id, text, cause)
        yield FakeEvent("status", "recorded message")
        yield FakeEvent("status", "drafting")
        reply_id = self.desk.send_reply(
            ticket_id,
            self.reply,
            Cause(actor="assistant", causation_id=message_id),
            in_reply_to=message_id,
            responder="scripted",
        )
        size = max(1, -(-len(self.reply) // self.chunks))
        for n, start in enumerate(range(0, len(self.reply), size)):
            if self.fail_after_deltas is not None and n == self.fail_after_deltas:
                raise InvalidInput("text", "scripted failure mid-stream")
            yield FakeEvent("delta", self.reply[start : start + size])
            if n == 0 and self.gate is not None:
                self.gate.wait(timeout=10)
        outcome = FakeOutcome(
            message_event_id=message_id,
            reply_event_id=reply_id,
            text=self.reply,
            responder="scripted",
            fallback=None,
            attempts_proposed=(),
            outcomes_recorded=(),
            blocked_event_ids=(),
            escalated=False,
            memory_status="none",
        )
        self.finished.append(outcome)
        self.done.set()
        yield FakeEvent("done", outcome=outcome)


class SplitResponder:
    """Replays one raw draft (visible text, delimiter, metadata) cut at the given offsets."""

    def __init__(self, raw: str, cuts: Sequence[int]) -> None:
        self.raw = raw
        self.cuts = sorted(set(cuts))

    @property
    def name(self) -> str:
        return "split"

    def stream(self, request: DraftRequest) -> Iterator[str]:
        bounds = [0, *self.cuts, len(self.raw)]
        for start, end in itertools.pairwise(bounds):
            if end > start:
                yield self.raw[start:end]
