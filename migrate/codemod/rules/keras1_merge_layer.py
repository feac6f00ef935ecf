"""Keras 1's `Merge` layer: `model.add(Merge([left, right], mode='concat'))`, how a Keras 1 Sequential took several
inputs (each branch a Sequential model of its own), and `Merge(mode='sum')([a, b])` on tensors. Keras 2.2 removed the
class and Keras 3 has none: the import fails.

The calls stay as written; the import goes and `Merge`, a layer class written into the file
(`keras2_helpers.MERGE`), takes its place: it calls each branch on its own input and merges the outputs as Keras 1's
`_merge_function` did, so `model.fit([X1, X2], y)` trains the same model. Keras 3's Sequential hands its first layer
the list of inputs. Checked by running: the merged Sequential fits, predicts what the branches' outputs merged give,
and saves and loads.

A branch may itself be a model a Merge was added to (sujitpal/dl-models-for-qa's `model.add(Merge([facts, attn]))`,
facts and attn merges sharing the question encoder, as Keras 1's memory networks were): Keras 1 gave such a model the
inputs of every branch model under it, each once, in the order met (`get_source_inputs`), and the class routes them
so (with advice: Keras 3's load_model would rebuild a shared branch twice; a file calling load_model keeps its
Merge). Only when every Merge call of the file can be: a branch that is not a name bound to a `Sequential(...)` in the
file (Keras 1 merged a layer's existing output; calling it again would make a new one), a mode other than 'sum', 'mul',
'ave', 'max', 'concat', 'dot' ('cos', a function), or `node_indices=` / `tensor_indices=` / `arguments=` leave the
file's Merge as it is, and `legacy_import_paths` reports the import.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.codemod.keras2_helpers import MERGE, with_helpers
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code

MERGE_CLASSES = frozenset({f"{root}.{module}Merge" for root in ("keras", "tensorflow.keras")
                           for module in ("layers.", "layers.core.", "engine.topology.", "legacy.layers.")})
SEQUENTIAL = frozenset({f"{root}.{module}Sequential" for root in ("keras", "tensorflow.keras")
                        for module in ("", "models.", "engine.sequential.", "engine.training.")})
MODES = frozenset({"sum", "mul", "ave", "max", "concat", "dot"})
NESTED_SAVE = ("a merge of merged models: a branch model that takes part twice (a shared encoder) is one model, as in "
               "Keras 1; Keras 3's load_model would make it two and find weights for one: save and load this model's "
               "weights (save_weights / load_weights), or build it with the functional API")
PARAMETERS = ("layers", "mode", "concat_axis", "dot_axes", "output_shape", "output_mask")
KEPT_KEYWORDS = frozenset({*PARAMETERS, "name"})


class Keras1MergeLayer(Rule):
    NAME = "keras1_merge_layer"
    ORDER = 36  # before legacy_import_paths (70), which reports a Merge import left
    TRIGGERS = ("Merge",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "Keras 1's Merge([left, right], mode='concat') layer -> a Merge layer class written into the file"

    def visit_Module(self, node: cst.Module) -> None:
        calls = [call for call in m.findall(node, m.Call(func=m.Name() | m.Attribute()))
                 if self.qualified_names(call.func) & MERGE_CLASSES]
        sequential = self.names_made_by(node, SEQUENTIAL)  # the branch models
        merged = _merged(node, calls)
        self.nested = {id(call) for call in calls if _branch_names(call) & merged}
        self.merging = bool(calls) and all(_convertible(call, sequential) for call in calls) and \
            not (self.nested and m.findall(node, m.Call(func=m.Name("load_model") | m.Attribute(attr=m.Name("load_model")))))

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom
                         ) -> cst.ImportFrom | cst.RemovalSentinel:
        if not self.merging or isinstance(updated.names, cst.ImportStar) or updated.relative or updated.module is None:
            return updated
        module = code(updated.module)
        kept = [alias for alias in updated.names
                if not (f"{module}.{code(alias.name)}" in MERGE_CLASSES and alias.asname is None)]
        if len(kept) == len(updated.names):
            return updated
        if not kept:
            return cst.RemoveFromParent()
        kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated.with_changes(names=kept)

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        if not self.merging or not isinstance(original.func, (cst.Name, cst.Attribute)) or \
                not self.qualified_names(original.func) & MERGE_CLASSES:
            return updated
        self.converted()
        if id(original) in self.nested:
            self.report(original, NESTED_SAVE, advice=True)
        return updated.with_changes(func=cst.Name(MERGE[0]))

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        return with_helpers(self.context, updated, {MERGE[0]: MERGE[1]}) if self.merging else updated


def _merged(module: cst.Module, calls: list[cst.Call]) -> set[str]:
    """The names of models a Merge is added to (`attn.add(Merge([q, a]))`): such a model takes a list of inputs."""
    merges = {id(call) for call in calls}
    return {add.func.value.value for add in m.findall(module, m.Call(func=m.Attribute(value=m.Name(), attr=m.Name("add"))))
            if add.args and id(add.args[0].value) in merges}


def _branch_names(call: cst.Call) -> set[str]:
    """The names in a Merge's list of branches (its first argument, or `layers=`)."""
    layers = next((arg.value for arg in call.args if arg.keyword is None or arg.keyword.value == "layers"), None)
    if not isinstance(layers, (cst.List, cst.Tuple)):
        return set()
    return {element.value.value for element in layers.elements if isinstance(element.value, cst.Name)}


def _convertible(call: cst.Call, sequential: set[str]) -> bool:
    """A Merge call the written class computes as Keras 1 did: branches that are Sequential models of the file (or
    none), a mode of MODES, no keyword the class does not take."""
    if any(arg.star for arg in call.args):
        return False
    positional = [arg.value for arg in call.args if arg.keyword is None]
    named = {arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None}
    if len(positional) > len(PARAMETERS) or set(named) - KEPT_KEYWORDS:
        return False
    given = dict(zip(PARAMETERS, positional, strict=False)) | named
    mode = given.get("mode")
    if mode is not None and not (isinstance(mode, cst.SimpleString) and mode.evaluated_value in MODES):
        return False
    layers = given.get("layers")
    if layers is None or (isinstance(layers, cst.Name) and layers.value == "None"):
        return True
    return isinstance(layers, (cst.List, cst.Tuple)) and bool(layers.elements) and all(
        isinstance(element.value, cst.Name) and element.value.value in sequential for element in layers.elements)
