"""layer_initial_weights: must-not-change cases first, then before/after, then what is reported, then the numbers:
each rewritten layer against what Keras 2.3.1 computed with the same weights, and a converter-shaped script run."""

import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from migrate.codemod.rules.layer_initial_weights import HELPER, SAME_LAYOUT, WEIGHTS_KEYWORD
from tests.codemod.helpers import (
    assert_rewrites,
    assert_unchanged,
    legacy_env,
    rewrite,
    rewritten_copy,
    trained_on_cpus,
)
from tests.conftest import ROOT

RULE = "layer_initial_weights"
DATA = Path(__file__).parent / "data"
HEADER = "from keras.layers import Dense\nimport functools\n\n\n" + HELPER.lstrip("\n") + "\n\n"


def test_calls_that_are_not_keras_layers_given_weights_stay():
    assert_unchanged("""
        from keras.layers import Dense, Embedding, Bidirectional, LSTM
        layer = Dense(4)
        w = layer.get_weights()
        model.load_weights('m.h5')
        loss = weighted(y, weights=w)
        e = Embedding(10, 4, weights=[matrix])
        model.fit(x, y, sample_weight=weights)
    """, RULE)


def test_a_layer_given_weights_is_made_by_the_helper_which_goes_into_the_file_once():
    got, findings = rewrite("from keras.layers import Dense\n"
                            "a = Dense(4, activation='relu', weights=[W, b])(x)\n"
                            "b = Dense(2, weights=fc_weights, name='fc')(a)\n", RULE)
    assert got == HEADER + ("a = with_initial_weights(Dense(4, activation='relu'), [W, b])(x)\n"
                            "b = with_initial_weights(Dense(2, name='fc'), fc_weights)(a)\n") and findings == []
    assert rewrite(got, RULE)[0] == got


def test_the_converters_layout_keeps_its_lines_and_drops_the_redundant_parentheses():
    got, findings = rewrite("""
        from keras.layers import BatchNormalization, Conv2D


        def convert(prev_layer, conv_weights, bn_weight_list, batch_normalize, size):
            conv_layer = (Conv2D(
                filters, (size, size),
                use_bias=not batch_normalize,
                weights=conv_weights,
                padding=padding))(prev_layer)
            if batch_normalize:
                conv_layer = (BatchNormalization(
                    weights=bn_weight_list))(conv_layer)
            x = Conv2D(filters=128, kernel_size=3, strides=2,
                       weights = old.layers[2].get_weights())(conv_layer)
            return x
    """, RULE)
    assert findings == []
    assert got.endswith(textwrap.dedent("""
        def convert(prev_layer, conv_weights, bn_weight_list, batch_normalize, size):
            conv_layer = with_initial_weights(Conv2D(
                filters, (size, size),
                use_bias=not batch_normalize,
                padding=padding), conv_weights)(prev_layer)
            if batch_normalize:
                conv_layer = with_initial_weights(BatchNormalization(), bn_weight_list)(conv_layer)
            x = with_initial_weights(Conv2D(filters=128, kernel_size=3, strides=2),
                       old.layers[2].get_weights())(conv_layer)
            return x
    """))
    assert got.startswith("\nfrom keras.layers import BatchNormalization, Conv2D\nimport functools\n\n\ndef with_initial")
    assert "    return layer\n\n\ndef convert(" in got


def test_a_keras_2_gru_keeps_keras_2s_bias_layout_and_tf_keras_2s_is_keras_3s():
    got, _ = rewrite("from keras.layers import GRU\nr = GRU(3, return_sequences=True, weights=w)(x)\n"
                     "s = GRU(3, reset_after=True, weights=w)(x)\n", RULE)
    assert "r = with_initial_weights(GRU(3, return_sequences=True, reset_after=False), w)(x)" in got
    assert "s = with_initial_weights(GRU(3, reset_after=True), w)(x)" in got
    got, _ = rewrite("from tensorflow.keras.layers import GRU\nr = GRU(3, weights=w)(x)\n", RULE)
    assert "r = with_initial_weights(GRU(3), w)(x)" in got


