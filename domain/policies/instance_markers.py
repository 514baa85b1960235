"""Words with which a proposed step points at another instance of a thing, or a substitute.

"Clear the cache of Google Play services **too**", "restart the satellite **as well**",
"charge it from the wall adapter **instead**", "把子路由**也**重启一下": the step names the
same operation as one already tried, on another app, unit, card or account. The guard's
reading maps both to one catalog action or frame, and on fresh dev rows such pairs were most
of its false blocks (different_target, 55 of 122 on batches 74-97). The words alone do not
tell: "X, and also Y" restates a multi-step record as often, and a marked catalog or frame
block was right 24 times and wrong 33. So they only lower the bar at which the pair model may
overrule such a block (``PairJudge.instance_veto_threshold``); the model decides. On the fresh
round-16 rows, with the bar at the model's 20 % quantile of its calibration repeats, that
removed 16 false blocks for 2 repeats lost (``bench/README.md``, "Round 16").
"""

from __future__ import annotations

import re

__all__ = ["points_elsewhere"]

# Frozen before the round-16 rows were read (bench/README.md, "Round 16"): a longer
# list fitted to the rows that chose it would not say what it does on new text.
_ENGLISH = re.compile(r"\b(?:too|also|as well|instead|other|another|second|the rest)\b")
_CHINESE = re.compile(r"也|另一|另外|其他|别的")


def points_elsewhere(text: str) -> bool:
    """Whether ``text`` carries a word pointing at another instance or a substitute ("too",
    "also", "as well", "instead", "other", "another", "second", "the rest"; 也, 另一, 另外,
    其他, 别的)."""
    return bool(_ENGLISH.search(text.casefold()) or _CHINESE.search(text))
