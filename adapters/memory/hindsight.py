"""``MemoryStore`` port on a Hindsight server, through ``hindsight-client``'s async API.

* Banks: one per customer, ``bank_prefix`` + the first 24 hex characters of SHA-256 of the
  customer id (:mod:`caseledger.adapters.memory.bank`), created on first write. The prefix is
  per environment, so staging and production never share a bank on one server.
* Idempotent writes: the source event id is Hindsight's ``document_id``, and a retain with a
  known ``document_id`` replaces that document, so a retried or replayed write never adds a
  second memory.
* The port is synchronous, the client is async: every call runs on one private event loop in a
  background thread, which owns the client's aiohttp session and closes it in :meth:`close`.
  A caller inside an event loop therefore never has that loop re-entered (the SDK's own sync
  wrappers call ``run_until_complete``), but should still call from a worker thread
  (``asyncio.to_thread``), since the port blocks.
* Request-path budget: every attempt has a timeout (``recall_timeout_s``, small: a reply waits
  on it; ``retain_timeout_s``, larger: writes happen after the reply is saved), and transient
  failures (connection errors, timeouts, HTTP 429/5xx) are retried ``attempts`` times in all
  with a short backoff. Other HTTP errors are not retried.
* Recall never raises: a failure is ``RecallResult(status="failed")`` with the error type and a
  message cut to 300 characters; an unknown bank (a customer never written) is ``none``.
* :meth:`health` reports the last success time and the last error without network traffic;
  :meth:`ping` asks the server.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from typing import Any, Protocol, TypeVar, cast

import aiohttp

from caseledger.adapters.clock import SystemClock
from caseledger.adapters.memory.bank import HealthRecord, bank_id_for, cut_error
from caseledger.domain.ports import (
    Clock,
    MemoryHealth,
    MemoryItem,
    MemoryUnavailable,
    RecallResult,
    RetainReceipt,
)

__all__ = ["HindsightMemoryStore", "describe_error"]

T = TypeVar("T")
_TRANSIENT_STATUS = frozenset({408, 425, 429, 500, 502, 503, 504})


class HindsightClient(Protocol):
    """The part of ``hindsight_client.Hindsight`` this adapter uses (tests pass a fake)."""

    async def acreate_bank(self, bank_id: str, name: str | None = None) -> Any: ...

    async def aretain(
        self,
        bank_id: str,
        content: str,
        timestamp: datetime | str | None = None,
        context: str | None = None,
        document_id: str | None = None,
        metadata: dict[str, str] | None = None,
        tags: list[str] | None = None,
    ) -> Any: ...

    async def arecall(
        self, bank_id: str, query: str, max_tokens: int = 4096, budget: str = "mid"
    ) -> Any: ...

    async def areflect(self, bank_id: str, query: str, budget: str = "low") -> Any: ...

    async def aget_version(self) -> Any: ...

    async def aclose(self) -> None: ...


def _status(exc: BaseException) -> int | None:
    """The HTTP status of an SDK (``ApiException``) or aiohttp response error, else None."""
    status = getattr(exc, "status", None)
    return status if isinstance(status, int) else None


def describe_error(exc: BaseException) -> str:
    """A one-line message for ``exc`` of at most 300 characters (no HTTP header dumps)."""
    status = _status(exc)
    if status is not None:
        reason = getattr(exc, "reason", None) or getattr(exc, "message", None) or ""
        body = getattr(exc, "body", None) or ""
        if isinstance(body, bytes):
            body = body.decode("utf-8", "replace")
        return cut_error(f"HTTP {status} {reason}: {body}".rstrip(": "))
    if isinstance(exc, TimeoutError):
        return cut_error(f"no answer within the timeout {exc}".rstrip())
    return cut_error(str(exc) or repr(exc))


def _transient(exc: BaseException) -> bool:
    status = _status(exc)
    if status is not None:
        return status in _TRANSIENT_STATUS
    return isinstance(
        exc, aiohttp.ClientConnectionError | aiohttp.ClientPayloadError | TimeoutError
    )


def _parse_time(*values: str | None) -> datetime | None:
    for value in values:
        if value:
            try:
                parsed = datetime.fromisoformat(value)
            except ValueError:
                continue
            if parsed.tzinfo is not None:
                return parsed
    return None


class HindsightMemoryStore:
    """Customer memory on a Hindsight server (one bank per customer, hashed ids).

    ``client`` replaces the real ``hindsight_client.Hindsight`` (tests). Call :meth:`close`
    when done: it closes the HTTP session and stops the background loop.
    """

    def __init__(
        self,
        base_url: str,
        *,
        bank_prefix: str,
        api_key: str | None = None,
        recall_timeout_s: float = 3.0,
        retain_timeout_s: float = 30.0,
        attempts: int = 2,
        backoff_s: float = 0.2,
        recall_budget: str = "mid",
        clock: Clock | None = None,
        client: HindsightClient | None = None,
    ) -> None:
        bank_id_for("probe", bank_prefix)  # validate the prefix now, not on first use
        if recall_timeout_s <= 0 or retain_timeout_s <= 0:
            raise ValueError("timeouts must be > 0")
        if attempts < 1:
            raise ValueError(f"attempts must be >= 1, got {attempts}")
        if recall_budget not in ("low", "mid", "high"):
            raise ValueError(f"recall_budget must be low, mid or high, got {recall_budget!r}")
        self._prefix = bank_prefix
        self._recall_timeout = recall_timeout_s
        self._retain_timeout = retain_timeout_s
        self._attempts = attempts
        self._backoff = backoff_s
        self._budget = recall_budget
        self._clock = clock or SystemClock()
        if client is None:
            from hindsight_client import Hindsight

            # max_attempts=1: retries are ours (with a request-path budget), not the SDK's too.
            client = cast(
                HindsightClient,
                Hindsight(
                    base_url=base_url,
                    api_key=api_key,
                    timeout=max(recall_timeout_s, retain_timeout_s),
                    user_agent="caseledger",
                    max_attempts=1,
                ),
            )
        self._client = client
        self._base_url = base_url
        self._banks: set[str] = set()  # banks known to exist (created or written by us)
        self._state_lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._closed = False
        self._health = HealthRecord(self._clock)

    # -- port ------------------------------------------------------------------------------

    def bank_id(self, customer_id: str) -> str:
        """The customer's bank id: the prefix plus 24 hex characters of SHA-256(customer id)."""
        return bank_id_for(customer_id, self._prefix)

    def retain(
        self,
        customer_id: str,
        content: str,
        *,
        occurred_at: datetime,
        tags: Sequence[str],
        source_event_id: str,
    ) -> RetainReceipt:
        """Write ``content`` as document ``source_event_id`` (an upsert); raise
        ``MemoryUnavailable`` when it did not happen."""
        bank = self.bank_id(customer_id)
        if not content.strip():
            raise ValueError("content must not be empty")
        if not source_event_id:
            raise ValueError("source_event_id must not be empty")
        if occurred_at.tzinfo is None:
            raise ValueError("occurred_at must be timezone-aware")

        async def write() -> Any:
            return await self._client.aretain(
                bank,
                content,
                timestamp=occurred_at,
                document_id=source_event_id,
                metadata={"source_event_id": source_event_id},
                tags=list(tags),
            )

        try:
            if bank not in self._banks:
                self._call(lambda: self._client.acreate_bank(bank, name=bank), self._retain_timeout)
                self._banks.add(bank)
            response = self._call(write, self._retain_timeout)
            if getattr(response, "success", True) is False:
                raise RuntimeError(f"Hindsight refused the write: {response!r}")
        except Exception as exc:
            if _status(exc) == 404:
                self._banks.discard(bank)  # deleted behind our back: create it next time
            self._failed(exc)
            raise MemoryUnavailable(
                cut_error(f"Hindsight write failed ({type(exc).__name__}): {describe_error(exc)}")
            ) from exc
        self._succeeded()
        return RetainReceipt(bank_id=bank, memory_id=source_event_id)

    def recall(self, customer_id: str, query: str, *, limit: int = 5) -> RecallResult:
        """The memories Hindsight ranks most relevant to ``query``; never raises."""
        try:
            if limit < 1:
                raise ValueError(f"limit must be >= 1, got {limit}")
            bank = self.bank_id(customer_id)
            response = self._call(
                lambda: self._client.arecall(bank, query, budget=self._budget),
                self._recall_timeout,
            )
        except Exception as exc:
            if _status(exc) == 404:  # no bank: nothing was ever written for this customer
                self._succeeded()
                return RecallResult(status="none")
            self._failed(exc)
            return RecallResult(
                status="failed", error_type=type(exc).__name__, error=describe_error(exc)
            )
        self._succeeded()
        items = tuple(self._item(r) for r in list(response.results)[:limit])
        return RecallResult(status="results" if items else "none", items=items)

    def reflect(self, customer_id: str, question: str) -> str | None:
        """Hindsight's synthesised answer, or None (no LLM configured, or unavailable)."""
        bank = self.bank_id(customer_id)
        try:
            response = self._call(
                lambda: self._client.areflect(bank, question), self._retain_timeout
            )
        except Exception as exc:
            status = _status(exc)
            if status is None or status >= 500:
                self._failed(exc)  # a 4xx (e.g. "reflect requires an LLM") is not an outage
            return None
        self._succeeded()
        text = getattr(response, "text", None)
        return text if isinstance(text, str) and text.strip() else None

    def health(self) -> MemoryHealth:
        """The outcome of the last call (no network traffic; see :meth:`ping`)."""
        return self._health.snapshot()

    # -- extras ----------------------------------------------------------------------------

    def ping(self) -> MemoryHealth:
        """Ask the server for its version, update the health record and return it."""
        try:
            self._call(self._client.aget_version, self._recall_timeout)
        except Exception as exc:
            self._failed(exc)
        else:
            self._succeeded()
        return self.health()

    def close(self) -> None:
        """Close the client's HTTP session and stop the background loop (idempotent)."""
        with self._state_lock:
            if self._closed:
                return
            self._closed = True
            loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        try:
            asyncio.run_coroutine_threadsafe(self._client.aclose(), loop).result(10)
        finally:
            loop.call_soon_threadsafe(loop.stop)
            thread.join(10)
            loop.close()

    def __enter__(self) -> HindsightMemoryStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- internals -------------------------------------------------------------------------

    def _ensure_loop(self) -> asyncio.AbstractEventLoop:
        with self._state_lock:
            if self._closed:
                raise RuntimeError("the Hindsight memory store is closed")
            if self._loop is None:
                loop = asyncio.new_event_loop()
                thread = threading.Thread(
                    target=loop.run_forever, name="hindsight-memory", daemon=True
                )
                thread.start()
                self._loop, self._thread = loop, thread
            return self._loop

    def _call(self, make: Callable[[], Awaitable[T]], timeout: float) -> T:
        """Run ``make()`` on the private loop with per-attempt timeouts and retries."""
        loop = self._ensure_loop()
        future = asyncio.run_coroutine_threadsafe(self._attempt(make, timeout), loop)
        # Bounded even if the loop misbehaves: every attempt plus every backoff, and a margin.
        limit = self._attempts * (timeout + self._backoff * self._attempts) + 5.0
        return future.result(limit)

    async def _attempt(self, make: Callable[[], Awaitable[T]], timeout: float) -> T:
        for attempt in range(1, self._attempts + 1):
            try:
                return await asyncio.wait_for(make(), timeout)
            except Exception as exc:
                if attempt == self._attempts or not _transient(exc):
                    raise
            await asyncio.sleep(self._backoff * attempt)
        raise AssertionError("unreachable")  # pragma: no cover

    def _item(self, result: Any) -> MemoryItem:
        metadata = getattr(result, "metadata", None) or {}
        scores = getattr(result, "scores", None)
        final = getattr(scores, "final", None) if scores is not None else None
        return MemoryItem(
            memory_id=str(result.id),
            text=str(result.text),
            occurred_at=_parse_time(
                getattr(result, "occurred_start", None), getattr(result, "mentioned_at", None)
            ),
            score=float(final) if isinstance(final, int | float) else 0.0,
            source_event_id=metadata.get("source_event_id") or getattr(result, "document_id", None),
            tags=tuple(getattr(result, "tags", None) or ()),
        )

    def _succeeded(self) -> None:
        self._health.succeeded()

    def _failed(self, exc: BaseException) -> None:
        self._health.failed(f"{type(exc).__name__}: {describe_error(exc)}")