def test_weights_that_keras_2_never_set_are_dropped_with_advice():
    # Keras 2.3.1's TimeDistributed and every Bidirectional built the inner layer themselves: weights= never reached it
    findings = assert_rewrites("""
        from keras.layers import TimeDistributed, Bidirectional, Dense, LSTM
        x = TimeDistributed(Dense(fc_size, name='fc1', activation='relu',
                                  weights=loaded_model.layers[1].get_weights()))(x)
        y = Bidirectional(LSTM(4, weights=w), merge_mode='sum')(x)
        z = Dense(4, weights=None)(y)
    """, """
        from keras.layers import TimeDistributed, Bidirectional, Dense, LSTM
        x = TimeDistributed(Dense(fc_size, name='fc1', activation='relu'))(x)
        y = Bidirectional(LSTM(4), merge_mode='sum')(x)
        z = Dense(4)(y)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(3, True), (5, True)]
    assert "never set it on a Dense inside TimeDistributed" in findings[0].message


def test_a_layer_given_weights_and_wrapped_through_a_name_is_reported():
    findings = assert_unchanged("""
        from keras.layers import TimeDistributed, Dense
        dense = Dense(4, weights=w)
        x = TimeDistributed(dense)(x)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(3, False)] and "gives to TimeDistributed by name" in \
        findings[0].message
    got, findings = rewrite("from tensorflow.keras.layers import TimeDistributed, Dense\n"
                            "dense = Dense(4, weights=w)\nx = TimeDistributed(dense)(x)\n", RULE)
    assert "dense = with_initial_weights(Dense(4), w)" in got and findings == []


def test_tf_keras_time_distributed_set_the_weights_so_the_helper_does():
    got, findings = rewrite("from tensorflow.keras.layers import TimeDistributed, Dense\n"
                            "x = TimeDistributed(Dense(4, weights=w))(x)\n", RULE)
    assert "x = TimeDistributed(with_initial_weights(Dense(4), w))(x)" in got and findings == []


def test_bidirectional_weights_stay_and_are_advised_other_layers_are_reported():
    findings = assert_unchanged("""
        from keras.layers import Bidirectional, LSTM, LocallyConnected2D
        y = Bidirectional(LSTM(4), weights=w)(x)
        z = LocallyConnected2D(4, 3, weights=w)(x)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(3, True), (4, False)]
    assert "LocallyConnected2D(weights=)" in findings[1].message


def test_a_file_with_its_own_with_initial_weights_is_reported():
    findings = assert_unchanged("""
        from keras.layers import Dense
        def with_initial_weights(layer, w):
            return layer
        y = Dense(4, weights=w)(x)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(5, False)]


def test_every_layer_of_the_same_layout_is_a_keras_3_layer():
    import keras
    assert all(hasattr(keras.layers, name) for name in SAME_LAYOUT)


REFERENCES = DATA / "keras231_layer_weights_refs.npz"


def test_each_rewritten_layer_computes_what_keras_2_3_1_computed_with_the_same_weights():
    """tests/codemod/data/keras2_layer_weights.py, run as it is by Keras 2.3.1 (make_keras231_weights_refs.py), and
    rewritten by every rule, by Keras 3: Dense, Conv1D/2D/3D (use_bias a non-literal, True and False),
    Conv2DTranspose, BatchNormalization (and scale=False, center=False), DepthwiseConv2D, SeparableConv2D, LSTM, GRU
    (reset_after False and True), SimpleRNN, PReLU, a Sequential, an Embedding (which Keras 3 still takes)."""
    source, findings = rewrite((DATA / "keras2_layer_weights.py").read_text())
    # (embedding_input_length puts the Sequential's input first, as Keras 2 made it of input_length)
    assert "weights=[" not in source.replace("keras.Input(shape=(4,)), Embedding(6, 3, weights=[", "") and \
        not [f for f in findings if not f.advice]
    namespace: dict = {"__name__": "keras2_layer_weights"}
    exec(compile(source, "keras2_layer_weights.py", "exec"), namespace)
    ref = np.load(REFERENCES)
    assert sorted(namespace["MODELS"]) == sorted(k for k in ref.files if not k.endswith("_input"))
    for name, (model, inputs) in namespace["MODELS"].items():
        np.testing.assert_array_equal(inputs, ref[name + "_input"])
        np.testing.assert_allclose(model.predict(inputs, verbose=0), ref[name], rtol=1e-4, atol=1e-6, err_msg=name)


