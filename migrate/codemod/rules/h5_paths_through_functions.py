"""A `.h5` path that reaches save_weights / load_weights / ModelCheckpoint through a function of the file.

`def save(self, path): self.model.save_weights(path)` called as `trainer.save('trainer_weights.h5')` fails in
Keras 3 (save_weights wants `.weights.h5`), and `h5_saves_to_keras3` sees only the parameter. Where the flow is
local (the function or method is defined in this file, its parameter is passed straight to the saving call and
never reassigned, and the call names the function or a method of a class of this file on `self`, an instance made
here, or a `Class(...)` expression) the literal at the call site, or the parameter's default, takes the suffix
Keras 3 wants. A call of a method of that name on a receiver this file does not tell is reported.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m

from migrate.codemod.outline import Outline
from migrate.codemod.rule import Rule
from migrate.codemod.rules.h5_saves_to_keras3 import (
    WEIGHTS,
    _legacy,
    _name,
    _weights_only,
    _Writes,
    ending,
    with_suffix,
)
from migrate.codemod.syntax import code

KERAS_METHODS = ("save", "save_weights", "load_weights")
LOAD = "load"  # a load_weights parameter: the suffix of the file this script writes under that name, if any


@dataclass(frozen=True)
class Passing:
    """A parameter a function passes straight to a saving call: its name, its position, the suffix it needs."""

    name: str
    position: int  # among the call's positional arguments (a method's `self` not counted)
    suffix: str


class H5PathsThroughFunctions(Rule):
    NAME = "h5_paths_through_functions"
    ORDER = 26  # after h5_saves_to_keras3, which leaves a project's own save() methods alone
    TRIGGERS = (".h5", ".hdf5")
    REQUIRES = ("save_weights", "load_weights", "ModelCheckpoint")
    DESCRIPTION = "'w.h5' passed to a function of the file that hands it to save_weights -> 'w.weights.h5'"

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A top-level function, or a method of a top-level class, handing one of its parameters (not the method's
        first) to save_weights, load_weights or ModelCheckpoint as its path (`_passings`, read from Python's own
        tree): `visit_Module` stops at once where there is none."""
        if outline.tree is None:
            return True
        for statement in outline.tree.body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and _hands_on(statement, 0):
                return True
            if isinstance(statement, ast.ClassDef) and any(
                    isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)) and _hands_on(method, 1)
                    for method in statement.body):
                return True
        return False

    def visit_Module(self, node: cst.Module) -> bool:
        self.functions: dict[str, list[Passing]] = {}  # top-level functions of the file
        self.methods: dict[str, dict[str, list[Passing]]] = {}  # method -> {class: passings}
        self.defaults: dict[int, str] = {}  # id(Param) -> the suffix its default path needs
        for statement in node.body:
            if isinstance(statement, cst.FunctionDef):
                self._passings(statement, 0, self.functions, statement.name.value)
            elif isinstance(statement, cst.ClassDef) and isinstance(statement.body, cst.IndentedBlock):
                for method in statement.body.body:
                    if isinstance(method, cst.FunctionDef):
                        found: dict[str, list[Passing]] = {}
                        self._passings(method, 1, found, method.name.value)
                        if found:
                            self.methods.setdefault(method.name.value, {})[statement.name.value] = found[method.name.value]
        if not self.functions and not self.methods:
            return False  # no function of the file hands a parameter to a saving call (nor has a default to rewrite:
            # `defaults` are those of such parameters): no call or parameter of it is rewritten or reported
        self.written: dict[str, str] = {}  # file names this script writes -> the suffix Keras 3 gives them
        node.visit(_Writes(self.written, set()))
        self.instances = {target.target.value: assign.value.func.value for assign in m.findall(node, m.Assign())
                          if m.matches(assign.value, m.Call(func=m.Name())) for target in assign.targets
                          if isinstance(target.target, cst.Name)}
        for call in m.findall(node, m.Call()) if self.functions or self.methods else ():  # written through functions
            for passing in self._reached(call) or ():
                argument = _argument(call, passing)
                path = ending(argument) if argument is not None else None
                if _legacy(path) and passing.suffix != LOAD:
                    self.written[_name(path)] = passing.suffix
        return True

    def _passings(self, function: cst.FunctionDef, bound: int, into: dict[str, list[Passing]], name: str) -> None:
        """The parameters `function` hands straight to a saving call (never reassigned in it)."""
        params = list(function.params.params)
        names = [param.name.value for param in params]
        reassigned = {code(target.target) for assign in m.findall(function.body, m.Assign()) for target in assign.targets}
        found = []
        for call in m.findall(function.body, m.Call()):
            suffix = _suffix_needed(call)
            path = _path_argument(call)
            if suffix is None or not isinstance(path, cst.Name) or path.value not in names or path.value in reassigned:
                continue
            index = names.index(path.value)
            if index < bound:
                continue
            found.append(Passing(path.value, index - bound, suffix))
            default = params[index].default
            if default is not None and _legacy(ending(default)):
                self.defaults[id(params[index])] = suffix
        if found:
            into[name] = found

    def leave_Param(self, original: cst.Param, updated: cst.Param) -> cst.Param:
        suffix = self.defaults.get(id(original))
        if suffix == LOAD:
            suffix = self.written.get(_name(ending(original.default)))
        if suffix is None or updated.default is None:
            return updated
        self.converted()
        return updated.with_changes(default=with_suffix(updated.default, suffix))

    def _reached(self, call: cst.Call) -> list[Passing] | None:
        """What a call hands on, when it calls a function of this file or a method of a class of it on `self`,
        an instance made here or a `Class(...)`; None when it does not (or the receiver does not tell)."""
        func = call.func
        if isinstance(func, cst.Name):
            return self.functions.get(func.value)
        if not isinstance(func, cst.Attribute) or func.attr.value not in self.methods:
            return None
        owners = self.methods[func.attr.value]
        owner = _receiver_class(func.value, self.instances)
        if owner in owners:
            return owners[owner]
        return next(iter(owners.values())) if code(func.value) == "self" and len(owners) == 1 else None

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        reached = self._reached(original)
        if reached is not None:
            return self._rewritten(updated, reached)
        func = original.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in self.methods or \
                func.attr.value in KERAS_METHODS:  # `x.save('m.h5')`: h5_saves_to_keras3 takes it for Keras'
            return updated
        for passing in next(iter(self.methods[func.attr.value].values())):
            argument = _argument(original, passing)
            if argument is not None and _legacy(ending(argument)):
                self.report(original, f"{code(argument)} reaches save_weights/load_weights through "
                                      f"{func.attr.value}() of a receiver migrate cannot tell: Keras 3 wants "
                                      f"{WEIGHTS} for weights (.keras for a whole model)")
        return updated

    def _rewritten(self, call: cst.Call, passings: list[Passing]) -> cst.Call:
        args = list(call.args)
        for passing in passings:
            argument = _argument(call, passing)
            path = ending(argument) if argument is not None else None
            if not _legacy(path):
                continue
            suffix = self.written.get(_name(path)) if passing.suffix == LOAD else passing.suffix
            if suffix is None:
                continue  # a legacy file this script does not write: Keras 3 still loads it
            index = next(i for i, arg in enumerate(call.args) if arg.value is argument)
            args[index] = args[index].with_changes(value=with_suffix(argument, suffix))
            self.converted()
        return call.with_changes(args=args)


