"""Lineage: why any reply, fact or event exists."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from caseledger.api.deps import TracerDep, ViewsDep
from caseledger.api.routers.params import COMMON_ERRORS, EventIdPath
from caseledger.api.schemas.trace import TracePublic
from caseledger.domain.errors import NotFound

router = APIRouter(prefix="/trace", tags=["trace"], responses=COMMON_ERRORS)


def _own(tree: dict[str, Any], customer_id: str) -> dict[str, Any]:
    # A customer sees only its own events in a tree: links to anyone else's are cut.
    causes = [
        _own(c, customer_id)
        for c in tree.get("causes", [])
        if c.get("missing") or (c.get("event") or {}).get("customer_id") == customer_id
    ]
    out = {**tree, "causes": causes}
    if "effects" in tree:
        out["effects"] = [e for e in tree["effects"] if e.get("customer_id") == customer_id]
    return out


@router.get("/{event_id}", response_model=TracePublic)
def trace_event(event_id: EventIdPath, principal: TracerDep, views: ViewsDep) -> TracePublic:
    """The causes of an event, recursively, and its direct effects."""
    tree = views.trace(event_id)
    if principal.is_customer:
        assert principal.customer_id is not None
        if tree["event"].get("customer_id") != principal.customer_id:
            raise NotFound("event", event_id)
        tree = _own(tree, principal.customer_id)
    return TracePublic.model_validate(tree)
