"""Normalisation of customer chat text for the rule-based classifiers (private helper).

Both :mod:`.feedback` and :mod:`.preference_extraction` match regular expressions against a
canonical form of the message and must quote the customer's *original* words back (the cue
of a verdict, the span of a preference). :func:`normalize_chat` therefore returns the canonical
text together with, for every canonical character, the range of original characters it came
from.

Canonical form: Unicode NFKC applied per character (full-width Latin letters, digits and
punctuation become ASCII, ``U+3000`` becomes a space), casefold, curly apostrophes become
``'``, runs of whitespace become one space (or one ``\n`` when they contain a line break: a
line break ends a sentence in chat), whitespace between two CJK characters is dropped
and one space separates a CJK character from an adjacent Latin letter or digit, so English
word-boundary patterns work inside mixed messages ("好了thanks" → "好了 thanks").

:func:`chinese_number` reads the numerals both the contact-time reader and the guard's value
markers (:mod:`.instance_markers`) find in such text.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Final

from caseledger.domain.policies.attempts import is_cjk

__all__ = ["NormalizedText", "chinese_number", "normalize_chat"]

# NFKC leaves these alone; chat users type all of them for "'".
_APOSTROPHES = {"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'", "\u00b4": "'"}


@dataclass(frozen=True)
class NormalizedText:
    """Canonical text plus, per canonical character, its ``[start, end)`` in the original."""

    original: str
    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]

    def original_span(self, start: int, end: int) -> str:
        """Return the original text behind canonical characters ``[start, end)``, stripped."""
        if end <= start or start >= len(self.text):
            return ""
        first = self.starts[start]
        last = self.ends[min(end, len(self.text)) - 1]
        return self.original[first:last].strip()


def _kind(char: str) -> str:
    """Classify a canonical character: ``cjk``, ``alnum``, ``space`` or ``other``."""
    if char == " ":
        return "space"
    if char == "\n":
        return "other"
    if is_cjk(char):
        return "cjk"
    if char.isalnum():
        return "alnum"
    return "other"


def normalize_chat(text: str) -> NormalizedText:
    """Return the canonical form of a chat message with an offset map (see module docstring).

    >>> normalize_chat("ＴＨＡＴ　Fixed it").text
    'that fixed it'
    >>> normalize_chat("好了thanks ！ 还是 不行").text
    '好了 thanks ! 还是不行'
    """
    chars: list[tuple[str, int, int]] = []
    for index, raw in enumerate(text):
        if raw in "\n\r\u2028\u2029\x0b\x0c\x1c\x1d\x1e\x85":
            piece = "\n"
        elif raw.isspace():
            piece = " "
        else:
            piece = _APOSTROPHES.get(raw) or unicodedata.normalize("NFKC", raw).casefold()
        for char in piece:
            if char.isspace() and char != "\n":
                char = " "
            if char in " \n":
                # Collapse whitespace runs as we go; a line break wins over spaces.
                if not chars:
                    continue
                if chars[-1][0] in " \n":
                    if char == "\n":
                        chars[-1] = ("\n", chars[-1][1], index + 1)
                    continue
            chars.append((char, index, index + 1))
    while chars and chars[-1][0] in " \n":
        chars.pop()

    out: list[tuple[str, int, int]] = []
    for position, (char, start, end) in enumerate(chars):
        kind = _kind(char)
        if kind == "space":
            # Drop a space between two CJK characters: Chinese has no word spaces.
            before = out[-1][0] if out else ""
            after = chars[position + 1][0] if position + 1 < len(chars) else ""
            if before and after and is_cjk(before) and is_cjk(after):
                continue
        elif out:
            prev_kind = _kind(out[-1][0])
            if {prev_kind, kind} == {"cjk", "alnum"}:
                # Zero-width in the original: the space maps onto the next character.
                out.append((" ", start, start))
        out.append((char, start, end))
    return NormalizedText(
        original=text,
        text="".join(char for char, _, _ in out),
        starts=tuple(start for _, start, _ in out),
        ends=tuple(end for _, _, end in out),
    )


_CHINESE_DIGITS: Final = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}


def chinese_number(text: str) -> int:
    """A whole number below 100 in Chinese numerals (三, 十五, 二十, 两) or in digits; 0 for text
    that is neither. Shared by the contact-time reader and the guard's value markers."""
    if text.isdecimal():  # not isdigit: int() refuses superscripts such as "²"
        return int(text)
    if "十" in text:
        tens, _, ones = text.partition("十")
        return (_CHINESE_DIGITS.get(tens, 1) if tens else 1) * 10 + (
            _CHINESE_DIGITS.get(ones, 0) if ones else 0
        )
    return _CHINESE_DIGITS.get(text, 0)
