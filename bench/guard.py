#!/usr/bin/env python
"""Quality and speed of the semantic guard on the labelled set, side by side in one run.

Run ``python bench/guard.py --help``. What it reports:

* **quality** — on ``tests/data/guard_labelled.jsonl`` (each row: failed attempts on record, a
  candidate, whether the guard should block it), per split (``dev`` was used to build the
  lexicon and rule; ``test`` and ``test2`` were held out, ``test2`` written before the guard
  was ever run on it) and per language (en, zh, mixed): precision,
  recall and false-block rate (share of rows that should pass but are blocked) of

  - ``lexical-only``: the rapidfuzz clause of the old equivalence (no embedder);
  - ``embedding-only @t``: cosine >= t for t in 0.72, 0.85, 0.96 (no cosine for CJK text:
    the packaged model reads Chinese as ``[UNK]``);
  - ``similarity``: the old production rule (rapidfuzz + cosine, ``RapidfuzzSemanticEquivalence``);
  - ``guard``: ``CatalogGuardEquivalence``'s reading (catalog + frames + similarity fallback),
    without the learned pair model;
  - the guard with the cosine also against failed attempts the lexicon cannot read (lexical
    gate 0.4; off by default: it calls the model too often);
  - ablations of the guard: without the catalog, without the catalog's sub-steps (steps its
    own wordings spell out as part of an action), without frames, without the
    partial-reading clauses, without the lexical score, without the embedding, and structure
    only (no similarity fallback);

  plus, for the guard, which part decided each block (identical text, catalog action, frame,
  overwhelming scores, similarity).
* **latency** — ``find_equivalent`` with 200 failed attempts on record (their analyses and
  embeddings warmed up first, as in production where they are cached): p50/p95/p99 per
  proposed solution and per reply of two solutions, for novel candidates; the share of calls
  that needed the embedding model; the ratio of the shipped guard's p95 to the same guard
  without a model, measured in the same run (the machine is shared and noisy); the guard
  with the evidence cosine on (a model call per new matching candidate); and the cost of
  loading the model at start-up.
* **the learned pair model** — the packaged one, or ``--pair-model DIR`` (from ``caseledger
  guard train-pair-model``; ``--no-pair-model`` skips it): the model alone per new pair; the
  guard with it (as shipped: asked also about pairs the reading read as two different
  actions, ``judge_read_different``), timed the same way on a fresh embedder, with the
  model's read after the embedding and alongside it (as served); its ratio to the guard
  without it; and its quality next to the other modes. A model with a veto threshold is also
  timed and scored without its veto (``veto=False``); the model is also scored where it is
  not asked about pairs read as different (the default before session 15).
* **the playbook's own next steps** — of every category's ordered step pairs (a step proposed
  after an earlier one failed; en, zh and across; ``--playbook-categories`` names only some),
  how many the guard refuses without the pair model, as shipped, and not asked where read
  as different. Every one is a false block on the offline responder's ordinary path.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, get_args

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "tests" / "data" / "guard_labelled.jsonl"

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from caseledger.adapters.catalog.catalog import Catalog, load_catalog  # noqa: E402
from caseledger.adapters.embeddings.sentence_transformer import (  # noqa: E402
    Backend,
    SentenceTransformerEmbedder,
)
from caseledger.adapters.equivalence.action_catalog import CatalogGuardEquivalence  # noqa: E402
from caseledger.adapters.equivalence.fuzzy_semantic import (  # noqa: E402
    RapidfuzzSemanticEquivalence,
)
from caseledger.adapters.equivalence.pair_model import (  # noqa: E402
    OnnxPairJudge,
    packaged_model_dir,
)
from caseledger.domain.policies.action_frames import ActionIndex, GuardRule  # noqa: E402
from caseledger.domain.policies.attempts import EquivalenceRule  # noqa: E402
from caseledger.domain.ports import (  # noqa: E402
    AttemptEquivalence,
    Embedder,
    KnownAttempt,
    PairJudge,
)


@dataclass(frozen=True)
class Row:
    """One labelled guard case."""

    failed: tuple[str, ...]
    candidate: str
    block: bool
    lang: str
    kind: str
    split: str


@dataclass
class Counts:
    """Confusion counts of a blocking decision against labels."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0

    def add(self, predicted: bool, expected: bool) -> None:
        if predicted and expected:
            self.tp += 1
        elif predicted:
            self.fp += 1
        elif expected:
            self.fn += 1
        else:
            self.tn += 1

    def as_dict(self) -> dict[str, Any]:
        precision = self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0
        recall = self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0
        fbr = self.fp / (self.fp + self.tn) if self.fp + self.tn else 0.0
        return {
            "precision": round(precision, 3),
            "recall": round(recall, 3),
            "false_block_rate": round(fbr, 3),
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
            "tn": self.tn,
        }


