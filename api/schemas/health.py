"""Liveness."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel


class HealthPublic(BaseModel):
    """The API answers, and how far the read models lag behind the event log."""

    status: str
    # Events each read model is behind the log; empty where the Kafka projector writes them
    # (`caseledger status --kafka` has their lag per partition; the API does not ask Kafka).
    projection_lag: dict[str, int]
    projections: Literal["log", "kafka"] = "log"  # who writes the read models
