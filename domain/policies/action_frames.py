"""What a troubleshooting step *does*: action frames, the catalog index, and the guard's rule.

Plain text similarity cannot tell "restart the router" from "reset the router to factory
settings" (same words, different action) nor see that "change DNS to Google Public DNS" and
"set DNS to 8.8.8.8" are one action (almost no shared words). So the guard compares actions:

1. :func:`lex` turns text (English, Chinese or a mix) into lexemes with the word lists of
   :mod:`caseledger.domain.policies.action_lexicon`: operations, objects, qualifiers, clause
   boundaries, negation.
2. :class:`ActionIndex` cuts the lexemes into clauses, recognises catalog aliases ("8.8.8.8",
   "谷歌DNS"), builds an :class:`ActionFrame` (operation, object, qualifier) per clause, merges
   compound steps ("remove the card" + "add it again" = re-add the card; "turn it off" + "on"
   = restart it), drops negated clauses and "instead of" objects, and maps each frame to a
   catalog action id. The result, :class:`TextActions`, says whether the whole text was
   understood.
3. :class:`GuardRule` decides whether a candidate repeats a failed attempt: same catalog
   action -> same; different catalog actions -> different (a hard negative), unless the texts
   are overwhelmingly alike; otherwise frames; and where the text was not understood, the
   lexical + embedding similarity of :class:`EquivalenceRule`.

Everything here is pure: the catalog arrives as :class:`CatalogEntry` values, scores arrive as
numbers (the embedding cosine as a callable, so it is computed only when the rule needs it).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from functools import cached_property, lru_cache

from caseledger.domain.policies.action_lexicon import (
    CANTONESE_MARK_ZH,
    CANTONESE_ZH,
    DEFAULT_OBJECTS,
    EN_LEXICON,
    FB10_ZH_OWNER_NAMES,
    HEAD_OBJECTS,
    OBJECT_FAMILIES,
    OWNER_NAMES,
    PHYSICAL_OBJECTS,
    SETTABLE_HEADS,
    STATEFUL_OPS,
    ZH_LEXICON,
    ZH_TRADITIONAL,
    Lexeme,
)
from caseledger.domain.policies.attempts import (
    EquivalenceRule,
    contains_cjk,
    is_cjk,
    normalize_solution,
)

__all__ = [
    "ActionFrame",
    "ActionIndex",
    "CatalogEntry",
    "GuardDecision",
    "GuardRule",
    "Step",
    "TextActions",
    "atoms",
    "frames_compatible",
    "lex",
    "objects_compatible",
    "parse_frames",
    "qualifiers_compatible",
]


# -- values --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ActionFrame:
    """One action: an operation on an object, optionally with a qualifier (the setting).

    ``op`` and ``obj`` are canonical names from the lexicon (``restart``/``router``,
    ``clear``/``browser.cache``); ``qualifier`` is a setting value that makes it a different
    action (``google`` DNS, ``5ghz`` band) or a nuance that does not (``factory``, ``latest``).
    """

    op: str
    obj: str | None = None
    qualifier: str | None = None

    def label(self) -> str:
        """Short form for evidence: ``op/obj`` or ``op/obj[qualifier]``."""
        text = f"{self.op}/{self.obj or '-'}"
        return f"{text}[{self.qualifier}]" if self.qualifier else text


@dataclass(frozen=True)
class CatalogEntry:
    """What the domain needs to know about one catalog action."""

    action_id: str
    frame: ActionFrame
    aliases: tuple[str, ...] = ()
    texts: tuple[str, ...] = ()  # the catalog's own wordings: recognised verbatim
    also_ops: tuple[str, ...] = ()  # other verbs that name this action on its object
    # ("check for a paper jam" and "remove the stuck paper" are the step "clear a paper jam")


@dataclass(frozen=True)
class Step:
    """One step of a solution: its frames (the main one first; a purpose or instrument clause
    adds alternatives, "use the link *to reset your password*") and the catalog actions it is."""

    frames: tuple[ActionFrame, ...]
    action_ids: frozenset[str] = frozenset()
    # What the catalog's own wordings of these actions spell out besides the action itself
    # ("forget the network, then join it again *and re-enter the password*"): a step of a
    # solution that is one of these is part of this action, not a new step (see
    # :meth:`ActionIndex.elaborations`).
    elaborations: tuple[ActionFrame, ...] = field(default=(), compare=False)
    elaboration_ids: frozenset[str] = field(default=frozenset(), compare=False)
    # What a failed step also did, one way only: "uninstall the driver, then install the latest
    # one" put the newest driver on, so a later "update the driver" repeats it; but the clean
    # reinstall is not repeated by the update that failed before it.
    also_did: tuple[ActionFrame, ...] = field(default=(), compare=False)

    def label(self) -> str:
        """``catalog-id`` when known, else the main frame's label."""
        if self.action_ids:
            return "|".join(sorted(self.action_ids))
        return self.frames[0].label() if self.frames else "?"


@dataclass(frozen=True)
class TextActions:
    """The actions found in one text.

    ``complete`` is False when some clause carried content the lexicon could not read (an
    unknown object, an operation with nothing to act on); such a text is only partly
    understood and the guard falls back to similarity for it.
    """

    text: str
    normalized: str
    steps: tuple[Step, ...]
    complete: bool
    # For a one-verb text: the verb and the words of its object slot, read even when the
    # lexicon does not know the object ("turn off" + "smart network switch").
    lead_op: str | None = None
    lead_object: str = ""
    # Some clause had words but no action the lexicon could read: possibly a step of its own
    # ("then telnet into it"), so a partial reading must not stand for the whole text.
    unread_clause: bool = False
    # A pronoun with nothing in the text to point at ("reinstall it", "turn it off and on"):
    # the text is read again with the failed attempt's object as what "it" is (:meth:`against`).
    dangling: bool = False
    reread: Callable[[str], TextActions] | None = field(default=None, compare=False, repr=False)

    @property
    def understood(self) -> bool:
        """Every clause was read and at least one step came out."""
        return self.complete and bool(self.steps)

    @cached_property
    def action_ids(self) -> frozenset[str] | None:
        """The catalog actions of the whole text, or None unless every step has one."""
        if not self.steps or any(not step.action_ids for step in self.steps):
            return None
        return frozenset().union(*(step.action_ids for step in self.steps))

    @property
    def catalog_action(self) -> str | None:
        """The single catalog action this text is, if it is exactly one."""
        if len(self.steps) != 1 or len(self.steps[0].action_ids) != 1:
            return None
        return next(iter(self.steps[0].action_ids))

    def sole_object(self) -> str | None:
        """The one thing every step of this text acts on, if there is exactly one."""
        objects = {step.frames[0].obj for step in self.steps if step.frames}
        objects.discard(None)
        return objects.pop() if len(objects) == 1 else None

    def against(self, other: TextActions) -> TextActions:
        """This text with a dangling pronoun read as the one thing ``other`` acts on: a
        candidate's "reinstall it" next to the failed "Uninstall the app" is about the app.
        Unchanged when nothing dangles or ``other`` names no single thing."""
        if not self.dangling or self.reread is None:
            return self
        obj = other.sole_object()
        return self.reread(obj) if obj is not None else self


# -- lexing --------------------------------------------------------------------------------

# Characters that end a clause. NFKC has already folded full-width forms to ASCII.
_CLAUSE_BREAKS = frozenset(",<\n|，")
_OPEN_BRACKETS = frozenset("([{【「『")
_CLOSE_BRACKETS = frozenset(")]}】」』")
_QUOTES = frozenset("\"“”‘’'")
_SENTENCE_BREAKS = frozenset(";!?。；！？")
# Marker atoms lex() turns into structure tokens: what follows a colon elaborates what precedes
# it ("Restart the router: unplug it, wait, plug it back in"), until the sentence ends.
COLON_MARK = "\x00colon"
SENTENCE_MARK = "\x00end"
# A parenthesis elaborates the clause before it: "(8.8.8.8)", "(Settings > Apps)".
OPEN_MARK = "\x00open"
CLOSE_MARK = "\x00close"
MENU_MARK = "\x00menu"
_SEPARATORS = frozenset("/+=~_*#")
_APOSTROPHES = frozenset("'\u2019\u2018\u02bc`")


# An agent's shorthand, read as written out ("hold pwr btn", "update the fw", "reset ur pw").
_SHORTHAND = {
    "pwr": "power",
    "btn": "button",
    "btns": "buttons",
    "fw": "firmware",
    "pw": "password",
    "pwd": "password",
    "acct": "account",
    "ur": "your",
    "teh": "the",
    "thru": "through",
    "b4": "before",
    "pls": "please",
    "plz": "please",
    "vol": "volume",
}
# British spellings, read as the lexicon's (round 9: "switch off the programmes you don't need")
_SHORTHAND.update(
    {
        "programme": "program",
        "programmes": "programs",
        "centre": "center",
        "licence": "license",
        "favourite": "favorite",
        "favourites": "favorites",
    }
)
# A speaker's hesitations in a call transcript ("So, uh, disconnect the VPN", "Um, could you
# have a look in your junk folder"): no words at all (round 10)
_SPOKEN_FILLERS = frozenset({"um", "umm", "uh", "uhh", "uhm", "erm", "hmm", "mm"})
_WITH_SLASH = re.compile(r"\bw/(o\b)?")
# A Latin word's letters end it on either side, a Chinese character does not ("在google.com的
# Cookie里", mixed round 12).
_WEB_ADDRESS = re.compile(
    r"(?<![a-z0-9_.@/])(?!(?:smtp|imap|pop3?|mail|mx|outlook)\.)(?:https?://)?(?:www\.)?"
    r"([a-z0-9-]+)((?:\.[a-z0-9-]+)*)\.(?:com|net|org|cn|io|co|uk|de|me|us|edu|gov|tv)"
    r"(?![a-z0-9_])"
    r"(?:/[^\s,，;；]*)?"
)


def _web_address(found: re.Match[str]) -> str:
    """A web address read as a place: the site's one name kept ("netflix.com" is Netflix's
    website, another site is another place), a longer host only a website."""
    return f" {found.group(1)} website " if not found.group(2) else " website "


def atoms(text: str) -> list[list[str]]:
    """Split text into clauses of atoms: Latin/digit words and single CJK characters.

    NFKC then casefold; apostrophes inside words are dropped ("app's" -> "app"), a dot between
    digits is kept ("8.8.8.8"), hyphens and slashes separate words, clause punctuation (Latin
    or CJK) starts a new clause; "、" (the CJK list comma) joins list items like "and".
    """
    found = [[a for a in clause if not a.startswith("\x00")] for clause in _marked_atoms(text)]
    return [clause for clause in found if clause]


# A web address's top-level domain ("netflix.com", "account.live.com/..."), when a word ends there.
_TOP_LEVEL = re.compile(r"(?:co\.uk|com|net|org|edu|gov|io|co|tv)(?![\w.])")


_CHAT_PUNCTUATION = frozenset(",，。;；!?！？>→\n:：-—")
# What stays with the words before a space: a place's postposition ("设置 里"), "的".
_SPACED_ON = frozenset("里中上内")


def _spaced_break(folded: str, index: int) -> bool:
    """Whether the space at ``index`` of a chat line falls between two Chinese words ("关掉wifi
    重启手机" splits by its verbs anyway; "打个电话给银行 让他们…", "是不是插座的问题 换个插座")."""
    before = folded[index - 1] if index else ""
    after = folded[index + 1 :].lstrip()[:1]
    if not (before and after and is_cjk(before) and is_cjk(after)):
        return False
    return before != "的" and after not in _SPACED_ON


_ZH_SPACED = re.compile(r"(?<=[\u4e00-\u9fff])[ \t]+(?=[\u4e00-\u9fff])")
_ZH_PATH_HEADS = ("设置 ", "我的 ", "设定 ", "打开设置 ", "进设置 ", "手机设置 ")


# Round 10 (spoken call transcripts): hesitations and an agent's spoken lead-ins carry no step
# ("Okay so, um, can you switch off Bluetooth on the laptop for me real quick", "hold it for,
# uh, ten seconds", "what I need you to do is press ..."): dropped before the words are read.
_SPOKEN_HINT = re.compile(
    r"\b(?:um+|uh+|uhm|erm|okay so|ok so|alright so|right, so|basically|like,|you know,|"
    r"i need you to|i want you to|let[’']?s|real quick|for me)\b",
)
_SPOKEN_FILLER_PHRASES = re.compile(
    r"\s*,?\s*\b(?:um+|uh+|uhm|erm)\b\s*,?"  # hesitations, with the commas around them
    r"|\s*,\s*(?:like|you know|i mean)\s*,"  # "for, like, fifteen seconds"
    r"|\b(?:so\s+)?basically\b\s*,?"
    r"|\b(?:so\s+)?what\s+i\s+(?:need|want)\s+you\s+to\s+do\s+is\b"
    r"|\b(?:i\s+(?:need|want)\s+you\s+to|(?:can|could|would)\s+you(?:\s+please)?)\s+"
    r"(?=[a-z])(?!help\b)"
    r"|\blet[’']?s\b|\breal quick\b|\bfor me\b(?=\s*(?:real quick\b|[,.;!?]|$))"
)
_SPOKEN_LEAD = re.compile(r"^\s*(?:(?:okay|ok|alright|right|well|so|now)\s*(?:,\s*|\s+(?=so\b)))+")
_SPOKEN_LEAD_SO = re.compile(r"^\s*(?:okay|ok|alright)?\s*,?\s*so\b\s*,?\s*")


def _unspoken(folded: str) -> str:
    """``folded`` without a spoken transcript's hesitations and lead-ins (see _SPOKEN_HINT)."""
    if _SPOKEN_HINT.search(folded) is None:
        return folded
    text = _SPOKEN_FILLER_PHRASES.sub(" ", folded)
    text = _SPOKEN_LEAD.sub("", text)
    text = _SPOKEN_LEAD_SO.sub("", text)
    return re.sub(r"\s{2,}", " ", text).strip()


# Round 11 (knowledge-base articles and scripted replies): the article's frame is no step --
# its heading ("Please proceed as follows:", "Firmware update procedure:"), its step numbers
# ("1. Open Settings 2. Tap ..."), a note or warning ("Note: saved passwords will be removed"),
# the check of the result ("Verify that the checkmark appears", "... and confirm whether the
# bolt appears", "... to confirm the result") and a dialog confirmed ("select Reset and
# confirm"). Dropped before the words are read.
_SCRIPTED_HINT = re.compile(
    r"\b(?:verify|confirm|notes?|nb|n\.b|warning|caution|important|tip|heads up|fyi|reminder"
    r"|proceed|procedure|sequence|before)\b"
    r"|(?:^|[.:;!?]\s+)\d{1,2}[.)]\s"
)
_SENTENCE_START = r"(?:^\s*|(?<=[.:;!?]\s)\s*)"  # not "8.8.8.8. update": an address's end
_SCRIPTED_PARTS = re.compile(
    # a heading ending in a colon, at the start of the text
    r"^\s*(?:please\s+)?(?:proceed|do\s+this|follow\s+these\s+steps|do\s+the\s+following)"
    r"(?:\s+as\s+follows)?\s*:"
    r"|^\s*(?:[a-z-]+\s+){0,3}(?:procedure|sequence|steps|instructions)\s*:"
    # a step's number at the start of a sentence
    rf"|{_SENTENCE_START}(?:step\s+)?\d{{1,2}}[.)]\s+(?=[a-z])"
    # a note or a warning, to the end of its sentence
    r"|\b(?:(?:please\s+)?notes?|nb|n\.b\.|warning|caution|important|tip|heads\s+up|fyi|reminder)"
    r"\s*:[^.!?;]*(?:[.!?;]|$)"
    # the check of the result: a sentence of its own after a step, or the clause that ends one
    r"|(?<=[.;!?])\s*(?:then\s+)?(?:verify|confirm)\s+(?:that|whether|if)\b[^.!?;]*"
    r"(?:[.!?;]|$)"
    r"|,?\s*(?:and|then|and\s+then)\s+(?:verify|confirm)\s+(?:that|whether|if)\b[^.!?;]*"
    r"|\s+to\s+(?:verify|confirm)\s+(?:the\s+result|it\s+worked|that\b[^.!?;,]*)"
    # a dialog confirmed
    r"|\s+and\s+confirm(?=\s*(?:[.,;!?]|$))"
    # a retest after the steps ("before testing the connection again", mixed round 11)
    r"|\s+before\s+(?:testing|retesting|trying|checking|reconnecting)\b[^.;!?,]*"
)


def _unscripted(folded: str) -> str:
    """``folded`` without a knowledge-base article's frame (see _SCRIPTED_HINT)."""
    if _SCRIPTED_HINT.search(folded) is None:
        return folded
    return re.sub(r"\s{2,}", " ", _SCRIPTED_PARTS.sub(" ", folded)).strip()


# Round 11 (Singapore / Malaysian English): "off the router then on back", "on the bluetooth",
# "pair back lah": a bare "off" / "on" before what it switches is the verb ("turn off the
# router"), "on back" is "turn it back on", a device paired or connected "back" is paired or
# connected again, and the sentence particles (lah, leh, lor, meh) carry no step.
_SINGLISH_HINT = re.compile(r"\b(?:lah|leh|lor|meh|on back|(?:off|on) (?:the|your|ur|it)|back)\b")
_SWITCHED_ON_WORDS = (
    r"bluetooth|wifi|wi-fi|router|modem|phone|handphone|printer|computer|laptop|pc|tv|hotspot"
    r"|mobile data|data|airplane mode|aeroplane mode|flight mode|location|gps|nfc|device"
)
_SINGLISH_PARTS = (
    (re.compile(r"\s*,?\s*\b(?:lah|leh|lor|meh)\b"), ""),
    (re.compile(r"\b(?:then\s+|and\s+|,\s*)?on\s+back\b(?!\s+of\b)"), " then turn it back on"),
    (
        re.compile(
            r"(^|[,.;:!?]\s*|\b(?:then|try|can try|just|first|pls|please)\s+)off\s+"
            rf"(?=(?:(?:the|your|ur|my|both)\s+)?(?:[a-z]+\s+)?(?:{_SWITCHED_ON_WORDS})\b|it\b)"
        ),
        r"\1turn off ",
    ),
    (
        re.compile(
            r"(^|[,.;:!?]\s*|\b(?:then|and|try|can try|just|first|pls|please)\s+)on\s+"
            rf"(?=(?:the\s+|your\s+|ur\s+|my\s+)?(?:{_SWITCHED_ON_WORDS})\s*(?:$|[.;!?]"
            r"|(?:then|and|first|again|back|for|or|lah)\b))"
        ),
        r"\1turn on ",
    ),
    (
        re.compile(
            r"\b(pair|connect|reconnect|join)\s+(?:(it|them)\s+)?back\b"
            r"(?=\s*(?:$|[,.;:!?]|lah\b|again\b|then\b|and\b))"
        ),
        r"\1 \2 again",
    ),
)


# "turn smart connect off on the Asus", "switch it on on the laptop": the second "on" says
# where, it does not switch the thing back on (round 11).
_OFF_ON_PLACE = re.compile(r"\b(off|on)\s+on\s+(?=(?:the|your|ur|my)\s)")


def _unsinglished(folded: str) -> str:
    """``folded`` with Singapore / Malaysian English switches read plainly (see above)."""
    if " on " in folded:
        folded = _OFF_ON_PLACE.sub(r"\1 in ", folded)
    if _SINGLISH_HINT.search(folded) is None:
        return folded
    for pattern, replacement in _SINGLISH_PARTS:
        folded = pattern.sub(replacement, folded)
    return re.sub(r"\s{2,}", " ", folded).strip()


# Round 11 (zh): Hong Kong written Cantonese ("熄咗部機再開", "撳住開機掣", "放返入個盒度") is
# read as the Mandarin the Chinese tables know, word for word, when a Cantonese word marks it.
_CANTONESE_MARK = re.compile(CANTONESE_MARK_ZH)
_CANTONESE_WORDS = tuple((re.compile(pattern), mandarin) for pattern, mandarin in CANTONESE_ZH)


def _mandarin_of_cantonese(folded: str) -> str:
    """``folded`` (already Simplified) with its Cantonese as Mandarin, in two stages: the word
    table (CANTONESE_ZH, when a Cantonese word marks the text: CANTONESE_MARK_ZH), then the
    constructions around English verbs, places and drives and the words the table leaves
    (_cantonese_read11)."""
    hinted = _CANTONESE_MARK.search(folded) is not None  # before the table reads it away
    if hinted:
        for pattern, mandarin in _CANTONESE_WORDS:
            folded = pattern.sub(mandarin, folded)
    return _cantonese_read11(folded, hinted=hinted)


# Round 11 (zh): a knowledge-base article or scripted reply ("您好，操作步骤如下：1. …；2. …。
# 温馨提示：…") frames its steps in words that are no steps: the lead-in, the step numbers, a
# note (温馨提示 / 注意 / 提示：… to its sentence's end), a check of the outcome after the steps
# ("确认后查看是否能自动连上", "然后看一下充电指示灯有没有亮") and the wait for the device
# to finish on its own ("待屏幕熄灭后松开", "等待手机自动完成开机").
_ARTICLE_LEAD_ZH = re.compile(
    r"(?:具体|详细)?(?:的)?(?:操作|设置|处理)?(?:方法|步骤|流程)(?:如下|是)[:：]?"
    r"|(?:请)?(?:您)?按(?:照)?(?:以下|下面的?|如下)(?:步骤|方法)(?:操作|进行|处理)?[:：]?"
)
_ARTICLE_NUMBER_ZH = re.compile(
    r"(?:^|(?<=[:：;；。，,\s]))\s*(?:第?[0-9]{1,2}|[一二三四五六七八九])(?:[.、．)）]|步[:：，,]?)(?![0-9])"
)
_ARTICLE_NOTE_ZH = re.compile(
    r"(?:温馨提示|温馨提醒|小提示|小贴士|提示|注意事项|注意|备注|说明|注)[:：][^。！!？?\n]*[。！!？?]?"
)
_ARTICLE_CHECK_ZH = re.compile(
    r"(?<=[，,。；;])\s*(?:(?:确认|完成|操作完成|设置完成|重启|开机)后|然后|之后|最后)(?:再)?"
    r"(?:[^，,。；;！!？?]*?(?:查看|观察|看一下|看看|看下))?[^，,。；;！!？?]*?"
    r"(?:是否|有没有|能否|能不能|有无)[^，,。；;！!？?]*?"
    r"(?:亮|正常|恢复|解决|依旧|依然|成功|连上|好了|变化|显示|出现|收到)[^，,。；;！!？?]*"
)
_ARTICLE_WAIT_ZH = re.compile(
    r"(?:^|(?<=[:：;；。，,]))\s*(?:待|等到?|等待)[^，,。；;！!？?]*?后(?:松开|松手|放开)(?:按键|手指)?"
    r"|(?:^|(?<=[:：;；。，,]))\s*等待?[^，,。；;！!？?]{0,8}自动(?:完成)?[^，,。；;！!？?]*"
)
# what the prompts ask along the way (按提示放入A4纸), a wait for a step to finish (等待对齐完成),
# the success message awaited (提示成功后), whether a thing ended up where it was put
# (看看…是不是在里面) (mixed round 11)
_ARTICLE_PROMPTS_ZH = re.compile(
    r"(?:^|(?<=[，,。；;]))\s*(?:按|按照|根据)(?:屏幕)?提示[^，,。；;]*"
    r"|(?:^|(?<=[，,。；;]))\s*等待?[^，,。；;后]{0,8}完成(?=[，,。；;]|$)"
    r"|(?:提示|显示)(?:成功|完成)(?:以)?后"
    r"|(?:^|(?<=[，,。；;]))\s*看(?:看|一下|下)[^，,。；;]*(?:是不是|是否|在不在|有没有)"
    r"[^，,。；;]*(?:进去|在里面|在那里|在这里)了?\s*(?=[，,。；;]|$)"
)
_ARTICLE_MARK_ZH = re.compile(
    r"如下|以下|[:：；;。，,]\s*[0-9]{1,2}[.、．)）]|提示|注意|确认|是否|有没有|待|等待|完成|看看|看一下"
    r"|看下"
)


# Round 11 (zh): where a thing is plugged in, said before it ("将插在蓝牙接收器旁边那个集线器
# 拔走"), only says which thing it is: no plug-in step of its own.
_PLUGGED_WHERE_ZH = re.compile(
    r"([将把])插在[^，,。；;！!？?]{1,16}?(?:的|那个|那根|那条|那只)(?=.)"
)


def _article_steps_zh(folded: str) -> str:
    """``folded`` without the words a knowledge-base article frames its steps in (see above)."""
    if _ARTICLE_MARK_ZH.search(folded) is None or not any(map(is_cjk, folded)):
        return folded
    text = _ARTICLE_LEAD_ZH.sub("", folded)
    text = _ARTICLE_NOTE_ZH.sub("", text)
    text = _ARTICLE_NUMBER_ZH.sub("", text)
    text = _ARTICLE_WAIT_ZH.sub("", text)
    if "完成登录" in text and text.count("登录") > 1:
        # "在登录 Apple ID 时，输入…验证码完成登录": the sign-in finished is the one begun
        text = text.replace("完成登录", "")
    return _ARTICLE_PROMPTS_ZH.sub("", _ARTICLE_CHECK_ZH.sub("", text))


# -- Hong Kong written Cantonese (mixed round 11) -------------------------------------------
# Cantonese words read as their Mandarin ones before anything else is read ("開咗飛航模式，之後
# 閂返佢" is "开了飞航模式，之后关它"; "喺 Google Wallet 度 remove 咗張卡，再 add 返" is "在 Google
# Wallet 里 remove 了张卡，再 add"): particles (咗 了, 嘅 的, 佢 它, 喺 在), verbs (閂 关, 撳 按,
# 揀 选, 睇 看, 搵 找), things (插蘇 插座, 掣 按钮, 窿 孔, 屋企 家里); a verb's 返 / 晒 / 埋 (again,
# all, too) and the 過 of a Latin verb redone ("再 pair 過") say nothing more than the verb. The
# text is Simplified already (ZH_TRADITIONAL), so the keys are.
# What the word table (CANTONESE_ZH) leaves: words it does not know, and the particles.
_CANTONESE_WORDS11 = {
    "唔该": "请",
    "咪再": "不要再",
    "就系": "就是",
    "都系": "都是",
    "呢个": "这个",
    "呢部": "这台",
    "点样": "怎样",
    "屋企": "家里",
    "插苏": "插座",
    "等阵": "等一会",
    "一阵": "一会",
    "禁住": "按住",
    "㩒住": "按住",
    "噉样": "这样",
}
_CANTONESE_CHARS11 = {
    "搵": "找",
    "噉": "这样",
    "㩒": "点",  # pressed, tapped (㩒住 is held)
    "窿": "孔",
    "仲": "还",
    "喇": "",
    "啰": "",
    "㗎": "",
    "嘞": "",
    "喎": "",
    "吖": "",
}
_CANTONESE11 = {**_CANTONESE_CHARS11, **_CANTONESE_WORDS11}
_CANTONESE_SPOTS11 = re.compile(
    "|".join(sorted(map(re.escape, _CANTONESE11), key=len, reverse=True))
)
# a verb's 返 / 晒 / 埋 (back, all, too): "開返", "加返", "add 返", "裝晒", "刪埋";
# 返去 / 返嚟 go back
_CANTONESE_AFTER_VERB = re.compile(
    r"(?<=[\u4e00-\u9fffa-zA-Z0-9] )[返晒埋](?![回工家])"
    r"|(?<=[\u4e00-\u9fff])[返晒埋](?![回工家去来嚟])"
)
# the 度 left after a thing ("插蘇度叉電", "router 度 reset"): at it, unless a measure
_CANTONESE_PLACE = re.compile(
    r"(?<![温亮速角强进长高宽难程精限额幅湿密热一两几这那呢嗰每])度(?!数)"
)
# a code typed again ("重新打過個密碼", "打返個 PIN"): entered again
_CANTONESE_RETYPED = re.compile(
    r"(?:重新|再)?打[过返](?=\s?(?:个|次|密码|验证码|pin|password|code|passcode))"
)
# a Latin verb redone ("再 pair 過", "再 add 過"), at the end of its clause
_CANTONESE_REDONE = re.compile(r"(?<=[a-zA-Z] )过(?=\s*(?:$|[，,。;；!?！？]))")
# a drive letter's 碟 ("C 碟"); the machine classifier 部 ("咗部 Canon")
_CANTONESE_DRIVE = re.compile(r"(?<![a-zA-Z])([a-zA-Z])\s?碟")
_CANTONESE_MACHINE = re.compile(r"(?:^|(?<=[咗了那这把将个住下\s，,。]))部(?![分门件位份])")
# 入 (go into) at the head of a clause or after 去 / 再 / 先 / 就, never 输入, 放入, 加入, 登入
_CANTONESE_ENTER = re.compile(r"(?:^|(?<=[\s，,。>:：去再先就]))入(?![口面门户耳网])")


def _cantonese_read11(folded: str, *, hinted: bool) -> str:
    """``folded`` (Simplified) with its Hong Kong Cantonese words read as Mandarin (see above)."""
    if "碟" in folded:
        folded = _CANTONESE_DRIVE.sub(r"\1盘", folded)  # "C 碟", also in Taiwan's 磁碟 texts
    if "入" in folded:
        # "入 router 個 admin page", "Outlook 入面": into, inside (never 输入, 放入, 加入)
        folded = _CANTONESE_ENTER.sub("进", folded.replace("入面", "里面"))
    if not hinted:
        return folded
    text = _CANTONESE_PLACE.sub("", folded)  # "插蘇度叉電", "喺 Settings 度": at it
    text = _CANTONESE_RETYPED.sub("重新输入", text)
    text = _CANTONESE_AFTER_VERB.sub("", text)  # "add 返": the table reads 返 elsewhere
    text = _CANTONESE_REDONE.sub("", text)
    text = _CANTONESE_MACHINE.sub("台", text)
    return _CANTONESE_SPOTS11.sub(lambda found: _CANTONESE11[found.group()], text)


# -- phone typing (mixed round 11) ---------------------------------------------------------
# A pinyin keyboard's homophone slips, read as the word meant ("把电脑的兰牙关掉", "从新登陆",
# "恢复出场设置"): each slip is no other word of a support text, so no known word turns into
# another one; whole words only, never a single character.
_IME_SLIPS11 = {
    "兰牙": "蓝牙",
    "蓝呀": "蓝牙",
    "篮牙": "蓝牙",
    "重起": "重启",
    "从启": "重启",
    "从起": "重启",
    "从新": "重新",
    "登陆": "登录",
    "路游器": "路由器",
    "路有器": "路由器",
    "陆由器": "路由器",
    "缓村": "缓存",
    "清楚缓存": "清除缓存",
    "清楚数据": "清除数据",
    "飞型模式": "飞行模式",
    "飞形模式": "飞行模式",
    "非行模式": "飞行模式",
    "冲电": "充电",
    "驱东": "驱动",
    "设制": "设置",
    "密马": "密码",
    "网落": "网络",
    "更薪": "更新",
    "验正码": "验证码",
    "重至": "重置",
    "重制": "重置",
    "恢腹": "恢复",
    "出场设置": "出厂设置",
    "出场设定": "出厂设定",
    "出场状态": "出厂状态",
    "卸在": "卸载",
}
_IME_SLIP_SPOTS11 = re.compile("|".join(sorted(_IME_SLIPS11, key=len, reverse=True)))


# -- switches named by a verb (mixed round 11) ----------------------------------------------
# A quoted setting whose name starts with a verb ("untick 'Enable bidirectional support'",
# "把“启用双向支持”关掉", "turn on 'Disable absolute volume'", "把“停用绝对音量”打开"): the verb is
# part of the name, not a step. A name that enables is the thing itself; a name that disables
# is its opposite, so the verb that switches it turns the thing the other way (turning on
# "Disable absolute volume" turns absolute volume off).
_VERB_NAMED_SWITCH11 = re.compile(
    r"([“\"'‘「『])\s*(enable|disable|turn on|turn off|allow|启用|停用|禁用|开启|关闭|允许)\s*"
    r"([^”\"'’」』]{1,40}?)\s*([”\"'’」』])",
    re.IGNORECASE,
)
_SWITCH_FLIPS11 = {
    "turn on": "turn off",
    "turn off": "turn on",
    "switch on": "switch off",
    "switch off": "switch on",
    "toggle on": "toggle off",
    "toggle off": "toggle on",
    "untick": "tick",
    "uncheck": "check",
    "tick": "untick",
    "check": "uncheck",
    "enable": "disable",
    "disable": "enable",
    "取消勾选": "勾选",
    "勾选": "取消勾选",
    "勾上": "取消勾选",
    "打开": "关掉",
    "开启": "关闭",
    "启用": "停用",
    "关掉": "打开",
    "关闭": "开启",
    "关上": "打开",
    "关了": "打开",
    "停用": "启用",
}
_SWITCH_VERBS11 = re.compile(
    r"\b(?:"
    + "|".join(sorted((v for v in _SWITCH_FLIPS11 if v.isascii()), key=len, reverse=True))
    + r")\b|"
    + "|".join(sorted((v for v in _SWITCH_FLIPS11 if not v.isascii()), key=len, reverse=True))
)
_SWITCH_CLAUSE_BREAKS11 = re.compile(r"[,，;；。.!?！？:：]|\band\b|\bthen\b|然后|再")
_SWITCH_STEP_BREAKS11 = re.compile(r"[;；。.!?！？]|\band\b|\bthen\b|然后|再")
_SWITCH_ON_NAMES11 = frozenset({"enable", "turn on", "allow", "启用", "开启", "允许"})


def _verb_named_switch11(folded: str) -> str:
    """``folded`` with a quoted switch's leading verb read as part of its name (see above)."""
    found = _VERB_NAMED_SWITCH11.search(folded)
    if found is None:
        return folded
    verb = found.group(2)
    whole = atoms(verb + (" " if verb.isascii() else "") + found.group(3))
    if len(whole) == 1 and tuple(whole[0]) in _TABLE:
        return folded  # a name the lexicon knows whole ('Allow the computer to turn off ...')
    name = found.group(1) + found.group(3) + found.group(4)
    before, after = folded[: found.start()], folded[found.end() :]
    if found.group(2) in _SWITCH_ON_NAMES11:
        return before + name + after
    # the verb that switches it, in its own clause: right before the name, else right after
    start = max((m.end() for m in _SWITCH_CLAUSE_BREAKS11.finditer(before)), default=0)
    verbs = list(_SWITCH_VERBS11.finditer(before, start))
    if len(verbs) == 1:
        verb = verbs[0]
        flipped = before[: verb.start()] + _SWITCH_FLIPS11[verb.group()] + before[verb.end() :]
        return flipped + name + after
    ahead = _SWITCH_STEP_BREAKS11.search(after)
    end = ahead.start() if ahead is not None else len(after)
    verbs = list(_SWITCH_VERBS11.finditer(after, 0, end))
    if len(verbs) == 1:
        verb = verbs[0]
        return (
            before
            + name
            + after[: verb.start()]
            + _SWITCH_FLIPS11[verb.group()]
            + after[verb.end() :]
        )
    return folded


def _marked_atoms(text: str, *, reading: bool = False) -> list[list[str]]:
    """:func:`atoms`, with marker atoms for colons, sentence ends, parentheses and menu paths;
    ``reading`` a text (not a lexicon key): misspellings, pinyin-keyboard slips, switches named
    with a verb and an article's frame are read (its Cantonese was read as Mandarin by
    ActionIndex.analyze)."""
    if " n " in text:
        text = text.replace(" n ", " and ")  # "tap it again n re-enter the pw" (not "N")
    folded = unicodedata.normalize("NFKC", text).casefold()
    if not folded.isascii():
        folded = folded.translate(ZH_TRADITIONAL)  # Traditional characters read as Simplified
        if reading and _IME_SLIP_SPOTS11.search(folded) is not None:
            folded = _IME_SLIP_SPOTS11.sub(lambda found: _IME_SLIPS11[found.group()], folded)
    if reading and _VERB_NAMED_SWITCH11.search(folded) is not None:
        folded = _verb_named_switch11(folded)
    if folded.isascii() or "’" in folded:
        folded = _unsinglished(_unscripted(_unspoken(folded)))
    if reading and not folded.isascii():
        folded = _PLUGGED_WHERE_ZH.sub(r"\1", _article_steps_zh(folded))
    if folded.startswith(_ZH_PATH_HEADS) and ">" not in folded and "→" not in folded:
        # "设置 应用 找到蓝牙 存储 清除缓存", "我的 设置 支付设置 …": a path written with spaces
        # for its ">" (the last item, a step, is still read as one)
        folded = _ZH_SPACED.sub(" > ", folded)
    if "." in folded:
        # "go to account.live.com/password/reset", "tplinkwifi.net > Advanced": a web address
        # is a place (a mail server's name is a value, it stays)
        folded = _WEB_ADDRESS.sub(_web_address, folded)
    if "w/" in folded:
        folded = _WITH_SLASH.sub(lambda m: "without" if m.group(1) else "with ", folded)
    clauses: list[list[str]] = [[]]
    word: list[str] = []

    def flush() -> None:
        if word:
            atom = "".join(word)
            if atom not in _SPOKEN_FILLERS:
                known = _SHORTHAND.get(atom)
                if known is None and reading:
                    known = _respelled(atom)  # never a lexicon key: the table is built from them
                clauses[-1].extend((known or atom).split(" "))
            word.clear()

    length = len(folded)
    # A chat line without punctuation separates its clauses by spaces between Chinese words.
    chat = " " in folded and not any(c in _CHAT_PUNCTUATION for c in folded)
    skip = False
    quoted = False  # inside quotes a "?" or "." is part of a name ("'Forgot password?'")
    in_path = False  # inside a bracketed folder path, skipped up to its closing bracket
    path_depth = 0
    in_address = False  # inside an email address, skipped
    skip_to = 0
    for index, char in enumerate(folded):
        if skip:
            skip = False
            continue
        if in_path and (char not in _CLOSE_BRACKETS or path_depth):
            path_depth += (char in _OPEN_BRACKETS) - (char in _CLOSE_BRACKETS)
            continue  # "(C:\\Program Files (x86)\\Office)": its own brackets are in it
        in_path = False
        before = folded[index - 1] if index else ""
        after = folded[index + 1] if index + 1 < length else ""
        if index < skip_to:
            continue
        if char == "." and word and after.isalpha():
            domain = _TOP_LEVEL.match(folded, index + 1)
            if domain is not None:
                skip_to = domain.end()  # "netflix.com": the site's name is its word
                continue
        if in_address and (char.isalnum() or (char in "._-+" and after[:1].isalnum())):
            continue
        in_address = False
        if char == "@" and word and after.isalnum():
            word.clear()  # "noreply@school.edu": an address names who, never what is done
            in_address = True
            continue
        if char in _APOSTROPHES and word and after == "s":
            beyond = folded[index + 2] if index + 2 < length else ""
            if not beyond.isalnum():
                skip = True  # possessive "'s": "the phone's settings" -> "phone settings"
                continue
        if is_cjk(char):
            flush()
            clauses[-1].append(char)
        elif char == "、":
            flush()
            clauses[-1].append("和")
        elif char == ":" and after == "\\" and len(word) == 1 and clauses[-1] == [OPEN_MARK]:
            # "(C:\\Program Files\\Microsoft Office)": a bracketed folder path only says where
            word.clear()
            in_path = True
        elif char == ":":
            flush()
            clauses.append([COLON_MARK])
        elif (
            char in (">", "→")
            or (char == "—" and "—" not in (before, after))
            or (char == "-" and "-" not in (before, after) and any(map(is_cjk, before + after)))
        ):
            flush()
            clauses.append([MENU_MARK])  # "Settings > Apps > Storage": a path, not a step
        elif char in _OPEN_BRACKETS:
            flush()
            clauses.append([OPEN_MARK])
        elif char in _CLOSE_BRACKETS:
            flush()
            clauses.append([CLOSE_MARK])
        elif char in _QUOTES and not (word and after.isalnum()):
            flush()  # quotes mark a name ("Forgot password"), they do not end a clause
            quoted = not quoted
        elif char in _SENTENCE_BREAKS and quoted:
            flush()
        elif char in _SENTENCE_BREAKS:
            flush()
            clauses.append([SENTENCE_MARK])
        elif char in _CLAUSE_BREAKS or (not quoted and _spaced_dash_en12(folded, index)):
            flush()
            clauses.append([])
        elif char in _APOSTROPHES and word and after.isalnum():
            continue
        elif char == "." and before.isdigit() and after.isdigit():
            word.append(char)
        elif char == "." and word and after in ("", " "):
            flush()
            clauses.append([SENTENCE_MARK])  # a full stop ends a sentence ("to 8.8.8.8. Then")
        elif char == "&" and (label_end := _menu_label_en12(folded, index, clauses, flush)):
            skip_to = label_end  # "Battery Health & Charging": one item, named by its first
            # words (no second step, no "charging" done)
        elif char == "&" or (char == "+" and _plus_joins_steps(folded, index)):
            flush()
            clauses[-1].append("and")  # "press & hold" is "press and hold"
        elif unicodedata.category(char)[0] in "LNM":
            word.append(char)
        elif char.isspace() and chat and _spaced_break(folded, index):
            flush()
            clauses.append([])  # "打个电话给银行 让他们把这笔交易放行": a chat's space is a comma
        elif char in _SEPARATORS or char.isspace() or char in "-.'":
            flush()
        else:
            flush()
    flush()
    return [clause for clause in clauses if clause]


_LABEL_WORD = re.compile(r"\s*[a-z0-9][a-z0-9-]*")


def _menu_label_en12(
    folded: str, index: int, clauses: list[list[str]], flush: Callable[[], None]
) -> int:
    """Where the name of a menu item ends when the "&" at ``index`` is inside it, else 0
    (round 12). An item after a ">" or one a ">" follows ("Settings > Battery > Battery Health
    & Charging", "Bluetooth & devices > ..."): the word after the "&" is part of one name,
    never a second step, and is left out, unless the lexicon knows the whole name ("Printers
    & scanners", "Apps & features": "and" is written for it)."""
    if not folded.isascii():
        return 0
    word = _LABEL_WORD.match(folded, index + 1)
    if word is None:
        return 0
    flush()
    clause = clauses[-1]
    ahead = folded.find(">", index)
    item = clause[:1] == [MENU_MARK] or (
        ahead >= 0 and not any(c in folded[index:ahead] for c in ",.;:!?\n")
    )
    if not item:
        return 0
    said = clause[-2:]
    if any(tuple([*said[k:], "and", word.group().strip()]) in _TABLE for k in (0, 1)):
        clause.append("and")
        return index + 1
    return word.end()


# Key names a "+" joins into one shortcut ("Ctrl + Shift + Esc", "Win + L").
_KEY_WORDS = frozenset(
    {
        "ctrl",
        "control",
        "shift",
        "alt",
        "option",
        "opt",
        "cmd",
        "command",
        "win",
        "windows",
        "fn",
        "esc",
        "escape",
        "del",
        "delete",
        "enter",
        "return",
        "tab",
        "space",
        "spacebar",
        "home",
        "end",
        "up",
        "down",
        "left",
        "right",
    }
)


def _spaced_dash_en12(folded: str, index: int) -> bool:
    """ "Re-added the card - Apple Pay still declined": a hyphen spaced between English words is
    a dash; what follows it (an outcome, a reason) is a clause of its own (round 12)."""
    if folded[index] != "-" or folded[index - 1 : index] != " ":
        return False
    if folded[index + 1 : index + 2] != " ":
        return False
    around = folded[max(0, index - 2) : index + 3]
    return not any(map(is_cjk, around))


def _plus_joins_steps(folded: str, index: int) -> bool:
    """ "allow background data for whatsapp + set its battery to unrestricted": a spaced "+"
    between words is "and" in chat shorthand, unless it joins keys into a shortcut (or a
    number, a '+' button)."""
    if folded[index - 1 : index] != " " or folded[index + 1 : index + 2] != " ":
        return False
    left = folded[:index].split()
    right = folded[index + 1 :].split()
    if not left or not right:
        return False
    words = (left[-1].casefold().strip(".,'\"()"), right[0].casefold().strip(".,'\"()"))
    if not all(w.isalpha() and len(w) > 1 for w in words):
        return False
    return not (set(words) & _KEY_WORDS or any(len(w) == 1 for w in words))


_MARK_KINDS = {
    COLON_MARK: "colon",
    SENTENCE_MARK: "end",
    OPEN_MARK: "open",
    CLOSE_MARK: "close",
    MENU_MARK: "menu",
}


def _key_atoms(phrase: str) -> tuple[str, ...]:
    return tuple(atom for clause in atoms(phrase) for atom in clause)


# -- round 11: a word typed fast on a phone, read as the lexicon's word it misspells ----------
# ("setings", "blutooth", "seperate", "normaly", "pasword", "insted", "agian", "rooter"). Bounded
# so that no known word turns into another: only a word the lexicon does not know, of five
# letters or more, one typing slip away from exactly one word it knows -- a doubled letter typed
# once or a vowel left out beside another (never the first letter), two letters swapped (never
# the first), a vowel for another past the word's first vowel, a letter typed twice; and two
# known words typed as one ("powerstrip") where the lexicon knows them together.
_VOWELS = "aeiou"
_RESPELL_MIN = 5  # letters of the typed word
_RESPELL_DROPPED_MIN = 6  # letters of the known word, for a letter left out or a vowel


@lru_cache(maxsize=1)
def _known_words() -> frozenset[str]:
    return frozenset(a for key in _TABLE for a in key if a.isascii() and a.isalpha())


def _slips(word: str) -> set[str]:
    """The known words ``word`` is one typing slip away from (see above)."""
    known = _known_words()
    found: set[str] = set()
    size = len(word)
    for i in range(1, size - 1):
        swapped = word[:i] + word[i + 1] + word[i] + word[i + 2 :]
        if swapped != word and swapped in known:
            found.add(swapped)  # "agian", "recieve"
    for i in range(size - 1):
        if word[i] == word[i + 1] and (undoubled := word[:i] + word[i + 1 :]) in known:
            found.add(undoubled)  # "untill", "settting"
    if size + 1 >= _RESPELL_DROPPED_MIN:
        for i in range(1, size):
            # a doubled letter typed once ("setings", "pasword") or a vowel left out beside
            # another ("blutooth", "insted"), never a letter of its own ("stale" / "stable")
            for letter in {word[i - 1], word[i]} | (
                set(_VOWELS) if word[i - 1] in _VOWELS or word[i] in _VOWELS else set()
            ):
                if (added := word[:i] + letter + word[i:]) in known:
                    found.add(added)
    if size >= _RESPELL_DROPPED_MIN:
        for i, char in enumerate(word):
            # a vowel for another past the first one ("seperate", "rooter"; not "funding")
            if char in _VOWELS and any(c in _VOWELS for c in word[:i]):
                for vowel in _VOWELS:
                    if vowel != char and (other := word[:i] + vowel + word[i + 1 :]) in known:
                        found.add(other)
    return found


def _respelled(atom: str) -> str:
    """``atom`` as the known word (or two) it misspells, else itself (see above)."""
    if len(atom) < _RESPELL_MIN or not (atom.isascii() and atom.isalpha()):
        return atom
    return _respelled_word(atom)


@lru_cache(maxsize=8192)
def _respelled_word(atom: str) -> str:
    known = _known_words()
    if atom in known or (atom[-1] == "s" and atom[:-1] in known):
        return atom
    for i in range(3, len(atom) - 2):
        pair = _TABLE.get((atom[:i], atom[i:]))
        if pair is not None and NAME_PREFIX not in pair[1]:
            return f"{atom[:i]} {atom[i:]}"  # "powerstrip" (split again in lex); not a name
    slips = _slips(atom)
    return next(iter(slips)) if len(slips) == 1 else atom


def _build_table() -> tuple[dict[tuple[str, ...], Lexeme], int]:
    table: dict[tuple[str, ...], Lexeme] = {}
    for source in (ZH_LEXICON, EN_LEXICON):
        for phrase, lexeme in source.items():
            key = _key_atoms(phrase)
            if key:
                table[key] = lexeme
    return table, max(len(key) for key in table)


_TABLE, _MAX_KEY = _build_table()


@dataclass(frozen=True)
class Token:
    """A lexeme found in text: ``kind`` and ``value`` as in the lexicon, ``surface`` the atoms."""

    kind: str
    value: str
    surface: str


# Chinese numerals that are not Unicode numerics: "两次", "好几遍", "按住两秒".
_ZH_NUMERALS = frozenset({"两", "几", "俩"})
# "for like 15 seconds", "a good 10 sec", "about 30s": a hedge before a number
_HEDGES = frozenset({"like", "good", "solid", "full"})


def lex(text: str) -> list[list[Token]]:
    """Lexemes of ``text``, one list per punctuation-delimited segment (longest match first).

    Atoms the lexicon does not know become ``unk`` tokens (numbers: ``num``).
    """
    segments: list[list[Token]] = []
    for clause in _marked_atoms(text, reading=True):
        tokens: list[Token] = []
        index = 0
        while clause and clause[0].startswith("\x00"):
            marker = clause.pop(0)
            tokens.append(Token(_MARK_KINDS[marker], "", ""))
        while index < len(clause):
            for size in range(min(_MAX_KEY, len(clause) - index), 0, -1):
                key = tuple(clause[index : index + size])
                lexeme = _TABLE.get(key)
                if lexeme is not None:
                    tokens.append(Token(lexeme[0], lexeme[1], " ".join(key)))
                    index += size
                    break
            else:
                atom = clause[index]
                singular = _TABLE.get((atom[:-1],)) if len(atom) > 3 and atom[-1] == "s" else None
                joined = _split_prefix(clause, index)
                if singular is not None:
                    tokens.append(Token(singular[0], singular[1], atom))  # plain plural
                elif joined is not None:
                    tokens.append(Token(joined[0], joined[1], f"{atom} {clause[index + 1]}"))
                    index += 1  # "un install": the word typed in two
                else:
                    # "三十秒", "半分钟": Chinese numerals are numbers too
                    numeric = any(ch.isnumeric() for ch in atom) or atom in _ZH_NUMERALS
                    kind = "num" if numeric else "unk"
                    tokens.append(Token(kind, atom, atom))
                index += 1
        for position, token in enumerate(tokens[:-1]):
            if token.surface in _HEDGES and tokens[position + 1].kind == "num":
                tokens[position] = Token("stop", "", token.surface)
        tokens = _redo_declined_zh11(_charged_zh11(tokens))
        segments.append(
            _safe_mode_boots(
                _renamed_folders(
                    _card_endings(
                        _app_folders(_verb_before_particle_mixed(_trailing_look_zh(tokens)))
                    )
                )
            )
        )
    segments = _quit_to_sign_in_mx12(
        _asked_to_do_zh(_spoken_path_zh(_tapped_open_zh(_self_corrected_zh(segments))))
    )
    segments = _retest_at_end_zh13(_signed_back_in_zh(segments))
    segments = [
        _inside_app_mixed11(
            _settings_place_mixed11(
                _tool_owner_mixed11(_owner_before_place_zh(_relative_verb_zh11(tokens)))
            )
        )
        for tokens in segments
    ]
    return _next_to_controls([_from_band_to_band(tokens) for tokens in segments])


# A verb typed in two ("un install", "dis connect"): read as the one word when it is one.
_SPLIT_PREFIXES = frozenset({"un", "dis", "de"})


def _split_prefix(clause: list[str], index: int) -> Lexeme | None:
    atom = clause[index]
    if atom not in _SPLIT_PREFIXES or index + 1 >= len(clause):
        return None
    found = _TABLE.get((atom + clause[index + 1],))
    return found if found is not None and found[0] in ("op", "pv") else None


# Chinese verbal particles: what follows a verb, never a noun ("update一下", "reset掉").
_VERB_PARTICLES = frozenset({"一 下", "下", "掉", "了", "一 遍", "一 次"})


def _verb_before_particle_mixed(tokens: list[Token]) -> list[Token]:
    """An English word that is verb or noun, with a Chinese verbal particle after it, is the
    verb ("printer driver update一下", "network settings reset掉"): code-switching puts the
    English verb where the Chinese one would stand, after its topic."""
    for position, token in enumerate(tokens[:-1]):
        after = tokens[position + 1]
        if token.kind != "op/obj" or not token.surface.isascii():
            continue
        if after.kind == "stop" and after.surface in _VERB_PARTICLES:
            tokens[position] = Token("op", token.value.split("/")[0], token.surface)
    return tokens


_BANDS = frozenset({"2.4ghz", "5ghz", "6ghz"})


def _from_band_to_band(tokens: list[Token]) -> list[Token]:
    """ "Switch the laptop from the 2.4 GHz network to the 5 GHz network": the band after
    "from" is the one left; only the one after "to" is joined."""
    start = next((i for i, t in enumerate(tokens) if t.surface == "from"), None)
    if start is None:
        return tokens
    to = next((i for i in range(start + 1, len(tokens)) if tokens[i].kind == "to"), None)
    if to is None:
        return tokens
    left = [i for i in range(start + 1, to) if tokens[i].kind == "q" and tokens[i].value in _BANDS]
    joined = any(t.kind == "q" and t.value in _BANDS for t in tokens[to + 1 :])
    if not left or not joined:
        return tokens
    return [Token("stop", "", t.surface) if start <= i < to else t for i, t in enumerate(tokens)]


# What one taps "next to" something on a screen: the (i) / ⓘ, an icon, a gear, dots, a toggle.
_CONTROLS = frozenset(
    {"i", "icon", "info", "info icon", "gear", "gear icon", "dots", "three dots", "arrow"}
    | {"toggle", "switch", "checkbox", "box", "button", "info button", "cog", "cog icon"}
    # round 12: a settings gear or a menu of dots, however it is named
    | {"settings icon", "settings gear", "gear wheel", "cogwheel", "cog wheel", "wheel"}
    | {"three dot menu", "three dots menu", "dots menu", "menu icon", "ellipsis", "more icon"}
)
_CONTROL_DETERMINERS = re.compile(r"^(?:the|a|your|its|that|this|little|small)\s+")


def _next_to_controls(segments: list[list[Token]]) -> list[list[Token]]:
    """ "tap (i) next to HomeNet", "tap the ⓘ next to your AirPods": a control next to an entry
    on a screen says where to tap, not that anything is moved closer."""
    previous: Token | None = None
    for tokens in segments:
        for index, token in enumerate(tokens):
            if token.kind in _MARKS:
                continue
            closer = (token.kind, token.value, token.surface) == ("q", "closer", "next to")
            said = previous.surface.casefold() if previous is not None else ""
            while _CONTROL_DETERMINERS.match(said):  # "the gear", "the little gear icon"
                said = _CONTROL_DETERMINERS.sub("", said, count=1)
            if closer and said in _CONTROLS:
                tokens[index] = Token("ctx", "where", token.surface)
            previous = token
    return segments


def _card_endings(tokens: list[Token]) -> list[Token]:
    """ "delete the Visa ending 4821": the digits a card ends in say which card; "ending" there
    is no step ended (round 9)."""
    for index, token in enumerate(tokens[1:-1], start=1):
        ends = token.kind == "op" and token.surface in ("ending", "ends")
        if ends and tokens[index + 1].kind == "num" and tokens[index - 1].kind == "obj":
            tokens[index] = Token("stop", "", token.surface)
    return tokens


# "路由器先重启一下看看", "把电脑重启一下看看吧": a look that ends a clause after its step is the
# step tried ("and see"), no check of its own, as is one after an outcome waited for ("再收一条
# 短信看看"); a look followed by what is looked at, or after a thing alone, stays one.
_LOOKS_ZH = frozenset({"看 看", "看 一 下", "瞧 瞧", "看 一 看", "试 试 看", "看 下"})


_ASKERS_ZH = frozenset({"请", "让", "找", "叫"})
_ASKED_ZH = frozenset({"bank", "isp", "support"})


# What a speaker says to take back what they just said: "…退出这个账户——不是，是直接删除账户",
# "钱包——不对，是支付设置", "重启路由器，说错了，是光猫".
_TAKEN_BACK_ZH = ("不是", "不对", "说错了", "我说错了", "讲错了", "搞错了")


def _self_corrected_zh(segments: list[list[Token]]) -> list[list[Token]]:
    """A spoken answer that takes a step back ("退出这个账户——不是，是直接删除账户"): the step
    said before the correction is dropped and the one after it ("是…") is what was meant; what
    led the step taken back ("你在邮箱的设置里面…") still says where the meant one is. Only when
    what follows says a step or a place of its own (an op, a path item)."""
    if len(segments) < 2:
        return segments
    out: list[list[Token]] = []
    lead: list[Token] | None = None
    for number, tokens in enumerate(segments):
        if lead is not None:
            out.append([*lead, *tokens[1:]])  # "是直接删除账户": the 是 of the correction
            lead = None
            continue
        said = "".join(t.surface for t in tokens).replace(" ", "")
        marker = next((m for m in _TAKEN_BACK_ZH if said.endswith(m)), None)
        following = segments[number + 1] if number + 1 < len(segments) else []
        if (
            marker is None
            or not following
            or following[0].surface != "是"
            or not any(t.kind.startswith(("op", "nav")) for t in following[1:])
        ):
            out.append(tokens)
            continue
        kept, length = list(tokens), 0
        while kept and length < len(marker):  # the marker's words end the segment
            length += len(kept.pop().surface.replace(" ", ""))
        if out and not any(t.kind != "stop" for t in kept):
            kept = out.pop()  # "退出登录，不对，是删除账户": the segment before is taken back
        steps = [i for i, t in enumerate(kept) if t.kind.startswith(("op", "nav", "ba"))]
        lead = kept[: steps[0]] if steps else []
    return [tokens for tokens in out if tokens]


# What a spoken menu item may hold: a name, a place, a page to look at, never a step of its own
# (Settings itself, "设置", is the one op that is also an item).
_ITEM_KINDS_ZH = frozenset({"obj", "objq", "unk", "num", "stop", "de", "ctx", "nav", "q", "loc"})
_OPENERS_ZH = frozenset({"打 开", "点 开", "进 入", "进", "点"})


def _spoken_item_zh(tokens: list[Token]) -> list[Token] | None:
    """The tokens of a spoken menu item ("存储", "然后通用", "右上角三条杠", "设置"), or None."""
    while tokens and tokens[0].kind == "split":
        tokens = tokens[1:]  # "然后通用"
    if not tokens:
        return None
    if all(t.kind == "stop" for t in tokens) and tokens[-1].surface not in ("我", "我 的"):
        return None  # the Me tab ("我", "我的") is the one item the lexicon stops
    for token in tokens:
        settings = token.kind == "op/obj" and token.value == "set/settings"
        if not settings and token.kind not in _ITEM_KINDS_ZH:
            return None
    return tokens


def _spoken_path_zh(segments: list[list[Token]]) -> list[list[Token]]:
    """A menu path said aloud, its '>' spoken as commas ("你进设置，然后通用，然后传输或还原",
    "打开Gmail，设置，查看所有设置，转发和POP/IMAP，把IMAP启用"): after a segment that goes
    into something (进, 打开, 点), the items that follow are read as the items of a path, up to
    the segment that says the step."""
    if len(segments) < 3:
        return segments
    out: list[list[Token]] = []
    in_path = False
    for number, tokens in enumerate(segments):
        item = _spoken_item_zh(tokens) if number else None
        if item is not None and (in_path or _opens_zh(segments[number - 1])):
            following = segments[number + 1] if number + 1 < len(segments) else []
            if (
                in_path
                or any(t.kind.startswith("op") or t.kind == "ba" for t in following)
                or (_spoken_item_zh(following) is not None)
            ):
                in_path = True
                out.append([Token("menu", "", ""), *item])
                continue
        if in_path:  # the step the path leads to is its last item
            while tokens and tokens[0].kind == "split":
                tokens = tokens[1:]
            tokens = [Token("menu", "", ""), *tokens]
        in_path = False
        out.append(tokens)
    return out


def _opens_zh(tokens: list[Token]) -> bool:
    """ "你进设置", "你在电脑上打开Gmail", "你在抖音里点我": a segment that goes into a place."""
    for position, token in enumerate(tokens):
        if token.kind == "nav" or (token.kind == "op" and token.surface in _OPENERS_ZH):
            rest = tokens[position + 1 :]
            return (
                token.surface in ("进 设 置",)
                or any(t.kind != "stop" for t in rest)
                or (token.kind == "nav" and any(t.surface == "我" for t in rest))
            )
    return False


def _tapped_open_zh(segments: list[list[Token]]) -> list[list[Token]]:
    """ "点开家里那个网名右边的小感叹号，选忽略此网络": a thing tapped open (点 + 开) before the
    step of a later segment is the way in, not a thing turned on."""
    out: list[list[Token]] = []
    for number, tokens in enumerate(segments):
        following = (
            [t for t in segments[number + 1] if t.kind not in ("split", "stop")]
            if (number + 1 < len(segments))
            else []
        )
        # what follows picks from what was opened (选…, 点…, 把…): "点开飞行模式，过几秒再关掉"
        # turns a switch on
        if following and following[0].kind in ("nav", "ba") and len(tokens) > 2:
            for position, token in enumerate(tokens[:-2]):
                opened = tokens[position + 1]
                if token.surface == "点" and opened.kind == "op" and opened.surface == "开":
                    rest = tokens[position + 2 :]
                    if not any(t.kind.startswith("op") or t.kind == "ba" for t in rest):
                        tokens = [*tokens[:position], Token("nav", "nav", "点 开"), *rest]
                    break
        out.append(tokens)
    return out


_OWNER_KINDS_ZH = frozenset({"obj", "objq", "unk", "stop", "de", "q"})


def _owner_before_place_zh(tokens: list[Token]) -> list[Token]:
    """ "华硕路由器管理界面里把 Smart Connect 关闭", "WLAN 高级设置里把…关掉": a thing named
    right before a place (…管理界面, …设置里) at the head of a clause owns the place, as with
    a leading 在 ("在路由器的管理界面里…"); it is not what the later verb acts on."""
    for position, token in enumerate(tokens):
        if token.kind == "ctx" and token.value == "where":
            head = tokens[:position]
            rest = tokens[position + 1 :]
            if (
                head
                and any(t.kind in ("obj", "objq") for t in head)
                and all(t.kind in _OWNER_KINDS_ZH for t in head)
                and any(t.kind == "ba" for t in rest)
            ):
                return [Token("loc", "", "在"), *tokens]
            return tokens
        if token.kind not in _OWNER_KINDS_ZH:
            return tokens
    return tokens


# What a step is done again with, said without the step (弄, 搞, 做, 试): "it" for the verb.
_PRO_VERBS_ZH = frozenset({"弄", "搞", "做", "试", "弄 一 遍", "搞 一 遍", "做 一 遍"})


def _redo_declined_zh11(tokens: list[Token]) -> list[Token]:
    """ "密码重置过就不用再弄了", "驱动重装过就别再搞了": a step done (…过) and then declined
    with a verb that only points back at it (弄, 搞) is that step declined, not done (round 11)."""
    for position, token in enumerate(tokens[1:-1], 1):
        if token.kind != "neg" or tokens[position + 1].surface not in _PRO_VERBS_ZH:
            continue
        if any(t.kind == "op" for t in tokens[:position]):
            return [token, *tokens[:position], *tokens[position + 2 :]]
    return tokens


_CHARGED_SKIPPED = frozenset({"stop", "num", "de", "unk"})


def _charged_zh11(tokens: list[Token]) -> list[Token]:
    """ "手机充电半小时", "给手机连续充电至少半小时": 充电 after the thing charged (with or without
    给) is the verb, not a noun of it; the charger it is done with ("用三星原装的25W充电头给手机
    充电", "插着充电器充半个小时") is how, no step of its own (round 11)."""
    charged = False
    for position, token in enumerate(tokens[1:], 1):
        if token.value == "charge" and token.kind == "op":
            charged = True
        if token.kind != "op/obj" or token.surface != "充 电":
            continue
        after = tokens[position + 1] if position + 1 < len(tokens) else None
        if after is not None and after.kind not in ("stop", "num", "split"):
            continue
        back = position - 1
        while back > 0 and tokens[back].kind == "stop":
            back -= 1
        if tokens[back].kind in ("obj", "objq"):
            tokens[position] = Token("op", "charge", token.surface)
            charged = True
    if not charged:
        return tokens
    for position, token in enumerate(tokens):
        means = (token.kind == "weak" and token.surface in ("用", "使 用")) or (
            token.kind == "op" and token.value == "plug_in"
        )
        if not means:
            continue
        end = position + 1
        while end < len(tokens) and tokens[end].kind in _CHARGED_SKIPPED:
            end += 1
        if end < len(tokens) and tokens[end].kind == "obj" and tokens[end].value == "charger":
            rest = tokens[end + 1 :]
            if token.kind == "op" or any(t.kind in ("obj", "objq") for t in rest):
                # "用原装充电器充" alone is the charger used, as it was
                return [*tokens[:position], *rest]
        return tokens
    return tokens


def _inside_app_mixed11(tokens: list[Token]) -> list[Token]:
    """ "Outlook 入面 Repair 個 account", "微信里面清一下缓存": an app named at the head of a
    clause with 里面 / 里 after it is where the step is done, as with a leading 在 (round 11)."""
    if (
        len(tokens) > 3
        and tokens[0].kind == "objq"
        and tokens[0].value.startswith("app|")
        and tokens[1].kind == "stop"
        and tokens[1].surface in ("里 面", "里")
        and tokens[2].kind in ("op", "op/obj")
    ):
        return [Token("loc", "", "在"), *tokens]
    return tokens


def _settings_place_mixed11(tokens: list[Token]) -> list[Token]:
    """ "喺 Windows 嘅 Bluetooth 設定 remove 咗部耳機", "在手机的蓝牙设置 删除耳机": the settings
    of a thing named after 在 / 于, with a verb right after them, are where the step is done,
    not a setting changed (round 11)."""
    if len(tokens) < 4 or tokens[0].kind != "loc":
        return tokens
    for position, token in enumerate(tokens[1:-1], 1):
        if token.kind == "op" and token.value == "set" and token.surface in ("设 定", "设 置"):
            if tokens[position + 1].kind in ("op", "op/obj") and position > 1:
                return [
                    *tokens[:position],
                    Token("ctx", "where", token.surface),
                    *tokens[position + 1 :],
                ]
            return tokens
        if token.kind not in _OWNER_KINDS_ZH:
            return tokens
    return tokens


def _relative_verb_zh11(tokens: list[Token]) -> list[Token]:
    """ "将插喺藍牙接收器隔籬嗰個集線器拔走", "把插在电脑后面的那个集线器拔掉": a verb right after
    把 / 将 with a place after it and a 的 closing it describes the thing that follows (the hub
    plugged in next to the receiver); the clause's verb is the later one (round 11)."""
    for position, token in enumerate(tokens[:-4]):
        if token.kind != "ba" or tokens[position + 1].kind != "op":
            continue
        if tokens[position + 2].kind != "loc":
            return tokens
        for end in range(position + 3, len(tokens) - 2):
            kind = tokens[end].kind
            if kind == "de" or (kind == "stop" and tokens[end].surface.endswith("的")):
                rest = tokens[end + 1 :]
                if any(t.kind in ("obj", "objq") for t in rest) and any(
                    t.kind == "op" for t in rest
                ):
                    return [*tokens[: position + 1], *rest]
                return tokens
            if kind not in ("obj", "objq", "stop", "q", "unk"):
                return tokens
        return tokens
    return tokens


def _tool_owner_mixed11(tokens: list[Token]) -> list[Token]:
    """ "用 Epson 嘅維護工具做一次打印頭清潔", "用华为的手机管家清理一下": a thing named before the
    tool a clause is led into with 用 (用 X 的维护工具) owns the tool, the place the step is done
    in; it is not what the later verb acts on (round 11)."""
    if len(tokens) < 4 or tokens[0].kind != "weak" or tokens[0].surface not in ("用", "使 用"):
        return tokens
    for position, token in enumerate(tokens[1:], 1):
        if token.kind == "ctx" and token.value == "where":
            head = tokens[1:position]
            if any(t.kind in ("obj", "objq") for t in head) and position + 1 < len(tokens):
                return [Token("loc", "", "在"), *head, token, *tokens[position + 1 :]]
            return tokens
        if token.kind not in _OWNER_KINDS_ZH:
            return tokens
    return tokens


def _asked_to_do_zh(segments: list[list[Token]]) -> list[list[Token]]:
    """ "请银行帮你把信用卡的额度调高", "让运营商帮忙重置一下": the bank (ISP, support) asked to
    do a step is contacted, and the step follows (as "打给银行，跟他们说要提高额度")."""
    out: list[list[Token]] = []
    for tokens in segments:
        for position, token in enumerate(tokens[:-2]):
            asked = tokens[position + 1]
            if token.surface not in _ASKERS_ZH or asked.kind != "obj":
                continue
            if asked.value not in _ASKED_ZH or not tokens[position + 2].surface.startswith("帮"):
                continue
            out.append([*tokens[:position], Token("op", "contact", token.surface), asked])
            tokens = tokens[position + 3 :]
            while tokens and tokens[0].kind == "stop":
                tokens = tokens[1:]  # 帮你, 帮忙
            break
        out.append(tokens)
    return out


_CREDENTIALS = frozenset({"password", "verification_code", "phone_number", "account"})


def _signed_back_in_zh(segments: list[list[Token]]) -> list[list[Token]]:
    """ "退出登录，再用手机号加验证码登进去", "账号退出，然后重新输入密码登录": after a sign-out,
    the password typed or the code used to sign in again is how it is done; the sign-in is
    the step (the sign-out and it are the relogin)."""
    out: list[list[Token]] = []
    signed_out = False
    for tokens in segments:
        if signed_out:
            tokens = _entered_again_zh13(tokens)
            kinds = [(t.kind, t.value) for t in tokens]
            for position in range(len(tokens) - 2):
                means = kinds[position][0] == "weak" or kinds[position] == ("op", "add")
                credential = kinds[position + 1][0] == "obj" and kinds[position + 1][1] in (
                    _CREDENTIALS
                )
                if means and credential and kinds[position + 2] == ("op", "login"):
                    trail = [Token("trail", "", t.surface) for t in tokens[position : position + 2]]
                    tokens = [*tokens[:position], *trail, *tokens[position + 2 :]]
                    break
        values = {t.value for t in tokens if t.kind in ("op", "obj")}
        # "先把微信账号退出": an account closed is signed out of
        signed_out = signed_out or "logout" in values or {"close", "account"} <= values
        out.append(tokens)
    return out


def _entered_again_zh13(tokens: list[Token]) -> list[Token]:
    """Round 12 (zh, second wave): after a sign-out, "用手机号再进去" (a credential, then back
    in, 进去 / 进来) signs in again with it: the 再 between is dropped and the way in read as
    the sign-in, so the credential is how it is done (see _signed_back_in_zh)."""
    for position, token in enumerate(tokens[:-1]):
        if token.kind != "obj" or token.value not in _CREDENTIALS:
            continue
        rest = tokens[position + 1 :]
        while rest and rest[0].kind == "split" and rest[0].surface in ("再", "重 新"):
            rest = rest[1:]
        ways = [t.surface for t in rest]
        if ways[:2] in (["进", "去"], ["进", "来"]) and all(t.kind == "stop" for t in rest[2:]):
            login = Token("op", "login", "进 去")
            return [*tokens[: position + 1], login, *rest[2:]]
        if rest and rest[0].kind == "op" and rest[0].value == "login":
            return [*tokens[: position + 1], *rest]
    return tokens


_TRYING_OPS = frozenset({"plug_in", "connect", "charge", "use", "add"})


def _trailing_look_zh(tokens: list[Token]) -> list[Token]:
    for position, token in enumerate(tokens[:-2]):
        if token.kind == "op" and token.value == "replace" and tokens[position + 1].kind == "obj":
            # "换个插座插插看": the verbs right after the other thing, with nothing after them
            # to act on, are how it is tried
            rest = tokens[position + 2 :]
            tried = [t.kind == "op" and t.value in _TRYING_OPS for t in rest]
            if tried[0] and all(ok or t.kind == "stop" for ok, t in zip(tried, rest, strict=True)):
                trail = [Token("trail", "", t.surface) for t in rest]
                tokens = [*tokens[: position + 2], *trail]
            break
    last = len(tokens) - 1
    while last >= 0 and tokens[last].kind in ("stop", "trail"):
        last -= 1
    if last < 0 or tokens[last].kind != "op" or tokens[last].surface not in _LOOKS_ZH:
        return tokens
    before = {t.kind for t in tokens[:last]}
    if not before & {"op", "op/obj"} and before & {"obj", "objq", "unk", "ctx"}:
        return tokens  # "路由器那边看看": the router is looked at
    return [*tokens[:last], Token("trail", "", tokens[last].surface), *tokens[last + 1 :]]


def _app_folders(tokens: list[Token]) -> list[Token]:
    """ "the Teams folder": a folder right after an app's name is that app's files; Outlook's
    data file renamed ("rename the .ost so Outlook builds a fresh one") is rebuilt."""
    for index, token in enumerate(tokens):
        if token.kind == "unk" and token.surface in ("rename", "renaming", "renamed"):
            following = _next_meaningful(tokens, index)
            if following is not None and following.value == "ost_file":
                tokens[index] = Token("op", "readd", token.surface)
        if token.kind == "unk" and token.surface in ("folder", "folders") and index:
            before = tokens[index - 1]
            if before.kind == "objq" and before.value.startswith("app|" + NAME_PREFIX):
                tokens[index] = Token("obj", "files", token.surface)
    return tokens


_STARTING_WORDS = frozenset({"starts", "start", "starting", "powers", "power", "turns"})


def _safe_mode_boots(tokens: list[Token]) -> list[Token]:
    """ "hold Shift as it boots up to go into Safe Mode": what the key is held for is the boot
    into Safe Mode, a step of its own (not the outcome of the restart before it)."""
    for index, token in enumerate(tokens):
        if token.kind != "q" or token.value != "safe_mode":
            continue
        to = next(
            (i for i in range(index - 1, max(index - 4, 0), -1) if tokens[i].kind == "to"), None
        )
        if to is None or to + 1 >= index:
            continue
        surfaces = {t.surface for t in tokens[:to]}
        # an app started in its safe mode (Outlook with Ctrl held) is no boot
        app = any(t.kind in ("obj", "objq") and t.value.startswith("app") for t in tokens)
        if surfaces & (_BOOT_WORDS | _STARTING_WORDS) and not app:
            tokens[to] = Token("split", "", tokens[to].surface)  # "to get into Safe Mode"
            tokens[to + 1] = Token("op", "restart", tokens[to + 1].surface)
    return tokens


def _renamed_folders(tokens: list[Token]) -> list[Token]:
    """ "rename the old OneDrive folder to OneDrive-old": a folder renamed is a step of its own;
    a cache folder renamed aside is gone for the app, as deleted (the .ost renamed is its
    rebuild, read in _app_folders)."""
    for index, token in enumerate(tokens):
        if token.kind == "unk" and token.surface in ("rename", "renaming", "renamed"):
            following = _next_meaningful(tokens, index)
            if following is None or following.kind not in ("obj", "objq"):
                continue
            # a cache folder renamed aside is gone for the app, as deleted: it makes a fresh one
            # ("rename the Teams cache folder" clears its cache)
            place = next(i for i in range(index + 1, len(tokens)) if tokens[i] is following)
            after = _next_meaningful(tokens, place)
            aside = "cache" in (following.value, after.value if after is not None else "")
            tokens[index] = Token("op", "remove" if aside else "rename", token.surface)
    return tokens


# -- clauses and frames --------------------------------------------------------------------

_PARTICLE_OPS: dict[tuple[str, str], str] = {
    ("turn", "on"): "enable",
    ("turn", "off"): "disable",
    ("turn", "up"): "enable",
    ("turn", "down"): "disable",
    ("switch", "on"): "enable",
    ("switch", "off"): "disable",
    ("toggle", "on"): "enable",
    ("toggle", "off"): "disable",
    ("power", "on"): "enable",
    ("power", "off"): "disable",
    ("power", "up"): "enable",
    ("power", "down"): "disable",
    ("log", "in"): "login",
    ("log", "on"): "login",
    ("log", "out"): "logout",
    ("log", "off"): "logout",
    ("sign", "in"): "login",
    ("sign", "on"): "login",
    ("sign", "out"): "logout",
    ("sign", "off"): "logout",
    ("plug", "in"): "plug_in",
    ("plug", "back"): "plug_in",
    ("plug", "out"): "unplug",
    ("roll", "back"): "rollback",
    ("take", "out"): "remove",
    ("take", "off"): "remove",
    ("hook", "up"): "connect",  # "hook the printer up to the Wi-Fi"
}
# What a particle verb means with no particle in its clause.
_PARTICLE_DEFAULT: dict[str, str] = {
    "switch": "set",
    "toggle": "restart",
    "plug": "plug_in",
    "log": "login",
    "sign": "login",
}
# Verbs that put the 把 object somewhere: what follows them is the place.
_PLACING_OPS = frozenset({"move", "plug_in", "connect", "add"})
# What one does to an app: a proper name these act on is an app ("update Spotify").
_APP_OPS = frozenset({"update", "readd", "remove", "add", "close", "restart", "open", "clear"})


def _proper_names(text: str) -> frozenset[str]:
    """Capitalised Latin words not at the start of a sentence or clause, casefolded: names."""
    names: set[str] = set()
    start = True
    for word in text.replace("\u2019", "'").split():
        bare = word.strip("\"'()[]{}“”‘’")
        core = bare.split("'")[0]
        capitalised = core.isascii() and core.isalpha() and core[:1].isupper()
        if capitalised and len(core) > 1 and not start:
            names.add(core.casefold())
        start = word[-1:] in ".:;!?," or not bare
    return frozenset(names)


# Devices Device Manager lists by their driver, and what is done to a driver there.
_DRIVEN = frozenset(
    {"printer", "bluetooth", "wifi", "battery", "graphics", "audio", "touchpad", "camera"}
)
_DRIVER_OPS = frozenset({"remove", "readd", "update", "rollback", "add", "disable", "enable"})
# Objects a "clear"/"remove" empties rather than deletes.
_CLEARABLE = frozenset(
    {"cache", "cookies", "history", "data", "print_queue", "spam_folder", "paper_jam"}
)
# Qualifiers that only add nuance: a step with one still matches a step without.
# A qualifier that names which one ("name:spotify" for "the Spotify app").
NAME_PREFIX = "name:"
# Heads a name in front of them qualifies: "<unknown word> app" is that app.
_NAMEABLE = frozenset({"app"})
_NUANCE_QUALIFIERS = frozenset(
    {"factory", "closer", "latest", "previous", "health", "safe_mode", "uncrowded", "again"}
)
# Ops a thing can undergo by itself: "let the phone charge", "let the battery drain".
_SELF_OPS = frozenset({"charge", "drain", "restart", "update", "sync"})
# Device-level buttons of a menu ("Restart", "Shut down"): with nothing named, the device.
_DEVICE_BUTTON_OPS = frozenset({"restart", "disable"})
_ON_THE_WAY = frozenset({"power", "settings", "where", "power_button", "device"})
# What buttons held together are for when it is not a restart (see _merge_compounds).
_HELD_FOR_ELSE = frozenset({"boot_mode", "screenshot"})
# Qualifiers that make a step another action than any alias without them names.
_EXCLUSIVE_QUALIFIERS = frozenset({"from_backup", "discoverable"})
# Ops that need no object to be understood.
_OBJECTLESS_OPS = frozenset({"wait", "login", "logout"})
# Ops that only prepare the real step ("open Settings", "wait a minute").
_PREPARATORY_OPS = frozenset({"wait", "open", "nav"})
# Compound head names that have a canonical single object.
_COMPOUND_OBJECTS: dict[str, str] = {"bios.firmware": "bios", "bios.update": "bios"}
# What one asks a provider about, not whom one contacts ("ask whether there is an outage").
# Parts one changes by swapping them ("change the toner") and devices one wipes by resetting.
_SWAPPED_PARTS = frozenset(
    {"ink_cartridge", "charger", "battery", "cable", "charging.cable", "power.cable"}
)
_PAYMENT_METHODS = frozenset({"alipay", "wechat_pay", "unionpay", "paypal", "apple_pay"})
_WIPEABLE = OBJECT_FAMILIES["device"] | {"router", "modem", "extender"}
# Devices that are switched off and on (with their power button or at the wall).
_POWERED = _WIPEABLE
_CHARGING_PARTS = frozenset({"charger", "charging.cable", "cable", "power_outlet", "power.cable"})
_ASKED_ABOUT = frozenset({"outage", "line", "internet", "payment"})
_STORAGE_OWNERS = frozenset({"phone", "computer", "disk", "mailbox", "tablet"})
# Things a device is "set to".
_SETTINGS = HEAD_OBJECTS | SETTABLE_HEADS | {"wifi_network", "power_plan", "default_printer"}
# Ops a noun-only alias ("8.8.8.8", "paper jam") tolerates in its clause besides its own.
_ALIAS_NEUTRAL_OPS = frozenset({"use", "run", "open", "nav"})
# Actions that configure something: "set"/"change"/"switch" can name them with a noun alias.
_CONFIG_OPS = frozenset({"set", "connect", "enable", "disable", "use", "move", "sync"})
# Actions that "check"/"make sure" can ask for (not ones that change or destroy something).
_CHECKABLE_OPS = frozenset({"check", "enable", "disable", "connect", "set", "use", "move"})


@dataclass
class _Object:
    name: str
    qualifier: str | None
    main: bool  # False: a place or instrument ("in Device Manager", "into the router")
    positions: tuple[int, ...]  # token indexes within the clause
    owner: str | None = None  # the name it gives a head noun ("wifi" in "wifi driver")
    quals: tuple[str, ...] = ()  # qualifiers written right before it ("a *different* outlet")
    nouns: tuple[str, ...] = ()  # every noun of the compound ("router", "power.cable")


@dataclass
class _Clause:
    """Working state for one clause while it is read."""

    tokens: list[Token]
    link: int | None = None  # index of the clause this one serves (purpose / instrument)
    aside: bool = False  # inside parentheses or a menu path
    menu_item: bool = False  # an item of a menu path, after its ">"
    button: bool = False  # "choose Restart", "tap Update": its verb is a button's name
    unknown_verb: int | None = None  # position of an unknown first word (likely a verb)
    timing: bool = False  # introduced by "after"/"before": may only say when
    negated: bool = False
    commentary: bool = False  # a reason, a guess or a reported outcome (see _commentary)
    op: str | None = None
    pv: str | None = None
    particles: list[str] = field(default_factory=list)
    weak: str | None = None
    state: str | None = None
    not_seen: bool = False
    objects: list[_Object] = field(default_factory=list)
    qualifiers: list[str] = field(default_factory=list)
    unknown_in_slot: bool = False
    pron: bool = False
    excluded_from: int | None = None  # token index where "instead of" starts
    unknown_slots: list[int] = field(default_factory=list)  # unknown words in the object slot
    alias_ids: set[str] = field(default_factory=set)
    covered: set[int] = field(default_factory=set)  # token indexes inside an alias match
    resolved_op: str | None = None
    device_manager: bool = False  # "in Device Manager": a device there stands for its driver
    proper: frozenset[str] = frozenset()  # capitalised words of the text, not sentence-initial
    menu_head: bool = False  # "设置 > 通用 > 还原": the first item of a menu path is a place
    menu_inner: bool = False  # a menu item more items follow ("系统" in "设置 > 系统 > ...")


def _object_after(tokens: list[Token], position: int) -> bool:
    """Whether the verb after ``position`` has an object of its own right after it."""
    rest = [t for t in tokens[position + 1 :] if t.kind not in ("stop", "num", "trail")]
    return len(rest) > 1 and rest[1].kind.split("/")[-1] in ("obj", "objq")


def _held_for_a_time(tokens: list[Token]) -> bool:
    """Chinese "按满十五秒", "按个十来秒": a hold and then how long, the step is complete."""
    held = any(t.kind == "op" and t.value == "hold" for t in tokens)
    return held and any(
        t.kind == "num" or t.kind == "stop" and t.surface.endswith(("秒", "分 钟")) for t in tokens
    )


_PICKING_ZH11 = frozenset({"点", "点 击", "点 一 下", "选", "选 择", "按 一 下"})


def _clauses(segments: list[list[Token]]) -> list[_Clause]:
    """Cut segments into clauses at boundaries, verb-led "and", purpose "to" and serial verbs."""
    clauses: list[_Clause] = []
    elaborating: int | None = None  # clause index a colon's elaboration belongs to
    saved: int | None = None  # the colon elaboration a parenthesis interrupted
    in_parens = False
    in_menu = False  # after "Settings > ...": segments are a path, they borrow no verb
    for segment in segments:
        marks = [token.kind for token in segment if token.kind in _MARKS]
        example = bool(segment) and _first_meaningful_kind(segment) == "example"
        for mark in marks:
            if mark == "menu":
                if not in_menu and clauses:
                    clauses[-1].menu_head = True
                elif clauses:
                    clauses[-1].menu_inner = True
                in_menu = True
            if mark == "end":
                elaborating, in_parens, in_menu = None, False, False
            elif mark == "colon" and clauses:
                elaborating = _owner(clauses)
            elif mark == "open" and clauses:
                saved, in_parens = elaborating, True
                elaborating = _owner(clauses)
            elif mark == "close" and in_parens:
                elaborating, in_parens = saved, False
        segment = [token for token in segment if token.kind not in _MARKS]
        link_here = elaborating
        if example and clauses:
            link_here = _owner(clauses)  # ", such as Firefox": names the previous clause's object
        current = _Clause(tokens=[], link=link_here, aside=in_parens or in_menu or example)
        current.menu_item = "menu" in marks
        clauses.append(current)
        has_op = has_obj = has_strong = False
        checking = False
        # "Since Winsock gets corrupted after VPN software is installed, ...": an English
        # segment led by a reason or condition is one clause up to its end, but for "then"
        lead = _lead_token(segment)
        reason = lead is not None and lead.kind == "sub" and not is_cjk(lead.surface[:1])
        reason = reason or _which_comment_en12(lead)
        if clauses[:-1] and not reason and _which_comment_en12(None, segment):
            # "...; this resets the chip", ", in case that socket is dead": after a step
            reason = current.commentary = True
        # "…，这样缓存的配置就清掉了", "…，以便清掉临时文件": what a Chinese step is expected to do,
        # said after it, is one clause to its end (round 12)
        reason = reason or (bool(clauses[:-1]) and _expectation_lead_zh12(lead))
        for index, token in enumerate(segment):
            kind = token.kind
            following = _next_meaningful(segment, index)
            verb_follows = following is not None and _is_verbal(following, has_op=False)
            start_new = False
            link: int | None = None
            timing = kind == "split" and token.surface in _TIMING_WORDS
            if reason and not (kind == "split" and token.surface in _THEN_WORDS):
                pass
            elif kind == "split" or kind in ("and", "or") and verb_follows and not checking:
                start_new = True
            elif kind == "and" and (has_op or has_obj) and _switched_past_at(following):
                # "Reset my password and turned off the VPN": a switch told in the past is a
                # step of its own, not the reset's second object (round 19)
                start_new = True
            elif kind == "and" and checking and has_obj and _bare_verb(following):
                # "check the Junk folder and mark the message as Not junk": a thing checked,
                # then a command of its own (not "check that it charges and restarts")
                start_new = True
            elif kind == "and" and checking and has_obj and _reported_next_en12(segment, index):
                # "Checked the Spam folder and added the sender to Safe senders": a check told
                # in the past, then another step done with its own object (round 12)
                start_new = True
            elif kind in ("and", "or") and not checking and _unknown_verb_at(segment, index + 1):
                # "... and sideload the beta build": an unknown verb starts an action of its own,
                # which must not be read as more objects of the known one.
                start_new = True
            elif kind in ("to", "by") and verb_follows and (has_op or has_obj) and not checking:
                start_new = True
                owner = len(clauses) - 1
                link = clauses[owner].link if clauses[owner].link is not None else owner
            if start_new:
                current = _Clause(
                    tokens=[],
                    link=link if link is not None else elaborating,
                    aside=in_parens or in_menu,
                    timing=timing,
                )
                clauses.append(current)
                has_op = has_obj = has_strong = checking = False
                continue
            # A dual word ("设置": Settings / set) after a verb and its object is a verb in
            # Chinese; in English ("install the iOS update") it is a noun.
            # Serial verbs without a conjunction are a Chinese construction; in English a second
            # verb-like word mid-clause is a noun ("the Smart Network Switch").
            strong = is_cjk(token.surface[:1]) and (
                token.kind in ("op", "pv") or token.kind.startswith("op/")
            )
            after_de = index > 0 and segment[index - 1].kind == "de"
            # "卸载应用更新", "开启邮箱同步": a head noun that doubles as a verb, right after the
            # object and with no object of its own, completes that object ("app update").
            head_noun = (
                token.kind.startswith("op/")
                and token.value.split("/")[-1] in HEAD_OBJECTS
                and index > 0
                and segment[index - 1].kind.split("/")[-1] in ("obj", "objq")
                and not any(t.kind == "ba" for t in current.tokens)
                and (following is None or following.kind.split("/")[-1] not in ("obj", "objq"))
            )
            # "等一会儿插回去": after a wait, the next verb is the next step
            waited = token.kind == "op" and any(
                t.kind == "op" and t.value == "wait" for t in current.tokens
            )
            # "解除耳机配对", "取消与耳机的配对": the pairing that is removed, not a second step
            pairing = (
                token.surface == "配 对"
                and following is None
                and any(t.kind == "op" and t.value == "remove" for t in current.tokens)
            )
            # "按满十五秒左右让它强制重启": a button held for a time is a complete step too;
            # "按够十秒让手机强制重启": what it makes the device do is the next one
            held = token.kind == "op" and _held_for_a_time(current.tokens)
            caused = token.kind == "causative" and is_cjk(token.surface[:1])
            if caused and _held_for_a_time(current.tokens):
                current = _Clause(tokens=[], link=elaborating, aside=in_parens or in_menu)
                clauses.append(current)
                has_op = has_obj = has_strong = False
            if (
                token.surface == "so"
                and has_op
                and not reason
                and _which_comment_en12(None, segment[index:])
            ):
                # "drag it in, then remove it again so macOS rebuilds its index": what it does
                current = _Clause(tokens=[], link=elaborating, aside=in_parens or in_menu)
                current.commentary = reason = True
                clauses.append(current)
                has_op = has_obj = has_strong = False
            if (
                not is_cjk(token.surface[:1])
                and has_op
                and not checking
                and not reason
                and _run_on_verb(segment, index, current.tokens)
            ):
                # chat without commas: "unplug the tp-link from the wall count to 30 plug it
                # back in" - a wait, a hold or a verb putting "it" back starts the next step
                current = _Clause(tokens=[], link=elaborating, aside=in_parens or in_menu)
                clauses.append(current)
                has_op = has_obj = has_strong = False
            serial = has_strong and (has_obj or waited or held) and not checking and strong
            serial = serial and not reason
            if serial and not after_de and not head_noun and not pairing:
                # A second verb after a complete verb-object pair starts a new step (Chinese
                # serial verbs: "拔掉充电器长按电源键"); after "用X..." it is what X is used for.
                serves = elaborating
                if current.tokens and current.tokens[0].kind.split("/")[0] == "weak":
                    serves = _owner(clauses)
                current = _Clause(tokens=[], link=serves, aside=in_parens or in_menu)
                clauses.append(current)
                has_op = has_obj = has_strong = False
            current.tokens.append(token)
            # "把邮箱同步打开": after 把 and its object, a dual word a verb follows is a noun
            ba_noun = (
                token.kind.startswith("op/")
                and index > 0
                and segment[index - 1].kind.split("/")[-1] in ("obj", "objq")
                and any(t.kind == "ba" for t in current.tokens)
                and following is not None
                and following.kind.split("/")[0] == "op"
            )
            if pairing:
                current.tokens[-1] = Token("stop", "", token.surface)
            if ba_noun or pairing:
                continue
            if _is_verbal(token, has_op=has_op) and token.kind not in ("neg", "nav"):
                if token.kind == "op" and token.value == "check":
                    checking = True
                has_op = True
                has_strong = (
                    has_strong
                    or token.kind in ("op", "pv")
                    or token.kind.startswith(("op/", "pv/"))
                )
            elif token.kind in ("obj", "objq") or token.kind.endswith("/obj"):
                has_obj = True
    return [clause for clause in clauses if clause.tokens]


_MARKS = frozenset({"colon", "end", "open", "close", "menu"})
_THEN_WORDS = frozenset({"then", "and then", "after that", "afterwards", "next", "finally"})
# Chinese postpositions of place ("设置里", "应用中").
_ZH_POSTPOSITIONS = frozenset({"里", "中", "里 面", "上"})
# Words that open a noun phrase: an unknown word right before one is likely a verb.
_PICKING = frozenset({"click", "tap", "choose", "select", "hit", "pick", "press on", "clicking"})
_DETERMINERS = frozenset({"the", "a", "an", "your", "its", "their", "my", "our", "this", "that"})


# What a Chinese step is expected to do, said after it (round 12): "这样缓存就清掉了" (that
# way), "以便清掉临时文件" / "从而…" (so as to), "好让它…" (so that it).
_EXPECTATION_LEADS_ZH12 = frozenset({"这 样", "这 样 就", "以 便", "从 而", "好 让", "以 便 让"})


def _expectation_lead_zh12(lead: Token | None) -> bool:
    """Whether ``lead`` (a segment's first word) opens what the step before is expected to do."""
    return (
        lead is not None
        and lead.kind in ("sub", "to", "causative", "stop")
        and lead.surface in _EXPECTATION_LEADS_ZH12
    )


def _lead_token(tokens: list[Token]) -> Token | None:
    """A segment's or clause's first word that says something (no filler, pronoun or "and")."""
    return next((t for t in tokens if t.kind not in _LEAD_SKIP), None)


def _bare_verb(token: Token | None) -> bool:
    """A known verb in its bare form, as an English command starts ("mark", "add")."""
    if token is None or token.kind != "op" or is_cjk(token.surface[:1]):
        return False
    return " " not in token.surface and not token.surface.endswith(("s", "ed", "ing"))


_PAST_CHECKS_EN12 = ("checked", "verified", "confirmed", "made sure", "double checked")
_IRREGULAR_PAST_EN12 = frozenset({"ran", "set", "reset", "made", "took", "put", "sent", "gave"})


def _reported_next_en12(segment: list[Token], index: int) -> bool:
    """At the "and" of "Checked the Spam folder and added the sender ...": the check was told
    in the past and a past-tense verb with an object of its own follows, a step done next (not
    "check that it charges and restarts", what the check looks for)."""
    check = next((t for t in segment[:index] if t.kind == "op" and t.value == "check"), None)
    if check is None or not check.surface.startswith(_PAST_CHECKS_EN12):
        return False
    rest = [t for t in segment[index + 1 :] if t.kind != "stop"]
    if len(rest) < 2 or rest[0].kind.split("/")[0] != "op" or is_cjk(rest[0].surface[:1]):
        return False
    word = rest[0].surface.split()[-1]
    past = word.endswith("ed") or word in _IRREGULAR_PAST_EN12
    return past and rest[1].kind.split("/")[-1] in ("obj", "objq")


def _unknown_verb_at(segment: list[Token], index: int) -> bool:
    """An unknown Latin word at ``index`` followed by a determiner or pronoun ("reflash the")."""
    if index + 1 >= len(segment):
        return False
    token, after = segment[index], segment[index + 1]
    if token.kind != "unk" or not token.surface[:1].isalpha() or is_cjk(token.surface[:1]):
        return False
    return after.kind == "pron" or after.surface in _DETERMINERS


# English "after a reboot" says when; Chinese "A后B" puts the timing clause first, so B counts.
_TIMING_WORDS = frozenset({"after", "before", "once"})
_SUBJECT_WORDS = frozenset({"you", "we", "i", "they"})
_SWITCHED_PAST = frozenset({"turned", "switched", "toggled", "flipped", "flicked", "powered"})
_PASSIVE = frozenset({"was", "were", "been", "is", "got", "gets", "has", "had"})


def _owner(clauses: list[_Clause]) -> int:
    """The clause a colon or parenthesis elaborates: the last clause with words."""
    for number in range(len(clauses) - 1, -1, -1):
        if clauses[number].tokens:
            link = clauses[number].link
            return link if link is not None else number
    return 0


def _first_meaningful_kind(segment: list[Token]) -> str | None:
    for token in segment:
        if token.kind not in ("stop", "num") and token.kind not in _MARKS:
            return token.kind
    return None


def _next_meaningful(segment: list[Token], index: int) -> Token | None:
    for token in segment[index + 1 :]:
        if token.kind not in ("stop", "num"):
            return token
    return None


_RUN_ON_OPS = frozenset({"wait", "hold"})


def _run_on_verb(segment: list[Token], index: int, before: list[Token]) -> bool:
    """An English verb mid-clause, after a step with its object (or a wait), that starts the
    next step in text written without commas: a wait ("count to 30", "wait a minute"), a hold,
    or a verb that puts "it" back ("plug it back in", "turn it back on")."""
    token = segment[index]
    head, _, _ = token.kind.partition("/")
    word = token.surface.split()[0].casefold()
    if head not in ("op", "pv") or word == "held" or word.endswith(("ing", "ed")):
        return False  # "documents waiting to print", "keep the button held / pressed"
    if not any(t.kind.split("/")[0] in ("op", "pv") for t in before):
        return False
    done = any(t.kind.split("/")[-1] in ("obj", "objq") for t in before)
    waited = any(t.kind == "op" and t.value == "wait" for t in before)
    if not (done or waited):
        return False
    op = token.value.split("/")[0]
    if op in _RUN_ON_OPS and token.kind == "op":
        return done
    rest = [t for t in segment[index + 1 :] if t.kind != "stop"]
    return (
        len(rest) >= 2
        and rest[0].kind == "pron"
        and rest[1].kind == "part"
        and rest[1].value == "back"
    )


def _switched_past_at(token: Token | None) -> bool:
    """ "turned off", "switched on": a past-tense switch (read as an on/off qualifier)."""
    return (
        token is not None
        and token.kind == "q"
        and token.value in ("on", "off")
        and token.surface.split()[0] in _SWITCHED_PAST
    )


def _is_verbal(token: Token, *, has_op: bool) -> bool:
    kind = token.kind
    if kind in ("op", "pv", "weak", "nav", "neg", "causative"):
        return True  # "... and let Windows reinstall it": a step of its own
    # "update" is a verb at the start of a clause and a noun after another verb.
    return kind.startswith(("op/", "weak/", "pv/")) and not has_op


def _leads_verbless(clause: _Clause, position: int) -> bool:
    """The token at ``position`` opens a clause that has no verb anywhere."""
    if any(t.kind not in ("stop", *_MARKS) for t in clause.tokens[:position]):
        return False
    return not any(t.kind.split("/")[0] in ("op", "weak", "pv") for t in clause.tokens)


def _read_clause(clause: _Clause) -> None:
    """Fill a clause's op, objects, qualifiers, negation and completeness from its tokens."""
    in_context = False  # after a preposition: objects there say where, not what
    excluded = False  # after "instead of" / "without": what follows is not done
    pending: list[tuple[str, str | None, str | None, int]] = []  # adjacent nouns
    checking = False
    last_anchor = -1  # position of the last verb or object, for "的" modifiers
    saw_ba = False
    agent = False
    agents: list[tuple[str, str | None, str | None, int]] = []  # "let *the phone* charge"
    seen_anything = False
    after_and = False
    last_kind = ""
    pending_quals: list[str] = []  # qualifiers right before a noun ("a different outlet")

    locative = False  # "in Settings", "在设置里": never the object
    named: str | None = None  # an unknown word naming the object after it ("Spotify app")

    def close_compound() -> None:
        nonlocal pending, agent
        if pending and agent:
            agent = False
            agents.extend(pending)
            pending = []
            pending_quals.clear()
        if pending:
            composed = _compose([(n, o, q) for n, o, q, _ in pending])
            if not excluded:
                taken = clause.pron or any(o.main for o in clause.objects)
                main = not locative and not (in_context and taken)
                clause.objects.append(
                    _Object(
                        composed[0],
                        composed[1],
                        main,
                        tuple(i for *_, i in pending),
                        # A named app owns only the head right after it ("the Gmail app
                        # cache"), never one further on or in another noun group.
                        owner=pending[-1][1]
                        if len(pending) == 1 and not _named(pending[-1][2])
                        else None,
                        quals=tuple(pending_quals),
                        nouns=tuple(n for n, *_ in pending),
                    )
                )
            pending = []
            pending_quals.clear()

    after_prep = False
    relative = False
    for position, token in enumerate(clause.tokens):
        kind, value = token.kind, token.value
        if "/" in kind:
            first, second = kind.split("/", 1)
            v_first, v_second = value.split("/", 1)
            # "keep the headphones close to the phone": after a weak verb and its object, a
            # dual word is a noun
            weak_done = clause.weak is not None and bool(clause.objects or pending)
            # ... and after a determiner ("keep the phone close to ..."): "the phone" is a noun
            weak_done = weak_done or (
                (clause.weak is not None or clause.unknown_verb is not None or agent)
                and position > 0
                and clause.tokens[position - 1].surface.casefold() in _DETERMINERS
            )
            verb_free = clause.op is None and clause.pv is None and not weak_done
            # a menu path's first item names a page ("Software Update > ..."), unless a dual
            # word leads it with its object after ("Update the firmware via Settings > General")
            verb_free = verb_free and (
                not clause.menu_head
                or (
                    not seen_anything
                    and not is_cjk(token.surface[:1])
                    and position + 1 < len(clause.tokens)
                    and clause.tokens[position + 1].surface.casefold() in _DETERMINERS
                )
            )
            # "The phone was restarted twice", "Phone's been reset": a dual word leading a
            # report, with the verb after it, is its subject (a passive, a reported step)
            after_dual = _next_meaningful(clause.tokens, position)
            leading = not seen_anything or (
                position > 0 and clause.tokens[position - 1].surface in _DETERMINERS
            )
            reported = (
                leading
                and not is_cjk(token.surface[:1])
                and after_dual is not None
                and after_dual.kind == "op"
                and any(t.surface in _PASSIVE for t in clause.tokens[position + 1 :])
            )
            verb_free = verb_free and not reported
            # "email syncing" is a noun; but "把应用更新" puts the object before the verb.
            # "把邮箱同步打开", "把网络设置还原": after 把, a dual noun a verb follows is a noun
            after = _next_meaningful(clause.tokens, position)
            verb_after = after is not None and after.kind.split("/")[0] == "op"
            in_compound = bool(pending) and second == "obj" and (not saw_ba or verb_after)
            # "把更新卸了": right after 把 a dual word is the 把 object
            in_compound = in_compound or (position > 0 and clause.tokens[position - 1].kind == "ba")
            # "choose Update driver", "tap Forget": a button named by its action is the action
            button = (
                position > 0
                and clause.tokens[position - 1].kind == "nav"
                and (
                    clause.tokens[position - 1].surface.casefold() in _PICKING
                    # "撳 Update", "点 Repair": a Latin button tapped in a Chinese text (round 11)
                    or (
                        clause.tokens[position - 1].surface in _PICKING_ZH11
                        and token.surface.isascii()
                    )
                )
            )
            button = button and first == "op" and clause.op is None and clause.pv is None
            # after "let the phone", a verb is what it does ("let the phone charge")
            compound = in_compound and not (agent and first == "op")
            verbal = not after_prep and not compound and first in ("op", "weak", "pv")
            clause.button = clause.button or button
            if button or (verb_free and verbal):
                kind, value = first, v_first
            else:
                kind, value = second, v_second
        if kind == "stop" and token.surface in _ZH_POSTPOSITIONS and pending:
            following = _next_meaningful(clause.tokens, position)
            opened = any(t.kind == "loc" for t in clause.tokens[:position])
            verb = following is not None and following.kind.split("/")[0] in ("op", "weak")
            # "小米路由器里关闭双频合一": a device, then 里, then a verb with an object of its own
            inside = verb and token.surface == "里" and _object_after(clause.tokens, position)
            if following is not None and (following.kind == "ba" or (opened or inside) and verb):
                # "电池里把省电模式关掉", "在…启动选项卡里禁用…": "X里" before 把 or (after 在)
                # before the verb says where, X is not the object
                locative = True
                close_compound()
                locative = False
                continue
        named_before = bool(pending) or any(o.main for o in clause.objects)
        if kind in ("stop", "rel") and named_before and (clause.weak or clause.pv):
            # "use one of the codes (that) you printed": the verb after the thing used is a
            # relative clause's, not what the clause does
            relative = relative or kind == "rel" or token.surface in _SUBJECT_WORDS
        if kind in ("stop", "num", "trail"):
            continue
        after_and, last_kind = last_kind in ("and", "or"), kind
        if kind == "sub":
            break  # "when you set up 2FA", "if it is still slow": a condition, not a step
        if kind == "causative" and checking and token.surface.casefold().startswith("ha"):
            continue  # "check that you have a connection": possession, not "have X do Y"
        if kind == "causative" and token.surface in ("have", "has", "had"):
            following = _next_meaningful(clause.tokens, position)
            if following is not None and following.kind.split("/")[0] in ("op", "pv", "weak"):
                continue  # "I have deleted the app": the perfect tense, no "have X do Y"
        if kind == "causative":
            close_compound()
            # "let Windows reinstall it": Windows does it, it is not the object; but "让路由器
            # 回到出厂状态", "让耳机进入配对模式": a verb with no object of its own acts on it
            patient = is_cjk(token.surface[:1]) and not _verb_takes_object(clause.tokens, position)
            agent = not patient
            continue
        if (
            kind == "unk"
            and not clause.tokens[position].surface[:1].isdigit()
            and not is_cjk(clause.tokens[position].surface[:1])
            and clause.op is None
            and clause.pv is None
            and clause.weak is None
            and not clause.objects
            and not pending
            and not seen_anything
        ):
            clause.unknown_verb = position  # "mark the sender as not junk": an unknown action
        seen_anything = True
        if kind == "de":
            # Chinese "X的Y": X modifies Y ("功率匹配的充电器"), it is not the object.
            while clause.unknown_slots and clause.unknown_slots[-1] > last_anchor:
                clause.unknown_slots.pop()
            continue
        if kind == "rel":
            close_compound()
            if not checking:
                in_context = True  # "a charger that matches the device": the device is context
            continue
        if kind == "loc" and clause.pv in ("log", "sign", "plug") and token.surface == "in":
            kind, value = "part", "in"  # "log back in", "plug it in"
        bare = clause.pv is None and clause.op is None and not clause.objects and not pending
        if kind == "loc" and bare and clause.particles == ["back"] and token.surface == "in":
            kind, value = "part", "in"  # "... and back in": the verb is the previous clause's
        if kind == "part" and value in ("on", "off") and clause.pv is None:
            following = _next_meaningful(clause.tokens, position)
            # ("then on again from Control Center": a preposition takes no preposition next)
            kept = ("and", "or", "part", "split", "loc", "prep", "to", "by")
            if following is not None and following.kind not in kept:
                kind = "loc"  # "the address on file", "on the same network", "on the order"
        elif (
            kind == "part"
            and value == "on"
            and clause.particles
            and (pending or any(o.main for o in clause.objects))
        ):
            following = _next_meaningful(clause.tokens, position)
            if following is not None and following.kind.split("/")[-1] in ("obj", "objq", "ctx"):
                kind = "loc"  # "turn off Bluetooth on the laptop": where, not "off and on"
        after_prep = kind in ("prep", "to", "by", "loc", "nav")
        if kind == "neg":
            if clause.op is None and clause.pv is None:
                clause.negated = True
            continue
        if kind == "not":
            clause.not_seen = True
            if token.surface == "not" and _leads_verbless(clause, position):
                # ", not the data": what a step is kept off, never a step of its own
                clause.negated = True
            continue
        if kind in ("instead", "without"):
            close_compound()
            excluded = True
            if clause.excluded_from is None:
                clause.excluded_from = position
            continue
        if excluded:
            continue
        if kind == "example":
            close_compound()
            # "a different payment method such as PayPal": the example is the object.
            mains = [o for o in clause.objects if o.main]
            if mains:
                clause.objects.remove(mains[-1])
            in_context = locative = False
            continue
        verb_free = clause.op is None and clause.pv is None
        if kind == "prep" and token.surface == "给" and verb_free:
            # "给美团开启定位权限": 美团 is whom it is for, 定位权限 the object
            kind = "loc" if _verb_takes_object(clause.tokens, position) else kind
        if kind in ("prep", "to", "by", "ba", "and", "or", "ctx", "pron", "nav", "loc"):
            close_compound()
            clause.device_manager = clause.device_manager or value == "device_manager"
            saw_ba = saw_ba or kind == "ba"
            if kind in ("prep", "to", "by", "nav", "loc"):
                in_context = True
            locative = kind == "loc"
            if kind == "pron" and not any(o.main for o in clause.objects):
                clause.pron = True
            continue
        if (
            kind == "op"
            and clause.op is None
            and position > 0
            and clause.tokens[position - 1].kind == "nav"
            and clause.tokens[position - 1].surface.casefold() in _PICKING
        ):
            clause.button = True  # "choose Restart": a button named by its action
        if kind == "op":
            close_compound()
            if checking:
                clause.state = clause.state or value  # "make sure the headphones are charged"
            elif clause.pv is not None and clause.particles:
                pass  # "turn on Optimized Battery Charging": a participle, not a second verb
            elif relative:
                pass
            elif clause.op is None:
                clause.op = value
                last_anchor = position
                checking = value == "check"
                in_context = locative = False
                # "耳机放进充电仓": a Chinese topic before the verb is moved like a 把 object
                topic = is_cjk(token.surface[:1]) and clause.weak is None and clause.pv is None
                topic = topic and value in ("move", "plug_in")  # ("手机连上WiFi": WiFi is joined)
                fronted = saw_ba or topic
                if fronted and any(o.main for o in clause.objects) and value in _PLACING_OPS:
                    # "把耳机放回充电盒里": the 把 object is what is moved; a noun after the
                    # verb is where it goes.
                    in_context = True
                if clause.weak is not None:
                    # "用软毛刷清洁充电口": what followed the weak verb was an instrument.
                    clause.unknown_slots.clear()
            continue
        if kind == "weak":
            close_compound()
            clause.weak = clause.weak or value
            in_context = False
            continue
        if kind == "pv" and value == "power" and clause.op == "hold":
            # "press and hold power (and volume down)": after holding, "power" is the button
            last_anchor = position
            pending.append(("power_button", None, None, position))
            continue
        if kind == "pv":
            close_compound()
            if clause.op is None and clause.pv is None:
                clause.pv = value
                in_context = locative = False
            continue
        if kind == "part":
            close_compound()
            if checking and value in ("on", "off"):
                clause.state = clause.state or value
            else:
                clause.particles.append(value)
            if value == "off" and clause.pv == "take" and any(o.main for o in clause.objects):
                in_context = True  # "take the card off your account": where it comes off
            following = _next_meaningful(clause.tokens, position)
            offscreen = following is not None and following.value == "screen"
            if value == "off" and offscreen and any(o.name == "card" for o in clause.objects):
                in_context = True  # "flick the Netflix card up off the screen": where it goes
            continue
        if (
            kind == "q"
            and value in ("on", "off")
            and clause.op is None
            and clause.pv is None
            and not pending
            and not clause.objects
            and token.surface.split()[0] in _SWITCHED_PAST
        ):
            # "Turned off the VPN, no luck", "I already turned on international transactions":
            # leading a clause, the past tense is the step reported, not a state
            clause.pv = "turn"
            clause.particles.append(value)
            continue
        if kind == "q":
            close_compound()
            if checking and value in ("on", "off"):
                clause.state = clause.state or value
            elif value == "other" and after_and:
                pass  # "your ad blocker and other add-ons": the rest, not a different one
            else:
                clause.qualifiers.append(value)
                pending_quals.append(value)
            continue
        if kind in ("obj", "objq"):
            last_anchor = position
            name, _, extra = value.partition("|")
            if kind == "objq":
                # "the Gmail app cache": a named owner still owns the head after it.
                pending.append((name, name if name in OWNER_NAMES else None, extra, position))
            elif named is not None and name in _NAMEABLE:
                pending.append((name, None, named, position))
            else:
                pending.append((name, extra or None, None, position))
            named = None
            continue
        if kind == "unk":
            following = _next_meaningful(clause.tokens, position)
            surface = token.surface
            if (
                following is not None
                and following.kind.split("/")[-1] == "obj"
                and following.value.split("|")[0] in _NAMEABLE
                and surface.isascii()
                and surface.isalpha()
            ):
                named = NAME_PREFIX + surface.casefold()  # "the Spotify app"
                continue
            if (
                surface in clause.proper
                and clause.op in _APP_OPS
                and not in_context
                and not pending
                and not any(o.main for o in clause.objects)
                and (following is None or following.kind.split("/")[-1] not in ("obj", "objq"))
            ):
                # "Update Spotify", "Delete Spotify and download it again": a proper name as
                # what an app operation acts on is an app, by that name.
                pending.append(("app", None, NAME_PREFIX + surface, position))
                continue
            close_compound()
            verb_seen = clause.op or clause.pv or clause.weak
            if verb_seen and not in_context and not any(o.main for o in clause.objects):
                clause.unknown_slots.append(position)
            continue
    close_compound()
    if agents and clause.op in _SELF_OPS and not clause.pron:
        # "let the phone charge for a while (with the original adapter)": what charges by
        # itself is what is charged; what it charges with is only the means
        name, owner, qualifier, position = agents[-1]
        clause.objects[:] = [replace(o, main=False) for o in clause.objects]
        clause.objects.insert(0, _Object(name, qualifier, True, (position,), owner=owner))
    _distribute_heads(clause)
    clause.unknown_in_slot = bool(clause.unknown_slots)
    if _outcome_check(clause):
        clause.negated = True  # "and check whether the lag calms down": the test, no step


# What a symptom does when a step worked ("see if the lag goes away", "check if it helps").
_OUTCOMES = frozenset(
    {"help", "helps", "helped", "improve", "improves", "improved", "calm", "calms", "settle"}
    | {"settles", "away", "better", "disappear", "disappears", "quieter", "faster", "fixed"}
    | {"resolved", "stops", "drops", "eases", "normal"}
)
# Openers of a test whether something happened.
_WHETHER = frozenset({"if", "whether"})


def _outcome_check(clause: _Clause) -> bool:
    """An English "check / see whether <the symptom> <changes>": what one watches for after
    the steps (only unknown words and pronouns besides), never a step of its own."""
    tokens = [t for t in clause.tokens if t.kind not in ("stop", "and", *_MARKS)]
    if not tokens or tokens[0].kind != "op" or tokens[0].value != "check":
        return False
    if not _WHETHER & set(tokens[0].surface.split()) or clause.objects:
        return False
    rest = tokens[1:]
    words = {w for t in clause.tokens[clause.tokens.index(tokens[0]) :] for w in t.surface.split()}
    known = [t for t in rest if t.kind not in ("unk", "pron", "part", "num")]
    return bool(words & _OUTCOMES) and all(t.surface in _OUTCOMES for t in known)


def _trial_check(
    frame: ActionFrame,
    clause: _Clause,
    clauses: list[_Clause],
    number: int,
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]],
) -> bool:
    """A check with nothing to check that ends the steps ("restart ur phone n check again",
    "手机重启一下看看", "重启后再看看"): seeing whether the step helped, never a step of its own
    (a check of something named, or with steps after it, stays one)."""
    if frame.op != "check" or frame.obj is not None or clause.pron or clause.objects:
        return False
    if clause.unknown_slots or _has_unknown(clause) or not items:
        return False
    return not _verb_ahead(clauses, number)


def _distribute_heads(clause: _Clause) -> None:
    """ "the Ethernet and power cables": the head noun belongs to every coordinated owner."""
    mains = [o for o in clause.objects if o.main]
    for left, right in zip(mains, mains[1:], strict=False):
        head = right.name.rsplit(".", 1)[-1]
        if left.owner and "." not in left.name and head in HEAD_OBJECTS and left.name != head:
            left.name = f"{left.owner}.{head}"


def _named(qualifier: str | None) -> bool:
    return bool(qualifier and qualifier.startswith(NAME_PREFIX))


def _compose(nouns: list[tuple[str, str | None, str | None]]) -> tuple[str, str | None]:
    """One object from adjacent nouns: a head noun takes the owner in front of it."""
    name, _owner, qualifier = nouns[-1]
    if name in HEAD_OBJECTS or name in ("reset_button", "power_button"):
        for distance, (prev_name, owner, owner_qualifier) in enumerate(reversed(nouns[:-1])):
            named = _named(owner_qualifier)
            if named and distance > 0:
                continue  # "美团的定位权限": the nearer noun says whose, not the app's name
            if named and not owner and prev_name in _NAMEABLE:
                # "清理抖音缓存", "WeChat's cache": a named app owns the head, by that name
                return f"{prev_name}.{name}", qualifier or owner_qualifier
            if owner:
                composed = f"{owner}.{name}"
                if qualifier is None and named:
                    qualifier = owner_qualifier  # "the Gmail app cache" is Gmail's
                return _COMPOUND_OBJECTS.get(composed, composed), qualifier
    return name, qualifier


def _resolve_op(clause: _Clause, previous: _Clause | None) -> str | None:
    """The clause's operation, from its verb, particle verb, particles or weak verb."""
    particles = set(clause.particles)
    op = clause.op
    pv = clause.pv
    borrowed = particles & {"on", "off", "in", "out"}
    if op is None and pv is None and previous is not None and borrowed:
        pv = previous.pv  # "turn Wi-Fi off and [turn it] on again"
        if pv is None and previous.resolved_op in ("enable", "disable", "set"):
            pv = "switch"
        if pv is None and previous.resolved_op in ("login", "logout"):
            pv = "log"  # "log out of the app and back in"
    if op is None and pv is not None:
        up_down = pv == "power" and {"down", "up"} <= particles  # "power it down and back up"
        if up_down or ({"on", "off"} <= particles and pv in ("turn", "switch", "toggle", "power")):
            op = "restart"  # "turn it off and on"
        elif ({"on", "off"} <= particles or {"in", "out"} <= particles) and pv in ("log", "sign"):
            op = "login"  # "log off and on again", "sign out and in": signing in again
        else:
            for particle in clause.particles:
                op = _PARTICLE_OPS.get((pv, particle))
                if op is not None:
                    break
        if op is None:
            op = _PARTICLE_DEFAULT.get(pv)
        if op is None and pv == "take" and "closer" in clause.qualifiers:
            op = "move"  # "take the laptop into the same room as the router"
    if op is None and pv is None and clause.weak is None and clause.aside:
        # The last step of a menu path may be only the state it ends in: "Overseas use > On",
        # "Battery > Unrestricted"; it acts on what the path led to.
        if particles and particles <= {"on", "off"}:
            op = "enable" if "on" in particles else "disable"
        elif "unrestricted" in clause.qualifiers:
            op = "set"
    cjk = any(is_cjk(t.surface[:1]) for t in clause.tokens if t.surface)
    words = ["".join(t.surface.split()).casefold() for t in clause.tokens]
    if op in (None, "nav") and cjk and "下" in words and set(words) & _STORE_PAGES:
        op = "add"  # "再去应用市场下一个": an app downloaded from the store
    if op is None and pv is None and cjk and particles and particles <= {"on", "off"}:
        # "蓝牙off一下再on": a bare on / off in Chinese text switches the thing
        op = "enable" if "on" in particles else "disable"
    named = [o.name for o in clause.objects]
    if op in (None, "nav") and any(n.endswith("troubleshooter") for n in named):
        op = "run"  # "点疑难解答", "click Troubleshoot problems": the troubleshooter is run
    if op in (None, "nav") and "password_reset" in named:
        op = "use"  # "click 'Forgot password?'": the reset link is used
    causes = any(t.kind == "causative" for t in clause.tokens)
    if op is None and causes and "discoverable" in clause.qualifiers and named:
        op = "enable"  # "让耳机进入配对模式": the buds are put in pairing mode
    if "lean_visuals" in clause.qualifiers and op in (None, "nav", "use", "set", "enable"):
        op = "disable"  # "选「调整为最佳性能」", "choose Adjust for best performance": effects off
    if op == "set" and "up" in particles:
        op = "add"  # "set it up again"
    if op == "move" and "back" in particles:
        op = "add"  # "put them back in"
    elif op == "move" and "out" in particles:
        op = "remove"  # "pop the buds out of the case"
    if op is None and clause.weak is not None:
        op = clause.weak
    if op == "check" and clause.state is not None:
        state = clause.state
        if clause.not_seen and state in ("on", "off"):
            state = "off" if state == "on" else "on"
        op = STATEFUL_OPS.get(state, op)
    return op


def _frames_of(
    clause: _Clause, previous: _Clause | None, pronoun: str | None = None
) -> list[ActionFrame]:
    """The frames a read clause stands for: one per main object outside alias matches.

    ``pronoun``: what the clause acts on when it names nothing itself (its pronoun's referent,
    or the object a Chinese serial verb continues); read as if written there, so "put them back
    on the charger" charges them and "按住开机键放电" drains residual power, not the button."""
    op = clause.resolved_op
    mains = [o for o in clause.objects if o.main]
    uncovered = [o for o in mains if not set(o.positions) & clause.covered]
    if clause.alias_ids and not uncovered:
        return []
    if op is None:
        # No borrowing past an unknown verb: "and rebuild the font cache" is not a clearing.
        unborrowable = clause.aside or clause.unknown_verb is not None
        unborrowable = unborrowable and not _radios_listed_en(clause, previous, uncovered)
        borrowed = None if previous is None or unborrowable else previous.resolved_op
        if borrowed is not None and uncovered:
            op = borrowed  # "clear the cache; [clear] the cookies too"
        elif "other" in clause.qualifiers and uncovered:
            op = "replace"  # "a different card"
        elif "factory" in clause.qualifiers and any(o.name in _POWERED for o in uncovered):
            op = "reset"  # "return the router to its default configuration"
        elif [o.name for o in uncovered] == ["ip_address"] and _ipconfig(clause):
            op = "request"  # "ipconfig /release, ipconfig /renew": the command is the step
        elif _pulled_cord(clause, uncovered):
            op = "unplug"  # "pull the router's power cord": the plug comes out
            uncovered = [o for o in uncovered if o.name in _POWERED] or uncovered
        elif _picked_out(clause, uncovered):
            op = "remove"  # "pick the lint out of the charging port": the dirt comes out
        else:
            return []
    if pronoun is not None and not uncovered:
        uncovered = [_Object(pronoun, None, True, ())]
    if op in ("unplug", "restart") and len(uncovered) <= 1 and not clause.pron:
        # "cut the power to both the modem and the router": each device is power-cycled;
        # "pull the plug on the router": the router is
        powered = [o for o in clause.objects if o.name in _POWERED and o.positions]
        if len(powered) > 1 and _coordinated(clause, powered):
            if not uncovered or uncovered[0] in powered:
                uncovered = powered
        elif len(powered) == 1 and not uncovered:
            uncovered = powered
    others = [o for o in clause.objects if "other" in o.quals]
    others = [] if _outlet_tested(op, uncovered) else others
    if op not in ("replace", "remove", "readd") and others and not any(o.main for o in others):
        # "plug the charger into a different outlet": trying another outlet is the step.
        op, uncovered = "replace", [others[0]]
    devices = len(uncovered) == 1 and uncovered[0].name in PHYSICAL_OBJECTS
    defaulting = "default" in clause.qualifiers
    # ("make this printer the default": the printer itself becomes the default one)
    if op == "set" and (devices or (not uncovered and clause.pron)) and not defaulting:
        # "switch the router to a less crowded channel": the setting is what changes.
        setting = next(
            (o for o in clause.objects if not o.main and o.name.rsplit(".", 1)[-1] in _SETTINGS),
            None,
        )
        if setting is not None:
            uncovered = [setting]
    targets: list[_Object | None] = list(uncovered) if uncovered else [None]
    if clause.alias_ids and not uncovered:
        return []
    frames = []
    for target in targets:
        frame = _normalize_frame(op, target, clause, mains)
        if frame is not None:
            frames.append(frame)
    return frames


# What is done to a phone linked to a computer (round 10: "your Android" is then the phone).
_LINKING_OPS = frozenset({"remove", "readd", "rollback", "connect", "pair"})


def _links_an_android(clause: _Clause, op: str) -> bool:
    """Whether ``clause`` links or unlinks an Android phone (a rollback only when unlinked)."""
    surfaces = {t.surface for t in clause.tokens}
    return "android" in surfaces and (op != "rollback" or "unlink" in surfaces)


# Devices shut down with their name in between, turned off (round 10).
_SHUT_DEVICES = frozenset(
    {"computer", "phone", "tablet", "router", "modem", "printer", "tv", "device"}
)
# Devices that stand somewhere and are moved away from what interferes (round 10).
_MOVABLE_DEVICES = frozenset({"router", "modem", "computer", "printer", "mesh_node", "extender"})


def _names_a_cleaning(clause: _Clause) -> bool:
    """Whether the print head is named by its cleaning ("a Head Cleaning", "nozzle clean")."""
    return any(t.kind.startswith("obj") and "clean" in t.surface.casefold() for t in clause.tokens)


def _verbless_cleaning(clause: _Clause) -> bool:
    """A cleaning of the print head named with no verb of its own ("..., then a head
    cleaning"): the verb of the step before ("run the nozzle check") is not its verb."""
    verbs = ("op", "pv", "weak")
    own_verb = any(t.kind.split("/")[0] in verbs for t in clause.tokens)
    return not own_verb and _names_a_cleaning(clause)


def _normalize_frame(
    op: str, target: _Object | None, clause: _Clause, mains: list[_Object]
) -> ActionFrame | None:
    """Canonical frame for ``op`` on ``target``: folds the usual ways of saying one action."""
    obj = target.name if target else None
    if obj in HEAD_OBJECTS and target is not None and target.positions:
        # "the cache for the app": a head takes its owner from the object after it.
        after = [o for o in clause.objects if not o.main and o.positions[0] > target.positions[-1]]
        if after and after[0].owner:
            obj = f"{after[0].owner}.{obj}"
    if (
        obj in _CLEARABLE & HEAD_OBJECTS
        and op in ("clear", "remove")
        and is_cjk(clause.tokens[0].surface[:1])
    ):
        # "在Chrome里清除缓存": the place a bare cache is cleared in owns it
        owners = [o.owner for o in clause.objects if not o.main and o.owner]
        if len(owners) == 1 and owners[0] != obj:
            obj = f"{owners[0]}.{obj}"
    # "manually" only makes a different step of the clock ("set the time manually", "手动修改时间")
    ignored = ("on", "off") if obj == "clock" else ("on", "off", "manual")
    qualifier = next((q for q in clause.qualifiers if q not in ignored), None)
    if target is not None and target.qualifier and qualifier is None:
        qualifier = target.qualifier
    if qualifier is None and obj is not None:
        # "change DNS to Google Public DNS": the value names the same thing again.
        qualifier = next(
            (o.qualifier for o in clause.objects if not o.main and o.qualifier and o.name == obj),
            None,
        )
    quals = set(clause.qualifiers)
    context = [o.name for o in clause.objects if not o.main]
    if obj is not None and obj.endswith(("reset_button", "power_button")):
        button = obj.rsplit(".", 1)[-1]
        owner = _owner_of(obj) or next(iter(context), None)
        if button == "reset_button" and op in ("hold", "use", "reset"):
            op, obj = "reset", owner
        elif op == "hold" and button == "power_button" and _pressed_briefly(clause):
            obj, qualifier = "power_button", "brief"  # "press power and volume up briefly"
        elif op in ("restart", "enable", "open", "disable") and owner != "power_button":
            # "press the printer's power button to switch it off and on", "turn it back on"
            # (the pronoun took the button): it is the device that restarts or comes back on
            obj = owner if owner in _POWERED else "device"
        else:
            obj = "power_button"
    if clause.device_manager and obj in _DRIVEN and op in _DRIVER_OPS:
        obj = f"{obj}.driver"  # "uninstall the printer in Device Manager": its driver
    if op == "set" and obj == "printer" and "default" in (qualifier, *quals):
        obj, qualifier = "default_printer", None  # "make this printer the default"
    if obj == "dirt" and op in ("remove", "clear", "clean"):
        # "把充电孔里的灰挑出来": the place is in the sentence, or the noun the dirt is in
        where = [n for n in (target.nouns if target is not None else ()) if n != "dirt"]
        op, obj = "clean", next(iter(context), None) or next(iter(where), None)
    if op == "disconnect" and obj == "wifi":
        obj = "wifi_network"  # "把WiFi断开": one disconnects from the network, the radio stays on
    if op == "disconnect":
        op = "unplug" if obj in PHYSICAL_OBJECTS else "disable"
    if op in ("remove", "clear") and obj is not None and obj.split(".")[-1] in _CLEARABLE:
        op = "clear"
    if op == "close" and obj in ("account", "device"):
        op = "logout"  # "退出账号", "quit your account", "退出所有设备"
    if op == "replace" and obj is not None and obj.rsplit(".", 1)[-1] in SETTABLE_HEADS:
        op = "set"  # "把 Wi-Fi 信道换一个", "swap the DNS server": a value is changed
    if qualifier == "discoverable" and op in ("set", "enable", "move", "use", "add"):
        # "make your phone visible to other devices"; "put the earbuds in pairing mode" is
        # theirs, not the phone's
        op, obj = "enable", obj if obj == "headphones" else "bluetooth"
    queued = "print_queue" in context or "print_queue" in (target.nouns if target else ())
    if op in ("remove", "clear") and obj in ("files", None) and queued:
        op, obj = "clear", "print_queue"  # "cancel all documents in the print queue"
    if op == "hold" and obj == "residual_power":
        obj = "power_button"  # "长按开机键三十秒把余电放掉": one holds the button, not the charge
    # "unplug the printer from the computer for a minute" frees a data link, not the power
    words = {token.surface.casefold() for token in clause.tokens}
    from_device = "from" in words and any(o in _POWERED and o != obj for o in context)
    if op == "unplug" and obj in _POWERED and _for_a_while(clause) and not from_device:
        op = "restart"  # "unplug the router for 30 seconds": it is off for a while, then back
    clients = ("computer", "console", "tv", "streaming_stick", "printer")
    if op == "plug_in" and obj in clients and {"router", "modem"} & set(context):
        op, obj = "use", "ethernet"  # "plug the laptop straight into the router"
    cabled = {"charging.cable", "cable"} & set(context)
    if op in ("connect", "plug_in") and obj in _POWERED and cabled and "charger" not in context:
        qualifier = "cable"  # "connect the printer with a USB cable" is not joining Wi-Fi
    if op == "unplug" and obj == "battery":
        op = "remove"  # "拔掉电池", "pull the battery": the battery comes out
    buttons = ("power_button", "volume_button")
    if op in ("disable", "enable") and obj in buttons:
        # "按住侧边键和音量键，滑动关机": the device powers off, not the button
        devices = OBJECT_FAMILIES["device"] | {"router", "modem", "extender"}
        obj = next((o for o in context if o in devices), "device")
    if op == "restart" and obj in ("power.cable", "power", "charger", *buttons):
        # "把电视的电源拔掉再插上": cycling the power of a device restarts the device; so does
        # "把路由器的插头拔了再插回去" (the device owns the plug) and "按住电源键，选重新启动" or
        # "开始菜单 > 电源 > 重启" (a device's power button or menu, whichever device it is)
        devices = OBJECT_FAMILIES["device"] | {"router", "modem", "extender"}
        owned = target.nouns if target is not None else ()
        device = next((o for o in (*context, *owned) if o in devices), None)
        generic = obj != "charger"
        obj = device or ("device" if generic else obj)
    obj, qualifier = _installed_app_zh12(op, obj, qualifier, clause)
    accounted = any(o.name == "account" for o in clause.objects)
    if op == "close" and (obj in _PAYMENT_METHODS or obj == "app") and accounted:
        op = "logout"  # "支付宝先退出账号", "微信先退出账号": the app's account is signed out of
    if op in ("login", "logout") and obj in _PAYMENT_METHODS and qualifier is None:
        # "支付宝退出重新登录": the payment app's account, as WeChat's is
        qualifier = NAME_PREFIX + ("wechat" if obj == "wechat_pay" else obj)
        obj = "account"
    if op in ("login", "logout") and obj in ("app", "browser", "where", "device", None):
        obj = "account"  # "sign out of the app": it is the account session that ends
    context_nouns = {n for o in clause.objects if not o.main for n in (o.nouns or (o.name,))}
    emailing = context_nouns & {"email", "mailbox", "email_account"}
    if obj == "account" and emailing and op in ("remove", "readd", "add", "login", "logout"):
        obj = "email_account"  # "在邮件app里移除账户再加回来": the mail account
    if obj == "credentials" and op in ("add", "use", "set", "readd"):
        op, obj = "login", "account"  # "enter your credentials again": signing in
    if op in ("login", "logout") and obj in ("mailbox", "email"):
        obj = "email_account"  # "登录邮箱": signing in to the mailbox is the email account
    if op == "login" and obj in PHYSICAL_OBJECTS:
        op = "nav"  # "log into the router's admin page": a way in, not a remedy
    elif op == "login" and obj in ("password", "username"):
        obj = "account"  # "用账号密码重新登录": signing in with the password signs in
    elif op == "login" and obj not in ("account", "email_account", None):
        op = "use"  # "sign in with a recovery code" uses the code
    resetting = ("request", "use", "open", "add", "check", "create", "set", "reset")
    if obj == "password_reset" and op in resetting:
        # "request a password reset link"; "通过忘记密码设一个新的": the new one is the reset
        op, obj, qualifier = "reset", "password", None
    if op == "connect" and obj == "password":
        obj = "wifi_network"  # "reconnect with the password": it is the network that is joined
    if op in ("remove", "readd", "connect") and obj == "wifi":
        obj = "wifi_network"  # you forget or join a network, not the radio
    if obj is not None and obj.split(".")[-1] == "update":
        owner = _owner_of(obj) or next((o.name for o in mains if o is not target), None)
        if owner is None and any(c.split(".")[0] == "os" for c in context):
            owner = "os"  # "install the pending updates from Windows Update"
        if op in ("remove", "rollback"):
            op, obj = "rollback", owner
        elif op in ("add", "check", "run", "use", "update", "request"):
            op, obj = "update", owner
    nouns = target.nouns if target is not None else ()
    powering = op in ("unplug", "plug_in", "restart", "disable", "enable")
    plug_owner = next((n for n in nouns if n in PHYSICAL_OBJECTS and n != "charger"), None)
    if obj == "charger" and op in ("unplug", "plug_in") and plug_owner is not None:
        obj = plug_owner  # "把路由器的插头拔了再插回去": the plug is the router's, it cycles
    if obj in ("power", "power.cable") and powering:
        # "unplug the router's power cable": it is the router that is power-cycled.
        device = next(
            (n for n in (*nouns, *context) if n in PHYSICAL_OBJECTS and n not in ("power",)),
            None,
        )
        if device is not None:
            obj = device
    if obj == "trash" and _in_mail_app([clause]):
        obj = "email.trash"  # "the trash folder in the Outlook sidebar": its Deleted Items
    if op in ("remove", "clear") and obj is not None and obj.rsplit(".", 1)[-1] == "trash":
        # "empty the trash / the recycle bin" frees space; "清空已删除邮件", the mailbox's
        op, obj = "free", "mailbox.storage" if obj == "email.trash" else "storage"
    if op in ("remove", "clear") and obj is not None and obj.rsplit(".", 1)[-1] == "storage":
        op = "free"  # "delete old emails so the mailbox has room"
    if op == "free" and obj in ("email.storage", "mail.storage"):
        obj = "mailbox.storage"
    if op == "check" and obj == "isp" and "outage" in context:
        obj = "outage"  # "look at your provider's status page for outages"
    if op in ("reset", "clear") and obj in ("router.settings", "modem.settings"):
        op, obj = "reset", obj.split(".")[0]  # "wipe the router's settings": it is reset
    if op == "contact" and obj in _ASKED_ABOUT:
        op = "check"  # "问一下是不是有故障": asking whether there is an outage checks for it
    if op == "drain" and obj in ("power_button", *OBJECT_FAMILIES["device"]):
        obj = "residual_power"  # "按住开机键放电", "drain the laptop": it is residual power
    if op == "scan":
        obj = "malware"  # support only ever scans for malware ("scan your PC with antivirus")
    if op in ("check", "run") and obj == "malware":
        op = "scan"  # "do a full virus check", "run Defender": checking for malware scans
    if op == "restart" and obj is not None and obj.endswith(".firmware"):
        obj = obj.rsplit(".", 1)[0]  # "update the router firmware and reboot it": the router
    if op == "clear" and qualifier == "factory" and obj is not None:
        op = "reset"  # "wipe it back to its out-of-box state" resets it
    if obj == "app" and qualifier == NAME_PREFIX + "vpn" and op in ("disable", "close", "enable"):
        op, obj, qualifier = ("enable" if op == "enable" else "disable"), "vpn", None
    if op in ("disable", "close") and obj == "app":
        # ("把应用从后台划掉": swiped out of the recents, the app itself is closed)
        places = ("startup_apps",) if op == "close" else ("startup_apps", "background_apps")
        modes = [o for o in context if o in places]
        modes += [o for o in nouns if o in ("startup_apps", "background_apps")]
        obj = modes[0] if modes else obj  # "stop programs from starting automatically"
    if op == "disable" and obj in ("background_apps", "app"):
        op = "close"  # "turn off background apps" closes them
    if op == "login" and ("incognito" in context or obj == "incognito"):
        op, obj = "use", "incognito"  # "log in from an incognito window"
    head = obj.rsplit(".", 1)[-1] if obj is not None else None
    if op == "use" and head in SETTABLE_HEADS and any(t.kind == "ba" for t in clause.tokens):
        op = "set"  # "把无线信道换成6": the setting is given another value
    if op == "enable" and head == "permission":
        op = "allow"  # "给app开定位权限": turning a permission on grants it
    if head == "permission" and qualifier is None:
        # "给美团开启定位权限": the app it is granted to, by name
        qualifier = next(
            (o.qualifier for o in clause.objects if not o.main and o.name == "app" and o.qualifier),
            None,
        )
    if "discoverable" in quals and op in ("hold", "use", "move") and obj is not None:
        op, qualifier = "set", "discoverable"  # "长按耳机进入配对状态"
    if op == "use" and head in SETTABLE_HEADS and qualifier is not None:
        op = "set"  # "use Cloudflare's DNS servers"
    if op == "update" and head in SETTABLE_HEADS:
        op = "set"  # "update your billing address" changes a value
    if obj in ("wifi.password", "router.admin_password") and op in ("reset", "readd", "replace"):
        op = "set"  # "change / reset the Wi-Fi password": a new value, not an account reset
    # ("重新设置密码": setting a password up again is a new password too)
    changes = op in ("set", "replace", "create", "update", "readd")
    own_value = obj in ("app_password", "wifi.password", "router.admin_password")
    if changes and head in ("password", "payment_password") and not own_value:
        op, qualifier = "reset", None  # "set a new password" / "change your password"
    if op == "free" and obj is None:
        # "make room on your phone": what is freed is storage, wherever the text says.
        owner = next((o for o in context if o in _STORAGE_OWNERS), None)
        obj = f"{owner}.storage" if owner else "storage"
    if op == "free" and obj == "storage":
        # "free up space on the C drive": the place says whose storage.
        owner = next((o for o in context if o in _STORAGE_OWNERS), None)
        obj = f"{owner}.storage" if owner else obj
    if op == "free" and obj is not None and not obj.endswith("storage") and obj != "ram":
        obj = f"{obj}.storage" if obj in _STORAGE_OWNERS else "storage"
    everything = {o.name for o in clause.objects}
    wired = everything & {"ethernet", "ethernet.cable"}
    if op in ("connect", "plug_in", "use", "run") and wired and "other" not in quals:
        op, obj = "use", "ethernet"  # "plug the computer into the router with a network cable"
    plugging = op in ("plug_in", "move", "use", "connect", "add")
    instead = clause.excluded_from is not None  # "into the wall instead of the power strip"
    if plugging and ("other" in quals or instead) and "power_outlet" in everything:
        op, obj = "replace", "power_outlet"  # "插到别的插座上": it is the outlet that changes
    if op == "charge" and obj in _SWAPPED_PARTS and "other" in quals:
        op = "replace"  # "用别的充电器充一下": charging with another charger tries that charger
    if op == "charge" and obj == "charger" and clause.weak == "use" and not context:
        op = "use"  # "用原装充电器充": charging with the original charger is using it
    if op == "charge" and obj == "charger" and "other" not in quals:
        # "用墙充给手机充半小时电": charged with the charger, the phone is what charges
        obj = next((o for o in context if o in OBJECT_FAMILIES["device"]), obj)
    if obj == "caps_lock" and op == "enable" and clause.op == "check":
        op = "disable"  # "看看是不是开了大写": checking Caps Lock is making sure it is off
    if op == "charge" and obj == "battery":
        # "top up the headset battery": the device whose battery it is gets charged
        obj = next((n for n in nouns if n in OBJECT_FAMILIES["device"]), obj)
    chargeable = obj in ("headphones", "phone", "device", "tablet", "computer", "battery")
    charger_there = "charger" in context and "other" not in quals
    alone = not [o for o in context if o not in ("power", "power_outlet")]
    if op == "plug_in" and chargeable and obj != "computer" and alone and "other" not in quals:
        op = "charge"  # "plug the phone in", "plug the earbuds in": they charge
    if op in ("move", "plug_in", "connect", "add", "use") and chargeable and charger_there:
        op = "charge"  # "put the earbuds in their charging case"
    if op in ("add", "use", "move") and "latest" in quals:
        op = "update"
    if op == "update" and obj == "ram":
        op = "add"
    if op in ("add", "run", "request") and obj == "os":
        op = "update"  # "install the system update", "安装系统更新": the system is updated
    if op in ("move", "add") and obj == "ink_cartridge":
        op = "replace"  # "put fresh cartridges in": a cartridge goes in to replace the old one
    if op in ("remove", "readd", "add", "update") and obj == "background_apps":
        obj = "app"  # "uninstall the programs you don't use": the programs themselves
    if op in ("set", "use", "move", "add") and qualifier == "factory" and obj is not None:
        op = "reset"  # "return the router to its out-of-the-box configuration"
    if op == "wait" and obj is None and "charger" in context:
        op, obj = "charge", "device"  # "leave it on the charger for half an hour"
    if op in ("run", "use") and obj == "ip_address":
        op = "request"  # "run ipconfig /release then ipconfig /renew" renews the lease
    if op in ("run", "use", "clear") and obj == "print_head":
        # "run the head cleaning utility", "do a nozzle clean", "purge the nozzles" (round 20)
        op = "clean"
    if obj == "os" and op in _LINKING_OPS and _links_an_android(clause, op):
        # round 10: "unlink your Android from Phone Link", "pair the Android again": the phone
        op, obj = ("remove" if op == "rollback" else op), "phone"
    if op == "close" and obj in _SHUT_DEVICES and any(t.surface == "down" for t in clause.tokens):
        op = "disable"  # round 10: "shut the ThinkPad down" turns it off, it is not closed
    if op == "use" and obj in _MOVABLE_DEVICES and any(t.surface == "away" for t in clause.tokens):
        op = "move"  # round 10: "get the router away from the microwave"
    if op in ("open", "nav") and obj == "print_head" and _names_a_cleaning(clause):
        op = "clean"  # round 10: "start a Head Cleaning from the Maintenance menu"
    if op != "clean" and obj == "print_head" and _verbless_cleaning(clause):
        op = "clean"  # round 11: "run the nozzle check, then a head cleaning": no check again
    if op in ("use", "check") and obj is not None and obj.endswith("troubleshooter"):
        op = "run"  # "use the printing troubleshooter"
    if op == "clear" and obj is not None and obj.rsplit(".", 1)[-1] == "port":
        op = "clean"  # "把充电口清理一下": a port is cleaned, not emptied
    replugged = any(t.value == "readd" and "插" in t.surface for t in clause.tokens)
    if op == "readd" and replugged and obj in _WIPEABLE:
        op = "plug_in"  # "路由器拔过电重新插上": the device is plugged back in
    if op == "move" and obj == "position":
        obj = None  # "放到柜子上面": the place says where; what is moved is the thing before
    if op == "clean" and obj is not None and (obj == "bios" or obj.endswith("firmware")):
        op = "update"  # "刷一下BIOS": flashing the BIOS updates it, nothing is brushed
    if op == "remove" and obj == "os":
        op = "rollback"  # "卸载系统更新": uninstalling the system's update rolls it back
    if op == "clear" and obj == "disk":
        op, obj = "free", "disk.storage"  # "清理一下C盘": clearing a drive frees its space
    if op == "clean" and obj in ("disk", "computer"):
        op, obj = "free", f"{obj}.storage"  # "clean up the hard drive": Disk Cleanup frees it
    if op == "clean" and obj is not None and obj.rsplit(".", 1)[-1] == "storage":
        op = "free"  # "clean up disk space", "清理一下存储空间": space is freed, not dusted
    if op == "replace" and obj in _PAYMENT_METHODS:
        op = "use"  # "换支付宝付款": switching to a way of paying is paying that way
    if obj is None and qualifier in ("5ghz", "2.4ghz") and op in ("set", "use", "replace"):
        op, obj = "set", "wifi_network"  # "swap over to 5 GHz": the network's band
    if op in ("move", "set", "add", "use") and qualifier == "same_network":
        op = "connect"  # "put the printer on the same network as your PC"
    if op in ("set", "use") and obj == "wifi_network" and qualifier in ("5ghz", "2.4ghz"):
        op = "connect"  # "switch the laptop over to the 5 GHz network" joins it
    if op == "close" and obj == "vpn":
        op = "disable"  # "quit Surfshark": the VPN is off
    if op in ("remove", "clear") and obj == "paper":
        obj = "paper_jam"  # "take out the crumpled sheet": it is the jam that is cleared
    if obj in ("router.channel", "modem.channel", "extender.channel"):
        obj = "wifi.channel"  # "set the router's channel to 6": the Wi-Fi channel it broadcasts
    if op in ("unplug", "plug_in", "disconnect", "readd") and obj == "charging":
        obj = "charging.cable"  # "unplug the USB": the USB cable is what comes out
    if op == "replace" and obj is not None and (obj == "driver" or obj.endswith(".driver")):
        op = "update"  # "remove the old driver and install the new one": the newer driver on
    if obj == "wifi.channel" and qualifier in ("2.4ghz", "5ghz"):
        qualifier = None  # "the 2.4 GHz Wi-Fi channel": the band says whose; the value differs
    if op == "restart" and obj in ("cable", "charging.cable", "ethernet.cable", "power.cable"):
        op = "readd"  # "unplug the cables and plug them back in firmly" reseats them
    if op == "set" and obj in _SWAPPED_PARTS:
        op = "replace"  # "change the toner", "change the charger": a part is swapped
    if op == "clear" and obj in _WIPEABLE:
        op = "reset"  # "wipe the AirPods", "wipe the phone": a wiped device is reset
    if op == "allow" and obj == "card.international":
        op = "enable"  # "have the bank allow overseas purchases" turns them on for the card
    if op == "add" and obj == "2fa":
        op = "enable"  # "set up two-factor authentication" turns it on
    if op == "add" and obj == "backup_code":
        op = "use"  # "enter one of your backup codes" signs in with it
    if op == "clear" and obj == "mailbox":
        op, obj = "free", "mailbox.storage"  # "clear out your inbox" makes room in it
    if op in ("enable", "set", "use") and obj == "clock" and "auto" in (qualifier, *quals):
        op, qualifier = "sync", None  # "turn on automatic date and time" keeps it in sync
    settable = head in SETTABLE_HEADS and op == "set"  # "把DNS服务器改成别的": a new value
    if settable and qualifier == "other":
        qualifier = None
    if op in ("use", "connect", "add", "set") and "other" in quals and not settable:
        op = "replace"
    if op == "charge" and "other" in quals and obj in _CHARGING_PARTS:
        op = "replace"  # "charge with a different USB cable": the cable is what is tried
    if op in ("update", "reset") and "previous" in quals:
        op = "rollback"  # "恢复到之前的版本", "restore it to the earlier version"
    if obj == "sender" and op in ("allow", "disable", "deny"):
        # "whitelist the sender", "信任发件人" / "block the sender", "把发件人拉黑"
        op, obj = "add", "safe_senders" if op == "allow" else "blocked_senders"
    lists = everything & {"safe_senders", "blocked_senders"}
    if lists and op in ("add", "connect", "set", "move", "enable", "allow"):
        # "把发件人加入白名单", "设为安全发件人": it is the list that gets the sender
        op, obj = "add", next(iter(lists))
    if obj == "payment" and op in ("use", "replace", "set"):
        # "用支付宝付款", "用微信支付": the payment method is what is used
        methods = (*_PAYMENT_METHODS, "card")
        method = next((n for n in (*nouns, *context) if n in methods), None)
        if method is None and target is not None and target.qualifier == NAME_PREFIX + "wechat":
            method = "wechat_pay"
        obj = method or obj
    if op in ("move", "use") and "closer" in quals:
        op = "move"  # "keep the headphones closer to the phone"
    if op == "set" and qualifier == "other" and head in SETTABLE_HEADS:
        qualifier = None  # "pick a different channel": changing it is the step
    if qualifier in ("other", "latest", "previous") and op in ("replace", "update", "rollback"):
        qualifier = None  # absorbed into the op
    if op in ("remove", "clear") and obj == "files" and (owner := _app_folder(clause)):
        op, obj, qualifier = "clear", "app.data", owner  # "delete the Teams folder in %appdata%"
    op, obj, qualifier = _fold_methods_en(op, obj, qualifier, clause, [*context, *nouns])
    op, obj, qualifier = _fold_account_app_mail(op, obj, qualifier, target, clause, context)
    op, obj, qualifier = _fold_wordings_zh(op, obj, qualifier, target, clause, context)
    op, obj, qualifier = _fold_colloquial_zh(op, obj, qualifier, clause)
    op, obj, qualifier = _fold_everyday_steps_zh(op, obj, qualifier, clause)
    op, obj, qualifier = _fold_round8_zh(op, obj, qualifier, clause)
    op, obj, qualifier = _fold_settings_buttons_zh(op, obj, qualifier, clause)
    op, obj, qualifier = _fold_settings_switches_zh(op, obj, qualifier, clause)
    if (folded := _fold_apps_sync_en(op, obj, qualifier, clause)) is None:
        return None  # a keyboard shortcut pressed only opens where the next step happens
    op, obj, qualifier = folded
    op, obj, qualifier = _fold_means_outcomes_en(op, obj, qualifier, clause)
    op, obj, qualifier = _fold_references_en(op, obj, qualifier, clause, context)
    op, obj, qualifier = _fold_named_targets(op, obj, qualifier, target, clause)
    op, obj, qualifier = _fold_handling_en(op, obj, qualifier, clause, [*context, *nouns])
    op, obj, qualifier = _fold_apps_accounts_disk_en(op, obj, qualifier, clause, context)
    op, obj, qualifier = _fold_accounts_round8_en(op, obj, qualifier, clause, context)
    op, obj, qualifier = _fold_accounts_round9_en(op, obj, qualifier, clause, context)
    op, obj, qualifier = _fold_false_blocks9(op, obj, qualifier, clause)
    if (round11 := _fold_round11_accounts_en(op, obj, qualifier, clause)) is None:
        return None
    op, obj, qualifier = round11
    op, obj, qualifier = _fold_mixed12(op, obj, qualifier, clause, context)
    op, obj, qualifier = _fold_zh13(op, obj, qualifier, clause)
    if op == "move" and obj == "payment_order":
        # "move Yu'e Bao to the top of the list": the order set to it first (round 11)
        op, qualifier = "set", qualifier or next(iter(sorted(clause.qualifiers)), None)
    if obj is None:
        obj = DEFAULT_OBJECTS.get(op)
    if obj is None and op not in _OBJECTLESS_OPS and op not in _PREPARATORY_OPS:
        return ActionFrame(op, None, qualifier)  # resolved later from neighbours, or not at all
    return ActionFrame(op, obj, qualifier)


# Ops that end sessions when they act on "all sessions" / "every device".
_ENDING_OPS = frozenset({"logout", "close", "remove", "deny", "disable"})
# What "up to date" / "for updates" asks of: checking it is updating it.
_UPDATABLE = frozenset({"app", "os", "browser", "bios", "firmware"})
# What a named mail provider's account is when it is re-added ("the Gmail account").
_MAIL_PROVIDERS = frozenset({"google", "microsoft"})
_MAIL_APPS = frozenset(
    NAME_PREFIX + name
    for name in ("outlook", "gmail", "thunderbird", "apple mail", "yahoo mail", "spark", "foxmail")
)
# Permissions an app is given ("grant the app access to your camera").
_PERMISSION_OF = ("camera", "microphone", "location", "notifications", "files", "phone")


# An app's installer (安装包, 安装程序) installed, and a payment app (支付宝, 云闪付) uninstalled
# or installed again: the app (round 12, zh).
_UNINSTALLS_ZH12 = frozenset({"卸 载", "卸 载 掉", "卸 掉", "卸 载 了"})


def _installed_app_zh12(
    op: str, obj: str | None, qualifier: str | None, clause: _Clause
) -> tuple[str | None, str | None]:
    """ "去官网下个安装包重新安装": the installer installed again is the app reinstalled, not files
    put back; "把支付宝卸载了重新装" is the Alipay app reinstalled, as WeChat's is, not the
    payment method (which is unbound, 解绑, and bound again)."""
    surfaces = {token.surface for token in clause.tokens}
    verbs = [token.surface for token in clause.tokens if token.kind == "op"]
    installs = any("装" in verb or "下 载" in verb for verb in verbs)
    if obj == "files" and op in ("readd", "add", "update") and any("装" in v for v in verbs):
        return "app", qualifier  # files installed (装) are a program's
    reinstalled = (
        op == "update"
        or (op in ("readd", "add") and installs)
        or (op == "remove" and bool(surfaces & _UNINSTALLS_ZH12))
    )
    if obj in _PAYMENT_METHODS and reinstalled and not _named(qualifier) and _nuance(qualifier):
        return "app", NAME_PREFIX + ("wechat" if obj == "wechat_pay" else obj)
    return obj, qualifier


def _payment_app_reinstalled_zh12(removed: ActionFrame, reinstall: ActionFrame) -> bool:
    """ "删掉支付宝，再去应用商店重新下载安装": the payment app deleted right before an app is
    installed again from the store is that app, its removal half of the reinstall."""
    return (
        removed.op == "remove"
        and removed.obj in _PAYMENT_METHODS
        and (reinstall.op, reinstall.obj) == ("readd", "app")
        and reinstall.qualifier in (None, NAME_PREFIX + removed.obj)
    )


def _ipconfig(clause: _Clause) -> bool:
    """Whether the clause spells an ipconfig command ("ipconfig /renew")."""
    return any(t.surface.casefold().startswith("ipconfig") for t in clause.tokens)


def _band_of_a_setting(
    frame: ActionFrame, clauses: list[_Clause], span: list[tuple[str, int, int]]
) -> bool:
    """ "Set the 2.4 GHz channel to 6": a band that only says which band's channel is set
    names no switch to that band."""
    objects = {o.name for _, n, _ in span for o in clauses[n].objects}
    if frame.obj == "battery_saver" and "wifi" in objects:
        return True  # "turn off power saving for the wireless adapter": the adapter's own
    if frame.obj != "wifi_network" or frame.qualifier not in ("2.4ghz", "5ghz"):
        return False
    if any(o.rsplit(".", 1)[-1] == "channel" for o in objects):
        return True
    # "pick 2.4GHz and set Channel to 11", "2.4GHz > Channel: 6": a band picked on the way
    # (no verb of its own, or a pick) right before the channel's clause is that channel's.
    last = span[-1][1]
    picked = all(clauses[n].resolved_op in (None, "nav") for _, n, _ in span)
    after = clauses[last + 1].objects if last + 1 < len(clauses) else []
    return picked and any(o.name.rsplit(".", 1)[-1] == "channel" for o in after)


def _pulled_cord(clause: _Clause, uncovered: list[_Object]) -> bool:
    """ "Pull / yank the router's power cord": a power lead pulled is unplugged; so is a bare
    cord named with its device or the wall ("pull the Canon's cord from the wall")."""
    if clause.unknown_verb is None:
        return False
    verb = clause.tokens[clause.unknown_verb].surface.casefold()
    if verb not in _PULLS:
        return False
    walled = any(o.name == "power_outlet" for o in clause.objects if not o.main)
    if len(uncovered) == 1 and uncovered[0].name in _POWERED and "out" in clause.particles:
        return walled  # "pull the extender out of the wall socket"
    if len(uncovered) == 1 and uncovered[0].name == "cable":
        # "the Canon's cord", "the cord from the wall": a device's or the wall's cord
        walled = any(o.name == "power_outlet" for o in clause.objects if not o.main)
        return walled or bool(set(uncovered[0].nouns) & _POWERED)
    if len(uncovered) == 1:
        return uncovered[0].name in ("power.cable", "power", "charger")
    devices = [o for o in uncovered if o.name in _POWERED]
    leads = [o for o in uncovered if o.name in ("power.cable", "power", "charger", "cable")]
    return len(devices) == 1 and len(leads) == 1 and len(uncovered) == 2


def _fold_merged_steps(frame: ActionFrame) -> ActionFrame:
    """A merged pair of steps, folded: "pull the plug out of the wall, then plug it back in"
    cycles the power of whatever is on the outlet, not the outlet."""
    if frame.op == "restart" and frame.obj == "power_outlet":
        return ActionFrame("restart", "device", frame.qualifier)
    if frame.op == "update" and frame.obj in ("os.update", "app.update"):
        # "Settings > Windows Update and click Check for updates": the system is updated
        return ActionFrame("update", frame.obj.split(".")[0], frame.qualifier)
    if frame.op == "replace" and frame.obj in _DRIVERS:
        # "remove the old driver and install the new one": the newer driver is put on
        return ActionFrame("update", frame.obj, None)
    return frame


def _power_path(frame: ActionFrame, clauses: list[_Clause], number: int) -> bool:
    """ "Click Start, then the power icon, then Restart": a restart or shut-down after steps
    that only click through a power menu (nothing else named) acts on the device."""
    if frame.op not in _DEVICE_BUTTON_OPS or number == 0:
        return False
    before = clauses[:number]
    on_the_way = all(o.name in _ON_THE_WAY for c in clauses[: number + 1] for o in c.objects)
    powered = any(t.surface.casefold().startswith("power") for c in before for t in c.tokens)
    return on_the_way and powered


def _fold_methods_en(
    op: str, obj: str | None, qualifier: str | None, clause: _Clause, context: list[str]
) -> tuple[str, str | None, str | None]:
    """English class folds: the same step named by its method or a neighbouring noun."""
    if op == "restart" and obj == "power_outlet":
        # "pull the plug out of the wall, wait, plug it back in": the device on it restarts
        devices = OBJECT_FAMILIES["device"] | {"router", "modem", "extender"}
        obj = next((o for o in context if o in devices), "device")
    cased = "case" in {t.surface.casefold().removeprefix("the ") for t in clause.tokens}
    if cased and op in ("remove", "unplug"):
        # "take the case off the phone", "take the phone out of its case" (round 12): the
        # phone's cover, not a charging case, and not the phone
        taken_out = obj == "phone" and "out" in clause.particles
        if taken_out or (obj == "charger" and "phone" in context):
            op, obj = "remove", "phone_case"
    if op == "connect" and obj == "charger":
        op = "plug_in"  # "reconnect the AC adapter firmly" = "plug the adapter back in"
    if op in ("readd", "remove") and obj == "payment_method":
        obj = "card"  # "delete the saved payment method and re-add it": the saved card
    banded = qualifier in ("2.4ghz", "5ghz")
    # "put 2.4 GHz on channel 6", "put the 2.4 GHz band on channel 1"
    bare = obj in (None, "wifi_network") and "channel" in context
    if (op in ("move", "use") or (op == "set" and banded)) and (obj == "channel" or bare):
        # "put 2.4 GHz on channel 6": the band is where the channel is set, not another step
        op, obj = "set", "wifi.channel"
        qualifier = None if banded else qualifier
    if obj == "dirt" and op in ("use", "move") and "out" in clause.particles:
        # "get the lint out of the charging port with a toothpick": the port is cleaned
        op, obj = "clean", next((o for o in context if o != "dirt"), None)
    if obj in ("power_management", "battery_saver") and "wifi" in context:
        # "disable Wi-Fi power saving", "untick 'Allow the computer to turn off this device to
        # save power' for the wireless adapter": the adapter's own, not the battery saver
        obj = "wifi.power_management"
    if op in ("add", "run", "use") and obj == "ip_address" and _ipconfig(clause):
        op = "request"  # "type ipconfig /renew in Command Prompt"
    if "keep_data" in clause.qualifiers and op in ("remove", "clear", "free"):
        # "delete the app but keep its documents and data": offloading it
        named = qualifier if qualifier and qualifier.startswith(NAME_PREFIX) else None
        if obj in ("app", "app.data", "storage", None) or named:
            op, obj, qualifier = "free", "storage", named
    if op == "replace" and obj in ("wifi.password", "router.admin_password"):
        op, qualifier = "set", None  # "set a new wireless key on the router": a new value
    words = {token.surface.casefold() for token in clause.tokens}
    profiles = any("profile" in w for w in words)
    if obj == "email_account" and (op == "create" or (op == "add" and profiles)):
        # "make a new mail profile", "Control Panel > Mail > Show Profiles > Add": a profile is
        # always a new one (no "other" needed)
        op, qualifier = "create", None
    if op == "run" and obj == "app" and qualifier == "safe_mode":
        op = "open"  # "run outlook.exe /safe" starts it in safe mode
    if op == "update" and obj == "os.update":
        obj = "os"  # "Settings > Windows Update > Check for updates"
    flashing = words & {"flash", "flashes", "flashing", "blink", "blinks", "blinking"}
    others = (OBJECT_FAMILIES["device"] | {"printer", "router", "modem", "extender"}) - {
        "headphones"
    }
    buds_button = (
        obj in ("headphones", "charger", "setup_button")
        or (obj == "power_button" and "headphones" in context)
        or (obj is None and "charger" in context)  # "hold the button on the case"
    )
    buds_button = buds_button and not others & set(context)  # a printer's setup button
    if op == "hold" and buds_button and flashing:
        # "hold the button on the back of the case until the light flashes amber (then
        # white)": amber is the reset; white or blue alone, pairing mode
        if "amber" in words or "orange" in words:
            op, obj, qualifier = "reset", "headphones", None
        elif words & {"white", "blue"}:
            op, obj, qualifier = "enable", "headphones", "discoverable"
        elif "together" in words or any(w.startswith("custom") for w in words):
            # "hold the power and CUSTOM buttons together until the indicator flashes": two
            # buttons held down at once on headphones (no pairing colour) reset them
            op, obj, qualifier = "reset", "headphones", None
    return _fold_devices9_en(op, obj, qualifier, clause, context)


# Ticking a box is turning on what its label says: a label that itself turns something off
# ("tick 'Disable SIP ALG'") turns it off, and unticking it turns it back on.
_TICKS = frozenset({"tick", "ticks", "ticked", "check", "checks", "checked"})
_UNTICKS = frozenset({"untick", "unticks", "unticked", "uncheck", "unchecks", "unchecked"})
# What a wipe cleans rather than erases: a charger, buds, their contacts.
_WIPED_CLEAN = frozenset({"charger", "headphones", "charging", "charging_port"})


def _fold_devices9_en(
    op: str, obj: str | None, qualifier: str | None, clause: _Clause, context: list[str]
) -> tuple[str, str | None, str | None]:
    """English device folds of round 9: ticked 'Disable ...' boxes, a VPN used, wiped parts."""
    words = [t for t in clause.tokens if t.kind != "stop"]
    boxes = _TICKS | _UNTICKS
    ticked, labelled = next(
        (
            (t.surface.casefold(), w.value)
            for t, w in zip(words, words[1:], strict=False)
            if t.surface.casefold() in boxes
        ),
        ("", ""),
    )
    if op in ("enable", "disable") and labelled == "disable":
        # "tick (the) 'Disable SIP ALG' (box)" (the quotes dropped): the label says what happens
        op = "disable" if ticked in _TICKS else "enable"
    names = {o.name for o in clause.objects}
    if op == "plug_in" and "hdmi.extender" in names:
        # "plug in the HDMI extender cable that came in the box (so the stick hangs away from
        # the TV)": the extender is used
        op, obj, qualifier = "use", "hdmi.extender", None
    wan = any("wan" in t.surface.casefold().split() for t in clause.tokens)
    if obj in ("modem.cable", "router.cable") and ({"modem", "router"} <= names or wan):
        # "the cable that runs from the modem into the router's WAN port": the Ethernet one
        obj = "ethernet.cable"
    banded = qualifier in ("2.4ghz", "5ghz") or any(
        t.kind == "q" and t.value in ("2.4ghz", "5ghz") for t in clause.tokens
    )
    bands = banded or any("band" in t.surface.casefold() for t in clause.tokens)
    if op == "split" and obj in ("wifi_network", "band_steering") and bands:
        # "split the 2.4 GHz and 5 GHz bands": Smart Connect / band steering turned off
        op, obj, qualifier = "disable", "band_steering", None
    if op == "use" and obj == "vpn":
        op = "connect"  # "then try GlobalProtect again": connecting to the VPN
    if op == "update" and obj == "router" and qualifier is None:
        obj = "router.firmware"  # "Settings > Router Update": what a router update installs
    surfaces = {t.surface.casefold() for t in clause.tokens}
    if op == "clear" and surfaces & {"checkbox", "check box", "tick box", "box"}:
        op = "disable"  # "clear the power-saving checkbox": unticked
    if obj == "battery_saver" and any("power management" in w for w in surfaces):
        obj = "power_management"  # "... power-saving checkbox on the Power Management tab"
    if op == "hold" and "back" in clause.particles and "in" in surfaces:
        op = "readd"  # "push the paper tray back in firmly": taken out and put back
    wiped = any(t.kind == "op" and t.surface.casefold().startswith("wip") for t in clause.tokens)
    contacts = any(t.surface.casefold() == "contacts" for t in clause.tokens)
    cleaned = wiped or any(t.kind == "op" and t.value == "clean" for t in clause.tokens)
    if op == "contact" and contacts and cleaned:
        op = "clear"  # "give the charging contacts on the buds a wipe": contacts are parts
    if op == "clear" and wiped or op == "clean" and contacts:
        named = [o.name for o in clause.objects if o.name in _WIPED_CLEAN]
        if contacts and "headphones" in named:
            op, obj = "clean", "headphones"  # "wipe the contacts on the buds"
        elif obj in _WIPED_CLEAN:
            op = "clean"  # "give the charger puck a wipe": cleaned, not erased
    return op, obj, qualifier


def _fold_account_app_mail(
    op: str,
    obj: str | None,
    qualifier: str | None,
    target: _Object | None,
    clause: _Clause,
    context: list[str],
) -> tuple[str, str | None, str | None]:
    """Class folds of account, app, mail and slow-computer steps: one action, many wordings."""
    quals = set(clause.qualifiers)
    surface = " ".join(clause.tokens[p].surface for p in target.positions) if target else ""
    verb = next((t.surface.casefold() for t in clause.tokens if t.kind.split("/")[0] == "op"), "")
    # "sign out of all sessions", "end all other active sessions", "log out everywhere": one
    # step, not signing out here; other ops read "all devices" as the devices again.
    if "everywhere" in (qualifier, *quals):
        if op in (*_ENDING_OPS, "login") and obj in (None, "account", "device", "browser"):
            return ("logout" if op != "login" else op), "account", "everywhere"
        if qualifier == "everywhere":
            qualifier = None
            obj = obj or "device"
    # "open a support ticket", "raise a ticket": it is support that is contacted.
    if obj == "support_ticket" and op in (
        "open",
        "create",
        "add",
        "request",
        "increase",
        "use",
        "run",
        "set",
        "contact",
        "login",
    ):
        return "contact", "support", None
    # "request a new verification code", "resend the SMS code": another code is asked for.
    if obj == "verification_code" and op in ("request", "create", "replace"):
        return "request", obj, None
    # "add a backup phone number": any way of adding the trusted number adds it.
    if obj == "recovery_phone" and op in ("add", "set", "replace", "create", "enable", "use"):
        return "add", obj, None
    # "reset the app's data": what the app stored is cleared.
    if op == "reset" and obj is not None and obj.rsplit(".", 1)[-1] == "data":
        return "clear", obj, qualifier
    # "make sure the app is up to date", "check for a system update": checking for it updates it.
    updatable = obj is not None and (obj in _UPDATABLE or obj.endswith((".driver", ".firmware")))
    if op == "check" and updatable and ("latest" in quals or "updat" in surface.casefold()):
        return "update", obj, None
    # "allow notifications" turns them on; "block notifications" is the other way.
    if obj in ("notifications", "background_refresh") and op in ("allow", "deny"):
        return ("enable" if op == "allow" else "disable"), obj, qualifier
    # "remove two-step verification": it is turned off.
    if obj == "2fa" and op == "remove":
        return "disable", obj, qualifier
    # "allow the app to access your location": the location permission.
    everything = {o.name for o in clause.objects}
    if obj == "app" and op in ("allow", "deny", "enable", "disable"):
        given = next((o for o in everything if o.endswith((".permission", ".mobile_data"))), None)
        what = next((o for o in (*context, *everything) if o in _PERMISSION_OF), None)
        if given is not None:
            obj = given  # "allow the app to access your camera"
        elif "permission" in everything and what is not None:
            obj = f"{what}.permission"
    # "delete everything in the spam folder", "delete everything in the Bin": it is emptied.
    emptied = next((c for c in context if c in ("spam_folder", "trash", "mail_trash")), None)
    if op in ("remove", "clear") and obj is None and emptied is not None:
        if emptied == "spam_folder":
            return "clear", emptied, None
        return "free", ("mailbox.storage" if emptied == "mail_trash" else "storage"), None
    # "clear the app's storage": on Android that is its data, not space on the phone.
    if op == "free" and obj == "app.storage" and verb.startswith(("clear", "wip", "eras")):
        return "clear", "app.data", None
    # "request a new verification email", "resend the confirmation link": another is sent.
    if obj == "link" and op in ("request", "create", "replace"):
        return "request", obj, None
    # "re-sync the mailbox", "force a sync of your mail": the mail is synced.
    if op == "sync" and obj in ("mailbox", "email_account"):
        return "sync", "email", None
    # "set up an out-of-office reply": it is switched on.
    if obj in ("auto_reply", "forwarding") and op in ("add", "set"):
        return "enable", obj, None
    # "move the email out of spam", "mark the message as not junk", "tap Not spam".
    not_spam = obj == "email.not_spam" or "email.not_spam" in context
    out_of_spam = "spam_folder" in context and "out" in clause.particles
    if (not_spam and op in ("set", "nav", "move", "use", "hold")) or (
        op in ("move", "remove") and obj == "email" and out_of_spam
    ):
        return "set", "email.not_spam", None
    # "run CHKDSK": the drive is checked.
    if obj == "disk.health" and op in ("run", "use", "scan"):
        return "check", obj, None
    # "install an older version of the app": it is rolled back.
    older = "previous" in (qualifier, *quals) and op in ("add", "readd", "use")
    if older and obj is not None and (obj in _UPDATABLE or obj.endswith(".driver")):
        return "rollback", obj, None
    # "review what permissions the app has": its permissions are checked.
    nouns = target.nouns if target is not None else ()
    if op == "check" and obj == "app" and "permission" in (*everything, *nouns):
        return "check", "app.permission", None
    # "long-press the app icon": only the way into its menu.
    if op == "hold" and obj == "app":
        return "nav", obj, qualifier
    # "log out and back in": signing in again.
    if op == "logout" and "back" in clause.particles:
        return "login", "account", None
    # "let the app use the camera": it is given the camera permission.
    if op in ("allow", "deny") and obj in ("camera", "microphone", "location", "files"):
        obj = f"{obj}.permission"
    # "grant the app access to your camera", "turn on the camera permission": allowing it.
    if obj is not None and obj.rsplit(".", 1)[-1] == "permission":
        if obj in ("permission", "app.permission"):
            what = next((o for o in context if o in _PERMISSION_OF), None)
            obj = f"{what}.permission" if what else obj
        if op in ("enable", "add", "set"):
            op = "allow"
        elif op in ("disable", "remove"):
            op = "deny"
    # "edit the saved card", "correct the expiry": the card's details are entered again.
    if obj == "card" and op in ("set", "update") and verb.startswith(("edit", "updat", "correct")):
        obj = "card.details"
    if obj == "card.details" and op in ("set", "update"):
        op = "add"
    # "make an app password", "generate an app-specific password": one is created.
    making = verb.startswith(("make", "generat", "creat", "set", "get"))
    if obj == "app.password" and op in ("reset", "set", "create", "add", "request") and making:
        return "create", "app_password", None
    if obj == "app.password" and op in ("add", "use", "check"):
        # "input your Gmail password once more", "enter your Netflix password again" (round
        # 10): a named app's password typed in is its account's password, no app password
        obj = "password"
    # "whitelist the sender", "add the address to your contacts", "mark the sender as trusted".
    sender = obj == "sender" or (obj in ("address", "email") and "safe_senders" in context)
    # "remove the sender from your blocked list", "take the address off blocked senders".
    if (sender or obj == "address") and op == "remove" and "blocked_senders" in context:
        return "enable", "sender", None
    if sender and ("safe_senders" in context or op == "allow"):
        return "add", "safe_senders", None
    if obj == "safe_senders" and op in ("add", "set", "enable", "allow", "move", "use"):
        return "add", obj, None
    # "delete old emails", "empty the Deleted Items folder": the mailbox gets room.
    if op in ("remove", "clear") and obj in ("email", "mail_trash"):
        return "free", "mailbox.storage", None
    if obj == "mail_trash":
        obj = "trash"
    # Re-creating the account as IMAP (or POP) is re-adding it, with that protocol.
    if obj in ("account", "email_account") and qualifier in ("imap", "pop") and op == "add":
        op, obj = "readd", "email_account"
    # "remove the Gmail account and add it again": a mail provider's account is the email one.
    mailish = "email" in context or "mailbox" in context or qualifier in ("imap", "pop")
    # "delete the account in Outlook": the account of a mail app named as the place
    mailish = mailish or any(
        o.qualifier in _MAIL_APPS for o in clause.objects if not o.main and o.qualifier
    )
    named = qualifier in _MAIL_PROVIDERS
    if obj == "account" and op in ("readd", "remove", "add") and (named or mailish):
        obj = "email_account"
        qualifier = None if named else qualifier
    # "remove programs from your login items": they no longer start by themselves.
    if op == "remove" and obj == "app" and "startup_apps" in context:
        return "disable", "startup_apps", None
    # "check the computer for viruses": looking for malware is a scan.
    if op == "check" and "malware" in context:
        return "scan", "malware", None
    # "factory reset Windows": the computer (or phone) it runs on is reset.
    restoring = verb.startswith("restor") or "previous" in (qualifier, *quals)
    if op == "reset" and obj == "os" and "updat" not in surface.casefold() and not restoring:
        return "reset", "device", qualifier
    # "wait 24 hours for the account lockout to end": the lock is waited out.
    if "account.lock" in (obj, *context) and op in ("wait", "close"):
        return "wait", "account.lock", None
    # "allow the app to use mobile data", "turn on mobile data for the app": the app's own.
    app_data = "mobile_data" in (obj, *everything) and (obj == "app" or "app" in context)
    if op in ("allow", "enable", "deny", "disable") and app_data:
        return ("allow" if op in ("allow", "enable") else "deny"), "app.mobile_data", None
    # "turn on IMAP access in Gmail", "enable IMAP in your settings": the protocol is switched.
    protocol = qualifier in ("imap", "pop")
    if protocol and op in ("enable", "allow", "disable", "deny") and obj not in ("email_account",):
        on = op in ("enable", "allow")
        return ("enable" if on else "disable"), "email.protocol", qualifier
    # "check with your bank": asking them.
    parties = ("bank", "isp", "support", "merchant")
    party = next((c for c in context if c in parties), None)
    if op == "check" and obj is None and party is not None:
        return "contact", party, None
    asking = any(t.surface.casefold() == "with" for t in clause.tokens)
    if op == "check" and obj in parties and asking:
        return "contact", obj, None
    # "wait for the pending charge to clear": the payment is waited out.
    if op == "wait" and obj is None and "payment" in context:
        return "wait", "payment", None
    # "stop things from auto-starting": startup programs are turned off.
    if op in ("disable", "close", "remove") and obj is None and "startup_apps" in context:
        return "disable", "startup_apps", None
    # "log in from a different phone": signing in on another device.
    if clause.pv in ("log", "sign") and "other" in quals and obj in OBJECT_FAMILIES["device"]:
        return "login", "account", "other"
    # "upgrade to a solid state drive": the drive is swapped.
    if op == "update" and obj == "disk":
        return "replace", obj, None
    # "make the paging file bigger", "raise the page file size".
    bigger = any(t.surface.casefold() in ("bigger", "larger") for t in clause.tokens)
    if obj == "virtual_memory" and op == "set" and bigger:
        return "increase", obj, None
    # "set the app's battery usage to Unrestricted": not optimised.
    if op == "remove" and obj == "app" and "battery_optimization" in context:
        return "disable", "battery_optimization", None  # "exclude the app from optimisation"
    if "unrestricted" in (qualifier, *quals) and op in ("set", "use", "allow", "enable", "replace"):
        return "disable", "battery_optimization", None
    return op, obj, qualifier


# How a 2FA code arrives: switching to one is a setting of 2FA, not turning it on.
_2FA_METHODS = frozenset({"sms", "authenticator"})
_2FA_SWITCHES = frozenset({"set", "use", "replace", "enable", "move", "add", "connect"})
# An app's own page in Settings: a button pressed there acts on the app.
_APP_PAGES = frozenset({"应用信息", "应用详情", "appinfo", "app info"})
# App stores: a bare button pressed there acts on the app.
_STORE_PAGES = frozenset({"appstore", "应用商店", "应用市场", "playstore", "googleplay", "商店"})
# Where a mailbox removed or added again lives: it is the account in the mail app.
_MAIL_PLACES = frozenset({"app", "phone", "device", "computer", "tablet"})


# Where programs are ended one by one: what is ended there are the programs running in the
# background, not one app force-closed.
_PROCESS_PAGES = frozenset({"进程", "进程里", "进程列表", "任务管理器"})
# What an Android network reset names one by one ("重置WLAN、移动数据和蓝牙").
_RADIOS = frozenset({"wifi", "mobile_data", "bluetooth"})
# Entries of a settings list: long-pressing one opens its menu (forget, modify), no step itself.
_LIST_ENTRIES = frozenset({"wifi", "wifi_network"})


def _fold_settings_buttons_zh(
    op: str,
    obj: str | None,
    qualifier: str | None,
    clause: _Clause,
) -> tuple[str, str | None, str | None]:
    """Class folds of Chinese settings-app and button wordings."""
    everything = {o.name for o in clause.objects}
    if op == "reset" and obj in _RADIOS and len(everything & _RADIOS) >= 2:
        return op, "network.settings", None  # "重置WLAN、移动数据和蓝牙": the network reset
    if op == "hold" and obj in _LIST_ENTRIES:
        return "nav", obj, None  # "长按你家的WiFi名字": a list entry pressed to open its menu
    words = "".join("".join(t.surface.split()) for t in clause.tokens)
    if op == "close" and obj == "app" and "vpn" in words:
        return "disable", "vpn", None  # "把VPN的app退出": the VPN is turned off
    if op == "set" and obj == "printer" and "默认" in words:
        return op, "default_printer", None  # "把这台打印机设为默认": the default printer
    pages = {"".join(t.surface.split()) for t in clause.tokens if t.kind == "ctx"}
    if op == "close" and obj == "app" and pages & _PROCESS_PAGES and not _named(qualifier):
        return "close", "background_apps", None  # "在进程里把没用的程序结束任务"
    in_background = "background" in words.casefold() or "后台" in words
    if op == "close" and obj == "app" and qualifier is None and not in_background:
        op = "restart"  # "在应用信息里点强行停止": force-stopping the app is force-closing it
    return op, obj, qualifier


def _fold_settings_switches_zh(
    op: str,
    obj: str | None,
    qualifier: str | None,
    clause: _Clause,
) -> tuple[str, str | None, str | None]:
    """Class folds of Chinese settings-app switches and paths."""
    words = "".join("".join(t.surface.split()) for t in clause.tokens)
    if op in ("enable", "disable") and obj == "email" and "同步" in words:
        return op, "sync", None  # "勾选同步邮件": the mail's sync switch is ticked
    saved = [o for o in clause.objects if not o.main and o.name == "wifi_network"]
    if op == "remove" and obj is None and clause.pron and saved:
        obj = "wifi_network"  # "在已保存网络里删除它": the entry deleted from the saved networks
    if op == "remove" and obj == "wifi_network":
        return "readd", obj, qualifier  # "在已保存网络里删除它": the network is forgotten
    return op, obj, qualifier


def _path_owner_zh(frame: ActionFrame, clauses: list[_Clause], number: int) -> ActionFrame | None:
    """The one app named at the start of a Chinese path owns a bare cache/data at its end.

    "微信 > 我 > 设置 > 通用 > 存储空间 > 清理缓存", "打开微信，我-设置-通用-存储空间，点清理缓存":
    it is WeChat's cache that is cleared (a different app's cache stays apart); the app opened
    (打开微信) before a menu path is only the way in (None: no step).
    """
    later = clauses[number + 1 :]
    if (
        frame.op == "enable"
        and frame.obj == "app"
        and _named(frame.qualifier)
        and any(c.menu_item or any(t.kind == "menu" for t in c.tokens) for c in later)
        and any("打开" in t.surface.replace(" ", "") for t in clauses[number].tokens)
    ):
        return None
    if frame.op == "update" and frame.obj in ("firmware", "app") and frame.qualifier is None:
        # "登录192.168.1.1，在系统工具里把软件版本更新到最新", "进路由器后台，…装最新的固件":
        # after the router's admin page, the version brought up to date is the router's
        here = "".join(t.surface.replace(" ", "") for t in clauses[number].tokens)
        before = "".join(
            t.surface.replace(" ", "") for c in clauses[:number] if not c.negated for t in c.tokens
        )
        admin = "路由器" in before or "192.168." in before
        if admin and (frame.obj == "firmware" or "软件版本" in here):
            return ActionFrame("update", "router.firmware", None)
    allows = any(
        "允许" in t.surface.replace(" ", "") for c in clauses[number : number + 2] for t in c.tokens
    )
    located = any(o.name == "location" for c in clauses[:number] for o in c.objects)
    if frame.op in ("set", "enable") and frame.obj == "app" and allows and located:
        # "设置 > 隐私 > 定位服务，把这个应用改成使用期间允许": the app's location permission
        return ActionFrame("allow", "location.permission", frame.qualifier)
    following = clauses[number + 1] if number + 1 < len(clauses) else None
    if (
        frame.op == "remove"
        and frame.obj == "app"
        and following is not None
        and "keep_data" in following.qualifiers
        and following.op is None
        and not following.objects
    ):
        return ActionFrame("free", "storage", frame.qualifier)  # "卸载应用，保留文稿与数据"
    if frame.op != "clear" or frame.obj not in ("cache", "data") or frame.qualifier is not None:
        return frame
    if number == 0 or not any(is_cjk(t.surface[:1]) for t in clauses[number].tokens if t.surface):
        return frame
    names = {
        o.qualifier
        for c in clauses[:number]
        for o in c.objects
        if o.name in ("app", "app.settings") and _named(o.qualifier)  # 打开飞书设置: its settings
    }
    if len(names) != 1:
        return frame
    return ActionFrame(frame.op, f"app.{frame.obj}", next(iter(names)))


_INTO_ZH = ("打开", "进", "进入", "点开", "去")


def _settings_opened_zh(frame: ActionFrame, clauses: list[_Clause], number: int) -> bool:
    """ "打开飞书设置，找到“清理缓存”点一下", "进路由器的无线设置，把双频优选关了": settings
    (or Windows' Network Connections) opened or gone into before a step in a later clause are
    the way to it, no step."""
    obj = frame.obj or ""
    words = "".join(t.surface.replace(" ", "") for t in clauses[number].tokens)
    # Windows' Network Connections page (打开“网络连接”) is one too
    page = obj == "internet" and words.endswith("网络连接")
    if frame.op != "enable" or not (obj == "settings" or obj.endswith(".settings") or page):
        return False
    if not words.startswith(_INTO_ZH) and not any(t.kind == "nav" for t in clauses[number].tokens):
        return False
    return any(
        c.resolved_op not in (None, "nav", "wait", "open") and not c.negated
        for c in clauses[number + 1 :]
    )


# The router's admin page, as customers name it ("进路由器管理页面", "登录管理界面").
_ADMIN_PAGES_ZH = ("管理页面", "管理界面", "管理后台", "后台管理", "路由器后台", "192.168.")


def _path_colloquial_zh(frame: ActionFrame, clauses: list[_Clause], number: int) -> ActionFrame:
    """A Chinese step read against the clauses before it (round 6).

    After the router's admin page the software brought up to date ("在系统设置里把软件升级到
    最新版", "系统工具里点在线升级") is the router's firmware; a held earbud button is read by
    the light it ends on (:func:`_buds_light_zh`); Wi-Fi joined on the printer's panel is the
    printer reconnected; an app switched on under a permission path ("设置>隐私>相机") is given
    that permission; programs disabled after Task Manager's →启动 are startup apps."""
    if frame.op == "hold":
        return _buds_light_zh(frame, clauses, number)
    if frame.op == "connect" and frame.obj in (None, "wifi", "wifi_network"):
        values = {t.value.split("|")[0] for c in clauses[: number + 1] for t in c.tokens}
        wireless = frame.obj is not None or values & {"wifi", "wifi_network"}
        said = "".join(t.surface for c in clauses[: number + 1] for t in c.tokens).replace(" ", "")
        printer = "printer" in values or "打印机" in said
        if wireless and printer and not values & {"phone", "computer", "tablet"}:
            # "在打印机面板上重新选一下家里的WiFi，输密码连上": the printer rejoins it
            return ActionFrame("connect", "printer", None)
    before = {o.name for c in clauses[:number] for o in c.objects}
    if frame.op == "clear" and frame.obj == "cache" and before & {"browser", "app"} == {"browser"}:
        return ActionFrame("clear", "browser.cache", None)  # "Chrome里按…，把缓存的图片和文件清掉"
    path = [o.name for c in clauses[:number] if c.menu_item for o in c.objects]
    granted = [p for p in path if p in _PERMISSION_OF]
    if frame.op in ("enable", "allow") and frame.obj == "app" and len(set(granted)) == 1:
        # "设置>隐私>相机，把这个应用的开关打开": the app is given that permission
        return ActionFrame("allow", f"{granted[0]}.permission", frame.qualifier)
    startup_tab = any(
        c.menu_item and any("".join(t.surface.split()) == "启动" for t in c.tokens)
        for c in clauses[:number]
    )
    disabling = any(t.value in ("disable", "close") for t in clauses[number].tokens)
    if frame.obj == "app" and startup_tab and disabling:
        return ActionFrame("disable", "startup_apps", None)  # "→启动，把不常用的程序禁掉"
    named = frame.qualifier is not None and frame.qualifier.startswith("name:")
    if frame.op != "update" or (frame.qualifier is not None and not named):
        return frame  # a brand ("去TP-Link管理页面") names the router, it is kept below
    if frame.obj not in (None, "app", "account", "router", "firmware"):
        return frame
    words = ["".join(t.surface.split()).upper() for c in clauses[: number + 1] for t in c.tokens]
    if any(c.negated for c in clauses[: number + 1]):
        return frame
    if not any(page in word for word in words for page in _ADMIN_PAGES_ZH):
        return frame
    firmware = any(t.value.startswith("firmware") for t in clauses[number].tokens)
    if frame.obj == "router" and not firmware:
        return frame
    return ActionFrame("update", "router.firmware", frame.qualifier)


def _path_permission_zh(frame: ActionFrame, clauses: list[_Clause], number: int) -> ActionFrame:
    """Round 7: "设置 > 应用 > 抖音 > 权限 > 相机，选允许" — a permission allowed at the end of a
    path through an app's permissions is that app given that permission."""
    allowing = any("".join(t.surface.split()) == "允许" for t in clauses[number].tokens)
    if frame.op not in ("enable", "allow") and not (frame.op == "set" and allowing):
        return frame
    if frame.obj not in (None, *_PERMISSION_OF):
        return frame
    path = [o for c in clauses[: number + 1] if c.menu_item for o in c.objects]
    apps = [o.qualifier for o in path if o.name == "app" and _named(o.qualifier)]
    # "Go to Settings > Taobao and turn on Camera": an app's page in Settings lists its
    # permissions by name, so a camera turned on there is the permission given
    heads = [o.name for c in clauses[: number + 1] if c.menu_head for o in c.objects]
    in_settings = "settings" in (*heads, *(o.name for o in path)) and bool(apps)
    listed = in_settings and frame.op == "enable" and frame.obj in _PERMISSION_OF
    listed = listed and frame.obj != "notifications"  # an app's notifications are turned on
    if not any(o.name == "permission" for o in path) and not listed:
        return frame
    granted = {o.name for o in path if o.name in _PERMISSION_OF}
    if frame.obj is None and len(granted) != 1:
        return frame
    what = frame.obj or next(iter(granted))
    return ActionFrame("allow", f"{what}.permission", apps[-1] if apps else None)


def _path_sender_list(frame: ActionFrame, clauses: list[_Clause], number: int) -> ActionFrame:
    """Round 8: "设置 > 反垃圾/黑白名单 > 白名单，把对方地址添进去" — a sender added at the end of
    a path to a sender list is added to that list."""
    if frame.op not in ("add", "allow", "move", "connect", "set") or frame.obj != "sender":
        return frame
    path = [o.name for c in clauses[: number + 1] if c.menu_item for o in c.objects]
    lists = [n for n in path if n in ("safe_senders", "blocked_senders")]
    return ActionFrame("add", lists[-1]) if lists else frame


def _unblocked_sender_zh(frame: ActionFrame, clauses: list[_Clause], number: int) -> ActionFrame:
    """Round 10: "设置-反垃圾-黑名单，找到那个地址，点删除", "把发件人移出黑名单": a sender (its
    address) deleted from the blocked senders, named before it or as the list it leaves, is
    unblocked, as "把发件人从黑名单里移除" is."""
    if frame.op != "remove" or frame.obj not in ("sender", "address", "blocked_senders"):
        return frame
    named = {o.name for c in clauses[: number + 1] for o in c.objects}
    if "blocked_senders" not in named:
        return frame
    if frame.obj == "blocked_senders" and not named & {"sender", "address"}:
        return frame  # "把黑名单清空": the list itself
    return ActionFrame("enable", "sender")


_LET_THROUGH_ZH = ("不会被拦", "不被拦", "不会被拦截", "不会被屏蔽", "不会进垃圾", "不再被拦")


def _sender_let_through_zh(frame: ActionFrame, clauses: list[_Clause], number: int) -> ActionFrame:
    """ "设置 反垃圾 里面把对方地址添进去 以后就不会被拦了": a sender added so that its mail is
    no longer stopped is added to the safe senders."""
    if (frame.op, frame.obj) != ("add", "sender"):
        return frame
    words = "".join(t.surface.replace(" ", "") for c in clauses[number:] for t in c.tokens)
    return ActionFrame("add", "safe_senders") if any(w in words for w in _LET_THROUGH_ZH) else frame


def _driver_reinstalled_on_restart(
    frame: ActionFrame, clauses: list[_Clause], number: int
) -> ActionFrame:
    """Round 7: "uninstall the Bluetooth driver and restart so Windows reinstalls it", "设备管理器
    里把蓝牙驱动卸载，重启电脑让它自动重装": a driver removed and then a restart is the driver
    reinstalled; the restart and the reinstall "it" (read as the computer / system) are how."""
    drivers = [
        (n, o.name)
        for n, c in enumerate(clauses[: number + 1])
        for o in c.objects
        if o.name.endswith("driver") and any(t.value == "remove" for t in c.tokens)
    ]
    if not drivers:
        return frame
    first, driver = drivers[0]
    restarted = any(
        t.kind == "op" and t.value == "restart" for c in clauses[first:] for t in c.tokens
    )
    if not restarted:
        return frame
    if frame.obj == driver and frame.op in ("remove", "readd", "restart"):
        return ActionFrame("readd", driver, None)
    if number > first and frame.op in ("restart", "readd") and frame.obj in _RESTARTED_FOR:
        return ActionFrame("readd", driver, None)
    return frame


_RESTARTED_FOR = frozenset({"computer", "os", "device", None})


def _buds_light_zh(frame: ActionFrame, clauses: list[_Clause], number: int) -> ActionFrame:
    """The light a held earbud / case button ends on says the step, in Chinese too: "长按仓上
    的按键十秒，等灯闪红" resets the buds; "长按耳机电源键，直到指示灯红蓝交替闪" (or then
    "进入配对状态") puts them in pairing mode."""
    if frame.obj not in ("setup_button", "power_button", "headphones", "charger"):
        return frame
    named = {n for c in clauses[: number + 1] for o in c.objects for n in (o.name, *o.nouns)}
    if frame.obj != "setup_button" and "headphones" not in named:
        return frame
    if named & {"printer", "router", "modem", "phone", "computer", "tablet"}:
        return frame
    later = [t for c in clauses[number : number + 2] for t in c.tokens]
    words = "".join("".join(t.surface.split()) for t in later)
    pairing = any(
        q == "discoverable" for c in clauses[number + 1 : number + 3] for q in c.qualifiers
    )
    if "灯" not in words and not pairing:
        return frame
    if pairing or any(p in words for p in ("红蓝", "蓝红", "白灯", "闪白", "蓝灯", "闪蓝")):
        return ActionFrame("enable", "headphones", "discoverable")
    if any(colour in words for colour in ("红", "橙", "琥珀", "黄")):
        return ActionFrame("reset", "headphones", None)
    return frame


def _fold_wordings_zh(
    op: str,
    obj: str | None,
    qualifier: str | None,
    target: _Object | None,
    clause: _Clause,
    context: list[str],
) -> tuple[str, str | None, str | None]:
    """Class folds of Chinese and mixed text: one action, many wordings."""
    quals = set(clause.qualifiers)
    method = next((q for q in (qualifier, *clause.qualifiers) if q in _2FA_METHODS), None)
    if obj == "2fa" and method is not None and op in _2FA_SWITCHES:
        return "set", obj, method  # "两步验证改成短信验证": the 2FA method, not turning it on
    if qualifier in _2FA_METHODS:
        qualifier = None  # "resend the code by SMS" is resending the code
    if "lean_visuals" in (qualifier, *quals):
        return "disable", "visual_effects", None  # "性能选项里选「调整为最佳性能」"
    devices = [o for o in context if o in _POWERED]
    if obj is None and op in ("reset", "restart") and len(set(devices)) == 1:
        obj = devices[0]  # "do a factory reset on the router", "对路由器做一次重启"
    if op == "contact" and obj == "card.international":
        op = "enable"  # "问问这张卡的网上支付开了没": asking the bank to have them on
    if obj == "work_offline" and op in ("remove", "close", "clear"):
        op = "disable"  # "取消脱机工作模式": Outlook goes back online
    places = {*context, *(target.nouns if target is not None else ())}
    if obj == "mailbox" and op in ("remove", "readd", "add") and places & _MAIL_PLACES:
        obj = "email_account"  # "把这个邮箱从手机的邮件App里移除": the mail account on it
    mail = places & {"email", "mailbox"}
    if obj == "account" and mail and op in ("remove", "readd", "add", "login", "logout"):
        obj = "email_account"  # "把邮件App里的这个账户删掉": the account of the mail app
    everything = {o.name for o in clause.objects}
    if op == "hold" and obj in _POWERED and "power_button" in everything:
        obj = "power_button"  # "电脑长按电源键": the computer is the topic, the button is held
    if obj == "app" and _named(qualifier) and "work_offline" in everything:
        # "Outlook里取消脱机工作模式": the app is where Work Offline is turned off
        return "disable", "work_offline", None
    pages = {"".join(t.surface.split()) for t in clause.tokens if t.kind == "ctx"}
    if obj is None and pages & _APP_PAGES and op in ("close", "clear", "update", "restart"):
        obj = "app"  # "在应用信息里点强行停止": the app whose page it is
    if obj is None and pages & _STORE_PAGES and op in ("update", "add", "readd", "remove"):
        obj = "app"  # "App Store里点更新": what a store updates is the app
    if op in ("clear", "remove") and obj == "background_apps":
        op = "close"  # "清理后台": background apps are closed, nothing is emptied
    owner = _owner_of(obj) if obj is not None and obj.endswith(".cable") else None
    if op in ("restart", "disable", "enable") and owner in _POWERED:
        obj = owner  # "打印机关掉电源，过一会再开": the printer's power, so the printer
    free = op == "free" and obj in ("storage", "app.storage")
    if free and places & {"email", "mailbox"} | everything & {"email", "mailbox"}:
        obj = "mailbox.storage"  # "把旧邮件和附件删一删腾点空间": the mailbox's room
    allowing = any("".join(t.surface.split()) == "允许" for t in clause.tokens)
    apps = [o for o in clause.objects if o.name == "app"]
    what = next((o.name for o in clause.objects if o.name in _PERMISSION_OF), None)
    if allowing and op in ("enable", "allow") and obj in ("app", what) and apps and what:
        # "允许美团访问你的位置信息": the app is granted that permission
        return "allow", f"{what}.permission", apps[0].qualifier
    if op == "set" and obj in _PAYMENT_METHODS and len(clause.objects) == 1:
        op = "use"  # "改成支付宝付": switching to a way of paying is paying that way
    if op == "plug_in" and obj == "ram":
        op = "add"  # "再插一条8G内存": a module goes in
    if obj is None and qualifier in ("5ghz", "2.4ghz") and op == "connect":
        obj = "wifi_network"  # "连5G的那个WiFi": the network on that band
    setting = clause.op in ("set", "create") and clause.weak == "use"
    if obj == "verification_code" and setting and "other" in quals:
        op, obj, qualifier = "reset", "password", None  # "用手机验证码设个新的": a new password
    return op, obj, qualifier


# What a network-settings reset empties, named two or more at once.
_SAVED_CONNECTIONS = frozenset(
    {"wifi", "wifi_network", "wifi.password", "bluetooth", "device", "vpn", "mobile_data"}
)
# Web pages one signs in to only to reach a setting ("登录QQ邮箱网页版，在设置里开启IMAP").
_WEB_PAGES_ZH = frozenset({"网页版", "网页端", "网页版邮箱", "邮箱网页版", "QQ邮箱网页版"})


def _fold_colloquial_zh(
    op: str, obj: str | None, qualifier: str | None, clause: _Clause
) -> tuple[str, str | None, str | None]:
    """Colloquial Chinese wordings of one step (round 6): the method, the page or the effect
    named instead of the action."""
    quals = set(clause.qualifiers)
    everything = {o.name for o in clause.objects}
    surfaces = ["".join(t.surface.split()).upper() for t in clause.tokens]
    setting = ("set", "create", "reset", "readd")
    if obj == "verification_code" and op in setting and "password" in everything:
        return "reset", "password", None  # "用手机验证码重新设个密码": the password reset
    if op == "login" and obj in (None, "account") and "sms" in quals | {qualifier}:
        return "use", "verification_code", None  # "改用短信登录": signing in with the SMS code
    if op == "add" and obj == "verification_code" and any(is_cjk(w[:1]) for w in surfaces):
        return "use", obj, None  # "输入收到的那六位数字": the code received is used to sign in
    if op == "login" and obj in (None, "account") and _WEB_PAGES_ZH & set(surfaces):
        return "nav", None, None  # "登录QQ邮箱网页版": the way to the setting, not a step
    protocol = next((q for q in (qualifier, *clause.qualifiers) if q in ("imap", "pop")), None)
    mail_places = ("account", "email_account", "mailbox", "settings", "email")
    if protocol and op in ("enable", "disable") and obj in mail_places:
        return op, "email.protocol", protocol  # "在设置-账户里开启IMAP/SMTP服务"
    if op in ("run", "use") and obj == "print_head":
        return "clean", obj, qualifier  # "在维护菜单里跑一遍喷头清洁"
    if op == "enable" and obj in (None, "app") and clause.menu_item and "启动" in surfaces:
        ops = [t for t in clause.tokens if t.kind.split("/")[0] in ("op", "obj")]
        if len(ops) == 1:
            # "任务管理器→启动": the Startup tab, a place; what is then disabled there with
            # nothing named ("把不需要的都禁用") is a startup app
            return "nav", "startup_apps", None
    saved = everything & _SAVED_CONNECTIONS
    if op in ("clear", "reset") and obj in _SAVED_CONNECTIONS and len(saved) >= 2:
        # "把手机里存的所有WiFi、蓝牙配对和VPN配置一次性清空": the network settings reset
        return "reset", "network.settings", None
    if op == "readd" and obj in _POWERED and any(w.startswith(("再插", "插")) for w in surfaces):
        op = "plug_in"  # "光猫、路由器的电源都拔了，过一两分钟再插回去": each plugged back in
    nouns = {n for o in clause.objects for n in o.nouns}
    if op == "disable" and obj == "visual_effects" and "power_plan" in everything:
        # "电源模式调成最佳性能": the power plan, not Performance Options' visual effects
        return "set", "power_plan", "high_performance"
    apps = {t.value for t in clause.tokens if t.kind == "objq" and t.value.startswith("app|name:")}
    if op in ("close", "disable") and obj == "background_apps" and len(apps) == 1:
        # "关掉淘宝后台", "退出后台重新打开淘宝": the one app named is what leaves the background
        return "close", "app", next(iter(apps)).split("|", 1)[1]
    keys = {w.casefold() for w in surfaces}
    if op == "hold" and obj == "power_button" and {"shift", "option"} <= keys:
        return "reset", "smc", None  # "按住Shift+Control+Option和电源键十秒": the SMC reset
    if (
        op == "hold"
        and obj != "power_button"
        and any(k in w for w in keys for k in ("ctrl", "shift"))
    ):
        return "nav", None, None  # "Chrome里按Ctrl+Shift+Delete": a shortcut opens where it is done
    bands = {t.value.casefold() for t in clause.tokens if t.kind == "num"} & {"5g", "2.4g"}
    if op in ("set", "use", "connect") and obj == "band" and len(bands) == 1:
        # "把WiFi频段切到5G": joining the network on that band, as "switch to the 5 GHz band"
        return "connect", "wifi_network", "5ghz" if "5g" in bands else "2.4ghz"
    causes = any(t.kind == "causative" for t in clause.tokens)
    printer = any(t.value.split("|")[0] == "printer" for t in clause.tokens)
    if op == "connect" and obj in ("wifi", "wifi_network") and causes and printer:
        return op, "printer", None  # "让打印机重新连一下无线网": the printer is reconnected
    if op == "contact" and obj in ("card", "card.details") and any(is_cjk(w[:1]) for w in surfaces):
        # "打给银行客服问问这张卡为什么刷不了": what is asked about is the card; one asks its bank
        return op, "bank", None
    if op == "contact" and obj == "support" and "bank" in everything | nouns:
        obj = "bank"  # "打发卡行的客服热线": the bank's support line is the bank
    listed = any(t.kind in ("and", "or") for t in clause.tokens)
    if op == "replace" and obj == "charger" and "power_outlet" in everything and not listed:
        return op, "power_outlet", None  # "把充电器换个插座": the charger goes to another outlet
    factory = any("出厂" in w for w in surfaces)
    if op == "reset" and obj is not None and obj.endswith(".firmware") and factory:
        # "把路由器固件升级到最新版，然后恢复出厂设置": the router is reset, not its firmware
        return op, obj.rsplit(".", 1)[0], qualifier
    pairings = any("配对" in w for w in surfaces)
    if op == "reset" and obj == "device" and clause.op == "clear" and pairings:
        return "remove", obj, qualifier  # "清除蓝牙配对": the pairing removed, nothing wiped
    if obj == "card.details" and op in ("set", "replace"):
        return "add", obj, None  # "把绑定卡的到期日期改成新的": the card's new details
    if op in ("enable", "allow") and obj == "notifications.permission":
        # "把淘宝的通知权限打开": an app's notifications allowed are its notifications turned
        # on ("Turn on notifications for WhatsApp", "设置→通知→WhatsApp，把允许通知打开")
        return "enable", "notifications", None
    return op, obj, qualifier


def _fold_everyday_steps_zh(
    op: str, obj: str | None, qualifier: str | None, clause: _Clause
) -> tuple[str, str | None, str | None]:
    """Everyday Chinese wordings of one step (round 7): a limit lifted, buds put away in their
    case, a device's firmware named after the device."""
    everything = {o.name for o in clause.objects}
    words = "".join("".join(t.surface.split()) for t in clause.tokens)
    lifted = op in ("remove", "disable") and "限制" in words
    if lifted and obj == "card.international":
        return "enable", obj, None  # "把境外交易限制解除": lifting the block turns them on
    asked = any(t.kind == "causative" for t in clause.tokens)
    if lifted and obj == "bank" and asked and "card.international" in everything:
        return "enable", "card.international", None  # "让银行把境外支付的限制取消"
    cased = {"charger", "headphones"} <= everything
    if op == "deny" and obj in ("charger", "headphones") and cased:
        return "charge", "headphones", None  # "耳机收回仓里": the buds go back into the case
    firmware = {"firmware", "router.firmware"}
    device = next((d for d in ("headphones", "printer", "phone") if d in everything), None)
    if op == "update" and device and (obj in firmware or (obj == device and everything & firmware)):
        return op, f"{device}.firmware", None  # "把耳机升级到最新固件": the buds' own firmware
    bands = ("5ghz", "2.4ghz")
    wireless = any(w in words.upper() for w in ("WIFI", "WI-FI", "频段", "无线"))
    joined = qualifier in bands and (bool(everything & {"wifi", "wifi_network"}) or wireless)
    if op == "connect" and obj in ("computer", "phone", "tablet", "device") and joined:
        return op, "wifi_network", qualifier  # "电脑改连5G频段的那个WiFi": the device joins it
    asked = any(t.surface.casefold() == "with" for t in clause.tokens)
    if op == "check" and obj == "outage" and "isp" in everything and asked:
        return "contact", "isp", None  # "check with your ISP for an outage": the ISP is asked
    data = clause.weak == "use" and "mobile_data" in everything
    wifi_off = op in ("disable", "disconnect") and bool(everything & {"wifi", "wifi_network"})
    if wifi_off and obj in ("wifi", "wifi_network", "mobile_data") and data:
        return "set", "mobile_data", None  # "关了Wi-Fi用流量": switching to mobile data
    # "问一下运营商…" already asks, and reads the check beside it
    called = contains_cjk(words) and not any(t.value == "contact" for t in clause.tokens)
    if called and op == "check" and obj in ("isp", "outage") and "isp" in everything:
        return "contact", "isp", None  # "打运营商客服查一下有没有故障": the ISP is asked
    startup = "startup_apps" in everything
    if op in ("disable", "close") and obj in ("background_apps", "app") and startup:
        return "disable", "startup_apps", None  # "启动选项卡里把不用的程序都禁用"
    safe = "safe_mode" in (qualifier, *clause.qualifiers)
    if op in ("enable", "restart") and obj == "app" and safe:
        return "open", obj, qualifier  # "用安全模式打开Outlook": started in safe mode
    opening = next((t for t in clause.tokens if t.kind not in ("stop", "split")), None)
    way_in = opening is not None and "".join(opening.surface.split()) in ("打开", "开")
    if op == "enable" and obj == "app" and way_in and len(clause.objects) == 1:
        return "open", obj, qualifier  # "打开耳机的App，…": the app opened is the way in
    return op, obj, qualifier


_FUNDS_FIRST = ("balance", "card_first")


def _fold_round8_zh(
    op: str, obj: str | None, qualifier: str | None, clause: _Clause
) -> tuple[str, str | None, str | None]:
    """Everyday Chinese wordings of one step (round 8): a new password set after "Forgot
    password" is the password reset ("QQ点忘记密码重新设置一个"); an outlet a lamp is plugged
    into is checked; a charger pushed straight into the wall socket is plugged into it; the
    funds a payment app takes first are its deduction order."""
    everything = {o.name for o in clause.objects}
    if op in ("readd", "set", "add", "replace") and "password_reset" in everything:
        return "reset", "password", None  # the reset link clicked and a new one set
    if op == "add" and obj in ("headphones", "charger") and {"headphones", "charger"} <= everything:
        return "charge", "headphones", None  # "耳机装回充电盒": the buds go back into their case
    if op in ("clear", "free") and obj == "storage" and "cache" in everything:
        return "clear", "app.cache", qualifier  # "存储空间里，在“缓存”那一项点“清理”"
    words = "".join("".join(t.surface.split()) for t in clause.tokens)
    tester = any(w in words for w in ("台灯", "电器", "别的设备", "其他设备", "别的东西"))
    if op == "plug_in" and obj == "power_outlet" and tester:
        return "check", obj, None  # "用台灯插一下那个插座": the outlet tested with a lamp
    walled = ("墙" in words or "wall" in words.casefold()) and any(
        o.name == "power_outlet" for o in clause.objects
    )
    if op == "plug_in" and obj in ("charger", "device", "phone") and walled:
        return op, "power_outlet", None  # "充电头直接怼到墙面插口上", "… into a wall outlet"
    funds = next((q for q in (qualifier, *clause.qualifiers) if q in _FUNDS_FIRST), None)
    payer = obj in (None, "payment", "payment_order", "card", *_PAYMENT_METHODS)
    if op in ("set", "use") and payer and (funds or "payment_order" in everything):
        # "把零钱拖到第一个", "付钱的时候先用零钱里的钱": the deduction order, its funds first
        return "set", "payment_order", funds
    if qualifier in _FUNDS_FIRST:
        qualifier = None  # "看看卡里余额够不够": the funds only name a deduction order's value
    return op, obj, qualifier


def _fold_means_outcomes_en(
    op: str, obj: str | None, qualifier: str | None, clause: _Clause
) -> tuple[str, str | None, str | None]:
    """English class folds: a step named by its means or its outcome."""
    surfaces = {w for t in clause.tokens for w in t.surface.split()}
    # "follow the email link to set a new one", "use the link to choose a new password":
    # the emailed link is only the way the password is reset.
    # (its purpose clause "to set a new one" reads the link as the "one": no link is set)
    if op in ("set", "create") and obj == "link" and "new" in surfaces:
        return "reset", "password", None
    # "put a new card on file", "put another card on the account": the card is replaced
    if (
        op in ("move", "add")
        and obj == "card"
        and qualifier in ("other", "new")
        and (surfaces & {"file", "account"})
    ):
        return "replace", "card", None
    # "... and pick a new one from the email we send": the "one" is the password, not a mail
    if op in ("replace", "set") and obj == "email" and {"one", "from"} <= surfaces:
        return "reset", "password", None
    places = [o for o in clause.objects if not o.main]
    # "check for updates in the Zoom app": the named app the updates are looked for in is
    # the one updated
    named = [o for o in places if o.name == "app" and (o.qualifier or "").startswith(NAME_PREFIX)]
    if op == "update" and obj is None and len(named) == 1:
        return "update", "app", named[0].qualifier
    # "erase everything on the phone (and start over)": a whole device wiped is its reset
    wiped = [o.name for o in places if o.name in _WIPED_DEVICES]
    if op in ("clear", "remove") and obj is None and surfaces & {"everything", "all"} and wiped:
        return "reset", wiped[0], None
    return op, obj, qualifier


_WIPED_DEVICES = frozenset({"phone", "tablet", "computer", "device"})

# The states a switch is set to ("set X to Off"), and what setting it there does.
_SET_STATES = {
    "off": "disable",
    "disabled": "disable",
    "on": "enable",
    "enabled": "enable",
}


def _set_to_state(clause: _Clause) -> str | None:
    """ "set Bluetooth to Off": the op the state at the end of a "set ... to" clause is."""
    surfaces = [t.surface.casefold() for t in clause.tokens]
    if len(surfaces) < 3 or surfaces[-2] not in ("to", "as"):
        return None
    return _SET_STATES.get(surfaces[-1])


# The keys that open the Run box.
_RUN_KEYS = frozenset({"win r", "windows r", "windows key r", "win key r"})
# A forced stop's button: only an app is force-stopped.
_FORCED_CLOSES = frozenset({"force stop", "force close", "force quit"})
# What a device is brought closer to: the step is the distance to it, whichever end moves.
_CLOSER_TO = ("router", "modem", "extender", "headphones")


_AT_BOOT = frozenset(
    {"at boot", "at startup", "at start up", "on boot", "on startup", "during boot"}
)
# Apps whose pause is their syncing paused ("pause OneDrive for 2 hours").
_SYNC_APPS = frozenset({"name:onedrive", "name:dropbox", "name:google_drive", "name:icloud"})


def _fold_accounts_round9_en(
    op: str, obj: str | None, qualifier: str | None, clause: _Clause, context: list[str]
) -> tuple[str, str | None, str | None]:
    """English round-9 class folds (accounts, apps, mail, slow computer)."""
    verbs = {t.surface.casefold() for t in clause.tokens if t.kind.split("/")[0] == "op"}
    paused = bool(verbs & {"pause", "paused", "pausing", "pauses"})
    if paused and obj == "app" and qualifier in _SYNC_APPS:
        # "pause OneDrive (for 2 hours)": a sync client paused stops syncing, it is not stopped
        return "disable", "app.sync", qualifier
    if op == "disable" and obj in (None, "email") and _unsorted_inbox(verbs):
        # "under Focused Inbox select 'Don't sort my messages'": Outlook's Focused Inbox off
        return "disable", "focused_inbox", None
    surfaces = {t.surface.casefold() for t in clause.tokens}
    if op in ("close", "disable") and obj == "background_apps" and surfaces & _AT_BOOT:
        # "switch off the programmes you don't need at boot": the programs that start with
        # the computer are its startup apps, disabled there (no running program closed)
        return "disable", "startup_apps", qualifier
    if op in ("remove", "clear") and obj == "app" and qualifier and _app_folder_emptied(clause):
        # "delete everything inside %appdata%\\Microsoft\\Teams": the app's folder emptied is
        # its cache cleared (the app stays installed)
        return "clear", "app.cache", qualifier
    carded = any(t.kind == "obj" and t.value == "card" for t in clause.tokens)
    if obj == "account.balance" and carded:
        return op, "card", None  # "check the card has enough balance": the card's, as 卡里余额
    balance = any(t.kind == "obj" and t.value == "account.balance" for t in clause.tokens)
    if op == "check" and obj in ("account", "bank", "google_pay") and balance:
        # "make sure the bank account linked in Google Pay has sufficient balance": the
        # account's balance is what is checked
        return op, "account.balance", None
    if obj == "search_index" and any("mdutil" in t.surface for t in clause.tokens):
        # "run sudo mdutil -E /": Spotlight's index erased, to be rebuilt
        return "readd", obj, None
    if op in ("hold", "plug_in", "enable") and obj == "nvram":
        # "power on while holding Option-Command-P-R": the keys held at start-up reset NVRAM
        return "reset", "nvram", None
    if op == "move" and obj == "app" and "trash" in context:
        # "drag Microsoft Teams from Applications to the Bin": a Mac app uninstalled
        return "remove", obj, qualifier
    return op, obj, qualifier


_EMPTIED = frozenset({"everything", "contents", "all the files", "all files", "everything inside"})


def _app_folder_emptied(clause: _Clause) -> bool:
    """Whether the clause empties an app's folder under %AppData% ("everything inside
    %appdata%\\Microsoft\\Teams", "the contents of %appdata%\\Slack")."""
    surfaces = [t.surface.casefold() for t in clause.tokens]
    in_appdata = any(t.kind == "ctx" and "appdata" in t.surface.casefold() for t in clause.tokens)
    return in_appdata and any(s in _EMPTIED or s.startswith("everything") for s in surfaces)


def _unsorted_inbox(verbs: set[str]) -> bool:
    words = {"".join(c for c in verb if c.isalnum() or c == " ") for verb in verbs}
    return bool(words & {"dont sort my messages", "do not sort my messages", "dont sort messages"})


def _fold_references_en(
    op: str, obj: str | None, qualifier: str | None, clause: _Clause, context: list[str]
) -> tuple[str, str | None, str | None]:
    """English class folds: the step named by what it refers to, not by what it names first
    (the laptop taken closer to the router, the card an order is paid with, the clock set to
    automatic, the mailbox re-added in a mail client)."""
    if op == "move" and qualifier == "closer" and obj not in _CLOSER_TO:
        # "use the laptop in the same room as the router", "keep the phone within a metre of
        # the earbuds": moving closer to the router / the earbuds, whichever is carried
        reference = next((o for o in context if o in _CLOSER_TO), None)
        if reference is not None:
            return op, reference, qualifier
    if op == "buy" and obj == "card" and qualifier == "other":
        # "use another debit card for this order": the order is what the other card pays
        return "replace", "card", None
    if op in ("add", "set", "enable") and obj == "clock" and qualifier == "auto":
        # "set date & time to automatic (so the codes line up)": the clock synced to network time
        return "sync", "clock", None
    forced = {t.surface.casefold().replace("-", " ") for t in clause.tokens} & _FORCED_CLOSES
    if op == "close" and obj is None and forced and not clause.pron:
        # "go to App info and tap Force stop": a forced stop with nothing named is the app's
        # (a device is force-restarted or shut down, never force-stopped)
        return "restart", "app", None
    verbs = {t.surface.casefold() for t in clause.tokens if t.kind.split("/")[0] == "op"}
    if op == "close" and obj == "background_apps" and verbs & {"disable", "disabled"}:
        # "disable the apps you don't need": apps are disabled from starting (a Startup list),
        # running ones are closed
        return "disable", obj, qualifier
    if op == "check" and verbs == {"ask"}:
        # "call the bank and ask about the decline / why it was declined": what is asked is
        # the content of the call, no step of its own
        return "nav", None, None
    surfaces = {w for t in clause.tokens for w in t.surface.casefold().split()}
    keys = {t.surface.casefold() for t in clause.tokens if t.kind == "ctx"}
    gestured = bool(surfaces & {"swipe", "swiped", "flick", "flicked", "away", "screen"})
    if op in ("hold", "nav") and keys & _RUN_KEYS:
        return "nav", None, None  # "press Win+R": only opens the Run box, what is typed is the step
    mails = ("email", "mailbox.storage", "outbox", None)
    if op in ("remove", "clear", "free") and obj in mails and "outbox" in (obj, *context):
        # "clear out whatever is sitting in your Outbox", "delete the stuck messages": the
        # outbox emptied (the mail stuck unsent is the outbox's)
        return "clear", "outbox", None
    bare = not clause.objects and not clause.pron
    if op == "disable" and verbs and verbs <= {"pause", "paused"} and bare:
        return "wait", None, None  # "swipe up from the bottom, pause, then ...": a moment's wait
    names = [t.surface.casefold() for t in clause.tokens if t.kind == "objq"]
    if op in ("close", "disable") and obj == "card" and len(names) == 1 and gestured:
        # "flick the Spotify card off the top of the screen", "swipe the Zoom card away": an
        # app's card in the app switcher, closed
        return "close", "app", NAME_PREFIX + names[0].replace(" ", "_")
    smtp = "email.outgoing_server" in (obj, *context)
    if op in ("use", "add") and smtp and "port" in (obj, *context):
        # "in SMTP settings use port 587 for outgoing mail": the SMTP port is set to it
        return "set", "email.outgoing_server", None
    if op in ("use", "set") and {"device", "mac"} <= surfaces | {str(obj)}:
        # "set Privacy to 'Use device MAC'": the device's own MAC, the random one switched off
        return "disable", "private_address", None
    if op in ("use", "set") and obj == "private_address" and qualifier is None:
        return "enable", obj, None  # "set Privacy to 'Use randomized MAC'"
    state = _set_to_state(clause)
    if op == "set" and state is not None and obj not in SETTABLE_HEADS:
        # "set Bluetooth to Off", "set the startup programs to Disabled": switched to a state
        return state, obj, qualifier
    if op == "add" and obj == "app" and qualifier == "safe_mode":
        op = "open"  # "press Win+R, type outlook.exe /safe": typed into Run, it starts it
    particles = set(clause.particles)
    if op == "login" and qualifier is None and ("back" in particles or {"out", "in"} <= particles):
        # "sign out and back in", "log back in": signing in again is a step of its own (the
        # relogin), not the bare sign-in a remedy is tried for
        return op, obj, "again"
    fresh = qualifier in ("other", "new") or bool(surfaces & {"new", "fresh", "another"})
    if op == "replace" and obj in _SWAPPED_PARTS and "back" in surfaces and not fresh:
        # "click the cartridges back in", "put the battery back": the same part goes back in,
        # the end of reseating it, not a new one swapped in
        return "readd", obj, None
    if op in ("readd", "remove") and obj == "mailbox" and "email_account" not in context:
        # "remove the mailbox and re-add it" in a mail client: the account, not its inbox
        return op, "email_account", qualifier
    return op, obj, qualifier


# A router's own admin page: its login address (tplinkwifi.net, routerlogin.net) or a gateway's
# IP (192.168.0.1, 10.0.0.1, ... .254).
_ROUTER_ADMIN_WORDS = ("tplinkwifi", "routerlogin", "myrouter", "router login", "asusrouter")
_GATEWAY_IP = re.compile(r"(?:\d{1,3}\.){3}(?:1|254)")


def _router_admin(clauses: list[_Clause]) -> bool:
    """Whether these clauses go into a router's web admin (where a Reboot button is its)."""
    return any(
        (t.kind == "ctx" and any(w in t.surface.casefold() for w in _ROUTER_ADMIN_WORDS))
        or (t.kind == "num" and _GATEWAY_IP.fullmatch(t.surface) is not None)
        for clause in clauses
        for t in clause.tokens
    )


# What a value is chosen "as" in a dialog: the paper size / type, the channel, the DNS.
_CHOSEN_AS = SETTABLE_HEADS | {"paper", "power_plan"}


def _cleaning_item(clause: _Clause) -> bool:
    """A menu item (or the end of a path) that names a cleaning ("Head Cleaning", "Nozzle
    Cleaning") and no op: choosing it runs that cleaning."""
    if clause.resolved_op is not None or not (clause.menu_item or clause.menu_head):
        return False
    words = [t for t in clause.tokens if t.kind not in ("stop", "nav")]
    return bool(words) and all(
        t.kind in ("obj", "objq") and t.surface.casefold().endswith(("cleaning", " clean"))
        for t in words
    )


def _chosen_as(clause: _Clause) -> bool:
    """A clause that only picks a value *as* a setting ("choose A4 as the paper size", "pick
    Plain Paper as the media type"): no op of its own, a chooser, then "as" and the setting."""
    if clause.resolved_op is not None:
        return False
    words = [t for t in clause.tokens if t.kind != "stop"]
    chooser = any(t.kind == "nav" for t in words)
    return chooser and any(
        t.kind == "prep"
        and t.surface.casefold() == "as"
        and w.kind.split("/")[-1] == "obj"
        and w.value.split("|")[0] in _CHOSEN_AS
        for t, w in zip(words, words[1:], strict=False)
    )


_IP_VALUE = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}")


def _dns_entered_en12(clause: _Clause) -> bool:
    """A public DNS server's address entered or typed in (round 12): "enter 8.8.8.8 as the
    primary and 8.8.4.4 as the secondary server", "type 1.1.1.1 as the preferred DNS". The
    address is a DNS server's only, so the DNS is set to it, named or not (``clause`` is read
    so: op "set", the DNS its object)."""
    if clause.resolved_op not in ("add", "set", "move") or clause.pron:
        return False  # "put 1.1.1.1 as preferred" (round 19)
    addressed = any(
        t.kind == "q" and _IP_VALUE.fullmatch(t.surface) and t.value in ("google", "cloudflare")
        for t in clause.tokens
    )
    if not addressed:
        return False
    mains = [o for o in clause.objects if o.main]
    if any(o.name.rsplit(".", 1)[-1] != "dns" for o in mains):
        return False
    if clause.resolved_op == "set" and mains:
        return False  # read as it is
    clause.resolved_op = "set"
    if not mains:
        clause.objects.append(_Object("dns", None, True, ()))
    return True


def _picked_from_list_en12(clause: _Clause) -> bool:
    """A value picked from a setting's list (round 12): "pick 11 from the Channel drop-down",
    "select 6 in the Control Channel dropdown" - no op of its own, a chooser, a value, then
    "from" / "in" and a setting; the setting (read as a place after "from") is what is set."""
    if clause.resolved_op is not None or clause.pron:
        return False
    words = [t for t in clause.tokens if t.kind != "stop"]
    if len(words) < 4 or words[0].kind != "nav" or words[1].kind not in ("num", "q"):
        return False
    if words[2].kind != "loc" or words[2].surface.casefold() not in ("from", "in", "on"):
        return False
    for number, obj in enumerate(clause.objects):
        if obj.name.rsplit(".", 1)[-1] in _CHOSEN_AS and not obj.main:
            clause.objects[number] = replace(obj, main=True)
            return True
    return False


def _valued_item(clauses: list[_Clause], number: int) -> bool:
    """A menu item that only names a setting ("Channel"), then a colon and a value ("6"; a
    value the lexicon names, "DNS server: 1.1.1.1", round 12)."""
    clause = clauses[number]
    if not clause.menu_item or clause.resolved_op is not None or number + 1 >= len(clauses):
        return False
    heads = {o.name.rsplit(".", 1)[-1] for o in clause.objects if o.main}
    value = clauses[number + 1]
    return (
        bool(heads & SETTABLE_HEADS)
        and value.link == number
        and any(t.kind in ("num", "q") for t in value.tokens)
        and all(t.kind in ("num", "stop", "q") for t in value.tokens)
    )


def _swapped_with(by_id: dict[str, CatalogEntry], clause: _Clause) -> list[ActionFrame]:
    """ "Swap to a different USB-C cable and a different wall adapter": the charger swap the
    alias names also swapped the cable named with it (one way, see Step.also_did)."""
    ops = {by_id[i].frame.op for i in clause.alias_ids}
    named = {by_id[i].frame.obj for i in clause.alias_ids}
    if ops != {"replace"}:
        return []
    # "swap the adapter but keep the same cable": what is kept is not swapped
    kept = any(t.surface.casefold() in ("same", "keep", "but") for t in clause.tokens)
    return [
        ActionFrame("replace", o.name, _ALSO_DID)
        for o in clause.objects
        if o.main and o.name in _CHARGING_PARTS and o.name not in named and not kept
    ]


_BUTTONS = frozenset({"power_button", "reset_button", "volume_button", "setup_button"})


def _readds_removed(
    frame: ActionFrame, items: list[tuple[ActionFrame | None, frozenset[str], int | None]]
) -> bool:
    """ "Remove device, then Add device > Bluetooth > pick it": a path that starts by adding
    back what the step before removed is that re-add, not only the way somewhere."""
    before = items[-1][0] if items else None
    return (
        frame.op in ("add", "connect")
        and before is not None
        and before.op == "remove"
        and frame.obj is not None
        and objects_compatible(before.obj, frame.obj)
    )


def _done_in_path_en(clause: _Clause) -> bool:
    """ "Allow Zoom to access the camera in Settings > Privacy > Camera": a whole step said
    first, then where it is done ("in" / "under" a menu path); its path is no step, but the
    step is (an item of the path, "Transfer or Reset iPhone > Reset", is only the way)."""
    if clause.menu_item:
        return False
    kinds = [t.kind.split("/")[0] for t in clause.tokens]
    first_op = next((i for i, k in enumerate(kinds) if k in ("op", "pv")), None)
    last_loc = max(
        (i for i, k in enumerate(kinds) if k == "loc" or _via_path(clause.tokens[i])),
        default=None,
    )
    return first_op is not None and last_loc is not None and first_op < last_loc


# The state a device is left in for the step after ("With the headset off, hold ...").
_STATE_WORDS_EN12 = frozenset(
    {
        "on",
        "off",
        "switched on",
        "switched off",
        "turned on",
        "turned off",
        "powered on",
        "powered off",
        "powered down",
        "shut down",
        "shutdown",
        "still on",
    }
)


def _with_state_en12(clause: _Clause) -> bool:
    """ "With it switched on, push a paperclip into the pinhole", "With the headset off, hold
    the power button" (round 12): the state a device is in while the next step is done, no
    step of its own (its device is still what a later "it" or button is)."""
    words = [t for t in clause.tokens if t.kind != "stop"]
    if len(words) < 3 or words[0].kind != "prep" or words[0].surface.casefold() != "with":
        return False
    thing = words[1].kind.split("/")[-1] in ("obj", "objq") or words[1].kind == "pron"
    state = " ".join(t.surface.casefold() for t in words[2:])
    return thing and state in _STATE_WORDS_EN12


# Menu items that name a page of settings, not the thing ("Tools > System", "Settings >
# System > Recovery"): no object a later "it" could be.
_PAGE_NAMES_EN12 = frozenset({"system"})


def _system_pages_en12(clauses: list[_Clause]) -> None:
    """ "tap your Archer, then go to Tools > System and hit the option that powers it down and
    brings it back up" (round 12): a menu item named "System" is a page of the settings, not
    the operating system, so "it" is still the router (a device named before it; with none,
    "Settings > System and update it" is still the system's)."""
    devices = OBJECT_FAMILIES["device"] | {"router", "modem", "extender"}
    for number, clause in enumerate(clauses):
        if not (clause.menu_item or clause.menu_inner):
            continue
        named = {o.name for c in clauses[:number] for o in c.objects if o.main}
        if not named & devices:
            continue
        words = [t.surface.casefold() for t in clause.tokens if t.kind != "stop"]
        if len(words) == 1 and words[0] in _PAGE_NAMES_EN12:
            clause.objects = [o for o in clause.objects if o.name != "os"]


def _leads_with_verb(clause: _Clause) -> bool:
    """Whether a clause's first word that says something is a verb ("Forget This Device",
    "Reset"), not a name, a place or a chooser ("Battery Health", "Choose what ... do")."""
    lead = next((t for t in clause.tokens if t.kind not in _LEAD_SKIP and t.kind != "nav"), None)
    return lead is not None and lead.kind.split("/")[0] in ("op", "pv")


def _menu_items_after(clauses: list[_Clause], head: int) -> list[_Clause]:
    """The items of the menu path whose first item is ``clauses[head]``, in order."""
    items = []
    for later in clauses[head + 1 :]:
        if not later.menu_item:
            break
        items.append(later)
    return items


def _path_pages_en12(clauses: list[_Clause], by_id: dict[str, CatalogEntry]) -> None:
    """The items of an English menu path that are only where a step is done (round 12): a
    path after a whole step ("switch off Optimized Battery Charging under Battery > Battery
    Health & Charging") or before the step done there ("go to Control Panel > Power Options >
    Choose what the power buttons do and untick Fast startup", "In Settings > Bluetooth &
    devices > Printers & scanners, remove the HP"). An item that names no verb of its own is
    then a page, not a step (an item led by a verb, "> Forget This Device", is still one; so
    is one the step after it does, "> Head Cleaning and start it")."""
    for number, clause in enumerate(clauses):
        if not clause.menu_head or not clause.tokens or is_cjk(clause.tokens[0].surface[:1]):
            continue
        items = _menu_items_after(clauses, number)
        if not items:
            continue
        after = number + 1 + len(items)
        following = clauses[after] if after < len(clauses) else None
        stepped = (
            following is not None
            and following.aside
            and not following.negated
            and following.resolved_op not in (None, "nav", "check")
            and not following.pron
            and _leads_with_verb(following)
        )
        if not (stepped or _done_in_path_en(clause)):
            continue
        # what the steps after it do: an item naming that is their list ("Task Manager >
        # Startup apps, set everything you don't need to Disabled"), not a page
        ops = {c.resolved_op for c in clauses[after:] if c.aside and not c.menu_item}
        for item in items:
            named = {by_id[i].frame.op for i in item.alias_ids if i in by_id}
            done = named or item.resolved_op not in (None, "nav")
            if done and not _leads_with_verb(item) and not named & ops:
                item.negated = True


def _via_path(token: Token) -> bool:
    """ "Remove the McAfee trial via Settings > Apps > Installed apps": "via" before a menu
    path says where the step is done, as "in" does (round 9)."""
    return token.kind == "by" and token.surface.casefold() == "via"


# What is ticked or switched off inside a tool that does one job: its list's items.
_TICKED_IN: dict[tuple[str, str], frozenset[tuple[str, str]]] = {
    # "Task Manager > Startup apps, set everything you don't need to Disabled": the apps
    # listed on the Startup tab are the startup apps, not the programs running now
    ("disable", "startup_apps"): frozenset(
        {("set", "background_apps"), ("disable", "background_apps")}
    ),
    # "use Disk Cleanup and tick Temporary files and Recycle Bin": the boxes ticked are what
    # the cleanup deletes, not settings switched on
    ("free", "disk.storage"): frozenset(
        {("enable", "files"), ("enable", "trash"), ("enable", "cache"), ("enable", "storage")}
    ),
}


def _fold_ticked_items_en(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """A step that only ticks (or disables) the items listed inside a tool another step
    uses is part of that step: the tool's own list, not a step of its own."""
    tools = {(f.op, f.obj or "") for step in steps for f in step.frames}
    items = frozenset().union(*(_TICKED_IN[tool] for tool in tools if tool in _TICKED_IN))
    if not items:
        return steps
    kept = tuple(
        step
        for step in steps
        if not (step.frames and all((f.op, f.obj or "") in items for f in step.frames))
    )
    return kept or steps


# The radios an Android network reset names one by one, with their settings.
_RESET_RADIOS = {
    "wifi": "wifi",
    "wifi.settings": "wifi",
    "mobile_data": "mobile_data",
    "mobile_data.settings": "mobile_data",
    "bluetooth": "bluetooth",
    "bluetooth.settings": "bluetooth",
}


def _fold_radio_resets_en(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """ "Reset Wi-Fi, mobile & Bluetooth" (Android's network reset, its items split by the
    commas): two or more radios reset in one text are the network-settings reset, one step
    (the Chinese clause fold does the same inside one clause)."""

    def radio(step: Step) -> str | None:
        main = step.frames[0] if step.frames else None
        if main is None or main.op != "reset" or main.qualifier is not None:
            return None
        return _RESET_RADIOS.get(main.obj or "", "phone" if main.obj == "phone" else None)

    found = [radio(step) for step in steps]
    if len({r for r in found if r not in (None, "phone")}) < 2:
        return steps
    merged = Step((ActionFrame("reset", "network.settings", None),))
    first = next(i for i, r in enumerate(found) if r is not None)
    return tuple(
        merged if i == first else step
        for i, step in enumerate(steps)
        if found[i] is None or i == first
    )


# Devices switched off, something done to them, and switched back on.
_SWITCHED_DEVICES = OBJECT_FAMILIES["device"] | {"router", "modem", "extender", "monitor", "screen"}


def _fold_off_on_around_en(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """ "Turn off the printer, pull out the jammed paper, and switch it back on": a device
    switched off and back on around another step is restarted around it (the "it" switched
    back on is the device, not the paper): a restart step and the step in between. A power
    cycle ending "... plug it back in and switch it on" is switched on as its last part."""
    for i, step in enumerate(steps[:-1]):
        main = step.frames[0] if step.frames else None
        after = steps[i + 1].frames[0] if steps[i + 1].frames else None
        if main is None or after is None or main.op != "restart" or after.op != "enable":
            continue
        if main.obj in _SWITCHED_DEVICES and after.obj in (main.obj, "power_outlet", "device"):
            return steps[: i + 1] + steps[i + 2 :]
    for i, step in enumerate(steps):
        main = step.frames[0] if step.frames else None
        if main is None or main.op != "disable" or main.obj not in _SWITCHED_DEVICES:
            continue
        for j in range(i + 2, len(steps)):
            back = steps[j].frames[0] if steps[j].frames else None
            if back is None or back.op != "enable":
                continue
            if back.obj != main.obj and back.obj in _SWITCHED_DEVICES:
                continue
            restarted = Step((ActionFrame("restart", main.obj, None),))
            return tuple(restarted if k == i else other for k, other in enumerate(steps) if k != j)
    return steps


# Verbs that pull a plug or a cord out ("pull the TV's plug out of the wall").
_PULLS = frozenset({"pull", "pulls", "pulled", "pulling", "yank", "yanks", "yanked", "yanking"})
# Nouns of a power lead ("the Canon's cord", "the modem's plug").
_LEADS = frozenset({"plug", "plugs", "cord", "cords", "lead", "leads", "cable", "cables"})


# Parts cleaned by wiping them ("wipe the cartridge contacts").
_WIPED_PARTS = frozenset({"ink_cartridge", "print_head", "charging.port", "port", "battery"})
_WIPES = frozenset({"wipe", "wipes", "wiped", "wiping"})
# What one plugs into an outlet only to test it.
_TEST_LOADS = frozenset({"lamp", "light", "nightlight", "fan", "kettle", "radio", "toaster"})
# Words of a router's setting raised, not the router ("its transmit power to high").
_NOT_PLACES = frozenset({"power", "transmit", "signal", "strength", "gain", "output", "tx"})
# Where a router raised is put ("off the floor", "onto a shelf", "somewhere higher").
_RAISED_TO = frozenset({"floor", "shelf", "bookshelf", "bookcase", "higher", "high", "elevated"})


# Verbs that get dirt out of a hole by hand ("dig the lint out", "pick out the fluff").
_PICKS = frozenset(
    f"{stem}{end}"
    for stem in ("pick", "dig", "scrape", "fish", "pry", "prise", "prize", "tease", "hook")
    for end in ("", "s", "ed", "ing")
) | {"dug", "digging", "pried", "pries", "prying", "scraping", "prising", "teasing"}


def _radios_listed_en(clause: _Clause, previous: _Clause | None, uncovered: list[_Object]) -> bool:
    """ "Settings > System > Reset options > Reset Wi-Fi, mobile & Bluetooth": the radios
    listed after a menu item's reset, past its comma, are reset too (one label)."""
    if previous is None or previous.resolved_op != "reset" or not uncovered:
        return False
    names = [o.name for o in uncovered]
    radios = [n for n in names if n in _RESET_RADIOS]
    return bool(radios) and all(n in _RESET_RADIOS or n == "phone" for n in names)


def _outlet_tested(op: str, uncovered: list[_Object]) -> bool:
    """ "Check the outlet with another device": the device is what the outlet is tested with,
    not another one tried (the outlet checked is the step)."""
    return op == "check" and [o.name for o in uncovered] == ["power_outlet"]


def _picked_out(clause: _Clause, uncovered: list[_Object]) -> bool:
    """ "Pick the lint out of the port": dirt picked out (nothing else named) is removed; so
    is a swapped part pulled out ("pull the toner out")."""
    if "out" not in clause.particles or not uncovered:
        return False
    verbs = {t.surface.casefold() for t in clause.tokens if t.kind in ("nav", "unk")}
    if verbs & _PULLS and all(o.name in _SWAPPED_PARTS | {"ram"} for o in uncovered):
        return True  # "pull the toner out (then slide it back in)": the part comes out
    return bool(verbs & _PICKS) and all(o.name == "dirt" for o in uncovered)


def _fold_handling_en(
    op: str, obj: str | None, qualifier: str | None, clause: _Clause, context: list[str]
) -> tuple[str, str | None, str | None]:
    """English class folds (batches 22-25): a device's lead pulled, parts handled by hand."""
    words = [token.surface.casefold() for token in clause.tokens]
    pulled = clause.unknown_verb is not None and words[clause.unknown_verb] in _PULLS
    leads = {w for word in words for w in word.split()} & _LEADS
    if pulled and leads and op in ("plug_in", "unplug"):
        # "pull the TV's plug out of the wall", "pull the router's power plug": a device's
        # lead pulled is the device unplugged ("plug" there is the noun, not the verb)
        device = next((o for o in (obj, *context) if o in _POWERED), None)
        if device is not None or obj in ("cable", "power.cable", "power_outlet", None):
            return "unplug", device or obj, qualifier
    surfaces = {w for word in words for w in word.split()}
    if op == "clear" and obj in _WIPED_PARTS and surfaces & _WIPES:
        # "wipe the cartridge contacts", "give the port a wipe": a part wiped is cleaned
        return "clean", obj, qualifier
    if op == "remove" and obj == "charger":
        # "with the charger disconnected / removed": a charger taken off is unplugged
        return "unplug", obj, qualifier
    if obj == "account" and "wifi_network" in context and surfaces & {"profile", "profiles"}:
        # "delete the saved profile for your home SSID": the network's profile is the network
        return op, "wifi_network", qualifier
    banded = obj == "wifi_network" and qualifier in ("2.4ghz", "5ghz")
    if op == "connect" and banded and "channel" in context:
        # "set the 2.4GHz band to channel 1": the band's channel is set, no band joined
        return "set", "wifi.channel", None
    state = next(
        (_SET_STATES.get(words[i + 1]) for i in range(len(words) - 1) if words[i] == "to"),
        None,
    )
    if op in ("set", "enable") and obj == "private_address" and state is not None:
        # "set Private Wi-Fi Address to Off for your home network": the state it is set to,
        # also before the network it is set for
        return state, obj, qualifier
    if op in ("add", "run", "use") and obj == "dns.cache" and _ipconfig(clause):
        return "clear", obj, qualifier  # "type ipconfig /flushdns in Command Prompt"
    if op == "readd" and obj == "charger":
        # "reseat the charger at the wall and the laptop end": unplugged and plugged back in
        return "restart", obj, qualifier
    if op in ("add", "move", "set", "use") and qualifier == "factory" and obj in _WIPEABLE:
        return "reset", obj, qualifier  # "put the router back to how it was out of the box"
    if op == "reset" and qualifier == "default" and obj in _WIPEABLE:
        return op, obj, "factory"  # "wipe the router's settings back to default"
    if op == "run" and obj == "battery" and "down" in clause.particles:
        return "drain", obj, qualifier  # "run the battery all the way down to zero"
    wizard = surfaces & {"wizard", "setup", "set-up"}
    if op == "run" and obj in ("wifi", "wifi_network") and wizard and "printer" in context:
        # "run the wireless setup wizard on the printer's panel": the printer joins again
        return "connect", "printer", qualifier
    chosen = surfaces & {"pick", "choose", "select", "tap", "click"}
    if op in ("run", "use") and obj == "wifi_network" and chosen:
        return "connect", obj, qualifier  # "(run the wizard) and pick your network again"
    if op == "check" and obj == "power_outlet" and qualifier == "other" and "device" in context:
        qualifier = None  # "check the outlet with another device": the same outlet, tested
    if op == "plug_in" and obj == "power_outlet" and surfaces & _TEST_LOADS:
        # "plug a lamp into that socket (to see it works)": the outlet is tested
        return "check", obj, qualifier
    raised = op in ("increase", "use", "move", "add") and obj == "router"
    if raised and surfaces & _RAISED_TO and not surfaces & _NOT_PLACES:
        # "raise it off the floor", "get the router up off the floor, onto a shelf": moved
        return "move", obj, qualifier
    return op, obj, qualifier


def _in_mail_app(clauses: list[_Clause]) -> bool:
    """Some clause says where: in a mail client named by name ("in the Outlook sidebar")."""
    return any(o.qualifier in _MAIL_APPS for c in clauses for o in c.objects if not o.main)


# What is signed in to, never restarted.
_ACCOUNT_OBJECTS = frozenset({"account", "email_account"})
_NOT_RESTARTED = frozenset({"ip_address", "network.settings", "dns", "dns.cache", "winsock"})
# Round 12: "run Disk Cleanup, then restart", "install the updates and restart", "clear the
# cache, then reboot": what was cleaned, scanned or updated is never what restarts
_NOT_RESTARTED |= {
    "disk",
    "disk.storage",
    "storage",
    "cache",
    "app.cache",
    "browser.cache",
    "browser.data",
    "cookies",
    "trash",
    "files",
    "system_files",
    "malware",
    "os",
    "os.update",
}


def _removed_before_en12(clauses: list[_Clause], number: int) -> bool:
    before = clauses[number - 1]
    return before.resolved_op == "remove" and any(o.name == "app" for o in before.objects)


def _restarted_device_en(
    frame: ActionFrame, clauses: list[_Clause], number: int, resolved: str | None
) -> str | None:
    """ "Turn off Bluetooth on the laptop, restart it, and turn Bluetooth back on": the "it"
    restarted right after a radio is switched off on a named device is that device.
    "Sign out of iCloud on the iPhone, restart, sign back in": a bare restart after an account
    step restarts the device it is done on (an account is never restarted)."""
    bare = number > 0 and not clauses[number].pron
    if frame.op == "restart" and resolved in _ACCOUNT_OBJECTS and bare:
        places = sorted({o.name for o in clauses[number - 1].objects if o.name in _POWERED})
        return places[0] if len(places) == 1 else "device"
    if frame.op == "restart" and resolved in _NOT_RESTARTED and not clauses[number].pron:
        return "device"  # "netsh int ip reset, then reboot": the machine reboots, not the IP
    if (
        frame.op == "restart"
        and resolved == "app"
        and bare
        and _removed_before_en12(clauses, number)
    ):
        return "device"  # "remove the bloatware, then reboot": a removed app is not restarted
    if frame.op != "restart" or resolved not in ("wifi", "bluetooth") or number == 0:
        return resolved
    before = clauses[number - 1]
    if before.resolved_op != "disable" or not clauses[number].pron:
        return resolved
    # the device the radio is on ("on the laptop") or whose radio it is ("the phone's Wi-Fi")
    names = [o.name for o in before.objects if not o.main]
    names += [n for o in before.objects if o.main for n in o.nouns]
    devices = sorted({n for n in names if n in _POWERED})
    return devices[0] if len(devices) == 1 else resolved


def _fold_queue_documents_en(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """ "Open the printer's queue and delete all the documents in it": the documents deleted
    there are the queue cleared, no files of the disk deleted."""
    queued = any(
        "printer.clear_queue" in step.action_ids
        or any(f.obj == "print_queue" for f in step.frames[:1])
        for step in steps
    )
    if not queued:
        return steps
    kept = tuple(
        step
        for step in steps
        if not (
            step.frames
            and step.frames[0].op in ("remove", "clear", "free")
            and step.frames[0].obj in ("files", "disk.storage")
        )
    )
    return kept or steps


# Appliances with no battery to drain: their power button held and the plug pulled is a power
# cycle; a computer's or phone's (or one with a battery named) is the residual-power drain.
_APPLIANCES = ("console", "tv", "streaming_stick", "router", "modem", "printer")
_DRAINED = frozenset({"computer", "phone", "tablet", "battery", "charger", "device"})


def _fold_appliance_drain_en(steps: tuple[Step, ...], clauses: list[_Clause]) -> tuple[Step, ...]:
    """ "Hold the console's power button till it beeps, then pull the power cord out for 60
    seconds": a console (TV, router, printer) is power-cycled, not drained of flea power."""
    drains = [
        i
        for i, step in enumerate(steps)
        if step.frames and (step.frames[0].op, step.frames[0].obj) == ("drain", "residual_power")
    ]
    if not drains:
        return steps
    named = {
        t.value.split("|")[0].split(".")[0]
        for c in clauses
        for t in c.tokens
        if t.kind.split("/")[-1] in ("obj", "objq")
    }
    appliance = next((a for a in _APPLIANCES if a in named), None)
    if appliance is None or named & _DRAINED:
        return steps
    result = list(steps)
    for i in drains:
        result[i] = Step((ActionFrame("restart", appliance, None),))
    return tuple(result)


# Devices whose own firmware "its firmware" can be (no router named).
_FIRMWARE_OWNERS = frozenset({"controller", "headphones", "printer", "mouse", "keyboard"})


def _fold_firmware_owner_en(steps: tuple[Step, ...], clauses: list[_Clause]) -> tuple[Step, ...]:
    """ "Re-pair the controller ..., and update its firmware": the firmware is the controller's
    (bare "firmware" is otherwise the router's); "update the controller firmware and re-pair
    it": what is paired again is the controller, not its firmware."""
    owned = any(
        a.surface.casefold() in ("its", "their") and b.kind == "obj" and b.value == "firmware"
        for c in clauses
        for a, b in zip(c.tokens, c.tokens[1:], strict=False)
    )
    paired = any(
        "pair" in t.surface.casefold() and t.kind == "op" for c in clauses for t in c.tokens
    )
    if not owned and not paired:
        return steps
    firsts = [step.frames[0] if step.frames else None for step in steps]
    owners = [f.obj.split(".")[0] for f in firsts if f is not None and f.obj]
    owner = next((o for o in owners if o in _FIRMWARE_OWNERS), None)
    if owner is None or "router" in owners:
        return steps
    result = list(steps)
    for i, main in enumerate(firsts):
        if main is None:
            continue
        if owned and (main.op, main.obj) == ("update", "firmware"):
            result[i] = Step((ActionFrame("update", f"{owner}.firmware", main.qualifier),))
        elif paired and main.op == "readd" and main.obj == f"{owner}.firmware":
            result[i] = Step((ActionFrame("readd", owner, main.qualifier),))
    return tuple(result)


def _fold_printer_by_ip_en(steps: tuple[Step, ...], clauses: list[_Clause]) -> tuple[Step, ...]:
    """ "Settings > Printers & scanners > Add device > Add manually, choose TCP/IP and enter
    10.1.4.25": the device added on the printers page is a printer, and the address entered
    while adding it is how it is added ("add the printer by its IP"), no step of its own."""
    printers = any(
        t.kind == "ctx" and "printer" in t.surface.casefold() for c in clauses for t in c.tokens
    )
    result: list[Step] = []
    for step in steps:
        main = step.frames[0] if step.frames else None
        if printers and main is not None and (main.op, main.obj) == ("add", "device"):
            step = Step((ActionFrame("add", "printer", main.qualifier),))
            main = step.frames[0]
        last = result[-1].frames[0] if result and result[-1].frames else None
        adding = last is not None and (last.op, last.obj) == ("add", "printer")
        if adding and main is not None and (main.op, main.obj) == ("add", "ip_address"):
            continue
        result.append(step)
    return tuple(result) if len(result) != len(steps) or printers else steps


def _fold_band_of_channel_en12(steps: tuple[Step, ...], clauses: list[_Clause]) -> tuple[Step, ...]:
    """ "open Wireless > General, set Band to 2.4 GHz and pick 6 in the Control Channel
    dropdown" (round 12): on a router's page the band set right before a channel is which
    band's channel is set, no band switch of its own."""
    banded = any(
        c.resolved_op == "set" and any(t.surface.casefold() == "band" for t in c.tokens)
        for c in clauses
    )
    if not banded:
        return steps
    for i, step in enumerate(steps[:-1]):
        main = step.frames[0] if step.frames else None
        after = steps[i + 1].frames[0] if steps[i + 1].frames else None
        band = main is not None and main.qualifier in ("2.4ghz", "5ghz")
        band = band and main is not None and main.obj in ("wifi_network", "wifi", "band")
        channel = after is not None and after.op == "set" and "channel" in (after.obj or "")
        if band and channel:
            return steps[:i] + steps[i + 1 :]
    return steps


def _fold_printer_join_en(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """ "Reconnect the printer to Wi-Fi (on its panel) and pick your network again": the
    network joined right after the printer is reconnected is the printer's, part of it; so is
    "sign back in to it with the password" right after a network is forgotten (its rejoin)."""
    for i, step in enumerate(steps[1:], start=1):
        main = step.frames[0] if step.frames else None
        before = steps[i - 1].frames[0] if steps[i - 1].frames else None
        relogin = main is not None and (main.op, main.obj, main.qualifier) == (
            "login",
            "account",
            "again",
        )
        forgotten = before is not None and (before.op, before.obj) in (
            ("readd", "wifi_network"),
            ("remove", "wifi_network"),
        )
        if relogin and forgotten:
            return steps[:i] + steps[i + 1 :]
        # "Forget This Network, then tap it again (and enter the password)": the network
        # tapped again right after it is forgotten is its rejoin, part of forget-and-rejoin
        tapped = main is not None and (main.op, main.obj) in (
            ("restart", "wifi_network"),
            ("connect", "wifi_network"),
        )
        again = tapped and main is not None and main.qualifier is None
        if again and before is not None and (before.op, before.obj) == ("readd", "wifi_network"):
            return steps[:i] + steps[i + 1 :]
    for i, step in enumerate(steps[1:], start=1):
        main = step.frames[0] if step.frames else None
        before = steps[i - 1].frames[0] if steps[i - 1].frames else None
        if main is None or before is None or (main.op, main.obj) != ("connect", "wifi_network"):
            continue
        if (before.op, before.obj) == ("connect", "printer") and main.qualifier is None:
            return steps[:i] + steps[i + 1 :]
    return steps


def _readded_with_mixed(
    frame: ActionFrame,
    clause: _Clause,
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]],
) -> ActionFrame:
    """ "删掉 QQ 邮箱，再用授权码重新添加": what 用 leads is what the re-add is done with; the
    thing added back is the one just removed (as "add it back using the code" says)."""
    if frame.op not in ("readd", "add") or not items:
        return frame
    last = items[-1][0]
    if last is None or last.op != "remove" or last.obj in (None, frame.obj):
        return frame
    lead = [t for t in clause.tokens if t.kind not in ("stop", "and", "split", *_MARKS)]
    means = len(lead) > 2 and lead[0].kind == "weak" and lead[0].value == "use"
    if not means or lead[1].kind != "obj" or lead[1].value.split("|")[0] != frame.obj:
        return frame
    return ActionFrame("readd", last.obj, last.qualifier)


# A network chosen before its "Delete Settings" (a console's network menu): forgotten.
_NETWORKS = frozenset({"wifi_network"})


# The account a console signs in with: the Xbox's is the Microsoft account.
_CONSOLE_ACCOUNTS = {"console|name:xbox": "name:microsoft"}


def _console_account_mixed(frame: ActionFrame, clauses: list[_Clause]) -> ActionFrame:
    """ "在 Xbox 设置 > 账户 里把这个账号删掉，然后重新添加": the account removed from or added
    to a console, named by nothing else, is the one it signs in with (the Microsoft account,
    read as "Remove the Microsoft account from the Xbox" reads it)."""
    if frame.obj != "account" or frame.qualifier is not None:
        return frame
    if frame.op not in ("readd", "remove", "add"):
        return frame
    owners = {
        _CONSOLE_ACCOUNTS[t.value]
        for c in clauses
        for t in c.tokens
        if t.kind == "objq" and t.value in _CONSOLE_ACCOUNTS
    }
    return ActionFrame(frame.op, "email_account", owners.pop()) if len(owners) == 1 else frame


def _command_switch_mixed(frame: ActionFrame, clause: _Clause) -> ActionFrame:
    """A program typed in with a switch ("输入 %localappdata%\\...\\onedrive.exe /reset",
    "type onedrive.exe /reset"): the switch's op is done to the program, typing is the way."""
    if frame.op != "add" or frame.obj != "app":
        return frame
    tokens = clause.tokens
    at = next((i for i, t in enumerate(tokens) if t.kind == "unk" and t.value == "exe"), None)
    after = tokens[at + 1] if at is not None and at + 1 < len(tokens) else None
    if after is None or after.kind != "op" or after.value == "add":
        return frame
    return replace(frame, op=after.value)


def _chosen_as_audio_mixed(clause: _Clause) -> bool:
    """A device picked as the speaker / microphone / output ("select the headset as both
    speaker and microphone", "choose the headphones as the output device")."""
    kinds = {(t.kind, t.value) for t in clause.tokens}
    return ("q", "audio_device") in kinds and any(t.kind == "nav" for t in clause.tokens)


def _held_frame(frame: ActionFrame) -> bool:
    """A button held ("按住电源键"), or what holding it is read as (switched on to pair)."""
    return frame.op == "hold" or frame.obj in _BUTTONS or frame.qualifier == "discoverable"


def _held_until_done_mixed(
    clause: _Clause, items: list[tuple[ActionFrame | None, frozenset[str], int | None]]
) -> str | None:
    """ "耳机关机后，同时按住电源键和CUSTOM键7秒以上，蓝灯闪4下就初始化好了": a reset the buttons
    held lead to ("就…了") is what they were held for; the hold, and the device switched off
    for it, are how it is done (dropped from ``items``), as "reset it by holding ..." says; the
    device switched off is what is reset (returned), never the button held."""
    at = next((i for i, t in enumerate(clause.tokens) if t.kind == "op"), None)
    if at is None or clause.tokens[at].value != "reset" or not items:
        return None
    if not any(t.surface == "就" for t in clause.tokens[:at]):
        return None
    held = len(items)
    while held and (last := items[held - 1][0]) is not None and _held_frame(last):
        held -= 1
    if held == len(items):
        return None
    before = items[held - 1][0] if held else None
    device = None
    if before is not None and before.op in ("disable", "restart") and not items[held - 1][1]:
        held -= 1  # switched off first, for the buttons to reset it
        device = before.obj
    del items[held:]
    return device


def _system_file_check_mixed(
    frame: ActionFrame,
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]],
) -> ActionFrame | None:
    """The System File Checker typed in ("输入 sfc /scannow", "type sfc /scannow") is run; the
    corrupted system files repaired right after running it are what it does, no step (None)."""
    if frame.obj != "system_files":
        return frame
    if frame.op in ("add", "use", "open"):
        return replace(frame, op="run")
    last = items[-1][0] if items else None
    ran = last is not None and (last.op, last.obj) == ("run", "system_files")
    return None if ran and frame.op == "readd" else frame


def _outlet_tried_mixed(
    frame: ActionFrame,
    clause: _Clause,
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]],
) -> bool:
    """Plugging in right after moving to another outlet, with no outlet of its own, is trying
    that outlet ("换个插座插插看", "换个插座，再插上试试"), no step of its own; plugged into an
    outlet it names ("把插线板换掉，直接插墙上的插座") it stays one."""
    if frame.op != "plug_in" or frame.obj not in (None, "power_outlet") or not items:
        return False
    last, ids, _ = items[-1]
    swapped = last is not None and (last.op, last.obj) == ("replace", "power_outlet")
    if "power.try_other_outlet" not in ids and not swapped:
        return False
    return "power.try_other_outlet" in clause.alias_ids or not clause.objects


def _fold_nvram_power_en(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """ "Shut down, then power on while holding Option-Command-P-R": the Mac switched off and
    on around the keys is how NVRAM is reset, no step of its own (round 9)."""
    if not any(f.op == "reset" and f.obj == "nvram" for step in steps for f in step.frames[:1]):
        return steps

    def part(step: Step) -> bool:
        main = step.frames[0] if step.frames else None
        powered = main is not None and main.op in ("enable", "disable", "restart", "plug_in")
        return powered and main is not None and main.obj in ("computer", None)

    kept = tuple(step for step in steps if not part(step))
    return kept or steps


def _fold_case_for_reset_en(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """ "Put both buds in the case, lid open, hold the back button until the light flashes
    amber": earbuds put in their case to be reset is how the reset is done, no step of its own
    (round 10)."""
    if not any(f.op == "reset" and f.obj == "headphones" for s in steps for f in s.frames[:1]):
        return steps

    def part(step: Step) -> bool:
        main = step.frames[0] if step.frames else None
        return main is not None and (main.op, main.obj, main.qualifier) == (
            "move",
            "headphones",
            None,
        )

    kept = tuple(step for step in steps if not part(step))
    return kept or steps


def _fold_radio_parts_en(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """ "Reset Wi-Fi, mobile data & Bluetooth" read as a Wi-Fi reset and the network-settings
    reset (its other radios matched the alias): a radio reset next to the network-settings
    reset is one of its parts, no step of its own."""
    whole = any(
        f.op == "reset" and f.obj == "network.settings" for step in steps for f in step.frames[:1]
    )
    if not whole:
        return steps

    def part(step: Step) -> bool:
        main = step.frames[0] if step.frames else None
        radio = main is not None and main.obj in _RESET_RADIOS and main.qualifier is None
        return radio and main is not None and main.op == "reset" and not step.action_ids

    kept = tuple(step for step in steps if not part(step))
    return kept or steps


# Things switched off one by one and brought back on together ("... then bring both back up").
_BOTH_SWITCHED = _SWITCHED_DEVICES | {"bluetooth", "wifi", "headphones"}


def _both_alone(clause: _Clause) -> bool:
    """ "bring both back up": "both" standing for the things before it (no noun after it)."""
    for i, token in enumerate(clause.tokens):
        if "both" in token.surface.casefold().split():
            after = _next_meaningful(clause.tokens, i)
            return after is None or after.kind not in ("obj", "objq")
    return False


# Devices whose own firmware "its firmware" names after them (a bare firmware is the
# router's already).
_FIRMWARE_OWNERS = frozenset(
    {"controller", "headphones", "printer", "modem", "extender", "keyboard", "mouse"}
)


def _case_cycle_en12(
    frame: ActionFrame,
    clause: _Clause,
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]],
) -> bool:
    """ "Put both buds back in the case, close the lid for ten seconds, then take them out
    again" (round 12): the lid closed and the buds taken out of the case they were just put in
    are that one step (buds rested in their case), not a closing and an unpairing."""
    if frame.obj != "headphones" or frame.op not in ("close", "remove"):
        return False
    before = next((f for f, _, _ in reversed(items) if f is not None), None)
    if before is None or (before.op, before.obj) != ("charge", "headphones"):
        return False
    if frame.op == "remove":
        return "out" in clause.particles and clause.pron
    return True


def _password_for_it_en12(
    frame: ActionFrame, clause: _Clause, last_object: str | None
) -> ActionFrame:
    """ "Rename your Wi-Fi network and set a new password for it" (round 12): the password of
    "it", the network (or router) just named, is the Wi-Fi password given a new value, not an
    account's password reset."""
    if frame.obj != "password" or frame.op not in ("set", "reset", "replace", "create"):
        return frame
    if last_object not in ("wifi_network", "wifi", "router"):
        return frame
    words = [t.surface.casefold() for t in clause.tokens if t.kind != "stop"]
    pairs = zip(words, words[1:], strict=False)
    if not any(a in ("for", "of", "on") and b == "it" for a, b in pairs):
        return frame
    return ActionFrame("set", "wifi.password")


def _this_device_en12(frame: ActionFrame, clause: _Clause, last_object: str | None) -> ActionFrame:
    """ "Tap the gear next to the Galaxy Buds > Forget This Device" (round 12): the device a
    button names as "this device" is the entry it was opened from."""
    if frame.obj != "device" or last_object in (None, "device"):
        return frame
    if last_object not in OBJECT_FAMILIES["device"]:
        return frame
    if not any(t.surface.casefold() == "this" for t in clause.tokens):
        return frame
    return replace(frame, obj=last_object)


def _added_back_en12(
    frame: ActionFrame,
    clause: _Clause,
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]],
    last: str | None,
) -> str | None:
    """ "Remove the printer ..., restart the PC, then add it again" (round 12): what is added
    back is what was removed, not the device restarted in between (None: no such removal)."""
    if not clause.pron or frame.op not in ("add", "connect", "readd"):
        return None
    if last is None or last not in OBJECT_FAMILIES["device"]:
        return None  # "remove the printer, reinstall its driver and add it back": the driver
    if not any(t.surface.casefold() in ("again", "back") for t in clause.tokens):
        return None
    removed = next(
        (f.obj for f, _, _ in reversed(items) if f is not None and f.op == "remove"), None
    )
    return removed


def _reset_owner_en12(frame: ActionFrame, clause: _Clause, resolved: str | None) -> str | None:
    """ "Flash the latest firmware on the Archer, then factory reset it" (round 12): a device's
    firmware is no referent of a reset or a restart, the device it runs on is."""
    if not clause.pron or frame.op not in ("reset", "restart") or resolved is None:
        return resolved
    owner, _, head = resolved.rpartition(".")
    return owner if head == "firmware" and owner else resolved


def _its_firmware_en(frame: ActionFrame, clause: _Clause, last_object: str | None) -> ActionFrame:
    """ "Unpair the controller and update its firmware (through Xbox Accessories)": the bare
    firmware a possessive points back to is the device's named before it."""
    if frame.obj != "firmware" or last_object not in _FIRMWARE_OWNERS:
        return frame
    if not any(t.surface.casefold() in ("its", "their") for t in clause.tokens):
        return frame
    return replace(frame, obj=f"{last_object}.firmware")


def _made_latest_en(frame: ActionFrame, clause: _Clause) -> ActionFrame:
    """ "Make WhatsApp the newest version", "set the app to the latest version" (round 10): an
    app or its firmware made the latest version is updated, not a setting of it changed."""
    if frame.op != "set" or frame.obj is None or frame.obj.rsplit(".", 1)[-1] not in _UPDATED:
        return frame
    if not any(t.kind == "q" and t.value == "latest" for t in clause.tokens):
        return frame
    return replace(frame, op="update")


_UPDATED = frozenset({"app", "firmware", "driver", "browser"})


def _keyboard_language_en(frame: ActionFrame, clause: _Clause) -> ActionFrame:
    """ "Switch the keyboard back to English" (round 10): a keyboard set to a language is its
    layout (as "switch your keyboard language to English")."""
    if (frame.op, frame.obj) != ("set", "keyboard"):
        return frame
    if not any(t.surface.casefold() in _KEYBOARD_LANGUAGES for t in clause.tokens):
        return frame
    return replace(frame, obj="keyboard_layout")


_KEYBOARD_LANGUAGES = frozenset(
    {"english", "french", "german", "spanish", "italian", "portuguese", "russian", "chinese"}
    | {"japanese", "korean", "arabic", "pinyin", "qwerty", "azerty", "qwertz", "dutch", "turkish"}
)


_SYSTEM_OWNERS_ZH = frozenset({"router", "modem", "extender", "printer"})


def _device_system_zh(frame: ActionFrame, clause: _Clause) -> ActionFrame:
    """ "路由器系统更新一下到最新", "把打印机的系统升级一下": the system of a router or a
    printer is its firmware, not the computer's or the phone's OS; a nozzle check page printed
    is the nozzle check."""
    if (frame.op, frame.obj) == ("print", "print_head"):
        return ActionFrame("check", "print_head", None)  # "打印一张喷嘴检查页": the check
    if frame.op != "update" or frame.obj != "os":
        return frame
    owners = {o.name for o in clause.objects} & _SYSTEM_OWNERS_ZH
    if len(owners) != 1 or not any(is_cjk(t.surface[:1]) for t in clause.tokens if t.surface):
        return frame
    return ActionFrame("update", f"{owners.pop()}.firmware", None)


_FLASHING = frozenset({"flash", "flashes", "flashing", "blink", "blinks", "blinking"})


def _held_on_headphones_en(
    frame: ActionFrame, clause: _Clause, last_object: str | None
) -> ActionFrame:
    """ "With the headphones off, hold the power and CUSTOM buttons together until the
    indicator flashes": the buttons are the headphones' (named in the clause before), held
    down at once until the light flashes, their reset; the power button alone until it flashes
    blue (or white), their pairing mode."""
    if (frame.op, frame.obj) != ("hold", "power_button") or last_object != "headphones":
        return frame
    words = {token.surface.casefold() for token in clause.tokens}
    two = "together" in words or any(w.startswith("custom") for w in words)
    if two and words & _FLASHING and not words & {"white", "blue"}:
        return ActionFrame("reset", "headphones", None)
    if not two and words & _FLASHING and words & {"white", "blue"}:
        # "With the headset off, hold the power button ~7 sec until the LED blinks blue"
        # (round 12): the power button alone until a pairing colour, its pairing mode
        return ActionFrame("enable", "headphones", "discoverable")
    return frame


def _outlet_surfaces(clause: _Clause) -> set[str]:
    return {
        clause.tokens[p].surface.casefold()
        for o in clause.objects
        if o.name == "power_outlet"
        for p in o.positions
    }


def _outlet_moved_en(frame: ActionFrame, clauses: list[_Clause], number: int) -> ActionFrame:
    """ "Unplug the PC from the surge protector, plug it straight into the wall": plugged into
    another kind of outlet right after it was unplugged from one, it tries another outlet."""
    if frame.op != "plug_in" or number == 0 or clauses[number - 1].resolved_op != "unplug":
        return frame
    into, out_of = _outlet_surfaces(clauses[number]), _outlet_surfaces(clauses[number - 1])
    if into and out_of and not into & out_of:
        return ActionFrame("replace", "power_outlet", None)
    return frame


_SMC_KEYS = frozenset({"shift", "option", "left shift", "left option"})


def _smc_keys_en(frame: ActionFrame, clauses: list[_Clause], number: int) -> ActionFrame:
    """ "hold Shift, Control and Option on the left side together with the power button":
    the keys listed across commas with the power button held are the Mac's SMC reset."""
    # "hold left Shift+Control+Option plus power for 10 sec" (round 12): the keys held, then
    # "power" (the button, read as a verb) in the clause after
    powered = (
        frame.obj is None
        and frame.op in ("hold", "nav")
        and number + 1 < len(clauses)
        and any(t.surface.casefold() == "power" for t in clauses[number + 1].tokens[:1])
    )
    if (frame.op, frame.obj) not in (("hold", "power_button"), ("use", "keyboard")) and not powered:
        return frame
    keys = {
        token.surface.casefold()
        for clause in clauses[max(0, number - 2) : number + 1]
        for token in clause.tokens
    }
    if {"shift", "option"} <= {k.removeprefix("left ") for k in keys & _SMC_KEYS}:
        return ActionFrame("reset", "smc", None)
    return frame


def _fold_both_back_on_en(steps: tuple[Step, ...], clauses: list[_Clause]) -> tuple[Step, ...]:
    """ "Turn the laptop's BT off and power down the headset, then bring both back up": the
    last thing switched off is restarted with the "both" brought back on; the other one
    switched off before it is restarted too."""
    last = steps[-1].frames[0] if steps and steps[-1].frames else None
    if last is None or last.op != "restart" or len(steps) < 2:
        return steps
    both = any(_both_alone(clause) for clause in clauses[1:])
    if not both:
        return steps
    result = list(steps)
    for i, step in enumerate(steps[:-1]):
        main = step.frames[0] if step.frames else None
        if main and main.op == "disable" and main.obj in _BOTH_SWITCHED and main.obj != last.obj:
            result[i] = Step((ActionFrame("restart", main.obj, None),))
    return tuple(result)


_CYCLED = _POWERED | _RADIOS


def _fold_powered_back_on_en(steps: tuple[Step, ...]) -> tuple[Step, ...]:
    """ "Power off the modem and the router, wait, then power on the modem first and the router
    second": each device switched off and later switched (or plugged) back on is power-cycled,
    one restart step per device."""
    result: list[Step | None] = list(steps)
    for i, step in enumerate(steps):
        main = step.frames[0] if step.frames else None
        if main is None or main.op not in ("disable", "unplug") or main.obj not in _CYCLED:
            continue
        # a radio switched off is brought back too ("then bring it back on")
        ons = ("enable", "plug_in", "add") if main.obj in _RADIOS else ("enable", "plug_in")
        back = next(
            (
                j
                for j in range(i + 1, len(steps))
                if steps[j].frames
                and steps[j].frames[0].op in ons
                and steps[j].frames[0].obj == main.obj
            ),
            None,
        )
        if back is None or result[back] is None:
            continue
        result[i] = Step((ActionFrame("restart", main.obj, None),))
        result[back] = None
    for i in range(1, len(result)):
        main = _main_frame(result[i])
        before = _main_frame(result[i - 1])
        if main is None or before is None or before.op != "restart":
            continue
        if main.op in ("add", "plug_in", "enable") and main.obj == before.obj in _CYCLED:
            # "pull its cable out for a minute, then put it back": the cycle; "tap the Wi-Fi
            # icon to switch it off, then tap it again to bring it back": the toggle
            result[i] = None
    if all(r is not None for r in result):
        return steps
    return tuple(r for r in result if r is not None)


# A forced restart or shut-down ("强制重启", "强制关机", "force restart") is done by holding the
# power button: the held button is that step too, so a button held till the screen goes black
# repeats "给笔记本强制关机" (a plain restart is no held button, nor the reverse).
_FORCED = frozenset(
    {
        "强 制 重 启",
        "强 行 重 启",
        "强 制 关 机",
        "强 行 关 机",
        "强 制 关 掉",
        "强 行 关 掉",
        "force restart",
        "force reboot",
        "hard restart",
        "hard reboot",
        "force shutdown",
        "force shut down",
        "force power off",
    }
)
_HELD_BUTTON = ActionFrame("hold", "power_button", None)
_FORCEABLE = OBJECT_FAMILIES["device"] | {None}


def _fold_forced_power(steps: tuple[Step, ...], clauses: list[_Clause]) -> tuple[Step, ...]:
    forced = [t.value for c in clauses if not c.negated for t in c.tokens if t.surface in _FORCED]
    if not forced or any(_HELD_BUTTON in step.frames for step in steps):
        return steps
    return tuple(
        replace(step, frames=(*step.frames, _HELD_BUTTON))
        if step.frames and step.frames[0].op in forced and step.frames[0].obj in _FORCEABLE
        else step
        for step in steps
    )


def _main_frame(step: Step | None) -> ActionFrame | None:
    return step.frames[0] if step is not None and step.frames else None


def _fold_apps_sync_en(
    op: str, obj: str | None, qualifier: str | None, clause: _Clause
) -> tuple[str, str | None, str | None] | None:
    """English class folds of payment, login, app, email and sync steps.

    None: the clause is no step of its own."""
    shortcut = any(
        t.kind == "ctx" and {"ctrl", "cmd", "command"} & set(t.surface.split())
        for t in clause.tokens
    )
    if op in ("hold", "use") and obj is None and shortcut and not clause.objects:
        return None  # "press Ctrl+Shift+Delete and clear cached images and files"
    surfaces = {t.surface for t in clause.tokens}
    if (
        obj == "payment"
        and surfaces & (_TRIED_AGAIN | _AGAIN)
        and op in ("add", "use", "disable", "enable")
    ):
        return None  # "then retry the payment", "submit the payment again": the test, no step
    if op == "reset" and obj == "app.storage":
        op, obj = "clear", "app.data"  # "reset the app's storage so it starts fresh"
    verbs = {t.surface for t in clause.tokens if t.kind in ("op", "weak")}
    if obj == "clock" and op in ("check", "use") and verbs & {"sync", "syncs", "synced"}:
        op = "sync"  # "make sure the phone's clock syncs with network time"
    if op in ("increase", "upgrade") and obj == "ram":
        op = "add"  # "increase the laptop's memory": more of it goes in
    surfaces = {t.surface for t in clause.tokens}
    if op == "restart" and obj == "os" and surfaces & {"windows", "macos", "mac"}:
        obj = "computer"  # "do a restart of Windows": the computer restarts
    named = {o.name for o in clause.objects}
    if op == "enable" and obj == "card.details":
        op = "check"  # "confirm the expiration date and the security code"
    forced = any(t.surface.startswith("force ") for t in clause.tokens)
    if op == "close" and obj == "app" and qualifier is None and forced:
        # "... > Instagram and tap Force stop": a forced close of the app is the catalog's
        # force-restart (a named one, "Force stop Google Play Services", stays its own)
        op = "restart"
    if op in ("close", "remove") and obj == "app" and "background" in surfaces:
        obj = "background_apps"  # "shut down the apps that are running in the background"
    synced = surfaces & {"photos", "contacts", "calendar", "calendars", "onedrive", "notes"}
    if obj == "sync" and synced:
        obj = "data_sync"  # "turn on iCloud sync for photos": not the mail's sync
    if obj == "app_password" and op in ("use", "login", "add", "set"):
        op = "create"  # "sign in with an app-specific password": the catalog's one step
    if op == "check" and obj == "email" and "spam_folder" in named:
        obj = "spam_folder"  # "see whether the email went to spam": the spam folder is looked in
    return op, obj, qualifier


def _coordinated(clause: _Clause, objects: list[_Object]) -> bool:
    """Whether the objects are joined by "and" ("the modem and the router"), nothing else."""
    for left, right in zip(objects, objects[1:], strict=False):
        between = clause.tokens[left.positions[-1] + 1 : right.positions[0]]
        if not any(t.kind == "and" for t in between):
            return False
        if any(t.kind not in ("and", "stop") for t in between):
            return False
    return True


_DURATIONS = frozenset(
    {"second", "seconds", "sec", "secs", "minute", "minutes", "min", "mins", "moment", "while"}
)


_A_WHILE = frozenset({"for a while", "for a bit", "for a little while", "for a little bit"})


_HOLDING = frozenset(
    {"hold", "holding", "held", "holds", "long", "long-press", "until", "keep", "down", "for"}
)


def _pressed_briefly(clause: _Clause) -> bool:
    """ "press the power button" with no hold, duration or "until": a press, not a hold
    (English only: Chinese says 按 / 长按 with words of its own)."""
    words = [token.surface.casefold() for token in clause.tokens]
    if not all(word.isascii() for word in words):
        return False
    return not any(
        part in _HOLDING or part in _DURATIONS for word in words for part in word.split()
    )


def _for_a_while(clause: _Clause) -> bool:
    """ "... for 30 seconds", "for a minute", "for a while": the clause lasts a while."""
    words = [token.surface.casefold() for token in clause.tokens]
    if any(word in _A_WHILE for word in words):
        return True
    return "for" in words and any(word in _DURATIONS for word in words[words.index("for") :])


# -- the same step on another named thing (the false-block round on batches 18-21) -----------

# A step on a thing the text names is a different step on another named thing: the Chrome
# cache is not Safari's, the card saved in the App Store is not the one in Google Pay, the Apple
# ID password is not the Gmail password. Each family: the objects it applies to, then the names
# (a regular expression on the clause's words -> the canonical name).
_BROWSER_NAMES = (
    (r"(?<![a-z])(?:google )?chrome(?![a-z])|谷歌浏览器|chrome浏览器", "chrome"),
    (r"(?<![a-z])(?:microsoft )?edge(?![a-z])", "edge"),
    (r"(?<![a-z])firefox(?![a-z])|火狐", "firefox"),
    (r"(?<![a-z])safari(?![a-z])", "safari"),
    (r"(?<![a-z])opera(?![a-z])", "opera"),
    (r"(?<![a-z])brave(?![a-z])", "brave"),
    # the system WebView apps render pages with is no browser's own cache
    (r"(?<![a-z])(?:android system )?webview(?![a-z])", "webview"),
    (r"360浏览器", "360"),
    (r"qq浏览器", "qqbrowser"),
)
_PAYMENT_SERVICES = (
    (
        r"(?<![a-z])(?:app store|apple id|itunes|icloud|apple account)(?![a-z])|苹果账号|苹果id",
        "apple",
    ),
    (r"(?<![a-z])(?:apple wallet|apple pay|wallet app)(?![a-z])", "apple_wallet"),
    (r"(?<![a-z])(?:google play|play store)(?![a-z])|谷歌商店", "google_play"),
    (r"(?<![a-z])(?:google pay|google wallet|gpay)(?![a-z])", "google_pay"),
    (r"(?<![a-z])(?:samsung pay|samsung wallet)(?![a-z])", "samsung_pay"),
    (r"(?<![a-z])paypal(?![a-z])|贝宝", "paypal"),
    (r"(?<![a-z])amazon(?![a-z])|亚马逊", "amazon"),
    (r"(?<![a-z])netflix(?![a-z])", "netflix"),
    (r"(?<![a-z])spotify(?![a-z])", "spotify"),
    (r"(?<![a-z])steam(?![a-z])", "steam"),
    (r"(?<![a-z])uber(?![a-z])", "uber"),
    (
        r"(?<![a-z])(?:xbox|microsoft store|microsoft account)(?![a-z])|微软账号|微软账户",
        "microsoft",
    ),
    (r"(?<![a-z])(?:playstation|psn)(?![a-z])", "playstation"),
    (r"(?<![a-z])alipay(?![a-z])|支付宝", "alipay"),
    (r"(?<![a-z])wechat(?: pay)?(?![a-z])|微信", "wechat_pay"),
    (r"淘宝|(?<![a-z])taobao(?![a-z])", "taobao"),
    (r"京东", "jd"),
    (r"美团", "meituan"),
    (r"拼多多", "pinduoduo"),
    (r"云闪付", "unionpay"),
    # the card itself, by its network: "your Visa card" is not "your Mastercard"
    (r"(?<![a-z])visa(?![a-z])", "visa"),
    (r"(?<![a-z])master ?card(?![a-z])|万事达", "mastercard"),
    (r"(?<![a-z])(?:amex|american express)(?![a-z])|运通", "amex"),
)
_CARD_NETWORKS = frozenset(NAME_PREFIX + n for n in ("visa", "mastercard", "amex"))
_WALLETS = frozenset(
    NAME_PREFIX + n for n in ("apple_wallet", "google_pay", "samsung_pay", "paypal", "alipay")
)


def _network_and_wallet(names: set[str]) -> bool:
    """One card network and one wallet: the network says which kind of card, the wallet where it
    is kept ("tap the Visa" in the Wallet app is a card in Apple Pay), never two cards."""
    return len(names & _CARD_NETWORKS) == 1 and len(names & _WALLETS) == 1


_SERVICES = frozenset(NAME_PREFIX + n for _, n in _PAYMENT_SERVICES) - _WALLETS - _CARD_NETWORKS


def _network_and_service(names: set[str]) -> bool:
    """One card network and one service the card is kept on: "the Visa" deleted in the
    Microsoft account's payment options is the card on that account, not another card."""
    return len(names & _CARD_NETWORKS) == 1 and len(names & _SERVICES) == 1


_CARD_OBJECTS = frozenset(
    {"card", "card.details", "payment_method", "default_payment", "card.international"}
)
# Passwords that are another account's, whoever names them: these keep their own objects.
_OWN_PASSWORDS = frozenset({"wifi.password", "router.admin_password", "app_password"})
# Whose password: the account (or app) named next to it -> one name for one account.
_PASSWORD_OWNERS = {
    "account|apple": "apple",
    "account|google": "google",
    "account|microsoft": "microsoft",
    "os|os": "windows",
    "email|email": "email",
}
_ACCOUNT_NAMES = {
    "gmail": "google",
    "outlook": "microsoft",
    "hotmail": "microsoft",
    "icloud": "apple",
}
# A mail account's password is the password of the mailbox, whichever provider runs it.
_MAIL_NAMES = frozenset(
    NAME_PREFIX + n for n in ("google", "microsoft", "yahoo", "qq", "163", "email", "gmail")
)


def _clause_words(clause: _Clause) -> str:
    """The clause's words (before any "instead of"), casefolded; Chinese without spaces."""
    limit = clause.excluded_from if clause.excluded_from is not None else len(clause.tokens)
    text = ""
    for token in clause.tokens[:limit]:
        word = token.surface if token.surface.isascii() else token.surface.replace(" ", "")
        spaced = text[-1:].isascii() and text[-1:].isalnum() and word[:1].isascii()
        text += (" " if spaced else "") + word
    return text.casefold()


def _objects_of(clause: _Clause) -> list[str]:
    return [o.name for o in clause.objects]


def _one_name(words: str, names: tuple[tuple[str, str], ...]) -> str | None:
    """The one name of ``names`` the words contain, or None (none, or two different ones)."""
    found = {name for pattern, name in names if re.search(pattern, words)}
    return found.pop() if len(found) == 1 else None


def _password_owner(target: _Object | None, clause: _Clause) -> str | None:
    """The account whose password it is: named in the password's own noun phrase ("your
    Apple ID password", "苹果账号的密码") or right after it ("the password for your Gmail
    account"); not an email the reset is sent to ("the link in the email")."""
    if target is None or not target.positions:
        return None
    tokens = clause.tokens
    inside = [tokens[p].value for p in target.positions if tokens[p].value in _PASSWORD_OWNERS]
    if inside:
        return _PASSWORD_OWNERS[inside[0]]
    before = target.positions[0] - 1
    while before >= 0 and tokens[before].kind in ("stop", "de"):
        before -= 1
    if before >= 0 and tokens[before].value in _PASSWORD_OWNERS:
        return _PASSWORD_OWNERS[tokens[before].value]
    after = target.positions[-1] + 1
    # "for / of / on your Apple ID" says whose; "in / from Windows Settings" only where
    if after < len(tokens) and tokens[after].surface in ("for", "of", "on"):
        after += 1
        while after < len(tokens) and tokens[after].kind == "stop":
            after += 1
        if after < len(tokens) and tokens[after].value in _PASSWORD_OWNERS:
            return _PASSWORD_OWNERS[tokens[after].value]
    return None


# Mail providers an email account is named by ("the Yahoo account", "163邮箱账号").
_MAIL_PROVIDERS_NAMED = frozenset(
    {"yahoo", "aol", "163", "126", "sina", "zoho", "proton", "protonmail", "yandex", "gmx"}
    | {"qq", "google", "microsoft", "apple", "gmail", "outlook", "hotmail", "icloud"}
)


def _mail_provider(target: _Object | None, clause: _Clause) -> str | None:
    """Whose mail account it is: the provider in the account's own words ("the Gmail
    account", "QQ邮箱账号", "the Yahoo Mail account"), not the app it is in ("from Outlook")."""
    if target is None or not target.positions:
        return None
    if target.qualifier in ("google", "microsoft", "apple"):
        return target.qualifier
    tokens = clause.tokens
    for position in target.positions:
        _, _, named = tokens[position].value.partition("|" + NAME_PREFIX)
        if named:
            return _ACCOUNT_NAMES.get(named, named)
    before = target.positions[0] - 1
    if before >= 0 and tokens[before].kind in ("unk", "num", "objq"):
        word = tokens[before].surface.casefold().replace(" ", "")
        _, _, named = tokens[before].value.partition("|" + NAME_PREFIX)
        word = named or word
        if word in _MAIL_PROVIDERS_NAMED:
            return _ACCOUNT_NAMES.get(word, word)
    return None


# Devices whose own firmware / settings / driver a head names ("the AirPods firmware").
_HOLDERS = frozenset(
    {"headphones", "console", "streaming_stick", "tv", "extender", "router", "printer"}
)
# The connector a cable or port is named by: a USB-C cable is not a Lightning cable.
_CONNECTORS = (
    (r"(?<![a-z])(?:usb ?c|type ?c)(?![a-z])|typec|type-c", "usb_c"),
    (r"(?<![a-z])lightning(?![a-z])|闪电", "lightning"),
    (r"(?<![a-z])micro ?usb(?![a-z])", "micro_usb"),
    (r"(?<![a-z])magsafe(?![a-z])", "magsafe"),
)


def _fold_named_targets(
    op: str, obj: str | None, qualifier: str | None, target: _Object | None, clause: _Clause
) -> tuple[str, str | None, str | None]:
    """The same step on another named thing is another step: the browser, the service a card
    is saved in, the account a password is for, named, become the step's name qualifier (a
    step that names none still covers them all); a card made the default is not a card added."""
    head = obj.rsplit(".", 1)[-1] if obj is not None else None
    if obj in ("card", "payment_method", "payment") and op in ("set", "replace", "use", "add"):
        words = _clause_words(clause)
        default = any(o.name == "default_payment" for o in clause.objects)
        if default or "default" in clause.qualifiers or "默认" in words:
            # "set the new card as your default payment method", "把新卡设为默认付款方式"
            op, obj, qualifier = "set", "default_payment", None
    nouns = target.nouns if target is not None else ()
    if obj in HEAD_OBJECTS and len(nouns) > 1 and nouns[-1] == obj and nouns[-2] in _HOLDERS:
        # "update the AirPods firmware", "the headphones' firmware": the device's own, not the
        # router's (a bare firmware is the router's); a brand names it
        obj = f"{nouns[-2]}.{obj}"
        if target is not None:
            names = [clause.tokens[p].value.split("|", 1)[-1] for p in target.positions]
            qualifier = qualifier or next((n for n in names if _named(n)), None)
    if op == "enable" and obj == "browser":
        op = "open"  # "打开Chrome": a browser is opened, the way into the next step
    if target is not None and _named(target.qualifier) and qualifier in _NUANCE_QUALIFIERS:
        # "wipe the Fire Stick back to its out-of-box state": the name says which one, the
        # nuance ('factory') changes nothing
        qualifier = target.qualifier
    if qualifier is not None and not qualifier.startswith(NAME_PREFIX):
        return op, obj, qualifier
    if (
        obj in ("cache", "data", "app.cache", "app.data")
        and qualifier is None
        and target is not None
        and target.positions
    ):
        # "clear the cache for Google Maps", "clear cache for the Instagram app": the named
        # app after the head owns it, as the one in front does ("Instagram's cache")
        end = target.positions[-1]
        after = [o for o in clause.objects if not o.main and o.positions[0] > end]
        if after and after[0].name == "app" and _named(after[0].qualifier):
            return op, f"app.{obj.rsplit('.', 1)[-1]}", after[0].qualifier
    if obj in HEAD_OBJECTS and target is not None and target.positions:
        # "update the firmware of the AirPods": the device after the head owns it
        end = target.positions[-1]
        after = [o for o in clause.objects if not o.main and o.positions[0] > end]
        if after and after[0].name in _HOLDERS:
            named = after[0].qualifier if _named(after[0].qualifier) else None
            return op, f"{after[0].name}.{obj}", qualifier or named
    peripherals = ("keyboard", "mouse", "controller", "remote")
    holder = [
        n for n in (*(target.nouns if target else ()), *_objects_of(clause)) if n in peripherals
    ]
    if obj == "battery" and holder:
        # "replace the mouse batteries"; "put fresh batteries in the mouse" replaces them too
        op = "replace" if op in ("move", "add") else op
        return op, f"{holder[0]}.battery", qualifier
    name: str | None = None
    if obj == "email_account" and qualifier is None:
        name = _mail_provider(target, clause)
    if obj is not None and (obj == "browser" or obj.startswith("browser.")):
        name = _one_name(_clause_words(clause), _BROWSER_NAMES)
    elif obj in ("charging.cable", "charging.port", "cable") and op != "set":
        name = _one_name(_clause_words(clause), _CONNECTORS)
    elif obj == "default_printer" and target is not None and _named(target.qualifier):
        name = (target.qualifier or "")[len(NAME_PREFIX) :]  # "set the HP printer as default"
    elif obj == "2fa":
        name = _password_owner(target, clause)  # "two-factor authentication for your Apple ID"
    elif obj in _CARD_OBJECTS and op != "set":
        # (a card set as a value, "把默认付款方式设成招商银行卡", is compared by that value)
        name = _one_name(_clause_words(clause), _PAYMENT_SERVICES)
    elif head == "password" and obj not in _OWN_PASSWORDS and op == "reset":
        named = qualifier[len(NAME_PREFIX) :] if qualifier is not None else None
        name = _ACCOUNT_NAMES.get(named or "", named) or _password_owner(target, clause)
        if name is None and obj is not None and obj != "password":
            name = {"email": "email", "os": "windows"}.get(obj.rsplit(".", 1)[0])
    if name is not None:
        qualifier = NAME_PREFIX + name
    return op, obj, qualifier


# What names a computer: its storage freed is the disk's, not a phone app's storage.
_COMPUTERS = frozenset({"computer", "disk", "os"})
# How a flagged payment is vouched for ("mark it as genuine").
_VOUCHED = frozenset(
    {"as genuine", "as legitimate", "as legit", "as authorised", "as authorized", "as safe"}
    | {"as not fraud", "as me", "as you", "as valid", "it was you", "it was me"}
    | {"that it was you", "that it was me", "it was really you", "it was really me"}
)
# Mail providers whose account a clause names as a bare value ("your Gmail account").
_PROVIDER_VALUES = frozenset({"google", "microsoft", "apple"})


def _fold_apps_accounts_disk_en(
    op: str, obj: str | None, qualifier: str | None, clause: _Clause, context: list[str]
) -> tuple[str, str | None, str | None]:
    """English class folds (round 7): a named app closed / force-stopped is the app
    force-closed as an unnamed one is ("force stop Instagram" = "force stop the app"); the
    mail account named by its provider keeps the provider as its name, wherever it is removed
    from ("delete your Gmail account from the Mail settings"); storage freed on a computer is
    its disk's space ("free up storage on the Mac"). A named app disabled is not closed (a
    Startup list's item)."""
    verbs = {t.surface.casefold() for t in clause.tokens if t.kind.split("/")[0] == "op"}
    disabled = bool(verbs & {"disable", "disabled", "disables", "disabling"})
    if op == "close" and obj == "app" and _named(qualifier) and not disabled:
        # "Force stop Spotify", "quit Zoom", the Zoom card flicked away: the catalog's
        # force-restart, as "close the app" is (a different app's name stays apart)
        return "restart", obj, qualifier
    words = {t.surface.casefold() for t in clause.tokens}
    if obj == "charging" and op == "allow":
        return op, "payment", qualifier  # "approve the charge": a payment, not the battery
    meaningful = [t for t in clause.tokens if t.kind not in ("stop", "end")]
    ends_on_it = bool(meaningful) and meaningful[-1].kind.split("/")[-1] == "obj"
    confirmed = bool(verbs & {"confirm", "confirmed", "confirming"}) and ends_on_it
    if obj is None and op == "check" and words & _VOUCHED and "payment" in context:
        return "allow", "payment", qualifier  # "confirm it was you in the fraud alert"
    if obj == "payment" and op in ("set", "check") and (words & _VOUCHED or confirmed):
        # "mark the flagged transaction as genuine", "confirm the purchase": approved ("confirm
        # the payment went through" checks it)
        return "allow", obj, qualifier
    if obj == "email_account" and qualifier in _PROVIDER_VALUES:
        return op, obj, NAME_PREFIX + qualifier
    if op in ("add", "open", "run", "use") and obj == "disk.storage":
        return "free", obj, qualifier  # "type cleanmgr in Start": Disk Cleanup run
    if (
        obj in ("files", "system_files")
        and op in ("clean", "clear", "remove")
        and ("disk.storage" in context)
    ):
        return "free", "disk.storage", qualifier  # "clean up system files with Disk Cleanup"
    solid = bool(words & {"ssd", "ssds", "solid state drive", "solid-state drive", "nvme"})
    if obj == "disk" and op in ("set", "use", "update", "move") and solid:
        return "replace", obj, qualifier  # "switch / upgrade to an SSD": the drive swapped
    computer = obj == "computer.storage" or any(c in _COMPUTERS for c in context)
    if op == "free" and obj in ("storage", "computer.storage") and computer:
        return op, "disk.storage", qualifier
    return op, obj, qualifier


def _app_folder(clause: _Clause) -> str | None:
    """The app whose own folder the clause names ("the Teams folder"), as its name."""
    tokens = [t for t in clause.tokens if t.kind != "stop"]
    for before, token in zip(tokens, tokens[1:], strict=False):
        if token.surface in ("folder", "folders") and before.kind == "objq":
            kind, _, name = before.value.partition("|")
            if kind == "app" and name.startswith(NAME_PREFIX):
                return name
    return None


# Wallets paid with at a shop's till, and where one pays with them again after a step.
_TAPPED_WALLETS = frozenset({"apple_pay", "google_pay"})
_TILLS = frozenset({"terminal", "the terminal", "checkout", "register", "till", "card reader"})
# Verbs that make a thing anew (not "repair" it).
_REBUILT = frozenset({"rebuild", "rebuilds", "rebuilt", "rebuilding", "recreate", "re create"})


def _rebuilt_profile(clauses: list[_Clause], span: list[tuple[str, int, int]]) -> bool:
    """A mail profile rebuilt or recreated in the clauses of ``span`` (all given when none)."""
    numbers = {number for _, number, _ in span} or set(range(len(clauses)))
    tokens = [t for number in numbers for t in clauses[number].tokens]
    rebuilt = any(t.kind == "op" and t.surface in _REBUILT for t in tokens)
    return rebuilt and any("profile" in t.surface for t in tokens)


def _fold_accounts_round8_en(
    op: str, obj: str | None, qualifier: str | None, clause: _Clause, context: list[str]
) -> tuple[str, str | None, str | None]:
    """English class folds (round 8, accounts/apps/mail/disk): a repair tool run on the
    Outlook data file repairs it ("run SCANPST.EXE on the .pst" = "repair the data file");
    a power plan's command typed sets the plan; a mail profile rebuilt is a new one created (a
    profile repaired is not); visual effects turned off "for best performance" are turned off
    (the option's name); a wallet tried at the terminal after a step is the test, no step; a
    payment approved or confirmed is the
    catalog's payment authorised by the bank."""
    if op in ("run", "use") and obj == "ost_file":
        return "readd", obj, qualifier
    if op == "readd" and obj == "email_account" and _rebuilt_profile([clause], []):
        return "create", obj, None  # "rebuild the Outlook profile": a new one made
    if op == "readd" and obj == "app.data":
        obj = "app"  # "delete its folder in AppData, and reinstall": the app is reinstalled
    if obj == "visual_effects" and qualifier == "high_performance":
        qualifier = None  # "turn off visual effects for best performance": the option's name
    if op == "use" and obj in _TAPPED_WALLETS and {t.surface for t in clause.tokens} & _TILLS:
        return "wait", None, None  # "then try Apple Pay at the terminal": the test, no step
    if op == "allow" and obj == "payment":
        # "confirm the verification request in your banking app": the payment authorised, as
        # the catalog's "authorise the payment" (its alias "approve the transaction") is
        return "contact", "bank", None
    if op in ("add", "run", "use") and obj == "power_plan" and qualifier is not None:
        return "set", obj, qualifier  # "type powercfg /setactive SCHEME_MIN": the plan is set
    return op, obj, qualifier


_SAFE_BOOTED = frozenset({"computer", "phone", "device", "console", "tablet"})
_BOOT_WORDS = frozenset(
    {"boot", "boots", "booted", "booting", "reboot", "rebooted", "restart", "boot into"}
    | {"boots up", "boot up", "reboot into", "boots into", "restart into", "start up", "starts up"}
)
_ALIGN_VERBS = frozenset({"align", "aligns", "aligned", "aligning", "realign", "realigned"})


def _fold_false_blocks9(
    op: str, obj: str | None, qualifier: str | None, clause: _Clause
) -> tuple[str, str | None, str | None]:
    """False-block folds (round 9): the print head aligned ("align / realign the print heads")
    is the head alignment run, not a head cleaning."""
    if obj == "print_head" and {t.surface for t in clause.tokens} & _ALIGN_VERBS:
        return "run", "head_alignment", qualifier
    safe = "safe_mode" in (qualifier, *clause.qualifiers)
    booted = obj in _SAFE_BOOTED or (
        obj is None and (op == "restart" or bool({t.surface for t in clause.tokens} & _BOOT_WORDS))
    )
    if safe and op in ("restart", "enable", "open", "use", "set", "nav") and booted:
        return "restart", "safe_mode", None  # "boot the Mac into Safe Mode": no plain restart
    return op, obj, qualifier


# A mail client named by what it is ("in the Mail app").
_MAIL_CLIENT_WORDS = frozenset(
    {"mail app", "email app", "mail client", "email client", "mail settings", "email settings"}
    | {"apple mail", "apple mail app"}
)


# Mail services named with their "Mail" (round 10): "the Yahoo Mail account" is a mail account,
# as one under Settings > Mail > Accounts is.
_MAIL_SERVICES10 = frozenset({"yahoo mail", "aol mail", "icloud mail", "zoho mail", "proton mail"})


def _mail_path_en(clauses: list[_Clause]) -> bool:
    """ "Settings > Mail > Accounts" (round 10): Mail as an item of a menu path is the phone's
    mail client, its accounts mail accounts."""
    return any(
        (clause.menu_item or clause.menu_inner or clause.menu_head)
        and any(
            t.kind == "obj" and t.surface.casefold() in ("mail", "email") for t in clause.tokens
        )
        for clause in clauses
    )


# What an account is removed from, re-added or added back to when the text is about a mail client.
_ACCOUNT_STEPS = frozenset({"remove", "readd", "add"})


def _office_account_path11(clauses: list[_Clause], surfaces: set[str]) -> bool:
    """ "去 File > Account Settings，揀個 account 撳 Repair" (round 11): File > Account Settings
    is Outlook's own path, so its accounts are mail accounts, as where Outlook is named."""
    return "account settings" in surfaces and any(
        (clause.menu_head or clause.menu_inner) and any(t.surface == "file" for t in clause.tokens)
        for clause in clauses
    )


def _fold_mail_client_accounts_en(
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]], clauses: list[_Clause]
) -> list[tuple[ActionFrame | None, frozenset[str], int | None]]:
    """An account removed, re-added or added back in a text that names a mail client ("In
    Outlook go to File > Account Settings, remove the account, then re-add it") is the mail
    account; a remove and an add back then merge into the re-add."""
    mail = any(o.qualifier in _MAIL_APPS for clause in clauses for o in clause.objects)
    surfaces = {t.surface.casefold() for clause in clauses for t in clause.tokens}
    mail = (
        mail
        or bool(surfaces & (_MAIL_CLIENT_WORDS | _MAIL_SERVICES10))
        or _mail_path_en(clauses)
        or _office_account_path11(clauses, surfaces)
    )
    if not mail:
        return items
    return [
        (replace(frame, obj="email_account"), ids, group)
        if frame is not None and frame.obj == "account" and frame.op in _ACCOUNT_STEPS
        else (frame, ids, group)
        for frame, ids, group in items
    ]


def _fold_app_temp_files_en(
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]], clauses: list[_Clause]
) -> list[tuple[ActionFrame | None, frozenset[str], int | None]]:
    """ "Settings > Apps > YouTube > Storage, then wipe its temporary files": on an app's own
    storage page (a path that names one app) its temporary files are its cache, not the
    computer's temp files freed for space. Since round 20 also an app named anywhere with its
    storage page ("微信里 我→设置→通用→存储空间，把临时文件清掉", "到手机设置里找到拼多多，进
    存储，把临时文件那一项删掉") and an app path whose app the lexicon lacks ("Settings > Apps >
    Amazon Alexa > Storage"); the temporary files cleared there are the same one step."""
    temporary = any(
        t.surface in ("temporary", "temp") or "临 时" in t.surface
        for c in clauses
        for t in c.tokens
    )
    if not temporary:  # most texts: nothing to fold, nothing more to look at
        return items
    apps: set[str] = set()  # named in a menu path
    named: set[str] = set()  # named anywhere
    for c in clauses:
        for t in c.tokens:
            if t.kind == "objq" and t.value.startswith("app|" + NAME_PREFIX):
                named.add(t.value.partition("|")[2])
                if c.menu_item or c.menu_head or c.menu_inner:
                    apps.add(t.value.partition("|")[2])
    page = any(o.name == "storage" for c in clauses for o in c.objects)
    apps_path = any(
        (c.menu_item or c.menu_inner) and any(o.name == "app" for o in c.objects) for c in clauses
    )
    if len(apps) == 1:
        owner: str | None = apps.pop()
    elif len(named) == 1 and page:
        owner = named.pop()
    elif not named and page and apps_path:
        owner = None
    else:
        return items
    cache = ActionFrame("clear", "app.cache", owner)
    folded: list[tuple[ActionFrame | None, frozenset[str], int | None]] = []
    for frame, ids, group in items:
        freed = (frame is not None and (frame.op, frame.obj) == ("free", "disk.storage")) or (
            frame is None and ids == {"slow.free_disk"}
        )
        wiped = frame is not None and not ids and (frame.op, frame.obj) in _TEMP_FILES_WIPED
        if freed or wiped:
            if any(f == cache for f, _, _ in folded):
                continue  # "…存储空间，把可以清掉的临时文件清掉": one clearing, said twice
            folded.append((cache, frozenset(), group))
        else:
            folded.append((frame, ids, group))
    return folded


# Temporary files deleted or wiped, read as files (the cache once on an app's storage page).
_TEMP_FILES_WIPED = frozenset({("clear", "files"), ("remove", "files")})


def _fold_named_app_files(
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]],
) -> list[tuple[ActionFrame | None, frozenset[str], int | None]]:
    """ "Cleared the Uber Eats cache", "去腾讯视频的设置里清一下缓存": one operation read on a
    named app and then on a bare cache (or data) is the app's own cache cleared, not the app
    cleared and some cache besides (round 19)."""
    folded: list[tuple[ActionFrame | None, frozenset[str], int | None]] = []
    for frame, ids, group in items:
        if folded and frame is not None and not ids and frame.qualifier is None:
            last, last_ids, last_group = folded[-1]
            if (
                last is not None
                and not last_ids
                and last.obj == "app"
                and _named(last.qualifier)
                and last.op == frame.op
                and frame.op in ("clear", "remove", "free", "reset")
                and frame.obj in ("cache", "data")
            ):
                folded[-1] = (
                    ActionFrame(frame.op, f"app.{frame.obj}", last.qualifier),
                    ids,
                    last_group,
                )
                continue
        folded.append((frame, ids, group))
    return folded


# What the System File Checker (or DISM) is said to do to Windows' own files: all one run of it.
# ("repair" reads as readd; "sfc /scannow ran clean" as clean)
_SYSTEM_FILE_OPS = frozenset({"run", "check", "scan", "readd", "clean"})
_MALWARE_WORDS = re.compile(r"malware|virus|defender|病毒|杀毒|木马")


def _replaced_once(
    steps: tuple[Step, ...], which: Callable[[Step], bool], by: Step
) -> tuple[Step, ...]:
    """``steps`` with the steps ``which`` picks read as one ``by``, where the first of them
    stood; the others kept as they are."""
    folded: list[Step] = []
    for step in steps:
        if not which(step):
            folded.append(step)
        elif by not in folded:
            folded.append(by)
    return tuple(folded)


def _fold_system_file_check(steps: tuple[Step, ...], text: str) -> tuple[Step, ...]:
    """ "Run the System File Checker to scan and repair corrupted system files", "Have Windows
    check and repair its protected system files": each verb the checker is described with is
    the one run of it (``sfc /scannow``), and a bare "scan" there is no malware scan, unless
    the text names malware (round 19)."""
    if not any(f.obj == "system_files" for step in steps for f in step.frames):
        return steps
    no_malware = _MALWARE_WORDS.search(text.casefold()) is None
    run = Step((ActionFrame("run", "system_files", None),))

    def checker(step: Step) -> bool:
        return bool(step.frames) and all(
            (f.obj == "system_files" and f.op in _SYSTEM_FILE_OPS)
            or (no_malware and (f.op, f.obj) == ("scan", "malware"))
            for f in step.frames
        )

    return _replaced_once(steps, checker, run)


# What names the operating system a device is updated to ("to iOS 17.5", "HarmonyOS 4.2",
# "under Settings > General > Software Update", "手机系统").
_OS_NAMES = re.compile(
    r"\bi(?:pad)?os\b|\b(?:harmony|mac|watch|tv|pixel|color|origin)\s?os\b|\bandroid\b"
    r"|\bone\s?ui\b|\bmiui\b|\bhyperos\b|\bwindows\b|\b(?:software|system)\s+updates?\b"
    r"|鸿蒙|系统"
)
_OS_DEVICES = frozenset({"phone", "tablet", "computer", "device"})


def _fold_device_os_update(steps: tuple[Step, ...], text: str) -> tuple[Step, ...]:
    """ "Update the iPhone to iOS 17.5", "Update the phone to HarmonyOS 4.2": a device updated
    where the text names its operating system is the system update (round 20); a device
    updated with no system named ("手机上 Authenticator 更新到最新") stays as read."""
    if (
        not any(
            (f.op, f.qualifier) == ("update", None) and f.obj in _OS_DEVICES
            for step in steps
            for f in step.frames
        )
        or _OS_NAMES.search(text.casefold()) is None
    ):
        return steps
    update = Step((ActionFrame("update", "os", None),), frozenset({"system.update_os"}))
    return _replaced_once(
        steps,
        lambda step: (
            bool(step.frames)
            and all(
                (f.op, f.qualifier) == ("update", None) and f.obj in _OS_DEVICES | {"os"}
                for f in step.frames
            )
        ),
        update,
    )


# What is off the wall while the power button is held ("with the charger unplugged").
_DRAIN_SUPPLIES = frozenset({"charger", "power", "power.cable"})
_SUPPLY_OFF_OPS = frozenset({"unplug", "disconnect", "remove", "disable"})


def _unplugged_while_held_en(clause: _Clause) -> bool:
    """ "Hold the power button for 30 seconds with the charger unplugged", "… without the
    charger": the button held with the supply off is the residual power drained (round 20;
    "unplug the charger and hold the power button" reads so by its two steps)."""
    if clause.resolved_op != "hold" or not any(o.name == "power_button" for o in clause.objects):
        return False
    tokens = clause.tokens
    for position, token in enumerate(tokens):
        if token.kind != "without" and token.surface != "with":
            continue
        after = tokens[position + 1 :]
        if not any(t.kind == "obj" and t.value in _DRAIN_SUPPLIES for t in after):
            continue
        if token.kind == "without" or any(
            t.kind == "op" and t.value in _SUPPLY_OFF_OPS for t in after
        ):
            return True
    return False


def _fold_drain_while_unplugged_en(
    steps: tuple[Step, ...], clauses: list[_Clause]
) -> tuple[Step, ...]:
    """The power button held with the supply off (see above) is one drain of residual power."""
    if not any(not c.negated and _unplugged_while_held_en(c) for c in clauses):
        return steps
    drain = Step(
        (ActionFrame("drain", "residual_power", None),), frozenset({"power.drain_residual"})
    )
    held = ActionFrame("hold", "power_button", None)
    return _replaced_once(steps, lambda step: step.frames[:1] == (held,), drain)


def _contrast_not_en(clause: _Clause) -> bool:
    """ "Tap Clear Cache, not Clear Data", "(not the one that wipes data)": a clause led by
    "not" after a step names what is *not* done, the step's contrast (round 20)."""
    lead = next((t for t in clause.tokens if t.kind != "stop"), None)
    return lead is not None and lead.kind == "not" and lead.surface.casefold() == "not"


def _clock_from_carrier_en(clause: _Clause) -> bool:
    """ "Let the carrier network supply the clock", "let the carrier provide the time", "let
    the handset take its clock from the carrier": the clock the carrier sets is the time set
    automatically (round 20), not the carrier contacted; a clause with a verb of its own
    ("call the carrier about the clock") is read by it."""
    if clause.negated or clause.op is not None or clause.pv not in (None, "take"):
        return False
    values = {t.value.split("|")[0] for t in clause.tokens if t.kind.endswith("obj")}
    return "clock" in values and bool(values & {"isp", "wifi_network"})


def _fold_clock_from_carrier_en(
    steps: tuple[Step, ...], clauses: list[_Clause]
) -> tuple[Step, ...]:
    """The carrier's clock (see above) is one sync of the time, in place of the carrier."""
    if not any(map(_clock_from_carrier_en, clauses)):
        return steps
    synced = Step((ActionFrame("sync", "clock", None),), frozenset({"login.sync_time"}))
    return _replaced_once(
        steps,
        lambda step: (
            step.action_ids == {"router.contact_isp"} or any(f.obj == "clock" for f in step.frames)
        ),
        synced,
    )


# What of an app's own files a step deletes or rebuilds while the app is closed.
_APP_FILES = frozenset({"search_index", "app.cache", "app.data"})


def _fold_closed_for_app_files_en(
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]],
) -> list[tuple[ActionFrame | None, frozenset[str], int | None]]:
    """ "Close Thunderbird, delete global-messages-db.sqlite, then start it again", "Quit
    Teams, delete everything inside %appdata%\\Microsoft\\Teams, then start it again": the
    app is closed (and reopened) for its own files, no restart of its own (round 9)."""
    names = {
        f.qualifier
        for f, _, _ in items
        if f is not None and f.obj in _APP_FILES and f.op in ("remove", "clear", "readd")
    }
    indexed = any(f is not None and f.obj == "search_index" for f, _, _ in items)
    if not names:
        return items

    def closed_for(frame: ActionFrame | None) -> bool:
        if frame is not None and frame.obj in _APP_FILES and frame.op in ("restart", "open"):
            return True  # "..., then reopen it": the "it" read as the files, the app reopened
        if frame is None or frame.obj != "app" or frame.op not in ("restart", "close"):
            return False
        named = frame.qualifier is not None and frame.qualifier.startswith(NAME_PREFIX)
        return named and (frame.qualifier in names or indexed)

    kept = [item for item in items if not closed_for(item[0])]
    return kept or items


def _fold_closed_for_data_file_en(
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]],
) -> list[tuple[ActionFrame | None, frozenset[str], int | None]]:
    """ "Close Outlook and rename the .ost file": Outlook is closed so that its data file can
    be rebuilt, no restart of its own; with no step on the data file it stays a step."""
    if not any(f is not None and f.obj == "ost_file" for f, _, _ in items):
        return items
    outlook = NAME_PREFIX + "outlook"
    kept = [
        (frame, ids, group)
        for frame, ids, group in items
        if not (frame is not None and frame.obj == "app" and frame.qualifier == outlook)
        or frame.op not in ("restart", "close")
    ]
    return kept or items


def _signed_in_again(items: list[tuple[ActionFrame | None, frozenset[str], int | None]]) -> bool:
    """Round 10: a sign-in right after a sign-out ("退出淘宝账号重新登录，再把支付宝更新一下"):
    signing out and in again is the relogin, a step of its own, not a bare sign-in that only
    says what a remedy is for."""
    for (before, _, _), (after, _, _) in zip(items, items[1:], strict=False):
        if before is None or after is None or after.op != "login":
            continue
        if before.op in ("logout", "close") and before.obj in ("account", "app", None):
            return True
    return False


def _fold_signed_in_there_en(
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]], clauses: list[_Clause]
) -> list[tuple[ActionFrame | None, frozenset[str], int | None]]:
    """ "Open a private window and sign in to Gmail from there": the sign-in done in the
    private window is how the window is used (as "sign in from an Incognito window" is), no
    step of its own; a sign-in with no private window, or not "there", stays a step."""
    private = any(
        "login.incognito" in ids or (f is not None and f.obj == "incognito") for f, ids, _ in items
    )
    there = any(
        c.resolved_op == "login" and any(t.surface == "there" for t in c.tokens) for c in clauses
    )
    if not (private and there):
        return items
    kept = [
        (frame, ids, group)
        for frame, ids, group in items
        if not (frame is not None and frame.op == "login" and ids <= {"login.relogin"})
    ]
    return kept or items


# A mail profile set up as a new one: how its account is set up there, and which is used.
_PROFILE_SETUP = frozenset(
    {("add", "email_account"), ("set", "email_account"), ("replace", "email_account")}
    | {("replace", "account"), ("set", "account"), ("add", "account"), ("use", "account")}
    | {("use", "email_account")}
)
# Round 9: the mailbox set up in a new profile ("Show Profiles > Add, set up your mailbox there").
_PROFILE_SETUP = _PROFILE_SETUP | {("add", "mailbox"), ("set", "mailbox"), ("use", "mailbox")}


def _fold_new_profile_en(
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]], clauses: list[_Clause]
) -> list[tuple[ActionFrame | None, frozenset[str], int | None]]:
    """ "Control Panel > Mail > Show Profiles, click Add to make a new one, and set it to always
    use that profile": a new mail profile created (the profile rebuilt); the account set up in
    it and the profile chosen to be used are its own steps. Without a new profile (an account
    re-added, a profile repaired) nothing changes."""
    created = ActionFrame("create", "email_account")
    surfaces = [t.surface for clause in clauses for t in clause.tokens]
    profiles = any("profile" in surface for surface in surfaces)
    made = {("add", "email_account"), ("replace", "account"), ("replace", "email_account")}
    new = "new" in surfaces or "show profiles" in surfaces
    if not profiles or not any(
        f is not None and (f == created or (new and (f.op, f.obj) in made)) for f, ids, _ in items
    ):
        return items
    kept: list[tuple[ActionFrame | None, frozenset[str], int | None]] = []
    for frame, ids, group in items:
        if frame is not None and not ids and (frame.op, frame.obj) in _PROFILE_SETUP:
            frame = created
        if frame == created and any(f == created for f, _, _ in kept):
            continue
        kept.append((frame, ids, group))
    return kept


# Words that disable an app on a Startup list, and words that close a running one.
_DISABLING = frozenset({"disable", "disabled", "disabling"})
_CLOSING = frozenset({"close", "quit", "restart", "relaunch", "kill", "stop", "end", "exit"})
_LISTED_OPS = frozenset({"set", "disable", "close", "restart"})
_LISTED_APPS = frozenset({"app", "background_apps"})


def _fold_startup_list_en(
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]], clauses: list[_Clause]
) -> list[tuple[ActionFrame | None, frozenset[str], int | None]]:
    """Apps named and disabled on the Startup list ("Task Manager > Startup apps, set Spotify,
    Teams and Steam to Disabled") are the startup apps disabled, no steps of their own; not
    when the text also closes or restarts something (a running app closed is another step)."""
    tool = ActionFrame("disable", "startup_apps")
    if not any(f == tool or "slow.disable_startup" in ids for f, ids, _ in items):
        return items
    words = {w for c in clauses for t in c.tokens for w in t.surface.casefold().split()}
    # "Settings > Apps > Startup, toggle off the apps you don't need": on the Startup page of a
    # path, the apps switched off are its list's too
    paged = any(c.menu_item and any(o.name == "startup_apps" for o in c.objects) for c in clauses)
    if not words & (_DISABLING | ({"off"} if paged else set())) or words & _CLOSING:
        return items
    listed = _LISTED_APPS if paged else frozenset({"app"})
    kept = [
        item
        for item in items
        if not (item[0] is not None and item[0].obj in listed and item[0].op in _LISTED_OPS)
    ]
    return kept or items


# What a reset's emailed link is called: following it is part of the reset.
_RESET_LINKS = frozenset({"link", "password_reset"})


def _fold_reset_link_en(
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]], clauses: list[_Clause]
) -> list[tuple[ActionFrame | None, frozenset[str], int | None]]:
    """The link followed "to pick a new one" in a text that resets the password ("Click
    'Forgot password?' and follow the link in the email to pick a new one") is the reset's own
    link, the new one the password, no step of its own; a link asked for with no new one
    picked ("request a new verification link") or with no reset stays a step."""
    reset = ActionFrame("reset", "password")
    picked = any(
        t.kind == "pron" and t.surface.casefold() == "one" for c in clauses for t in c.tokens
    )
    if not picked or not any(
        (f is not None and f.op == "reset" and f.obj == "password") or reset_id in ids
        for f, ids, _ in items
        for reset_id in ("login.reset_password",)
    ):
        return items
    kept = [
        (frame, ids, group)
        for frame, ids, group in items
        if not (frame is not None and frame.obj in _RESET_LINKS and frame != reset and not ids)
    ]
    return kept or items


# What a password reset asks for on its way: the account's address, the code it sends.
_RESET_FLOW = frozenset({"email", "verification_code"})
# ... asked for, typed in, or (round 10) sent to the phone and got ("get the code sent to your
# phone, and make up a brand-new one")
_RESET_FLOW_OPS = frozenset({"add", "request", "check", "use", "set", "contact", "receive"})


def _fold_reset_flow_en(
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]],
) -> list[tuple[ActionFrame | None, frozenset[str], int | None]]:
    """ "Go to the reset page, enter your email, verify with the code we send, and choose a
    new one": the address entered and the code asked for or typed in a text that resets the
    password are the reset's own steps; without a reset they stay steps."""
    if not any(
        (f is not None and f.op == "reset" and f.obj == "password") or "login.reset_password" in ids
        for f, ids, _ in items
    ):
        return items
    kept = [
        (frame, ids, group)
        for frame, ids, group in items
        if ids or frame is None or frame.obj not in _RESET_FLOW or frame.op not in _RESET_FLOW_OPS
    ]
    return kept or items


# What another device shows (iPad 上弹出的验证码, the code that pops up on your iPad)
_SHOWN_ON_DEVICE11 = frozenset(
    {"上 弹 出 的", "上 弹 出 来 的", "上 显 示 的", "上 出 现 的", "上 跳 出 来 的", "上 跳 出 的"}
)


def _fold_login_code11(
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]],
    clauses: list[_Clause],
) -> list[tuple[ActionFrame | None, frozenset[str], int | None]]:
    """ "在登录 Apple ID 时，输入 iPad 上弹出的六位验证码完成登录": the code another device shows
    while signing in is the sign-in's own second step, as "sign in with the code shown on your
    iPad" reads; a code asked for instead of the password (用短信验证码登录) stays a way in of
    its own (round 11)."""
    if not any(f is not None and f.op == "login" for f, _, _ in items):
        return items
    if not any(t.surface in _SHOWN_ON_DEVICE11 for c in clauses for t in c.tokens):
        return items
    kept = [
        (frame, ids, group)
        for frame, ids, group in items
        if ids
        or frame is None
        or frame.obj != "verification_code"
        or frame.op not in ("add", "use", "receive")
    ]
    return kept or items


def _fold_clear_data_ticks_en(
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]],
) -> list[tuple[ActionFrame | None, frozenset[str], int | None]]:
    """What is ticked in a browser's Clear browsing data dialog is what its "Clear data" button
    clears ("Ctrl+Shift+Delete, tick Cached images and files, Clear data" clears the browser
    cache): the ticks and the button are one step, not a setting on and the app's data."""
    ticked = [
        n
        for n, (f, _, _) in enumerate(items)
        if f is not None and f.op == "enable" and (f.obj or "").startswith("browser.")
    ]
    button = [
        n
        for n, (f, ids, _) in enumerate(items)
        if (f is not None and (f.op, f.obj) == ("clear", "app.data"))
        or (f is None and ids == {"app.clear_data"})
    ]
    if not ticked or not button or button[-1] < ticked[0]:
        return items
    out = []
    for n, (frame, ids, group) in enumerate(items):
        if n in button:
            continue
        if n in ticked and frame is not None:
            frame = replace(frame, op="clear")
        out.append((frame, ids, group))
    return out


# "type cleanmgr, pick drive C: and remove temporary files": the drive picked in Disk Cleanup
# is the one it frees, no step of its own
_TICKED_IN[("free", "disk.storage")] |= {("add", "disk"), ("set", "disk"), ("use", "disk")}


# Ways into a step: a clause that only opens, goes to or signs in to something ("Open Chrome,
# go to Settings and clear the cache"; "Log in to Amazon and update the card").
_WAY_IN_OPS = frozenset({"open", "nav", "login", None, "enable"})
_BROWSER_HEADS = frozenset({"cache", "cookies", "history", "extensions"})


def _named_by_way_in(frame: ActionFrame, clauses: list[_Clause], number: int) -> ActionFrame:
    """A step that names nothing takes the name of what the clauses leading into it opened:
    the browser whose cache is cleared, the service whose card is updated, the account whose
    password is reset, the app whose cache or data is cleared."""
    obj = frame.obj
    if obj is None or frame.qualifier is not None:
        return frame
    head = obj.rsplit(".", 1)[-1]
    browsing = obj == "browser" or obj.startswith("browser.") or obj in _BROWSER_HEADS
    carded = obj in _CARD_OBJECTS and frame.op != "set"
    password = head == "password" and obj not in _OWN_PASSWORDS and frame.op == "reset"
    appish = obj in ("cache", "data")
    forced = obj == "app" and frame.op == "restart"  # "Settings > Apps > Instagram > Force stop"
    if not (browsing or carded or password or appish or forced):
        return frame
    way = number - 1
    while way >= 0 and not clauses[way].negated and clauses[way].resolved_op in _WAY_IN_OPS:
        clause = clauses[way]
        words = _clause_words(clause)
        if browsing and (name := _one_name(words, _BROWSER_NAMES)) is not None:
            thing = obj if obj == "browser" or obj.startswith("browser.") else f"browser.{obj}"
            return ActionFrame(frame.op, thing, NAME_PREFIX + name)
        if carded and (name := _one_name(words, _PAYMENT_SERVICES)) is not None:
            return replace(frame, qualifier=NAME_PREFIX + name)
        if password:
            owners = {
                _PASSWORD_OWNERS[t.value] for t in clause.tokens if t.value in _PASSWORD_OWNERS
            }
            owners |= {
                _ACCOUNT_NAMES.get(n, n)
                for o in clause.objects
                if _named(o.qualifier) and (n := (o.qualifier or "")[len(NAME_PREFIX) :])
            }
            if len(owners) == 1:
                return replace(frame, qualifier=NAME_PREFIX + owners.pop())
        apps = [o.qualifier for o in clause.objects if o.name == "app" and _named(o.qualifier)]
        if appish and len(set(apps)) == 1:
            return ActionFrame(frame.op, f"app.{obj}", apps[0])
        if forced and len(set(apps)) == 1:
            return replace(frame, qualifier=apps[0])
        way -= 1
    return frame


# More devices a step is done on: "on the TV", "on your Xbox", "在电视上" (see _places).
_MORE_PLACES = (
    (
        r"\b(?:on|from|in)\s+(?:your|the|this|my|a|an|their)?\s*(?:smart\s+)?(?:tv|television)\b",
        "tv",
    ),
    (
        r"\b(?:on|from|in)\s+(?:your|the|this|my|a|an|their)?\s*(?:game\s+)?(?:console|xbox|playstation|ps5|ps4)\b",
        "console",
    ),
    (
        r"\b(?:on|from|in)\s+(?:your|the|this|my|a|an|their)?\s*"
        r"(?:(?:apple|pixel|galaxy|smart)\s*)?watch\b",
        "watch",
    ),
    (r"(?:电视|电视机|智能电视)\s*(?:上|里|端)", "tv"),
    (r"(?:游戏机)\s*(?:上|里|端)", "console"),
    (r"(?:手表|智能手表)\s*(?:上|里|端)", "watch"),
    (
        r"\b(?:on|from|in)\s+(?:your|the|this|my|their)?\s*(?:earbuds|airpods|headphones)(?:\s+case)?\b",
        "headphones",
    ),
    (r"(?:耳机|耳机盒|充电盒)\s*(?:上|里|端)", "headphones"),
    # a setting made on the router is not one made on a phone or computer ("DNS on the router")
    (r"\b(?:on|in)\s+(?:your|the|this|my|a)?\s*(?:wi-?fi\s+|wireless\s+)?router\b", "router"),
    (r"在\s*(?:家里的\s*|家里\s*)?(?:无线\s*)?路由器\s*(?:上|里)", "router"),
    # phones and computers named by brand or model ("on your Pixel", "on the ThinkPad")
    (
        r"\b(?:on|from|in)\s+(?:your|the|this|my|a|an|their)?\s*(?:google\s+|samsung\s+)?"
        r"(?:pixel|galaxy|samsung|oneplus|xiaomi|redmi|huawei|motorola|moto)"
        r"(?!\s+(?:buds|watch|tab|tablet|tv|earbuds|book|chromebook|galaxy))\b",
        "phone",
    ),
    (
        r"\b(?:on|from|in)\s+(?:your|the|this|my|a|an|their)?\s*(?:thinkpad|dell xps|xps)\b",
        "laptop",
    ),
    (r"\b(?:on|from|in)\s+(?:your|the|this|my|a|an|their)?\s*(?:galaxy\s+tab)\b", "tablet"),
    (
        r"\b(?:on|from|in)\s+(?:your|the|this|my|a|an|their)?\s*(?:microsoft\s+)?surface\b",
        "computer",
    ),
)
# FB9: a TV named by its platform ("on the Android TV", "on the Fire TV") is a TV; a server a
# step is done on ("on the print server PRINTSRV01") is no laptop or phone
_FB9_PLACES = (
    (
        r"\b(?:on|from|in)\s+(?:your|the|this|my|a|an|their)?\s*"
        r"(?:android|google|apple|fire|roku|samsung|lg|sony)\s+tv\b",
        "tv",
    ),
    (
        r"\b(?:on|from|in)\s+(?:your|the|this|my|a|an|their)?\s*"
        r"(?:print|file|mail|exchange|domain)\s+server\b"
        r"|\bdomain controller\b|服务器\s*(?:上|里|端)",
        "server",
    ),
)


def _same_named(mine: set[str], theirs: set[str]) -> bool:
    """Whether two sets of names can name one thing: a name in common, or a mail password
    ("the email password") next to a mail provider's ("the Gmail password")."""
    if mine & theirs:
        return True
    if len(mine | theirs) == 2 and _network_and_wallet(mine | theirs):
        return True  # "tap the Visa" in the Wallet app / "the card in Apple Pay"
    if len(mine | theirs) == 2 and _network_and_service(mine | theirs):
        return True  # "delete the Visa" / "the card on the Microsoft account" (round 9)
    mail = NAME_PREFIX + "email"
    return (mail in mine and bool(theirs & _MAIL_NAMES)) or (
        mail in theirs and bool(mine & _MAIL_NAMES)
    )


def _owner_of(obj: str) -> str | None:
    owner, dot, _head = obj.rpartition(".")
    return owner if dot else None


# Compound steps: two ops on one object -> one op (remove-then-add must keep that order).
_COMPOUNDS: dict[frozenset[str], str] = {
    frozenset({"disable", "enable"}): "restart",
    frozenset({"unplug", "plug_in"}): "restart",
    frozenset({"unplug", "connect"}): "restart",
    frozenset({"unplug", "enable"}): "restart",  # "cut the power ..., then power it back up"
    frozenset({"unplug", "add"}): "restart",  # "unplug the router ... and put it back on"
    frozenset({"disable", "open"}): "restart",  # "shut down the laptop and start it again"
    frozenset({"close", "open"}): "restart",
    frozenset({"close", "restart"}): "restart",
    frozenset({"disable", "restart"}): "restart",
    # The other half of a restart already read as one ("toggle it off ... switch it back on").
    frozenset({"enable", "restart"}): "restart",
    frozenset({"plug_in", "restart"}): "restart",
    frozenset({"unplug", "restart"}): "restart",
    frozenset({"open", "restart"}): "restart",
    frozenset({"connect", "restart"}): "restart",  # "... for 30 seconds and reconnect it"
    frozenset({"close", "enable"}): "restart",  # "强行停止后再启动"
    # "let it charge for 20 minutes before turning it on": the charging is the step
    frozenset({"charge", "enable"}): "charge",
    frozenset({"logout", "login"}): "login",  # "log out and back in" is signing in again
    frozenset({"reset", "add"}): "reset",  # "wipe the phone and set it up as new"
    frozenset({"remove", "add"}): "readd",
    frozenset({"remove", "create"}): "readd",
    frozenset({"remove", "connect"}): "readd",
    frozenset({"remove", "readd"}): "readd",
    frozenset({"remove", "update"}): "readd",
    frozenset({"update", "add"}): "update",  # "download the newest driver and install it"
    frozenset({"remove", "login"}): "readd",
    # Either half of a re-add next to the re-add itself ("reinstall it ... install it again").
    frozenset({"readd", "add"}): "readd",
    frozenset({"readd", "connect"}): "readd",
    # "断开无线网络然后重新连一下": disconnecting and connecting again is reconnecting
    frozenset({"disable", "connect"}): "connect",
    # "把旧墨盒拿出来换个新的装上": out with the old one, in with a new one, is replacing it
    frozenset({"remove", "replace"}): "replace",
    frozenset({"replace", "add"}): "replace",
    # "换个插孔充一下": charging is what the other outlet / charger is tried for
    frozenset({"replace", "charge"}): "replace",
}
# Two frames that are one catalog step together (unplug the charger + hold the power button).
_PAIR_STEPS: dict[frozenset[tuple[str, str]], ActionFrame] = {
    frozenset({("unplug", "charger"), ("hold", "power_button")}): ActionFrame(
        "drain", "residual_power"
    ),
    frozenset({("unplug", "power"), ("hold", "power_button")}): ActionFrame(
        "drain", "residual_power"
    ),
    frozenset({("unplug", "computer"), ("hold", "power_button")}): ActionFrame(
        "drain", "residual_power"
    ),
    # unplugging, in any order, is part of the same drain
    **{
        frozenset({("drain", "residual_power"), ("unplug", part)}): ActionFrame(
            "drain", "residual_power"
        )
        for part in ("charger", "power", "computer", "power.cable")
    },
    # "remove the laptop battery and hold the power button for 30 seconds": the flea drain
    frozenset({("remove", "battery"), ("hold", "power_button")}): ActionFrame(
        "drain", "residual_power"
    ),
    # "let the battery drain completely, then charge it to 100%" is calibrating it
    frozenset({("drain", "battery"), ("charge", "battery")}): ActionFrame("calibrate", "battery"),
    # "unplug everything and hold down the power key": the pronoun took the button
    frozenset({("unplug", "power_button"), ("hold", "power_button")}): ActionFrame(
        "drain", "residual_power"
    ),
    # unplugging the charger to plug it into another outlet is trying another outlet
    frozenset({("unplug", "charger"), ("replace", "power_outlet")}): ActionFrame(
        "replace", "power_outlet"
    ),
    # "unplug the power cord and hold the power button": draining
    frozenset({("unplug", "power.cable"), ("hold", "power_button")}): ActionFrame(
        "drain", "residual_power"
    ),
    # holding the power button is how residual power is drained ("按住开机键半分钟放电")
    frozenset({("hold", "power_button"), ("drain", "residual_power")}): ActionFrame(
        "drain", "residual_power"
    ),
    # "hold power and volume down until the logo appears" is how a phone is force-restarted
    frozenset({("hold", "power_button"), ("hold", "volume_button")}): ActionFrame(
        "restart", "device"
    ),
    # "hold the power button until it switches off, then turn it back on": a restart done
    # with the button; the button next to the restart itself is how it is done
    **{
        frozenset({("hold", "power_button"), (op, device)}): ActionFrame("restart", device)
        for op in ("enable", "restart", "open")
        for device in (*_POWERED, "device")
    },
    # the volume presses before the hold are part of the same force restart
    frozenset({("hold", "volume_button"), ("restart", "device")}): ActionFrame("restart", "device"),
    # "poke the reset pinhole on the router and hold it for 10 seconds": one reset
    **{
        frozenset({("reset", device), ("hold", held)}): ActionFrame("reset", device)
        for device in _POWERED
        for held in ("reset_button", device)
    },
    # "unplug the cables and plug them back in firmly" reseats them
    **{
        frozenset({("unplug", cable), (op, cable)}): ActionFrame("readd", cable)
        for op in ("plug_in", "add", "connect", "restart")
        for cable in ("cable", "charging.cable", "ethernet.cable", "power.cable")
    },
    # taking the battery out is part of draining residual power ("unplug it, pull the
    # battery and hold the power button for 30 seconds")
    frozenset({("drain", "residual_power"), ("remove", "battery")}): ActionFrame(
        "drain", "residual_power"
    ),
    # putting back what a drain took out is the end of the same drain ("拔掉电源和电池，按住开机键
    # 半分钟，再装回去": the object-less put-back took the button, it is the battery going back;
    # "... hold the power button for 30 seconds, then put everything back")
    **{
        frozenset({("drain", "residual_power"), (op, part)}): ActionFrame("drain", "residual_power")
        for op in ("add", "readd", "plug_in", "connect")
        for part in ("battery", "power_button", "charger", "power", "power.cable")
    },
    # "把邮件App里的这个账户删掉，重新登录一遍": removed, then signed in again, it is re-added
    frozenset({("remove", "email_account"), ("login", "account")}): ActionFrame(
        "readd", "email_account"
    ),
}
# Round 6 (zh): a drain's cord is also "the plug / the cord" (插头拔下来 ... 再把线插回去), and an
# object-less unplug before "把余电放掉" took the residual power for its object.
_PAIR_STEPS.update(
    {
        frozenset({("drain", "residual_power"), (op, part)}): ActionFrame("drain", "residual_power")
        for op in ("unplug", "plug_in", "readd")
        for part in ("cable", "residual_power")
    }
)
# "换一个墙上的插座再插充电器": the charger plugged in is how the other outlet is tried
_PAIR_STEPS.update(
    {
        frozenset({("replace", "power_outlet"), (op, "charger")}): ActionFrame(
            "replace", "power_outlet"
        )
        for op in ("plug_in", "readd", "add")
    }
)
# A frame that is only the way into another step next to it: holding the power button to
# get the restart / power-off menu ("长按电源键选择重启", "hold the power button, tap Restart").
_MEANS: dict[tuple[str, str], frozenset[str]] = {
    ("hold", "power_button"): frozenset({"restart", "reset"}),
    ("hold", "volume_button"): frozenset({"restart", "reset"}),
    # "删掉一些旧邮件腾出邮箱空间": deleting things to make room is making room
    ("remove", "email"): frozenset({"free"}),
    ("remove", "files"): frozenset({"free"}),
    # "打开打印机取出卡住的纸张": the printer is opened to get at the jam or the cartridge
    ("enable", "printer"): frozenset({"clear/paper_jam", "replace/ink_cartridge"}),
    # "重置成出厂状态，清除所有数据": wiping the data is what the device reset does
    ("clear", "app.data"): frozenset(
        {"reset/phone", "reset/device", "reset/computer", "reset/tablet", "reset/headphones"}
    ),
    ("clear", "data"): frozenset(
        {"reset/phone", "reset/device", "reset/computer", "reset/tablet", "reset/headphones"}
    ),
    # "插根网线直接连路由器": the cable to the router is how the wired connection is made
    ("connect", "router"): frozenset({"use/ethernet"}),
    # "put the AirPods in the case, hold the setup button until the light flashes amber": the
    # buds go into their case so that its button resets or pairs them
    ("charge", "headphones"): frozenset({"reset/headphones", "enable/headphones"}),
    # "click 'Forgot password' and follow the email link to set a new one": the emailed link
    # is only the way the password is reset
    ("use", "link"): frozenset({"reset/password"}),
    # "offload the app and then reinstall it": the reinstall (of the offloaded "it") is how an
    # offload ends, no step of its own
    ("readd", "storage"): frozenset({"free/storage"}),
    # "select Microsoft Office, click Change, then Online Repair": Change on a program's entry
    # only opens its repair (no setting of the app is changed)
    ("set", "app"): frozenset({"readd/app"}),
    # "use Reset this PC and choose Remove everything": the option picked is part of the reset
    ("remove", "computer"): frozenset({"reset/computer"}),
}
# Round 6 (zh): the password typed to join ("在打印机面板上选家里的WiFi，输密码连上") is how the
# printer joins, no step of its own
_MEANS.update({("add", "password"): frozenset({"connect/printer"})})
# "关机后同时按住Shift+Control+Option和电源键": the Mac is shut down to reset its SMC
_MEANS.update({("disable", device): frozenset({"reset/smc"}) for device in ("device", "computer")})
# "unplug the PC from the surge protector and plug it straight into the wall": unplugging it is
# how another outlet is tried
_MEANS.update({("unplug", device): frozenset({"replace/power_outlet"}) for device in _POWERED})
# Round 8 (en): "shut the MBP down, hold Shift+Control+Option and power, let go and power it
# on": shut down and turned back on around the keys, the Mac's SMC is reset
_MEANS.update(
    {
        (op, device): frozenset({"reset/smc"})
        for op in ("close", "disable", "enable", "plug_in")
        for device in ("device", "computer", "smc")
    }
)

# Round 7 (zh): a thing pulled out and put back in ("充电头先拔下来，过个30秒重新插回去") is
# power-cycled, a cable so handled reseated; Wi-Fi turned off to use mobile data is switching
# to mobile data; the router taken out of a cabinet is how it is moved.
_COMPOUNDS[frozenset({"unplug", "readd"})] = "restart"
# "把报销单撤回再重新提交": a form withdrawn and submitted again is resubmitted (zh round 9)
_COMPOUNDS[frozenset({"withdraw", "submit"})] = "resubmit"
_COMPOUNDS[frozenset({"withdraw", "resubmit"})] = "resubmit"
_PAIR_STEPS.update(
    {
        frozenset({("unplug", cable), ("readd", cable)}): ActionFrame("readd", cable)
        for cable in ("cable", "charging.cable", "ethernet.cable", "power.cable")
    }
)
_PAIR_STEPS.update(
    {
        frozenset({("disable", wifi), (op, "mobile_data")}): ActionFrame("set", "mobile_data")
        for wifi in ("wifi", "wifi_network")
        for op in ("use", "enable", "set", "connect")
    }
)
_MEANS.update({("remove", "router"): frozenset({"move/router"})})
# Round 8 (en): "... hold the power button for 30 s, and boot on adapter power alone": the
# machine turned back on at the end of a drain is part of it
_PAIR_STEPS.update(
    {
        frozenset({("drain", "residual_power"), ("enable", device)}): ActionFrame(
            "drain", "residual_power"
        )
        for device in (*_POWERED, "device")
    }
)
# "把蓝牙驱动卸载，重启电脑让它自动重装": the restart is how the driver comes back
_MEANS.update(
    {
        ("restart", "computer"): frozenset(
            {f"readd/{owner}.driver" for owner in _DRIVEN} | {"readd/driver"}
        )
    }
)

# Whose storage a means frees when the freeing step names no owner ("删除旧邮件腾出空间").
_MEANS_OWNER: dict[tuple[str, str], str] = {("remove", "email"): "mailbox.storage"}


def _whose(how: ActionFrame, kept: ActionFrame) -> ActionFrame:
    owner = _MEANS_OWNER.get((how.op, how.obj or ""))
    if owner is not None and kept.obj == "storage":
        return replace(kept, obj=owner)
    return kept


def _is_means(how: ActionFrame, kept: ActionFrame) -> bool:
    """Whether ``how`` is only the way ``kept`` is done (an op, or an "op/object", listed)."""
    ways = _MEANS.get((how.op, how.obj or ""), frozenset())
    return kept.op in ways or f"{kept.op}/{kept.obj}" in ways


def objects_compatible(left: str | None, right: str | None) -> bool:
    """Whether two objects can be the same thing.

    Equal; or one is missing; or one is a head without an owner and the other has that head
    ("cache" ~ "browser.cache"); or a generic object covers the other ("device" ~ "phone").
    """
    if left is None or right is None or left == right:
        return True
    if "." not in left and right.endswith("." + left):
        return True
    if "." not in right and left.endswith("." + right):
        return True
    for generic, members in OBJECT_FAMILIES.items():
        if generic in (left, right) and left in members and right in members:
            return True
    return False


def qualifiers_compatible(left: str | None, right: str | None) -> bool:
    """Equal, or one side missing where the present one is only a nuance."""
    if left == right:
        return True
    if left is None:
        return _nuance(right)
    if right is None:
        return _nuance(left)
    if left.startswith(NAME_PREFIX) and right.startswith(NAME_PREFIX):
        # "the Spotify app" is not "the Zoom app"; a card's network is not where it is kept
        return _network_and_wallet({left, right}) or _network_and_service({left, right})
    # a name next to a nuance: "factory reset the Fire TV Stick" / "wipe the Fire Stick back
    # to its out-of-box state"
    return _nuance(left) and _nuance(right)


def _nuance(qualifier: str | None) -> bool:
    """A qualifier a step may carry and still be the step without it: a nuance ("factory"),
    or the name of the thing ("the Spotify app" is still "the app")."""
    return qualifier is None or qualifier in _NUANCE_QUALIFIERS or qualifier.startswith(NAME_PREFIX)


def frames_compatible(left: ActionFrame, right: ActionFrame) -> bool:
    """Same operation on compatible objects with compatible qualifiers (both objects known,
    unless the op needs none)."""
    if left.op != right.op:
        return False
    if (left.obj is None or right.obj is None) and left.op not in _OBJECTLESS_OPS:
        return False
    return objects_compatible(left.obj, right.obj) and qualifiers_compatible(
        left.qualifier, right.qualifier
    )


# -- the catalog index ---------------------------------------------------------------------

_SIGNATURE_SKIP = frozenset(
    {
        "stop",
        "num",
        "prep",
        "to",
        "by",
        "ba",
        "and",
        "or",
        "split",
        "pron",
        "loc",
        "example",
        "colon",
        "end",
        "open",
        "close",
        "de",
        "trail",
        "rel",
    }
)


def _symbol(token: Token) -> str | None:
    """A token as an alias-matching symbol: structure words dropped, synonyms merged."""
    if token.kind == "num":
        return f"num:{token.value}" if "." in token.value else None  # "8.8.4.4" identifies
    if token.kind == "q" and token.surface[:1].isdigit() and "." in token.surface:
        # "8.8.8.8" read as Google's DNS is that address, not any "Google" ("tap the Google
        # one" in Mail's accounts, "search google.com"): round 10
        return f"num:{token.surface}"
    if token.kind in _SIGNATURE_SKIP:
        return None
    return f"{token.kind}:{token.value}"


def _is_action_symbol(symbol: str) -> bool:
    # Dual words ("update": verb or noun) do not make an alias a verb phrase.
    return symbol.split(":", 1)[0] in ("op", "pv", "weak", "part")


class ActionIndex:
    """Reads texts into :class:`TextActions`, recognising the actions of a catalog.

    ``entries`` may be empty: then only frames are found (no catalog ids, no aliases), which
    is how the guard runs without a catalog and how the ablation measures the catalog's part.
    An alias must name something (an object, a setting, a word outside the lexicon): an alias
    made only of verbs ("uninstall and reinstall") would swallow every text with those verbs,
    so the index refuses it with ValueError.
    """

    def __init__(self, entries: Sequence[CatalogEntry] = ()) -> None:
        self._entries = tuple(entries)
        by_id: dict[str, CatalogEntry] = {}
        for entry in self._entries:
            if entry.action_id in by_id:
                raise ValueError(f"duplicate catalog action id {entry.action_id!r}")
            by_id[entry.action_id] = entry
        self._by_id = by_id
        # The catalog's own step texts are known whole: the offline responder proposes exactly
        # these, and a long explanatory text need not survive the clause parser.
        self._texts: dict[str, str] = {}
        for entry in self._entries:
            for wording in entry.texts:
                key = normalize_solution(wording)
                if key:
                    self._texts.setdefault(key, entry.action_id)
        # Alias signatures, longest first, bucketed by their first symbol; a "noun" alias has
        # no verb of its own and so must agree with its clause's verb.
        aliases: dict[str, list[tuple[tuple[str, ...], str, bool]]] = {}
        for entry in self._entries:
            for alias in entry.aliases:
                symbols = tuple(
                    symbol
                    for segment in lex(alias)
                    for token in segment
                    if (symbol := _symbol(token)) is not None
                )
                if not symbols or all(_is_action_symbol(symbol) for symbol in symbols):
                    raise ValueError(
                        f"alias {alias!r} of {entry.action_id} names no object or setting"
                    )
                if len(symbols) == 1 and symbols[0].split(":", 1)[1] in HEAD_OBJECTS:
                    raise ValueError(
                        f"alias {alias!r} of {entry.action_id} is a bare {symbols[0]!r}: "
                        "it would match every text that mentions one"
                    )
                noun = not any(_is_action_symbol(symbol) for symbol in symbols)
                aliases.setdefault(symbols[0], []).append((symbols, entry.action_id, noun))
        for bucket in aliases.values():
            bucket.sort(key=lambda item: -len(item[0]))
        self._aliases = aliases
        # Read with the parser once the aliases are known; empty while being derived.
        self._elaborations: dict[str, tuple[tuple[ActionFrame, ...], frozenset[str]]] = {}
        self._elaborations = self._derive_elaborations()

    @property
    def entries(self) -> tuple[CatalogEntry, ...]:
        """The catalog entries this index recognises."""
        return self._entries

    def entry(self, action_id: str) -> CatalogEntry | None:
        """The entry of ``action_id``, or None."""
        return self._by_id.get(action_id)

    def elaborations(self, action_id: str) -> tuple[tuple[ActionFrame, ...], frozenset[str]]:
        """The sub-steps the catalog's own wordings of ``action_id`` spell out besides the
        action itself: their frames and catalog ids (see :meth:`_derive_elaborations`)."""
        return self._elaborations.get(action_id, ((), frozenset()))

    def _derive_elaborations(self) -> dict[str, tuple[tuple[ActionFrame, ...], frozenset[str]]]:
        """Read every catalog wording (English and Chinese) with the parser, as if it were a
        customer's text, and keep the steps it finds besides the action itself.

        A catalog step is written the way support staff describe it, with the sub-steps that
        belong to it ("forget the Wi-Fi network, then join it again and re-enter the
        password"; "联系宽带运营商，确认是否有区域故障"): a rephrasing of the action that names
        such a sub-step repeats the action. Derived from the catalog, in both languages at
        once, so a sub-step spelled out only in the Chinese wording counts for English too.
        """
        texts, self._texts = self._texts, {}  # read each wording, not look it up
        derived: dict[str, tuple[tuple[ActionFrame, ...], frozenset[str]]] = {}
        try:
            for entry in self._entries:
                frames: list[ActionFrame] = []
                ids: set[str] = set()
                for wording in entry.texts:
                    for step in self.analyze(wording).steps:
                        if entry.action_id in step.action_ids:
                            continue
                        ids.update(step.action_ids)
                        frames.extend(
                            frame
                            for frame in step.frames
                            if _sub_step(frame, entry.frame) and frame not in frames
                        )
                ids.discard(entry.action_id)
                if frames or ids:
                    derived[entry.action_id] = (tuple(frames), frozenset(ids))
        finally:
            self._texts = texts
        return derived

    def _elaborated(self, steps: tuple[Step, ...]) -> tuple[Step, ...]:
        if not self._elaborations:
            return steps
        result = []
        for step in steps:
            frames: list[ActionFrame] = []
            ids: set[str] = set()
            for action_id in sorted(step.action_ids):
                extra_frames, extra_ids = self.elaborations(action_id)
                frames.extend(f for f in extra_frames if f not in frames)
                ids.update(extra_ids)
            if frames or ids:
                step = replace(step, elaborations=tuple(frames), elaboration_ids=frozenset(ids))
            result.append(step)
        return tuple(result)

    def frame_action(self, frame: ActionFrame) -> str | None:
        """The catalog action a frame is, when exactly one fits best."""
        if frame.obj is None and frame.op not in _OBJECTLESS_OPS:
            return None
        best: list[tuple[int, str]] = []
        for entry in self._entries:
            target = entry.frame
            if frame.op != target.op and frame.op not in entry.also_ops:
                continue
            if not objects_compatible(target.obj, frame.obj):
                continue
            if frame.op in _PREPARATORY_OPS and frame.obj is None and target.obj is not None:
                continue  # "wait a minute" between two steps is not waiting out a lockout
            if target.qualifier is not None and target.qualifier != frame.qualifier:
                continue
            if target.qualifier is None and not _nuance(frame.qualifier):
                continue  # a setting the catalog action does not name makes it another action
            score = (
                (4 if target.op == frame.op else 0)
                + (2 if target.obj == frame.obj else 0)
                + (1 if target.qualifier else 0)
            )
            best.append((score, entry.action_id))
        if not best:
            return None
        best.sort(reverse=True)
        if len(best) > 1 and best[0][0] == best[1][0]:
            return None  # ambiguous ("clear the cache": of the browser or of the app?)
        return best[0][1]

    def analyze(self, text: str) -> TextActions:
        """Read ``text`` into steps (see the module docstring for how)."""
        if not text.isascii():
            text = text.translate(ZH_TRADITIONAL)  # Traditional characters read as Simplified
            # and Cantonese as Mandarin, so that what is said around the steps (a channel
            # "改做十一", a place) is read in the words the checks know
            text = _mandarin_of_cantonese(text)
        text = _fb11_context(text)
        normalized = normalize_solution(text)
        known = self._texts.get(normalized)
        if known is not None:
            entry = self._by_id[known]
            step = self._elaborated((Step((entry.frame,), frozenset({known})),))[0]
            return TextActions(text=text, normalized=normalized, steps=(step,), complete=True)
        clauses = _clauses(lex(text))
        proper = _proper_names(text) if any(c.isupper() for c in text) else frozenset()
        previous: _Clause | None = None
        for number, clause in enumerate(clauses):
            clause.proper = proper
            _read_clause(clause)
            if _commentary(clause, ahead=_verb_ahead(clauses, number)):
                clause.negated = clause.commentary = True
            elif number and _contrast_not_en(clause):
                clause.negated = clause.commentary = True  # "…, not the one that wipes data"
            elif number and _expectation_lead_zh12(_lead_token(clause.tokens)):
                clause.negated = clause.commentary = True  # "…，以便清掉临时文件": why, not what
            elif number and number + 1 == len(clauses) and _let_it_zh13(clause, previous):
                clause.negated = clause.commentary = True  # "…，让它重新同步": what it then does
            elif number and (
                _tried_again_en(clause, last=number + 1 == len(clauses))
                or _kb_aside_en(clause)
                or _done_by_then_en12(clause)
            ):
                clause.negated = clause.commentary = True  # "... then try the checkout again"
            elif number + 1 < len(clauses) and _with_state_en12(clause):
                clause.negated = True  # "With it switched on, push a paperclip into ..."
            clause.resolved_op = _resolve_op(clause, previous)
            previous = clause
        live = [clause for clause in clauses if not clause.negated]
        self._match_aliases(live)
        _path_pages_en12(clauses, self._by_id)
        _path_pages_zh13(clauses)
        _system_pages_en12(clauses)
        return self._assemble(text, clauses)

    def _reader(self, text: str, clauses: list[_Clause]) -> Callable[[str], TextActions]:
        """Reads ``clauses`` again with a dangling pronoun standing for a given object."""
        memo: dict[str, TextActions] = {}

        def reread(antecedent: str) -> TextActions:
            found = memo.get(antecedent)
            if found is None:
                found = memo[antecedent] = self._assemble(text, clauses, antecedent)
            return found

        return reread

    def _match_aliases(self, clauses: list[_Clause]) -> None:
        if not self._aliases:
            return
        self._match_stream(clauses, verb_first=False)
        # "把app强制退出": a 把 clause no alias matched is tried verb first ("强制退出app")
        self._match_stream(clauses, verb_first=True)

    def _match_stream(self, clauses: list[_Clause], *, verb_first: bool) -> None:
        stream: list[tuple[str, int, int]] = []  # (symbol, clause number, token index)
        for number, clause in enumerate(clauses):
            if verb_first and clause.alias_ids:
                continue
            limit = clause.excluded_from if clause.excluded_from is not None else len(clause.tokens)
            # "这样邮件就不会进垃圾箱": what the step achieves names no action
            limit = next((i for i, t in enumerate(clause.tokens[:limit]) if t.kind == "sub"), limit)
            order = _verb_first(clause.tokens[:limit]) if verb_first else range(limit)
            if verb_first and list(order) == list(range(limit)):
                continue  # no 把: nothing new to try
            for position in order:
                symbol = _symbol(clause.tokens[position])
                if symbol is not None:
                    stream.append((symbol, number, position))
        symbols = [item[0] for item in stream]
        index = 0
        while index < len(stream):
            for alias, action_id, noun in self._aliases.get(symbols[index], ()):
                end = index + len(alias)
                if tuple(symbols[index:end]) != alias:
                    continue
                span = stream[index:end]
                if noun and not self._noun_alias_fits(action_id, clauses, span):
                    continue
                if _owner_only_zh(clauses, span):
                    continue  # "把手机的WLAN关掉再打开": the phone only says whose Wi-Fi
                if noun and any(_place_item(clauses[number]) for _, number, _ in span):
                    continue  # "设置 > 系统 > 重置选项": a menu item that only names a place
                first, last = clauses[span[0][1]], clauses[span[-1][1]]
                if first is not last and first.menu_item and not last.menu_item:
                    continue  # "Settings > Account, enable IMAP": the page is where, not an action
                if noun and _file_menu(clauses, span):
                    continue  # "go to File > Account Settings": Office's File menu, a place
                wanted = self._by_id[action_id].frame
                if _band_of_a_setting(wanted, clauses, span):
                    continue  # "set the 2.4 GHz channel to 6" switches no band
                quals = {q for _, number, _ in span for q in clauses[number].qualifiers}
                if any(q in _EXCLUSIVE_QUALIFIERS and q != wanted.qualifier for q in quals):
                    continue  # "restore the router from a backup" is no factory reset
                if quals & _2FA_METHODS and wanted.obj == "2fa":
                    continue  # "两步验证改成短信验证" is no turning 2FA on
                if "factory" in quals and wanted.op not in ("reset", "clear"):
                    continue  # "put the router back to how it was out of the box": a reset
                if quals & {"latest", "previous"} and wanted.op == "move":
                    continue  # "bring the router's firmware up to date" moves nothing
                folder = any(_app_folder(clauses[number]) for _, number, _ in span)
                if wanted.obj == "disk.storage" and folder:
                    continue  # "delete the Teams folder": that app's data, no disk cleanup
                if wanted.obj == "email_account" and _rebuilt_profile(clauses, span):
                    continue  # "rebuild the Outlook profile": a new one made, no re-add

                for _, number, position in span:
                    clauses[number].alias_ids.add(action_id)
                    clauses[number].covered.add(position)
                    if noun:
                        # A noun alias ("same Wi-Fi network") names the clause's action; the
                        # clause's other objects take part in it.
                        for obj in clauses[number].objects:
                            clauses[number].covered.update(obj.positions)
                index = end - 1
                break
            index += 1

    def _noun_alias_fits(
        self, action_id: str, clauses: list[_Clause], span: list[tuple[str, int, int]]
    ) -> bool:
        """A noun alias ("windows update") names the action only if its clause's verb agrees:
        "roll back the latest Windows update" is not the update."""
        entry = self._by_id[action_id]
        action_op = entry.frame.op
        allowed = {None, action_op, *_ALIAS_NEUTRAL_OPS, *entry.also_ops}
        if action_op in _CONFIG_OPS:
            allowed.add("set")  # "switch to Google's DNS", "set Fetch New Data to Push"
        if action_op in _CHECKABLE_OPS:
            allowed.add("check")  # "make sure X is on the same network" asks for the action
        if not all(clauses[number].resolved_op in allowed for _, number, _ in span):
            return False
        named = any(clauses[n].tokens[p].kind.split("/")[-1] in ("obj", "objq") for _, n, p in span)
        if not named and entry.frame.obj in _POWERED:
            # An alias that is only a qualifier ("within a few feet": closer) names a device's
            # action only for that device: "move the router closer" is not the headphones'.
            things = {o.name for _, n, _ in span for o in clauses[n].objects}
            if things and not any(objects_compatible(entry.frame.obj, t) for t in things):
                return False
        for _, number, _ in span:
            lead = clauses[number].unknown_verb
            if lead is not None and all(p != lead for _, n, p in span if n == number):
                return False  # "mark the sender as not junk": we do not know what is done
        # It must name what is acted on, not only where ("to match your *bank* statement"),
        # unless the clause's verb is neutral ("open the site in a private window").
        for _, number, position in span:
            clause = clauses[number]
            if clause.resolved_op in (None, *_ALIAS_NEUTRAL_OPS):
                return True
            token = clause.tokens[position]
            if token.kind.split("/")[0] not in ("obj", "objq"):
                return True  # a setting, an address, a word outside the lexicon
            if any(position in o.positions for o in clause.objects if o.main):
                return True
        return False

    def _single_frame(self, ids: frozenset[str]) -> ActionFrame | None:
        if len(ids) != 1:
            return None
        return self._by_id[next(iter(ids))].frame

    def _assemble(
        self, text: str, clauses: list[_Clause], antecedent: str | None = None
    ) -> TextActions:
        complete = True
        unread = False
        dangling = False
        # (frame, alias ids, group) in order; alias ids come once per clause. Frames of one
        # clause share a group when something serves the clause (a purpose, a parenthesis).
        items: list[tuple[ActionFrame | None, frozenset[str], int | None]] = []
        served = {clause.link for clause in clauses if clause.link is not None}
        previous: _Clause | None = None
        last_object: str | None = None
        # The things the last clause with frames acted on, when it named several ("unplug the
        # modem and the router"): a later "plug them back in" continues every one of them.
        last_group: tuple[str, ...] = ()
        acted = False  # some frame has acted on a thing: a menu path after it names no "it"
        for number, clause in enumerate(clauses):
            if clause.negated:
                # Not done ("don't reset the router"), but "it" may still point at the router.
                mains = [o.name for o in clause.objects if o.main]
                last_object = mains[0] if mains else last_object
                continue
            group = (
                clause.link if clause.link is not None else (number if number in served else None)
            )
            last_object = _held_until_done_mixed(clause, items) or last_object
            if clause.alias_ids:
                clause.alias_ids = self._specific(clause, previous)
                aliased = self._named_alias(clause, clauses, number)
                extra = _swapped_with(self._by_id, clause)
                # the alias and what it also did share a step
                together = group if group is not None or not extra else -1 - len(clauses) - number
                items.append((aliased, frozenset(clause.alias_ids), together))
                items.extend((frame, frozenset(), together) for frame in extra)
                entry_objs = [self._by_id[i].frame.obj for i in sorted(clause.alias_ids)]
                last_object = next((o for o in entry_objs if o), last_object)
            frames = _frames_of(clause, previous)
            if not frames and _cleaning_item(clause):
                # "Setup > Maintenance > Head Cleaning": the item runs the cleaning it names
                clause.resolved_op = "clean"
                frames = _frames_of(clause, previous)
            if not frames and _chosen_as_audio_mixed(clause):
                # "Select the headset as both speaker and microphone": the device is set
                clause.resolved_op = "set"
                frames = _frames_of(clause, previous)
            if not frames and _chosen_as(clause):
                # "choose A4 as the paper size": the setting named after "as" is set
                clause.resolved_op = "set"
                frames = _frames_of(clause, previous)
            if _dns_entered_en12(clause):
                # "enter 8.8.8.8 as the primary and 8.8.4.4 as the secondary": the DNS is set
                frames = _frames_of(clause, previous)
            if not frames and _picked_from_list_en12(clause):
                # "pick 11 from the Channel drop-down": the setting the list is of is set
                clause.resolved_op = "set"
                frames = _frames_of(clause, previous)
            if not frames and _valued_item(clauses, number):
                # "... > 2.4GHz > Channel: 6 > Save": a setting's item given a value is set
                clause.resolved_op = "set"
                # to the value it is given ("DNS server: 1.1.1.1" is Cloudflare's)
                clause.qualifiers.extend(clauses[number + 1].qualifiers)
                frames = _frames_of(clause, previous)
            following = clauses[number + 1] if number + 1 < len(clauses) else None
            pathed_after = following is not None and following.menu_item
            readding = bool(frames) and _readds_removed(frames[0], items)
            if (
                frames
                and pathed_after
                and not clause.alias_ids
                and not _done_in_path_en(clause)
                and not readding
            ):
                # "Settings > General > Transfer or Reset iPhone > Reset > Reset Network
                # Settings": an item with a later item after it is the way there, not a step.
                mains = [o.name for o in clause.objects if o.main]
                last_object = mains[0] if mains else last_object
                frames = []
            for frame in frames:
                if (pathed := _path_owner_zh(frame, clauses, number)) is None:
                    continue  # "打开微信，我-设置-…": the app opened is the way into the path
                if _settings_opened_zh(frame, clauses, number):
                    continue  # "打开飞书设置，找到清理缓存": the settings opened are the way in
                frame = _path_colloquial_zh(pathed, clauses, number)
                frame = _path_permission_zh(frame, clauses, number)
                frame = _unblocked_sender_zh(
                    _path_sender_list(frame, clauses, number), clauses, number
                )
                frame = _sender_let_through_zh(frame, clauses, number)
                frame = _driver_reinstalled_on_restart(frame, clauses, number)
                frame = _named_by_way_in(frame, clauses, number)
                if frame.obj == "driver" and last_object in _DRIVEN:
                    # "right-click the wireless adapter and choose Update driver": its driver
                    frame = replace(frame, obj=f"{last_object}.driver")
                frame = _its_firmware_en(frame, clause, last_object)
                frame = _device_system_zh(frame, clause)
                frame = _made_latest_en(frame, clause)
                frame = _keyboard_language_en(frame, clause)
                frame = _held_on_headphones_en(frame, clause, last_object)
                frame = _smc_keys_en(frame, clauses, number)
                frame = _this_device_en12(frame, clause, last_object)
                frame = _password_for_it_en12(frame, clause, last_object)
                frame = _outlet_moved_en(frame, clauses, number)
                frame = _readded_with_mixed(frame, clause, items)
                frame = _command_switch_mixed(frame, clause)
                frame = _console_account_mixed(frame, clauses)
                if (frame.op, frame.obj) == ("remove", "settings") and last_object in _NETWORKS:
                    # "select your network, choose Delete Settings": the network's saved settings
                    frame = replace(frame, obj=last_object)
                if _outlet_tried_mixed(frame, clause, items):
                    continue
                checked = _system_file_check_mixed(frame, items)
                if checked is None:
                    continue  # "跑一下系统文件检查器，修复损坏的系统文件": what the scan does
                frame = checked
                clicked = clause.button or bool(clause.tokens) and clause.tokens[0].kind == "nav"
                # "…路由器更新 里点检查": the click may close the clause before
                clicked = clicked or (
                    number > 0
                    and bool(clauses[number - 1].tokens)
                    and clauses[number - 1].tokens[-1].kind == "nav"
                )
                if frame.obj is None and clicked and not clause.pron and not clause.objects:
                    before, before_ids, _ = items[-1] if items else (None, frozenset(), None)
                    done = {self._by_id[i].frame.op for i in before_ids}
                    if frame.op in (done if before is None else {before.op}):
                        continue  # "…> 网络重置，点“立即重置”": the button confirms that step
                    ahead = following.resolved_op if following is not None else None
                    if ahead == frame.op or (frame.op, ahead) == ("check", "update"):
                        # "点一下清理加速，把垃圾清掉": the button is how it is done; "点检查，
                        # 把固件升级到最新": checking for the update is part of updating
                        continue
                if frame.obj is None and frame.op not in _OBJECTLESS_OPS:
                    reopening = frame.op == "open" and clause.pron and last_object is not None
                    preparing = frame.op in _PREPARATORY_OPS or frame.op in ("use", "run")
                    if preparing and not reopening:
                        continue  # "open Settings", "wait a minute", "try it": nothing to compare
                    if frame.op == "check" and clause.menu_item and not clause.objects:
                        continue  # "Firmware Update > Check": a button on the way, not a check
                    if _trial_check(frame, clause, clauses, number, items):
                        continue  # "restart ur phone n check again", "手机重启一下看看"
                    # A pronoun, or a verb that continues the previous object ("plug it back
                    # in"); a check needs its own object ("确认是否断网" does not check the ISP).
                    resolved = last_object if clause.pron or frame.op != "check" else None
                    resolved = _added_back_en12(frame, clause, items, resolved) or resolved
                    resolved = _reset_owner_en12(frame, clause, resolved)
                    if clause.timing and not clause.pron:
                        continue  # "after a reboot": says when, not what
                    resolved = resolved or _following_object(clauses, number)
                    resolved = _restarted_device_en(frame, clauses, number, resolved)
                    if resolved == "trash" and _in_mail_app(clauses[: number + 1]):
                        resolved = "email.trash"  # "right-click the trash in Outlook > Empty"
                    if (
                        frame.op in _DEVICE_BUTTON_OPS
                        and (clause.button or clause.menu_item)
                        and all(
                            o.name in _ON_THE_WAY for c in clauses[: number + 1] for o in c.objects
                        )
                    ):
                        # "click the Apple menu and choose Restart", "Start > Power > Restart",
                        # "Settings > General > Shut Down": with nothing else named, a restart
                        # or shut-down button acts on the device itself
                        resolved = "device"
                    if resolved is None and _power_path(frame, clauses, number):
                        resolved = "device"  # "click Start, then the power icon, then Restart"
                    if resolved == "device" and _router_admin(clauses[: number + 1]):
                        resolved = "router"  # "log into tplinkwifi.net, hit Reboot": its page
                    # Chinese drops the object the conversation is about ("删掉重装", "卸了再
                    # 装", "强行停止后再启动"): like "it", it is what the other text acts on.
                    dropped = resolved is None and _drops_object(clause, clauses)
                    if dropped and antecedent is not None and not clause.pron:
                        # "恢复出厂设置" with nothing named resets a device, never the
                        # settings the other text changed
                        dropped = antecedent in _WIPEABLE or not _factory_words(clause)
                    if resolved is None and (clause.pron or dropped) and antecedent is not None:
                        # "it" with nothing in the text before it: what the other text acts on.
                        reread = _frames_of(clause, previous, antecedent)
                        if reread and reread[0].obj is not None:
                            frame = reread[0]
                            items.append((frame, frozenset(), group))
                            last_object = frame.obj
                            continue
                    if resolved is None:
                        dangling = dangling or clause.pron or dropped
                        complete = False
                        continue
                    if clause.unknown_slots and not clause.pron:
                        # Its own object is a word the lexicon lacks ("toggle virtualization"),
                        # not the previous object.
                        unread = True
                    reread = _frames_of(clause, previous, resolved)
                    if resolved == last_object and len(last_group) > 1:
                        # the op the clause has on the last one ("再插回去" plugs a router in)
                        ops = (frame.op, *(f.op for f in reread[:1]))
                        for each in last_group[:-1]:
                            # read as if written there ("…电源键和音量键，滑动关机": the device)
                            again = _frames_of(clause, previous, each)
                            fits = again and again[0].obj is not None and again[0].op in ops
                            each_frame = again[0] if fits else replace(frame, obj=each)
                            items.append((each_frame, frozenset(), group))
                    if reread and reread[0].obj is not None:
                        frame = reread[0]
                    else:
                        frame = replace(frame, obj=resolved)
                    frame = _fold_merged_steps(frame)
                    if clause.pron and frame.op == "update":
                        frame = _updated_owner(frame, items)
                    if frame.op in ("set", "replace", "create") and resolved == "password":
                        frame = ActionFrame("reset", "password", None)  # "choose a new one"
                if _case_cycle_en12(frame, clause, items):
                    continue  # "..., close the lid for ten seconds, then take them out again"
                items.append((frame, frozenset(), group))
                held = frame.obj in _BUTTONS and clause.link is not None
                if frame.obj is not None and not (held and last_object is not None):
                    # "clear the Bose's pairing list by holding the power button, then remove
                    # it": the button a step is done with is no referent of a later "it"
                    last_object = frame.obj
            named = tuple(dict.fromkeys(f.obj for f in frames if f.obj is not None))
            if named:
                last_group = named if len(named) > 1 else ()
            acted = acted or any(
                f.obj is not None and f.op not in _PREPARATORY_OPS and f.op != "login"
                for f in frames
            )
            if not frames and not (clause.aside and acted):
                # A clause that only names something ("go to Battery Saver", "在设置里找到它")
                # still gives a later "it" its referent; a menu path after a step does not
                # ("remove the printer under Settings > Bluetooth & devices and add it again").
                mains = [o.name for o in clause.objects if o.main]
                last_object = mains[0] if mains else last_object
            menu = clause.aside and not frames
            if not menu and any(p not in clause.covered for p in clause.unknown_slots):
                complete = False
            if not menu and not frames and not clause.alias_ids and _has_unknown(clause):
                complete = False  # a menu path ("Settings > General") need not be readable
                # Led by an unknown word, it is an imperative the lexicon lacks ("then telnet
                # into it"); led by a subject or pronoun it is commentary ("it only takes a sec").
                unread = unread or _led_by_unknown(clause)
            previous = clause
        items = _fold_startup_list_en(_fold_mail_client_accounts_en(items, clauses), clauses)
        items = _fold_clear_data_ticks_en(_fold_reset_link_en(items, clauses))
        items = _fold_new_profile_en(
            _fold_login_code11(_fold_reset_flow_en(items), clauses), clauses
        )
        items = _fold_reset_entries_r11_en(items)
        items = _fold_app_temp_files_en(_fold_signed_in_there_en(items, clauses), clauses)
        items = _fold_closed_for_app_files_en(_fold_closed_for_data_file_en(items))
        items = _fold_named_app_files(items)
        steps = _fold_radio_resets_en(_fold_ticked_items_en(self._steps(items)))
        steps = _fold_device_os_update(_fold_system_file_check(steps, text), text)
        steps = _fold_printer_join_en(_fold_queue_documents_en(_fold_radio_parts_en(steps)))
        steps = _fold_firmware_owner_en(_fold_printer_by_ip_en(steps, clauses), clauses)
        steps = _fold_drain_while_unplugged_en(_fold_appliance_drain_en(steps, clauses), clauses)
        steps = _fold_clock_from_carrier_en(steps, clauses)
        steps = _fold_band_of_channel_en12(steps, clauses)
        steps = _fold_case_for_reset_en(_fold_nvram_power_en(steps))
        steps = _fold_both_back_on_en(_fold_powered_back_on_en(steps), clauses)
        steps = self._elaborated(_fold_forced_power(_fold_off_on_around_en(steps), clauses))
        lead_op, lead_object = _lead(clauses)
        if len(steps) == 1 and steps[0].frames:
            lead_op = steps[0].frames[0].op  # compounds folded: "power it off, then on" = restart
        return TextActions(
            text=text,
            normalized=_core_normalized(text)
            if any(c.commentary for c in clauses)
            else normalize_solution(text),
            steps=steps,
            complete=complete,
            lead_op=lead_op,
            lead_object=lead_object,
            unread_clause=unread,
            dangling=dangling and antecedent is None,
            reread=self._reader(text, clauses) if dangling and antecedent is None else None,
        )

    def _named_alias(
        self, clause: _Clause, clauses: list[_Clause], number: int
    ) -> ActionFrame | None:
        """The catalog action an alias found, on the thing the clause (or the way into it)
        names by name ("clear *Safari's* cache" is the browser-cache action on Safari)."""
        frame = self._single_frame(frozenset(clause.alias_ids))
        if frame is None:
            return None
        target = next((o for o in clause.objects if o.main), None)
        op, obj, qualifier = _fold_named_targets(
            frame.op, frame.obj, frame.qualifier, target, clause
        )
        if (op, obj) != (frame.op, frame.obj):
            return None
        named = _named_by_way_in(ActionFrame(op, obj, qualifier), clauses, number)
        if named.obj != frame.obj or named.qualifier == frame.qualifier:
            return None
        return named if _named(named.qualifier) else None

    def _specific(self, clause: _Clause, previous: _Clause | None) -> set[str]:
        """An alias naming a generic object yields to the clause's own reading when that names
        whose it is: "free up space" is freeing storage, "... on the C drive" the drive's."""
        ids = set(clause.alias_ids)
        own = _frames_of(replace(clause, covered=set(), alias_ids=set()), previous)
        for action_id in sorted(clause.alias_ids):
            target = self._by_id[action_id].frame
            if target.obj is None or "." in target.obj:
                continue
            for frame in own:
                narrower = frame.obj is not None and frame.obj.endswith("." + target.obj)
                found = self.frame_action(frame) if narrower and frame.op == target.op else None
                if found is not None and found != action_id:
                    ids.discard(action_id)
                    ids.add(found)
        return ids

    def _steps(
        self, items: list[tuple[ActionFrame | None, frozenset[str], int | None]]
    ) -> tuple[Step, ...]:
        merged = _merge_compounds(items, self._single_frame)
        # Preparatory frames go when a real step exists; so does a bare "sign in" next to a
        # remedy ("try a private window, then log in": the sign-in is the goal, not a step).
        substantive = [
            item
            for item in merged
            if item[1] or (item[0] is not None and item[0].op not in _PREPARATORY_OPS)
        ]
        if any(item[1] or (item[0] is not None and item[0].op != "login") for item in substantive):
            again = _signed_in_again(items)
            substantive = [
                item
                for item in substantive
                if item[1] or item[0] is None or item[0].op != "login" or item[0].qualifier or again
            ]
        kept = substantive or merged
        # One step per group (a clause and what serves it), else one per frame.
        groups: list[list[tuple[ActionFrame | None, frozenset[str]]]] = []
        keys: dict[int, int] = {}
        for frame, ids, group in kept:
            if group is not None and group in keys:
                groups[keys[group]].append((frame, ids))
                continue
            if group is not None:
                keys[group] = len(groups)
            groups.append([(frame, ids)])
        steps: list[Step] = []
        for members in groups:
            step_frames: list[ActionFrame] = []
            step_ids: set[str] = set()
            also: list[ActionFrame] = []
            for frame, ids in members:
                for action_id in sorted(ids):
                    step_ids.add(action_id)
                    entry_frame = self._by_id[action_id].frame
                    if entry_frame not in step_frames:
                        step_frames.append(entry_frame)
                if frame is None:
                    continue
                if frame.qualifier == _ALSO_DID:
                    also.append(replace(frame, qualifier=None))
                    continue
                if frame not in step_frames:
                    step_frames.append(frame)
                found = self.frame_action(frame)
                if found is not None:
                    step_ids.add(found)
            if step_frames or step_ids:
                steps.append(Step(tuple(step_frames), frozenset(step_ids), also_did=tuple(also)))
        unique: list[Step] = []
        for step in steps:
            same = [n for n, other in enumerate(unique) if _same_step(step, other)]
            if not any(_same_step(unique[n], step) for n in same):
                unique.append(step)
            elif len(same) == 1 and _asks_more(step, unique[same[0]]):
                unique[same[0]] = step
        # "删掉C盘的临时文件腾出空间": freeing space in general is what freeing the drive's
        # space already is, not a step of its own.
        return tuple(
            step
            for step in unique
            if not any(other is not step and _narrows(other, step) for other in unique)
        )


def _asks_more(step: Step, kept: Step) -> bool:
    """Whether ``step`` is ``kept`` and more catalog actions besides: "Call the bank and ask
    them to enable online transactions" asks for what the call alone does not, so the step
    that says it stands for both (never one of fewer actions)."""
    return bool(kept.action_ids) and step.action_ids > kept.action_ids


def _merge_compounds(
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]],
    catalog_frame: Callable[[frozenset[str]], ActionFrame | None],
) -> list[tuple[ActionFrame | None, frozenset[str], int | None]]:
    """Fold two-part steps into one: remove + add = re-add, off + on = restart, ...

    A plain frame that is half of a catalog step found by alias ("取消配对" next to
    "重新配对耳机") folds into that step.
    """
    out = list(items)
    # "hold power and volume up to boot into recovery mode": the buttons are held for that
    held_for_else = any(
        frame is not None and (frame.obj in _HELD_FOR_ELSE or frame.qualifier == "safe_mode")
        for frame, _, _ in items
    )
    changed = True
    while changed:
        changed = False
        for i, (first, ids_i, link_i) in enumerate(out):
            if first is None or ids_i:
                continue
            for j in range(len(out)):
                if j == i:
                    continue
                second, ids_j, _ = out[j]
                if ids_j:
                    target = catalog_frame(ids_j)
                    if target is not None and _is_means(target, first):
                        del out[j]  # "重置成出厂状态，清除所有数据": the data goes with the reset
                        changed = True
                        break
                    if target is not None and _is_means(first, target):
                        # "删掉旧邮件" next to "腾出邮箱空间" (a catalog step); "腾出空间" next
                        # to it is the mailbox's space
                        owned = _whose(first, target)
                        if owned != target:
                            out[j] = (owned, frozenset(), out[j][2])
                        del out[i]
                        changed = True
                        break
                    if target is None:
                        continue
                    halves = frozenset({(first.op, first.obj or ""), (target.op, target.obj or "")})
                    part = _PAIR_STEPS.get(halves) == target  # "... and hold it for 10 seconds"
                    if not part and not objects_compatible(first.obj, target.obj):
                        continue
                    if part or _COMPOUNDS.get(frozenset({first.op, target.op})) == target.op:
                        del out[i]
                        changed = True
                        break
                    continue
                if second is None or j < i:
                    continue
                means = [
                    (kept, how)
                    for how, kept in ((first, second), (second, first))
                    if _is_means(how, kept)
                ]
                if means:
                    # "按住电源键，然后选重新启动": holding the button is how the restart is done
                    kept, how = means[0]
                    out[i] = (_whose(how, kept), frozenset(), link_i)
                    del out[j]
                    changed = True
                    break
                pair = _PAIR_STEPS.get(
                    frozenset({(first.op, first.obj or ""), (second.op, second.obj or "")})
                )
                if pair is not None and held_for_else and "hold" in (first.op, second.op):
                    pair = None
                briefly = "brief" in (first.qualifier, second.qualifier)
                if pair is not None and briefly and "restart" not in (first.op, second.op):
                    # pressed, not held: "press the power button to turn it on" is no restart
                    # (but a press next to a restart already read is part of it)
                    pair = None
                if pair is None and _payment_app_reinstalled_zh12(first, second):
                    pair = replace(second, qualifier=NAME_PREFIX + str(first.obj))
                op = _COMPOUNDS.get(frozenset({first.op, second.op}))
                if op == "restart" and first.op == "open" and second.op in ("disable", "close"):
                    # "go to Power Management and clear the box" (round 12): a page opened,
                    # then a setting on it switched off; only off, then on again, restarts
                    op = None
                if pair is None and (op is None or first.op == second.op):
                    continue
                compatible = objects_compatible(first.obj, second.obj)
                if pair is None and not (compatible or _account_set_up_again(first, second)):
                    continue

                merged = pair or ActionFrame(
                    op or first.op,
                    first.obj or second.obj,
                    first.qualifier or second.qualifier,
                )
                merged = _fold_merged_steps(merged)
                out[i] = (merged, frozenset(), link_i)
                del out[j]
                newest = next((f for f in (first, second) if f.op == "update"), None)
                if merged.op == "readd" and newest is not None and newest.obj in _DRIVERS:
                    # "uninstall the driver, then install the latest one": a reinstall that
                    # puts the newest driver on is also its update (one step, two readings)
                    group = link_i if link_i is not None else -1 - i
                    out[i] = (merged, frozenset(), group)
                    out.insert(i + 1, (replace(newest, qualifier=_ALSO_DID), frozenset(), group))
                changed = True
                break
            if changed:
                break
    return out


def _account_set_up_again(first: ActionFrame, second: ActionFrame) -> bool:
    """ "Delete your Outlook.com account from Settings > Mail > Accounts, then set it up once
    more": the account set up after a mail account removed is that mail account (the "it" read
    as the path's Accounts page), re-added."""
    return (
        first.op == "remove"
        and first.obj == "email_account"
        and second.op in ("add", "create")
        and second.obj == "account"
        and second.qualifier is None
    )


_DRIVERS = frozenset({"driver", *(f"{owner}.driver" for owner in _DRIVEN)})
_ALSO_DID = "\x00also"  # marks a frame a step also did, one way only (Step.also_did)
_SLOT_KINDS = frozenset({"obj", "objq", "unk", "q", "num"})
_SLOT_ENDS = frozenset({"prep", "loc", "to", "by", "split", "sub", "instead", "without", "rel"})


def _lead(clauses: list[_Clause]) -> tuple[str | None, str]:
    """The one verb of a one-action text and the words of its object slot, or (None, "")."""
    acting = [
        clause
        for clause in clauses
        if not clause.negated
        and clause.resolved_op is not None
        and clause.resolved_op not in _PREPARATORY_OPS
    ]
    if len(acting) != 1:
        return None, ""
    clause = acting[0]
    words: list[str] = []
    for token in clause.tokens:
        kind = token.kind.split("/")[-1] if "/" in token.kind else token.kind
        if kind in _SLOT_ENDS and words:
            break
        if kind in _SLOT_KINDS:
            words.append(token.surface.replace(" ", ""))
    return clause.resolved_op, " ".join(words)


def _verb_takes_object(tokens: list[Token], start: int) -> bool:
    """Whether the first verb after ``start`` has an object of its own after it."""
    verb = next(
        (i for i in range(start + 1, len(tokens)) if tokens[i].kind.split("/")[0] == "op"), None
    )
    if verb is None or tokens[verb].value.split("/")[0] in ("contact", "charge"):
        return False  # "给客服打个电话问问…": whom one calls is the object
    return any(t.kind.split("/")[-1] in ("obj", "objq") for t in tokens[verb + 1 :])


def _verb_first(tokens: list[Token]) -> list[int]:
    """Token positions in alias order: "把X强制退出" is read as "强制退出X" (verb, then object)."""
    order = list(range(len(tokens)))
    ba = next((i for i, t in enumerate(tokens) if t.kind == "ba"), None)
    if ba is None:
        return order
    verb = next((i for i in range(ba + 1, len(tokens)) if tokens[i].kind == "op"), None)
    if verb is None:
        return order
    return [*order[:ba], verb, *order[ba + 1 : verb], *order[verb + 1 :]]


def _place_item(clause: _Clause) -> bool:
    """A menu-path item with no verb ("系统" in "设置 > 系统 > 重置选项"): a place."""
    verbal = ("op", "pv", "weak")
    return clause.menu_inner and not any(t.kind.split("/")[0] in verbal for t in clause.tokens)


def _file_menu(clauses: list[_Clause], span: list[tuple[str, int, int]]) -> bool:
    """Whether the span is "File" as an item of a menu path ("click File > Add Account", "go
    to File > Options"): the File menu of a desktop app, no files."""
    return any(
        (clauses[number].menu_head or clauses[number].menu_inner)
        and clauses[number].tokens[position].surface == "file"
        for _, number, position in span
    )


def _factory_words(clause: _Clause) -> bool:
    return any(
        "出 厂" in t.surface or "原 厂" in t.surface or t.value == "factory" for t in clause.tokens
    )


def _drops_object(clause: _Clause, clauses: list[_Clause]) -> bool:
    """A Chinese clause whose verb has no object, in a text that names nothing at all: the
    object is the one the conversation is about (zero anaphora), not a word the lexicon lacks."""
    if clause.op == "check" or clause.unknown_slots or clause.aside:
        return False
    if not any(is_cjk(token.surface[:1]) for token in clause.tokens if token.kind != "stop"):
        return False
    return not any(c.objects or c.unknown_slots or _has_unknown(c) for c in clauses)


def _led_by_unknown(clause: _Clause) -> bool:
    first = next((t for t in clause.tokens if t.kind not in ("split", "and", "or", "trail")), None)
    return first is not None and first.kind == "unk" and not first.surface[:1].isdigit()


def _owner_only_zh(clauses: list[_Clause], span: list[tuple[str, int, int]]) -> bool:
    """An alias's last noun is only the owner of the noun after it ("手机的WLAN")."""
    _, number, position = span[-1]
    tokens = clauses[number].tokens
    if tokens[position].kind.split("/")[-1] not in ("obj", "objq"):
        return False
    if not is_cjk(tokens[position].surface[:1]):
        return False
    rest = [t for t in tokens[position + 1 :] if t.kind not in ("stop", "num")]
    return len(rest) >= 2 and rest[0].kind == "de" and rest[1].kind.split("/")[-1] == "obj"


_PIECE_BREAKS = re.compile(r"[,，;；。！？!?\n]+|\.(?:\s|$)")


def _core_normalized(text: str) -> str:
    """The normalised text without its commentary pieces: the wording a reason or a reported
    outcome shares with another text ("Since Quick Repair didn't catch it, ...") is no sign
    that the step is the same."""
    kept: list[str] = []
    pieces = _PIECE_BREAKS.split(text)
    for number, piece in enumerate(pieces):
        clauses = _clauses(lex(piece))
        for clause in clauses:
            _read_clause(clause)
        ahead = number + 1 < len(pieces)
        if clauses and all(_commentary(clause, ahead=ahead) for clause in clauses):
            continue
        kept.append(piece)
    core: str = normalize_solution(", ".join(kept))
    return core or str(normalize_solution(text))


def _updated_owner(
    frame: ActionFrame, items: list[tuple[ActionFrame | None, frozenset[str], int | None]]
) -> ActionFrame:
    """What a reported "updated it" updates: "Cleared Chrome's cache, updated it" updates
    Chrome, "logged out of the Uber app, updated it" the Uber app; a cache or an account is
    never what is updated, their owner is."""
    obj = frame.obj
    if obj is None:
        return frame
    head, _, part = obj.partition(".")
    if not (part and head in _UPDATABLE) and obj != "account":
        return frame
    before = [f for f, *_ in reversed(items) if f is not None and f.obj == obj]
    named = next((f.qualifier for f in before if _named(f.qualifier)), None)
    if part:
        return ActionFrame("update", head, named)
    return ActionFrame("update", "app", named) if named is not None else frame


def _has_unknown(clause: _Clause) -> bool:
    tokens = clause.tokens
    cut = next((i for i, t in enumerate(tokens) if t.kind == "sub"), None)
    if cut is not None:
        # "问问这笔为啥被拒了", "restart it if it is still stuck": what is asked about or the
        # condition is no step to read
        tokens = tokens[:cut]
    return any(token.kind == "unk" for token in tokens)


# -- wrappers: what a text says around its steps ---------------------------------------------
# A clause is commentary, not a step, when it is a reason, a guess or a condition ("Since the
# session may have expired, ...", "可能是路由器卡住了，...": led by a "sub" word), or the
# customer's report of how a step went ("..., nothing happened", "still declined", "it still
# won't charge", "还是连不上"): "still" before any verb, a lead "nothing" / "no ...", "还是" /
# "仍然" with a negation or no verb. A reason that names a step ("Since restarting the router
# didn't help, ...") names it as done, so it is no step of the text either.
_STILL_EN = frozenset({"still"})
_STILL_ZH = ("还是", "仍然", "依然", "依旧", "照样")
_LEAD_SKIP = frozenset({"stop", "and", "or", "split", "trail", "pron"})
_REPORT_SUBJECTS = frozenset({"you", "u", "we"})
# A verbless clause that states how something is ("the 2.4 GHz band is crowded", "it seems
# stuck"): a finding, not a step.
_STATING = frozenset(
    {"is", "are", "was", "were", "looks", "seems", "appears", "sounds", "isnt", "arent"}
)
# A guess about what happens, not a step: "C盘太满会拖慢系统", "固件太旧容易掉线".
_PREDICTION_ZH = re.compile(r"(?<![一等学开待约])会(?![员话计议所长儿])|容易|导致")


def _verb_ahead(clauses: list[_Clause], number: int) -> bool:
    return any(
        t.kind.split("/")[0] in ("op", "pv", "weak")
        for c in clauses[number + 1 :]
        for t in c.tokens
    )


def _which_comment_en12(token: Token | None, segment: Sequence[Token] = ()) -> bool:
    """ "..., which forces a fresh sign-in and sync": a clause led by "which" after a step says
    what the step does or is for, not a step of its own (round 12).

    With the words of the segment (``segment``, from where the clause would start), also what
    a step is said to do or why it may help, after it (round 12, second wave): "this resets the
    chip", "that clears a frozen state" (a pronoun and a verb in the third person), "so macOS
    rebuilds its index", "so sending stops timing out" (a subject of its own after "so"), "in
    case that socket is dead", "sometimes the contacts just need reseating" (a hedge)."""
    if token is not None and token.kind == "rel" and token.surface == "which":
        return True
    words = [t for t in segment if t.kind not in ("and", "split", "trail")]
    if len(words) < 2 or is_cjk(words[0].surface[:1]):
        return False
    first, second = words[0].surface, words[1]
    if first in _HEDGE_LEADS_EN12 or (first, second.surface) == ("in", "case"):
        return True
    if first in ("this", "that", "which", "it") and second.surface in _HEDGED_EFFECT_EN19:
        return True  # "that usually kicks the sync", "this should clear it" (round 19)
    if first in ("this", "that", "which") and _third_person_en12(second):
        # "this resets the chip that manages charging": unreadable, it only says what the step
        # does; one the lexicon reads ("that runs the cleaning cycle") names the step, kept
        said = next((i for i, t in enumerate(words) if t.kind == "sub"), len(words))
        return any(t.kind == "unk" for t in words[2:said])
    if first != "so" or second.kind.split("/")[0] in ("op", "pv", "weak", "nav"):
        return False
    # "so macOS rebuilds its search index": a subject, then its verb in the third person
    verb = next((t for t in words[2:] if t.kind.split("/")[0] in ("op", "pv", "weak")), None)
    return verb is not None and _third_person_en12(verb)


_HEDGE_LEADS_EN12 = frozenset({"sometimes", "often", "usually", "hopefully"})
# A step's effect told with a hedge or a modal after "this" / "that" / "it" (round 19).
_HEDGED_EFFECT_EN19 = _HEDGE_LEADS_EN12 | frozenset(
    {"normally", "typically", "generally", "should", "will", "may", "might"}
)


def _third_person_en12(token: Token) -> bool:
    """A verb in the third person singular ("resets", "frees space", "clears")."""
    if token.kind.split("/")[0] not in ("op", "pv", "weak"):
        return False
    word = token.surface.split()[0]
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))


def _commentary(clause: _Clause, *, ahead: bool = False) -> bool:
    """Whether ``clause`` is commentary; a stated finding counts only with a step ``ahead``
    ("mailbox is full" alone names the step that fixes it)."""
    tokens = clause.tokens
    verbal = ("op", "pv", "weak")
    first = next((t for t in tokens if t.kind not in _LEAD_SKIP or t.surface in _STILL_EN), None)
    if first is None:
        return False
    if first.kind == "sub" or _which_comment_en12(first) or clause.commentary:
        return True  # "since ...", "可能是...", "because ...": why, not what
    has_verb = any(t.kind.split("/")[0] in verbal for t in tokens)
    if first.kind == "not" and not has_verb:
        return True  # "no internet", "not charging"
    if first.kind == "unk" and first.surface == "nothing":
        return True  # "nothing on the screen"
    stating = ahead and clause.link is None and not has_verb
    if stating and any(t.surface in _STATING for t in tokens[1:]):
        return True  # "Channel 6 looks crowded in your building, so ...": a state, no step
    for index, token in enumerate(tokens):
        if token.kind.split("/")[0] in verbal or token.kind == "neg":
            break
        if token.surface in _STILL_EN:
            before = tokens[index - 1].surface if index else ""
            return before not in _REPORT_SUBJECTS  # "it still won't charge", not "you still need"
    words = "".join(t.surface.replace(" ", "") for t in tokens)
    verb_at = next((i for i, t in enumerate(tokens) if t.kind.split("/")[0] in verbal), len(tokens))
    said = "".join(t.surface.replace(" ", "") for t in tokens[:verb_at])
    if "的话" in said and not has_verb:
        return True  # "路由器固件太旧的话": a condition
    if _PREDICTION_ZH.search(said):
        return True  # "C盘太满会拖慢系统", "固件太旧的话容易掉线": a guess, not a step
    if any(still in words for still in _STILL_ZH):
        return not has_verb or any(t.kind == "not" for t in tokens)  # "还是连不上", "还是有条纹"
    return False


def _following_object(clauses: list[_Clause], number: int) -> str | None:
    for clause in clauses[number + 1 : number + 2]:
        mains = [o for o in clause.objects if o.main]
        if mains:
            return mains[0].name
    return None


def _narrows(specific: Step, generic: Step) -> bool:
    """Whether ``generic`` is ``specific`` said without whose: the same op on the bare head
    ("free storage") of the object ``specific`` names with its owner ("free disk storage")."""
    if not generic.frames or not specific.frames:
        return False
    wide = generic.frames[0]
    return wide.obj is not None and any(
        frame.op == wide.op
        and frame.obj is not None
        and frame.obj.endswith("." + wide.obj)
        and qualifiers_compatible(frame.qualifier, wide.qualifier)
        for frame in specific.frames
    )


def _same_step(left: Step, right: Step) -> bool:
    """Whether ``left`` is covered by ``right``: a shared catalog action, or (when either has no
    catalog action) compatible frames. Different catalog actions never cover each other."""
    if left.action_ids and right.action_ids:
        return bool(left.action_ids & right.action_ids)
    return any(frames_compatible(a, b) for a in left.frames for b in right.frames)


def parse_frames(text: str, index: ActionIndex | None = None) -> tuple[ActionFrame, ...]:
    """The main frame of each step of ``text`` (no catalog unless ``index`` is given)."""
    analysis = (index or _EMPTY_INDEX).analyze(text)
    return tuple(step.frames[0] for step in analysis.steps if step.frames)


_EMPTY_INDEX = ActionIndex()


# -- the decision rule ---------------------------------------------------------------------


@dataclass(frozen=True)
class GuardDecision:
    """The outcome for one (candidate, failed) pair: the clause that decided, and whether the
    candidate repeats the failed attempt."""

    same: bool
    rule: str
    part: str  # "identical" | "catalog" | "frame" | "similarity" | "overwhelming"


@dataclass(frozen=True)
class GuardRule:
    """Combines catalog actions, frames and similarity into one decision.

    In order:

    1. identical normalised text -> same (``identical``).
    2. candidate fully read, and every one of its steps covered by a step of the failed text
       (a shared catalog action; or compatible frames where a side has no catalog action) ->
       same (``catalog:<ids>`` / ``frame:<op/obj>``). A candidate that only repeats part of
       a failed multi-step attempt is covered; one that adds a new step is not.
    3. both fully read but not covered -> different (two catalog actions are a hard
       negative), unless the scores are overwhelming (``lexical >= overwhelming_lexical``
       and, where a cosine exists, ``semantic >= overwhelming_semantic``).
    4. not fully read, but each text is one verb on an object: different verbs -> different
       (``op-differs``, same override); the same verb on object words at least
       ``object_words`` alike -> same (``frame:<op>/~<closeness>``).
    5. otherwise ``similarity`` (:class:`EquivalenceRule`: rapidfuzz and cosine). The cosine
       is asked for only here, and, unless ``semantic_for_understood``, only when the
       candidate itself was not fully read (it costs a model call per new candidate).

    ``use_catalog``/``use_frames``/``use_lexical``/``use_semantic`` switch parts off for the
    ablation in ``bench/guard.py``; production keeps them all on.
    """

    similarity: EquivalenceRule = field(default_factory=EquivalenceRule)
    overwhelming_lexical: float = 0.98
    overwhelming_semantic: float = 0.98
    object_words: float = 0.8  # same verb, object words at least this alike -> same action
    use_catalog: bool = True
    use_frames: bool = True
    use_lexical: bool = True
    use_semantic: bool = True
    use_partial: bool = True
    # A step the catalog spells out as part of a covered action (its wording's sub-steps,
    # ActionIndex.elaborations) is not a new step: "forget the network and re-enter the
    # password" repeats "forget the network and rejoin it".
    use_elaborations: bool = True
    # A partly read candidate none of whose steps touches the failed attempt is different.
    partial_disjoint_differs: bool = True
    # Two texts that set something to a value named as a screen names it (quoted, or in
    # capitals: to "Wi-Fi only" / to "No media", to Fixed / to Rotating, 设成“高性能” /
    # 换成“卓越性能”) and name two different ones set two values (_named_values_differ).
    use_named_values: bool = True
    # The cosine costs a model call for every new candidate; a candidate whose actions were
    # read completely is decided without it (measured in bench/guard.py: it adds ~nothing).
    semantic_for_understood: bool = False
    # Optionally also against a failed attempt the lexicon could not read (the actions say
    # nothing there): the cosine is asked for when the wording is at least this alike
    # (rapidfuzz, 0..1). Off (None) by default: at 0.4 it gained 3 dev rows and no held-out
    # row, but with 200 failed attempts on record 30 % of new candidates then called the
    # model, and p95 went from ~3 ms to ~100 ms (bench/guard.py).
    semantic_gate_unread_failed: float | None = None

    def decide(
        self,
        candidate: TextActions,
        failed: TextActions,
        lexical: float | Callable[[], float],
        semantic: Callable[[], float | None],
    ) -> GuardDecision:
        """Decide one pair. ``lexical`` may be a callable and ``semantic`` is one: each is
        called at most once, and only when the rule needs that score."""
        lazy = _Lazy(lexical)
        candidate = candidate.against(failed)
        # A failed attempt that names nothing ("恢复出厂设置", "turned it off and on") was about
        # what the candidate acts on, the same way round.
        failed = failed.against(candidate)
        if (
            candidate.understood
            and not self.semantic_for_understood
            and (failed.understood or not self._gate_open(lazy))
        ):
            semantic = _none
        if candidate.normalized and candidate.normalized == failed.normalized:
            return GuardDecision(True, "identical", "identical")
        structured = self.use_catalog or self.use_frames
        if structured and candidate.understood and failed.steps:
            covered, how = self._covered(candidate.steps, failed.steps)
            if covered and (
                _values_differ(candidate, failed)
                or (self.use_named_values and _named_values_differ(candidate, failed))
            ):
                # "Set the paper size to Letter" after "... to A4": the setting, another value.
                return GuardDecision(False, "value-differs:" + _labels(candidate.steps), how)
            if covered and not _places_compatible(candidate, failed):
                # "... on your laptop" after "... on your phone": the same step, another device.
                return GuardDecision(False, "place-differs:" + _labels(candidate.steps), how)
            if covered and (kinds := _kinds_differ(candidate, failed)):
                # "... for the monitor" / "... the PC tower": the same step on another kind.
                return GuardDecision(False, f"{kinds}-differs:" + _labels(candidate.steps), how)
            if covered and (other := _fb10_differs(candidate, failed)):
                # "... the Google Play Store app" after "... the Spotify app"
                return GuardDecision(False, f"{other}-differs:" + _labels(candidate.steps), how)
            if covered:
                return GuardDecision(True, how, how.split(":", 1)[0])
            if failed.understood:
                if self._overwhelming(lazy, semantic):
                    return GuardDecision(True, self._overwhelming_rule(), "overwhelming")
                return GuardDecision(False, "differs:" + _labels(candidate.steps), how)
        if (
            self.use_partial
            and structured
            and not candidate.complete
            and not candidate.unread_clause
            and candidate.steps
            and failed.steps
            and not failed.unread_clause
        ):
            # Partly read (a word the lexicon lacks), but what was read is exactly the failed
            # attempt, both ways round: every step of each text is a step of the other. The
            # failed attempt may lack a word too ("Removed the Chase Visa from Wallet and added
            # it back"): what it did is still what was read.
            covered, how = self._covered(candidate.steps, failed.steps)
            back, _ = self._covered(failed.steps, candidate.steps)
            if (
                covered
                and back
                and (
                    _values_differ(candidate, failed)
                    or (self.use_named_values and _named_values_differ(candidate, failed))
                )
            ):
                # "把信道设置成自动看看" after "信道改成1": read in part, but another value
                return GuardDecision(False, "value-differs:" + _labels(candidate.steps), "partial")
            if (
                covered
                and back
                and (_kinds_differ(candidate, failed) or _fb10_differs(candidate, failed))
            ):
                return GuardDecision(False, "kind-differs:" + _labels(candidate.steps), "partial")
            if covered and back and _places_compatible(candidate, failed):
                return GuardDecision(True, "partial:" + how, "partial")
            if (
                self.partial_disjoint_differs
                # a partly read failed attempt may have done what the candidate does in the
                # words that were not read: left to the similarity rule
                and failed.understood
                and not self._overlaps(candidate.steps, failed.steps)
            ):
                # Nothing that was read is any step of the failed attempt: a different action.
                # Decided without the cosine, which would cost a model call per new candidate.
                if self._overwhelming(lazy, _none):
                    return GuardDecision(True, self._overwhelming_rule(), "overwhelming")
                return GuardDecision(False, "partial-differs:" + _labels(candidate.steps), how)
        if self.use_frames and candidate.lead_op and failed.lead_op:
            # Not fully read, but each is one verb on an object: a different verb is a
            # different action ("turn on" / "turn off" the same unknown switch); the same verb
            # on near-identical object words is the same one ("关闭夜间模式" / "把夜间模式关掉").
            if candidate.lead_op != failed.lead_op:
                if self._overwhelming(lazy, semantic):
                    return GuardDecision(True, self._overwhelming_rule(), "overwhelming")
                return GuardDecision(
                    False, f"op-differs:{candidate.lead_op}/{failed.lead_op}", "frame"
                )
            closeness = _object_closeness(candidate.lead_object, failed.lead_object)
            if closeness >= self.object_words and (
                _lead_values_differ(candidate, failed)
                or (self.use_named_values and _named_values_differ(candidate, failed))
            ):
                # "Set the print quality to best" after "... to draft": another value
                return GuardDecision(False, f"value-differs:{candidate.lead_op}", "frame")
            if closeness >= self.object_words and (
                kinds := _kinds_differ(candidate, failed, ungated_only=True)
            ):
                # "Turn on SSL for outgoing mail" after "... for incoming mail"
                return GuardDecision(False, f"{kinds}-differs:{candidate.lead_op}", "frame")
            if closeness >= self.object_words and (other := _fb10_differs(candidate, failed)):
                # "开发者选项里把“停用绝对音量”关掉" after "... 打开“停用绝对音量”"
                return GuardDecision(False, f"{other}-differs:{candidate.lead_op}", "frame")
            if closeness >= self.object_words and not candidate.unread_clause:
                return GuardDecision(True, f"frame:{candidate.lead_op}/~{closeness:.2f}", "frame")
        if (
            structured
            and candidate.steps
            and failed.steps
            and self._overlaps(candidate.steps, failed.steps)
            and (
                kinds := _kinds_differ(candidate, failed)
                or (None if _places_compatible(candidate, failed) else "place")
            )
        ):
            # not fully read, but what was read is a step of the failed attempt, on another
            # kind of thing: "re-add the work account in the Outlook app" / "... in iPhone Mail"
            return GuardDecision(False, f"{kinds}-differs:" + _labels(candidate.steps), "frame")
        if structured and (
            _quantities_differ(candidate, failed)
            or _said_values_differ(candidate, failed)
            or _fb11_amounts_differ(candidate, failed)
        ):
            # "paging file: initial 8192 MB" after "... to 4096 MB"; "set the lid-close action
            # to Do nothing when plugged in" after "... to Sleep": words alike, another value
            return GuardDecision(False, "value-differs:unread", "frame")
        if structured and _path_leaves_differ(candidate, failed):
            # "Developer options > Bluetooth audio codec > AAC" after "... > LDAC": the same
            # menu, another choice at its end
            return GuardDecision(False, "leaf-differs", "frame")
        if (
            structured
            and candidate.steps
            and failed.understood
            and _sets_aside(candidate.normalized)
            and not self._overlaps(candidate.steps, failed.steps)
        ):
            # "instead of repairing it, let's create a brand new Outlook profile ...": what was
            # read is no step of the failed attempt, which the candidate sets aside
            return GuardDecision(False, "instead-differs:" + _labels(candidate.steps), "frame")
        if (
            structured
            and not candidate.complete
            and candidate.steps
            and failed.steps
            and _fb10_new_switch(candidate, failed)
        ):
            # "Force stop YouTube and then turn off 'Restricted Mode' in its settings" after
            # "Force stop the YouTube app": a step of the failed attempt and a new one
            return GuardDecision(False, "new-step:switch", "frame")
        return self._similar(lazy, semantic)

    def read_apart(self, candidate: TextActions) -> ReadApart | None:
        """What :meth:`decide` answers for most pairs, without walking the rule: None unless
        ``candidate`` is read in full, or in part with no clause left unread, and no pronoun
        in it dangles (see :class:`ReadApart`)."""
        if not (
            (self.use_catalog or self.use_frames)
            and candidate.normalized
            and candidate.steps
            and not candidate.dangling
        ):
            return None
        if candidate.understood:
            return ReadApart(self, candidate, partly=False)
        if self.use_partial and self.partial_disjoint_differs and not candidate.unread_clause:
            return ReadApart(self, candidate, partly=True)
        return None

    def _gate_open(self, lexical: _Lazy) -> bool:
        gate = self.semantic_gate_unread_failed
        return gate is not None and self.use_lexical and lexical() >= gate

    def _covered(self, steps: Sequence[Step], others: Sequence[Step]) -> tuple[bool, str]:
        via_catalog: list[str] = []
        via_frame: list[str] = []
        hits: list[Step] = []
        missed: list[Step] = []
        for step in steps:
            hit = False
            for other in others:
                if self.use_catalog and step.action_ids and other.action_ids:
                    shared = step.action_ids & other.action_ids
                    if shared and _other_names(step, other):
                        continue  # one catalog action on two named things ("Spotify" / "Zoom")
                    if shared:
                        via_catalog.append("|".join(sorted(shared)))
                        hit = True
                        break
                    continue  # two different catalog actions: a hard negative
                if not self.use_frames:
                    continue
                # Two steps done the same way are not one step unless one side's main action
                # is that way: "turn the headphones off by holding the power button" is not
                # "reset them by holding the power and custom buttons".
                pair = next(
                    (
                        (a, b)
                        for i, a in enumerate(step.frames)
                        for j, b in enumerate(other.frames)
                        if (i == 0 or j == 0) and frames_compatible(a, b)
                    ),
                    None,
                )
                if pair is None and step.frames and other.also_did:
                    # what the other step also did, one way only ("update the driver" after
                    # "uninstall it, then install the latest one")
                    pair = next(
                        (
                            (step.frames[0], b)
                            for b in other.also_did
                            if frames_compatible(step.frames[0], b)
                        ),
                        None,
                    )
                if pair is not None:
                    via_frame.append(pair[0].label())
                    hit = True
                    break
            (hits if hit else missed).append(step)
        if missed:
            # Every step not covered must be a sub-step of an action that is: of a step of the
            # other text, or of a covered step of this one. At least one step must be covered.
            anchors = [*others, *hits]
            if not (
                self.use_elaborations
                and self.use_catalog
                and hits
                and all(any(_elaborates(step, a) for a in anchors) for step in missed)
            ):
                return False, "catalog" if self.use_catalog else "frame"
            via_catalog.append("elaboration(" + _labels(missed) + ")")
        if via_frame:
            return True, "frame:" + "+".join([*via_catalog, *via_frame])
        return True, "catalog:" + "+".join(via_catalog)

    def _overlaps(self, steps: Sequence[Step], others: Sequence[Step]) -> bool:
        """Whether any step shares a catalog action or a compatible frame with any other."""
        for step in steps:
            for other in others:
                if step.action_ids & other.action_ids:
                    return True
                if any(frames_compatible(a, b) for a in step.frames for b in other.frames):
                    return True
        return False

    def _overwhelming(self, lexical: _Lazy, semantic: Callable[[], float | None]) -> bool:
        if not self.use_lexical or lexical() < self.overwhelming_lexical:
            return False
        if not self.use_semantic:
            return True
        cosine = semantic()
        return cosine is None or cosine >= self.overwhelming_semantic

    def _overwhelming_rule(self) -> str:
        return (
            f"overwhelming:lexical>={self.overwhelming_lexical:.2f}"
            f"&semantic>={self.overwhelming_semantic:.2f}"
        )

    def _similar(self, lexical: _Lazy, semantic: Callable[[], float | None]) -> GuardDecision:
        if not self.use_lexical and not self.use_semantic:
            return GuardDecision(False, "not-understood", "similarity")
        cosine = semantic() if self.use_semantic else None
        if self.use_lexical:
            clause = self.similarity.decide(lexical(), cosine)
        elif cosine is not None and cosine >= self.similarity.combined_semantic:
            # Embedding alone: only the semantic clauses, the lexical score counted as zero.
            clause = self.similarity.decide(0.0, cosine)
        else:
            clause = None
        if clause is None:
            return GuardDecision(False, "dissimilar", "similarity")
        return GuardDecision(True, clause, "similarity")


class ReadApart:
    """:meth:`GuardRule.decide` for one candidate against many failed attempts, where the rule
    reads two different actions.

    The failed attempt must be read in full (no pronoun dangling, another text). A candidate
    read in full whose steps it does not cover is ``differs:<steps>`` (the rule's step 3); a
    candidate read in part (no clause left unread) that covers none of it and shares no step
    with it is ``partial-differs:<steps>``. Either way only a lexical score at or above
    :attr:`overwhelming_lexical` could still make the pair a block. :meth:`decision_for`
    gives the answer, or None where the rule must be walked; the caller walks it too where
    the lexical score reaches :attr:`overwhelming_lexical`. With 200 failed attempts on
    record more than eight pairs in ten are such pairs (``bench/README.md``, "Round 24");
    walking the rule for each was about half of the guard's time per candidate.
    """

    __slots__ = (
        "_decision",
        "_ids",
        "_normalized",
        "_partly",
        "_rule",
        "_steps",
        "overwhelming_lexical",
    )

    def __init__(self, rule: GuardRule, candidate: TextActions, *, partly: bool) -> None:
        self._rule = rule
        self._partly = partly
        self._steps = candidate.steps
        self._normalized = candidate.normalized
        # Read in full, every step a catalog action: coverage is a set intersection.
        self._ids = candidate.action_ids if rule.use_catalog and not partly else None
        rule_text = ("partial-differs:" if partly else "differs:") + _labels(candidate.steps)
        # the part GuardRule._covered names for steps it finds not covered
        self._decision = GuardDecision(False, rule_text, "catalog" if rule.use_catalog else "frame")
        # None: the rule's lexical part is off, and wording never makes the pair a block
        self.overwhelming_lexical: float | None = (
            rule.overwhelming_lexical if rule.use_lexical else None
        )

    def decision_for(self, failed: TextActions) -> GuardDecision | None:
        """The rule's answer for this pair if its lexical score is below
        :attr:`overwhelming_lexical`; None where the rule must be walked."""
        if (
            failed.dangling
            or not failed.complete
            or not failed.steps
            or failed.normalized == self._normalized
        ):
            return None
        if self._ids is not None and (ids := failed.action_ids) is not None:
            # every step of each a catalog action: only a shared one covers a step
            return None if not ids.isdisjoint(self._ids) else self._decision
        rule = self._rule
        if rule._covered(self._steps, failed.steps)[0]:
            return None
        if self._partly and (failed.unread_clause or rule._overlaps(self._steps, failed.steps)):
            return None
        return self._decision


class _Lazy:
    """A score given as a number or as a callable, computed at most once."""

    __slots__ = ("_source", "_value")

    def __init__(self, source: float | Callable[[], float]) -> None:
        self._source = source
        self._value: float | None = None

    def __call__(self) -> float:
        if self._value is None:
            source = self._source
            self._value = float(source()) if callable(source) else float(source)
        return self._value


def _other_names(step: Step, other: Step) -> bool:
    """Whether the two steps name different things ("the Spotify app" / "the Zoom app")."""
    mine, theirs = (
        {f.qualifier for f in s.frames if f.qualifier and f.qualifier.startswith(NAME_PREFIX)}
        for s in (step, other)
    )
    return bool(mine and theirs and not _same_named(mine, theirs))


def _sub_step(frame: ActionFrame, action: ActionFrame) -> bool:
    """Whether ``frame``, read in a catalog wording of ``action``, can be one of its sub-steps.

    Not a preparatory or weak verb ("open Settings", "use the browser"), and not another
    operation on the action's own object: "reset the router ... then set it up again" does
    not make every later step on the router part of the reset, and that is where the hard
    negatives are ("restart" vs "factory-reset" the router).
    """
    if frame == action or frame.op in _PREPARATORY_OPS or frame.op in ("use", "run"):
        return False
    same_object = frame.obj is not None and action.obj is not None
    return not (same_object and objects_compatible(frame.obj, action.obj))


def _elaborates(step: Step, anchor: Step) -> bool:
    """Whether ``step`` is one of the sub-steps the catalog spells out for ``anchor``'s actions."""
    if step.action_ids & anchor.elaboration_ids:
        return True
    return any(frames_compatible(a, b) for a in step.frames for b in anchor.elaborations)


def _none() -> float | None:
    return None


# The device a step is done on: "on your iPhone", "在笔记本上", "电脑上".
_EN_PLACE = re.compile(
    r"\b(?:on|from|in)\s+(?:your|the|this|my|a|an|their|his|her)?\s*(?:other\s+)?(?:windows\s+)?"
    r"(iphone|android phone|smartphone|cell phone|phone|ipad|tablet|laptop|notebook|macbook|"
    r"chromebook|imac|desktop pc|desktop|pc|computer|mac)\b"
)
_ZH_PLACE = re.compile(
    r"(iphone|ipad|imac|macbook|安卓手机|苹果手机|手机|平板电脑|平板|笔记本电脑|笔记本|笔电|台式电脑|"
    r"台式机|桌机|电脑)"
    # "电脑的 Outlook 里": in an app on it; "换笔电那台试": the other device tried on
    r"\s*(?:的\s*[a-z0-9 ]{2,16}?\s*)?(?:上|里|端|那台|这台"
    # round 12: an app's version for it (电脑版微信), its radios (手机无线网, 手机的 wlan, 手机蓝牙)
    r"|版|(?=\s*(?:的\s*)?(?:wlan|wi\s?fi|无线|蓝牙|热点|移动数据)))"
)
_PLACE_KINDS = {
    **dict.fromkeys(("iphone", "android phone", "smartphone", "cell phone", "phone"), "phone"),
    **dict.fromkeys(("安卓手机", "苹果手机", "手机"), "phone"),
    **dict.fromkeys(("ipad", "tablet", "平板电脑", "平板"), "tablet"),
    **dict.fromkeys(
        ("laptop", "notebook", "macbook", "chromebook", "笔记本电脑", "笔记本", "笔电"), "laptop"
    ),
    **dict.fromkeys(("imac", "desktop pc", "desktop", "台式电脑", "台式机", "桌机"), "desktop"),
    **dict.fromkeys(("pc", "computer", "mac", "电脑"), "computer"),
}


# A clause that leaves a device alone ("手机上的先不动", "leave the phone as it is") names no
# place the step is done on; nor does a reply's opening reason ("Since the phone ...,").
_LEFT_ALONE = re.compile(
    r"先不动|不用动|别动|不要动|先别管|不用管|先放着"
    r"|\bleave\b.*\b(?:alone|as it is|as is)\b|\bdon'?t touch\b|\bno need to touch\b"
)


def _place_words(text: TextActions) -> str:
    return _place_words_of(text.text, text.normalized)


@lru_cache(maxsize=16384)
def _place_words_of(text: str, normalized: str) -> str:
    raw = unicodedata.normalize("NFKC", text).casefold()
    if not _LEFT_ALONE.search(raw) and not _REASON_CLAUSE.match(raw):
        return normalized
    raw = _REASON_CLAUSE.sub("", raw, count=1)
    kept = [part for part in re.split(r"[,;!?。]", raw) if not _LEFT_ALONE.search(part)]
    return normalize_solution(" ".join(kept)) or normalized


def _places(text: TextActions) -> frozenset[str]:
    return _places_in(_place_words(text))


@lru_cache(maxsize=16384)
def _places_in(words: str) -> frozenset[str]:
    """The devices ``words`` name a step done on (once per text, not per pair)."""
    found = [m.group(1) for m in _EN_PLACE.finditer(words)]
    found += [m.group(1) for m in _ZH_PLACE.finditer(words)]
    more = {kind for pattern, kind in (*_MORE_PLACES, *_FB9_PLACES) if re.search(pattern, words)}
    return frozenset(_PLACE_KINDS[word] for word in found) | more


def _places_compatible(candidate: TextActions, failed: TextActions) -> bool:
    """Whether the devices the two texts are done on can be the same one.

    A text that names none fits anything; "computer" fits a laptop or a desktop; otherwise
    they must name one kind in common (a phone is not a laptop, a laptop is not an iMac).
    """
    mine, theirs = _places(candidate), _places(failed)
    if not mine or not theirs or mine & theirs:
        return True
    computers = {"computer", "laptop", "desktop"}
    return any(
        a in computers and b in computers and "computer" in (a, b) for a in mine for b in theirs
    )


# The same step on another kind of thing, said in words no frame reads as its object: the
# device plugged into another outlet ("... for the monitor" / "plug the PC tower into ..."),
# the scanner and the kind of scan run ("a Quick scan in Defender" / "a Defender Offline
# scan" / "a Malwarebytes scan"), whose billing address is updated (the shop's / the bank's).
# Each: when a step of both texts is (what the gate says), the kinds each text names, and the
# candidate names one the failed text does not (_SUPERSET_KINDS) or none of them -> another
# step (a text naming none fits all).
_OUTLET_DEVICES = (
    (r"\bmonitors?\b|\bdisplay\b|显示器|屏幕", "monitor"),
    (r"\b(?:pc\s+)?tower\b|\bdesktop(?:\s+pc)?\b|台式机|台式电脑|主机", "desktop"),
    (r"\blaptop\b|\bnotebook\b|\bmacbook\b|笔记本", "laptop"),
    (r"\b(?:pc|computer)\b(?!\s+tower)|(?<!笔记本)电脑(?!主机)", "computer"),
    (r"\brouter\b|路由器|路由", "router"),
    (r"\bmodem\b|光猫|\bont\b", "modem"),
    (r"\bprinter\b|打印机", "printer"),
    (r"\btv\b|\btelevision\b|电视", "tv"),
    (r"\b(?:phone|iphone)\b|手机", "phone"),
    (r"\bconsole\b|\bxbox\b|\bplaystation\b|\bps5\b|游戏机", "console"),
    (r"\bsoundbar\b|\bspeakers?\b|音箱|音响|回音壁", "speaker"),
    (r"\bextender\b|\brepeater\b|\bmesh (?:node|point)\b|扩展器|中继器", "extender"),
    (r"\b(?:set-top|cable|tv) box\b|机顶盒", "set_top_box"),
    (r"\b(?:fire|streaming) stick\b|\broku\b|\bchromecast\b|\bapple tv\b|电视盒子", "streamer"),
)
_SCANNERS = (
    (r"\bdefender\b|\bwindows security\b|windows\s*安全中心|windows\s*安全", "defender"),
    (r"\bmalwarebytes\b", "malwarebytes"),
    (r"\bnorton\b|诺顿", "norton"),
    (r"\bmcafee\b|迈克菲", "mcafee"),
    (r"\bavast\b", "avast"),
    (r"\bavg\b", "avg"),
    (r"\bkaspersky\b|卡巴斯基", "kaspersky"),
    (r"\bbitdefender\b", "bitdefender"),
    (r"\beset\b", "eset"),
    (r"360\s*(?:安全卫士|杀毒)", "360"),
    (r"火绒", "huorong"),
    (r"电脑管家", "tencent"),
)
_SCAN_KINDS = (
    (r"\bquick(?:\s+\w+)?\s+scan\b|快速扫描|快速查杀|快扫", "quick"),
    (
        r"\bfull(?:\s+\w+){0,2}\s+scan\b|\bscan\s+(?:the\s+)?(?:whole|entire)\b"
        r"|全盘|全面扫描|完整扫描|全面查杀",
        "full",
    ),
    (
        r"\boffline\s+scan\b|\bdefender offline\b|脱机扫描|离线扫描"
        r"|(?:脱机|离线)版?(?:扫描|查杀)|defender\s*(?:脱机|离线)",  # FB12: 脱机版扫描
        "offline",
    ),
    (r"\bcustom\s+scan\b|自定义扫描", "custom"),
    (r"\bboot[- ]?time\s+scan\b", "boot_time"),
)
# What a scan looks for: malware, the disk's errors (chkdsk).
_SCAN_TARGETS = (
    (
        r"malware|virus|viruses|antivirus|anti-virus|trojan|spyware|defender|windows security"
        r"|malwarebytes|norton|mcafee|avast|kaspersky|bitdefender|病毒|杀毒|恶意软件|木马|查杀",
        "malware",
    ),
    (r"\bchkdsk\b|\bcheck disk\b|\b(?:disk|drive) for errors\b|磁盘检查|磁盘错误", "disk"),
)
# The make of phone a step is done on: an iPhone is not an Android phone ("phone" fits both).
_PHONE_MAKES = (
    (r"\biphone\b|\bios\b|苹果手机", "iphone"),
    (
        r"\bandroid\b|\bpixel\b(?!\s+(?:buds|watch|tablet))|\bgalaxy\b(?!\s+(?:buds|watch|tab))"
        r"|\bsamsung\s+(?:phone|galaxy)\b|\boneplus\b|\bxiaomi\b|\bredmi\b|安卓"
        r"|(?:华为|小米|oppo|vivo|荣耀|三星)手机",
        "android",
    ),
)
# Which mail server a setting is for: incoming (IMAP / POP) is not outgoing (SMTP).
_MAIL_DIRECTIONS = (
    (r"\bincoming\b|\bimap\b|\bpop3?\b|收件服务器|接收服务器|收信服务器", "incoming"),
    (r"\boutgoing\b|\bsmtp\b|发件服务器|发送服务器|发信服务器", "outgoing"),
)
# Which detail of a card is checked: the expiry date is not the CVV.
_CARD_DETAILS = (
    (r"\bexpir(?:y|ation|es)\b|\bexp(?:iry)? date\b|\bvalid thru\b|有效期|到期", "expiry"),
    (r"\bcvv2?\b|\bcvc\b|\bsecurity code\b|安全码|背面三位|后三位", "cvv"),
    (r"\bcard number\b|\blong number\b|卡号", "number"),
    (r"\bname on (?:the )?card\b|\bcardholder name\b|持卡人姓名", "name"),
)
# Whose account: the work / school one is not the personal one; a provider's name may stand
# between ("the work Microsoft 365 account", "your personal outlook.com account", round 11).
_NAMED_BETWEEN = (
    r"(?:(?:outlook|microsoft|office|google|gmail|apple|icloud|yahoo|365|website)(?:\.com)?\s+)"
    r"{0,2}"
)
_ACCOUNT_KINDS = (
    (
        r"\b(?:work|school|office|corporate|company|business)\s+(?:or\s+school\s+)?"
        rf"{_NAMED_BETWEEN}(?:account|email|e-mail|profile|mailbox|login)\b"
        r"|工作账号|工作邮箱|公司账号|公司邮箱",
        "work",
    ),
    (
        rf"\b(?:personal|private|home)\s+{_NAMED_BETWEEN}(?:account|email|e-mail|profile|mailbox)\b"
        r"|个人账号|个人邮箱|私人账号|私人邮箱",
        "personal",
    ),
)
# Which paper tray.
_TRAYS = (
    (r"\btray\s*(?:1|one)\b|纸盒\s*(?:1|一)|纸盘\s*(?:1|一)|1号纸盒", "tray1"),
    (r"\btray\s*(?:2|two)\b|纸盒\s*(?:2|二)|纸盘\s*(?:2|二)|2号纸盒", "tray2"),
    (r"\btray\s*(?:3|three)\b|纸盒\s*(?:3|三)|3号纸盒", "tray3"),
    (r"\b(?:manual feed|bypass|rear|multi-?purpose)\s+(?:tray|slot)\b|手动进纸|后进纸", "manual"),
)
# Which side: the left earbud is not the right one.
_SIDES = (
    (
        r"\bleft\s+(?:earbud|earbuds|airpod|bud|ear|earpiece|headphone|speaker)\b|左耳|左边(?:的)?耳机",
        "left",
    ),
    (
        r"\bright\s+(?:earbud|earbuds|airpod|bud|ear|earpiece|headphone|speaker)\b|右耳|右边(?:的)?耳机",
        "right",
    ),
)
# Which connector a port or cable is: a USB port is not an HDMI port.
_PORT_KINDS = (
    (r"\busb(?![- ]?c\b)\b", "usb"),
    (r"\busb[- ]?c\b|\btype[- ]?c\b|\bthunderbolt\b", "usb_c"),
    (r"\bhdmi\b", "hdmi"),
    (r"\bethernet\b|\blan\b|网线|网口", "ethernet"),
    (r"\bdisplay\s*port\b|\bdp\b", "displayport"),
    (r"\blightning\b", "lightning"),
)
# What is plugged into another port: the printer is not the mouse.
_PLUGGED = (
    (r"\bprinter\b|打印机", "printer"),
    (r"\bmouse\b|鼠标", "mouse"),
    (r"\bkeyboard\b|键盘", "keyboard"),
    (r"\bwebcam\b|\bcamera\b|摄像头", "camera"),
    (r"\bheadset\b|\bheadphones\b|耳机", "headset"),
    (r"\b(?:flash|usb|external|hard)\s+drive\b|\bthumb drive\b|u盘|移动硬盘", "drive"),
    (r"\bcontroller\b|手柄", "controller"),
    (r"\bmonitor\b|显示器", "monitor"),
    (r"\bdock\b|\bhub\b|扩展坞", "dock"),
)
# What is synced: the photos are not the contacts.
_SYNCED = (
    (r"\bphotos\b|照片|相册", "photos"),
    (r"\bcontacts\b|通讯录|联系人", "contacts"),
    (r"\bcalendars?\b|日历", "calendar"),
    (r"\bnotes\b|备忘录", "notes"),
    (r"\breminders\b|提醒事项", "reminders"),
    (r"\bmessages\b|短信", "messages"),
    (r"\bicloud drive\b|\bdrive\b|云盘", "drive"),
    (r"\bbookmarks\b|书签", "bookmarks"),
)
# Which cartridge: the black one is not the colour one (a text naming both fits either).
_INK_COLOURS = (
    (r"\bblack\b|\bblk\b|\bmono(?:chrome)?\b|黑色|黑墨", "black"),
    (
        r"\bcolou?rs?\b|\btri-?colou?r\b|\bcyan\b|\bmagenta\b|\byellow\b"
        r"|彩色|彩墨|三色|青色|品红|黄色",
        "colour",
    ),
)
# What the Bluetooth is switched on: the car's head unit is not the phone.
_BLUETOOTH_HOSTS = (
    (
        r"\bcar(?:'s)?\b|\bhead unit\b|\bcarplay\b|\bandroid auto\b|\binfotainment\b"
        r"|\bcar stereo\b|车机|车载|汽车|车上|中控",
        "car",
    ),
    (r"\b(?:phone|iphone|smartphone)\b|手机", "phone"),
    (r"\b(?:laptop|pc|computer|macbook)\b|电脑|笔记本", "computer"),
)
# Which box is power-cycled: the modem (光猫) is not the router behind it.
_ROUTER_BOXES = (
    (r"\brouter\b|路由器|路由", "router"),
    (r"\bmodem\b|\bont\b|光猫", "modem"),
    (
        # FB12: a mesh system's satellite (Orbi, Deco) is its extender, not the router
        r"\bextender\b|\brepeater\b|\bmesh (?:node|point|unit)\b|\bsatellites?\b"
        r"|扩展器|中继器|子路由|卫星",
        "extender",
    ),
)
# What a reset of the PC keeps: 'Keep my files' is not 'Remove everything'.
_RESET_OPTIONS = (
    (r"\bkeep(?:ing)? (?:my|your|the|all)? ?(?:personal )?files\b|保留(?:我的)?文件", "keep"),
    (r"\bremove everything\b|\b(?:wipe|erase) everything\b|删除所有内容|删除全部", "remove"),
)
# Which mail app the account is in: the iPhone's Mail app is not Outlook.
_MAIL_CLIENTS = (
    (
        r"\b(?:iphone|ipad|ios|apple|mac|macos)(?:'s)?\s+mail\b|\bapple mail\b"
        r"|(?:iphone|苹果)(?:自带的?)?邮件",
        "apple_mail",
    ),
    (r"\boutlook\b", "outlook"),
    (r"\bgmail app\b|gmail\s*(?:应用|客户端)", "gmail_app"),
    (r"\bthunderbird\b", "thunderbird"),
    (r"\bfoxmail\b", "foxmail"),
    (r"邮箱大师", "mail_master"),
)
# Which way Office is repaired: Quick Repair is not Online Repair.
_REPAIR_KINDS = (
    (r"\bquick repair\b|快速修复", "quick"),
    (r"\bonline repair\b|联机修复|在线修复", "online"),
)
# Which kind of card: the debit card is not the credit card.
_CARD_KINDS = (
    (r"\bdebit\b|借记卡|储蓄卡", "debit"),
    (r"\bcredit\b(?!\s+(?:balance|limit|score))|信用卡", "credit"),
    (r"\bprepaid\b|预付卡", "prepaid"),
)
_BILLING_OWNERS = (
    *_PAYMENT_SERVICES,
    (r"\b(?:bank|card issuer|issuer|issuing bank|credit union)\b|银行|发卡行", "bank"),
    (r"\b(?:ebay|apple store|steam|uber|walmart)\b|淘宝|京东|拼多多", "shop"),
)
_COMPUTER_KINDS = frozenset({"laptop", "desktop"})


def _outlet_step(step: Step) -> bool:
    return "power.try_other_outlet" in step.action_ids or any(
        frame.obj == "power_outlet" for frame in step.frames
    )


def _scan_step(step: Step) -> bool:
    return "slow.malware_scan" in step.action_ids or any(
        frame.op == "scan" for frame in step.frames
    )


def _billing_step(step: Step) -> bool:
    return any(frame.obj == "billing.address" for frame in step.frames)


def _browsing_step(step: Step) -> bool:
    return bool(step.action_ids & {"login.clear_cookies", "login.clear_browser_cache"}) or any(
        frame.obj in ("cookies", "history", "cache", "extensions")
        or (frame.obj or "").startswith("browser.")
        for frame in step.frames
    )


def _port_step(step: Step) -> bool:
    return any((frame.obj or "").rsplit(".", 1)[-1] in ("port", "cable") for frame in step.frames)


def _sync_step(step: Step) -> bool:
    return any((frame.obj or "").endswith("sync") for frame in step.frames)


def _ink_step(step: Step) -> bool:
    return "printer.replace_ink" in step.action_ids or any(
        frame.obj == "ink_cartridge" for frame in step.frames
    )


def _bluetooth_step(step: Step) -> bool:
    return any(i.startswith("bluetooth.") for i in step.action_ids) or any(
        (frame.obj or "").startswith("bluetooth") for frame in step.frames
    )


def _router_restart_step(step: Step) -> bool:
    return "router.restart" in step.action_ids or any(
        frame.op == "restart" and frame.obj in ("router", "modem") for frame in step.frames
    )


def _pc_reset_step(step: Step) -> bool:
    return any(frame.op == "reset" and frame.obj == "computer" for frame in step.frames)


def _mail_account_step(step: Step) -> bool:
    return any(i.startswith("email.") for i in step.action_ids) or any(
        (frame.obj or "").startswith("email") for frame in step.frames
    )


def _card_step(step: Step) -> bool:
    return any(i.startswith("payment.") for i in step.action_ids) or any(
        (frame.obj or "").startswith("card") for frame in step.frames
    )


def _card_details_step(step: Step) -> bool:
    return "payment.check_card_details" in step.action_ids or any(
        frame.obj == "card.details" for frame in step.frames
    )


# -- FB9: which thing the same step is done on -----------------------------------------------
# Browsers and mail apps named in words the round-7 tables lacked.
_FB9_BROWSERS = (
    (r"(?<![a-z])samsung internet(?![a-z])|三星浏览器", "samsung_internet"),
    (r"(?<![a-z])duckduckgo(?![a-z])", "duckduckgo"),
    (r"(?<![a-z])vivaldi(?![a-z])", "vivaldi"),
)
_FB9_MAIL_CLIENTS = (
    (
        r"\b(?:iphone|ipad|ios|apple|mac)(?:'s)?\s+(?:built-?\s?in|native|stock|default)\s+mail\b",
        "apple_mail",
    ),
)
# Whose saved credentials are cleared: Outlook's are not those of a file share or a VPN.
_CREDENTIAL_TARGETS = (
    (r"\boutlook\b|\bexchange\b|\bmicrosoftoffice\d*\b|\boffice\b", "outlook"),
    (r"\bteams\b", "teams"),
    (r"\bonedrive\b", "onedrive"),
    (r"\\\\[a-z0-9]|\bfile share\b|\bnetwork (?:share|drive)\b|\bmapped drive\b|\bnas\b", "share"),
    (r"\bgit(?:hub|lab)?\b", "git"),
    (r"\bvpn\b", "vpn"),
    (r"\bremote desktop\b|\brdp\b|\btermsrv\b", "rdp"),
    (r"\bprinter\b", "printer"),
)
# Which folder is emptied for space: the user's %temp% is not C:\Windows\Temp.
_CLEANED_FOLDERS = (
    (
        r"%temp%|%tmp%|appdata\\local\\temp|\buser(?:'s)? temp\b|\byour temp\b"
        r"|%localappdata%\\temp",
        "user_temp",
    ),
    (r"windows\\temp\b|\bsystem temp\b|\bwindows temp\b", "system_temp"),
    (r"\bprefetch\b", "prefetch"),
    (r"softwaredistribution|\bwindows update cache\b", "update_cache"),
    (r"\bdownloads\b", "downloads"),
    (r"\brecycle bin\b|\btrash\b|回收站", "recycle_bin"),
)


def _credentials_step(step: Step) -> bool:
    return any((frame.obj or "").startswith("credential") for frame in step.frames)


def _disk_cleanup_step(step: Step) -> bool:
    return "slow.free_disk" in step.action_ids or any(
        frame.obj in ("disk.storage", "temp_files") for frame in step.frames
    )


_KIND_CHECKS: tuple[tuple[str, Callable[[Step], bool] | None, tuple[tuple[str, str], ...]], ...] = (
    ("device", _outlet_step, _OUTLET_DEVICES),
    ("scanner", _scan_step, _SCANNERS),
    ("scan", _scan_step, _SCAN_KINDS),
    ("scan-target", _scan_step, _SCAN_TARGETS),
    ("owner", _billing_step, _BILLING_OWNERS),
    ("browser", _browsing_step, _BROWSER_NAMES),
    ("card-detail", _card_details_step, _CARD_DETAILS),
    ("connector", _port_step, _PORT_KINDS),
    ("plugged", _port_step, _PLUGGED),
    ("synced", _sync_step, _SYNCED),
    ("ink", _ink_step, _INK_COLOURS),
    ("host", _bluetooth_step, _BLUETOOTH_HOSTS),
    ("box", _router_restart_step, _ROUTER_BOXES),
    ("reset-option", _pc_reset_step, _RESET_OPTIONS),
    ("card", _card_step, _CARD_KINDS),
    ("mail-app", _mail_account_step, _MAIL_CLIENTS),
    # (no gate: whatever the step, on another make of phone / for the other mail server)
    ("phone", None, _PHONE_MAKES),
    ("server", None, _MAIL_DIRECTIONS),
    ("account", None, _ACCOUNT_KINDS),
    ("tray", None, _TRAYS),
    ("side", None, _SIDES),
    ("repair", None, _REPAIR_KINDS),
)
_KIND_CHECKS = (
    *_KIND_CHECKS,
    ("browser", _browsing_step, (*_BROWSER_NAMES, *_FB9_BROWSERS)),
    ("mail-app", _mail_account_step, (*_MAIL_CLIENTS, *_FB9_MAIL_CLIENTS)),
    ("credentials", _credentials_step, _CREDENTIAL_TARGETS),
    ("folder", _disk_cleanup_step, _CLEANED_FOLDERS),
)


# A reply's opening reason ("Since the debit card is set up correctly, could you ...",
# "既然手机上的没用，...") names what was already done, not what the step is done on.
_REASON_CLAUSE = re.compile(
    r"^\s*(?:since|as|because|given that|now that|seeing that)\b[^,;]*[,;]\s*"
    r"|^\s*(?:既然|因为|由于)[^，,；;]*[，,；;]\s*"
)


@lru_cache(maxsize=8192)
def _kind_words(text: str) -> str:
    """The words a text names kinds in, without its opening reason (once per text, not per
    pair and kind table)."""
    words = unicodedata.normalize("NFKC", text).casefold()
    words = _REASON_CLAUSE.sub("", words, count=1) or words
    # FB12: what a step is done on "instead of" is not what it is done on
    return _FB12_INSTEAD_OF.sub(" ", words) or words


def _kinds_named(text: TextActions, kinds: tuple[tuple[str, str], ...]) -> frozenset[str]:
    return _kinds_in(_kind_words(text.text), kinds)


@lru_cache(maxsize=16384)
def _kinds_in(words: str, kinds: tuple[tuple[str, str], ...]) -> frozenset[str]:
    """The kinds of ``kinds`` that ``words`` name (once per text and table, not per pair)."""
    return frozenset(kind for pattern, kind in kinds if re.search(pattern, words, re.ASCII))


def _kinds_differ(
    candidate: TextActions, failed: TextActions, *, ungated_only: bool = False
) -> str | None:
    """What the candidate does the same step on that the failed text does not name (None when
    nothing): see _KIND_CHECKS. ``ungated_only``: only the checks that need no step read."""
    for what, gate, kinds in _KIND_CHECKS:
        if gate is not None and (
            ungated_only or not any(map(gate, candidate.steps)) or not any(map(gate, failed.steps))
        ):
            continue
        mine, theirs = _kinds_named(candidate, kinds), _kinds_named(failed, kinds)
        if not mine or not theirs:
            continue
        if "computer" in theirs:
            theirs |= _COMPUTER_KINDS
        if theirs & _COMPUTER_KINDS:
            theirs |= {"computer"}
        if (mine - theirs) if what in _SUPERSET_KINDS else not mine & theirs:
            return what
    return None if ungated_only else _first_kinds_differ(candidate, failed)


# FB9: checks where the thing named first is the one the step is done on, whatever else a
# text names after it ("the power cable at the back of the monitor, the tower seems to be
# getting power"; "把蓝牙音箱长按电源键关机，再重新开机")
_POWERED_DEVICES = (
    (r"\bmonitors?\b|\bdisplay\b|\bscreen\b|显示器", "monitor"),
    (r"\bdock\b|\bdocking station\b|\busb-?c? hub\b|扩展坞", "dock"),
    (
        r"\btower\b|\bdesktop\b|\bpc\b|\bcomputer\b|\blaptop\b|\bmacbook\b|\bimac\b|主机|电脑",
        "computer",
    ),
    (r"\bprinter\b|打印机", "printer"),
    (r"\brouter\b|路由器", "router"),
    (r"\bmodem\b|光猫", "modem"),
    (r"\btv\b|\btelevision\b|电视", "tv"),
    (r"\bspeakers?\b|\bsoundbar\b|音箱|音响", "speaker"),
)
_RESTARTED_DEVICES = (
    (r"\b(?:phone|iphone|smartphone|mobile)\b|手机", "phone"),
    (r"\bspeakers?\b|\bsoundbar\b|音箱|音响", "speaker"),
    (r"\b(?:headphones|headset|earbuds|airpods|buds)\b|耳机|耳麦", "headphones"),
    (r"\b(?:laptop|pc|computer|macbook|desktop)\b|电脑|笔记本", "computer"),
    (r"\b(?:tv|television)\b|电视", "tv"),
    (r"\bprinter\b|打印机", "printer"),
    (r"\b(?:router|modem)\b|路由器|光猫", "router"),
    (r"\b(?:watch)\b|手表", "watch"),
)


def _power_cable_step(step: Step) -> bool:
    return any(frame.obj in ("power.cable", "cable") for frame in step.frames)


def _device_restart_step(step: Step) -> bool:
    """A restart of something the lexicon read only as "the device"."""
    return any(frame.op == "restart" and frame.obj == "device" for frame in step.frames)


def _restart_step(step: Step) -> bool:
    return any(frame.op == "restart" for frame in step.frames)


def _first_kind(text: TextActions, kinds: tuple[tuple[str, str], ...]) -> str | None:
    words = _kind_words(text.text)
    first: tuple[int, str] | None = None
    for pattern, kind in kinds:
        found = re.search(pattern, words, re.ASCII)
        if found is not None and (first is None or found.start() < first[0]):
            first = (found.start(), kind)
    return first[1] if first else None


def _first_kinds_differ(candidate: TextActions, failed: TextActions) -> str | None:
    """What the candidate does the step on, named first, when the failed text names another
    first (see _kinds_differ)."""
    checks: tuple[tuple[str, Callable[[Step], bool], tuple[tuple[str, str], ...]], ...] = (
        ("powered", _power_cable_step, _POWERED_DEVICES),
    )
    if any(map(_device_restart_step, candidate.steps)) or any(
        map(_device_restart_step, failed.steps)
    ):
        checks = (*checks, ("restarted", _restart_step, _RESTARTED_DEVICES))
    for what, gate, kinds in checks:
        if not any(map(gate, candidate.steps)) or not any(map(gate, failed.steps)):
            continue
        mine, theirs = _first_kind(candidate, kinds), _first_kind(failed, kinds)
        if mine and theirs and mine != theirs:
            return what
    return None


# Checks where naming one more kind is already another step (a second scanner, a full scan as
# well as the quick one); the others differ only when the two texts have no kind in common
# (IMAP/SMTP服务 is one switch for both servers).
_SUPERSET_KINDS = frozenset({"scanner", "scan", "scan-target"})


# The value a setting is given: "... to A4", "改成余额优先".
# ("go to 192.168.1.1, ... set the channel to 6": a way in is no value; the value is the 6)
_EN_VALUE = re.compile(
    r"\b(?<!go )(?<!goes )(?<!went )(?<!head )(?<!navigate )(?<!browse )(?<!in )(?<!into )"
    r"(?:to|into)\s+(.+)$"
)
# "set it to the Visa debit", "change PayPal's preferred method to ...": what is used, set
_SET_VERB = re.compile(r"\b(?:set|change|switch|make)\w*\b.*\bto\s+\S")
_EN_PORT_VALUE = re.compile(r"\bport\s+(\d+)\b")
# "choose A4 as the paper size": what is chosen *as* a setting is its value (see _chosen_as)
_EN_CHOSEN_VALUE = re.compile(r"\b(?:choose|chose|pick|picked|select|selected)\s+(.+?)\s+as\b")
# "pick 11 from the Channel drop-down", "select 6 in the Control Channel list" (round 12): the
# value picked from a setting's list
_EN_PICKED_VALUE = re.compile(
    r"\b(?:choose|chose|pick|picked|select|selected)\s+(\S+)\s+(?:from|in|on)\s+the\b"
)
# "try channel 11", "use channel 149 on the 5 GHz band": the channel's number is the value
_EN_CHANNEL_VALUE = re.compile(r"\bchannel\s+(\d+)\b")
_ZH_CHANNEL_VALUE = re.compile(
    r"信道\s*(?:改成|改为|改到|设成|设为|设到|设置成|设置为|换成|换到|调成|调到|切到|切换到)\s*(\d+)"
)
# "put the channel on 149", "set Channel to 11": a number the channel is set to comes first
# ("channel 6 looks crowded, change the channel to 11": the 11)
_EN_CHANNEL_SET = re.compile(r"\bchannel\s+(?:to|on|at|as)\s+(\d+)\b")
# What trails a Chinese value and is no part of it ("改成Letter试试", "设置成自动看看").
_ZH_VALUE_TAIL = re.compile(r"(?:试试看|试一试|试一下|试下|试试|看看|看一下|一下|再试|吧|了)+$")
# Units a number is given in: "20 MHz" / "40 MHz" differ by the number.
_VALUE_UNITS = frozenset({"mhz", "ghz", "hz", "mb", "gb", "dpi", "%"})
_ZH_VALUE_VERBS = (
    r"(?:改成|改为|设成|设为|设置成|设置为|换成|调成|调为|切换到|切换成|切到"
    r"|改到|调到|设到|调整到|调整为|提高到|提到|降到|降低到|下调到|上调到"
    r"|改回到|改回成|改回|换回到|换回|调回到|调回|设回|切回到|切回|恢复成|恢复为)"
)
_ZH_VALUE = re.compile(_ZH_VALUE_VERBS + r"\s*(.+)$")
# Words that do not tell one value from another ("to *a new* one", "to the ... setting").
_VALUE_FILLER = frozenset(
    {"a", "an", "the", "your", "its", "their", "this", "that", "one", "new", "setting"}
    | {"settings", "option", "mode", "please", "again", "instead", "back"}
)
# "587 with STARTTLS" / "465 with SSL": the words joining two values are no value of their own
_VALUE_FILLER = _VALUE_FILLER | frozenset({"with", "using", "and", "plus", "via"})


def _set_value(text: TextActions) -> str | None:
    """The value a text that only sets something sets it to, if it names one."""
    firsts = [step.frames[0] for step in text.steps if step.frames]
    if not firsts or len(firsts) != len(text.steps):
        return None
    # FB12: a text that sets something beside another step ("switch the input language to
    # English (UK) and retype the password"; "In the print options, set the paper type to ...")
    # gives the value of the one it sets
    among = len(firsts)
    firsts = _fb12_setting_frames(text, firsts)
    channel = (
        _EN_CHANNEL_SET.search(text.normalized)
        or _EN_CHANNEL_VALUE.search(text.normalized)
        or _ZH_CHANNEL_VALUE.search(text.normalized)
        or _EN_PICKED_VALUE.search(text.normalized)
    )
    if channel is not None and all(
        frame.op == "set" and frame.obj and "channel" in frame.obj for frame in firsts
    ):
        # "把2.4G信道改成1": the band read as a qualifier is no value; the channel's number is
        return channel.group(1)
    if any(
        (
            frame.op != "set"
            and not (frame.op in _FB12_VALUED_OPS and _fb12_set_verb(text.normalized))
        )
        # "the default paper size": which one is set, no value read ("Netflix's download
        # quality": the app's name is no value)
        or (frame.qualifier not in (None, "default") and not _fb12_name(frame.qualifier))
        for frame in firsts
    ):
        return None  # a value the lexicon read ("google" DNS) is compared as the qualifier
    if len(firsts) < among:
        return _fb12_value_among_steps(text)
    found = (
        _ZH_VALUE.search(text.normalized)
        or _EN_VALUE.search(text.normalized)
        or _EN_CHOSEN_VALUE.search(text.normalized)
        or _EN_PICKED_VALUE.search(text.normalized)
    )
    if found is None:
        port = _EN_PORT_VALUE.search(text.normalized)  # "use port 587 for outgoing mail"
        return port.group(1) if port else None
    # the value ends with its clause ("改回143，不用SSL": 143), which only the text still shows
    raw = unicodedata.normalize("NFKC", text.text).casefold()
    again = _ZH_VALUE.search(raw) or _EN_VALUE.search(raw)
    value = found.group(1).strip()
    if again is not None:
        value = normalize_solution(re.split(r"[,;!?]|\.(?:\s|$)", again.group(1) + " ")[0])
        value = value.strip() or found.group(1).strip()
    if contains_cjk(value):
        value = _ZH_VALUE_TAIL.sub("", value).strip() or value
    objects = {frame.obj for frame in firsts}
    if len(objects) == 1 and _names_only(value, objects.pop()):
        return None  # "把这张卡设为默认支付方式": what it is set as is the thing set, no value
    return value


def _names_only(value: str, obj: str | None) -> bool:
    """Whether ``value`` only names ``obj`` again (in other words)."""
    tokens = [t for segment in lex(value) for t in segment if t.kind not in ("stop", "de")]
    return bool(tokens) and all(
        t.kind in ("obj", "objq") and t.value.split("|")[0] == obj for t in tokens
    )


_ZH_VALUES = re.compile(
    r"(?:改成|改为|改到|设成|设为|设到|设置成|设置为|换成|调成|调为|调到|切换到|切换成|切到)"
    r"\s*([^\s]+)"
)


def _set_values_zh(text: TextActions) -> frozenset[str]:
    """Every value a Chinese text of two or more set steps names (one per step)."""
    firsts = [step.frames[0] for step in text.steps if step.frames]
    if len(firsts) < 2 or len(firsts) != len(text.steps):
        return frozenset()
    if any(frame.op != "set" or frame.qualifier is not None for frame in firsts):
        return frozenset()
    if not contains_cjk(text.normalized):
        return frozenset()
    return frozenset(found.group(1) for found in _ZH_VALUES.finditer(text.normalized))


def _values_differ(candidate: TextActions, failed: TextActions) -> bool:
    """Whether both texts set a setting and name two different values for it.

    Latin words: no content word in common ("a4" / "letter"); a value that only adds words
    ("8.8.8.8" / "google 8.8.8.8") is the same. Chinese: what is left once the common start and
    end are taken off is different on both sides ("余额优先" / "花呗优先").
    """
    several = _set_values_zh(candidate), _set_values_zh(failed)
    if max(len(several[0]), len(several[1])) > 1:
        # "把信道改成6，再把频宽改成20MHz" / "先把频宽设成20MHz，然后信道改到6": the same
        # values in another order; one side's values all among the other's is no other value
        one = [_set_value(text) for text in (candidate, failed)]
        left_values, right_values = (
            values or frozenset(v for v in (single,) if v)
            for values, single in zip(several, one, strict=True)
        )
        if not left_values or not right_values:
            return False
        return not (left_values <= right_values or right_values <= left_values)
    names = _object_words(candidate) | _object_words(failed)
    left, right = _set_value(candidate), _set_value(failed)
    if _two_values_differ(left, right, names):
        left, right = (_VALUE_TAIL.sub("", v or "") for v in (left, right))
        return not _quantities_in(left) & _quantities_in(right)  # 4 GB is 4096 MB
    if all(_only_sets(t) for t in (candidate, failed)) and _quantities_differ(candidate, failed):
        return True  # "a custom paging file of 8192 MB initial ..." after "... to 4096 MB"
    # "change SMTP encryption to STARTTLS on port 587" after "... to SSL/TLS on port 465"
    ports = [set(_EN_PORT_VALUE.findall(t.normalized)) for t in (candidate, failed)]
    return bool(ports[0] and ports[1] and not ports[0] & ports[1]) and all(
        _only_sets(t) for t in (candidate, failed)
    )


# A quantity a setting is given: "4096 MB", "8 GB", "20 MHz" (in MB / MHz where it converts).
_QUANTITY = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*(mb|gb|tb|mhz|ghz|dpi|hz)\b")
_QUANTITY_SCALE = {"gb": ("mb", 1024.0), "tb": ("mb", 1024.0**2), "ghz": ("mhz", 1000.0)}


def _quantities(text: TextActions) -> frozenset[tuple[str, float]]:
    return _quantities_in(text.normalized)


@lru_cache(maxsize=16384)
def _quantities_in(words: str) -> frozenset[tuple[str, float]]:
    # cached per text: the rule asks it of both texts of every pair it walks
    found = set()
    for number, unit in _QUANTITY.findall(words):
        base, scale = _QUANTITY_SCALE.get(unit, (unit, 1.0))
        found.add((base, float(number) * scale))
        if unit == "gb":
            found.add(("mb", float(number) * 1000.0))  # "4 GB" is also written 4000 MB
    return frozenset(found)


def _quantities_differ(candidate: TextActions, failed: TextActions) -> bool:
    """Whether both texts give quantities in one unit and none of them is the same."""
    mine, theirs = _quantities(candidate), _quantities(failed)
    units = {unit for unit, _ in mine} & {unit for unit, _ in theirs}
    return bool(units) and not mine & theirs


# "set X to V" said in a text not read; a condition the value is for is no part of it
# ("to Sleep for plugged in": Sleep)
_SAID_VALUE = re.compile(
    r"\b(?:set|change|switch|drop|lower|raise|bump|reduce|increase)\w*\b.*?\bto\s+(.+)$"
)
_VALUE_CONDITION = re.compile(
    r"\s+(?:when|while|for|on|if)\s+(?:it is\s+|it's\s+)?"
    r"(?:plugged in|on battery|on ac|battery|charging|power|ac power)\b.*$"
)


def _said_values_differ(candidate: TextActions, failed: TextActions) -> bool:
    if candidate.steps or failed.steps:
        return False  # a text read in part compares its read values (_values_differ)
    values = []
    for text in (candidate, failed):
        found = _SAID_VALUE.search(text.normalized)
        if found is None:
            return False
        values.append(_VALUE_CONDITION.sub("", found.group(1)).strip())
    return _two_values_differ(values[0], values[1])


# A value as a screen names it, after a verb that sets something: quoted ("Wi-Fi only",
# “所有邮件”, 「余额宝」) or, in English, up to three words starting with a capital (Fixed,
# Best performance, Primarily AC Use) and ending before a word that starts what is said
# about it ("to Fixed for the home network"). Case matters for the value only.
_NAMED_QUOTE = r"[\"'“‘「『]([^\"”’」』]{1,40}?)[\"'”’」』]"
_NAMED_VALUE_END = (
    r"(?:for|on|in|so|and|then|to|since|because|when|if|with|under|via|at|of|from|instead"
    r"|again|until|before|after|which|that|as|or|but|now|first|too|also)\b"
)
_EN_NAMED_VALUE = re.compile(
    r"\b(?i:set|sets|setting|change|changed|changing|switch|switched|switching|put|turn"
    r"|turned)\b[^.;!?]*?\b(?i:to)\s+(?:(?i:the)\s+)?"
    r"(?:" + _NAMED_QUOTE + r"|([A-Z][\w-]*(?:\s+(?!(?i:" + _NAMED_VALUE_END + r"))[\w-]+){0,2}))"
)
_ZH_NAMED_VALUE = re.compile(_ZH_VALUE_VERBS + r"了?\s*" + _NAMED_QUOTE)


# Any further value given after the first ("... to "Never" and Brightness to "Auto"").
_EN_NAMED_AFTER = re.compile(r"\b(?i:to)\s+(?:(?i:the)\s+)?(?:" + _NAMED_QUOTE + r"|[A-Z][\w-]*)")


@lru_cache(maxsize=4096)
def _named_value(text: str) -> str | None:
    """The one value ``text`` sets something to, as a screen names it; None where it names
    none, or more than one."""
    raw = unicodedata.normalize("NFKC", text)
    english = _EN_NAMED_VALUE.search(raw)
    found = [english.group(1) or english.group(2)] if english is not None else []
    found += [m.group(1) for m in _ZH_NAMED_VALUE.finditer(raw)]
    if len(found) != 1 or (english is not None and _EN_NAMED_AFTER.search(raw, english.end())):
        return None  # several set steps: which value goes with which is not read here
    return found[0].strip().casefold() or None


def _named_values_differ(candidate: TextActions, failed: TextActions) -> bool:
    """Whether both texts set something to a value named as a screen names it, and the two
    are different: neither is part of the other ("max" / "maximum" is one value) and both are
    in one script ("High" / "高性能" may be one value in two languages)."""
    mine, theirs = _named_value(candidate.text), _named_value(failed.text)
    if not mine or not theirs or mine in theirs or theirs in mine:
        return False
    if contains_cjk(mine) != contains_cjk(theirs):
        return False
    # The lexicon's names of one value ("Best performance" / "High Performance") are one value.
    said = [
        {t.value for segment in lex(v) for t in segment if t.kind == "q"} for v in (mine, theirs)
    ]
    return not (said[0] and said[0] == said[1])


_PATH_SEPARATOR = re.compile(r"\s*(?:>|→|»|›)\s*")


@lru_cache(maxsize=8192)
def _path_parts(text: str) -> tuple[str, ...]:
    """A menu path's items, normalised (cached per text: it is asked once per pair)."""
    return tuple(
        normalize_solution(part) for part in _PATH_SEPARATOR.split(text.strip().rstrip("."))
    )


def _path_leaves_differ(candidate: TextActions, failed: TextActions) -> bool:
    """Whether two menu paths go the same way and end on two different choices."""
    mine, theirs = _path_parts(candidate.text), _path_parts(failed.text)
    if len(mine) < 3 or len(mine) != len(theirs) or mine[:-1] != theirs[:-1]:
        return False
    return _two_values_differ(mine[-1], theirs[-1])


def _only_sets(text: TextActions) -> bool:
    firsts = [step.frames[0] for step in text.steps if step.frames]
    return bool(firsts) and all(frame.op == "set" for frame in firsts)


def _object_words(text: TextActions) -> frozenset[str]:
    """The words of what a text sets ("paper" of set/paper): in a value they name it again
    ("plain paper" / "photo paper glossy": plain / photo glossy)."""
    return frozenset(
        word
        for step in text.steps
        for frame in step.frames[:1]
        if frame.op == "set" and frame.obj
        for word in re.split(r"[._]", frame.obj)
        if len(word) > 2
    )


def _lead_values_differ(candidate: TextActions, failed: TextActions) -> bool:
    """Whether two one-verb texts not fully read both set something, to two values."""
    if candidate.lead_op != "set" or failed.lead_op != "set":
        return False
    left, right = (
        (found := _ZH_VALUE.search(t.normalized) or _EN_VALUE.search(t.normalized))
        and found.group(1).strip()
        for t in (candidate, failed)
    )
    return _two_values_differ(left or None, right or None)


# FB9: the words after a value that are no part of it (see _two_values_differ)
_VALUE_TAIL = re.compile(
    r"\s+(?:instead of|rather than|in place of|since|because|as the|as it|to see|and see"
    r"|so that|so it|so the|to check|to test|in|on|under|from|at|via|within"
    # FB12: the next step ("English (UK) and retype the password", "... before typing it")
    r"|before|after|then|once|which|and(?=\s+(?:then\s+)?(?!the\b|a\b|an\b|[\d.]+\b)\w))\b.*$"
)


def _two_values_differ(
    left: str | None, right: str | None, names: frozenset[str] = frozenset()
) -> bool:
    """Whether two values a setting is given are two different ones (see _values_differ)."""
    if not left or not right or left == right:
        return False
    if _fb12_value_classes_differ(left, right):
        return True  # "No restrictions" / "智能限制后台运行"; "automatically" / "a custom size"
    left_cjk, right_cjk = contains_cjk(left), contains_cjk(right)
    if not left_cjk and not right_cjk:
        # what follows the value is no part of it: the old value ("instead of the fixed 8192
        # MB"), a reason ("since the laptop is ..."), a check ("to see if ..."), a place ("in
        # Printing Preferences")
        left, right = (_VALUE_TAIL.sub("", value).strip() or value for value in (left, right))
        mine, theirs = _quantities_in(left), _quantities_in(right)
        if {u for u, _ in mine} & {u for u, _ in theirs} and not mine & theirs:
            return True  # "16 bit, 44100 Hz" / "16 bit, 48000 Hz": another number of one unit
    if left_cjk != right_cjk:
        # "push" / "推送": two languages, not two values; but a number is no language
        # ("改成1" / "设置成自动")
        latin, cjk = (right, left) if left_cjk else (left, right)
        return bool(re.fullmatch(r"[\d.\s]+", latin)) and latin.strip() not in cjk
    if left_cjk:
        start = 0
        while start < min(len(left), len(right)) and left[start] == right[start]:
            start += 1
        end = 0
        while end < min(len(left), len(right)) - start and left[-1 - end] == right[-1 - end]:
            end += 1
        rest_left = left[start : len(left) - end].strip()
        return bool(rest_left and right[start : len(right) - end].strip())
    words_left, words_right = (
        {re.sub(r"(?<=\d)(?:mhz|ghz|hz|mb|gb|dpi)$", "", w) for w in value.split()}
        - _VALUE_FILLER
        - _VALUE_UNITS
        - names
        for value in (left, right)
    )
    if words_left and words_right and not words_left & words_right:
        return True
    return _fb12_variant(left, right, names)


def _object_closeness(left: str, right: str) -> float:
    """How alike two object slots are (0..1): characters, spaces ignored, order-free words."""
    if not left or not right:
        return 0.0
    a = "".join(sorted(left.split()))
    b = "".join(sorted(right.split()))
    return SequenceMatcher(None, a, b).ratio()


def _labels(steps: Sequence[Step]) -> str:
    return "+".join(step.label() for step in steps)


# -- FB10: the same step on another named thing --------------------------------------------

# The drive a step is done on: "the C: drive", "D drive", "D盘", "(E:)".
_FB10_DRIVES = tuple(
    (rf"(?<![a-z0-9\\]){letter}:?\s*drive\b|(?<![a-z0-9]){letter}\s*盘|\({letter}:\)", letter)
    for letter in "cdefgh"
)
# What a scan is run on: an external drive is not the computer itself.
_FB10_SCANNED = (
    (
        r"\bexternal\b[\w\s-]{0,20}\b(?:drive|disk|ssd|hdd)\b|\busb\s+(?:drive|stick|disk)\b"
        r"|\b(?:flash|thumb|pen)\s+drive\b|\bsd card\b|u盘|移动硬盘",
        "external",
    ),
    (r"\blaptop\b|\bpc\b|\bcomputer\b|\bdesktop\b|\bwhole system\b|电脑|笔记本|全盘", "computer"),
)
_KIND_CHECKS = (
    *_KIND_CHECKS,
    ("drive", None, _FB10_DRIVES),
    ("scanned", _scan_step, _FB10_SCANNED),
)

# "the Google Play Store app", "your work Microsoft account": the capitalised words in front
# of the head that name which one.
_FB10_HEADED_NAME = re.compile(
    r"(?<![\w'])((?:[A-Z][\w.+-]*\s+){1,3})(?:(?:desktop|mobile|web|windows|mac)\s+)?"
    r"(?:app|application|account|client|profile)\b(?!\s*>)"
)
# Capitalised words in front of a head that name no particular one.
_FB10_NOT_NAMES = frozenset(
    {
        "settings",
        "installed",
        "work",
        "school",
        "personal",
        "local",
        "admin",
        "administrator",
        "guest",
        "user",
        "family",
        "child",
        "the",
        "your",
        "my",
        "this",
        "that",
        "its",
        "new",
        "old",
        "same",
        "other",
        "main",
        "default",
        "official",
        "mobile",
        "desktop",
        "web",
        "app",
        "apps",
        "store",
        "mail",
        "email",
        "e-mail",
        "account",
    }
)
# Names that name one provider's accounts ("the Gmail account" is a Google account).
_FB10_NAME_ALIASES = {
    "gmail": "google",
    "hotmail": "microsoft",
    "outlook": "microsoft",
    "live": "microsoft",
    "msn": "microsoft",
    "ms": "microsoft",
    "xbox": "microsoft",
    "icloud": "apple",
}


def _fb10_name_words(words: set[str]) -> set[str]:
    return {_FB10_NAME_ALIASES.get(w, w) for w in words} - _FB10_NOT_NAMES


_FB10_ZH_OWNED: list[re.Pattern[str]] = []
_FB10_ZH_CANONICAL = {
    spelling.casefold(): name for name, names in FB10_ZH_OWNER_NAMES.items() for spelling in names
}


def _fb10_zh_owned() -> re.Pattern[str]:
    """ "支付宝的缓存", "淘宝 App 的数据": a known app's name in front of what of it a step is on
    (built on first use, so that the import stays light)."""
    if not _FB10_ZH_OWNED:
        spellings = sorted(
            {s for names in FB10_ZH_OWNER_NAMES.values() for s in names}, key=len, reverse=True
        )
        _FB10_ZH_OWNED.append(
            re.compile(
                "("
                + "|".join(map(re.escape, spellings))
                + r")\s*(?:app|应用|软件)?\s*(?:里)?的?\s*"
                r"(?:缓存|数据|存储|账号|账户|帐号|密码)",
                re.IGNORECASE,
            )
        )
    return _FB10_ZH_OWNED[0]


def _fb10_said_names(text: TextActions) -> set[str]:
    """The words of the names a text puts in front of an app or account ("Google Play Store")."""
    words: set[str] = set()
    said = _fb11_unreasoned(text.text)
    if contains_cjk(said):
        for found in _fb10_zh_owned().finditer(said):
            words |= set(_FB10_ZH_CANONICAL[found.group(1).casefold()].split("_"))
    for found in _FB10_HEADED_NAME.finditer(unicodedata.normalize("NFKC", said)):
        words |= {w.casefold().strip(".") for w in found.group(1).split()}
    return _fb10_name_words(words)


def _fb10_read_names(text: TextActions) -> set[str]:
    """The words of the names a text's steps were read with (name:google_drive: google, drive)."""
    return _fb10_name_words(
        {
            word
            for step in text.steps
            for frame in step.frames
            if frame.qualifier and frame.qualifier.startswith(NAME_PREFIX)
            for word in frame.qualifier[len(NAME_PREFIX) :].split("_")
        }
    )


def _fb10_names_differ(candidate: TextActions, failed: TextActions) -> bool:
    """Whether a step read on one side with the name of its app or account ("the Spotify app",
    "the Gmail account") is on the other side said of another name the lexicon does not know
    ("the Google Play Store app", "your work Microsoft account"). Both read with names is
    _other_names' question."""
    read = _fb10_read_names(candidate), _fb10_read_names(failed)
    if read[0] and read[1]:
        return False
    said = _fb10_said_names(candidate), _fb10_said_names(failed)
    mine, theirs = read[0] | said[0], read[1] | said[1]
    return bool(mine and theirs and not mine & theirs) and bool(said[0] or said[1])


# "Try SMTP port 587" after "Use SMTP port 465": the port a mail server is used on.
_FB10_PORT_OPS = frozenset({"set", "use"})


def _fb10_ports_differ(candidate: TextActions, failed: TextActions) -> bool:
    ports = [set(_EN_PORT_VALUE.findall(t.normalized)) for t in (candidate, failed)]
    if not ports[0] or not ports[1] or ports[0] & ports[1]:
        return False
    return all(
        step.frames and step.frames[0].op in _FB10_PORT_OPS
        for text in (candidate, failed)
        for step in text.steps
    )


def _fb10_zh_values_differ(candidate: TextActions, failed: TextActions) -> bool:
    """ "蓝牙音频编解码器改成 SBC" after "开发者选项里把蓝牙音频编码改成 LDAC": each text sets one
    value (改成 ...), and they are two different ones, however the rest was read."""
    values = []
    for text in (candidate, failed):
        if not any(f.op == "set" for step in text.steps for f in step.frames) and (
            text.lead_op != "set"
        ):
            return False
        found = {m.group(1) for m in _ZH_VALUES.finditer(text.normalized)}
        if len(found) != 1:
            return False
        values.append(found.pop())
    if any(contains_cjk(value) for value in values):
        # "8.8.8.8" / "谷歌公共DNS": one value in words; "设为默认支付方式": the thing set
        # named again (_set_value reads those)
        return False
    return _two_values_differ(values[0], values[1])


# A switch turned on or off (打开 / 关掉), said outside the quoted name of what is switched:
# "把“停用绝对音量”关掉" turns the switch named 停用绝对音量 off; "把双设备连接关了" turns the
# dual connection off, it connects nothing.
_FB10_QUOTED = re.compile(r"[“\"'‘「『][^”\"'’」』]{1,24}[”\"'’」』]")
_FB10_SWITCHED_ON = re.compile(r"打开|开启|启用|开一下|开起来")
_FB10_SWITCHED_OFF = re.compile(r"关掉|关闭|关了|关上|关一下|禁用|停用")


def _fb10_switch(text: TextActions) -> str | None:
    words = _FB10_QUOTED.sub("", unicodedata.normalize("NFKC", text.text))
    on, off = bool(_FB10_SWITCHED_ON.search(words)), bool(_FB10_SWITCHED_OFF.search(words))
    return None if on == off else ("on" if on else "off")


def _fb10_switched_apart(candidate: TextActions, failed: TextActions) -> bool:
    if not contains_cjk(candidate.text) or not contains_cjk(failed.text):
        return False
    mine, theirs = _fb10_switch(candidate), _fb10_switch(failed)
    return mine is not None and theirs is not None and mine != theirs


# Safe mode: a device started into it (holding Volume Down as it boots, Shift on a Mac) is a
# way to find what misbehaves, not another restart.
_FB10_SAFE_MODE = re.compile(r"\bsafe\s*mode\b|安全模式", re.IGNORECASE)


def _fb10_safe_mode_apart(candidate: TextActions, failed: TextActions) -> bool:
    if not any(map(_restart_step, candidate.steps)) or not any(map(_restart_step, failed.steps)):
        return False
    mine, theirs = (bool(_FB10_SAFE_MODE.search(t.text)) for t in (candidate, failed))
    return mine != theirs


# A quoted setting switched in a step of its own ("then turn off 'Restricted Mode' in its
# settings", "再把“自动更新”关掉"): a new step where no failed text names that setting.
_FB10_SWITCHED_QUOTE = re.compile(
    r"\b(?:turn|switch|toggle)\s+(?:off|on)\s+(?:the\s+)?[\"'“‘]([^\"'”’]{2,40})[\"'”’]"
    r"|\b(?:disable|enable|uncheck|untick)\s+(?:the\s+)?[\"'“‘]([^\"'”’]{2,40})[\"'”’]"
    r"|(?:关闭|关掉|打开|开启|启用|禁用)\s*[\"'“‘「]([^\"'”’」]{2,24})[\"'”’」]"
    r"|[\"'“‘「]([^\"'”’」]{2,24})[\"'”’」]\s*(?:关闭|关掉|关了|打开|开启|启用|禁用)",
    re.IGNORECASE,
)


def _fb10_new_switch(candidate: TextActions, failed: TextActions) -> bool:
    """Whether a candidate read only in part switches a quoted setting no failed text names,
    on top of steps of the failed attempt."""
    names = _switched_quotes(candidate.text)
    if not names:
        return False
    theirs = _squeezed(failed.text)
    return any(name not in theirs for name in names)


# Both cached per text: the rule asks them of every pair it walks for a candidate read in part.
@lru_cache(maxsize=16384)
def _switched_quotes(text: str) -> tuple[str, ...]:
    """The quoted settings ``text`` switches, casefolded, without white space."""
    return tuple(
        _squeezed(next(group for group in found.groups() if group))
        for found in _FB10_SWITCHED_QUOTE.finditer(unicodedata.normalize("NFKC", text))
    )


@lru_cache(maxsize=16384)
def _squeezed(text: str) -> str:
    """``text`` in NFKC, casefolded, without white space."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text).casefold())


# A candidate that sets the failed step aside ("instead of repairing it", "rather than ...").
_FB10_INSTEAD = re.compile(r"\b(?:instead of|rather than)\b|不要再|别再|而不是")


@lru_cache(maxsize=16384)
def _sets_aside(normalized: str) -> bool:
    """Whether a text sets another step aside (cached per text: asked once per pair)."""
    return _FB10_INSTEAD.search(normalized) is not None


# Where a driver is removed from the system, not only from the device: Print Server
# Properties' Drivers page, the driver store (pnputil). A reinstall that first deletes the old
# driver there adds that step (a driver package removed and installed fresh is the reinstall).
_FB10_DRIVER_STORE = re.compile(
    r"print\s*server\s*propert|打印服务器属性|driver\s*store|\bpnputil\b",
    re.IGNORECASE,
)


def _fb10_driver_store_added(candidate: TextActions, failed: TextActions) -> bool:
    drivers = [
        any((frame.obj or "").endswith("driver") for step in t.steps for frame in step.frames)
        for t in (candidate, failed)
    ]
    if not all(drivers):
        return False
    return bool(_FB10_DRIVER_STORE.search(candidate.text)) and not _FB10_DRIVER_STORE.search(
        failed.text
    )


def _fb10_differs(candidate: TextActions, failed: TextActions) -> str | None:
    """Round 10's same step on another thing: another named app or account, another port,
    another value; or the same switch the other way."""
    if _fb10_names_differ(candidate, failed):
        return "name"
    if _fb10_ports_differ(candidate, failed):
        return "port"
    if _fb10_zh_values_differ(candidate, failed):
        return "value"
    if _fb10_switched_apart(candidate, failed):
        return "switch"
    if _fb10_safe_mode_apart(candidate, failed):
        return "mode"
    if _fb10_driver_store_added(candidate, failed):
        return "driver-store"
    return _fb11_differs(candidate, failed)


# -- FB11: what a text says around its steps, in a reply's own style ----------------------------
# A step named as tried and failed in front of the one proposed ("Re-pairing didn't help, so
# factory reset the Buds2 …", "Gmail's already been force-stopped, so now force stop …",
# "支付宝缓存清过了就算了，去把淘宝的缓存也清一下"): the reason the new step is proposed, read
# as one ("since …, " / "既然…，", see _commentary and _REASON_CLAUSE) and no step of the text.
_FB11_FAILED_OUTCOME = (
    r"(?:did(?:n[’']?t|\s+not)|does(?:n[’']?t|\s+not)|has(?:n[’']?t|\s+not)|"
    r"have(?:n[’']?t|\s+not)|won[’']?t|was(?:n[’']?t|\s+not)|is(?:n[’']?t|\s+not)|never)\s+"
    r"(?:help(?:ed)?|work(?:ed)?|fix(?:ed)?|solve[ds]?|change[ds]?|do\s+(?:anything|it|the trick)"
    r"|make\s+(?:a|any)\s+difference|sort(?:ed)?)\b[^,;.!?]{0,30}"
    r"|(?:did|does|changed|fixed|solved)\s+nothing|made\s+no\s+difference|no\s+(?:luck|change|joy)"
    r"|(?:was|is)\s+no\s+(?:help|use|good)|failed"
)
_FB11_TRIED_LEAD_EN = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|so|well|right)\s*,?\s+)?(?:if|when|since|as|because|now that|given that)?"
    r"\s*(?!(?:i|i[’']?ve|i have|we|we[’']?ve|cust(?:omer)?|user|client|they|he|she)\b)"
    r"(?P<lead>[^,;:.!?]{3,90}?(?:\s+|,\s*)(?:" + _FB11_FAILED_OUTCOME + r")"
    r"|[^,;:.!?]{2,60}?\b(?:already|alr)\b[^,;:.!?]{0,60}?)"
    r"\s*(?:[,;—]\s*|\s+(?=(?:so|then|and|but)\b))"
    r"(?>(?:(?:so|then|and|but)\s+)?(?:now\s+|next\s+)?)"
    r"(?P<rest>(?!(?:i|we|he|she|they|it|that|this)\b|[\w-]+ed\b)[a-z].*)$",
    re.IGNORECASE | re.DOTALL,
)
_FB11_TRIED_LEAD_ZH = re.compile(
    r"^\s*(?:如果|要是|假如)?(?P<lead>[^，,；;。？?！!]{2,40}?"
    r"(?:(?:试|弄|做|清|重启|重装|删|关|开|装)?过了?(?:也)?(?:就算了|没用|不行|没效果|不管用)?"
    r"|了也?(?:没用|不行|没效果|不管用)|(?:没用|不行|没效果|不管用)(?:的话)?))"
    # "那" is "then", not "that" ("…重装过了，那个滤镜还是用不了" says what still fails)
    r"\s*[，,；;]\s*(?P<rest>(?:那就|那(?![个些边里])|就|去|再|直接|换成|改成|试试|你|您|可以|先|把).*)$",
    re.DOTALL,
)


@lru_cache(maxsize=8192)
def _fb11_context(text: str) -> str:
    """``text`` with a failed step named in front of the proposed one read as the reason (see
    above; an article's notes and checks are dropped by _unscripted and _article_steps_zh)."""
    if text.isascii():
        found = _FB11_TRIED_LEAD_EN.match(text)
        if found is not None and not _REASON_CLAUSE.match(text.casefold()):
            return f"since {found.group('lead').strip()}, {found.group('rest')}"
        return text
    found = _FB11_TRIED_LEAD_ZH.match(text)
    if found is not None and not found.group("lead").startswith("既然"):
        return f"既然{found.group('lead').strip()}，{found.group('rest')}"
    return text


_FB11_REASON = re.compile(_REASON_CLAUSE.pattern, re.IGNORECASE)


def _fb11_unreasoned(text: str) -> str:
    """``text`` without its opening reason (the names a step is done on are not said there)."""
    return _FB11_REASON.sub("", text, count=1) or text


# -- FB11: the same step on another thing, said in a reply's own style --------------------------
# A phone started into a mode of its own (recovery, DFU, download, fastboot) by the buttons of
# a force restart is put into that mode, not restarted again (as safe mode, _FB10_SAFE_MODE).
_FB11_BOOT_MODE = re.compile(
    r"\b(?:recovery|dfu|download|fastboot|bootloader)\s*mode\b|\bfastboot\b"
    r"|恢复模式|刷机模式|下载模式|线刷模式|卡刷模式",
    re.IGNORECASE,
)


def _fb11_boot_mode_apart(candidate: TextActions, failed: TextActions) -> bool:
    if not any(map(_restart_step, candidate.steps)) or not any(map(_restart_step, failed.steps)):
        return False
    mine, theirs = (bool(_FB11_BOOT_MODE.search(t.text)) for t in (candidate, failed))
    return mine != theirs


# The card network a payment step is on ("make the Mastercard the default" / "Set the Visa as
# the default card"): another card.
_FB11_CARD_NETWORKS = (
    (r"\bvisa\b|维萨", "visa"),
    (r"\bmaster\s*card\b|\bmc\b|万事达", "mastercard"),
    (r"\bamex\b|\bamerican express\b|美国运通|运通", "amex"),
    (r"\bdiscover\b(?:\s+card)?(?=.*\bcard\b|.*\bpay\b|.*\bwallet\b)", "discover"),
    (r"\bunion\s*pay\b|银联", "unionpay"),
    (r"\bjcb\b", "jcb"),
)


def _fb11_payment_step(step: Step) -> bool:
    return any(i.startswith("payment.") for i in step.action_ids) or any(
        "card" in (frame.obj or "") or "payment" in (frame.obj or "") for frame in step.frames
    )


_KIND_CHECKS = (*_KIND_CHECKS, ("card-network", _fb11_payment_step, _FB11_CARD_NETWORKS))

# The device a step is done on, with words in front of its noun ("on ur iphone", "on the
# reception desktop", "on your work laptop"), and a computer's make: a Mac is not a Windows PC.
_FB11_PLACE = re.compile(
    r"\b(?:on|from|in)\s+(?:your|ur|yr|the|this|that|my|a|an|their|his|her|our)\s+"
    r"(?:(?!(?:app|settings?|menu|page|screen|list)\b)[a-z0-9-]+\s+){0,2}?"
    r"(iphone|android phone|smartphone|cell phone|phone|ipad|tablet|laptop|notebook|macbook|"
    r"chromebook|imac|desktop pc|desktop|pc|computer)\b(?!\s*(?:app|settings?|screen)\b)"
)
_FB11_PLATFORMS = (
    (
        r"\bmac(?:book(?:\s+(?:air|pro))?|\s+mini|os)?\b(?!\s*(?:address|filter))|\bimac\b|苹果电脑",
        "mac",
    ),
    (
        r"\bwindows\s+(?:laptop|pc|computer|desktop|machine|10|11)\b|\b(?:on|in)\s+windows\b"
        r"|\bsurface\s+(?:pro|laptop|book)\b|windows\s*电脑"
        # FB12: Windows laptops named by their line
        r"|\bthinkpad\b|\bideapad\b|\bdell\s+(?:xps|inspiron|latitude)\b"
        r"|\b(?:hp\s+)?(?:pavilion|elitebook|envy|spectre|probook)\b",
        "windows",
    ),
    (r"\bchromebook\b|\bchrome\s*os\b", "chromeos"),
)


def _fb11_places(text: TextActions) -> frozenset[str]:
    words = _place_words(text)
    return frozenset(_PLACE_KINDS[m.group(1)] for m in _FB11_PLACE.finditer(words)) | _places(text)


def _fb11_places_differ(candidate: TextActions, failed: TextActions) -> bool:
    mine, theirs = _fb11_places(candidate), _fb11_places(failed)
    if mine and theirs and not mine & theirs:
        computers = {"computer", "laptop", "desktop"}
        if not any(
            a in computers and b in computers and "computer" in (a, b) for a in mine for b in theirs
        ):
            return True
    words = [_place_words(t) for t in (candidate, failed)]
    made = [{kind for pattern, kind in _FB11_PLATFORMS if re.search(pattern, w)} for w in words]
    return len(made[0]) == 1 and len(made[1]) == 1 and made[0] != made[1]


# A percentage or an interval a setting is given ("start at 95% and stop at 100%", "every 1
# minute"): none of one side's among the other's is another value, where both texts set it.
_FB11_AMOUNT = re.compile(
    r"(\d+(?:\.\d+)?)\s*(%|percent\b)"
    r"|\bevery\s+(\d+)\s*(min(?:ute)?s?|hours?|hrs?|seconds?|secs?)\b"
    r"|每\s*(\d+)\s*(分钟|小时|秒)"
)
_FB11_SETTING = re.compile(
    r"\b(?:set|change|switch|drop|lower|raise|bump|reduce|increase|adjust|make|put|turn)\w*\b"
    r"|设置|设成|设为|改成|改为|调到|调成|调整",
)
_FB11_UNITS = {"percent": "%", "min": "minute", "mins": "minute", "minutes": "minute"}


@lru_cache(maxsize=16384)
def _fb11_amounts(text: str) -> frozenset[tuple[str, float]] | None:
    """The percentages and intervals ``text`` gives; None where it sets nothing (cached per
    text: the rule asks it of both texts of every pair it walks)."""
    folded = text.casefold()
    if not _FB11_SETTING.search(folded):
        return None
    found: set[tuple[str, float]] = set()
    for match in _FB11_AMOUNT.finditer(folded):
        groups = [g for g in match.groups() if g is not None]
        unit = groups[1].rstrip("s") if groups[1] not in ("%",) else "%"
        found.add((_FB11_UNITS.get(unit, unit), float(groups[0])))
    return frozenset(found)


def _fb11_amounts_differ(candidate: TextActions, failed: TextActions) -> bool:
    mine, theirs = _fb11_amounts(candidate.text), _fb11_amounts(failed.text)
    if mine is None or theirs is None:
        return False
    units = {unit for unit, _ in mine} & {unit for unit, _ in theirs}
    return bool(units) and not mine & theirs


def _fb11_differs(candidate: TextActions, failed: TextActions) -> str | None:
    """Round 11's same step on another thing: started into another mode, on another card
    network, on another device or make of computer, with another percentage or interval."""
    if _fb11_boot_mode_apart(candidate, failed):
        return "mode"
    if _fb11_places_differ(candidate, failed):
        return "place"
    if _fb11_amounts_differ(candidate, failed):
        return "value"
    return None


# -- round 11: English payment, login, app, email and slow-computer folds ----------------------

# A step tried again is the test of the steps before it, no step of its own: "then try the
# PayPal checkout again", "Retry the Microsoft 365 sign-in", "try Netflix again".
_TRIED_AGAIN = frozenset(
    {"retry", "re try", "retrying", "retried", "reattempt", "re attempt", "resubmit", "re submit"}
)
_AGAIN = frozenset({"again", "once more", "one more time", "another go"})
_TRY_WORDS = frozenset({"try", "tries", "tried", "trying", "attempt", "test"})
_TRIED_OPS = frozenset({"use", "login", "open", "nav", "add", "sign", "log", None})


# Round 12: the attempt the steps were for, run again ("re-run the PayPal checkout", "retry
# buying the game", "go through the checkout again"): its verb is a retry, its object the
# attempt (or what was bought / paid with), never a troubleshooter or a scan run once more.
_RETRIED_EN12 = frozenset({"retry", "re run", "rerun", "redo", "re do", "go through"})
_RETRIED_WITH_EN12 = frozenset({"with", "using", "via", "through"})
_ATTEMPTS_EN12 = frozenset({"payment", "paypal", "app", "account"})
_ATTEMPT_PLACES_EN12 = frozenset({"checkout", "checkout page", "the checkout"})


def _retried_attempt_en12(clause: _Clause) -> bool:
    surfaces = {t.surface for t in clause.tokens}
    names = {o.name for o in clause.objects}
    if surfaces & _TRY_WORDS and names == {"payment"} and clause.op is None:
        return True  # "..., then try the purchase": the attempt the steps were for
    if not surfaces & _RETRIED_EN12:
        return False
    if "go through" in surfaces and not surfaces & _AGAIN:
        return False
    if surfaces & _ATTEMPT_PLACES_EN12:
        return names <= _ATTEMPTS_EN12  # "re-run the PayPal checkout"
    return (clause.op == "buy" or "payment" in names) and names <= {"payment", "app"}


def _done_by_then_en12(clause: _Clause) -> bool:
    """ "... and clear its cache once it's updated", "after it has restarted": when a step
    is done, told of the thing already acted on, is no step (round 12)."""
    if not clause.timing:
        return False
    words = [t for t in clause.tokens if t.kind != "stop"]
    if len(words) != 2 or words[0].kind != "pron" or words[1].kind.split("/")[0] != "op":
        return False
    done = words[1].surface.split()[-1]
    return done.endswith("ed") or done in _IRREGULAR_PAST_EN12


def _tried_again_en(clause: _Clause, *, last: bool = False) -> bool:
    """Whether ``clause`` (not a text's first) tries again what the steps before it were for.

    Round 12 (second wave): any goal tried after the steps ("then try connecting the Bose
    again", "and then try signing in", "try to print once more"): a try word, then the verb of
    what the customer wants to do, again or as the text's last clause, is the test of the
    steps, not a step of its own (never "then try resetting it": a fix, not a goal)."""
    if _retried_attempt_en12(clause) or _goal_tried_en12(clause, last=last):
        return True
    if any(t.surface in _RETRIED_WITH_EN12 for t in clause.tokens) and clause.objects:
        return False  # "then retry with PayPal": the way it is paid is a step of its own
    if (clause.op or clause.pv or clause.weak) not in _TRIED_OPS:
        return False
    surfaces = {t.surface for t in clause.tokens}
    if surfaces & _TRIED_AGAIN:
        return True
    return bool(surfaces & _AGAIN and surfaces & _TRY_WORDS)


# What a customer wants to do, tried after the steps (round 12, second wave): connecting,
# signing in, printing, syncing, charging, paying, buying, sending.
_GOAL_OPS_EN12 = frozenset({"connect", "print", "sync", "charge", "login", "buy", "pay", "open"})
_GOAL_PVS_EN12 = frozenset({"sign", "log"})


def _goal_tried_en12(clause: _Clause, *, last: bool) -> bool:
    words = [t for t in clause.tokens if t.kind not in ("stop", "and", "split", "trail", "to")]
    again = any(t.surface in _AGAIN for t in clause.tokens)
    if len(words) < 2 or not (again or last) or clause.negated:
        return False
    tried, goal = words[0], words[1]
    if tried.surface not in _TRY_WORDS | _TRIED_AGAIN:
        return False
    for index, token in enumerate(words[2:-1], start=2):
        if token.kind in ("loc", "prep", "by") and words[index + 1].kind in ("obj", "objq", "ctx"):
            return False  # "try signing in from an Incognito window": where is a step
    kind, value = goal.kind.split("/")[0], goal.value.split("/")[0]
    if kind == "op":
        return value in _GOAL_OPS_EN12
    if kind == "pv":
        return value in _GOAL_PVS_EN12
    # "try streaming it again": a goal the lexicon has no verb for
    return kind == "unk" and goal.surface.endswith("ing") and again


# A knowledge-base article's answers to the dialogs of a step (round 11): "choose the default
# profile when prompted", "confirm the removal", "click Yes to confirm" are part of that step.
_PROMPTED = frozenset({"prompted", "asked"})
_CONFIRMED = frozenset(
    {"removal", "deletion", "uninstall", "uninstallation", "prompt", "prompts", "dialog", "reset"}
)


def _kb_aside_en(clause: _Clause) -> bool:
    tokens = clause.tokens
    for index, token in enumerate(tokens[:-1]):
        if token.kind == "sub" and tokens[index + 1].surface in _PROMPTED:
            return True  # "choose the default profile when prompted"
    confirm = next(
        (i for i, t in enumerate(tokens) if t.kind == "op" and t.surface == "confirm"), None
    )
    if confirm is None:
        return False
    rest = [t for t in tokens[confirm + 1 :] if t.kind != "stop"]
    return not rest or (len(rest) == 1 and rest[0].surface in _CONFIRMED)


def _fold_round11_accounts_en(
    op: str, obj: str | None, qualifier: str | None, clause: _Clause
) -> tuple[str, str | None, str | None] | None:
    """Round 11 English class folds of payment, login, app, email and slow-computer steps.

    None: the clause is no step of its own."""
    if op == "add" and obj in (None, "app") and _typed_command_en(clause):
        # "Press Win+R, type outlook.exe /safe and press Enter": the command typed opens what
        # it names ("type SystemPropertiesPerformance and press Enter" only opens a window)
        return "open", obj, qualifier
    return op, obj, qualifier


# A command typed into the Run box, a terminal or the search box and sent with Enter.
_TYPING = frozenset({"type", "types", "typed", "typing", "enter", "run", "paste"})
_SENT = frozenset({"press enter", "hit enter", "press return", "hit return", "enter"})


def _typed_command_en(clause: _Clause) -> bool:
    typed = next((t for t in clause.tokens if t.kind == "op" and t.value == "add"), None)
    if typed is None or typed.surface not in _TYPING:
        return False
    return any(t.surface in _SENT for t in clause.tokens if t is not typed)


# What a password reset has typed in on its way (round 11, scripted replies): the account's
# address and the new password, entered or typed twice.
_RESET_ENTRIES = frozenset({"email.address", "email", "password", "new_password"})
_RESET_ENTRY_OPS = frozenset({"add", "replace", "set", "use", "check"})


def _fold_reset_entries_r11_en(
    items: list[tuple[ActionFrame | None, frozenset[str], int | None]],
) -> list[tuple[ActionFrame | None, frozenset[str], int | None]]:
    """ "Go to the password reset page, enter the email address for your account, ... and set
    a new password": in a text that resets the password, the address and the new password
    typed in are the reset's own steps; without a reset they stay steps."""
    reset = ActionFrame("reset", "password")
    if not any(f == reset or "login.reset_password" in ids for f, ids, _ in items):
        return items
    kept = [
        (frame, ids, group)
        for frame, ids, group in items
        if ids
        or frame is None
        or frame == reset
        or frame.obj not in _RESET_ENTRIES
        or frame.op not in _RESET_ENTRY_OPS
        or frame.qualifier is not None
    ]
    return kept or items


# -- FB12: which value, which thing: the same step told apart by what it is given ---------------
# A setting given a value by a verb that reads as another operation: the permission changed
# "to 'Full Access'" (allow), the payment method switched "to the bank account" (use).
_FB12_VALUED_OPS = frozenset({"use", "allow"})


def _fb12_set_verb(normalized: str) -> bool:
    """Whether a text gives something a value with a verb ("change ... to", "改成 / 设为")."""
    return bool(_SET_VERB.search(normalized) or _ZH_VALUE.search(normalized))


def _fb12_name(qualifier: str | None) -> bool:
    return bool(qualifier) and str(qualifier).startswith(NAME_PREFIX)


def _fb12_setting_frames(text: TextActions, firsts: list[ActionFrame]) -> list[ActionFrame]:
    """The first frames of the steps of ``text`` that give a setting a value, when some do and
    others are steps of another kind (a password typed after, a print dialog opened before);
    all of them otherwise (so that _set_value reads no value from a text that sets nothing)."""
    valued = _fb12_set_verb(text.normalized)
    setting = [
        frame for frame in firsts if frame.op == "set" or (valued and frame.op in _FB12_VALUED_OPS)
    ]
    return setting if setting and len(setting) < len(firsts) else firsts


# Values named by what they do, in either language: "No restrictions" is 无限制, not
# 智能限制后台运行; "Ask every time" (每次询问) is not "While using the app" (仅在使用中允许);
# "automatically managed" is not "a custom size of 4096 MB". Two values whose classes have
# nothing in common are two values (a value naming none is left to the words).
_FB12_VALUE_CLASSES = (
    (
        r"\bno restrictions?\b|\bunrestricted\b|\bdon'?t (?:restrict|optimi[sz]e)\b"
        r"|无限制|不限制|不受限制|允许后台",
        "unrestricted",
    ),
    (r"\b(?:restricted|optimi[sz]ed|smart restriction)\b|智能限制|限制后台|受限", "restricted"),
    (r"\bask (?:every|each|next) time\b|\balways ask\b|每次询问|每次都问|下次询问", "ask"),
    (
        r"\b(?:only )?while using(?: the app)?\b|\bwhen (?:the app is )?in use\b"
        r"|使用期间|使用中允许|仅在使用中|使用时允许|使用应用期间",
        "while_using",
    ),
    (r"\ballow all the time\b|\balways allow\b|^always\b|始终允许|一直允许|总是允许", "always"),
    (r"\bnever\b|\bdon'?t allow\b|\bdeny\b|永不|从不|不允许|拒绝", "never"),
    (r"\bauto(?:matic(?:ally)?)?\b|自动", "auto"),
    (r"\bcustom\b|\bmanual(?:ly)?\b|自定义|手动", "manual"),
    (r"\bfull access\b|\ball photos\b|完全访问|所有照片|全部照片", "full"),
    (r"\blimited access\b|\bselected photos\b|有限访问|部分照片|所选照片|选中的照片", "limited"),
)


def _fb12_value_classes(value: str) -> set[str]:
    return {kind for pattern, kind in _FB12_VALUE_CLASSES if re.search(pattern, value)}


def _fb12_value_classes_differ(left: str, right: str) -> bool:
    mine, theirs = _fb12_value_classes(left), _fb12_value_classes(right)
    return bool(mine and theirs and not mine & theirs)


def _fb12_variant(left: str, right: str, names: frozenset[str]) -> bool:
    """Two Latin values of a few words alike but for one, in the same place: "English (US)" /
    "English (UK)", "Full Access" / "Limited Access", "Photo Paper Glossy" / "... Matte"."""
    if contains_cjk(left + right):
        return False
    words = [
        [w for w in normalize_solution(value).split() if w not in _VALUE_FILLER]
        for value in (left, right)
    ]
    if len(words[0]) != len(words[1]) or not 2 <= len(words[0]) <= 4:
        return False
    apart = [(a, b) for a, b in zip(words[0], words[1], strict=True) if a != b]
    return len(apart) == 1 and not set(apart[0]) & names


# The value of a setting among other steps: given by a set verb in its own clause ("switch
# the input language to English (UK) and retype the password"; not "update to the latest
# driver"), or in Chinese quoted ("把相机权限设为'每次询问'", whose quoted words are no step).
_FB12_SET_TO = re.compile(
    r"\b(?:set|change|switch|make|put)\w*\b[^,;:.!?]*?\b(?<!go )(?:to|into)\s+([^,;!?]+)"
)
_FB12_ZH_QUOTED_VALUE = re.compile(_ZH_VALUE_VERBS + r"\s*[“\"'‘「『]([^”\"'’」』]{1,24})")


def _fb12_value_among_steps(text: TextActions) -> str | None:
    raw = unicodedata.normalize("NFKC", text.text).casefold()
    if contains_cjk(raw):
        quoted = _FB12_ZH_QUOTED_VALUE.search(raw)
        return quoted.group(1).strip() if quoted else None
    found = _FB12_SET_TO.search(raw)
    return normalize_solution(found.group(1)) or None if found else None


# What is set aside in a text ("pick your Visa card as the funding source instead of the
# bank", "…，而不是借记卡") is not what its step is done on (see _kind_words).
_FB12_INSTEAD_OF = re.compile(
    r"\b(?:instead of|rather than|in place of)\b[^,;.!?]*|而不是[^，,；;。！!？?]*"
    # "选“深度清洗”，不是普通的清洗": a clause that says what it is not
    r"|[，,；;]\s*(?:但)?不是(?!很|太|特别)[^，,；;。！!？?]*"
)
# Which way a payment is funded: a bank account is not a card, nor the wallet's own balance
# ("Switch the PayPal funding source to the linked bank account" / "PayPal付款方式换成信用卡").
_FB12_FUNDING = (
    (r"\bbank(?:\s+account)?\b(?!\s+card)|银行账户|银行帐户|银行账号|\bach\b", "bank"),
    (
        r"\bcards?\b|\bvisa\b|\bmaster\s*card\b|\bamex\b|\bcredit\b|\bdebit\b"
        r"|信用卡|借记卡|储蓄卡|银行卡",
        "card",
    ),
    (r"\bbalance\b|余额", "balance"),
)


def _fb12_funding_step(step: Step) -> bool:
    return "payment.use_paypal" in step.action_ids or any(
        frame.obj == "paypal" for frame in step.frames
    )


# Which side a port or button is on: the USB-C port on the left is not the one on the right.
_FB12_SIDES = (
    (
        r"\b(?:on the )?left(?:[- ]hand)?\s+side\b|\bon the left\b|左侧|左边的?(?:接口|口|按键)",
        "left",
    ),
    (
        r"\b(?:on the )?right(?:[- ]hand)?\s+side\b|\bon the right\b|右侧|右边的?(?:接口|口|按键)",
        "right",
    ),
)
# The device a step is done on, a TV named by its make or a streaming stick: the Samsung TV
# in the bedroom is not the Fire TV Stick.
_FB12_SCREENS = (
    (
        r"\b(?:fire\s*tv(?:\s+stick|\s+cube)?|roku|chromecast|apple\s+tv|streaming\s+stick)\b"
        r"|电视盒子|投屏器",
        "streamer",
    ),
    (
        r"\b(?:on|from|in)\s+(?:your|the|this|my|a|an|their)?\s*"
        r"(?:(?:samsung|lg|sony|tcl|hisense|vizio|philips|smart)\s+)?(?:tv|television)\b"
        r"(?!\s*(?:stick|box|cube))"
        r"|(?<!fire )(?<!apple )\b(?:samsung|lg|sony|tcl|hisense|vizio)\s+tv\b",
        "tv",
    ),
)


# How deep a print-head cleaning goes: a deep cleaning is not the normal one.
_FB12_CLEANINGS = (
    (
        r"\b(?:deep|intensive|power|strong)\s*clean(?:ing)?\b|深度清洗|深度清洁|强力清洗|强力清洁",
        "deep",
    ),
    (
        r"(?<!deep )(?<!intensive )(?<!power )(?<!strong )\b(?:head\s+)?clean(?:ing)?\b"
        r"|(?<!深度)(?<!强力)(?:清洗|清洁)",
        "normal",
    ),
)
# A PC put back to a restore point (System Restore) is not reset (Reset this PC).
_FB12_RECOVERIES = (
    (r"\brestore point\b|\bsystem restore\b|系统还原|还原点", "restore_point"),
    (
        r"\breset\s+(?:this|the|your|my)\s+(?:pc|computer|laptop)\b|\breset this pc\b"
        r"|重置此电脑|重置(?:这台)?电脑|初始化电脑",
        "reset",
    ),
)


def _fb12_head_cleaning_step(step: Step) -> bool:
    return any(frame.op == "clean" and frame.obj == "print_head" for frame in step.frames)


def _fb12_pc_recovery_step(step: Step) -> bool:
    return any(frame.op == "reset" and frame.obj in ("computer", "os") for frame in step.frames)


# Round 12's kinds, in one extension of the checks: funding, side, screen, cleaning, recovery.
_KIND_CHECKS = (
    *_KIND_CHECKS,
    ("funding", _fb12_funding_step, _FB12_FUNDING),
    ("side", None, _FB12_SIDES),
    ("screen", None, _FB12_SCREENS),
    ("cleaning", _fb12_head_cleaning_step, _FB12_CLEANINGS),
    ("recovery", _fb12_pc_recovery_step, _FB12_RECOVERIES),
)


# -- mixed-language round 12 (batches 43-50) --------------------------------------------------

# Where a mail client is signed in to, besides the account itself
_SIGN_IN_PLACES = frozenset({"account", "email_account", "app", "email", None})


def _fold_mixed12(
    op: str, obj: str | None, qualifier: str | None, clause: _Clause, context: list[str]
) -> tuple[str, str | None, str | None]:
    """Mixed-language round 12 class folds: one action read alike in English and Chinese."""
    if op == "login" and obj in _SIGN_IN_PLACES and "app_password" in context:
        # "sign in to Outlook with the authorization code", "客户端用授权码登录": signing in with
        # the app password is the catalog's app-password step, as "sign in with an app password"
        return "create", "app_password", None
    if op in ("login", "logout") and obj in ("computer", "phone"):
        # "微信电脑版退出重新扫码登录": the desktop version (电脑版) of a named app is where one
        # signs out of its account, the computer none
        named = [t.value.split("|", 1)[1] for t in clause.tokens if t.value.startswith("app|name:")]
        if len(named) == 1:
            return op, "account", named[0]
    if obj is not None and obj.split(".")[-1] == "cookies" and qualifier is not None:
        websites = any("website" in t.surface.split() for t in clause.tokens)
        if websites and not qualifier.startswith(NAME_PREFIX):
            # "google.com的Cookie" is the site's cookies, as "cookies for google.com" is: the
            # cookies cleared for a site are the catalog's own ("for this site")
            qualifier = None
    return op, obj, qualifier


# What may stand between a Chinese 退出 (quit) and the sign-in that follows it
_QUIT_GAP_KINDS = frozenset({"stop", "split", "objq", "obj", "then", "and", "de", "ba"})


def _quit_to_sign_in_mx12(segments: list[list[Token]]) -> list[list[Token]]:
    """ "微信电脑版退出重新扫码登录", "退出微信，再重新登录": 退出 (quit) with a sign-in after it is
    the sign-out ("log out of WeChat and scan the code to log back in"), not the app closed;
    with a code or password named for the sign-in it stays as it was read."""
    for segment in segments:
        _password_found_back_mx12(segment)
        if any(t.surface == "二 维 码" for t in segment):
            # "扫一下电脑登录界面上的二维码登录": the QR code scanned is how one signs in
            segment[:] = [
                Token("stop", "", t.surface) if (t.kind, t.value) == ("op", "scan") else t
                for t in segment
            ]
    flat = [(s, i) for s, segment in enumerate(segments) for i in range(len(segment))]
    for number, (s, i) in enumerate(flat):
        token = segments[s][i]
        if token.kind != "op" or token.value != "close" or token.surface != "退 出":
            continue
        for later_s, later_i in flat[number + 1 :]:
            later = segments[later_s][later_i]
            if later.kind == "op" and later.value == "login":
                if not _credential_after_mx12(segments, later_s):
                    segments[s][i] = Token("op", "logout", token.surface)
                break
            if later.kind not in _QUIT_GAP_KINDS:
                if _signed_in_later_zh13(segments, s):
                    segments[s][i] = Token("op", "logout", token.surface)
                break
    return segments


# What a sign-in said again may be led by ("再重新登录", "然后再用手机号登回去")
_AGAIN_LEADS_ZH13 = frozenset({"再", "然 后", "重 新", "之 后", "最 后", "回 头"})


def _signed_in_later_zh13(segments: list[list[Token]], start: int) -> bool:
    """Round 12 (zh, second wave): "先退出微信，清一下微信缓存，再重新登录", "点那个退出，然后再用
    手机号登回去": 退出 (quit) with a sign-in said again in a later clause, other steps between
    them, is signing out, then back in (no app closed); the sign-in must be said again (led
    by 再 / 然后 or 重新登录, 登回去) and within the next two clauses."""
    for later in segments[start + 1 : start + 3]:
        for position, token in enumerate(later):
            if token.kind != "op" or token.value != "login":
                continue
            led = any(t.surface in _AGAIN_LEADS_ZH13 for t in later[:position])
            again = token.surface.startswith(("重 新", "再")) or token.surface.endswith(
                ("回 去", "回 来", "进 去")
            )
            return (led or again) and not _credential_after_mx12(segments, start + 1)
    return False


def _credential_after_mx12(segments: list[list[Token]], start: int) -> bool:
    """A code or password the sign-in is to be done with, named from ``start`` on ("登录时选
    「短信验证码登录」，别再用密码"): a sign-in of another kind, kept apart from a plain one."""
    return any(
        t.kind == "obj" and t.value in ("password", "verification_code")
        for segment in segments[start:]
        for t in segment
    )


def _password_found_back_mx12(tokens: list[Token]) -> None:
    """ "找回QQ密码" (get the QQ password back): 找回 with a password after it is its reset, as
    找回密码 is; 找回 anything else (搵返個 app, find the app) stays the way to it."""
    for position, token in enumerate(tokens[:-2]):
        if token.surface != "找" or tokens[position + 1].surface != "回":
            continue
        after = [t for t in tokens[position + 2 : position + 5] if t.kind != "de"]
        if any(t.kind == "obj" and t.value.endswith("password") for t in after):
            tokens[position : position + 2] = [Token("op", "reset", "找 回")]
            return


# -- Chinese and mixed round 12, second wave (batches 43-50) ------------------------------------

# What 忘记 (forget) names when it is a password's: the "forgot password" way to set a new one
_FORGOTTEN_ZH13 = frozenset({"忘 记", "忘 了", "忘 掉", "忘 记 了"})
_SECRETS_ZH13 = frozenset({"password", "payment_password", "pin", "os.pin", "passcode"})


def _fold_zh13(
    op: str, obj: str | None, qualifier: str | None, clause: _Clause
) -> tuple[str, str | None, str | None]:
    """Chinese round 12 (second wave) class folds: a word's sense decided by its object."""
    if op == "remove" and obj in _SECRETS_ZH13:
        verbs = [t.surface for t in clause.tokens if t.kind == "op"]
        if verbs and all(v in _FORGOTTEN_ZH13 for v in verbs):
            # "点'忘记支付密码'", "点“我忘记了我的PIN”": a password or PIN forgotten is the
            # button that resets it (as 忘记密码 is), not a saved network forgotten
            return "reset", obj, qualifier
    return op, obj, qualifier


# How a Chinese menu item is opened rather than acted on: 设置 (a page), 点开 / 打开 (tapped into)
_OPENED_ITEM_ZH13 = frozenset({"设 置", "开", "点 开", "打 开"})


def _path_pages_zh13(clauses: list[_Clause]) -> None:
    """The items of a Chinese menu path that are only where a step is done (round 12, as
    _path_pages_en12 for English): "进“我的淘宝-设置”，把清除缓存点一下", "点“我-设置”，拉到最底下点
    退出", "到“我-服务-钱包-银行卡”里点开那张卡，删掉，再添加一次". An item that reads as a step
    only by its page's name (设置) or by being tapped open (点开那张卡) is a page, not a step,
    when a step of another kind is done after the path; an item naming a step of its own
    (还原网络设置) and a path no step follows are as read."""
    for number, clause in enumerate(clauses):
        if not clause.menu_head:
            continue
        items = _menu_items_after(clauses, number)
        cjk = any(is_cjk(t.surface[:1]) for c in [clause, *items] for t in c.tokens)
        if not items or not cjk:
            continue
        after = number + 1 + len(items)
        ops = {
            c.resolved_op
            for c in clauses[after:]
            if not c.negated and not c.menu_item and c.resolved_op not in (None, "nav", "check")
        }
        if not ops:
            continue
        for item in items:
            verbs = [t.surface for t in item.tokens if t.kind.split("/")[0] == "op"]
            opened = bool(verbs) and all(v in _OPENED_ITEM_ZH13 for v in verbs)
            if (
                item.resolved_op in ("set", "enable")
                and opened
                and not item.alias_ids
                and item.resolved_op not in ops
            ):
                item.negated = True


# What "it" is when a device or app is told what it then does (让它重新同步)
_IT_ZH13 = frozenset({"它", "它 们"})
# What a device or app then does by itself once a step is done (synced)
_EXPECTED_OPS_ZH13 = frozenset({"sync"})


def _let_it_zh13(clause: _Clause, previous: _Clause | None) -> bool:
    """ "在邮箱大师里把这个账号删掉，再重新添加一次，让它重新同步" (round 12): 让它 (let it) and a
    verb, the last clause after a step, says what the device or app is then expected to do,
    no step of its own; 让他们 / 让客户 (people told to do something) stay commands."""
    words = [t for t in clause.tokens if t.kind != "stop"]
    if len(words) < 3 or words[0].kind != "causative" or words[0].surface != "让":
        return False
    if words[1].kind != "pron" or words[1].surface not in _IT_ZH13:
        return False
    if clause.op not in _EXPECTED_OPS_ZH13:
        return False  # "按住开机键十几秒，让它强制重启": what the step before is done for
    return previous is not None and previous.resolved_op not in (None, "nav", "check")


# Verbs of a retest said at the end (再连一下试试, 再登一下看看)
_RETESTS_ZH13 = frozenset({"connect", "login", "use", "open"})


def _retest_at_end_zh13(segments: list[list[Token]]) -> list[list[Token]]:
    """ "先把 VPN 关掉再连一下试试" (round 12): after a step, 再 and a bare verb of trying (连,
    登, 用, 打开) with no object of its own, then 试试 / 看看, is the retest of what failed,
    not the thing just switched off done again; a verb with its own object (再连一下WiFi试试)
    stays a step."""
    seen_step = False
    for segment in segments:
        for position, token in enumerate(segment):
            if token.kind == "op" and token.value in ("close", "logout"):
                seen_step = False  # "退出微信再登一次看看": signed out, then back in
                continue
            if token.kind == "op" and not seen_step:
                seen_step = token.value not in _RETESTS_ZH13
                continue
            if not (seen_step and token.kind == "op" and token.value in _RETESTS_ZH13):
                continue
            before = segment[position - 1] if position else None
            rest = segment[position + 1 :]
            again = before is not None and before.kind == "split" and before.surface == "再"
            tried = bool(rest) and rest[-1].kind == "trail"
            if again and tried and all(t.kind in ("trail", "stop") for t in rest):
                segment[position] = Token("trail", "", token.surface)
    return segments
