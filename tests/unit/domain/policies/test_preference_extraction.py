"""Tests of preference extraction and PII masking (``domain/policies/preference_extraction.py``).

Examples per key and rule (every device pattern has one), expiry and time zones, the labelled set
``tests/data/preference_labelled.jsonl`` scored against precision/recall floors, its negative
examples, and properties: full-width input gives the same result, any text gives well-formed
items, ``mask_pii`` never leaves an address or a phone number behind and is idempotent.
"""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caseledger.domain.policies import preference_extraction as pe
from caseledger.domain.policies.preference_extraction import (
    PREFERENCE_KEYS,
    ExtractedPreference,
    device_family,
    extract_preferences,
    mask_pii,
    preference_key,
)

DATA = Path(__file__).resolve().parents[3] / "data" / "preference_labelled.jsonl"
SENT = datetime.fromisoformat("2026-03-04T10:00:00+08:00")  # a Wednesday
THRESHOLD = 0.7  # limits.preference_confidence_threshold default


def _load() -> list[dict[str, Any]]:
    with DATA.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


ROWS = _load()
TEXTS = [row["text"] for row in ROWS]


def pairs(text: str, sent_at: datetime = SENT) -> set[tuple[str, str]]:
    return {(p.key, p.value) for p in extract_preferences(text, sent_at=sent_at)}


def one(text: str, key: str, sent_at: datetime = SENT) -> ExtractedPreference:
    found = [p for p in extract_preferences(text, sent_at=sent_at) if p.key == key]
    assert len(found) == 1, found
    return found[0]


# --- contact channel -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "channel"),
    [
        ("Please call me", "phone"),
        ("Give me a ring", "phone"),
        ("Ring me back", "phone"),
        ("Could you give me a call?", "phone"),
        ("The best way to reach me is by phone.", "phone"),
        ("A phone call would be easier for me.", "phone"),
        ("Phone only, please", "phone"),
        ("You can call me whenever.", "phone"),
        ("Email me the invoice", "email"),
        ("I'd prefer email", "email"),
        ("Reply by e-mail please", "email"),
        ("Shoot me an email", "email"),
        ("Email only.", "email"),
        ("Text me when he's on the way", "sms"),
        ("Send me a text message", "sms"),
        ("Contact me via SMS", "sms"),
        ("I'd rather you texted me", "sms"),
        ("Let's keep it in the chat", "chat"),
        ("Please just message me here", "chat"),
        ("I prefer live chat", "chat"),
        ("请打电话联系我", "phone"),
        ("给我打个电话", "phone"),
        ("方便的话回个电话", "phone"),
        ("电话联系比较方便", "phone"),
        ("有事请发邮件给我", "email"),
        ("请发到我的邮箱", "email"),
        ("以后用短信", "sms"),
        ("发短信就行", "sms"),
        ("我更喜欢在线聊天", "chat"),
        ("我更喜欢电话", "phone"),
        ("以后 text me 就行", "sms"),
    ],
)
def test_channel_statements(text: str, channel: str | None) -> None:
    found = {value for key, value in pairs(text) if key == "contact_channel"}
    assert found == ({channel} if channel else set())


@pytest.mark.parametrize(
    ("text", "channel"),
    [
        ("Please call me instead of emailing.", "phone"),
        ("Reply by email rather than phone please", "email"),
        ("Email is better for me than phone calls.", "email"),
        ("Don't call me, just send me a text", "sms"),
        ("不要给我打电话，发邮件就好。", "email"),
        ("我更喜欢在线聊天，不方便接电话", "chat"),
        # Negation alone yields nothing: the extractor only emits positive statements.
        ("Please don't email me.", None),
        ("Please stop texting me.", None),
        ("I can't take calls at work", None),
        ("别发短信了", None),
        ("以后不要给我发邮件了", None),
        # Talk about a channel is no preference.
        ("I sent you an email yesterday.", None),
        ("I waited 45 minutes on the phone!", None),
        ("My phone keeps restarting.", None),
        ("我的手机一直重启", None),
    ],
)
def test_channel_changes_and_negations(text: str, channel: str | None) -> None:
    found = {value for key, value in pairs(text) if key == "contact_channel"}
    assert found == ({channel} if channel else set())


def test_channel_confidence() -> None:
    assert one("Please call me", "contact_channel").confidence == 0.9
    assert one("Could you give me a call?", "contact_channel").confidence == 0.7
    both = extract_preferences("You can call me or email me.", sent_at=SENT)
    assert {(p.value, p.confidence) for p in both} == {("phone", 0.6), ("email", 0.6)}


