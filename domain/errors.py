"""The caseledger error tree. Library errors are wrapped into these at the service boundary."""

from __future__ import annotations


class CaseledgerError(Exception):
    """Base class of every error the domain raises on purpose."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotFound(CaseledgerError):
    """A ticket, customer, attempt or event that does not exist."""

    def __init__(self, kind: str, identifier: str) -> None:
        super().__init__(f"{kind} {identifier!r} not found")
        self.kind = kind
        self.identifier = identifier


class InvalidInput(CaseledgerError):
    """A command carried a value the domain cannot accept; ``field`` names it."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field


class InvariantViolated(CaseledgerError):
    """A command was well-formed but breaks a rule of the aggregate's current state."""


class ConcurrentUpdate(CaseledgerError):
    """Another writer changed the same aggregate first; reload and retry."""

    def __init__(self, aggregate: str, identifier: str) -> None:
        super().__init__(
            f"{aggregate} {identifier!r} was changed by another writer; reload it and retry"
        )
        self.aggregate = aggregate
        self.identifier = identifier


class RepeatOfFailedAttempt(InvariantViolated):
    """A proposed solution is the same action as an attempt that already failed."""

    def __init__(
        self,
        *,
        proposed: str,
        failed_attempt_id: str,
        failed_text: str,
        failed_ticket_id: str,
        refusal_event_id: str,
    ) -> None:
        super().__init__(
            f"proposal {proposed!r} repeats attempt {failed_attempt_id} "
            f"({failed_text!r}, ticket {failed_ticket_id}), which already failed for this customer"
        )
        self.failed_attempt_id = failed_attempt_id
        self.failed_text = failed_text
        self.failed_ticket_id = failed_ticket_id
        self.refusal_event_id = refusal_event_id
