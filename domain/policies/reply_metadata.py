"""The reply's metadata is a proposal: split it from the visible text, then validate it.

A responder's raw draft is the customer-visible text, then ``METADATA_DELIMITER``, then one
JSON object (proposed_solutions, intent, category, priority, catalog_action_ids). Nothing in
that object is trusted:

* :func:`split_draft` separates the two parts and parses the object; broken or missing
  metadata is a result (an error string), never an exception.
* :func:`validate_metadata` turns the proposal into :class:`ValidatedMetadata`: category from
  an allowed list, priority may only rise, solutions bounded in number and length, and every
  change recorded as a :class:`Correction`.
* :func:`find_unperformed_claims` finds, in English and Chinese, a claim that an irreversible
  action (refund issued, account reset, order cancelled, ...) happened when the engine did not
  perform it; the caller replaces such a draft.
* :class:`StreamFilter` lets a streamed draft through chunk by chunk without ever emitting the
  delimiter or anything after it, even when the delimiter is split across chunks.

Pure: standard library only.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from caseledger.domain.ports import METADATA_DELIMITER

__all__ = [
    "IRREVERSIBLE_ACTIONS",
    "MAX_SOLUTIONS",
    "MAX_SOLUTION_CHARS",
    "PRIORITIES",
    "ActionClaim",
    "Correction",
    "ReplyMetadata",
    "StreamFilter",
    "ValidatedMetadata",
    "find_claims",
    "find_unperformed_claims",
    "split_draft",
    "validate_metadata",
]

# Same order as caseledger.domain.model.base.PRIORITIES (policies may not import the model;
# a unit test keeps the two equal).
PRIORITIES: Final = ("low", "normal", "high", "urgent")
MAX_SOLUTIONS: Final = 5
MAX_SOLUTION_CHARS: Final = 500
MAX_INTENT_CHARS: Final = 64
DEFAULT_CATEGORY: Final = "general"
UNKNOWN_INTENT: Final = "unknown"


# -- splitting ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ReplyMetadata:
    """The metadata block as the model wrote it (types checked, values not yet validated).

    ``None`` means the model did not give that field. Limits (at most ``MAX_SOLUTIONS``
    solutions of at most ``MAX_SOLUTION_CHARS`` characters, category from the allowed list,
    priority only rising) are enforced by :func:`validate_metadata`, which records each change.
    """

    proposed_solutions: list[str] = field(default_factory=list)
    intent: str | None = None
    category: str | None = None
    priority: str | None = None
    catalog_action_ids: list[str] = field(default_factory=list)


def _suffix_prefix_len(text: str, delimiter: str = METADATA_DELIMITER) -> int:
    """Length of the longest proper prefix of ``delimiter`` that ``text`` ends with."""
    for size in range(min(len(text), len(delimiter) - 1), 0, -1):
        if text.endswith(delimiter[:size]):
            return size
    return 0


def _visible_part(raw: str) -> tuple[str, str | None]:
    """(visible text, metadata block or None when there is no delimiter)."""
    index = raw.find(METADATA_DELIMITER)
    if index < 0:
        # A draft cut off inside the delimiter ("...<<<CASELED") shows none of it.
        cut = _suffix_prefix_len(raw)
        return raw[: len(raw) - cut].strip(), None
    return raw[:index].strip(), raw[index + len(METADATA_DELIMITER) :]


def _string_list(value: Any, name: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        # A common model slip: one solution as a bare string. Keeping it keeps it guarded.
        return [value]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ValueError(f"{name} must be a list of strings")
    return list(value)


def _optional_string(value: Any, name: str) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise ValueError(f"{name} must be a string")


def _parse_block(block: str) -> ReplyMetadata:
    text = block.strip()
    # Models like to wrap JSON in a Markdown fence; accept it.
    if text.startswith("```"):
        text = text[3:]
        if text[:4].casefold() == "json":
            text = text[4:]
        text = text.rsplit("```", 1)[0] if "```" in text else text
        text = text.strip()
    if not text:
        raise ValueError("the metadata block is empty")
    start = text.find("{")
    if start != 0:
        raise ValueError("the metadata block does not start with a JSON object")
    try:
        obj, _end = json.JSONDecoder().raw_decode(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"the metadata block is not valid JSON: {exc.msg} at {exc.pos}") from exc
    if not isinstance(obj, dict):
        raise ValueError("the metadata block is not a JSON object")
    return ReplyMetadata(
        proposed_solutions=_string_list(obj.get("proposed_solutions"), "proposed_solutions"),
        intent=_optional_string(obj.get("intent"), "intent"),
        category=_optional_string(obj.get("category"), "category"),
        priority=_optional_string(obj.get("priority"), "priority"),
        catalog_action_ids=_string_list(obj.get("catalog_action_ids"), "catalog_action_ids"),
    )


def split_draft(raw: str) -> tuple[str, ReplyMetadata | None, str | None]:
    """Split a raw draft into (visible text, metadata or None, parse error or None).

    The visible text is everything before the first ``METADATA_DELIMITER``, stripped; without
    a delimiter it is the whole draft minus any trailing partial delimiter. It always equals
    what :class:`StreamFilter` emits for the same draft. Never raises.

    >>> split_draft('Hi.' + METADATA_DELIMITER + '{"intent": "greet"}')[1].intent
    'greet'
    >>> split_draft("Hi.")[2]
    'no metadata delimiter in the draft'
    """
    visible, block = _visible_part(raw)
    if block is None:
        return visible, None, "no metadata delimiter in the draft"
    try:
        return visible, _parse_block(block), None
    except ValueError as exc:
        return visible, None, str(exc)


# -- validation ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Correction:
    """One value of the model's proposal that validation replaced, and why."""

    field: str
    proposed: str
    applied: str
    reason: str


