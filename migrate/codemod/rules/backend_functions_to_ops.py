"""Keras 2 backend functions (`K.sum`, `K.cast`, `K.concatenate`...) -> `keras.ops`, which Keras 3 moved them to.

Keras 3's `keras.backend` keeps a dozen functions (`epsilon`, `floatx`, `image_data_format`,
`clear_session`...); every other `K.*` call fails there with an AttributeError, so a loss written with
`K.sum(K.flatten(y_true) * ...)` stops the script at its first batch. A call that resolves (through the
file's imports) to `keras.backend` or `tensorflow.keras.backend` is rewritten from the table below, and
where the two signatures disagree on a default the Keras 2 one is written out (`K.concatenate(xs)`
joins on the last axis, `keras.ops.concatenate(xs)` on the first; `K.argmax(x)` reduces the last axis,
`keras.ops.argmax(x)` the flattened tensor). `K.shape` becomes `tf.shape` (a tensor, as Keras 2's was;
`keras.ops.shape` is a tuple, on which `* 2` repeats). `K.image_dim_ordering() == 'th'` becomes
`K.image_data_format() == 'channels_first'`, and its value read otherwise `('th' if K.image_data_format() ==
'channels_first' else 'tf')`, what Keras 2's getter returned. A few become what Keras 3 or TensorFlow moved them to
(`CALLED_AS`: `K.placeholder` -> `keras.Input`, `K.resize_images` -> `keras.layers.UpSampling2D`,
`K.control_flow_ops.while_loop` -> `tf.while_loop`, `K.device_lib` -> TensorFlow's own, `K.bias_add` ->
`tf.nn.bias_add` as Keras 2 called it, `K.ctc_batch_cost` -> `keras.ops.ctc_loss` with its blank the last class).
`K.dropout(x, level)` -> `tf.nn.dropout(x, level)` (what Keras 2 called), `K.repeat` -> tile,
`K.map_fn` -> `tf.map_fn` (name and dtype named), `K.pool2d` -> `keras.ops.max_pool` / `average_pool` with Keras 2's
strides (1, 1) written out, `K.conv1d` / `K.conv3d` -> `keras.ops.conv` (conv1d's 'causal' padding reported),
`K.count_params` and `K.batch_get_value` -> numpy of the shape / of each value, `K._BACKEND` -> `K.backend()`. `K.tf.X` and `from keras.backend
import tf as ktf` (Keras 2.0-2.2's backend re-exported the tensorflow module) -> TensorFlow's own (`import tensorflow
as ktf`, where the import stood).
`K.ctc_decode`, which keras.ops.ctc_decode does not reproduce, calls Keras 2.3.1's own function (tf.keras's its own), copied
into the file (`keras2_helpers.BACKEND`); so do `K.local_conv1d` (Keras 3 has no unshared convolution),
`K.conv2d_transpose` (keras.ops.conv_transpose computes the output shape Keras 2 took), `K.normalize_data_format`
(Keras 3's check is private), `K.rnn` (Keras 3's loop is inside its RNN layer: custom recurrent and CRF layers call
it) and a
`K.batch_dot` without axes whose y is an expression (its default axes need y's rank).
Anything else Keras 3 lacks (a placeholder, the learning phase, `K.function`, a use whose meaning changed) is
reported with what to use: a leftover. The session functions are `tf1_session_code`'s.
"""

from __future__ import annotations

import re

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor
from libcst.metadata import QualifiedNameProvider

from migrate.codemod.keras2_helpers import BACKEND, with_helpers
from migrate.codemod.names import backend_of, public
from migrate.codemod.rule import NAMES, DropsStatements
from migrate.codemod.rules.backend_function_to_model import function_advice
from migrate.codemod.rules.tf1_session_code import REPLACEMENTS as SESSION_FUNCTIONS
from migrate.codemod.rules.training_learning_phase import calls_after, trains_after
from migrate.codemod.syntax import code, names_in, reads, with_parameter

BACKENDS = ("keras.backend.", "tensorflow.keras.backend.")
_FROM_BACKEND = re.compile(rb"from[ \t]+[\w.]*backend[ \t]+import\b")
_BACKEND_ALIAS = re.compile(rb"\bbackend[ \t]+as[ \t]+(\w+)")
# Keras 2's modules' `K`, imported from one (`from keras.layers import Dense, K`): the backend (names.backend_of)
_FROM_MODULE_K = re.compile(rb"from[ \t]+(?:tensorflow\.)?keras[\w.]*[ \t]+import(?:[ \t]*\([^)]*|(?:[^\n]|\\\n)*)\bK\b")
# What keras.backend still has in Keras 3.
KEPT = frozenset({"backend", "clear_session", "epsilon", "floatx", "get_uid", "image_data_format", "is_float_dtype",
                  "is_int_dtype", "is_keras_tensor", "result_type", "set_epsilon", "set_floatx",
                  "set_image_data_format", "standardize_dtype"})

# Keras 2 function -> (keras.ops function, {keyword: value written out when the call leaves it to its default,
# with the number of positional arguments that would have given it}).
SAME = ("sum", "mean", "max", "min", "prod", "std", "var", "any", "all", "cast", "reshape", "stack", "squeeze",
        "sigmoid", "softmax", "exp", "log", "sqrt", "square", "abs", "round", "sign", "maximum", "minimum", "equal",
        "not_equal", "greater", "greater_equal", "less", "less_equal", "ones_like", "zeros_like", "tile", "clip",
        "tanh", "transpose", "cumsum", "cumprod", "stop_gradient", "softplus", "elu", "binary_crossentropy",
        "categorical_crossentropy", "sparse_categorical_crossentropy", "logsumexp", "cos", "sin", "floor", "ceil",
        "one_hot", "ones", "zeros", "eye", "is_tensor",
        "dot")  # Keras 2's dot was numpy's (a tensordot over x's last axis and y's second to last): keras.ops.dot's
OPS: dict[str, tuple[str, dict[str, tuple[int, str]]]] = {name: (name, {}) for name in SAME}
OPS.update({
    "concatenate": ("concatenate", {"axis": (2, "-1")}),
    "argmax": ("argmax", {"axis": (2, "-1")}),
    "argmin": ("argmin", {"axis": (2, "-1")}),
    "expand_dims": ("expand_dims", {"axis": (2, "-1")}),
    "arange": ("arange", {"dtype": (4, "'int32'")}),
    "pow": ("power", {}),
    "permute_dimensions": ("transpose", {}),
    "gather": ("take", {"axis": (3, "0")}),
    "get_value": ("convert_to_numpy", {}),
    "eval": ("convert_to_numpy", {}),
    "constant": ("convert_to_tensor", {"dtype": (2, "keras.backend.floatx()")}),
    "repeat_elements": ("repeat", {}),
    # the same parameters in the same order (x, kernel, strides, padding, data_format, dilation_rate), the kernel
    # laid out alike (rows, cols, input channels, multiplier); only the first two are named differently
    "depthwise_conv2d": ("depthwise_conv", {}),
    # K.conv2d(x, kernel, strides, padding, data_format, dilation_rate): keras.ops.conv's parameters in its order, the
    # kernel laid out alike (rows, cols, in, out), data_format None the configured one in both
    "conv2d": ("conv", {}),
    # K.conv1d(x, kernel, strides=1, padding, data_format, dilation_rate=1) and K.conv3d alike (TensorFlow's
    # convolution with the same arguments); conv1d's 'causal' padding, which keras.ops.conv lacks, is reported
    "conv1d": ("conv", {}), "conv3d": ("conv", {}),
    # K.reverse(x, axes) was tf.reverse(x, [axes] or axes): keras.ops.flip takes an int or a sequence of axes alike
    "reverse": ("flip", {}),
})
# Keras 2 functions whose Keras 3 counterpart is not in keras.ops: (callable, Keras 2's parameters in order (the
# first stays positional, the others become keywords: `K.variable(x, 'float32')` -> `dtype='float32'`), keyword
# arguments written out when absent). K.variable(1) was a float32 variable, keras.Variable(1) an int32 one.
# K.random_normal(shape, mean, stddev, dtype, seed) and the like: the TensorFlow op Keras 2.3.1 called, which takes the
# same parameters in the same order, draws anew at every call and takes a seed as Keras 2 gave it (op-level: new
# values at every call, the sequence repeatable from run to run), with Keras 2's dtype, floatx, written out. Not
# keras.random: an int seed there draws the same values at every call, and without one it draws from Keras 3's
# global seed generator, a variable created at the first call, which a layer's call traced per replica under
# MirroredStrategy cannot create. (`tf.` is the file's own name for TensorFlow, imported where it has none.)
RANDOM = {"random_normal": "tf.random.normal", "random_uniform": "tf.random.uniform",
          "truncated_normal": "tf.random.truncated_normal"}
OTHERS = {"variable": ("keras.Variable", ("value", "dtype", "name"), {"dtype": "keras.backend.floatx()"}),
          **{name: (target, ("shape", "mean" if "normal" in name else "minval",
                             "stddev" if "normal" in name else "maxval", "dtype", "seed"),
                    {"dtype": "keras.backend.floatx()"})
             for name, target in RANDOM.items()}}
# One-argument functions whose Keras 3 spelling is an expression of the argument ({x}: parenthesized if need be).
# (Keras 2.0-2.2's get_variable_shape(x) returned int_shape(x); Keras 2.3.1's keras.backend no longer exported it.)
SHAPES = {"flatten": "keras.ops.reshape({x}, (-1,))", "int_shape": "tuple({x}.shape)",
          "get_variable_shape": "tuple({x}.shape)",
          "dtype": "keras.backend.standardize_dtype({x}.dtype)", "ndim": "len({x}.shape)",
          "cast_to_floatx": "numpy.asarray({arg}, dtype=keras.backend.floatx())", "relu": "keras.ops.relu({arg})",
          "identity": "keras.ops.copy({arg})",
          # Keras 2.3.1: np.prod(int_shape(x)); session.run of the list (each value as numpy)
          "count_params": "numpy.prod(tuple({x}.shape))",
          "batch_get_value": "[keras.ops.convert_to_numpy(value) for value in {x}]"}
