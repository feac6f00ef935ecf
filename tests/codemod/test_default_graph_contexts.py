"""default_graph_contexts: must-not-change cases first, then before/after, then the rewritten Flask idiom run."""

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.codemod.helpers import assert_rewrites, legacy37, legacy_env, rewrite, rewritten_copy

RULE = "default_graph_contexts"
APP = Path(__file__).parent / "data" / "flask_default_graph_app.py"


def _left(findings: list) -> list[int]:
    """The lines this rule reported."""
    return sorted(finding.line for finding in findings if finding.rule == RULE and not finding.advice)


def test_a_new_graph_or_another_graph_stays_unreported():
    source = """
        import tensorflow as tf

        g = tf.Graph()
        with g.as_default():
            x = tf.constant(1)
        with sess.graph.as_default():
            pass
        with tf.Graph().as_default():
            pass
    """
    got, findings = rewrite(source, RULE)
    assert got == textwrap.dedent(source) and not _left(findings)


def test_a_default_graph_read_otherwise_stays_and_is_reported():
    source = """
        import tensorflow as tf

        graph = tf.get_default_graph()

        def predict(x):
            with graph.as_default():
                return graph.get_tensor_by_name('out:0')

        def frozen():
            g = tf.compat.v1.get_default_graph()
            g.finalize()
            with g.as_default():
                pass

        with tf.get_default_graph().as_default() as h:
            pass

        mixed = tf.get_default_graph()
        mixed = tf.Graph()
        with mixed.as_default():
            pass
    """
    got, findings = rewrite(source, RULE)
    assert got == textwrap.dedent(source)
    assert _left(findings) == [7, 13, 16, 21]


def test_a_self_graph_another_object_reads_stays_reported():
    source = """
        from keras import backend as K

        class Server:
            def __init__(self):
                self.graph = K.get_session().graph

            def predict(self, x):
                with self.graph.as_default():
                    return self.model.predict(x)

        server = Server()
        print(server.graph)
    """
    got, findings = rewrite(source, RULE)
    assert got == textwrap.dedent(source) and _left(findings) == [9]


def test_the_flask_idiom_loses_the_graph():
    findings = assert_rewrites("""
        import tensorflow as tf
        from keras.models import load_model

        graph = tf.get_default_graph()  # for the request threads
        model = load_model('model.h5')

        def predict(x):
            global graph
            with graph.as_default():
                # one request
                preds = model.predict(x)
            return preds
    """, """
        import tensorflow as tf
        from keras.models import load_model

        model = load_model('model.h5')

        def predict(x):
            # one request
            preds = model.predict(x)
            return preds
    """, RULE)
    assert not _left(findings)


def test_direct_default_graphs_and_other_items():
    assert_rewrites("""
        import tensorflow as tf
        import keras.backend as K
        from tensorflow.keras.backend import get_session

        def predict(model, x):
            with tf.get_default_graph().as_default():  # threads
                y = model.predict(x)
            with K.get_session().graph.as_default(), open('log') as log:
                log.write(str(y))
            with open('log') as log, tf.compat.v1.get_default_graph().as_default():
                log.write(str(y))
            with get_session().graph.as_default():
                pass
            with tf.get_default_graph().as_default(): z = y
            return z
    """, """
        import tensorflow as tf
        import keras.backend as K

        def predict(model, x):
            # threads
            y = model.predict(x)
            with open('log') as log:
                log.write(str(y))
            with open('log') as log:
                log.write(str(y))
            pass
            z = y
            return z
    """, RULE)


def test_a_class_keeping_the_graph():
    assert_rewrites("""
        from keras import backend as K

        class Server:
            def __init__(self, model):
                self.graph = K.get_session().graph
                self.model = model

            def predict(self, x):
                with self.graph.as_default():
                    return self.model.predict(x)
    """, """
        from keras import backend as K

        class Server:
            def __init__(self, model):
                self.model = model

            def predict(self, x):
                return self.model.predict(x)
    """, RULE)


