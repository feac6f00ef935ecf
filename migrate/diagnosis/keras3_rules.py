"""Would stock Keras 3 load this file, and give the outputs the legacy stack gave? One rule per cause.

Each rule looks at the parsed file and returns the problems it finds. A rule's effect is `fails`
(Keras 3 raises, or builds a model that cannot run) or `wrong` (it loads and runs, but its outputs
differ from the legacy stack's). The causes were measured on sample_models/ and the real-model
corpus with Keras 3 itself; tests/diagnosis/test_keras3_verdict.py keeps them honest.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from migrate.diagnosis.keras3_layers import KERAS3_LAYER_CLASSES
from migrate.graph import MODEL_CLASSES, Graph, Layer
from migrate.graph.shapes import tensor_shapes
from migrate.read import LegacyFile
from migrate.unwrap import LambdaInfo
from migrate.unwrap.lambdas import python_can_read

FAILS, WRONG = "fails", "wrong"


@dataclass(frozen=True)
class Facts:
    """What the rules look at: the file, its graph (None for weights-only) and its Lambdas."""

    file: LegacyFile
    graph: Graph | None
    lambdas: tuple[LambdaInfo, ...]

    def layers(self) -> Iterator[Layer]:
        if self.graph is not None:
            for _, layer in self.graph.walk():
                yield layer


@dataclass(frozen=True)
class Rule:
    name: str
    effect: str
    check: Callable[[Facts], list[str]]


def _weights_only(facts: Facts) -> list[str]:
    if facts.file.format != "weights":
        return []
    return ["weights-only file: it holds no architecture, so no loader can rebuild a model from it alone"]


WAY_OUT = "convert needs your function for it: --lambda NAME=MODULE:CALLABLE"


def _lambda_bytecode(facts: Facts) -> list[str]:
    """One problem for all multi-GPU slicers of a Python band, one per user Lambda."""
    here = sys.version_info[:2]
    problems = []
    slicer_bands: dict[str | None, list[str]] = {}
    for info in facts.lambdas:
        if info.function_type != "lambda":
            continue
        if info.kind == "multi_gpu_slice":
            slicer_bands.setdefault(info.bytecode_python, []).append(info.layer)
        else:
            problems.append(f"user Lambda '{info.layer}' ({info.function_name or 'anonymous'}) "
                            f"{_bytecode_clause(info.bytecode_python, here, 'holds')}; {_user_way_out(info)}")
    for band, names in slicer_bands.items():
        verb = "holds" if len(names) == 1 else "hold"
        problems.insert(0, f"{len(names)} multi_gpu_model slicer Lambda(s) ('{names[0]}', ...) "
                           f"{_bytecode_clause(band, here, verb)}")
    return problems


def _user_way_out(info: LambdaInfo) -> str:
    """What convert will do with a user Lambda: lift it (read as data), or need the user's function."""
    if info.lifts:
        forms = f" ({', '.join(info.lifts_to)})" if info.lifts_to else ""
        return f"migrate convert lifts it to built-in layers{forms}"
    return f"migrate cannot lift it ({info.refusal}); {WAY_OUT}"


def _bytecode_clause(band: str | None, here: tuple[int, int], verb: str) -> str:
    clause = f"{verb} marshalled Python {band or '(unknown version)'} bytecode: Keras 3 refuses it in safe mode"
    if not python_can_read(band, here):
        clause += f"; even with safe_mode=False, Python {here[0]}.{here[1]} cannot read it"
    return clause


def _lambda_by_name(facts: Facts) -> list[str]:
    return [f"Lambda '{info.layer}' refers to a function by name ('{info.function_name}') that Keras 3 cannot find; "
            f"{WAY_OUT}" for info in facts.lambdas if info.function_type == "function"]


def _list_sequential(facts: Facts) -> list[str]:
    if facts.graph is None or facts.graph.sequential_form != "list":
        return []
    return ["Sequential config is a bare list of layers (Keras <= 2.2.2); Keras 3 expects an object"]


def _keras1(facts: Facts) -> list[str]:
    if facts.file.keras_major != 1:
        return []
    return [f"Keras {facts.file.keras_version} config: Keras 1 argument names (nb_filter, border_mode, init, ...)"]


def _unknown_classes(facts: Facts) -> list[str]:
    seen: dict[str, str] = {}
    for layer in facts.layers():
        if layer.class_name not in KERAS3_LAYER_CLASSES | MODEL_CLASSES:
            seen.setdefault(layer.class_name, layer.name)
    return [f"layer '{name}' is of class '{cls}', which Keras 3 does not have ({_kind(cls)})"
            for cls, name in seen.items()]


def _kind(class_name: str) -> str:
    if class_name.startswith("CuDNN"):
        return "a Keras 2 cuDNN layer; migrate converts it to its plain twin"
    if class_name == "TensorFlowOpLayer":
        return "tf.keras's wrapper of a raw TensorFlow op; migrate maps common ops to keras.ops"
    return "custom or Keras 1 layer"


