"""The last pass: every Keras/TensorFlow name, import, keyword and Model method left in an output file is
looked up in the installed Keras 3 / TensorFlow 2 (their own files, read as text), and what does not exist is
reported at its line; names that exist and a project's own names never are."""

from __future__ import annotations

import textwrap

import libcst as cst

from migrate.codemod.engine import rewrite_source
from migrate.codemod.registry import all_rules
from migrate.codemod.resolution import NAME
from migrate.codemod.rule import Rule
from tests.codemod.helpers import rewrite


def _left(source: str) -> list[tuple[int, str]]:
    """(line, message) of what the pass alone reports on `source`."""
    _, findings = rewrite(source, NAME)
    assert all(f.rule == NAME and not f.advice for f in findings)
    return [(f.line, f.message) for f in findings]


# ---------------------------------------------------------------- one class of breakage each

def test_a_removed_module_is_reported_at_its_import():
    left = _left("""
        import keras
        from keras.engine.topology import Layer
        import keras.initializations
    """)
    assert [line for line, _ in left] == [3, 4]
    assert left[0][1].startswith("keras.engine does not exist in the installed Keras 3.")
    assert "keras.initializations does not exist" in left[1][1] and "keras.initializers" in left[1][1]


def test_a_removed_name_is_reported_at_its_import_and_where_it_is_read():
    left = _left("""
        import keras
        from keras.layers import Dense, CuDNNLSTM
        loss = keras.losses.mse
    """)
    assert [(line, message.split(" does not exist")[0]) for line, message in left] == [
        (3, "keras.layers.CuDNNLSTM"), (4, "keras.losses.mse")]


def test_a_name_a_tensorflow_2_class_lacks_is_reported_where_it_is_read():
    # GuillaumeMougeot/DogFaceNet (forty-ninth hold-out): TF 1's reinitializable iterator, kept only in compat.v1
    left = _left("""
        import tensorflow as tf
        iterator = tf.data.Iterator.from_structure(types, shapes)
        batches = tf.data.Dataset.from_tensor_slices(x)
    """)
    assert [(line, message.split(" does not exist")[0]) for line, message in left] == [
        (3, "tensorflow.data.Iterator.from_structure")]


def test_a_removed_keyword_is_reported_at_the_keyword():
    left = _left("""
        import tensorflow as tf
        from keras.optimizers import Nadam
        optimizer = Nadam(learning_rate=0.002, schedule_decay=0.004)
        peak = tf.reduce_max(x, axis=1, keep_dims=True)
    """)
    assert [line for line, _ in left] == [4, 5]
    assert "Nadam() takes no keyword `schedule_decay`" in left[0][1]
    assert "tf.reduce_max() takes no keyword `keep_dims`" in left[1][1] and "keepdims=" in left[1][1]


def test_a_removed_keyword_of_a_class_built_by_new_is_reported():
    # fsx950223/mobilenetv2-yolov3 yolo.py: TF-TRT's TrtConversionParams is a namedtuple whose `__new__` gives the
    # fields defaults; TF 2.4 dropped is_dynamic_op, max_batch_size and rewriter_config_template from it
    left = _left("""
        from tensorflow.python.compiler.tensorrt import trt_convert as trt
        params = trt.TrtConversionParams(
            rewriter_config_template=None,
            precision_mode=trt.TrtPrecisionMode.FP16,
            is_dynamic_op=True,
            max_batch_size=1)
    """)
    assert [(line, message.split(" in Keras")[0]) for line, message in left] == [
        (4, "trt.TrtConversionParams() takes no keyword `rewriter_config_template`"),
        (6, "trt.TrtConversionParams() takes no keyword `is_dynamic_op`"),
        (7, "trt.TrtConversionParams() takes no keyword `max_batch_size`")]


