"""Rich rendering of read models for the terminal."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from caseledger.domain.policies.preferences import ResolvedPreference


def problem(
    console: Console, reason: object, *, label: str = "error", style: str = "red", sep: str = " "
) -> None:
    """Print ``label: reason`` with the reason as plain text, never as markup: exception
    text often holds ``[...]`` (a regex class, a list) that rich would read as a tag and drop.
    Not wrapped either, so a long reason stays one greppable line."""
    console.print(Text.assemble((f"{label}:", style), sep, str(reason)), soft_wrap=True)


def timeline(console: Console, ticket: dict[str, Any]) -> None:
    table = Table(
        title=f"Ticket {ticket['ticket_id'][:8]} · {ticket['subject']} · {ticket['status']}"
        f" · {ticket['priority']}",
        title_justify="left",
        show_lines=False,
    )
    table.add_column("occurred_at", no_wrap=True)
    table.add_column("actor", no_wrap=True)
    table.add_column("what happened")
    table.add_column("event", no_wrap=True, style="dim")
    for entry in ticket["timeline"]:
        table.add_row(
            entry["occurred_at"][:16], entry["actor"], entry["summary"], entry["event_id"][:8]
        )
    console.print(table)


def attempts(console: Console, title: str, entries: list[dict[str, Any]]) -> None:
    table = Table(title=title, title_justify="left", show_lines=True)
    table.add_column("action", no_wrap=True)
    table.add_column("status", no_wrap=True)
    table.add_column("phrasings (ticket)")
    table.add_column("outcomes")
    table.add_column("refused repeats")
    for e in entries:
        phrasings = "\n".join(f"• {p['text']} ({p['ticket_id'][:8]})" for p in e["phrasings"])
        outcomes = "\n".join(
            f"{o['outcome']}{' (corrected)' if o['kind'] == 'corrected' else ''}"
            f" {o['occurred_at'][:10]}"
            for o in e["outcomes"]
        )
        refused = "\n".join(
            f"• {r['text']} (lexical {r['lexical_score']:.2f}, semantic {r['semantic_score']:.2f})"
            for r in e["refused_repeats"]
        )
        table.add_row(e["action_id"], e["status"], phrasings, outcomes or "-", refused or "-")
    console.print(table)


def preferences(console: Console, title: str, resolved: dict[str, ResolvedPreference]) -> None:
    table = Table(title=title, title_justify="left")
    table.add_column("key", no_wrap=True)
    table.add_column("status", no_wrap=True)
    table.add_column("value")
    table.add_column("decided by / competing")
    for key in sorted(resolved):
        r = resolved[key]
        if r.status == "current" and r.winner is not None:
            why = f"{r.winner.kind} {r.winner.stated_at or 'undated'} · {r.winner.source[:8]}"
        elif r.status == "conflict":
            why = " vs ".join(f"{c.value!r} ({c.stated_at or 'undated'})" for c in r.candidates)
        else:
            why = "-"
        style = {"conflict": "bold yellow", "unknown": "dim"}.get(r.status, "")
        table.add_row(key, f"[{style}]{r.status}[/]" if style else r.status, r.value or "-", why)
    console.print(table)


def trace(console: Console, tree_data: dict[str, Any]) -> None:
    def label(event: dict[str, Any], why: str | None = None) -> str:
        prefix = f"[dim]{why} →[/] " if why else ""
        return (
            f"{prefix}[bold]{event['type']}[/] {event['summary']} "
            f"[dim]({event['event_id'][:8]}, {event['actor']}, "
            f"{(event['occurred_at'] or '')[:16]})[/]"
        )

    def add(node: Tree, data: dict[str, Any]) -> None:
        for cause in data["causes"]:
            if cause.get("missing"):
                node.add(f"[red]{cause['why']} → {cause['event_id']} (not in the index)[/]")
                continue
            add(node.add(label(cause["event"], cause["why"])), cause)

    root = Tree(label(tree_data["event"]))
    add(root, tree_data)
    if tree_data["effects"]:
        effects = root.add("[dim]caused[/]")
        for effect in tree_data["effects"]:
            effects.add(label(effect))
    console.print(root)


def memory(console: Console, customer_id: str, view: dict[str, Any]) -> None:
    """The memory view: one table per group; conflicts first, each item with its source."""
    if view["conflicts"]:
        console.print(
            "[bold yellow]conflicts:[/] " + "; ".join(item["text"] for item in view["conflicts"])
        )
    for group, items in view["groups"].items():
        if not items:
            continue
        table = Table(title=f"{customer_id} — {group.replace('_', ' ')}", title_justify="left")
        table.add_column("what")
        table.add_column("status", no_wrap=True)
        table.add_column("×", justify="right")
        table.add_column("when", no_wrap=True)
        table.add_column("source", no_wrap=True, style="dim")
        for item in items:
            table.add_row(
                _what(item),
                str(item.get("status", "")),
                str(item.get("count", 1)),
                str(item.get("at") or "")[:16],
                str(item.get("source_event_id") or "")[:8],
            )
        console.print(table)


def _what(item: dict[str, Any]) -> Text:
    """A preference as ``key: value`` and then its statement's words (a correction's are its
    reason, which alone hid what was corrected); other items are their text. Plain text: a
    customer's words are not markup."""
    text = str(item.get("text") or "")
    if item.get("kind") != "preference" or item.get("value") is None:
        return Text(text or str(item.get("value") or ""))
    what = Text(f"{item.get('key')}: {item['value']}")
    if text and text != f"{item.get('key')}: {item['value']}":
        what.append(f" — {text}", style="dim")
    return what
