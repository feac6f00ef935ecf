"""Pitfalls of MirroredStrategy code, reported (never rewritten): they depend on what the author meant.

- a literal batch size the replica count does not divide (each replica gets an uneven share);
- an optimizer built outside `strategy.scope()` (its variables are not mirrored);
- `batch_size=64 * G`: the global batch; right when 64 was meant per GPU, worth a second look;
- BatchNormalization computes statistics per replica; `synchronized=True` makes them global.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import ParentNodeProvider

from migrate.codemod.rule import Rule
from migrate.codemod.rules.multi_gpu_model_to_mirrored import MULTI_GPU_MODEL

OPTIMIZER_MODULES = ("keras.optimizers.", "tensorflow.keras.optimizers.")
BATCH_NORM = {"keras.layers.BatchNormalization", "tensorflow.keras.layers.BatchNormalization"}


class MirroredStrategyLints(Rule):
    NAME = "mirrored_strategy_lints"
    ORDER = 5  # reads the code as written, before multi_gpu_model_to_mirrored moves lines
    DESCRIPTION = "warn on batch sizes, optimizers outside scope, per-replica statistics under MirroredStrategy"

    def __init__(self, context) -> None:
        super().__init__(context)
        self.active = False
        self.replicas: int | None = None

    def visit_Module(self, node: cst.Module) -> None:
        """Active in files that use MirroredStrategy or will (multi_gpu_model); replicas when they are literal."""
        for call in m.findall(node, m.Call()):
            names = self.qualified_names(call.func)
            if names & MULTI_GPU_MODEL or any(n.endswith("distribute.MirroredStrategy") for n in names):
                self.active = True
                self.replicas = self.replicas or _literal_replicas(call, names)

    def visit_Call(self, node: cst.Call) -> None:
        if not self.active:
            return
        names = self.qualified_names(node.func)
        if any(n.startswith(OPTIMIZER_MODULES) and n.rsplit(".", 1)[-1][:1].isupper() for n in names):
            if not self._in_scope(node) and not self._inside_function(node):
                self.report(node, "optimizer created outside strategy.scope(): create it inside, with the model")
        if names & BATCH_NORM and not any(a.keyword is not None and a.keyword.value == "synchronized" for a in node.args):
            self.report(node, "BatchNormalization normalises per replica under MirroredStrategy; pass "
                              "synchronized=True for statistics over the global batch")
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value == "batch_size":
                self._batch_size(node, arg.value)

    def _batch_size(self, node: cst.Call, value: cst.BaseExpression) -> None:
        if isinstance(value, cst.Integer) and self.replicas and int(value.value) % self.replicas:
            self.report(node, f"batch_size={value.value} does not divide over {self.replicas} replicas")
        if m.matches(value, m.BinaryOperation(operator=m.Multiply())):
            self.report(node, "batch_size is a product (per-GPU size x GPUs?): MirroredStrategy's batch_size is the "
                              "global batch, as multi_gpu_model's was; keep it if that was meant")

    def _in_scope(self, node: cst.CSTNode) -> bool:
        while node is not None:
            node = self.get_metadata(ParentNodeProvider, node, None)
            if isinstance(node, cst.With) and any(
                    m.matches(item.item, m.Call(func=m.Attribute(attr=m.Name("scope")))) for item in node.items):
                return True
        return False

    def _inside_function(self, node: cst.CSTNode) -> bool:
        """Code inside a function body runs where the function is called: it may well be in scope."""
        while node is not None:
            node = self.get_metadata(ParentNodeProvider, node, None)
            if isinstance(node, cst.FunctionDef):
                return True
        return False


def _literal_replicas(call: cst.Call, names: set[str]) -> int | None:
    """multi_gpu_model's gpus=N or gpus=[...], or MirroredStrategy(devices=[...]), when written literally."""
    wanted = "gpus" if names & MULTI_GPU_MODEL else "devices"
    for index, arg in enumerate(call.args):
        named = arg.keyword is not None and arg.keyword.value == wanted
        positional = arg.keyword is None and index == (1 if wanted == "gpus" else 0)
        if named or positional:
            if isinstance(arg.value, cst.Integer):
                return int(arg.value.value)
            if isinstance(arg.value, (cst.List, cst.Tuple)):
                return len(arg.value.elements)
    return None
