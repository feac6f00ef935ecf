"""keras1_arguments: must-not-change cases first, then before/after."""

import ast
import json
import subprocess
import textwrap
from pathlib import Path

import keras
import numpy as np
import pytest

from migrate.codemod.factories import Survey
from migrate.codemod.keras2_helpers import BATCHNORM_MODE_2
from migrate.codemod.outline import Outline
from migrate.codemod.rules.keras1_arguments import Keras1Arguments
from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy_env, rewrite

RULE = "keras1_arguments"


def test_keras_2_calls_and_a_projects_own_classes_stay():
    assert_unchanged("""
        from keras.layers import Conv2D, Dense
        from mylib import Dense as MyDense
        a = Dense(8, kernel_initializer="uniform")
        b = Conv2D(32, (3, 3), padding="same")
        c = MyDense(output_dim=8, init="uniform")
        d = Conv2D(32, 3, strides=2)
    """, RULE)


def test_a_projects_own_merge_and_modes_with_no_keras_2_function_stay():
    findings = assert_unchanged("""
        from keras.layers import merge
        from mylib import merge as combine
        a = combine([x, y], mode='sum')
        b = merge([x, y], mode='dot', dot_axes=1, output_shape=(1,))
        c = merge([x, y], mode=mode_name, output_shape=(8,))
        d = merge([x, y], mode='cos', dot_axes=1)
        e = merge([x, y], mode='sum', output_shape=(8,))
    """, RULE)
    # each merge() of Keras's left is reported at its call with what to write; the project's own is not
    said = {f.line: f.message for f in findings}
    assert sorted(said) == [5, 6, 7, 8]
    assert "keras.layers.dot(inputs, axes=dot_axes)" in said[5] and "keras.layers.Lambda(function)" in said[6]
    assert "normalize=True" in said[7] and "(batch, 1, 1)" in said[7] and "keras.layers.add(inputs)" in said[8]


def test_a_dot_merge_becomes_keras_3s_dot_which_computes_keras_1s_batch_dot():
    """sujitpal/dl-models-for-qa qa-lstm-fem-attn.py: `merge([qenc, aenc], mode="dot", dot_axes=[1, 1])`. Keras 1's
    batch_dot (2-D equal axes: row sums of a * b as (batch, 1); 3-D: a matmul) is what Keras 3's Dot computes; Keras 1's
    default dot_axes, -1, is written out."""
    got, _ = rewrite("""
        from keras.layers import merge, Input
        import keras
        a, b = Input((3,)), Input((3,))
        s, t = Input((2, 3)), Input((4, 3))
        d2 = merge([a, b], mode='dot', dot_axes=[1, 1])
        d3 = merge([s, t], mode="dot", dot_axes=[2, 2], name="att")
        dd = merge([a, b], mode='dot')
    """, RULE)
    assert "d2 = dot([a, b], axes=[1, 1])" in got and 'd3 = dot([s, t], axes=[2, 2], name="att")' in got
    assert "dd = dot([a, b], axes=-1)" in got and "from keras.layers import dot, Input" in got
    space: dict = {}
    exec(compile(textwrap.dedent(got), "merged.py", "exec"), space)  # noqa: S102 - the test's own code
    probe = keras.Model([space[n] for n in "abst"], [space["d2"], space["d3"], space["dd"]])
    x, y = np.array([[1., -2., 3.]]), np.array([[4., 5., -6.]])
    u, v = np.arange(6.).reshape(1, 2, 3), np.arange(12.).reshape(1, 4, 3) - 5
    got2, got3, gotd = probe.predict([x, y, u, v], verbose=0)
    np.testing.assert_allclose(got2, (x * y).sum(1, keepdims=True))
    np.testing.assert_allclose(got3, np.einsum("bnd,bmd->bnm", u, v))
    np.testing.assert_allclose(gotd, got2)


def test_layer_keywords_get_their_keras_2_names():
    assert_rewrites("""
        from keras.layers import Dense, LSTM
        from keras.regularizers import l2
        a = Dense(output_dim=12, input_dim=4, init="uniform", W_regularizer=l2(0.01))
        b = LSTM(8, inner_init="orthogonal", dropout_W=0.2, dropout_U=0.1)
    """, """
        from keras.layers import Dense, LSTM
        from keras.regularizers import l2
        a = Dense(units=12, input_dim=4, kernel_initializer="uniform", kernel_regularizer=l2(0.01))
        b = LSTM(8, recurrent_initializer="orthogonal", dropout=0.2, recurrent_dropout=0.1)
    """, RULE)


def test_an_embeddings_keras_1_keywords_name_its_embeddings_not_a_kernel():
    # hexiangnan/neural_collaborative_filtering's GMF.py; Keras 2.3.1's legacy_embedding_support renamed them so
    assert_rewrites("""
        from keras.layers import Embedding
        from keras.regularizers import l2
        e = Embedding(input_dim=n, output_dim=8, init=init_normal, W_regularizer=l2(0.1), W_constraint=c)
    """, """
        from keras.layers import Embedding
        from keras.regularizers import l2
        e = Embedding(input_dim=n, output_dim=8, embeddings_initializer=init_normal, embeddings_regularizer=l2(0.1), embeddings_constraint=c)
    """, RULE)


def test_convolutions_get_one_kernel_size_and_keras_2_padding_strides_and_data_format():
    """Keras 3 would read Conv2D(32, 3, 3)'s third positional as strides: silently another model."""
    assert_rewrites("""
        import keras
        from keras.layers import Convolution2D
        a = Convolution2D(32, 3, 3, border_mode="same", subsample=(2, 2), dim_ordering="th")
        b = keras.layers.Convolution2D(nb_filter=16, nb_row=5, nb_col=5)
        c = keras.layers.Conv3D(8, 3, 3, 3)
    """, """
        import keras
        from keras.layers import Convolution2D
        a = Convolution2D(32, (3, 3), padding="same", strides=(2, 2), data_format="channels_first")
        b = keras.layers.Convolution2D(filters=16, kernel_size=(5, 5))
        c = keras.layers.Conv3D(8, (3, 3, 3))
    """, RULE)


