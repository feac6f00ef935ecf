"""Custom classes from the training code: each class a file names, found in the code, sliced with what it
depends on, ported to Keras 3 by the codemod's rules, and registered, as the module `<stem>_custom.py`.

A model that used a class of its own keeps only the class name and its config in the file; the class is in
the repository. Its slice is the class definition and, backwards from the names it reads, the statements
that bind them (the same reaching-definitions walk as a builder's slice, `slicing.backward_slice`):
imports, module constants, helper functions, base classes of the project. A class defined inside a
function (a script's `main()`) takes the statements of that function before it too. What the repository's
module-level code does besides (training, saving, writing files) is never part of the slice. An import of
the project's own module (`from layers import L1Dist`) is followed into that file, never imported: a
project module would run its module-level code on import.

The slice goes through the codemod's rules (`migrate code`'s), each custom class is decorated with
`keras.saving.register_keras_serializable(package=...)`, and the text is run alone in the child process
the architecture slices use (`run.py`: `-I`, a timeout, an empty folder) before convert imports it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import libcst as cst
import libcst.matchers as m

from migrate.codemod.engine import rewrite_source
from migrate.codemod.registry import all_rules
from migrate.codemod.syntax import code
from migrate.errors import RecoveryError
from migrate.recover.run import run_slice
from migrate.recover.script import MARK
from migrate.recover.slicing import (
    BUILTIN_NAMES,
    backward_slice,
    read_names,
    safe_roots,
    written_names,
)
from migrate.recover.sources import CodeUnit, code_units

MAX_DEPTH = 4  # project imports followed from one file to the next, at most
# Names a class body may leave unbound: Python's own, and what a method binds for itself at run time.
IMPLICIT = BUILTIN_NAMES | {"self", "cls", "__class__"}
# The codemod rules that rewrite a class's code for Keras 3 (a model-building script's rules, less those
# about training loops and sessions, which a layer's code never holds).
PORTING = ("legacy_import_paths", "keras1_arguments", "tf1_names_to_tf2", "backend_functions_to_ops",
           "keras_shape_attributes", "layer_weight_lists", "optimizer_lr_to_learning_rate")

CHECK = """
import json as _migrate_json, sys as _migrate_sys
_migrate_found = {{}}
for _migrate_name in {names!r}:
    _migrate_class = globals().get(_migrate_name)
    _migrate_found[_migrate_name] = getattr(_migrate_class, "__module__", None) is not None
_migrate_sys.stdout.write({mark!r} + _migrate_json.dumps({{"config": _migrate_found, "layers": []}}) + "\\n")
"""


@dataclass(frozen=True)
class Definition:
    """Where a class is defined: its unit, and the chain of bodies down to it with its index in each
    (the module's first; a class inside a function: the function's body last)."""

    unit: CodeUnit
    scopes: tuple[tuple[tuple[cst.BaseStatement, ...], int], ...]
    node: cst.ClassDef | cst.FunctionDef

    @property
    def line(self) -> int:
        """The first line of the definition in its file."""
        wrapper = cst.metadata.MetadataWrapper(self.unit.module, unsafe_skip_copy=True)
        positions = wrapper.resolve(cst.metadata.PositionProvider)
        return positions[self.node].start.line + self.unit.first_line - 1 if self.node in positions else 0


@dataclass(frozen=True)
class PortedClasses:
    """The module text for the classes found, where each came from, and the names found nowhere."""

    text: str
    found: tuple[tuple[str, Path, int], ...]
    missing: tuple[str, ...]
    functions: tuple[str, ...] = ()  # of those found, the functions (and classes) named as a loss, activation...

    @property
    def kinds(self) -> str:
        """What was found, for convert's output: classes, functions, or both."""
        classes = len(self.found) > len(self.functions)
        return "classes and functions" if classes and self.functions else "classes" if classes else "functions"

    def describe(self) -> str:
        """One line for convert's output: which class came from which file and line."""
        return ", ".join(f"{name} ({path}:{line})" for name, path, line in self.found)


