"""``OfflineResponder``: a deterministic responder over the bundled troubleshooting playbook.

No network, no model: it proposes the next untried step of the ticket's category (the
catalog's ordered steps, ``caseledger.adapters.catalog``), in the request's language, adapted
to what memory knows (device model, preferred contact channel). A step is tried when its
action id is in ``tried_action_ids`` or an excluded solution is that action (same text, or
the catalog's reading of a rewording), or the customer said they tried it without success
(a sentence of this message, this ticket's earlier customer messages or recalled memory that
names the step and reads as failure feedback or "already tried"; a step only asked about or
reported working stays). When every step has been tried it proposes nothing and says a person
will follow up; an untriaged ticket gets the category its message talks about, or a question.
Output has the same shape as an LLM's: visible text, ``METADATA_DELIMITER``, JSON metadata —
streamed in small chunks.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache

from caseledger.adapters.catalog.catalog import Catalog, CatalogAction, load_catalog
from caseledger.adapters.llm.prompt import render_prompt
from caseledger.domain.policies.attempts import is_cjk, normalize_solution
from caseledger.domain.policies.feedback import classify_feedback
from caseledger.domain.ports import METADATA_DELIMITER, DraftRequest

__all__ = ["OfflineResponder"]

_DEVICE_KEYS = ("device_model", "device")
_CHANNEL_KEYS = ("contact_channel", "preferred_channel")
_CHANNEL_ZH = {
    "email": "邮件",
    "phone": "电话",
    "sms": "短信",
    "chat": "在线聊天",
    "wechat": "微信",
}
_WORD = re.compile(r"[a-z][a-z0-9]{3,}")
_STOPWORDS = frozenset(
    {
        "this", "that", "with", "from", "your", "have", "when", "then", "into", "they",
        "them", "their", "there", "what", "does", "will", "after", "again", "still", "just",
        "also", "about", "some", "more", "other", "than", "only", "make", "sure", "please",
        "down", "work", "anymore", "help", "keep", "stop", "start", "tried", "try",
    }
)  # fmt: skip
_ATTEMPT_LINE = re.compile(r"^\[(?P<status>[a-z_]+)\]\s*(?P<text>.+)$")
# Sentence ends, Chinese ones included; a comma does not end one, as "I swapped the outlet,
# neither helped" names the step and its outcome in two clauses.
_SENTENCE_END = re.compile(r"[.!?;。；！？\n]+")
# "Tried it" without an outcome: the customer still writes about the problem, so it failed.
_TRIED_CUE = re.compile(r"\b(?:already|tried)\b|已经|试过", re.IGNORECASE)
_CLAUSE_SEP = re.compile(r"[,，、:：]")
# Why the feedback classifier set a clause aside: the customer did not report doing it.
_SET_ASIDE = frozenset({"question", "hypothetical", "uncertain"})
_MEMORY_LINE = re.compile(r"^\[[^\]]*\]\s*")  # "[2026-01-05] text": the date recall adds

_TEXT = {
    "en": {
        "thanks": "Thanks for the details.",
        "thanks_device": "Thanks for the details about your {device}.",
        "first": "Let's start with this step:",
        "next": "Since that didn't fix it, let's try the next step:",
        "next_partial": "Since that only helped a little, let's try the next step:",
        "next_other": "Let's try another step:",
        "next_said": "Since you've already tried that, let's try this:",
        "ask_pending": "How did the last step go?",
        "remind": "No problem. When you get a chance, here is the step again:",
        "ask_result": "Please let me know whether that solves the problem.",
        "channel": "If we need to follow up, we'll contact you by {channel}, as you prefer.",
        "handoff": "I'm sorry this still isn't solved. We have gone through the standard "
        "troubleshooting steps for this problem, so a member of our support team will "
        "follow up with you personally{by_channel}.",
        "by_channel": " by {channel}",
        "clarify": "Could you tell me a little more about the problem: which device or "
        "service is affected, and what exactly happens?",
        "solved": "Great, I'm glad that solved it! If anything else comes up, just reply here.",
    },
    "zh": {
        "thanks": "感谢您提供的信息。",
        "thanks_device": "感谢您提供的信息（{device}）。",
        "first": "我们先试试这个方法：",
        "next": "既然之前的方法没有解决问题，我们来试试下一步：",
        "next_partial": "既然之前的方法只改善了一点，我们来试试下一步：",
        "next_other": "我们来试试另一个方法：",
        "next_said": "既然您已经试过这个方法，我们来试试这个：",
        "ask_pending": "上一步的效果怎么样？",
        "remind": "没关系，方便的时候请试试这一步：",
        "ask_result": "请告诉我这样做是否解决了问题。",
        "channel": "如需跟进，我们会按您的偏好通过{channel}联系您。",
        "handoff": "很抱歉问题仍未解决。这个问题的常规排查步骤都已经试过了，"
        "我们的支持人员会{by_channel}与您联系跟进。",
        "by_channel": "通过{channel}",
        "clarify": "能再具体描述一下问题吗？比如是哪台设备或哪项服务出了问题，具体是什么现象？",
        "solved": "太好了，很高兴问题解决了！如果还有其他问题，直接回复即可。",
    },
}


class OfflineResponder:
    """The ``Responder`` port without a model: the playbook's next untried step.

    ``catalog`` defaults to the packaged one. ``classify`` maps free text to the catalog
    action ids it names; the default reads texts with the catalog's ``ActionIndex`` (the
    guard's reader), so an excluded solution in other words still excludes its step.
    """

    def __init__(
        self,
        catalog: Catalog | None = None,
        *,
        classify: Callable[[str], Iterable[str]] | None = None,
        chunk_chars: int = 16,
    ) -> None:
        if chunk_chars < 1:
            raise ValueError("chunk_chars must be at least 1")
        self.catalog = catalog if catalog is not None else load_catalog()
        self.chunk_chars = chunk_chars
        self._classify = lru_cache(maxsize=2048)(
            (lambda text: frozenset(classify(text)))
            if classify is not None
            else _index_reader(self.catalog)
        )
        self._keywords = _category_keywords(self.catalog)
        self._said_failed = lru_cache(maxsize=2048)(self._sentence_said_failed)

    @property
    def name(self) -> str:
        """``offline``, recorded with each reply."""
        return "offline"

    def prompt_hash(self, request: DraftRequest) -> str:
        """sha256 of the prompt an LLM would get for ``request`` (the same input fingerprint)."""
        return render_prompt(request, catalog=self.catalog).sha256

    def stream(self, request: DraftRequest) -> Iterator[str]:
        """Yield the draft in ``chunk_chars`` pieces (the delimiter is split like any text)."""
        raw = self.draft(request)
        for start in range(0, len(raw), self.chunk_chars):
            yield raw[start : start + self.chunk_chars]

    def draft(self, request: DraftRequest) -> str:
        """The whole raw draft: visible text, delimiter, JSON metadata."""
        lang = "zh" if request.language == "zh" else "en"
        words = _TEXT[lang]
        category = self._category(request)
        channel = _first(request.facts, _CHANNEL_KEYS)
        channel_text = _CHANNEL_ZH.get(channel.casefold(), channel) if lang == "zh" else channel
        attempts = _attempts(request)
        statuses = [status for status, _ in attempts]
        if statuses and statuses[-1] == "succeeded":
            # The customer just reported the last step worked: don't propose another one.
            return _render(words["solved"], [], "acknowledge", category or "general", [])
        if statuses and statuses[-1] in (*_AWAITING, "not_attempted"):
            # The message says nothing of how the last step went (ask), or that it was not
            # tried yet (remind): rather than pile a second step on one untried, or claim it
            # failed. Nothing new is proposed; the step is on record already.
            opening = words["remind" if statuses[-1] == "not_attempted" else "ask_pending"]
            sep = "" if lang == "zh" else " "
            text = opening + "\n" + attempts[-1][1] + "\n" + words["ask_result"]
            if channel:
                text += sep + words["channel"].format(channel=channel_text)
            intent = "remind" if statuses[-1] == "not_attempted" else "ask_result"
            return _render(text, [], intent, category or "general", [])
        if category is None:
            return _render(words["clarify"], [], "clarify", "general", [])
        step, said = self._next_step(request, category)
        if step is None:
            by_channel = words["by_channel"].format(channel=channel_text) if channel else ""
            text = words["handoff"].format(by_channel=by_channel)
            return _render(text, [], "handoff", category, [])
        device = _device(request.facts, category, request.message)
        solution = step.text(lang)
        # "Next step" only when this ticket already has attempts; failures on the customer's
        # other tickets are excluded too, but were never discussed here.
        intro = [
            words["thanks_device"].format(device=device) if device else words["thanks"],
            _intro(words, statuses[-1] if statuses else None, bool(request.tried_action_ids), said),
        ]
        outro = [words["ask_result"]]
        if channel:
            outro.append(words["channel"].format(channel=channel_text))
        sep = "" if lang == "zh" else " "
        text = sep.join(intro) + "\n" + solution + "\n" + sep.join(outro)
        return _render(text, [solution], "troubleshoot", category, [step.action_id])

    # -- internals ------------------------------------------------------------------------

    def _category(self, request: DraftRequest) -> str | None:
        if request.ticket_category in self.catalog.categories:
            return request.ticket_category
        # An untriaged ticket ("general"): pick the category whose wording the message shares.
        return _best_category(request.message, self._keywords)

    def _next_step(self, request: DraftRequest, category: str) -> tuple[CatalogAction | None, bool]:
        """The first step not excluded, and whether one before it was skipped only because
        the customer said they had tried it (the intro then says so)."""
        excluded_ids = set(request.tried_action_ids)
        excluded_texts = {normalize_solution(s) for s in request.excluded_solutions}
        for solution in request.excluded_solutions:
            excluded_ids.update(self._classify(solution))
        said_ids = self._customer_tried(request)
        skipped_for_said = False
        for step in self.catalog.steps(category):
            if step.action_id in excluded_ids:
                continue
            if any(normalize_solution(t) in excluded_texts for t in step.texts.values()):
                continue
            if step.action_id in said_ids:
                skipped_for_said = True
                continue
            return step, skipped_for_said
        return None, skipped_for_said

    def _customer_tried(self, request: DraftRequest) -> frozenset[str]:
        """Catalog actions the customer said they tried without success: in this message,
        this ticket's earlier customer messages, or recalled memory (only customer messages
        are retained, so memory is their words too)."""
        texts = [request.message]
        for section in request.sections:
            if section.label == "recent_messages":
                texts.extend(
                    line.removeprefix("customer:")
                    for line in section.lines
                    if line.startswith("customer:")
                )
            elif section.label == "memory":
                texts.extend(_MEMORY_LINE.sub("", line, count=1) for line in section.lines)
        return frozenset(
            action
            for text in texts
            for sentence in _SENTENCE_END.split(text)
            for action in self._said_failed(sentence.strip())
        )

    def _sentence_said_failed(self, sentence: str) -> frozenset[str]:
        if not sentence:
            return frozenset()
        actions = self._classify(sentence)
        if not actions:
            return frozenset()  # the cheap check first: most sentences name no step
        # A step only asked about in a clause of its own ("no luck, should I check the
        # cable?") is not one the customer tried.
        clauses = [c.strip() for c in _CLAUSE_SEP.split(sentence) if c.strip()]
        if len(clauses) > 1:
            asked: set[str] = set()
            stated: set[str] = set()
            for clause in clauses:
                named = self._classify(clause)
                if named:
                    aside = classify_feedback(clause).cue in _SET_ASIDE
                    (asked if aside else stated).update(named)
            actions = actions - (asked - stated)
            if not actions:
                return frozenset()
        verdict = classify_feedback(sentence)
        if verdict.outcome == "failed":
            return actions
        # No outcome and no question, hypothetical or doubt set aside ("no cue"): a step
        # reported as tried, in a message about a problem that is still there.
        if verdict.outcome is None and verdict.cue == "no cue" and _TRIED_CUE.search(sentence):
            return actions
        return frozenset()  # worked, partly worked, not tried yet, or only asked about


def _index_reader(catalog: Catalog) -> Callable[[str], frozenset[str]]:
    def read(text: str) -> frozenset[str]:
        # Every catalog action any step of the text names ("restart the router and the modem"
        # tried both).
        steps = catalog.index().analyze(text).steps
        return frozenset(action for step in steps for action in step.action_ids)

    return read


# Statuses of an attempt the customer has not reported on (yet).
_AWAITING = frozenset({"pending", "unknown"})


def _attempts(request: DraftRequest) -> list[tuple[str, str]]:
    """This ticket's attempts, in order, as (status, text), from lines ``[status] text``."""
    return [
        (match["status"], match["text"].strip())
        for section in request.sections
        if section.label == "ticket_attempts"
        for line in section.lines
        if (match := _ATTEMPT_LINE.match(line.strip()))
    ]


