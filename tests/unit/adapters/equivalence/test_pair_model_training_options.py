"""Where and how the pair model is fine-tuned: the training command's device, learning rate
and base model (``pair_model_training.TrainingOptions``)."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from caseledger.adapters.equivalence import pair_model_training
from caseledger.adapters.equivalence.pair_model_training import (
    LabelledRow,
    TrainingOptions,
    batch_range,
)
from tests.unit.adapters.equivalence.conftest import TrainCommand


def test_the_command_trains_on_the_cpu_at_the_recipes_rate_by_default(
    train_command: TrainCommand,
) -> None:
    code, output, seen = train_command()
    assert code == 0, output
    assert (seen[0].device, seen[0].learning_rate, seen[0].base_model) == ("cpu", 4e-5, None)
    # The packaged model's recipe (session 55): every read dev batch to 344 but 43-50, a bar of
    # its own 0.1 over the playbook's next steps for pairs read as two actions.
    assert seen[0].train_batches == batch_range("1-42,51-185,198-344")
    assert (seen[0].read_different_margin, seen[0].playbook_margin) == (0.1, None)


def test_the_command_passes_device_rate_and_base_model_on(
    tmp_path: Path, train_command: TrainCommand
) -> None:
    base = tmp_path / "base"
    base.mkdir()
    (base / "config.json").write_text("{}")
    code, output, seen = train_command(
        "--device",
        "cuda",
        "--learning-rate",
        "8e-5",
        "--base-model",
        str(base),
    )
    assert code == 0, output
    assert (seen[0].device, seen[0].learning_rate, seen[0].base_model) == ("cuda", 8e-5, str(base))


@pytest.mark.parametrize(
    ("flags", "reason"),
    [
        (("--device", "tpu"), "unknown device 'tpu'"),
        (("--base-model", "nowhere"), "not a model directory"),
    ],
)
def test_the_command_refuses_what_it_cannot_train_with(
    train_command: TrainCommand, flags: tuple[str, ...], reason: str
) -> None:
    code, output, seen = train_command(*flags)
    assert code == 2 and reason in output and not seen


@pytest.mark.parametrize(
    ("options", "reason"),
    [({"device": "gpu"}, "unknown device"), ({"learning_rate": 0.0}, "learning rate")],
)
def test_options_refuse_an_unknown_device_or_a_rate_out_of_range(
    options: dict[str, object], reason: str
) -> None:
    with pytest.raises(ValueError, match=reason):
        TrainingOptions(frozenset({1}), frozenset({2}), **options)  # type: ignore[arg-type]


def test_training_on_a_gpu_that_is_not_there_is_refused_before_anything_loads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import torch

    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    options = TrainingOptions(
        frozenset({1}), frozenset({2}), device="cuda", base_model="/nonexistent/model"
    )
    rows = [LabelledRow(("restart the router",), "reboot the router", True, 1)]
    with pytest.raises(ValueError, match="sees no GPU"):
        pair_model_training._train(rows, [], options, lambda stage, done, total: None)


def test_options_refuse_an_unknown_precision() -> None:
    with pytest.raises(ValueError, match="unknown precision 'fp8'"):
        TrainingOptions(frozenset({1}), frozenset({2}), precision="fp8")


@pytest.mark.parametrize(
    ("flag", "default", "given", "bad", "reason"),
    [
        # bf16: the packaged model's recipe since session 48
        ("--precision", "bf16", {"bf16": "bf16", "fp32": "fp32"}, "fp16", "unknown precision"),
        # 0: batches as the shuffle leaves them, the packaged model's recipe
        ("--length-buckets", 0, {"100": 100, "1": 1}, "-1", "Invalid value for '--length-buckets'"),
    ],
)
def test_the_command_passes_a_training_option_on_and_refuses_a_bad_value(
    train_command: TrainCommand,
    flag: str,
    default: object,
    given: dict[str, object],
    bad: str,
    reason: str,
) -> None:
    code, output, seen = train_command()
    assert code == 0, output
    for value in given:
        code, output, seen = train_command(flag, value)
        assert code == 0, output
    field = flag.removeprefix("--").replace("-", "_")
    assert [getattr(options, field) for options in seen] == [default, *given.values()]
    code, output, seen = train_command(flag, bad)
    assert code == 2 and reason in output and len(seen) == 1 + len(given)


@pytest.mark.parametrize(("precision", "computed_in"), [("fp32", "float32"), ("bf16", "bfloat16")])
def test_the_forward_pass_runs_in_the_chosen_precision_and_the_weights_stay_fp32(
    precision: str, computed_in: str
) -> None:
    import torch

    seen: set[str] = set()

    def record(module: torch.nn.Module, inputs: object, output: object) -> None:
        if isinstance(module, torch.nn.Linear) and isinstance(output, torch.Tensor):
            seen.add(str(output.dtype).removeprefix("torch."))

    options = TrainingOptions(
        frozenset({1}), frozenset({2}), epochs=1, layers=1, precision=precision
    )
    rows = [
        LabelledRow(("restart the router",), "reboot the router", True, 1),
        LabelledRow(("restart the router",), "factory-reset the router", False, 1),
    ]
    hook = torch.nn.modules.module.register_module_forward_hook(record)
    try:
        model, _ = pair_model_training._train(rows, [], options, lambda stage, done, total: None)
    finally:
        hook.remove()
    assert seen == {computed_in}
    assert {p.dtype for p in model.parameters()} == {torch.float32}  # exported as fp32


def test_without_length_buckets_an_epoch_is_the_shuffled_pairs_sliced_as_they_come() -> None:
    # The packaged model's recipe: the same batches as before the option existed, and the
    # shuffle's generator left where it was, so the next epoch's order is unchanged too.
    pairs = list(range(37))
    rng = random.Random(3)
    state = rng.getstate()
    batches = pair_model_training.epoch_batches(pairs, 16, 0, lambda p: 100 - p, rng)
    assert batches == [pairs[:16], pairs[16:32], pairs[32:]]
    assert rng.getstate() == state


def test_length_buckets_keep_every_pair_once_and_cut_the_padding() -> None:
    draw = random.Random(0)
    lengths = [draw.randint(8, 60) for _ in range(1_000)]
    pairs = list(range(len(lengths)))
    draw.shuffle(pairs)

    def padded(batches: list[list[int]]) -> int:
        return sum(max(lengths[p] for p in batch) * len(batch) for batch in batches)

    plain = pair_model_training.epoch_batches(pairs, 16, 0, lengths.__getitem__, random.Random(1))
    bucketed = pair_model_training.epoch_batches(
        pairs, 16, 10, lengths.__getitem__, random.Random(1)
    )
    assert sorted(p for batch in bucketed for p in batch) == sorted(pairs)
    assert len(bucketed) == len(plain) == 63  # as many steps as without buckets
    # 1,000 pairs: six runs of 160, then 40 cut into 16, 16 and 8.
    assert sorted(len(batch) for batch in bucketed) == [8] + [16] * 62
    # Each batch comes from one run of 160 shuffled pairs, sorted: its pairs are neighbours
    # in length within that run.
    runs = [set(pairs[i : i + 160]) for i in range(0, len(pairs), 160)]
    assert all(any(set(batch) <= run for run in runs) for batch in bucketed)
    assert padded(bucketed) < 0.8 * padded(plain)
    # ... and the batches are shuffled, not served shortest first.
    firsts = [max(lengths[p] for p in batch) for batch in bucketed[:20]]
    assert firsts != sorted(firsts)


def test_length_buckets_sort_stably_so_pairs_of_one_length_keep_their_shuffled_order() -> None:
    pairs = ["c", "a", "b", "d"]
    batches = pair_model_training.epoch_batches(pairs, 2, 1, lambda p: 5, random.Random(0))
    assert sorted(batches) == [["b", "d"], ["c", "a"]]


def test_options_refuse_negative_length_buckets() -> None:
    with pytest.raises(ValueError, match="length buckets must be 0"):
        TrainingOptions(frozenset({1}), frozenset({2}), length_buckets=-1)


def test_training_with_length_buckets_pads_each_batch_only_to_its_own_pairs() -> None:
    import torch

    shapes: list[int] = []

    def record(module: torch.nn.Module, inputs: object, output: object) -> None:
        if type(module).__name__ == "BertEmbeddings" and isinstance(output, torch.Tensor):
            shapes.append(output.shape[1])

    rows = [
        LabelledRow(("restart the router",), "reboot it", True, 1),
        LabelledRow(("restart the router",), "reset", False, 1),
        LabelledRow(
            ("open the app's settings, clear its cache and storage, then sign in again",),
            "uninstall the app, download it again from the store and sign in once more",
            True,
            1,
        ),
        LabelledRow(
            ("turn off the VPN, the proxy and the firewall on the laptop, then reconnect",),
            "forget the network on the laptop and join it again with the password typed in",
            False,
            1,
        ),
    ]
    from transformers import AutoTokenizer

    plain = TrainingOptions(frozenset({1}), frozenset({2}), epochs=1, layers=1, batch_size=2)
    data = pair_model_training.training_data(rows, [], plain)
    # One run holding every pair: sorted by length, then cut in twos.
    options = dataclasses.replace(plain, length_buckets=len(data) // 2)
    tokenizer = AutoTokenizer.from_pretrained(pair_model_training._packaged_model())
    lengths = sorted(len(tokenizer(a, b)["input_ids"]) for a, b, _ in data)
    hook = torch.nn.modules.module.register_module_forward_hook(record)
    try:
        pair_model_training._train(rows, [], options, lambda stage, done, total: None)
    finally:
        hook.remove()
    # Each batch pads to the longer of two neighbours in length, whatever the shuffle: the
    # short pairs never wait on the long ones.
    assert sorted(shapes) == lengths[1::2]
    assert len(set(lengths)) > 2 and sum(shapes) < max(lengths) * len(shapes)
