"""Folding shape arithmetic out of an ONNX graph: kept only where it answers to the bit."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
onnxruntime = pytest.importorskip("onnxruntime")

from onnx import TensorProto, helper, numpy_helper  # noqa: E402

from caseledger.adapters.onnx_graph import fold_reshape_targets, probe_feeds  # noqa: E402

SAMPLE = {"input_ids": np.array([[101, 7, 8, 9, 102]]), "attention_mask": np.ones((1, 5))}


def _graph(*, transpose_first: bool = False, computed_target: bool = True) -> bytes:
    """input_ids (batch, tokens) -> x (batch, tokens, 4) -> Reshape to (.., .., 2, 2), its target
    computed from x's shape as torch's exporter writes it (or a constant); with
    ``transpose_first`` the reshaped tensor is x with batch and tokens swapped, so copying its
    own first two dimensions is not what the computed target says."""
    nodes = [
        helper.make_node("Cast", ["input_ids"], ["ids"], to=TensorProto.FLOAT),
        helper.make_node("Unsqueeze", ["ids", "axis2"], ["ids3"]),
        helper.make_node("Mul", ["ids3", "widths"], ["x"]),
    ]
    initializers = [
        numpy_helper.from_array(np.array([2], np.int64), "axis2"),
        numpy_helper.from_array(np.array([[[1.0, 2.0, 3.0, 4.0]]], np.float32), "widths"),
        numpy_helper.from_array(np.array(0, np.int64), "zero"),
        numpy_helper.from_array(np.array(1, np.int64), "one"),
        numpy_helper.from_array(np.array([0], np.int64), "axis0"),
        numpy_helper.from_array(np.array([2], np.int64), "two"),
    ]
    data = "x"
    if transpose_first:
        nodes.append(helper.make_node("Transpose", ["x"], ["xt"], perm=[1, 0, 2]))
        data = "xt"
    if computed_target:
        nodes += [
            helper.make_node("Shape", ["x"], ["shape"]),
            helper.make_node("Gather", ["shape", "zero"], ["batch"], axis=0),
            helper.make_node("Gather", ["shape", "one"], ["tokens"], axis=0),
            helper.make_node("Unsqueeze", ["batch", "axis0"], ["batch1"]),
            helper.make_node("Unsqueeze", ["tokens", "axis0"], ["tokens1"]),
            helper.make_node("Concat", ["batch1", "tokens1", "two", "two"], ["target"], axis=0),
        ]
    else:
        initializers.append(numpy_helper.from_array(np.array([0, 0, 2, 2], np.int64), "target"))
    nodes.append(helper.make_node("Reshape", [data, "target"], ["y"]))
    graph = helper.make_graph(
        nodes,
        "tiny",
        [helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "tokens"])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
        initializers,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    return bytes(model.SerializeToString())


def _run(model: bytes, feed: dict[str, Any]) -> Any:
    session = onnxruntime.InferenceSession(model, providers=["CPUExecutionProvider"])
    return session.run(None, {"input_ids": feed["input_ids"]})[0]


def _ops(model: bytes) -> list[str]:
    return [node.op_type for node in onnx.load_model_from_string(model).graph.node]


def test_a_target_computed_from_the_same_dimensions_becomes_a_constant() -> None:
    original = _graph()
    folded = fold_reshape_targets(original, probe_feeds(SAMPLE))
    assert folded != original
    assert _ops(folded) == ["Cast", "Unsqueeze", "Mul", "Reshape"]  # the arithmetic is gone
    target = [
        numpy_helper.to_array(init).tolist()
        for init in onnx.load_model_from_string(folded).graph.initializer
        if init.name.endswith("folded_target")
    ]
    assert target == [[0, 0, 2, 2]]
    for batch, length in ((1, 1), (5, 2), (2, 40)):  # shapes the probes did not try
        feed = {"input_ids": np.arange(batch * length, dtype=np.int64).reshape(batch, length)}
        before, after = _run(original, feed), _run(folded, feed)
        assert after.shape == before.shape == (batch, length, 2, 2)
        assert np.array_equal(before, after)


def test_a_fold_that_would_copy_the_wrong_dimension_is_not_kept(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Here the computed target names x's batch and length, but the reshaped tensor is x
    transposed: "copy your own first two dimensions" would swap them, and the probes (never a
    batch equal to its length) show it, so the graph comes back as it was."""
    original = _graph(transpose_first=True)
    probes = probe_feeds(SAMPLE)  # attention_mask too: a graph gets only the inputs it has
    assert fold_reshape_targets(original, probes) == original
    assert "reshape targets left as exported" in caplog.text


def test_a_graph_with_nothing_to_fold_or_no_probes_comes_back_unchanged() -> None:
    constant = _graph(computed_target=False)
    probes = probe_feeds(SAMPLE)
    assert fold_reshape_targets(constant, probes) == constant
    assert fold_reshape_targets(_graph(), []) == _graph()  # nothing shown, nothing changed


def test_probes_cover_several_batches_and_lengths_with_padding() -> None:
    probes = probe_feeds(SAMPLE)
    shapes = [probe["input_ids"].shape for probe in probes]
    assert len(set(shapes)) == len(shapes) >= 3
    assert all(batch != length for batch, length in shapes)
    assert any(batch > 1 for batch, _ in shapes)
    for probe in probes:
        assert probe["input_ids"].dtype == np.int64
        assert (
            probe["input_ids"][0].tolist()[:5] == [101, 7, 8, 9, 102][: probe["input_ids"].shape[1]]
        )
        mask = probe["attention_mask"]
        # Row i masks its last i tokens: padding is probed, the first row reads every token.
        assert [int(row.sum()) for row in mask] == [mask.shape[1] - i for i in range(mask.shape[0])]
