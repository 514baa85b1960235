"""The ``caseledger`` command line."""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)

from caseledger.adapters.bootstrap import Container, all_projections, bootstrap
from caseledger.adapters.database import DatabaseUnavailable, unavailable
from caseledger.adapters.settings import Settings
from caseledger.cli import render
from caseledger.cli import streams as streams_cli
from caseledger.cli.guard import guard_app
from caseledger.cli.progress import ProgressDisplay, progress_display
from caseledger.domain.errors import CaseledgerError
from caseledger.domain.policies.preferences import (
    resolution_to_json,
    resolve,
    statements_from_json,
)

app = typer.Typer(
    help="caseledger: event-sourced ticket resolution engine.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
)
preferences_app = typer.Typer(help="Preference resolution.", no_args_is_help=True)
app.add_typer(preferences_app, name="preferences")
app.command()(streams_cli.relay)
app.command()(streams_cli.projector)
app.command()(streams_cli.ingest)
app.command()(streams_cli.history)
app.add_typer(streams_cli.dlq_app, name="dlq")
app.add_typer(guard_app, name="guard")

console = Console()
errors = Console(stderr=True)


class _State:
    data_dir: Path | None = None


def _settings(**changes: Any) -> Settings:
    try:
        settings = Settings()
    except ValidationError as exc:
        render.problem(errors, exc, label="configuration error", sep="\n")
        raise typer.Exit(2) from None
    if _State.data_dir is not None:
        changes.setdefault("data_dir", _State.data_dir)
    return settings.model_copy(update=changes) if changes else settings


@contextmanager
def _container(settings: Settings | None = None, **overrides: Any) -> Iterator[Container]:
    settings = settings or _settings()
    try:
        container = bootstrap(settings, **overrides)
    except DatabaseUnavailable as exc:
        render.problem(errors, exc)
        raise typer.Exit(2) from None
    try:
        yield container
    except CaseledgerError as exc:
        render.problem(errors, exc.reason)
        raise typer.Exit(2) from None
    except typer.Exit:
        raise
    except Exception as exc:
        # The database went away mid-command: a reason, not a traceback.
        if (down := unavailable(exc, settings)) is None:
            raise
        render.problem(errors, down)
        raise typer.Exit(2) from None
    finally:
        container.close()


def _catch_up(c: Container) -> None:
    # Only the log runner may write read models here; in the Kafka shape the projector does.
    if c.settings.projections.source == "log":
        c.runner.catch_up()


@app.callback()
def _main(
    data_dir: Annotated[
        Path | None, typer.Option(help="Data directory (overrides CASELEDGER_DATA_DIR).")
    ] = None,
) -> None:
    _State.data_dir = data_dir


@app.command()
def demo(
    keep: Annotated[
        bool, typer.Option(help="Keep an earlier demo's data instead of resetting.")
    ] = False,
) -> None:
    """Run the scripted scenario on the embedded default and show the read models."""
    from caseledger.cli.demo import run_scenario, show

    base = _settings()
    settings = base.model_copy(
        update={
            "data_dir": base.data_dir / "demo",
            "db": base.db.model_copy(update={"backend": "sqlite"}),
        }
    )
    if settings.data_dir.exists() and not keep:
        shutil.rmtree(settings.data_dir)
    start = datetime.now(tz=UTC).replace(microsecond=0) - timedelta(days=6)
    with (
        console.status("loading the embedding model and running the scenario…"),
        _container(settings) as c,
    ):
        result = run_scenario(c, start)
    with _container(settings, inline_projections=False) as c:
        show(c, result, console, start)


