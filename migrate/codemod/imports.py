"""The import edits rules schedule, applied once per file after every rule has run.

Rules schedule them as in any LibCST codemod (`AddImportsVisitor.add_needed_import`,
`RemoveImportsVisitor.remove_unused_import`). The common cases are applied here directly on the
module's top-level statements: adding `import M as A` or `from M import x` (after the leading import
block) and removing an unused `from M import x` (unused: no name in the module, outside imports,
attribute names and keywords, spells it). That costs a walk of the tree where LibCST's visitors cost a
scope analysis and a matcher walk each (a third of a rewrite's time on a typical script). Anything
else (relative imports, `import M` removals, imports inside functions, merging into an existing
`from M import ...`) goes to LibCST's visitors, unchanged. A removed statement's comments stay, on
the statement that follows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import libcst as cst
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor, ImportItem, RemoveImportsVisitor

from migrate.codemod.syntax import code, names_in
from migrate.codemod.walk import nodes, transform

Removal = tuple[str, str | None, str | None]  # (module, obj, asname), as RemoveImportsVisitor keeps them


def apply_scheduled(module: cst.Module, context: CodemodContext) -> cst.Module:
    """Apply the additions, then the removals, the rules scheduled in `context.scratch`."""
    adds: list[ImportItem] = list(context.scratch.pop(AddImportsVisitor.CONTEXT_KEY, []))
    removes: list[Removal] = list(context.scratch.pop(RemoveImportsVisitor.CONTEXT_KEY, []))
    left_adds = [item for item in adds if not _simple_add(module, item)]
    for item in adds:
        if item not in left_adds and not _present(module, item):
            module = _add(module, item)
    module, left_adds = _merge_into_existing(module, left_adds)
    if left_adds:
        module = AddImportsVisitor(replace(context, wrapper=None), left_adds).transform_module(module)
    left_removes = []
    imported: tuple[cst.Module, frozenset[str]] | None = None  # a version of the module, the names it imports from
    for removal in removes:
        edited = _remove(module, removal)
        if edited is None:
            if removal[1] is not None and not removal[0].startswith(".") and \
                    (imported is None or imported[0] is not module):  # one walk for the removals of one version
                imported = (module, _imported_names(module))
            if _may_import(removal, imported[1] if imported is not None else frozenset()):
                left_removes.append(removal)  # else LibCST's visitor would find nothing to remove (a second
                # request for an import removed already): it is spared its scope analysis
        else:
            module = edited
    if left_removes:
        context.scratch[RemoveImportsVisitor.CONTEXT_KEY] = left_removes
        module = _remove_with_libcst(module, RemoveImportsVisitor(replace(context, wrapper=None)))
    return module


def _remove_with_libcst(module: cst.Module, visitor: RemoveImportsVisitor) -> cst.Module:
    """`visitor.transform_module(module)`: the same copy of the tree and the same metadata, the same `visit_Module`
    (its scope analysis of what is unused) and `leave_Import` / `leave_ImportFrom`, called by `walk.transform` rather
    than by LibCST's pass with its matcher machinery at every node (the visitor has no matcher decorators; that pass
    and its copies of every node were two thirds of the 0.7 s a 24 KB file spent here)."""
    with visitor._handle_metadata_reference(module) as copied:
        return transform(copied, _Removals(visitor))


class _Removals(cst.CSTTransformer):
    """RemoveImportsVisitor's own callbacks, and nothing else, for `walk.transform`."""

    def __init__(self, visitor: RemoveImportsVisitor) -> None:
        super().__init__()
        self.visitor = visitor

    def visit_Module(self, node: cst.Module) -> None:
        self.visitor.visit_Module(node)

    def leave_Import(self, original: cst.Import, updated: cst.Import) -> cst.Import | cst.RemovalSentinel:
        return self.visitor.leave_Import(original, updated)

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom) -> cst.ImportFrom | cst.RemovalSentinel:
        return self.visitor.leave_ImportFrom(original, updated)


# ---------------------------------------------------------------- additions


def _simple_add(module: cst.Module, item: ImportItem) -> bool:
    """An absolute import whose module no top-level `from M import` already names (LibCST would merge)."""
    if item.relative or item.module_name == "__future__":
        return False
    return item.obj_name is None or not any(isinstance(small, cst.ImportFrom) and small.module is not None
                                       and not small.relative and code(small.module) == item.module_name
                                       for small in _top_level_imports(module))


