"""benchmarks/code_resolution.py's checker, which measures `migrate code` independently of it: each class of
leftover it must find in rewritten code (looked up in the installed Keras 3 / TF 2), and code it must not
flag (names that exist, the project's own names, imports with a fallback)."""

from __future__ import annotations

import sys

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
from code_resolution import Bindings, check_source, origin_map  # noqa: E402


def sites(source: str) -> list[tuple[int, str, str]]:
    return check_source(source, Bindings())[0]


def test_code_that_exists_or_is_the_projects_own_is_not_flagged():
    source = (
        "import tensorflow as tf\nimport keras\nfrom keras import backend as K\nfrom keras.layers import Dense\n"
        "try:\n    from keras.engine import Layer\nexcept ImportError:\n    from keras.layers import Layer\n"
        "def multi_gpu_model(m, gpus):\n    return m\n"
        "x = keras.Input((3,))\nmodel = keras.Model(inputs=x, outputs=Dense(2, kernel_initializer='zeros')(x))\n"
        "model.compile(optimizer=keras.optimizers.Adam(learning_rate=1e-3), loss='mse')\n"
        "print(model.inputs, model.output_names, K.epsilon(), tf.compat.v1.placeholder, multi_gpu_model(model, 2))\n"
    )
    assert sites(source) == []


def test_a_class_built_by_new_alone_takes_its_fields_as_keywords():
    # a namedtuple's subclass has no __init__ of its own (shenweichen/DeepCTR's FixedLenFeature(dtype=, shape=))
    source = ("from tensorflow.python.ops.parsing_ops import FixedLenFeature\n"
              "f = FixedLenFeature(dtype=None, shape=1)\ng = FixedLenFeature(shape=1, dtype=None, size=2)\n")
    assert [(line, category) for line, category, _ in sites(source)] == [(3, "keyword")]


def test_each_class_of_leftover_is_found_at_its_line():
    source = (
        "import tensorflow as tf\n"  # 1
        "import keras\n"  # 2
        "from keras.engine.topology import Layer\n"  # 3: module
        "from keras.layers import CuDNNLSTM\n"  # 4: name
        "y = tf.placeholder(tf.float32)\n"  # 5: TF1 symbol
        "z = tf.reduce_max(y, keep_dims=True)\n"  # 6: keyword
        "x = keras.Input((3,))\n"  # 7
        "model = keras.Model(input=x, output=x)\n"  # 8: two keywords
        "model._make_train_function()\n"  # 9: Model method
        "opt = keras.optimizers.Adam(lr=0.1)\n"  # 10: keyword Keras 3's Optimizer rejects
    )
    found = {(line, category) for line, category, _ in sites(source)}
    assert found == {(3, "module"), (4, "name"), (5, "TF1 symbol"), (6, "keyword"), (8, "keyword"),
                     (9, "Model method"), (10, "keyword")}


def test_a_use_of_a_missing_import_is_the_imports_site_not_its_own():
    found = sites("from keras.layers import CuDNNLSTM\nlayer = CuDNNLSTM(4)\nother = CuDNNLSTM(8)\n")
    assert [(line, category) for line, category, _ in found] == [(1, "name")]


def test_an_output_line_maps_back_to_the_line_it_replaced():
    before = "a = 1\nb = old(\n    2)\nc = 3\n"
    after = "a = 1\nnew_import = 0\nb = new(2)\nc = 3\n"
    lines = origin_map(before, after)
    assert lines[1] == [1] and lines[4] == [4] and 2 in lines[3]


def test_a_notebook_with_a_cell_no_parser_reads_is_work_not_resolved(tmp_path):
    """migrate rewrites a notebook's other cells around an exercise's `x = ??` and names that cell; the checker
    cannot read it either, so the notebook counts as work not resolved (as a file left whole does), not as resolved."""
    import nbformat
    from code_resolution import measure_tree
    from nbformat.v4 import new_code_cell, new_notebook

    tree = tmp_path / "repo"
    tree.mkdir()
    notebook = new_notebook(cells=[new_code_cell("import keras"), new_code_cell("steps = len(x) // ??"),
                                   new_code_cell("model.fit_generator(batches(), 10)")])
    notebook.metadata["kernelspec"] = {"name": "k", "language": "python", "display_name": "K"}
    (tree / "workshop.ipynb").write_text(nbformat.writes(notebook))
    result = measure_tree(tree, jobs=1)
    assert (result.files_with_work, result.fully_resolved, result.skipped) == (1, 0, ["workshop.ipynb"])


def test_a_file_with_a_byte_order_mark_is_checked_not_counted_unparsed(tmp_path):
    """thimabru1010/ResUnet-a_mltsk_keras utils.py starts with a UTF-8 byte order mark: Python and migrate read past
    it, and the checker counted the file as one it could not parse."""
    from code_resolution import measure_tree

    tree = tmp_path / "repo"
    tree.mkdir()
    (tree / "utils.py").write_bytes(b"\xef\xbb\xbffrom keras.layers.core import Dense\nd = Dense(2)\n")
    result = measure_tree(tree, jobs=1)
    assert (result.files_with_work, result.fully_resolved, result.py2_inputs) == (1, 1, 0)
    assert (tree / "utils.py").read_bytes().startswith(b"\xef\xbb\xbf")  # (the tree measured on a copy)


def test_a_file_left_as_it_was_with_only_advice_is_not_work(tmp_path):
    """recurrent_defaults names Keras 2.0-2.2's LSTM gates in a line of advice and changes nothing: such a file has
    no work, or every file with an LSTM would count as resolved work; one the run changed still counts."""
    from code_resolution import measure_tree

    tree = tmp_path / "repo"
    tree.mkdir()
    (tree / "model.py").write_text("from keras.layers import LSTM\nlayer = LSTM(64)\n")
    (tree / "train.py").write_text("from keras.layers import GRU\nlayer = GRU(64)\n")
    result = measure_tree(tree, jobs=1)
    assert (result.files_with_work, result.fully_resolved) == (1, 1)  # train.py: reset_after=False written out
