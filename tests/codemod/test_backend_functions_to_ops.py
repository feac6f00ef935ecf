"""backend_functions_to_ops: must-not-change cases first, then before/after, then what is reported."""

import inspect
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import keras
import numpy as np
import pytest

from migrate.codemod.keras2_helpers import BACKEND
from migrate.codemod.legacy_names import legacy
from migrate.codemod.rules.backend_functions_to_ops import KEPT, KEYWORDS, OPS, OTHERS
from tests.codemod.helpers import (
    MIRRORED_ON_TWO_CPUS,
    assert_legacy_references,
    assert_rewrites,
    assert_unchanged,
    legacy37,
    legacy_env,
    rewrite,
    rewritten_copy,
    rewritten_outputs,
)

RULE = "backend_functions_to_ops"


def test_the_table_matches_the_installed_keras():
    assert KEPT == {name for name in dir(keras.backend) if not name.startswith("_")}
    assert all(hasattr(keras.ops, target) for target, _ in OPS.values())


def _target(function):
    """The Keras 3 callable a backend function becomes: keras.ops's, or OTHERS' dotted target."""
    if function in OPS:
        return getattr(keras.ops, OPS[function][0])
    module, *path = OTHERS[function][0].split(".")
    value = {"keras": keras, "tf": pytest.importorskip("tensorflow")}[module]
    for part in path:
        value = getattr(value, part)
    return value


def test_every_renamed_keyword_is_a_parameter_of_the_keras_3_function():
    for function, renames in KEYWORDS.items():
        parameters = inspect.signature(_target(function)).parameters
        assert set(renames.values()) <= set(parameters), function


def test_every_parameter_others_names_is_one_of_its_targets():
    # K.variable(value=img) became keras.Variable(value=img): keras.Variable's first parameter is `initializer`
    for function, (_, positions, defaults) in OTHERS.items():
        parameters = inspect.signature(_target(function)).parameters
        named = {KEYWORDS.get(function, {}).get(name, name) for name in positions} | set(defaults)
        assert named <= set(parameters), function


def test_a_variables_value_keyword_is_keras_variables_initializer():
    # misgod/fast-neural-style-keras img_util.py
    assert_rewrites("""
        from keras import backend as K

        kvar = K.variable(value=img)
        w = K.variable(value=0.5, name='w')
    """, """
        from keras import backend as K
        import keras

        kvar = keras.Variable(initializer=img, dtype=keras.backend.floatx())
        w = keras.Variable(initializer=0.5, name='w', dtype=keras.backend.floatx())
    """, RULE)
    img = np.arange(6, dtype="float32").reshape(2, 3)
    np.testing.assert_array_equal(keras.ops.convert_to_numpy(
        keras.Variable(initializer=img, dtype=keras.backend.floatx())), img)


def test_keywords_are_given_under_the_keras_3_functions_own_names():
    # K.constant(value=...) became keras.ops.convert_to_tensor(value=...): a TypeError at the first call
    assert_rewrites("""
        from keras import backend as K

        c = K.constant(value=0.5, dtype='float32')
        d = K.clip(x, min_value=0.0, max_value=1.0)
        e = K.maximum(x=a, y=b)
        f = K.reshape(x, shape=(-1, 4))
    """, """
        from keras import backend as K
        import keras

        c = keras.ops.convert_to_tensor(x=0.5, dtype='float32')
        d = keras.ops.clip(x, x_min=0.0, x_max=1.0)
        e = keras.ops.maximum(x1=a, x2=b)
        f = keras.ops.reshape(x, newshape=(-1, 4))
    """, RULE)


def test_keras_1_keywords_are_given_under_the_keras_3_functions_own_names():
    # maxhodak/keras-molecules model.py (K.random_normal(..., std=epsilon_std)), mzaradzki/neuralnets' VAE notebooks
    # (K.random_uniform(low=, high=)), ruidan/Unsupervised-Aspect-Extraction my_layers.py (K.expand_dims(x, dim=-2)):
    # Keras 1.2.2's names, kept by the rewrite, which tf.random.normal and keras.ops.expand_dims refused
    assert_rewrites("""
        from keras import backend as K

        epsilon = K.random_normal(shape=(batch_size, latent), mean=0., std=epsilon_std)
        u = K.random_uniform(shape=(batch_size, 1), low=-1.0, high=1.0)
        t = K.expand_dims(x, dim=-2)
    """, """
        from keras import backend as K
        import tensorflow
        import keras

        epsilon = tensorflow.random.normal(shape=(batch_size, latent), mean=0., stddev=epsilon_std, dtype=keras.backend.floatx())
        u = tensorflow.random.uniform(shape=(batch_size, 1), minval=-1.0, maxval=1.0, dtype=keras.backend.floatx())
        t = keras.ops.expand_dims(x, axis=-2)
    """, RULE)


def test_keywords_renamed_call_what_keras_2_called():
    x = np.array([[-2.0, 0.3, 4.0]], dtype="float32")
    got = keras.ops.convert_to_numpy(keras.ops.clip(keras.ops.convert_to_tensor(x=x), x_min=0.0, x_max=1.0))
    np.testing.assert_allclose(got, np.clip(x, 0.0, 1.0))


def test_what_keras_3_keeps_and_a_projects_own_backend_stay():
    assert_unchanged("""
        from keras import backend as K
        from myproject import backend as B

        eps = K.epsilon()
        if K.image_data_format() == 'channels_first':
            axis = 1
        total = B.sum(x) + sum(values)
    """, RULE)


def test_a_dice_loss_and_defaults_that_differ_are_written_out():
    # jocicmarko/ultrasound-nerve-segmentation train.py, qqwweee/keras-yolo3 yolo3/model.py
    assert_rewrites("""
        from keras import backend as K

        def dice_coef(y_true, y_pred):
            y_true_f = K.flatten(y_true)
            y_pred_f = K.flatten(y_pred)
            intersection = K.sum(y_true_f * y_pred_f)
            return (2. * intersection + 1.) / (K.sum(y_true_f) + K.sum(y_pred_f) + 1.)

        grid = K.concatenate([grid_x, grid_y])
        grid = K.cast(grid, K.dtype(feats))
        box = K.expand_dims(box, -2)
        best = K.argmax(iou)
        shape = K.shape(feats)[1:3]
        n = K.int_shape(a + b)
    """, """
        from keras import backend as K
        import keras
        import tensorflow

        def dice_coef(y_true, y_pred):
            y_true_f = keras.ops.reshape(y_true, (-1,))
            y_pred_f = keras.ops.reshape(y_pred, (-1,))
            intersection = keras.ops.sum(y_true_f * y_pred_f)
            return (2. * intersection + 1.) / (keras.ops.sum(y_true_f) + keras.ops.sum(y_pred_f) + 1.)

        grid = keras.ops.concatenate([grid_x, grid_y], axis=-1)
        grid = keras.ops.cast(grid, keras.backend.standardize_dtype(feats.dtype))
        box = keras.ops.expand_dims(box, -2)
        best = keras.ops.argmax(iou, axis=-1)
        shape = tensorflow.shape(feats)[1:3]
        n = tuple((a + b).shape)
    """, RULE)


def test_tf_keras_backend_and_the_files_tensorflow_alias():
    assert_rewrites("""
        import tensorflow as tf
        import tensorflow.keras.backend as K
        from keras.backend import gather

        image_dims = K.stack([height, width])
        boxes = gather(boxes, nms_index)
        size = K.shape(x)[0]
        c = K.constant(max_boxes, dtype='int32')
        d = K.constant(0.5)
        n = K.l2_normalize(x, self.axis)
        t = K.tf.convert_to_tensor(K.tf.float32)
    """, """
        import tensorflow as tf
        import tensorflow.keras.backend as K
        import keras

        image_dims = keras.ops.stack([height, width])
        boxes = keras.ops.take(boxes, nms_index, axis=0)
        size = tf.shape(x)[0]
        c = keras.ops.convert_to_tensor(max_boxes, dtype='int32')
        d = keras.ops.convert_to_tensor(0.5, dtype=keras.backend.floatx())
        n = tf.math.l2_normalize(x, self.axis)
        t = tf.convert_to_tensor(tf.float32)
    """, RULE)


def test_tf_1s_generated_api_package_is_tf_keras_backend():
    # yangzijia/tf-keras-yolov3 yolo3/loss.py: the functions went only on a second run, after legacy_import_paths
    # (a later rule) had respelt the import
    assert_rewrites("""
        from tensorflow._api.v1.keras import backend as K

        def box_iou(b1, b2):
            b1 = K.expand_dims(b1, -2)
            return K.maximum(b1, b2)
    """, """
        from tensorflow._api.v1.keras import backend as K
        import keras

        def box_iou(b1, b2):
            b1 = keras.ops.expand_dims(b1, -2)
            return keras.ops.maximum(b1, b2)
    """, RULE)


def test_tensorflow_imported_from_keras_backend_becomes_an_import_of_tensorflow():
    # Keras 2.0-2.2's backend re-exported the tensorflow module (`from .tensorflow_backend import *`)
    assert_rewrites("""
        from keras.backend import tf
        from tensorflow.keras.backend import tf as ktf
        from keras.backend import epsilon, tf as backend_tf

        def f(x):
            from keras.backend import tf
            return tf.shape(x), ktf.range(3), backend_tf.ones(2) * epsilon()
    """, """
        import tensorflow as tf
        import tensorflow as ktf
        from keras.backend import epsilon
        import tensorflow as backend_tf

        def f(x):
            import tensorflow as tf
            return tf.shape(x), ktf.range(3), backend_tf.ones(2) * epsilon()
    """, RULE)


def test_image_dim_ordering_compared_with_a_literal():
    # flyyufelix/cnn_finetune densenet121.py
    assert_rewrites("""
        from keras import backend as K

        if K.image_dim_ordering() == 'th':
            concat_axis = 1
        K.set_image_dim_ordering("tf")
    """, """
        from keras import backend as K

        if K.image_data_format() == 'channels_first':
            concat_axis = 1
        K.set_image_data_format("channels_last")
    """, RULE)


def test_what_has_no_keras_3_counterpart_is_reported():
    findings = assert_unchanged("""
        from keras import backend as K

        ordering = K.set_image_dim_ordering(order)
        image_shape = K.placeholder(ndim=2)
        K.set_learning_phase(1)
        model.compile(loss=K.update)
        K.get_session().run(tf.variables_initializer([max_boxes_tensor]))
        K.tensorflow_backend.set_session(sess)
        _, found = K.control_flow_ops.while_loop(cond, body, [found])
        w = K.variable(0.5, 'float32', 'w', constraint)
        shape = K.placeholder(shape=(2, ))
        out = sess.run([boxes], feed_dict={shape: [416, 416]})
    """, RULE)
    assert [(f.line, f.message.split(" is gone")[0]) for f in findings] == [
        (4, "keras.backend.set_image_dim_ordering"), (5, "keras.backend.placeholder"),
        (6, "keras.backend.set_learning_phase"), (7, "keras.backend.update"),
        (10, "keras.backend.control_flow_ops.while_loop"), (11, "keras.backend.variable"),
        (12, "keras.backend.placeholder")]
    assert all(not f.advice for f in findings)
    assert "set_image_data_format(" in findings[0].message and "training=False" in findings[2].message


def test_variables_values_and_the_optimizers_learning_rate():
    # xuannianz/EfficientDet callbacks.py, flyyufelix/cnn_finetune custom_layers/scale_layer.py,
    # divamgupta/image-segmentation-keras models/mobilenet.py, fizyr/keras-retinanet losses.py
    assert_rewrites("""
        from keras import backend as K

        lr = K.get_value(self.model.optimizer.lr)
        K.set_value(self.model.optimizer.lr, lr * self.factor)
        K.set_value(self.counter, 0)
        self.gamma = K.variable(init, name='gamma')
        relu6 = K.relu(x, max_value=6)
        sigma = K.cast_to_floatx(3.0)
        rank = K.ndim(x)
    """, """
        from keras import backend as K
        import keras
        import numpy

        lr = keras.ops.convert_to_numpy(self.model.optimizer.learning_rate)
        self.model.optimizer.learning_rate.assign(lr * self.factor)
        self.counter.assign(0)
        self.gamma = keras.Variable(init, name='gamma', dtype=keras.backend.floatx())
        relu6 = keras.ops.relu6(x)
        sigma = numpy.asarray(3.0, dtype=keras.backend.floatx())
        rank = len(x.shape)
    """, RULE)


