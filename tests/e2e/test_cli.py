"""The command line as a user runs it: a real process, a real data dir."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

CLI = shutil.which("caseledger", path=str(Path(sys.executable).parent)) or "caseledger"


def run(
    *args: str, data_dir: Path, stdin: str | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "CASELEDGER_DATA_DIR": str(data_dir),
        "COLUMNS": "200",
        "HF_HUB_OFFLINE": "1",
        **(env or {}),
    }
    return subprocess.run(
        [CLI, *args], env=env, capture_output=True, text=True, timeout=300, input=stdin
    )


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    data_dir = tmp_path_factory.mktemp("cli")
    result = run("demo", data_dir=data_dir)
    assert result.returncode == 0, result.stderr
    return data_dir, result.stdout


def test_demo_shows_the_scenario_from_projections(demo: tuple[Path, str]) -> None:
    _, out = demo
    for heading in ("Ticket timelines", "Deduplicated attempt lists", "Preference view", "Lineage"):
        assert heading in out
    assert "Dell Inspiron 15 stopped charging" in out
    # The failed fix came back in other words and was refused, with its scores.
    assert re.search(r"refused 'Delete the saved card.*repeats failed att-\w+", out)
    # The rephrased driver roll-back joined the succeeded entry from the first session.
    assert "In Device Manager, roll back the battery driver" in out
    # Contact preference moved from email to phone; the as-of view still shows email.
    assert re.search(r"contact_channel\s+│\s+current\s+│\s+phone", out)
    assert re.search(r"contact_channel\s+│\s+current\s+│\s+email", out)
    assert re.search(r"contact_time\s+│\s+conflict", out)


def test_demo_output_matches_what_other_commands_read_back(demo: tuple[Path, str]) -> None:
    data_dir, out = demo
    store = data_dir / "demo"
    attempts = run("--data-dir", str(store), "attempts", "cust-b", data_dir=data_dir)
    assert attempts.returncode == 0, attempts.stderr
    assert "Remove the card and add it again" in attempts.stdout
    assert "failed" in attempts.stdout and "Try a different card" in attempts.stdout
    event_id = re.search(r"caseledger trace\s+([0-9a-f-]{36})", out)
    assert event_id, out[-500:]
    trace = run("--data-dir", str(store), "trace", "--json", event_id.group(1), data_dir=data_dir)
    assert trace.returncode == 0, trace.stderr
    tree = json.loads(trace.stdout)
    assert tree["event"]["type"] == "customer.preference_stated"
    assert tree["causes"][0]["event"]["type"] == "ticket.message_received"
    assert "call me instead" in tree["causes"][0]["event"]["summary"]


def test_replay_ends_with_the_live_state(demo: tuple[Path, str]) -> None:
    data_dir, _ = demo
    store = data_dir / "demo"
    before = run("--data-dir", str(store), "tickets", "cust-a", data_dir=data_dir).stdout
    replay = run("--data-dir", str(store), "replay", data_dir=data_dir)
    assert replay.returncode == 0, replay.stderr
    # Off a terminal the progress is plain lines (a log shows them while it runs).
    assert re.search(r"^replay ticket_state: ([\d,]+)/\1 \(100%\) after ", replay.stderr, re.M), (
        replay.stderr
    )
    assert (
        "replayed ticket_state, attempt_list, preference_view, lineage_index, memory_view"
        in replay.stdout
    )
    status = run("--data-dir", str(store), "status", data_dir=data_dir)
    assert all(line.endswith("lag 0") for line in status.stdout.strip().splitlines())
    after = run("--data-dir", str(store), "tickets", "cust-a", data_dir=data_dir).stdout
    assert after == before and "Charging problem again" in after


def test_tickets_of_a_customer_with_none_says_so(demo: tuple[Path, str]) -> None:
    data_dir, _ = demo
    result = run("--data-dir", str(data_dir / "demo"), "tickets", "nobody", data_dir=data_dir)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "No tickets for nobody."


def test_attempts_of_a_customer_or_ticket_with_none_says_so(tmp_path: Path) -> None:
    nobody = run("attempts", "nobody", data_dir=tmp_path)
    assert nobody.returncode == 0, nobody.stderr
    assert nobody.stdout.strip() == "No attempts for nobody."
    bogus = run("attempts", "cust-a", "--ticket", "bogus", data_dir=tmp_path)
    assert bogus.returncode == 0, bogus.stderr
    assert bogus.stdout.strip() == "No attempts on ticket bogus for cust-a."


def test_replay_of_unknown_projection_is_a_clear_error(tmp_path: Path) -> None:
    result = run("replay", "--projection", "nope", data_dir=tmp_path)
    assert result.returncode == 2
    assert "unknown projection 'nope'" in result.stderr


def test_a_configuration_error_prints_brackets_in_its_reason(tmp_path: Path) -> None:
    # rich markup used to swallow "[a-z_]" from the pattern, leaving "^{0,40}$".
    result = run("status", data_dir=tmp_path, env={"CASELEDGER_DB__POSTGRES_SCHEMA": "QA_Upper"})
    assert result.returncode == 2
    assert "configuration error:" in result.stderr
    assert "String should match pattern '^[a-z_][a-z0-9_]{0,40}$'" in result.stderr


def test_an_error_reason_with_brackets_is_printed_as_is(tmp_path: Path) -> None:
    result = run("trace", "[a-z_]", data_dir=tmp_path)
    assert result.returncode == 2 and "event '[a-z_]' not found" in result.stderr


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _on_postgres(url: str, schema: str = "public") -> dict[str, str]:
    return {
        "CASELEDGER_DB__BACKEND": "postgres",
        "CASELEDGER_DB__POSTGRES_URL": url,
        "CASELEDGER_DB__POSTGRES_SCHEMA": schema,
    }


def test_an_unreachable_postgres_is_a_reason_and_exit_2(tmp_path: Path) -> None:
    port = _free_port()
    began = time.monotonic()
    result = run(
        "status",
        data_dir=tmp_path,
        env=_on_postgres(f"postgresql://caseledger:caseledger@127.0.0.1:{port}/caseledger"),
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith(f"error: PostgreSQL at 127.0.0.1:{port} is unavailable: ")
    assert "Connection refused" in result.stderr and "Traceback" not in result.stderr
    assert time.monotonic() - began < 20  # it waited a pool's 30 s before, then a traceback


@pytest.mark.postgres
def test_a_wrong_postgres_password_is_a_reason_and_exit_2(
    tmp_path: Path, postgres_url: str
) -> None:
    parts = urlsplit(postgres_url)
    wrong = parts._replace(
        netloc=f"{parts.username}:not-the-password@{parts.hostname}:{parts.port}"
    )
    result = run("status", data_dir=tmp_path, env=_on_postgres(urlunsplit(wrong)))
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith(f"error: PostgreSQL at {parts.hostname}:{parts.port} ")
    assert "password authentication failed" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("schema", ["pg_catalog", "pg_foo", "information_schema"])
def test_a_reserved_postgres_schema_is_a_configuration_error(tmp_path: Path, schema: str) -> None:
    url = "postgresql://caseledger:caseledger@127.0.0.1:5432/caseledger"
    result = run("status", data_dir=tmp_path, env=_on_postgres(url, schema))
    assert result.returncode == 2, result.stderr
    assert "configuration error:" in result.stderr
    assert f"{schema!r} is reserved by PostgreSQL" in result.stderr


def test_trace_of_unknown_event_is_a_clear_error(tmp_path: Path) -> None:
    result = run("trace", "0000", data_dir=tmp_path)
    assert result.returncode == 2 and "event '0000' not found" in result.stderr


def test_preferences_resolve_uses_the_policy(tmp_path: Path) -> None:
    statements = [
        {
            "key": "contact_channel",
            "value": "email",
            "stated_at": "2026-01-01T10:00:00+00:00",
            "source": "s1",
            "text": "email me",
        },
        {
            "key": "contact_channel",
            "value": "phone",
            "stated_at": "2026-01-02T10:00:00+05:00",
            "source": "s2",
            "text": "call me",
        },
        {"key": "language", "value": "en", "stated_at": None, "source": "s3", "text": "English"},
        {"key": "language", "value": "zh", "stated_at": None, "source": "s4", "text": "中文"},
        {
            "key": "time",
            "value": "am",
            "stated_at": "2026-01-01T10:00:00+00:00",
            "source": "s5",
            "text": "",
        },
        {
            "key": "time",
            "value": "pm",
            "stated_at": "2026-01-01T11:00:00+01:00",
            "source": "s6",
            "text": "",
        },
    ]
    path = tmp_path / "statements.json"
    path.write_text(json.dumps(statements))
    result = run("preferences", "resolve", str(path), data_dir=tmp_path)
    assert result.returncode == 0, result.stderr
    view = json.loads(result.stdout)
    assert view["contact_channel"]["value"] == "phone"
    assert view["contact_channel"]["status"] == "current"
    assert view["language"]["status"] == "conflict"
    assert view["time"]["status"] == "conflict"  # the same instant in two offsets
    stdin = run("preferences", "resolve", "-", data_dir=tmp_path, stdin=json.dumps(statements))
    assert json.loads(stdin.stdout) == view


def test_preferences_resolve_drops_expired_statements_as_of_now(tmp_path: Path) -> None:
    statements = [
        {
            "key": "contact_channel",
            "value": "email",
            "stated_at": "2026-01-01T10:00:00+00:00",
            "source": "s1",
            "text": "email me",
        },
        {
            "key": "contact_channel",
            "value": "sms",
            "stated_at": "2026-01-02T10:00:00+00:00",
            "source": "s2",
            "text": "text me this week",
            "expires_at": "2026-01-09T10:00:00+00:00",
        },
        {
            "key": "contact_time",
            "value": "evenings",
            "stated_at": "2026-01-02T10:00:00+00:00",
            "source": "s3",
            "text": "evenings until further notice",
            "expires_at": "2999-01-01T00:00:00+00:00",
        },
    ]
    path = tmp_path / "statements.json"
    path.write_text(json.dumps(statements))
    now = json.loads(run("preferences", "resolve", str(path), data_dir=tmp_path).stdout)
    # The sms statement expired in the past: the older, unexpired email is current again.
    assert (now["contact_channel"]["value"], now["contact_channel"]["source"]) == ("email", "s1")
    assert now["contact_time"]["value"] == "evenings"
    then = run(
        "preferences",
        "resolve",
        str(path),
        "--as-of",
        "2026-01-05T00:00:00+00:00",
        data_dir=tmp_path,
    )
    assert json.loads(then.stdout)["contact_channel"]["value"] == "sms"


def test_preferences_resolve_rejects_naive_timestamps(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps(
            [
                {
                    "key": "k",
                    "value": "v",
                    "stated_at": "2026-01-01T10:00:00",
                    "source": "s",
                    "text": "",
                }
            ]
        )
    )
    result = run("preferences", "resolve", str(path), data_dir=tmp_path)
    assert result.returncode == 2
    assert "stated_at" in result.stderr and "item 0" in result.stderr


def test_memory_retry_finishes_a_turn_that_stopped_after_its_answer(tmp_path: Path) -> None:
    from caseledger.adapters.bootstrap import bootstrap
    from caseledger.adapters.settings import GuardSettings, Settings
    from caseledger.domain.services import Cause
    from tests.fakes import SteppingClock

    # A turn answered (in June) whose process stopped before the memory write.
    settings = Settings(
        environment="test", data_dir=tmp_path, guard=GuardSettings(use_embeddings=False)
    )
    container = bootstrap(settings, clock=SteppingClock(), embedder=None)
    try:
        container.desk.register_customer("cust-r", Cause(actor="service:crm"))
        ticket = container.desk.open_ticket("cust-r", "Printer offline", Cause(actor="customer"))
        steps = container.replies.stream_message(
            ticket, "My printer shows offline since this morning.", Cause(actor="customer")
        )
        done = next(s for s in steps if s.kind == "done")
        steps.close()
    finally:
        container.close()
    assert done.outcome is not None

    first = run("memory-retry", data_dir=tmp_path)
    assert first.returncode == 0, first.stderr
    assert re.search(r"retained 1 \(1 of turns", first.stdout), first.stdout
    again = run("memory-retry", data_dir=tmp_path)
    assert re.search(r"retained 0 \(0 of turns", again.stdout), again.stdout
    memory = run("memory", "cust-r", "--json", data_dir=tmp_path)
    assert memory.returncode == 0, memory.stderr
    assert done.outcome.message_event_id in memory.stdout


def test_memory_shows_a_corrected_preferences_key_and_value(tmp_path: Path) -> None:
    from caseledger.adapters.bootstrap import bootstrap
    from caseledger.adapters.settings import GuardSettings, Settings
    from caseledger.domain.services import Cause

    settings = Settings(
        environment="test", data_dir=tmp_path, guard=GuardSettings(use_embeddings=False)
    )
    container = bootstrap(settings, embedder=None)
    try:
        container.desk.register_customer("cust-p", Cause(actor="service:crm"))
        container.desk.correct_preference(
            "cust-p",
            "contact_channel",
            "sms",
            Cause(actor="agent:sam"),
            reason="customer phoned in",
        )
    finally:
        container.close()
    result = run("memory", "cust-p", data_dir=tmp_path)
    assert result.returncode == 0, result.stderr
    # The table showed only the reason: what was corrected, and to what, appeared nowhere.
    assert "contact_channel: sms" in result.stdout, result.stdout
    assert "customer phoned in" in result.stdout


def test_history_of_every_demo_ticket_shows_repeats_refused_across_tickets(
    demo: tuple[Path, str],
) -> None:
    """The demo's second cust-a ticket refused a repeat of the first ticket's failed fix: its
    history folds the customer's attempt list over both tickets (it raised a KeyError)."""
    data_dir, _ = demo
    store = data_dir / "demo"
    views = {}
    for ticket in sqlite_ticket_ids(store):
        shown = run(
            "--data-dir", str(store), "history", ticket, "--format", "json", data_dir=data_dir
        )
        assert shown.returncode == 0, shown.stderr
        views[ticket] = json.loads(shown.stdout)
        table = run("--data-dir", str(store), "history", ticket, data_dir=data_dir)
        assert table.returncode == 0, table.stderr
    assert len(views) == 3
    again = next(v for v in views.values() if v["state"]["subject"] == "Charging problem again")
    refused = [a for a in again["attempts"] if a["status"] == "failed"]
    assert refused and refused[0]["tickets"] != [again["ticket_id"]]
    assert any(r["ticket_id"] == again["ticket_id"] for r in refused[0]["refused_repeats"])


def sqlite_ticket_ids(store: Path) -> list[str]:
    with sqlite3.connect(store / "readmodels.sqlite") as db:
        return [row[0] for row in db.execute("SELECT key FROM rm_ticket_state")]


def test_status_in_the_kafka_shape_says_whose_positions_it_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CASELEDGER_PROJECTIONS__SOURCE", "kafka")
    result = run("status", data_dir=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "the Kafka projector writes the read models here" in result.stdout
    document = json.loads(run("status", "--json", data_dir=tmp_path).stdout)
    assert document["projections_source"] == "kafka"
