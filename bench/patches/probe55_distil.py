"""Probe of session 55 (bench/README.md, "A probe: a three-layer model distilled from N4"):
a three-layer pair model taught by the packaged model's logits, against the same recipe on the
labels alone. As run then (N4 packaged; l1764.jsonl the labelled set N4 trained on,
``git show 1764b86:tests/data/guard_labelled.jsonl > l1764.jsonl``; ~5 min, then ~33 min for
the two trainings side by side on two cores)::

    python bench/patches/probe55_distil.py teacher l1764.jsonl teacher.json
    python bench/patches/probe55_distil.py student l1764.jsonl S3 teacher.json &
    python bench/patches/probe55_distil.py control l1764.jsonl C3
    CASELEDGER_GUARD__PAIR_MODEL_DIR=S3 caseledger guard check fresh6061.jsonl --summary

Both trainings: batches 1-42,51-185,198-344 (N4's), the catalog's pairs, 3 layers, EPOCHS
epochs (env, default 1), seed 0, bf16, one thread, calibrated on 43-50 with the recipe's
defaults and read-different margin 0.1. The student's loss: BCE on the label plus ALPHA (env,
default 0.1) x the squared error between its logit and the teacher's (clipped to +-CLIP).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np

from caseledger.adapters.catalog.catalog import load_catalog
from caseledger.adapters.equivalence import pair_model_training as T
from caseledger.adapters.equivalence.pair_model import OnnxPairJudge, packaged_model_dir

EPOCHS = int(os.environ.get("EPOCHS", "1"))
ALPHA = float(os.environ.get("ALPHA", "0.1"))
CLIP = 10.0


def options() -> T.TrainingOptions:
    return T.TrainingOptions(
        train_batches=T.batch_range("1-42,51-185,198-344"),
        calibrate_batches=T.batch_range("43-50"),
        layers=3,
        epochs=EPOCHS,
        read_different_margin=0.1,
    )


def pairs(data: Path) -> list[tuple[str, str, float]]:
    opts = options()
    rows, _, _ = T.load_labelled(data)
    training = [r for r in rows if r.batch in opts.train_batches]
    extra = T.catalog_pairs(load_catalog(), T._preparer(opts))
    return T.training_data(training, extra, opts)


def teacher(data_file: Path, out: Path) -> None:
    judge = OnnxPairJudge(packaged_model_dir())
    tok = judge._tokenizer
    data = pairs(data_file)
    keys = sorted({(a, b) for a, b, _ in data})
    enc = tok.encode_batch(keys)
    order = sorted(range(len(keys)), key=lambda i: len(enc[i].ids))
    scores: dict[str, float] = {}
    started = time.perf_counter()
    for first in range(0, len(order), 64):
        chunk = order[first : first + 64]
        width = max(len(enc[i].ids) for i in chunk)

        def pad(values: list[int], width: int = width) -> list[int]:
            return values + [0] * (width - len(values))

        feeds = {
            "input_ids": np.asarray([pad(enc[i].ids) for i in chunk], dtype=np.int64),
            "token_type_ids": np.asarray([pad(enc[i].type_ids) for i in chunk], dtype=np.int64),
            "attention_mask": np.asarray(
                [pad(enc[i].attention_mask) for i in chunk], dtype=np.int64
            ),
        }
        feeds = {name: feeds[name] for name in judge._inputs}
        logits = np.asarray(judge._session.run(None, feeds)[0]).reshape(-1)
        for i, value in zip(chunk, logits, strict=True):
            scores[json.dumps(keys[i], ensure_ascii=False)] = float(value)
        if first % 6400 == 0:
            print(f"teacher {first}/{len(order)} {time.perf_counter() - started:.0f}s", flush=True)
    out.write_text(json.dumps(scores, ensure_ascii=False), encoding="utf-8")
    print(f"teacher: {len(scores)} pairs scored in {time.perf_counter() - started:.0f}s")


def distilled_train(teacher_scores: dict[str, float]):  # noqa: ANN201
    def _train(rows, extra, options, progress):  # noqa: ANN001, ANN202
        import random

        import torch
        from transformers import AutoModelForSequenceClassification, AutoTokenizer
        from transformers.utils import logging as transformers_logging

        transformers_logging.set_verbosity_error()
        base = options.base_model or T._packaged_model()
        tokenizer = AutoTokenizer.from_pretrained(base)
        model = AutoModelForSequenceClassification.from_pretrained(
            base, num_labels=1, dtype=torch.float32
        )
        model.bert.encoder.layer = model.bert.encoder.layer[: options.layers]
        model.config.num_hidden_layers = options.layers
        torch.manual_seed(options.seed)
        shuffle = random.Random(options.seed)
        data = T.training_data(rows, extra, options)
        targets = [
            max(-CLIP, min(CLIP, teacher_scores[json.dumps([a, b], ensure_ascii=False)]))
            for a, b, _ in data
        ]
        data = [(a, b, label, t) for (a, b, label), t in zip(data, targets, strict=True)]
        per_epoch = (len(data) + options.batch_size - 1) // options.batch_size
        steps = options.epochs * per_epoch
        optimizer = torch.optim.AdamW(
            model.parameters(), lr=options.learning_rate, weight_decay=0.01
        )
        schedule = torch.optim.lr_scheduler.LambdaLR(
            optimizer, lambda s: min(1.0, (s + 1) / (0.1 * steps)) * max(0.0, 1 - s / steps)
        )
        bce, mse = torch.nn.BCEWithLogitsLoss(), torch.nn.MSELoss()

        def loss_of(logits: torch.Tensor, chunk: list) -> torch.Tensor:
            labels = torch.tensor([c[2] for c in chunk])
            return bce(logits, labels) + ALPHA * mse(logits, torch.tensor([c[3] for c in chunk]))

        model.train()
        done = 0
        started = time.perf_counter()
        for _ in range(options.epochs):
            shuffle.shuffle(data)
            for first in range(0, len(data), options.batch_size):
                chunk = data[first : first + options.batch_size]
                # The recipe's step (bf16, fp32 loss, clipped gradients), teacher's term added.
                T.train_step(model, tokenizer, chunk, options, optimizer, loss_of)
                schedule.step()
                done += 1
                if done % 500 == 0:
                    print(
                        f"student {done}/{steps} {time.perf_counter() - started:.0f}s", flush=True
                    )
        model.eval()
        return model, tokenizer

    return _train


def progress(stage: str, done: int, total: int) -> None:
    if done % 500 == 0 or done == total:
        print(f"{stage} {done}/{total} {time.strftime('%H:%M:%S')}", flush=True)


def main() -> None:
    import torch

    torch.set_num_threads(1)
    mode, data = sys.argv[1], Path(sys.argv[2])
    if mode == "teacher":
        teacher(data, Path(sys.argv[3]))
        return
    if mode == "student":
        scores = json.loads(Path(sys.argv[4]).read_text(encoding="utf-8"))
        T._train = distilled_train(scores)
    elif mode != "control":
        raise SystemExit(__doc__)
    manifest = T.train_pair_model(data, Path(sys.argv[3]), options(), progress)
    print(json.dumps({k: manifest[k] for k in ("threshold", "layers")}))
    print("calibration auc", manifest["calibration"].get("auc"))


if __name__ == "__main__":
    main()
