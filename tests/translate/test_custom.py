"""`<stem>_custom.py` is generated code from config data: it must parse, and no name or value from the
file may become anything but a validated identifier or a plain literal."""

from __future__ import annotations

import ast
from pathlib import Path

from migrate.read import LegacyFile, WeightInfo
from migrate.translate.custom import config_layers, is_identifier, refusal, render_custom_stubs, unknown_classes

KNOWN = frozenset({"Dense", "InputLayer"})


def legacy(config, weights=None) -> LegacyFile:
    return LegacyFile(path="m.h5", format="model", keras_version="2.4.0", backend="tensorflow", model_config=config,
                      training_config=None, layer_weights=weights or {})


def sequential(*layers) -> dict:
    return {"class_name": "Sequential", "config": {"name": "seq", "layers": list(layers)}}


def test_every_unknown_class_is_found_once_with_its_layers_and_weights():
    config = sequential({"class_name": "Mine", "config": {"name": "mine_1", "units": 4}},
                        {"class_name": "Dense", "config": {"name": "dense", "units": 2}},
                        {"class_name": "Mine", "config": {"name": "mine_2", "units": 4}},
                        {"class_name": "Other", "config": {"name": "other"}})
    weights = {"mine_1": (WeightInfo("mine_1/kernel:0", "/x", (3, 4), "float32"),)}
    found = unknown_classes(config_layers(config), legacy(config, weights), KNOWN, set())
    assert [(c.class_name, c.layers) for c in found] == [("Mine", ["mine_1", "mine_2"]), ("Other", ["other"])]
    assert found[0].weights == [("kernel", (3, 4))]
    assert unknown_classes(config_layers(config), legacy(config), KNOWN, {"Mine", "Other"}) == []
    message = refusal(found, Path("m_custom.py"))
    assert "'Mine' (layer 'mine_1', 'mine_2')" in message and "'Other'" in message and "\n" not in message


def test_legacy_names_keras3_knows_by_another_name_are_not_custom():
    config = sequential({"class_name": "Dense", "config": {"name": "d", "units": 2}})
    assert unknown_classes(config_layers(config), legacy(config), KNOWN, set()) == []


def test_hostile_names_and_values_stay_data():
    hostile = "'''\nimport os; os.system('echo owned')\n'''"
    config = sequential(
        {"class_name": "Evil", "config": {"name": hostile, hostile: 1, "__class__": 2, "rate": float("inf"),
                                          "label": hostile, "nested": {"k": [hostile, None, True]}}},
        {"class_name": "Not-A-Name", "config": {"name": "x"}})
    found = unknown_classes(config_layers(config), legacy(config), KNOWN, set())
    text = render_custom_stubs(Path(hostile), found, f"migrate convert {hostile}")
    tree = ast.parse(text)
    classes = [node.name for node in tree.body if isinstance(node, ast.ClassDef)]
    assert classes == ["Evil"]  # 'Not-A-Name' is no identifier: a comment says so, no class is written
    calls = {ast.unparse(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    assert calls <= {"super", "super().__init__", "super().build", "super().get_config", "self.add_weight",
                     "NotImplementedError", "float"}, calls  # the file's text is only ever a literal
    imports = [ast.unparse(node) for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
    assert imports == ["import keras", "from keras import ops"]
    init = next(n for n in tree.body[-1].body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    assert [a.arg for a in init.args.args] == ["self", "rate", "label", "nested"]
    assert "rate=float('inf')" in text


def test_identifiers_are_checked():
    assert is_identifier("units") and not is_identifier("class") and not is_identifier("__init__")
    assert not is_identifier("a-b") and not is_identifier("ünits")