def test_an_inference_learning_phase_goes_and_a_training_one_is_reported():
    # david8862/keras-YOLOv3-model-set eval.py and its backbones' __main__ blocks
    findings = assert_rewrites("""
        from keras import backend as K
        TEST_PHASE = 0

        model = load_model(path)
        K.set_learning_phase(TEST_PHASE)
        if __name__ == '__main__':
            K.set_learning_phase(False)
        K.set_learning_phase(1)
    """, """
        from keras import backend as K
        TEST_PHASE = 0

        model = load_model(path)
        if __name__ == '__main__':
            pass
        K.set_learning_phase(1)
    """, RULE)
    assert [(f.line, f.rule) for f in findings] == [(9, RULE)]


def test_a_backend_function_passed_on_becomes_its_keras_ops_twin():
    # killthekitten/kaggle-carvana-2017 losses.py: `return K.binary_crossentropy` as a loss; Lambda(K.ones_like)
    findings = assert_rewrites("""
        import keras.backend as K
        from keras.layers import Lambda

        def make_loss(name):
            if name == 'crossentropy':
                return K.binary_crossentropy
            return K.mean

        ones = Lambda(K.ones_like)
        model.compile(loss=K.categorical_crossentropy, optimizer='adam')
        size = K.int_shape
    """, """
        import keras.backend as K
        from keras.layers import Lambda
        import keras

        def make_loss(name):
            if name == 'crossentropy':
                return keras.ops.binary_crossentropy
            return keras.ops.mean

        ones = Lambda(keras.ops.ones_like)
        model.compile(loss=keras.ops.categorical_crossentropy, optimizer='adam')
        size = K.int_shape
    """, RULE)
    assert findings == []


def test_a_passed_on_loss_trains_under_keras_3():
    import keras
    import numpy as np

    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation="sigmoid")])
    model.compile(loss=keras.ops.binary_crossentropy, optimizer="sgd")
    history = model.fit(np.ones((4, 3)), np.ones((4, 1)), epochs=2, verbose=0)
    assert history.history["loss"][1] < history.history["loss"][0]


def test_a_learning_phase_saved_and_put_back_around_inference_goes():
    # fsx950223/mobilenetv2-yolov3 yolo3/map.py: a callback's evaluation at the end of training
    assert_rewrites("""
        import tensorflow as tf

        class MAPCallback(tf.keras.callbacks.Callback):
            def on_train_end(self, logs={}):
                origin_learning_phase = tf.keras.backend.learning_phase()
                tf.keras.backend.set_learning_phase(0)
                APs = self.calculate_aps()
                tf.keras.backend.set_learning_phase(origin_learning_phase)
                print(APs)
    """, """
        import tensorflow as tf

        class MAPCallback(tf.keras.callbacks.Callback):
            def on_train_end(self, logs={}):
                APs = self.calculate_aps()
                print(APs)
    """, RULE)


def test_a_saved_learning_phase_read_otherwise_stays_reported():
    findings = assert_unchanged("""
        from keras import backend as K
        phase = K.learning_phase()
        outputs = K.function([x, phase], [y])
        K.set_learning_phase(phase)
    """, RULE)
    assert findings


def test_switch_on_a_mask_becomes_where_and_on_a_scalar_with_branches_cond():
    # david8862/keras-YOLOv3-model-set's and qqwweee/keras-yolo3's losses: the mask has the values' rank.
    findings = assert_rewrites("""
        from keras import backend as K

        wh = K.switch(object_mask, wh, K.zeros_like(wh)) # avoid log(0)=-inf
        total = K.switch(K.equal(n, 0), lambda: zero, lambda: total / n)
        odd = K.switch(flag, lambda: a, b)
        kept = K.switch(flag, lambda x: a, b)
        product = K.dot(x, kernel)
    """, """
        from keras import backend as K
        import keras

        wh = keras.ops.where(object_mask, wh, keras.ops.zeros_like(wh)) # avoid log(0)=-inf
        total = keras.ops.cond(keras.ops.equal(n, 0), lambda: zero, lambda: total / n)
        odd = keras.ops.cond(flag, lambda: a, lambda: b)
        kept = K.switch(flag, lambda x: a, b)
        product = keras.ops.dot(x, kernel)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(4, True), (7, False)]
    assert "fewer axes" in findings[0].message


def test_what_switch_and_in_train_phase_become_computes_what_keras_2_did():
    # Keras 2.3.1's TensorFlow backend: switch cast a float mask to bool and, ranks equal, tiled it where its
    # axes were 1; in_train_phase returned x (called, when a function) in training, alt otherwise.
    rng = np.random.default_rng(0)
    wh = rng.normal(size=(2, 3, 3, 2)).astype("float32")
    mask = (rng.uniform(size=(2, 3, 3, 1)) > 0.5).astype("float32")
    got = keras.ops.convert_to_numpy(keras.ops.where(mask, wh, keras.ops.zeros_like(wh)))
    np.testing.assert_array_equal(got, np.where(np.tile(mask.astype(bool), (1, 1, 1, 2)), wh, 0))
    total = keras.ops.cond(keras.ops.equal(np.float32(0), 0), lambda: np.float32(1), lambda: np.float32(2))
    assert float(keras.ops.convert_to_numpy(total)) == 1.0
    # K.dot: numpy's dot for every rank (Keras 2 reshaped to a matmul to get it)
    x, y, z = (rng.normal(size=shape).astype("float32") for shape in ((2, 3, 4), (4, 5), (6, 4, 5)))
    for a, b in ((x, y), (x, z)):
        np.testing.assert_allclose(keras.ops.convert_to_numpy(keras.ops.dot(a, b)), np.dot(a, b), rtol=1e-5, atol=1e-6)


def test_in_train_phase_with_training_given_becomes_a_conditional_expression():
    findings = assert_rewrites("""
        from keras import backend as K

        class Detections(Layer):
            def call(self, x, training=None):
                boxes = K.in_train_phase(proposals, lambda: self.detections(x), training=training)
                return K.in_train_phase(boxes, x)
    """, """
        from keras import backend as K

        class Detections(Layer):
            def call(self, x, training=None):
                boxes = (proposals if training else self.detections(x))
                return K.in_train_phase(boxes, x)
    """, RULE)
    # `Layer` is not imported from Keras here: its call may not be a Keras layer's, which Keras 3 gives training
    assert [(f.line, f.advice, f.message.split(" is gone")[0]) for f in findings] == [
        (7, False, "keras.backend.in_train_phase")]


def test_in_train_phase_without_training_in_a_keras_layers_call_reads_the_training_keras_3_passes():
    # Hironsan/anago anago/layers.py (CRF.call): Keras 2 read its global learning phase, 1 under fit, 0 under
    # predict/evaluate, which is the `training` Keras 3 gives a call that names it
    findings = assert_rewrites("""
        from keras import backend as K
        from keras.engine import Layer

        class CRF(Layer):
            def call(self, X, mask=None):
                if self.learn_mode == 'join':
                    out = K.in_train_phase(train_output, test_output)
                else:
                    out = K.in_train_phase(lambda: self.marginal(X), test_output)
                return out

        class Kwargs(Layer):
            def call(self, x, **kwargs):
                return K.in_train_phase(x, x * 2)

        class Plain(object):
            def call(self, x):
                return K.in_train_phase(x, x * 2)

        def outside(x):
            return K.in_train_phase(x, x * 2)
    """, """
        from keras import backend as K
        from keras.engine import Layer

        class CRF(Layer):
            def call(self, X, mask=None, training=None):
                if self.learn_mode == 'join':
                    out = (train_output if training else test_output)
                else:
                    out = (self.marginal(X) if training else test_output)
                return out

        class Kwargs(Layer):
            def call(self, x, **kwargs):
                return K.in_train_phase(x, x * 2)

        class Plain(object):
            def call(self, x):
                return K.in_train_phase(x, x * 2)

        def outside(x):
            return K.in_train_phase(x, x * 2)
    """, RULE)
    assert [f.line for f in findings] == [15, 19, 22]


def test_the_learning_phase_only_tested_in_a_keras_layers_call_is_the_training_keras_3_passes():
    # ElizavetaKharlova/seq2seq-solar-forecasting Benchmarks.py (DropoutWrapper.call)
    findings = assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K

        class DropoutWrapper(tf.keras.layers.Layer):
            def call(self, inputs, initial_state):
                istraining = tf.keras.backend.learning_phase()
                inputs = tf.keras.backend.in_train_phase(x=drop(inputs), alt=inputs, training=istraining)
                return self._layer(inputs, initial_state)

        class Tested(tf.keras.layers.Layer):
            def call(self, inputs, training=None):
                if not K.learning_phase():
                    return inputs
                return inputs * 2

        class HandedOn(tf.keras.layers.Layer):
            def call(self, inputs):
                return tf.cond(K.learning_phase(), lambda: inputs * 2, lambda: inputs)
    """, """
        import tensorflow as tf
        from keras import backend as K

        class DropoutWrapper(tf.keras.layers.Layer):
            def call(self, inputs, initial_state, training=None):
                istraining = training
                inputs = (drop(inputs) if istraining else inputs)
                return self._layer(inputs, initial_state)

        class Tested(tf.keras.layers.Layer):
            def call(self, inputs, training=None):
                if not training:
                    return inputs
                return inputs * 2

        class HandedOn(tf.keras.layers.Layer):
            def call(self, inputs):
                return tf.cond(K.learning_phase(), lambda: inputs * 2, lambda: inputs)
    """, RULE)
    assert [f.line for f in findings] == [19]


IN_TRAIN_PHASE = Path(__file__).parent / "scripts" / "in_train_phase_probe.py"