def test_a_keyword_of_a_name_bound_two_ways_one_missing_is_checked_against_the_other():
    # MarcBS/multimodal_keras_wrapper keras_wrapper/models.py:1021 (the twenty-eighth hold-out's one silent site):
    # Concatenate is Keras 1's Concat under a version test, Keras 2's Concatenate else; `cropping=` is its author's
    # own Keras fork's
    left = _left("""
        import keras
        if int(keras.__version__.split('.')[0]) == 1:
            from keras.layers import Concat as Concatenate
        else:
            from keras.layers import Concatenate
        y = Concatenate(axis=-1, cropping=[None, None, 'center', 'center'])([a, b])
    """)
    assert [(line, message.split(" in Keras")[0].split(" does not exist")[0]) for line, message in left] == [
        (4, "keras.layers.Concat"), (7, "Concatenate() takes no keyword `cropping`")]


def test_a_keyword_keras_2_refused_too_says_the_line_never_ran():
    # aurora95/Keras-FCN utils/basics.py: Keras 2.3.1 raises "Keyword argument not understood: stride" on it
    left = _left("""
        from keras.layers import Conv2D
        x = Conv2D(filters=8, kernel_size=(3, 3), stride=(1, 1))(x)
    """)
    assert [line for line, _ in left] == [3] and "use strides= (Keras 2 refused stride= too" in left[0][1]


def test_keras_1_model_keywords_are_reported():
    """Keras 3 raises on `Model(input=, output=)` (zhixuhao/unet failed so, unreported)."""
    left = _left("""
        from keras.models import Model
        model = Model(input=x, output=y)
        other = Model(inputs=x, outputs=y, name="m")
    """)
    assert [(line, message.split(" in Keras")[0]) for line, message in left] == [
        (3, "Model() takes no keyword `input`"), (3, "Model() takes no keyword `output`")]


def test_a_removed_model_method_is_reported_on_a_known_model():
    left = _left("""
        from keras.models import Model, Sequential

        def build(inputs, outputs):
            made = Model(inputs, outputs)
            return made

        model = build(a, b)
        model._make_train_function()
        other = Sequential()
        other.add(layer)
        other.fit_generator(batches(), 10)
    """)
    assert [(line, message.split(":")[0]) for line, message in left] == [
        (9, "model._make_train_function"), (12, "other.fit_generator")]


def test_a_keyword_a_model_method_does_not_take_is_reported_on_a_known_model():
    # lishen/end2end-all-conv dm_enet.py (the sixth hold-out): Keras 1's queue keywords on a model's predict were not
    # reported; the independent checker of benchmarks/code_resolution.py found them
    left = _left("""
        from keras.models import Model

        class Wrapper:
            def __init__(self, inputs, outputs):
                self.repr_model = Model(inputs, outputs)

            def run(self, generator):
                return self.repr_model.predict(generator, steps=3, max_q_size=10, verbose=0)

        model = Model(a, b)
        model.compile(optimizer="sgd", loss="mse", sample_weight_mode="temporal")
        model.fit(x, y, epochs=1, workers=4)
        model.save("m.keras", include_optimizer=False)
    """)
    assert [(line, message.split(" in Keras ")[0]) for line, message in left] == [
        (9, "self.repr_model.predict() takes no keyword `max_q_size`"),
        (12, "model.compile() takes no keyword `sample_weight_mode`"),
        (13, "model.fit() takes no keyword `workers`")]
    assert "PyDataset" in left[0][1] and "PyDataset" in left[2][1]


def test_a_keyword_a_sequential_s_own_method_does_not_take_is_reported():
    # yizt/keras-faster-rcnn roi_align.py (the thirteenth hold-out): `m.add(layer, input_shape=...)`, which neither
    # Keras 2 nor 3 took, was silent: keras.Model has no add, and only Model's methods were looked up
    left = _left("""
        import tensorflow as tf

        m = tf.keras.models.Sequential()
        m.add(RoiAlign(608, (14, 14)), input_shape=(4, 300, 24, 24))
        m.add(layer, rebuild=False)
    """)
    assert [(line, message.split(" in Keras ")[0]) for line, message in left] == [
        (5, "m.add() takes no keyword `input_shape`")]


