"""The shared reader of Chinese numerals (contact times, the guard's value markers)."""

from __future__ import annotations

import pytest

from caseledger.domain.policies._chat_text import chinese_number


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("三", 3),
        ("两", 2),
        ("〇", 0),
        ("十", 10),
        ("十五", 15),
        ("二十", 20),
        ("九十九", 99),
        ("12", 12),
        ("", 0),
        ("半", 0),
        ("²", 0),  # a digit to str.isdigit, not a number to int()
    ],
)
def test_a_chinese_numeral_or_digits_read_as_a_number(text: str, expected: int) -> None:
    assert chinese_number(text) == expected
