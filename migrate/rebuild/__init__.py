"""Build the Keras 3 model from a translated graph: the only package that imports Keras or TensorFlow.

Importing this package (or any migrate module) has no side effects. `runtime.start_keras()` sets
TensorFlow up and imports Keras; callers run it before importing the modules that use Keras.
Layers are constructed through Keras 3's public API (`keras.layers.<Class>(**config)`, or the user's
own objects where they asked for them); no Lambda from the file is ever deserialized or run. Every
private Keras attribute migrate touches is in `keras_compat`, each pinned by a test.
"""
