"""keras-yolo3's `YOLO` class (a session, a placeholder and output tensors built once, run with a feed_dict) -> the
outputs computed eagerly where they were run.

The class was copied into hundreds of repositories (qqwweee/keras-yolo3 yolo.py):

    def __init__(self):
        self.sess = K.get_session()
        self.boxes, self.scores, self.classes = self.generate()
    def generate(self):
        ...
        self.input_image_shape = K.placeholder(shape=(2, ))
        boxes, scores, classes = yolo_eval(self.yolo_model.output, self.anchors, len(self.class_names),
                self.input_image_shape, score_threshold=self.score, iou_threshold=self.iou)
        return boxes, scores, classes
    def detect_image(self, image):
        out_boxes, out_scores, out_classes = self.sess.run([self.boxes, self.scores, self.classes],
            feed_dict={self.yolo_model.input: image_data, self.input_image_shape: [image.size[1], image.size[0]],
                       K.learning_phase(): 0})
    def close_session(self):
        self.sess.close()

TensorFlow 2 has neither sessions nor placeholders: the run becomes the generating call itself, made where the run
was, with the model's `.output` replaced by the model called on the fed input (`training=False`: the learning phase
fed 0, or left at its default, inference) and the placeholder by its fed value, converted to the placeholder's dtype
as feeding did; `tf.nest.map_structure(lambda t: t.numpy(), ...)` gives NumPy values as the run did. The session,
the placeholder, the generating call and its `return` go; `generate()` still runs in `__init__` (it loads the model).
Only where every piece has exactly this shape and the session, the tensors and the placeholder are used nowhere else
in the file; anything else is left to tf1_session_code's and backend_functions_to_ops' reports.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass, field

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor

from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code, mentions, names_in

BACKENDS = ("keras.backend.", "tensorflow.keras.backend.")
DTYPES = ("float16", "float32", "float64", "int32", "int64")


def _self_attribute(node: cst.CSTNode) -> str | None:
    """`X` of `self.X`, else None."""
    if isinstance(node, cst.Attribute) and m.matches(node.value, m.Name("self")):
        return node.attr.value
    return None


def _single_assign(statement: cst.CSTNode) -> cst.Assign | None:
    """The statement's assignment when it is a line holding one `targets = value` and nothing else."""
    if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 and \
            isinstance(statement.body[0], cst.Assign) and len(statement.body[0].targets) == 1:
        return statement.body[0]
    return None


def _tuple_of(node: cst.BaseExpression) -> list[cst.BaseExpression] | None:
    """The elements of a tuple or list display without starred ones, else None."""
    if not isinstance(node, (cst.Tuple, cst.List)) or any(isinstance(e, cst.StarredElement) for e in node.elements):
        return None
    return [element.value for element in node.elements]


def _methods(node: cst.ClassDef) -> dict[str, cst.FunctionDef]:
    """The class's own methods by name (a name defined twice: none of them, it is not the idiom)."""
    defined = [statement for statement in node.body.body if isinstance(statement, cst.FunctionDef)]
    names = [method.name.value for method in defined]
    return {method.name.value: method for method in defined if names.count(method.name.value) == 1}


def _bound(scope: cst.CSTNode) -> set[str]:
    """The names a function (or module) binds anywhere in it: targets of assignments and loops, `as` names,
    parameters, definitions and imports."""
    found: set[str] = set()
    for target in m.findall(scope, m.AssignTarget() | m.AugAssign() | m.AnnAssign() | m.For() | m.CompFor() |
                            m.NamedExpr()):
        found |= {name.value for name in names_in(target.target)}
    for named in m.findall(scope, m.AsName() | m.Param() | m.FunctionDef() | m.ClassDef()):
        found |= {name.value for name in names_in(named.name)}
    for alias in m.findall(scope, m.ImportAlias()):
        found.add(code(alias.asname.name if alias.asname else alias.name).split(".")[0])
    return found


@dataclass
class Plan:
    """What one class's rewrite does: statement lines that go or become others, and the run replaced."""

    dropped: set[int] = field(default_factory=set)
    replaced: dict[int, cst.BaseStatement] = field(default_factory=dict)
    runs: dict[int, cst.BaseExpression] = field(default_factory=dict)
    imports: set[str] = field(default_factory=set)  # `tensorflow` (as tf), `keras`, where the file lacks them


