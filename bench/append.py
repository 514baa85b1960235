#!/usr/bin/env python
"""Append and projection catch-up throughput of caseledger, against the raw eventsourcing library.

Run ``python bench/append.py --help``; ``bench/README.md`` explains every figure.

What is measured, per backend (SQLite in a fresh temp dir, PostgreSQL in a fresh schema that is
dropped afterwards):

* **append** — events stored per second by ``SupportDesk`` (``bootstrap(settings,
  embedder=None, inline_projections=False)``) running a realistic ticket workload, and by the raw
  ``eventsourcing`` library running the *same* sequence of saves on a trivial aggregate. In each
  round every subject gets a fresh store and they take turns, one chunk of 8 customers at a time;
  the median over rounds is reported, and the caseledger/raw ratio is the median of the per-round
  ratios.
* **catch-up** — a log of N events is built through the service, then
  ``container.runner.catch_up()`` runs all four projections from position zero, and each
  projection is replayed alone (``runner.replay``). The in-run baseline is reading and decoding
  the same log (``runner.source.read``) without applying anything.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import math
import os
import platform
import secrets
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path
from typing import Any, Literal
from uuid import UUID

import psycopg
from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event
from psycopg import sql
from pydantic import SecretStr
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from caseledger.adapters.bootstrap import Container, bootstrap, eventsourcing_env
from caseledger.adapters.settings import DbSettings, GuardSettings, Settings
from caseledger.domain.services import Cause, SupportDesk
from caseledger.projections.runner import ProjectionRunner

REPO = Path(__file__).resolve().parent.parent
POSTGRES_SCRIPT = REPO / "scripts" / "postgres.sh"
TARGET_RATIO = 0.7
BackendName = Literal["sqlite", "postgres"]

# --------------------------------------------------------------------------------------------
# The workload: one plan of commands, run by caseledger and (as the same saves) by the baseline
# --------------------------------------------------------------------------------------------

# One ticket's life. Kept free of escalations (priority "normal", one failed attempt, one
# follow-up message), so every command's save has a known shape for the baseline to mirror.
TICKET_STEPS: tuple[str, ...] = (
    "open",  # open_ticket: one save, two aggregates (new Ticket + the Customer), 2 events
    "message",  # receive_message: 1 event on the Ticket
    "prefer",  # state_preference (from that message): 1 event on the Customer
    "propose_first",  # propose_attempt: 1 event (loads the customer and all their tickets)
    "fail",  # record_outcome(failed): 1 event
    "follow_up",  # receive_message: 1 event
    "propose_second",  # propose_attempt: 1 event
    "succeed",  # record_outcome(succeeded): 1 event
    "resolve",  # resolve_ticket: 1 event
)
EVENTS_PER_STEP = {"register": 1, "open": 2}  # every other command stores exactly one event
INTERLEAVE = 8  # customers whose tickets progress side by side, as on a real desk

SUBJECTS = (
    "Cannot log in after resetting my password",
    "Wi-Fi keeps dropping every evening around 8pm",
    "Invoice for March shows the wrong amount",
    "App crashes when I upload photos from the gallery",
)
FIRST_MESSAGES = (
    "Hi, since yesterday I cannot sign in. I reset my password twice and the page just reloads "
    "without any error message. I am using Firefox on Windows 11.",
    "Hello, my connection drops several times every evening and comes back after a minute or two. "
    "The router lights look normal when it happens. This has been going on for a week.",
    "Good morning, the March invoice charges me for two seats but we only have one user. Could "
    "you check the subscription and send a corrected invoice please?",
    "The app closes as soon as I pick more than three photos from the gallery. I am on Android "
    "14, app version 5.2.1. It worked fine last month.",
)
# (key, value, what the customer said) per ticket: one stated preference per ticket.
PREFERENCES = (
    ("contact_channel", "email", "Please answer by email, I cannot take calls at work."),
    ("language", "en", "English is fine for me."),
    ("contact_hours", "after 18:00", "I am only reachable after six in the evening."),
    ("device", "android", "I mostly use the Android app."),
)
FOLLOW_UPS = (
    "That did not help, the problem is exactly the same as before.",
    "I tried that but nothing changed, it still happens every time.",
    "No luck, same behaviour after doing what you suggested.",
    "Still broken, unfortunately. Anything else I can try?",
)
# Per customer, ticket t gets FAILED_FIXES[t] then WORKING_FIXES[t]: all eight are lexically far
# apart, so no proposal is judged a repeat of an attempt that failed (which would be refused).
FAILED_FIXES = (
    "Restart the router and wait two minutes before reconnecting",
    "Clear the browser cache and cookies, then try again",
    "Reinstall the mobile app from the store",
    "Sign out on every device and sign back in",
)
WORKING_FIXES = (
    "Update the router firmware to the latest release",
    "Reset the password from the account settings page instead of the login page",
    "Switch the DNS server to 1.1.1.1 in the network settings",
    "Issue a credit note for the extra seat and send a corrected invoice",
)
MAX_TICKETS_PER_CUSTOMER = len(FAILED_FIXES)


@dataclass(frozen=True)
class Command:
    kind: str  # "register" or one of TICKET_STEPS
    customer: int
    ticket: int = 0


@dataclass(frozen=True)
class Plan:
    # One chunk per group of INTERLEAVE customers (their registrations and whole ticket lives);
    # the append rounds alternate the subjects chunk by chunk.
    chunks: tuple[tuple[Command, ...], ...]
    customers: int
    tickets_per_customer: int

    @property
    def commands(self) -> tuple[Command, ...]:
        return tuple(c for chunk in self.chunks for c in chunk)

    @property
    def events(self) -> int:
        return sum(EVENTS_PER_STEP.get(c.kind, 1) for c in self.commands)


def events_per_customer(tickets_per_customer: int) -> int:
    return 1 + tickets_per_customer * (len(TICKET_STEPS) + 1)


def build_plan(events: int, tickets_per_customer: int = 3) -> Plan:
    """Enough whole customers (register + full ticket lives) to store at least ``events``."""
    if not 1 <= tickets_per_customer <= MAX_TICKETS_PER_CUSTOMER:
        raise ValueError(f"tickets_per_customer must be 1..{MAX_TICKETS_PER_CUSTOMER}")
    customers = max(1, math.ceil(events / events_per_customer(tickets_per_customer)))
    chunks: list[tuple[Command, ...]] = []
    for start in range(0, customers, INTERLEAVE):
        group = range(start, min(start + INTERLEAVE, customers))
        chunk = [Command("register", c) for c in group]
        for t in range(tickets_per_customer):
            for step in TICKET_STEPS:
                chunk.extend(Command(step, c, t) for c in group)
        chunks.append(tuple(chunk))
    return Plan(tuple(chunks), customers, tickets_per_customer)


Tick = Callable[[int], None]
TICK_EVERY = 64  # progress updates per this many commands, to keep rich out of the timings


class CaseledgerDriver:
    """Runs plan commands through the SupportDesk application service."""

    def __init__(self, desk: SupportDesk, tag: str) -> None:
        self.desk = desk
        self.tag = tag
        self.tickets: dict[tuple[int, int], str] = {}
        self.attempts: dict[tuple[int, int], str] = {}
        self.messages: dict[tuple[int, int], str] = {}

    def customer_id(self, c: int) -> str:
        return f"bench-{self.tag}-{c:07d}"

    def run(self, cmd: Command) -> None:
        desk, key, i = self.desk, (cmd.customer, cmd.ticket), cmd.ticket
        variant = (cmd.customer + cmd.ticket) % len(SUBJECTS)
        match cmd.kind:
            case "register":
                desk.register_customer(
                    self.customer_id(cmd.customer),
                    Cause("agent:bench"),
                    display_name=f"Customer {cmd.customer}",
                )
            case "open":
                self.tickets[key] = desk.open_ticket(
                    self.customer_id(cmd.customer),
                    SUBJECTS[variant],
                    Cause("customer"),
                    channel="email",
                    category="technical",
                )
            case "message":
                self.messages[key] = desk.receive_message(
                    self.tickets[key], FIRST_MESSAGES[variant], Cause("customer")
                )
            case "prefer":
                name, value, text = PREFERENCES[i]
                desk.state_preference(
                    self.customer_id(cmd.customer),
                    name,
                    value,
                    Cause("customer"),
                    stated_at=datetime.now(UTC),
                    source_event_id=self.messages[key],
                    text=text,
                    confidence=0.9,
                )
            case "follow_up":
                desk.receive_message(self.tickets[key], FOLLOW_UPS[variant], Cause("customer"))
            case "propose_first":
                self.attempts[key] = desk.propose_attempt(
                    self.tickets[key], FAILED_FIXES[i], Cause("assistant")
                )
            case "propose_second":
                self.attempts[key] = desk.propose_attempt(
                    self.tickets[key], WORKING_FIXES[i], Cause("assistant")
                )
            case "fail" | "succeed":
                desk.record_outcome(
                    self.tickets[key],
                    self.attempts[key],
                    "failed" if cmd.kind == "fail" else "succeeded",
                    Cause("customer"),
                    note="customer confirmed in chat",
                )
            case "resolve":
                desk.resolve_ticket(
                    self.tickets[key],
                    "Resolved by the second suggested fix.",
                    Cause("assistant"),
                    attempt_id=self.attempts[key],
                )
            case _:
                raise ValueError(f"unknown command {cmd.kind!r}")


class Note(Aggregate):
    """The baseline's trivial aggregate: a list of short strings."""

    def __init__(self, text: str) -> None:
        self.texts = [text]

    @event("Appended")
    def append(self, text: str) -> None:
        self.texts.append(text)


