"""tf1_graph_program: must-not-change cases first, then before/after, then the route across files, then executed."""

import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from migrate.codemod.engine import run
from migrate.codemod.registry import all_rules
from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

RULE = "tf1_graph_program"
PROGRAM = Path(__file__).parent / "scripts" / "tf1_graph"
ROOT = Path(__file__).parents[2]


def _run_tf(code: str) -> str:
    """`code` run by the installed TensorFlow 2 in a fresh process (eager execution may be turned off there)."""
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    assert done.returncode == 0, done.stderr[-2500:]
    return done.stdout


def test_tf2_code_compat_names_and_graph_only_reads_in_a_keras_module_stay():
    assert_unchanged("""
        import tensorflow as tf
        from tensorflow import keras

        x = tf.compat.v1.placeholder(tf.float32)
        w = tf.compat.v1.get_variable("w", [1])
        opt = tf.train.AdamOptimizer
        y = tf.nn.relu(x)
        model = keras.Sequential()
    """, RULE)


def test_names_that_run_eagerly_are_renamed_where_read_in_a_keras_module():
    # ibab/tensorflow-wavenet train.py, dennybritz/cnn-text-classification-tf train.py: flags and logging read
    assert_rewrites("""
        import tensorflow as tf
        import keras

        flags = tf.app.flags
        FLAGS = tf.app.flags.FLAGS
        tf.flags.DEFINE_string("data_dir", "data", "where the data is")
        tf.logging.set_verbosity(tf.logging.INFO)
        updates = tf.GraphKeys.UPDATE_OPS
        reuse = tf.AUTO_REUSE
    """, """
        import tensorflow as tf
        import keras

        flags = tf.compat.v1.flags
        FLAGS = tf.compat.v1.flags.FLAGS
        tf.compat.v1.flags.DEFINE_string("data_dir", "data", "where the data is")
        tf.compat.v1.logging.set_verbosity(tf.compat.v1.logging.INFO)
        updates = tf.compat.v1.GraphKeys.UPDATE_OPS
        reuse = tf.compat.v1.AUTO_REUSE
    """)


def test_the_eager_renames_run_with_eager_execution_on_in_tensorflow_2():
    out = _run_tf("""
        import tensorflow as tf
        import keras
        tf.compat.v1.flags.DEFINE_string("data_dir", "data", "where the data is")
        tf.compat.v1.flags.FLAGS(["prog"])
        tf.compat.v1.logging.set_verbosity(tf.compat.v1.logging.INFO)
        assert tf.executing_eagerly()
        print(tf.compat.v1.flags.FLAGS.data_dir, tf.compat.v1.GraphKeys.UPDATE_OPS, tf.compat.v1.AUTO_REUSE)
    """)
    assert out.split()[:2] == ["data", "update_ops"]


def test_a_name_that_runs_eagerly_imported_from_tensorflow_is_imported_from_compat_v1():
    # dataiku/dss-plugin-deeplearning-image python-lib/dku_deeplearning_image/tensorboard_handle.py:7
    assert_rewrites("""
        from tensorflow import logging

        def serve(verbosity=logging.WARN):
            logging.set_verbosity(verbosity)
    """, """
        from tensorflow.compat.v1 import logging

        def serve(verbosity=logging.WARN):
            logging.set_verbosity(verbosity)
    """, RULE)
    # TF2 names beside it, a graph-only name outside a graph program, and a name with a TF2 twin stay here
    assert_unchanged("""
        from tensorflow import keras, logging
        from tensorflow import placeholder
        from tensorflow import set_random_seed
        import keras
    """, RULE)
    assert _run_tf("""
        from tensorflow.compat.v1 import logging
        import tensorflow as tf
        logging.set_verbosity(logging.WARN)
        print(tf.executing_eagerly(), logging.get_verbosity() == logging.WARN)
    """).split() == ["True", "True"]


def test_a_graph_only_call_in_a_keras_module_is_still_reported():
    _, findings = rewrite("""
        import tensorflow as tf
        import keras

        x = tf.placeholder(tf.float32)
        with tf.variable_scope("s", reuse=tf.AUTO_REUSE):
            w = tf.get_variable("w", [1])
    """)
    reported = " ".join(f.message for f in findings if not f.advice)
    assert "tf.placeholder" in reported and "tensorflow.variable_scope" in reported and \
        "tensorflow.get_variable" in reported