# Keras 2 parameters the Keras 3 function (keras.ops's, or OTHERS' target) names otherwise (Keras 2.3.1's
# signatures against Keras 3's: tests/codemod/test_backend_functions_to_ops.py checks the Keras 3 side):
# `K.constant(value=v)` -> `keras.ops.convert_to_tensor(x=v)`, which has no `value`; `K.variable(value=v)` ->
# `keras.Variable(initializer=v)`.
KEYWORDS = {
    "constant": {"value": "x"}, "variable": {"value": "initializer"}, "reshape": {"shape": "newshape"}, "tile": {"n": "repeats"},
    "clip": {"min_value": "x_min", "max_value": "x_max"}, "stop_gradient": {"variables": "variable"},
    "one_hot": {"indices": "x"}, "concatenate": {"tensors": "xs"}, "pow": {"a": "x2", "x": "x1"},
    "permute_dimensions": {"pattern": "axes"}, "gather": {"reference": "x"}, "repeat_elements": {"rep": "repeats"},
    "depthwise_conv2d": {"x": "inputs", "depthwise_kernel": "kernel"}, "dot": {"x": "x1", "y": "x2"},
    "conv2d": {"x": "inputs"}, "conv1d": {"x": "inputs"}, "conv3d": {"x": "inputs"}, "reverse": {"axes": "axis"},
    # Keras 1's names for the same parameters (Keras 1.2.2: random_normal(shape, mean, std), random_uniform(shape,
    # low, high), expand_dims(x, dim)), which Keras 2 renamed
    "random_normal": {"std": "stddev"}, "truncated_normal": {"std": "stddev"},
    "random_uniform": {"low": "minval", "high": "maxval"}, "expand_dims": {"dim": "axis"},
    **{name: {"x": "x1", "y": "x2"} for name in ("maximum", "minimum", "equal", "not_equal", "greater",
                                                  "greater_equal", "less", "less_equal")},
}
# Keras 2 arguments the Keras 3 function has no counterpart for: such a call is reported.
# Keras 1's convolutions took border_mode= and dim_ordering= (a 'th' kernel was (out, in, rows, cols)); Keras 2 refused
# them, and keras.ops.conv does too: such a call is reported, with what Keras 3 takes.
KERAS1_CONV = frozenset({"border_mode", "dim_ordering", "filter_dilation", "image_shape", "filter_shape", "volume_shape"})
UNSUPPORTED = {"constant": {"shape"}, "ones": {"name"}, "zeros": {"name"}, "eye": {"name"}, "variable": {"constraint"},
               **{f"conv{n}d": KERAS1_CONV for n in (1, 2, 3)}}
# Keras 2 functions whose `name=` only named the TensorFlow op they added to the graph (`tf.ones_like(x, name=name)`,
# `tf.constant(value, name=name)`): a tensor comes back either way, so the keyword goes. (`K.ones` / `K.zeros` named a
# variable, which a script may look up: those stay reported.)
OP_NAMES = frozenset({"constant", "ones_like", "zeros_like"})
# Keras 2 functions that made a named variable: where the call is an operand of arithmetic, only its value is used.
NAMED_VARIABLES = frozenset({"ones", "zeros", "eye"})
# Keras 2 functions whose later positional parameters are not the keras.ops function's: `K.constant(value, dtype,
# shape)`'s third is convert_to_tensor's `sparse`. Such a call is reported, as a shape keyword is.
MOST_POSITIONAL = {"constant": 2, "eye": 1}  # K.eye(size, dtype): keras.ops.eye's second is M, the columns
ORDERINGS = {"th": "channels_first", "tf": "channels_last"}
# The backend's name, which Keras 2's backend module held in `_BACKEND` (Keras 1's in `_backend`): K.backend() gives it
NAME_CONSTANTS = frozenset({"_BACKEND", "_backend"})
# What to use instead, for the functions reported.
KERAS1_CONV_ADVICE = ("a Keras 1 call (border_mode=, dim_ordering=): keras.ops.conv(x, kernel, strides, padding=, "
                      "data_format=, dilation_rate=) takes padding 'valid' or 'same' and the kernel as (rows, cols, in, "
                      "out) whatever the data format; a Theano-ordered kernel (out, in, rows, cols) needs "
                      "keras.ops.transpose(kernel, (2, 3, 1, 0))")
ADVICE = {
    **{f"conv{n}d": KERAS1_CONV_ADVICE for n in (1, 2, 3)},
    "image_dim_ordering": "compare keras.backend.image_data_format() with 'channels_first' / 'channels_last'",
    "set_image_dim_ordering": "keras.backend.set_image_data_format('channels_first' or 'channels_last')",
    "placeholder": "use keras.Input(batch_shape=...) for a model input; a value fed through feed_dict becomes an "
                   "argument of a function (tf.function) or of the model call",
    "control_flow_ops.while_loop": "use tf.while_loop; write loop_vars as a list of two or more (TensorFlow 2's "
                                   "returns a single loop variable in a list, Keras 2's bare)",
    "learning_phase": "Keras 3 has no global learning phase: pass training=True/False to the layer or model call",
    "set_learning_phase": "Keras 3 has no global learning phase: fit() calls the layers with training=True, "
                          "predict(), evaluate() and fit's validation with training=False; where the code relied "
                          "on another phase, call the model with training= (model(x, training=True))",
    "function": "call the model (or a keras.Model built on the tensors) instead",
    "variable": "use keras.Variable(initializer, dtype=..., name=...) (or self.add_weight in a layer; keras.Variable "
                "takes no constraint: add_weight(constraint=...) does)",
    "set_value": "call .assign(value) on the variable",
    "in_train_phase": "pass training= to the layer's call and choose with it",
    "resize_images": "use keras.layers.UpSampling2D or keras.ops.image.resize",
    "gradients": "use tf.GradientTape",
    "control_flow_ops": "use keras.ops.cond / keras.ops.while_loop or tf.cond",
    "switch": "use keras.ops.where(condition, x, y) where the condition has x's rank (Keras 2 tiled a lower-rank "
              "condition over x's last axes, keras.ops.where broadcasts it from the right), keras.ops.cond for a "
              "scalar condition",
    "l2_normalize": "use tf.math.l2_normalize(x, axis=...) (what Keras 2 called)",
    "moving_average_update": "Keras 3 models have no update ops to append to: for an average of the weights, "
                             "give the optimizer use_ema=True, ema_momentum=... (or assign it in a Callback)",
    "batch_get_value": "use [keras.ops.convert_to_numpy(v) for v in variables]",
    "dropout": "use tf.nn.dropout(x, rate, noise_shape, seed), what Keras 2 called (its level is the rate)",
    "local_conv1d": "give it the arguments Keras 2 took (inputs, kernel, kernel_size, strides, data_format) and run "
                    "again: Keras 2's own function is then copied into the file (Keras 3 has no unshared convolution)",
    "conv1d": "use keras.ops.conv(x, kernel, strides, padding, data_format, dilation_rate); for padding 'causal' pad "
              "x on the left by dilation_rate * (kernel_size - 1) steps (keras.ops.pad) and pass 'valid', as Keras 2 did",
    "pool2d": "use keras.ops.max_pool or keras.ops.average_pool(x, pool_size, strides=(1, 1), padding, data_format) "
              "(Keras 2's strides defaulted to (1, 1), Keras 3's to the window)",
    "conv2d_transpose": "give it the arguments Keras 2 took (x, kernel, output_shape, strides, padding, data_format, "
                        "dilation_rate) and run again: Keras 2's own function is then copied into the file "
                        "(keras.ops.conv_transpose computes the output shape from an output_padding instead)",
    "rnn": "give it the arguments Keras 2 took (step_function, inputs, initial_states, go_backwards, mask, constants, "
           "unroll, input_length) and run again: Keras 2's own function is then copied into the file (Keras 3 keeps "
           "its loop inside keras.layers.RNN: a cell with keras.layers.RNN is the Keras 3 way)",
    "map_fn": "use tf.map_fn(fn, elems, name=..., dtype=...) (what Keras 2 called; TensorFlow 2's takes dtype third)",
    "repeat": "use keras.ops.tile(keras.ops.expand_dims(x, 1), [1, n, 1])",
    "batch_set_value": "call variable.assign(value) for each pair",
    "dot": "use keras.ops.matmul (or keras.ops.tensordot for more than two dimensions)",
    "batch_dot": "use keras.layers.Dot(axes=...)([x, y]) with Keras 2's default axes written out: (-1, -2), or "
                 "(-1, -1) where y is 2D",
    "batch_flatten": "use keras.layers.Flatten(data_format='channels_last')(x)",
    # keras-contrib's backend functions, which code copied from it calls on Keras's (Keras 2.3.1 had neither)
    **{name: f"Keras 2.3.1's backend had no {name} either (keras-contrib's did: tf.nn.{name}(x, scale) on channels_last "
             "input, transposed to it and back for channels_first): use that"
       for name in ("depth_to_space", "space_to_depth")},
    # Keras 2 built an assign op that ran only when given to K.function(updates=), add_update or get_updates
    **{name: f"call x.{method}(value) where the update is to happen: Keras 2's {name} built an op that changed x "
             "only when run (K.function(updates=), layer.add_update, an optimizer's get_updates); Keras 3 has no "
             "update ops (a layer assigns in call(), an optimizer in update_step())"
       for name, method in (("update", "assign"), ("update_add", "assign_add"), ("update_sub", "assign_sub"))},
    "ctc_batch_cost": "use keras.ops.expand_dims(keras.ops.ctc_loss(keras.ops.cast(y_true, 'int32'), "
                      "keras.ops.log(y_pred + keras.backend.epsilon()), keras.ops.cast(keras.ops.squeeze(label_length, "
                      "-1), 'int32'), keras.ops.cast(keras.ops.squeeze(input_length, -1), 'int32'), "
                      "mask_index=num_classes - 1), 1) (Keras 2's blank was the last class)",
    "batch_normalization": "use keras.ops.batch_normalization(x, mean, variance, axis, offset=beta, scale=gamma, "
                           "epsilon=...) with statistics of one axis (Keras 3 reshapes them along axis)",
    "name_scope": "use keras.name_scope(name) (a string without '/')",
    "ctc_decode": "give it the arguments Keras 2 took (y_pred, input_length, greedy, beam_width, top_paths, and "
                  "merge_repeated for keras's) and run again: Keras 2's own function is then copied into the file "
                  "(keras.ops.ctc_decode pads to the input length and scores otherwise)",
    "tensorflow_backend._get_available_gpus": "use [d.name for d in tf.config.list_logical_devices('GPU')] (names "
                                              "'/device:GPU:0', Keras 2's began '/job:localhost/replica:0/task:0'; "
                                              "for the count, len(tf.config.list_logical_devices('GPU')))",
}
# An update in a Keras 2 optimizer's get_updates (AdamW, RAdam, gradient accumulation, weight normalization), which
# no Keras 3 optimizer calls: the class is to be ported, not the line.
UPDATES = {"update": "assign", "update_add": "assign_add", "update_sub": "assign_sub"}
OPTIMIZER_UPDATE = ("this is a Keras 2 optimizer's get_updates, which Keras 3 optimizers never call: port the class to "
                    "a keras.optimizers.Optimizer subclass whose build(var_list) makes the slots (self.add_variable_"
                    "from_reference) and update_step(gradient, variable, learning_rate) applies one step, where "
                    "K.{name}(x, v) becomes self.{method}(x, v)")