class RawApp(Application[UUID]):
    name = "rawbench"  # its own tables (rawbench_events), next to caseledger's


class RawDriver:
    """Runs the same saves as CaseledgerDriver with the raw library and a trivial aggregate.

    ``reload=True``: every command loads the aggregate it changes (``repository.get``) before
    saving, the idiomatic command (caseledger has to load what it changes, too).
    ``reload=False``: aggregates stay in memory, so only the writes are measured.
    """

    def __init__(self, app: RawApp, *, reload: bool) -> None:
        self.app = app
        self.reload = reload
        self.customers: dict[int, Note] = {}
        self.tickets: dict[tuple[int, int], Note] = {}

    def _get(self, note: Note) -> Note:
        if not self.reload:
            return note
        loaded: object = self.app.repository.get(note.id)
        assert isinstance(loaded, Note)
        return loaded

    def run(self, cmd: Command) -> None:
        key = (cmd.customer, cmd.ticket)
        if cmd.kind == "register":
            customer = Note("registered")
            self.app.save(customer)
        elif cmd.kind == "prefer":
            customer = self._get(self.customers[cmd.customer])
            customer.append("preference stated")
            self.app.save(customer)
        elif cmd.kind == "open":
            ticket = Note("opened")
            customer = self._get(self.customers[cmd.customer])
            customer.append("ticket linked")
            self.app.save(ticket, customer)  # one transaction, two streams, like open_ticket
            self.tickets[key] = ticket
        else:
            ticket = self._get(self.tickets[key])
            ticket.append(cmd.kind)
            self.app.save(ticket)
            self.tickets[key] = ticket
            return
        self.customers[cmd.customer] = customer


