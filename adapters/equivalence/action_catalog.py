"""``AttemptEquivalence`` port built around the action itself: catalog actions and action frames
first, rapidfuzz lexical similarity and embedding cosine where the text is not understood.

This is the production guard (a proposed solution that repeats a failed attempt blocks the
draft) and the equivalence ``SupportDesk.propose_attempt`` uses to join rephrasings of one
action. Each text is read once into :class:`TextActions` (cached per text); the decision is
:class:`GuardRule` (``caseledger.domain.policies.action_frames``); the lexical score is the
CJK-aware rapidfuzz score of :mod:`~caseledger.adapters.equivalence.fuzzy_semantic`; the
cosine comes from an :class:`Embedder`, asked only for the pairs the rule cannot decide from
the actions (in one batch per call) and kept per text as a NumPy vector, so the failed
attempts on record are embedded once. An optional :class:`PairJudge` (the learned pair
model) is asked last, only where the reading allows a candidate, against the known step
nearest in wording (with ``judge_read_different``, as the settings build it by default, also
where the reading read both texts in full as different actions, its surest allow; without,
not there): a score at or above its threshold blocks (there, at or above its
``read_different_threshold``), with rule ``pair-model(<model name>):<score>>=<threshold>``.
Where the reading blocks on its weakest evidence (the embedding's ``combined`` clause, or a
candidate read only in part) the judge is asked about the matched step too, and a score below
its ``veto_threshold`` overrules that block: the next block stands, or, with none left, the
candidate is treated as allowed (and the judge asked as above). On fresh dev rows it removed
18 false blocks for 14 repeats lost, one to two points of recall above the model alone at
matched false blocks (``bench/README.md``).
A block read from action frames is overruled the same way below the judge's stricter
``frame_veto_threshold`` (the model's surest "different": on fresh dev rows, mostly the same
operation on another thing, e.g. another app's cache, the satellite for the main router),
and a block read as one catalog action below its ``catalog_veto_threshold`` (None unless the
model was calibrated with one: ``--catalog-veto-quantile``). Where the candidate says so
itself ("too", "as well", "instead", 也:
:func:`~caseledger.domain.policies.instance_markers.points_elsewhere`), a block read from a
catalog action or from frames is overruled below the judge's ``instance_veto_threshold``,
the highest of its three bars (20 % of the calibration repeats, against 7 % and 2 %): the words
make a different target likely, but alone they were right only as often as wrong. So is one
where the two texts name different units of one kind ("the Echo Show in the kitchen" against
"the Echo Dot in the living room":
:func:`~caseledger.domain.policies.instance_markers.names_another_unit`) or different values
("Auto-Lock to 30 seconds" against "to 2 minutes": ``names_another_value``); on dev 1-185 the
two removed 65 false blocks for 2 repeats lost (bench/README.md, "Round 22").
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TypeVar, cast, overload

import numpy as np
import numpy.typing as npt
from rapidfuzz import fuzz, process

from caseledger.adapters.catalog.catalog import Catalog, load_catalog
from caseledger.adapters.equivalence.fuzzy_semantic import cjk_aware_tokens
from caseledger.domain.policies.action_frames import (
    ActionIndex,
    GuardDecision,
    GuardRule,
    TextActions,
)
from caseledger.domain.policies.attempts import contains_cjk
from caseledger.domain.policies.instance_markers import (
    names_another_unit,
    names_another_value,
    points_elsewhere,
)
from caseledger.domain.ports import (
    AsyncPairJudge,
    Embedder,
    EquivalenceMatch,
    GuardOutcome,
    KnownAttempt,
    Overruled,
    PairJudge,
    PendingScore,
)

__all__ = ["CatalogGuardEquivalence", "PairVerdict", "overrulable"]

_log = logging.getLogger(__name__)

_K = TypeVar("_K")  # the keys and values of the guard's caches (_kept)
_V = TypeVar("_V")

# Which part decided, strongest first: the best match is the one decided most surely.
_PART_RANK = {"identical": 4, "catalog": 3, "frame": 2, "overwhelming": 1, "similarity": 0}
# The blocks the pair model may overrule below its veto: the reading's least sure ones. On
# fresh dev rows these were 70 % (combined) and 81 % (partial) right, against 88 % (frame) and
# 93 % (catalog), and only there did overruling at that bar remove more false blocks than it
# lost repeats. Frame blocks are overruled only below the stricter frame veto (_veto_for);
# catalog blocks not by that veto (at its bar: 15 false blocks removed for 9 repeats lost).
# Both are overruled below the instance veto where the candidate points at another instance,
# and catalog blocks below a catalog veto where the model has one (bench/README.md, "Round 21").
_OVERRULABLE_PARTS = frozenset({"partial"})  # a block's rule: "partial:<how>"
_OVERRULABLE_RULES = frozenset({"combined"})
# The reading's surest allow: both texts read in full, and no step of the candidate is one of
# the known text's. The pair model is not asked about such a pair unless judge_read_different
# (the settings' default since session 15). A model trained without the catalog's own pairs
# blocked 105 of the 1,364 ordered pairs of one category's steps there (the offline
# responder's next step against the one that failed); the packaged one, trained with them,
# blocks none (bench/README.md, "The catalog's own pairs", "The operating point").
_READ_AS_DIFFERENT = "differs:"


def _read_as_different(decision: GuardDecision | None) -> bool:
    """Whether the reading decided the pair as two different actions, read in full."""
    return decision is not None and decision.rule.startswith(_READ_AS_DIFFERENT)


def overrulable(rule: str) -> bool:
    """Whether the pair model may overrule a block the reading made with this ``rule`` below
    its veto threshold."""
    return rule in _OVERRULABLE_RULES or rule.split(":", 1)[0] in _OVERRULABLE_PARTS


_INSTANCE_PARTS = frozenset({"catalog", "frame"})


def _veto_for(
    judge: PairJudge, decision: GuardDecision, candidate: str, known: str
) -> float | None:
    """The score below which ``judge`` overrules the block ``decision`` of ``candidate``
    against the step on record ``known``; None: never."""
    if overrulable(decision.rule):
        return judge.veto_threshold
    vetoes = []
    if decision.part == "frame":
        vetoes.append(judge.frame_veto_threshold)
    if decision.part == "catalog":
        vetoes.append(judge.catalog_veto_threshold)
    if decision.part in _INSTANCE_PARTS and (
        points_elsewhere(candidate)
        or names_another_unit(candidate, known)
        or names_another_value(candidate, known)
    ):
        vetoes.append(judge.instance_veto_threshold)
    return max((veto for veto in vetoes if veto is not None), default=None)


class _NeedsSemantic(Exception):
    """Raised by the cosine of a pair whose step on record has no vector yet: the pair is
    decided after one batch embeds every such step."""


@dataclass(frozen=True)
class PairVerdict:
    """The guard's view of one (candidate, known text) pair, for benches and the CLI."""

    known: str  # the known text, normalised
    decision: GuardDecision
    lexical: float | None  # None: not computed (the actions decided)
    semantic: float | None  # None: not computed (not needed), or no embedding applies


