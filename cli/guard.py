"""``caseledger guard``: run the semantic guard outside the reply pipeline.

Registered in ``cli/main.py`` with ``app.add_typer(guard_app, name="guard")``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.progress import TaskID

# The training recipe's defaults (its heavy imports, torch and the exporter, stay inside its
# functions: about 6 ms more at start-up).
from caseledger.adapters.equivalence import pair_model_training as training
from caseledger.adapters.equivalence.chinese_gloss import GLOSS_SCHEME, GLOSS_SHARE
from caseledger.adapters.guard.check import CheckSummary, check_lines, guard_equivalence
from caseledger.adapters.settings import Settings
from caseledger.cli import render
from caseledger.cli.progress import progress_display

__all__ = ["guard_app"]

guard_app = typer.Typer(
    help="The semantic guard against repeating failed solutions.", no_args_is_help=True
)
_errors = Console(stderr=True)


# The operating point's options, the same for train-pair-model and calibrate-pair-model.
_MaxFalseBlock = Annotated[
    float,
    typer.Option(
        min=0.001, max=0.5, help="False-block rate on the calibration negatives to allow."
    ),
]
_VetoQuantile = Annotated[
    float,
    typer.Option(
        min=0.0,
        max=0.5,
        help="Share of the calibration repeats scored below the veto threshold, under which "
        "the model overrules a weakly read block of the guard (0: no veto).",
    ),
]
_FrameVetoQuantile = Annotated[
    float,
    typer.Option(
        min=0.0,
        max=0.5,
        help="Share of the calibration repeats scored below the frame veto threshold, under "
        "which the model overrules a block read from action frames (0: none).",
    ),
]
_CatalogVetoQuantile = Annotated[
    float,
    typer.Option(
        min=0.0,
        max=0.5,
        help="Share of the calibration repeats scored below the catalog veto threshold, under "
        "which the model overrules a block read as one catalog action (0: none).",
    ),
]
_InstanceVetoQuantile = Annotated[
    float,
    typer.Option(
        min=0.0,
        max=0.5,
        help="Share of the calibration repeats scored below the instance veto threshold, "
        "under which the model overrules a catalog or frame block whose candidate points at "
        "another instance ('too', 'instead', 也) (0: none).",
    ),
]
_PlaybookMargin = Annotated[
    float | None,
    typer.Option(
        "--playbook-margin",
        min=0.0,
        max=10.0,
        help="Raise the threshold, where needed, to this many logits above the model's highest "
        "score on the offline responder's next steps, so that no next step is refused even "
        "where the model is asked about pairs the reading reads as two actions (default: "
        "the calibration quantile alone).",
    ),
]
_ReadDifferentMargin = Annotated[
    float | None,
    typer.Option(
        "--read-different-margin",
        min=0.0,
        max=10.0,
        help="Give pairs the reading reads as two different actions a bar of their own, this "
        "many logits above the model's highest score on the offline responder's next steps "
        "(all such pairs), never below the threshold, which stays the calibration quantile "
        "(train-pair-model: 0.1, the packaged model's recipe; calibrate-pair-model: none, one "
        "threshold for every pair, unless given).",
    ),
]
_Order = Annotated[
    str,
    typer.Option(
        help="How the model reads a pair: 'known, candidate' (the known step first) or "
        "'both' (both orders as one batch of two, the logits averaged; about 1.7x the time "
        "of one read).",
    ),
]


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
        render.problem(_errors, exc, label="configuration error", sep="\n")
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
            render.problem(_errors, f"no such file: {file}")
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
        render.problem(_errors, reason)
    if summary:
        _errors.print(json.dumps(counts.as_dict()))
    if counts.errors:
        raise typer.Exit(2)


@guard_app.command("train-pair-model")
def train_pair_model(
    data: Annotated[
        Path,
        typer.Argument(
            help='Labelled JSON lines {"failed": [...], "candidate": "...", "block": bool, '
            '"batch": int, "split": "dev"}; only dev rows are read.'
        ),
    ],
    out: Annotated[Path, typer.Option("--out", help="The model directory to write.")],
    train_batches: Annotated[
        str,
        typer.Option(
            "--train-batches",
            help="Batches to train on, e.g. 1-42,51-185,198-344 (held-out rows in them are "
            "skipped).",
        ),
    ] = training.TRAIN_BATCHES,
    calibrate_batches: Annotated[
        str,
        typer.Option("--calibrate-batches", help="Batches to set the threshold on, e.g. 43-50."),
    ] = training.CALIBRATE_BATCHES,
    epochs: Annotated[int, typer.Option(min=1, max=20)] = training.EPOCHS,
    layers: Annotated[
        int,
        typer.Option(
            min=0,
            max=6,
            help="Keep the first N of MiniLM's six layers (0: all, the packaged model's "
            "recipe). Three cost half as much per pair and block fewer repeats "
            "(bench/README.md, rounds 32-34).",
        ),
    ] = training.LAYERS,
    max_false_block: _MaxFalseBlock = training.MAX_FALSE_BLOCK,
    veto_quantile: _VetoQuantile = training.VETO_QUANTILE,
    frame_veto_quantile: _FrameVetoQuantile = training.FRAME_VETO_QUANTILE,
    catalog_veto_quantile: _CatalogVetoQuantile = training.CATALOG_VETO_QUANTILE,
    instance_veto_quantile: _InstanceVetoQuantile = training.INSTANCE_VETO_QUANTILE,
    order: _Order = training.ORDER,
    playbook_margin: _PlaybookMargin = None,
    read_different_margin: _ReadDifferentMargin = training.READ_DIFFERENT_MARGIN,
    seed: Annotated[int, typer.Option()] = 0,
    learning_rate: Annotated[
        float, typer.Option("--learning-rate", min=1e-7, max=0.1, help="AdamW's peak rate.")
    ] = training.LEARNING_RATE,
    length_buckets: Annotated[
        int,
        typer.Option(
            "--length-buckets",
            min=0,
            max=100_000,
            help="0 (the packaged model's recipe): each batch is 16 shuffled pairs as they "
            "come. N: cut batches from length-sorted runs of N batches' worth of shuffled "
            "pairs, then shuffle the batches, so less of each step is padding (1.61 tokens "
            "run per real token at 0, 1.01 at 100 on the dev batches to 370). A model "
            "trained so is another model, judged like any other.",
        ),
    ] = training.LENGTH_BUCKETS,
    base_model: Annotated[
        Path | None,
        typer.Option(
            "--base-model",
            help="A local BERT-style model directory to start from (default: the packaged "
            "all-MiniLM-L6-v2).",
        ),
    ] = None,
    device: Annotated[
        str,
        typer.Option(
            "--device",
            help="Where to fine-tune: cpu, or cuda (a GPU; minutes instead of most of an "
            "hour, not bit-identical to a CPU run). Export and calibration run on the CPU.",
        ),
    ] = training.DEVICES[0],
    precision: Annotated[
        str,
        typer.Option(
            "--precision",
            help="The forward pass's arithmetic while fine-tuning: fp32, or bf16 (autocast; "
            "weights stay fp32; about a third faster on a CPU with AVX512-BF16). The exported "
            "model is the same format either way.",
        ),
    ] = training.PRECISIONS[0],
    gloss_chinese: Annotated[
        bool,
        typer.Option(
            "--gloss-chinese/--raw-text",
            help="Read mostly-Chinese texts as English dictionary glosses (CC-CEDICT); the "
            "base model reads Chinese characters as unknown.",
        ),
    ] = True,
    gloss_scheme: Annotated[
        str,
        typer.Option(
            "--gloss-scheme",
            help="Which glosses: cedict-gloss-1 (CC-CEDICT alone) or support-gloss-2 (support "
            "chat's own words first, then CC-CEDICT); recorded in the manifest and served so.",
        ),
    ] = GLOSS_SCHEME,
    gloss_share: Annotated[
        float,
        typer.Option(
            "--gloss-share",
            min=0.0,
            max=0.99,
            help="Gloss a text when over this share of its letters are Chinese (0: any text "
            "with a Chinese letter, so a code-switched text's Chinese words are not [UNK]); "
            "recorded in the manifest and served so.",
        ),
    ] = GLOSS_SHARE,
    augment_gloss: Annotated[
        str | None,
        typer.Option(
            "--augment-gloss",
            help="Also train on the rows another gloss scheme reads otherwise (e.g. "
            "support-gloss-2 beside the served cedict-gloss-1), glossed its way; served "
            "glosses are unchanged.",
        ),
    ] = None,
    catalog_pairs: Annotated[
        bool,
        typer.Option(
            "--catalog-pairs/--no-catalog-pairs",
            help="Also train on pairs the bundled catalog vouches for: two steps of one "
            "category differ; a step's English and Chinese texts are the same action.",
        ),
    ] = True,
    catalog_skip: Annotated[
        str,
        typer.Option(
            "--catalog-skip",
            help="Catalog categories to give no pairs, comma-separated (e.g. to probe the "
            "model on steps it never read).",
        ),
    ] = "",
) -> None:
    """Train the guard's learned pair model and write a model directory.

    Fine-tunes the packaged MiniLM as a cross-encoder on the training batches, exports it to
    int8 ONNX, and sets its threshold and its veto threshold on the calibration batches (rows
    it never trained on).
    Point CASELEDGER_GUARD__PAIR_MODEL_DIR at the directory to serve it instead of the
    packaged model (which is this command's output with its defaults, fine-tuned on a
    two-core CPU). About 108 minutes on two cores for the default batches' 41,305 rows of
    tests/data/guard_labelled.jsonl and the catalog's 2,898 pairs (--layers 3 about half),
    about 6 minutes on a GPU (--device cuda). Off a terminal the progress is a line per
    tenth of each stage and one a minute.
    """
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn

    if not data.is_file():
        render.problem(_errors, f"no such file: {data}")
        raise typer.Exit(2)
    if base_model is not None and not (base_model / "config.json").is_file():
        render.problem(_errors, f"not a model directory (no config.json): {base_model}")
        raise typer.Exit(2)
    try:
        options = training.TrainingOptions(
            train_batches=training.batch_range(train_batches),
            calibrate_batches=training.batch_range(calibrate_batches),
            epochs=epochs,
            layers=layers,
            max_false_block=max_false_block,
            veto_quantile=veto_quantile,
            frame_veto_quantile=frame_veto_quantile,
            catalog_veto_quantile=catalog_veto_quantile,
            instance_veto_quantile=instance_veto_quantile,
            order=order,
            playbook_margin=playbook_margin,
            read_different_margin=read_different_margin,
            seed=seed,
            learning_rate=learning_rate,
            length_buckets=length_buckets,
            base_model=str(base_model) if base_model is not None else None,
            device=device,
            precision=precision,
            gloss_chinese=gloss_chinese,
            gloss_scheme=gloss_scheme,
            gloss_share=gloss_share,
            augment_gloss_scheme=augment_gloss,
            catalog_pairs=catalog_pairs,
            catalog_skip_categories=frozenset(
                c.strip() for c in catalog_skip.split(",") if c.strip()
            ),
        )
    except ValueError as exc:
        render.problem(_errors, exc)
        raise typer.Exit(2) from None
    with progress_display(
        _errors, TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn()
    ) as progress:
        tasks: dict[str, TaskID] = {}

        def advance(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = progress.add_task(stage, total=total)
            progress.update(tasks[stage], completed=done)

        try:
            manifest = training.train_pair_model(data, out, options, advance)
        except ValueError as exc:
            render.problem(_errors, exc)
            raise typer.Exit(2) from None
    _warn_of_playbook_steps(manifest)
    typer.echo(json.dumps(manifest, ensure_ascii=False, indent=2))


def _warn_of_playbook_steps(manifest: dict[str, Any]) -> None:
    """A model scoring some of the offline responder's next steps over its threshold (its bar
    for pairs read as two actions, where it has one) is still written (it took most of an hour
    to train), but said so: asked where the reading reads two actions, it would refuse them."""
    check = manifest.get("calibration", {}).get("playbook") or {}
    if check.get("over_threshold"):
        failed, proposed, one, other = check["highest"]
        render.problem(
            _errors,
            f"the model scores {check['over_threshold']} of the playbook's "
            f"{check['pairs']} next steps at or above its threshold (highest "
            f"{check['highest_score']:.3f}, {proposed} ({other}) after {failed} ({one}) "
            "failed); a guard asking it where the reading reads two actions would refuse them",
            label="warning",
            style="yellow",
        )


@guard_app.command("calibrate-pair-model")
def calibrate_pair_model(
    data: Annotated[
        Path,
        typer.Argument(
            help='Labelled JSON lines {"failed": [...], "candidate": "...", "block": bool, '
            '"batch": int, "split": "dev"}; only dev rows are read.'
        ),
    ],
    model: Annotated[
        Path, typer.Option("--model", help="A model directory from train-pair-model.")
    ],
    calibrate_batches: Annotated[
        str,
        typer.Option(
            "--calibrate-batches",
            help="Batches to set the thresholds on: rows the model never trained on.",
        ),
    ] = training.CALIBRATE_BATCHES,
    max_false_block: _MaxFalseBlock = training.MAX_FALSE_BLOCK,
    veto_quantile: _VetoQuantile = training.VETO_QUANTILE,
    frame_veto_quantile: _FrameVetoQuantile = training.FRAME_VETO_QUANTILE,
    catalog_veto_quantile: _CatalogVetoQuantile = training.CATALOG_VETO_QUANTILE,
    instance_veto_quantile: _InstanceVetoQuantile = training.INSTANCE_VETO_QUANTILE,
    order: _Order = training.ORDER,
    playbook_margin: _PlaybookMargin = None,
    read_different_margin: _ReadDifferentMargin = None,
) -> None:
    """Set a trained pair model's threshold and veto thresholds again, without training.

    The operating point is a choice over the same weights: this scores the calibration rows
    with the model as served and rewrites its manifest.json (the weights are untouched). Use
    a copy to try one (cp -r the packaged directory, then point
    CASELEDGER_GUARD__PAIR_MODEL_DIR at it). About a minute for batches 43-50.
    """
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn

    from caseledger.adapters.equivalence.pair_model import PairModelError

    if not data.is_file():
        render.problem(_errors, f"no such file: {data}")
        raise typer.Exit(2)
    with progress_display(
        _errors, TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn()
    ) as progress:
        tasks: dict[str, TaskID] = {}

        def advance(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = progress.add_task(stage, total=total)
            progress.update(tasks[stage], completed=done)

        try:
            manifest = training.calibrate_pair_model(
                data,
                model,
                training.batch_range(calibrate_batches),
                max_false_block,
                veto_quantile,
                frame_veto_quantile,
                instance_veto_quantile,
                advance,
                catalog_veto_quantile=catalog_veto_quantile,
                order=order,
                playbook_margin=playbook_margin,
                read_different_margin=read_different_margin,
            )
        except (ValueError, PairModelError) as exc:
            render.problem(_errors, exc)
            raise typer.Exit(2) from None
    _warn_of_playbook_steps(manifest)
    typer.echo(json.dumps(manifest, ensure_ascii=False, indent=2))