def run_commands(
    driver: CaseledgerDriver | RawDriver, commands: Sequence[Command], tick: Tick | None
) -> tuple[float, float]:
    """Run the commands in order; returns (wall seconds, CPU seconds of this process)."""
    run = driver.run
    pending = 0
    cpu, start = time.process_time(), time.perf_counter()
    for cmd in commands:
        run(cmd)
        pending += 1
        if tick is not None and pending == TICK_EVERY:
            tick(pending)
            pending = 0
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    if tick is not None and pending:
        tick(pending)
    return elapsed, cpu


# --------------------------------------------------------------------------------------------
# Backends: a fresh store per run
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Backend:
    name: BackendName
    postgres_url: str | None = None
    pool_size: int = 5


@contextlib.contextmanager
def fresh_settings(backend: Backend) -> Iterator[Settings]:
    """Settings on a brand-new store: a temp data dir (SQLite) or a new schema (PostgreSQL).

    The store is removed afterwards (the schema is dropped with CASCADE).
    """
    tmp = Path(tempfile.mkdtemp(prefix="caseledger-bench-"))
    guard = GuardSettings(use_embeddings=False)
    try:
        if backend.name == "sqlite":
            (tmp / "data").mkdir()
            yield Settings(environment="test", data_dir=tmp / "data", guard=guard)
            return
        assert backend.postgres_url is not None
        schema = f"bench_{secrets.token_hex(6)}"
        with psycopg.connect(backend.postgres_url, autocommit=True) as conn:
            conn.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
        try:
            yield Settings(
                environment="test",
                data_dir=tmp / "data",
                guard=guard,
                db=DbSettings(
                    backend="postgres",
                    postgres_url=SecretStr(backend.postgres_url),
                    postgres_schema=schema,
                    pool_size=backend.pool_size,
                ),
            )
        finally:
            with psycopg.connect(backend.postgres_url, autocommit=True) as conn:
                conn.execute(
                    sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema))
                )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