def port_classes(names: list[str], root: Path, package: str, functions: tuple[str, ...] = ()) -> PortedClasses:
    """The Keras 3 module for the named classes defined under `root`, and for those of `functions` (names a
    file gives as a loss, metric, activation, initializer...) the code defines at a module's top level;
    RecoveryError when the code holds none of the classes, or the slice does not run."""
    units = code_units(root)
    statements: list[cst.BaseStatement] = []
    found, missing = [], []
    for name in names:
        definition = find_definition(units, name)
        if definition is None:
            missing.append(name)
            continue
        _extend(statements, class_slice(definition, units, set()))
        found.append((name, definition.unit.path, definition.line))
    if names and not found:
        raise RecoveryError(f"no class {', '.join(repr(n) for n in names)} is defined in the code under {root}")
    named: list[str] = []
    for name in functions:  # a name the code does not define is Keras's or left out later, with a warning
        definition, made = find_function(units, name), None
        if definition is None:
            definition, made = find_closure(units, name) or (None, None)
        if definition is not None and name not in names:
            _extend(statements, class_slice(definition, units, set()))
            if made is not None:
                statements.append(cst.parse_statement(
                    f"{name} = keras.saving.register_keras_serializable(package={package!r})({made})\n"))
            found.append((name, definition.unit.path, definition.line))
            named.append(name)
    if not found:
        raise RecoveryError(f"no class or function {', '.join(repr(n) for n in (*names, *functions))} is defined "
                            f"in the code under {root}")
    text = registered(port(cst.Module(body=_imports_first(statements)).code), [n for n, _, _ in found], package)
    check(text, [n for n, _, _ in found])
    return PortedClasses(text, tuple(found), tuple(missing), tuple(named))


def shadowed(names: set[str], root: Path) -> set[str]:
    """Of the Keras class names a file uses, those the code means as its own class: it defines a class of
    that name and hands it to Keras as a custom object (`custom_objects={'Attention': Attention}`), so the
    file's `Attention` is not Keras's. Keras 3's legacy HDF5 keeps no module to tell them apart."""
    units = code_units(root) if names else []
    texts = [unit.module.code for unit in units]
    return {name for name in names if find_definition(units, name) is not None and any(
        re.search(rf"['\"]{re.escape(name)}['\"]\s*:\s*[\w.]*\b{re.escape(name)}\b", text) for text in texts)}


def find_definition(units: list[CodeUnit], name: str) -> Definition | None:
    """The definition of class `name`: at a module's top level first, else inside a function (the first
    file in the tree's order that has one)."""
    nested = None
    for unit in units:
        for scopes, node in _classes_in(tuple(unit.module.body), ()):
            if node.name.value == name:
                if len(scopes) == 1:
                    return Definition(unit, scopes, node)
                nested = nested or Definition(unit, scopes, node)
    return nested


def find_function(units: list[CodeUnit], name: str) -> Definition | None:
    """The module-level function `name` (a loss, an activation): what Keras 2 found by name in its custom
    objects was a module-level function or class; a function inside another has no name Keras could look up."""
    for unit in units:
        for index, statement in enumerate(unit.module.body):
            if isinstance(statement, cst.FunctionDef) and statement.name.value == name:
                return Definition(unit, ((tuple(unit.module.body), index),), statement)
            if isinstance(statement, cst.ClassDef) and statement.name.value == name:
                return Definition(unit, ((tuple(unit.module.body), index),), statement)
    return None


