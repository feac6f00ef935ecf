"""`if K.backend() == 'theano':` branches -> gone (their `else` kept): Keras 3's backend is never Theano or CNTK.

Keras 2 code often carried a branch for the backends Keras 2.3 dropped (`K.pattern_broadcast` in a Lambda,
`convert_all_kernels_in_model` after loading weights). Under Keras 3 `keras.backend.backend()` is tensorflow,
jax, torch or numpy, so a test of it against 'theano' or 'cntk' has one answer: a branch taken on `==` is dead
and goes (its `else` or `elif` takes its place), one taken on `!=` always runs and loses its `if`; a conditional
expression keeps the side that runs. (Comments above a dropped branch without an `else` go with it: they
are about it.) What was reachable only in the dead code then has nothing to convert, and
a Keras or TensorFlow import that nothing else uses goes with it. Keras 1 and 2.0 code read the name from
`K._BACKEND`, what `K.backend()` returned: a test of it is the same test. A test against 'tensorflow' is left alone:
Keras 3 may run on another backend.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import QualifiedNameProvider

from migrate.codemod.rule import NAMES, DropsStatements
from migrate.codemod.syntax import code, in_place, names_in

# (and `K._BACKEND`, where Keras 2's backend module held the name backend() returned)
BACKEND_FUNCTIONS = frozenset({"keras.backend.backend", "tensorflow.keras.backend.backend", "keras.backend._BACKEND"})
GONE = frozenset({"theano", "cntk"})  # backends Keras 3 never runs on
IMPORTED_FROM = ("keras", "tensorflow")  # whose imports may go with the dead code
ALL = "*"  # what `__all__` may name: every name


class DeadBackendBranches(DropsStatements):
    NAME = "dead_backend_branches"
    ORDER = 3  # first: what only a dead branch reaches is then neither rewritten nor reported by the others
    TRIGGERS = ("theano", "cntk")
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "if K.backend() == 'theano': ... -> the branch Keras 3 takes (its backend is never Theano or CNTK)"

    def visit_Module(self, node: cst.Module) -> None:
        self.dead_names: set[str] = set()  # names the dropped code used
        self.elifs: set[int] = set()

    def visit_If(self, node: cst.If) -> None:
        if isinstance(node.orelse, cst.If):
            self.elifs.add(id(node.orelse))

    def _always(self, test: cst.BaseExpression) -> bool | None:
        """What `test` is under Keras 3 when it compares keras.backend.backend() with a gone backend, else None."""
        if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
            return None
        target = test.comparisons[0]
        sides = (test.left, target.comparator)
        literal = next((side for side in sides if isinstance(side, cst.SimpleString)), None)
        call = next((side for side in sides if isinstance(side, cst.Call)), None)
        read = next((side for side in sides if isinstance(side, cst.Attribute) and side.attr.value == "_BACKEND"), None)
        if literal is None or (call is None or call.args) and read is None or literal.evaluated_value not in GONE or \
                not isinstance(target.operator, (cst.Equal, cst.NotEqual)):
            return None
        names = {name.name for name in self.get_metadata(QualifiedNameProvider, call.func if read is None else read,
                                                         set())}
        if not names & BACKEND_FUNCTIONS:
            return None
        return isinstance(target.operator, cst.NotEqual)

    def leave_If(self, original: cst.If, updated: cst.If) -> cst.BaseStatement | cst.FlattenSentinel | cst.RemovalSentinel:
        always = self._always(original.test)
        if always is None:
            return updated
        self.converted()
        self._dead(original.test)
        if always:  # `!= 'theano'`: the body runs, the else never
            self._dead(original.orelse)
            if id(original) in self.elifs:
                return cst.Else(body=updated.body, leading_lines=updated.leading_lines)
            return in_place(updated.body, updated.leading_lines)
        self._dead(original.body)
        if id(original) in self.elifs:  # an elif: what follows it takes its place (the If's orelse may be None)
            return updated.orelse.with_changes(leading_lines=updated.leading_lines) if updated.orelse \
                else cst.RemovalSentinel.REMOVE
        if isinstance(updated.orelse, cst.If):  # elif: it becomes the if
            return updated.orelse.with_changes(leading_lines=updated.leading_lines)
        if isinstance(updated.orelse, cst.Else):
            return in_place(updated.orelse.body, updated.leading_lines)
        return cst.RemovalSentinel.REMOVE

    def leave_IfExp(self, original: cst.IfExp, updated: cst.IfExp) -> cst.BaseExpression:
        always = self._always(original.test)
        if always is None:
            return updated
        self.converted()
        self._dead(original.test)
        self._dead(original.orelse if always else original.body)
        kept = updated.body if always else updated.orelse
        return kept.with_changes(lpar=updated.lpar, rpar=updated.rpar) if updated.lpar else kept

    def _dead(self, node: cst.CSTNode | None) -> None:
        if node is not None:
            self.dead_names |= _names(node)

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        """A Keras or TensorFlow import whose names only the dropped code used goes."""
        if not self.dead_names:
            return updated
        used = _names(updated)
        unused = set() if ALL in used else self.dead_names - used
        return updated.visit(_ImportDropper(unused)) if unused else updated


def _names(node: cst.CSTNode) -> set[str]:
    """The names `node` reads (not what its imports bind); a module with `__all__` is taken to use them all."""
    names = {name.value for name in names_in(node)}
    return names | {ALL} if "__all__" in names else names


class _ImportDropper(cst.CSTTransformer):
    """Removes the Keras and TensorFlow imports of `unused` names; a statement left with none goes."""

    def __init__(self, unused: set[str]) -> None:
        super().__init__()
        self.unused = unused

    def _kept(self, names: tuple[cst.ImportAlias, ...] | list, module: str) -> list[cst.ImportAlias]:
        if module.split(".")[0] not in IMPORTED_FROM:
            return list(names)
        bound = [code(alias.asname.name) if alias.asname else code(alias.name).split(".")[0] for alias in names]
        kept = [alias for alias, name in zip(names, bound, strict=True) if name not in self.unused]
        if kept and len(kept) < len(names):
            kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return kept

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom) -> cst.ImportFrom | cst.RemovalSentinel:
        if updated.module is None or updated.relative or isinstance(updated.names, cst.ImportStar):
            return updated
        kept = self._kept(updated.names, code(updated.module))
        if len(kept) == len(updated.names):
            return updated
        return updated.with_changes(names=kept) if kept else cst.RemovalSentinel.REMOVE

    def leave_IndentedBlock(self, original: cst.IndentedBlock, updated: cst.IndentedBlock) -> cst.IndentedBlock:
        if updated.body or not original.body:
            return updated
        return updated.with_changes(body=[cst.SimpleStatementLine([cst.Pass()])])

    def leave_Import(self, original: cst.Import, updated: cst.Import) -> cst.Import | cst.RemovalSentinel:
        kept = [alias for alias in updated.names if alias in self._kept([alias], code(alias.name))]
        if len(kept) == len(updated.names):
            return updated
        if kept:
            kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            return updated.with_changes(names=kept)
        return cst.RemovalSentinel.REMOVE
