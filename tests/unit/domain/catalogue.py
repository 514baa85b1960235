"""The event catalogue, read from the aggregates (used by tests that keep docs honest)."""

from __future__ import annotations

import typing
from collections.abc import Iterator

from caseledger.domain.envelope import wire_type
from caseledger.domain.model.customer import Customer
from caseledger.domain.model.ticket import Ticket

_BASE = {
    "originator_id",
    "originator_version",
    "timestamp",
    "meta",
    "originator_topic",
    "originator_id_type",
}


def event_doc(cls: type) -> str:
    """The class's own docstring (eventsourcing re-creates @event classes with a generated one)."""
    for klass in cls.__mro__:
        doc = klass.__dict__.get("__doc__")
        if doc and not doc.startswith(f"{cls.__name__}("):
            return str(doc).strip()
    return ""


def events() -> Iterator[tuple[str, type, list[str]]]:
    """(wire type, class, payload fields) for every event the aggregates record."""
    for aggregate in (Ticket, Customer):
        for name, cls in vars(aggregate).items():
            if (
                isinstance(cls, type)
                and issubclass(cls, aggregate.Event)
                and name not in ("Event", "Created")
            ):
                fields = [k for k in typing.get_type_hints(cls) if k not in _BASE]
                yield wire_type(cls.__qualname__), cls, fields
