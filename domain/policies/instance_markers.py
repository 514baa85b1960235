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

Two texts can say it between them without such a word: each names a unit of one kind and
they share none ("the Echo Show in the kitchen" after "the Echo Dot in the living room":
:func:`names_another_unit`), or each names a value and they share none ("Auto-Lock to 30
seconds" after "Auto-Lock to 2 minutes": :func:`names_another_value`). They lower the same
bar; on dev 1-185 (session 22) that removed 65 false blocks for 2 repeats lost.
"""

from __future__ import annotations

import re

from caseledger.domain.policies._chat_text import chinese_number

__all__ = ["names_another_unit", "names_another_value", "points_elsewhere"]

# Frozen before the round-16 rows were read (bench/README.md, "Round 16"): a longer
# list fitted to the rows that chose it would not say what it does on new text.
_ENGLISH = re.compile(r"\b(?:too|also|as well|instead|other|another|second|the rest)\b")
_CHINESE = re.compile(r"也|另一|另外|其他|别的")


def points_elsewhere(text: str) -> bool:
    """Whether ``text`` carries a word pointing at another instance or a substitute ("too",
    "also", "as well", "instead", "other", "another", "second", "the rest"; 也, 另一, 另外,
    其他, 别的)."""
    return bool(_ENGLISH.search(text.casefold()) or _CHINESE.search(text))


# Units a step is done on, by kind: the same operation on a unit of another name is another
# step ("restart the Eero beacon in the bedroom" after "rebooted the main Eero"). Written
# from round 21's catalog and frame false blocks (session 22, bench/README.md, "Round 22");
# kept to names that point at one unit, so a rephrasing rarely names two different ones.
# Each entry: canonical unit -> English patterns (matched on casefolded text) and Chinese
# substrings.
_UNITS: dict[str, dict[str, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    "place": {
        "living room": ((r"\bliving ?room",), ("客厅",)),
        "bedroom": ((r"\bbed ?room",), ("卧室", "主卧", "次卧")),
        "kitchen": ((r"\bkitchen",), ("厨房",)),
        "bathroom": ((r"\bbath ?room",), ("卫生间", "浴室")),
        "office": ((r"\boffice\b(?! ?365| app| suite| update)",), ("办公室",)),
        "study": ((r"\bstudy\b",), ("书房",)),
        "garage": ((r"\bgarage",), ("车库",)),
        "upstairs": ((r"\bup ?stairs",), ("楼上", "二楼")),
        "downstairs": ((r"\bdown ?stairs",), ("楼下", "一楼")),
        "basement": ((r"\bbasement",), ("地下室",)),
        "front desk": ((r"\bfront ?desk", r"\breception\b"), ("前台",)),
    },
    "device": {
        "phone": ((r"\biphone", r"\bphone\b", r"\bpixel\b", r"\bgalaxy s"), ("手机",)),
        "tablet": ((r"\bipad", r"\btablet", r"\bgalaxy tab"), ("平板",)),
        "laptop": ((r"\blaptop", r"\bmacbook", r"\bnotebook\b"), ("笔记本",)),
        "desktop": ((r"\bdesktop", r"\bimac\b"), ("台式",)),
        "tv": ((r"\btv\b", r"\btelevision"), ("电视",)),
        "xbox": ((r"\bxbox",), ()),
        "switch": (
            (
                r"\bnintendo switch",
                r"\b(?:the|my|your|a) switch\b(?! (?:it|off|on|to|back|over|between|from))",
            ),
            (),
        ),
        "playstation": ((r"\bps[45]\b", r"\bplaystation"), ()),
        "watch": ((r"\bapple watch", r"\bwatch\b(?! (?:for|out|the|it))"), ("手表",)),
        "echo dot": ((r"\becho dot",), ()),
        "echo show": ((r"\becho show",), ()),
        "router": ((r"\brouter",), ("路由",)),
        "roku": ((r"\broku",), ()),
        "chromecast": ((r"\bchromecast",), ()),
        "car": ((r"\bcar\b", r"\bhead unit"), ("车机", "车载")),
        "soundbar": ((r"\bsoundbar",), ("回音壁",)),
    },
    "role": {
        "main": (
            (
                r"\bmain (?:router|unit|eero|orbi|node|deco)",
                r"\bprimary (?:router|unit|node)",
                r"\bgateway\b",
            ),
            ("主路由",),
        ),
        "satellite": (
            (
                r"\bsatellite",
                r"\bbeacon",
                r"\bextender",
                r"\brepeater",
                r"\bmesh (?:node|point|unit)",
            ),
            ("子路由", "副路由", "卫星", "中继", "扩展器"),
        ),
    },
    "drive": {
        "c:": ((r"\bc: ?(?:drive)?",), ("c盘", "C盘")),
        "d:": ((r"\bd: ?(?:drive)?",), ("d盘", "D盘")),
        "e:": ((r"\be: ?drive",), ("e盘", "E盘")),
    },
    "sim": {
        "sim 1": ((r"\bsim ?1\b", r"\bwork sim", r"\bprimary sim"), ("主卡", "卡1")),
        "sim 2": ((r"\bsim ?2\b", r"\bpersonal sim", r"\bsecondary sim"), ("副卡", "卡2")),
    },
    "cartridge": {
        "black": ((r"\bblack (?:cartridge|ink)",), ("黑色墨盒", "黑墨")),
        "colour": (
            (r"\btri-?colou?r", r"\bcolou?r (?:cartridge|ink|nozzles)"),
            ("彩色墨盒", "彩墨"),
        ),
    },
    "band": {
        "2.4 GHz": ((r"\b2\.4 ?g",), ()),
        "5 GHz": ((r"\b5 ?g(?:hz)?\b(?! (?:phone|network|signal))",), ("5G频段",)),
    },
    "folder": {
        "inbox": ((r"\binbox\b",), ("收件箱",)),
        "sent": ((r"\bsent\b (?:items|folder|mail)",), ("已发送",)),
        "drafts": ((r"\bdrafts?\b",), ("草稿",)),
        "trash": ((r"\btrash\b", r"\bdeleted (?:items|folder)"), ("已删除",)),
        "spam": ((r"\bspam folder", r"\bjunk\b"), ("垃圾邮件",)),
    },
}
# Words that name a laptop or a desktop without saying which: they agree with either.
_ANY_COMPUTER = re.compile(r"\bcomputer\b|\bpc\b|电脑")
_UNIT_PATTERNS = {
    kind: {
        # ASCII word edges: next to a Chinese character ("在iPad的") a word still starts.
        unit: (re.compile("|".join(english), re.ASCII) if english else None, chinese)
        for unit, (english, chinese) in units.items()
    }
    for kind, units in _UNITS.items()
}


def _units(text: str) -> dict[str, frozenset[str]]:
    folded = text.casefold()
    named = {
        kind: frozenset(
            unit
            for unit, (english, chinese) in units.items()
            if (english is not None and english.search(folded))
            or any(word in text for word in chinese)
        )
        for kind, units in _UNIT_PATTERNS.items()
    }
    if not named["device"] and _ANY_COMPUTER.search(folded):
        named["device"] = frozenset({"laptop", "desktop", "computer"})
    return named


def names_another_unit(candidate: str, known: str) -> bool:
    """Whether ``candidate`` and ``known`` each name a unit of one kind (a room, a device, a
    mesh router's role, a drive, a SIM, a cartridge, a Wi-Fi band, a mail folder) and share
    none of that kind: "Restart the Echo Show in the kitchen" against "Restarted the Echo
    Dot in the living room"; not "Reboot the router" against "Restarted the Wi-Fi"."""
    ours, theirs = _units(candidate), _units(known)
    return any(ours[kind] and theirs[kind] and not ours[kind] & theirs[kind] for kind in ours)


# A setting's value, where a step names one: a quoted option ('Wi-Fi' only, "Draft") or a
# number with a unit (30 seconds, 10 dB, 5M, 4K) or a dotted address (192.168.1.100). The
# same setting set to another value is another step ("Set Auto-Lock to 30 seconds" after
# "Set the iPad's Auto-Lock to 2 minutes"). Quoted text counts in English only: a Chinese
# quote names the setting as often as its value (把“电源模式”调成最佳性能).
_QUOTED = re.compile(r"(?<![a-z])[\"'‘“「『]([a-z0-9][^\"'’”」』\n]{0,38}?)[\"'’”」』](?![a-z])")
_NUMBER_UNIT = re.compile(
    r"(?<![a-z0-9.\-])(\d+(?:\.\d+)+|\d+) ?(seconds?|secs?|s|minutes?|mins?|hours?|hrs?|h|days?"
    r"|db|%|p|k|mbps|mb|m|gb|ghz|g|mhz|w|v|x|秒|分钟|小时|天|分贝|兆)?(?![a-z0-9])",
    re.ASCII,
)
_CHINESE_NUMBER_UNIT = re.compile(
    r"([一二两三四五六七八九]?十[一二三四五六七八九]?|[一二两三四五六七八九])(秒|分钟|小时|分贝)"
)
# Units to one spelling; durations to seconds, so "60 seconds" is "一分钟".
_SECONDS = {
    "s": 1,
    "sec": 1,
    "secs": 1,
    "second": 1,
    "seconds": 1,
    "秒": 1,
    "min": 60,
    "mins": 60,
    "minute": 60,
    "minutes": 60,
    "分钟": 60,
    "h": 3600,
    "hr": 3600,
    "hrs": 3600,
    "hour": 3600,
    "hours": 3600,
    "小时": 3600,
    "day": 86400,
    "days": 86400,
    "天": 86400,
}
_UNIT_SPELLING = {"分贝": "db", "兆": "m", "g": "ghz"}


def _quantity(number: str, unit: str) -> str | None:
    if unit in _SECONDS:
        return f"{float(number) * _SECONDS[unit]:g}s"
    if "." in number and number.count(".") > 1:
        return number  # an address or a version
    if not unit:
        return None  # a bare number: a model, a year, a count
    return number + _UNIT_SPELLING.get(unit, unit)


def _values(text: str) -> tuple[frozenset[str], frozenset[str]]:
    folded = text.casefold()
    quoted = frozenset(
        value.strip(" ?!.:").strip() for value in _QUOTED.findall(folded) if value.isascii()
    )
    quantities = {_quantity(number, unit) for number, unit in _NUMBER_UNIT.findall(folded)}
    quantities |= {
        _quantity(str(chinese_number(number)), unit)
        for number, unit in _CHINESE_NUMBER_UNIT.findall(text)
    }
    return quoted, frozenset(value for value in quantities if value is not None)


def names_another_value(candidate: str, known: str) -> bool:
    """Whether ``candidate`` and ``known`` each name a value of one kind (a quoted option, a
    quantity) and share none: "Set Auto-Lock to 30 seconds" against "Set the iPad's
    Auto-Lock to 2 minutes"; not "拔掉充电器，按住开机键一分钟" against "Hold the power button
    for 60 seconds"."""
    ours, theirs = _values(candidate), _values(known)
    return any(a and b and not a & b for a, b in zip(ours, theirs, strict=True))
