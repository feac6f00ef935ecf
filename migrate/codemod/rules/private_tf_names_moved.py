"""A function TensorFlow moved between its private modules (`control_flow_ops.while_loop`) -> its public name.

Keras 2's TensorFlow backend, and the RNN loops copied from it, call TensorFlow's private modules:
`from tensorflow.python.ops import control_flow_ops; control_flow_ops.while_loop(...)`. TensorFlow 2 moved
`while_loop`, `cond` and `case` out of `control_flow_ops` (into `while_loop.py`, `cond.py`, `control_flow_case.py`),
so the old module lacks them (TF1's `pywrap_tensorflow.NewCheckpointReader` is now
`training.py_checkpoint_reader`'s). The same function is public: TensorFlow's API files say which public names export
it (`tf.compat.v1.while_loop` is `tensorflow.python.ops.while_loop.while_loop`, TF1's function; `tf.while_loop` is
`while_loop_v2`, another one). A private name the installed TensorFlow lacks becomes the public name of the one
function of the same name in the same package (`tensorflow.python.ops`), spelled outside compat.v1 where TF2
exports that function there too, else `tensorflow.compat.v1.X` (TF1's semantics, which the call was written for),
unless that name needs graph mode (`tf1_policy`: `graph_util.convert_variables_to_constants` stays reported).
An import of the private module that nothing else uses goes. Anything else private is left to the last pass.
"""

from __future__ import annotations

from functools import lru_cache

import libcst as cst
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor

from migrate.codemod.api_surface import surface
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.tf1_policy import REPORTED, graph_only

PRIVATE = "tensorflow.python."
# Public modules whose names are spellings to write: TensorFlow's, not its Keras, nor the compat tree inside compat.
SKIPPED = ("tensorflow.keras", "tensorflow.compat.v1.keras", "tensorflow.compat.v1.compat", "tensorflow.compat.v2",
           "tensorflow.raw_ops", "tensorflow.compat.v1.raw_ops")


@lru_cache(maxsize=1)
def _public_by_function() -> dict[str, list[tuple[str, str]]]:
    """Function name -> (public spelling, defining module) for every public TensorFlow name (from the API files)."""
    found: dict[str, list[tuple[str, str]]] = {}
    for module, names in surface().modules.items():
        if not module.startswith("tensorflow") or module.startswith(SKIPPED):
            continue
        for name, target in names.items():
            if not target.startswith("module:"):
                source, _, defined = target.partition(":")
                found.setdefault(defined, []).append((f"{module}.{name}", source))
    return found


def public_name(private: str) -> str | None:
    """`tensorflow.compat.v1.while_loop` for `tensorflow.python.ops.control_flow_ops.while_loop` (see the module's
    docstring); None where the name exists, is not a moved function, or more than one function could be meant."""
    api = surface()
    if not private.startswith(PRIVATE) or api.missing(private) != private:
        return None
    module, _, function = private.rpartition(".")
    package = module.rpartition(".")[0]
    # TF1's `pywrap_tensorflow` (directly in tensorflow.python) held the SWIG wrappers of every package
    # (NewCheckpointReader, now training.py_checkpoint_reader's): for it, the function may be anywhere below
    candidates = [(spelled, source) for spelled, source in _public_by_function().get(function, ())
                  if (source.rpartition(".")[0] == package or package == "tensorflow.python" and
                      source.startswith("tensorflow.python.")) and source != module]
    if len({source for _, source in candidates}) != 1:
        return None
    spelled = sorted((spelled for spelled, _ in candidates), key=lambda s: (s.startswith("tensorflow.compat."), len(s)))[0]
    tf1 = spelled.removeprefix("tensorflow.compat.v1.")
    if spelled.startswith("tensorflow.compat.v1.") and (graph_only(tf1) or tf1 in REPORTED):
        return None  # needs graph mode (graph_util.convert_variables_to_constants): the last pass reports it
    return spelled


class PrivateTfNamesMoved(Rule):
    NAME = "private_tf_names_moved"
    ORDER = 6
    TRIGGERS = ("tensorflow.python",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "control_flow_ops.while_loop (moved out of TensorFlow's private module) -> tensorflow.compat.v1.while_loop"

    def visit_Module(self, node: cst.Module) -> None:
        self.modules: set[str] = set()  # private modules read through

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        if not isinstance(original.value, (cst.Name, cst.Attribute)):
            return updated
        names = self.qualified_names(original)
        public = {public_name(name) for name in names}
        if len(names) != 1 or None in public:
            return updated
        self.converted()
        self.modules.add(next(iter(names)).rpartition(".")[0])
        AddImportsVisitor.add_needed_import(self.context, "tensorflow")
        return cst.parse_expression(public.pop())

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        for module in self.modules:
            package, _, name = module.rpartition(".")
            RemoveImportsVisitor.remove_unused_import(self.context, package, name)
        return updated
