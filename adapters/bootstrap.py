"""The one composition root: settings in, a wired Container out.

Every choice of implementation (embedded vs production) is made here and only here.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from caseledger.adapters.catalog.catalog import Catalog, load_catalog
from caseledger.adapters.clock import SystemClock
from caseledger.adapters.database import check_postgres, ping
from caseledger.adapters.settings import Settings
from caseledger.domain.policies.attempts import EquivalenceRule
from caseledger.domain.policies.escalation import EscalationRule
from caseledger.domain.ports import (
    AttemptEquivalence,
    Clock,
    Embedder,
    KnownAttempt,
    MemoryStore,
    PairJudge,
    Responder,
)
from caseledger.domain.services import Limits, SupportDesk
from caseledger.domain.services.replies import ReplyService
from caseledger.projections.attempt_list import AttemptList
from caseledger.projections.base import Projection
from caseledger.projections.lineage_index import LineageIndex
from caseledger.projections.memory_view import MemoryView
from caseledger.projections.preference_view import PreferenceView
from caseledger.projections.runner import NotificationLogSource, ProjectionRunner
from caseledger.projections.store import ReadModelStore
from caseledger.projections.ticket_state import TicketState
from caseledger.projections.views import ReadViews


def kafka_projections() -> list[Projection]:
    """The projections the Kafka projector maintains: all of them."""
    return all_projections()


def all_projections() -> list[Projection]:
    """Every projection, in the order runners apply them."""
    return [TicketState(), AttemptList(), PreferenceView(), LineageIndex(), MemoryView()]


@dataclass
class Container:
    """Everything an entry point needs, wired once."""

    settings: Settings
    clock: Clock
    desk: SupportDesk
    store: ReadModelStore
    runner: ProjectionRunner
    views: ReadViews
    replies: ReplyService
    memory: MemoryStore
    extras: dict[str, Any] = field(default_factory=dict)

    def warm_up(self) -> dict[str, float]:
        """Load now what the first reply would otherwise load while a customer waits: the
        embedding model (loaded on first use, ~5 s), and one guard decision on a canned repeat
        (the reading, the wording scores, and the pair model's first run, which reads a block
        before it stands). Seconds each took."""
        spent: dict[str, float] = {}
        embedder: Embedder | None = self.extras.get("embedder")
        if embedder is not None:
            began = time.perf_counter()
            embedder.embed(["warm up"])
            spent["embedding model"] = time.perf_counter() - began
        began = time.perf_counter()
        failed = KnownAttempt("warm-up", "", "warm-up", "Restart the router.", "failed")
        self.desk.equivalence.find_equivalent("Reboot the router.", [failed])
        spent["guard"] = time.perf_counter() - began
        return spent

    def check_database(self, timeout: float) -> None:
        """Raise ``DatabaseUnavailable`` unless PostgreSQL answers within ``timeout`` seconds
        (one round trip on a pooled read-model connection; nothing to check on SQLite)."""
        pool = getattr(self.store, "pool", None)
        if self.settings.db.backend == "postgres" and pool is not None:
            ping(self.settings, pool, timeout)

    def limit_db_wait(self, seconds: float) -> None:
        """Wait at most ``seconds`` for a database connection from now on (the API's
        requests: a caller gets 503 promptly rather than hanging while PostgreSQL is away)."""
        if self.settings.db.backend != "postgres":
            return  # SQLite is a file: nothing to wait for
        # Both are psycopg_pool pools, whose ``timeout`` is the default wait of each checkout.
        datastore = getattr(self.desk.recorder, "datastore", None)
        for pool in (getattr(self.store, "pool", None), getattr(datastore, "pool", None)):
            if pool is not None:
                pool.timeout = seconds

    def close(self) -> None:
        closer = getattr(self.memory, "close", None)
        if callable(closer):
            closer()
        self.store.close()
        self.desk.close()


def eventsourcing_env(settings: Settings) -> dict[str, str]:
    """Translate our settings into the eventsourcing library's environment keys."""
    if settings.db.backend == "sqlite":
        return {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": str(settings.sqlite_path),
            "SQLITE_LOCK_TIMEOUT": "10",
            # Cached aggregates are fast-forwarded from the store on every get, so other
            # writers' events are never missed; each get returns a deep copy, so a reply
            # takes one per aggregate and reuses it (desk.UnitOfWork).
            "AGGREGATE_CACHE_MAXSIZE": "1000",
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
        # The library's default is 30 s per wait for a connection, every time it is away.
        "POSTGRES_CONNECT_TIMEOUT": str(settings.db.connect_timeout_seconds),
        "CREATE_TABLE": "y",
        "AGGREGATE_CACHE_MAXSIZE": "1000",
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
        timeout=settings.db.connect_timeout_seconds,
    )


def build_equivalence(
    settings: Settings, embedder: Embedder | None, catalog: Catalog
) -> AttemptEquivalence:
    """The guard: catalog actions and frames first, similarity for text outside the catalog."""
    from caseledger.adapters.equivalence.action_catalog import CatalogGuardEquivalence
    from caseledger.domain.policies.action_frames import GuardRule

    similarity = EquivalenceRule()
    overrides: dict[str, float] = {}
    if settings.guard.lexical_threshold is not None:
        overrides["lexical"] = settings.guard.lexical_threshold
    if settings.guard.semantic_threshold is not None:
        overrides["semantic"] = settings.guard.semantic_threshold
    if overrides:
        similarity = dataclasses.replace(similarity, **overrides)
    return CatalogGuardEquivalence(
        embedder,
        catalog,
        GuardRule(similarity=similarity),
        semantic_for_cjk=settings.guard.semantic_for_cjk,
        evidence_cosine=settings.guard.evidence_cosine,
        pair_judge=build_pair_judge(settings),
        judge_read_different=settings.guard.pair_model_when_read_different,
        read_first=settings.guard.pair_model_read_first,
    )


