"""Saving in Keras 3: `.h5` paths of weights and models become the formats Keras 3 writes and reloads.

`save_weights('w.h5')` and a weights-only `ModelCheckpoint('w.h5')` fail in Keras 3 (it wants `.weights.h5`);
a whole-model `save('m.h5')` writes legacy HDF5 that Keras 3 may not reload (a model compiled with
`loss='mse'`: "Could not deserialize 'keras.metrics.mse'"), so it becomes `.keras`. The path may be a
literal, an f-string, `os.path.join(..., 'm.h5')`, a `+` concatenation, or a template filled by `%` or
`.format()` (`'fold%d.h5' % k`): its literal ending is rewritten.
`load_weights`/`load_model` of a path are rewritten only where this file writes the same file name (a
`.h5` the script did not write is a legacy file, which Keras 3 still reads). Every other use of the very path a
save renames, in the same function (`os.remove(name + '_w.h5')` after `save_weights(name + '_w.h5')`), is the
same file and is renamed with it; a path that names that file but is built otherwise is reported.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

import libcst as cst
from libcst.metadata import QualifiedNameProvider, QualifiedNameSource

from migrate.codemod.names import LOAD_MODEL, MODEL_CHECKPOINT
from migrate.codemod.outline import Outline
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code, user_method_calls

H5 = (".h5", ".hdf5")
SAVING_METHODS = ("save", "save_weights", "load_weights")
# Conventional names of libraries with a save(path, ...) of their own, for snippets that do not import them.
LIBRARY_ALIASES = frozenset({"np", "numpy", "pd", "h5py", "joblib", "pickle", "torch", "scipy", "sio"})
WEIGHTS = ".weights.h5"


def ending(node: cst.BaseExpression) -> str | None:
    """The literal text a path expression ends with, where it has one."""
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value if isinstance(node.evaluated_value, str) else None
    if isinstance(node, cst.FormattedString) and node.parts and isinstance(node.parts[-1], cst.FormattedStringText):
        return node.parts[-1].value
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
        return ending(node.right)
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Modulo):
        return ending(node.left)
    if _is_format(node):
        return ending(node.func.value)
    if isinstance(node, cst.Call) and _is_join(node) and node.args:
        return ending(node.args[-1].value)
    return None


def endings(node: ast.expr) -> Iterator[str]:
    """`ending`, read from Python's own tree: every literal text the path may end with (a join's arguments all
    counted, a string literal however it is spelt), so that where none ends in .h5, `ending` finds none either."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[-1], ast.Constant):
        yield str(node.values[-1].value)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        yield from endings(node.right if isinstance(node.op, ast.Add) else node.left)
    elif isinstance(node, ast.Starred):
        yield from endings(node.value)
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        yield from endings(node.func.value)
    elif isinstance(node, ast.Call) and (isinstance(node.func, ast.Attribute) and node.func.attr == "join" or
                                         isinstance(node.func, ast.Name) and node.func.id == "join"):
        for argument in [*node.args, *(keyword.value for keyword in node.keywords)]:
            yield from endings(argument)


def gives_h5(tree: ast.Module, callees: set[str]) -> bool:
    """Whether a call of the file whose callee's last name is one of `callees` is given a path (by position or by
    keyword) that ends in .h5 or .hdf5."""
    return any(_legacy(text) for node in ast.walk(tree) if isinstance(node, ast.Call) and _last_name(node.func) in callees
               for argument in [*node.args, *(keyword.value for keyword in node.keywords)] for text in endings(argument))


def _last_name(func: ast.expr) -> str | None:
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None


def _is_format(node: cst.BaseExpression) -> bool:
    """`'model_{}.h5'.format(i)`: a string template's format call."""
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "format" \
        and isinstance(node.func.value, (cst.SimpleString, cst.ConcatenatedString))


def _is_join(call: cst.Call) -> bool:
    func = call.func
    return isinstance(func, cst.Attribute) and func.attr.value == "join" or \
        isinstance(func, cst.Name) and func.value == "join"


def with_suffix(node: cst.BaseExpression, suffix: str) -> cst.BaseExpression:
    """The path expression with its literal `.h5`/`.hdf5` ending replaced by `suffix`."""
    if isinstance(node, cst.SimpleString):
        quote_at = len(node.value) - len(node.quote)
        return node.with_changes(value=_resuffix(node.value[:quote_at], suffix) + node.value[quote_at:])
    if isinstance(node, cst.FormattedString):
        last = node.parts[-1]
        return node.with_changes(parts=[*node.parts[:-1], last.with_changes(value=_resuffix(last.value, suffix))])
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Modulo):
        return node.with_changes(left=with_suffix(node.left, suffix))
    if isinstance(node, cst.BinaryOperation):
        return node.with_changes(right=with_suffix(node.right, suffix))
    if _is_format(node):
        return node.with_changes(func=node.func.with_changes(value=with_suffix(node.func.value, suffix)))
    if isinstance(node, cst.Call):
        last = node.args[-1]
        return node.with_changes(args=[*node.args[:-1], last.with_changes(value=with_suffix(last.value, suffix))])
    return node