class CatalogGuardEquivalence:
    """Finds the known attempt that a candidate solution repeats — by action, not wording.

    ``embedder`` may be None (no model): then only catalog, frames and the lexical clauses
    apply. ``catalog`` defaults to the packaged one; ``index`` overrides the catalog's
    :class:`ActionIndex` (an empty ``ActionIndex()`` runs without a catalog, for the ablation).
    The packaged English model maps Chinese characters to ``[UNK]``, so texts containing CJK
    get no cosine unless ``semantic_for_cjk`` is set (for a multilingual model).
    ``evidence_cosine``: whether a match the actions decided also reports the cosine as
    evidence. That costs a model call per new candidate and was most of the guard's p95 in
    ``bench/guard.py``, so by default (False) it is reported only when both vectors are
    already cached (else 0.0, the port's "no embedder ran"; the rule names what decided), and
    only pairs the actions cannot decide call the model.
    ``pair_judge``: the learned pair model, asked once per allowed candidate (see the module),
    unless the reading read the candidate and the known step nearest it in full, as different
    actions; ``judge_read_different`` asks it there too.
    ``overlap_pair_judge``: where a candidate needs the embedding, start the judge's read on a
    worker thread while the embedder runs (the two are most of the guard's slowest calls);
    its result is used if the cosine allows too, dropped if not yet started when it blocks.
    ``read_ahead``: while the judge reads one block to overrule it, start on the worker thread
    the read the guard needs next if it does (the next block's, else the nearest pair's), so a
    chain of overruled blocks runs on two cores; every pair is still read alone, so the scores
    and answers are the same either way, and a read not started when it is needed is cancelled
    and done inline.
    ``read_first``: where the judge reads asynchronously (``AsyncPairJudge``), start as soon
    as the candidate is read the read the guard will most likely need first — the pair of the
    known step with the candidate's catalog action (the nearest in wording among several),
    which a block would be, else the nearest pair, which the judge is asked about where the
    reading allows — so the model runs on the second core while the verdicts are worked out;
    a read not needed is abandoned. Same scores and answers either way; off by default
    (``CASELEDGER_GUARD__PAIR_MODEL_READ_FIRST``; bench/README.md, "Round 53", "Round 54").
    Thread-safe: the caches are guarded by a lock, the embedder serialises its own encoding.
    """

    def __init__(
        self,
        embedder: Embedder | None,
        catalog: Catalog | None = None,
        rule: GuardRule | None = None,
        *,
        index: ActionIndex | None = None,
        semantic_for_cjk: bool = False,
        cache_size: int = 8192,
        evidence_cosine: bool = False,
        pair_judge: PairJudge | None = None,
        overlap_pair_judge: bool = True,
        judge_read_different: bool = False,
        read_ahead: bool = True,
        read_first: bool = False,
    ) -> None:
        if cache_size < 1:
            raise ValueError(f"cache_size must be >= 1, got {cache_size}")
        self._embedder = embedder
        self._catalog = catalog if catalog is not None else load_catalog()
        self._index = index if index is not None else self._catalog.index()
        self._rule = rule if rule is not None else GuardRule()
        self._semantic_for_cjk = semantic_for_cjk
        self._evidence_cosine = evidence_cosine
        self._pair_judge = pair_judge
        self._overlap_pair_judge = overlap_pair_judge
        self._judge_read_different = judge_read_different
        self._read_ahead = read_ahead
        self._read_first = read_first
        # Checked once: a runtime Protocol check costs ~15 us, once per candidate otherwise.
        self._async_judge = pair_judge if isinstance(pair_judge, AsyncPairJudge) else None
        self._pool: ThreadPoolExecutor | None = None
        self._cache_size = cache_size
        self._lock = threading.Lock()
        self._analyses: OrderedDict[str, TextActions] = OrderedDict()
        self._vectors: OrderedDict[str, npt.NDArray[np.float32]] = OrderedDict()
        # Per normalised text: whether it has CJK, and its sorted CJK-aware tokens.
        self._lexemes: OrderedDict[str, tuple[bool, list[str]]] = OrderedDict()
        # Per list of texts on record: their reading (_steps_of).
        self._step_lists: OrderedDict[tuple[str, ...], _Steps] = OrderedDict()

    @property
    def rule(self) -> GuardRule:
        """The decision rule in use."""
        return self._rule

    @property
    def catalog(self) -> Catalog:
        """The catalog whose actions are recognised."""
        return self._catalog

    @property
    def index(self) -> ActionIndex:
        """The action index texts are read with."""
        return self._index

    @property
    def embedder(self) -> Embedder | None:
        """The embedder behind the cosine, if any."""
        return self._embedder

    def nearest(self, candidate: str, texts: Sequence[str]) -> int:
        """The position of the text nearest ``candidate`` in wording (the CJK-aware lexical
        score of normalised texts; the first on a tie). ``texts`` must not be empty."""
        if not texts:
            raise ValueError("nearest() needs at least one text")
        return self._wording(
            self.analyze(candidate), [self.analyze(text) for text in texts]
        ).nearest()

    def _wording(self, candidate: TextActions, known: Sequence[TextActions]) -> _Wording:
        """The lexical scores of ``candidate`` against each of ``known`` (computed when first
        asked)."""
        return _Wording(self._lexemes_of, candidate.normalized, _Steps(known))

    def _kept(self, cache: OrderedDict[_K, _V], key: _K, bound: int, make: Callable[[], _V]) -> _V:
        """``cache``'s value for ``key``, made (outside the lock: values only, so two threads
        making one make the same) and kept where missing; past ``bound`` the least recently
        used go."""
        with self._lock:
            value = cache.get(key)
            if value is not None:
                cache.move_to_end(key)
                return value
        value = make()
        with self._lock:
            cache[key] = value
            while len(cache) > bound:
                cache.popitem(last=False)
        return value

    def analyze(self, text: str) -> TextActions:
        """The actions of ``text`` (cached per text)."""
        return self._kept(self._analyses, text, self._cache_size, lambda: self._index.analyze(text))

    def _steps_of(self, texts: Sequence[str]) -> _Steps:
        """The steps on record read (kept per list of texts: every candidate of a reply, and
        every reply of a ticket, is checked against the same failed attempts; reading the list
        text by text cost ~0.06 ms a candidate with 200 on record, their wording ~0.05 more)."""
        key = tuple(texts)
        return self._kept(
            self._step_lists, key, _STEP_LISTS_KEPT, lambda: _Steps([self.analyze(t) for t in key])
        )

    def catalog_action(self, text: str) -> str | None:
        """The catalog action id ``text`` is, when it is exactly one catalog action."""
        return self.analyze(text).catalog_action

    def warm_up(self, texts: Sequence[str]) -> None:
        """Read and embed ``texts`` ahead of time (failed attempts on record, catalog texts)."""
        analyses = [self.analyze(text) for text in texts]
        self._ensure_vectors([a.normalized for a in analyses])

    def find_equivalent(
        self, candidate: str, known: Sequence[KnownAttempt]
    ) -> EquivalenceMatch | None:
        """Return the best match among ``known`` that is the same action, or None."""
        outcome = self.decide(candidate, known)
        for overruled in outcome.overruled:
            _log.info(
                "guard: pair model overruled a block (%s, score %.3f) of %r against attempt %s",
                overruled.rule,
                overruled.model_score,
                candidate,
                overruled.attempt.attempt_id,
            )
        return outcome.match

    def decide(self, candidate: str, known: Sequence[KnownAttempt]) -> GuardOutcome:
        """``find_equivalent``'s answer, with the blocks the pair model overruled."""
        texts = [attempt.text for attempt in known]
        judge = self._pair_judge
        reads: dict[int, _Read] = {}  # position -> its read, started off this thread
        vetoes: dict[int, float | None] = {}  # position -> its block's veto, read once
        steps = self._steps_of(texts)
        cand, analyses = self.analyze(candidate), steps.analyses
        wording = _Wording(self._lexemes_of, cand.normalized, steps)
        starter = self._async_judge
        if self._read_first and texts and starter is not None and starter.reads_async:
            first = _likely_first_read(cand, analyses, wording)
            reads[first] = starter.score_async(texts[first], candidate)

        def start_read(position: int) -> None:
            if judge is not None and position not in reads:
                reads[position] = self._judge_pool().submit(judge.score, texts[position], candidate)

        def overlap(decided: Sequence[GuardDecision | None]) -> None:
            # The embedding is about to run: read the nearest pair with the judge meanwhile (two
            # onnxruntime sessions, both outside the GIL), in case the cosine allows too.
            if self._overlap_pair_judge:
                position = wording.nearest()
                if not self._judge_skips(decided[position]):
                    start_read(position)

        verdicts = self._verdicts(cand, analyses, before_embedding=overlap, wording=wording)
        if verdicts is None:
            return GuardOutcome(None)

        def veto_of(position: int) -> float | None:
            if position not in vetoes:
                decision = verdicts[position].decision
                vetoes[position] = (
                    None
                    if judge is None
                    else _veto_for(judge, decision, candidate, texts[position])
                )
            return vetoes[position]

        def read_next(following: int | None) -> None:
            # The read needed if the block being read is overruled: the next block's, where a
            # veto applies to it (one without stands, and no read follows); after the last
            # block, the nearest pair's the judge is asked about.
            if not self._read_ahead:
                return
            if following is None:
                following = wording.nearest()
                if self._judge_skips(verdicts[following].decision):
                    return  # the judge is not asked about that pair (see _ask_pair_judge)
            elif veto_of(following) is None:
                return
            start_read(following)

        norm = cand.normalized
        blocks: list[tuple[tuple[int, float, float], int]] = []
        for position, pair in enumerate(verdicts.decisions):
            if not pair.same:
                continue
            verdict = verdicts[position]
            lexical = self._score(verdict, norm)
            strength = max(lexical, verdict.semantic or 0.0)
            blocks.append(((_PART_RANK.get(verdict.decision.part, 0), strength, lexical), position))
        # Surest first; ties keep the earlier attempt, so the answer is stable for a stable
        # input order.
        blocks.sort(key=lambda block: (tuple(-k for k in block[0]), block[1]))
        overruled: list[Overruled] = []
        for index, (_, position) in enumerate(blocks):
            veto = veto_of(position)
            started = reads.get(position)
            if veto is not None and (started is None or not started.done()):
                # The model will run for this block: meanwhile start the read that follows.
                read_next(blocks[index + 1][1] if index + 1 < len(blocks) else None)
            overrule = self._overrule(
                candidate, known[position], verdicts[position], veto, reads.pop(position, None)
            )
            if overrule is not None:
                overruled.append(overrule)
                continue
            for read in reads.values():
                _drop(read)  # a block without them: drop the reads
            return GuardOutcome(
                self._match(norm, known[position], verdicts[position]), tuple(overruled)
            )
        allowed = self._ask_pair_judge(candidate, norm, known, verdicts, texts, reads, wording)
        return GuardOutcome(allowed, tuple(overruled))

    def _overrule(
        self,
        candidate: str,
        attempt: KnownAttempt,
        verdict: PairVerdict,
        veto: float | None,
        started: _Read | None,
    ) -> Overruled | None:
        """The record of the pair model overruling this block below ``veto`` (its
        ``_veto_for``), or None where it does not. ``started``: this pair's read, begun on the
        worker; taken if it is running or done, else cancelled and read here."""
        judge = self._pair_judge
        if judge is None or veto is None:
            if started is not None:
                _drop(started)
            return None
        if started is not None and not started.cancel():
            score = started.result()
        else:
            score = judge.score(attempt.text, candidate)
        if score is None or score >= veto:
            return None
        return Overruled(attempt, verdict.decision.rule, judge.model_name, score, veto)

    def _match(self, norm: str, attempt: KnownAttempt, verdict: PairVerdict) -> EquivalenceMatch:
        """The evidence of a block the reading decided."""
        semantic = verdict.semantic
        if semantic is None:
            # Evidence: record the cosine of the match too, when an embedding applies.
            semantic = (
                self._cosine(norm, verdict.known)
                if self._evidence_cosine
                else self._cached_cosine(norm, verdict.known)
            )
        return EquivalenceMatch(
            attempt=attempt,
            lexical_score=self._score(verdict, norm),
            semantic_score=semantic if semantic is not None else 0.0,
            rule=verdict.decision.rule,
        )

    def explain(
        self, candidate: str, known_texts: Sequence[str], *, all_scores: bool = False
    ) -> list[PairVerdict]:
        """Every pair's verdict (for benches and the CLI); ``all_scores`` fills in the lexical
        score and the cosine of every pair, not only those the rule needed."""
        verdicts = self._verdicts(
            self.analyze(candidate), [self.analyze(text) for text in known_texts]
        )
        if verdicts is None:
            return [
                PairVerdict(text, GuardDecision(False, "blank", "identical"), 0.0, None)
                for text in known_texts
            ]
        if not all_scores:
            return list(verdicts)
        norm = self.analyze(candidate).normalized
        self._ensure_vectors([norm, *(v.known for v in verdicts)])
        return [
            PairVerdict(v.known, v.decision, self._score(v, norm), self._cosine(norm, v.known))
            for v in verdicts
        ]

    # -- internals -----------------------------------------------------------------------

    def _ask_pair_judge(
        self,
        candidate: str,
        norm: str,
        known: Sequence[KnownAttempt],
        verdicts: Sequence[PairVerdict],
        texts: Sequence[str],
        reads: dict[int, _Read],
        wording: _Wording,
    ) -> EquivalenceMatch | None:
        """The reading allows ``candidate``: ask the pair model about the nearest known step
        (nearest in wording: the one pair it reads), or take its read begun on the worker."""
        judge = self._pair_judge
        if judge is None:
            return None
        position = wording.nearest()
        read = reads.pop(position, None)
        for other in reads.values():
            _drop(other)
        if self._judge_skips(verdicts[position].decision):
            return None  # no read was started for this pair (see overlap and read_next)
        # A read still queued behind other requests' reads is cancelled and done here.
        if read is not None and not read.cancel():
            score = read.result()
        else:
            score = judge.score(texts[position], candidate)
        # Where the reading read two different actions, the model's "same" must clear the
        # stricter bar (the playbook's next steps are all such pairs).
        bar = (
            judge.read_different_threshold
            if _read_as_different(verdicts[position].decision)
            else judge.threshold
        )
        if score is None or score < bar:
            return None
        cosine = self._cached_cosine(norm, verdicts[position].known)
        return EquivalenceMatch(
            attempt=known[position],
            lexical_score=self._score(verdicts[position], norm),
            semantic_score=cosine if cosine is not None else 0.0,
            rule=f"pair-model({judge.model_name}):{score:.3f}>={bar:.3f}",
            model_score=score,
        )

    def _judge_skips(self, decision: GuardDecision | None) -> bool:
        """Whether the pair model is left out of a pair the reading decided as two different
        actions (``_READ_AS_DIFFERENT``), as it is unless ``judge_read_different``."""
        return not self._judge_read_different and _read_as_different(decision)

    def _judge_pool(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="pair-judge")
            return self._pool

    def _verdicts(
        self,
        cand: TextActions,
        analyses: Sequence[TextActions],
        before_embedding: Callable[[Sequence[GuardDecision | None]], None] | None = None,
        wording: _Wording | None = None,
    ) -> _Verdicts | None:
        if not cand.normalized or not analyses:
            return None
        if wording is None:
            wording = self._wording(cand, analyses)
        lexical: list[float | None] = [None] * len(analyses)

        def lexical_of(position: int) -> Callable[[], float]:
            # Reported only for pairs the actions do not decide (the scores are computed for
            # all pairs at once, the first time one is asked).
            def compute() -> float:
                value = lexical[position]
                if value is None:
                    value = lexical[position] = wording[position]
                return value

            return compute

        decisions: list[GuardDecision | None] = []
        cosines: dict[int, float | None] = {}
        embedded = False

        def semantic_of(position: int) -> Callable[[], float | None]:
            # Asked only where the actions leave the pair open. The first such pair embeds the
            # candidate; a step on record whose vector is cached (as it is once seen) is then
            # decided in this one pass. A step not yet embedded waits for one batch after it.
            def compute() -> float | None:
                nonlocal embedded
                if not embedded:
                    embedded = True
                    if before_embedding is not None:
                        # the pairs decided so far; None: not decided yet
                        before_embedding([*decisions, *([None] * (len(analyses) - len(decisions)))])
                    self._ensure_vectors([cand.normalized])
                known = analyses[position].normalized
                if not self._vector_ready(cand.normalized, known):
                    raise _NeedsSemantic
                cosine = self._cosine(cand.normalized, known)
                cosines[position] = cosine
                return cosine

            return compute

        waiting: list[int] = []
        # Most pairs are two different actions, both read in full: answered without walking
        # the rule (GuardRule.read_apart), the same answer and the same lexical score kept.
        apart = self._rule.read_apart(cand)
        bar = apart.overwhelming_lexical if apart is not None else None
        scores: list[float] | None = None
        for position, analysis in enumerate(analyses):
            if apart is not None and (read := apart.decision_for(analysis)) is not None:
                if bar is None:
                    decisions.append(read)
                    continue
                if scores is None:
                    scores = wording.scores()
                score = lexical[position] = scores[position]
                if score < bar:
                    decisions.append(read)
                    continue
            try:
                decision = self._rule.decide(
                    cand, analysis, lexical_of(position), semantic_of(position)
                )
            except _NeedsSemantic:
                decisions.append(None)
                waiting.append(position)
            else:
                decisions.append(decision)
        if waiting:
            # One embedding batch for the steps on record the pass above found without one.
            self._ensure_vectors([analyses[i].normalized for i in waiting])
            for position in waiting:
                cosine = self._cosine(cand.normalized, analyses[position].normalized)
                cosines[position] = cosine
                decisions[position] = self._rule.decide(
                    cand, analyses[position], lexical_of(position), _constant(cosine)
                )
        # Every pair is decided now: the only None were the waiting pairs. (Not asserted:
        # ``None in decisions`` calls each GuardDecision's __eq__, ~10 us a candidate.)
        return _Verdicts(
            wording.known,
            cast("list[GuardDecision]", decisions),
            lexical,
            cosines,
        )

    def _score(self, verdict: PairVerdict, normalized: str) -> float:
        if verdict.lexical is not None:
            return verdict.lexical
        return self._lexical(normalized, verdict.known)

    def _lexemes_of(self, normalized: str) -> tuple[bool, list[str]]:
        # The tokens are kept for every text: a Latin text is tokenised too when it is compared
        # with a Chinese one, and that happened once per pair.
        return self._kept(
            self._lexemes,
            normalized,
            self._cache_size,
            lambda: (contains_cjk(normalized), sorted(cjk_aware_tokens(normalized))),
        )

    def _lexical(self, left: str, right: str) -> float:
        """``fuzzy_semantic.lexical_similarity``, with each text's preprocessing cached."""
        if not left or not right:
            return 1.0 if left == right else 0.0
        left_cjk, left_tokens = self._lexemes_of(left)
        right_cjk, right_tokens = self._lexemes_of(right)
        if left_cjk or right_cjk:
            return float(fuzz.ratio(left_tokens, right_tokens)) / 100
        return float(fuzz.ratio(left, right)) / 100

    def _embeddable(self, normalized: str) -> bool:
        return bool(normalized) and (self._semantic_for_cjk or not contains_cjk(normalized))

    def _vector_ready(self, candidate: str, known: str) -> bool:
        """Whether the cosine of this pair needs no model call for ``known`` (its vector is
        cached, or no cosine applies to it)."""
        if self._embedder is None:
            return True
        with self._lock:
            if known in self._vectors:
                return True
        return not (self._embeddable(candidate) and self._embeddable(known))

    def _ensure_vectors(self, normalized: Sequence[str]) -> None:
        if self._embedder is None:
            return
        with self._lock:
            missing = [
                text
                for text in dict.fromkeys(normalized)
                if self._embeddable(text) and text not in self._vectors
            ]
        if not missing:
            return
        vectors = self._embedder.embed(missing)
        with self._lock:
            for text, vector in zip(missing, vectors, strict=True):
                array = np.asarray(vector, dtype=np.float32)
                array.setflags(write=False)
                self._vectors[text] = array
            while len(self._vectors) > self._cache_size:
                self._vectors.popitem(last=False)

    def _cached_cosine(self, left: str, right: str) -> float | None:
        """The cosine if both vectors are cached; never calls the model."""
        with self._lock:
            a, b = self._vectors.get(left), self._vectors.get(right)
        if a is None or b is None:
            return None
        return float(max(-1.0, min(1.0, float(np.dot(a, b)))))

    def _cosine(self, left: str, right: str) -> float | None:
        if self._embedder is None:
            return None
        # Asked once per pair the rule walks: both vectors cached (only an embeddable text has
        # one) is the common case, answered without the checks below.
        cached = self._cached_cosine(left, right)
        if cached is not None or not (self._embeddable(left) and self._embeddable(right)):
            return cached
        self._ensure_vectors([left, right])
        with self._lock:
            a, b = self._vectors.get(left), self._vectors.get(right)
        if a is None or b is None:  # evicted between the two steps: embed again, directly
            a, b = (np.asarray(v, dtype=np.float32) for v in self._embedder.embed([left, right]))
        # Unit vectors (Embedder contract): the dot product is the cosine; clamp float noise.
        return float(max(-1.0, min(1.0, float(np.dot(a, b)))))


