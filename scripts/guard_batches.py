#!/usr/bin/env python
"""The blind-batch pipeline for ``tests/data/guard_labelled.jsonl``: prompt, blind, merge.

Sessions 38-42 ran these steps from scripts on the session's machine, which were lost with it;
this is the same pipeline kept with the data (``tests/data/guard_writers/README.md``):

1. ``prompt B FOCUS [--langs MIX]`` prints the writer's task (``round15_task.md`` with the
   batch, its focus and language mix) and copies ``brief.md`` into the writer's directory
   ``WORK/w/B/``; the writer (a helper that sees nothing else) writes ``batch_B.jsonl`` there.
2. ``blind B`` validates the rows, drops malformed and duplicate ones, shuffles them (seed
   3900 + B) and writes only ``{failed, candidate}`` to ``WORK/a/B/batch_B.jsonl`` with
   ``brief.md`` and ``relabel.md``; the key (the writer's labels in the same order) goes to
   ``WORK/k/B.jsonl``. A second helper labels the blind copy into ``WORK/a/B/labels_B.jsonl``.
3. ``merge B [--write]`` keeps a row where both labels agree, the annotator calls it clear, no
   text is shared with a held-out or sealed row and the pair is new; ``--write`` appends the
   kept rows, unread by any guard or model, in the set's field order.

    .venv/bin/python scripts/guard_batches.py prompt 270 "Money and accounts: ..." \
        --langs "about 40% en, 35% zh, 25% mixed" > prompt_270.md
    .venv/bin/python scripts/guard_batches.py blind 270
    .venv/bin/python scripts/guard_batches.py merge 270 --write
"""

from __future__ import annotations

import json
import random
import shutil
from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "tests" / "data"
WRITERS = DATA / "guard_writers"
DEFAULT_LANGS = "about 55% en, 25% zh, 20% mixed"
REPEAT_KINDS = {
    "rephrasing",
    "paraphrase_no_overlap",
    "cross_lingual",
    "reordered",
    "subset_of_failed",
}
ALLOW_KINDS = {
    "hard_negative",
    "next_step",
    "superset_new_step",
    "different_target",
    "different_setting",
    "opposite",
}
CATEGORIES = {
    "app",
    "router",
    "wifi",
    "login",
    "payment",
    "power",
    "slow_computer",
    "printer",
    "email",
    "bluetooth",
    "other",
}
FIELDS = ("failed", "candidate", "block", "lang", "kind", "category", "split", "batch")

app = typer.Typer(add_completion=False, help=__doc__.split("\n\n")[0] if __doc__ else None)
Work = Annotated[Path, typer.Option(help="Where the writers', annotators' and key files live.")]


def _lines(path: Path) -> list[dict[str, Any]]:
    return [
        json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
    ]


