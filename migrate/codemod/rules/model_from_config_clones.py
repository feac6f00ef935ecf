"""keras-rl's `clone_model`: `config = {'class_name': model.__class__.__name__, 'config': model.get_config()}`, then
`model_from_config(config, custom_objects=...)` -> `keras.models.clone_model(model)`.

Keras 2's `model_from_config` built a new model of the same layers, with new weights, from the class name and the
config of a live model (the script then copies the weights: `clone.set_weights(model.get_weights())`). Keras 3 has
no such function: its deserializer finds neither `Sequential` nor `Functional` by class name alone. Its
`keras.models.clone_model(model)` builds the same: each layer again from its config, by the live layer's own class
(so `custom_objects` has nothing left to do), new weights. keras-rl's `rl/util.py` wrote it so, and the reinforcement
learning projects that copied it (tests/codemod/test_model_from_config_clones.py runs both). The config dict
goes with the call where nothing else reads it; any other `model_from_config` stays for `legacy_import_paths` to
report. Runs before `unread_gone_imports`, which then drops the import nothing reads.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor

from migrate.codemod.rule import NAMES, DropsStatements
from migrate.codemod.syntax import code, names_in

FROM_CONFIG = frozenset(f"{module}.model_from_config"
                        for module in ("keras.models", "keras.engine.saving", "tensorflow.keras.models"))


def _model_of(config: cst.BaseExpression) -> cst.BaseExpression | None:
    """X of `{'class_name': X.__class__.__name__, 'config': X.get_config()}` (the same X twice), or None."""
    if not isinstance(config, cst.Dict) or len(config.elements) != 2 or \
            not all(isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString)
                    for element in config.elements):
        return None
    values = {element.key.evaluated_value: element.value for element in config.elements}
    name, got = values.get("class_name"), values.get("config")
    if not m.matches(name, m.Attribute(value=m.Attribute(attr=m.Name("__class__")), attr=m.Name("__name__"))) or \
            not m.matches(got, m.Call(func=m.Attribute(attr=m.Name("get_config")), args=[])):
        return None
    model = name.value.value
    return model if code(model) == code(got.func.value) else None


def _config_assignment(statement: cst.BaseStatement) -> tuple[str, cst.BaseExpression] | None:
    """(`config`, X) of a line `config = {'class_name': X.__class__.__name__, 'config': X.get_config()}`."""
    if not m.matches(statement, m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(m.Name())])])):
        return None
    assign = statement.body[0]
    model = _model_of(assign.value)
    return None if model is None else (assign.targets[0].target.value, model)


class ModelFromConfigClones(DropsStatements):
    NAME = "model_from_config_clones"
    ORDER = 36  # before unread_gone_imports (65) and legacy_import_paths (70), which reports what stays
    TRIGGERS = ("model_from_config",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("model_from_config({'class_name': m.__class__.__name__, 'config': m.get_config()}) -> "
                   "keras.models.clone_model(m) (keras-rl's clone_model)")

    def visit_Module(self, node: cst.Module) -> None:
        self.clones: dict[int, cst.BaseExpression] = {}  # id of a model_from_config call -> the model it copies
        for block in [node, *m.findall(node, m.IndentedBlock())]:
            self._configs_read_once(block.body)

    def _configs_read_once(self, body: tuple[cst.BaseStatement, ...]) -> None:
        """Config dicts of a live model that the rest of `body` reads once, as model_from_config's first argument:
        the line goes, and the call becomes a clone."""
        for index, statement in enumerate(body):
            assigned = _config_assignment(statement)
            if assigned is None:
                continue
            name, model = assigned
            later = body[index + 1:]
            reads = [found for each in later for found in names_in(each) if found.value == name]
            calls = [call for each in later for call in m.findall(each, m.Call())
                     if self._from_config(call) and m.matches(call.args[0].value, m.Name(name))]
            if len(reads) == 1 and len(calls) == 1 and calls[0].args[0].value is reads[0]:
                self.dropped.add(id(statement))
                self.clones[id(calls[0])] = model

    def _from_config(self, call: cst.Call) -> bool:
        """`model_from_config(config)` or `(config, custom_objects=...)`, Keras's by its qualified name."""
        return code(call.func).endswith("model_from_config") and bool(call.args) and call.args[0].keyword is None and not call.args[0].star and \
            all(arg.keyword is not None and arg.keyword.value == "custom_objects" for arg in call.args[1:]) and \
            bool(self.qualified_names(call.func) & FROM_CONFIG)

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        model = self.clones.get(id(original))
        if model is None and self._from_config(original):
            model = _model_of(original.args[0].value)  # the dict written in the call
        if model is None:
            return updated
        self.converted()
        AddImportsVisitor.add_needed_import(self.context, "keras")
        return cst.parse_expression(f"keras.models.clone_model({code(model)})")
