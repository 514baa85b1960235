#!/usr/bin/env python
"""Quality of the rule-based feedback classifier and preference extractor on their labelled sets.

Run ``python bench/extraction.py`` (``--help`` for options). One run scores both sets:

* **feedback** (``tests/data/feedback_labelled.jsonl``, scored with
  ``caseledger.domain.policies.feedback.classify_feedback``): precision and recall per outcome
  (``unclear`` is the ``None`` verdict) overall and per language (en / zh / mixed); accuracy per
  split (``dev``: written with the rules, ``holdout``: written after the rules were frozen and
  tuned afterwards, see ``bench/README.md``); how often a verdict commits to a wrong outcome; and a
  calibration table (accuracy per confidence band).
* **preference extraction** (``tests/data/preference_labelled.jsonl``, scored with
  ``caseledger.domain.policies.preference_extraction.extract_preferences``): precision and recall
  of ``(key, value)`` pairs per key and per language, for every extracted item and for the items
  at or above the confidence threshold the engine applies (0.7 by default); exact expiry matches;
  messages whose extracted set is exactly right.

Precision = correct / predicted, recall = correct / expected, counted over the whole set (micro);
``-`` where the denominator is zero. The last section times both functions per message.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from caseledger.domain.policies.feedback import FEEDBACK_OUTCOMES, classify_feedback
from caseledger.domain.policies.preference_extraction import PREFERENCE_KEYS, extract_preferences

REPO = Path(__file__).resolve().parent.parent
FEEDBACK_SET = REPO / "tests" / "data" / "feedback_labelled.jsonl"
PREFERENCE_SET = REPO / "tests" / "data" / "preference_labelled.jsonl"
UNCLEAR = "unclear"
LANGS = ("en", "zh", "mixed")
CONFIDENCE_BANDS = ((0.0, 0.7), (0.7, 0.85), (0.85, 1.01))


def load_jsonl(path: Path) -> list[dict[str, Any]]:
    """Read a JSON-lines file (blank lines skipped)."""
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


@dataclass
class PR:
    """Counts for one class or key: true positives, predictions, expected items."""

    tp: int = 0
    predicted: int = 0
    expected: int = 0

    @property
    def precision(self) -> float | None:
        return self.tp / self.predicted if self.predicted else None

    @property
    def recall(self) -> float | None:
        return self.tp / self.expected if self.expected else None

    def as_dict(self) -> dict[str, Any]:
        return {
            "tp": self.tp,
            "predicted": self.predicted,
            "expected": self.expected,
            "precision": self.precision,
            "recall": self.recall,
        }


def _fmt(value: float | None) -> str:
    return "    -" if value is None else f"{value:5.3f}"


# --- feedback --------------------------------------------------------------------------------


def score_feedback(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Score :func:`classify_feedback` on labelled rows; returns every figure as plain data."""
    classes = (*FEEDBACK_OUTCOMES, UNCLEAR)
    per_class = {name: PR() for name in classes}
    per_lang = {lang: {name: PR() for name in classes} for lang in LANGS}
    accuracy: dict[str, Counter[str]] = {}
    bands = [Counter[str]() for _ in CONFIDENCE_BANDS]
    committed = wrong_outcome = abstained = 0
    misses: list[dict[str, Any]] = []
    for row in rows:
        verdict = classify_feedback(row["text"])
        gold = row["outcome"] or UNCLEAR
        got = verdict.outcome or UNCLEAR
        for table in (per_class, per_lang[row["lang"]]):
            table[gold].expected += 1
            table[got].predicted += 1
            if gold == got:
                table[got].tp += 1
        for key in ("all", f"lang:{row['lang']}", f"split:{row.get('split', 'dev')}"):
            accuracy.setdefault(key, Counter())["n"] += 1
            accuracy[key]["correct"] += gold == got
        if got != UNCLEAR:
            committed += 1
            wrong_outcome += gold != got  # a wrong outcome would be recorded on the attempt
            for band, (low, high) in zip(bands, CONFIDENCE_BANDS, strict=True):
                if low <= verdict.confidence < high:
                    band["n"] += 1
                    band["correct"] += gold == got
        elif gold != UNCLEAR:
            abstained += 1
        if gold != got:
            misses.append({**row, "got": verdict.outcome, "cue": verdict.cue})
    return {
        "n": len(rows),
        "per_class": {name: pr.as_dict() for name, pr in per_class.items()},
        "per_lang": {
            lang: {name: pr.as_dict() for name, pr in table.items()}
            for lang, table in per_lang.items()
        },
        "accuracy": {key: c["correct"] / c["n"] for key, c in accuracy.items()},
        "accuracy_n": {key: c["n"] for key, c in accuracy.items()},
        "committed": committed,
        "wrong_outcome": wrong_outcome,
        "abstained_with_outcome": abstained,
        "calibration": [
            {"band": [low, min(high, 1.0)], "n": b["n"], "accuracy": b["correct"] / b["n"]}
            for (low, high), b in zip(CONFIDENCE_BANDS, bands, strict=True)
            if b["n"]
        ],
        "misses": misses,
    }