def test_a_removed_model_attribute_inside_a_longer_chain_is_reported():
    # Keras 2.2's custom-metric idiom: the attribute is read only as part of `.append` on it
    left = _left("""
        from keras.models import Model

        class Seq2Seq:
            def build(self, a, b):
                self.model = Model(a, b)

            def compile(self, optimizer):
                self.model.compile(optimizer, None)
                self.model.metrics_names.append('ppl')
                self.model.metrics_tensors.append(self.ppl)
    """)
    assert [(line, message.split(":")[0]) for line, message in left] == [(11, "self.model.metrics_tensors")]
    assert "compile(metrics=" in left[0][1]


def test_a_model_is_known_by_the_assignments_of_its_own_function():
    # MirunaPislar/Sarcasm-Detection dl_models.py (the tenth hold-out): another function's `model =
    # utils.load_model(...)` (the project's own loader) hid `model.predict_classes` of a Sequential
    left = _left("""
        import utils
        from keras.models import Sequential

        def train(x, y):
            model = Sequential()
            model.fit(x, y)
            return model.predict_classes(x)

        def reload(path):
            model = utils.load_model(path)
            return model.predict_classes(path)

        def evaluate(model, x):
            return model.predict_classes(x)

        model = Sequential()

        def tune():
            model.fit_generator(batches(), 10)

        class Trainer:
            def __init__(self):
                self.model = Sequential()

            def run(self, model):
                self.model.fit_generator(batches(), 10)
                return model.predict_classes(x)
    """)
    assert [(line, message.split(":")[0]) for line, message in left] == [
        (8, "model.predict_classes"), (20, "model.fit_generator"), (27, "self.model.fit_generator")]


def test_a_loader_that_may_return_another_runtime_is_no_model_builder():
    # david8862/keras-YOLOv3-model-set validate_yolo.py: load_val_model returns a Keras model, an ONNX session or an
    # MNN interpreter under one name, and main() calls `model.createSession(...)` on the last
    left = _left("""
        import onnxruntime
        from keras.models import load_model

        def load_val_model(path):
            if path.endswith('.onnx'):
                model = onnxruntime.InferenceSession(path)
            else:
                model = load_model(path, compile=False)
            return model

        def build(path):
            model = load_model(path)
            return model

        def main(path):
            model = load_val_model(path)
            session = model.createSession(None)
            other = build(path)
            other.fit_generator(batches(), 10)
    """)
    assert [(line, message.split(":")[0]) for line, message in left] == [(20, "other.fit_generator")]


def test_a_model_made_through_a_star_import_is_known():
    left = _left("""
        from keras.models import *
        from keras.layers import *

        model = Model(a, b)
        model.fit_generator(batches(), 10)
    """)
    assert [(line, message.split(":")[0]) for line, message in left] == [(6, "model.fit_generator")]


def test_a_name_gone_from_a_private_module_that_star_imports_is_reported():
    # LantaoYu/SeqGAN: control_flow_ops star-imports its generated ops, and TF 2.21 moved while_loop out of it
    left = _left("""
        from tensorflow.python.ops import control_flow_ops
        out = control_flow_ops.while_loop(cond, body, loop_vars)
        switched = control_flow_ops.Switch(x, flag)
    """)
    assert [(line, message.split(" does not exist")[0]) for line, message in left] == [
        (3, "tensorflow.python.ops.control_flow_ops.while_loop")]
    assert left[0][1].endswith("use the public tf.while_loop")


def test_compat_v1_app_flags_set_outside_the_generated_api_exists():
    assert _left("""
        import tensorflow as tf
        FLAGS = tf.compat.v1.app.flags.FLAGS
        tf.compat.v1.app.flags.DEFINE_string("data", "x", "where")
    """) == []


