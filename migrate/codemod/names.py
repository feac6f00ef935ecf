"""The Keras and TensorFlow symbols the rules recognise, by qualified name, in one place.

Rules match what a name really refers to (LibCST's QualifiedNameProvider), never how it is spelled, so
a project's own function that happens to be called `multi_gpu_model` is left alone.
"""

MULTI_GPU_MODEL = frozenset({
    "keras.utils.multi_gpu_model",
    "keras.utils.training_utils.multi_gpu_model",
    "keras.utils.multi_gpu_utils.multi_gpu_model",
    "tensorflow.keras.utils.multi_gpu_model",
    "tensorflow.python.keras.utils.multi_gpu_model",
    "tensorflow.python.keras.utils.multi_gpu_utils.multi_gpu_model",
    "tensorflow.compat.v1.keras.utils.multi_gpu_model",
})
# Modules whose `import *` brings multi_gpu_model in without naming it.
MULTI_GPU_STAR_MODULES = frozenset({"keras.utils", "keras.utils.training_utils", "keras.utils.multi_gpu_utils",
                                    "tensorflow.keras.utils"})
DEVICE = frozenset({"tensorflow.device", "tensorflow.compat.v1.device"})
MODEL_CHECKPOINT = frozenset({"keras.callbacks.ModelCheckpoint", "tensorflow.keras.callbacks.ModelCheckpoint"})
LOAD_MODEL = frozenset({"keras.models.load_model", "tensorflow.keras.models.load_model",
                        "keras.saving.load_model", "tensorflow.python.keras.models.load_model"})
BATCH_NORMALIZATION = frozenset({"keras.layers.BatchNormalization", "tensorflow.keras.layers.BatchNormalization"})
# Prefixes of the optimizer classes' qualified names, Keras 2 and tf.keras spellings.
OPTIMIZER_MODULES = ("keras.optimizers.", "tensorflow.keras.optimizers.", "tensorflow.python.keras.optimizers.",
                     "tensorflow.keras.optimizers.legacy.", "keras.optimizers.legacy.")
# Keras 2's optimizer classes and their default learning rates (what `lr` meant when it was not given).
OPTIMIZER_DEFAULT_LR = {"SGD": 0.01, "Adam": 0.001, "RMSprop": 0.001, "Adagrad": 0.01, "Adadelta": 1.0,
                        "Adamax": 0.002, "Nadam": 0.002, "Ftrl": 0.001}


def keras_optimizer(qualified_names: set[str]) -> tuple[str, str] | None:
    """(module, class) when a callee's qualified names make it a Keras optimizer class."""
    for name in qualified_names:
        module, _, cls = name.rpartition(".")
        if cls in OPTIMIZER_DEFAULT_LR and (module + ".").startswith(OPTIMIZER_MODULES):
            return module, cls
    return None


# Modules TF 1 session helpers were reached through.
SESSION_OWNERS = ("tensorflow.", "tensorflow.compat.v1.", "keras.backend.", "keras.backend.tensorflow_backend.",
                  "tensorflow.keras.backend.", "tensorflow.python.keras.backend.")


def multi_gpu_import(module: str) -> bool:
    """Whether `from MODULE import multi_gpu_model` imports Keras' multi_gpu_model."""
    return f"{module}.multi_gpu_model" in MULTI_GPU_MODEL


# Keras 2 modules Keras 3 removed -> the public module that holds the same names.
LAYER_MODULES = ("core", "convolutional", "recurrent", "normalization", "pooling", "merge", "embeddings",
                 "advanced_activations", "wrappers", "noise", "local", "convolutional_recurrent", "cudnn_recurrent")
UTIL_MODULES = ("np_utils", "generic_utils", "data_utils", "layer_utils", "vis_utils", "conv_utils",
                "training_utils", "multi_gpu_utils", "io_utils")
MOVES = {
    **{f"{root}.layers.{name}": f"{root}.layers" for root in ("keras", "tensorflow.keras") for name in LAYER_MODULES},
    **{f"{root}.utils.{name}": f"{root}.utils" for root in ("keras", "tensorflow.keras") for name in UTIL_MODULES},
    "keras.engine.topology": "keras.layers",
    "keras.engine.training": "keras.models",
    "keras.engine": "keras.layers",
}
