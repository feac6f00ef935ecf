"""The import edits done without LibCST's visitors give what LibCST's AddImportsVisitor and
RemoveImportsVisitor give, in the cases the engine takes over from them."""

from __future__ import annotations

import libcst as cst
import pytest
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor, ImportItem, RemoveImportsVisitor

from migrate.codemod.imports import apply_scheduled

SEVERAL = '''"""Doc."""
from keras.layers import Input, merge
from keras.layers import Dense
import keras.backend as K

x = merge([Input((2,)), Dense(2)])
'''
AFTER_CODE = '''import os
os.environ["X"] = "1"
from keras.layers import Input
from keras.layers import Dense
'''
STAR = '''from keras.layers import Dense
from keras.layers import Input
from keras.layers import *
'''
NESTED = '''from keras.utils import np_utils

def f():
    from keras.utils import np_utils
    return 1
'''


def libcsts(source: str, adds: list[ImportItem], removes: list[tuple]) -> str:
    module = cst.parse_module(source)
    module = AddImportsVisitor(CodemodContext(), adds).transform_module(module)
    context = CodemodContext(scratch={RemoveImportsVisitor.CONTEXT_KEY: list(removes)})
    return RemoveImportsVisitor(context).transform_module(module).code


def ours(source: str, adds: list[ImportItem], removes: list[tuple]) -> str:
    context = CodemodContext(scratch={AddImportsVisitor.CONTEXT_KEY: list(adds),
                                      RemoveImportsVisitor.CONTEXT_KEY: list(removes)})
    return apply_scheduled(cst.parse_module(source), context).code


@pytest.mark.parametrize("source", [SEVERAL, AFTER_CODE, STAR])
@pytest.mark.parametrize("adds", [[], [ImportItem("keras.layers", "concatenate", None, 0)],
                                  [ImportItem("keras.layers", "add", None, 0), ImportItem("keras.layers", "Add", None, 0)],
                                  [ImportItem("keras.layers", "add", None, 0), ImportItem("keras.layers", "x", "y", 0)]])
def test_additions_to_a_module_imported_from_several_times_are_libcsts(source, adds):
    assert ours(source, adds, []) == libcsts(source, adds, [])


def test_a_second_request_to_remove_a_removed_import_is_libcsts():
    source = SEVERAL.replace("x = merge([Input((2,)), Dense(2)])", "x = Dense(2)")
    removes = [("keras.layers", "merge", None), ("keras.layers", "merge", None)]
    assert ours(source, [], removes) == libcsts(source, [], removes)
    assert "merge" not in ours(source, [], removes)


def test_a_nested_import_still_goes_to_libcst():
    removes = [("keras.utils", "np_utils", None), ("keras.utils", "np_utils", None)]
    assert ours(NESTED, [], removes) == libcsts(NESTED, [], removes)
    assert "np_utils" not in ours(NESTED, [], removes)


def test_keras_bound_to_tf_keras_is_not_imported_again():
    """KristianHolsheimer/keras-gym (fourteenth hold-out): `from tensorflow import keras`, then `K.squeeze` became
    `keras.ops.squeeze` and `import keras` was added, rebinding the name every `keras.` of the file reads; a second
    run then rewrote `keras.losses.mse` (tf.keras's alias, Keras 3's name is mean_squared_error). tf.keras is Keras 3
    since TensorFlow 2.16: the name it binds serves."""
    from tests.codemod.helpers import assert_rewrites

    for binding in ("from tensorflow import keras", "import tensorflow.keras as keras"):
        assert_rewrites(f"""
            {binding}
            from tensorflow.keras import backend as K
            def f(G, loss=keras.losses.mse):
                return K.squeeze(G, axis=1)
        """, f"""
            {binding}
            from tensorflow.keras import backend as K
            def f(G, loss=keras.losses.mse):
                return keras.ops.squeeze(G, axis=1)
        """, "backend_functions_to_ops")
    module = cst.parse_module("from tensorflow import keras as tfk\n")
    context = CodemodContext()
    AddImportsVisitor.add_needed_import(context, "keras")
    assert apply_scheduled(module, context).code == "from tensorflow import keras as tfk\nimport keras\n"
