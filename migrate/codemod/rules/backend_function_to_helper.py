"""`K.function`, `K.gradients` and `K.learning_phase()` over a model's own tensors -> functions written into the file.

Keras 2's backend evaluated any tensors of the graph: `K.function([model.input, K.learning_phase()], outputs)` ran a
layer's activations in either phase, and a filter visualization or Grad-CAM took `K.gradients(loss, model.input)` (or
a convolution's output) of a loss built from a layer's output:
```
loss = K.mean(model.get_layer('block5_conv1').output[:, :, :, filter_index])
grads = K.gradients(loss, model.input)[0]
grads /= (K.sqrt(K.mean(K.square(grads))) + 1e-5)
iterate = K.function([model.input], [loss, grads])
```
Keras 3 has none of the three, but its symbolic tensors still build such a graph (`keras.ops.mean` of a layer's
output is one), and a functional `keras.Model` evaluates it. So, where `backend_function_to_model` found no exact
`predict_on_batch` spelling, the calls become `keras2_function`, `keras2_gradients` and `Keras2LearningPhase()`,
written into the file (`keras2_helpers`): a model on the same tensors, called in the phase fed (BatchNormalization's
moving statistics put back after a training-mode call, which Keras 2's function never moved), returning NumPy
arrays in the structure Keras 2.3.1 returned; and the gradients as a layer of the graph that takes them under a
`tf.GradientTape` (tests/codemod/test_backend_function_to_helper.py runs both against the gradients taken by hand).

Left for `backend_functions_to_ops` to report, with what to do:
- a file with graph variables of its own (`K.variable`, as style transfer's images and loss) or TF1 placeholders,
  which no Keras 3 model takes (a `K.placeholder` becomes the `keras.Input` it stands for), or one that sets the
  learning phase to training; `K.set_learning_phase(0)` with no phase fed is the mode the helper runs in, and
  beside a phase fed it changed nothing a script that ran could see: K.learning_phase() after it is the int 0,
  which Keras 2's K.function cannot feed (it raised), so each function fed a phase was built before the set or on
  another path, and ran in the phase fed, as keras2_function does (and backend_functions_to_ops removes the set:
  a second run decides as the first);
- a K.function with `updates=` (a training step) or reading a model's private or training tensors (`_feed_inputs`,
  `total_loss`, an optimizer's `get_gradients`);
- K.gradients of a function's parameters (a gradient penalty inside a loss, whose `y_pred` is no graph tensor in
  Keras 3), or with respect to anything but a model's input or a layer's output (weights are variables, not tensors);
- every `K.learning_phase()` of a file where one is not an element of a list (`K.in_train_phase(a, b, training=
  K.learning_phase())`), and the K.functions with it.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.codemod.keras2_helpers import FUNCTION, GRADIENTS, GRADIENTS_LAYER, LEARNING_PHASE, with_helpers
from migrate.codemod.outline import Outline
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.rules.backend_function_to_model import LEARNING_PHASE as PHASE_NAMES
from migrate.codemod.rules.backend_function_to_model import _arguments
from migrate.codemod.syntax import code, imported_as, other_bindings

BACKENDS = ("keras.backend.", "tensorflow.keras.backend.")
# What a file's graph takes that no Keras 3 model does: variables (`K.variable`, and the `keras.Variable`
# backend_functions_to_ops makes of it, so that a second run reads the file as the first did) and TF1's placeholders.
# Keras 2's `K.placeholder` is not among them: backend_functions_to_ops makes it the `keras.Input` it stands for, or
# reports it where it cannot (`ndim` only, values fed through a session).
GRAPH_INPUTS = frozenset({f"{backend}variable" for backend in BACKENDS} |
                         {"keras.Variable", "keras.variables.Variable", "tensorflow.keras.Variable",
                          "tensorflow.placeholder", "tensorflow.compat.v1.placeholder", "tensorflow.Variable"})
# Words in K.function's arguments that name what a Keras 3 model cannot evaluate: a model's private tensors
# (`_feed_inputs`), its training loss, an optimizer's symbolic gradients.
NOT_GRAPH = ("._", "total_loss", "get_gradients", "updates")
# Attributes that give a graph tensor K.gradients may differentiate with respect to.
TENSORS = frozenset({"input", "inputs", "output", "outputs"})


def _backend(qualified: set[str], name: str) -> bool:
    """Whether one of `qualified` is the Keras 2 backend's `name`."""
    return any(found == f"{backend}{name}" for found in qualified for backend in BACKENDS)


def _gradient_arguments(call: cst.Call) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """(loss, variables) of `K.gradients(loss, variables)`, given positionally or by keyword, and nothing else."""
    if len(call.args) != 2 or any(arg.star for arg in call.args):
        return None
    keywords = [arg.keyword.value if arg.keyword else None for arg in call.args]
    if keywords in ([None, None], [None, "variables"]):
        return call.args[0].value, call.args[1].value
    if sorted(keyword or "" for keyword in keywords) == ["loss", "variables"]:
        found = {arg.keyword.value: arg.value for arg in call.args}
        return found["loss"], found["variables"]
    return None


def _inference(call: cst.Call) -> bool:
    """`K.set_learning_phase(0)` (or 0., False): the phase every unfed K.function then ran in, as keras2_function's
    calls do."""
    if len(call.args) != 1 or call.args[0].keyword is not None:
        return False
    value = call.args[0].value
    return (isinstance(value, (cst.Integer, cst.Float)) and value.evaluated_value == 0) or \
        m.matches(value, m.Name("False"))


