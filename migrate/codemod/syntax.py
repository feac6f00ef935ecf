"""Small LibCST helpers the rules share: a node's source text, renames and replacements by spelling,
and the statement shapes training scripts are made of."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

import libcst as cst
import libcst.matchers as m

_EMPTY = cst.Module(body=[])


def code(node: cst.CSTNode) -> str:
    """The source text of a node, without surrounding whitespace."""
    return _EMPTY.code_for_node(node).strip()


class ReadNames(cst.CSTVisitor):
    """Collects every Name a tree reads or binds, except attribute names (`x.attr` reads x, not attr), keyword
    names and what import statements bind; `attributes` gets the attributes passed on the way. A rule that
    wants more of the same walk subclasses it."""

    def __init__(self) -> None:
        super().__init__()
        self.names: list[cst.Name] = []
        self.attributes: list[cst.Attribute] = []

    def visit_Name(self, name: cst.Name) -> None:
        self.names.append(name)

    def visit_Attribute(self, attribute: cst.Attribute) -> bool:
        self.attributes.append(attribute)
        attribute.value.visit(self)
        return False

    def visit_Arg(self, arg: cst.Arg) -> bool:
        arg.value.visit(self)
        return False

    def visit_Import(self, node: cst.Import) -> bool:
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False


def names_in(node: cst.CSTNode) -> list[cst.Name]:
    """Every Name a node reads or binds (see ReadNames)."""
    reader = ReadNames()
    node.visit(reader)
    return reader.names


def assigned(statement: cst.BaseStatement) -> tuple[str, cst.BaseExpression] | None:
    """(NAME, VALUE) of a line `NAME = VALUE` alone on its line (one target, a plain name), or None."""
    if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1:
        small = statement.body[0]
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
            return small.targets[0].target.value, small.value
    return None


def mentions(node: cst.CSTNode, name: str) -> int:
    """How many times `name` is read or bound in `node` (its Names: see ReadNames)."""
    return sum(found.value == name for found in names_in(node))


def subclasses_model(node: cst.ClassDef) -> bool:
    """`class X(Model)`, `class X(keras.Model)`, `class X(keras.models.Model)`..."""
    return any(code(base.value).split(".")[-1] == "Model" for base in node.bases)


def ancestors(node: cst.CSTNode, parent_of: Callable[[cst.CSTNode], cst.CSTNode | None]) -> list[cst.CSTNode]:
    """The nodes enclosing `node`, innermost first (`parent_of` reads ParentNodeProvider)."""
    found = []
    current = parent_of(node)
    while current is not None:
        found.append(current)
        current = parent_of(current)
    return found


def assigns(statement: cst.BaseStatement, target: str) -> bool:
    """Whether a simple statement assigns (plainly, annotated or augmented) to the expression `target`, alone
    or as one of a tuple's (`single, shape = build()`)."""
    if not isinstance(statement, cst.SimpleStatementLine):
        return False
    for small in statement.body:
        if isinstance(small, cst.Assign) and any(target in _unpacked(t.target) for t in small.targets):
            return True
        if isinstance(small, (cst.AnnAssign, cst.AugAssign)) and code(small.target) == target:
            return True
    return False


