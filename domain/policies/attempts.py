"""Pure policy for deciding whether a proposed solution repeats an attempt on record.

Two pieces live here, both free of I/O and third-party imports so the domain stays pure:

* :func:`normalize_solution` puts a free-text troubleshooting step into a canonical form that
  lexical scorers (and embedding caches) can compare: width, case, punctuation and spacing
  differences disappear, CJK characters are kept.
* :class:`EquivalenceRule` turns a lexical and an (optional) semantic score into a decision and
  names the clause that fired, so the decision can be recorded as evidence.

Scores come from an adapter (see ``caseledger.adapters.equivalence``); this module only judges.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

__all__ = ["EquivalenceRule", "contains_cjk", "is_cjk", "normalize_solution"]

# Inclusive code-point ranges written without spaces between words (plus Hangul, which is
# kept for the same reason: a naive "[^a-z0-9]" cleaner would delete it).
_CJK_RANGES: tuple[tuple[int, int], ...] = (
    (0x2E80, 0x2FDF),  # CJK radicals, Kangxi radicals
    (0x3005, 0x3007),  # 々 〆 〇
    (0x3040, 0x30FF),  # Hiragana, Katakana
    (0x3100, 0x312F),  # Bopomofo
    (0x31F0, 0x31FF),  # Katakana phonetic extensions
    (0x3400, 0x4DBF),  # CJK Unified Ideographs Extension A
    (0x4E00, 0x9FFF),  # CJK Unified Ideographs
    (0xAC00, 0xD7AF),  # Hangul syllables
    (0xF900, 0xFAFF),  # CJK Compatibility Ideographs
    (0x20000, 0x323AF),  # CJK Unified Ideographs Extensions B..H
)

_CJK_FIRST = min(low for low, _high in _CJK_RANGES)
# The same ranges as one character class: a text's scan runs in the regex engine, not a Python
# loop per character (the guard asks this of every text it compares, per pair).
_CJK_CHAR = re.compile("[" + "".join(f"{chr(low)}-{chr(high)}" for low, high in _CJK_RANGES) + "]")

# Apostrophes are dropped inside words ("app's" -> "apps", "don't" -> "dont") rather than
# split, so possessives don't leave a stray one-letter token behind. NFKC leaves the curly
# forms alone, so they are listed explicitly.
_APOSTROPHES = frozenset("'\u2019\u2018\u02bc`")

# Kept between two digits so addresses and versions survive ("8.8.8.8", "2.4 ghz").
_DIGIT_JOINERS = frozenset(".")


def is_cjk(char: str) -> bool:
    """Tell whether a single character is a CJK ideograph, kana, bopomofo or Hangul."""
    code = ord(char)
    # Most characters read are Latin: they answer before the range scan (called per character
    # of every text the guard reads, and of every lexicon phrase at import).
    if code < _CJK_FIRST:
        return False
    return any(low <= code <= high for low, high in _CJK_RANGES)


def contains_cjk(text: str) -> bool:
    """Tell whether ``text`` contains at least one CJK character."""
    return _CJK_CHAR.search(text) is not None


def _is_word_char(char: str) -> bool:
    # Letters, digits and combining marks (accents that NFKC could not compose) form words.
    return unicodedata.category(char)[0] in "LNM"


def normalize_solution(text: str) -> str:
    """Return a canonical form of a troubleshooting step for comparison.

    Steps: Unicode NFKC (full-width Latin letters, digits and punctuation become ASCII, the
    ideographic space becomes a space), casefold, apostrophes inside words removed, every
    other punctuation or symbol character turned into a space (a dot between digits is kept),
    runs of CJK characters kept intact but separated from adjacent Latin words by a space,
    and whitespace collapsed to single spaces.

    >>> normalize_solution("ＲＥＳＴＡＲＴ　the Router!!")
    'restart the router'
    >>> normalize_solution("把DNS设置成8.8.8.8。")
    '把 dns 设置成 8.8.8.8'
    """
    folded = unicodedata.normalize("NFKC", text).casefold()
    out: list[str] = []
    # Kind of the last emitted character: "cjk", "word" or "space"; drives where spaces go.
    prev_kind = "space"
    length = len(folded)
    for index, char in enumerate(folded):
        before = folded[index - 1] if index > 0 else ""
        after = folded[index + 1] if index + 1 < length else ""
        if is_cjk(char):
            if prev_kind == "word":
                out.append(" ")
            out.append(char)
            prev_kind = "cjk"
        elif _is_word_char(char):
            if prev_kind == "cjk":
                out.append(" ")
            out.append(char)
            prev_kind = "word"
        elif char in _APOSTROPHES and prev_kind == "word" and after and _is_word_char(after):
            continue
        elif char in _DIGIT_JOINERS and before.isdigit() and after.isdigit():
            out.append(char)
            prev_kind = "word"
        else:
            if prev_kind != "space":
                out.append(" ")
            prev_kind = "space"
    return "".join(out).strip()


@dataclass(frozen=True)
class EquivalenceRule:
    """Thresholds that decide whether two attempts are the same action.

    A false match wrongly refuses a legitimate new solution, so the rule is tuned for a low
    false-match rate first and recall second. Clauses, checked in order:

    * ``lexical`` — the normalised texts are near-identical (width, case, punctuation,
      hyphenation); the only clause that applies when there is no semantic score.
    * ``semantic`` — the embeddings are near-identical. It must stay above the cosine of
      opposite actions that share all other words ("turn on/off low power mode" is 0.95 with
      all-MiniLM-L6-v2).
    * ``combined`` — the embeddings agree (``semantic >= combined_semantic``) *and* they agree
      clearly more than the wording does (``semantic - lexical >= combined_gap``). Shared
      words inflate the cosine, so a pair that shares most words yet only moderately agrees
      usually differs in the one word that matters, the verb ("restart" vs "factory-reset the
      router"); a pair that shares few words yet agrees is a paraphrase ("remove the card and
      add it again" vs "delete the saved card, then re-enter it").

    Defaults were calibrated on ``tests/data/attempt_pairs.jsonl`` with all-MiniLM-L6-v2 and
    the rapidfuzz lexical score of ``RapidfuzzSemanticEquivalence``; other scorers need their
    own calibration.
    """

    lexical: float = 0.95
    semantic: float = 0.96
    combined_semantic: float = 0.72
    combined_gap: float = 0.12

    def __post_init__(self) -> None:
        # Lexical scores live in [0, 1], cosines in [-1, 1]; catch typos like 95 for 0.95.
        bounds = {
            "lexical": (0.0, 1.0),
            "semantic": (-1.0, 1.0),
            "combined_semantic": (-1.0, 1.0),
            "combined_gap": (-2.0, 2.0),
        }
        for name, (low, high) in bounds.items():
            value = getattr(self, name)
            if not low <= value <= high:
                raise ValueError(f"{name} must be within [{low}, {high}], got {value!r}")

    def decide(self, lexical: float, semantic: float | None) -> str | None:
        """Return the name of the clause that matched, or None when the texts differ.

        ``lexical`` is a 0..1 similarity of the normalised texts; ``semantic`` is the
        embedding cosine, or None when no embedder ran (then only the lexical clause counts).
        """
        if lexical >= self.lexical:
            return f"lexical>={self.lexical:.2f}"
        if semantic is None:
            return None
        if semantic >= self.semantic:
            return f"semantic>={self.semantic:.2f}"
        if semantic >= self.combined_semantic and semantic - lexical >= self.combined_gap:
            return "combined"
        return None