# --- contact time and expiry -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Call me tomorrow after 3pm.", "2026-03-05 after 15:00"),
        ("You can call me between 9 and 5 on weekdays.", "weekdays 09:00-17:00"),
        ("I'm available from 2pm to 4pm.", "14:00-16:00"),
        ("Call me at 6:30pm today please", "2026-03-04 18:30"),
        ("Ring me tonight, any time after 8", "2026-03-04 after 20:00"),
        ("Can someone phone me this evening around 7?", "2026-03-04 19:00"),
        ("I can take a call this afternoon.", "2026-03-04 afternoon"),
        ("I'm only free in the evenings.", "evening"),
        ("Mornings work best for me.", "morning"),
        ("Any time after lunch works for me.", "afternoon"),
        ("Weekends are better for me.", "weekends"),
        ("Call me at noon", "12:00"),
        ("Call me Friday morning.", "2026-03-06 morning"),
        ("Call me next Wednesday", "2026-03-11"),
        ("Call me on Wednesday", "2026-03-04"),
        ("Call me the day after tomorrow", "2026-03-06"),
        # Negated or busy: "before" becomes "after".
        ("Please don't call before 10am.", "after 10:00"),
        ("I'll be in a meeting until 11, call me after that", "after 11:00"),
        ("I'm not free until 5", "after 17:00"),
        ("今天下午三点以后打给我", "2026-03-04 after 15:00"),
        ("明天上午给我打电话吧", "2026-03-05 morning"),
        ("明早九点半打给我", "2026-03-05 09:30"),
        ("后天联系我", "2026-03-06"),
        ("下周一上午十点有空", "2026-03-09 10:00"),
        ("周五联系我", "2026-03-06"),
        ("工作日晚上八点以后比较方便", "weekdays after 20:00"),
        ("周末联系我", "weekends"),
        ("我一般上午九点到十二点有空", "09:00-12:00"),
        ("中午一点打给我", "13:00"),
        ("晚上七点半给我打电话", "19:30"),
        ("下午两点前不要打电话，我在开会", "after 14:00"),
        ("方便的话下午五点前回个电话", "before 17:00"),
    ],
)
def test_contact_time_values(text: str, value: str) -> None:
    assert one(text, "contact_time").value == value


@pytest.mark.parametrize(
    "text",
    [
        "The error started at 3pm yesterday.",  # no contact or availability context
        "I restarted it 3 times at 5pm",
        "I called your hotline at 9am yesterday.",  # about the past
        "我昨天下午三点打过你们客服电话",
        "早一点联系我",  # 一点 is "a bit" here, not one o'clock
        "Call me after 2 days",
    ],
)
def test_no_contact_time(text: str) -> None:
    assert not [p for p in extract_preferences(text, sent_at=SENT) if p.key == "contact_time"]


def test_time_bound_statements_expire_at_the_end_of_that_day_in_the_senders_offset() -> None:
    new_york = timezone(timedelta(hours=-5))
    sent = datetime(2026, 3, 4, 22, 30, tzinfo=new_york)
    found = extract_preferences("Call me tomorrow after 3pm", sent_at=sent)
    assert {(p.key, p.value) for p in found} == {
        ("contact_channel", "phone"),
        ("contact_time", "2026-03-05 after 15:00"),
    }
    for item in found:
        assert item.expires_at == datetime(2026, 3, 6, tzinfo=new_york)
        assert item.expires_at is not None and item.expires_at.utcoffset() == timedelta(hours=-5)
    # The same instant seen from Shanghai is already Thursday: "tomorrow" is Friday there.
    shanghai = sent.astimezone(timezone(timedelta(hours=8)))
    there = one("Call me tomorrow after 3pm", "contact_time", sent_at=shanghai)
    assert there.value == "2026-03-06 after 15:00"
    assert there.expires_at == datetime(2026, 3, 7, tzinfo=timezone(timedelta(hours=8)))


def test_statements_without_a_day_do_not_expire() -> None:
    for item in extract_preferences(
        "Please call me after 6pm. My email is a@b.com, I use an iPhone 13.", sent_at=SENT
    ):
        assert item.expires_at is None, item