def test_in_train_phase_rewritten_trains_and_predicts_as_keras_2_3_1_did(tmp_path):
    """tests/codemod/scripts/in_train_phase_probe.py rewritten and run under Keras 3: predictions, evaluation loss
    and train_on_batch loss (training mode: the layer halves) as Keras 2.3.1 computed them
    (tests/codemod/data/keras231_in_train_phase_refs.npz, the probe run by /tmp/legacy37)."""
    import os
    import shutil
    import subprocess
    import sys

    from tests.conftest import ROOT

    target = tmp_path / IN_TRAIN_PHASE.name
    shutil.copy(IN_TRAIN_PHASE, target)
    done = subprocess.run([sys.executable, "-m", "migrate", "code", "--write", str(target)], capture_output=True,
                          text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0 and ", 0 sites left for review," in done.stderr, done.stderr
    run = subprocess.run([sys.executable, str(target), str(tmp_path / "keras3.npz")], capture_output=True, text=True,
                         timeout=300, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"), cwd=tmp_path)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2500:]
    got, ref = np.load(tmp_path / "keras3.npz"), np.load(Path(__file__).parent / "data" / "keras231_in_train_phase_refs.npz")
    assert abs(float(ref["trained"]) - float(ref["evaluated"])) > 0.1  # the training path differs: the test can fail
    for name in ("predicted", "evaluated", "trained"):
        np.testing.assert_allclose(got[name], ref[name], rtol=1e-4, atol=1e-6, err_msg=name)


def test_what_keras_2_re_exported_or_keras_3_moved_is_called_where_it_went():
    # qqwweee/keras-yolo3 yolo3/model.py:394, navidstuv/NuClick train.py:45, broadinstitute/keras-rcnn
    # tests/layers/test_pooling.py and tests/backend/test_common.py, divamgupta/image-segmentation-keras
    # keras_segmentation/models/model_utils.py:47
    assert_rewrites("""
        import tensorflow as tf
        import keras.backend
        from keras import backend as K

        _, ignore_mask = K.control_flow_ops.while_loop(lambda b,*args: b<m, loop_body, [0, ignore_mask])
        gpus = [x.name for x in K.device_lib.list_local_devices() if x.name[:11] == '/device:GPU']
        a = keras.backend.placeholder(shape=(None, 224, 224, 3))
        b = K.placeholder((1, None, 4), dtype='int32')
        x_ctr = keras.backend.variable([0], "float32")
        up = Lambda(lambda x: K.resize_images(x, height_factor=s[0], width_factor=s[1], data_format=data_format,
                                              interpolation='bilinear'))(inp)
        z = K.resize_images(x, 2, 3, 'channels_first')
        y = K.depthwise_conv2d(inputs, self.depthwise_kernel, strides=self.strides, padding=self.padding)
    """, """
        import tensorflow as tf
        import keras.backend
        from keras import backend as K
        from tensorflow.python.client import device_lib
        import keras

        _, ignore_mask = tf.while_loop(lambda b,*args: b<m, loop_body, [0, ignore_mask])
        gpus = [x.name for x in device_lib.list_local_devices() if x.name[:11] == '/device:GPU']
        a = keras.Input(batch_shape=(None, 224, 224, 3))
        b = keras.Input(batch_shape=(1, None, 4), dtype='int32')
        x_ctr = keras.Variable([0], dtype="float32")
        up = Lambda(lambda x: keras.layers.UpSampling2D(size=(s[0], s[1]), data_format=data_format, interpolation='bilinear')(x))(inp)
        z = keras.layers.UpSampling2D(size=(2, 3), data_format='channels_first')(x)
        y = keras.ops.depthwise_conv(inputs, self.depthwise_kernel, strides=self.strides, padding=self.padding)
    """, RULE)


def test_what_they_became_computes_what_keras_2_did():
    import tensorflow as tf
    from tensorflow.python.client import device_lib

    # K.control_flow_ops was TensorFlow's control_flow_ops module, whose while_loop is tf.compat.v1's, in a graph
    masks = np.array([[0.1, 0.7, 0.9], [0.8, 0.2, 0.6]], dtype="float32")

    def ignore(while_loop):
        def body(b, found):
            return b + 1, found.write(b, tf.cast(tf.reduce_max(tf.gather(masks, b)) < 0.85, tf.float32))
        return tf.function(lambda: while_loop(lambda b, *args: b < 2, body, [0, tf.TensorArray(tf.float32, size=1,
                                                                                              dynamic_size=True)])[1].stack())()
    np.testing.assert_array_equal(ignore(tf.compat.v1.while_loop).numpy(), ignore(tf.while_loop).numpy())
    np.testing.assert_array_equal(ignore(tf.while_loop).numpy(), [0.0, 1.0])
    assert all(device.name.startswith("/device:") for device in device_lib.list_local_devices())
    # K.resize_images in tf.keras 2: channels to the end, tf.image.resize by the integer factors, back
    rng = np.random.default_rng(0)
    images = rng.normal(size=(2, 3, 4, 5)).astype("float32")
    for data_format, layout in (("channels_last", images), ("channels_first", images.transpose(0, 3, 1, 2))):
        for interpolation in ("nearest", "bilinear"):
            expected = tf.image.resize(images, (6, 12), method=interpolation).numpy()
            inputs = keras.Input(layout.shape[1:])
            model = keras.Model(inputs, keras.layers.Lambda(lambda x, f=data_format, i=interpolation: keras.layers.UpSampling2D(
                size=(2, 3), data_format=f, interpolation=i)(x))(inputs))
            got = model.predict(layout, verbose=0)
            got = got if data_format == "channels_last" else got.transpose(0, 2, 3, 1)
            np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)
    placeholder = keras.Input(batch_shape=(1, None, 4), dtype="int32")
    assert tuple(placeholder.shape) == (1, None, 4) and placeholder.dtype == "int32"
    assert keras.Input(batch_shape=(None, 8)).dtype == keras.backend.floatx()
    # K.depthwise_conv2d in tf.keras 2: tf.nn.depthwise_conv2d with strides (1, s, s, 1) and rate=dilation_rate
    x, kernel = rng.normal(size=(2, 9, 9, 3)).astype("float32"), rng.normal(size=(3, 3, 3, 2)).astype("float32")
    for strides, padding, dilation in (((2, 2), "same", (1, 1)), ((1, 1), "valid", (2, 2))):
        expected = tf.nn.depthwise_conv2d(x, kernel, strides=(1, *strides, 1), padding=padding.upper(),
                                          dilations=dilation).numpy()
        got = keras.ops.convert_to_numpy(keras.ops.depthwise_conv(x, kernel, strides, padding, None, dilation))
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)
    variable = keras.Variable([0], dtype="float32")
    assert variable.dtype == "float32" and tuple(variable.shape) == (1,)


def test_a_learning_phase_named_by_another_files_constant(tmp_path):
    # uzh-rpg/rpg_public_dronet evaluation.py:171 (TEST_PHASE from constants.py, `TEST_PHASE = 0`)
    from migrate.codemod.engine import run
    from migrate.codemod.registry import all_rules

    evaluation = "from keras import backend as K\nfrom constants import TEST_PHASE\nimport constants\n\n" \
                 "def main():\n    K.set_learning_phase(TEST_PHASE)\n    K.set_learning_phase(constants.TRAIN_PHASE)\n" \
                 "    K.set_learning_phase(constants.PHASE)\n    model.predict(x)\n"
    (tmp_path / "constants.py").write_text("TEST_PHASE = 0  # inference\nTRAIN_PHASE = 1\nPHASE = 0\nPHASE = 1\n")
    (tmp_path / "evaluation.py").write_text(evaluation)
    summary = run([tmp_path], [rule for rule in all_rules() if rule.NAME == RULE])
    result = next(r for r in summary.results if r.path.endswith("evaluation.py"))
    assert result.rewritten.decode() == evaluation.replace("    K.set_learning_phase(TEST_PHASE)\n", "")
    # a training phase, and a name the module sets twice, stay reported
    assert [(f.line, f.message.split(" is gone")[0]) for f in result.leftovers] == [
        (7, "keras.backend.set_learning_phase"), (8, "keras.backend.set_learning_phase")]
    # the same file alone: the constant is not known, the call stays reported
    alone = run([tmp_path / "evaluation.py"], [rule for rule in all_rules() if rule.NAME == RULE]).results[0]
    assert [f.line for f in alone.leftovers] == [6, 7, 8]


def test_bias_add_becomes_what_keras_2_called_with_advice_on_a_bias_of_more_axes():
    # titu1994/keras-squeeze-excite-network se_mobilenets.py:203 (a DepthwiseConv2D of its own)
    findings = assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K

        outputs = K.bias_add(outputs, self.bias, data_format=self.data_format)
        last = K.bias_add(x, b)
        first = K.bias_add(x, b, 'channels_first')
    """, """
        import tensorflow as tf
        from keras import backend as K
        import keras

        outputs = tf.nn.bias_add(outputs, self.bias, data_format='NCHW' if self.data_format == 'channels_first' else 'NHWC')
        last = tf.nn.bias_add(x, b, data_format='NCHW' if keras.backend.image_data_format() == 'channels_first' else 'NHWC')
        first = tf.nn.bias_add(x, b, data_format='NCHW')
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(5, True), (6, True), (7, True)]


def test_bias_add_as_rewritten_adds_along_the_channel_axis():
    import tensorflow as tf

    rng = np.random.default_rng(1)
    bias = rng.normal(size=(3,)).astype("float32")
    for shape in ((2, 3, 4, 5), (2, 3, 4)):
        x = rng.normal(size=shape).astype("float32")
        first = tf.nn.bias_add(x, bias, data_format="NCHW").numpy()  # channels_first: axis 1, whatever the rank
        np.testing.assert_allclose(first, x + bias.reshape((1, 3) + (1,) * (len(shape) - 2)), rtol=1e-6)
        last = rng.normal(size=shape[:-1] + (3,)).astype("float32")
        np.testing.assert_allclose(tf.nn.bias_add(last, bias, data_format="NHWC").numpy(), last + bias, rtol=1e-6)


@pytest.mark.parametrize(("source", "work"), [
    ("from keras import backend as K\nK.image_data_format(); K.epsilon()\n", False),  # kept in Keras 3: no work
    ("import keras\nx = 1  # keras.backend is gone\n", False),
    ("from keras import backend as K\nK.sum(x)\n", True),
    ("from tensorflow.keras import layers, backend as KB\ny = KB .flatten(x)\n", True),
    ("import keras.backend as K\nK.cast(x, 'float32')\n", True),
    ("import tensorflow as tf  # keras\ntf.keras.backend.mean(x)\n", True),
    ("from keras import backend\nbackend.sqrt(x)\n", True),
    ("from keras.backend import sum as ksum\nksum(x)\n", True),
])
def test_the_text_trigger_lets_every_import_form_through_and_keeps_kept_functions_out(source, work):
    # what the trigger lets through is parsed; a file it keeps out must have nothing to rewrite or report
    from migrate.codemod.rules.backend_functions_to_ops import BackendFunctionsToOps
    assert BackendFunctionsToOps.triggered(source.encode()) is work
    if work:
        got, findings = rewrite(source, RULE)
        assert got != source or findings


def test_reverse_conv2d_and_spatial_2d_padding_become_keras_3s_own():
    # Hironsan/anago anago/layers.py (K.reverse in a CRF), MathiasGruber/PConv-Keras libs/pconv_layer.py and
    # pconv_model.py (K.spatial_2d_padding with the layer's data_format, K.conv2d of a mask)
    assert_rewrites("""
        from keras import backend as K
        from keras.backend import reverse

        a = K.reverse(x, 1)
        b = K.reverse(x, axes=[1, 2])
        r = reverse(best_paths, 1)
        images = K.spatial_2d_padding(inputs[0], self.pconv_padding, self.data_format)
        p = K.spatial_2d_padding(x)
        q = K.spatial_2d_padding(x, padding=((1, 2), (0, 0)))
        c = K.conv2d(images, self.kernel, strides=self.strides, padding='valid', data_format=self.data_format)
        d = K.conv2d(1-mask, kernel, data_format='channels_last', padding='same')
        e = K.conv2d(x=z, kernel=k)
    """, """
        from keras import backend as K
        import keras

        a = keras.ops.flip(x, 1)
        b = keras.ops.flip(x, axis=[1, 2])
        r = keras.ops.flip(best_paths, 1)
        images = keras.layers.ZeroPadding2D(padding=self.pconv_padding, data_format=self.data_format)(inputs[0])
        p = keras.layers.ZeroPadding2D()(x)
        q = keras.layers.ZeroPadding2D(padding=((1, 2), (0, 0)))(x)
        c = keras.ops.conv(images, self.kernel, strides=self.strides, padding='valid', data_format=self.data_format)
        d = keras.ops.conv(1-mask, kernel, data_format='channels_last', padding='same')
        e = keras.ops.conv(inputs=z, kernel=k)
    """, RULE)
    _, findings = rewrite("from keras import backend as K\nc = K.conv2d(x, k, data_format=self.data_format)\n"
                          "d = K.conv2d(x, k, (1, 1), 'same', 'channels_last')\n", RULE)
    assert [(f.line, f.advice) for f in findings] == [(2, True)]


def test_temporal_padding_is_a_pad_of_the_steps_axis():
    # khumbuai/ulmfit_keras custom_layers.py:274 (a causal convolution's left padding)
    assert_rewrites("""
        from keras import backend as K
        a = K.temporal_padding(x, (self.kernel_size - 1, 0))
        b = K.temporal_padding(x)
        c = K.temporal_padding(x, padding=self.padding)
    """, """
        from keras import backend as K
        import keras

        a = keras.ops.pad(x, [[0, 0], [self.kernel_size - 1, 0], [0, 0]])
        b = keras.ops.pad(x, [[0, 0], [1, 1], [0, 0]])
        c = keras.ops.pad(x, [[0, 0], list(self.padding), [0, 0]])
    """, RULE)


def test_backend_functions_keras_3_lacks_an_exact_counterpart_for_stay_reported():
    # must not change: K.spatial_3d_padding is not rewritten, nor a conv2d_transpose without an output shape, a
    # dropout without a level, a conv1d whose padding
    # is, or may be in a file that names it, 'causal', a pool2d whose mode the text does not tell
    for source in ("from keras import backend as K\ny = K.spatial_3d_padding(x)\n",
                   "from keras import backend as K\ny = K.conv2d_transpose(x, k, strides=(2, 2))\n",
                   "from keras import backend as K\ny = K.dropout(x, noise_shape=(2, 1))\n",
                   "from keras import backend as K\ny = K.conv1d(x, k, padding='causal')\n",
                   "from keras import backend as K\ny = K.conv1d(x, k, 1, self.padding)  # or 'causal'\n",
                   "from keras import backend as K\ny = K.pool2d(x, (2, 2), pool_mode=self.mode)\n",
                   "from keras import backend as K\ny = K.repeat(x)\n"):
        got, findings = rewrite(source, RULE)
        assert got == source and [f.line for f in findings if not f.advice] == [2], source


