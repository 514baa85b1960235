"""Rule-based extraction of customer preferences from one chat message, and PII masking for logs.

:func:`extract_preferences` finds explicit preference statements in a customer message
(English, simplified Chinese or a mix) and returns them as :class:`ExtractedPreference` items,
each with a normalised value, a rough confidence, the customer's own words (``span``) and, for
time-bound statements, an expiry. The engine records each as ``PreferenceStated``; below the
configured confidence threshold (``limits.preference_confidence_threshold``, 0.7 by default) a
statement is kept as a candidate rather than applied.

Keys and values
---------------
``contact_channel``
    ``email``, ``phone``, ``sms`` or ``chat``, from requests and stated preferences ("call me",
    "I'd prefer email", "text me", "keep it in the chat", 请打电话联系我, 以后用短信, 在线聊天).
    A channel under negation or contrast ("don't email me", "instead of emailing", "rather than
    phone", 不要打电话, 别发短信) gives **no** value: the extractor only emits positive statements,
    so "don't email me" alone yields nothing and "call me instead of emailing" yields ``phone``.
    Several different channels in one message are all emitted, at confidence ≤ 0.6 (candidates:
    the engine should ask). A question-form request ("could you give me a call?") is 0.7.
``contact_time``
    ``[DATE|weekdays|weekends] [WINDOW]`` where ``DATE`` is ISO ``YYYY-MM-DD`` and ``WINDOW`` is
    ``HH:MM-HH:MM``, ``after HH:MM``, ``before HH:MM``, ``HH:MM`` or a part of the day
    (``morning``, ``lunchtime``, ``afternoon``, ``evening``, ``night``); at least one part is
    present, e.g. ``"2026-03-05 after 15:00"``, ``"weekdays 09:00-17:00"``, ``"evening"``. A time
    only counts in a sentence about contact or availability (call, reach, free, busy, best, 打,
    联系, 有空, 方便 ...) and not about the past ("I called at 9am yesterday", 打过), so "the
    error started at 3pm" yields nothing. "Don't call before
    10am", "busy until 11", 两点前不要打电话 become ``after``. Hours without am/pm: a part of
    the day decides (下午/晚上/tonight → pm); otherwise 1-7 read as pm, 8-12 as am (office hours).
``language``
    An ISO 639 code (``en``, ``zh``, ``es``, ``fr``, ``de``, ``ja``, ``ko``, ``yue`` for
    Cantonese ...), from "reply in Spanish", "I prefer English", "I only speak German", 请用中文,
    我说粤语. The language a message is written in is *not* a stated preference.
``device_model``
    A canonical model name: Apple models without the brand (``iPhone 14 Pro``, ``iPad mini``,
    ``MacBook Pro 14``), others with it (``Dell Inspiron 15``, ``Samsung Galaxy S23 Ultra``,
    ``Huawei Mate 60 Pro``, ``TP-Link Archer AX50``); model codes are upper-cased (``M404DN``).
    Several devices in one message are several items. Mentions under negation ("I don't have an
    iPad"), of an old device ("switched from an iPhone 12", 之前用的是) or in a question without
    ownership ("does it support the iPhone 15?") are skipped; a bare mention in a statement is
    0.7, with ownership ("my", "I use", 我的手机是, or listed after an owned device: "my iPhone
    and an iPad") 0.9.
``email``
    The address, lower-cased. An address called old/previous/旧 is skipped.
``phone``
    E.164-ish digits: a leading ``+`` when the customer gave a country code (``00`` becomes
    ``+``); an 11-digit Chinese mobile number (1[3-9]...) gets ``+86``; other national numbers
    stay national digits (no country is guessed). A digit run counts only with a phone context
    (number, call, 电话, 手机号 ...), a ``+``, a Chinese mobile shape or a NANP ``(415) 555-0199``
    shape, and never after order/ticket/serial/订单 context.

Expiry
------
A ``contact_channel`` or ``contact_time`` stated in a sentence that names a day ("tomorrow",
"tonight", "on Monday", 今天, 明天, 下周一) expires at the end of that day: ``expires_at`` is the
first instant of the following day in ``sent_at``'s time zone (offset kept). Everything else has
``expires_at = None``.

Confidence
----------
Rough, rule-level: an explicit statement 0.9 (a question-form request 0.7, several channels at
once 0.6); a contact time with a clock time or a day 0.85, with only a part of the day or
weekdays/weekends 0.8; an email or phone number with context ("my email is", 手机号) 0.95,
without 0.8; a device 0.9 owned, 0.7 bare.

Output order is by position in the message; a repeated ``(key, value)`` is reported once, with
its highest confidence.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Final

from caseledger.domain.policies._chat_text import NormalizedText, chinese_number, normalize_chat

__all__ = [
    "PREFERENCE_KEYS",
    "ExtractedPreference",
    "device_family",
    "extract_preferences",
    "mask_pii",
    "preference_key",
]

#: Every key :func:`extract_preferences` can emit.
PREFERENCE_KEYS: Final = (
    "contact_channel",
    "contact_time",
    "language",
    "device_model",
    "email",
    "phone",
)

EXPLICIT: Final = 0.9
QUESTION_FORM: Final = 0.7
BARE_MENTION: Final = 0.7
SEVERAL_CHANNELS_CAP: Final = 0.6
_MASK: Final = "#"


@dataclass(frozen=True)
class ExtractedPreference:
    """One preference statement found in a message.

    ``value`` is normalised per key (see the module docstring); ``span`` quotes the customer's
    words it came from; ``expires_at`` is set for time-bound statements only.
    """

    key: str
    value: str
    confidence: float
    span: str
    expires_at: datetime | None


@dataclass(frozen=True)
class _Found:
    key: str
    value: str
    confidence: float
    start: int
    end: int


@dataclass(frozen=True)
class _Sentence:
    start: int
    end: int
    text: str


# --- email and phone -------------------------------------------------------------------------

_EMAIL = re.compile(
    # ASCII-only look-arounds: in "邮箱abc@x.com" the CJK character before the address is a
    # word character to ``\w`` but not part of the address.
    r"(?<![a-z0-9._%+-])[a-z0-9][a-z0-9._%+-]*@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?"
    r"(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}(?![a-z0-9-])",
    re.IGNORECASE,
)
_PHONE_CANDIDATE = re.compile(
    r"(?<![A-Za-z0-9+._/-])(\+|00)?\s?\(?\d[\d\s().-]{4,22}\d(?![A-Za-z0-9_])", re.ASCII
)
_DATE_LIKE = re.compile(r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}")
_IPV4 = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}")
_DECIMAL = re.compile(r"\d+\.\d+")
_CN_MOBILE = re.compile(r"1[3-9]\d{9}")
_NANP_SHAPE = re.compile(r"\(\d{3}\)\s?\d{3}[\s.-]\d{4}|\d{3}[.-]\d{3}[.-]\d{4}")
_PHONE_CONTEXT = re.compile(
    r"\b(?:phone|number|mobile|cell|tel|telephone|call|text|sms|whatsapp|reach|contact|ring)\b|"
    r"电话|手机|号码|联系|打给|致电|短信|来电"
)
_NOT_PHONE_CONTEXT = re.compile(
    r"\b(?:order|ticket|case|invoice|serial|imei|tracking|ref|reference|account|id|sku|"
    r"version|build|error|code|model)\b|订单|单号|工单|序列号|编号|发票|账号|型号|版本|错误"
)
_OLD = re.compile(
    r"\b(?:old|previous|former|used\s+to|no\s+longer|not\s+valid|doesn'?t\s+work)\b|以前|之前|旧|原来|不用了"
)


def _digits(text: str) -> str:
    return "".join(char for char in text if char.isdigit())


def _phone_like(candidate: str) -> bool:
    """A digit run that could be a phone number (7-15 digits, not a date, IP or decimal)."""
    stripped = candidate.strip()
    if not 7 <= len(_digits(stripped)) <= 15:
        return False
    return not (
        _DATE_LIKE.fullmatch(stripped) or _IPV4.fullmatch(stripped) or _DECIMAL.fullmatch(stripped)
    )


def _normalize_phone(candidate: str) -> str:
    digits = _digits(candidate)
    stripped = candidate.strip()
    if stripped.startswith("+"):
        return "+" + digits
    if stripped.startswith("00"):
        return "+" + digits[2:]
    if _CN_MOBILE.fullmatch(digits):
        return "+86" + digits
    return digits


def _find_emails(text: str) -> list[_Found]:
    found: list[_Found] = []
    for match in _EMAIL.finditer(text):
        before = text[max(0, match.start() - 30) : match.start()]
        after = text[match.end() : match.end() + 25]
        before_clause = re.split(r"[,;!?。]", before)[-1]
        if _OLD.search(before_clause) or re.match(
            r"\s*(?:is\s+)?(?:no\s+longer|不用了|已经不用)", after
        ):
            continue
        owned = re.search(
            r"\b(?:my|me|use|send|reach|contact|email|e-mail|at|is)\b|邮箱|邮件|发到|联系|是",
            before,
        )
        confidence = 0.95 if owned else 0.8
        found.append(_Found("email", match.group().lower(), confidence, match.start(), match.end()))
    return found


def _find_phones(text: str) -> list[_Found]:
    found: list[_Found] = []
    for match in _PHONE_CANDIDATE.finditer(text):
        raw = match.group().rstrip(" .-(")
        # Keep the span tight: a trailing ")" only belongs when it closes an area code.
        end = match.start() + len(raw)
        if not _phone_like(raw):
            continue
        before = text[max(0, match.start() - 30) : match.start()]
        before_clause = re.split(r"[,;!?。]", before)[-1]
        if _NOT_PHONE_CONTEXT.search(before_clause) or _OLD.search(before_clause):
            continue
        digits = _digits(raw)
        context = bool(_PHONE_CONTEXT.search(before_clause))
        shaped = (
            raw.strip().startswith(("+", "00"))
            or bool(_CN_MOBILE.fullmatch(digits))
            or bool(_NANP_SHAPE.search(raw))
        )
        if not (context or shaped):
            continue
        confidence = 0.95 if context else 0.8
        found.append(_Found("phone", _normalize_phone(raw), confidence, match.start(), end))
    return found


# --- contact channel -------------------------------------------------------------------------

_CHANNEL_RULES: Final[tuple[tuple[str, re.Pattern[str]], ...]] = (
    (
        "phone",
        re.compile(
            r"\b(?:call|phone|ring)\s+me\b|\bcall\s+(?:me\s+)?back\b|"
            r"\bgive\s+me\s+a\s+(?:call|ring|buzz)\b|\b(?:by|via|over\s+the)\s+phone\b|"
            r"\b(?:a\s+)?(?:phone\s+)?call\s+(?:would\s+be|is|works)\s+(?:easier|better|best|"
            r"preferred|fine|great)\b|\b(?:phone|calls?)\s+only\b|\bonly\s+(?:by\s+)?phone\b|"
            r"\b(?:take|prefer|rather\s+have)\s+(?:a\s+)?(?:phone\s+)?calls?\b|"
            r"\bphone\s+(?:is|works)\s+(?:best|better|easiest|preferred)\b|"
            r"\bprefer\s+(?:the\s+)?phone\b|"
            r"\b(?:you\s+(?:can|could|may)|feel\s+free\s+to|want\s+to)\s+call(?:\s+me)?\b|"
            r"打(?:我|个)?电话|电话(?:联系|沟通|通知)|致电|来电|打给我|接电话|回(?:个)?电话|回电"
        ),
    ),
    (
        "email",
        re.compile(
            r"\b(?:e-?mail|mail)\s+me\b|\b(?:by|via|over|through|per|using)\s+e-?mail\b|"
            r"\bsend\s+(?:me\s+)?(?:an?\s+)?e-?mail\b|\b(?:drop|shoot)\s+me\s+an?\s+e-?mail\b|"
            r"\be-?mail\s+(?:is|works|would\s+be)\s+(?:best|better|easier|easiest|preferred|fine)\b|"
            r"\be-?mail\s+only\b|\bonly\s+(?:by\s+|via\s+)?e-?mail\b|"
            r"\bprefer\s+(?:an?\s+)?e-?mails?\b|"
            r"发(?:送)?(?:到)?(?:我的)?(?:电子)?(?:邮件|邮箱|e-?mail)|(?:邮件|邮箱|e-?mail)\s*"
            r"(?:联系|沟通|通知|回复)|(?:用|通过|走)(?:电子)?邮件"
        ),
    ),
    (
        "sms",
        re.compile(
            r"\b(?:text|sms)\s+me\b|\btext(?:ed|ing)\s+me\b|"
            r"\bsend\s+(?:me\s+)?(?:an?\s+)?(?:text|sms)(?:\s+message)?\b|"
            r"\b(?:by|via|over|through)\s+(?:text|sms)(?:\s+message)?\b|"
            r"\b(?:text|sms)\s+(?:is|works|would\s+be)\s+(?:best|better|easier|easiest|preferred|"
            r"fine)\b|\b(?:texts?|sms)\s+only\b|\bonly\s+(?:by\s+|via\s+)?(?:text|sms)\b|"
            r"\bprefer\s+(?:texts?|sms)\b|"
            r"发短信|短信(?:联系|通知|告诉|沟通)|(?:用|通过|改用)短信|短信就(?:行|好|可以)"
        ),
    ),
    (
        "chat",
        re.compile(
            r"\b(?:keep\s+it|stay|continue|talk)\s+(?:in|on|here\s+in|via)\s+(?:the\s+|this\s+)?"
            r"chat\b|\b(?:by|via|over|through)\s+(?:the\s+)?(?:live\s+)?chat\b|"
            r"\bmessage\s+me\s+here\b|\bprefer\s+(?:the\s+)?(?:live\s+)?chat\b|"
            r"\bchat\s+(?:is|works|would\s+be)\s+(?:best|better|easier|easiest|preferred|fine)\b|"
            r"在线(?:聊天|客服|沟通|联系)|这里(?:聊|沟通)|聊天(?:窗口|框)|(?:用|通过)(?:在线)?聊天"
        ),
    ),
)
# "I prefer email", "我更喜欢电话": a preference verb before a channel noun.
_PREFER_NOUN = re.compile(
    r"(?:更喜欢|喜欢|偏好|倾向于?|最好)(?:用|通过)?(电话|邮件|邮箱|短信|在线聊天|聊天)"
)
_ZH_CHANNEL_NOUNS: Final = {
    "电话": "phone",
    "邮件": "email",
    "邮箱": "email",
    "短信": "sms",
    "在线聊天": "chat",
    "聊天": "chat",
}
# "X is better for me than Y": the channel after "than" is the rejected one.
_CHANNEL_NEGATION = re.compile(
    r"\b(?:don'?t|do\s+not|never|stop|no\s+more|instead\s+of|rather\s+than|than|not|"
    r"can'?t|cannot|unable\s+to|won'?t)\b|不要|别|不用|不想|不方便|不能|而不是|不是|请勿|无法"
)
_EN_QUESTION = re.compile(r"\?\s*$|^(?:can|could|would|will)\s+you\b")


def _negated(clause_before: str) -> bool:
    """A negator in the last few words (or Chinese characters) before a match."""
    tail = clause_before[-24:]
    return bool(_CHANNEL_NEGATION.search(tail))


def _find_channels(text: str, sentences: list[_Sentence]) -> list[_Found]:
    found: list[_Found] = []
    matches: list[tuple[str, int, int]] = []
    for channel, pattern in _CHANNEL_RULES:
        matches.extend((channel, m.start(), m.end()) for m in pattern.finditer(text))
    for match in _PREFER_NOUN.finditer(text):
        matches.append((_ZH_CHANNEL_NOUNS[match.group(1)], match.start(), match.end()))
    asks: dict[int, bool] = {}
    for channel, start, end in matches:
        sentence = _sentence_at(sentences, start)
        before = _clause_before(text, sentence, start)
        if _negated(before):
            continue
        if sentence.start not in asks:
            body = sentence.text.strip()
            asks[sentence.start] = bool(_EN_QUESTION.search(body) or body.endswith("吗"))
        confidence = QUESTION_FORM if asks[sentence.start] else EXPLICIT
        found.append(_Found("contact_channel", channel, confidence, start, end))
    channels = {item.value for item in found}
    if len(channels) > 1:
        found = [
            _Found(f.key, f.value, min(f.confidence, SEVERAL_CHANNELS_CAP), f.start, f.end)
            for f in found
        ]
    return found


# --- language --------------------------------------------------------------------------------

_LANGUAGES: Final = {
    "english": "en",
    "chinese": "zh",
    "mandarin": "zh",
    "cantonese": "yue",
    "spanish": "es",
    "french": "fr",
    "german": "de",
    "japanese": "ja",
    "korean": "ko",
    "portuguese": "pt",
    "italian": "it",
    "russian": "ru",
    "arabic": "ar",
    "hindi": "hi",
    "vietnamese": "vi",
    "thai": "th",
    "indonesian": "id",
    "malay": "ms",
    "dutch": "nl",
    "turkish": "tr",
    "polish": "pl",
    "中文": "zh",
    "汉语": "zh",
    "普通话": "zh",
    "国语": "zh",
    "华语": "zh",
    "粤语": "yue",
    "广东话": "yue",
    "英文": "en",
    "英语": "en",
    "西班牙语": "es",
    "西班牙文": "es",
    "法语": "fr",
    "法文": "fr",
    "德语": "de",
    "德文": "de",
    "日语": "ja",
    "日文": "ja",
    "韩语": "ko",
    "韩文": "ko",
}
_LANG = "(" + "|".join(sorted(_LANGUAGES, key=len, reverse=True)) + ")"
_LANGUAGE_RULES: Final[tuple[tuple[float, re.Pattern[str]], ...]] = (
    (
        EXPLICIT,
        re.compile(
            r"\b(?:reply|respond|answer|write|talk|speak|communicate|continue|help|support|explain|"
            r"chat|contact|message|text|email|call|switch|go\s+on)\b[^.!?。#]{0,25}?\b(?:in|into|to)\s+"
            + _LANG
        ),
    ),
    (
        EXPLICIT,
        re.compile(
            r"\b(?:prefer|speak|understand|read|use|using|switch\s+to|change\s+to)\s+(?:only\s+)?"
            + _LANG
        ),
    ),
    (
        EXPLICIT,
        re.compile(
            r"\bmy\s+(?:first|native|preferred|main|mother)?\s*(?:language|tongue)\s+is\s+" + _LANG
        ),
    ),
    (
        0.8,
        re.compile(
            r"\b(?:in\s+)?" + _LANG + r"\s+(?:please|pls|is\s+(?:better|preferred|best|easier))\b"
        ),
    ),
    (
        EXPLICIT,
        re.compile(
            r"(?:用|说|讲|使用|改用|换成)"
            + _LANG
            + r"|(?:只)?(?:会|懂|看得懂|听得懂)"
            + _LANG
            + r"|母语是"
            + _LANG
            + r"|"
            + _LANG
            + r"(?:就好|就行|可以|比较好|更好)"
        ),
    ),
)
_LANGUAGE_NEGATION = re.compile(
    r"\b(?:don'?t|do\s+not|can'?t|cannot|not|never|no)\b|不|别|看不懂|听不懂|不会|不懂"
)


def _find_languages(text: str, sentences: list[_Sentence]) -> list[_Found]:
    found: list[_Found] = []
    for confidence, pattern in _LANGUAGE_RULES:
        for match in pattern.finditer(text):
            name = next(group for group in match.groups() if group)
            sentence = _sentence_at(sentences, match.start())
            before = _clause_before(text, sentence, match.start())[-12:]
            inside = text[match.start() : match.start(match.lastindex or 0)]
            if _LANGUAGE_NEGATION.search(before) or re.search(r"不|看不懂|听不懂", inside):
                continue
            found.append(
                _Found("language", _LANGUAGES[name], confidence, match.start(), match.end())
            )
    return found


# --- device model ----------------------------------------------------------------------------

_WORD_CASE: Final = {
    "pro": "Pro",
    "max": "Max",
    "plus": "Plus",
    "+": "+",
    "mini": "mini",
    "ultra": "Ultra",
    "fe": "FE",
    "se": "SE",
    "xl": "XL",
    "lite": "Lite",
    "air": "Air",
    "carbon": "Carbon",
    "yoga": "Yoga",
    "nano": "Nano",
    "fold": "Fold",
    "flip": "Flip",
    "note": "Note",
    "tab": "Tab",
    "edge": "Edge",
    "gen": "Gen",
    "series": "Series",
    "laptop": "Laptop",
    "go": "Go",
    "book": "Book",
    "studio": "Studio",
    "x360": "x360",
    "mate": "Mate",
    "nova": "Nova",
    "matebook": "MateBook",
    "matepad": "MatePad",
    "redmi": "Redmi",
    "nord": "Nord",
    "magic": "Magic",
    "find": "Find",
    "reno": "Reno",
    "paperwhite": "Paperwhite",
    "oasis": "Oasis",
    "scribe": "Scribe",
    "deco": "Deco",
    "oled": "OLED",
    "zenbook": "ZenBook",
    "vivobook": "VivoBook",
    "rog": "ROG",
    "tuf": "TUF",
}


def _case_token(token: str) -> str:
    """Canonical casing of one model-name token: known words, else codes upper-cased."""
    if token in _WORD_CASE:
        return _WORD_CASE[token]
    if re.fullmatch(r"\d+[a-z]", token):
        return token  # "7a", "16e": Apple/Google write the letter in lower case
    if any(char.isdigit() for char in token) or len(token) <= 2:
        return token.upper()
    return token.capitalize()


def _model_words(*parts: str | None) -> str:
    """Join optional captured parts into canonically cased words."""
    words: list[str] = []
    for part in parts:
        if not part:
            continue
        # "note12" -> "note 12": a series word glued to its number; codes ("x1", "s23") stay.
        spaced = re.sub(
            r"\b(note|tab|mate|matepad|nova|reno|find|nord|magic|series|slim|pro|gen|x|z)\s*(?=\d)",
            r"\1 ",
            part,
        )
        spaced = re.sub(r"\b(x|z) (?=\d)", r"\1", spaced)
        words.extend(_case_token(token) for token in re.split(r"\s+", spaced.strip()) if token)
    return " ".join(words).replace(" +", "+")


def _series(brand: str, series: str) -> Callable[[re.Match[str]], str]:
    def build(match: re.Match[str]) -> str:
        return " ".join(part for part in (brand, series, _model_words(*match.groups()[1:])) if part)

    return build


def _iphone(match: re.Match[str]) -> str:
    number, suffix = match.group("n"), match.group("s")
    return " ".join(part for part in ("iPhone", number.upper(), _model_words(suffix)) if part)


def _joined(prefix: str) -> Callable[[re.Match[str]], str]:
    def build(match: re.Match[str]) -> str:
        return " ".join(part for part in (prefix, _model_words(*match.groups())) if part)

    return build


_SFX = r"(?:\s*(pro\s*max|pro\+?|plus|\+|ultra|mini|max|fe|lite|edge|xl|se))?"
_DEVICE_RULES: Final[tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...]] = (
    (
        re.compile(
            r"(?:apple\s+)?\biphone\s*(?P<n>\d{1,2}e?|se|xr|xs|x)\b"
            r"(?:\s*(?P<s>pro\s*max|pro|plus|mini|max))?"
        ),
        _iphone,
    ),
    (re.compile(r"苹果\s*(?P<n>\d{1,2})\b(?:\s*(?P<s>pro\s*max|pro|plus|mini))?"), _iphone),
    (
        re.compile(r"\bipad(?:\s*(pro|air|mini))?(?:\s*(\d{1,2}(?:\.\d)?)(?![\d.]))?"),
        _joined("iPad"),
    ),
    (
        re.compile(
            r"\bmacbook(?:\s*(air|pro))?(?:\s*(\d{2})(?:\s*-?\s*inch|\")?)?"
            r"(?:\s*(m[1-4](?:\s*(?:pro|max))?)\b)?"
        ),
        _joined("MacBook"),
    ),
    (re.compile(r"\bimac\b"), lambda match: "iMac"),
    (re.compile(r"\bmac\s*(mini|studio)\b"), _joined("Mac")),
    (
        re.compile(r"\bapple\s*watch(?:\s*(series\s*\d+|ultra(?:\s*\d)?|se))?"),
        _joined("Apple Watch"),
    ),
    (re.compile(r"\bairpods(?:\s*(pro|max))?(?:\s*(\d)\b)?"), _joined("AirPods")),
    (
        re.compile(
            r"(?:samsung\s*|三星\s*)?\bgalaxy\s*(s\d{1,2}|note\s*\d{1,2}|a\d{1,3}|"
            r"z\s*(?:fold|flip)\s*\d|tab\s*s\d{1,2}|m\d{1,3})\b" + _SFX
        ),
        _joined("Samsung Galaxy"),
    ),
    (
        re.compile(r"(?:google\s*)?\bpixel\s*(\d{1,2}a?|fold)\b(?:\s*(pro\s*xl|pro|xl))?"),
        _joined("Google Pixel"),
    ),
    (
        re.compile(
            r"(?:huawei|华为)\s*(mate\s*\d{1,2}|p\d{1,2}|nova\s*\d{1,2}|matepad\s*(?:pro\s*)?\d{0,2}|"
            r"matebook\s*(?:x\s*pro|x|d|e|"
            r"\d{2})?)(?:\s*(pro\+?|plus|lite|rs))?|\b(mate\s*\d{2})(?:\s*(pro\+?|rs))?"
        ),
        _joined("Huawei"),
    ),
    (
        re.compile(
            r"(?:xiaomi|小米)\s*(?:(?:mi\s*)?)(\d{1,2})\b(?:\s*(pro|ultra|lite|t\s*pro|t)\b)?"
        ),
        _joined("Xiaomi"),
    ),
    (
        re.compile(
            r"(?:(?:xiaomi|小米)\s*)?(?:redmi|红米)\s*(note\s*\d{1,2}|k\d{2}|\d{1,2}[a-z]?)"
            r"(?:\s*(pro\+?|plus|s)\b)?"
        ),
        lambda match: "Xiaomi Redmi " + _model_words(*match.groups()),
    ),
    (re.compile(r"(?:oneplus|一加)\s*(\d{1,2}|nord\s*\d?)(?:\s*(pro|t|r)\b)?"), _joined("OnePlus")),
    (re.compile(r"(?:honor|荣耀)\s*(\d{1,3}|magic\s*\d)(?:\s*(pro|lite)\b)?"), _joined("Honor")),
    (re.compile(r"\boppo\s*(find\s*x\d|reno\s*\d{1,2}|a\d{1,3})(?:\s*(pro)\b)?"), _joined("OPPO")),
    (re.compile(r"\bvivo\s*([xy]\d{1,3}|s\d{1,2})(?:\s*(pro)\b)?"), _joined("vivo")),
    (
        re.compile(
            r"(?:dell\s*|戴尔\s*)?\b(inspiron|xps|latitude|vostro|precision|alienware)\s*"
            r"(\d{2,5}[a-z]?\b|m\d{2}|x\d{2})(?:\s+(\d{4})\b)?"
        ),
        lambda match: "Dell " + _model_words(*match.groups()).replace("Xps", "XPS"),
    ),
    (
        re.compile(
            # Common words (envy, omen, pavilion) need the brand; printer and business lines don't.
            r"(?:(?:hp|惠普)\s*\b(?=pavilion|envy|spectre|omen|victus)|\b(?=elitebook|probook|"
            r"laserjet|officejet|deskjet)|(?:hp|惠普)\s*)(pavilion|envy|spectre|elitebook|probook|"
            r"omen|victus|laserjet(?:\s*pro)?|officejet(?:\s*pro)?|deskjet)(?:\s*(x360))?"
            r"(?:\s*([a-z]{0,2}\d{2,5}[a-z]{0,3}))?\b"
        ),
        lambda match: "HP " + _device_hp(match),
    ),
    (
        re.compile(
            # "yoga" and "legion" are words too: they need the brand.
            r"(?:(?:lenovo|联想)\s*\b(?=legion|yoga)|\b(?=thinkpad|ideapad|thinkbook)|"
            r"(?:lenovo|联想)\s*)(thinkpad|ideapad|legion|yoga|thinkbook)\s*"
            r"(x1\s*(?:carbon|yoga|nano)|[a-z]?\d{1,4}[a-z]?|slim\s*\d|pro\s*\d{1,2})?"
            r"(?:\s*(gen\s*\d{1,2}))?\b"
        ),
        lambda match: "Lenovo " + _device_lenovo(match),
    ),
    (
        re.compile(
            r"(?:microsoft\s*|微软\s*)?\bsurface\s*(pro|laptop|go|book|studio)(?:\s*(\d{1,2}))?\b"
        ),
        _joined("Microsoft Surface"),
    ),
    (
        re.compile(
            r"(?:asus|华硕)\s*(zenbook|vivobook|rog|tuf)(?:\s*([a-z]{0,3}\d{1,4}[a-z]{0,3}))?"
        ),
        _joined("ASUS"),
    ),
    (re.compile(r"(?:asus\s*)?\b(rt-[a-z]{0,3}\d{2,5}[a-z]{0,3})\b"), _joined("ASUS")),
    (
        re.compile(r"(?:acer|宏碁)\s*(aspire|swift|nitro|predator)(?:\s*(\d{1,2})\b)?"),
        _joined("Acer"),
    ),
    (
        re.compile(r"(?:tp-?link\s*)?\barcher\s*([a-z]{1,2}\d{1,5}[a-z]?)\b"),
        lambda match: "TP-Link Archer " + match.group(1).upper(),
    ),
    (re.compile(r"\btp-?link\s*(deco\s*[a-z]{0,2}\d{1,3})\b"), _joined("TP-Link")),
    (
        re.compile(r"(?:netgear\s*)?\bnighthawk\s*([a-z]{0,3}\d{3,5}[a-z]?)\b"),
        lambda match: "Netgear Nighthawk " + match.group(1).upper(),
    ),
    (re.compile(r"\bkindle(?:\s*(paperwhite|oasis|scribe))?\b"), _joined("Kindle")),
    (
        re.compile(r"\b(?:ps|playstation\s*)([3-5])\b"),
        lambda match: "PlayStation " + match.group(1),
    ),
    (
        re.compile(r"\bxbox\s*series\s*([xs])\b"),
        lambda match: "Xbox Series " + match.group(1).upper(),
    ),
    (re.compile(r"\bnintendo\s*switch(?:\s*(oled|lite))?\b"), _joined("Nintendo Switch")),
)

_HP_SERIES: Final = {
    "laserjet": "LaserJet",
    "officejet": "OfficeJet",
    "deskjet": "DeskJet",
    "elitebook": "EliteBook",
    "probook": "ProBook",
}
_LENOVO_SERIES: Final = {
    "thinkpad": "ThinkPad",
    "ideapad": "IdeaPad",
    "thinkbook": "ThinkBook",
    "legion": "Legion",
    "yoga": "Yoga",
}


def _device_hp(match: re.Match[str]) -> str:
    series, x360, code = match.groups()
    words = series.split()
    head = " ".join([_HP_SERIES.get(words[0], words[0].capitalize()), *map(_case_token, words[1:])])
    return " ".join(part for part in (head, _model_words(x360, code)) if part)


def _device_lenovo(match: re.Match[str]) -> str:
    series, model, gen = match.groups()
    head = _LENOVO_SERIES[series]
    return " ".join(part for part in (head, _model_words(model, gen)) if part)


_OWNERSHIP = re.compile(
    r"\b(?:my|mine|our|i\s+have|we\s+have|i've\s+got|i\s+got|i\s+use|we\s+use|i'm\s+using|"
    r"i\s+am\s+using|using|i'm\s+on|i\s+am\s+on|own|bought|switched\s+to|changed\s+to|"
    r"upgraded\s+to|moved\s+to|is\s+an?|is\s+the|it's\s+an?|new)\b|"
    r"我的|我用|用的是|我有|手机是|电脑是|笔记本是|型号|路由器是|换成了?|买了|是"
)
_DEVICE_SKIP = re.compile(
    r"\b(?:don'?t|do\s+not|never|not|no|without|from|old|previous|former|used\s+to|sold|"
    r"returned|instead\s+of)\b|没有|不是|以前|之前|旧|原来|卖了|退了"
)


_LIST_JOINER = re.compile(
    r"\s*(?:,|and|&|plus|和|与|跟|以及|还有)?\s*(?:an?|my|the|一台|一部|一个|一块)?\s*"
)


def _find_devices(text: str, sentences: list[_Sentence]) -> list[_Found]:
    mentions = _longest(
        [
            _Found("device_model", re.sub(r"\s+", " ", build(m)).strip(), 0.0, m.start(), m.end())
            for pattern, build in _DEVICE_RULES
            for m in pattern.finditer(text)
        ]
    )
    mentions.sort(key=lambda f: f.start)
    found: list[_Found] = []
    previous_end = 0
    previous_owned = False
    for mention in mentions:
        sentence = _sentence_at(sentences, mention.start)
        # Context is read back to the previous device only: in "switched from an iPhone 12 to a
        # Pixel 8", "from" belongs to the iPhone.
        before = _clause_before(text, sentence, mention.start)
        window_start = max(mention.start - len(before), mention.start - 30, previous_end)
        near = text[window_start : mention.start]
        # "my iPhone 13 and an iPad": the second device shares the first one's ownership.
        listed = previous_end > 0 and bool(_LIST_JOINER.fullmatch(near))
        previous_end = mention.end
        if _DEVICE_SKIP.search(near):
            previous_owned = False
            continue
        owned = bool(_OWNERSHIP.search(near)) or (listed and previous_owned)
        previous_owned = owned
        asks = sentence.text.rstrip().endswith(("?", "吗"))
        if asks and not owned:
            continue
        confidence = EXPLICIT if owned else BARE_MENTION
        found.append(_Found("device_model", mention.value, confidence, mention.start, mention.end))
    return found


# --- contact time ----------------------------------------------------------------------------

_WEEKDAYS_EN: Final = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAYS_ZH: Final = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_PM_PERIODS: Final = frozenset(
    {"afternoon", "evening", "night", "下午", "晚上", "傍晚", "今晚", "明晚", "夜里"}
)
_AM_PERIODS: Final = frozenset({"morning", "上午", "早上", "早晨", "今早", "明早", "凌晨"})
_PERIOD_NAMES: Final = {
    "上午": "morning",
    "早上": "morning",
    "早晨": "morning",
    "今早": "morning",
    "明早": "morning",
    "中午": "lunchtime",
    "下午": "afternoon",
    "晚上": "evening",
    "傍晚": "evening",
    "今晚": "evening",
    "明晚": "evening",
    "夜里": "night",
    "深夜": "night",
}

_CONTACT_CONTEXT = re.compile(
    r"\b(?:call|calls|calling|ring|phone|text|texts|email|e-mail|contact|reach|reply|talk|speak|"
    r"available|free|convenient|busy|meeting|best|better|works?\s+for\s+me|take\s+a\s+call)\b|"
    r"打|联系|回复|有空|方便|空闲|找我|开会|忙|电话|短信|邮件|聊"
)
# A time in a sentence about the past ("I called at 3pm yesterday") is no availability.
_PAST = re.compile(
    r"\b(?:yesterday|last\s+(?:night|week|time|month)|ago|earlier\s+today|"
    r"(?:i|we)\s+(?:called|phoned|texted|emailed|rang))\b|昨天|前天|上周|刚才|打过|联系过|之前打"
)
_FLIP_CONTEXT = re.compile(
    r"\b(?:don'?t|do\s+not|never|not|busy|unavailable|in\s+a\s+meeting|in\s+meetings|at\s+work)\b|"
    r"不要|别|不能|不方便|请勿|开会|忙|没空|不在"
)
_ZH_NUM = r"[\d零〇一二两三四五六七八九十]{1,3}"


def _t_en(p: str) -> str:
    """An English clock time with named groups ``<p>h``, ``<p>m``, ``<p>ap``, ``<p>w``."""
    return (
        rf"(?:(?P<{p}h>\d{{1,2}})(?::(?P<{p}m>[0-5]\d))?\s*(?P<{p}ap>a\.?m\.?|p\.?m\.?)?"
        r"(?!\d|\s*(?:days?|hours?|hrs?|minutes?|mins?|weeks?|months?|times|restarts?|tries|"
        rf"attempts|%|gb|mb|mbps|years?)\b)|(?P<{p}w>noon|midday|midnight))"
    )


def _t_zh(p: str) -> str:
    """A Chinese clock time (下午三点半) with groups ``<p>per``, ``<p>h``, ``<p>half``, ``<p>m``."""
    return (
        rf"(?P<{p}per>上午|早上|早晨|中午|下午|晚上|傍晚|凌晨|今晚|明晚|明早|今早)?\s*"
        rf"(?P<{p}h>{_ZH_NUM})\s*(?:点|時|时|:)\s*(?:(?P<{p}half>半)|(?P<{p}m>{_ZH_NUM})\s*分?)?"
    )


# (kind, pattern, needs a marker): a time without "after"/"between"... needs am/pm, ":mm", a
# word ("noon") or a part of the day, so "3 restarts" or "error 500" are no times.
_TIME_RULES: Final[tuple[tuple[str, re.Pattern[str], bool], ...]] = (
    (
        "range",
        re.compile(rf"\b(?:between|from)\s+{_t_en('a')}\s*(?:and|to|until|till|-)\s*{_t_en('b')}"),
        False,
    ),
    ("range", re.compile(rf"{_t_zh('a')}\s*(?:到|至|-|~)\s*{_t_zh('b')}"), False),
    ("range", re.compile(rf"\b{_t_en('a')}\s*(?:-|to|until|till)\s*{_t_en('b')}"), True),
    (
        "after",
        re.compile(rf"\b(?:after|past|later\s+than|from)\s+(?:about\s+|around\s+)?{_t_en('a')}"),
        False,
    ),
    ("after", re.compile(rf"{_t_zh('a')}\s*(?:以后|之后|过后|后)"), False),
    ("before", re.compile(rf"\b(?:before|until|till|by|no\s+later\s+than)\s+{_t_en('a')}"), False),
    ("before", re.compile(rf"{_t_zh('a')}\s*(?:以前|之前|前)"), False),
    ("at", re.compile(rf"\b(?:at|around|about)\s+{_t_en('a')}"), True),
    ("at", re.compile(rf"\b{_t_en('a')}"), True),
    ("at", re.compile(_t_zh("a")), True),
)


def _has_marker(match: re.Match[str]) -> bool:
    groups = match.groupdict()
    # "一点" alone is also "a bit": a Chinese time needs a part of the day, minutes or 半.
    return any(groups.get(f"{p}{g}") for p in ("a", "b") for g in ("ap", "m", "w", "per", "half"))


_DAYSET = re.compile(
    r"\b(?P<wd>(?:on\s+)?(?:weekdays|week\s*days|workdays|during\s+the\s+week|monday\s+to\s+friday|"
    r"mon-fri))\b|\b(?P<we>(?:on\s+)?weekends?)\b|(?P<zwd>工作日|周一到周五|平时|平日)|(?P<zwe>周末|双休日)"
)
_DATE_WORDS = re.compile(
    r"\b(?P<today>today|tonight|this\s+(?:morning|afternoon|evening))\b|"
    r"\b(?P<dat>(?:the\s+)?day\s+after\s+tomorrow)\b|\b(?P<tomorrow>tomorrow)\b|"
    r"\b(?:on\s+|this\s+)?(?P<next>next\s+)?(?P<wday>" + "|".join(_WEEKDAYS_EN) + r")\b(?!s)|"
    r"(?P<ztoday>今天|今日|今晚|今早)|(?P<ztomorrow>明天|明日|明晚|明早)|(?P<zdat>后天)|"
    r"(?P<znext>下)?(?:周|星期|礼拜)(?P<zwday>[一二三四五六日天])"
)
_PERIOD = re.compile(
    r"\b(?:in\s+the\s+)?(?P<en>mornings?|afternoons?|evenings?|nights?|lunch\s*time|lunch)\b|"
    r"\b(?P<tonight>tonight)\b|(?P<zh>上午|早上|早晨|中午|下午|晚上|傍晚|夜里|深夜|今晚|明晚|明早|今早)"
)


def _clock(match: re.Match[str], prefix: str, hint: str | None) -> tuple[int, int] | None:
    """Hour and minute of one captured time, am/pm resolved (``None`` if out of range)."""
    groups = match.groupdict()
    word = groups.get(f"{prefix}w")
    if word:
        return (0, 0) if word == "midnight" else (12, 0)
    hour = chinese_number(groups[f"{prefix}h"])
    minute_text = groups.get(f"{prefix}m")
    minute = (
        30 if groups.get(f"{prefix}half") else (chinese_number(minute_text) if minute_text else 0)
    )
    ampm = (groups.get(f"{prefix}ap") or "").replace(".", "")
    period = groups.get(f"{prefix}per") or hint
    if hour > 24 or minute > 59:
        return None
    if ampm == "pm" and hour < 12:
        hour += 12
    elif ampm == "am" and hour == 12:
        hour = 0
    elif not ampm:
        if (period in _PM_PERIODS and hour < 12) or (period == "中午" and hour <= 2):
            hour += 12
        elif period is None and 1 <= hour <= 7:
            hour += 12  # no am/pm and no part of the day: office hours
    return (hour % 24, minute)


def _hhmm(clock: tuple[int, int]) -> str:
    return f"{clock[0]:02d}:{clock[1]:02d}"


def _resolve_date(match: re.Match[str], today: date) -> date:
    groups = match.groupdict()
    if groups["today"] or groups["ztoday"]:
        return today
    if groups["tomorrow"] or groups["ztomorrow"]:
        return today + timedelta(days=1)
    if groups["dat"] or groups["zdat"]:
        return today + timedelta(days=2)
    if groups["wday"]:
        target = _WEEKDAYS_EN.index(groups["wday"])
        ahead = (target - today.weekday()) % 7
        if groups["next"] and ahead == 0:
            ahead = 7
        return today + timedelta(days=ahead)
    target = _WEEKDAYS_ZH[groups["zwday"]]
    if groups["znext"]:
        monday_next = today + timedelta(days=7 - today.weekday())
        return monday_next + timedelta(days=target)
    return today + timedelta(days=(target - today.weekday()) % 7)


_AROUND_LUNCH = re.compile(
    r"\b(?P<after>after)\s+lunch\b|\bbefore\s+lunch\b|(?P<zafter>午饭后|午休后)"
)


def _period_hint(text: str) -> tuple[str | None, str | None]:
    """The part of the day named in a sentence: (am/pm hint for clocks, canonical name)."""
    lunch = _AROUND_LUNCH.search(text)
    if lunch:
        name = "afternoon" if lunch.group("after") or lunch.group("zafter") else "morning"
        return name, name
    match = _PERIOD.search(text)
    if not match:
        return None, None
    if match.group("tonight"):
        return "evening", "evening"
    if match.group("zh"):
        word = match.group("zh")
        return word, _PERIOD_NAMES[word]
    word = match.group("en").replace(" ", "")
    name = {"lunchtime": "lunchtime", "lunch": "lunchtime"}.get(word, word.rstrip("s"))
    return name, name


def _find_time(sentence: _Sentence, today: date) -> tuple[_Found, date | None] | None:
    text = sentence.text
    if not _CONTACT_CONTEXT.search(text) or _PAST.search(text):
        return None
    parts: list[str] = []
    spans: list[tuple[int, int]] = []
    day: date | None = None
    dayset = _DAYSET.search(text)
    scan = text
    if dayset:
        parts.append("weekdays" if dayset.group("wd") or dayset.group("zwd") else "weekends")
        spans.append(dayset.span())
        scan = (
            text[: dayset.start()] + _MASK * (dayset.end() - dayset.start()) + text[dayset.end() :]
        )
    else:
        dated = _DATE_WORDS.search(text)
        if dated:
            day = _resolve_date(dated, today)
            parts.append(day.isoformat())
            spans.append(dated.span())
    hint, period_name = _period_hint(text)
    window: str | None = None
    for kind, pattern, needs_marker in _TIME_RULES:
        # "this evening around 7": a named part of the day makes a bare hour a time, but only
        # after "at"/"around" (the bare-number rule would read any number as an hour).
        prefixed = kind == "at" and pattern.pattern.startswith(r"\b(?:at|")
        match = next(
            (
                m
                for m in pattern.finditer(scan)
                if not needs_marker or _has_marker(m) or (prefixed and hint is not None)
            ),
            None,
        )
        if not match:
            continue
        start = _clock(match, "a", hint)
        if start is None:
            continue
        if kind == "range":
            end_hint = match.groupdict().get("aper") or hint
            end = _clock(match, "b", end_hint)
            if end is None:
                continue
            if end <= start and end[0] < 12:
                end = (end[0] + 12, end[1])
            window = f"{_hhmm(start)}-{_hhmm(end)}"
        else:
            clause = _clause_of(text, match.start())
            if kind == "before" and _FLIP_CONTEXT.search(clause):
                kind = "after"  # "don't call before 10", "busy until 11": after
            elif kind == "after" and re.search(
                r"\b(?:don'?t|do\s+not|never|not)\b|不要|别", clause
            ):
                kind = "before"
            window = _hhmm(start) if kind == "at" else f"{kind} {_hhmm(start)}"
        spans.append(match.span())
        break
    if window is None and period_name is not None:
        window = period_name
        period = _AROUND_LUNCH.search(text) or _PERIOD.search(text)
        if period:
            spans.append(period.span())
    if window is not None:
        parts.append(window)
    if not parts:
        return None
    first = sentence.start + min(span[0] for span in spans)
    last = sentence.start + max(span[1] for span in spans)
    # A clock time or a named day is more specific than "evenings" or "weekends".
    confidence = 0.85 if (window and ":" in window) or day else 0.8
    return _Found("contact_time", " ".join(parts), confidence, first, last), day


# --- text structure --------------------------------------------------------------------------

_SENTENCE_END = re.compile(r"[!?。;\n]+|(?<!\ba\.m)(?<!\bp\.m)\.(?=\s|$|[^\x00-\x7f])")


def _sentences(text: str) -> list[_Sentence]:
    out: list[_Sentence] = []
    position = 0
    for match in [*_SENTENCE_END.finditer(text), None]:
        stop = match.end() if match else len(text)
        if stop > position:
            out.append(_Sentence(position, stop, text[position:stop]))
        position = stop
        if match is None:
            break
    return out or [_Sentence(0, 0, "")]


def _sentence_at(sentences: list[_Sentence], index: int) -> _Sentence:
    for sentence in sentences:
        if sentence.start <= index < sentence.end:
            return sentence
    return sentences[-1]


def _clause_before(text: str, sentence: _Sentence, index: int) -> str:
    """Text of the current clause (within its sentence) before ``index``."""
    # Callers read at most the last few dozen characters; the cap keeps long messages linear.
    before = text[max(sentence.start, index - 120) : index]
    # ":" does not end a clause here: it introduces a value ("手机型号：vivo X100").
    return re.split(r"[,;，、]|\bbut\b|但是|不过|可是", before)[-1]


def _clause_of(text: str, index: int) -> str:
    starts = [m.end() for m in re.finditer(r"[,;:，、]", text[:index])]
    start = starts[-1] if starts else 0
    stop_match = re.search(r"[,;:，、]", text[index:])
    stop = index + stop_match.start() if stop_match else len(text)
    return text[start:stop]


def _longest(found: list[_Found]) -> list[_Found]:
    """Drop matches overlapping a longer one of the same key."""
    kept: list[_Found] = []
    for item in sorted(found, key=lambda f: (-(f.end - f.start), f.start)):
        if all(item.end <= other.start or item.start >= other.end for other in kept):
            kept.append(item)
    return kept


def _end_of_day(day: date, sent_at: datetime) -> datetime:
    return datetime.combine(day + timedelta(days=1), time(0), tzinfo=sent_at.tzinfo)


def extract_preferences(text: str, *, sent_at: datetime) -> list[ExtractedPreference]:
    """Extract preference statements from one customer message.

    ``sent_at`` must be timezone-aware (``ValueError`` otherwise): relative days ("tomorrow",
    明天) are resolved in its time zone and ``expires_at`` keeps its offset. Returns the items in
    the order they appear; see the module docstring for keys, values and confidences.

    >>> sent = datetime.fromisoformat("2026-03-04T10:00:00+08:00")
    >>> [(p.key, p.value) for p in extract_preferences("请打电话联系我", sent_at=sent)]
    [('contact_channel', 'phone')]
    """
    if sent_at.tzinfo is None or sent_at.utcoffset() is None:
        raise ValueError(
            f"sent_at must be timezone-aware, got naive datetime {sent_at.isoformat()}"
        )
    norm = normalize_chat(text)
    found = _find_emails(norm.text) + _find_phones(norm.text)
    # Addresses and numbers are masked before the other rules run: digits in a phone number are
    # no clock times, "@mail" no channel.
    chars = list(norm.text)
    for item in found:
        for index in range(item.start, item.end):
            chars[index] = _MASK
    masked = "".join(chars)
    sentences = _sentences(masked)
    found += _find_channels(masked, sentences)
    found += _find_languages(masked, sentences)
    found += _find_devices(masked, sentences)

    today = sent_at.date()
    dated_sentences: dict[int, date] = {}
    for sentence in sentences:
        result = _find_time(sentence, today)
        if result is None:
            continue
        item, day = result
        found.append(item)
        if day is not None:
            dated_sentences[sentence.start] = day

    best: dict[tuple[str, str], _Found] = {}
    for item in sorted(found, key=lambda f: (f.start, f.key)):
        current = best.get((item.key, item.value))
        if current is None or item.confidence > current.confidence:
            best[(item.key, item.value)] = item
    out: list[ExtractedPreference] = []
    for item in sorted(best.values(), key=lambda f: (f.start, f.key, f.value)):
        expires_at = None
        if item.key in ("contact_channel", "contact_time"):
            day = dated_sentences.get(_sentence_at(sentences, item.start).start)
            if day is not None:
                expires_at = _end_of_day(day, sent_at)
        out.append(
            ExtractedPreference(
                key=item.key,
                value=item.value,
                confidence=round(item.confidence, 2),
                span=_span(norm, item),
                expires_at=expires_at,
            )
        )
    return out


def _span(norm: NormalizedText, item: _Found) -> str:
    return norm.original_span(item.start, item.end)


# --- masking ---------------------------------------------------------------------------------


def _mask_email(match: re.Match[str]) -> str:
    local, _, domain = match.group().partition("@")
    return f"{local[0]}***@{domain}"


def _mask_phone(match: re.Match[str]) -> str:
    raw = match.group()
    if not _phone_like(raw):
        return raw
    digits = _digits(raw)
    trailing = raw[len(raw.rstrip(" .-(")) :]
    return f"***{digits[-2:]}{trailing}"


def mask_pii(text: str) -> str:
    """Mask email addresses and phone numbers in ``text`` for logs.

    An email keeps its first character and its domain (``j***@example.com``); a phone number
    keeps only its last two digits (``***34``). Masking errs on the safe side: every run of 7-15
    digits that could be a phone number is masked, whatever its context (an ISO date, an IPv4
    address or a decimal number is left alone). The text is NFKC-normalised first, so full-width
    addresses and digits are caught too; the result is that normalised text.

    >>> mask_pii("mail jane.doe@example.com or call +1 415 555 0134")
    'mail j***@example.com or call ***34'
    """
    folded = unicodedata.normalize("NFKC", text)
    masked = _EMAIL.sub(_mask_email, folded)
    return _PHONE_CANDIDATE.sub(_mask_phone, masked)


# --- one preference key per device family ---------------------------------------------------

# A customer owns several devices: each family (phone, laptop, ...) is its own latest-wins
# key, so "my iPhone 13 and my iPad Air" are two current facts, while a new phone replaces the
# old phone. Checked in order: the first family whose pattern matches the canonical value.
_DEVICE_FAMILIES: Final[tuple[tuple[str, re.Pattern[str]], ...]] = (
    ("tablet", re.compile(r"\b(ipad|galaxy tab|matepad|surface (pro|go)|kindle)\b", re.I)),
    ("watch", re.compile(r"\bwatch\b", re.I)),
    ("audio", re.compile(r"\b(airpods|buds)\b", re.I)),
    ("printer", re.compile(r"\b(laserjet|officejet|deskjet)\b", re.I)),
    ("router", re.compile(r"\b(archer|deco|nighthawk|rt-\w+)\b", re.I)),
    ("console", re.compile(r"\b(playstation|xbox|nintendo)\b", re.I)),
    ("desktop", re.compile(r"\b(imac|mac mini|mac studio|surface studio)\b", re.I)),
    (
        "laptop",
        re.compile(r"\b(macbook|dell|hp|lenovo|matebook|surface (laptop|book)|asus|acer)\b", re.I),
    ),
    (
        "phone",
        re.compile(r"\b(iphone|galaxy|pixel|huawei|xiaomi|redmi|oneplus|honor|oppo|vivo)\b", re.I),
    ),
)


def device_family(model: str) -> str:
    """The family of a canonical device model (``"iPhone 14 Pro"`` → ``"phone"``); ``"other"``."""
    for family, pattern in _DEVICE_FAMILIES:
        if pattern.search(model):
            return family
    return "other"


def preference_key(key: str, value: str) -> str:
    """The preference key a statement is recorded under.

    ``device_model`` becomes ``device_model_<family>`` (several devices are several facts);
    every other key is itself.
    """
    if key == "device_model":
        return f"device_model_{device_family(value)}"
    return key