@contextlib.contextmanager
def caseledger_container(settings: Settings) -> Iterator[Container]:
    container = bootstrap(settings, embedder=None, inline_projections=False)
    try:
        yield container
    finally:
        container.close()


@contextlib.contextmanager
def raw_app(settings: Settings) -> Iterator[RawApp]:
    # The same persistence settings caseledger's own Application gets.
    app = RawApp(env=eventsourcing_env(settings))
    try:
        yield app
    finally:
        app.close()


# --------------------------------------------------------------------------------------------
# Append benchmark
# --------------------------------------------------------------------------------------------

SUBJECTS_APPEND = ("caseledger", "raw_get_save", "raw_save_only")


@dataclass
class Run:
    events: int
    commands: int
    seconds: float  # wall clock
    cpu_seconds: float  # CPU time of this (client) process only; the server's is not included

    @property
    def events_per_s(self) -> float:
        return self.events / self.seconds

    @property
    def cpu_us_per_event(self) -> float:
        return self.cpu_seconds / self.events * 1e6

    @property
    def commands_per_s(self) -> float:
        return self.commands / self.seconds


@dataclass
class Subject:
    """One of the three things measured, on its own fresh store, ready to run commands."""

    name: str
    driver: CaseledgerDriver | RawDriver
    head: Callable[[], int]  # events stored so far: the store's highest notification id


def _open_subject(name: str, settings: Settings, stack: contextlib.ExitStack) -> Subject:
    if name == "caseledger":
        container = stack.enter_context(caseledger_container(settings))
        driver: CaseledgerDriver | RawDriver = CaseledgerDriver(
            container.desk, secrets.token_hex(4)
        )
        return Subject(name, driver, container.runner.source.head)
    app = stack.enter_context(raw_app(settings))
    return Subject(
        name,
        RawDriver(app, reload=name == "raw_get_save"),
        lambda: int(app.recorder.max_notification_id() or 0),
    )


def _append_round(
    backend: Backend, plan: Plan, tick: Tick | None, first: int = 0
) -> dict[str, Run]:
    """One round: every subject on its own fresh store, all open at once, taking turns chunk by
    chunk (the order rotates every chunk) so that a slow minute of the disk hits all of them."""
    with contextlib.ExitStack() as stack:
        subjects = [
            _open_subject(name, stack.enter_context(fresh_settings(backend)), stack)
            for name in SUBJECTS_APPEND
        ]
        before = {s.name: s.head() for s in subjects}
        wall = dict.fromkeys(before, 0.0)
        cpu = dict.fromkeys(before, 0.0)
        for i, chunk in enumerate(plan.chunks):
            k = (first + i) % len(subjects)
            for subject in subjects[k:] + subjects[:k]:
                seconds, cpu_seconds = run_commands(subject.driver, chunk, tick)
                wall[subject.name] += seconds
                cpu[subject.name] += cpu_seconds
        runs = {}
        for subject in subjects:
            events = subject.head() - before[subject.name]
            if events != plan.events:
                raise RuntimeError(
                    f"{subject.name} on {backend.name} stored {events} events, the plan has "
                    f"{plan.events}: the baseline would no longer mirror caseledger's saves"
                )
            runs[subject.name] = Run(
                events, len(plan.commands), wall[subject.name], cpu[subject.name]
            )
        return runs