@app.command()
def trace(
    event_id: str,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Print the causal chain of an event: what caused it, and what it caused."""
    with _container(inline_projections=False) as c:
        _catch_up(c)
        tree = c.views.trace(event_id)
        if as_json:
            typer.echo(json.dumps(tree, indent=2, ensure_ascii=False))
        else:
            render.trace(console, tree)


@app.command()
def lineage(
    projection: Annotated[str, typer.Argument(help="e.g. ticket_state, attempt_list")],
    key: Annotated[str, typer.Argument(help="the row's key: ticket id, customer id, event id")],
) -> None:
    """List the events that caused a read-model row's current content."""
    with _container(inline_projections=False) as c:
        _catch_up(c)
        for node in c.views.row_lineage(projection, key):
            console.print(
                f"{node['position']:>6}  {node['event_id']}  {node['type']:<36} {node['summary']}"
            )


@app.command()
def replay(
    projection: Annotated[
        list[str] | None, typer.Option(help="Projection to rebuild (repeatable; default all).")
    ] = None,
    source: Annotated[
        str,
        typer.Option(
            help="log (the event store) or kafka (rebuild from the events topic into fresh "
            "tables and compare with the live ones)"
        ),
    ] = "log",
    keep: Annotated[bool, typer.Option(help="--source kafka: keep the rebuilt tables")] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="--source kafka: the report as JSON")
    ] = False,
    workers: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=64,
            help="--source kafka: processes reading partitions in parallel (at most one per "
            "partition; default 1)",
        ),
    ] = None,
) -> None:
    """Rebuild read models from position zero of the event log (or compare with Kafka)."""
    names = projection or [p.name for p in all_projections()]
    if source == "kafka":
        settings = _settings()
        identical = streams_cli.replay_from_kafka(
            settings, names, console, keep=keep, as_json=as_json, workers=workers or 1
        )
        if not identical:
            raise typer.Exit(1)
        return
    if source != "log":
        render.problem(errors, "--source must be log or kafka")
        raise typer.Exit(2)
    kafka_only = [
        flag
        for flag, given in (
            ("--workers", workers is not None),
            ("--keep", keep),
            ("--json", as_json),
        )
        if given
    ]
    if kafka_only:
        errors.print(f"[red]error:[/] {', '.join(kafka_only)} only apply with --source kafka")
        raise typer.Exit(2)
    settings = _settings()
    if settings.projections.source == "kafka":
        # The projector owns the live read models then; a second writer would race it.
        errors.print(
            "[red]error:[/] CASELEDGER_PROJECTIONS__SOURCE is kafka: the projector owns the read "
            "models, so they are not rebuilt from the log here; use --source kafka to rebuild "
            "from the events topic into fresh tables and compare"
        )
        raise typer.Exit(2)
    with _container(settings, inline_projections=False) as c:
        for name in names:
            try:
                c.runner.projection(name)
            except KeyError as exc:
                render.problem(errors, exc.args[0])
                raise typer.Exit(2) from None
        total = c.runner.source.head()
        with _counted_progress() as progress:
            for name in names:
                task = progress.add_task(f"replay {name}", total=total)

                def advance(n: int, task: TaskID = task) -> None:
                    progress.advance(task, n)

                c.runner.replay(name, progress=advance)
                progress.update(task, completed=total)
        console.print(f"replayed {', '.join(names)} up to position {total}")


def _counted_progress() -> ProgressDisplay:
    """A bar of done / total with the time left, on stderr (plain lines off a terminal)."""
    return progress_display(
        errors,
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )


@app.command()
def status(
    kafka: Annotated[
        bool,
        typer.Option(
            "--kafka",
            help="Also the relay's position and each projection's lag per events-topic partition.",
        ),
    ] = False,
    group: Annotated[str, typer.Option(help="Projector consumer group (with --kafka).")] = (
        "caseledger.projector"
    ),
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print one JSON document: the log runner's positions under 'log' (and with "
            "--kafka the relay, group and partitions).",
        ),
    ] = False,
) -> None:
    """Show each projection's position and lag behind the event log (and on Kafka)."""
    with _container(inline_projections=False) as c:
        head = c.runner.source.head()
        lags = c.runner.lag()
        if as_json:
            # stdout is exactly one JSON document, so it can be piped into jq.
            document: dict[str, Any] = {
                "projections_source": c.settings.projections.source,
                "log": {
                    "head": head,
                    "projections": [
                        {"projection": name, "position": head - lag, "lag": lag}
                        for name, lag in lags.items()
                    ],
                },
            }
            if kafka:
                document.update(streams_cli.kafka_status_data(c.settings, c.store, head, group))
            typer.echo(json.dumps(document, indent=2))
            return
        for name, lag in lags.items():
            console.print(f"{name:16} position {head - lag:>8}  lag {lag}")
        if kafka:
            streams_cli.kafka_status(c.settings, c.store, head, console, group=group)
        elif c.settings.projections.source == "kafka":
            # The in-process runner's positions never move in this shape: say whose lag it is.
            console.print(
                "(the Kafka projector writes the read models here, "
                "CASELEDGER_PROJECTIONS__SOURCE=kafka: these are the unused in-process runner's "
                "positions; `caseledger status --kafka` shows the projector's lag)",
                markup=False,
            )


