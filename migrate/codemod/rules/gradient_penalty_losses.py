"""A gradient-penalty loss that takes `K.gradients(y_pred, averaged_samples)[0]` (WGAN-GP) -> the gradients taken in
the model, by the output the loss is given, and the loss reading them as its `y_pred`.

keras-contrib's improved_wgan.py example, copied into most Keras WGAN-GP code (Keras-GAN's wgan_gp.py, the GAN books'
chapters, StyleGAN-Keras's R1 penalty), penalizes the critic's gradient on points between real and generated samples:

    def gradient_penalty_loss(y_true, y_pred, averaged_samples, gradient_penalty_weight):
        gradients = K.gradients(y_pred, averaged_samples)[0]
        ...
    averaged_samples = RandomWeightedAverage()([real_samples, generated_samples])
    averaged_samples_out = discriminator(averaged_samples)
    partial_gp_loss = partial(gradient_penalty_loss, averaged_samples=averaged_samples, gradient_penalty_weight=10)
    discriminator_model = Model(inputs=[...], outputs=[real_out, generated_out, averaged_samples_out])
    discriminator_model.compile(optimizer=..., loss=[wasserstein_loss, wasserstein_loss, partial_gp_loss])

Keras 2's loss ran in the graph, where `y_pred` was the tensor `averaged_samples_out` and K.gradients could
differentiate it with respect to `averaged_samples`. Keras 3 gives a loss the output's values, which have no graph
behind them: K.gradients is gone, and a tape in the loss would not see the model's call. So the gradients are taken
where the tensors are, in the model: the output becomes `keras2_gradients(discriminator(averaged_samples),
averaged_samples)[0]` (the helper `backend_function_to_helper` writes for K.gradients in a graph: a layer that
calls the critic on the samples under a tf.GradientTape and returns the gradients of its summed output, K.gradients's
sum, in the training mode fit gives it), and the loss's `K.gradients(y_pred, averaged_samples)[0]` becomes `y_pred`,
the rest of it unchanged. Fit's own tape then differentiates the penalty through the inner tape, to the critic's
weights, as Keras 2's graph did (tests/codemod/test_gradient_penalty_losses.py: Keras 2.3.1's losses and weights,
step by step).

Only where it is that exact shape: a module-level function (or a method, Keras-GAN's wgan_gp.py) whose one
K.gradients call is `K.gradients(Y, P)[0]`, Y and P two of its parameters, Y read nowhere else in it; every other
mention of the function is `L = partial(F, ..., P=A)` (`partial(self.F, ...)`) with A a name; and in the function
(or module) making that partial, one `M.compile(loss=[...])` lists L at the index where `M = Model(inputs,
outputs=[...])` lists OUT, a name bound there once, to a call that reads A. Anything else is left to
backend_functions_to_ops, which reports the K.gradients.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.codemod.keras2_helpers import GRADIENTS, GRADIENTS_LAYER, with_helpers
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code, names_in, other_bindings

KERAS_GRADIENTS = frozenset({"keras.backend.gradients", "tensorflow.keras.backend.gradients"})
PARTIAL = frozenset({"functools.partial"})
_FIRST = m.SubscriptElement(slice=m.Index(value=m.Integer("0")))
_GRADIENTS_OF_NAMES = m.Subscript(value=m.Call(args=[m.Arg(value=m.Name(), keyword=None),
                                                     m.Arg(value=m.Name(), keyword=None)]), slice=[_FIRST])


def _argument(call: cst.Call, keyword: str, position: int) -> cst.BaseExpression | None:
    """The call's argument given as `keyword=` or at `position` (counted from 0), if any."""
    for index, arg in enumerate(call.args):
        if (arg.keyword is not None and arg.keyword.value == keyword) or (arg.keyword is None and index == position
                                                                           and not arg.star):
            return arg.value
    return None


