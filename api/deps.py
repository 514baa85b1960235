"""Dependencies of the routes: the container's parts, the caller's credential, its rights.

Authentication and the role matrix live here and nowhere else; routes declare what they
need with the ``Annotated`` aliases at the bottom (``PrincipalDep``, ``StaffDep``, ...).
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any, Literal, Protocol

from fastapi import Depends, HTTPException, Request, status
from fastapi.security import APIKeyHeader, HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool

from caseledger.adapters.bootstrap import Container
from caseledger.domain.errors import NotFound
from caseledger.domain.services import Cause, SupportDesk
from caseledger.projections.views import ReadViews

Role = Literal["service", "agent", "customer", "analyst", "auditor"]
_UNSAFE_NAME = re.compile(r"[^\w.@-]")


# -- the reply pipeline, as the API uses it ----------------------------------------------


class ReplyOutcomeLike(Protocol):
    """What the API reads from a finished reply (``ReplyOutcome``)."""

    def to_dict(self) -> dict[str, object]:
        """The outcome as JSON-ready fields (``ReplyPublic``)."""
        ...


class ReplyEventLike(Protocol):
    """One step of a streamed reply (``ReplyEvent``): status, delta or done."""

    @property
    def kind(self) -> str:
        """``status``, ``delta`` or ``done``."""
        ...

    @property
    def data(self) -> str:
        """A status line or a chunk of visible text."""
        ...

    @property
    def outcome(self) -> ReplyOutcomeLike | None:
        """Set on ``done`` only."""
        ...


class ReplyPipeline(Protocol):
    """The reply service: one customer message in, a guarded reply out."""

    def handle_message(self, ticket_id: str, text: str, cause: Cause) -> ReplyOutcomeLike:
        """Run a whole turn; return its outcome."""
        ...

    def stream_message(self, ticket_id: str, text: str, cause: Cause) -> Iterator[ReplyEventLike]:
        """Run a turn step by step: status events, text deltas, done; then, before it ends,
        the memory write (a caller that stops at done must still run it to its end)."""
        ...


# -- the caller -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Principal:
    """Who is calling: the credential's name, its role, and for a customer its customer id."""

    name: str
    role: Role
    customer_id: str | None = None

    @property
    def is_customer(self) -> bool:
        """A customer credential, bound to one customer id."""
        return self.role == "customer"

    @property
    def actor(self) -> str:
        """The actor recorded on events this caller causes (``agent:<name>`` ...)."""
        if self.role == "customer":
            return "customer"
        name = _UNSAFE_NAME.sub("-", self.name)[:64].strip("-") or "api"
        return f"{self.role}:{name}"

    def cause(self, occurred_at: datetime | None = None, *, actor: str | None = None) -> Cause:
        """A Cause for a command; only a service may say when something happened in the world."""
        if occurred_at is not None and self.role != "service":
            raise HTTPException(
                status.HTTP_403_FORBIDDEN,
                "only a service credential may set occurred_at; leave it out to mean now",
            )
        return Cause(actor=actor or self.actor, occurred_at=occurred_at)

    def check_customer(self, customer_id: str, kind: str = "customer") -> None:
        """A customer credential sees only its own customer: anything else does not exist."""
        if self.is_customer and customer_id != self.customer_id:
            raise NotFound(kind, customer_id)


# The dependencies below are ``async def`` on purpose: they do no I/O, and FastAPI runs a
# plain ``def`` dependency in the threadpool: a thread hop and a wait for the GIL each, per
# request, which under load cost more than the work itself.
_bearer = HTTPBearer(auto_error=False, description="Authorization: Bearer <API key>")
_api_key = APIKeyHeader(name="X-API-Key", auto_error=False, description="the API key")


async def get_container(request: Request) -> Container:
    """The container the app was created with."""
    container: Container = request.app.state.container
    return container


ContainerDep = Annotated[Container, Depends(get_container)]


