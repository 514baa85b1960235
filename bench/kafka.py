#!/usr/bin/env python
"""Kafka benchmarks of caseledger: relay throughput, end-to-end latency, replay rate.

Run ``python bench/kafka.py --help``; ``bench/README.md`` (section "bench/kafka.py") explains
every figure. Against a real broker: ``--bootstrap HOST:PORT``, or (default) a private one
started with ``scripts/kafka.sh`` in a temp dir and stopped afterwards. SQLite backend.

1. **relay throughput**: a log of ``--events`` events is built through ``SupportDesk``; then,
   in each of ``--rounds`` rounds, the relay publishes the whole log to a fresh topic
   (``Relay.drain``: read + decode + envelope + send + wait for acks + store the position, per
   batch) and a raw kafka-python producer with the same settings (idempotent, acks=all) sends
   the same, pre-encoded, envelopes to another fresh topic (send all, one flush). Figures: the
   medians and the median of the per-round ratios relay/raw (target >= 0.6).
2. **end-to-end latency**: relay and projector run as worker processes; this process records
   commands at ``--rate`` events/s for ``--latency-seconds`` and polls the read-model database
   every 2 ms for each event's ``lineage_index`` row (the fourth of the five projections a batch
   commits). Latency = first poll that sees the row - the command's commit. p50/p99/max.
3. **replay rate**: the built log is cloned (ids rewritten per clone, so every clone is a new
   set of customers, tickets and events) onto a fresh topic until it holds ``--replay-events``
   events, then ``rebuild_from_kafka`` folds all of it into a fresh SQLite read-model store:
   all five projections in one process, ``ticket_state`` alone, and all five split by
   partition over ``--replay-workers`` processes. Baseline in the same run: kafka-python
   reading the same topic and dropping the records. Target >= 20,000 events/s.
"""

# ruff: noqa: E402
from __future__ import annotations

import sys
from pathlib import Path

# Run as `python bench/kafka.py`, this file's folder comes first on sys.path and its name would
# shadow the kafka-python package: drop the folder before anything imports `kafka`.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import argparse
import contextlib
import functools
import json
import math
import multiprocessing
import os
import platform
import re
import shutil
import statistics
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

from rich.console import Console
from rich.table import Table

from caseledger.adapters.bootstrap import Container, all_projections, bootstrap
from caseledger.adapters.readmodels.sqlite import SQLiteReadModelStore
from caseledger.adapters.settings import GuardSettings, KafkaSettings, Settings
from caseledger.domain.errors import RepeatOfFailedAttempt
from caseledger.domain.services import Cause
from caseledger.streams import topics
from caseledger.streams.relay import KafkaPublisher, Relay, RelayCursor, message_for
from caseledger.streams.replay import bulk_consumer, rebuild_from_kafka

REPO = Path(__file__).resolve().parent.parent
KAFKA_SCRIPT = REPO / "scripts" / "kafka.sh"
RELAY_TARGET = 0.6
REPLAY_TARGET = 20_000
console = Console()

FIXES = [
    ("restart the router twice", "update the modem firmware"),
    ("reinstall the banking app", "reset the account password"),
    ("clear the browser cookies", "replace the power adapter"),
]


# -- the workload -----------------------------------------------------------------------------


def customer(c: Container, name: str, tickets: int = 3) -> None:
    """31 events for 3 tickets: the shape of bench/append.py's plan, plus one refused repeat."""
    desk = c.desk
    desk.register_customer(name, Cause("service:crm"))
    for n in range(tickets):
        failed, worked = FIXES[n % len(FIXES)]
        ticket = desk.open_ticket(name, f"problem {n}", Cause("customer"))
        desk.receive_message(
            ticket, f"device {n} stopped working after the update", Cause("customer")
        )
        desk.state_preference(
            name, "contact_channel", ("email", "phone")[n % 2], Cause("customer"),
            stated_at=c.clock.now(), text="reach me this way", confidence=0.9,
        )  # fmt: skip
        first = desk.propose_attempt(ticket, failed, Cause("assistant"))
        desk.record_outcome(ticket, first, "failed", Cause("customer"))
        with contextlib.suppress(RepeatOfFailedAttempt):
            desk.propose_attempt(ticket, failed, Cause("assistant"))
        desk.receive_message(ticket, "still broken", Cause("customer"))
        second = desk.propose_attempt(ticket, worked, Cause("assistant"))
        desk.record_outcome(ticket, second, "succeeded", Cause("customer"))
        desk.resolve_ticket(ticket, "fixed", Cause("agent:sam"), attempt_id=second)


