"""Helpers of the Kafka integration tests: a workload, waiting on offsets, read-model checksums."""

from __future__ import annotations

import contextlib
import os
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

from caseledger.adapters.bootstrap import Container, kafka_projections
from caseledger.adapters.readmodels.sqlite import SQLiteReadModelStore
from caseledger.adapters.settings import Settings
from caseledger.domain.errors import RepeatOfFailedAttempt
from caseledger.domain.services import Cause
from caseledger.projections.runner import NotificationLogSource, ProjectionRunner
from caseledger.projections.store import ReadModelStore
from caseledger.streams.projector import consumer_name
from caseledger.streams.replay import checksum, end_offsets_of

REPO = Path(__file__).resolve().parents[3]
KAFKA_SCRIPT = REPO / "scripts" / "kafka.sh"
NAMES = [p.name for p in kafka_projections()]


def wait_until(check: Callable[[], bool], *, timeout: float, what: str, every: float = 0.1) -> None:
    """Poll ``check`` (an offsets/positions probe) until true; fail naming ``what``."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(every)


# Lexically distinct fixes per ticket: only the deliberate repeat below is refused.
_FAILED = ("restart the router twice", "reinstall the banking app", "clear the browser cookies")
_WORKED = ("update the modem firmware", "reset the account password", "replace the power adapter")


def customer_story(c: Container, customer: str, *, tickets: int = 2) -> int:
    assert tickets <= 3
    """One customer's life through the application service; returns how many commands ran."""
    desk = c.desk
    desk.register_customer(customer, Cause("service:crm"))
    commands = 1
    for n in range(tickets):
        ticket = desk.open_ticket(customer, f"{customer} problem {n}", Cause("customer"))
        desk.receive_message(ticket, f"my device {n} stopped working", Cause("customer"))
        desk.state_preference(
            customer,
            "contact_channel",
            "email" if n % 2 else "phone",
            Cause("customer"),
            stated_at=c.clock.now(),
            text="reach me this way",
            confidence=0.9,
        )
        first = desk.propose_attempt(ticket, _FAILED[n % 3], Cause("assistant"))
        desk.record_outcome(ticket, first, "failed", Cause("customer"))
        with contextlib.suppress(RepeatOfFailedAttempt):  # the refusal is an event too
            desk.propose_attempt(ticket, _FAILED[n % 3], Cause("assistant"))
        second = desk.propose_attempt(ticket, _WORKED[n % 3], Cause("assistant"))
        desk.record_outcome(ticket, second, "succeeded", Cause("service:devices"))
        desk.resolve_ticket(
            ticket, "firmware update fixed it", Cause("agent:sam"), attempt_id=second
        )
        commands += 8
    return commands


def embedded_checksums(c: Container, tmp_path: Path) -> dict[str, tuple[int, str]]:
    """Read models built by the embedded runner from the same event store, as checksums."""
    store = SQLiteReadModelStore(tmp_path / f"embedded-{time.monotonic_ns()}.sqlite")
    try:
        ProjectionRunner(NotificationLogSource(c.desk), store, kafka_projections()).catch_up()
        return dict(checksum(store, NAMES))
    finally:
        store.close()


def projector_caught_up(settings: Settings, store: ReadModelStore, group: str) -> bool:
    ends = end_offsets_of(settings.kafka)
    if not ends or sum(ends.values()) == 0:
        return False
    for name in NAMES:
        stored = store.offsets(consumer_name(group, name))
        if any(stored.get(tp, 0) < end for tp, end in ends.items() if end > 0):
            return False
    return True


def settings_env(settings: Settings) -> dict[str, str]:
    """The environment that makes a child process build these settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("CASELEDGER_")}
    env.update(
        {
            "CASELEDGER_ENVIRONMENT": settings.environment,
            "CASELEDGER_DATA_DIR": str(settings.data_dir),
            "CASELEDGER_DB__BACKEND": settings.db.backend,
            "CASELEDGER_DB__POSTGRES_SCHEMA": settings.db.postgres_schema,
            "CASELEDGER_GUARD__USE_EMBEDDINGS": "false",
            "CASELEDGER_KAFKA__BOOTSTRAP_SERVERS": settings.kafka.bootstrap_servers,
            "CASELEDGER_KAFKA__EVENTS_TOPIC": settings.kafka.events_topic,
            "CASELEDGER_KAFKA__INBOUND_TOPIC": settings.kafka.inbound_topic,
            "CASELEDGER_KAFKA__PARTITIONS": "3",
            "HF_HUB_OFFLINE": "1",
        }
    )
    if settings.db.postgres_url is not None:
        env["CASELEDGER_DB__POSTGRES_URL"] = settings.db.postgres_url.get_secret_value()
    return env


class Broker:
    """A broker of this test's own, through scripts/kafka.sh (so a test may stop and start it)."""

    def __init__(self, directory: Path) -> None:
        self.env = {
            **os.environ,
            "CASELEDGER_KAFKA_DIR": str(directory),
            "CASELEDGER_KAFKA_PORT": "auto",
        }
        self.bootstrap = ""

    def _run(self, command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["bash", str(KAFKA_SCRIPT), command],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=600,
        )

    def start(self) -> str:
        done = self._run("start")
        if done.returncode != 0:
            raise RuntimeError(f"scripts/kafka.sh start failed:\n{done.stderr[-4000:]}")
        self.bootstrap = done.stdout.strip().splitlines()[-1]
        return self.bootstrap

    def stop(self) -> None:
        done = self._run("stop")
        if done.returncode != 0:
            raise RuntimeError(f"scripts/kafka.sh stop failed:\n{done.stderr[-4000:]}")


def count_messages(settings: Settings) -> int:
    return sum(end_offsets_of(settings.kafka).values())