def find_closure(units: list[CodeUnit], name: str) -> tuple[Definition, str] | None:
    """A loss made by a factory (`def contrastive_loss_with_margin(margin): def contrastive_loss(...): ...;
    return contrastive_loss`) and called once at a module's top level with literal arguments
    (`loss = contrastive_loss_with_margin(margin=1)`): the factory's definition and that call, which gives
    the function the file names. Two different calls, or one with a computed argument: None (which one
    the model was compiled with is not in the file)."""
    for unit in units:
        for index, statement in enumerate(unit.module.body):
            if isinstance(statement, cst.FunctionDef) and _returns_inner(statement, name):
                calls = {call for other in units for call in _literal_calls(other.module, statement.name.value)}
                if len(calls) == 1:
                    return Definition(unit, ((tuple(unit.module.body), index),), statement), calls.pop()
    return None


def _returns_inner(factory: cst.FunctionDef, name: str) -> bool:
    """Whether `factory` defines a function `name` in its body and returns it."""
    body = factory.body.body
    defines = any(isinstance(s, cst.FunctionDef) and s.name.value == name for s in body)
    returns = m.SimpleStatementLine(body=[m.Return(value=m.Name(name))])
    return defines and any(m.matches(s, returns) for s in body)


def _literal_calls(module: cst.Module, factory: str) -> set[str]:
    """The calls `factory(...)` assigned at the module's top level, as text, whose arguments are literals."""
    import ast

    calls = set()
    for statement in module.body:
        if not m.matches(statement, m.SimpleStatementLine(body=[m.Assign(value=m.Call(func=m.Name(factory)))])):
            continue
        call = statement.body[0].value
        try:
            [ast.literal_eval(code(arg.value)) for arg in call.args]
        except (ValueError, SyntaxError):
            continue
        if all(arg.star == "" for arg in call.args):
            calls.add(code(call).strip())
    return calls


def _classes_in(body: tuple[cst.BaseStatement, ...], outer: tuple) -> list[tuple[tuple, cst.ClassDef]]:
    found = []
    for index, statement in enumerate(body):
        scopes = (*outer, (body, index))
        if isinstance(statement, cst.ClassDef):
            found.append((scopes, statement))
        elif isinstance(statement, cst.FunctionDef):
            found += _classes_in(tuple(statement.body.body), scopes)
    return found


def class_slice(definition: Definition, units: list[CodeUnit], seen: set[tuple[str, str]]) -> list[cst.BaseStatement]:
    """The class and the statements it depends on, innermost scope first walked back, then the module's; a
    project import among them replaced by the slice of what it names from that file."""
    needed = read_names(definition.node) - IMPLICIT
    safe = safe_roots(definition.unit.module)
    chosen: list[cst.BaseStatement] = []
    for depth, (body, index) in enumerate(reversed(definition.scopes)):
        at_module = depth == len(definition.scopes) - 1
        end = len(body) if at_module else index  # a module's helpers may come after the class; a function's not
        kept, needed, _ = backward_slice(list(body), end, needed, {index} if depth == 0 else set(), safe)
        kept.discard(index) if depth == 0 else None
        chosen = [body[i] for i in sorted(kept) if not _is_scope_owner(body[i], definition)] + chosen
        needed -= IMPLICIT
    statements: list[cst.BaseStatement] = []
    for statement in chosen:
        statements += _followed(statement, definition.unit, units, seen)
    return [*statements, definition.node]


def _is_scope_owner(statement: cst.BaseStatement, definition: Definition) -> bool:
    """The function a nested class sits in is not part of its slice (only what it binds before the class)."""
    return isinstance(statement, cst.FunctionDef) and any(statement is body[index] for body, index in definition.scopes)