async def database_ready(container: ContainerDep) -> None:
    """Answer 503 ``database_unavailable`` within ``api.db_timeout_seconds`` while PostgreSQL
    is away, before a route meets it: the event store retries each call ten times."""
    if container.settings.db.backend != "postgres":
        return  # a file: nothing to check, and no trip to the threadpool for it per request
    await run_in_threadpool(container.check_database, container.settings.api.db_timeout_seconds)


async def get_desk(container: ContainerDep) -> SupportDesk:
    """The command side: every write goes through the desk."""
    return container.desk


async def get_views(container: ContainerDep) -> ReadViews:
    """The read side: every read comes from the projections."""
    return container.views


async def get_replies(container: ContainerDep) -> ReplyPipeline:
    """The reply pipeline; 503 when this deployment has none wired."""
    replies: ReplyPipeline | None = getattr(container, "replies", None)
    if replies is None:
        raise HTTPException(status.HTTP_503_SERVICE_UNAVAILABLE, "no reply pipeline is configured")
    return replies


ServiceDep = Annotated[SupportDesk, Depends(get_desk)]
ViewsDep = Annotated[ReadViews, Depends(get_views)]
RepliesDep = Annotated[ReplyPipeline, Depends(get_replies)]


async def authenticate(
    container: ContainerDep,
    bearer: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    api_key: Annotated[str | None, Depends(_api_key)],
) -> Principal:
    """Look the presented key up in ``settings.api.keys``; 401 when absent or unknown."""
    presented = bearer.credentials if bearer is not None else api_key
    if not presented:
        raise HTTPException(
            status.HTTP_401_UNAUTHORIZED,
            "a credential is required: Authorization: Bearer <key> or X-API-Key: <key>",
            headers={"WWW-Authenticate": "Bearer"},
        )
    given = presented.encode("utf-8", "surrogatepass")
    found = None
    # Compare against every key in constant time per key: the answer time says nothing
    # about which key was close.
    for key, entry in container.settings.api.keys.items():
        if hmac.compare_digest(key.encode("utf-8"), given):
            found = entry
    if found is None:
        raise HTTPException(
            status.HTTP_401_UNAUTHORIZED,
            "unknown API key",
            headers={"WWW-Authenticate": "Bearer"},
        )
    return Principal(name=found.name, role=found.role, customer_id=found.customer_id)


PrincipalDep = Annotated[Principal, Depends(authenticate)]


def require(*roles: Role, doing: str) -> Callable[[Principal], Awaitable[Principal]]:
    """A dependency that admits only ``roles``; anyone else gets 403 with the reason."""

    async def check(principal: PrincipalDep) -> Principal:
        """Admit the caller or refuse with 403."""
        if principal.role not in roles:
            article = "an" if principal.role[0] in "aeiou" else "a"
            raise HTTPException(
                status.HTTP_403_FORBIDDEN,
                f"{article} {principal.role} credential may not {doing}; "
                f"allowed: {', '.join(roles)}",
            )
        return principal

    return check


StaffDep = Annotated[
    Principal, Depends(require("service", "agent", doing="make this change (staff only)"))
]
ParticipantDep = Annotated[
    Principal,
    Depends(require("service", "agent", "customer", doing="make changes (read-only role)")),
]
TracerDep = Annotated[
    Principal,
    Depends(require("service", "agent", "auditor", "customer", doing="read event lineage")),
]


def visible_ticket(principal: Principal, views: ReadViews, ticket_id: str) -> dict[str, Any]:
    """The ticket's read-model document, or NotFound when it is not there for this caller.

    A customer credential gets the same NotFound for another customer's ticket as for a
    ticket that does not exist, so it cannot learn which ids exist.
    """
    doc = views.ticket(ticket_id)
    if principal.is_customer and doc["customer_id"] != principal.customer_id:
        raise NotFound("ticket", ticket_id)
    return doc


def check_ticket_write(principal: Principal, views: ReadViews, ticket_id: str) -> None:
    """Before a customer changes a ticket, make sure it is theirs (staff: the desk checks)."""
    if principal.is_customer:
        visible_ticket(principal, views, ticket_id)