def build_pair_judge(settings: Settings) -> PairJudge | None:
    """The learned pair model (the packaged one unless ``pair_model_dir`` names another), or
    None when ``use_pair_model`` is off."""
    directory = settings.guard.pair_model_directory()
    if directory is None:
        return None
    from caseledger.adapters.equivalence.pair_model import OnnxPairJudge

    return OnnxPairJudge(
        directory,
        threshold=settings.guard.pair_model_threshold,
        veto_threshold=settings.guard.pair_model_veto_threshold,
        veto=settings.guard.pair_model_veto,
        frame_veto_threshold=settings.guard.pair_model_frame_veto_threshold,
        frame_veto=settings.guard.pair_model_frame_veto,
        catalog_veto_threshold=settings.guard.pair_model_catalog_veto_threshold,
        catalog_veto=settings.guard.pair_model_catalog_veto,
        instance_veto_threshold=settings.guard.pair_model_instance_veto_threshold,
        instance_veto=settings.guard.pair_model_instance_veto,
        read_different_threshold=settings.guard.pair_model_read_different_threshold,
        threads=settings.guard.onnx_threads,
        async_reads=settings.guard.pair_model_read_first,
    )


def local_memory_path(settings: Settings) -> Path:
    """The local memory's file: ``memory.sqlite`` in the data dir, or on PostgreSQL with a
    schema of its own ``memory-<schema>.sqlite``, so that two deployments sharing a data dir
    (a schema each) never recall each other's customers (session 62's QA found them did)."""
    schema = settings.db.postgres_schema
    if settings.db.backend == "postgres" and schema != "public":
        return settings.data_dir / f"memory-{schema}.sqlite"
    return settings.data_dir / "memory.sqlite"


def _memory(settings: Settings, embedder: Embedder | None, clock: Clock) -> MemoryStore:
    if settings.memory.backend == "hindsight":
        from caseledger.adapters.memory.hindsight import HindsightMemoryStore

        return HindsightMemoryStore(
            settings.memory.hindsight_url,
            bank_prefix=settings.memory.bank_prefix,
            api_key=(
                settings.memory.hindsight_api_key.get_secret_value()
                if settings.memory.hindsight_api_key
                else None
            ),
            recall_timeout_s=settings.memory.recall_timeout_seconds,
            retain_timeout_s=settings.memory.retain_timeout_seconds,
            attempts=settings.memory.attempts,
            clock=clock,
        )
    from caseledger.adapters.memory.local import LocalMemoryStore

    return LocalMemoryStore(
        local_memory_path(settings),
        embedder=embedder,
        bank_prefix=settings.memory.bank_prefix,
        clock=clock,
        semantic_for_cjk=settings.guard.semantic_for_cjk,
    )


def _responders(settings: Settings, catalog: Catalog) -> tuple[Responder, Responder | None]:
    """The drafting responder and its fallback (the offline one, when an LLM is configured)."""
    from caseledger.adapters.llm.offline import OfflineResponder

    offline = OfflineResponder(catalog)
    if settings.llm.provider == "groq":
        from caseledger.adapters.llm.groq import GroqResponder

        categories = [*catalog.categories, "general"]
        return GroqResponder.from_settings(settings.llm, catalog=catalog, categories=categories), (
            offline
        )
    return offline, None


def build_embedder(settings: Settings) -> Embedder | None:
    if not settings.guard.use_embeddings:
        return None
    from caseledger.adapters.embeddings.sentence_transformer import SentenceTransformerEmbedder

    return SentenceTransformerEmbedder(
        settings.guard.embedding_model_path,
        torch_threads=settings.guard.torch_threads,
        onnx_threads=settings.guard.onnx_threads,
        backend=settings.guard.embedding_backend,
    )


def bootstrap(settings: Settings, **overrides: Any) -> Container:
    """Wire the engine from settings; tests replace any part by keyword.

    Overrides: ``clock``, ``embedder``, ``equivalence``, ``store``, ``memory``, ``responder``,
    ``inline_projections``.
    """
    # SQLite keeps its stores there, and so does the local memory on either backend.
    if settings.db.backend == "sqlite" or settings.memory.backend == "local":
        settings.data_dir.mkdir(parents=True, exist_ok=True)
    # Fail now with libpq's reason, not after the pools' waits with none.
    check_postgres(settings)
    clock: Clock = overrides.pop("clock", None) or SystemClock()
    embedder = overrides.pop("embedder") if "embedder" in overrides else build_embedder(settings)
    catalog = load_catalog()
    equivalence = overrides.pop("equivalence", None) or build_equivalence(
        settings, embedder, catalog
    )
    memory: MemoryStore = overrides.pop("memory", None) or _memory(settings, embedder, clock)
    responder, fallback = _responders(settings, catalog)
    responder = overrides.pop("responder", None) or responder
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
    replies = ReplyService(
        desk,
        memory=memory,
        responder=responder,
        fallback=fallback,
        guard=equivalence,
        allowed_categories=[*catalog.categories, "general"],
        catalog_action=getattr(equivalence, "catalog_action", None),
        known_action_ids=frozenset(a.action_id for a in catalog.actions),
    )
    container = Container(
        settings=settings,
        clock=clock,
        desk=desk,
        store=store,
        runner=runner,
        views=ReadViews(store, projections),
        replies=replies,
        memory=memory,
    )
    container.extras["embedder"] = embedder
    return container