def _unpacked(target: cst.BaseExpression) -> set[str]:
    """The expressions an assignment target binds: itself, or each element of a tuple or list, nested."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return {code(target)}.union(*(_unpacked(element.value) for element in target.elements))
    return {code(target)}


def device_block_body(statement: cst.BaseStatement) -> list[cst.BaseStatement]:
    """`with tf.device('/cpu:0'): body` -> body, its comments kept; any other statement as it is.

    MirroredStrategy places variables itself, so the old placement block has no job left."""
    if isinstance(statement, cst.With) and len(statement.items) == 1:
        item = statement.items[0].item
        if isinstance(item, cst.Call) and code(item.func).endswith(".device") and statement.items[0].asname is None:
            body = list(statement.body.body)
            body[0] = body[0].with_changes(leading_lines=[*statement.leading_lines, *body[0].leading_lines])
            return body
    return [statement]


class ReplaceCall(cst.CSTTransformer):
    """Replace one call (matched by its code) with another expression."""

    def __init__(self, call: cst.Call, new: cst.BaseExpression) -> None:
        self.call, self.new = code(call), new

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        return self.new if code(original) == self.call else updated


class Rename(cst.CSTTransformer):
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


def user_method_calls(module: cst.Module, methods: set[str]) -> set[int]:
    """The calls (by id) of `methods` that reach a method a class of this module defines itself: `self.save()`
    inside a class with its own `save`, `t.fit_generator()` where `t = Trainer(...)` and Trainer defines one.
    Rules matching Keras methods by name leave these alone: the project's method is not Keras'."""
    gathered = _gathered(module)
    owners = {node.name.value: {s.name.value for s in node.body.body if isinstance(s, cst.FunctionDef)} & methods
              for node in gathered[cst.ClassDef]}
    owners = {name: own for name, own in owners.items() if own}
    if not owners:
        return set()
    instances: dict[str, set[str]] = {}  # variable -> methods its class defines
    for assign in gathered[cst.Assign]:
        value = assign.value
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in owners:
            for target in assign.targets:
                if isinstance(target.target, cst.Name):
                    instances.setdefault(target.target.value, set()).update(owners[value.func.value])
    found: set[int] = set()
    for cls in gathered[cst.ClassDef]:
        own = owners.get(cls.name.value, set())
        found |= {id(call) for call in _walk(cls, cst.Call) if _receiver_call(call, {"self": own, "cls": own})}
    found |= {id(call) for call in gathered[cst.Call] if _receiver_call(call, instances | owners)}
    return found


def _receiver_call(call: cst.Call, receivers: dict[str, set[str]]) -> bool:
    """`receiver.method(...)` with method among the receiver's own; `Cls(...).method(...)` too."""
    func = call.func
    if not isinstance(func, cst.Attribute):
        return False
    receiver = func.value.func if isinstance(func.value, cst.Call) else func.value
    return isinstance(receiver, cst.Name) and func.attr.value in receivers.get(receiver.value, ())


GATHERED = (cst.ClassDef, cst.Assign, cst.Call)
_gathered_in: dict[int, tuple[cst.Module, dict[type, list]]] = {}  # id -> (module, its nodes by kind), a few


def _gathered(module: cst.Module) -> dict[type, list]:
    """The module's class definitions, assignments and calls, each in the order a walk meets them: one
    walk per module (several rules ask, of the same tree)."""
    known = _gathered_in.get(id(module))
    if known is not None and known[0] is module:
        return known[1]
    found: dict[type, list] = {kind: [] for kind in GATHERED}
    lists_of: dict[type, list[list]] = {}

    class Collect(cst.CSTVisitor):
        def on_visit(self, visited: cst.CSTNode) -> bool:
            lists = lists_of.get(type(visited))
            if lists is None:
                lists = lists_of[type(visited)] = [found[kind] for kind in GATHERED if isinstance(visited, kind)]
            for each in lists:
                each.append(visited)
            return True

    module.visit(Collect())
    if len(_gathered_in) >= 8:
        del _gathered_in[next(iter(_gathered_in))]
    _gathered_in[id(module)] = (module, found)
    return found


def _walk(node: cst.CSTNode, kind: type) -> list:
    found: list = []

    class Collect(cst.CSTVisitor):
        def on_visit(self, visited: cst.CSTNode) -> bool:
            if isinstance(visited, kind):
                found.append(visited)
            return True

    node.visit(Collect())
    return found


def in_place(block: cst.BaseSuite, leading: Sequence[cst.EmptyLine]) -> cst.FlattenSentinel:
    """A block's statements in the place of the statement that held it (an `if` always taken, a `with` that goes),
    the comments above that statement above the first."""
    statements = list(block.body) if isinstance(block, cst.IndentedBlock) else [cst.SimpleStatementLine(block.body)]
    statements[0] = statements[0].with_changes(leading_lines=[*leading, *statements[0].leading_lines])
    return cst.FlattenSentinel(statements)


def dotted_expression(path: str) -> cst.Attribute | cst.Name:
    """`a.b.c` as the expression LibCST prints so (an import's module, a name's new spelling)."""
    parts = path.split(".")
    expression: cst.Attribute | cst.Name = cst.Name(parts[0])
    for part in parts[1:]:
        expression = cst.Attribute(value=expression, attr=cst.Name(part))
    return expression


def imported_as(scope: cst.CSTNode, name: str) -> list[cst.ImportAlias]:
    """The import aliases in `scope` that bind `name` (`import a.b` binds `a`)."""
    return [alias for alias in m.findall(scope, m.ImportAlias())
            if (code(alias.asname.name) if alias.asname else code(alias.name).split(".")[0]) == name]


