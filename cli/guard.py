"""``caseledger guard``: run the semantic guard outside the reply pipeline.

Registered in ``cli/main.py`` with ``app.add_typer(guard_app, name="guard")``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from pydantic import ValidationError
from rich.console import Console

from caseledger.adapters.guard.check import CheckSummary, check_lines, guard_equivalence
from caseledger.adapters.settings import Settings

__all__ = ["guard_app"]

guard_app = typer.Typer(
    help="The semantic guard against repeating failed solutions.", no_args_is_help=True
)
_errors = Console(stderr=True)


@guard_app.callback()
def _guard() -> None:
    """The semantic guard against repeating failed solutions."""
    # A callback keeps "guard" a command group, so "guard check" works standalone and mounted.


@guard_app.command("check")
def check(
    file: Annotated[
        str, typer.Argument(help='JSON lines {"failed": [...], "candidate": "..."}; "-" = stdin.')
    ],
    no_embeddings: Annotated[
        bool, typer.Option("--no-embeddings", help="Skip the embedding model (lexical only).")
    ] = False,
    summary: Annotated[
        bool,
        typer.Option(
            "--summary", help="Print counts (and precision/recall for labelled lines) to stderr."
        ),
    ] = False,
) -> None:
    """Print, per input line, the guard's decision (block/allow) as JSON.

    The decision is the reply pipeline's own: the same equivalence, built from the same
    settings (CASELEDGER_GUARD__*), calling the same find_equivalent. A line with a boolean
    "block" field is echoed as "expected". Malformed lines print an error object, a reason on
    stderr, and make the command exit 2 after the other lines are checked.
    """
    try:
        settings = Settings()
    except ValidationError as exc:
        _errors.print(f"[red]configuration error:[/]\n{exc}")
        raise typer.Exit(2) from None
    if no_embeddings:
        settings = settings.model_copy(
            update={"guard": settings.guard.model_copy(update={"use_embeddings": False})}
        )
    if file == "-":
        source = sys.stdin
    else:
        path = Path(file)
        if not path.is_file():
            _errors.print(f"[red]error:[/] no such file: {file}")
            raise typer.Exit(2)
        source = path.open(encoding="utf-8")
    equivalence = guard_equivalence(settings)
    counts = CheckSummary()
    try:
        for result in check_lines(source, equivalence, counts):
            typer.echo(json.dumps(result, ensure_ascii=False))
    finally:
        if source is not sys.stdin:
            source.close()
    for reason in counts.errors:
        _errors.print(f"[red]error:[/] {reason}")
    if summary:
        _errors.print(json.dumps(counts.as_dict()))
    if counts.errors:
        raise typer.Exit(2)
