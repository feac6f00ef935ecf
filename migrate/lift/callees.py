"""What the names a Lambda calls denote: module roots, spellings of one function, and each canonical
operation's parameters (so that `K.mean(x, 1)` and `tf.reduce_mean(x, axis=1)` read the same).

Plain data. A name not here is still read (and shown back as source), with no canonical operation:
the lowering refuses it by name.
"""

from __future__ import annotations

# Global names a Lambda's module commonly bound, to the module they name.
ROOTS = {
    "K": "keras.backend", "backend": "keras.backend", "keras": "keras", "tf": "tensorflow",
    "tensorflow": "tensorflow", "np": "numpy", "numpy": "numpy", "math": "math",
}
# Modules a Lambda may import inside its body: importing one binds a name, nothing is run.
IMPORTABLE = {"keras", "keras.backend", "tensorflow", "numpy", "math", "tensorflow.keras",
              "tensorflow.keras.backend"}

# Prefixes that name the same functions, rewritten to the canonical spelling before the table below.
ALIASES = (
    ("tensorflow.keras.backend.", "keras.backend."),
    ("tensorflow.python.keras.backend.", "keras.backend."),
    ("tensorflow.compat.v1.", "tensorflow."),
    ("tensorflow.math.", "tensorflow."),
    ("tensorflow.nn.", "tensorflow."),
    ("tensorflow.keras.activations.", "keras.backend."),
    ("keras.activations.", "keras.backend."),
)

_REDUCE = ("x", "axis", "keepdims")
_TF_REDUCE = ("x", "axis", "keepdims", "name")  # TF 1 spellings (keep_dims, reduction_indices): SYNONYMS
_UNARY = ("x",)
_TF_UNARY = ("x", "name")
_BINARY = ("x", "y")
_TF_BINARY = ("x", "y", "name")

# canonical path -> (operation, parameter names in order). Parameter names are the operation's own,
# so a keyword written with the library's name (`input_tensor`, `logits`) is renamed by SYNONYMS.
CALLEES: dict[str, tuple[str, tuple[str, ...]]] = {
    **{f"keras.backend.{name}": (name, _REDUCE) for name in ("mean", "sum", "max", "min", "prod")},
    **{f"tensorflow.reduce_{name}": (name, _TF_REDUCE) for name in ("mean", "sum", "max", "min", "prod")},
    **{f"keras.backend.{name}": (name, _UNARY) for name in (
        "square", "sqrt", "exp", "log", "abs", "sigmoid", "tanh", "softplus", "softsign", "hard_sigmoid", "sign")},
    **{f"tensorflow.{name}": (name, _TF_UNARY) for name in (
        "square", "sqrt", "exp", "log", "abs", "sigmoid", "tanh", "softplus", "softsign", "sign", "relu6",
        "rsqrt")},
    "keras.backend.relu": ("relu", ("x", "alpha", "max_value", "threshold")),
    "tensorflow.relu": ("relu", _TF_UNARY),
    "keras.backend.elu": ("elu", ("x", "alpha")),
    "tensorflow.elu": ("elu", _TF_UNARY),
    "keras.backend.softmax": ("softmax", ("x", "axis")),
    "tensorflow.softmax": ("softmax", ("x", "axis", "name")),
    "keras.backend.l2_normalize": ("l2_normalize", ("x", "axis")),
    "tensorflow.l2_normalize": ("l2_normalize", ("x", "axis", "epsilon", "name")),
    "keras.backend.expand_dims": ("expand_dims", ("x", "axis")),
    "tensorflow.expand_dims": ("expand_dims", ("x", "axis", "name")),
    "keras.backend.squeeze": ("squeeze", ("x", "axis")),
    "tensorflow.squeeze": ("squeeze", ("x", "axis", "name")),
    "keras.backend.reshape": ("reshape", ("x", "shape")),
    "tensorflow.reshape": ("reshape", ("x", "shape", "name")),
    "keras.backend.permute_dimensions": ("transpose", ("x", "axes")),
    "tensorflow.transpose": ("transpose", ("x", "axes", "name")),
    "keras.backend.concatenate": ("concatenate", ("tensors", "axis")),
    "tensorflow.concat": ("concatenate", ("tensors", "axis", "name")),
    "keras.backend.stack": ("stack", ("tensors", "axis")),
    "tensorflow.stack": ("stack", ("tensors", "axis", "name")),
    **{f"keras.backend.{name}": (name, _BINARY) for name in ("maximum", "minimum")},
    **{f"tensorflow.{name}": (name, _TF_BINARY) for name in ("maximum", "minimum")},
    **{f"tensorflow.{tf}": (op, _TF_BINARY) for tf, op in (
        ("add", "add"), ("subtract", "subtract"), ("multiply", "multiply"), ("divide", "divide"),
        ("truediv", "divide"), ("__operators__.add", "add"))},
    "keras.backend.pow": ("power", _BINARY),
    "tensorflow.pow": ("power", _TF_BINARY),
    "keras.backend.clip": ("clip", ("x", "min", "max")),
    "tensorflow.clip_by_value": ("clip", ("x", "min", "max", "name")),
    **{f"tensorflow.{name}": (name, ("x", "block_size", "data_format", "name"))
       for name in ("space_to_depth", "depth_to_space")},
    "keras.backend.tile": ("tile", ("x", "multiples")),
    "tensorflow.tile": ("tile", ("x", "multiples", "name")),
    "keras.backend.resize_images": ("resize_images", ("x", "height_factor", "width_factor", "data_format",
                                                      "interpolation")),
    # TF 1's signatures; `tf.image.resize` was TF 1's resize_images in TF 1 and half-pixel resizing in TF 2
    "tensorflow.image.resize_images": ("resize", ("x", "size", "method", "align_corners", "preserve_aspect_ratio",
                                                  "name")),
    "tensorflow.image.resize": ("resize_either", ("x", "size", "method")),
    **{f"tensorflow.image.resize_{name}": (f"resize_{name}", ("x", "size", "align_corners", "name",
                                                              "half_pixel_centers"))
       for name in ("bilinear", "nearest_neighbor")},
}
# Keyword spellings of the libraries -> the parameter names above.
SYNONYMS = {"input_tensor": "x", "input": "x", "tensor": "x", "a": "x", "logits": "x", "t": "x", "features": "x",
            "values": "tensors", "perm": "axes", "pattern": "axes", "dim": "axis", "clip_value_min": "min",
            "clip_value_max": "max", "min_value": "min", "max_value": "max", "keep_dims": "keepdims",
            "reduction_indices": "axis", "n": "multiples", "images": "x", "new_size": "size"}