# How many lists of steps on record the guard keeps read (one per ticket being answered, about).
_STEP_LISTS_KEPT = 64


class _Steps:
    """The steps on record of one list of texts, as the guard reads them: their
    :class:`TextActions` and normalised texts, and (when first asked) their lexemes sorted by
    how :class:`_Wording` compares them. Values only: what two threads compute for one list is
    the same."""

    __slots__ = ("_lexemes", "analyses", "normalized")

    def __init__(self, analyses: Sequence[TextActions]) -> None:
        self.analyses = list(analyses)
        self.normalized = [analysis.normalized for analysis in self.analyses]
        self._lexemes: _StepLexemes | None = None

    def lexemes(self, lexemes_of: Callable[[str], tuple[bool, list[str]]]) -> _StepLexemes:
        if self._lexemes is None:
            self._lexemes = _StepLexemes(lexemes_of, self.normalized)
        return self._lexemes


class _StepLexemes:
    """The known texts as :class:`_Wording` compares them: a CJK candidate by tokens with every
    non-empty text; a Latin one by text with the Latin texts, by tokens with those with CJK."""

    __slots__ = ("cjk", "cjk_tokens", "latin", "latin_texts", "nonempty", "tokens")

    def __init__(
        self, lexemes_of: Callable[[str], tuple[bool, list[str]]], known: Sequence[str]
    ) -> None:
        read = [(position, lexemes_of(text)) for position, text in enumerate(known) if text]
        self.nonempty = np.array([position for position, _ in read], dtype=np.intp)
        self.tokens = [tokens for _, (_, tokens) in read]
        cjk = [(position, tokens) for position, (has_cjk, tokens) in read if has_cjk]
        self.cjk = np.array([position for position, _ in cjk], dtype=np.intp)
        self.cjk_tokens = [tokens for _, tokens in cjk]
        latin = [position for position, (has_cjk, _) in read if not has_cjk]
        self.latin = np.array(latin, dtype=np.intp)
        self.latin_texts = [known[position] for position in latin]


