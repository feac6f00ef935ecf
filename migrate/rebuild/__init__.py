"""Build the Keras 3 model from a translated graph: the only package that imports Keras.

Layers are constructed through Keras 3's public API (`keras.layers.<Class>(**config)`, or the
user's own objects where they asked for them); no Lambda from the file is ever deserialized or run.
"""

import os

# TensorFlow's C++ start-up chatter is not for our users; set before anything imports it.
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