def settings_for(data_dir: Path, kafka: KafkaSettings) -> Settings:
    return Settings(
        environment="test",
        data_dir=data_dir,
        guard=GuardSettings(use_embeddings=False),
        kafka=kafka,
    )


def fresh_topic(base: KafkaSettings, label: str, partitions: int) -> KafkaSettings:
    prefix = f"bench-{label}-{uuid.uuid4().hex[:8]}"
    kafka = base.model_copy(
        update={"events_topic": f"{prefix}.events", "inbound_topic": f"{prefix}.inbound"}
    )
    topics.ensure_topics(kafka, [kafka.events_topic], partitions=partitions)
    return kafka


# -- 1. relay throughput ------------------------------------------------------------------------


def relay_round(container: Container, base: KafkaSettings, partitions: int) -> dict[str, float]:
    head = container.runner.source.head()
    kafka = fresh_topic(base, "relay", partitions)

    def publisher() -> KafkaPublisher:
        return KafkaPublisher(topics.producer(kafka, client_id="bench-relay"))

    # A cursor of its own per round (a name per topic), in the same read-model store.
    relay = Relay(
        container.runner.source,
        RelayCursor(container.store, kafka.events_topic),
        publisher,
        kafka.events_topic,
        batch_size=1000,
    )
    started = time.perf_counter()
    published = relay.drain()
    relay_s = time.perf_counter() - started
    assert published == head, (published, head)

    raw_topic = fresh_topic(base, "raw", partitions)
    messages = [message_for(e) for e in container.runner.source.read(0, head)]
    producer = topics.producer(raw_topic, client_id="bench-raw")
    started = time.perf_counter()
    for key, value, headers in messages:
        producer.send(raw_topic.events_topic, key=key, value=value, headers=headers)
    producer.flush(timeout=300)
    raw_s = time.perf_counter() - started
    producer.close()
    return {"events": head, "relay_s": relay_s, "raw_s": raw_s}


# -- 2. end-to-end latency --------------------------------------------------------------------


def worker_env(settings: Settings) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CASELEDGER_")}
    env.update(
        {
            "CASELEDGER_ENVIRONMENT": "test",
            "CASELEDGER_DATA_DIR": str(settings.data_dir),
            "CASELEDGER_GUARD__USE_EMBEDDINGS": "false",
            "CASELEDGER_KAFKA__BOOTSTRAP_SERVERS": settings.kafka.bootstrap_servers,
            "CASELEDGER_KAFKA__EVENTS_TOPIC": settings.kafka.events_topic,
            "CASELEDGER_KAFKA__INBOUND_TOPIC": settings.kafka.inbound_topic,
            "CASELEDGER_LOG_LEVEL": "WARNING",
        }
    )
    return env


def watch_lineage_rows(path: str, out: str, ready: Any, stop: Any) -> None:
    """First time each ``lineage_index`` row is visible (polled every 2 ms), as JSON to ``out``.

    Rows are found by rowid (an upsert keeps it), so the watcher needs no list of ids.
    """
    import sqlite3

    seen: dict[str, float] = {}
    last = 0
    conn = sqlite3.connect(path, timeout=30)
    ready.set()
    try:
        while not stop.is_set():
            try:
                rows = conn.execute(
                    "SELECT rowid, key FROM rm_lineage_index WHERE rowid > ? ORDER BY rowid",
                    (last,),
                ).fetchall()
            except sqlite3.OperationalError:  # the projector has not created the table yet
                rows = []
            now = time.time()
            for rowid, key in rows:
                seen.setdefault(key, now)
                last = rowid
            time.sleep(0.002)
    finally:
        conn.close()
        Path(out).write_text(json.dumps(seen))


