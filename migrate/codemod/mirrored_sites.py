"""Finding the multi_gpu_model sites of a statement block that `multi_gpu_model_to_mirrored` can rewrite.

A site is one statement using a call already proven (by qualified name) to be Keras' multi_gpu_model, or
an instantiation of a project's ModelMGPU-style class around it (`codemod/factories.py`):
`p = multi_gpu_model(m, ...)`, `p = multi_gpu_model(m, ...) if G > 1 else m`, an `if G > 1:` holding
such an assignment (with no else, or an else that only says `p = m`), `return multi_gpu_model(m, ...)`
(alone or in a tuple), or a bare call. Around a site: where its template is created and where it (or the
wrapper) is compiled.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m

from migrate.codemod.syntax import assigns, code, names_in

COMPILE_CALL = m.SimpleStatementLine(body=[m.Expr(m.Call(func=m.Attribute(attr=m.Name("compile"))))])


@dataclass(frozen=True)
class Wrapper:
    """Where a wrapping call's template and GPU count are among its arguments: (position, keyword)."""

    template: tuple[int, str]
    gpus: tuple[int, str] | None

    def template_of(self, call: cst.Call) -> cst.BaseExpression | None:
        return _argument(call, *self.template)

    def gpus_of(self, call: cst.Call) -> cst.BaseExpression | None:
        return _argument(call, *self.gpus) if self.gpus is not None else None


MULTI_GPU = Wrapper((0, "model"), (1, "gpus"))


def _argument(call: cst.Call, position: int, keyword: str) -> cst.BaseExpression | None:
    """An argument given by keyword, or else by position (keywords never count as positions)."""
    for arg in call.args:
        if arg.keyword is not None and code(arg.keyword) == keyword:
            return arg.value
    positional = [a for a in call.args if a.keyword is None and not a.star]
    return positional[position].value if len(positional) > position else None


@dataclass
class Site:
    """One rewritable use of multi_gpu_model in a block."""

    index: int
    kind: str  # 'assign', 'if', 'return', 'expr'
    call: cst.Call
    template: cst.BaseExpression | None
    parallel: cst.BaseExpression | None


