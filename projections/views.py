"""Read-side queries over the projections: what the CLI and API show people."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from caseledger.domain.errors import NotFound
from caseledger.domain.policies.preferences import ResolvedPreference
from caseledger.projections.attempt_list import entries_for_ticket
from caseledger.projections.base import SEEN, Doc, Projection
from caseledger.projections.memory_view import memory_view
from caseledger.projections.preference_view import resolved_preferences
from caseledger.projections.store import ReadModelStore


def public(doc: Doc) -> Doc:
    """A document without its bookkeeping fields."""
    return {k: v for k, v in doc.items() if k != SEEN}


class ReadViews:
    """Queries answered from read models only (never from aggregates)."""

    def __init__(self, store: ReadModelStore, projections: Sequence[Projection] = ()) -> None:
        self._store = store
        self._projections = {p.name: p for p in projections}

    def row_lineage(self, projection: str, key: str) -> list[dict[str, Any]]:
        """The events that caused a read-model row's current content, in log order."""
        try:
            source = self._projections[projection]
        except KeyError:
            raise NotFound("projection", projection) from None
        doc = self._store.get(projection, key)
        if doc is None:
            raise NotFound(f"{projection} row", key)
        ids = list(dict.fromkeys(source.sources(doc)))
        nodes = self._store.load("lineage_index", ids)
        found = [
            _brief(nodes[i]) | {"position": nodes[i].get("position")}
            for i in ids
            if i in nodes and nodes[i].get("type")
        ]
        return sorted(found, key=lambda n: n["position"] or 0)

    def ticket(self, ticket_id: str) -> Doc:
        doc = self._store.get("ticket_state", ticket_id)
        if doc is None:
            raise NotFound("ticket", ticket_id)
        return public(doc)

    def tickets(self, customer_id: str) -> list[Doc]:
        docs = [public(d) for d in self._store.by_customer("ticket_state", customer_id)]
        return sorted(docs, key=lambda d: d["opened_at"])

    def attempts(self, customer_id: str, ticket_id: str | None = None) -> list[Doc]:
        """The deduplicated attempt entries of a customer (or of one of their tickets)."""
        doc = self._store.get("attempt_list", customer_id)
        if doc is None:
            return []
        entries = entries_for_ticket(doc, ticket_id) if ticket_id else list(doc["actions"].values())
        return sorted(entries, key=lambda e: e["phrasings"][0]["occurred_at"])

    def preference_doc(self, customer_id: str) -> Doc | None:
        return self._store.get("preference_view", customer_id)

    def preferences(
        self, customer_id: str, *, as_of: datetime | None = None, now: datetime | None = None
    ) -> dict[str, ResolvedPreference]:
        return resolved_preferences(self.preference_doc(customer_id), as_of=as_of, now=now)

    def memory(self, customer_id: str, *, all: bool = False, now: datetime | None = None) -> Doc:
        """What the engine believes about a customer, grouped, for people (the memory view)."""
        doc = self._store.get("memory_view", customer_id)
        if doc is None:
            raise NotFound("customer memory", customer_id)
        return memory_view(doc, all=all, now=now)

    def lineage(self, event_id: str) -> Doc:
        doc = self._store.get("lineage_index", event_id)
        if doc is None or doc.get("type") is None:
            raise NotFound("event", event_id)
        return public(doc)

    def trace(self, event_id: str, *, depth: int = 12) -> dict[str, Any]:
        """The causal tree of an event: its causes, recursively, and its direct effects."""
        root = self.lineage(event_id)
        return {**self._causes(root, depth, {event_id}), "effects": self._effects(root)}

    def _causes(self, node: Doc, depth: int, visited: set[str]) -> dict[str, Any]:
        causes = []
        for cause in node["causes"]:
            cid = cause["event_id"]
            if depth <= 0 or cid in visited:
                continue
            visited.add(cid)
            try:
                parent = self.lineage(cid)
            except NotFound:
                causes.append({"event_id": cid, "why": cause["why"], "missing": True})
                continue
            causes.append({"why": cause["why"], **self._causes(parent, depth - 1, visited)})
        return {"event": _brief(node), "causes": causes}

    def _effects(self, node: Doc) -> list[dict[str, Any]]:
        docs = self._store.load("lineage_index", node["effects"])
        return [_brief(docs[e]) for e in node["effects"] if e in docs and docs[e].get("type")]


def _brief(node: Doc) -> dict[str, Any]:
    keys = (
        "event_id",
        "type",
        "occurred_at",
        "recorded_at",
        "actor",
        "summary",
        "ticket_id",
        "customer_id",
        "correlation_id",
    )
    return {k: node.get(k) for k in keys}