def _present(module: cst.Module, item: ImportItem) -> bool:
    """Whether the module's top level already imports `item`. `import keras` is there when `keras` is bound to
    `tensorflow.keras` (`from tensorflow import keras`): since TensorFlow 2.16 that is Keras 3 under the name the
    rules write (`keras.ops.squeeze`), and a second binding would change what every other `keras.` of the file
    means (tf.keras keeps aliases such as `losses.mse`), so a second run would rewrite what the first left."""
    for small in _top_level_imports(module):
        if item.module_name == "keras" and item.obj_name is None and item.alias is None and _binds_tf_keras(small):
            return True
        if item.obj_name is None and isinstance(small, cst.Import):
            if any(code(a.name) == item.module_name and _asname(a) == item.alias for a in small.names):
                return True
        if item.obj_name is not None and isinstance(small, cst.ImportFrom) and small.module is not None \
                and code(small.module) == item.module_name and not isinstance(small.names, cst.ImportStar):
            if any(code(a.name) == item.obj_name and _asname(a) == item.alias for a in small.names):
                return True
    return False


def _binds_tf_keras(small: cst.Import | cst.ImportFrom) -> bool:
    """`from tensorflow import keras` or `import tensorflow.keras as keras`: the name `keras` bound to tf.keras."""
    if isinstance(small, cst.ImportFrom):
        return small.module is not None and not small.relative and code(small.module) == "tensorflow" and \
            not isinstance(small.names, cst.ImportStar) and \
            any(code(a.name) == "keras" and _asname(a) in (None, "keras") for a in small.names)
    return any(code(a.name) == "tensorflow.keras" and _asname(a) == "keras" for a in small.names)


def _add(module: cst.Module, item: ImportItem) -> cst.Module:
    """Insert the import after the leading block of imports (after the docstring when there is none)."""
    alias = f" as {item.alias}" if item.alias else ""
    text = f"import {item.module_name}{alias}\n" if item.obj_name is None else f"from {item.module_name} import {item.obj_name}{alias}\n"
    body = list(module.body)
    at = _after_leading_imports(body)
    if at < len(body) and not _is_import(body[at]) and not body[at].leading_lines:
        body[at] = body[at].with_changes(leading_lines=[cst.EmptyLine()])  # a blank line after the imports
    body.insert(at, cst.parse_statement(text, config=module.config_for_parsing))
    return module.with_changes(body=body)