@app.command()
def tickets(customer_id: str) -> None:
    """List a customer's tickets with their timelines."""
    with _container(inline_projections=False) as c:
        _catch_up(c)
        found = c.views.tickets(customer_id)
        for ticket in found:
            render.timeline(console, ticket)
        if not found:
            # Not an error (a customer may have none yet), but never a silent blank.
            console.print(f"No tickets for {customer_id}.", markup=False)


@app.command()
def attempts(
    customer_id: str,
    ticket: Annotated[str | None, typer.Option(help="Only this ticket's attempts.")] = None,
) -> None:
    """Show a customer's deduplicated attempt list."""
    with _container(inline_projections=False) as c:
        _catch_up(c)
        entries = c.views.attempts(customer_id, ticket)
        if not entries:
            # As ``tickets``: an unknown customer or ticket is no error, but never a blank table.
            where = f" on ticket {ticket}" if ticket else ""
            console.print(f"No attempts{where} for {customer_id}.", markup=False)
            return
        render.attempts(console, f"Attempts of {customer_id}", entries)


@app.command()
def memory(
    customer_id: str,
    show_all: Annotated[
        bool, typer.Option("--all", help="Also superseded, expired and candidate values.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """What the engine believes about a customer: grouped, merged, with sources."""
    with _container(inline_projections=False) as c:
        _catch_up(c)
        view = c.views.memory(customer_id, all=show_all, now=c.clock.now())
        if as_json:
            typer.echo(json.dumps(view, indent=2, ensure_ascii=False, default=str))
        else:
            render.memory(console, customer_id, view)


@app.command("memory-retry")
def memory_retry(
    customer_id: Annotated[
        str | None, typer.Argument(help="One customer; default: every customer on record.")
    ] = None,
) -> None:
    """Retry failed memory writes from the event log, and make those of turns that stopped
    after their answer (each try is recorded as an event)."""
    with _container() as c:
        _catch_up(c)
        customers = [customer_id] if customer_id else [k for k, _ in c.store.scan("memory_view")]
        retained = failed = unfinished = 0
        # A hung store takes a minute a write: show where it is (stderr; plain lines off a
        # terminal), and leave a customer's other writes once one fails (the result says so).
        with _counted_progress() as progress:
            task = progress.add_task("memory-retry customers", total=len(customers))
            for customer in customers:
                result = c.replies.retry_memory_writes(customer)
                retained, failed = retained + result["retained"], failed + result["failed"]
                unfinished += result["unfinished"]
                if result["failed"]:
                    errors.print(
                        f"{customer}: {result['failed']} write(s) still failing"
                        + (
                            f" ({result['not_tried']} not tried after the first failure)"
                            if result["not_tried"]
                            else ""
                        ),
                        markup=False,
                    )
                progress.advance(task)
        console.print(
            f"{len(customers)} customer(s): retained {retained} ({unfinished} of turns that "
            f"stopped before their memory write), still failing {failed}"
        )
        if failed:
            raise typer.Exit(1)


@preferences_app.command("resolve")
def preferences_resolve(
    file: Annotated[Path, typer.Argument(help="JSON list of statements; '-' for stdin.")],
    as_of: Annotated[
        str | None,
        typer.Option(help="ISO 8601 instant: what was believed then (default: now)."),
    ] = None,
) -> None:
    """Resolve a JSON list of preference statements with the projection's own policy."""
    try:
        raw = sys.stdin.read() if str(file) == "-" else file.read_text(encoding="utf-8")
        items = json.loads(raw)
        if not isinstance(items, list):
            raise ValueError("the file must hold a JSON list of statements")
        statements = statements_from_json(items)
        when = datetime.fromisoformat(as_of) if as_of else None
        if when is not None and when.tzinfo is None:
            raise ValueError("--as-of must include a UTC offset")
        # Without --as-of, expiry is judged against the wall clock: an expired statement
        # drops out, as it does in the projection (with no reference nothing ever expired).
        resolved = resolve(statements, as_of=when, now=None if when else datetime.now(tz=UTC))
    except (OSError, ValueError) as exc:
        render.problem(errors, exc)
        raise typer.Exit(2) from None
    typer.echo(json.dumps(resolution_to_json(resolved), indent=2, ensure_ascii=False))


def main() -> None:
    app()