@dataclass(frozen=True)
class ValidatedMetadata:
    """Metadata the engine may act on.

    ``corrections`` lists every proposed value that was replaced; ``defaulted`` names the
    fields the model did not give (filled with safe defaults); ``from_model`` is False when
    the metadata was missing or broken and everything is the safe default.
    """

    proposed_solutions: tuple[str, ...]
    intent: str
    category: str
    priority: str
    catalog_action_ids: tuple[str, ...]
    corrections: tuple[Correction, ...] = ()
    defaulted: tuple[str, ...] = ()
    from_model: bool = True


def _fallback_category(allowed: dict[str, str], current_category: str | None) -> str:
    if current_category is not None and current_category.strip().casefold() in allowed:
        return allowed[current_category.strip().casefold()]
    return DEFAULT_CATEGORY


def validate_metadata(
    meta: ReplyMetadata | None,
    *,
    allowed_categories: Collection[str],
    current_priority: str,
    performed_actions: Collection[str] = (),
    current_category: str | None = None,
    known_action_ids: Collection[str] | None = None,
) -> ValidatedMetadata:
    """Validate the model's proposal; never raises on anything the model wrote.

    * category: must be in ``allowed_categories`` (case-insensitive); otherwise the fallback
      (``current_category`` when it is allowed, else ``"general"``) with a correction.
    * priority: one of ``PRIORITIES`` and not below ``current_priority``; otherwise the
      current priority is kept, with a correction. A missing priority keeps the current one.
    * proposed_solutions: blanks and exact repeats dropped, each cut to
      ``MAX_SOLUTION_CHARS``, at most ``MAX_SOLUTIONS`` kept, and a "solution" claiming an
      irreversible action not in ``performed_actions`` dropped — each with a correction.
    * catalog_action_ids: when ``known_action_ids`` is given, unknown ids are dropped.
    * ``meta`` None (missing/broken metadata): the safe default — no solutions, intent
      ``"unknown"``, fallback category, current priority, ``from_model=False``.

    Raises ValueError only for a caller error: ``current_priority`` not in ``PRIORITIES``.
    """
    if current_priority not in PRIORITIES:
        raise ValueError(f"current_priority must be one of {PRIORITIES}, got {current_priority!r}")
    allowed = {c.strip().casefold(): c for c in allowed_categories}
    fallback = _fallback_category(allowed, current_category)
    if meta is None:
        return ValidatedMetadata(
            proposed_solutions=(),
            intent=UNKNOWN_INTENT,
            category=fallback,
            priority=current_priority,
            catalog_action_ids=(),
            defaulted=("proposed_solutions", "intent", "category", "priority"),
            from_model=False,
        )
    corrections: list[Correction] = []
    defaulted: list[str] = []

    # Category.
    if meta.category is None or not meta.category.strip():
        category = fallback
        defaulted.append("category")
    elif meta.category.strip().casefold() in allowed:
        category = allowed[meta.category.strip().casefold()]
    else:
        category = fallback
        corrections.append(
            Correction("category", meta.category, category, "not in the allowed categories")
        )

    # Priority: a model may raise urgency, never lower it (a person or rule set it).
    if meta.priority is None or not meta.priority.strip():
        priority = current_priority
        defaulted.append("priority")
    else:
        proposed_priority = meta.priority.strip().casefold()
        if proposed_priority not in PRIORITIES:
            priority = current_priority
            corrections.append(
                Correction("priority", meta.priority, priority, "not a known priority")
            )
        elif PRIORITIES.index(proposed_priority) < PRIORITIES.index(current_priority):
            priority = current_priority
            corrections.append(
                Correction("priority", meta.priority, priority, "priority may only rise")
            )
        else:
            priority = proposed_priority

    # Intent: free text, but bounded.
    if meta.intent is None or not meta.intent.strip():
        intent = UNKNOWN_INTENT
        defaulted.append("intent")
    else:
        intent = meta.intent.strip()[:MAX_INTENT_CHARS]
        if intent != meta.intent.strip():
            corrections.append(
                Correction("intent", meta.intent, intent, f"cut to {MAX_INTENT_CHARS} characters")
            )

    solutions = _validate_solutions(meta.proposed_solutions, performed_actions, corrections)

    action_ids: list[str] = []
    for action_id in meta.catalog_action_ids:
        action_id = action_id.strip()
        if not action_id or action_id in action_ids:
            continue
        if known_action_ids is not None and action_id not in known_action_ids:
            corrections.append(
                Correction("catalog_action_ids", action_id, "", "not a known catalog action")
            )
            continue
        action_ids.append(action_id)

    return ValidatedMetadata(
        proposed_solutions=tuple(solutions),
        intent=intent,
        category=category,
        priority=priority,
        catalog_action_ids=tuple(action_ids),
        corrections=tuple(corrections),
        defaulted=tuple(defaulted),
    )


