"""layer_keywords: must-not-change cases first, then before/after, then that what it wrote is Keras 3's own.

What Keras 2.3.1 and TF 1.15's tf.keras did with DepthwiseConv2D/SeparableConv2D(kernel_*=) (nothing: no loss, no
initial value, no constraint) is checked by tests/codemod/data/make_keras231_weights_refs.py on the legacy stack."""

import inspect

import keras

from tests.codemod.helpers import assert_rewrites, assert_unchanged

RULE = "layer_keywords"


def test_keras_3_spellings_and_other_layers_stay():
    assert_unchanged("""
        import keras
        from keras.utils import load_img
        a = load_img(path, color_mode='grayscale')
        b = keras.layers.Conv2D(4, 3, kernel_regularizer=l2(0.1), kernel_initializer='he_normal')
        c = keras.layers.DepthwiseConv2D(3, depthwise_regularizer=l2(0.1))
        d = my_load_img(path, grayscale=True)
    """, RULE)


def test_load_img_grayscale_becomes_color_mode_as_keras_2_read_it():
    assert_rewrites("""
        from keras.preprocessing.image import *
        a = load_img(path, grayscale=True, target_size=None)
        b = load_img(path, grayscale=False)
        c = load_img(os.path.join(d, f),
                     grayscale=grayscale, target_size=None)
        d = load_img(path, color_mode='rgba', grayscale=g)
    """, """
        from keras.preprocessing.image import *
        a = load_img(path, color_mode='grayscale', target_size=None)
        b = load_img(path)
        c = load_img(os.path.join(d, f),
                     color_mode='grayscale' if grayscale is True else 'rgb', target_size=None)
        d = load_img(path, color_mode='grayscale' if g is True else 'rgba')
    """, RULE)


def test_kernel_keywords_a_depthwise_or_separable_convolution_never_used_go_with_advice():
    findings = assert_rewrites("""
        import keras
        from tensorflow.keras.layers import SeparableConv2D
        t = keras.layers.DepthwiseConv2D(kernel_size=kernel_size,
                                         strides=strides, padding=padding,
                                         kernel_regularizer=regularizer,
                                         kernel_initializer=keras.initializers.he_normal(),
                                         use_bias=False)(inputs)
        s = SeparableConv2D(4, 3, kernel_regularizer=l2(0.1))
    """, """
        import keras
        from tensorflow.keras.layers import SeparableConv2D
        t = keras.layers.DepthwiseConv2D(kernel_size=kernel_size,
                                         strides=strides, padding=padding,
                                         use_bias=False)(inputs)
        s = SeparableConv2D(4, 3)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(4, True), (9, True)]
    assert "pass depthwise_regularizer=, depthwise_initializer= (which changes training)" in findings[0].message


def test_what_it_writes_is_keras_3s():
    assert "color_mode" in inspect.signature(keras.utils.load_img).parameters
    assert "grayscale" not in inspect.signature(keras.utils.load_img).parameters
    for layer in (keras.layers.DepthwiseConv2D, keras.layers.SeparableConv2D):
        assert "kernel_regularizer" not in inspect.signature(layer).parameters
        assert "depthwise_regularizer" in inspect.signature(layer).parameters