def test_keras_contribs_depth_to_space_called_on_keras_backend_is_reported_with_its_recipe():
    # pavitrakumar78/Anime-Face-GAN-Keras misc_layers.py:205 (SubPixelUpscaling, copied from keras-contrib)
    source = "from keras import backend as K\ny = K.depth_to_space(x, self.scale_factor, self.data_format)\n"
    got, findings = rewrite(source, RULE)
    assert got == source and [f.line for f in findings] == [2]
    assert "Keras 2.3.1's backend had no depth_to_space either" in findings[0].message
    assert "tf.nn.depth_to_space(x, scale)" in findings[0].message
    # the table holds every public Keras 2.3.1 / tf.keras name Keras 3 lacks: neither had it
    assert not hasattr(keras.backend, "depth_to_space") and legacy("keras.backend.depth_to_space") is None
    assert legacy("keras.backend.batch_flatten") is not None


REFERENCES = Path(__file__).parent / "data" / "keras231_backend_refs.npz"


def test_what_reverse_conv2d_and_spatial_2d_padding_became_computes_what_keras_2_3_1_did():
    """Against values Keras 2.3.1 itself computed (tests/codemod/data/make_keras231_backend_refs.py, run by
    /tmp/legacy37): the same calls, written as the rule writes them."""
    ref = np.load(REFERENCES)
    x, value = ref["x"], keras.ops.convert_to_numpy
    np.testing.assert_array_equal(value(keras.ops.flip(x, 1)), ref["reverse_1"])
    np.testing.assert_array_equal(value(keras.ops.flip(x, axis=(1, 2))), ref["reverse_12"])
    np.testing.assert_array_equal(value(keras.ops.flip(x, axis=[1, 2])), ref["reverse_12"])
    np.testing.assert_array_equal(value(keras.ops.flip(x, axis=-1)), ref["reverse_m1"])
    np.testing.assert_array_equal(value(keras.layers.ZeroPadding2D(padding=((1, 2), (0, 3)),
                                                                   data_format="channels_last")(x)), ref["pad_last"])
    np.testing.assert_array_equal(value(keras.layers.ZeroPadding2D(padding=((2, 0), (1, 1)),
                                                                   data_format="channels_first")(x)), ref["pad_first"])
    np.testing.assert_array_equal(value(keras.layers.ZeroPadding2D()(x)), ref["pad_default"])
    steps = x[:, :, :, 0]
    np.testing.assert_array_equal(value(keras.ops.pad(steps, [[0, 0], [1, 1], [0, 0]])), ref["temporal_default"])
    np.testing.assert_array_equal(value(keras.ops.pad(steps, [[0, 0], list((1, 2)), [0, 0]])), ref["temporal_12"])
    close = {"rtol": 1e-4, "atol": 1e-5}
    kernel = ref["kernel"]
    np.testing.assert_allclose(value(keras.ops.conv(x, kernel)), ref["conv_default"], **close)
    np.testing.assert_allclose(value(keras.ops.conv(x, kernel, strides=(2, 2), padding="same")), ref["conv_same_s2"], **close)
    np.testing.assert_allclose(value(keras.ops.conv(x, kernel, padding="same", dilation_rate=(2, 2),
                                                    data_format="channels_last")), ref["conv_same_d2"], **close)
    try:
        first = value(keras.ops.conv(x, ref["kernel_first"], (1, 1), "same", "channels_first"))
    except Exception as error:  # TF_ENABLE_ONEDNN_OPTS=0 on a CPU: NHWC only, the rewrite's advice says so
        assert "only supports the NHWC tensor format" in str(error)
    else:
        np.testing.assert_allclose(first, ref["conv_first"], **close)


def test_batch_dot_and_batch_flatten_become_the_dot_and_flatten_layers():
    # MathiasGruber/PConv-Keras libs/pconv_model.py:316 (a gram matrix), keras-rl dqn.py:473 and :525 (NAF)
    assert_rewrites("""
        import keras.backend as K
        gram = K.batch_dot(features, features, axes=2)
        g = K.batch_dot(x, y, (1, 2))
        P = K.batch_dot(L, LT)
        q = K.batch_dot(K.expand_dims(a - mu, 1), self.P)
        A = -.5 * K.batch_flatten(prod)
    """, """
        import keras.backend as K
        import keras

        gram = keras.layers.Dot(axes=2)([features, features])
        g = keras.layers.Dot(axes=(1, 2))([x, y])
        P = keras.layers.Dot(axes=(-1, -1 if len(LT.shape) == 2 else -2))([L, LT])
        q = keras.layers.Dot(axes=(-1, -1 if len(self.P.shape) == 2 else -2))([keras.ops.expand_dims(a - mu, 1), self.P])
        A = -.5 * keras.layers.Flatten(data_format='channels_last')(prod)
    """, RULE)


KNAMES_REFERENCES = Path(__file__).parent / "data" / "keras231_knames_refs.npz"


def test_what_batch_dot_and_batch_flatten_became_computes_what_keras_2_3_1_did():
    """Against values Keras 2.3.1 computed (tests/codemod/data/make_keras231_knames_refs.py, run by /tmp/legacy37):
    the default axes of 3D, 2D and 4D operands, axes given as an int, a pair, a negative int; a 1D, 2D, 4D flatten."""
    ref = np.load(KNAMES_REFERENCES)
    value = keras.ops.convert_to_numpy

    def default(x, y):  # as the rule writes K.batch_dot(x, y)
        return keras.layers.Dot(axes=(-1, -1 if len(y.shape) == 2 else -2))([x, y])

    cases = {
        "dot_33_default": default(ref["b3"], ref["b3y"]), "dot_22_default": default(ref["b2"], ref["b2y"]),
        "dot_32_default": default(ref["b3z"][:, :, :4], ref["b2"]), "dot_23_default": default(ref["b2"], ref["b3"]),
        "dot_43_default": default(ref["b4"], ref["b3y"]),
        "dot_33_axes2": keras.layers.Dot(axes=2)([ref["b3"], ref["b3"]]),
        "dot_33_axes12": keras.layers.Dot(axes=(1, 1))([ref["b3"], ref["b3z"]]),
        "dot_33_axes_neg": keras.layers.Dot(axes=-1)([ref["b3"], ref["b3"]]),
        "dot_22_axes1": keras.layers.Dot(axes=1)([ref["b2"], ref["b2y"]]),
        "flatten_1": keras.layers.Flatten(data_format="channels_last")(ref["b2"][:, 0]),
        "flatten_2": keras.layers.Flatten(data_format="channels_last")(ref["b2"]),
        "flatten_4": keras.layers.Flatten(data_format="channels_last")(ref["b4"]),
    }
    for name, got in cases.items():
        assert value(got).shape == ref[name].shape, name
        np.testing.assert_allclose(value(got), ref[name], rtol=1e-4, atol=1e-5, err_msg=name)


def test_the_number_of_gpus_keras_2_listed_becomes_tensorflow_s_logical_gpus():
    # WeidiXie/VGG-Speaker-Recognition src/main.py:79; the names themselves differ (Keras 2's began
    # '/job:localhost/replica:0/task:0'): a use of them is reported
    assert_rewrites("""
        import keras
        from keras.backend.tensorflow_backend import _get_available_gpus
        mgpu = len(keras.backend.tensorflow_backend._get_available_gpus())
        n = len(_get_available_gpus())
    """, """
        import keras
        import tensorflow

        mgpu = len(tensorflow.config.list_logical_devices('GPU'))
        n = len(tensorflow.config.list_logical_devices('GPU'))
    """, RULE)
    findings = assert_unchanged("""
        import keras.backend as K
        gpus = K.tensorflow_backend._get_available_gpus()
    """, RULE)
    assert [f.line for f in findings] == [3] and "list_logical_devices('GPU')" in findings[0].message


CTC_LOSS = ("keras.ops.expand_dims(keras.ops.ctc_loss(keras.ops.cast(labels, 'int32'), keras.ops.log(y_pred + "
            "keras.backend.epsilon()), keras.ops.cast(keras.ops.squeeze(label_length, -1), 'int32'), "
            "keras.ops.cast(keras.ops.squeeze(input_length, -1), 'int32'), mask_index=keras.ops.shape(y_pred)[-1] - 1), 1)")


def test_ctc_batch_cost_becomes_ctc_loss_with_keras_2s_blank_and_shapes():
    # robmsmt/KerasDeepSpeech model.py:76
    assert_rewrites("""
        from keras import backend as K
        def ctc_lambda_func(args):
            y_pred, labels, input_length, label_length = args
            return K.ctc_batch_cost(labels, y_pred, input_length, label_length)
    """, """
        from keras import backend as K
        import keras

        def ctc_lambda_func(args):
            y_pred, labels, input_length, label_length = args
            return {CTC_LOSS}
    """.replace("{CTC_LOSS}", CTC_LOSS), RULE)


def test_ctc_decode_the_update_functions_and_a_ctc_cost_of_an_expression_are_reported_with_the_recipe():
    source = """from keras import backend as K
K.update(v, 2.0)
K.update_add(v, 1.0)
K.update_sub(v, 1.0)
out = K.ctc_decode(y_pred, input_length, greedy=True, blank_index=0)
cost = K.ctc_batch_cost(labels, y_pred[:, 2:, :], input_length, label_length)
"""
    got, findings = rewrite(source, RULE)
    assert got == source
    said = {f.line: f.message for f in findings if not f.advice}
    assert sorted(said) == [2, 3, 4, 5, 6]
    assert "x.assign(value)" in said[2] and "x.assign_add(value)" in said[3] and "x.assign_sub(value)" in said[4]
    assert "copied into the file" in said[5] and "mask_index=num_classes - 1" in said[6]


def test_an_update_in_an_optimizers_get_updates_is_reported_with_the_port_to_update_step():
    # peter0749/YOLOv2-tiny-Keras-with-multiple-GPU lib/weightnorm.py, kurapan/EAST adamw.py: Keras 3 optimizers never
    # call get_updates, so the line alone cannot be rewritten to run; an update elsewhere keeps the general advice
    source = """from keras import backend as K
class AdamW(Optimizer):
    def get_updates(self, loss, params):
        self.updates = [K.update_add(self.iterations, 1)]
        for p, m in zip(params, ms):
            self.updates.append(K.update(m, m_t))
        return self.updates
def merge(updates):
    return [K.update(a, b) for a, b in updates]
"""
    got, findings = rewrite(source, RULE)
    assert got == source
    said = {f.line: f.message for f in findings if not f.advice}
    assert sorted(said) == [4, 6, 9]
    assert "update_step(gradient, variable, learning_rate)" in said[4] and "self.assign_add(x, v)" in said[4]
    assert "self.assign(x, v)" in said[6] and "K.update(x, v)" in said[6]
    assert "get_updates, which" not in said[9] and "x.assign(value)" in said[9]


CTC_REFERENCES = Path(__file__).parent / "data" / "keras231_ctc_refs.npz"


def test_what_ctc_batch_cost_became_computes_what_keras_2_3_1_did():
    """Against Keras 2.3.1's K.ctc_batch_cost (tests/codemod/data/make_keras231_ctc_refs.py, run by /tmp/legacy37),
    the expression the rule writes, evaluated: three shapes, label and input lengths shorter than the padding."""
    got, _ = rewrite("from keras import backend as K\nloss = K.ctc_batch_cost(y_true, y_pred, input_length, "
                     "label_length)\n", RULE)
    expression = got.split("loss = ", 1)[1]
    ref = np.load(CTC_REFERENCES)
    for case in range(3):
        given = {name: ref[f"{name}_{case}"] for name in ("y_true", "y_pred", "input_length", "label_length")}
        loss = keras.ops.convert_to_numpy(eval(expression, {"keras": keras, **given}))  # the rule's own output
        assert loss.shape == ref[f"loss_{case}"].shape
        np.testing.assert_allclose(loss, ref[f"loss_{case}"], rtol=1e-5, atol=1e-5)


CTC_DECODE = BACKEND["keras.backend.ctc_decode"][1].strip("\n")
TF_KERAS_CTC_DECODE = BACKEND["tensorflow.keras.backend.ctc_decode"][1].strip("\n")


def test_ctc_decode_calls_keras_2_s_function_copied_into_the_file():
    # javyxu/ASRT_SpeechRecognition SpeechModel251.py: decoded eagerly on the predictions, then read with get_value
    assert_rewrites("""
        import numpy as np
        from keras import backend as K


        class ModelSpeech():
            def Predict(self, data_input, input_len):
                base_pred = self.base_model.predict(x=data_input)
                in_len = np.zeros((1,), dtype=np.int32)
                in_len[0] = input_len
                r = K.ctc_decode(base_pred, in_len, greedy=True, beam_width=100, top_paths=1)
                r1 = K.get_value(r[0][0])
                return r1[0]
    """, """
        import numpy as np
        from keras import backend as K
        import keras
        import tensorflow as tf


        {CTC_DECODE}


        class ModelSpeech():
            def Predict(self, data_input, input_len):
                base_pred = self.base_model.predict(x=data_input)
                in_len = np.zeros((1,), dtype=np.int32)
                in_len[0] = input_len
                r = keras2_ctc_decode(base_pred, in_len, greedy=True, beam_width=100, top_paths=1)
                r1 = keras.ops.convert_to_numpy(r[0][0])
                return r1[0]
    """.replace("{CTC_DECODE}", textwrap.indent(CTC_DECODE, " " * 8).lstrip()), RULE)


