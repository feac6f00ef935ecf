"""A Keras 2 serving script of 2018-2019 (the Flask idiom, TF 1.14+ variant), run as a test: tests/codemod/
test_default_graph_contexts.py. `python flask_default_graph_app.py MODEL_PATH` builds a tiny model, saves and loads
it, predicts from a request thread inside `graph.as_default()`, and prints `ok` when that equals model.predict."""

import sys
import threading

import numpy as np
import tensorflow as tf
from keras.backend.tensorflow_backend import set_session
from keras.layers import Dense
from keras.models import Sequential, load_model

sess = tf.Session()
graph = tf.get_default_graph()
set_session(sess)

built = Sequential([Dense(2, input_shape=(3,))])
built.save(sys.argv[1])
model = load_model(sys.argv[1])


def predict(x):
    """A request handler: Flask runs it in a thread of its own."""
    global sess
    global graph
    with graph.as_default():
        set_session(sess)
        preds = model.predict(x)
    return preds


if __name__ == "__main__":
    x = np.arange(12, dtype="float32").reshape(4, 3)
    answers = {}
    request = threading.Thread(target=lambda: answers.update(y=predict(x)))
    request.start()
    request.join()
    np.testing.assert_allclose(answers["y"], model.predict(x), rtol=1e-6)
    print("ok")
