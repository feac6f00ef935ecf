"""`try: tf.contrib.X(...) except AttributeError: tf.Y(...)` -> the `except` body, where the installed TensorFlow lacks X.

Code written across TensorFlow versions tries the old name and falls back on the new one (shenweichen/DeepMatch's
`try: lower_tri = tf.contrib.linalg.LinearOperatorTriL(lower_tri).to_dense() except: lower_tri =
tf.linalg.LinearOperatorLowerTriangular(lower_tri).to_dense()`). Where the first thing the `try` body evaluates is a
TensorFlow name the installed package lacks (`api_surface`) and migrate gives no spelling that exists (TensorFlow's
tables, `tf1_policy`: `tf.log` becomes `tf.math.log`; Keras 2's `K.tf.nn.swish` becomes `tensorflow.nn.swish`: such
a body runs once the file is rewritten), reading it raises AttributeError before anything else happens, so under
Keras 3 / TensorFlow 2 the body never does anything and a handler that catches
AttributeError (bare, `Exception`, `BaseException` or `AttributeError`, the first in order that does, binding no
name) always runs: the `try` is that handler's body, as `dead_feature_tests` keeps the branch a `hasattr` test
takes. What runs is unchanged; what only the dead body named is then neither rewritten nor reported, and an import
only it used goes. A `try` with `finally` stays.
"""

from __future__ import annotations

import ast

import libcst as cst
from libcst.metadata import QualifiedNameProvider

from migrate.codemod.api_surface import surface, tf1_tables
from migrate.codemod.outline import Outline
from migrate.codemod.rules.dead_backend_branches import DeadBackendBranches
from migrate.codemod.rules.tf1_graph_program import CONTRIB_TWINS
from migrate.codemod.rules.tpu_setup_to_tf2 import INITIALIZE, STRATEGY
from migrate.codemod.syntax import in_place
from migrate.codemod.tf1_policy import CASTS, PREFERRED, RENAMES

CATCHING = frozenset({"AttributeError", "Exception", "BaseException"})
ROOT = "tensorflow."
# TF1 names other rules give a TF2 spelling that exists (the TPU setup's): after the run, the body would not raise.
RENAMED_ELSEWHERE = frozenset({INITIALIZE, STRATEGY, *(f"tensorflow.{name}" for name in CONTRIB_TWINS)})


def _renamed(name: str) -> bool:
    """Whether migrate gives the TensorFlow name, or a module above it, a spelling that exists (TensorFlow's tables,
    `tf1_policy`, the rules' own): the `try` body may then run once the file is rewritten, so it is not dead."""
    tables = tf1_tables(surface())
    parts = name.removeprefix(ROOT).split(".")
    prefixes = [".".join(parts[:end]) for end in range(1, len(parts) + 1)]
    return name in RENAMED_ELSEWHERE or any(
        f"tf.{prefix}" in tables.renames or prefix in RENAMES or prefix in CASTS or prefix in PREFERRED
        for prefix in prefixes)


def _first_read(node: cst.CSTNode | None) -> cst.Attribute | None:
    """The dotted name (`tf.contrib.linalg.X`) Python reads first when it runs `node`, if that is the first thing it
    evaluates: a call's function before its arguments, an assignment's value before its targets, an operation's
    left side first. None where the first thing evaluated is anything else."""
    if isinstance(node, (cst.Expr, cst.Assign, cst.Return)) or (isinstance(node, cst.AnnAssign) and node.value):
        return _first_read(node.value)
    if isinstance(node, cst.SimpleStatementLine):
        return _first_read(node.body[0])
    if isinstance(node, cst.Call):
        return _first_read(node.func)
    if isinstance(node, (cst.Subscript, cst.Await)):
        return _first_read(node.value if isinstance(node, cst.Subscript) else node.expression)
    if isinstance(node, (cst.BinaryOperation, cst.BooleanOperation, cst.Comparison)):
        return _first_read(node.left)
    if isinstance(node, cst.Attribute):
        value: cst.BaseExpression = node
        while isinstance(value, cst.Attribute):
            value = value.value
        return node if isinstance(value, cst.Name) else _first_read(value)
    return None


def _catches(handler: cst.ExceptHandler) -> bool:
    """Whether the handler catches AttributeError and binds no name (`except:`, `except (AttributeError, X):`)."""
    if handler.name is not None:
        return False
    if handler.type is None:
        return True
    types = [element.value for element in handler.type.elements] if isinstance(handler.type, cst.Tuple) else [handler.type]
    return any(isinstance(kind, cst.Name) and kind.value in CATCHING for kind in types)


def _ast_catches(kind: ast.expr | None) -> bool:
    """`_catches` on Python's own tree: no type, or a name of CATCHING among them."""
    if kind is None:
        return True
    kinds = kind.elts if isinstance(kind, ast.Tuple) else [kind]
    return any(isinstance(found, ast.Name) and found.id in CATCHING for found in kinds)


class DeadFallbackTries(DeadBackendBranches):
    NAME = "dead_fallback_tries"
    ORDER = 4  # early: the dead body is then neither rewritten nor reported by the others
    TRIGGERS = ("AttributeError", "except:", "Exception")  # what a handler must name (BaseException holds the last)
    REQUIRES = ("tensorflow",)
    DESCRIPTION = "try: tf.contrib.X(...) except AttributeError: tf.Y(...) -> tf.Y(...), where the packages lack X"

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A `try` without `finally` whose first statement reads a dotted name and with a handler that may catch
        AttributeError (read from Python's own tree): most files with the words have none."""
        if outline.tree is None:
            return True
        return any(isinstance(node, ast.Try) and not node.finalbody and node.body and
                   any(isinstance(inner, ast.Attribute) for inner in ast.walk(node.body[0])) and
                   any(handler.name is None and _ast_catches(handler.type) for handler in node.handlers)
                   for node in ast.walk(outline.tree))

    def _always(self, test: cst.BaseExpression) -> bool | None:
        """No `if` is this rule's (dead_backend_branches' tests are its own)."""
        return None

    def _missing(self, read: cst.Attribute) -> bool:
        """Whether reading the dotted name raises AttributeError, also once the file is rewritten: it names TensorFlow
        (not its Keras: `tf.keras.backend.tf`, Keras 2's `K.tf`, is spelled `tensorflow` by backend_functions_to_ops), migrate renames neither it
        nor a module above it, and the first part the installed TensorFlow lacks is an attribute of a public module it
        has (so no other error comes first)."""
        names = {name.name for name in self.get_metadata(QualifiedNameProvider, read, set())}
        if not names or not all(name.startswith(ROOT) and ".keras." not in name and not _renamed(name) for name in names):
            return False
        api = surface()
        for name in names:
            missing = api.missing(name)
            parent = (missing or "").rpartition(".")[0]
            # a public module (read from TensorFlow's and Keras's API files: a private one's names are guessed)
            if missing is None or not api.covers(parent) or api.canonical(parent) not in api.modules:
                return False
        return True

    def leave_Try(self, original: cst.Try, updated: cst.Try) -> cst.BaseStatement | cst.FlattenSentinel:
        if original.finalbody is not None or not original.body.body:
            return updated
        handler = next((index for index, found in enumerate(original.handlers) if _catches(found)), None)
        read = _first_read(original.body.body[0])
        if handler is None or read is None or not self._missing(read):
            return updated
        self.converted()
        self._dead(original.body)
        self._dead(original.orelse)
        for index, other in enumerate(original.handlers):
            if index != handler:
                self._dead(other)
        return in_place(updated.handlers[handler].body, updated.leading_lines)