class SessionGraphClass(Rule):
    NAME = "session_graph_class"
    ORDER = 5  # before tf1_session_code and backend_functions_to_ops, which report the session and placeholder
    TRIGGERS = ("sess.run",)
    REQUIRES = ("placeholder",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "keras-yolo3's YOLO class: sess.run(outputs, feed_dict) of tensors built in generate() -> eager call"

    def visit_Module(self, node: cst.Module) -> None:
        self.module = node
        self.plan = Plan()

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        found = self._match(node)
        if found is None:
            return
        self.plan.dropped |= found.dropped
        self.plan.replaced.update(found.replaced)
        self.plan.runs.update(found.runs)
        self.plan.imports |= found.imports

    def _backend(self, node: cst.CSTNode, function: str) -> bool:
        """Whether `node` is a call of Keras' backend `function` (K.get_session, K.placeholder...)."""
        return isinstance(node, cst.Call) and \
            any(name in {prefix + function for prefix in BACKENDS} for name in self.qualified_names(node.func))

    def _attribute_count(self, attr: str) -> int:
        """How many `X.attr` the file holds, whatever X (`yolo.sess` outside the class counts too)."""
        return len(m.findall(self.module, m.Attribute(attr=m.Name(attr))))

    def _match(self, node: cst.ClassDef) -> Plan | None:
        """The plan for a class of exactly the idiom's shape, else None."""
        methods = _methods(node)
        init = methods.get("__init__")
        if init is None or not isinstance(init.body, cst.IndentedBlock):
            return None
        session = outputs = generator = None
        plan = Plan()
        for statement in init.body.body:
            assign = _single_assign(statement)
            if assign is None:
                continue
            target, value = assign.targets[0].target, assign.value
            if _self_attribute(target) and self._backend(value, "get_session") and not value.args:
                if session is not None:
                    return None
                session = _self_attribute(target)
                plan.dropped.add(id(statement))
            elif _tuple_of(target) and isinstance(value, cst.Call) and not value.args and _self_attribute(value.func):
                if outputs is not None:
                    return None
                outputs = [_self_attribute(element) for element in _tuple_of(target)]
                generator = _self_attribute(value.func)
                plan.replaced[id(statement)] = statement.with_changes(body=[cst.Expr(value)])
        if session is None or outputs is None or None in outputs or generator not in methods:
            return None
        built = self._generated(methods[generator], plan)
        if built is None:
            return None
        call, placeholders = built
        closes = self._run_and_close(node, plan, session, outputs, call, placeholders)
        if closes is None:
            return None
        # The session, the tensors, the placeholders and the generator are used nowhere but where they go.
        uses = {session: 2 + closes, generator: 1}  # generator: the call in __init__
        uses.update({output: 2 for output in outputs})
        uses.update({placeholder: 3 for placeholder in placeholders})
        if len(set(uses)) != 2 + len(outputs) + len(placeholders):
            return None
        if any(self._attribute_count(attr) != count for attr, count in uses.items()):
            return None
        return plan

    def _generated(self, method: cst.FunctionDef, plan: Plan) -> tuple[cst.Call, dict[str, str]] | None:
        """In the generating method: its placeholders (`self.P = K.placeholder(shape=...)`, by attribute -> dtype)
        and the call its last two lines make and return (`a, b = F(...)` / `return a, b`); those lines go."""
        body = method.body.body if isinstance(method.body, cst.IndentedBlock) else ()
        if len(method.params.params) != 1 or len(body) < 3:
            return None
        made, returned = _single_assign(body[-2]), body[-1]
        if made is None or not m.matches(returned, m.SimpleStatementLine([m.Return(m.Tuple())])) or \
                not isinstance(made.value, cst.Call):
            return None
        names = [code(element) for element in _tuple_of(returned.body[0].value) or ()]
        if not names or names != [code(element) for element in _tuple_of(made.targets[0].target) or ()] or \
                not all(isinstance(element, cst.Name) for element in _tuple_of(made.targets[0].target)):
            return None
        read = [name.value for name in names_in(method)]
        if any(read.count(name) != 2 for name in names):
            return None
        placeholders: dict[str, str] = {}
        for statement in body[:-2]:
            assign = _single_assign(statement)
            if assign is not None and self._backend(assign.value, "placeholder"):
                dtype = self._placeholder_dtype(assign)
                attribute = _self_attribute(assign.targets[0].target)
                if dtype is None or attribute is None or attribute in placeholders:
                    return None
                placeholders[attribute] = dtype
                plan.dropped.add(id(statement))
        if not placeholders or not self._plain_arguments(made.value, _bound(method), placeholders):
            return None
        plan.dropped |= {id(body[-2]), id(body[-1])}
        return made.value, placeholders

    def _placeholder_dtype(self, assign: cst.Assign) -> str | None:
        """The dtype of `K.placeholder(shape=...)` (floatx's float32 by default, a file that changes floatx
        excepted), or of `dtype='...'` given; None for anything else (ndim=, sparse=, a name= it is looked up by)."""
        dtype = "float32"
        for number, arg in enumerate(assign.value.args):
            keyword = arg.keyword.value if arg.keyword else ("shape" if number == 0 else None)
            if arg.star or keyword not in ("shape", "dtype"):
                return None
            if keyword == "dtype":
                if not isinstance(arg.value, cst.SimpleString) or arg.value.evaluated_value not in DTYPES:
                    return None
                dtype = arg.value.evaluated_value
        if "set_floatx" in self.module.code:
            return None
        return dtype

    def _plain_arguments(self, call: cst.Call, local: set[str], placeholders: dict[str, str]) -> bool:
        """Whether the generating call reads only `self.` attributes, builtins (`len`) and, once each, a model's
        `.output` and the placeholders: what it computes then means the same when made later, in another method.
        Its function is a name of the module (`yolo_eval`), not one the method binds."""
        if not isinstance(call.func, cst.Name) or call.func.value in local or \
                any(arg.star for arg in call.args):
            return False
        arguments = [arg.value for arg in call.args]
        outputs = [found for argument in arguments for found in m.findall(argument, m.Attribute(attr=m.Name("output")))]
        if len(outputs) != 1 or not _self_attribute(outputs[0].value):
            return False
        anywhere = _bound(self.module)
        for argument in arguments:
            for name in names_in(argument):
                if name.value != "self" and (name.value in anywhere or not hasattr(builtins, name.value)):
                    return False
        read = [_self_attribute(found) for argument in arguments for found in m.findall(argument, m.Attribute())]
        return all(read.count(placeholder) == 1 for placeholder in placeholders)

    def _run_and_close(self, node: cst.ClassDef, plan: Plan, session: str, outputs: list[str], call: cst.Call,
                       placeholders: dict[str, str]) -> int | None:
        """The one `... = self.S.run([self.A, ...], feed_dict={model.input: x, self.P: v[, K.learning_phase(): 0]})`
        of the class becomes the generating call on the fed values; each `self.S.close()` line goes (how many)."""
        runs = [statement for statement in m.findall(node, m.SimpleStatementLine())
                if _single_assign(statement) is not None and
                m.matches(_single_assign(statement).value,
                          m.Call(func=m.Attribute(value=m.Attribute(value=m.Name("self"), attr=m.Name(session)),
                                                  attr=m.Name("run"))))]
        if len(runs) != 1:
            return None
        run = _single_assign(runs[0]).value
        if len(run.args) != 2 or run.args[0].keyword or run.args[0].star or \
                not m.matches(run.args[1], m.Arg(keyword=m.Name("feed_dict"), value=m.Dict())):
            return None
        fetched = _tuple_of(run.args[0].value)
        if fetched is None or [_self_attribute(element) for element in fetched] != outputs:
            return None
        fed = self._fed(run.args[1].value, call, placeholders, plan)
        if fed is None:
            return None
        plan.runs[id(run)] = fed
        closes = m.findall(node, m.SimpleStatementLine([m.Expr(m.Call(
            func=m.Attribute(value=m.Attribute(value=m.Name("self"), attr=m.Name(session)), attr=m.Name("close")),
            args=[]))]))
        plan.dropped |= {id(statement) for statement in closes}
        return len(closes)

    def _fed(self, feed: cst.Dict, call: cst.Call, placeholders: dict[str, str], plan: Plan
             ) -> cst.BaseExpression | None:
        """The generating call with the model's `.output` -> `model(input, training=False)` and each placeholder
        -> its fed value in the placeholder's dtype, read as NumPy values; None unless the feed_dict's keys are
        exactly the model's `.input`, the placeholders and at most `K.learning_phase(): 0`."""
        output = m.findall(call, m.Attribute(attr=m.Name("output")))[0]
        model = code(output.value)
        values: dict[str, cst.BaseExpression] = {}
        for element in feed.elements:
            if not isinstance(element, cst.DictElement):
                return None
            key = element.key
            if self._backend(key, "learning_phase") and not key.args and "learning_phase" not in values:
                if not m.matches(element.value, m.Integer("0") | m.Name("False")):
                    return None
                values["learning_phase"] = element.value
            elif isinstance(key, cst.Attribute) and key.attr.value == "input" and code(key.value) == model:
                values.setdefault("input", element.value)
            elif _self_attribute(key) in placeholders:
                values.setdefault(_self_attribute(key), element.value)
            else:
                return None
        expected = {"input", *placeholders} | ({"learning_phase"} & set(values))
        if set(values) != expected or len(feed.elements) != len(expected):
            return None
        if not self._imports_usable(plan):
            return None
        fed = _Feed(output, values, placeholders)
        return cst.parse_expression(f"tf.nest.map_structure(lambda t: t.numpy(), {code(call.visit(fed))})")

    def _imports_usable(self, plan: Plan) -> bool:
        """Whether `tf` and `keras` can name TensorFlow and Keras here: bound by their own imports or not at all
        (then they are imported)."""
        for name, module in (("tf", "tensorflow"), ("keras", "keras")):
            bound = [(statement, alias) for statement in m.findall(self.module, m.Import() | m.ImportFrom())
                     for alias in (statement.names if isinstance(statement.names, (list, tuple)) else ())
                     if code(alias.asname.name if alias.asname else alias.name).split(".")[0] == name]
            used = mentions(self.module, name) > 0
            if not all(_imports_module(statement, alias, module) for statement, alias in bound):
                return False
            if not bound and used:
                return False
            if not bound:
                plan.imports.add(module)
        return True

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        fed = self.plan.runs.get(id(original))
        if fed is None:
            return updated
        self.converted()
        return fed

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine,
                                  updated: cst.SimpleStatementLine) -> cst.BaseStatement | cst.RemovalSentinel:
        if id(original) in self.plan.replaced:
            self.converted()
            return self.plan.replaced[id(original)]
        if id(original) in self.plan.dropped:
            self.converted()
            return cst.RemovalSentinel.REMOVE
        return updated

    def leave_IndentedBlock(self, original: cst.IndentedBlock, updated: cst.IndentedBlock) -> cst.IndentedBlock:
        """A dropped line's comments above it stay, on the next line kept; a block left empty gets `pass`."""
        gone = [statement for statement in original.body if id(statement) in self.plan.dropped]
        if not gone:
            return updated
        body = list(updated.body)
        carried: list[cst.EmptyLine] = []
        kept = iter(body)
        position = 0
        for statement in original.body:
            if id(statement) in self.plan.dropped:
                carried += statement.leading_lines
                continue
            current = next(kept)
            if carried:
                body[position] = current.with_changes(leading_lines=[*carried, *current.leading_lines])
                carried = []
            position += 1
        if not body:
            return updated.with_changes(body=[cst.SimpleStatementLine([cst.Pass()], leading_lines=carried)])
        return updated.with_changes(body=body)

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        if self.plan.runs:
            for module in sorted(self.plan.imports):
                AddImportsVisitor.add_needed_import(self.context, module, asname="tf" if module == "tensorflow" else None)
        return updated


