"""Chinese read as English dictionary glosses, for the pair model (``chinese_gloss``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from caseledger.adapters.equivalence import chinese_gloss
from caseledger.adapters.equivalence.chinese_gloss import (
    GLOSS_SCHEMES,
    SUPPORT_GLOSS_SCHEME,
    gloss,
    gloss_if_chinese,
)
from caseledger.adapters.equivalence.pair_model_training import (
    LabelledRow,
    TrainingOptions,
    _training_pairs,
    training_data,
)
from tests.unit.adapters.equivalence.conftest import TrainCommand


@pytest.mark.parametrize(
    ("text", "glossed"),
    [
        ("重启路由器", "restart router"),
        ("打印机脱机", "printer offline"),
        # The longest headword wins: 清除 then 缓存, not 清 + 除 + ...
        ("清除缓存", "clear away cache"),
        ("清除数据", "clear away data"),
        # Particles and fillers carry no step and are dropped (把, 关掉 is kept).
        ("把快速启动关掉", "fast start switch off"),
        # Traditional characters read through the same entries.
        ("重新開機", gloss("重新开机")),
    ],
)
def test_chinese_is_read_as_the_glosses_of_its_longest_words(text: str, glossed: str) -> None:
    assert gloss(text) == glossed


def test_what_is_not_chinese_stays_as_it_is() -> None:
    assert gloss("Restart the router") == "Restart the router"
    assert gloss("把wifi forget掉再连").startswith("wifi forget")
    # A character the dictionary does not know is skipped, not turned into noise.
    assert gloss("㐀") == ""


def test_only_a_mostly_chinese_text_is_glossed() -> None:
    english = "Forget the network and join it again"
    assert gloss_if_chinese(english) == english
    # Code-switched English keeps its English words: the step is already in them.
    code_switched = "Please restart the router from the admin page, 谢谢"
    assert gloss_if_chinese(code_switched) == code_switched
    assert gloss_if_chinese("把路由器重启一下") == gloss("把路由器重启一下") != "把路由器重启一下"
    # Nothing the dictionary knows: the text stays rather than becoming empty.
    assert gloss_if_chinese("㐀㐀") == "㐀㐀"
    assert gloss_if_chinese("") == ""


def test_at_share_zero_any_text_with_a_chinese_letter_is_glossed() -> None:
    """Under the recipe's 30 %, a code-switched text's Chinese words, here the step itself,
    reach the model as [UNK]; at 0 they are glossed and its English kept."""
    code_switched = "Open Gmail Settings > Filters and Blocked Addresses, 删掉那条规则"
    assert gloss_if_chinese(code_switched) == code_switched  # 6 of 49 letters Chinese
    glossed = gloss_if_chinese(code_switched, share=0.0)
    assert glossed == gloss(code_switched) and "Gmail Settings > Filters" in glossed
    assert "规则" not in glossed and "delete" in glossed and "rule" in glossed
    english = "Forget the network and join it again"
    assert gloss_if_chinese(english, share=0.0) == english  # nothing Chinese: as it is
    assert gloss_if_chinese("", share=0.0) == ""


def test_training_pairs_are_prepared_as_the_served_model_reads_them() -> None:
    rows = [
        LabelledRow(("重启路由器",), "Restart the router", True, 1),
        LabelledRow(("Clear the cache",), "清除数据", False, 1),
    ]
    raw = _training_pairs(rows)
    assert ("重启路由器", "Restart the router", 1.0) in raw
    glossed = _training_pairs(rows, gloss_if_chinese)
    assert glossed == [
        ("restart router", "Restart the router", 1.0),
        ("Restart the router", "restart router", 1.0),
        ("Clear the cache", "clear away data", 0.0),
        ("clear away data", "Clear the cache", 0.0),
    ]


SUPPORT = SUPPORT_GLOSS_SCHEME


@pytest.mark.parametrize(
    ("text", "cedict", "support"),
    [
        # Support chat's own words before CC-CEDICT's first sense.
        (
            "退出登录后重新登录",
            "withdraw register empress again register",
            "sign out then sign in again",
        ),
        (
            "先把VPN卸载掉再重新安装",
            "VPN disembark fall again install",
            "VPN uninstall again reinstall",
        ),
        ("确认卡没被冻结", "confirm stop have not freeze", "confirm card not freeze"),
        # The least-cost cut, not the greedy longest-first one: 并 + 重启, not 并重 + 启.
        ("清除缓存并重启", "clear away cache lay equal stress on open", "clear cache and restart"),
        # No longer CC-CEDICT word over the glossary's: 退出 + 来 (dropped), not 退出来.
        ("退出来", None, "quit"),
        # Traditional characters read as Simplified, then through the glossary.
        ("重新開機", "restart", "restart"),
        ("閃退了，重裝過還是不行", None, "crashes ， reinstall still not working"),
        # A word neither list knows is still CC-CEDICT's.
        ("打印机脱机", "printer offline", "printer offline"),
    ],
)
def test_the_support_scheme_reads_support_words_first(
    text: str, cedict: str | None, support: str
) -> None:
    if cedict is not None:
        assert gloss(text) == cedict  # the scheme the packaged model was trained on, unchanged
    assert gloss(text, SUPPORT) == support
    assert gloss_if_chinese(text, SUPPORT) == support


def test_an_unknown_scheme_is_refused() -> None:
    assert GLOSS_SCHEMES == ("cedict-gloss-1", "support-gloss-2")
    with pytest.raises(ValueError, match="unknown gloss scheme 'nope'"):
        gloss("重启", "nope")
    with pytest.raises(ValueError, match="unknown gloss scheme"):
        TrainingOptions(frozenset({1}), frozenset({2}), gloss_scheme="nope")


def test_the_glossary_is_one_new_chinese_word_per_line() -> None:
    glossary = chinese_gloss._glossary()
    assert len(glossary) > 500
    assert glossary["重启"] == "restart" and glossary["了"] == ""  # v1's particles dropped too
    assert all(chinese_gloss._HAN.fullmatch(word) for word in glossary)


@pytest.mark.parametrize(
    "line", ["restart\trestart", "重启\trestart\n重启\treboot", "重启 restart"]
)
def test_a_malformed_glossary_line_is_refused(
    line: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "support_glossary.tsv").write_text(f"# a comment\n{line}\n", encoding="utf-8")

    class Files:
        def __truediv__(self, name: str) -> Path:
            return tmp_path / name

    monkeypatch.setattr(chinese_gloss.resources, "files", lambda package: Files())
    chinese_gloss._glossary.cache_clear()
    try:
        with pytest.raises(ValueError, match="support_glossary.tsv:"):
            chinese_gloss._glossary()
    finally:
        chinese_gloss._glossary.cache_clear()


def test_training_pairs_are_glossed_by_the_scheme_asked() -> None:
    from caseledger.adapters.equivalence.pair_model_training import _preparer

    rows = [LabelledRow(("退出登录",), "Sign out", True, 1)]
    options = TrainingOptions(frozenset({1}), frozenset({2}), gloss_scheme=SUPPORT)
    assert _training_pairs(rows, _preparer(options))[0] == ("sign out", "Sign out", 1.0)
    default = TrainingOptions(frozenset({1}), frozenset({2}))
    assert _training_pairs(rows, _preparer(default))[0][0] == gloss("退出登录")


@pytest.mark.parametrize(("flag", "glossed"), [([], True), (["--raw-text"], False)])
def test_the_training_command_glosses_unless_told_raw(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flag: list[str], glossed: bool
) -> None:
    from typer.testing import CliRunner

    from caseledger.adapters.equivalence import pair_model_training
    from caseledger.cli.guard import guard_app

    seen: list[TrainingOptions] = []

    def train(data: Path, out: Path, options: TrainingOptions, progress: object) -> dict[str, str]:
        seen.append(options)
        return {"text": "cedict-gloss-1" if options.gloss_chinese else "raw"}

    monkeypatch.setattr(pair_model_training, "train_pair_model", train)
    data = tmp_path / "set.jsonl"
    data.write_text('{"failed": ["a"], "candidate": "b", "block": true, "batch": 1}\n')
    result = CliRunner().invoke(
        guard_app, ["train-pair-model", str(data), "--out", str(tmp_path / "m"), *flag]
    )
    assert result.exit_code == 0, result.output
    assert [options.gloss_chinese for options in seen] == [glossed]
    assert seen[0].gloss_scheme == "cedict-gloss-1"  # the packaged model's scheme
    # The default trains on every dev batch up to 344 but the calibration batches (43-50) and
    # the sealed set's (186-197; held-out rows skipped; 71-73 hold none of dev): the packaged
    # model's recipe since session 55 (up to 290 from session 48, 213 from session 32;
    # bench/README.md, "Round 57").
    assert seen[0].train_batches == (
        frozenset(range(1, 43)) | frozenset(range(51, 186)) | frozenset(range(198, 345))
    )
    assert (seen[0].max_false_block, seen[0].frame_veto_quantile) == (0.03, 0.01)
    assert seen[0].catalog_veto_quantile == 0.01


def test_the_dictionary_is_read_once_and_can_be_read_ahead() -> None:
    from caseledger.adapters.equivalence import chinese_gloss

    chinese_gloss._dictionary.cache_clear()
    chinese_gloss.load_dictionary()
    assert chinese_gloss._dictionary.cache_info().misses == 1
    gloss("重启路由器")
    assert chinese_gloss._dictionary.cache_info().misses == 1


def test_the_training_command_takes_a_gloss_scheme(train_command: TrainCommand) -> None:
    code, output, seen = train_command("--gloss-scheme", SUPPORT)
    assert code == 0, output
    assert seen[0].gloss_scheme == SUPPORT
    assert seen[0].gloss_share == 0.3  # the recipe's share unless told
    code, output, _ = train_command("--gloss-scheme", "nope")
    assert code != 0 and "unknown gloss scheme" in output


def test_the_training_command_takes_a_gloss_share_and_trains_on_what_it_serves(
    train_command: TrainCommand,
) -> None:
    code, output, seen = train_command("--gloss-share", "0")
    assert code == 0, output
    assert seen[0].gloss_share == 0.0
    code, output, _ = train_command("--gloss-share", "1")
    assert code != 0
    with pytest.raises(ValueError, match="gloss share"):
        TrainingOptions(frozenset({1}), frozenset({2}), gloss_share=-0.1)
    code_switched = "Open Gmail Settings > Filters and Blocked Addresses, 删掉那条规则"
    row = LabelledRow((code_switched,), "Remove that Gmail filter", True, 1)
    zero = TrainingOptions(frozenset({1}), frozenset({2}), gloss_share=0.0)
    assert training_data([row], [], zero)[0][0] == gloss(code_switched)
    recipe = TrainingOptions(frozenset({1}), frozenset({2}))
    assert training_data([row], [], recipe)[0][0] == code_switched


# -- gloss augmentation: another scheme's readings trained on beside the served ones ----------


AUGMENT_ROWS = [
    # support-gloss-2 reads 退出登录 as "sign out"; CC-CEDICT otherwise.
    LabelledRow(("退出登录",), "Sign out", True, 1),
    LabelledRow(("Restart the router",), "Factory-reset the router", False, 1),
]


def test_gloss_augmentation_adds_the_rows_the_other_scheme_reads_otherwise_glossed_its_way() -> (
    None
):
    from caseledger.adapters.equivalence.pair_model_training import gloss_augmentation_pairs

    assert gloss("退出登录") != gloss("退出登录", SUPPORT_GLOSS_SCHEME)
    pairs, rows = gloss_augmentation_pairs(AUGMENT_ROWS, "cedict-gloss-1", SUPPORT_GLOSS_SCHEME)
    assert rows == 1  # the English row reads the same under both
    assert pairs == [("sign out", "Sign out", 1.0), ("Sign out", "sign out", 1.0)]


def test_training_data_is_the_served_pairs_then_the_augmentation_then_the_extra_pairs() -> None:
    from caseledger.adapters.equivalence.pair_model_training import _preparer, training_data

    extra = [("a", "b", 0.0)]
    plain = TrainingOptions(frozenset({1}), frozenset({2}))
    served = _training_pairs(AUGMENT_ROWS, _preparer(plain))
    assert training_data(AUGMENT_ROWS, extra, plain) == served + extra
    augmented = TrainingOptions(
        frozenset({1}), frozenset({2}), augment_gloss_scheme=SUPPORT_GLOSS_SCHEME
    )
    assert training_data(AUGMENT_ROWS, extra, augmented) == [
        *served,
        ("sign out", "Sign out", 1.0),
        ("Sign out", "sign out", 1.0),
        *extra,
    ]


def test_the_option_trains_on_exactly_the_pairs_study_40b_patched_in() -> None:
    """Study 40b and round 41 ran a script that replaced ``_training_pairs``; the option must
    give the same pairs in the same order, so ``--augment-gloss`` reproduces their models."""
    from caseledger.adapters.equivalence.pair_model_training import _preparer, training_data
    from tests.benches import REPO, load_script

    study = load_script(
        REPO / "bench" / "patches" / "round40b_gloss_augmentation_study.py", "study_40b"
    )
    rows = [*AUGMENT_ROWS, LabelledRow(("清除缓存", "重启路由器"), "重新启动路由器", False, 1)]
    options = TrainingOptions(
        frozenset({1}), frozenset({2}), augment_gloss_scheme=SUPPORT_GLOSS_SCHEME
    )
    extra = [("a", "b", 0.0)]
    assert training_data(rows, extra, options) == study.augmented(rows, _preparer(options)) + extra


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"augment_gloss_scheme": "nope"}, "nope"),
        ({"augment_gloss_scheme": "cedict-gloss-1"}, "other than the served one"),
        (
            {"augment_gloss_scheme": SUPPORT_GLOSS_SCHEME, "gloss_chinese": False},
            "needs glossed text",
        ),
    ],
)
def test_gloss_augmentation_refuses_an_unknown_or_the_served_scheme_or_raw_text(
    options: dict[str, object], reason: str
) -> None:
    with pytest.raises(ValueError, match=reason):
        TrainingOptions(frozenset({1}), frozenset({2}), **options)  # type: ignore[arg-type]


def test_the_training_command_passes_gloss_augmentation_on(train_command: TrainCommand) -> None:
    code, output, seen = train_command()
    assert code == 0, output
    code, output, seen = train_command("--augment-gloss", SUPPORT_GLOSS_SCHEME)
    assert code == 0, output
    assert [o.augment_gloss_scheme for o in seen] == [None, SUPPORT_GLOSS_SCHEME]
    code, output, seen = train_command("--augment-gloss", "cedict-gloss-1")
    assert code == 2 and "a scheme other than" in output and len(seen) == 2