class SiteFinder:
    """Knows the multi_gpu_model calls of a module and recognises the statements that use them."""

    def __init__(self, calls: list[cst.Call]) -> None:
        self.calls = calls
        self.wrappers: dict[int, Wrapper] = {}  # id(call) -> its class's Wrapper, for ModelMGPU-style calls

    def add(self, call: cst.Call, wrapper: Wrapper = MULTI_GPU) -> None:
        self.calls.append(call)
        self.wrappers[id(call)] = wrapper

    def template_of(self, call: cst.Call) -> cst.BaseExpression | None:
        """The model a wrapping call wraps: multi_gpu_model's first argument (or `model=`), or a class's own."""
        return self.wrappers.get(id(call), MULTI_GPU).template_of(call)

    def gpus_of(self, call: cst.Call) -> cst.BaseExpression | None:
        return self.wrappers.get(id(call), MULTI_GPU).gpus_of(call)

    def sites(self, statements: Sequence[cst.BaseStatement]) -> list[Site]:
        """The rewritable sites of one block, in order."""
        return [site for site in (self.site(i, s) for i, s in enumerate(statements)) if site is not None]

    def site(self, index: int, statement: cst.BaseStatement) -> Site | None:
        """The multi_gpu_model use `statement` is, when it is one migrate can move."""
        if isinstance(statement, cst.If):
            return self.if_site(index, statement)
        if isinstance(statement, cst.Try):
            return self.try_site(index, statement)
        if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
            return None
        small = statement.body[0]
        if isinstance(small, cst.Assign) and len(small.targets) == 1:
            call, template = self.call_or_fallback(small.value)
            if call is not None:
                return Site(index, "assign", call, template, small.targets[0].target)
        if isinstance(small, cst.Return) and self.is_call(small.value):
            return Site(index, "return", small.value, self.template_of(small.value), None)
        if isinstance(small, cst.Return) and isinstance(small.value, cst.Tuple):
            calls = [e.value for e in small.value.elements if self.is_call(e.value)]
            if len(calls) == 1:
                return Site(index, "return", calls[0], self.template_of(calls[0]), None)
        if isinstance(small, cst.Expr) and self.is_call(small.value):
            return Site(index, "expr", small.value, self.template_of(small.value), None)
        return None

    def call_or_fallback(self, value: cst.BaseExpression) -> tuple[cst.Call | None, cst.BaseExpression | None]:
        """`multi_gpu_model(m, ...)`, or `multi_gpu_model(m, ...) if G > 1 else m`: the call and `m`."""
        if self.is_call(value):
            return value, self.template_of(value)
        if isinstance(value, cst.IfExp) and self.is_call(value.body):
            template = self.template_of(value.body)
            if template is not None and code(value.orelse) == code(template):
                return value.body, template
        return None, None

    def if_site(self, index: int, statement: cst.If) -> Site | None:
        """`if G > 1: p = multi_gpu_model(m, G)` with no else, or an else that only says `p = m`.

        Only then are both paths one under a strategy: an else doing other work (`else: p = build()`) is the
        only path that builds `p`, and dropping it would leave `p` unbound there (issue 31)."""
        assigned = [s for s in (self.site(i, s) for i, s in enumerate(statement.body.body))
                    if s is not None and s.kind == "assign"]
        if len(assigned) != 1:
            return None
        site = assigned[0]
        if statement.orelse is not None and not _trivial_else(statement, site):
            return None
        if _used_later_in_body(statement, site):
            return None  # `if __name__ == '__main__': ... p = multi_gpu_model(m); p.fit()`: a block, not a guard
        return Site(index, "if", site.call, site.template, site.parallel)

    def try_site(self, index: int, statement: cst.Try) -> Site | None:
        """`try: p = multi_gpu_model(m, G) except ...: p = m`: with a MirroredStrategy, both branches are one.

        The try body holds the assignment (and anything else, kept); every handler only falls back to the
        template (`p = m`, and prints or logging calls), so no handler does work the rewrite would drop."""
        if statement.orelse is not None or statement.finalbody is not None or not statement.handlers:
            return None
        assigned = [s for s in (self.site(i, s) for i, s in enumerate(statement.body.body))
                    if s is not None and s.kind == "assign"]
        if len(assigned) != 1 or assigned[0].template is None:
            return None
        site = assigned[0]
        fallback = f"{code(site.parallel)} = {code(site.template)}"
        for handler in statement.handlers:
            lines = [code(s) for s in handler.body.body]
            if fallback not in lines or not all(line == fallback or _just_says(s) for line, s in
                                                zip(lines, handler.body.body, strict=True)):
                return None
        return Site(index, "try", site.call, site.template, site.parallel)

    def assigns_call(self, statement: cst.BaseStatement) -> bool:
        """Whether a statement assigns a multi_gpu_model call (or its fallback expression)."""
        if not m.matches(statement, m.SimpleStatementLine(body=[m.Assign()])):
            return False
        value = statement.body[0].value
        return self.call_or_fallback(value)[0] is not None or m.matches(value, m.Call(func=m.Name("multi_gpu_model")))

    def is_call(self, node: cst.CSTNode | None) -> bool:
        return isinstance(node, cst.Call) and any(node is call for call in self.calls)


def creation_index(site: Site, statements: Sequence[cst.BaseStatement]) -> int | None:
    """The nearest statement before the site that assigns the template (a tf.device block counts)."""
    target = code(site.template)
    for index in range(site.index - 1, -1, -1):
        statement = statements[index]
        if assigns(statement, target):
            return index
        if isinstance(statement, cst.With) and any(assigns(s, target) for s in statement.body.body):
            return index
    return None


def construction_start(statements: Sequence[cst.BaseStatement], creation: int, compiled: int | None = None) -> int:
    """The first statement of the template's construction: the backward data-flow slice of its creation.

    `model = Model(inp, out)` reads `inp` and `out`; the statements before it that assign those (and,
    transitively, what they read: `out = Dense(3)(hidden)`, `hidden = Dense(8)(inp)`, `inp = Input(...)`)
    make the layers and their variables, which must be made under the strategy's scope too; so must an
    optimizer the compile (`compiled`) reads. Statements that make nothing (`OUT = sys.argv[1]`,
    `n = len(classes)`: no call but of a known non-Keras helper) are not followed. The scope starts at
    the earliest of them; statements between are kept in place, never reordered.
    """
    needed = _read_names(statements[creation])
    if compiled is not None:
        needed |= _read_names(statements[compiled])
    start = creation
    for index in range(creation - 1, -1, -1):
        written = _written_names(statements[index])
        if written & needed and _builds(statements[index]):
            start = index
            needed |= _read_names(statements[index])
    return start


