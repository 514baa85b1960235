"""README.md stays true: every event type and every top-level setting group is documented."""

from __future__ import annotations

from pathlib import Path

from caseledger.adapters.settings import Settings
from tests.unit.domain.catalogue import events

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def test_every_event_type_is_in_the_catalogue_with_its_fields() -> None:
    for wire, cls, fields in events():
        row = next((line for line in README.splitlines() if line.startswith(f"| `{wire}` |")), "")
        assert row, f"{wire} missing from the README event catalogue"
        assert f"| {getattr(cls, 'class_version', 1)} |" in row, wire
        for field in fields:
            assert f"`{field}`" in row, f"{wire}: field {field} not documented"


def test_every_setting_group_is_documented() -> None:
    for name in Settings.model_fields:
        assert f"CASELEDGER_{name.upper()}" in README, name


def test_the_kafka_example_sets_the_projection_source_and_names_the_events_dlq() -> None:
    section = README.split("## Kafka: every event on the bus", 1)[1].split("\n## ", 1)[0]
    example = section.split("```bash", 1)[1].split("```", 1)[0]
    # Without it the CLI's read commands run the in-process runner: two writers.
    assert "export CASELEDGER_PROJECTIONS__SOURCE=kafka" in example
    assert "caseledger.events.dlq" in section
    assert "second group" in section  # the ingest ledger is per consumer group
