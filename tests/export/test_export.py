"""`convert --export`: each deployable format written beside the .keras and checked in its own runtime; a format
that cannot hold a layer is one line, never a failed conversion."""

from __future__ import annotations

import subprocess
import sys

import pytest

from migrate.convert import ConvertOptions, convert_file
from migrate.errors import UsageError
from migrate.export import parse_formats
from migrate.export.record import ExportRecord, short_line
from migrate.verify import load_reference
from tests.conftest import ROOT, sample

pytest.importorskip("onnxruntime")
pytest.importorskip("ai_edge_litert")


def test_every_format_is_written_beside_the_keras_file_and_matches_the_reference(tmp_path):
    result = convert_file(sample("k231_mgpu3_multi_io.h5"), ConvertOptions(
        output=tmp_path / "multi.keras", exports=("onnx,tflite", "savedmodel")))
    assert result.status == "converted", result.error
    exports = {export.format: export for export in result.rebuild.exports}
    assert list(exports) == ["onnx", "tflite", "savedmodel"]
    for name, path in (("onnx", "multi.onnx"), ("tflite", "multi.tflite"), ("savedmodel", "multi_savedmodel")):
        assert exports[name].matched and exports[name].max_abs_diff <= 1e-4, exports[name].line()
        assert exports[name].path == str(tmp_path / path) and (tmp_path / path).exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["multi.keras", "multi.onnx", "multi.tflite", "multi_savedmodel"]


def test_a_format_without_a_layer_is_one_line_and_the_conversion_stands(tmp_path):
    # AveragePooling3D has no TFLite builtin op; ONNX holds it
    result = convert_file(sample("k231_channels_first_mixed.h5"), ConvertOptions(
        output=tmp_path / "mixed.keras", exports=("tflite", "onnx")))
    assert result.status == "converted" and result.within_tolerance, result.error
    tflite, onnx = result.rebuild.exports
    assert tflite.path is None and not tflite.matched and "AvgPool3D" in tflite.error
    assert tflite.line().startswith("tflite: not exported (no TFLite builtin op for TensorFlow op(s) AvgPool3D")
    assert onnx.matched and not (tmp_path / "mixed.tflite").exists()


def test_formats_are_parsed_and_unknown_ones_refused():
    assert parse_formats(["onnx, TFLite", "onnx", "savedmodel"]) == ("onnx", "tflite", "savedmodel")
    with pytest.raises(UsageError, match="unknown format 'coreml'"):
        parse_formats(["onnx,coreml"])


def test_export_needs_a_whole_model(tmp_path):
    result = convert_file(sample("k231_weights_only.h5"), ConvertOptions(
        output=tmp_path / "w.weights.h5", weights_only=True, exports=("onnx",)))
    assert result.status == "failed" and "--export needs a whole model" in result.error


def test_savedmodel_dir_is_the_savedmodel_export_written_there(tmp_path):
    """`--savedmodel DIR` with `--export savedmodel`: one SavedModel, in DIR, checked; none beside the .keras."""
    result = convert_file(sample("k231_nested3.h5"), ConvertOptions(
        output=tmp_path / "m.keras", savedmodel=tmp_path / "serving", exports=("onnx,savedmodel",)))
    assert result.status == "converted", result.error
    onnx, savedmodel = result.rebuild.exports
    assert (onnx.format, savedmodel.format) == ("onnx", "savedmodel")
    assert savedmodel.path == str(tmp_path / "serving") and savedmodel.matched, savedmodel.line()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.keras", "m.onnx", "serving"]


def test_savedmodel_dir_needs_a_whole_model(tmp_path):
    result = convert_file(sample("k231_weights_only.h5"), ConvertOptions(
        output=tmp_path / "w.weights.h5", weights_only=True, savedmodel=tmp_path / "serving"))
    assert result.status == "failed" and "--savedmodel needs a whole model" in result.error
    assert not (tmp_path / "serving").exists()


