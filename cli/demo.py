"""The scripted demo: real commands through the application service, then read-backs.

Everything printed is read back from the projections; the script only issues commands.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from rich.console import Console
from rich.rule import Rule

from caseledger.adapters.bootstrap import Container
from caseledger.cli import render
from caseledger.domain.errors import RepeatOfFailedAttempt
from caseledger.domain.services import Cause


@dataclass
class DemoResult:
    """Ids the demo produced, so tests (and curious users) can look them up."""

    tickets: dict[str, str] = field(default_factory=dict)
    events: dict[str, str] = field(default_factory=dict)
    refusals: list[RepeatOfFailedAttempt] = field(default_factory=list)


def run_scenario(c: Container, start: datetime) -> DemoResult:
    """Issue the demo's commands; world times are ``start`` plus scripted offsets."""
    desk, out = c.desk, DemoResult()

    def at(
        days: float = 0, minutes: float = 0, actor: str = "customer", causation: str | None = None
    ) -> Cause:
        occurred = start + timedelta(days=days, minutes=minutes)
        return Cause(actor=actor, occurred_at=occurred, causation_id=causation)

    # Customer A: a laptop that stopped charging after an update.
    desk.register_customer("cust-a", at(actor="service:crm"), display_name="Ana (customer A)")
    t1 = desk.open_ticket(
        "cust-a", "Dell Inspiron 15 stopped charging", at(minutes=1), category="hardware"
    )
    out.tickets["a1"] = t1
    m1 = desk.receive_message(
        t1,
        "My Dell Inspiron 15 stopped charging after the update yesterday. "
        "Please email me at ana@example.com.",
        at(minutes=1),
    )
    desk.state_preference(
        "cust-a",
        "contact_channel",
        "email",
        at(minutes=1, causation=m1),
        stated_at=start + timedelta(minutes=1),
        source_event_id=m1,
        text="Please email me at ana@example.com.",
        confidence=0.95,
    )
    desk.state_preference(
        "cust-a",
        "device_model",
        "Dell Inspiron 15",
        at(minutes=1, causation=m1),
        stated_at=start + timedelta(minutes=1),
        source_event_id=m1,
        text="My Dell Inspiron 15",
        confidence=0.9,
    )
    drain = desk.propose_attempt(
        t1,
        "Unplug the charger and hold the power button for 30 seconds to drain residual power",
        at(minutes=3, actor="assistant", causation=m1),
    )
    m2 = desk.receive_message(t1, "Tried it, still not charging.", at(minutes=20))
    desk.record_outcome(
        t1,
        drain,
        "failed",
        at(minutes=20, actor="assistant", causation=m2),
        confidence=0.9,
        note="customer: still not charging",
    )
    driver = desk.propose_attempt(
        t1,
        "Roll back the battery driver in Device Manager",
        at(minutes=21, actor="assistant", causation=m2),
    )
    m3 = desk.receive_message(t1, "That fixed it, it's charging now. Thanks!", at(minutes=40))
    desk.record_outcome(t1, driver, "succeeded", at(minutes=40, actor="assistant", causation=m3))
    desk.resolve_ticket(
        t1, "Battery driver rolled back", at(minutes=41, actor="agent:sam"), attempt_id=driver
    )

    # Customer A, a new session days later, says only that it happened again.
    t2 = desk.open_ticket("cust-a", "Charging problem again", at(days=5), category="hardware")
    out.tickets["a2"] = t2
    m4 = desk.receive_message(t2, "it stopped charging again after the update", at(days=5))
    desk.propose_attempt(
        t2,
        "In Device Manager, roll back the battery driver to the previous version",
        at(days=5, minutes=1, actor="assistant", causation=m4),
    )
    try:
        desk.propose_attempt(
            t2,
            "Disconnect the charger, then press and hold the power button for 30 seconds",
            at(days=5, minutes=2, actor="agent:sam", causation=m4),
        )
    except RepeatOfFailedAttempt as refused:
        out.refusals.append(refused)
    m5 = desk.receive_message(
        t2, "Also, please call me instead of emailing from now on.", at(days=5, minutes=5)
    )
    out.events["phone"] = desk.state_preference(
        "cust-a",
        "contact_channel",
        "phone",
        at(days=5, minutes=5, causation=m5),
        stated_at=start + timedelta(days=5, minutes=5),
        source_event_id=m5,
        text="please call me instead of emailing from now on",
        confidence=0.93,
    )
    out.events["before_phone"] = m5

    # Customer B: card checkout fails; the failed fix comes back in other words.
    desk.register_customer(
        "cust-b", at(days=5, actor="service:crm"), display_name="Bo (customer B)"
    )
    t3 = desk.open_ticket(
        "cust-b", "Card payment fails at checkout", at(days=5, minutes=10), category="billing"
    )
    out.tickets["b1"] = t3
    m6 = desk.receive_message(
        t3, "Checkout says my card was declined, but it works elsewhere.", at(days=5, minutes=10)
    )
    readd = desk.propose_attempt(
        t3,
        "Remove the card and add it again",
        at(days=5, minutes=11, actor="assistant", causation=m6),
    )
    m7 = desk.receive_message(t3, "Did that, still declined.", at(days=5, minutes=30))
    desk.record_outcome(
        t3, readd, "failed", at(days=5, minutes=30, actor="assistant", causation=m7), confidence=0.9
    )
    try:
        desk.propose_attempt(
            t3,
            "Delete the saved card from your account, then re-enter it",
            at(days=5, minutes=31, actor="assistant", causation=m7),
        )
    except RepeatOfFailedAttempt as refused:
        out.refusals.append(refused)
    other = desk.propose_attempt(
        t3, "Try a different card", at(days=5, minutes=32, actor="assistant", causation=m7)
    )
    desk.record_outcome(
        t3, other, "unknown", at(days=6, actor="service:followup"), note="no reply within 24h"
    )
    # Two undated imports disagree on when to call: the order can't be decided → conflict.
    for value in ("mornings", "evenings"):
        desk.state_preference(
            "cust-b",
            "contact_time",
            value,
            at(days=5, actor="service:crm"),
            stated_at=None,
            text=f"CRM import: call {value}",
            confidence=0.8,
        )
    return out


def show(c: Container, out: DemoResult, console: Console, start: datetime) -> None:
    """Print what the projections now hold."""
    views = c.views
    console.print(Rule("Ticket timelines (ticket_state projection)"))
    for key in ("a1", "a2", "b1"):
        render.timeline(console, views.ticket(out.tickets[key]))
    console.print(Rule("Deduplicated attempt lists (attempt_list projection)"))
    render.attempts(console, "Customer A — every ticket", views.attempts("cust-a"))
    render.attempts(console, "Customer B — every ticket", views.attempts("cust-b"))
    console.print(Rule("Preference view (preference_view projection, latest wins)"))
    before = views.lineage(out.events["before_phone"])["recorded_at"]
    render.preferences(console, "Customer A — now", views.preferences("cust-a"))
    render.preferences(
        console,
        f"Customer A — as believed at {before[:19]} (before the change)",
        views.preferences("cust-a", as_of=datetime.fromisoformat(before)),
    )
    render.preferences(console, "Customer B — now", views.preferences("cust-b"))
    console.print(Rule("Lineage: why does customer A's contact_channel = phone exist?"))
    resolved = views.preferences("cust-a")["contact_channel"]
    assert resolved.winner is not None
    render.trace(console, views.trace(resolved.winner.source))
    console.print(
        f"\nTrace any event: [bold]CASELEDGER_DATA_DIR={c.settings.data_dir} "
        f"caseledger trace {resolved.winner.source}[/]"
    )
