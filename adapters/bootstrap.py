"""The one composition root: settings in, a wired Container out.

Every choice of implementation (embedded vs production) is made here and only here.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any
from urllib.parse import unquote, urlsplit

from caseledger.adapters.clock import SystemClock
from caseledger.adapters.settings import Settings
from caseledger.domain.policies.attempts import EquivalenceRule
from caseledger.domain.policies.escalation import EscalationRule
from caseledger.domain.ports import AttemptEquivalence, Clock, Embedder
from caseledger.domain.services import Limits, SupportDesk
from caseledger.projections.attempt_list import AttemptList
from caseledger.projections.base import Projection
from caseledger.projections.lineage_index import LineageIndex
from caseledger.projections.preference_view import PreferenceView
from caseledger.projections.runner import NotificationLogSource, ProjectionRunner
from caseledger.projections.store import ReadModelStore
from caseledger.projections.ticket_state import TicketState
from caseledger.projections.views import ReadViews


def all_projections() -> list[Projection]:
    return [TicketState(), AttemptList(), PreferenceView(), LineageIndex()]


@dataclass
class Container:
    """Everything an entry point needs, wired once."""

    settings: Settings
    clock: Clock
    desk: SupportDesk
    store: ReadModelStore
    runner: ProjectionRunner
    views: ReadViews
    extras: dict[str, Any] = field(default_factory=dict)

    def close(self) -> None:
        self.store.close()
        self.desk.close()


def eventsourcing_env(settings: Settings) -> dict[str, str]:
    """Translate our settings into the eventsourcing library's environment keys."""
    if settings.db.backend == "sqlite":
        return {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(settings.sqlite_path),
            "SQLITE_LOCK_TIMEOUT": "10",
        }
    assert settings.db.postgres_url is not None
    url = urlsplit(settings.db.postgres_url.get_secret_value())
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": url.path.lstrip("/") or "postgres",
        "POSTGRES_HOST": url.hostname or "127.0.0.1",
        "POSTGRES_PORT": str(url.port or 5432),
        "POSTGRES_USER": unquote(url.username or ""),
        "POSTGRES_PASSWORD": unquote(url.password or ""),
        "POSTGRES_SCHEMA": settings.db.postgres_schema,
        "POSTGRES_POOL_SIZE": str(settings.db.pool_size),
        "CREATE_TABLE": "y",
    }


def _read_store(settings: Settings) -> ReadModelStore:
    if settings.db.backend == "sqlite":
        from caseledger.adapters.readmodels.sqlite import SQLiteReadModelStore

        return SQLiteReadModelStore(settings.readmodel_sqlite_path)
    from caseledger.adapters.readmodels.postgres import PostgresReadModelStore

    assert settings.db.postgres_url is not None
    return PostgresReadModelStore(
        settings.db.postgres_url.get_secret_value(),
        schema=settings.db.postgres_schema,
        pool_size=settings.db.pool_size,
    )


def _equivalence(settings: Settings, embedder: Embedder | None) -> AttemptEquivalence:
    from caseledger.adapters.equivalence.fuzzy_semantic import RapidfuzzSemanticEquivalence

    rule = EquivalenceRule()
    overrides: dict[str, float] = {}
    if settings.guard.lexical_threshold is not None:
        overrides["lexical"] = settings.guard.lexical_threshold
    if settings.guard.semantic_threshold is not None:
        overrides["semantic"] = settings.guard.semantic_threshold
    if overrides:
        rule = dataclasses.replace(rule, **overrides)
    return RapidfuzzSemanticEquivalence(embedder, rule)


def _embedder(settings: Settings) -> Embedder | None:
    if not settings.guard.use_embeddings:
        return None
    from caseledger.adapters.embeddings.sentence_transformer import SentenceTransformerEmbedder

    return SentenceTransformerEmbedder(settings.guard.embedding_model_path)


def bootstrap(settings: Settings, **overrides: Any) -> Container:
    """Wire the engine from settings; tests replace any part by keyword.

    Overrides: ``clock``, ``embedder``, ``equivalence``, ``store``, ``inline_projections``.
    """
    if settings.db.backend == "sqlite":
        settings.data_dir.mkdir(parents=True, exist_ok=True)
    clock: Clock = overrides.pop("clock", None) or SystemClock()
    embedder = overrides.pop("embedder") if "embedder" in overrides else _embedder(settings)
    equivalence = overrides.pop("equivalence", None) or _equivalence(settings, embedder)
    store = overrides.pop("store", None) or _read_store(settings)
    inline = overrides.pop("inline_projections", settings.projections.source == "log")
    if overrides:
        raise TypeError(f"unknown bootstrap overrides: {', '.join(sorted(overrides))}")

    esc = settings.escalation
    holder: list[ProjectionRunner] = []

    def deliver_inline() -> None:
        # Embedded mode: projections catch up in-process right after each commit.
        holder[0].catch_up()

    desk = SupportDesk(
        eventsourcing_env(settings),
        clock=clock,
        equivalence=equivalence,
        escalation=EscalationRule(
            max_failed_attempts=esc.max_failed_attempts,
            max_follow_ups=esc.max_follow_ups,
            max_age=timedelta(hours=esc.max_age_hours),
            escalate_priorities=tuple(esc.escalate_priorities),
        ),
        limits=Limits(
            max_text_chars=settings.limits.max_text_chars,
            preference_confidence_threshold=settings.limits.preference_confidence_threshold,
        ),
        on_saved=deliver_inline if inline else None,
    )
    projections = all_projections()
    runner = ProjectionRunner(NotificationLogSource(desk), store, projections)
    holder.append(runner)
    container = Container(
        settings=settings,
        clock=clock,
        desk=desk,
        store=store,
        runner=runner,
        views=ReadViews(store, projections),
    )
    container.extras["embedder"] = embedder
    return container
