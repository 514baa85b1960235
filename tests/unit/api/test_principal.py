"""Who a credential is on the events it causes, and what it may claim."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from fastapi import HTTPException

from caseledger.api.deps import Principal
from caseledger.domain.errors import NotFound
from caseledger.domain.model.base import check_actor


@pytest.mark.parametrize(
    ("principal", "actor"),
    [
        (Principal("sam", "agent"), "agent:sam"),
        (Principal("crm", "service"), "service:crm"),
        (Principal("Sam O'Neil (night shift)", "agent"), "agent:Sam-O-Neil--night-shift"),
        (Principal("", "service"), "service:api"),
        (Principal("x" * 200, "agent"), "agent:" + "x" * 64),
        (Principal("ana", "customer", "cust-a"), "customer"),
    ],
)
def test_actor_is_always_one_the_domain_accepts(principal: Principal, actor: str) -> None:
    assert principal.actor == actor
    check_actor(principal.actor)  # raises InvalidInput otherwise


def test_only_a_service_says_when_something_happened() -> None:
    earlier = datetime(2026, 5, 1, tzinfo=UTC)
    assert Principal("crm", "service").cause(earlier).occurred_at == earlier
    with pytest.raises(HTTPException) as refused:
        Principal("sam", "agent").cause(earlier)
    assert refused.value.status_code == 403
    assert Principal("sam", "agent").cause().occurred_at is None


def test_a_customer_sees_only_itself() -> None:
    ana = Principal("ana", "customer", "cust-a")
    ana.check_customer("cust-a")
    with pytest.raises(NotFound):
        ana.check_customer("cust-b")
    Principal("sam", "agent").check_customer("cust-b")  # staff see everyone
