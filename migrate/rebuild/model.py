"""Translated Graph -> keras.Model: every layer made once, then called in dependency order."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import keras
from keras import ops

from migrate.errors import MalformedFileError, UnsupportedModelError, one_line
from migrate.graph import OP_LAMBDA_CLASSES, Graph, KeywordTensor, Layer, TensorRef
from migrate.graph.build import batch_shape
from migrate.lift import read_lambda
from migrate.rebuild.keras_compat import keras_mask, set_keras_mask
from migrate.rebuild.layers import make_layer, restore_initializers
from migrate.rebuild.layout import NOTE as CHANNELS_LAST_NOTE
from migrate.rebuild.layout import ChannelsLastCall, channels_last_twin
from migrate.rebuild.lifted import LiftedLambda
from migrate.rebuild.naming import reserve_names
from migrate.rebuild.ops import BROADCAST_ADD_NOTE, apply_op, broadcasting_add, broadcasts
from migrate.rebuild.options import UserObjects
from migrate.rebuild.strides import SubsampledCall, stride_one_form
from migrate.translate import SourceInfo, TranslatedLayer, translate_layer
from migrate.translate.lambdas import lambda_refusal
from migrate.translate.semantics import TheanoSame
from migrate.translate.tf_ops import OpCall, op_call, op_lambda_function


@dataclass
class Rebuilt:
    """The Keras 3 model and, per legacy layer (by path), its Keras 3 layer and translation."""

    model: keras.Model | None = None
    layers: dict[tuple[str, ...], keras.layers.Layer] = field(default_factory=dict)
    translations: dict[tuple[str, ...], TranslatedLayer] = field(default_factory=dict)
    submodels: dict[tuple[str, ...], keras.Model] = field(default_factory=dict)
    notes_extra: list[str] = field(default_factory=list)  # about the model as a whole (e.g. TF ops mapped)
    warnings: list[str] = field(default_factory=list)  # what was guessed (e.g. weights paired by order)
    lifted: dict[tuple[str, ...], LiftedLambda] = field(default_factory=dict)  # user Lambdas made built-in

    @property
    def notes(self) -> list[str]:
        lifted = [f"{'/'.join(key)}: {target.note}" for key, target in self.lifted.items()]
        return [note for translation in self.translations.values() for note in translation.notes] + lifted + \
            self.notes_extra


def rebuild_model(graph: Graph, source: SourceInfo, user: UserObjects) -> Rebuilt:
    """The Keras 3 functional model of `graph` (nested models rebuilt as nested models)."""
    reserve_names(layer.name for _, layer in graph.walk())
    rebuilt = Rebuilt()
    rebuilt.model = _build(graph, (), source, user, rebuilt)
    for path, layer in rebuilt.layers.items():
        translation = rebuilt.translations[path]
        originals = {**_inner_initializers(translation.config), **translation.initializers}
        restore_initializers(layer, originals, translation.notes, "/".join(path))
    return rebuilt


def _inner_initializers(config: dict[str, Any]) -> dict[str, Any]:
    """A wrapper's inner layer initializers (TimeDistributed, Bidirectional), as the file had them."""
    inner = config.get("layer")
    if not isinstance(inner, dict):
        return {}
    return {k: v for k, v in (inner.get("config") or {}).items() if k.endswith("_initializer") and v is not None}


def _build(graph: Graph, path: tuple[str, ...], source: SourceInfo, user: UserObjects, rebuilt: Rebuilt) -> keras.Model:
    taken = {layer.name for layer in graph.layers}
    objects = {layer.name: _make(layer, (*path, layer.name), source, user, rebuilt, taken)
               for layer in graph.layers if layer.class_name != "InputLayer"}
    tensors: dict[tuple[str, int], list[Any]] = {}
    inputs = [_input(graph.layer(ref.layer), tensors) for ref in graph.inputs]
    for layer_name, call in _call_order(graph):
        _wire(graph.layer(layer_name), call, (*path, layer_name), objects, tensors, rebuilt)
    outputs = [_tensor(tensors, ref) for ref in graph.outputs]
    return keras.Model(inputs if len(inputs) > 1 else inputs[0], outputs if len(outputs) > 1 else outputs[0],
                       name=graph.name)