def test_only_the_sentence_with_the_day_expires() -> None:
    found = extract_preferences("I prefer email. Call me tomorrow though.", sent_at=SENT)
    expiry = {p.value: p.expires_at for p in found if p.key == "contact_channel"}
    assert expiry["email"] is None
    assert expiry["phone"] == datetime(2026, 3, 6, tzinfo=SENT.tzinfo)


def test_naive_sent_at_is_rejected() -> None:
    with pytest.raises(ValueError, match="sent_at must be timezone-aware"):
        extract_preferences("call me", sent_at=datetime(2026, 3, 4))


# --- language --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Please reply in Spanish, my English isn't great.", "es"),
        ("Can we continue in Chinese?", "zh"),
        ("I prefer English.", "en"),
        ("My native language is French", "fr"),
        ("I only speak German", "de"),
        ("could we use Vietnamese?", "vi"),
        ("Japanese please", "ja"),
        ("Please answer in Mandarin", "zh"),
        ("please reply in 中文", "zh"),
        ("请用中文回复", "zh"),
        ("我看不懂英文，麻烦用中文", "zh"),
        ("可以用英语沟通", "en"),
        ("我说粤语", "yue"),
        ("母语是韩语", "ko"),
        ("日文就好", "ja"),
        ("I can't read Chinese", None),
        ("The app is showing Japanese text instead of English.", None),
        ("软件界面变成了英文", None),
        ("我不会说英语", None),
    ],
)
def test_language(text: str, code: str | None) -> None:
    found = {value for key, value in pairs(text) if key == "language"}
    assert found == ({code} if code else set())


# --- device model ----------------------------------------------------------------------------

DEVICE_EXAMPLES: list[tuple[str, str]] = [
    ("my phone is an iphone 14 pro", "iPhone 14 Pro"),
    ("我的手机是苹果13", "iPhone 13"),
    ("my iPad Pro 12.9", "iPad Pro 12.9"),
    ("my macbook air m2", "MacBook Air M2"),
    ("I have an iMac", "iMac"),
    ("my Mac mini", "Mac mini"),
    ("my Apple Watch Series 9", "Apple Watch Series 9"),
    ("my AirPods Pro 2", "AirPods Pro 2"),
    ("i got a new galaxy s24 ultra", "Samsung Galaxy S24 Ultra"),
    ("my Pixel 7a", "Google Pixel 7a"),
    ("我用的是华为 Mate 60 Pro", "Huawei Mate 60 Pro"),
    ("我有一台小米13", "Xiaomi 13"),
    ("用的是红米 Note 12 Pro", "Xiaomi Redmi Note 12 Pro"),
    ("I'm on a OnePlus 11.", "OnePlus 11"),
    ("我的手机是荣耀 90", "Honor 90"),
    ("my OPPO Find X7", "OPPO Find X7"),
    ("手机型号：vivo X100 Pro", "vivo X100 Pro"),
    ("I have a Dell Inspiron 15", "Dell Inspiron 15"),
    ("My printer is an HP LaserJet Pro M404dn", "HP LaserJet Pro M404DN"),
    ("I use a Lenovo ThinkPad X1 Carbon", "Lenovo ThinkPad X1 Carbon"),
    ("my Surface Pro 9", "Microsoft Surface Pro 9"),
    ("my ASUS ZenBook 14", "ASUS ZenBook 14"),
    ("It's an Asus RT-AX88U router", "ASUS RT-AX88U"),
    ("my Acer Aspire 5", "Acer Aspire 5"),
    ("The router is a TP-Link Archer AX50.", "TP-Link Archer AX50"),
    ("we use a TP-Link Deco X20", "TP-Link Deco X20"),
    ("my Netgear Nighthawk R7000", "Netgear Nighthawk R7000"),
    ("my Kindle Paperwhite", "Kindle Paperwhite"),
    ("my PS5", "PlayStation 5"),
    ("my Xbox Series X", "Xbox Series X"),
    ("my Nintendo Switch OLED", "Nintendo Switch OLED"),
]


@pytest.mark.parametrize(("text", "value"), DEVICE_EXAMPLES)
def test_device_model_canonical_names(text: str, value: str) -> None:
    item = one(text, "device_model")
    assert item.value == value
    assert item.confidence == 0.9  # all examples state ownership


