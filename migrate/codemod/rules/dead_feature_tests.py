"""`if hasattr(tf, 'select'):` branches -> gone (their `else` kept) where Keras 3 / TensorFlow 2 lack the name.

Code written across versions tests for a name before using it: keras-rl's rl/util.py calls `tf.select` (TensorFlow
0.x) `if hasattr(tf, 'select')` and `tf.where` in the else, `optimizers.optimizer_from_config` (Keras 1) `if
hasattr(optimizers, 'optimizer_from_config')`. A module has an attribute exactly when the installed package defines
it (`api_surface` reads the installed Keras and TensorFlow as text), so where the name is missing the test is False
under Keras 3: the branch is dead and goes, as `dead_backend_branches` drops a test of a Theano backend (`not
hasattr(...)`: the branch always runs and loses its `if`). A test of a name that exists, or of an object that is not
a Keras or TensorFlow module, is left alone.

A version test is the same kind of test: `if tf.__version__.startswith('2'):`, `if tf.__version__ < '2.0':`,
`StrictVersion(keras.__version__) < StrictVersion('2.2.0')`, `int(tf.__version__.split('.')[0]) == 1`. Its answer
is fixed by the installed TensorFlow and Keras, whose versions `api_surface` reads from their dist-info without
importing them, so it is computed here as Python computes it (string comparisons stay string comparisons, a
`float(tf.__version__[:3])` is what it is) over a closed set of operations: the version strings of
`tf.__version__` / `tf.version.VERSION` / `keras.__version__` (tf.keras's is Keras's), string and number literals,
`startswith`, `split`, indexing and slicing, `int`, `float`, `str`, `distutils`' StrictVersion and LooseVersion and
`packaging.version.parse` of a plain numeric version, comparisons and `not`; a test `A and B` whose A is a version
test answered False (`A or B`, True) has that answer, as Python never reads B. Anything else leaves the test alone.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable

import libcst as cst
from libcst.metadata import QualifiedNameProvider

from migrate.codemod.api_surface import surface
from migrate.codemod.rules.dead_backend_branches import DeadBackendBranches

# What a version test reads -> the installed package whose version it is.
VERSIONS = {"tensorflow.__version__": "tensorflow", "tensorflow.version.VERSION": "tensorflow",
            "keras.__version__": "keras", "tensorflow.keras.__version__": "keras"}
COMPARISONS: dict[type, Callable] = {cst.LessThan: operator.lt, cst.LessThanEqual: operator.le,
                                     cst.GreaterThan: operator.gt, cst.GreaterThanEqual: operator.ge,
                                     cst.Equal: operator.eq, cst.NotEqual: operator.ne}
CONVERSIONS = {"builtins.int": int, "builtins.float": float, "builtins.str": str}
# Version classes of plain numeric versions, as comparable keys: StrictVersion and packaging's pad to three numbers
# ('2.2' == '2.2.0'); LooseVersion compares its parts as a list ('2.2' < '2.2.0').
PARSERS = {"distutils.version.StrictVersion": "padded", "packaging.version.parse": "padded",
           "packaging.version.Version": "padded", "pkg_resources.parse_version": "padded",
           "distutils.version.LooseVersion": "listed"}
NUMERIC = re.compile(r"\d+(?:\.\d+)*")


class Unknown(Exception):
    """A part of a test this rule does not compute: the test is left alone."""


class DeadFeatureTests(DeadBackendBranches):
    NAME = "dead_feature_tests"
    ORDER = 4  # early, after dead_backend_branches: the dead branch is then neither rewritten nor reported
    TRIGGERS = ("hasattr", "__version__", "VERSION")
    REQUIRES = ()
    DESCRIPTION = "if hasattr(tf, 'select'): ... -> the else, where Keras 3 / TensorFlow 2 lack the name"

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        return (b"hasattr" in source or b"__version__" in source or b"VERSION" in source) and \
            (b"keras" in source or b"tensorflow" in source)

    def _always(self, test: cst.BaseExpression) -> bool | None:
        """What `test` is under Keras 3 when it is `hasattr(M, 'name')` (or its `not`) of a Keras or TensorFlow
        module M lacking the name (False), or a version test (`_version_test`), else None."""
        answer = self._version_test(test)
        if answer is not None:
            return answer
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

    def _version_test(self, test: cst.BaseExpression) -> bool | None:
        """The answer of a test of the installed TensorFlow's or Keras's version (see the module's docstring), or
        None: not such a test, or a part of it not computed here."""
        if isinstance(test, cst.BooleanOperation):
            left = self._version_test(test.left)
            decides = isinstance(test.operator, cst.And) and left is False or \
                isinstance(test.operator, cst.Or) and left is True
            return left if decides else None
        self.read_version = False
        try:
            answer = self._value(test)
        except (Unknown, ValueError, TypeError, IndexError):
            return None
        return answer if isinstance(answer, bool) and self.read_version else None

    def _value(self, node: cst.BaseExpression) -> object:
        """`node`'s value under the installed versions, over the operations the module's docstring lists."""
        if isinstance(node, (cst.SimpleString, cst.Integer, cst.Float)):
            return node.evaluated_value
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            return not self._value(node.expression)
        if isinstance(node, cst.Comparison) and len(node.comparisons) == 1 and \
                type(node.comparisons[0].operator) in COMPARISONS:
            left, right = self._value(node.left), self._value(node.comparisons[0].comparator)
            if type(left) is not type(right) and not {type(left), type(right)} <= {int, float}:
                raise Unknown
            return COMPARISONS[type(node.comparisons[0].operator)](left, right)
        if isinstance(node, cst.Subscript) and len(node.slice) == 1:
            return self._value(node.value)[self._index(node.slice[0].slice)]
        if isinstance(node, (cst.Name, cst.Attribute)):
            package = next((VERSIONS[name] for name in self._names(node) if name in VERSIONS), None)
            if package is None:
                raise Unknown
            self.read_version = True
            return surface().versions[package]
        if isinstance(node, cst.Call) and not any(arg.keyword or arg.star for arg in node.args):
            return self._call(node)
        raise Unknown

    def _call(self, node: cst.Call) -> object:
        """A call of the closed set: `v.startswith(s)`, `v.split(s)`, `int(v)`, `float(v)`, `str(v)` and the
        version classes of a plain numeric version."""
        args = [self._value(arg.value) for arg in node.args]
        if isinstance(node.func, cst.Attribute) and node.func.attr.value in ("startswith", "split"):
            value = self._value(node.func.value)
            if not isinstance(value, str) or not all(isinstance(arg, str) for arg in args):
                raise Unknown
            return getattr(value, node.func.attr.value)(*args)
        names = self._names(node.func)
        conversion = next((CONVERSIONS[name] for name in names if name in CONVERSIONS), None)
        if conversion is not None and len(args) == 1:
            return conversion(args[0])
        parser = next((PARSERS[name] for name in names if name in PARSERS), None)
        if parser is None or len(args) != 1 or not isinstance(args[0], str) or not NUMERIC.fullmatch(args[0]):
            raise Unknown
        numbers = [int(part) for part in args[0].split(".")]
        return tuple(numbers + [0] * (3 - len(numbers))) if parser == "padded" else numbers

    def _index(self, index: cst.BaseSlice) -> int | slice:
        """A subscript's index (`[0]`, `[-1]`) or slice (`[:3]`) of numbers, as Python takes it."""
        if isinstance(index, cst.Index):
            value = self._value(index.value) if not isinstance(index.value, cst.UnaryOperation) else \
                -self._value(index.value.expression) if isinstance(index.value.operator, cst.Minus) else None
            if isinstance(value, int):
                return value
            raise Unknown
        parts = [None if part is None else self._value(part) for part in (index.lower, index.upper)]
        if index.step is not None or not all(part is None or isinstance(part, int) for part in parts):
            raise Unknown
        return slice(*parts)

    def _names(self, node: cst.CSTNode) -> set[str]:
        """What LibCST's scope analysis says `node` names (`tensorflow.__version__`, `builtins.int`)."""
        return {name.name for name in self.get_metadata(QualifiedNameProvider, node, set())}
