"""Liveness; the only route without a credential."""

from __future__ import annotations

from fastapi import APIRouter

from caseledger.api.deps import ContainerDep
from caseledger.api.schemas.common import ErrorPublic
from caseledger.api.schemas.health import HealthPublic

router = APIRouter(prefix="/health", tags=["health"])


@router.get(
    "",
    response_model=HealthPublic,
    responses={503: {"model": ErrorPublic, "description": "the database is unavailable"}},
)
def health(container: ContainerDep) -> HealthPublic:
    """The API answers; ``projection_lag`` is how many events each read model is behind.
    503 ``database_unavailable`` within ``api.db_timeout_seconds`` while the database is away."""
    return HealthPublic(status="ok", projection_lag=container.runner.lag())
