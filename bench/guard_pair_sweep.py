#!/usr/bin/env python
"""Train several pair models side by side and score each on selection rows none trained on.

Each configuration is ``NAME:key=value:key=value`` over ``TrainingOptions`` (``layers``,
``epochs``, ``learning_rate``, ``seed``, ``batch_size``, ``gloss_scheme``, ``catalog_skip``);
everything else is the recipe's (``caseledger guard train-pair-model``'s defaults) or the
options below. Every configuration runs in its own process through the repository's own
``train_pair_model`` (train, export to int8, calibrate), then its model-only AUC is read on the
``--selection`` batches the way calibration reads (the guard's nearest failed step, the int8
model as served). A configuration still running at ``--deadline`` seconds is stopped and is not
a candidate. The winner is the highest selection AUC (a tie goes to fewer layers); its model
directory is copied to ``--keep``, and every result is written to ``--results`` as it lands.

Round 32 (bench/README.md) ran seven configurations on one borrowed GPU in about eight
minutes, the base model a copy of the packaged MiniLM saved in fp16 to travel::

    .venv/bin/python bench/guard_pair_sweep.py --device cuda --base-model /tmp/minilm-fp16 \\
        --config A:layers=3:epochs=3 --config F:layers=0:epochs=3 ... --keep /tmp/winner

On two CPU cores one three-layer configuration takes most of an hour.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

# torch and the exporter stay inside its functions: cheap to import here.
from caseledger.adapters.equivalence import pair_model_training as training
from caseledger.adapters.equivalence.pair_model import OnnxPairJudge

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "tests" / "data" / "guard_labelled.jsonl"
# Dev batches the recipe neither trains nor calibrates on: since session 55 the rows written
# after its training set and read in rounds 55-56; 291-326 from session 48 (read in rounds
# 48-49); 214-222,224-235,241 before (bench/README.md, "Round 32").
SELECTION = "345-370"
# Options a configuration may set, with how to read the value.
_KEYS = {
    "layers": int,
    "epochs": int,
    "learning_rate": float,
    "seed": int,
    "batch_size": int,
    "gloss_scheme": str,
    "catalog_skip": lambda value: frozenset(c for c in value.split(",") if c),
}


def parse_config(spec: str) -> tuple[str, dict[str, Any]]:
    """``"F:layers=0:epochs=3"`` as ``("F", {"layers": 0, "epochs": 3})``."""
    name, *pairs = spec.split(":")
    if not name or not name.replace("-", "").replace("_", "").isalnum():
        raise ValueError(f"a configuration needs a name of letters and digits: {spec!r}")
    settings: dict[str, Any] = {}
    for pair in pairs:
        key, equals, value = pair.partition("=")
        if not equals or key not in _KEYS:
            raise ValueError(f"{spec!r}: {pair!r} is not one of {', '.join(_KEYS)}=VALUE")
        try:
            settings[key] = _KEYS[key](value)
        except ValueError:
            raise ValueError(f"{spec!r}: {value!r} is not a value for {key}") from None
    return name, settings


def _plain(settings: dict[str, Any]) -> dict[str, Any]:
    """Settings as JSON holds them (a set of categories as a sorted list)."""
    return {k: sorted(v) if isinstance(v, frozenset) else v for k, v in settings.items()}


def _options(settings: dict[str, Any], common: dict[str, Any]) -> Any:
    fields = dict(settings)
    if "catalog_skip" in fields:
        fields["catalog_skip_categories"] = frozenset(fields.pop("catalog_skip"))
    return training.TrainingOptions(
        train_batches=training.batch_range(common["train_batches"]),
        calibrate_batches=training.batch_range(common["calibrate_batches"]),
        device=common["device"],
        base_model=common["base_model"],
        **fields,
    )


def work(job: Path) -> None:
    """One configuration: train, calibrate, read the selection rows; ``job`` says which."""
    spec = json.loads(job.read_text(encoding="utf-8"))
    options = _options(spec["settings"], spec["common"])
    last = [0.0]

    def progress(stage: str, done: int, total: int) -> None:
        if time.monotonic() - last[0] > 20 or done == total:
            last[0] = time.monotonic()
            print(f"{spec['name']} {stage} {done}/{total}", file=sys.stderr, flush=True)

    data = Path(spec["common"]["data"])
    directory = Path(spec["directory"])
    manifest = training.train_pair_model(data, directory, options, progress)
    rows = training.load_labelled(data)[0]
    selection = training.batch_range(spec["common"]["selection"])
    picked = [row for row in rows if row.batch in selection]  # main checked there are some
    judge = OnnxPairJudge(directory, threshold=0.0, order=options.order)
    scored = training._calibrate(judge, picked, options, progress)
    result = {
        "name": spec["name"],
        "settings": _plain(spec["settings"]),
        "layers": manifest["layers"],
        "selection_rows": len(picked),
        "selection_auc": scored["auc"],
        "calibration_auc": manifest["calibration"]["auc"],
        "threshold": manifest["threshold"],
        "train_seconds": manifest["trained_on"]["seconds"],
    }
    Path(spec["result"]).write_text(json.dumps(result), encoding="utf-8")


def winner(results: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    """The highest selection AUC; a tie goes to fewer layers."""
    scored = [r for r in results if r.get("selection_auc") is not None]
    return max(scored, key=lambda r: (r["selection_auc"], -r["layers"]), default=None)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", action="append", required=True, help="NAME:key=value:...")
    parser.add_argument("--data", type=Path, default=DATA, help="labelled JSON lines")
    parser.add_argument("--train-batches", default=None, help="default: the recipe's")
    parser.add_argument("--calibrate-batches", default=None, help="default: the recipe's")
    parser.add_argument("--selection", default=SELECTION, help="batches to choose on")
    parser.add_argument("--device", default=training.DEVICES[0], choices=training.DEVICES)
    parser.add_argument("--base-model", default=None, help="default: the packaged MiniLM")
    parser.add_argument("--threads", type=int, default=2, help="CPU threads per configuration")
    parser.add_argument("--deadline", type=float, default=3600.0, help="seconds, then stop")
    parser.add_argument("--work", type=Path, default=Path("/tmp/guard-pair-sweep"))
    parser.add_argument("--results", type=Path, default=None, help="default: WORK/results.json")
    parser.add_argument("--keep", type=Path, default=None, help="copy the winner's model here")
    args = parser.parse_args(argv)
    try:
        configs = dict(parse_config(spec) for spec in args.config)
        common = {
            "data": str(args.data.resolve()),
            "train_batches": args.train_batches or training.TRAIN_BATCHES,
            "calibrate_batches": args.calibrate_batches or training.CALIBRATE_BATCHES,
            "selection": args.selection,
            "device": args.device,
            "base_model": args.base_model,
        }
        for settings in configs.values():
            _options(settings, common)  # refuse a bad configuration before anything runs
        overlap = training.batch_range(common["selection"]) & (
            training.batch_range(common["train_batches"])
            | training.batch_range(common["calibrate_batches"])
        )
    except ValueError as exc:
        parser.error(str(exc))
    if overlap:
        parser.error(f"selection batches also trained or calibrated on: {sorted(overlap)}")
    selection = training.batch_range(common["selection"])
    if not any(row.batch in selection for row in training.load_labelled(args.data)[0]):
        # Before an hour of training, not after it.
        parser.error(f"no dev rows in the selection batches {common['selection']}")
    if len(configs) != len(args.config):
        parser.error("two configurations share a name")
    args.work.mkdir(parents=True, exist_ok=True)
    results_path = args.results or args.work / "results.json"
    env = dict(os.environ, OMP_NUM_THREADS=str(args.threads), TOKENIZERS_PARALLELISM="false")
    started = time.monotonic()
    workers: dict[str, subprocess.Popen[bytes]] = {}
    for name, settings in configs.items():
        job = args.work / f"{name}.job.json"
        job.write_text(
            json.dumps(
                {
                    "name": name,
                    "settings": _plain(settings),
                    "common": common,
                    "directory": str(args.work / name),
                    "result": str(args.work / f"{name}.result.json"),
                }
            ),
            encoding="utf-8",
        )
        (args.work / f"{name}.result.json").unlink(missing_ok=True)
        with open(args.work / f"{name}.log", "wb") as log:
            workers[name] = subprocess.Popen(
                [sys.executable, __file__, "--work-on", str(job)], env=env, stdout=log, stderr=log
            )
    results: dict[str, dict[str, Any]] = {}

    def collect() -> None:
        for name in configs:
            path = args.work / f"{name}.result.json"
            if name not in results and path.exists():
                results[name] = json.loads(path.read_text(encoding="utf-8"))
        state = {
            name: "done" if name in results else "running" if w.poll() is None else f"rc {w.poll()}"
            for name, w in workers.items()
        }
        results_path.write_text(
            json.dumps(
                {
                    "elapsed_s": round(time.monotonic() - started, 1),
                    "state": state,
                    "results": results,
                },
                indent=1,
            ),
            encoding="utf-8",
        )
        lines = [
            (args.work / f"{n}.log").read_text(errors="replace").strip().splitlines() or ["-"]
            for n in configs
        ]
        print(
            f"[{time.monotonic() - started:6.0f} s] "
            + " | ".join(f"{n}: {tail[-1][:60]}" for n, tail in zip(configs, lines, strict=True)),
            file=sys.stderr,
            flush=True,
        )

    while any(w.poll() is None for w in workers.values()):
        time.sleep(5)
        collect()
        if time.monotonic() - started > args.deadline:
            for name, w in workers.items():
                if w.poll() is None:
                    print(f"deadline: {name} stopped, not a candidate", file=sys.stderr)
                    w.kill()
            break
    for w in workers.values():
        w.wait()
    collect()
    for name, w in workers.items():
        if name not in results and w.returncode not in (0, -9):
            tail = (args.work / f"{name}.log").read_text(errors="replace")[-1500:]
            print(f"{name} failed (rc {w.returncode}):\n{tail}", file=sys.stderr)
    best = winner(list(results.values()))
    print(json.dumps({"winner": best, "results": list(results.values())}))
    if best is None:
        return 1
    if args.keep is not None:
        if args.keep.exists():
            shutil.rmtree(args.keep)
        shutil.copytree(args.work / best["name"], args.keep)
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--work-on":
        work(Path(sys.argv[2]))
    else:
        sys.exit(main())