def test_tf_optimizers_losses_and_metrics_set_at_import_are_tf_keras_modules():
    """rolczynski/Automatic-Speech-Recognition (fifteenth hold-out): `tf.optimizers.Adam(lr=1e-4)`. TensorFlow's
    __init__ sets `tf.optimizers` (losses, metrics, initializers) to tf.keras's modules at import, in no generated file:
    the module was reported missing, and the keyword Keras 3's Adam refuses was never looked up (silent)."""
    left = _left("""
        import tensorflow as tf
        a = tf.optimizers.Adam(learnin_rate=1e-4)
        b = tf.losses.MeanSquaredError()
        c = tf.metrics.Accuracy()
        d = tf.initializers.GlorotUniform()
        e = tf.optimizers.Nothing
    """)
    assert [line for line, _ in left] == [3, 7]
    assert left[0][1].startswith("tf.optimizers.Adam() takes no keyword `learnin_rate`")
    assert left[1][1].startswith("tensorflow.optimizers.Nothing does not exist")


def test_a_tf1_symbol_is_reported_with_the_compat_v1_it_lives_in():
    left = _left("""
        import tensorflow as tf
        tf.set_random_seed(1)
        x = tf.placeholder(tf.float32, [None, 3])
    """)
    assert [line for line, _ in left] == [3, 4]
    assert left[0][1].startswith("tensorflow.set_random_seed does not exist in the installed TensorFlow 2.")
    assert "tf.compat.v1.set_random_seed" in left[0][1]


def test_keras_2s_rnn_cells_in_compat_v1_are_reported_not_offered():
    # TensorFlow 2.16+ replaces tf.compat.v1.nn.rnn_cell by a loader of Keras 2's cells: "`GRUCell` is not
    # available with Keras 3". A fallback to it is no fallback (shenweichen/DeepCTR), and no advice may send there.
    left = _left("""
        import tensorflow as tf
        try:
            cell = tf.nn.rnn_cell.GRUCell(4)
        except AttributeError:
            cell = tf.compat.v1.nn.rnn_cell.GRUCell(4)
    """)
    assert [line for line, _ in left] == [4, 6]
    assert all("keras.layers.GRUCell" in message and "has it" not in message for _, message in left)


def test_a_tf1_private_api_import_is_reported():
    left = _left("""
        from tensorflow._api.v1.keras.utils import multi_gpu_model
    """)
    assert [line for line, _ in left] == [2] and "private module path" in left[0][1]


class _WritesValue(Rule):
    """A rewrite that, like backend_functions_to_ops once did, passes a keyword the target does not take:
    `K.constant(3)` -> `keras.ops.convert_to_tensor(value=3)` (a real rule run by the engine, not a mock)."""

    NAME = "writes_value"
    TRIGGERS = ("constant",)

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if isinstance(original.func, cst.Attribute) and original.func.attr.value == "constant":
            self.converted()
            return cst.parse_expression(f"keras.ops.convert_to_tensor(value={cst.Module([]).code_for_node(original.args[0].value)})")
        return updated


def test_a_keyword_a_migrate_rewrite_produced_is_reported_at_the_line_as_read():
    rules = [_WritesValue, *[rule for rule in all_rules() if rule.NAME == NAME]]
    source = textwrap.dedent("""
        import keras
        from keras import backend as K


        one = K.constant(3)
    """).encode()
    result = rewrite_source(source, "example.py", rules)
    assert b"convert_to_tensor(value=3)" in result.rewritten
    assert [(f.line, f.rule) for f in result.findings] == [(6, NAME)]
    assert "keras.ops.convert_to_tensor() takes no keyword `value`" in result.findings[0].message


# ---------------------------------------------------------------- must not report

