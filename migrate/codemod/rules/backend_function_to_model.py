"""`K.function([model.input], [layer.output, model.output])` -> `keras.Model(...).predict_on_batch`, which Keras 3 has.

Keras 2's `K.function(inputs, outputs)` made a callable that ran the graph from the input tensors to the output
tensors, in inference mode (the learning phase's default), and returned a list of NumPy arrays, one per output.
Keras 3 has no K.function, but a functional `keras.Model(inputs, outputs)` on the same tensors computes the same
thing, and its `predict_on_batch(values)` runs it on the batch given, in inference mode, returning NumPy arrays:
a list where the outputs are two or more; a single output, though, comes back bare rather than in a list of one.
So the rewrite is done where it is exact:
- the inputs are a model's input tensors (`[model.input]`, `model.inputs`, `[m.inputs[0], ...]`), or names the
  function binds once to `Input(...)` with outputs it binds once to a layer's call (`K.function([input_data],
  [y_pred])`, Keras's image_ocr example): a Keras 3 Model takes nothing else (a placeholder of the script's own is
  TF1 graph code). `model.layers[0].input` becomes `model.inputs[0]`: a Keras 3 InputLayer's `.input` is an empty
  list;
- the outputs are a list of two or more tensors read from layers or models (`layer.output`, `model.outputs[1]`,
  `model.get_layer('h').output[0]`): the call returns the same list;
- or one such tensor, the callable assigned to a name (or `self.name`) that the file uses only as `f(values)[0]`:
  that `[0]` goes with it (it took the first of the list, predict_on_batch gives that array itself);
- the learning phase may be the last input (Keras 2's FAQ, `K.function([model.layers[0].input, K.learning_phase()],
  [model.layers[3].output])`, then `f([x, 0])[0]  # test mode`) where the callable is assigned to a name (or
  `self.name`) that the file only calls, each call with a list of the other inputs' values and then a literal 0, 0.
  or False, or nothing (Keras 2 then fed the phase's default, test mode), in a file that never sets the phase: the
  phase goes from the inputs and its value from each list (Keras 2.3.1's arrays:
  tests/codemod/test_backend_function_phase.py).
Anything else (an `updates=` list, a tensor from K.gradients, the learning phase elsewhere, fed 1 or True (Keras 3's
`model(x, training=True)` gives the same arrays, but also moves BatchNormalization's moving statistics, which
K.function did not), fed from a name, or a callable the file returns, puts in a list or passes on, whose calls it
does not all hold) is left to `backend_functions_to_ops`, which reports it with what to do (`function_advice`).
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor

from migrate.codemod.outline import Outline
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code, imported_as, other_bindings

FUNCTIONS = frozenset({"keras.backend.function", "tensorflow.keras.backend.function"})
LEARNING_PHASE = frozenset({"keras.backend.learning_phase", "tensorflow.keras.backend.learning_phase"})


def _arguments(call: cst.Call) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """(inputs, outputs) of `K.function(inputs, outputs)` given positionally or by keyword, and nothing else."""
    args = call.args
    if len(args) != 2 or any(arg.star for arg in args):
        return None
    keywords = [arg.keyword.value if arg.keyword else None for arg in args]
    if keywords == [None, None] or keywords == [None, "outputs"]:
        return args[0].value, args[1].value
    if sorted(keyword or "" for keyword in keywords) == ["inputs", "outputs"]:
        found = {arg.keyword.value: arg.value for arg in args}
        return found["inputs"], found["outputs"]
    return None


def _model_inputs(node: cst.BaseExpression) -> bool:
    """`model.inputs`, or a list of `model.input` / `model.inputs[i]`."""
    if isinstance(node, cst.Attribute):
        return node.attr.value == "inputs"
    return isinstance(node, cst.List) and bool(node.elements) and all(
        not isinstance(element, cst.StarredElement) and (
            (isinstance(element.value, cst.Attribute) and element.value.attr.value == "input") or
            (isinstance(element.value, cst.Subscript) and isinstance(element.value.value, cst.Attribute) and
             element.value.value.attr.value == "inputs"))
        for element in node.elements)


def _layer_tensor(node: cst.BaseExpression) -> bool:
    """A tensor of the model's graph: `x.output`, `model.outputs[i]`, or a slice of one (`layer.output[0]`,
    which Keras 3's symbolic tensors slice as TensorFlow did)."""
    if isinstance(node, cst.Attribute):
        return node.attr.value == "output"
    if isinstance(node, cst.Subscript):
        value = node.value
        return _layer_tensor(value) or (isinstance(value, cst.Attribute) and value.attr.value == "outputs")
    return False


