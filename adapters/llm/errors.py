"""The one error a responder raises on purpose, so the pipeline can fall back and record why."""

from __future__ import annotations

from caseledger.domain.ports import ResponderFailed as PortResponderFailed

__all__ = ["ResponderFailed"]


class ResponderFailed(PortResponderFailed):
    """Drafting failed; the caller falls back (to the offline responder) and records ``reason``.

    A subclass of the port's ``ResponderFailed`` (what the pipeline catches) that says why.

    ``reason`` is a stable token: ``timeout``, ``connection``, ``rate_limited``,
    ``server_error``, ``rejected`` (4xx other than 408/409/429: a config error, not retried),
    ``deadline`` (the overall time budget ran out), ``stream_error``, ``empty_reply``.
    ``partial`` is True when some text had already been yielded before the failure.
    """

    def __init__(
        self,
        reason: str,
        *,
        detail: str = "",
        attempts: int = 1,
        status_code: int | None = None,
        retry_after: float | None = None,
        partial: bool = False,
    ) -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail[:300]  # provider messages can be long; events keep a bounded copy
        self.attempts = attempts
        self.status_code = status_code
        self.retry_after = retry_after
        self.partial = partial
