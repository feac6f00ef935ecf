"""Config JSON -> Graph, for every config shape legacy Keras wrote.

Quirks handled here, and only here:
- Sequential configs are a bare list of layers (Keras <= 2.2.2) or `{"name", "layers"}`; their
  input comes from the first layer's `batch_input_shape` unless an InputLayer leads. A Keras 1
  Sequential may start with a Merge of branch Sequentials: the branches are laid out inline (what
  Keras 1 configs look like is translate/keras1.py's to say; this module only lays them out).
- Inbound entries are `[layer, node, tensor]` (Keras 1) or `[layer, node, tensor, kwargs]`. tf.keras
  2.4+ wrote a call of an op layer (TFOpLambda) on one tensor as that tensor's entry itself, not a
  list of entries, and tensors passed by keyword as `[layer, node, tensor]` inside the kwargs: they
  become refs after the positional ones, and `KeywordTensor`s in the call's kwargs.
- A nested model is created with a node of its own linking its inputs to its outputs, so Keras
  counts its calls from 1 in configs (`["encoder", 1, 0, {}]` is its first call). The exception is
  a tf.keras Sequential with no declared input shape, which has no such node.
- Model-level `input_layers`/`output_layers` are a list of triples, or one bare triple (tf.keras).
"""

from __future__ import annotations

from typing import Any

from migrate.errors import MalformedFileError, UnsupportedModelError
from migrate.graph.model import MODEL_CLASSES, OP_LAMBDA_CLASSES, Graph, KeywordTensor, Layer, TensorRef
from migrate.translate import keras1

MAX_NESTING = 32
MAX_DIM = 2**31


def build_graph(config: Any, *, tf_keras: bool = False) -> Graph:
    """The Graph of a `{"class_name", "config"}` model config, nested models included."""
    return _build(config, tf_keras=tf_keras, depth=0)


def _build(config: Any, *, tf_keras: bool, depth: int) -> Graph:
    if depth > MAX_NESTING:
        raise UnsupportedModelError(f"models nested more than {MAX_NESTING} deep")
    if not isinstance(config, dict) or not isinstance(config.get("class_name"), str):
        raise MalformedFileError("a model config should be an object with a 'class_name'")
    class_name = config["class_name"]
    body = config.get("config")
    if class_name == "Sequential":
        graph = _build_sequential(body, tf_keras=tf_keras, depth=depth)
    elif class_name in MODEL_CLASSES:
        graph = _build_functional(class_name, body, tf_keras=tf_keras, depth=depth)
    else:
        raise MalformedFileError(f"top-level class '{class_name}' is not a model class")
    check_acyclic(graph)
    return graph


# ---------------------------------------------------------------- Sequential


def _build_sequential(body: Any, *, tf_keras: bool, depth: int) -> Graph:
    """A chain of calls, each reading the previous layer's output."""
    if isinstance(body, list):
        name, entries, form = "sequential", body, "list"
    elif isinstance(body, dict) and isinstance(body.get("layers"), list):
        name, entries, form = _text(body.get("name", "sequential"), "model name"), body["layers"], "dict"
    else:
        raise MalformedFileError("a Sequential config should be a list of layers or an object with 'layers'")
    if not entries:
        raise MalformedFileError(f"Sequential model '{name}' has no layers")
    layers, inputs, output = _chain(entries, tf_keras=tf_keras, depth=depth)
    _check_unique(layers, name)
    return Graph(name, "Sequential", layers, inputs, [output], sequential_form=form)


Chain = tuple[list[Layer], list[TensorRef], TensorRef]  # layers, the inputs they start from, the output


