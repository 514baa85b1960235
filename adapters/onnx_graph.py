"""An exact rewrite of exported transformer graphs that saves work on every run.

torch's exporter writes the target of each attention ``Reshape`` as arithmetic on a tensor's
shape (``Shape`` -> ``Gather`` -> ``Unsqueeze`` -> ``Concat``: "this batch, this length, 12
heads, 32 wide"), because the batch and the length are dynamic. onnxruntime cannot fold that
away and runs it on every read: about a hundred of a MiniLM's 316 nodes after onnxruntime's own
optimisation, ~5-9 % of a 20-token read on one core (``bench/README.md``, round 60).

ONNX's ``Reshape`` reads a ``0`` in its target as "this dimension of the input, unchanged", so
a target whose every entry is a constant or the size of the same dimension of some tensor's shape
becomes one constant. That is exact only where that tensor and the reshaped input agree on
those dimensions, as they do in BERT's attention; ``fold_reshape_targets`` does not rely on
it: it keeps the folded graph only when its outputs are bitwise identical to the original's
on probe inputs of several batch sizes and lengths (padding included), and otherwise returns
the graph unchanged.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

__all__ = ["fold_reshape_targets", "probe_feeds"]

_log = logging.getLogger(__name__)

# Batch and length of the probes: no batch equal to its length, so a target that copied the
# wrong dimension would change the output's shape or values.
_PROBE_SHAPES = ((1, 3), (2, 7), (3, 12), (4, 33))


def probe_feeds(sample: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Inputs for checking a rewrite, from one tokenized ``sample`` (arrays of shape (1, n)):
    each input's row repeated to each probe's length and batch; from the second row on, an
    ``attention_mask`` masks that many trailing tokens, so padding is probed too."""
    rows = {name: np.asarray(value, dtype=np.int64).reshape(-1) for name, value in sample.items()}
    feeds = []
    for batch, length in _PROBE_SHAPES:
        feed = {}
        for name, row in rows.items():
            tiled = np.resize(row, length)
            block = np.tile(tiled, (batch, 1))
            if name == "attention_mask":
                for position in range(1, batch):
                    block[position, length - position :] = 0
            feed[name] = block
        feeds.append(feed)
    return feeds


def fold_reshape_targets(model: bytes, probes: Sequence[Mapping[str, Any]]) -> bytes:
    """``model`` (a serialized ONNX graph) with its shape-computed ``Reshape`` targets made
    constant and the nodes that fed only them dropped; ``model`` itself where there is nothing
    to fold or where the folded graph answers any of ``probes`` differently, to the bit."""
    import onnx

    graph_model = onnx.load_model_from_string(model)
    if not _fold(graph_model.graph):
        return model
    _drop_dead_nodes(graph_model.graph)
    folded: bytes = graph_model.SerializeToString()
    if _same_outputs(model, folded, probes):
        return folded
    # Not an error: the graph runs as exported, only without the saving.
    _log.warning(
        "reshape targets left as exported: the folded graph answers the probes differently"
    )
    return model


def _fold(graph: Any) -> int:
    from onnx import numpy_helper

    producer = {output: node for node in graph.node for output in node.output}
    initializers = {init.name: init for init in graph.initializer}

    def constant(name: str) -> Any:
        node = producer.get(name)
        if node is not None and node.op_type == "Constant" and node.attribute[0].name == "value":
            return numpy_helper.to_array(node.attribute[0].t)
        if name in initializers:
            return numpy_helper.to_array(initializers[name])
        return None

    def shape_dimension(name: str) -> int | None:
        """k where ``name`` is Unsqueeze(Gather(Shape(x), k)), a one-element vector."""
        unsqueeze = producer.get(name)
        if unsqueeze is None or unsqueeze.op_type != "Unsqueeze":
            return None
        gather = producer.get(unsqueeze.input[0])
        if gather is None or gather.op_type != "Gather":
            return None
        shape = producer.get(gather.input[0])
        if shape is None or shape.op_type != "Shape" or shape.attribute:
            return None  # a Shape with start/end numbers its dimensions differently
        index = constant(gather.input[1])
        if index is None or index.ndim != 0:
            return None
        return int(index)

    folded = 0
    for node in graph.node:
        if node.op_type != "Reshape" or any(a.name == "allowzero" and a.i for a in node.attribute):
            continue  # with allowzero a 0 is a zero-sized dimension, not "copy"
        concat = producer.get(node.input[1])
        if concat is None or concat.op_type != "Concat":
            continue
        target: list[int] = []
        for position, part in enumerate(concat.input):
            value = constant(part)
            if value is not None and value.size == 1:
                target.append(int(value.reshape(-1)[0]))
            elif shape_dimension(part) == position:
                target.append(0)
            else:
                break
        else:
            name = f"{node.name or node.output[0]}/folded_target"
            graph.initializer.append(numpy_helper.from_array(np.array(target, np.int64), name))
            node.input[1] = name
            folded += 1
    return folded


def _drop_dead_nodes(graph: Any) -> None:
    """Remove nodes whose outputs feed nothing (onnxruntime keeps and runs them), then the
    initializers nothing reads."""
    outputs = {output.name for output in graph.output}
    while True:
        read = {name for node in graph.node for name in node.input} | outputs
        dead = [node for node in graph.node if not any(out in read for out in node.output)]
        if not dead:
            break
        for node in dead:
            graph.node.remove(node)
    read = {name for node in graph.node for name in node.input}
    for init in [init for init in graph.initializer if init.name not in read]:
        graph.initializer.remove(init)


def _same_outputs(original: bytes, folded: bytes, probes: Sequence[Mapping[str, Any]]) -> bool:
    import onnxruntime

    if not probes:
        return False  # nothing shown: keep the graph as exported

    def session(model: bytes) -> Any:
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.log_severity_level = 3
        return onnxruntime.InferenceSession(model, options, providers=["CPUExecutionProvider"])

    try:
        before, after = session(original), session(folded)
        names = {graph_input.name for graph_input in before.get_inputs()}
        for probe in probes:
            feed = {name: value for name, value in probe.items() if name in names}
            for one, other in zip(before.run(None, feed), after.run(None, feed), strict=True):
                if one.shape != other.shape or not np.array_equal(one, other, equal_nan=True):
                    return False
    except Exception:  # onnxruntime raises its own, unexported error types
        return False
    return True
