"""Property-based tests for the preference resolution policy."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from caseledger.domain.policies.preferences import (
    PreferenceStatement,
    ResolvedPreference,
    resolution_to_json,
    resolve,
    resolve_key,
)

BASE = datetime(2026, 1, 1, tzinfo=UTC)
FAR_FUTURE = datetime(9000, 1, 1, tzinfo=UTC)
ZONES = [UTC, timezone(timedelta(hours=2)), timezone(timedelta(hours=-5, minutes=-30))]

# Few distinct instants, shown in several offsets, so ties across offsets are common.
instants = st.builds(
    lambda hours, zone: (BASE + timedelta(hours=hours)).astimezone(zone),
    st.integers(min_value=0, max_value=6),
    st.sampled_from(ZONES),
)
optional_instants = st.none() | instants

statements = st.builds(
    PreferenceStatement,
    key=st.sampled_from(["contact_channel", "language"]),
    # "Phone " and "phone" are the same value after normalisation.
    value=st.sampled_from(["phone", "Phone ", "email", "sms"]),
    stated_at=optional_instants,
    source=st.sampled_from(["evt-1", "evt-2", "evt-3"]),
    text=st.sampled_from(["", "said so"]),
    kind=st.sampled_from(["stated", "corrected"]),
    recorded_at=optional_instants,
    confidence=st.sampled_from([1.0, 0.5]),
    expires_at=st.none() | st.none() | instants,
)
histories = st.lists(statements, max_size=12)


def _normalise(value: str) -> str:
    return value.strip().casefold()


@settings(max_examples=300)
@given(histories, optional_instants, optional_instants, st.data())
def test_resolution_is_independent_of_input_order(
    history: list[PreferenceStatement],
    as_of: datetime | None,
    now: datetime | None,
    data: st.DataObject,
) -> None:
    shuffled = data.draw(st.permutations(history))
    expected = resolve(history, as_of=as_of, now=now)
    actual = resolve(shuffled, as_of=as_of, now=now)
    assert actual == expected
    # repr also covers which equal-but-differently-offset copy got picked.
    assert repr(actual) == repr(expected)
    assert resolution_to_json(actual) == resolution_to_json(expected)


@settings(max_examples=300)
@given(histories, optional_instants, optional_instants, st.data())
def test_duplicating_statements_changes_nothing(
    history: list[PreferenceStatement],
    as_of: datetime | None,
    now: datetime | None,
    data: st.DataObject,
) -> None:
    expected = resolve(history, as_of=as_of, now=now)
    assert resolve(history + history, as_of=as_of, now=now) == expected
    if history:
        extra = data.draw(st.lists(st.sampled_from(history), min_size=1, max_size=5))
        assert resolve(history + extra, as_of=as_of, now=now) == expected


@given(histories)
def test_as_of_far_future_equals_no_as_of(history: list[PreferenceStatement]) -> None:
    # With as_of every expiry applies, so compare against now= at the same instant.
    assert resolve(history, as_of=FAR_FUTURE) == resolve(history, now=FAR_FUTURE)
    without_expiry = [s for s in history if s.expires_at is None]
    assert resolve(without_expiry, as_of=FAR_FUTURE) == resolve(without_expiry)


@given(histories, optional_instants)
def test_a_key_never_stated_is_unknown(
    history: list[PreferenceStatement], as_of: datetime | None
) -> None:
    unknown = ResolvedPreference("timezone", "unknown", None, None, (), ())
    assert resolve(history, as_of=as_of, keys=["timezone"])["timezone"] == unknown
    assert resolve_key("timezone", history, as_of=as_of) == unknown
    assert "timezone" not in resolve(history, as_of=as_of)


@settings(max_examples=300)
@given(histories, optional_instants, optional_instants)
def test_results_are_well_formed_and_account_for_every_active_statement(
    history: list[PreferenceStatement], as_of: datetime | None, now: datetime | None
) -> None:
    reference = as_of if as_of is not None else now
    for key, result in resolve(history, as_of=as_of, now=now).items():
        assert result.key == key
        active = {
            s
            for s in history
            if s.key == key
            and (as_of is None or s.known_time is None or s.known_time <= as_of)
            and (reference is None or s.expires_at is None or s.expires_at > reference)
        }
        decided = [result.winner] if result.winner is not None else []
        parts = decided + list(result.candidates) + list(result.superseded)
        assert len(parts) == len(set(parts)), "a statement appears twice"
        assert set(parts) == active

        if result.status == "current":
            assert result.winner is not None
            assert result.value == result.winner.value
            assert result.candidates == ()
        elif result.status == "conflict":
            assert result.value is None and result.winner is None
            distinct = {_normalise(c.value) for c in result.candidates}
            assert len(distinct) == len(result.candidates) >= 2
        else:
            assert active == set()
            assert result == ResolvedPreference(key, "unknown", None, None, (), ())


@given(histories, instants)
def test_as_of_only_sees_what_was_known_then(
    history: list[PreferenceStatement], as_of: datetime
) -> None:
    # Resolving at T equals resolving the statements recorded by T, with expiry at T.
    known = [s for s in history if s.known_time is None or s.known_time <= as_of]
    # Keys whose statements were all unknown then still appear, as "unknown".
    keys = {s.key for s in history}
    assert resolve(history, as_of=as_of) == resolve(known, now=as_of, keys=keys)


@given(histories)
def test_a_correction_stated_after_everything_else_wins(
    history: list[PreferenceStatement],
) -> None:
    # Every generated instant precedes the correction, so it beats all dated statements
    # and every undated plain one; only undated corrections (no time at all) contest it.
    fix = PreferenceStatement(
        "contact_channel", "fax", BASE + timedelta(days=1), "evt-fix", kind="corrected"
    )
    undated_corrections = [
        s
        for s in history
        if s.key == "contact_channel" and s.order_time is None and s.kind == "corrected"
    ]
    result = resolve_key("contact_channel", [*history, fix])
    if undated_corrections:
        assert result.status == "conflict"
        assert fix in result.candidates
    else:
        assert result.winner == fix
