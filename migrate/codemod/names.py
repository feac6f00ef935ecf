"""The Keras and TensorFlow symbols the rules recognise, by qualified name, in one place.

Rules match what a name really refers to (LibCST's QualifiedNameProvider), never how it is spelled, so
a project's own function that happens to be called `multi_gpu_model` is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

import libcst as cst

from migrate.codemod.data.keras_legacy_names import LEGACY, MODULE_ALIASES

_EMPTY = cst.Module(body=[])

MULTI_GPU_MODEL = frozenset({
    "keras.utils.multi_gpu_model",
    "keras.utils.training_utils.multi_gpu_model",
    "keras.utils.multi_gpu_utils.multi_gpu_model",
    "tensorflow.keras.utils.multi_gpu_model",
    "tensorflow.python.keras.utils.multi_gpu_model",
    "tensorflow.python.keras.utils.multi_gpu_utils.multi_gpu_model",
    "tensorflow.compat.v1.keras.utils.multi_gpu_model",
    "tensorflow._api.v1.keras.utils.multi_gpu_model",  # TF 1.x's generated API package, imported by its path
})
# Keras 2's K.variable, as LibCST qualifies it.
BACKEND_VARIABLE = frozenset(f"{root}.backend.variable" for root in ("keras", "tensorflow.keras"))
DEVICE = frozenset({"tensorflow.device", "tensorflow.compat.v1.device"})
MODEL_CHECKPOINT = frozenset({"keras.callbacks.ModelCheckpoint", "tensorflow.keras.callbacks.ModelCheckpoint"})
LOAD_MODEL = frozenset({"keras.models.load_model", "tensorflow.keras.models.load_model",
                        "keras.saving.load_model", "tensorflow.python.keras.models.load_model"})
BATCH_NORMALIZATION = frozenset({"keras.layers.BatchNormalization", "tensorflow.keras.layers.BatchNormalization"})
# Prefixes of the optimizer classes' qualified names, Keras 2 and tf.keras spellings.
OPTIMIZER_MODULES = ("keras.optimizers.", "tensorflow.keras.optimizers.", "tensorflow.python.keras.optimizers.",
                     "tensorflow.keras.optimizers.legacy.", "keras.optimizers.legacy.",
                     "tensorflow.optimizers.")  # TF 2's alias of tf.keras.optimizers (`tf.optimizers.Adam(lr=1e-4)`)
# Keras 2's optimizer classes and their default learning rates (what `lr` meant when it was not given).
OPTIMIZER_DEFAULT_LR = {"SGD": 0.01, "Adam": 0.001, "RMSprop": 0.001, "Adagrad": 0.01, "Adadelta": 1.0,
                        "Adamax": 0.002, "Nadam": 0.002, "Ftrl": 0.001}
# Keras 2's lower-case aliases of the same classes (`keras.optimizers.adam = Adam`), renamed later by
# legacy_import_paths: an optimizer rule must see `adam(lr=...)` as Adam's call, or a second run would.
OPTIMIZER_ALIASES = {"sgd": "SGD", "rmsprop": "RMSprop", "adagrad": "Adagrad", "adadelta": "Adadelta", "adam": "Adam",
                     "adamax": "Adamax", "nadam": "Nadam"}


def through_module_aliases(name: str) -> str:
    """A name read under a module Keras 2 re-exported from another (`keras.models.optimizers.adam`, after `from
    keras.models import optimizers`) as the module's own (`keras.optimizers.adam`: the legacy table's target for the
    re-export, MODULE_ALIASES), so every rule reads it as the first run's `from keras import optimizers` leaves it;
    any other name as it is."""
    module, _, last = name.rpartition(".")
    return f"{LEGACY[module][0]}.{last}" if module in MODULE_ALIASES else name


def keras_optimizer(qualified_names: set[str]) -> tuple[str, str] | None:
    """(module, class) when a callee's qualified names make it a Keras optimizer class."""
    for name in qualified_names:
        module, _, cls = through_module_aliases(name).rpartition(".")
        cls = OPTIMIZER_ALIASES.get(cls, cls)
        if cls in OPTIMIZER_DEFAULT_LR and (module + ".").startswith(OPTIMIZER_MODULES):
            return module, cls
    return None