SCRIPT = Path(__file__).parent / "scripts" / "layer_weights_train.py"


@pytest.mark.parametrize("gpus", ["2"])
def test_a_converter_shaped_script_runs_under_mirrored_strategy_saves_and_reloads(tmp_path, gpus):
    target = rewritten_copy(SCRIPT, tmp_path)
    assert not WEIGHTS_KEYWORD.search(target.read_bytes())
    stdout = trained_on_cpus(target, gpus, str(tmp_path / "m"))
    for check in ("weights set", "reloaded", "built by fit", "subclassed"):
        assert f"{check} True" in stdout, stdout


LEGACY = Path("/tmp/legacy37/bin/python")
CONVERTER = Path("/work/repos/c19/qqwweee+keras-yolo3/convert.py")
TINY_CFG = """[net]
decay=0.0005

[convolutional]
batch_normalize=1
filters=4
size=3
stride=1
pad=1
activation=leaky

[convolutional]
filters=6
size=1
stride=1
pad=1
activation=linear

[convolutional]
batch_normalize=1
filters=5
size=3
stride=2
pad=1
activation=leaky
"""
LEGACY_RUN = """
import runpy, sys
import numpy as np
sys.argv = ['convert.py', 'tiny.cfg', 'tiny.weights', sys.argv[1]]
runpy.run_path('convert.py', run_name='__main__')
from keras.models import load_model
np.save(sys.argv[3] + '.npy', load_model(sys.argv[3]).predict(np.load('x.npy')))
"""


