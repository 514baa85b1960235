"""The Kafka side of the ``caseledger`` command: workers, lag, dead letters, replay, history.

Registered in ``cli/main.py``: ``relay``, ``projector``, ``ingest`` and ``history`` as
commands, ``dlq_app`` as the ``dlq`` group; ``kafka_status`` and ``replay_from_kafka`` are
called by ``status --kafka`` and ``replay --source kafka``.
"""

from __future__ import annotations

import functools
import json
import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any
from uuid import UUID

import typer
from kafka.errors import KafkaError
from pydantic import ValidationError
from rich.console import Console
from rich.table import Table

from caseledger.adapters.bootstrap import Container, all_projections, bootstrap, kafka_projections
from caseledger.adapters.database import DatabaseUnavailable, unavailable
from caseledger.adapters.settings import Settings
from caseledger.cli import render
from caseledger.cli.progress import progress_display
from caseledger.domain.envelope import to_envelope
from caseledger.domain.errors import CaseledgerError
from caseledger.domain.ids import customer_aggregate_id
from caseledger.projections.history import ticket_history
from caseledger.projections.store import ReadModelStore

console = Console()
errors = Console(stderr=True)

dlq_app = typer.Typer(help="The inbound dead-letter topic.", no_args_is_help=True)


def _fail(message: str) -> typer.Exit:
    render.problem(errors, message)
    return typer.Exit(2)


def kafka_unreachable(settings: Settings, exc: BaseException) -> typer.Exit:
    """The one way every command reports a broker it could not reach (no traceback)."""
    return _fail(f"Kafka at {settings.kafka.bootstrap_servers} did not answer: {exc}")


def settings_from(ctx: typer.Context | None) -> Settings:
    """Settings from the environment, with the root command's ``--data-dir`` applied."""
    try:
        settings = Settings()
    except ValidationError as exc:
        render.problem(errors, exc, label="configuration error", sep="\n")
        raise typer.Exit(2) from None
    data_dir = ctx.find_root().params.get("data_dir") if ctx is not None else None
    return settings.model_copy(update={"data_dir": data_dir}) if data_dir else settings


@contextmanager
def _container(settings: Settings) -> Iterator[Container]:
    try:
        container = bootstrap(settings, embedder=None, inline_projections=False)
    except DatabaseUnavailable as exc:
        raise _fail(str(exc)) from None
    try:
        yield container
    except CaseledgerError as exc:
        raise _fail(exc.reason) from None
    except typer.Exit:
        raise
    except Exception as exc:
        if (down := unavailable(exc, settings)) is None:
            raise
        raise _fail(str(down)) from None
    finally:
        container.close()


def _serve(run: Any, settings: Settings, **options: Any) -> None:
    from caseledger.streams.worker import install_stop_signals, setup_logging

    setup_logging()
    stop: threading.Event = install_stop_signals()
    try:
        run(settings, stop, **options)
    except (ValueError, LookupError, DatabaseUnavailable) as exc:
        raise _fail(str(exc)) from None
    except KafkaError as exc:  # no broker at start-up (NoBrokersAvailable, bootstrap timeout)
        raise kafka_unreachable(settings, exc) from None


# -- workers ---------------------------------------------------------------------------------


def relay(
    ctx: typer.Context,
    batch_size: Annotated[int, typer.Option(min=1, help="Events per publish batch.")] = 1000,
    poll_interval: Annotated[float, typer.Option(help="Seconds between polls when idle.")] = 0.1,
    once: Annotated[
        bool, typer.Option(help="Publish everything recorded so far, then exit.")
    ] = False,
) -> None:
    """Publish the event log to the events topic (acks=all; position after the ack)."""
    from caseledger.streams import relay as worker

    _serve(
        worker.run,
        settings_from(ctx),
        once=once,
        batch_size=batch_size,
        poll_interval=poll_interval,
    )


def projector(
    ctx: typer.Context,
    group: Annotated[str, typer.Option(help="Consumer group.")] = "caseledger.projector",
    projection: Annotated[
        list[str] | None, typer.Option(help="Projection to run (repeatable; default all).")
    ] = None,
    batch_size: Annotated[int, typer.Option(min=1, help="Records per poll.")] = 2000,
    session_timeout_ms: Annotated[int, typer.Option(help="Group session timeout.")] = 10_000,
    instance_id: Annotated[
        str | None, typer.Option(help="Static membership id: a restart keeps its partitions.")
    ] = None,
    validate: Annotated[bool, typer.Option(help="JSON Schema check of every envelope.")] = True,
    lag_log_interval: Annotated[float, typer.Option(help="Seconds between lag log lines.")] = 30.0,
) -> None:
    """Apply the events topic to the read models (offsets stored with the documents)."""
    from caseledger.streams import projector as worker

    _serve(
        worker.run,
        settings_from(ctx),
        group=group,
        projection_names=projection,
        batch_size=batch_size,
        session_timeout_ms=session_timeout_ms,
        instance_id=instance_id,
        validate=validate,
        lag_log_interval=lag_log_interval,
    )