def _wire(layer: Layer, call: int, key: tuple[str, ...], objects: dict[str, Any],
          tensors: dict[tuple[str, int], list[Any]], rebuilt: Rebuilt) -> None:
    """One call of a layer, its note (if any) kept with the layer's translation."""
    translation = rebuilt.translations.get(key)
    try:
        if translation is not None and translation.call_padding is not None:
            note = _call_padded(layer, call, objects, tensors, translation.call_padding)
        elif translation is not None and translation.call_normalized is not None:
            note = _call_normalized(layer, call, objects, tensors, translation.call_normalized)
        else:
            note = _call(layer, call, objects, tensors)
    except (TypeError, ValueError, AttributeError, KeyError, IndexError) as exc:
        # Keras checks shapes, dtypes and arguments as the graph is wired; what it refuses, say why
        raise UnsupportedModelError(f"Keras 3 refused to call it on its inputs ({type(exc).__name__}: "
                                    f"{one_line(exc)[:200]})", layer="/".join(key)) from None
    if note:
        translation = rebuilt.translations.get(key)
        (translation.notes if translation else rebuilt.notes_extra).append(f"{'/'.join(key)}: {note}")


def _make(layer: Layer, key: tuple[str, ...], source: SourceInfo, user: UserObjects, rebuilt: Rebuilt,
          taken: set[str]) -> Any:
    """What the layer's calls will call: a nested model, a Keras 3 layer, a keras.ops call, or a lifted Lambda."""
    name = "/".join(key)
    if layer.model is not None:
        rebuilt.submodels[key] = _build(layer.model, key, source, user, rebuilt)
        return rebuilt.submodels[key]
    if layer.class_name == "Lambda" and not user.function_for(name):
        rebuilt.lifted[key] = _lifted(layer, name, taken)
        return rebuilt.lifted[key]
    if layer.class_name in OP_LAMBDA_CLASSES and not user.function_for(name):
        rebuilt.lifted[key] = LiftedLambda(layer.name, _op_lambda(layer, name), taken)
        return rebuilt.lifted[key]
    if layer.class_name == "TensorFlowOpLayer" and layer.name in user.lambdas:
        rebuilt.notes_extra.append(f"{name}: TensorFlow op replaced by your function (--lambda)")
        return make_layer(TranslatedLayer("Lambda", {"name": layer.name}), name, user)
    if layer.class_name == "TensorFlowOpLayer":
        call = op_call(layer.config, name)
        op = layer.config["node_def"]["op"]
        rebuilt.notes_extra.append(f"{name}: TensorFlow op {op} -> keras.ops.{call.function}")
        return call
    translated = translate_layer(layer.class_name, layer.config, source, name)
    twin = channels_last_twin(translated)
    built = twin.layer if twin else translated
    subsampled = stride_one_form(built)  # within the twin's Permutes: it is channels_last there
    built = subsampled.layer if subsampled else built
    rebuilt.translations[key] = built
    rebuilt.layers[key] = make_layer(built, name, user)
    target: Any = rebuilt.layers[key]
    if subsampled is not None:
        target = SubsampledCall(target, subsampled, name, built.notes, taken)
    if twin is None:
        return target
    built.notes.append(f"{name}: {CHANNELS_LAST_NOTE}")
    return ChannelsLastCall(target, twin, taken)


def _lifted(layer: Layer, name: str, taken: set[str]) -> LiftedLambda:
    """A user Lambda read from its bytecode, or the error that says why it cannot be and what to do."""
    reading = read_lambda(layer.config, len(layer.calls[0]) if layer.calls else 1)
    if reading.function is None:
        raise UnsupportedModelError(lambda_refusal(reading.reason or "its code cannot be read", None, layer.name),
                                    layer=name)
    return LiftedLambda(layer.name, reading.function, taken)


def _op_lambda(layer: Layer, name: str) -> Any:
    """A TFOpLambda's function, read from its config and its (only) call's arguments."""
    if len(layer.calls) != 1:
        raise UnsupportedModelError(f"a TFOpLambda called {len(layer.calls)} times; migrate reads one call",
                                    layer=name)
    keywords = _keyword_tensors(layer, 0)
    return op_lambda_function(layer.config, layer.call_kwargs[0], len(layer.calls[0]) - len(keywords), keywords,
                              name)


