"""Training scripts from real repositories, rewritten with every rule: each is fully converted (no leftover but
the ones listed, reported), the result parses, and a second run changes nothing. Each one
held a shape issue 23 found first on real code (a wrapper in a tf.device block with a comment, Keras 1
merge(mode=...), an if's keras.utils.multi_gpu_model with the template's own name)."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

from migrate.codemod.engine import rewrite_source
from migrate.codemod.registry import all_rules

# Code fetched from public repositories is not committed here. The scripts are read from a folder of checked-out
# trees, OWNER+REPO/... (../shared/real_code/, or $MIGRATE_REAL_CODE), at these commits; absent, the tests skip.
# tests/codemod/test_executed_patterns.py runs the same shapes, written for this project, in every run.
TREES = Path(os.environ.get("MIGRATE_REAL_CODE", Path(__file__).resolve().parents[3] / "shared" / "real_code"))
SOURCES = {  # name used below -> (tree, path in it, commit, licence)
    "reger_men_keras_multi_gpus_train": ("reger-men+keras_multi_gpus", "train.py", "be37754", "MIT"),
    "flyyufelix_cnn_finetune_resnet_50": ("flyyufelix+cnn_finetune", "resnet_50.py", "cba3439", "MIT"),
    "xuannianz_efficientdet_train": ("xuannianz+EfficientDet", "train.py", "030fb7e", "Apache-2.0"),
}
SCRIPTS = {name: TREES / tree / path for name, (tree, path, _, _) in SOURCES.items()}
pytestmark = pytest.mark.skipif(not all(p.is_file() for p in SCRIPTS.values()),
                                reason=f"the real trees are not under {TREES} (fetched code is not committed)")
# What is left and reported, by line (EfficientDet's get_session(), a function building and returning a
# tf.Session from a ConfigProto, became compat.v1 names: nothing of it is left). pyimagesearch's script builds
# its optimizer after the if/else holding the wrapper (now under the model's strategy), and its
# ImageDataGenerator (shifts and a flip) became preprocessing layers and a tf.data pipeline.
LEFT: dict[str, list[tuple[int, str]]] = {}


def rewritten(source: bytes, name: str) -> tuple[str, list]:
    result = rewrite_source(source, name, all_rules())
    assert result.error is None, result.error
    return result.rewritten.decode(), [f for f in result.findings if not f.advice]


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_fully_converted_parses_and_a_second_run_changes_nothing(name):
    script = SCRIPTS[name]
    first, leftovers = rewritten(script.read_bytes(), script.name)
    assert [(f.line, f.rule) for f in leftovers] == LEFT.get(name, [])
    assert first != script.read_text()
    ast.parse(first)
    again, left_again = rewritten(first.encode(), script.name)
    assert again == first
    assert len(left_again) == len(leftovers)
    assert "multi_gpu_model(" not in first and "fit_generator(" not in first and " merge(" not in first


def test_the_pyimagesearch_script_keeps_its_comment_and_builds_in_the_scope():
    got, _ = rewritten(SCRIPTS["reger_men_keras_multi_gpus_train"].read_bytes(), "train.py")
    assert "\twith strategy.scope():\n\t\t# initialize the model\n\t\tmodel = MiniGoogLeNet.build(" in got
    assert "model.fit(\n" in got and "SGD(learning_rate=INIT_LR" in got
    assert "with model.distribute_strategy.scope():\n\topt = SGD(" in got
