"""`tf.keras.mixed_precision.experimental` (TF 2.1-2.3) -> `keras.mixed_precision`, where each use is one Keras 3 has.

TensorFlow 2.1 to 2.3 kept Keras's mixed precision under `experimental`: `Policy('mixed_float16')`,
`set_policy(policy)`, `global_policy()`. TensorFlow 2.4 made them `mixed_precision.Policy`, `set_global_policy` and
`global_policy`, which Keras 3 keeps (`keras.mixed_precision`): the same global policy, each layer then computing in
float16 over float32 variables. The experimental Policy's `loss_scale` ('auto', its default, or 'dynamic') made
`compile` wrap the optimizer in a dynamic LossScaleOptimizer for 'mixed_float16' (initial scale 2**15, doubled after
2000 finite steps, halved on an overflow): Keras 3's `compile` does the same by itself (`auto_scale_loss`, the same
numbers), so the argument goes. So the import (`from tensorflow.keras.mixed_precision import experimental as
mixed_precision`) becomes `from keras import mixed_precision` under the name the file reads, and a dotted
`tf.keras.mixed_precision.experimental.set_policy` becomes `tf.keras.mixed_precision.set_global_policy` (TensorFlow
2.21's tf.keras is Keras 3). Only where every use of the module in the file is one of those: a fixed loss scale
(`loss_scale=1024`: Keras 3's is always dynamic), the experimental LossScaleOptimizer (its `get_scaled_loss` /
`get_unscaled_gradients` steps are not Keras 3's, whose `apply` unscales by itself) or any other use leaves the file as
it was, for the last pass to report.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code

MODULES = ("tensorflow.keras.mixed_precision.experimental", "tensorflow.python.keras.mixed_precision.experimental",
           "keras.mixed_precision.experimental")
# the experimental name -> Keras 3's
RENAMED = {"Policy": "Policy", "set_policy": "set_global_policy", "global_policy": "global_policy"}
DYNAMIC = frozenset({"auto", "dynamic"})


class MixedPrecisionExperimental(Rule):
    NAME = "mixed_precision_experimental"
    ORDER = 62  # before unread_gone_imports and legacy_import_paths, which report the experimental module
    TRIGGERS = ("mixed_precision",)
    REQUIRES = ("experimental",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("tf.keras.mixed_precision.experimental Policy / set_policy / global_policy (TF 2.1-2.3) -> "
                   "keras.mixed_precision Policy / set_global_policy / global_policy")

    def visit_Module(self, node: cst.Module) -> bool:
        self.members: dict[int, str] = {}  # id of `M.set_policy` (an attribute) -> its Keras 3 name
        self.imports: dict[int, cst.ImportFrom] = {}  # id of an import of the module or its names -> its rewrite
        self.keywords: set[int] = set()  # ids of `loss_scale=` arguments that go
        self.ok = True
        node.visit(_Uses(self))  # every use judged before the first rewrite (the import comes first)
        return self.ok and bool(self.members or self.imports)

    def see_ImportFrom(self, node: cst.ImportFrom) -> bool:
        if node.relative or node.module is None or isinstance(node.names, cst.ImportStar):
            if node.module is not None and code(node.module) in MODULES:
                self.ok = False
            return False
        module = code(node.module)
        names = [(code(alias.name), alias.asname) for alias in node.names]
        if module in MODULES:
            if any(name not in RENAMED for name, _ in names):
                self.ok = False
                return False
            aliases = [cst.ImportAlias(cst.Name(RENAMED[name]), asname or (cst.AsName(cst.Name(name))
                                                                              if RENAMED[name] != name else None))
                       for name, asname in names]
            self.imports[id(node)] = node.with_changes(module=cst.parse_expression("keras.mixed_precision"),
                                                       names=aliases)
        elif f"{module}.experimental" in MODULES and any(name == "experimental" for name, _ in names):
            if len(names) > 1:
                self.ok = False
                return False
            asname = names[0][1] or cst.AsName(cst.Name("experimental"))
            self.imports[id(node)] = node.with_changes(module=cst.Name("keras"), names=[cst.ImportAlias(
                cst.Name("mixed_precision"), asname if code(asname.name) != "mixed_precision" else None)])
        return False

    def see_Import(self, node: cst.Import) -> bool:
        if any(code(alias.name) in MODULES for alias in node.names):
            self.ok = False
        return False

    def see_Attribute(self, node: cst.Attribute) -> bool:
        names = self.qualified_names(node)
        if any(name.rpartition(".")[0] in MODULES for name in names):  # `M.X`
            if node.attr.value not in RENAMED:
                self.ok = False  # a name Keras 3 lacks (LossScaleOptimizer's flow)
            self.members[id(node)] = RENAMED.get(node.attr.value, "")
            return False
        if names & set(MODULES):
            self.ok = False  # the module itself passed on
            return False
        return True  # (`M.global_policy().name`: its `M.global_policy` is judged below)

    def see_Name(self, node: cst.Name) -> None:
        names = self.qualified_names(node)
        if names & set(MODULES) or any(name.rpartition(".")[0] in MODULES and name.rpartition(".")[2] not in RENAMED
                                       for name in names):
            self.ok = False  # the module itself passed on, or a name of it Keras 3 lacks

    def see_Call(self, node: cst.Call) -> None:
        names = self.qualified_names(node.func)
        if not any(name.rpartition(".")[0] in MODULES and name.rpartition(".")[2] == "Policy" for name in names):
            return
        for index, arg in enumerate(node.args):
            if arg.star or (arg.keyword is None and index > 0):
                self.ok = False
            elif arg.keyword is not None and arg.keyword.value == "loss_scale":
                if isinstance(arg.value, cst.SimpleString) and arg.value.evaluated_value in DYNAMIC:
                    self.keywords.add(id(arg))
                else:
                    self.ok = False

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom) -> cst.ImportFrom:
        if not self.ok or id(original) not in self.imports:
            return updated
        self.converted()
        return self.imports[id(original)]

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        if not self.ok or id(original) not in self.members:
            return updated
        self.converted()
        value = updated.value
        if isinstance(value, cst.Attribute) and value.attr.value == "experimental":
            value = value.value  # tf.keras.mixed_precision.experimental.X -> tf.keras.mixed_precision.X
        return updated.with_changes(value=value, attr=cst.Name(self.members[id(original)]))

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        if not self.ok or not self.keywords:
            return updated
        args = [arg for arg, old in zip(updated.args, original.args, strict=True) if id(old) not in self.keywords]
        if len(args) == len(updated.args):
            return updated
        if args:
            args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated.with_changes(args=args)


class _Uses(cst.CSTVisitor):
    """Hands the rule each import, attribute, name and call of the module, before it rewrites any."""

    def __init__(self, rule: MixedPrecisionExperimental) -> None:
        super().__init__()
        self.rule = rule

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return self.rule.see_ImportFrom(node)

    def visit_Import(self, node: cst.Import) -> bool:
        return self.rule.see_Import(node)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        return self.rule.see_Attribute(node)

    def visit_Name(self, node: cst.Name) -> None:
        self.rule.see_Name(node)

    def visit_Call(self, node: cst.Call) -> None:
        self.rule.see_Call(node)