# Callees (by their first dotted name) that make no layers, tensors or models: following them into the
# scope would only move configuration (paths, argument parsing, counts) under it.
NOT_BUILDERS = frozenset({
    "os", "sys", "np", "numpy", "math", "json", "argparse", "pathlib", "Path", "glob", "time", "datetime",
    "random", "re", "pd", "pandas", "yaml", "logging", "len", "int", "float", "str", "bool", "range", "list",
    "dict", "tuple", "set", "sorted", "zip", "enumerate", "print", "open", "min", "max", "sum", "abs", "round",
    "getattr", "isinstance",
})


def _builds(statement: cst.BaseStatement) -> bool:
    """Whether a statement calls anything that may make layers, tensors or models."""
    return any(code(call.func).split(".")[0] not in NOT_BUILDERS for call in m.findall(statement, m.Call()))


def trains_after(site: Site, statements: Sequence[cst.BaseStatement]) -> bool:
    """Whether the block trains the template or wrapper after the site (inference needs no compile)."""
    names = {code(site.template)} | ({code(site.parallel)} if site.parallel is not None else set())
    training = m.Call(func=m.Attribute(attr=m.Name("fit") | m.Name("fit_generator") | m.Name("train_on_batch")))
    return any(code(call.func.value) in names for statement in statements[site.index + 1:]
               for call in m.findall(statement, training))


def _written_names(statement: cst.BaseStatement) -> set[str]:
    if not isinstance(statement, cst.SimpleStatementLine):
        return set()
    names: set[str] = set()
    for small in statement.body:
        targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else \
            [small.target] if isinstance(small, (cst.AnnAssign, cst.AugAssign)) else []
        for target in targets:
            names |= {node.value for node in names_in(target)}
    return names


def _used_later_in_body(statement: cst.If, site: Site) -> bool:
    """Whether the `if` body reads the wrapper after assigning it. A guard (`if G > 1: p = multi_gpu_model(...)`)
    hands `p` to the code after the `if`, which the rewrite renames; a body that goes on to compile and fit `p`
    is an ordinary block, rewritten in place, where its own uses are renamed too."""
    if site.parallel is None:
        return False
    wanted = code(site.parallel)
    body = list(statement.body.body)
    at = next((i for i, inner in enumerate(body) if any(call is site.call for call in m.findall(inner, m.Call()))),
              None)
    if at is None:
        return False
    return any(code(node) == wanted for inner in body[at + 1:]
               for node in m.findall(inner, m.Name() | m.Attribute()))


def _read_names(statement: cst.BaseStatement) -> set[str]:
    """Plain names a statement reads (for a `with` block: what its body reads)."""
    if isinstance(statement, cst.With):
        return set().union(*[_read_names(inner) for inner in statement.body.body]) if statement.body.body else set()
    if not isinstance(statement, cst.SimpleStatementLine):
        return set()
    values = [small.value for small in statement.body if isinstance(small, (cst.Assign, cst.AugAssign, cst.Expr))
              and small.value is not None]
    return {node.value for value in values for node in names_in(value)}


def scope_span(site: Site, statements: Sequence[cst.BaseStatement]) -> tuple[int, int]:
    """The statements `multi_gpu_model_to_mirrored` puts under the scope for a site: first and last index."""
    creation = creation_index(site, statements)
    end = compile_index(site, statements) if site.kind != "return" else site.index - 1
    start = construction_start(statements, creation, end) if creation is not None else site.index
    return start, site.index if end is None else end


def compile_index(site: Site, statements: Sequence[cst.BaseStatement]) -> int | None:
    """The first `X.compile(...)` after the site where X is the template or the wrapper."""
    names = {code(site.template)} | ({code(site.parallel)} if site.parallel is not None else set())
    return compile_after(site.index, names, statements)


def compile_after(after: int, names: set[str], statements: Sequence[cst.BaseStatement]) -> int | None:
    """The first `X.compile(...)` after statement `after` where X is spelled as one of `names`."""
    for index in range(after + 1, len(statements)):
        statement = statements[index]
        if m.matches(statement, COMPILE_CALL) and code(statement.body[0].value.func.value) in names:
            return index
    return None


