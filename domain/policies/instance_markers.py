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

__all__ = ["names_another_unit", "points_elsewhere"]

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
