"""Customer preferences: the resolved view (current, conflict, unknown) and corrections."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import AfterValidator, AwareDatetime, BaseModel, Field, StringConstraints

from caseledger.api.schemas.common import Identifier, ReasonText, storable

PreferenceKey = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]{0,63}$")]
PreferenceValue = Annotated[
    str, StringConstraints(min_length=1, max_length=500), AfterValidator(storable)
]


class StatementPublic(BaseModel):
    """One statement of a preference, with its times and source event."""

    value: str
    kind: str
    source: str
    text: str
    stated_at: datetime | None
    recorded_at: datetime | None
    confidence: float
    expires_at: datetime | None


class PreferencePublic(BaseModel):
    """The resolution of one key: ``current`` (value and winner), ``conflict`` or ``unknown``."""

    key: str
    status: str
    value: str | None
    winner: StatementPublic | None
    candidates: list[StatementPublic]
    superseded: list[StatementPublic]


class PreferencesPublic(BaseModel):
    """A customer's preferences, as believed now or at ``as_of``."""

    customer_id: str
    as_of: datetime | None
    data: dict[str, PreferencePublic]


class PreferenceCorrectionCreate(BaseModel):
    """An explicit correction of a preference; it beats every older statement of the key."""

    key: PreferenceKey
    value: PreferenceValue
    reason: ReasonText
    corrects_event_id: Identifier | None = Field(
        default=None, description="the statement being corrected, if known"
    )
    occurred_at: AwareDatetime | None = None


class MemoryViewPublic(BaseModel):
    """What the engine believes about a customer, for people: grouped items, each with its
    source event and time; duplicates merged (``count``); conflicts listed apart."""

    customer_id: str
    groups: dict[str, list[dict[str, Any]]]
    conflicts: list[dict[str, Any]]