def test_ctc_decode_imported_by_name_in_a_lambda_uses_the_files_tensorflow_and_the_import_goes():
    assert_rewrites("""
        import tensorflow as tf
        from keras.backend import ctc_decode
        from keras.layers import Lambda
        decoded = Lambda(lambda y: ctc_decode(y, lengths, False, 10, top_paths=2)[0][0])(probs)
    """, """
        import tensorflow as tf
        from keras.layers import Lambda
        import keras


        {CTC_DECODE}


        decoded = Lambda(lambda y: keras2_ctc_decode(y, lengths, False, 10, top_paths=2)[0][0])(probs)
    """.replace("{CTC_DECODE}", textwrap.indent(CTC_DECODE, " " * 8).lstrip()), RULE)


def test_ctc_decode_in_a_file_whose_tf_is_tensorflow_compat_v1_keeps_it():
    # an `import tensorflow as tf` for the helper would take TF 1's names away from the rest of the file
    got, findings = rewrite("""import tensorflow.compat.v1 as tf
from keras import backend as K
x = tf.placeholder(tf.float32)
r = K.ctc_decode(p, n)
""", RULE)
    assert got.startswith("import tensorflow.compat.v1 as tf\nfrom keras import backend as K\nimport keras\n"
                          "import tensorflow\n\nx = tf.placeholder(tf.float32)\n") and not findings
    helper = CTC_DECODE.replace("tf.", "tensorflow.")
    assert f"\n\n\n{helper}\n\n\nr = keras2_ctc_decode(p, n)\n" in got and " tf." not in got.split("x = ")[1]


def test_a_ctc_decode_call_keras_2_did_not_take_is_reported_and_a_copied_one_is_not_written_twice():
    for call in ("K.ctc_decode(y_pred)", "K.ctc_decode(y_pred, n, True, 100, 1, False, 3)",
                 "K.ctc_decode(y_pred, n, blank_index=0)", "K.ctc_decode(y_pred, n, True, greedy=False)",
                 "TK.ctc_decode(y_pred, n, merge_repeated=False)", "TK.ctc_decode(y_pred, n, True, 100, 1, False)"):
        source = f"from keras import backend as K\nfrom tensorflow.keras import backend as TK\nout = {call}\n"
        got, findings = rewrite(source, RULE)
        assert got == source and [f.line for f in findings] == [3], call
    source = f"import keras\nimport tensorflow as tf\n\n\n{CTC_DECODE}\n\n\nout = keras.backend.ctc_decode(p, n)\n"
    got, findings = rewrite(source, RULE)
    assert got == source.replace("out = keras.backend.ctc_decode", "out = keras2_ctc_decode") and not findings


def test_tf_keras_ctc_decode_calls_tf_keras_s_own_function():
    # gasparian/CRNN-OCR-lite utils.py (there keras's): the decoded read in the same expression
    assert_rewrites("""
        import numpy as np
        from tensorflow.keras import backend as K
        labels = K.get_value(K.ctc_decode(out, input_length=np.ones(out.shape[0]) * out.shape[1], greedy=False,
                                          beam_width=beam_width, top_paths=top_paths)[0][0])[0]
    """, """
        import numpy as np
        from tensorflow.keras import backend as K
        import keras
        import tensorflow as tf


        {CTC_DECODE}


        labels = keras.ops.convert_to_numpy(tf_keras_ctc_decode(out, input_length=np.ones(out.shape[0]) * out.shape[1], greedy=False,
                                          beam_width=beam_width, top_paths=top_paths)[0][0])[0]
    """.replace("{CTC_DECODE}", textwrap.indent(TF_KERAS_CTC_DECODE, " " * 8).lstrip()), RULE)


CTC_DECODE_REFERENCES = Path(__file__).parent / "data" / "keras231_ctc_decode_refs.npz"
# (greedy, beam_width, top_paths, merge_repeated): tests/codemod/data/make_keras231_ctc_decode_refs.py's DECODINGS
CTC_DECODINGS = ((True, 100, 1, False), (False, 100, 1, False), (False, 100, 2, False), (False, 4, 2, False),
                 (False, 10, 3, True))


TF_KERAS_CTC_DECODE_REFERENCES = Path(__file__).parent / "data" / "tf_keras_ctc_decode_refs.npz"


def _ctc_decode_rewritten(backend: str = "keras") -> dict:
    """The module the rule writes for a K.ctc_decode call (`backend`'s: keras or tensorflow.keras), executed: its
    `decode` and the copied function."""
    keras_only = ", merge_repeated=r" if backend == "keras" else ""
    got, _ = rewrite(f"from {backend} import backend as K\n\n\ndef decode(p, n, g, w, t, r):\n"
                     f"    return K.ctc_decode(p, n, greedy=g, beam_width=w, top_paths=t{keras_only})\n", RULE)
    assert "ctc_decode(p, n" in got and "K.ctc_decode" not in got
    space: dict = {}
    exec(compile(got, "<rewritten>", "exec"), space)  # noqa: S102 - the rule's own output
    return space


@pytest.mark.parametrize(("backend", "references"), [("keras", CTC_DECODE_REFERENCES),
                                                     ("tensorflow.keras", TF_KERAS_CTC_DECODE_REFERENCES)])
def test_what_ctc_decode_became_computes_what_keras_2_3_1_did_on_predictions(backend, references):
    """Against Keras 2.3.1's K.ctc_decode (tests/codemod/data/make_keras231_ctc_decode_refs.py, run by
    /tmp/legacy37) and tf.keras 2's (make_tf_keras_ctc_decode_refs.py, by /tmp/tfkeras: padded to the time axis,
    repeated labels merged in the beam search): greedy, beam search of one, two and three paths (merge_repeated
    too, Keras 2.3.1's), input lengths shorter than the time axis, on NumPy predictions as after model.predict;
    the decoded exactly (their padding included), the log probabilities to 1e-6."""
    decode = _ctc_decode_rewritten(backend)["decode"]
    inputs, ref = np.load(CTC_DECODE_REFERENCES), np.load(references)
    for case in range(3):
        y_pred, input_length = inputs[f"y_pred_{case}"], inputs[f"input_length_{case}"]
        for index, (greedy, beam_width, top_paths, merge_repeated) in enumerate(CTC_DECODINGS):
            decoded, log_prob = decode(y_pred, input_length, greedy, beam_width, top_paths, merge_repeated)
            assert len(decoded) == top_paths
            for path, dense in enumerate(decoded):
                np.testing.assert_array_equal(keras.ops.convert_to_numpy(dense), ref[f"decoded_{case}_{index}_{path}"])
            np.testing.assert_allclose(keras.ops.convert_to_numpy(log_prob), ref[f"log_prob_{case}_{index}"],
                                       rtol=0, atol=1e-6)


@pytest.mark.parametrize(("backend", "references"), [("keras", CTC_DECODE_REFERENCES),
                                                     ("tensorflow.keras", TF_KERAS_CTC_DECODE_REFERENCES)])
def test_what_ctc_decode_became_runs_in_a_keras_3_lambda_layer_as_in_keras_2(backend, references):
    """The graph use: a Lambda of a Keras 3 model decodes its input in predict's traced function, the same as
    Keras 2.3.1 / tf.keras 2 (greedy, and beam search's first path; the batch whole, so the padding is the
    references')."""
    decode = _ctc_decode_rewritten(backend)["decode"]
    inputs, ref = np.load(CTC_DECODE_REFERENCES), np.load(references)
    for case in range(3):
        y_pred, input_length = inputs[f"y_pred_{case}"], inputs[f"input_length_{case}"]
        probs, lengths = keras.Input(y_pred.shape[1:]), keras.Input((), dtype="int32")
        for index in (0, 2):
            decoded = keras.layers.Lambda(lambda args, setting=CTC_DECODINGS[index]: decode(*args, *setting)[0][0])(
                [probs, lengths])
            got = keras.Model([probs, lengths], decoded).predict([y_pred, input_length], batch_size=len(y_pred),
                                                                 verbose=0)
            np.testing.assert_array_equal(got, ref[f"decoded_{case}_{index}_0"])


def test_image_dim_ordering_read_for_its_value_becomes_keras_2s_answer():
    # kbardool/keras-frcnn RoiPoolingConv.py and measure_map.py, titu1994/Image-Super-Resolution advanced.py: the
    # ordering kept or passed on (the comparison form is rewritten as before)
    assert_rewrites("""
        from keras import backend as K

        def depth_to_scale(x, scale, dim_ordering=K.image_dim_ordering()):
            return x
        ordering = K.image_dim_ordering()
        R = rpn_to_roi(Y1, Y2, C, K.image_dim_ordering(), overlap_thresh=0.5)
        if K.image_dim_ordering() == 'th':
            pass
    """, """
        from keras import backend as K

        def depth_to_scale(x, scale, dim_ordering=('th' if K.image_data_format() == 'channels_first' else 'tf')):
            return x
        ordering = ('th' if K.image_data_format() == 'channels_first' else 'tf')
        R = rpn_to_roi(Y1, Y2, C, ('th' if K.image_data_format() == 'channels_first' else 'tf'), overlap_thresh=0.5)
        if K.image_data_format() == 'channels_first':
            pass
    """, RULE)


def test_what_image_dim_ordering_became_is_keras_2s_getter_for_both_formats():
    got, _ = rewrite("from keras import backend as K\nordering = K.image_dim_ordering()\n", RULE)
    expression = got.split("ordering = ", 1)[1]
    try:
        for data_format, ordering in (("channels_first", "th"), ("channels_last", "tf")):
            keras.backend.set_image_data_format(data_format)
            assert eval(expression, {"K": keras.backend}) == ordering
    finally:
        keras.backend.set_image_data_format("channels_last")


def test_get_variable_shape_is_int_shape_and_name_scope_keras_3s():
    # peter0749/YOLOv2-tiny-Keras-with-multiple-GPU lib/weightnorm.py; titu1994/Image-Super-Resolution distill_network.py
    assert_rewrites("""
        from keras import backend as K

        shape = K.get_variable_shape(p)
        with K.name_scope('gram_matrix'):
            norm = K.get_variable_shape(self.kernel)[-1]
        with K.name_scope('loss_' + str(i)):
            pass
    """, """
        from keras import backend as K
        import keras

        shape = tuple(p.shape)
        with keras.name_scope('gram_matrix'):
            norm = tuple(self.kernel.shape)[-1]
        with keras.name_scope('loss_' + str(i)):
            pass
    """, RULE)


def test_a_name_scope_keras_3_refuses_is_reported():
    # TF 1's `'scope/'` re-entered a scope, None reset to the root, default_name=/values= have no counterpart
    for call in ("K.name_scope('outer/')", "K.name_scope(None)", "K.name_scope(None, 'default')",
                 "K.name_scope(name, values=[x])"):
        source = f"from keras import backend as K\nwith {call}:\n    pass\n"
        got, findings = rewrite(source, RULE)
        assert got == source and [f.line for f in findings] == [2], call
        assert "keras.name_scope(name)" in findings[0].message


def test_keras_3s_name_scope_names_ops_and_variables_as_tf_name_scope_did():
    import tensorflow as tf

    @tf.function
    def traced(x):
        with keras.name_scope("gram_matrix"):
            return tf.identity(x)
    graph = traced.get_concrete_function(tf.TensorSpec([2])).graph
    assert "gram_matrix/Identity" in [op.name for op in graph.get_operations()]
    with keras.name_scope("loss"):
        variable = keras.Variable(1.0, name="w")
    assert variable.path == "loss/w"