def test_nb_epoch_becomes_epochs_in_fit():
    assert_rewrites("""
        model.fit(x, y, nb_epoch=10, batch_size=32)
        model.fit_generator(gen, samples_per_epoch=100, nb_epoch=2)
    """, """
        model.fit(x, y, epochs=10, batch_size=32)
        model.fit_generator(gen, samples_per_epoch=100, epochs=2)
    """, RULE)


def test_keras_1_merge_becomes_the_function_of_its_mode():
    # flyyufelix/cnn_finetune (2017): every model file merges with mode='sum' / mode='concat', concat_axis=...
    assert_rewrites("""
        from keras.layers import Input, merge, Dense

        x = merge([x, shortcut], mode='sum')
        y = merge([x, shortcut], mode='concat', concat_axis=axis, name='concat_1')
        z = merge([x, y],mode='concat',concat_axis=1,)
        w = merge([x, y])
    """, """
        from keras.layers import add, concatenate, Input, Dense

        x = add([x, shortcut])
        y = concatenate([x, shortcut], axis=axis, name='concat_1')
        z = concatenate([x, y],axis=1,)
        w = add([x, y])
    """, RULE)


def test_keras_1_merge_read_through_its_module_becomes_the_function_read_alike():
    # Deep-Recommender-System's Opti.py and train.ipynb (sixtieth hold-out): `keras.layers.merge([i, u], mode='concat')`
    # with `import keras.layers`, and `kl.merge(...)` with `import keras.layers as kl`
    assert_rewrites("""
        import keras.layers
        import keras.layers as kl

        nn = keras.layers.merge([i, u], mode='concat')
        mm = kl.merge([i, u], mode='mul', name='product')
        ll = kl.merge([i, u], mode=lambda t: t[0] - t[1], output_shape=(8,))
    """, """
        import keras.layers
        import keras.layers as kl

        nn = keras.layers.concatenate([i, u])
        mm = kl.multiply([i, u], name='product')
        ll = kl.Lambda(lambda t: t[0] - t[1], output_shape=(8,))([i, u])
    """, RULE)


def test_which_files_are_parsed_at_all():
    from migrate.codemod.rules.keras1_arguments import Keras1Arguments
    work = [b"Conv2D(32, 3, 3)", b"Convolution2D(32, 3, 3)", b"Conv2D(\n    32, 3, 3, border_mode='same')",
            b"Dense(output_dim=8)", b"merge([a, b])"]
    # Keras 3 still has Convolution2D; with Keras 2's arguments it needs nothing
    no_work = [b"Conv2D(32, (3, 3), padding='same')", b"Conv2D(filters=32, kernel_size=3)", b"Dense(8)",
               b"Convolution2D(32, (3, 3))", b"Dense(8, use_bias=False)"]
    assert [Keras1Arguments.triggered(source) for source in work] == [True] * len(work)
    assert [Keras1Arguments.triggered(source) for source in no_work] == [False] * len(no_work)


def test_bias_becomes_use_bias():
    # flyyufelix/cnn_finetune densenet121.py: Convolution2D(nb_filter, 1, 1, name=..., bias=False)
    assert_rewrites("""
        from keras.layers import Convolution2D, Dense
        x = Convolution2D(64, 7, 7, subsample=(2, 2), name='conv1', bias=False)(x)
        y = Dense(10, use_bias=True)(x)
    """, """
        from keras.layers import Convolution2D, Dense
        x = Convolution2D(64, (7, 7), strides=(2, 2), name='conv1', use_bias=False)(x)
        y = Dense(10, use_bias=True)(x)
    """, RULE)


@pytest.mark.parametrize(("source", "keras1"), [
    (b"Conv2D(32, (3, 3), padding='same')", False),
    (b"Convolution2D(64, (3, 3), activation='relu')", False),
    (b"Conv2D(filters=32, kernel_size=3)", False),
    (b"Conv3D(8, (3, 3, 3))\nConv2D(nb_filter, kernel_size)", False),
    (b"Convolution2D(32, 3, 3, border_mode='same')", True),
    (b"x = Convolution2D(nb_filter, nb_row, nb_col)(x)", True),
    (b"Conv2D(get(k)[0], size[0], size[1])", True),  # nested calls and subscripts
    (b"Conv3D(8, 3, 3, 3, activation='relu')", True),
    (b"Conv2D(32,\n       3,\n       3)", True),
    (b"Conv2D(int(32 * alpha), 3, 3)", True),  # a star: counted as maybe, the parse decides
])
def test_the_text_trigger_finds_keras1_kernel_positionals(source, keras1):
    from migrate.codemod.rules.keras1_arguments import keras1_convolution
    assert keras1_convolution(source) is keras1


def test_model_input_and_output_become_inputs_and_outputs_and_a_projects_own_model_stays():
    # zhixuhao/unet model.py:55 `Model(input=inputs, output=conv10)`: Keras 3 stops ("Unrecognized keyword
    # arguments passed to Model"); flyyufelix/cnn_finetune googlenet.py likewise
    assert_rewrites("""
        import keras
        from keras.models import Model
        from mylib import Model as Mine

        model = Model(input=inputs, output=conv10)
        other = keras.models.Model(input=[a, b], output=out, name='net')
        own = Mine(input=1, output=2)
    """, """
        import keras
        from keras.models import Model
        from mylib import Model as Mine

        model = Model(inputs=inputs, outputs=conv10)
        other = keras.models.Model(inputs=[a, b], outputs=out, name='net')
        own = Mine(input=1, output=2)
    """, RULE)


