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
