"""`K.set_learning_phase(1)` before code that only trains -> removed, as Keras 3's fit() trains in training mode.

Keras 2 kept one learning phase for the whole graph: `K.set_learning_phase(1)` made every layer built or run
after it behave as in training (Dropout dropping, BatchNormalization on the batch's statistics), in fit()
and in predict() alike. Keras 3 has no global phase: fit() calls the layers with training=True, predict()
and evaluate() with training=False. So the statement can go, with the same behaviour, where what follows it
in its function (or module), up to another set_learning_phase, only builds, compiles and trains: no
predict/evaluate/test_on_batch, no K.function, K.eval / get_value, no session run, also not in a function
of the same file it calls. Where it builds or loads a model and trains nothing (a model factory), the model
leaves the function built in training mode, and what its caller does with it is out of sight: the
statement goes with advice saying what changed (predict infers; model(x, training=True) where training
mode was meant). Where inference follows, `backend_functions_to_ops` reports it (a leftover).

`K.set_learning_phase(0)` goes in `backend_functions_to_ops` (Keras 3 predicts in inference mode), except
where training follows it (`trains_after`): Keras 2 then trained with Dropout off and BatchNormalization
frozen, which Keras 3's fit() does not, so it is reported there.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

import libcst as cst
import libcst.matchers as m

from migrate.codemod.outline import Outline
from migrate.codemod.rule import NAMES, DropsStatements

BACKENDS = ("keras.backend.", "tensorflow.keras.backend.", "keras.backend.tensorflow_backend.")
# Calls that run the graph for values: under Keras 2 with the phase at 1, in training mode.
INFERENCE = frozenset({"predict", "predict_on_batch", "predict_generator", "evaluate", "evaluate_generator",
                       "test_on_batch", "function", "eval", "get_value", "batch_get_value", "run", "learning_phase",
                       "in_train_phase", "in_test_phase"})
TRAINING = frozenset({"fit", "fit_generator", "train_on_batch"})
# Calls that make a model: one made after the phase is set and returned keeps Keras 2's training mode there.
BUILDING = frozenset({"Model", "Sequential", "load_model", "model_from_json", "model_from_yaml", "model_from_config",
                      "clone_model", "load_weights"})
TRAINING_PHASES = ("1", "True")


def _called(node: cst.CSTNode) -> Iterator[str]:
    """The last name of every callee in `node` (`model.predict(x)` -> predict, `K.function(...)` -> function)."""
    for call in m.findall(node, m.Call()):
        func = call.func
        if isinstance(func, cst.Attribute):
            yield func.attr.value
        elif isinstance(func, cst.Name):
            yield func.value


Path = tuple[tuple[str, int, int], ...]  # the if branches ("if", id, 0 body / 1 else) and loops ("loop", id, 0) around


def _statements(node: cst.CSTNode, path: Path = ()) -> Iterator[tuple[cst.BaseStatement, Path]]:
    """The statements of a block in source order, with the if branches and loops they are in, into
    if/for/while/with/try bodies but not into the bodies of functions and classes defined there (which run
    only when called)."""
    for child in node.children:
        inner = path
        if isinstance(child, cst.BaseStatement):
            yield child, path
            if isinstance(child, (cst.FunctionDef, cst.ClassDef)):
                continue
            if isinstance(child, (cst.For, cst.While)):
                inner = (*path, ("loop", id(child), 0))
        if isinstance(node, cst.If) and child is node.body:
            inner = (*path, ("if", id(node), 0))
        elif isinstance(node, cst.If) and child is node.orelse:
            inner = (*path, ("if", id(node), 1))
        if not isinstance(child, (cst.SimpleStatementLine, cst.BaseExpression)):
            yield from _statements(child, inner)


def _may_follow(first: Path, later: Path, before: bool) -> bool:
    """Whether a statement at `later` can run after one at `first`: not in another branch of an `if` both are
    in; one written `before` the first only in a loop around both (the next turn)."""
    branches = {(kind, node): branch for kind, node, branch in first if kind == "if"}
    if any(kind == "if" and branches.get((kind, node), branch) != branch for kind, node, branch in later):
        return False
    return not before or any(kind == "loop" and step in first for step in later for kind, _, _ in [step])


def phase_statement(statement: cst.BaseStatement) -> cst.Call | None:
    """The call of `set_learning_phase(...)` standing alone on the line, by spelling (rules check the name)."""
    if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 and \
            isinstance(statement.body[0], cst.Expr) and isinstance(statement.body[0].value, cst.Call):
        call = statement.body[0].value
        func = call.func
        name = func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", None)
        if name == "set_learning_phase":
            return call
    return None


def calls_after(module: cst.Module) -> dict[int, set[str]]:
    """For each set_learning_phase statement of the module (by id), the callees' names in what runs after it in
    its function or module up to the next such statement, and in the file's functions those call (by name)."""
    functions: dict[str, list[cst.FunctionDef]] = {}
    for function in m.findall(module, m.FunctionDef()):
        functions.setdefault(function.name.value, []).append(function)
    found: dict[int, set[str]] = {}
    for scope in [module, *m.findall(module, m.FunctionDef())]:
        statements = list(_statements(scope if isinstance(scope, cst.Module) else scope.body))
        for index, (statement, path) in enumerate(statements):
            if phase_statement(statement) is None:
                continue
            names: set[str] = set()
            for position, (later, where) in enumerate(statements):
                if position == index or not _may_follow(path, where, position < index):
                    continue
                if phase_statement(later) is not None:
                    if position > index and where == path:
                        break  # a phase set again after it in the same block: what follows is that one's
                    continue
                if not isinstance(later, (cst.FunctionDef, cst.ClassDef)):
                    names |= set(_called(later if not isinstance(later, cst.BaseCompoundStatement) else
                                         _header(later)))
            found[id(statement)] = _through_functions(names, functions)
    return found


