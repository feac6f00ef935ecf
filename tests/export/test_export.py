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