class _Wording:
    """The CJK-aware lexical scores (``CatalogGuardEquivalence._lexical``) of one normalised
    candidate against each known text, computed for all of them in one rapidfuzz call per
    script the first time one is asked: the reading needs most of them, and the nearest known
    text (where the pair model reads) needs all; one by one they were ~0.3 ms per candidate
    with 200 attempts on record, each way. The known texts' lexemes are sorted once per
    :class:`_Steps`, which ``decide`` keeps per list on record."""

    __slots__ = ("_candidate", "_lexemes_of", "_scores", "_steps")

    def __init__(
        self,
        lexemes_of: Callable[[str], tuple[bool, list[str]]],
        candidate: str,
        steps: _Steps,
    ) -> None:
        self._lexemes_of = lexemes_of
        self._candidate = candidate  # normalised
        self._steps = steps
        self._scores: list[float] | None = None

    @property
    def known(self) -> list[str]:
        """The known texts, normalised."""
        return self._steps.normalized

    def __getitem__(self, position: int) -> float:
        return self.scores()[position]

    def nearest(self) -> int:
        """The position of the known text nearest in wording (the first on a tie)."""
        scores = self.scores()
        return max(range(len(scores)), key=lambda i: (scores[i], -i))

    def scores(self) -> list[float]:
        """Every score, in the order of the known texts (computed on the first call)."""
        if self._scores is not None:
            return self._scores
        candidate, known = self._candidate, self._steps.normalized
        if not candidate:
            self._scores = [1.0 if not text else 0.0 for text in known]
            return self._scores
        lexemes = self._steps.lexemes(self._lexemes_of)
        candidate_cjk, candidate_tokens = self._lexemes_of(candidate)
        scores = np.zeros(len(known), dtype=np.float64)  # 0.0: an empty known text
        # dtype float64: the very value fuzz.ratio returns for the pair; / 100 in float64 is
        # the very value float(value) / 100 gives
        if candidate_cjk:  # either side with CJK: token sequences are compared
            by_tokens, tokens = lexemes.nonempty, lexemes.tokens
        else:
            by_tokens, tokens = lexemes.cjk, lexemes.cjk_tokens
            if lexemes.latin_texts:
                row = process.cdist(
                    [candidate], lexemes.latin_texts, scorer=fuzz.ratio, dtype=np.float64
                )[0]
                scores[lexemes.latin] = row / 100
        if tokens:
            row = process.cdist([candidate_tokens], tokens, scorer=fuzz.ratio, dtype=np.float64)[0]
            scores[by_tokens] = row / 100
        self._scores = scores.tolist()
        return self._scores