def _validate_solutions(
    proposed: Sequence[str], performed_actions: Collection[str], corrections: list[Correction]
) -> list[str]:
    kept: list[str] = []
    for original in proposed:
        solution = original.strip()
        if not solution:
            corrections.append(Correction("proposed_solutions", original, "", "blank"))
            continue
        if len(solution) > MAX_SOLUTION_CHARS:
            cut = solution[:MAX_SOLUTION_CHARS]
            corrections.append(
                Correction(
                    "proposed_solutions", solution, cut, f"cut to {MAX_SOLUTION_CHARS} characters"
                )
            )
            solution = cut
        claims = find_unperformed_claims(solution, performed_actions)
        if claims:
            corrections.append(
                Correction(
                    "proposed_solutions",
                    solution,
                    "",
                    "claims an irreversible action the engine did not perform: "
                    + ", ".join(claims),
                )
            )
            continue
        if solution in kept:
            corrections.append(Correction("proposed_solutions", solution, "", "repeated"))
            continue
        if len(kept) == MAX_SOLUTIONS:
            corrections.append(
                Correction("proposed_solutions", solution, "", f"more than {MAX_SOLUTIONS}")
            )
            continue
        kept.append(solution)
    return kept


# -- claims of irreversible actions -------------------------------------------------------

