"""Keras 2's hand-built training step (`K.placeholder`s, `optimizer.get_updates`, `K.function(..., updates=)`) -> a
TensorFlow 2 closure that computes the loss under a `tf.GradientTape` and applies the optimizer's step.

The reinforcement-learning code of rlcode/reinforcement-learning (and its many copies) builds its training step by hand:
```
def optimizer(self):
    a = K.placeholder(shape=(None,), dtype='int32')
    y = K.placeholder(shape=(None,), dtype='float32')
    py_x = self.model.output
    ...
    loss = K.mean(...)
    optimizer = RMSprop(lr=0.00025, epsilon=0.01)
    updates = optimizer.get_updates(self.model.trainable_weights, [], loss)
    train = K.function([self.model.input, a, y], [loss], updates=updates)
    return train
```
Keras 3 has no placeholders, no get_updates and no K.function. Where the function holds exactly that, and nothing else,
the rewrite keeps the optimizer (made once, in the enclosing function, so its slots and step count carry over from
call to call as Keras 2's variables did) and returns a closure over it doing what one call of Keras 2's function did:
each value fed cast to its placeholder's dtype (what TensorFlow 1's feed did: `K.one_hot` of an int32 placeholder
still gets ints), the model applied to the input value in inference mode (an unfed learning phase was 0: Dropout
off, BatchNormalization on its moving statistics, which the optimizer's updates never moved), the loss statements
under the tape, the gradients of the loss applied, and the outputs returned as a list of NumPy arrays, computed before
the step as Keras 2 computed them.
The optimizer's Keras 2 step is kept where Keras 3's differs (tests/codemod/test_backend_training_function.py runs
both): RMSprop divided by sqrt(a) + epsilon, Keras 3's by sqrt(a + epsilon), so RMSprop becomes `Keras2RMSprop`, a
subclass written into the file (`keras2_helpers.RMSPROP`); Keras 2's clipnorm clipped by the norm of all the gradients
together, which is Keras 3's global_clipnorm. Adam's step count is left as Keras 3 keeps it, the count before the
step, as Keras 2's code meant: Keras 2.3.1 on TensorFlow 1 read it with no ordering against its increment, so one
graph read it before (the test's) and another after (a first bias correction for t = 2), the same graph each run.
Anything else (another optimizer, a placeholder read elsewhere, a second model's tensors, a statement that is not a
plain assignment, a layer or variable made in the loss) stays for backend_functions_to_ops to report.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor

from migrate.codemod.keras2_helpers import RMSPROP, with_helpers
from migrate.codemod.names import keras_optimizer
from migrate.codemod.outline import Outline
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import assigned, code, imported_as, mentions, names_in, other_bindings

PLACEHOLDER = "keras.backend.placeholder"
FUNCTION = "keras.backend.function"
# Keras 2's optimizers whose step Keras 3 takes with the keywords below (`lr` and `clipnorm` renamed), their
# defaults equal (epsilon 1e-7, RMSprop's rho 0.9, Adam's betas); `decay` is taken once optimizer_decay_to_schedule
# has made it a schedule, read at the step count as Keras 2's was.
KEYWORDS = {"Adam": {"beta_1", "beta_2", "epsilon", "amsgrad"}, "RMSprop": {"rho", "epsilon"},
            "SGD": {"momentum", "nesterov"}}
COMMON = {"learning_rate", "lr", "clipnorm", "clipvalue"}
# keras.backend functions a loss may not call in the closure: they made variables, placeholders or graph updates once,
# where the closure would make them at every call, or they read the session.
NOT_IN_LOSS = frozenset({"placeholder", "variable", "zeros", "ones", "eye", "random_uniform_variable",
                         "random_normal_variable", "function", "gradients", "learning_phase", "set_learning_phase",
                         "get_session", "set_session", "update", "update_add", "update_sub", "moving_average_update",
                         "get_value", "set_value", "batch_get_value", "batch_set_value", "eval", "print_tensor",
                         "set_floatx", "set_epsilon"})
# What a file may not do for Keras 2's defaults to hold: set the learning phase, floatx or epsilon.
FILE_SETTINGS = ("learning_phase", "set_floatx", "set_epsilon")
# Model attributes a loss may not read: Keras 3 has no graph tensors to give, and `losses`/`updates` were graph lists.
GRAPH_ATTRIBUTES = frozenset({"input", "inputs", "outputs", "losses", "updates", "get_output_at", "get_input_at"})
# The model's attributes a step may first give a name (`state = self.model.input`, `params = self.model.trainable_weights`:
# Khev/RL-practice-keras's actors): the name stands for the attribute where the K.function or get_updates reads it.
ALIASED = frozenset({"input", "trainable_weights", "trainable_variables"})


@dataclass(frozen=True)
class Placeholder:
    """`name = K.placeholder(..., dtype=dtype)`: its statement's index, its name, its dtype's code."""

    index: int
    name: str
    dtype: str


@dataclass(frozen=True)
class TrainingStep:
    """A function that builds a Keras 2 training step, as the rewrite needs it: the statements by index, the model
    (`self.model`), the order of the K.function's inputs (None for the model's), its outputs, the loss, and where
    the callable goes (`return`, a name returned, or an attribute)."""

    placeholders: tuple[Placeholder, ...]
    loss_lines: tuple[int, ...]
    optimizer_line: int
    optimizer: str
    optimizer_class: str
    updates_line: int
    function_line: int
    model: str
    inputs: tuple[str | None, ...]
    outputs: tuple[str, ...]
    loss: str
    target: str | None  # the name or `self.attr` the callable is assigned to; None: returned directly
    returned: bool  # whether `return target` follows
    alias_lines: tuple[int, ...] = ()  # `state = self.model.input`...: dropped, the name read only by the step's calls


def _single(statement: cst.BaseStatement) -> cst.BaseSmallStatement | None:
    """The one small statement of a simple line (`x = 1`, not `x = 1; y = 2`), or None."""
    if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1:
        return statement.body[0]
    return None


def _docstring(statement: cst.BaseStatement) -> bool:
    small = _single(statement)
    return isinstance(small, cst.Expr) and isinstance(small.value, (cst.SimpleString, cst.ConcatenatedString))


def _arguments(call: cst.Call, names: tuple[str, ...]) -> dict[str, cst.BaseExpression] | None:
    """A call's arguments by parameter name, its positional ones taken in the order `names` gives; None for `*args`,
    a keyword not in `names`, or one given twice."""
    found: dict[str, cst.BaseExpression] = {}
    for position, arg in enumerate(call.args):
        if arg.star:
            return None
        name = arg.keyword.value if arg.keyword is not None else (names[position] if position < len(names) else None)
        if name is None or name not in names or name in found:
            return None
        found[name] = arg.value
    return found


def _update_arguments(call: cst.Call) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """(params, loss) of Keras 2's `get_updates` in its spellings: `(params, constraints, loss)` (Keras 2.0's, the
    constraints an empty list or dict, which 2.3.1 ignored) or `(loss, params)`, by position or keyword."""
    if len(call.args) == 3 and not any(arg.keyword or arg.star for arg in call.args):
        params, constraints, loss = (arg.value for arg in call.args)
        if not (isinstance(constraints, (cst.List, cst.Dict)) and not constraints.elements):
            return None
        return params, loss
    found = _arguments(call, ("loss", "params"))
    if found is None or set(found) != {"loss", "params"}:
        return None
    return found["params"], found["loss"]


def _model_expression(node: cst.BaseExpression) -> bool:
    """`model` or `self.model`: names and attributes only, nothing the closure would compute anew."""
    while isinstance(node, cst.Attribute):
        node = node.value
    return isinstance(node, cst.Name)


def _free_name(function: cst.FunctionDef, *wanted: str) -> str:
    """The first of `wanted` (then `wanted[0]_1`, ...) that the function does not name anywhere."""
    taken = {name.value for name in names_in(function)}
    for name in wanted:
        if name not in taken:
            return name
    index = 1
    while f"{wanted[0]}_{index}" in taken:
        index += 1
    return f"{wanted[0]}_{index}"


class BackendTrainingFunction(Rule):
    NAME = "backend_training_function"
    ORDER = 32  # after optimizer_decay_to_schedule, before backend_function_to_model and backend_functions_to_ops
    TRIGGERS = ("get_updates",)
    REQUIRES = ("function",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("K.placeholder + optimizer.get_updates + K.function(updates=) training step -> a tf.GradientTape "
                   "closure applying the optimizer")

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A call to `get_updates` and one to something named `function`."""
        ends = {call.callee.rpartition(".")[2] for call in outline.calls if call.callee is not None}
        return {"get_updates", "function", "placeholder"} <= ends

    def visit_Module(self, node: cst.Module) -> bool:
        self.steps: dict[int, TrainingStep] = {}
        self.helpers: dict[str, str] = {}
        if any(setting in node.code for setting in FILE_SETTINGS):
            return False
        self.tensorflow = self._tensorflow_name(node)
        if self.tensorflow is None:
            return False
        self.import_tensorflow = not any(isinstance(_single(s), cst.Import) and any(
            code(alias.name) == "tensorflow" for alias in _single(s).names) for s in node.body)
        for function in m.findall(node, m.FunctionDef()):
            step = self._step(function)
            if step is not None:
                self.steps[id(function)] = step
        return bool(self.steps)

    @staticmethod
    def _tensorflow_name(module: cst.Module) -> str | None:
        """The name the file imports TensorFlow as at its top (`tf`), or `tf` where the file binds no `tf` (the import
        is added), or None."""
        for statement in module.body:
            small = _single(statement)
            if isinstance(small, cst.Import):
                for alias in small.names:
                    if code(alias.name) == "tensorflow":
                        return code(alias.asname.name) if alias.asname is not None else "tensorflow"
        if imported_as(module, "tf") or any(name.value == "tf" for name in names_in(module)):
            return None
        return "tf"

    def _names(self, node: cst.CSTNode) -> set[str]:
        return self.qualified_names(node)

    # ------------------------------------------------------------ matching

    def _step(self, function: cst.FunctionDef) -> TrainingStep | None:
        """The function as a training step, when every statement of it is one of the idiom's; else None."""
        if not isinstance(function.body, cst.IndentedBlock) or m.findall(
                function.body, m.FunctionDef() | m.ClassDef() | m.Lambda() | m.Global() | m.Nonlocal() | m.Yield()):
            return None
        body = list(function.body.body)
        start = 1 if body and _docstring(body[0]) else 0
        found = self._function_line(body)
        if found is None:
            return None
        index, call, target = found
        after = body[index + 1:]
        returned = len(after) == 1 and m.matches(_single(after[0]), m.Return(value=m.Name(target or "")))
        if after and not returned or (target is not None and "." not in target and not returned):
            return None
        return self._classified(function, body[start:index], start, call, index, target, returned)

    def _function_line(self, body: list[cst.BaseStatement]) -> tuple[int, cst.Call, str | None] | None:
        """(index, call, target) of the one statement making the K.function: `name = K.function(...)`,
        `self.attr = K.function(...)` or `return K.function(...)`."""
        found = []
        for index, statement in enumerate(body):
            for call in m.findall(statement, m.Call()):
                if FUNCTION in self._names(call.func):
                    found.append((index, statement, call))
        if len(found) != 1:
            return None
        index, statement, call = found[0]
        small = _single(statement)
        if isinstance(small, cst.Return) and small.value is call:
            return index, call, None
        if isinstance(small, cst.Assign) and small.value is call and len(small.targets) == 1:
            target = small.targets[0].target
            if isinstance(target, cst.Name) or m.matches(target, m.Attribute(value=m.Name("self"))):
                return index, call, code(target)
        return None

    def _classified(self, function: cst.FunctionDef, statements: list[cst.BaseStatement], start: int,
                    call: cst.Call, function_line: int, target: str | None, returned: bool) -> TrainingStep | None:
        """The statements before the K.function sorted into placeholders, the optimizer, its updates and the loss,
        each checked; None when any is something else."""
        placeholders: list[Placeholder] = []
        optimizers: dict[str, tuple[int, str]] = {}
        updates: list[tuple[int, str, cst.Call]] = []
        loss_lines: list[int] = []
        aliases: dict[str, tuple[int, str]] = {}
        for offset, statement in enumerate(statements):
            index = start + offset
            line = assigned(statement)
            value = line[1] if line else None
            if isinstance(value, cst.Call) and PLACEHOLDER in self._names(value.func):
                dtype = self._placeholder_dtype(value)
                if dtype is None:
                    return None
                placeholders.append(Placeholder(index, line[0], dtype))
            elif isinstance(value, cst.Call) and (found := keras_optimizer(self._names(value.func))) is not None:
                if not found[0].startswith("keras.optimizers") or found[1] not in KEYWORDS:
                    return None
                optimizers[line[0]] = (index, found[1])
            elif isinstance(value, cst.Call) and m.matches(value.func, m.Attribute(attr=m.Name("get_updates"))):
                updates.append((index, line[0], value))
            elif isinstance(value, cst.Attribute) and value.attr.value in ALIASED and _model_expression(value.value):
                aliases[line[0]] = (index, code(value))
            elif isinstance(_single(statement), (cst.Assign, cst.AugAssign, cst.AnnAssign)):
                loss_lines.append(index)
            else:
                return None
        if len(updates) != 1 or len(optimizers) != 1 or not placeholders or not loss_lines:
            return None
        updates_line, updates_name, updates_call = updates[0]
        optimizer, (optimizer_line, optimizer_class) = next(iter(optimizers.items()))
        if optimizer_line > updates_line or not m.matches(updates_call.func.value, m.Name(optimizer)):
            return None
        return self._checked(function, placeholders, loss_lines, optimizer_line, optimizer, optimizer_class,
                             updates_line, updates_name, updates_call, function_line, call, target, returned, aliases)

    def _placeholder_dtype(self, call: cst.Call) -> str | None:
        """The dtype's code of `K.placeholder(shape=..., dtype=...)` ('float32', Keras 2's floatx, when not given);
        None for a sparse one."""
        found = _arguments(call, ("shape", "ndim", "dtype", "sparse", "name"))
        if found is None or ("sparse" in found and not m.matches(found["sparse"], m.Name("False"))):
            return None
        dtype = found.get("dtype")
        return '"float32"' if dtype is None or m.matches(dtype, m.Name("None")) else code(dtype)

    def _checked(self, function: cst.FunctionDef, placeholders: list[Placeholder], loss_lines: list[int],
                 optimizer_line: int, optimizer: str, optimizer_class: str, updates_line: int, updates_name: str,
                 updates_call: cst.Call, function_line: int, call: cst.Call, target: str | None,
                 returned: bool, aliases: dict[str, tuple[int, str]]) -> TrainingStep | None:
        """The step when the pieces fit together: get_updates on the model's trainable weights and the loss, the
        K.function fed the model's input and the placeholders and returning names the loss binds, each name in its
        place (`_names_stay_apart`), the optimizer made as Keras 3 can, the loss lines only computing; a name given to
        the model's input or weights read as what it names (`_aliases_read_once`)."""
        body = list(function.body.body)
        arguments = _update_arguments(updates_call)
        keras_arguments = _arguments(call, ("inputs", "outputs", "updates"))
        if arguments is None or keras_arguments is None or set(keras_arguments) != {"inputs", "outputs", "updates"}:
            return None
        params, loss = arguments
        model = self._model(body, loss_lines)
        named = {name: value for name, (_, value) in aliases.items()}
        if model is None or named.get(code(params), code(params)) not in (f"{model}.trainable_weights",
                                                                         f"{model}.trainable_variables"):
            return None
        if not m.matches(keras_arguments["updates"], m.Name(updates_name)):
            return None
        inputs = self._inputs(keras_arguments["inputs"], model, [p.name for p in placeholders], named)
        outputs = keras_arguments["outputs"]
        if inputs is None or not isinstance(outputs, cst.List) or \
                not all(isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in outputs.elements):
            return None
        bound = set().union(*(self._bound(body[index]) for index in loss_lines))
        output_names = tuple(element.value.value for element in outputs.elements)
        if not isinstance(loss, cst.Name) or loss.value not in bound or not set(output_names) <= bound:
            return None
        if code(cst.parse_expression(model)).split(".")[0] in bound:  # `model = self.model` in the loss
            return None
        step = TrainingStep(tuple(placeholders), tuple(loss_lines), optimizer_line, optimizer, optimizer_class,
                            updates_line, function_line, model, inputs, output_names, loss.value, target, returned,
                            tuple(index for index, _ in aliases.values()))
        if not self._aliases_read_once(function, step, aliases, code(params)):
            return None
        if not self._names_stay_apart(function, step, bound, updates_name) or \
                not self._optimizer_call(assigned(body[optimizer_line])[1], optimizer_class) or \
                not all(self._loss_line(body[index], model) for index in loss_lines):
            return None
        return step

    def _model(self, body: list[cst.BaseStatement], loss_lines: list[int]) -> str | None:
        """The one model whose `.output` the loss reads (`self.model`); None for none, two, or a computed one."""
        models = {code(found.value) for index in loss_lines
                  for found in m.findall(body[index], m.Attribute(attr=m.Name("output")))}
        if len(models) != 1:
            return None
        model = next(iter(models))
        found = cst.parse_expression(model)
        return model if _model_expression(found) else None

    @staticmethod
    def _inputs(node: cst.BaseExpression, model: str, placeholders: list[str],
                named: dict[str, str]) -> tuple[str | None, ...] | None:
        """The K.function's inputs in order (None for `model.input`, or a name given to it), when they are the
        model's input and each placeholder once."""
        if not isinstance(node, cst.List):
            return None
        order: list[str | None] = []
        for element in node.elements:
            if not isinstance(element, cst.Element):
                return None
            if named.get(code(element.value), code(element.value)) == f"{model}.input":
                order.append(None)
            elif isinstance(element.value, cst.Name):
                order.append(element.value.value)
            else:
                return None
        if order.count(None) != 1 or sorted(name for name in order if name is not None) != sorted(placeholders):
            return None
        return tuple(order)

    @staticmethod
    def _aliases_read_once(function: cst.FunctionDef, step: TrainingStep, aliases: dict[str, tuple[int, str]],
                           params: str) -> bool:
        """Whether each name given to the model's input or weights is bound once, no parameter, and read once: the
        input's in the K.function's inputs, the weights' as get_updates' params (the rewrite drops its line)."""
        body = list(function.body.body)
        params_of = {param.name.value for param in m.findall(function.params, m.Param())}
        for name, (_, value) in aliases.items():
            line = step.updates_line if name == params else step.function_line
            if other_bindings(function.body, name) != 1 or name in params_of or \
                    mentions(function.body, name) != 2 or not mentions(body[line], name) or \
                    (name != params and not value.endswith(".input")):
                return False
        return True

    @staticmethod
    def _bound(statement: cst.BaseStatement) -> set[str]:
        small = _single(statement)
        targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
        return {name.value for target in targets for name in m.findall(target, m.Name())}

    def _names_stay_apart(self, function: cst.FunctionDef, step: TrainingStep, bound: set[str],
                          updates_name: str) -> bool:
        """Each name in its place: the placeholders read only by the loss and the K.function, the optimizer only by
        get_updates, the updates only by the K.function, the loss's names nowhere outside the loss lines and the
        outputs; each of the step's own names bound once in the function, none a parameter."""
        body = list(function.body.body)
        own = [p.name for p in step.placeholders] + [step.optimizer, updates_name]
        if "." not in (step.target or "."):
            own.append(step.target)
        params = {param.name.value for param in m.findall(function.params, m.Param())}
        if any(other_bindings(function.body, name) != 1 or name in params for name in own):  # (not the def's name)
            return False
        if bound & ({p.name for p in step.placeholders} | {step.optimizer, updates_name, step.target} | params):
            return False
        loss_names = {p.name for p in step.placeholders} | bound
        allowed = {step.optimizer_line: {step.optimizer}, step.updates_line: {updates_name, step.optimizer, step.loss},
                   step.function_line: {updates_name, *loss_names} | ({step.target} if step.target else set())}
        for index, statement in enumerate(body):
            if index in step.loss_lines or any(p.index == index for p in step.placeholders):
                continue
            read = {name.value for name in names_in(statement)}
            if read & (loss_names | {step.optimizer, updates_name}) - allowed.get(index, set()):
                return False
        return all(not {name.value for name in names_in(body[index])} & {step.optimizer, updates_name}
                   for index in step.loss_lines)

    @staticmethod
    def _optimizer_call(call: cst.Call, optimizer_class: str) -> bool:
        """Whether the optimizer is made with keywords Keras 3 takes as Keras 2 did (at most the learning rate by
        position), not both clipnorm and clipvalue (Keras 3 takes one)."""
        keywords = [arg.keyword.value for arg in call.args if arg.keyword is not None]
        positional = [arg for arg in call.args if arg.keyword is None]
        if any(arg.star for arg in call.args) or len(positional) > 1 or (positional and call.args[0].keyword):
            return False
        if not set(keywords) <= KEYWORDS[optimizer_class] | COMMON or {"clipnorm", "clipvalue"} <= set(keywords):
            return False
        return not ({"lr", "learning_rate"} <= set(keywords) or (positional and {"lr", "learning_rate"} & set(keywords)))

    def _loss_line(self, statement: cst.BaseStatement, model: str) -> bool:
        """Whether a loss statement computes only: its calls Keras 2 backend functions that make nothing (no variable,
        placeholder or update), it reads the model only as `model.output`, no other graph attribute."""
        for call in m.findall(statement, m.Call()):
            names = self._names(call.func)
            if not any(name.startswith("keras.backend.") and name.rpartition(".")[2] not in NOT_IN_LOSS
                       for name in names):
                return False
        for attribute in m.findall(statement, m.Attribute()):
            if attribute.attr.value in GRAPH_ATTRIBUTES or \
                    (attribute.attr.value == "output" and code(attribute.value) != model):
                return False
        return True

    # ------------------------------------------------------------ rewriting

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        step = self.steps.get(id(original))
        if step is None:
            return updated
        self.converted()
        AddImportsVisitor.add_needed_import(self.context, "keras")
        if self.import_tensorflow:
            AddImportsVisitor.add_needed_import(self.context, "tensorflow", asname="tf")
        body = list(updated.body.body)
        kept = [body[0]] if body and _docstring(body[0]) else []
        optimizer_line = self._optimizer_line(body[step.optimizer_line], step)
        closure = self._closure(original, body, step)
        if step.target is not None and "." not in step.target:
            tail = body[step.function_line + 1]  # `return train`, as it was
        else:
            tail = cst.parse_statement(f"{step.target} = {closure.name.value}\n" if step.target else
                                       f"return {closure.name.value}\n")
            tail = tail.with_changes(leading_lines=[cst.EmptyLine(indent=False)])
        # the optimizer's slots made where Keras 2's get_updates made them, before any call (A3C's threads call the
        # step at once: Keras 3 would build it at the first apply_gradients, as many times as threads came in)
        build = cst.parse_statement(f"{step.optimizer}.build({step.model}.trainable_weights)\n")
        return updated.with_changes(body=updated.body.with_changes(
            body=[*kept, optimizer_line, build, closure, tail]))

    def _optimizer_line(self, statement: cst.SimpleStatementLine, step: TrainingStep) -> cst.SimpleStatementLine:
        """The optimizer's statement with Keras 3's keywords (`lr` -> learning_rate, clipnorm -> global_clipnorm)
        and Keras 2's RMSprop step (`Keras2RMSprop`); its comments kept, no empty line above it (it opens the
        function, or follows its docstring)."""
        assign = statement.body[0]
        call = assign.value
        renames = {"lr": "learning_rate", "clipnorm": "global_clipnorm"}
        args = [arg.with_changes(keyword=cst.Name(renames[arg.keyword.value]))
                if arg.keyword is not None and arg.keyword.value in renames else arg for arg in call.args]
        call = call.with_changes(args=args)
        if step.optimizer_class == "RMSprop":
            name, source = RMSPROP
            self.helpers[name] = source
            call = call.with_changes(func=cst.Name(name))
        lines = [line for line in statement.leading_lines if line.comment is not None]
        return statement.with_changes(body=[assign.with_changes(value=call)], leading_lines=lines)

    def _closure(self, original: cst.FunctionDef, body: list[cst.BaseStatement], step: TrainingStep) -> cst.FunctionDef:
        """`def train(inputs): ...`: the values unpacked and cast, the loss under the tape with the model called on
        its input, the step applied, the outputs returned as NumPy arrays."""
        name = step.target if step.target and "." not in step.target else \
            _free_name(original, step.target.rpartition(".")[2] if step.target else "train")
        values = _free_name(original, "inputs", "values")
        model_input = _free_name(original, "model_input")
        tape = _free_name(original, "tape")
        gradients = _free_name(original, "gradients")
        unpacked = ", ".join(model_input if item is None else item for item in step.inputs)
        casts = "".join(f"    {p.name} = keras.ops.convert_to_tensor({p.name}, {p.dtype})\n" for p in step.placeholders)
        outputs = ", ".join(f"keras.ops.convert_to_numpy({output})" for output in step.outputs)
        tf = self.tensorflow
        text = (f"def {name}({values}):\n"
                f"    {unpacked} = {values}\n"
                f"    {model_input} = keras.ops.convert_to_tensor({model_input}, {step.model}.inputs[0].dtype)\n"
                f"{casts}"
                f"    with {tf}.GradientTape() as {tape}:\n"
                f"        pass\n"
                f"    {gradients} = {tape}.gradient({step.loss}, {step.model}.trainable_weights)\n"
                f"    {step.optimizer}.apply_gradients(zip({gradients}, {step.model}.trainable_weights))\n"
                f"    return [{outputs}]\n")
        closure = cst.parse_statement(text)
        call = cst.parse_expression(f"{step.model}({model_input}, training=False)")
        loss = [ModelCalled(step.model, call).visit_statement(body[index]) for index in step.loss_lines]
        loss[0] = loss[0].with_changes(leading_lines=[line for line in loss[0].leading_lines if line.comment is not None])
        placeholder_comments = [line for index in sorted([p.index for p in step.placeholders] + list(step.alias_lines))
                                for line in body[index].leading_lines if line.comment is not None]
        statements = list(closure.body.body)
        with_block = statements[-4]  # before the gradients, the step and the return
        statements[-4] = with_block.with_changes(body=with_block.body.with_changes(body=loss))
        if placeholder_comments:  # above the casts that stand for the placeholders
            statements[2] = statements[2].with_changes(leading_lines=placeholder_comments)
        lines = [line for index in (step.updates_line, step.function_line) for line in body[index].leading_lines
                 if line.comment is not None]
        return closure.with_changes(body=closure.body.with_changes(body=statements),
                                    leading_lines=[cst.EmptyLine(indent=False), *lines])

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        defined = {name.value for name in names_in(original)}  # (a step left from a run that wrote the helper)
        helpers = {name: source for name, source in self.helpers.items() if name not in defined}
        return with_helpers(self.context, updated, helpers) if helpers else updated


class ModelCalled(cst.CSTTransformer):
    """`model.output` -> the model called on its input value, in a loss statement."""

    def __init__(self, model: str, call: cst.Call) -> None:
        super().__init__()
        self.model = model
        self.call = call

    def visit_statement(self, statement: cst.BaseStatement) -> cst.BaseStatement:
        return statement.visit(self)

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        if original.attr.value == "output" and code(original.value) == self.model:
            return self.call
        return updated
