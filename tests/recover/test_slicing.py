"""The construction slice, read without running anything: what it keeps (imports, the layers, what they
read), what it leaves (data, training, saving, printing, the payload) and the holes data leaves in it."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from migrate.errors import UsageError
from migrate.recover import parse_settings
from migrate.recover.script import fill_holes, render
from migrate.recover.slicing import find_sites, slice_site
from migrate.recover.sources import code_units, top_level_blocks

CODE = Path(__file__).parent / "code"


def _slices(path: Path):
    return [slice_site(site) for unit in code_units(path) for site in find_sites(unit)]


def _source(piece) -> str:
    return render(piece, fill_holes(piece), {}, None, list(range(101, 101 + len(piece.holes))))


def test_a_script_keeps_the_construction_and_nothing_else():
    (piece,) = _slices(CODE / "train_text.py")
    source = _source(piece)
    for kept in ("Embedding(", "GlobalAveragePooling1D()", "Dense(", "EMBEDDING = 16", "from keras.layers import"):
        assert kept in source
    for left in ("MIGRATE_PAYLOAD", "read_csv", "fit_on_texts", "to_categorical", ".fit(", "save_weights", "compile",
                 "print(", "Adam"):
        assert left not in source
    cst.parse_module(source)  # the script is valid Python


def test_data_derived_values_become_holes_named_as_written():
    (piece,) = _slices(CODE / "train_text.py")
    fill_holes(piece)
    assert set(piece.holes) == {"len(tokenizer.word_index) + 1", "num_classes"}


def test_a_notebook_slice_takes_the_builder_function_and_its_default():
    (piece,) = _slices(CODE / "mlp.ipynb")
    source = _source(piece)
    assert "hidden = 24" in source and "input_shape=(" in source  # input_dim, which Keras 3 refuses, translated
    assert "np.load" not in source and "plt." not in source and "%matplotlib" not in source
    assert set(piece.holes) == {"x_train.shape[1]"}


def test_a_directory_finds_the_builder_in_its_module():
    pieces = _slices(CODE / "project")
    (piece,) = [p for p in pieces if p.site.unit.path.name == "models.py"]
    fill_holes(piece)
    assert set(piece.holes) == {"n_features", "n_hidden", "activation"}
    assert "rate = 0.25" in _source(piece)


def test_python_2_blocks_that_do_not_parse_are_left_out():
    (piece,) = _slices(CODE / "py2_script.py")
    source = _source(piece)
    assert "Dense(9)" in source and "xrange" not in source and "print" not in source.split("_migrate_sys")[0]


def test_top_level_blocks_keep_their_lines():
    text = "import a\n\nfor i in x:\n    print i\nelse:\n    pass\nb = [1,\n2]\n"
    assert [line for line, _ in top_level_blocks(text)] == [1, 3, 7]


@pytest.mark.parametrize("setting, value", [("n=10", 10), ("shape=(28, 28, 1)", (28, 28, 1)), ("act=relu", "relu"),
                                            ("act='tanh'", "tanh")])
def test_set_values_are_literals_or_strings(setting, value):
    assert parse_settings((setting,)) == {setting.partition("=")[0]: value}


def test_a_set_without_equals_is_a_usage_error():
    with pytest.raises(UsageError, match="NAME=VALUE"):
        parse_settings(("oops",))


def test_a_helper_that_writes_files_is_not_kept():
    (piece,) = _slices(CODE / "helper_payload.py")
    source = _source(piece)
    assert "def block" not in source and "open(" not in source
    assert "block" in piece.hole_names  # the slice cannot run without it: it fails, it never writes
