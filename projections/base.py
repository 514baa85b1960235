"""What a projection is: a pure fold over event envelopes into keyed JSON documents.

The same projection code runs from the event store's notification log (embedded mode,
``projections/runner.py``) and from Kafka (production). A runner loads the documents an
event touches, folds the event in with :func:`fold`, and writes the documents together with
its tracked position in one transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from caseledger.domain.envelope import EventEnvelope

Doc = dict[str, Any]
SEEN = "_seen"  # per-aggregate last applied version, kept inside each document


class Projection(Protocol):
    """A named read model: which documents an event touches and how it changes them."""

    name: str

    def keys(self, envelope: EventEnvelope) -> Sequence[str]:
        """Keys of the documents this event changes (empty: the event is not for this view)."""
        ...

    def apply(self, key: str, doc: Doc | None, envelope: EventEnvelope) -> Doc | None:
        """Return the new document for ``key`` (None: no document). Must not mutate ``doc``."""
        ...

    def sources(self, doc: Doc) -> list[str]:
        """The event ids that caused this document's current content (for lineage)."""
        ...


def fold(projection: Projection, key: str, doc: Doc | None, envelope: EventEnvelope) -> Doc | None:
    """Apply one envelope to one document, ignoring a redelivered (already applied) event.

    Events of one aggregate always arrive in version order (one log, or one Kafka
    partition per customer), so "already applied" is: version <= the last one seen.
    """
    seen: dict[str, int] = dict(doc.get(SEEN, {})) if doc else {}
    if seen.get(envelope.aggregate_id, 0) >= envelope.aggregate_version:
        return doc
    new = projection.apply(key, doc, envelope)
    if new is None:
        return None
    seen[envelope.aggregate_id] = envelope.aggregate_version
    return {**new, SEEN: seen}