class _Verdicts(Sequence[PairVerdict]):
    """The verdicts of one candidate against each known text; a :class:`PairVerdict` is built
    for the pairs asked for (a block, the nearest pair), not for all 200 on record (~0.1 ms a
    candidate)."""

    __slots__ = ("_built", "_cosines", "_known", "_lexical", "decisions")

    def __init__(
        self,
        known: list[str],
        decisions: list[GuardDecision],
        lexical: list[float | None],
        cosines: dict[int, float | None],
    ) -> None:
        self._known = known
        self.decisions = decisions
        self._lexical = lexical
        self._cosines = cosines
        self._built: dict[int, PairVerdict] = {}

    def __len__(self) -> int:
        return len(self.decisions)

    @overload
    def __getitem__(self, position: int) -> PairVerdict: ...

    @overload
    def __getitem__(self, position: slice) -> list[PairVerdict]: ...

    def __getitem__(self, position: int | slice) -> PairVerdict | list[PairVerdict]:
        if isinstance(position, slice):
            return [self[i] for i in range(len(self))[position]]
        if not -len(self.decisions) <= position < len(self.decisions):
            raise IndexError(position)  # what a list says, and what ends iteration
        position %= len(self.decisions)
        verdict = self._built.get(position)
        if verdict is None:
            verdict = self._built[position] = PairVerdict(
                known=self._known[position],
                decision=self.decisions[position],
                lexical=self._lexical[position],
                semantic=self._cosines.get(position),
            )
        return verdict


# A read of the pair model started off the calling thread: on the judge's worker thread, or
# on onnxruntime's own (``AsyncPairJudge.score_async``).
_Read = Future[float | None] | PendingScore


def _drop(read: _Read) -> None:
    """The read will not be asked for: a queued one never starts, a running one is stopped
    where it can be."""
    if isinstance(read, Future):
        read.cancel()
    else:
        read.abandon()


def _likely_first_read(
    candidate: TextActions, known: Sequence[TextActions], wording: _Wording
) -> int:
    """The known step whose pair the guard most likely reads first: one with the candidate's
    catalog action (a block, which the model reads to overrule; among several the nearest in
    wording, as the blocks are ordered), else the nearest in wording (the pair the judge is
    asked about where the reading allows). On the first 9,000 rows of the timing set the
    guard read this pair for 93 % of candidates (bench/README.md, "Round 53")."""
    action = candidate.catalog_action
    if action is not None:
        same = [position for position, text in enumerate(known) if text.catalog_action == action]
        if same:
            return max(same, key=lambda position: (wording[position], -position))
    return wording.nearest()


def _constant(value: float | None) -> Callable[[], float | None]:
    return lambda: value