def test_every_device_pattern_has_an_example() -> None:
    texts = [pe.normalize_chat(text).text for text, _ in DEVICE_EXAMPLES]
    for pattern, _ in pe._DEVICE_RULES:
        assert any(pattern.search(text) for text in texts), pattern.pattern


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "It happens on my Galaxy S23 Ultra and my iPad Air.",
            {"Samsung Galaxy S23 Ultra", "iPad Air"},
        ),
        ("我有一台小米13和一台iPad mini", {"Xiaomi 13", "iPad mini"}),
        ("I switched from an iPhone 12 to a Pixel 8", {"Google Pixel 8"}),
        ("之前用的是三星 Galaxy S21，现在换成了 iPhone 15 Pro Max", {"iPhone 15 Pro Max"}),
        ("I don't have an iPad.", set()),
        ("Does the app support the iPhone 15?", set()),
        ("I envy you, I do yoga 3 times a week", set()),
        ("I'm using a MacBook Pro 14 with the M2 chip", {"MacBook Pro 14"}),
    ],
)
def test_device_mentions(text: str, expected: set[str]) -> None:
    assert {value for key, value in pairs(text) if key == "device_model"} == expected


def test_bare_device_mention_is_a_lower_confidence_statement() -> None:
    assert one("It happens on iPhone 13 too.", "device_model").confidence == 0.7
    # A second device listed after an owned one shares the ownership.
    items = extract_preferences("I have an iPhone 13 and an iPad", sent_at=SENT)
    assert [(p.value, p.confidence) for p in items] == [("iPhone 13", 0.9), ("iPad", 0.9)]


# --- email and phone -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "email"),
    [
        ("My email is Jane.Doe@example.com", "jane.doe@example.com"),
        ("邮箱是 a@b.com", "a@b.com"),
        ("我的邮箱是ｗａｎｇ＠ｅｘａｍｐｌｅ．ｃｏｍ", "wang@example.com"),
        ("Please use bob_smith+support@mail.co.uk for updates.", "bob_smith+support@mail.co.uk"),
        (
            "My old email was old@example.org but please use new.me@example.org",
            "new.me@example.org",
        ),
        ("我的邮箱 zhao@example.com 已经不用了", None),
        ("That's example.com, not an address", None),
    ],
)
def test_email(text: str, email: str | None) -> None:
    found = {value for key, value in pairs(text) if key == "email"}
    assert found == ({email} if email else set())


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        ("You can reach me at +1 415 555 0134.", "+14155550134"),
        ("Reach me on 0044 20 7946 0958", "+442079460958"),
        ("My new number is 07700 900123", "07700900123"),
        ("Call me on (415) 555-0199", "4155550199"),
        ("我的手机号是13800138000", "+8613800138000"),
        ("有问题打我电话 139-1234-5678", "+8613912345678"),
        ("联系电话：+86 138 0013 8000", "+8613800138000"),
        ("１３８００１３８０００", "+8613800138000"),  # full-width digits, CN mobile shape
        ("My order number is 1234567890.", None),
        ("订单号 202603041234", None),
        ("The IP address is 192.168.1.1", None),
        ("I got error 0x80070005 on 2026-03-01.", None),
        ("my old number was +1 415 555 0100", None),
        ("The laptop cost 1,299 dollars", None),
    ],
)
def test_phone(text: str, phone: str | None) -> None:
    found = {value for key, value in pairs(text) if key == "phone"}
    assert found == ({phone} if phone else set())


def test_span_quotes_the_original_text() -> None:
    item = one("我的邮箱是ｗａｎｇ＠ｅｘａｍｐｌｅ．ｃｏｍ", "email")
    assert item.span == "ｗａｎｇ＠ｅｘａｍｐｌｅ．ｃｏｍ"
    assert one("Please CALL ME", "contact_channel").span == "CALL ME"


def test_output_is_in_message_order_without_repeats() -> None:
    items = extract_preferences("Email me at sam@example.net. Email me!", sent_at=SENT)
    assert [(p.key, p.value) for p in items] == [
        ("contact_channel", "email"),
        ("email", "sam@example.net"),
    ]


# --- mask_pii --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        (
            "mail jane.doe@example.com or call +1 415 555 0134",
            "mail j***@example.com or call ***34",
        ),
        ("电话13800138000，邮箱ａｂｃ＠ｅｘａｍｐｌｅ．ｃｏｍ", "电话***00,邮箱a***@example.com"),
        ("(415) 555-0199.", "***99."),
        ("order 1234567", "order ***67"),  # errs on the safe side
        ("on 2026-03-04 from 10.0.0.1, v1.2.3", "on 2026-03-04 from 10.0.0.1, v1.2.3"),
        (
            "ticket 550e8400-e29b-41d4-a716-446655440000 at 2026-03-04T10:00:00+08:00",
            "ticket 550e8400-e29b-41d4-a716-446655440000 at 2026-03-04T10:00:00+08:00",
        ),
    ],
)
def test_mask_pii_examples(text: str, masked: str) -> None:
    assert mask_pii(text) == masked