def ingest(
    ctx: typer.Context,
    group: Annotated[str, typer.Option(help="Consumer group (and idempotence ledger).")] = (
        "caseledger.ingest"
    ),
    batch_size: Annotated[int, typer.Option(min=1, help="Records per poll.")] = 200,
) -> None:
    """Apply inbound events from other services; invalid ones go to the DLQ."""
    from caseledger.streams import ingest as worker

    _serve(worker.run, settings_from(ctx), group=group, batch_size=batch_size)


# -- status and replay (called from cli/main.py) ---------------------------------------------


def kafka_status_rows(
    settings: Settings, store: ReadModelStore, head: int, group: str
) -> dict[str, Any]:
    """The relay's position and each projection's lag per partition, as plain data."""
    from caseledger.streams.projector import projector_lag
    from caseledger.streams.relay import RelayCursor
    from caseledger.streams.replay import end_offsets_of
    from caseledger.streams.topics import Topics

    topic = Topics.from_settings(settings.kafka).events
    published = RelayCursor(store, topic).next_position() - 1
    ends = end_offsets_of(settings.kafka)
    rows = projector_lag(store, [p.name for p in kafka_projections()], group, ends)
    return {
        "relay": {
            "topic": topic,
            "published": published,
            "head": head,
            "lag": max(0, head - published),
        },
        "group": group,
        "partitions": [
            {
                "projection": r.projection,
                "partition": r.partition,
                "next_offset": r.next_offset,
                "end_offset": r.end_offset,
                "lag": r.lag,
            }
            for r in rows
        ],
    }


def kafka_status_data(
    settings: Settings, store: ReadModelStore, head: int, group: str
) -> dict[str, Any]:
    """:func:`kafka_status_rows`, or exit 2 naming the broker that did not answer."""
    try:
        return kafka_status_rows(settings, store, head, group)
    except Exception as exc:  # broker unreachable: say so instead of a traceback
        raise kafka_unreachable(settings, exc) from None


def kafka_status(
    settings: Settings,
    store: ReadModelStore,
    head: int,
    out: Console,
    *,
    group: str = "caseledger.projector",
) -> None:
    """Print the Kafka part of ``caseledger status``: relay position, lag per partition."""
    status = kafka_status_data(settings, store, head, group)
    r = status["relay"]
    out.print(
        f"relay → {r['topic']:16} published {r['published']:>8}  of {r['head']}  lag {r['lag']}"
    )
    table = Table(
        "projection", "partition", "next offset", "end offset", "lag", title=f"group {group}"
    )
    for row in status["partitions"]:
        table.add_row(
            row["projection"],
            str(row["partition"]),
            str(row["next_offset"]),
            str(row["end_offset"]),
            str(row["lag"]),
        )
    out.print(table)


@contextmanager
def fresh_store(
    settings: Settings, *, keep: bool
) -> Iterator[tuple[ReadModelStore, str, Callable[[], ReadModelStore]]]:
    """An empty read-model store of the same backend (a new SQLite file / PostgreSQL schema),
    where it is, and a picklable factory of more connections to it (parallel replay)."""
    stamp = f"{datetime.now(UTC):%Y%m%dT%H%M%S}_{uuid.uuid4().hex[:6]}"
    if settings.db.backend == "sqlite":
        from caseledger.adapters.readmodels.sqlite import SQLiteReadModelStore

        settings.data_dir.mkdir(parents=True, exist_ok=True)
        path = settings.data_dir / f"replay-{stamp}.sqlite"
        store: ReadModelStore = SQLiteReadModelStore(path)
        try:
            yield store, str(path), functools.partial(SQLiteReadModelStore, path)
        finally:
            store.close()
            if not keep:
                for suffix in ("", "-wal", "-shm"):
                    Path(f"{path}{suffix}").unlink(missing_ok=True)
        return
    import psycopg

    from caseledger.adapters.readmodels.postgres import PostgresReadModelStore

    assert settings.db.postgres_url is not None
    url = settings.db.postgres_url.get_secret_value()
    schema = f"replay_{stamp.lower()}"
    store = PostgresReadModelStore(url, schema=schema, pool_size=2)
    try:
        yield (
            store,
            f"schema {schema}",
            functools.partial(PostgresReadModelStore, url, schema=schema, pool_size=2),
        )
    finally:
        store.close()
        if not keep:
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


