"""tf.keras `TensorFlowOpLayer`s -> Keras 3 ops, read from their JSON node_def (never executed), and
tf.keras 2.4+ `TFOpLambda`s read as the expression a Lambda calling the same function reads as.

tf.keras 2.x wrapped a raw TensorFlow call in a functional model (`tf.nn.relu(x) * 2.0`) in a
TensorFlowOpLayer whose config holds the op's NodeDef as JSON: the op name, its attributes, and the
constant inputs by position. Keras 3 has no such layer, but the same computation written with
`keras.ops` on symbolic tensors saves as stock op layers that load in safe mode. The table says, per
TensorFlow op, which `keras.ops` function computes it and where its arguments come from; an op not in
it is refused by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from migrate.errors import MalformedFileError, UnsupportedModelError
from migrate.lift.callees import CALLEES, canonical
from migrate.lift.ir import Call, Const, Expr, Input, LiftedFunction, Sequence

# TensorFlow DataType enum names, as the NodeDef JSON spells them, to Keras dtype names
DTYPES = {"DT_FLOAT": "float32", "DT_DOUBLE": "float64", "DT_HALF": "float16", "DT_BFLOAT16": "bfloat16",
          "DT_INT32": "int32", "DT_INT64": "int64", "DT_INT8": "int8", "DT_UINT8": "uint8", "DT_INT16": "int16",
          "DT_BOOL": "bool"}

UNARY = {"Relu": "relu", "Sigmoid": "sigmoid", "Tanh": "tanh", "Square": "square", "Sqrt": "sqrt", "Exp": "exp",
         "Log": "log", "Neg": "negative", "Abs": "absolute", "Softplus": "softplus", "Rsqrt": "rsqrt",
         "Reciprocal": "reciprocal", "Elu": "elu", "Selu": "selu", "Floor": "floor", "Ceil": "ceil",
         "Round": "round", "Sign": "sign", "Erf": "erf", "Softmax": "softmax", "LogSoftmax": "log_softmax"}
BINARY = {"Add": "add", "AddV2": "add", "Sub": "subtract", "Mul": "multiply", "RealDiv": "divide",
          "Maximum": "maximum", "Minimum": "minimum", "Pow": "power"}
# op -> keras.ops reduction; input 1 is the axis, attribute keep_dims the keepdims flag
REDUCTIONS = {"Mean": "mean", "Sum": "sum", "Max": "max", "Min": "min", "Prod": "prod"}


@dataclass
class OpCall:
    """One keras.ops call: the function, its positional arguments and keywords.

    In `args`, a `TensorArg(i)` stands for the i-th tensor the layer is called on; anything else is a
    constant from the file (a number, a list), passed as it is.
    """

    function: str
    args: list[Any] = field(default_factory=list)
    kwargs: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class TensorArg:
    index: int


def op_call(config: dict[str, Any], name: str) -> OpCall:
    """The keras.ops call that computes this TensorFlowOpLayer, or UnsupportedModelError naming its op."""
    node, constants = config.get("node_def"), config.get("constants") or {}
    if not isinstance(node, dict) or not isinstance(node.get("attr") or {}, dict) or not isinstance(constants, dict) \
            or not isinstance(node.get("input") or [], list) or not isinstance(node.get("op"), str):
        raise MalformedFileError("a TensorFlowOpLayer without a readable node_def", layer=name)
    op = node.get("op")
    attrs = node.get("attr") or {}
    inputs = _inputs(node, constants)
    if op in UNARY and len(inputs) == 1:
        return OpCall(UNARY[op], inputs)
    if op in BINARY and len(inputs) == 2:
        return OpCall(BINARY[op], inputs)
    if op in REDUCTIONS and len(inputs) == 2:
        keepdims = _flag(attrs, "keep_dims")
        return OpCall(REDUCTIONS[op], inputs[:1], {"axis": _axis(inputs[1], op, name), "keepdims": keepdims})
    if op == "ConcatV2" and len(inputs) >= 2:
        return OpCall("concatenate", [inputs[:-1]], {"axis": _axis(inputs[-1], op, name)})
    if op == "Reshape" and len(inputs) == 2:
        return OpCall("reshape", [inputs[0], tuple(inputs[1]) if isinstance(inputs[1], list) else inputs[1]])
    if op == "Transpose" and len(inputs) == 2:
        return OpCall("transpose", inputs[:1], {"axes": inputs[1]})
    if op == "ExpandDims" and len(inputs) == 2:
        return OpCall("expand_dims", inputs[:1], {"axis": _axis(inputs[1], op, name)})
    if op == "Squeeze" and len(inputs) == 1:
        dims = _attr(_attr(attrs, "squeeze_dims"), "list")
        dims = dims.get("i") if isinstance(dims, dict) else None
        if isinstance(dims, list) and all(str(d).lstrip("-").isdigit() for d in dims):
            return OpCall("squeeze", inputs, {"axis": tuple(int(d) for d in dims) if dims else None})
    if op == "Cast" and len(inputs) == 1:
        dtype = DTYPES.get(str(_attr(_attr(attrs, "DstT"), "type")))
        if dtype:
            return OpCall("cast", inputs, {"dtype": dtype})
    if op == "MatMul" and len(inputs) == 2 and not _flag(attrs, "transpose_a") and not _flag(attrs, "transpose_b"):
        return OpCall("matmul", inputs)
    raise UnsupportedModelError(
        f"TensorFlow op {op!r} (in a TensorFlowOpLayer) has no Keras 3 op migrate maps it to; rebuild that step "
        f"in your own code, or give a function for it with --lambda {name.split('/')[-1]}=MODULE:CALLABLE", layer=name)


def _inputs(node: dict[str, Any], constants: dict[str, Any]) -> list[Any]:
    """Every input in order: constants where the layer stored one (keyed by position), tensors elsewhere."""
    count = len([i for i in node.get("input") or [] if not str(i).startswith("^")])  # "^x": control inputs
    tensors = iter(range(count))
    return [constants[str(i)] if str(i) in constants else TensorArg(next(tensors)) for i in range(count)]


def _axis(value: Any, op: str, name: str) -> Any:
    if isinstance(value, TensorArg):
        raise UnsupportedModelError(f"TensorFlow op {op!r} takes its axis from a tensor; only constants are kept",
                                    layer=name)
    return tuple(value) if isinstance(value, list) else value


def _attr(attrs: Any, key: str) -> Any:
    """attrs[key] when attrs is an object (NodeDef JSON nests each attribute's value in one), else None."""
    return attrs.get(key) if isinstance(attrs, dict) else None


def _flag(attrs: dict[str, Any], key: str) -> bool:
    return _attr(_attr(attrs, key), "b") is True


def op_lambda_function(config: dict[str, Any], kwargs: dict[str, Any], positional: int, keyword_tensors: dict[str, int],
                       name: str) -> LiftedFunction:
    """A TFOpLambda call as a lifted function: `tf.<function>(first, **kwargs)` over the call's tensors.

    tf.keras 2.4+ wrote the function's path (`math.truediv`) in the config, the first argument as the
    inbound tensors (one, or a list), and every other argument as a keyword: constants as they were,
    tensors as refs (`keyword_tensors`: keyword -> index among the call's tensors). The lowering of user
    Lambdas (translate/lambdas.py) then builds it from stock layers and keras.ops, or refuses it by name.
    """
    function = config.get("function")
    if not isinstance(function, str) or not function:
        raise MalformedFileError("a TFOpLambda names no function", layer=name)
    path = "tensorflow." + function
    entry = CALLEES.get(canonical(path))
    takes_list = entry is not None and entry[1][:1] == ("tensors",)
    first: Expr = Input(0) if positional == 1 and not takes_list else \
        Sequence(tuple(Input(index) for index in range(positional)))
    keywords = tuple((key, Input(keyword_tensors[key]) if key in keyword_tensors else Const(_constant(value)))
                     for key, value in kwargs.items() if not (key == "name" and value is None))
    body = Call(f"tf.{function}", path, (first,), keywords)
    return LiftedFunction(("x",), positional + len(keyword_tensors), body, "", name.split("/")[-1])


def _constant(value: Any) -> Any:
    return tuple(_constant(item) for item in value) if isinstance(value, list) else value
