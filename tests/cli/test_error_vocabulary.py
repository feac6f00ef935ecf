"""One error vocabulary: the same mistake gets the same one line and the same exit code in every subcommand.

The README's table ("Errors") is this file's specification; each case runs the real CLI in a process."""

from __future__ import annotations

import pytest

from tests.cli.test_inspect_cli import migrate

SUBCOMMANDS = {
    "inspect": lambda path, tmp: ["inspect", path],
    "convert": lambda path, tmp: ["convert", path, "-o", tmp / "out.keras"],
    "zoo": lambda path, tmp: ["zoo", path, "-o", tmp / "out"],
    "code": lambda path, tmp: ["code", path],
}


def error_lines(result):
    return [line for line in result.stderr.splitlines() if line.strip()]


@pytest.mark.parametrize("command", SUBCOMMANDS)
def test_a_missing_path_is_one_line_and_exit_2_everywhere(tmp_path, command):
    missing = tmp_path / "no_such_model.h5"
    result = migrate(*SUBCOMMANDS[command](missing, tmp_path))
    assert result.returncode == 2, result.stderr
    assert error_lines(result) == [f"error {missing}: no such file or directory"]


@pytest.mark.parametrize("command", ["inspect", "convert", "zoo"])
def test_a_file_that_is_not_a_model_is_one_line_and_exit_1_everywhere(tmp_path, command):
    folder = tmp_path / "zoo"
    folder.mkdir()
    bad = folder / "notes.h5"
    bad.write_text("a text file with a model's name")
    target = folder if command == "zoo" else bad
    result = migrate(*SUBCOMMANDS[command](target, tmp_path))
    assert result.returncode == 1, result.stderr
    said = [line for line in error_lines(result) if line.startswith("error")]
    assert said == [f"error {bad}: not a Keras model file (no HDF5 signature)"]


@pytest.mark.parametrize("command", ["convert", "zoo"])
def test_an_unsupported_layer_is_one_line_naming_the_layer_and_exit_1(tmp_path, command):
    """A custom class no Keras has: convert and zoo say the same line, naming the file and the layer."""
    import keras

    class Doubler(keras.layers.Layer):
        def call(self, x):
            return 2 * x

    folder = tmp_path / "zoo"
    folder.mkdir()
    model = keras.Sequential([keras.Input((3,)), Doubler(name="doubler")])
    path = folder / "custom.h5"
    model.save(path)
    target = folder if command == "zoo" else path
    result = migrate(*SUBCOMMANDS[command](target, tmp_path))
    assert result.returncode == 1, result.stderr
    said = [line for line in error_lines(result) if line.startswith("error")]
    assert len(said) == 1 and said[0].startswith(f"error {path}: layer 'doubler': "), said


def test_a_zoo_with_no_model_files_says_so_and_exits_1(tmp_path):
    folder = tmp_path / "empty"
    folder.mkdir()
    (folder / "README.txt").write_text("no models here")
    result = migrate("zoo", folder, "-o", tmp_path / "out")
    assert result.returncode == 1
    assert error_lines(result) == [f"error {folder}: no Keras model files under it (looked for .h5, .hdf5, .keras files "
                                   "and SavedModel directories)"]
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("args", [["zoo", "{file}", "-o", "{tmp}/out"], ["code", "--select", "no_such_rule", "{tmp}"],
                                  ["convert", "{file}", "--reference", "{file}", "--no-reference"]])
def test_option_errors_are_one_line_and_exit_2(tmp_path, args):
    file = tmp_path / "model.h5"
    file.write_text("x")
    result = migrate(*[arg.format(file=file, tmp=tmp_path) for arg in args])
    assert result.returncode == 2 and len(error_lines(result)) == 1 and error_lines(result)[0].startswith("error ")
