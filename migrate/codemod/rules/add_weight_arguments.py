"""`self.add_weight('W', (n, 1), ...)` (Keras 2.1-2.3's order, name first) -> keywords Keras 3 reads the same way.

Keras 2.0's `Layer.add_weight(shape, initializer, name=None, trainable=True, regularizer=None, constraint=None)` put
the shape first; Keras 2.1 to 2.3 and tf.keras 2.x put the name first: `add_weight(name=None, shape=None, dtype=None,
initializer=None, regularizer=None, trainable=True, constraint=None)`. Keras 3's is `add_weight(shape=None,
initializer=None, dtype=None, trainable=True, ...)`: a name given first is taken as the shape, and a Keras 2.0 call's
third argument (the name) as the dtype. Where the first positional argument is a string (a literal, an f-string,
`'%s_W' % name`, `name + '_W'`...), the positional arguments are the later order's and become keywords; where it is not
a string and a third is given, they are Keras 2.0's. Two positional arguments that are not a string (shape,
initializer) mean the same in Keras 3 and stay. Only `self.add_weight` in a file that imports Keras or TensorFlow.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.codemod.rule import Rule

NAME_FIRST = ("name", "shape", "dtype", "initializer", "regularizer", "trainable", "constraint")
SHAPE_FIRST = ("shape", "initializer", "name", "trainable", "regularizer", "constraint")


class AddWeightArguments(Rule):
    NAME = "add_weight_arguments"
    ORDER = 50
    TRIGGERS = ("add_weight(",)
    REQUIRES = ("keras", "tensorflow")
    DESCRIPTION = "self.add_weight('W', shape, ...) (Keras 2.1-2.3's positional order) -> keywords"

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        if not m.matches(updated.func, m.Attribute(value=m.Name("self"), attr=m.Name("add_weight"))):
            return updated
        positional = [arg for arg in updated.args if arg.keyword is None]
        if not positional or any(arg.star for arg in updated.args) or \
                any(arg.keyword is None for arg in updated.args[len(positional):]):
            return updated
        order = NAME_FIRST if _a_string(positional[0].value) else SHAPE_FIRST if len(positional) > 2 else None
        if order is None or len(positional) > len(order):
            return updated
        given = {arg.keyword.value for arg in updated.args if arg.keyword is not None}
        named = order[:len(positional)]
        if given & set(named):
            return updated  # a name given twice: Python refused it already
        self.converted()
        equal = cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace(""))
        args = [arg.with_changes(keyword=cst.Name(keyword), equal=equal) for keyword, arg in zip(named, positional,
                                                                                                  strict=True)]
        return updated.with_changes(args=[*args, *updated.args[len(positional):]])


def _a_string(value: cst.BaseExpression) -> bool:
    """A literal string, an f-string, a concatenation with one or a `%` format of one."""
    if isinstance(value, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
        return True
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, (cst.Add, cst.Modulo)):
        return _a_string(value.left) or (isinstance(value.operator, cst.Add) and _a_string(value.right))
    return m.matches(value, m.Call(func=m.Attribute(value=m.SimpleString() | m.Name("str"), attr=m.Name("format")))) \
        or m.matches(value, m.Call(func=m.Name("str")))