@dataclass
class AppendResult:
    backend: str
    events: int
    commands: int
    customers: int
    tickets_per_customer: int
    rounds: int
    runs: dict[str, list[Run]] = field(default_factory=dict)

    def rates(self, subject: str) -> list[float]:
        return [r.events_per_s for r in self.runs[subject]]

    def median(self, subject: str) -> float:
        return statistics.median(self.rates(subject))

    def cpu_us(self, subject: str) -> float:
        return statistics.median(r.cpu_us_per_event for r in self.runs[subject])

    def ratios(self, baseline: str) -> list[float]:
        """caseledger/baseline per round (paired: they took turns within that round)."""
        return [c / b for c, b in zip(self.rates("caseledger"), self.rates(baseline), strict=True)]

    def ratio(self, baseline: str) -> float:
        return statistics.median(self.ratios(baseline))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "events": self.events,
            "commands": self.commands,
            "customers": self.customers,
            "tickets_per_customer": self.tickets_per_customer,
            "rounds": self.rounds,
        }
        for subject, runs in self.runs.items():
            out[subject] = {
                "events_per_s_median": self.median(subject),
                "commands_per_s_median": statistics.median(r.commands_per_s for r in runs),
                "cpu_us_per_event_median": self.cpu_us(subject),
                "rounds": [
                    {
                        **asdict(r),
                        "events_per_s": r.events_per_s,
                        "cpu_us_per_event": r.cpu_us_per_event,
                    }
                    for r in runs
                ],
            }
        out["ratio_vs_raw_get_save"] = self.ratio("raw_get_save")
        out["ratio_vs_raw_get_save_rounds"] = self.ratios("raw_get_save")
        out["ratio_vs_raw_save_only"] = self.ratio("raw_save_only")
        out["ratio_vs_raw_save_only_rounds"] = self.ratios("raw_save_only")
        out["target_ratio"] = TARGET_RATIO
        out["meets_target"] = self.ratio("raw_get_save") >= TARGET_RATIO
        return out


def run_append_benchmark(
    backend: Backend,
    events: int,
    rounds: int,
    *,
    tickets_per_customer: int = 3,
    progress: Progress | None = None,
    warmup: bool = True,
) -> AppendResult:
    """Rounds of caseledger vs the raw library on ``backend``, each on fresh stores."""
    plan = build_plan(events, tickets_per_customer)
    result = AppendResult(
        backend.name,
        plan.events,
        len(plan.commands),
        plan.customers,
        tickets_per_customer,
        rounds,
        {s: [] for s in SUBJECTS_APPEND},
    )
    if warmup:  # imports, topic resolution, connection set-up, first-use caches
        _append_round(backend, build_plan(1, tickets_per_customer), None)
    for r in range(rounds):
        label = f"{backend.name} append, round {r + 1}/{rounds}"
        task = _task(progress, label, len(plan.commands) * len(SUBJECTS_APPEND))
        for name, run in _append_round(backend, plan, _ticker(progress, task), first=r).items():
            result.runs[name].append(run)
        _finish(progress, task)
    return result


# --------------------------------------------------------------------------------------------
# Catch-up benchmark
# --------------------------------------------------------------------------------------------


@dataclass
class Timed:
    events: int
    seconds: float

    @property
    def events_per_s(self) -> float:
        return self.events / self.seconds

    def to_json(self) -> dict[str, float]:
        return {"events": self.events, "seconds": self.seconds, "events_per_s": self.events_per_s}


@dataclass
class CatchupResult:
    backend: str
    events: int
    build: Timed
    log_read: Timed
    catch_up_all: Timed
    replay: dict[str, Timed]
    rows: dict[str, int]
    log_reads: list[Timed] = field(default_factory=list)  # every read; log_read is the fastest

    def to_json(self) -> dict[str, Any]:
        return {
            "events": self.events,
            "build": self.build.to_json(),
            "log_read": self.log_read.to_json(),
            "log_reads": [t.to_json() for t in self.log_reads],
            "catch_up_all": self.catch_up_all.to_json(),
            "catch_up_all_vs_log_read": self.catch_up_all.events_per_s / self.log_read.events_per_s,
            "replay": {name: t.to_json() for name, t in self.replay.items()},
            "replay_vs_log_read": {
                name: t.events_per_s / self.log_read.events_per_s for name, t in self.replay.items()
            },
            "documents": self.rows,
        }