def _chain(entries: list[Any], *, tf_keras: bool, depth: int) -> Chain:
    """A Sequential's layers, each reading the previous one's output; its inputs and its output.

    Keras 1 Sequentials may start with Merge([branch, ...]) of branch Sequentials: those branches are
    laid out inline (each with its own input), the way Keras 1 stored their weights, one group per layer.
    """
    merged = keras1.merged_branches(entries[0])
    if merged is not None:
        layers, inputs, previous = _merged_branches(*merged, tf_keras=tf_keras, depth=depth)
        rest = [_layer_shell(entry, tf_keras=tf_keras, depth=depth) for entry in entries[1:]]
    else:
        rest = [_layer_shell(entry, tf_keras=tf_keras, depth=depth) for entry in entries]
        if rest[0].class_name != "InputLayer":
            rest.insert(0, _implicit_input(rest[0]))
        layers, inputs, previous = [rest[0]], [TensorRef(rest[0].name, 0, 0)], TensorRef(rest[0].name, 0, 0)
        rest = rest[1:]
    for layer in rest:
        layer.calls.append((previous,))
        layer.call_kwargs.append({})
        previous = TensorRef(layer.name, 0, 0)
    return layers + rest, inputs, previous


def _merged_branches(branches: list[list[Any]], config: dict[str, Any], *, tf_keras: bool, depth: int) -> Chain:
    """Keras 1's Merge of branch Sequentials: every branch inline, then the Merge reading their outputs."""
    layers: list[Layer] = []
    inputs: list[TensorRef] = []
    outputs: list[TensorRef] = []
    for entries in branches:
        branch_layers, branch_inputs, branch_output = _chain(entries, tf_keras=tf_keras, depth=depth + 1)
        layers += branch_layers
        inputs += branch_inputs
        outputs.append(branch_output)
    merge = _layer_shell({"class_name": "Merge", "config": config}, tf_keras=tf_keras, depth=depth)
    merge.calls.append(tuple(outputs))
    merge.call_kwargs.append({})
    return [*layers, merge], inputs, TensorRef(merge.name, 0, 0)


def _implicit_input(first: Layer) -> Layer:
    """The InputLayer Keras creates from the first layer's declared shape (`dense_1_input`)."""
    source = first.config
    if first.model is not None:  # a nested model leads: its own input layer says the shape
        source = first.model.layer(first.model.inputs[0].layer).config
    shape = batch_shape(source)
    if shape is None:
        raise UnsupportedModelError(
            "Sequential model declares no input shape; give one with --architecture", layer=first.name
        )
    _check_shape(shape, first.name)
    config = {"name": f"{first.name}_input", "batch_input_shape": list(shape),
              "dtype": keras1.input_dtype(source) or "float32"}
    return Layer(name=config["name"], class_name="InputLayer", config=config, calls=[], call_kwargs=[])


# ---------------------------------------------------------------- functional


def _build_functional(class_name: str, body: Any, *, tf_keras: bool, depth: int) -> Graph:
    """Layers with their inbound calls resolved to TensorRefs, inputs and outputs the same."""
    if not isinstance(body, dict) or not isinstance(body.get("layers"), list):
        raise MalformedFileError(f"a {class_name} config should be an object with a 'layers' list")
    name = _text(body.get("name", "model"), "model name")
    entries = body["layers"]
    layers = [_layer_shell(entry, tf_keras=tf_keras, depth=depth) for entry in entries]
    _check_unique(layers, name)
    shifts = {layer.name: _node_shift(layer, tf_keras) for layer in layers}
    for layer, entry in zip(layers, entries, strict=True):
        for call in _list(entry.get("inbound_nodes", []), f"inbound_nodes of '{layer.name}'"):
            refs, kwargs = _parse_call(_entries_of(call, layer.class_name), shifts, layer.name)
            layer.calls.append(refs)
            layer.call_kwargs.append(kwargs)
    graph = Graph(name, class_name, layers,
                  _parse_endpoints(body.get("input_layers"), shifts, "input_layers"),
                  _parse_endpoints(body.get("output_layers"), shifts, "output_layers"))
    _check_references(graph)
    return graph


def _node_shift(layer: Layer, tf_keras: bool) -> int:
    """1 where Keras numbered this layer's calls from 1 (nested models), else 0."""
    if layer.model is None:
        return 0
    if tf_keras and layer.model.sequential_form and not _declares_input(layer.config):
        return 0
    return 1


