"""`loss = K.variable(0.)` that the script only adds terms to -> `loss = 0.0`.

Keras's deep dream example (and the scripts built on it: aidiary/keras-examples dream/deep_dream.py) started its loss
as a graph variable and added a term per layer to it:

    loss = K.variable(0.)
    for layer_name in settings['features']:
        loss += coeff * K.sum(K.square(x)) / scaling

The first `+=` made `loss` a tensor, the variable's value (the number) one of its terms (`loss = loss + term` under
TensorFlow 1.15, whose resource variables refused `+=`); nothing else ever read the variable. So the number does the
same: the sum is the same tensor, of the same dtype (the term's: a number takes the tensor's dtype). And without a
variable of its own the file's graph is one a Keras 3 model evaluates, which `backend_function_to_helper` then
rewrites (its K.function and K.gradients).

Only where the variable is made from a number alone and each statement after it that names it, up to the first that
rebinds it at the same level, is such an accumulation: `name op= term` or `name = name op term` (`name` nowhere in the
term), alone or inside a loop, condition or `with` block that names it nowhere else.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.codemod.names import BACKEND_VARIABLE
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import assigned, mentions

ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide)
ACCUMULATE = (cst.AddAssign, cst.SubtractAssign, cst.MultiplyAssign, cst.DivideAssign)


def _number(node: cst.BaseExpression) -> str | None:
    """The code of an int or float literal, maybe negated, as a float (`0.` -> `0.0`), or None."""
    sign = ""
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        sign, node = "-", node.expression
    if isinstance(node, (cst.Integer, cst.Float)):
        return sign + repr(float(node.evaluated_value))
    return None


def _accumulates(statement: cst.CSTNode, name: str) -> bool:
    """`name op= term` or `name = name op term`, `name` nowhere in the term."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return False
    small = statement.body[0]
    if isinstance(small, cst.AugAssign):
        return m.matches(small.target, m.Name(name)) and isinstance(small.operator, ACCUMULATE) and \
            not mentions(small.value, name)
    if isinstance(small, cst.Assign) and len(small.targets) == 1 and m.matches(small.targets[0].target, m.Name(name)):
        value = small.value
        return isinstance(value, cst.BinaryOperation) and isinstance(value.operator, ARITHMETIC) and \
            m.matches(value.left, m.Name(name)) and not mentions(value.right, name)
    return False


def _only_accumulates_in(statement: cst.BaseStatement, name: str) -> bool:
    """Whether every statement line inside a compound statement that names `name` accumulates into it (and its tests,
    headers and targets do not name it)."""
    lines = list(m.findall(statement, m.SimpleStatementLine()))
    in_lines = sum(mentions(line, name) for line in lines)
    if in_lines != mentions(statement, name):
        return False  # a loop's target, a condition, a `with` item names it
    return all(_accumulates(line, name) for line in lines if mentions(line, name))


class AccumulatorVariables(Rule):
    NAME = "accumulator_variables"
    ORDER = 37  # before backend_function_to_model / _helper (38, 39), which a file without graph variables reaches
    TRIGGERS = ("variable(",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "loss = K.variable(0.) that only accumulates terms (loss += ...) -> loss = 0.0 (deep dream)"

    def visit_Module(self, node: cst.Module) -> None:
        self.numbers: dict[int, str] = {}  # id of a K.variable(number) call -> the number
        for block in [node, *m.findall(node, m.IndentedBlock())]:
            self._accumulators(block.body)

    def _accumulators(self, body: tuple[cst.BaseStatement, ...]) -> None:
        for index, statement in enumerate(body):
            found = self._made(statement)
            if found is None:
                continue
            name, call, number = found
            for later in body[index + 1:]:
                if not mentions(later, name):
                    continue
                if _accumulates(later, name):
                    self.numbers[id(call)] = number
                    break
                if isinstance(later, cst.SimpleStatementLine) or not _only_accumulates_in(later, name):
                    break

    def _made(self, statement: cst.BaseStatement) -> tuple[str, cst.Call, str] | None:
        """(name, call, number) of a line `name = K.variable(number)`."""
        made = assigned(statement)
        if made is None or not m.matches(made[1], m.Call(args=[m.Arg(keyword=None)])):
            return None
        name, call = made
        number = _number(call.args[0].value)
        if number is None or not self.qualified_names(call.func) & BACKEND_VARIABLE:
            return None
        return name, call, number

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        number = self.numbers.get(id(original))
        if number is None:
            return updated
        self.converted()
        return cst.parse_expression(number)