def _read_whole_log(container: Container, batch_size: int, tick: Tick | None) -> int:
    source, after, read = container.runner.source, 0, 0
    while batch := source.read(after, batch_size):
        last = batch[-1].position
        assert last is not None
        after, read = last, read + len(batch)
        if tick is not None:
            tick(len(batch))
    return read


def _replay(runner: ProjectionRunner, name: str, tick: Tick | None) -> int:
    return int(runner.replay(name, progress=tick))


def run_catchup_benchmark(
    backend: Backend,
    events: int,
    *,
    tickets_per_customer: int = 3,
    replay: Sequence[str] | None = None,
    progress: Progress | None = None,
) -> CatchupResult:
    """Build a log of ``events`` through the service, then time catch-up and replays."""
    plan = build_plan(events, tickets_per_customer)
    with fresh_settings(backend) as settings, caseledger_container(settings) as container:
        runner = container.runner
        task = _task(progress, f"{backend.name} catch-up: build log", plan)
        driver = CaseledgerDriver(container.desk, secrets.token_hex(4))
        build_seconds, _ = run_commands(driver, plan.commands, _ticker(progress, task))
        _finish(progress, task)
        stored = runner.source.head()
        if stored != plan.events:
            raise RuntimeError(f"built {stored} events, the plan has {plan.events}")

        def timed(label: str, action: Callable[[Tick | None], int]) -> Timed:
            task = _task(progress, f"{backend.name} catch-up: {label}", stored)
            start = time.perf_counter()
            read = action(_ticker(progress, task))
            seconds = time.perf_counter() - start
            _finish(progress, task)
            if read != stored:
                raise RuntimeError(f"{label} read {read} events, the log has {stored}")
            return Timed(read, seconds)

        def read_log(label: str) -> Timed:
            return timed(label, lambda t: _read_whole_log(container, runner.batch_size, t))

        first_read = read_log("read log")
        catch_up_all = timed("catch_up (all)", lambda t: runner.catch_up(progress=t))
        rows = {name: sum(1 for _ in container.store.scan(name)) for name in runner.projections}
        replays = {
            name: timed(f"replay {name}", functools.partial(_replay, runner, name))
            for name in (replay if replay is not None else list(runner.projections))
        }
        # The baseline is read twice, before and after the projections, and the faster read is
        # kept: a busy minute on a shared machine should not make projecting look cheap.
        second_read = read_log("read log again")
        log_read = min(first_read, second_read, key=lambda r: r.seconds)
        return CatchupResult(
            backend.name,
            stored,
            Timed(stored, build_seconds),
            log_read,
            catch_up_all,
            replays,
            rows,
            [first_read, second_read],
        )


# --------------------------------------------------------------------------------------------
# Progress helpers (all optional: the smoke test runs without a Progress)
# --------------------------------------------------------------------------------------------


def _task(progress: Progress | None, label: str, total: Plan | int) -> TaskID | None:
    if progress is None:
        return None
    count = len(total.commands) if isinstance(total, Plan) else total
    return progress.add_task(label, total=count)


def _ticker(progress: Progress | None, task: TaskID | None) -> Tick | None:
    if progress is None or task is None:
        return None
    return lambda n: progress.advance(task, n)


def _finish(progress: Progress | None, task: TaskID | None) -> None:
    if progress is not None and task is not None:
        progress.update(task, visible=False)


def make_progress(console: Console) -> Progress:
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=False,
    )


# --------------------------------------------------------------------------------------------
# PostgreSQL server
# --------------------------------------------------------------------------------------------