def test_a_keras_free_graph_module_becomes_a_graph_program():
    # carpedm20/DCGAN-tensorflow model.py, shortened: placeholders, scoped variables, an optimizer, a session
    findings = assert_rewrites("""
        from __future__ import print_function
        import numpy as np
        import tensorflow as tf

        from ops import *

        def build(batch_size):
            x = tf.placeholder(tf.float32, [batch_size, 4], name="x")
            with tf.variable_scope("d", reuse=tf.AUTO_REUSE):
                w = tf.get_variable("w", [4, 1], initializer=tf.contrib.layers.xavier_initializer())
                b = tf.get_variable("b", [1], initializer=tf.constant_initializer(0.0))
            loss = tf.reduce_mean(tf.nn.dropout(tf.matmul(x, w) + b, keep_prob=0.5))
            tf.summary.scalar("loss", loss)
            step = tf.contrib.framework.get_or_create_global_step(graph=None)
            optim = tf.train.AdamOptimizer(0.001, beta1=0.5).minimize(loss, var_list=tf.trainable_variables())
            return x, loss, optim

        def train(x, loss, optim):
            with tf.Session() as sess:
                tf.global_variables_initializer().run()
                print(sess.run([loss, optim], {x: np.ones([2, 4])}))
    """, """
        from __future__ import print_function
        import numpy as np
        import tensorflow as tf

        from ops import *
        tf.compat.v1.disable_eager_execution()

        def build(batch_size):
            x = tf.compat.v1.placeholder(tf.float32, [batch_size, 4], name="x")
            with tf.compat.v1.variable_scope("d", reuse=tf.compat.v1.AUTO_REUSE):
                w = tf.compat.v1.get_variable("w", [4, 1], initializer=tf.compat.v1.glorot_uniform_initializer())
                b = tf.compat.v1.get_variable("b", [1], initializer=tf.compat.v1.constant_initializer(0.0))
            loss = tf.reduce_mean(tf.nn.dropout(tf.matmul(x, w) + b, rate=1 - 0.5))
            tf.compat.v1.summary.scalar("loss", loss)
            step = tf.compat.v1.train.get_or_create_global_step(graph=None)
            optim = tf.compat.v1.train.AdamOptimizer(0.001, beta1=0.5).minimize(loss, var_list=tf.compat.v1.trainable_variables())
            return x, loss, optim

        def train(x, loss, optim):
            with tf.compat.v1.Session() as sess:
                tf.compat.v1.global_variables_initializer().run()
                print(sess.run([loss, optim], {x: np.ones([2, 4])}))
    """)
    assert [f.rule for f in findings] == [RULE]
    assert findings[0].advice and findings[0].line == 4 and "eager execution is off" in findings[0].message


def test_a_graph_program_keeps_tf_print_in_its_graph_and_reports_no_session_advice():
    findings = assert_rewrites("""
        import tensorflow as tf

        x = tf.placeholder(tf.float32)
        x = tf.Print(x, [x], message="x")
        sess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))
    """, """
        import tensorflow as tf
        tf.compat.v1.disable_eager_execution()

        x = tf.compat.v1.placeholder(tf.float32)
        x = tf.compat.v1.Print(x, [x], message="x")
        sess = tf.compat.v1.Session(config=tf.compat.v1.ConfigProto(allow_soft_placement=True))
    """)
    assert [f.rule for f in findings] == [RULE]


def test_names_compat_v1_lacks_under_keras_3_stay_reported_in_a_graph_program():
    # affinelayer/pix2pix-tensorflow: tf.layers is Keras 2's in compat.v1, unavailable with Keras 3 (the functions
    # tf_layers_to_graph_functions writes out aside: conv3d_transpose is none of them; nor is ResidualWrapper one of the
    # cells rnn_cells_to_graph_classes writes out)
    got, findings = rewrite("""
        import tensorflow as tf

        x = tf.placeholder(tf.float32, [None, 8, 8, 8, 3])
        y = tf.layers.conv3d_transpose(x, 4, 3)
        z = tf.contrib.layers.layer_norm(y)
        cell = tf.nn.rnn_cell.ResidualWrapper(z)
    """)
    assert "tf.compat.v1.placeholder" in got and "tf.layers.conv3d_transpose" in got and \
        "tf.contrib.layers.layer_norm" in got and "tf.nn.rnn_cell.ResidualWrapper" in got
    left = " ".join(f.message for f in findings if not f.advice)
    assert "tf.layers.conv3d_transpose" in left and "tf.contrib.layers.layer_norm" in left and "ResidualWrapper" in left


def test_no_route_without_a_module_import_of_tensorflow_or_in_a_notebook_cell():
    assert_unchanged("""
        from tensorflow import placeholder, float32

        x = placeholder(float32)
    """, RULE)
    rules = [rule for rule in all_rules() if rule.NAME in (RULE, "tf1_names_to_tf2")]
    from migrate.codemod.engine import rewrite_source
    result = rewrite_source(b"import tensorflow as tf\nx = tf.placeholder(tf.float32)\n", "n.ipynb:cell 1", rules)
    assert result.rewritten == result.original