def _outputs(node: cst.BaseExpression) -> int:
    """How many tensors a list (or tuple) of layer tensors holds; 0 for anything else."""
    if not isinstance(node, (cst.List, cst.Tuple)) or not node.elements:
        return 0
    if any(isinstance(element, cst.StarredElement) or not _layer_tensor(element.value) for element in node.elements):
        return 0
    return len(node.elements)


def _without_last(node: cst.List) -> cst.List:
    """`[x, phase]` -> `[x]`: the list less its last element, and no comma left behind it (`[x, ]` only where the
    source had one after the last)."""
    kept = list(node.elements[:-1])
    kept[-1] = kept[-1].with_changes(comma=node.elements[-1].comma)
    return node.with_changes(elements=kept)


def _first_layer_input(element: cst.BaseElement) -> cst.BaseElement:
    """`model.layers[0].input` -> `model.inputs[0]`: the first layer of a Keras 2 functional model was its first
    InputLayer, whose `.input` was that input tensor; a Keras 3 InputLayer's `.input` is an empty list (its tensor is
    its `.output`), and a Sequential's first layer is a real one in both. `model.inputs[0]` is the same tensor in
    all of them."""
    value = element.value
    if m.matches(value, m.Attribute(value=m.Subscript(value=m.Attribute(attr=m.Name("layers")),
                                                      slice=[m.SubscriptElement(m.Index(m.Integer("0")))]),
                                    attr=m.Name("input"))):
        model = value.value.value.value
        return element.with_changes(value=cst.parse_expression(f"{code(model)}.inputs[0]"))
    return element


def _inference_value(node: cst.BaseExpression) -> bool:
    """A literal 0, 0. or False: the learning phase's test mode (Keras 2's FAQ: `f([x, 0])[0]  # test mode = 0`)."""
    if isinstance(node, (cst.Integer, cst.Float)):
        return node.evaluated_value == 0
    return m.matches(node, m.Name("False"))


def _phase_values_dropped(calls: list[cst.Call], count: int) -> set[int] | None:
    """Where every call gives one list of `count` input values, or `count` and then an inference-mode learning
    phase: the ids of the lists to drop that last value from; None when any call gives anything else (training
    mode, a phase held in a name, a list built elsewhere)."""
    lists = set()
    for call in calls:
        if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
            return None
        values = call.args[0].value
        if not isinstance(values, cst.List) or any(isinstance(e, cst.StarredElement) for e in values.elements):
            return None
        if len(values.elements) == count + 1 and _inference_value(values.elements[-1].value):
            lists.add(id(values))
        elif len(values.elements) != count:
            return None
    return lists


def function_advice(call: cst.Call) -> str:
    """What to write instead of a K.function call this rule could not rewrite, by what it holds."""
    keywords = {arg.keyword.value for arg in call.args if arg.keyword is not None}
    text = code(call)
    if "updates" in keywords or len(call.args) > 2 or ".apply_gradients(" in text or ".minimize(" in text:
        return "a TF1 graph training step (updates=..., an optimizer's op): rewrite it as a tf.GradientTape step (the loss computed " \
               "under the tape from the model's call, then optimizer.apply_gradients(zip(tape.gradient(loss, " \
               "model.trainable_variables), model.trainable_variables)))"
    if "learning_phase" in text:
        return "the learning phase is fed as an input: call the model (or a keras.Model on the same tensors) with " \
               "training=True/False instead (in test mode, keras.Model(inputs, outputs).predict_on_batch; note " \
               "that a training=True call also moves BatchNormalization's moving statistics, which K.function " \
               "did not)"
    if "gradients" in text:
        return "it evaluates K.gradients: compute them with tf.GradientTape in a function of the input values"
    return "call the model, or keras.Model(inputs, outputs).predict_on_batch(values) where the inputs are a " \
           "model's input tensors (it returns NumPy arrays, a bare array for one output)"