# ASCII digits (and full-width ones, which NFKC folds): the masking regex is ASCII-only.
emails = st.from_regex(
    r"[a-z][a-z0-9._]{0,10}[a-z0-9]@[a-z]{1,10}\.(?:com|org|cn|io)", fullmatch=True
)
phones = st.one_of(
    st.from_regex(r"\+[1-9][0-9]{0,2} [0-9]{3} [0-9]{3} [0-9]{4}", fullmatch=True),
    st.from_regex(r"1[3-9][0-9]{9}", fullmatch=True),
    st.from_regex(r"\([0-9]{3}\) [0-9]{3}-[0-9]{4}", fullmatch=True),
    st.from_regex(r"0[0-9]{4} [0-9]{6}", fullmatch=True),
)
# Surrounding text without digits, '@' or Latin letters glued to the PII (see mask_pii).
filler = st.text(alphabet=st.sampled_from(list("abc xyz,.!?:;()你好电话邮箱 \n")), max_size=20)


@given(filler, emails, filler, phones, filler)
def test_mask_pii_never_leaves_an_address_or_a_number(
    before: str, email: str, middle: str, phone: str, after: str
) -> None:
    text = f"{before} {email} {middle} {phone} {after}"
    masked = mask_pii(text)
    assert email not in masked
    digits = re.sub(r"\D", "", phone)
    assert digits not in re.sub(r"\D", "", masked)
    assert phone not in masked


@settings(max_examples=300)
@given(st.text(max_size=120) | st.builds(lambda e, p: f"{e} {p}", emails, phones))
def test_mask_pii_is_idempotent(text: str) -> None:
    once = mask_pii(text)
    assert mask_pii(once) == once


# --- the labelled set ------------------------------------------------------------------------


def test_labelled_set_shape() -> None:
    assert len(ROWS) >= 80
    assert len(set(TEXTS)) == len(TEXTS), "duplicate texts"
    langs = {row["lang"] for row in ROWS}
    assert langs == {"en", "zh", "mixed"}
    assert sum(row["lang"] == "zh" for row in ROWS) >= 40
    for row in ROWS:
        assert set(row) == {"text", "lang", "sent_at", "expected", "split"}, row
        assert datetime.fromisoformat(row["sent_at"]).tzinfo is not None
        for item in row["expected"]:
            assert item["key"] in PREFERENCE_KEYS, row
    keys = {item["key"] for row in ROWS for item in row["expected"]}
    assert keys == set(PREFERENCE_KEYS)
    assert sum(not row["expected"] for row in ROWS) >= 20  # negatives


def _scores(rows: list[dict[str, Any]], threshold: float = 0.0) -> dict[str, tuple[int, int, int]]:
    counts = {key: [0, 0, 0] for key in PREFERENCE_KEYS}  # tp, predicted, expected
    for row in rows:
        sent_at = datetime.fromisoformat(row["sent_at"])
        got = {
            (p.key, p.value)
            for p in extract_preferences(row["text"], sent_at=sent_at)
            if p.confidence >= threshold
        }
        gold = {(item["key"], item["value"]) for item in row["expected"]}
        for key in PREFERENCE_KEYS:
            g = {pair for pair in gold if pair[0] == key}
            p = {pair for pair in got if pair[0] == key}
            counts[key][0] += len(g & p)
            counts[key][1] += len(p)
            counts[key][2] += len(g)
    return {key: (tp, predicted, expected) for key, (tp, predicted, expected) in counts.items()}


# Floors: the measured figures (bench/extraction.py) less a margin.
PER_KEY_FLOOR = 0.93
PER_LANGUAGE_FLOOR = {"en": 0.93, "zh": 0.93, "mixed": 0.85}


def test_labelled_set_precision_and_recall_per_key() -> None:
    for key, (tp, predicted, expected) in _scores(ROWS).items():
        assert tp >= PER_KEY_FLOOR * predicted, (key, tp, predicted)
        assert tp >= PER_KEY_FLOOR * expected, (key, tp, expected)
    # Applied statements (at the engine's threshold) lose only the deliberate candidates.
    applied = _scores(ROWS, THRESHOLD)
    assert sum(c[0] for c in applied.values()) >= 0.95 * sum(c[2] for c in applied.values())
    assert all(c[0] >= PER_KEY_FLOOR * c[1] for c in applied.values())


