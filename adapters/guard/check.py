"""What ``caseledger guard check FILE`` runs: the reply pipeline's guard over JSON lines.

Each input line is ``{"failed": ["...", ...], "candidate": "..."}`` (other fields are passed
through: a labelled set's ``block`` becomes ``expected``). Each output is a JSON-able dict::

    {"line": 3, "decision": "block", "candidate": "...", "candidate_action": "router.restart",
     "matched": "Reboot your router", "matched_index": 0, "lexical_score": 0.71,
     "semantic_score": 0.93, "rule": "catalog:router.restart", "expected": true}

``decision`` comes from the same ``AttemptEquivalence.find_equivalent`` the pipeline calls,
built by :func:`guard_equivalence`, which asks the composition root for it. Where the pair
model overruled a block of the reading, ``overruled`` lists each one::

    "overruled": [{"matched": "...", "matched_index": 1, "rule": "combined", "model_score": -2.1}]
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from caseledger.adapters.catalog.catalog import load_catalog
from caseledger.adapters.settings import Settings
from caseledger.domain.ports import (
    AttemptEquivalence,
    Embedder,
    GuardOutcome,
    KnownAttempt,
    OverrulingEquivalence,
)

__all__ = ["CheckSummary", "check_lines", "guard_equivalence", "parse_line"]


def guard_equivalence(settings: Settings, embedder: Embedder | None = None) -> AttemptEquivalence:
    """The reply pipeline's guard, built by the composition root from ``settings``.

    Delegates to ``caseledger.adapters.bootstrap`` (its embedder and equivalence factories),
    so ``caseledger guard check`` decides with exactly what ``SupportDesk`` and the reply
    service use: the same catalog, rule, thresholds and model. ``embedder`` overrides the
    configured one (tests pass a fake); with ``use_embeddings`` off there is none.
    """
    # Imported here: the composition root pulls in the event store and projections.
    from caseledger.adapters import bootstrap

    if not settings.guard.use_embeddings:
        embedder = None
    elif embedder is None:
        embedder = bootstrap.build_embedder(settings)
    return bootstrap.build_equivalence(settings, embedder, load_catalog())


@dataclass
class CheckSummary:
    """Counts over the checked lines; confusion counts only for lines with a ``block`` label."""

    lines: int = 0
    blocked: int = 0
    overruled: int = 0  # lines where the pair model overruled a block of the reading
    errors: list[str] = field(default_factory=list)
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0

    def as_dict(self) -> dict[str, Any]:
        """Counts plus precision, recall and false-block rate where labels were given."""
        out: dict[str, Any] = {
            "lines": self.lines,
            "blocked": self.blocked,
            "overruled": self.overruled,
            "errors": len(self.errors),
        }
        if self.tp + self.fp + self.fn + self.tn:
            out.update(
                tp=self.tp,
                fp=self.fp,
                fn=self.fn,
                tn=self.tn,
                precision=round(self.tp / (self.tp + self.fp), 4) if self.tp + self.fp else 1.0,
                recall=round(self.tp / (self.tp + self.fn), 4) if self.tp + self.fn else 1.0,
                false_block_rate=round(self.fp / (self.fp + self.tn), 4)
                if self.fp + self.tn
                else 0.0,
            )
        return out


def _catalog_action(equivalence: AttemptEquivalence, text: str) -> str | None:
    reader = getattr(equivalence, "catalog_action", None)
    return reader(text) if callable(reader) else None


def parse_line(raw: str, number: int) -> tuple[list[str], str, dict[str, Any]]:
    """One JSON line's ``failed`` and ``candidate`` and the whole object; ``ValueError`` naming
    the line number for anything else."""
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise ValueError(f"line {number}: not JSON ({exc.msg})") from None
    if not isinstance(data, dict):
        raise ValueError(f"line {number}: expected a JSON object")
    failed = data.get("failed")
    candidate = data.get("candidate")
    if not isinstance(failed, list) or not all(isinstance(item, str) for item in failed):
        raise ValueError(f"line {number}: 'failed' must be a list of strings")
    if not isinstance(candidate, str) or not candidate.strip():
        raise ValueError(f"line {number}: 'candidate' must be a non-empty string")
    return failed, candidate, data


def check_lines(
    lines: Iterable[str],
    equivalence: AttemptEquivalence,
    summary: CheckSummary | None = None,
) -> Iterator[dict[str, Any]]:
    """Check each JSON line; yield one result per non-blank line.

    A malformed line yields ``{"line": n, "error": reason}`` and is counted in
    ``summary.errors``; the other lines are still checked.
    """
    summary = summary if summary is not None else CheckSummary()
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            failed, candidate, data = parse_line(raw, number)
        except ValueError as exc:
            summary.errors.append(str(exc))
            yield {"line": number, "error": str(exc)}
            continue
        known = [
            KnownAttempt(
                attempt_id=f"failed-{index}",
                action_id=f"failed-{index}",
                ticket_id="guard-check",
                text=text,
                status="failed",
            )
            for index, text in enumerate(failed)
        ]
        if isinstance(equivalence, OverrulingEquivalence):
            # The same answer as find_equivalent, with the blocks the pair model overruled.
            outcome = equivalence.decide(candidate, known)
        else:
            outcome = GuardOutcome(equivalence.find_equivalent(candidate, known))
        match = outcome.match
        summary.lines += 1
        result: dict[str, Any] = {
            "line": number,
            "decision": "block" if match else "allow",
            "candidate": candidate,
            "candidate_action": _catalog_action(equivalence, candidate),
            "matched": match.attempt.text if match else None,
            "matched_index": int(match.attempt.attempt_id.split("-")[1]) if match else None,
            "lexical_score": round(match.lexical_score, 4) if match else None,
            "semantic_score": round(match.semantic_score, 4) if match else None,
            "rule": match.rule if match else None,
        }
        if match and match.model_score is not None:
            result["model_score"] = round(match.model_score, 4)
        if outcome.overruled:
            result["overruled"] = [
                {
                    "matched": item.attempt.text,
                    "matched_index": int(item.attempt.attempt_id.split("-")[1]),
                    "rule": item.rule,
                    "model_score": round(item.model_score, 4),
                }
                for item in outcome.overruled
            ]
            summary.overruled += 1
        if match:
            summary.blocked += 1
        expected = data.get("block")
        if isinstance(expected, bool):
            result["expected"] = expected
            blocked = match is not None
            if blocked and expected:
                summary.tp += 1
            elif blocked:
                summary.fp += 1
            elif expected:
                summary.fn += 1
            else:
                summary.tn += 1
        for key in ("lang", "kind", "split"):
            if key in data:
                result[key] = data[key]
        yield result