def _in_scope(module: cst.Module, call: cst.Call) -> cst.CSTNode:
    """The innermost function holding `call` (or the module): where the names it reads were bound."""
    scope: cst.CSTNode = module
    for function in m.findall(module, m.FunctionDef()):
        if any(found is call for found in m.findall(function, m.Call())) and \
                (scope is module or any(found is function for found in m.findall(scope, m.FunctionDef()))):
            scope = function
    return scope


def _nested_scopes(scope: cst.CSTNode) -> list[cst.CSTNode]:
    """The functions, lambdas and classes `scope` holds that no other of them holds: each binds its names in a
    scope of its own."""
    found = [node for node in m.findall(scope, m.FunctionDef() | m.Lambda() | m.ClassDef()) if node is not scope]
    inner = {id(below) for node in found for below in m.findall(node, m.FunctionDef() | m.Lambda() | m.ClassDef())
             if below is not node}
    return [node for node in found if id(node) not in inner]


def _bindings_in(scope: cst.CSTNode, name: str) -> int | None:
    """How many times `scope` itself binds `name`: `lambda y_true, y_pred: y_pred` in a `compile` beside the
    `y_pred = Activation(...)(x)` binds another `y_pred`, in the lambda's scope. None where a nested function
    declares the name global or nonlocal (its assignments are then the outer one's)."""
    count = len(imported_as(scope, name)) + other_bindings(scope, name)
    for nested in _nested_scopes(scope):
        declared = [item.name.value for statement in m.findall(nested, m.Global() | m.Nonlocal())
                    for item in statement.names]
        if name in declared:
            return None
        own_name = not isinstance(nested, cst.Lambda) and nested.name.value == name  # the def binds it outside
        count -= len(imported_as(nested, name)) + other_bindings(nested, name) - own_name
    return count


def _bound_once(scope: cst.CSTNode, name: str) -> cst.BaseExpression | None:
    """The value `name` is bound to in `scope` when its one binding there is a plain `name = value`; None when it
    is bound otherwise or more than once (a parameter, a loop, a tuple, an augmented or second assignment)."""
    if _bindings_in(scope, name) != 1:
        return None
    nested = {id(found) for each in _nested_scopes(scope) for found in m.findall(each, m.Assign())}
    assigns = [found for found in m.findall(scope, m.Assign()) if len(found.targets) == 1 and id(found) not in nested
               and m.matches(found.targets[0].target, m.Name(name))]
    return assigns[0].value if assigns else None


def _callable_uses(module: cst.Module, call: cst.Call) -> tuple[list[cst.CSTNode], m.BaseMatcherNode] | None:
    """Where the file names the callable `call` makes, assigned once to a name or `self.name` (the assignment's
    target among them), and a matcher for that name; None where it is not so assigned (`[K.function(...) for out in
    outputs]`)."""
    assigns = [found for found in m.findall(module, m.Assign()) if found.value is call and len(found.targets) == 1]
    if not assigns:
        return None
    target = assigns[0].targets[0].target
    if isinstance(target, cst.Name):
        matcher = m.Name(target.value)
        # `g(f=...)` and `x.f` spell a Name f too, naming something else
        other = {id(arg.keyword) for arg in m.findall(module, m.Arg(keyword=m.Name(target.value)))} | \
            {id(found.attr) for found in m.findall(module, m.Attribute(attr=m.Name(target.value)))}
        return [found for found in m.findall(module, matcher) if id(found) not in other], matcher
    if isinstance(target, cst.Attribute) and m.matches(target.value, m.Name("self")):
        matcher = m.Attribute(value=m.Name("self"), attr=m.Name(target.attr.value))
        return list(m.findall(module, m.Attribute(attr=m.Name(target.attr.value)))), matcher
    return None