@contextlib.contextmanager
def postgres_server(url: str | None, *, keep: bool, console: Console) -> Iterator[str]:
    """The given URL, or the project's server via scripts/postgres.sh (stopped afterwards
    only if this run started it and ``keep`` is false)."""
    if url:
        yield url
        return
    was_running = (
        subprocess.run(
            ["bash", str(POSTGRES_SCRIPT), "status"], capture_output=True, timeout=60
        ).returncode
        == 0
    )
    console.print(f"[dim]starting PostgreSQL with {POSTGRES_SCRIPT.relative_to(REPO)} start[/]")
    started = subprocess.run(
        ["bash", str(POSTGRES_SCRIPT), "start"], capture_output=True, text=True, timeout=600
    )
    if started.returncode != 0:
        raise SystemExit(f"scripts/postgres.sh start failed:\n{started.stderr[-3000:]}")
    try:
        yield started.stdout.strip().splitlines()[-1]
    finally:
        if not was_running and not keep:
            subprocess.run(["bash", str(POSTGRES_SCRIPT), "stop"], capture_output=True, timeout=120)


def _postgres_meta(url: str) -> dict[str, Any]:
    with psycopg.connect(url, autocommit=True) as conn:
        settings = {
            name: conn.execute(sql.SQL("SHOW {}").format(sql.Identifier(name))).fetchone()
            for name in ("server_version", "fsync", "synchronous_commit", "shared_buffers")
        }
    return {k: (v[0] if v else None) for k, v in settings.items()}


# --------------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------------


def _rate(value: float) -> str:
    return f"{value:,.0f}"


def append_table(results: Sequence[AppendResult]) -> Table:
    table = Table(title="Append throughput (events/s, median of rounds)")
    columns = (
        "backend",
        "events",
        "caseledger",
        "raw get+save",
        "ratio",
        "raw save-only",
        "ratio",
        f"≥ {TARGET_RATIO}?",
        "client CPU µs/event (cl / get+save / save-only)",
    )
    for column in columns:
        table.add_column(column, justify="left" if column == "backend" else "right")
    for r in results:
        ratio = r.ratio("raw_get_save")
        table.add_row(
            r.backend,
            f"{r.events:,}",
            _rate(r.median("caseledger")),
            _rate(r.median("raw_get_save")),
            f"{ratio:.2f}",
            _rate(r.median("raw_save_only")),
            f"{r.ratio('raw_save_only'):.2f}",
            "[green]yes[/]" if ratio >= TARGET_RATIO else "[red]no[/]",
            " / ".join(f"{r.cpu_us(s):,.0f}" for s in SUBJECTS_APPEND),
        )
    return table


def catchup_table(results: Sequence[CatchupResult]) -> Table:
    table = Table(title="Projection catch-up (events/s; ratio vs reading the same log)")
    for column in ("backend", "phase", "events", "seconds", "events/s", "vs log read"):
        table.add_column(column, justify="left" if column in ("backend", "phase") else "right")
    for r in results:
        base = r.log_read.events_per_s
        rows: list[tuple[str, Timed]] = [
            ("build log (service, appends)", r.build),
            ("read log (decode only)", r.log_read),
            ("catch_up (4 projections)", r.catch_up_all),
            *((f"replay {name}", t) for name, t in r.replay.items()),
        ]
        for i, (phase, t) in enumerate(rows):
            table.add_row(
                r.backend if i == 0 else "",
                phase,
                f"{t.events:,}",
                f"{t.seconds:.2f}",
                _rate(t.events_per_s),
                "" if i == 0 else f"{t.events_per_s / base:.2f}",
            )
        table.add_section()
    return table


def environment_meta() -> dict[str, Any]:
    return {
        "started_at": datetime.now(UTC).isoformat(),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "loadavg": os.getloadavg(),
        "eventsourcing": version("eventsourcing"),
        "psycopg": version("psycopg"),
        "sqlite": sqlite3.sqlite_version,
    }


