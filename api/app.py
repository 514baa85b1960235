"""The FastAPI application: ``create_app(container)``; ``app_from_env()`` for uvicorn.

Run it: ``uvicorn caseledger.api.app:app_from_env --factory``.
"""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import APIRouter, Depends, FastAPI
from fastapi.routing import APIRoute
from starlette.concurrency import run_in_threadpool

from caseledger.adapters.bootstrap import Container, bootstrap
from caseledger.adapters.database import DatabaseUnavailable
from caseledger.adapters.settings import Settings
from caseledger.api.deps import database_ready
from caseledger.api.errors import install_error_handlers
from caseledger.api.middleware import BodySizeLimit
from caseledger.api.routers import attempts, customers, health, messages, tickets, trace
from caseledger.api.turns import TurnFinisher

API_PREFIX = "/v1"

# uvicorn's own logger: its handler is the one a served app has by default, so the start-up
# line shows beside "Application startup complete." without a logging config.
_log = logging.getLogger("uvicorn.error")


def operation_id(route: APIRoute) -> str:
    """``<first tag>-<function name>``: stable, readable names for generated clients."""
    tag = route.tags[0] if route.tags else "default"
    return f"{tag}-{route.name}"


def api_router() -> APIRouter:
    """Every resource router, one line each."""
    # Every route reads or writes the database: each checks first that it answers.
    router = APIRouter(dependencies=[Depends(database_ready)])
    router.include_router(tickets.router)
    router.include_router(messages.router)
    router.include_router(attempts.router)
    router.include_router(customers.router)
    router.include_router(trace.router)
    router.include_router(health.router)
    return router


def create_app(container: Container, *, owns_container: bool = False) -> FastAPI:
    """The API over one wired container; with ``owns_container`` it is closed on shutdown."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        """With ``api.warm_up``, ready before the first request (uvicorn accepts none until
        this returns, so ``/v1/health`` answers only then); on shutdown, close the container
        if this app owns it."""
        frozen = False
        if container.settings.api.warm_up:
            spent = await run_in_threadpool(container.warm_up)
            # The models, lexicons and catalog stay for the process's life: a full collection
            # walking them (~0.4 s, the GIL held) would stall whichever replies it met.
            gc.collect()
            gc.freeze()
            frozen = True
            _log.info(
                "warmed up (%s); %d start-up objects frozen out of the collector",
                ", ".join(f"{part} {seconds:.2f} s" for part, seconds in spent.items())
                or "nothing to load",
                gc.get_freeze_count(),
            )
        try:
            yield
        finally:
            # Turns in hand finish (their threads are joined at exit); queued ones are left to
            # `caseledger memory-retry`, so a hung memory server cannot hold the shutdown.
            app.state.turn_finisher.close(wait=False)
            if frozen:
                gc.unfreeze()  # an app started again in this process starts as this one did
            if owns_container:
                container.close()

    app = FastAPI(
        title="caseledger",
        version="0.1.0",
        summary="Event-sourced ticket resolution for AI customer-support agents",
        description=(
            "Every endpoint but `/v1/health` needs `Authorization: Bearer <key>` or "
            '`X-API-Key: <key>`. Errors answer `{"error", "reason", "field"}`.'
        ),
        generate_unique_id_function=operation_id,
        lifespan=lifespan,
    )
    app.state.container = container
    app.state.turn_finisher = TurnFinisher(
        workers=container.settings.api.memory_write_workers,
        max_pending=container.settings.api.max_pending_memory_writes,
    )
    container.limit_db_wait(container.settings.api.db_timeout_seconds)
    install_error_handlers(app)
    app.add_middleware(BodySizeLimit, max_bytes=container.settings.api.max_body_bytes)
    app.include_router(api_router(), prefix=API_PREFIX)
    return app


def app_from_env() -> FastAPI:
    """Settings from the environment, the container, the app (``uvicorn --factory``)."""
    settings = Settings()
    try:
        container = bootstrap(settings)
    except DatabaseUnavailable as exc:
        # A reason and exit 2, as the CLI does: uvicorn would print the factory's traceback.
        _log.error("error: %s", exc)
        raise SystemExit(2) from None
    return create_app(container, owns_container=True)