def _intro(
    words: Mapping[str, str], last: str | None, tried_elsewhere: bool, said_tried: bool
) -> str:
    """How the next step is introduced: after what the customer said of the last one."""
    if last == "failed":
        return words["next"]
    if last == "partial":
        return words["next_partial"]
    if said_tried:
        # Skipped because the customer said they tried it, not because it failed here.
        return words["next_said"]
    if last is not None or tried_elsewhere:
        # Only steps excluded for other reasons: nothing failed here.
        return words["next_other"]
    return words["first"]


# Which device families a category is usually about (several devices on file: name the one
# the problem is about, or none rather than the wrong one).
_CATEGORY_FAMILIES = {
    "power": ("laptop", "phone", "tablet"),
    "wifi": ("laptop", "phone", "tablet"),
    "router": ("router",),
    "printer": ("printer",),
    "bluetooth": ("audio", "watch", "phone"),
    "slow_computer": ("laptop", "desktop"),
    "app": ("phone", "tablet"),
    "payment": ("phone",),
    "login": ("phone", "laptop"),
    "email": ("laptop", "phone"),
}
_FAMILY_WORDS = {
    "phone": ("phone", "手机"),
    "laptop": ("laptop", "notebook", "computer", "笔记本", "电脑"),
    "desktop": ("desktop", "computer", "电脑"),
    "tablet": ("tablet", "ipad", "平板"),
    "router": ("router", "路由器"),
    "printer": ("printer", "打印机"),
    "watch": ("watch", "手表"),
    "audio": ("headphone", "earbuds", "airpods", "耳机"),
    "console": ("console", "playstation", "xbox", "switch", "游戏机"),
}


