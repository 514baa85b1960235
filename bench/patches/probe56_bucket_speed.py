"""Probe of session 56 (bench/README.md, "Round 58"): what ``--length-buckets`` does to the
time of a training step. One process loads the packaged MiniLM as the recipe does (six layers,
bf16 autocast, AdamW, batches of 16) and times STEPS steps of the recipe's loop on the pairs of
the dev batches given, their batches cut by ``pair_model_training.epoch_batches`` with the
buckets named, in the order given (ABBA, so drift on a shared machine falls on both), after
WARM untimed steps each. Prints ms per step and the tokens a step runs. As run then::

    git show bc81368:tests/data/guard_labelled.jsonl > lbc81.jsonl   # 49,318 lines
    python bench/patches/probe56_bucket_speed.py lbc81.jsonl 1-42,51-185,198-370 0,100,100,0

Session 56 read 373, 273, 274 and 369 ms a step (830, 509, 553 and 845 tokens a step): 0.74x
with buckets of 100, about three minutes in all.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import torch
from transformers import AutoModelForSequenceClassification, AutoTokenizer
from transformers.utils import logging as transformers_logging

from caseledger.adapters.equivalence import pair_model_training as recipe

sys.path.append(str(Path(__file__).resolve().parent))
from probe56_padding import recipe_pairs  # the same pairs the padding probe counts

STEPS = int(os.environ.get("STEPS", "120"))
WARM = int(os.environ.get("WARM", "10"))


def main(path: str, batches: str, order: str) -> None:
    options, data = recipe_pairs(path, batches)
    tokenizer = AutoTokenizer.from_pretrained(recipe._packaged_model())
    length = recipe.token_lengths(tokenizer, data, options.max_length)
    torch.manual_seed(0)
    transformers_logging.set_verbosity_error()  # the new head is "missing": it is meant to be
    model = AutoModelForSequenceClassification.from_pretrained(
        recipe._packaged_model(), num_labels=1, dtype=torch.float32
    )
    optimizer = torch.optim.AdamW(model.parameters(), lr=options.learning_rate)
    loss_of = recipe.label_loss()
    model.train()
    shuffle = random.Random(0)
    for buckets in (int(b) for b in order.split(",")):
        shuffle.shuffle(data)
        cut = recipe.epoch_batches(
            data, options.batch_size, buckets, lambda p: length[(p[0], p[1])], shuffle
        )
        times, tokens = [], []
        for n, chunk in enumerate(cut[: WARM + STEPS]):
            started = time.perf_counter()
            recipe.train_step(model, tokenizer, chunk, options, optimizer, loss_of)
            if n >= WARM:
                times.append(time.perf_counter() - started)
                tokens.append(len(chunk) * max(length[(p[0], p[1])] for p in chunk))
        print(
            f"--length-buckets {buckets}: {1000 * statistics.mean(times):.0f} ms a step "
            f"(median {1000 * statistics.median(times):.0f}), "
            f"{statistics.mean(tokens):.0f} tokens a step, {STEPS} steps",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
