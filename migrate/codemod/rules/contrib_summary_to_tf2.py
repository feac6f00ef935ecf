"""TF 1.x's `tf.contrib.summary` (eager-era TensorBoard logging) -> TF2's `tf.summary`, with the step and the
recording condition TF2 wants spelt out.

TensorFlow's 2018 eager tutorials and the programs copied from them log with `tf.contrib.summary`:

    writer = tf.contrib.summary.create_file_writer(logdir); writer.set_as_default()
    with tf.contrib.summary.record_summaries_every_n_global_steps(100):
        tf.contrib.summary.scalar('loss', loss)

TF2's `tf.summary` is that API, moved (tf_upgrade_v2's table sends each name there), but two things it took
implicitly must now be given, or the renamed call fails when it runs:
- a write (`scalar`, `histogram`, `image`, `audio`, `generic` -> `write`) took the global step as its step; TF2's
  takes `step=` or a default step nobody set: `step=tf.compat.v1.train.get_or_create_global_step()` is added, as
  tf_upgrade_v2 adds it (the same variable the program's own `tf.train.get_or_create_global_step()` returns);
- `always_record_summaries()` / `never_record_summaries()` are `tf.summary.record_if(True)` / `(False)`;
  `record_summaries_every_n_global_steps(n[, global_step])` recorded when `global_step % n == 0`, which contrib
  tested lazily: `tf.summary.record_if(lambda: tf.math.equal(global_step % n, 0))` (the global step as above
  when none is given). tf_upgrade_v2 leaves the latter for a person.
The TF1 keywords become TF2's (`tensor=` -> `data=`, `max_images=` -> `max_outputs=`, generic's `name=` -> `tag=`);
TF1's positional arguments past the first two keep their place by keyword. A call with `family=` (a tag prefix TF2
dropped) or `bad_color=` other than None, unpacked arguments or one TF1's signature does not take stays, for the last pass to report.
`create_file_writer` and the other names are tf1_names_to_tf2's (its tables rename them alike).
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import bound_arguments, code
from migrate.codemod.syntax import keyword as named_argument

CONTRIB = "tensorflow.contrib.summary."
# TF1 write function -> (TF2 function, TF1's parameters in order, TF1 keyword -> TF2 keyword)
WRITES = {
    "scalar": ("scalar", ("name", "tensor", "family", "step"), {"tensor": "data"}),
    "histogram": ("histogram", ("name", "tensor", "family", "step"), {"tensor": "data"}),
    "image": ("image", ("name", "tensor", "bad_color", "max_images", "family", "step"),
              {"tensor": "data", "max_images": "max_outputs"}),
    "audio": ("audio", ("name", "tensor", "sample_rate", "max_outputs", "family", "step"), {"tensor": "data"}),
    "generic": ("write", ("name", "tensor", "metadata", "family", "step"), {"name": "tag", "tensor": "tensor"}),
}
UNTAKEN = frozenset({"family", "bad_color"})  # what TF2's functions lack: a call giving one stays, reported
CONDITIONS = {"always_record_summaries": "True", "never_record_summaries": "False"}
EVERY_N = "record_summaries_every_n_global_steps"
GLOBAL_STEP = "{tf}.compat.v1.train.get_or_create_global_step()"


class ContribSummaryToTf2(Rule):
    NAME = "contrib_summary_to_tf2"
    ORDER = 4  # before tf1_names_to_tf2 (same ORDER, name first), whose tables would rename these calls as they stand
    TRIGGERS = ("summary",)
    REQUIRES = ("contrib",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("tf.contrib.summary.scalar(...) / record_summaries_every_n_global_steps(n) -> tf.summary.scalar("
                   "..., step=global step) / tf.summary.record_if(...)")

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        name = next((q.removeprefix(CONTRIB) for q in self.qualified_names(original.func) if q.startswith(CONTRIB)),
                    None)
        if name is None or any(arg.star for arg in original.args):
            return updated
        spelt = code(original.func)
        if not spelt.endswith(f".contrib.summary.{name}"):
            return updated  # imported by name (`from tensorflow.contrib.summary import scalar`): left as it is
        tf = spelt.removesuffix(f".contrib.summary.{name}")
        if name in WRITES:
            return self._write(updated, tf, *WRITES[name])
        if name in CONDITIONS and not updated.args:
            self.converted()
            return cst.parse_expression(f"{tf}.summary.record_if({CONDITIONS[name]})")
        if name == EVERY_N:
            return self._every_n(updated, tf)
        return updated

    def _write(self, call: cst.Call, tf: str, target: str, parameters: tuple[str, ...],
               keywords: dict[str, str]) -> cst.Call:
        """The TF2 write with TF1's arguments by TF2's keywords past the first two, and the global step where
        none is given."""
        bound = bound_arguments(call, parameters)
        if bound is None:
            return call
        for parameter in UNTAKEN & bound.keys():  # given as None: TF1's default, nothing TF2 lacks
            if m.matches(bound[parameter], m.Name("None")):
                del bound[parameter]
        if UNTAKEN & bound.keys():
            return call
        step = bound.pop("step", None)
        args = []
        for index, parameter in enumerate(parameters):
            if parameter not in bound:
                continue
            keyword = keywords.get(parameter, parameter)
            if index < 2 and len(args) == index:  # the name and the data positional: TF2 takes them first too
                args.append(cst.Arg(bound[parameter]))
            else:
                args.append(named_argument(keyword, bound[parameter]))
        step = step if step is not None else cst.parse_expression(GLOBAL_STEP.format(tf=tf))
        args.append(named_argument("step", step))
        self.converted()
        return call.with_changes(func=cst.parse_expression(f"{tf}.summary.{target}"), args=_commas(args))

    def _every_n(self, call: cst.Call, tf: str) -> cst.Call:
        """`record_if(lambda: tf.math.equal(step % n, 0))`: contrib's own test, taken at each write."""
        bound = bound_arguments(call, ("n", "global_step"))
        if bound is None or "n" not in bound:
            return call
        step = bound.get("global_step") or cst.parse_expression(GLOBAL_STEP.format(tf=tf))
        test = f"{tf}.math.equal({_operand(step)} % {_operand(bound['n'])}, 0)"
        self.converted()
        return cst.parse_expression(f"{tf}.summary.record_if(lambda: {test})")



def _operand(node: cst.BaseExpression) -> str:
    """The expression as an operand of `%`: parenthesised unless it is a name, a literal, a call or a subscript."""
    text = code(node)
    if isinstance(node, (cst.Name, cst.Attribute, cst.Integer, cst.Call, cst.Subscript)) or node.lpar:
        return text
    return f"({text})"


def _commas(args: list[cst.Arg]) -> list[cst.Arg]:
    """Arguments separated as `a, b=c`."""
    comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    return [arg.with_changes(comma=comma if index < len(args) - 1 else cst.MaybeSentinel.DEFAULT)
            for index, arg in enumerate(args)]
