"""The history key 'acc' of `metrics=['accuracy']` -> 'accuracy', the key Keras 3 (and Keras 2.3+) writes.

Keras before 2.3 logged `metrics=['accuracy']` as 'acc' and 'val_acc'; Keras 3 logs it under the name it
was given, 'accuracy' and 'val_accuracy'. A script that compiles with 'accuracy' and then reads
`history.history['acc']` stops with a KeyError after training, and a `ModelCheckpoint(...,
monitor='val_acc', save_best_only=True)` only warns and never saves. In a file that compiles with
'accuracy' (and never with 'acc', whose key is still 'acc'), the string literals 'acc' / 'val_acc' used as
a subscript, a `.get()` key or a `monitor=` argument become 'accuracy' / 'val_accuracy'. Where the file
reads those keys and compiles nowhere in it, the metric's name is unknown here: advice.
"""

from __future__ import annotations

import re

import libcst as cst

from migrate.codemod.rule import Rule

KEYS = {"acc": "accuracy", "val_acc": "val_accuracy"}
_METRICS = re.compile(r"""metrics\s*=\s*[\[(\{][^\])}]*?['"](accuracy|acc)['"]""")


class AccuracyHistoryKeys(Rule):
    NAME = "accuracy_history_keys"
    ORDER = 60
    TRIGGERS = ("acc'", 'acc"')
    DESCRIPTION = "history['acc'] / monitor='val_acc' -> 'accuracy' / 'val_accuracy' where the metric is 'accuracy'"

    def visit_Module(self, node: cst.Module) -> None:
        given = {found.group(1) for found in _METRICS.finditer(node.code)}
        self.rename = given == {"accuracy"}  # 'acc' given anywhere keeps its key: leave every 'acc' alone
        self.unknown = not given

    def _key(self, node: cst.BaseExpression, original: cst.BaseExpression) -> cst.BaseExpression | None:
        """The renamed key for the string `node` (`original` as read, for a report's position), or None."""
        if isinstance(node, cst.SimpleString) and node.evaluated_value in KEYS:
            if self.rename:
                self.converted()
                return node.with_changes(value=f"{node.prefix}{node.quote}{KEYS[node.evaluated_value]}{node.quote}")
            if self.unknown:
                self.report(original, f"'{node.evaluated_value}' is the key Keras before 2.3 gave metrics=['accuracy']; "
                                  f"Keras 3 names it '{KEYS[node.evaluated_value]}' (it keeps 'acc' only for "
                                  "metrics=['acc']): check the compile() this history comes from", advice=True)
        return None

    def leave_SubscriptElement(self, original: cst.SubscriptElement,
                               updated: cst.SubscriptElement) -> cst.SubscriptElement:
        if isinstance(updated.slice, cst.Index):
            key = self._key(updated.slice.value, original.slice.value)
            if key is not None:
                return updated.with_changes(slice=updated.slice.with_changes(value=key))
        return updated

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        func = updated.func
        args = list(updated.args)
        changed = False
        for index, arg in enumerate(args):
            keyed = arg.keyword is not None and arg.keyword.value == "monitor"
            got = isinstance(func, cst.Attribute) and func.attr.value == "get" and index == 0 and arg.keyword is None
            if keyed or got:
                key = self._key(arg.value, original.args[index].value)
                if key is not None:
                    args[index] = arg.with_changes(value=key)
                    changed = True
        return updated.with_changes(args=args) if changed else updated