def _parameters(module: cst.Module, call: cst.Call) -> set[str]:
    """The parameter names of every function or lambda holding `call`: a value the caller gives, which may be no
    tensor of a graph (a loss's `y_pred` in Keras 3)."""
    names: set[str] = set()
    for function in m.findall(module, m.FunctionDef() | m.Lambda()):
        if any(found is call for found in m.findall(function, m.Call())):
            names |= {param.name.value for param in m.findall(function.params, m.Param())}
    return names


class BackendFunctionToHelper(Rule):
    NAME = "backend_function_to_helper"
    ORDER = 39  # after backend_function_to_model (38), before backend_functions_to_ops (40), which reports the rest
    TRIGGERS = ("function", "gradients")
    REQUIRES = ("keras",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("K.function / K.gradients / K.learning_phase() over a model's tensors -> keras2_function / "
                   "keras2_gradients / Keras2LearningPhase() written into the file")

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A call to something named `function` or `gradients` (`K.function(...)`): most files with the words have
        them in comments, docstrings or other names."""
        return any(call.callee is not None and call.callee.rpartition(".")[2] in ("function", "gradients")
                   for call in outline.calls)

    def visit_Module(self, node: cst.Module) -> bool:
        """The calls to rewrite, found here; False (nothing below is walked) when there are none."""
        self.rewrites: dict[int, str] = {}  # call id -> helper's name
        self.copied: dict[str, str] = {}
        calls = list(m.findall(node, m.Call(func=m.Attribute() | m.Name())))
        named = [(call, self.qualified_names(call.func)) for call in calls]
        phases = [call for call, qualified in named if qualified & PHASE_NAMES]
        set_phase = [call for call, qualified in named if _backend(qualified, "set_learning_phase")]
        if any(qualified & GRAPH_INPUTS for _, qualified in named) or \
                not all(_inference(call) for call in set_phase):
            return False
        listed = {id(element.value) for found in m.findall(node, m.List()) for element in found.elements}
        phases_listed = all(id(call) in listed and not call.args for call in phases)
        for call, qualified in named:
            if _backend(qualified, "function") and phases_listed and self._evaluable(call):
                self.rewrites[id(call)] = FUNCTION[0]
            elif _backend(qualified, "gradients") and self._differentiable(node, call):
                self.rewrites[id(call)] = GRADIENTS[0]
        if FUNCTION[0] in self.rewrites.values():
            self.rewrites.update({id(call): LEARNING_PHASE[0] for call in phases})
        return bool(self.rewrites)

    @staticmethod
    def _evaluable(call: cst.Call) -> bool:
        """`K.function(inputs, outputs)` and nothing else (no `updates=`), neither naming what a Keras 3 model
        cannot evaluate."""
        found = _arguments(call)
        return found is not None and not any(word in code(part) for part in found for word in NOT_GRAPH)

    def _differentiable(self, module: cst.Module, call: cst.Call) -> bool:
        """`K.gradients(loss, variables)` with respect to graph tensors (a model's input, a layer's output, a name
        the file binds only to one), neither argument a parameter of the function holding it."""
        found = _gradient_arguments(call)
        if found is None or any(word in code(part) for part in found for word in NOT_GRAPH):
            return False
        loss, variables = found
        parameters = _parameters(module, call)
        if any(isinstance(part, cst.Name) and part.value in parameters for part in found):
            return False
        elements = [element.value for element in variables.elements] \
            if isinstance(variables, (cst.List, cst.Tuple)) else [variables]
        return bool(elements) and all(self._graph_tensor(module, element, parameters) for element in elements)

    def _graph_tensor(self, module: cst.Module, node: cst.BaseExpression, parameters: set[str]) -> bool:
        """`x.input`, `x.output`, `x.inputs[i]`, `x.output[...]`, `Input(...)` (`K.placeholder(...)`), or a name that is no parameter here
        and that the file binds, each time, to one of them."""
        if isinstance(node, cst.Subscript):
            node = node.value
        if isinstance(node, cst.Attribute):
            return node.attr.value in TENSORS
        if isinstance(node, cst.Call):  # `Input(...)`, or the `K.placeholder(...)` backend_functions_to_ops makes one
            return any((name.split(".")[0] in ("keras", "tensorflow") and name.endswith(".Input")) or
                       _backend({name}, "placeholder") for name in self.qualified_names(node.func))
        if not isinstance(node, cst.Name) or node.value in parameters:
            return False
        values = [assign.value for assign in m.findall(module, m.Assign(targets=[m.AssignTarget(m.Name(node.value))]))]
        return bool(values) and len(values) == len(imported_as(module, node.value)) + \
            other_bindings(module, node.value) and \
            all(not isinstance(value, cst.Name) and self._graph_tensor(module, value, parameters) for value in values)

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        name = self.rewrites.get(id(original))
        if name is None:
            return updated
        self.converted()
        if name == LEARNING_PHASE[0]:
            return updated.with_changes(func=cst.Name(name))
        self.copied.update(dict([FUNCTION, LEARNING_PHASE] if name == FUNCTION[0] else [GRADIENTS, GRADIENTS_LAYER]))
        return updated.with_changes(func=cst.Name(name))

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        return with_helpers(self.context, updated, self.copied) if self.copied else updated
