"""What migrate does with each TensorFlow 1 name, shared by the two rules that rewrite them.

`tf1_names_to_tf2` rewrites TF1 names in every module, to the TF2 name with the same meaning; `tf1_graph_program`
takes a Keras-free TF1 graph program to `tf.compat.v1` as a whole. Both must agree on which names mean the
same in TF2 (RENAMES, CASTS, PREFERRED), which need a person (REPORTED), and which need graph mode under
compat.v1 (GRAPH_ONLY): one policy, kept here so neither rule reads the other's internals.
"""

from __future__ import annotations

GFILE = {"GFile": "GFile", "FastGFile": "GFile", "Open": "GFile", "Exists": "exists", "MakeDirs": "makedirs",
         "MkDir": "mkdir", "Glob": "glob", "ListDirectory": "listdir", "IsDirectory": "isdir", "Remove": "remove",
         "DeleteRecursively": "rmtree", "Copy": "copy", "Rename": "rename", "Walk": "walk", "Stat": "stat"}
# TF1 name (after `tensorflow.`) -> its TF2 name (after the same `tf.`), same arguments, same meaning.
RENAMES = {f"gfile.{old}": f"io.gfile.{new}" for old, new in GFILE.items()}
RENAMES.update({"GraphDef": "compat.v1.GraphDef", "get_default_graph": "compat.v1.get_default_graph",
                "train.write_graph": "io.write_graph", "assign": "compat.v1.assign",
                "assign_add": "compat.v1.assign_add", "assign_sub": "compat.v1.assign_sub", "log": "math.log",
                "space_to_depth": "nn.space_to_depth", "depth_to_space": "nn.depth_to_space",
                # TF1's py_func and TF2's numpy_function are one function (py_func_common, the same parameters);
                # TF 0.x's select is TF1's where (a vector condition picks rows), which TF2's where broadcasts
                # against the last axis instead: compat.v1's where, which runs eagerly
                "py_func": "numpy_function", "select": "compat.v1.where",
                # protocol buffers: building one runs anywhere; what consumes it (a Session) is judged apart
                "ConfigProto": "compat.v1.ConfigProto", "GPUOptions": "compat.v1.GPUOptions"})
# A TF1 session's class, as LibCST qualifies its name.
SESSIONS = ("tensorflow.Session", "tensorflow.compat.v1.Session")
# Renamed only with at most this many positional arguments (TF2 reordered the ones after).
POSITIONAL = {"space_to_depth": 2, "depth_to_space": 2}
CASTS = {"to_float": "float32", "to_double": "float64", "to_int32": "int32", "to_int64": "int64"}
GRAPH_MODE = ("it exists only as tf.compat.v1.{name}, which needs graph mode (a session); in TF2 compute "
              "eagerly or in a tf.function")
REPORTED = {
    "placeholder": "use keras.Input, or pass the value to a tf.function",
    "train.Saver": "use tf.train.Checkpoint, or model.save_weights / model.save for a Keras model",
    "global_variables": "use model.variables (or tf.Module.variables)",
    "global_variables_initializer": "remove it: TF2 variables are initialized when created",
    "local_variables_initializer": "remove it: TF2 variables are initialized when created",
    "variables_initializer": "remove it: TF2 variables are initialized when created",
    "Summary": "write it with tf.summary.scalar(name, value, step=...) under "
               "tf.summary.create_file_writer(logdir).as_default() (a Keras TensorBoard callback has no .writer in "
               "Keras 3: make one with tf.summary.create_file_writer(self.log_dir) in __init__)",
    "summary.FileWriter": "use tf.summary.create_file_writer(logdir)",
    "graph_util.convert_variables_to_constants": "freeze a tf.function with "
        "tensorflow.python.framework.convert_to_constants.convert_variables_to_constants_v2, or export a "
        "SavedModel (model.export) instead of a frozen graph",
}
# Where TensorFlow's table sends a name to tf.compat.v1 but TF2 has one with the same meaning, or where its
# table's TF2 name does not mean the same (tf.image.resize defaults to half-pixel centers: other pixels).
# Keywords tf_upgrade_v2's table removes (renamed to None) that TF2's functions lack, and the value TF2 behaves as
# (None: any value, a placement or implementation hint that never changed a result): the argument goes. tf.cond's
# `strict=True` is TF2's behaviour (outputs not unpacked); `strict=False` takes compat.v1's cond, TF1's function,
# which unpacks them. The table's other removals change what a call computes (`align_corners`, `seed2`) and are left.
DROPPED_KEYWORDS = {"colocate_gradients_with_ops": None, "use_cudnn_on_gpu": None, "validate_indices": None,
                    "strict": "True"}