class GradientPenaltyLosses(Rule):
    NAME = "gradient_penalty_losses"
    ORDER = 37  # before backend_function_to_model (38) and backend_functions_to_ops (40), which report K.gradients
    TRIGGERS = ("gradients",)
    REQUIRES = ("partial",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("loss(y_true, y_pred, averaged_samples) with K.gradients(y_pred, averaged_samples)[0] given by "
                   "partial -> the model output keras2_gradients(critic(averaged_samples), averaged_samples)[0]")

    def visit_Module(self, node: cst.Module) -> None:
        self.penalties: dict[int, str] = {}  # id of a `K.gradients(Y, P)[0]` -> Y
        self.outputs: dict[int, str] = {}  # id of an `OUT = critic(A)` Assign -> A
        self.copied: dict[str, str] = {}
        for statement in node.body:
            if isinstance(statement, cst.FunctionDef):
                self._plan(node, statement, method=False)
            elif isinstance(statement, cst.ClassDef):
                for member in statement.body.body:
                    if isinstance(member, cst.FunctionDef):
                        self._plan(node, member, method=True)

    def _plan(self, module: cst.Module, function: cst.FunctionDef, method: bool) -> None:
        """The loss function's gradients and each model output its partials are paired with, where all are found
        (for a method, Keras-GAN's `partial(self.gradient_penalty_loss, averaged_samples=...)`)."""
        penalty = self._penalty(function)
        if penalty is None:
            return
        subscript, parameter = penalty
        partials = self._partials(module, function.name.value, parameter, method)
        if not partials:
            return
        outputs = [self._output(module, assign, loss, samples) for assign, loss, samples in partials]
        if any(output is None for output in outputs):
            return
        self.penalties[id(subscript)] = subscript.value.args[0].value.value
        self.outputs.update((id(output), samples) for output, (_, _, samples) in zip(outputs, partials, strict=True))

    def _penalty(self, function: cst.FunctionDef) -> tuple[cst.Subscript, str] | None:
        """(`K.gradients(Y, P)[0]`, P) where it is the function's one K.gradients call, Y and P two of its parameters
        and Y read nowhere else in it."""
        calls = [call for call in m.findall(function.body, m.Call())
                 if self.qualified_names(call.func) & KERAS_GRADIENTS]
        found = [node for node in m.findall(function.body, _GRADIENTS_OF_NAMES) if node.value in calls]
        if len(calls) != 1 or len(found) != 1:
            return None
        y_pred, samples = (arg.value.value for arg in found[0].value.args)
        parameters = [param.name.value for param in function.params.params]
        reads = sum(name.value == y_pred for name in names_in(function.body))
        if y_pred == samples or y_pred not in parameters or samples not in parameters or reads != 1:
            return None
        return found[0], samples

    def _partials(self, module: cst.Module, function: str, parameter: str,
                  method: bool) -> list[tuple[cst.Assign, str, str]]:
        """Each `L = partial(F, ..., P=A)` (`partial(self.F, ...)` for a method; A a name); empty where F is
        mentioned any other way."""
        found = []
        given_as = m.Attribute(value=m.Name("self"), attr=m.Name(function)) if method else m.Name(function)
        for assign in m.findall(module, m.Assign(targets=[m.AssignTarget(target=m.Name())], value=m.Call())):
            call = assign.value
            if not self.qualified_names(call.func) & PARTIAL or not call.args or \
                    not m.matches(call.args[0], m.Arg(value=given_as, keyword=None)):
                continue
            given = [arg.value for arg in call.args[1:] if arg.keyword is not None and arg.keyword.value == parameter]
            if len(given) != 1 or not isinstance(given[0], cst.Name):
                return []
            found.append((assign, assign.targets[0].target.value, given[0].value))
        bare = sum(name.value == function for name in names_in(module)) - 1  # (the def's own name)
        attributes = len(m.findall(module, m.Attribute(attr=m.Name(function))))
        mentions = (bare, attributes) if method else (bare, 0)
        return found if found and mentions == ((0, len(found)) if method else (len(found), 0)) else []

    def _output(self, module: cst.Module, partial: cst.Assign, loss: str, samples: str) -> cst.Assign | None:
        """The `OUT = critic(..A..)` that the loss was given: in the partial's scope, `M.compile(loss=[..., L, ...])`
        names L at the index where `M = Model(..., outputs=[..., OUT, ...])` names OUT, bound once, reading A (M a
        name or `self.DM`, StyleGAN-Keras's)."""
        scope = self._scope_of(module, partial)
        found = []
        for compiled in m.findall(scope, m.Call(func=m.Attribute(attr=m.Name("compile")))):
            losses = _argument(compiled, "loss", 1)
            indexes = [index for index, element in enumerate(losses.elements if isinstance(losses, (cst.List, cst.Tuple))
                                                             else ()) if m.matches(element.value, m.Name(loss))]
            if len(indexes) == 1:
                found.append((code(compiled.func.value), indexes[0]))
        if len(found) != 1:
            return None
        model, index = found[0]
        built = [_argument(assign.value, "outputs", 1) for assign in m.findall(scope, m.Assign(value=m.Call()))
                 if len(assign.targets) == 1 and code(assign.targets[0].target) == model]
        if len(built) != 1 or not isinstance(built[0], (cst.List, cst.Tuple)) or len(built[0].elements) <= index or \
                not isinstance(built[0].elements[index].value, cst.Name):
            return None
        output = built[0].elements[index].value.value
        made = [assign for assign in m.findall(scope, m.Assign(targets=[m.AssignTarget(target=m.Name(output))],
                                                                value=m.Call()))
                if any(name.value == samples for name in names_in(assign.value))]
        if len(made) != 1 or other_bindings(scope, output) != 1 or other_bindings(scope, samples) != 1:
            return None
        return made[0]

    @staticmethod
    def _scope_of(module: cst.Module, node: cst.CSTNode) -> cst.CSTNode:
        """The innermost function holding `node`, else the module."""
        holding = [function for function in m.findall(module, m.FunctionDef())
                   if any(found is node for found in m.findall(function, m.Assign()))]
        return min(holding, key=lambda function: len(code(function)), default=module)

    def leave_Subscript(self, original: cst.Subscript, updated: cst.Subscript) -> cst.BaseExpression:
        y_pred = self.penalties.get(id(original))
        if y_pred is None:
            return updated
        self.converted()
        self.report(original, f"K.gradients({y_pred}, ...) moved into the model: the output this loss is given is now "
                              "keras2_gradients(critic(samples), samples)[0] (a tf.GradientTape in the graph), so "
                              f"{y_pred} is the gradients; the critic's score on the samples is no longer an output",
                    advice=True)
        return cst.Name(y_pred)

    def leave_Assign(self, original: cst.Assign, updated: cst.Assign) -> cst.Assign:
        samples = self.outputs.get(id(original))
        if samples is None:
            return updated
        self.converted()
        self.copied.update(dict([GRADIENTS, GRADIENTS_LAYER]))
        return updated.with_changes(value=cst.parse_expression(
            f"{GRADIENTS[0]}({code(updated.value)}, {samples})[0]"))

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        return with_helpers(self.context, updated, self.copied) if self.copied else updated
