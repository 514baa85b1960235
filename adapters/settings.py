"""Every setting of caseledger, read from ``CASELEDGER_*`` environment variables.

Nested groups use ``__``: ``CASELEDGER_DB__BACKEND=postgres``. Defaults are the embedded
mode (SQLite under the data dir, local memory, offline responder). Bad config fails here,
at start-up, with the variable's name.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from platformdirs import user_data_dir
from pydantic import BaseModel, Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEV_PASSWORD = "caseledger"  # the password of the project's own test/dev PostgreSQL


class DbSettings(BaseModel):
    backend: Literal["sqlite", "postgres"] = "sqlite"
    # postgresql://user:password@host:port/dbname
    postgres_url: SecretStr | None = None
    # A schema per deployment or test run keeps event and read-model tables apart.
    postgres_schema: str = Field(default="public", pattern=r"^[a-z_][a-z0-9_]{0,40}$")
    pool_size: int = Field(default=5, ge=1, le=100)
    # How long a command waits for a connection (the first, or a free one from the pool)
    # before failing; the API waits api.db_timeout_seconds instead.
    connect_timeout_seconds: int = Field(default=10, ge=1, le=300)

    @field_validator("postgres_schema")
    @classmethod
    def _not_reserved(cls, value: str) -> str:
        # PostgreSQL refuses CREATE SCHEMA pg_*, and information_schema is its own catalog.
        if value.startswith("pg_") or value == "information_schema":
            raise ValueError(
                f"{value!r} is reserved by PostgreSQL (pg_* and information_schema); "
                "choose another schema name"
            )
        return value


class ProjectionSettings(BaseModel):
    # Who writes the read models: the in-process runner over the event log (embedded), or
    # the Kafka projector workers. Exactly one writer, or documents may skip events.
    source: Literal["log", "kafka"] = "log"


class KafkaSettings(BaseModel):
    bootstrap_servers: str = "127.0.0.1:59092"  # scripts/kafka.sh's default
    partitions: int = Field(default=6, ge=1, le=1000)
    events_topic: str = "caseledger.events"
    inbound_topic: str = "caseledger.inbound"


class MemorySettings(BaseModel):
    backend: Literal["local", "hindsight"] = "local"
    hindsight_url: str = "http://127.0.0.1:8888"
    hindsight_api_key: SecretStr | None = None
    bank_prefix: str = Field(default="cl-dev-", pattern=r"^[a-z][a-z0-9-]{0,39}$")
    recall_timeout_seconds: float = Field(default=3.0, gt=0)
    retain_timeout_seconds: float = Field(default=30.0, gt=0)
    attempts: int = Field(default=2, ge=1, le=5)


class LLMSettings(BaseModel):
    provider: Literal["offline", "groq"] = "offline"
    api_key: SecretStr | None = None
    model: str = "llama-3.3-70b-versatile"
    base_url: str | None = None
    timeout_seconds: float = Field(default=20.0, gt=0)


class GuardSettings(BaseModel):
    # Any sentence-transformers model path; None = the packaged all-MiniLM-L6-v2.
    embedding_model_path: str | None = None
    torch_threads: int | None = Field(default=1, ge=1, le=64)
    # onnxruntime intra-op threads. Two cut the guard's p95 to ~0.77x here, but their spin-wait
    # doubles the CPU a reply costs (bench/README, "ONNX threads"); one by default.
    onnx_threads: int = Field(default=1, ge=1, le=64)
    # What runs the embedding model: onnxruntime (same vectors, ~3x faster per short text; the
    # export is cached under the user cache dir), onnxruntime with the weights quantized to int8
    # (~0.5x that again; vectors within ~0.01, the guard's answers alike on its dev rows) or
    # eager torch; auto: onnx-int8 where it applies.
    embedding_backend: Literal["auto", "torch", "onnx", "onnx-int8"] = "auto"
    use_embeddings: bool = True
    # The packaged model is English-only (Chinese becomes [UNK]); set with a multilingual model.
    semantic_for_cjk: bool = False
    lexical_threshold: float | None = Field(default=None, ge=0, le=1)
    semantic_threshold: float | None = Field(default=None, ge=-1, le=1)
    # A block the catalog/frames decided reports a cosine only when both vectors are cached
    # (0.0 otherwise: no model call ran). True: always compute it (+1 model call, ~15 ms).
    evidence_cosine: bool = False
    # The learned pair model, asked where the guard's reading allows a candidate: on by
    # default, with the model shipped in the package; pair_model_dir names another directory
    # from `caseledger guard train-pair-model`. Its manifest is checked here, so a wrong path
    # is a configuration error at start-up, not a failure in a reply.
    use_pair_model: bool = True
    pair_model_dir: Path | None = None
    # Overrides the calibrated threshold (a logit): higher blocks less, and less wrongly.
    pair_model_threshold: float | None = None
    # Whether the model may overrule a block the reading made on weak evidence (the embedding's
    # combined clause, a partial reading) when it scores the pair below its veto threshold;
    # the override of that calibrated threshold (a logit; lower overrules less).
    pair_model_veto: bool = True
    pair_model_veto_threshold: float | None = None
    # Whether it may overrule a block read from action frames, below its stricter frame veto
    # threshold (the model's surest "different"); and the override of that calibrated logit.
    # The packaged model's is at 1 % of the calibration repeats since session 32 (none in
    # sessions 16-31), as is its catalog veto (bench/README.md, "Round 26").
    pair_model_frame_veto: bool = True
    pair_model_frame_veto_threshold: float | None = None
    # Whether it may overrule a block read as one catalog action, below its catalog veto
    # threshold (a model calibrated with --catalog-veto-quantile has one); and the override.
    pair_model_catalog_veto: bool = True
    pair_model_catalog_veto_threshold: float | None = None
    # Whether it may overrule a catalog or frame block whose candidate points at another
    # instance ("too", "instead", 也), below its instance veto threshold; and the override.
    pair_model_instance_veto: bool = True
    pair_model_instance_veto_threshold: float | None = None
    # Whether the model is asked also where the reading read both texts in full as different
    # actions. On: chosen with session 16's threshold (2 % of the calibration negatives) on
    # fresh dev batches 74-81 by a rule written before they were read: +6.8 points of recall
    # for +1.2 of false blocks before the frame veto (bench/README.md, "The operating point").
    # Trained on the catalog's own pairs, and with its bar there (below), the model blocks
    # none of the playbook's next steps.
    pair_model_when_read_different: bool = True
    # The override of the model's calibrated bar for those pairs (its threshold where it has
    # none; never below the threshold): every next step of the offline responder's playbook is
    # such a pair, so a model's "same" must clear it there (bench/README.md, "Round 48").
    pair_model_read_different_threshold: float | None = None
    # Start the read the guard most likely needs first on onnxruntime's own thread as soon as
    # the candidate is read (a second session of the model, ~26 MB): the same answers. Off:
    # on two cores it cost time at the p95 in four of five timings, the quiet re-time
    # included (p95 1.12x; bench/README.md, "Round 53" and "Round 54").
    pair_model_read_first: bool = False

    @field_validator("pair_model_dir")
    @classmethod
    def _pair_model_readable(cls, value: Path | None) -> Path | None:
        if value is not None:
            from caseledger.adapters.equivalence.pair_model import PairModelError, read_manifest

            try:
                read_manifest(value)
            except PairModelError as exc:
                raise ValueError(str(exc)) from None
        return value

    @model_validator(mode="after")
    def _overrides_ordered_around_threshold(self) -> GuardSettings:
        # A pair scored between a veto and the threshold would be a repeat and overruled as
        # one; a read-different bar under the threshold would be no stricter bar: refuse either
        # here, as a configuration error, not when the guard is built.
        directory = self.pair_model_directory()
        if directory is None:
            return self
        vetoes: dict[str, float | None] = {}
        if self.pair_model_veto:
            vetoes["pair_model_veto_threshold"] = self.pair_model_veto_threshold
            if self.pair_model_frame_veto:
                vetoes["pair_model_frame_veto_threshold"] = self.pair_model_frame_veto_threshold
            if self.pair_model_catalog_veto:
                vetoes["pair_model_catalog_veto_threshold"] = self.pair_model_catalog_veto_threshold
            if self.pair_model_instance_veto:
                vetoes["pair_model_instance_veto_threshold"] = (
                    self.pair_model_instance_veto_threshold
                )
        set_vetoes = {name: veto for name, veto in vetoes.items() if veto is not None}
        read_different = self.pair_model_read_different_threshold
        if not set_vetoes and read_different is None:
            return self
        threshold = self.pair_model_threshold
        if threshold is None:  # the manifest's, read once
            from caseledger.adapters.equivalence.pair_model import read_manifest

            threshold = float(read_manifest(directory)["threshold"])
        for name, veto in set_vetoes.items():
            if veto >= threshold:
                raise ValueError(
                    f"{name} {veto} must be below the pair model's threshold {threshold}"
                )
        if read_different is not None and read_different < threshold:
            raise ValueError(
                f"pair_model_read_different_threshold {read_different} must not be below the "
                f"pair model's threshold {threshold}"
            )
        return self

    def pair_model_directory(self) -> Path | None:
        """The pair model to serve: ``pair_model_dir``, else the packaged one; None when off."""
        if not self.use_pair_model:
            return None
        if self.pair_model_dir is not None:
            return self.pair_model_dir
        from caseledger.adapters.equivalence.pair_model import packaged_model_dir

        return packaged_model_dir()


class EscalationSettings(BaseModel):
    max_failed_attempts: int = Field(default=2, ge=1)
    max_follow_ups: int = Field(default=4, ge=1)
    max_age_hours: float = Field(default=72.0, gt=0)
    escalate_priorities: tuple[str, ...] = ("high", "urgent")


class LimitSettings(BaseModel):
    max_text_chars: int = Field(default=8000, ge=100, le=100_000)
    preference_confidence_threshold: float = Field(default=0.7, ge=0, le=1)


class ApiKey(BaseModel):
    """One credential: its role, and for a customer credential the one customer it may see."""

    role: Literal["service", "agent", "customer", "analyst", "auditor"]
    customer_id: str | None = None
    name: str = ""

    @model_validator(mode="after")
    def _customer_bound(self) -> ApiKey:
        if (self.role == "customer") != (self.customer_id is not None):
            raise ValueError("a customer key needs customer_id, and only a customer key has one")
        return self


class ApiSettings(BaseModel):
    # JSON object: {"<secret key>": {"role": "agent", "name": "sam"}, ...}
    keys: dict[str, ApiKey] = Field(default_factory=dict)
    max_body_bytes: int = Field(default=64_000, ge=1_000)
    # At start-up, before the first request: load the models (Container.warm_up), then
    # collect and freeze the start-up heap so no later full collection walks it (~0.4 s with
    # the GIL held, once the models are loaded). Off: the first reply loads them instead.
    warm_up: bool = True
    # Threads for what is left of a turn after its answer (the message's memory write), and
    # how many such turns may wait for them; past that, `caseledger memory-retry` finishes
    # them. Apart from the request threads, so a hung memory server never holds those.
    memory_write_workers: int = Field(default=4, ge=1, le=64)
    max_pending_memory_writes: int = Field(default=1000, ge=1)
    # How long a request waits for a database connection before answering 503
    # database_unavailable: a caller should not hang while PostgreSQL is away.
    db_timeout_seconds: int = Field(default=3, ge=1, le=300)


class Settings(BaseSettings):
    """The whole configuration; build it once, in an entry point, and pass it down."""

    model_config = SettingsConfigDict(
        env_prefix="CASELEDGER_",
        env_nested_delimiter="__",
        env_file=".env",
        env_ignore_empty=True,
        extra="ignore",
    )

    environment: Literal["dev", "test", "staging", "production"] = "dev"
    data_dir: Path = Path(user_data_dir("caseledger", appauthor=False))
    db: DbSettings = DbSettings()
    kafka: KafkaSettings = KafkaSettings()
    memory: MemorySettings = MemorySettings()
    llm: LLMSettings = LLMSettings()
    guard: GuardSettings = GuardSettings()
    escalation: EscalationSettings = EscalationSettings()
    limits: LimitSettings = LimitSettings()
    api: ApiSettings = ApiSettings()
    projections: ProjectionSettings = ProjectionSettings()

    @model_validator(mode="after")
    def _check(self) -> Settings:
        if self.db.backend == "postgres":
            if self.db.postgres_url is None:
                raise ValueError("CASELEDGER_DB__POSTGRES_URL is required when backend=postgres")
            parts = urlsplit(self.db.postgres_url.get_secret_value())
            if parts.scheme not in ("postgresql", "postgres") or not parts.hostname:
                raise ValueError("CASELEDGER_DB__POSTGRES_URL must be postgresql://user:pw@host/db")
            if self.environment in ("staging", "production") and parts.password == DEV_PASSWORD:
                raise ValueError("the dev database password is not allowed outside dev/test")
        if self.environment in ("staging", "production"):
            weak = [k for k in self.api.keys if len(k) < 24 or k.startswith("dev-")]
            if weak:
                raise ValueError("API keys outside dev/test must be at least 24 random characters")
        if self.llm.provider == "groq" and self.llm.api_key is None:
            raise ValueError("CASELEDGER_LLM__API_KEY is required when provider=groq")
        if self.environment in ("staging", "production") and not self.memory.bank_prefix.startswith(
            f"cl-{self.environment[:4]}"
        ):
            # Banks are per environment: a staging customer must never reach production memory.
            raise ValueError(
                f"CASELEDGER_MEMORY__BANK_PREFIX must start with 'cl-{self.environment[:4]}'"
            )
        return self

    @property
    def sqlite_path(self) -> Path:
        return self.data_dir / "events.sqlite"

    @property
    def readmodel_sqlite_path(self) -> Path:
        return self.data_dir / "readmodels.sqlite"
