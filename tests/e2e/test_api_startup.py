"""Start-up as a user meets it: the app is ready before its first request, not during it."""

from __future__ import annotations

import gc
from collections.abc import Sequence
from pathlib import Path

from caseledger.adapters.bootstrap import bootstrap
from caseledger.adapters.settings import ApiSettings, Settings
from caseledger.domain.ports import EquivalenceMatch, KnownAttempt
from caseledger.domain.services import Cause
from tests.e2e.api_client import running_api
from tests.fakes import FakeEmbedder


def _settings(tmp_path: Path, *, warm_up: bool) -> Settings:
    return Settings(environment="test", data_dir=tmp_path, api=ApiSettings(warm_up=warm_up))


def test_the_app_loads_its_models_before_the_first_request(tmp_path: Path) -> None:
    embedder = FakeEmbedder()
    frozen_before = gc.get_freeze_count()
    with running_api(_settings(tmp_path, warm_up=True), embedder=embedder) as (client, _):
        # Loaded during start-up: no request has been made yet.
        assert embedder.calls and embedder.calls[0] == ["warm up"]
        # The start-up heap is out of the collector's walks while the app serves.
        assert gc.get_freeze_count() > frozen_before
        assert client.health()["status"] == "ok"
    assert gc.get_freeze_count() == frozen_before  # given back on shutdown


def test_without_warm_up_start_up_loads_nothing(tmp_path: Path) -> None:
    embedder = FakeEmbedder()
    frozen_before = gc.get_freeze_count()
    with running_api(_settings(tmp_path, warm_up=False), embedder=embedder) as (client, _):
        assert embedder.calls == []
        assert gc.get_freeze_count() == frozen_before
        assert client.health()["status"] == "ok"


def test_warm_up_embeds_once_and_asks_the_guard_once(tmp_path: Path) -> None:
    embedder = FakeEmbedder()
    asked: list[tuple[str, list[str]]] = []

    class CountingGuard:
        def find_equivalent(
            self, candidate: str, known: Sequence[KnownAttempt]
        ) -> EquivalenceMatch | None:
            asked.append((candidate, [attempt.text for attempt in known]))
            return None

    container = bootstrap(
        Settings(environment="test", data_dir=tmp_path),
        embedder=embedder,
        equivalence=CountingGuard(),
        inline_projections=True,
    )
    try:
        spent = container.warm_up()
    finally:
        container.close()
    assert embedder.calls == [["warm up"]]
    assert asked == [("Reboot the router.", ["Restart the router."])]
    assert set(spent) == {"embedding model", "guard"} and all(s >= 0 for s in spent.values())


def test_warm_up_with_no_embedding_model_still_warms_the_guard(tmp_path: Path) -> None:
    container = bootstrap(
        Settings(environment="test", data_dir=tmp_path), embedder=None, inline_projections=True
    )
    try:
        spent = container.warm_up()
    finally:
        container.close()
    assert set(spent) == {"guard"}


def test_health_in_the_kafka_shape_reports_no_lag_it_cannot_know(tmp_path: Path) -> None:
    """Session 62's QA: with the Kafka projector writing the read models, health reported the
    unused in-process runner's lag, which never closed."""
    from caseledger.adapters.settings import ProjectionSettings

    settings = _settings(tmp_path, warm_up=False)
    with running_api(settings, embedder=None) as (client, container):
        container.desk.register_customer("cust-h", Cause(actor="service:crm"))
        assert client.health() == {
            "status": "ok",
            "projection_lag": dict.fromkeys(container.runner.projections, 0),
            "projections": "log",
        }
    kafka = settings.model_copy(update={"projections": ProjectionSettings(source="kafka")})
    with running_api(kafka, embedder=None, inline_projections=False) as (client, container):
        container.desk.register_customer("cust-k", Cause(actor="service:crm"))
        assert container.runner.lag() != dict.fromkeys(container.runner.projections, 0)
        assert client.health() == {"status": "ok", "projection_lag": {}, "projections": "kafka"}