def branch_compile_span(index: int, statements: Sequence[cst.BaseStatement], finder: SiteFinder
                        ) -> tuple[int, int, cst.BaseExpression] | None:
    """`if G <= 1: model = build() else: ... model = multi_gpu_model(model, G)`, then `opt = SGD(...)` and
    `model.compile(optimizer=opt)` after the `if` (reger-men/keras_multi_gpus): the branch's scope ends with the
    branch, and the optimizer made after it would be made outside (Keras 3's fit stops: "Mixing different
    tf.distribute.Strategy objects"). The statements from what the compile reads to the compile (first and last
    index, all after the `if`) and the template, whose `distribute_strategy` is the scope it was built in (or the
    default strategy, in a branch with none); None when no branch of the `if` wraps the model it leaves
    uncompiled under the same name."""
    statement = statements[index]
    if not isinstance(statement, cst.If) or finder.site(index, statement) is not None:
        return None  # an `if` that is a site itself (`if G > 1: model = multi_gpu_model(...)`) gets the scope whole
    templates = set()  # the name the code after the `if` reads the model by: the wrapper's (bound to the template)
    for body in _branch_bodies(statement):
        for site in finder.sites(body):
            if site.kind != "assign" or site.template is None or compile_index(site, body) is not None:
                return None
            templates.add(code(site.parallel) if site.parallel is not None else code(site.template))
    if len(templates) != 1:
        return None
    template = templates.pop()
    end = compile_after(index, {template}, statements)
    if end is None:
        return None
    after = statements[index + 1:end + 1]
    start = index + 1 + construction_start(after, len(after) - 1, len(after) - 1)
    return start, end, cst.parse_expression(template)


def _branch_bodies(statement: cst.If) -> list[Sequence[cst.BaseStatement]]:
    """The statement lists of an `if`, its `elif`s and its `else`."""
    bodies: list[Sequence[cst.BaseStatement]] = [statement.body.body]
    if isinstance(statement.orelse, cst.If):
        bodies += _branch_bodies(statement.orelse)
    elif isinstance(statement.orelse, cst.Else):
        bodies.append(statement.orelse.body.body)
    return bodies


def hands_out_wrapper(site: Site, statements: Sequence[cst.BaseStatement]) -> bool:
    """Whether a function body gives its caller the wrapper to compile: `return multi_gpu_model(m, G)`
    (alone or in a tuple), or `p = multi_gpu_model(m, G)` ... `return p` with no compile of p or m."""
    if site.kind == "return":
        return True
    if site.parallel is None or site.template is None or compile_index(site, statements) is not None:
        return False
    wrapper = code(site.parallel)
    return any(wrapper in _returned(statement) for statement in statements[site.index + 1:])


def _returned(statement: cst.BaseStatement) -> set[str]:
    """The spellings a `return` statement hands back: its value, or each element of its tuple."""
    if not m.matches(statement, m.SimpleStatementLine(body=[m.Return()])) or statement.body[0].value is None:
        return set()
    value = statement.body[0].value
    return {code(e.value) for e in value.elements} if isinstance(value, cst.Tuple) else {code(value)}


def _just_says(statement: cst.BaseStatement) -> bool:
    """A statement that only prints or logs: `print(...)`, `logger.info(...)`, `warnings.warn(...)`."""
    if not m.matches(statement, m.SimpleStatementLine(body=[m.Expr(m.Call())])):
        return False
    func = statement.body[0].value.func
    name = code(func).split(".")[-1]
    return name in {"print", "info", "warning", "warn", "debug", "error", "exception"}


def _trivial_else(statement: cst.If, site: Site) -> bool:
    """Whether the `else:` says only `p = m`, the site's parallel name bound to its template."""
    orelse = statement.orelse
    if not isinstance(orelse, cst.Else) or len(orelse.body.body) != 1 or site.template is None:
        return False
    line = orelse.body.body[0]
    if not m.matches(line, m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget()])])):
        return False
    assign = line.body[0]
    parallel = code(site.parallel) if site.parallel is not None else None
    return code(assign.targets[0].target) == parallel and code(assign.value) == code(site.template)
