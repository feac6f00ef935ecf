"""Keras 1 argument names that Keras 2 still accepted (with a warning) and Keras 3 refuses or misreads.

`Dense(output_dim=8, init='uniform')`, `Convolution2D(32, 3, 3, border_mode='same', subsample=(2, 2))`,
`fit(..., nb_epoch=10)`, `Model(input=x, output=y)`: Keras 2 translated them (and Keras 1 dropped Keras 0's
`fit(show_accuracy=True)`, which goes with advice); Keras 3 raises on the keywords and, worse, reads
`Conv2D(32, 3, 3)`'s third positional as `strides`. Only calls that resolve to a Keras layer class (or a
`fit`-like method) are touched, each class by its own table, Keras 2.3.1's legacy interface for it (`Dropout(p=)` ->
`rate=`, `GaussianNoise(sigma=)` -> `stddev=`, `PReLU(init=)` -> `alpha_initializer=`, `LSTM(inner_activation=)` ->
`recurrent_activation=`...), and what its preprocessor did: `SeparableConv2D(init=)` initializes both kernels, a
recurrent layer's `forget_bias_init='one'` is `unit_forget_bias=True` (another value dropped and reported, as Keras 2
dropped it), its (or a Conv1D's) `input_dim`/`input_length` one `input_shape=(input_length, input_dim)` (Keras 3 would
read input_dim alone as the whole shape), `Embedding(dropout=)` dropped and reported.
Keras 1's functional `merge([a, b], mode='sum')` (imported from keras.layers, or read through it: `kl.merge(...)`; gone
since Keras 2) becomes the function of its mode, read alike (`kl.add(...)`), `add([a, b])`, `concatenate([a, b],
axis=concat_axis)`; a function mode (a lambda, a `def` of the file or a function imported from the project) becomes
`Lambda(f, output_shape=..., name=...)(inputs)`, the layer that calls f
on the same list as Keras 1's Merge did; a mode that is none of those (`'dot'`, `'cos'`, a name of unknown value) is
left, and reported at the call with what to write instead. Keras 1's BatchNormalization(mode=2) becomes a layer
written into the file (`_batchnorm_mode`). Keras 1's utilities too: `to_categorical(y, nb_classes=2)` ->
`num_classes=2`, `img_to_array(img, dim_ordering='th')` (and array_to_img's) -> `data_format='channels_first'`;
`AtrousConvolution2D(n, 3, 3, atrous_rate=(2, 2))` -> `Conv2D(n, (3, 3), dilation_rate=(2, 2))`, as Keras 2 made it; a
2-D transposed convolution's `output_shape` (`Deconv2D(n, (3, 3), output_shape=s)`, Keras 1's `Deconvolution2D(n, 3,
3, (None, 14, 14, n))`) goes, as Keras 2's legacy interface dropped it. Keras 1's
`keras.utils.visualize_util.plot(model, to_file, show_shapes, show_layer_names=True)` -> `keras.utils.plot_model`
(imported under the old name where the import stood), its show_layer_names given by keyword (Keras 3's fourth
parameter is show_dtype) and written out where the call left it to Keras 1's default, True (Keras 3's is False);
`model_to_dot` likewise (the same default).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor

from migrate.codemod.keras2_helpers import BATCHNORM_MODE_2, with_helpers
from migrate.codemod.outline import Outline
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code, keyword_arg, other_bindings, user_method_calls, without_keywords

LAYER_MODULES = ("keras.layers.", "tensorflow.keras.layers.", "keras.layers.core.", "keras.layers.convolutional.",
                 "keras.layers.recurrent.", "keras.layers.pooling.")
# Keras 2.3.1's legacy interfaces (keras/legacy/interfaces.py, `legacy_*_support`): Keras 1 keyword -> Keras 2 keyword,
# in Keras's order. Each table is one interface's `conversions`; LAYER_KEYWORDS says which classes' constructors it
# wrapped (tests/codemod/test_keras1_arguments.py reads both from Keras 2.3.1 itself, so they cannot drift).
DENSE = {"output_dim": "units", "init": "kernel_initializer", "W_regularizer": "kernel_regularizer",
         "b_regularizer": "bias_regularizer", "W_constraint": "kernel_constraint", "b_constraint": "bias_constraint",
         "bias": "use_bias"}
DROPOUT = {"p": "rate"}  # legacy_dropout_support, legacy_gaussiandropout_support, legacy_spatialdropout1d_support
SPATIAL_DROPOUT = {"p": "rate", "dim_ordering": "data_format"}  # legacy_spatialdropoutNd_support
EMBEDDING = {"init": "embeddings_initializer", "W_regularizer": "embeddings_regularizer",
             "W_constraint": "embeddings_constraint"}
POOLING_1D = {"pool_length": "pool_size", "stride": "strides", "border_mode": "padding"}
POOLING = {"border_mode": "padding", "dim_ordering": "data_format"}  # legacy_pooling2d_support, pooling3d's
DATA_FORMAT = {"dim_ordering": "data_format"}  # global pooling, UpSampling2D/3D, ZeroPadding2D/3D, Cropping2D/3D
PRELU = {"init": "alpha_initializer"}
GAUSSIAN_NOISE = {"sigma": "stddev"}
UPSAMPLING_1D = {"length": "size"}
# consume_less never gets here: _without_consume_less drops it first (Keras 3's implementation= changes nothing)
RECURRENT_KEYWORDS = {"output_dim": "units", "init": "kernel_initializer", "inner_init": "recurrent_initializer",
                      "inner_activation": "recurrent_activation", "W_regularizer": "kernel_regularizer",
                      "b_regularizer": "bias_regularizer", "U_regularizer": "recurrent_regularizer",
                      "dropout_W": "dropout", "dropout_U": "recurrent_dropout", "consume_less": "implementation"}
CONV_1D = {"nb_filter": "filters", "filter_length": "kernel_size", "subsample_length": "strides",
           "border_mode": "padding", "init": "kernel_initializer", "W_regularizer": "kernel_regularizer",
           "b_regularizer": "bias_regularizer", "W_constraint": "kernel_constraint", "b_constraint": "bias_constraint",
           "bias": "use_bias"}
# legacy_conv2d_support, deconv2d's and conv3d's
CONV = {"nb_filter": "filters", "subsample": "strides", "border_mode": "padding", "dim_ordering": "data_format",
        "init": "kernel_initializer", "W_regularizer": "kernel_regularizer", "b_regularizer": "bias_regularizer",
        "W_constraint": "kernel_constraint", "b_constraint": "bias_constraint", "bias": "use_bias"}
# no init here: its preprocessor gave init to both depthwise_initializer and pointwise_initializer (SPLIT_INIT)
SEPARABLE_CONV = {"nb_filter": "filters", "subsample": "strides", "border_mode": "padding",
                  "dim_ordering": "data_format", "b_regularizer": "bias_regularizer", "b_constraint": "bias_constraint",
                  "bias": "use_bias"}
CONV_LSTM = {"nb_filter": "filters", "subsample": "strides", "border_mode": "padding", "dim_ordering": "data_format",
             "init": "kernel_initializer", "inner_init": "recurrent_initializer", "W_regularizer": "kernel_regularizer",
             "U_regularizer": "recurrent_regularizer", "b_regularizer": "bias_regularizer",
             "inner_activation": "recurrent_activation", "dropout_W": "dropout", "dropout_U": "recurrent_dropout",
             "bias": "use_bias"}
BATCHNORM_KEYWORDS = {"beta_init": "beta_initializer", "gamma_init": "gamma_initializer"}
INPUT_LAYER = {"input_dtype": "dtype"}


def _classes(table: dict[str, str], *names: str) -> dict[str, dict[str, str]]:
    """Each of `names` (a class of Keras 2.3.1's layers and its aliases there) -> the table of its interface."""
    return dict.fromkeys(names, table)


# The layer classes (by every name keras.layers and its modules gave them) whose constructor took Keras 1's keywords
LAYER_KEYWORDS: dict[str, dict[str, str]] = {
    **_classes(DENSE, "Dense"),
    **_classes(DROPOUT, "Dropout", "GaussianDropout", "SpatialDropout1D"),
    **_classes(SPATIAL_DROPOUT, "SpatialDropout2D", "SpatialDropout3D"),
    **_classes(EMBEDDING, "Embedding"),
    **_classes(POOLING_1D, "MaxPooling1D", "AveragePooling1D", "MaxPool1D", "AvgPool1D"),
    **_classes(POOLING, "MaxPooling2D", "AveragePooling2D", "MaxPool2D", "AvgPool2D", "MaxPooling3D",
               "AveragePooling3D", "MaxPool3D", "AvgPool3D"),
    **_classes(DATA_FORMAT, "GlobalMaxPooling2D", "GlobalAveragePooling2D", "GlobalMaxPool2D", "GlobalAvgPool2D",
               "GlobalMaxPooling3D", "GlobalAveragePooling3D", "GlobalMaxPool3D", "GlobalAvgPool3D", "UpSampling2D",
               "UpSampling3D", "ZeroPadding2D", "ZeroPadding3D", "Cropping2D", "Cropping3D"),
    **_classes(PRELU, "PReLU"),
    **_classes(GAUSSIAN_NOISE, "GaussianNoise"),
    **_classes(UPSAMPLING_1D, "UpSampling1D"),
    **_classes(RECURRENT_KEYWORDS, "LSTM", "GRU", "SimpleRNN"),
    **_classes(CONV_1D, "Conv1D", "Convolution1D", "LocallyConnected1D"),
    **_classes(CONV, "Conv2D", "Convolution2D", "Conv2DTranspose", "Convolution2DTranspose", "Deconv2D",
               "Deconvolution2D", "Conv3D", "Convolution3D", "LocallyConnected2D"),
    **_classes(SEPARABLE_CONV, "SeparableConv2D", "SeparableConvolution2D"),
    **_classes(CONV_LSTM, "ConvLSTM2D"),
    **_classes(BATCHNORM_KEYWORDS, "BatchNormalization"),
    **_classes(INPUT_LAYER, "InputLayer"),
}
# Keras 0.3's names that Keras 1 renamed and no legacy interface of Keras 2.3.1 took: Reshape(dims=) (target_shape).
KERAS0_LAYER_KEYWORDS = {"Reshape": {"dims": "target_shape"}}
# Keras 1's dilated convolutions, which Keras 2 kept as functions returning the convolution with dilation_rate
ATROUS = {"AtrousConvolution2D": "Conv2D", "AtrousConv2D": "Conv2D", "AtrousConvolution1D": "Conv1D",
          "AtrousConv1D": "Conv1D"}
# Keras 1's recurrent layers, whose consume_less= (Keras 2's implementation=) does not change what they compute
RECURRENT = frozenset({"LSTM", "GRU", "SimpleRNN"})
DIM_ORDERING = {"'th'": "'channels_first'", '"th"': '"channels_first"', "'tf'": "'channels_last'",
                '"tf"': '"channels_last"'}
# Keras 1's image utilities took dim_ordering ('th', 'tf', or 'default': the configured one), Keras 2 data_format
# (None: the configured one); to_categorical's nb_classes became num_classes.
# (Keras 2.3.1's imdb.load_data and reuters.load_data took Keras 1's `nb_words` from **kwargs as num_words, warning)
FUNCTION_KEYWORDS = {"to_categorical": {"nb_classes": "num_classes"}, "img_to_array": {"dim_ordering": "data_format"},
                     "array_to_img": {"dim_ordering": "data_format"}, "load_data": {"nb_words": "num_words"}}
ORDERINGS = "{'th': 'channels_first', 'tf': 'channels_last', 'default': None}"
FIT_METHODS = {"fit", "fit_generator", "evaluate_generator", "predict_generator"}
# Keras 1 merge(mode=...) -> the Keras 2/3 function; concat_axis -> axis (both default to -1)
MERGE_MODES = {"sum": "add", "concat": "concatenate", "mul": "multiply", "ave": "average", "max": "maximum"}
MERGE_FUNCTIONS = {"keras.layers.merge": "keras.layers", "tensorflow.keras.layers.merge": "tensorflow.keras.layers"}
# Keras 1's keras.utils.visualize_util functions -> (Keras 3's keras.utils function, Keras 1's parameters in order,
# Keras 1's show_layer_names default where Keras 3's differs)
VISUALIZE = {"keras.utils.visualize_util.plot": ("plot_model", ("model", "to_file", "show_shapes", "show_layer_names"),
                                                 "True"),
             "keras.utils.visualize_util.model_to_dot": ("model_to_dot", ("model", "show_shapes", "show_layer_names"),
                                                         None)}
# Keras 1's Model(input=, output=), which Keras 2 still took: Keras 3's Model refuses the keywords
MODEL_CLASSES = frozenset({f"{root}.{module}Model" for root in ("keras", "tensorflow.keras")
                           for module in ("", "models.", "engine.", "engine.training.")})
MODEL_KEYWORDS = {"input": "inputs", "output": "outputs"}
MODEL_KEYWORD_USED = re.compile(rb"\bModel[ \t]*\([^)]*\b(?:input|output)[ \t]*=")
# Keras 1's convolutions that took their kernel size one positional per axis (KERNEL_DIMS' classes)
CONV_CALL = re.compile(rb"\b(?:Conv|Convolution|SeparableConv|SeparableConvolution|ConvLSTM|LocallyConnected)([23])D"
                       rb"(?:Transpose)?[ \t]*\(")


def keras1_convolution(source: bytes) -> bool:
    """Whether a `Conv2D(`/`Convolution2D(` (3D alike) call may pass its kernel size as Keras 1 did, one positional
    per axis: 1 + 2 (or 1 + 3) positionals or more. Read from the text by counting the call's top-level commas
    before its first keyword; a string, a comment or a star in the way counts as yes (the parse will tell)."""
    for found in CONV_CALL.finditer(source):
        need = 1 + int(found.group(1))
        depth, positionals, at = 0, 1, found.end()
        end = min(len(source), at + 4000)
        while at < end:
            char = source[at:at + 1]
            if char in b"\"'#*":
                return True
            if char in b"([{":
                depth += 1
            elif char in b")]}":
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and char == b",":
                positionals += 1
            elif depth == 0 and char == b"=" and source[at + 1:at + 2] != b"=" and source[at - 1:at] not in b"=!<>:":
                positionals -= 1  # this argument is the first keyword
                break
            at += 1
        else:
            return True  # no end found near: let the parse decide
        if positionals >= need:
            return True
    return False


# Keras 2's 2-D transposed convolution under its names (Keras 2.3.1's layers/convolutional.py): its legacy interface
# dropped Keras 1's output_shape (by keyword, or as the fourth positional when a tuple) and computed the shape itself.
DECONVOLUTIONS = frozenset({"Deconvolution2D", "Deconv2D", "Conv2DTranspose", "Convolution2DTranspose"})
# Convolutions whose Keras 1 signature spread the kernel size over positionals / keywords: the classes of Keras 2.3.1's
# conv2d_args_preprocessor (run by the separable, transposed and recurrent convolutions' too) and conv3d's
KERNEL_DIMS = {**dict.fromkeys(("Convolution2D", "Conv2D", *DECONVOLUTIONS, "SeparableConv2D", "SeparableConvolution2D",
                                "ConvLSTM2D", "LocallyConnected2D"), ("nb_row", "nb_col")),
               **dict.fromkeys(("Convolution3D", "Conv3D"), ("kernel_dim1", "kernel_dim2", "kernel_dim3"))}
# What the other preprocessors of Keras 2.3.1's interfaces did, by class: separable_conv2d's gave `init` to both
# initializers; recurrent_args' and convlstm2d's turned forget_bias_init='one' into unit_forget_bias=True (and dropped
# another value, warning); recurrent_args' and conv1d's made input_dim (and input_length) one input_shape;
# embedding_kwargs' dropped `dropout` (warning).
SPLIT_INIT = {name: ("depthwise_initializer", "pointwise_initializer")
              for name in ("SeparableConv2D", "SeparableConvolution2D")}
FORGET_BIAS = frozenset({*RECURRENT, "ConvLSTM2D"})
SEQUENCE_INPUT = frozenset({*RECURRENT, "Conv1D", "Convolution1D", "LocallyConnected1D"})
DROPPED_DROPOUT = frozenset({"Embedding"})
PREPROCESSED = {"init": frozenset(SPLIT_INIT), "forget_bias_init": FORGET_BIAS, "input_dim": SEQUENCE_INPUT,
                "dropout": DROPPED_DROPOUT}
BATCHNORM_USED = re.compile(rb"\b(?:mode|beta_init|gamma_init)\s*=")
# The keywords each layer class's call is read for (its table's, its preprocessor's).
LAYER_READS = {name: frozenset({*table, *(keyword for keyword, classes in PREPROCESSED.items() if name in classes)})
               for name, table in {**LAYER_KEYWORDS, **KERAS0_LAYER_KEYWORDS}.items()}
# Keywords that mean Keras 1 only as a keyword of a class that read them: `Dropout(p=...)`, `GaussianNoise(sigma=...)`,
# `LSTM(input_dim=...)`, `Embedding(dropout=...)` are work, `f(p=1)`, `Dense(input_dim=4)`, `LSTM(dropout=0.2)` are not.
GATED = frozenset({"p", "sigma", "length", "stride", "inner_activation", "forget_bias_init", "input_dim", "input_dtype",
                   "dropout", "dims"})
GATED_CLASSES = frozenset(name for name, reads in LAYER_READS.items() if reads & GATED)
# Every keyword a call of this rule's may be given that it renames or drops (GATED: only given to a class reading it).
KEYWORDS_READ = frozenset({*(keyword for reads in LAYER_READS.values() for keyword in reads), *MODEL_KEYWORDS,
                           *(keyword for names in FUNCTION_KEYWORDS.values() for keyword in names),
                           *(dim for dims in KERNEL_DIMS.values() for dim in dims),
                           "nb_epoch", "mode", "consume_less", "atrous_rate", "concat_axis", "output_shape",
                           "show_accuracy", "class_mode"}) - GATED
KEYWORD_USED = re.compile(rb"\b(?:" + b"|".join(re.escape(k.encode()) for k in sorted(
    {*(keyword for reads in LAYER_READS.values() for keyword in reads)} - GATED - {"mode", "beta_init", "gamma_init"}))
                          + rb")\s*=")
GATED_USED = re.compile(rb"\b(?:" + b"|".join(re.escape(k.encode()) for k in sorted(GATED)) + rb")\s*=")
GATED_CLASS_NAMED = re.compile(rb"\b(?:" + b"|".join(re.escape(k.encode()) for k in sorted(GATED_CLASSES)) + rb")\b")


def _merge_advice(mode: cst.BaseExpression) -> str:
    """What to write for a Keras 1 merge() this rule leaves: Keras 3 has no merge function, its modes are layers."""
    name = mode.evaluated_value if isinstance(mode, cst.SimpleString) else None
    if name == "dot":
        return ("Keras 1's merge(mode='dot') is gone: use keras.layers.dot(inputs, axes=dot_axes) (Keras 1's "
                "dot_axes, -1 when not given)")
    if name == "cos":
        return ("Keras 1's merge(mode='cos') is gone: keras.layers.dot(inputs, axes=dot_axes, normalize=True) is the "
                "cosine, with shape (batch, 1) where Keras 1's was (batch, 1, 1) and its epsilon taken per vector")
    if name in MERGE_MODES:
        return (f"Keras 1's merge(mode={mode.value}) is gone: use keras.layers.{MERGE_MODES[name]}(inputs) "
                "(its other arguments, output_shape or node_indices, have no counterpart)")
    return ("Keras 1's merge() with a function or computed mode is gone: use keras.layers.Lambda(function)(inputs) "
            "(with output_shape= where Keras 3 cannot infer it), or the layer of a fixed mode (Add, Concatenate...)")


class Keras1Arguments(Rule):
    NAME = "keras1_arguments"
    ORDER = 35
    # The classes whose positionals changed, and Keras 1's keywords (KEYWORD_USED: as a whole word before `=`).
    TRIGGERS = ("nb_epoch", "merge(", "nb_row=", "nb_col=", "kernel_dim1=", "consume_less", "nb_classes", "Atrous",
                "visualize_util", "Deconv", "show_accuracy", "class_mode", "nb_words")
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "Keras 1 arguments (output_dim, init, nb_epoch, Convolution2D(32, 3, 3), ...) -> Keras 2/3 names"

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        """A Keras 1 keyword as a whole word (`bias=`, not the `use_bias=` of most Keras 2 files), or a convolution
        given its kernel size one positional per axis (`Conv2D(32, 3, 3)`; Keras 2's `Conv2D(32, (3, 3))` is not
        work)."""
        return super().triggered(source, survey) or KEYWORD_USED.search(source) is not None or \
            keras1_convolution(source) or MODEL_KEYWORD_USED.search(source) is not None or \
            (b"BatchNormalization" in source and BATCHNORM_USED.search(source) is not None) or \
            (GATED_USED.search(source) is not None and GATED_CLASS_NAMED.search(source) is not None)

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A call given one of Keras 1's keywords the tables rename (or drop: consume_less=; mode= only to merge or
        BatchNormalization, as the walk reads it), one whose callee is Keras 1's merge or an Atrous convolution,
        or a convolution given one positional per kernel axis (callees by their last name, an import's alias or a
        name the run re-exports), or Keras 1's visualize_util named: the only calls and imports the walk changes or
        reports. `init = ...`, a variable `nb_epoch`, `merge(` of a dict, `Conv2D(32, (3, 3))`, `open(f,
        mode='w')` are not its work."""
        if outline.star or b"visualize_util" in source:  # its imports and plot()
            return True
        callees = outline.names_for({"merge", *ATROUS}, survey)
        callees |= {key.rpartition(".")[2] for key, origin in getattr(survey, "passed_on", ()) if origin in VISUALIZE}
        modes = outline.names_for({"merge", "BatchNormalization"}, survey)
        # a convolution's name -> the positionals that spread its kernel (under another name: either count)
        spread = {name: {1 + len(dims)} for name, dims in KERNEL_DIMS.items()}
        for name in outline.names_for(KERNEL_DIMS, survey) - set(KERNEL_DIMS):
            spread[name] = {3, 4}
        deconvolutions = outline.names_for(DECONVOLUTIONS, survey)
        gated = {name: LAYER_READS[name] & GATED for name in GATED_CLASSES}
        for name in outline.names_for(GATED_CLASSES, survey) - GATED_CLASSES:  # an alias: any class's
            gated[name] = GATED
        for call in outline.calls:
            last = call.callee.rpartition(".")[2] if call.callee else None
            if call.keywords & KEYWORDS_READ - {"mode", "output_shape"} or last in callees or \
                    call.keywords & gated.get(last, frozenset()) or \
                    ("mode" in call.keywords and last in modes) or call.positional in spread.get(last, ()) or \
                    (last in deconvolutions and ("output_shape" in call.keywords or call.positional == 4)):
                return True
        return False

    def visit_Module(self, node: cst.Module) -> None:
        self.own = user_method_calls(node, FIT_METHODS | {"evaluate", "compile"})  # a class's own fit(nb_epoch=...) is not Keras'
        self.scopes: list[cst.Module | cst.FunctionDef] = [node]
        self.copied: dict[str, str] = {}  # helpers written into the file: name -> source

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.scopes.append(node)

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        self.scopes.pop()
        return updated

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        return with_helpers(self.context, updated, self.copied) if self.copied else updated

    def _constant(self, value: cst.BaseExpression) -> cst.BaseExpression:
        """A literal, or the literal a name is bound to where its scope binds it once, by a plain `name = literal`
        (`bn_mode = 2` at the top of a builder function, read as `mode=bn_mode`); else the expression itself."""
        if not isinstance(value, cst.Name):
            return value
        for scope in reversed(self.scopes):
            if not other_bindings(scope, value.value):
                continue
            body = scope.body.body if isinstance(scope, cst.FunctionDef) else scope.body
            for statement in body:
                if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 and \
                        isinstance(statement.body[0], cst.Assign) and len(statement.body[0].targets) == 1 and \
                        isinstance(statement.body[0].targets[0].target, cst.Name) and \
                        statement.body[0].targets[0].target.value == value.value and \
                        isinstance(statement.body[0].value, (cst.Integer, cst.SimpleString)) and \
                        other_bindings(scope, value.value) == 1:
                    return statement.body[0].value
            return value
        return value

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        merged = self._merge_function(original, updated)
        if merged is not None:
            return merged
        plotted = self._visualize_function(original, updated)
        if plotted is not None:
            return plotted
        func = updated.func
        if isinstance(func, cst.Attribute) and func.attr.value in FIT_METHODS | {"evaluate"}:
            if id(original) in self.own:
                return updated
            return self._renamed(self._without_show_accuracy(original, updated), {"nb_epoch": "epochs"})
        if isinstance(func, cst.Attribute) and func.attr.value == "compile" and id(original) not in self.own:
            return self._without_class_mode(original, updated)
        if self.qualified_names(original.func) & MODEL_CLASSES:
            return self._renamed(updated, MODEL_KEYWORDS)
        function = self._keras_function(original)
        if function is not None:
            return self._renamed(updated, FUNCTION_KEYWORDS[function])
        layer = self._layer_class(original)
        if layer is None:
            return updated
        if layer in ATROUS:
            updated, layer = self._atrous(original, updated, layer)
        if layer == "BatchNormalization":
            return self._renamed(self._batchnorm_mode(original, updated), BATCHNORM_KEYWORDS)
        if layer in RECURRENT:
            updated = self._without_consume_less(updated)
        if layer in DECONVOLUTIONS:
            updated = self._without_output_shape(updated)
        updated = self._preprocessed(original, updated, layer)
        call = self._renamed(updated, LAYER_KEYWORDS.get(layer, KERAS0_LAYER_KEYWORDS.get(layer, {})))
        return self._kernel_size(call, KERNEL_DIMS[layer]) if layer in KERNEL_DIMS else call

    def _preprocessed(self, original: cst.Call, call: cst.Call, layer: str) -> cst.Call:
        """What the preprocessor of the layer's Keras 2.3.1 interface did before renaming (PREPROCESSED)."""
        if layer in SPLIT_INIT:
            call = self._split_init(call, SPLIT_INIT[layer])
        if layer in FORGET_BIAS:
            call = self._forget_bias(original, call)
        if layer in SEQUENCE_INPUT:
            call = self._sequence_input_shape(call)
        if layer in DROPPED_DROPOUT and self._keyword(call, "dropout") is not None:
            self.report(original, "Embedding(dropout=) is gone since Keras 2, which dropped it (\"You can apply a "
                                  "keras.layers.SpatialDropout1D layer right after the Embedding layer to get the "
                                  "same behavior\"): dropped here too", advice=True)
            call = self._without(call, lambda arg: arg.keyword is not None and arg.keyword.value == "dropout")
        return call

    _keyword = staticmethod(keyword_arg)

    def _split_init(self, call: cst.Call, initializers: tuple[str, ...]) -> cst.Call:
        """`SeparableConv2D(32, 3, 3, init='he_normal')` -> `..., depthwise_initializer='he_normal',
        pointwise_initializer='he_normal')`: Keras 2.3.1's separable_conv2d_args_preprocessor gave Keras 1's one
        initializer to both kernels (a kernel_initializer would initialize nothing, see layer_keywords)."""
        init = self._keyword(call, "init")
        if init is None:
            return call
        args: list[cst.Arg] = []
        for arg in call.args:
            if arg is not init:
                args.append(arg)
                continue
            args += [arg.with_changes(keyword=cst.Name(name), comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                     for name in initializers[:-1]]
            args.append(arg.with_changes(keyword=cst.Name(initializers[-1])))
        self.converted()
        return call.with_changes(args=args)

    def _forget_bias(self, original: cst.Call, call: cst.Call) -> cst.Call:
        """`LSTM(8, forget_bias_init='one')` -> `LSTM(8, unit_forget_bias=True)`, as Keras 2.3.1's recurrent (and
        ConvLSTM2D's) preprocessor did; any other value it dropped with a warning (the forget gate's bias then
        started at one all the same, unit_forget_bias's default): dropped here too, and reported."""
        given = self._keyword(call, "forget_bias_init")
        if given is None:
            return call
        if isinstance(given.value, cst.SimpleString) and given.value.evaluated_value == "one":
            self.converted()
            return call.with_changes(args=[arg.with_changes(keyword=cst.Name("unit_forget_bias"), value=cst.Name("True"))
                                           if arg is given else arg for arg in call.args])
        self.report(original, f"forget_bias_init={code(given.value)} dropped, as Keras 2 dropped it (\"The "
                              "`forget_bias_init` argument has been ignored. Use `unit_forget_bias=True` instead to "
                              "initialize with ones.\"): the forget gate's bias starts at one (unit_forget_bias=True, "
                              "the default)", advice=True)
        return self._without(call, lambda arg: arg is given)

    def _sequence_input_shape(self, call: cst.Call) -> cst.Call:
        """`LSTM(8, input_dim=3, input_length=10)` -> `LSTM(8, input_shape=(10, 3))`, `Convolution1D(..., input_dim=3)`
        -> `input_shape=(None, 3)`: Keras 2.3.1's recurrent and conv1d preprocessors made the one shape (a missing
        length None), where Keras 3 would read input_dim alone as the whole shape, (3,). An input_length without an
        input_dim goes: Keras 1 stored it unused (sujitpal/dl-models-for-qa: `qenc.add(LSTM(64, input_length=n))`
        after an Embedding), Keras 2.3.1 raised "Keyword argument not understood"."""
        dim, length = self._keyword(call, "input_dim"), self._keyword(call, "input_length")
        if dim is None and length is not None:  # Keras 1 made a shape of it only with input_dim (Recurrent,
            return self._without(call, lambda arg: arg is length)  # Convolution1D); alone it did nothing, Keras 2 refused it
        if dim is None or self._keyword(call, "input_shape") is not None:
            return call
        steps = length.value if length is not None else cst.Name("None")
        shape = cst.Tuple([cst.Element(steps, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                           cst.Element(dim.value)])
        call = call.with_changes(args=[arg.with_changes(keyword=cst.Name("input_shape"), value=shape) if arg is dim
                                       else arg for arg in call.args])
        if length is None:
            self.converted()
            return call
        return self._without(call, lambda arg: arg is length)

    def _atrous(self, original: cst.Call, call: cst.Call, layer: str) -> tuple[cst.Call, str]:
        """`AtrousConvolution2D(512, 3, 3, atrous_rate=(2, 2))` -> `Conv2D(512, 3, 3, dilation_rate=(2, 2))` (whose Keras 1
        arguments the caller then converts): Keras 2's AtrousConvolution2D was that function, Conv2D with the rate as
        dilation_rate (1 when not given), its other arguments through Conv2D's Keras 1 interface (filters and the kernel
        size by position only). Another call stays (legacy_import_paths reports the name)."""
        conv = ATROUS[layer]
        positional = [arg for arg in call.args if arg.keyword is None]
        if any(arg.star for arg in call.args) or len(positional) > (3 if conv == "Conv2D" else 2):
            return call, layer
        if isinstance(call.func, cst.Name):
            module = next(name.rpartition(".")[0] for name in sorted(self.qualified_names(original.func))
                          if name.startswith(LAYER_MODULES))
            AddImportsVisitor.add_needed_import(self.context, "keras.layers", conv)
            RemoveImportsVisitor.remove_unused_import(self.context, module, call.func.value)
            func: cst.BaseExpression = cst.Name(conv)
        elif isinstance(call.func, cst.Attribute):
            func = call.func.with_changes(attr=cst.Name(conv))
        else:
            return call, layer
        self.converted()
        args = [arg.with_changes(keyword=cst.Name("dilation_rate")) if arg.keyword is not None and
                arg.keyword.value == "atrous_rate" else arg for arg in call.args]
        return call.with_changes(func=func, args=args), conv

    def _batchnorm_mode(self, original: cst.Call, call: cst.Call) -> cst.Call:
        """`BatchNormalization(mode=0, axis=-1)` -> `BatchNormalization(axis=-1)`: Keras 2 dropped mode=0 the same way.
        Keras 1's mode=2 normalized with the batch's own mean and variance in training and inference alike (and read
        no moving statistics): it becomes `BatchNormalizationMode2(axis=-1)`, Keras 3's layer called in training mode
        always, a class written into the file (`keras2_helpers.BATCHNORM_MODE_2`); Keras 3 passes a functional model's
        own training flag to every layer, so `training=True` at the call would not hold in predict. Any other mode
        (1: each sample normalized alone) is reported: Keras 2 raised on it, and Keras 3 has no such layer."""
        mode = next((arg for arg in call.args if arg.keyword is not None and arg.keyword.value == "mode"), None)
        if mode is None:
            return call
        value = self._constant(mode.value)
        number = value.evaluated_value if isinstance(value, cst.Integer) else None
        if number not in (0, 2) or not isinstance(call.func, (cst.Name, cst.Attribute)):
            self.report(original, "BatchNormalization(mode=) is gone since Keras 2, which raised on any mode but 0: "
                                  "Keras 1's mode=1 normalized each sample alone, which no Keras 3 layer does; drop "
                                  "mode= for the normalization every Keras 2 and 3 layer does, or write the "
                                  "normalization out")
            return call
        args = [arg for arg in call.args if arg is not mode]
        if args and call.args[-1] is mode:
            args[-1] = args[-1].with_changes(comma=mode.comma)
        self.converted()
        if number == 0:
            return call.with_changes(args=args)
        name, source = BATCHNORM_MODE_2
        self.copied[name] = source
        if isinstance(call.func, cst.Name):
            for qualified in self.qualified_names(original.func):
                RemoveImportsVisitor.remove_unused_import(self.context, qualified.rpartition(".")[0], call.func.value)
        return call.with_changes(func=cst.Name(name), args=args)

    def _without_output_shape(self, call: cst.Call) -> cst.Call:
        """`Deconv2D(64, (3, 3), output_shape=shape, strides=2)` / Keras 1's `Deconvolution2D(64, 3, 3, (None, 14, 14, 64))`
        -> without the output shape: Keras 2's legacy interface dropped it (the keyword, or a tuple given as the fourth
        positional), and its layer computed the shape from the input, strides and padding, as Keras 3's does."""
        positional = [arg for arg in call.args if arg.keyword is None and not arg.star]
        return self._without(call, lambda arg: (arg.keyword is not None and arg.keyword.value == "output_shape") or (
            len(positional) == 4 and arg is positional[3] and isinstance(arg.value, (cst.Tuple, cst.List))))

    def _without_consume_less(self, call: cst.Call) -> cst.Call:
        """`LSTM(32, consume_less='gpu')` -> `LSTM(32)`: Keras 2 turned Keras 1's consume_less into `implementation`,
        which only groups the same products otherwise (Keras 3's LSTM and GRU give equal outputs for every
        implementation; SimpleRNN refuses the keyword)."""
        return self._without(call, lambda arg: arg.keyword is not None and arg.keyword.value == "consume_less")

    def _without(self, call: cst.Call, goes: Callable[[cst.Arg], bool]) -> cst.Call:
        """The call without the arguments `goes` picks (one converted site), its last comma (or none) kept."""
        args = [arg for arg in call.args if not goes(arg)]
        if len(args) == len(call.args):
            return call
        if args and args[-1] is not call.args[-1]:  # the last one went: its comma (or none) ends the call
            args[-1] = args[-1].with_changes(comma=call.args[-1].comma)
        self.converted()
        return call.with_changes(args=args)

    def _merge_function(self, original: cst.Call, call: cst.Call) -> cst.Call | None:
        """`merge([a, b], mode='concat', concat_axis=3)` -> `concatenate([a, b], axis=3)`; `merge([a, b], mode='dot',
        dot_axes=[2, 2])` -> `dot([a, b], axes=[2, 2])` (Keras 1's batch_dot, which Keras 3's Dot computes; Keras 1's
        default dot_axes -1 written out); None if not one."""
        module = next((MERGE_FUNCTIONS[n] for n in sorted(self.qualified_names(original.func)) if n in MERGE_FUNCTIONS), None)
        if module is None or not isinstance(call.func, (cst.Name, cst.Attribute)):
            return None
        keywords = {arg.keyword.value: arg for arg in call.args if arg.keyword is not None}
        mode = self._constant(keywords["mode"].value) if "mode" in keywords else cst.SimpleString("'sum'")
        if self._function(mode) and set(keywords) <= {"mode", "output_shape", "arguments", "name"} and \
                [arg.keyword for arg in call.args].count(None) == 1 and not any(arg.star for arg in call.args):
            return self._merge_lambda(call, module)
        dot = isinstance(mode, cst.SimpleString) and mode.evaluated_value == "dot"
        if not isinstance(mode, cst.SimpleString) or (mode.evaluated_value not in MERGE_MODES and not dot) or \
                set(keywords) - {"mode", "dot_axes" if dot else "concat_axis", "name"} or \
                (dot and [arg.keyword for arg in call.args].count(None) != 1):
            self.report(original, _merge_advice(mode))
            return call
        function = "dot" if dot else MERGE_MODES[mode.evaluated_value]
        renamed = "dot_axes" if dot else "concat_axis"
        args = [arg.with_changes(keyword=cst.Name("axes" if dot else "axis")) if arg.keyword is not None and
                arg.keyword.value == renamed else arg for arg in call.args if arg.keyword is None or arg.keyword.value != "mode"]
        if dot and "dot_axes" not in keywords:  # Keras 1's default, each input's last axis; Keras 3's dot has none
            args.insert(1, cst.Arg(cst.UnaryOperation(cst.Minus(), cst.Integer("1")),
                                   keyword=cst.Name("axes"), equal=cst.AssignEqual(cst.SimpleWhitespace(""),
                                                                                   cst.SimpleWhitespace("")),
                                   comma=args[0].comma if len(args) > 1 else cst.MaybeSentinel.DEFAULT))
            args[0] = args[0].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        if args and call.args[-1].comma is cst.MaybeSentinel.DEFAULT:  # no trailing comma where there was none
            args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        self.converted()
        return call.with_changes(func=self._merge_callee(call, module, function), args=args)

    def _merge_callee(self, call: cst.Call, module: str, function: str) -> cst.Name | cst.Attribute:
        """What stands for `merge`: the function imported by name as merge was, or read from the same module where
        merge was read through it (`keras.layers.merge(...)`, `kl.merge(...)` -> `kl.concatenate(...)`)."""
        if isinstance(call.func, cst.Attribute):
            return call.func.with_changes(attr=cst.Name(function))
        AddImportsVisitor.add_needed_import(self.context, module, function)
        RemoveImportsVisitor.remove_unused_import(self.context, module, call.func.value)
        return cst.Name(function)

    def _function(self, mode: cst.BaseExpression) -> bool:
        """Whether a merge mode is a function: a lambda, or a name the module binds only by `def` or by an import
        from a module of the project (not Keras's or TensorFlow's)."""
        if isinstance(mode, cst.Lambda):
            return True
        if not isinstance(mode, cst.Name):
            return False
        module = self.scopes[0]
        defined = [node for node in m.findall(module, m.FunctionDef(name=m.Name(mode.value)))]
        imported = [node for node in m.findall(module, m.ImportFrom()) if not isinstance(node.names, cst.ImportStar)
                    and node.module is not None and not code(node.module).startswith(("keras", "tensorflow"))
                    and any(code(alias.asname.name if alias.asname else alias.name) == mode.value for alias in node.names)]
        return len(defined) + len(imported) == 1 and other_bindings(module, mode.value) == len(defined)

    def _merge_lambda(self, call: cst.Call, module: str) -> cst.Call:
        """Keras 1's `merge(inputs, mode=f, output_shape=s, name=n)`, whose Merge layer returned `f(inputs)` (with
        `arguments` as keywords) -> `Lambda(f, output_shape=s, name=n)(inputs)`, Keras 3's layer that calls f on the
        same list; a shape tuple excludes the batch axis and a callable gets the list of input shapes in both."""
        inputs = next(arg for arg in call.args if arg.keyword is None)
        mode = next(arg for arg in call.args if arg.keyword is not None and arg.keyword.value == "mode")
        rest = [arg.with_changes(comma=cst.MaybeSentinel.DEFAULT, whitespace_after_arg=cst.SimpleWhitespace(""))
                for arg in call.args if arg.keyword is not None and arg.keyword.value != "mode"]
        comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
        args = [cst.Arg(arg.value, keyword=arg.keyword, equal=arg.equal, comma=comma) for arg in [mode, *rest]]
        args[0] = args[0].with_changes(keyword=None, equal=cst.MaybeSentinel.DEFAULT)
        args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        self.converted()
        return cst.Call(func=cst.Call(func=self._merge_callee(call, module, "Lambda"), args=args),
                        args=[inputs.with_changes(comma=cst.MaybeSentinel.DEFAULT,
                                                  whitespace_after_arg=cst.SimpleWhitespace(""))])

    def _visualize_function(self, original: cst.Call, call: cst.Call) -> cst.Call | None:
        """`plot(model, to_file='m.png', show_shapes=True)` (from keras.utils.visualize_util) ->
        `plot_model(model, to_file='m.png', show_shapes=True, show_layer_names=True)`; None if not one."""
        found = next((n for n in sorted(self.qualified_names(original.func)) if n in VISUALIZE), None)
        if found is None or not isinstance(call.func, cst.Name) or any(arg.star for arg in call.args):
            return None
        function, parameters, layer_names = VISUALIZE[found]
        positional = [arg for arg in call.args if arg.keyword is None]
        if len(positional) > len(parameters):
            return None
        keep = len(parameters) - 1  # show_layer_names, Keras 1's last parameter, by keyword: Keras 3 has others before
        args = [arg if arg.keyword is not None or index < keep else
                arg.with_changes(keyword=cst.Name(parameters[index]), equal=cst.AssignEqual(
                    cst.SimpleWhitespace(""), cst.SimpleWhitespace("")))
                for index, arg in enumerate(call.args)]
        given = {arg.keyword.value for arg in args if arg.keyword is not None}
        if layer_names is not None and "show_layer_names" not in given:
            trailing = args[-1].comma if args else cst.MaybeSentinel.DEFAULT
            if args:
                args[-1] = args[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            args.append(cst.Arg(cst.Name(layer_names), keyword=cst.Name("show_layer_names"), comma=trailing,
                                equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace(""))))
        self.converted()
        return call.with_changes(args=args)

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom) -> cst.ImportFrom:
        """`from keras.utils.visualize_util import plot` -> `from keras.utils import plot_model as plot`, where it
        stood (often inside the function that plots, pydot being optional): the calls keep their name."""
        if updated.relative or updated.module is None or code(updated.module) != "keras.utils.visualize_util" or \
                isinstance(updated.names, cst.ImportStar):
            return updated
        names = [code(alias.name) for alias in updated.names]
        if any(f"keras.utils.visualize_util.{name}" not in VISUALIZE for name in names):
            return updated  # a name Keras 3 has no counterpart of: legacy_import_paths reports the module
        self.converted()
        aliases = []
        for alias in updated.names:
            function = VISUALIZE[f"keras.utils.visualize_util.{code(alias.name)}"][0]
            asname = alias.asname or (cst.AsName(cst.Name(code(alias.name))) if function != code(alias.name) else None)
            aliases.append(alias.with_changes(name=cst.Name(function), asname=asname))
        return updated.with_changes(module=cst.Attribute(cst.Name("keras"), cst.Name("utils")), names=aliases)

    def _keras_function(self, call: cst.Call) -> str | None:
        """`to_categorical` / `img_to_array` / `array_to_img` / a dataset's `load_data` where the call resolves to
        Keras's, else None."""
        for name in sorted(self.qualified_names(call.func)):
            last = name.rsplit(".", 1)[-1]
            if last in FUNCTION_KEYWORDS and name.startswith(("keras.", "tensorflow.keras.")):
                return last
        return None

    def _layer_class(self, call: cst.Call) -> str | None:
        for name in sorted(self.qualified_names(call.func)):  # sorted: one answer whatever the hash seed
            if name.startswith(LAYER_MODULES):
                return name.rsplit(".", 1)[-1]
        return None

    def _without_show_accuracy(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        """Keras 0.x's `fit(..., show_accuracy=True)` / `evaluate(...)`: Keras 1 dropped it with a warning (the
        accuracy is a metric given to compile), Keras 2 and 3 refuse it. It goes, with advice."""
        return self._without_keyword(original, updated, "show_accuracy", "show_accuracy= dropped, as Keras 1 dropped "
                                     "it: for the accuracy, compile the model with metrics=['accuracy']")

    def _without_class_mode(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        """Keras 0.x's `compile(..., class_mode='categorical')`: it only chose how show_accuracy counted a hit;
        Keras 1 took no such parameter, Keras 2 and 3 refuse it. It goes, with advice."""
        return self._without_keyword(original, updated, "class_mode", "class_mode= dropped (Keras 0's compile read "
                                     "it only for show_accuracy's count of hits; Keras 1 had none): for the accuracy, "
                                     "compile with metrics=['accuracy'] (binary or categorical by the loss)")

    def _without_keyword(self, original: cst.Call, updated: cst.Call, keyword: str, advice: str) -> cst.Call:
        """The call without `keyword=...`, with `advice` at it, where it was given."""
        kept = without_keywords(updated.args, {keyword})
        if len(kept) == len(updated.args):
            return updated
        self.converted()
        self.report(original, advice, advice=True)
        return updated.with_changes(args=kept)

    def _renamed(self, call: cst.Call, names: dict[str, str]) -> cst.Call:
        """Keras 1's keywords under their Keras 2 names; a `dim_ordering` value converted as Keras 2's legacy interface
        converted it ('th' -> 'channels_first', 'tf' -> 'channels_last', 'default' -> None, anything else kept): a
        literal 'default' goes (None is data_format's default), a value computed at run time is converted there."""
        args, changed = [], 0
        for arg in call.args:
            if arg.keyword is not None and arg.keyword.value in names:
                value = arg.value
                if arg.keyword.value == "dim_ordering" and isinstance(value, cst.SimpleString) and \
                        value.evaluated_value == "default":
                    changed += 1
                    continue
                if arg.keyword.value == "dim_ordering" and isinstance(value, cst.SimpleString):
                    value = value.with_changes(value=DIM_ORDERING.get(value.value, value.value))
                elif arg.keyword.value == "dim_ordering":
                    value = cst.parse_expression(f"{ORDERINGS}.get({code(value)}, {code(value)})")
                arg = arg.with_changes(keyword=cst.Name(names[arg.keyword.value]), value=value)
                changed += 1
            args.append(arg)
        if not changed:
            return call
        if args and args[-1] is not call.args[-1]:  # the last one went: its comma (or none) ends the call
            args[-1] = args[-1].with_changes(comma=call.args[-1].comma)
        self.converted(changed)
        return call.with_changes(args=args)

    def _kernel_size(self, call: cst.Call, dims: tuple[str, ...]) -> cst.Call:
        """`Conv2D(32, 3, 3)` or `Conv2D(32, nb_row=3, nb_col=3)` -> `Conv2D(32, (3, 3))` / `kernel_size=(3, 3)`."""
        positional = [arg for arg in call.args if arg.keyword is None and not arg.star]
        keywords = {arg.keyword.value: arg for arg in call.args if arg.keyword is not None}
        if len(positional) == 1 + len(dims):
            kernel = cst.Tuple([cst.Element(arg.value) for arg in positional[1:]])
            args = [positional[0], positional[1].with_changes(value=kernel),
                    *[arg for arg in call.args if arg not in positional]]
        elif all(dim in keywords for dim in dims) and len(positional) <= 1:
            kernel = cst.Tuple([cst.Element(keywords[dim].value) for dim in dims])
            first = keywords[dims[0]].with_changes(keyword=cst.Name("kernel_size"), value=kernel)
            args = [first if arg is keywords[dims[0]] else arg for arg in call.args
                    if arg.keyword is None or arg.keyword.value not in dims[1:]]
        else:
            return call
        if call.args[-1].comma is cst.MaybeSentinel.DEFAULT:  # no trailing comma where there was none
            args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        self.converted()
        return call.with_changes(args=args)