def test_labelled_set_precision_and_recall_per_language() -> None:
    for lang, floor in PER_LANGUAGE_FLOOR.items():
        counts = _scores([row for row in ROWS if row["lang"] == lang]).values()
        tp, predicted, expected = (sum(c[i] for c in counts) for i in range(3))
        assert tp >= floor * predicted, (lang, tp, predicted)
        assert tp >= floor * expected, (lang, tp, expected)


def test_labelled_set_expiry() -> None:
    checked = 0
    for row in ROWS:
        gold = {(e["key"], e["value"]): e["expires_at"] for e in row["expected"]}
        for item in extract_preferences(
            row["text"], sent_at=datetime.fromisoformat(row["sent_at"])
        ):
            if (item.key, item.value) in gold:
                checked += 1
                want = gold[(item.key, item.value)]
                assert item.expires_at == (datetime.fromisoformat(want) if want else None), row
    assert checked >= 100


@pytest.mark.parametrize(
    "row", [row for row in ROWS if not row["expected"]], ids=lambda row: row["text"][:40]
)
def test_labelled_negative_examples_yield_nothing(row: dict[str, Any]) -> None:
    assert extract_preferences(row["text"], sent_at=datetime.fromisoformat(row["sent_at"])) == []


# --- properties ------------------------------------------------------------------------------


def _full_width(text: str) -> str:
    return "".join(
        chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else "\u3000" if c == " " else c for c in text
    )


def _essence(items: list[ExtractedPreference]) -> list[tuple[str, str, float, datetime | None]]:
    return [(p.key, p.value, p.confidence, p.expires_at) for p in items]


@given(st.sampled_from(ROWS))
def test_full_width_input_gives_the_same_preferences(row: dict[str, Any]) -> None:
    sent_at = datetime.fromisoformat(row["sent_at"])
    wide = extract_preferences(_full_width(row["text"]), sent_at=sent_at)
    assert _essence(wide) == _essence(extract_preferences(row["text"], sent_at=sent_at))


zones = st.sampled_from(
    [UTC, timezone(timedelta(hours=8)), timezone(timedelta(hours=-5, minutes=-30))]
)


@settings(max_examples=300)
@given(
    st.text(max_size=120) | st.sampled_from(TEXTS),
    st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1)),
    zones,
)
def test_any_text_gives_well_formed_preferences(text: str, when: datetime, zone: Any) -> None:
    sent_at = when.replace(tzinfo=zone)
    for item in extract_preferences(text, sent_at=sent_at):
        assert item.key in PREFERENCE_KEYS
        assert item.value
        assert 0.0 < item.confidence <= 1.0
        assert item.span and item.span in text
        if item.expires_at is not None:
            assert item.key in ("contact_channel", "contact_time")
            assert item.expires_at > sent_at
            assert item.expires_at.utcoffset() == sent_at.utcoffset()


@pytest.mark.parametrize(
    ("model", "family"),
    [
        ("iPhone 14 Pro", "phone"),
        ("Samsung Galaxy S23 Ultra", "phone"),
        ("Samsung Galaxy Tab S9", "tablet"),
        ("iPad Air", "tablet"),
        ("MacBook Pro 14", "laptop"),
        ("Dell Inspiron 15", "laptop"),
        ("Huawei MateBook X Pro", "laptop"),
        ("Huawei Mate 60 Pro", "phone"),
        ("HP LaserJet Pro", "printer"),
        ("TP-Link Archer AX55", "router"),
        ("Apple Watch Series 9", "watch"),
        ("AirPods Pro 2", "audio"),
        ("iMac", "desktop"),
        ("PlayStation 5", "console"),
        ("Toaster 3000", "other"),
    ],
)
def test_device_family(model: str, family: str) -> None:
    assert device_family(model) == family
    assert preference_key("device_model", model) == f"device_model_{family}"


def test_every_extracted_device_of_the_labelled_set_has_a_family() -> None:
    # The key a device is stored under must never fall back to "other" for a model the
    # extractor knows: that would make unrelated devices supersede each other.
    rows = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines()]
    models = [e["value"] for r in rows for e in r["expected"] if e["key"] == "device_model"]
    assert len(models) >= 20
    assert [m for m in models if device_family(m) == "other"] == []
    assert preference_key("contact_channel", "phone") == "contact_channel"
