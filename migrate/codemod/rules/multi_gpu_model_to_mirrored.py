"""`multi_gpu_model(template, gpus=N)` -> `tf.distribute.MirroredStrategy`, creation and compile in its scope.

No current TensorFlow has multi_gpu_model. In a statement block, the call site, the template's creation
before it (its `with tf.device('/cpu:0')` block dropped) and the compile after it become one
`with strategy.scope():` block; later uses of the parallel name go to the template, whose `fit`
keeps its global batch size. Sites that cannot be moved safely are left as they are and reported.
Reports: a multi_gpu_model call left in the code (and what keeps it there: a star import, a Model subclass,
`layers[-2]`) is a leftover, failing `--check` on every run until a person converts it; a note on a
conversion made (an unused call removed, a template created or compiled elsewhere, a factory's callers
outside any scope) is advice: the diff shows the change, and the next run, with no multi_gpu_model left,
has nothing to repeat.
A factory handing the wrapper out uncompiled loses it, and the scope goes around its calls instead; a
ModelMGPU-style class's instantiations are sites like the calls, and the class goes when nothing else
uses it (`codemod/factories.py` finds both, across the files of a run).
Finding sites is `codemod/mirrored_sites.py`; this module rewrites them. Imports are scheduled as in any
LibCST codemod and applied once per file (`codemod/imports.py`).
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor
from libcst.metadata import ParentNodeProvider, QualifiedNameProvider

from migrate.codemod.factories import (
    Factory,
    Survey,
    call_statement,
    factory_call_span,
    factory_calls,
    hands_out,
    module_of,
)
from migrate.codemod.mirrored_sites import (
    Site,
    SiteFinder,
    branch_compile_span,
    compile_index,
    creation_index,
    hands_out_wrapper,
    scope_span,
    trains_after,
)
from migrate.codemod.names import MULTI_GPU_MODEL, multi_gpu_import
from migrate.codemod.rule import SCOPED, Rule
from migrate.codemod.syntax import Rename, ReplaceCall, ancestors, code, device_block_body, subclasses_model

DROPPED_ARGUMENTS = ("cpu_merge", "cpu_relocation")
STRATEGY_SCOPE = m.Call(func=m.Attribute(attr=m.Name("scope")))
TEMPLATE_BY_POSITION = m.Subscript(value=m.Attribute(attr=m.Name("layers")), slice=[m.SubscriptElement(
    m.Index(m.UnaryOperation(operator=m.Minus(), expression=m.Integer("2"))))])


class _BlankLinesUnindented(cst.CSTTransformer):
    """Blank lines carry no indentation: moved into the scope, they would get its spaces (trailing whitespace)."""

    def leave_EmptyLine(self, original: cst.EmptyLine, updated: cst.EmptyLine) -> cst.EmptyLine:
        if updated.comment is None:
            return updated.with_changes(indent=False, whitespace=cst.SimpleWhitespace(""))
        return updated


BLANK_LINES_UNINDENTED = _BlankLinesUnindented()


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
        self.module_name = module_of(context.filename or "<string>.py")
        self.survey = Survey()
        self.factory_calls: dict[int, tuple[cst.Call, Factory]] = {}  # calls of function factories, by id
        self.wrapped: set[int] = set()  # factory calls now under a scope
        self.reached_methods: set[int] = set()  # methods handing out a wrapper to `self.method()` calls

    @classmethod
    def triggered(cls, source: bytes, survey: Survey | None) -> bool:
        """Files that call a factory of the run need this rule too, without saying multi_gpu_model."""
        return super().triggered(source, survey) or (survey is not None and any(n in source for n in survey.names))

    # ------------------------------------------------------------ discovery

    def visit_Module(self, node: cst.Module) -> None:
        self.survey = self.context.scratch.get("survey", Survey())
        for statement in node.body:
            if m.matches(statement, m.SimpleStatementLine(body=[m.Import()])):
                for alias in statement.body[0].names:
                    if code(alias.name) == "tensorflow":
                        self.tf_imported = True
                        self.tf_name = code(alias.asname.name) if alias.asname is not None else "tensorflow"

    def _is_multi_gpu(self, call: cst.Call) -> bool:
        return bool(self.qualified_names(call.func) & MULTI_GPU_MODEL)

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        """Note star imports; ask for `from X import multi_gpu_model` (and a wrapper class) to go once unused."""
        if node.module is None or node.relative:
            module = "." * len(node.relative) + (code(node.module) if node.module is not None else "")
        else:
            module = code(node.module)
        if isinstance(node.names, cst.ImportStar):
            self.star_import = True  # Keras' own are followed (names.resolve); another may bring it too
            return
        for alias in node.names:
            asname = code(alias.asname.name) if alias.asname else None
            if (code(alias.name) == "multi_gpu_model" and multi_gpu_import(module)) or \
                    self.resolved({f"{module}.{code(alias.name)}"}) & MULTI_GPU_MODEL:
                RemoveImportsVisitor.remove_unused_import(self.context, module, code(alias.name), asname)
            factory = self.survey.called({f"{module}.{code(alias.name)}"}, "")
            if factory is not None and factory.wrapper is not None:
                RemoveImportsVisitor.remove_unused_import(self.context, module, code(alias.name), asname)

    def visit_Call(self, node: cst.Call) -> None:
        names = self.qualified_names(node.func)
        factory = self.survey.called(names, self.module_name) if self.survey.factories else None
        if self._is_multi_gpu(node):
            self.finder.add(node)
        elif factory is not None and factory.wrapper is not None:
            self.finder.add(node, factory.wrapper)
        elif factory is not None and factory in self.survey.reached:
            self.factory_calls[id(node)] = (node, factory)
        elif (self.star_import and m.matches(node.func, m.Name("multi_gpu_model"))
              and not self.get_metadata(QualifiedNameProvider, node.func, set())):
            self.report(node, "multi_gpu_model comes from a star import migrate cannot resolve; import it by name "
                              "and run again, or rewrite by hand to tf.distribute.MirroredStrategy")

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        """Methods handing out a wrapper to their class's `self.method()` statements are factories; another
        Model subclass around multi_gpu_model (not the ModelMGPU shape) has its calls reported."""
        self._method_factories(node)
        if not subclasses_model(node) or self._wrapper_class(node) is not None:
            return
        for call in m.findall(node, m.Call()):
            if self.finder.is_call(call) or self._is_multi_gpu(call):
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
        updated = self._remove_wrapper_classes(original, updated)
        if self.context.scratch.pop("needs_tensorflow", False) and not self.tf_imported:
            AddImportsVisitor.add_needed_import(self.context, "tensorflow", asname="tf")
        for call, factory in self.factory_calls.values():
            if id(call) not in self.wrapped:
                self.report(call, f"{factory.name}() now returns the template, not a multi_gpu_model wrapper, and "
                                  "this call is not a statement migrate can put under a scope: call it inside "
                                  "tf.distribute.MirroredStrategy().scope(), with the compile that follows", advice=True)
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
        """Rewrite a block's sites and factory calls, last first, so earlier indices stay valid."""
        statements = list(statements)
        if self._left_to_enclosing_block(block) or self._is_device_site_body(block):
            return statements
        originals, statements = self._inline_device_sites(originals, statements)
        factory_body = self._reached_factory_body(block)
        steps: list[tuple[int, Site | int]] = [(site.index, site) for site in self.finder.sites(originals)]
        if not self._under_strategy_scope(block):
            steps += [(index, index) for index, statement in enumerate(originals) if self._factory_call(statement)]
            branches = [branch_compile_span(index, originals, self.finder) for index in range(len(originals))]
            steps += [(span[0], span) for span in branches if span is not None]
        for _, step in sorted(steps, key=lambda pair: pair[0], reverse=True):
            if isinstance(step, tuple):
                statements = self._scope_after_branch(*step, statements)
            elif isinstance(step, int):
                statements = self._scope_factory_call(step, originals, statements)
            elif factory_body and hands_out_wrapper(step, originals):
                statements = self._hand_out_template(step, originals, statements)
            else:
                statements = self._rewrite_site(step, originals, statements, block)
        return statements

    # ------------------------------------------------------------ factories and wrapper classes

    def _method_factories(self, node: cst.ClassDef) -> None:
        """`self.parallel = self.build()` where `build` returns multi_gpu_model(...): the call gets the scope."""
        if not isinstance(node.body, cst.IndentedBlock):
            return
        methods = {s.name.value: s for s in node.body.body if isinstance(s, cst.FunctionDef)}
        handing = {name for name, method in methods.items() if hands_out(method, self._is_multi_gpu)}
        for call in factory_calls(node) if handing else ():
            if m.matches(call.func, m.Attribute(value=m.Name("self"))) and call.func.attr.value in handing:
                self.factory_calls[id(call)] = (call, Factory(self.module_name, f"self.{call.func.attr.value}"))
                self.reached_methods.add(id(methods[call.func.attr.value]))

    def _reached_factory_body(self, block: cst.CSTNode) -> bool:
        """Whether `block` is the body of a function or method whose calls this run puts under a scope."""
        function = self._parent(block)
        if not isinstance(function, cst.FunctionDef):
            return False
        return id(function) in self.reached_methods or isinstance(self._parent(function), cst.Module) and any(
            f.name == function.name.value and f.module == self.module_name for f in self.survey.reached)

    def _factory_call(self, statement: cst.BaseStatement) -> bool:
        call = call_statement(statement)
        return call is not None and id(call) in self.factory_calls

    def _hand_out_template(self, site: Site, originals: Sequence[cst.BaseStatement],
                           statements: list[cst.BaseStatement]) -> list[cst.BaseStatement]:
        """In a factory whose callers get the scope: the wrapper goes, the template is handed out, no scope here."""
        self.handled.add(id(site.call))
        self.converted()
        replacement = self._site_replacement(site, originals[site.index], statements[site.index])
        statements = self._rename_after(site, statements)
        kept = replacement if isinstance(replacement, list) else [replacement] if replacement is not None else []
        return statements[:site.index] + kept + statements[site.index + 1:]

    def _scope_factory_call(self, index: int, originals: Sequence[cst.BaseStatement],
                            statements: list[cst.BaseStatement]) -> list[cst.BaseStatement]:
        """`a, b = build(2)` ... `b.compile(...)`: the call (its variables are made now) and the compile, and
        what the compile's optimizer is built from, go under one scope."""
        self.wrapped.add(id(call_statement(originals[index])))
        self.converted()
        start, end = factory_call_span(index, originals)
        inside = [s for i in range(start, end + 1) for s in device_block_body(statements[i])]
        return self._scoped(statements, start, end, inside, [])

    def _scope_after_branch(self, start: int, end: int, template: cst.BaseExpression,
                            statements: list[cst.BaseStatement]) -> list[cst.BaseStatement]:
        """The compile after an `if` whose branch built the model in a scope (`mirrored_sites.branch_compile_span`),
        and the optimizer it reads, go under `with model.distribute_strategy.scope():`: the strategy the model
        was built under, whichever branch ran."""
        self.converted()
        inside = [statements[index].visit(BLANK_LINES_UNINDENTED) for index in range(start, end + 1)]
        inside[0] = inside[0].with_changes(leading_lines=[])
        scope = cst.Attribute(value=cst.Attribute(value=template, attr=cst.Name("distribute_strategy")),
                              attr=cst.Name("scope"))
        block = cst.With(items=[cst.WithItem(cst.Call(func=scope))], body=cst.IndentedBlock(body=inside),
                         leading_lines=statements[start].leading_lines)
        return statements[:start] + [block] + statements[end + 1:]

    def _wrapper_class(self, node: cst.ClassDef) -> Factory | None:
        return next((f for f in self.survey.factories if f.wrapper is not None and f.module == self.module_name
                     and f.name == node.name.value), None)

    def _remove_wrapper_classes(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        """A ModelMGPU-style class goes when nothing in its file but the rewritten instantiations names it;
        otherwise its multi_gpu_model call is reported."""
        removed: set[str] = set()
        for statement in original.body:
            if not isinstance(statement, cst.ClassDef) or self._wrapper_class(statement) is None:
                continue
            inner = m.findall(statement, m.Call())
            self.handled |= {id(call) for call in inner}
            if self._still_named(statement, original):
                for call in inner:
                    if self._is_multi_gpu(call):
                        self.report(call, f"class {statement.name.value} wraps multi_gpu_model, which TensorFlow 2 "
                                          "lacks, and is still used here: build the template under "
                                          "tf.distribute.MirroredStrategy().scope() and use it directly")
                continue
            removed.add(statement.name.value)
            self.converted()
        if not removed:
            return updated
        body = [s for s in updated.body if not (isinstance(s, cst.ClassDef) and s.name.value in removed)]
        return updated.with_changes(body=body)

    def _still_named(self, cls: cst.ClassDef, module: cst.Module) -> bool:
        """Whether the class's name is used in its file other than as the callee of a rewritten instantiation."""
        inside = {id(node) for node in m.findall(cls, m.Name(cls.name.value))}
        callees = {id(call.func) for call in self.finder.calls if id(call) in self.handled}
        return any(id(node) not in inside and id(node) not in callees
                   for node in m.findall(module, m.Name(cls.name.value)))

    def _parent(self, node: cst.CSTNode) -> cst.CSTNode | None:
        return self.get_metadata(ParentNodeProvider, node, None)

    def _is_if_site_body(self, block: cst.CSTNode) -> bool:
        """The body of an `if G > 1: p = multi_gpu_model(...)`: the enclosing block rewrites the whole if."""
        parent = self._parent(block)
        return isinstance(parent, cst.If) and parent.body is block and self.finder.if_site(0, parent) is not None

    def _left_to_enclosing_block(self, block: cst.CSTNode) -> bool:
        return self._in_try(block) or self._in_model_subclass(block) or self._is_if_site_body(block)

    def _device_site(self, statement: cst.BaseStatement) -> bool:
        """`with tf.device('/cpu:0'):` holding `p = multi_gpu_model(m, G)`: `p` is used after the block too."""
        body = device_block_body(statement)
        return body != [statement] and any(
            site.kind in ("assign", "if", "try") and site.template is not None for site in self.finder.sites(body))

    def _is_device_site_body(self, block: cst.CSTNode) -> bool:
        """The body of a device block holding a site: the enclosing block rewrites it, the block dropped."""
        with_block = self._parent(block)
        return (isinstance(with_block, cst.With) and with_block.body is block and self._device_site(with_block)
                and not self._left_to_enclosing_block(self._parent(with_block)))

    def _inline_device_sites(self, originals: Sequence[cst.BaseStatement], statements: list[cst.BaseStatement]
                             ) -> tuple[list[cst.BaseStatement], list[cst.BaseStatement]]:
        """Device blocks holding a site give their statements to this block (MirroredStrategy places
        variables itself), so the scope and the rename reach the statements after the block."""
        if not any(self._device_site(original) for original in originals):
            return list(originals), statements
        flat_originals: list[cst.BaseStatement] = []
        flat: list[cst.BaseStatement] = []
        for original, statement in zip(originals, statements, strict=True):
            inline = self._device_site(original)
            flat_originals += device_block_body(original) if inline else [original]
            flat += device_block_body(statement) if inline else [statement]
        return flat_originals, flat

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
            self.report(site.call, "removed a multi_gpu_model call whose result was never used", advice=True)
            return statements[:site.index] + statements[site.index + 1:]
        if self._under_strategy_scope(block):
            return self._unwrap_in_scope(site, statements)
        replacement = self._site_replacement(site, originals[site.index], statements[site.index]) or \
            self._binding_kept(site, statements[site.index], block)
        start, end = self._scope_bounds(site, originals)
        statements = self._rename_after(site, statements)
        return self._wrap_in_scope(site, statements, start, end, replacement)

    def _scope_bounds(self, site: Site, originals: Sequence[cst.BaseStatement]) -> tuple[int, int]:
        """The first and last statements the scope holds: the template's creation to its compile, each
        reported when it is not in this block."""
        start, end = scope_span(site, originals)
        if creation_index(site, originals) is None:
            self.report(site.call, f"the template '{code(site.template)}' is not created in this block: create it "
                                   "inside strategy.scope() where it is built", advice=True)
        if site.kind != "return" and compile_index(site, originals) is None and trains_after(site, originals):
            self.report(site.call, "no compile() follows in this block: compile the model inside strategy.scope()",
                        advice=True)
        if site.kind == "return":
            self.report(site.call, "this function now returns the template, not a wrapper, and no call of it in the "
                                   "files given is a statement migrate can scope: its callers keep working, but should "
                                   "call it where a MirroredStrategy scope is active", advice=True)
        return start, end

    def _site_replacement(self, site: Site, original: cst.BaseStatement, statement: cst.BaseStatement
                          ) -> cst.BaseStatement | list[cst.BaseStatement] | None:
        """What the site statement becomes: nothing, `return template`, its `if` without the call, or the
        rest of its `try` body (the strategy covers the fallback: its handlers go)."""
        if site.kind == "return":
            return statement.visit(ReplaceCall(site.call, site.template))
        if site.kind not in ("try", "if"):
            return None
        kept = self._body_without_call(site, original, statement)
        if site.kind == "try" or not kept:
            return kept or None
        return statement.with_changes(body=statement.body.with_changes(body=kept), orelse=None)

    def _binding_kept(self, site: Site, statement: cst.BaseStatement, block: cst.CSTNode) -> cst.BaseStatement | None:
        """`p = m` in place of `p = multi_gpu_model(m, G)` in a branch (an `else:`, a `with`, a loop body): the code
        after the branch reads `p`, which the rename of the rest of the block does not reach; without it `p` would
        be unbound there on the path that bound it. A function's or module's own body needs none."""
        if site.kind != "assign" or site.parallel is None or code(site.parallel) == code(site.template) or \
                isinstance(block, cst.Module) or isinstance(self._parent(block), cst.FunctionDef):
            return None
        return cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(site.parallel)], site.template)],
                                       leading_lines=statement.leading_lines)

    def _body_without_call(self, site: Site, original: cst.BaseStatement, statement: cst.BaseStatement
                           ) -> list[cst.BaseStatement]:
        """An `if`/`try` body less the statement assigning the call, found in the body as read (the node
        another rule rewrote, `keras.utils.multi_gpu_model(...)` included, is no longer the call found)."""
        found = [self.finder.site(i, s) for i, s in enumerate(original.body.body)]
        return [s for s, at in zip(statement.body.body, found, strict=True)
                if not (at is not None and at.kind == "assign" and at.call is site.call)]

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
        after: list[cst.BaseStatement] = []
        if site.kind == "return":  # the scope ends before it; the return hands out the template
            after = [replacement]
            end = site.index
        return self._scoped(statements, start, end, inside, self._dropped_comments(site), self._devices(site), after)

    def _scoped(self, statements: list[cst.BaseStatement], start: int, end: int, inside: list[cst.BaseStatement],
                comments: list[cst.EmptyLine], devices: str = "", after: Sequence[cst.BaseStatement] = ()
                ) -> list[cst.BaseStatement]:
        """Statements start..end replaced by `strategy = ...MirroredStrategy()` and `with strategy.scope():`
        holding `inside`; the first statement's comments and blank lines go above the strategy line."""
        leading = statements[start].leading_lines
        if inside:  # the first statement's own comments stay with it (a device block's body keeps its own)
            own, moved = list(inside[0].leading_lines), list(leading)
            inside[0] = inside[0].with_changes(leading_lines=own[len(moved):] if own[:len(moved)] == moved else own)
            inside = [statement.visit(BLANK_LINES_UNINDENTED) for statement in inside]
        strategy = cst.parse_statement(f"strategy = {self.tf_name}.distribute.MirroredStrategy({devices})\n")
        strategy = strategy.with_changes(leading_lines=[*leading, *comments])
        block: list[cst.BaseStatement] = [strategy]
        if inside:
            block.append(cst.With(items=[cst.WithItem(cst.parse_expression("strategy.scope()"))],
                                  body=cst.IndentedBlock(body=inside)))
        self.context.scratch["needs_tensorflow"] = True
        return statements[:start] + block + list(after) + statements[end + 1:]

    def _unwrap_in_scope(self, site: Site, statements: list[cst.BaseStatement]) -> list[cst.BaseStatement]:
        """Already under a strategy scope: the call becomes its template (`parallel = model`), nothing moves."""
        swap = ReplaceCall(site.call, site.template)
        return statements[:site.index] + [statements[site.index].visit(swap)] + statements[site.index + 1:]

    def _devices(self, site: Site) -> str:
        """`gpus=[0, 2]` (or any list or tuple of ids) names devices; a count or nothing means all visible GPUs."""
        gpus = self.finder.gpus_of(site.call)
        if isinstance(gpus, (cst.List, cst.Tuple)) and all(isinstance(e.value, cst.Integer) for e in gpus.elements):
            return "devices=[" + ", ".join(f'"/gpu:{code(e.value)}"' for e in gpus.elements) + "]"
        if isinstance(gpus, (cst.List, cst.Tuple, cst.ListComp)):
            return f'devices=[f"/gpu:{{gpu}}" for gpu in {code(gpus)}]'
        return ""

    def _dropped_comments(self, site: Site) -> list[cst.EmptyLine]:
        """One comment naming what the strategy line no longer says: a `gpus=` expression (its value may be
        a count, which every visible GPU replaces, or ids, which it does not) and the placement options."""
        lines = []
        gpus = self.finder.gpus_of(site.call)
        if gpus is not None and not isinstance(gpus, (cst.Integer, cst.List, cst.Tuple, cst.ListComp)):
            lines.append(f"# migrate: gpus={code(gpus)} dropped: MirroredStrategy() uses every visible GPU "
                         "(for chosen ids, pass devices=[...])")
        dropped = [f"{code(arg.keyword)}={code(arg.value)}" for arg in site.call.args
                   if arg.keyword is not None and code(arg.keyword) in DROPPED_ARGUMENTS]
        if dropped:
            lines.append(f"# migrate: {', '.join(dropped)} dropped: MirroredStrategy places and merges variables itself")
        return [cst.EmptyLine(comment=cst.Comment(text)) for text in lines]