def print_feedback(result: dict[str, Any], out: Any = sys.stdout) -> None:
    """Print the feedback figures as text tables."""
    p = _printer(out)
    p(f"== Feedback classifier: {result['n']} labelled messages")
    p(f"{'outcome':<15}{'n':>5}{'pred':>6}{'P':>8}{'R':>8}")
    for name, pr in result["per_class"].items():
        p(
            f"{name:<15}{pr['expected']:>5}{pr['predicted']:>6}"
            f"{_fmt(pr['precision']):>8}{_fmt(pr['recall']):>8}"
        )
    p("")
    p("per language (P / R):")
    classes = list(result["per_class"])
    p(f"{'lang':<7}{'n':>4}{'acc':>7}  " + "".join(f"{name:>16}" for name in classes))
    for lang, table in result["per_lang"].items():
        n = result["accuracy_n"].get(f"lang:{lang}", 0)
        if not n:
            continue
        cells = "".join(
            f"{_fmt(table[name]['precision'])}/{_fmt(table[name]['recall'])}".rjust(16)
            for name in classes
        )
        p(f"{lang:<7}{n:>4}{result['accuracy'][f'lang:{lang}']:>7.3f}  {cells}")
    p("")
    for key in sorted(k for k in result["accuracy"] if k.startswith("split:")):
        p(f"accuracy {key[6:]:<8} {result['accuracy'][key]:.3f} (n={result['accuracy_n'][key]})")
    p(f"accuracy all      {result['accuracy']['all']:.3f} (n={result['n']})")
    committed = result["committed"]
    p(
        f"committed verdicts {committed}/{result['n']}; wrong commitments "
        f"{result['wrong_outcome']} ({result['wrong_outcome'] / max(committed, 1):.3f} of "
        f"committed); abstained where the label has an outcome {result['abstained_with_outcome']}"
    )
    p(
        "calibration (committed verdicts): "
        + "; ".join(
            f"conf [{band['band'][0]:.2f},{band['band'][1]:.2f}) n={band['n']} "
            f"acc={band['accuracy']:.3f}"
            for band in result["calibration"]
        )
    )
    for miss in result["misses"]:
        p(f"  miss [{miss['lang']}] want {miss['outcome']} got {miss['got']}: {miss['text']!r}")
    p("")


# --- preferences -----------------------------------------------------------------------------


