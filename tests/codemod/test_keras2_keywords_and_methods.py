"""keras2_keywords_and_methods: must-not-change cases first, then before/after, then what is reported."""

import keras
import numpy as np

from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

RULE = "keras2_keywords_and_methods"


def test_keras_3_spellings_and_a_projects_own_same_named_ones_stay():
    assert_unchanged("""
        from keras.utils import to_categorical
        from mylib import Nadam, to_categorical as mine

        y = to_categorical(labels, 10)
        z = mine(labels, 10, dtype='int32')
        opt = Nadam(schedule_decay=0.01)

        class Runner:
            def _make_train_function(self):
                pass

            def go(self):
                self._make_train_function()
    """, RULE)


def test_to_categorical_dtype_nadam_default_decay_and_a_warm_up_of_the_predict_function():
    assert_rewrites("""
        import keras
        from keras.optimizers import Nadam
        from keras.utils import to_categorical

        y = to_categorical(labels, 10, dtype='int32')
        z = keras.utils.to_categorical(labels, num_classes=3, dtype="float32")
        opt = Nadam(learning_rate=0.002, schedule_decay=0.004)
        model._make_predict_function()
    """, """
        import keras
        from keras.optimizers import Nadam
        from keras.utils import to_categorical

        y = to_categorical(labels, 10).astype('int32')
        z = keras.utils.to_categorical(labels, num_classes=3).astype("float32")
        opt = Nadam(learning_rate=0.002)
        model.make_predict_function()
    """, RULE)


def test_what_cannot_be_kept_is_reported_at_its_line():
    _, findings = rewrite("""
        from keras.optimizers import Nadam

        opt = Nadam(schedule_decay=0.01)
        train = model._make_train_function()
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(4, False), (5, False)]
    assert "schedule_decay=0.01" in findings[0].message and "make_train_function()" in findings[1].message


def test_what_they_became_runs_in_keras_3():
    y = keras.utils.to_categorical(np.array([0, 2]), 3).astype("int32")
    assert y.dtype == np.int32 and y.tolist() == [[1, 0, 0], [0, 0, 1]]
    assert "schedule_decay" not in keras.optimizers.Nadam().get_config()
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.make_predict_function()
    assert model.predict_function is not None


def test_the_l_keyword_of_l1_and_l2_is_their_own_name_in_keras_3():
    # philipperemy/deep-speaker models.py: `regularizers.l2(l=0.0001)`; Keras 2's l2(l) was L1L2(l2=l)
    assert_rewrites("""
        from keras import regularizers
        from tensorflow.keras.regularizers import l1
        a = regularizers.l2(l=1e-4)
        b = l1(l=0.1)
        c = regularizers.l2(0.01)
    """, """
        from keras import regularizers
        from tensorflow.keras.regularizers import l1
        a = regularizers.l2(l2=1e-4)
        b = l1(l1=0.1)
        c = regularizers.l2(0.01)
    """, RULE)
    assert_unchanged("""
        from keras import regularizers
        def l2(l=0.1):
            return l
        a = l2(l=0.5)
        b = regularizers.l1_l2(l1=0.1, l2=0.2)
    """, RULE)


def test_preprocess_input_with_a_mode_is_imagenet_utils_own():
    # huoyijie/AdvancedEAST data_generator.py:32 and predict.py:40 (vgg16's, mode='tf'); a call without a mode, and
    # another application's (whose own mode Keras 2 fixed too), stay
    assert_rewrites("""
        from keras.applications.vgg16 import preprocess_input
        from keras.applications import resnet50, mobilenet
        from tensorflow.keras.applications.vgg19 import preprocess_input as vgg19_preprocess

        x[i] = preprocess_input(img, mode='tf')
        y = resnet50.preprocess_input(img.copy(), 'channels_first', 'torch')
        z = vgg19_preprocess(img, data_format=None, mode='caffe')
        w = mobilenet.preprocess_input(img)
    """, """
        from keras.applications import resnet50, mobilenet
        import keras

        x[i] = keras.applications.imagenet_utils.preprocess_input(img, mode='tf')
        y = keras.applications.imagenet_utils.preprocess_input(img.copy(), 'channels_first', 'torch')
        z = keras.applications.imagenet_utils.preprocess_input(img, data_format=None, mode='caffe')
        w = mobilenet.preprocess_input(img)
    """, RULE)
    assert_unchanged("""
        from keras.applications.vgg16 import preprocess_input
        from mylib import preprocess_input as mine

        x = preprocess_input(img)
        y = mine(img, mode='tf')
    """, RULE)


def test_imagenet_utils_preprocess_input_computes_what_keras_2_3_1_s_vgg16_one_did():
    """Against Keras 2.3.1's keras.applications.vgg16.preprocess_input with each mode, channels_last and first, a
    batch and one image, the mode by position too (tests/codemod/data/make_keras231_losses_refs.py, run by
    /tmp/legacy37)."""
    from pathlib import Path

    ref = np.load(Path(__file__).parent / "data" / "keras231_losses_refs.npz")
    preprocess = keras.applications.imagenet_utils.preprocess_input
    for mode in ("tf", "torch", "caffe"):
        images = ref["images"]
        got = {"": preprocess(images.copy(), mode=mode), "_3d": preprocess(images[0].copy(), mode=mode),
               "_first": preprocess(images.transpose(0, 3, 1, 2).copy(), data_format="channels_first", mode=mode),
               "_positional": preprocess(images.copy(), "channels_last", mode)}
        for suffix, value in got.items():
            np.testing.assert_allclose(value, ref[f"preprocess_{mode}{suffix}"], rtol=1e-6, atol=1e-5,
                                       err_msg=mode + suffix)


def test_to_categorical_s_y_keyword_is_keras_3_s_x():
    """uzaymacar/attention-mechanisms' `to_categorical(y=..., num_classes=...)`; Keras 3 names the labels x."""
    assert_rewrites("""
        from tensorflow.keras.utils import to_categorical

        one_hot = to_categorical(y=labels, num_classes=10)
        as_ints = to_categorical(y=labels, num_classes=10, dtype='int32')
    """, """
        from tensorflow.keras.utils import to_categorical

        one_hot = to_categorical(x=labels, num_classes=10)
        as_ints = to_categorical(x=labels, num_classes=10).astype('int32')
    """, RULE)
    assert keras.utils.to_categorical(x=np.array([0, 2]), num_classes=3).tolist() == [[1, 0, 0], [0, 0, 1]]


def test_the_text_functions_parameter_is_input_text_in_keras_3s_port():
    # priyamtejaswin/devise-keras server.py: `text_to_word_sequence(text=...)`; Keras 3's tensorflow.keras port names
    # the parameter input_text (its place and meaning kept). Keras 2.3.1 gave ['the', 'cat', 'sat'] here.
    got, findings = rewrite("""
        from keras.preprocessing.text import text_to_word_sequence, one_hot
        words = text_to_word_sequence(text='The Cat, sat!', lower=True)
        codes = one_hot(text='a b a', n=10)
    """)
    assert "text_to_word_sequence(input_text='The Cat, sat!', lower=True)" in got
    assert "one_hot(input_text='a b a', n=10)" in got and not findings
    namespace: dict = {}
    exec(got, namespace)
    assert namespace["words"] == ["the", "cat", "sat"] and len(namespace["codes"]) == 3
