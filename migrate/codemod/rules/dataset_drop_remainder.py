"""`dataset.apply(tf.contrib.data.batch_and_drop_remainder(n))` -> `dataset.batch(n, drop_remainder=True)`.

TPU input pipelines of 2018 (TF 1.8-1.9, before `Dataset.batch` took `drop_remainder=`) kept every batch full with
contrib's transformation: `dataset.apply(tf.contrib.data.batch_and_drop_remainder(batch_size))`, and its padded twin
`padded_batch_and_drop_remainder(batch_size, padded_shapes, padding_values=None)`. TF 2 has no contrib, and
TensorFlow's own tables name neither; TF 1.10 deprecated both for the keyword that TF 2 keeps, which batches the same
elements and drops the same last, short batch. Only the transformation handed straight to `apply` with its arguments
written out (no `*args`) is rewritten; anything else of contrib's stays for the last pass to report.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.codemod.rule import NAMES, Rule

CONTRIB = "tensorflow.contrib.data."
# contrib's transformation -> the Dataset method TF 2 batches with, and how many positional parameters it takes
# before `drop_remainder` (batch_size; padded_shapes, padding_values)
METHODS = {"batch_and_drop_remainder": ("batch", 1), "padded_batch_and_drop_remainder": ("padded_batch", 3)}


class DatasetDropRemainder(Rule):
    NAME = "dataset_drop_remainder"
    ORDER = 4  # before tf1_session_code's report and the last pass, like contrib_image_ops
    TRIGGERS = ("drop_remainder",)
    REQUIRES = ("contrib",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "ds.apply(tf.contrib.data.batch_and_drop_remainder(n)) -> ds.batch(n, drop_remainder=True)"

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        if not m.matches(updated, m.Call(func=m.Attribute(attr=m.Name("apply")), args=[m.Arg(value=m.Call(),
                                                                                               keyword=None)])):
            return updated
        transformation = original.args[0].value
        method = self._method(transformation)
        if method is None or any(arg.star for arg in transformation.args):
            return updated
        name, positional = METHODS[method]
        given = updated.args[0].value.args
        if len([arg for arg in given if arg.keyword is None]) > positional or \
                any(arg.keyword is not None and arg.keyword.value == "drop_remainder" for arg in given):
            return updated
        self.converted()
        args = [arg.with_changes(comma=cst.MaybeSentinel.DEFAULT) for arg in given]
        args.append(cst.Arg(cst.Name("True"), keyword=cst.Name("drop_remainder"),
                            equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace(""))))
        return updated.with_changes(func=updated.func.with_changes(attr=cst.Name(name)), args=args)

    def _method(self, call: cst.Call) -> str | None:
        """contrib's transformation `call` makes (`batch_and_drop_remainder`), or None."""
        for qualified in self.qualified_names(call.func):
            if qualified.startswith(CONTRIB) and qualified.removeprefix(CONTRIB) in METHODS:
                return qualified.removeprefix(CONTRIB)
        return None