IRREVERSIBLE_ACTIONS: Final = (
    "refund_issued",
    "account_reset",
    "account_deleted",
    "order_cancelled",
    "password_changed",
    "subscription_cancelled",
    "charge_reversed",
)


@dataclass(frozen=True)
class ActionClaim:
    """A sentence of the text states that an irreversible action has happened."""

    action: str  # one of IRREVERSIBLE_ACTIONS
    phrase: str  # the matched words, normalised (casefolded, NFKC)


# English. A claim is a completed action with the assistant as subject ("I've cancelled your
# order", "we have gone ahead and issued a refund") or a passive statement about the object
# ("your refund has been processed"). Offers, questions and negations ("I can cancel",
# "has your order been cancelled?", "I have not reset") are not claims.
_SUBJECT = (
    r"\b(?:i|we)(?:'ve|'d|\s+have|\s+had)?"
    r"(?:\s+(?:just|already|now|successfully|also|gone\s+ahead\s+and|went\s+ahead\s+and))*\s+"
)
_GAP = r"(?:\s+[\w#$.,%'-]+){0,3}?\s+"  # up to three words between the verb and its object
_DETERMINER = r"\b(?:your|the|this|that|a|an)\s+(?:[\w#$'-]+\s+){0,2}?"
_AUX = (
    r"\s+(?:[\w#-]+\s+){0,2}?(?:has|have|was|were|is|are)"
    r"(?:\s+(?:now|just|already|successfully|fully|been|being))*\s+"
)

# action -> (participles, object nouns)
_EN_ACTIONS: Final[dict[str, tuple[str, str]]] = {
    "refund_issued": (
        r"issued|processed|sent|initiated|completed|approved|made|given|credited|arranged"
        r"|submitted|started|paid",
        r"refunds?",
    ),
    "account_reset": (r"reset|wiped|reinitiali[sz]ed", r"account"),
    "account_deleted": (r"deleted|closed|removed|terminated|deactivated|erased", r"account"),
    "order_cancelled": (r"cancell?ed|voided|withdrawn|called\s+off", r"order"),
    "password_changed": (r"changed|reset|updated|modified|replaced", r"password"),
    "subscription_cancelled": (
        r"cancell?ed|terminated|ended|stopped|discontinued",
        r"subscription|membership|plan",
    ),
    "charge_reversed": (
        r"reversed|refunded|voided|cancell?ed|removed|waived|credited\s+back",
        r"charges?|transactions?|fees?|payments?",
    ),
}


def _english_patterns() -> list[tuple[str, re.Pattern[str]]]:
    patterns: list[tuple[str, re.Pattern[str]]] = []
    for action, (verbs, nouns) in _EN_ACTIONS.items():
        active = rf"{_SUBJECT}(?:{verbs}){_GAP}(?:{nouns})\b"
        passive = rf"{_DETERMINER}(?:{nouns}){_AUX}(?:{verbs})\b"
        # A whole sentence that is a status line: "Refund issued." / "Order cancelled."
        # Not "reset": "password reset" / "account reset" are usually noun phrases.
        status_verbs = "|".join(v for v in verbs.split("|") if v != "reset")
        bare = (
            rf"^(?:your\s+|the\s+)?(?:{nouns})\s+(?:successfully\s+)?(?:{status_verbs})"
            r"(?:\s+successfully)?\s*[.!。！]?$"
        )
        patterns.extend((action, re.compile(p)) for p in (active, passive, bare))
    patterns.extend(
        [
            ("refund_issued", re.compile(rf"{_SUBJECT}refunded\b")),
            ("refund_issued", re.compile(r"\byou(?:'ve|\s+have|\s+were)?\s+been\s+refunded\b")),
            ("refund_issued", re.compile(r"\byou\s+were\s+refunded\b")),
            ("refund_issued", re.compile(rf"{_DETERMINER}(?:money|amount|funds){_AUX}refunded\b")),
            ("subscription_cancelled", re.compile(rf"{_SUBJECT}unsubscribed\s+you\b")),
        ]
    )
    return patterns


