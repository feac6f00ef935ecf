"""rnn_cells_to_graph_classes: must-not-change cases first, then before/after, then the rewritten network run by TF 2
from TF 1.15's checkpoint."""

import re

import numpy as np

from migrate.codemod.tf1_rnn_cells import HELPERS
from tests.codemod.helpers import assert_unchanged, legacy37, probe_under_both, rewrite
from tests.codemod.test_tf_layers_to_graph_functions import SCRIPTS

RULE = "rnn_cells_to_graph_classes"


def test_cells_stay_where_no_graph_runs_them():
    assert_unchanged("""
        import tensorflow as tf
        from keras.layers import Dense

        cell = tf.nn.rnn_cell.LSTMCell(8)  # a Keras module keeps eager execution on: reported by the last pass
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf

        tf.enable_eager_execution()
        cell = tf.nn.rnn_cell.GRUCell(8)
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf

        cell = tf.nn.rnn_cell.RNNCell  # TF 1's base class, which a user's cell derives from: not written out
        wrapped = tf.nn.rnn_cell.ResidualWrapper(cell)
    """, RULE)


def test_a_graph_module_s_cells_become_tf_1_s_classes_written_into_it():
    got, _ = rewrite("""
        import tensorflow as tf
        from tensorflow.contrib import rnn

        cells = [tf.nn.rnn_cell.DropoutWrapper(rnn.BasicLSTMCell(n), output_keep_prob=0.5) for n in (4, 8)]
        outputs, state = tf.nn.dynamic_rnn(tf.contrib.rnn.MultiRNNCell(cells), x, dtype=tf.float32)
        assert isinstance(state[0], tf.nn.rnn_cell.LSTMStateTuple)
    """, RULE)
    assert "[Tf1DropoutWrapper(Tf1BasicLSTMCell(n), output_keep_prob=0.5) for n in (4, 8)]" in got
    assert "tf.nn.dynamic_rnn(Tf1MultiRNNCell(cells), x, dtype=tf.float32)" in got
    assert "isinstance(state[0], Tf1LSTMStateTuple)" in got
    assert "from tensorflow.contrib import rnn" not in got and "import collections" in got
    # the base class before the classes derived from it, the state tuple with the cells that make it
    assert got.index("class Tf1RNNCell:") < got.index("class Tf1BasicLSTMCell(Tf1RNNCell):")
    assert all(f"\nclass {name}" in got for name in ("Tf1LSTMStateTuple", "Tf1DropoutWrapper", "Tf1MultiRNNCell"))
    assert "class Tf1GRUCell" not in got  # only what the module reads


def test_every_class_written_out_is_a_fixed_point_of_the_whole_run():
    got, _ = rewrite("""
        import tensorflow as tf

        cells = [tf.nn.rnn_cell.LSTMCell(4), tf.nn.rnn_cell.GRUCell(4), tf.nn.rnn_cell.BasicRNNCell(4)]
        stacked = tf.nn.rnn_cell.MultiRNNCell([tf.nn.rnn_cell.DropoutWrapper(cell) for cell in cells])
        basic = tf.nn.rnn_cell.BasicLSTMCell(4)
        x = tf.placeholder(tf.float32, [None, 3, 2])
    """)
    assert all(f"\nclass {name}" in got for name in HELPERS)
    assert rewrite(got)[0] == got


def test_the_network_restores_tf_1_15_s_checkpoint_and_computes_what_it_did(tmp_path):
    rng = np.random.default_rng(0)
    data = tmp_path / "data.npz"
    np.savez(data, sequences=rng.normal(size=(4, 5, 3)).astype("float32"), lengths=np.array([5, 3, 1, 4], "int32"))
    got, target = probe_under_both(legacy37(), SCRIPTS / "tf1_rnn_cells_probe.py", data, tmp_path,
                                   ("outputs", "c", "h", "gru", "basic", "basic_c", "forward", "backward", "static",
                                    "static_state", "after"))
    reference = np.load(tmp_path / "keras2.npz")
    assert list(got["names"]) == list(reference["names"])  # TF 1's variable names: the checkpoint restored
    assert {"rnn/multi_rnn_cell/cell_1/gru_cell/gates/kernel:0", "bi/bidirectional_rnn/fw/lstm_cell/w_f_diag:0",
            "static/rnn/named/candidate/bias:0"} <= set(got["names"])
    text = target.read_text()
    assert not re.search(r"(?:tf\.nn\.rnn_cell|rnn)\.\w+\(", text) and "import rnn" not in text
    assert "class Tf1LSTMCell(Tf1RNNCell):" in text
