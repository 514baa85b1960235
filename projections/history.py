"""A ticket as it stood at any moment: its full timeline and its state folded up to a time.

Pure: the caller hands in the ticket's events (and its customer's, for preferences); the
same projection code as the read models folds them. ``as_of`` is compared with
``recorded_at`` — the state shown is what the engine knew at that instant (an event about
the past that was recorded later is not in it), so an analyst sees what an agent saw then.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from caseledger.domain.envelope import EventEnvelope
from caseledger.domain.policies.preferences import resolution_to_json
from caseledger.projections.attempt_list import AttemptList, entries_for_ticket
from caseledger.projections.base import Doc, Projection, fold
from caseledger.projections.describe import summarize
from caseledger.projections.preference_view import PreferenceView, resolved_preferences
from caseledger.projections.ticket_state import TicketState
from caseledger.projections.views import public


def _fold_all(projection: Projection, key: str, envelopes: Sequence[EventEnvelope]) -> Doc | None:
    doc: Doc | None = None
    for envelope in envelopes:
        if key in projection.keys(envelope):
            doc = fold(projection, key, doc, envelope)
    return doc


def ticket_history(
    ticket_id: str,
    ticket_events: Sequence[EventEnvelope],
    customer_events: Sequence[EventEnvelope] = (),
    *,
    as_of: datetime | None = None,
    other_ticket_events: Sequence[EventEnvelope] = (),
) -> dict[str, Any]:
    """The ticket's timeline (every event, each marked known or not at ``as_of``) and its
    state, attempts and customer preferences as the engine knew them at ``as_of`` (None: now).

    ``other_ticket_events``: the events of the customer's other tickets. The attempt list is
    the customer's, across tickets (a repeat refused here names the failed attempt of another
    ticket), so it is folded over all of them and this ticket's entries are shown.
    """
    if as_of is not None and (as_of.tzinfo is None or as_of.utcoffset() is None):
        raise ValueError("as_of must be timezone-aware")
    ordered = sorted(ticket_events, key=lambda e: e.aggregate_version)
    known = [e for e in ordered if as_of is None or e.recorded_at <= as_of]
    state = _fold_all(TicketState(), ticket_id, known)
    customer_id = ordered[0].customer_id if ordered else None
    attempts: list[dict[str, Any]] = []
    preferences: dict[str, Any] = {}
    if customer_id is not None:
        # In the order they were recorded, as the read model applied them.
        everything = sorted(
            [*ordered, *(e for e in other_ticket_events if e.aggregate_id != ticket_id)],
            key=lambda e: (e.recorded_at, e.aggregate_id, e.aggregate_version),
        )
        attempt_doc = _fold_all(
            AttemptList(),
            customer_id,
            [e for e in everything if as_of is None or e.recorded_at <= as_of],
        )
        if attempt_doc is not None:
            proposed_here = entries_for_ticket(attempt_doc, ticket_id)
            # And the failed attempts of other tickets that this one refused to repeat.
            refused_here = [
                entry
                for entry in attempt_doc["actions"].values()
                if ticket_id not in entry["tickets"]
                and any(r["ticket_id"] == ticket_id for r in entry["refused_repeats"])
            ]
            attempts = [*proposed_here, *refused_here]
        stated = [
            e
            for e in sorted(customer_events, key=lambda e: e.aggregate_version)
            if as_of is None or e.recorded_at <= as_of
        ]
        preference_doc = _fold_all(PreferenceView(), customer_id, stated)
        preferences = resolution_to_json(
            resolved_preferences(preference_doc, as_of=as_of, now=as_of)
        )
    return {
        "ticket_id": ticket_id,
        "customer_id": customer_id,
        "as_of": as_of.isoformat() if as_of else None,
        "exists": state is not None,
        "state": public(state) if state else None,
        "attempts": attempts,
        "preferences": preferences,
        "timeline": [
            {
                "event_id": e.event_id,
                "type": e.type,
                "aggregate_version": e.aggregate_version,
                "occurred_at": e.occurred_at.isoformat(),
                "recorded_at": e.recorded_at.isoformat(),
                "actor": e.actor,
                "summary": summarize(e),
                "known_at_as_of": as_of is None or e.recorded_at <= as_of,
            }
            for e in ordered
        ],
    }