def _declares_input(sequential_config: dict[str, Any]) -> bool:
    entries = sequential_config if isinstance(sequential_config, list) else sequential_config.get("layers", [])
    if not entries or not isinstance(entries[0], dict):
        return False
    first = entries[0]
    return first.get("class_name") == "InputLayer" or batch_shape(first.get("config") or {}) is not None


def _entries_of(call: Any, class_name: str) -> Any:
    """An op layer's call on one tensor is that tensor's entry itself: as a list of one entry."""
    if class_name in OP_LAMBDA_CLASSES and isinstance(call, list) and call and isinstance(call[0], str):
        return [call]
    return call


def _parse_call(call: Any, shifts: dict[str, int], owner: str) -> tuple[tuple[TensorRef, ...], dict[str, Any]]:
    """One inbound node: a list of `[layer, node, tensor(, kwargs)]` entries; tensors among the kwargs
    are appended to the refs."""
    if isinstance(call, dict) and "args" in call:
        raise UnsupportedModelError("inbound node in the Keras 3 'args' form: this is not a legacy file", layer=owner)
    entries = _list(call, f"an inbound node of '{owner}'")
    refs, kwargs = [], {}
    for entry in entries:
        ref, extra = _parse_ref(entry, shifts, owner)
        refs.append(ref)
        kwargs.update(extra)
    for key, value in kwargs.items():
        if _is_tensor_entry(value, shifts):
            kwargs[key] = KeywordTensor(len(refs))
            refs.append(_parse_ref(value, shifts, owner)[0])
    return tuple(refs), kwargs


def _is_tensor_entry(value: Any, shifts: dict[str, int]) -> bool:
    """`[layer, node, tensor]` naming a layer of this model: a tensor passed by keyword."""
    return isinstance(value, list) and len(value) == 3 and isinstance(value[0], str) and value[0] in shifts \
        and _is_index(value[1]) and _is_index(value[2])


def _parse_ref(entry: Any, shifts: dict[str, int], owner: str) -> tuple[TensorRef, dict[str, Any]]:
    if not isinstance(entry, list) or len(entry) not in (3, 4):
        raise MalformedFileError(f"inbound entry {str(entry)[:80]} should be [layer, node, tensor(, kwargs)]", layer=owner)
    name, node, tensor = entry[0], entry[1], entry[2]
    kwargs = entry[3] if len(entry) == 4 else {}
    if not isinstance(name, str) or not _is_index(node) or not _is_index(tensor) or not isinstance(kwargs, dict):
        raise MalformedFileError(f"inbound entry {str(entry)[:80]} has the wrong types", layer=owner)
    if name not in shifts:
        raise MalformedFileError(f"reads from layer '{name}', which the model does not have", layer=owner)
    return TensorRef(name, node - shifts[name], tensor), kwargs


def _parse_endpoints(value: Any, shifts: dict[str, int], what: str) -> list[TensorRef]:
    """`input_layers`/`output_layers`: a list of triples, or one bare triple."""
    entries = _list(value, what)
    if entries and isinstance(entries[0], str):
        entries = [entries]
    refs = [_parse_ref(list(entry)[:3] if isinstance(entry, list) else entry, shifts, what)[0] for entry in entries]
    if not refs:
        raise MalformedFileError(f"the model lists no {what}")
    return refs


def _check_references(graph: Graph) -> None:
    """Every TensorRef must name an existing call of an existing layer."""
    for layer in graph.layers:
        for call in layer.calls:
            for ref in call:
                _check_ref(graph, ref, layer.name)
    for ref in graph.inputs + graph.outputs:
        _check_ref(graph, ref, None)


def _check_ref(graph: Graph, ref: TensorRef, owner: str | None) -> None:
    target = graph.layer(ref.layer)
    calls = len(target.calls) if target.class_name != "InputLayer" else 1
    if not 0 <= ref.call < calls:
        raise MalformedFileError(
            f"reads call {ref.call} of layer '{ref.layer}', which is called {calls} time(s) in this model", layer=owner
        )


