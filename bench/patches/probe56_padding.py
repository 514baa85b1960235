"""Probe of session 56 (bench/README.md, "Round 58"): how much of a training step is padding.
The pairs one epoch of the recipe trains on (the dev batches given, both orders, and the
catalog's pairs), tokenized as training tokenizes them, cut into batches of 16 by
``pair_model_training.epoch_batches``: as the shuffle leaves them (the packaged model's
recipe, ``--length-buckets 0``) and from length-sorted runs (``--length-buckets N``). Prints
the tokens the batches run (each padded to its longest pair) per real token. About half a
minute on one core::

    git show bc81368:tests/data/guard_labelled.jsonl > lbc81.jsonl   # 49,318 lines
    python bench/patches/probe56_padding.py lbc81.jsonl 1-42,51-185,198-370

Session 56 read 92,894 pairs (32.8 tokens on average, the longest 96): 1.61 tokens run per
real token without buckets, 1.06 at 20, 1.01 at 100, 1.00 at 400.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from transformers import AutoTokenizer

from caseledger.adapters.catalog.catalog import load_catalog
from caseledger.adapters.equivalence import pair_model_training as recipe

Pair = tuple[str, str, float]


def recipe_pairs(path: str, batches: str) -> tuple[recipe.TrainingOptions, list[Pair]]:
    """The recipe's options with ``batches`` to train on, and the pairs one epoch trains on."""
    options = recipe.TrainingOptions(
        train_batches=recipe.batch_range(batches),
        calibrate_batches=recipe.batch_range(recipe.CALIBRATE_BATCHES),
    )
    rows, _, _ = recipe.load_labelled(Path(path))
    training = [row for row in rows if row.batch in options.train_batches]
    extra = recipe.catalog_pairs(load_catalog(), recipe._preparer(options))
    return options, recipe.training_data(training, extra, options)


def main(path: str, batches: str) -> None:
    options, data = recipe_pairs(path, batches)
    tokenizer = AutoTokenizer.from_pretrained(recipe._packaged_model())
    by_pair = recipe.token_lengths(tokenizer, data, options.max_length)
    lengths = [by_pair[(a, b)] for a, b, _ in data]
    print(
        f"{len(lengths):,} pairs, {statistics.mean(lengths):.1f} tokens on average, "
        f"the longest {max(lengths)}"
    )
    order = list(range(len(lengths)))
    random.Random(0).shuffle(order)
    real = sum(lengths)
    for buckets in (0, 20, 100, 400):
        cut = recipe.epoch_batches(
            order, options.batch_size, buckets, lengths.__getitem__, random.Random(1)
        )
        run = sum(max(lengths[i] for i in batch) * len(batch) for batch in cut)
        print(f"--length-buckets {buckets}: {run / real:.2f} tokens run per real token")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
