#!/usr/bin/env python
"""Would a cheap learned head on the cached embeddings help the guard? Measured on fresh text.

An experiment, not a shipped part. The guard already embeds every failed attempt once and
keeps the vector, so a pair score computed from the two vectors costs no model call: this
fits a logistic regression on ``u * v``, ``|u - v|``, the cosine and the guard's lexical score
(770 weights) for English pairs of the ``dev`` rows of ``tests/data/guard_labelled.jsonl``
written before batch ``--fresh-from``, and scores the rows from that batch on. Those rows must
come with the decisions the guard made on them *when they were fresh* (``caseledger guard
check`` output of the code before they were tuned on, ``--fresh-decisions``), so "guard + head"
is measured on text neither part was fitted to. It reports the head's AUC and, for a grid of
thresholds, recall / false-block rate of the fresh guard alone, guard OR head (``head >= add``)
and guard with a veto (a guard block with ``head < veto`` is dropped). Chinese text is left
out: the packaged model maps CJK characters to ``[UNK]``. Held-out splits are never read.

``python bench/guard_pair_head.py --fresh-from 26 --fresh-decisions FRESH.jsonl``, where
FRESH.jsonl is ``caseledger guard check`` output on the dev rows of batches >= 26, in the
order they appear in the labelled set.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.metrics import roc_auc_score  # noqa: E402

from caseledger.adapters.embeddings.sentence_transformer import (  # noqa: E402
    SentenceTransformerEmbedder,
)
from caseledger.adapters.equivalence.action_catalog import CatalogGuardEquivalence  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "guard_labelled.jsonl"
Row = dict[str, Any]


class PairFeatures:
    """Features of (candidate, failed) pairs from the guard's own normalisation and vectors."""

    def __init__(self, guard: CatalogGuardEquivalence, rows: list[Row]) -> None:
        self._guard = guard
        texts = sorted({guard.analyze(t).normalized for r in rows for t in _texts(r)})
        embedder = guard.embedder
        assert embedder is not None
        self._vectors = np.asarray(embedder.embed(texts), dtype=np.float32)
        self._index = {text: i for i, text in enumerate(texts)}

    def vector(self, text: str) -> npt.NDArray[np.float32]:
        return self._vectors[self._index[self._guard.analyze(text).normalized]]

    def of(self, candidate: str, failed: str) -> npt.NDArray[np.float32]:
        u, v = self.vector(candidate), self.vector(failed)
        lexical = self._guard._lexical(  # noqa: SLF001 - the guard's own lexical score
            self._guard.analyze(candidate).normalized, self._guard.analyze(failed).normalized
        )
        return np.concatenate([u * v, np.abs(u - v), [float(u @ v), lexical]]).astype(np.float32)

    def pairs(
        self, rows: list[Row], *, training: bool
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], list[int]]:
        features, labels, owners = [], [], []
        for position, row in enumerate(rows):
            failed = list(row["failed"])
            if training and row["block"] and len(failed) > 1:
                # Which failed step the candidate repeats is not labelled: take the nearest.
                cand = self.vector(row["candidate"])
                failed = [max(failed, key=lambda text: float(cand @ self.vector(text)))]
            for text in failed:
                features.append(self.of(row["candidate"], text))
                labels.append(bool(row["block"]))
                owners.append(position)
        return np.asarray(features), np.asarray(labels), owners


def _texts(row: Row) -> list[str]:
    return [row["candidate"], *row["failed"]]


def _rates(decided: npt.NDArray[np.bool_], labels: npt.NDArray[np.bool_]) -> str:
    recall = (decided & labels).sum() / max(1, labels.sum())
    false_block = (decided & ~labels).sum() / max(1, (~labels).sum())
    return f"{recall:.3f} / {false_block:.3f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--fresh-from", type=int, required=True, help="first fresh dev batch")
    parser.add_argument("--fresh-to", type=int, default=10**6, help="last fresh dev batch")
    parser.add_argument("--fresh-decisions", type=Path, required=True)
    parser.add_argument("--c", type=float, nargs="+", default=[3.0, 10.0])
    args = parser.parse_args()

    with args.data.open(encoding="utf-8") as lines:
        dev = [r for r in map(json.loads, lines) if r["split"] == "dev"]
    fresh = [r for r in dev if args.fresh_from <= r["batch"] <= args.fresh_to]
    with args.fresh_decisions.open(encoding="utf-8") as lines:
        decisions = [json.loads(line) for line in lines if line.strip()]
    if len(decisions) != len(fresh) or any(
        d["candidate"] != r["candidate"] for d, r in zip(decisions, fresh, strict=True)
    ):
        raise SystemExit("--fresh-decisions must be guard check output on the fresh rows, in order")
    train = [r for r in dev if r["batch"] < args.fresh_from and r["lang"] == "en"]
    test = [(r, d) for r, d in zip(fresh, decisions, strict=True) if r["lang"] == "en"]
    guard = CatalogGuardEquivalence(SentenceTransformerEmbedder())
    features = PairFeatures(guard, train + [r for r, _ in test])
    x_train, y_train, _ = features.pairs(train, training=True)
    x_test, _, owners = features.pairs([r for r, _ in test], training=False)
    labels = np.asarray([bool(r["block"]) for r, _ in test])
    fresh_guard = np.asarray([d["decision"] == "block" for _, d in test])
    print(
        f"training: {len(train)} English dev rows of batches < {args.fresh_from}; "
        f"fresh: {len(test)} English rows of batches {args.fresh_from}..; "
        f"fresh guard alone {_rates(fresh_guard, labels)} (recall / false-block)"
    )
    for c in args.c:
        model = LogisticRegression(C=c, max_iter=5000).fit(x_train, y_train)
        pair_scores = model.predict_proba(x_test)[:, 1]
        scores = np.full(len(test), -1.0)
        for owner, score in zip(owners, pair_scores, strict=True):
            scores[owner] = max(scores[owner], float(score))
        print(f"C={c}: head AUC {roc_auc_score(labels, scores):.3f}")
        for add in (0.85, 0.9, 0.95):
            print(f"  guard OR head >= {add}: {_rates(fresh_guard | (scores >= add), labels)}")
        for veto in (0.05, 0.1, 0.2):
            kept = fresh_guard & (scores >= veto)
            decided = kept | (scores >= 0.95)
            print(f"  guard, veto < {veto}, OR head >= 0.95: {_rates(decided, labels)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