def _tf_keras1_initializers(facts: Facts) -> list[str]:
    if not (facts.file.keras_version or "").endswith("-tf"):
        return []
    for layer in facts.layers():
        for key, value in layer.config.items():
            if key.endswith("_initializer") and isinstance(value, dict) and "dtype" in (value.get("config") or {}):
                return [f"tf.keras 1.x initializer configs carry 'dtype' (layer '{layer.name}'), which Keras 3 rejects"]
    return []


def _keras2_sequential_input(facts: Facts) -> list[str]:
    """tf.keras before 2.4 also left the InputLayer out of a Sequential's config (Atrylon/Hunting-exoplanets,
    2.3.0-tf); from 2.4 on the config lists it, and Keras 3 reads that one right."""
    if facts.graph is None:
        return []
    declared = _declared_input_layers(facts.file.model_config)
    for _, graph in _graphs(facts.graph):
        if graph.sequential_form == "dict" and graph.layers[0].name.endswith("_input") and \
                graph.layers[0].name not in declared:
            first = graph.layers[1].name
            return [f"Sequential '{graph.name}' declares its input on layer '{first}' (batch_input_shape); "
                    "Keras 3 builds a wrong-rank input from it"]
    return []


def _nested_node_index(facts: Facts) -> list[str]:
    if facts.graph is None:
        return []
    for _, graph in _graphs(facts.graph):
        if graph.sequential_form is None:
            nested = [layer.name for layer in graph.layers if layer.model is not None and layer.calls]
            if nested:
                return [f"model '{graph.name}' calls nested model '{nested[0]}': Keras 3's legacy loader "
                        "mis-resolves nested models' node indices"]
    return []


def _wrapped_layers(facts: Facts) -> list[str]:
    return [f"layer '{layer.name}' ({layer.class_name}) wraps a Keras 2 layer config Keras 3 cannot locate"
            for layer in facts.layers() if layer.class_name in ("TimeDistributed", "Bidirectional")][:1]


def _hard_sigmoid(facts: Facts) -> list[str]:
    for layer in facts.layers():
        keys = [k for k in ("activation", "recurrent_activation") if layer.config.get(k) == "hard_sigmoid"]
        if keys:
            return [f"layer '{layer.name}' uses {keys[0]}='hard_sigmoid': Keras 2 meant clip(0.2x + 0.5), "
                    "Keras 3 means clip(x/6 + 0.5)"]
    return []


def _theano_kernels(facts: Facts) -> list[str]:
    if facts.file.backend != "theano":
        return []
    convs = [layer.name for layer in facts.layers() if "Conv" in layer.class_name or "Convolution" in layer.class_name]
    if not convs:
        return []
    return [f"Theano-backend convolution kernels (layer '{convs[0]}') are stored flipped; Keras 3 loads them as they are"]


def _broadcasting_add(facts: Facts) -> list[str]:
    """Keras 3's TensorFlow add takes a (batch, 1) operand for a bias (tf.nn.bias_add on the last axis)
    when, in an eager call, the batch size equals the other operand's width: measured 0.43 off on
    k231_plain_broadcast_add at batch 8. predict() and fit() trace with an unknown batch and are right."""
    if facts.graph is None:
        return []
    problems = []
    for _, graph in _graphs(facts.graph):
        for layer in graph.layers:
            if layer.class_name not in ("Add", "Average"):  # both sum with Keras 3's add
                continue
            for call in layer.calls:
                shapes = tensor_shapes(graph, call)
                if None not in shapes and len({str(shape) for shape in shapes}) > 1:  # str: a damaged config may nest lists
                    problems.append(f"layer '{layer.name}' ({layer.class_name}) broadcasts {' and '.join(map(str, shapes))}: Keras 3 "
                                    "adds the smaller one as a bias along the wrong axis in eager calls whose batch "
                                    "size equals the width")
                    break
    return problems


# Measured with TF_ENABLE_ONEDNN_OPTS=0 on Keras 3.15 / TensorFlow 2.21 (model.predict): channels_first, these
# raise ("UnimplementedError ... NHWC"); Conv3D, pooling, BatchNormalization(axis=1), padding, cropping,
# upsampling, depthwise and separable convolutions run (Keras or Eigen handle the layout).
NCHW_REFUSED = {"Conv1D", "Conv2D", "Conv1DTranspose", "Conv2DTranspose", "Conv3DTranspose", "ConvLSTM1D",
                "ConvLSTM2D", "ConvLSTM3D"}
STRIDES_REFUSED = {"DepthwiseConv2D", "SeparableConv2D"}  # unequal strides, undilated: TensorFlow's kernel refuses
ONEDNN_ONLY = ("stock Keras 3 loads it, but on TensorFlow it runs only where oneDNN is on (CPUs with AVX-512 "
               "VNNI/BF16/AMX; it fails on AVX2-only CPUs and wherever TF_ENABLE_ONEDNN_OPTS=0); migrate convert "
               "rebuilds it to run on every CPU")