def test_batch_normalization_gets_keras_3s_parameter_order():
    # kbardool/keras-frcnn FixedBatchNormalization.py (statistics broadcast to the input's rank), keywords, axis=-1
    assert_rewrites("""
        from keras import backend as K

        x_normed = K.batch_normalization(
            x, self.mean, self.std,
            self.beta, self.gamma,
            epsilon=self.epsilon)
        y = K.batch_normalization(x, m, v, None, None, axis=-1)
        z = K.batch_normalization(x, mean=m, var=v, beta=b, gamma=g)
        w = K.batch_normalization(x, m, v, b, g, -1, 1e-5)
    """, """
        from keras import backend as K
        import keras

        x_normed = keras.ops.batch_normalization(
            x, self.mean, self.std,
            offset=self.beta, scale=self.gamma,
            epsilon=self.epsilon, axis=-1)
        y = keras.ops.batch_normalization(x, m, v, offset=None, scale=None, axis=-1)
        z = keras.ops.batch_normalization(x, mean=m, variance=v, offset=b, scale=g, axis=-1)
        w = keras.ops.batch_normalization(x, m, v, offset=b, scale=g, axis=-1, epsilon=1e-5)
    """, RULE)


def test_batch_normalization_along_another_axis_is_reported():
    for call in ("K.batch_normalization(x, m, v, b, g, axis=1)", "K.batch_normalization(x, m, v, b, g, 3)",
                 "K.batch_normalization(x, m, v, b)", "K.batch_normalization(*args)"):
        source = f"from keras import backend as K\ny = {call}\n"
        got, findings = rewrite(source, RULE)
        assert got == source and [f.line for f in findings] == [2], call


BATCH_NORMALIZATION_REFERENCES = Path(__file__).parent / "data" / "keras231_batch_normalization_refs.npz"


def test_what_batch_normalization_became_computes_what_keras_2_3_1_did():
    """Against Keras 2.3.1's K.batch_normalization (tests/codemod/data/make_keras231_batch_normalization_refs.py, run
    by /tmp/legacy37): its fused path (4D, statistics of one axis or broadcast to (1, 1, 1, C)), its
    tf.nn.batch_normalization path (2D, 3D), no beta/gamma, epsilon given; the expression the rule writes, evaluated."""
    got, _ = rewrite("from keras import backend as K\ny = K.batch_normalization(x, mean, var, beta, gamma, "
                     "epsilon=epsilon)\n", RULE)
    expression = got.split("y = ", 1)[1]
    ref = np.load(BATCH_NORMALIZATION_REFERENCES)
    for case in range(5):
        given = {name: ref[f"{name}_{case}"] if f"{name}_{case}" in ref else None
                 for name in ("x", "mean", "var", "beta", "gamma", "epsilon")}
        y = keras.ops.convert_to_numpy(eval(expression, {"keras": keras, **given}))
        np.testing.assert_allclose(y, ref[f"y_{case}"], rtol=1e-5, atol=1e-5)


RELU_REFERENCES = Path(__file__).parent / "data" / "keras231_relu_refs.npz"


def test_relu_with_its_parameters_becomes_the_activation_and_computes_what_keras_2_3_1_did():
    """Keras 2.3.1's K.relu(x, alpha, max_value, threshold) (tests/codemod/data/make_keras231_relu_refs.py, run by
    /tmp/legacy37), by position and by keyword: keras.activations.relu, `alpha` named `negative_slope`."""
    calls = {"alpha": "K.relu(x, 0.2)", "alpha_max": "K.relu(x, alpha=0.1, max_value=5.0)",
             "max": "K.relu(x, max_value=3.0)", "threshold": "K.relu(x, threshold=1.0)",
             "all": "K.relu(x, 0.3, 6.0, 0.5)"}
    ref = np.load(RELU_REFERENCES)
    for case, call in calls.items():
        got, findings = rewrite(f"from keras import backend as K\ny = {call}\n", RULE)
        expression = got.split("y = ", 1)[1]
        assert expression.startswith("keras.activations.relu(x, ") and findings == [], (call, got)
        y = keras.ops.convert_to_numpy(eval(expression, {"keras": keras, "x": keras.ops.convert_to_tensor(ref["x"])}))
        np.testing.assert_array_equal(y, ref[case], err_msg=call)


def test_random_draws_become_the_tensorflow_ops_keras_2_called_and_draw_anew():
    """Keras 2.3.1's K.random_normal / random_uniform / truncated_normal called tf.random's ops with the same
    parameters, floatx for the dtype, a seed op-level: each call draws anew, with a seed as without one."""
    got, findings = rewrite("""
from keras import backend as K
a = K.random_normal((2, 3), 1.0, 0.5)
b = K.random_uniform(shape=(2, 3), minval=-1, maxval=1)
c = K.truncated_normal((2, 3), stddev=0.1)
d = K.random_normal((2, 3), 0., 1., 'float32', 7)
i = K.identity(a)
""", RULE)
    assert findings == []
    assert "a = tensorflow.random.normal((2, 3), mean=1.0, stddev=0.5, dtype=keras.backend.floatx())" in got
    assert "b = tensorflow.random.uniform(shape=(2, 3), minval=-1, maxval=1, dtype=keras.backend.floatx())" in got
    assert "c = tensorflow.random.truncated_normal((2, 3), stddev=0.1, dtype=keras.backend.floatx())" in got
    assert "d = tensorflow.random.normal((2, 3), mean=0., stddev=1., dtype='float32', seed=7)" in got
    assert "i = keras.ops.copy(a)" in got
    space: dict = {}
    exec(got, space)  # the rewritten file, under Keras 3
    first, seeded = (keras.ops.convert_to_numpy(space[name]) for name in "ad")
    exec("a = tensorflow.random.normal((2, 3), mean=1.0, stddev=0.5)\nd = tensorflow.random.normal((2, 3), seed=7)",
         space)
    assert first.shape == (2, 3) and first.dtype == np.float32
    assert not np.array_equal(first, keras.ops.convert_to_numpy(space["a"]))
    assert not np.array_equal(seeded, keras.ops.convert_to_numpy(space["d"]))  # the op's seed: anew at every call
    assert np.array_equal(keras.ops.convert_to_numpy(space["i"]), first)
    uniform = keras.ops.convert_to_numpy(space["b"])
    assert uniform.min() >= -1 and uniform.max() < 1


def test_the_vae_sampling_lambda_trains_under_keras_3(tmp_path):
    """Keras's variational_autoencoder example: K.random_normal in a Lambda, rewritten, builds and trains."""
    got, findings = rewrite("""
import numpy as np
from keras import backend as K
from keras.layers import Dense, Input, Lambda
from keras.models import Model

def sampling(args):
    z_mean, z_log_var = args
    batch = K.shape(z_mean)[0]
    epsilon = K.random_normal(shape=(batch, 2))
    return z_mean + K.exp(0.5 * z_log_var) * epsilon

x = Input((4,))
z = Lambda(sampling, output_shape=(2,))([Dense(2)(x), Dense(2)(x)])
model = Model(x, Dense(4)(z))
model.compile(optimizer="adam", loss="mse")
data = np.random.RandomState(0).normal(size=(16, 4)).astype("float32")
loss = model.fit(data, data, epochs=1, batch_size=8, verbose=0).history["loss"][0]
drawn = [model.predict(data[:2], verbose=0) for _ in range(2)]
""", RULE)
    assert findings == [] and "K." not in got.replace("from keras import backend as K", "")
    script = tmp_path / "vae.py"
    script.write_text(got + "assert np.isfinite(loss) and not np.array_equal(*drawn)\nprint('ok')\n")
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2500:]
    # and trained under MirroredStrategy on two logical CPUs: the layer's call is traced per replica, where
    # keras.random (a global seed variable made at the first call) stops
    mirrored = tmp_path / "vae_mirrored.py"
    mirrored.write_text(got.replace("x = Input((4,))", "strategy = tf.distribute.MirroredStrategy()\n"
                                    "with strategy.scope():\n    x = Input((4,))").replace(
        "\nz = Lambda", "\n    z = Lambda").replace("\nmodel = Model", "\n    model = Model").replace(
        "\nmodel.compile", "\n    model.compile").replace("import numpy as np", "import numpy as np\nimport tensorflow as tf", 1)
        + "assert np.isfinite(loss) and strategy.num_replicas_in_sync == 2\nprint('ok')\n")
    run = subprocess.run([sys.executable, "-c", MIRRORED_ON_TWO_CPUS, str(mirrored)], capture_output=True, text=True,
                         timeout=300, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2500:]


def test_dropout_repeat_map_fn_pool2d_conv1d_conv3d_count_params_and_batch_get_value_become_keras_3s_own():
    # datalogue/keras-attention models/tdd.py, XifengGuo/CapsNet-Keras capsulelayers.py, petrosgk/Kaggle-Carvana
    # model/losses.py, emilwallner/Coloring-greyscale-images models/utils/sn.py, yongzhuo/Keras-TextClassification
    # keras_layers/capsule.py, drscotthawley/SPNet spnet/models.py, Soonmok/keras-project-template utils/callback.py
    assert_rewrites("""
        from keras import backend as K

        dropout_matrix = K.dropout(ones, dropout)
        b = K.dropout(x, level=rate, noise_shape=(None, 1, 4), seed=1)
        expanded_dropout_matrix = K.repeat(dropout_matrix, timesteps)
        inputs_hat = K.map_fn(lambda x: K.batch_dot(x, self.W, [2, 3]), elems=inputs_tiled)
        g = K.map_fn(fn, x, 'name', 'int32')
        averaged_mask = K.pool2d(
            y_true, pool_size=(kernel_size, kernel_size), strides=(1, 1), padding='same', pool_mode='avg')
        m = K.pool2d(y, (2, 2))
        u_hat_vecs = K.conv1d(u_vecs, self.W, data_format='channels_last')
        outputs = K.conv3d(inputs, self.kernel, strides=self.strides, padding=self.padding, data_format='channels_last')
        n = np.sum([K.count_params(p) for p in set(model.trainable_weights)])
        weight_values = K.batch_get_value(symbolic_weights)
    """, """
        from keras import backend as K
        import tensorflow
        import keras
        import numpy

        dropout_matrix = tensorflow.nn.dropout(ones, rate=dropout)
        b = tensorflow.nn.dropout(x, rate=rate, noise_shape=(None, 1, 4), seed=1)
        expanded_dropout_matrix = keras.ops.tile(keras.ops.expand_dims(dropout_matrix, 1), [1, timesteps, 1])
        inputs_hat = tensorflow.map_fn(lambda x: keras.layers.Dot(axes=[2, 3])([x, self.W]), elems=inputs_tiled)
        g = tensorflow.map_fn(fn, x, name='name', dtype='int32')
        averaged_mask = keras.ops.average_pool(y_true, pool_size=(kernel_size, kernel_size), strides=(1, 1), padding='same')
        m = keras.ops.max_pool(y, (2, 2), strides=(1, 1))
        u_hat_vecs = keras.ops.conv(u_vecs, self.W, data_format='channels_last')
        outputs = keras.ops.conv(inputs, self.kernel, strides=self.strides, padding=self.padding, data_format='channels_last')
        n = np.sum([numpy.prod(tuple(p.shape)) for p in set(model.trainable_weights)])
        weight_values = [keras.ops.convert_to_numpy(value) for value in symbolic_weights]
    """, RULE)


BATCH_DOT = BACKEND["keras.backend.batch_dot"][1].strip("\n")
LOCAL_CONV1D = BACKEND["keras.backend.local_conv1d"][1].strip("\n")
CONV2D_TRANSPOSE = BACKEND["keras.backend.conv2d_transpose"][1].strip("\n")


def test_batch_dot_of_an_expression_local_conv1d_and_conv2d_transpose_call_keras_2s_function_copied_into_the_file():
    # shaoanlu/faceswap-GAN networks/nn_blocks.py, emilwallner/Coloring-greyscale-images models/utils/attention.py,
    # yongzhuo/Keras-TextClassification keras_layers/capsule.py; x[1] is read twice harmlessly: written out
    assert_rewrites("""
        from keras import backend as K
        from keras.layers import Lambda, Permute

        s = Lambda(lambda x: K.batch_dot(x[0], Permute((2,1))(x[1])))([flat_g, flat_f])
        o = Lambda(lambda x: K.batch_dot(x[0], x[1]))([beta, flat_h])


        class Capsule(Layer):
            def call(self, u_vecs):
                o = K.batch_dot(beta, hw_flatten(h))
                return K.local_conv1d(u_vecs, self.W, [1], [1])


        outputs = K.conv2d_transpose(
            inputs,
            self.kernel,
            output_shape,
            self.strides,
            padding=self.padding,
            data_format=self.data_format)
    """, """
        from keras import backend as K
        from keras.layers import Lambda, Permute
        import keras
        import tensorflow as tf


        {BATCH_DOT}


        {CONV2D_TRANSPOSE}


        {LOCAL_CONV1D}


        s = Lambda(lambda x: keras2_batch_dot(x[0], Permute((2,1))(x[1])))([flat_g, flat_f])
        o = Lambda(lambda x: keras.layers.Dot(axes=(-1, -1 if len(x[1].shape) == 2 else -2))([x[0], x[1]]))([beta, flat_h])


        class Capsule(Layer):
            def call(self, u_vecs):
                o = keras2_batch_dot(beta, hw_flatten(h))
                return keras2_local_conv1d(u_vecs, self.W, [1], [1])


        outputs = keras2_conv2d_transpose(
            inputs,
            self.kernel,
            output_shape,
            self.strides,
            padding=self.padding,
            data_format=self.data_format)
    """.replace("{BATCH_DOT}", textwrap.indent(BATCH_DOT, "        ").lstrip())
       .replace("{CONV2D_TRANSPOSE}", textwrap.indent(CONV2D_TRANSPOSE, "        ").lstrip())
       .replace("{LOCAL_CONV1D}", textwrap.indent(LOCAL_CONV1D, "        ").lstrip()), RULE)


