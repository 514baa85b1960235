"""The real clock (tests inject a fixed or stepping one)."""

from __future__ import annotations

from datetime import UTC, datetime


class SystemClock:
    """UTC wall-clock time."""

    def now(self) -> datetime:
        return datetime.now(tz=UTC)