def _device(facts: Mapping[str, str], category: str | None, message: str) -> str:
    """The device to name: the only one on file, or the one this message/category is about."""
    devices = {
        key.removeprefix("device_model_"): value.strip()
        for key, value in facts.items()
        if (key in _DEVICE_KEYS or key.startswith("device_model_")) and value.strip()
    }
    if len(devices) <= 1:
        return next(iter(devices.values()), "")
    text = message.casefold()
    for family, model in devices.items():  # the message names the model or the kind of device
        if model.casefold() in text or any(w in text for w in _FAMILY_WORDS.get(family, ())):
            return model
    for family in _CATEGORY_FAMILIES.get(category or "", ()):
        if family in devices:
            return devices[family]
    return ""


def _first(facts: Mapping[str, str], keys: Sequence[str]) -> str:
    for key in keys:
        value = facts.get(key, "").strip()
        if value:
            return value
    return ""


def _render(
    text: str, solutions: list[str], intent: str, category: str, action_ids: list[str]
) -> str:
    metadata = {
        "proposed_solutions": solutions,
        "intent": intent,
        "category": category,
        "priority": None,  # the offline responder never changes urgency
        "catalog_action_ids": action_ids,
    }
    return text + "\n" + METADATA_DELIMITER + "\n" + json.dumps(metadata, ensure_ascii=False)


