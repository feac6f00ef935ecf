"""Keras 2's `print_summary(model, line_length, positions, print_fn)` -> `model.summary(line_length, positions,
print_fn)`.

`keras.utils.print_summary` (Keras 2.0-2.3, from `keras.utils.layer_utils`) printed what `Model.summary` prints: the
method called it with the same arguments in the same order, and Keras 3's `Model.summary` takes them so still. The
function is gone from Keras 3 (no public name holds it). A call with the model as its first argument becomes the
method's; any other use (the function handed on, no argument) stays for `legacy_import_paths` to report. Runs before
`unread_gone_imports`, which then drops the import nothing reads.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.rule import NAMES, Rule

PRINT_SUMMARY = frozenset({"keras.utils.print_summary", "keras.utils.layer_utils.print_summary"})


class PrintSummaryToSummary(Rule):
    NAME = "print_summary_to_summary"
    ORDER = 36  # before unread_gone_imports (65), which drops the import, and legacy_import_paths (70), which reports the rest
    TRIGGERS = ("print_summary",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "keras.utils.print_summary(model, ...) -> model.summary(...)"

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if not self.qualified_names(original.func) & PRINT_SUMMARY:
            return updated
        args = list(updated.args)
        at = next((i for i, arg in enumerate(args) if arg.keyword is not None and arg.keyword.value == "model"), None)
        if at is None and args and args[0].keyword is None and not args[0].star:
            at = 0
        if at is None or any(arg.star for arg in args):
            return updated  # no model given, or arguments unpacked: reported as it stands
        model = args.pop(at).value
        if not isinstance(model, (cst.Name, cst.Attribute, cst.Subscript, cst.Call)) and not model.lpar:
            model = model.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])  # (a or b).summary()
        if args:
            args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        self.converted()
        return updated.with_changes(func=cst.Attribute(value=model, attr=cst.Name("summary")), args=args)