def _resuffix(text: str, suffix: str) -> str:
    for old in (WEIGHTS, *H5):
        if text.endswith(old):
            return text[: -len(old)] + suffix
    return text


def _legacy(path: str | None) -> bool:
    return bool(path) and path.endswith(H5) and not path.endswith(WEIGHTS)


def _name(path: str) -> str:
    """A written file's name, its suffix dropped: what a later load of the same file ends with too."""
    return path.rsplit("/", 1)[-1].rsplit(".", 1)[0]


class H5SavesToKeras3(Rule):
    NAME = "h5_saves_to_keras3"
    ORDER = 25
    TRIGGERS = (".h5", ".hdf5")
    # Every site is a save/save_weights/load_weights call, load_model or ModelCheckpoint, whose name (also
    # imported under another) the text holds.
    REQUIRES = ("save", "load_weights", "load_model", "ModelCheckpoint")
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("weights .h5 paths -> .weights.h5, whole-model .h5 saves -> .keras (and loads of the files "
                   "the script wrote)")


    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A save, save_weights, load_weights or load_model call (by its last name, an import's alias or a re-export of
        the run) given a path ending in .h5, where each rewrite starts; or a file that may name ModelCheckpoint
        (`may_name`: its computed or wrong paths are reported too). `.h5` is often in a comment, a message,
        `get_file('w.h5', url)`, or a variable that reaches load_weights, which loads legacy files as they are."""
        if b"ModelCheckpoint" in source or outline.tree is None:
            return True
        callees = {*SAVING_METHODS, *outline.names_for(("load_model", "ModelCheckpoint"), survey)}
        return any(call.callee.rpartition(".")[2] in callees for call in outline.calls if call.callee) and \
            gives_h5(outline.tree, callees)

    def visit_Module(self, node: cst.Module) -> None:
        """Which file names this script writes, as weights and as models, before any is rewritten."""
        self.written: dict[str, str] = {}
        # Whether any call here may be a ModelCheckpoint: most calls with a path that is not a literal `.h5` (any
        # call with an argument) are asked that, and a scope analysis is made for the first question.
        self.checkpoints = self.may_name(node, "ModelCheckpoint")
        self.own = user_method_calls(node, set(SAVING_METHODS))  # a class's own save() is not Keras'
        writes = _Writes(self.written, self.own)
        node.visit(writes)
        # A checkpoint path held in a variable set once in the file (`weights_file = 'w.h5'`): the value is
        # rewritten where it is set, so every use of the variable (a load_weights of it) follows.
        self.assigned = writes.assigned
        self.path_values = {id(writes.assigned[name]): suffix for name, suffix in writes.checkpoint_names.items()
                            if name in writes.assigned and _legacy(ending(writes.assigned[name]))}
        self.same_paths = self._same_paths(node)

    def _same_paths(self, module: cst.Module) -> dict[int, str]:
        """{id(other use of a renamed path): its new suffix}. A save renames the file it writes, so every other
        use of the identical path in its function (`os.remove`, `open`, a name set from it) must follow, or the
        script looks for a file that is no longer written (FileNotFoundError). A use that names the same file
        but is spelt otherwise (`f"{name}_w.h5"`, `os.path.join(out, name + '_w.h5')`) cannot be matched safely:
        it is reported."""
        uses = _PathUses()
        module.visit(uses)
        same: dict[int, str] = {}
        for scope in uses.saves:
            saves = [call for call in uses.saves[scope] if id(call) not in self.own and not self._library_function(call)]
            renamed = {_key(call.args[0].value): WEIGHTS if _callee(call.func) == "save_weights" else ".keras"
                       for call in saves}
            files = {str(ending(call.args[0].value)).rsplit("/", 1)[-1] for call in saves}
            for value in uses.values.get(scope, ()) if renamed else ():
                if _key(value) in renamed:
                    same[id(value)] = renamed[_key(value)]
                elif _names_file(value, renamed, files):
                    self._report_other_spelling(value, renamed)
        return same

    def _report_other_spelling(self, value: cst.BaseExpression, renamed: dict[str, str]) -> None:
        shown = " ".join(code(value).split())
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        self.report(value, f"{shown} names a file this function saves as .h5, which is now written as "
                           f"{' or '.join(sorted(set(renamed.values())))}: rename this path the same way")

    def _renamed_use(self, original: cst.BaseExpression, updated: cst.BaseExpression) -> cst.BaseExpression:
        suffix = self.same_paths.get(id(original))
        if suffix is None:
            return updated
        self.converted()
        return with_suffix(updated, suffix)

    def leave_SimpleString(self, original: cst.SimpleString, updated: cst.SimpleString) -> cst.BaseExpression:
        return self._renamed_use(original, updated)

    def leave_FormattedString(self, original: cst.FormattedString, updated: cst.FormattedString) -> cst.BaseExpression:
        return self._renamed_use(original, updated)

    def leave_BinaryOperation(self, original: cst.BinaryOperation, updated: cst.BinaryOperation) -> cst.BaseExpression:
        return self._renamed_use(original, updated)

    def leave_Assign(self, original: cst.Assign, updated: cst.Assign) -> cst.Assign:
        suffix = self.path_values.get(id(original.value))
        if suffix is None:
            return updated
        self.converted()
        return updated.with_changes(value=with_suffix(updated.value, suffix))

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if id(original) in self.same_paths:  # os.path.join(OUT, 'm.h5'), used again after a save of it
            return self._renamed_use(original, updated)
        func = updated.func
        method = func.attr.value if isinstance(func, cst.Attribute) else None
        at = _path_at(updated)
        path = ending(updated.args[at].value) if at is not None else None
        if path is None and at is not None and self._checkpoint(original) and \
                not self._rewritten_where_set(original.args[at].value):
            shown = " ".join(code(original.args[at].value).split())
            shown = shown if len(shown) <= 60 else shown[:57] + "..."
            self.report(original, f"the checkpoint's path ({shown}) is computed: Keras 3 "
                                  "wants it to end in .keras, or in .weights.h5 with save_weights_only=True", advice=True)
        if path is not None and not _legacy(path) and self._checkpoint(original):
            self._check_checkpoint(original, path)
        if not _legacy(path) or self._library_function(original) or id(original) in self.own:
            return updated
        if method in ("save_weights", "save"):
            return self._resuffixed(updated, WEIGHTS if method == "save_weights" else ".keras")
        if method == "load_weights" and self.written.get(_name(path)) in (WEIGHTS, ".keras"):
            # Keras 3's load_weights reads a .keras file too: the whole model ModelCheckpoint wrote
            return self._resuffixed(updated, self.written[_name(path)])
        if self.qualified_names(original.func) & LOAD_MODEL and self.written.get(_name(path)) == ".keras":
            return self._resuffixed(updated, ".keras")
        if self._checkpoint(original):
            return self._resuffixed(updated, WEIGHTS if _weights_only(updated) else ".keras")
        return updated

    def _checkpoint(self, call: cst.Call) -> bool:
        """Whether the call is Keras' ModelCheckpoint (`may_name` first: no scope analysis where none can be)."""
        return self.checkpoints and bool(self.qualified_names(call.func) & MODEL_CHECKPOINT)

    def _check_checkpoint(self, call: cst.Call, path: str) -> None:
        """Keras 3's ModelCheckpoint refuses, when it is built, a path without the suffix of what it writes."""
        needed = WEIGHTS if _weights_only(call) else ".keras"
        if not path.endswith(needed):
            self.report(call, f"Keras 3's ModelCheckpoint stops on a path ending in {path!r}: it must end in "
                              f"{needed}" + (" (save_weights_only=True)" if needed == WEIGHTS else
                                             " (or pass save_weights_only=True and end it in .weights.h5)"))

    def _rewritten_where_set(self, path: cst.BaseExpression) -> bool:
        return isinstance(path, cst.Name) and any(
            self.path_values.get(id(value)) for name, value in self.assigned.items() if name == path.value)

    def _library_function(self, call: cst.Call) -> bool:
        """`np.save('x.h5', a)`, `h5py.File(...)`: a module's function, not a Keras model's method."""
        names = self.get_metadata(QualifiedNameProvider, call.func, set())
        if any(name.source == QualifiedNameSource.IMPORT and not name.name.startswith(("keras", "tensorflow"))
               for name in names):
            return True
        receiver = call.func.value if isinstance(call.func, cst.Attribute) else None
        return isinstance(receiver, cst.Name) and receiver.value in LIBRARY_ALIASES

    def _resuffixed(self, call: cst.Call, suffix: str) -> cst.Call:
        self.converted()
        at = _path_at(call)
        path = call.args[at]
        return call.with_changes(args=[*call.args[:at], path.with_changes(value=with_suffix(path.value, suffix)),
                                       *call.args[at + 1:]])


