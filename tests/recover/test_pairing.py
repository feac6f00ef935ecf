"""Pairing by content: the architecture in a weights-only file's tree whose layer names and widths fit it,
whatever its file is called; decoys (other models, JSON that is no model) are passed over."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from migrate.plan import plan_path
from migrate.read import read_legacy_file
from migrate.recover import RecoverOptions, recover
from migrate.recover.checkpoint import checkpoint_of, fits
from migrate.recover.pairing import paired_architecture
from tests.conftest import sample
from tests.recover.conftest import dense, write_checkpoint


def _sequential(name: str, widths: list[tuple[str, int]], rows: int) -> dict:
    layers = [{"class_name": "Dense", "config": {"name": layer, "units": units, "batch_input_shape": [None, rows]}}
              for layer, units in widths]
    return {"class_name": "Sequential", "keras_version": "2.2.4", "config": {"name": name, "layers": layers}}


def test_a_json_that_fits_is_paired_whatever_its_name(tmp_path):
    write_checkpoint(tmp_path / "weights.h5", [dense("dense_1", 4, 8), dense("dense_2", 8, 3)])
    (tmp_path / "notes.json").write_text(json.dumps({"epochs": 10}))
    (tmp_path / "other.json").write_text(json.dumps(_sequential("m", [("dense_1", 8), ("dense_2", 5)], 4)))
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "model.json").write_text(json.dumps(_sequential("m", [("dense_1", 8), ("dense_2", 3)], 4)))
    checkpoint = checkpoint_of(read_legacy_file(tmp_path / "weights.h5"))
    config, path = paired_architecture(tmp_path, tmp_path / "weights.h5", checkpoint)
    assert path == tmp_path / "sub" / "model.json"
    assert fits(config, checkpoint)


def test_nothing_fits_nothing_is_paired(tmp_path):
    write_checkpoint(tmp_path / "weights.h5", [dense("dense_1", 4, 8)])
    (tmp_path / "other.json").write_text(json.dumps(_sequential("m", [("dense_7", 8)], 4)))
    file = read_legacy_file(tmp_path / "weights.h5")
    assert recover(file, RecoverOptions(search=tmp_path)) is None


def test_a_wrapper_checkpoint_pairs_with_its_template(tmp_path):
    """A multi_gpu_model checkpoint keeps the template's weights in one group named after the template."""
    shutil.copy(sample("k231_weights_only.h5"), tmp_path / "ckpt.h5")
    shutil.copy(sample("k231_weights_only.json"), tmp_path / "template_v3.json")
    planned = plan_path(tmp_path / "ckpt.h5", recovering=RecoverOptions(search=tmp_path))
    assert planned.recovery is not None and planned.recovery.kind == "paired"
    assert planned.architecture_source == tmp_path / "template_v3.json"
    assert planned.replicas == (2,)


def test_a_whole_model_file_pairs_too(tmp_path):
    """A whole-model .h5 of the same network beside its checkpoints (read as data, never run)."""
    write_checkpoint(tmp_path / "epoch_03.h5", [dense("dense_1", 4, 8), dense("dense_2", 8, 3)])
    _write_whole_model(tmp_path / "final.h5", _sequential("m", [("dense_1", 8), ("dense_2", 3)], 4))
    planned = plan_path(tmp_path / "epoch_03.h5", recovering=RecoverOptions(search=tmp_path))
    assert planned.architecture_source == tmp_path / "final.h5"
    assert [layer.name for layer in planned.template.layers][-2:] == ["dense_1", "dense_2"]


def test_inspect_says_which_it_found(tmp_path):
    from migrate.diagnosis import inspect_file

    write_checkpoint(tmp_path / "weights.h5", [dense("dense_1", 4, 8), dense("dense_2", 8, 3)])
    (tmp_path / "arch.json").write_text(json.dumps(_sequential("m", [("dense_1", 8), ("dense_2", 3)], 4)))
    report = inspect_file(tmp_path / "weights.h5")
    assert report.architecture_recovered == f"architecture paired by content: {tmp_path / 'arch.json'}"


def _write_whole_model(path: Path, config: dict) -> None:
    import h5py

    write_checkpoint(path, [dense("dense_1", 4, 8), dense("dense_2", 8, 3)])
    with h5py.File(path, "a") as f:
        weights = f.create_group("model_weights")
        for name in ("dense_1", "dense_2"):
            f.copy(f[name], weights, name=name)
            del f[name]
        weights.attrs["layer_names"] = f.attrs["layer_names"]
        weights.attrs["backend"], weights.attrs["keras_version"] = b"tensorflow", b"2.2.4"
        f.attrs["model_config"] = json.dumps(config).encode()
        f.attrs["keras_version"] = b"2.2.4"


def test_a_keras1_whole_model_file_pairs_as_keras1(tmp_path):
    """Keras 1's save_weights states no Keras version, and a whole-model file keeps its version beside its
    config (an HDF5 attribute), not in it: the paired architecture must carry it, or the checkpoint is taken
    for Keras 2 and Keras 1's `border_mode`, `nb_filter`... reach Keras 3 untranslated
    (iamfaisalkhan/CarND-Behavioral-Cloning: model_weights.h5 beside model.h5, both Keras 1.1.1)."""
    import h5py

    from migrate.convert import ConvertOptions, convert_file

    whole = Path(__file__).parents[1] / "convert" / "keras1_samples" / "keras1_conv_tf.h5"
    shutil.copy(whole, tmp_path / "model.h5")
    with h5py.File(whole, "r") as source, h5py.File(tmp_path / "model_weights.h5", "w") as checkpoint:
        assert str(source.attrs["keras_version"]).startswith("1.") and "keras_version" not in source.attrs["model_config"]
        for name in source["model_weights"]:  # what Keras 1's save_weights wrote: the same groups at the root
            source.copy(source["model_weights"][name], checkpoint, name)
        checkpoint.attrs["layer_names"] = source["model_weights"].attrs["layer_names"]
    result = convert_file(tmp_path / "model_weights.h5",
                          ConvertOptions(output=tmp_path / "out.keras", reference=whole.with_suffix(".npz")))
    assert result.status == "converted", result.error
    assert result.max_abs_diff is not None and result.max_abs_diff <= 1e-5