def _imports_module(statement: cst.Import | cst.ImportFrom, alias: cst.ImportAlias, module: str) -> bool:
    """Whether the import binds the package itself: `import tensorflow as tf`, `import keras`, `import keras.x`
    (binds keras), `from tensorflow import keras` (Keras 3 in TensorFlow 2.16+)."""
    if isinstance(statement, cst.Import):
        return code(alias.name) == module or (alias.asname is None and code(alias.name).split(".")[0] == module)
    return module == "keras" and statement.module is not None and code(statement.module) == "tensorflow" and \
        code(alias.name) == "keras" and alias.asname is None


class _Feed(cst.CSTTransformer):
    """Puts the fed values where the graph read them: the model's `.output` -> the model called on its input, a
    placeholder -> its value converted to the placeholder's dtype, as feeding it did."""

    def __init__(self, output: cst.Attribute, values: dict[str, cst.BaseExpression], dtypes: dict[str, str]) -> None:
        super().__init__()
        self.output, self.values, self.dtypes = output, values, dtypes

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        if original is self.output:
            return cst.parse_expression(f"{code(updated.value)}({code(self.values['input'])}, training=False)")
        attribute = _self_attribute(original)
        if attribute in self.dtypes:
            return cst.parse_expression(
                f"keras.ops.convert_to_tensor({code(self.values[attribute])}, {self.dtypes[attribute]!r})")
        return updated