def _merge_into_existing(module: cst.Module, items: list[ImportItem]) -> tuple[cst.Module, list[ImportItem]]:
    """`from M import x` where the module has exactly one top-level `from M import a, b` (no alias, no star):
    the new names go first in it, sorted, as LibCST's AddImportsVisitor writes them, without its scope
    analysis. What is left (aliases, relative imports, several such statements) goes to LibCST."""
    left: list[ImportItem] = []
    wanted: dict[str, set[str]] = {}
    for item in items:
        if item.obj_name is None or item.alias or item.relative or item.module_name == "__future__":
            left.append(item)
        elif not _present(module, item):
            wanted.setdefault(item.module_name, set()).add(item.obj_name)
    for name, objs in wanted.items():
        found = [(i, s) for i, s in enumerate(module.body) if isinstance(s, cst.SimpleStatementLine)
                 and len(s.body) == 1 and isinstance(s.body[0], cst.ImportFrom) and not s.body[0].relative
                 and s.body[0].module is not None and code(s.body[0].module) == name
                 and not isinstance(s.body[0].names, cst.ImportStar)]
        index = found[0][0] if len(found) == 1 else _first_leading(module, name, left)
        if index is None:
            left += [ImportItem(name, obj, None, 0) for obj in sorted(objs)]
            continue
        statement = module.body[index]
        small = statement.body[0]
        new = [cst.ImportAlias(cst.Name(obj), comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
               for obj in sorted(objs)]
        body = list(module.body)
        body[index] = statement.with_changes(body=[small.with_changes(names=[*new, *small.names])])
        module = module.with_changes(body=body)
    return module, left


def _first_leading(module: cst.Module, name: str, left: list[ImportItem]) -> int | None:
    """Where LibCST's AddImportsVisitor merges `from NAME import x` when several top-level statements
    import from NAME: the first of them in the leading block of imports (after a docstring), which is
    the block it reads. None where it would do anything else (no such statement there, a star import
    from NAME there) or where other additions from NAME are left to it (it would merge them all at once)."""
    if any(item.module_name == name for item in left):
        return None
    body = module.body
    start = 1 if body and _is_docstring_or_strict(body[0]) else 0
    first = None
    for index in range(start, len(body)):
        statement = body[index]
        if not (isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1
                and isinstance(statement.body[0], (cst.Import, cst.ImportFrom))):
            break
        small = statement.body[0]
        if isinstance(small, cst.ImportFrom) and not small.relative and small.module is not None \
                and code(small.module) == name:
            if isinstance(small.names, cst.ImportStar):
                return None
            first = index if first is None else first
    return first


def _is_docstring_or_strict(statement: cst.BaseStatement) -> bool:
    """What AddImportsVisitor skips before the leading imports: a string statement, `__strict__ = ...`."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return False
    small = statement.body[0]
    if isinstance(small, cst.Expr):
        return isinstance(small.value, cst.SimpleString)
    return isinstance(small, cst.Assign) and len(small.targets) == 1 and \
        isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == "__strict__"


def _after_leading_imports(body: Sequence[cst.BaseStatement]) -> int:
    """Where the first run of import statements ends (after the docstring, when the module has one)."""
    index = 1 if body and _is_docstring(body[0]) else 0
    while index < len(body) and _is_import(body[index]):
        index += 1
    return index


# ---------------------------------------------------------------- removals


def _remove(module: cst.Module, removal: Removal) -> cst.Module | None:
    """The module without `from M import obj [as asname]` when nothing uses it; the module unchanged when
    something does; None when the import is not a plain top-level one (LibCST's visitor decides)."""
    name, obj, asname = removal
    if obj is None or name.startswith("."):
        return None
    body = list(module.body)
    for index, statement in enumerate(body):
        if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
            continue
        small = statement.body[0]
        if not isinstance(small, cst.ImportFrom) or small.relative or small.module is None \
                or code(small.module) != name or isinstance(small.names, cst.ImportStar):
            continue
        aliases = [a for a in small.names if code(a.name) == obj and _asname(a) == asname]
        if not aliases:
            continue
        if (asname or obj) in _used_names(module):
            return module
        return _without(body, index, aliases[0], module)
    return None


def _may_import(removal: Removal, imported: frozenset[str]) -> bool:
    """Whether any import statement of the module, at any depth, might be the one `removal` names (`imported`:
    the names the module's `from M import ...` statements import, `_imported_names`)."""
    name, obj, _ = removal
    if obj is None or name.startswith("."):
        return True
    return obj in imported


def _imported_names(module: cst.Module) -> frozenset[str]:
    """The names imported by the module's `from M import a, b` statements (not star imports), at any depth."""
    return frozenset(code(alias.name) for node in nodes(module)
                     if isinstance(node, cst.ImportFrom) and not isinstance(node.names, cst.ImportStar)
                     for alias in node.names)


def _without(body: list[cst.BaseStatement], index: int, alias: cst.ImportAlias, module: cst.Module) -> cst.Module:
    statement = body[index]
    small = statement.body[0]
    kept = [a for a in small.names if a is not alias]
    if kept:
        kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        body[index] = statement.with_changes(body=[small.with_changes(names=kept)])
        return module.with_changes(body=body)
    comments = [line for line in statement.leading_lines if line.comment is not None]
    del body[index]
    if comments and index < len(body):
        body[index] = body[index].with_changes(leading_lines=[*statement.leading_lines, *body[index].leading_lines])
    return module.with_changes(body=body)


def _used_names(module: cst.Module) -> set[str]:
    """Names the module reads or binds outside import statements (not attribute names, not keywords)."""
    return {name.value for name in names_in(module)}


# ---------------------------------------------------------------- shapes


def _top_level_imports(module: cst.Module) -> list[cst.Import | cst.ImportFrom]:
    return [small for statement in module.body if isinstance(statement, cst.SimpleStatementLine)
            for small in statement.body if isinstance(small, (cst.Import, cst.ImportFrom))]


def _is_import(statement: cst.BaseStatement) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and all(
        isinstance(small, (cst.Import, cst.ImportFrom)) for small in statement.body)


def _is_docstring(statement: cst.BaseStatement) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 and \
        isinstance(statement.body[0], cst.Expr) and isinstance(statement.body[0].value,
                                                                (cst.SimpleString, cst.ConcatenatedString))


def _asname(alias: cst.ImportAlias) -> str | None:
    return code(alias.asname.name) if alias.asname is not None else None