def _firsts_taken(module: cst.Module, matcher: m.BaseMatcherNode) -> set[int]:
    """The ids of the `f(values)[0]` subscripts of the callable `matcher` names."""
    return {id(found) for found in m.findall(module, m.Subscript(value=m.Call(func=matcher)))
            if len(found.slice) == 1 and isinstance(found.slice[0].slice, cst.Index) and
            m.matches(found.slice[0].slice.value, m.Integer("0"))}


class BackendFunctionToModel(Rule):
    NAME = "backend_function_to_model"
    ORDER = 38  # before backend_functions_to_ops, which reports the K.function calls left
    TRIGGERS = ("function",)
    REQUIRES = ("keras",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "K.function(model inputs, [layer outputs]) -> keras.Model(inputs, outputs).predict_on_batch"

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A call to something named `function` (`K.function(...)`, or `function(...)` imported from the backend),
        which `visit_Module` looks for first: most files with the word have it in a comment or a docstring."""
        return any(call.callee is not None and call.callee.rpartition(".")[2] == "function" for call in outline.calls)

    def visit_Module(self, node: cst.Module) -> bool:
        """The calls to rewrite, found here; False (the walk below the module is skipped: leave_Call and
        leave_Subscript would change nothing) when there are none, as in most files with the word `function`."""
        self.rewrites: set[int] = set()  # K.function calls to rewrite
        self.firsts: set[int] = set()  # `f(values)[0]` subscripts whose [0] goes
        self.phased: set[int] = set()  # K.function calls whose last input, the learning phase, goes
        self.phase_values: set[int] = set()  # `[x, 0]` lists of the callable's calls whose last value goes
        for call in m.findall(node, m.Call(func=m.Attribute(attr=m.Name("function")) | m.Name("function"))):
            found = _arguments(call)
            if found is None:
                continue
            inputs, outputs = found
            phase = self._learning_phase_last(node, inputs)
            if phase:
                inputs = _without_last(inputs)
            count = _outputs(outputs)
            if not (_model_inputs(inputs) and count) and not (count := self._input_tensors(node, call, inputs, outputs)):
                continue
            if not self.qualified_names(call.func) & FUNCTIONS or self._taken_elsewhere(node, call):
                continue
            if phase:
                self._rewrite_phased(node, call, len(inputs.elements), count)
            elif count >= 2:
                self.rewrites.add(id(call))
            elif (firsts := self._only_first_taken(node, call)) is not None:
                self.rewrites.add(id(call))
                self.firsts |= firsts
        return bool(self.rewrites)

    def _taken_elsewhere(self, module: cst.Module, call: cst.Call) -> bool:
        """Whether another file of the run may call the callable: it is assigned to a name that file takes from this
        module (`from utils import get_layer_output`, `utils.get_layer_output`, `from utils import *`; the survey's
        `taken`), whose calls (`f([x, 0])[0]`) this file does not hold."""
        assigns = [found for found in m.findall(module, m.Assign()) if found.value is call and len(found.targets) == 1]
        return bool(assigns) and isinstance(assigns[0].targets[0].target, cst.Name) and \
            self.taken_elsewhere(assigns[0].targets[0].target.value)

    def _learning_phase_last(self, module: cst.Module, inputs: cst.BaseExpression) -> bool:
        """`[model.input, K.learning_phase()]` (Keras 2's FAQ on a layer's output): the phase the last of two or
        more inputs, in a file that never sets it (after `K.set_learning_phase(1)` the phase was a constant, and
        the value fed was not what decided the mode)."""
        if not isinstance(inputs, cst.List) or len(inputs.elements) < 2:
            return False
        last = inputs.elements[-1]
        if isinstance(last, cst.StarredElement) or not isinstance(last.value, cst.Call) or last.value.args:
            return False
        return bool(self.qualified_names(last.value.func) & LEARNING_PHASE) and "set_learning_phase" not in module.code

    def _rewrite_phased(self, module: cst.Module, call: cst.Call, inputs: int, outputs: int) -> None:
        """Marks a K.function taking the learning phase last for the rewrite when the file makes every call of its
        callable in test mode, each list of values seen (`f([x, 0])`, `f([x, 0.])`, `f([x, False])`, or `f([x])`
        where Keras 2 took the phase's default, test mode): those lists lose the phase's value. Training mode
        (`f([x, 1])`) stays for backend_functions_to_ops to report: Keras 3's `model(x, training=True)` would also
        move BatchNormalization's moving statistics, which K.function did not. So does a callable the file hands
        on (returned, put in a list, passed to a function), whose calls it does not all hold."""
        found = _callable_uses(module, call)
        if found is None:
            return
        uses, matcher = found
        calls = m.findall(module, m.Call(func=matcher))
        if len(uses) != len(calls) + 1 or (lists := _phase_values_dropped(calls, inputs)) is None:
            return
        if outputs == 1:
            firsts = _firsts_taken(module, matcher)
            if len(firsts) != len(calls):
                return
            self.firsts |= firsts
        self.rewrites.add(id(call))
        self.phased.add(id(call))
        self.phase_values |= lists

    def _input_tensors(self, module: cst.Module, call: cst.Call, inputs: cst.BaseExpression,
                       outputs: cst.BaseExpression) -> int:
        """`K.function([input_data], [y_pred])` (Keras's image_ocr example, and the CTC code that copied it): each
        input a name bound once in the function, to `Input(...)`, and each output a name bound once there to a
        layer's call (`Activation('softmax')(x)`) or a layer tensor: how many outputs; else 0."""
        if not all(isinstance(node, cst.List) and node.elements and
                   all(not isinstance(element, cst.StarredElement) and isinstance(element.value, cst.Name)
                       for element in node.elements) for node in (inputs, outputs)):
            return 0
        scope = _in_scope(module, call)
        for element in inputs.elements:
            value = _bound_once(scope, element.value.value)
            if not isinstance(value, cst.Call) or not any(
                    name.split(".")[0] in ("keras", "tensorflow") and name.endswith(".Input")
                    for name in self.qualified_names(value.func)):
                return 0
        for element in outputs.elements:
            value = _bound_once(scope, element.value.value)
            if value is None or not (_layer_tensor(value) or (
                    isinstance(value, cst.Call) and isinstance(value.func, cst.Call) and any(
                        name.startswith(("keras.layers.", "tensorflow.keras.layers."))
                        for name in self.qualified_names(value.func.func)))):
                return 0
        return len(outputs.elements)

    @staticmethod
    def _only_first_taken(module: cst.Module, call: cst.Call) -> set[int] | None:
        """The `f(values)[0]` subscripts of the callable `call` makes, when it is assigned (once, to a name or
        `self.name`) and the file uses it in no other way; else None."""
        found = _callable_uses(module, call)
        if found is None:
            return None
        uses, matcher = found
        firsts = _firsts_taken(module, matcher)
        if len(uses) != len(firsts) + 1:
            return None
        return firsts

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if id(original) not in self.rewrites:
            return updated
        self.converted()
        AddImportsVisitor.add_needed_import(self.context, "keras")
        inputs, outputs = _arguments(updated)
        if id(original) in self.phased:
            inputs = _without_last(inputs)
        if isinstance(inputs, cst.List):
            inputs = inputs.with_changes(elements=[_first_layer_input(element) for element in inputs.elements])
        return cst.parse_expression(f"keras.Model({code(inputs)}, {code(outputs)}).predict_on_batch")

    def leave_Subscript(self, original: cst.Subscript, updated: cst.Subscript) -> cst.BaseExpression:
        if id(original) not in self.firsts:
            return updated
        self.converted()
        return updated.value

    def leave_List(self, original: cst.List, updated: cst.List) -> cst.BaseExpression:
        if id(original) not in self.phase_values:
            return updated
        self.converted()
        return _without_last(updated)
