"""`self.trainable_weights = [self.gamma, self.beta]` in a Keras 2 custom layer -> removed: Keras 3 tracks them.

Keras 1/2 custom layers made their variables with `K.variable` and listed them by hand; Keras 3's
`trainable_weights` is a read-only property ("can't set attribute") and a layer tracks every variable
assigned to one of its attributes by itself. In a class deriving from a Keras Layer, the assignment goes
when every listed item is `self.<name>` that the class sets from `K.variable`, `keras.Variable` or
`self.add_weight`; any other list (a weight made elsewhere) is reported.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.rule import NAMES, DropsStatements
from migrate.codemod.syntax import code

LISTS = ("trainable_weights", "non_trainable_weights", "_trainable_weights", "_non_trainable_weights")
MAKERS = ("variable", "Variable", "add_weight")
LAYER_MODULES = ("keras.layers.", "keras.engine.", "keras.engine.topology.", "keras.engine.base_layer.",
                 "keras.layers.core.", "tensorflow.keras.layers.", "tensorflow.python.keras.layers.",
                 "tensorflow.python.keras.engine.base_layer.")
LAYERS = frozenset(module + "Layer" for module in LAYER_MODULES)


class LayerWeightLists(DropsStatements):
    NAME = "layer_weight_lists"
    ORDER = 45
    TRIGGERS = ("trainable_weights",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "self.trainable_weights = [self.w, ...] in a custom layer -> removed (Keras 3 tracks variables)"

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        if not any(self.qualified_names(base.value) & LAYERS for base in node.bases):
            return
        made: set[str] = set()
        lists: list[tuple[cst.SimpleStatementLine, cst.Assign]] = []

        class Collect(cst.CSTVisitor):
            def visit_SimpleStatementLine(self, line: cst.SimpleStatementLine) -> None:
                for small in line.body:
                    if not isinstance(small, cst.Assign) or len(small.targets) != 1:
                        continue
                    target = code(small.targets[0].target)
                    value = small.value
                    if target.startswith("self.") and isinstance(value, cst.Call) and \
                            code(value.func).rsplit(".", 1)[-1] in MAKERS:
                        made.add(target)
                    if target.removeprefix("self.") in LISTS and len(line.body) == 1:
                        lists.append((line, small))

        node.visit(Collect())
        for line, assign in lists:
            items = assign.value.elements if isinstance(assign.value, (cst.List, cst.Tuple)) else None
            if items is not None and all(code(item.value) in made for item in items):
                self.dropped.add(id(line))
            else:
                self.report(assign, f"{code(assign.targets[0].target)} is read-only in Keras 3: make these weights "
                                    "with self.add_weight (or assign keras.Variable objects to attributes) and drop "
                                    "the list")