def _followed(statement: cst.BaseStatement, unit: CodeUnit, units: list[CodeUnit],
              seen: set[tuple[str, str]]) -> list[cst.BaseStatement]:
    """An import of the project's own module becomes the slices of the names it imports from that file;
    any other statement stays. A project module never runs: its module-level code is not the slice."""
    if not m.matches(statement, m.SimpleStatementLine(body=[m.ImportFrom() | m.Import()])):
        return [statement]
    node = statement.body[0]
    if isinstance(node, cst.Import):
        local = [alias for alias in node.names if _project_unit(code(alias.name), unit, units, 0) is not None]
        if local:
            raise RecoveryError(f"{unit.path}: `{code(statement).strip()}` imports the project's module "
                                f"{code(local[0].name)} whole; migrate follows `from MODULE import NAME` only")
        return [statement]
    target = _project_unit(code(node.module) if node.module else "", unit, units, len(node.relative))
    if target is None:
        return [statement]
    if isinstance(node.names, cst.ImportStar):
        raise RecoveryError(f"{unit.path}: `{code(statement).strip()}` imports every name of a project module; "
                            "migrate follows named imports only")
    result: list[cst.BaseStatement] = []
    for alias in node.names:
        name = code(alias.name)
        if (str(target.path), name) in seen or len(seen) > 64:
            continue
        seen.add((str(target.path), name))
        result += _definition_of(name, target, units, seen)
        if alias.asname and code(alias.asname.name) != name:
            result.append(cst.parse_statement(f"{code(alias.asname.name)} = {name}\n"))
    return result


def _definition_of(name: str, unit: CodeUnit, units: list[CodeUnit], seen: set[tuple[str, str]]) -> list[cst.BaseStatement]:
    """A name imported from a project file: its class's slice, or the statements binding it there."""
    for scopes, node in _classes_in(tuple(unit.module.body), ()):
        if len(scopes) == 1 and node.name.value == name:
            return class_slice(Definition(unit, scopes, node), units, seen)
    body = list(unit.module.body)
    kept, _, _ = backward_slice(body, len(body), {name}, set(), safe_roots(unit.module))
    if not any(name in written_names(body[index]) for index in kept):
        raise RecoveryError(f"{unit.path}: no definition of {name!r} that only computes (it reads data or writes files)")
    statements: list[cst.BaseStatement] = []
    for index in sorted(kept):
        statements += _followed(body[index], unit, units, seen)
    return statements


def _project_unit(module: str, unit: CodeUnit, units: list[CodeUnit], level: int) -> CodeUnit | None:
    """The unit a (relative) module name means within the tree: `fatigue_life_predictor.attention`, `layers`,
    `.layers` -> that file; None for a module that is not the project's (numpy, tensorflow)."""
    parts = [part for part in module.split(".") if part]
    if level:
        base = unit.path.parent
        for _ in range(level - 1):
            base = base.parent
        candidates = [base.joinpath(*parts).with_suffix(".py"), base.joinpath(*parts, "__init__.py")] if parts else []
        return next((u for u in units if u.path in candidates), None)
    if not parts or parts[0] in ("keras", "tensorflow", "tf", "numpy", "np"):
        return None
    for candidate in units:
        pieces = candidate.path.with_suffix("").parts
        pieces = pieces[:-1] if pieces[-1] == "__init__" else pieces
        if tuple(pieces[-len(parts):]) == tuple(parts):
            return candidate
    return None


def _extend(statements: list[cst.BaseStatement], more: list[cst.BaseStatement]) -> None:
    """Add a slice's statements, each once (two classes often share their imports and helpers)."""
    seen = {code(statement) for statement in statements}
    for statement in more:
        text = code(statement)
        if text not in seen:
            statements.append(statement)
            seen.add(text)


def _imports_first(statements: list[cst.BaseStatement]) -> list[cst.BaseStatement]:
    """Imports at the top, then the rest in slice order: each slice is ordered, their union may not be."""
    is_import = m.SimpleStatementLine(body=[m.Import() | m.ImportFrom()])
    return [s for s in statements if m.matches(s, is_import)] + [s for s in statements if not m.matches(s, is_import)]


def port(text: str) -> str:
    """The slice through the codemod's Keras 1/2 -> 3 rules (its own text when none applies)."""
    rules = [rule for rule in all_rules() if rule.NAME in PORTING]
    result = rewrite_source(text.encode(), "custom.py", rules)
    return result.rewritten.decode() if result.rewritten is not None else text


