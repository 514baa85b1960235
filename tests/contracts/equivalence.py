"""Contract every ``AttemptEquivalence`` implementation must satisfy.

Call :func:`assert_attempt_equivalence` from a test of each implementation. The cases are
ones any sensible implementation gets right regardless of how it scores: exact and
surface-variant repeats match, clearly different actions do not, and the best of several
matches wins.
"""

from __future__ import annotations

from collections.abc import Sequence

from caseledger.domain.ports import AttemptEquivalence, EquivalenceMatch, KnownAttempt

__all__ = ["assert_attempt_equivalence", "known_attempt"]


def known_attempt(text: str, attempt_id: str = "att-1", status: str = "failed") -> KnownAttempt:
    """Build a ``KnownAttempt`` with filler ids, for tests that only care about the text."""
    return KnownAttempt(
        attempt_id=attempt_id,
        action_id=f"act-{attempt_id}",
        ticket_id="tkt-1",
        text=text,
        status=status,
    )


def _assert_well_formed(
    match: EquivalenceMatch | None, known: Sequence[KnownAttempt], context: str
) -> EquivalenceMatch:
    assert match is not None, f"{context}: expected a match, got None"
    assert any(match.attempt is attempt for attempt in known), (
        f"{context}: the match must be one of the known attempts, got {match.attempt!r}"
    )
    assert 0.0 <= match.lexical_score <= 1.0, f"{context}: lexical_score {match.lexical_score}"
    assert -1.0 <= match.semantic_score <= 1.0, f"{context}: semantic_score {match.semantic_score}"
    assert match.rule, f"{context}: the rule clause must be named"
    return match


def assert_attempt_equivalence(impl: AttemptEquivalence) -> None:
    """Assert the behaviour every ``AttemptEquivalence`` implementation must have."""
    router = known_attempt("Restart the router", "att-router")
    cache = known_attempt("Clear the browser cache", "att-cache")
    billing = known_attempt("Update your billing address", "att-billing")

    # Nothing on record: nothing can be repeated.
    assert impl.find_equivalent("Restart the router", []) is None, "empty known must give None"

    # The identical text is the same action.
    match = _assert_well_formed(
        impl.find_equivalent("Restart the router", [router]), [router], "identical text"
    )
    assert match.attempt.attempt_id == "att-router"

    # Width, case, punctuation and spacing variants are the same action, in both scripts.
    for variant in (
        "RESTART THE ROUTER!",
        "restart the router.",
        "  Restart   the router  ",
        "ＲＥＳＴＡＲＴ　ｔｈｅ　ｒｏｕｔｅｒ！",  # full-width forms and ideographic space
    ):
        _assert_well_formed(impl.find_equivalent(variant, [router]), [router], repr(variant))
    reboot_zh = known_attempt("重启路由器", "att-zh")
    for variant in ("重启路由器。", "重启路由器！", " 重启路由器 "):
        _assert_well_formed(impl.find_equivalent(variant, [reboot_zh]), [reboot_zh], repr(variant))

    # A clearly different action is not a repeat, whatever else is on record.
    for different in ("Update your billing address", "Clear the browser cache", "申请退款"):
        others = [router, reboot_zh]
        assert impl.find_equivalent(different, others) is None, (
            f"{different!r} must not match {[a.text for a in others]}"
        )

    # Several on record: the best one wins, wherever it sits in the list.
    near = known_attempt("Restart the router and the modem", "att-near")
    for known in ([cache, near, router, billing], [router, near, billing, cache]):
        match = _assert_well_formed(
            impl.find_equivalent("restart the router", known), known, "best of several"
        )
        assert match.attempt.attempt_id == "att-router", (
            f"best of several: expected att-router, got {match.attempt.attempt_id}"
        )

    # Blank candidates carry no action to compare.
    assert impl.find_equivalent("   ", [router]) is None, "a blank candidate must give None"