@pytest.mark.skipif(not (LEGACY.exists() and CONVERTER.exists()), reason="needs /tmp/legacy37 and the keras-yolo3 checkout")
def test_qqwweee_keras_yolo3_convert_py_rewritten_builds_the_model_keras_2_3_1_built(tmp_path):
    """The real converter (qqwweee/keras-yolo3 convert.py, not in this repository) on a tiny Darknet cfg and random
    .weights: run as it is by Keras 2.3.1, and after `migrate code --write` by Keras 3; the two saved models give the
    same outputs. (`np.product`, which NumPy 2 removed, is NumPy's matter, not Keras': aliased for the Keras 3 run.)"""
    rng = np.random.RandomState(0)
    (tmp_path / "tiny.cfg").write_text(TINY_CFG)
    floats = [4 + 3 * 4 + 4 * 3 * 9, 6 + 6 * 4, 5 + 3 * 5 + 5 * 6 * 9]  # bias, [bn], kernel of each convolution
    header = np.array([0, 2, 0], "int32").tobytes() + np.zeros(1, "int64").tobytes()
    (tmp_path / "tiny.weights").write_bytes(header + rng.uniform(0.2, 1.0, sum(floats)).astype("float32").tobytes())
    np.save(tmp_path / "x.npy", rng.uniform(-1, 1, (2, 8, 8, 3)).astype("float32"))
    shutil.copy(CONVERTER, tmp_path / "convert.py")
    env = legacy_env()
    legacy = subprocess.run([str(LEGACY), "-c", LEGACY_RUN, "k2.h5"], capture_output=True, text=True, timeout=300,
                            cwd=tmp_path, env=env)
    assert legacy.returncode == 0, legacy.stderr[-2000:]
    done = subprocess.run([sys.executable, "-m", "migrate", "code", "--write", str(tmp_path / "convert.py")],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0 and ", 0 sites left for review," in done.stderr, done.stderr
    run = subprocess.run([sys.executable, "-c", "import numpy; numpy.product = numpy.prod\n" + LEGACY_RUN, "k3.h5"],
                         capture_output=True, text=True, timeout=300, cwd=tmp_path, env=env)
    assert run.returncode == 0, run.stderr[-2000:]
    reference, got = np.load(tmp_path / "k2.h5.npy"), np.load(tmp_path / "k3.h5.npy")
    assert reference.shape == got.shape == (2, 4, 4, 5)
    np.testing.assert_allclose(got, reference, rtol=1e-6, atol=1e-4)


def test_the_helper_refuses_a_wrong_count_or_shape_as_keras_2s_set_weights_did():
    import functools

    import keras
    namespace = {"functools": functools}
    exec(HELPER, namespace)
    kernel, bias = np.ones((3, 4), "float32"), np.zeros(4, "float32")
    for weights, says in (([kernel], "no array of shape (4,)"), ([kernel, bias, bias], "1 more array(s)"),
                          ([kernel.T, bias], "no array of shape (3, 4)")):
        with pytest.raises(ValueError, match=re.escape(says)):
            namespace["with_initial_weights"](keras.layers.Dense(4), weights)(keras.Input((3,)))
    layer = namespace["with_initial_weights"](keras.layers.Dense(4), [kernel, bias])
    layer(keras.Input((3,)))
    assert "add_weight" not in vars(layer) and np.array_equal(layer.get_weights()[0], kernel)


def test_layers_under_other_names_are_still_seen_and_applications_cost_no_scope_analysis(monkeypatch):
    """`_may_be_layer` answers from the spelling where no name can be a layer's (`VGG16(weights='imagenet')`): no
    scope analysis. A layer imported under another name, through a module alias, or re-exported by a module of the
    run is still rewritten."""
    from libcst.metadata import ScopeProvider

    from migrate.codemod import analysis
    from migrate.codemod.engine import rewrite_source
    from migrate.codemod.factories import survey
    from migrate.codemod.registry import all_rules

    made = []
    table = analysis.Analysis.table
    monkeypatch.setattr(analysis.Analysis, "table", lambda self, provider: (made.append(provider), table(self, provider))[1])
    assert_unchanged("""
        from keras.applications.vgg16 import VGG16
        import keras
        base = VGG16(weights='imagenet', include_top=False)
        other = keras.applications.ResNet50(weights=None)
    """, RULE)
    assert ScopeProvider not in made
    for source in ("from keras.layers import Dense as D\nlayer = D(4, weights=w)\n",
                   "import keras.layers as KL\nlayer = KL.Dense(4, weights=w)\n",
                   "from keras import layers\nlayer = layers.Dense(4, weights=w)\n"):
        got, _ = rewrite(source, RULE)
        assert "with_initial_weights(" in got and "weights=w" not in got, source
    assert ScopeProvider in made
    utils = b"from keras.layers import Dense as Fully\n"
    train = b"from utils import Fully as F\nlayer = F(4, weights=w)\n"
    rules = [rule for rule in all_rules() if rule.NAME == RULE]
    result = rewrite_source(train, "train.py", rules, survey([("utils.py", utils), ("train.py", train)]))
    assert b"with_initial_weights(F(4), w)" in result.rewritten


def test_time_distributed_given_weights_is_made_by_the_helper_from_its_layer():
    # coxlab/prednet kitti_train.py:60: Keras 2's TimeDistributed.set_weights was its layer's (Dense: kernel, bias);
    # the values: test_each_rewritten_layer_computes_what_keras_2_3_1_computed_with_the_same_weights ('time_distributed')
    got, findings = rewrite("from keras.layers import TimeDistributed, Dense\n"
                            "e = TimeDistributed(Dense(1, trainable=False), weights=[w, np.zeros(1)], trainable=False)(x)\n",
                            RULE)
    assert got.endswith("\ne = with_initial_weights(TimeDistributed(Dense(1, trainable=False), trainable=False), "
                        "[w, np.zeros(1)])(x)\n") and findings == []
    findings = assert_unchanged("""
        from keras.layers import TimeDistributed, LocallyConnected1D
        e = TimeDistributed(LocallyConnected1D(2, 3), weights=w)(x)
    """, RULE)
    assert [f.line for f in findings] == [3] and "TimeDistributed(weights=)" in findings[0].message
