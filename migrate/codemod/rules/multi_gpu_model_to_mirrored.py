"""`multi_gpu_model(template, gpus=N)` -> `tf.distribute.MirroredStrategy`, creation and compile in its scope.

No current TensorFlow has multi_gpu_model. In a statement block, the call site, the template's creation
before it (its `with tf.device('/cpu:0')` block dropped) and the compile after it become one
`with strategy.scope():` block; later uses of the parallel name go to the template, whose `fit`
keeps its global batch size. Sites that cannot be moved safely are left as they are and reported.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m
from libcst.metadata import ParentNodeProvider

from migrate.codemod.rule import SCOPED, Rule

MULTI_GPU_MODEL = {
    "keras.utils.multi_gpu_model",
    "keras.utils.training_utils.multi_gpu_model",
    "keras.utils.multi_gpu_utils.multi_gpu_model",
    "tensorflow.keras.utils.multi_gpu_model",
    "tensorflow.python.keras.utils.multi_gpu_model",
    "tensorflow.python.keras.utils.multi_gpu_utils.multi_gpu_model",
    "tensorflow.compat.v1.keras.utils.multi_gpu_model",
}
STAR_MODULES = {"keras.utils", "keras.utils.training_utils", "keras.utils.multi_gpu_utils", "tensorflow.keras.utils"}
DEVICE = {"tensorflow.device", "tensorflow.compat.v1.device"}
DROPPED_ARGUMENTS = ("cpu_merge", "cpu_relocation")
EMPTY = cst.Module(body=[])


def code(node: cst.CSTNode) -> str:
    return EMPTY.code_for_node(node).strip()


@dataclass
class Site:
    """One rewritable use of multi_gpu_model in a block."""

    index: int
    kind: str  # 'assign', 'if', 'return', 'expr'
    call: cst.Call
    template: cst.BaseExpression
    parallel: cst.BaseExpression | None


class MultiGpuModelToMirrored(Rule):
    NAME = "multi_gpu_model_to_mirrored"
    ORDER = 100  # last: it adds and removes lines, and every other rule reports positions in the file as read
    TRIGGERS = ("multi_gpu_model", "layers[-2]")
    METADATA_DEPENDENCIES = SCOPED
    DESCRIPTION = "multi_gpu_model(model, gpus) -> tf.distribute.MirroredStrategy with the model built and compiled in scope"

    def __init__(self, context) -> None:
        super().__init__(context)
        self.calls: list[cst.Call] = []
        self.handled: set[int] = set()
        self.star_import = False
        self.tf_name = "tf"
        self.tf_imported = False
        self.imported_as: set[str] = set()  # local names multi_gpu_model was imported under
        self.class_renames: list[tuple[str, cst.BaseExpression]] = []

    # ------------------------------------------------------------ discovery

    def visit_Module(self, node: cst.Module) -> None:
        for statement in node.body:
            if m.matches(statement, m.SimpleStatementLine(body=[m.Import()])):
                for alias in statement.body[0].names:
                    if code(alias.name) == "tensorflow":
                        self.tf_imported = True
                        self.tf_name = code(alias.asname.name) if alias.asname is not None else "tensorflow"

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if isinstance(node.names, cst.ImportStar) and node.module is not None and code(node.module) in STAR_MODULES:
            self.star_import = True

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom) -> cst.ImportFrom:
        """Remember what multi_gpu_model is called here; the import itself goes once no use is left."""
        if not isinstance(updated.names, cst.ImportStar) and updated.module is not None:
            for alias in updated.names:
                if code(alias.name) == "multi_gpu_model" and f"{code(updated.module)}.multi_gpu_model" in MULTI_GPU_MODEL:
                    self.imported_as.add(code(alias.asname.name) if alias.asname else "multi_gpu_model")
        return updated

    def visit_Call(self, node: cst.Call) -> None:
        names = self.qualified_names(node.func)
        if names & MULTI_GPU_MODEL:
            self.calls.append(node)
        elif self.star_import and not names and m.matches(node.func, m.Name("multi_gpu_model")):
            self.report(node, "multi_gpu_model comes from a star import migrate cannot resolve; import it by name "
                              "and run again, or rewrite by hand to tf.distribute.MirroredStrategy")

    # ------------------------------------------------------------ blocks

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        updated = updated.with_changes(body=self._rewrite_block(original.body, updated.body, original))
        updated = _drop_unused_imports(updated, self.imported_as)
        if self.context.scratch.pop("needs_tensorflow", False) and not self.tf_imported:
            updated = _add_tensorflow_import(updated)
        for call in self.calls:
            if id(call) not in self.handled:
                self.report(call, "multi_gpu_model in a place migrate does not move (an expression, try/except, "
                                  "a loop): build and compile the model under tf.distribute.MirroredStrategy().scope() "
                                  "and use it directly")
        return updated

    def leave_IndentedBlock(self, original: cst.IndentedBlock, updated: cst.IndentedBlock) -> cst.IndentedBlock:
        return updated.with_changes(body=self._rewrite_block(original.body, updated.body, original))

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
        """Renames of `self.parallel` attributes apply across the class: other methods use them too."""
        for parallel, template in self.class_renames:
            updated = updated.visit(_Rename(parallel, template))
        self.class_renames = []
        return updated

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        """A `ModelMGPU(Model)` class wraps the wrapper; its calls are reported, the class left alone."""
        if any(code(base.value).split(".")[-1] == "Model" for base in node.bases):
            for call in m.findall(node, m.Call()):
                if any(call is known for known in self.calls) or self._is_mgm_name(call):
                    self.handled.add(id(call))
                    self.report(call, f"class {node.name.value} subclasses Model around multi_gpu_model: delete the "
                                      "class and build the template under tf.distribute.MirroredStrategy().scope()")

    def _is_mgm_name(self, call: cst.Call) -> bool:
        return bool(self.qualified_names(call.func) & MULTI_GPU_MODEL)

    def visit_Subscript(self, node: cst.Subscript) -> None:
        """`wrapper.layers[-2]`: the template pulled out of a loaded wrapper by position."""
        if m.matches(node, m.Subscript(value=m.Attribute(attr=m.Name("layers")),
                                       slice=[m.SubscriptElement(m.Index(m.UnaryOperation(
                                           operator=m.Minus(), expression=m.Integer("2"))))])):
            self.report(node, "layers[-2] takes the template out of a loaded multi_gpu_model wrapper: convert the "
                              "file once with `migrate convert` and load the .keras it writes instead")

    def _rewrite_block(self, originals: Sequence[cst.BaseStatement], statements: Sequence[cst.BaseStatement],
                       block: cst.CSTNode) -> list[cst.BaseStatement]:
        statements = list(statements)
        if self._in_try(block) or self._in_model_subclass(block) or self._is_if_site_body(block):
            return statements
        for site in reversed([s for s in (self._site(i, stmt) for i, stmt in enumerate(originals)) if s]):
            statements = self._rewrite_site(site, originals, statements, block)
        return statements

    def _is_if_site_body(self, block: cst.CSTNode) -> bool:
        """The body of an `if G > 1: p = multi_gpu_model(...)`: the enclosing block rewrites the whole if."""
        parent = self.get_metadata(ParentNodeProvider, block, None)
        return isinstance(parent, cst.If) and parent.body is block and self._if_site(0, parent) is not None

    def _in_model_subclass(self, block: cst.CSTNode) -> bool:
        node = block
        while node is not None:
            node = self.get_metadata(ParentNodeProvider, node, None)
            if isinstance(node, cst.ClassDef):
                return any(code(base.value).split(".")[-1] == "Model" for base in node.bases)
        return False

    def _in_try(self, block: cst.CSTNode) -> bool:
        parent = self.get_metadata(ParentNodeProvider, block, None)
        return isinstance(parent, (cst.Try, cst.ExceptHandler, cst.TryStar, cst.Finally))

    def _site(self, index: int, statement: cst.BaseStatement) -> Site | None:
        """The multi_gpu_model use `statement` is, when it is one migrate can move."""
        if isinstance(statement, cst.If):
            return self._if_site(index, statement)
        if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
            return None
        small = statement.body[0]
        if isinstance(small, cst.Assign) and len(small.targets) == 1:
            call, template = self._call_or_fallback(small.value)
            if call is not None:
                return Site(index, "assign", call, template, small.targets[0].target)
        if isinstance(small, cst.Return) and self._is_mgm(small.value):
            return Site(index, "return", small.value, self._template(small.value), None)
        if isinstance(small, cst.Expr) and self._is_mgm(small.value):
            return Site(index, "expr", small.value, self._template(small.value), None)
        return None

    def _call_or_fallback(self, value: cst.BaseExpression) -> tuple[cst.Call | None, cst.BaseExpression | None]:
        """`multi_gpu_model(m, ...)`, or `multi_gpu_model(m, ...) if G > 1 else m`."""
        if self._is_mgm(value):
            return value, self._template(value)
        if isinstance(value, cst.IfExp) and self._is_mgm(value.body):
            template = self._template(value.body)
            if template is not None and code(value.orelse) == code(template):
                return value.body, template
        return None, None

    def _if_site(self, index: int, statement: cst.If) -> Site | None:
        """`if G > 1: p = multi_gpu_model(m, G)` with no else, or an else that only says `p = m`."""
        if statement.orelse is not None and not self._trivial_else(statement):
            return None
        inner = [self._site(i, s) for i, s in enumerate(statement.body.body)]
        assigns = [s for s in inner if s is not None and s.kind == "assign"]
        if len(assigns) != 1:
            return None
        site = assigns[0]
        return Site(index, "if", site.call, site.template, site.parallel)

    def _trivial_else(self, statement: cst.If) -> bool:
        orelse = statement.orelse
        if not isinstance(orelse, cst.Else) or len(orelse.body.body) != 1:
            return False
        only = orelse.body.body[0]
        return m.matches(only, m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget()])]))

    def _is_mgm(self, node: cst.CSTNode | None) -> bool:
        return isinstance(node, cst.Call) and any(node is call for call in self.calls)

    def _template(self, call: cst.Call) -> cst.BaseExpression | None:
        for arg in call.args:
            if arg.keyword is None or code(arg.keyword) == "model":
                return arg.value
        return None

    # ------------------------------------------------------------ the rewrite

    def _rewrite_site(self, site: Site, originals: Sequence[cst.BaseStatement], statements: list[cst.BaseStatement],
                      block: cst.CSTNode) -> list[cst.BaseStatement]:
        if site.template is None:
            return statements
        self.handled.add(id(site.call))
        self.converted()
        if site.kind == "expr":
            self.report(site.call, "removed a multi_gpu_model call whose result was never used")
            return statements[:site.index] + statements[site.index + 1:]
        if self._under_strategy_scope(block):
            return self._unwrap_in_scope(site, statements)
        replacement = self._site_replacement(site, statements[site.index])
        start = self._creation_index(site, originals)
        end = self._compile_index(site, originals) if site.kind != "return" else site.index - 1
        if start is None:
            self.report(site.call, f"the template '{code(site.template)}' is not created in this block: create it "
                                   "inside strategy.scope() where it is built")
            start = site.index if site.kind != "return" else site.index
        if end is None:
            end = site.index
            if site.kind != "return":
                self.report(site.call, "no compile() follows in this block: compile the model inside strategy.scope()")
        if site.kind == "return":
            self.report(site.call, "this function now returns the template, not a wrapper: its callers keep working, "
                                   "but should build it where a MirroredStrategy scope is active")
        statements = self._rename_after(site, statements, replacement)
        return self._wrap_in_scope(site, statements, start, end, replacement)

    def _site_replacement(self, site: Site, statement: cst.BaseStatement) -> cst.BaseStatement | None:
        """What the site statement becomes: nothing, `return template`, or its `if` without the call."""
        if site.kind == "return":
            return statement.with_changes(body=[cst.Return(value=site.template)])
        if site.kind == "if":
            kept = [s for s in statement.body.body if not self._assigns_call(s)]
            if not kept:
                return None
            return statement.with_changes(body=statement.body.with_changes(body=kept), orelse=None)
        return None

    def _assigns_call(self, statement: cst.BaseStatement) -> bool:
        if not m.matches(statement, m.SimpleStatementLine(body=[m.Assign()])):
            return False
        value = statement.body[0].value
        return self._call_or_fallback(value)[0] is not None or m.matches(value, m.Call(func=m.Name("multi_gpu_model")))

    def _under_strategy_scope(self, block: cst.CSTNode) -> bool:
        node = block
        while node is not None:
            node = self.get_metadata(ParentNodeProvider, node, None)
            if isinstance(node, cst.With) and any(
                    m.matches(item.item, m.Call(func=m.Attribute(attr=m.Name("scope")))) for item in node.items):
                return True
        return False

    def _creation_index(self, site: Site, originals: Sequence[cst.BaseStatement]) -> int | None:
        """The nearest statement before the site that assigns the template (a tf.device block counts)."""
        target = code(site.template)
        for index in range(site.index - 1, -1, -1):
            statement = originals[index]
            if _assigns(statement, target):
                return index
            if isinstance(statement, cst.With) and any(_assigns(s, target) for s in statement.body.body):
                return index
        return None

    def _compile_index(self, site: Site, originals: Sequence[cst.BaseStatement]) -> int | None:
        names = {code(site.template)} | ({code(site.parallel)} if site.parallel is not None else set())
        for index in range(site.index + 1, len(originals)):
            statement = originals[index]
            if m.matches(statement, m.SimpleStatementLine(body=[m.Expr(m.Call(func=m.Attribute(attr=m.Name("compile"))))])):
                if code(statement.body[0].value.func.value) in names:
                    return index
        return None

    def _rename_after(self, site: Site, statements: list[cst.BaseStatement],
                      replacement: cst.BaseStatement | None) -> list[cst.BaseStatement]:
        """Uses of the parallel name after the site now name the template."""
        if site.parallel is None or code(site.parallel) == code(site.template):
            return statements
        if isinstance(site.parallel, cst.Attribute) and code(site.parallel.value) == "self":
            self.class_renames.append((code(site.parallel), site.template))
        rename = _Rename(code(site.parallel), site.template)
        return statements[:site.index + 1] + [s.visit(rename) for s in statements[site.index + 1:]]

    def _wrap_in_scope(self, site: Site, statements: list[cst.BaseStatement], start: int, end: int,
                       replacement: cst.BaseStatement | None) -> list[cst.BaseStatement]:
        inside: list[cst.BaseStatement] = []
        for index in range(start, end + 1):
            if index == site.index:
                if replacement is not None and site.kind != "return":
                    inside.append(replacement)
                continue
            inside += _unwrap_device(statements[index], self)
        leading = statements[start].leading_lines if inside else ()
        if inside:
            inside[0] = inside[0].with_changes(leading_lines=())
        strategy = cst.parse_statement(f"strategy = {self.tf_name}.distribute.MirroredStrategy({self._devices(site)})\n")
        strategy = strategy.with_changes(leading_lines=[*leading, *self._dropped_comments(site)])
        block: list[cst.BaseStatement] = [strategy]
        if inside:
            block.append(cst.With(items=[cst.WithItem(cst.parse_expression("strategy.scope()"))],
                                  body=cst.IndentedBlock(body=inside)))
        if site.kind == "return":
            block.append(statements[site.index].with_changes(body=[cst.Return(value=site.template)]))
            end = site.index
        self.context.scratch["needs_tensorflow"] = True
        return statements[:start] + block + statements[end + 1:]

    def _unwrap_in_scope(self, site: Site, statements: list[cst.BaseStatement]) -> list[cst.BaseStatement]:
        """Already under a strategy scope: the call becomes its template (`parallel = model`), nothing moves."""
        swap = _Replace(site.call, site.template)
        return statements[:site.index] + [statements[site.index].visit(swap)] + statements[site.index + 1:]

    def _devices(self, site: Site) -> str:
        """`gpus=[0, 2]` names devices; a count or nothing means all visible GPUs."""
        gpus = None
        positional = [a for a in site.call.args if a.keyword is None]
        for arg in site.call.args:
            if arg.keyword is not None and code(arg.keyword) == "gpus":
                gpus = arg.value
        if gpus is None and len(positional) > 1:
            gpus = positional[1].value
        if isinstance(gpus, (cst.List, cst.Tuple)) and all(isinstance(e.value, cst.Integer) for e in gpus.elements):
            return "devices=[" + ", ".join(f'"/gpu:{code(e.value)}"' for e in gpus.elements) + "]"
        if gpus is not None and not isinstance(gpus, cst.Integer):
            self.report(site.call, f"gpus={code(gpus)}: MirroredStrategy() uses every visible GPU; pass "
                                   "devices=[...] to it if this chose a subset")
        return ""

    def _dropped_comments(self, site: Site) -> list[cst.EmptyLine]:
        dropped = [f"{code(arg.keyword)}={code(arg.value)}" for arg in site.call.args
                   if arg.keyword is not None and code(arg.keyword) in DROPPED_ARGUMENTS]
        if not dropped:
            return []
        text = f"# migrate: {', '.join(dropped)} dropped: MirroredStrategy places and merges variables itself"
        return [cst.EmptyLine(comment=cst.Comment(text))]



def _drop_unused_imports(module: cst.Module, names: set[str]) -> cst.Module:
    """Remove `multi_gpu_model` (as whatever it was imported) from imports once nothing uses it."""
    unused = {name for name in names if not _used(module, name)}
    return module.visit(_DropImports(unused)) if unused else module


def _used(module: cst.Module, name: str) -> bool:
    """Whether `name` is still read anywhere outside import statements."""
    finder = _NameUse(name)
    module.visit(finder)
    return finder.found


class _NameUse(cst.CSTVisitor):
    def __init__(self, name: str) -> None:
        self.name, self.found = name, False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False

    def visit_Name(self, node: cst.Name) -> None:
        self.found = self.found or node.value == self.name


class _DropImports(cst.CSTTransformer):
    def __init__(self, names: set[str]) -> None:
        self.names = names

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom):
        if isinstance(updated.names, cst.ImportStar) or updated.module is None:
            return updated
        if f"{code(updated.module)}.multi_gpu_model" not in MULTI_GPU_MODEL:
            return updated
        kept = [a for a in updated.names if (code(a.asname.name) if a.asname else code(a.name)) not in self.names]
        if len(kept) == len(updated.names):
            return updated
        if not kept:
            return cst.RemoveFromParent()
        kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated.with_changes(names=kept)

    def leave_SimpleStatementLine(self, original, updated):
        return cst.RemoveFromParent() if not updated.body else updated


def _add_tensorflow_import(module: cst.Module) -> cst.Module:
    """`import tensorflow as tf` after the module's last top-level import (or its docstring)."""
    body = list(module.body)
    position = 0
    for index, statement in enumerate(body):
        if m.matches(statement, m.SimpleStatementLine(body=[m.OneOf(m.Import(), m.ImportFrom())])):
            position = index + 1
        elif index == 0 and m.matches(statement, m.SimpleStatementLine(body=[m.Expr(m.SimpleString())])):
            position = 1
    body.insert(position, cst.parse_statement("import tensorflow as tf\n"))
    return module.with_changes(body=body)