def module_alias(module: cst.Module, package: str) -> str | None:
    """The name a top-level `import package [as alias]` binds (`tf` for `import tensorflow as tf`); None without one."""
    for statement in module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Import):
                for alias in small.names:
                    if code(alias.name) == package:
                        return code(alias.asname.name) if alias.asname else package
    return None


def other_bindings(scope: cst.CSTNode, name: str) -> int:
    """How many times `scope` binds `name` otherwise than by an import: an assignment target (in a tuple too), an
    annotated or augmented assignment, a loop or comprehension target, `with`/`except ... as`, a parameter, a def or
    class name, a walrus."""
    import_names = {id(alias.asname) for alias in m.findall(scope, m.ImportAlias()) if alias.asname is not None}
    count = 0
    for store in m.findall(scope, m.AssignTarget() | m.AnnAssign() | m.AugAssign() | m.For() | m.AsName() |
                           m.Param() | m.FunctionDef() | m.ClassDef() | m.NamedExpr() | m.CompFor()):
        if isinstance(store, (cst.FunctionDef, cst.ClassDef)):
            count += store.name.value == name
        elif id(store) not in import_names:
            target = store.name if isinstance(store, (cst.AsName, cst.Param)) else store.target
            count += sum(found.value == name for found in m.findall(target, m.Name()))  # (the target itself too)
    return count


def keyword_arg(call: cst.Call, name: str) -> cst.Arg | None:
    """The call's argument given as `name=`, if any."""
    return next((arg for arg in call.args if arg.keyword is not None and arg.keyword.value == name), None)


def bound_arguments(call: cst.Call, parameters: Sequence[str]) -> dict[str, cst.BaseExpression] | None:
    """The call's arguments by parameter name, a positional one taking the name at its place in `parameters` (a TF 1
    function's signature, read as Python binds it); None where that cannot be read: a star argument, a keyword the
    signature lacks, a parameter given twice, more positional arguments than parameters."""
    bound: dict[str, cst.BaseExpression] = {}
    for index, arg in enumerate(call.args):
        name = arg.keyword.value if arg.keyword is not None else (parameters[index] if index < len(parameters) else None)
        if arg.star or name not in parameters or name in bound:
            return None
        bound[name] = arg.value
    return bound


def without_keywords(args: Sequence[cst.Arg], names: Collection[str]) -> list[cst.Arg]:
    """`args` without those given as one of `names=`; the last one left takes the comma (or none) the last one had,
    so no removal leaves a dangling comma behind."""
    kept = [arg for arg in args if arg.keyword is None or arg.keyword.value not in names]
    if kept and args and kept[-1] is not args[-1]:
        kept[-1] = kept[-1].with_changes(comma=args[-1].comma)
    return kept


def reads(scope: cst.CSTNode, name: str) -> list[cst.Name]:
    """The Name nodes spelling `name` in `scope` that read or bind it: not a keyword of a call (`f(name=...)`) nor an
    attribute (`x.name`)."""
    spelled = {id(arg.keyword) for arg in m.findall(scope, m.Arg(keyword=m.Name(name)))} | \
        {id(attribute.attr) for attribute in m.findall(scope, m.Attribute(attr=m.Name(name)))}
    return [node for node in m.findall(scope, m.Name(name)) if id(node) not in spelled]