def _path_at(call: cst.Call) -> int | None:
    """Where a save, load or ModelCheckpoint call has its path: the first argument given by position, else the one
    named `filepath` (`ModelCheckpoint(monitor='val_loss', filepath=...)`: the first argument is not the path)."""
    if call.args and call.args[0].keyword is None and not call.args[0].star:
        return 0
    return next((index for index, arg in enumerate(call.args)
                 if arg.keyword is not None and arg.keyword.value == "filepath"), None)


def _callee(func: cst.BaseExpression) -> str | None:
    return func.value if isinstance(func, cst.Name) else func.attr.value if isinstance(func, cst.Attribute) else None


def _weights_only(call: cst.Call) -> bool:
    return any(a.keyword is not None and a.keyword.value == "save_weights_only" and isinstance(a.value, cst.Name)
               and a.value.value == "True" for a in call.args)


def _key(node: cst.BaseExpression) -> str:
    """A path expression's code, whitespace normalised: two uses with the same key denote the same file."""
    return " ".join(code(node).split())


def _names_file(value: cst.BaseExpression, renamed: dict[str, str], files: set[str]) -> bool:
    """Whether `value`, not spelt as one of the renamed paths, ends in, or starts with, the file name one of them
    ends with (`f"{name}_w.h5"` for `name + '_w.h5'`, or `'w.h5.bak'`)."""
    text = ending(value)
    if text is None or _key(value) in renamed:
        return False
    return any(text.endswith(file) or text.rsplit("/", 1)[-1].startswith(file) for file in files)


