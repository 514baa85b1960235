"""Words that point a proposed step at another instance of a thing, or at a substitute."""

from __future__ import annotations

import pytest

from caseledger.domain.policies.instance_markers import points_elsewhere


@pytest.mark.parametrize(
    "text",
    [
        "Clear the cache of Google Play Services too",
        "Also switch off the entries under 'Allow in the Background'.",
        "Restart the Eero upstairs as well",
        "Charge it from the wall adapter instead of the laptop",
        "Try the other USB-C port",
        "Pair ANOTHER headset to rule out the laptop",
        "Swap in a second cable",
        "Disable the rest of the startup items",
        "把客厅那个子路由也断电重启一下",
        "换另一根数据线试试",
        "把其他的后台应用都关掉",
        "用别的充电头充一下",
        "另外把缓存清一下",
    ],
)
def test_a_step_pointing_elsewhere_is_recognised(text: str) -> None:
    assert points_elsewhere(text)


@pytest.mark.parametrize(
    "text",
    [
        "Restart the router",
        "Update the tools in the toolbox",  # "too" inside a word
        "Ask your brother to sign in",  # "other" inside a word
        "Reinstall the app and sign in again",
        "重启一下路由器",
        "",
    ],
)
def test_a_plain_step_is_not(text: str) -> None:
    assert not points_elsewhere(text)
