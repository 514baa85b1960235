"""Liveness."""

from __future__ import annotations

from pydantic import BaseModel


class HealthPublic(BaseModel):
    """The API answers, and how far the read models lag behind the event log."""

    status: str
    projection_lag: dict[str, int]