def _tree(tmp_path: Path, files: dict[str, str]) -> dict[str, str]:
    """The rewritten files of a run over `files` (all rules), by name."""
    for name, text in files.items():
        (tmp_path / name).write_text(textwrap.dedent(text))
    summary = run([tmp_path], all_rules())
    return {Path(r.path).name: r.rewritten.decode() for r in summary.results}


GRAPH_MODULE = """
    import tensorflow as tf

    def placeholders():
        return tf.placeholder(tf.float32, [None, 3])
"""


def test_no_route_for_a_module_a_keras_module_of_the_run_imports(tmp_path):
    out = _tree(tmp_path, {"graph_inputs.py": GRAPH_MODULE,
                           "train.py": "import keras\nfrom graph_inputs import placeholders\n"})
    assert "disable_eager_execution" not in out["graph_inputs.py"] and "tf.placeholder(" in out["graph_inputs.py"]


def test_no_route_for_a_module_that_imports_a_keras_module_of_the_run(tmp_path):
    out = _tree(tmp_path, {"graph_inputs.py": textwrap.dedent(GRAPH_MODULE) + "\nimport nets\n",
                           "nets.py": "from tensorflow.keras import layers\n"})
    assert "disable_eager_execution" not in out["graph_inputs.py"]


def test_a_summary_writer_module_a_keras_module_imports_keeps_eager_execution(tmp_path):
    # mokemokechicken/reversi-alpha-zero (the fifth hold-out): a logger of tf.summary.FileWriter and tf.Summary,
    # imported by a module using Keras. With no file of the run spelling placeholder, Session or get_variable, the
    # survey skipped the Keras links and the logger took the route: eager execution off in a Keras program (on the
    # second run, once the session preamble of another file was gone)
    out = _tree(tmp_path, {"tensorboard_logger.py": """
        import tensorflow as tf

        class TensorBoardLogger:
            def __init__(self, log_dir):
                self.writer = tf.summary.FileWriter(log_dir)

            def log(self, tag, value, step):
                self.writer.add_summary(tf.Summary(value=[tf.Summary.Value(tag=tag, simple_value=value)]), step)
    """, "self_play.py": "import keras\nfrom tensorboard_logger import TensorBoardLogger\n"})
    assert "disable_eager_execution" not in out["tensorboard_logger.py"]


def test_every_graph_module_of_a_keras_free_program_gets_the_line(tmp_path):
    out = _tree(tmp_path, {"graph_inputs.py": GRAPH_MODULE,
                           "train.py": "import tensorflow as tf\nfrom graph_inputs import placeholders\n"
                                       "sess = tf.Session()\n"})
    assert all("tf.compat.v1.disable_eager_execution()" in out[name] for name in ("graph_inputs.py", "train.py"))