def test_names_keywords_and_methods_that_exist_are_not_reported():
    assert _left("""
        import tensorflow as tf
        import keras
        from keras.layers import Dense, LSTM, Input
        from tensorflow.keras.callbacks import ModelCheckpoint
        from tensorflow.python.framework import ops
        tf.random.set_seed(1)
        peak = tf.reduce_max(x, axis=1, keepdims=True, name="peak")
        layer = Dense(units=3, activation="relu", name="d", input_shape=(3,), dtype="float32", trainable=False)
        recurrent = tf.keras.layers.LSTM(8, return_sequences=True, input_shape=(None, 3))
        model = keras.Sequential([layer])
        model.add(recurrent)
        model.compile(optimizer="adam", loss="mse")
        model.fit(x, y, epochs=2, batch_size=8, callbacks=[ModelCheckpoint(filepath="w.keras")])
        print(model.inputs, model.outputs, model.input_shape, tf.float32, tf.__version__, keras.__version__)
        options = dict(units=4)
        extra = Dense(**options)
        converter = tf.lite.TFLiteConverter.from_keras_model(model)
    """) == []


def test_a_projects_own_names_are_not_reported():
    assert _left("""
        import tensorflow as tf
        import keras

        def multi_gpu_model(model, gpus):
            return model

        def scale(tf, keras):
            return tf.whatever(keras.nothing)

        class Trainer:
            def fit_generator(self, data):
                return data

        model = Trainer()
        model.fit_generator([1])
        model._make_train_function = None
        parallel = multi_gpu_model(build(), 2)
    """) == []


def test_a_guarded_import_is_the_codes_own_fallback():
    assert _left("""
        try:
            from keras.layers import CuDNNLSTM
        except ImportError:
            from keras.layers import LSTM as CuDNNLSTM
        try:
            import tensorflow.compat.v1 as tf
        except ImportError:
            import tensorflow as tf
        x = tf.placeholder(tf.float32)
    """) == []


def test_files_without_keras_or_tensorflow_are_not_parsed():
    result = rewrite_source(b"print 'python 2, no keras here'\n", "example.py", [rule for rule in all_rules() if rule.NAME != "python2_syntax"])
    assert result.error is None and result.findings == ()


def test_a_python2_file_no_rule_works_on_is_named_not_passed_as_resolved():
    """It imports Keras, and the pass cannot read it (without the python2_syntax step, which makes it Python 3
    first: test_python2_syntax.py): named and counted as skipped, never passed as checked. Its text untouched."""
    result = rewrite_source(b"import keras\nprint 'python 2'\n", "example.py", [rule for rule in all_rules() if rule.NAME != "python2_syntax"])
    assert result.error == "example.py: not checked: Python 2 (print statement, line 2); run 2to3 on it first"
    assert result.findings == () and result.rewritten is None


def test_the_pass_counts_and_fails_check_through_the_summary(tmp_path):
    from migrate.codemod.engine import run

    script = tmp_path / "train.py"
    script.write_text("import tensorflow as tf\ntf.set_random_seed(1)\n")
    summary = run([script], [rule for rule in all_rules() if rule.NAME == NAME])
    assert summary.sites_for_review == 1 and summary.work_left() and summary.files_changed == 0


def test_tf1_private_api_paths_resolve_as_their_public_names():
    """`from tensorflow._api.v1.keras.utils import multi_gpu_model` (two real scripts) is Keras' multi_gpu_model
    for every rule (`names.public`), and legacy_import_paths writes the public path."""
    got, findings = rewrite("""
        from tensorflow._api.v1.keras.utils import multi_gpu_model
        from tensorflow._api.v1.keras.models import load_model

        model = load_model("m.h5")
        parallel = multi_gpu_model(model, gpus=2)
        parallel.compile(loss="mse", optimizer="adam")
    """)
    assert "multi_gpu_model" not in got and "MirroredStrategy()" in got
    # legacy_import_paths rewrites the private path to the public one: nothing is left to report
    assert "_api.v1" not in got and "from tensorflow.keras.models import load_model" in got
    assert not [f for f in findings if f.rule == NAME]


