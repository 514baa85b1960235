"""MemoryView: what the engine believes about a customer, and why — the memory view for people.

The fold (:class:`MemoryView`) keeps, per customer, the raw facts from the log: the customer's
messages (the words a memory holds), which of them were written to the memory bank
(``customer.memory_retained``) or failed to be (``customer.memory_write_failed``), every
preference statement and correction (exactly as :class:`PreferenceView` keeps them), and the
tickets opened. The query (:func:`memory_view`) turns that document into what a person reads:

* items grouped into ``devices``, ``support_preferences``, ``past_support_activity`` and
  ``other`` — preferences by key, remembered messages by their words (:func:`classify_text`),
  tickets as past support activity;
* exact and near duplicates (rapidfuzz ratio >= 90 on normalised text) merged into one item
  with a ``count`` and every source listed;
* preference values resolved latest-wins with the domain policy; superseded, expired and
  low-confidence (candidate) values hidden unless ``all=True``; conflicts shown explicitly, in
  their group and in the view's ``conflicts`` list;
* every item carries ``source_event_id`` and ``at`` (when it was said or happened), and its
  ``sources`` for drilling down.

Merging and grouping happen at query time, over a canonical ordering, so the view does not
depend on the order events were folded in.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from rapidfuzz import fuzz

from caseledger.domain.envelope import EventEnvelope
from caseledger.domain.policies.attempts import normalize_solution
from caseledger.domain.policies.preferences import PreferenceStatement
from caseledger.projections.base import Doc
from caseledger.projections.preference_view import (
    PreferenceView,
    resolved_preferences,
    to_statements,
)

__all__ = ["GROUPS", "MemoryView", "classify_text", "memory_view"]

GROUPS = ("devices", "support_preferences", "past_support_activity", "other")
NEAR_DUPLICATE = 90.0  # rapidfuzz ratio on normalised text, 0..100

_PREFERENCE_TYPES = frozenset({"customer.preference_stated", "customer.preference_corrected"})
_TYPES = _PREFERENCE_TYPES | {
    "ticket.message_received",
    "customer.memory_retained",
    "customer.memory_write_failed",
    "customer.ticket_linked",
}
_PREFERENCES = PreferenceView()

_SUPPORT_KEYS = frozenset(
    {"contact_channel", "contact_time", "language", "email", "phone", "timezone", "name"}
)

# Words that put a remembered message into a group; checked in this order (a message about a
# device that stopped working is support activity; one that only names the device is a device).
_CLASSIFIERS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        # A question about the support desk itself ("what is your support phone number?")
        # names no device of the customer's.
        "other",
        re.compile(
            r"\b(?:your|the) (?:support |help ?desk |customer service )?(?:phone ?number|number"
            r"|email address|address|hours|website)\b|\bsupport (?:phone|number|line|hours)\b"
            r"|客服电话|你们的电话|客服邮箱",
            re.IGNORECASE,
        ),
    ),
    (
        "support_preferences",
        re.compile(
            r"\b(prefer|preferred|rather|please (?:call|email|text|phone|ring|use|contact|write)"
            r"|(?:phone|email|e-mail|text|sms|chat|whatsapp|wechat) (?:is|works) (?:best|better"
            r"|fine|easiest|easier)|(?:phone|ring|message) me"
            r"|contact me|reach me|call me|email me|text me|write to me|don'?t (?:call|phone)"
            r"|by (?:email|phone|sms|text|chat)|language|english|spanish|chinese)\b"
            r"|联系|短信|邮件|邮箱|打电话|来电|微信|语言|中文|英文|沟通",
            re.IGNORECASE,
        ),
    ),
    (
        "past_support_activity",
        re.compile(
            r"\b(stopped|stops|won'?t|doesn'?t|isn'?t|not working|no longer|crash\w*|error\w*"
            r"|fail\w*|broken|jam\w*|drops?|disconnect\w*|freez\w*|overheat\w*|tried|restart\w*"
            r"|reinstall\w*|reset|fixed|refund\w*|ticket|issue|problem|bug)\b"
            r"|故障|坏了|不能|无法|失败|重启|卡顿|黑屏|闪烁|断开|不亮|不制冷|收不到|连不上|问题|退款"
            r"|试过|还是不行|不行|没用|没反应|修好|解决",
            re.IGNORECASE,
        ),
    ),
    (
        "devices",
        re.compile(
            r"\b(laptop|notebook|computer|desktop|pc|mac|macbook|imac|phone|iphone|pixel|galaxy"
            r"|tablet|ipad|kindle|printer|router|modem|tv|television|watch|camera|console|ps5"
            r"|xbox|mouse|keyboard|monitor|headphones?|earbuds|speaker|soundbar|nas|thermostat"
            r"|model|device)\b"
            r"|手机|电脑|笔记本|平板|打印机|路由器|电视|手表|耳机|显示器|相机|投影仪|冰箱|机器人|型号",
            re.IGNORECASE,
        ),
    ),
)


def classify_text(text: str) -> str:
    """The group a remembered message belongs to (keyword rules, English and Chinese)."""
    for group, pattern in _CLASSIFIERS:
        if pattern.search(text):
            return group
    return "other"


def _group_for_key(key: str) -> str:
    if key.startswith("device"):
        return "devices"
    if key in _SUPPORT_KEYS or key.startswith("contact"):
        return "support_preferences"
    return "other"


class MemoryView:
    """Per customer: messages, memory writes, preference statements and tickets (raw facts)."""

    name = "memory_view"

    def keys(self, envelope: EventEnvelope) -> Sequence[str]:
        return [envelope.customer_id] if envelope.type in _TYPES else []

    def apply(self, key: str, doc: Doc | None, envelope: EventEnvelope) -> Doc | None:
        new: Doc = dict(doc) if doc else _empty(key)
        p = envelope.payload
        kind = envelope.type
        if kind in _PREFERENCE_TYPES:
            prefs = _PREFERENCES.apply(key, new["preferences"], envelope)
            assert prefs is not None
            new["preferences"] = {
                "statements": prefs["statements"],
                "candidates": prefs["candidates"],
            }
        elif kind == "ticket.message_received":
            new["messages"] = {
                **new["messages"],
                envelope.event_id: {
                    "text": p["text"],
                    "occurred_at": envelope.occurred_at.isoformat(),
                    "ticket_id": envelope.ticket_id,
                    "actor": envelope.actor,
                },
            }
        elif kind == "customer.memory_retained":
            source = p["source_event_id"]
            previous = new["memories"].get(source)
            new["memories"] = {
                **new["memories"],
                source: {
                    "bank_id": p["bank_id"],
                    "memory_id": p["memory_id"],
                    "content_hash": p["content_hash"],
                    "retained_event_ids": [
                        *(previous["retained_event_ids"] if previous else []),
                        envelope.event_id,
                    ],
                    "retained_at": envelope.recorded_at.isoformat(),
                    "try_number": p["try_number"],
                },
            }
        elif kind == "customer.memory_write_failed":
            new["write_failures"] = {
                **new["write_failures"],
                p["source_event_id"]: {
                    "event_id": envelope.event_id,
                    "reason": p["reason"],
                    "try_number": p["try_number"],
                    "recorded_at": envelope.recorded_at.isoformat(),
                },
            }
        else:  # customer.ticket_linked
            new["tickets"] = {
                **new["tickets"],
                p["ticket_id"]: {
                    "subject": p["subject"],
                    "event_id": envelope.event_id,
                    "occurred_at": envelope.occurred_at.isoformat(),
                },
            }
        return new

    def sources(self, doc: Doc) -> list[str]:
        ids: list[str] = []
        for source, memory in doc["memories"].items():
            ids.append(source)
            ids.extend(memory["retained_event_ids"])
        for source, failure in doc["write_failures"].items():
            ids.extend((source, failure["event_id"]))
        ids.extend(s["source"] for s in doc["preferences"]["statements"])
        ids.extend(s["source"] for s in doc["preferences"]["candidates"])
        ids.extend(t["event_id"] for t in doc["tickets"].values())
        return ids


def _empty(key: str) -> Doc:
    return {
        "customer_id": key,
        "messages": {},
        "memories": {},
        "write_failures": {},
        "preferences": {"statements": [], "candidates": []},
        "tickets": {},
    }


# -- the query ----------------------------------------------------------------------------


def _at(statement: PreferenceStatement) -> str | None:
    when = statement.stated_at or statement.recorded_at
    return when.isoformat() if when else None


def _pref_source(statement: PreferenceStatement) -> dict[str, Any]:
    return {
        "event_id": statement.source,
        "at": _at(statement),
        "value": statement.value,
        "text": statement.text,
        "kind": statement.kind,
        "confidence": statement.confidence,
    }


def _pref_item(key: str, value: str, status: str, statements: list[PreferenceStatement]) -> Doc:
    ordered = sorted(statements, key=lambda s: (_at(s) or "", s.source))
    latest = ordered[-1]
    return {
        "kind": "preference",
        "group": _group_for_key(key),
        "key": key,
        "value": value,
        "text": latest.text or f"{key}: {value}",
        "status": status,
        "count": len(ordered),
        "source_event_id": latest.source,
        "at": _at(latest),
        "sources": [_pref_source(s) for s in ordered],
    }


def _same_value(a: str, b: str) -> bool:
    return a.strip().casefold() == b.strip().casefold()


def _preference_items(doc: Doc, *, all: bool, now: datetime | None) -> tuple[list[Doc], list[Doc]]:
    prefs = doc["preferences"]
    statements = to_statements(prefs["statements"])
    resolved = resolved_preferences(prefs, now=now)
    items: list[Doc] = []
    conflicts: list[Doc] = []
    for key, result in resolved.items():
        if result.status == "current" and result.value is not None:
            value = result.value
            repeats = [s for s in result.superseded if _same_value(s.value, value)]
            assert result.winner is not None
            items.append(_pref_item(key, value, "current", [result.winner, *repeats]))
            if all:
                older: dict[str, list[PreferenceStatement]] = {}
                for s in result.superseded:
                    if not _same_value(s.value, value):
                        older.setdefault(s.value.strip().casefold(), []).append(s)
                items.extend(
                    _pref_item(key, group[0].value, "superseded", group) for group in older.values()
                )
        elif result.status == "conflict":
            item = _pref_item(key, "", "conflict", list(result.candidates))
            item["value"] = None
            item["candidates"] = [_pref_source(s) for s in result.candidates]
            item["text"] = f"{key}: " + " / ".join(s.value for s in result.candidates)
            items.append(item)
            conflicts.append(item)
    if all:
        if now is not None:
            expired = [s for s in statements if s.expires_at is not None and s.expires_at <= now]
            items.extend(_pref_item(s.key, s.value, "expired", [s]) for s in expired)
        items.extend(
            _pref_item(s.key, s.value, "candidate", [s]) for s in to_statements(prefs["candidates"])
        )
    return items, conflicts


def _text_items(doc: Doc, *, all: bool) -> list[Doc]:
    items: list[Doc] = []
    for source, memory in doc["memories"].items():
        message = doc["messages"].get(source)
        text = message["text"] if message else None
        items.append(
            {
                "kind": "memory",
                "group": classify_text(text or ""),
                "text": text,
                "status": "remembered",
                "source_event_id": source,
                "at": message["occurred_at"] if message else memory["retained_at"],
                "ticket_id": message["ticket_id"] if message else None,
                "bank_id": memory["bank_id"],
                "memory_id": memory["memory_id"],
                "retained_event_ids": list(memory["retained_event_ids"]),
            }
        )
    if all:
        for source, failure in doc["write_failures"].items():
            if source in doc["memories"]:
                continue  # a later try succeeded
            message = doc["messages"].get(source)
            text = message["text"] if message else None
            items.append(
                {
                    "kind": "memory",
                    "group": classify_text(text or ""),
                    "text": text,
                    "status": "not_saved",
                    "reason": failure["reason"],
                    "source_event_id": source,
                    "at": message["occurred_at"] if message else failure["recorded_at"],
                    "ticket_id": message["ticket_id"] if message else None,
                    "failed_event_id": failure["event_id"],
                }
            )
    for ticket_id, ticket in doc["tickets"].items():
        items.append(
            {
                "kind": "ticket",
                "group": "past_support_activity",
                "text": ticket["subject"],
                "status": "opened",
                "source_event_id": ticket["event_id"],
                "at": ticket["occurred_at"],
                "ticket_id": ticket_id,
            }
        )
    return items


def _merge(items: Iterable[Doc]) -> list[Doc]:
    """Merge exact and near duplicates of the same kind and status; count and list sources."""
    clusters: list[tuple[str, Doc, list[Doc]]] = []
    # Canonical order (time, then source id): the merge does not depend on fold order.
    for item in sorted(items, key=lambda i: (i["at"] or "", i["source_event_id"])):
        norm = normalize_solution(item["text"] or "")
        for rep_norm, rep, members in clusters:
            if (
                rep["kind"] == item["kind"]
                and rep["status"] == item["status"]
                and norm
                and fuzz.ratio(rep_norm, norm) >= NEAR_DUPLICATE
            ):
                members.append(item)
                break
        else:
            clusters.append((norm, item, [item]))
    merged: list[Doc] = []
    for _, first, members in clusters:
        latest = members[-1]
        merged.append(
            {
                **latest,
                "count": len(members),
                "first_at": first["at"],
                "sources": [
                    {"event_id": m["source_event_id"], "at": m["at"], "text": m["text"]}
                    for m in members
                ],
            }
        )
    return merged


def memory_view(doc: Doc | None, *, all: bool = False, now: datetime | None = None) -> Doc:
    """What a person reads about a customer: grouped items, duplicates merged, conflicts shown.

    ``all=True`` also lists superseded, expired and candidate preference values and messages
    whose memory write failed. ``now`` is the expiry reference for time-bound preferences
    (``None``: expiry is not applied). Items in each group are latest first.
    """
    groups: dict[str, list[Doc]] = {group: [] for group in GROUPS}
    if doc is None:
        return {"customer_id": None, "groups": groups, "conflicts": []}
    preference_items, conflicts = _preference_items(doc, all=all, now=now)
    by_group: dict[str, list[Doc]] = {group: [] for group in GROUPS}
    for item in _text_items(doc, all=all):
        by_group[item["group"]].append(item)
    for group in GROUPS:
        groups[group] = _merge(by_group[group]) + [
            i for i in preference_items if i["group"] == group
        ]
        groups[group].sort(key=lambda i: (i["at"] or "", i["source_event_id"]), reverse=True)
    return {"customer_id": doc["customer_id"], "groups": groups, "conflicts": conflicts}