# Modules TF 1 session helpers were reached through.
SESSION_OWNERS = ("tensorflow.", "tensorflow.compat.v1.", "keras.backend.", "keras.backend.tensorflow_backend.",
                  "tensorflow.keras.backend.", "tensorflow.python.keras.backend.", "tensorflow.compat.v1.keras.backend.")


def multi_gpu_import(module: str) -> bool:
    """Whether `from MODULE import multi_gpu_model` imports Keras' multi_gpu_model."""
    return f"{public(module)}.multi_gpu_model" in MULTI_GPU_MODEL


# TensorFlow's generated API packages, as TF 1.x (`tensorflow._api.v1`) and TF 2 (`tensorflow._api.v2`) laid them
# out: `from tensorflow._api.v1.keras.utils import multi_gpu_model` (real scripts do) is tf.keras.utils'.
PRIVATE_API = ("tensorflow._api.v1.", "tensorflow._api.v2.")


# TensorFlow 1's spelling of its Keras (`from tensorflow.compat.v1.keras.layers import CuDNNLSTM`), tf.keras's own
# classes but for the layers whose TF 1 version computes otherwise (`compat_v1_keras` rewrites the spelling).
COMPAT_KERAS = "tensorflow.compat.v1.keras"
# TensorFlow 1.2-1.3's Keras, before tf.keras: `tf.contrib.keras.layers`, `from tensorflow.contrib.keras.python.keras
# import backend` (the same Keras 2.0 API tf.keras then took over, name for name).
CONTRIB_KERAS = ("tensorflow.contrib.keras.python.keras", "tensorflow.contrib.keras")
V1_ONLY = frozenset({f"{COMPAT_KERAS}.layers.GRU", f"{COMPAT_KERAS}.layers.GRUCell"})


def public(name: str) -> str:
    """The public spelling of a name reached through TensorFlow's generated API packages (`tensorflow._api.v1.keras`
    -> `tensorflow.keras`), TF 1.2-1.3's contrib Keras (`tensorflow.contrib.keras.layers`) or TensorFlow 1's compat
    module (`tensorflow.compat.v1.keras.layers.CuDNNLSTM`, but not its GRU); any other name as it is."""
    if name.startswith(PRIVATE_API):
        return "tensorflow." + name[len(PRIVATE_API[0]):]
    for prefix in CONTRIB_KERAS:
        if name == prefix or name.startswith(prefix + "."):
            return "tensorflow.keras" + name[len(prefix):]
    if (name == COMPAT_KERAS or name.startswith(COMPAT_KERAS + ".")) and \
            not any(name == v1 or name.startswith(v1 + ".") for v1 in V1_ONLY):
        return "tensorflow.keras" + name[len(COMPAT_KERAS):]
    return name


# Keras 2 modules Keras 3 removed -> the public module that holds the same names.
LAYER_MODULES = ("core", "convolutional", "recurrent", "normalization", "pooling", "merge", "embeddings",
                 "advanced_activations", "wrappers", "noise", "local", "convolutional_recurrent", "cudnn_recurrent")
UTIL_MODULES = ("np_utils", "generic_utils", "data_utils", "layer_utils", "vis_utils", "conv_utils",
                "training_utils", "multi_gpu_utils", "io_utils")
MOVES = {
    **{f"{root}.layers.{name}": f"{root}.layers" for root in ("keras", "tensorflow.keras") for name in LAYER_MODULES},
    **{f"{root}.utils.{name}": f"{root}.utils" for root in ("keras", "tensorflow.keras") for name in UTIL_MODULES},
    **{f"{root}.engine.topology": f"{root}.layers" for root in ("keras", "tensorflow.keras")},
    **{f"{root}.engine.training": f"{root}.models" for root in ("keras", "tensorflow.keras")},
    **{f"{root}.engine": f"{root}.layers" for root in ("keras", "tensorflow.keras")},
    # Keras 1's name for the losses, kept by Keras 2 as `from .losses import *`: the same names, Keras 3's losses
    "keras.objectives": "keras.losses",
    # Keras 2.2's alias of the module (`from .mobilenet_v2 import *`, "only for backwards compatibility"), gone
    # in 2.3: the only such alias keras.applications had
    "keras.applications.mobilenetv2": "keras.applications.mobilenet_v2",
}
# What `from keras.objectives import *` gave in Keras 2.3.1 (keras.losses' namespace, its imports included:
# tests/codemod/test_legacy_import_paths.py checks it against the legacy stack).
STAR_NAMES = {"keras.objectives": frozenset("""
    BinaryCrossentropy CategoricalCrossentropy CategoricalHinge Hinge Huber K KLD KLDivergence LogCosh Loss
    LossFunctionWrapper MAE MAPE MSE MSLE MeanAbsoluteError MeanAbsolutePercentageError MeanSquaredError
    MeanSquaredLogarithmicError Poisson SparseCategoricalCrossentropy SquaredHinge abc absolute_import
    binary_crossentropy categorical_crossentropy categorical_hinge cosine cosine_proximity cosine_similarity deserialize
    deserialize_keras_object division get hinge huber_loss is_categorical_crossentropy kld kullback_leibler_divergence
    logcosh losses_utils mae mape mean_absolute_error mean_absolute_percentage_error mean_squared_error
    mean_squared_logarithmic_error mse msle poisson print_function serialize serialize_keras_object six
    sparse_categorical_crossentropy squared_hinge
    """.split())}


