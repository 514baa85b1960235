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
    """The API answers; ``projection_lag`` is how many events each read model is behind
    (empty where the Kafka projector writes them: ``projections`` says which).
    503 ``database_unavailable`` within ``api.db_timeout_seconds`` while the database is away."""
    if container.settings.projections.source == "kafka":
        # The in-process runner's positions never move then: reporting them read as a lag
        # that never closed (session 62's QA).
        return HealthPublic(status="ok", projection_lag={}, projections="kafka")
    return HealthPublic(status="ok", projection_lag=container.runner.lag())