# Chinese. Completed actions are marked by 已/已经 ("已为您退款", "您的账户已重置"); 未/尚未/
# 没有 (not yet) never match.
_ZH_HELP = r"已(?:经)?(?:成功)?(?:为您|帮您|给您|替您|向您|为你|帮你|给你)?(?:成功)?(?:将|把)?"
_ZH_DONE = r"(?:已|已经)(?:被)?(?:成功)?"
_ZH_ACCOUNT = r"(?:账户|账号|帐户|帐号)"
_ZH_CHARGE = r"(?:扣款|收费|费用|交易|付款|扣费)"
_ZH_PATTERNS: Final[tuple[tuple[str, str], ...]] = (
    (
        "refund_issued",
        _ZH_HELP + r"(?:办理|处理|完成|发起|安排|申请|提交)?(?:了)?(?:全额|部分)?退款",
    ),
    (
        "refund_issued",
        r"退款" + _ZH_DONE + r"(?:完成|处理|办理|发放|到账|提交|退回|原路退回|发起|打款|批准)",
    ),
    ("refund_issued", r"(?:款项|钱款|货款|金额)" + _ZH_DONE + r"(?:原路)?退(?:回|还)"),
    ("account_reset", _ZH_ACCOUNT + _ZH_DONE + r"(?:重置|初始化|清空)"),
    (
        "account_reset",
        _ZH_HELP + r"(?:重置|初始化|清空)(?:了)?(?:您的|你的)?" + _ZH_ACCOUNT,
    ),
    ("account_deleted", _ZH_ACCOUNT + _ZH_DONE + r"(?:注销|删除|关闭|停用)"),
    ("account_deleted", _ZH_HELP + r"(?:注销|删除|关闭|停用)(?:了)?(?:您的|你的)?" + _ZH_ACCOUNT),
    ("order_cancelled", r"订单(?:号)?[#＃]?[0-9a-z-]{0,24}" + _ZH_DONE + r"(?:取消|撤销)"),
    (
        "order_cancelled",
        _ZH_HELP + r"(?:取消|撤销)(?:了)?(?:您的|你的)?(?:这个|该|此|这笔|该笔)?订单",
    ),
    ("password_changed", r"密码" + _ZH_DONE + r"(?:重置|修改|更改|更新|重设)"),
    (
        "password_changed",
        _ZH_HELP + r"(?:重置|修改|更改|更新|重设)(?:了)?(?:您的|你的)?(?:登录|账户|账号)?密码",
    ),
    (
        "subscription_cancelled",
        r"(?:订阅|会员|套餐|自动续费)(?:服务)?" + _ZH_DONE + r"(?:取消|退订|终止|关闭)",
    ),
    (
        "subscription_cancelled",
        _ZH_HELP + r"(?:取消|退订|终止|关闭)(?:了)?(?:您的|你的)?(?:订阅|会员|套餐|自动续费)",
    ),
    (
        "charge_reversed",
        _ZH_CHARGE + _ZH_DONE + r"(?:撤销|撤回|冲正|退回|取消|冲销)",
    ),
    (
        "charge_reversed",
        _ZH_HELP + r"(?:撤销|撤回|冲正|退回|冲销)(?:了)?(?:这笔|该笔|您的|你的)?" + _ZH_CHARGE,
    ),
)

_EN_COMPILED: Final = _english_patterns()
_ZH_COMPILED: Final = tuple((action, re.compile(pattern)) for action, pattern in _ZH_PATTERNS)
_SENTENCE_END = re.compile(r"(?<=[.!?。！？;；\n])")
_QUESTION_END = ("?", "？")


def _normalize_for_claims(text: str) -> str:
    folded = unicodedata.normalize("NFKC", text).casefold()
    return folded.replace("\u2019", "'").replace("\u2018", "'")