def score_preferences(rows: Sequence[dict[str, Any]], *, threshold: float) -> dict[str, Any]:
    """Score :func:`extract_preferences` on labelled rows, for all items and at ``threshold``."""
    tables: dict[str, dict[str, PR]] = {}

    def count(scope: str, key: str, tp: int, predicted: int, expected: int) -> None:
        pr = tables.setdefault(scope, {}).setdefault(key, PR())
        pr.tp += tp
        pr.predicted += predicted
        pr.expected += expected

    exact = Counter[str]()
    expiry = Counter[str]()
    misses: list[dict[str, Any]] = []
    for row in rows:
        sent_at = datetime.fromisoformat(row["sent_at"])
        got = extract_preferences(row["text"], sent_at=sent_at)
        gold = {(item["key"], item["value"]): item.get("expires_at") for item in row["expected"]}
        for level, items in (
            ("all", got),
            ("applied", [g for g in got if g.confidence >= threshold]),
        ):
            pairs = {(item.key, item.value) for item in items}
            for key in PREFERENCE_KEYS:
                gk = {pair for pair in gold if pair[0] == key}
                pk = {pair for pair in pairs if pair[0] == key}
                for scope in (
                    level,
                    f"{level}:{row['lang']}",
                    f"{level}:{row.get('split', 'dev')}",
                ):
                    count(scope, key, len(gk & pk), len(pk), len(gk))
        pairs = {(item.key, item.value) for item in got}
        exact["n"] += 1
        exact["exact"] += pairs == set(gold)
        for item in got:
            if (item.key, item.value) in gold:
                want = gold[(item.key, item.value)]
                have = item.expires_at.isoformat() if item.expires_at else None
                expiry["n"] += 1
                expiry["exact"] += want == have
        if pairs != set(gold):
            misses.append(
                {
                    **row,
                    "got": [(i.key, i.value, i.confidence) for i in got],
                }
            )
    return {
        "n": len(rows),
        "threshold": threshold,
        "tables": {
            scope: {key: pr.as_dict() for key, pr in table.items()}
            for scope, table in tables.items()
        },
        "micro": {scope: _micro(table.values()).as_dict() for scope, table in tables.items()},
        "exact_messages": exact["exact"] / exact["n"] if exact["n"] else None,
        "expiry_exact": expiry["exact"] / expiry["n"] if expiry["n"] else None,
        "expiry_n": expiry["n"],
        "misses": misses,
    }


def _micro(prs: Iterable[PR]) -> PR:
    total = PR()
    for pr in prs:
        total.tp += pr.tp
        total.predicted += pr.predicted
        total.expected += pr.expected
    return total


def print_preferences(result: dict[str, Any], out: Any = sys.stdout) -> None:
    """Print the extraction figures as text tables."""
    p = _printer(out)
    p(f"== Preference extraction: {result['n']} labelled messages")
    p(
        f"{'key':<17}{'n':>5}{'pred':>6}{'P':>8}{'R':>8}   "
        f"{'pred>=' + format(result['threshold'], '.2f'):>11}{'P':>8}{'R':>8}"
    )
    tables, micro = result["tables"], result["micro"]
    for key in PREFERENCE_KEYS:
        a, b = tables["all"][key], tables["applied"][key]
        p(
            f"{key:<17}{a['expected']:>5}{a['predicted']:>6}{_fmt(a['precision']):>8}"
            f"{_fmt(a['recall']):>8}   {b['predicted']:>11}{_fmt(b['precision']):>8}"
            f"{_fmt(b['recall']):>8}"
        )
    a, b = micro["all"], micro["applied"]
    p(
        f"{'micro':<17}{a['expected']:>5}{a['predicted']:>6}{_fmt(a['precision']):>8}"
        f"{_fmt(a['recall']):>8}   {b['predicted']:>11}{_fmt(b['precision']):>8}"
        f"{_fmt(b['recall']):>8}"
    )
    p("")
    p("per language, all items (micro P / R, then per key P / R):")
    p(f"{'lang':<7}{'n':>4}{'P':>8}{'R':>8}  " + "".join(f"{key:>18}" for key in PREFERENCE_KEYS))
    for lang in LANGS:
        scope = f"all:{lang}"
        if scope not in tables:
            continue
        m = micro[scope]
        cells = "".join(
            f"{_fmt(tables[scope][key]['precision'])}/{_fmt(tables[scope][key]['recall'])}".rjust(
                18
            )
            for key in PREFERENCE_KEYS
        )
        p(f"{lang:<7}{m['expected']:>4}{_fmt(m['precision']):>8}{_fmt(m['recall']):>8}  {cells}")
    for split in sorted(s[4:] for s in micro if s.startswith("all:") and s[4:] not in LANGS):
        m = micro[f"all:{split}"]
        figures = f"P {_fmt(m['precision'])} R {_fmt(m['recall'])}"
        p(f"split {split:<8} {figures} (items {m['expected']})")
    p(
        f"messages extracted exactly right: {result['exact_messages']:.3f}; expiry exact on "
        f"{result['expiry_n']} correct items: {_fmt(result['expiry_exact'])}"
    )
    for miss in result["misses"]:
        p(
            f"  miss [{miss['lang']}] {miss['text']!r}: want "
            f"{[(e['key'], e['value']) for e in miss['expected']]} got {miss['got']}"
        )
    p("")