def test_batchnormalization_mode_0_goes_and_keras_1_initializer_names_are_renamed_as_keras_2_did():
    # Keras 2.3.1's legacy_batchnorm_support: mode=0 popped, beta_init/gamma_init renamed, any other mode a TypeError
    findings = assert_rewrites("""
        from keras.layers import *
        x = BatchNormalization(mode=0, axis=-1)(x)
        y = BatchNormalization(axis=1, mode=0)(x)
        z = BatchNormalization(beta_init='zero', gamma_init='one', mode=0, name='bn')(x)
        w = BatchNormalization(mode=1)(x)
        merged = Concatenate(axis=-1)([a, b])
    """, """
        from keras.layers import *
        x = BatchNormalization(axis=-1)(x)
        y = BatchNormalization(axis=1)(x)
        z = BatchNormalization(beta_initializer='zero', gamma_initializer='one', name='bn')(x)
        w = BatchNormalization(mode=1)(x)
        merged = Concatenate(axis=-1)([a, b])
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(6, False)] and "raised on any mode but 0" in findings[0].message
    assert Keras1Arguments.triggered(b"x = BatchNormalization(mode=0)(x)")
    assert not Keras1Arguments.triggered(b"x = BatchNormalization()(x)") and not Keras1Arguments.triggered(b"f(mode=0)")


def test_consume_less_goes_from_keras_1s_recurrent_layers():
    # codekansas/keras-language-modeling keras_models.py (2017): LSTM(..., consume_less='mem'); Keras 2 made it
    # implementation=, which changes no output (Keras 3's LSTM and GRU: equal for every implementation)
    assert_rewrites("""
        from keras.layers import LSTM, GRU, SimpleRNN, Dense
        f = LSTM(141, return_sequences=True, consume_less='mem')
        g = GRU(8, consume_less='gpu', dropout_W=0.2)
        h = SimpleRNN(4, consume_less=mode,)
        d = Dense(3, consume_less='cpu')
    """, """
        from keras.layers import LSTM, GRU, SimpleRNN, Dense
        f = LSTM(141, return_sequences=True)
        g = GRU(8, dropout=0.2)
        h = SimpleRNN(4,)
        d = Dense(3, consume_less='cpu')
    """, RULE)


def test_the_premise_keras_3s_lstm_and_gru_compute_the_same_for_every_implementation():
    x = np.random.RandomState(0).normal(size=(2, 5, 3)).astype("float32")
    for layer in (keras.layers.LSTM, keras.layers.GRU):
        outputs = []
        for implementation in (1, 2):
            keras.utils.set_random_seed(1)
            outputs.append(keras.ops.convert_to_numpy(layer(4, implementation=implementation)(x)))
        np.testing.assert_allclose(outputs[0], outputs[1], rtol=1e-6, atol=1e-6)


def test_keras_1_image_and_category_utilities_get_keras_2s_keywords():
    # titu1994/Image-Super-Resolution models.py (nb_classes=), nicolov/segmentation_keras utils/image_reader.py (a
    # dim_ordering parameter passed on); a project's own to_categorical stays
    assert_rewrites("""
        from keras.utils import to_categorical
        from keras.utils import np_utils
        from keras.preprocessing.image import img_to_array, array_to_img
        from keras.datasets import imdb, reuters
        from mylib import to_categorical as mine
        y = to_categorical(y, nb_classes=2)
        y2 = np_utils.to_categorical(y, nb_classes=n)
        y3 = mine(y, nb_classes=2)
        a = img_to_array(img, dim_ordering='th')
        b = img_to_array(img, dim_ordering="default")
        c = img_to_array(img, dim_ordering=dim_ordering)
        d = array_to_img(x, dim_ordering='tf', scale=False)
        (x_train, y_train), _ = reuters.load_data(nb_words=1000, test_split=0.2)
        words = imdb.load_data(nb_words=n)
    """, """
        from keras.utils import to_categorical
        from keras.utils import np_utils
        from keras.preprocessing.image import img_to_array, array_to_img
        from keras.datasets import imdb, reuters
        from mylib import to_categorical as mine
        y = to_categorical(y, num_classes=2)
        y2 = np_utils.to_categorical(y, num_classes=n)
        y3 = mine(y, nb_classes=2)
        a = img_to_array(img, data_format='channels_first')
        b = img_to_array(img)
        c = img_to_array(img, data_format={'th': 'channels_first', 'tf': 'channels_last', 'default': None}.get(dim_ordering, dim_ordering))
        d = array_to_img(x, data_format='channels_last', scale=False)
        (x_train, y_train), _ = reuters.load_data(num_words=1000, test_split=0.2)
        words = imdb.load_data(num_words=n)
    """, RULE)


def test_a_layers_dim_ordering_is_converted_as_keras_2s_legacy_interface_did():
    # Keras 2.3.1's legacy interfaces: 'th' -> 'channels_first', 'tf' -> 'channels_last', 'default' -> None, any other
    # value kept; at run time for a value computed there
    assert_rewrites("""
        from keras.layers import MaxPooling2D, UpSampling2D
        e = MaxPooling2D((2, 2), dim_ordering='default')
        f = MaxPooling2D((2, 2), dim_ordering=order, name='p')
        g = UpSampling2D(dim_ordering='default', size=(2, 2))
    """, """
        from keras.layers import MaxPooling2D, UpSampling2D
        e = MaxPooling2D((2, 2))
        f = MaxPooling2D((2, 2), data_format={'th': 'channels_first', 'tf': 'channels_last', 'default': None}.get(order, order), name='p')
        g = UpSampling2D(size=(2, 2))
    """, RULE)


@pytest.mark.parametrize("ordering", ["th", "tf", "default"])
def test_what_img_to_array_with_an_ordering_became_lays_the_image_out_as_keras_1(ordering):
    from keras.utils import img_to_array

    got, _ = rewrite("from keras.preprocessing.image import img_to_array\n"
                     "x = img_to_array(img, dim_ordering=dim_ordering)\n", RULE)
    image = np.arange(2 * 3 * 4, dtype="uint8").reshape(2, 3, 4)
    x = eval(got.split("x = ", 1)[1], {"img_to_array": img_to_array, "img": image, "dim_ordering": ordering})
    # Keras 1: 'th' put the channels first, 'tf' (and 'default', channels_last here) kept them last; float32
    expected = image.transpose(2, 0, 1) if ordering == "th" else image
    assert x.dtype == np.float32 and np.array_equal(x, expected)


def test_atrous_convolutions_become_the_convolution_with_dilation_rate_as_keras_2_made_them():
    # nicolov/segmentation_keras model.py: Keras 2's AtrousConvolution2D(*args, atrous_rate=r) was Conv2D(*args,
    # dilation_rate=r) through Conv2D's Keras 1 interface; the import goes once nothing reads it
    assert_rewrites("""
        from keras.layers import AtrousConvolution2D, AtrousConvolution1D, MaxPooling2D
        from keras import layers
        model.add(AtrousConvolution2D(512, 3, 3, atrous_rate=(2, 2), activation='relu', name='conv5_1'))
        y = layers.AtrousConvolution2D(64, 3, 3, border_mode='same')(x)
        z = AtrousConvolution1D(nb_filter=32, filter_length=3, atrous_rate=4)(x)
    """, """
        from keras.layers import Conv1D, Conv2D, MaxPooling2D
        from keras import layers
        model.add(Conv2D(512, (3, 3), dilation_rate=(2, 2), activation='relu', name='conv5_1'))
        y = layers.Conv2D(64, (3, 3), padding='same')(x)
        z = Conv1D(filters=32, kernel_size=3, dilation_rate=4)(x)
    """, RULE)


def test_an_atrous_convolution_given_more_by_position_stays():
    # Keras 2's Conv2D took filters and the kernel size by position only: Keras 2 refused this call too
    assert_unchanged("""
        from keras.layers import AtrousConvolution2D
        z = AtrousConvolution2D(64, 3, 3, 'glorot_uniform')(x)
        w = AtrousConvolution2D(*args, atrous_rate=2)(x)
    """, RULE)


def test_what_an_atrous_convolution_became_is_keras_2_3_1s_layer():
    """Keras 2.3.1 (/tmp/legacy37) built AtrousConvolution2D(4, 3, 3, atrous_rate=(2, 2), border_mode='same') as a
    Conv2D with kernel_size (3, 3), dilation_rate (2, 2), padding 'same' (its get_config, run there before this
    test was written); the rewritten call builds that layer in Keras 3."""
    got, _ = rewrite("from keras.layers import AtrousConvolution2D\n"
                     "layer = AtrousConvolution2D(4, 3, 3, atrous_rate=(2, 2), border_mode='same')\n")
    layer = eval(got.rsplit("layer = ", 1)[1], {"Conv2D": keras.layers.Conv2D})
    config = layer.get_config()
    assert (config["filters"], config["kernel_size"], config["dilation_rate"], config["padding"]) == \
        (4, (3, 3), (2, 2), "same")


def test_keras_1_visualize_util_plot_is_plot_model_with_keras_1_s_layer_names():
    # TUT-ARG/DCASE2017-baseline-system dcase_framework/keras_utils.py:251; Keras 1.2's plot(model, to_file='model.png',
    # show_shapes=False, show_layer_names=True): Keras 3's plot_model has show_dtype fourth and show_layer_names=False;
    # the import stays where it was (there, in the method that plots: pydot was optional)
    assert_rewrites("""
        from keras.utils.visualize_util import plot, model_to_dot

        plot(self.model, to_file=filename, show_shapes=show_shapes, show_layer_names=show_layer_names)
        plot(model, 'model.png', True)
        plot(model, 'model.png', True, False)
        dot = model_to_dot(model, True, False)
    """, """
        from keras.utils import plot_model as plot, model_to_dot

        plot(self.model, to_file=filename, show_shapes=show_shapes, show_layer_names=show_layer_names)
        plot(model, 'model.png', True, show_layer_names=True)
        plot(model, 'model.png', True, show_layer_names=False)
        dot = model_to_dot(model, True, show_layer_names=False)
    """, RULE)
    assert_rewrites("""
        def plot_model(self, filename='model.png'):
            # Plots model topology

            from keras.utils.visualize_util import plot
            plot(self.model, to_file=filename)
    """, """
        def plot_model(self, filename='model.png'):
            # Plots model topology

            from keras.utils import plot_model as plot
            plot(self.model, to_file=filename, show_layer_names=True)
    """, RULE)


def test_a_transposed_convolutions_output_shape_goes_as_keras_2s_legacy_interface_dropped_it():
    # tdeboissiere/DeepLearningImplementations' GAN generators: Deconv2D(n, (3, 3), output_shape=o_shape, ...);
    # Keras 1's Deconvolution2D took it as the fourth positional
    assert_rewrites("""
        from keras.layers import Deconvolution2D
        from keras.layers.convolutional import Deconv2D, Conv2DTranspose
        x = Deconv2D(nb_filters, (3, 3), output_shape=o_shape, strides=(2, 2), padding="same")(x)
        y = Deconvolution2D(8, 3, 3, (None, 9, 9, 8), subsample=(2, 2), border_mode="same")(x)
        z = Conv2DTranspose(8, (3, 3), output_shape=o_shape)(x)
    """, """
        from keras.layers import Deconvolution2D
        from keras.layers.convolutional import Deconv2D, Conv2DTranspose
        x = Deconv2D(nb_filters, (3, 3), strides=(2, 2), padding="same")(x)
        y = Deconvolution2D(8, (3, 3), strides=(2, 2), padding="same")(x)
        z = Conv2DTranspose(8, (3, 3))(x)
    """, RULE)


def test_a_transposed_convolution_given_keras_2s_positionals_or_another_classs_output_shape_stays():
    assert_unchanged("""
        from keras.layers import Conv2DTranspose, Lambda
        y = Conv2DTranspose(8, (3, 3), (2, 2), "same")(x)
        z = Lambda(lambda t: t * 2, output_shape=(4,))(x)
        w = Deconv2D(8, (3, 3), output_shape=shape)(x)
    """, RULE)


def test_what_a_transposed_convolution_without_its_output_shape_computes_is_keras_2_3_1s_shape():
    """Keras 2.3.1 (/tmp/legacy37) built Deconv2D(8, (3, 3), output_shape=(None, 9, 9, 8), strides=(2, 2),
    padding='same') and Deconvolution2D(8, 3, 3, (None, 9, 9, 8), subsample=(2, 2), border_mode='same') on a
    (4, 4, 3) input with output shape (None, 8, 8, 8) each, kernel (3, 3), strides (2, 2) (run there before this
    test was written): the given shape was dropped. The rewritten calls give that shape in Keras 3."""
    got, _ = rewrite("from keras.layers import Deconvolution2D\n"
                     "layer = Deconvolution2D(8, 3, 3, (None, 9, 9, 8), subsample=(2, 2), border_mode='same')\n")
    layer = eval(got.rsplit("layer = ", 1)[1], {"Deconvolution2D": keras.layers.Conv2DTranspose})
    out = layer(keras.Input((4, 4, 3)))
    assert tuple(out.shape) == (None, 8, 8, 8) and layer.get_config()["kernel_size"] == (3, 3)


def test_keras_1_batchnormalization_mode_2_becomes_a_layer_that_normalizes_with_the_batch_in_every_phase():
    # williamFalcon/pix2pix-keras generator.py: `bn_mode = 2` then BatchNormalization(mode=bn_mode, axis=bn_axis)(x);
    # osh/KerasGAN mnist_gan.py: BatchNormalization(mode=2)(H); keunwoochoi's compact_cnn: model.add(...(mode=2)).
    findings = assert_rewrites("""
        from keras.layers import BatchNormalization, merge

        def generator(x, skip, model):
            bn_mode = 2
            merge_mode = 'concat'
            h = BatchNormalization(name='bn_1', mode=bn_mode, axis=1)(x)
            model.add(BatchNormalization(mode=2))
            return merge([h, skip], mode=merge_mode, concat_axis=1)

        def kept(x, bn_mode):
            h = BatchNormalization(mode=bn_mode)(x)
            mode = 2
            mode = 0
            return BatchNormalization(mode=mode)(BatchNormalization(mode=1)(h))
    """, """
        from keras.layers import concatenate, BatchNormalization
        import keras


        @keras.saving.register_keras_serializable(package="keras1")
        class BatchNormalizationMode2(keras.layers.BatchNormalization):
            \"\"\"Keras 1's BatchNormalization(mode=2) (Keras 2 and 3 have none): each batch normalized with its own mean and
            variance, in training and inference alike.\"\"\"

            def call(self, inputs, training=None, mask=None):
                return super().call(inputs, training=True, mask=mask)


        def generator(x, skip, model):
            bn_mode = 2
            merge_mode = 'concat'
            h = BatchNormalizationMode2(name='bn_1', axis=1)(x)
            model.add(BatchNormalizationMode2())
            return concatenate([h, skip], axis=1)

        def kept(x, bn_mode):
            h = BatchNormalization(mode=bn_mode)(x)
            mode = 2
            mode = 0
            return BatchNormalization(mode=mode)(BatchNormalization(mode=1)(h))
    """, RULE)
    assert [f.line for f in findings] == [12, 15, 15]


def test_what_mode_2_becomes_computes_keras_1_s_batch_normalization_in_inference_too(tmp_path):
    # Keras 1.2.2 BatchNormalization.call, mode 2: K.normalize_batch_in_training (tf.nn.moments, biased variance)
    # then tf.nn.batch_normalization(x, mean, var, beta, gamma, epsilon=1e-3); no moving statistics read
    namespace = {"keras": keras}
    exec(BATCHNORM_MODE_2[1], namespace)
    rng = np.random.default_rng(0)
    x = rng.normal(3.0, 2.0, size=(8, 3, 4, 4)).astype("float32")
    inputs = keras.Input((3, 4, 4))
    layer = namespace["BatchNormalizationMode2"](axis=1)
    model = keras.Model(inputs, keras.layers.Flatten()(layer(inputs)))
    gamma, beta = rng.normal(size=3).astype("float32"), rng.normal(size=3).astype("float32")
    layer.set_weights([gamma, beta, np.zeros(3, "float32"), np.ones(3, "float32")])
    mean, var = x.mean(axis=(0, 2, 3), keepdims=True), x.var(axis=(0, 2, 3), keepdims=True)
    shape = (1, 3, 1, 1)
    expected = ((x - mean) / np.sqrt(var + 1e-3) * gamma.reshape(shape) + beta.reshape(shape)).reshape(8, -1)
    np.testing.assert_allclose(model.predict(x, verbose=0), expected, rtol=1e-5, atol=1e-5)
    model.compile("sgd", "mse")
    model.fit(x, expected, epochs=1, verbose=0)  # trains; a saved model loads back where the class is defined
    model.save(tmp_path / "m.keras")
    again = keras.saving.load_model(tmp_path / "m.keras")
    np.testing.assert_allclose(again.predict(x, verbose=0), model.predict(x, verbose=0), rtol=1e-6, atol=1e-6)


LEGACY = Path("/tmp/legacy37/bin/python")
DATA = Path(__file__).parent / "data"


def test_keras_1_keywords_other_classes_took_stay_off_a_layer_that_never_took_them():
    # each keyword below is Keras 1's for some class (Dropout's p, GaussianNoise's sigma, a recurrent layer's input_dim,
    # Embedding's dropout, MaxPooling1D's stride), not for these: Keras 2 converted nothing here
    assert_unchanged("""
        from keras.layers import Dense, LSTM, Conv2D, Embedding
        a = Dense(8, input_dim=4)
        b = LSTM(8, dropout=0.2, recurrent_dropout=0.1)
        c = Conv2D(8, (3, 3), stride=2)
        d = Embedding(10, 4, input_length=6)
        open(f, mode='w')
        g = sample(p=0.5, sigma=2, length=3)
    """, RULE)
    for source in (b"f = open(path, mode='w')\nx = sample(p=0.5)\n", b"x = np.random.normal(sigma=1, length=3)\n",
                   b"from keras.layers import LSTM\nLSTM(8, dropout=0.2)\n"):
        assert not Keras1Arguments.relevant(source, Outline.of(ast.parse(source)), Survey())
    assert not Keras1Arguments.triggered(b"x = choice(a, p=probs)\nopen(f, mode='w')\n")


def test_dropout_noise_upsampling_and_pooling_keywords_get_their_own_keras_2_names():
    # williamFalcon/pix2pix-keras pix2pix/networks/generator.py:50 `Dropout(p=0.5)(decoder)`; Keras 2.3.1's
    # legacy_dropout/gaussiandropout/spatialdropout*/gaussiannoise/upsampling1d/pooling1d_support
    assert_rewrites("""
        from keras.layers import Dropout, GaussianDropout, SpatialDropout1D, SpatialDropout2D, GaussianNoise
        from keras.layers import UpSampling1D, MaxPooling1D, AveragePooling1D
        a = Dropout(p=0.5)(decoder)
        b = GaussianDropout(p=0.2)
        c = SpatialDropout1D(p=0.1)
        d = SpatialDropout2D(p=0.1, dim_ordering='th')
        e = GaussianNoise(sigma=0.3)
        f = UpSampling1D(length=2)
        g = MaxPooling1D(pool_length=2, stride=1, border_mode='same')
        h = AveragePooling1D(stride=2)
    """, """
        from keras.layers import Dropout, GaussianDropout, SpatialDropout1D, SpatialDropout2D, GaussianNoise
        from keras.layers import UpSampling1D, MaxPooling1D, AveragePooling1D
        a = Dropout(rate=0.5)(decoder)
        b = GaussianDropout(rate=0.2)
        c = SpatialDropout1D(rate=0.1)
        d = SpatialDropout2D(rate=0.1, data_format='channels_first')
        e = GaussianNoise(stddev=0.3)
        f = UpSampling1D(size=2)
        g = MaxPooling1D(pool_size=2, strides=1, padding='same')
        h = AveragePooling1D(strides=2)
    """, RULE)
    assert Keras1Arguments.triggered(b"from keras.layers import Dropout\nx = Dropout(p=0.5)(x)\n")


def test_a_prelus_init_is_its_alpha_initializer_and_a_separable_convolutions_both_kernels():
    # Keras 2.3.1's legacy_prelu_support (init -> alpha_initializer: PReLU has no kernel) and
    # separable_conv2d_args_preprocessor (init -> depthwise_initializer and pointwise_initializer)
    assert_rewrites("""
        from keras.layers import PReLU, SeparableConv2D
        a = PReLU(init='zero')
        b = SeparableConv2D(32, 3, 3, init='he_normal', border_mode='same')
        c = SeparableConv2D(32, (3, 3), init=init,)
    """, """
        from keras.layers import PReLU, SeparableConv2D
        a = PReLU(alpha_initializer='zero')
        b = SeparableConv2D(32, (3, 3), depthwise_initializer='he_normal', pointwise_initializer='he_normal', padding='same')
        c = SeparableConv2D(32, (3, 3), depthwise_initializer=init, pointwise_initializer=init,)
    """, RULE)


def test_recurrent_layers_get_keras_2s_recurrent_activation_forget_bias_and_input_shape():
    # Keras 2.3.1's legacy_recurrent_support and its preprocessor: input_dim (and input_length) -> one input_shape,
    # forget_bias_init='one' -> unit_forget_bias=True, another value dropped with a warning (reported here)
    findings = assert_rewrites("""
        from keras.layers import LSTM, GRU, ConvLSTM2D, Convolution1D, Bidirectional
        a = LSTM(output_dim=8, inner_activation='hard_sigmoid', forget_bias_init='one', input_dim=3, input_length=10)
        b = GRU(8, forget_bias_init='zero', input_dim=dim,)
        c = ConvLSTM2D(nb_filter=4, nb_row=3, nb_col=3, inner_activation='sigmoid', forget_bias_init='one')
        d = Convolution1D(nb_filter=8, filter_length=3, input_length=6, input_dim=4)
        e = ConvLSTM2D(4, 3, 3)
        f = Bidirectional(LSTM(8, input_length=seq_maxlen, return_sequences=True))
        g = Convolution1D(8, 3, input_length=6)
    """, """
        from keras.layers import LSTM, GRU, ConvLSTM2D, Convolution1D, Bidirectional
        a = LSTM(units=8, recurrent_activation='hard_sigmoid', unit_forget_bias=True, input_shape=(10, 3))
        b = GRU(8, input_shape=(None, dim),)
        c = ConvLSTM2D(filters=4, kernel_size=(3, 3), recurrent_activation='sigmoid', unit_forget_bias=True)
        d = Convolution1D(filters=8, kernel_size=3, input_shape=(6, 4))
        e = ConvLSTM2D(4, (3, 3))
        f = Bidirectional(LSTM(8, return_sequences=True))
        g = Convolution1D(8, 3)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(4, True)] and "forget_bias_init='zero'" in findings[0].message