# Also TF1 contrib names TF2 keeps, the same functions, where the tables name none: tf.contrib.signal (TF 1.12's
# module, tf.signal's functions from 1.13, with the same parameters and defaults), tf.contrib.util's TensorProto
# helpers (the tables give only its constant_value) and contrib.framework's checkpoint readers.
CONTRIB_SIGNAL = ("frame", "hamming_window", "hann_window", "inverse_stft", "inverse_stft_window_fn",
                  "linear_to_mel_weight_matrix", "mfccs_from_log_mel_spectrograms", "overlap_and_add", "stft")
PREFERRED = {"set_random_seed": "random.set_seed", "random.set_random_seed": "random.set_seed",
             "image.resize_images": "compat.v1.image.resize_images",
             **{f"contrib.signal.{name}": f"signal.{name}" for name in CONTRIB_SIGNAL},
             "contrib.util.make_tensor_proto": "make_tensor_proto", "contrib.util.make_ndarray": "make_ndarray",
             # contrib.framework's checkpoint readers were checkpoint_utils', which TF2 keeps in tf.train
             "contrib.framework.list_variables": "train.list_variables",
             "contrib.framework.load_variable": "train.load_variable",
             # TF 1.x eager execution's contrib names (TensorFlow's 2018 tutorials), the classes and the tracer
             # TF2 took over: defun traced a Python function into a graph function, as tf.function does (TF 1.15's
             # defun is tf.function's own tracer, autograph on by default alike)
             "contrib.eager.defun": "function", "contrib.eager.function": "function",
             "contrib.eager.Variable": "Variable", "contrib.eager.GradientTape": "GradientTape",
             "contrib.eager.Checkpoint": "train.Checkpoint"}
# TF1 names whose compat.v1 spelling needs graph mode (a session, collections, variable scopes) or does
# something else with eager execution on: not renamed; the last pass reports them for a person.
GRAPH_ONLY = ("placeholder", "placeholder_with_default", "Session", "InteractiveSession", "get_variable",
              "variable_scope", "get_collection", "add_to_collection", "get_default_session", "reset_default_graph",
              "disable_eager_execution", "disable_v2_behavior", "trainable_variables", "global_variables",
              "local_variables", "train.Saver", "summary.FileWriter", "summary.merge_all", "layers.",
              # TF1's loss collection (its loss functions compute eagerly: the collection is skipped then)
              "train.", "losses.add_loss", "losses.get_losses", "losses.get_regularization_loss",
              "losses.get_regularization_losses", "losses.get_total_loss",
              "metrics.", "Summary", "variables_initializer", "global_variables_initializer",
              "local_variables_initializer", "tables_initializer", "get_local_variable", "make_template",
              "wrap_function", "AUTO_REUSE", "GraphKeys", "estimator.", "contrib.",
              # not graph-only, but Keras 2's in compat.v1, which raises "not available with Keras 3" there
              "nn.rnn_cell.")


# Names under a graph-only module that need no graph: reading a checkpoint's file (`tf.train.NewCheckpointReader`,
# `pywrap_tensorflow.NewCheckpointReader`: its tensors and shapes, eagerly as in a session).
EAGER = frozenset({"train.NewCheckpointReader"})


def graph_only(name: str) -> bool:
    """A TF1 name (after `tf.`) whose compat.v1 spelling needs graph mode (GRAPH_ONLY: a name or a module)."""
    return name not in EAGER and any(name == entry or (entry.endswith(".") and name.startswith(entry)) or name.endswith("." + entry)
               for entry in GRAPH_ONLY)


def runs_eagerly(code: str, survey: object = None) -> bool:
    """Whether a program leaves eager execution on: one that turns it off (tf1_graph_program's route, or its own
    `tf.compat.v1.disable_eager_execution()` line) keeps its sessions, which then run graph ops; so does every cell of
    a graph notebook (`Survey.graph_notebook`: the line is in one cell)."""
    return "disable_eager_execution(" not in code and "disable_v2_behavior(" not in code and \
        not getattr(survey, "graph_notebook", False)
