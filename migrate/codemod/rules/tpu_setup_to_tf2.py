"""TensorFlow 1.13-1.14's TPU setup through `tf.contrib.distribute` -> TensorFlow 2's, which means the same.

Colab notebooks and scripts of that time start a TPU run with

    resolver = tf.contrib.cluster_resolver.TPUClusterResolver(TPU_WORKER)
    tf.contrib.distribute.initialize_tpu_system(resolver)
    strategy = tf.contrib.distribute.TPUStrategy(resolver)

TensorFlow 2 has no contrib. The resolver is one of TensorFlow's own table renames (`tf1_names_to_tf2`); the two
others are not in its tables. contrib's `initialize_tpu_system(cluster_resolver)` opened a session on the
resolver's master to initialize the TPUs; TensorFlow 2's `tf.tpu.experimental.initialize_tpu_system` runs eagerly
on the devices this process is connected to, so the TF2 form connects first:
`tf.config.experimental_connect_to_cluster(resolver)` then the initialization (the order TensorFlow's TPU guide
gives). contrib's `TPUStrategy(tpu_cluster_resolver)` is `tf.distribute.TPUStrategy(tpu_cluster_resolver)`; its
other arguments (`steps_per_run=`, which Keras 3 spells `compile(steps_per_execution=)`, `device_assignment=`)
are left to the last pass to report. Only a statement of its own whose resolver is a plain name (read twice
after the rewrite) is rewritten.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code

INITIALIZE = "tensorflow.contrib.distribute.initialize_tpu_system"
STRATEGY = "tensorflow.contrib.distribute.TPUStrategy"
CONNECT = "config.experimental_connect_to_cluster"


def _resolver(call: cst.Call, keyword: str) -> cst.Arg | None:
    """The call's only argument, given by position or as `keyword=`; None for any other arguments."""
    if len(call.args) != 1 or call.args[0].star:
        return None
    arg = call.args[0]
    return arg if arg.keyword is None or arg.keyword.value == keyword else None


def _root(func: cst.BaseExpression) -> str | None:
    """`tf` of `tf.contrib.distribute.X`: the name under the three attributes."""
    value = func
    for _ in range(3):
        if not isinstance(value, cst.Attribute):
            return None
        value = value.value
    return value.value if isinstance(value, cst.Name) else None


class TpuSetupToTf2(Rule):
    NAME = "tpu_setup_to_tf2"
    ORDER = 4
    TRIGGERS = ("initialize_tpu_system", "TPUStrategy")
    REQUIRES = ("contrib",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("tf.contrib.distribute.initialize_tpu_system(r) / TPUStrategy(r) -> "
                   "tf.config.experimental_connect_to_cluster(r) + tf.tpu.experimental.initialize_tpu_system(r) / "
                   "tf.distribute.TPUStrategy(r)")

    def visit_Module(self, node: cst.Module) -> None:
        self.module = node

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        """`tf.contrib.distribute.TPUStrategy(resolver)` -> `tf.distribute.TPUStrategy(resolver)`."""
        root = _root(original.func)
        if root is None or STRATEGY not in self.qualified_names(original.func) or \
                _resolver(original, "tpu_cluster_resolver") is None:
            return updated
        self.converted()
        return updated.with_changes(func=cst.parse_expression(f"{root}.distribute.TPUStrategy"))

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine,
                                  updated: cst.SimpleStatementLine) -> cst.BaseStatement | cst.FlattenSentinel:
        """`tf.contrib.distribute.initialize_tpu_system(resolver)` (alone, or assigned) -> the connection to the
        resolver's cluster, then TF2's initialization (see the module's docstring)."""
        if len(original.body) != 1:
            return updated
        small = original.body[0]
        call = small.value if isinstance(small, (cst.Expr, cst.Assign)) else None
        if not isinstance(call, cst.Call) or INITIALIZE not in self.qualified_names(call.func):
            return updated
        root, arg = _root(call.func), _resolver(call, "cluster_resolver")
        if root is None or arg is None or not isinstance(arg.value, cst.Name):
            return updated
        self.converted()
        resolver = code(arg.value)
        new = updated.body[0].with_changes(value=updated.body[0].value.with_changes(
            func=cst.parse_expression(f"{root}.tpu.experimental.initialize_tpu_system")))
        if CONNECT.rpartition(".")[2] in self.module.code:  # the code connects already (TF 1.14 had the call)
            return updated.with_changes(body=[new])
        connect = cst.parse_statement(f"{root}.{CONNECT}({resolver})\n")
        return cst.FlattenSentinel([connect.with_changes(leading_lines=updated.leading_lines),
                                    updated.with_changes(body=[new], leading_lines=())])
