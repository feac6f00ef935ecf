"""`multi_gpu_model(template, gpus=N)` -> `tf.distribute.MirroredStrategy`, creation and compile in its scope.

No current TensorFlow has multi_gpu_model. In a statement block, the call site, the template's creation
before it (its `with tf.device('/cpu:0')` block dropped) and the compile after it become one
`with strategy.scope():` block; later uses of the parallel name go to the template, whose `fit`
keeps its global batch size. Sites that cannot be moved safely are left as they are and reported.
Finding sites is `codemod/mirrored_sites.py`; this module rewrites them. Imports go through LibCST's
AddImportsVisitor and RemoveImportsVisitor (run once per file by the engine).
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor
from libcst.metadata import ParentNodeProvider

from migrate.codemod.mirrored_sites import (
    Site,
    SiteFinder,
    compile_index,
    creation_index,
    gpus_of,
    scope_span,
)
from migrate.codemod.names import MULTI_GPU_MODEL, MULTI_GPU_STAR_MODULES, multi_gpu_import
from migrate.codemod.rule import SCOPED, Rule
from migrate.codemod.syntax import Rename, ReplaceCall, ancestors, code, device_block_body, subclasses_model

DROPPED_ARGUMENTS = ("cpu_merge", "cpu_relocation")
STRATEGY_SCOPE = m.Call(func=m.Attribute(attr=m.Name("scope")))
TEMPLATE_BY_POSITION = m.Subscript(value=m.Attribute(attr=m.Name("layers")), slice=[m.SubscriptElement(
    m.Index(m.UnaryOperation(operator=m.Minus(), expression=m.Integer("2"))))])


class MultiGpuModelToMirrored(Rule):
    NAME = "multi_gpu_model_to_mirrored"
    ORDER = 100  # last: it adds and removes lines, and every other rule reports positions in the file as read
    TRIGGERS = ("multi_gpu_model", "layers[-2]")
    METADATA_DEPENDENCIES = SCOPED
    DESCRIPTION = "multi_gpu_model(model, gpus) -> tf.distribute.MirroredStrategy with the model built and compiled in scope"

    def __init__(self, context) -> None:
        super().__init__(context)
        self.finder = SiteFinder([])
        self.handled: set[int] = set()
        self.star_import = False
        self.tf_name = "tf"
        self.tf_imported = False
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
        """Note star imports, and ask for `from X import multi_gpu_model` to go once nothing uses it."""
        if node.module is None:
            return
        module = code(node.module)
        if isinstance(node.names, cst.ImportStar):
            self.star_import = self.star_import or module in MULTI_GPU_STAR_MODULES
            return
        for alias in node.names:
            if code(alias.name) == "multi_gpu_model" and multi_gpu_import(module):
                asname = code(alias.asname.name) if alias.asname else None
                RemoveImportsVisitor.remove_unused_import(self.context, module, "multi_gpu_model", asname)

    def visit_Call(self, node: cst.Call) -> None:
        names = self.qualified_names(node.func)
        if names & MULTI_GPU_MODEL:
            self.finder.calls.append(node)
        elif self.star_import and not names and m.matches(node.func, m.Name("multi_gpu_model")):
            self.report(node, "multi_gpu_model comes from a star import migrate cannot resolve; import it by name "
                              "and run again, or rewrite by hand to tf.distribute.MirroredStrategy")

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        """A `ModelMGPU(Model)` class wraps the wrapper; its calls are reported, the class left alone."""
        if not subclasses_model(node):
            return
        for call in m.findall(node, m.Call()):
            if self.finder.is_call(call) or self.qualified_names(call.func) & MULTI_GPU_MODEL:
                self.handled.add(id(call))
                self.report(call, f"class {node.name.value} subclasses Model around multi_gpu_model: delete the "
                                  "class and build the template under tf.distribute.MirroredStrategy().scope()")

    def visit_Subscript(self, node: cst.Subscript) -> None:
        """`wrapper.layers[-2]`: the template pulled out of a loaded wrapper by position."""
        if m.matches(node, TEMPLATE_BY_POSITION):
            self.report(node, "layers[-2] takes the template out of a loaded multi_gpu_model wrapper: convert the "
                              "file once with `migrate convert` and load the .keras it writes instead")

    # ------------------------------------------------------------ blocks

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        updated = updated.with_changes(body=self._rewrite_block(original.body, updated.body, original))
        if self.context.scratch.pop("needs_tensorflow", False) and not self.tf_imported:
            AddImportsVisitor.add_needed_import(self.context, "tensorflow", asname="tf")
        for call in self.finder.calls:
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
            updated = updated.visit(Rename(parallel, template))
        self.class_renames = []
        return updated

    def _rewrite_block(self, originals: Sequence[cst.BaseStatement], statements: Sequence[cst.BaseStatement],
                       block: cst.CSTNode) -> list[cst.BaseStatement]:
        statements = list(statements)
        if self._in_try(block) or self._in_model_subclass(block) or self._is_if_site_body(block):
            return statements
        for site in reversed(self.finder.sites(originals)):
            statements = self._rewrite_site(site, originals, statements, block)
        return statements

    def _parent(self, node: cst.CSTNode) -> cst.CSTNode | None:
        return self.get_metadata(ParentNodeProvider, node, None)

    def _is_if_site_body(self, block: cst.CSTNode) -> bool:
        """The body of an `if G > 1: p = multi_gpu_model(...)`: the enclosing block rewrites the whole if."""
        parent = self._parent(block)
        return isinstance(parent, cst.If) and parent.body is block and self.finder.if_site(0, parent) is not None

    def _in_model_subclass(self, block: cst.CSTNode) -> bool:
        classes = [node for node in ancestors(block, self._parent) if isinstance(node, cst.ClassDef)]
        return bool(classes) and subclasses_model(classes[0])

    def _in_try(self, block: cst.CSTNode) -> bool:
        return isinstance(self._parent(block), (cst.Try, cst.ExceptHandler, cst.TryStar, cst.Finally))

    def _under_strategy_scope(self, block: cst.CSTNode) -> bool:
        return any(isinstance(node, cst.With) and any(m.matches(item.item, STRATEGY_SCOPE) for item in node.items)
                   for node in ancestors(block, self._parent))

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
        start, end = self._scope_bounds(site, originals)
        statements = self._rename_after(site, statements)
        return self._wrap_in_scope(site, statements, start, end, replacement)

    def _scope_bounds(self, site: Site, originals: Sequence[cst.BaseStatement]) -> tuple[int, int]:
        """The first and last statements the scope holds: the template's creation to its compile, each
        reported when it is not in this block."""
        start, end = scope_span(site, originals)
        if creation_index(site, originals) is None:
            self.report(site.call, f"the template '{code(site.template)}' is not created in this block: create it "
                                   "inside strategy.scope() where it is built")
        if site.kind != "return" and compile_index(site, originals) is None:
            self.report(site.call, "no compile() follows in this block: compile the model inside strategy.scope()")
        if site.kind == "return":
            self.report(site.call, "this function now returns the template, not a wrapper: its callers keep working, "
                                   "but should build it where a MirroredStrategy scope is active")
        return start, end

    def _site_replacement(self, site: Site, statement: cst.BaseStatement
                          ) -> cst.BaseStatement | list[cst.BaseStatement] | None:
        """What the site statement becomes: nothing, `return template`, its `if` without the call, or the
        rest of its `try` body (the strategy covers the fallback: its handlers go)."""
        if site.kind == "try":
            kept = [s for s in statement.body.body if not self.finder.assigns_call(s)]
            return kept or None
        if site.kind == "return":
            return statement.with_changes(body=[cst.Return(value=site.template)])
        if site.kind == "if":
            kept = [s for s in statement.body.body if not self.finder.assigns_call(s)]
            if not kept:
                return None
            return statement.with_changes(body=statement.body.with_changes(body=kept), orelse=None)
        return None

    def _rename_after(self, site: Site, statements: list[cst.BaseStatement]) -> list[cst.BaseStatement]:
        """Uses of the parallel name after the site now name the template."""
        if site.parallel is None or code(site.parallel) == code(site.template):
            return statements
        if isinstance(site.parallel, cst.Attribute) and code(site.parallel.value) == "self":
            self.class_renames.append((code(site.parallel), site.template))
        rename = Rename(code(site.parallel), site.template)
        return statements[:site.index + 1] + [s.visit(rename) for s in statements[site.index + 1:]]

    def _wrap_in_scope(self, site: Site, statements: list[cst.BaseStatement], start: int, end: int,
                       replacement: cst.BaseStatement | list[cst.BaseStatement] | None) -> list[cst.BaseStatement]:
        inside: list[cst.BaseStatement] = []
        for index in range(start, end + 1):
            if index == site.index:
                if replacement is not None and site.kind != "return":
                    inside += replacement if isinstance(replacement, list) else [replacement]
                continue
            inside += device_block_body(statements[index])
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
        swap = ReplaceCall(site.call, site.template)
        return statements[:site.index] + [statements[site.index].visit(swap)] + statements[site.index + 1:]

    def _devices(self, site: Site) -> str:
        """`gpus=[0, 2]` names devices; a count or nothing means all visible GPUs."""
        gpus = gpus_of(site.call)
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