def _write(path: Path, rows: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")


def well_formed(row: dict[str, Any], batch: int) -> bool:
    """Whether a written row has the brief's shape, a kind that fits its label and this batch."""
    failed = row.get("failed")
    candidate = row.get("candidate")
    block = row.get("block")
    return (
        isinstance(failed, list)
        and 1 <= len(failed) <= 3
        and all(isinstance(text, str) and text.strip() for text in failed)
        and isinstance(candidate, str)
        and bool(candidate.strip())
        and block in (True, False)
        and row.get("lang") in ("en", "zh", "mixed")
        and row.get("kind") in (REPEAT_KINDS if block else ALLOW_KINDS)
        and row.get("category") in CATEGORIES
        and row.get("split") == "dev"
        and row.get("batch") == batch
    )


@app.command()
def prompt(
    batch: int,
    focus: str,
    langs: Annotated[str, typer.Option(help="The language mix line.")] = DEFAULT_LANGS,
    work: Work = Path("/tmp/guard_batches"),
) -> None:
    """Print the writer's task for BATCH and put brief.md in its directory."""
    home = work / "w" / str(batch)
    home.mkdir(parents=True, exist_ok=True)
    shutil.copy(WRITERS / "brief.md", home)
    task = (WRITERS / "round15_task.md").read_text(encoding="utf-8")
    task = task.replace("{B}", str(batch)).replace("{FOCUS}", focus)
    task = task.replace("<its own file>", str(home / f"batch_{batch}.jsonl"))
    task = task.replace(DEFAULT_LANGS, langs)
    task = task.replace("First read brief.md", f"First read {home / 'brief.md'}")
    task += (
        f"\nWork only inside {home}/: do not open, read or list /work or any other /tmp "
        "directory. Write the rows by hand from your own knowledge (you may write them with a "
        "heredoc or a small script that only writes your literal rows; no generators, templates "
        "or random combinations).\n"
    )
    typer.echo(task)


@app.command()
def blind(batch: int, work: Work = Path("/tmp/guard_batches")) -> None:
    """Validate, shuffle and blind a written batch for its annotator."""
    rows: list[dict[str, Any]] = []
    seen: set[tuple[tuple[str, ...], str]] = set()
    written = work / "w" / str(batch) / f"batch_{batch}.jsonl"
    for number, line in enumerate(written.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            row = None
        if not isinstance(row, dict) or not well_formed(row, batch):
            typer.echo(f"dropped malformed line {number}: {line[:120]}", err=True)
            continue
        pair = (tuple(row["failed"]), row["candidate"])
        if pair in seen:
            typer.echo(f"dropped duplicate line {number}: {line[:120]}", err=True)
            continue
        seen.add(pair)
        rows.append(row)
    random.Random(3900 + batch).shuffle(rows)
    home = work / "a" / str(batch)
    _write(
        home / f"batch_{batch}.jsonl",
        [{"failed": r["failed"], "candidate": r["candidate"]} for r in rows],
    )
    for name in ("brief.md", "relabel.md"):
        shutil.copy(WRITERS / name, home)
    _write(work / "k" / f"{batch}.jsonl", rows)
    typer.echo(f"batch {batch}: {len(rows)} rows blinded into {home}")


@app.command()
def merge(
    batch: int,
    write: Annotated[bool, typer.Option(help="Append the kept rows to the labelled set.")] = False,
    work: Work = Path("/tmp/guard_batches"),
    data: Annotated[
        Path, typer.Option(help="The folder of guard_labelled.jsonl and guard_sealed.jsonl.")
    ] = DATA,
) -> None:
    """Keep the rows both labels agree on, clear, new and apart from held-out and sealed text."""
    labelled = _lines(data / "guard_labelled.jsonl")
    sealed = _lines(data / "guard_sealed.jsonl")
    protected = {t for r in labelled if r["split"] != "dev" for t in (*r["failed"], r["candidate"])}
    protected |= {t for r in sealed for t in (*r["failed"], r["candidate"])}
    pairs = {(tuple(r["failed"]), r["candidate"]) for r in labelled}
    key = _lines(work / "k" / f"{batch}.jsonl")
    labels = _lines(work / "a" / str(batch) / f"labels_{batch}.jsonl")
    if [label.get("line") for label in labels] != list(range(1, len(key) + 1)):
        raise typer.BadParameter(f"labels_{batch}.jsonl must label lines 1..{len(key)} in order")
    why: Counter[str] = Counter()
    kept: list[dict[str, Any]] = []
    for row, label in zip(key, labels, strict=True):
        pair = (tuple(row["failed"]), row["candidate"])
        if not label.get("clear"):
            why["unclear"] += 1
        elif label.get("block") != row["block"]:
            why["disagreed"] += 1
        elif any(text in protected for text in (*row["failed"], row["candidate"])):
            why["shared text"] += 1
        elif pair in pairs:
            why["repeated pair"] += 1
        else:
            pairs.add(pair)
            kept.append({field: row[field] for field in FIELDS})
    languages = dict(Counter(r["lang"] for r in kept))
    repeats = sum(r["block"] for r in kept)
    typer.echo(f"batch {batch}: kept {len(kept)} of {len(key)}; dropped {dict(why)}")
    typer.echo(f" repeats {repeats}, not {len(kept) - repeats}; {languages}")
    if write:
        with (data / "guard_labelled.jsonl").open("a", encoding="utf-8") as out:
            for row in kept:
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
        typer.echo(" appended, unread")


if __name__ == "__main__":
    app()
