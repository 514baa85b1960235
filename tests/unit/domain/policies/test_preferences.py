"""Example-based tests for the preference resolution policy."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from caseledger.domain.policies.preferences import (
    PreferenceStatement,
    ResolvedPreference,
    resolution_to_json,
    resolve,
    resolve_key,
    statements_from_json,
)

KEY = "contact_channel"
PLUS2 = timezone(timedelta(hours=2))
MINUS5 = timezone(timedelta(hours=-5))


def at(hour: int, minute: int = 0, tz: timezone = UTC) -> datetime:
    """An instant on 2026-01-01; hour/minute are wall-clock in ``tz``."""
    return datetime(2026, 1, 1, hour, minute, tzinfo=tz)


def stmt(
    value: str,
    stated_at: datetime | None,
    source: str = "",
    *,
    key: str = KEY,
    corrected: bool = False,
    recorded_at: datetime | None = None,
    expires_at: datetime | None = None,
) -> PreferenceStatement:
    return PreferenceStatement(
        key=key,
        value=value,
        stated_at=stated_at,
        source=source or f"evt-{value}",
        kind="corrected" if corrected else "stated",
        recorded_at=recorded_at,
        expires_at=expires_at,
    )


def values(statements: tuple[PreferenceStatement, ...]) -> list[str]:
    return [s.value for s in statements]


# --- rule 1: instants and naive datetimes ------------------------------------------


@pytest.mark.parametrize("field", ["stated_at", "recorded_at", "expires_at"])
def test_naive_statement_datetime_is_rejected_naming_the_field(field: str) -> None:
    kwargs: dict[str, Any] = {"stated_at": None, field: datetime(2026, 1, 1, 10)}
    with pytest.raises(ValueError, match=field):
        PreferenceStatement(key=KEY, value="phone", source="e1", **kwargs)


@pytest.mark.parametrize("field", ["as_of", "now"])
def test_naive_reference_time_is_rejected_naming_the_field(field: str) -> None:
    naive: dict[str, Any] = {field: datetime(2026, 1, 1, 10)}
    with pytest.raises(ValueError, match=field):
        resolve_key(KEY, [], **naive)
    with pytest.raises(ValueError, match=field):
        resolve([], **naive)


def test_invalid_kind_and_confidence_are_rejected() -> None:
    with pytest.raises(ValueError, match="kind"):
        PreferenceStatement(KEY, "phone", None, "e1", kind="retracted")  # type: ignore[arg-type]
    for bad in (1.5, -0.1, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="confidence"):
            PreferenceStatement(KEY, "phone", None, "e1", confidence=bad)


def test_same_instant_in_different_offsets_with_different_values_is_a_conflict() -> None:
    # 10:00+02:00 and 08:00Z are the same instant.
    result = resolve_key(KEY, [stmt("phone", at(10, tz=PLUS2)), stmt("email", at(8))])
    assert result.status == "conflict"
    assert sorted(values(result.candidates)) == ["email", "phone"]


def test_same_instant_in_different_offsets_with_same_value_is_current() -> None:
    result = resolve_key(
        KEY, [stmt("phone", at(10, tz=PLUS2), "a"), stmt("phone", at(3, tz=MINUS5), "b")]
    )
    assert result.status == "current"
    assert result.value == "phone"


def test_comparison_uses_instants_not_wall_clock() -> None:
    # 09:00+02:00 is 07:00Z, earlier than 08:30Z despite the larger wall-clock hour.
    earlier = stmt("phone", at(9, tz=PLUS2))
    later = stmt("email", at(8, 30))
    result = resolve_key(KEY, [later, earlier])
    assert (result.status, result.value, result.winner) == ("current", "email", later)
    assert result.superseded == (earlier,)


# --- rule 4: latest dated wins, ties, identical repeats ----------------------------


def test_latest_dated_statement_wins_and_older_are_superseded() -> None:
    old, mid, new = stmt("sms", at(8)), stmt("email", at(9)), stmt("phone", at(10))
    result = resolve_key(KEY, [mid, new, old])
    assert result == ResolvedPreference(KEY, "current", "phone", new, (), (mid, old))


def test_tie_at_latest_instant_with_different_values_is_a_conflict() -> None:
    older = stmt("sms", at(8))
    phone, email = stmt("phone", at(10)), stmt("email", at(10))
    result = resolve_key(KEY, [older, phone, email])
    assert result.status == "conflict"
    assert result.value is None
    assert result.winner is None
    assert set(result.candidates) == {phone, email}
    assert result.superseded == (older,)


def test_conflict_candidates_hold_one_statement_per_distinct_value() -> None:
    phone_a = stmt("phone", at(10), "a", recorded_at=at(11))
    phone_b = stmt(" Phone ", at(10), "b", recorded_at=at(12))
    email = stmt("email", at(10), "c")
    result = resolve_key(KEY, [phone_b, email, phone_a])
    assert result.status == "conflict"
    assert len(result.candidates) == 2
    assert email in result.candidates
    # Earliest recorded repeat represents the value; the other repeat is superseded.
    assert phone_a in result.candidates
    assert result.superseded == (phone_b,)


def test_identical_repeats_are_never_a_conflict() -> None:
    result = resolve_key(
        KEY,
        [stmt("phone", at(10), "a"), stmt("  PHONE ", at(10), "b"), stmt("Phone", None, "c")],
    )
    assert result.status == "current"
    assert result.candidates == ()


def test_winner_among_repeats_is_the_earliest_recorded_then_lowest_source() -> None:
    first = stmt("phone", at(10), "z", recorded_at=at(10, 5))
    second = stmt("phone", at(10), "a", recorded_at=at(10, 30))
    assert resolve_key(KEY, [second, first]).winner == first
    assert resolve_key(KEY, [first, second]).winner == first

    b, a = stmt("phone", at(10), "b"), stmt("phone", at(10), "a")
    assert resolve_key(KEY, [b, a]).winner == a
    assert resolve_key(KEY, [a, b]).winner == a


def test_exact_duplicates_are_collapsed() -> None:
    s = stmt("phone", at(10))
    result = resolve_key(KEY, [s, s, s])
    assert result == ResolvedPreference(KEY, "current", "phone", s, (), ())


# --- rule 5: corrections -----------------------------------------------------------


def test_correction_beats_an_older_statement() -> None:
    plain = stmt("phone", at(9))
    fix = stmt("email", at(10), corrected=True)
    result = resolve_key(KEY, [fix, plain])
    assert (result.status, result.winner, result.superseded) == ("current", fix, (plain,))


def test_correction_wins_a_tie_against_plain_statements() -> None:
    plain_a, plain_b = stmt("phone", at(10)), stmt("sms", at(10))
    fix = stmt("email", at(10, tz=UTC), corrected=True)
    result = resolve_key(KEY, [plain_a, fix, plain_b])
    assert (result.status, result.value, result.winner) == ("current", "email", fix)
    assert set(result.superseded) == {plain_a, plain_b}


def test_correction_tie_across_offsets_still_wins() -> None:
    plain = stmt("phone", at(10, tz=PLUS2))
    fix = stmt("email", at(8), corrected=True)
    assert resolve_key(KEY, [plain, fix]).winner == fix


def test_two_corrections_at_the_same_instant_with_different_values_conflict() -> None:
    a = stmt("email", at(10), corrected=True)
    b = stmt("phone", at(10), corrected=True)
    plain = stmt("sms", at(10))
    result = resolve_key(KEY, [a, b, plain])
    assert result.status == "conflict"
    assert set(result.candidates) == {a, b}
    assert result.superseded == (plain,)


def test_two_corrections_at_the_same_instant_with_the_same_value_agree() -> None:
    a = stmt("email", at(10), "a", corrected=True)
    b = stmt("EMAIL", at(10), "b", corrected=True)
    result = resolve_key(KEY, [b, a])
    assert (result.status, result.winner) == ("current", a)


def test_a_later_plain_statement_beats_an_earlier_correction() -> None:
    fix = stmt("email", at(9), corrected=True)
    later = stmt("phone", at(10))
    assert resolve_key(KEY, [fix, later]).winner == later


def test_correction_without_stated_at_is_ordered_by_recorded_at() -> None:
    plain = stmt("phone", at(9))
    fix = stmt("email", None, corrected=True, recorded_at=at(10))
    assert resolve_key(KEY, [plain, fix]).winner == fix
    later_plain = stmt("sms", at(11))
    assert resolve_key(KEY, [plain, fix, later_plain]).winner == later_plain


def test_correction_beats_an_undated_statement_recorded_before_it() -> None:
    undated = stmt("phone", None, recorded_at=at(9))
    fix = stmt("email", at(10), corrected=True, recorded_at=at(10))
    result = resolve_key(KEY, [undated, fix])
    assert (result.status, result.winner, result.superseded) == ("current", fix, (undated,))


def test_correction_known_only_by_stated_at_beats_an_undated_statement_recorded_before() -> None:
    undated = stmt("phone", None, recorded_at=at(9))
    fix = stmt("email", at(10), corrected=True)
    assert resolve_key(KEY, [undated, fix]).winner == fix


def test_correction_does_not_beat_an_undated_statement_recorded_after_it() -> None:
    fix = stmt("email", at(10), corrected=True, recorded_at=at(10))
    undated = stmt("phone", None, recorded_at=at(11))
    result = resolve_key(KEY, [undated, fix])
    assert result.status == "conflict"
    assert set(result.candidates) == {undated, fix}


def test_any_correction_beats_an_undated_statement_without_recorded_at() -> None:
    # The correction is old and itself lost to a later plain statement, yet it still
    # shows the undated statement predates a correction.
    fix = stmt("email", at(8), corrected=True)
    later = stmt("phone", at(10))
    undated = stmt("sms", None)
    result = resolve_key(KEY, [fix, later, undated])
    assert (result.status, result.winner) == ("current", later)
    assert set(result.superseded) == {fix, undated}


# --- rule 6: missing time ----------------------------------------------------------


def test_undated_statement_with_a_different_value_makes_a_conflict() -> None:
    dated = stmt("phone", at(10))
    undated = stmt("email", None, recorded_at=at(12))
    older = stmt("sms", at(8))
    result = resolve_key(KEY, [dated, undated, older])
    assert result.status == "conflict"
    assert result.candidates == (dated, undated)  # dated first, undated last
    assert result.superseded == (older,)


def test_undated_statement_without_any_time_and_no_correction_makes_a_conflict() -> None:
    result = resolve_key(KEY, [stmt("phone", at(10)), stmt("email", None)])
    assert result.status == "conflict"


def test_undated_statement_agreeing_with_the_dated_winner_is_fine() -> None:
    dated = stmt("phone", at(10))
    undated = stmt("Phone", None)
    result = resolve_key(KEY, [undated, dated])
    assert (result.status, result.winner, result.superseded) == ("current", dated, (undated,))


def test_undated_statements_alone_that_agree_are_current() -> None:
    a = stmt("phone", None, "a")
    b = stmt("phone ", None, "b", recorded_at=at(9))
    result = resolve_key(KEY, [a, b])
    assert (result.status, result.value) == ("current", "phone ")
    assert result.winner == b  # recorded repeats before unrecorded ones


def test_undated_statements_alone_that_differ_conflict() -> None:
    result = resolve_key(KEY, [stmt("phone", None), stmt("email", None)])
    assert result.status == "conflict"
    assert sorted(values(result.candidates)) == ["email", "phone"]


def test_undated_correction_beats_undated_plain_without_recorded_at() -> None:
    plain = stmt("phone", None)
    fix = stmt("email", None, corrected=True)
    result = resolve_key(KEY, [plain, fix])
    assert (result.status, result.winner) == ("current", fix)


def test_undated_correction_against_a_dated_statement_is_a_conflict() -> None:
    result = resolve_key(KEY, [stmt("phone", at(10)), stmt("email", None, corrected=True)])
    assert result.status == "conflict"


def test_undated_corrections_with_different_values_conflict() -> None:
    result = resolve_key(
        KEY, [stmt("phone", None, corrected=True), stmt("email", None, corrected=True)]
    )
    assert result.status == "conflict"


# --- rule 7: unknown ---------------------------------------------------------------


def test_no_statements_is_unknown() -> None:
    assert resolve_key(KEY, []) == ResolvedPreference(KEY, "unknown", None, None, (), ())


def test_resolve_key_ignores_other_keys() -> None:
    other = stmt("fr", at(10), key="language")
    assert resolve_key(KEY, [other]).status == "unknown"
    mine = stmt("phone", at(9))
    assert resolve_key(KEY, [other, mine]).winner == mine


def test_resolve_reports_requested_but_unstated_keys_as_unknown() -> None:
    result = resolve([stmt("phone", at(10))], keys=["language", KEY])
    assert list(result) == [KEY, "language"]
    assert result["language"] == ResolvedPreference("language", "unknown", None, None, (), ())
    assert result[KEY].value == "phone"


def test_resolve_groups_by_key() -> None:
    statements = [
        stmt("fr", at(9), key="language"),
        stmt("phone", at(9)),
        stmt("de", at(10), key="language"),
    ]
    result = resolve(statements)
    assert {k: r.value for k, r in result.items()} == {"language": "de", KEY: "phone"}


# --- rule 2: bi-temporal as_of and expiry ------------------------------------------


def test_as_of_before_and_after_a_change() -> None:
    first = stmt("phone", at(9), recorded_at=at(9, 1))
    change = stmt("email", at(12), recorded_at=at(12, 1))
    history = [first, change]
    assert resolve_key(KEY, history, as_of=at(10)).winner == first
    assert resolve_key(KEY, history, as_of=at(13)).winner == change
    assert resolve_key(KEY, history).winner == change
    assert resolve_key(KEY, history, as_of=at(8)).status == "unknown"


def test_as_of_includes_statements_recorded_exactly_at_that_instant() -> None:
    s = stmt("phone", at(9), recorded_at=at(10))
    assert resolve_key(KEY, [s], as_of=at(10)).winner == s
    assert resolve_key(KEY, [s], as_of=at(10, tz=UTC) - timedelta(microseconds=1)).status == (
        "unknown"
    )


def test_as_of_uses_transaction_time_not_valid_time() -> None:
    # Said at 09:00, but the engine only learned it at 15:00 (late-arriving fact).
    early = stmt("phone", at(8), recorded_at=at(8))
    late = stmt("email", at(9), recorded_at=at(15))
    assert resolve_key(KEY, [early, late], as_of=at(12)).winner == early
    assert resolve_key(KEY, [early, late], as_of=at(16)).winner == late


def test_as_of_falls_back_to_stated_at_when_recorded_at_is_missing() -> None:
    s = stmt("phone", at(10))
    assert resolve_key(KEY, [s], as_of=at(9)).status == "unknown"
    assert resolve_key(KEY, [s], as_of=at(10)).winner == s


def test_as_of_compares_instants_across_offsets() -> None:
    s = stmt("phone", at(10, tz=PLUS2))  # 08:00Z
    assert resolve_key(KEY, [s], as_of=at(8, 30)).winner == s
    assert resolve_key(KEY, [s], as_of=at(7, 30)).status == "unknown"


def test_statement_without_any_time_counts_for_every_as_of() -> None:
    s = stmt("phone", None)
    assert resolve_key(KEY, [s], as_of=datetime(1990, 1, 1, tzinfo=UTC)).winner == s


def test_expired_statement_is_dropped_at_and_after_its_expiry_under_as_of() -> None:
    base = stmt("phone", at(8))
    temporary = stmt("email", at(9), expires_at=at(12))
    history = [base, temporary]
    assert resolve_key(KEY, history, as_of=at(11)).winner == temporary
    assert resolve_key(KEY, history, as_of=at(12)).winner == base  # expiry is exclusive
    assert resolve_key(KEY, history, as_of=at(13)).winner == base


def test_expiry_is_not_applied_without_a_reference_time() -> None:
    temporary = stmt("email", at(9), expires_at=at(12))
    assert resolve_key(KEY, [temporary]).winner == temporary


def test_expiry_uses_now_when_as_of_is_missing() -> None:
    base = stmt("phone", at(8))
    temporary = stmt("email", at(9), expires_at=at(12))
    assert resolve_key(KEY, [base, temporary], now=at(13)).winner == base
    assert resolve_key(KEY, [base, temporary], now=at(10)).winner == temporary
    assert resolve([temporary], now=at(13))[KEY].status == "unknown"


def test_as_of_takes_precedence_over_now_for_expiry() -> None:
    temporary = stmt("email", at(9), expires_at=at(12))
    assert resolve_key(KEY, [temporary], as_of=at(10), now=at(13)).winner == temporary


def test_expiry_compares_instants_across_offsets() -> None:
    temporary = stmt("email", at(9), expires_at=at(14, tz=PLUS2))  # 12:00Z
    assert resolve_key(KEY, [temporary], as_of=at(11, 59)).status == "current"
    assert resolve_key(KEY, [temporary], as_of=at(12)).status == "unknown"


def test_expired_undated_statement_no_longer_conflicts() -> None:
    dated = stmt("phone", at(10))
    undated = stmt("email", None, expires_at=at(11))
    assert resolve_key(KEY, [dated, undated], now=at(10, 30)).status == "conflict"
    assert resolve_key(KEY, [dated, undated], now=at(11)).winner == dated


# --- JSON ---------------------------------------------------------------------------


def test_resolution_to_json_shape() -> None:
    statements = [
        stmt("phone", at(10), "evt-1"),
        stmt("fr", at(10), "evt-2", key="language"),
        stmt("de", at(10), "evt-3", key="language"),
    ]
    out = resolution_to_json(resolve(statements, keys=["timezone"]))
    assert list(out) == [KEY, "language", "timezone"]
    assert out[KEY] == {"value": "phone", "status": "current", "candidates": [], "source": "evt-1"}
    assert out["language"]["status"] == "conflict"
    assert out["language"]["value"] is None
    assert out["language"]["source"] is None
    candidates = out["language"]["candidates"]
    assert isinstance(candidates, list)
    assert sorted(candidates) == ["de", "fr"]
    assert out["timezone"] == {
        "value": None,
        "status": "unknown",
        "candidates": [],
        "source": None,
    }
    json.dumps(out)  # serialisable as is


def test_statements_from_json_parses_all_fields() -> None:
    items = json.loads(
        """[
          {"key": "contact_channel", "value": "phone", "stated_at": "2026-01-01T10:00:00+02:00",
           "source": "evt-1", "text": "call me", "kind": "corrected",
           "recorded_at": "2026-01-01T08:05:00Z", "confidence": 0.5,
           "expires_at": "2026-02-01T00:00:00Z"},
          {"key": "language", "value": "fr", "stated_at": null}
        ]"""
    )
    first, second = statements_from_json(items)
    assert first == PreferenceStatement(
        key="contact_channel",
        value="phone",
        stated_at=at(8),
        source="evt-1",
        text="call me",
        kind="corrected",
        recorded_at=at(8, 5),
        confidence=0.5,
        expires_at=datetime(2026, 2, 1, tzinfo=UTC),
    )
    assert first.stated_at is not None and first.stated_at.utcoffset() == timedelta(hours=2)
    assert second == PreferenceStatement("language", "fr", None, "item[1]")


def test_statements_from_json_then_resolve_end_to_end() -> None:
    items: list[dict[str, object]] = [
        {"key": KEY, "value": "phone", "stated_at": "2026-01-01T09:00:00Z", "source": "a"},
        {"key": KEY, "value": "email", "stated_at": "2026-01-01T10:00:00Z", "source": "b"},
        {"key": KEY, "value": "sms", "stated_at": None, "source": "c"},
    ]
    out = resolution_to_json(resolve(statements_from_json(items)))
    assert out[KEY]["status"] == "conflict"
    assert out[KEY]["candidates"] == ["email", "sms"]


@pytest.mark.parametrize(
    ("item", "field", "problem"),
    [
        ({"value": "phone"}, "key", "required"),
        ({"key": KEY}, "value", "required"),
        ({"key": KEY, "value": None}, "value", "required"),
        ({"key": "  ", "value": "phone"}, "key", "empty"),
        ({"key": KEY, "value": 3}, "value", "string"),
        ({"key": KEY, "value": "x", "stated_at": "yesterday"}, "stated_at", "ISO 8601"),
        ({"key": KEY, "value": "x", "stated_at": 1700000000}, "stated_at", "ISO 8601"),
        ({"key": KEY, "value": "x", "stated_at": "2026-01-01T10:00:00"}, "stated_at", "offset"),
        ({"key": KEY, "value": "x", "recorded_at": "2026-01-01"}, "recorded_at", "offset"),
        ({"key": KEY, "value": "x", "expires_at": "not a date"}, "expires_at", "ISO 8601"),
        ({"key": KEY, "value": "x", "kind": "retracted"}, "kind", "stated"),
        ({"key": KEY, "value": "x", "confidence": "high"}, "confidence", "number"),
        ({"key": KEY, "value": "x", "confidence": True}, "confidence", "number"),
        ({"key": KEY, "value": "x", "confidence": 2}, "confidence", "between 0 and 1"),
        ({"key": KEY, "value": "x", "source": 7}, "source", "string"),
        ({"key": KEY, "value": "x", "text": ["a"]}, "text", "string"),
    ],
)
def test_statements_from_json_errors_name_index_and_field(
    item: dict[str, object], field: str, problem: str
) -> None:
    good: dict[str, object] = {"key": KEY, "value": "ok", "stated_at": None, "source": "s"}
    with pytest.raises(ValueError) as excinfo:
        statements_from_json([good, item])
    message = str(excinfo.value)
    assert "item 1" in message
    assert f"'{field}'" in message
    assert problem in message


def test_statements_from_json_rejects_unknown_fields_and_non_objects() -> None:
    with pytest.raises(ValueError, match=r"item 0: unknown field\(s\) 'stated'"):
        statements_from_json([{"key": KEY, "value": "x", "stated": "2026-01-01T00:00:00Z"}])
    with pytest.raises(ValueError, match="item 0: expected a JSON object"):
        statements_from_json(["phone"])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="JSON list"):
        statements_from_json({"key": KEY})  # type: ignore[arg-type]
    assert statements_from_json([]) == []
