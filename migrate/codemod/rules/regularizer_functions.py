"""Keras 1's `regularizers.activity_l1(l)` / `activity_l2` / `activity_l1l2` / `l1l2` -> Keras 3's `l1` / `l2` /
`l1_l2`, and `l1_l2()` with Keras 2's defaults written out.

Keras 1.2.2's activity regularizers added `l1 * sum(mean(|output|, axis=0))` (and `l2 * sum(mean(output ** 2,
axis=0))`) to the loss: the penalty over the batch divided by its size. Keras 2 dropped them for `activity_
regularizer=l1(...)`, which it summed without dividing; Keras 3's layer divides an activity penalty by the batch size
again, so Keras 3's `l1(l)` / `l2(l)` as an activity regularizer is Keras 1's `activity_l1(l)` / `activity_l2(l)`
(tests/codemod/test_regularizer_functions.py computes both on a layer's output). Keras 1's `l1l2` was Keras 2's
`l1_l2`, the same weight penalty. Keras 1's and 2's `l1_l2(l1=0.01, l2=0.01)` defaults are Keras 3's `l1_l2(l1=0.0,
l2=0.0)`: a call leaving one out lost that penalty silently, so the default is written out. `l=` (Keras 1 and 2 named
the one parameter so) takes Keras 3's name, `l1=` or `l2=`.

A call spelt from the module (`regularizers.activity_l1(...)`) keeps its module; a name imported on its own
(`from keras.regularizers import activity_l2`) becomes `keras.regularizers.l2`, and `unread_gone_imports` removes the
import nothing reads any more.
"""

from __future__ import annotations

import libcst as cst
from libcst.codemod.visitors import AddImportsVisitor

from migrate.codemod.rule import NAMES, Rule

ROOTS = ("keras", "tensorflow.keras")
# Keras 1's function -> Keras 3's (keras.regularizers); Keras 2's l1_l2 keeps its name, its defaults written out
RENAMED = {"activity_l1": "l1", "activity_l2": "l2", "activity_l1l2": "l1_l2", "l1l2": "l1_l2", "l1_l2": "l1_l2"}
DEFAULT = "0.01"  # every one of Keras 1's and 2's penalties defaulted to 0.01; Keras 3's l1_l2 to 0.0


class RegularizerFunctions(Rule):
    NAME = "regularizer_functions"
    ORDER = 37  # before unread_gone_imports (65), which removes `from keras.regularizers import activity_l2` once unread
    TRIGGERS = tuple(RENAMED)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("regularizers.activity_l1(l) / activity_l2 / activity_l1l2 / l1l2 -> l1 / l2 / l1_l2 (Keras 3 "
                   "divides an activity penalty by the batch as Keras 1 did); l1_l2() with Keras 2's 0.01 defaults")

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        old = self._function(original.func)
        if old is None or any(arg.star for arg in updated.args):
            return updated
        new = RENAMED[old]
        args = [_keyword(arg, "l", new) for arg in updated.args]
        if new == "l1_l2":
            args = _with_defaults(args)
        if new == old and args == list(updated.args):
            return updated
        self.converted()
        func = updated.func
        if new != old:
            if isinstance(func, cst.Attribute):
                func = func.with_changes(attr=cst.Name(new))
            else:  # a name imported on its own: spelt from keras.regularizers, the import left unread
                AddImportsVisitor.add_needed_import(self.context, "keras")
                func = cst.parse_expression(f"keras.regularizers.{new}")
        return updated.with_changes(func=func, args=args)

    def _function(self, func: cst.BaseExpression) -> str | None:
        """The regularizer function of Keras 1 or 2 this callee names (by its qualified name), or None."""
        for name in sorted(self.qualified_names(func)):
            module, _, function = name.rpartition(".")
            if function in RENAMED and module in {f"{root}.regularizers" for root in ROOTS}:
                return function
        return None


def _keyword(arg: cst.Arg, old: str, new: str) -> cst.Arg:
    """`arg` under the keyword `new` where it was given as `old` (`l=0.1` -> `l2=0.1`); other arguments as they are;
    for l1_l2, whose parameters kept their names, `l=` never occurred."""
    if arg.keyword is None or arg.keyword.value != old or new == "l1_l2":
        return arg
    return arg.with_changes(keyword=cst.Name(new))


def _with_defaults(args: list[cst.Arg]) -> list[cst.Arg]:
    """l1_l2's arguments with each of l1 and l2 that was left out written as Keras 2's default, 0.01."""
    given = {arg.keyword.value for arg in args if arg.keyword is not None}
    given |= {("l1", "l2")[index] for index, arg in enumerate(args[:2]) if arg.keyword is None}
    missing = [name for name in ("l1", "l2") if name not in given]
    if not missing:
        return args
    spaced = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    if args:
        args[-1] = args[-1].with_changes(comma=spaced)
    added = [cst.Arg(cst.Float(DEFAULT), keyword=cst.Name(name),
                     equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace("")),
                     comma=spaced if index < len(missing) - 1 else cst.MaybeSentinel.DEFAULT)
             for index, name in enumerate(missing)]
    return [*args, *added]