BACKEND_OPS_REFERENCES = Path(__file__).parent / "data" / "keras231_backend_ops_refs.npz"


def _helper(source: str) -> dict:
    """The copied Keras 2 function's text, defined as the rewritten file defines it."""
    import tensorflow as tf

    namespace = {"keras": keras, "tf": tf}
    exec(source, namespace)  # noqa: S102 - the project's own helper text
    return namespace


def test_what_they_became_computes_what_keras_2_3_1_did_on_the_shapes_real_layers_use():
    """Against Keras 2.3.1's values (tests/codemod/data/make_keras231_backend_ops_refs.py, run by /tmp/legacy37):
    batch_dot with the axes and ranks of CapsNet's and the transformer's, through the copied function too; repeat
    by an int and a tensor; map_fn with name and dtype; count_params; batch_get_value; conv1d, conv3d; pool2d max
    and average (valid, same, Keras 2's default strides); local_conv1d and conv2d_transpose copied (the output's
    batch a tensor or None, dilated, channels_first)."""
    import tensorflow as tf

    ref, value = np.load(BACKEND_OPS_REFERENCES), keras.ops.convert_to_numpy
    batch_dot = _helper(BATCH_DOT)["keras2_batch_dot"]
    local_conv1d = _helper(LOCAL_CONV1D)["keras2_local_conv1d"]
    transpose = _helper(CONV2D_TRANSPOSE)["keras2_conv2d_transpose"]
    tx, tk = ref["t_x"], ref["t_k"]
    pool_x, c1, k1, c3, k3 = ref["pool_x"], ref["c1_x"], ref["c1_k"], ref["c3_x"], ref["c3_k"]
    cases = {
        "dot_caps_23": keras.layers.Dot(axes=[2, 3])([ref["caps_x"], ref["caps_w"]]),
        "dot_caps_22": keras.layers.Dot(axes=[2, 2])([ref["caps_c"], ref["caps_hat"]]),
        "dot_caps_o23": batch_dot(ref["caps_o"], ref["caps_hat"], [2, 3]),
        "dot_att_22": keras.layers.Dot(axes=[2, 2])([ref["att_q"], ref["att_k"]]),
        "dot_att_21": batch_dot(ref["att_ones"], ref["att_mask"], axes=[2, 1]),
        "dot_att_default": batch_dot(ref["att_attn"], keras.ops.convert_to_tensor(ref["att_v"])),
        "repeat_5": keras.ops.tile(keras.ops.expand_dims(ref["repeat_x"], 1), [1, 5, 1]),
        "repeat_tensor": keras.ops.tile(keras.ops.expand_dims(ref["repeat_x"], 1), [1, tf.shape(ref["caps_x"])[1], 1]),
        "map_affine": tf.map_fn(lambda t: t * 2.0 + 1.0, ref["map_x"]),
        "map_sum": tf.map_fn(lambda t: keras.ops.sum(t), ref["map_x"], name="summed", dtype="float32"),
        "map_int": tf.map_fn(lambda t: keras.ops.cast(keras.ops.argmax(t, axis=-1), "int32"), ref["map_x"],
                             dtype="int32"),
        "count_345": np.prod(tuple(keras.Variable(np.zeros((3, 4, 5))).shape)),
        "count_scalar": np.prod(tuple(keras.Variable(2.0).shape)),
        "conv1d_default": keras.ops.conv(c1, k1),
        "conv1d_same_s2": keras.ops.conv(c1, k1, strides=2, padding="same", data_format="channels_last"),
        "conv1d_d2": keras.ops.conv(c1, k1, 1, "valid", None, 2),
        "conv3d_default": keras.ops.conv(c3, k3),
        "conv3d_same_s2": keras.ops.conv(c3, k3, strides=(2, 2, 1), padding="same"),
        "pool_max": keras.ops.max_pool(pool_x, (2, 2), strides=(1, 1)),
        "pool_max_s2": keras.ops.max_pool(pool_x, (2, 2), strides=(2, 2), padding="same"),
        "pool_avg_same": keras.ops.average_pool(pool_x, pool_size=(3, 3), strides=(1, 1), padding="same"),
        "pool_avg": keras.ops.average_pool(pool_x, (3, 2), strides=(1, 2), padding="valid", data_format="channels_last"),
        "local_1": local_conv1d(ref["local_x"], ref["local_k"], [1], [1]),
        "local_2": local_conv1d(ref["local_x"], ref["local_k2"], [2], [3]),
        "transpose_valid_s2": transpose(tx, tk, (2, 9, 11, 6), (2, 2)),
        "transpose_same_s2": transpose(tx, tk, (tf.shape(tx)[0], 8, 10, 6), (2, 2), padding="same",
                                       data_format="channels_last"),
        "transpose_none": transpose(tx, tk, (None, 6, 7, 6), padding="valid"),
        "transpose_d2": transpose(tx, tk, (2, 8, 9, 6), padding="valid", dilation_rate=(2, 2)),
        "transpose_first": transpose(ref["t_x_first"], tk, (2, 6, 9, 11), (2, 2), "valid", "channels_first"),
    }
    got_values = [value(v) for v in [keras.Variable(ref["map_x"]), keras.ops.convert_to_tensor(3.0) * 2]]
    cases.update({"get_0": got_values[0], "get_1": got_values[1]})
    for name, got in cases.items():
        got = value(got)
        assert got.shape == ref[name].shape and got.dtype == ref[name].dtype, name
        np.testing.assert_allclose(got, ref[name], rtol=1e-4, atol=1e-5, err_msg=name)


def test_dropout_drops_the_fraction_keras_2_did_and_scales_the_rest_as_it_did():
    # Keras 2.3.1: tf.nn.dropout(x, rate=level, noise_shape=...): level is the fraction set to zero, every kept
    # value divided by 1 - level, a new mask at every call; the mask broadcast along noise_shape's ones
    import tensorflow as tf

    got, _ = rewrite("import tensorflow as tf\nfrom keras import backend as K\ny = K.dropout(x, 0.3)\n"
                     "z = K.dropout(x, level=0.3, noise_shape=(200, 1, 50))\n", RULE)
    assert "y = tf.nn.dropout(x, rate=0.3)" in got
    x = np.random.default_rng(0).uniform(1.0, 2.0, size=(200, 40, 50)).astype("float32")
    namespace = {"tf": tf, "x": x}
    exec(got.split("\n", 2)[2], namespace)  # noqa: S102 - the rule's own output
    y, z = keras.ops.convert_to_numpy(namespace["y"]), keras.ops.convert_to_numpy(namespace["z"])
    kept = y != 0
    assert abs(1 - kept.mean() - 0.3) < 0.01
    np.testing.assert_allclose(y[kept], x[kept] / (1 - 0.3), rtol=1e-6)
    again = keras.ops.convert_to_numpy(eval(got.split("y = ", 1)[1].split("\n")[0], namespace))  # noqa: S307
    assert (again != 0).tolist() != kept.tolist()
    assert ((z != 0) == (z[:, :1] != 0)).all()  # one mask for every step, as noise_shape says
    np.testing.assert_allclose(z[z != 0], np.broadcast_to(x, z.shape)[z != 0] / 0.7, rtol=1e-6)


LAYERS = Path(__file__).parent / "scripts" / "backend_ops_layers_train.py"


def test_layers_and_a_loss_written_with_these_functions_train_under_mirrored_strategy_once_rewritten(tmp_path):
    """tests/codemod/scripts/backend_ops_layers_train.py (Keras 2.3.1 runs it as written, one GPU or
    multi_gpu_model's two), trained under MirroredStrategy on two logical CPUs: a step-wise dropout
    (K.dropout, K.repeat over a tensor's steps, K.in_train_phase), capsules (K.conv1d, K.local_conv1d, K.map_fn over
    K.batch_dot), an attention of an expression, a pool2d loss, count_params and batch_get_value. Rewritten, nothing
    is left; it trains, predicts without dropping, and with training=True drops whole (sample, feature) pairs over the
    steps, the rest doubled; the parameters counted are the model's."""
    from tests.codemod.helpers import trained_on_cpus

    target = rewritten_copy(LAYERS, tmp_path)
    text = target.read_text()
    assert "keras2_batch_dot(" in text and "keras2_local_conv1d(" in text and "nn.dropout(ones, rate=0.5)" in text
    assert "trained (8, 12, 12, 1) 482" in trained_on_cpus(target)


NORMALIZE_DATA_FORMAT = BACKEND["keras.backend.normalize_data_format"][1].strip("\n")


def test_normalize_data_format_calls_keras_2s_function_copied_into_the_file():
    # BrikerMan/Kashgari kashgari/layers.py:127 (KMaxPooling's __init__)
    assert_rewrites("""
        from keras import backend as K
        from keras.layers import Layer


        class KMaxPooling(Layer):
            def __init__(self, k=1, data_format=None, **kwargs):
                super().__init__(**kwargs)
                self.data_format = K.normalize_data_format(data_format)
                self.other = K.normalize_data_format(value='Channels_First')
    """, """
        from keras import backend as K
        from keras.layers import Layer
        import keras


        {HELPER}


        class KMaxPooling(Layer):
            def __init__(self, k=1, data_format=None, **kwargs):
                super().__init__(**kwargs)
                self.data_format = keras2_normalize_data_format(data_format)
                self.other = keras2_normalize_data_format(value='Channels_First')
    """.replace("{HELPER}", textwrap.indent(NORMALIZE_DATA_FORMAT, "        ").lstrip()), RULE)


def test_the_copied_normalize_data_format_is_keras_2_3_1_s_and_answers_as_it_did():
    """Keras 2.3.1's function (keras/backend/common.py) but for its docstring and the configured format read from
    Keras 3's backend; on the values Keras 2.3.1 answered (its default format channels_last)."""
    import re

    normalize = _helper(NORMALIZE_DATA_FORMAT)["keras2_normalize_data_format"]
    assert [normalize(v) for v in (None, "channels_first", "Channels_Last")] == \
        ["channels_last", "channels_first", "channels_last"]
    with pytest.raises(ValueError, match="Received: NHWC"):
        normalize("NHWC")
    python = legacy37()
    source = subprocess.run([str(python), "-c", "import inspect, keras.backend.common as m; "
                             "print(inspect.getsource(m.normalize_data_format))"], capture_output=True, text=True,
                            timeout=120, env=legacy_env()).stdout
    undocumented = re.compile(r'\n    """.*?"""', re.S)
    assert undocumented.sub("", NORMALIZE_DATA_FORMAT).replace("keras2_normalize_data_format", "normalize_data_format") \
        .replace("keras.backend.image_data_format()", "image_data_format()") == undocumented.sub("", source).strip()


def test_keras_2_s_backend_name_constant_is_what_backend_returns():
    # allenai/deep_qa deep_qa/common/checks.py:33: `backend = K._BACKEND` where K.backend() raised AttributeError
    # (Keras 1); Keras 2's backend module held the name there, and its backend() returned it. An assignment to it
    # (which switched nothing) stays
    assert_rewrites("""
        from keras import backend as K
        try:
            backend = K.backend()
        except AttributeError:
            backend = K._BACKEND  # pylint: disable=protected-access
        K._BACKEND = 'tensorflow'
    """, """
        from keras import backend as K
        try:
            backend = K.backend()
        except AttributeError:
            backend = K.backend()  # pylint: disable=protected-access
        K._BACKEND = 'tensorflow'
    """, RULE)


