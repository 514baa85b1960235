"""Words that point a proposed step at another instance of a thing, or at a substitute."""

from __future__ import annotations

import pytest

from caseledger.domain.policies.instance_markers import (
    names_another_unit,
    names_another_value,
    points_elsewhere,
)


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


@pytest.mark.parametrize(
    ("candidate", "known"),
    [
        ("Restart the Echo Show in the kitchen.", "Restarted the Echo Dot in the living room"),
        ("Restart the Eero beacon in the bedroom.", "Restarted the main Eero by the modem"),
        ("把客厅那个Mesh子路由断电重启一下", "主路由器重启过了"),
        (
            "Set the router's DNS to 8.8.8.8 so every device uses it.",
            "Set the laptop's DNS to 8.8.8.8",
        ),
        (
            "在iPad的邮件App里也把工作邮箱删掉再重新添加",
            "Removed the work email account from the iPhone Mail app",
        ),
        ("Run Disk Cleanup on the D: data drive.", "Ran Disk Cleanup on C:"),
        ("把副卡的VoLTE也打开", "主卡的VoLTE打开了"),
        ("Replace the tri-color cartridge.", "Replaced the black cartridge already"),
        ('Forget "Home-2.4G" on the iPhone', 'Forgot "Home-5G" on the iPhone'),
        ("把已发送文件夹清空", "清空了已删除邮件"),
        ("Forget the network on the Xbox Series S", "Forget the network on the Switch"),
    ],
)
def test_a_step_on_a_unit_of_another_name_is_recognised(candidate: str, known: str) -> None:
    assert names_another_unit(candidate, known)
    assert names_another_unit(known, candidate)  # either way round


@pytest.mark.parametrize(
    ("candidate", "known"),
    [
        ("Reboot the router", "Restarted the Wi-Fi"),  # one side names no unit
        ("Forget the network on the Mac and rejoin it", "Forgot it on my MacBook"),  # no kind
        ("Restart the PC", "Restarted the laptop"),  # "PC" names a laptop as well
        ("把电脑重启一下", "Restarted the desktop"),
        ("Restart the router in the living room", "重启了客厅的路由器"),  # the same, in two tongues
        ("Switch it off and on again", "Restarted the Xbox"),  # the verb, not the console
        ("Restart the Xbox and the TV", "Restarted the Xbox"),  # shares a unit
        ("Check the spam folder", "checked junk"),  # aliases of one folder
    ],
)
def test_steps_naming_the_same_unit_or_none_are_not(candidate: str, known: str) -> None:
    assert not names_another_unit(candidate, known)
    assert not names_another_unit(known, candidate)


@pytest.mark.parametrize(
    ("candidate", "known"),
    [
        ("Set Auto-Lock to 30 seconds to save battery.", "Set the iPad's Auto-Lock to 2 minutes"),
        ("把麦克风加强降到十分贝", "麦克风加强调到了三十分贝"),
        ("自动锁屏时间改成15秒", "手机的自动锁屏时间设成了30秒"),
        ("把访客每台设备的限速调到5M", "访客网络每台设备限速设成了2M"),
        ("Set the display resolution to 1080p.", "Set the display resolution to 4K Ultra HD"),
        ("把地址池扩大到192.168.1.2到254", "路由器的DHCP地址池设成了192.168.1.100到150"),
        ("Change it to 'Wi-Fi & Cellular Data'.", "Set Background App Refresh to 'Wi-Fi' only"),
        ("把列印品質改成「Standard」試試", "Print quality is set to 'Draft'"),
    ],
)
def test_a_setting_at_another_value_is_recognised(candidate: str, known: str) -> None:
    assert names_another_value(candidate, known)
    assert names_another_value(known, candidate)


@pytest.mark.parametrize(
    ("candidate", "known"),
    [
        ("拔掉充电器，按住开机键一分钟", "Hold the power button for 60 seconds"),  # one duration
        ("Hold it for half a minute", "Held the power button for 30 seconds"),  # one side: none
        ("Do an SMC reset: hold the keys for 10 seconds", "Reset the SMC on the 2019 MacBook"),
        ("把5G的信道改成36", "Changed the 5 GHz channel to 36"),  # one band, two spellings
        ("Turn off 'Use Printer Offline'", "Unchecked 'Use Printer Offline!'"),
        ("把“电源模式”调成最佳性能", "电源模式已经改成“最佳性能”了"),  # Chinese quotes: not read
        ("Re-add the card in the Wallet app", "Removed the card and added it back"),
    ],
)
def test_steps_naming_one_value_or_none_are_not(candidate: str, known: str) -> None:
    assert not names_another_value(candidate, known)
    assert not names_another_value(known, candidate)