def test_a_keras_2_layer_member_keras_3_lacks_is_reported_on_a_layer_reached_as_one():
    left = _left("""
        import keras
        model = keras.models.load_model('m.keras')
        for layer in model.layers:
            print(layer.get_output_at(0), layer.name, layer.W)
        print(model.layers[0].input_mask, model.get_layer('x').updates)
        for i, block in enumerate(model.layers[:3]):
            block = wrap(block)
            print(block.updates)
        masks = [each.output_mask for each in model.layers]
    """)
    assert [(line, message.split(":")[0]) for line, message in left] == [
        (5, "layer.get_output_at"), (6, "model.layers[0].input_mask"), (6, "model.get_layer('x').updates"),
        (10, "each.output_mask")]
    assert "layer.output where the layer was called once" in left[0][1]


def test_a_keras_2_optimizer_member_keras_3_lacks_is_reported_on_a_models_optimizer():
    # Detecting-diabetic-retinopathy's mnist_dense.py (fifty-ninth hold-out): a callback printing the decayed rate
    left = _left("""
        import keras
        from keras.callbacks import Callback

        class ShowRate(Callback):
            def on_epoch_end(self, epoch, logs=None):
                decay = self.model.optimizer.decay
                rate = self.model.optimizer.learning_rate * self.model.optimizer.iterations
                state = self.model.optimizer.get_weights()

        model = keras.models.load_model('m.keras')
        print(model.optimizer.updates, model.optimizer.momentum)
        other.optimizer.decay
        state = model.optimizer.variables if hasattr(model.optimizer, 'variables') else model.optimizer.weights
        if not hasattr(model.optimizer, 'learning_rate'):
            print(model.optimizer.lr)
    """)
    assert [(line, message.split(":")[0]) for line, message in left] == [
        (7, "self.model.optimizer.decay"), (9, "self.model.optimizer.get_weights"), (12, "model.optimizer.updates")]
    assert "InverseTimeDecay" in left[0][1] and "optimizer.variables" in left[1][1]
    assert _left("""
        class Trainer:
            def step(self):
                return self.model.optimizer.decay
    """) == []  # no Keras nor TensorFlow in the file: not a Keras model's optimizer


def test_the_keras_2_optimizer_members_are_keras_2_3_1_s():
    import os
    import subprocess
    from pathlib import Path

    import pytest

    from migrate.codemod.resolution import KERAS2_OPTIMIZER_MEMBERS
    from tests.codemod.helpers import legacy_env

    legacy = Path(os.environ.get("MIGRATE_LEGACY37", "/tmp/legacy37")) / "bin" / "python"
    if not legacy.exists():
        pytest.skip(f"no Keras 2.3.1 stack at {legacy}")
    done = subprocess.run([str(legacy), "-c", "import keras.optimizers as o; print(' '.join(sorted({n for c in (o.SGD, "
                                              "o.RMSprop, o.Adagrad, o.Adadelta, o.Adam, o.Adamax, o.Nadam) "
                                              "for n in dir(c()) if not n.startswith('_')})))"],
                          capture_output=True, text=True, env=legacy_env(), timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert set(done.stdout.split()) == KERAS2_OPTIMIZER_MEMBERS


def test_the_keras_2_layer_members_are_keras_2_3_1_s():
    import os
    import subprocess
    from pathlib import Path

    import pytest

    from migrate.codemod.resolution import KERAS2_LAYER_MEMBERS
    from tests.codemod.helpers import legacy_env

    legacy = Path(os.environ.get("MIGRATE_LEGACY37", "/tmp/legacy37")) / "bin" / "python"
    if not legacy.exists():
        pytest.skip(f"no Keras 2.3.1 stack at {legacy}")
    done = subprocess.run([str(legacy), "-c", "from keras.engine.base_layer import Layer; "
                                              "print(' '.join(sorted(n for n in dir(Layer) if not n.startswith('_'))))"],
                          capture_output=True, text=True, env=legacy_env(), timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert set(done.stdout.split()) == KERAS2_LAYER_MEMBERS