def latency_run(
    base: KafkaSettings, partitions: int, rate: float, seconds: float
) -> dict[str, Any]:
    data_dir = Path(tempfile.mkdtemp(prefix="caseledger-bench-latency-"))
    kafka = fresh_topic(base, "latency", partitions)
    settings = settings_for(data_dir, kafka)
    container = bootstrap(settings, embedder=None, inline_projections=False)
    env = worker_env(settings)
    py = [sys.executable, "-m", "caseledger.streams"]
    workers = [
        subprocess.Popen(
            [*py, "relay", "--poll-interval", "0.005", "--batch-size", "500"], env=env
        ),
        subprocess.Popen(
            [*py, "projector", "--batch-size", "500", "--lag-log-interval", "0", "--no-validate"],
            env=env,
        ),
    ]
    appended: dict[str, float] = {}
    # The watcher is a process of its own: as a thread it shared this writer's GIL and held the
    # writer below the target rate.
    context = multiprocessing.get_context("spawn")
    seen_file = data_dir / "seen.json"
    watching, stop_watching = context.Event(), context.Event()
    watcher = context.Process(
        target=watch_lineage_rows,
        args=(str(settings.readmodel_sqlite_path), str(seen_file), watching, stop_watching),
    )
    reader = SQLiteReadModelStore(settings.readmodel_sqlite_path)

    try:
        watcher.start()
        if not watching.wait(timeout=120):
            raise RuntimeError("the latency watcher process did not start")
        # Tickets to write on, created before the clock starts; then one message = one event.
        # 1,000 tickets keep each under ~20 messages at 500/s for 30 s: a ticket with hundreds
        # of messages costs the writer more per command (its aggregate is copied per load).
        tickets = []
        for n in range(1000):
            container.desk.register_customer(f"lat-{n:03d}", Cause("service:crm"))
            tickets.append(
                container.desk.open_ticket(f"lat-{n:03d}", "slow wifi", Cause("customer"))
            )
        # Warm-up: the projector joins its group and both workers have connected.
        customer(container, "warmup")
        wait_until = time.time() + 60
        while time.time() < wait_until and not reader.offsets("caseledger.projector/lineage_index"):
            time.sleep(0.05)
        started = time.time()
        n = 0
        while time.time() - started < seconds:
            # One command, one event; a message's id is its event's id, so the writer need not
            # read the log back (that decode cost the writer a third of its rate).
            event_id = container.desk.receive_message(
                tickets[n % len(tickets)], f"any news? ({n})", Cause("customer")
            )
            committed = time.time()
            n += 1
            appended[str(event_id)] = committed
            # Pace to the target rate: sleep until this many events are due.
            due = started + len(appended) / rate
            time.sleep(max(0.0, due - time.time()))
        achieved = len(appended) / (time.time() - started)
        # Let the workers catch up (at most a minute), then stop the watcher.
        give_up = time.time() + 60
        last = next(reversed(appended))
        while time.time() < give_up and not reader.load("lineage_index", [last]):
            time.sleep(0.05)
        time.sleep(0.2)
        stop_watching.set()
        watcher.join(timeout=60)
        seen: dict[str, float] = json.loads(seen_file.read_text())
    finally:
        if watcher.is_alive():
            watcher.terminate()
        for w in workers:
            w.terminate()
        for w in workers:
            w.wait(timeout=60)
        reader.close()
        container.close()
        shutil.rmtree(data_dir, ignore_errors=True)
    latencies = sorted((seen[e] - appended[e]) * 1000 for e in appended if e in seen)
    missing = len(appended) - len(latencies)

    def pct(p: float) -> float:
        return (
            latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))]
            if latencies
            else math.nan
        )

    return {
        "events": len(appended),
        "target_rate": rate,
        "achieved_rate": round(achieved, 1),
        "missing": missing,
        "p50_ms": round(pct(50), 1),
        "p99_ms": round(pct(99), 1),
        "max_ms": round(latencies[-1], 1) if latencies else math.nan,
    }


# -- 3. replay rate ---------------------------------------------------------------------------

# The first 8 hex digits of every UUID become the clone number: ids stay well-formed and every
# clone gets its own aggregates, tickets and events (constant replacements keep this fast).
_UUID_HEAD = re.compile(rb"[0-9a-f]{8}(?=-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})")
_CUSTOMER = re.compile(rb"(bench-c[0-9]+)")
_POSITION = re.compile(rb'"position":([0-9]+)')


def clone(value: bytes, k: int, offset: int) -> bytes:
    """The k-th copy of an envelope: every id and customer renamed, the position shifted."""
    out = _UUID_HEAD.sub(b"%08x" % k, value)
    out = _CUSTOMER.sub(rb"\1-k%d" % k, out)
    return _POSITION.sub(lambda m: b'"position":%d' % (int(m.group(1)) + offset), out)