def load_rows(path: Path) -> list[Row]:
    rows = []
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                data = json.loads(line)
                rows.append(
                    Row(
                        tuple(data["failed"]),
                        data["candidate"],
                        bool(data["block"]),
                        data["lang"],
                        data["kind"],
                        data["split"],
                    )
                )
    return rows


def known(texts: Sequence[str]) -> list[KnownAttempt]:
    return [KnownAttempt(f"f{i}", f"f{i}", "bench", text, "failed") for i, text in enumerate(texts)]


Decide = Callable[[Row], bool]


def equivalence_decision(impl: AttemptEquivalence) -> Decide:
    return lambda row: impl.find_equivalent(row.candidate, known(row.failed)) is not None


def embedding_decision(embedder: Embedder, threshold: float) -> Decide:
    # Cosine alone, on the same normalised texts the adapters embed; CJK gets no cosine.
    sim = RapidfuzzSemanticEquivalence(embedder)

    def decide(row: Row) -> bool:
        scores = sim.score_pairs(row.candidate, list(row.failed))
        return any(semantic is not None and semantic >= threshold for _, semantic in scores)

    return decide


def evaluate(rows: Sequence[Row], decide: Decide) -> dict[str, dict[str, Any]]:
    """Counts per split and language (``all`` too)."""
    counts: dict[str, Counts] = {}
    for row in rows:
        predicted = decide(row)
        for split in ("all", row.split):
            for lang in ("all", row.lang):
                counts.setdefault(f"{split}/{lang}", Counts()).add(predicted, row.block)
    return {key: value.as_dict() for key, value in sorted(counts.items())}


def guard_parts(rows: Sequence[Row], guard: CatalogGuardEquivalence) -> dict[str, dict[str, int]]:
    """Which part of the rule decided each block, per split: right and wrong blocks."""
    parts: dict[str, dict[str, int]] = {}
    for row in rows:
        match = guard.find_equivalent(row.candidate, known(row.failed))
        if match is None:
            continue
        part = match.rule.split(":", 1)[0].split(">=")[0]
        part = {"lexical": "similarity", "semantic": "similarity", "combined": "similarity"}.get(
            part, part
        )
        key = f"{row.split}/{part}"
        entry = parts.setdefault(key, {"right": 0, "wrong": 0})
        entry["right" if row.block else "wrong"] += 1
    return dict(sorted(parts.items()))