def _hands_on(function: ast.FunctionDef | ast.AsyncFunctionDef, bound: int) -> bool:
    """`_passings` of Python's own tree, without the reassignment test: whether a saving call in the function
    (nested ones too, as LibCST's findall walks them) is given one of its parameters as its path."""
    names = [argument.arg for argument in function.args.args][bound:]
    for node in ast.walk(function):
        if not isinstance(node, ast.Call) or not names:
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
        if name not in ("save_weights", "load_weights", "ModelCheckpoint"):
            continue
        path = next((keyword.value for keyword in node.keywords if keyword.arg == "filepath"), None)
        if path is None:
            positional = [argument for argument in node.args if not isinstance(argument, ast.Starred)]
            path = positional[0] if positional else None
        if isinstance(path, ast.Name) and path.id in names:
            return True
    return False


def _suffix_needed(call: cst.Call) -> str | None:
    """The suffix a saving call needs of its path: save_weights and a weights-only ModelCheckpoint write
    .weights.h5, a whole-model ModelCheckpoint .keras; load_weights reads what was written."""
    func = call.func
    name = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else None
    if name == "save_weights":
        return WEIGHTS
    if name == "load_weights":
        return LOAD
    if name == "ModelCheckpoint":
        return WEIGHTS if _weights_only(call) else ".keras"
    return None


def _path_argument(call: cst.Call) -> cst.BaseExpression | None:
    """The path a saving call is given: `filepath=`, or its first positional argument."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == "filepath":
            return arg.value
    positional = [arg for arg in call.args if arg.keyword is None and not arg.star]
    return positional[0].value if positional else None


def _argument(call: cst.Call, passing: Passing) -> cst.BaseExpression | None:
    """The argument a call gives the parameter: by its name, or at its position."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == passing.name:
            return arg.value
    if any(arg.star for arg in call.args):
        return None
    positional = [arg for arg in call.args if arg.keyword is None]
    return positional[passing.position].value if len(positional) > passing.position else None


def _receiver_class(receiver: cst.BaseExpression, instances: dict[str, str]) -> str | None:
    """The class of this file a method is called on: `Trainer(...).save(...)`, `t.save(...)` with `t = Trainer(...)`."""
    if isinstance(receiver, cst.Call) and isinstance(receiver.func, cst.Name):
        return receiver.func.value
    if isinstance(receiver, cst.Name):
        return instances.get(receiver.value)
    return None