def fill_topic(
    container: Container, base: KafkaSettings, partitions: int, total: int
) -> KafkaSettings:
    kafka = fresh_topic(base, "replay", partitions)
    log = [message_for(e) for e in container.runner.source.read(0, container.runner.source.head())]
    producer = topics.producer(kafka, client_id="bench-fill", linger_ms=20, compression_type=None)
    sent = 0
    k = 0
    started = time.perf_counter()
    while sent < total:
        for key, value, headers in log:
            if sent >= total:
                break
            assert key is not None and value is not None
            new_key = _CUSTOMER.sub(rb"\1-k%d" % k, key)
            producer.send(
                kafka.events_topic,
                key=new_key,
                value=clone(value, k, k * len(log)),
                headers=headers,
            )
            sent += 1
        k += 1
        if k % 20 == 0:
            console.print(
                f"  filled {sent:,}/{total:,} ({sent / (time.perf_counter() - started):,.0f}/s)"
            )
    producer.flush(timeout=600)
    producer.close()
    return kafka


def replay_run(kafka: KafkaSettings, names: list[str], workers: int = 1) -> dict[str, Any]:
    directory = Path(tempfile.mkdtemp(prefix="caseledger-bench-replay-"))
    path = directory / "replay.sqlite"
    store = SQLiteReadModelStore(path)
    selected = [p for p in all_projections() if p.name in names]
    try:
        result = rebuild_from_kafka(
            kafka,
            store,
            selected,
            batch_size=5000,
            workers=workers,
            open_store=functools.partial(SQLiteReadModelStore, path),
        )
    finally:
        store.close()
        shutil.rmtree(directory, ignore_errors=True)
    return {
        "projections": names,
        "workers": workers,
        "events": result.records,
        "seconds": round(result.seconds, 2),
        "events_per_s": round(result.rate),
        "meets_target": result.rate >= REPLAY_TARGET,
    }


def raw_consume_run(kafka: KafkaSettings) -> dict[str, Any]:
    """The baseline: kafka-python reading the same topic from offset zero, records dropped."""
    consumer = bulk_consumer(kafka, 5000)  # the replay's own consumer settings
    try:
        parts = topics.partitions_of(consumer, kafka.events_topic)
        total = sum(int(o) for o in consumer.end_offsets(parts).values())
        consumer.assign(parts)
        consumer.seek_to_beginning(*parts)
        read = 0
        started = time.perf_counter()
        while read < total:
            read += sum(len(r) for r in consumer.poll(timeout_ms=500, max_records=5000).values())
        seconds = time.perf_counter() - started
    finally:
        consumer.close(autocommit=False)
    return {"events": read, "seconds": round(seconds, 2), "events_per_s": round(read / seconds)}


# -- the run -------------------------------------------------------------------------------------


