"""TF1-only session code that TensorFlow 2 and Keras 3 do not have: reported with its TF2 replacement.

Nothing is rewritten: what the session configured (GPU memory growth, soft placement, threads) has
different TF2 spellings, and the right one depends on why it was there. A name TensorFlow 2 lacks
(`tf.Session`, `K.set_session`, also `tf.compat.v1.keras.backend.set_session`: `tf.compat.v1.keras` is
Keras 3 once Keras 3 is installed) is a leftover: the script stops on it, and `--check` fails. One under
`tf.compat.v1` still runs on TensorFlow 2, so it is advice (a lint, failing `--check` only with `--strict`).
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.names import SESSION_OWNERS
from migrate.codemod.rule import NAMES, Rule

REPLACEMENTS = {
    "set_session": "remove it; TF2 has no global session (for GPU memory growth: "
                   "tf.config.experimental.set_memory_growth(gpu, True))",
    "get_session": "remove it; TF2 runs eagerly, values come from tensor.numpy()",
    "Session": "remove it; TF2 runs eagerly (tf.function for graphs)",
    "ConfigProto": "use tf.config (set_memory_growth, set_soft_device_placement, threading.*) instead",
    "GPUOptions": "use tf.config.experimental.set_memory_growth / set_virtual_device_configuration instead",
    "InteractiveSession": "remove it; TF2 runs eagerly",
}
# What K.get_session() was for, told by the file's text -> what TF2 does instead (the first that matches).
GET_SESSION_USES = (
    (("convert_variables_to_constants", "freeze_session", "write_graph", "graph_def", "tf.train.Saver", ".pb'", '.pb"'),
     "the session's graph was frozen or written out, and TF2 has no session graph: export the model with "
     "model.export(path) (a SavedModel, what TF Serving and the TFLite/TF.js converters read) or "
     "tf.saved_model.save(model, path); for a frozen GraphDef, convert_variables_to_constants_v2 on "
     "tf.function(model).get_concrete_function(...)"),
    (("profiler", "RunMetadata"),
     "TF2 has no session graph to profile: profile tf.function(model).get_concrete_function(tf.TensorSpec(...)).graph, "
     "or use model.count_params() / the TensorBoard profiler"),
    (("feed_dict",),
     "remove it; TF2 runs eagerly: sess.run(outputs, feed_dict={...}) becomes a call of the model (or of a "
     "tf.function) on the values"),
)


class Tf1SessionCode(Rule):
    NAME = "tf1_session_code"
    ORDER = 6
    TRIGGERS = ("Session", "ConfigProto", "GPUOptions", "get_session", "set_session")
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "report K.set_session, tf.Session, tf.ConfigProto and friends with their TF2 replacement"

    def visit_Module(self, node: cst.Module) -> None:
        # A graph program tf1_graph_program turned eager execution off for: its compat.v1 sessions are its way to run.
        self.graph_program = "tf.compat.v1.disable_eager_execution()" in node.code or \
            getattr(self.context.scratch.get("survey"), "graph_notebook", False)
        self.get_session = next((advice for words, advice in GET_SESSION_USES if any(word in node.code for word in words)),
                                REPLACEMENTS["get_session"])

    def visit_Call(self, node: cst.Call) -> None:
        """A name bound to both (`import tensorflow as tf`, and `tensorflow.compat.v1 as tf` in a branch) is
        reported as the TF1 call, a leftover: one run reports what the next does, whatever the set's order."""
        names = self.qualified_names(node.func)
        # tf.compat.v1.keras is Keras 3 when Keras 3 is installed: it has no session functions.
        compat = all(name.startswith("tensorflow.compat.v1.") and not name.startswith("tensorflow.compat.v1.keras.")
                     for name in names)
        for name in sorted(names, key=lambda name: (name.startswith("tensorflow.compat.v1."), name)):
            owner, _, attribute = name.rpartition(".")
            if attribute in REPLACEMENTS and (owner + ".") in SESSION_OWNERS:
                if compat and self.graph_program and not owner.endswith("backend"):
                    return
                replacement = self.get_session if attribute == "get_session" else REPLACEMENTS[attribute]
                self.report(node, f"{name} is TF1-only: {replacement}", advice=compat)
                return
