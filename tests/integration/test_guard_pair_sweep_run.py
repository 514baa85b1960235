"""bench/guard_pair_sweep.py end to end: two small configurations trained side by side, each
scored on rows neither trained on, the winner's model directory kept and served."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from caseledger.adapters.catalog.catalog import load_catalog
from caseledger.adapters.equivalence.pair_model import OnnxPairJudge

REPO = Path(__file__).resolve().parents[2]


def test_two_configurations_trained_scored_and_the_better_kept(tmp_path: Path) -> None:
    skip = ",".join(c for c in load_catalog().categories if c != "bluetooth")
    keep = tmp_path / "winner"
    done = subprocess.run(
        [
            sys.executable,
            str(REPO / "bench" / "guard_pair_sweep.py"),
            "--config",
            f"one:layers=1:epochs=1:catalog_skip={skip}",
            "--config",
            f"other:layers=1:epochs=1:seed=1:catalog_skip={skip}",
            "--train-batches",
            "1",
            "--calibrate-batches",
            "2",
            "--selection",
            "5",
            "--threads",
            "1",
            "--work",
            str(tmp_path / "work"),
            "--keep",
            str(keep),
        ],
        capture_output=True,
        text=True,
        timeout=900,
        env={"HF_HUB_OFFLINE": "1", "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    results = {r["name"]: r for r in report["results"]}
    assert set(results) == {"one", "other"}
    for result in results.values():
        assert result["layers"] == 1 and result["selection_rows"] > 50
        assert 0.0 <= result["selection_auc"] <= 1.0
    best = max(results.values(), key=lambda r: r["selection_auc"])
    assert report["winner"]["name"] == best["name"]
    manifest = json.loads((keep / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["trained_on"]["seed"] == (1 if best["name"] == "other" else 0)
    assert manifest["trained_on"]["device"] == "cpu"
    assert OnnxPairJudge(keep).score("Restart the router", "Reboot the router") is not None
    written = json.loads((tmp_path / "work" / "results.json").read_text(encoding="utf-8"))
    assert written["state"] == {"one": "done", "other": "done"}