def test_the_cli_refuses_an_unknown_format_with_exit_2(tmp_path):
    done = subprocess.run([sys.executable, "-m", "migrate", "convert", str(sample("k231_nested3.h5")), "-o",
                           str(tmp_path / "m.keras"), "--export", "pdf"], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 2 and "unknown format 'pdf'" in done.stderr
    assert not (tmp_path / "m.keras").exists()


def test_report_cells_say_per_format():
    assert short_line({"format": "onnx", "path": "a.onnx", "matched": True, "max_abs_diff": 3e-8}) == "onnx ok 3e-08"
    assert short_line({"format": "tflite", "path": None, "error": "no op"}) == "tflite not exported: no op"
    assert ExportRecord("onnx", "a.onnx", False, 0.5).line() == \
        "onnx: wrote a.onnx; DIFFERS from the reference (max abs difference 0.5)"


def _fully_convolutional(path, blocks: int):
    """A stock Keras 3 classifier of any image size whose valid convolutions need room: `blocks` of a 5x5
    convolution and a 2x2 pooling, then one more convolution (3 blocks: 128 x 128 fits, 64 x 64 does not)."""
    import keras

    stack = [keras.Input((None, None, 1))]
    for _ in range(blocks):
        stack += [keras.layers.Conv2D(2, 5), keras.layers.MaxPooling2D()]
    keras.Sequential([*stack, keras.layers.Conv2D(2, 5), keras.layers.GlobalMaxPooling2D(), keras.layers.Dense(3)]
                     ).save(path)
    return path


def test_without_a_reference_exports_are_checked_on_synthetic_inputs_the_model_accepts(tmp_path):
    """No reference: each format is checked against the converted model's own outputs on synthetic inputs of the
    model's shapes, sized so that Keras's shape inference accepts them. At 32 x 32 TensorFlow's CPU convolution
    returns numbers (5.5e12) where onnxruntime and LiteRT refuse the shape: that size is skipped, not compared."""
    source = _fully_convolutional(tmp_path / "fcn.keras", blocks=3)
    result = convert_file(source, ConvertOptions(output=tmp_path / "out.keras", exports=("onnx,tflite",),
                                                 no_reference=True))
    assert result.status == "converted", result.error
    onnx, tflite = result.rebuild.exports
    for export in (onnx, tflite):
        assert export.matched and export.max_abs_diff <= 1e-4, export.line()
        assert "matches the converted model's outputs on synthetic inputs" in export.line()
    assert tflite.line().endswith("[dynamic batch: fed all 2 rows in one call]")


def test_a_model_no_synthetic_input_fits_is_still_exported_and_says_why_it_is_not_checked(tmp_path):
    """Even 224 x 224 is too small for six blocks: ONNX is still written (the model is called on its symbolic inputs
    first, so Keras's exporter does not refuse it as "never called"), and its line says why it was not checked."""
    source = _fully_convolutional(tmp_path / "deep.keras", blocks=6)
    result = convert_file(source, ConvertOptions(output=tmp_path / "out.keras", exports=("onnx",), no_reference=True))
    assert result.status == "converted", result.error
    (onnx,) = result.rebuild.exports
    assert onnx.path == str(tmp_path / "out.onnx") and (tmp_path / "out.onnx").exists(), onnx.line()
    assert "not checked (the model runs on no synthetic input" in onnx.line() and "never called" not in onnx.line()


def test_a_recurrent_tflite_fixed_at_batch_one_is_fed_one_row_at_a_time_and_says_so(tmp_path):
    result = convert_file(sample("k231_mgpu8_rnn.h5"), ConvertOptions(output=tmp_path / "rnn.keras", exports=("tflite",)))
    assert result.status == "converted", result.error
    (tflite,) = result.rebuild.exports
    assert tflite.matched, tflite.line()
    rows = len(load_reference(sample("k231_mgpu8_rnn.npz"))[0][0])
    assert tflite.line().endswith(f"[batch fixed at 1: fed {rows} rows one at a time] [exported for batch 1: TFLite "
                                  "lowers a recurrent loop to builtin ops only with static shapes]")


def test_an_adapted_normalization_exports_to_onnx_without_extra_inputs(tmp_path):
    """tf.keras 2.12's adapted Normalization (41Leahcim): Keras 3 keeps its mean and variance as plain tensors,
    which tf2onnx left as graph inputs a user would have to feed; exported as variables, they are frozen into the
    graph. The layer holds its tensors again afterwards (the TFLite and SavedModel exports see it as reloaded)."""
    wild = ROOT.parent / "shared" / "wild_models"
    source = wild / "files" / "41Leahcim__astronomy_pipeline__model.keras"
    if not source.exists():
        pytest.skip("../shared/wild_models (the wild sample, see its MANIFEST.md) is absent")
    result = convert_file(source, ConvertOptions(output=tmp_path / "astro.keras", exports=("onnx,tflite",),
                                                 reference=wild / "refs" / "41Leahcim__astronomy_pipeline__model.npz"))
    assert result.status == "converted", result.error
    onnx, tflite = result.rebuild.exports
    assert onnx.matched and tflite.matched, (onnx.line(), tflite.line())
    import onnxruntime

    assert len(onnxruntime.InferenceSession(str(tmp_path / "astro.onnx")).get_inputs()) == 1