def find_claims(text: str) -> list[ActionClaim]:
    """Every statement in ``text`` that an irreversible action has already happened.

    Sentence by sentence, English and Chinese; questions are skipped. One claim per action
    and sentence, in order of appearance.
    """
    claims: list[ActionClaim] = []
    for sentence in _SENTENCE_END.split(_normalize_for_claims(text)):
        stripped = sentence.strip()
        if not stripped or stripped.endswith(_QUESTION_END):
            continue
        english = " ".join(stripped.split())
        chinese = "".join(stripped.split())  # Chinese is written without spaces
        seen: set[str] = set()
        for action, pattern in _EN_COMPILED:
            match = pattern.search(english)
            if match and action not in seen:
                seen.add(action)
                claims.append(ActionClaim(action, match.group(0).strip()))
        for action, pattern in _ZH_COMPILED:
            match = pattern.search(chinese)
            if match and action not in seen:
                seen.add(action)
                claims.append(ActionClaim(action, match.group(0)))
    return claims


def find_unperformed_claims(text: str, performed_actions: Collection[str]) -> list[str]:
    """The irreversible actions ``text`` claims that are not in ``performed_actions``.

    Each action (one of ``IRREVERSIBLE_ACTIONS``) is listed once, in order of first claim.
    The caller must not send such a text; it replaces the draft.

    >>> find_unperformed_claims("I've issued a full refund.", ())
    ['refund_issued']
    >>> find_unperformed_claims("您的账户已重置。", {"account_reset"})
    []
    """
    out: list[str] = []
    for claim in find_claims(text):
        if claim.action not in performed_actions and claim.action not in out:
            out.append(claim.action)
    return out


# -- streaming ----------------------------------------------------------------------------


class StreamFilter:
    """Incremental filter of a streamed draft: emits only customer-visible text.

    ``feed`` returns the text that is now known to be visible. It holds back any suffix that
    could still become the delimiter (and trailing whitespace, so the output equals the
    stripped visible text of :func:`split_draft`); once the delimiter is seen, everything
    after it is kept internally and nothing more is emitted. ``finish`` ends the stream and
    drops whatever was held back (a cut-off partial delimiter is never shown).

    The concatenation of everything emitted equals ``split_draft(filter.raw)[0]``.
    """

    def __init__(self, delimiter: str = METADATA_DELIMITER) -> None:
        if not delimiter:
            raise ValueError("delimiter must not be empty")
        self._delimiter = delimiter
        self._pending = ""  # received, not yet emitted, delimiter not seen
        self._parts: list[str] = []  # everything received, for split_draft afterwards
        self._emitted: list[str] = []
        self._started = False  # emitted a non-blank character yet (leading blanks are dropped)
        self._delimited = False
        self._finished = False

    @property
    def raw(self) -> str:
        """Everything fed so far, unfiltered (give it to :func:`split_draft`)."""
        return "".join(self._parts)

    @property
    def visible(self) -> str:
        """Everything emitted so far."""
        return "".join(self._emitted)

    @property
    def delimiter_seen(self) -> bool:
        """Whether the metadata delimiter has arrived."""
        return self._delimited

    def feed(self, chunk: str) -> str:
        """Take the next chunk; return the customer-visible text it releases (maybe "")."""
        if self._finished:
            raise ValueError("feed() after finish()")
        self._parts.append(chunk)
        if self._delimited:
            return ""
        self._pending += chunk
        index = self._pending.find(self._delimiter)
        if index >= 0:
            self._delimited = True
            release = self._pending[:index].rstrip()
            self._pending = ""
        else:
            hold = _suffix_prefix_len(self._pending, self._delimiter)
            release = self._pending[: len(self._pending) - hold]
            # Trailing blanks wait for more text: the visible text ends stripped.
            kept = release.rstrip()
            self._pending = release[len(kept) :] + self._pending[len(release) :]
            release = kept
        if not self._started:
            release = release.lstrip()
            self._started = bool(release)
        if release:
            self._emitted.append(release)
        return release

    def finish(self) -> str:
        """End the stream; returns the visible text still owed (always "" by construction)."""
        self._finished = True
        self._pending = ""  # only blanks and a partial delimiter can be left: never shown
        return ""