# ---------------------------------------------------------------- names LibCST cannot resolve alone

# Patterns read at the start of a line begin with a newline and are searched in `lines(source)`, the text with a
# newline put first (for its first line): Python's `re` tries a pattern that begins `^` (re.M) at every byte of
# the text, and one that begins with a literal only where that byte is (over the c19 files, 3 to 7 times
# faster). None of them ends on a newline, so no two matches want the same one: the matches are those of `^`.
_FROM_KERAS = re.compile(rb"\nfrom[ \t]+((?:keras|tensorflow)[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]+)")
# The same, indented too (an import inside a `try:`, a function or an `if`).
_FROM_KERAS_ANYWHERE = re.compile(rb"\n[ \t]*from[ \t]+((?:keras|tensorflow)[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]+)")
# `import tensorflow as tf` at a module's top level: a file star-importing that module gets `tf` from it.
_IMPORT_AS = re.compile(rb"\nimport[ \t]+((?:keras|tensorflow)[\w.]*)[ \t]+as[ \t]+(\w+)[ \t]*(?:#[^\n]*)?$", re.M)


def lines(source: bytes) -> bytes:
    """The text a pattern that begins with a newline reads (see above)."""
    return b"\n" + source


def keras_from_imports(source: bytes, top_level: bool = True) -> Iterator[tuple[str, str, str]]:
    """(module, name, local name) of each name a `from keras... import` / `from tensorflow... import` statement
    binds (`from keras.layers import (Dense as D, Conv2D)`), read from the text; at a module's top level
    only, or anywhere. Star imports are left out."""
    pattern = _FROM_KERAS if top_level else _FROM_KERAS_ANYWHERE
    for origin, names in pattern.findall(lines(source)):
        for item in names.decode(errors="replace").strip("()").replace("\\", " ").split(","):
            parts = item.split()
            if parts and parts[0] != "*":
                yield origin.decode(), parts[0], parts[-1]


def reexports(module_name: str, source: bytes) -> dict[str, str]:
    """What a project module passes on from Keras or TensorFlow: `utils.py` doing `from keras.utils import
    multi_gpu_model` gives {"utils.multi_gpu_model": "keras.utils.multi_gpu_model"} (top-level imports,
    read from the text: the survey reads every file of a run and parses few), and its `import tensorflow as tf`
    ({"models.tf": "tensorflow"}), which `from models import *` passes on too."""
    found = {f"{module_name}.{local}": f"{origin}.{name}" for origin, name, local in keras_from_imports(source)}
    for origin, alias in _IMPORT_AS.findall(lines(source)):
        found[f"{module_name}.{alias.decode()}"] = origin.decode()
    return found


def star_modules(module: cst.Module) -> tuple[str, ...]:
    """The modules a file star-imports at top level (`from keras.layers import *`)."""
    found = []
    for statement in module.body:
        for small in getattr(statement, "body", ()) if isinstance(statement, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.ImportFrom) and isinstance(small.names, cst.ImportStar) and small.module and \
                    not small.relative:
                found.append(_EMPTY.code_for_node(small.module))
    return tuple(found)