def check_acyclic(graph: Graph) -> None:
    """Raise when a layer's calls depend, directly or not, on themselves."""
    state: dict[tuple[str, int], int] = {}  # 1: on the stack, 2: done
    for layer in graph.layers:
        for call in range(len(layer.calls)):
            _visit(graph, (layer.name, call), state)


def _visit(graph: Graph, start: tuple[str, int], state: dict[tuple[str, int], int]) -> None:
    """Iterative depth-first search, so that a 10,000-layer chain does not hit the recursion limit."""
    stack = [(start, iter(_inputs_of(graph, start)))]
    if state.get(start) == 2:
        return
    state[start] = 1
    while stack:
        node, pending = stack[-1]
        for child in pending:
            if state.get(child) == 1:
                raise MalformedFileError(f"layer '{child[0]}' depends on its own output (cyclic graph)")
            if state.get(child) is None:
                state[child] = 1
                stack.append((child, iter(_inputs_of(graph, child))))
                break
        else:
            state[node] = 2
            stack.pop()


def _inputs_of(graph: Graph, node: tuple[str, int]) -> list[tuple[str, int]]:
    layer = graph.layer(node[0])
    if node[1] >= len(layer.calls):
        return []
    return [(ref.layer, ref.call) for ref in layer.calls[node[1]]]


# ---------------------------------------------------------------- layers


def _layer_shell(entry: Any, *, tf_keras: bool, depth: int) -> Layer:
    """A Layer without calls yet; nested models get their own Graph."""
    if not isinstance(entry, dict):
        raise MalformedFileError(f"a layer entry should be an object, found {type(entry).__name__}")
    class_name = entry.get("class_name")
    config = entry.get("config")
    if not isinstance(class_name, str):
        raise MalformedFileError("a layer entry has no class_name")
    if class_name in MODEL_CLASSES:
        inner = _build({"class_name": class_name, "config": config}, tf_keras=tf_keras, depth=depth + 1)
        name = entry.get("name") or inner.name
        return Layer(name=_text(name, "layer name"), class_name=class_name,
                     config=config if isinstance(config, dict) else {"layers": config}, model=inner)
    if not isinstance(config, dict):
        raise MalformedFileError(f"layer of class '{class_name}' has no config object")
    name = entry.get("name", config.get("name"))
    layer = Layer(name=_text(name, "layer name"), class_name=class_name, config=config)
    if class_name == "InputLayer":
        _check_shape(batch_shape(config), layer.name)
        if keras1.input_dtype(config) != config.get("dtype"):  # Keras 1's name for it: one name from here on
            layer.config = {**config, "dtype": keras1.input_dtype(config)}
    return layer


def _check_unique(layers: list[Layer], model: str) -> None:
    seen: set[str] = set()
    for layer in layers:
        if layer.name in seen:
            raise MalformedFileError(f"model '{model}' has two layers named '{layer.name}'")
        seen.add(layer.name)


def batch_shape(config: dict[str, Any]) -> tuple[int | None, ...] | None:
    """The declared input shape with its batch dimension, from any of the keys Keras used."""
    for key in ("batch_input_shape", "batch_shape"):
        if isinstance(config.get(key), list):
            return tuple(config[key])
    if isinstance(config.get("input_shape"), list):
        return (None, *config["input_shape"])
    return keras1.declared_input_shape(config)


def _check_shape(shape: tuple[Any, ...] | None, layer: str) -> None:
    if shape is None:
        raise MalformedFileError("InputLayer declares no shape", layer=layer)
    for dim in shape:
        if dim is not None and not (_is_index(dim) and dim < MAX_DIM):
            raise MalformedFileError(f"impossible input shape {list(shape)[:8]}", layer=layer)


def _is_index(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _list(value: Any, what: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise MalformedFileError(f"{what} should be a list, found {type(value).__name__}")
    return value


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise MalformedFileError(f"{what} should be a non-empty string, found {str(value)[:40]!r}")
    return value