def test_a_tf1_graph_training_program_rewritten_trains_on_tensorflow_2(tmp_path):
    """The two-module program of scripts/tf1_graph (runs as it is on TF 1.15), rewritten by the CLI, nothing
    left for review, then trained by TensorFlow 2.21 in a fresh process: its loss falls. A second run changes
    nothing."""
    folder = tmp_path / "program"
    shutil.copytree(PROGRAM, folder)
    done = subprocess.run([sys.executable, "-m", "migrate", "code", "--write", str(folder)], capture_output=True,
                          text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0 and "2 files changed" in done.stderr and ", 0 sites left for review," in done.stderr, \
        done.stderr
    assert done.stderr.count("eager execution is off for this program") == 2
    again = subprocess.run([sys.executable, "-m", "migrate", "code", "--check", str(folder)], capture_output=True,
                           text=True, timeout=300, cwd=ROOT)
    assert again.returncode == 0, again.stderr
    trained = subprocess.run([sys.executable, "train.py", "--steps", "150", "--logdir", str(tmp_path / "logs")],
                             capture_output=True, text=True, timeout=300, cwd=folder,
                             env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    assert trained.returncode == 0, trained.stderr[-2500:]
    first, last = map(float, re.search(r"first ([\d.]+) last ([\d.]+)", trained.stdout).groups())
    assert last < 0.6 * first
    assert list((tmp_path / "logs").glob("model.ckpt-150.index")) and list((tmp_path / "logs").glob("events.out.*"))


@pytest.mark.skipif(not Path("/tmp/legacy37/bin/python").exists(), reason="the TF 1.15 stack is not installed")
def test_the_program_as_written_runs_on_tensorflow_1(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "TF2_BEHAVIOR"}
    done = subprocess.run(["/tmp/legacy37/bin/python", "train.py", "--steps", "20", "--logdir", str(tmp_path)],
                          capture_output=True, text=True, timeout=300, cwd=PROGRAM,
                          env={**env, "TF_CPP_MIN_LOG_LEVEL": "3"})
    assert done.returncode == 0 and "first" in done.stdout, done.stderr[-2500:]


def test_keras_in_a_docstring_is_not_a_use_of_keras(tmp_path):
    # tkipf/gcn layers.py: "Implementation inspired by keras (http://keras.io)."
    out = _tree(tmp_path, {"layers.py": '"""Dense layer, inspired by keras (http://keras.io)."""\n'
                                        + textwrap.dedent(GRAPH_MODULE),
                           "train.py": "import tensorflow as tf\nfrom layers import placeholders\nsess = tf.Session()\n"})
    assert all("tf.compat.v1.disable_eager_execution()" in out[name] for name in ("layers.py", "train.py"))


def test_keras_s_numpy_utilities_alone_are_not_a_use_of_keras(tmp_path):
    # siavash-khodadadeh/meta-learning (fifty-second hold-out): a graph program whose data module imports only
    # `to_categorical` from Keras, a numpy function in Keras 3 that runs with eager execution off
    out = _tree(tmp_path, {"data.py": "import numpy as np\nfrom keras.utils import to_categorical\n"
                                      "from keras.datasets import mnist  # the files\n",
                           "train.py": "import tensorflow as tf\nfrom data import to_categorical\n"
                                       "x = tf.placeholder(tf.float32, [None, 3])\nsess = tf.Session()\n"
                                       "print(sess.run(x * 2, {x: to_categorical([0, 2, 1])}).sum())\n",
                           "keras_too.py": "import tensorflow as tf\nfrom keras.utils import to_categorical, Sequence\n"
                                           "x = tf.placeholder(tf.float32, [None, 3])\n"})
    assert "tf.compat.v1.disable_eager_execution()" in out["train.py"]
    assert "disable_eager_execution" not in out["keras_too.py"]  # Sequence is Keras's own
    for name in ("data.py", "train.py"):
        (tmp_path / name).write_text(out[name])
    done = subprocess.run([sys.executable, "train.py"], capture_output=True, text=True, timeout=300, cwd=tmp_path,
                          env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    assert done.returncode == 0 and done.stdout.strip() == "6.0", done.stderr[-2500:]


def test_tf1_dropout_keep_probability_becomes_tf2_rate():
    # tkipf/gcn layers.py: `tf.nn.dropout(x, 1-self.dropout)`, TF1's keep_prob; TF2 reads it as the rate to drop
    assert_rewrites("""
        import tensorflow as tf
        import keras

        flags = tf.app.flags
        a = tf.nn.dropout(x, 1-self.dropout)
        b = tf.nn.dropout(x, keep_prob=0.8)
        c = tf.nn.dropout(x, keep, [1, 3], 4)
        d = tf.nn.dropout(x, rate=0.2)
    """, """
        import tensorflow as tf
        import keras

        flags = tf.compat.v1.flags
        a = tf.nn.dropout(x, rate=1 - (1-self.dropout))
        b = tf.nn.dropout(x, rate=1 - 0.8)
        c = tf.nn.dropout(x, rate=1 - keep, noise_shape=[1, 3], seed=4)
        d = tf.nn.dropout(x, rate=0.2)
    """)


def test_a_second_dropout_argument_in_tf2_code_is_a_rate_and_stays():
    assert_unchanged("""
        import tensorflow as tf

        y = tf.nn.dropout(x, 0.2)
    """, RULE)


def test_the_dropout_rewrite_keeps_what_tf1_kept():
    out = _run_tf("""
        import numpy as np
        import tensorflow as tf
        x = tf.ones([1000, 100])
        kept = float(np.mean(tf.nn.dropout(x, rate=1 - 0.8).numpy() > 0))
        print(round(kept, 1), float(np.mean(tf.nn.dropout(x, rate=1 - 1.0).numpy() > 0)))
    """)
    assert out.split() == ["0.8", "1.0"]


def test_a_name_tf1_names_to_tf2_reports_as_graph_mode_stays_its_in_a_keras_module():
    # xuannianz/EfficientDet freeze_model.py: a frozen graph of a Keras model's session, reported with the v2 way
    _, findings = rewrite("""
        import tensorflow as tf
        from tensorflow.keras import backend as K

        frozen = tf.graph_util.convert_variables_to_constants(K.get_session(), graph_def, ["out"])
    """)
    assert any(f.rule == "tf1_names_to_tf2" and "convert_variables_to_constants" in f.message for f in findings)


def test_a_part_of_a_reported_graph_name_stays_with_it_in_a_keras_module():
    # germain-hug/Deep-RL-Keras utils/networks.py: tf.Summary is reported, its Value with it
    assert_unchanged("""
        import tensorflow as tf
        from keras.layers import Conv2D

        def summary(tag, val):
            return tf.Summary(value=[tf.Summary.Value(tag=tag, simple_value=val)])
    """, RULE)


KERAS_MODELS = "from tensorflow import keras\n\ndef build():\n    return keras.Sequential([keras.layers.Dense(1)])\n"


def _projects(tmp_path: Path, files: dict[str, str]) -> dict[str, str]:
    """The rewritten files of a run over a tree of `files` (all rules), by path relative to the tree."""
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(text))
    summary = run([tmp_path], all_rules())
    return {Path(r.path).relative_to(tmp_path).as_posix(): r.rewritten.decode() for r in summary.results}


def test_a_graph_project_beside_a_keras_project_with_the_same_module_names_takes_the_route(tmp_path):
    # tdeboissiere/DeepLearningImplementations: a repository of many projects, each with its own src/model/models.py
    # and src/utils/layers.py, found by `sys.path.append("../utils")`; the Keras-free ones were linked to the Keras
    # ones by their module names alone, and their graph code was left for review
    graph_main = "import sys\nimport tensorflow as tf\nsys.path.append('../utils')\nimport layers\nimport models\n" \
                 "sess = tf.Session()\n"
    out = _projects(tmp_path, {"gan_tf/src/model/train.py": graph_main,
                               "gan_tf/src/model/models.py": "import sys\nimport tensorflow as tf\n"
                                                             "sys.path.append('../utils')\nimport layers\n",
                               "gan_tf/src/utils/layers.py": GRAPH_MODULE,
                               "gan/src/model/train.py": "import sys\nsys.path.append('../utils')\nimport models\n",
                               "gan/src/model/models.py": KERAS_MODELS + "import layers\n",
                               "gan/src/utils/layers.py": GRAPH_MODULE})
    assert all("disable_eager_execution" in out[f"gan_tf/src/{name}"]
               for name in ("model/train.py", "utils/layers.py"))
    assert "disable_eager_execution" not in out["gan/src/utils/layers.py"]


def test_an_import_whose_folder_is_unknown_links_every_module_of_its_name(tmp_path):
    out = _projects(tmp_path, {"a/train.py": "import sys\nsys.path.append(LIBRARY)\nimport layers\n" + KERAS_MODELS,
                               "b/layers.py": GRAPH_MODULE, "c/layers.py": GRAPH_MODULE})
    assert not any("disable_eager_execution" in out[name] for name in ("b/layers.py", "c/layers.py"))


def test_an_import_of_another_package_links_no_module_of_the_run(tmp_path):
    # `from tensorflow.examples.tutorials.mnist import input_data` is TensorFlow's, not the run's input_data.py
    out = _projects(tmp_path, {"gan/train.py": "import tensorflow as tf\n"
                                               "from tensorflow.examples.tutorials.mnist import input_data\n"
                                               "x = tf.placeholder(tf.float32)\n",
                               "classifier/input_data.py": KERAS_MODELS})
    assert "disable_eager_execution" in out["gan/train.py"]


def test_a_relative_import_links_the_module_of_its_own_package(tmp_path):
    out = _projects(tmp_path, {"pkg/__init__.py": "", "pkg/train.py": "from .layers import placeholders\n" + KERAS_MODELS,
                               "pkg/layers.py": GRAPH_MODULE, "other/layers.py": GRAPH_MODULE})
    assert "disable_eager_execution" not in out["pkg/layers.py"]
    assert "disable_eager_execution" in out["other/layers.py"]


def test_a_graph_program_that_shares_only_a_keras_free_module_with_a_keras_project_takes_the_route(tmp_path):
    # a repository with a TF1 script and a Keras script that both read their data through data.py: no process
    # loads both, so the graph script's eager execution can go; data.py, which the Keras script loads, keeps it
    data = "import numpy as np\n\ndef batches(n):\n    return np.zeros((n, 3))\n"
    out = _projects(tmp_path, {"train_tf.py": "import tensorflow as tf\nimport data\n"
                                              "x = tf.placeholder(tf.float32, [None, 3])\nsess = tf.Session()\n",
                               "train_keras.py": KERAS_MODELS + "import data\n",
                               "data.py": data + "import tensorflow as tf\nlabels = tf.placeholder(tf.int32)\n"})
    assert "tf.compat.v1.disable_eager_execution()" in out["train_tf.py"]
    assert "x = tf.compat.v1.placeholder(tf.float32, [None, 3])" in out["train_tf.py"]
    assert "disable_eager_execution" not in out["data.py"] and "disable_eager_execution" not in out["train_keras.py"]


def test_a_module_that_imports_one_importing_keras_is_linked(tmp_path):
    # utils.py imports the Keras models.py: a graph script importing utils runs Keras in its process
    out = _projects(tmp_path, {"train_tf.py": "import tensorflow as tf\nimport utils\nsess = tf.Session()\n",
                               "utils.py": "import models\n", "models.py": KERAS_MODELS})
    assert "disable_eager_execution" not in out.get("train_tf.py", "")


GRAPH_NOTEBOOK = [
    "import numpy as np\nimport tensorflow as tf\n%matplotlib inline",
    "np.random.seed(0)\nxs = np.random.normal(size=(32, 3)).astype('float32')\n"
    "ys = xs @ np.array([[1.0], [-2.0], [0.5]], 'float32')",
    "x = tf.placeholder(tf.float32, [None, 3])\ny = tf.placeholder(tf.float32, [None, 1])\n"
    "with tf.variable_scope('linear'):\n    w = tf.get_variable('w', [3, 1], initializer=tf.zeros_initializer())\n"
    "loss = tf.reduce_mean(tf.square(tf.matmul(x, w) - y))\nstep = tf.train.GradientDescentOptimizer(0.1).minimize(loss)",
    "losses = []\nwith tf.Session() as sess:\n    sess.run(tf.global_variables_initializer())\n    for _ in range(5):\n"
    "        losses.append(float(sess.run([loss, step], {x: xs, y: ys})[0]))\nprint(losses)",
]


def _notebook(path: Path, cells: list[str]) -> None:
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_markdown_cell("A TF1 tutorial")] + [nbformat.v4.new_code_cell(c) for c in cells]
    path.write_text(nbformat.writes(notebook))


def _rewritten(path: Path):
    """The run over `path` (all rules), its rewrite written back as `--write` does."""
    summary = run([path], all_rules())
    for result in summary.results:
        Path(result.path).write_bytes(result.rewritten)
    return summary


def _cells(path: Path) -> list[str]:
    import nbformat

    return [cell.source for cell in nbformat.reads(path.read_text(), as_version=4).cells if cell.cell_type == "code"]


def test_a_keras_free_graph_notebook_takes_the_route_as_one_program(tmp_path):
    # Representation-Learning-for-NLP's BiGram/CBOW/SkipGram notebooks, Coursera's TensorFlow_Tutorial: TF1 graph code
    # cell after cell; the line goes in the cell that imports TensorFlow, every cell's names are compat.v1's
    notebook = tmp_path / "tutorial.ipynb"
    _notebook(notebook, GRAPH_NOTEBOOK)
    summary = _rewritten(notebook)
    assert summary.results[0].error is None
    cells = _cells(notebook)
    assert "import tensorflow as tf\ntf.compat.v1.disable_eager_execution()\n%matplotlib inline" in cells[0], cells[0]
    assert "tf.compat.v1.placeholder" in cells[2] and "tf.compat.v1.variable_scope('linear')" in cells[2] and \
        "tf.compat.v1.train.GradientDescentOptimizer" in cells[2] and "tf.compat.v1.Session()" in cells[3]
    assert sum("disable_eager_execution" in cell for cell in cells) == 1
    left = [f for r in summary.results for f in r.findings if not f.advice]
    assert left == [], left
    second = run([notebook], all_rules())  # a second run changes nothing: the notebook now turns eager execution off
    assert not second.results[0].changed and second.sites_converted == 0


def test_no_route_for_a_notebook_that_uses_keras_or_imports_a_keras_module_of_the_run(tmp_path):
    for extra, files in (("import keras", {}), ("from models import build", {"models.py": "import keras\n"})):
        folder = tmp_path / str(len(extra))
        folder.mkdir()
        for name, text in files.items():
            (folder / name).write_text(text)
        _notebook(folder / "mixed.ipynb", [GRAPH_NOTEBOOK[0] + "\n" + extra, *GRAPH_NOTEBOOK[1:]])
        _rewritten(folder)
        assert not any("disable_eager_execution" in cell for cell in _cells(folder / "mixed.ipynb")), extra


@pytest.mark.skipif(not Path("/tmp/legacy37/bin/python").exists(), reason="the TF 1.15 stack is not installed")
def test_the_rewritten_graph_notebook_trains_as_tf_1_15_did(tmp_path):
    notebook = tmp_path / "tutorial.ipynb"
    _notebook(notebook, GRAPH_NOTEBOOK)

    def script(cells: list[str]) -> str:  # the kernel runs the cells in one namespace, in order
        return "\n".join(line for cell in cells for line in cell.splitlines() if not line.startswith("%")) + "\n"

    (tmp_path / "before.py").write_text(script(GRAPH_NOTEBOOK))
    old = subprocess.run(["/tmp/legacy37/bin/python", "before.py"], capture_output=True, text=True, timeout=300,
                         cwd=tmp_path, env={k: v for k, v in os.environ.items() if k != "TF2_BEHAVIOR"})
    assert old.returncode == 0, old.stderr[-2000:]
    _rewritten(notebook)
    (tmp_path / "after.py").write_text(script(_cells(notebook)))
    new = subprocess.run([sys.executable, "after.py"], capture_output=True, text=True, timeout=300, cwd=tmp_path,
                         env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    assert new.returncode == 0, new.stderr[-2000:]
    before, after = (eval(out.stdout.strip().splitlines()[-1]) for out in (old, new))  # noqa: S307 - our own print
    assert len(before) == 5 and before[0] > before[-1]
    assert after == pytest.approx(before, rel=1e-6, abs=1e-6)


def test_a_tf1_files_v2_cross_entropy_is_left_as_the_tables_name_it_on_a_second_run():
    """duartegalvao/Image-Colorization-with-Deep-Learning VAC_GAN/model.py: `_v2` becomes TF2's name; a rule that
    wrapped TF1's function's labels in stop_gradient (TF1's v1 stopped their gradient) took those for TF1's on a
    second run: a TF2 name in a TF1 file is ambiguous after a first run, so neither is wrapped."""
    before = """
        import tensorflow as tf

        x = tf.placeholder(tf.float32, [None, 3])
        y = tf.placeholder(tf.float32, [None, 3])
        loss = tf.nn.softmax_cross_entropy_with_logits_v2(logits=x, labels=y)
    """
    got, _ = rewrite(before)
    assert "tf.nn.softmax_cross_entropy_with_logits(logits=x, labels=y)" in got
    assert rewrite(got)[0] == got


def test_a_graph_notebook_whose_import_of_tensorflow_ends_in_a_comment_takes_the_route(tmp_path):
    # megvii-research/tf-tutorials notebooks/00-a-plus-b.ipynb (fifty-fourth hold-out): `import tensorflow as tf #First,
    # import the tensorflow library under the alias tf`
    notebook = tmp_path / "a_plus_b.ipynb"
    _notebook(notebook, ["import tensorflow as tf #First, import the tensorflow library under the alias tf",
                         "a = tf.constant(1)\nb = tf.constant(2)\nresult = tf.add(a, b)",
                         "sess = tf.Session()\nprint(sess.run(result))\nsess.close()"])
    summary = _rewritten(notebook)
    cells = _cells(notebook)
    assert cells[0].endswith("tf #First, import the tensorflow library under the alias tf\n"
                             "tf.compat.v1.disable_eager_execution()"), cells[0]
    assert "sess = tf.compat.v1.Session()" in cells[2]
    assert [f for r in summary.results for f in r.findings if not f.advice] == []


def test_a_graph_notebook_importing_the_runs_keras_free_modules_takes_the_route(tmp_path):
    # kyle-dorman/CarND-Traffic-Sign-Classifier-Project (fifty-fifth hold-out): Udacity's LeNet notebook imports the
    # run's own helpers (`from reusable import load`), none of which names Keras or TensorFlow; it was left as a
    # program linked to Keras because such a run's survey had not worked the links out
    (tmp_path / "reusable").mkdir()
    (tmp_path / "reusable" / "__init__.py").write_text("")
    (tmp_path / "reusable" / "load.py").write_text("import pickle\n\ndef train(path):\n    return pickle.load(open(path, 'rb'))\n")
    _notebook(tmp_path / "lenet.ipynb", [GRAPH_NOTEBOOK[0] + "\nfrom reusable import load", *GRAPH_NOTEBOOK[1:]])
    summary = _rewritten(tmp_path)
    cells = _cells(tmp_path / "lenet.ipynb")
    assert sum("disable_eager_execution" in cell for cell in cells) == 1
    assert [f for r in summary.results for f in r.findings if not f.advice] == []


# OpenAI's improved-GAN inception_score.py (copied by WGAN-GP-tensorflow, fifty-fourth hold-out, and many GAN projects):
# a frozen graph imported into the default graph, then ops built on its tensors, then sessions that run them
INCEPTION_SCORE = """
    import os
    import numpy as np
    import tensorflow as tf

    softmax = None

    def get_score(images):
        with tf.Session() as sess:
            return sess.run(softmax, {'ExpandDims:0': images})

    def _init_inception():
        global softmax
        with tf.gfile.FastGFile('classify_image_graph_def.pb', 'rb') as f:
            graph_def = tf.GraphDef()
            graph_def.ParseFromString(f.read())
            _ = tf.import_graph_def(graph_def, name='')
        with tf.Session() as sess:
            pool3 = sess.graph.get_tensor_by_name('pool_3:0')
            w = sess.graph.get_operation_by_name("softmax/logits/MatMul").inputs[1]
            logits = tf.matmul(tf.squeeze(pool3, [1, 2]), w)
            softmax = tf.nn.softmax(logits)

    if softmax is None:
        _init_inception()
    print([[round(float(v), 6) for v in row] for row in get_score(np.ones((2, 3), np.float32))])
"""


def test_a_frozen_graph_whose_tensors_build_ops_takes_the_graph_route():
    got, findings = rewrite(INCEPTION_SCORE)
    assert "tf.compat.v1.disable_eager_execution()" in got and got.count("tf.compat.v1.Session()") == 2
    assert [f for f in findings if not f.advice] == []


def test_the_rewritten_inception_score_runs_the_frozen_graph_under_tensorflow_2(tmp_path):
    import tensorflow as tf

    graph = tf.Graph()
    with graph.as_default():
        images = tf.compat.v1.placeholder(tf.float32, [None, 3], name="ExpandDims")
        tf.reshape(images * 2.0, [-1, 1, 1, 3], name="pool_3")
        weights = tf.constant([[1.0, 0.0], [0.0, 1.0], [0.0, 1.0]])
        with tf.compat.v1.name_scope("softmax/logits"):
            tf.matmul(tf.reshape(images, [-1, 3]), weights, name="MatMul")
    (tmp_path / "classify_image_graph_def.pb").write_bytes(graph.as_graph_def().SerializeToString())
    (tmp_path / "score.py").write_text(rewrite(INCEPTION_SCORE)[0])
    done = subprocess.run([sys.executable, "score.py"], cwd=tmp_path, capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"))
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1] == "[[0.119203, 0.880797], [0.119203, 0.880797]]"  # softmax of (2, 4)


def test_tensorflow_imported_after_a_block_that_finds_the_project_takes_the_route_the_line_after_it():
    # Tensorflow-Implementation-of-Triple-GAN's Model/*.py (fifty-second hold-out)
    assert_rewrites("""
        import sys, os
        if os.getcwd().endswith("Triple-GAN"):
            root_dir = os.getcwd()
        else:
            root_dir = os.path.dirname(os.getcwd())
        sys.path.append(root_dir)
        import tensorflow as tf
        from Model import model_base

        x = tf.placeholder(tf.float32, [None, 3])
    """, """
        import sys, os
        if os.getcwd().endswith("Triple-GAN"):
            root_dir = os.getcwd()
        else:
            root_dir = os.path.dirname(os.getcwd())
        sys.path.append(root_dir)
        import tensorflow as tf
        from Model import model_base
        tf.compat.v1.disable_eager_execution()

        x = tf.compat.v1.placeholder(tf.float32, [None, 3])
    """, "tf1_graph_program")


def test_tensorflow_imported_after_a_function_takes_no_route():
    assert_unchanged("""
        def helper():
            return 1
        import tensorflow as tf

        x = tf.placeholder(tf.float32, [None, 3])
    """, "tf1_graph_program")


# two-face-inpainting's trainer (sixty-first hold-out), as TensorFlow's 2018 DCGAN tutorial wrote it: TF 1.x eager
# execution turned on first, then tf.train's optimizer and global step, a tape's gradients applied.
EAGER_PROGRAM = """
    import tensorflow as tf
    tf.enable_eager_execution()

    w = tf.Variable(3.0)
    step = tf.train.get_or_create_global_step()
    optimizer = tf.train.AdamOptimizer(0.1)


    @tf.contrib.eager.defun
    def loss_of(x):
        return (w * x - 6.0) ** 2


    for _ in range(3):
        with tf.GradientTape() as tape:
            loss = loss_of(tf.constant(1.0))
        optimizer.apply_gradients(zip(tape.gradient(loss, [w]), [w]), global_step=step)
    print(int(step.numpy()), round(float(w.numpy()), 4))
"""


def test_a_tf1_eager_program_keeps_eager_execution_and_takes_compat_v1s_names():
    got, findings = rewrite(EAGER_PROGRAM)
    assert "disable_eager_execution" not in got, got
    assert "step = tf.compat.v1.train.get_or_create_global_step()" in got and \
        "optimizer = tf.compat.v1.train.AdamOptimizer(0.1)" in got and "@tf.function" in got, got
    assert not [f for f in findings if not f.advice], findings
    # TF 1.15 gives "3 3.2996" for the program as written: Adam's first three steps of 0.1 from 3.0 towards 6.0
    assert _run_tf(got).split() == ["3", "3.2996"]


def test_a_notebook_that_turns_eager_execution_on_takes_compat_v1s_names_in_every_cell(tmp_path):
    notebook = tmp_path / "eager.ipynb"
    _notebook(notebook, ["import tensorflow as tf\ntf.enable_eager_execution()",
                         "step = tf.train.get_or_create_global_step()\nopt = tf.train.AdamOptimizer(1e-4)"])
    summary = _rewritten(notebook)
    cells = _cells(notebook)
    assert not any("disable_eager_execution" in cell for cell in cells), cells
    assert "tf.compat.v1.train.get_or_create_global_step()" in cells[1] and \
        "tf.compat.v1.train.AdamOptimizer(1e-4)" in cells[1], cells
    assert not [f for r in summary.results for f in r.findings if not f.advice]
