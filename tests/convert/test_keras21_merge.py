"""Keras 2.0-2.1's legacy `Merge` (Keras 1's class, under a Keras 2 version number) converts in Sequentials and
functional graphs, whole-model files and weights-only ones paired in a zoo, and reproduces Keras 2.1.6."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from migrate.convert import ConvertOptions, convert_file
from migrate.read import read_legacy_file
from migrate.recover.checkpoint import checkpoint_of, fits

SAMPLES = Path(__file__).parent / "keras21_samples"


@pytest.mark.parametrize("name", ["k21_seq_merge", "k21_fun_merge"])
def test_a_keras21_merge_model_reproduces_keras21(name, tmp_path):
    result = convert_file(SAMPLES / f"{name}.h5",
                          ConvertOptions(output=tmp_path / "out.keras", reference=SAMPLES / f"{name}.npz"))
    assert result.status == "converted", result.error
    assert result.max_abs_diff is not None and result.max_abs_diff <= 1e-5


def test_keras21_merge_checkpoints_are_paired_in_a_zoo_and_reproduce(tmp_path):
    """Each checkpoint's architecture is one folder down in its own project; a decoy with the same layer names
    and widths but another input width sits shallower, at the zoo's root: it is passed over."""
    import keras

    from migrate.zoo.run import ZooOptions, run_zoo

    source = tmp_path / "zoo"
    for name in ("k21_seq_merge", "k21_fun_merge"):
        (source / name / "arch").mkdir(parents=True)
        shutil.copy(SAMPLES / f"{name}_weights.h5", source / name / "weights.h5")
        shutil.copy(SAMPLES / f"{name}.json", source / name / "arch" / "architecture.json")
    decoy = (SAMPLES / "k21_seq_merge.json").read_text().replace('"batch_input_shape": [null, 5]',
                                                                 '"batch_input_shape": [null, 7]')
    (source / "model.json").write_text(decoy)
    report = run_zoo(source, tmp_path / "out", ZooOptions())
    assert [row["status"] for row in report["models"]] == ["converted", "converted"], report["models"]
    for name in ("k21_seq_merge", "k21_fun_merge"):
        row = next(row for row in report["models"] if row["source"] == f"{name}/weights.h5")
        assert row["note"] == f"architecture paired by content: {name}/arch/architecture.json"
        model = keras.saving.load_model(tmp_path / "out" / name / "weights.keras", safe_mode=True)
        reference = np.load(SAMPLES / f"{name}.npz")
        np.testing.assert_allclose(model.predict([reference["in_0"], reference["in_1"]], verbose=0),
                                   reference["out_0"], atol=1e-5)


def test_generic_names_from_another_project_do_not_fit():
    """Same names and widths (dense_1, dense_2, merge_1, dense_3), another input width or one more layer: the
    architecture of another project, not this checkpoint's."""
    checkpoint = checkpoint_of(read_legacy_file(SAMPLES / "k21_seq_merge_weights.h5"))
    config = json.loads((SAMPLES / "k21_seq_merge.json").read_text())
    assert fits(config, checkpoint)
    wider = json.loads(json.dumps(config).replace('"batch_input_shape": [null, 5]', '"batch_input_shape": [null, 7]'))
    assert wider != config and not fits(wider, checkpoint)
    longer = json.loads(json.dumps(config))
    longer["config"].append({"class_name": "Dense", "config": {"name": "dense_4", "units": 2}})
    assert not fits(longer, checkpoint)