# Pure functions of numbers that may be folded when every argument is a constant (math on data).
FOLDABLE = {"math.sqrt", "math.exp", "math.log", "numpy.sqrt", "numpy.exp", "numpy.log", "numpy.float32",
            "numpy.float64", "float", "int", "abs"}
# Calls that make a constant, not an operation on tensors: folded to the value. K.epsilon() and K.floatx()
# read the user's keras.json when the Lambda ran; these are Keras's defaults, which files almost always used.
CONSTANT_CALLS = {"keras.backend.epsilon": 1e-7, "keras.backend.floatx": "float32"}
# Calls that wrap a number as a tensor (`tf.constant(1e-7)`): folded to the number, for float dtypes only.
CONSTANT_WRAPPERS = {"tensorflow.constant", "keras.backend.constant", "keras.backend.cast_to_floatx",
                     "numpy.float32", "numpy.float64", "numpy.array", "numpy.asarray"}
FLOAT_DTYPES = {None, "float32", "float64", "float16", "tensorflow.float32", "tensorflow.float64",
                "numpy.float32", "numpy.float64", "keras.backend.floatx"}
# tf.image.ResizeMethod's members: integers in TF 1, strings in TF 2; both read as TF 2's names.
RESIZE_METHODS = {"BILINEAR": "bilinear", "NEAREST_NEIGHBOR": "nearest", "BICUBIC": "bicubic", "AREA": "area"}
CONSTANTS = {**{f"tensorflow.image.ResizeMethod.{name}": value for name, value in RESIZE_METHODS.items()},
             "math.pi": 3.141592653589793, "math.e": 2.718281828459045, "numpy.pi": 3.141592653589793,
             "numpy.e": 2.718281828459045}


def canonical(path: str) -> str:
    """A dotted callee path in the spelling CALLEES uses."""
    for prefix, replacement in ALIASES:
        if path.startswith(prefix):
            return replacement + path[len(prefix):]
    return path


def operation(path: str) -> str | None:
    entry = CALLEES.get(canonical(path))
    return entry[0] if entry else None