def keyword(name: str, value: cst.BaseExpression) -> cst.Arg:
    """`name=value`, spelt as PEP 8 spells a keyword argument (no spaces around `=`)."""
    return cst.Arg(value, keyword=cst.Name(name), equal=cst.AssignEqual(
        whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")))


_SAVES = re.compile(rb"\.save\(|ModelCheckpoint\(")


def with_parameter(function: cst.FunctionDef, name: str) -> cst.FunctionDef:
    """The function with a last parameter `name=None` (`training=None`, `dtype=None`: what Keras 3 passes a layer's
    call or an initializer by keyword), after its others."""
    params = list(function.params.params)
    if params and params[-1].comma is not cst.MaybeSentinel.DEFAULT:
        params[-1] = params[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
    added = cst.Param(cst.Name(name), default=cst.Name("None"),
                      equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace("")))
    return function.with_changes(params=function.params.with_changes(params=[*params, added]))


def saves_a_model(source: bytes) -> bool:
    """Whether the text may save a whole model (`model.save(`, a `ModelCheckpoint(`): its optimizer and activations
    with it, which a copied helper then names."""
    return _SAVES.search(source) is not None


def first_on_each_branch(statement: cst.BaseStatement | None, name: str) -> list[cst.BaseStatement]:
    """The statements that first name `name` from `statement` on: itself, or, for an if/elif/else whose tests do not
    name it, the first in each branch that does (flomlo/ntm_keras: `controller = Sequential()`, then a branch per
    controller architecture, each adding its first layer)."""
    if not isinstance(statement, cst.If) or mentions(statement.test, name):
        return [] if statement is None else [statement]
    found = first_on_each_branch(next((each for each in statement.body.body if mentions(each, name)), None), name)
    if isinstance(statement.orelse, cst.If):
        found += first_on_each_branch(statement.orelse, name)
    elif isinstance(statement.orelse, cst.Else):
        found += first_on_each_branch(next((each for each in statement.orelse.body.body if mentions(each, name)), None),
                                       name)
    return found


def added_layer(statement: cst.BaseStatement | None, name: str) -> cst.BaseExpression | None:
    """The layer of a line `name.add(LAYER)`, or None."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1 or \
            not isinstance(statement.body[0], cst.Expr):
        return None
    call = statement.body[0].value
    if m.matches(call, m.Call(func=m.Attribute(value=m.Name(name), attr=m.Name("add")), args=[m.Arg(keyword=None)])):
        return call.args[0].value
    return None


def sequential_first_layers(module: cst.Module, is_sequential: Callable[[cst.BaseExpression], bool]) \
        -> list[tuple[cst.BaseExpression, cst.SimpleStatementLine | None, str | None]]:
    """The first layer of each Sequential the file makes, with the line adding it and the model's name: the first
    element of any `Sequential([...])` (no line, no name), and, after `model = Sequential()` (no list of layers), the
    layer of the first line of the same block naming `model`, `model.add(LAYER)`, or of the first such line on each
    branch of an if/elif/else that follows. `is_sequential` tells a callee that is Keras's Sequential."""
    found: list[tuple[cst.BaseExpression, cst.SimpleStatementLine | None, str | None]] = []
    for call in m.findall(module, m.Call(args=[m.Arg(value=m.List() | m.Tuple(), keyword=None), m.ZeroOrMore()])):
        if call.args[0].value.elements and is_sequential(call.func):
            found.append((call.args[0].value.elements[0].value, None, None))
    for block in [module, *m.findall(module, m.IndentedBlock())]:
        for index, statement in enumerate(block.body):
            made = assigned(statement)
            if made is None or not isinstance(made[1], cst.Call) or not is_sequential(made[1].func) or (
                    made[1].args and isinstance(made[1].args[0].value, (cst.List, cst.Tuple))):
                continue
            name = made[0]
            following = next((later for later in block.body[index + 1:] if mentions(later, name)), None)
            for first in first_on_each_branch(following, name):
                layer = added_layer(first, name)
                if layer is not None:
                    found.append((layer, first, name))
    return found


def with_line_before(updated: cst.SimpleStatementLine, line: str) -> cst.FlattenSentinel:
    """The statement `line` (code) put before `updated`, taking over its leading blank lines and comments."""
    return cst.FlattenSentinel([cst.parse_statement(line).with_changes(leading_lines=updated.leading_lines),
                                updated.with_changes(leading_lines=())])


def with_first_element(call: cst.Call, element: str) -> cst.Call:
    """`call` with the expression `element` (code) first in the list or tuple that is its first argument."""
    listed = call.args[0].value
    first = cst.Element(cst.parse_expression(element), comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
    return call.with_changes(args=[call.args[0].with_changes(value=listed.with_changes(
        elements=[first, *listed.elements])), *call.args[1:]])


def receiver_first(call: cst.Call, function: str) -> cst.Call:
    """`receiver.method(args)` -> `function(receiver, args)`: a method Keras 3 dropped, called as a function written
    into the file (`keras2_predict_classes(model, x)`)."""
    receiver = cst.Arg(call.func.value, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
                       if call.args else cst.MaybeSentinel.DEFAULT)
    return call.with_changes(func=cst.Name(function), args=[receiver, *call.args])