def _keyword_tensors(layer: Layer, call: int) -> dict[str, int]:
    """keyword -> index among the call's refs, for the tensors the call passed by keyword."""
    return {k: v.index for k, v in layer.call_kwargs[call].items() if isinstance(v, KeywordTensor)}


def _input(layer: Layer, tensors: dict[tuple[str, int], list[Any]]) -> Any:
    shape = batch_shape(layer.config)
    dtype = layer.config.get("dtype") or "float32"
    try:
        tensor = keras.Input(batch_shape=tuple(shape), dtype=dtype, name=layer.name,
                             sparse=bool(layer.config.get("sparse", False)))
    except (TypeError, ValueError) as exc:
        raise MalformedFileError(f"Keras 3 refused the input's declaration ({exc})", layer=layer.name) from None
    tensors[(layer.name, 0)] = [tensor]
    return tensor


def _call_order(graph: Graph) -> list[tuple[str, int]]:
    """Every (layer, call) after the calls it reads: an iterative topological sort."""
    done: set[tuple[str, int]] = {(ref.layer, 0) for ref in graph.inputs}
    order: list[tuple[str, int]] = []
    for layer in graph.layers:
        for call in range(len(layer.calls)):
            stack = [(layer.name, call)]
            while stack:
                key = stack[-1]
                if key in done:
                    stack.pop()
                    continue
                pending = [(r.layer, r.call) for r in graph.layer(key[0]).calls[key[1]] if (r.layer, r.call) not in done]
                if pending:
                    stack.extend(pending)
                    continue
                done.add(key)
                order.append(key)
                stack.pop()
    return order


def _no_mask(key: str, value: Any) -> bool:
    """Keras 2.0-2.1 wrote `mask: [None, None]` into a merge's call; no mask at all, and Keras 3's merge
    layers take no `mask` argument."""
    return key == "mask" and (value is None or (isinstance(value, list) and all(item is None for item in value)))


def _call(layer: Layer, call: int, objects: dict[str, Any], tensors: dict[tuple[str, int], list[Any]]) -> str | None:
    """Call the layer on its inbound tensors the way Keras 2 did: RNN extras are initial states.

    Returns a note for the user when the call had to be wired differently to mean the same.
    """
    args = [_tensor(tensors, ref) for ref in layer.calls[call]]
    target = objects[layer.name]
    if isinstance(target, LiftedLambda):  # its function indexes the call's tensors, keyword ones included
        tensors[(layer.name, call)] = _as_list(target(args))
        return None
    keywords = _keyword_tensors(layer, call)
    kwargs = {k: v for k, v in layer.call_kwargs[call].items() if k in ("training", "mask") and not _no_mask(k, v)}
    kwargs.update({k: args[i] for k, i in keywords.items()})
    args = [arg for i, arg in enumerate(args) if i not in keywords.values()]
    note = None
    if isinstance(target, OpCall):
        result, note = apply_op(target, args)
    elif isinstance(target, ChannelsLastCall) and len(args) > 1:  # a ConvLSTM given initial states
        raise UnsupportedModelError("a channels_first ConvLSTM called with initial states; migrate does not yet "
                                    "move states between layouts", layer=layer.name)
    elif layer.model is not None:
        result = target(args if len(args) > 1 else args[0])
    elif isinstance(target, (keras.layers.Add, keras.layers.Average)) and len(args) > 1 \
            and any(broadcasts(args[0], a) for a in args[1:]):
        mean = isinstance(target, keras.layers.Average)
        result, note = broadcasting_add(args, target.name, mean=mean), BROADCAST_ADD_NOTE
    elif isinstance(target, (keras.layers.RNN, keras.layers.Bidirectional)) and len(args) > 1:
        if "mask" not in kwargs and keras_mask(args[0]) is not None:
            kwargs["mask"] = keras_mask(args[0])
            note = "sequence mask passed explicitly (Keras 3 drops it when initial_state is given)"
        result = target(args[0], initial_state=args[1:], **kwargs)
        if kwargs.get("mask") is not None and isinstance(target, keras.layers.RNN):
            result = zero_leading_masked_steps(target, result, kwargs["mask"])
    elif len(args) == 1 and not _takes_list(target):
        result = target(args[0], **kwargs)
    else:
        result = target(args, **kwargs)
    tensors[(layer.name, call)] = _as_list(result)
    return note


def _as_list(result: Any) -> list[Any]:
    return list(result) if isinstance(result, (list, tuple)) else [result]


