"""Study (round 40b): H2's recipe (3 layers, K's rows, cedict glosses served) with every
Chinese-bearing training pair added again glossed by the support scheme (gloss augmentation)."""
import sys, time, json
from pathlib import Path
sys.path.insert(0, "/work/main")
import caseledger.adapters.equivalence.pair_model_training as t
from caseledger.adapters.equivalence.chinese_gloss import gloss_if_chinese
orig = t._training_pairs
def augmented(rows, prepare=str):
    pairs = orig(rows, prepare)
    support = lambda x: gloss_if_chinese(x, "support-gloss-2")
    # Rows whose texts the support scheme glosses otherwise than CC-CEDICT: read a second way.
    chinese = [r for r in rows if any(gloss_if_chinese(x) != support(x) for x in (*r.failed, r.candidate))]
    extra = orig(chinese, support)
    print(f"pairs {len(pairs)} + support-glossed {len(extra)} from {len(chinese)} rows", flush=True)
    return pairs + extra
t._training_pairs = augmented
manifest = json.loads(Path("/work/r43/H2/manifest.json").read_text())
opts = t.TrainingOptions(
    train_batches=frozenset(manifest["trained_on"]["batches"]),
    calibrate_batches=t.batch_range("43-50"),
    layers=3,
)
last = [0.0]
def progress(stage, done, total):
    now = time.time()
    if now - last[0] > 60 or done == total:
        last[0] = now; print(time.strftime("%H:%M:%S"), stage, done, total, flush=True)
out = t.train_pair_model(Path("/work/main/tests/data/guard_labelled.jsonl"), Path("/work/r43/H2aug"), opts, progress)
print(json.dumps({k: out[k] for k in ("threshold", "layers", "text")}), out["calibration"].get("auc"), out["trained_on"]["seconds"])
