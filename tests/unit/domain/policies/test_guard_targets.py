"""The guard keeps one step on another target apart: another device, another value of the same
setting, another secret, another app's cache (false blocks found by fresh dev batches 14-15).

Each class is pinned both ways: the different target passes, the same target still repeats.
"""

from __future__ import annotations

import pytest

from caseledger.adapters.catalog.catalog import load_catalog
from caseledger.domain.policies.action_frames import ActionIndex, GuardRule

INDEX: ActionIndex = load_catalog().index()
RULE = GuardRule()


def decide(candidate: str, failed: str) -> tuple[bool, str]:
    # Scores that would block on similarity alone: the structure must decide these.
    decision = RULE.decide(INDEX.analyze(candidate), INDEX.analyze(failed), 0.9, lambda: 0.9)
    return decision.same, decision.rule


@pytest.mark.parametrize(
    ("candidate", "failed"),
    [
        # Another device: the same step done on another one is a step not yet tried.
        ("Reset network settings on your laptop", "Reset the network settings on your phone"),
        ("电脑上也做一次网络重置", "手机上还原网络设置"),
        ("Turn Bluetooth off on the iPad", "Turn off Bluetooth on your phone"),
        ("Remove the printer on your iMac and add it back", "在笔记本上把打印机删掉再重新添加"),
        # Another value of the same setting.
        ("Set the paper size to Letter", "Change the paper size to A4"),
        ("付款顺序改成花呗优先", "把支付宝的付款顺序改成余额优先"),
        ("默认付款方式改成余额宝试试", "把支付宝的默认付款方式设成招商银行储蓄卡"),
        # Another secret: a device PIN, a card PIN and a SIM PIN are not the account password.
        ("Reset the Windows Hello PIN", "Reset your Microsoft account password"),
        ("Change your card PIN", "Reset your password"),
        ("Reset the SIM PIN", "Reset the Windows Hello PIN"),
        # Account recovery (identity checks) is the step after a password reset, not a rewording.
        (
            "Submit an account recovery form so support can verify your identity",
            "Reset your password",
        ),
        # One named app's cache is not the browser's.
        ("Clear your browser cache and open Gmail on the web", "Clear the Gmail app's cache"),
        ("Clear the Instagram app's cache", "Clear the Gmail app's cache"),
        ("把Chrome浏览器的缓存清一下", "Clear the Gmail app's cache"),
    ],
)
def test_another_target_is_another_step(candidate: str, failed: str) -> None:
    same, rule = decide(candidate, failed)
    assert not same, rule


@pytest.mark.parametrize(
    ("candidate", "failed"),
    [
        ("Reset network settings on your iPhone", "Reset the network settings on your phone"),
        ("Forget the network on your PC", "Forget the Wi-Fi network on the laptop"),
        ("Restart the router", "Restart the router from your phone"),
        ("Set the DNS server to 8.8.8.8 on the router", "Change DNS to 8.8.8.8"),
        ("Set DNS to Google Public DNS", "把DNS改成8.8.8.8"),
        ("付款方式改成余额支付", "把付款方式改成余额"),
        (
            "Change the router to a less busy channel",
            "Switch the Wi-Fi channel to a less crowded one",
        ),
        ("打开美团的定位权限", "Turn on location permission for the Meituan app"),
        ("Reset your PIN", "Reset the Windows Hello PIN"),
        ("Clear Gmail's cache", "Clear the Gmail app's cache"),
        ("把Chrome浏览器的缓存清一下", "Clear the browser cache"),
    ],
)
def test_the_same_target_still_repeats(candidate: str, failed: str) -> None:
    same, rule = decide(candidate, failed)
    assert same, rule


def test_a_pause_between_steps_is_not_waiting_out_a_lockout() -> None:
    pause = INDEX.analyze("Pull the plug out of the wall, wait a minute, then plug it back in")
    assert all("login.wait_lockout" not in step.action_ids for step in pause.steps)
    assert INDEX.analyze("Wait for the lockout to expire").catalog_action == "login.wait_lockout"


@pytest.mark.parametrize(
    ("candidate", "failed", "negative"),
    [
        # Entering one's credentials again is signing in again.
        (
            "Log off the account, then enter your credentials again",
            "Sign out and sign back in",
            "Reset your password",
        ),
        # The card's expiry date is a card detail, not the clock's date.
        (
            "Edit your saved card and enter the new expiration date",
            "Update the card's expiry date in your account",
            "Set the date and time automatically",
        ),
        # The account of a mail app named as the place is the email account.
        (
            "Delete the account in Outlook, then set it up again",
            "Remove the email account from Outlook and add it back",
            "Sign out of Outlook",
        ),
        # "ask them why ..." is what the call is about, not a step of its own.
        (
            "Call the number on the back of your card and ask them why the charge was declined",
            "Contact your bank",
            "Try a different card",
        ),
    ],
)
def test_wordings_of_one_account_or_card_step(candidate: str, failed: str, negative: str) -> None:
    same, rule = decide(candidate, failed)
    assert same, rule
    other, rule = decide(negative, failed)
    assert not other, rule