def resolve(names: set[str], node: cst.CSTNode, stars: tuple[str, ...], passed_on: Mapping[str, str],
            packages: frozenset[str]) -> set[str]:
    """LibCST's qualified names of `node`, and what they stand for beyond one file: a bare name a star
    import brings (each star-imported module is a candidate: no rule matches a name of the wrong one) and a
    name a module of the run re-exports from Keras (`from utils import multi_gpu_model`, matched by the
    module's last part when the name's first part is a package or module of the run), and the backend a Keras 2
    module's `K` is (`backend_of`)."""
    if not names and isinstance(node, cst.Name) and stars:
        names = {f"{module}.{node.value}" for module in stars}
    if not names and isinstance(node, cst.Attribute) and stars and passed_on:
        names = _through_star_alias(node, stars, passed_on, packages)
    if any(name.startswith((*PRIVATE_API, COMPAT_KERAS, *CONTRIB_KERAS)) for name in names):
        names = {public(name) for name in names} | names
    if any(".K." in name for name in names):
        names = {backend_of(name) for name in names} | names
    if any(".backend.tf." in name for name in names):
        names = {through_keras(name) for name in names} | names
    if not passed_on:
        return names
    found = set(names)
    for name in names:
        parts = name.split(".")
        if len(parts) >= 2 and parts[0] in packages:
            origin = passed_on.get(f"{parts[-2]}.{parts[-1]}")
            if origin is not None:
                found.add(origin)
    return found


# Keras 2's modules' `K` (`from .. import backend as K`), which scripts imported from them (`from keras.layers import K`:
# Keras 2.1's keras.layers re-exported it): the legacy stacks' dumps list each (keras_legacy_names.MODULE_ALIASES).
BACKEND_ALIASES = frozenset(path for path in MODULE_ALIASES if path.endswith(".K"))


# Keras 2's backend re-exported the tensorflow module as `tf` (`K.tf.image.resize_bilinear`): the same names.
KERAS_TF = frozenset({"keras.backend.tf", "tensorflow.keras.backend.tf"})


def through_keras(name: str) -> str:
    """`keras.backend.tf.X` -> `tensorflow.X`: what Keras 2's re-export of TensorFlow names (`resolve` adds it to
    every name a rule reads, so `K.tf.div` is `tf.div` to all of them)."""
    for prefix in KERAS_TF:
        if name.startswith(prefix + "."):
            return "tensorflow." + name.removeprefix(prefix + ".")
    return name


def backend_of(name: str) -> str:
    """`keras.layers.K.expand_dims` -> `keras.backend.expand_dims`: a Keras 2 module's `K` is the backend, so every
    rule that reads backend calls reads these too; any other name as it is."""
    head, _, rest = name.partition(".K.")
    return f"keras.backend.{rest}" if f"{head}.K" in BACKEND_ALIASES else name


def _dotted(node: cst.BaseExpression) -> list[str] | None:
    """`tf.compat.v1.ConfigProto` -> ["tf", "compat", "v1", "ConfigProto"]; None for anything but names and dots."""
    parts = []
    while isinstance(node, cst.Attribute):
        parts.append(node.attr.value)
        node = node.value
    return [node.value, *reversed(parts)] if isinstance(node, cst.Name) else None


def _through_star_alias(node: cst.Attribute, stars: tuple[str, ...], passed_on: Mapping[str, str],
                        packages: frozenset[str]) -> set[str]:
    """`tf.ConfigProto` in a file that never imports `tf` but star-imports a module of the run that does
    (`from models import *`, models.py having `import tensorflow as tf`): `tensorflow.ConfigProto`. LibCST
    gives such a name nothing, and aurora95+Keras-FCN's scripts get their `tf` that way."""
    parts = _dotted(node)
    if parts is None:
        return set()
    found = set()
    for module in stars:
        origin = passed_on.get(f"{module.rpartition('.')[2]}.{parts[0]}")
        if origin is not None and module.split(".")[0] in packages:
            found.add(".".join([origin, *parts[1:]]))
    return found


# Where Keras's layer classes are, as LibCST qualifies a name read through a file's imports; and Keras's Sequential.
LAYER_PATHS = ("keras.layers.", "tensorflow.keras.layers.", "tensorflow.python.keras.layers.")
SEQUENTIAL = frozenset(f"{root}.{module}Sequential" for root in ("keras", "tensorflow.keras")
                       for module in ("", "models.", "models.sequential."))
# What makes a Keras model, as a name bound to its call is taken for one (`model = Sequential()`, `load_model(path)`).
MODEL_MAKERS = LOAD_MODEL | frozenset({f"{root}.{module}{cls}" for root in ("keras", "tensorflow.keras")
                                       for module in ("", "models.") for cls in ("Sequential", "Model")})