def test_the_tf_1_14_variant_loses_its_installed_session():
    findings = assert_rewrites("""
        import tensorflow as tf
        from keras.backend import set_session
        from keras.models import load_model

        sess = tf.Session()
        graph = tf.get_default_graph()
        set_session(sess)
        model = load_model('model.h5')

        def predict(x):
            global sess, graph, model
            with graph.as_default():
                set_session(sess)
                return model.predict(x)
    """, """
        import tensorflow as tf
        from keras.models import load_model

        model = load_model('model.h5')

        def predict(x):
            global model
            return model.predict(x)
    """)
    assert not [finding for finding in findings if not finding.advice]


def test_a_session_used_otherwise_or_configured_stays():
    got, findings = rewrite("""
        import tensorflow as tf
        from keras import backend as K

        sess = tf.Session(config=config)
        other = K.get_session()
        graph = tf.get_default_graph()
        K.set_session(sess)
        K.set_session(other)

        def predict(x):
            with graph.as_default():
                K.set_session(sess)
                return other.run(x)
    """, RULE)
    assert "sess = tf.Session(config=config)" in got and "other = K.get_session()" in got
    assert "K.set_session(sess)" in got and "K.set_session(other)" in got and "as_default" not in got


def test_the_rewritten_app_predicts_in_a_thread_as_model_predict(tmp_path):
    """Under Keras 3 and TF 2 the script rewritten by the whole codemod gives in a request thread what
    model.predict gives (before the rule: `graph.as_default()` turned eager execution off, and predict stopped)."""
    target = rewritten_copy(APP, tmp_path)
    assert "with graph.as_default()" not in target.read_text()
    run = subprocess.run([sys.executable, str(target), str(tmp_path / "model.h5")], capture_output=True, text=True,
                         timeout=300, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"), cwd=tmp_path)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2500:]


def test_the_original_app_runs_under_keras_2_3_1(tmp_path):
    legacy = legacy37()
    run = subprocess.run([str(legacy), str(APP), str(tmp_path / "model.h5")], capture_output=True, text=True,
                         timeout=300, env=legacy_env(), cwd=tmp_path)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2500:]


def test_a_graph_another_file_imports_stays_bound(tmp_path):
    """`from app import graph` in another file of the run: app's `with` goes, its `graph = ...` stays."""
    (tmp_path / "app.py").write_text(textwrap.dedent("""
        import tensorflow as tf
        from keras.backend.tensorflow_backend import get_session

        graph = get_session().graph

        def predict(model, x):
            with graph.as_default():
                return model.predict(x)
    """))
    (tmp_path / "worker.py").write_text("from app import graph\n\nprint(graph)\n")
    done = subprocess.run([sys.executable, "-m", "migrate", "code", "--write", "--select", RULE, str(tmp_path)],
                          capture_output=True, text=True, timeout=300, cwd=Path(__file__).parents[2])
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "app.py").read_text() == textwrap.dedent("""
        import tensorflow as tf
        from keras.backend.tensorflow_backend import get_session

        graph = get_session().graph

        def predict(model, x):
            return model.predict(x)
    """)


def test_the_default_graph_through_keras_2_backend_tf_goes_in_the_first_run():
    # sniezek/keras-sentiment-analysis-api webapp.py (forty-second hold-out): `from keras.backend import tf`; the
    # second run had taken the `with` away once the first had spelt tf TensorFlow's
    got, _ = rewrite("""
        import keras
        from keras.backend import tf

        def load_model():
            global model
            model = keras.models.load_model('saved_model.hdf5')
            global graph
            graph = tf.get_default_graph()

        def get_sentiment(sequence):
            with graph.as_default():
                sentiment = model.predict(sequence)
            return sentiment
    """)
    assert "graph" not in got and "\n    sentiment = model.predict(sequence)\n" in got
    again, _ = rewrite(got)
    assert again == got
