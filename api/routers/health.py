"""Liveness; the only route without a credential."""

from __future__ import annotations

from fastapi import APIRouter

from caseledger.api.deps import ContainerDep
from caseledger.api.schemas.health import HealthPublic

router = APIRouter(prefix="/health", tags=["health"])


@router.get("", response_model=HealthPublic)
def health(container: ContainerDep) -> HealthPublic:
    """The API answers; ``projection_lag`` is how many events each read model is behind."""
    return HealthPublic(status="ok", projection_lag=container.runner.lag())
