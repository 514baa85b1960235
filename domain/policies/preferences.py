"""Preference resolution policy: which customer preference holds for each key.

A customer states preferences over time ("call me", "actually, email me"). Each
statement is a :class:`PreferenceStatement`; this module decides, per key, which
value is current, or that the history is contradictory and the assistant has to ask.

Rules, in the order they are applied:

1. Instants are compared as instants, whatever their UTC offset. Naive datetimes are
   rejected with ``ValueError`` naming the field (``stated_at``, ``recorded_at``,
   ``expires_at``, ``as_of`` or ``now``).
2. Bi-temporal filter. With ``as_of=T`` only statements the engine knew at ``T``
   count: ``recorded_at <= T``, falling back to ``stated_at`` when ``recorded_at`` is
   missing. A statement with neither time cannot be placed on the transaction-time
   axis, so it counts for every ``as_of``. Statements with ``expires_at <=`` the
   reference time are dropped, where the reference time is ``as_of``, else ``now``;
   with neither given, expiry is not applied.
3. The order time of a statement is ``stated_at``; a ``"corrected"`` statement without
   ``stated_at`` uses ``recorded_at``. A statement with no order time is *undated*.
4. The latest dated statement wins. Different values at the same latest instant are a
   conflict. Values are compared after ``strip()`` + ``casefold()``, so identical
   repeats never conflict among themselves.
5. A correction beats every statement with an earlier order time and every plain
   statement at the same instant; two corrections at the same instant with different
   values are a conflict. A correction also beats an undated *plain* statement that
   has no ``recorded_at``, or whose ``recorded_at`` is earlier than the moment the
   correction became known (its ``recorded_at``, else its ``stated_at``).
6. An undated statement that is not beaten under rule 5 and whose value differs from
   the dated winner makes the key a conflict: nobody can tell which came later. Undated
   statements alone resolve to their value when they agree and conflict otherwise.
7. A key with no remaining statements is ``"unknown"``.

The result does not depend on input order or on duplicated statements, and every
tie-break (which repeat becomes the ``winner``, the order of ``candidates`` and
``superseded``) is a total order over statement contents.

``confidence`` is carried through for display; it does not influence resolution.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Literal

__all__ = [
    "PreferenceStatement",
    "PreferenceStatus",
    "ResolvedPreference",
    "StatementKind",
    "resolution_to_json",
    "resolve",
    "resolve_key",
    "statements_from_json",
]

PreferenceStatus = Literal["current", "conflict", "unknown"]
StatementKind = Literal["stated", "corrected"]

_KINDS: tuple[str, ...] = ("stated", "corrected")
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


def _require_aware(value: datetime | None, field: str) -> None:
    """Reject naive datetimes: without an offset an instant is ambiguous."""
    if value is None:
        return
    if not isinstance(value, datetime):
        raise TypeError(f"{field} must be a datetime or None, got {type(value).__name__}")
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"{field} must be timezone-aware, got naive datetime {value.isoformat()}")


def _micros(value: datetime) -> int:
    """Microseconds since the Unix epoch: an offset-independent integer instant."""
    return (value - _EPOCH) // _MICROSECOND


def _datetime_key(value: datetime | None) -> tuple[int, int, int, str]:
    """Sort key for an optional datetime; the offset and zone name only break ties."""
    if value is None:
        return (0, 0, 0, "")
    offset = value.utcoffset()
    offset_micros = 0 if offset is None else offset // _MICROSECOND
    return (1, _micros(value), offset_micros, value.tzname() or "")


def _normalise(value: str) -> str:
    """Form under which two values count as the same preference."""
    return value.strip().casefold()


@dataclass(frozen=True)
class PreferenceStatement:
    """One thing a customer said about one preference key.

    ``stated_at`` is valid time (when the customer said it), ``recorded_at`` is
    transaction time (when the engine learned it). Both are timezone-aware or None.
    """

    key: str
    value: str
    stated_at: datetime | None
    source: str
    text: str = ""
    kind: StatementKind = "stated"
    recorded_at: datetime | None = None
    confidence: float = 1.0
    expires_at: datetime | None = None

    def __post_init__(self) -> None:
        """Validate timestamps, kind and confidence at construction time."""
        _require_aware(self.stated_at, "stated_at")
        _require_aware(self.recorded_at, "recorded_at")
        _require_aware(self.expires_at, "expires_at")
        if self.kind not in _KINDS:
            raise ValueError(f"kind must be 'stated' or 'corrected', got {self.kind!r}")
        confidence: object = self.confidence
        # bool is an int subclass; NaN would break equality and so deduplication.
        if (
            isinstance(confidence, bool)
            or not isinstance(confidence, int | float)
            or not math.isfinite(confidence)
            or not 0.0 <= confidence <= 1.0
        ):
            raise ValueError(f"confidence must be a number between 0 and 1, got {confidence!r}")

    @property
    def order_time(self) -> datetime | None:
        """Instant used to order statements (rule 3); None for an undated statement."""
        if self.stated_at is not None:
            return self.stated_at
        if self.kind == "corrected":
            return self.recorded_at
        return None

    @property
    def known_time(self) -> datetime | None:
        """Instant from which the engine knew the statement (``recorded_at``, else
        ``stated_at``); None when neither is known."""
        return self.recorded_at if self.recorded_at is not None else self.stated_at


@dataclass(frozen=True)
class ResolvedPreference:
    """The resolution of one preference key.

    ``value`` and ``winner`` are set only when ``status == "current"``; ``candidates``
    holds one statement per competing value only when ``status == "conflict"``;
    ``superseded`` lists every other statement that took part (for "show all"),
    latest first, undated last.
    """

    key: str
    status: PreferenceStatus
    value: str | None
    winner: PreferenceStatement | None
    candidates: tuple[PreferenceStatement, ...]
    superseded: tuple[PreferenceStatement, ...]


def _canonical(statement: PreferenceStatement) -> tuple[object, ...]:
    """Total order over statement contents, so tie-breaks never depend on input order."""
    return (
        statement.key,
        statement.value,
        statement.source,
        statement.text,
        statement.kind,
        _datetime_key(statement.stated_at),
        _datetime_key(statement.recorded_at),
        statement.confidence,
        _datetime_key(statement.expires_at),
    )


def _winner_sort_key(statement: PreferenceStatement) -> tuple[object, ...]:
    """Among statements with the same value: dated first, corrections first, then the
    earliest recorded (first time we learned it), then source."""
    recorded = statement.recorded_at
    return (
        statement.order_time is None,
        statement.kind != "corrected",
        recorded is None,
        0 if recorded is None else _micros(recorded),
        statement.source,
        _canonical(statement),
    )


def _recency_sort_key(statement: PreferenceStatement) -> tuple[object, ...]:
    """Latest order time first, undated last."""
    order = statement.order_time
    return (
        order is None,
        0 if order is None else -_micros(order),
        _normalise(statement.value),
        _canonical(statement),
    )


def _is_active(
    statement: PreferenceStatement, as_of: datetime | None, reference: datetime | None
) -> bool:
    """Rule 2: known at ``as_of`` and not expired at the reference time."""
    if as_of is not None:
        known = statement.known_time
        if known is not None and known > as_of:
            return False
    return not (
        reference is not None
        and statement.expires_at is not None
        and statement.expires_at <= reference
    )


def _deduplicate(statements: Iterable[PreferenceStatement]) -> tuple[PreferenceStatement, ...]:
    """Collapse equal statements (idempotence), keeping a representative chosen by
    content so that equal-but-differently-offset copies resolve the same in any order."""
    chosen: dict[PreferenceStatement, PreferenceStatement] = {}
    for statement in statements:
        previous = chosen.get(statement)
        if previous is None or _canonical(statement) < _canonical(previous):
            chosen[statement] = statement
    return tuple(sorted(chosen.values(), key=_canonical))


def _beaten_by_correction(
    undated: PreferenceStatement, corrections: Iterable[PreferenceStatement]
) -> bool:
    """Rule 5, last clause: a correction known after an undated plain statement was
    recorded (or any correction, when that statement has no recorded_at) beats it."""
    if undated.kind == "corrected":
        # An undated correction carries no time at all; nothing can be said to follow it.
        return False
    recorded = undated.recorded_at
    for correction in corrections:
        if recorded is None:
            return True
        known = correction.known_time
        if known is not None and known > recorded:
            return True
    return False


def _decide(key: str, active: tuple[PreferenceStatement, ...]) -> ResolvedPreference:
    """Rules 3-7 on already filtered, deduplicated statements of one key."""
    if not active:
        return ResolvedPreference(key, "unknown", None, None, (), ())

    dated: list[tuple[int, PreferenceStatement]] = []
    undated: list[PreferenceStatement] = []
    for statement in active:
        order = statement.order_time
        if order is None:
            undated.append(statement)
        else:
            dated.append((_micros(order), statement))
    corrections = [s for s in active if s.kind == "corrected"]

    contenders: list[PreferenceStatement] = []
    if dated:
        latest = max(micros for micros, _ in dated)
        top = [s for micros, s in dated if micros == latest]
        top_corrections = [s for s in top if s.kind == "corrected"]
        # A correction wins a tie against plain statements at the same instant.
        contenders.extend(top_corrections or top)
    contenders.extend(u for u in undated if not _beaten_by_correction(u, corrections))

    by_value: dict[str, list[PreferenceStatement]] = {}
    for statement in contenders:
        by_value.setdefault(_normalise(statement.value), []).append(statement)
    representatives = [min(group, key=_winner_sort_key) for group in by_value.values()]

    if len(representatives) == 1:
        winner = representatives[0]
        losers = sorted((s for s in active if s != winner), key=_recency_sort_key)
        return ResolvedPreference(key, "current", winner.value, winner, (), tuple(losers))

    candidates = tuple(sorted(representatives, key=_recency_sort_key))
    losers = sorted((s for s in active if s not in candidates), key=_recency_sort_key)
    return ResolvedPreference(key, "conflict", None, None, candidates, tuple(losers))


def resolve_key(
    key: str,
    statements: Iterable[PreferenceStatement],
    *,
    as_of: datetime | None = None,
    now: datetime | None = None,
) -> ResolvedPreference:
    """Resolve one preference key.

    Statements about other keys are ignored, so the whole history may be passed.
    ``as_of`` answers "what did we believe at that instant" and is also the reference
    time for expiry; ``now`` is the expiry reference when ``as_of`` is None. Raises
    ``ValueError`` when ``as_of`` or ``now`` is naive.
    """
    _require_aware(as_of, "as_of")
    _require_aware(now, "now")
    reference = as_of if as_of is not None else now
    active = _deduplicate(s for s in statements if s.key == key and _is_active(s, as_of, reference))
    return _decide(key, active)


def resolve(
    statements: Iterable[PreferenceStatement],
    *,
    as_of: datetime | None = None,
    keys: Iterable[str] = (),
    now: datetime | None = None,
) -> dict[str, ResolvedPreference]:
    """Resolve every key that appears in ``statements`` plus every key in ``keys``.

    Keys asked for but never stated (or filtered out by ``as_of``/expiry) come back as
    ``"unknown"``. The dict is ordered by key. See :func:`resolve_key` for ``as_of``
    and ``now``.
    """
    _require_aware(as_of, "as_of")
    _require_aware(now, "now")
    by_key: dict[str, list[PreferenceStatement]] = {key: [] for key in keys}
    for statement in statements:
        by_key.setdefault(statement.key, []).append(statement)
    return {key: resolve_key(key, by_key[key], as_of=as_of, now=now) for key in sorted(by_key)}


def resolution_to_json(resolved: Mapping[str, ResolvedPreference]) -> dict[str, dict[str, object]]:
    """JSON-ready view: ``{key: {"value", "status", "candidates", "source"}}``.

    ``candidates`` lists the competing values (empty unless a conflict); ``source`` is
    the winner's source, or None.
    """
    return {
        key: {
            "value": result.value,
            "status": result.status,
            "candidates": [candidate.value for candidate in result.candidates],
            "source": result.winner.source if result.winner is not None else None,
        }
        for key, result in sorted(resolved.items())
    }


_JSON_FIELDS = frozenset(
    {
        "key",
        "value",
        "stated_at",
        "source",
        "text",
        "kind",
        "recorded_at",
        "confidence",
        "expires_at",
    }
)


def _json_error(index: int, field: str, problem: str) -> ValueError:
    return ValueError(f"item {index}, field '{field}': {problem}")


def _json_required_text(index: int, item: Mapping[str, object], field: str) -> str:
    if field not in item or item[field] is None:
        raise _json_error(index, field, "is required")
    value = item[field]
    if not isinstance(value, str):
        raise _json_error(index, field, f"must be a string, got {type(value).__name__}")
    if not value.strip():
        raise _json_error(index, field, "must not be empty")
    return value


def _json_optional_text(index: int, item: Mapping[str, object], field: str, default: str) -> str:
    value = item.get(field)
    if value is None:
        return default
    if not isinstance(value, str):
        raise _json_error(index, field, f"must be a string, got {type(value).__name__}")
    return value


def _json_timestamp(index: int, item: Mapping[str, object], field: str) -> datetime | None:
    value = item.get(field)
    if value is None:
        return None
    if not isinstance(value, str):
        raise _json_error(
            index, field, f"must be an ISO 8601 string or null, got {type(value).__name__}"
        )
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise _json_error(index, field, f"is not an ISO 8601 timestamp: {value!r}") from None
    if parsed.tzinfo is None or parsed.utcoffset() is None:
        raise _json_error(index, field, f"has no UTC offset: {value!r} (add 'Z' or e.g. '+02:00')")
    return parsed


def _json_kind(index: int, item: Mapping[str, object]) -> StatementKind:
    value = item.get("kind")
    if value is None or value == "stated":
        return "stated"
    if value == "corrected":
        return "corrected"
    raise _json_error(index, "kind", f"must be 'stated' or 'corrected', got {value!r}")


def _json_confidence(index: int, item: Mapping[str, object]) -> float:
    value = item.get("confidence")
    if value is None:
        return 1.0
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _json_error(index, "confidence", f"must be a number, got {type(value).__name__}")
    if not math.isfinite(value) or not 0.0 <= value <= 1.0:
        raise _json_error(index, "confidence", f"must be between 0 and 1, got {value!r}")
    return float(value)


def _statement_from_json(index: int, item: object) -> PreferenceStatement:
    if not isinstance(item, dict):
        raise ValueError(f"item {index}: expected a JSON object, got {type(item).__name__}")
    unknown = sorted(str(name) for name in item if name not in _JSON_FIELDS)
    if unknown:
        # Rejecting unknown fields catches typos such as "stated" for "stated_at".
        raise ValueError(f"item {index}: unknown field(s) {', '.join(map(repr, unknown))}")
    return PreferenceStatement(
        key=_json_required_text(index, item, "key"),
        value=_json_required_text(index, item, "value"),
        stated_at=_json_timestamp(index, item, "stated_at"),
        source=_json_optional_text(index, item, "source", f"item[{index}]"),
        text=_json_optional_text(index, item, "text", ""),
        kind=_json_kind(index, item),
        recorded_at=_json_timestamp(index, item, "recorded_at"),
        confidence=_json_confidence(index, item),
        expires_at=_json_timestamp(index, item, "expires_at"),
    )


def statements_from_json(items: list[dict[str, object]]) -> list[PreferenceStatement]:
    """Parse a JSON list of statement objects (as loaded by ``json.load``).

    Fields: ``key`` and ``value`` (required, non-empty strings); ``stated_at``,
    ``recorded_at``, ``expires_at`` (ISO 8601 with a UTC offset, or null/absent);
    ``source`` (defaults to ``"item[<index>]"``); ``text`` (defaults to ``""``);
    ``kind`` (``"stated"`` or ``"corrected"``); ``confidence`` (0..1, default 1).
    Raises ``ValueError`` naming the item index and field for any bad input,
    including unknown fields.
    """
    if not isinstance(items, list):
        raise ValueError(
            f"preference statements must be a JSON list of objects, got {type(items).__name__}"
        )
    return [_statement_from_json(index, item) for index, item in enumerate(items)]
