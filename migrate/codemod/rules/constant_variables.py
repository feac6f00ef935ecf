"""`image = K.variable(array)` that the script only computes with -> `image = K.constant(array)`.

Keras's neural style transfer example (and the many scripts copied from it) held its two fixed images as graph
variables and built the network's input from them and a placeholder:

    base_image = K.variable(preprocess_image(base_image_path))
    style_reference_image = K.variable(preprocess_image(style_reference_image_path))
    combination_image = K.placeholder((1, img_nrows, img_ncols, 3))
    input_tensor = K.concatenate([base_image, style_reference_image, combination_image], axis=0)

Nothing ever assigned those variables, took a gradient with respect to them or trained them: each read gave the
value they were made with, cast to the dtype asked for (Keras 2's floatx by default), which is what `K.constant`
of the same arguments gives. As a constant, the file's graph has no variable of its own, so the model built on it
is one a Keras 3 model evaluates, and `backend_function_to_helper` rewrites its K.function and K.gradients.

Only a plain `name = K.variable(value[, dtype=][, name=])` line whose name nothing else binds (no other assignment,
`global` or `nonlocal` anywhere in the file, no local of that name in a function of its scope) and whose every read
is an operand: of arithmetic or a unary operator, subscripted, or an argument (alone, or an element of a list or
tuple argument) of a keras.backend function that computes (not `get_value`, `set_value`, `update`, `gradients`,
`function`, `eval`: those read the variable as a variable).
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.codemod.names import BACKEND_VARIABLE
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import assigned, mentions, other_bindings

# keras.backend functions that read a variable as a variable (its state, its identity), not as a value.
STATEFUL = frozenset({"get_value", "set_value", "batch_get_value", "batch_set_value", "update", "update_add",
                      "update_sub", "moving_average_update", "gradients", "function", "eval", "print_tensor",
                      "stop_gradient", "variable", "is_variable", "count_params", "dtype"})
KEYWORDS = frozenset({"dtype", "name"})


class ConstantVariables(Rule):
    NAME = "constant_variables"
    ORDER = 37  # before backend_function_to_model / _helper (38, 39), which a file without graph variables reaches
    TRIGGERS = ("variable(",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "image = K.variable(array) read only as a value (neural style transfer's images) -> K.constant(array)"

    def visit_Module(self, node: cst.Module) -> bool:
        self.constants: set[int] = set()  # ids of the K.variable calls that become K.constant
        declared = {name.name.value for statement in m.findall(node, m.Global() | m.Nonlocal())
                    for name in statement.names}
        for scope in [node, *m.findall(node, m.FunctionDef())]:
            body = scope.body if isinstance(scope, cst.Module) else scope.body.body
            for statement in body:
                found = self._made(statement)
                if found is not None and found[0] not in declared and self._only_values(scope, *found):
                    self.constants.add(id(found[1]))
        return bool(self.constants)

    def _made(self, statement: cst.BaseStatement) -> tuple[str, cst.Call] | None:
        """(name, call) of a line `name = K.variable(value[, dtype=][, name=])`."""
        made = assigned(statement)
        if made is None or not m.matches(made[1], m.Call(func=m.Attribute())):
            return None
        name, call = made
        if not self.qualified_names(call.func) & BACKEND_VARIABLE or not call.args or call.args[0].keyword is not None or \
                any(arg.star for arg in call.args) or \
                not all(arg.keyword is None and index < 2 or arg.keyword is not None and arg.keyword.value in KEYWORDS
                        for index, arg in enumerate(call.args)):
            return None
        return name, call

    def _only_values(self, scope: cst.CSTNode, name: str, call: cst.Call) -> bool:
        """Whether the scope binds `name` once and reads it only as a value (see the module's docstring)."""
        if other_bindings(scope, name) != 1:
            return False
        reads = 0
        for found in m.findall(scope, m.BinaryOperation() | m.UnaryOperation() | m.Subscript() | m.Call()):
            if isinstance(found, cst.BinaryOperation):
                reads += m.matches(found.left, m.Name(name)) + m.matches(found.right, m.Name(name))
            elif isinstance(found, cst.UnaryOperation):
                reads += m.matches(found.expression, m.Name(name))
            elif isinstance(found, cst.Subscript):
                reads += m.matches(found.value, m.Name(name))
            elif self._computes(found):
                for arg in found.args:
                    value = arg.value
                    elements = value.elements if isinstance(value, (cst.List, cst.Tuple)) else [arg]
                    reads += sum(m.matches(element.value, m.Name(name)) for element in elements)
        return reads > 0 and mentions(scope, name) == 1 + reads

    def _computes(self, call: cst.Call) -> bool:
        """Whether a call is a keras.backend function that computes with its arguments' values."""
        return any(name.startswith(("keras.backend.", "tensorflow.keras.backend.")) and
                   name.rpartition(".")[2] not in STATEFUL for name in self.qualified_names(call.func))

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if id(original) not in self.constants:
            return updated
        self.converted()
        return updated.with_changes(func=updated.func.with_changes(attr=cst.Name("constant")))