# --- timing ----------------------------------------------------------------------------------


def time_per_message(
    feedback_rows: Sequence[dict[str, Any]],
    preference_rows: Sequence[dict[str, Any]],
    repeats: int,
) -> dict[str, float]:
    """Mean wall time per message, in microseconds, of each function over ``repeats`` passes."""
    texts = [row["text"] for row in feedback_rows] + [row["text"] for row in preference_rows]
    sent_at = datetime.fromisoformat("2026-03-04T10:00:00+08:00")
    start = time.perf_counter()
    for _ in range(repeats):
        for text in texts:
            classify_feedback(text)
    feedback_us = (time.perf_counter() - start) / (repeats * len(texts)) * 1e6
    start = time.perf_counter()
    for _ in range(repeats):
        for text in texts:
            extract_preferences(text, sent_at=sent_at)
    extraction_us = (time.perf_counter() - start) / (repeats * len(texts)) * 1e6
    return {
        "messages": len(texts),
        "classify_feedback_us": feedback_us,
        "extract_preferences_us": extraction_us,
    }


def _printer(out: Any) -> Any:
    def p(line: str) -> None:
        print(line, file=out)

    return p


def main(argv: Sequence[str] | None = None, out: Any = sys.stdout) -> dict[str, Any]:
    """Run the benchmark; print the tables to ``out`` and return every figure."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--feedback-set", type=Path, default=FEEDBACK_SET)
    parser.add_argument("--preference-set", type=Path, default=PREFERENCE_SET)
    parser.add_argument(
        "--threshold",
        type=float,
        default=0.7,
        help="confidence at which the engine applies a preference (limits setting; default 0.7)",
    )
    parser.add_argument("--repeats", type=int, default=5, help="timing passes; 0 skips timing")
    parser.add_argument("--json-out", type=Path, help="also write every figure as JSON")
    args = parser.parse_args(argv)

    feedback_rows = load_jsonl(args.feedback_set)
    preference_rows = load_jsonl(args.preference_set)
    feedback = score_feedback(feedback_rows)
    preferences = score_preferences(preference_rows, threshold=args.threshold)
    print_feedback(feedback, out)
    print_preferences(preferences, out)
    timing: dict[str, float] = {}
    if args.repeats > 0:
        timing = time_per_message(feedback_rows, preference_rows, args.repeats)
        print(
            f"== Speed: {timing['messages']:.0f} messages x {args.repeats}: classify_feedback "
            f"{timing['classify_feedback_us']:.0f} us/message, extract_preferences "
            f"{timing['extract_preferences_us']:.0f} us/message",
            file=out,
        )
    result = {"feedback": feedback, "preferences": preferences, "timing": timing}
    if args.json_out:
        args.json_out.write_text(json.dumps(result, ensure_ascii=False, indent=2), encoding="utf-8")
    return result


if __name__ == "__main__":
    main()