def _onednn_only(facts: Facts) -> list[str]:
    """Layers TensorFlow's own CPU kernels refuse, which only oneDNN runs. TensorFlow turns oneDNN on by itself on
    some CPUs only, so a file that runs on one machine fails on the next: the verdict is 'fails' everywhere,
    since what a user needs to know is whether the file runs wherever it is deployed, not on this machine."""
    found = [(cause, name) for name, config in _layer_configs(facts) if (cause := _refused(config))]
    if not found:
        return []
    more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
    return [f"layer '{found[0][1]}'{more} is {found[0][0]}: {ONEDNN_ONLY}"]


def _refused(config: dict[str, Any]) -> str | None:
    """What TensorFlow's own CPU kernels refuse in one layer config (None when nothing)."""
    class_name, inner = config.get("class_name"), config.get("config") or {}
    if class_name in NCHW_REFUSED and inner.get("data_format") == "channels_first":
        return f"a channels_first {class_name}, an NCHW convolution TensorFlow's own CPU kernels refuse"
    strides, dilation = inner.get("strides"), inner.get("dilation_rate", 1)
    if class_name in STRIDES_REFUSED and isinstance(strides, (list, tuple)) and len(set(strides)) > 1 \
            and dilation in (1, [1, 1], (1, 1)):
        return f"a {class_name} with strides {tuple(strides)}, unequal ones TensorFlow's own CPU kernel refuses"
    return None


def _layer_configs(facts: Facts) -> Iterator[tuple[str, dict[str, Any]]]:
    """(name, {class_name, config}) of every layer, and of the layers wrappers hold (TimeDistributed, ...)."""
    for layer in facts.layers():
        yield layer.name, {"class_name": layer.class_name, "config": layer.config}
        for key in ("layer", "backward_layer"):
            inner = layer.config.get(key)
            if isinstance(inner, dict) and isinstance(inner.get("config"), dict):
                yield layer.name, inner


def _graphs(graph: Graph) -> Iterator[tuple[tuple[str, ...], Graph]]:
    yield (), graph
    for path, layer in graph.walk():
        if layer.model is not None:
            yield path, layer.model


def _container(facts: Facts) -> list[str]:
    """Containers Keras 3 does not load as models, measured on the wild sample with Keras 3.15."""
    file = facts.file
    if file.container == "savedmodel":
        return ["a tf.keras SavedModel directory: Keras 3 loads only .keras and .h5 files (keras.layers.TFSMLayer "
                "wraps a SavedModel for inference, without its layers or weights as a model)"]
    if file.container == "keras_zip" and (file.keras_major or 0) < 3:
        return [f"a Keras {file.keras_version} .keras zip: Keras 3 cannot deserialize its Keras 2 config "
                "(\"could not be deserialized properly\")"]
    return []


RULES: tuple[Rule, ...] = (
    Rule("container", FAILS, _container),
    Rule("weights_only", FAILS, _weights_only),
    Rule("lambda_bytecode", FAILS, _lambda_bytecode),
    Rule("lambda_by_name", FAILS, _lambda_by_name),
    Rule("list_sequential", FAILS, _list_sequential),
    Rule("keras1_config", FAILS, _keras1),
    Rule("unknown_class", FAILS, _unknown_classes),
    Rule("tf_keras1_initializers", FAILS, _tf_keras1_initializers),
    Rule("keras2_sequential_input", FAILS, _keras2_sequential_input),
    Rule("nested_node_index", FAILS, _nested_node_index),
    Rule("wrapped_layer_config", FAILS, _wrapped_layers),
    Rule("onednn_only", FAILS, _onednn_only),
    Rule("hard_sigmoid", WRONG, _hard_sigmoid),
    Rule("theano_kernels", WRONG, _theano_kernels),
    Rule("broadcasting_add", WRONG, _broadcasting_add),
)


def keras3_verdict(facts: Facts) -> tuple[str, list[str]]:
    """('loads' | 'wrong' | 'fails', problems): the worst effect found and every problem behind it."""
    found = [(rule.effect, problem) for rule in RULES for problem in rule.check(facts)]
    effects = {effect for effect, _ in found}
    verdict = FAILS if FAILS in effects else WRONG if WRONG in effects else "loads"
    return verdict, [problem for _, problem in found]


def _declared_input_layers(config: Any) -> set[str]:
    """The names of the InputLayers a config lists itself (not the ones Keras makes from a declared shape)."""
    found: set[str] = set()
    if isinstance(config, dict):
        if config.get("class_name") == "InputLayer" and isinstance(config.get("config"), dict):
            found.add(str(config["config"].get("name")))
        for value in config.values():
            found |= _declared_input_layers(value)
    elif isinstance(config, list):
        for value in config:
            found |= _declared_input_layers(value)
    return found
