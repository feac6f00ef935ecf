"""`if hasattr(tf, 'select'):` branches -> gone (their `else` kept) where Keras 3 / TensorFlow 2 lack the name.

Code written across versions tests for a name before using it: keras-rl's rl/util.py calls `tf.select` (TensorFlow
0.x) `if hasattr(tf, 'select')` and `tf.where` in the else, `optimizers.optimizer_from_config` (Keras 1) `if
hasattr(optimizers, 'optimizer_from_config')`. A module has an attribute exactly when the installed package defines
it (`api_surface` reads the installed Keras and TensorFlow as text), so where the name is missing the test is False
under Keras 3: the branch is dead and goes, as `dead_backend_branches` drops a test of a Theano backend (`not
hasattr(...)`: the branch always runs and loses its `if`). A test of a name that exists, or of an object that is not
a Keras or TensorFlow module, is left alone.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import QualifiedNameProvider

from migrate.codemod.api_surface import surface
from migrate.codemod.rules.dead_backend_branches import DeadBackendBranches


class DeadFeatureTests(DeadBackendBranches):
    NAME = "dead_feature_tests"
    ORDER = 4  # early, after dead_backend_branches: the dead branch is then neither rewritten nor reported
    TRIGGERS = ("hasattr",)
    REQUIRES = ()
    DESCRIPTION = "if hasattr(tf, 'select'): ... -> the else, where Keras 3 / TensorFlow 2 lack the name"

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        return b"hasattr" in source and (b"keras" in source or b"tensorflow" in source)

    def _always(self, test: cst.BaseExpression) -> bool | None:
        """What `test` is under Keras 3 when it is `hasattr(M, 'name')` (or its `not`) of a Keras or TensorFlow
        module M lacking the name (False), else None."""
        negated = isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not)
        call = test.expression if negated else test
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Name) and call.func.value == "hasattr" and
                len(call.args) == 2 and all(arg.keyword is None and not arg.star for arg in call.args) and
                isinstance(call.args[1].value, cst.SimpleString) and isinstance(call.args[0].value, (cst.Name, cst.Attribute))):
            return None
        if {name.name for name in self.get_metadata(QualifiedNameProvider, call.func, set())} - {"builtins.hasattr"}:
            return None  # the file's own `hasattr`
        attribute = call.args[1].value.evaluated_value
        api = surface()
        modules = {name.name for name in self.get_metadata(QualifiedNameProvider, call.args[0].value, set())}
        if not modules or not all(api.covers(module) and api.is_module(module) and
                                  not api.exists(f"{module}.{attribute}") for module in modules):
            return None
        return negated