def _stem(word: str) -> str:
    # Crude English suffix stripping: "disconnecting"/"disconnects" meet "disconnect".
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def _tokens(text: str) -> set[str]:
    """English word stems of 4+ letters (minus stopwords) and Chinese character bigrams."""
    folded = normalize_solution(text).replace("wi fi", "wifi")
    tokens = {_stem(w) for w in _WORD.findall(folded)} - _STOPWORDS
    cjk = "".join(c if is_cjk(c) else " " for c in folded).split()
    tokens.update(run[i : i + 2] for run in cjk for i in range(len(run) - 1))
    return tokens


def _category_keywords(catalog: Catalog) -> dict[str, dict[str, float]]:
    """Per category, token -> weight: words of its name and title count three times."""
    keywords: dict[str, dict[str, float]] = {}
    for category in catalog.categories:
        weights: dict[str, float] = {}
        for step in catalog.steps(category):
            for text in (*step.texts.values(), *step.all_aliases()):
                weights.update(dict.fromkeys(_tokens(text), 1.0))
        titles = " ".join(catalog.category(category).titles.values())
        weights.update(dict.fromkeys(_tokens(f"{category.replace('_', ' ')} {titles}"), 3.0))
        keywords[category] = weights
    return keywords


def _best_category(message: str, keywords: Mapping[str, Mapping[str, float]]) -> str | None:
    """The category whose words the message shares most, or None when none clearly."""
    found = _tokens(message)
    spread = {t: sum(1 for other in keywords.values() if t in other) for t in found}
    # A word found in few categories says more than one found in many (IDF-like weight).
    scores = sorted(
        ((sum(w[t] / spread[t] for t in found if t in w), c) for c, w in keywords.items()),
        reverse=True,
    )
    if not scores or scores[0][0] < 1.0:
        return None
    if len(scores) > 1 and scores[1][0] == scores[0][0]:
        return None  # a tie: ask rather than guess
    return scores[0][1]