# --------------------------------------------------------------------------------------------
# CLI
# --------------------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bench/append.py",
        description="Append and projection catch-up throughput of caseledger vs the raw "
        "eventsourcing library, on SQLite and/or PostgreSQL. See bench/README.md.",
    )
    parser.add_argument("--backend", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument(
        "--events",
        type=int,
        default=5000,
        help="events per append run (rounded up to whole customers; default 5000)",
    )
    parser.add_argument("--rounds", type=int, default=3, help="append rounds (default 3)")
    parser.add_argument(
        "--catchup-events",
        type=int,
        default=100_000,
        help="events in the catch-up log (default 100000; 0 skips the catch-up benchmark)",
    )
    parser.add_argument(
        "--replay",
        nargs="*",
        default=None,
        metavar="PROJECTION",
        help="projections to replay alone after the catch-up (default: each of the four; "
        "give the flag with no names to skip)",
    )
    parser.add_argument(
        "--tickets-per-customer",
        type=int,
        default=3,
        choices=range(1, MAX_TICKETS_PER_CUSTOMER + 1),
        metavar=f"1..{MAX_TICKETS_PER_CUSTOMER}",
        help="tickets in each customer's history (default 3)",
    )
    parser.add_argument(
        "--postgres-url",
        help="use this server (postgresql://user:pw@host:port/db); default: start the project's "
        "own with scripts/postgres.sh (CASELEDGER_PG_DIR / CASELEDGER_PG_PORT apply)",
    )
    parser.add_argument(
        "--keep-postgres",
        action="store_true",
        help="leave a server started by this run running",
    )
    parser.add_argument("--pool-size", type=int, default=5, help="PostgreSQL pool size")
    parser.add_argument("--no-warmup", action="store_true", help="skip the untimed warm-up run")
    parser.add_argument("--json-out", type=Path, help="write every figure as JSON here")
    args = parser.parse_args(argv)
    if args.events < 1 or args.rounds < 1 or args.catchup_events < 0:
        parser.error("--events and --rounds must be >= 1, --catchup-events >= 0")
    return args


def main(argv: Sequence[str] | None = None, console: Console | None = None) -> int:
    args = parse_args(argv)
    # Not a terminal (a log file, CI): wide enough that the tables do not wrap.
    console = console or (Console() if sys.stdout.isatty() else Console(width=140))
    names: list[BackendName] = ["sqlite", "postgres"] if args.backend == "both" else [args.backend]
    report: dict[str, Any] = {
        "meta": environment_meta(),
        "config": {
            "backends": names,
            "events": args.events,
            "rounds": args.rounds,
            "catchup_events": args.catchup_events,
            "replay": args.replay,
            "tickets_per_customer": args.tickets_per_customer,
            "interleave": INTERLEAVE,
            "pool_size": args.pool_size,
            "warmup": not args.no_warmup,
            "postgres_url_given": bool(args.postgres_url),
        },
        "backends": {},
    }
    appends: list[AppendResult] = []
    catchups: list[CatchupResult] = []
    with contextlib.ExitStack() as stack:
        progress = stack.enter_context(make_progress(console))
        for name in names:
            backend = Backend(name, pool_size=args.pool_size)
            entry: dict[str, Any] = {}
            if name == "postgres":
                url = stack.enter_context(
                    postgres_server(args.postgres_url, keep=args.keep_postgres, console=console)
                )
                backend = Backend(name, url, args.pool_size)
                entry["server"] = _postgres_meta(url)
            appended = run_append_benchmark(
                backend,
                args.events,
                args.rounds,
                tickets_per_customer=args.tickets_per_customer,
                progress=progress,
                warmup=not args.no_warmup,
            )
            appends.append(appended)
            entry["append"] = appended.to_json()
            if args.catchup_events:
                caught = run_catchup_benchmark(
                    backend,
                    args.catchup_events,
                    tickets_per_customer=args.tickets_per_customer,
                    replay=args.replay,
                    progress=progress,
                )
                catchups.append(caught)
                entry["catchup"] = caught.to_json()
            report["backends"][name] = entry
    report["meta"]["finished_at"] = datetime.now(UTC).isoformat()
    console.print(append_table(appends))
    console.print(
        "ratio = caseledger / raw, median of the per-round ratios; target ≥ "
        f"{TARGET_RATIO} against raw get+save"
    )
    if catchups:
        console.print(catchup_table(catchups))
    if args.json_out:
        args.json_out.parent.mkdir(parents=True, exist_ok=True)
        args.json_out.write_text(json.dumps(report, indent=2) + "\n")
        console.print(f"JSON written to {args.json_out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
