"""`model_from_yaml(s)` / `model.to_yaml()` -> `keras2_model_from_yaml(s)` / `keras2_to_yaml(model)`, written into the
file; a `model_from_json` that reads JSON this file does not write is named in advice.

Keras 3 dropped YAML (Keras 2.3.1's `to_yaml` wrote its config with PyYAML, `model_from_yaml` read it back with
`yaml.load`). A script that saves its architecture as YAML and reads it back (the "save and load your model" tutorials:
`open('model.yaml', 'w').write(model.to_yaml())`, then `model_from_yaml(open('model.yaml').read())`) keeps working
with two helpers over what Keras 3 kept: the config `model.to_json()` gives, as YAML (`yaml.safe_dump`), and read
back with yaml's safe loader (a `!!python/tuple` read as a tuple, never Python's objects) and built by
`keras.models.model_from_json`. What Keras 3 builds is a config Keras 3 wrote: a YAML or JSON file Keras 2 wrote
(committed beside the code, or made before the upgrade) has Keras 2's layer configs, which Keras 3's model_from_json
does not read; the advice says so (run the script that writes it again, or `migrate convert` the saved model).
`to_yaml` is rewritten on a name the file binds to a model (`Sequential(...)`, `Model(...)`, `load_model(...)`); a
project's own method of that name stays.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.keras2_helpers import MODEL_FROM_YAML, TO_YAML
from migrate.codemod.names import MODEL_MAKERS
from migrate.codemod.rule import NAMES, ReadsToHelpers
from migrate.codemod.syntax import receiver_first, user_method_calls

READERS = frozenset(f"{root}.models.model_from_yaml" for root in ("keras", "tensorflow.keras", "tensorflow.python.keras"))
JSON_READERS = frozenset(f"{root}.models.model_from_json" for root in ("keras", "tensorflow.keras",
                                                                       "tensorflow.python.keras"))
KERAS2_FILES = ("Keras 3 builds only a config Keras 3 wrote: a {kind} file Keras 2 wrote (committed, or made before "
                "the upgrade) fails here; write it again with the upgraded script, or `migrate convert` the saved model")


class ModelYamlConfigs(ReadsToHelpers):
    NAME = "model_yaml_configs"
    ORDER = 57
    TRIGGERS = ("yaml", "model_from_json")
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "model_from_yaml(s) / model.to_yaml() -> keras2_model_from_yaml / keras2_to_yaml over Keras 3's JSON"

    def visit_Module(self, node: cst.Module) -> None:
        super().visit_Module(node)
        self.models = self.names_made_by(node, MODEL_MAKERS)
        self.own = user_method_calls(node, {"to_yaml"})
        self.writes_json, self.writes_yaml = ".to_json(" in node.code, ".to_yaml(" in node.code
        self.advised: set[str] = set()

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        func = updated.func
        if isinstance(func, cst.Attribute) and func.attr.value == "to_yaml" and isinstance(func.value, cst.Name) and \
                func.value.value in self.models and id(original) not in self.own and not any(a.star for a in updated.args):
            name, source = TO_YAML
            self.copied[name] = source
            self.converted()
            return receiver_first(updated, name)
        names = self.qualified_names(original.func)
        if names & JSON_READERS and not self.writes_json and "json" not in self.advised:
            self.advised.add("json")
            self.report(original, "model_from_json: " + KERAS2_FILES.format(kind="JSON"), advice=True)
        return updated

    def helper_for(self, names: set[str]) -> tuple[str, dict[str, str]] | None:
        """keras2_model_from_yaml for Keras 2's model_from_yaml."""
        return (MODEL_FROM_YAML[0], dict([MODEL_FROM_YAML])) if names & READERS else None

    def read_replaced(self, node: cst.BaseExpression, helper: str) -> None:
        """Advice once, where the file reads YAML it does not write."""
        if "yaml" not in self.advised and not self.writes_yaml:
            self.advised.add("yaml")
            self.report(node, "model_from_yaml -> keras2_model_from_yaml: " + KERAS2_FILES.format(kind="YAML"),
                        advice=True)
