"""What is left of a turn after its answer (the message's memory write), on threads of its own.

The write can wait on the memory server for a minute (two tries of its 30 s timeout). Run in
Starlette's shared threadpool, forty such writes held every thread of it and every
synchronous route, ``/v1/health`` included, waited behind them (session 62's QA, with
Hindsight hung: 45-52 s a request). Here they have ``workers`` threads and at most
``max_pending`` turns in hand; past that a turn is left unfinished, as a crash between the
answer and the write would leave it, and ``caseledger memory-retry`` finishes it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

_log = logging.getLogger(__name__)


class TurnFinisher:
    """Runs the rest of answered turns on ``workers`` threads, ``max_pending`` at most."""

    def __init__(self, *, workers: int, max_pending: int) -> None:
        self._pool = ThreadPoolExecutor(workers, thread_name_prefix="caseledger-memory-write")
        self._slots = threading.BoundedSemaphore(max_pending)
        self._closed = False
        self._in_hand = 0
        self._idle = threading.Condition()

    def submit(self, rest: Iterator[Any]) -> bool:
        """Finish ``rest`` on a thread of this finisher; False (nothing taken) when it has
        ``max_pending`` turns in hand or is closed: the caller closes ``rest`` then."""
        if self._closed or not self._slots.acquire(blocking=False):
            _log.warning(
                "memory writes: %s; this turn's write is left to `caseledger memory-retry`",
                "shutting down" if self._closed else "too many in hand",
            )
            return False
        with self._idle:
            self._in_hand += 1
        try:
            self._pool.submit(self._finish, rest)
        except RuntimeError:  # shut down between the check and the submit
            self._done()
            return False
        return True

    def _done(self) -> None:
        self._slots.release()
        with self._idle:
            self._in_hand -= 1
            self._idle.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        """Wait until no turn is in hand (at most ``timeout`` seconds); whether none is."""
        with self._idle:
            return self._idle.wait_for(lambda: self._in_hand == 0, timeout)

    def _finish(self, rest: Iterator[Any]) -> None:
        try:
            for _ in rest:
                pass
        except Exception:  # noqa: BLE001 - logged; the turn's answer went out already
            _log.exception("finishing a turn after its answer failed")
        finally:
            self._done()

    def close(self, *, wait: bool = True) -> None:
        """Take no more turns; with ``wait``, let the ones in hand finish (queued ones too)."""
        self._closed = True
        self._pool.shutdown(wait=wait, cancel_futures=not wait)
