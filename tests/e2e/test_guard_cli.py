"""``caseledger guard check FILE`` as a user runs it: a real process, JSON lines in and out.

Until ``cli/main.py`` mounts the sub-app, the same Typer app is run through
``python -c`` (``guard_app(prog_name="caseledger guard")``); afterwards the installed
``caseledger`` entry point is used.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "data" / "guard_labelled.jsonl"


def _command() -> list[str]:
    from caseledger.cli.main import app

    mounted = any(group.name == "guard" for group in app.registered_groups)
    binary = shutil.which("caseledger", path=str(Path(sys.executable).parent))
    if mounted and binary:
        return [binary, "guard"]
    code = "from caseledger.cli.guard import guard_app; guard_app(prog_name='caseledger guard')"
    return [sys.executable, "-c", code]


def run(
    *args: str, stdin: str | None = None, tmp: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "CASELEDGER_DATA_DIR": str(tmp),
        "HF_HUB_OFFLINE": "1",
        "COLUMNS": "200",
        **(env or {}),
    }
    return subprocess.run(
        [*_command(), *args], env=env, capture_output=True, text=True, timeout=300, input=stdin
    )


def lines(out: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def test_checks_each_line_with_the_pipeline_guard(tmp_path: Path) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(
        "\n".join(
            json.dumps(row, ensure_ascii=False)
            for row in [
                {"failed": ["Change DNS to Google Public DNS"], "candidate": "Set DNS to 8.8.8.8"},
                {"failed": ["Restart the router"], "candidate": "Factory-reset the router"},
                {
                    "failed": ["Update your billing address", "重启路由器"],
                    "candidate": "重新启动路由器",
                },
            ]
        ),
        encoding="utf-8",
    )
    result = run("check", str(source), tmp=tmp_path)
    assert result.returncode == 0, result.stderr
    first, second, third = lines(result.stdout)
    assert first["decision"] == "block"
    assert first["matched"] == "Change DNS to Google Public DNS"
    assert first["rule"] == "catalog:wifi.set_dns_google"
    assert isinstance(first["lexical_score"], float) and isinstance(first["semantic_score"], float)
    assert first["candidate_action"] == "wifi.set_dns_google"
    assert second["decision"] == "allow" and second["matched"] is None
    assert second["candidate_action"] == "router.factory_reset"
    assert third["decision"] == "block" and third["matched_index"] == 1


def test_labelled_lines_and_summary(tmp_path: Path) -> None:
    sample = [line for line in DATA.read_text(encoding="utf-8").splitlines() if line][:12]
    result = run(
        "check", "-", "--summary", "--no-embeddings", stdin="\n".join(sample), tmp=tmp_path
    )
    assert result.returncode == 0, result.stderr
    out = lines(result.stdout)
    assert len(out) == 12
    assert all(isinstance(item["expected"], bool) for item in out)
    summary = json.loads(result.stderr.strip().splitlines()[-1])
    assert summary["lines"] == 12
    assert summary["tp"] + summary["fp"] + summary["fn"] + summary["tn"] == 12


def test_bad_lines_are_reported_and_fail_the_run(tmp_path: Path) -> None:
    good = json.dumps({"failed": ["Restart the router"], "candidate": "Reboot the router"})
    stdin = f'{good}\nnot json\n{{"failed": "x"}}\n'
    result = run("check", "-", "--no-embeddings", stdin=stdin, tmp=tmp_path)
    assert result.returncode == 2
    checked, broken, wrong = lines(result.stdout)
    assert checked["decision"] == "block"
    assert broken == {"line": 2, "error": broken["error"]} and "not JSON" in str(broken["error"])
    assert "'failed' must be a list" in str(wrong["error"])
    assert "line 2" in result.stderr


def test_missing_file(tmp_path: Path) -> None:
    result = run("check", str(tmp_path / "nope.jsonl"), tmp=tmp_path)
    assert result.returncode == 2
    assert "no such file" in result.stderr


@pytest.mark.parametrize("args", [["--help"], ["check", "--help"]])
def test_help(args: list[str], tmp_path: Path) -> None:
    result = run(*args, tmp=tmp_path)
    assert result.returncode == 0
    assert "check" in result.stdout or "JSON lines" in result.stdout


# -- the learned pair model -----------------------------------------------------------------


def test_train_pair_model_shows_progress_and_prints_its_manifest(
    trained_pair_model: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    model, done = trained_pair_model
    manifest = json.loads(done.stdout)
    assert manifest == json.loads((model / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["calibration"]["batches"] == [2] and manifest["trained_on"]["batches"] == [1]
    assert manifest["trained_on"]["precision"] == "bf16"
    augmentation = manifest["trained_on"]["gloss_augmentation"]
    assert augmentation["scheme"] == "support-gloss-2" and augmentation["rows"] > 0
    assert augmentation["pairs"] > 0
    assert "train" in done.stderr and "calibrate" in done.stderr  # the progress bars


def test_guard_check_asks_the_configured_pair_model(
    trained_pair_model: tuple[Path, subprocess.CompletedProcess[str]], tmp_path: Path
) -> None:
    rows = [
        # The reading cannot decide this pair: the model is asked.
        {
            "failed": ["Change DNS to Google Public DNS"],
            "candidate": "Aim the lookup box at the search company's public servers",
        },
        # Read in full as two different actions: asked too, unless told not to.
        {"failed": ["Restart the router"], "candidate": "Factory-reset the router"},
    ]
    stdin = "\n".join(json.dumps(row) for row in rows) + "\n"
    off = {"CASELEDGER_GUARD__USE_PAIR_MODEL": "false"}
    plain = lines(run("check", "-", "--no-embeddings", stdin=stdin, tmp=tmp_path, env=off).stdout)
    assert [p["decision"] for p in plain] == ["allow", "allow"]
    env = {
        "CASELEDGER_GUARD__PAIR_MODEL_DIR": str(trained_pair_model[0]),
        "CASELEDGER_GUARD__PAIR_MODEL_THRESHOLD": "-1000",
        # The model's bar where the reading reads two actions, brought down too.
        "CASELEDGER_GUARD__PAIR_MODEL_READ_DIFFERENT_THRESHOLD": "-1000",
    }
    done = run("check", "-", "--no-embeddings", stdin=stdin, tmp=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    asked, read_different = lines(done.stdout)
    assert asked["decision"] == "block"
    assert str(asked["rule"]).startswith("pair-model(pair-minilm-1l-int8@")
    assert isinstance(asked["model_score"], float)
    assert read_different["decision"] == "block"
    env["CASELEDGER_GUARD__PAIR_MODEL_WHEN_READ_DIFFERENT"] = "false"
    done = run("check", "-", "--no-embeddings", stdin=stdin, tmp=tmp_path, env=env)
    assert [line["decision"] for line in lines(done.stdout)] == ["block", "allow"]


def test_calibrate_pair_model_sets_the_operating_point_again_without_touching_the_weights(
    trained_pair_model: tuple[Path, subprocess.CompletedProcess[str]], tmp_path: Path
) -> None:
    model = tmp_path / "model"
    shutil.copytree(trained_pair_model[0], model)
    weights = (model / "model.onnx").read_bytes()
    data = str(DATA)
    calibrate = ("calibrate-pair-model", data, "--model", str(model), "--calibrate-batches")
    thresholds = []
    # The first run asks for every veto (the frame veto at 2 %, not the recipe's 1 %); the
    # second for none of them.
    for rate, instance, frame, catalog in (("0.01", "0.2", "0.02", "0.01"), ("0.3", "0", "0", "0")):
        done = run(
            *calibrate,
            "2",
            "--max-false-block",
            rate,
            "--instance-veto-quantile",
            instance,
            "--frame-veto-quantile",
            frame,
            "--catalog-veto-quantile",
            catalog,
            tmp=tmp_path,
        )
        assert done.returncode == 0, done.stderr
        manifest = json.loads(done.stdout)
        assert manifest == json.loads((model / "manifest.json").read_text(encoding="utf-8"))
        assert manifest["calibration"]["max_false_block"] == float(rate)
        assert (
            manifest["calibration"]["batches"] == [2] and "calibrated_at" in manifest["calibration"]
        )
        assert manifest["veto_threshold"] < manifest["threshold"]
        # Each veto is set where asked for, and dropped with its quantile 0.
        assert manifest["calibration"]["frame_veto_quantile"] == float(frame)
        assert manifest["calibration"]["instance_veto_quantile"] == float(instance)
        assert manifest["calibration"]["catalog_veto_quantile"] == float(catalog)
        if instance == "0":
            assert "instance_veto_threshold" not in manifest
            assert "frame_veto_threshold" not in manifest
            assert "catalog_veto_threshold" not in manifest
        else:
            assert manifest["catalog_veto_threshold"] <= manifest["frame_veto_threshold"]
            assert manifest["frame_veto_threshold"] <= manifest["veto_threshold"]
            assert manifest["veto_threshold"] <= manifest["instance_veto_threshold"]
            assert manifest["instance_veto_threshold"] < manifest["threshold"]
        assert "calibrate" in done.stderr and "playbook" in done.stderr  # the progress bars
        # The playbook's next steps the model scores over the threshold are counted, and said.
        over = manifest["calibration"]["playbook"]["over_threshold"]
        assert ("warning: the model scores" in done.stderr) == (over > 0)
        if rate == "0.3":  # a bar at 30 % of the negatives lets some next step over
            assert over > 0 and manifest["calibration"]["playbook"]["margin"] < 0
        assert "read_different_threshold" not in manifest  # one bar unless asked for two
        thresholds.append(manifest["threshold"])
    # Allowing more false blocks on the same scores can only lower the bar.
    assert thresholds[1] < thresholds[0]
    assert (model / "model.onnx").read_bytes() == weights
    assert (
        manifest["trained_on"]
        == json.loads((trained_pair_model[0] / "manifest.json").read_text(encoding="utf-8"))[
            "trained_on"
        ]
    )
    # Rows the model trained on cannot set its threshold; a missing model is a clear error.
    trained_on = run(*calibrate, "1", tmp=tmp_path)
    assert trained_on.returncode == 2 and "trained on calibration batches [1]" in trained_on.stderr
    missing = run("calibrate-pair-model", data, "--model", str(tmp_path / "none"), tmp=tmp_path)
    assert missing.returncode == 2 and "not found" in missing.stderr
    assert (model / "manifest.json").read_text(encoding="utf-8") == json.dumps(
        manifest, indent=2
    ) + "\n"
    # The reading order is part of the operating point: set with it, refused with a reason.
    sideways, both = (
        run(*calibrate, "2", "--order", order, tmp=tmp_path) for order in ("sideways", "both")
    )
    assert sideways.returncode == 2 and "order 'sideways' is not one of" in sideways.stderr
    assert both.returncode == 0, both.stderr
    assert json.loads(both.stdout)["order"] == "both"
    assert json.loads(both.stdout)["threshold"] != manifest["threshold"]
    # Asked for a playbook margin, the bar rises over every next step's score, no further.
    done = run(
        *calibrate, "2", "--max-false-block", "0.3", "--playbook-margin", "0.25", tmp=tmp_path
    )
    assert done.returncode == 0, done.stderr
    raised = json.loads(done.stdout)
    check = raised["calibration"]["playbook"]
    assert check["over_threshold"] == 0 and check["margin"] == pytest.approx(0.25, abs=1e-5)
    assert raised["calibration"]["quantile_threshold"] == pytest.approx(thresholds[1])
    assert raised["threshold"] > thresholds[1] and raised["calibration"]["playbook_margin"] == 0.25
    assert all(
        raised[key] < raised["threshold"] for key in ("veto_threshold", "frame_veto_threshold")
    )
    assert "warning: the model scores" not in done.stderr
    negative = run(*calibrate, "2", "--playbook-margin", "-1", tmp=tmp_path)
    assert negative.returncode == 2 and "--playbook-margin" in negative.stderr
    # Asked for a read-different margin instead, the threshold stays the quantile and the
    # pairs read as two actions (every next step) get the raised bar of their own.
    split = run(
        *calibrate,
        "2",
        "--max-false-block",
        "0.3",
        "--read-different-margin",
        "0.25",
        tmp=tmp_path,
    )
    assert split.returncode == 0, split.stderr
    second = json.loads(split.stdout)
    check = second["calibration"]["playbook"]
    assert second["threshold"] == pytest.approx(thresholds[1])
    # (the summary's highest score is rounded to six places)
    assert second["read_different_threshold"] == pytest.approx(
        check["highest_score"] + 0.25, abs=1e-5
    )
    assert check["over_threshold"] == 0 and check["margin"] == pytest.approx(0.25, abs=1e-5)
    assert second["calibration"]["read_different_margin"] == 0.25
    assert "warning: the model scores" not in split.stderr
    negative = run(*calibrate, "2", "--read-different-margin", "-1", tmp=tmp_path)
    assert negative.returncode == 2 and "--read-different-margin" in negative.stderr


def test_guard_check_serves_the_packaged_pair_model_by_default(tmp_path: Path) -> None:
    rows = [
        {"failed": ["Restart the router"], "candidate": "Reboot the router"},
        {"failed": ["Restart the router"], "candidate": "Factory-reset the router"},
        # Said in other words, and partly in words the reading lacks: the model reads it (as
        # glossed Chinese), trained on this row (dev batch 51-70).
        {
            "failed": ["把电源线拔掉，等30秒再插回去"],
            "candidate": "先断电，过半分钟再把电源重新接上",
        },
    ]
    stdin = "\n".join(json.dumps(row) for row in rows) + "\n"
    done = run("check", "-", "--no-embeddings", stdin=stdin, tmp=tmp_path)
    assert done.returncode == 0, done.stderr
    results = lines(done.stdout)
    assert [r["decision"] for r in results] == ["block", "allow", "block"]
    assert not str(results[0]["rule"]).startswith("pair-model")
    assert str(results[2]["rule"]).startswith("pair-model(pair-minilm-6l-int8@")
    off = {"CASELEDGER_GUARD__USE_PAIR_MODEL": "false"}
    done = run("check", "-", "--no-embeddings", stdin=stdin, tmp=tmp_path, env=off)
    assert [r["decision"] for r in lines(done.stdout)] == ["block", "allow", "allow"]


def test_a_pair_model_dir_that_would_not_load_is_a_configuration_error(tmp_path: Path) -> None:
    env = {"CASELEDGER_GUARD__PAIR_MODEL_DIR": str(tmp_path / "absent")}
    done = run("check", "-", stdin="", tmp=tmp_path, env=env)
    assert done.returncode == 2
    assert "pair model directory not found" in done.stderr


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--train-batches", "1", "--calibrate-batches", "1"], "both trained and calibrated"),
        (["--train-batches", "x"], "not a batch range"),
        (["--train-batches", "900"], "no dev rows in the training batches"),
        (["--catalog-skip", "router,nope"], "no such catalog categories: ['nope']"),
        (["--catalog-skip", "router", "--no-catalog-pairs"], "but catalog pairs are off"),
    ],
)
def test_train_pair_model_refuses_bad_batches_with_a_reason(
    args: list[str], reason: str, tmp_path: Path
) -> None:
    done = run("train-pair-model", str(DATA), "--out", str(tmp_path / "m"), *args, tmp=tmp_path)
    assert done.returncode == 2
    assert reason in " ".join(done.stderr.split())
    assert not (tmp_path / "m").exists()
