"""``AttemptEquivalence`` port: rapidfuzz lexical similarity plus embedding cosine.

Both texts are normalised with :func:`normalize_solution` first. The lexical score is a
character-level rapidfuzz ratio for Latin-script text and a Dice score over CJK character
bigrams (and Latin words) when either text contains CJK, which has no spaces to split words
on. The semantic score is the cosine of the two embeddings of the normalised texts.
:class:`EquivalenceRule` turns the pair into a decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from rapidfuzz import fuzz

from caseledger.domain.policies.attempts import (
    EquivalenceRule,
    contains_cjk,
    is_cjk,
    normalize_solution,
)
from caseledger.domain.ports import Embedder, EquivalenceMatch, KnownAttempt

__all__ = ["RapidfuzzSemanticEquivalence", "cjk_aware_tokens", "lexical_similarity"]

_DEFAULT_RULE = EquivalenceRule()


def cjk_aware_tokens(normalized: str) -> list[str]:
    """Split *normalised* text into Latin words and CJK character bigrams.

    CJK has no spaces, so a run of CJK characters yields its overlapping bigrams (a lone
    character stays a unigram); :func:`normalize_solution` has already put spaces between
    CJK runs and Latin words.
    """
    tokens: list[str] = []
    for word in normalized.split():
        if len(word) > 1 and is_cjk(word[0]):
            tokens.extend(word[i : i + 2] for i in range(len(word) - 1))
        else:
            tokens.append(word)
    return tokens


def lexical_similarity(left: str, right: str) -> float:
    """Return a 0..1 lexical similarity of two *normalised* texts.

    Latin text: rapidfuzz ``ratio`` (character-level Indel similarity), which forgives
    spacing and hyphenation ("re install" vs "reinstall") but counts reordered words as
    edits; it was measured to separate paraphrases from hard negatives better than
    ``token_sort_ratio``/``token_set_ratio`` under :class:`EquivalenceRule` (the set ratio
    even scores 1.0 for "restart the router" vs "restart the router and update its
    firmware"). CJK or mixed text: Dice coefficient of CJK character bigrams and Latin words,
    computed by rapidfuzz as the Indel ratio of the sorted token lists; bigrams are stricter
    than characters, which matters because one Chinese character can change the action
    (重启 restart vs 重置 reset).
    """
    if not left or not right:
        return 1.0 if left == right else 0.0
    if contains_cjk(left) or contains_cjk(right):
        return fuzz.ratio(sorted(cjk_aware_tokens(left)), sorted(cjk_aware_tokens(right))) / 100
    return fuzz.ratio(left, right) / 100


class RapidfuzzSemanticEquivalence:
    """Finds the known attempt that a candidate solution repeats, with lexical and semantic
    evidence.

    ``embedder`` may be None (no model available): then only the rule's lexical clause
    applies. The packaged English model maps Chinese characters to ``[UNK]`` tokens, which
    makes any two Chinese texts look identical to it, so texts containing CJK get no semantic
    score unless ``semantic_for_cjk`` is set (for a multilingual embedder).
    """

    def __init__(
        self,
        embedder: Embedder | None,
        rule: EquivalenceRule = _DEFAULT_RULE,
        *,
        semantic_for_cjk: bool = False,
    ) -> None:
        self._embedder = embedder
        self._rule = rule
        self._semantic_for_cjk = semantic_for_cjk

    @property
    def rule(self) -> EquivalenceRule:
        """The decision rule in use."""
        return self._rule

    def score_pairs(
        self, candidate: str, others: Sequence[str]
    ) -> list[tuple[float, float | None]]:
        """Return ``(lexical, semantic)`` of ``candidate`` against each of ``others``.

        ``semantic`` is None where no embedding applies (no embedder, or CJK text with an
        English-only model). All texts are embedded in one batch call.
        """
        norm_candidate = normalize_solution(candidate)
        norm_others = [normalize_solution(text) for text in others]
        lexical = [lexical_similarity(norm_candidate, other) for other in norm_others]
        semantic: list[float | None] = [None] * len(norm_others)
        if self._embedder is not None and self._embeddable(norm_candidate):
            wanted = [i for i, other in enumerate(norm_others) if self._embeddable(other)]
            if wanted:
                # One call for the candidate and every known text; the embedder caches texts,
                # so attempts already on record are not re-encoded on the next candidate.
                texts = list(dict.fromkeys([norm_candidate, *(norm_others[i] for i in wanted)]))
                vectors = dict(zip(texts, self._embedder.embed(texts), strict=True))
                anchor = vectors[norm_candidate]
                for i in wanted:
                    semantic[i] = _dot(anchor, vectors[norm_others[i]])
        return list(zip(lexical, semantic, strict=True))

    def find_equivalent(
        self, candidate: str, known: Sequence[KnownAttempt]
    ) -> EquivalenceMatch | None:
        """Return the best match among ``known`` that is the same action, or None."""
        if not known or not normalize_solution(candidate):
            return None
        best: EquivalenceMatch | None = None
        best_key = (-1.0, -1.0)
        scores = self.score_pairs(candidate, [attempt.text for attempt in known])
        for attempt, (lexical, semantic) in zip(known, scores, strict=True):
            clause = self._rule.decide(lexical, semantic)
            if clause is None:
                continue
            # Rank by the stronger of the two signals, then by wording; ties keep the earlier
            # attempt, so the answer is stable for a stable input order.
            key = (max(lexical, semantic if semantic is not None else lexical), lexical)
            if key > best_key:
                best_key = key
                best = EquivalenceMatch(
                    attempt=attempt,
                    lexical_score=lexical,
                    semantic_score=semantic if semantic is not None else 0.0,
                    rule=clause,
                )
        return best

    def _embeddable(self, normalized: str) -> bool:
        return bool(normalized) and (self._semantic_for_cjk or not contains_cjk(normalized))


def _dot(left: Sequence[float], right: Sequence[float]) -> float:
    # Vectors are unit length (Embedder contract), so the dot product is the cosine; clamp
    # float noise so scores stay within the documented [-1, 1].
    value = sum(a * b for a, b in zip(left, right, strict=True))
    return max(-1.0, min(1.0, value))