def _header(statement: cst.BaseCompoundStatement) -> cst.CSTNode:
    """What a compound statement runs itself (`if x.predict(...)`, `for b in gen()`), its body being listed apart."""
    return statement.with_changes(body=cst.IndentedBlock(body=[]), **(
        {"orelse": None} if hasattr(statement, "orelse") else {}))


def _through_functions(names: set[str], functions: dict[str, list[cst.FunctionDef]]) -> set[str]:
    """`names` and the callees of the file's functions among them, and of theirs (`self.validate()` when the
    file defines validate)."""
    seen: set[str] = set()
    pending = [name for name in names if name in functions]
    found = set(names)
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        for function in functions[name]:
            inner = set(_called(function.body))
            found |= inner
            pending += [other for other in inner if other in functions and other not in seen]
    return found


def trains_after(calls: set[str]) -> bool:
    return bool(calls & TRAINING)


class TrainingLearningPhase(DropsStatements):
    NAME = "training_learning_phase"
    ORDER = 39  # before backend_functions_to_ops, which reports the set_learning_phase(1) calls this leaves
    TRIGGERS = ("set_learning_phase",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "K.set_learning_phase(1) before code that only builds and trains -> removed (fit trains)"

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A statement that is a call of `set_learning_phase` with 1 (or True) alone, the only one the walk may drop
        (`phase_statement`, read from Python's own tree): most files with the word set the phase to 0, which
        backend_functions_to_ops handles."""
        if outline.tree is None:
            return True
        for node in ast.walk(outline.tree):
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
                call, func = node.value, node.value.func
                name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
                if name == "set_learning_phase" and len(call.args) == 1 and not call.keywords and \
                        isinstance(call.args[0], ast.Constant) and call.args[0].value in (1, True):
                    return True
        return False

    def visit_Module(self, node: cst.Module) -> None:
        self.after = calls_after(node)

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        call = phase_statement(node)
        if call is None or id(node) not in self.after or len(call.args) != 1 or call.args[0].keyword is not None \
                or call.args[0].star or self._code(call.args[0].value) not in TRAINING_PHASES:
            return
        if not any(name.startswith(BACKENDS) and name.endswith(".set_learning_phase")
                   for name in self.qualified_names(call.func)):
            return
        calls = self.after[id(node)]
        if calls & INFERENCE:
            return  # reported by backend_functions_to_ops
        self.dropped.add(id(node))
        if calls & BUILDING and not trains_after(calls):
            self.report(node, "K.set_learning_phase(1) removed: a model built or loaded after it was in training mode "
                              "in Keras 2, in predict() too; Keras 3's fit() trains in training mode and predict() "
                              "infers: where predictions in training mode were meant, call model(x, training=True)",
                        advice=True)

    @staticmethod
    def _code(node: cst.BaseExpression) -> str:
        return cst.Module(body=[]).code_for_node(node)