def replay_from_kafka(
    settings: Settings,
    names: Sequence[str],
    out: Console,
    *,
    keep: bool = False,
    as_json: bool = False,
    workers: int = 1,
) -> bool:
    """``caseledger replay --source kafka``: rebuild from offset zero into fresh tables and
    compare with the live read models; prints the report and returns True when identical."""
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn

    from caseledger.streams.replay import compare_stores, rebuild_from_kafka

    available = {p.name: p for p in all_projections()}
    unknown = [n for n in names if n not in available]
    if unknown:
        raise _fail(f"unknown projection(s) {', '.join(unknown)}; known: {', '.join(available)}")
    selected = [available[n] for n in names]
    with (
        _container(settings) as live,
        fresh_store(settings, keep=keep) as (
            store,
            where,
            open_store,
        ),
    ):
        with progress_display(
            errors, TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn()
        ) as progress:
            task = progress.add_task("replay from kafka", total=None)

            def advance(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            try:
                result = rebuild_from_kafka(
                    settings.kafka,
                    store,
                    selected,
                    progress=advance,
                    workers=workers,
                    open_store=open_store,
                )
            except (LookupError, TimeoutError, RuntimeError) as exc:
                raise _fail(str(exc)) from None
            except KafkaError as exc:
                raise kafka_unreachable(settings, exc) from None
        comparisons = compare_stores(live.store, store, names)
    identical = all(c.identical for c in comparisons)
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "records": result.records,
                    "seconds": round(result.seconds, 3),
                    "replay_store": where if keep else None,
                    "identical": identical,
                    "skipped": result.skipped,
                    "projections": [c.to_json() for c in comparisons],
                },
                indent=2,
            )
        )
        return identical
    out.print(
        f"replayed {result.records} records from {settings.kafka.events_topic} in "
        f"{result.seconds:.1f}s into {where}{'' if keep else ' (removed)'}"
    )
    if result.skipped:
        # The live projector dead-lettered these too, so the comparison below stays fair.
        out.print(f"skipped {len(result.skipped)} record(s) that are not envelopes:")
        for skip in result.skipped[:20]:
            out.print(f"  {skip['where']}  {skip['kind']}: {skip['reason']}")
    table = Table("projection", "equal", "only live", "only replay", "differing", "verdict")
    for c in comparisons:
        table.add_row(
            c.projection,
            str(c.equal),
            str(len(c.only_live)),
            str(len(c.only_replay)),
            str(len(c.differing)),
            "[green]identical[/]" if c.identical else "[red]differs[/]",
        )
    out.print(table)
    for c in comparisons:
        for key in c.only_live[:20]:
            out.print(f"  {c.projection}: only live      {key}")
        for key in c.only_replay[:20]:
            out.print(f"  {c.projection}: only replay    {key}")
        for diff in c.differing[:20]:
            out.print(
                f"  {c.projection}: differs        {diff['key']} ({', '.join(diff['fields'])})"
            )
    return identical


# -- history ------------------------------------------------------------------------------


def history(
    ctx: typer.Context,
    ticket_id: Annotated[str, typer.Argument(help="The ticket's id.")],
    as_of: Annotated[
        str | None,
        typer.Option(help="ISO 8601 instant with offset: the state as the engine knew it then."),
    ] = None,
    output: Annotated[str, typer.Option("--format", help="table or json.")] = "table",
) -> None:
    """Show a ticket's full timeline and its state at a moment (from the event store)."""
    if output not in ("table", "json"):
        raise _fail("--format must be table or json")
    when: datetime | None = None
    if as_of is not None:
        try:
            when = datetime.fromisoformat(as_of.replace("Z", "+00:00"))
        except ValueError:
            raise _fail(f"--as-of {as_of!r} is not an ISO 8601 instant") from None
        if when.tzinfo is None:
            raise _fail("--as-of must include a UTC offset (e.g. 2026-06-01T12:00:00+00:00)")
    try:
        aggregate = UUID(ticket_id)
    except ValueError:
        raise _fail(f"ticket {ticket_id!r} not found") from None
    with _container(settings_from(ctx)) as c:
        ticket_events = [to_envelope(e) for e in c.desk.events.get(aggregate)]
        if not ticket_events or not ticket_events[0].type.startswith("ticket."):
            raise _fail(f"ticket {ticket_id!r} not found")
        customer = customer_aggregate_id(ticket_events[0].customer_id)
        customer_events = [to_envelope(e) for e in c.desk.events.get(customer)]
        # The customer's attempt list spans their tickets: a refusal here names another's.
        other_ticket_events = [
            to_envelope(e)
            for event in customer_events
            if event.type == "customer.ticket_linked" and event.payload["ticket_id"] != ticket_id
            for e in c.desk.events.get(UUID(event.payload["ticket_id"]))
        ]
    view = ticket_history(
        ticket_id,
        ticket_events,
        customer_events,
        as_of=when,
        other_ticket_events=other_ticket_events,
    )
    if output == "json":
        typer.echo(json.dumps(view, indent=2, ensure_ascii=False))
        return
    _render_history(view)