def _call_normalized(layer: Layer, call: int, objects: dict[str, Any], tensors: dict[tuple[str, int], list[Any]],
                     normalize: Any) -> None:
    """keras-contrib's InstanceNormalization: its normalization of the input in keras.ops (the same mean,
    population std and epsilon on the deviation), then the layer standing for its gamma and beta."""
    (ref,) = layer.calls[call]
    x = _tensor(tensors, ref)
    rank = len(x.shape)
    axes = [axis for axis in range(1, rank) if axis != normalize.axis % rank]
    mean = keras.ops.mean(x, axis=axes, keepdims=True)
    deviation = keras.ops.add(keras.ops.std(x, axis=axes, keepdims=True), normalize.epsilon)
    normed = keras.ops.divide(keras.ops.subtract(x, mean), deviation)
    tensors[(layer.name, call)] = _as_list(objects[layer.name](normed))
    return None


def _call_padded(layer: Layer, call: int, objects: dict[str, Any], tensors: dict[tuple[str, int], list[Any]],
                 padding: TheanoSame) -> str | None:
    """A Theano 'same' convolution, rebuilt 'valid': its input zero-padded and its output cropped as
    Theano's 'half' border mode did (translate/semantics.py says how much)."""
    (ref,) = layer.calls[call]
    x = _tensor(tensors, ref)
    rank = len(padding.kernel)
    data_format = "channels_first" if padding.channels_first else "channels_last"
    spatial = tuple(x.shape[2:] if padding.channels_first else x.shape[1:-1])
    crops = padding.crops(spatial)
    if crops is None:
        raise UnsupportedModelError("a Theano 'same' convolution with an even kernel and a stride needs its input "
                                    "size, which is not fixed in this model", layer=layer.name)
    if any(any(pair) for pair in padding.pads()):
        x = _sized(keras.layers, "ZeroPadding", rank)(padding.pads() if rank > 1 else padding.pads()[0],
                                                       **_format(rank, data_format))(x)
    result = objects[layer.name](x)
    if any(any(pair) for pair in crops):
        result = _sized(keras.layers, "Cropping", rank)(crops if rank > 1 else crops[0],
                                                         **_format(rank, data_format))(result)
    tensors[(layer.name, call)] = [result]
    return None


def _sized(module: Any, stem: str, rank: int) -> Any:
    return getattr(module, f"{stem}{rank}D")


def _format(rank: int, data_format: str) -> dict[str, str]:
    return {} if rank == 1 else {"data_format": data_format}


def zero_leading_masked_steps(rnn: keras.layers.RNN, result: Any, mask: Any) -> Any:
    """Outputs of masked steps before the first unmasked one are zeros, on every backend.

    An RNN repeats its previous output at a masked step; before any step has run, Keras 2 and Keras 3's
    TensorFlow backend take that to be zeros, Keras 3's JAX backend the initial state. They differ only
    when initial_state is given (and non-zero) and a sequence starts masked (left padding): measured on
    seq2seq_katakana, 0.96 off under JAX before this. Written with keras.ops, so stock Keras saves and
    reloads it; the output keeps its mask for the layers after it.
    """
    outputs = list(result) if isinstance(result, (list, tuple)) else [result]
    output = outputs[0]
    steps = ops.flip(mask, axis=1) if rnn.go_backwards else mask
    if rnn.return_sequences:
        started = ops.cumsum(ops.cast(steps, "int32"), axis=1) > 0
    else:
        started = ops.any(steps, axis=1, keepdims=True)
    started = ops.reshape(started, (-1, *started.shape[1:], *[1] * (len(output.shape) - len(started.shape))))
    kept = ops.where(started, output, ops.zeros_like(output))
    set_keras_mask(kept, keras_mask(output))
    outputs[0] = kept
    return outputs if isinstance(result, (list, tuple)) else kept


def _takes_list(target: Any) -> bool:
    return isinstance(target, (keras.layers.Concatenate, keras.layers.Add, keras.layers.Subtract,
                               keras.layers.Multiply, keras.layers.Average, keras.layers.Maximum,
                               keras.layers.Minimum, keras.layers.Dot))


def _tensor(tensors: dict[tuple[str, int], list[Any]], ref: TensorRef) -> Any:
    return tensors[(ref.layer, ref.call)][ref.tensor]