@contextlib.contextmanager
def broker(bootstrap_servers: str | None) -> Iterator[str]:
    if bootstrap_servers:
        yield bootstrap_servers
        return
    directory = Path(tempfile.mkdtemp(prefix="caseledger-bench-kafka-"))
    env = {**os.environ, "CASELEDGER_KAFKA_DIR": str(directory), "CASELEDGER_KAFKA_PORT": "auto"}
    started = subprocess.run(
        ["bash", str(KAFKA_SCRIPT), "start"], env=env, capture_output=True, text=True, timeout=600
    )
    if started.returncode != 0:
        raise SystemExit(f"scripts/kafka.sh start failed:\n{started.stderr[-3000:]}")
    try:
        yield started.stdout.strip().splitlines()[-1]
    finally:
        subprocess.run(
            ["bash", str(KAFKA_SCRIPT), "stop"], env=env, capture_output=True, timeout=300
        )
        shutil.rmtree(directory, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--bootstrap", help="an existing broker (default: start a private one)")
    parser.add_argument("--events", type=int, default=20_000, help="size of the relayed log")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--partitions", type=int, default=6)
    parser.add_argument("--rate", type=float, default=500.0, help="events/s for the latency run")
    parser.add_argument(
        "--latency-seconds", type=float, default=20.0, help="0 skips the latency run"
    )
    parser.add_argument("--replay-events", type=int, default=1_000_000, help="0 skips the replay")
    parser.add_argument(
        "--replay-workers",
        type=int,
        default=2,
        help="processes of the parallel replay run (1 skips it; at most one per partition)",
    )
    parser.add_argument("--json-out", type=Path)
    args = parser.parse_args()

    results: dict[str, Any] = {
        "meta": {
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "load_avg_start": os.getloadavg(),
            "started": datetime.now(UTC).isoformat(),
        }
    }
    with broker(args.bootstrap) as bootstrap_servers:
        base = KafkaSettings(bootstrap_servers=bootstrap_servers)
        data_dir = Path(tempfile.mkdtemp(prefix="caseledger-bench-log-"))
        container = bootstrap(settings_for(data_dir, base), embedder=None, inline_projections=False)
        try:
            started = time.perf_counter()
            customers = math.ceil(args.events / 31)
            for n in range(customers):
                customer(container, f"bench-c{n:06d}")
            head = container.runner.source.head()
            build_s = time.perf_counter() - started
            console.print(f"built a log of {head:,} events in {build_s:.1f}s")
            results["log"] = {"events": head, "build_s": round(build_s, 2)}

            rounds = []
            for r in range(args.rounds):
                rounds.append(relay_round(container, base, args.partitions))
                console.print(f"relay round {r + 1}: {rounds[-1]}")
            relay_rates = [x["events"] / x["relay_s"] for x in rounds]
            raw_rates = [x["events"] / x["raw_s"] for x in rounds]
            ratio = statistics.median(x["raw_s"] / x["relay_s"] for x in rounds)
            results["relay"] = {
                "rounds": rounds,
                "relay_events_per_s": round(statistics.median(relay_rates)),
                "raw_events_per_s": round(statistics.median(raw_rates)),
                "ratio": round(ratio, 3),
                "meets_target": ratio >= RELAY_TARGET,
            }

            if args.latency_seconds > 0:
                results["latency"] = latency_run(
                    base, args.partitions, args.rate, args.latency_seconds
                )
                console.print(f"latency: {results['latency']}")

            if args.replay_events > 0:
                started = time.perf_counter()
                kafka = fill_topic(container, base, args.partitions, args.replay_events)
                fill_s = time.perf_counter() - started
                console.print(f"filled {args.replay_events:,} events in {fill_s:.1f}s")
                every = [p.name for p in all_projections()]
                raw = raw_consume_run(kafka)
                console.print(f"raw consume (baseline): {raw}")
                runs = {
                    "all": replay_run(kafka, every),
                    "ticket_state": replay_run(kafka, ["ticket_state"]),
                }
                if args.replay_workers > 1:
                    runs["all_parallel"] = replay_run(kafka, every, args.replay_workers)
                for label, run in runs.items():
                    run["ratio_to_raw_consume"] = round(
                        run["events_per_s"] / raw["events_per_s"], 3
                    )
                    console.print(f"replay ({label}): {run}")
                results["replay"] = {"fill_s": round(fill_s, 1), "raw_consume": raw, **runs}
        finally:
            container.close()
            shutil.rmtree(data_dir, ignore_errors=True)

    table = Table("figure", "value", "target", title="caseledger on Kafka")
    rel = results["relay"]
    table.add_row("relay events/s (median)", f"{rel['relay_events_per_s']:,}", "")
    table.add_row("raw kafka-python events/s", f"{rel['raw_events_per_s']:,}", "")
    table.add_row(
        "relay / raw",
        f"{rel['ratio']:.2f}",
        f"≥ {RELAY_TARGET}  {'✓' if rel['meets_target'] else '✗'}",
    )
    if "latency" in results:
        lat = results["latency"]
        table.add_row(f"latency p50 @ {lat['achieved_rate']:.0f}/s", f"{lat['p50_ms']} ms", "")
        table.add_row("latency p99", f"{lat['p99_ms']} ms", "")
    if "replay" in results:
        rep_raw = results["replay"]["raw_consume"]
        table.add_row("raw kafka-python consume events/s", f"{rep_raw['events_per_s']:,}", "")
        for label in ("all", "all_parallel", "ticket_state"):
            if label not in results["replay"]:
                continue
            rep = results["replay"][label]
            what = "all five" if label.startswith("all") else label
            table.add_row(
                f"replay {rep['events']:,} ({what}, {rep['workers']} process(es))",
                f"{rep['events_per_s']:,}/s ({rep['ratio_to_raw_consume']:.2f}× raw)",
                f"≥ {REPLAY_TARGET:,}  {'✓' if rep['meets_target'] else '✗'}",
            )
    console.print(table)
    if args.json_out:
        args.json_out.write_text(json.dumps(results, indent=2, default=str))


if __name__ == "__main__":
    main()
