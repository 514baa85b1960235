"""Replay for analysts: rebuild from the events topic into fresh tables and compare with live."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest

from caseledger.adapters.bootstrap import Container, all_projections
from caseledger.adapters.readmodels.sqlite import SQLiteReadModelStore
from caseledger.adapters.settings import Settings
from caseledger.streams.relay import build_relay
from caseledger.streams.replay import checksum, compare_stores, rebuild_from_kafka
from tests.integration.streams.support import NAMES, customer_story


def _relayed_history(make_container: Any, settings: Settings, *, customers: int) -> Container:
    """An embedded-mode container (live tables from the log) whose log is on the topic."""
    live: Container = make_container()
    for n in range(customers):
        customer_story(live, f"cust-{n}")
    relay, close = build_relay(settings)
    try:
        relay.drain()
    finally:
        close()
    return live


def test_rebuild_from_kafka_equals_the_live_read_models_and_reports_differences(
    make_container: Any, kafka_settings: Settings, tmp_path: Path
) -> None:
    live = _relayed_history(make_container, kafka_settings, customers=4)

    fresh = SQLiteReadModelStore(tmp_path / "replay.sqlite")
    try:
        result = rebuild_from_kafka(kafka_settings.kafka, fresh, all_projections(), batch_size=40)
        assert result.records == live.runner.source.head()
        report = compare_stores(live.store, fresh, NAMES)
        assert all(c.identical for c in report), [c.to_json() for c in report]
        assert checksum(live.store, NAMES) == checksum(fresh, NAMES)

        # An analyst's view of a divergence: tamper with one live row, drop another.
        ticket_id, doc = next(iter(live.store.scan("ticket_state")))
        live.store.commit("ticket_state", {ticket_id: {**doc, "status": "tampered"}}, 10**6)
        customer_id = next(iter(live.store.scan("attempt_list")))[0]
        live.store.commit("attempt_list", {customer_id: None}, 10**6)
        by_name = {c.projection: c for c in compare_stores(live.store, fresh, NAMES)}
        assert by_name["ticket_state"].differing == [{"key": ticket_id, "fields": ["status"]}]
        assert by_name["attempt_list"].only_replay == [customer_id]
        assert by_name["lineage_index"].identical
    finally:
        fresh.close()


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_rebuild_of_one_projection_from_a_topic_that_does_not_exist_says_so(
    kafka_settings: Settings, tmp_path: Path
) -> None:
    missing = kafka_settings.kafka.model_copy(update={"events_topic": "no.such.topic"})
    store = SQLiteReadModelStore(tmp_path / "replay.sqlite")
    try:
        with pytest.raises(LookupError, match="does not exist"):
            rebuild_from_kafka(missing, store, all_projections()[:1])
    finally:
        store.close()


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_parallel_rebuild_in_processes_equals_the_single_process_one(
    make_container: Any, kafka_settings: Settings, tmp_path: Path
) -> None:
    live = _relayed_history(make_container, kafka_settings, customers=6)  # all 3 partitions

    path = tmp_path / "parallel.sqlite"
    parallel = SQLiteReadModelStore(path)
    seen: list[tuple[int, int]] = []
    try:
        result = rebuild_from_kafka(
            kafka_settings.kafka,
            parallel,
            all_projections(),
            batch_size=15,
            workers=2,
            open_store=functools.partial(SQLiteReadModelStore, path),
            progress=lambda done, total: seen.append((done, total)),
        )
        assert result.records == live.runner.source.head()
        assert len(result.end_offsets) == 3  # every partition, read by one of the two workers
        assert seen and seen[-1] == (result.records, result.records)
        assert checksum(parallel, NAMES) == checksum(live.store, NAMES)
        # The offsets each worker committed with its documents: the store knows it is done.
        again = rebuild_from_kafka(
            kafka_settings.kafka,
            parallel,
            all_projections(),
            workers=2,
            open_store=functools.partial(SQLiteReadModelStore, path),
        )
        assert again.records == 0
    finally:
        parallel.close()


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_a_failing_replay_worker_fails_the_rebuild_with_its_reason(
    kafka_settings: Settings, tmp_path: Path
) -> None:
    missing = kafka_settings.kafka.model_copy(update={"events_topic": "no.such.topic"})
    store = SQLiteReadModelStore(tmp_path / "replay.sqlite")
    try:
        with pytest.raises(LookupError, match="does not exist"):
            rebuild_from_kafka(
                missing,
                store,
                all_projections(),
                workers=2,
                open_store=functools.partial(SQLiteReadModelStore, tmp_path / "replay.sqlite"),
            )
        with pytest.raises(ValueError, match="open_store"):
            rebuild_from_kafka(kafka_settings.kafka, store, all_projections(), workers=2)
        # A worker that cannot open its store: the parent raises with the worker's reason.
        with pytest.raises(RuntimeError, match="replay worker .* failed: .*unable to open"):
            rebuild_from_kafka(
                kafka_settings.kafka,
                store,
                all_projections(),
                workers=2,
                open_store=functools.partial(SQLiteReadModelStore, tmp_path / "no" / "x.sqlite"),
            )
    finally:
        store.close()