class Register(cst.CSTTransformer):
    """Each named class, and each named module-level function, gets
    `@keras.saving.register_keras_serializable(package=...)`, once: Keras 3 saves a registered function by
    its registered name, and a reload with the module imported finds it."""

    def __init__(self, names: set[str], package: str) -> None:
        self.names, self.package = names, package
        self.depth = self.classes = 0  # enclosing functions, enclosing classes: methods are never registered

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.depth += 1

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        self.depth -= 1
        if self.depth or self.classes or updated.name.value not in self.names or any(
                "register_keras_serializable" in code(d.decorator) for d in updated.decorators):
            return updated
        decorator = cst.Decorator(cst.parse_expression(
            f"keras.saving.register_keras_serializable(package={self.package!r})"))
        return updated.with_changes(decorators=[decorator, *updated.decorators])

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.classes += 1

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
        self.classes -= 1
        if updated.name.value not in self.names or any("register_keras_serializable" in code(d.decorator)
                                                       for d in updated.decorators):
            return updated
        decorator = cst.Decorator(cst.parse_expression(
            f"keras.saving.register_keras_serializable(package={self.package!r})"))
        updated = updated.with_changes(decorators=[decorator, *updated.decorators])
        return with_from_config(updated)


FROM_CONFIG = cst.parse_module(
    "@classmethod\n"
    "def from_config(cls, config):\n"
    "    # added by migrate: __init__ takes no **kwargs, and Keras 3 saves name, trainable and dtype too\n"
    "    import inspect\n"
    "    accepted = inspect.signature(cls.__init__).parameters\n"
    "    return cls(**{key: value for key, value in config.items() if key in accepted})\n").body[0]


def with_from_config(node: cst.ClassDef) -> cst.ClassDef:
    """A class whose `__init__` takes no `**kwargs` (a subclassed model's `def __init__(self)`) cannot be
    rebuilt from the config Keras 3 saves for it (`name`, `trainable`, `dtype`): it gets a `from_config`
    passing the arguments `__init__` names, unless it has one."""
    methods = {s.name.value: s for s in node.body.body if isinstance(s, cst.FunctionDef)}
    init = methods.get("__init__")
    if init is None or "from_config" in methods or isinstance(init.params.star_kwarg, cst.Param):
        return node
    return node.with_changes(body=node.body.with_changes(body=[*node.body.body, FROM_CONFIG]))


def registered(text: str, names: list[str], package: str) -> str:
    """The module with each class registered and `import keras` at its top, under a header saying what it is."""
    module = cst.parse_module(text).visit(Register(set(names), package))
    header = (f'"""{", ".join(names)}: ported to Keras 3 by migrate from the training code (each and what it '
              f'depends on, nothing else).\n\nLoading the converted model needs this module: `import {package}` '
              'before keras.saving.load_model.\n"""\n\n')
    plain = m.SimpleStatementLine(body=[m.Import(names=[m.ImportAlias(name=m.Name("keras"), asname=None)])])
    imports_keras = any(m.matches(statement, plain) for statement in module.body)
    return header + ("" if imports_keras else "import keras\n") + module.code


def check(text: str, names: list[str]) -> None:
    """Run the ported module alone in the child (`-I`, timeout, empty folder): it must import and define
    each class; RecoveryError with the child's error otherwise."""
    try:
        found = run_slice(text + CHECK.format(names=names, mark=MARK))["config"]
    except RecoveryError as exc:
        raise RecoveryError(f"the ported classes do not run in Keras 3: {exc.message}") from None
    absent = [name for name, ok in found.items() if not ok]
    if absent:
        raise RecoveryError(f"the ported module does not define {', '.join(absent)}")


def package_name(stem: str) -> str:
    """The module and registration package for a file's classes: `<stem>_custom`, a Python identifier."""
    name = re.sub(r"\W", "_", f"{stem}_custom")
    return name if not name[0].isdigit() else f"m_{name}"


