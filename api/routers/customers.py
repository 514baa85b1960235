"""Customer preferences: the resolved view (now or as of a time) and corrections."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, status
from pydantic import AwareDatetime

from caseledger.api.deps import ContainerDep, ParticipantDep, PrincipalDep, ServiceDep, ViewsDep
from caseledger.api.routers.params import COMMON_ERRORS, CustomerIdPath
from caseledger.api.schemas.common import EventRecorded
from caseledger.api.schemas.customers import (
    MemoryViewPublic,
    PreferenceCorrectionCreate,
    PreferencePublic,
    PreferencesPublic,
    StatementPublic,
)
from caseledger.domain.errors import NotFound
from caseledger.domain.policies.preferences import PreferenceStatement, ResolvedPreference
from caseledger.projections.memory_view import memory_view

router = APIRouter(prefix="/customers", tags=["customers"], responses=COMMON_ERRORS)


def _statement(s: PreferenceStatement) -> StatementPublic:
    return StatementPublic(
        value=s.value,
        kind=s.kind,
        source=s.source,
        text=s.text,
        stated_at=s.stated_at,
        recorded_at=s.recorded_at,
        confidence=s.confidence,
        expires_at=s.expires_at,
    )


def _preference(r: ResolvedPreference) -> PreferencePublic:
    return PreferencePublic(
        key=r.key,
        status=r.status,
        value=r.value,
        winner=_statement(r.winner) if r.winner is not None else None,
        candidates=[_statement(s) for s in r.candidates],
        superseded=[_statement(s) for s in r.superseded],
    )


@router.get("/{customer_id}/preferences", response_model=PreferencesPublic)
def read_preferences(
    customer_id: CustomerIdPath,
    principal: PrincipalDep,
    views: ViewsDep,
    container: ContainerDep,
    as_of: Annotated[
        AwareDatetime | None,
        Query(description="what the engine believed at this instant (ISO 8601 with offset)"),
    ] = None,
) -> PreferencesPublic:
    """Per key: the current value, a conflict to ask about, or unknown."""
    principal.check_customer(customer_id)
    resolved = views.preferences(customer_id, as_of=as_of, now=container.clock.now())
    return PreferencesPublic(
        customer_id=customer_id,
        as_of=as_of,
        data={key: _preference(r) for key, r in sorted(resolved.items())},
    )


@router.get("/{customer_id}/memory", response_model=MemoryViewPublic)
def read_memory(
    customer_id: CustomerIdPath,
    principal: PrincipalDep,
    views: ViewsDep,
    desk: ServiceDep,
    container: ContainerDep,
    show_all: Annotated[
        bool,
        Query(alias="all", description="also superseded, expired and candidate values"),
    ] = False,
) -> MemoryViewPublic:
    """The memory view: grouped, duplicates merged, conflicts shown, each item with its source."""
    principal.check_customer(customer_id)
    try:
        view = views.memory(customer_id, all=show_all, now=container.clock.now())
    except NotFound:
        if not desk.customer_exists(customer_id):
            raise
        view = {**memory_view(None), "customer_id": customer_id}
    if principal.is_customer:
        view = _as_the_customer_sees_it(view)
    return MemoryViewPublic.model_validate(view)


# What staff need to repair a memory write (the store's error, the bank it went to) but the
# customer has no use for, and should not see of the system behind it.
_STAFF_ONLY = ("bank_id",)
_NOT_SAVED_FOR_CUSTOMERS = "not saved yet; it will be tried again"


def _as_the_customer_sees_it(view: dict[str, Any]) -> dict[str, Any]:
    def item(entry: dict[str, Any]) -> dict[str, Any]:
        shown = {k: v for k, v in entry.items() if k not in _STAFF_ONLY}
        if shown.get("status") == "not_saved" and "reason" in shown:
            shown["reason"] = _NOT_SAVED_FOR_CUSTOMERS
        return shown

    groups = {name: [item(e) for e in entries] for name, entries in view["groups"].items()}
    return {**view, "groups": groups}


@router.post(
    "/{customer_id}/preferences/corrections",
    status_code=status.HTTP_201_CREATED,
    response_model=EventRecorded,
)
def correct_preference(
    customer_id: CustomerIdPath,
    body: PreferenceCorrectionCreate,
    principal: ParticipantDep,
    desk: ServiceDep,
) -> EventRecorded:
    """Record an explicit correction; it beats every older statement of the key."""
    principal.check_customer(customer_id)
    event_id = desk.correct_preference(
        customer_id,
        body.key,
        body.value,
        principal.cause(body.occurred_at),
        reason=body.reason,
        corrects_event_id=body.corrects_event_id,
    )
    return EventRecorded(event_id=event_id)
