"""dead_backend_branches: must-not-change cases first, then before/after, then the premise (Keras 3 never runs
on Theano or CNTK)."""

import os
import subprocess
import sys

import pytest

from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

RULE = "dead_backend_branches"


def test_a_test_of_a_backend_keras_3_has_and_a_projects_own_backend_stay():
    assert_unchanged("""
        import keras.backend as K
        from myproject import backend

        if K.backend() == 'tensorflow':
            convert_all_kernels_in_model(model)
        if K.backend() != 'tensorflow':
            raise RuntimeError('Only TensorFlow backend is currently supported')
        if backend() == 'theano':
            x = 1
        if K.backend() in ('theano', 'cntk'):
            y = 1
        name = K.backend()
    """, RULE)


def test_a_theano_branch_goes_with_what_only_it_used():
    # david8862/keras-YOLOv3-model-set common/backbones/efficientnet.py:218, titu1994/Keras-ResNeXt resnext.py:164
    findings = assert_rewrites("""
        import warnings
        from keras.layers import Lambda, multiply
        from keras.utils.layer_utils import convert_all_kernels_in_model
        from keras import backend as K

        def block(x, se, name):
            if se is not None:
                if K.backend() == 'theano':
                    # For the Theano backend, we have to explicitly make
                    # the excitation weights broadcastable.
                    se = Lambda(
                        lambda x: K.pattern_broadcast(x, [True, True, True, False]),
                        output_shape=lambda input_shape: input_shape,
                        name=name + 'se_broadcast')(se)
                x = multiply([x, se], name=name + 'se_excite')
            return x

        def load(model):
            model.load_weights(path)
            if K.backend() == 'theano':
                convert_all_kernels_in_model(model)
            if K.backend() == 'tensorflow':
                warnings.warn('TensorFlow')
            return model
    """, """
        import warnings
        from keras.layers import multiply
        from keras import backend as K

        def block(x, se, name):
            if se is not None:
                x = multiply([x, se], name=name + 'se_excite')
            return x

        def load(model):
            model.load_weights(path)
            if K.backend() == 'tensorflow':
                warnings.warn('TensorFlow')
            return model
    """, RULE)
    assert findings == []


def test_else_elif_inequality_and_a_conditional_expression_keep_what_runs():
    assert_rewrites("""
        import tensorflow.keras.backend as K
        from tensorflow.keras import backend

        def f(model):
            # the ordering
            if K.backend() == "theano":
                axis = 1
            elif "cntk" == backend.backend():
                axis = 2
            else:
                axis = -1
                model.axis = axis
            if K.backend() == 'theano': a = 1
            else: a = 2
            if K.backend() != 'theano':
                b = 1
            else:
                b = 2
            if flag:
                c = 1
            elif K.backend() == 'cntk':
                c = 2
            if flag:
                d = 1
            elif K.backend() != 'cntk':
                d = 2
            if K.backend() == 'theano':
                return
            e = 0 if K.backend() == 'theano' else K.epsilon()
            return (1 if K.backend() != 'cntk' else 2)
    """, """
        import tensorflow.keras.backend as K

        def f(model):
            # the ordering
            axis = -1
            model.axis = axis
            a = 2
            b = 1
            if flag:
                c = 1
            if flag:
                d = 1
            else:
                d = 2
            e = K.epsilon()
            return (1)
    """, RULE)


def test_a_block_left_empty_gets_pass_and_an_import_still_used_stays():
    got, _ = rewrite("""
        from keras import backend as K
        from keras.utils.layer_utils import convert_all_kernels_in_model

        def load(model):
            if K.backend() == 'theano':
                convert_all_kernels_in_model(model)

        if K.image_data_format() == 'channels_first':
            convert_all_kernels_in_model(model)
    """, RULE)
    assert got == """
from keras import backend as K
from keras.utils.layer_utils import convert_all_kernels_in_model

def load(model):
    pass

if K.image_data_format() == 'channels_first':
    convert_all_kernels_in_model(model)
"""


def test_with_every_rule_what_only_the_dead_branch_used_is_no_leftover():
    got, findings = rewrite("""
        from keras.layers import Lambda
        from keras import backend as K

        def excite(se):
            if K.backend() == 'theano':
                se = Lambda(lambda x: K.pattern_broadcast(x, [True, True, True, False]))(se)
            return se
    """)
    assert findings == [] and "pattern_broadcast" not in got and "Lambda" not in got


@pytest.mark.parametrize("backend", ["theano", "cntk"])
def test_keras_3_refuses_the_backends_whose_branches_go(backend):
    env = dict(os.environ, KERAS_BACKEND=backend, TF_CPP_MIN_LOG_LEVEL="3")
    done = subprocess.run([sys.executable, "-c", "import keras; print(keras.backend.backend())"], capture_output=True,
                          text=True, env=env, timeout=300)
    assert done.returncode != 0 and f"Unable to import backend : {backend}" in done.stderr


def test_a_test_of_keras_2_s_backend_name_constant_is_dead_too():
    # Keras 1 / 2.0 code read the backend's name from `K._BACKEND`, what K.backend() returned; a project's own
    # `_BACKEND` is not it (K goes with the dead branch, nothing else using it)
    assert_rewrites("""
        from keras import backend as K
        from myproject import settings

        if K._BACKEND == 'theano':
            import theano
            x = theano.shared(1)
        else:
            x = 1
        if settings._BACKEND == 'theano':
            y = 1
    """, """
        from myproject import settings

        x = 1
        if settings._BACKEND == 'theano':
            y = 1
    """, RULE)
