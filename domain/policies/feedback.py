"""Rule-based classifier of a customer's feedback on the pending attempt(s) of their ticket.

:func:`classify_feedback` reads one customer message (English, simplified Chinese or a mix)
and answers with a :class:`FeedbackVerdict`: the outcome to record for the pending attempt(s)
— ``"failed"``, ``"succeeded"``, ``"partial"``, ``"not_attempted"`` — or ``None`` when the
message does not say (the engine then leaves the attempts pending and asks). It never guesses
from the topic of a message, only from explicit cues, and names the cue it used so the outcome
event can carry it as evidence.

How a message is read
---------------------
1. The text is normalised (:func:`~._chat_text.normalize_chat`: NFKC, so full-width forms
   equal half-width ones; casefold; CJK/Latin spacing; a line break ends a sentence).
2. It is cut into sentences (at ``. ! ? 。 ;`` and line breaks) and clauses (at ``, : ，、``).
   Some clauses are *set aside* before any cue is matched:

   * questions — a clause ending a sentence with ``?``, or starting like one ("should I",
     "do I", "what", "how", "请问"), or ending in 吗/呢, or with an A-not-A form (要不要,
     是不是, 会不会 ...); in a run-on clause ("still drops should I restart?") only the part
     from the question's opening words on. Exception: "why"/"how come"/为什么/怎么还
     questions presuppose what they ask about ("why is it still not printing?"), so they are
     read as statements;
   * hypotheticals — clauses opening with if/unless/如果/要是/万一 ...;
   * explicit uncertainty — "not sure if", "can't tell", 不确定, 不知道是不是 ...;
   * new problem reports — from a marker such as "also, ...", "another problem", "by the way",
     另外, 还有一个问题, 新问题 to the end of the message.
3. Cue patterns are matched on what is left. When two cues overlap the longer one wins (so "not
   fixed" beats "fixed", "no longer crashes" beats "crashes"); Chinese success cues are also
   dropped when a negator (不/没/未/别) sits right before them.
4. Weak failure cues — a bare symptom such as "won't print", "error", 打不开, 不行 — count only
   when the message also refers to the attempt (an *anchor*: tried, did, followed, after,
   now, again, restarted ..., 试, 照做, 之后, 现在 ...). Without one, "my printer won't print"
   is a problem report, not feedback, and the verdict is ``None``.
5. The surviving cues are combined:

   * a failure cue marked *historical* ("didn't work at first") is ignored when a success
     cue is present;
   * success and failure together → ``partial`` ("the sound works now but the mic still
     doesn't"), as do explicit partial cues ("a bit better", 好一点了, "fixed the first issue
     but the second remains"); an explicit success cue that is stronger than a weak partial
     cue ("much better — it works perfectly now") → ``succeeded``;
   * success and not-attempted together → ``succeeded`` ("haven't tried the reinstall, but the
     restart fixed it"); failure and not-attempted together → ``failed`` at confidence ≤ 0.6
     (the failure matters most, but the message is about several attempts and a single verdict
     cannot say which one each part is about), unless the failure cue is weaker than the
     not-attempted one ("I'm not at home, can't restart it" → ``not_attempted``);
   * otherwise the single outcome that was cued.

Decisions on hard cases (the labelled set ``tests/data/feedback_labelled.jsonl`` follows them)
----------------------------------------------------------------------------------------------
* "It worked for a minute then stopped", 好了一会儿又不行了, "the error came back" →
  ``failed``: the fix did not hold and the customer is back where they started; ``partial`` is
  kept for lasting but incomplete improvement.
* "Better", "much better", 好多了 without "fixed"/"works now" → ``partial`` (weak, 0.6): the
  customer has not said the problem is gone.
* "Fixed the first issue but the second remains" → ``partial``.
* "Couldn't find the setting", "no admin rights", "not at home" → ``not_attempted``: the step
  was not carried out.
* "I'll try it tonight", "haven't had time", "I won't do that, it wipes my data" →
  ``not_attempted``.
* "Worse now" → ``failed``.
* A success followed by a new problem ("that fixed the wifi. Also my printer ...") →
  ``succeeded``; the new problem is not feedback.
* A question alone, an acknowledgement ("ok", "thanks"), a problem statement with no reference
  to the attempt, or explicit uncertainty → ``None``.

Confidence
----------
Rough, rule-level calibration: an explicit strong cue ("that fixed it", "still not working",
还是不行) is 0.9; a medium cue 0.75-0.85; a weak cue ("better", a bare symptom with an anchor)
0.6. Hedging ("I think", "seems", 好像, 应该) multiplies by 0.75; two or more agreeing cues add
0.05 (at most 0.95). ``None`` verdicts have confidence 0.0 and a ``cue`` saying why
(``"no cue"``, ``"question"``, ``"uncertain"`` ...).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from caseledger.domain.policies._chat_text import NormalizedText, normalize_chat

__all__ = ["FEEDBACK_OUTCOMES", "FeedbackVerdict", "classify_feedback"]

FAILED: Final = "failed"
SUCCEEDED: Final = "succeeded"
PARTIAL: Final = "partial"
NOT_ATTEMPTED: Final = "not_attempted"

#: The outcomes a verdict can carry (``None`` aside); a subset of the ticket model's outcomes.
FEEDBACK_OUTCOMES: Final = (FAILED, SUCCEEDED, PARTIAL, NOT_ATTEMPTED)

STRONG: Final = 0.9
MEDIUM: Final = 0.75
WEAK: Final = 0.6
HEDGE_FACTOR: Final = 0.75
AGREEMENT_BONUS: Final = 0.05
MAX_CONFIDENCE: Final = 0.95
MIXED_FAILED_CAP: Final = 0.6
MIXED_PARTIAL: Final = 0.7

# Characters of clauses set aside are replaced by this sentinel, so no pattern can match across
# or inside them; gap classes below exclude it.
_MASK: Final = "#"


@dataclass(frozen=True)
class FeedbackVerdict:
    """The outcome a message reports for the pending attempt(s), or ``None`` if it is unclear.

    ``confidence`` is in ``[0, 1]`` (0.0 for ``None``); ``cue`` names the rule and quotes the
    customer's words that decided, e.g. ``"still+negation: still not working"``, or says why
    there is no outcome.
    """

    outcome: str | None
    confidence: float
    cue: str


@dataclass(frozen=True)
class _Rule:
    name: str
    outcome: str
    strength: float
    pattern: re.Pattern[str]
    weak: bool = False  # a weak failure cue needs an anchor elsewhere in the message


@dataclass(frozen=True)
class _Hit:
    rule: _Rule
    start: int
    end: int

    @property
    def length(self) -> int:
        return self.end - self.start


# --- building blocks -------------------------------------------------------------------------

# "didn't", "didnt", "did not" all read as did+NT.
_NEG_AUX = (
    r"(?:(?:do|does|did|is|are|was|were|has|have|had|ca|wo|could|would|should)n'?t\b"
    r"|\bcannot\b|\b(?:do|does|did|is|are|was|were|has|have|had|can|will|could|would)\s+not\b)"
)
_NEG = rf"(?:\b(?:not|no|never|nothing|none|neither|nor)\b|\b{_NEG_AUX})"
# A gap that stays inside one sentence and never enters a set-aside clause.
_GAP = r"[^.!?。;#\n]"
# A short Chinese gap: no spaces or punctuation either.
_ZGAP = r"[^\s#,.!?。;:、]"  # \s covers the line break
_ZNEG_BEFORE = r"(?<![不没未别])(?<!没有)"


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _rules() -> tuple[_Rule, ...]:
    f, s, p, n = FAILED, SUCCEEDED, PARTIAL, NOT_ATTEMPTED
    symptoms_en = (
        r"(?:broken|failing|fails|crash\w*|freez\w*|frozen|the same|same|happening|getting|"
        r"having|showing|shows|seeing|stuck|down|offline|drop\w*|disconnect\w*|slow|there|"
        r"says|saying|an? (?:error|issue|problem)|error\w*|doing it|loading|spinning|blank|"
        r"lagg\w*|laggy|dead|missing|locked|asking|asks|buffering|black|white|dark|loud|hot|"
        r"overheat\w*|noisy|flicker\w*|beep\w*|blinking|flashing|empty|unresponsive|pending|"
        r"wrong|bad|poor|terrible|weak|looping|restart\w*|reboot\w*|shutting\s+down|"
        r"on\s+the\s+(?:logo|loading|login))"
    )
    work_verbs = (
        r"(?:work|load|connect|open|print|start|turn on|boot|charge|sync|respond|show|"
        r"log ?in|sign in|send|receive|play|install|update|run)"
    )
    zh_symptoms = (
        r"(?:不|没|无|未|一样|老样子|那样|报错|闪退|卡|断|黑屏|蓝屏|失败|有问题|出错|显示|"
        r"提示|慢|crash\w*|error\w*|slow|fail\w*|not\b|no\b)"
    )
    rules = [
        # ---- failed, English
        # The verb after the negation is part of the cue, so "still not working" outlasts the
        # weaker "not working" when overlaps are resolved.
        _Rule("still+negation", f, STRONG, _rx(rf"\bstill\s+(?:\w+\s+){{0,3}}?{_NEG}(?:\s+\w+)?")),
        _Rule(
            "still+symptom",
            f,
            STRONG,
            _rx(
                rf"\bstill\s+(?:\w+\s+){{0,2}}?{symptoms_en}\b|\bstill\s*(?:一样|不行|没|不|报错|闪退|卡)"
            ),
        ),
        _Rule(
            "no effect",
            f,
            STRONG,
            _rx(
                r"\b(?:did|has|have|had|was)(?:n'?t|\s+not)\s+(?:really\s+|seem\s+to\s+|even\s+)?"
                r"(?:help|work|fix|solve|resolve|change|stick|last|hold|improve|matter|"
                r"do (?:anything|a thing|much|it)|make (?:any|a|much of a) difference)\w*"
            ),
        ),
        _Rule(
            "nothing worked",
            f,
            STRONG,
            _rx(
                r"\b(?:neither|none|nothing)\b(?:\s+\w+){0,3}?\s+(?:worked|helped|changed|"
                r"happened|fixed|works|helps|did anything|made (?:a|any) difference)"
            ),
        ),
        _Rule(
            "no result",
            f,
            STRONG,
            _rx(
                r"\bno\s+(?:luck|change|changes|difference|improvement|joy|dice|effect|success|"
                r"better|go)\b|\bmakes?\s+no\s+difference|\bmade\s+no\s+difference|"
                rf"\bnot\s+any\s+better\b|{_NEG_AUX}\s+(?:had|have)\s+(?:any|much)\s+luck"
            ),
        ),
        _Rule(
            "not fixed",
            f,
            STRONG,
            _rx(
                r"\b(?:not|never)\s+(?:been\s+)?(?:fixed|resolved|solved|sorted|better|improved)"
                r"\b|\bnot\s+helping\b"
            ),
        ),
        _Rule(
            "same problem",
            f,
            STRONG,
            _rx(
                r"\bsame\s+(?:\w+\s+)?(?:problem|issue|error|thing|result|behaviou?r|message|"
                r"screen|wheel|story|as before|here|popup|pop-up|warning|code|notification|page|"
                r"spinner|crash|symptoms?|response)\b|\bsame\s+(?:old|for me)\b|"
                r"\b(?:it's|its|it\s+is|that's|everything's)\s+(?:exactly\s+|just\s+)?the\s+same\b|"
                r"\b(?:exact|exactly|just|still)\s+(?:the\s+)?same\b(?=\s*(?:$|[.!?,#]))|"
                r"\b(?:problem|issue|error|it|bug)\s+(?:still\s+)?(?:persists?|continues?|"
                r"is\s+still\s+there|remains?)\b"
            ),
        ),
        _Rule("worse", f, 0.85, _rx(r"\b(?:even\s+|much\s+|way\s+)?worse\b")),
        _Rule("already tried", f, MEDIUM, _rx(r"\b(?:already\s+tried|tried\s+\w+\s+already)\b")),
        _Rule(
            "but now not",
            f,
            MEDIUM,
            _rx(rf"\bbut\s+now\s+(?:\w+\s+){{0,2}}?{_NEG}(?:\s+\w+)?"),
        ),
        _Rule("back to square one", f, STRONG, _rx(r"\bback\s+to\s+square\s+one\b")),
        _Rule(
            "relapse",
            f,
            STRONG,
            _rx(
                rf"\b(?:worked|working|fine|ok|okay|good|fixed|was fine)\b{_GAP}{{0,40}}?"
                rf"\b(?:then|but|and|until)\b{_GAP}{{0,30}}?\b(?:stopped|stops|came back|"
                r"comes back|is back|again|broke|died|failed|went back|reverted)\b"
            ),
        ),
        _Rule(
            "came back",
            f,
            STRONG,
            _rx(
                r"\b(?:problem|issue|error|errors|crash\w*|it|bug|lag|noise|message|popup|"
                r"warning|symptoms?|freez\w*)\s+(?:has\s+|have\s+)?(?:came|come|comes|coming|is|"
                r"are)\s+back\b(?!\s+(?:to normal|online|on\s*line|up|on|working|in business))|"
                r"\bit's\s+back\b(?!\s+(?:to normal|online|on\s*line|up|on|working|in business))"
            ),
        ),
        _Rule(
            "again (relapse)",
            f,
            STRONG,
            _rx(
                r"\b(?:crash\w*|freez\w*|froze|drop\w*|disconnect\w*|stopped|happening|"
                r"happened|failing|failed|broke|broken|down|offline|doing it|error)\s+again\b"
            ),
        ),
        _Rule(
            "it doesn't work",
            f,
            0.8,
            _rx(
                r"(?:^|[.!?,\n]\s*|\b(?:it|that|this|which|nope|no|nah)\s+)"
                r"(?:(?:it|that|this)\s+)?(?:is\s*n'?t|is\s+not|does\s*n'?t|does\s+not|"
                r"not)\s+(?:really\s+)?work(?:ing|s)?\b"
            ),
        ),
        _Rule(
            "negated function",
            f,
            WEAK,
            _rx(rf"(?:{_NEG_AUX}|\bnot\b)\s+(?:\w+\s+)?{work_verbs}\w*"),
            weak=True,
        ),
        _Rule(
            "symptom",
            f,
            WEAK,
            _rx(
                r"\b(?:error|errors|crash\w*|freez\w*|frozen|broken|slow\w*|lagg\w*|"
                r"disconnect\w*|offline|stuck|fails|failed|black screen|blue screen)\b"
            ),
            weak=True,
        ),
        _Rule(
            "no longer works",
            f,
            0.85,
            _rx(
                r"\bno\s+longer\s+(?:work|connect|load|open|print|start|turn|boot|charge|"
                r"sync|respond)\w*"
            ),
        ),
        # ---- failed, Chinese
        _Rule(
            "还是+negation",
            f,
            STRONG,
            _rx(
                rf"(?:还是|仍然|依然|依旧|仍旧|仍|照样|照旧)\s*(?:[a-z0-9-]+\s*)?{_ZGAP}{{0,4}}?\s*"
                + zh_symptoms
            ),
        ),
        _Rule(
            "还没好/还是不行",
            f,
            STRONG,
            _rx(r"还(?:是)?(?:没|不)(?:有)?(?:好|行|能用|解决|恢复|正常|修好)"),
        ),
        _Rule(
            "问题还在",
            f,
            STRONG,
            _rx(r"问题(?:还在|依旧|依然|仍然|还是|没(?:有)?解决|还没解决|照旧)"),
        ),
        _Rule(
            "没用",
            f,
            STRONG,
            _rx(
                r"没(?:有)?(?:什么|任何|啥)?(?:用|效果|作用|反应|变化|改善|好转|区别|改变)|"
                r"不管用|不好使|不起作用|没起作用|无效|一点(?:用|效果|变化|作用)?都没(?:有)?"
            ),
        ),
        _Rule("没解决", f, STRONG, _rx(r"(?:没|没有|未|没能)(?:解决|修好|搞定|恢复|成功)")),
        _Rule("更严重", f, 0.85, _rx(r"更(?:严重|糟|差|慢|卡)了?|反而")),
        _Rule(
            "又不行 (relapse)",
            f,
            STRONG,
            _rx(
                r"好了?(?:一会儿?|一下|几分钟|一阵子?)\s*[,，]?\s*又|"
                r"又(?:不行|坏|断|卡|闪退|出现|开始|报错|连不上|打不开|不能|没)"
            ),
        ),
        _Rule(
            "不再工作", f, 0.85, _rx(r"不再(?:工作|响应|运行|能)|(?:不|没法)(?:可以|好用|能用)了")
        ),
        _Rule(
            "不行",
            f,
            WEAK,
            _rx(
                r"不行|打不开|连不上|登不上|登不进|进不去|用不了|开不了|收不到|"
                r"不能用|闪退|报错|死机|黑屏|蓝屏|卡住|断网|断线|没(?:有)?(?:声音|画面|图像|信号|网)|"
                r"很慢|太慢|变慢|慢得|卡顿|不稳定"
            ),
            weak=True,
        ),
        # ---- succeeded, English
        _Rule(
            "fixed it",
            s,
            STRONG,
            _rx(
                r"\b(?:fixed|solved|resolved|sorted)\s+(?:it|things|everything|"
                r"(?:the|my)\s+\w+)\b|\bdid\s+the\s+trick\b|"
                r"\bthat\s+was\s+(?:it|the\s+(?:fix|problem|issue|solution|trick|culprit))\b"
            ),
        ),
        _Rule(
            "works now",
            s,
            STRONG,
            _rx(
                r"\b(?:(?:it's|it\s+is|its|that's|everything's|everything\s+is)\s+)?"
                r"(?:works?|working|worked)\s+(?:now|again|fine|perfectly|great|well|properly|"
                r"normally|like a charm|as expected|100%)\b"
            ),
        ),
        _Rule(
            "it worked",
            s,
            STRONG,
            _rx(
                r"\b(?:it|that|this|which|everything|\w+ing)\s+(?:finally\s+|actually\s+)?worked\b"
            ),
        ),
        _Rule(
            "can now",
            s,
            0.85,
            _rx(
                r"\b(?:can|could|able to)\s+(?:finally\s+|now\s+)?(?:log ?in|sign in|connect|"
                r"print|open|send|receive|access|use|see|hear|call|stream|play|load|download|"
                rf"upload|sync|boot|charge)\b{_GAP}{{0,30}}?\b(?:now|again|finally)\b"
            ),
        ),
        _Rule(
            "back to normal",
            s,
            STRONG,
            _rx(r"\bback\s+(?:to\s+normal|online|on\s*line|up|in business)\b|\bup and running\b"),
        ),
        _Rule(
            "X is back",
            s,
            0.85,
            _rx(
                r"\b(?:sound|audio|wifi|wi-fi|internet|signal|connection|service|picture|video|"
                r"display|screen|email|emails|data|files?|photos?|contacts?|power|network|"
                r"messages|notifications|bluetooth)\s+(?:is|are|'s|has|have)?\s*(?:come\s+)?back\b"
            ),
        ),
        _Rule(
            "problem solved",
            s,
            STRONG,
            _rx(
                r"\b(?:problem|issue|error|everything|all)\s*(?:'s|is|has been|was|got|seems|"
                r"are|have been)?\s*(?:now\s+)?(?:fixed|solved|resolved|sorted|gone)\b"
            ),
        ),
        _Rule(
            "all good",
            s,
            0.85,
            _rx(
                r"\ball\s+(?:good|set|sorted|fixed|working|fine)\b|"
                r"\b(?:fine|ok|okay|good|great|perfect)\s+now\b"
            ),
        ),
        _Rule(
            "no more errors",
            s,
            0.85,
            _rx(
                r"\bno\s+more\s+(?:error\w*|crash\w*|issues?|problems?|freez\w*|drops?|"
                r"disconnect\w*)|\bno\s+longer\s+(?:crash|freez|drop|disconnect|show|get|happen|"
                r"error|lag|stutter|hang|restart|reboot|ask)\w*"
            ),
        ),
        _Rule(
            "finally",
            s,
            0.85,
            _rx(r"\bfinally\s+(?:works|working|connected|connects|fixed|online|up|synced|loads)\b"),
        ),
        _Rule(
            "X again",
            s,
            0.85,
            _rx(
                r"\b(?:sync|connect|load|print|work|charg|open|send|receiv|boot|play|stream|"
                r"download|upload|run)\w*\s+again\b"
            ),
        ),
        _Rule(
            "it's working",
            s,
            0.8,
            _rx(r"\b(?:it's|it\s+is|its|that's|everything's|everything\s+is)\s+working\b"),
        ),
        _Rule(
            "symptom stopped",
            s,
            0.85,
            _rx(
                r"\b(?:drain|error\w*|crash\w*|noise|problem|issue|freez\w*|lag\w*|popups?|"
                r"messages?|beeping|flicker\w*|buffering|warning)\s+(?:has\s+|have\s+)?"
                r"(?:stopped|disappeared|went\s+away|gone\s+away|is\s+gone|are\s+gone)\b|"
                r"\b(?:is\s*n'?t|are\s*n'?t|not)\s+(?:\w+ing)\s+(?:anymore|any\s+more)\b"
            ),
        ),
        _Rule(
            "now I can",
            s,
            0.85,
            _rx(
                r"\bnow\s+(?:i|we|it|they)\s+(?:can|could)\s+(?:\w+\s+)?(?:log|sign|connect|"
                r"print|open|send|receive|access|use|see|hear|call|stream|play|load|download|"
                r"upload|sync|boot|charge)"
            ),
        ),
        _Rule(
            "fixed!",
            s,
            0.85,
            _rx(r"(?:^|[.!?,\n]\s*)(?:all\s+|it's\s+|now\s+)?(?:fixed|resolved|solved|sorted)\b"),
        ),
        _Rule(
            "works.",
            s,
            0.8,
            _rx(r"(?:^|[.!?,\n]\s*)(?:it\s+|that\s+)?works?\b\s*(?=$|[.!?,#\n])"),
        ),
        _Rule("helped", s, 0.7, _rx(r"\b(?:that|it|this|which|your \w+|\w+ing)\s+helped\b")),
        # ---- succeeded, Chinese
        _Rule(
            "好了",
            s,
            STRONG,
            _rx(
                _ZNEG_BEFORE + r"(?:好了|可以了|行了|正常了|解决了|修好了|搞定了|成功了|能用了|"
                r"好用了|恢复了|恢复正常|没问题了|没事了|连上了|登上了|登进去了|\bok\s*了|"
                r"已(?:经)?(?:解决|修好|恢复|搞定|好了|正常))"
            ),
        ),
        _Rule(
            "能…了",
            s,
            0.85,
            _rx(
                r"(?<![不没])(?:能|可以)(?:正常)?(?:用|连|上网|登录|登|打印|打开|开机|同步|收到|"
                r"听到|看到|充电|连接|进|播放|上传|下载)" + _ZGAP + r"{0,3}?了"
            ),
        ),
        _Rule(
            "管用",
            s,
            0.85,
            _rx(r"(?<![不没])(?:管用|有用|有效|好使|奏效|起作用了)"),
        ),
        _Rule(
            "不再+symptom",
            s,
            0.85,
            _rx(
                r"不再\s*(?:闪退|报错|卡|断|掉线|死机|重启|黑屏|蓝屏|弹出|出现|提示|crash\w*|"
                r"error\w*|freez\w*)"
            ),
        ),
        # ---- partial, English
        _Rule(
            "a bit better",
            p,
            0.85,
            _rx(
                r"\b(?:a\s+(?:bit|little|tad|touch)|a\s+little\s+bit|slightly|somewhat|"
                r"marginally|kind\s+of|sort\s+of|kinda|sorta)\s+(?:better|faster|improved|"
                r"more stable|quicker|smoother|less \w+|works|working|fixed)\b|"
                r"\b(?:\w+\s+)?helped\s+(?:a\s+(?:bit|little)|slightly|somewhat|some)\b"
            ),
        ),
        _Rule(
            "better but",
            p,
            0.85,
            _rx(
                r"\b(?:better|improved|faster|fewer \w+)\b" + _GAP + r"{0,30}?\b(?:but|though|"
                r"although|however|except)\b"
            ),
        ),
        _Rule(
            "partially",
            p,
            0.85,
            _rx(
                r"\bpartial(?:ly)?\b|\bhalf\s+(?:of\s+)?(?:\w+\s+)?(?:fixed|working|works|"
                r"synced|the time|done)\b|\bhalf\s+of\b"
            ),
        ),
        _Rule(
            "not completely",
            p,
            0.85,
            _rx(
                rf"(?:\bnot|{_NEG_AUX})\s+(?:been\s+)?(?:fully|completely|entirely|totally|"
                r"quite|100%|all the way)\b"
            ),
        ),
        _Rule(
            "sometimes",
            p,
            0.8,
            _rx(
                r"\b(?:works?|working|connects?|connecting)\s+(?:only\s+)?(?:sometimes|"
                r"intermittently|on and off|some of the time|most of the time|occasionally|"
                r"half the time)\b|\bsometimes\b" + _GAP + r"{0,40}?\bsometimes\b"
            ),
        ),
        _Rule(
            "less often",
            p,
            0.85,
            _rx(r"\b(?:less|not as|fewer)\s+(?:often|frequent\w*|bad|slow|much|many|laggy)\b"),
        ),
        _Rule(
            "mostly works",
            p,
            0.8,
            _rx(r"\bmostly\s+(?:works|working|fixed|fine|ok|good|resolved|gone|better|sorted)\b"),
        ),
        _Rule("improved", p, 0.8, _rx(r"\bimprove(?:d|ment)\b")),
        _Rule(
            "first fixed",
            p,
            0.85,
            _rx(
                r"\b(?:fixed|solved|resolved|sorted)\s+(?:the\s+)?(?:first|one|some|part|half|"
                r"most)\b"
            ),
        ),
        _Rule(
            "rest remains",
            p,
            0.85,
            _rx(
                r"\b(?:second|other|rest|remaining|last)\b(?:\s+\w+){0,3}?\s+(?:remains?|"
                r"still|persists?|is still|are still)\b"
            ),
        ),
        _Rule(
            "some of them",
            p,
            0.8,
            _rx(
                r"\b(?:some|a\s+few|part|a\s+couple)\s+of\s+(?:the\s+|my\s+|them\b)"
                r"(?:\w+\s+){0,2}?(?:uploaded|synced|work\w*|loaded|came\s+back|are\s+back|"
                r"show(?:ed)?\s+up|arrived|fixed|restored|recovered|open\w*|print\w*)"
            ),
        ),
        _Rule(
            "but not on",
            p,
            0.75,
            _rx(r"\bbut\s+(?:not|only)\s+(?:on|in|for|with|when|over|via)\b"),
        ),
        _Rule(
            "better",
            p,
            WEAK,
            _rx(
                r"\b(?:much\s+|a lot\s+|way\s+|far\s+|lot\s+)?better\b"
                r"(?!\s+(?:for|if|to|than)\b(?!\s+(?:before|yesterday|it was)))"
            ),
        ),
        # ---- partial, Chinese
        _Rule(
            "好一点",
            p,
            0.85,
            _rx(
                r"(?:好|快|稳定|顺畅|流畅)(?:了)?(?:一)?(?:点|些)(?:了)?|(?:稍微|稍稍|略微|有点|有些|有所)\S{0,2}?"
                r"(?:好|改善|改进|提升|快|稳定)"
            ),
        ),
        _Rule(
            "有点效果",
            p,
            0.8,
            _rx(
                r"(?<![没])有(?:一)?(?:点|些)(?:效果|作用|用|改善|帮助)|(?:一点|一些)(?:效果|作用|帮助)"
            ),
        ),
        _Rule("好多了", p, WEAK, _rx(r"好多了|好很多")),
        _Rule("改善", p, 0.8, _rx(_ZNEG_BEFORE + r"(?:改善|好转|改进)")),
        _Rule("比之前好", p, 0.8, _rx(r"比(?:之前|以前|原来|刚才)\S{0,2}?(?:好|快|稳定|强)")),
        _Rule(
            "部分解决",
            p,
            0.85,
            _rx(r"部分(?:解决|修复|恢复|好了|正常)|一部分|解决了一半|一半"),
        ),
        _Rule("偶尔还会", p, 0.75, _rx(r"(?:偶尔|有时候?|时不时)(?:还|仍|依然)|时好时坏")),
        _Rule(
            "没那么频繁",
            p,
            0.85,
            _rx(
                r"没(?:那么|以前那么|之前那么)\S{0,2}?(?:频繁|慢|卡|严重|多|经常)|"
                r"(?:次数|频率)\S{0,2}?(?:少|减少|降低)了|少了很多|少多了"
            ),
        ),
        _Rule("不完全", p, 0.85, _rx(r"不完全|没(?:有)?完全|没有彻底|不彻底")),
        _Rule(
            "第一个好了",
            p,
            0.85,
            _rx(r"(?:第一个|有的|部分)(?:问题)?\S{0,4}?(?:解决|好|正常|修好)了"),
        ),
        _Rule(
            "第二个还在",
            p,
            0.85,
            _rx(
                r"(?:第二个|另一个|另外一个|其他|其余|剩下)(?:的)?(?:问题)?\S{0,4}?(?:还|仍|依然|没)"
            ),
        ),
        # ---- not attempted, English
        _Rule(
            "haven't tried",
            n,
            STRONG,
            _rx(
                r"\b(?:have|has|had|did|do)(?:n'?t|\s+not)\s+(?:yet\s+|really\s+|even\s+|"
                r"actually\s+)?(?:tried|try|done|tested|test|attempted|gotten|had|been able|"
                r"managed|a chance|(?:get|got)\s+(?:a\s+|the\s+)?(?:chance|time|around|to))\b"
            ),
        ),
        _Rule(
            "not yet",
            n,
            STRONG,
            _rx(
                r"\bnot\s+yet\b|\byet\s+to\s+(?:try|do|test)\b|"
                r"\b(?:not\s+had|no)\s+(?:a\s+|the\s+)?(?:chance|time)\s+(?:yet|to)\b"
            ),
        ),
        _Rule(
            "will try",
            n,
            0.85,
            _rx(
                r"\b(?:i'll|i\s+will|i'm\s+going\s+to|going\s+to|gonna|will|let\s+me)\s+"
                r"(?:(?!not\b)\w+\s+)?(?:try|do|test|give\s+it\s+a\s+(?:try|go|shot))\b"
            ),
        ),
        _Rule(
            "can't do it",
            n,
            MEDIUM,
            _rx(
                r"\b(?:can'?t|cannot|couldn'?t|unable\s+to|not\s+able\s+to)\s+(?:\w+\s+){0,2}?"
                r"(?:do|try|test|find|locate|see|access|get\s+to)\s+(?:that|this|it|the|your|"
                r"those|these|where|them)\b"
            ),
        ),
        _Rule(
            "not at home",
            n,
            MEDIUM,
            _rx(
                r"\bnot\s+(?:at|near|by)\s+(?:home|my\s+(?:computer|desk|laptop|pc)|the\s+"
                r"(?:computer|office|house))\b|\baway\s+from\s+(?:home|my|the)\b|"
                r"\bat\s+the\s+(?:repair\s+shop|shop)\b"
            ),
        ),
        _Rule(
            "no admin rights",
            n,
            MEDIUM,
            _rx(
                r"\b(?:no|don'?t\s+have(?:\s+the)?)\s+(?:admin|administrator)\s+(?:rights|access|"
                r"permissions?)\b"
            ),
        ),
        _Rule(
            "won't try",
            n,
            MEDIUM,
            _rx(
                r"\b(?:won'?t|will\s+not|don'?t\s+want\s+to|would\s+rather\s+not)\s+"
                r"(?:try|do)\b"
            ),
        ),
        _Rule("busy", n, WEAK, _rx(r"\b(?:been|too|very|really|so)\s+busy\b")),
        _Rule("don't know how", n, WEAK, _rx(r"\b(?:don'?t|do not)\s+know\s+how\s+to\b")),
        # ---- not attempted, Chinese
        _Rule(
            "还没试",
            n,
            STRONG,
            _rx(
                r"(?:还没有|还没|没有|没|尚未|未)(?:来得及|时间|空|机会)?(?:去)?\s*(?:试|尝试|操作|"
                r"弄|做|测试|动|搞|try\b)|没来得及|没(?:有)?(?:时间|空)"
            ),
        ),
        _Rule(
            "晚点再试",
            n,
            0.85,
            _rx(
                r"(?:等|晚点|晚些|稍后|回头|明天|晚上|今晚|待会儿?|等会儿?|一会儿?|回家|下班)"
                + _ZGAP
                + r"{0,4}?(?:再)?(?:试|弄|操作|尝试|做)(?!了)|"
                r"\b(?:tomorrow|later|tonight)\s*再?\s*(?:试|try\b)"
            ),
        ),
        _Rule("试试", n, 0.7, _rx(r"试试(?:看)?(?!了)")),
        _Rule(
            "找不到设置",
            n,
            MEDIUM,
            _rx(
                r"(?:找不到|没找到|看不到|没看到)"
                + _ZGAP
                + r"{0,6}?(?:设置|选项|按钮|菜单|入口|开关|"
                r"位置|那个|这个)"
            ),
        ),
        _Rule("不知道怎么", n, WEAK, _rx(r"不知道(?:怎么|如何|在哪)")),
        _Rule("不在家", n, MEDIUM, _rx(r"不在家|在外面|出差|不在电脑(?:旁|前|边)|没带电脑")),
        _Rule("没权限", n, MEDIUM, _rx(r"没(?:有)?(?:管理员)?权限|做不了|弄不了|操作不了")),
        _Rule(
            "没法操作", n, MEDIUM, _rx(r"(?:没法|无法|不能)(?:去)?(?:试|操作|重启|做|弄|尝试|设置)")
        ),
    ]
    return tuple(rules)


_RULES: Final = _rules()

# Evidence that the message is about something the customer did (weak cues need one).
_ANCHOR = re.compile(
    r"\b(?:tried|try|trying|did|done|followed|after|now|again|yet|anymore|any\s+more|"
    r"restarted|rebooted|reset|reinstalled|uninstalled|installed|updated|upgraded|cleared|"
    r"deleted|removed|changed|switched|turned|unplugged|plugged|logged|signed|disabled|enabled|"
    r"ran|checked|as\s+you\s+said|like\s+you\s+said|your\s+(?:steps|instructions|suggestion|"
    r"advice|solution|fix))\b|试|照做|按(?:照)?你|重启|重装|卸载|清除|清理|清空|更新|升级|重置|"
    r"之后|以后|后来|现在|又"
)
_HEDGE = re.compile(
    r"\b(?:i\s+think|i\s+guess|i\s+believe|seems?|seemingly|maybe|probably|hopefully|"
    r"appears?\s+to|looks\s+like|fingers\s+crossed|so\s+far)\b|好像|似乎|应该|可能|估计|貌似|大概|暂时"
)
_HISTORICAL_AFTER = re.compile(
    r"^\s*(?:at\s+first|initially|the\s+first\s+time|before|earlier|at\s+the\s+beginning)\b"
)
_HISTORICAL_BEFORE = re.compile(r"(?:at\s+first|initially|一开始|刚开始|起初|刚才)[^\s,#]{0,2}\s*$")

# --- clause classification -------------------------------------------------------------------

_SENTENCE_END = re.compile(r"[!?。;\n]+|\.(?=\s|$|[^\x00-\x7f])")
_CLAUSE_SEP = re.compile(r"[,:、]")
_EN_QUESTION_START = re.compile(
    r"^(?:(?:and|so|but|ok|okay|also|hi|hello)\s+)?(?:(?:should|shall|do|does|can|could|would|"
    r"will|is|are|am|did)\s+(?:i|we|you|it|this|that|there|they)\b|(?:what|where|when|which|who|"
    r"whats|what's|how)\b(?!\s+come))"
)
_ZH_QUESTION = re.compile(
    r"(?:吗|么|呢|吧)\s*$|要不要|是不是|会不会|能不能|可不可以|需不需要|用不用|有没有|^请问|怎么办"
)
# Where a question starts inside a run-on clause ("still drops should I restart?"): only the
# question is set aside, not the statement before it.
_QUESTION_OPENER = re.compile(
    r"\b(?:should|shall|do|does|did|can|could|would|will|is|are|am)\s+(?:i|we|you|it|this|that|"
    r"there|they)\b|\b(?:what|where|when|which|who|whats|what's|how)\b(?!\s+come)|"
    r"\bany\s+(?:idea|ideas|suggestions?)\b|要不要|是不是|会不会|能不能|可不可以|需不需要|用不用|"
    r"有没有|请问|怎么办|怎么(?:弄|做|设置)|什么|哪(?:里|个|儿)"
)
_WHY = re.compile(r"^(?:\w+\s+)?(?:why|how\s+come)\b|为什么|为啥|怎么还|怎么又|咋还|咋又")
_HYPOTHETICAL = re.compile(
    r"^(?:(?:and|but|so)\s+)?(?:if|unless|in\s+case)\b|^(?:如果|要是|万一|假如)"
)
_UNCERTAIN = re.compile(
    r"\b(?:not\s+sure\s+(?:if|whether|it)|unsure|can'?t\s+tell|no\s+idea\s+(?:if|whether)|"
    r"(?:don'?t|do\s+not)\s+know\s+(?:if|whether))\b|不确定|不知道(?:是不是|有没有|算不算|好没好)|说不准"
)
_NEW_PROBLEM = re.compile(
    r"^(?:also|btw|by\s+the\s+way|on\s+another\s+note|one\s+more\s+(?:thing|question|issue))\b|"
    r"\b(?:another|a\s+new|a\s+different|a\s+separate|an\s+unrelated)\s+(?:problem|issue|"
    r"question)\b|^另外|还有一个问题|还有个问题|另一个问题|新问题|别的问题|其他问题|顺便问|顺便说"
)


@dataclass(frozen=True)
class _Clause:
    start: int
    end: int
    text: str


def _clauses(text: str) -> list[tuple[_Clause, bool]]:
    """Split into clauses; each comes with whether it ends a sentence with ``?``."""
    out: list[tuple[_Clause, bool]] = []
    position = 0
    for sentence_end in [*_SENTENCE_END.finditer(text), None]:
        stop = sentence_end.start() if sentence_end else len(text)
        terminator = sentence_end.group() if sentence_end else ""
        pieces: list[_Clause] = []
        piece_start = position
        for sep in [*_CLAUSE_SEP.finditer(text, position, stop), None]:
            piece_end = sep.start() if sep else stop
            raw = text[piece_start:piece_end]
            lead = len(raw) - len(raw.lstrip())
            pieces.append(_Clause(piece_start + lead, piece_end, raw.strip()))
            if sep:
                piece_start = sep.end()
        for index, piece in enumerate(pieces):
            out.append((piece, "?" in terminator and index == len(pieces) - 1))
        position = sentence_end.end() if sentence_end else len(text)
        if sentence_end is None:
            break
    return [(clause, q) for clause, q in out if clause.text]


def _set_aside(clause: _Clause, asks: bool) -> str | None:
    """Why a clause is not read for cues (``None``: it is read)."""
    text = clause.text
    if _HYPOTHETICAL.search(text):
        return "hypothetical"
    if _UNCERTAIN.search(text):
        return "uncertain"
    if _WHY.search(text):
        return None  # a why-question presupposes its content: read it as a statement
    if asks or _EN_QUESTION_START.search(text) or _ZH_QUESTION.search(text):
        return "question"
    return None


def _masked(norm: NormalizedText) -> tuple[str, list[str]]:
    """Return the text with set-aside clauses masked out, and the reasons found."""
    chars = list(norm.text)
    reasons: list[str] = []
    new_problem_from: int | None = None
    for clause, asks in _clauses(norm.text):
        if new_problem_from is None and _NEW_PROBLEM.search(clause.text):
            new_problem_from = clause.start
        if new_problem_from is not None:
            continue
        reason = _set_aside(clause, asks)
        if reason is not None:
            reasons.append(reason)
            start = clause.start
            if reason == "question":
                opener = _QUESTION_OPENER.search(clause.text)
                if opener is not None:
                    start += opener.start()
            for index in range(start, clause.end):
                chars[index] = _MASK
    if new_problem_from is not None:
        reasons.append("new problem")
        for index in range(new_problem_from, len(chars)):
            chars[index] = _MASK
    return "".join(chars), reasons


# --- matching and combining ------------------------------------------------------------------


_TIE_RANK: Final = {PARTIAL: 0, FAILED: 1, NOT_ATTEMPTED: 2, SUCCEEDED: 3}


def _hits(text: str) -> list[_Hit]:
    """Cue matches: negated successes dropped, overlaps resolved in favour of the longer cue."""
    found = [
        hit
        for rule in _RULES
        for match in rule.pattern.finditer(text)
        if match.end() > match.start()
        and not _negated_success(text, hit := _Hit(rule, match.start(), match.end()))
    ]
    # Longest first; on a tie the more specific outcome (partial, then failed) wins, so "fixed
    # the first [issue]" reads as partial, not as "fixed it".
    found.sort(
        key=lambda hit: (
            -hit.length,
            _TIE_RANK[hit.rule.outcome],
            -hit.rule.strength,
            hit.start,
            hit.rule.name,
        )
    )
    kept: list[_Hit] = []
    for hit in found:
        if all(hit.end <= other.start or hit.start >= other.end for other in kept):
            kept.append(hit)
    kept.sort(key=lambda hit: hit.start)
    return kept


def _negated_success(text: str, hit: _Hit) -> bool:
    """An English success cue right after a negator ("isn't working properly") is no success."""
    if hit.rule.outcome != SUCCEEDED:
        return False
    before = text[max(0, hit.start - 30) : hit.start]
    before = re.split(r"[,.!?;:#]", before)[-1]
    tail = " ".join(before.split()[-3:])
    return bool(re.search(rf"{_NEG}|\bno\s+longer\b", tail))


def _historical(text: str, hit: _Hit) -> bool:
    """A failure the message places before the success ("didn't work at first")."""
    return bool(
        _HISTORICAL_AFTER.search(text[hit.end : hit.end + 25])
        or _HISTORICAL_BEFORE.search(text[max(0, hit.start - 12) : hit.start])
    )


def _quote(norm: NormalizedText, hit: _Hit) -> str:
    return f"{hit.rule.name}: {norm.original_span(hit.start, hit.end)}"


def _best(hits: list[_Hit], outcome: str) -> _Hit | None:
    chosen = [hit for hit in hits if hit.rule.outcome == outcome]
    return max(chosen, key=lambda hit: (hit.rule.strength, hit.length)) if chosen else None


def _confidence(hits: list[_Hit], outcome: str, hedged: bool) -> float:
    agreeing = [hit for hit in hits if hit.rule.outcome == outcome]
    value = max(hit.rule.strength for hit in agreeing)
    if len({hit.rule.name for hit in agreeing}) >= 2:
        value = min(MAX_CONFIDENCE, value + AGREEMENT_BONUS)
    if hedged:
        value *= HEDGE_FACTOR
    return round(value, 2)


def classify_feedback(text: str) -> FeedbackVerdict:
    """Classify a customer message as feedback on the pending attempt(s) of their ticket.

    Returns the outcome (``failed``, ``succeeded``, ``partial``, ``not_attempted``) with a
    rough confidence and the deciding cue, or an outcome of ``None`` when the message gives no
    clear feedback (a question, an acknowledgement, a new problem, explicit uncertainty). The
    rules are described in this module's docstring.

    >>> classify_feedback("Tried it, still not working").outcome
    'failed'
    >>> classify_feedback("好了，谢谢！").outcome
    'succeeded'
    >>> classify_feedback("Should I restart?").outcome is None
    True
    """
    norm = normalize_chat(text)
    masked, reasons = _masked(norm)
    found = _hits(masked)
    # A reported success also anchors: whatever is still wrong is the state after the attempt.
    anchored = bool(_ANCHOR.search(masked)) or any(
        hit.rule.outcome == SUCCEEDED and not hit.rule.weak for hit in found
    )
    hits = [hit for hit in found if anchored or not hit.rule.weak]
    if not hits:
        reason = reasons[0] if reasons else "no cue"
        return FeedbackVerdict(None, 0.0, reason)

    if _best(hits, SUCCEEDED) is not None:
        hits = [
            hit
            for hit in hits
            if not (
                hit.rule.outcome == FAILED
                and "relapse" not in hit.rule.name
                and _historical(masked, hit)
            )
        ]
    hedged = bool(_HEDGE.search(masked))
    failed, success = _best(hits, FAILED), _best(hits, SUCCEEDED)
    partial, untried = _best(hits, PARTIAL), _best(hits, NOT_ATTEMPTED)

    relapse = next((hit for hit in hits if "relapse" in hit.rule.name), None)
    if relapse is not None:
        return FeedbackVerdict(FAILED, _confidence(hits, FAILED, hedged), _quote(norm, relapse))
    # An explicit partial cue beats a success cue; a weak one ("much better") yields to it.
    if partial is not None and (success is None or partial.rule.strength > WEAK):
        return FeedbackVerdict(PARTIAL, _confidence(hits, PARTIAL, hedged), _quote(norm, partial))
    if success is not None and failed is not None:
        # Something works now and something is still wrong: partial progress.
        first, second = sorted((success, failed), key=lambda hit: hit.start)
        cue = f"success+failure: {norm.original_span(first.start, second.end)}"
        return FeedbackVerdict(PARTIAL, MIXED_PARTIAL * (HEDGE_FACTOR if hedged else 1.0), cue)
    if success is not None:
        return FeedbackVerdict(
            SUCCEEDED, _confidence(hits, SUCCEEDED, hedged), _quote(norm, success)
        )
    if failed is not None and (untried is None or failed.rule.strength >= untried.rule.strength):
        confidence = _confidence(hits, FAILED, hedged)
        if untried is not None:
            confidence = min(confidence, MIXED_FAILED_CAP)
        return FeedbackVerdict(FAILED, confidence, _quote(norm, failed))
    # Every hit has one of the four outcomes, so only "not attempted" is left here.
    assert untried is not None
    return FeedbackVerdict(
        NOT_ATTEMPTED, _confidence(hits, NOT_ATTEMPTED, hedged), _quote(norm, untried)
    )