def _render_history(view: dict[str, Any]) -> None:
    when = view["as_of"] or "now"
    state = view["state"]
    if state is None:
        console.print(f"ticket {view['ticket_id']} did not exist yet at {when}")
    else:
        console.print(
            f"[bold]{state['subject']}[/] — ticket {view['ticket_id']} of {view['customer_id']}, "
            f"as known at {when}"
        )
        console.print(
            f"status [bold]{state['status']}[/]  priority {state['priority']}  "
            f"category {state['category']}  assignee {state['assignee'] or '-'}"
        )
        if state.get("escalation_reasons"):
            console.print("escalated: " + "; ".join(state["escalation_reasons"]))
    if view["attempts"]:
        attempts = Table("action", "status", "phrasings", title="attempts")
        for entry in view["attempts"]:
            attempts.add_row(entry["text"], entry["status"], str(len(entry["phrasings"])))
        console.print(attempts)
    if view["preferences"]:
        prefs = Table("key", "status", "value", title="customer preferences")
        for key, pref in sorted(view["preferences"].items()):
            prefs.add_row(key, str(pref["status"]), str(pref["value"]))
        console.print(prefs)
    timeline = Table("v", "recorded at", "occurred at", "actor", "event", title="timeline")
    for entry in view["timeline"]:
        style = None if entry["known_at_as_of"] else "dim"
        timeline.add_row(
            str(entry["aggregate_version"]),
            entry["recorded_at"],
            entry["occurred_at"],
            entry["actor"],
            entry["summary"] + ("" if entry["known_at_as_of"] else "  (later)"),
            style=style,
        )
    console.print(timeline)


# -- dead letters --------------------------------------------------------------------------


@dlq_app.command("list")
def dlq_list(
    ctx: typer.Context,
    limit: Annotated[
        int | None, typer.Option(min=1, help="Only the newest N entries (N >= 1).")
    ] = None,
    output: Annotated[str, typer.Option("--format", help="table or json.")] = "table",
) -> None:
    """List the dead letters: where each came from, why, and its original value."""
    from caseledger.streams.dlq import list_dead_letters

    if output not in ("table", "json"):
        raise _fail("--format must be table or json")
    settings = settings_from(ctx)
    try:
        letters = list_dead_letters(settings.kafka, limit=limit)
    except Exception as exc:
        raise kafka_unreachable(settings, exc) from None
    if output == "json":
        typer.echo(json.dumps([d.to_json() for d in letters], indent=2, ensure_ascii=False))
        return
    table = Table("entry", "kind", "reason", "event id", "from", "value", title="dead letters")
    for d in letters:
        value = d.value.decode("utf-8", "replace") if d.value is not None else "∅"
        table.add_row(
            f"{d.partition}:{d.offset}",
            d.kind,
            d.reason,
            d.event_id or "-",
            d.source,
            value if len(value) <= 60 else value[:59] + "…",
        )
    console.print(table)
    console.print(f"{len(letters)} dead letter(s)")


@dlq_app.command("replay")
def dlq_replay(
    ctx: typer.Context,
    entry: Annotated[
        list[str] | None,
        typer.Option(
            help="PARTITION:OFFSET of an entry (repeatable; all must exist); default: all not "
            "replayed before."
        ),
    ] = None,
) -> None:
    """Publish dead letters again on the inbound topic (after their cause was fixed)."""
    from caseledger.streams.dlq import parse_selection, replay_dead_letters

    settings = settings_from(ctx)
    try:
        selection = parse_selection(entry) if entry else None
    except ValueError as exc:
        raise _fail(str(exc)) from None
    try:
        letters = replay_dead_letters(settings.kafka, selection=selection)
    except (LookupError, ValueError) as exc:  # entries not there, or too many to remember
        raise _fail(str(exc)) from None
    except Exception as exc:
        raise kafka_unreachable(settings, exc) from None
    for d in letters:
        console.print(f"replayed {d.partition}:{d.offset} ({d.kind}) {d.event_id or ''}")
    console.print(f"{len(letters)} dead letter(s) published to {settings.kafka.inbound_topic}")