_OPS_ALIAS = re.compile(r"^import tensorflow as (\w+)\s*$", re.M)
# Passed on (not called), a backend function -> the Keras 3 function taking its parameters in the same order
PASSED_ON = {"relu": "keras.activations.relu"}


def _arg(value: str, keyword: str | None = None) -> cst.Arg:
    return cst.Arg(value=cst.parse_expression(value), keyword=cst.Name(keyword) if keyword else None,
                   equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace("")) if keyword else
                   cst.MaybeSentinel.DEFAULT)


class BackendFunctionsToOps(DropsStatements):
    NAME = "backend_functions_to_ops"
    ORDER = 40
    TRIGGERS = ("backend",)
    REQUIRES = ("keras",)  # a backend function is found by LibCST's own names, from the file's imports of Keras
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "Keras 2 backend functions (K.sum, K.cast, K.concatenate...) -> keras.ops; the rest reported"

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        """A backend function Keras 3 lacks may be named here. A site is a name LibCST resolves to
        `keras.backend.F` (or tensorflow.keras's) through the file's own imports (`_function`), so the text holds
        `keras` (REQUIRES), and either `from ...backend import`, or F after a dot after `backend` or after a name the
        backend module is imported as (`import keras.backend as K`, `from keras import backend as K`), with F
        not one of the functions Keras 3 kept (many files with `backend` call only `K.image_data_format()`,
        `K.epsilon()` and the like, which need nothing)."""
        module_k = _FROM_MODULE_K.search(source) is not None  # `from keras.layers import K`: no word `backend`
        if not (super().triggered(source, survey) or module_k):
            return False
        if _FROM_BACKEND.search(source):
            return True
        aliases = {b"backend", *_BACKEND_ALIAS.findall(source), *([b"K"] if module_k else [])}
        uses = re.compile(rb"\b(?:" + b"|".join(re.escape(alias) for alias in sorted(aliases)) + rb")[ \t]*\.[ \t]*(\w+)")
        return any(name.decode() not in KEPT for name in uses.findall(source))  # `K.tf.X` too: it becomes tf.X

    def visit_Module(self, node: cst.Module) -> None:
        found = _OPS_ALIAS.search(node.code)
        self.source = node.code
        self.feeds = "feed_dict" in node.code  # placeholders fed through a session: no keras.Input in their place
        self.tf = found.group(1) if found else None
        self.orderings: set[int] = set()  # the image_dim_ordering() calls a comparison rewrites
        self.inference = self.dropped  # the K.set_learning_phase(0) statements removed, and their calls
        self.phase_calls = calls_after(node) if "set_learning_phase" in node.code else {}
        self.saved_phases = self._saved_phases(node) if "set_learning_phase" in node.code else set()
        self.counted: set[int] = set()  # calls of _get_available_gpus() whose result only len() reads
        self.callees: set[int] = set()  # the callee of every call (a backend function named elsewhere is passed on)
        self.assigned: set[int] = set()  # attributes assigned to (`K._BACKEND = 'theano'` is not a read)
        self.operands: set[int] = set()  # calls that are an operand of arithmetic (`K.ones(s, name=n) * 0.42`)
        self.copied: dict[str, str] = {}  # Keras 2 backend functions written into the file: name -> source
        self.defined = {found.name.value for found in node.body if isinstance(found, (cst.FunctionDef, cst.ClassDef))}
        self.classes: list[tuple[bool, int]] = []  # (a Keras layer's class, functions open when it began)
        self.functions: list[dict] = []  # per function open: whether it is a layer's call, whether it needs training
        # module constants set once to a literal (`TEST_PHASE = 0`), for the learning phase given by name
        values: dict[str, list[str]] = {}
        for statement in node.body:
            for small in getattr(statement, "body", ()) if isinstance(statement, cst.SimpleStatementLine) else ():
                if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
                    values.setdefault(small.targets[0].target.value, []).append(code(small.value))
        self.constants = {name: found[0] for name, found in values.items() if len(found) == 1}

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        return with_helpers(self.context, updated, self.copied) if self.copied else updated

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        keras_base = any(name.startswith(("keras.", "tensorflow.keras.")) for base in node.bases
                         for name in self.qualified_names(base.value))
        self.classes.append((keras_base, len(self.functions)))

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
        self.classes.pop()
        return updated

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        """A Keras layer's `call` (a method of a class deriving from a Keras class): Keras 3 gives it `training`
        (True under fit, False under predict/evaluate) when its signature names it."""
        params = node.params
        layer_call = node.name.value == "call" and bool(self.classes) and self.classes[-1][0] and \
            self.classes[-1][1] == len(self.functions)
        has_training = any(param.name.value == "training" for param in (*params.params, *params.kwonly_params))
        can_add = not has_training and not isinstance(params.star_arg, cst.Param) and params.star_kwarg is None and \
            "training" not in {name.value for name in names_in(node.body)}
        layer_call = layer_call and (has_training or can_add)
        self.functions.append({"layer_call": layer_call, "add": False, "has_training": has_training,
                               "name": node.name.value, "phases": self._phases_read_as_truth(node) if layer_call else set()})

    def _phases_read_as_truth(self, node: cst.FunctionDef) -> set[int]:
        """The `K.learning_phase()` calls of a layer's `call` whose value is only tested: an `if`'s, a `while`'s or a
        conditional expression's test, after `not`, in_train_phase's `training=`, or a name bound once to the call
        and read only so (ElizavetaKharlova/seq2seq-solar-forecasting's `istraining = K.learning_phase()`). Keras 2's
        phase was 1 under fit and 0 otherwise, as Keras 3's `training` is true under fit and false or None otherwise;
        a value handed on (`tf.cond(K.learning_phase(), ...)`, which takes no Python bool) is left reported."""
        if "learning_phase" not in code(node.body):
            return set()
        tested = {id(found.test) for found in m.findall(node.body, m.If() | m.While() | m.IfExp())}
        tested |= {id(found.expression) for found in m.findall(node.body, m.UnaryOperation(operator=m.Not()))}
        tested |= {id(arg.value) for call in m.findall(node.body, m.Call()) if self._function(call.func) == "in_train_phase"
                   for arg in call.args if arg.keyword is not None and arg.keyword.value == "training"}
        phases = {id(call) for call in m.findall(node.body, m.Call(args=[]))
                  if self._function(call.func) == "learning_phase"}
        found = phases & tested
        for line in m.findall(node.body, m.Assign(targets=[m.AssignTarget(target=m.Name())], value=m.Call(args=[]))):
            name = line.targets[0].target.value
            reads = [read for read in m.findall(node.body, m.Name(name)) if read is not line.targets[0].target]
            bindings = m.findall(node.body, m.AssignTarget(target=m.Name(name)) | m.Param(name=m.Name(name)))
            if id(line.value) in phases and len(bindings) == 1 and reads and all(id(read) in tested for read in reads):
                found.add(id(line.value))
        return found

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        frame = self.functions.pop()
        if not frame["add"]:
            return updated
        return with_parameter(updated, "training")

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        """`K.set_learning_phase(0)` on a line of its own: Keras 3 layers infer unless called with training=True
        (fit does), so the statement has nothing left to do and goes, unless its function (or module) trains after
        it: Keras 2 then trained with Dropout off and BatchNormalization frozen, and it is reported. A learning phase
        of 1 is reported (where only training follows, `training_learning_phase` has removed it)."""
        if id(node) in self.saved_phases:
            self.inference.add(id(node))
            self.inference.add(id(node.body[0].value))
            return
        if len(node.body) != 1 or not isinstance(node.body[0], cst.Expr) or not isinstance(node.body[0].value, cst.Call):
            return
        call = node.body[0].value
        phase = code(call.args[0].value) if len(call.args) == 1 else None
        if self._function(call.func) == "set_learning_phase" and call.args[0].keyword is None and \
                self.constants.get(phase, self._imported_constant(call.args[0].value) or phase) in ("0", "False") and \
                not trains_after(self.phase_calls.get(id(node), set())):
            self.inference.add(id(call))
            self.inference.add(id(node))

    def _saved_phases(self, module: cst.Module) -> set[int]:
        """The lines `phase = K.learning_phase()` and `K.set_learning_phase(phase)` where that is all the file does
        with `phase`: Keras 2 code saved the phase to put it back after a K.set_learning_phase(0) (yolo3/map.py of
        fsx950223/mobilenetv2-yolov3, around a callback's evaluation). Keras 3 has no phase to save or restore:
        the lines go (and the set to 0 between them as any other)."""
        lines: set[int] = set()
        for line in m.findall(module, m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(m.Name())],
                                                                               value=m.Call(args=[]))])):
            assign = line.body[0]
            name = assign.targets[0].target.value
            if self._function(assign.value.func) != "learning_phase":
                continue
            restores = [each for each in m.findall(module, m.SimpleStatementLine(body=[m.Expr(m.Call(
                args=[m.Arg(m.Name(name), keyword=None)]))])) if self._function(each.body[0].value.func) ==
                "set_learning_phase"]
            assigned = [each for each in m.findall(module, m.AssignTarget(m.Name(name)))]
            if restores and len(assigned) == 1 and len(reads(module, name)) == 1 + len(restores):
                lines |= {id(line), *(id(each) for each in restores)}
        return lines

    def _imported_constant(self, node: cst.BaseExpression) -> str | None:
        """The value of a constant another file of the run sets once (`from constants import TEST_PHASE`, or
        `constants.TEST_PHASE`, where constants.py has `TEST_PHASE = 0`): the survey read it."""
        phases = dict(getattr(self.context.scratch.get("survey"), "phases", ()))
        values = {phases.get(".".join(name.name.split(".")[-2:])) for name in
                  self.get_metadata(QualifiedNameProvider, node, set()) if name.name.count(".") >= 1}
        return values.pop() if len(values) == 1 else None

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False  # `from keras.backend import sum`: the uses are rewritten, the import goes once unused

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine,
                                  updated: cst.SimpleStatementLine) -> cst.BaseStatement | cst.RemovalSentinel:
        """`from keras.backend import tf as ktf` (Keras 2.0-2.2's backend re-exported the tensorflow module) ->
        `import tensorflow as ktf` where it stood; beside other names, `tf` goes and the module is imported."""
        updated = super().leave_SimpleStatementLine(original, updated)
        if not isinstance(updated, cst.SimpleStatementLine) or len(updated.body) != 1 or \
                not isinstance(updated.body[0], cst.ImportFrom):
            return updated
        statement = updated.body[0]
        if statement.relative or statement.module is None or isinstance(statement.names, cst.ImportStar) or \
                code(statement.module) + "." not in BACKENDS:
            return updated
        reexports = [alias for alias in statement.names if code(alias.name) == "tf"]
        if not reexports:
            return updated
        self.converted()
        local = [code(alias.asname.name) if alias.asname else "tf" for alias in reexports]
        if len(reexports) == len(statement.names):
            return updated.with_changes(body=[cst.Import(names=[cst.ImportAlias(
                cst.Name("tensorflow"), asname=cst.AsName(cst.Name(name)) if name != "tensorflow" else None)
                for name in local])])
        for name in local:
            AddImportsVisitor.add_needed_import(self.context, "tensorflow", asname=name if name != "tensorflow" else None)
        kept = [alias for alias in statement.names if alias not in reexports]
        kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated.with_changes(body=[statement.with_changes(names=kept)])

    def _function(self, node: cst.BaseExpression) -> str | None:
        """The Keras 2 backend function `node` names, or None. LibCST's own names only (and a Keras 2 module's `K`):
        a star import's guess would take Python's `sum` for keras.backend's."""
        if not isinstance(node, (cst.Name, cst.Attribute)):
            return None
        for name in self.get_metadata(QualifiedNameProvider, node, set()):
            # `from keras.layers import K`: Keras 2's modules re-exported the backend; `tensorflow._api.v1.keras` is
            # tf.keras's (legacy_import_paths respells the import after this rule)
            qualified = backend_of(public(name.name))
            for prefix in BACKENDS:
                function = qualified.removeprefix(prefix)
                if function != qualified and function.split(".")[0] not in KEPT | {"tf"}:
                    return function  # `device_lib.list_local_devices`: a module Keras 2 exposed, reported
        return None

    def visit_Call(self, node: cst.Call) -> None:
        """`len(K.tensorflow_backend._get_available_gpus())`: only the number of GPUs is read."""
        self.callees.add(id(node.func))
        if isinstance(node.func, cst.Name) and node.func.value == "len" and len(node.args) == 1 and \
                isinstance(node.args[0].value, cst.Call) and node.args[0].keyword is None and \
                self._function(node.args[0].value.func) == "tensorflow_backend._get_available_gpus":
            self.counted.add(id(node.args[0].value))

    def visit_Comparison(self, node: cst.Comparison) -> None:
        left = node.left
        if not (isinstance(left, cst.Call) and not left.args and isinstance(left.func, cst.Attribute)
                and self._function(left.func) == "image_dim_ordering" and len(node.comparisons) == 1):
            return
        target = node.comparisons[0]
        literal = target.comparator
        if isinstance(target.operator, (cst.Equal, cst.NotEqual)) and isinstance(literal, cst.SimpleString) \
                and literal.evaluated_value in ORDERINGS:
            self.orderings.add(id(left))

    def leave_Comparison(self, original: cst.Comparison, updated: cst.Comparison) -> cst.BaseExpression:
        """`K.image_dim_ordering() == 'th'` -> `K.image_data_format() == 'channels_first'`."""
        if id(original.left) not in self.orderings:
            return updated
        self.converted()
        literal = original.comparisons[0].comparator
        quote = literal.quote
        func = updated.left.func.with_changes(attr=cst.Name("image_data_format"))
        return updated.with_changes(left=updated.left.with_changes(func=func), comparisons=[
            updated.comparisons[0].with_changes(
                comparator=cst.SimpleString(f"{quote}{ORDERINGS[literal.evaluated_value]}{quote}"))])

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        function = self._function(original.func)
        if function is None or any(part.removesuffix("()") in SESSION_FUNCTIONS for part in function.split(".")):
            return updated
        if id(original) in self.orderings or id(original) in self.inference:
            return updated  # rewritten by leave_Comparison, removed by leave_SimpleStatementLine
        frame = self.functions[-1] if self.functions else None
        if function == "learning_phase" and frame is not None and id(original) in frame["phases"]:
            frame["add"] = not frame["has_training"]
            self.converted()
            return cst.Name("training")
        if function == "set_image_dim_ordering":
            return self._set_ordering(original, updated)
        if function == "image_dim_ordering" and not original.args and isinstance(updated.func, cst.Attribute):
            # Keras 2's legacy getter, read for its value: 'th' for channels_first, 'tf' otherwise, exactly
            func = code(updated.func.with_changes(attr=cst.Name("image_data_format")))
            return self._rewritten(original, cst.parse_expression(
                f"('th' if {func}() == 'channels_first' else 'tf')"))
        keywords = {arg.keyword.value for arg in original.args if arg.keyword is not None}
        starred = any(arg.star for arg in original.args)
        if function in SHAPES and len(original.args) == 1 and not keywords and not starred:
            return self._rewritten(original, cst.parse_expression(
                SHAPES[function].format(x=self._operand(updated.args[0].value), arg=code(updated.args[0].value))))
        if function == "set_value" and len(original.args) == 2 and not keywords and not starred:
            target = self._operand(self._learning_rate(updated.args[0].value))
            return self._rewritten(original, cst.parse_expression(f"{target}.assign({code(updated.args[1].value)})"))
        if function == "get_value" and len(original.args) == 1 and not keywords and not starred:
            updated = updated.with_changes(args=[updated.args[0].with_changes(
                value=self._learning_rate(updated.args[0].value))])
        if function == "relu" and len(original.args) == 2 and keywords == {"max_value"} and \
                code(original.args[1].value) in ("6", "6.", "6.0"):
            return self._rewritten(original, updated.with_changes(func=cst.parse_expression("keras.ops.relu6"),
                                                                  args=[updated.args[0].with_changes(comma=cst.MaybeSentinel.DEFAULT)]))
        if function in OTHERS and not starred and not keywords & UNSUPPORTED.get(function, set()):
            target, positions, defaults = OTHERS[function]
            args = _keywords(_renamed(list(updated.args), KEYWORDS.get(function, {})), positions)
            if args is not None:
                if target.startswith("tf."):
                    target = self._tf() + target[2:]
                keywords = {arg.keyword.value for arg in args if arg.keyword is not None}
                for keyword, value in defaults.items():
                    if keyword not in keywords:
                        args[-1] = args[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                        args.append(_arg(value, keyword))
                return self._rewritten(original, updated.with_changes(func=cst.parse_expression(target), args=args))
        if function in CALLED_AS and not starred:
            rewritten = CALLED_AS[function](self, original, updated)
            if rewritten is not None:
                return self._rewritten(original, rewritten)
        if function == "l2_normalize" and len(original.args) == 2 and not starred and keywords <= {"axis"}:
            # Keras 2's TensorFlow backend: tf.nn.l2_normalize(x, axis=axis), exactly
            return self._rewritten(original, updated.with_changes(
                func=cst.parse_expression(f"{self._tf()}.math.l2_normalize")))
        if function == "switch" and not starred:
            return self._switch(original, updated)
        if function == "in_train_phase" and not starred:
            return self._in_train_phase(original, updated)
        if function == "shape" and len(original.args) == 1 and not keywords and not starred:
            return self._rewritten(original, updated.with_changes(func=cst.parse_expression(f"{self._tf()}.shape")))
        if function == "conv1d" and not starred and self._causal(original):
            self._report(original, function)
            return updated
        if function in ("conv1d", "conv2d", "conv3d") and not starred and not keywords & KERAS1_CONV:
            self._conv_layout(original, function)
        if function in NAMED_VARIABLES and "name" in keywords and id(original) in self.operands:
            # `K.ones(shape, name=n) * 0.42` (flomlo/ntm_keras): the variable is read once, where it is made, and nothing
            # can look it up by name (Keras 3 has no graph collections): its value, a tensor, is all that is used
            keywords = keywords - {"name"}
            updated = updated.with_changes(args=_without_name(list(updated.args)))
        if function == "eye" and original.args and isinstance(original.args[0].value, (cst.Tuple, cst.List)) and \
                original.args[0].keyword is None and len(original.args[0].value.elements) == 2:
            updated = updated.with_changes(args=_eye_size(list(updated.args)))  # K.eye((n, m)): n rows, m columns
        if function in OPS and not starred and not keywords & UNSUPPORTED.get(function, set()) and \
                sum(arg.keyword is None for arg in original.args) <= MOST_POSITIONAL.get(function, len(original.args)):
            target, defaults = OPS[function]
            args = _renamed(_op_name_dropped(function, list(updated.args)), KEYWORDS.get(function, {}))
            for keyword, (position, value) in defaults.items():
                if keyword not in keywords and len(args) < position:
                    if args:
                        args[-1] = args[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                    args.append(_arg(value, keyword))
            return self._rewritten(original, updated.with_changes(func=cst.parse_expression(f"keras.ops.{target}"),
                                                                  args=args))
        self._report(original, function)
        return updated

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self.assigned.add(id(node.target))

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        self.operands.update((id(node.left), id(node.right)))

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        """`K.tf.convert_to_tensor(...)`: Keras 2's backend re-exported the tensorflow module as `tf`. `K._BACKEND`
        read (Keras 1's `K._backend`): the backend module held its name there, what `K.backend()` returned (and Keras
        3's gives). A backend function passed on rather than called (`return K.binary_crossentropy` as a loss,
        `Lambda(K.ones_like)`) whose keras.ops twin takes the same arguments with the same defaults (SAME) -> that
        twin: whoever calls it gets what Keras 2's gave; `K.relu` passed on (`Activation(activation=K.relu)`) ->
        `keras.activations.relu`, whose parameters are Keras 2's in the same order with the same defaults and meaning
        (only `alpha` is named `negative_slope`: a caller passing it by name fails, never computes otherwise)."""
        twin = f"keras.ops.{original.attr.value}" if original.attr.value in SAME else PASSED_ON.get(original.attr.value)
        if id(original) not in self.callees and twin is not None and id(original) not in self.assigned \
                and self._function(original) == original.attr.value:
            self.converted()
            AddImportsVisitor.add_needed_import(self.context, "keras")
            return cst.parse_expression(twin)
        if original.attr.value in NAME_CONSTANTS and id(original) not in self.assigned and \
                f"keras.backend.{original.attr.value}" in {
                    name.name for name in self.get_metadata(QualifiedNameProvider, original, set())}:
            self.converted()
            return cst.Call(func=updated.with_changes(attr=cst.Name("backend")))
        if original.attr.value != "tf" or not isinstance(original.value, (cst.Name, cst.Attribute)):
            return updated
        names = {name.name for name in self.get_metadata(QualifiedNameProvider, original, set())}
        if not names & {prefix + "tf" for prefix in BACKENDS}:
            return updated
        self.converted()
        return cst.parse_expression(self._tf())

    def visit_Arg(self, node: cst.Arg) -> None:
        """A backend function Keras 3 lacks, passed on rather than called (`loss=K.binary_crossentropy`)."""
        function = self._function(node.value)
        if (function in SAME or function in PASSED_ON) and isinstance(node.value, cst.Attribute):
            return  # renamed to its Keras 3 twin (leave_Attribute)
        if function is not None and function not in NAME_CONSTANTS and not any(
                part.removesuffix("()") in SESSION_FUNCTIONS for part in function.split(".")):
            self._report(node.value, function)

    def _causal(self, original: cst.Call) -> bool:
        """Whether `K.conv1d`'s padding may be 'causal', which keras.ops.conv lacks (Keras 2 padded the steps on
        the left itself): a literal 'causal', or a value the text does not tell (`self.padding`) in a file
        that names 'causal' anywhere."""
        given = _given(original, ("x", "kernel", "strides", "padding", "data_format", "dilation_rate"))
        padding = given.get("padding") if given is not None else None
        if padding is None or isinstance(padding, cst.SimpleString):
            return padding is not None and padding.evaluated_value == "causal"
        return "causal" in self.source

    def _conv_layout(self, original: cst.Call, function: str) -> None:
        """Keras 2 moved channels_first inputs to channels_last on a CPU; keras.ops.conv (as Keras 3's Conv2D)
        hands them to TensorFlow's CPU kernel, which without oneDNN takes channels_last only: said where the
        call's data_format is not the literal 'channels_last'."""
        args = _arguments(original, ("x", "kernel", "strides", "padding", "data_format", "dilation_rate"))
        data_format = args[4] if args is not None and len(args) > 4 else None
        if isinstance(data_format, cst.SimpleString) and data_format.evaluated_value == "channels_last":
            return
        self.report(original, f"K.{function} -> keras.ops.conv: with data_format channels_first on a CPU, TensorFlow "
                              "without oneDNN refuses it (NHWC only), as it does Keras 3's Conv2D; Keras 2 "
                              "transposed there", advice=True)

    def _report(self, node: cst.CSTNode, function: str) -> None:
        advice = function_advice(node) if function == "function" and isinstance(node, cst.Call) else \
            ADVICE.get(function, "find its keras.ops or TensorFlow counterpart")
        if function in UPDATES and any(frame["name"] == "get_updates" for frame in self.functions):
            advice = OPTIMIZER_UPDATE.format(name=function, method=UPDATES[function])
        self.report(node, f"keras.backend.{function} is gone in Keras 3 (keras.backend keeps only floatx, epsilon, "
                          f"image_data_format and a few more): {advice}")

    def _set_ordering(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        literal = original.args[0].value if len(original.args) == 1 else None
        if not (isinstance(updated.func, cst.Attribute) and isinstance(literal, cst.SimpleString)
                and literal.evaluated_value in ORDERINGS):
            self._report(original, "set_image_dim_ordering")
            return updated
        self.converted()
        quote = literal.quote
        return updated.with_changes(func=updated.func.with_changes(attr=cst.Name("set_image_data_format")), args=[
            updated.args[0].with_changes(value=cst.SimpleString(f"{quote}{ORDERINGS[literal.evaluated_value]}{quote}"))])

    def _switch(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        """`K.switch(c, lambda: a, lambda: b)` -> `keras.ops.cond(c, ...)` (Keras 2's scalar-condition path,
        tf.cond; a condition that is not a scalar stops loudly). `K.switch(c, a, b)` -> `keras.ops.where(c, a,
        b)`, exact where the condition has the values' rank (a mask of them, as in YOLO losses) or is a scalar;
        advice says what to do where it has fewer axes (Keras 2 lined those up with the leading axes)."""
        args = _arguments(updated, ("condition", "then_expression", "else_expression"))
        if args is None:
            self._report(original, "switch")
            return updated
        condition, then, otherwise = args
        lambdas = [_thunk(then), _thunk(otherwise)]
        if any(isinstance(x, cst.Lambda) and body is None for x, body in zip((then, otherwise), lambdas, strict=True)):
            self._report(original, "switch")  # a function of arguments: not a branch
            return updated
        if any(body is not None for body in lambdas):  # tf.cond's idiom: a scalar condition (else cond says so)
            then, otherwise = (x if body is not None else cst.parse_expression(f"lambda: {code(x)}")
                               for x, body in zip((then, otherwise), lambdas, strict=True))
            return self._rewritten(original, cst.parse_expression(
                f"keras.ops.cond({code(condition)}, {code(then)}, {code(otherwise)})"))
        self.report(original, "K.switch -> keras.ops.where: if the condition has fewer axes than the values, "
                              "give it their trailing axes (keras.ops.expand_dims): Keras 2 aligned it with the "
                              "leading ones", advice=True)
        return self._rewritten(original, cst.parse_expression(
            f"keras.ops.where({code(condition)}, {code(then)}, {code(otherwise)})"))

    def _in_train_phase(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        """`K.in_train_phase(x, alt, training=training)` -> `(x if training else alt)`, a `lambda: x` called
        in place: Keras 3 passes the layer's call a Python `training` (True in fit). Without `training=`,
        Keras 2 read its global learning phase, 1 under fit and 0 under predict and evaluate: in a Keras layer's
        own `call` that is what Keras 3 passes as `training`, so the call gets a `training=None` parameter
        where it has none (anago's CRF); elsewhere Keras 3 has nothing to read: reported."""
        args = _arguments(updated, ("x", "alt", "training"))
        frame = self.functions[-1] if self.functions else None
        if args is not None and args[2] is None and frame is not None and frame["layer_call"]:
            args = (*args[:2], cst.Name("training"))
            if any(isinstance(value, cst.Lambda) and _thunk(value) is None for value in args[:2]):
                args = None
            elif not frame["has_training"]:
                frame["add"] = True
        if args is None or args[2] is None:
            self._report(original, "in_train_phase")
            return updated
        x, alt, training = args
        if any(isinstance(value, cst.Lambda) and _thunk(value) is None for value in (x, alt)):
            self._report(original, "in_train_phase")
            return updated
        x, alt = (_thunk(value) or value for value in (x, alt))
        return self._rewritten(original, cst.parse_expression(
            f"({code(x)} if {code(training)} else {code(alt)})"))

    def _rewritten(self, original: cst.Call, replacement: cst.BaseExpression) -> cst.BaseExpression:
        self.converted()
        if "keras." in code(replacement):
            AddImportsVisitor.add_needed_import(self.context, "keras")
        if "numpy." in code(replacement):
            AddImportsVisitor.add_needed_import(self.context, "numpy")
        if isinstance(original.func, cst.Name):  # `from keras.backend import sum as ksum`: the import goes once unused
            for name in self.get_metadata(QualifiedNameProvider, original.func, set()):
                module, _, obj = name.name.rpartition(".")
                RemoveImportsVisitor.remove_unused_import(self.context, module, obj, original.func.value
                                                          if original.func.value != obj else None)
        return replacement

    def _tf(self) -> str:
        if self.tf is None:
            AddImportsVisitor.add_needed_import(self.context, "tensorflow")
            return "tensorflow"
        return self.tf

    @staticmethod
    def _learning_rate(node: cst.BaseExpression) -> cst.BaseExpression:
        """`model.optimizer.lr` -> `model.optimizer.learning_rate`: Keras 3 optimizers have no `lr`."""
        if isinstance(node, cst.Attribute) and node.attr.value == "lr" and \
                code(node.value).rsplit(".", 1)[-1] in ("optimizer", "opt"):
            return node.with_changes(attr=cst.Name("learning_rate"))
        return node

    @staticmethod
    def _operand(node: cst.BaseExpression) -> str:
        text = code(node)
        simple = isinstance(node, (cst.Name, cst.Attribute, cst.Subscript, cst.Call))
        return text if simple else f"({text})"


def _arguments(call: cst.Call, names: tuple[str, ...]) -> list[cst.BaseExpression | None] | None:
    """The call's arguments in `names`' order (positional or by keyword; the last may be absent: None), or
    None when they are not all there or one is not known."""
    found: list[cst.BaseExpression | None] = [None] * len(names)
    for index, arg in enumerate(call.args):
        if arg.keyword is None:
            if index >= len(names):
                return None
            found[index] = arg.value
        elif arg.keyword.value in names:
            found[names.index(arg.keyword.value)] = arg.value
        else:
            return None
    return None if any(value is None for value in found[:-1]) else found


def _given(call: cst.Call, names: tuple[str, ...]) -> dict[str, cst.BaseExpression] | None:
    """The call's arguments by parameter name (positional ones in `names`' order), or None where one is starred,
    unknown, beyond `names` or given twice."""
    found: dict[str, cst.BaseExpression] = {}
    for index, arg in enumerate(call.args):
        name = arg.keyword.value if arg.keyword is not None else names[index] if index < len(names) else None
        if arg.star or name not in names or name in found:
            return None
        found[name] = arg.value
    return found


def _thunk(value: cst.BaseExpression) -> cst.BaseExpression | None:
    """The body of `lambda: body` (no parameters), or None."""
    if isinstance(value, cst.Lambda) and not value.params.params and not value.params.posonly_params \
            and not value.params.kwonly_params and value.params.star_arg is cst.MaybeSentinel.DEFAULT \
            and value.params.star_kwarg is None:
        return value.body
    return None


def _op_name_dropped(function: str, args: list[cst.Arg]) -> list[cst.Arg]:
    """The arguments without a `name=` that only named a graph op (OP_NAMES): Keras 3's function has no such
    parameter, and eager TensorFlow ignores op names."""
    if function not in OP_NAMES or not any(arg.keyword is not None and arg.keyword.value == "name" for arg in args):
        return args
    return _without_name(args)


def _eye_size(args: list[cst.Arg]) -> list[cst.Arg]:
    """`K.eye((n, m), ...)`'s size as keras.ops.eye's N and M."""
    rows, columns = (element.value for element in args[0].value.elements)
    space = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    return [cst.Arg(rows, comma=space), cst.Arg(columns, keyword=cst.Name("M"), equal=cst.AssignEqual(
        whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")),
        comma=args[0].comma), *args[1:]]


def _without_name(args: list[cst.Arg]) -> list[cst.Arg]:
    kept = [arg for arg in args if arg.keyword is None or arg.keyword.value != "name"]
    return kept[:-1] + [kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)] if kept else kept


def _renamed(args: list[cst.Arg], renames: dict[str, str]) -> list[cst.Arg]:
    """Keyword arguments under the keras.ops function's own parameter names."""
    return [arg.with_changes(keyword=cst.Name(renames[arg.keyword.value]))
            if arg.keyword is not None and arg.keyword.value in renames else arg for arg in args]


def _keywords(args: list[cst.Arg], parameters: tuple[str, ...]) -> list[cst.Arg] | None:
    """The arguments with every positional one after the first given its parameter's name as a keyword, or
    None when there are more positional arguments than `parameters`."""
    positional = [arg for arg in args if arg.keyword is None]
    if len(positional) > len(parameters):
        return None
    return [arg if arg.keyword is not None or index == 0 else arg.with_changes(
        keyword=cst.Name(parameters[index]), equal=_arg("0", "x").equal) for index, arg in enumerate(args)]


def _while_loop(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """`K.control_flow_ops.while_loop(cond, body, [a, b])` -> `tf.while_loop(...)`. Keras 2's backend re-exported
    TensorFlow's graph-mode while_loop (tf.compat.v1's); TF 2's takes the same first three arguments and differs
    only where loop_vars flattens to one value (v1 returned it bare, TF 2 in its list) and in the order of `name`
    and `maximum_iterations`: so only loop_vars written as a list or tuple of two or more, and keywords."""
    args = _arguments(updated, ("cond", "body", "loop_vars"))
    loop_vars = args[2] if args is not None else None
    keywords = {arg.keyword.value for arg in updated.args if arg.keyword is not None}
    if not isinstance(loop_vars, (cst.List, cst.Tuple)) or len(loop_vars.elements) < 2 or \
            any(isinstance(element, cst.StarredElement) for element in loop_vars.elements) or \
            keywords - {"cond", "body", "loop_vars", "shape_invariants", "parallel_iterations", "back_prop",
                        "swap_memory", "maximum_iterations", "name"} or len(updated.args) - len(keywords) > 3:
        return None
    return updated.with_changes(func=cst.parse_expression(f"{rule._tf()}.while_loop"))


def _list_local_devices(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
    """`K.device_lib.list_local_devices()`: Keras 2's backend re-exported TensorFlow's device_lib module, which
    TensorFlow still has (`tensorflow.python.client.device_lib`): the same function, imported from there."""
    AddImportsVisitor.add_needed_import(rule.context, "tensorflow.python.client", "device_lib")
    return updated.with_changes(func=cst.parse_expression("device_lib.list_local_devices"))


def _placeholder(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """`K.placeholder(shape=(None, 224, 224, 3))` -> `keras.Input(batch_shape=(None, 224, 224, 3))`: a symbolic
    input of that shape (the batch axis included, as the placeholder's), floatx unless a dtype is given. A
    placeholder given only `ndim`, or in a file that feeds values through a session (`feed_dict`), has none."""
    args = _keywords(list(updated.args), ("shape", "ndim", "dtype", "sparse", "name"))
    if args is None or rule.feeds:
        return None
    named = {arg.keyword.value if arg.keyword is not None else "shape": arg for arg in args}
    if "shape" not in named or set(named) - {"shape", "dtype", "sparse", "name"}:
        return None
    named["shape"] = named["shape"].with_changes(keyword=cst.Name("batch_shape"), equal=_arg("0", "x").equal)
    return updated.with_changes(func=cst.parse_expression("keras.Input"), args=list(named.values()))


def _resize_images(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """`K.resize_images(x, 2, 2, 'channels_last', interpolation='bilinear')` ->
    `keras.layers.UpSampling2D(size=(2, 2), data_format='channels_last', interpolation='bilinear')(x)`: Keras 3
    moved the function into that layer (`UpSampling2D._resize_images`, the same steps as tf.keras 2's: integer
    factors, nearest by default, bilinear through the image resize with half-pixel centres)."""
    args = _arguments(updated, ("x", "height_factor", "width_factor", "data_format", "interpolation"))
    if args is None or args[3] is None:
        return None
    x, height, width, data_format, interpolation = args
    chosen = f", interpolation={code(interpolation)}" if interpolation is not None else ""
    return cst.parse_expression(f"keras.layers.UpSampling2D(size=({code(height)}, {code(width)}), "
                                f"data_format={code(data_format)}{chosen})({code(x)})")


def _bias_add(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """`K.bias_add(x, bias, data_format=f)` -> `tf.nn.bias_add(x, bias, data_format='NCHW' if f == 'channels_first'
    else 'NHWC')`: what Keras 2's TensorFlow backend called for a bias of one axis (every Keras layer's). A bias of
    more axes, which Keras 2 reshaped and added, stops tf.nn.bias_add with an error: advice says so."""
    args = _arguments(updated, ("x", "bias", "data_format"))
    if args is None:
        return None
    x, bias, data_format = args
    chosen = code(data_format) if data_format is not None else "keras.backend.image_data_format()"
    if data_format is None:
        AddImportsVisitor.add_needed_import(rule.context, "keras")
    rule.report(original, "K.bias_add -> tf.nn.bias_add, Keras 2's call for a bias of one axis; a bias of more axes "
                          "stops it with an error (add it, reshaped, instead)", advice=True)
    layout = f"'NCHW' if {chosen} == 'channels_first' else 'NHWC'" if not isinstance(data_format, cst.SimpleString) \
        else ("'NCHW'" if data_format.evaluated_value == "channels_first" else "'NHWC'")
    return cst.parse_expression(f"{rule._tf()}.nn.bias_add({code(x)}, {code(bias)}, data_format={layout})")


def _spatial_2d_padding(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """`K.spatial_2d_padding(x, ((t, b), (l, r)), data_format)` -> `keras.layers.ZeroPadding2D(padding=...,
    data_format=...)(x)`: Keras 2 padded rows and columns with zeros (tf.pad) on the axes the data format names,
    the configured format when none is given; Keras 3 moved that into the layer (ops.pad with the same pattern).
    Keras 2's default padding, ((1, 1), (1, 1)), is the layer's."""
    args = _arguments(updated, ("x", "padding", "data_format"))
    if args is None:
        args = _arguments(updated, ("x", "padding"))
        if args is None:
            return None
        args.append(None)
    x, padding, data_format = args
    chosen = [f"padding={code(padding)}"] if padding is not None else []
    chosen += [f"data_format={code(data_format)}"] if data_format is not None else []
    return cst.parse_expression(f"keras.layers.ZeroPadding2D({', '.join(chosen)})({code(x)})")


def _temporal_padding(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """`K.temporal_padding(x, (left, right))` -> `keras.ops.pad(x, [[0, 0], [left, right], [0, 0]])`: Keras 2's
    tf.pad of the steps axis of a 3D tensor with zeros, whatever the data format (ZeroPadding1D follows it);
    Keras 2's default padding is (1, 1). A padding not written out is `list(padding)`."""
    args = _arguments(updated, ("x", "padding"))
    if args is None:
        return None
    x, padding = args
    if padding is None:
        steps = "[1, 1]"
    elif isinstance(padding, (cst.Tuple, cst.List)) and len(padding.elements) == 2 and \
            not any(isinstance(element, cst.StarredElement) for element in padding.elements):
        steps = f"[{code(padding.elements[0].value)}, {code(padding.elements[1].value)}]"
    else:
        steps = f"list({code(padding)})"
    return cst.parse_expression(f"keras.ops.pad({code(x)}, [[0, 0], {steps}, [0, 0]])")


def _batch_dot(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """`K.batch_dot(x, y, axes=2)` -> `keras.layers.Dot(axes=2)([x, y])`: Keras 3 moved Keras 2's batch_dot (the
    same steps: rank-2 operands expanded, the reduced axes brought together, a matmul, the added axes squeezed)
    into that layer, which takes axes as batch_dot did (an int for both, a pair; a negative one counted from the
    end of each operand). Without axes Keras 2 reduced x's last axis with y's second to last (y's last for a
    2D y): written out where y is a name (`L`, `self.P`, `x[1]`), evaluated twice harmlessly; for another y
    (`hw_flatten(h)`, `Permute((2, 1))(x[1])`) Keras 2's function is copied into the file (`keras2_batch_dot`,
    the same choice of axes, then the layer)."""
    args = _arguments(updated, ("x", "y", "axes"))
    if args is None:
        return None
    x, y, axes = args
    if axes is None and not _pure(y):
        qualified = next((name for name in sorted(rule.qualified_names(original.func)) if name in BACKEND), None)
        return None if qualified is None else cst.parse_expression(
            f"{_copied(rule, qualified)}({code(x)}, {code(y)})")
    chosen = code(axes) if axes is not None else f"(-1, -1 if len({code(y)}.shape) == 2 else -2)"
    return cst.parse_expression(f"keras.layers.Dot(axes={chosen})([{code(x)}, {code(y)}])")


def _batch_flatten(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """`K.batch_flatten(x)` -> `keras.layers.Flatten(data_format='channels_last')(x)`: Keras 2 reshaped x to
    (batch, product of the other axes), (batch, 1) for a 1D x; so does Flatten, which with channels_last (the
    format given: the configured one would make it move a channels_first input's channels last) reorders nothing."""
    args = _arguments(updated, ("x", "unused"))
    if args is None or args[1] is not None:
        return None
    return cst.parse_expression(f"keras.layers.Flatten(data_format='channels_last')({code(args[0])})")


def _relu(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """`K.relu(x, alpha, max_value, threshold)` -> `keras.activations.relu(x, negative_slope=..., max_value=...,
    threshold=...)`: Keras 3's activation is Keras 2's function, its `alpha` named `negative_slope` (one argument
    is `keras.ops.relu`, and `max_value=6` `keras.ops.relu6`, above)."""
    names, renamed = ("x", "alpha", "max_value", "threshold"), {"alpha": "negative_slope"}
    found: dict[str, cst.BaseExpression] = {}
    for index, arg in enumerate(updated.args):
        name = names[index] if arg.keyword is None and index < len(names) else \
            arg.keyword.value if arg.keyword is not None else None
        if name not in names or name in found or arg.star:
            return None
        found[name] = arg.value
    if "x" not in found:
        return None
    given = [f"{renamed.get(name, name)}={code(found[name])}" for name in names[1:] if name in found]
    return cst.parse_expression(f"keras.activations.relu({', '.join([code(found['x']), *given])})")


def _available_gpus(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """`len(K.tensorflow_backend._get_available_gpus())` -> `len(tf.config.list_logical_devices('GPU'))`: Keras 2
    listed the session's logical devices whose name holds 'device:GPU' (XLA_GPU not among them), as TensorFlow 2
    lists its logical GPUs. Only counted: the names differ (Keras 2's began '/job:localhost/replica:0/task:0'),
    so a use of the names is reported."""
    if updated.args or id(original) not in rule.counted:
        return None
    return cst.parse_expression(f"{rule._tf()}.config.list_logical_devices('GPU')")


def _ctc_batch_cost(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """`K.ctc_batch_cost(y_true, y_pred, input_length, label_length)` -> `keras.ops.ctc_loss` as Keras 2.3.1 called
    TensorFlow's: the logits are log(y_pred + epsilon), the blank the last class (mask_index), the (batch, 1) lengths
    squeezed and cast to int32, the (batch,) loss expanded back to (batch, 1). The same numbers as Keras 2.3.1 to
    2e-6 (tests/codemod/test_backend_functions_to_ops.py, against the legacy stack's). y_pred is read twice (its
    class count): written out where it is a name, otherwise the call is reported."""
    args = _arguments(updated, ("y_true", "y_pred", "input_length", "label_length"))
    if args is None or args[3] is None or not isinstance(args[1], (cst.Name, cst.Attribute)):
        return None
    y_true, y_pred, input_length, label_length = (code(arg) for arg in args)
    lengths = [f"keras.ops.cast(keras.ops.squeeze({length}, -1), 'int32')" for length in (label_length, input_length)]
    return cst.parse_expression(
        f"keras.ops.expand_dims(keras.ops.ctc_loss(keras.ops.cast({y_true}, 'int32'), "
        f"keras.ops.log({y_pred} + keras.backend.epsilon()), {lengths[0]}, {lengths[1]}, "
        f"mask_index=keras.ops.shape({y_pred})[-1] - 1), 1)")


def _name_scope(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """`with K.name_scope('loss'):` -> `with keras.name_scope('loss'):`. Keras 2's was tf.name_scope (TF 1's,
    `name_scope(name, default_name=None, values=None)`); Keras 3's, with the TensorFlow backend, enters tf.name_scope
    under the same name (ops in a traced function are named `loss/...`) and names the variables made in it alike. Only
    the name given: Keras 3's takes a string without `/` (TF 1's `'scope/'` re-entered a scope: reported)."""
    if len(updated.args) != 1 or updated.args[0].keyword is not None:
        return None
    name = updated.args[0].value
    if isinstance(name, cst.Name) and name.value == "None" or \
            isinstance(name, cst.SimpleString) and "/" in name.evaluated_value:
        return None
    return updated.with_changes(func=cst.parse_expression("keras.name_scope"))


def _batch_normalization(rule: BackendFunctionsToOps, original: cst.Call,
                         updated: cst.Call) -> cst.BaseExpression | None:
    """`K.batch_normalization(x, mean, var, beta, gamma, epsilon=e)` -> `keras.ops.batch_normalization(x, mean, var,
    offset=beta, scale=gamma, epsilon=e, axis=-1)`, the call's layout kept: Keras 3 orders the parameters otherwise
    (axis third, offset and scale after it) and names the variance in full. Keras 2.3.1 normalized a 4D input along
    its last axis with TensorFlow's fused kernel (the statistics flattened to one axis) and any other with
    tf.nn.batch_normalization, broadcasting them as given; Keras 3's, with axis -1, calls the latter with them as
    given: the same values for statistics of one axis or of the input's rank with ones elsewhere
    (tests/codemod/data/keras231_batch_normalization_refs.npz). Both default epsilon to 1e-3. Another axis (Keras 3
    reshapes the statistics along it) is reported."""
    names = ("x", "mean", "var", "beta", "gamma", "axis", "epsilon")
    given: dict[str, cst.BaseExpression] = {}
    args = []
    for index, arg in enumerate(updated.args):
        name = names[index] if arg.keyword is None and index < len(names) else \
            arg.keyword.value if arg.keyword is not None and arg.keyword.value in names else None
        if name is None or arg.star:
            return None
        given[name] = arg.value
        # the first three stay where they are; the others by keyword, under Keras 3's names
        args.append(arg if index < 3 and arg.keyword is None else arg.with_changes(
            keyword=cst.Name(BATCH_NORMALIZATION_KEYWORDS.get(name, name)), equal=_arg("0", "x").equal))
    if not set(names[:5]) <= set(given) or ("axis" in given and code(given["axis"]).replace(" ", "") != "-1"):
        return None
    if "axis" not in given:  # Keras 3's axis has no default
        args[-1] = args[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        args.append(_arg("-1", "axis").with_changes(comma=updated.args[-1].comma))
    return updated.with_changes(func=cst.parse_expression("keras.ops.batch_normalization"), args=args)


def _ctc_decode(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """`K.ctc_decode(y_pred, input_length, greedy=False, beam_width=10)` -> `keras2_ctc_decode(...)`, the same
    arguments: Keras 2.3.1's function in TensorFlow 2's terms, written into the file (`keras2_helpers.BACKEND`),
    which returns what Keras 2 did (keras.ops.ctc_decode pads every path to the input's length, in one tensor, and
    its beam search scores otherwise). tf.keras's (`tf.keras.backend.ctc_decode`) merged repeated labels in its
    beam search and padded to the time axis: `tf_keras_ctc_decode`, its own text. The file's own function of that
    name (a second run) is called, not written twice. A call the function does not take is reported."""
    qualified = next((name for name in sorted(rule.qualified_names(original.func)) if name in BACKEND), None)
    if qualified is None:
        return None
    parameters = ("y_pred", "input_length", "greedy", "beam_width", "top_paths", "merge_repeated")
    parameters = parameters if qualified == "keras.backend.ctc_decode" else parameters[:-1]
    keywords = [arg.keyword.value for arg in updated.args if arg.keyword is not None]
    positional = len(updated.args) - len(keywords)
    if positional > len(parameters) or not set(keywords) <= set(parameters[positional:]) or \
            not {"y_pred", "input_length"} <= set(parameters[:positional]) | set(keywords):
        return None
    return updated.with_changes(func=cst.Name(_copied(rule, qualified)))


def _copied(rule: BackendFunctionsToOps, qualified: str) -> str:
    """The name Keras 2's function `qualified` (a key of `keras2_helpers.BACKEND`) is copied into the file under,
    copied unless the file defines it already (a second run)."""
    name, source = BACKEND[qualified]
    if name not in rule.defined:
        rule.copied[name] = source
    return name


def _pure(node: cst.BaseExpression) -> bool:
    """Whether reading `node` twice reads the same thing and does nothing else: a name, an attribute of one, or a
    subscript of one by a number or a name (`x[1]`, `self.inputs[i]`)."""
    if isinstance(node, cst.Name):
        return True
    if isinstance(node, cst.Attribute):
        return _pure(node.value)
    if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
        index = node.slice[0].slice.value
        return _pure(node.value) and (isinstance(index, (cst.Integer, cst.Name)) or
                                      isinstance(index, cst.UnaryOperation) and isinstance(index.expression, cst.Integer))
    return False


def _dropout(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """`K.dropout(x, level, noise_shape, seed)` -> `tf.nn.dropout(x, level, noise_shape, seed)`, what Keras 2.3.1's
    TensorFlow backend called (`rate=level`: the fraction dropped, the kept values scaled by 1 / (1 - level), a new
    mask at every call; a seed op-level, as there), TensorFlow 2's taking the same parameters in the same order.
    Not keras.random.dropout: without a seed it draws from Keras 3's global seed generator, a variable created at
    the first call, which a layer's call traced per replica under MirroredStrategy cannot create. Every argument but
    x is written as a keyword: TensorFlow 1's `tf.nn.dropout(x, keep_prob)` took the kept fraction second, and the
    TF1 table rewrites a positional one (`rate=1 - ...`) at the next run."""
    given = _given(updated, ("x", "level", "noise_shape", "seed"))
    if given is None or not {"x", "level"} <= set(given):
        return None
    args = _keywords(list(updated.args), ("x", "level", "noise_shape", "seed"))
    return updated.with_changes(func=cst.parse_expression(f"{rule._tf()}.nn.dropout"),
                                args=_renamed(args, {"level": "rate"}))


def _repeat(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """`K.repeat(x, n)` -> `keras.ops.tile(keras.ops.expand_dims(x, 1), [1, n, 1])`: Keras 2's steps exactly (a
    2D x given a second axis, tiled n times along it), n an int or a tensor (`K.shape(x)[1]`)."""
    args = _arguments(updated, ("x", "n", "unused"))
    if args is None or args[1] is None or args[2] is not None:
        return None
    return cst.parse_expression(f"keras.ops.tile(keras.ops.expand_dims({code(args[0])}, 1), [1, {code(args[1])}, 1])")


def _map_fn(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """`K.map_fn(fn, elems, name, dtype)` -> `tf.map_fn(fn, elems, name=name, dtype=dtype)`, what Keras 2's
    TensorFlow backend called; TensorFlow 2's map_fn takes dtype third, so the third and fourth are named."""
    names = ("fn", "elems", "name", "dtype")
    given = _given(updated, names)
    if given is None or not {"fn", "elems"} <= set(given):
        return None
    args = [arg.with_changes(keyword=cst.Name(names[index]), equal=_arg("0", "x").equal)
            if arg.keyword is None and index >= 2 else arg for index, arg in enumerate(updated.args)]
    return updated.with_changes(func=cst.parse_expression(f"{rule._tf()}.map_fn"), args=args)


def _pool2d(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """`K.pool2d(x, (3, 3), padding='same', pool_mode='avg')` -> `keras.ops.average_pool(x, (3, 3), strides=(1, 1),
    padding='same')` (`keras.ops.max_pool` for 'max', the default): Keras 2.3.1 called tf.nn.max_pool / avg_pool,
    which Keras 3's call with the same window, strides, padding and layout (a channels_first input transposed, as
    Keras 2 did on a CPU). Keras 2's strides defaulted to (1, 1), Keras 3's to the window: written out. A pool_mode
    that is not a literal is reported."""
    names = ("x", "pool_size", "strides", "padding", "data_format", "pool_mode")
    given = _given(updated, names)
    if given is None or not {"x", "pool_size"} <= set(given):
        return None
    args = [given.get(name) for name in names]
    mode = args[5].evaluated_value if isinstance(args[5], cst.SimpleString) else "max" if args[5] is None else None
    function = {"max": "max_pool", "avg": "average_pool"}.get(mode)
    if function is None:
        return None
    size = code(args[1]) if any(arg.keyword is None for arg in updated.args[1:2]) else f"pool_size={code(args[1])}"
    given = [code(args[0]), size, f"strides={code(args[2]) if args[2] is not None else '(1, 1)'}"]
    given += [f"{name}={code(value)}" for name, value in zip(names[3:5], args[3:5], strict=True) if value is not None]
    return cst.parse_expression(f"keras.ops.{function}({', '.join(given)})")


def _local_conv1d(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """`K.local_conv1d(inputs, kernel, kernel_size, strides)` -> `keras2_local_conv1d(...)`, the same arguments:
    Keras 3 has no unshared convolution, so Keras 2.3.1's function, in keras.ops, is copied into the file."""
    args = _arguments(updated, ("inputs", "kernel", "kernel_size", "strides", "data_format"))
    qualified = next((name for name in sorted(rule.qualified_names(original.func)) if name in BACKEND), None)
    if args is None or args[3] is None or qualified is None:
        return None
    return updated.with_changes(func=cst.Name(_copied(rule, qualified)))


def _conv2d_transpose(rule: BackendFunctionsToOps, original: cst.Call,
                      updated: cst.Call) -> cst.BaseExpression | None:
    """`K.conv2d_transpose(x, kernel, output_shape, strides, padding=..., data_format=...)` ->
    `keras2_conv2d_transpose(...)`, the same arguments: keras.ops.conv_transpose computes the output shape from
    an output_padding, Keras 2 took the shape, so Keras 2.3.1's function, in TensorFlow 2's terms, is copied in."""
    given = _given(updated, ("x", "kernel", "output_shape", "strides", "padding", "data_format", "dilation_rate"))
    qualified = next((name for name in sorted(rule.qualified_names(original.func)) if name in BACKEND), None)
    if given is None or not {"x", "kernel", "output_shape"} <= set(given) or qualified is None:
        return None
    return updated.with_changes(func=cst.Name(_copied(rule, qualified)))


def _rnn(rule: BackendFunctionsToOps, original: cst.Call, updated: cst.Call) -> cst.BaseExpression | None:
    """`K.rnn(self.step, inputs, initial_states, mask=mask, constants=[...])` -> `keras2_rnn(...)`, the same
    arguments: Keras 3 keeps its loop inside the RNN layer, so Keras 2.3.1's function, in keras.ops (a scan that
    carries the last output and the states, a masked step keeping both), is copied in; custom recurrent, attention
    and CRF layers call it. tf.keras 2's `return_all_outputs=` is not copied: such a call is reported."""
    given = _given(updated, RNN_PARAMETERS)
    qualified = next((name for name in sorted(rule.qualified_names(original.func)) if name in BACKEND), None)
    if given is None or not {"step_function", "inputs", "initial_states"} <= set(given) or qualified is None:
        return None
    return updated.with_changes(func=cst.Name(_copied(rule, qualified)))


def _normalize_data_format(rule: BackendFunctionsToOps, original: cst.Call,
                           updated: cst.Call) -> cst.BaseExpression | None:
    """`K.normalize_data_format(data_format)` -> `keras2_normalize_data_format(data_format)`: Keras 3 has the check
    only privately (a layer's data_format is checked by the layer), so Keras 2.3.1's function is copied in."""
    qualified = next((name for name in sorted(rule.qualified_names(original.func)) if name in BACKEND), None)
    if _arguments(updated, ("value",)) is None or qualified is None:
        return None
    return updated.with_changes(func=cst.Name(_copied(rule, qualified)))


# Keras 2.3.1's K.rnn parameters, with tf.keras 2's two more (keras2_helpers' copy takes them all)
RNN_PARAMETERS = ("step_function", "inputs", "initial_states", "go_backwards", "mask", "constants", "unroll",
                  "input_length", "time_major", "zero_output_for_mask")
# Keras 2's batch_normalization parameters -> Keras 3's
BATCH_NORMALIZATION_KEYWORDS = {"var": "variance", "beta": "offset", "gamma": "scale"}


# Keras 2 functions rewritten by a function of the call (None: the call is reported).
CALLED_AS = {"control_flow_ops.while_loop": _while_loop, "device_lib.list_local_devices": _list_local_devices,
             "placeholder": _placeholder, "resize_images": _resize_images, "bias_add": _bias_add,
             "spatial_2d_padding": _spatial_2d_padding, "temporal_padding": _temporal_padding, "batch_dot": _batch_dot,
             "batch_flatten": _batch_flatten,
             "tensorflow_backend._get_available_gpus": _available_gpus, "ctc_batch_cost": _ctc_batch_cost,
             "name_scope": _name_scope, "batch_normalization": _batch_normalization, "relu": _relu,
             "ctc_decode": _ctc_decode, "dropout": _dropout, "repeat": _repeat, "map_fn": _map_fn, "pool2d": _pool2d,
             "local_conv1d": _local_conv1d, "conv2d_transpose": _conv2d_transpose,
             "normalize_data_format": _normalize_data_format, "rnn": _rnn}