def _assigns(statement: cst.BaseStatement, target: str) -> bool:
    if not isinstance(statement, cst.SimpleStatementLine):
        return False
    for small in statement.body:
        if isinstance(small, cst.Assign) and any(code(t.target) == target for t in small.targets):
            return True
        if isinstance(small, (cst.AnnAssign, cst.AugAssign)) and code(small.target) == target:
            return True
    return False


def _unwrap_device(statement: cst.BaseStatement, rule: MultiGpuModelToMirrored) -> list[cst.BaseStatement]:
    """`with tf.device('/cpu:0'): body` -> body: MirroredStrategy places variables itself."""
    if isinstance(statement, cst.With) and len(statement.items) == 1:
        item = statement.items[0].item
        if isinstance(item, cst.Call) and code(item.func).endswith(".device") and statement.items[0].asname is None:
            body = list(statement.body.body)
            body[0] = body[0].with_changes(leading_lines=[*statement.leading_lines, *body[0].leading_lines])
            return body
    return [statement]


class _Replace(cst.CSTTransformer):
    """Replace one call (matched by its code) with another expression."""

    def __init__(self, call: cst.Call, new: cst.BaseExpression) -> None:
        self.call, self.new = code(call), new

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        return self.new if code(original) == self.call else updated


class _Rename(cst.CSTTransformer):
    """Replace every expression spelled `old` (a name or `self.attr`) with `new`."""

    def __init__(self, old: str, new: cst.BaseExpression) -> None:
        self.old, self.new = old, new

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        return self.new if updated.value == self.old else updated

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        if code(original) == self.old:
            return self.new
        return updated.with_changes(attr=original.attr)  # `obj.parallel_model` is another object's name

    def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
        return updated.with_changes(keyword=original.keyword)

    def leave_Param(self, original: cst.Param, updated: cst.Param) -> cst.Param:
        return updated.with_changes(name=original.name)