def test_an_input_layers_input_dtype_and_an_embeddings_dropout_go_as_keras_2_took_them():
    # Keras 2.3.1's legacy_input_support (InputLayer's input_dtype -> dtype) and embedding_kwargs_preprocessor
    # (dropout popped, warning: a SpatialDropout1D after it does that)
    findings = assert_rewrites("""
        from keras.layers import InputLayer, Embedding
        a = InputLayer(input_shape=(3,), input_dtype='int32')
        b = Embedding(10, 4, dropout=0.2, init='uniform')
    """, """
        from keras.layers import InputLayer, Embedding
        a = InputLayer(input_shape=(3,), dtype='int32')
        b = Embedding(10, 4, embeddings_initializer='uniform')
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(4, True)] and "SpatialDropout1D" in findings[0].message


def test_keras_2_3_1_took_other_classes_keras_1_keywords_as_errors_and_so_does_the_rewrite():
    # Keras 2.3.1's interfaces gave each class its own table: PReLU's init was never a kernel_initializer, an
    # LSTM's U_constraint and a Conv1D's dim_ordering were not converted (Keras 2 raised on them)
    assert_rewrites("""
        from keras.layers import PReLU, LSTM, Conv1D
        a = PReLU(init='one')
        b = LSTM(8, U_constraint=c, init='uniform')
        c = Conv1D(8, 3, dim_ordering='tf', init='uniform')
    """, """
        from keras.layers import PReLU, LSTM, Conv1D
        a = PReLU(alpha_initializer='one')
        b = LSTM(8, U_constraint=c, kernel_initializer='uniform')
        c = Conv1D(8, 3, dim_ordering='tf', kernel_initializer='uniform')
    """, RULE)


def _legacy_interfaces() -> dict:
    """What Keras 2.3.1's legacy interfaces converted, per class, read from Keras 2.3.1 itself."""
    done = subprocess.run([str(LEGACY), str(DATA / "keras231_legacy_interfaces.py")], capture_output=True, text=True,
                          timeout=300, env=legacy_env())
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


@pytest.mark.skipif(not LEGACY.exists(), reason="the Keras 2.3.1 stack (/tmp/legacy37) is not here")
def test_the_layer_tables_are_keras_2_3_1s_legacy_interfaces():
    """Every class Keras 2.3.1 gave a legacy interface (by each of its names) has that interface's conversions as its
    table, the value conversions are the ones the rule applies, and each preprocessor's classes are the ones the rule
    runs its counterpart for: the tables cannot drift from Keras 2.3.1."""
    from migrate.codemod.rules import fit_generator_to_fit as generators
    from migrate.codemod.rules import keras1_arguments as rule

    found = _legacy_interfaces()
    layers = {name: got for name, got in found["layers"].items() if got["conversions"] or got["preprocessors"]}
    assert {name: dict(got["conversions"]) for name, got in layers.items()} == rule.LAYER_KEYWORDS
    orderings = ast.literal_eval(rule.ORDERINGS)
    for name, got in layers.items():
        values = got["value_conversions"]
        assert ("dim_ordering" in values) is ("dim_ordering" in rule.LAYER_KEYWORDS[name])
        assert values.get("dim_ordering", orderings) == orderings
        assert ("consume_less" in values) is (name in rule.RECURRENT)  # dropped: _without_consume_less
    by_preprocessor: dict[str, set[str]] = {}
    for name, got in layers.items():
        for preprocessor in got["preprocessors"]:
            by_preprocessor.setdefault(preprocessor, set()).add(name)
    assert by_preprocessor == {
        "conv2d_args_preprocessor": {name for name, dims in rule.KERNEL_DIMS.items() if len(dims) == 2},
        "conv3d_args_preprocessor": {name for name, dims in rule.KERNEL_DIMS.items() if len(dims) == 3},
        "deconv2d_args_preprocessor": set(rule.DECONVOLUTIONS),
        "separable_conv2d_args_preprocessor": set(rule.SPLIT_INIT),
        "recurrent_args_preprocessor": set(rule.RECURRENT),
        "convlstm2d_args_preprocessor": set(rule.FORGET_BIAS - rule.RECURRENT),
        "conv1d_args_preprocessor": set(rule.SEQUENCE_INPUT - rule.RECURRENT),
        "embedding_kwargs_preprocessor": set(rule.DROPPED_DROPOUT),
        "batchnorm_args_preprocessor": {"BatchNormalization"},
        # Keras 1's padding={'top_pad': ...} dict: not rewritten (Keras 3 refuses a dict; none in the corpora)
        "zeropadding2d_args_preprocessor": {"ZeroPadding2D"},
    }
    assert rule.FORGET_BIAS >= rule.RECURRENT and rule.SEQUENCE_INPUT >= rule.RECURRENT
    assert dict(found["methods"]["Model"]["conversions"]) == rule.MODEL_KEYWORDS
    for method in ("fit_generator", "evaluate_generator", "predict_generator"):  # fit_generator_to_fit renames them
        assert dict(found["methods"][method]["conversions"]).items() <= generators.KEYWORD_RENAMES.items()


def _plain(value):
    """A config value as JSON has it (tuples as lists), so Keras 2's and 3's compare."""
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("case", ["dropout", "gaussian_noise", "gaussian_dropout", "spatial_dropout", "prelu", "lstm",
                                  "conv_lstm", "max_pooling_1d", "upsampling_1d", "separable", "conv_1d"])
def test_a_converted_keras_1_layer_is_the_layer_keras_2_3_1_built(case):
    """Against Keras 2.3.1 (tests/codemod/data/make_keras231_keras1_layer_refs.py, run by /tmp/legacy37): the call
    rewritten, built in Keras 3 on the input shape Keras 2.3.1 gave it (the call's own, where it has one), has the
    same config values and, on the same weights (or as its initializer made them), the same output."""
    refs = np.load(DATA / "keras231_keras1_layer_refs.npz")
    expected = json.loads(str(refs["cases"]))[case]
    got, _ = rewrite(f"from keras.layers import *\nlayer = {expected['call']}\n", RULE)
    layer = eval(got.split("layer = ", 1)[1], vars(keras.layers))
    own_shape = "input_dim" in expected["call"]
    model = keras.Sequential([layer] if own_shape else [keras.Input(tuple(expected["input_shape"])), layer])
    if own_shape:
        model.build()
    assert list(model.input_shape[1:]) == expected["input_shape"]
    config = layer.get_config()
    assert {key: _plain(config[key]) for key in expected["config"]} == expected["config"]
    weights = [refs[f"{case}.w{index}"] for index in range(expected["weights"])]
    if case in ("prelu", "separable"):  # as the initializer made them: Keras 1's init='one'
        for mine, theirs in zip(layer.get_weights(), weights, strict=True):
            np.testing.assert_allclose(mine, theirs)
    else:
        layer.set_weights(weights)
    np.testing.assert_allclose(model.predict(refs[f"{case}.x"], verbose=0), refs[f"{case}.y"], rtol=1e-5, atol=1e-5)


def test_keras_1_merge_with_a_function_mode_becomes_a_lambda_layer_on_the_same_list():
    # maciejkula/triplet_recommendations_keras triplet_movielens.py: merge([...], mode=bpr_triplet_loss, name='loss',
    # output_shape=(1, )); Keras 1's Merge layer returned mode(inputs), as Keras 3's Lambda returns function(inputs)
    findings = assert_rewrites("""
        from keras.layers import Input, merge

        def bpr_triplet_loss(X):
            positive, negative, user = X
            return 1.0 - positive

        def build(positive, negative, user, x, y):
            loss = merge(
                [positive, negative, user],
                mode=bpr_triplet_loss,
                name='loss',
                output_shape=(1, ))
            difference = merge([x, y], mode=lambda t: t[0] - t[1], output_shape=(8,))
            return merge([loss, difference], mode=combine, arguments={'scale': 2})
    """, """
        from keras.layers import Lambda, Input, merge

        def bpr_triplet_loss(X):
            positive, negative, user = X
            return 1.0 - positive

        def build(positive, negative, user, x, y):
            loss = Lambda(bpr_triplet_loss, name='loss', output_shape=(1, ))([positive, negative, user])
            difference = Lambda(lambda t: t[0] - t[1], output_shape=(8,))([x, y])
            return merge([loss, difference], mode=combine, arguments={'scale': 2})
    """, RULE)
    assert [f.line for f in findings] == [15]  # `combine` bound nowhere in the file: not known to be a function
    import_merge = "from keras.layers import merge"
    assert "Lambda" not in rewrite(f"{import_merge}\nmode_name = 'sum'\nz = merge([x, y], mode=mode_name)\n",
                                   RULE)[0]


def test_the_lambda_a_function_merge_becomes_computes_the_function_of_the_list():
    def bpr_triplet_loss(inputs):
        positive, negative, user = inputs
        return 1.0 - keras.ops.sigmoid(keras.ops.sum(user * positive, axis=-1, keepdims=True) -
                                       keras.ops.sum(user * negative, axis=-1, keepdims=True))
    inputs = [keras.Input((4,)) for _ in range(3)]
    model = keras.Model(inputs, keras.layers.Lambda(bpr_triplet_loss, name='loss', output_shape=(1, ))(inputs))
    values = [np.random.default_rng(seed).normal(size=(5, 4)).astype("float32") for seed in range(3)]
    expected = 1.0 - 1.0 / (1.0 + np.exp(-((values[2] * values[0]).sum(-1) - (values[2] * values[1]).sum(-1))))
    assert model.output_shape == (None, 1)
    np.testing.assert_allclose(model.predict(values, verbose=0)[:, 0], expected, rtol=1e-5, atol=1e-6)


def test_keras_0_s_show_accuracy_goes_with_advice():
    """ZFTurbo's 2016 Kaggle scripts: `fit(..., show_accuracy=True)`, which Keras 1 dropped with a warning and Keras 2
    and 3 refuse; a project's own evaluate keeps it."""
    source = """
        from keras.models import Sequential

        class Judge:
            def evaluate(self, x, show_accuracy=False):
                return x

        model = Sequential()
        model.fit(x, y, nb_epoch=2, show_accuracy=True, verbose=1)
        score = model.evaluate(x, y, verbose=0, show_accuracy=True)
        Judge().evaluate(x, show_accuracy=True)
    """
    result, findings = rewrite(source, RULE)
    assert "model.fit(x, y, epochs=2, verbose=1)\n" in result
    assert "score = model.evaluate(x, y, verbose=0)\n" in result
    assert "Judge().evaluate(x, show_accuracy=True)" in result
    assert [(f.line, f.advice, "metrics=['accuracy']" in f.message) for f in findings] == [(9, True, True),
                                                                                         (10, True, True)]


def test_keras_0_s_class_mode_and_reshape_dims():
    """uci-cbcl/DanQ DanQ_train.py: `compile(..., class_mode="binary")`, which only chose how Keras 0's show_accuracy
    counted a hit and Keras 2 and 3 refuse: it goes with advice (a project's own compile keeps it);
    avisingh599/visual-qa: Keras 0's `Reshape(dims=...)`, Keras 1's target_shape (Permute's dims stays)."""
    source = """
        from keras.models import Sequential
        from keras.layers import Permute, Reshape

        class Trainer:
            def compile(self, class_mode=None):
                return class_mode

        model = Sequential()
        model.add(Reshape(dims=(1, 28, 28), input_shape=(784,)))
        model.add(Permute(dims=(2, 1, 3)))
        model.compile(loss='binary_crossentropy', optimizer='rmsprop', class_mode="binary")
        model.compile(loss='binary_crossentropy',
                      class_mode="binary", optimizer='rmsprop')
        Trainer().compile(class_mode="binary")
    """
    result, findings = rewrite(source, RULE)
    assert "model.add(Reshape(target_shape=(1, 28, 28), input_shape=(784,)))\n" in result
    assert "model.add(Permute(dims=(2, 1, 3)))\n" in result
    assert "model.compile(loss='binary_crossentropy', optimizer='rmsprop')\n" in result
    assert "model.compile(loss='binary_crossentropy',\n              optimizer='rmsprop')\n" in result
    assert 'Trainer().compile(class_mode="binary")' in result
    assert [(f.line, f.advice, "metrics=['accuracy']" in f.message) for f in findings] == [(12, True, True),
                                                                                         (13, True, True)]