def playbook_blocks(
    impl: AttemptEquivalence, catalog: Catalog, categories: Collection[str] = ()
) -> dict[str, Any]:
    """How many of the offline responder's own next steps the guard refuses: for every
    category, every step j proposed after an earlier step i failed, English and Chinese and
    across the two. All are different actions, so every block is a false block on a desk's
    ordinary traffic (the labelled set is half repeats by construction; a desk's proposals
    mostly are not). ``categories``: only these (default: all)."""
    pairs = blocked = 0
    examples: list[str] = []
    for category, failed, one, proposed, other in catalog.next_steps():
        if categories and category not in categories:
            continue
        record = [KnownAttempt("a1", failed.action_id, "t1", failed.text(one), "failed")]
        pairs += 1
        if impl.find_equivalent(proposed.text(other), record) is not None:
            blocked += 1
            if len(examples) < 5:
                examples.append(f"{failed.action_id} -> {proposed.action_id}")
    return {
        "pairs": pairs,
        "blocked": blocked,
        "rate": round(blocked / pairs, 4) if pairs else None,
        "examples": examples,
    }


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def failed_on_record(rows: Sequence[Row], catalog: Catalog, on_record: int) -> list[KnownAttempt]:
    """The first ``on_record`` distinct failed texts of the set, then the catalog's steps."""
    pool = list(dict.fromkeys(text for row in rows for text in row.failed))
    pool += [a.text("en") for a in catalog.actions] + [a.text("zh") for a in catalog.actions]
    return known(list(dict.fromkeys(pool))[:on_record])


def latency(
    rows: Sequence[Row], guard: CatalogGuardEquivalence, on_record: int, rounds: int
) -> dict[str, Any]:
    """find_equivalent with ``on_record`` failed attempts, for novel candidates."""
    record = failed_on_record(rows, guard.catalog, on_record)
    warm_start = time.perf_counter()
    guard.warm_up([attempt.text for attempt in record])
    warm_ms = (time.perf_counter() - warm_start) * 1000
    candidates = list(dict.fromkeys(row.candidate for row in rows))
    for candidate in candidates[:5]:  # warm-up: code paths, allocator, model threads
        guard.find_equivalent(candidate, record)
    singles: list[float] = []
    needed_model = 0
    embedder = guard.embedder
    calls_before = getattr(embedder, "cache_info", lambda: None)()
    for candidate in candidates[5:]:
        start = time.perf_counter()
        guard.find_equivalent(candidate, record)
        singles.append((time.perf_counter() - start) * 1000)
    calls_after = getattr(embedder, "cache_info", lambda: None)()
    if calls_before is not None and calls_after is not None:
        needed_model = calls_after.misses - calls_before.misses
    replies: list[float] = []
    pairs = list(zip(candidates[5::2], candidates[6::2], strict=False))
    for _ in range(rounds):
        for first, second in pairs:
            start = time.perf_counter()
            guard.find_equivalent(first, record)
            guard.find_equivalent(second, record)
            replies.append((time.perf_counter() - start) * 1000)
    return {
        "failed_on_record": len(record),
        "warm_up_of_record_ms": round(warm_ms, 1),
        "novel_candidates": len(singles),
        "per_solution_ms": {
            "p50": round(percentile(singles, 0.5), 2),
            "p95": round(percentile(singles, 0.95), 2),
            "p99": round(percentile(singles, 0.99), 2),
            "mean": round(statistics.fmean(singles), 2),
        },
        "candidates_embedded_by_model": needed_model,
        "per_reply_of_two_solutions_ms_cached": {
            "p50": round(percentile(replies, 0.5), 2),
            "p95": round(percentile(replies, 0.95), 2),
            "note": "repeat calls: analyses and embeddings of the candidates are cached",
        },
    }


def model_cost(embedder: Embedder, rows: Sequence[Row]) -> dict[str, Any]:
    """Encoding one new sentence, as the guard does for a candidate it cannot read."""
    samples = []
    for row in rows[:60]:
        text = f"{row.candidate} (variant for timing)"
        start = time.perf_counter()
        embedder.embed([text])
        samples.append((time.perf_counter() - start) * 1000)
    return {
        "p50": round(percentile(samples, 0.5), 2),
        "p95": round(percentile(samples, 0.95), 2),
        "samples": len(samples),
    }