def test_keras_1_s_backend_name_is_what_backend_returns():
    # keunwoochoi/transfer_learning_music utils_featext.py: 'weights_layer{}_{}.hdf5'.format(idx, K._backend), Keras
    # 1's name of the backend ('tensorflow' or 'theano'), which Keras 2's backend() returned
    findings = assert_rewrites("""
        from keras import backend as K
        path = 'weights_layer{}_{}.hdf5'.format(mid_idx, K._backend)
        name = str(K._BACKEND)
    """, """
        from keras import backend as K
        path = 'weights_layer{}_{}.hdf5'.format(mid_idx, K.backend())
        name = str(K.backend())
    """, RULE)
    assert not findings  # (passed as an argument, it is no function passed on)


def test_a_name_that_only_named_a_graph_op_goes():
    # kpot/keras-transformer transformer.py: Keras 2's K.zeros_like(x, name=name) was tf.zeros_like(x, name=name)
    assert_rewrites("""
        from keras import backend as K

        zeros = K.zeros_like(
            halting, name='zeros_like_halting')
        ones = K.ones_like(halting, name='ones', dtype='float32')
        penalty = K.constant(0.1, name='penalty')
        if not K.is_tensor(inputs):
            raise ValueError(inputs)
    """, """
        from keras import backend as K
        import keras

        zeros = keras.ops.zeros_like(
            halting)
        ones = keras.ops.ones_like(halting, dtype='float32')
        penalty = keras.ops.convert_to_tensor(0.1, dtype=keras.backend.floatx())
        if not keras.ops.is_tensor(inputs):
            raise ValueError(inputs)
    """, RULE)


def test_a_named_variable_read_only_as_an_operand_is_its_value_and_one_kept_is_reported():
    # flomlo/ntm_keras ntm.py:213: K.ones(shape, name=...) * 0.42, an initial state; a variable kept under its name
    # (which a Keras 2 script might look up, or assign) stays reported
    findings = assert_rewrites("""
        from keras import backend as K
        init = K.ones((2, 3), name="init_old_ntm_output") * 0.42
        memory = 0.1 + K.zeros((2, 4, 3), dtype="float32", name="main_memory")
        kept = K.ones((2, 3), name="kept")
    """, """
        from keras import backend as K
        import keras

        init = keras.ops.ones((2, 3)) * 0.42
        memory = 0.1 + keras.ops.zeros((2, 4, 3), dtype="float32")
        kept = K.ones((2, 3), name="kept")
    """, RULE)
    assert [f.line for f in findings] == [5]  # (the snippet's first line is blank)
    values = {}
    exec(compile(rewrite("from keras import backend as K\ninit = K.ones((2, 3), name='i') * 0.42\n", RULE)[0],
                 "<rewritten>", "exec"), values)  # noqa: S102 - the rule's own output
    np.testing.assert_allclose(keras.ops.convert_to_numpy(values["init"]), np.full((2, 3), 0.42, "float32"))
    assert keras.ops.convert_to_numpy(values["init"]).dtype == np.float32


def test_an_identity_matrix_is_keras_ops_eye_its_size_split_and_its_dtype_by_keyword_only():
    # AlexYangLi/NLI_Keras, stevewyl/nlp_toolkit attention layers: K.eye(n) (a variable holding np.eye, floatx) read
    # as a value; K.eye((n, m)) was n rows and m columns; a positional dtype would be keras.ops.eye's M: reported
    findings = assert_rewrites("""
        from keras import backend as K
        a = K.eye(3)
        b = x - K.eye(n, name="i") * 2
        c = K.eye((2, 3), dtype="float16")
        d = K.eye(3, "float16")
        e = K.eye(3, name="kept")
    """, """
        from keras import backend as K
        import keras

        a = keras.ops.eye(3)
        b = x - keras.ops.eye(n) * 2
        c = keras.ops.eye(2, M=3, dtype="float16")
        d = K.eye(3, "float16")
        e = K.eye(3, name="kept")
    """, RULE)
    assert [f.line for f in findings] == [6, 7]  # (the snippet's first line is blank)
    values = {"x": np.zeros((4, 4), "float32"), "n": 4}
    exec(compile(rewrite("from keras import backend as K\na = K.eye(3)\nc = K.eye((2, 3))\n", RULE)[0],
                 "<rewritten>", "exec"), values)  # noqa: S102 - the rule's own output
    for name, expected in (("a", np.eye(3, dtype="float32")), ("c", np.eye(2, 3, dtype="float32"))):
        got = keras.ops.convert_to_numpy(values[name])
        assert got.dtype == np.float32 and (got == expected).all(), name


def test_a_constant_given_a_shape_is_reported_not_passed_as_another_parameter():
    # K.constant(value, dtype, shape): convert_to_tensor's third parameter is `sparse`
    findings = assert_unchanged("""
        from keras import backend as K

        a = K.constant(v, 'float32', (3,))
        b = K.constant(v, shape=(3,))
    """, RULE)
    assert [f.line for f in findings] == [4, 5]


def test_a_keras_1_convolution_is_reported_not_given_keywords_keras_3_refuses():
    """titu1994/Neural-Style-Transfer MRFNetwork.py: `K.conv2d(a, b[:, :, ::-1, ::-1], border_mode='valid')`, a Keras 1
    call on a Theano-ordered kernel, became `keras.ops.conv(..., border_mode='valid')`, which Keras 3 refuses."""
    findings = assert_unchanged("""
        from keras import backend as K
        convs = K.conv2d(a, b[:, :, ::-1, ::-1], border_mode='valid')
        d = K.conv1d(x, k, dim_ordering='th')
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(3, False), (4, False)]
    assert "border_mode=" in findings[0].message and "keras.ops.transpose(kernel, (2, 3, 1, 0))" in findings[0].message


def test_dropout_by_position_is_written_with_keywords_that_the_next_run_leaves():
    # rgmyr/keras-texture texture/layers/encoding.py: `K.dropout(self.scale, self.dropout_rate)` became
    # `tf.nn.dropout(self.scale, self.dropout_rate)`, which the TF1 table, at the next run, read as TF1's keep_prob
    got, _ = rewrite("""
        from keras import backend as K
        y = K.dropout(x, level, (None, 1), 3)
    """)
    assert got.endswith("y = tensorflow.nn.dropout(x, rate=level, noise_shape=(None, 1), seed=3)\n")
    assert rewrite(got)[0] == got  # every rule, twice


def test_relu_passed_on_becomes_keras_3s_activation():
    # taimir/infogan-keras learn/networks/convnets.py: `Activation(activation=K.relu)`; Keras 3's activations.relu
    # takes Keras 2's (x, alpha, max_value, threshold) in the same order with the same defaults
    assert_rewrites("""
        from keras import backend as K
        from keras.layers import Activation, Lambda

        a = Activation(activation=K.relu, name="g_dense_activ_1")
        b = Lambda(K.relu)
    """, """
        from keras import backend as K
        from keras.layers import Activation, Lambda
        import keras

        a = Activation(activation=keras.activations.relu, name="g_dense_activ_1")
        b = Lambda(keras.activations.relu)
    """, RULE)


def test_keras_3s_relu_takes_keras_2s_parameters_in_their_order():
    import inspect

    import keras

    assert list(inspect.signature(keras.activations.relu).parameters)[1:] == ["negative_slope", "max_value", "threshold"]
    x = np.array([-2.0, 0.5, 3.0, 9.0], dtype="float32")
    # what Keras 2.3.1 gives for K.relu(x, 0.1, 6.0, 1.0) (run under /tmp/legacy37: [-0.3, -0.05, 3, 6])
    got = keras.ops.convert_to_numpy(keras.activations.relu(x, 0.1, 6.0, 1.0))
    np.testing.assert_allclose(got, [-0.3, -0.05, 3.0, 6.0], rtol=1e-6)


RNN = BACKEND["keras.backend.rnn"][1].strip("\n")


def test_rnn_calls_keras_2s_loop_copied_into_the_file_with_the_same_arguments():
    # ningshixian/keras_bc6_track1 sample/keraslayers/crf.py (a CRF's Viterbi backtrack), khumbuai/ulmfit_keras
    # custom_layers.py (a recurrent layer's call); tf.keras's, with its own time_major, the same copy
    assert_rewrites("""
        from keras import backend as K
        import tensorflow.keras.backend as TK


        class QRNN(Layer):
            def call(self, inputs, mask=None):
                last_output, outputs, states = K.rnn(self.step, preprocessed_input, initial_states,
                                                     go_backwards=self.go_backwards, mask=mask,
                                                     constants=constants, unroll=self.unroll,
                                                     input_length=input_shape[1])
                return outputs


        _, best_paths, _ = K.rnn(find_path, argmin_tables, initial_best_idx, input_length=K.int_shape(X)[1], unroll=True)
        _, steps, _ = TK.rnn(step, x, [h], time_major=True)
    """, """
        from keras import backend as K
        import tensorflow.keras.backend as TK
        import keras


        {RNN}


        class QRNN(Layer):
            def call(self, inputs, mask=None):
                last_output, outputs, states = keras2_rnn(self.step, preprocessed_input, initial_states,
                                                     go_backwards=self.go_backwards, mask=mask,
                                                     constants=constants, unroll=self.unroll,
                                                     input_length=input_shape[1])
                return outputs


        _, best_paths, _ = keras2_rnn(find_path, argmin_tables, initial_best_idx, input_length=tuple(X.shape)[1], unroll=True)
        _, steps, _ = keras2_rnn(step, x, [h], time_major=True)
    """.replace("{RNN}", textwrap.indent(RNN, "        ").lstrip()), RULE)


@pytest.mark.parametrize("call", ["K.rnn(step, x)", "K.rnn(step, x, [h], return_all_outputs=False)",
                                  "K.rnn(*arguments)"])
def test_an_rnn_call_the_copy_does_not_take_is_reported_at_its_line(call):
    got, findings = rewrite(f"from keras import backend as K\n\nout = {call}\n", RULE)
    assert "keras2_rnn" not in got
    assert [(f.line, "keras.backend.rnn is gone" in f.message, "give it the arguments Keras 2 took" in f.message)
            for f in findings] == [(3, True, True)]


RNN_PROBE = Path(__file__).parent / "scripts" / "rnn_probe.py"
RNN_REFERENCES = Path(__file__).parent / "data" / "keras231_rnn_refs.npz"


def test_custom_recurrent_layers_on_the_copied_rnn_compute_what_keras_2_3_1_did(tmp_path):
    """A recurrent layer with two states and a constant over masked embeddings, forwards, backwards and unrolled,
    and a CRF's integer backtrack (go_backwards, unrolled): the rewritten probe's outputs are Keras 2.3.1's."""
    got, ref = rewritten_outputs(RNN_PROBE, tmp_path), np.load(RNN_REFERENCES)
    assert (tmp_path / RNN_PROBE.name).read_text().count("keras2_rnn(") == 3  # the copy's definition and the two calls
    assert sorted(got.files) == sorted(ref.files) == ["backwards", "forwards", "path", "unrolled"]
    for name in ref.files:
        assert got[name].shape == ref[name].shape and got[name].dtype == ref[name].dtype, name
        np.testing.assert_allclose(got[name], ref[name], rtol=1e-5, atol=1e-6, err_msg=name)


def test_the_rnn_references_are_what_keras_2_3_1_computes_now(tmp_path):
    assert_legacy_references(RNN_PROBE, RNN_REFERENCES, tmp_path)


def test_keras_2s_modules_k_is_the_backend_whatever_module_it_is_imported_from():
    # PacktPublishing/Generative-Adversarial-Networks-Projects Chapter03/run.py (Keras 2.1's keras.layers re-exported
    # `from .. import backend as K`), a parenthesized import, one through keras.layers.core
    assert_rewrites("""
        from keras.layers import Conv2D, Flatten, Lambda, \\
            K, Activation
        from keras.layers.core import (Dense,
                                       K as KB)

        x = Lambda(lambda t: K.expand_dims(t))(y)
        z = KB.sum(x)
    """, """
        from keras.layers import Conv2D, Flatten, Lambda, \\
            K, Activation
        from keras.layers.core import (Dense,
                                       K as KB)
        import keras

        x = Lambda(lambda t: keras.ops.expand_dims(t, axis=-1))(y)
        z = keras.ops.sum(x)
    """, RULE)


def test_a_k_of_the_files_own_is_not_the_backend():
    assert_unchanged("""
        from mypackage.layers import K
        from keras.layers import Dense

        x = K.expand_dims(y)
    """, RULE)