class _PathUses(cst.CSTVisitor):
    """Per function (or the module's top level, keyed None): the Keras saves of a .h5 path, and every value
    that may be a path: a call's argument or an assigned value. The arguments of the saving calls are left to the
    rule, which decides them, and those of a join are parts of a path, not a path (the join is one)."""

    OWN_DECISION = frozenset({*SAVING_METHODS, "load_model", "ModelCheckpoint"})

    def __init__(self) -> None:
        self.scopes: list[int | None] = [None]
        self.saves: dict[int | None, list[cst.Call]] = {}
        self.values: dict[int | None, list[cst.BaseExpression]] = {}

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.scopes.append(id(node))

    def leave_FunctionDef(self, original: cst.FunctionDef) -> None:
        self.scopes.pop()

    def visit_Assign(self, node: cst.Assign) -> None:
        self.values.setdefault(self.scopes[-1], []).append(node.value)

    def visit_Call(self, node: cst.Call) -> None:
        callee = _callee(node.func)
        if callee in ("save", "save_weights") and isinstance(node.func, cst.Attribute) and node.args and \
                node.args[0].keyword is None and _legacy(ending(node.args[0].value)):
            self.saves.setdefault(self.scopes[-1], []).append(node)
        if callee not in self.OWN_DECISION and not _is_join(node):
            self.values.setdefault(self.scopes[-1], []).extend(arg.value for arg in node.args)


class _Writes(cst.CSTVisitor):
    """File names a script writes: {name without suffix: the suffix Keras 3 will give it}."""

    def __init__(self, written: dict[str, str], own: set[int]) -> None:
        self.written, self.own = written, own
        self.assigned: dict[str, cst.BaseExpression] = {}  # names set once in the file -> the value
        self.twice: set[str] = set()
        self.checkpoint_names: dict[str, str] = {}  # names a ModelCheckpoint writes -> the suffix it needs

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            if isinstance(target.target, cst.Name):
                name = target.target.value
                if name in self.assigned or name in self.twice:
                    self.twice.add(name)
                    self.assigned.pop(name, None)
                else:
                    self.assigned[name] = node.value

    def leave_Module(self, original: cst.Module) -> None:
        for name in self.twice:
            self.checkpoint_names.pop(name, None)

    def visit_Call(self, node: cst.Call) -> None:
        if id(node) in self.own:
            return
        func = node.func
        method = func.attr.value if isinstance(func, cst.Attribute) else None
        at = _path_at(node)
        path = ending(node.args[at].value) if at is not None else None
        if path is None and at is not None and isinstance(node.args[at].value, cst.Name) and \
                _callee(func) == "ModelCheckpoint":
            self.checkpoint_names[node.args[at].value.value] = WEIGHTS if _weights_only(node) else ".keras"
        if not _legacy(path):
            return
        if method in ("save_weights", "save"):
            self.written[_name(path)] = WEIGHTS if method == "save_weights" else ".keras"
        elif isinstance(func, (cst.Name, cst.Attribute)) and (func.value if isinstance(func, cst.Name) else
                                                               func.attr.value) == "ModelCheckpoint":
            self.written[_name(path)] = WEIGHTS if _weights_only(node) else ".keras"
