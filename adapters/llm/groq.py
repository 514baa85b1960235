"""``GroqResponder``: drafts a reply with the ``groq`` SDK, streaming, with bounded retries.

Retries are done here, not by the SDK (its ``max_retries`` is 0): a customer is waiting, so a
``retry-after`` longer than ``max_retry_wait_seconds`` fails at once instead of sleeping, and
the whole call has a deadline. Only the opening request is retried; once text has been
yielded a failure is final (``partial=True``). Every failure is a :class:`ResponderFailed`,
which the pipeline catches to fall back to the offline responder.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import groq
import httpx

from caseledger.adapters.catalog.catalog import Catalog
from caseledger.adapters.llm.errors import ResponderFailed
from caseledger.adapters.llm.prompt import RenderedPrompt, render_prompt
from caseledger.adapters.settings import LLMSettings
from caseledger.domain.ports import DraftRequest

__all__ = ["GroqResponder"]

log = logging.getLogger(__name__)

_RETRY_STATUS = frozenset({408, 409, 429})


class GroqResponder:
    """The ``Responder`` port over Groq's OpenAI-compatible chat completions API."""

    def __init__(
        self,
        *,
        api_key: str,
        model: str = "llama-3.3-70b-versatile",
        base_url: str | None = None,
        timeout_seconds: float = 20.0,
        max_retries: int = 2,
        max_retry_wait_seconds: float = 5.0,
        deadline_seconds: float | None = None,
        temperature: float = 0.2,
        max_tokens: int = 1024,
        catalog: Catalog | None = None,
        categories: Sequence[str] | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if timeout_seconds <= 0 or max_retries < 0 or max_retry_wait_seconds < 0:
            raise ValueError("timeout_seconds > 0, max_retries >= 0, max_retry_wait_seconds >= 0")
        self.model = model
        self.max_retries = max_retries
        self.max_retry_wait_seconds = max_retry_wait_seconds
        # Default budget: one full timeout per try plus the waits in between.
        self.deadline_seconds = deadline_seconds or (
            timeout_seconds * (max_retries + 1) + max_retry_wait_seconds * max_retries
        )
        self.temperature = temperature
        self.max_tokens = max_tokens
        self.catalog = catalog
        self.categories = tuple(categories) if categories is not None else None
        self._sleep = sleep
        # The SDK appends /openai/v1/chat/completions to base_url; None = api.groq.com.
        self._client = groq.Groq(
            api_key=api_key,
            base_url=base_url,
            timeout=httpx.Timeout(timeout_seconds, connect=min(timeout_seconds, 5.0)),
            max_retries=0,
        )

    @classmethod
    def from_settings(
        cls,
        settings: LLMSettings,
        *,
        catalog: Catalog | None = None,
        categories: Sequence[str] | None = None,
        **overrides: Any,
    ) -> GroqResponder:
        """Build from ``CASELEDGER_LLM__*`` settings (``api_key`` is required)."""
        if settings.api_key is None:
            raise ValueError("CASELEDGER_LLM__API_KEY is required for the groq responder")
        options: dict[str, Any] = {
            "api_key": settings.api_key.get_secret_value(),
            "model": settings.model,
            "base_url": settings.base_url,
            "timeout_seconds": settings.timeout_seconds,
            "catalog": catalog,
            "categories": categories,
        }
        # Optional settings (read when LLMSettings defines them; the defaults otherwise).
        for name in ("max_retries", "max_retry_wait_seconds"):
            if getattr(settings, name, None) is not None:
                options[name] = getattr(settings, name)
        options.update(overrides)
        return cls(**options)

    @property
    def name(self) -> str:
        """``groq:<model>``, recorded with each reply."""
        return f"groq:{self.model}"

    def render(self, request: DraftRequest) -> RenderedPrompt:
        """The exact prompt ``stream`` sends for ``request``."""
        return render_prompt(request, catalog=self.catalog, categories=self.categories)

    def prompt_hash(self, request: DraftRequest) -> str:
        """sha256 of the rendered prompt, for the reply's audit record."""
        return self.render(request).sha256

    def close(self) -> None:
        """Close the HTTP connection pool."""
        self._client.close()

    def stream(self, request: DraftRequest) -> Iterator[str]:
        """Yield the raw draft in chunks; raises ResponderFailed (lazily, while iterating)."""
        started = time.monotonic()
        response = self._open(self.render(request), started)
        yield from self._read(response, started)

    # -- internals ------------------------------------------------------------------------

    def _open(self, prompt: RenderedPrompt, started: float) -> Any:
        attempt = 0
        while True:
            attempt += 1
            try:
                return self._client.chat.completions.create(
                    model=self.model,
                    messages=prompt.messages(),  # type: ignore[arg-type]
                    stream=True,
                    temperature=self.temperature,
                    max_tokens=self.max_tokens,
                )
            except groq.GroqError as exc:
                failure = _classify(exc, attempt)
            retryable = failure.reason in ("timeout", "connection", "rate_limited", "server_error")
            if not retryable or attempt > self.max_retries:
                raise failure
            if failure.retry_after is not None:
                if failure.retry_after > self.max_retry_wait_seconds:
                    # The provider asks for longer than a waiting customer should: give up now.
                    raise failure
                wait = failure.retry_after
            else:
                # Exponential backoff with jitter: 0.25s, 0.5s, 1s ... capped.
                wait = min(0.25 * 2 ** (attempt - 1), self.max_retry_wait_seconds)
                wait *= 1 - 0.25 * random.random()  # jitter spreads retries
            if time.monotonic() - started + wait > self.deadline_seconds:
                raise ResponderFailed(
                    "deadline",
                    detail=f"no reply within {self.deadline_seconds:.1f}s ({failure})",
                    attempts=attempt,
                    status_code=failure.status_code,
                )
            log.warning("groq %s (try %d), retrying in %.2fs", failure.reason, attempt, wait)
            self._sleep(wait)

    def _read(self, response: Any, started: float) -> Iterator[str]:
        yielded = 0
        try:
            for chunk in response:
                if time.monotonic() - started > self.deadline_seconds:
                    raise ResponderFailed(
                        "deadline",
                        detail=f"stream still running after {self.deadline_seconds:.1f}s",
                        partial=yielded > 0,
                    )
                if not chunk.choices:
                    continue
                content = chunk.choices[0].delta.content
                if content:
                    yielded += len(content)
                    yield content
        except (groq.APIError, httpx.HTTPError) as exc:
            reason = "timeout" if isinstance(exc, httpx.TimeoutException) else "stream_error"
            raise ResponderFailed(
                reason, detail=f"{type(exc).__name__}: {exc}", partial=yielded > 0
            ) from exc
        finally:
            response.close()
        if yielded == 0:
            raise ResponderFailed("empty_reply", detail="the model returned no text")


def _classify(exc: groq.GroqError, attempt: int) -> ResponderFailed:
    """Map an SDK error to a ResponderFailed with a stable reason."""
    detail = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, groq.APITimeoutError):
        return ResponderFailed("timeout", detail=detail, attempts=attempt)
    if isinstance(exc, groq.APIConnectionError):
        return ResponderFailed("connection", detail=detail, attempts=attempt)
    if isinstance(exc, groq.APIStatusError):
        status = exc.status_code
        if status == 429:
            return ResponderFailed(
                "rate_limited",
                detail=detail,
                attempts=attempt,
                status_code=status,
                retry_after=_retry_after(exc.response.headers),
            )
        if status >= 500 or status in _RETRY_STATUS:
            return ResponderFailed(
                "server_error",
                detail=detail,
                attempts=attempt,
                status_code=status,
                retry_after=_retry_after(exc.response.headers),
            )
        return ResponderFailed("rejected", detail=detail, attempts=attempt, status_code=status)
    return ResponderFailed("rejected", detail=detail, attempts=attempt)


def _retry_after(headers: httpx.Headers) -> float | None:
    """Seconds from ``retry-after-ms`` or ``retry-after`` (seconds), if given and sane."""
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        value = headers.get(name)
        if value is None:
            continue
        try:
            seconds = float(value) * scale
        except ValueError:
            continue  # an HTTP date: rare from APIs; fall back to our own backoff
        if seconds >= 0:
            return seconds
    return None