def pair_model_cost(judge: PairJudge, rows: Sequence[Row]) -> dict[str, Any]:
    """Reading one new (failed step, candidate) pair, as the guard does for an allowed one."""
    samples = []
    for row in rows[:200]:
        pair = (row.failed[0], f"{row.candidate} (variant for timing)")
        start = time.perf_counter()
        judge.score(*pair)
        samples.append((time.perf_counter() - start) * 1000)
    return {
        "p50": round(percentile(samples, 0.5), 2),
        "p95": round(percentile(samples, 0.95), 2),
        "samples": len(samples),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA, help="labelled JSON lines")
    parser.add_argument("--on-record", type=int, default=200, help="failed attempts on record")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the per-reply timing")
    parser.add_argument("--no-latency", action="store_true", help="quality only")
    parser.add_argument(
        "--latency-splits",
        default="",
        help="comma-separated splits whose candidates are timed (default: all rows); "
        "held-out candidates are the honest share of text the lexicon cannot read",
    )
    parser.add_argument("--json-out", type=Path, help="write every figure as JSON")
    parser.add_argument(
        "--onnx-threads",
        type=int,
        default=1,
        help="onnxruntime intra-op threads (CASELEDGER_GUARD__ONNX_THREADS; default 1)",
    )
    parser.add_argument(
        "--embedder-backend",
        choices=list(get_args(Backend)),
        default="auto",
        help="what runs the embedding model (CASELEDGER_GUARD__EMBEDDING_BACKEND)",
    )
    parser.add_argument(
        "--pair-model",
        type=Path,
        default=packaged_model_dir(),
        help="the learned pair model to time and score the guard with: a directory from "
        "`caseledger guard train-pair-model` (CASELEDGER_GUARD__PAIR_MODEL_DIR; default: the "
        "packaged model)",
    )
    parser.add_argument(
        "--no-pair-model", action="store_true", help="skip the pair model's timings and modes"
    )
    parser.add_argument(
        "--playbook-categories",
        default="",
        help="comma-separated catalog categories the playbook probe asks about (default: all), "
        "e.g. those a model was trained without (train-pair-model --catalog-skip)",
    )
    args = parser.parse_args(argv)
    catalog = load_catalog()
    probed = {c.strip() for c in args.playbook_categories.split(",") if c.strip()}
    if probed - set(catalog.categories):
        parser.error(f"no such catalog categories: {sorted(probed - set(catalog.categories))}")

    rows = load_rows(args.data)
    judge: PairJudge | None = None
    if not args.no_pair_model:
        judge = OnnxPairJudge(args.pair_model, threads=args.onnx_threads)
    start = time.perf_counter()
    embedder = SentenceTransformerEmbedder(
        backend=args.embedder_backend, onnx_threads=args.onnx_threads
    )
    embedder.embed(["warm up"])  # imports torch, reads the weights
    load_s = time.perf_counter() - start
    # Latency first, while the candidates are still new to the model and every cache: the
    # configurations that do not call the model first, then the model alone, then with it.
    timing: dict[str, Any] | None = None
    wanted = {s for s in args.latency_splits.split(",") if s}
    timed = [row for row in rows if not wanted or row.split in wanted]
    if not args.no_latency:
        timing = {
            "guard without embedder": latency(
                timed, CatalogGuardEquivalence(None), args.on_record, args.rounds
            ),
            "model alone (one new sentence)": model_cost(embedder, timed),
            "guard without pair model": latency(
                timed, CatalogGuardEquivalence(embedder), args.on_record, args.rounds
            ),
            # After the guard: the few candidates that needed the model are cached by now,
            # which flatters this configuration slightly.
            "guard + evidence cosine": latency(
                timed,
                CatalogGuardEquivalence(embedder, evidence_cosine=True),
                args.on_record,
                args.rounds,
            ),
        }
        base = timing["guard without embedder"]["per_solution_ms"]
        shipped = timing["guard without pair model"]["per_solution_ms"]
        timing["ratio guard / without embedder"] = {
            key: round(shipped[key] / base[key], 2) if base[key] else None for key in ("p50", "p95")
        }
        if judge is not None:
            judge.score("warm up", "warm up")
            timing["pair model alone (one new pair)"] = pair_model_cost(judge, timed)
            configurations = [
                ("guard + pair model, read after the embedding", False, True, True),
                ("guard + pair model", True, True, True),
                # As in sessions 13 and 14: not asked where the reading read two actions.
                ("guard + pair model, not asked where read as different", True, True, False),
            ]
            if judge.veto_threshold is not None:
                # What the veto costs: a model call for each candidate a weak block stops.
                configurations.append(("guard + pair model without its veto", True, False, True))
            for label, overlap, veto, read_different in configurations:
                # A fresh embedder and judge: the passes before have cached every candidate.
                fresh = SentenceTransformerEmbedder(
                    backend=args.embedder_backend, onnx_threads=args.onnx_threads
                )
                fresh.embed(["warm up"])
                fresh_judge = OnnxPairJudge(args.pair_model, threads=args.onnx_threads, veto=veto)
                fresh_judge.score("warm up", "warm up")
                timing[label] = latency(
                    timed,
                    CatalogGuardEquivalence(
                        fresh,
                        pair_judge=fresh_judge,
                        overlap_pair_judge=overlap,
                        judge_read_different=read_different,
                    ),
                    args.on_record,
                    args.rounds,
                )
            with_judge = timing["guard + pair model"]["per_solution_ms"]
            timing["ratio + pair model / without it"] = {
                key: round(with_judge[key] / shipped[key], 2) if shipped[key] else None
                for key in ("p50", "p95")
            }
            if judge.veto_threshold is not None:
                unvetoed = timing["guard + pair model without its veto"]["per_solution_ms"]
                timing["ratio + pair model / without its veto"] = {
                    key: round(with_judge[key] / unvetoed[key], 2) if unvetoed[key] else None
                    for key in ("p50", "p95")
                }
    # Embed every text once up front so the quality figures do not time the model.
    texts = {t for row in rows for t in (*row.failed, row.candidate)}
    from caseledger.domain.policies.attempts import normalize_solution

    embedder.embed(sorted({normalize_solution(t) for t in texts}))

    guard = CatalogGuardEquivalence(embedder)
    no_catalog = CatalogGuardEquivalence(embedder, index=ActionIndex())
    modes: dict[str, Decide] = {
        "lexical-only": equivalence_decision(RapidfuzzSemanticEquivalence(None)),
        "embedding-only @0.72": embedding_decision(embedder, 0.72),
        "embedding-only @0.85": embedding_decision(embedder, 0.85),
        "embedding-only @0.96": embedding_decision(embedder, 0.96),
        "similarity (old rule)": equivalence_decision(RapidfuzzSemanticEquivalence(embedder)),
        "guard": equivalence_decision(guard),
        "guard + cosine for read candidates": equivalence_decision(
            CatalogGuardEquivalence(embedder, rule=GuardRule(semantic_for_understood=True))
        ),
        "guard - catalog": equivalence_decision(no_catalog),
        "guard - partial reading": equivalence_decision(
            CatalogGuardEquivalence(
                embedder, rule=GuardRule(use_partial=False, partial_disjoint_differs=False)
            )
        ),
        "guard - catalog sub-steps": equivalence_decision(
            CatalogGuardEquivalence(embedder, rule=GuardRule(use_elaborations=False))
        ),
        "guard + cosine vs unread failed @0.4": equivalence_decision(
            CatalogGuardEquivalence(embedder, rule=GuardRule(semantic_gate_unread_failed=0.4))
        ),
        "guard - frames": equivalence_decision(
            CatalogGuardEquivalence(embedder, rule=GuardRule(use_frames=False))
        ),
        "guard - lexical": equivalence_decision(
            CatalogGuardEquivalence(embedder, rule=GuardRule(use_lexical=False))
        ),
        "guard - embedding": equivalence_decision(CatalogGuardEquivalence(None)),
        "guard - similarity (structure only)": equivalence_decision(
            CatalogGuardEquivalence(
                embedder, rule=replace(GuardRule(), use_lexical=False, use_semantic=False)
            )
        ),
        "guard - catalog - frames (similarity only)": equivalence_decision(
            CatalogGuardEquivalence(
                embedder,
                index=ActionIndex(),
                rule=replace(
                    GuardRule(), use_catalog=False, use_frames=False, semantic_for_understood=True
                ),
            )
        ),
    }
    if judge is not None:
        modes["guard + pair model"] = equivalence_decision(
            CatalogGuardEquivalence(embedder, pair_judge=judge, judge_read_different=True)
        )
        if judge.veto_threshold is not None:
            unvetoing = OnnxPairJudge(args.pair_model, threads=args.onnx_threads, veto=False)
            modes["guard + pair model without its veto"] = equivalence_decision(
                CatalogGuardEquivalence(embedder, pair_judge=unvetoing, judge_read_different=True)
            )
        modes["guard + pair model, not asked where read as different"] = equivalence_decision(
            CatalogGuardEquivalence(embedder, pair_judge=judge)
        )
    quality = {label: evaluate(rows, decide) for label, decide in modes.items()}
    playbook = {"guard": playbook_blocks(guard, catalog, probed)}
    if judge is not None:
        playbook["guard + pair model"] = playbook_blocks(
            CatalogGuardEquivalence(embedder, pair_judge=judge, judge_read_different=True),
            catalog,
            probed,
        )
        playbook["guard + pair model, not asked where read as different"] = playbook_blocks(
            CatalogGuardEquivalence(embedder, pair_judge=judge), catalog, probed
        )
    report: dict[str, Any] = {
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
        },
        "data": {
            "path": str(
                args.data.relative_to(REPO) if args.data.is_relative_to(REPO) else args.data
            ),
            "rows": len(rows),
            "by_split": {
                s: sum(r.split == s for r in rows) for s in sorted({r.split for r in rows})
            },
        },
        "model_load_s": round(load_s, 2),
        "embedder_backend": args.embedder_backend,
        "onnx_threads": embedder.onnx_threads,
        "pair_model": judge.manifest if judge is not None else None,
        "quality": quality,
        "guard_decided_by": guard_parts(rows, guard),
        "playbook_next_steps_blocked": playbook,
        "rule": {"guard": repr(GuardRule()), "similarity": repr(EquivalenceRule())},
    }
    if timing is not None:
        report["latency"] = timing

    width = max(len(label) for label in quality)
    for split in sorted({row.split for row in rows}, key=lambda s: (s == "dev", s)):
        print(f"\n== {split} split: precision / recall / false-block rate")
        for lang in ("all", "en", "zh", "mixed"):
            print(f"-- {lang}")
            for label, figures in quality.items():
                cell = figures.get(f"{split}/{lang}")
                if cell:
                    print(
                        f"  {label:{width}}  P={cell['precision']:.3f} R={cell['recall']:.3f} "
                        f"FBR={cell['false_block_rate']:.3f}  "
                        f"(tp={cell['tp']} fp={cell['fp']} fn={cell['fn']} tn={cell['tn']})"
                    )
    print("\n== guard blocks by deciding part (right/wrong)")
    for key, value in report["guard_decided_by"].items():
        print(f"  {key:24} right={value['right']} wrong={value['wrong']}")
    print("\n== the playbook's own next steps blocked (all different actions: false blocks)")
    for label, figures in playbook.items():
        print(f"  {label}: {figures['blocked']} of {figures['pairs']} {figures['examples']}")
    print(f"\n== model load at start-up: {report['model_load_s']} s")
    if "latency" in report:
        print(f"== latency, {args.on_record} failed attempts on record (ms):")
        for label, figures in report["latency"].items():
            print(f"  {label}: {json.dumps(figures)}")
    if args.json_out:
        args.json_out.write_text(json.dumps(report, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
