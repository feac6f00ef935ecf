"""A lifted Lambda's expression -> built-in Keras 3 layers and keras.ops calls, as plain data.

The lowering is a table from the expression's operations to forms stock Keras 3 loads in safe mode:
a layer where one computes exactly the same (`Rescaling` for scalar affine maps, `Cropping1D/2D/3D`
for static crops, `Activation`, `Softmax`, `UnitNormalization`, `Reshape`/`Permute` chains, merge
layers), and otherwise the `keras.ops` function that does (reductions, `sqrt`, `log`, general slices),
which a functional model saves as a stock operation. Shapes (batch first, None where unknown) are
propagated so that shape-dependent forms (`space_to_depth`, crops) are decided here; what needs a
shape that is not known, or has no exact form, is refused with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from migrate.errors import UnsupportedModelError
from migrate.lift.callees import CALLEES, SYNONYMS, canonical
from migrate.lift.ir import BinOp, Call, Const, Expr, Input, LiftedFunction, Sequence, Subscript, UnaryOp

Shape = tuple[int | None, ...]
# tf.image.resize_images's `method` as TF 1 numbered it (ResizeMethod.BILINEAR = 0, ...), by TF 2's names.
RESIZE_METHOD_CODES = {0: "bilinear", 1: "nearest", 2: "bicubic", 3: "area"}
# Operations with one form each: the reductions and elementwise functions as keras.ops, the activations as an
# Activation layer, the binary functions as the operator they compute.
_REDUCTIONS = {"mean", "sum", "max", "min", "prod"}
_ELEMENTWISE_OPS = {"sqrt": "sqrt", "exp": "exp", "log": "log", "abs": "absolute", "sign": "sign", "rsqrt": "rsqrt"}
_ACTIVATIONS = {"sigmoid", "tanh", "softplus", "softsign", "relu6"}
_BINARY_CALLS = {"maximum": "maximum", "minimum": "minimum", "add": "+", "subtract": "-", "multiply": "*",
                 "divide": "/", "power": "**"}
_MERGE_LAYERS = {"+": "Add", "-": "Subtract", "*": "Multiply", "maximum": "Maximum", "minimum": "Minimum"}
_BINARY_OPS = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide", "//": "floor_divide", "%": "mod",
               "**": "power", "maximum": "maximum", "minimum": "minimum", "add": "add", "subtract": "subtract",
               "multiply": "multiply", "divide": "divide", "power": "power"}


@dataclass(frozen=True, eq=False)
class Tensor:
    """A value of the lowered program; `shape` is batch first, None where unknown."""

    shape: Shape


@dataclass(frozen=True, eq=False)
class FromInput(Tensor):
    index: int = 0


@dataclass(frozen=True, eq=False)
class ViaLayer(Tensor):
    """A built-in layer (`class_name` in keras.layers, `config` its constructor's keywords) on `inputs`."""

    class_name: str = ""
    config: dict[str, Any] = field(default_factory=dict)
    inputs: tuple[Tensor, ...] = ()
    as_list: bool = False


@dataclass(frozen=True, eq=False)
class ViaOp(Tensor):
    """`keras.ops.<function>(*args, **kwargs)`; args hold Tensors, lists of them, and constants.
    The function `getitem` is `args[0][args[1]]` (a static index)."""

    function: str = ""
    args: tuple[Any, ...] = ()
    kwargs: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Lowered:
    """A Lambda's lowered program: its output tensor and, for notes, the forms it is built from."""

    output: Tensor
    forms: tuple[str, ...]


def lower(function: LiftedFunction, shapes: list[Shape]) -> Lowered:
    """The built-in program computing `function` on inputs of `shapes`, or UnsupportedModelError."""
    if len(shapes) != function.inputs:
        raise UnsupportedModelError(f"it is called on {len(shapes)} tensor(s) but was read for {function.inputs}")
    lowering = _Lowering([FromInput(tuple(shape), index) for index, shape in enumerate(shapes)])
    output = lowering.value(function.body)
    if isinstance(output, FromInput):  # `lambda x: x`, `lambda t: t[1]`: an Identity keeps the layer's place
        output = lowering.layer("Identity", {}, [output], output.shape)
    if not isinstance(output, Tensor):
        raise refuse(f"it returns {output!r}, not a tensor")
    return Lowered(output, tuple(dict.fromkeys(_form(node) for node in reachable(output))))


def reachable(output: Tensor) -> list[Tensor]:
    """Every computed node the output depends on, inputs first (each once)."""
    order: list[Tensor] = []
    seen: set[int] = set()

    def visit(node: Any) -> None:
        if isinstance(node, (list, tuple)):
            for item in node:
                visit(item)
            return
        if not isinstance(node, (ViaLayer, ViaOp)) or id(node) in seen:
            return
        seen.add(id(node))
        visit(node.inputs if isinstance(node, ViaLayer) else node.args)
        order.append(node)

    visit(output)
    return order


def _form(node: Tensor) -> str:
    if isinstance(node, ViaLayer):
        return node.class_name
    return "a static slice" if node.function == "getitem" else f"keras.ops.{node.function}"


def lambda_refusal(reason: str, source: str | None, name: str = "NAME") -> str:
    """The one message for a user Lambda that stays unconverted: why, what it reads as, what to do."""
    read = f" (its function reads as `{source}`)" if source else ""
    return (f"is a Lambda migrate cannot lift to built-in layers: {reason}{read}; give your own function with "
            f"--lambda {name}=MODULE:CALLABLE, or in a zoo a lambda entry in migrate.toml (the output then needs "
            "MODULE importable to load)")


def refuse(reason: str) -> UnsupportedModelError:
    return UnsupportedModelError(f"{reason}; migrate knows no exact built-in form for it")


class _Lowering:
    def __init__(self, inputs: list[Tensor]) -> None:
        self.inputs = inputs

    def value(self, expr: Expr) -> Any:
        """A Tensor for tensor expressions, a Python constant for constant ones."""
        if isinstance(expr, Input):
            return self.inputs[expr.index]
        if isinstance(expr, Const):
            return expr.value
        if isinstance(expr, Sequence):
            return [self.value(item) for item in expr.items]
        if isinstance(expr, UnaryOp):
            return self.unary(expr)
        if isinstance(expr, BinOp):
            return self.binary(expr.op, self.value(expr.left), self.value(expr.right))
        if isinstance(expr, Subscript):
            return self.subscript(self.tensor(expr.value, "a subscript"), expr.index)
        if isinstance(expr, Call):
            return self.call(expr)
        raise refuse(f"it computes {type(expr).__name__}")

    def tensor(self, expr: Expr, where: str) -> Tensor:
        value = self.value(expr)
        if not isinstance(value, Tensor):
            raise refuse(f"{where} of a constant")
        return value

    # -------------------------------------------------------------- building blocks
    def layer(self, class_name: str, config: dict[str, Any], inputs: list[Tensor], shape: Shape,
              as_list: bool = False) -> ViaLayer:
        return ViaLayer(shape, class_name, config, tuple(inputs), as_list)

    def op(self, function: str, args: list[Any], shape: Shape, **kwargs: Any) -> ViaOp:
        return ViaOp(shape, function, tuple(args), tuple(kwargs.items()))

    # -------------------------------------------------------------- arithmetic
    def unary(self, expr: UnaryOp) -> Any:
        operand = self.value(expr.operand)
        if expr.op == "-" and isinstance(operand, Tensor):
            return self.affine(operand, -1.0, 0.0)
        raise refuse(f"it applies unary {expr.op}")

    def binary(self, op: str, left: Any, right: Any) -> Tensor:
        left_tensor, right_tensor = isinstance(left, Tensor), isinstance(right, Tensor)
        if left_tensor and right_tensor:
            return self.between_tensors(op, left, right)
        tensor, number = (left, right) if left_tensor else (right, left)
        if not isinstance(number, (int, float)) or isinstance(number, bool):
            raise refuse(f"it applies {op} to a tensor and {number!r}")
        affine = _affine_terms(op, float(number), tensor_on_left=left_tensor)
        if affine is not None:
            return self.affine(tensor, *affine)
        if op == "**" and left_tensor:
            return self.power(tensor, number)
        function = _BINARY_OPS.get(op)
        if function is None:
            raise refuse(f"it applies {op} to a tensor and a constant")
        args = [tensor, number] if left_tensor else [number, tensor]
        return self.op(function, args, tensor.shape)

    def affine(self, tensor: Tensor, scale: float, offset: float) -> Tensor:
        """scale * x + offset as one Rescaling; a scalar map of a scalar map is merged into one (what
        reads the inner one elsewhere still reads it: merging only changes rounding, within 1e-7)."""
        if isinstance(tensor, ViaLayer) and tensor.class_name == "Rescaling":
            inner_scale, inner_offset = tensor.config["scale"], tensor.config["offset"]
            scale, offset, tensor = scale * inner_scale, scale * inner_offset + offset, tensor.inputs[0]
        return self.layer("Rescaling", {"scale": scale, "offset": offset}, [tensor], tensor.shape)

    def power(self, tensor: Tensor, exponent: float) -> Tensor:
        if exponent == 0.5:
            return self.op("sqrt", [tensor], tensor.shape)
        if float(exponent).is_integer() and 2 <= exponent <= 4:
            return self.layer("Multiply", {}, [tensor] * int(exponent), tensor.shape, as_list=True)
        return self.op("power", [tensor, exponent], tensor.shape)

    def between_tensors(self, op: str, left: Tensor, right: Tensor) -> Tensor:
        shape = _broadcast(left.shape, right.shape)
        if op in _MERGE_LAYERS and left.shape == right.shape and None not in left.shape[1:]:
            return self.layer(_MERGE_LAYERS[op], {}, [left, right], shape, as_list=True)
        if op in ("+", "add"):  # x - (-y): Keras 3's add mistakes a (batch, 1) operand for a bias
            negated = self.op("negative", [right], right.shape)
            return self.op("subtract", [left, negated], shape)
        if op not in _BINARY_OPS:
            raise refuse(f"it applies {op} to two tensors")
        return self.op(_BINARY_OPS[op], [left, right], shape)

    # -------------------------------------------------------------- calls
    def call(self, expr: Call) -> Any:
        entry = CALLEES.get(canonical(expr.path))
        if expr.op is None or entry is None:
            raise UnsupportedModelError(f"it calls '{expr.written}', which migrate cannot read as a built-in "
                                        "operation")
        bound = _bind(expr, entry[1])
        op = expr.op
        if op in _REDUCTIONS:
            return self.reduce(op, bound, expr.written)
        if op in _ELEMENTWISE_OPS:
            return self.elementwise(bound, expr.written, _ELEMENTWISE_OPS[op])
        if op in _ACTIVATIONS:
            return self.activation(bound, expr.written, op)
        if op in _BINARY_CALLS:
            return self.binary(_BINARY_CALLS[op], self.arg(bound, "x"), self.arg(bound, "y"))
        handler = getattr(self, f"call_{op}", None)
        if handler is None:
            raise refuse(f"it calls '{expr.written}'")
        return handler(bound, expr.written)

    def arg(self, bound: dict[str, Expr], name: str, default: Any = None) -> Any:
        return self.value(bound[name]) if name in bound else default

    def x(self, bound: dict[str, Expr], written: str) -> Tensor:
        value = self.arg(bound, "x")
        if not isinstance(value, Tensor):
            raise refuse(f"'{written}' of a constant")
        return value

    def reduce(self, function: str, bound: dict[str, Expr], written: str) -> Tensor:
        x = self.x(bound, written)
        axis, keepdims = self.arg(bound, "axis"), bool(self.arg(bound, "keepdims", False))
        axes = _axes(axis, len(x.shape), written)
        shape = tuple(1 if i in axes else d for i, d in enumerate(x.shape)) if keepdims else \
            tuple(d for i, d in enumerate(x.shape) if i not in axes)
        return self.op(function, [x], shape, axis=axis if isinstance(axis, int) else tuple(axes), keepdims=keepdims)

    def call_square(self, bound, written):
        x = self.x(bound, written)
        return self.layer("Multiply", {}, [x, x], x.shape, as_list=True)

    def elementwise(self, bound, written, function):
        x = self.x(bound, written)
        return self.op(function, [x], x.shape)

    def activation(self, bound, written, name):
        x = self.x(bound, written)
        return self.layer("Activation", {"activation": name}, [x], x.shape)

    def call_elu(self, bound, written):
        if self.arg(bound, "alpha", 1.0) != 1.0:
            x = self.x(bound, written)
            return self.layer("ELU", {"alpha": float(self.arg(bound, "alpha"))}, [x], x.shape)
        return self.activation(bound, written, "elu")

    def call_relu(self, bound, written):
        x = self.x(bound, written)
        alpha, max_value = self.arg(bound, "alpha", 0.0) or 0.0, self.arg(bound, "max_value")
        threshold = self.arg(bound, "threshold", 0.0) or 0.0
        if not alpha and max_value is None and not threshold:
            return self.layer("Activation", {"activation": "relu"}, [x], x.shape)
        return self.layer("ReLU", {"negative_slope": float(alpha), "max_value": max_value,
                                   "threshold": float(threshold)}, [x], x.shape)

    def call_hard_sigmoid(self, bound, written):
        """Keras 2's hard_sigmoid is clip(0.2 x + 0.5); Keras 3's is clip(x / 6 + 0.5): the same of 1.2 x."""
        x = self.x(bound, written)
        scaled = self.layer("Rescaling", {"scale": 1.2, "offset": 0.0}, [x], x.shape)
        return self.layer("Activation", {"activation": "hard_sigmoid"}, [scaled], x.shape)

    def call_softmax(self, bound, written):
        x = self.x(bound, written)
        axis = self.arg(bound, "axis", -1)
        axis = -1 if axis is None else axis
        _axes(axis, len(x.shape), written)
        return self.layer("Softmax", {"axis": axis}, [x], x.shape)

    def call_l2_normalize(self, bound, written):
        x = self.x(bound, written)
        axis = self.arg(bound, "axis")
        axes = _axes(axis, len(x.shape), written)
        if self.arg(bound, "epsilon", 1e-12) != 1e-12:
            raise refuse(f"'{written}' with its own epsilon")
        return self.layer("UnitNormalization", {"axis": sorted(axes) if len(axes) > 1 else axes[0]}, [x], x.shape)

    def call_expand_dims(self, bound, written):
        x = self.x(bound, written)
        axis = self.arg(bound, "axis", -1)
        rank = len(x.shape) + 1
        if not isinstance(axis, int) or not -rank <= axis < rank or axis % rank == 0:
            raise refuse(f"'{written}' at axis {axis!r}")
        shape = list(x.shape)
        shape.insert(axis % rank, 1)
        return self.reshape(x, tuple(shape))

    def call_squeeze(self, bound, written):
        x = self.x(bound, written)
        axis = self.arg(bound, "axis")
        axes = _axes(axis, len(x.shape), written)
        if any(x.shape[a] != 1 for a in axes):
            raise refuse(f"'{written}' of an axis whose size is not known to be 1")
        return self.reshape(x, tuple(d for i, d in enumerate(x.shape) if i not in axes))

    def call_reshape(self, bound, written):
        x = self.x(bound, written)
        target = self.arg(bound, "shape")
        if not isinstance(target, (tuple, list)) or not target or target[0] not in (-1, None) or \
                not all(isinstance(d, int) and (d > 0 or d == -1) for d in target[1:]):
            raise refuse(f"'{written}' to {target!r} (the batch axis must stay first, as -1)")
        return self.layer("Reshape", {"target_shape": tuple(target[1:])}, [x], (None, *_reshaped(x.shape, target[1:])))

    def reshape(self, x: Tensor, shape: Shape) -> Tensor:
        """Reshape to a known shape (batch kept): the Reshape layer when every size is known."""
        if None in shape[1:]:
            raise refuse("a reshape of a tensor whose size is not fully known")
        return self.layer("Reshape", {"target_shape": tuple(shape[1:])}, [x], shape)

    def call_transpose(self, bound, written):
        x = self.x(bound, written)
        axes = self.arg(bound, "axes")
        if not isinstance(axes, (tuple, list)) or sorted(axes) != list(range(len(x.shape))) or axes[0] != 0:
            raise refuse(f"'{written}' with axes {axes!r} (the batch axis must stay first)")
        return self.permute(x, tuple(axes))

    def permute(self, x: Tensor, axes: tuple[int, ...]) -> Tensor:
        return self.layer("Permute", {"dims": tuple(axes[1:])}, [x], tuple(x.shape[a] for a in axes))

    def tensors(self, bound, written) -> list[Tensor]:
        values = self.arg(bound, "tensors")
        if not isinstance(values, list) or not values or not all(isinstance(v, Tensor) for v in values):
            raise refuse(f"'{written}' of something other than a list of tensors")
        return values

    def call_concatenate(self, bound, written):
        values = self.tensors(bound, written)
        axis = self.arg(bound, "axis", -1)
        rank = len(values[0].shape)
        _axes(axis, rank, written)
        axis = axis % rank
        shape = list(values[0].shape)
        sizes = [v.shape[axis] for v in values]
        shape[axis] = None if None in sizes else sum(sizes)
        return self.layer("Concatenate", {"axis": axis}, values, tuple(shape), as_list=True)

    def call_stack(self, bound, written):
        values = self.tensors(bound, written)
        rank = len(values[0].shape) + 1
        axis = self.arg(bound, "axis", 0)
        if not isinstance(axis, int) or not -rank <= axis < rank or axis % rank == 0:
            raise refuse(f"'{written}' at axis {axis!r} (the batch axis)")
        axis %= rank
        expanded = []
        for value in values:
            shape = list(value.shape)
            shape.insert(axis, 1)
            expanded.append(self.reshape(value, tuple(shape)))
        shape = list(expanded[0].shape)
        shape[axis] = len(values)
        return self.layer("Concatenate", {"axis": axis}, expanded, tuple(shape), as_list=True)

    def call_clip(self, bound, written):
        x = self.x(bound, written)
        low, high = self.arg(bound, "min"), self.arg(bound, "max")
        if not all(isinstance(v, (int, float)) for v in (low, high)):
            raise refuse(f"'{written}' with bounds that are not constants")
        return self.op("clip", [x, float(low), float(high)], x.shape)

    def call_space_to_depth(self, bound, written):
        x, block = self.blocks(bound, written)
        _, height, width, channels = x.shape
        if height % block or width % block:
            raise refuse(f"'{written}' of a {height}x{width} image with block {block}")
        split = self.reshape(x, (None, height // block, block, width // block, block, channels))
        moved = self.permute(split, (0, 1, 3, 2, 4, 5))
        return self.reshape(moved, (None, height // block, width // block, block * block * channels))

    def call_depth_to_space(self, bound, written):
        x, block = self.blocks(bound, written)
        _, height, width, channels = x.shape
        if channels % (block * block):
            raise refuse(f"'{written}' of {channels} channels with block {block}")
        split = self.reshape(x, (None, height, width, block, block, channels // (block * block)))
        moved = self.permute(split, (0, 1, 3, 2, 4, 5))
        return self.reshape(moved, (None, height * block, width * block, channels // (block * block)))

    def blocks(self, bound, written) -> tuple[Tensor, int]:
        x = self.x(bound, written)
        block = self.arg(bound, "block_size")
        if self.arg(bound, "data_format", "NHWC") != "NHWC" or len(x.shape) != 4 or None in x.shape[1:]:
            raise refuse(f"'{written}' of a tensor that is not a fully known NHWC image")
        if not isinstance(block, int) or block < 2:
            raise refuse(f"'{written}' with block size {block!r}")
        return x, block

    def call_resize_images(self, bound, written):
        x = self.x(bound, written)
        factors = (self.arg(bound, "height_factor"), self.arg(bound, "width_factor"))
        interpolation = self.arg(bound, "interpolation", "nearest")
        if self.arg(bound, "data_format") not in (None, "channels_last") or len(x.shape) != 4:
            raise refuse(f"'{written}' of a channels_first image")
        if not all(_is_int(f) and f >= 1 for f in factors):
            raise refuse(f"'{written}' by factors {factors!r} (two constant integers)")
        if interpolation == "bilinear" and None not in x.shape[1:3]:  # Keras 2 called TF 1's resize_images
            across = self.legacy_resize_axis(x, 2, x.shape[2] * factors[1], "bilinear")
            return self.legacy_resize_axis(across, 1, x.shape[1] * factors[0], "bilinear")
        if interpolation != "nearest":
            raise refuse(f"'{written}' with {interpolation} interpolation of an image of unknown height or width")
        shape = (x.shape[0], *(None if d is None else d * f for d, f in zip(x.shape[1:3], factors, strict=True)),
                 x.shape[3])
        return self.layer("UpSampling2D", {"size": factors, "interpolation": "nearest"}, [x], shape)

    def call_resize(self, bound, written):
        """TF 1's `tf.image.resize_images` / `tf.image.resize` (bilinear unless `method` says otherwise)."""
        if self.arg(bound, "preserve_aspect_ratio", False):
            raise refuse(f"'{written}' preserving the aspect ratio")
        method = self.arg(bound, "method", "bilinear")
        return self.resized(bound, written, RESIZE_METHOD_CODES.get(method, method), half_pixel=False)

    def call_resize_either(self, bound, written):
        """`tf.image.resize`: TF 1's sampling when TF 1 ran it, half-pixel centres when TF 2 did, and the
        Lambda does not say which: lifted only where both agree (the same size, nearest by whole factors)."""
        x, size = self.x(bound, written), self.arg(bound, "size")
        method = self.arg(bound, "method", "bilinear")
        method = RESIZE_METHOD_CODES.get(method, method)
        same = len(x.shape) == 4 and isinstance(size, (list, tuple)) and tuple(size) == tuple(x.shape[1:3])
        whole = len(x.shape) == 4 and None not in x.shape[1:3] and isinstance(size, (list, tuple)) and \
            len(size) == 2 and all(_is_int(d) and d % n == 0 for d, n in zip(size, x.shape[1:3], strict=True))
        if not same and not (method == "nearest" and whole):
            raise refuse(f"'{written}' ({method}): TF 1 sampled it without half-pixel centres and TF 2 with them, "
                         "and the Lambda does not say which ran it; they agree only on the same size and for "
                         "nearest upsampling by whole factors")
        return self.resized(bound, written, method, half_pixel=False)

    def call_resize_bilinear(self, bound, written):
        return self.resized(bound, written, "bilinear", half_pixel=bool(self.arg(bound, "half_pixel_centers", False)))

    def call_resize_nearest_neighbor(self, bound, written):
        return self.resized(bound, written, "nearest", half_pixel=bool(self.arg(bound, "half_pixel_centers", False)))

    def resized(self, bound, written, method: Any, *, half_pixel: bool) -> Tensor:
        """A resize of a known NHWC image, exactly as TF 1 computed it, or refused with the reason. Keras 3's
        Resizing samples output pixel i at half-pixel centres, (i + 0.5) * in / out - 0.5, which TF 1 did only
        when asked (half_pixel_centers=True): then it is that layer. By default TF 1 sampled at i * in / out;
        no Keras 3 layer does, so the same sampling is spelled out on each axis (`legacy_resize_axis`)."""
        x, size = self.x(bound, written), self.arg(bound, "size")
        if len(x.shape) != 4 or None in x.shape[1:3]:
            raise refuse(f"'{written}' of a tensor that is not an NHWC image of known height and width")
        if not isinstance(size, (list, tuple)) or len(size) != 2 or not all(_is_int(d) and d >= 1 for d in size):
            raise refuse(f"'{written}' to a size that is not two constant integers ({size!r})")
        if (x.shape[1], x.shape[2]) == tuple(size):
            return x
        if method not in ("bilinear", "nearest"):
            raise refuse(f"'{written}' with method {method!r} (bilinear and nearest have exact forms)")
        if self.arg(bound, "align_corners", False):
            raise refuse(f"'{written}' with align_corners=True (Keras 3's Resizing never aligns corners)")
        if half_pixel:
            shape = (x.shape[0], size[0], size[1], x.shape[3])
            return self.layer("Resizing", {"height": size[0], "width": size[1], "interpolation": method}, [x], shape)
        across = self.legacy_resize_axis(x, 2, size[1], method)  # TF 1 interpolated along rows first
        return self.legacy_resize_axis(across, 1, size[0], method)

    def legacy_resize_axis(self, x: Tensor, axis: int, size: int, method: str) -> Tensor:
        """TF 1's resize (align_corners=False, half_pixel_centers=False) along one axis: output i reads the
        input at p = i * (in / out) in float32; nearest takes floor(p), bilinear mixes floor(p) and ceil(p)
        (the last index kept in range) by p - floor(p), as resize_bilinear_op.cc did."""
        length = x.shape[axis]
        positions = np.arange(size, dtype=np.float32) * (np.float32(length) / np.float32(size))
        lower = np.minimum(np.floor(positions).astype(np.int64), length - 1)
        shape = tuple(size if index == axis else dim for index, dim in enumerate(x.shape))
        if size == length and method == "nearest" and (lower == np.arange(length)).all():
            return x
        low = self.op("take", [x, lower.tolist()], shape, axis=axis)
        weights = (positions - np.floor(positions)).astype(np.float32)
        if method == "nearest" or not weights.any():
            return low
        upper = np.minimum(np.ceil(positions).astype(np.int64), length - 1)
        high = self.op("take", [x, upper.tolist()], shape, axis=axis)
        step = self.op("subtract", [high, low], shape)
        blend = weights.reshape((size,) + (1,) * (3 - axis))
        return self.op("add", [low, self.op("multiply", [step, blend], shape)], shape)

    def call_tile(self, bound, written):
        """`tf.tile(x, [1, 28, 28, 1])` (a label broadcast over an image, in conditional VAEs): keras.ops.tile
        with the same multiples, the batch axis repeated once."""
        x = self.x(bound, written)
        multiples = self.arg(bound, "multiples")
        if isinstance(multiples, int) and len(x.shape) == 1:
            multiples = [multiples]
        if not isinstance(multiples, (list, tuple)) or len(multiples) != len(x.shape) or \
                not all(isinstance(m, int) and not isinstance(m, bool) and m >= 1 for m in multiples):
            raise refuse(f"'{written}' with multiples {multiples!r} (one constant per axis)")
        if multiples[0] != 1:
            raise refuse(f"'{written}' repeating the batch axis")
        shape = tuple(None if d is None else d * m for d, m in zip(x.shape, multiples, strict=True))
        return self.op("tile", [x, list(multiples)], shape)

    # -------------------------------------------------------------- slices
    def subscript(self, x: Tensor, index: tuple[Any, ...]) -> Tensor:
        key = _full_index(index, len(x.shape))
        if key[0] != slice(None):
            raise refuse("it indexes the batch axis")
        if any(isinstance(item, slice) and item.step not in (None, 1) for item in key):
            return self.op("getitem", [x, index], _sliced_shape(x.shape, key))
        crops = self.crops(x.shape, key)
        if crops is not None:
            class_name, config = crops
            return self.layer(class_name, config, [x], _sliced_shape(x.shape, key))
        return self.op("getitem", [x, index], _sliced_shape(x.shape, key))

    def crops(self, shape: Shape, key: tuple[Any, ...]) -> tuple[str, dict[str, Any]] | None:
        """CroppingND when the slice crops only the spatial axes of a channels-last tensor."""
        rank = len(shape)
        if rank not in (3, 4, 5) or key[-1] != slice(None) or not all(isinstance(k, slice) for k in key):
            return None
        amounts = [_crop(k, d) for k, d in zip(key[1:-1], shape[1:-1], strict=True)]
        if None in amounts:
            return None
        name = f"Cropping{rank - 2}D"
        return name, {"cropping": amounts[0] if rank == 3 else tuple(amounts)}


def _bind(expr: Call, params: tuple[str, ...]) -> dict[str, Expr]:
    """Positional and keyword arguments by the operation's parameter names."""
    if len(expr.args) > len(params):
        raise refuse(f"'{expr.written}' called with {len(expr.args)} positional arguments")
    bound = dict(zip(params, expr.args, strict=False))
    for key, value in expr.kwargs:
        name = key if key in params else SYNONYMS.get(key, key)
        if name not in params or name in bound:
            raise refuse(f"'{expr.written}' with the argument {key}=")
        bound[name] = value
    bound.pop("name", None)  # TensorFlow's op name: no meaning for the computation
    return bound


def _affine_terms(op: str, number: float, tensor_on_left: bool) -> tuple[float, float] | None:
    """(scale, offset) of x OP c (or c OP x) when that is a scalar affine map of x."""
    if op == "*":
        return number, 0.0
    if op == "/" and tensor_on_left and number != 0:
        return 1.0 / number, 0.0
    if op == "+":
        return 1.0, number
    if op == "-":
        return (1.0, -number) if tensor_on_left else (-1.0, number)
    return None


def _axes(axis: Any, rank: int, written: str) -> list[int]:
    """Axes normalised to non-negative; refused when they include the batch axis or are out of range."""
    values = list(axis) if isinstance(axis, (tuple, list)) else [axis]
    if axis is None or not all(isinstance(a, int) and not isinstance(a, bool) and -rank <= a < rank for a in values):
        raise refuse(f"'{written}' over axis {axis!r} (all axes, or out of range for rank {rank})")
    normalised = sorted({a % rank for a in values})
    if 0 in normalised:
        raise refuse(f"'{written}' over the batch axis")
    return normalised


def _broadcast(left: Shape, right: Shape) -> Shape:
    rank = max(len(left), len(right))
    left, right = (None,) * 0 + (1,) * (rank - len(left)) + left, (1,) * (rank - len(right)) + right
    return tuple(a if b == 1 else b if a == 1 else a if a == b else None for a, b in zip(left, right, strict=True))


def _reshaped(shape: Shape, target: tuple[int, ...]) -> Shape:
    if -1 not in target:
        return tuple(target)
    known = 1
    for d in target:
        known *= d if d != -1 else 1
    total = 1
    for d in shape[1:]:
        if d is None:
            return tuple(None if d == -1 else d for d in target)
        total *= d
    return tuple(total // known if d == -1 else d for d in target)


def _full_index(index: tuple[Any, ...], rank: int) -> tuple[Any, ...]:
    """The index with Ellipsis expanded and trailing axes filled with full slices."""
    if any(item is None for item in index):
        raise refuse("it inserts an axis with None in a subscript")
    if index.count(Ellipsis) > 1:
        raise refuse("it uses Ellipsis twice in a subscript")
    if Ellipsis in index:
        at = index.index(Ellipsis)
        fill = rank - (len(index) - 1)
        index = index[:at] + (slice(None),) * fill + index[at + 1:]
    if len(index) > rank:
        raise refuse(f"it indexes {len(index)} axes of a rank-{rank} tensor")
    return tuple(index) + (slice(None),) * (rank - len(index))


def _crop(item: slice, size: int | None) -> tuple[int, int] | None:
    """(from the start, from the end) that a step-1 slice crops, when that does not depend on an unknown size."""
    start, stop = item.start or 0, item.stop
    if start < 0:
        if size is None:
            return None
        start += size
    if stop is None:
        end = 0
    elif stop < 0:
        end = -stop
    elif size is None:
        return None
    else:
        end = size - stop
    return (start, end) if start >= 0 and end >= 0 else None


def _sliced_shape(shape: Shape, key: tuple[Any, ...]) -> Shape:
    out: list[int | None] = []
    for item, size in zip(key, shape, strict=True):
        if isinstance(item, int):
            continue
        out.append(None if size is None else len(range(size)[item]))
    return tuple(out)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
