"""Pitfalls of MirroredStrategy code, reported (never rewritten): they depend on what the author meant.

- a literal batch size the replica count does not divide (multi_gpu_model split it unevenly; Keras 3 under
  MirroredStrategy stops with "Inputs to operation AddN ... must have the same size and shape");
- an optimizer built outside `strategy.scope()` (its variables are not mirrored), judged on the code as it
  will be: one that `multi_gpu_model_to_mirrored` moves into the scope (`mirrored_sites.scope_span`,
  `factories.factory_call_span` around a factory's calls, `mirrored_sites.branch_compile_span` after an if/else
  whose branch held the wrapper) is fine;
- `batch_size=64 * G`: the global batch; right when 64 was meant per GPU, worth a second look;
- BatchNormalization computes statistics per replica; `synchronized=True` makes them global.

Every report is advice (a lint; `--check` fails on them only with `--strict`) but the optimizer's: an optimizer
made under the default strategy and a model made in the scope stop Keras 3's fit ("Mixing different
tf.distribute.Strategy objects", seen on reger-men/keras_multi_gpus before its compile after the if/else
the wrapper sat in was put under the model's strategy), so it is a leftover.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import ParentNodeProvider

from migrate.codemod.factories import Survey, call_statement, factory_call_span, module_of
from migrate.codemod.mirrored_sites import SiteFinder, branch_compile_span, scope_span
from migrate.codemod.names import BATCH_NORMALIZATION, MULTI_GPU_MODEL, OPTIMIZER_MODULES
from migrate.codemod.rule import SCOPED, Rule


class MirroredStrategyLints(Rule):
    NAME = "mirrored_strategy_lints"
    ORDER = 5  # reads the code as written, before multi_gpu_model_to_mirrored moves lines
    ADVICE = True
    TRIGGERS = ("MirroredStrategy", "multi_gpu_model")
    METADATA_DEPENDENCIES = SCOPED
    DESCRIPTION = "warn on batch sizes, optimizers outside scope, per-replica statistics under MirroredStrategy"

    def __init__(self, context) -> None:
        super().__init__(context)
        self.active = False
        self.replicas: int | None = None
        self.scopes = 0  # `with ....scope():` blocks we are inside
        self.functions = 0
        self.pending: list[tuple[str, cst.CSTNode, str]] = []  # reported at the end, once we know it is active
        self.wrapper_calls: list[cst.Call] = []

    def visit_With(self, node: cst.With) -> None:
        self.scopes += _is_scope(node)

    def leave_With(self, original: cst.With, updated: cst.With) -> cst.With:
        self.scopes -= _is_scope(original)
        return updated

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.functions += 1

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        self.functions -= 1
        return updated

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        """Report what was found, in a file that uses MirroredStrategy or will (multi_gpu_model)."""
        moving = self._moved_into_scope(original)
        for kind, node, message in self.pending if self.active else []:
            if kind == "optimizer":
                if not any(id(parent) in moving for parent in self._ancestors(node)):
                    self.report(node, message, advice=False)  # Keras 3 stops at fit: a leftover
            elif kind == "batch":
                if self.replicas and int(message) % self.replicas:
                    self.report(node, f"batch_size={message} does not divide over {self.replicas} replicas: Keras 3 "
                                      "under MirroredStrategy fails on uneven replica batches (AddN shape mismatch); "
                                      f"use a multiple of {self.replicas}")
            else:
                self.report(node, message)
        return updated

    def visit_Call(self, node: cst.Call) -> None:
        names = self.qualified_names(node.func)
        if names & MULTI_GPU_MODEL:
            self.wrapper_calls.append(node)
        if names & MULTI_GPU_MODEL or any(n.endswith("distribute.MirroredStrategy") for n in names):
            self.active = True
            self.replicas = self.replicas or _literal_replicas(node, names)
        # Code inside a function runs where the function is called, which may well be in scope.
        # (a learning-rate schedule, `keras.optimizers.schedules.CosineDecay`, holds no variable: anywhere will do)
        if any(n.startswith(OPTIMIZER_MODULES) and n.rsplit(".", 1)[-1][:1].isupper() and ".schedules." not in n
               for n in names):
            if not self.scopes and not self.functions:
                self.pending.append(("optimizer", node, "optimizer created outside strategy.scope(): create it "
                                                        "inside, with the model (Keras 3 stops at fit: 'Mixing "
                                                        "different tf.distribute.Strategy objects')"))
        if names & BATCH_NORMALIZATION and not any(a.keyword is not None and a.keyword.value == "synchronized" for a in node.args):
            self.pending.append(("text", node, "BatchNormalization normalises per replica under MirroredStrategy; "
                                               "pass synchronized=True for statistics over the global batch"))
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value == "batch_size":
                if isinstance(arg.value, cst.Integer):
                    self.pending.append(("batch", node, arg.value.value))
                if m.matches(arg.value, m.BinaryOperation(operator=m.Multiply())):
                    self.pending.append(("text", node, "batch_size is a product (per-GPU size x GPUs?): "
                                                       "MirroredStrategy's batch_size is the global batch, as "
                                                       "multi_gpu_model's was; keep it if that was meant"))


    def _moved_into_scope(self, module: cst.Module) -> set[int]:
        """The statements (by identity) the multi_gpu_model rewrite will put under strategy.scope()."""
        finder, moved = SiteFinder(self.wrapper_calls), set()
        module_name = module_of(self.context.filename or "<string>.py")
        survey = self.context.scratch.get("survey", Survey())
        blocks = [module.body] + [block.body for block in _blocks(module)]
        for statements in blocks:
            spans = [scope_span(site, statements) for site in finder.sites(statements)]
            for index, statement in enumerate(statements):
                call = call_statement(statement)
                if call is not None and survey.called(self.qualified_names(call.func), module_name) in survey.reached:
                    spans.append(factory_call_span(index, statements))
            spans += [span[:2] for span in (branch_compile_span(index, statements, finder)
                                            for index in range(len(statements))) if span is not None]
            for start, end in spans:
                moved |= {id(statement) for statement in statements[start:end + 1]}
        return moved

    def _ancestors(self, node: cst.CSTNode) -> list[cst.CSTNode]:
        found, current = [], self.get_metadata(ParentNodeProvider, node, None)
        while current is not None:
            found.append(current)
            current = self.get_metadata(ParentNodeProvider, current, None)
        return found


def _blocks(module: cst.Module) -> list[cst.IndentedBlock]:
    found: list[cst.IndentedBlock] = []

    class Collect(cst.CSTVisitor):
        def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
            found.append(node)

    module.visit(Collect())
    return found


def _is_scope(node: cst.With) -> bool:
    return any(m.matches(item.item, m.Call(func=m.Attribute(attr=m.Name("scope")))) for item in node.items)


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
